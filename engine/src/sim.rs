//! Batches of games between agents: the numbers designers read (`bivouac sim`).
//! Games run in parallel across cores; game `i` uses seed `seed + i`, so a batch is
//! reproducible whatever the number of threads.
//!
//! A report gives win rates with 95% Wilson score intervals, draws, unfinished games, the
//! distribution of game length and final scores, and the victory reasons. [`simulate_variant`]
//! plays the same seeds with two contents (a baseline and a variant laid over it) and
//! [`compare`] gives the difference in win rate per seat with a 95% interval (Newcombe's
//! hybrid score interval for a difference of two proportions). A [`SimControl`] lets a caller
//! stop a run between games (Ctrl-C) and still get a report of the games that finished.

use crate::agent::{Agent, AgentKind, Decision};
use crate::game::{Game, Outcome, Seat, Setup};
use crate::log::{Log, Refusal};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The setup of game 0; game `i` uses seed `setup.seed + i`.
    pub setup: Setup,
    pub games: usize,
    /// One agent kind per seat; a single entry plays every seat.
    pub agents: Vec<AgentKind>,
    /// Play only this shard's share of the games (`bivouac sim --shard K/N`); the shards'
    /// reports [`merge`] into the report of the whole batch.
    pub shard: Option<Shard>,
    /// Stop before `games` once every seat's win-rate interval (with a variant: every seat's
    /// change) is at most this wide (`--until-width 0.05`). Games are played in blocks of
    /// [`BLOCK`] in index order, so the report is that of a batch of its size.
    pub until_width: Option<f64>,
}

/// The games played between two checks of [`SimConfig::until_width`].
pub const BLOCK: usize = 100;

impl SimConfig {
    pub fn new(setup: Setup, games: usize, agents: Vec<AgentKind>) -> Self {
        SimConfig { setup, games, agents, shard: None, until_width: None }
    }

    /// The indices of the games this run plays: all of them, or every `count`-th from
    /// `index - 1` for a shard, so the shards of a batch play each game exactly once.
    pub fn indices(&self) -> Vec<usize> {
        match self.shard {
            None => (0..self.games).collect(),
            Some(Shard { index, count }) => (index - 1..self.games).step_by(count).collect(),
        }
    }
}

/// Shard `index` of `count` (1-based, as written on the command line: `2/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// `K/N` with 1 <= K <= N.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("a shard is K/N with 1 <= K <= N, as 2/8; found `{text}`");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (k.trim().parse::<usize>().map_err(|_| bad())?, n.trim().parse::<usize>().map_err(|_| bad())?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

/// How a caller steers a running batch: a stop flag checked before each game starts (games
/// already running finish), and a callback told how many games are done after each one.
#[derive(Clone, Copy, Default)]
pub struct SimControl<'a> {
    pub stop: Option<&'a AtomicBool>,
    /// Called (from worker threads) with the number of games done so far.
    pub on_game_done: Option<&'a (dyn Fn(usize) + Sync)>,
}

impl SimControl<'_> {
    fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// How one game went.
#[derive(Clone, Debug)]
pub struct Played {
    pub outcome: Option<Outcome>,
    pub actions: usize,
    /// A rules bug: a legal action refused or a dead end.
    pub error: Option<String>,
    /// Per seat: decisions its agent took, their total and their longest time in seconds.
    pub decisions: Vec<DecisionTimes>,
    /// The game's turn when it ended ([`Game::turn`]).
    pub end_turn: Option<u32>,
    /// The game's measures at the start of each turn and, last, at the end
    /// ([`Game::measures`]).
    pub trajectory: Vec<TurnPoint>,
}

/// A game's measures at one point: the start of `turn`, or its end (`end = true`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnPoint {
    pub turn: u32,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub end: bool,
    pub values: Vec<f64>,
}

/// How long one seat's agent thought over a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DecisionTimes {
    pub count: u32,
    pub seconds: f64,
    pub max_seconds: f64,
}

impl DecisionTimes {
    fn add(&mut self, other: &DecisionTimes) {
        self.count += other.count;
        self.seconds += other.seconds;
        self.max_seconds = self.max_seconds.max(other.max_seconds);
    }
}

/// Play one game to its end (or to the game's runaway bound) with the given agents.
pub fn play_one<G: Game>(game: &G, setup: &Setup, agents: &mut [Box<dyn Agent<G>>]) -> Result<Played, Refusal> {
    let mut state = game.setup(setup)?;
    let mut actions = 0;
    let limit = game.max_actions();
    let mut decisions = vec![DecisionTimes::default(); game.seat_names(&state).len()];
    let mut trajectory: Vec<TurnPoint> = Vec::new();
    let mut turn = None;
    let end = |state: &G::State, outcome, actions, error, decisions, mut trajectory: Vec<TurnPoint>| {
        let end_turn = game.turn(state);
        let values = measure_values(game, state);
        if !values.is_empty() {
            trajectory.push(TurnPoint { turn: end_turn.unwrap_or(0), end: true, values });
        }
        Ok(Played { outcome, actions, error, decisions, end_turn, trajectory })
    };
    loop {
        if let Some(outcome) = game.outcome(&state) {
            return end(&state, Some(outcome), actions, None, decisions, trajectory);
        }
        if actions >= limit {
            return end(&state, None, actions, None, decisions, trajectory);
        }
        let now = game.turn(&state);
        if now.is_some() && now != turn {
            turn = now;
            let values = measure_values(game, &state);
            if !values.is_empty() {
                trajectory.push(TurnPoint { turn: now.unwrap_or(0), end: false, values });
            }
        }
        let Some(&seat) = game.active_seats(&state).first() else {
            return end(&state, None, actions, Some("dead end: nobody to act and no outcome".into()), decisions, trajectory);
        };
        let legal = game.legal_actions_shared(&state, seat);
        if legal.is_empty() {
            return end(&state, None, actions, Some(format!("dead end: seat {seat} has no legal action")), decisions, trajectory);
        }
        let agent = &mut agents[(seat as usize) % agents.len()];
        let t = Instant::now();
        let i = agent.choose(&Decision::new(game, &state, seat, &legal)).min(legal.len() - 1);
        let took = t.elapsed().as_secs_f64();
        if let Some(d) = decisions.get_mut(seat as usize) {
            d.add(&DecisionTimes { count: 1, seconds: took, max_seconds: took });
        }
        // The listing is dropped before the action is applied: a game may then list the next
        // position in the same vector (`Game::legal_actions_shared`).
        let action = legal[i].clone();
        drop(legal);
        if let Err(r) = game.apply_listed(&mut state, seat, &action, &mut Log::quiet()) {
            let error = Some(format!("legal action `{}` refused: {r}", game.notation(&action)));
            return end(&state, None, actions, error, decisions, trajectory);
        }
        actions += 1;
    }
}

fn measure_values<G: Game>(game: &G, state: &G::State) -> Vec<f64> {
    game.measures(state).into_iter().map(|(_, v)| v).collect()
}

/// One game of a batch, kept so that two batches can be compared seed by seed.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct GameRecord {
    /// Game `index` of the batch, played with seed `setup.seed + index`.
    pub index: usize,
    pub seed: u64,
    pub actions: usize,
    /// `None`: unfinished (runaway bound or a rules error).
    pub outcome: Option<Outcome>,
    pub error: Option<String>,
    #[serde(default)]
    pub decisions: Vec<DecisionTimes>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_turn: Option<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trajectory: Vec<TurnPoint>,
}

impl GameRecord {
    /// The game finished and `seat` is among its winners.
    pub fn won(&self, seat: usize) -> bool {
        self.outcome.as_ref().is_some_and(|o| o.winners.iter().any(|&w| w as usize == seat))
    }
}

/// A proportion with its 95% confidence interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval for `k` successes in `n` trials (95%). `n == 0` gives [0, 1].
pub fn wilson(k: usize, n: usize) -> Interval {
    wilson_z(k, n, Z95)
}

pub fn wilson_z(k: usize, n: usize, z: f64) -> Interval {
    if n == 0 {
        return Interval { estimate: 0.0, low: 0.0, high: 1.0 };
    }
    let (k, n) = (k.min(n) as f64, n as f64);
    let p = k / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At k = 0 or k = n the bound is exactly 0 or 1; clamp rounding.
    let low = if k == 0.0 { 0.0 } else { (centre - half).max(0.0) };
    let high = if k == n { 1.0 } else { (centre + half).min(1.0) };
    Interval { estimate: p, low, high }
}

/// The 95% interval for the difference `k1/n1 - k2/n2` of two independent proportions:
/// Newcombe's hybrid score interval (his method 10), built from the two Wilson intervals.
/// Games played on the same seeds are positively correlated, so for them it is conservative.
pub fn difference(k1: usize, n1: usize, k2: usize, n2: usize) -> Interval {
    let a = wilson(k1, n1);
    let b = wilson(k2, n2);
    let d = a.estimate - b.estimate;
    let low = d - ((a.estimate - a.low).powi(2) + (b.high - b.estimate).powi(2)).sqrt();
    let high = d + ((a.high - a.estimate).powi(2) + (b.estimate - b.low).powi(2)).sqrt();
    Interval { estimate: d, low: low.max(-1.0), high: high.min(1.0) }
}

/// The mean of `values` with its 95% interval (normal approximation: mean +- z s / sqrt(n)).
/// Fewer than two values give an interval of width zero around the mean.
pub fn mean_interval(values: &[f64]) -> Interval {
    let n = values.len();
    if n == 0 {
        return Interval::default();
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return Interval { estimate: mean, low: mean, high: mean };
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let half = Z95 * (var / n as f64).sqrt();
    Interval { estimate: mean, low: mean - half, high: mean + half }
}

impl Interval {
    /// The interval excludes zero.
    pub fn excludes_zero(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }

    pub fn width(&self) -> f64 {
        self.high - self.low
    }

    /// A proportion as a designer reads it: `45.5% (38.7-52.4)`.
    pub fn percent_text(&self) -> String {
        format!("{:.1}% ({:.1}-{:.1})", 100.0 * self.estimate, 100.0 * self.low, 100.0 * self.high)
    }
}

/// Finished games that ended in `turn`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TurnCount {
    pub turn: u32,
    pub games: usize,
}

/// The measures at the start of one turn over the games that reached it: each one's mean with
/// its 95% interval, in the order of [`SimReport::measures`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrajectoryRow {
    pub turn: u32,
    pub games: usize,
    pub values: Vec<Interval>,
}

/// One bar of the game-length histogram: games of `from..=to` actions.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Bucket {
    pub from: usize,
    pub to: usize,
    pub count: usize,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SimReport {
    pub game: String,
    pub scenario: String,
    pub players: u8,
    pub seats: Vec<String>,
    /// The agent playing each seat (`random`, `heuristic`, `mcts`, `mcts:N`...).
    #[serde(default)]
    pub agents: Vec<String>,
    /// Per seat: its agent's mean and longest time per decision, in milliseconds.
    #[serde(default)]
    pub decision_ms_mean: Vec<f64>,
    #[serde(default)]
    pub decision_ms_max: Vec<f64>,
    /// Games played (fewer than `requested` when the run was stopped).
    pub games: usize,
    #[serde(default)]
    pub requested: usize,
    /// The run was stopped (Ctrl-C) before every requested game was played.
    #[serde(default)]
    pub stopped: bool,
    /// Games each seat won (a shared victory counts for every winner).
    pub wins: Vec<usize>,
    /// Win rate of each seat over the games played, with its 95% Wilson interval.
    #[serde(default)]
    pub win_rate: Vec<Interval>,
    pub draws: usize,
    pub unfinished: usize,
    pub errors: Vec<String>,
    pub mean_length: f64,
    pub median_length: f64,
    #[serde(default)]
    pub min_length: usize,
    #[serde(default)]
    pub max_length: usize,
    #[serde(default)]
    pub length_histogram: Vec<Bucket>,
    /// Mean final score of each seat over the finished games.
    #[serde(default)]
    pub mean_scores: Vec<f64>,
    pub total_actions: usize,
    pub seconds: f64,
    pub actions_per_second: f64,
    /// How often each victory reason occurred.
    pub reasons: BTreeMap<String, usize>,
    /// The setup of game 0 (game `i` uses seed `seed + i`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<Setup>,
    /// The batch stopped once every interval was at most this wide ([`SimConfig::until_width`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until_width: Option<f64>,
    /// The shard of the batch this report covers (`None`: the whole batch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Each seat's mean final score with its 95% interval, over the games with scores.
    #[serde(default)]
    pub score_interval: Vec<Interval>,
    /// With two seats: the first seat's win rate minus the second's over the same games, with
    /// its 95% interval (paired by game), i.e. the first seat's advantage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat_advantage: Option<Interval>,
    /// Finished games by the turn they ended in ([`Game::turn`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub end_turns: Vec<TurnCount>,
    /// The names of the game's measures ([`Game::measures`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub measures: Vec<String>,
    /// The measures turn by turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trajectory: Vec<TrajectoryRow>,
    /// The measures at the end of the game, over every game played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub final_measures: Vec<Interval>,
    /// Every game played, by index: compares batches seed by seed and merges shards. Printed
    /// in JSON only for a shard (the caller empties it otherwise).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<GameRecord>,
}

/// Play a batch and report it.
pub fn simulate<G: Game>(game: &G, cfg: &SimConfig) -> Result<SimReport, Refusal> {
    simulate_with(game, cfg, &SimControl::default())
}

/// Play a batch that `control` may stop between games; the report covers the games played.
pub fn simulate_with<G: Game>(game: &G, cfg: &SimConfig, control: &SimControl<'_>) -> Result<SimReport, Refusal> {
    let mut reports = run(&[game], cfg, control)?;
    Ok(reports.pop().expect("one game, one report"))
}

/// Play the same seeds with a baseline and a variant (the same game with other content):
/// each seed is played on both before the next, so a stopped run still pairs its games.
pub fn simulate_variant<G: Game>(
    baseline: &G,
    variant: &G,
    cfg: &SimConfig,
    control: &SimControl<'_>,
) -> Result<(SimReport, SimReport), Refusal> {
    let mut reports = run(&[baseline, variant], cfg, control)?;
    let v = reports.pop().expect("two reports");
    let b = reports.pop().expect("two reports");
    Ok((b, v))
}

/// One seed played on every content: each record with the seconds it took.
type SeedResult = Result<Vec<(GameRecord, f64)>, Refusal>;

fn run<G: Game>(games: &[&G], cfg: &SimConfig, control: &SimControl<'_>) -> Result<Vec<SimReport>, Refusal> {
    let mut seats = Vec::new();
    let mut measures = Vec::new();
    for g in games {
        let first = g.setup(&cfg.setup)?;
        measures = g.measures(&first).into_iter().map(|(name, _)| name).collect();
        let s = g.seat_names(&first);
        if !seats.is_empty() && s.len() != seats.len() {
            return Err(Refusal::new("sim", "the baseline and the variant seat different numbers of players"));
        }
        seats = s;
    }
    let agents = if cfg.agents.is_empty() { vec![AgentKind::Random] } else { cfg.agents.clone() };
    let done = std::sync::atomic::AtomicUsize::new(0);
    let start = Instant::now();
    let play = |i: usize| -> Option<SeedResult> {
        if control.stopped() {
            return None;
        }
        let mut setup = cfg.setup.clone();
        setup.seed = cfg.setup.seed.wrapping_add(i as u64);
        let mut out = Vec::with_capacity(games.len());
        for g in games {
            let t = Instant::now();
            let mut seated: Vec<Box<dyn Agent<G>>> = (0..seats.len())
                .map(|s| seat_agent(&agents, s).build::<G>(setup.seed.wrapping_mul(31).wrapping_add(s as u64 + 1)))
                .collect();
            let played = match play_one(*g, &setup, &mut seated) {
                Ok(p) => p,
                Err(r) => return Some(Err(r)),
            };
            let record = GameRecord {
                index: i,
                seed: setup.seed,
                actions: played.actions,
                outcome: played.outcome,
                error: played.error,
                decisions: played.decisions,
                end_turn: played.end_turn,
                trajectory: played.trajectory,
            };
            out.push((record, t.elapsed().as_secs_f64()));
        }
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(f) = control.on_game_done {
            f(n);
        }
        Some(Ok(out))
    };
    let indices = cfg.indices();
    let block = if cfg.until_width.is_some() { BLOCK } else { indices.len().max(1) };
    let mut per_game: Vec<Vec<GameRecord>> = vec![Vec::new(); games.len()];
    let mut busy = vec![0.0; games.len()];
    let mut settled = false;
    for chunk in indices.chunks(block) {
        // Per game index: for each content, the record and the seconds it took.
        let results: Vec<Option<SeedResult>> = chunk.par_iter().map(|&i| play(i)).collect();
        for r in results.into_iter().flatten() {
            for (k, (record, secs)) in r?.into_iter().enumerate() {
                busy[k] += secs;
                per_game[k].push(record);
            }
        }
        if control.stopped() {
            break;
        }
        if let Some(w) = cfg.until_width
            && narrow_enough(&per_game, seats.len(), w)
        {
            settled = true;
            break;
        }
    }
    let wall = start.elapsed().as_secs_f64();
    let total_busy: f64 = busy.iter().sum();
    let stopped = per_game[0].len() < indices.len() && !settled;
    Ok(per_game
        .into_iter()
        .enumerate()
        .map(|(k, records)| {
            // Wall time shared between the contents in proportion to the time each took.
            let seconds = if total_busy > 0.0 { wall * busy[k] / total_busy } else { wall };
            summarize(games[k].id(), cfg, &seats, &measures, records, seconds, stopped)
        })
        .collect())
}

/// Whether every seat's win rate (one content) or every seat's change of win rate (a baseline
/// and a variant, paired by seed) is known within an interval at most `width` wide.
fn narrow_enough(per_game: &[Vec<GameRecord>], seats: usize, width: f64) -> bool {
    (0..seats).all(|s| match per_game {
        [one] => wilson(one.iter().filter(|r| r.won(s)).count(), one.len()).width() <= width,
        [base, variant, ..] => {
            let pairs: Vec<(bool, bool)> = base.iter().zip(variant).map(|(b, v)| (b.won(s), v.won(s))).collect();
            paired_rate_change(&pairs).width() <= width
        }
        [] => true,
    })
}

/// The agent of `seat`: one entry per seat, the last repeated; random when none is named.
pub fn seat_agent(agents: &[AgentKind], seat: usize) -> AgentKind {
    agents.get(seat.min(agents.len().saturating_sub(1))).copied().unwrap_or(AgentKind::Random)
}

/// Build a report from the records of the games played.
pub fn summarize(
    game: &str,
    cfg: &SimConfig,
    seats: &[String],
    measures: &[String],
    mut records: Vec<GameRecord>,
    seconds: f64,
    stopped: bool,
) -> SimReport {
    records.sort_by_key(|r| r.index);
    let n = records.len();
    let mut report = SimReport {
        game: game.to_string(),
        scenario: cfg.setup.scenario.clone(),
        players: cfg.setup.players,
        seats: seats.to_vec(),
        agents: (0..seats.len()).map(|s| seat_agent(&cfg.agents, s).spec()).collect(),
        decision_ms_mean: Vec::new(),
        decision_ms_max: Vec::new(),
        games: n,
        requested: cfg.games,
        stopped,
        wins: vec![0; seats.len()],
        win_rate: Vec::new(),
        draws: 0,
        unfinished: 0,
        errors: Vec::new(),
        mean_length: 0.0,
        median_length: 0.0,
        min_length: 0,
        max_length: 0,
        length_histogram: Vec::new(),
        mean_scores: vec![0.0; seats.len()],
        total_actions: 0,
        seconds,
        actions_per_second: 0.0,
        reasons: BTreeMap::new(),
        setup: Some(cfg.setup.clone()),
        until_width: cfg.until_width,
        shard: cfg.shard,
        score_interval: Vec::new(),
        seat_advantage: None,
        end_turns: Vec::new(),
        measures: measures.to_vec(),
        trajectory: Vec::new(),
        final_measures: Vec::new(),
        records: Vec::new(),
    };
    let mut lengths = Vec::with_capacity(n);
    let mut scored = 0usize;
    let mut times = vec![DecisionTimes::default(); seats.len()];
    for r in &records {
        for (t, d) in times.iter_mut().zip(&r.decisions) {
            t.add(d);
        }
        lengths.push(r.actions);
        report.total_actions += r.actions;
        if let Some(e) = &r.error {
            report.errors.push(format!("game {} (seed {}): {e}", r.index, r.seed));
        }
        match &r.outcome {
            None => report.unfinished += 1,
            Some(o) => {
                if o.winners.is_empty() {
                    report.draws += 1;
                }
                for w in &o.winners {
                    if let Some(c) = report.wins.get_mut(*w as usize) {
                        *c += 1;
                    }
                }
                *report.reasons.entry(o.reason.clone()).or_default() += 1;
                if o.scores.len() == seats.len() {
                    scored += 1;
                    for (m, s) in report.mean_scores.iter_mut().zip(&o.scores) {
                        *m += *s as f64;
                    }
                }
            }
        }
    }
    if scored > 0 {
        report.mean_scores.iter_mut().for_each(|m| *m /= scored as f64);
    }
    report.score_interval = (0..seats.len())
        .map(|s| {
            let scores: Vec<f64> = records
                .iter()
                .filter_map(|r| r.outcome.as_ref().filter(|o| o.scores.len() == seats.len()).map(|o| o.scores[s] as f64))
                .collect();
            mean_interval(&scores)
        })
        .collect();
    if seats.len() == 2 && n > 0 {
        let d: Vec<f64> = records.iter().map(|r| f64::from(u8::from(r.won(0))) - f64::from(u8::from(r.won(1)))).collect();
        report.seat_advantage = Some(mean_interval(&d));
    }
    let mut end_turns: BTreeMap<u32, usize> = BTreeMap::new();
    for r in records.iter().filter(|r| r.outcome.is_some()) {
        if let Some(t) = r.end_turn {
            *end_turns.entry(t).or_default() += 1;
        }
    }
    report.end_turns = end_turns.into_iter().map(|(turn, games)| TurnCount { turn, games }).collect();
    if !measures.is_empty() {
        let mut by_turn: BTreeMap<u32, Vec<&[f64]>> = BTreeMap::new();
        let mut last: Vec<&[f64]> = Vec::new();
        for r in &records {
            for p in &r.trajectory {
                if p.values.len() != measures.len() {
                    continue;
                }
                if p.end {
                    last.push(&p.values);
                } else {
                    by_turn.entry(p.turn).or_default().push(&p.values);
                }
            }
        }
        let column = |rows: &[&[f64]], m: usize| mean_interval(&rows.iter().map(|v| v[m]).collect::<Vec<_>>());
        report.trajectory = by_turn
            .into_iter()
            .map(|(turn, rows)| TrajectoryRow { turn, games: rows.len(), values: (0..measures.len()).map(|m| column(&rows, m)).collect() })
            .collect();
        report.final_measures = (0..measures.len()).map(|m| column(&last, m)).collect();
    }
    report.win_rate = report.wins.iter().map(|&w| wilson(w, n)).collect();
    report.decision_ms_mean = times.iter().map(|t| if t.count > 0 { 1000.0 * t.seconds / t.count as f64 } else { 0.0 }).collect();
    report.decision_ms_max = times.iter().map(|t| 1000.0 * t.max_seconds).collect();
    lengths.sort_unstable();
    if n > 0 {
        report.mean_length = report.total_actions as f64 / n as f64;
        report.median_length = if n % 2 == 1 { lengths[n / 2] as f64 } else { (lengths[n / 2 - 1] + lengths[n / 2]) as f64 / 2.0 };
        report.min_length = lengths[0];
        report.max_length = lengths[n - 1];
        report.length_histogram = histogram(&lengths, 10);
    }
    report.actions_per_second = if seconds > 0.0 { report.total_actions as f64 / seconds } else { 0.0 };
    report.records = records;
    report
}

/// At most `bins` equal-width buckets from the shortest to the longest of sorted `lengths`.
fn histogram(lengths: &[usize], bins: usize) -> Vec<Bucket> {
    let (Some(&min), Some(&max)) = (lengths.first(), lengths.last()) else { return Vec::new() };
    let width = (max - min) / bins + 1;
    let mut out: Vec<Bucket> = (0..bins)
        .map(|b| Bucket { from: min + b * width, to: min + (b + 1) * width - 1, count: 0 })
        .take_while(|b| b.from <= max)
        .collect();
    for &l in lengths {
        out[(l - min) / width].count += 1;
    }
    out
}

impl SimReport {
    /// The readable table `bivouac sim` prints.
    pub fn to_table(&self) -> String {
        let mut out = format!("{} {} ({} players): {} games", self.game, self.scenario, self.players, self.games);
        if self.stopped {
            out.push_str(&format!(" (stopped: {} of {} requested)", self.games, self.requested));
        } else if let Some(w) = self.until_width.filter(|_| self.games < self.requested) {
            out.push_str(&format!(" (of at most {}: every interval was {:.1} points wide or less)", self.requested, 100.0 * w));
        }
        if let Some(s) = self.shard {
            out.push_str(&format!(" [shard {}/{} of a batch of {}]", s.index, s.count, self.requested));
        }
        out.push('\n');
        out.push_str(&format!(
            "{:<14} {:<12} {:>6} {:>7}  {:<17} {:>10} {:>12}\n",
            "seat", "agent", "wins", "win %", "95% interval", "mean score", "ms/decision"
        ));
        for (s, name) in self.seats.iter().enumerate() {
            let r = self.win_rate.get(s).copied().unwrap_or_else(|| wilson(self.wins[s], self.games));
            let score = self.mean_scores.get(s).copied().unwrap_or(0.0);
            out.push_str(&format!(
                "{:<14} {:<12} {:>6} {:>6.1}%  {:>6.1}% - {:>5.1}%  {:>10.1} {:>12.2}\n",
                name,
                self.agents.get(s).map_or("random", String::as_str),
                self.wins[s],
                100.0 * r.estimate,
                100.0 * r.low,
                100.0 * r.high,
                score,
                self.decision_ms_mean.get(s).copied().unwrap_or(0.0),
            ));
        }
        if self.score_interval.iter().any(|i| i.width() > 0.0) {
            let scores: Vec<String> = self
                .seats
                .iter()
                .zip(&self.score_interval)
                .map(|(name, i)| format!("{name} {:.1} ({:.1} to {:.1})", i.estimate, i.low, i.high))
                .collect();
            out.push_str(&format!("mean final score with its 95% interval: {}\n", scores.join(", ")));
        }
        if let Some(a) = &self.seat_advantage {
            out.push_str(&format!(
                "{}'s advantage (its win rate minus {}'s): {:+.1}% ({:+.1}% to {:+.1}%){}\n",
                self.seats[0],
                self.seats[1],
                100.0 * a.estimate,
                100.0 * a.low,
                100.0 * a.high,
                if a.excludes_zero() { "" } else { ", not significant" }
            ));
        }
        out.push_str(&format!("draws {}  unfinished {}  errors {}\n", self.draws, self.unfinished, self.errors.len()));
        if !self.end_turns.is_empty() {
            let turns: Vec<String> = self.end_turns.iter().map(|t| format!("{}: {}", t.turn, t.games)).collect();
            out.push_str(&format!("finished games by the turn they ended in: {}\n", turns.join(", ")));
        }
        if !self.final_measures.is_empty() {
            let m: Vec<String> = self
                .measures
                .iter()
                .zip(&self.final_measures)
                .map(|(name, i)| format!("{name} {:.2} ({:.2} to {:.2})", i.estimate, i.low, i.high))
                .collect();
            out.push_str(&format!("at the end, mean with its 95% interval: {}\n", m.join(", ")));
        }
        out.push_str(&format!(
            "game length in actions: mean {:.1}, median {:.1}, min {}, max {}\n",
            self.mean_length, self.median_length, self.min_length, self.max_length
        ));
        let most = self.length_histogram.iter().map(|b| b.count).max().unwrap_or(0);
        for b in &self.length_histogram {
            let bar = if most > 0 { (b.count * 40).div_ceil(most) } else { 0 };
            out.push_str(&format!("  {:>7} - {:<7} {:>6}  {}\n", b.from, b.to, b.count, "#".repeat(bar)));
        }
        out.push_str(&format!("{} actions in {:.2} s: {:.0} actions/s\n", self.total_actions, self.seconds, self.actions_per_second));
        let mut reasons: Vec<(&String, &usize)> = self.reasons.iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        if !reasons.is_empty() {
            out.push_str("most frequent reasons for the end of the game:\n");
        }
        for (reason, n) in reasons.iter().take(10) {
            out.push_str(&format!("  {n:>6} x {reason}\n"));
        }
        for e in self.errors.iter().take(10) {
            out.push_str(&format!("ERROR {e}\n"));
        }
        out
    }
}

/// The report of a whole batch from the reports of its shards (`bivouac sim --shard K/N
/// --json`, each run anywhere): every shard of one batch, each once. The games, wins,
/// intervals, lengths, reasons and measures are exactly those of the batch played in one run;
/// only the times (seconds, actions a second) add up the shards' own.
pub fn merge(reports: Vec<SimReport>) -> Result<SimReport, String> {
    let Some(first) = reports.first() else { return Err("no shard reports to merge".into()) };
    let setup = first.setup.clone().ok_or("a report without its setup cannot be merged (made by an older bivouac?)")?;
    let count = first.shard.map(|s| s.count).ok_or("the first report is not a shard's (run `bivouac sim --shard K/N --json`)")?;
    let mut seen = vec![false; count];
    for (k, r) in reports.iter().enumerate() {
        let what = |field: &str| format!("report {} is of another batch than report 1: its {field} differs", k + 1);
        if r.game != first.game {
            return Err(what("game"));
        }
        if r.setup.as_ref() != Some(&setup) {
            return Err(what("scenario, players, options or seed"));
        }
        if r.seats != first.seats || r.agents != first.agents {
            return Err(what("seats or agents"));
        }
        if r.requested != first.requested || r.measures != first.measures {
            return Err(what("number of games or measures"));
        }
        let Some(shard) = r.shard.filter(|s| s.count == count) else {
            return Err(format!("report {} is not one of the {count} shards of report 1", k + 1));
        };
        if std::mem::replace(&mut seen[shard.index - 1], true) {
            return Err(format!("shard {}/{count} is given twice", shard.index));
        }
    }
    let missing: Vec<String> = (1..=count).filter(|i| !seen[i - 1]).map(|i| format!("{i}/{count}")).collect();
    if !missing.is_empty() {
        return Err(format!("missing shards: {}", missing.join(", ")));
    }
    let agents = first.agents.iter().map(|a| AgentKind::parse(a)).collect::<Result<Vec<_>, _>>()?;
    let cfg = SimConfig::new(setup, first.requested, agents);
    let (game, seats, measures) = (first.game.clone(), first.seats.clone(), first.measures.clone());
    let stopped = reports.iter().any(|r| r.stopped);
    let seconds = reports.iter().map(|r| r.seconds).sum();
    let records: Vec<GameRecord> = reports.into_iter().flat_map(|r| r.records).collect();
    Ok(summarize(&game, &cfg, &seats, &measures, records, seconds, stopped))
}

/// Seats in a report are named by the game; this is the index of a seat name.
pub fn seat_index(report: &SimReport, name: &str) -> Option<Seat> {
    report.seats.iter().position(|s| s == name).map(|i| i as Seat)
}

/// A baseline and a variant played on the same seeds, and how each seat's win rate moved.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Comparison {
    pub baseline: SimReport,
    pub variant: SimReport,
    /// Games compared: the seeds both batches played.
    pub paired_games: usize,
    /// Per seat: variant win rate minus baseline win rate, with its 95% interval.
    pub win_rate_change: Vec<SeatChange>,
    /// Seeds whose winners differ between the two batches.
    pub games_with_other_winners: usize,
    pub mean_length_change: f64,
    /// Per seat: the change of its final score, paired by seed.
    #[serde(default)]
    pub score_change: Vec<MeanChange>,
    /// Per measure of the game: the change of its value at the end, paired by seed.
    #[serde(default)]
    pub measure_change: Vec<MeanChange>,
}

/// How a mean moved between the baseline and the variant over the same seeds: the mean of the
/// per-seed differences with its 95% interval.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MeanChange {
    pub name: String,
    pub baseline: f64,
    pub variant: f64,
    pub change: Interval,
}

/// The 95% interval of a change measured on the same seeds: from the per-seed differences
/// when there are at least 30 (paired, much narrower than comparing two batches as if
/// independent), else Newcombe's interval for two independent proportions (conservative).
fn paired_rate_change(pairs: &[(bool, bool)]) -> Interval {
    let n = pairs.len();
    if n < 30 {
        let b = pairs.iter().filter(|p| p.0).count();
        let v = pairs.iter().filter(|p| p.1).count();
        return difference(v, n, b, n);
    }
    let d: Vec<f64> = pairs.iter().map(|&(b, v)| f64::from(u8::from(v)) - f64::from(u8::from(b))).collect();
    let i = mean_interval(&d);
    Interval { estimate: i.estimate, low: i.low.max(-1.0), high: i.high.min(1.0) }
}

fn mean_change(name: &str, pairs: &[(f64, f64)]) -> MeanChange {
    let n = pairs.len().max(1) as f64;
    let d: Vec<f64> = pairs.iter().map(|(b, v)| v - b).collect();
    MeanChange {
        name: name.to_string(),
        baseline: pairs.iter().map(|p| p.0).sum::<f64>() / n,
        variant: pairs.iter().map(|p| p.1).sum::<f64>() / n,
        change: mean_interval(&d),
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatChange {
    pub seat: String,
    pub baseline_wins: usize,
    pub variant_wins: usize,
    pub change: Interval,
    /// The interval excludes zero: the variant moved this seat's win rate.
    pub significant: bool,
}

/// Compare two batches over the seeds both played.
pub fn compare(baseline: SimReport, variant: SimReport) -> Comparison {
    let by_index: BTreeMap<usize, &GameRecord> = variant.records.iter().map(|r| (r.index, r)).collect();
    let pairs: Vec<(&GameRecord, &GameRecord)> =
        baseline.records.iter().filter_map(|b| by_index.get(&b.index).map(|v| (b, *v))).collect();
    let n = pairs.len();
    let winners = |r: &GameRecord| r.outcome.as_ref().map(|o| o.winners.clone()).unwrap_or_default();
    let win_rate_change = baseline
        .seats
        .iter()
        .enumerate()
        .map(|(s, name)| {
            let won: Vec<(bool, bool)> = pairs.iter().map(|(b, v)| (b.won(s), v.won(s))).collect();
            let bw = won.iter().filter(|w| w.0).count();
            let vw = won.iter().filter(|w| w.1).count();
            let change = paired_rate_change(&won);
            SeatChange { seat: name.clone(), baseline_wins: bw, variant_wins: vw, change, significant: change.excludes_zero() }
        })
        .collect();
    let score = |r: &GameRecord, s: usize| r.outcome.as_ref().and_then(|o| o.scores.get(s)).map(|&x| x as f64);
    let score_change = baseline
        .seats
        .iter()
        .enumerate()
        .map(|(s, name)| {
            let both: Vec<(f64, f64)> = pairs.iter().filter_map(|(b, v)| Some((score(b, s)?, score(v, s)?))).collect();
            mean_change(name, &both)
        })
        .filter(|c| c.baseline != 0.0 || c.variant != 0.0)
        .collect();
    let last = |r: &GameRecord, m: usize| r.trajectory.last().filter(|p| p.end).and_then(|p| p.values.get(m)).copied();
    let measure_change = if baseline.measures == variant.measures {
        baseline
            .measures
            .iter()
            .enumerate()
            .map(|(m, name)| {
                let both: Vec<(f64, f64)> = pairs.iter().filter_map(|(b, v)| Some((last(b, m)?, last(v, m)?))).collect();
                mean_change(name, &both)
            })
            .collect()
    } else {
        Vec::new()
    };
    let games_with_other_winners = pairs.iter().filter(|(b, v)| winners(b) != winners(v)).count();
    let mean = |f: &dyn Fn(&(&GameRecord, &GameRecord)) -> usize| if n > 0 { pairs.iter().map(f).sum::<usize>() as f64 / n as f64 } else { 0.0 };
    let mean_length_change = mean(&|p| p.1.actions) - mean(&|p| p.0.actions);
    Comparison { paired_games: n, win_rate_change, games_with_other_winners, mean_length_change, score_change, measure_change, baseline, variant }
}

impl Comparison {
    pub fn to_table(&self) -> String {
        let mut out = String::from("BASELINE\n");
        out.push_str(&self.baseline.to_table());
        out.push_str("\nVARIANT\n");
        out.push_str(&self.variant.to_table());
        out.push_str(&format!(
            "\nCHANGE (variant - baseline) over the same {} seeds; {} games had other winners\n",
            self.paired_games, self.games_with_other_winners
        ));
        out.push_str(&format!("{:<14} {:>8} {:>8} {:>9}  {:<19}\n", "seat", "baseline", "variant", "change", "95% interval"));
        for c in &self.win_rate_change {
            out.push_str(&format!(
                "{:<14} {:>8} {:>8} {:>+8.1}%  {:>+6.1}% - {:>+6.1}%{}\n",
                c.seat,
                c.baseline_wins,
                c.variant_wins,
                100.0 * c.change.estimate,
                100.0 * c.change.low,
                100.0 * c.change.high,
                if c.significant { "  *" } else { "" }
            ));
        }
        out.push_str(&format!("mean game length change: {:+.1} actions\n", self.mean_length_change));
        for (title, changes) in [("final score", &self.score_change), ("at the end of the game", &self.measure_change)] {
            if changes.is_empty() {
                continue;
            }
            out.push_str(&format!("{title}: {:<22} {:>10} {:>10} {:>9}  95% interval\n", "", "baseline", "variant", "change"));
            for c in changes {
                out.push_str(&format!(
                    "  {:<34} {:>10.2} {:>10.2} {:>+9.2}  {:>+8.2} - {:>+8.2}{}\n",
                    c.name,
                    c.baseline,
                    c.variant,
                    c.change.estimate,
                    c.change.low,
                    c.change.high,
                    if c.change.excludes_zero() { "  *" } else { "" }
                ));
            }
        }
        if self.win_rate_change.iter().any(|c| c.significant) {
            out.push_str("* the interval excludes 0: the variant moved it (intervals paired by seed from 30 games)\n");
            if self.win_rate_change.len() > 2 {
                out.push_str("  (with many seats, about 1 interval in 20 excludes 0 by chance alone: confirm with more games)\n");
            }
        } else {
            out.push_str("no seat's win rate moved beyond its 95% interval\n");
        }
        out
    }
}

/// How one agent fares against another: agent `a` in each seat in turn, `b` in every other
/// seat (`bivouac strength`); built from one batch per seat.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StrengthReport {
    pub game: String,
    pub scenario: String,
    pub a: String,
    pub b: String,
    pub seats: Vec<SeatStrength>,
    /// `a`'s wins over every game played, with its 95% interval.
    pub wins: usize,
    pub games: usize,
    pub win_rate: Interval,
    /// `a`'s mean and longest time per decision over every batch, in milliseconds.
    pub decision_ms_mean: f64,
    pub decision_ms_max: f64,
    pub stopped: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SeatStrength {
    pub seat: String,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub unfinished: usize,
    pub win_rate: Interval,
}

/// The agents of the batch where `a` sits at `seat` and `b` everywhere else.
pub fn strength_agents(a: AgentKind, b: AgentKind, seats: usize, seat: usize) -> Vec<AgentKind> {
    (0..seats).map(|s| if s == seat { a } else { b }).collect()
}

/// Gather the batches (batch `k` has `a` in seat `k`) into one report.
pub fn strength(a: AgentKind, b: AgentKind, batches: &[SimReport]) -> StrengthReport {
    let mut seats = Vec::new();
    let (mut wins, mut games, mut stopped) = (0, 0, false);
    let (mut ms, mut decisions_ms_max, mut weight) = (0.0, 0.0f64, 0.0);
    for (k, r) in batches.iter().enumerate() {
        let w = r.wins.get(k).copied().unwrap_or(0);
        seats.push(SeatStrength {
            seat: r.seats.get(k).cloned().unwrap_or_default(),
            games: r.games,
            wins: w,
            draws: r.draws,
            unfinished: r.unfinished,
            win_rate: wilson(w, r.games),
        });
        wins += w;
        games += r.games;
        stopped |= r.stopped;
        let decisions: u32 = r.records.iter().filter_map(|g| g.decisions.get(k)).map(|d| d.count).sum();
        ms += r.decision_ms_mean.get(k).copied().unwrap_or(0.0) * decisions as f64;
        weight += decisions as f64;
        decisions_ms_max = decisions_ms_max.max(r.decision_ms_max.get(k).copied().unwrap_or(0.0));
    }
    let first = batches.first();
    StrengthReport {
        game: first.map(|r| r.game.clone()).unwrap_or_default(),
        scenario: first.map(|r| r.scenario.clone()).unwrap_or_default(),
        a: a.spec(),
        b: b.spec(),
        seats,
        wins,
        games,
        win_rate: wilson(wins, games),
        decision_ms_mean: if weight > 0.0 { ms / weight } else { 0.0 },
        decision_ms_max: decisions_ms_max,
        stopped,
    }
}

impl StrengthReport {
    pub fn to_table(&self) -> String {
        let mut out = format!("{} {}: {} in one seat, {} in the others\n", self.game, self.scenario, self.a, self.b);
        out.push_str(&format!("{:<14} {:>6} {:>6} {:>7}  {:<17} {:>6} {:>10}\n", "seat of a", "games", "wins", "win %", "95% interval", "draws", "unfinished"));
        let row = |name: &str, games: usize, wins: usize, r: &Interval, draws: String, unfinished: String| {
            format!(
                "{:<14} {:>6} {:>6} {:>6.1}%  {:>6.1}% - {:>5.1}% {:>6} {:>10}\n",
                name,
                games,
                wins,
                100.0 * r.estimate,
                100.0 * r.low,
                100.0 * r.high,
                draws,
                unfinished
            )
        };
        for s in &self.seats {
            out.push_str(&row(&s.seat, s.games, s.wins, &s.win_rate, s.draws.to_string(), s.unfinished.to_string()));
        }
        out.push_str(&row("all seats", self.games, self.wins, &self.win_rate, String::new(), String::new()));
        out.push_str(&format!("{}: {:.1} ms per decision on average, {:.0} ms at most\n", self.a, self.decision_ms_mean, self.decision_ms_max));
        if self.stopped {
            out.push_str("stopped before every game was played\n");
        }
        out
    }
}

/// A small batch for the tests of the reports built on it: game `i` won by seat `wins[i]` of
/// `north` and `south & co`, its scores `[i, 3]`, ended in turn 2, its one measure ("union SW")
/// 5 at turn 1, `5 + i` at turn 2 and `6 + i` at the end.
#[cfg(test)]
pub(crate) fn sample_report(wins: &[u8]) -> SimReport {
    let cfg = SimConfig::new(Setup::new("std", 2, 1), wins.len(), Vec::new());
    let records = wins
        .iter()
        .enumerate()
        .map(|(i, &w)| GameRecord {
            index: i,
            seed: i as u64,
            actions: 10 + i,
            outcome: Some(Outcome { winners: vec![w], scores: vec![i as i64, 3], reason: "r <b>".into() }),
            end_turn: Some(2),
            trajectory: vec![
                TurnPoint { turn: 1, end: false, values: vec![5.0] },
                TurnPoint { turn: 2, end: false, values: vec![5.0 + i as f64] },
                TurnPoint { turn: 2, end: true, values: vec![6.0 + i as f64] },
            ],
            ..GameRecord::default()
        })
        .collect();
    summarize("race", &cfg, &["north".into(), "south & co".into()], &["union SW".into()], records, 1.0, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-5
    }

    #[test]
    fn wilson_matches_newcombe_1998() {
        // Newcombe (1998), Statistics in Medicine 17:857, Table I, method 3 (score, no correction).
        for (k, n, lo, hi) in [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)] {
            let w = wilson(k, n);
            assert!(close(w.low, lo) && close(w.high, hi), "{k}/{n}: {w:?}, expected {lo}-{hi}");
        }
        let w = wilson(20, 20);
        assert_eq!(w.high, 1.0);
        assert_eq!(wilson(0, 0), Interval { estimate: 0.0, low: 0.0, high: 1.0 });
    }

    #[test]
    fn difference_matches_newcombe_1998() {
        // Newcombe (1998), Statistics in Medicine 17:873, Table II, method 10 (hybrid score).
        for (a, m, b, n, lo, hi) in [
            (56, 70, 48, 80, 0.0524, 0.3339),
            (9, 10, 3, 10, 0.1705, 0.8090),
            (6, 7, 2, 7, 0.0582, 0.8062),
            (5, 56, 0, 29, -0.0381, 0.1926),
            (0, 10, 0, 20, -0.1611, 0.2775),
            (0, 10, 0, 10, -0.2775, 0.2775),
        ] {
            let d = difference(a, m, b, n);
            assert!(close(d.low, lo) && close(d.high, hi), "{a}/{m} - {b}/{n}: {d:?}, expected {lo}-{hi}");
        }
    }

    #[test]
    fn histogram_covers_every_length() {
        let h = histogram(&[3, 3, 4, 10, 25], 10);
        assert_eq!(h.iter().map(|b| b.count).sum::<usize>(), 5);
        assert_eq!(h.first().unwrap().from, 3);
        assert!(h.last().unwrap().to >= 25);
        assert_eq!(histogram(&[7, 7], 10).len(), 1);
    }
}
