//! Static rules over a state: who is where, strength, supply (LOC), control tests.

use super::FtP;
use super::content::{ArmyId, Control, GeneralId, LinkKind, ShenandoahRule, Side, StateSide};
use super::state::{GenAt, Sp, State};
use super::unc::Unc;
use bivouac_engine::map::graph::SpaceId;

pub fn other(side: Side) -> Side {
    match side {
        Side::Union => Side::Csa,
        Side::Csa => Side::Union,
    }
}

impl FtP {
    pub fn gen_side(&self, g: GeneralId) -> Side {
        self.c.generals[g as usize].side
    }
    pub fn army_side(&self, a: ArmyId) -> Side {
        self.c.armies[a as usize].side
    }
    /// A cavalry general (a brigade, FtP 5.5), by the counter in play (FtP 5.6.7 B, D).
    pub fn is_cav(&self, st: &State, g: GeneralId) -> bool {
        let d = &self.c.generals[g as usize];
        if d.counter.is_none() { d.cavalry } else { self.counter_is_cav(st, g) }
    }

    /// The side's army marker in a space (FtP 5.2.4: at most one).
    pub fn army_in(&self, st: &State, side: Side, s: Sp) -> Option<ArmyId> {
        st.armies.iter().enumerate().find(|(i, a)| a.is_some_and(|a| a.space == s) && self.army_side(*i as ArmyId) == side).map(|(i, _)| i as ArmyId)
    }

    /// Generals of a side on the map in a space outside any army (brigades included).
    pub fn gens_at<'a>(&'a self, st: &'a State, side: Side, s: Sp) -> impl Iterator<Item = GeneralId> + 'a {
        let c = &self.c;
        st.generals.iter().enumerate().filter(move |(g, at)| **at == GenAt::Map(s) && c.generals[*g].side == side).map(|(g, _)| g as GeneralId)
    }

    pub fn army_gens(&self, st: &State, a: ArmyId) -> Vec<GeneralId> {
        Self::on_army(st, a).collect()
    }

    /// `army_gens`, not collected.
    pub(super) fn on_army(st: &State, a: ArmyId) -> impl Iterator<Item = GeneralId> + '_ {
        st.generals.iter().enumerate().filter(move |(_, at)| **at == GenAt::Army(a)).map(|(g, _)| g as GeneralId)
    }

    /// The SP of an army's cavalry brigades (1 SP each, FtP 5.2.1; 2 once grown, 5.6.7 C, D).
    pub fn army_brigades(&self, st: &State, a: ArmyId) -> u8 {
        self.brigades_sp(st, Self::on_army(st, a)) as u8
    }

    /// An army's strength: infantry SP plus its brigades (FtP 5.2.1).
    pub fn army_strength(&self, st: &State, a: ArmyId) -> u8 {
        st.armies[a as usize].map(|x| x.sp).unwrap_or(0) + self.army_brigades(st, a)
    }

    /// Infantry SP of a side in a space (loose and on the army display), not the moving force.
    pub fn infantry(&self, st: &State, side: Side, s: Sp) -> u16 {
        let mut n = st.sp[s as usize][side.index()] as u16;
        if let Some(a) = self.army_in(st, side, s) {
            n += st.armies[a as usize].map(|x| x.sp).unwrap_or(0) as u16;
        }
        n
    }

    /// Every SP of a side in a space, brigades included (not the moving force).
    /// (`strength`: from a table made once per listing, see `derived`.)
    pub(super) fn strength_now(&self, st: &State, side: Side, s: Sp) -> u16 {
        let mut n = self.infantry(st, side, s);
        // `gens_at`, without collecting them.
        let gens = st.generals.iter().enumerate().filter(|(g, at)| **at == GenAt::Map(s) && self.c.generals[*g].side == side).map(|(g, _)| g as GeneralId);
        n += self.brigades_sp(st, gens);
        if let Some(a) = self.army_in(st, side, s) {
            n += self.army_brigades(st, a) as u16;
        }
        n
    }

    /// Enemy SP or an enemy fort in the space (FtP 5.7.1, 8.1).
    pub fn enemy_occupied(&self, st: &State, side: Side, s: Sp) -> bool {
        let e = other(side);
        self.strength(st, e, s) > 0 || st.fort[s as usize] == Some(e) || self.enemy_coastal_fort(st, side, s)
    }

    /// A printed coastal fort belongs to whoever controls its space (FtP 6.8.1).
    pub fn enemy_coastal_fort(&self, st: &State, side: Side, s: Sp) -> bool {
        self.c.map.space(SpaceId(s)).coastal_fort && st.control[s as usize] == Control::Of(other(side))
    }

    /// A fort fights for the defender of a land battle in `s` entered by `side` (FtP 6.8.7): an
    /// enemy fort counter, an enemy coastal fort, or (ES 6.8.7 "Una fuerza de la Unión en un
    /// fuerte costero con CP de la Confederación obtiene igualmente un m.t.d. de +2", ES 6.8.2
    /// "posible en Fort Monroe"; edition setting `union_in_csa_coastal_fort_drm`, IT 6.87 lacks
    /// the sentence) Union SP attacked by the CSA in a coastal fort still carrying a CSA PC.
    pub fn defender_fort(&self, st: &State, side: Side, s: Sp) -> bool {
        st.fort[s as usize] == Some(other(side))
            || self.enemy_coastal_fort(st, side, s)
            || (side == Side::Csa
                && self.c.editions[st.edition as usize].union_in_csa_coastal_fort_drm
                && self.c.map.space(SpaceId(s)).coastal_fort
                && st.control[s as usize] == Control::Of(Side::Csa)
                && self.strength(st, Side::Union, s) > 0)
    }

    pub fn has_fort(&self, st: &State, s: Sp) -> bool {
        st.fort[s as usize].is_some() || self.c.map.space(SpaceId(s)).coastal_fort
    }

    /// Supply sources of a side (FtP 8.2).
    pub(super) fn is_source(&self, st: &State, unc: &Unc, side: Side, s: Sp) -> bool {
        let d = self.c.map.space(SpaceId(s));
        match side {
            // FtP 8.2: Union railroads leaving the north map edge; Union coastal ports whose
            // coastal fort is Union-controlled; Union ports under UNC (6.6.1); never Washington
            // as a port while a CSA fort stands at Aquia Creek (6.6.3 B).
            Side::Union => {
                (d.north_edge_rail && !matches!(st.control(s), Control::Of(Side::Csa)))
                    || (d.port.is_some()
                        && st.controls(Side::Union, s)
                        && !self.potomac_closed(st, s)
                        && ((d.port == Some(super::content::PortKind::Coastal) && d.guarded_by.is_none_or(|f| st.controls(Side::Union, f.0))) || unc.at(s)))
            }
            // FtP 8.2: undestroyed CSA resource centers and open BR ports.
            // (10.5.2's LOC to another resource center is part of 8.2's filter, `loc_through`.)
            Side::Csa => (d.resource > 0 && !st.rc_destroyed[s as usize] && st.controls(Side::Csa, s)) || self.br_port_held(st, s),
        }
    }

    /// An open blockade-runner port (FtP 10.5.2): CSA-controlled, its coastal fort not Union; a
    /// port the map ties to a card (`br_card`, St. Marks with #117 ES) only while that card's
    /// event is in force; ES (the edition's `br_port_open_needs_loc`): with a LOC to another
    /// resource center. For many ports at once, `br_open_ports`.
    pub fn br_open(&self, st: &State, s: Sp) -> bool {
        self.br_port_held(st, s) && (!self.c.editions[st.edition as usize].br_port_open_needs_loc || self.rc_linked(st)[s as usize])
    }

    /// FtP 10.5.2: every open blockade-runner port (`br_open` of each space, the LOCs traced
    /// once). It reads what the CSA's supply reads (kept alike: `br_open_ports`, derived.rs).
    pub(super) fn br_open_ports_now(&self, st: &State) -> Vec<bool> {
        let held: Vec<bool> = (0..self.c.map.len() as Sp).map(|s| self.br_port_held(st, s)).collect();
        if !self.c.editions[st.edition as usize].br_port_open_needs_loc || !held.contains(&true) {
            return held;
        }
        let linked = self.rc_linked(st);
        held.iter().zip(linked).map(|(&h, l)| h && l).collect()
    }

    /// FtP 10.5.2 without the LOC: a BR port the CSA holds with its coastal fort.
    fn br_port_held(&self, st: &State, s: Sp) -> bool {
        let d = self.c.map.space(SpaceId(s));
        d.br && d.br_card.is_none_or(|c| st.in_force.iter().any(|f| f.card == c)) && st.controls(Side::Csa, s) && d.guarded_by.is_none_or(|f| !st.controls(Side::Union, f.0))
    }

    /// FtP 10.5.2 (ES), 8.1: the spaces with a CSA LOC to a resource center other than
    /// themselves (undestroyed, CSA-controlled): in a component of the CSA's LOC graph that holds
    /// two such centers, or one that is not the space itself.
    fn rc_linked(&self, st: &State) -> Vec<bool> {
        let pass = self.passable_all(st, Side::Csa);
        let comp = self.components(&pass, Side::Csa, &self.unc(st));
        let rc: Vec<usize> = (0..self.c.map.len()).filter(|&s| pass[s] && self.c.map.space(SpaceId(s as Sp)).resource > 0 && !st.rc_destroyed[s] && st.controls(Side::Csa, s as Sp)).collect();
        (0..self.c.map.len()).map(|s| pass[s] && rc.iter().any(|&r| r != s && comp[r] == comp[s])).collect()
    }

    /// Spaces with SP or a fort of `side` (one pass over the state, for the LOC searches;
    /// `occupied_by` keeps it for the open position).
    pub(super) fn occupied_by_now(&self, st: &State, side: Side) -> Vec<bool> {
        let i = side.index();
        let mut occ: Vec<bool> = (0..self.c.map.len()).map(|s| st.sp[s][i] > 0 || st.fort[s] == Some(side)).collect();
        for (a, x) in st.armies.iter().enumerate() {
            if let Some(x) = x
                && self.army_side(a as ArmyId) == side
                // `army_strength > 0`, its brigades counted only when it has no SP.
                && (x.sp > 0 || self.army_brigades(st, a as ArmyId) > 0)
            {
                occ[x.space as usize] = true;
            }
        }
        for (g, at) in st.generals.iter().enumerate() {
            if let GenAt::Map(s) = at
                && self.is_cav(st, g as GeneralId)
                && self.c.generals[g].side == side
            {
                occ[*s as usize] = true;
            }
        }
        // A printed coastal fort belongs to whoever controls its space (FtP 6.8.1).
        for &s in &self.coastal_forts {
            if st.control[s as usize] == Control::Of(side) {
                occ[s as usize] = true;
            }
        }
        occ
    }

    /// Spaces a LOC of `side` may pass through (FtP 8.1): friendly or neutral, no enemy SP or fort.
    pub(super) fn passable_all(&self, st: &State, side: Side) -> Vec<bool> {
        let occ = self.occupied_by(st, other(side));
        (0..self.c.map.len()).map(|s| st.control[s] != Control::Of(other(side)) && !occ[s]).collect()
    }

    pub(super) fn loc_link(&self, unc: &Unc, side: Side, l: &super::content::LinkDef, a: Sp, b: Sp) -> bool {
        match l.kind {
            // FtP 8.1.1: a CSA LOC never crosses a river under UNC.
            LinkKind::Road | LinkKind::Rail => side == Side::Union || l.bar.is_none_or(|bar| !self.bar_unc(unc, bar)),
            // FtP 10.2.4: the B&O carries the Union's LOC.
            LinkKind::BAndO => side == Side::Union,
            // FtP 5.10: the NE-Alabama dashed links never carry a LOC.
            LinkKind::Dashed => false,
            // FtP 8.1.2: the Union's LOC runs along navigable rivers whether or not UNC is
            // negated. FtP 8.1.1: the CSA's only where UNC is negated.
            LinkKind::River(r) => side == Side::Union || (!self.unc_lane(unc, a, r as usize) && !self.unc_lane(unc, b, r as usize)),
        }
    }

    /// FtP 8.1.2: "la Unión no puede trazar LC a lo largo de ríos navegables a través de espacios
    /// que contengan un fuerte confederado o un buque blindado confederado": a Union LOC never
    /// follows a river lane into or out of a space holding a CSA ironclad, even an own or
    /// neutral one (the unit's own space apart, `supplied_now`).
    fn river_ironclad(&self, st: &State, side: Side, l: &super::content::LinkDef, x: Sp) -> bool {
        side == Side::Union && matches!(l.kind, LinkKind::River(_)) && st.naval.ironclad(x)
    }

    /// FtP 8.1.2: a Union LOC along a river may pass an enemy-controlled space (even with CSA
    /// SP) where the Union has UNC; never a CSA fort or ironclad (they negate UNC, 6.6.2).
    fn loc_enters(&self, unc: &Unc, pass: &[bool], side: Side, l: &super::content::LinkDef, t: Sp) -> bool {
        pass[t as usize] || (side == Side::Union && matches!(l.kind, LinkKind::River(r) if self.unc_lane(unc, t, r as usize)))
    }

    /// Every space where a force of `side` has a LOC (FtP 8.1): the unit's own space need not be
    /// friendly; every other space of the path must be passable and end at a source.
    /// (`supplied`: once per listing, see `derived`.)
    pub(super) fn supplied_now(&self, st: &State, side: Side) -> Vec<bool> {
        let reach = self.loc_through(st, side);
        let unc = self.unc(st);
        let mut out = reach.clone();
        for (s, o) in out.iter_mut().enumerate() {
            if !*o {
                *o = self.c.map.neighbors(SpaceId(s as Sp)).any(|(t, l)| reach[t.index()] && self.loc_link(&unc, side, l, s as Sp, t.0) && !self.river_ironclad(st, side, l, t.0));
                // FtP 8.2: a port under UNC supplies a Union force in that same space.
                *o |= side == Side::Union && self.c.map.space(SpaceId(s as Sp)).port.is_some() && unc.at(s as Sp) && !self.potomac_closed(st, s as Sp);
            }
        }
        out
    }

    /// The spaces a LOC of `side` may pass through on its way to a valid source (FtP 8.1, 8.2):
    /// what a force's LOC may cross before its own space. The attacker's LOC runs through the
    /// space it attacked from (FtP 8.3).
    pub fn loc_through(&self, st: &State, side: Side) -> Vec<bool> {
        let n = self.c.map.len();
        let mut reach = vec![false; n];
        let mut queue: Vec<Sp> = Vec::new();
        let pass = self.passable_all(st, side);
        let unc = self.unc(st);
        let sources: Vec<Sp> = (0..n as Sp).filter(|&s| pass[s as usize] && self.is_source(st, &unc, side, s)).collect();
        // FtP 8.2: a CSA source counts only with a LOC to another source; FtP 10.5.2 (ES, the
        // edition's `br_port_open_needs_loc`): a BR port is open (a source) only with a LOC to
        // another resource center.
        if side == Side::Csa {
            let comp = self.components(&pass, side, &unc);
            let needs_rc = self.c.editions[st.edition as usize].br_port_open_needs_loc;
            let rc = |s: Sp| self.c.map.space(SpaceId(s)).resource > 0 && !st.rc_destroyed[s as usize] && st.controls(Side::Csa, s);
            let valid = sources.iter().copied().filter(|&s| sources.iter().any(|&t| t != s && comp[t as usize] == comp[s as usize] && (!needs_rc || rc(s) || rc(t))));
            // A CSA LOC enters a space by the links and spaces `components` joins (`loc_enters`
            // is `pass`, no ironclad rule, `loc_link` the same both ways): what it reaches
            // from a valid source is that source's whole component.
            let mut from = vec![false; n];
            valid.for_each(|s| from[comp[s as usize] as usize] = true);
            return (0..n).map(|s| pass[s] && from[comp[s] as usize]).collect();
        }
        for s in sources {
            reach[s as usize] = true;
            queue.push(s);
        }
        while let Some(s) = queue.pop() {
            for (t, l) in self.c.map.neighbors(SpaceId(s)) {
                if !reach[t.index()]
                    && self.loc_link(&unc, side, l, s, t.0)
                    && self.loc_enters(&unc, &pass, side, l, t.0)
                    && !self.river_ironclad(st, side, l, s)
                    && !self.river_ironclad(st, side, l, t.0)
                {
                    reach[t.index()] = true;
                    queue.push(t.0);
                }
            }
        }
        reach
    }

    fn components(&self, pass: &[bool], side: Side, unc: &Unc) -> Vec<u16> {
        let n = self.c.map.len();
        let mut comp = vec![u16::MAX; n];
        let mut next = 0;
        let mut q: Vec<Sp> = Vec::new();
        for s in 0..n {
            if comp[s] != u16::MAX || !pass[s] {
                continue;
            }
            comp[s] = next;
            q.push(s as Sp);
            while let Some(x) = q.pop() {
                for (t, l) in self.c.map.neighbors(SpaceId(x)) {
                    if comp[t.index()] == u16::MAX && self.loc_link(unc, side, l, x, t.0) && pass[t.index()] {
                        comp[t.index()] = next;
                        q.push(t.0);
                    }
                }
            }
            next += 1;
        }
        comp
    }

    /// The state a space lies in, and whether it was originally the side's (FtP 2.3, 2.4).
    pub fn original(&self, s: Sp) -> StateSide {
        self.c.states[self.c.map.space(SpaceId(s)).state as usize].side
    }

    pub fn state_of(&self, s: Sp) -> usize {
        self.c.map.space(SpaceId(s)).state as usize
    }

    /// FtP 8.4.2: with the Shenandoah rule and all three Valley spaces CSA-controlled, a CSA army
    /// or corps with a LOC to any of them counts as supplied: for attrition only (Spanish
    /// edition), or for battle too (`battle`, Italian edition). The spaces with that LOC.
    pub fn valley_reach(&self, st: &State, battle: bool) -> Option<Vec<bool>> {
        if !st.opts.shenandoah || (battle && self.c.editions[st.edition as usize].shenandoah != ShenandoahRule::FullSupply) {
            return None;
        }
        let valley: Vec<Sp> = self.c.map.ids().filter(|&s| self.c.map.space(s).shenandoah).map(|s| s.0).collect();
        if valley.is_empty() || !valley.iter().all(|&s| st.controls(Side::Csa, s)) {
            return None;
        }
        let mut reach = self.loc_reach_any(st, Side::Csa, &valley);
        valley.iter().for_each(|&v| reach[v as usize] = true);
        Some(reach)
    }

    /// The highest political rating among generals (FtP 5.2.2, 5.3.1).
    pub fn pr(&self, g: GeneralId) -> u8 {
        self.c.generals[g as usize].political
    }
}

#[cfg(test)]
mod tests {
    use super::super::content::Side;
    use super::super::play_tests::{each_random_position, game, new};
    use bivouac_engine::map::graph::SpaceId;

    /// FtP 8.1: `loc_through` gives the CSA the whole component of each valid source, which is
    /// what a search link by link reaches only while a CSA LOC may follow every link both ways.
    /// Checked at every position of random games (UNC and control change as they go).
    #[test]
    fn csa_loc_links_are_the_same_both_ways_fpt_8_1() {
        let g = game();
        for (sc, seed) in [("1862", 3), ("campaign", 4)] {
            each_random_position(new(sc, seed), seed, 300, |st| {
                let unc = g.unc(st);
                for a in g.c.map.ids() {
                    for (b, l) in g.c.map.neighbors(a) {
                        assert_eq!(g.loc_link(&unc, Side::Csa, l, a.0, b.0), g.loc_link(&unc, Side::Csa, l, b.0, a.0), "{} - {}", g.c.map.name(a), g.c.map.name(SpaceId(b.0)));
                    }
                }
            });
        }
    }

    /// FtP 8.4.2: the Shenandoah Valley's reach, searched from the three spaces at once, is what
    /// a search from each gives together, at every position of random games (the rule on).
    #[test]
    fn valley_reach_is_each_valley_space_reach_fpt_8_4_2() {
        let g = game();
        let valley: Vec<_> = g.c.map.ids().filter(|&s| g.c.map.space(s).shenandoah).map(|s| s.0).collect();
        let mut checked = 0;
        each_random_position(new("campaign", 5), 5, 300, |st| {
            let mut st = st.clone();
            st.opts.shenandoah = true;
            let Some(reach) = g.valley_reach(&st, false) else { return };
            let mut each = vec![false; g.c.map.len()];
            for &v in &valley {
                each[v as usize] = true;
                g.loc_reach(&st, Side::Csa, v).into_iter().enumerate().for_each(|(s, r)| each[s] |= r);
            }
            assert_eq!(reach, each);
            checked += 1;
        });
        assert!(checked > 50, "{checked} positions with the Valley held");
    }
}
