//! What the AI knows of Bobby Lee: a determinization (the enemy's unrevealed blocks and secret
//! choices re-dealt) and an evaluation of a position for a side (the Victory Track, rule 3.1).

use super::BobbyLee;
use super::data::{HqRole, Side, UnitKind};
use super::state::{Phase, St, State};
use bivouac_engine::GameRng;
use bivouac_engine::agent::fork_rng;
use bivouac_engine::game::{Game, Seat, outcome_value, squash};

impl BobbyLee {
    /// BL 2.5: enemy blocks stand upright, so a side sees where they are but not their type
    /// or strength unless revealed (`shown`, rules 5.11 / 7.41). Each unrevealed enemy block on
    /// the map gets a strength drawn from 1..=its maximum; a secret initiative bid the enemy has
    /// made but not yet revealed (rule 4.3) is drawn again from its legal range; and
    /// the dice come from a reseeded stream.
    pub(super) fn ai_determinize(&self, s: &State, seat: Seat, rng: &mut GameRng) -> State {
        let me = Side::from_idx(seat as usize);
        let mut d = self.shuffle_hidden_identities(s, me, rng);
        for (i, u) in d.units.iter_mut().enumerate() {
            let def = &self.data.units[i];
            if def.side != me && u.st == St::Map && !u.shown && def.max > 0 {
                u.steps = 1 + rng.below(def.max as u32) as u8;
            }
        }
        let other = me.other();
        if d.phase == Phase::Bids && d.bids[me.idx()].is_none() && d.bids[other.idx()].is_some() {
            // BL 4.3: a bid is 0 to the bidder's HQs on the map, at most 5.
            let hqs = (0..d.units.len()).filter(|&i| d.units[i].st == St::Map && self.data.units[i].side == other && self.kind(i) == UnitKind::Hq);
            let n = hqs.count().min(5) as u32;
            d.bids[other.idx()] = Some(rng.below(n + 1) as u8);
        }
        d.rng = fork_rng(rng);
        d
    }

    /// BL 2.5: which face-down enemy block is which is unknown, so the identities (type, name,
    /// maximum strength) of the enemy's unrevealed blocks on the map are dealt again among
    /// them: each physical block keeps where it stands and what it did this turn, and every
    /// reference to a block (battles, activations, picks) follows its new identity.
    fn shuffle_hidden_identities(&self, s: &State, me: Side, rng: &mut GameRng) -> State {
        let pool: Vec<usize> = (0..s.units.len()).filter(|&i| self.data.units[i].side != me && s.units[i].st == St::Map && !s.units[i].shown).collect();
        if pool.len() < 2 {
            return s.clone();
        }
        let mut dealt = pool.clone();
        rng.shuffle(&mut dealt);
        // `to[i]`: the identity block `i` takes.
        let mut to: Vec<u8> = (0..s.units.len() as u8).collect();
        for (a, b) in pool.iter().zip(&dealt) {
            to[*a] = *b as u8;
        }
        let mut d = s.clone();
        for (a, b) in pool.iter().zip(&dealt) {
            d.units[*b] = s.units[*a].clone();
        }
        let map = |u: &mut u8| *u = to.get(*u as usize).copied().unwrap_or(*u);
        d.hqs.iter_mut().for_each(map);
        d.hq_supply.iter_mut().for_each(map);
        d.disrupted.iter_mut().for_each(map);
        d.attrition_picks.iter_mut().for_each(map);
        d.invaders.iter_mut().for_each(|(u, _)| map(u));
        for b in d.battle.iter_mut().chain(d.battles.iter_mut()) {
            b.units.iter_mut().for_each(|x| map(&mut x.u));
            b.csa.iter_mut().for_each(map);
            b.checked.iter_mut().for_each(map);
            b.casualties.iter_mut().for_each(|c| c.group.iter_mut().for_each(map));
            for step in std::iter::once(&mut b.step).chain(b.resume.as_mut().map(|r| &mut r.0)) {
                if let super::state::BStep::Disengage { u, .. } = step {
                    map(u);
                }
            }
        }
        d
    }

    /// Strength on the map of one side, in steps.
    fn ai_steps(&self, s: &State, side: Side) -> f64 {
        s.units.iter().enumerate().filter(|(i, u)| u.st == St::Map && self.data.units[*i].side == side).map(|(_, u)| u.steps as f64).sum()
    }

    /// VP cities and towns (rule 3.51) seen by `side`: the value of those it occupies alone
    /// but does not control yet (control changes at the next phase, rule 8.2), and a pull
    /// toward those it does not control, by how close its nearest block stands.
    fn ai_prospects(&self, s: &State, side: Side) -> f64 {
        let d = &self.data;
        let mut total = 0.0;
        for p in d.places.iter().filter(|p| p.vp > 0) {
            if s.control.get(p.hex as usize) == Some(&side) {
                continue;
            }
            let value = p.vp as f64;
            let target = d.hexes[p.hex as usize].hex;
            let mut nearest = u32::MAX;
            let mut enemy_there = false;
            for (i, u) in s.units.iter().enumerate() {
                if u.st != St::Map {
                    continue;
                }
                if d.units[i].side == side {
                    nearest = nearest.min(d.hexes[u.hex as usize].hex.unsigned_distance_to(target));
                } else if u.hex == p.hex {
                    enemy_there = true;
                }
            }
            if nearest == 0 && !enemy_there {
                total += 0.8 * value;
            } else if nearest != u32::MAX {
                total += 0.3 * value / (1.0 + nearest as f64);
            }
        }
        total
    }

    /// The Victory Track (rule 3.1, USA positive), cities about to change hands, a pull toward
    /// enemy VP places and a little for the steps on the map, squashed on a third of the way
    /// to the Decisive box; a finished game is 1, 0.5 or 0. In the free set-up (BL 3.2.3)
    /// none of these changes with a swap, so the seat's own deployment is valued too
    /// (`ai_deployment`).
    pub(super) fn ai_evaluate(&self, s: &State, seat: Seat) -> f64 {
        if let Some(o) = self.outcome(s) {
            return outcome_value(&o, seat, 2);
        }
        let usa = s.vp as f64 + 0.25 * (self.ai_steps(s, Side::Usa) - self.ai_steps(s, Side::Csa))
            + self.ai_prospects(s, Side::Usa)
            - self.ai_prospects(s, Side::Csa);
        let mut margin = if seat == 0 { usa } else { -usa };
        if self.ai_setting_up(s) {
            margin += self.ai_deployment(s, Side::from_idx(seat as usize));
        }
        squash(margin, (self.data.decisive as f64 / 3.0).max(1.0))
    }
}

/// Weights of the free set-up evaluation (BL 3.2.3), in Victory Track points.
const W_COMMAND: f64 = 0.08;
const W_FRONT: f64 = 0.03;
const W_POST: f64 = 0.06;
const W_SUPREME: f64 = 0.15;
const W_HOLD: f64 = 0.03;
/// A set-up not yet committed is worth this little less, so `done` wins every tie.
const W_COMMITTED: f64 = 1e-4;

impl BobbyLee {
    /// The free set-up (BL 3.2.3) and the initiative bids that follow it in the first month
    /// (the step `done` leads to), where the deployment term applies.
    fn ai_setting_up(&self, s: &State) -> bool {
        s.phase == Phase::Deploy || (s.opts.free_deploy && s.first_month && s.phase == Phase::Bids)
    }

    /// How good `me`'s deployment is, from game knowledge and what `me` may see (its own
    /// blocks; of the enemy, where its blocks stand, which is public, BL 2.5):
    /// * Field HQs within Command Range (BL 5.12) of the field blocks (infantry, brigades,
    ///   cavalry, artillery), by their steps, each block counted once;
    /// * field blocks toward the enemy, cavalry a little more (screening, BL 2.2.2);
    /// * garrisons and heavy artillery (slow, for fortresses: BL 2.2.4, 2.2.6) in own fortresses
    ///   and VP places (rule 3.51), the Supreme HQ (no Command Range, Strategic Moves anywhere:
    ///   BL 5.13, 5.4) in the most valuable one;
    /// * some strength holding each own VP place;
    /// * a tiny bonus once committed (`done`).
    fn ai_deployment(&self, s: &State, me: Side) -> f64 {
        let d = &self.data;
        let occ = self.occ(s);
        let enemy: Vec<_> = (0..s.units.len()).filter(|&i| s.units[i].on_map() && d.units[i].side != me).map(|i| d.hexes[s.units[i].hex as usize].hex).collect();
        // The enemy's approach: how close a hex is to the enemy's blocks, the main armies
        // weighing most (0 to 1).
        let front = |at: bivouac_engine::map::hex::Hex| enemy.iter().map(|e| 1.0 / (1.0 + at.unsigned_distance_to(*e) as f64 / 3.0).powi(2)).sum::<f64>() / enemy.len().max(1) as f64;
        let own: Vec<usize> = (0..s.units.len()).filter(|&i| s.units[i].on_map() && d.units[i].side == me).collect();
        let field = |i: usize| matches!(self.kind(i), UnitKind::Infantry | UnitKind::Brigade | UnitKind::Cavalry | UnitKind::Artillery);
        // BL 5.12: the union of the Field HQs' Command Ranges.
        let mut commanded = vec![false; d.hexes.len()];
        for &h in own.iter().filter(|&&i| d.units[i].role == HqRole::Field) {
            for (c, r) in commanded.iter_mut().zip(self.command_hexes(s, h, &occ)) {
                *c |= r;
            }
        }
        let mut total = if s.phase != Phase::Deploy || s.done[me.idx()] { W_COMMITTED } else { 0.0 };
        for &i in &own {
            let (h, steps) = (s.units[i].hex, s.units[i].steps as f64);
            let at = d.hexes[h as usize].hex;
            match self.kind(i) {
                UnitKind::Garrison | UnitKind::HeavyArtillery => total += W_POST * self.ai_post_value(s, me, h),
                UnitKind::Hq if d.units[i].role == HqRole::Supreme => total += W_SUPREME * self.ai_post_value(s, me, h),
                UnitKind::Hq => {}
                kind => {
                    let scout = if kind == UnitKind::Cavalry { 1.25 } else { 1.0 };
                    total += W_FRONT * scout * steps * front(at);
                }
            }
            if field(i) && commanded[h as usize] {
                total += W_COMMAND * steps;
            }
        }
        // Rule 3.51: own VP places held, the first four steps there count.
        for p in d.places.iter().filter(|p| p.vp > 0 && s.control.get(p.hex as usize) == Some(&me)) {
            let held: f64 = own.iter().filter(|&&i| s.units[i].hex == p.hex && self.kind(i) != UnitKind::Hq).map(|&i| s.units[i].steps as f64).sum();
            total += W_HOLD * p.vp as f64 * held.min(4.0) / 4.0;
        }
        total
    }

    /// What holding hex `h` is worth to a fortress block: its VP (rule 3.51), +1 for a
    /// fortress, +0.5 for a city; 0 where `me` does not control it.
    fn ai_post_value(&self, s: &State, me: Side, h: u16) -> f64 {
        if s.control.get(h as usize) != Some(&me) {
            return 0.0;
        }
        self.data.places.iter().filter(|p| p.hex == h).map(|p| p.vp as f64 + if p.fortress { 1.0 } else { 0.0 } + if p.kind == super::data::PlaceKind::City { 0.5 } else { 0.0 }).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::super::load_game;
    use super::*;
    use bivouac_engine::Setup;

    #[test]
    fn determinization_hides_enemy_strength_and_keeps_own_blocks() {
        let (g, _) = load_game(&[crate::builtin_content_dir()]).unwrap_or_else(|d| panic!("{d}"));
        let s = g.setup(&Setup::new(&g.scenarios()[0].id, 2, 3)).unwrap();
        let mut rng = GameRng::new(5);
        let mut changed = false;
        for _ in 0..10 {
            let d = g.determinize(&s, 0, &mut rng);
            g.check_invariants(&d).unwrap();
            // BL 2.5: where blocks stand is public, which block stands there is not: own and
            // revealed blocks keep place and strength, hidden enemy blocks are dealt again
            // among the same places.
            let hidden = |st: &State| {
                let mut at: Vec<_> = st.units.iter().enumerate().filter(|(i, u)| g.data.units[*i].side == Side::Csa && !u.shown).map(|(_, u)| (u.st as u8, u.hex)).collect();
                at.sort_unstable();
                at
            };
            assert_eq!(hidden(&d), hidden(&s), "BL 2.5: block positions are public");
            for (i, (a, b)) in d.units.iter().zip(&s.units).enumerate() {
                if g.data.units[i].side == Side::Usa || b.shown {
                    assert_eq!((a.st, a.hex, a.steps), (b.st, b.hex, b.steps), "own and revealed blocks keep their place and strength");
                } else {
                    changed |= (a.hex, a.steps) != (b.hex, b.steps);
                }
            }
            // What the USA sees is the same in the sample as in the real game.
            let v = |st: &State| serde_json::to_string(&g.view(st, Some(0))).unwrap();
            assert_eq!(v(&d), v(&s));
        }
        assert!(changed, "enemy identities and strengths are sampled");
    }

    #[test]
    fn evaluation_follows_the_victory_track() {
        let (g, _) = load_game(&[crate::builtin_content_dir()]).unwrap_or_else(|d| panic!("{d}"));
        let s = g.setup(&Setup::new(&g.scenarios()[0].id, 2, 3)).unwrap();
        let mut up = s.clone();
        up.vp = (s.vp + 2).min(g.data.decisive - 1);
        assert!(g.evaluate(&up, 0) > g.evaluate(&s, 0));
        assert!(g.evaluate(&up, 1) < g.evaluate(&s, 1));
    }

    /// BL 5.12: for each Field HQ of `side`, the field blocks (infantry, brigades, cavalry,
    /// artillery) in its Command Range; how many are in some Field HQ's range, of how many.
    fn command_coverage(g: &BobbyLee, s: &State, side: Side) -> (Vec<(usize, usize)>, usize, usize) {
        let d = &g.data;
        let occ = g.occ(s);
        let own: Vec<usize> = (0..s.units.len()).filter(|&i| s.units[i].on_map() && d.units[i].side == side).collect();
        let field: Vec<usize> = own.iter().copied().filter(|&i| matches!(g.kind(i), UnitKind::Infantry | UnitKind::Brigade | UnitKind::Cavalry | UnitKind::Artillery)).collect();
        let mut any = vec![false; field.len()];
        let mut per_hq = Vec::new();
        for &h in own.iter().filter(|&&i| d.units[i].role == HqRole::Field) {
            let range = g.command_hexes(s, h, &occ);
            let inside: Vec<bool> = field.iter().map(|&b| range[s.units[b].hex as usize]).collect();
            per_hq.push((h, inside.iter().filter(|&&x| x).count()));
            any.iter_mut().zip(inside).for_each(|(a, x)| *a |= x);
        }
        (per_hq, any.iter().filter(|&&x| x).count(), field.len())
    }

    /// BL 3.2.3: the heuristic's free set-up puts each Field HQ where it commands (rule 5.12)
    /// field blocks, at least as many as the historical set-up (BL 3.2.2), garrisons and heavy artillery in fortresses or VP
    /// places, the Supreme HQ in a VP place, and commits after a bounded number of swaps.
    #[test]
    fn heuristic_free_deployment_is_sensible_and_commits_bl_3_2_3() {
        use bivouac_engine::agent::{Agent, Decision, HeuristicAgent};
        use bivouac_engine::log::Log;
        use super::super::state::Action;
        let (g, _) = load_game(&[crate::builtin_content_dir()]).unwrap_or_else(|d| panic!("{d}"));
        let d = &g.data;
        for (sc, seed) in [("1862", 2u64), ("1863", 3)] {
            let mut st = Setup::new(sc, 2, seed);
            st.options.insert("deployment".into(), "free".into());
            let mut s = g.setup(&st).unwrap();
            let start = s.clone();
            let mut agents = [HeuristicAgent::new(seed * 10), HeuristicAgent::new(seed * 10 + 1)];
            let mut swaps = [0; 2];
            while s.phase == Phase::Deploy {
                let seat = g.active_seats(&s)[0];
                let legal = g.legal_actions(&s, seat);
                let i = agents[seat as usize].choose(&Decision::new(&g, &s, seat, &legal));
                if matches!(legal[i], Action::Swap(..)) {
                    swaps[seat as usize] += 1;
                }
                g.apply(&mut s, seat, &legal[i], &mut Log::quiet()).unwrap();
                assert!(swaps[seat as usize] <= 25, "{sc}: BL 3.2.3 the heuristic commits after a few swaps");
            }
            for side in [Side::Usa, Side::Csa] {
                let (per_hq, covered, total) = command_coverage(&g, &s, side);
                let (_, historical, _) = command_coverage(&g, &start, side);
                for (h, n) in per_hq {
                    assert!(n >= 2, "{sc}: BL 5.12 {} commands only {n} field blocks", d.units[h].id);
                }
                println!("{sc} {}: Field HQs command {covered} of {total} field blocks (historical set-up {historical}), {} swaps", side.name(), swaps[side.idx()]);
                assert!(covered >= historical && 3 * covered > total, "{sc}: BL 5.12 the Field HQs command {covered} of {total} field blocks (historical set-up: {historical})");
                let own: Vec<usize> = (0..s.units.len()).filter(|&i| s.units[i].on_map() && d.units[i].side == side).collect();
                for &i in &own {
                    let post = d.places.iter().any(|p| p.hex == s.units[i].hex && (p.fortress || p.vp > 0));
                    if matches!(g.kind(i), UnitKind::Garrison | UnitKind::HeavyArtillery) || d.units[i].role == HqRole::Supreme {
                        assert!(post, "{sc}: {} stands in a fortress or VP place, not {}", d.units[i].id, d.hex_name(s.units[i].hex));
                    }
                }
            }
        }
    }

    /// A trace of the search's root over one game of 1862 (search as the USA, the heuristic as
    /// the CSA): how wide the decisions are, how many root actions the search tries and how
    /// its most visited action compares with the heuristic's one-sample favourite. A
    /// measurement, not a check: `cargo test --release -p bivouac-systems --lib
    /// bobby_lee::ai::tests::search_root_trace -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn search_root_trace() {
        use bivouac_engine::agent::{Agent, Decision, HeuristicAgent, score_actions};
        use bivouac_engine::log::Log;
        use bivouac_engine::mcts::{MctsConfig, search};
        let (g, _) = load_game(&[crate::builtin_content_dir()]).unwrap_or_else(|d| panic!("{d}"));
        let mut s = g.setup(&Setup::new("1862", 2, 1)).unwrap();
        let mut rng = GameRng::new(1);
        let mut heuristic = HeuristicAgent::new(2);
        let (mut decisions, mut wide, mut same, mut widest) = (0, 0, 0, 0);
        let mut children = Vec::new();
        while g.outcome(&s).is_none() {
            let seat = g.active_seats(&s)[0];
            let legal = g.legal_actions(&s, seat);
            let d = Decision::new(&g, &s, seat, &legal);
            let i = if seat == 1 || legal.len() == 1 {
                if seat == 1 { heuristic.choose(&d) } else { 0 }
            } else {
                let r = search(&d, &MctsConfig::default(), &mut rng);
                let i = r.choice(&mut rng);
                decisions += 1;
                if legal.len() > 48 {
                    wide += 1;
                    widest = widest.max(legal.len());
                    children.push(r.visits.iter().filter(|&&v| v > 0).count());
                    let prior = score_actions(&d, &mut rng, 2);
                    let top = prior.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    same += usize::from(prior[i] >= top - 1e-12);
                }
                i
            };
            g.apply(&mut s, seat, &legal[i], &mut Log::quiet()).unwrap();
        }
        children.sort();
        println!(
            "1862 seed 1: {decisions} search decisions, {wide} with more than 48 actions (widest {widest}); root children tried there: median {}, max {}; the heuristic's (2-sample) favourite chosen in {same} of {wide}; outcome {:?}",
            children.get(children.len() / 2).copied().unwrap_or(0),
            children.last().copied().unwrap_or(0),
            g.outcome(&s).map(|o| o.reason)
        );
    }
}
