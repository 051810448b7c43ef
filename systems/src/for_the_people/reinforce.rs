//! Reinforcement Phase step a (FtP 10.1, 10.3, 10.4, 10.5): the SP each side receives, through
//! the pure formulas of `formulas.rs`, and where each SP may be placed.

use super::FtP;
use super::content::{ArmyId, Control, LinkDef, LinkKind, Side, StateSide, StrategicMoveUnits};
use super::formulas::{self, CsaReinforcementInput, UnionReinforcementInput};
use super::state::*;
use super::unc::Unc;
use bivouac_engine::log::Log;
use bivouac_engine::map::graph::SpaceId;
use std::cell::RefCell;

/// The spaces strategic rail moves of `side` may pass through (`RailSpace::pass`), in connected
/// parts. A link between two such spaces may be followed both ways or neither: the river
/// crossings a side may not make (FtP 6.5.1) are forbidden both ways, and the crossing into an
/// enemy fort (6.2.4, 6.2.5) never ends in a space a move may pass (it holds no enemy fort). So
/// a move from `from` reaches exactly the parts of the neighbours it may enter.
struct RailNet {
    /// Per space, its part (`NO_PART`: a move may not pass there).
    part: Vec<u16>,
    /// Per part, its spaces where an SP may end (`RailSpace::enter`), one `SpaceSet` each.
    enter: Vec<SpaceSet>,
}

const NO_PART: u16 = u16::MAX;

/// A set of spaces, one bit each: sets are joined word by word and read back in space order
/// without sorting (a strategic move's destinations are joined from several searches).
#[derive(Clone)]
struct SpaceSet {
    words: Vec<u64>,
}

impl SpaceSet {
    /// The empty set of a map of `n` spaces.
    fn new(n: usize) -> SpaceSet {
        SpaceSet { words: vec![0; n.div_ceil(64)] }
    }

    fn clear(&mut self) {
        self.words.fill(0);
    }

    fn insert(&mut self, s: Sp) {
        self.words[s as usize / 64] |= 1 << (s % 64);
    }

    fn remove(&mut self, s: Sp) {
        self.words[s as usize / 64] &= !(1 << (s % 64));
    }

    /// Adds every space of `other` (a set of the same map).
    fn join(&mut self, other: &SpaceSet) {
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w |= o;
        }
    }

    /// Appends the spaces of the set to `out`, in increasing order.
    fn append_to<T>(&self, out: &mut Vec<T>, mk: impl Fn(Sp) -> T) {
        for (i, &word) in self.words.iter().enumerate() {
            let mut w = word;
            while w != 0 {
                out.push(mk((i * 64) as Sp + w.trailing_zeros() as Sp));
                w &= w - 1;
            }
        }
    }
}

/// A space for strategic rail moves (FtP 10.2.1): `pass`, friendly-controlled without enemy SP
/// or fort; `enter`, an SP may end there (FtP 6.8.3: a coastal fort holds 1 CSA SP).
#[derive(Clone, Copy)]
struct RailSpace {
    pass: bool,
    enter: bool,
}

/// The position a strategic listing's searches (`StrategicNet`) were made in, with the rules.
/// A later position reuses them when it is the same but for what strategic moves of the side
/// change and the searches do not read (`same_but_own_sp`, FtP 10.2): where its SP stand, its
/// armies' SP, the moves used. The whole state is compared (`State::eq`, every field named), so
/// nothing the searches read can be left out of the key; a copy compared in place costs less
/// than building the derived parts they read (enemy strengths, forts' room) at every listing.
struct StrategicKey {
    rules: u64,
    state: State,
}

/// The searches of a strategic listing (`StrategicKey`), each made when first needed.
struct StrategicNet {
    /// FtP 8.1: the side's supply.
    sup: Vec<bool>,
    unc: Unc,
    rail: Option<RailNet>,
    /// `strategic_sea_shared`'s searches.
    sea: Vec<(Sp, Vec<bool>, Vec<Sp>)>,
    /// `army_reach`.
    armies: Vec<(Sp, Vec<bool>)>,
    /// Per value of the rail-army cap (FtP 19) and space, where in `flat` its
    /// `strategic_targets` are, once asked.
    targets: [Vec<Option<(u32, u32)>>; 2],
    /// Every source's `strategic_targets`, one after another, as the moves the listing copies.
    flat: Vec<Action>,
    /// One set for joining a source's destinations (`strategic_targets_now`).
    join: SpaceSet,
    /// One buffer for the spaces of the side's loose non-cavalry generals (`foot_general_spaces`).
    foot: Vec<Sp>,
    /// How many moves the last listing gave (the room to reserve for the next).
    listed: usize,
}

/// The position the reinforcement spaces' kept tests (`ReinforceNet`) were made in, with the
/// rules. A later position reuses them when it is the same but for what placing the side's SP
/// changes (`same_for_reinforce_tests`). The whole state is compared (`State::eq`, every field
/// named), so nothing the tests read can be left out of the key.
struct ReinforceKey {
    rules: u64,
    state: State,
}

/// The kept parts of the reinforcement spaces' tests, per space (`ReinforceKey`).
struct ReinforceNet {
    /// Union: the area whose SP the space may take (`union_space_ok`, FtP 10.3.1).
    area: Vec<Option<usize>>,
    /// CSA: the open BR ports (FtP 10.5.2).
    ports: Vec<bool>,
    /// The Union's spaces a listing tests, in order: those with an `area`.
    candidates: Vec<Sp>,
    /// The CSA's spaces a listing tests, in order: those CSA-controlled without enemy (FtP
    /// 10.4.3; the coastal fort's room is not kept), each with its kept tests.
    csa: Vec<CsaCandidate>,
}

/// A CSA space a reinforcement listing tests (`ReinforceNet`), with what its tests read that
/// placing SP does not change, looked up once per net (for each listing, they were a
/// third of the listing's time).
struct CsaCandidate {
    space: Sp,
    /// Its state (FtP 10.4.3: one state SP per state a turn).
    state: usize,
    /// A coastal fort (FtP 6.8.3: its room is tested at each listing, `coastal_fort_entry`).
    coastal_fort: bool,
    /// In a CSA-controlled CSA state, with a LOC, never pro-Union (FtP 10.4.3).
    state_sp: bool,
    /// With a LOC, never pro-Union (a returning cavalry SP, FtP 10.4.3).
    loc: bool,
    /// In Missouri or Kentucky (FtP 10.4.4), by the pool they draw on.
    border_pool: Option<usize>,
    /// Its blockade-runner zone if it is an open BR port (FtP 10.5.4).
    br_zone: Option<usize>,
}

thread_local! {
    /// Each side's last strategic searches on this thread, with what they read: the positions
    /// of a Strategic Movement step (FtP 10.2) differ only where SP stand.
    static LAST_STRATEGIC: RefCell<[Option<(StrategicKey, StrategicNet)>; 2]> = const { RefCell::new([None, None]) };
    /// Each side's last reinforcement tests on this thread, with what they read: the positions
    /// of a reinforcement step (FtP 10.3, 10.4) differ only in the pools and the side's SP.
    static LAST_REINFORCE: RefCell<[Option<(ReinforceKey, ReinforceNet)>; 2]> = const { RefCell::new([None, None]) };
}

impl FtP {
    /// Spaces the Union reaches from the north map edge through Union-controlled or neutral
    /// spaces without CSA SP or forts, by rail only (`rail_only`, the B&O included) or by road
    /// and rail (FtP 10.3.1). `ok`: `north_open(st)`, the spaces it may pass (kept with the
    /// answer, derived.rs `north_reach`).
    pub(super) fn north_reach_now(&self, ok: &[bool], rail_only: bool) -> Vec<bool> {
        let n = self.c.map.len();
        let ok = |s: Sp| ok[s as usize];
        let mut reach = vec![false; n];
        let mut q: Vec<Sp> = (0..n as Sp).filter(|&s| self.c.map.space(SpaceId(s)).north_edge_rail && ok(s)).collect();
        for &s in &q {
            reach[s as usize] = true;
        }
        while let Some(s) = q.pop() {
            for (t, l) in self.c.map.neighbors(SpaceId(s)) {
                let link_ok = match l.kind {
                    LinkKind::Rail | LinkKind::BAndO => true,
                    LinkKind::Road => !rail_only,
                    _ => false,
                };
                if link_ok && !reach[t.index()] && ok(t.0) {
                    reach[t.index()] = true;
                    q.push(t.0);
                }
            }
        }
        reach
    }

    /// FtP 10.3.1: the spaces a Union reinforcement path from the north edge may pass:
    /// Union-controlled or neutral, without CSA SP or forts.
    pub(super) fn north_open(&self, st: &State) -> Vec<bool> {
        let enemy = self.enemy_occupied_all(st, Side::Union);
        (0..self.c.map.len() as Sp).map(|s| st.control(s) != Control::Of(Side::Csa) && !enemy[s as usize]).collect()
    }

    /// FtP 10.3.1: the Union area (0 East, 1 Center, 2 West) a space belongs to.
    fn union_area(&self, st: &State, s: Sp) -> Option<usize> {
        let state = self.state_of(s) as u8;
        if st.east_in_washington {
            if self.c.map.space(SpaceId(s)).national_capital == Some(Side::Union) {
                return Some(0);
            }
        } else if self.union_areas[0].contains(&state) {
            return Some(0);
        }
        if self.union_areas[1].contains(&state) {
            return Some(1);
        }
        if self.union_areas[2].contains(&state) || self.union_west_spaces.contains(&s) {
            return Some(2);
        }
        None
    }

    /// FtP 10.3.1: Union spaces that may receive an SP of `area` now.
    fn union_space_ok(&self, st: &State, s: Sp, area: usize, road: &[bool]) -> bool {
        st.controls(Side::Union, s) && !self.enemy_occupied(st, Side::Union, s) && self.union_area(st, s) == Some(area) && (area == 0 || road[s as usize])
    }

    /// Work out both sides' reinforcements at the start of the phase (FtP 10.3, 10.4, 10.5).
    pub(super) fn begin_reinforcements(&self, st: &mut State, union_sp: bool, csa_sp: bool, br_rolls: bool, log: &mut Log) {
        st.pool = [0; POOLS];
        st.pool_states = 0;
        if union_sp {
            let rail = self.north_reach(st, true);
            let road = self.north_reach(st, false);
            let wash = (0..self.c.map.len() as Sp).find(|&s| self.c.map.space(SpaceId(s)).national_capital == Some(Side::Union));
            let i = UnionReinforcementInput {
                washington_rail_to_north: wash.is_some_and(|w| st.controls(Side::Union, w) && rail[w as usize]),
                east_fallback_space: (0..self.c.map.len() as Sp).any(|s| {
                    st.controls(Side::Union, s) && !self.enemy_occupied(st, Side::Union, s) && self.union_areas[0].contains(&(self.state_of(s) as u8))
                }),
                center_space: (0..self.c.map.len() as Sp).any(|s| self.union_areas[1].contains(&(self.state_of(s) as u8)) && st.controls(Side::Union, s) && road[s as usize]),
                west_space: (0..self.c.map.len() as Sp).any(|s| {
                    (self.union_areas[2].contains(&(self.state_of(s) as u8)) || self.union_west_spaces.contains(&s)) && st.controls(Side::Union, s) && road[s as usize]
                }),
                capitals_held_by_csa: (0..self.c.map.len() as Sp).filter(|&s| self.c.map.space(SpaceId(s)).union_state_capital && st.controls(Side::Csa, s)).count() as u8,
                foreign_intervention: st.in_force.iter().any(|f| f.card == super::FOREIGN_INTERVENTION),
            };
            let r = formulas::union_reinforcements(&self.formulas, &self.c.editions[st.edition as usize], &i);
            st.east_in_washington = r.east_in_washington;
            st.pool[P_EAST] = r.east;
            st.pool[P_CENTER] = r.center;
            st.pool[P_WEST] = r.west;
            st.pool[P_UNION] = r.total;
            log.info(|| format!("Union reinforcements: {} SP (East {}, Center {}, West {}, -{} capitals) (FtP 10.3)", r.total, r.east, r.center, r.west, r.capital_penalty));
            // FtP 5.5.4: the SP of killed cavalry generals' brigades return in this step.
            st.pool[P_CAV] = std::mem::take(&mut st.cav_track[Side::Union.index()]);
            // FtP 5.6.7 A 2 (optional): McClellan's extra SP, in his army.
            self.mcclellan_reinforcement(st, log);
        }
        if csa_sp {
            let held = |id: &str| self.c.state(id).is_some_and(|x| st.state_control[x as usize] == Control::Of(Side::Csa));
            let i = CsaReinforcementInput {
                union_controlled_states: self.c.states.iter().enumerate().filter(|(x, d)| d.side == StateSide::Csa && st.state_control[*x] == Control::Of(Side::Union)).count() as u8,
                // FtP 10.4.2: UNC over the whole Mississippi (unc.rs).
                union_controls_mississippi: self.unc_whole_mississippi(st),
                // FtP 5.5.4, 10.4.2: the SP of killed cavalry generals' brigades.
                waiting_cavalry_sp: std::mem::take(&mut st.cav_track[Side::Csa.index()]),
                csa_controls_mo: held("mo"),
                csa_controls_ky: held("ky"),
            };
            let r = formulas::csa_reinforcements(&self.formulas, &i);
            st.pool[P_STATES] = r.states + r.cavalry;
            st.pool[P_CAV + Side::Csa.index()] = r.cavalry;
            st.pool[P_MO] = r.missouri;
            st.pool[P_KY] = r.kentucky;
            log.info(|| format!("CSA reinforcements: {} SP from the states, {} MO, {} KY (FtP 10.4)", r.states, r.missouri, r.kentucky));
        }
        if br_rolls {
            // FtP 10.5: one roll per zone with an open BR port.
            let open = self.br_zones_open(st);
            let res = formulas::blockade_runners(&self.formulas, st.blockade, &open, &mut st.rng);
            for (z, r) in res.iter().enumerate() {
                st.pool[P_BR + z] = r.sp();
                if r.sw() != 0 {
                    self.add_sw(st, Side::Csa, r.sw() as i16, log, "FtP 10.5 / 12.5 blockade runners failed");
                }
            }
            log.roll(|| format!("blockade runners at level {}: {:?} (FtP 10.5)", st.blockade, res));
        } else if st.opts.closed_zone_every_turn {
            // FtP 10.5.1, 12.5 reading, option `closed-zone-penalty` = `every-turn`
            // #13): in a turn without BR rolls (a scenario's first turn, turn 3) a zone whose BR
            // ports are all closed still costs the CSA 2 SW.
            let closed = self.br_zones_open(st).iter().filter(|&&o| !o).count();
            for _ in 0..closed {
                self.add_sw(st, Side::Csa, self.formulas.sw.failed_br_roll as i16, log, "FtP 10.5.1 / 12.5 every BR port of a blockade zone closed (option closed-zone-penalty)");
            }
        }
    }

    /// FtP 10.5.1, 10.5.2: per blockade zone, whether it has an open BR port.
    pub(super) fn br_zones_open(&self, st: &State) -> Vec<bool> {
        let ports = self.br_open_ports(st);
        (0..4u8).map(|z| (0..self.c.map.len() as Sp).any(|s| self.c.map.space(SpaceId(s)).sea == Some(z) && ports[s as usize])).collect()
    }

    /// Spaces that may receive one more reinforcement SP of `side` now. What each space's test
    /// reads but the pools and the side's own SP is kept across the placements of a step
    /// (`ReinforceKey`): placing an SP changes none of it.
    pub(super) fn reinforce_spaces(&self, st: &State, side: Side) -> Vec<Sp> {
        if side == Side::Union && st.pool[P_UNION] == 0 && st.pool[P_CAV] == 0 {
            return vec![];
        }
        // Within a position (opened here when asked outside one, as at the start of the phase),
        // each space's enemy strength comes from one table.
        self.at_position(st, || self.reinforce_spaces_kept(st, side))
    }

    /// `reinforce_spaces` with its tests' kept parts.
    fn reinforce_spaces_kept(&self, st: &State, side: Side) -> Vec<Sp> {
        self.with_reinforce_net(st, side, |net| self.reinforce_listing(st, side, net))
    }

    /// `f` of the kept reinforcement tests of `side` that hold in `st` (`ReinforceKey`), made
    /// afresh when none do.
    fn with_reinforce_net<T>(&self, st: &State, side: Side, f: impl FnOnce(&ReinforceNet) -> T) -> T {
        // Within a position, each space's enemy strength comes from one table.
        self.at_position(st, || {
            LAST_REINFORCE.with_borrow_mut(|slot| {
                let slot = &mut slot[side.index()];
                if slot.as_mut().is_none_or(|(k, _)| k.rules != self.id || !Self::same_for_reinforce_tests(&mut k.state, st, side)) {
                    let net = self.reinforce_net(st, side, &self.enemy_occupied_all(st, side));
                    *slot = Some((ReinforceKey { rules: self.id, state: st.clone() }, net));
                }
                let (_, net) = slot.as_ref().expect("made above");
                f(net)
            })
        })
    }

    /// Whether the reinforcement tests of `side` made in `kept` hold in `st` (`ReinforceKey`):
    /// the states are the same but for the side's loose SP, the pools, the states already given
    /// an SP and the SP gained (FtP 10.3, 10.4, 10.5: placing an SP changes only those), all read
    /// afresh by the listing. `kept` takes the parts not compared from `st`.
    fn same_for_reinforce_tests(kept: &mut State, st: &State, side: Side) -> bool {
        kept.pool = st.pool;
        kept.pool_states = st.pool_states;
        kept.sp_gained = st.sp_gained;
        Self::same_but_own_sp(kept, st, side, |_| false)
    }

    /// The parts of the reinforcement spaces' tests that do not read the pools or the side's
    /// own SP (`ReinforceNet`).
    /// `enemy`: `enemy_occupied_all(st, side)`.
    fn reinforce_net(&self, st: &State, side: Side, enemy: &[bool]) -> ReinforceNet {
        let n = self.c.map.len() as Sp;
        let sup = self.supplied(st, side);
        match side {
            Side::Union => {
                let road = self.north_reach(st, false);
                // `union_space_ok` of the area of the space, if any (one area at most).
                let area: Vec<Option<usize>> = (0..n)
                    .map(|s| {
                        let open = sup[s as usize] && st.controls(Side::Union, s) && !enemy[s as usize];
                        self.union_area(st, s).filter(|&a| open && (a == 0 || road[s as usize]))
                    })
                    .collect();
                let candidates = (0..n).filter(|&s| area[s as usize].is_some()).collect();
                ReinforceNet { area, ports: vec![], candidates, csa: vec![] }
            }
            Side::Csa => {
                let free: Vec<bool> = (0..n).map(|s| st.controls(Side::Csa, s) && !enemy[s as usize]).collect();
                let [mo, ky] = ["mo", "ky"].map(|x| self.c.state(x).map(|x| x as usize));
                let loc: Vec<bool> = (0..n).map(|s| sup[s as usize] && !self.c.map.space(SpaceId(s)).pro_union).collect();
                let csa_state: Vec<bool> = (0..n)
                    .map(|s| {
                        let state = self.state_of(s);
                        self.c.states[state].side == StateSide::Csa && st.state_control[state] == Control::Of(Side::Csa)
                    })
                    .collect();
                let ports = self.br_open_ports(st);
                let csa = (0..n)
                    .filter(|&s| free[s as usize])
                    .map(|s| {
                        let (d, state, x) = (self.c.map.space(SpaceId(s)), self.state_of(s), s as usize);
                        let border_pool = if Some(state) == mo { Some(P_MO) } else if Some(state) == ky { Some(P_KY) } else { None };
                        let br_zone = d.sea.filter(|_| ports[x]).map(|z| z as usize);
                        CsaCandidate { space: s, state, coastal_fort: d.coastal_fort, state_sp: csa_state[x] && loc[x], loc: loc[x], border_pool, br_zone }
                    })
                    .collect();
                ReinforceNet { area: vec![], ports, candidates: vec![], csa }
            }
        }
    }

    /// `reinforce_spaces`, with the kept parts of its tests.
    fn reinforce_listing(&self, st: &State, side: Side, net: &ReinforceNet) -> Vec<Sp> {
        match side {
            Side::Union => {
                let cav = st.pool[P_CAV] > 0;
                // FtP 5.5.4: by our reading, the rules name no space for a returning Union cavalry SP:
                // any space that may receive a Union reinforcement SP of some area (10.3.1).
                net.candidates.iter().copied().filter(|&s| net.area[s as usize].is_some_and(|a| cav || (st.pool[P_UNION] > 0 && st.pool[P_EAST + a] > 0))).collect()
            }
            Side::Csa => {
                // FtP 10.4.3, 6.8.3: room in the space; 10.4.3: its state not yet given an SP.
                let free = |c: &CsaCandidate| self.csa_space_free(st, c);
                let state_open = |c: &CsaCandidate| Self::csa_state_open(st, c);
                // FtP 10.4.3: a returning cavalry SP (5.5.4) keeps to 1 SP per state if it can,
                // else goes to any CSA-controlled space with a LOC (never pro-Union, 10.4.3).
                let fallback = st.pool[P_CAV + 1] > 0 && st.pool[P_STATES] > 0 && !net.csa.iter().any(|c| free(c) && state_open(c));
                net.csa
                    .iter()
                    .filter(|c| {
                        if !free(c) {
                            return false;
                        }
                        let states_ok = st.pool[P_STATES] > 0 && state_open(c);
                        let cav_ok = fallback && c.loc;
                        // FtP 10.4.4: MO / KY SP in a CSA-controlled space of that state, no LOC needed.
                        let border_ok = c.border_pool.is_some_and(|p| st.pool[p] > 0);
                        // FtP 10.5.4: a blockade runner's SP goes to an open BR port of its zone.
                        let br_ok = c.br_zone.is_some_and(|z| st.pool[P_BR + z] > 0);
                        states_ok || border_ok || br_ok || cav_ok
                    })
                    .map(|c| c.space)
                    .collect()
            }
        }
    }

    /// FtP 10.4.3, 6.8.3: candidate `c` may take a CSA SP: CSA-controlled, no enemy (it is a
    /// candidate of the kept tests, `ReinforceNet`); a coastal fort holds 1 CSA SP at most.
    /// Inlined: the listing asks it of every candidate (a call each cost 0.6% of a game).
    #[inline]
    fn csa_space_free(&self, st: &State, c: &CsaCandidate) -> bool {
        !c.coastal_fort || self.coastal_fort_entry(st, Side::Csa, c.space, 1).is_ok()
    }

    /// FtP 10.4.3: candidate `c` is in a CSA-controlled CSA state not yet given a state SP this
    /// turn, with a LOC, never pro-Union (the space's own tests are `csa_space_free`).
    fn csa_state_open(st: &State, c: &CsaCandidate) -> bool {
        c.state_sp && st.pool_states & (1u64 << c.state) == 0
    }

    /// FtP 10.4.3: `s` may take a CSA state SP: a CSA-controlled CSA state not yet given one this
    /// turn, a LOC, never pro-Union, each test made afresh (the kept tests, `csa_space_free` and
    /// `csa_state_open`, are checked against it).
    #[cfg(test)]
    fn csa_state_sp_ok(&self, st: &State, s: Sp, sup: &[bool]) -> bool {
        let state = self.state_of(s);
        let free = st.controls(Side::Csa, s) && !self.enemy_occupied(st, Side::Csa, s) && self.coastal_fort_entry(st, Side::Csa, s, 1).is_ok();
        free && self.c.states[state].side == StateSide::Csa
            && st.state_control[state] == Control::Of(Side::Csa)
            && st.pool_states & (1u64 << state) == 0
            && sup[s as usize]
            && !self.c.map.space(SpaceId(s)).pro_union
    }

    /// Place one SP, taking it from the first pool the space qualifies for. The space's tests
    /// are the kept ones of the listing (`ReinforceKey`: placing an SP changes none of them).
    pub(super) fn reinforce(&self, st: &mut State, side: Side, s: Sp, log: &mut Log) {
        let i = side.index();
        st.sp[s as usize][i] += 1;
        st.sp_gained[i] += 1;
        match side {
            Side::Union => {
                // FtP 10.3.1: the area of a supplied space (`ReinforceNet::area`), else each
                // area's test afresh (a space not listed: it has no LOC).
                let kept = self.with_reinforce_net(st, side, |net| net.area[s as usize]);
                let pool_ok = |a: usize| st.pool[P_UNION] > 0 && st.pool[P_EAST + a] > 0;
                let area = match kept {
                    Some(a) => Some(a).filter(|&a| pool_ok(a)),
                    None => {
                        let road = self.north_reach(st, false);
                        (0..3).find(|&a| pool_ok(a) && self.union_space_ok(st, s, a, &road))
                    }
                };
                match area {
                    Some(a) => {
                        st.pool[P_EAST + a] -= 1;
                        st.pool[P_UNION] -= 1;
                    }
                    // FtP 5.5.4: a returning cavalry SP.
                    None => st.pool[P_CAV] = st.pool[P_CAV].saturating_sub(1),
                }
            }
            Side::Csa => {
                let d = self.c.map.space(SpaceId(s));
                let state = self.state_of(s);
                let (port, state_open) = self.with_reinforce_net(st, side, |net| {
                    let c = net.csa.iter().find(|c| c.space == s);
                    (net.ports[s as usize], c.is_some_and(|c| self.csa_space_free(st, c) && Self::csa_state_open(st, c)))
                });
                let is_mo = Some(state) == self.c.state("mo").map(|x| x as usize);
                let is_ky = Some(state) == self.c.state("ky").map(|x| x as usize);
                if d.sea.is_some_and(|z| st.pool[P_BR + z as usize] > 0) && port {
                    st.pool[P_BR + d.sea.unwrap_or(0) as usize] -= 1;
                } else if st.pool[P_STATES] > 0 && state_open {
                    st.pool[P_STATES] -= 1;
                    st.pool_states |= 1u64 << state;
                } else if is_mo && st.pool[P_MO] > 0 {
                    st.pool[P_MO] -= 1;
                } else if is_ky && st.pool[P_KY] > 0 {
                    st.pool[P_KY] -= 1;
                } else {
                    // FtP 10.4.3: a returning cavalry SP where 1 SP per state is not possible.
                    st.pool[P_STATES] = st.pool[P_STATES].saturating_sub(1);
                    st.pool[P_CAV + 1] = st.pool[P_CAV + 1].saturating_sub(1);
                }
                // The cavalry SP are among the states' SP (10.4.2).
                st.pool[P_CAV + 1] = st.pool[P_CAV + 1].min(st.pool[P_STATES]);
            }
        }
        log.info(|| format!("{} reinforcement SP at {} (FtP 10.1)", side.name(), self.sname(s)));
    }

    /// FtP 10.2.1: where one supplied infantry SP may go strategically: along rail (the B&O for
    /// the Union, 10.2.4) through friendly-controlled spaces without enemy SP; the CSA never
    /// across a river under UNC (6.5.1). Sorted.
    /// `net`: `rail_net(st, side, unc)`, the same for every `from` (made once per listing).
    fn rail_reach(&self, st: &State, side: Side, from: Sp, unc: &Unc, net: &RailNet) -> Vec<Sp> {
        let mut join = SpaceSet::new(net.part.len());
        self.rail_reach_join(st, side, from, unc, net, &mut join);
        let mut out = Vec::new();
        join.append_to(&mut out, |s| s);
        out
    }

    /// `rail_reach`, added to `join` (`from` taken out of it).
    fn rail_reach_join(&self, st: &State, side: Side, from: Sp, unc: &Unc, net: &RailNet, join: &mut SpaceSet) {
        // FtP 4.2: an event in force may forbid the side's rail movement (`restrict`).
        if self.move_limited(st, side, super::events::MoveKind::Rail) {
            return;
        }
        for (t, l) in self.c.map.neighbors(SpaceId(from)) {
            let part = net.part[t.index()];
            if part != NO_PART && self.rail_link(st, side, l) && self.river_crossing(st, unc, side, t.0, l).is_ok() {
                join.join(&net.enter[part as usize]);
            }
        }
        // All of each part's spaces but `from`.
        join.remove(from);
    }

    /// FtP 10.2.1, 10.2.4: a link a strategic rail move of `side` may follow (the upgraded roads
    /// from turn 10 on).
    fn rail_link(&self, st: &State, side: Side, l: &LinkDef) -> bool {
        match l.kind {
            LinkKind::Rail => true,
            LinkKind::BAndO => side == Side::Union,
            LinkKind::Road => l.upgrade_1864 && st.turn >= 10,
            _ => false,
        }
    }

    /// The rail network of `side` (`RailNet`): one search per listing instead of one per
    /// source space.
    fn rail_net(&self, st: &State, side: Side, unc: &Unc) -> RailNet {
        let rail = self.rail_spaces(st, side);
        let mut net = RailNet { part: vec![NO_PART; rail.len()], enter: Vec::new() };
        let mut q = Vec::new();
        for first in 0..rail.len() {
            if !rail[first].pass || net.part[first] != NO_PART {
                continue;
            }
            let part = net.enter.len() as u16;
            let mut enter = SpaceSet::new(rail.len());
            net.part[first] = part;
            q.push(first as Sp);
            while let Some(s) = q.pop() {
                // FtP 6.8.3: a coastal fort holds 1 CSA SP.
                if rail[s as usize].enter {
                    enter.insert(s);
                }
                for (t, l) in self.c.map.neighbors(SpaceId(s)) {
                    if net.part[t.index()] == NO_PART && rail[t.index()].pass && self.rail_link(st, side, l) && self.river_crossing(st, unc, side, t.0, l).is_ok() {
                        net.part[t.index()] = part;
                        q.push(t.0);
                    }
                }
            }
            net.enter.push(enter);
        }
        net
    }

    /// Per space, what a strategic rail move of `side` may do there (`rail_reach`).
    fn rail_spaces(&self, st: &State, side: Side) -> Vec<RailSpace> {
        (0..self.c.map.len() as Sp)
            .map(|s| RailSpace {
                pass: st.controls(side, s) && !self.enemy_occupied(st, side, s),
                enter: self.coastal_fort_entry(st, side, s, 1).is_ok(),
            })
            .collect()
    }

    /// FtP 10.2: every strategic move of one SP still allowed this turn (limit 10.2.2), sorted
    /// by source then destination.
    #[cfg(test)]
    pub(super) fn strategic_moves(&self, st: &State, side: Side) -> Vec<(Sp, Sp)> {
        let mut out = Vec::new();
        self.strategic_moves_into(st, side, &mut out);
        out.into_iter().map(|a| match a {
            Action::Strategic { from, to } => (from, to),
            other => unreachable!("a strategic listing holds strategic moves, not {other:?}"),
        }).collect()
    }

    /// `strategic_moves`, appended to `out`. The searches (supply, rail
    /// network, sea routes, armies' LOCs) are kept across the positions of a Strategic Movement
    /// step: moving friendly SP between friendly spaces changes nothing they read
    /// (`StrategicKey`).
    pub(super) fn strategic_moves_into(&self, st: &State, side: Side, out: &mut Vec<Action>) {
        if !formulas::strategic_move_fits(&self.formulas, side, st.strat_used[side.index()], 1) {
            return;
        }
        LAST_STRATEGIC.with_borrow_mut(|slot| {
            let slot = &mut slot[side.index()];
            if slot.as_mut().is_none_or(|(k, _)| k.rules != self.id || !self.same_for_strategic_searches(&mut k.state, st, side)) {
                *slot = Some((StrategicKey { rules: self.id, state: st.clone() }, self.strategic_net(st, side)));
            }
            let (_, net) = slot.as_mut().expect("made above");
            self.strategic_listing(st, side, net, out);
        });
    }

    /// Whether the strategic searches of `side` made in `kept` hold in `st` (`StrategicKey`):
    /// the states are the same but for the side's loose SP and its armies' SP (FtP 10.2: a
    /// strategic move takes 1 SP from one space to another or onto an army's display), the
    /// moves used (10.2.2) and the SP sent to armies (FtP 19), all read afresh by the listing.
    /// The CSA's SP in a coastal fort are compared (FtP 6.8.3: one there fills it, and the
    /// rail network keeps where an SP may end). `kept` takes the parts not compared from `st`.
    fn same_for_strategic_searches(&self, kept: &mut State, st: &State, side: Side) -> bool {
        let read = |s: Sp| side == Side::Csa && self.c.map.space(SpaceId(s)).coastal_fort;
        if kept.armies.len() == st.armies.len() {
            for (a, (k, x)) in kept.armies.iter_mut().zip(&st.armies).enumerate() {
                if let (Some(k), Some(x)) = (k, x)
                    && self.army_side(a as ArmyId) == side
                    && k.space == x.space
                    && !read(x.space)
                {
                    k.sp = x.sp;
                }
            }
        }
        kept.strat_used = st.strat_used;
        kept.rail = st.rail;
        Self::same_but_own_sp(kept, st, side, read)
    }

    /// Whether `kept` is `st` once it takes from `st` the loose SP of `side` in every space
    /// but those `read` names (it keeps them).
    fn same_but_own_sp(kept: &mut State, st: &State, side: Side, read: impl Fn(Sp) -> bool) -> bool {
        let i = side.index();
        if kept.sp.len() != st.sp.len() {
            return false;
        }
        for (s, (k, x)) in kept.sp.iter_mut().zip(&st.sp).enumerate() {
            if !read(s as Sp) {
                k[i] = x[i];
            }
        }
        *kept == *st
    }

    /// The searches of a strategic listing of `side` in `st`, none made yet but supply and the
    /// armies' LOCs.
    fn strategic_net(&self, st: &State, side: Side) -> StrategicNet {
        let (sup, unc) = (self.supplied(st, side), self.unc(st));
        let armies = self.army_reach(st, side, &sup, &unc);
        let n = self.c.map.len();
        StrategicNet { sup, unc, rail: None, sea: Vec::new(), armies, targets: [vec![None; n], vec![None; n]], flat: Vec::new(), join: SpaceSet::new(n), foot: Vec::new(), listed: 0 }
    }

    /// The strategic moves of `side` (`strategic_moves_into`), with the searches of `net`
    /// (made for this position or one that reads the same, `StrategicKey`).
    fn strategic_listing(&self, st: &State, side: Side, net: &mut StrategicNet, out: &mut Vec<Action>) {
        // FtP 10.2.1: supplied infantry SP (Spanish edition); IT 10.21: any SP ("qualunque SP"),
        // supply not required (Italian edition).
        let any_sp = self.c.editions[st.edition as usize].strategic_move_units == StrategicMoveUnits::AnySp;
        // FtP 19 (10.2.1 modified): at most 3 SP a turn to an army with rail logistics.
        let cap = self.rail_army_cap_reached(st, side);
        let start = out.len();
        // One more for the `done` the caller adds (`legal_now`), so the listing is not moved.
        out.reserve(net.listed + 1);
        let mut foot = std::mem::take(&mut net.foot);
        self.foot_general_spaces(st, side, &mut foot);
        for s in 0..self.c.map.len() as Sp {
            if st.sp[s as usize][side.index()] == 0 || !(net.sup[s as usize] || any_sp) {
                continue;
            }
            // FtP 5.3.4: never strand a general without SP.
            if st.sp[s as usize][side.index()] == 1 && !self.has_fort(st, s) && self.army_in(st, side, s).is_none() && foot.contains(&s) {
                continue;
            }
            out.extend_from_slice(self.strategic_targets(st, side, s, cap, net));
        }
        net.foot = foot;
        net.listed = out.len() - start;
    }

    /// The moves of one SP from `from` (FtP 10.2.1, 10.2.3), in listing order:
    /// searched once per `net` and value of `cap` (the rail-army cap of FtP 19), as nothing it
    /// reads but `cap` changes within a net (`StrategicKey`: the armies' spaces, control and the
    /// searches are all kept).
    fn strategic_targets<'a>(&self, st: &State, side: Side, from: Sp, cap: bool, net: &'a mut StrategicNet) -> &'a [Action] {
        let (start, end) = match net.targets[cap as usize][from as usize] {
            Some(range) => range,
            None => {
                let start = net.flat.len() as u32;
                self.strategic_targets_now(st, side, from, cap, net);
                let range = (start, net.flat.len() as u32);
                net.targets[cap as usize][from as usize] = Some(range);
                range
            }
        };
        &net.flat[start as usize..end as usize]
    }

    /// `strategic_targets`, searched now and appended to `net.flat`.
    fn strategic_targets_now(&self, st: &State, side: Side, from: Sp, cap: bool, net: &mut StrategicNet) {
        // FtP 10.2.1 special case: from a space not friendly-controlled, only to a supplied army
        // with a LOC to the SP (through friendly or neutral spaces).
        if !st.controls(side, from) {
            net.flat.extend(Self::army_targets(&net.armies, from, cap).map(|to| Action::Strategic { from, to }));
            return;
        }
        // FtP 10.2.1, 10.2.4: by rail (never back to `from`); 10.2.3: the Union by sea; the
        // armies' spaces joined in, each space once, in space order.
        let mut join = std::mem::replace(&mut net.join, SpaceSet::new(0));
        join.clear();
        let rail = net.rail.get_or_insert_with(|| self.rail_net(st, side, &net.unc));
        self.rail_reach_join(st, side, from, &net.unc, rail, &mut join);
        if side == Side::Union {
            self.strategic_sea_shared(st, from, &mut net.sea).into_iter().for_each(|t| join.insert(t));
        }
        Self::army_targets(&net.armies, from, cap).for_each(|a| join.insert(a));
        join.append_to(&mut net.flat, |to| Action::Strategic { from, to });
        net.join = join;
    }

    /// FtP 10.2.1 special case: the spaces of the armies (`army_reach`) an SP in `from` may
    /// join, in the armies' order; none once the rail-army cap is reached (`cap`, FtP 19).
    fn army_targets(armies: &[(Sp, Vec<bool>)], from: Sp, cap: bool) -> impl Iterator<Item = Sp> + '_ {
        armies.iter().filter(move |(a, reach)| !cap && *a != from && reach[from as usize]).map(|(a, _)| *a)
    }

    /// Into `out` (emptied first), the spaces where a general of `side` stands outside any army
    /// and is not cavalry (FtP 5.3.4: the last SP there may not leave him): one pass over the
    /// generals per listing instead of one per source space.
    fn foot_general_spaces(&self, st: &State, side: Side, out: &mut Vec<Sp>) {
        out.clear();
        for (g, at) in st.generals.iter().enumerate() {
            let g = g as super::content::GeneralId;
            if let GenAt::Map(s) = *at
                && self.gen_side(g) == side
                && !self.is_cav(st, g)
            {
                out.push(s);
            }
        }
    }

    /// FtP 10.2.3, 6.6.3 C: the Union-controlled ports an SP in Union port `from` may reach by
    /// sea or river without running the guns past an enemy fort; none into or out of Washington
    /// while a CSA fort stands at Aquia Creek.
    pub(super) fn strategic_sea(&self, st: &State, from: Sp) -> Vec<Sp> {
        if self.c.map.space(SpaceId(from)).port.is_none() || self.potomac_closed(st, from) {
            return vec![];
        }
        self.naval_routes(st, from, true, None)
            .into_iter()
            .filter(|r| !r.runs_guns && !r.passes_fort && self.strategic_sea_to(st, r.to))
            .map(|r| r.to)
            .collect()
    }

    /// `strategic_sea(st, from)` of one listing, the naval searches shared: a Union move passes
    /// freely through a port with no Confederate coastal fort, ironclad or fort counter
    /// (`naval_passes`, FtP 6.2.2, 6.2.3, 6.7, 6.1.4), and river lanes and the sea go both ways,
    /// so two such ports that reach each other without running the guns reach the same ports
    /// (each but itself). `done`: each port searched from that passes freely, the ports it
    /// reaches without running the guns (itself included) and its destinations.
    fn strategic_sea_shared(&self, st: &State, from: Sp, done: &mut Vec<(Sp, Vec<bool>, Vec<Sp>)>) -> Vec<Sp> {
        if self.c.map.space(SpaceId(from)).port.is_none() || self.potomac_closed(st, from) {
            return vec![];
        }
        let passes = self.naval_passes(st, from);
        if passes && let Some((f, _, to)) = done.iter().find(|(_, clean, _)| clean[from as usize]) {
            let mut out: Vec<Sp> = to.iter().copied().filter(|&t| t != from).collect();
            if self.strategic_sea_to(st, *f) {
                out.push(*f);
            }
            return out;
        }
        let routes = self.naval_routes(st, from, true, None);
        let clean = |r: &&super::naval::Route| !r.runs_guns && !r.passes_fort;
        let to: Vec<Sp> = routes.iter().filter(clean).filter(|r| self.strategic_sea_to(st, r.to)).map(|r| r.to).collect();
        if passes {
            let mut reach = vec![false; self.c.map.len()];
            reach[from as usize] = true;
            routes.iter().filter(clean).for_each(|r| reach[r.to as usize] = true);
            done.push((from, reach, to.clone()));
        }
        to
    }

    /// FtP 10.2.3, 6.6.3 C: a port a strategic sea move may end in (Union-controlled, free of the
    /// enemy, not Washington cut from the sea).
    fn strategic_sea_to(&self, st: &State, to: Sp) -> bool {
        st.controls(Side::Union, to) && !self.enemy_occupied(st, Side::Union, to) && !self.potomac_closed(st, to)
    }

    /// FtP 6.6.3: Washington is cut from the sea while a CSA fort stands at Aquia Creek.
    pub(super) fn potomac_closed(&self, st: &State, s: Sp) -> bool {
        self.c.map.space(SpaceId(s)).national_capital == Some(Side::Union) && self.c.space("aquia_creek").is_some_and(|a| st.fort[a.index()] == Some(Side::Csa))
    }

    /// FtP 10.2.1 special case, 10.2.3: each supplied army of `side` and the spaces with a LOC
    /// to it through friendly or neutral spaces without enemy SP or forts, by land (roads,
    /// railroads, the B&O for the Union) and, for the Union, by river and sea port to port.
    fn army_reach(&self, st: &State, side: Side, sup: &[bool], unc: &Unc) -> Vec<(Sp, Vec<bool>)> {
        let n = self.c.map.len();
        let pass = |s: Sp| st.control(s) != Control::Of(super::rules::other(side)) && !self.enemy_occupied(st, side, s);
        let mut out = Vec::new();
        // One buffer for every step's next spaces.
        let mut next: Vec<Sp> = Vec::new();
        for a in 0..st.armies.len() as u8 {
            let Some(x) = st.armies[a as usize] else { continue };
            if self.army_side(a) != side || !sup[x.space as usize] {
                continue;
            }
            let mut reach = vec![false; n];
            reach[x.space as usize] = true;
            let mut q = vec![x.space];
            let mut sea_done = false;
            while let Some(s) = q.pop() {
                next.clear();
                for (t, l) in self.c.map.neighbors(SpaceId(s)) {
                    let ok = match l.kind {
                        LinkKind::Road | LinkKind::Rail => self.river_crossing(st, unc, side, t.0, l).is_ok(),
                        LinkKind::BAndO => side == Side::Union,
                        LinkKind::River(_) => side == Side::Union && !st.naval.ironclad(t.0),
                        LinkKind::Dashed => false,
                    };
                    if ok {
                        next.push(t.0);
                    }
                }
                if side == Side::Union && !sea_done && self.on_sea(s) && !self.sea_gate_closed(st, s) && st.controls(side, s) {
                    sea_done = true;
                    next.extend((0..n as Sp).filter(|&p| self.on_sea(p) && !self.sea_gate_closed(st, p) && st.controls(side, p)));
                }
                for &t in &next {
                    if !reach[t as usize] && pass(t) {
                        reach[t as usize] = true;
                        q.push(t);
                    }
                }
            }
            out.push((x.space, reach));
        }
        out
    }

    /// FtP 10.2: one SP moves strategically; an SP arriving in a space with a friendly army
    /// joins its display up to the army's limit (10.2.1 special case).
    pub(super) fn strategic_move(&self, st: &mut State, side: Side, from: Sp, to: Sp, log: &mut Log) {
        let i = side.index();
        if st.opts.rail_logistics {
            let unc = self.unc(st);
            let normal = st.controls(side, from) && (self.rail_reach(st, side, from, &unc, &self.rail_net(st, side, &unc)).binary_search(&to).is_ok() || (side == Side::Union && self.strategic_sea(st, from).contains(&to)));
            self.rail_note_army_move(st, side, to, normal);
        }
        st.sp[from as usize][i] -= 1;
        st.strat_used[i] += 1;
        let army = self.army_in(st, side, to).filter(|&a| self.army_strength(st, a) < self.c.movement.army.max_sp);
        match army.and_then(|a| st.armies[a as usize].as_mut()) {
            Some(x) => x.sp += 1,
            None => st.sp[to as usize][i] += 1,
        }
        log.info(|| format!("{} moves 1 SP strategically from {} to {} (FtP 10.2)", side.name(), self.sname(from), self.sname(to)));
    }
}

#[cfg(test)]
mod tests {
    use super::super::content::Side;
    use super::super::play_tests::{each_random_position, game};
    use super::super::state::Sp;
    use super::LinkKind;
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::map::graph::SpaceId;

    /// FtP 10.2.1, 10.2.4, 6.5.1, 6.8.3: the rail network's parts give, from every
    /// space, exactly the spaces a search from that space alone reaches (the search the listing
    /// made per source space before), at every step of seeded random games.
    #[test]
    fn rail_parts_reach_what_a_search_from_each_space_reaches() {
        let g = game();
        let mut checked = 0;
        for (sc, seed) in [("1861", 3), ("1863", 4), ("1864", 5)] {
            each_random_position(g.setup(&Setup::new(sc, 2, seed)).expect("setup"), seed, 300, |st| {
                for side in [Side::Union, Side::Csa] {
                    let unc = g.unc(st);
                    let (rail, net) = (g.rail_spaces(st, side), g.rail_net(st, side, &unc));
                    for from in 0..g.c.map.len() as Sp {
                        let mut seen = vec![false; g.c.map.len()];
                        seen[from as usize] = true;
                        let (mut q, mut want) = (vec![from], Vec::new());
                        while let Some(s) = q.pop() {
                            for (t, l) in g.c.map.neighbors(SpaceId(s)) {
                                let link = match l.kind {
                                    LinkKind::Rail => true,
                                    LinkKind::BAndO => side == Side::Union,
                                    LinkKind::Road => l.upgrade_1864 && st.turn >= 10,
                                    _ => false,
                                };
                                if link && !seen[t.index()] && rail[t.index()].pass && g.river_crossing(st, &unc, side, t.0, l).is_ok() {
                                    seen[t.index()] = true;
                                    if rail[t.index()].enter {
                                        want.push(t.0);
                                    }
                                    q.push(t.0);
                                }
                            }
                        }
                        want.sort_unstable();
                        let got = g.rail_reach(st, side, from, &unc, &net);
                        if !g.move_limited(st, side, super::super::events::MoveKind::Rail) {
                            assert_eq!(got, want, "{sc}: {side:?} from {}", g.sname(from));
                            checked += 1;
                        }
                    }
                }
            });
        }
        assert!(checked > 10_000, "{checked} sources checked");
    }
}

#[cfg(test)]
mod strategic_kept_tests {
    use super::super::content::Side;
    use super::super::formulas;
    use super::super::play_tests::{each_random_position, game};
    
    use bivouac_engine::game::{Game, Setup};

    /// FtP 10.2: the strategic moves listed with the searches kept from an earlier
    /// position (`StrategicKey`) are those listed with searches made afresh, for both sides at
    /// every step of seeded random games of every scenario in both editions (each action
    /// changes the state, so a search kept too long would show).
    #[test]
    fn kept_strategic_searches_are_fresh_fpt_10_2() {
        let g = game();
        let mut checked = 0;
        for (i, sc) in ["1861", "1862", "1863", "1864", "campaign"].into_iter().enumerate() {
            for edition in ["spanish", "italian"] {
                let mut st = g.setup(&Setup::new(sc, 2, 80 + i as u64)).expect("setup");
                st.edition = g.c.edition(edition).expect("edition");
                each_random_position(st, 21 + i as u64, 400, |st| {
                    for side in [Side::Union, Side::Csa] {
                        let mut kept = Vec::new();
                        g.strategic_moves_into(st, side, &mut kept);
                        let mut fresh = Vec::new();
                        if formulas::strategic_move_fits(&g.formulas, side, st.strat_used[side.index()], 1) {
                            g.strategic_listing(st, side, &mut g.strategic_net(st, side), &mut fresh);
                        }
                        assert_eq!(kept, fresh, "{sc} {edition}: FtP 10.2 strategic moves of {side:?}");
                        checked += kept.len();
                    }
                });
            }
        }
        assert!(checked > 100_000, "{checked} moves checked");
    }
}

#[cfg(test)]
mod reinforce_kept_tests {
    use super::super::FtP;
    use super::super::content::Side;
    use super::super::play_tests::{each_random_position, game};
    use super::super::state::*;
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::map::graph::SpaceId;

    /// FtP 10.3.1, 10.4.3, 10.4.4, 10.5.4: the reinforcement spaces as they were listed before
    /// their tests were kept, each space tested afresh.
    fn reinforce_spaces_afresh(g: &FtP, st: &State, side: Side) -> Vec<Sp> {
        let n = g.c.map.len() as Sp;
        match side {
            Side::Union => {
                let cav = st.pool[P_CAV] > 0;
                if st.pool[P_UNION] == 0 && !cav {
                    return vec![];
                }
                let sup = g.supplied(st, Side::Union);
                let road = g.north_reach(st, false);
                (0..n).filter(|&s| sup[s as usize] && (0..3).any(|a| (cav || (st.pool[P_UNION] > 0 && st.pool[P_EAST + a] > 0)) && g.union_space_ok(st, s, a, &road))).collect()
            }
            Side::Csa => {
                let sup = g.supplied(st, Side::Csa);
                let mo = g.c.state("mo").map(|x| x as usize);
                let ky = g.c.state("ky").map(|x| x as usize);
                let ports = g.br_open_ports(st);
                let fallback = st.pool[P_CAV + 1] > 0 && st.pool[P_STATES] > 0 && !(0..n).any(|s| g.csa_state_sp_ok(st, s, &sup));
                (0..n)
                    .filter(|&s| {
                        let d = g.c.map.space(SpaceId(s));
                        let state = g.state_of(s);
                        let free = st.controls(Side::Csa, s) && !g.enemy_occupied(st, Side::Csa, s) && g.coastal_fort_entry(st, Side::Csa, s, 1).is_ok();
                        if !free {
                            return false;
                        }
                        let states_ok = st.pool[P_STATES] > 0 && g.csa_state_sp_ok(st, s, &sup);
                        let cav_ok = fallback && sup[s as usize] && !d.pro_union;
                        let border_ok = (st.pool[P_MO] > 0 && Some(state) == mo) || (st.pool[P_KY] > 0 && Some(state) == ky);
                        let br_ok = d.sea.is_some_and(|z| st.pool[P_BR + z as usize] > 0) && ports[s as usize];
                        states_ok || border_ok || br_ok || cav_ok
                    })
                    .collect()
            }
        }
    }

    /// FtP 10.3, 10.4, 10.5: the reinforcement spaces listed with tests kept from an
    /// earlier position (`ReinforceKey`) are those of every space tested afresh, for both sides
    /// at every step of seeded random games of every scenario in both editions.
    #[test]
    fn kept_reinforcement_tests_are_fresh_fpt_10_3_10_4() {
        let g = game();
        let (mut checked, mut pooled) = (0, 0);
        for (i, sc) in ["1861", "1862", "1863", "1864", "campaign"].into_iter().enumerate() {
            for edition in ["spanish", "italian"] {
                let mut st = g.setup(&Setup::new(sc, 2, 90 + i as u64)).expect("setup");
                st.edition = g.c.edition(edition).expect("edition");
                each_random_position(st, 31 + i as u64, 400, |st| {
                    for side in [Side::Union, Side::Csa] {
                        let enemy: Vec<bool> = (0..g.c.map.len() as Sp).map(|s| g.enemy_occupied(st, side, s)).collect();
                        assert_eq!(g.enemy_occupied_all(st, side), enemy, "{sc} {edition}: FtP 5.7.1 spaces with enemy SP or forts of {side:?}");
                        let kept = g.reinforce_spaces(st, side);
                        assert_eq!(kept, reinforce_spaces_afresh(g, st, side), "{sc} {edition}: FtP 10.3, 10.4 spaces of {side:?}");
                        checked += kept.len();
                    }
                    // Every pool the CSA draws on (FtP 10.4.3, 10.4.4, 10.5.4, a returning
                    // cavalry SP), with no state given its SP yet or every state given one (the
                    // cavalry's fallback).
                    for given in [0, u64::MAX] {
                        let mut x = st.clone();
                        x.pool[P_STATES..P_CAV + 2].fill(1);
                        x.pool_states = given;
                        let kept = g.reinforce_spaces(&x, Side::Csa);
                        assert_eq!(kept, reinforce_spaces_afresh(g, &x, Side::Csa), "{sc} {edition}: FtP 10.4 spaces with every pool");
                        pooled += kept.len();
                    }
                });
            }
        }
        assert!(checked > 10_000 && pooled > 10_000, "{checked} spaces checked, {pooled} with every pool");
    }
}

#[cfg(test)]
mod sea_share_tests {
    use super::super::content::Side;
    use super::super::play_tests::game;
    use super::super::state::Sp;
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::log::Log;
    use bivouac_engine::rng::GameRng;

    /// FtP 10.2.3: the strategic sea moves found with the searches shared over a listing are
    /// those of one search per port, in every position of random games of each scenario.
    #[test]
    fn shared_sea_searches_find_each_ports_moves() {
        let g = game();
        let mut checked = 0;
        for (i, sc) in ["1861", "1862", "1863", "1864", "campaign"].into_iter().enumerate() {
            let mut st = g.setup(&Setup::new(sc, 2, 40 + i as u64)).expect("setup");
            let mut rng = GameRng::new(7 + i as u64);
            for _ in 0..400 {
                if g.outcome(&st).is_some() {
                    break;
                }
                let mut done = Vec::new();
                for s in 0..g.c.map.len() as Sp {
                    if st.sp[s as usize][0] > 0 && st.controls(Side::Union, s) {
                        let mut shared = g.strategic_sea_shared(&st, s, &mut done);
                        let mut alone = g.strategic_sea(&st, s);
                        shared.sort_unstable();
                        alone.sort_unstable();
                        assert_eq!(shared, alone, "{sc}: from {}", g.sname(s));
                        checked += 1;
                    }
                }
                let active = g.active_seats(&st);
                let seat = active[rng.pick(active.len())];
                let legal = g.legal_actions(&st, seat);
                let a = legal[rng.pick(legal.len())];
                g.apply(&mut st, seat, &a, &mut Log::quiet()).expect("a legal action applies");
            }
        }
        assert!(checked > 1000, "{checked} sources checked");
    }
}
