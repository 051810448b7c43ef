//! Batches of games between agents: the numbers designers read (`bivouac sim`).
//! Games run in parallel across cores; game `i` uses seed `seed + i`, so a batch is
//! reproducible whatever the number of threads.

use crate::agent::{Agent, AgentKind, Decision};
use crate::game::{Game, Outcome, Seat, Setup};
use crate::log::{Log, Refusal};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The setup of game 0; game `i` uses seed `setup.seed + i`.
    pub setup: Setup,
    pub games: usize,
    /// One agent kind per seat; a single entry plays every seat.
    pub agents: Vec<AgentKind>,
}

/// How one game went.
#[derive(Clone, Debug)]
pub struct Played {
    pub outcome: Option<Outcome>,
    pub actions: usize,
    /// A rules bug: a legal action refused or a dead end.
    pub error: Option<String>,
}

/// Play one game to its end (or to the game's runaway bound) with the given agents.
pub fn play_one<G: Game>(game: &G, setup: &Setup, agents: &mut [Box<dyn Agent<G>>]) -> Result<Played, Refusal> {
    let mut state = game.setup(setup)?;
    let mut actions = 0;
    let limit = game.max_actions();
    loop {
        if let Some(outcome) = game.outcome(&state) {
            return Ok(Played { outcome: Some(outcome), actions, error: None });
        }
        if actions >= limit {
            return Ok(Played { outcome: None, actions, error: None });
        }
        let Some(&seat) = game.active_seats(&state).first() else {
            return Ok(Played { outcome: None, actions, error: Some("dead end: nobody to act and no outcome".into()) });
        };
        let legal = game.legal_actions(&state, seat);
        if legal.is_empty() {
            return Ok(Played { outcome: None, actions, error: Some(format!("dead end: seat {seat} has no legal action")) });
        }
        let agent = &mut agents[(seat as usize) % agents.len()];
        let i = agent.choose(&Decision::new(game, &state, seat, &legal)).min(legal.len() - 1);
        if let Err(r) = game.apply(&mut state, seat, &legal[i], &mut Log::quiet()) {
            return Ok(Played {
                outcome: None,
                actions,
                error: Some(format!("legal action `{}` refused: {r}", game.notation(&legal[i]))),
            });
        }
        actions += 1;
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SimReport {
    pub game: String,
    pub scenario: String,
    pub players: u8,
    pub seats: Vec<String>,
    pub games: usize,
    /// Games each seat won (a shared victory counts for every winner).
    pub wins: Vec<usize>,
    pub draws: usize,
    pub unfinished: usize,
    pub errors: Vec<String>,
    pub mean_length: f64,
    pub median_length: f64,
    pub total_actions: usize,
    pub seconds: f64,
    pub actions_per_second: f64,
    /// How often each victory reason occurred.
    pub reasons: BTreeMap<String, usize>,
}

pub fn simulate<G: Game>(game: &G, cfg: &SimConfig) -> Result<SimReport, Refusal> {
    let first = game.setup(&cfg.setup)?;
    let seats = game.seat_names(&first);
    let agents = if cfg.agents.is_empty() { vec![AgentKind::Random] } else { cfg.agents.clone() };
    let start = Instant::now();
    let results: Vec<Result<Played, Refusal>> = (0..cfg.games)
        .into_par_iter()
        .map(|i| {
            let mut setup = cfg.setup.clone();
            setup.seed = cfg.setup.seed.wrapping_add(i as u64);
            let mut seated: Vec<Box<dyn Agent<G>>> = (0..seats.len())
                .map(|s| agents[s.min(agents.len() - 1)].build::<G>(setup.seed.wrapping_mul(31).wrapping_add(s as u64 + 1)))
                .collect();
            play_one(game, &setup, &mut seated)
        })
        .collect();
    let seconds = start.elapsed().as_secs_f64();
    let mut report = SimReport {
        game: game.id().to_string(),
        scenario: cfg.setup.scenario.clone(),
        players: cfg.setup.players,
        seats: seats.clone(),
        games: cfg.games,
        wins: vec![0; seats.len()],
        draws: 0,
        unfinished: 0,
        errors: Vec::new(),
        mean_length: 0.0,
        median_length: 0.0,
        total_actions: 0,
        seconds,
        actions_per_second: 0.0,
        reasons: BTreeMap::new(),
    };
    let mut lengths = Vec::new();
    for (i, r) in results.into_iter().enumerate() {
        let played = r?;
        lengths.push(played.actions);
        report.total_actions += played.actions;
        if let Some(e) = played.error {
            report.errors.push(format!("game {i} (seed {}): {e}", cfg.setup.seed.wrapping_add(i as u64)));
        }
        match played.outcome {
            None => report.unfinished += 1,
            Some(o) if o.winners.is_empty() => {
                report.draws += 1;
                *report.reasons.entry(o.reason).or_default() += 1;
            }
            Some(o) => {
                for w in &o.winners {
                    report.wins[*w as usize] += 1;
                }
                *report.reasons.entry(o.reason).or_default() += 1;
            }
        }
    }
    lengths.sort_unstable();
    if !lengths.is_empty() {
        report.mean_length = report.total_actions as f64 / lengths.len() as f64;
        let n = lengths.len();
        report.median_length = if n % 2 == 1 { lengths[n / 2] as f64 } else { (lengths[n / 2 - 1] + lengths[n / 2]) as f64 / 2.0 };
    }
    report.actions_per_second = if seconds > 0.0 { report.total_actions as f64 / seconds } else { 0.0 };
    Ok(report)
}

impl SimReport {
    /// The readable table `bivouac sim` prints.
    pub fn to_table(&self) -> String {
        let mut out = format!(
            "{} {} ({} players): {} games\n",
            self.game, self.scenario, self.players, self.games
        );
        out.push_str(&format!("{:<14} {:>6} {:>7}\n", "seat", "wins", "win %"));
        for (s, name) in self.seats.iter().enumerate() {
            let pct = if self.games > 0 { 100.0 * self.wins[s] as f64 / self.games as f64 } else { 0.0 };
            out.push_str(&format!("{:<14} {:>6} {:>6.1}%\n", name, self.wins[s], pct));
        }
        out.push_str(&format!("draws {}  unfinished {}  errors {}\n", self.draws, self.unfinished, self.errors.len()));
        out.push_str(&format!(
            "game length in actions: mean {:.1}, median {:.1}\n{} actions in {:.2} s: {:.0} actions/s\n",
            self.mean_length, self.median_length, self.total_actions, self.seconds, self.actions_per_second
        ));
        for (reason, n) in &self.reasons {
            out.push_str(&format!("  {n:>6} x {reason}\n"));
        }
        for e in self.errors.iter().take(10) {
            out.push_str(&format!("ERROR {e}\n"));
        }
        out
    }
}

/// Seats in a report are named by the game; this is the index of a seat name.
pub fn seat_index(report: &SimReport, name: &str) -> Option<Seat> {
    report.seats.iter().position(|s| s == name).map(|i| i as Seat)
}
