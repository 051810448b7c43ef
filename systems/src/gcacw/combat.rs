//! Combat (GCACW 7.0-7.8): combat values and caps, every die-roll modifier with the full flank
//! procedure, the Combat Results Table, results, retreat paths with their priorities, and the
//! cavalry retreat.

use super::Gcacw;
use super::data::{CSA, Crossing, HexId, Kind, LKind, NO_HEX, NONE8, Terrain, UnitId};
use super::rules::{ZOC_NONE, ZOC_RESTRICTED, eff_side, enemy_pontoon, route_only, side_crossable, unfordable, unfordable_blocks, zoc_into};
use super::state::{Combat, CombatRoll, ENT_BW_BUILD, ENT_NONE, RetreatCtx, RetreatKind, State};
use bivouac_engine::log::Log;

/// Every modifier of one combat, for the log, the app and tests.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Drms {
    pub att_half: u32,
    pub def_q: u32,
    pub def_raw_half: u32,
    pub ratio: i32,
    pub tactical: i32,
    pub artillery: i32,
    pub kind: i32,
    pub assault: i32,
    pub leader: i32,
    pub rain: i32,
    pub flank: i32,
    pub terrain: i32,
    pub d2: i32,
    /// The scenario's special rules (Lua `combat_modifier` hooks), on the attacker's roll.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rules: i32,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

impl Drms {
    pub fn attacker(&self) -> i32 {
        self.ratio + self.tactical + self.artillery + self.kind + self.assault + self.leader + self.rain + self.flank + self.rules
    }
    pub fn defender(&self) -> i32 {
        self.terrain + self.d2
    }
    /// "+14 (ratio +8, tactical +1, ...)": the attacker's total and its parts (GCACW 7.4).
    pub fn attacker_text(&self) -> String {
        let rules = if self.rules == 0 { String::new() } else { format!(", special rules {:+}", self.rules) };
        format!(
            "{:+} (ratio {:+}, tactical {:+}, artillery {:+}, type {:+}, assault {:+}, leader {:+}, rain {:+}, flank {:+}{rules})",
            self.attacker(),
            self.ratio,
            self.tactical,
            self.artillery,
            self.kind,
            self.assault,
            self.leader,
            self.rain,
            self.flank
        )
    }
    /// "+2 (terrain +2, demoralized +0)": the defender's total and its parts (GCACW 7.4).
    pub fn defender_text(&self) -> String {
        format!("{:+} (terrain {:+}, demoralized {:+})", self.defender(), self.terrain, self.d2)
    }
}

pub fn bits(m: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |i| m & (1u64 << i) != 0)
}

fn half_text(h: u32) -> String {
    if h.is_multiple_of(2) { format!("{}", h / 2) } else if h == 1 { "1/2".into() } else { format!("{} 1/2", h / 2) }
}

impl Gcacw {
    /// Entrenchment multiplier x2 for a defending unit: the best of its own marker and a usable
    /// redoubt, never their product (GCACW 9.0).
    pub fn ent_mult2(&self, st: &State, u: UnitId) -> u32 {
        let sc = self.sc(st);
        let us = &st.units[u as usize];
        let own = match us.ent {
            ENT_NONE => 2,
            1 => 3,
            ENT_BW_BUILD => {
                if sc.year >= 1864 {
                    3
                } else {
                    2
                }
            }
            3..=5 => 4,
            6 => 5,
            _ => 6,
        };
        let side = sc.units[u as usize].side;
        let redoubt = us.hex != NO_HEX && sc.map.hexes[us.hex as usize].redoubt && (side == CSA || sc.variant.redoubts_both_sides);
        if redoubt { own.max(3) } else { own }
    }

    pub fn redoubt_usable(&self, st: &State, hex: HexId, side: u8) -> bool {
        let sc = self.sc(st);
        sc.map.hexes[hex as usize].redoubt && (side == CSA || sc.variant.redoubts_both_sides)
    }

    /// Defender CV in quarter points with entrenchment, capped (GCACW 7.2, 9.0).
    pub fn defense_q(&self, st: &State, units: u64) -> u32 {
        let sc = self.sc(st);
        let mut total = 0u32;
        let (mut n, mut ent) = (0, 0);
        for i in bits(units) {
            let u = &st.units[i];
            if !u.on_map() {
                continue;
            }
            let m2 = self.ent_mult2(st, i as UnitId);
            total += self.cv_half(u) * m2;
            n += 1;
            if m2 > 2 {
                ent += 1;
            }
        }
        let caps = sc.variant.caps;
        let cap = if n > 0 && ent == n {
            caps[3]
        } else if n > 0 && ent * 2 >= n {
            caps[2] // Count units; redoubts count.
        } else {
            caps[1]
        };
        total.min(cap as u32 * 4)
    }

    /// Raw (un-entrenched) CV of units, half points.
    pub fn raw_half(&self, st: &State, units: u64) -> u32 {
        bits(units).map(|i| if st.units[i].on_map() { self.cv_half(&st.units[i]) } else { 0 }).sum()
    }

    /// Attacking CV in half points, capped per attacking hex (GCACW 7.2).
    pub fn attack_half(&self, st: &State, units: u64) -> u32 {
        let cap = self.sc(st).variant.caps[0] as u32 * 2;
        let mut per_hex: Vec<(HexId, u32)> = Vec::new();
        for i in bits(units) {
            let u = &st.units[i];
            if !u.on_map() {
                continue;
            }
            let v = self.attack_cv_half(u);
            match per_hex.iter_mut().find(|(h, _)| *h == u.hex) {
                Some(e) => e.1 += v,
                None => per_hex.push((u.hex, v)),
            }
        }
        per_hex.iter().map(|&(_, v)| v.min(cap)).sum()
    }

    /// Ratio DRM: attacker vs defender CV rounded in the defender's favour (GCACW 7.4).
    pub fn ratio_drm(&self, att_q: u32, def_q: u32) -> i32 {
        let ch = &self.data.charts;
        if def_q == 0 {
            return ch.ratio.first().map(|r| r.2).unwrap_or(0);
        }
        for &(a, d, drm) in &ch.ratio {
            if att_q as u64 * d as u64 >= def_q as u64 * a as u64 {
                return drm;
            }
        }
        ch.ratio_below
    }

    /// Defender's terrain DRM against an attack from `from` (GCACW 7.4).
    pub fn terrain_drm(&self, st: &State, from: HexId, def: HexId) -> i32 {
        let sc = self.sc(st);
        let m = &sc.map;
        let Some(s) = eff_side(m, st, from, def) else { return 0 };
        let hexside = if s.river > 0 && s.crossing != Crossing::None {
            2
        } else if s.creek {
            if st.rain { 2 } else { 1 }
        } else {
            0
        };
        // Seen from the attacker's hex: +1 = crest in the attacker's hex = attacking down.
        let down = s.ridge == 1;
        let up = s.ridge == -1;
        let at = m.terrain(from);
        let relief = match m.terrain(def) {
            Terrain::Mountain => {
                if at == Terrain::Mountain || down {
                    1
                } else {
                    2
                }
            }
            Terrain::Hill => {
                if matches!(at, Terrain::Hill | Terrain::Mountain) || down {
                    0
                } else {
                    1
                }
            }
            _ => 0,
        };
        let ridge = if up { 2 } else { 0 };
        let relief_ridge = if st.opts.ridge_stacks { relief + ridge } else { relief.max(ridge) };
        hexside + relief_ridge
    }

    /// Artillery DRM (GCACW 7.4) with the parity roll for starred cells.
    pub fn artillery_drm(&self, st: &mut State, att: u64, def: u64, def_hex: HexId, log: &mut Log) -> i32 {
        let sc = self.sc(st);
        let t = sc.map.terrain(def_hex);
        let row = match t {
            Terrain::Clear => 0,
            Terrain::Rolling => 1,
            Terrain::Rough | Terrain::Hill => 2,
            Terrain::ProvSwamp if !st.rain => 2,
            _ => return 0, // woods, city, mountain, swamp: no artillery modifier at all.
        };
        // GCACW 7.3: printed artillery values, untouched by fatigue or organization, 0 while
        // demoralized (11.0), multiplied by the defender's entrenchment (9.0).
        let a: i32 = bits(att).filter(|&i| st.units[i].dem == 0).map(|i| sc.units[i].artillery as i32).sum();
        let mut d2 = 0u32;
        for i in bits(def) {
            if st.units[i].dem == 0 && st.units[i].on_map() {
                d2 += sc.units[i].artillery as u32 * self.ent_mult2(st, i as UnitId);
            }
        }
        let d = d2.div_ceil(2) as i32;
        if a == 0 && d == 0 {
            return 0;
        }
        let diff = a - d;
        let col = match diff {
            i32::MIN..=-4 => 0,
            -3..=1 => 1,
            2..=4 => 2,
            5..=7 => 3,
            _ => 4,
        };
        let (mut v, mut kind) = self.data.charts.art[row][col];
        if d == 0 && v < 0 {
            v = 0;
            kind = 0;
        }
        if d == 1 && v == -2 {
            v = -1;
        }
        match kind {
            1 => {
                let r = st.d6();
                log.roll(|| format!("artillery parity roll {r} ({}): GCACW 7.4", if r.is_multiple_of(2) { "even, applies" } else { "odd, no modifier" }));
                if r.is_multiple_of(2) { v as i32 } else { 0 }
            }
            2 => {
                let r = st.d6();
                log.roll(|| format!("artillery parity roll {r}: GCACW 7.4 {}", if r.is_multiple_of(2) { "+2" } else { "+1" }));
                if r.is_multiple_of(2) { 2 } else { 1 }
            }
            _ => v as i32,
        }
    }

    /// The flank attack bonus (GCACW 7.4), including Flank Refused, redoubt and
    /// cavalry-versus-cavalry adjustments. `attackers` are the active attacking units.
    pub fn flank_drm(&self, st: &State, att_side: u8, attackers: u64, def_hex: HexId, def_q: u32, cav_attack: bool) -> i32 {
        let sc = self.sc(st);
        let m = &sc.map;
        let def_side = 1 - att_side;
        let mut covered = 0;
        let mut reductions = 0;
        for dir in 0..6 {
            let n = m.hexes[def_hex as usize].nbr[dir];
            if n == NO_HEX {
                // An off-map hex counts as covered and reduces the bonus.
                covered += 1;
                reductions += 1;
                continue;
            }
            let Some(s) = eff_side(m, st, def_hex, n) else { continue };
            let s = &s;
            if m.terrain(n) == Terrain::Water {
                continue;
            }
            let terrain_cov = (route_only(m.terrain(n), st.rain) || route_only(m.terrain(def_hex), st.rain)) && !s.any_route();
            let river_cov = (s.river > 0 && s.crossing == Crossing::None)
                || (st.rain && s.river > 0 && s.crossing == Crossing::Ford)
                // GCACW 7.4 flank step 3: a ford of a river unfordable this turn covers (12.0).
                || (s.crossing == Crossing::Ford && unfordable(st, s))
                || (st.rain && s.creek && !s.any_route());
            // Units friendly to the attacker that occupy n or exert a ZOC into it; inactive
            // demoralized units never help (GCACW 11.0).
            let mut helpers_half = 0u32;
            let mut any_helper = false;
            let mut occupied = false;
            let mut all_restricted = true;
            for (i, u) in st.units.iter().enumerate() {
                if !u.on_map() || sc.units[i].side != att_side {
                    continue;
                }
                let active = attackers & (1 << i) != 0;
                if u.dem > 0 && !active {
                    continue;
                }
                let z = if u.hex == n {
                    occupied = true;
                    all_restricted = false;
                    true
                } else if m.dir_to(u.hex, n).is_some() {
                    let z = zoc_into(m, u.hex, n, st);
                    if z != ZOC_RESTRICTED {
                        all_restricted &= z == ZOC_NONE;
                    }
                    z != ZOC_NONE
                } else {
                    false
                };
                if z {
                    any_helper = true;
                    helpers_half += self.cv_half(u);
                }
            }
            let _ = occupied;
            // The helpers together must have at least 1/4 of the defender's (entrenched) CV.
            let unit_cov = any_helper && helpers_half * 2 * 4 >= def_q;
            if !(unit_cov || terrain_cov || river_cov) {
                continue;
            }
            covered += 1;
            let def_there = self.side_units_at(st, n, def_side) != 0;
            let only_restricted = unit_cov && all_restricted && !(sc.variant.csa_ignores_flank_3b && att_side == CSA);
            if def_there || only_restricted || terrain_cov || river_cov {
                reductions += 1;
            }
        }
        let basic = match covered {
            6 => 4,
            5 => 2,
            _ => 0,
        };
        let mut fin = if basic > 0 { (basic - reductions.min(3)).max(0) } else { 0 };
        let refused = st.refused.iter().any(|&(h, s)| h == def_hex && s == def_side);
        let redoubt = self.redoubt_usable(st, def_hex, def_side);
        let def_units = self.side_units_at(st, def_hex, def_side);
        let cav_half: u32 = bits(def_units).filter(|&i| sc.units[i].kind == Kind::Cav).map(|i| self.cv_half(&st.units[i])).sum();
        let cav_vs_cav = cav_attack && cav_half * 2 > self.raw_half(st, def_units);
        let squeeze = |f: i32, one: i32| match f {
            4 => 2,
            2 | 3 => 1,
            1 => one,
            _ => 0,
        };
        if redoubt {
            let before = fin;
            fin = squeeze(fin, 0);
            if before == 0 && refused {
                fin = 1; // The +1 for non-flank attacks comes from the marker only.
            }
        } else if refused {
            fin = if fin == 0 { 1 } else { squeeze(fin, 1) };
        } else if cav_vs_cav {
            fin = squeeze(fin, 0);
        }
        fin
    }

    /// All modifiers of the combat in `cb` (rolls the artillery parity die when needed), from
    /// the board as it stands: valid before the roll only. Once rolled, read `Combat::drms`:
    /// the defender's losses and retreat change the board (an emptied defender hex reads as the
    /// top ratio row), so a recomputation mid-combat is not what was applied (GCACW 7.4).
    pub fn combat_drms(&self, st: &mut State, cb: &Combat, log: &mut Log) -> Drms {
        let sc = self.sc(st);
        let def_side = 1 - cb.att_side;
        let def_units = self.side_units_at(st, cb.def_hex, def_side);
        let mut d = Drms { att_half: self.attack_half(st, cb.att_units), def_q: self.defense_q(st, def_units), def_raw_half: self.raw_half(st, def_units), ..Default::default() };
        d.ratio = self.ratio_drm(d.att_half * 2, d.def_q);
        // Tactical (GCACW 7.4): assault = the initiating leader only; march = the unit or any
        // superior leader in its hex.
        let att_tac = if cb.leader != NONE8 {
            sc.leaders[cb.leader as usize].tactical as i32
        } else {
            let mut best = 0;
            for i in bits(cb.att_units) {
                best = best.max(sc.units[i].tactical as i32);
                for (l, ld) in sc.leaders.iter().enumerate() {
                    if ld.kind != LKind::Army && ld.subs & (1 << i) != 0 && self.leader_hex(st, l) == st.units[i].hex {
                        best = best.max(ld.tactical as i32);
                    }
                }
            }
            best
        };
        d.tactical = att_tac - self.best_tactical_in(st, cb.def_hex);
        d.kind = cb.kind.map(|k| k.drm()).unwrap_or(0);
        if cb.leader != NONE8 {
            d.assault = 1;
            d.leader = self.leader_bonus(st, cb.leader as usize);
        }
        d.rain = if st.rain && (sc.variant.rain_in_basic) { -1 } else { 0 };
        let cav_attack = if cb.leader != NONE8 {
            sc.leaders[cb.leader as usize].cavalry
        } else {
            bits(cb.att_units).any(|i| sc.units[i].kind == Kind::Cav)
        };
        d.flank = self.flank_drm(st, cb.att_side, cb.att_units, cb.def_hex, d.def_q, cav_attack);
        d.terrain = self.terrain_drm(st, cb.att_hex, cb.def_hex);
        // Demoralized-2 defender (GCACW 7.4).
        let d2_half: u32 = bits(def_units).filter(|&i| st.units[i].dem == 2).map(|i| self.cv_half(&st.units[i])).sum();
        if d2_half > 0 && (st.opts.d2_any || d2_half * 2 > d.def_raw_half) {
            d.d2 = -1;
        }
        d.artillery = self.artillery_drm(st, cb.att_units, def_units, cb.def_hex, log);
        d.rules = self.hooked_combat_drm(st, cb, log);
        d
    }

    /// Lee, Longstreet or Jackson (GCACW 7.4): +1 to a successful assault, never combined.
    pub fn leader_bonus(&self, st: &State, leader: usize) -> i32 {
        let sc = self.sc(st);
        let ld = &sc.leaders[leader];
        let hex = self.leader_hex(st, leader);
        let v = &sc.variant;
        let lee = v.lee_bonus
            && ld.side == CSA
            && sc.leaders.iter().enumerate().any(|(l, x)| x.bonus.as_deref() == Some("lee") && l != leader && self.leader_hex(st, l) == hex);
        let longstreet = sc.year >= 1864 && ld.bonus.as_deref() == Some("longstreet");
        // Any leader whose command lies within Jackson's corps, Jackson included.
        let jackson = v.jackson_bonus
            && sc.leaders.iter().enumerate().any(|(l, x)| x.bonus.as_deref() == Some("jackson") && !st.leaders[l].gone && (l == leader || (ld.subs & !x.subs) == 0));
        i32::from(lee || longstreet || jackson)
    }

    /// The extra attacker manpower loss of a grand assault at `whole` CV (GCACW 7.2): the
    /// highest band of the charts' `[grand_assault_overload]` it reaches, else none.
    pub fn overload(&self, whole: u32) -> u8 {
        self.data.charts.overload.iter().rev().find(|b| whole >= b.0).map_or(0, |b| b.1)
    }

    pub fn crt_row(&self, diff: i32) -> usize {
        let ch = &self.data.charts;
        (diff.clamp(ch.crt_min, ch.crt_max) - ch.crt_min) as usize
    }

    /// The column for a CV in half points; a half rounds up (GCACW 7.5).
    pub fn crt_col(cols: &[u32], half: u32) -> usize {
        let whole = half.div_ceil(2);
        cols.iter().rposition(|&c| c <= whole).unwrap_or(0)
    }

    /// Step 0 of a combat: modifiers, the two dice and both results (GCACW 7.1 step 5).
    pub fn resolve_rolls(&self, st: &mut State, log: &mut Log) {
        let Some(mut cb) = st.combat.clone() else { return };
        let d = self.combat_drms(st, &cb, log);
        let a = st.d6() as i32;
        let b = st.d6() as i32;
        let diff = (a + d.attacker()) - (b + d.defender());
        let row = self.crt_row(diff);
        let ch = &self.data.charts;
        let dcol = Self::crt_col(&ch.def_cols, d.def_raw_half);
        let acol = Self::crt_col(&ch.att_cols, d.att_half);
        cb.dres = ch.crt_def.get(row).and_then(|r| r.get(dcol)).copied().unwrap_or_default();
        cb.ares = ch.crt_att.get(row).and_then(|r| r.get(acol)).copied().unwrap_or_default();
        if cb.grand {
            // GCACW 7.2: grand-assault overload on the per-hex-capped total.
            cb.overload = self.overload(d.att_half / 2);
        }
        cb.def_nothing = cb.dres == Default::default();
        cb.roll = Some(CombatRoll { attacker: a as u8, defender: b as u8, drms: d.clone(), diff });
        log.roll(|| {
            format!(
                "combat: attacker {} vs defender {} (entrenched {}); attacker rolls {a} {}, defender rolls {b} {}; differential {diff:+}: defender {}, attacker {} (GCACW 7.4, 7.5)",
                half_text(d.att_half),
                half_text(d.def_raw_half),
                half_text(d.def_q / 2),
                d.attacker_text(),
                d.defender_text(),
                cb.dres.text(),
                cb.ares.text()
            )
        });
        st.combat = Some(cb);
    }

    // ---- Retreats (GCACW 7.6) ----------------------------------------------------------------

    /// Legal next hexes of a retreat with their priority and manpower loss per unit.
    pub fn retreat_options(&self, st: &State, r: &RetreatCtx) -> Vec<(HexId, u8, u8)> {
        let sc = self.sc(st);
        let m = &sc.map;
        let cur = r.cur;
        let dcur = if r.enemy == NO_HEX { 0 } else { m.dist(cur, r.enemy) };
        let leaving_zoc = self.enemy_zoc(st, r.side, cur) != ZOC_NONE;
        let t1 = leaving_zoc
            || match r.kind {
                RetreatKind::Retreat | RetreatKind::Voluntary => r.steps == 0,
                RetreatKind::Rout | RetreatKind::Cavalry => r.steps < 4,
            };
        let mut out = Vec::new();
        for n in m.neighbors(cur) {
            if n == r.start || r.path.contains(&n) || n == r.enemy {
                continue;
            }
            if !side_crossable(m, cur, n, st, true) || enemy_pontoon(m, st, cur, n, r.side) || unfordable_blocks(m, st, cur, n) {
                continue;
            }
            let dn = if r.enemy == NO_HEX { 0 } else { m.dist(n, r.enemy) };
            if dn < dcur {
                continue; // never closer to the enemy that caused the retreat
            }
            let s = m.side(cur, n).copied().unwrap_or_default();
            let route = s.any_route() || m.terrain(cur) == Terrain::City || m.terrain(n) == Terrain::City;
            let enemy = self.enemy_in(st, n, r.side);
            let zoc = self.enemy_zoc(st, r.side, n) != ZOC_NONE;
            let farther = dn > dcur;
            let friendly = self.side_units_at(st, n, r.side) & !r.units != 0;
            let (p, loss) = if t1 {
                if enemy {
                    (5, 3)
                } else if !zoc && farther && route {
                    (1, 0)
                } else if !zoc && farther {
                    (2, 0)
                } else if !zoc {
                    (3, if route { 0 } else { 1 })
                } else if farther {
                    (4, if route || friendly { 0 } else { 1 })
                } else {
                    (4, if route || friendly { 1 } else { 2 })
                }
            } else if enemy {
                (3, 3)
            } else if !zoc {
                (1, 0)
            } else {
                (2, if route || friendly { 0 } else { 1 })
            };
            out.push((n, p, loss));
        }
        out
    }

    /// The retreat may stop where it stands (GCACW 7.6).
    pub fn retreat_can_halt(&self, st: &State, r: &RetreatCtx) -> bool {
        let (min, _) = r.min_max();
        r.steps >= min
            && !self.enemy_in(st, r.cur, r.side)
            && (r.kind == RetreatKind::Voluntary || self.sc(st).map.dist(r.cur, r.start) >= 2)
    }

    /// Moves that follow the priorities (lowest number).
    pub fn retreat_best(&self, st: &State, r: &RetreatCtx) -> Vec<(HexId, u8, u8)> {
        let opts = self.retreat_options(st, r);
        let best = opts.iter().map(|o| o.1).min().unwrap_or(0);
        opts.into_iter().filter(|o| o.1 == best).collect()
    }

    /// Whether following the priorities can still avoid surrender (depth-limited search).
    pub fn retreat_completable(&self, st: &State, r: &RetreatCtx, depth: u8) -> bool {
        if self.retreat_can_halt(st, r) {
            return true;
        }
        if depth == 0 {
            return false;
        }
        for (n, _, _) in self.retreat_best(st, r) {
            let mut next = r.clone();
            next.path.push(r.cur);
            next.cur = n;
            next.steps += 1;
            if r.kind == RetreatKind::Cavalry && self.enemy_in(st, n, r.side) {
                continue; // the cavalry would be eliminated
            }
            if self.retreat_completable(st, &next, depth - 1) {
                return true;
            }
        }
        false
    }

    /// Cavalry-retreat DRMs (GCACW 7.7), `enemy` = the active enemy's hex.
    pub fn cav_retreat_drm(&self, st: &State, hex: HexId, side: u8, enemy: HexId) -> i32 {
        let sc = self.sc(st);
        let v = &sc.variant;
        let cav = bits(self.side_units_at(st, hex, side)).filter(|&i| sc.units[i].kind == Kind::Cav).collect::<Vec<_>>();
        let mut drm = 0;
        if enemy != NO_HEX && sc.map.dir_to(enemy, hex).is_some() {
            drm += self.terrain_drm(st, enemy, hex).max(0);
        }
        let q: u32 = cav.iter().map(|&i| self.cv_half(&st.units[i]) * self.ent_mult2(st, i as UnitId)).sum();
        let csa = side == CSA;
        if q >= 12 {
            drm += if csa { v.csa_cav_very_large as i32 } else { 2 };
        } else if q >= 8 {
            if csa {
                drm += v.csa_cav_large as i32;
            }
        } else if q >= 3 && q <= if st.opts.cav_small_wide { 6 } else { 4 } {
            // 3/4 .. 1 as printed, or up to 1 1/2 with the option.
            if !(csa && v.csa_cav_small_ignored) {
                drm += if csa { v.csa_cav_small as i32 } else { -2 };
            }
        } else if q == 2 {
            drm += if csa { v.csa_cav_very_small as i32 } else { -4 };
        }
        if !cav.is_empty() && cav.iter().all(|&i| st.units[i].dem > 0) {
            drm -= 2;
        }
        if !cav.is_empty() && cav.iter().all(|&i| st.units[i].fat >= 4) {
            drm -= 2;
        }
        drm
    }
}
