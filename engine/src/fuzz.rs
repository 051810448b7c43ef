//! The random-play fuzzer every game passes: seeded random games over the contract, with an
//! invariant check after every action, and these bugs detected:
//! a panic, a dead end (no legal action while the game is not over), a runaway game, a game
//! that makes no progress (a long run of actions with no roll, draw or reveal: a question asked
//! again and again), an invariant failure, a legal action refused, a refusal that changed the
//! state, an action whose notation does not parse back to itself, and (every
//! `leak_check_every` actions) a seat shown something it may not know (`leak.rs`).

use crate::game::{Game, Seat, Setup, state_hash};
use crate::log::{Log, Refusal};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct FuzzConfig {
    /// Game `i` uses seed `setup.seed + i`.
    pub setup: Setup,
    pub games: usize,
    /// Every this many actions, run the costly checks (refusal purity, notation round-trip of
    /// every legal action). 1 = always.
    pub deep_check_every: usize,
    /// Every this many actions, run the hidden-information check (`leak::check`) for every
    /// seat. 0 = never.
    pub leak_check_every: usize,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FuzzFailure {
    pub seed: u64,
    pub step: usize,
    pub kind: String,
    pub message: String,
    /// The last actions before the failure, in notation (seat: action).
    pub recent: Vec<String>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct FuzzReport {
    pub games: usize,
    pub finished: usize,
    pub actions: usize,
    pub seconds: f64,
    pub failures: Vec<FuzzFailure>,
}

impl FuzzReport {
    pub fn is_clean(&self) -> bool {
        self.failures.is_empty()
    }
}

pub fn fuzz<G: Game>(game: &G, cfg: &FuzzConfig) -> Result<FuzzReport, Refusal> {
    game.setup(&cfg.setup)?;
    let start = Instant::now();
    let results: Vec<(bool, usize, Option<FuzzFailure>)> = {
        use rayon::prelude::*;
        (0..cfg.games)
            .into_par_iter()
            .map(|i| {
                let seed = cfg.setup.seed.wrapping_add(i as u64);
                let mut setup = cfg.setup.clone();
                setup.seed = seed;
                let mut recent = Vec::new();
                let mut steps = 0;
                let run = catch_unwind(AssertUnwindSafe(|| fuzz_one(game, &setup, cfg, &mut recent, &mut steps)));
                match run {
                    Ok(Ok(finished)) => (finished, steps, None),
                    Ok(Err((kind, message))) => (false, steps, Some(FuzzFailure { seed, step: steps, kind, message, recent })),
                    Err(p) => {
                        let message = p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default();
                        (false, steps, Some(FuzzFailure { seed, step: steps, kind: "panic".into(), message, recent }))
                    }
                }
            })
            .collect()
    };
    let mut report = FuzzReport { games: cfg.games, ..Default::default() };
    for (finished, steps, failure) in results {
        report.finished += finished as usize;
        report.actions += steps;
        report.failures.extend(failure);
    }
    report.seconds = start.elapsed().as_secs_f64();
    Ok(report)
}

type Failure = (String, String);

/// Most actions in a row with no roll, draw or reveal (what seals a step) before the fuzzer
/// reports that the game makes no progress: far more than any game's longest stretch of plain
/// decisions, far fewer than its whole length.
pub const NO_PROGRESS_ACTIONS: usize = 2_000;

/// After a long stretch of plain decisions, an action that goes on: one that rolls, draws or
/// reveals, or hands the decision to other seats, when there is one. Random play can wander
/// for thousands of actions through a free choice that a person ends at will (Bobby Lee's free
/// deployment swaps blocks until `done`); a question with no way out still hits the bound.
fn way_on<'a, G: Game>(game: &G, state: &G::State, seat: Seat, legal: &'a [G::Action], rng: &mut GameRng) -> &'a G::Action {
    let active = game.active_seats(state);
    let onward: Vec<&G::Action> = legal
        .iter()
        .filter(|a| {
            let mut next = state.clone();
            let mut log = Log::quiet();
            game.apply(&mut next, seat, a, &mut log).is_ok() && (log.sealed() || game.active_seats(&next) != active)
        })
        .collect();
    if onward.is_empty() { &legal[rng.pick(legal.len())] } else { onward[rng.pick(onward.len())] }
}

fn fail(kind: &str, message: impl Into<String>) -> Failure {
    (kind.to_string(), message.into())
}

fn fuzz_one<G: Game>(game: &G, setup: &Setup, cfg: &FuzzConfig, recent: &mut Vec<String>, steps: &mut usize) -> Result<bool, Failure> {
    let deep_every = cfg.deep_check_every.max(1);
    let mut state = game.setup(setup).map_err(|r| fail("setup", r.to_string()))?;
    let mut rng = GameRng::new(setup.seed ^ 0x5eed_f022);
    let leak_offset = match cfg.leak_check_every {
        0 => 0,
        every => GameRng::new(setup.seed ^ 0x1eac_0ff5).below(every as u32) as usize,
    };
    game.check_invariants(&state).map_err(|e| fail("invariant", format!("after setup: {e}")))?;
    let limit = game.max_actions();
    let mut previous: Option<G::Action> = None;
    let mut unsealed = 0usize;
    loop {
        if game.outcome(&state).is_some() {
            if !game.active_seats(&state).is_empty() {
                return Err(fail("contract", "the game has an outcome but seats still owe decisions"));
            }
            return Ok(true);
        }
        if *steps >= limit {
            return Err(fail("runaway", format!("no outcome after {limit} actions")));
        }
        let active = game.active_seats(&state);
        if active.is_empty() {
            return Err(fail("dead end", "no seat owes a decision and the game is not over"));
        }
        let seat = active[rng.pick(active.len())];
        let legal = game.legal_actions_shared(&state, seat);
        if legal.is_empty() {
            return Err(fail("dead end", format!("seat {seat} is active but has no legal action")));
        }
        // Each game checks at its own offset, so a sparse check (every 500 actions) still
        // lands anywhere in a game, not only on the setup of every short one.
        if cfg.leak_check_every > 0 && (*steps + leak_offset).is_multiple_of(cfg.leak_check_every) {
            // Its own stream, so a game plays the same with or without the check.
            let mut leak_rng = GameRng::new(setup.seed ^ 0x1eac_c4ec ^ (*steps as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
            crate::leak::check(game, &state, &mut leak_rng, &crate::leak::LeakConfig::default()).map_err(|e| fail("leak", e))?;
        }
        let deep = steps.is_multiple_of(deep_every);
        if deep {
            for a in legal.iter() {
                let text = game.notation(a);
                match game.parse(&text) {
                    Ok(b) if &b == a => {}
                    Ok(b) => return Err(fail("notation", format!("`{text}` parses to {b:?}, not {a:?}"))),
                    Err(e) => return Err(fail("notation", format!("`{text}` does not parse: {e}"))),
                }
            }
            // A refused action must leave the state untouched: retry the previous action.
            if let Some(prev) = &previous {
                let before = state_hash(&state);
                let mut probe = state.clone();
                if game.apply(&mut probe, seat, prev, &mut Log::quiet()).is_err() && state_hash(&probe) != before {
                    return Err(fail("refusal changed state", format!("refusing `{}` modified the state", game.notation(prev))));
                }
            }
        }
        // A game much shorter than the bound is held to a quarter of its length.
        let bound = NO_PROGRESS_ACTIONS.min(limit / 4);
        let action = if unsealed > bound / 2 { way_on(game, &state, seat, &legal, &mut rng) } else { &legal[rng.pick(legal.len())] };
        recent.push(format!("{seat}: {}", game.notation(action)));
        if recent.len() > 12 {
            recent.remove(0);
        }
        let mut log = Log::quiet();
        if let Err(r) = game.apply(&mut state, seat, action, &mut log) {
            return Err(fail("legal action refused", format!("`{}`: {r}", game.notation(action))));
        }
        unsealed = if log.sealed() { 0 } else { unsealed + 1 };
        if unsealed > bound {
            return Err(fail("no progress", format!("{bound} actions in a row with no roll, draw or reveal (a question asked again and again?)")));
        }
        *steps += 1;
        game.check_invariants(&state).map_err(|e| fail("invariant", e))?;
        previous = Some(action.clone());
    }
}
