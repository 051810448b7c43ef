//! What the AI knows of For the People: a determinization (the hidden cards re-dealt, the
//! future dice reseeded) and an evaluation of a position for a side, on Strategic Will.

use super::FtP;
use super::content::{Control, Side, StateSide};
use super::rules::other;
use super::state::{Sp, State};
use bivouac_engine::GameRng;
use bivouac_engine::map::graph::SpaceId;
use bivouac_engine::agent::fork_rng;
use bivouac_engine::game::{Game, Seat, outcome_value, squash};

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

    /// Political control as the next PC Phase will leave it (FtP 11.1): a space where one
    /// side has supplied infantry and the other has neither SP nor a fort becomes that side's.
    fn ai_projected_control(&self, st: &State, inf: &[Vec<u16>; 2], sup: &[Vec<bool>; 2]) -> Vec<Control> {
        let mut ctl = st.control.clone();
        for side in [Side::Union, Side::Csa] {
            let (me, them) = (side.index(), other(side).index());
            for (s, c) in ctl.iter_mut().enumerate() {
                if inf[me][s] > 0 && sup[me][s] && inf[them][s] == 0 && st.sp[s][them] == 0 && st.fort[s] != Some(other(side)) {
                    *c = Control::Of(side);
                }
            }
        }
        ctl
    }

    /// Spaces of `side`'s political goals (FtP 12.1): for the Union every space not its own in
    /// a CSA or border state it does not control yet, for the CSA every space not its own in a
    /// border state still neutral. The distance (in links) of every space to the nearest.
    fn ai_goal_distance(&self, st: &State, ctl: &[Control], side: Side) -> Vec<u32> {
        let n = self.c.map.len();
        let mut dist = vec![u32::MAX; n];
        let mut frontier: Vec<Sp> = Vec::new();
        for s in 0..n {
            let i = self.state_of(s as Sp);
            let def = &self.c.states[i];
            let open = match side {
                Side::Union => def.side != StateSide::Union && st.state_control[i] != Control::Of(Side::Union),
                Side::Csa => def.side == StateSide::Border && st.state_control[i] == Control::Neutral,
            };
            if open && def.control.is_some_and(|c| c > 0) && ctl[s] != Control::Of(side) {
                dist[s] = 0;
                frontier.push(s as Sp);
            }
        }
        let mut next: Vec<Sp> = Vec::new();
        let mut d = 0;
        while !frontier.is_empty() {
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

    /// A position in Strategic Will points for `me` against `them`, every term a rule's:
    /// - Strategic Will (FtP 12): the margin, and how close each automatic victory is
    ///   (FtP 17.2.1: CSA will at 0; CSA will more than twice the Union's).
    /// - The scenario's victory conditions (FtP 13.2 ... 17.3) as if it ended now, weighted by how
    ///   much of the scenario has been played.
    /// - Political control as the next PC Phase will leave it (FtP 11.1: supplied infantry
    ///   converts its space).
    /// - State control (FtP 12.1): every CSA or border state not yet decided counts its SW value
    ///   times each side's share of the spaces it needs.
    /// - Political control (FtP 11): every controlled space, a little.
    /// - Strength points (the means of everything else), those without a LOC (FtP 8, 9.2:
    ///   they forage and melt) at half; infantry a little more the nearer it stands to the
    ///   spaces its side needs for state control (FtP 11.1, 12.1).
    /// - A national capital off the map (FtP 11.2: no PCs by OPs, 12.6 already paid).
    fn ai_points(&self, st: &State, me: Side) -> f64 {
        let (u, c) = (st.sw[Side::Union.index()] as f64, st.sw[Side::Csa.index()] as f64);
        let mut union = u - c;
        // FtP 17.2.1: the Union's goal is CSA will at 0, the CSA's a will above twice the Union's.
        union += 0.3 * (100.0 - c).max(0.0) - 0.3 * (c - u).max(0.0);
        // FtP 13.2 ... 17.3: the scenario's verdict if it ended now.
        let sc = &self.c.scenarios[st.sc as usize];
        let span = (sc.last_turn.saturating_sub(sc.first_turn) + 1) as f64;
        let played = (st.turn.saturating_sub(sc.first_turn) + 1) as f64 / span;
        let (winners, _) = self.scenario_victory(st);
        let verdict = if winners.contains(&0) { 1.0 } else if winners.contains(&1) { -1.0 } else { 0.0 };
        union += 20.0 * played * verdict;
        // FtP 8: each side's LOCs, computed once for every term below.
        let inf = [self.ai_infantry(st, Side::Union), self.ai_infantry(st, Side::Csa)];
        let sup = [self.supplied(st, Side::Union), self.supplied(st, Side::Csa)];
        let ctl = self.ai_projected_control(st, &inf, &sup);
        // FtP 12.1: states still to be decided.
        let mut count = vec![[0u16; 2]; self.c.states.len()];
        for s in self.c.map.ids() {
            if let Control::Of(side) = ctl[s.index()] {
                // FtP 8.4.3: the Valley spaces count double, with the Shenandoah rule.
                count[self.state_of(s.0)][side.index()] += if st.opts.shenandoah { self.c.control_weight(s) as u16 } else { 1 };
            }
        }
        for (i, def) in self.c.states.iter().enumerate() {
            let Some(need) = def.control.filter(|&n| n > 0) else { continue };
            if st.state_control[i] == Control::Of(Side::Union) {
                continue;
            }
            let share = |side: Side| (count[i][side.index()] as f64 / need as f64).min(1.0);
            let value = def.sw.max(5) as f64;
            union += 0.5 * value * share(Side::Union);
            if st.state_control[i] == Control::Neutral {
                union -= 0.5 * value * share(Side::Csa);
            }
        }
        for side in [Side::Union, Side::Csa] {
            let sign = if side == Side::Union { 1.0 } else { -1.0 };
            let i = side.index();
            // FtP 11: political control.
            let pcs = ctl.iter().filter(|&&x| x == Control::Of(side)).count() as f64;
            // FtP 8, 9.2: strength points, infantry out of supply at half.
            let off: f64 = (0..inf[i].len()).filter(|&s| !sup[i][s]).map(|s| inf[i][s] as f64).sum();
            let sp = self.total_sp(st, side) as f64 - 0.5 * off;
            // FtP 11.1, 12.1: infantry near the spaces the side needs.
            let goal = self.ai_goal_distance(st, &ctl, side);
            let pull: f64 = (0..inf[i].len()).filter(|&s| inf[i][s] > 0 && goal[s] != u32::MAX).map(|s| inf[i][s].min(6) as f64 / (1.0 + goal[s] as f64)).sum();
            // FtP 11.2: a capital off the map.
            let exiled = if st.capital[i].is_none() { 10.0 } else { 0.0 };
            union += sign * (0.3 * pcs + 1.5 * sp + 0.2 * pull - exiled);
        }
        if me == Side::Union { union } else { -union }
    }

    /// The position's points (see `ai_points`) squashed into (0, 1); a finished game is 1, 0
    /// or a half.
    pub(super) fn ai_evaluate(&self, st: &State, seat: Seat) -> f64 {
        if let Some(o) = self.outcome(st) {
            return outcome_value(&o, seat, 2);
        }
        let me = if seat == 0 { Side::Union } else { Side::Csa };
        squash(self.ai_points(st, me), 15.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::play_tests::game;
    use super::super::content::{Control, Side};
    use super::super::state::{HAND, State};
    use bivouac_engine::GameRng;
    use bivouac_engine::game::{Game, Setup};

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
    fn evaluation_of_a_finished_game_is_its_result() {
        let g = game();
        let mut st = start();
        st.result = Some((vec![1], "test".into()));
        assert_eq!(g.evaluate(&st, 1), 1.0);
        assert_eq!(g.evaluate(&st, 0), 0.0);
    }
}
