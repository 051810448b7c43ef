//! What the AI knows of For the People: a determinization (the hidden cards re-dealt, the
//! future dice reseeded) and an evaluation of a position for a side, on Strategic Will.

use super::FtP;
use super::content::{ArmyId, Control, GeneralId, Season, Side, StateSide, VictoryKind};
use super::rules::other;
use super::state::{Action, Formation, Frame, MoveSt, Phase, Sp, State};
use bivouac_engine::GameRng;
use bivouac_engine::map::graph::SpaceId;
use bivouac_engine::agent::fork_rng;
use bivouac_engine::game::{Game, Seat, outcome_value, squash};
use bivouac_engine::log::Log;

/// The search's default depth (`Game::search_depth`): flat Monte Carlo over determinizations.
/// A turn of For the People is one card and then many small steps of the same side (an
/// operation, a force, each space of its march, FtP 4, 5): a tree over them is mostly the
/// mover's own choices, and its mean follows the best of noisy children (it came to prefer
/// dropping SP, FtP 5.1.5, which opens one more choice of its own). Flat search compares the
/// heuristic's shortlist on common samples, each action followed by the rest of the mover's
/// activation and the enemy's reply (`ai_playout_stop`), and only where a card or an operation
/// is chosen (`ai_search_share`).
pub(super) const AI_SEARCH_DEPTH: u32 = 1;

/// The actions played greedily after each root action in flat search (`Game::flat_playout`),
/// at most: the mover's activation to its end and the enemy's reply (`ai_playout_stop`).
pub(super) const AI_FLAT_PLAYOUT: u32 = 40;

/// The widest decision a playout of the search plays through, after the shortlist
/// (`Game::playout_width`): a hand of cards, a choice of operation (FtP 4.1). Rail moves are cut
/// to `RAIL_SHORTLIST` by the shortlist, and the reinforcement phase ends a playout anyway.
pub(super) const AI_PLAYOUT_WIDTH: usize = 400;

/// The share of the search budget of a decision that is a choice of card or of operation
/// (`Game::search_share`, `ai_search_share`).
const AI_SEARCH_SHARE: f64 = 0.1;

/// Rail moves (FtP 10.2) kept for the full evaluation of the heuristic agent.
const RAIL_SHORTLIST: usize = 12;

/// Battle decisions `ai_settle` plays out before a position is scored.
const AI_SETTLE_STEPS: usize = 12;

/// What one OP of a card played for operations is worth before its operation is chosen
/// (FtP 4.1): about the PC it can place (FtP 11.3). An event is played only when its effect
/// is worth more than the card's OPs.
const OP_WORTH: f64 = 0.6;

/// The share of next turn's expected attrition (FtP 9.1, 9.2) an SP position pays now.
const ATTRITION_WEIGHT: f64 = 0.5;

/// What the evaluation reads of a position, per side (index: `Side::index`).
struct Features {
    /// Infantry SP in each space (loose, in armies, moving).
    inf: [Vec<u16>; 2],
    /// Spaces with a LOC (FtP 8).
    sup: [Vec<bool>; 2],
    /// Distance to the nearest space still needed for state control (FtP 12.1).
    goal: [Vec<u32>; 2],
    /// The best enemy objective within reach (`ai_targets`).
    target: [Vec<f64>; 2],
}

/// SP a stack of `n` is expected to lose in the next Attrition Phase (FtP 9.1: 1 from 3 to 6
/// SP, 2 above 6; FtP 9.2: again, on what is left, without a LOC).
fn ai_attrition(n: u16, supplied: bool) -> u16 {
    let loss = |n: u16| match n {
        0..=2 => 0,
        3..=6 => 1,
        _ => 2,
    };
    let first = loss(n);
    if supplied { first } else { first + loss(n - first) }
}

/// The open blockade-runner ports of a position (FtP 10.5.2): per space, and per zone.
struct OpenPorts {
    port: Vec<bool>,
    zone: [u8; 4],
}

impl FtP {
    /// The draw deck's order and the opponent's hand are secret (FtP 3.2, 4); the map,
    /// Strategic Will and the discards are public. Those cards are pooled and dealt back, each
    /// pile keeping its size, and the dice come from a reseeded stream.
    pub(super) fn ai_determinize(&self, st: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut d = st.clone();
        d.piles.resample_hidden(seat, rng);
        d.rng = fork_rng(rng);
        d
    }

    /// Infantry SP of `side` in each space: loose, in armies and in the moving force (the
    /// SP that place PCs, FtP 11.1).
    fn ai_infantry(&self, st: &State, side: Side) -> Vec<u16> {
        let mut inf: Vec<u16> = st.sp.iter().map(|x| x[side.index()] as u16).collect();
        for (a, x) in st.armies.iter().enumerate() {
            if let Some(x) = x
                && self.army_side(a as u8) == side
            {
                inf[x.space as usize] += x.sp as u16;
            }
        }
        if let Some(m) = st.moving.as_ref().filter(|m| m.side == side) {
            inf[m.at as usize] += m.sp as u16;
        }
        inf
    }

    /// Everything the evaluation needs, computed once per position (FtP 8: each side's LOCs
    /// once, not once per term).
    fn ai_features(&self, st: &State) -> Features {
        let inf = [self.ai_infantry(st, Side::Union), self.ai_infantry(st, Side::Csa)];
        let sup = [self.supplied(st, Side::Union), self.supplied(st, Side::Csa)];
        let goal = [self.ai_goal_distance(st, Side::Union), self.ai_goal_distance(st, Side::Csa)];
        let target = [self.ai_targets(st, Side::Union), self.ai_targets(st, Side::Csa)];
        Features { inf, sup, goal, target }
    }

    /// Whether `side`'s supplied infantry in `s` will place its PC there at the next PC Phase
    /// (FtP 11.1): the other side has neither SP nor a fort there, and the space is not
    /// `side`'s yet.
    fn ai_converts(&self, st: &State, f: &Features, side: Side, s: usize) -> bool {
        let them = other(side).index();
        f.sup[side.index()][s] && f.inf[them][s] == 0 && st.sp[s][them] == 0 && st.fort[s] != Some(other(side)) && st.control[s] != Control::Of(side)
    }

    /// What `side` gains when its PC goes on `s`: the PC (FtP 11), progress toward the
    /// control of a state it still needs (FtP 12.1), and for the Union a CSA resource center
    /// destroyed (FtP 12.2: the CSA loses its value, the Union gains it).
    fn ai_conversion(&self, st: &State, side: Side, s: usize) -> f64 {
        let i = self.state_of(s as Sp);
        let def = &self.c.states[i];
        let mut v = 0.3;
        if let Some(need) = def.control.filter(|&n| n > 0)
            && self.ai_state_open(st, side, i)
        {
            // FtP 8.4.3: the Valley spaces count double, with the Shenandoah rule.
            let w = if st.opts.shenandoah { self.c.control_weight(SpaceId(s as Sp)) as f64 } else { 1.0 };
            v += 0.5 * def.sw.max(5) as f64 * w / need as f64;
        }
        let rc = self.c.map.space(SpaceId(s as Sp)).resource;
        if side == Side::Union && rc > 0 && !st.rc_destroyed[s] {
            v += 2.0 * rc as f64;
        }
        // FtP 10.5.1, 10.5.2: a Union PC closes a BR port.
        if side == Side::Union && self.c.map.space(SpaceId(s as Sp)).br {
            v += self.ai_port_worth(st, s as Sp, &self.ai_open_ports(st));
        }
        v
    }

    /// A state whose spaces `side` still needs (FtP 12.1): for the Union a CSA or border state it
    /// does not control yet, for the CSA a border state still neutral.
    fn ai_state_open(&self, st: &State, side: Side, i: usize) -> bool {
        let def = &self.c.states[i];
        match side {
            Side::Union => def.side != StateSide::Union && st.state_control[i] != Control::Of(Side::Union),
            Side::Csa => def.side == StateSide::Border && st.state_control[i] == Control::Neutral,
        }
    }

    /// The distance (in links) of every space to the nearest space `side` still needs for state
    /// control (FtP 12.1): one it does not control in a state still open to it.
    fn ai_goal_distance(&self, st: &State, side: Side) -> Vec<u32> {
        let n = self.c.map.len();
        let mut seeds = Vec::new();
        for s in 0..n {
            let i = self.state_of(s as Sp);
            if self.ai_state_open(st, side, i) && self.c.states[i].control.is_some_and(|c| c > 0) && st.control[s] != Control::Of(side) {
                seeds.push(s as Sp);
            }
        }
        self.ai_distances(&seeds, u32::MAX)
    }

    /// Distances in links from the nearest of `seeds`, explored up to `limit` links
    /// (`u32::MAX` beyond).
    fn ai_distances(&self, seeds: &[Sp], limit: u32) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.c.map.len()];
        let mut frontier: Vec<Sp> = seeds.to_vec();
        for &s in seeds {
            dist[s as usize] = 0;
        }
        let mut next: Vec<Sp> = Vec::new();
        let mut d = 0;
        while !frontier.is_empty() && d < limit {
            d += 1;
            next.clear();
            for &s in &frontier {
                for (t, _) in self.c.map.neighbors(SpaceId(s)) {
                    if dist[t.index()] == u32::MAX {
                        dist[t.index()] = d;
                        next.push(t.0);
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
        }
        dist
    }

    /// The enemy objectives worth marching on and what each is worth to `side` in SW: for the
    /// Union every CSA resource center still standing (FtP 12.2: its value lost by the CSA and
    /// gained by the Union) and the CSA capital (FtP 11.2.2, 12.6: 15, and 10 more when the new
    /// capital is not a resource center or BR port, FtP 11.2.3: in the traced games the CSA paid
    /// it at most relocations, its approved spaces going as the Union takes them; counted at
    /// 25); for the CSA the Union capital (FtP 12.6: 30; the Union has eight approved spaces,
    /// 11.2.3). Per space the best of value / (1 + distance), within 6 links.
    fn ai_targets(&self, st: &State, side: Side) -> Vec<f64> {
        let mut goals: Vec<(Sp, f64)> = Vec::new();
        if side == Side::Union {
            let open = self.ai_open_ports(st);
            for s in self.c.map.ids() {
                let rc = self.c.map.space(s).resource;
                let mut v = 0.0;
                if rc > 0 && !st.rc_destroyed[s.index()] && !st.controls(Side::Union, s.0) {
                    v += 2.0 * rc as f64;
                }
                // FtP 10.5.1: the open BR ports, to close.
                v += self.ai_port_worth(st, s.0, &open);
                if v > 0.0 {
                    goals.push((s.0, v));
                }
            }
        }
        let (foe, worth) = if side == Side::Union { (Side::Csa, 25.0) } else { (Side::Union, 30.0) };
        if let Some(cap) = st.capital[foe.index()] {
            goals.push((cap, worth));
        }
        let mut best = vec![0.0f64; self.c.map.len()];
        for (g, v) in goals {
            for (s, d) in self.ai_distances(&[g], 6).into_iter().enumerate() {
                if d != u32::MAX {
                    best[s] = best[s].max(v / (1.0 + d as f64));
                }
            }
        }
        best
    }

    /// What `n` infantry SP of `side` standing in `s` add to the position beyond their
    /// number: half their worth lost without a LOC (FtP 8, 9.2: they forage and melt); a pull
    /// toward the spaces the side still needs (FtP 11.1, 12.1) and toward the enemy's resource
    /// centers and capital (FtP 12.2, 12.6); the PC they will place (FtP 11.1).
    fn ai_stack(&self, st: &State, f: &Features, side: Side, s: usize, n: u16) -> f64 {
        if n == 0 {
            return 0.0;
        }
        let i = side.index();
        let m = n.min(6) as f64;
        let mut v = 0.1 * m * f.target[i][s];
        if !f.sup[i][s] {
            v -= 0.75 * n as f64;
        }
        if f.goal[i][s] != u32::MAX {
            v += 0.2 * m / (1.0 + f.goal[i][s] as f64);
        }
        if self.ai_converts(st, f, side, s) {
            v += self.ai_conversion(st, side, s);
        }
        v - ATTRITION_WEIGHT * 1.5 * ai_attrition(n, f.sup[i][s]) as f64
    }

    /// What a decision the mover has already started is worth beyond the position: a one-ply
    /// look scores an activation or a card played for OPs as nothing until the force has moved
    /// or the PCs are down, and would pick among them at random. In Union points.
    /// - A card played for OPs, its operation not chosen yet (FtP 4.1): `OP_WORTH` an OP.
    /// - PCs still to place with OPs (FtP 11.3): the best spaces open to them.
    /// - A campaign event's moves still to make (FtP 4.3): a 3-value card each.
    /// - A moving force (FtP 5.1): the best space it can still reach (`ai_reach`).
    fn ai_pending(&self, st: &State, f: &Features) -> f64 {
        let sign = |side: Side| if side == Side::Union { 1.0 } else { -1.0 };
        match st.flow.top() {
            Some(&Frame::Ops { side, value, .. }) => sign(side) * OP_WORTH * value as f64,
            Some(&Frame::Campaign { side, left }) => sign(side) * OP_WORTH * 3.0 * left as f64,
            Some(&Frame::Pcs { side, left }) => {
                let mut gains: Vec<f64> = self.pc_spaces(st, side).into_iter().map(|s| self.ai_conversion(st, side, s as usize)).collect();
                gains.sort_by(|a, b| b.total_cmp(a));
                sign(side) * gains.iter().take(left as usize).sum::<f64>()
            }
            Some(Frame::Move) => st.moving.as_ref().map_or(0.0, |m| sign(m.side) * self.ai_reach(st, f, m)),
            _ => 0.0,
        }
    }

    /// The best gain the moving force can still make (FtP 5.1): its worth (`ai_stack`) in the
    /// best space within its MP, less its worth where it stands; 0 if it should stop here. A
    /// space with enemy SP or a fort ends the move in battle (FtP 5.7): reached only by a force
    /// at least twice the enemy's strength; a division stays out of the spaces FtP 5.4.2
    /// forbids it.
    fn ai_reach(&self, st: &State, f: &Features, m: &MoveSt) -> f64 {
        if m.halted || m.mp == 0 {
            return 0.0;
        }
        let side = m.side;
        let i = side.index();
        let mut k = m.sp as u16;
        if m.kind == Formation::Army
            && let Some(x) = m.army.and_then(|a| st.armies[a as usize].as_ref())
        {
            k += x.sp as u16;
        }
        if k == 0 {
            return 0.0;
        }
        let n = &f.inf[i];
        let worth = |s: usize, x: u16| self.ai_stack(st, f, side, s, x);
        let at = m.at as usize;
        let here = worth(at, n[at]) - worth(at, n[at].saturating_sub(k));
        let mut best = 0.0f64;
        let mut seen = vec![false; self.c.map.len()];
        seen[at] = true;
        let mut frontier = vec![m.at];
        for _ in 0..m.mp {
            let mut next = Vec::new();
            for &s in &frontier {
                for (t, _) in self.c.map.neighbors(SpaceId(s)) {
                    let to = t.index();
                    if seen[to] || self.division_barred(st, m, t.0) {
                        continue;
                    }
                    seen[to] = true;
                    let enemy = self.enemy_occupied(st, side, t.0);
                    if enemy && k < 2 * self.strength(st, other(side), t.0).max(1) {
                        continue;
                    }
                    best = best.max(worth(to, n[to] + k) - worth(to, n[to]) - here);
                    if !enemy {
                        next.push(t.0);
                    }
                }
            }
            frontier = next;
        }
        best
    }

    /// What a CSA or border state held by the Union at the end counts in the scenario's verdict,
    /// in SW of lead: 25 in the campaign (FtP 17.3: 10 states win, a full 25 SW of lead counts as
    /// one), 0 in a scenario that counts SW or names its states (FtP 13 ... 16).
    fn ai_campaign_state(&self, st: &State) -> f64 {
        let sc = &self.c.scenarios[st.sc as usize];
        match sc.victory.iter().rev().find(|v| v.edition.is_none_or(|e| e == st.edition)).map(|v| &v.kind) {
            Some(VictoryKind::Campaign { sw_lead_per_state, .. }) => *sw_lead_per_state as f64,
            _ => 0.0,
        }
    }

    /// Open blockade-runner ports (`br_open_ports`, FtP 10.5.2, the LOCs traced once): which
    /// spaces, and how many in each of the four blockade zones.
    fn ai_open_ports(&self, st: &State) -> OpenPorts {
        let port = self.br_open_ports(st);
        let mut zone = [0u8; 4];
        for s in self.c.map.ids() {
            if let Some(z) = self.c.map.space(s).sea.filter(|&z| port[s.index()] && (z as usize) < 4) {
                zone[z as usize] += 1;
            }
        }
        OpenPorts { port, zone }
    }

    /// Turns still to come with blockade-runner rolls (FtP 10.5).
    fn ai_br_turns_left(&self, st: &State) -> f64 {
        let last = self.c.scenarios[st.sc as usize].last_turn;
        self.c.turns.iter().filter(|t| t.number > st.turn && t.number <= last && t.br_rolls).count() as f64
    }

    /// What closing the open BR port `s` is worth to the Union (FtP 10.5.1, 10.5.4, 12.5): once
    /// every port of its zone is closed, each BR roll still to come costs the CSA 2 SW and the
    /// SP it would have brought (1.5 points) for certain instead of when the roll fails; the
    /// port's share of that, counted at half (the zone's other ports must close too, a port
    /// may be retaken). 0 for a port already closed.
    fn ai_port_worth(&self, st: &State, s: Sp, open: &OpenPorts) -> f64 {
        let d = self.c.map.space(SpaceId(s));
        let Some(z) = d.sea.filter(|&z| d.br && (z as usize) < 4) else { return 0.0 };
        if !open.port[s as usize] || open.zone[z as usize] == 0 {
            return 0.0;
        }
        let miss = 1.0 - st.blockade as f64 / 6.0;
        0.5 * self.ai_br_turns_left(st) * 3.5 * miss / open.zone[z as usize] as f64
    }

    /// Blockade (FtP 10.5.4, 12.5) and war guilt (FtP 12.9) still to come, in Union points:
    /// each BR roll at or under the blockade level costs the CSA 2 SW, four zones a turn for
    /// every turn left with BR rolls; after the Emancipation Proclamation the CSA loses 5 SW
    /// every Fall still to be played. Counted at half: the zones may close, the game may end.
    fn ai_future_sw(&self, st: &State) -> f64 {
        let last = self.end_scenario(st).last_turn;
        let ahead = self.c.turns.iter().filter(|t| t.number > st.turn && t.number <= last);
        let (mut rolls, mut falls) = (0.0, 0.0);
        for t in ahead {
            rolls += if t.br_rolls { 1.0 } else { 0.0 };
            falls += if t.season == Season::Fall { 1.0 } else { 0.0 };
        }
        // FtP 10.5.1: a zone whose BR ports are all closed rolls nothing and costs the CSA 2 SW
        // for certain; an open one, when the roll is at or under the level (10.5.4).
        let open = self.ai_open_ports(st);
        let per_turn: f64 = open.zone.iter().map(|&n| if n == 0 { 2.0 } else { 2.0 * st.blockade as f64 / 6.0 }).sum();
        let blockade = rolls * per_turn;
        let guilt = if st.emancipation { 5.0 * falls } else { 0.0 };
        0.5 * (blockade + guilt)
    }

    /// A position in Strategic Will points for `me` against `them`, every term a rule's:
    /// - Strategic Will (FtP 12): the margin, and how close each automatic victory is
    ///   (FtP 17.2.1: CSA will at 0; CSA will more than twice the Union's).
    /// - The scenario's victory conditions (FtP 13.2 ... 17.3) as if it ended now, weighted by how
    ///   much of the scenario has been played.
    /// - State control (FtP 12.1): every CSA or border state not yet decided counts its SW value
    ///   times each side's share of the spaces it needs.
    /// - Political control (FtP 11): every controlled space, a little.
    /// - Strength points (the means of everything else) and where they stand (`ai_stack`: the
    ///   PCs supplied infantry will place, FtP 11.1; supply, FtP 8; objectives, FtP 12).
    /// - A national capital off the map (FtP 11.2: no PCs by OPs, 12.6 already paid).
    fn ai_points(&self, st: &State, me: Side) -> f64 {
        let (u, c) = (st.sw[Side::Union.index()] as f64, st.sw[Side::Csa.index()] as f64);
        let mut union = u - c;
        // FtP 17.2.1: the Union's goal is CSA will at 0, the CSA's a will above twice the Union's.
        union += 0.3 * (100.0 - c).max(0.0) - 0.3 * (c - u).max(0.0);
        // FtP 13.2 ... 17.3: the scenario's verdict if it ended now.
        let sc = &self.c.scenarios[st.sc as usize];
        let span = (self.end_scenario(st).last_turn.saturating_sub(sc.first_turn) + 1) as f64;
        let played = (st.turn.saturating_sub(sc.first_turn) + 1) as f64 / span;
        let (winners, _) = self.scenario_victory(st);
        let verdict = if winners.contains(&0) { 1.0 } else if winners.contains(&1) { -1.0 } else { 0.0 };
        union += 20.0 * played * verdict;
        union += self.ai_future_sw(st);
        let f = self.ai_features(st);
        union += self.ai_pending(st, &f);
        // FtP 12.1: states still to be decided, on the control of today.
        let mut count = vec![[0u16; 2]; self.c.states.len()];
        for s in self.c.map.ids() {
            if let Control::Of(side) = st.control[s.index()] {
                // FtP 8.4.3: the Valley spaces count double, with the Shenandoah rule.
                count[self.state_of(s.0)][side.index()] += if st.opts.shenandoah { self.c.control_weight(s) as u16 } else { 1 };
            }
        }
        // FtP 17.3: at the end of the campaign every CSA or border state the Union holds counts
        // as a state toward its 10, as much as 25 SW of lead; worth more the nearer the end.
        let counted = self.ai_campaign_state(st) * played;
        for (i, def) in self.c.states.iter().enumerate() {
            let Some(need) = def.control.filter(|&n| n > 0) else { continue };
            if st.state_control[i] == Control::Of(Side::Union) {
                if def.side != StateSide::Union {
                    union += counted;
                }
                continue;
            }
            let share = |side: Side| (count[i][side.index()] as f64 / need as f64).min(1.0);
            let value = def.sw.max(5) as f64 + if def.side != StateSide::Union { counted } else { 0.0 };
            union += 0.5 * value * share(Side::Union);
            if st.state_control[i] == Control::Neutral {
                union -= 0.5 * value * share(Side::Csa);
            }
        }
        for side in [Side::Union, Side::Csa] {
            let sign = if side == Side::Union { 1.0 } else { -1.0 };
            let i = side.index();
            // FtP 11: political control.
            let pcs = st.control.iter().filter(|&&x| x == Control::Of(side)).count() as f64;
            // Strength points, and where the infantry stands.
            let sp = self.total_sp(st, side) as f64;
            let placed: f64 = (0..f.inf[i].len()).map(|s| self.ai_stack(st, &f, side, s, f.inf[i][s])).sum();
            // FtP 11.2: a capital off the map.
            let exiled = if st.capital[i].is_none() { 10.0 } else { 0.0 };
            union += sign * (0.3 * pcs + 1.5 * sp + placed - exiled);
        }
        if me == Side::Union { union } else { -union }
    }

    /// The heuristic agent's shortlist (see `Game::shortlist`), three cuts:
    /// - A rail phase (FtP 10.2) offers every supplied SP to every space its rail net reaches,
    ///   hundreds of moves each played and evaluated before. They are ranked here by what one SP
    ///   is worth where it leaves and where it arrives (`ai_stack`, on features computed once),
    ///   and the best `RAIL_SHORTLIST` go on to the full evaluation.
    /// - A corps (FtP 5.3) is offered with every SP count up to 6 and a division (FtP 5.4) with
    ///   every count from 1: they score alike until they move, so the corps is tried at its
    ///   largest and the division at 1 SP (a conversion, FtP 11.1) and at its largest.
    /// - A moving force may pick up and drop SP and generals as often as it likes (FtP 5.1.5,
    ///   5.6.6); a one-ply look scores a drop and the pick-up that undoes it alike and can
    ///   repeat them for ever, so it only picks up (drops only when nothing else is open).
    /// - The evaluation does not rate generals: a corps (FtP 5.3.3) is tried with its first
    ///   extra-general option only (none when that is open), a naval move (FtP 6.1.2) at its
    ///   largest with its first general option, and one army creation per space (FtP 5.2.1).
    pub(super) fn ai_shortlist(&self, st: &State, seat: Seat, legal: &[Action]) -> Option<Vec<usize>> {
        let side = if seat == 0 { Side::Union } else { Side::Csa };
        let only_shuffles = legal.iter().all(|a| matches!(a, Action::PickUp { .. } | Action::DropOff { .. }));
        let max_corps = |g: GeneralId, x: Option<GeneralId>| legal.iter().filter_map(|a| if let Action::MoveCorps { general, sp, extra } = *a && general == g && extra == x { Some(sp) } else { None }).max();
        // The first of a general's corps options in the list order, `extra: None` first.
        let first_extra = |g: GeneralId| {
            let mut x = legal.iter().filter_map(|a| if let Action::MoveCorps { general, extra, .. } = *a && general == g { Some(extra) } else { None });
            let first = x.next().flatten();
            if x.any(|e| e.is_none()) { None } else { first }
        };
        let max_naval = |at: Sp| legal.iter().filter_map(|a| if let Action::NavalMove { space, sp, .. } = *a && space == at { Some(sp) } else { None }).max();
        let first_naval = |at: Sp, n: u8| legal.iter().position(|a| matches!(*a, Action::NavalMove { space, sp, .. } if space == at && sp == n));
        let first_army = |at: Sp| legal.iter().position(|a| matches!(*a, Action::CreateArmy { space, .. } if space == at));
        let max_div = |at: Sp| legal.iter().filter_map(|a| if let Action::MoveDivision { space, sp } = *a && space == at { Some(sp) } else { None }).max();
        let max_army_div = |of: ArmyId| legal.iter().filter_map(|a| if let Action::MoveArmyDivision { army, sp } = *a && army == of { Some(sp) } else { None }).max();
        let mut keep: Vec<usize> = Vec::new();
        let mut rail: Vec<(f64, usize)> = Vec::new();
        let wide = legal.len() > RAIL_SHORTLIST;
        let f = wide.then(|| self.ai_features(st));
        for (i, a) in legal.iter().enumerate() {
            let kept = match *a {
                Action::Strategic { from, to } if let Some(f) = &f => {
                    let n = &f.inf[side.index()];
                    let worth = |s: Sp, k: u16| self.ai_stack(st, f, side, s as usize, k);
                    let (nf, nt) = (n[from as usize], n[to as usize]);
                    let gain = worth(to, nt + 1) - worth(to, nt) - (worth(from, nf) - worth(from, nf.saturating_sub(1)));
                    rail.push((gain, i));
                    false
                }
                Action::MoveCorps { general, sp, extra } => extra == first_extra(general) && Some(sp) == max_corps(general, extra),
                Action::NavalMove { space, sp, .. } => Some(sp) == max_naval(space) && first_naval(space, sp) == Some(i),
                Action::CreateArmy { space, .. } => first_army(space) == Some(i),
                Action::MoveDivision { space, sp } => sp == 1 || Some(sp) == max_div(space),
                Action::MoveArmyDivision { army, sp } => sp == 1 || Some(sp) == max_army_div(army),
                Action::DropOff { .. } => only_shuffles,
                _ => true,
            };
            if kept {
                keep.push(i);
            }
        }
        rail.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        keep.extend(rail.into_iter().take(RAIL_SHORTLIST).map(|(_, i)| i));
        (keep.len() < legal.len()).then_some(keep)
    }

    /// Which decisions the search spends its budget on (`Game::search_share`): the choices a
    /// turn is made of, the card and how it is played (FtP 3.3.2, 4: for OPs, as an event,
    /// discarded; who goes first, 3.3.1) and the operation its OPs buy (FtP 4.1: which army,
    /// corps, division or brigade moves, an army created, a fort, PCs, a naval move, 5, 6,
    /// 6.8.6, 11.3). Every other decision (each step of a march, each PC, a reinforcement, a
    /// battle's choices) goes to the heuristic's choice, as the search's playouts play it.
    pub(super) fn ai_search_share(&self, legal: &[Action]) -> f64 {
        let choice = |a: &Action| {
            matches!(
                a,
                Action::Ops { .. }
                    | Action::Event { .. }
                    | Action::Discard { .. }
                    | Action::CsaFirst { .. }
                    | Action::UnionFirst
                    | Action::QueueCard { .. }
                    | Action::MoveArmy { .. }
                    | Action::MoveCorps { .. }
                    | Action::MoveDivision { .. }
                    | Action::MoveArmyDivision { .. }
                    | Action::MoveBrigade { .. }
                    | Action::CreateArmy { .. }
                    | Action::BuildFort { .. }
                    | Action::PlacePcs
                    | Action::NavalMove { .. }
                    | Action::NavalArmy { .. }
                    | Action::Reorganize
                    | Action::OpenQueue { .. }
                    | Action::BuildRailroads
            )
        };
        if legal.iter().any(choice) { AI_SEARCH_SHARE } else { 0.0 }
    }

    /// Where a playout of the search stops (`Game::playout_stop`) for the side of `seat`, whose
    /// choice is valued: once that side is to play its next card (FtP 3.3.2: its activation
    /// and the enemy's reply played out), or the strategy rounds are over (FtP 3.3, 3.4).
    pub(super) fn ai_playout_stop(&self, st: &State, seat: Seat) -> bool {
        let me = if seat == 0 { Side::Union } else { Side::Csa };
        st.phase != Phase::Strategy || matches!(st.flow.top(), Some(Frame::Round { side }) if *side == me) || self.active_seats(st).is_empty()
    }

    /// A battle the mover has just started, settled before the position is scored (FtP 5.8,
    /// 7.2 ... 7.6): a one-ply look stops where the enemy decides whether to intercept or to
    /// retreat before battle, and scores an attack as a force standing next to its target, its
    /// gain unseen (a corps next to a Richmond held by 1 SP never stepped in). On a copy of
    /// the sample (its own dice), the enemy declines to intercept and stands (the battle is
    /// fought), and the battle's own choices (elite units, command, losses, retreats, and the
    /// army removed when an army intercepts into its side's other army, FtP 5.8.1, 5.2.4) take
    /// their first option, for at most `AI_SETTLE_STEPS` decisions. `None` if no battle is
    /// pending.
    fn ai_settle(&self, st: &State) -> Option<State> {
        let pending = |s: &State| matches!(s.flow.top(), Some(Frame::Rbb { .. } | Frame::Intercept { .. } | Frame::Elite { .. } | Frame::Lead { .. } | Frame::Losses { .. } | Frame::SpaceLosses { .. } | Frame::Retreat { .. } | Frame::TwoArmies { .. }));
        if !pending(st) {
            return None;
        }
        let mut s = st.clone();
        for _ in 0..AI_SETTLE_STEPS {
            if !pending(&s) || self.outcome(&s).is_some() {
                break;
            }
            let seat = *self.active_seats(&s).first()?;
            let a = match s.flow.top() {
                Some(Frame::Rbb { .. }) => Action::Stand,
                Some(Frame::Intercept { .. }) => Action::Decline,
                _ => self.legal_actions(&s, seat).into_iter().next()?,
            };
            self.apply(&mut s, seat, &a, &mut Log::quiet()).ok()?;
        }
        Some(s)
    }

    /// The position's points (see `ai_points`) squashed into (0, 1); a finished game is 1, 0
    /// or a half.
    pub(super) fn ai_evaluate(&self, st: &State, seat: Seat) -> f64 {
        let settled = self.ai_settle(st);
        let st = settled.as_ref().unwrap_or(st);
        if let Some(o) = self.outcome(st) {
            return outcome_value(&o, seat, 2);
        }
        let me = if seat == 0 { Side::Union } else { Side::Csa };
        squash(self.ai_points(st, me), 15.0)
    }
}

#[cfg(test)]
mod tests {
    use super::{RAIL_SHORTLIST, ai_attrition};
    use bivouac_engine::game::squash;
    use super::super::content::{Control, Side};
    use super::super::play_tests::{act, game, round_with, sp};
    use bivouac_engine::agent::{Agent, Decision, HeuristicAgent};
    use bivouac_engine::log::Log;
    use bivouac_engine::mcts::{MctsAgent, MctsConfig};
    use super::super::state::{Action, Frame, HAND, Sp, State};
    use bivouac_engine::GameRng;
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::map::graph::SpaceId;

    #[test]
    fn determinize_keeps_own_hand_and_redeals_the_rest() {
        let g = game();
        let st = g.setup(&Setup::new("1861", 2, 5)).unwrap();
        let mut rng = GameRng::new(1);
        let d = g.determinize(&st, 0, &mut rng);
        let own = |s: &State| s.piles.cards(HAND[0]).to_vec();
        assert_eq!(own(&d), own(&st), "the Union hand is the Union's own knowledge");
        assert_eq!(d.piles.len(HAND[1]), st.piles.len(HAND[1]));
        d.piles.check_conservation().unwrap();
        let v = g.evaluate(&st, 0);
        assert!((0.0..=1.0).contains(&v));
    }

    fn start() -> State {
        game().setup(&Setup::new("1861", 2, 5)).unwrap()
    }

    #[test]
    fn evaluation_follows_strategic_will_fpt_12() {
        let g = game();
        let st = start();
        let mut ahead = st.clone();
        ahead.sw[1] -= 15;
        assert!(g.evaluate(&ahead, 0) > g.evaluate(&st, 0), "FtP 12, 17.2.1: CSA will lost is the Union's gain");
        assert!(g.evaluate(&ahead, 1) < g.evaluate(&st, 1));
        let (u, c) = (g.evaluate(&st, 0), g.evaluate(&st, 1));
        assert!((u + c - 1.0).abs() < 1e-9, "one side's gain is the other's loss: {u} + {c}");
    }

    #[test]
    fn evaluation_counts_a_capital_off_the_map_fpt_11_2() {
        let g = game();
        let st = start();
        let mut fled = st.clone();
        fled.capital[Side::Csa.index()] = None;
        assert!(g.evaluate(&fled, 1) < g.evaluate(&st, 1));
    }

    #[test]
    fn evaluation_counts_progress_toward_a_border_state_fpt_12_1_13_2() {
        // FtP 13.2: the 1861 Union needs Kentucky (among others); spaces there count toward it.
        let g = game();
        let st = start();
        let ky = g.c.states.iter().position(|d| d.abbr == "KY").unwrap();
        let mut gained = st.clone();
        let mut n = 0;
        for s in g.c.map.ids().filter(|&s| g.state_of(s.0) == ky && !st.controls(Side::Union, s.0)).take(3) {
            gained.control[s.index()] = Control::Of(Side::Union);
            n += 1;
        }
        assert!(n > 0);
        assert!(g.evaluate(&gained, 0) > g.evaluate(&st, 0));
        assert!(g.evaluate(&gained, 1) < g.evaluate(&st, 1));
    }

    #[test]
    fn evaluation_counts_supplied_infantry_as_the_pc_it_will_place_fpt_11_1() {
        // FtP 11.1: in the PC Phase supplied infantry converts its space; one Union SP moved
        // from a stack of several into a supplied, empty Kentucky space is worth more to the
        // Union (the PC to come, progress toward the state, FtP 12.1) than where it stood.
        let g = game();
        let st = start();
        let ky = g.c.states.iter().position(|d| d.abbr == "KY").unwrap();
        let sup = g.supplied(&st, Side::Union);
        let target = g.c.map.ids().map(|s| s.0).find(|&s| g.state_of(s) == ky && sup[s as usize] && st.sp[s as usize] == [0, 0] && !st.controls(Side::Union, s)).expect("a supplied empty Kentucky space");
        let from = g.c.map.ids().map(|s| s.0).find(|&s| st.sp[s as usize][0] >= 2 && g.state_of(s) != ky).expect("a Union stack");
        let mut moved = st.clone();
        moved.sp[from as usize][0] -= 1;
        moved.sp[target as usize][0] += 1;
        assert!(g.evaluate(&moved, 0) > g.evaluate(&st, 0));
        assert!(g.evaluate(&moved, 1) < g.evaluate(&st, 1));
    }

    #[test]
    fn a_resource_center_the_union_takes_is_worth_its_value_twice_fpt_12_2() {
        // FtP 12.2: a Union PC on a CSA resource center destroys it: the CSA loses its value
        // and the Union gains it. Nashville (5) against another Tennessee space.
        let g = game();
        let st = start();
        let (nash, other) = (sp("nashville"), sp("clarksville_tn"));
        let gain = g.ai_conversion(&st, Side::Union, nash as usize) - g.ai_conversion(&st, Side::Union, other as usize);
        assert!((gain - 10.0).abs() < 1e-9, "{gain}");
        let mut gone = st.clone();
        gone.rc_destroyed[nash as usize] = true;
        assert!(g.ai_conversion(&gone, Side::Union, nash as usize) < g.ai_conversion(&st, Side::Union, nash as usize), "destroyed once (FtP 12.2)");
        assert_eq!(g.ai_conversion(&st, Side::Csa, nash as usize), g.ai_conversion(&st, Side::Csa, other as usize), "the CSA destroys none");
    }

    #[test]
    fn infantry_is_drawn_toward_the_enemy_objectives_fpt_12_2_12_6() {
        // FtP 12.2, 12.6: the Union marches on resource centers and Richmond, the CSA on
        // Washington; the nearer, the more.
        let g = game();
        let st = start();
        let u = g.ai_targets(&st, Side::Union);
        let next_to = |s: Sp| g.c.map.neighbors(SpaceId(s)).next().unwrap().0.0;
        assert!(u[sp("nashville") as usize] >= 10.0 && u[sp("richmond") as usize] >= 15.0);
        assert!(u[next_to(sp("nashville")) as usize] > 0.0 && u[next_to(sp("nashville")) as usize] < u[sp("nashville") as usize]);
        let c = g.ai_targets(&st, Side::Csa);
        assert_eq!(c[sp("washington") as usize], 30.0);
        assert_eq!(c[sp("nashville") as usize], 0.0, "beyond 6 links");
    }

    #[test]
    fn rail_moves_are_shortlisted_every_other_action_kept_fpt_10_2() {
        // FtP 10.2: a rail phase offers hundreds of moves; the heuristic plays and evaluates
        // the best RAIL_SHORTLIST of them by the worth of one SP where it leaves and arrives.
        let g = game();
        let mut st = start();
        st.flow.clear();
        st.flow.push(Frame::Strategic { side: Side::Union });
        let legal = g.legal_actions(&st, 0);
        let rail = legal.iter().filter(|a| matches!(a, Action::Strategic { .. })).count();
        assert!(rail > RAIL_SHORTLIST, "test premise: a wide rail phase ({rail})");
        let short = g.shortlist(&st, 0, &legal).expect("a shortlist");
        let kept_rail = short.iter().filter(|&&i| matches!(legal[i], Action::Strategic { .. })).count();
        assert_eq!(kept_rail, RAIL_SHORTLIST);
        assert_eq!(short.len(), legal.len() - rail + RAIL_SHORTLIST, "every other action kept");
        assert!(g.shortlist(&st, 0, &legal[..RAIL_SHORTLIST]).is_none(), "a narrow decision is not cut");
    }

    #[test]
    fn moves_are_shortlisted_without_endless_drops_fpt_5_1_5_5_3_5_4_6_1_2() {
        // FtP 5.1.5: pick-ups and drops as often as the player likes; the heuristic only picks
        // up (a drop and its pick-up score alike and could alternate for ever), unless nothing
        // else is open. FtP 5.3, 5.4: a corps at its largest, a division at 1 SP and its largest.
        let g = game();
        let st = start();
        let (a, b) = (sp("washington"), 3u8);
        let legal = vec![
            Action::PickUp { general: None },
            Action::DropOff { general: None },
            Action::Stop,
            Action::MoveCorps { general: b, sp: 2, extra: None },
            Action::MoveCorps { general: b, sp: 5, extra: None },
            Action::MoveDivision { space: a, sp: 1 },
            Action::MoveDivision { space: a, sp: 2 },
            Action::MoveDivision { space: a, sp: 4 },
            Action::MoveCorps { general: b, sp: 5, extra: Some(4) },
            Action::NavalMove { space: a, sp: 1, general: None },
            Action::NavalMove { space: a, sp: 3, general: None },
            Action::NavalMove { space: a, sp: 3, general: Some(b) },
        ];
        let short: Vec<&Action> = g.shortlist(&st, 0, &legal).unwrap().into_iter().map(|i| &legal[i]).collect();
        // FtP 5.3.3, 6.1.2: the generals along are not rated: one extra-general option, one
        // naval move per port at its largest.
        assert_eq!(short, vec![&legal[0], &legal[2], &legal[4], &legal[5], &legal[7], &legal[10]]);
        let shuffles = &legal[..2];
        assert!(g.shortlist(&st, 0, shuffles).is_none(), "a drop stays open when nothing else is");
    }

    #[test]
    fn expected_attrition_follows_the_attrition_table_fpt_9_1_9_2() {
        // FtP 9.1: 1-2 SP none, 3-6 lose 1, 7+ lose 2; FtP 9.2 examples: 3 SP out of supply
        // lose 1 (then 2 forage nothing), 7 SP out of supply lose 2 then 1.
        assert_eq!([0, 1, 2, 3, 6, 7, 12].map(|n| ai_attrition(n, true)), [0, 0, 0, 1, 1, 2, 2]);
        assert_eq!(ai_attrition(3, false), 1);
        assert_eq!(ai_attrition(7, false), 3);
        // A stack of 3 is worth less than 2 and 1 apart, everything else equal.
        let g = game();
        let st = start();
        let f = g.ai_features(&st);
        let s = sp("washington") as usize;
        let worth = |n| g.ai_stack(&st, &f, Side::Union, s, n);
        assert!(worth(3) - worth(2) < worth(2) - worth(1), "FtP 9.1: the third SP costs one in attrition");
    }

    #[test]
    fn blockade_and_war_guilt_to_come_count_fpt_10_5_4_12_5_12_9() {
        // FtP 10.5.4, 12.5: every BR roll at or under the blockade level costs the CSA 2 SW;
        // FtP 12.9: after the Emancipation Proclamation, 5 SW every Fall.
        let g = game();
        let st = g.setup(&Setup::new("campaign", 2, 5)).unwrap();
        let mut raised = st.clone();
        raised.blockade += 1;
        assert!(g.evaluate(&raised, 0) > g.evaluate(&st, 0));
        assert!(g.evaluate(&raised, 1) < g.evaluate(&st, 1));
        let mut guilt = st.clone();
        guilt.emancipation = true;
        assert!(g.evaluate(&guilt, 1) < g.evaluate(&st, 1));
        let mut late = raised.clone();
        late.turn = 12;
        assert!(g.ai_future_sw(&late) < g.ai_future_sw(&raised), "fewer turns of rolls left");
    }

    #[test]
    fn a_card_played_for_ops_is_worth_its_ops_before_they_are_used_fpt_4_1_11_3() {
        // FtP 4.1: OPs not yet spent are worth something; FtP 11.3: PCs still to place are
        // worth the best spaces open to them (neutral Kentucky and Missouri in 1861).
        let g = game();
        let mut st = start();
        round_with(&mut st, Side::Union, 9);
        let before = g.evaluate(&st, 0);
        act(&mut st, Side::Union, "ops 9");
        let ops = g.evaluate(&st, 0);
        assert!(ops > before, "FtP 4.1: {ops} > {before}");
        assert!(g.evaluate(&st, 1) < 1.0 - before + 1e-12);
        act(&mut st, Side::Union, "pcs");
        assert!(matches!(st.flow.top(), Some(Frame::Pcs { left: 3, .. })));
        let pcs = g.evaluate(&st, 0);
        assert!(pcs > before, "FtP 11.3: three PCs to place");
    }

    #[test]
    fn a_moving_force_is_worth_the_best_space_it_can_reach_and_goes_there_fpt_5_1_11_1() {
        // FtP 5.1, 5.4: a 1-SP division from Cincinnati can reach neutral Kentucky, where its
        // PC will go down at the next PC Phase (FtP 11.1): activating it is worth more than
        // stopping at once, and the heuristic walks it to a space it will convert.
        let g = game();
        let mut st = start();
        round_with(&mut st, Side::Union, 9);
        act(&mut st, Side::Union, "ops 9");
        let cin = sp("cincinnati");
        let div = Action::MoveDivision { space: cin, sp: 1 };
        assert!(g.legal_actions(&st, 0).contains(&div), "test premise: a division from Cincinnati");
        g.apply(&mut st, 0, &div, &mut Log::quiet()).unwrap();
        let f = g.ai_features(&st);
        let m = st.moving.clone().expect("a moving force");
        assert!(g.ai_reach(&st, &f, &m) > 0.0);
        let mut stopped = st.clone();
        g.apply(&mut stopped, 0, &Action::Stop, &mut Log::quiet()).unwrap();
        assert!(g.evaluate(&st, 0) > g.evaluate(&stopped, 0), "FtP 5.1: moving on is worth more than stopping here");
        let mut agent = HeuristicAgent::new(3);
        let mut path = vec![cin];
        for _ in 0..40 {
            let Some(m) = st.moving.as_ref() else { break };
            path.push(m.at);
            let seat = g.active_seats(&st)[0];
            let legal = g.legal_actions(&st, seat);
            // The CSA lets it pass (no interception, no interrupt).
            let i = if seat == 0 { agent.choose(&Decision::new(g, &st, 0, &legal)) } else { legal.iter().position(|a| *a == Action::Decline).unwrap_or(legal.len() - 1) };
            g.apply(&mut st, seat, &legal[i], &mut Log::quiet()).unwrap();
        }
        assert!(st.moving.is_none(), "the move ended");
        let ended = *path.last().unwrap();
        assert_ne!(ended, cin, "the division moved");
        let ended = ended as usize;
        let f = g.ai_features(&st);
        assert!(g.ai_converts(&st, &f, Side::Union, ended), "FtP 11.1: it stops where it will place a PC ({})", g.sname(ended as Sp));
    }

    #[test]
    fn a_closed_blockade_zone_costs_the_csa_for_certain_fpt_10_5_1_10_5_4_12_5() {
        // FtP 10.5.1: a zone whose BR ports are all closed does not roll and the CSA loses 2 SW
        // every turn with BR rolls; an open zone only when the roll is at or under the level
        // (10.5.4). The north Atlantic zone (Wilmington's): its ports open at the start.
        let g = game();
        let st = g.setup(&Setup::new("campaign", 2, 5)).unwrap();
        let w = sp("wilmington_nc");
        let z = g.c.map.space(SpaceId(w)).sea.unwrap();
        let ports: Vec<Sp> = g.c.map.ids().map(|s| s.0).filter(|&s| g.c.map.space(SpaceId(s)).br && g.c.map.space(SpaceId(s)).sea == Some(z) && g.br_open(&st, s)).collect();
        let open = g.ai_open_ports(&st);
        assert!(ports.len() >= 2 && ports.contains(&w), "test premise: Wilmington and another port open ({ports:?})");
        assert_eq!(open.zone[z as usize] as usize, ports.len());
        let mut closed = st.clone();
        for &p in &ports {
            closed.control[p as usize] = Control::Of(Side::Union);
        }
        assert_eq!(g.ai_open_ports(&closed).zone[z as usize], 0);
        assert!(g.ai_future_sw(&closed) > g.ai_future_sw(&st) + 2.0, "a closed zone: 2 SW a turn for certain");
        assert!(g.evaluate(&closed, 0) > g.evaluate(&st, 0));
        // Closing the last open port of a zone is worth more than the first, and a closed port
        // nothing (FtP 10.5.1).
        let mut last_open = st.clone();
        for &p in ports.iter().filter(|&&p| p != w) {
            last_open.control[p as usize] = Control::Of(Side::Union);
        }
        let (first, last) = (g.ai_port_worth(&st, w, &g.ai_open_ports(&st)), g.ai_port_worth(&last_open, w, &g.ai_open_ports(&last_open)));
        assert!(first > 0.0 && last > first, "{first} < {last}");
        assert_eq!(g.ai_port_worth(&closed, w, &g.ai_open_ports(&closed)), 0.0);
        // The Union's infantry is drawn toward open ports (a PC closes one), the CSA's is not.
        assert!(g.ai_targets(&st, Side::Union)[w as usize] > 0.0);
        assert!(g.ai_conversion(&st, Side::Union, w as usize) > g.ai_conversion(&closed, Side::Union, w as usize));
    }

    #[test]
    fn a_state_held_counts_toward_the_campaign_verdict_fpt_17_3() {
        // FtP 17.3: in the campaign each CSA or border state the Union holds at the end counts
        // toward its 10 states, as much as 25 SW of lead: the nearer the end, the more it is
        // worth. Other scenarios name their states or count SW (FtP 13.2).
        let g = game();
        let st = g.setup(&Setup::new("campaign", 2, 5)).unwrap();
        assert_eq!(g.ai_campaign_state(&st), 25.0);
        assert_eq!(g.ai_campaign_state(&start()), 0.0);
        let tn = g.c.states.iter().position(|d| d.abbr == "TN").unwrap();
        let gain = |turn: u8| {
            let mut a = st.clone();
            a.turn = turn;
            let mut b = a.clone();
            b.state_control[tn] = Control::Of(Side::Union);
            g.ai_points(&b, Side::Union) - g.ai_points(&a, Side::Union)
        };
        assert!(gain(1) > 0.0);
        assert!(gain(12) > gain(1) + 15.0, "late: {} early: {}", gain(12), gain(1));
    }

    #[test]
    fn an_attack_is_scored_after_its_battle_fpt_5_8_7_2_7_3() {
        // FtP 5.8, 7.2: a force entering an enemy-held space waits for the defender's choices
        // (intercept; retreat before battle); a one-ply look scored the position there, a
        // corps beside its target with nothing lost or won, and never attacked. Settled on the
        // sample, the battle is fought (FtP 7.3) and its result scored: here a 6-SP corps
        // against 1 SP, a general and a fort in Richmond, where the defender wins ties
        // (FtP 7.3.2: no asterisk in a capital) and its fort keeps it (7.3.3 A).
        use super::super::choices_tests::{no_forts, put_general};
        use super::super::play_tests::{empty_map, put_sp};
        use super::super::state::GenAt;
        let g = game();
        let mut st = g.setup(&Setup::new("1861", 2, 7)).unwrap();
        empty_map(&mut st);
        no_forts(&mut st);
        st.fort[sp("richmond") as usize] = Some(Side::Csa);
        put_sp(&mut st, Side::Union, "williamsburg", 6);
        put_sp(&mut st, Side::Csa, "richmond", 1);
        put_general(&mut st, "polk", GenAt::Map(sp("richmond")));
        put_general(&mut st, "mcdowell", GenAt::Map(sp("williamsburg")));
        round_with(&mut st, Side::Union, 9);
        act(&mut st, Side::Union, "ops 9");
        act(&mut st, Side::Union, "corps mcdowell 6");
        let (mut attack, mut stop) = (st.clone(), st.clone());
        act(&mut attack, Side::Union, "step richmond");
        act(&mut stop, Side::Union, "stop");
        assert!(matches!(attack.flow.top(), Some(Frame::Rbb { .. } | Frame::Intercept { .. })), "test premise: the defender decides ({:?})", attack.flow.top());
        assert!(g.ai_settle(&stop).is_none(), "nothing to settle");
        let mut rng = GameRng::new(3);
        for _ in 0..4 {
            let d = g.determinize(&attack, 0, &mut rng);
            let x = g.ai_settle(&d).expect("a battle pending after the step");
            assert!(!matches!(x.flow.top(), Some(Frame::Rbb { .. } | Frame::Intercept { .. } | Frame::Retreat { .. } | Frame::SpaceLosses { .. })), "{:?}", x.flow.top());
            assert!(x.moving.is_none() && g.total_sp(&x, Side::Union) < 6, "the battle was fought and its losses paid");
            assert_eq!(g.evaluate(&d, 0), squash(g.ai_points(&x, Side::Union), 15.0), "the sample is scored after its battle");
            assert!(g.evaluate(&d, 0) < g.evaluate(&stop, 0), "a lost attack scores below stopping");
        }
    }

    /// FtP 5.8.1 (option `interception-target`, default) with 5.2.4: an army that intercepts
    /// into its side's other army leaves the owner to remove one before the battle; the
    /// position is scored after that choice and the battle, not before.
    #[test]
    fn an_interception_into_a_sides_other_army_is_settled_before_scoring_fpt_5_8_1_5_2_4() {
        let g = game();
        let mut st = super::super::interception_tests::army_enters_leesburg(5);
        st.rng = super::super::choices_tests::dice(&[1]);
        act(&mut st, Side::Csa, "intercept manassas");
        assert!(matches!(st.flow.top(), Some(Frame::TwoArmies { .. })), "test premise: {:?}", st.flow.top());
        let x = g.ai_settle(&st).expect("the owner's choice is pending");
        assert!(!matches!(x.flow.top(), Some(Frame::TwoArmies { .. })), "{:?}", x.flow.top());
        assert!(x.last_battle.is_some(), "the battle was fought");
    }

    #[test]
    fn evaluation_of_a_finished_game_is_its_result() {
        let g = game();
        let mut st = start();
        st.result = Some((vec![1], "test".into()));
        assert_eq!(g.evaluate(&st, 1), 1.0);
        assert_eq!(g.evaluate(&st, 0), 0.0);
    }

    #[test]
    fn search_goes_to_the_card_and_the_operation_and_plays_out_the_reply_fpt_3_3_2_4_1_5_1_1() {
        // Heuristic against heuristic on 1862 to the first march: the choice of a card (FtP
        // 3.3.2) and of the operation its OPs buy (FtP 4.1) get the search's budget, a step of
        // the march (FtP 5.1.1) none, and there the search agent plays the heuristic's choice.
        let g = game();
        let mut st = g.setup(&Setup::new("1862", 2, 3)).unwrap();
        let mut agents = [HeuristicAgent::new(1), HeuristicAgent::new(2)];
        let (mut card, mut op, mut step) = (false, false, false);
        for _ in 0..3_000 {
            if card && op && step {
                break;
            }
            let seat = g.active_seats(&st)[0];
            let legal = g.legal_actions(&st, seat);
            let share = g.search_share(&legal);
            match st.flow.top() {
                Some(Frame::Round { side }) if legal.len() > 1 => {
                    card = true;
                    assert!(share > 0.0, "a card to choose");
                    assert!(g.playout_stop(&st, side.index() as u8), "a playout for this side ends at its next card");
                    assert!(!g.playout_stop(&st, 1 - side.index() as u8), "the enemy's card is the reply, played out");
                }
                Some(Frame::Ops { side, .. }) if legal.iter().any(|a| matches!(a, Action::MoveArmy { .. } | Action::MoveCorps { .. })) => {
                    op = true;
                    assert!(share > 0.0, "an operation to choose");
                    assert!(!g.playout_stop(&st, side.index() as u8));
                }
                Some(Frame::Move) if legal.iter().any(|a| matches!(a, Action::Step { .. })) && legal.len() > 2 => {
                    step = true;
                    assert_eq!(share, 0.0, "a step of a march is the heuristic's");
                    let d = Decision::new(g, &st, seat, &legal);
                    let mut m = MctsAgent::new(9, MctsConfig::default());
                    let mut h = HeuristicAgent::new(9);
                    assert_eq!(Agent::<super::super::FtP>::choose(&mut m, &d), Agent::<super::super::FtP>::choose(&mut h, &d));
                }
                _ => {}
            }
            let i = agents[seat as usize].choose(&Decision::new(g, &st, seat, &legal));
            g.apply(&mut st, seat, &legal[i], &mut Log::quiet()).unwrap();
        }
        assert!(card && op && step, "card {card}, operation {op}, step {step}");
        st.phase = super::super::state::Phase::Capital;
        assert!(g.playout_stop(&st, 0) && g.playout_stop(&st, 1), "the strategy rounds over (FtP 3.4)");
    }
}

/// A traced game of the heuristic against random (run by hand: `cargo test --release -p
/// bivouac-systems --lib for_the_people::ai::trace -- --ignored --nocapture`, with
/// `FTP_TRACE=scenario,seat,seed`): per turn the Strategic Will and the states held, then the
/// slowest decisions (with their legal and shortlisted actions) and the time per kind of
/// decision, in CPU time of the thread. With `FTP_STACKS` also each side's capital (its
/// strength and fort) and largest infantry stacks per turn; with `FTP_ACTS` every choice of the
/// heuristic's seat; with `FTP_DIAG` the score of every action at each Union decision that can
/// step onto the CSA capital.
#[cfg(test)]
mod trace {
    use super::super::play_tests::game;
    use super::super::content::{Control, Side};
    use bivouac_engine::agent::{Agent, Decision, HeuristicAgent, RandomAgent};
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::log::Log;
    use std::collections::BTreeMap;
    use std::time::Instant;

    /// This thread's CPU time in seconds (Linux: `/proc/thread-self/schedstat`, nanoseconds on
    /// a CPU), so that a loaded machine does not inflate the times; `None` elsewhere.
    pub(super) fn thread_cpu() -> Option<f64> {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        Some(s.split_whitespace().next()?.parse::<f64>().ok()? / 1e9)
    }

    #[test]
    #[ignore]
    fn trace() {
        let spec = std::env::var("FTP_TRACE").unwrap_or_else(|_| "campaign,0,1".into());
        let p: Vec<&str> = spec.split(',').collect();
        let (sc, hseat, seed): (&str, u8, u64) = (p[0], p[1].parse().unwrap(), p[2].parse().unwrap());
        let g = game();
        let mut st = g.setup(&Setup::new(sc, 2, seed)).unwrap();
        let mut agents: Vec<Box<dyn Agent<super::super::FtP>>> = vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 7))];
        agents[hseat as usize] = Box::new(HeuristicAgent::new(seed));
        let mut kinds: BTreeMap<String, (u32, f64, f64, usize)> = BTreeMap::new();
        let mut slow: Vec<(f64, usize, String)> = Vec::new();
        let mut turn = 0;
        let mut n = 0;
        while g.outcome(&st).is_none() && n < g.max_actions() {
            if st.turn != turn {
                turn = st.turn;
                let held = |side: Side| g.c.states.iter().enumerate().filter(|(i, _)| st.state_control[*i] == Control::Of(side)).map(|(_, d)| d.abbr.clone()).collect::<Vec<_>>().join(" ");
                println!("turn {turn}: SW U {} C {}; SP U {} C {}; Union {} | CSA {}", st.sw[0], st.sw[1], g.total_sp(&st, Side::Union), g.total_sp(&st, Side::Csa), held(Side::Union), held(Side::Csa));
                if std::env::var("FTP_STACKS").is_ok() {
                    for side in [Side::Union, Side::Csa] {
                        let inf = g.ai_infantry(&st, side);
                        let mut v: Vec<(u16, usize)> = inf.iter().enumerate().filter(|x| *x.1 >= 4).map(|(s, &n)| (n, s)).collect();
                        v.sort_by(|a, b| b.cmp(a));
                        let cap = st.capital[side.index()].map_or("off", |c| g.sname(c));
                        let csp = st.capital[side.index()].map_or(0, |c| g.strength(&st, side, c));
                        let cfort = st.capital[side.index()].and_then(|c| st.fort[c as usize]);
                        println!("  {side:?} capital {cap} ({csp} strength, fort {cfort:?}); stacks {}", v.iter().take(8).map(|(n, s)| format!("{}:{n}", g.sname(*s as u16))).collect::<Vec<_>>().join(" "));
                    }
                }
            }
            let seat = g.active_seats(&st)[0];
            let legal = g.legal_actions(&st, seat);
            let (t, cpu) = (Instant::now(), thread_cpu());
            let i = agents[seat as usize].choose(&Decision::new(g, &st, seat, &legal));
            let dt = match (cpu, thread_cpu()) {
                (Some(a), Some(b)) => b - a,
                _ => t.elapsed().as_secs_f64(),
            };
            if seat == hseat {
                let kind = g.notation(&legal[0]).split_whitespace().next().unwrap_or("").to_string();
                let e = kinds.entry(kind.clone()).or_default();
                e.0 += 1;
                e.1 += dt;
                e.2 = e.2.max(dt);
                e.3 = e.3.max(legal.len());
                let short = g.shortlist(&st, seat, &legal).map_or(legal.len(), |x| x.len());
                slow.push((dt, legal.len(), format!("{short} shortlisted: {kind} -> {}", g.notation(&legal[i]))));
            }
            if std::env::var("FTP_DIAG").is_ok()
                && seat == 0
                && let Some(cap) = st.capital[1]
                && let Some(k) = legal.iter().position(|a| matches!(a, super::super::state::Action::Step { to } if *to == cap))
            {
                let d = Decision::new(g, &st, seat, &legal);
                let sc = bivouac_engine::agent::score_actions(&d, &mut bivouac_engine::GameRng::new(seed), 2);
                let mut after = st.clone();
                g.apply(&mut after, seat, &legal[k], &mut Log::quiet()).unwrap();
                let m = st.moving.as_ref().map_or(0, |m| m.sp);
                println!("  DIAG t{} at {} sp {m} cap strength {}: chose {} ({:.4}); step cap {:.4}; after: {:?} next seat {:?}", st.turn, st.moving.as_ref().map_or("-", |m| g.sname(m.at)), g.strength(&st, Side::Csa, cap), g.notation(&legal[i]), sc[i], sc[k], after.flow.top(), g.active_seats(&after));
                for (j, a) in legal.iter().enumerate() {
                    println!("     {:.4} {}", sc[j], g.notation(a));
                }
            }
            if std::env::var("FTP_ACTS").is_ok() && seat == hseat && legal.len() > 1 {
                println!("    t{} {}", st.turn, g.notation(&legal[i]));
            }
            if n + 30 > g.max_actions() {
                println!("runaway: {} by seat {seat} of {} legal", g.notation(&legal[i]), legal.len());
            }
            g.apply(&mut st, seat, &legal[i], &mut Log::quiet()).unwrap();
            n += 1;
        }
        println!("result: {:?} after {n} actions", st.result);
        slow.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (dt, w, k) in slow.iter().take(12) {
            println!("slow {:.0} ms, {w} legal: {k}", dt * 1000.0);
        }
        let total: f64 = slow.iter().map(|x| x.0).sum();
        println!("heuristic: {} decisions, {:.1} ms mean", slow.len(), 1000.0 * total / slow.len() as f64);
        for (k, (c, s, m, w)) in &kinds {
            println!("kind {k}: {c} decisions, {:.1} ms mean, {:.0} ms max, {w} legal at most", 1000.0 * s / *c as f64, 1000.0 * m);
        }
    }
}

/// The root of the search at For the People decisions, against the heuristic's choice (run by
/// hand: `FTP_SEARCH=scenario,seed,decisions,iterations,depth cargo test --release -p
/// bivouac-systems --lib for_the_people::ai::search_root -- --ignored --nocapture`, optionally
/// `,every` after the depth): heuristic against heuristic, and at every `every`-th decision the
/// search spends its budget on (`Game::search_share`; default every one) the search of the
/// seat to move with the given budget and no time limit, in CPU time: iterations, the most visited actions with
/// their visits and means, and whether the search and the heuristic agree.
#[cfg(test)]
mod search_root {
    use super::super::play_tests::game;
    use super::trace::thread_cpu;
    use bivouac_engine::GameRng;
    use bivouac_engine::agent::{Agent, Decision, HeuristicAgent, best_index, score_actions};
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::log::Log;
    use bivouac_engine::mcts::{MctsConfig, search};

    #[test]
    #[ignore]
    fn search_root() {
        let spec = std::env::var("FTP_SEARCH").unwrap_or_else(|_| "campaign,1,20,400,0".into());
        let p: Vec<&str> = spec.split(',').collect();
        let (sc, seed, want, iters, depth): (&str, u64, usize, u32, u32) = (p[0], p[1].parse().unwrap(), p[2].parse().unwrap(), p[3].parse().unwrap(), p[4].parse().unwrap());
        let every: usize = p.get(5).map_or(1, |e| e.parse().unwrap());
        let g = game();
        let mut st = g.setup(&Setup::new(sc, 2, seed)).unwrap();
        let mut agents = [HeuristicAgent::new(seed), HeuristicAgent::new(seed + 7)];
        let mut rng = GameRng::new(seed + 13);
        let cfg = MctsConfig { time_limit: None, max_depth: Some(depth), ..MctsConfig::iterations(iters) };
        let (mut seen, mut done, mut agree, mut cpu, mut worst) = (0usize, 0usize, 0usize, 0.0f64, 0.0f64);
        while g.outcome(&st).is_none() && done < want {
            let seat = g.active_seats(&st)[0];
            let legal = g.legal_actions(&st, seat);
            let i = agents[seat as usize].choose(&Decision::new(g, &st, seat, &legal));
            if legal.len() >= 2 && g.search_share(&legal) > 0.0 {
                seen += 1;
                if seen % every == 0 {
                    let d = Decision::new(g, &st, seat, &legal);
                    let h = best_index(&score_actions(&d, &mut rng, 2), &mut rng);
                    let t = thread_cpu().unwrap_or(0.0);
                    let r = search(&d, &cfg, &mut rng);
                    let dt = thread_cpu().unwrap_or(0.0) - t;
                    let pick = r.choice(&mut rng);
                    let mut order: Vec<usize> = (0..legal.len()).collect();
                    order.sort_by(|&a, &b| r.visits[b].cmp(&r.visits[a]).then(r.means[b].total_cmp(&r.means[a])));
                    let top: Vec<String> = order.iter().take(4).map(|&k| format!("{} {}x {:.4}", g.notation(&legal[k]), r.visits[k], r.means[k])).collect();
                    println!("turn {} seat {seat}: {} legal, {} iterations, {:.0} ms; heuristic {} (mean {:.4}), search {}{}; top: {}", st.turn, legal.len(), r.iterations, dt * 1000.0, g.notation(&legal[h]), r.means[h], g.notation(&legal[pick]), if pick == h { " =" } else { "" }, top.join(" | "));
                    done += 1;
                    agree += (pick == h) as usize;
                    cpu += dt;
                    worst = worst.max(dt);
                }
            }
            g.apply(&mut st, seat, &legal[i], &mut Log::quiet()).unwrap();
        }
        println!("{done} searches: {agree} agree with the heuristic; {:.0} ms mean, {:.0} ms at most (CPU)", 1000.0 * cpu / done.max(1) as f64, 1000.0 * worst);
    }
}


/// A batch of heuristic-against-random games with one line per game (run by hand:
/// `FTP_BATCH=scenario,seat,first,last cargo test --release -p bivouac-systems --lib
/// for_the_people::ai::batch -- --ignored --nocapture`): the result and, per game, the final
/// Strategic Will, SP and the states each side holds, to find the games the heuristic loses.
#[cfg(test)]
mod batch {
    use super::super::play_tests::game;
    use super::super::content::{Control, Side};
    use bivouac_engine::agent::{Agent, Decision, HeuristicAgent, RandomAgent};
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::log::Log;

    #[test]
    #[ignore]
    fn batch() {
        let spec = std::env::var("FTP_BATCH").unwrap_or_else(|_| "campaign,0,1,10".into());
        let p: Vec<&str> = spec.split(',').collect();
        let (sc, hseat, first, last): (&str, u8, u64, u64) = (p[0], p[1].parse().unwrap(), p[2].parse().unwrap(), p[3].parse().unwrap());
        let g = game();
        let mut won = 0;
        for seed in first..=last {
            let mut st = g.setup(&Setup::new(sc, 2, seed)).unwrap();
            let mut agents: Vec<Box<dyn Agent<super::super::FtP>>> = vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 7))];
            agents[hseat as usize] = Box::new(HeuristicAgent::new(seed));
            let mut n = 0;
            let mut turns = Vec::new();
            let mut turn = 0;
            let sw_why = std::env::var("FTP_SW").is_ok();
            let mut reasons: std::collections::BTreeMap<(String, String), i32> = Default::default();
            while g.outcome(&st).is_none() && n < g.max_actions() {
                if st.turn != turn {
                    turn = st.turn;
                    turns.push(format!("{}:{}/{}", turn, st.sw[0], st.sw[1]));
                }
                let seat = g.active_seats(&st)[0];
                let legal = g.legal_actions(&st, seat);
                let i = agents[seat as usize].choose(&Decision::new(g, &st, seat, &legal));
                let mut log = if sw_why { Log::recording() } else { Log::quiet() };
                g.apply(&mut st, seat, &legal[i], &mut log).unwrap();
                for e in &log.events {
                    // "CSA SW -2 (FtP 12.5 ...) -> 80": the total per side and reason.
                    if let Some((who, rest)) = e.text.split_once(" SW ")
                        && let Some((d, why)) = rest.split_once(" (")
                        && let Ok(d) = d.parse::<i32>()
                    {
                        let why = why.split(')').next().unwrap_or("").to_string();
                        *reasons.entry((who.to_string(), why)).or_insert(0) += d;
                    }
                }
                n += 1;
            }
            if sw_why {
                println!("seed {seed} SW by reason: {:?}", reasons);
            }
            let o = g.outcome(&st);
            let win = o.as_ref().is_some_and(|o| o.winners == vec![hseat]);
            won += win as u32;
            let held = |side: Side| g.c.states.iter().enumerate().filter(|(i, _)| st.state_control[*i] == Control::Of(side)).map(|(_, d)| d.abbr.clone()).collect::<Vec<_>>().join(" ");
            println!(
                "seed {seed}: {} turn {} SW U {} C {} SP U {} C {} blockade {} | Union {} | CSA {} | {:?} | {}",
                if win { "WON " } else { "LOST" },
                st.turn,
                st.sw[0],
                st.sw[1],
                g.total_sp(&st, Side::Union),
                g.total_sp(&st, Side::Csa),
                st.blockade,
                held(Side::Union),
                held(Side::Csa),
                st.result.as_ref().map(|r| r.1.clone()),
                turns.join(" ")
            );
        }
        println!("won {won} of {}", last - first + 1);
    }
}
