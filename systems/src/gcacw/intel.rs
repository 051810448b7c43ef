//! Limited Intelligence, the optional rule of GCACW 12.0 ("Inteligencia limitada", a part of
//! section 12 in the Spanish rules): secret force markers and decoys, where they may be placed, and when they are
//! revealed. Hidden units stay in their hex and play normally (GCACW 6.4); only what
//! a seat is shown (`hidden_from`) changes.

use super::Gcacw;
use super::data::{Kind, NO_HEX, Terrain};
use super::rules::{ZOC_NORMAL, side_crossable};
use super::state::{Action, ForceM, Frame, State};
use bivouac_engine::log::{Event, EventKind, Log, Visibility};

/// At most ten force markers per player in play at once (GCACW 12.0).
pub const MAX_MARKERS: usize = 10;

impl Gcacw {
    /// The complete legal list: the rules' actions plus the force-marker actions.
    pub(super) fn legal_all(&self, st: &State) -> Vec<Action> {
        let mut v = self.legal(st);
        self.li_legal(st, &mut v);
        v
    }

    /// Movement is possible between the adjacent hexes `a` and `b`: impassable terrain (a river
    /// without crossing, water, a mountain or swamp hexside without route) prevents it (GCACW 12.0).
    fn li_passable(&self, st: &State, a: u16, b: u16) -> bool {
        let m = &self.sc(st).map;
        side_crossable(m, a, b, st, false) && side_crossable(m, b, a, st, false)
    }

    /// One leg of a 2-hex path blocks sight: impassable terrain, or a woods hexside that no pike,
    /// road, trail or railroad crosses (GCACW 12.0).
    fn li_leg_blocked(&self, st: &State, a: u16, b: u16) -> bool {
        let m = &self.sc(st).map;
        if !self.li_passable(st, a, b) {
            return true;
        }
        let woods = m.terrain(a) == Terrain::Woods || m.terrain(b) == Terrain::Woods;
        woods && !m.side(a, b).is_some_and(|s| s.any_route())
    }

    /// GCACW 12.0: the marker hex `mk` (of `side`) is screened from the enemy cavalry in `cav`, two
    /// hexes away, by impassable terrain, a woods hexside without route, or a unit of `side` in
    /// the hex between. Option: any path blocked (ES) or every path blocked.
    pub(super) fn li_screened(&self, st: &State, side: u8, mk: u16, cav: u16) -> bool {
        let m = &self.sc(st).map;
        let mut any = false;
        let mut all = true;
        for x in m.neighbors(mk).filter(|&x| m.neighbors(cav).any(|y| y == x)) {
            let blocked = self.li_leg_blocked(st, mk, x) || self.li_leg_blocked(st, x, cav) || self.side_units_at(st, x, side) != 0;
            any |= blocked;
            all &= blocked;
        }
        if st.opts.intel_screen_all { all } else { any }
    }

    /// Units of `side` hidden under one of its force markers.
    pub(super) fn li_hidden_units(&self, st: &State, side: u8) -> u64 {
        st.forces.iter().filter(|f| f.side == side).fold(0, |m, f| m | f.units)
    }

    /// Units whose identity `seat` may not see: enemy units under force markers (GCACW 12.0: the
    /// force display is secret). An observer (no seat) sees no marker's contents.
    pub(super) fn hidden_from(&self, st: &State, seat: Option<u8>) -> u64 {
        if st.forces.is_empty() {
            return 0;
        }
        st.forces.iter().filter(|f| Some(f.side) != seat).fold(0, |m, f| m | f.units)
    }

    /// Enemy cavalry on the map within `hex`'s 2-hex radius that is not under a force marker:
    /// only such cavalry reveals or bars placement (GCACW 12.0 note).
    fn li_cavalry_sees(&self, st: &State, side: u8, hex: u16) -> bool {
        let sc = self.sc(st);
        let m = &sc.map;
        let hidden = self.li_hidden_units(st, 1 - side);
        st.units.iter().enumerate().any(|(i, u)| {
            sc.units[i].side != side
                && sc.units[i].kind == Kind::Cav
                && u.on_map()
                && hidden & (1 << i) == 0
                && m.dist(hex, u.hex) == 2
                && !self.li_screened(st, side, hex, u.hex)
        })
    }

    /// An enemy real unit (hidden or not) is next to `hex` with movement possible between.
    fn li_enemy_adjacent(&self, st: &State, side: u8, hex: u16) -> bool {
        let m = &self.sc(st).map;
        m.neighbors(hex).any(|n| self.side_units_at(st, n, 1 - side) != 0 && self.li_passable(st, hex, n))
    }

    /// GCACW 12.0 placement restrictions: not next to an enemy unit (unless impassable terrain
    /// lies between), not within 2 hexes of enemy cavalry (unless screened).
    pub(super) fn li_may_place(&self, st: &State, side: u8, hex: u16) -> bool {
        !self.li_enemy_adjacent(st, side, hex) && !self.li_cavalry_sees(st, side, hex)
    }

    /// GCACW 12.0 exception: the hex where a unit of `side` under a force marker is about to
    /// start its march (nothing moved yet), else NO_HEX.
    fn li_march_start_hex(&self, st: &State, side: u8) -> u16 {
        if !matches!(st.flow.top(), Some(Frame::March)) {
            return NO_HEX;
        }
        match &st.march {
            Some(mc) if !mc.moved && !mc.attacked && self.sc(st).units[mc.unit as usize].side == side => {
                let hidden = st.forces.iter().any(|f| f.side == side && f.hex == mc.start && f.units & (1 << mc.unit) != 0);
                if hidden { mc.start } else { NO_HEX }
            }
            _ => NO_HEX,
        }
    }

    /// GCACW 12.0: every unit and leader name of the scenario, longest first, each with what
    /// seat `seat` reads instead when it is hidden from it, given the force markers (and leader
    /// attachments) before and after one action: a unit under an enemy marker at either moment
    /// reads as "a hidden unit", a leader with one as "a hidden leader". The marker is not named:
    /// the force display is secret, so which marker holds a unit shows only as the marker moves
    /// on the map.
    fn li_masks(&self, st: &State, seat: u8, before: &[ForceM], leaders_before: &[u8]) -> Vec<(String, Option<String>)> {
        let sc = self.sc(st);
        let marker_of = |u: usize| before.iter().chain(&st.forces).any(|f| f.side != seat && f.units & (1 << u) != 0);
        let mut out: Vec<(String, Option<String>)> = sc.units.iter().enumerate().map(|(u, d)| (d.name.clone(), marker_of(u).then(|| HIDDEN_UNIT.to_string()))).collect();
        for (l, ld) in sc.leaders.iter().enumerate() {
            let with = |u: u8| (u as usize) < sc.units.len() && marker_of(u as usize);
            let hidden = with(st.leaders[l].unit) || leaders_before.get(l).is_some_and(|&u| with(u));
            out.push((ld.name.clone(), hidden.then(|| HIDDEN_LEADER.to_string())));
        }
        out.sort_by_key(|(n, _)| std::cmp::Reverse(n.len()));
        out
    }

    /// GCACW 12.0: rewrite the events one action logged (from index `from`) so that no seat reads
    /// the name of a unit, or of a leader with it, hidden from it under a force marker. A public
    /// line that would name one becomes one line per seat, each masked for that seat ("a hidden
    /// unit" stands for the unit); an observer reads neither. Reveals are exempt: they
    /// are what makes the units known.
    pub(super) fn li_mask_log(&self, st: &State, before: &[ForceM], leaders_before: &[u8], log: &mut Log, from: usize) {
        if log.events.len() <= from || (before.is_empty() && st.forces.is_empty()) {
            return;
        }
        let masks = [self.li_masks(st, 0, before, leaders_before), self.li_masks(st, 1, before, leaders_before)];
        let events = log.events.split_off(from);
        for e in events {
            let seats: Vec<u8> = match e.visibility {
                _ if e.kind == EventKind::Reveal => vec![],
                Visibility::Public => vec![0, 1],
                Visibility::Seat(s) => vec![s],
                Visibility::Others(s) => vec![1 - s],
            };
            let texts: Vec<(u8, String)> = seats.iter().map(|&s| (s, mask_names(&e.text, &masks[s as usize]))).collect();
            if texts.iter().all(|(_, t)| *t == e.text) {
                log.events.push(e);
                continue;
            }
            for (s, text) in texts {
                log.events.push(Event { kind: e.kind, visibility: Visibility::Seat(s), text });
            }
        }
    }

    /// The side that may use force-marker actions now: the owner of the decision on top.
    fn li_side(&self, st: &State) -> Option<u8> {
        match st.flow.top() {
            Some(f) if !matches!(f, Frame::Cont(_)) => Some(Self::frame_owner(st, f)),
            _ => None,
        }
    }

    /// The Limited Intelligence actions open now (appended to the rules' legal list).
    pub(super) fn li_legal(&self, st: &State, out: &mut Vec<Action>) {
        if !st.opts.limited_intel {
            return;
        }
        let Some(side) = self.li_side(st) else { return };
        let sc = self.sc(st);
        // GCACW 12.0: markers are placed, and units divided among them, while holding the initiative.
        if let Some(Frame::Initiative { .. }) = st.flow.top() {
            let own = st.forces.iter().filter(|f| f.side == side).count();
            if own < MAX_MARKERS {
                let mut hexes: Vec<u16> = Vec::new();
                for (i, u) in st.units.iter().enumerate() {
                    if sc.units[i].side == side && u.on_map() && !hexes.contains(&u.hex) {
                        hexes.push(u.hex);
                    }
                }
                hexes.sort_unstable();
                for h in hexes {
                    if self.li_may_place(st, side, h) {
                        out.push(Action::Marker { hex: self.lab(st, h) });
                    }
                }
            }
            for f in st.forces.iter().filter(|f| f.side == side) {
                for (i, u) in st.units.iter().enumerate() {
                    if sc.units[i].side == side && u.on_map() && u.hex == f.hex && f.units & (1 << i) == 0 {
                        out.push(Action::Hide { num: f.num, unit: self.uname(st, i) });
                    }
                }
            }
        }
        // GCACW 12.0: a decoy moves as infantry or cavalry; normally this takes the initiative's
        // action. Exception: decoys starting in the hex of a real marker whose unit begins its
        // march move with it, without an action of their own.
        let along = self.li_march_start_hex(st, side);
        if matches!(st.flow.top(), Some(Frame::Initiative { .. })) || along != NO_HEX {
            for f in st.forces.iter().filter(|f| f.side == side && !f.real && (along == NO_HEX || f.hex == along)) {
                // As infantry or cavalry, alone or with a leader (a cavalry leader of a division or
                // of a corps), at the owner's choice.
                for (cav, lead) in [(false, 0), (true, 0), (false, 1), (true, 1), (true, 2)] {
                    out.push(Action::Feint { num: f.num, cav, lead });
                }
            }
        }
        // GCACW 12.0, 5.2: a decoy moving with a leader pretends the picks of an activation (as
        // many as the side has hidden units, which the enemy may count), then each pretended
        // unit marches in turn.
        if let Some(&Frame::DecoyLead { picks, lma, .. }) = st.flow.top() {
            match lma {
                None => {
                    if (picks as u32) < self.li_hidden_units(st, side).count_ones().max(1) {
                        out.push(Action::DecoyPick);
                    }
                    if picks > 0 {
                        out.push(Action::Go);
                    }
                }
                Some(_) if picks > 0 => out.push(Action::DecoyNext),
                Some(_) => {}
            }
        }
        if let Some(&Frame::Decoy { num, .. }) = st.flow.top() {
            if let Some(f) = st.forces.iter().find(|f| f.side == side && f.num == num) {
                for n in sc.map.neighbors(f.hex) {
                    if self.li_decoy_step(st, f.hex, n).is_some() {
                        out.push(Action::Move { hex: self.lab(st, n) });
                    }
                }
            }
            out.push(Action::End);
        }
        // GCACW 12.0: a player may remove his own force markers at any time.
        for f in st.forces.iter().filter(|f| f.side == side) {
            out.push(Action::Unmark { num: f.num });
        }
    }

    /// The moving decoy's next hex `to` from `from`, as a unit's march would take it (GCACW 12.0:
    /// hidden forces follow the normal rules): (cost in half MP, march over). Its terrain cost
    /// (GCACW 6.2, the friendly-hex cost as infantry); it leaves an enemy normal ZOC only as the
    /// first thing of a move begun there, for +1 MP, and ZOC to ZOC takes the whole allowance;
    /// entering an enemy normal ZOC ends its move, since a decoy cannot attack (GCACW 6.2, 7.7);
    /// the first hex may always be entered (minimum move, GCACW 6.2).
    pub(super) fn li_decoy_step(&self, st: &State, from: u16, to: u16) -> Option<(u8, bool)> {
        let Some(&Frame::Decoy { side, cav, ma, moved, stopped, zoc_start, .. }) = st.flow.top() else { return None };
        if stopped || (ma == 0 && moved) {
            return None;
        }
        let in_zoc = self.enemy_zoc(st, side, from) == ZOC_NORMAL;
        if in_zoc && (moved || !zoc_start) {
            return None;
        }
        let base = self.move_cost(st, side, cav, 0, from, to)?.saturating_add(self.hooked_move_cost(st, side, None, cav, from, to)?);
        let to_zoc = self.enemy_zoc(st, side, to) == ZOC_NORMAL;
        if in_zoc && to_zoc {
            return Some((ma, true));
        }
        let cost = base + if in_zoc { 2 } else { 0 };
        (cost <= ma || !moved).then_some((cost, to_zoc))
    }

    /// Decoy `num` of `side` sets out with `mp` MP, read by the enemy as a hidden unit's march
    /// (GCACW 12.0).
    fn decoy_march(&self, st: &mut State, side: u8, num: u8, cav: bool, mp: u8, log: &mut Log) {
        let sc = self.sc(st);
        let hex = st.forces.iter().find(|f| f.side == side && f.num == num).expect("legal decoy").hex;
        tell(log, side, true, || format!("decoy {num} marches from {} with {mp} MP", sc.map.label(hex)), || hidden_march_start(mp));
        let zoc_start = self.enemy_zoc(st, side, hex) == ZOC_NORMAL;
        st.flow.push(Frame::Decoy { side, num, cav, ma: 2 * mp, moved: false, stopped: false, zoc_start });
    }

    /// Perform a Limited Intelligence action (already checked legal). Returns false for others.
    pub(super) fn li_perform(&self, st: &mut State, a: &Action, log: &mut Log) -> bool {
        let Some(side) = self.li_side(st) else { return false };
        let sc = self.sc(st);
        match a {
            Action::Marker { hex } => {
                let h = self.hex_of(st, *hex).expect("legal hex");
                let num = (1..=MAX_MARKERS as u8).find(|n| !st.forces.iter().any(|f| f.side == side && f.num == *n)).expect("room");
                st.forces.push(ForceM { side, num, hex: h, units: 0, real: false });
                log.info(|| format!("force marker {num} placed in {} (GCACW 12.0)", sc.map.label(h)));
            }
            Action::Hide { num, unit } => {
                let u = self.unit_of(st, *unit).expect("legal unit");
                // GCACW 12.0: the hex's units are divided among its markers at will, on a display
                // the enemy never sees; a marker left with no unit stays on the map, a decoy.
                for f in st.forces.iter_mut().filter(|f| f.side == side && f.units & (1u64 << u) != 0) {
                    f.units &= !(1u64 << u);
                    f.real = f.units != 0;
                }
                let f = st.forces.iter_mut().find(|f| f.side == side && f.num == *num).expect("legal marker");
                f.units |= 1 << u;
                f.real = true;
                // Only the owner reads the unit and the marker: the enemy, who sees neither the
                // force display nor which marker took a unit, reads that one did.
                log.push(EventKind::Info, Visibility::Seat(side), || format!("{} goes under force marker {num} (GCACW 12.0)", sc.units[u].name));
                log.push(EventKind::Info, Visibility::Others(side), || "a unit goes under a force marker (GCACW 12.0)".into());
            }
            Action::Feint { num, cav, lead } => {
                if let Some(&Frame::Initiative { by_pass, .. }) = st.flow.top() {
                    // GCACW 4.2 / 7.7: moving a decoy is the action taken with the initiative.
                    st.flow.pop();
                    st.active = side;
                    st.init_free = by_pass || st.dice == [0, 0];
                    st.flow.push(Frame::Cont(super::state::Cont::ActionDone));
                }
                // Otherwise it moves along with a real marker's march and then that march goes on.
                if *lead == 0 {
                    // GCACW 12.0: the movement dice are rolled openly, as for the unit it
                    // pretends to be (GCACW 5.1).
                    let (dice, add, min) = self.ma_dice(st, side, *cav);
                    let (sum, mp) = roll_allowance(st, dice, add, min);
                    let roll = format!("{HIDDEN_UNIT} movement allowance: {dice}d6 = {sum} -> {mp} MP (GCACW 5.1)");
                    decoy_event(log, EventKind::Roll, side, *num, roll);
                    self.decoy_march(st, side, *num, *cav, mp, log);
                } else {
                    // With a leader it goes through a hidden leader's activation step by step
                    // (picks, go, the leader's allowance, each unit in turn): a decoy that
                    // skipped them would show itself by what it skipped (GCACW 12.0, 5.2).
                    decoy_event(log, EventKind::Info, side, *num, format!("{HIDDEN_LEADER} leader activation (GCACW 5.2)"));
                    st.flow.push(Frame::DecoyLead { side, num: *num, cav: *cav, lead: *lead, picks: 0, lma: None });
                }
            }
            Action::DecoyPick => {
                if let Some(Frame::DecoyLead { picks, .. }) = st.flow.top_mut() {
                    *picks += 1;
                }
            }
            Action::Go if matches!(st.flow.top(), Some(Frame::DecoyLead { lma: None, .. })) => {
                let Some(Frame::DecoyLead { num, cav, lead, .. }) = st.flow.top().cloned() else { unreachable!() };
                // GCACW 12.0: the leader's allowance is rolled openly, as a hidden leader's is
                // (GCACW 5.2 step 3).
                let (dice, add, min) = self.leader_ma_dice(st, side, cav, lead == 2);
                let (sum, mp) = roll_allowance(st, dice, add, min);
                let roll = format!("{HIDDEN_LEADER} leader movement allowance: {dice}d6 = {sum} -> {mp} MP (GCACW 5.2)");
                decoy_event(log, EventKind::Roll, side, num, roll);
                if let Some(Frame::DecoyLead { lma, .. }) = st.flow.top_mut() {
                    *lma = Some(mp);
                }
            }
            Action::DecoyNext => {
                let Some(Frame::DecoyLead { num, cav, lma: Some(mp), .. }) = st.flow.top().cloned() else { unreachable!("legal") };
                if let Some(Frame::DecoyLead { picks, .. }) = st.flow.top_mut() {
                    *picks -= 1;
                }
                self.decoy_march(st, side, num, cav, mp, log);
            }
            Action::Move { hex } if matches!(st.flow.top(), Some(Frame::Decoy { .. })) => {
                let to = self.hex_of(st, *hex).expect("legal hex");
                let Some(Frame::Decoy { num, .. }) = st.flow.top().cloned() else { unreachable!() };
                let f = st.forces.iter().position(|f| f.side == side && f.num == num).expect("legal decoy");
                let (cost, stop) = self.li_decoy_step(st, st.forces[f].hex, to).expect("legal move");
                st.forces[f].hex = to;
                if let Some(Frame::Decoy { ma, moved, stopped, .. }) = st.flow.top_mut() {
                    *ma = ma.saturating_sub(cost);
                    *moved = true;
                    *stopped = stop;
                }
                tell(log, side, true, || format!("decoy {num} moves to {} ({} MP)", sc.map.label(to), cost as f32 / 2.0), || hidden_move(sc.map.label(to)));
            }
            Action::End if matches!(st.flow.top(), Some(Frame::Decoy { .. })) => {
                st.flow.pop();
            }
            Action::Unmark { num } => {
                st.forces.retain(|f| !(f.side == side && f.num == *num));
                log.info(|| format!("force marker {num} removed voluntarily (GCACW 12.0)"));
            }
            _ => return false,
        }
        true
    }

    /// After every decision: markers follow their units, drop eliminated ones, and reveal
    /// (GCACW 12.0). A marker whose units all marched away together moves with them; a unit that
    /// leaves its marker's hex while others stay behind leaves the force (GCACW 6.4).
    pub(super) fn li_sync(&self, st: &mut State, log: &mut Log) {
        if st.forces.is_empty() {
            end_lost_decoy(st);
            return;
        }
        let mut forces = std::mem::take(&mut st.forces);
        for f in forces.iter_mut() {
            let mut alive = 0u64;
            let mut away = 0u64;
            let mut away_hex = NO_HEX;
            let mut split = false;
            for (i, u) in st.units.iter().enumerate() {
                if f.units & (1 << i) == 0 || !u.on_map() {
                    continue;
                }
                alive |= 1 << i;
                if u.hex != f.hex {
                    away |= 1 << i;
                    if away_hex != NO_HEX && away_hex != u.hex {
                        split = true;
                    }
                    away_hex = u.hex;
                }
            }
            f.units = alive;
            if away != 0 {
                if away == alive && !split {
                    f.hex = away_hex;
                } else {
                    f.units &= !away;
                }
            }
        }
        // GCACW 12.0: a marker is removed only when revealed or by its owner; one whose units
        // have all left it stays on the map as a decoy, since the enemy cannot know it is empty.
        for f in forces.iter_mut() {
            f.real = f.units != 0;
        }
        st.forces = forces;
        self.li_reveal(st, log);
        end_lost_decoy(st);
    }

    /// Reveal every marker the enemy now sees (GCACW 12.0).
    fn li_reveal(&self, st: &mut State, log: &mut Log) {
        let sc = self.sc(st);
        // Reveal until nothing changes: a revealed cavalry unit is then on the map (two
        // adjacent markers with real units reveal each other).
        loop {
            let mut gone: Vec<(u8, u8)> = Vec::new();
            for f in &st.forces {
                let seen = self.li_enemy_adjacent(st, f.side, f.hex) || self.li_cavalry_sees(st, f.side, f.hex);
                if seen {
                    gone.push((f.side, f.num));
                }
            }
            if gone.is_empty() {
                break;
            }
            for &(side, num) in &gone {
                let f = *st.forces.iter().find(|f| f.side == side && f.num == num).expect("marker");
                let what = if f.units == 0 {
                    "a decoy, removed".to_string()
                } else {
                    let ids: Vec<&str> = (0..st.units.len()).filter(|i| f.units & (1 << i) != 0).map(|i| sc.units[i].id.as_str()).collect();
                    ids.join(", ")
                };
                log.reveal(|| format!("force marker {num} in {} revealed: {what} (GCACW 12.0)", sc.map.label(f.hex)));
            }
            st.forces.retain(|f| !gone.contains(&(f.side, f.num)));
        }
    }
}

/// A line about a unit of `side`: `own` to everyone when the unit is not `hidden`; when it is
/// (or for a decoy), `own` to its side and `enemy` to the other, an observer reading neither
/// (GCACW 12.0: the force display is secret).
pub(super) fn tell(log: &mut Log, side: u8, hidden: bool, own: impl FnOnce() -> String, enemy: impl FnOnce() -> String) {
    if hidden {
        log.push(EventKind::Info, Visibility::Seat(side), own);
        log.push(EventKind::Info, Visibility::Seat(1 - side), enemy);
    } else {
        log.info(own);
    }
}

/// A decoy revealed (or taken off) while it moves ends its move, and its pretended activation.
fn end_lost_decoy(st: &mut State) {
    while let Some(&(Frame::Decoy { side, num, .. } | Frame::DecoyLead { side, num, .. })) = st.flow.top()
        && !st.forces.iter().any(|f| f.side == side && f.num == num)
    {
        st.flow.pop();
    }
}

/// A movement allowance roll of `dice` d6 plus `add`, at least `min`: (the dice's sum, the MP).
fn roll_allowance(st: &mut State, dice: i32, add: i32, min: i32) -> (i32, u8) {
    let sum: i32 = (0..dice).map(|_| st.d6() as i32).sum();
    (sum, (sum + add).max(min).max(0) as u8)
}

/// What the enemy reads for a hidden unit's name in the log (GCACW 12.0).
pub(super) const HIDDEN_UNIT: &str = "a hidden unit";
/// What the enemy reads for the name of a leader with a hidden unit (GCACW 12.0).
pub(super) const HIDDEN_LEADER: &str = "a hidden leader";

/// The line the enemy reads when a hidden unit (or a decoy) sets out with `mp` MP: no hex,
/// since which marker sets out shows only when it moves (GCACW 12.0).
pub(super) fn hidden_march_start(mp: u8) -> String {
    format!("{HIDDEN_UNIT} marches with {mp} MP")
}

/// The line the enemy reads when a hidden unit (or a decoy) moves into the hex labelled `to`:
/// not what it cost, which would tell the hex it came from (GCACW 12.0).
pub(super) fn hidden_move(to: &str) -> String {
    format!("{HIDDEN_UNIT} moves to {to}")
}

/// A line about decoy `num` of `side`, told as a hidden unit's march is (`li_mask_log`): the
/// enemy reads `text`, the owner reads it marked as its decoy, an observer reads nothing.
fn decoy_event(log: &mut Log, kind: EventKind, side: u8, num: u8, text: String) {
    log.push(kind, Visibility::Seat(side), || format!("{text} [decoy {num}]"));
    log.push(kind, Visibility::Seat(1 - side), || text);
}

/// `text` with every name of `names` that has a stand-in replaced by it. The text is scanned
/// once, always taking the longest name that starts at a word boundary, so a name inside a
/// longer one (`Hill` in `A.P. Hill`, a leader's name in his division's) is never replaced.
pub(super) fn mask_names(text: &str, names: &[(String, Option<String>)]) -> String {
    let boundary = |c: Option<char>| !c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let hit = if boundary(text[..i].chars().next_back()) {
            names.iter().find(|(n, _)| rest.starts_with(n.as_str()) && boundary(rest[n.len()..].chars().next()))
        } else {
            None
        };
        match hit {
            Some((n, with)) => {
                out.push_str(with.as_deref().unwrap_or(n));
                i += n.len();
            }
            None => {
                let c = rest.chars().next().expect("not at the end");
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}
