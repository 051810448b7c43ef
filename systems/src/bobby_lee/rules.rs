//! The rules: the month (replacements, initiative, Campaign Turns, month end), command,
//! movement, strategic moves, supply, sieges and victory. Rule numbers are the Spanish 2.0
//! rulebook's (`BL x.y`).

use super::data::{Data, HqRole, PlaceKind, Side, SideKind, Terrain, UnitKind, NONE};
use super::state::{Action, Opts, Phase, St, State, Unit};
use super::BobbyLee;
use super::sequence::Auto;
use bivouac_engine::flow::drive;
use bivouac_engine::log::{EventKind, Log, Refusal, Visibility};
use bivouac_engine::refuse;
use bivouac_engine::GameRng;

/// Occupancy bits per hex: 1 = USA unit, 2 = CSA unit.
pub type Occ = Vec<u8>;

pub fn bit(side: Side) -> u8 {
    1 << side.idx()
}

impl BobbyLee {
    pub(crate) fn d(&self) -> &Data {
        &self.data
    }

    // ------------------------------------------------------------------ setup

    pub(crate) fn new_state(&self, scenario: usize, campaign: bool, opts: Opts, seed: u64) -> Result<State, Refusal> {
        let d = self.d();
        let sc = &d.scenarios[scenario];
        let mut units = vec![Unit::pool(); d.units.len()];
        for dep in &sc.deploy {
            for &(u, steps) in &dep.units {
                let x = &mut units[u as usize];
                x.st = St::Map;
                x.hex = dep.hex;
                x.from = dep.hex;
                x.steps = steps;
            }
        }
        let mut s = State {
            rng: GameRng::new(seed),
            forced: Vec::new(),
            scenario: scenario as u8,
            campaign,
            opts,
            year: sc.year,
            month: sc.start_month,
            first_month: true,
            mud: false,
            weather_fixed: false,
            vp: d.vp_start.get(&sc.year).copied().unwrap_or(0),
            units,
            control: d.hexes.iter().map(|h| h.home).collect(),
            phase: Phase::Bids,
            active: Side::Csa,
            passes: 0,
            must_activate: None,
            bids: [None, None],
            done: [false, false],
            rp: [0, 0],
            draft_cadres: [0, 0],
            drafted_this_turn: [false, false],
            drafts: [0, 0],
            draft_year: sc.year,
            emancipation_used: false,
            major_win_this_month: false,
            major_win_last_month: false,
            hqs: Vec::new(),
            sm: 0,
            attacks: Vec::new(),
            hq_supply: Vec::new(),
            alexandria_months: 0,
            military_rr: false,
            due: None,
            battle: None,
            battles: Vec::new(),
            won: Vec::new(),
            recovered: 0,
            disrupted: Vec::new(),
            invaders: Vec::new(),
            demand: None,
            demanded: Vec::new(),
            attrition_picks: Vec::new(),
            turns: 0,
            winner: None,
            end_reason: String::new(),
        };
        // Initial control follows the set-up, without VP (the track's start space covers it).
        let occ = self.occ(&s);
        for (h, o) in occ.iter().enumerate() {
            match o {
                1 => s.control[h] = Side::Usa,
                2 => s.control[h] = Side::Csa,
                _ => {}
            }
        }
        if let Some(a) = self.alexandria
            && s.control[a as usize] == Side::Usa {
                s.alexandria_months = 0;
            }
        self.update_military_rr(&mut s);
        self.run_from(&mut s, Auto::MonthStart, &mut Log::quiet())?;
        if s.opts.free_deploy {
            // BL 3.2.3: the free set-up step comes before the first month's initiative.
            s.phase = Phase::Deploy;
            s.done = [false, false];
        }
        Ok(s)
    }

    // ------------------------------------------------------------------ helpers

    pub(crate) fn die(&self, s: &mut State) -> u8 {
        if !s.forced.is_empty() {
            return s.forced.remove(0);
        }
        s.rng.roll(6) as u8
    }

    pub(crate) fn occ(&self, s: &State) -> Occ {
        let mut o = vec![0u8; self.d().hexes.len()];
        for (i, u) in s.units.iter().enumerate() {
            if u.st == St::Map {
                o[u.hex as usize] |= bit(self.d().units[i].side);
            }
        }
        o
    }

    pub(crate) fn side_of(&self, u: usize) -> Side {
        self.d().units[u].side
    }

    pub(crate) fn kind(&self, u: usize) -> UnitKind {
        self.d().ty(u).kind
    }

    /// Current speed (rule 2.3.1): the Dry or Mud column of the Unit Data chart.
    pub(crate) fn speed(&self, s: &State, u: usize) -> u8 {
        self.d().ty(u).speed[self.side_of(u).idx()][s.mud as usize]
    }

    /// Command Range of a Field HQ (rule 5.12), with Lee's and Grant's dated ranges.
    pub(crate) fn range_of(&self, s: &State, hq: usize) -> u8 {
        let d = self.d();
        let mut r = d.command_range[self.side_of(hq).idx()];
        for &(u, y, m, range) in &d.range_overrides {
            if u as usize == hq && (s.year, s.month) >= (y, m) {
                r = range;
            }
        }
        r
    }

    /// A hexside that blocks command range, supply tracing and adjacency (rule 1.21): major
    /// river without crossing, mountain, and a gap whose seasonal value is 0 (Mud).
    pub(crate) fn blocks_tracing(&self, s: &State, k: SideKind) -> bool {
        matches!(k, SideKind::MajorRiver | SideKind::NavigableRiver | SideKind::Mountain) || (k == SideKind::Gap && s.mud)
    }

    pub(crate) fn land(&self, h: u16) -> bool {
        !matches!(self.d().hexes[h as usize].terrain, Terrain::Sea | Terrain::Mountain)
    }

    /// Hexes within an HQ's Command Range (rule 5.12): not traced across blocking hexsides nor
    /// through enemy-occupied hexes (such a hex is reached, not passed).
    pub(crate) fn command_hexes(&self, s: &State, hq: usize, occ: &Occ) -> Vec<bool> {
        let d = self.d();
        let side = self.side_of(hq);
        let mut seen = vec![false; d.hexes.len()];
        let start = s.units[hq].hex;
        seen[start as usize] = true;
        let mut frontier = vec![start];
        for _ in 0..self.range_of(s, hq) {
            let mut next = Vec::new();
            for &h in &frontier {
                if h != start && occ[h as usize] & bit(side.other()) != 0 {
                    continue;
                }
                let hx = &d.hexes[h as usize];
                for dir in 0..6 {
                    let n = hx.nbr[dir];
                    if n == NONE || seen[n as usize] || !self.land(n) || self.blocks_tracing(s, hx.side[dir]) {
                        continue;
                    }
                    seen[n as usize] = true;
                    next.push(n);
                }
            }
            frontier = next;
        }
        seen
    }

    /// May a unit step from `a` into the adjacent `b` at all (rule 1.26-1.28)?
    pub(crate) fn enterable(&self, a: u16, dir: usize) -> Option<u16> {
        let hx = &self.d().hexes[a as usize];
        let b = hx.nbr[dir];
        if b == NONE || !self.land(b) {
            return None;
        }
        match hx.side[dir] {
            SideKind::MajorRiver | SideKind::NavigableRiver | SideKind::Mountain => None,
            _ => Some(b),
        }
    }

    /// Every hex a unit may move to this turn by a normal move (rule 5.3): (hex, hexes used,
    /// must stop there). Enemy-occupied hexes are attacks (rule 5.31); they are offered only
    /// while the battle rules are in (`self.attacks`).
    pub(crate) fn dests(&self, s: &State, u: usize, occ: &Occ) -> Vec<(u16, u8, bool)> {
        self.dests_from(s, u, occ, &self.started_hexes(s, self.side_of(u)))
    }

    /// BL 1.24: the hexes where a unit of `side` stood at the start of this Campaign Turn.
    fn started_hexes(&self, s: &State, side: Side) -> Vec<bool> {
        let mut started = vec![false; self.d().hexes.len()];
        for (i, x) in s.units.iter().enumerate() {
            if x.st == St::Map && x.from != NONE && self.side_of(i) == side {
                started[x.from as usize] = true;
            }
        }
        started
    }

    /// `dests`, given the `started_hexes` of the unit's side.
    fn dests_from(&self, s: &State, u: usize, occ: &Occ, started: &[bool]) -> Vec<(u16, u8, bool)> {
        let d = self.d();
        let side = self.side_of(u);
        let start = s.units[u].hex;
        let speed = self.speed(s, u);
        let mut best: Vec<(u8, bool)> = vec![(u8::MAX, false); d.hexes.len()];
        let mut out: Vec<(u16, u8, bool)> = Vec::new();
        let (mut frontier, mut next) = (Vec::new(), Vec::new());
        let mut run = |speed: u8, pike_only: bool, best: &mut Vec<(u8, bool)>| {
            best[start as usize] = (0, true);
            frontier.clear();
            frontier.push(start);
            for step in 1..=speed {
                next.clear();
                for &h in &frontier {
                    if !best[h as usize].1 {
                        continue;
                    }
                    for dir in 0..6 {
                        if pike_only && d.hexes[h as usize].pike & (1 << dir) == 0 {
                            continue;
                        }
                        let Some(n) = self.enterable(h, dir) else { continue };
                        let kind = d.hexes[h as usize].side[dir];
                        let enemy = occ[n as usize] & bit(side.other()) != 0;
                        if enemy {
                            // BL 5.31: entering an enemy hex is an attack (battles not yet in).
                            if !self.attacks || self.attack_room(s, h, n, kind, pike_only) == 0 {
                                continue;
                            }
                        }
                        // BL 1.24: stop on entering an empty forest hex; BL 1.25: stop after a marsh.
                        let stop = enemy
                            || kind == SideKind::Marsh
                            || (d.hexes[n as usize].terrain == Terrain::Forest && !started[n as usize]);
                        let cur = best[n as usize];
                        if step < cur.0 || (step == cur.0 && !stop && !cur.1) {
                            if cur.0 == u8::MAX {
                                next.push(n);
                            }
                            best[n as usize] = (step, !stop);
                        }
                    }
                }
                std::mem::swap(&mut frontier, &mut next);
            }
        };
        run(speed, false, &mut best);
        // BL 1.6: start, move and end on the Valley Turnpike: +1 speed.
        if d.hexes[start as usize].pike_hex() {
            let base = if s.opts.pike_current_speed { speed } else { d.ty(u).speed[side.idx()][0] };
            let mut pbest = vec![(u8::MAX, false); d.hexes.len()];
            run(base + 1, true, &mut pbest);
            for (h, p) in pbest.iter().enumerate() {
                if p.0 != u8::MAX && p.0 > 0 && best[h].0 == u8::MAX {
                    best[h] = *p;
                }
            }
        }
        for (h, b) in best.iter().enumerate() {
            if b.0 != u8::MAX && h as u16 != start {
                out.push((h as u16, b.0, !b.1));
            }
        }
        out
    }

    /// The hexes a move to `h` may enter it from: NONE alone for a move into a hex without
    /// enemy units; for an attack (rule 5.31) every neighbour the unit can reach and go on from
    /// whose hexside into `h` still has Attack room (rule 1.21): the player chooses the hexside.
    pub(crate) fn vias(&self, s: &State, u: usize, h: u16, all: &[(u16, u8, bool)], occ: &Occ) -> Vec<u16> {
        let d = self.d();
        let side = self.side_of(u);
        if occ[h as usize] & bit(side.other()) == 0 {
            return vec![NONE];
        }
        let start = s.units[u].hex;
        let speed = self.speed(s, u);
        let used = all.iter().find(|x| x.0 == h).map_or(0, |x| x.1);
        let mut v = Vec::new();
        for dir in 0..6 {
            let n = d.hexes[h as usize].nbr[dir];
            if n == NONE {
                continue;
            }
            let Some(back) = d.dir(n, h) else { continue };
            let kind = d.hexes[n as usize].side[back];
            let reach = n == start || all.iter().any(|x| x.0 == n && !x.2 && (x.1 < used || x.1 < speed));
            if reach && self.enterable(n, back) == Some(h) && self.attack_room(s, n, h, kind, false) > 0 {
                v.push(n);
            }
        }
        v
    }

    /// Units that may still cross a hexside into an enemy hex this turn (rule 1.21, 5.31).
    pub(crate) fn attack_room(&self, s: &State, from: u16, to: u16, kind: SideKind, pike: bool) -> u8 {
        let d = self.d();
        let mud = s.mud && !pike;
        let lim = match kind {
            SideKind::Clear if d.hexes[to as usize].terrain == Terrain::Forest => d.limits_forest,
            SideKind::Clear => d.limits_clear,
            SideKind::Marsh => d.limits_marsh,
            SideKind::MinorRiver | SideKind::Crossing | SideKind::MajorRiver => d.limits_river,
            SideKind::Gap => d.limits_gap,
            _ => return 0,
        };
        let cap = lim.attack[mud as usize].max(0) as u8;
        let used = s.attacks.iter().find(|a| a.0 == from && a.1 == to).map_or(0, |a| a.2);
        cap.saturating_sub(used)
    }

    // ------------------------------------------------------------------ control and supply

    /// BL 8.2: control is decided by unit positions at the start of each phase; a city or town
    /// with a VP value moves the marker each time it changes hands (rule 3.51).
    pub(crate) fn update_control(&self, s: &mut State, log: &mut Log) {
        let d = self.d();
        let occ = self.occ(s);
        for (h, &o) in occ.iter().enumerate() {
            let new = match o {
                1 => Side::Usa,
                2 => Side::Csa,
                3 => s.control[h],
                _ => d.hexes[h].home,
            };
            if new != s.control[h] {
                s.control[h] = new;
                if let Some(p) = d.place_at(h as u16)
                    && p.vp > 0 {
                        self.add_vp(s, new, p.vp as i8);
                        log.info(|| format!("BL 3.51: {} takes {} (+{} VP)", new.name(), p.name, p.vp));
                    }
            }
        }
    }

    /// Move the Victory marker toward `side`, clamped at the Decisive boxes (rule 3.1).
    pub(crate) fn add_vp(&self, s: &mut State, side: Side, n: i8) {
        let dec = self.d().decisive;
        let delta = if side == Side::Usa { n } else { -n };
        s.vp = (s.vp as i16 + delta as i16).clamp(-(dec as i16), dec as i16) as i8;
    }

    fn friendly_port(&self, s: &State, side: Side, p: usize, occ: &Occ, norfolk_ok: bool) -> bool {
        let d = self.d();
        let pl = &d.places[p];
        pl.port
            && s.control[pl.hex as usize] == side
            && occ[pl.hex as usize] & bit(side.other()) == 0
            && (side == Side::Usa || (pl.csa_naval && norfolk_ok && (!pl.csa_naval_optional || s.opts.csa_appomattox)))
    }

    /// Naval route between two ports for `side` (rule 10.1, 10.3): neither end nor any port
    /// passed may be enemy-controlled; the CSA only on its James waterways while it holds Norfolk.
    pub(crate) fn naval_ok(&self, s: &State, side: Side, a: usize, b: usize, occ: &Occ) -> bool {
        let norfolk_ok = self.norfolk.is_some_and(|n| s.control[n as usize] == Side::Csa);
        if a == b || !self.friendly_port(s, side, a, occ, norfolk_ok) || !self.friendly_port(s, side, b, occ, norfolk_ok) {
            return false;
        }
        match self.d().naval_passes(a, b) {
            Some(passes) => passes.iter().all(|&p| s.control[self.d().places[p].hex as usize] == side),
            None => false,
        }
    }

    /// BL 10.3 / 10.4 / 10.42: a ship between port `p` and the coastal hex `t` (not a port)
    /// passes no enemy-controlled port: it goes through one of the ports bounding `t`'s water
    /// (`p` itself, or a friendly port reached from `p`), or, for the USA (rule 10.1), from the
    /// Bay past `p`'s downstream ports; and the ports of the naval tree within that stretch
    /// of water must be friendly too.
    pub(crate) fn landing_ok(&self, s: &State, side: Side, p: usize, t: u16) -> bool {
        let d = self.d();
        let Some(l) = &d.landings[t as usize] else { return false };
        let friendly = |q: usize| s.control[d.places[q].hex as usize] == side;
        // BL 10.1: the CSA sails only its James waterways (the Appomattox by option).
        let csa_water = |q: usize| d.places[q].csa_naval && (!d.places[q].csa_naval_optional || s.opts.csa_appomattox);
        let via_port = l.ports.iter().any(|&q| {
            (side == Side::Usa || csa_water(q)) && (q == p || (friendly(q) && d.naval_passes(p, q).is_some_and(|ps| ps.iter().all(|&x| friendly(x)))))
        });
        let via_bay = || {
            let mut q = d.port_parent[p];
            while q != NONE {
                if !friendly(q as usize) {
                    return false;
                }
                q = d.port_parent[q as usize];
            }
            true
        };
        l.through.iter().all(|&q| q == p || friendly(q)) && (via_port || (side == Side::Usa && l.bay && via_bay()))
    }

    fn friendly_rail(&self, s: &State, side: Side, h: u16) -> bool {
        let hx = &self.d().hexes[h as usize];
        // BL 9.1: the CSA never uses rail in the North; the USA uses CSA rail only where it
        // occupies it, which is what control of an enemy-territory hex means (rule 8.2).
        s.control[h as usize] == side && !(side == Side::Csa && hx.home == Side::Usa)
    }

    /// Rail links out of `h` usable for `side`, given in order to `f`: (neighbour, broad gauge?).
    fn rail_links(&self, s: &State, side: Side, h: u16, pike: bool, mut f: impl FnMut(u16, bool)) {
        let d = self.d();
        let hx = &d.hexes[h as usize];
        for dir in 0..6 {
            let n = hx.nbr[dir];
            if n == NONE {
                continue;
            }
            if hx.rail_std & (1 << dir) != 0 {
                f(n, false);
            }
            if hx.rail_broad & (1 << dir) != 0 {
                f(n, true);
            }
            // BL 1.6 / 9.6: the Valley Turnpike is railroad for CSA supply only.
            if pike && side == Side::Csa && hx.pike & (1 << dir) != 0 {
                f(n, false);
            }
        }
        // BL 9.5: the Washington-Alexandria military railroad.
        if let Some((a, b)) = d.military_rr
            && s.military_rr {
                if h == a {
                    f(b, false);
                } else if h == b {
                    f(a, false);
                }
            }
    }

    /// The supply network of `side` (rule 11.3-11.4): every hex on a rail or naval supply line
    /// connected to a supply source.
    pub(crate) fn supply_net(&self, s: &State, side: Side, occ: &Occ) -> Vec<bool> {
        let d = self.d();
        let mut net = vec![false; d.hexes.len()];
        let mut queue = Vec::new();
        for p in &d.places {
            let h = p.hex as usize;
            // BL 11.3: own rail supply hexes in home territory, not enemy-occupied.
            let src = p.supply_source == Some(side) && d.hexes[h].home == side;
            // BL 11.31: Baltimore is a USA supply source.
            let balt = side == Side::Usa && Some(p.hex) == self.baltimore;
            if (src || balt) && s.control[h] == side && occ[h] & bit(side.other()) == 0 && !net[h] {
                net[h] = true;
                queue.push(p.hex);
            }
        }
        while let Some(h) = queue.pop() {
            self.rail_links(s, side, h, true, |n, _| {
                if !net[n as usize] && self.friendly_rail(s, side, n) && occ[n as usize] & bit(side.other()) == 0 {
                    net[n as usize] = true;
                    queue.push(n);
                }
            });
            // BL 11.31 / 11.42: a USA naval supply line runs to Baltimore, so a port without
            // rail supply (Fort Monroe) is a source only by a naval line from Baltimore itself,
            // never by a naval link to another rail-supplied port. The CSA's James line (rule
            // 11.42) joins any of its supplied James ports.
            if let Some(p) = d.hexes[h as usize].place
                && d.places[p as usize].port
                && (side == Side::Csa || Some(h) == self.baltimore) {
                    for q in 0..d.places.len() {
                        let qh = d.places[q].hex;
                        if !net[qh as usize] && self.naval_ok(s, side, p as usize, q, occ) {
                            net[qh as usize] = true;
                            queue.push(qh);
                        }
                    }
                }
        }
        net
    }

    /// BL 11.4: a hex is in supply when it is on, or adjacent across a passable hexside to, a
    /// friendly supply line or source.
    #[cfg(test)]
    pub(crate) fn supplied(&self, s: &State, side: Side, occ: &Occ) -> Vec<bool> {
        let net = self.supply_net(s, side, occ);
        (0..self.d().hexes.len()).map(|h| self.in_supply(s, &net, h)).collect()
    }

    /// BL 11.4: hex `h` is on, or adjacent across a passable hexside to, the network `net`.
    pub(crate) fn in_supply(&self, s: &State, net: &[bool], h: usize) -> bool {
        let hx = &self.d().hexes[h];
        net[h]
            || (0..6).any(|dir| {
                let n = hx.nbr[dir];
                n != NONE && net[n as usize] && !self.blocks_tracing(s, hx.side[dir])
            })
    }

    /// BL 1.22 / 11.2: how many units a hex feeds without supply.
    pub(crate) fn forage(&self, s: &State, h: u16) -> u8 {
        let d = self.d();
        let hx = &d.hexes[h as usize];
        let base = if hx.terrain == Terrain::Forest { d.forage_forest } else { d.forage_clear }[s.mud as usize];
        let bonus = match d.place_at(h).map(|p| p.kind) {
            Some(PlaceKind::City) => d.forage_city,
            Some(PlaceKind::Town) => d.forage_town,
            _ => 0,
        };
        base + bonus
    }

    // ------------------------------------------------------------------ the month

    /// Start a month: weather, then the Replacement Turn (skipped in the first month, rule 4.2)
    /// or the initiative bids.
    pub(crate) fn start_month_step(&self, s: &mut State, log: &mut Log) {
        let d = self.d();
        let m = (s.month - 1) as usize;
        s.mud = d.weather[m].unwrap_or(d.roll_start_mud[m]);
        s.weather_fixed = d.weather[m].is_some();
        s.bids = [None, None];
        s.done = [false, false];
        s.passes = 0;
        s.must_activate = None;
        s.drafted_this_turn = [false, false];
        s.draft_cadres = [0, 0];
        if s.year != s.draft_year {
            s.draft_year = s.year;
            s.drafts = [0, 0];
        }
        log.info(|| format!("{} {}: {}", month_name(s.month), s.year, if s.mud { "Mud" } else { "Dry" }));
        if s.first_month {
            // BL 4.2: no Replacement Turn in the first month of a game.
            s.phase = Phase::Bids;
            return;
        }
        // BL 3.53: a month marked "CSA VP" gives the CSA 1 VP in the Replacement Turn.
        if d.csa_vp_months.contains(&s.month) {
            self.add_vp(s, Side::Csa, 1);
            log.info(|| "BL 3.53: a CSA VP month: CSA +1 VP".to_string());
        }
        // BL 12.2: monthly replacement points.
        s.rp = d.rp_for(s.year);
        if self.emancipation_possible(s) {
            s.phase = Phase::Emancipation;
        } else {
            s.phase = Phase::Replacement;
        }
    }

    /// BL 3.55: once per game, after a USA win in a major battle last month; not in the 1863
    /// and 1864 scenarios (a campaign game may declare it in any year).
    pub(crate) fn emancipation_possible(&self, s: &State) -> bool {
        let sc = &self.d().scenarios[s.scenario as usize];
        !s.emancipation_used && s.major_win_last_month && (s.campaign || sc.emancipation)
    }

    /// Cadres `side` may still place in `h` (rule 12.41); `pending` holds the hexes of the
    /// cadres built so far this Replacement Turn.
    fn build_room(&self, s: &State, side: Side, h: u16, pending: &[u16]) -> u8 {
        let d = self.d();
        let hx = &d.hexes[h as usize];
        // BL 12.41: friendly hexes of the builder's home territory.
        if hx.home != side || s.control[h as usize] != side {
            return 0;
        }
        let Some(p) = d.place_at(h) else { return 0 };
        let cap: u8 = match p.kind {
            PlaceKind::City => 3,
            PlaceKind::Town => 1,
            _ if p.supply_source == Some(side) => 1,
            // Fort Monroe and villages: no cadres (rule 12.41).
            _ => 0,
        };
        let used = pending.iter().filter(|&&x| x == h).count() as u8;
        cap.saturating_sub(used)
    }

    fn cadre_cost(&self, s: &State, u: usize) -> u8 {
        let side = self.side_of(u);
        if s.draft_cadres[side.idx()] > 0 && self.kind(u) == UnitKind::Infantry {
            return 0;
        }
        self.d().ty(u).cadre_cost[side.idx()]
    }

    pub(crate) fn finish_replacements(&self, s: &mut State, log: &mut Log) {
        // BL 12.1: both sides' orders are revealed together.
        for u in s.units.iter_mut() {
            if u.st == St::Pending {
                u.st = St::Map;
            }
        }
        log.info(|| "BL 12.1: the Replacement Turn ends; new cadres are placed".to_string());

        let mut l2 = Log::quiet();
        self.update_control(s, &mut l2);
        s.phase = Phase::Bids;
        s.bids = [None, None];
    }

    fn hqs_on_map(&self, s: &State, side: Side) -> Vec<usize> {
        (0..s.units.len()).filter(|&i| s.units[i].st == St::Map && self.side_of(i) == side && self.kind(i) == UnitKind::Hq).collect()
    }

    pub(crate) fn resolve_bids(&self, s: &mut State, log: &mut Log) {
        let (usa, csa) = (s.bids[0].unwrap_or(0), s.bids[1].unwrap_or(0));
        log.reveal(|| format!("BL 4.3: bids revealed: USA {usa}, CSA {csa}"));
        if usa == 0 && csa == 0 {
            // BL 4.3: both bid zero: two Pass turns; the month ends at once.
            s.due = Some(Auto::VictoryCheck);
            return;
        }
        // BL 4.3: the higher bid wins; ties go to the CSA.
        let (winner, bid) = if usa > csa { (Side::Usa, usa) } else { (Side::Csa, csa) };
        s.must_activate = Some(bid);
        s.due = Some(Auto::CampaignTurnStart(winner));
    }

    pub(crate) fn begin_turn_step(&self, s: &mut State, side: Side, log: &mut Log) {
        let d = self.d();
        s.active = side;
        s.phase = Phase::Activation;
        s.hqs.clear();
        s.sm = 0;
        s.attacks.clear();
        s.hq_supply.clear();
        s.invaders.clear();
        s.demanded.clear();
        for u in s.units.iter_mut() {
            u.moved = false;
            u.from = u.hex;
            u.used = 0;
            u.stop = false;
            u.fm = NONE;
            u.cmd = false;
            u.shown = false;
        }
        // BL 3.41: November and April weather is rolled before HQ activation, until it changes.
        let m = (s.month - 1) as usize;
        if d.weather[m].is_none() && s.campaign && !s.weather_fixed {
            let r = self.die(s);
            let mud = r % 2 == 1;
            log.roll(|| format!("BL 3.41: weather roll {r}: {}", if mud { "Mud" } else { "Dry" }));
            if mud != s.mud {
                s.mud = mud;
                s.weather_fixed = true;
            }
        }
        self.update_control(s, log);
    }

    pub(crate) fn end_turn(&self, s: &mut State) {
        s.turns += 1;
        for u in s.units.iter_mut() {
            u.shown = false;
        }
        if s.passes >= 2 {
            // BL 4.5: two consecutive passes end the month.
            s.due = Some(Auto::VictoryCheck);
        } else {
            let next = s.active.other();
            s.must_activate = None;
            s.due = Some(Auto::CampaignTurnStart(next));
        }
    }

    /// BL 4.6 / 3.52 / 11.8: siege attrition, month-end VPs, then the Victory Check.
    pub(crate) fn month_end_step(&self, s: &mut State, log: &mut Log) {
        let d = self.d();
        self.update_control(s, log);
        // BL 11.8: siege attrition (by our reading, in this order: attrition, then VPs, then the check).
        let occ = self.occ(s);
        let mut wash_besieged = false;
        for side in [Side::Usa, Side::Csa] {
            let besieged = self.besieged_hexes(s, side, &occ);
            for (h, b) in besieged.iter().enumerate() {
                if !*b {
                    continue;
                }
                if Some(h as u16) == self.washington && side == Side::Usa {
                    wash_besieged = true;
                }
                for i in 0..s.units.len() {
                    if s.units[i].st == St::Map && s.units[i].hex as usize == h && self.side_of(i) == side {
                        self.log_block(s, i, log, |b| format!("BL 11.8: {b} loses a step to siege"));
                        self.lose_step(s, i, true);
                    }
                }
            }
        }
        // BL 3.52: the CSA scores 1 VP per USA rail supply hex it occupies; the
        // USA scores 1 VP if it occupies all three CSA rail supply hexes.
        let occ = self.occ(s);
        let mut csa_on_usa = 0;
        let mut usa_on_csa = 0;
        let mut csa_sources = 0;
        for p in &d.places {
            match p.supply_source {
                Some(Side::Usa) if occ[p.hex as usize] == 2 => csa_on_usa += 1,
                Some(Side::Csa) => {
                    csa_sources += 1;
                    if occ[p.hex as usize] == 1 {
                        usa_on_csa += 1;
                    }
                }
                _ => {}
            }
        }
        if csa_on_usa > 0 {
            self.add_vp(s, Side::Csa, csa_on_usa);
            log.info(|| format!("BL 3.52: CSA holds {csa_on_usa} USA supply hex(es): CSA +{csa_on_usa} VP"));
        }
        if csa_sources > 0 && usa_on_csa == csa_sources {
            self.add_vp(s, Side::Usa, 1);
            log.info(|| "BL 3.52: USA holds all CSA supply hexes: USA +1 VP".to_string());
        }
        // BL 11.8: Washington besieged, or held by the CSA: CSA +1 VP.
        if wash_besieged || self.washington.is_some_and(|w| occ[w as usize] == 2) {
            self.add_vp(s, Side::Csa, 1);
            log.info(|| "BL 11.8: Washington besieged or held: CSA +1 VP".to_string());
        }
        // BL 9.5: months of continuous USA occupation of Alexandria.
        if let Some(a) = self.alexandria {
            if occ[a as usize] == 1 {
                s.alexandria_months = s.alexandria_months.saturating_add(1);
            } else {
                s.alexandria_months = 0;
            }
        }
        s.major_win_last_month = s.major_win_this_month;
        s.major_win_this_month = false;
        // The scenario's own victory conditions (Lua hooks) come first, then the rulebook's.
        if self.hooked_victory(s, log) {
            return;
        }
        // BL 3.1: a marker in a Decisive box at the end of a month wins at once.
        let dec = d.decisive;
        if s.vp >= dec {
            return self.game_over(s, Some(Side::Usa), "BL 3.1: the Victory marker is in the USA Decisive box", log);
        }
        if s.vp <= -dec {
            return self.game_over(s, Some(Side::Csa), "BL 3.1: the Victory marker is in the CSA Decisive box", log);
        }
        let sc = &d.scenarios[s.scenario as usize];
        if !s.campaign && s.year == sc.year && s.month == sc.end_month {
            // BL 3.2: a one-year scenario ends with a Marginal victory or a Draw.
            let w = match s.vp {
                v if v > 0 => Some(Side::Usa),
                v if v < 0 => Some(Side::Csa),
                _ => None,
            };
            return self.game_over(s, w, "BL 3.2: end of the scenario (Marginal victory or Draw by the Victory Track)", log);
        }
        if s.campaign && s.year == 1864 && s.month == 10 && s.vp < 0 {
            return self.game_over(s, Some(Side::Csa), "BL 3.3.1: a CSA Marginal at the end of October 1864 wins the campaign", log);
        }
        if s.campaign && s.year >= 1866 && s.month == 10 {
            // The rules do not say; the campaign ends in October 1866 as a draw.
            return self.game_over(s, None, "no Decisive victory by October 1866: a draw", log);
        }
        s.month += 1;
        if s.month > 12 {
            s.month = 1;
            s.year += 1;
        }
        s.first_month = false;
        self.update_military_rr(s);
        s.due = Some(Auto::MonthStart);
    }

    pub(crate) fn game_over(&self, s: &mut State, w: Option<Side>, why: &str, log: &mut Log) {
        s.phase = Phase::Over;
        s.winner = Some(w);
        s.end_reason = why.to_string();
        log.info(|| why.to_string());
    }

    /// BL 3.2.5: the Tournament Points [USA, CSA] of a finished game: a Decisive victory 5,
    /// a Draw 1 each, a Marginal victory 1, 2 or 3 by the marker's distance from the centre
    /// (the mapping is AUTHORED in game.toml); the loser scores none.
    pub(crate) fn tournament_points(&self, s: &State) -> Option<[u8; 2]> {
        let d = self.d();
        let w = s.winner?;
        let mut tp = [0, 0];
        match w {
            None => tp = [d.tp_draw; 2],
            Some(side) => {
                let dist = s.vp.unsigned_abs() as i8;
                tp[side.idx()] = if dist >= d.decisive {
                    d.tp_decisive
                } else {
                    d.tp_marginal_from.iter().filter(|&&f| dist >= f).count().max(1) as u8
                };
            }
        }
        Some(tp)
    }

    pub(crate) fn update_military_rr(&self, s: &mut State) {
        // BL 9.5: January 1862, or six months of continuous USA occupation of Alexandria.
        let dated = (s.year, s.month) >= (1862, 1);
        let held = s.alexandria_months >= 6;
        s.military_rr = if s.opts.military_rr_first {
            dated || held
        } else {
            dated && (held || self.alexandria.is_some_and(|a| s.control[a as usize] == Side::Usa))
        };
    }

    /// A neighbour that counts for a siege (a land hex a unit could
    /// occupy, not across a mountain hexside).
    fn siege_nbr(&self, h: usize, dir: usize) -> Option<usize> {
        let hx = &self.d().hexes[h];
        let n = hx.nbr[dir];
        (n != NONE && self.land(n) && hx.side[dir] != SideKind::Mountain).then_some(n as usize)
    }

    /// BL 11.8: hexes of `side` in a besieged hex or group of adjacent hexes: every playable
    /// hex adjacent to the group is enemy-occupied and no hex of the group has naval supply.
    /// A group is a set of adjacent hexes all occupied by `side` (the
    /// outer neighbours of the group count: only land hexes a unit could occupy). These are
    /// readings of BL 11.8, with options: `siege-group controlled` lets empty hexes `side` controls join a
    /// group; `siege-naval port` lifts the siege of a supplied port's hex only.
    pub(crate) fn besieged_hexes(&self, s: &State, side: Side, occ: &Occ) -> Vec<bool> {
        let d = self.d();
        let held = |h: usize| occ[h] & bit(side) != 0;
        let own = |h: usize| held(h) || (s.opts.siege_group_controlled && occ[h] == 0 && s.control[h] == side);
        let mut net: Option<Vec<bool>> = None;
        let mut seen = vec![false; d.hexes.len()];
        let mut out = vec![false; d.hexes.len()];
        let mut group: Vec<usize> = Vec::new();
        for start in 0..d.hexes.len() {
            if seen[start] || !held(start) {
                continue;
            }
            // BL 11.8: the group of adjacent friendly-occupied hexes holding `start`.
            seen[start] = true;
            group.clear();
            group.push(start);
            let (mut any, mut all) = (false, true);
            let mut k = 0;
            while k < group.len() {
                let h = group[k];
                k += 1;
                for dir in 0..6 {
                    let Some(n) = self.siege_nbr(h, dir) else { continue };
                    if own(n) {
                        if !seen[n] {
                            seen[n] = true;
                            group.push(n);
                        }
                    } else {
                        any = true;
                        all &= occ[n] & bit(side.other()) != 0;
                    }
                }
            }
            if !(any && all) {
                continue;
            }
            // BL 11.8: naval supply to any port of the group lifts the siege (the supply
            // network is traced only for a surrounded group holding a port).
            let port = |h: &usize| d.hexes[*h].place.is_some_and(|p| d.places[p as usize].port);
            let supplied: Vec<usize> = group.iter().copied().filter(port).filter(|&h| net.get_or_insert_with(|| self.supply_net(s, side, occ))[h]).collect();
            if supplied.is_empty() || s.opts.siege_naval_port_only {
                for &h in group.iter().filter(|&&h| held(h) && !supplied.contains(&h)) {
                    out[h] = true;
                }
            }
        }
        out
    }

    /// BL 11.81: the demands and voluntary surrenders open to the active player now: a demand
    /// for each besieged enemy hex not yet asked this turn, a surrender for each own besieged hex.
    fn siege_actions(&self, s: &State, side: Side, occ: &Occ, out: &mut Vec<Action>) {
        for (h, b) in self.besieged_hexes(s, side.other(), occ).into_iter().enumerate() {
            // A reading of an unclear rule: one demand per hex and turn (option: per turn in all).
            let room = !s.opts.one_demand_per_turn || s.demanded.is_empty();
            if b && room && !s.demanded.contains(&(h as u16)) {
                out.push(Action::Demand(h as u16));
            }
        }
        for (h, b) in self.besieged_hexes(s, side, occ).into_iter().enumerate() {
            if b {
                out.push(Action::Surrender(h as u16));
            }
        }
    }

    /// BL 11.81: every unit of `side` in hex `h` surrenders: eliminated, and may be rebuilt
    /// (back to the pool, unlike units eliminated while besieged).
    fn surrender(&self, s: &mut State, side: Side, h: u16, log: &mut Log) {
        let d = self.d();
        for i in 0..s.units.len() {
            let x = &mut s.units[i];
            if x.st == St::Map && x.hex == h && self.side_of(i) == side {
                *x = Unit::pool();
                // BL 4.3: an HQ activated for the bid and then surrendered still counts as
                // activated (with none left active, the bid no longer binds).
                if s.hqs.contains(&(i as u8)) {
                    s.must_activate = s.must_activate.and_then(|m| m.checked_sub(1)).filter(|&m| m > 0 && s.hqs.len() > 1);
                }
                s.hqs.retain(|&q| q as usize != i);
                s.invaders.retain(|v| v.0 as usize != i);
                log.reveal(|| format!("BL 11.81: {} surrenders", d.units[i].id));
            }
        }
        // BL 4.3: a bid that the HQs left on the map can no longer meet (an HQ surrendered
        // before its activation) binds only as far as they allow.
        if let Some(m) = s.must_activate.filter(|_| side == s.active) {
            let can = self.hqs_on_map(s, side).len() as u8;
            if can < m {
                s.must_activate = Some(can).filter(|&c| c > 0);
            }
        }
        log.info(|| format!("BL 11.81: the {} force in {} surrenders", side.name(), d.hex_name(h)));
    }

    /// Remove one step; a cadre that loses its step is eliminated (rule 2.4), permanently if
    /// it was besieged (rule 11.81).
    pub(crate) fn lose_step(&self, s: &mut State, u: usize, besieged: bool) {
        let x = &mut s.units[u];
        x.steps = x.steps.saturating_sub(1);
        if x.steps == 0 {
            x.st = if besieged { St::Removed } else { St::Pool };
            x.hex = NONE;
            x.fm = NONE;
        }
    }

    // ------------------------------------------------------------------ movement helpers

    fn may_move_now(&self, s: &State, u: usize) -> bool {
        let x = &s.units[u];
        x.st == St::Map && !x.moved && self.side_of(u) == s.active
    }

    /// Forced-march targets for a unit that used its whole speed (rule 5.32). BL 5.32: units
    /// may force-march to attack, so an enemy hex is a target while the battle rules are in
    /// and its hexside has Attack room (rule 1.21, 5.31).
    pub(crate) fn fm_targets(&self, s: &State, u: usize, occ: &Occ) -> Vec<u16> {
        let x = &s.units[u];
        if !x.moved || x.stop || x.fm != NONE || x.used < self.speed(s, u) || x.st != St::Map {
            return Vec::new();
        }
        let side = self.side_of(u);
        let mut v = Vec::new();
        for dir in 0..6 {
            if let Some(n) = self.enterable(x.hex, dir)
                && n != x.from {
                    let enemy = occ[n as usize] & bit(side.other()) != 0;
                    let kind = self.d().hexes[x.hex as usize].side[dir];
                    if !enemy || (self.attacks && self.attack_room(s, x.hex, n, kind, false) > 0) {
                        v.push(n);
                    }
                }
        }
        v
    }

    /// Rail destinations (rule 9.3, 9.4) with their SM cost.
    pub(crate) fn rail_dests(&self, s: &State, u: usize, occ: &Occ) -> Vec<(u16, u8)> {
        self.rail_dests_on(s, u, occ, &self.rail_open(s, self.side_of(u), occ))
    }

    /// BL 9.1-9.3: the rail hexes `side` may move by rail through: friendly, land, free of
    /// enemy units.
    fn rail_open(&self, s: &State, side: Side, occ: &Occ) -> Vec<bool> {
        let d = self.d();
        (0..d.hexes.len() as u16).map(|h| self.land(h) && self.friendly_rail(s, side, h) && occ[h as usize] & bit(side.other()) == 0 && d.hexes[h as usize].rail()).collect()
    }

    /// `rail_dests`, given the `rail_open` hexes of the unit's side.
    fn rail_dests_on(&self, s: &State, u: usize, occ: &Occ, open: &[bool]) -> Vec<(u16, u8)> {
        let d = self.d();
        let side = self.side_of(u);
        let start = s.units[u].hex;
        let ok = |h: u16| open[h as usize];
        let mut out = Vec::new();
        if ok(start) {
            // The hexes reached on standard gauge only (bit 0), broad gauge only (bit 1) and
            // both (bit 2), in one buffer.
            let mut seen = vec![0u8; d.hexes.len()];
            let mut q = Vec::new();
            for (k, allow) in [[true, false], [false, true], [true, true]].into_iter().enumerate() {
                let b = 1u8 << k;
                seen[start as usize] |= b;
                q.push(start);
                while let Some(h) = q.pop() {
                    self.rail_links(s, side, h, false, |n, broad| {
                        if allow[broad as usize] && seen[n as usize] & b == 0 && ok(n) {
                            seen[n as usize] |= b;
                            q.push(n);
                        }
                    });
                }
            }
            for (h, &r) in seen.iter().enumerate() {
                if h as u16 != start && r & 4 != 0 {
                    // BL 9.4: two gauges cost 2 SM unless the move stops at the junction.
                    out.push((h as u16, if r & 3 != 0 { 1 } else { 2 }));
                }
            }
        }
        // BL 9.3: the off-map hop between two of the mover's friendly rail supply hexes.
        let is_src = |h: u16| d.place_at(h).is_some_and(|p| p.supply_source == Some(side)) && s.control[h as usize] == side && occ[h as usize] & bit(side.other()) == 0;
        if is_src(start) {
            for p in &d.places {
                if p.hex != start && is_src(p.hex) && !out.iter().any(|o| o.0 == p.hex) {
                    out.push((p.hex, if side == Side::Usa { 1 } else { 2 }));
                }
            }
        }
        out
    }

    pub(crate) fn port_at(&self, h: u16) -> Option<usize> {
        self.d().hexes[h as usize].place.map(|p| p as usize).filter(|&p| self.d().places[p].port)
    }

    pub(crate) fn coastal(&self, h: u16) -> bool {
        let hx = &self.d().hexes[h as usize];
        (0..6).any(|dir| {
            let n = hx.nbr[dir];
            (n != NONE && self.d().hexes[n as usize].terrain == Terrain::Sea) || hx.side[dir] == SideKind::NavigableRiver
        })
    }

    /// The normal moves of one unit (rule 5.3): every destination, with each hexside an attack
    /// may cross (rule 5.31).
    fn moves(&self, s: &State, u: usize, all: &[(u16, u8, bool)], occ: &Occ, out: &mut Vec<Action>) {
        for &(n, _, _) in all {
            for via in self.vias(s, u, n, all, occ) {
                out.push(Action::Move(u as u8, n, via));
            }
        }
    }

    /// Strategic actions for one unit (rule 5.4, 9, 10); `all` = its `dests`.
    /// `rail_open`: the `rail_open` hexes of its side.
    fn strategic_actions(&self, s: &State, u: usize, all: &[(u16, u8, bool)], rail_open: &[bool], occ: &Occ, out: &mut Vec<Action>) {
        let d = self.d();
        let side = self.side_of(u);
        let ui = u as u8;
        let h = s.units[u].hex;
        // Land move: 1 SM, a normal move.
        if s.sm >= 1 {
            for &(n, _, _) in all {
                for via in self.vias(s, u, n, all, occ) {
                    out.push(Action::SmLand(ui, n, via));
                }
            }
            // River Crossing (rule 10.5): across a major river above the head of navigation.
            let hx = &d.hexes[h as usize];
            for dir in 0..6 {
                let n = hx.nbr[dir];
                if n != NONE && hx.side[dir] == SideKind::MajorRiver && self.land(n) {
                    // A reading of an unclear rule: a River Crossing attack costs 2 SM and uses the
                    // River row of the Attack limits.
                    let attack = occ[n as usize] & bit(side.other()) != 0;
                    let cost = if attack || s.control[n as usize] == side.other() { 2 } else { 1 };
                    if s.sm >= cost && (!attack || (self.attacks && self.attack_room(s, h, n, SideKind::MajorRiver, false) > 0)) {
                        out.push(Action::Cross(ui, n));
                    }
                }
            }
        }
        for (n, cost) in self.rail_dests_on(s, u, occ, rail_open) {
            if s.sm >= cost {
                out.push(Action::Rail(ui, n));
            }
        }
        if let Some(p) = self.port_at(h) {
            if s.sm >= 1 {
                for q in 0..d.places.len() {
                    if self.naval_ok(s, side, p, q, occ) {
                        out.push(Action::Naval(ui, d.places[q].hex));
                    }
                }
            }
            // BL 10.4: USA infantry may invade any coastal or navigable-river hex from a
            // friendly port, even an enemy-occupied one, for 2 SM; it may not pass an enemy port
            // but may target one.
            let norfolk_ok = self.norfolk.is_some_and(|n| s.control[n as usize] == Side::Csa);
            if s.sm >= 2 && side == Side::Usa && self.kind(u) == UnitKind::Infantry && self.friendly_port(s, side, p, occ, norfolk_ok) {
                for &t in &self.shore {
                    let hx = &d.hexes[t as usize];
                    if t == h {
                        continue;
                    }
                    let route = match hx.place.map(|q| q as usize).filter(|&q| d.places[q].port) {
                        Some(q) => d.naval_passes(p, q).is_some_and(|ps| ps.iter().all(|&x| x == q || s.control[d.places[x].hex as usize] == side)),
                        None => self.landing_ok(s, side, p, t),
                    };
                    // A plain naval move already reaches friendly ports; the invasion adds the rest.
                    let plain = hx.place.is_some_and(|q| self.naval_ok(s, side, p, q as usize, occ));
                    if route && !plain {
                        out.push(Action::Invade(ui, t));
                    }
                }
            }
        } else if s.sm >= 2 && self.coastal(h) {
            // BL 10.42: naval evacuation from a non-port hex to a friendly port.
            let norfolk_ok = self.norfolk.is_some_and(|n| s.control[n as usize] == Side::Csa);
            for q in 0..d.places.len() {
                if self.friendly_port(s, side, q, occ, norfolk_ok) && self.landing_ok(s, side, q, h) {
                    out.push(Action::Evacuate(ui, d.places[q].hex));
                }
            }
        }
    }

    // ------------------------------------------------------------------ legal actions

    pub(crate) fn legal(&self, s: &State, seat: u8) -> Vec<Action> {
        self.legal_for(s, seat, None)
    }

    /// The legal actions; with `only`, at least every legal action equal to it (what `act`
    /// checks), skipping the listings of other units and kinds: the same code either way.
    fn legal_for(&self, s: &State, seat: u8, only: Option<&Action>) -> Vec<Action> {
        let side = Side::from_idx(seat as usize);
        // The unit a campaign move names, and whether the unit listings and the siege
        // listings can hold `only`.
        let unit = match only {
            Some(Action::Move(u, ..) | Action::Force(u, _) | Action::SmLand(u, ..) | Action::Rail(u, _) | Action::Naval(u, _) | Action::Evacuate(u, _) | Action::Cross(u, _) | Action::Invade(u, _)) => Some(*u as usize),
            _ => None,
        };
        let units_wanted = only.is_none() || unit.is_some();
        let siege_wanted = matches!(only, None | Some(Action::Demand(_) | Action::Surrender(_)));
        let moving = |i: usize| units_wanted && unit.is_none_or(|u| u == i);
        let mut out = Vec::new();
        let mut occ_now: Option<Occ> = None;
        match s.phase {
            Phase::Over => {}
            Phase::Deploy => return self.deploy_legal(s, side),
            Phase::Emancipation => {
                if side == Side::Usa {
                    out.push(Action::Emancipate(true));
                    out.push(Action::Emancipate(false));
                }
            }
            Phase::Replacement => {
                if s.done[side.idx()] {
                    return out;
                }
                out.push(Action::Done);
                if !s.drafted_this_turn[side.idx()] {
                    out.push(Action::Draft);
                }
                // BL 11.4: the supply network, traced only if some block could take a step.
                let mut net: Option<Vec<bool>> = None;
                let rp = s.rp[side.idx()];
                for (i, u) in s.units.iter().enumerate() {
                    if self.side_of(i) != side {
                        continue;
                    }
                    let t = self.d().ty(i);
                    if u.st == St::Map
                        && u.steps < self.d().units[i].max
                        && t.step_cost[side.idx()] > 0
                        && t.step_cost[side.idx()] <= rp
                        && self.in_supply(s, net.get_or_insert_with(|| self.supply_net(s, side, &self.occ(s))), u.hex as usize)
                    {
                        out.push(Action::Step(i as u8));
                    }
                }
                let pending: Vec<u16> = s.units.iter().filter(|u| u.st == St::Pending).map(|u| u.hex).collect();
                let mut places: Vec<u16> = self.d().places.iter().map(|p| p.hex).filter(|&h| self.build_room(s, side, h, &pending) > 0).collect();
                places.sort();
                // BL 12.4: the player picks which unbuilt or eliminated block (which named corps,
                // division or leader) enters as a cadre: every affordable pool block is offered.
                for (i, u) in s.units.iter().enumerate() {
                    if u.st != St::Pool || self.side_of(i) != side || self.cadre_cost(s, i) > rp {
                        continue;
                    }
                    for &h in &places {
                        out.push(Action::Build(i as u8, h));
                    }
                }
            }
            Phase::Bids => {
                if s.bids[side.idx()].is_some() {
                    return out;
                }
                // BL 4.3: a bid of 0-5, at most the number of HQs on the map.
                let n = self.hqs_on_map(s, side).len().min(5) as u8;
                for b in 0..=n {
                    out.push(Action::Bid(b));
                }
            }
            Phase::Battle => return self.battle_legal(s, side),
            // BL 11.81: a demanded surrender waits for the besieged player's answer.
            _ if s.demand.is_some() => {
                if let Some(h) = s.demand.filter(|_| side != s.active) {
                    out.push(Action::Surrender(h));
                    out.push(Action::Refuse);
                }
                return out;
            }
            _ if side != s.active => {}
            Phase::Activation => {
                let must = s.must_activate;
                if must.is_none_or(|m| (s.hqs.len() as u8) < m) {
                    for h in self.hqs_on_map(s, side) {
                        if !s.hqs.contains(&(h as u8)) {
                            out.push(Action::Activate(h as u8));
                        }
                    }
                }
                if s.hqs.is_empty() && must.is_none() {
                    out.push(Action::Pass);
                }
                if !s.hqs.is_empty() && must.is_none_or(|m| s.hqs.len() as u8 == m) {
                    out.push(Action::March);
                }
            }
            Phase::Movement => {
                let occ = occ_now.insert(self.occ(s));
                let started = self.started_hexes(s, side);
                let rail_open = if s.sm > 0 { self.rail_open(s, side, occ) } else { Vec::new() };
                // Blocks alike in what their moves depend on (hex, speeds, infantry) have the
                // same moves: listed once per stack, then copied for each block.
                let mut memo: Vec<MoveMemo> = Vec::new();
                for i in (0..s.units.len()).filter(|&i| moving(i)) {
                    if self.may_move_now(s, i) && !s.hqs.contains(&(i as u8)) {
                        let key = (s.units[i].hex, self.speed(s, i), self.d().ty(i).speed[side.idx()][0], self.kind(i) == UnitKind::Infantry);
                        let m = match memo.iter().position(|m| m.key == key) {
                            Some(m) => m,
                            None => {
                                memo.push(MoveMemo { key, dests: None, moves: None, sm: None });
                                memo.len() - 1
                            }
                        };
                        let MoveMemo { dests, moves, sm, .. } = &mut memo[m];
                        if s.units[i].cmd {
                            let moves = moves.get_or_insert_with(|| {
                                let all = dests.get_or_insert_with(|| self.dests_from(s, i, occ, &started));
                                let mut v = Vec::new();
                                self.moves(s, i, all, occ, &mut v);
                                v
                            });
                            out.extend(moves.iter().map(|a| for_unit(a, i as u8)));
                        }
                        if s.sm > 0 {
                            let sm = sm.get_or_insert_with(|| {
                                let all = dests.get_or_insert_with(|| self.dests_from(s, i, occ, &started));
                                let mut v = Vec::new();
                                self.strategic_actions(s, i, all, &rail_open, occ, &mut v);
                                v
                            });
                            out.extend(sm.iter().map(|a| for_unit(a, i as u8)));
                        }
                    }
                    if self.side_of(i) == side {
                        for n in self.fm_targets(s, i, occ) {
                            out.push(Action::Force(i as u8, n));
                        }
                    }
                }
                out.push(Action::End);
            }
            Phase::HqMove => {
                let occ = occ_now.insert(self.occ(s));
                for &h in s.hqs.iter().filter(|&&h| moving(h as usize)) {
                    let i = h as usize;
                    if self.may_move_now(s, i) {
                        let all = self.dests(s, i, occ);
                        self.moves(s, i, &all, occ, &mut out);
                    }
                    for n in self.fm_targets(s, i, occ) {
                        out.push(Action::Force(h, n));
                    }
                }
                out.push(Action::End);
            }
            Phase::Supply => {
                for h in self.hqs_on_map(s, side) {
                    if self.d().units[h].role == HqRole::Field && s.units[h].steps >= 2 && !s.hq_supply.contains(&(h as u8)) {
                        out.push(Action::HqSupply(h as u8));
                    }
                }
                // BL 11.6: the owner picks among equally strong units before the losses.
                let choice = self.attrition_choice(s);
                if choice.is_empty() {
                    out.push(Action::End);
                }
                out.extend(choice.into_iter().map(|u| Action::Hit(u as u8)));
            }
        }
        // BL 11.81: demands and voluntary surrenders, during the active player's Campaign Turn.
        if siege_wanted && side == s.active && matches!(s.phase, Phase::Activation | Phase::Movement | Phase::HqMove | Phase::Supply) {
            let occ = occ_now.unwrap_or_else(|| self.occ(s));
            self.siege_actions(s, side, &occ, &mut out);
        }
        out
    }

    // ------------------------------------------------------------------ apply

    /// Apply a decision, then run the automatic steps it leads to (BL 4.1) through the engine's
    /// flow driver until the next decision is owed.
    pub(crate) fn act(&self, s: &mut State, seat: u8, a: &Action, log: &mut Log) -> Result<(), Refusal> {
        self.decide(s, seat, a, log)?;
        drive(self, s, log)?;
        Ok(())
    }

    fn decide(&self, s: &mut State, seat: u8, a: &Action, log: &mut Log) -> Result<(), Refusal> {
        let side = Side::from_idx(seat as usize);
        if s.phase == Phase::Over {
            refuse!("BL 3.1", "the game is over");
        }
        // Validate first: every legal action is in the complete list; anything else is refused
        // with the rule that forbids it.
        if !self.legal_for(s, seat, Some(a)).contains(a) {
            return Err(self.why_not(s, side, a));
        }
        if s.phase == Phase::Deploy {
            self.deploy_act(s, side, a, log);
            return Ok(());
        }
        let d = self.d();
        match *a {
            Action::Emancipate(yes) => {
                if yes {
                    // BL 3.55: USA +3 VP; the CSA gets double RP this Replacement Turn.
                    s.emancipation_used = true;
                    self.add_vp(s, Side::Usa, 3);
                    s.rp[1] = s.rp[1].saturating_mul(2);
                    log.info(|| "BL 3.55: the Emancipation Proclamation: USA +3 VP, CSA RP doubled".to_string());
                }
                s.phase = Phase::Replacement;
            }
            Action::Step(u) => {
                let u = u as usize;
                let cost = d.ty(u).step_cost[side.idx()];
                s.rp[side.idx()] -= cost;
                s.units[u].steps += 1;
                log.push(EventKind::Info, Visibility::Seat(seat), || format!("BL 12.3: {} gains a step ({cost} RP)", d.units[u].id));
            }
            Action::Build(u, h) => {
                let u = u as usize;
                let cost = self.cadre_cost(s, u);
                if cost == 0 {
                    s.draft_cadres[side.idx()] -= 1;
                } else {
                    s.rp[side.idx()] -= cost;
                }
                let x = &mut s.units[u];
                x.st = St::Pending;
                x.hex = h;
                x.from = h;
                x.steps = 1;
                log.push(EventKind::Info, Visibility::Seat(seat), || format!("BL 12.4: {} built as a cadre in {} ({cost} RP)", d.units[u].id, d.hex_name(h)));
            }
            Action::Draft => {
                // BL 3.54: USA 1d3+1, CSA 1d3 infantry cadres; the opponent gains 1, 2, 3... VP
                // for the 1st, 2nd, 3rd... draft of the calendar year.
                let r = self.die(s);
                let d3 = r.div_ceil(2);
                let n = if side == Side::Usa { d3 + 1 } else { d3 };
                s.drafted_this_turn[side.idx()] = true;
                s.drafts[side.idx()] += 1;
                let cost = s.drafts[side.idx()] as i8;
                self.add_vp(s, side.other(), cost);
                let avail = s.units.iter().enumerate().filter(|(i, x)| x.st == St::Pool && self.side_of(*i) == side && self.kind(*i) == UnitKind::Infantry).count() as u8;
                s.draft_cadres[side.idx()] = n.min(avail);
                log.push(EventKind::Roll, Visibility::Public, || format!("BL 3.54: {} drafts ({} +{cost} VP)", side.name(), side.other().name()));
                log.push(EventKind::Roll, Visibility::Seat(seat), || format!("BL 3.54: draft roll {r}: {n} infantry cadres"));
            }
            Action::Done => {
                s.done[side.idx()] = true;
                s.draft_cadres[side.idx()] = 0;
                // BL 12.2: unspent RP are lost.
                s.rp[side.idx()] = 0;
                if s.done == [true, true] {
                    s.due = Some(Auto::ReplacementEnd);
                }
            }
            // BL 3.2.3: swaps are applied in the Deploy phase above.
            Action::Swap(..) => {}
            Action::Bid(b) => {
                s.bids[side.idx()] = Some(b);
                log.info(|| format!("{} has bid", side.name()));
                if s.bids[0].is_some() && s.bids[1].is_some() {
                    s.due = Some(Auto::Initiative);
                }
            }
            Action::Activate(h) => {
                s.hqs.push(h);
                s.units[h as usize].shown = true;
                log.reveal(|| format!("BL 5.11: {} activates {} ({} steps)", side.name(), d.units[h as usize].id, s.units[h as usize].steps));
            }
            Action::Pass => {
                s.passes += 1;
                log.info(|| format!("BL 4.5: {} passes", side.name()));
                s.due = Some(Auto::SupplyPhase);
            }
            Action::March => {
                s.passes = 0;
                let occ = self.occ(s);
                for &h in &s.hqs.clone() {
                    let h = h as usize;
                    match d.units[h].role {
                        // BL 5.4: a Supreme HQ gives Strategic Moves equal to its strength
                        // (counted before its activation step loss).
                        HqRole::Supreme => s.sm += s.units[h].steps,
                        _ => {
                            let range = self.command_hexes(s, h, &occ);
                            for i in 0..s.units.len() {
                                let x = &s.units[i];
                                if x.st == St::Map && self.side_of(i) == side && range[x.hex as usize] {
                                    // Inactive HQs may move under command (option).
                                    if self.kind(i) == UnitKind::Hq && !s.opts.hq_moves_hq {
                                        continue;
                                    }
                                    s.units[i].cmd = true;
                                }
                            }
                        }
                    }
                }
                s.phase = Phase::Movement;
            }
            Action::Move(u, h, via) | Action::SmLand(u, h, via) => {
                let u = u as usize;
                let occ = self.occ(s);
                let all = self.dests(s, u, &occ);
                let (_, used, stop) = all.iter().copied().find(|x| x.0 == h).expect("legal");
                if matches!(a, Action::SmLand(..)) {
                    s.sm -= 1;
                }
                if via != NONE {
                    // BL 1.21 / 5.31: an attack counts against the limit of the hexside the
                    // player chose to cross.
                    match s.attacks.iter_mut().find(|x| x.0 == via && x.1 == h) {
                        Some(x) => x.2 += 1,
                        None => s.attacks.push((via, h, 1)),
                    }
                }
                let x = &mut s.units[u];
                x.hex = h;
                x.moved = true;
                x.used = used;
                x.stop = stop;
                if matches!(a, Action::SmLand(..)) {
                    self.log_strategic(s, u, h, 1, log, || format!("BL 5.4: {} moves by land to {} (1 SM)", side.name(), d.hex_name(h)));
                } else {
                    log.info(|| format!("{} moves to {}", side.name(), d.hex_name(h)));
                }
            }
            Action::Force(u, h) => {
                if self.occ(s)[h as usize] & bit(side.other()) != 0 {
                    // BL 5.32 / 5.31: a forced march to attack counts against the hexside's
                    // Attack limit when it is declared (rule 1.21).
                    let from = s.units[u as usize].hex;
                    match s.attacks.iter_mut().find(|x| x.0 == from && x.1 == h) {
                        Some(x) => x.2 += 1,
                        None => s.attacks.push((from, h, 1)),
                    }
                }
                s.units[u as usize].fm = h;
                log.info(|| format!("BL 5.32: {} marks a forced march", side.name()));
            }
            Action::Rail(u, h) => {
                let u = u as usize;
                let occ = self.occ(s);
                let cost = self.rail_dests(s, u, &occ).into_iter().find(|x| x.0 == h).map(|x| x.1).expect("legal");
                s.sm -= cost;
                self.place_moved(s, u, h);
                self.log_strategic(s, u, h, cost, log, || format!("BL 9.3: {} moves by rail to {} ({cost} SM)", side.name(), d.hex_name(h)));
            }
            Action::Naval(u, h) => {
                s.sm -= 1;
                self.place_moved(s, u as usize, h);
                self.log_strategic(s, u as usize, h, 1, log, || format!("BL 10.3: {} moves by sea to {}", side.name(), d.hex_name(h)));
            }
            Action::Invade(u, h) => {
                s.sm -= 2;
                let port = s.units[u as usize].hex;
                s.invaders.push((u, port));
                self.place_moved(s, u as usize, h);
                self.log_strategic(s, u as usize, h, 2, log, || format!("BL 10.4: {} lands by sea in {}", side.name(), d.hex_name(h)));
            }
            Action::Evacuate(u, h) => {
                s.sm -= 2;
                self.place_moved(s, u as usize, h);
                self.log_strategic(s, u as usize, h, 2, log, || format!("BL 10.42: {} evacuates by sea to {}", side.name(), d.hex_name(h)));
            }
            Action::Cross(u, h) => {
                let from = s.units[u as usize].hex;
                let attack = self.occ(s)[h as usize] & bit(side.other()) != 0;
                let cost = if attack || s.control[h as usize] == side.other() { 2 } else { 1 };
                s.sm -= cost;
                if attack {
                    // BL 5.31: a River Crossing attack counts against the hexside.
                    match s.attacks.iter_mut().find(|x| x.0 == from && x.1 == h) {
                        Some(x) => x.2 += 1,
                        None => s.attacks.push((from, h, 1)),
                    }
                }
                self.place_moved(s, u as usize, h);
                self.log_strategic(s, u as usize, h, cost, log, || format!("BL 10.5: {} crosses the river into {} ({cost} SM)", side.name(), d.hex_name(h)));
            }
            Action::End => match s.phase {
                Phase::Movement => {
                    // BL 5.11: every active HQ loses a step (eliminated at 0), stands up, may move.
                    for &h in &s.hqs.clone() {
                        let h = h as usize;
                        s.units[h].shown = false;
                        self.lose_step(s, h, false);
                        log.info(|| format!("BL 5.11: {} loses a step for its activation", d.units[h].id));
                    }
                    s.phase = Phase::HqMove;
                }
                // BL 5.32: the forced marches, then the Combat Phase (BL 4.42).
                Phase::HqMove => s.due = Some(Auto::ForcedMarches),
                Phase::Supply => s.due = Some(Auto::Attrition),
                Phase::Battle => return self.battle_act(s, side, a, log),
                _ => unreachable!("End is legal only in movement, HQ move, battles and supply"),
            },
            Action::Hit(u) if s.phase == Phase::Supply => {
                s.attrition_picks.push(u);
                // BL 11.6, 2.5: the owner's choice among its face-down blocks is its own.
                log.push(bivouac_engine::log::EventKind::Info, bivouac_engine::Visibility::Seat(seat), || format!("BL 11.6: {} will lose the attrition step", d.units[u as usize].id));
            }
            Action::Deploy(..) | Action::Retreat(..) | Action::Fire(..) | Action::Melee(_) | Action::Press | Action::Break(_) | Action::BMove(..) | Action::Disengage(..) | Action::Reinforce(_) | Action::Withdraw | Action::Continue(_) | Action::Envelop(..) | Action::Target(..) | Action::Fight(_) | Action::Hit(_) => {
                return self.battle_act(s, side, a, log);
            }
            Action::Demand(h) => {
                s.demand = Some(h);
                s.demanded.push(h);
                log.info(|| format!("BL 11.81: {} demands the surrender of the force besieged in {}", side.name(), d.hex_name(h)));
            }
            Action::Surrender(h) => {
                s.demand = None;
                self.surrender(s, side, h, log);
            }
            Action::Refuse => {
                s.demand = None;
                log.info(|| format!("BL 11.81: {} refuses to surrender", side.name()));
            }
            Action::HqSupply(h) => {
                // BL 11.7: reveal the HQ (face up until the turn ends, BL 2.5) and pay a step
                // to cancel attrition in its range.
                s.hq_supply.push(h);
                s.units[h as usize].shown = true;
                self.lose_step(s, h as usize, false);
                log.reveal(|| format!("BL 11.7: {} pays a step for HQ supply", d.units[h as usize].id));
            }
        }
        Ok(())
    }

    /// BL 2.5, 5.4: the log line of a strategic move of block `u` to `to` for `cost` SM. The
    /// owner reads how it went (`detail`). A face-down block's opponent sees it leave and arrive
    /// and the Strategic Moves spent, not the kind of move, which would tell what the block may
    /// be (only infantry invades, rail and land reach different hexes by the block's speed).
    pub(crate) fn log_strategic(&self, s: &State, u: usize, to: u16, cost: u8, log: &mut Log, detail: impl FnOnce() -> String) {
        if s.units[u].shown {
            log.info(detail);
            return;
        }
        let side = self.side_of(u);
        let owner = side.idx() as u8;
        log.push(EventKind::Info, Visibility::Seat(owner), detail);
        log.push(EventKind::Info, Visibility::Others(owner), || format!("BL 5.4: {} makes a strategic move to {} ({cost} SM)", side.name(), self.d().hex_name(to)));
    }

    fn place_moved(&self, s: &mut State, u: usize, h: u16) {
        let x = &mut s.units[u];
        x.hex = h;
        x.moved = true;
        x.stop = true;
        x.used = u8::MAX;
    }

    /// BL 5.32: roll for every forced march after all other movement.
    pub(crate) fn resolve_forced_marches(&self, s: &mut State, log: &mut Log) {
        let d = self.d();
        for u in 0..s.units.len() {
            let target = s.units[u].fm;
            if target == NONE || s.units[u].st != St::Map {
                continue;
            }
            s.units[u].fm = NONE;
            let side = self.side_of(u);
            let from = s.units[u].hex;
            let kind = d.side_kind(from, target);
            let rough = kind != SideKind::Clear || d.hexes[target as usize].terrain == Terrain::Forest;
            let m = self.fm_modifier(s, u, rough);
            let r = self.die(s);
            let ok = r as i16 + m as i16 >= d.fm_success[side.idx()] as i16;
            log.roll(|| format!("BL 5.32: forced march roll {r} ({m:+}): {}", if ok { "success" } else { "failure, -1 step" }));
            if ok {
                s.units[u].hex = target;
            } else {
                // BL 5.32: a failed forced march to attack does not reach the hexside.
                if let Some(i) = s.attacks.iter().position(|x| x.0 == from && x.1 == target) {
                    s.attacks[i].2 -= 1;
                    if s.attacks[i].2 == 0 {
                        s.attacks.remove(i);
                    }
                }
                self.lose_step(s, u, false);
            }
        }
    }

    /// BL 5.32 modifiers: Mud -1, rough hexside -1, artillery -1, cavalry +1.
    pub(crate) fn fm_modifier(&self, s: &State, u: usize, rough: bool) -> i8 {
        let d = self.d();
        let mut m = d.ty(u).fm_mod;
        if s.mud {
            m += d.fm_mud;
        }
        if rough {
            m += d.fm_rough;
        }
        m
    }

    pub(crate) fn to_supply(&self, s: &mut State, log: &mut Log) {
        self.update_control(s, log);
        s.phase = Phase::Supply;
        s.attrition_picks.clear();
        // Skip the decision when nothing can happen in it.
        if self.attrition_losses(s).is_empty() {
            s.due = Some(Auto::CampaignTurnEnd);
        }
    }

    /// Units that would lose a step to supply attrition now (rule 11.5-11.6): in each
    /// out-of-supply hex beyond its forage limit, the largest units first (ties: lowest id).
    pub(crate) fn attrition_losses(&self, s: &State) -> Vec<usize> {
        let side = s.active;
        let occ = self.occ(s);
        let net = self.supply_net(s, side, &occ);
        let mut covered: Option<Vec<bool>> = None;
        for &h in &s.hq_supply {
            if s.units[h as usize].st == St::Map {
                let c = self.command_hexes(s, h as usize, &occ);
                match &mut covered {
                    Some(all) => all.iter_mut().zip(c).for_each(|(a, c)| *a |= c),
                    None => covered = Some(c),
                }
            }
        }
        // Out-of-supply units, by hex; in each hex the largest first; among equals, the
        // owner's picks, then the lowest id.
        let unpicked = |i: usize| !s.attrition_picks.contains(&(i as u8));
        let mut cut: Vec<usize> = (0..s.units.len())
            .filter(|&i| {
                let u = &s.units[i];
                u.st == St::Map && self.side_of(i) == side && !self.in_supply(s, &net, u.hex as usize) && !covered.as_ref().is_some_and(|c| c[u.hex as usize])
            })
            .collect();
        cut.sort_by_key(|&i| (s.units[i].hex, std::cmp::Reverse(s.units[i].steps), unpicked(i), i));
        let mut out = Vec::new();
        for list in cut.chunk_by(|&a, &b| s.units[a].hex == s.units[b].hex) {
            let f = self.forage(s, s.units[list[0]].hex) as usize;
            if list.len() > f {
                out.extend_from_slice(&list[..list.len() - f]);
            }
        }
        out
    }

    /// BL 11.6: the units the owner must still choose among: in the first hex whose attrition
    /// steps fall on some but not all of its equally strong units, those not yet picked.
    fn attrition_choice(&self, s: &State) -> Vec<usize> {
        let losses = self.attrition_losses(s);
        for &u in &losses {
            let (h, k) = (s.units[u].hex, s.units[u].steps);
            let tied: Vec<usize> = (0..s.units.len())
                .filter(|&i| s.units[i].st == St::Map && s.units[i].hex == h && s.units[i].steps == k && self.side_of(i) == s.active)
                .collect();
            let need = tied.iter().filter(|i| losses.contains(i)).count();
            let picked = tied.iter().filter(|&&i| s.attrition_picks.contains(&(i as u8))).count();
            if need < tied.len() && picked < need {
                return tied.into_iter().filter(|&i| !s.attrition_picks.contains(&(i as u8))).collect();
            }
        }
        Vec::new()
    }

    pub(crate) fn attrition(&self, s: &mut State, log: &mut Log) {
        // BL 11.81: a besieged unit eliminated by attrition is removed permanently.
        let besieged = self.besieged_hexes(s, s.active, &self.occ(s));
        for u in self.attrition_losses(s) {
            self.log_block(s, u, log, |b| format!("BL 11.6: {b} loses a step to supply attrition"));
            self.lose_step(s, u, besieged[s.units[u].hex as usize]);
        }
    }

    /// The rule that forbids a strategic move while Strategic Moves are left: the rule of its
    /// kind of move (its cost and route), not the generic BL 5.4.
    fn why_not_route(&self, a: &Action) -> Refusal {
        let (rule, msg) = match a {
            Action::Rail(..) => ("BL 9.3", "a rail move starts and ends in friendly rail hexes, passes no enemy-controlled rail hex (BL 9.1: the CSA never in the North), attacks nobody, and costs 1 SM (2 across two gauges, BL 9.4)"),
            Action::Naval(..) => ("BL 10.3", "a naval move goes from a friendly port to a friendly port for 1 SM, passing no enemy port"),
            Action::Evacuate(..) => ("BL 10.42", "a naval evacuation goes from a coastal hex that is not a port to a friendly port for 2 SM, passing no enemy port"),
            Action::Invade(..) => ("BL 10.4", "only USA infantry invades, from a friendly port, a coastal or navigable-river hex, for 2 SM, passing no enemy port"),
            Action::Cross(..) => ("BL 10.5", "a river crossing goes across a major river above the head of navigation for 1 SM, 2 into an enemy-controlled or enemy-occupied hex"),
            _ => ("BL 5.4", "a strategic land move follows the rules of a normal move (BL 5.3) for 1 SM"),
        };
        Refusal::new(rule, msg.to_string())
    }

    /// The rule that forbids building block `u` as a cadre now (BL 12.4, 12.41, 12.42, 11.81).
    fn why_not_build(&self, s: &State, side: Side, u: usize) -> Refusal {
        let r = |rule: &'static str, msg: String| Refusal::new(rule, msg);
        if u >= s.units.len() || self.side_of(u) != side {
            return r("BL 12.4", "you build cadres only from your own blocks".into());
        }
        match s.units[u].st {
            St::Removed => return r("BL 11.81", "a block eliminated while besieged is never rebuilt".into()),
            St::Map | St::Pending => return r("BL 12.4", "only unbuilt or eliminated blocks (in the pool) enter as cadres".into()),
            St::Pool => {}
        }
        let (cost, rp) = (self.cadre_cost(s, u), s.rp[side.idx()]);
        if cost > rp {
            return r("BL 12.42", format!("this cadre costs {cost} RP and you have {rp}"));
        }
        r("BL 12.41", "cadres are placed only in friendly home cities (3), towns (1) and supply hexes (1)".into())
    }

    /// The rule that forbids an action that is not legal now.
    fn why_not(&self, s: &State, side: Side, a: &Action) -> Refusal {
        let r = |rule: &'static str, msg: &str| Refusal::new(rule, msg.to_string());
        match (s.phase, a) {
            (Phase::Deploy, _) if s.done[side.idx()] => r("BL 3.2.3", "you have already committed your set-up"),
            (Phase::Deploy, _) => r("BL 3.2.3", "in the free set-up, swap two of your blocks at different historical locations (each location keeps its number of blocks; with free-deployment-strengths = location, within each block's maximum strength), or commit with `done`"),
            (_, Action::Swap(..)) => r("BL 3.2.3", "blocks are swapped only in the free set-up before the first month"),
            (Phase::Replacement | Phase::Bids, _) if matches!(a, Action::Done | Action::Bid(_)) && (s.done[side.idx()] || s.bids[side.idx()].is_some()) => r("BL 4.3", "you have already committed"),
            (Phase::Replacement, Action::Step(_)) => r("BL 12.3", "steps go only to units in supply, below their maximum, for their step cost in RP"),
            (Phase::Replacement, Action::Build(u, _)) => self.why_not_build(s, side, *u as usize),
            (Phase::Replacement, Action::Draft) => r("BL 3.54", "one draft per Replacement Turn"),
            (_, Action::Emancipate(_)) => r("BL 3.55", "Emancipation needs a USA win in a major battle last month, once per game, not in the 1863/1864 scenarios"),
            (Phase::Bids, Action::Bid(_)) => r("BL 4.3", "a bid is 0 to the number of your HQs on the map"),
            // BL 4.4: the Campaign Turn is the active player's (the besieged player answers a
            // surrender demand, BL 11.81).
            (Phase::Activation | Phase::Movement | Phase::HqMove | Phase::Supply, _) if side != s.active && !matches!(a, Action::Demand(_) | Action::Surrender(_) | Action::Refuse) => r("BL 4.4", "it is not your Campaign Turn"),
            (Phase::Supply, Action::Hit(_)) => r("BL 11.6", "pick only among the equally strong units of a hex over its forage limit, as many as lose a step"),
            (Phase::Supply, Action::End) => r("BL 11.6", "first pick which of the equally strong units lose the attrition steps"),
            (Phase::Activation, Action::Activate(_)) => r("BL 4.3", "activate your own HQs on the map, once each, exactly the number you bid"),
            (Phase::Activation, Action::Pass) => r("BL 4.3", "the initiative winner must activate exactly its bid"),
            (Phase::Activation, Action::March) => r("BL 4.3", "activate at least one HQ (exactly your bid after winning the initiative)"),
            (Phase::Movement | Phase::HqMove, Action::Move(..)) => r("BL 5.3", "a unit moves once, within its speed, from inside an active HQ's Command Range; no mountains, unbridged major rivers or sea; stop in empty forest and after marsh; an attack names the hexside it crosses (`from HEX`) and obeys its limit"),
            (_, Action::Force(..)) => r("BL 5.32", "a forced march follows a full move that did not stop, one extra adjacent hex (an enemy hex only across a hexside with Attack room, BL 1.21)"),
            (Phase::Movement, Action::SmLand(..) | Action::Rail(..) | Action::Naval(..) | Action::Evacuate(..) | Action::Cross(..) | Action::Invade(..)) if s.sm > 0 && side == s.active => self.why_not_route(a),
            (_, Action::SmLand(..) | Action::Rail(..) | Action::Naval(..) | Action::Evacuate(..) | Action::Cross(..) | Action::Invade(..)) => r("BL 5.4", "strategic moves need an active Supreme HQ with Strategic Moves left"),
            (_, Action::Demand(_)) => r("BL 11.81", "the active player may demand, once per Campaign Turn, the surrender of an enemy force besieged now (every adjacent land hex enemy-occupied, no naval supply)"),
            (_, Action::Surrender(_)) => r("BL 11.81", "a besieged force surrenders when its owner answers a demand for that hex, or voluntarily in its owner's own Campaign Turn"),
            (_, Action::Refuse) => r("BL 11.81", "there is no surrender demand to refuse"),
            (_, Action::HqSupply(_)) => r("BL 11.7", "HQ supply needs one of your Field HQs with at least 2 steps"),
            (Phase::Battle, _) => r("BL 7.0", "not allowed now in this battle: see the legal actions of the current battle segment"),
            _ if side != s.active => r("BL 4.4", "it is not your Campaign Turn"),
            _ => r("BL 4.1", "not allowed at this point of the month"),
        }
    }
}

/// What a block's campaign moves depend on: its hex, current and Dry speeds, and whether it
/// is infantry (naval invasion, rule 10.4).
type MoveKey = (u16, u8, u8, bool);

/// The normal and strategic moves of the first block listed with one `MoveKey`.
/// One stack's listings in `legal_for`: its normal-move destinations, moves and strategic actions.
struct MoveMemo {
    key: MoveKey,
    dests: Option<Vec<(u16, u8, bool)>>,
    moves: Option<Vec<Action>>,
    sm: Option<Vec<Action>>,
}

/// The same campaign move made by unit `u` (see the move memo of `legal_for`).
fn for_unit(a: &Action, u: u8) -> Action {
    match *a {
        Action::Move(_, h, v) => Action::Move(u, h, v),
        Action::SmLand(_, h, v) => Action::SmLand(u, h, v),
        Action::Rail(_, h) => Action::Rail(u, h),
        Action::Naval(_, h) => Action::Naval(u, h),
        Action::Evacuate(_, h) => Action::Evacuate(u, h),
        Action::Cross(_, h) => Action::Cross(u, h),
        Action::Invade(_, h) => Action::Invade(u, h),
        ref other => other.clone(),
    }
}

pub fn month_name(m: u8) -> &'static str {
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][(m.clamp(1, 12) - 1) as usize]
}
