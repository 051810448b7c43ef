//! Battles (rules 6-7 of the Spanish 2.0 rulebook): the battle board,
//! deployment, battle days and turns, retreat and pursuit, morale, fire and melee, enfilade,
//! Double Defense, battle moves, reinforcement, night, regroup, rout and fortresses.
//!
//! A battle is plain data; its pending decision is `Battle::step`. The battles of a Combat
//! Phase share one clock (rule 6.1): `State::battle` is the one being
//! played, `State::battles` the others. In each battle turn the phasing player plays all its
//! segments in one battle of its choice (`fight HEX`), then in the next; Night in every battle,
//! then the next day. A retreating defender may enter an adjacent battle, disrupted.

use super::data::{HqRole, Side, SideKind, Terrain, UnitKind, NONE};
use super::rules::bit;
use super::state::{Action, After, BStep, BUnit, Battle, Bx, Casualties, Phase, St, State, NOBOX};
use super::BobbyLee;
use super::sequence::Auto;
use bivouac_engine::log::{Log, Refusal};

pub const LEFT: u8 = 0;
pub const CENTER: u8 = 1;
pub const RIGHT: u8 = 2;
pub const RESERVE: u8 = 3;

pub fn bx(side: Side, pos: u8) -> Bx {
    side.idx() as u8 * 4 + pos
}
pub fn bside(b: Bx) -> Side {
    Side::from_idx((b / 4) as usize)
}
pub fn bpos(b: Bx) -> u8 {
    b % 4
}
/// BL 6.2: Left faces the enemy Right, Center the enemy Center.
pub fn facing(b: Bx) -> Bx {
    bx(bside(b).other(), 2 - bpos(b))
}
pub fn box_name(b: Bx) -> String {
    let pos = ["left", "center", "right", "reserve"][bpos(b) as usize];
    format!("{}-{pos}", if bside(b) == Side::Usa { "usa" } else { "csa" })
}
pub fn parse_box(t: &str) -> Option<Bx> {
    let (s, p) = t.split_once('-')?;
    let side = match s {
        "usa" => Side::Usa,
        "csa" => Side::Csa,
        _ => return None,
    };
    let pos = ["left", "center", "right", "reserve"].iter().position(|x| *x == p)? as u8;
    Some(bx(side, pos))
}

/// Dice hitting on `face`+ (F1 = 6, F2 = 5, F3 = 4; BL 7.3).
const F1: u8 = 6;
const F2: u8 = 5;

impl Battle {
    pub fn phasing(&self) -> Side {
        // BL 6.3: the attacker plays first in each pair of battle turns.
        if self.turn.is_multiple_of(2) {
            self.attacker
        } else {
            self.attacker.other()
        }
    }
    pub fn defender(&self) -> Side {
        self.attacker.other()
    }
    pub fn has(&self, b: Bx, side: Side, sides: &[Side]) -> bool {
        self.units.iter().any(|x| x.bx == b && sides[x.u as usize] == side)
    }
    /// BL 6.2: a box holding units of both sides is engaged.
    pub fn engaged(&self, b: Bx, sides: &[Side]) -> bool {
        self.has(b, Side::Usa, sides) && self.has(b, Side::Csa, sides)
    }
    pub fn idx(&self, u: u8) -> Option<usize> {
        self.units.iter().position(|x| x.u == u)
    }
}

impl BobbyLee {
    fn sides(&self) -> Vec<Side> {
        self.d().units.iter().map(|u| u.side).collect()
    }

    fn roll_hits(&self, s: &mut State, dice: u8, face: u8, friendly_on_one: bool) -> (u8, u8, Vec<u8>) {
        let mut hits = 0;
        let mut own = 0;
        let mut rolls = Vec::new();
        for _ in 0..dice {
            let r = self.die(s);
            rolls.push(r);
            if r >= face {
                hits += 1;
            } else if r == 1 && friendly_on_one {
                own += 1;
            }
        }
        (hits, own, rolls)
    }

    // ------------------------------------------------------------------ start and end

    /// BL 4.42 / 6.1: after all movement, a battle in every hex holding both sides. They are
    /// fought together on one shared clock.
    pub(crate) fn start_combat_step(&self, s: &mut State, log: &mut Log) {
        let d = self.d();
        let occ = self.occ(s);
        s.disrupted.clear();
        s.won.clear();
        s.recovered = 0;
        s.battles.clear();
        let att = s.active;
        // BL 11.81: whether each defending hex is besieged as the battles begin.
        let besieged = self.besieged_hexes(s, att.other(), &occ);
        for h in (0..occ.len() as u16).filter(|&h| occ[h as usize] == 3) {
            let mut units: Vec<BUnit> = Vec::new();
            let mut csa = Vec::new();
            for (i, u) in s.units.iter().enumerate() {
                if u.st == St::Map && u.hex == h {
                    units.push(BUnit { u: i as u8, bx: NOBOX, fired: false, moves: 0, disengaged: false, engaged: false, fresh: false, disrupted: false, half: false, retreat: NONE, meleed: false, env: NOBOX, lost: false, back: false, engager: false });
                    if self.side_of(i) == Side::Csa {
                        csa.push(i as u8);
                    }
                }
            }
            // BL 7.11: the attacker's retreat hexsides are those it attacked across.
            let mut att_from: Vec<u16> = s.attacks.iter().filter(|a| a.1 == h).map(|a| a.0).collect();
            att_from.sort();
            att_from.dedup();
            let fortress = d.place_at(h).is_some_and(|p| p.fortress);
            let forest = d.hexes[h as usize].terrain == Terrain::Forest;
            let mut owner = [Side::Usa; 8];
            for (b, o) in owner.iter_mut().enumerate() {
                *o = bside(b as u8);
            }
            log.info(|| format!("BL 6.1: battle in {} ({} attacks{}{})", d.hex_name(h), att.name(), if fortress { ", fortress" } else { "" }, if forest { ", forest" } else { "" }));
            s.battles.push(Battle { hex: h, attacker: att, fortress, forest, units, owner, day: 1, turn: 0, step: BStep::Deploy(att.other()), att_from, crossed: Vec::new(), rein: Vec::new(), csa, fired_any: false, nightfall: false, casualties: Vec::new(), resume: None, besieged: besieged[h as usize], checked: Vec::new() });
        }
        s.battle = None;
        self.schedule(s, log);
    }

    /// The battles that may be played next on the shared clock: every
    /// battle still deploying first; then those at the earliest (day, battle turn).
    pub(crate) fn battle_candidates(&self, s: &State) -> Vec<u16> {
        if s.battles.iter().any(|b| matches!(b.step, BStep::Deploy(_))) {
            return s.battles.iter().filter(|b| matches!(b.step, BStep::Deploy(_))).map(|b| b.hex).collect();
        }
        let Some(key) = s.battles.iter().map(|b| (b.day, b.turn)).min() else { return Vec::new() };
        s.battles.iter().filter(|b| (b.day, b.turn) == key).map(|b| b.hex).collect()
    }

    /// Who chooses the next battle (rule 6.1): the phasing player of the battle turn; the
    /// defender for deployment and Night, which the defender starts (rule 6.2, 6.33).
    fn chooser(&self, s: &State) -> Option<Side> {
        let h = *self.battle_candidates(s).first()?;
        let b = s.battles.iter().find(|b| b.hex == h)?;
        Some(if matches!(b.step, BStep::Deploy(_)) || b.turn >= 8 { b.defender() } else { b.phasing() })
    }

    /// The current battle waits for the others (its battle turn, deployment or Night is over);
    /// the next one is chosen when the action is complete (`schedule`).
    fn yield_battle(&self, s: &mut State) {
        if let Some(b) = s.battle.take() {
            let at = s.battles.partition_point(|o| o.hex < b.hex);
            s.battles.insert(at, b);
        }
    }

    /// BL 6.1: go on with the next battle, asking the chooser when several are due; the Supply
    /// Phase once every battle is over.
    fn schedule(&self, s: &mut State, log: &mut Log) {
        while s.battle.is_none() {
            if s.battles.is_empty() {
                s.phase = Phase::Supply;
                s.due = Some(Auto::SupplyPhase);
                return;
            }
            s.phase = Phase::Battle;
            let c = self.battle_candidates(s);
            if c.len() != 1 {
                return;
            }
            self.open_battle(s, c[0], log);
        }
    }

    fn open_battle(&self, s: &mut State, h: u16, log: &mut Log) {
        let i = s.battles.iter().position(|b| b.hex == h).expect("a waiting battle");
        let b = s.battles.remove(i);
        let night = b.turn >= 8 && !b.nightfall;
        s.battle = Some(b);
        if night {
            self.nightfall(s, log);
        }
    }

    fn finish_battle(&self, s: &mut State, log: &mut Log) {
        let b = s.battle.as_ref().expect("battle");
        if let BStep::Regroup(v, _) = b.step {
            // BL 3.55: a major battle has at least six CSA units.
            if v == Side::Usa && b.csa.len() >= 6 {
                s.major_win_this_month = true;
            }
            log.info(|| format!("BL 6.4: {} wins the battle in {}", v.name(), self.d().hex_name(b.hex)));
        }
        // BL 7.52: the victors may reinforce an adjacent battle from the next battle turn.
        s.won.push((b.hex, b.day, b.turn));
        // The battle is over: its units leave the battle board and stand upright on the map
        // again, hidden, as units in play normally stand (BL 2, seed L353; revealed only "until
        // they move to the Reserve or night falls" within a battle, L731).
        for x in &b.units {
            s.units[x.u as usize].shown = false;
        }
        s.battle = None;
    }

    /// A unit leaves the battle for hex `n` (retreat, regroup, withdrawal): it is disrupted
    /// (rule 7.13); into an adjacent battle it enters the friendly Reserve there.
    fn leave_battle(&self, s: &mut State, u: u8, n: u16, log: &mut Log) {
        if let Some(b) = s.battle.as_mut() {
            b.units.retain(|x| x.u != u);
        }
        // BL 7.13 (seed L781): a retreating or regrouping unit is disrupted and laid face down.
        s.units[u as usize].shown = false;
        s.units[u as usize].hex = n;
        s.disrupted.push(u);
        let side = self.side_of(u as usize);
        if let Some(o) = s.battles.iter_mut().find(|o| o.hex == n) {
            o.units.push(BUnit { u, bx: bx(side, RESERVE), fired: false, moves: 0, disengaged: false, engaged: false, fresh: false, disrupted: true, half: false, retreat: NONE, meleed: false, env: NOBOX, lost: false, back: false, engager: false });
            if side == Side::Csa && !o.csa.contains(&u) {
                o.csa.push(u);
            }
            log.info(|| format!("BL 7.13: a disrupted {} block retreats into the battle in {}", side.name(), self.d().hex_name(n)));
        }
    }

    /// Remove eliminated units from the board; end the battle or rout a side (BL 6.4, 7.15).
    fn settle(&self, s: &mut State, log: &mut Log) {
        let sides = self.sides();
        let Some(b) = s.battle.as_mut() else { return };
        b.units.retain(|x| s.units[x.u as usize].st == St::Map && s.units[x.u as usize].hex == b.hex);
        for i in 0..b.units.len() {
            let x = &b.units[i];
            let side = sides[x.u as usize];
            // BL 7.41 sidebar (seed L731): a revealed unit stays face up until it moves to the
            // Reserve (or night falls): there it stands upright (hidden) again.
            if x.bx == bx(side, RESERVE) && x.env == NOBOX {
                s.units[x.u as usize].shown = false;
            }
            // A garrison counts as having engaged only while its box stays engaged (rule 2.2.4).
            if !b.engaged(x.bx, &sides) {
                b.units[i].engager = false;
            }
        }
        if matches!(b.step, BStep::Deploy(_) | BStep::Regroup(..) | BStep::Leave { .. } | BStep::Casualty(_)) {
            return;
        }
        // BL 6.2 (a reading of an unclear rule): a box held by one side only becomes that side's.
        for bxi in 0..8u8 {
            if bpos(bxi) == RESERVE {
                continue;
            }
            let u = b.has(bxi, Side::Usa, &sides);
            let c = b.has(bxi, Side::Csa, &sides);
            if u != c {
                b.owner[bxi as usize] = if u { Side::Usa } else { Side::Csa };
            }
        }
        for side in [Side::Usa, Side::Csa] {
            if !b.units.iter().any(|x| sides[x.u as usize] == side) {
                self.victory(s, side.other(), log);
                return;
            }
        }
        for side in [b.attacker, b.defender()] {
            let c = bx(side, CENTER);
            // BL 7.15 (a): the Center holds enemy units and no friendly unit: rout.
            if b.has(c, side.other(), &sides) && !b.has(c, side, &sides) {
                log.info(|| format!("BL 7.15: {}'s Center is taken: rout", side.name()));
                self.rout(s, side, log);
                return;
            }
        }
    }

    fn victory(&self, s: &mut State, v: Side, log: &mut Log) {
        let b = s.battle.as_mut().expect("battle");
        b.step = BStep::Regroup(v, 0);
        b.crossed.clear();
        b.rein.clear();
        for x in b.units.iter_mut() {
            x.half = false;
        }
        log.info(|| format!("BL 6.4: {} holds the field; it may regroup", v.name()));
        // Skip the decision when there is nothing to choose.
        if self.battle_legal(s, v).len() <= 1 {
            self.finish_battle(s, log);
        }
    }

    // ------------------------------------------------------------------ hexsides

    /// The limits of the hexside between the battle hex and `n` (rule 1.21 chart), None if
    /// impassable.
    pub(crate) fn hexside(&self, h: u16, n: u16) -> Option<super::data::Limits> {
        let d = self.d();
        let dir = d.dir(h, n)?;
        self.enterable(h, dir)?;
        let kind = d.hexes[h as usize].side[dir];
        Some(match kind {
            SideKind::Clear if d.hexes[h as usize].terrain == Terrain::Forest => d.limits_forest,
            SideKind::Clear => d.limits_clear,
            SideKind::Marsh => d.limits_marsh,
            SideKind::MinorRiver | SideKind::Crossing => d.limits_river,
            SideKind::Gap => d.limits_gap,
            _ => return None,
        })
    }

    /// BL 7.12: retreats per hexside per battle turn = its Attack limit, doubled at night
    /// (by our reading, a "DR" attack limit lets one unit retreat).
    pub(crate) fn retreat_room(&self, s: &State, b: &Battle, n: u16, night: bool) -> u8 {
        let Some(l) = self.hexside(b.hex, n) else { return 0 };
        let lim = l.attack[s.mud as usize];
        let lim = if lim < 0 { 1 } else { lim as u8 };
        let lim = if night { lim * 2 } else { lim };
        let used = b.crossed.iter().find(|c| c.0 == n).map_or(0, |c| c.1);
        lim.saturating_sub(used)
    }

    /// BL 7.11: hexes `side` may retreat into from the battle.
    fn retreat_hexes(&self, s: &State, b: &Battle, side: Side) -> Vec<u16> {
        let d = self.d();
        let occ = self.occ(s);
        let att_hexes: Vec<u16> = b.att_from.iter().copied().filter(|&n| occ[n as usize] & bit(b.attacker) != 0 && occ[n as usize] != 3).collect();
        let mut v = Vec::new();
        for dir in 0..6 {
            let n = d.hexes[b.hex as usize].nbr[dir];
            if n == NONE || self.hexside(b.hex, n).is_none() {
                continue;
            }
            let ok = if side == b.attacker {
                // Attacker: friendly-occupied hexes it attacked or reinforced from, never a battle.
                att_hexes.contains(&n)
            } else {
                // Defender: not the attacker's retreat hexes, not enemy-occupied (a reading of an unclear rule);
                // or an adjacent battle where it also defends (rule 6.1).
                let battle = s.battles.iter().any(|o| o.hex == n && o.defender() == side);
                battle || (!att_hexes.contains(&n) && occ[n as usize] & bit(side.other()) == 0)
            };
            if ok {
                v.push(n);
            }
        }
        v
    }

    /// BL 7.11 / 10.41: the land retreat hexes of unit `u`: its side's, and for an invader
    /// (which crossed no hexside) every adjacent hex held by friendly units only, not a battle
    /// (option `invader-retreat`).
    fn unit_retreat_hexes(&self, s: &State, b: &Battle, side: Side, u: u8, hexes: &[u16]) -> Vec<u16> {
        let mut v = hexes.to_vec();
        if s.opts.invader_adjacent && s.invaders.iter().any(|i| i.0 == u) {
            let occ = self.occ(s);
            for &n in &self.d().hexes[b.hex as usize].nbr {
                if n != NONE && occ[n as usize] == bit(side) && self.hexside(b.hex, n).is_some() && !v.contains(&n) {
                    v.push(n);
                }
            }
        }
        v
    }

    pub(crate) fn reinforce_limit(&self, s: &State, b: &Battle, n: u16, night: bool) -> i8 {
        let Some(l) = self.hexside(b.hex, n) else { return 0 };
        let lim = l.reinforce[s.mud as usize];
        if lim < 0 {
            return -1;
        }
        if night {
            lim * 2
        } else {
            lim
        }
    }

    /// Units of `side` that may reinforce now (rule 7.5): non-engaged, adjacent, not disrupted,
    /// within the hexside's limit (DR hexsides roll when used).
    fn reinforcers(&self, s: &State, b: &Battle, side: Side, night: bool) -> Vec<u8> {
        let d = self.d();
        let occ = self.occ(s);
        let mut v = Vec::new();
        for dir in 0..6 {
            let n = d.hexes[b.hex as usize].nbr[dir];
            if n == NONE || occ[n as usize] != bit(side) {
                continue;
            }
            // BL 7.52: victors reinforce an adjacent battle from the battle turn after their victory.
            if s.won.contains(&(n, b.day, b.turn)) {
                continue;
            }
            let lim = self.reinforce_limit(s, b, n, night);
            let (used, fails) = b.rein.iter().find(|r| r.0 == n).map_or((0, 0), |r| (r.1, r.2));
            let room = if lim < 0 {
                // DR: one roll per unit (two at night), each success lets one through.
                let rolls = if night { 2 } else { 1 };
                used + fails < rolls
            } else {
                used < lim as u8
            };
            if !room {
                continue;
            }
            for (i, u) in s.units.iter().enumerate() {
                if u.st == St::Map && u.hex == n && self.side_of(i) == side && !s.disrupted.contains(&(i as u8)) {
                    v.push(i as u8);
                }
            }
        }
        v
    }

    // ------------------------------------------------------------------ who acts

    pub(crate) fn battle_actor(&self, s: &State) -> Option<Side> {
        let Some(b) = s.battle.as_ref() else { return self.chooser(s) };
        Some(match b.step {
            BStep::Deploy(x) | BStep::Night(x) | BStep::NightReinforce(x) | BStep::Regroup(x, _) => x,
            BStep::Melee { by, .. } | BStep::Leave { by, .. } => by,
            BStep::Casualty(x) => x,
            BStep::Disengage { u, .. } => self.side_of(u as usize),
            _ => b.phasing(),
        })
    }

    // ------------------------------------------------------------------ legal actions

    /// Deployment boxes for an undeployed unit (rule 6.2, 7.31, 7.6).
    fn deploy_boxes(&self, b: &Battle, u: usize) -> Vec<Bx> {
        let sides = self.sides();
        let side = self.side_of(u);
        let kind = self.kind(u);
        let combat_in = |bxx: Bx| b.units.iter().any(|x| x.bx == bxx && sides[x.u as usize] == side && self.kind(x.u as usize) != UnitKind::Hq);
        let c = bx(side, CENTER);
        let any_combat = b.units.iter().any(|x| sides[x.u as usize] == side && self.kind(x.u as usize) != UnitKind::Hq);
        match kind {
            // BL 6.2: HQs go in the Reserve once a combat unit holds the Center; in the
            // Center only when the side has no combat unit (a reading of an unclear rule).
            UnitKind::Hq => {
                if combat_in(c) {
                    vec![bx(side, RESERVE)]
                } else if !any_combat {
                    vec![c]
                } else {
                    vec![]
                }
            }
            // BL 7.31: Heavy Artillery only in the Center.
            UnitKind::HeavyArtillery => vec![c],
            _ if b.fortress => {
                // BL 7.6: fortress battles have only the Center (and the Reserve, a reading of an unclear rule).
                if combat_in(c) {
                    vec![c, bx(side, RESERVE)]
                } else {
                    vec![c]
                }
            }
            _ if side == b.defender() => {
                // BL 6.2: 1st unit Center, 2nd a wing, 3rd the other wing, then anywhere.
                let (l, r) = (bx(side, LEFT), bx(side, RIGHT));
                if !combat_in(c) {
                    vec![c]
                } else if !combat_in(l) && !combat_in(r) {
                    vec![l, r]
                } else if !combat_in(l) {
                    vec![l]
                } else if !combat_in(r) {
                    vec![r]
                } else {
                    vec![l, c, r, bx(side, RESERVE)]
                }
            }
            _ => {
                // BL 6.2: the attacker must face every occupied defender position (Center first).
                let def = b.defender();
                let mut unmatched = Vec::new();
                for pos in [CENTER, LEFT, RIGHT] {
                    let mine = bx(side, 2 - pos);
                    if b.has(bx(def, pos), def, &sides) && !combat_in(mine) {
                        unmatched.push(mine);
                    }
                }
                if unmatched.contains(&c) {
                    vec![c]
                } else if !unmatched.is_empty() {
                    unmatched
                } else {
                    vec![bx(side, LEFT), c, bx(side, RIGHT), bx(side, RESERVE)]
                }
            }
        }
    }

    /// BL 6.33: where a night reinforcement may be placed: a friendly, non-engaged own line
    /// position or the Reserve (HQs in the Reserve, Heavy Artillery in the Center).
    fn night_boxes(&self, b: &Battle, u: usize) -> Vec<Bx> {
        let sides = self.sides();
        let side = sides[u];
        let kind = self.kind(u);
        let ok = |t: Bx| b.owner[t as usize] == side && !b.has(t, side.other(), &sides);
        let c = bx(side, CENTER);
        match kind {
            UnitKind::Hq => vec![bx(side, RESERVE)],
            UnitKind::HeavyArtillery if ok(c) => vec![c],
            UnitKind::HeavyArtillery => vec![bx(side, RESERVE)],
            _ => {
                let mut v: Vec<Bx> = [LEFT, CENTER, RIGHT].iter().map(|&p| bx(side, p)).filter(|&t| ok(t) && (!b.fortress || bpos(t) == CENTER)).collect();
                v.push(bx(side, RESERVE));
                v
            }
        }
    }

    /// Long-range, heavy-artillery, engaged or enfilade fire targets of a unit (rule 7.3, 7.34).
    fn fire_targets(&self, b: &Battle, i: usize) -> Vec<Bx> {
        let sides = self.sides();
        let x = &b.units[i];
        let u = x.u as usize;
        let side = sides[u];
        let en = side.other();
        let kind = self.kind(u);
        let mut v = Vec::new();
        if x.fired || x.moves > 0 || x.fresh || x.disrupted || x.bx == NOBOX || x.env != NOBOX {
            return v;
        }
        if b.engaged(x.bx, &sides) {
            // BL 7.31: engaged units fire at the enemy units in their box.
            v.push(x.bx);
            return v;
        }
        if bpos(x.bx) == RESERVE {
            // BL 7.3: Reserve units do not fire.
            return v;
        }
        if kind == UnitKind::HeavyArtillery && x.bx == bx(side, CENTER) {
            // BL 7.31: Heavy Artillery fires at any position, the enemy Reserve included.
            for t in 0..8u8 {
                if b.has(t, en, &sides) {
                    v.push(t);
                }
            }
            return v;
        }
        if kind == UnitKind::Artillery && bside(x.bx) == side && b.has(facing(x.bx), en, &sides) {
            // BL 7.31: long-range fire at the facing position.
            v.push(facing(x.bx));
        }
        if !b.fortress && kind != UnitKind::Hq {
            // BL 7.34: enfilade a horizontally adjacent position of the same line.
            let p = bpos(x.bx);
            for q in [p.wrapping_sub(1), p + 1] {
                if q > 2 {
                    continue;
                }
                let t = bx(bside(x.bx), q);
                let vacant_center = q == CENTER && bside(t) == en && !b.has(t, en, &sides) && !b.has(t, side, &sides);
                // BL 7.15 (b): enfilading the enemy's vacant Center routs it.
                if (b.has(t, en, &sides) || vacant_center)
                    && !v.contains(&t) {
                        v.push(t);
                    }
            }
        }
        v
    }

    /// BL 7.33: counter-battery: artillery fires at long range at one revealed enemy artillery
    /// unit (in the facing position; Heavy Artillery anywhere, by our reading); any unit
    /// engaging an artillery unit may target it at short range.
    fn counter_battery(&self, s: &State, b: &Battle, i: usize) -> Vec<u8> {
        let sides = self.sides();
        let x = &b.units[i];
        let side = sides[x.u as usize];
        let kind = self.kind(x.u as usize);
        let boxes = self.fire_targets(b, i);
        let mut v = Vec::new();
        for y in &b.units {
            let yk = self.kind(y.u as usize);
            if sides[y.u as usize] == side || !matches!(yk, UnitKind::Artillery | UnitKind::HeavyArtillery) || y.env != NOBOX || !boxes.contains(&y.bx) {
                continue;
            }
            let short = y.bx == x.bx;
            let long = !short && (kind == UnitKind::HeavyArtillery || (kind == UnitKind::Artillery && y.bx == facing(x.bx)));
            // Only a revealed unit can be singled out (rule 2.5).
            if (short || long) && s.units[y.u as usize].shown {
                v.push(y.u);
            }
        }
        v
    }

    /// Battle-move destinations (rule 7.4, 7.41, 7.42, 7.44).
    fn move_targets(&self, b: &Battle, i: usize) -> Vec<Bx> {
        let sides = self.sides();
        let x = &b.units[i];
        let u = x.u as usize;
        let side = sides[u];
        let en = side.other();
        let kind = self.kind(u);
        let max = if kind == UnitKind::Cavalry { 2 } else { 1 };
        // BL 7.4: units that fired do not move; Heavy Artillery never moves; disrupted units stay
        // in the Reserve; engaging ends a cavalry unit's moves (BL 7.44).
        if x.fired || x.fresh || x.disrupted || x.moves >= max || x.engaged || kind == UnitKind::HeavyArtillery || x.bx == NOBOX || x.env != NOBOX {
            return vec![];
        }
        let p = bpos(x.bx);
        let mut cands = Vec::new();
        if x.bx == bx(side, RESERVE) {
            cands.extend([bx(side, LEFT), bx(side, CENTER), bx(side, RIGHT)]);
        } else if bside(x.bx) == side {
            cands.push(bx(side, RESERVE));
            cands.push(facing(x.bx));
        } else {
            cands.push(facing(x.bx));
        }
        if b.fortress {
            cands.retain(|&t| bpos(t) == CENTER || bpos(t) == RESERVE);
        }
        let engaged_now = b.engaged(x.bx, &sides);
        let _ = p;
        cands
            .into_iter()
            .filter(|&t| {
                let enemy_there = b.has(t, en, &sides);
                let friendly_box = bpos(t) == RESERVE || b.owner[t as usize] == side;
                if engaged_now {
                    // BL 7.42: an engaged unit only disengages to a friendly, non-engaged position.
                    friendly_box && !enemy_there
                } else if enemy_there {
                    // BL 7.41: HQs never engage; cavalry may not disengage and engage (7.44).
                    kind != UnitKind::Hq && !x.disengaged
                } else {
                    true
                }
            })
            .collect()
    }

    /// BL 7.43: envelopment targets of a Reserve unit (or a Lost unit's new attempt).
    fn envelop_targets(&self, b: &Battle, i: usize) -> Vec<Bx> {
        let sides = self.sides();
        let x = &b.units[i];
        let u = x.u as usize;
        let side = sides[u];
        let en = side.other();
        let kind = self.kind(u);
        if b.fortress {
            // BL 7.6: no envelopment in fortress battles.
            return vec![];
        }
        if x.lost {
            // A Lost unit may roll again: on a success it engages, or goes back to the
            // Reserve if that is what it tried (BL 7.43).
            return if x.moves == 0 && !x.fired { vec![x.env, bx(side, RESERVE)] } else { vec![] };
        }
        if x.fired || x.fresh || x.disrupted || x.moves > 0 || x.env != NOBOX || x.bx != bx(side, RESERVE) || matches!(kind, UnitKind::Hq | UnitKind::HeavyArtillery) {
            return vec![];
        }
        let mut v = Vec::new();
        for pos in [LEFT, RIGHT] {
            let own = bx(side, pos);
            let theirs = facing(own);
            // BL 7.43, a reading of an unclear rule: with enemy units in the own flank, only that flank.
            if b.has(own, en, &sides) {
                v.push(own);
                continue;
            }
            // The flank must be engaged by the end of the battle moves (it may be engaged later
            // in this segment), or a vacant enemy flank: any enemy flank qualifies
            // now, and `envelopment_stands` checks it when the envelopments are resolved.
            if b.has(theirs, en, &sides) || !b.has(theirs, side, &sides) {
                v.push(theirs);
            }
        }
        v
    }

    /// BL 7.43: after all battle moves, a forced-march roll for each enveloping unit: success
    /// engages and fires at once; failure leaves it Lost.
    fn resolve_envelopments(&self, s: &mut State, log: &mut Log) {
        let d = self.d();
        let b = s.battle.as_ref().expect("battle");
        let forest = b.forest;
        let list: Vec<(u8, Bx)> = b.units.iter().filter(|x| x.env != NOBOX && x.moves > 0 && !x.fired).map(|x| (x.u, x.env)).collect();
        for (u, t) in list {
            let Some(b) = s.battle.as_ref() else { return };
            if b.idx(u).is_none() || b.step != BStep::Moves {
                continue;
            }
            let side = self.side_of(u as usize);
            let lost = b.idx(u).is_some_and(|i| b.units[i].lost);
            if !lost && !self.envelopment_stands(b, t, side) {
                // BL 7.43, a reading of an unclear rule: the flank was not engaged after all: the unit stays in the
                // Reserve (no roll); the order was its battle move.
                let b = s.battle.as_mut().expect("battle");
                let i = b.idx(u).expect("in battle");
                b.units[i].env = NOBOX;
                log.info(|| format!("BL 7.43: {} was not engaged: the {} envelopment does not take place", box_name(t), side.name()));
                continue;
            }
            let m = self.fm_modifier(s, u as usize, forest);
            let r = self.die(s);
            let ok = r as i16 + m as i16 >= d.fm_success[side.idx()] as i16;
            log.roll(|| format!("BL 7.43: envelopment roll {r} ({m:+}): {}", if ok { "success" } else { "Lost" }));
            let b = s.battle.as_mut().expect("battle");
            let i = b.idx(u).expect("in battle");
            if !ok {
                b.units[i].lost = true;
                b.units[i].back = false;
                // Resolved for this battle turn (a Lost unit does not fire).
                b.units[i].fired = true;
                continue;
            }
            let sides = self.sides();
            if b.units[i].back {
                // A Lost unit's success: back to the Reserve instead of engaging.
                let x = &mut b.units[i];
                x.bx = bx(side, RESERVE);
                x.env = NOBOX;
                x.lost = false;
                x.back = false;
                continue;
            }
            let enemy = b.has(t, side.other(), &sides);
            let x = &mut b.units[i];
            x.bx = t;
            x.env = NOBOX;
            x.lost = false;
            x.engaged = true;
            x.engager = enemy;
            if enemy {
                // It fires at once (engaged fire), in this battle turn.
                self.fire(s, u, t, None, After::Envelop, log);
                if let Some(b) = s.battle.as_mut()
                    && let Some(i) = b.idx(u) {
                        b.units[i].fired = true;
                    }
            } else {
                // A vacant enemy flank is occupied, without enfilade this turn.
                b.units[i].fired = true;
                self.settle(s, log);
            }
        }
    }

    /// BL 7.43: once all battle moves are made, an envelopment goes ahead only into a flank
    /// that is engaged (holds both sides), or into a vacant enemy flank.
    fn envelopment_stands(&self, b: &Battle, t: Bx, side: Side) -> bool {
        let sides = self.sides();
        b.engaged(t, &sides) || (bside(t) != side && !b.has(t, side.other(), &sides) && !b.has(t, side, &sides))
    }

    /// The end of the battle-move segment: envelopments, then every engaged unit is revealed
    /// (rule 7.41) and the reinforcement segment begins.
    fn end_moves(&self, s: &mut State, log: &mut Log) {
        let sides = self.sides();
        self.resolve_envelopments(s, log);
        if s.battle.as_ref().is_none_or(|b| b.step != BStep::Moves) {
            return;
        }
        // BL 7.41: every engaged unit of both sides is revealed.
        let b = s.battle.as_mut().expect("battle");
        let eng: Vec<u8> = b.units.iter().filter(|x| b.engaged(x.bx, &sides)).map(|x| x.u).collect();
        for u in eng {
            s.units[u as usize].shown = true;
        }
        s.battle.as_mut().expect("battle").step = BStep::Reinforce;
    }

    fn melee_boxes(&self, s: &State, b: &Battle, side: Side) -> Vec<Bx> {
        let sides = self.sides();
        let _ = s;
        let mut v = Vec::new();
        if b.fired_any {
            // BL 7.35: all melees come before any fire.
            return v;
        }
        for t in 0..8u8 {
            if !b.engaged(t, &sides) {
                continue;
            }
            // BL 7.6: the attacker may not start a melee against fortress defenders.
            if b.fortress && side == b.attacker {
                continue;
            }
            // BL 7.35: all of the player's units there melee, so all must be free to.
            let mine: Vec<&BUnit> = b.units.iter().filter(|x| x.bx == t && sides[x.u as usize] == side).collect();
            if mine.iter().all(|x| !x.fired && x.moves == 0 && !x.fresh && !x.disrupted && x.env == NOBOX) {
                v.push(t);
            }
        }
        v
    }

    pub(crate) fn battle_legal(&self, s: &State, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        if self.battle_actor(s) != Some(side) {
            return out;
        }
        let Some(b) = s.battle.as_ref() else {
            // BL 6.1: the player chooses the battle to play next.
            return self.battle_candidates(s).into_iter().map(Action::Fight).collect();
        };
        let sides = self.sides();
        match b.step {
            BStep::Deploy(_) => {
                for x in &b.units {
                    if x.bx == NOBOX && sides[x.u as usize] == side {
                        for t in self.deploy_boxes(b, x.u as usize) {
                            out.push(Action::Deploy(x.u, t));
                        }
                    }
                }
            }
            BStep::Retreat => {
                let side_hexes = self.retreat_hexes(s, b, side);
                for x in &b.units {
                    if sides[x.u as usize] == side && x.retreat == NONE {
                        let hexes = self.unit_retreat_hexes(s, b, side, x.u, &side_hexes);
                        for &n in &hexes {
                            let marked = b.units.iter().filter(|y| y.retreat == n).count() as u8;
                            if self.retreat_room(s, b, n, false) > marked {
                                out.push(Action::Retreat(x.u, n));
                            }
                        }
                        // BL 10.41: a non-engaged invader may retreat by sea to its port, free.
                        if let Some(&(_, port)) = s.invaders.iter().find(|i| i.0 == x.u)
                            && !b.engaged(x.bx, &sides) && !hexes.contains(&port) && self.occ(s)[port as usize] & bit(side.other()) == 0 {
                                out.push(Action::Retreat(x.u, port));
                            }
                    }
                }
                out.push(Action::End);
            }
            BStep::Combat => {
                for t in self.melee_boxes(s, b, side) {
                    out.push(Action::Melee(t));
                }
                for (i, x) in b.units.iter().enumerate() {
                    if sides[x.u as usize] == side {
                        for t in self.fire_targets(b, i) {
                            out.push(Action::Fire(x.u, t));
                        }
                        for t in self.counter_battery(s, b, i) {
                            out.push(Action::Target(x.u, t));
                        }
                    }
                }
                out.push(Action::End);
            }
            BStep::Leave { night, .. } => out = self.leave_moves(s, b, side, night),
            BStep::Casualty(_) => {
                if let Some(c) = b.casualties.first() {
                    out = self.hit_candidates(s, b, &c.group).into_iter().map(Action::Hit).collect();
                }
            }
            BStep::Disengage { u, .. } => {
                if let Some(i) = b.idx(u) {
                    out = self.forced_options(b, i).into_iter().map(|t| Action::Disengage(u, t)).collect();
                }
            }
            BStep::Melee { bx: t, .. } => {
                out.push(Action::Press);
                // BL 7.42: breaking off is a disengagement to a friendly position of the owner's choice.
                for to in self.disengage_options(b, t, side) {
                    out.push(Action::Break(to));
                }
            }
            BStep::Moves => {
                for (i, x) in b.units.iter().enumerate() {
                    if sides[x.u as usize] == side {
                        for t in self.move_targets(b, i) {
                            out.push(Action::BMove(x.u, t));
                        }
                        for t in self.envelop_targets(b, i) {
                            out.push(Action::Envelop(x.u, t));
                        }
                    }
                }
                out.push(Action::End);
            }
            BStep::Reinforce | BStep::NightReinforce(_) => {
                let night = matches!(b.step, BStep::NightReinforce(_));
                for u in self.reinforcers(s, b, side, night) {
                    out.push(Action::Reinforce(u));
                }
                // BL 6.33: night reinforcements are placed freely in friendly positions.
                let mut unplaced = false;
                for x in &b.units {
                    if night && x.bx == NOBOX && sides[x.u as usize] == side {
                        unplaced = true;
                        for t in self.night_boxes(b, x.u as usize) {
                            out.push(Action::Deploy(x.u, t));
                        }
                    }
                }
                if !unplaced {
                    out.push(Action::End);
                }
            }
            BStep::Night(_) => {
                out.push(Action::Withdraw);
                if side == b.defender() {
                    out.push(Action::Continue(None));
                } else {
                    // BL 6.33: the attacker continues only by reducing a Battle HQ (not Supreme).
                    for x in &b.units {
                        let u = x.u as usize;
                        if sides[u] == side && self.kind(u) == UnitKind::Hq && self.d().units[u].role != HqRole::Supreme {
                            out.push(Action::Continue(Some(x.u)));
                        }
                    }
                }
            }
            BStep::Regroup(_, mode) => {
                if mode != 2 {
                    let hexes = self.retreat_hexes(s, b, side);
                    for x in &b.units {
                        for &n in &hexes {
                            if self.retreat_room(s, b, n, false) > 0 {
                                out.push(Action::Retreat(x.u, n));
                            }
                        }
                    }
                }
                if mode != 1 {
                    for u in self.reinforcers(s, b, side, false) {
                        out.push(Action::Reinforce(u));
                    }
                }
                out.push(Action::End);
            }
        }
        out
    }

    // ------------------------------------------------------------------ apply

    pub(crate) fn battle_act(&self, s: &mut State, side: Side, a: &Action, log: &mut Log) -> Result<(), Refusal> {
        self.battle_step(s, side, a, log)?;
        // BL 6.1: the battle is over or waits for the others: go on with the next one.
        if s.battle.is_none() {
            self.schedule(s, log);
        }
        Ok(())
    }

    fn battle_step(&self, s: &mut State, side: Side, a: &Action, log: &mut Log) -> Result<(), Refusal> {
        let d = self.d();
        let sides = self.sides();
        if let Action::Fight(h) = *a {
            log.info(|| format!("BL 6.1: {} goes on with the battle in {}", side.name(), d.hex_name(h)));
            self.open_battle(s, h, log);
            return Ok(());
        }
        let step = s.battle.as_ref().expect("battle").step;
        match (a.clone(), step) {
            (Action::Deploy(u, t), BStep::NightReinforce(_)) => {
                let b = s.battle.as_mut().expect("battle");
                let i = b.idx(u).expect("in battle");
                b.units[i].bx = t;
                log.info(|| format!("BL 6.33: {} places a night reinforcement in {}", side.name(), box_name(t)));
            }
            (Action::Deploy(u, t), BStep::Deploy(_)) => {
                let b = s.battle.as_mut().expect("battle");
                let i = b.idx(u).expect("in battle");
                b.units[i].bx = t;
                log.info(|| format!("BL 6.2: {} deploys a block in {}", side.name(), box_name(t)));
                if !b.units.iter().any(|x| x.bx == NOBOX && sides[x.u as usize] == side) {
                    if side == b.defender() {
                        b.step = BStep::Deploy(b.attacker);
                    } else {
                        // BL 6.3: the attacker plays the first battle turn (Dawn).
                        b.step = BStep::Retreat;
                        log.info(|| "BL 6.3: Day 1, Dawn".to_string());
                        let h = b.hex;
                        self.settle(s, log);
                        self.yield_if(s, h, BStep::Retreat);
                    }
                }
            }
            (Action::Retreat(u, n), BStep::Leave { by, .. }) => {
                let b = s.battle.as_mut().expect("battle");
                if let Some(c) = b.crossed.iter_mut().find(|c| c.0 == n) {
                    c.1 += 1;
                } else if d.dir(b.hex, n).is_some() {
                    b.crossed.push((n, 1));
                }
                self.leave_battle(s, u, n, log);
                log.info(|| format!("BL 7.15: a {} block retreats to {}", by.name(), d.hex_name(n)));
                self.leave_check(s, log);
            }
            (Action::Hit(u), BStep::Casualty(_)) => {
                let melee = s.battle.as_ref().expect("battle").casualties.first().is_some_and(|c| c.melee);
                self.hit_unit(s, u, melee, log);
                let after = s.battle.as_ref().expect("battle").resume.expect("a paused fire").1;
                if self.deal(s, after, log) {
                    self.run_after(s, after, log);
                }
            }
            (Action::Retreat(u, n), BStep::Retreat) => {
                let b = s.battle.as_mut().expect("battle");
                let i = b.idx(u).expect("in battle");
                b.units[i].retreat = n;
            }
            (Action::End, BStep::Retreat) => {
                if self.resolve_retreats(s, log) {
                    self.after_retreat(s, log);
                }
            }
            (Action::Fire(u, t), BStep::Combat) => self.fire(s, u, t, None, After::Settle, log),
            (Action::Target(u, e), BStep::Combat) => {
                let b = s.battle.as_ref().expect("battle");
                let t = b.units[b.idx(e).expect("in battle")].bx;
                self.fire(s, u, t, Some(e), After::Settle, log)
            }
            (Action::Melee(t), BStep::Combat) => self.melee(s, t, log),
            (Action::Break(to), BStep::Melee { bx: t, by, .. }) => {
                // BL 7.35 / 7.42: the side that breaks off disengages.
                let b = s.battle.as_mut().expect("battle");
                for x in b.units.iter_mut() {
                    if x.bx == t && sides[x.u as usize] == by {
                        x.bx = to;
                    }
                }
                b.step = BStep::Combat;
                log.info(|| format!("BL 7.35: {} breaks off the melee to {}", by.name(), box_name(to)));
                self.settle(s, log);
            }
            (Action::Press, BStep::Melee { bx: t, by, round }) => {
                let b = s.battle.as_mut().expect("battle");
                let ph = b.phasing();
                if by == ph {
                    b.step = BStep::Melee { bx: t, by: ph.other(), round };
                    self.settle(s, log);
                } else {
                    // Both fight a second round; the active side then disengages unless it won.
                    self.melee_round(s, t, log);
                    if self.deal(s, After::Melee2(t), log) {
                        self.run_after(s, After::Melee2(t), log);
                    }
                }
            }
            (Action::End, BStep::Combat) => {
                s.battle.as_mut().expect("battle").step = BStep::Moves;
            }
            (Action::BMove(u, t), BStep::Moves) => {
                let b = s.battle.as_mut().expect("battle");
                let i = b.idx(u).expect("in battle");
                let was_engaged = b.engaged(b.units[i].bx, &sides);
                let engage = b.has(t, side.other(), &sides);
                let x = &mut b.units[i];
                x.bx = t;
                x.moves += 1;
                x.disengaged |= was_engaged;
                x.engaged |= engage;
                x.engager = engage;
                log.info(|| format!("BL 7.4: {} moves a block to {}{}", side.name(), box_name(t), if engage { " (engages)" } else { "" }));
                self.settle(s, log);
            }
            (Action::Disengage(u, t), BStep::Disengage { morale, .. }) => {
                let b = s.battle.as_mut().expect("battle");
                let i = b.idx(u).expect("in battle");
                let from = b.units[i].bx;
                b.units[i].bx = t;
                log.info(|| format!("BL 7.42: {} disengages a block to {}", side.name(), box_name(t)));
                if morale {
                    // BL 7.2: then the other morale checks, and the combat segment.
                    b.units[i].fired = true;
                    b.step = BStep::Retreat;
                    self.settle(s, log);
                    if s.battle.as_ref().is_some_and(|b| b.step == BStep::Retreat) {
                        self.morale_then_combat(s, log);
                    }
                } else {
                    // BL 7.35: the other units in the meleed box disengage too.
                    b.step = BStep::Combat;
                    if !self.disengage_box(s, from, side) {
                        self.settle(s, log);
                    }
                }
            }
            (Action::Envelop(u, t), BStep::Moves) => {
                let b = s.battle.as_mut().expect("battle");
                let i = b.idx(u).expect("in battle");
                let x = &mut b.units[i];
                x.moves = 1;
                if x.lost && bpos(t) == RESERVE {
                    x.back = true;
                    log.info(|| format!("BL 7.43: a Lost {} block tries to go back to the Reserve", side.name()));
                } else {
                    x.env = t;
                    log.info(|| format!("BL 7.43: {} sends a block to envelop {}", side.name(), box_name(t)));
                }
            }
            (Action::End, BStep::Moves) => self.end_moves(s, log),
            (Action::Reinforce(u), BStep::Reinforce | BStep::NightReinforce(_) | BStep::Regroup(..)) => {
                let night = matches!(step, BStep::NightReinforce(_));
                let from = s.units[u as usize].hex;
                let lim = self.reinforce_limit(s, s.battle.as_ref().expect("battle"), from, night);
                let b = s.battle.as_mut().expect("battle");
                let pos = match b.rein.iter().position(|r| r.0 == from) {
                    Some(p) => p,
                    None => {
                        b.rein.push((from, 0, 0));
                        b.rein.len() - 1
                    }
                };
                if lim < 0 {
                    // BL 7.51: "DR" lets one unit through on 4+.
                    let r = self.die(s);
                    let b = s.battle.as_mut().expect("battle");
                    log.roll(|| format!("BL 7.51: reinforcement roll {r}: {}", if r >= 4 { "through" } else { "blocked" }));
                    if r < 4 {
                        b.rein[pos].2 += 1;
                        return Ok(());
                    }
                }
                let b = s.battle.as_mut().expect("battle");
                b.rein[pos].1 += 1;
                if side == b.attacker && !b.att_from.contains(&from) {
                    // By our reading, reinforcement hexsides become attacker retreat hexsides.
                    b.att_from.push(from);
                }
                if side == Side::Csa && !b.csa.contains(&u) {
                    b.csa.push(u);
                }
                let hex = b.hex;
                b.units.push(BUnit { u, bx: if night { NOBOX } else { bx(side, RESERVE) }, fired: false, moves: 0, disengaged: false, engaged: false, fresh: true, disrupted: false, half: false, retreat: NONE, meleed: false, env: NOBOX, lost: false, back: false, engager: false });
                if let BStep::Regroup(v, _) = step {
                    b.step = BStep::Regroup(v, 2);
                }
                s.units[u as usize].hex = hex;
                log.info(|| format!("BL 7.5: {} reinforces the battle from {}", side.name(), d.hex_name(from)));
            }
            (Action::End, BStep::Reinforce) => self.end_battle_turn(s, log),
            (Action::Withdraw, BStep::Night(x)) => {
                log.info(|| format!("BL 6.33: {} withdraws at night", x.name()));
                self.retreat_all(s, x, true, false, log);
            }
            (Action::Continue(hq), BStep::Night(x)) => {
                let b = s.battle.as_mut().expect("battle");
                if let Some(h) = hq {
                    // BL 6.33: the Battle HQ is revealed and loses a step.
                    b.step = BStep::NightReinforce(b.defender());
                    self.lose_step(s, h as usize, false);
                    log.reveal(|| format!("BL 6.33: {} reduces {} to fight another day", x.name(), d.units[h as usize].id));
                    let b = s.battle.as_mut().expect("battle");
                    b.rein.clear();
                    self.settle(s, log);
                } else {
                    b.step = BStep::Night(b.attacker);
                    log.info(|| format!("BL 6.33: {} stays", x.name()));
                }
            }
            (Action::End, BStep::NightReinforce(x)) => {
                let b = s.battle.as_mut().expect("battle");
                b.rein.clear();
                if x == b.defender() {
                    b.step = BStep::NightReinforce(b.attacker);
                } else {
                    self.new_day(s, log);
                }
            }
            (Action::Retreat(u, n), BStep::Regroup(v, _)) => {
                // BL 6.4: a regroup retreat; no pursuit; the units are disrupted.
                let b = s.battle.as_mut().expect("battle");
                b.step = BStep::Regroup(v, 1);
                match b.crossed.iter_mut().find(|c| c.0 == n) {
                    Some(c) => c.1 += 1,
                    None => b.crossed.push((n, 1)),
                }
                self.leave_battle(s, u, n, log);
                log.info(|| format!("BL 6.4: {} regroups a block to {}", side.name(), d.hex_name(n)));
            }
            (Action::End, BStep::Regroup(..)) => {
                let b = s.battle.as_ref().expect("battle");
                for x in &b.units {
                    if x.fresh {
                        s.disrupted.push(x.u);
                    }
                }
                self.finish_battle(s, log);
            }
            _ => bivouac_engine::refuse!("BL 7.0", "not allowed in this battle segment"),
        }
        Ok(())
    }

    /// Yield the current battle if it is still battle `h` waiting at `step`.
    fn yield_if(&self, s: &mut State, h: u16, step: BStep) {
        if s.battle.as_ref().is_some_and(|b| b.hex == h && b.step == step) {
            self.yield_battle(s);
        }
    }

    fn new_day(&self, s: &mut State, log: &mut Log) {
        let b = s.battle.as_mut().expect("battle");
        b.day += 1;
        b.turn = 0;
        b.step = BStep::Retreat;
        b.crossed.clear();
        b.rein.clear();
        for x in b.units.iter_mut() {
            x.fresh = false;
            x.fired = false;
            x.moves = 0;
            x.engaged = false;
            x.disengaged = false;
        }
        b.nightfall = false;
        let (day, h) = (b.day, b.hex);
        log.info(|| format!("BL 6.3: Day {day}, Dawn"));
        self.yield_if(s, h, BStep::Retreat);
    }

    fn end_battle_turn(&self, s: &mut State, log: &mut Log) {
        let sides = self.sides();
        let b = s.battle.as_mut().expect("battle");
        b.turn += 1;
        b.crossed.clear();
        b.rein.clear();
        b.fired_any = false;
        let ph = b.phasing();
        for x in b.units.iter_mut() {
            // BL 7.36: a lone half-hit is lost at the end of the battle turn.
            x.half = false;
            x.fired = false;
            x.moves = 0;
            x.engaged = false;
            x.disengaged = false;
            if sides[x.u as usize] == ph {
                x.fresh = false;
            }
        }
        if b.turn < 8 {
            b.step = BStep::Retreat;
            let t = b.turn;
            log.info(|| format!("BL 6.3: {} turn of {}", ["Dawn", "Morning", "Afternoon", "Dusk"][(t / 2) as usize], if t.is_multiple_of(2) { "the attacker" } else { "the defender" }));
        } else {
            // BL 6.31: Night comes once every battle has played its Dusk turns.
            b.step = BStep::Night(b.defender());
            b.nightfall = false;
        }
        self.yield_battle(s);
    }

    /// BL 6.31: the start of the Night turn of the current battle.
    fn nightfall(&self, s: &mut State, log: &mut Log) {
        let sides = self.sides();
        let b = s.battle.as_mut().expect("battle");
        b.nightfall = true;
        let day = b.day;
        // BL 7.13: the disrupted recover at the end of the battle day (once for all battles).
        if s.recovered < day {
            s.recovered = day;
            s.disrupted.clear();
        }
        let b = s.battle.as_ref().expect("battle");
        // BL 7.43: at nightfall a Lost unit loses a step and retreats, without pursuit.
        let lost: Vec<(u8, Side)> = b.units.iter().filter(|x| x.env != NOBOX).map(|x| (x.u, sides[x.u as usize])).collect();
        for (u, side) in lost {
            self.lost_retreat(s, u, side, log);
        }
        let b = s.battle.as_mut().expect("battle");
        // BL 6.31: Night. Both sides disengage from non-friendly positions; the disrupted recover.
        for i in 0..b.units.len() {
            let x = &b.units[i];
            let side = sides[x.u as usize];
            if bpos(x.bx) != RESERVE && b.owner[x.bx as usize] != side && b.engaged(x.bx, &sides) {
                b.units[i].bx = bx(side, RESERVE);
            }
            b.units[i].disrupted = false;
            b.units[i].fresh = false;
            // ES L731: at night revealed units stand upright again.
            s.units[b.units[i].u as usize].shown = false;
        }
        log.info(|| "BL 6.31: Night".to_string());
        self.settle(s, log);
    }

    /// BL 7.2: every engaged 1-step unit of the phasing side checks morale; 1-3 disengages.
    fn morale(&self, s: &mut State, log: &mut Log) {
        let sides = self.sides();
        let b = s.battle.as_ref().expect("battle");
        let ph = b.phasing();
        let list: Vec<u8> = b.units.iter().filter(|x| sides[x.u as usize] == ph && s.units[x.u as usize].steps == 1 && b.engaged(x.bx, &sides) && !x.fresh && !b.checked.contains(&x.u)).map(|x| x.u).collect();
        for u in list {
            s.battle.as_mut().expect("battle").checked.push(u);
            let r = self.die(s);
            log.roll(|| format!("BL 7.2: morale roll {r} for a cadre: {}", if r <= 3 { "poor, it disengages" } else { "good" }));
            if r <= 3 {
                let b = s.battle.as_mut().expect("battle");
                let Some(i) = b.idx(u) else { continue };
                if self.kind(u as usize) != UnitKind::HeavyArtillery {
                    let o = self.forced_options(b, i);
                    if o.len() > 1 {
                        // BL 7.42: the owner chooses where it disengages.
                        b.step = BStep::Disengage { u, morale: true };
                        return;
                    }
                    b.units[i].bx = o[0];
                }
                b.units[i].fired = true;
                self.settle(s, log);
                if s.battle.as_ref().is_none_or(|b| b.step != BStep::Retreat) {
                    return;
                }
            }
        }
    }

    /// Friendly non-engaged positions a unit of `side` in box `t` may disengage to (rule 7.42):
    /// the battle-move neighbours of `t` (its Reserve from the own line, the facing box) that are
    /// friendly and hold no enemy; the Reserve when there is none (a reading of an unclear rule).
    fn disengage_options(&self, b: &Battle, t: Bx, side: Side) -> Vec<Bx> {
        let sides = self.sides();
        let mut v = Vec::new();
        if bside(t) == side {
            v.push(bx(side, RESERVE));
        }
        let f = facing(t);
        if bpos(t) != RESERVE && (!b.fortress || bpos(f) == CENTER) && b.owner[f as usize] == side && !b.has(f, side.other(), &sides) {
            v.push(f);
        }
        if v.is_empty() {
            v.push(bx(side, RESERVE));
        }
        v
    }

    /// Where a unit may make a forced disengagement (morale, the end of a second melee round,
    /// rule 7.2, 7.35): from its own line, any of `disengage_options` (the owner chooses); from
    /// the enemy line, its own facing box (the only adjacent friendly position, rule 7.4).
    fn forced_options(&self, b: &Battle, i: usize) -> Vec<Bx> {
        let x = &b.units[i];
        let side = self.side_of(x.u as usize);
        let o = self.disengage_options(b, x.bx, side);
        if bside(x.bx) != side {
            return vec![*o.iter().find(|&&t| bside(t) == side && bpos(t) != RESERVE).unwrap_or(&o[0])];
        }
        o
    }

    /// BL 7.35: every unit of `side` in box `t` disengages; true if one waits for its owner's
    /// choice of destination (`BStep::Disengage`), the others following once it is made.
    fn disengage_box(&self, s: &mut State, t: Bx, side: Side) -> bool {
        let sides = self.sides();
        let b = s.battle.as_mut().expect("battle");
        for i in 0..b.units.len() {
            if b.units[i].bx == t && sides[b.units[i].u as usize] == side {
                let o = self.forced_options(b, i);
                if o.len() > 1 {
                    b.step = BStep::Disengage { u: b.units[i].u, morale: false };
                    return true;
                }
                b.units[i].bx = o[0];
            }
        }
        false
    }

    /// The morale checks (rule 7.2), then the combat segment.
    fn morale_then_combat(&self, s: &mut State, log: &mut Log) {
        self.morale(s, log);
        if let Some(b) = s.battle.as_mut()
            && b.step == BStep::Retreat {
                b.step = BStep::Combat;
            }
    }

    /// BL 7.36: Double Defense of a unit in the battle.
    fn double_defense(&self, b: &Battle, x: &BUnit, melee: bool) -> bool {
        let side = self.side_of(x.u as usize);
        let own = bside(x.bx) == side;
        let forest = b.forest && (own || (melee && side != b.phasing()));
        let fortress = b.fortress && side == b.defender() && own && !x.meleed;
        forest || fortress
    }

    /// BL 7.32: the units of `group` that may take the next hit: the strongest; among them
    /// those holding a Double Defense half-hit. Several: the owner chooses.
    fn hit_candidates(&self, s: &State, b: &Battle, group: &[u8]) -> Vec<u8> {
        let alive: Vec<u8> = group.iter().copied().filter(|&u| s.units[u as usize].st == St::Map && b.idx(u).is_some()).collect();
        let Some(max) = alive.iter().map(|&u| s.units[u as usize].steps).max() else { return Vec::new() };
        let strongest: Vec<u8> = alive.into_iter().filter(|&u| s.units[u as usize].steps == max).collect();
        let half: Vec<u8> = strongest.iter().copied().filter(|&u| b.idx(u).is_some_and(|i| b.units[i].half)).collect();
        if half.is_empty() {
            strongest
        } else {
            half
        }
    }

    /// One hit on unit `u`, counted off the first queued casualties: a step, or a half-hit
    /// under Double Defense (rule 7.32, 7.36).
    fn hit_unit(&self, s: &mut State, u: u8, melee: bool, log: &mut Log) {
        let b = s.battle.as_mut().expect("battle");
        if let Some(c) = b.casualties.first_mut() {
            c.hits = c.hits.saturating_sub(1);
        }
        let i = b.idx(u).expect("in battle");
        let dd = self.double_defense(b, &b.units[i], melee);
        if dd && !b.units[i].half {
            b.units[i].half = true;
            return;
        }
        b.units[i].half = false;
        self.lose_step(s, u as usize, self.besieged_in_battle(s, u));
        log.info(|| format!("BL 7.32: a {} block loses a step", self.side_of(u as usize).name()));
        if s.units[u as usize].st != St::Map {
            let b = s.battle.as_mut().expect("battle");
            b.units.retain(|x| x.u != u);
        }
    }

    /// Take the queued hits one at a time (rule 7.32). When several units are equally strong,
    /// stop and let the owner choose (`BStep::Casualty`); `after` then finishes the fire.
    /// Returns true when every hit is taken (the caller goes on at once).
    fn deal(&self, s: &mut State, after: After, log: &mut Log) -> bool {
        loop {
            let Some(b) = s.battle.as_ref() else { return true };
            let Some(c) = b.casualties.first() else { break };
            let cands = if c.hits == 0 { Vec::new() } else { self.hit_candidates(s, b, &c.group) };
            if cands.is_empty() {
                s.battle.as_mut().expect("battle").casualties.remove(0);
                continue;
            }
            if cands.len() > 1 {
                let side = self.side_of(cands[0] as usize);
                let b = s.battle.as_mut().expect("battle");
                if b.resume.is_none() {
                    b.resume = Some((b.step, after));
                }
                b.step = BStep::Casualty(side);
                return false;
            }
            let melee = c.melee;
            self.hit_unit(s, cands[0], melee, log);
        }
        let b = s.battle.as_mut().expect("battle");
        if let Some((step, _)) = b.resume.take() {
            b.step = step;
        }
        true
    }

    /// Queue hits on a group (rule 7.32).
    fn queue_hits(&self, s: &mut State, group: Vec<u8>, hits: u8, melee: bool) {
        if hits > 0 && !group.is_empty() {
            s.battle.as_mut().expect("battle").casualties.push(Casualties { group, hits, melee });
        }
    }

    /// What follows a fire once the owner has chosen the last casualty.
    fn run_after(&self, s: &mut State, after: After, log: &mut Log) {
        let sides = self.sides();
        match after {
            After::Settle => self.settle(s, log),
            After::Envelop => {
                self.settle(s, log);
                self.end_moves(s, log);
            }
            After::Melee1(t) => {
                let b = s.battle.as_mut().expect("battle");
                if b.engaged(t, &sides) {
                    b.step = BStep::Melee { bx: t, by: b.phasing(), round: 1 };
                }
                self.settle(s, log);
            }
            After::Melee2(t) => {
                let b = s.battle.as_mut().expect("battle");
                b.step = BStep::Combat;
                if b.engaged(t, &sides) {
                    let ph = b.phasing();
                    log.info(|| "BL 7.35: after the second round the active side disengages".to_string());
                    if self.disengage_box(s, t, ph) {
                        return;
                    }
                }
                self.settle(s, log);
            }
            After::Retreat => self.after_retreat(s, log),
            After::Rout(side) => self.retreat_all(s, side, false, true, log),
        }
    }

    fn group(&self, b: &Battle, t: Bx, side: Side) -> Vec<u8> {
        b.units.iter().filter(|x| x.bx == t && x.env == NOBOX && self.side_of(x.u as usize) == side).map(|x| x.u).collect()
    }

    /// Fire of `u` at box `t`; `only` = a counter-battery target taking every hit (rule 7.33).
    fn fire(&self, s: &mut State, u: u8, t: Bx, only: Option<u8>, after: After, log: &mut Log) {
        let sides = self.sides();
        let b = s.battle.as_mut().expect("battle");
        let i = b.idx(u).expect("in battle");
        let side = sides[u as usize];
        let kind = self.kind(u as usize);
        let ty = self.d().ty(u as usize);
        let from = b.units[i].bx;
        let engaged_fire = from == t;
        let target_engaged = b.engaged(t, &sides);
        let (face, own_on_one, what) = if engaged_fire {
            // BL 2.2.4 / 7.31: engaged fire; a garrison fires F1 when it engaged the box, F2
            // when it was engaged there.
            let f = if kind == UnitKind::Garrison && b.units[i].engager { ty.fire_engaged_attack } else { ty.fire_engaged };
            (f, false, "engaged fire")
        } else if kind == UnitKind::HeavyArtillery {
            (if b.fortress { ty.fire_long_fortress } else { ty.fire_long }, false, "heavy artillery fire")
        } else if kind == UnitKind::Artillery && t == facing(from) {
            // BL 7.31: long-range fire into an engaged box: each 1 hits a friendly unit.
            (ty.fire_long, target_engaged, "long-range fire")
        } else {
            // BL 7.34: enfilade F1 from the own line, F2 from the enemy line (garrison F1).
            let f = if bside(from) == side || kind == UnitKind::Garrison { F1 } else { F2 };
            (f, false, "enfilade")
        };
        b.units[i].fired = true;
        b.fired_any = true;
        s.units[u as usize].shown = true;
        let en = side.other();
        if !b.has(t, en, &sides) && bpos(t) == CENTER {
            // BL 7.15 (b): enfilade fire at the enemy's vacant Center routs it.
            log.info(|| format!("BL 7.15: {} enfilades the vacant {} Center: rout", side.name(), en.name()));
            self.rout(s, en, log);
            return;
        }
        let dice = s.units[u as usize].steps;
        let face = self.hooked_face(s, u, what, from, t, face.max(1), log);
        let (hits, own, rolls) = self.roll_hits(s, dice, face, own_on_one);
        log.roll(|| format!("BL 7.3: {} {what} at {}: {rolls:?}, {hits} hits{}", side.name(), box_name(t), if own_on_one { format!(", {own} on friendly units") } else { String::new() }));
        let b = s.battle.as_ref().expect("battle");
        let target = match only {
            Some(e) => vec![e],
            None => self.group(b, t, en),
        };
        let friends = self.group(b, t, side);
        self.queue_hits(s, target, hits, false);
        self.queue_hits(s, friends, own, false);
        if self.deal(s, after, log) {
            self.settle(s, log);
        }
    }

    fn melee(&self, s: &mut State, t: Bx, log: &mut Log) {
        let sides = self.sides();
        let b = s.battle.as_mut().expect("battle");
        let ph = b.phasing();
        for x in b.units.iter_mut() {
            if x.bx == t && sides[x.u as usize] == ph {
                x.fired = true;
                x.meleed = true;
            }
        }
        log.info(|| format!("BL 7.35: {} starts a melee in {}", ph.name(), box_name(t)));
        self.melee_round(s, t, log);
        if self.deal(s, After::Melee1(t), log) {
            self.run_after(s, After::Melee1(t), log);
        }
    }

    /// One simultaneous melee round (rule 7.35): both sides roll, then the hits are queued.
    fn melee_round(&self, s: &mut State, t: Bx, log: &mut Log) {
        let b = s.battle.as_ref().expect("battle");
        let mut hits = [0u8; 2];
        let mut groups = [Vec::new(), Vec::new()];
        for side in [Side::Usa, Side::Csa] {
            groups[side.idx()] = self.group(b, t, side);
        }
        for side in [Side::Usa, Side::Csa] {
            for &u in &groups[side.idx()].clone() {
                s.units[u as usize].shown = true;
                let f = self.d().ty(u as usize).fire_melee.max(1);
                // BL 7.35: both sides melee in the box itself.
                let f = self.hooked_face(s, u, "melee", t, t, f, log);
                let (h, _, rolls) = self.roll_hits(s, s.units[u as usize].steps, f, false);
                log.roll(|| format!("BL 7.35: {} melee {rolls:?}: {h} hits", side.name()));
                hits[side.idx()] += h;
            }
        }
        for side in [Side::Usa, Side::Csa] {
            let g = groups[side.other().idx()].clone();
            self.queue_hits(s, g, hits[side.idx()], true);
        }
    }

    /// BL 7.14: pursuit fire at a group retreating from box `t`: F2 if the pursuer is faster
    /// than the slowest retreating unit, F1 if as fast; twice in a rout (rule 7.15).
    fn pursue(&self, s: &mut State, t: Bx, group: &[u8], times: u8, log: &mut Log) {
        let sides = self.sides();
        let Some(b) = s.battle.as_ref() else { return };
        let side = sides[group[0] as usize];
        let slowest = group.iter().map(|&u| self.speed(s, u as usize)).min().unwrap_or(0);
        let mut pursuers = self.group(b, t, side.other());
        if !b.fortress && (bpos(t) == CENTER || bpos(t) == RESERVE) {
            // BL 7.14: enemy units able to enfilade (non-engaged, non-HQ, in a flank box of the
            // retreating side's line) may also pursue units leaving the Center or Reserve.
            for pos in [LEFT, RIGHT] {
                let f = bx(side, pos);
                if b.engaged(f, &sides) {
                    continue;
                }
                for p in self.group(b, f, side.other()) {
                    if self.kind(p as usize) != UnitKind::Hq && !pursuers.contains(&p) {
                        pursuers.push(p);
                    }
                }
            }
        }
        for p in pursuers {
            let sp = self.speed(s, p as usize);
            let face = if sp > slowest {
                F2
            } else if sp == slowest {
                F1
            } else {
                continue;
            };
            for _ in 0..times {
                if s.units[p as usize].st != St::Map {
                    break;
                }
                let (h, _, rolls) = self.roll_hits(s, s.units[p as usize].steps, face, false);
                log.roll(|| format!("BL 7.14: {} pursuit fire {rolls:?}: {h} hits", side.other().name()));
                self.queue_hits(s, group.to_vec(), h, false);
            }
        }
    }

    /// End of the retreat segment: pursuit fire at the engaged or disrupted retreating groups
    /// (rule 7.14); returns false while their owner chooses casualties.
    fn resolve_retreats(&self, s: &mut State, log: &mut Log) -> bool {
        let sides = self.sides();
        let b = s.battle.as_ref().expect("battle");
        let marked: Vec<(u8, Bx, u16)> = b.units.iter().filter(|x| x.retreat != NONE).map(|x| (x.u, x.bx, x.retreat)).collect();
        let mut boxes: Vec<Bx> = marked.iter().map(|m| m.1).collect();
        boxes.sort();
        boxes.dedup();
        for t in boxes {
            let group: Vec<u8> = marked.iter().filter(|m| m.1 == t).map(|m| m.0).collect();
            let b = s.battle.as_ref().expect("battle");
            // BL 7.14: engaged or disrupted units are pursued; units leaving the Center or the
            // Reserve also by enemy units able to enfilade (seed L801).
            let hot = b.engaged(t, &sides) || group.iter().any(|&u| b.idx(u).is_some_and(|i| b.units[i].disrupted)) || (!b.fortress && matches!(bpos(t), CENTER | RESERVE));
            if hot {
                self.pursue(s, t, &group, 1, log);
            }
        }
        self.deal(s, After::Retreat, log)
    }

    /// The survivors of the retreat segment leave, disrupted (rule 7.1, 7.13); then the morale
    /// check (rule 7.2) and the combat segment.
    fn after_retreat(&self, s: &mut State, log: &mut Log) {
        let sides = self.sides();
        let b = s.battle.as_ref().expect("battle");
        let marked: Vec<(u8, u16)> = b.units.iter().filter(|x| x.retreat != NONE).map(|x| (x.u, x.retreat)).collect();
        for (u, n) in marked {
            if s.units[u as usize].st != St::Map {
                continue;
            }
            let b = s.battle.as_mut().expect("battle");
            match b.crossed.iter_mut().find(|c| c.0 == n) {
                Some(c) => c.1 += 1,
                None => b.crossed.push((n, 1)),
            }
            self.leave_battle(s, u, n, log);
            log.info(|| format!("BL 7.1: a {} block retreats to {}", sides[u as usize].name(), self.d().hex_name(n)));
        }
        self.settle(s, log);
        if let Some(b) = s.battle.as_mut()
            && b.step == BStep::Retreat {
                b.checked.clear();
                self.morale_then_combat(s, log);
            }
    }

    /// Retreat every unit of `side` (night withdrawal or rout, rule 6.33, 7.15): Lost units
    /// first (rule 7.43); in a rout the disrupted, all Heavy Artillery and engaged invaders are
    /// eliminated (rule 7.15, 10.41). The owner then chooses each unit's retreat hex
    /// (`BStep::Leave`); units that cannot retreat are eliminated.
    fn retreat_all(&self, s: &mut State, side: Side, night: bool, rout: bool, log: &mut Log) {
        let sides = self.sides();
        let b = s.battle.as_ref().expect("battle");
        let lost: Vec<u8> = b.units.iter().filter(|x| sides[x.u as usize] == side && x.env != NOBOX).map(|x| x.u).collect();
        for u in lost {
            self.lost_retreat(s, u, side, log);
        }
        let b = s.battle.as_ref().expect("battle");
        if rout {
            let doomed: Vec<u8> = b
                .units
                .iter()
                .filter(|x| sides[x.u as usize] == side && (x.disrupted || self.kind(x.u as usize) == UnitKind::HeavyArtillery || (b.engaged(x.bx, &sides) && s.invaders.iter().any(|i| i.0 == x.u))))
                .map(|x| x.u)
                .collect();
            for u in doomed {
                self.eliminate(s, u);
                log.info(|| format!("BL 7.15: a disrupted, heavy artillery or engaged invading {} block is eliminated in the rout", side.name()));
            }
        }
        let b = s.battle.as_mut().expect("battle");
        b.step = BStep::Leave { by: side, night, rout };
        self.leave_check(s, log);
    }

    /// Where the units of a side that must leave the battle may go (rule 7.11, 7.12, 10.41).
    fn leave_moves(&self, s: &State, b: &Battle, side: Side, night: bool) -> Vec<Action> {
        let sides = self.sides();
        let side_hexes = self.retreat_hexes(s, b, side);
        let occ = self.occ(s);
        let mut out = Vec::new();
        for x in b.units.iter().filter(|x| sides[x.u as usize] == side) {
            let hexes: Vec<u16> = self.unit_retreat_hexes(s, b, side, x.u, &side_hexes).into_iter().filter(|&n| self.retreat_room(s, b, n, night) > 0).collect();
            for &n in &hexes {
                out.push(Action::Retreat(x.u, n));
            }
            // BL 10.41: a non-engaged invader may retreat by sea to its port, free.
            if let Some(&(_, port)) = s.invaders.iter().find(|i| i.0 == x.u)
                && !b.engaged(x.bx, &sides) && !hexes.contains(&port) && occ[port as usize] & bit(side.other()) == 0 {
                    out.push(Action::Retreat(x.u, port));
                }
        }
        out
    }

    /// When no unit of the leaving side can retreat any more, the rest are eliminated and the
    /// other side holds the field (rule 6.4, 7.15).
    fn leave_check(&self, s: &mut State, log: &mut Log) {
        let sides = self.sides();
        let b = s.battle.as_ref().expect("battle");
        let BStep::Leave { by, night, rout } = b.step else { return };
        if !self.leave_moves(s, b, by, night).is_empty() {
            return;
        }
        let rest: Vec<u8> = b.units.iter().filter(|x| sides[x.u as usize] == by).map(|x| x.u).collect();
        if night && !rout && !rest.is_empty() && s.opts.night_stay {
            // BL 6.33 option `night-withdrawal`: the units that could not leave stay; the battle goes on.
            log.info(|| format!("BL 6.33: {} units that cannot leave stay in the battle", by.name()));
            let b = s.battle.as_mut().expect("battle");
            b.step = if by == b.defender() { BStep::Night(b.attacker) } else { BStep::NightReinforce(b.defender()) };
            b.rein.clear();
            return;
        }
        for u in rest {
            self.eliminate(s, u);
            log.info(|| format!("BL 7.15: a {} block cannot retreat and is eliminated", by.name()));
        }
        self.victory(s, by.other(), log);
    }

    /// A defending block in a battle whose hex was besieged when it began (rule 11.81).
    fn besieged_in_battle(&self, s: &State, u: u8) -> bool {
        s.battle.as_ref().is_some_and(|b| b.besieged && self.side_of(u as usize) == b.defender())
    }

    /// A block leaves the battle and the map (rule 7.15); for good if it was besieged (11.81).
    fn eliminate(&self, s: &mut State, u: u8) {
        let removed = self.besieged_in_battle(s, u);
        if let Some(b) = s.battle.as_mut() {
            b.units.retain(|x| x.u != u);
        }
        let x = &mut s.units[u as usize];
        x.steps = 0;
        x.st = if removed { St::Removed } else { St::Pool };
        x.hex = NONE;
        x.fm = NONE;
    }

    /// BL 7.43: a Lost unit loses a step and retreats without pursuit (eliminated if it cannot).
    fn lost_retreat(&self, s: &mut State, u: u8, side: Side, log: &mut Log) {
        let besieged = self.besieged_in_battle(s, u);
        self.lose_step(s, u as usize, besieged);
        let b = s.battle.as_ref().expect("battle");
        let hexes = self.retreat_hexes(s, b, side);
        let dest = self.unit_retreat_hexes(s, b, side, u, &hexes).into_iter().find(|&n| self.retreat_room(s, b, n, true) > 0);
        let b = s.battle.as_mut().expect("battle");
        b.units.retain(|x| x.u != u);
        if s.units[u as usize].st != St::Map {
            return;
        }
        match dest {
            Some(n) => self.leave_battle(s, u, n, log),
            None => {
                let x = &mut s.units[u as usize];
                x.steps = 0;
                x.st = if besieged { St::Removed } else { St::Pool };
                x.hex = NONE;
                x.fm = NONE;
            }
        }
        log.info(|| format!("BL 7.43: a Lost {} block loses a step and leaves the battle", side.name()));
    }

    /// BL 7.15: a rout: pursuit doubled, then the compulsory retreat of the whole side.
    fn rout(&self, s: &mut State, side: Side, log: &mut Log) {
        let sides = self.sides();
        let b = s.battle.as_ref().expect("battle");
        let mut boxes: Vec<Bx> = b.units.iter().filter(|x| sides[x.u as usize] == side).map(|x| x.bx).collect();
        boxes.sort();
        boxes.dedup();
        for t in boxes {
            let Some(b) = s.battle.as_ref() else { return };
            if !b.engaged(t, &sides) && (b.fortress || !matches!(bpos(t), CENTER | RESERVE)) {
                continue;
            }
            let group = self.group(b, t, side);
            if !group.is_empty() {
                self.pursue(s, t, &group, 2, log);
            }
        }
        if self.deal(s, After::Rout(side), log) {
            self.retreat_all(s, side, false, true, log);
        }
    }

    pub(crate) fn battle_invariants(&self, s: &State) -> Result<(), String> {
        if s.phase != Phase::Battle {
            if s.battle.is_some() || !s.battles.is_empty() {
                return Err("a battle outside the Combat Phase".into());
            }
            return Ok(());
        }
        if s.battle.is_none() && s.battles.is_empty() {
            return Err("battle phase without a battle".into());
        }
        let mut seen: Vec<u16> = Vec::new();
        for b in s.battle.iter().chain(s.battles.iter()) {
            if seen.contains(&b.hex) {
                return Err(format!("two battles in {}", self.d().hex_name(b.hex)));
            }
            seen.push(b.hex);
            if !matches!(b.step, BStep::Casualty(_)) && (!b.casualties.is_empty() || b.resume.is_some()) {
                return Err(format!("hits left untaken in {}", self.d().hex_name(b.hex)));
            }
            for x in &b.units {
                let u = &s.units[x.u as usize];
                if u.st != St::Map || u.hex != b.hex {
                    return Err(format!("{} is on the battle board but not in the battle hex", self.d().units[x.u as usize].id));
                }
            }
            // BL 6.1: every block in a battle hex is in that battle (once the battle is set).
            for (i, u) in s.units.iter().enumerate() {
                if u.st == St::Map && u.hex == b.hex && b.units.iter().filter(|x| x.u as usize == i).count() != 1 {
                    return Err(format!("{} stands in the battle hex {} but is not in the battle once", self.d().units[i].id, self.d().hex_name(b.hex)));
                }
            }
        }
        Ok(())
    }
}
