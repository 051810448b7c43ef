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
    let end = |outcome, actions, error, decisions| Ok(Played { outcome, actions, error, decisions });
    loop {
        if let Some(outcome) = game.outcome(&state) {
            return end(Some(outcome), actions, None, decisions);
        }
        if actions >= limit {
            return end(None, actions, None, decisions);
        }
        let Some(&seat) = game.active_seats(&state).first() else {
            return end(None, actions, Some("dead end: nobody to act and no outcome".into()), decisions);
        };
        let legal = game.legal_actions_shared(&state, seat);
        if legal.is_empty() {
            return end(None, actions, Some(format!("dead end: seat {seat} has no legal action")), decisions);
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
            return end(None, actions, error, decisions);
        }
        actions += 1;
    }
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
    /// Every game played, by index (not printed; used to compare batches seed by seed).
    #[serde(skip)]
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
    for g in games {
        let first = g.setup(&cfg.setup)?;
        let s = g.seat_names(&first);
        if !seats.is_empty() && s.len() != seats.len() {
            return Err(Refusal::new("sim", "the baseline and the variant seat different numbers of players"));
        }
        seats = s;
    }
    let agents = if cfg.agents.is_empty() { vec![AgentKind::Random] } else { cfg.agents.clone() };
    let done = std::sync::atomic::AtomicUsize::new(0);
    let start = Instant::now();
    // Per game index: for each content, the record and the seconds it took.
    let results: Vec<Option<SeedResult>> = (0..cfg.games)
        .into_par_iter()
        .map(|i| {
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
                };
                out.push((record, t.elapsed().as_secs_f64()));
            }
            let n = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(f) = control.on_game_done {
                f(n);
            }
            Some(Ok(out))
        })
        .collect();
    let wall = start.elapsed().as_secs_f64();
    let mut per_game: Vec<Vec<GameRecord>> = vec![Vec::new(); games.len()];
    let mut busy = vec![0.0; games.len()];
    for r in results.into_iter().flatten() {
        for (k, (record, secs)) in r?.into_iter().enumerate() {
            busy[k] += secs;
            per_game[k].push(record);
        }
    }
    let total_busy: f64 = busy.iter().sum();
    let stopped = per_game[0].len() < cfg.games;
    Ok(per_game
        .into_iter()
        .enumerate()
        .map(|(k, records)| {
            // Wall time shared between the contents in proportion to the time each took.
            let seconds = if total_busy > 0.0 { wall * busy[k] / total_busy } else { wall };
            summarize(games[k].id(), cfg, &seats, records, seconds, stopped)
        })
        .collect())
}

/// The agent of `seat`: one entry per seat, the last repeated; random when none is named.
pub fn seat_agent(agents: &[AgentKind], seat: usize) -> AgentKind {
    agents.get(seat.min(agents.len().saturating_sub(1))).copied().unwrap_or(AgentKind::Random)
}

/// Build a report from the records of the games played.
pub fn summarize(game: &str, cfg: &SimConfig, seats: &[String], records: Vec<GameRecord>, seconds: f64, stopped: bool) -> SimReport {
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
        out.push_str(&format!("draws {}  unfinished {}  errors {}\n", self.draws, self.unfinished, self.errors.len()));
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
    let wins = |r: &GameRecord, s: usize| r.outcome.as_ref().is_some_and(|o| o.winners.contains(&(s as Seat)));
    let win_rate_change = baseline
        .seats
        .iter()
        .enumerate()
        .map(|(s, name)| {
            let bw = pairs.iter().filter(|(b, _)| wins(b, s)).count();
            let vw = pairs.iter().filter(|(_, v)| wins(v, s)).count();
            let change = difference(vw, n, bw, n);
            SeatChange { seat: name.clone(), baseline_wins: bw, variant_wins: vw, change, significant: change.low > 0.0 || change.high < 0.0 }
        })
        .collect();
    let games_with_other_winners = pairs.iter().filter(|(b, v)| winners(b) != winners(v)).count();
    let mean = |f: &dyn Fn(&(&GameRecord, &GameRecord)) -> usize| if n > 0 { pairs.iter().map(f).sum::<usize>() as f64 / n as f64 } else { 0.0 };
    let mean_length_change = mean(&|p| p.1.actions) - mean(&|p| p.0.actions);
    Comparison { paired_games: n, win_rate_change, games_with_other_winners, mean_length_change, baseline, variant }
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
        if self.win_rate_change.iter().any(|c| c.significant) {
            out.push_str("* the interval excludes 0: the variant moved this seat's win rate\n");
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
