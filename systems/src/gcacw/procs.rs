//! The sequence of play (GCACW 3.0-4.4, 8.0) and every action (5.1-5.4), written as a state
//! machine over the engine's Flow: decision frames wait for a seat; `Cont` frames are procedure
//! steps that run as soon as they reach the top.

use super::Gcacw;
use super::combat::bits;
use super::data::{CSA, Crossing, ExtRes, HexId, Kind, LKind, NO_HEX, NONE8, Terrain, UNION, UnitId};
use super::rules::{Block, ZOC_NONE, ZOC_NORMAL, enemy_pontoon, route_only, side_crossable, unfordable, unfordable_blocks};
use super::intel::tell;
use super::state::*;
use bivouac_engine::flow::{At, Procedure, drive};
use bivouac_engine::log::{EventKind, Log, Refusal, Visibility};

const SIDE: [&str; 2] = ["Union", "Confederate"];

/// Half movement points as text (3 -> "1.5").
fn half_mp(h: u8) -> String {
    format!("{}", f32::from(h) / 2.0)
}

fn count(m: u64) -> u32 {
    m.count_ones()
}

impl Gcacw {
    // ---- Turn structure (GCACW 3.0) -----------------------------------------------------------

    /// Start of a turn: Random Events Phase, reinforcements, Leader Transfer Phase.
    pub(super) fn begin_turn(&self, st: &mut State, log: &mut Log) {
        st.destroy_tried = 0; // GCACW 10.0: one destruction attempt per unit per turn.
        st.pontoon_failed.clear(); // GCACW 10.0: a failed hexside may be tried again next turn.
        let rain_event = self.random_events(st, log);
        self.place_reinforcements(st, log);
        // GCACW 6.3: Leader Transfer Phase, the Union first.
        st.phase = Phase::Transfer;
        st.transferred = 0;
        st.flow.push(Frame::Transfer { side: CSA });
        st.flow.push(Frame::Transfer { side: UNION });
        // GCACW 12.0: units flooded out of provisional swamps move first (Random Events Phase).
        self.swamp_flood(st, rain_event, log);
    }

    // ---- Destroying permanent bridges and ferries (GCACW 10.0) -----------------

    /// Hexes across a bridge or ferry hexside from the marching unit that it may try to destroy
    /// as it ends its march (GCACW 10.0).
    pub fn destroy_targets(&self, st: &State) -> Vec<HexId> {
        let Some(mv) = st.march.as_ref() else { return vec![] };
        let u = mv.unit as usize;
        let sc = self.sc(st);
        let us = &st.units[u];
        let ud = &sc.units[u];
        if !us.on_map() || st.destroy_tried & (1 << u) != 0 {
            return vec![];
        }
        let cur = us.hex;
        let side = ud.side;
        let mut out = Vec::new();
        for n in sc.map.neighbors(cur) {
            let Some(s) = sc.map.side(cur, n) else { continue };
            if s.river == 0 || s.indestructible || st.destroyed.contains(&(cur.min(n), cur.max(n))) {
                continue;
            }
            let ok = match s.crossing {
                // A permanent bridge: infantry with CV >= 5 (SIV 3: `bridge_cv`).
                Crossing::Bridge => ud.kind == Kind::Inf && self.cv_half(us) >= 2 * sc.variant.bridge_cv as u32,
                // A ferry: infantry or cavalry of any CV.
                Crossing::Ferry => matches!(ud.kind, Kind::Inf | Kind::Cav),
                // Dams and fords can never be destroyed.
                _ => false,
            };
            if !ok || self.enemy_in(st, cur, side) || self.enemy_in(st, n, side) {
                continue;
            }
            // Not if either linked hex is in an enemy ZOC (restricted too) without a friendly unit.
            let zoc_bad = |h: HexId| self.enemy_zoc(st, side, h) != ZOC_NONE && self.side_units_at(st, h, side) == 0;
            if zoc_bad(cur) || zoc_bad(n) {
                continue;
            }
            out.push(n);
        }
        out
    }

    /// One destruction attempt: 1d6 + DRMs; a bridge falls on <= 2, a ferry on <= 1 (GCACW 10.0).
    pub(super) fn destroy_attempt(&self, st: &mut State, u: usize, n: HexId, log: &mut Log) {
        let sc = self.sc(st);
        let cur = st.units[u].hex;
        let Some(s) = sc.map.side(cur, n).copied() else { return };
        let side = sc.units[u].side;
        st.destroy_tried |= 1 << u;
        let ferry = s.crossing == Crossing::Ferry;
        let mut drm = 0i32;
        if ferry && side == CSA {
            drm -= 2; // a Confederate attempt on a ferry
        }
        if self.enemy_zoc(st, side, cur) == ZOC_NONE && self.enemy_zoc(st, side, n) == ZOC_NONE {
            drm -= 1; // neither linked hex in an enemy ZOC
        }
        if st.march.as_ref().is_some_and(|m| !m.moved && !m.attacked) {
            drm -= 1; // the whole march spent in a linked hex
        }
        let r = st.d6();
        let total = r as i32 + drm;
        let ok = total <= if ferry { 1 } else { 2 };
        if ok {
            st.destroyed.push((cur.min(n), cur.max(n)));
        }
        let what = if ferry { "ferry" } else { "bridge" };
        log.roll(|| {
            format!(
                "{} tries to destroy the {what} {}-{}: roll {r} {drm:+} = {total}: {} (GCACW 10.0)",
                sc.units[u].name,
                sc.map.label(cur),
                sc.map.label(n),
                if ok { "destroyed" } else { "fails" }
            )
        });
    }

    // ---- Pontoon bridges (GCACW 10.0) ---------------------------------------

    fn hex_has_route(&self, st: &State, h: HexId) -> bool {
        self.sc(st).map.hexes[h as usize].side.iter().any(|s| s.any_route())
    }

    /// Enemy CV (half points, no entrenchment) in `h` against `side`.
    fn enemy_cv_half(&self, st: &State, h: HexId, side: u8) -> u32 {
        bits(self.side_units_at(st, h, 1 - side)).map(|i| self.cv_half(&st.units[i])).sum()
    }

    /// Hexes across which unit `u` may try to build a pontoon bridge in Recovery step 1.
    pub fn pontoon_targets(&self, st: &State, u: usize) -> Vec<HexId> {
        let sc = self.sc(st);
        let us = &st.units[u];
        let ud = &sc.units[u];
        let need = 2 * sc.variant.bridge_cv as u32;
        // Infantry, fatigue 0, CV >= 5 (SIV 3), not entrenched/repaired this phase, no rain,
        // one attempt per hex per Recovery step 1.
        // SLB builds by its own rules (SLB 10.0, not part of these rules): no standard attempt.
        if sc.variant.pontoon_rules != "standard" {
            return vec![];
        }
        if ud.kind != Kind::Inf || !us.on_map() || us.fat != 0 || us.recovered || st.rain || self.cv_half(us) < need || st.pontoon_hexes.contains(&us.hex) {
            return vec![];
        }
        let cur = us.hex;
        let side = ud.side;
        let mut out = Vec::new();
        for n in sc.map.neighbors(cur) {
            let Some(s) = sc.map.side(cur, n) else { continue };
            let key = (cur.min(n), cur.max(n));
            // A river hexside without a bridge (permanent or pontoon) or dam; never a creek alone.
            if s.river == 0 || sc.map.terrain(n) == Terrain::Water || st.pontoons.iter().any(|p| (p.0, p.1) == key) || st.pontoon_failed.contains(&key) {
                continue;
            }
            let destroyed = st.destroyed.contains(&key);
            if matches!(s.crossing, Crossing::Dam) || (s.crossing == Crossing::Bridge && !destroyed) {
                continue;
            }
            let major = s.river == 2;
            let limit = if major { sc.variant.pontoon_major[side as usize] } else { sc.variant.pontoon_minor[side as usize] };
            // A pontoon the scenario exempts (SJW Chatham Bridge) never uses a marker.
            let used = st.pontoons.iter().filter(|p| p.2 == side && p.3 == major && !sc.limit_exempt.contains(&(p.0, p.1))).count();
            if limit != 255 && used >= limit as usize {
                continue;
            }
            if self.enemy_cv_half(st, cur, side) >= need || self.enemy_cv_half(st, n, side) >= need {
                continue;
            }
            out.push(n);
        }
        out
    }

    /// Friendly pontoon bridges linking the marching unit's hex (GCACW 10.0 dismantling).
    pub fn dismantle_targets(&self, st: &State) -> Vec<HexId> {
        let Some(mv) = st.march.as_ref() else { return vec![] };
        let u = mv.unit as usize;
        let cur = st.units[u].hex;
        let side = self.sc(st).units[u].side;
        st.pontoons
            .iter()
            .filter(|p| p.2 == side && (p.0 == cur || p.1 == cur))
            .map(|p| if p.0 == cur { p.1 } else { p.0 })
            .collect()
    }

    /// One pontoon attempt: 1d6 + DRMs, built on <= 5 (GCACW 10.0).
    pub(super) fn pontoon_attempt(&self, st: &mut State, u: usize, n: HexId, log: &mut Log) {
        if !self.pontoon_targets(st, u).contains(&n) {
            return;
        }
        let sc = self.sc(st);
        let cur = st.units[u].hex;
        let Some(s) = sc.map.side(cur, n).copied() else { return };
        let key = (cur.min(n), cur.max(n));
        let major = s.river == 2;
        let destroyed = st.destroyed.contains(&key);
        let side = sc.units[u].side;
        let mut drm = 0i32;
        if major {
            drm += 2;
        }
        // -3: a Confederate major-river bridge within 10 hexes of the Confederate capital (the
        // nearer of its two hexes counts).
        let cap = sc.map.csa_capital;
        if major && side == CSA && cap != NO_HEX && sc.map.dist(cur, cap).min(sc.map.dist(n, cap)) <= 10 {
            drm -= 3;
        }
        // +1: the river is unfordable now (GCACW 12.0).
        if unfordable(st, &s) {
            drm += 1;
        }
        // The hexside's own DRM (Barrett's Ferry +1).
        drm += s.pontoon_drm as i32;
        let (ra, rb) = (self.hex_has_route(st, cur), self.hex_has_route(st, n));
        let crossing_left = matches!(s.crossing, Crossing::Ford | Crossing::Ferry) && !destroyed;
        drm += match (ra, rb) {
            (true, true) if !crossing_left => 1,
            (true, true) => 0,
            (false, false) => 3,
            _ => 1,
        };
        st.units[u].recovered = true;
        st.pontoon_hexes.push(cur);
        let r = st.d6();
        let total = r as i32 + drm;
        let ok = total <= 5;
        if ok {
            st.pontoons.push((key.0, key.1, side, major));
        } else {
            st.pontoon_failed.push(key);
        }
        log.roll(|| {
            format!(
                "{} builds a pontoon bridge {}-{}: roll {r} {drm:+} = {total}: {} (GCACW 10.0)",
                sc.units[u].name,
                sc.map.label(cur),
                sc.map.label(n),
                if ok { "built" } else { "fails" }
            )
        });
    }

    /// GCACW 10.2: a pontoon bridge stays until a unit of CV 5+ (SIV 3+) of the
    /// other side ENDS a march, retreat or advance after combat in either hex it links; it is
    /// destroyed at that moment. `units` are the units whose move just ended. (The automatic
    /// destruction at the end of a Mergers phase belongs to games whose Mergers phase is not
    /// part of these rules, so it never arises here.)
    pub(super) fn pontoon_move_ended(&self, st: &mut State, units: u64, log: &mut Log) {
        if st.pontoons.is_empty() {
            return;
        }
        let sc = self.sc(st);
        let need = 2 * sc.variant.bridge_cv as u32;
        for u in bits(units) {
            let us = st.units[u];
            if !us.on_map() || self.cv_half(&us) < need {
                continue;
            }
            let side = sc.units[u].side;
            let h = us.hex;
            let before = st.pontoons.len();
            st.pontoons.retain(|p| p.2 == side || (p.0 != h && p.1 != h));
            if st.pontoons.len() != before {
                log.info(|| format!("{} ends its move at {}: the enemy pontoon bridge there is destroyed (GCACW 10.2)", sc.units[u].name, sc.map.label(h)));
            }
        }
    }

    // ---- Repairing permanent bridges and ferries (GCACW 10.3) -------------------

    /// Hexes across a destroyed permanent bridge or ferry that unit `u` may try to repair in
    /// Recovery step 1 (GCACW 10.3).
    pub fn repair_targets(&self, st: &State, u: usize) -> Vec<HexId> {
        let sc = self.sc(st);
        let v = &sc.variant;
        let us = &st.units[u];
        let ud = &sc.units[u];
        let side = ud.side;
        // Infantry, fatigue 0, CV 5+ (SIV 2+), not entrenched or bridging this phase, no rain,
        // one attempt per player per Recovery Phase. SIV Union: county control (not modelled).
        if st.destroyed.is_empty()
            || ud.kind != Kind::Inf
            || !us.on_map()
            || us.fat != 0
            || us.recovered
            || st.rain
            || st.repair_tried & (1 << side) != 0
            || (side == UNION && v.union_repair_county)
            || self.cv_half(us) < 2 * v.repair_cv as u32
        {
            return vec![];
        }
        let cur = us.hex;
        let block = 2 * v.repair_block_cv as u32;
        sc.map
            .neighbors(cur)
            .filter(|&n| {
                st.destroyed.contains(&(cur.min(n), cur.max(n)))
                    && sc.map.side(cur, n).is_some_and(|s| !s.unrepairable)
                    && self.enemy_cv_half(st, cur, side) < block
                    && self.enemy_cv_half(st, n, side) < block
            })
            .collect()
    }

    /// One repair attempt: 1d6, +1 if the river is unfordable, +2 on a major river; a bridge
    /// is repaired on <= 3, a ferry on <= 5 (GCACW 10.3).
    pub(super) fn repair_attempt(&self, st: &mut State, u: usize, n: HexId, log: &mut Log) {
        if !self.repair_targets(st, u).contains(&n) {
            return;
        }
        let sc = self.sc(st);
        let cur = st.units[u].hex;
        let Some(s) = sc.map.side(cur, n).copied() else { return };
        let side = sc.units[u].side;
        st.units[u].recovered = true;
        st.repair_tried |= 1 << side;
        let mut drm = 0i32;
        if unfordable(st, &s) {
            drm += 1;
        }
        if s.river == 2 {
            drm += 2;
        }
        let ferry = s.crossing == Crossing::Ferry;
        let r = st.d6();
        let total = r as i32 + drm;
        let ok = total <= if ferry { 5 } else { 3 };
        if ok {
            let key = (cur.min(n), cur.max(n));
            st.destroyed.retain(|&k| k != key);
        }
        let what = if ferry { "ferry" } else { "bridge" };
        log.roll(|| {
            format!(
                "{} repairs the {what} {}-{}: roll {r} {drm:+} = {total}: {} (GCACW 10.3)",
                sc.units[u].name,
                sc.map.label(cur),
                sc.map.label(n),
                if ok { "repaired" } else { "fails" }
            )
        });
    }

    /// GCACW 3.1: Random Events Phase: 2d6 on the scenario's Random Events Table (a scenario
    /// may have none: then no roll). Rain results place rain markers (GCACW 12.0):
    /// `rain_until = max(rain_until, turn + k)`. Rain rules then apply only in the games where
    /// rain has Basic Game effects (`rain_in_basic`).
    /// Returns whether a rain event happened (a rain result on this turn's roll).
    pub(super) fn random_events(&self, st: &mut State, log: &mut Log) -> bool {
        let sc = self.sc(st);
        let mut rain_event = false;
        if !sc.random_events.is_empty() {
            let (a, b) = (st.d6(), st.d6());
            let roll = a + b;
            let ev = sc.random_events.iter().find(|e| (e.lo..=e.hi).contains(&roll));
            let rain = ev.map_or(0, |e| e.rain);
            log.roll(|| {
                let what = ev.map_or(String::new(), |e| e.text.clone());
                format!("Random Events Table: {a} + {b} = {roll}: {} (GCACW 3.1)", if what.is_empty() { "no event".into() } else { what })
            });
            if rain > 0 {
                rain_event = true;
                self.add_rain(st, rain, log);
                self.add_unfordable(st, rain, log);
            }
        }
        let raining = st.rain_until >= st.turn;
        st.rain = raining && sc.variant.rain_in_basic;
        if raining && !st.rain {
            log.info(|| format!("rain this turn, without effect in the {} Basic Game (GCACW 12.0)", sc.variant.id));
        }
        rain_event
    }

    /// GCACW 12.0 provisional swamps: when a rain event happens (a rain result this turn, with
    /// rain effects in force), every unit in a provisional-swamp hex without a pike, road or
    /// railroad gains 1 fatigue, is disorganized and must move at once to an adjacent hex
    /// (`Frame::Swamp`). Called after the Leader Transfer frames are pushed, so it comes first.
    pub(super) fn swamp_flood(&self, st: &mut State, rain_event: bool, log: &mut Log) {
        if !rain_event || !st.rain {
            return;
        }
        let sc = self.sc(st);
        for u in (0..st.units.len()).rev() {
            let h = st.units[u].hex;
            if !st.units[u].on_map() || sc.map.terrain(h) != Terrain::ProvSwamp {
                continue;
            }
            if sc.map.hexes[h as usize].side.iter().any(|s| s.pike || s.road || s.railroad) {
                continue;
            }
            let us = &mut st.units[u];
            us.fat = (us.fat + 1).min(4);
            us.org = false;
            log.info(|| format!("rain floods the provisional swamp {}: {} +1 fatigue, disorganized, must move out (GCACW 12.0)", sc.map.label(h), sc.units[u].name));
            st.flow.push(Frame::Swamp { side: sc.units[u].side, unit: u as u8 });
        }
    }

    /// Where a unit flooded out of a provisional swamp may go (GCACW 12.0): an adjacent hex
    /// without enemy units, not a swamp, not across a minor or major river without a bridge
    /// (an enemy pontoon is none) or ferry; not into an enemy ZOC unless nothing else is left.
    pub fn swamp_exits(&self, st: &State, u: usize) -> Vec<HexId> {
        let sc = self.sc(st);
        let m = &sc.map;
        let side = sc.units[u].side;
        let from = st.units[u].hex;
        if !st.units[u].on_map() {
            return vec![];
        }
        let ok: Vec<HexId> = m
            .neighbors(from)
            .filter(|&n| {
                let t = m.terrain(n);
                let Some(s) = super::rules::eff_side(m, st, from, n) else { return false };
                !matches!(t, Terrain::Water | Terrain::Swamp | Terrain::ProvSwamp)
                    && !self.enemy_in(st, n, side)
                    && (s.river == 0 || matches!(s.crossing, Crossing::Bridge | Crossing::Ferry) || (st.opts.swamp_dams && s.crossing == Crossing::Dam))
                    && !enemy_pontoon(m, st, from, n, side)
            })
            .collect();
        let free: Vec<HexId> = ok.iter().copied().filter(|&n| self.enemy_zoc(st, side, n) == ZOC_NONE).collect();
        if free.is_empty() { ok } else { free }
    }

    /// Place rain markers for a Rain result covering `k` turns from the current one; markers
    /// never double up (GCACW 12.0).
    pub(super) fn add_rain(&self, st: &mut State, k: u8, log: &mut Log) {
        let until = st.turn.saturating_add(k - 1);
        if until > st.rain_until {
            st.rain_until = until;
        }
        let u = st.rain_until;
        log.info(|| format!("rain markers through turn {u} (GCACW 12.0)"));
    }

    /// GCACW 12.0 "unfordable rivers": each rain result places the minor- and
    /// major-river unfordable markers N boxes ahead of the current turn, or advances them N
    /// boxes if already on the track; N = 0 places nothing. N comes from the game's rain-number
    /// columns (`rain_minor`, `rain_major`). Only where rain has Basic Game effects.
    pub(super) fn add_unfordable(&self, st: &mut State, k: u8, log: &mut Log) {
        let v = &self.sc(st).variant;
        if !v.rain_in_basic || k == 0 {
            return;
        }
        let i = (k.min(4) - 1) as usize;
        for (river, n) in [(0usize, v.rain_minor[i]), (1, v.rain_major[i])] {
            if n == 0 {
                continue;
            }
            let m = &mut st.unford[river];
            *m = if *m == 0 { st.turn.saturating_add(n) } else { m.saturating_add(n) };
            let (what, until) = (["minor", "major"][river], *m);
            log.info(|| format!("{what} rivers unfordable through turn {until} (GCACW 12.0)"));
        }
    }

    pub(super) fn place_reinforcements(&self, st: &mut State, log: &mut Log) {
        let sc = self.sc(st);
        for r in &sc.reinforcements {
            if r.turn > st.turn || !r.units.iter().any(|&u| st.pending & (1 << u) != 0) {
                continue;
            }
            let side = sc.units[r.units[0] as usize].side;
            if self.enemy_in(st, r.hex, side) {
                log.info(|| format!("reinforcements for {} delayed: {} is enemy-occupied (scenario rule, authored)", sc.map.label(r.hex), sc.map.label(r.hex)));
                continue;
            }
            for &u in &r.units {
                st.units[u as usize].hex = r.hex;
                st.pending &= !(1 << u);
            }
            for &l in &r.leaders {
                if let Some(&u) = r.units.iter().find(|&&u| {
                    let ld = &sc.leaders[l as usize];
                    ld.subs & (1 << u) != 0 && (!matches!(ld.kind, LKind::Army | LKind::District) || sc.units[u as usize].kind == Kind::Inf)
                }) {
                    st.leaders[l as usize].unit = u;
                }
            }
            log.info(|| format!("reinforcements arrive at {}", sc.map.label(r.hex)));
        }
    }

    /// Run the automatic steps until a decision is owed or the game is over (the engine's flow
    /// driver over the [`Procedure`] below).
    pub(super) fn proceed(&self, st: &mut State, log: &mut Log) -> Result<(), Refusal> {
        drive(self, st, log)?;
        Ok(())
    }

    /// Whether [`Gcacw::cleanup`] has anything to do: a leader whose unit left the map, or a
    /// Flank Refused marker with no unit of its side left in its hex.
    fn cleanup_due(&self, st: &State) -> bool {
        let orphan = st.leaders.iter().any(|ls| !ls.gone && ls.unit != NONE8 && !st.units[ls.unit as usize].on_map());
        orphan || st.refused.iter().any(|&(h, s)| self.side_units_at(st, h, s) == 0)
    }

    /// Whether the frame on top runs by itself (no choice is left to make) rather than waiting
    /// for a seat.
    fn frame_is_automatic(&self, st: &State, f: &Frame) -> bool {
        match f {
            Frame::Cont(_) => true,
            Frame::March => match &st.march {
                None => true,
                Some(mv) => {
                    let u = &st.units[mv.unit as usize];
                    // A unit out of MP may still end its march with a destruction attempt
                    // (GCACW 10.0).
                    mv.ended || !u.on_map() || (mv.ma == 0 && (mv.moved || mv.attacked) && self.destroy_targets(st).is_empty())
                }
            },
            Frame::Activation { remaining: 0, .. } | Frame::DecoyLead { lma: Some(_), picks: 0, .. } => true,
            Frame::Activation { leader, .. } => st.leaders[*leader as usize].gone,
            Frame::Loss { left, pool, .. } => {
                let alive = bits(*pool).filter(|&i| st.units[i].on_map() && st.units[i].mp > 0).count();
                *left == 0 || alive <= 1
            }
            Frame::Advance { pool, hex, .. } => self.advance_candidates(st, *pool, *hex) == 0,
            Frame::CavOffer { side, hex, .. } => self.cav_in(st, *hex, *side) == 0,
            Frame::Swamp { unit, .. } => {
                let u = *unit as usize;
                !st.units[u].on_map() || self.swamp_exits(st, u).is_empty()
            }
            Frame::Voluntary { side, hex, .. } => self.side_units_at(st, *hex, *side) == 0,
            Frame::Retreat(r) => {
                let alive = bits(r.units).any(|i| st.units[i].on_map());
                let (_, max) = r.min_max();
                let halt = self.retreat_can_halt(st, r);
                !alive || (r.steps >= max && halt) || (self.retreat_options(st, r).is_empty() && !halt)
            }
            _ => false,
        }
    }

    /// The effect of an automatic frame on top (`frame_is_automatic`).
    fn run_frame(&self, st: &mut State, f: Frame, log: &mut Log) {
        match f {
            Frame::Cont(c) => {
                st.flow.pop();
                self.run_cont(st, c, log);
            }
            Frame::March => {
                let ended = st.march.take().map_or(0, |mv| 1u64 << mv.unit);
                st.flow.pop();
                self.pontoon_move_ended(st, ended, log);
            }
            Frame::Loss { left, pool, d, .. } => {
                let alive = bits(pool).filter(|&i| st.units[i].on_map() && st.units[i].mp > 0).fold(0u64, |m, i| m | 1 << i);
                st.flow.pop();
                if left != 0 && alive != 0 {
                    // Only one unit can take it: no decision to make (GCACW 7.5).
                    self.lose(st, alive.trailing_zeros() as usize, left, d, log);
                }
            }
            Frame::Swamp { unit, .. } => {
                let u = unit as usize;
                st.flow.pop();
                if st.units[u].on_map() {
                    // GCACW 12.0: no legal hex: eliminated (its manpower counts as lost).
                    self.eliminate(st, u, log, "is eliminated: no way out of the flooded swamp (GCACW 12.0)");
                }
            }
            Frame::Retreat(r) => {
                let alive = bits(r.units).filter(|&i| st.units[i].on_map()).fold(0u64, |m, i| m | 1 << i);
                let (_, max) = r.min_max();
                let halt = r.steps >= max && self.retreat_can_halt(st, &r);
                st.flow.pop();
                if alive == 0 {
                } else if halt {
                    self.pontoon_move_ended(st, alive, log);
                } else {
                    // GCACW 7.6: no legal hex: the retreating units surrender.
                    for i in bits(alive) {
                        self.eliminate(st, i, log, "surrenders (GCACW 7.6)");
                    }
                }
            }
            // An activation that is over, or a choice nobody is left to make.
            _ => {
                st.flow.pop();
            }
        }
    }

    /// Housekeeping after every step: leaders of eliminated units, abandoned Flank Refused markers.
    pub(super) fn cleanup(&self, st: &mut State, log: &mut Log) {
        let sc = self.sc(st);
        for l in 0..st.leaders.len() {
            let ls = st.leaders[l];
            if ls.gone || ls.unit == NONE8 || st.units[ls.unit as usize].on_map() {
                continue;
            }
            // GCACW 7.5: a leader left without its unit goes to the nearest hex holding a
            // subordinate unit (hex distance); none left: eliminated. Several units at
            // that distance: its owner picks, the leader waiting with the first.
            let from = st.units[ls.unit as usize].hex;
            let ld = &sc.leaders[l];
            let subs: Vec<usize> = (0..st.units.len())
                .filter(|&u| {
                    st.units[u].on_map()
                        && ld.subs & (1 << u) != 0
                        && (!matches!(ld.kind, LKind::Army | LKind::District) || sc.units[u].kind == Kind::Inf)
                })
                .collect();
            let dist = |u: usize| if from == NO_HEX { 0 } else { sc.map.dist(from, st.units[u].hex) };
            let Some(near) = subs.iter().map(|&u| dist(u)).min() else {
                st.leaders[l].gone = true;
                log.info(|| format!("{} is eliminated: no subordinate unit left (GCACW 7.5)", ld.name));
                continue;
            };
            let nearest = subs.iter().filter(|&&u| dist(u) == near).fold(0u64, |m, &u| m | 1 << u);
            let first = nearest.trailing_zeros() as u8;
            st.leaders[l].unit = first;
            if nearest.count_ones() > 1 {
                st.flow.push(Frame::Relocate { side: ld.side, leader: l as u8, units: nearest });
            } else {
                log.info(|| format!("{} goes to {}, the nearest subordinate unit (GCACW 7.5)", ld.name, sc.units[first as usize].name));
            }
        }
        let before = st.refused.len();
        let refused: Vec<(HexId, u8)> = st.refused.iter().copied().filter(|&(h, s)| self.side_units_at(st, h, s) != 0).collect();
        if refused.len() != before {
            st.refused = refused;
        }
    }

    pub(super) fn run_cont(&self, st: &mut State, c: Cont, log: &mut Log) {
        match c {
            Cont::ActionDone => self.start_action_phase(st, log),
            Cont::Combat => self.combat_step(st, log),
            Cont::AssaultRoll { leader, target, units } => self.assault_roll(st, leader, target, units, log),
            Cont::AssaultGrand { leader, target, units } => self.assault_grand(st, leader, target, units),
            Cont::MarchResume => {
                let in_zoc = st.march.as_ref().map(|mv| {
                    let u = &st.units[mv.unit as usize];
                    u.on_map() && self.enemy_zoc(st, self.sc(st).units[mv.unit as usize].side, u.hex) == ZOC_NORMAL
                });
                if let (Some(mv), Some(z)) = (st.march.as_mut(), in_zoc) {
                    // GCACW 6.2: if the ZOC was the cavalry's and it retreated, the march goes on.
                    mv.stopped &= z;
                }
            }
        }
    }

    // ---- Action Cycle (GCACW 4.0) -------------------------------------------------------------

    /// Whether `side` has any unit or leader that may be activated (GCACW 4.2).
    pub fn has_eligible(&self, st: &State, side: u8) -> bool {
        let sc = self.sc(st);
        (0..st.units.len()).any(|i| sc.units[i].side == side && self.may_march(st, i))
    }

    pub fn may_march(&self, st: &State, i: usize) -> bool {
        let u = &st.units[i];
        // GCACW 5.1: fatigue 0-3; optional rule: an organized fatigue-4 unit.
        u.on_map() && (u.fat <= 3 || (st.opts.fatigue4_march && u.fat == 4 && u.org))
    }

    pub(super) fn start_action_phase(&self, st: &mut State, log: &mut Log) {
        let (eu, ec) = (self.has_eligible(st, UNION), self.has_eligible(st, CSA));
        if !eu && !ec {
            // GCACW 4.4: neither side can act: the cycle ends (flow left empty).
            st.dice = [0, 0];
            return;
        }
        let winner = if eu && ec {
            // GCACW 4.2: both roll; the higher wins; ties go to the Confederates (all games
            // but BAC, whose own rule is not authored).
            let ru = st.d6();
            let rc = st.d6();
            st.dice = [ru, rc];
            let tie = if self.sc(st).variant.initiative_tie == "union" { UNION } else { CSA };
            let w = if ru > rc {
                UNION
            } else if rc > ru {
                CSA
            } else {
                tie
            };
            log.roll(|| format!("initiative: Union {ru}, Confederate {rc}: {} wins (GCACW 4.2)", SIDE[w as usize]));
            w
        } else {
            // GCACW 4.2: a player with no eligible unit: the other wins without a roll.
            st.dice = [0, 0];
            let w = if eu { UNION } else { CSA };
            log.info(|| format!("{} has the initiative without a roll (GCACW 4.2)", SIDE[w as usize]));
            w
        };
        st.flow.push(Frame::Initiative { side: winner, by_pass: false });
    }

    // ---- Legal actions ------------------------------------------------------------------------

    pub(super) fn legal(&self, st: &State) -> Vec<Action> {
        let Some(top) = st.flow.top() else { return vec![] };
        let sc = self.sc(st);
        let un = |u: usize| self.uname(st, u);
        let mut out = Vec::new();
        match top {
            Frame::Transfer { side } => {
                for l in 0..st.leaders.len() {
                    if sc.leaders[l].side != *side || st.transferred & (1 << l) != 0 {
                        continue;
                    }
                    for u in self.transfer_targets(st, l) {
                        out.push(Action::Transfer { leader: self.lname(st, l), unit: un(u) });
                    }
                }
                out.push(Action::Done);
            }
            Frame::Initiative { side, .. } => {
                let side = *side;
                for i in 0..st.units.len() {
                    if sc.units[i].side == side && self.may_march(st, i) {
                        out.push(Action::March { unit: un(i) });
                    }
                }
                for l in 0..st.leaders.len() {
                    if sc.leaders[l].side != side {
                        continue;
                    }
                    if !self.activation_candidates(st, l).is_empty() {
                        out.push(Action::Activate { leader: self.lname(st, l) });
                    }
                    if self.assault_eligible(st, l) {
                        out.push(Action::Assault { leader: self.lname(st, l) });
                    }
                }
                for i in 0..st.units.len() {
                    if sc.units[i].side == side && self.may_burn(st, i) {
                        out.push(Action::Burn { unit: un(i) });
                    }
                }
                for i in 0..st.units.len() {
                    if sc.units[i].side == side && self.entrench_action_to(st, i).is_some() {
                        out.push(Action::Entrench { unit: un(i) });
                    }
                }
                out.push(Action::Pass);
            }
            Frame::Select { leader, assault, mask } => {
                let cands = if *assault { self.assault_candidates(st, *leader as usize) } else { self.activation_candidates(st, *leader as usize) };
                let room = *assault || count(*mask) < self.activation_limit(st, *leader as usize);
                for u in cands.into_iter().filter(|_| room) {
                    if mask & (1 << u) == 0 {
                        out.push(Action::Pick { unit: un(u) });
                    }
                }
                if *mask != 0 {
                    out.push(Action::Go);
                }
            }
            Frame::Activation { leader, remaining, may_transfer, .. } => {
                for u in bits(*remaining) {
                    out.push(Action::Next { unit: un(u) });
                    // GCACW 5.5: an activated unit may entrench instead of marching.
                    if self.entrench_action_to(st, u).is_some() {
                        out.push(Action::Entrench { unit: un(u) });
                    }
                }
                if *may_transfer {
                    let l = *leader as usize;
                    for u in bits(*remaining) {
                        if self.is_sub(st, l, u as UnitId) && st.leaders[l].unit as usize != u && self.leader_may_attach(st, l, u) {
                            out.push(Action::Lead { unit: un(u) });
                        }
                    }
                }
            }
            Frame::March => {
                let Some(mv) = &st.march else { return vec![Action::End] };
                if mv.may_force && !mv.moved && !mv.attacked {
                    out.push(Action::Force);
                }
                let cur = st.units[mv.unit as usize].hex;
                for n in sc.map.neighbors(cur) {
                    if self.march_move(st, n).is_some() {
                        out.push(Action::Move { hex: self.lab(st, n) });
                    }
                }
                for n in sc.map.neighbors(cur) {
                    for k in AttackKind::ALL {
                        if self.march_attack_ok(st, n, k) {
                            out.push(Action::Attack { hex: self.lab(st, n), kind: k });
                        }
                    }
                }
                if self.may_refuse(st) {
                    out.push(Action::Refuse);
                }
                for n in self.destroy_targets(st) {
                    out.push(Action::Destroy { hex: self.lab(st, n) });
                }
                for n in self.dismantle_targets(st) {
                    out.push(Action::Dismantle { hex: self.lab(st, n) });
                }
                out.push(Action::End);
            }
            Frame::AssaultTarget { leader, .. } => {
                for n in self.assault_targets(st, *leader as usize) {
                    out.push(Action::Target { hex: self.lab(st, n) });
                }
            }
            Frame::AssaultKeep { mask, kept, .. } => {
                for u in bits(mask & !kept) {
                    out.push(Action::Keep { unit: un(u) });
                }
                if *kept != 0 {
                    out.push(Action::Go);
                }
            }
            Frame::GrandOffer { .. } => {
                out.push(Action::Grand);
                out.push(Action::NoGrand);
            }
            Frame::GrandJoin { target, units, hexes_left, joined, .. } => {
                for u in self.grand_candidates(st, *target, *units | *joined) {
                    let hex = st.units[u].hex;
                    let hex_chosen = bits(*joined).any(|j| st.units[j].hex == hex);
                    if hex_chosen || *hexes_left > 0 {
                        out.push(Action::Join { unit: un(u) });
                    }
                }
                if *joined != 0 {
                    out.push(Action::Done);
                }
            }
            Frame::CavOffer { .. } => {
                out.push(Action::CavRetreat);
                out.push(Action::Stay);
            }
            Frame::Loss { pool, .. } => {
                for u in bits(*pool) {
                    if st.units[u].on_map() && st.units[u].mp > 0 {
                        out.push(Action::Loss { unit: un(u) });
                    }
                }
            }
            Frame::Retreat(r) => {
                let best = self.retreat_best(st, r);
                for &(n, _, _) in &best {
                    out.push(Action::RetreatTo { hex: self.lab(st, n) });
                }
                if !r.override_used && !self.retreat_completable(st, r, 8) {
                    // GCACW 7.6: once per retreat, any description may be chosen to avoid surrender.
                    for (n, _, _) in self.retreat_options(st, r) {
                        if !best.iter().any(|b| b.0 == n) {
                            out.push(Action::Override { hex: self.lab(st, n) });
                        }
                    }
                }
                let (_, max) = r.min_max();
                if self.retreat_can_halt(st, r) && r.steps < max {
                    out.push(Action::Halt);
                }
            }
            // GCACW 12.0: a decoy's moves are the force-marker actions (`intel::li_legal`).
            Frame::Decoy { .. } | Frame::DecoyLead { .. } => {}
            Frame::Relocate { leader, units, .. } => {
                for u in bits(*units) {
                    out.push(Action::Transfer { leader: self.lname(st, *leader as usize), unit: un(u) });
                }
            }
            Frame::Swamp { unit, .. } => {
                for n in self.swamp_exits(st, *unit as usize) {
                    out.push(Action::Move { hex: self.lab(st, n) });
                }
            }
            Frame::Voluntary { .. } => {
                out.push(Action::Withdraw);
                out.push(Action::Stay);
            }
            Frame::Advance { pool, hex, .. } => {
                for u in bits(self.advance_candidates(st, *pool, *hex)) {
                    out.push(Action::Advance { unit: un(u) });
                }
                out.push(Action::Done);
            }
            Frame::Recovery { side } => {
                for i in 0..st.units.len() {
                    if sc.units[i].side == *side && self.recovery_entrench_to(st, i).is_some() {
                        out.push(Action::Entrench { unit: un(i) });
                    }
                }
                for i in 0..st.units.len() {
                    if sc.units[i].side == *side {
                        for n in self.pontoon_targets(st, i) {
                            out.push(Action::Bridge { unit: un(i), hex: self.lab(st, n) });
                        }
                        for n in self.repair_targets(st, i) {
                            out.push(Action::Repair { unit: un(i), hex: self.lab(st, n) });
                        }
                    }
                }
                out.push(Action::Done);
            }
            Frame::Cont(_) => {}
        }
        out
    }

    /// Why an action is not legal now (the rule it breaks), for refusals.
    pub(super) fn explain_refusal(&self, st: &State, a: &Action) -> Refusal {
        let top = st.flow.top();
        // A step a scenario's rule prohibits is refused naming that rule and its reason.
        if let (Some(Frame::March), Action::Move { hex }) = (top, a)
            && let Some(f) = self.hex_of(st, *hex).and_then(|n| self.hook_prohibits_march(st, n))
        {
            return f.into();
        }
        let (rule, msg): (&'static str, String) = match (top, a) {
            (_, Action::Marker { .. } | Action::Hide { .. } | Action::Unmark { .. } | Action::Feint { .. } | Action::DecoyPick | Action::DecoyNext) => (
                "GCACW 12.0",
                "force markers need the Limited Intelligence option; they are placed (at most 10) and filled while holding the initiative, on a friendly stack not next to an enemy unit and not within 2 hexes of unscreened enemy cavalry, and removed only by their owner".into(),
            ),
            (Some(Frame::Initiative { .. }), Action::March { .. }) => ("GCACW 5.1", "only a unit on the map at fatigue 0-3 may march".into()),
            (Some(Frame::Initiative { .. }), Action::Activate { .. }) => {
                ("GCACW 5.2", "the leader needs a unit of its command within its command radius at fatigue 0-3".into())
            }
            (Some(Frame::Initiative { .. }), Action::Assault { .. }) => {
                ("GCACW 5.3", "the leader needs a subordinate unit at fatigue 0-3 in its hex next to an enemy it may attack".into())
            }
            (Some(Frame::Initiative { .. }), Action::Burn { .. }) => {
                ("GCACW 5.4", "burning needs a unit in a railroad station hex, fatigue 0-3, combat value 2 or more, in a game that allows it".into())
            }
            (Some(Frame::Initiative { .. }), Action::Entrench { .. }) => (
                "GCACW 5.5",
                "the entrench action needs an 1864+ scenario (1863 with the optional rule), no rain, a non-demoralized unit at fatigue 0-2 (1863) or 0-3 (1864+) not under a completed fort".into(),
            ),
            (Some(Frame::March), Action::Move { hex }) => self.move_refusal(st, *hex),
            (Some(Frame::March), Action::Attack { .. }) => {
                ("GCACW 7.1", "that attack is not allowed (MP, artillery, river, mountain, swamp or woods hexside, or the march may not attack again)".into())
            }
            (Some(Frame::March), Action::Dismantle { .. }) => ("GCACW 10.0", "only a friendly pontoon bridge from the marching unit's hex may be dismantled".into()),
            (Some(Frame::March), Action::Destroy { .. }) => (
                "GCACW 10.0",
                "a destruction attempt needs a permanent bridge (infantry, CV 5+) or ferry (infantry or cavalry) on the unit's hexside, one attempt per unit per turn, no enemy unit in either hex and no enemy ZOC in an unoccupied one".into(),
            ),
            (Some(Frame::March), Action::Force) => ("GCACW 5.1", "forced march needs an organized non-artillery unit, declared before it moves".into()),
            (Some(Frame::March), Action::Refuse) => ("GCACW 7.8", "a Flank Refused marker needs 1 MP, no mountain/swamp, and not after entering an enemy ZOC or advancing".into()),
            (Some(Frame::Swamp { .. }), _) => (
                "GCACW 12.0",
                "the flooded unit moves to an adjacent hex without enemy units, not a swamp, not across a river without bridge or ferry, and not into an enemy ZOC if another hex is free of it".into(),
            ),
            (Some(Frame::Retreat(_)), _) => ("GCACW 7.6", "the retreat must follow the restrictions and the priorities of the Retreat Tables".into()),
            (Some(Frame::Relocate { .. }), _) => (
                "GCACW 7.5",
                "the leader of an eliminated unit goes to one of the nearest subordinate units (its owner picks among those at the same distance)".into(),
            ),
            (Some(Frame::Transfer { .. }), _) => ("GCACW 6.3", "a leader transfers once, to a subordinate unit within 10 hexes not through enemy units".into()),
            (Some(Frame::Select { .. }), _) => ("GCACW 5.2", "that unit may not be selected (command, command radius, fatigue; in OTR the Union winning die limits the count)".into()),
            (Some(Frame::Loss { .. }), _) => ("GCACW 7.5", "the loss must go to a unit of the force".into()),
            (Some(Frame::Recovery { .. }), Action::Bridge { .. }) => (
                "GCACW 10.0",
                "a pontoon needs a fatigue-0 infantry unit of CV 5+ (SIV 3) that has not entrenched, one per hex, on a river hexside without bridge, dam or failed attempt this turn, a free marker, no rain, and no enemy CV 5+ in either hex".into(),
            ),
            (Some(Frame::Recovery { .. }), Action::Repair { .. }) => (
                "GCACW 10.3",
                "a repair needs a fatigue-0 infantry unit of CV 5+ (SIV 2) that has not entrenched or bridged, in a hex of a destroyed permanent bridge or ferry, one attempt per player per Recovery Phase, no rain, and no enemy CV 5+ (SIV 2) in either hex".into(),
            ),
            (Some(Frame::Recovery { .. }), _) => ("GCACW 8.0", "only a fatigue-0 unit may entrench in Recovery step 1, once".into()),
            _ => ("GCACW 4.0", format!("`{}` is not a legal action now", self.notation_of(a))),
        };
        Refusal::new(rule, msg)
    }

    /// The rule that forbids the marching unit's move into `hex`, with the figures (GCACW 6.1,
    /// 6.2, 10.0, 12.0): the same checks as `march_step`, which the legal list uses.
    fn move_refusal(&self, st: &State, hex: Lab) -> (&'static str, String) {
        let Some(n) = self.hex_of(st, hex) else { return ("GCACW 6.1", format!("{} is not a hex of this map", lab_text(hex))) };
        match self.march_step(st, n) {
            Err((rule, why)) if why.starts_with("not enough") => {
                let (u, ma) = st.march.as_ref().map_or((0, 0), |m| (m.unit, m.ma));
                let cost = self.step_cost(st, u, st.units[u as usize].hex, n).unwrap_or(0);
                (rule, format!("{why}: it costs {} MP, {} left", half_mp(cost), half_mp(ma)))
            }
            Err((rule, why)) => (rule, why.to_string()),
            Ok(_) => ("GCACW 4.0", format!("`move {}` is not a legal action now", lab_text(hex))),
        }
    }

    pub(super) fn notation_of(&self, a: &Action) -> String {
        <Self as bivouac_engine::game::Game>::notation(self, a)
    }

    pub(super) fn awaiting(&self, st: &State) -> String {
        let Some(top) = st.flow.top() else { return "nothing (the game is over)".into() };
        let who = SIDE[Self::frame_owner(st, top) as usize];
        let what = match top {
            Frame::Transfer { .. } => "leader transfers (GCACW 6.3)",
            Frame::Initiative { by_pass: false, .. } => "take the initiative with an action, or pass (GCACW 4.2)",
            Frame::Initiative { by_pass: true, .. } => "the initiative passed: act, or pass and end the Action Cycle",
            Frame::Select { assault: false, .. } => "pick the units of the leader activation, then go (GCACW 5.2)",
            Frame::Select { assault: true, .. } => "pick the units of the assault (in the leader's hex), then go (GCACW 5.3)",
            Frame::Activation { .. } => "next UNIT: the next unit marches; entrench UNIT; lead UNIT: the leader moves with that unit (GCACW 5.2)",
            Frame::March => "march: move HEX, attack HEX TYPE, force (forced march, GCACW 5.1), refuse (Flank Refused marker, GCACW 7.8), destroy/dismantle a bridge (GCACW 10.0), or end",
            Frame::AssaultTarget { .. } => "target HEX: the enemy hex the assault attacks (GCACW 5.3)",
            Frame::AssaultKeep { .. } => "keep the units that attack, up to the assault number, then go (GCACW 5.3)",
            Frame::GrandOffer { .. } => "grand: attempt a grand assault, or nogrand (GCACW 7.1)",
            Frame::GrandJoin { .. } => "join UNIT from an eligible hex (within the grand-assault number of hexes), then done (GCACW 7.1)",
            Frame::CavOffer { .. } => "cavretreat: the cavalry retreats before combat, or stay (GCACW 7.7)",
            Frame::Loss { .. } => "loss UNIT: take the next manpower loss from a unit (GCACW 7.5)",
            Frame::Retreat(_) => "retreat HEX: the next retreat hex, override HEX: a hex the priorities rank lower, or halt once the minimum is retreated (GCACW 7.6)",
            Frame::Voluntary { .. } => "withdraw: retreat voluntarily, or stay (GCACW 7.6)",
            Frame::Advance { .. } => "advance UNIT into the vacated hex, or done (GCACW 7.6)",
            Frame::Swamp { .. } => "rain floods a provisional swamp: move the unit out (GCACW 12.0)",
            // GCACW 12.0: both seats read this; a decoy's move reads as a march.
            Frame::Decoy { .. } => "march: move HEX, attack HEX TYPE, force (forced march, GCACW 5.1), refuse (Flank Refused marker, GCACW 7.8), destroy/dismantle a bridge (GCACW 10.0), or end",
            // GCACW 12.0: both seats read a decoy's pretended activation as a leader's.
            Frame::DecoyLead { lma: None, .. } => "pick the units of the leader activation, then go (GCACW 5.2)",
            Frame::DecoyLead { .. } => "next UNIT: the next unit marches; entrench UNIT; lead UNIT: the leader moves with that unit (GCACW 5.2)",
            Frame::Relocate { .. } => "transfer LEADER UNIT: the leader of an eliminated unit joins one of the nearest subordinate units (GCACW 7.5)",
            Frame::Recovery { .. } => "Recovery step 1: entrench, build pontoon bridges, repair bridges and ferries",
            Frame::Cont(_) => "",
        };
        format!("{who}: {what}")
    }

    // ---- Performing actions -------------------------------------------------------------------

    pub(super) fn perform(&self, st: &mut State, a: &Action, log: &mut Log) {
        let top = st.flow.top().cloned().expect("legal action implies a frame");
        let sc = self.sc(st);
        let uid = |st: &State, n: &u16| self.unit_of(st, *n).expect("legal unit");
        let lid = |st: &State, n: &u16| self.leader_of(st, *n).expect("legal leader");
        match (top, a) {
            (Frame::Transfer { .. }, Action::Transfer { leader, unit }) => {
                let (l, u) = (lid(st, leader), uid(st, unit));
                st.leaders[l].unit = u as u8;
                st.transferred |= 1 << l;
                log.info(|| format!("{} transfers to {} (GCACW 6.3)", sc.leaders[l].name, sc.units[u].name));
            }
            (Frame::Relocate { .. }, Action::Transfer { leader, unit }) => {
                let (l, u) = (lid(st, leader), uid(st, unit));
                st.flow.pop();
                st.leaders[l].unit = u as u8;
                log.info(|| format!("{} goes to {}, a nearest subordinate unit (GCACW 7.5)", sc.leaders[l].name, sc.units[u].name));
            }
            (Frame::Transfer { .. }, Action::Done) => {
                st.flow.pop();
            }
            (Frame::Initiative { side, by_pass }, Action::Pass) => {
                st.flow.pop();
                log.info(|| format!("{} passes (GCACW 4.2)", SIDE[side as usize]));
                if !by_pass && self.has_eligible(st, 1 - side) {
                    st.flow.push(Frame::Initiative { side: 1 - side, by_pass: true });
                }
                // Otherwise the Action Cycle ends (GCACW 4.4).
            }
            (Frame::Initiative { side, by_pass }, act) => {
                st.flow.pop();
                st.active = side;
                st.init_free = by_pass || st.dice == [0, 0];
                st.flow.push(Frame::Cont(Cont::ActionDone));
                match act {
                    Action::March { unit } => {
                        let u = uid(st, unit);
                        self.start_march(st, u, NONE8, 0, log);
                    }
                    Action::Activate { leader } => {
                        let l = lid(st, leader);
                        log.info(|| format!("{} leader activation (GCACW 5.2)", sc.leaders[l].name));
                        st.flow.push(Frame::Select { leader: l as u8, assault: false, mask: 0 });
                    }
                    Action::Assault { leader } => {
                        let l = lid(st, leader);
                        log.info(|| format!("{} assault (GCACW 5.3)", sc.leaders[l].name));
                        st.flow.push(Frame::Select { leader: l as u8, assault: true, mask: 0 });
                    }
                    Action::Burn { unit } => self.burn(st, uid(st, unit), log),
                    Action::Entrench { unit } => self.entrench_action(st, uid(st, unit), log),
                    _ => {}
                }
            }
            (Frame::Select { leader, assault, mask }, Action::Pick { unit }) => {
                let u = uid(st, unit);
                st.flow.replace(Frame::Select { leader, assault, mask: mask | 1 << u });
            }
            (Frame::Select { leader, assault: false, mask }, Action::Go) => {
                let lma = self.roll_leader_ma(st, leader as usize, log);
                st.flow.replace(Frame::Activation { leader, remaining: mask, lma, may_transfer: true, cav_marched: false });
            }
            (Frame::Select { leader, assault: true, mask }, Action::Go) => {
                // GCACW 5.3 step 2: every selected unit gains 1 fatigue, whatever happens next.
                for u in bits(mask) {
                    st.units[u].fat = (st.units[u].fat + 1).min(4);
                }
                st.flow.replace(Frame::AssaultTarget { leader, mask });
            }
            (Frame::Activation { leader, remaining, lma, cav_marched, .. }, Action::Lead { unit }) => {
                let u = uid(st, unit);
                st.leaders[leader as usize].unit = u as u8;
                log.info(|| format!("{} joins {} (GCACW 5.2 step 5)", sc.leaders[leader as usize].name, sc.units[u].name));
                st.flow.replace(Frame::Activation { leader, remaining, lma, may_transfer: false, cav_marched });
            }
            (Frame::Activation { leader, remaining, lma, cav_marched, .. }, Action::Next { unit }) => {
                let u = uid(st, unit);
                let ld = &sc.leaders[leader as usize];
                let is_cav = sc.units[u].kind == Kind::Cav;
                // GCACW 5.2 step 8: under a cavalry division leader only the first cavalry unit
                // that marches may attack.
                let bar = ld.cavalry && ld.kind == LKind::Division && is_cav && cav_marched;
                st.flow.replace(Frame::Activation { leader, remaining: remaining & !(1 << u), lma, may_transfer: false, cav_marched: cav_marched || is_cav });
                self.start_march(st, u, leader, lma, log);
                if bar
                    && let Some(mv) = st.march.as_mut() {
                        mv.no_attack = true;
                    }
            }
            (Frame::Activation { leader, remaining, lma, cav_marched, .. }, Action::Entrench { unit }) => {
                // GCACW 5.2 / 5.5: a selected unit entrenches as its part of the activation.
                let u = uid(st, unit);
                st.flow.replace(Frame::Activation { leader, remaining: remaining & !(1 << u), lma, may_transfer: false, cav_marched });
                self.entrench_action(st, u, log);
            }
            (Frame::March, act) => self.perform_march(st, act, log),
            (Frame::AssaultTarget { leader, mask }, Action::Target { hex }) => {
                let t = self.hex_of(st, *hex).expect("legal hex");
                st.flow.pop();
                let lhex = self.leader_hex(st, leader as usize);
                // GCACW 7.8: a Flank Refused marker goes if all units in the hex take part.
                if self.units_at(st, lhex) & !mask == 0 {
                    st.refused.retain(|&(h, _)| h != lhex);
                }
                st.flow.push(Frame::Cont(Cont::AssaultRoll { leader, target: t, units: mask }));
                // GCACW 7.7: the defender's cavalry may retreat before the command roll, unless a
                // cavalry leader declared the assault.
                let def = 1 - sc.leaders[leader as usize].side;
                if !sc.leaders[leader as usize].cavalry && self.cav_in(st, t, def) != 0 {
                    st.flow.push(Frame::CavOffer { side: def, hex: t, enemy: lhex });
                }
            }
            (Frame::AssaultKeep { leader, target, mask, allowed, kept }, Action::Keep { unit }) => {
                let u = uid(st, unit);
                let kept = kept | 1 << u;
                if count(kept) >= allowed as u32 {
                    st.flow.pop();
                    st.flow.push(Frame::Cont(Cont::AssaultGrand { leader, target, units: kept }));
                } else {
                    st.flow.replace(Frame::AssaultKeep { leader, target, mask, allowed, kept });
                }
            }
            (Frame::AssaultKeep { leader, target, kept, .. }, Action::Go) => {
                st.flow.pop();
                st.flow.push(Frame::Cont(Cont::AssaultGrand { leader, target, units: kept }));
            }
            (Frame::GrandOffer { leader, target, units, army }, Action::Grand) => {
                st.flow.pop();
                // GCACW 7.1 grand assault step 1: never modified in the Basic Game.
                let r = st.d6();
                let cmd = sc.leaders[army as usize].command_value as i32;
                let n = cmd - r as i32;
                log.roll(|| format!("grand assault command roll {r}: {} (GCACW 7.1)", if r >= 6 || n <= 0 { "no grand assault".to_string() } else { format!("number {n}") }));
                if r >= 6 || n <= 0 {
                    self.start_assault_combat(st, leader, target, units, false);
                } else {
                    st.flow.push(Frame::GrandJoin { leader, target, units, hexes_left: n as u8, joined: 0 });
                }
            }
            (Frame::GrandOffer { leader, target, units, .. }, Action::NoGrand) => {
                st.flow.pop();
                self.start_assault_combat(st, leader, target, units, false);
            }
            (Frame::GrandJoin { leader, target, units, hexes_left, joined }, Action::Join { unit }) => {
                let u = uid(st, unit);
                let hex = st.units[u].hex;
                let new_hex = !bits(joined).any(|j| st.units[j].hex == hex);
                // GCACW 7.1 grand assault step 4: +1 fatigue, no extended march.
                st.units[u].fat = (st.units[u].fat + 1).min(4);
                st.flow.replace(Frame::GrandJoin { leader, target, units, hexes_left: hexes_left - u8::from(new_hex), joined: joined | 1 << u });
            }
            (Frame::GrandJoin { leader, target, units, joined, .. }, Action::Done) => {
                st.flow.pop();
                self.start_assault_combat(st, leader, target, units | joined, true);
            }
            (Frame::CavOffer { side, hex, enemy }, Action::CavRetreat) => {
                st.flow.pop();
                self.cavalry_retreat(st, side, hex, enemy, log);
            }
            (Frame::CavOffer { hex, .. }, Action::Stay) => {
                st.flow.pop();
                // GCACW 7.7: not declared now = no cavalry retreat from that hex for the rest
                // of this march.
                if let Some(mv) = st.march.as_mut() {
                    mv.declined.push(hex);
                }
            }
            (Frame::Loss { side, left, pool, d }, Action::Loss { unit }) => {
                let u = uid(st, unit);
                st.flow.replace(Frame::Loss { side, left: left - 1, pool, d });
                self.lose(st, u, 1, d, log);
            }
            (Frame::Retreat(r), Action::RetreatTo { hex } | Action::Override { hex }) => {
                let n = self.hex_of(st, *hex).expect("legal hex");
                let is_override = matches!(a, Action::Override { .. });
                self.retreat_step(st, *r, n, is_override, log);
            }
            (Frame::Retreat(r), Action::Halt) => {
                st.flow.pop();
                self.pontoon_move_ended(st, r.units, log);
            }
            (Frame::Voluntary { side, hex, fatigue }, Action::Withdraw) => {
                st.flow.pop();
                let units = self.side_units_at(st, hex, side);
                if fatigue {
                    // GCACW 7.6: after a "-" result the retreating units gain 1 fatigue.
                    for u in bits(units) {
                        st.units[u].fat = (st.units[u].fat + 1).min(4);
                    }
                }
                let enemy = st.combat.as_ref().map(|c| c.att_hex).unwrap_or(NO_HEX);
                log.info(|| format!("{} retreats voluntarily from {} (GCACW 7.6)", SIDE[side as usize], sc.map.label(hex)));
                st.flow.push(Frame::Retreat(Box::new(RetreatCtx {
                    side,
                    units,
                    kind: RetreatKind::Voluntary,
                    start: hex,
                    cur: hex,
                    steps: 0,
                    path: Vec::new(),
                    enemy,
                    override_used: false,
                    fatigue,
                })));
            }
            (Frame::Swamp { unit, .. }, Action::Move { hex }) => {
                let (u, n) = (unit as usize, self.hex_of(st, *hex).expect("legal hex"));
                st.flow.pop();
                self.leave_hex(st, u);
                st.units[u].hex = n;
                log.info(|| format!("{} leaves the flooded swamp for {} (GCACW 12.0)", sc.units[u].name, sc.map.label(n)));
            }
            (Frame::Voluntary { .. }, Action::Stay) => {
                st.flow.pop();
            }
            (Frame::Advance { side, pool, hex, march }, Action::Advance { unit }) => {
                let u = uid(st, unit);
                st.units[u].hex = hex;
                st.units[u].ent = ENT_NONE;
                st.flow.replace(Frame::Advance { side, pool: pool & !(1 << u), hex, march });
                log.info(|| format!("{} advances into {} (GCACW 7.6)", sc.units[u].name, sc.map.label(hex)));
                self.pontoon_move_ended(st, 1 << u, log);
                if march
                    && let Some(mv) = st.march.as_mut() {
                        mv.advanced = true;
                    }
                // GCACW 7.7: an advance into the normal ZOC of enemy cavalry lets it retreat.
                if sc.units[u].kind != Kind::Cav {
                    for h in self.enemy_cav_hexes_with_normal_zoc(st, side, hex) {
                        st.flow.push(Frame::CavOffer { side: 1 - side, hex: h, enemy: hex });
                    }
                }
            }
            (Frame::Advance { .. }, Action::Done) => {
                st.flow.pop();
            }
            (Frame::Recovery { .. }, Action::Entrench { unit }) => {
                let u = uid(st, unit);
                if let Some(to) = self.recovery_entrench_to(st, u) {
                    st.units[u].ent = to;
                    st.units[u].recovered = true;
                    log.info(|| format!("{} entrenches: {} (GCACW 8.0 step 1, 9.0)", sc.units[u].name, ent_name(to)));
                }
            }
            (Frame::Recovery { .. }, Action::Bridge { unit, hex }) => {
                let u = uid(st, unit);
                if let Some(n) = self.hex_of(st, *hex) {
                    self.pontoon_attempt(st, u, n, log);
                }
            }
            (Frame::Recovery { .. }, Action::Repair { unit, hex }) => {
                let u = uid(st, unit);
                if let Some(n) = self.hex_of(st, *hex) {
                    self.repair_attempt(st, u, n, log);
                }
            }
            (Frame::Recovery { .. }, Action::Done) => {
                st.flow.pop();
            }
            _ => {}
        }
    }

    // ---- Leader transfers (GCACW 6.3) ---------------------------------------------------------

    pub(super) fn leader_may_attach(&self, st: &State, l: usize, u: usize) -> bool {
        let sc = self.sc(st);
        let ld = &sc.leaders[l];
        // Army and district leaders attach only to infantry.
        !matches!(ld.kind, LKind::Army | LKind::District) || sc.units[u].kind == Kind::Inf
    }

    pub(super) fn transfer_targets(&self, st: &State, l: usize) -> Vec<usize> {
        let from = self.leader_hex(st, l);
        if from == NO_HEX {
            return vec![];
        }
        let side = self.sc(st).leaders[l].side;
        (0..st.units.len())
            .filter(|&u| {
                st.units[u].on_map()
                    && self.is_sub(st, l, u as UnitId)
                    && st.leaders[l].unit as usize != u
                    && self.leader_may_attach(st, l, u)
                    && self.transfer_reach(st, side, from, st.units[u].hex, 10)
            })
            .collect()
    }

    // ---- March (GCACW 5.1, 6.0) ---------------------------------------------------------------

    /// A unit's movement-allowance roll: (dice, addition, minimum) (GCACW 5.1).
    pub(super) fn ma_dice(&self, st: &State, side: u8, cav: bool) -> (i32, i32, i32) {
        let v = &self.sc(st).variant;
        match (cav, side) {
            (true, UNION) => (2, 0, 0),
            (true, _) => (2, 1, 0),
            (_, UNION) => (1, 0, 0),
            _ => (1, v.csa_unit_ma_add as i32, v.csa_unit_ma_min as i32),
        }
    }

    pub(super) fn roll_unit_ma(&self, st: &mut State, u: usize, log: &mut Log) -> u8 {
        let sc = self.sc(st);
        let ud = &sc.units[u];
        let (dice, add, min) = self.ma_dice(st, ud.side, ud.kind == Kind::Cav);
        let mut sum = 0i32;
        for _ in 0..dice {
            sum += st.d6() as i32;
        }
        let ma = (sum + add).max(min).max(0) as u8;
        // GCACW 12.0: rolled openly; a hidden unit's name is masked (`li_mask_log`).
        log.roll(|| format!("{} movement allowance: {dice}d6 = {sum} -> {ma} MP (GCACW 5.1)", sc.units[u].name));
        ma
    }

    /// A leader's movement-allowance roll: (dice, addition, minimum) for a leader of `side`,
    /// cavalry or not, a corps leader or not (GCACW 5.2 step 3).
    pub(super) fn leader_ma_dice(&self, st: &State, side: u8, cavalry: bool, corps: bool) -> (i32, i32, i32) {
        let v = &self.sc(st).variant;
        match (cavalry, corps, side) {
            (true, true, UNION) => (2, 2, 0),
            (true, true, _) => (2, 3, 0),
            (true, _, UNION) => (2, 1, 0),
            (true, _, _) => (2, 2, 0),
            (false, _, UNION) => (1, v.union_leader_ma_add as i32, v.union_leader_ma_min as i32),
            (false, _, _) => (1, v.csa_leader_ma_add as i32, 0),
        }
    }

    pub(super) fn roll_leader_ma(&self, st: &mut State, l: usize, log: &mut Log) -> u8 {
        let sc = self.sc(st);
        let ld = &sc.leaders[l];
        // GCACW 5.2 step 3.
        let (dice, add, min) = self.leader_ma_dice(st, ld.side, ld.cavalry, ld.kind == LKind::Corps);
        let mut sum = 0i32;
        for _ in 0..dice {
            sum += st.d6() as i32;
        }
        let ma = (sum + add).max(min).max(0) as u8;
        log.roll(|| format!("{} leader movement allowance: {dice}d6 = {sum} -> {ma} MP (GCACW 5.2)", ld.name));
        ma
    }

    /// Extended March Table roll (GCACW 5.1): `before`/`after` fatigue, `exh` the unit's side.
    pub fn extended_march_drm(&self, st: &State, u: usize, before: u8, after: u8) -> i32 {
        let sc = self.sc(st);
        let ud = &sc.units[u];
        let v = &sc.variant;
        let exh = st.units[u].exh;
        let mut drm = 0;
        if ud.side == UNION && v.ext_union && !(v.ext_union_cav_exempt && (ud.kind == Kind::Cav || ud.mounted_infantry)) {
            drm += 1;
        }
        if ud.side == UNION && v.ext_non_aop && !ud.aop {
            drm += 1;
        }
        match (exh, before, after) {
            (false, 3, 4) => drm += 1,
            (true, 2, 3) => drm += 1,
            (true, 3, 4) => drm += 3,
            _ => {}
        }
        drm
    }

    pub fn extended_march_result(&self, st: &State, u: usize, modified: i32) -> ExtRes {
        let ch = &self.data.charts;
        let us = &st.units[u];
        let col: &Vec<ExtRes> = if us.org {
            &ch.ext_org
        } else {
            ch.ext_dis.iter().find(|(max, _)| us.mp <= *max).or(ch.ext_dis.last()).map(|(_, v)| v).unwrap_or(&ch.ext_org)
        };
        let idx = (modified.max(1) - 1) as usize;
        col.get(idx.min(col.len().saturating_sub(1))).copied().unwrap_or(ExtRes::NoEffect)
    }

    /// Begin a march: allowance, fatigue, extended march, cavalry-retreat window (GCACW 5.1
    /// steps 1-2, 5.2 step 6). `lma` is the leader's allowance inside an activation.
    pub(super) fn start_march(&self, st: &mut State, u: usize, leader: u8, lma: u8, log: &mut Log) {
        let sc = self.sc(st);
        let ud = &sc.units[u];
        let ma = if leader == NONE8 { self.roll_unit_ma(st, u, log) } else { lma };
        let fat4 = st.units[u].fat == 4;
        if fat4 {
            // Optional rule (GCACW 5.1): disorganized, stays at 4, no extended march or forced march.
            st.units[u].org = false;
            log.info(|| format!("{} marches at fatigue 4 and is disorganized (optional rule, GCACW 5.1)", sc.units[u].name));
        } else {
            let before = st.units[u].fat;
            let after = before + 1;
            st.units[u].fat = after;
            let exh = st.units[u].exh;
            if (!exh && after >= 3) || (exh && after >= 2) {
                let drm = self.extended_march_drm(st, u, before, after);
                let r = st.d6();
                let res = self.extended_march_result(st, u, r as i32 + drm);
                log.roll(|| format!("{} extended march: roll {r} {drm:+} -> {res:?} (GCACW 5.1)", sc.units[u].name));
                match res {
                    ExtRes::NoEffect => {}
                    ExtRes::Disorganize => st.units[u].org = false,
                    ExtRes::Loss(n) => {
                        self.lose(st, u, n, true, log);
                        st.units[u].org = false;
                    }
                }
                if !st.units[u].on_map() {
                    return;
                }
            }
        }
        let hex = st.units[u].hex;
        let side = ud.side;
        st.march = Some(MarchCtx {
            unit: u as u8,
            ma: ma.saturating_mul(2),
            start: hex,
            started_in_zoc: self.enemy_zoc(st, side, hex) == ZOC_NORMAL,
            moved: false,
            attacked: false,
            stopped: false,
            no_attack: false,
            may_force: st.units[u].org && ud.kind != Kind::Art && !fat4,
            advanced: false,
            ended: false,
            leader,
            declined: Vec::new(),
        });
        st.flow.push(Frame::March);
        // GCACW 12.0: the enemy reads no hex for a hidden unit setting out: which marker moves
        // shows only as it moves on the map (its name is masked by `li_mask_log`).
        // A hidden unit's start reads as a decoy's (an observer reads neither).
        let hidden = self.li_hidden_units(st, side) & (1 << u) != 0;
        tell(log, side, hidden, || format!("{} marches from {} with {ma} MP", sc.units[u].name, sc.map.label(hex)), || super::intel::hidden_march_start(ma));
        // GCACW 7.7: enemy cavalry whose normal ZOC holds a marching infantry/artillery unit
        // may retreat now, after the extended march and before any forced march.
        if ud.kind != Kind::Cav {
            st.flow.push(Frame::Cont(Cont::MarchResume));
            for h in self.enemy_cav_hexes_with_normal_zoc(st, side, hex) {
                st.flow.push(Frame::CavOffer { side: 1 - side, hex: h, enemy: hex });
            }
        }
    }

    /// Cost of a march step into `n` and whether it is a ZOC-to-ZOC move (GCACW 6.1, 6.2).
    pub fn march_move(&self, st: &State, n: HexId) -> Option<(u8, bool)> {
        self.march_step(st, n).ok()
    }

    /// `march_move`, or the rule that forbids the step (the refusal names it).
    pub fn march_step(&self, st: &State, n: HexId) -> Result<(u8, bool), Block> {
        let Some(mv) = st.march.as_ref() else { return Err(("GCACW 6.1", "no unit is marching")) };
        if mv.ended {
            return Err(("GCACW 6.2", "this march is over (a ZOC-to-ZOC move, a combat result, a refused flank or a destruction attempt ended it)"));
        }
        if mv.stopped {
            return Err(("GCACW 6.2", "a unit that enters an enemy zone of control stops there (it may still attack)"));
        }
        let u = mv.unit as usize;
        let side = self.sc(st).units[u].side;
        let cur = st.units[u].hex;
        let first = !mv.moved && !mv.attacked;
        let in_zoc = self.enemy_zoc(st, side, cur) == ZOC_NORMAL;
        if in_zoc && !(mv.started_in_zoc && first) {
            // may leave an enemy ZOC only as the first thing of a march begun in it
            return Err(("GCACW 6.2", "a unit may leave an enemy zone of control only as the first thing it does in a march that began there"));
        }
        let base = self.step_cost_why(st, mv.unit, cur, n)?.saturating_add(self.hooked_step_cost(st, mv.unit, cur, n)?);
        let to_zoc = self.enemy_zoc(st, side, n) == ZOC_NORMAL;
        if in_zoc && to_zoc {
            // ZOC to ZOC: costs the entire allowance.
            return if mv.ma > 0 || first {
                Ok((mv.ma, true))
            } else {
                Err(("GCACW 6.2", "a ZOC-to-ZOC move costs the entire movement allowance, and none is left"))
            };
        }
        let cost = base + if in_zoc { 2 } else { 0 };
        if cost <= mv.ma {
            Ok((cost, false))
        } else if first {
            Ok((mv.ma.max(cost), false)) // minimum move of one hex (GCACW 6.2)
        } else {
            Err(("GCACW 6.2", "not enough movement points left to enter that hex"))
        }
    }

    /// Attack restrictions between two adjacent hexes (GCACW 7.1).
    pub fn attack_side_ok(&self, st: &State, from: HexId, to: HexId, began_here: bool) -> bool {
        let m = &self.sc(st).map;
        let Some(s) = m.side(from, to) else { return false };
        // GCACW 10.0: never across an enemy pontoon bridge.
        if !side_crossable(m, from, to, st, true) || enemy_pontoon(m, st, from, to, st.active) {
            return false;
        }
        // Option `unfordable-fords` = `rain`: no attack across a ford of an unfordable river, as in rain (GCACW 12.0).
        if st.opts.unford_like_rain && unfordable_blocks(m, st, from, to) {
            return false;
        }
        let woods = m.terrain(from) == Terrain::Woods || m.terrain(to) == Terrain::Woods;
        !(woods && !s.any_route() && !began_here)
    }

    pub fn march_attack_ok(&self, st: &State, n: HexId, k: AttackKind) -> bool {
        let Some(mv) = st.march.as_ref() else { return false };
        let u = mv.unit as usize;
        let sc = self.sc(st);
        let ud = &sc.units[u];
        if mv.ended || mv.no_attack || ud.kind == Kind::Art || !self.enemy_in(st, n, ud.side) {
            return false;
        }
        let cur = st.units[u].hex;
        let cost = k.cost_half(ud.kind == Kind::Cav);
        if k == AttackKind::Column && mv.ma < 2 {
            return false; // column needs a current allowance of at least 1 MP
        }
        cost <= mv.ma && self.attack_side_ok(st, cur, n, cur == mv.start && !mv.moved)
    }

    pub(super) fn may_refuse(&self, st: &State) -> bool {
        let Some(mv) = st.march.as_ref() else { return false };
        let u = mv.unit as usize;
        let hex = st.units[u].hex;
        let side = self.sc(st).units[u].side;
        // GCACW 7.8: 1 MP, not in mountain/swamp, not after entering an enemy ZOC, a
        // ZOC-to-ZOC move or an advance; one marker per hex.
        mv.ma >= 2
            && !mv.stopped
            && !mv.ended
            && !mv.advanced
            && !route_only(self.sc(st).map.terrain(hex), st.rain)
            && !st.refused.iter().any(|&(h, _)| h == hex)
            && side < 2
    }

    pub(super) fn perform_march(&self, st: &mut State, a: &Action, log: &mut Log) {
        let sc = self.sc(st);
        let mv = st.march.clone().expect("march frame has a march");
        let u = mv.unit as usize;
        let ud = &sc.units[u];
        let side = ud.side;
        let cur = st.units[u].hex;
        match a {
            Action::End => {
                if let Some(m) = st.march.as_mut() {
                    m.ended = true;
                }
            }
            Action::Dismantle { hex } => {
                // GCACW 10.0: 0 MP; the march goes on and the marker is free again.
                if let Some(n) = self.hex_of(st, *hex) {
                    let key = (cur.min(n), cur.max(n));
                    st.pontoons.retain(|p| (p.0, p.1) != key);
                    log.info(|| format!("{} takes up the pontoon bridge {}-{} (GCACW 10.0)", ud.name, sc.map.label(cur), sc.map.label(n)));
                }
            }
            Action::Destroy { hex } => {
                if let Some(n) = self.hex_of(st, *hex) {
                    self.destroy_attempt(st, u, n, log);
                }
                if let Some(m) = st.march.as_mut() {
                    m.ended = true;
                }
            }
            Action::Force => {
                // GCACW 5.1 step 3: disorganize, bonus MP, loss on the natural roll.
                st.units[u].org = false;
                let (bonus, loss, raw) = if ud.kind == Kind::Cav {
                    let r = st.d6() + st.d6();
                    ((r as i32 - 1).max(4) as u8, u8::from(r >= 8), r)
                } else {
                    let r = st.d6();
                    let loss = match r {
                        1 => 0,
                        6 => 2,
                        _ => 1,
                    };
                    ((r as i32 - 1).max(2) as u8, loss, r)
                };
                log.roll(|| format!("{} forced march: roll {raw}: +{bonus} MP, manpower -{loss} (GCACW 5.1)", ud.name));
                if let Some(m) = st.march.as_mut() {
                    m.ma = m.ma.saturating_add(bonus * 2);
                    m.may_force = false;
                }
                if loss > 0 {
                    self.lose(st, u, loss, true, log);
                }
            }
            Action::Move { hex } => {
                let n = self.hex_of(st, *hex).expect("legal hex");
                let (cost, z2z) = self.march_move(st, n).expect("legal move");
                let linked = sc.map.side(cur, n).is_some_and(|s| s.any_route());
                self.leave_hex(st, u);
                st.units[u].hex = n;
                let m = st.march.as_mut().expect("march");
                m.moved = true;
                m.may_force = false;
                if z2z {
                    m.ma = 0;
                    m.ended = true;
                    m.no_attack = true;
                } else if cost > m.ma {
                    m.ma = 0;
                    m.no_attack = true;
                } else {
                    m.ma -= cost;
                }
                // GCACW 12.0: the enemy sees a hidden force arrive, not the hex it came from nor
                // what the move cost (which would tell that hex).
                let side = sc.units[u].side;
                let hidden = self.li_hidden_units(st, side) & (1 << u) != 0;
                let own = || format!("{} moves to {} ({} MP)", sc.units[u].name, sc.map.label(n), cost as f32 / 2.0);
                if !hidden && st.opts.limited_intel {
                    // GCACW 12.0: a step's cost may hang on where hidden units are (friendly
                    // hexes, enemy ZOC under a marker): the others read the step without it.
                    log.push(EventKind::Info, Visibility::Seat(side), own);
                    log.push(EventKind::Info, Visibility::Others(side), || format!("{} moves to {}", sc.units[u].name, sc.map.label(n)));
                } else {
                    tell(log, side, hidden, own, || super::intel::hidden_move(sc.map.label(n)));
                }
                if z2z && !linked {
                    // GCACW 6.2: ZOC to ZOC without a route: disorganized, or -1 manpower.
                    if st.units[u].org {
                        st.units[u].org = false;
                    } else {
                        self.lose(st, u, 1, true, log);
                    }
                }
                if !z2z && st.units[u].on_map() && self.enemy_zoc(st, side, n) == ZOC_NORMAL {
                    st.march.as_mut().expect("march").stopped = true;
                }
                if ud.kind != Kind::Cav && st.units[u].on_map() {
                    let declined = st.march.as_ref().map(|m| m.declined.clone()).unwrap_or_default();
                    let offers: Vec<HexId> = self.enemy_cav_hexes_with_normal_zoc(st, side, n).into_iter().filter(|h| !declined.contains(h)).collect();
                    if !offers.is_empty() {
                        st.flow.push(Frame::Cont(Cont::MarchResume));
                        for h in offers {
                            st.flow.push(Frame::CavOffer { side: 1 - side, hex: h, enemy: n });
                        }
                    }
                }
            }
            Action::Attack { hex, kind } => {
                let n = self.hex_of(st, *hex).expect("legal hex");
                let cost = kind.cost_half(ud.kind == Kind::Cav);
                if self.units_at(st, cur).count_ones() == 1 {
                    st.refused.retain(|&(h, _)| h != cur); // GCACW 7.8: a lone unit attacking
                }
                let m = st.march.as_mut().expect("march");
                m.ma -= cost;
                m.attacked = true;
                m.may_force = false;
                log.info(|| format!("{} makes a {} attack on {} (GCACW 7.1)", ud.name, kind.name(), sc.map.label(n)));
                st.combat = Some(Combat {
                    att_side: side,
                    att_units: 1 << u,
                    att_hex: cur,
                    def_hex: n,
                    def_units: self.side_units_at(st, n, 1 - side),
                    kind: Some(*kind),
                    leader: NONE8,
                    grand: false,
                    dres: Default::default(),
                    ares: Default::default(),
                    overload: 0,
                    roll: None,
                    stage: 0,
                    def_nothing: false,
                });
                st.flow.push(Frame::Cont(Cont::Combat));
                // GCACW 7.7: infantry that began its march in the restricted ZOC of enemy
                // cavalry and attacks it: the cavalry may retreat first (the combat then goes on
                // against whoever is left, if anyone).
                let began_here = st.march.as_ref().is_some_and(|m| !m.moved && m.start == cur && !m.declined.contains(&n));
                if ud.kind == Kind::Inf && began_here && self.cav_in(st, n, 1 - side) != 0 && super::rules::zoc_into(&sc.map, n, cur, st) == super::rules::ZOC_RESTRICTED {
                    st.flow.push(Frame::CavOffer { side: 1 - side, hex: n, enemy: cur });
                }
            }
            Action::Refuse => {
                st.refused.push((cur, side));
                let m = st.march.as_mut().expect("march");
                m.ma = 0;
                m.ended = true;
                log.info(|| format!("{} refuses its flank at {} (GCACW 7.8)", ud.name, sc.map.label(cur)));
            }
            _ => {}
        }
    }

    /// A unit leaves its hex: its entrenchment goes (GCACW 9.0); a lone unit takes its hex's
    /// Flank Refused marker away (GCACW 7.8).
    pub(super) fn leave_hex(&self, st: &mut State, u: usize) {
        let hex = st.units[u].hex;
        st.units[u].ent = ENT_NONE;
        if self.units_at(st, hex).count_ones() == 1 {
            st.refused.retain(|&(h, _)| h != hex);
        }
    }

    // ---- Burn railroad stations (GCACW 5.4) ---------------------------------------------------

    pub(super) fn may_burn(&self, st: &State, u: usize) -> bool {
        let sc = self.sc(st);
        let us = &st.units[u];
        us.on_map()
            && sc.variant.burn_stations
            && us.fat <= 3
            && self.cv_half(us) >= 4
            && sc.map.hexes[us.hex as usize].station
            && !st.stations.iter().any(|&(h, s)| h == us.hex && s >= self.burn_level(st, u))
    }

    /// What unit `u` burning the station in its hex leaves: 1 damaged (CV 2-4), 2 destroyed
    /// (CV 5+); a station that can only be damaged (Frederick Junction) stays at 1 (GCACW 5.4).
    fn burn_level(&self, st: &State, u: usize) -> u8 {
        let us = &st.units[u];
        let only_damage = self.sc(st).map.hexes[us.hex as usize].station_damage_only;
        if self.cv_half(us) >= 10 && !only_damage { 2 } else { 1 }
    }

    pub(super) fn burn(&self, st: &mut State, u: usize, log: &mut Log) {
        let sc = self.sc(st);
        let hex = st.units[u].hex;
        let level = self.burn_level(st, u);
        st.units[u].fat = (st.units[u].fat + 1).min(4);
        match st.stations.iter_mut().find(|(h, _)| *h == hex) {
            Some(e) => e.1 = e.1.max(level),
            None => st.stations.push((hex, level)),
        }
        log.info(|| format!("{} burns the station at {}: {} (GCACW 5.4)", sc.units[u].name, sc.map.label(hex), if level == 2 { "destroyed" } else { "damaged" }));
    }

    // ---- Leader activation (GCACW 5.2) --------------------------------------------------------

    /// How many units leader `l` may select for a leader activation: unlimited, except the OTR
    /// Union rule (GCACW 5.2 as changed for OTR): a winning die of 1-4
    /// allows 1 unit, a 5 allows 2, a 6 any; any when won by the other's pass or without a roll.
    pub fn activation_limit(&self, st: &State, l: usize) -> u32 {
        let sc = self.sc(st);
        if !sc.variant.union_activation_by_die || sc.leaders[l].side != UNION || st.init_free {
            return u32::MAX;
        }
        match st.dice[UNION as usize] {
            1..=4 => 1,
            5 => 2,
            _ => u32::MAX,
        }
    }

    /// Units that may join `l`'s activation (GCACW 5.2 step 2).
    pub fn activation_candidates(&self, st: &State, l: usize) -> Vec<usize> {
        let sc = self.sc(st);
        let ld = &sc.leaders[l];
        if ld.kind == LKind::Army || st.leaders[l].gone {
            return vec![];
        }
        let hex = self.leader_hex(st, l);
        if hex == NO_HEX {
            return vec![];
        }
        (0..st.units.len())
            .filter(|&u| {
                let ud = &sc.units[u];
                ud.side == ld.side
                    && self.may_march(st, u)
                    && (ld.subs & (1 << u) != 0 || (ud.kind == Kind::Art && !ld.cavalry))
                    && self.in_command_radius(st, ld.side, hex, st.units[u].hex)
            })
            .collect()
    }

    // ---- Assault (GCACW 5.3, 7.1) -------------------------------------------------------------

    pub fn assault_candidates(&self, st: &State, l: usize) -> Vec<usize> {
        let sc = self.sc(st);
        let ld = &sc.leaders[l];
        if ld.kind == LKind::Army || st.leaders[l].gone {
            return vec![];
        }
        let hex = self.leader_hex(st, l);
        if hex == NO_HEX {
            return vec![];
        }
        bits(self.side_units_at(st, hex, ld.side))
            .filter(|&u| st.units[u].fat <= 3 && (ld.subs & (1 << u) != 0 || sc.units[u].kind == Kind::Art))
            .collect()
    }

    pub fn assault_targets(&self, st: &State, l: usize) -> Vec<HexId> {
        let sc = self.sc(st);
        let hex = self.leader_hex(st, l);
        if hex == NO_HEX {
            return vec![];
        }
        let side = sc.leaders[l].side;
        sc.map.neighbors(hex).filter(|&n| self.enemy_in(st, n, side) && self.attack_side_ok(st, hex, n, true)).collect()
    }

    pub(super) fn assault_eligible(&self, st: &State, l: usize) -> bool {
        !self.assault_candidates(st, l).is_empty() && !self.assault_targets(st, l).is_empty()
    }

    pub(super) fn assault_roll(&self, st: &mut State, leader: u8, target: HexId, units: u64, log: &mut Log) {
        let sc = self.sc(st);
        let ld = &sc.leaders[leader as usize];
        let r = st.d6();
        let modified = r as i32 - if ld.kind == LKind::District { 2 } else { 0 };
        let n = ld.command_value as i32 - modified;
        let ok = r != 6 && n >= 0;
        log.roll(|| {
            format!(
                "{} assault command roll {r}{}: {} (GCACW 5.3)",
                ld.name,
                if ld.kind == LKind::District { " -2 (district leader)" } else { "" },
                if r == 6 {
                    "a natural 6 always fails".to_string()
                } else if n < 0 {
                    format!("assault number {n}: fails")
                } else {
                    format!("assault number {n}")
                }
            )
        });
        if !ok {
            return;
        }
        let def = 1 - ld.side;
        if self.side_units_at(st, target, def) == 0 {
            // GCACW 7.7: the cavalry retreat emptied the hex: advance, no combat.
            st.flow.push(Frame::Advance { side: ld.side, pool: units, hex: target, march: false });
            return;
        }
        let allowed = n.max(1) as u8;
        if allowed as u32 >= count(units) {
            st.flow.push(Frame::Cont(Cont::AssaultGrand { leader, target, units }));
        } else {
            st.flow.push(Frame::AssaultKeep { leader, target, mask: units, allowed, kept: 0 });
        }
    }

    /// An army or district leader that can make this assault a grand assault (GCACW 7.1).
    pub fn grand_leader(&self, st: &State, leader: usize) -> Option<usize> {
        let sc = self.sc(st);
        let ld = &sc.leaders[leader];
        if ld.cavalry {
            return None;
        }
        let hex = self.leader_hex(st, leader);
        (0..sc.leaders.len()).find(|&a| {
            let ad = &sc.leaders[a];
            ad.side == ld.side
                && matches!(ad.kind, LKind::Army | LKind::District)
                && !st.leaders[a].gone
                && self.leader_hex(st, a) != NO_HEX
                && self.in_command_radius(st, ld.side, hex, self.leader_hex(st, a))
        })
    }

    /// Units that may join a grand assault on `target` (GCACW 7.1 step 3).
    pub fn grand_candidates(&self, st: &State, target: HexId, exclude: u64) -> Vec<usize> {
        let sc = self.sc(st);
        let side = 1 - sc.units[bits(self.units_at(st, target)).next().unwrap_or(0)].side;
        (0..st.units.len())
            .filter(|&u| {
                let us = &st.units[u];
                exclude & (1 << u) == 0
                    && us.on_map()
                    && sc.units[u].side == side
                    && us.fat <= 3
                    && us.dem == 0
                    && sc.map.dir_to(us.hex, target).is_some()
                    && self.attack_side_ok(st, us.hex, target, true)
            })
            .collect()
    }

    pub(super) fn assault_grand(&self, st: &mut State, leader: u8, target: HexId, units: u64) {
        if let Some(army) = self.grand_leader(st, leader as usize)
            && !self.grand_candidates(st, target, units).is_empty() {
                st.flow.push(Frame::GrandOffer { leader, target, units, army: army as u8 });
                return;
            }
        self.start_assault_combat(st, leader, target, units, false);
    }

    pub(super) fn start_assault_combat(&self, st: &mut State, leader: u8, target: HexId, units: u64, grand: bool) {
        let sc = self.sc(st);
        let side = sc.leaders[leader as usize].side;
        st.combat = Some(Combat {
            att_side: side,
            att_units: units,
            att_hex: self.leader_hex(st, leader as usize),
            def_hex: target,
            def_units: self.side_units_at(st, target, 1 - side),
            kind: None,
            leader,
            grand,
            dres: Default::default(),
            ares: Default::default(),
            overload: 0,
            roll: None,
            stage: 0,
            def_nothing: false,
        });
        st.flow.push(Frame::Cont(Cont::Combat));
    }

    // ---- Combat results (GCACW 7.5, 7.6) ------------------------------------------------------

    /// Remove `n` manpower from a unit; its new marker is disorganized if `d` (or if it was).
    pub(super) fn lose(&self, st: &mut State, u: usize, n: u8, d: bool, log: &mut Log) {
        let sc = self.sc(st);
        let side = sc.units[u].side as usize;
        let take = n.min(st.units[u].mp);
        st.units[u].mp -= take;
        st.lost[side] += take as u16;
        if d {
            st.units[u].org = false;
        }
        log.info(|| format!("{} loses {take} manpower", sc.units[u].name));
        if st.units[u].mp == 0 {
            st.units[u].gone = true;
            log.info(|| format!("{} is eliminated (GCACW 7.5)", sc.units[u].name));
        }
    }

    pub(super) fn eliminate(&self, st: &mut State, u: usize, log: &mut Log, why: &str) {
        let sc = self.sc(st);
        let side = sc.units[u].side as usize;
        st.lost[side] += st.units[u].mp as u16;
        st.units[u].mp = 0;
        st.units[u].gone = true;
        log.info(|| format!("{} {why}", sc.units[u].name));
    }

    pub(super) fn alive(&self, st: &State, m: u64) -> u64 {
        bits(m).filter(|&i| st.units[i].on_map()).fold(0, |a, i| a | 1 << i)
    }

    /// Push a loss decision, or apply it directly when only one unit can take it.
    pub(super) fn assign_loss(&self, st: &mut State, side: u8, pool: u64, n: u8, d: bool, log: &mut Log) -> bool {
        let pool = self.alive(st, pool);
        if n == 0 || pool == 0 {
            return false;
        }
        if count(pool) == 1 {
            self.lose(st, pool.trailing_zeros() as usize, n, d, log);
            return false;
        }
        st.flow.push(Frame::Cont(Cont::Combat));
        st.flow.push(Frame::Loss { side, left: n, pool, d });
        true
    }

    pub(super) fn apply_letters(&self, st: &mut State, units: u64, r: &super::data::CrtRes) {
        for u in bits(units) {
            let us = &mut st.units[u];
            if !us.on_map() {
                continue;
            }
            if r.d {
                us.org = false;
                us.fat = (us.fat + 3).min(4);
            }
            us.fat = (us.fat + r.fat).min(4);
            match r.retreat {
                2 => us.dem = if us.dem == 0 { 1 } else { 2 },
                3 => us.dem = 2,
                _ => {}
            }
        }
    }

    pub(super) fn combat_step(&self, st: &mut State, log: &mut Log) {
        loop {
            let Some(cb) = st.combat.clone() else { return };
            let def_side = 1 - cb.att_side;
            let next = |st: &mut State, s: u8| {
                if let Some(c) = st.combat.as_mut() {
                    c.stage = s;
                }
            };
            match cb.stage {
                0 => {
                    // The defenders are those in the hex when the combat is resolved: a cavalry
                    // retreat may have taken some or all of them away (GCACW 7.7).
                    let now = self.side_units_at(st, cb.def_hex, def_side);
                    if now == 0 {
                        st.combat = None;
                        log.info(|| format!("{} is empty: no combat (GCACW 7.7)", self.sc(st).map.label(cb.def_hex)));
                        return;
                    }
                    if let Some(c) = st.combat.as_mut() {
                        c.def_units = now;
                    }
                    self.resolve_rolls(st, log);
                    next(st, 1);
                }
                1 => {
                    next(st, 2);
                    // Defender first (GCACW 7.5); R* costs one more manpower.
                    let n = cb.dres.loss + u8::from(cb.dres.retreat == 3);
                    if self.assign_loss(st, def_side, cb.def_units, n, cb.dres.d, log) {
                        return;
                    }
                }
                2 => {
                    next(st, 3);
                    let alive = self.alive(st, cb.def_units);
                    self.apply_letters(st, alive, &cb.dres);
                    if cb.dres.retreat > 0 && alive != 0 {
                        let kind = if cb.dres.retreat == 1 { RetreatKind::Retreat } else { RetreatKind::Rout };
                        st.flow.push(Frame::Cont(Cont::Combat));
                        st.flow.push(Frame::Retreat(Box::new(RetreatCtx {
                            side: def_side,
                            units: alive,
                            kind,
                            start: cb.def_hex,
                            cur: cb.def_hex,
                            steps: 0,
                            path: Vec::new(),
                            enemy: cb.att_hex,
                            override_used: false,
                            fatigue: false,
                        })));
                        return;
                    }
                }
                3 => {
                    next(st, 4);
                    if self.assign_loss(st, cb.att_side, cb.att_units, cb.ares.loss + cb.overload, cb.ares.d, log) {
                        return;
                    }
                }
                4 => {
                    next(st, 5);
                    let alive = self.alive(st, cb.att_units);
                    self.apply_letters(st, alive, &cb.ares);
                    if cb.leader == NONE8 && cb.ares.ends_march()
                        && let Some(m) = st.march.as_mut() {
                            m.ended = true;
                        }
                }
                5 => {
                    next(st, 6);
                    // GCACW 7.6: the defender may retreat voluntarily after a result without r/R.
                    if cb.dres.retreat == 0 && self.side_units_at(st, cb.def_hex, def_side) != 0 {
                        st.flow.push(Frame::Cont(Cont::Combat));
                        st.flow.push(Frame::Voluntary { side: def_side, hex: cb.def_hex, fatigue: cb.def_nothing });
                        return;
                    }
                }
                6 => {
                    next(st, 7);
                    let alive = self.alive(st, cb.att_units);
                    if cb.ares.adv && self.units_at(st, cb.def_hex) == 0 && alive != 0 {
                        st.flow.push(Frame::Cont(Cont::Combat));
                        st.flow.push(Frame::Advance { side: cb.att_side, pool: alive, hex: cb.def_hex, march: cb.leader == NONE8 });
                        return;
                    }
                }
                _ => {
                    st.combat = None;
                    if cb.leader == NONE8 {
                        let side = cb.att_side;
                        let in_zoc = st.march.as_ref().map(|m| {
                            let us = &st.units[m.unit as usize];
                            us.on_map() && self.enemy_zoc(st, side, us.hex) == ZOC_NORMAL
                        });
                        if let (Some(m), Some(z)) = (st.march.as_mut(), in_zoc) {
                            // GCACW 6.2: still in an enemy ZOC: attack again or end.
                            m.stopped = z;
                        }
                    }
                    return;
                }
            }
        }
    }

    pub(super) fn advance_candidates(&self, st: &State, pool: u64, hex: HexId) -> u64 {
        let m = &self.sc(st).map;
        if self.units_at(st, hex) & !pool != 0 && bits(self.units_at(st, hex)).any(|i| self.sc(st).units[i].side != self.sc(st).units[bits(pool).next().unwrap_or(0)].side) {
            return 0;
        }
        bits(pool)
            .filter(|&u| {
                let us = &st.units[u];
                us.on_map() && us.hex != hex && m.dir_to(us.hex, hex).is_some() && side_crossable(m, us.hex, hex, st, true)
                    && !enemy_pontoon(m, st, us.hex, hex, self.sc(st).units[u].side)
                    && !unfordable_blocks(m, st, us.hex, hex)
            })
            .fold(0, |a, i| a | 1 << i)
    }

    pub(super) fn retreat_step(&self, st: &mut State, mut r: RetreatCtx, n: HexId, is_override: bool, log: &mut Log) {
        let sc = self.sc(st);
        let opts = self.retreat_options(st, &r);
        let loss = opts.iter().find(|o| o.0 == n).map(|o| o.2).unwrap_or(0);
        let enemy_there = self.enemy_in(st, n, r.side);
        let alive = self.alive(st, r.units);
        for u in bits(alive) {
            st.units[u].hex = n;
            st.units[u].ent = ENT_NONE;
        }
        if r.kind == RetreatKind::Cavalry {
            if enemy_there {
                // GCACW 7.7: cavalry retreating into an enemy-occupied hex is eliminated.
                for u in bits(alive) {
                    self.eliminate(st, u, log, "is eliminated retreating into an enemy-occupied hex (GCACW 7.7)");
                }
            }
        } else if loss > 0 {
            for u in bits(alive) {
                self.lose(st, u, loss, true, log);
                st.units[u].org = false;
            }
        }
        log.info(|| format!("{} retreats to {}{} (GCACW 7.6)", SIDE[r.side as usize], sc.map.label(n), if is_override { " overriding the priorities" } else { "" }));
        r.path.push(r.cur);
        r.cur = n;
        r.steps += 1;
        r.override_used |= is_override;
        st.flow.replace(Frame::Retreat(Box::new(r)));
    }

    /// Cavalry retreat (GCACW 7.7): roll, MA reduction, loss on a natural 1, retreat 4-6,
    /// fatigue +1, disorganized.
    pub(super) fn cavalry_retreat(&self, st: &mut State, side: u8, hex: HexId, enemy: HexId, log: &mut Log) {
        let sc = self.sc(st);
        let cav = self.cav_in(st, hex, side);
        let drm = self.cav_retreat_drm(st, hex, side, enemy);
        let r = st.d6();
        let reduce = ((r as i32 + drm).max(0) / 2) as u8;
        log.roll(|| format!("cavalry retreat from {}: roll {r} {drm:+}: enemy allowance -{reduce} MP (GCACW 7.7)", sc.map.label(hex)));
        // The active marching unit's allowance (also when the retreat answers its declared but
        // unresolved attack); an assault has none.
        if st.combat.as_ref().is_none_or(|c| c.stage == 0)
            && let Some(m) = st.march.as_mut() {
                m.ma = m.ma.saturating_sub(reduce * 2);
            }
        for u in bits(cav) {
            if st.units[u].on_map() {
                st.units[u].fat = (st.units[u].fat + 1).min(4);
                st.units[u].org = false;
            }
        }
        let alive = self.alive(st, cav);
        if alive != 0 {
            st.flow.push(Frame::Retreat(Box::new(RetreatCtx {
                side,
                units: alive,
                kind: RetreatKind::Cavalry,
                start: hex,
                cur: hex,
                steps: 0,
                path: Vec::new(),
                enemy,
                override_used: false,
                fatigue: false,
            })));
            if r == 1 {
                // Unmodified 1: one cavalry unit of the owner's choice loses 1 manpower (its
                // new marker disorganized, as all of them already are), before the retreat.
                st.flow.push(Frame::Loss { side, left: 1, pool: alive, d: true });
            }
        }
    }

    pub fn cav_in(&self, st: &State, hex: HexId, side: u8) -> u64 {
        let sc = self.sc(st);
        bits(self.side_units_at(st, hex, side)).filter(|&u| sc.units[u].kind == Kind::Cav).fold(0, |a, i| a | 1 << i)
    }

    // ---- Recovery (GCACW 8.0, 9.0) ------------------------------------------------------------

    /// The entrenchment a fatigue-0 unit would reach in Recovery step 1, if any (GCACW 9.0).
    pub fn recovery_entrench_to(&self, st: &State, u: usize) -> Option<u8> {
        let sc = self.sc(st);
        let us = &st.units[u];
        if !us.on_map() || us.fat != 0 || us.recovered || st.rain {
            return None;
        }
        let redoubt_csa = sc.units[u].side == CSA && sc.map.hexes[us.hex as usize].redoubt;
        let year = sc.year;
        match (year, us.ent) {
            (..=1862, ENT_NONE) => Some(if redoubt_csa { ENT_BW } else { ENT_BW_BUILD }),
            (..=1863, ENT_NONE) => Some(ENT_BW),
            (..=1863, ENT_BW_BUILD) => Some(ENT_BW),
            (..=1863, ENT_BW) => Some(ENT_FORT_BUILD),
            (..=1863, ENT_FORT_BUILD) => Some(ENT_FORT),
            (_, ENT_NONE) => Some(ENT_BW),
            (_, ENT_ABATIS) => Some(ENT_FB1),
            (_, ENT_BW_BUILD) => Some(ENT_FB2),
            (_, ENT_BW | ENT_FB1 | ENT_FB2) => Some(ENT_FORT),
            _ => None,
        }
    }

    /// The entrenchment an entrench action would give `u`, if it may take one (GCACW 5.5,
    /// the 7.2.2 transition table).
    pub fn entrench_action_to(&self, st: &State, u: usize) -> Option<u8> {
        let sc = self.sc(st);
        let us = &st.units[u];
        // GCACW 5.5: 1864+, or 1863 with the optional rule; never 1862; never in rain (12.0).
        let y1864 = sc.year >= 1864;
        if !(y1864 || (sc.year == 1863 && st.opts.entrench_1863)) || st.rain {
            return None;
        }
        // A military unit on the map, fatigue 0-2 (1863) / 0-3 (1864+), not demoralized.
        if !us.on_map() || us.fat > if y1864 { 3 } else { 2 } || us.dem > 0 {
            return None;
        }
        let redoubt_csa = sc.units[u].side == CSA && sc.map.hexes[us.hex as usize].redoubt;
        if y1864 {
            match us.ent {
                ENT_NONE => Some(if redoubt_csa { ENT_BW_BUILD } else { ENT_ABATIS }),
                ENT_ABATIS => Some(ENT_BW_BUILD),
                ENT_BW_BUILD => Some(ENT_BW),
                ENT_BW => Some(ENT_FB1),
                ENT_FB1 => Some(ENT_FB2),
                ENT_FB2 => Some(ENT_FORT),
                _ => None, // completed fort
            }
        } else {
            match us.ent {
                ENT_NONE => Some(ENT_BW_BUILD),
                ENT_BW_BUILD => Some(ENT_BW),
                ENT_BW => Some(ENT_FORT_BUILD),
                ENT_FORT_BUILD => Some(ENT_FORT),
                _ => None,
            }
        }
    }

    /// The entrench action (GCACW 5.5): fatigue +2 in 1863, +1 in 1864+, never an extended
    /// march; the marker moves one step along the transition table.
    pub(super) fn entrench_action(&self, st: &mut State, u: usize, log: &mut Log) {
        let Some(to) = self.entrench_action_to(st, u) else { return };
        let sc = self.sc(st);
        let add = if sc.year >= 1864 { 1 } else { 2 };
        let us = &mut st.units[u];
        us.fat = (us.fat + add).min(4);
        us.ent = to;
        let f = us.fat;
        // GCACW 12.0: a hidden unit's entrenchment and fatigue are on the secret force display;
        // the enemy reads only that a hidden unit entrenched (an observer reads nothing).
        let side = sc.units[u].side;
        let hidden = self.li_hidden_units(st, side) & (1 << u) != 0;
        tell(log, side, hidden, || format!("{} entrenches: {}, fatigue {f} (GCACW 5.5)", sc.units[u].name, ent_name(to)), || format!("{} entrenches (GCACW 5.5)", super::intel::HIDDEN_UNIT));
    }

    /// Recovery steps 3-5 (GCACW 8.0).
    pub(super) fn recovery_rest(&self, st: &mut State, log: &mut Log) {
        for us in st.units.iter_mut() {
            us.recovered = false;
            if !us.on_map() {
                continue;
            }
            if us.fat <= 1 {
                let d2 = us.dem == 2; // evaluated before step 3c
                if !d2 {
                    us.org = true;
                    us.exh = false;
                }
                us.dem = us.dem.saturating_sub(1);
            }
            if us.fat >= 3 {
                us.exh = true;
            }
            us.fat = us.fat.saturating_sub(3);
        }
        log.info(|| "Recovery: reorganization, exhaustion, fatigue -3 (GCACW 8.0 steps 3-5)".into());
    }

    /// Turn Update Phase (GCACW 3.5).
    pub(super) fn turn_update(&self, st: &mut State, log: &mut Log) {
        // GCACW 12.0: an unfordable marker leaves the track at the end of the turn whose box it
        // occupies.
        for m in st.unford.iter_mut() {
            if *m != 0 && *m <= st.turn {
                *m = 0;
            }
        }
        // The scenario's own victory conditions (Lua hooks) at the end of every turn.
        if self.hooked_victory(st, log) {
            return;
        }
        let turns = self.sc(st).turns;
        if st.turn >= turns {
            st.phase = Phase::End;
            log.info(|| "the last turn is over".into());
            return;
        }
        st.turn += 1;
        self.begin_turn(st, log);
    }
}

/// An automatic step of the sequence of play (GCACW 3.0).
#[derive(Clone, Debug)]
pub enum Step {
    /// Leaders of eliminated units, abandoned Flank Refused markers (GCACW 7.5, 7.4).
    Cleanup,
    /// The flow is empty: the phase `Phase` is over.
    PhaseEnd(Phase),
    /// The frame on top runs by itself.
    Frame(Frame),
}

impl Procedure for Gcacw {
    type State = State;
    type Step = Step;

    fn next_step(&self, st: &State) -> Option<Step> {
        if self.cleanup_due(st) {
            return Some(Step::Cleanup);
        }
        match st.flow.top() {
            None => (st.phase != Phase::End).then_some(Step::PhaseEnd(st.phase)),
            Some(f) => self.frame_is_automatic(st, f).then(|| Step::Frame(f.clone())),
        }
    }

    fn step_name(&self, step: &Step) -> &'static str {
        match step {
            Step::Cleanup => "leader-relocation",
            Step::PhaseEnd(Phase::Transfer) => "action-cycle-start",
            Step::PhaseEnd(Phase::Cycle) => "action-cycle-end",
            Step::PhaseEnd(_) => "turn-end",
            Step::Frame(Frame::Cont(Cont::ActionDone)) => "action-phase",
            Step::Frame(Frame::Cont(Cont::Combat)) => "combat",
            Step::Frame(Frame::Cont(Cont::AssaultRoll { .. })) => "assault-roll",
            Step::Frame(Frame::Cont(Cont::AssaultGrand { .. })) => "grand-assault",
            Step::Frame(Frame::Cont(Cont::MarchResume)) => "march-resume",
            Step::Frame(Frame::March) => "march-end",
            // A decoy's pretended activation ends as a real one does (GCACW 12.0).
            Step::Frame(Frame::Activation { .. } | Frame::DecoyLead { .. }) => "activation-end",
            Step::Frame(Frame::Loss { .. }) => "loss",
            Step::Frame(Frame::Swamp { .. }) => "swamp-flood",
            Step::Frame(Frame::Retreat(_)) => "retreat-end",
            Step::Frame(_) => "choice-skipped",
        }
    }

    fn run_step(&self, st: &mut State, step: Step, log: &mut Log) {
        match step {
            Step::Cleanup => self.cleanup(st, log),
            Step::PhaseEnd(Phase::Transfer) => {
                st.phase = Phase::Cycle;
                self.start_action_phase(st, log);
            }
            Step::PhaseEnd(Phase::Cycle) => {
                // GCACW 4.4: the Action Cycle is over; Recovery Phase step 1.
                st.dice = [0, 0];
                st.phase = Phase::Recovery;
                log.info(|| "the Action Cycle ends; Recovery Phase (GCACW 8.0)".into());
                st.pontoon_hexes.clear();
                st.repair_tried = 0;
                st.flow.push(Frame::Recovery { side: CSA });
                st.flow.push(Frame::Recovery { side: UNION });
            }
            Step::PhaseEnd(_) => {
                self.recovery_rest(st, log);
                self.turn_update(st, log);
            }
            Step::Frame(f) => self.run_frame(st, f, log),
        }
    }

    fn at_step(&self, st: &mut State, at: At, step: &'static str, log: &mut Log) {
        self.hooks_at_step(st, at, step, log);
    }
}

