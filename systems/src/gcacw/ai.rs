//! What the AI knows of GCACW: a determinization (perfect information: only the dice are
//! unknown) and an evaluation of a position for a side, on the scenario's victory points.

use super::Gcacw;
use super::data::ExtRes;
use super::state::{Frame, State};
use bivouac_engine::GameRng;
use bivouac_engine::agent::fork_rng;
use bivouac_engine::game::{Game, Seat, outcome_value, squash};

impl Gcacw {
    /// Tree search follows each new leaf with its mover's own next actions, each the one the
    /// heuristic would play ([`Game::tree_playout`]): an action is chosen in one step and carried
    /// out in several (a march: the unit, then each hex, GCACW 5.1; a leader activation: the
    /// units, then each one's march, 5.2; an assault: units, then target, 5.3), and its first
    /// step shows only its cost (a fatigue level, GCACW 6.5). Without it the Confederate search
    /// at Cedar Mountain saw every action as worse than a pass and passed while the Union held
    /// its objectives (14 wins in 100, docs/ai-strength.md). 10 steps cover a march of 8 hexes
    /// and its end, or an activation's choice of units and its first march.
    pub const AI_TREE_PLAYOUT: u32 = 10;

    /// Everything on the GCACW map is open to both players; only the future dice (initiative,
    /// extended march, combat, random events) are unknown, so the sample reseeds the stream.
    /// Under Limited Intelligence (GCACW 12.0) the enemy's force display is secret too: the
    /// seat knows where the enemy markers stand and which enemy units it cannot see, not which
    /// marker holds which of them, nor which markers are decoys; the sample deals those units
    /// among the markers at random.
    pub(super) fn ai_determinize(&self, st: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut d = st.clone();
        d.rng = fork_rng(rng);
        let hidden = self.hidden_from(st, Some(seat));
        let markers: Vec<usize> = (0..d.forces.len()).filter(|&f| d.forces[f].side != seat).collect();
        if hidden == 0 || markers.is_empty() {
            return d;
        }
        for &f in &markers {
            d.forces[f].units = 0;
        }
        for u in (0..d.units.len()).filter(|&u| hidden & (1 << u) != 0) {
            let f = markers[rng.pick(markers.len())];
            d.forces[f].units |= 1 << u;
            d.units[u].hex = d.forces[f].hex;
        }
        for &f in &markers {
            d.forces[f].real = d.forces[f].units != 0;
        }
        d
    }

    /// Each side's victory points if the game ended now (the scenario's conditions: enemy
    /// manpower lost, objective hexes occupied), plus part of the value of each objective it
    /// does not hold, by how close its nearest unit stands, less what the condition of its
    /// units will cost it (`ai_condition`).
    fn ai_points(&self, st: &State, side: u8) -> f64 {
        let sc = self.sc(st);
        let mut vp = (st.lost[1 - side as usize] as i64 * sc.vp_per_manpower) as f64;
        for o in &sc.objectives {
            let value = o.vp[side as usize] as f64;
            if value <= 0.0 {
                continue;
            }
            if self.side_units_at(st, o.hex, side) != 0 {
                vp += value;
                continue;
            }
            let nearest = st
                .units
                .iter()
                .enumerate()
                .filter(|(i, u)| u.on_map() && sc.units[*i].side == side)
                .map(|(_, u)| sc.map.dist(u.hex, o.hex))
                .min();
            if let Some(d) = nearest {
                vp += 0.5 * value / (1.0 + d as f64);
            }
        }
        vp - self.ai_condition(st, side)
    }

    /// What the condition of `side`'s units costs it, in victory points: fatigue (GCACW 6.5:
    /// a tired unit marches less safely and at level 4 hardly at all) and disorganization, with
    /// the march every unit already chosen for a leader activation or an assault must still
    /// make counted in advance (GCACW 5.2 steps 2 and 6, 5.3 step 2: +1 fatigue each), and for a
    /// march the manpower it is expected to lose on the Extended March Table (GCACW 5.1): one
    /// VP for the enemy per manpower point. Without this the choice of units for an activation
    /// looked free, and the Union (+1 or +2 on that table) lost a third of its manpower
    /// marching.
    fn ai_condition(&self, st: &State, side: u8) -> f64 {
        let sc = self.sc(st);
        let (marching, assaulting) = committed(st);
        let mut cost = 0.0;
        for (i, u) in st.units.iter().enumerate() {
            if !u.on_map() || sc.units[i].side != side {
                continue;
            }
            let mut fat = u.fat;
            if marching & (1 << i) != 0 {
                cost += self.ai_extended_march_loss(st, i);
                fat += 1;
            } else if assaulting & (1 << i) != 0 {
                fat += 1;
            }
            cost += W_FATIGUE * fat.min(4) as f64;
            if !u.org {
                cost += W_DISORGANIZED * u.mp as f64;
            }
        }
        cost
    }

    /// The manpower unit `u` is expected to lose on the Extended March Table (GCACW 5.1) when
    /// it next begins a march: none unless the march makes it an extended one (normal side to
    /// fatigue 3 or 4, exhausted side to 2 or more; a fatigue-4 unit marches without the check).
    fn ai_extended_march_loss(&self, st: &State, u: usize) -> f64 {
        let us = &st.units[u];
        let (before, after) = (us.fat, us.fat + 1);
        let extended = if us.exh { after >= 2 } else { after >= 3 };
        if before >= 4 || !extended {
            return 0.0;
        }
        let drm = self.extended_march_drm(st, u, before, after);
        let loss = |r: i32| match self.extended_march_result(st, u, r + drm) {
            ExtRes::Loss(n) => n.min(us.mp) as f64,
            ExtRes::NoEffect | ExtRes::Disorganize => 0.0,
        };
        (1..=6).map(loss).sum::<f64>() / 6.0
    }

    /// The margin of points over the enemy, squashed on 4 VP; a finished game is 1, 0.5 or 0.
    pub(super) fn ai_evaluate(&self, st: &State, seat: Seat) -> f64 {
        if let Some(o) = self.outcome(st) {
            return outcome_value(&o, seat, 2);
        }
        let side = seat.min(1);
        squash(self.ai_points(st, side) - self.ai_points(st, 1 - side), 4.0)
    }
}

/// Victory points a unit's fatigue level costs (GCACW 6.5), per level.
const W_FATIGUE: f64 = 0.2;
/// Victory points a disorganized unit costs, per manpower point (GCACW 5.1: no forced march,
/// the Disorganized column of the Extended March Table).
const W_DISORGANIZED: f64 = 0.0125;

/// The units chosen to march in a leader activation and not yet marched (GCACW 5.2 steps 2
/// and 6), and those chosen for an assault not yet launched (GCACW 5.3 step 1), as masks.
fn committed(st: &State) -> (u64, u64) {
    let (mut marching, mut assaulting) = (0u64, 0u64);
    for f in st.flow.iter() {
        match f {
            Frame::Select { assault: false, mask, .. } => marching |= mask,
            Frame::Select { assault: true, mask, .. } => assaulting |= mask,
            Frame::Activation { remaining, .. } => marching |= remaining,
            _ => {}
        }
    }
    (marching, assaulting)
}

#[cfg(test)]
mod tests {
    use super::super::data;
    use super::*;
    use bivouac_engine::Setup;
    use bivouac_engine::content::ContentSet;

    fn game() -> Gcacw {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content");
        let set = ContentSet::open(&[dir], super::super::DIR).expect("content folder");
        Gcacw::new(data::load_data(&set).unwrap_or_else(|e| panic!("{e}")))
    }

    #[test]
    fn determinization_changes_only_the_future_dice() {
        let g = game();
        let s = g.setup(&Setup::new("cedar-mountain", 2, 1)).unwrap();
        let d = g.determinize(&s, 1, &mut GameRng::new(9));
        let view = |st: &State| serde_json::to_string(&g.view(st, Some(1))).unwrap();
        assert_eq!(view(&d), view(&s), "GCACW: both players see the whole map");
        assert_eq!(d.units, s.units);
        assert_ne!(serde_json::to_string(&d.rng).unwrap(), serde_json::to_string(&s.rng).unwrap(), "the dice are reseeded");
    }

    #[test]
    fn evaluation_counts_enemy_manpower_lost() {
        let g = game();
        let s = g.setup(&Setup::new("cedar-mountain", 2, 1)).unwrap();
        let mut hurt = s.clone();
        hurt.lost[1] += 3;
        assert!(g.evaluate(&hurt, 0) > g.evaluate(&s, 0));
        assert!(g.evaluate(&hurt, 1) < g.evaluate(&s, 1));
    }

    /// GCACW 5.1, 5.2, 6.5: fatigue costs its side, and a unit chosen for a leader activation
    /// already counts the march it must still make: +1 fatigue and the manpower an extended
    /// march is expected to lose (a Union unit going to fatigue 3: +1 Union, +1 not of the Army
    /// of the Potomac on the Extended March Table).
    #[test]
    fn evaluation_counts_fatigue_and_the_marches_already_chosen_gcacw_5_1_5_2() {
        let g = game();
        let mut s = g.setup(&Setup::new("cedar-mountain", 2, 1)).unwrap();
        let sc = g.sc(&s);
        let u = (0..s.units.len()).find(|&i| s.units[i].on_map() && sc.units[i].side == 0 && sc.units[i].manpower >= 3).expect("a Union unit");
        s.units[u].fat = 0;
        assert_eq!(g.ai_extended_march_loss(&s, u), 0.0, "fatigue 0 -> 1 is no extended march");
        let mut tired = s.clone();
        tired.units[u].fat = 2;
        assert!(g.evaluate(&tired, 0) < g.evaluate(&s, 0), "GCACW 6.5: fatigue costs the Union");
        assert!(g.evaluate(&tired, 1) > g.evaluate(&s, 1));
        let expected = g.ai_extended_march_loss(&tired, u);
        assert!(expected > 0.0, "GCACW 5.1: fatigue 2 -> 3 is an extended march");
        let mut picked = tired.clone();
        picked.flow.push(Frame::Select { leader: 0, assault: false, mask: 1 << u });
        let more = g.ai_condition(&picked, 0) - g.ai_condition(&tired, 0);
        assert!((more - (W_FATIGUE + expected)).abs() < 1e-9, "GCACW 5.2 step 2: the chosen unit's march is counted ({more})");
        assert!(g.evaluate(&picked, 0) < g.evaluate(&tired, 0));
        let mut assault = tired.clone();
        assault.flow.push(Frame::Select { leader: 0, assault: true, mask: 1 << u });
        let more = g.ai_condition(&assault, 0) - g.ai_condition(&tired, 0);
        assert!((more - W_FATIGUE).abs() < 1e-9, "GCACW 5.3 step 2: +1 fatigue, no extended march ({more})");
    }

    /// GCACW 5.1, 6.5: a march chosen at the initiative shows only its cost (a fatigue level
    /// to come) until its unit moves; the search's leaf playout (`AI_TREE_PLAYOUT`) carries it
    /// out as the heuristic would, hex by hex, until it ends or the enemy must answer, and the
    /// leaf is valued there.
    #[test]
    fn the_leaf_playout_carries_a_march_to_its_end_gcacw_5_1() {
        use super::super::state::Action;
        use bivouac_engine::Log;
        use bivouac_engine::agent::{Agent, Decision, HeuristicAgent};
        use bivouac_engine::mcts::greedy_own_playout;
        let g = game();
        assert_eq!(g.tree_playout(), Gcacw::AI_TREE_PLAYOUT);
        let mut s = g.setup(&Setup::new("cedar-mountain", 2, 1)).unwrap();
        let mut agents = [HeuristicAgent::new(1), HeuristicAgent::new(2)];
        let march = loop {
            let seat = g.active_seats(&s)[0];
            let legal = g.legal_actions(&s, seat);
            if seat == 1
                && matches!(s.flow.top(), Some(Frame::Initiative { .. }))
                && let Some(m) = legal.iter().find(|a| matches!(a, Action::March { .. }))
            {
                break m.clone();
            }
            let i = agents[seat as usize].choose(&Decision::new(&g, &s, seat, &legal));
            g.apply(&mut s, seat, &legal[i], &mut Log::quiet()).unwrap();
        };
        let Action::March { unit } = march else { unreachable!() };
        let u = (0..s.units.len()).find(|&i| g.unit_name[s.sc as usize][i] == unit).expect("the marching unit");
        let mut begun = g.determinize(&s, 1, &mut GameRng::new(3));
        g.apply(&mut begun, 1, &march, &mut Log::quiet()).unwrap();
        assert!(matches!(begun.flow.top(), Some(Frame::March)), "the march waits for its first hex");
        let mut done = begun.clone();
        let evaluations = greedy_own_playout(&g, &mut done, 1, Gcacw::AI_TREE_PLAYOUT, &mut GameRng::new(4));
        assert!(evaluations > 0);
        // It stops where the march ends or the enemy must answer it (here: the Union's cavalry
        // offered a retreat before the marching unit, GCACW 7.7 cavalry retreat).
        let ended = !done.flow.iter().any(|f| matches!(f, Frame::March));
        assert!(ended || g.active_seats(&done).first() != Some(&1), "the playout stops only when the march is no longer the mover's");
        assert_ne!(done.units[u].hex, begun.units[u].hex, "the unit moved");
    }

    /// GCACW 12.0: a sample deals the enemy's hidden units among its force markers; the seat's
    /// own view of the position is the same in every sample.
    #[test]
    fn determinization_redeals_units_under_enemy_markers_li_12() {
        use bivouac_engine::Log;
        let g = game();
        let mut setup = Setup::new("cedar-mountain", 2, 4);
        setup.options.insert("limited-intelligence".into(), "on".into());
        let mut s = g.setup(&setup).unwrap();
        let mut rng = GameRng::new(4);
        let (mut checked, mut moved) = (0, false);
        for _ in 0..3000 {
            let Some(&seat) = g.active_seats(&s).first() else { break };
            let legal = g.legal_actions(&s, seat);
            let li: Vec<&super::super::state::Action> = legal.iter().filter(|a| matches!(a, super::super::state::Action::Marker { .. } | super::super::state::Action::Hide { .. })).collect();
            let a = if !li.is_empty() && rng.below(2) == 0 { li[rng.pick(li.len())].clone() } else { legal[rng.pick(legal.len())].clone() };
            g.apply(&mut s, seat, &a, &mut Log::quiet()).unwrap();
            let hid = g.hidden_from(&s, Some(0));
            if hid == 0 {
                continue;
            }
            let d = g.determinize(&s, 0, &mut rng);
            let view = |st: &State| serde_json::to_string(&g.view(st, Some(0))).unwrap();
            assert_eq!(view(&d), view(&s), "the sample agrees with everything the Union sees");
            for u in (0..s.units.len()).filter(|&u| hid & (1 << u) != 0) {
                let f = d.forces.iter().find(|f| f.units & (1 << u) != 0).expect("every hidden unit is under a marker");
                assert_eq!((f.side, d.units[u].hex), (1, f.hex));
            }
            moved |= d.forces != s.forces;
            checked += 1;
        }
        assert!(checked > 0 && moved, "checked {checked} samples");
    }
}

/// A traced game (`cargo test --release -p bivouac-systems --lib gcacw::ai::trace -- --ignored
/// --nocapture`, with SEED, SCEN, SEAT and ITERS in the environment): the search in one seat
/// against the heuristic, and at each of its decisions the most visited root actions with their
/// visits, search means and one-ply heuristic values (how docs/ai-strength.md found why the
/// Confederate search passed).
#[cfg(test)]
mod trace {
    use super::super::data;
    use super::*;
    use bivouac_engine::agent::{Agent, Decision, HeuristicAgent, score_actions};
    use bivouac_engine::content::ContentSet;
    use bivouac_engine::mcts::{MctsConfig, search};
    use bivouac_engine::{Log, Setup};

    fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
        std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
    }

    #[test]
    #[ignore]
    fn trace_search_root_decisions() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content");
        let set = ContentSet::open(&[dir], super::super::DIR).expect("content folder");
        let g = Gcacw::new(data::load_data(&set).unwrap());
        let (seed, me): (u64, Seat) = (env("SEED", 1), env("SEAT", 1));
        let mut s = g.setup(&Setup::new(env("SCEN", "cedar-mountain".to_string()), 2, seed)).unwrap();
        let mut heuristic = HeuristicAgent::new(seed);
        let mut rng = GameRng::new(seed);
        let cfg = MctsConfig::iterations(env("ITERS", MctsConfig::NORMAL));
        for n in 0.. {
            if g.outcome(&s).is_some() {
                break;
            }
            let seat = g.active_seats(&s)[0];
            let legal = g.legal_actions(&s, seat);
            let d = Decision::new(&g, &s, seat, &legal);
            let i = if seat != me {
                let i = heuristic.choose(&d);
                println!("  other: {}", g.notation(&legal[i]));
                i
            } else if legal.len() == 1 {
                0
            } else {
                let r = search(&d, &cfg, &mut rng);
                let h = score_actions(&d, &mut GameRng::new(n), 2);
                let c = r.choice(&mut rng);
                println!("#{n} value {:.3}, {} iterations, {} actions: {}", g.evaluate(&s, me), r.iterations, legal.len(), g.notation(&legal[c]));
                let mut order: Vec<usize> = (0..legal.len()).collect();
                order.sort_by_key(|&k| std::cmp::Reverse(r.visits[k]));
                for &k in order.iter().take(6) {
                    println!("    {:24} visits {:4} mean {:.3} heuristic {:.3}", g.notation(&legal[k]), r.visits[k], r.means[k], h[k] / 2.0);
                }
                c
            };
            g.apply(&mut s, seat, &legal[i], &mut Log::quiet()).unwrap();
        }
        println!("{:?}, manpower lost {:?}", g.outcome(&s), s.lost);
    }
}
