//! Union Naval Control (FtP 6.6) and what it governs: river crossings (6.2.4, 6.2.5, 6.5.1),
//! Confederate river movement (6.5), the rivers a LOC may follow (8.1.1, 8.1.2), Union port
//! supply sources (8.2) and the whole Mississippi (10.4.2, 12.8).
//!
//! UNC is computed per river port *and river* (Dover's western bar is the Tennessee's, 6.2.6 B):
//! Union pressure flows from its sources along the river lanes of `map.toml` and stops at every
//! space with a CSA fort counter, a CSA-controlled coastal fort or a CSA ironclad (6.6.2 case 1),
//! which is negated itself. The sources are the sea (onto every coastal port whose coastal fort is
//! not CSA-controlled, case 4, and into every river mouth on the sea) and the head of every river
//! that does not rise in a Confederate state (the Ohio, Wabash and Mississippi at the north map
//! edge). Pressure passes from a river to another only at a tributary's mouth, so a
//! fort on a river rising in the CSA negates everything upstream (case 2) and two forts on the
//! same system negate everything between them (case 3). Every worked example of 6.6.2 (T-UNC-1
//! to T-UNC-4, ES version) follows; see `naval_tests.rs`.

use super::FtP;
use super::content::{LinkDef, Mouth, Side, UncExamples};
use super::rules::other;
use super::state::{Sp, State};
use bivouac_engine::map::graph::SpaceId;
use std::rc::Rc;

/// Where the Union has naval control now (FtP 6.6.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unc {
    /// Per space: the river slots (river index) and the sea slot (`rivers`) under UNC.
    slots: usize,
    /// Shared: a position hands its UNC to every search that asks (copied, it was
    /// most of what asking cost).
    node: Rc<[bool]>,
}

impl Unc {
    /// The Union has UNC in port `s` (on any of its rivers or from the sea).
    pub fn at(&self, s: Sp) -> bool {
        let b = s as usize * self.slots;
        self.node[b..b + self.slots].iter().any(|&x| x)
    }
    /// The Union has UNC in `s` on river `river` (a river index).
    pub fn on(&self, s: Sp, river: usize) -> bool {
        self.node[s as usize * self.slots + river]
    }
}

/// The neighbours of every node in two vectors (compressed rows): `targets[start[x]..start[x + 1]]`.
struct Adjacency {
    start: Vec<usize>,
    targets: Vec<usize>,
}

impl Adjacency {
    fn new(nodes: usize, edges: &[(usize, usize)]) -> Self {
        let mut start = vec![0; nodes + 1];
        for &(a, _) in edges {
            start[a + 1] += 1;
        }
        for i in 0..nodes {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut targets = vec![0; edges.len()];
        for &(a, b) in edges {
            targets[fill[a]] = b;
            fill[a] += 1;
        }
        Adjacency { start, targets }
    }

    fn of(&self, x: usize) -> &[usize] {
        &self.targets[self.start[x]..self.start[x + 1]]
    }
}

/// The network UNC flows along (FtP 6.6), which depends on the content only: nodes
/// `space * slots + slot` (a slot per river, then the sea slot) and the sea, node `n * slots`;
/// every edge, the gates between the sea and a coastal port included (open or closed with the
/// state, `sea_gate_closed`), and the sources.
pub(super) struct UncGraph {
    slots: usize,
    /// `ports[space * slots + river]`: the space is a port of that river.
    ports: Vec<bool>,
    on_sea: Vec<bool>,
    adj: Adjacency,
    sources: Vec<usize>,
}

impl FtP {
    /// The UNC network of the content (made once per rules object).
    fn unc_graph(&self) -> &UncGraph {
        self.unc_graph.get_or_init(|| self.unc_graph_now())
    }

    /// Per space, whether it is on the sea (`on_sea_now`, made once per rules object).
    pub(super) fn sea_spaces(&self) -> &[bool] {
        &self.unc_graph().on_sea
    }

    fn unc_graph_now(&self) -> UncGraph {
        let n = self.c.map.len();
        let rivers = &self.c.rivers;
        let slots = rivers.len() + 1;
        let sea_slot = rivers.len();
        // Which river each space is a port of, and which spaces are on the sea (a scan of a
        // river's ports for every space and river cost most of a call).
        let mut ports = vec![false; n * slots];
        for (ri, r) in rivers.iter().enumerate() {
            r.ports.iter().for_each(|p| ports[p.index() * slots + ri] = true);
        }
        let on = |s: SpaceId, r: usize| ports[s.index() * slots + r];
        let on_sea: Vec<bool> = (0..n as Sp).map(|s| self.on_sea_now(s)).collect();
        // Collected flat and indexed once below (a list per node cost thousands of allocations).
        let sea = n * slots;
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut join = |a: usize, b: usize| {
            edges.push((a, b));
            edges.push((b, a));
        };
        let mut sources = vec![sea];
        for (ri, r) in rivers.iter().enumerate() {
            for w in r.ports.windows(2) {
                join(w[0].index() * slots + ri, w[1].index() * slots + ri);
            }
            let Some(&last) = r.ports.last() else { continue };
            let mouth = last.index() * slots + ri;
            match &r.mouth {
                // The river ends in a port of its parent river (the Ohio at Cairo).
                Mouth::Own => (0..rivers.len()).filter(|&p| p != ri && on(last, p)).for_each(|p| join(mouth, last.index() * slots + p)),
                // It empties into the stretch of the parent between these spaces.
                Mouth::Spaces(ms) => {
                    for &m in ms {
                        (0..rivers.len()).filter(|&p| p != ri && on(m, p)).for_each(|p| join(mouth, m.index() * slots + p));
                    }
                }
                Mouth::Sea(_) => join(mouth, sea),
            }
            // A river that does not rise in a CSA state carries UNC from its head (case 2).
            if !r.rises_in_csa
                && let Some(&head) = r.ports.first()
            {
                sources.push(head.index() * slots + ri);
            }
        }
        for s in 0..n as Sp {
            if on_sea[s as usize] {
                let b = s as usize * slots;
                // FtP 6.6.2 case 4: the sea reaches a port only past a non-CSA coastal fort
                // (the gate: open or closed by the state, see `unc_now`).
                join(b + sea_slot, sea);
                (0..rivers.len()).filter(|&r| on(SpaceId(s), r)).for_each(|r| join(b + sea_slot, b + r));
            }
        }
        let adj = Adjacency::new(sea + 1, &edges);
        UncGraph { slots, ports, on_sea, adj, sources }
    }

    /// FtP 6.6.2 case 1 (and case 4 for coastal forts): a CSA fort counter, a CSA-controlled
    /// coastal fort or a CSA ironclad (6.7) negates UNC in its space.
    pub fn unc_negator(&self, st: &State, s: Sp) -> bool {
        st.fort[s as usize] == Some(Side::Csa) || self.csa_coastal_fort(st, s) || st.naval.ironclad(s)
    }

    /// The river index of a river letter code (FtP 6.2).
    pub fn river_of(&self, code: char) -> Option<usize> {
        self.c.rivers.iter().position(|r| r.code == Some(code))
    }

    /// FtP 6.6: compute Union Naval Control over every port (`unc`: once per listing).
    pub(super) fn unc_now(&self, st: &State) -> Unc {
        let n = self.c.map.len();
        let rivers = &self.c.rivers;
        let UncGraph { slots, ports, on_sea, adj, sources } = self.unc_graph();
        let (slots, sea_slot, sea) = (*slots, rivers.len(), n * *slots);
        let on = |s: SpaceId, r: usize| ports[s.index() * slots + r];
        // FtP 6.6.2 case 4: the edge between the sea and a coastal port's sea slot is open
        // only while no CSA coastal fort guards it.
        let gate_open = |x: usize, y: usize| {
            let port = if x == sea { y } else if y == sea { x } else { return true };
            port % slots != sea_slot || !self.sea_gate_closed(st, (port / slots) as Sp)
        };
        let mut node = vec![false; sea + 1];
        let blocked = |x: usize| x != sea && self.unc_negator(st, (x / slots) as Sp);
        let mut queue: Vec<usize> = sources.iter().copied().filter(|&x| !blocked(x)).collect();
        for &x in &queue {
            node[x] = true;
        }
        while let Some(x) = queue.pop() {
            for &y in adj.of(x) {
                if !node[y] && !blocked(y) && gate_open(x, y) {
                    node[y] = true;
                    queue.push(y);
                }
            }
        }
        node.truncate(sea);
        // Only real nodes: a space is on the river or on the sea.
        for s in 0..n {
            for r in 0..rivers.len() {
                node[s * slots + r] &= on(SpaceId(s as Sp), r);
            }
            node[s * slots + sea_slot] &= on_sea[s];
        }
        if self.c.editions[st.edition as usize].unc_examples == UncExamples::Italian {
            self.italian_port_negation(&mut node, slots);
        }
        Unc { slots, node: node.into() }
    }

    /// FtP 6.6.2 example A (Italian edition): a CSA fort at Paducah negates UNC "at Dover and
    /// Pittsburg Landing, Tuscumbia and Decatur, but not at Clarksville and Nashville": a port on
    /// two rivers is negated as a whole when either of its rivers is negated there (the Spanish
    /// example keeps Dover under UNC from the Cumberland, only its Tennessee bar negated). The
    /// pressure still passes along the other river: Clarksville and Nashville keep UNC.
    fn italian_port_negation(&self, node: &mut [bool], slots: usize) {
        let rivers = &self.c.rivers;
        for s in 0..self.c.map.len() {
            let on: Vec<usize> = (0..rivers.len()).filter(|&r| rivers[r].ports.contains(&SpaceId(s as Sp))).collect();
            if on.len() > 1 && on.iter().any(|&r| !node[s * slots + r]) {
                on.iter().for_each(|&r| node[s * slots + r] = false);
            }
        }
    }

    /// UNC at `x` on river `r`, or, at a tributary's mouth space that is not on `r`, on the
    /// parent river there (a river lane's end, FtP 6.2.2).
    pub fn unc_lane(&self, unc: &Unc, x: Sp, r: usize) -> bool {
        // Which rivers `x` is a port of, read from the content's table (scanning each
        // river's ports cost the LOC searches most of their time).
        let UncGraph { slots, ports, .. } = self.unc_graph();
        let port_of = &ports[x as usize * slots..][..self.c.rivers.len()];
        if port_of[r] {
            unc.on(x, r)
        } else {
            port_of.iter().enumerate().any(|(p, &on)| on && unc.on(x, p))
        }
    }

    /// UNC on a blue bar `(space, river code)` (FtP 6.2: it governs entering and leaving).
    pub fn bar_unc(&self, unc: &Unc, bar: (SpaceId, char)) -> bool {
        self.river_of(bar.1).is_some_and(|r| unc.on(bar.0.0, r))
    }

    /// FtP 6.2.4, 6.2.5, 6.5.1: may `side` cross from `from` to `to` along link `l`? `Err` names
    /// the rule. Neither side crosses into a space with an enemy fort; the CSA never crosses a
    /// blue bar under UNC (entering or leaving the bar's river port). A link without a blue bar
    /// is never a crossing.
    pub fn river_crossing(&self, st: &State, unc: &Unc, side: Side, to: Sp, l: &LinkDef) -> Result<(), &'static str> {
        let Some((x, ch)) = l.bar else { return Ok(()) };
        let e = other(side);
        if x.0 == to && (st.fort[to as usize] == Some(e) || self.enemy_coastal_fort(st, side, to)) {
            return Err(if side == Side::Union { "FtP 6.2.4" } else { "FtP 6.2.5" });
        }
        if side == Side::Csa && self.bar_unc(unc, (x, ch)) {
            return Err("FtP 6.5.1");
        }
        Ok(())
    }

    /// Some link from `from` to `to` may be used by `side` without a forbidden crossing.
    pub fn may_cross(&self, st: &State, unc: &Unc, side: Side, from: Sp, to: Sp) -> bool {
        self.c.map.edges_between(SpaceId(from), SpaceId(to)).any(|l| l.is_land() && self.river_crossing(st, unc, side, to, l).is_ok())
    }

    /// FtP 10.4.2, 12.8: the Union has UNC over every space of the Mississippi river system (the
    /// ports marked `mississippi` in map.toml, the list of 12.8).
    pub fn unc_whole_mississippi(&self, st: &State) -> bool {
        let unc = self.unc(st);
        let mut any = false;
        for s in 0..self.c.map.len() as Sp {
            if self.c.map.space(SpaceId(s)).mississippi {
                any = true;
                if !unc.at(s) {
                    return false;
                }
            }
        }
        any
    }
}

impl FtP {
    /// The river-crossing or coastal-fort rule that alone refuses a `Step` (FtP 6.2.4, 6.2.5,
    /// 6.5.1, 6.8.2, 6.8.3), if any.
    pub(super) fn step_crossing_rule(&self, st: &State, a: &super::state::Action) -> Option<&'static str> {
        let super::state::Action::Step { to } = *a else { return None };
        let m = st.moving.as_ref()?;
        let adjacent = self.c.map.edges_between(SpaceId(m.at), SpaceId(to)).any(|l| l.is_land());
        if let Err(r) = self.coastal_fort_entry(st, m.side, to, self.moving_strength(st, m))
            && adjacent
        {
            return Some(r);
        }
        let unc = self.unc(st);
        let mut rule = None;
        for l in self.c.map.edges_between(SpaceId(m.at), SpaceId(to)).filter(|l| l.is_land()) {
            match self.river_crossing(st, &unc, m.side, to, l) {
                Ok(()) => return None,
                Err(r) => rule = Some(r),
            }
        }
        rule
    }
}

impl FtP {
    /// FtP 12.8: in the PC Phase, UNC over every space of the Mississippi river system gives the
    /// Union +10 SW, once in the game.
    /// The gain is one of step ii's SW changes (FtP 12.4, sw_order.rs).
    pub(super) fn mississippi_bonus(&self, st: &mut State) {
        if !st.mississippi_bonus && self.unc_whole_mississippi(st) {
            st.mississippi_bonus = true;
            self.pc_sw(st, Side::Union, self.formulas.sw.mississippi_bonus, super::sw_order::SwRule::Mississippi, None);
        }
    }
}
