//! Map rules: terrain and hexsides, zones of control, movement costs, command radius, and the
//! unit values that depend on status (combat value, demoralization).

use super::data::{Crossing, HexId, Kind, LKind, MapData, NO_HEX, NONE8, ScenarioData, SideData, Terrain, UnitId};
use super::state::{State, UnitSt};
use super::Gcacw;

pub const ZOC_NONE: u8 = 0;
pub const ZOC_RESTRICTED: u8 = 1;
pub const ZOC_NORMAL: u8 = 2;

/// Mountain/swamp hex for route-only rules; a provisional swamp counts as swamp in rain (GCACW 12.0).
pub fn route_only(t: Terrain, rain: bool) -> bool {
    matches!(t, Terrain::Mountain | Terrain::Swamp) || (rain && t == Terrain::ProvSwamp)
}

/// The hexside between `a` and `b` as it stands now: a destroyed bridge or ferry leaves a ford
/// on a minor river and nothing on a major one, except where the map says a ford remains
/// (GCACW 10.0).
pub fn eff_side(m: &MapData, st: &State, a: HexId, b: HexId) -> Option<SideData> {
    let mut s = *m.side(a, b)?;
    if matches!(s.crossing, Crossing::Bridge | Crossing::Ferry) && !st.destroyed.is_empty() && st.destroyed.contains(&(a.min(b), a.max(b))) {
        s.crossing = if s.river == 1 || s.ford_remains { Crossing::Ford } else { Crossing::None };
    }
    // GCACW 10.0: a pontoon bridge is a bridge (its owner alone may use it: `enemy_pontoon`).
    if s.river > 0 && !st.pontoons.is_empty() && st.pontoons.iter().any(|p| (p.0, p.1) == (a.min(b), a.max(b))) {
        s.crossing = Crossing::Bridge;
    }
    Some(s)
}

/// The hexside's only way across is a pontoon bridge of the enemy of `side`: units of `side`
/// may not march, retreat, advance or attack across it (GCACW 10.0).
pub fn enemy_pontoon(m: &MapData, st: &State, a: HexId, b: HexId, side: u8) -> bool {
    if st.pontoons.is_empty() {
        return false;
    }
    let Some(p) = st.pontoons.iter().find(|p| (p.0, p.1) == (a.min(b), a.max(b))) else { return false };
    if p.2 == side {
        return false;
    }
    // Would the hexside be passable without the pontoon?
    let mut st2 = st.clone();
    st2.pontoons.clear();
    eff_side(m, &st2, a, b).is_some_and(|s| !river_passable(&s, st.rain))
}

/// Can a river hexside be crossed (or attacked/ZOC'd across) this turn? (GCACW 6.2, 10.0, 12.0)
/// Pontoon bridges are not modelled (see the module report), so none exist.
pub fn river_passable(s: &SideData, rain: bool) -> bool {
    if s.river == 0 {
        return true;
    }
    match s.crossing {
        Crossing::Bridge | Crossing::Dam | Crossing::Ferry => true,
        // GCACW 12.0: fords are unusable in rain.
        Crossing::Ford => !rain,
        Crossing::None => false,
    }
}

/// The river of this hexside is unfordable this turn: its marker (minor or major) lies on the
/// turn track at or after the current turn (GCACW 12.0 "unfordable rivers").
pub fn unfordable(st: &State, s: &SideData) -> bool {
    s.river > 0 && st.unford[(s.river - 1) as usize] >= st.turn
}

/// GCACW 12.0: while a river is unfordable no unit moves, retreats or advances
/// across it by a ford; on a minor river a destroyed bridge or ferry counts as that ford
/// (`eff_side` already turns it into one). Attacks and ZOC are not named by the rule.
pub fn unfordable_blocks(m: &MapData, st: &State, a: HexId, b: HexId) -> bool {
    st.unford != [0, 0] && eff_side(m, st, a, b).is_some_and(|s| s.crossing == Crossing::Ford && unfordable(st, &s))
}

/// A creek may be crossed in rain only along a route or next to a city (GCACW 12.0).
pub fn creek_passable(m: &MapData, a: HexId, b: HexId, s: &SideData, rain: bool) -> bool {
    !(rain && s.creek && !s.any_route() && m.terrain(a) != Terrain::City && m.terrain(b) != Terrain::City)
}

/// Why a move is forbidden: the rule and the reason, for refusals (static text: the legal-move
/// search calls these checks for every neighbour, so a blocked step allocates nothing).
pub type Block = (&'static str, &'static str);

/// Why the hexside between two adjacent hexes may not be crossed by movement, retreat, advance
/// or attack (rivers only at crossings, mountains/swamps only along routes, creeks in rain), or
/// None. The one test behind `side_crossable` and the move refusals.
pub fn side_block(m: &MapData, a: HexId, b: HexId, st: &State, swamp_trail: bool) -> Option<Block> {
    let rain = st.rain;
    let Some(s) = eff_side(m, st, a, b) else { return Some(("GCACW 6.1", "a unit moves one hex at a time, into an adjacent hex")) };
    let s = &s;
    if m.terrain(b) == Terrain::Water || m.terrain(a) == Terrain::Water {
        return Some(("GCACW 6.2", "no unit may enter an all-water hex"));
    }
    if !river_passable(s, rain) {
        return Some(if s.crossing == Crossing::Ford {
            ("GCACW 12.0", "fords may not be used in a rain turn")
        } else {
            ("GCACW 6.2", "a river hexside may be crossed only by a bridge, ford, dam or ferry")
        });
    }
    if !creek_passable(m, a, b, s, rain) {
        return Some(("GCACW 12.0", "in a rain turn a creek hexside may be crossed only along a pike, road, trail or railroad, or next to a city"));
    }
    for h in [a, b] {
        let t = m.terrain(h);
        if route_only(t, rain) {
            // GCACW 6.2: mountains along pike/road/trail/railroad; swamps along pike/road/railroad
            // for movement, trails included for attacks, retreats and ZOC.
            if t == Terrain::Mountain {
                if !s.any_route() {
                    return Some(("GCACW 6.2", "a mountain hex may be entered or left only across a pike, road, trail or railroad hexside"));
                }
            } else if swamp_trail {
                if !s.any_route() {
                    return Some(("GCACW 6.2", "a swamp hex may be entered or left only across a pike, road, trail or railroad hexside"));
                }
            } else if !(s.pike || s.road || s.railroad) {
                return Some((
                    if t == Terrain::Swamp { "GCACW 6.2" } else { "GCACW 12.0" },
                    "a swamp hex (a provisional swamp in rain) may be entered or left only across a pike, road or railroad hexside",
                ));
            }
        }
    }
    None
}

/// The hexside between two adjacent hexes may be crossed by movement, retreat, advance or
/// attack (`side_block` says why not).
pub fn side_crossable(m: &MapData, a: HexId, b: HexId, st: &State, swamp_trail: bool) -> bool {
    side_block(m, a, b, st, swamp_trail).is_none()
}

/// The kind of ZOC a unit in `from` exerts into the adjacent hex `to` (GCACW 2.4, 12.0).
pub fn zoc_into(m: &MapData, from: HexId, to: HexId, st: &State) -> u8 {
    let rain = st.rain;
    let Some(s) = eff_side(m, st, from, to) else { return ZOC_NONE };
    let s = &s;
    let (tf, tt) = (m.terrain(from), m.terrain(to));
    if tt == Terrain::Water {
        return ZOC_NONE;
    }
    // Rivers: only through a ford, dam, ferry or bridge; not across fords in rain (nor, under
    // option `unfordable-fords`, across fords of an unfordable river).
    if !river_passable(s, rain) || (st.opts.unford_like_rain && s.crossing == Crossing::Ford && unfordable(st, s)) {
        return ZOC_NONE;
    }
    // Swamp or mountain: only across route hexsides.
    if (route_only(tf, rain) || route_only(tt, rain)) && !s.any_route() {
        return ZOC_NONE;
    }
    // Rain: not across creeks without a route unless a city is involved.
    if !creek_passable(m, from, to, s, rain) {
        return ZOC_NONE;
    }
    // Restricted ZOC: across a woods hexside that no route crosses.
    if (tf == Terrain::Woods || tt == Terrain::Woods) && !s.any_route() { ZOC_RESTRICTED } else { ZOC_NORMAL }
}

impl Gcacw {
    pub fn sc<'a>(&'a self, st: &State) -> &'a ScenarioData {
        &self.data.scenarios[st.sc as usize]
    }

    /// Combat value in half points: organized = manpower, disorganized from the chart (GCACW 2.2).
    pub fn cv_half(&self, u: &UnitSt) -> u32 {
        if u.mp == 0 {
            return 0;
        }
        if u.org {
            u.mp as u32 * 2
        } else {
            self.data.charts.disorg_half.get(u.mp as usize - 1).copied().unwrap_or(u.mp * 2 / 3) as u32
        }
    }

    /// Attacking CV in half points: D1 halved (floor, minimum 1/2), D2 = 1 (1/2 if CV <= 1)
    /// (GCACW 11.0).
    pub fn attack_cv_half(&self, u: &UnitSt) -> u32 {
        let cv = self.cv_half(u);
        match u.dem {
            1 => {
                let whole = cv / 4; // floor(cv / 2) in whole points
                (whole * 2).max(1)
            }
            2 => {
                if cv <= 2 {
                    1
                } else {
                    2
                }
            }
            _ => cv,
        }
    }

    /// Every unit in `hex`. GCACW 6.4: stacking is unlimited (force markers, when used, only
    /// tidy the map and change nothing in play), so no stacking check exists anywhere.
    pub fn units_at(&self, st: &State, hex: HexId) -> u64 {
        let mut m = 0u64;
        for (i, u) in st.units.iter().enumerate() {
            if u.hex == hex && !u.gone && hex != NO_HEX {
                m |= 1 << i;
            }
        }
        m
    }

    pub fn side_units_at(&self, st: &State, hex: HexId, side: u8) -> u64 {
        let sc = self.sc(st);
        let mut m = 0u64;
        for (i, u) in st.units.iter().enumerate() {
            if u.hex == hex && !u.gone && hex != NO_HEX && sc.units[i].side == side {
                m |= 1 << i;
            }
        }
        m
    }

    pub fn enemy_in(&self, st: &State, hex: HexId, side: u8) -> bool {
        self.side_units_at(st, hex, 1 - side) != 0
    }

    /// The strongest enemy ZOC (of the side opposing `side`) in `hex` (GCACW 2.4).
    pub fn enemy_zoc(&self, st: &State, side: u8, hex: HexId) -> u8 {
        let sc = self.sc(st);
        let m = &sc.map;
        let mut best = ZOC_NONE;
        for (i, u) in st.units.iter().enumerate() {
            if !u.on_map() || sc.units[i].side == side || u.hex == hex {
                continue;
            }
            if m.dir_to(u.hex, hex).is_some() {
                best = best.max(zoc_into(m, u.hex, hex, st));
                if best == ZOC_NORMAL {
                    break;
                }
            }
        }
        best
    }

    /// Hexes from which enemy cavalry exert a normal ZOC into `hex` (cavalry-retreat triggers).
    pub fn enemy_cav_hexes_with_normal_zoc(&self, st: &State, side: u8, hex: HexId) -> Vec<HexId> {
        let sc = self.sc(st);
        let mut out: Vec<HexId> = Vec::new();
        for (i, u) in st.units.iter().enumerate() {
            if u.on_map() && sc.units[i].side != side && sc.units[i].kind == Kind::Cav && sc.map.dir_to(u.hex, hex).is_some()
                && zoc_into(&sc.map, u.hex, hex, st) == ZOC_NORMAL
                && !out.contains(&u.hex)
            {
                out.push(u.hex);
            }
        }
        out.sort();
        out
    }

    /// Command radius (GCACW 2.5): a path of at most 3 hexes from the leader's hex, never into
    /// an enemy-occupied hex nor an enemy-ZOC hex (normal or restricted) without a friendly unit.
    pub fn in_command_radius(&self, st: &State, side: u8, from: HexId, target: HexId) -> bool {
        if from == target {
            return true;
        }
        let m = &self.sc(st).map;
        let passable = |h: HexId| {
            !self.enemy_in(st, h, side) && (self.enemy_zoc(st, side, h) == ZOC_NONE || self.side_units_at(st, h, side) != 0)
        };
        let mut frontier = vec![from];
        let mut seen = vec![from];
        for _ in 0..3 {
            let mut next = Vec::new();
            for &h in &frontier {
                for n in m.neighbors(h) {
                    if seen.contains(&n) || !passable(n) {
                        continue;
                    }
                    if n == target {
                        return true;
                    }
                    seen.push(n);
                    next.push(n);
                }
            }
            frontier = next;
        }
        false
    }

    /// Leader Transfer Phase path (GCACW 6.3): at most 10 hexes, never into an enemy-occupied
    /// hex; terrain and ZOC are ignored.
    pub fn transfer_reach(&self, st: &State, side: u8, from: HexId, target: HexId, limit: u32) -> bool {
        if from == target {
            return true;
        }
        let m = &self.sc(st).map;
        let mut dist = vec![u32::MAX; m.hexes.len()];
        dist[from as usize] = 0;
        let mut q = std::collections::VecDeque::from([from]);
        while let Some(h) = q.pop_front() {
            let d = dist[h as usize];
            if d >= limit {
                continue;
            }
            for n in m.neighbors(h) {
                if dist[n as usize] != u32::MAX || self.enemy_in(st, n, side) {
                    continue;
                }
                if n == target {
                    return true;
                }
                dist[n as usize] = d + 1;
                q.push_back(n);
            }
        }
        false
    }

    pub fn leader_hex(&self, st: &State, l: usize) -> HexId {
        let ls = st.leaders[l];
        if ls.gone || ls.unit == NONE8 {
            return NO_HEX;
        }
        st.units[ls.unit as usize].hex
    }

    pub fn is_sub(&self, st: &State, l: usize, u: UnitId) -> bool {
        self.sc(st).leaders[l].subs & (1 << u) != 0
    }

    /// The hex entered holds friendly infantry/artillery: the active infantry/artillery pays
    /// extra (GCACW 6.2). Entrenchment is not counted; cavalry never pays nor counts.
    pub fn friendly_hex_penalty(&self, st: &State, side: u8, to: HexId) -> u8 {
        let sc = self.sc(st);
        let mut cv = 0u32;
        for (i, u) in st.units.iter().enumerate() {
            if u.hex == to && u.on_map() && sc.units[i].side == side && sc.units[i].kind != Kind::Cav {
                cv += self.cv_half(u);
            }
        }
        // Half points: <= 2 -> none; 3..11 (a half rounds up: 11 1/2 -> 12+ row).
        let whole_up = cv.div_ceil(2);
        let close = match sc.map.terrain(to) {
            Terrain::Swamp | Terrain::Woods | Terrain::Mountain => true,
            // Provisional swamp as rough in fair weather, swamp in rain; hill as clear.
            Terrain::ProvSwamp => st.rain,
            _ => false,
        };
        let mp = if whole_up <= 2 {
            0
        } else if whole_up <= 11 {
            if close { 3 } else { 1 }
        } else if close {
            4
        } else {
            2
        };
        mp * 2
    }

    /// Cost in half MP for `unit` to step from `from` into the adjacent `to`, before ZOC
    /// effects; None if it may not (GCACW 6.1, 6.2, 10.0, 12.0).
    pub fn step_cost(&self, st: &State, unit: UnitId, from: HexId, to: HexId) -> Option<u8> {
        self.step_cost_why(st, unit, from, to).ok()
    }

    /// `step_cost`, or the rule that forbids the step.
    pub fn step_cost_why(&self, st: &State, unit: UnitId, from: HexId, to: HexId) -> Result<u8, Block> {
        let ud = &self.sc(st).units[unit as usize];
        self.move_cost_why(st, ud.side, ud.kind == Kind::Cav, st.units[unit as usize].mp, from, to)
    }

    /// `step_cost` for a mover of `side`, cavalry or not, of manpower `mp` (a decoy force
    /// marker moves as infantry or cavalry with no manpower, GCACW 12.0).
    pub fn move_cost(&self, st: &State, side: u8, cav: bool, mp: u8, from: HexId, to: HexId) -> Option<u8> {
        self.move_cost_why(st, side, cav, mp, from, to).ok()
    }

    /// `move_cost`, or the rule that forbids the step.
    pub fn move_cost_why(&self, st: &State, side: u8, cav: bool, mp: u8, from: HexId, to: HexId) -> Result<u8, Block> {
        let sc = self.sc(st);
        let m = &sc.map;
        if m.dir_to(from, to).is_none() {
            return Err(("GCACW 6.1", "a unit moves one hex at a time, into an adjacent hex"));
        }
        if self.enemy_in(st, to, side) {
            return Err(("GCACW 6.2", "a unit may never enter a hex occupied by an enemy unit"));
        }
        if let Some(b) = side_block(m, from, to, st, false) {
            return Err(b);
        }
        if enemy_pontoon(m, st, from, to, side) {
            return Err(("GCACW 10.0", "only the side that built a pontoon bridge may cross it"));
        }
        if unfordable_blocks(m, st, from, to) {
            return Err(("GCACW 12.0", "the river is unfordable this turn: no unit crosses it by a ford"));
        }
        let s = &eff_side(m, st, from, to).ok_or(("GCACW 6.1", "a unit moves one hex at a time, into an adjacent hex"))?;
        let ch = &self.data.charts;
        let pick = |p: (u8, u8)| if st.rain { p.1 } else { p.0 };
        let tt = m.terrain(to);
        let mut cost = if s.pike {
            pick(ch.pike)
        } else if s.road {
            pick(ch.road)
        } else if s.railroad {
            pick(ch.railroad)
        } else if s.trail {
            if tt == Terrain::Mountain { pick(ch.trail_mountain) } else { pick(ch.trail) }
        } else {
            let t = if tt == Terrain::ProvSwamp && st.rain { Terrain::Swamp } else { tt };
            ch.terrain_cost(t, st.rain)
        };
        if s.ridge != 0 {
            cost += 2; // GCACW 6.2: +1 MP across a ridge, in either direction, even on a road.
        }
        // GCACW 6.2 / 12.0: ferry penalty on major rivers, or minor rivers in rain or while
        // unfordable.
        if s.river > 0 && s.crossing == Crossing::Ferry && (s.river == 2 || st.rain || unfordable(st, s)) {
            cost += 2 * (mp / 3);
        }
        if !cav {
            cost += self.friendly_hex_penalty(st, side, to);
        }
        Ok(cost)
    }

    /// The best tactical value among the units and leaders in `hex` (GCACW 7.4).
    pub fn best_tactical_in(&self, st: &State, hex: HexId) -> i32 {
        let sc = self.sc(st);
        let mut best = 0i32;
        for (i, u) in st.units.iter().enumerate() {
            if u.hex == hex && u.on_map() {
                best = best.max(sc.units[i].tactical as i32);
            }
        }
        for (l, ld) in sc.leaders.iter().enumerate() {
            if ld.kind != LKind::Army && self.leader_hex(st, l) == hex {
                best = best.max(ld.tactical as i32);
            }
        }
        best
    }
}
