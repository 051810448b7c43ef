//! For the People naval and combined operations (FtP 6): Union naval movement by sea and by
//! river (6.1, 6.2.1-6.2.3), army naval moves (6.1.5), running the guns (6.3), amphibious
//! assaults (6.4, 6.8.1, note 18) and Confederate river movement (6.5).
//!
//! A naval move is two decisions: `NavalMove` (or `NavalArmy`, 6.1.5) picks the force, then
//! `Sail` picks any port it can reach. The routes are traced on the river lanes of `map.toml`
//! plus one imaginary sea joining every coastal port, coastal fort and river mouth on the sea
//! (glossary "Espacio"). The move ends on arrival (6.1.1); a landing in an enemy-occupied space is
//! an amphibious assault fought through `battle.rs` with the amphibious DRMs of 6.4.1; a beaten
//! force returns to its origin port (6.4.2). Union Naval Control is `unc.rs`; the ironclads,
//! torpedoes and the Hunley `weapons.rs`.
//!
//! The naval events (#57 Foote, #58 Porter, #59 Farragut) are scripted by the events module: it
//! sets `NavalSt::event` before offering the naval move; the route and DRM effects are here.

use super::FtP;
use super::battle::Amphibious;
use super::content::{ArmyId, Control, GeneralId, LinkKind, Mouth, PortKind, Side, SpecialRuleId, StateSide};
use super::rules::other;
use super::state::*;
use bivouac_engine::log::Log;
use bivouac_engine::map::graph::SpaceId;
use serde::{Deserialize, Serialize};

/// The naval events that change a naval move (FtP 6.1.3, 6.3.1, 6.4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NavalEvent {
    /// "Andrew Foote" (#57): +2 running the guns and in the amphibious assault.
    Foote,
    /// "David Porter" (#58): +2 running the guns and in the amphibious assault.
    Porter,
    /// "David Farragut" (#59): +2 running the guns; may pass CSA coastal forts.
    Farragut,
}

/// Naval state: the Amphibious Assault track, the CSA naval weapons and the naval move under way.
/// `PartialEq` (below): part of a position's key (`State::eq`).
#[derive(Clone, Debug, Default, Eq, Serialize, Deserialize)]
pub struct NavalSt {
    /// The Amphibious Assault track (FtP 6.4.1; its scenario value, 2.5).
    pub amphibious: u8,
    pub voyage: Option<Voyage>,
    /// The campaign being played has made its one naval move (FtP 4.3.2).
    pub campaign_naval: bool,
    /// Option `naval-origin` (FtP 6.1.1, a reading): a port, unlike a coastal fort, needs a LOC
    /// to start a naval move.
    pub origin_needs_loc: bool,
    /// The naval event under which the next naval move is made (set by the events module).
    #[serde(default)]
    pub event: Option<NavalEvent>,
    /// CSA ironclads, torpedo markers and the Hunley on the map (FtP 6.7), by space.
    #[serde(default)]
    pub ironclads: Vec<Sp>,
    #[serde(default)]
    pub torpedoes: Vec<Sp>,
    #[serde(default)]
    pub hunley: Option<Sp>,
}

/// `==` with the lists compared by `same_list` (no `memcmp` of empty lists). Every field is
/// named: a field added must be compared here too.
impl PartialEq for NavalSt {
    fn eq(&self, o: &Self) -> bool {
        let NavalSt { amphibious, voyage, campaign_naval, origin_needs_loc, event, ironclads, torpedoes, hunley } = self;
        *amphibious == o.amphibious
            && *voyage == o.voyage
            && *campaign_naval == o.campaign_naval
            && *origin_needs_loc == o.origin_needs_loc
            && *event == o.event
            && same_list(ironclads, &o.ironclads)
            && same_list(torpedoes, &o.torpedoes)
            && *hunley == o.hunley
    }
}

impl NavalSt {
    pub fn new(amphibious: u8, setup: &bivouac_engine::game::Setup) -> Self {
        NavalSt { amphibious, origin_needs_loc: setup.option("naval-origin") != Some("any-port"), ..Default::default() }
    }
    pub fn ironclad(&self, s: Sp) -> bool {
        self.ironclads.contains(&s)
    }
    pub fn torpedo(&self, s: Sp) -> bool {
        self.torpedoes.contains(&s)
    }
}

/// What kind of naval move is under way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum VoyageKind {
    /// A Union force of up to 3 SP and a general, by sea or river (FtP 6.1.1, 6.1.2).
    #[default]
    Force,
    /// FtP 6.1.5 a: a Union army by sea among Washington, Aquia Creek, Urbanna and Fort Monroe.
    ArmySea,
    /// FtP 6.1.5 b: a Union army of at most 9 SP by river, river port to river port.
    ArmyRiver,
    /// FtP 6.5: a 1-SP CSA division by river where UNC does not hold.
    CsaRiver,
}

/// A naval move under way (FtP 6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Voyage {
    /// The port it sailed from: a beaten force returns there (FtP 6.1.1, 6.4.2).
    pub origin: Sp,
    /// Where it landed (`Sp::MAX` until it sails).
    pub to: Sp,
    /// It ran the guns past a Confederate fort, or passed one with Farragut (FtP 6.3.2).
    pub ran_guns: bool,
    #[serde(default)]
    pub kind: VoyageKind,
    #[serde(default)]
    pub event: Option<NavalEvent>,
    /// The Hunley attacked this landing (FtP 6.7: +1, then removed).
    #[serde(default)]
    pub hunley: bool,
}

/// A destination of a naval move and whether the route runs the guns (FtP 6.3.1) or passes a
/// CSA coastal fort with Farragut (6.1.3, 6.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    pub to: Sp,
    pub runs_guns: bool,
    pub passes_fort: bool,
    /// The fort counter space the route runs the guns past.
    pub past: Option<Sp>,
}

/// FtP 6.1.5 a: the four Chesapeake spaces of army naval moves by sea.
const ARMY_SEA_SPACES: [&str; 4] = ["washington", "aquia_creek", "urbanna", "fort_monroe"];

impl FtP {
    /// The scenario forbids Union sea moves now (FtP 15 special rule, river moves allowed).
    pub(super) fn sea_closed(&self, st: &State) -> bool {
        let sc = &self.c.scenarios[st.sc as usize];
        st.turn == sc.first_turn && sc.special_rule(SpecialRuleId::NoUnionNavalFirstTurn, st.edition)
    }

    /// A port on the imaginary sea: coastal ports and coastal forts (FtP 6.1.1), and the last
    /// port of a river that empties into a sea zone.
    pub(super) fn on_sea(&self, s: Sp) -> bool {
        self.sea_spaces()[s as usize]
    }

    /// `on_sea`, from the content (made once per rules object: `sea_spaces`).
    pub(super) fn on_sea_now(&self, s: Sp) -> bool {
        let d = self.c.map.space(SpaceId(s));
        d.port == Some(PortKind::Coastal) || d.coastal_fort || self.c.rivers.iter().any(|r| matches!(r.mouth, Mouth::Sea(_)) && r.ports.last() == Some(&SpaceId(s)))
    }

    /// A Confederate coastal fort: no naval move may pass it (FtP 6.1.3, 6.2.3).
    pub(super) fn csa_coastal_fort(&self, st: &State, s: Sp) -> bool {
        self.c.map.space(SpaceId(s)).coastal_fort && st.control(s) == Control::Of(Side::Csa)
    }

    /// A Union naval move passes through `s` without stopping or running the guns: no
    /// Confederate coastal fort (FtP 6.2.2, 6.2.3), ironclad (6.7) or fort counter (6.1.4) there
    /// (what `naval_routes` stops at).
    pub(super) fn naval_passes(&self, st: &State, s: Sp) -> bool {
        !self.csa_coastal_fort(st, s) && !st.naval.ironclad(s) && st.fort[s as usize] != Some(Side::Csa)
    }

    /// Going between the sea and port `s` passes its coastal fort: closed while the fort carries
    /// a Confederate PC (FtP 6.1.3, 6.8.2).
    pub(super) fn sea_gate_closed(&self, st: &State, s: Sp) -> bool {
        self.c.map.space(SpaceId(s)).guarded_by.is_some_and(|f| self.csa_coastal_fort(st, f.0))
    }

    /// FtP 6.8.2, 6.8.3: may `side` bring `n` SP into coastal fort `s`? The CSA never retakes
    /// a lost coastal fort by land but Fort Monroe, and a coastal fort holds at most 1 CSA SP
    /// (Fort Monroe stacks as a normal space).
    pub(super) fn coastal_fort_entry(&self, st: &State, side: Side, s: Sp, n: u16) -> Result<(), &'static str> {
        if side != Side::Csa || !self.c.map.space(SpaceId(s)).coastal_fort || self.fort_monroe == Some(s) {
            return Ok(());
        }
        if st.controls(Side::Union, s) {
            return Err("FtP 6.8.2");
        }
        if self.strength(st, Side::Csa, s) + n > self.c.movement.coastal_fort_csa_max as u16 {
            return Err("FtP 6.8.3");
        }
        Ok(())
    }

    /// FtP 6.1.1, 6.1.3, 6.2.1-6.2.3, 6.3.1, 6.7: every port a Union naval move from `from` may
    /// reach, each by the route with no running of the guns when there is one. River lanes are
    /// followed through any number of ports; a Confederate coastal fort or ironclad may be
    /// entered but not passed (Farragut passes coastal forts, 6.1.3); a Confederate fort counter
    /// is passed only by running the guns, at most once. `by_sea`: the sea may be used (not by
    /// an army river move, 6.1.5 b).
    pub(super) fn naval_routes(&self, st: &State, from: Sp, by_sea: bool, event: Option<NavalEvent>) -> Vec<Route> {
        self.naval_search(st, from, by_sea, event, false)
    }

    /// Whether `naval_routes` finds any port: the operations listing (FtP 4.1) only offers the
    /// naval move, so the search stops at the first port reached.
    pub(super) fn naval_route_exists(&self, st: &State, from: Sp, by_sea: bool, event: Option<NavalEvent>) -> bool {
        !self.naval_search(st, from, by_sea, event, true).is_empty()
    }

    /// `naval_routes`; with `first`, only the first port reached (whose route may not be the
    /// best one).
    fn naval_search(&self, st: &State, from: Sp, by_sea: bool, event: Option<NavalEvent>, first: bool) -> Vec<Route> {
        let n = self.c.map.len();
        let sea = n; // the imaginary sea node
        let sea_open = by_sea && !self.sea_closed(st);
        let farragut = event == Some(NavalEvent::Farragut);
        let gate = |s: Sp| !farragut && self.sea_gate_closed(st, s);
        // Best state seen per node: 0 unseen, 1 reached having run the guns, 2 without.
        let mut seen = vec![0u8; n + 1];
        let mut reach: Vec<Route> = Vec::with_capacity(n);
        let mut slot = vec![usize::MAX; n];
        // (node, the fort run past, passed a coastal fort with Farragut); each node enters at
        // most twice (without and with running the guns).
        let mut queue: Vec<(usize, Option<Sp>, bool)> = Vec::with_capacity(2 * (n + 1));
        queue.push((from as usize, None, false));
        seen[from as usize] = 2;
        let mut head = 0;
        let mut next: Vec<(usize, bool)> = Vec::new();
        while head < queue.len() {
            let (u, past, passed) = queue[head];
            let guns = past.is_some();
            head += 1;
            next.clear();
            if u == sea {
                next.extend((0..n as Sp).filter(|&s| self.on_sea(s)).map(|s| (s as usize, self.sea_gate_closed(st, s))).filter(|&(s, closed)| !closed || !gate(s as Sp)));
            } else {
                next.extend(self.c.map.neighbors(SpaceId(u as Sp)).filter(|(_, l)| matches!(l.kind, LinkKind::River(_))).map(|(t, _)| (t.index(), false)));
                if sea_open && self.on_sea(u as Sp) && !gate(u as Sp) {
                    next.push((sea, self.sea_gate_closed(st, u as Sp)));
                }
            }
            for &(v, through_gate) in &next {
                let rank = if guns { 1 } else { 2 };
                if seen[v] >= rank {
                    continue;
                }
                seen[v] = rank;
                let passed = passed || through_gate;
                if v == sea {
                    queue.push((v, past, passed));
                    continue;
                }
                let vs = v as Sp;
                if vs != from {
                    if slot[v] == usize::MAX {
                        slot[v] = reach.len();
                        reach.push(Route { to: vs, runs_guns: guns, passes_fort: passed, past });
                        if first {
                            return reach;
                        }
                    } else {
                        reach[slot[v]] = Route { to: vs, runs_guns: guns, passes_fort: passed, past };
                    }
                }
                // FtP 6.2.2, 6.2.3: a Confederate coastal fort stops the move (Farragut passes it,
                // 6.1.3); FtP 6.2.3, 6.7: so does a Confederate ironclad.
                if self.csa_coastal_fort(st, vs) {
                    if farragut {
                        queue.push((v, past, true));
                    }
                    continue;
                }
                if st.naval.ironclad(vs) {
                    continue;
                }
                // FtP 6.1.4, 6.3.1: passing a Confederate fort counter runs the guns, once a move.
                if st.fort[v] == Some(Side::Csa) {
                    if !guns {
                        queue.push((v, Some(vs), passed));
                    }
                    continue;
                }
                queue.push((v, past, passed));
            }
        }
        reach
    }

    /// The routes of the voyage under way, by its kind (FtP 6.1.1, 6.1.5, 6.5).
    pub(super) fn voyage_routes(&self, st: &State, v: &Voyage) -> Vec<Route> {
        match v.kind {
            VoyageKind::Force => self.naval_routes(st, v.origin, true, v.event),
            // FtP 6.1.5 a: between Washington, Aquia Creek, Urbanna and Fort Monroe only.
            VoyageKind::ArmySea => {
                let ok: Vec<Sp> = ARMY_SEA_SPACES.iter().filter_map(|id| self.c.space(id).map(|s| s.0)).collect();
                self.naval_routes(st, v.origin, true, v.event).into_iter().filter(|r| ok.contains(&r.to)).collect()
            }
            // FtP 6.1.5 b: river port to river port along navigable rivers.
            VoyageKind::ArmyRiver => self.naval_routes(st, v.origin, false, v.event).into_iter().filter(|r| self.river_port(r.to)).collect(),
            VoyageKind::CsaRiver => self.csa_river_routes(st, v.origin),
        }
    }

    /// FtP 6.5.1, 6.5.2, 6.5.3: where a 1-SP CSA division may go by river from `from`: along
    /// river lanes whose every port is free of UNC on that river, never entering or passing a
    /// space with Union SP or a Union fort; and between a coastal fort and its port.
    pub(super) fn csa_river_routes(&self, st: &State, from: Sp) -> Vec<Route> {
        let mut out = Vec::new();
        self.csa_river_walk(st, from, |to| {
            out.push(Route { to, runs_guns: false, passes_fort: false, past: None });
            false
        });
        out.sort_by_key(|r| r.to);
        out
    }

    /// Whether `csa_river_routes` finds any route: the operations listing (FtP 4.1) only offers
    /// the move, so the search stops at the first.
    pub(super) fn csa_river_route_exists(&self, st: &State, from: Sp) -> bool {
        self.csa_river_walk(st, from, |_| true)
    }

    /// The spaces a CSA river move from `from` reaches (`csa_river_routes`), each passed to
    /// `found` once; the walk stops as soon as `found` says so, and tells whether it did.
    fn csa_river_walk(&self, st: &State, from: Sp, mut found: impl FnMut(Sp) -> bool) -> bool {
        let unc = self.unc(st);
        let n = self.c.map.len();
        let barred = |s: Sp| self.strength(st, Side::Union, s) > 0 || st.fort[s as usize] == Some(Side::Union) || self.enemy_coastal_fort(st, Side::Csa, s) || self.coastal_fort_entry(st, Side::Csa, s, 1).is_err();
        let held = |x: Sp, r: usize| self.unc_lane(&unc, x, r);
        let mut seen = vec![false; n];
        seen[from as usize] = true;
        let mut queue = vec![from];
        while let Some(u) = queue.pop() {
            for (t, l) in self.c.map.neighbors(SpaceId(u)) {
                let LinkKind::River(r) = l.kind else { continue };
                let (r, v) = (r as usize, t.0);
                if seen[v as usize] || held(u, r) || held(v, r) || barred(v) {
                    continue;
                }
                seen[v as usize] = true;
                if found(v) {
                    return true;
                }
                queue.push(v);
            }
        }
        // FtP 6.5.3: 1 SP between a coastal fort and its associated port, either way.
        let d = self.c.map.space(SpaceId(from));
        for t in [d.guards, d.guarded_by].into_iter().flatten() {
            if !seen[t.index()] && !barred(t.0) {
                seen[t.index()] = true;
                if found(t.0) {
                    return true;
                }
            }
        }
        false
    }

    /// FtP 6.1.1, 6.1.2: naval moves of the Union with a 3-value OPs card or a campaign move:
    /// from a Union-controlled port or coastal fort, up to 3 loose SP and at most one general (a
    /// cavalry brigade is the general and one of the 3 SP). FtP 6.1.5: army naval moves with a
    /// campaign event. FtP 6.5.1: a 1-SP CSA river move with an OPs card of any value.
    pub(super) fn naval_activations(&self, st: &State, side: Side, value: u8, campaign: bool, out: &mut Vec<Action>) {
        // FtP 4.2: an event in force may forbid the side's naval moves (`restrict`).
        if self.move_limited(st, side, super::events::MoveKind::Naval) {
            return;
        }
        if side == Side::Csa {
            if !campaign {
                self.csa_river_activations(st, out);
            }
            return;
        }
        if campaign {
            self.army_naval_activations(st, out);
        }
        // FtP 4.3.2: one naval move per campaign.
        let event = st.naval.event.is_some();
        if (!campaign && !event && value < self.c.movement.naval_min_card) || (campaign && st.naval.campaign_naval) {
            return;
        }
        let max = self.c.movement.naval_max_sp;
        let mut loc: Option<Vec<bool>> = None;
        for s in 0..self.c.map.len() as Sp {
            let d = self.c.map.space(SpaceId(s));
            if d.port.is_none() || !st.controls(side, s) {
                continue;
            }
            let loose = st.sp[s as usize][side.index()];
            if loose == 0 && !self.gens_at(st, side, s).any(|g| self.is_cav(st, g)) {
                continue;
            }
            // FtP 6.1.1 (a reading, option `naval-origin`): coastal forts need no LOC, ports do.
            if st.naval.origin_needs_loc && !d.coastal_fort && !loc.get_or_insert_with(|| self.supplied(st, side))[s as usize] {
                continue;
            }
            let gens: Vec<GeneralId> = self.gens_at(st, side, s).filter(|g| !(campaign && st.campaign_used.contains(g))).collect();
            if loose == 0 && !gens.iter().any(|&g| self.is_cav(st, g)) {
                continue;
            }
            if !self.naval_route_exists(st, s, true, st.naval.event) {
                continue;
            }
            for general in std::iter::once(None).chain(gens.iter().copied().map(Some)) {
                // FtP 5.6.7 C, D: a 2-SP brigade counts 2 of the 3 SP.
                let cav = self.brigades_sp(st, general) as u8;
                let min = if cav > 0 { 0 } else { 1 };
                let leaving: Vec<GeneralId> = general.into_iter().collect();
                // FtP 4.3.1: SP that already moved on this campaign card stay where they are.
                let free = loose - if campaign { self.campaign_moved_sp(st, side, s) } else { 0 };
                for n in min..=free.min(max.saturating_sub(cav)) {
                    if self.leaves_ok(st, side, s, loose - n, &leaving) {
                        out.push(Action::NavalMove { space: s, sp: n, general });
                    }
                }
            }
        }
    }

    /// FtP 6.5.1: a CSA division of 1 SP in a port where it may start a river move.
    fn csa_river_activations(&self, st: &State, out: &mut Vec<Action>) {
        for s in 0..self.c.map.len() as Sp {
            if st.sp[s as usize][Side::Csa.index()] == 0 || self.c.map.space(SpaceId(s)).port.is_none() {
                continue;
            }
            if self.leaves_ok(st, Side::Csa, s, st.sp[s as usize][Side::Csa.index()] - 1, &[]) && self.csa_river_route_exists(st, s) {
                out.push(Action::NavalMove { space: s, sp: 1, general: None });
            }
        }
    }

    /// FtP 6.1.5: the army naval move a Union army may make as the whole of a campaign event
    /// (offered before the campaign's first move).
    fn army_naval_activations(&self, st: &State, out: &mut Vec<Action>) {
        if st.naval.campaign_naval || !st.campaign_used.is_empty() || !st.campaign_armies.is_empty() {
            return;
        }
        for a in 0..st.armies.len() as ArmyId {
            if self.army_side(a) == Side::Union && self.army_naval_kinds(st, a).iter().any(|&k| !self.voyage_routes(st, &self.army_voyage(st, a, k)).is_empty()) {
                out.push(Action::NavalArmy { army: a });
            }
        }
    }

    fn army_voyage(&self, st: &State, a: ArmyId, kind: VoyageKind) -> Voyage {
        let at = st.armies[a as usize].map(|x| x.space).unwrap_or(0);
        Voyage { origin: at, to: Sp::MAX, ran_guns: false, kind, event: st.naval.event, hunley: false }
    }

    /// FtP 6.2: "Los espacios de puerto que en el mapa tienen, al lado de la casilla
    /// correspondiente, un código de una letra, son puertos fluviales": a port with a river code
    /// is a river port even when it is also coastal (New Orleans, Forts St. Philip/Jackson: M);
    /// a river port symbol without a code (Charleston WV, IT 6.2) is one too.
    pub(super) fn river_port(&self, s: Sp) -> bool {
        let d = self.c.map.space(SpaceId(s));
        d.port == Some(PortKind::River) || (d.port.is_some() && !d.rivers.is_empty())
    }

    /// FtP 6.1.5 a, b: the army naval moves open to army `a` (edition lists of commanders, or
    /// any commander of strategy 1 in the Italian rules).
    pub(super) fn army_naval_kinds(&self, st: &State, a: ArmyId) -> Vec<VoyageKind> {
        let Some(x) = st.armies[a as usize] else { return vec![] };
        let Some(cmd) = x.commander else { return vec![] };
        let ed = &self.c.editions[st.edition as usize];
        let s1 = ed.army_naval_by_strategy_1 && self.c.generals[cmd as usize].strategy == 1;
        let mut v = Vec::new();
        let sea: Vec<Sp> = ARMY_SEA_SPACES.iter().filter_map(|id| self.c.space(id).map(|s| s.0)).collect();
        if (ed.army_naval_sea_generals.contains(&cmd) || s1) && sea.contains(&x.space) {
            v.push(VoyageKind::ArmySea);
        }
        let river_port = self.river_port(x.space);
        if (ed.army_naval_river_generals.contains(&cmd) || s1) && self.army_strength(st, a) <= self.c.movement.army_river_max_sp && river_port {
            v.push(VoyageKind::ArmyRiver);
        }
        v
    }

    /// FtP 6.1, 6.1.5, 6.5: lift the chosen force from its port; it chooses its destination
    /// next (`Sail`).
    pub(super) fn start_naval(&self, st: &mut State, a: &Action, log: &mut Log) {
        let top = *st.flow.top().expect("a pending decision");
        let (side, value, campaign) = match top {
            Frame::Ops { side, value, .. } => (side, value, false),
            Frame::Campaign { side, .. } => (side, 3, true),
            _ => return,
        };
        let event = st.naval.event.take();
        let mut m = MoveSt {
            side,
            kind: Formation::Division,
            at: 0,
            prev: 0,
            sp: 0,
            gens: Vec::new(),
            army: None,
            mp: 0,
            value,
            halted: true,
            rail_only: false,
            steps: 0,
            intercept_tried: true,
            vs_interceptor: false,
            order: MoveOrder::Free,
        };
        let kind = match *a {
            Action::NavalMove { space, sp, general } => {
                let cav = general.is_some_and(|g| self.is_cav(st, g));
                m.kind = match general {
                    Some(_) if cav && sp == 0 => Formation::Brigade,
                    Some(_) if !cav => Formation::Corps,
                    _ => Formation::Division,
                };
                st.sp[space as usize][side.index()] -= sp;
                if let Some(g) = general {
                    st.generals[g as usize] = GenAt::Moving;
                }
                m.at = space;
                m.sp = sp;
                m.gens = general.into_iter().collect();
                log.info(|| format!("{} embarks {} SP at {} for a naval move (FtP 6.1, 6.5)", side.name(), sp + cav as u8, self.sname(space)));
                if side == Side::Csa { VoyageKind::CsaRiver } else { VoyageKind::Force }
            }
            Action::NavalArmy { army } => {
                m.kind = Formation::Army;
                m.army = Some(army);
                m.at = st.armies[army as usize].map(|x| x.space).unwrap_or(0);
                let kinds = self.army_naval_kinds(st, army);
                log.info(|| format!("{} embarks {} for an army naval move (FtP 6.1.5)", side.name(), self.c.armies[army as usize].name));
                // Both kinds open: the sea move's destinations and the river move's are offered
                // together; the river move is used only where the sea move cannot go.
                if kinds.contains(&VoyageKind::ArmySea) { VoyageKind::ArmySea } else { VoyageKind::ArmyRiver }
            }
            _ => return,
        };
        m.prev = m.at;
        st.naval.voyage = Some(Voyage { origin: m.at, to: Sp::MAX, ran_guns: false, kind, event, hunley: false });
        st.moving = Some(m);
        if let Action::NavalArmy { .. } = a {
            // FtP 6.1.5: an army naval move uses all the campaign's moves.
            st.naval.campaign_naval = true;
            st.campaign_used.clear();
            st.campaign_armies.clear();
            st.campaign_sp.clear();
            st.flow.replace(Frame::Naval);
        } else if campaign {
            let Frame::Campaign { left, .. } = top else { return };
            st.naval.campaign_naval = true;
            if let Some(m) = st.moving.as_ref() {
                st.campaign_used.extend(m.gens.iter().copied());
            }
            if left <= 1 {
                st.campaign_used.clear();
                st.campaign_armies.clear();
                st.campaign_sp.clear();
                st.flow.replace(Frame::Naval);
            } else {
                st.flow.replace(Frame::Campaign { side, left: left - 1 });
                st.flow.push(Frame::Naval);
            }
        } else {
            st.flow.replace(Frame::Naval);
        }
    }

    /// Every route of the voyage under way, both kinds of an army naval move merged (6.1.5).
    fn routes_now(&self, st: &State, v: &Voyage) -> Vec<Route> {
        let mut routes = self.voyage_routes(st, v);
        if v.kind == VoyageKind::ArmySea
            && let Some(a) = st.moving.as_ref().and_then(|m| m.army)
            && self.army_naval_kinds(st, a).contains(&VoyageKind::ArmyRiver)
        {
            let river = Voyage { kind: VoyageKind::ArmyRiver, ..*v };
            for r in self.voyage_routes(st, &river) {
                if !routes.iter().any(|x| x.to == r.to) {
                    routes.push(r);
                }
            }
        }
        routes
    }

    /// The destinations of the embarked force.
    pub(super) fn sail_targets(&self, st: &State, out: &mut Vec<Action>) {
        if let Some(v) = st.naval.voyage {
            out.extend(self.routes_now(st, &v).into_iter().map(|r| Action::Sail { to: r.to }));
        }
    }

    /// FtP 6.3.1: the running-the-guns roll needed: 4-6, -1 with a torpedo in the fort space
    /// (6.7), +2 with Foote, Porter or Farragut.
    pub(super) fn run_guns_need(&self, st: &State, v: &Voyage, past: Option<Sp>) -> u8 {
        let base = self.c.battle_int("run_guns_success_min").unwrap_or(4) as i8;
        let torpedo = past.is_some_and(|f| st.naval.torpedo(f));
        let mut need = base + torpedo as i8;
        if v.event.is_some() {
            need -= 2;
        }
        need.clamp(1, 7) as u8
    }

    /// FtP 6.1.1: the force is placed in its destination and the move ends there; running the
    /// guns first if the route passes a Confederate fort (6.3.1); an amphibious assault if the
    /// destination is enemy-occupied (6.4). FtP 6.5.2: a CSA river move may be intercepted.
    pub(super) fn sail(&self, st: &mut State, to: Sp, log: &mut Log) {
        let Some(v) = st.naval.voyage else { return };
        let route = self.routes_now(st, &v).into_iter().find(|r| r.to == to);
        let runs_guns = route.is_some_and(|r| r.runs_guns);
        // The move ends on arrival (6.1.1): after any battle only `Stop` remains.
        st.flow.replace(Frame::Move);
        if runs_guns {
            // FtP 6.3.1: 1d6, success on 4-6; a failure sends the force back to its start.
            let need = self.run_guns_need(st, &v, route.and_then(|r| r.past));
            let roll = st.rng.roll(6) as u8;
            let ok = roll >= need;
            log.roll(|| format!("running the guns: rolled {roll} (need {need}): {} (FtP 6.3.1)", if ok { "success" } else { "failure, the force returns to its start" }));
            if !ok {
                self.end_move(st, log);
                return;
            }
        }
        let side = st.moving.as_ref().expect("moving").side;
        let e = other(side);
        let assault = self.enemy_occupied(st, side, to);
        // FtP 6.7: the Hunley fights this landing once, then is removed.
        let hunley = side == Side::Union && assault && st.naval.hunley == Some(to);
        if hunley {
            st.naval.hunley = None;
            log.info(|| "the CSS Hunley attacks the landing and is spent (FtP 6.7)".to_string());
        }
        st.naval.voyage = Some(Voyage { to, ran_guns: runs_guns || route.is_some_and(|r| r.passes_fort), hunley, ..v });
        if v.kind == VoyageKind::CsaRiver {
            // FtP 6.5.2: the Union may intercept; the battle is fought as an amphibious assault.
            let m = st.moving.as_mut().expect("moving");
            m.intercept_tried = false;
            if !self.interceptors(st, Side::Union, to).is_empty() {
                st.flow.push(Frame::Intercept { side: Side::Union, to });
            } else {
                self.step(st, to, log);
                self.end_move(st, log);
            }
            return;
        }
        let m = st.moving.as_mut().expect("moving");
        // FtP 6.4.2: a beaten force returns to its origin port (the attacker's retreat space).
        m.prev = v.origin;
        m.at = to;
        m.steps = 1;
        if let Some(a) = m.army
            && let Some(x) = st.armies[a as usize].as_mut()
        {
            x.space = to;
        }
        log.info(|| format!("{} sails from {} to {} (FtP 6.1)", side.name(), self.sname(v.origin), self.sname(to)));
        if !assault {
            for g in self.gens_at(st, e, to).collect::<Vec<_>>() {
                st.generals[g as usize] = GenAt::Track(st.turn + 1);
            }
            self.enter_capital(st, side, to, log);
            self.end_move(st, log);
            return;
        }
        log.info(|| format!("amphibious assault on {} (FtP 6.4.1)", self.sname(to)));
        if self.strength(st, e, to) == 0 {
            // FtP 6.8.1: an ungarrisoned fort fights an amphibious assault at 0 SP.
            self.fight(st, to, log);
        } else {
            self.engage(st, to, log);
        }
    }

    /// FtP 6.4.1: the amphibious side of a battle fought by the naval move in `s`.
    pub(super) fn amphibious_at(&self, st: &State, s: Sp) -> Option<Amphibious> {
        let v = st.naval.voyage?;
        let m = st.moving.as_ref()?;
        (v.to == s && m.at == s && m.side == Side::Union).then_some(Amphibious {
            track: st.naval.amphibious,
            foote_or_porter: matches!(v.event, Some(NavalEvent::Foote | NavalEvent::Porter)),
            // FtP 6.7: the CSA naval weapons in the space.
            ironclad: st.naval.ironclad(s),
            torpedo: st.naval.torpedo(s),
            hunley: v.hunley,
        })
    }

    /// FtP 6.3.2: the battle in `s` is the assault of a naval move that ran the guns (or passed
    /// a Confederate fort with Farragut) on its way.
    pub(super) fn ran_guns_to(&self, st: &State, s: Sp) -> bool {
        st.naval.voyage.is_some_and(|v| v.ran_guns && v.to == s) && st.moving.as_ref().is_some_and(|m| m.at == s)
    }

    /// The move ends: a Union force holding the space of a Confederate fort counter it took by
    /// amphibious assault removes the counter (FtP 6.8.1, 12.11; T-AMPH-2). A coastal fort is
    /// not captured before a Union PC is placed on it (T-AMPH-1).
    pub(super) fn naval_end_move(&self, st: &mut State, log: &mut Log) {
        self.weapons_swept(st, log);
        let Some(v) = st.naval.voyage.take() else { return };
        let Some(m) = st.moving.as_ref() else { return };
        let s = m.at;
        let holds = v.to == s && m.side == Side::Union && self.strength(st, Side::Csa, s) == 0 && self.moving_strength(st, m) > 0;
        if holds && st.fort[s as usize] == Some(Side::Csa) {
            log.info(|| format!("the Confederate fort at {} is eliminated (FtP 6.8.1)", self.sname(s)));
            self.fort_eliminated(st, s, log);
        }
        // FtP 6.1.3, 11.3 D exception (a reading of an unclear rule): a Farragut move that holds the CSA port it
        // entered places a Union PC there, which captures its ungarrisoned coastal fort (6.8.4).
        if holds && v.event == Some(NavalEvent::Farragut) && !st.controls(Side::Union, s) {
            log.info(|| format!("Farragut: a Union PC at {} (FtP 6.1.3, 11.3 D)", self.sname(s)));
            self.place_pc(st, Side::Union, s, log);
        }
    }

    /// FtP 7.6.2 (ES): a beaten Union force in a port may retreat by sea to a Union-controlled
    /// port with a LOC (`loc`) in an original Union state, on a route that passes no Confederate
    /// fort (no running the guns on a retreat). The battle module ranks it as a level-1 choice.
    pub(super) fn naval_retreat_ports(&self, st: &State, from: Sp, loc: &[bool]) -> Vec<SpaceId> {
        if self.c.map.space(SpaceId(from)).port.is_none() {
            return Vec::new();
        }
        let mut v: Vec<SpaceId> = self
            .naval_routes(st, from, true, None)
            .into_iter()
            .filter(|r| !r.runs_guns && st.controls(Side::Union, r.to) && loc[r.to as usize] && self.original(r.to) == StateSide::Union && self.strength(st, Side::Csa, r.to) == 0)
            .map(|r| SpaceId(r.to))
            .collect();
        v.sort();
        v
    }

    /// FtP 6.8.4: an ungarrisoned Confederate coastal fort turns Union (a Union PC) when its port
    /// becomes Union-controlled; a capture that counts for Emancipation (5.7.2, 4.4.1).
    pub(super) fn port_taken(&self, st: &mut State, side: Side, port: Sp, log: &mut Log) {
        if side != Side::Union {
            return;
        }
        // FtP 6.7: a Union PC on a coastal fort eliminates the CSA naval weapons there.
        if self.c.map.space(SpaceId(port)).coastal_fort {
            self.weapons_removed(st, port, log);
        }
        if let Some(f) = self.c.map.space(SpaceId(port)).guarded_by
            && self.csa_coastal_fort(st, f.0)
            && self.strength(st, Side::Csa, f.0) == 0
        {
            log.info(|| format!("{} is ungarrisoned and falls with its port (FtP 6.8.4)", self.sname(f.0)));
            // FtP 5.7.2, 4.4.1: capturing an ungarrisoned fort counts as winning a medium
            // battle for the Emancipation Proclamation, however it is captured.
            self.note_battle(st, true, true);
            self.place_pc(st, Side::Union, f.0, log);
        }
    }
}
