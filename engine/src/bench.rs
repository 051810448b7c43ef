//! `bivouac bench`: how fast a game runs on one core, and how big and cheap to copy its state
//! is (what the AI and the fuzzer pay for). Figures only: nothing here asserts a time.
//! Times are the CPU time of the measuring thread where the system reports it (Unix), so a
//! busy machine does not inflate them; elsewhere they are wall-clock time.

use crate::agent::{Agent, RandomAgent};
use crate::game::{Game, Setup};
use crate::log::Refusal;
use crate::mcts::{MctsConfig, search};
use crate::sim::play_one;
use serde::{Deserialize, Serialize};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A stopwatch of this thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`), or of wall-clock time
/// where that is not available.
struct CpuClock {
    start_cpu: Option<f64>,
    start_wall: Instant,
}

impl CpuClock {
    fn start() -> Self {
        CpuClock { start_cpu: thread_cpu_seconds(), start_wall: Instant::now() }
    }

    fn seconds(&self) -> f64 {
        match (self.start_cpu, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => self.start_wall.elapsed().as_secs_f64(),
        }
    }
}

#[cfg(unix)]
fn thread_cpu_seconds() -> Option<f64> {
    let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `clock_gettime` writes one `timespec` through a pointer to a live local.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    ok.then(|| t.tv_sec as f64 + t.tv_nsec as f64 / 1e9)
}

#[cfg(not(unix))]
fn thread_cpu_seconds() -> Option<f64> {
    None
}


#[derive(Clone, Debug)]
pub struct BenchConfig {
    pub setup: Setup,
    /// How long to play random games (at least one game is played).
    pub playout_time: Duration,
    /// How many states, taken along one game, to time clones and legal-action listings on.
    pub samples: usize,
    /// Repetitions per sampled state in each of the five timed rounds.
    pub repeats: usize,
    /// Search iterations per sampled state for the search figure (0: skip it), on at most
    /// `search_states` of the sampled states.
    pub search_budget: u32,
    pub search_states: usize,
}

impl BenchConfig {
    pub fn new(setup: Setup) -> Self {
        BenchConfig { setup, playout_time: Duration::from_secs(2), samples: 64, repeats: 100, search_budget: 200, search_states: 8 }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BenchReport {
    pub game: String,
    pub scenario: String,
    pub players: u8,
    /// Random playouts on one core (`seconds`: CPU time of the thread, see the module).
    pub games: usize,
    pub actions: usize,
    pub seconds: f64,
    pub actions_per_second: f64,
    pub games_per_second: f64,
    /// `std::mem::size_of` of the state type (its inline part, without heap data).
    pub state_size_of: usize,
    /// Serialized JSON length of the first state, and the mean and max over the sampled states.
    pub state_json_bytes_initial: usize,
    pub state_json_bytes_mean: f64,
    pub state_json_bytes_max: usize,
    /// Mean time of one `State::clone` (and drop) over the sampled states.
    pub clone_ns: f64,
    /// Mean time of one `legal_actions` listing for the seat to act, and how many actions it gave.
    pub legal_actions_ns: f64,
    pub legal_actions_mean: f64,
    /// States sampled for the clone and listing figures.
    pub sampled_states: usize,
    /// Information-set tree search (`mcts`) iterations per second, from sampled states, and
    /// the iterations timed.
    #[serde(default)]
    pub search_iterations_per_second: f64,
    #[serde(default)]
    pub search_iterations: u32,
}

/// Measure `game` on one core with random players.
pub fn bench<G: Game>(game: &G, cfg: &BenchConfig) -> Result<BenchReport, Refusal> {
    let first = game.setup(&cfg.setup)?;
    let seats = game.seat_names(&first).len().max(1);
    let initial_json = serde_json::to_vec(&first).expect("game states serialize").len();

    // Random playouts, one thread.
    let start = CpuClock::start();
    let (mut games, mut actions) = (0usize, 0usize);
    while games == 0 || start.seconds() < cfg.playout_time.as_secs_f64() {
        let mut setup = cfg.setup.clone();
        setup.seed = cfg.setup.seed.wrapping_add(games as u64);
        let mut agents: Vec<Box<dyn Agent<G>>> =
            (0..seats).map(|s| Box::new(RandomAgent::new(setup.seed.wrapping_mul(31).wrapping_add(s as u64 + 1))) as Box<dyn Agent<G>>).collect();
        let played = play_one(game, &setup, &mut agents)?;
        games += 1;
        actions += played.actions;
    }
    let seconds = start.seconds();

    // States along one random game, evenly spaced.
    let states = sample_states(game, cfg)?;
    let json: Vec<usize> = states.iter().map(|s| serde_json::to_vec(s).expect("game states serialize").len()).collect();
    // Each timing is the median of five rounds (the machine may be shared), after a warm-up.
    let repeats = cfg.repeats.max(1);
    let clone_ns = median_of_rounds(|| {
        let t = CpuClock::start();
        for s in &states {
            for _ in 0..repeats {
                black_box(black_box(s).clone());
            }
        }
        t.seconds() * 1e9 / (states.len() * repeats) as f64
    });
    let active: Vec<(&G::State, crate::game::Seat)> =
        states.iter().filter_map(|s| game.active_seats(s).first().map(|&seat| (s, seat))).collect();
    let listed: usize = active.iter().map(|(s, seat)| game.legal_actions(s, *seat).len()).sum();
    let legal_ns = if active.is_empty() {
        0.0
    } else {
        median_of_rounds(|| {
            let t = CpuClock::start();
            for (s, seat) in &active {
                for _ in 0..repeats {
                    black_box(game.legal_actions(black_box(s), *seat));
                }
            }
            t.seconds() * 1e9 / (active.len() * repeats) as f64
        })
    };
    let legal_mean = if active.is_empty() { 0.0 } else { listed as f64 / active.len() as f64 };

    // Search from states spread along the game (decisions with a real choice only).
    let mut search_iterations = 0u32;
    let mut search_seconds = 0.0;
    if cfg.search_budget > 0 {
        type Choice<'a, G> = (&'a <G as Game>::State, crate::game::Seat, Vec<<G as Game>::Action>);
        let choices: Vec<Choice<'_, G>> =
            active.iter().map(|(s, seat)| (*s, *seat, game.legal_actions(s, *seat))).filter(|(_, _, l)| l.len() > 1).collect();
        let step = (choices.len() / cfg.search_states.max(1)).max(1);
        let mut rng = crate::rng::GameRng::new(cfg.setup.seed);
        let config = MctsConfig::iterations(cfg.search_budget);
        for (s, seat, legal) in choices.iter().step_by(step).take(cfg.search_states.max(1)) {
            let t = CpuClock::start();
            let r = search(&crate::agent::Decision::new(game, s, *seat, legal), &config, &mut rng);
            search_seconds += t.seconds();
            search_iterations += r.iterations;
        }
    }

    Ok(BenchReport {
        game: game.id().to_string(),
        scenario: cfg.setup.scenario.clone(),
        players: cfg.setup.players,
        games,
        actions,
        seconds,
        actions_per_second: if seconds > 0.0 { actions as f64 / seconds } else { 0.0 },
        games_per_second: if seconds > 0.0 { games as f64 / seconds } else { 0.0 },
        state_size_of: std::mem::size_of::<G::State>(),
        state_json_bytes_initial: initial_json,
        state_json_bytes_mean: json.iter().sum::<usize>() as f64 / json.len() as f64,
        state_json_bytes_max: json.iter().copied().max().unwrap_or(0),
        clone_ns,
        legal_actions_ns: legal_ns,
        legal_actions_mean: legal_mean,
        sampled_states: states.len(),
        search_iterations_per_second: if search_seconds > 0.0 { search_iterations as f64 / search_seconds } else { 0.0 },
        search_iterations,
    })
}

/// Run `round` once to warm up, then five times; the median.
fn median_of_rounds(mut round: impl FnMut() -> f64) -> f64 {
    round();
    let mut t: Vec<f64> = (0..5).map(|_| round()).collect();
    t.sort_by(f64::total_cmp);
    t[2]
}

/// Up to `cfg.samples` states evenly spaced along one random game (the first included).
fn sample_states<G: Game>(game: &G, cfg: &BenchConfig) -> Result<Vec<G::State>, Refusal> {
    let mut state = game.setup(&cfg.setup)?;
    let mut all = vec![state.clone()];
    let mut agent = RandomAgent::new(cfg.setup.seed ^ 0x5eed);
    let limit = game.max_actions();
    while game.outcome(&state).is_none() && all.len() <= limit {
        let Some(&seat) = game.active_seats(&state).first() else { break };
        let legal = game.legal_actions_shared(&state, seat);
        if legal.is_empty() {
            break;
        }
        let i = Agent::<G>::choose(&mut agent, &crate::agent::Decision::new(game, &state, seat, &legal)).min(legal.len() - 1);
        if game.apply_listed(&mut state, seat, &legal[i], &mut crate::log::Log::quiet()).is_err() {
            break;
        }
        all.push(state.clone());
    }
    let want = cfg.samples.max(1);
    if all.len() <= want {
        return Ok(all);
    }
    let step = all.len() as f64 / want as f64;
    Ok((0..want).map(|k| all[(k as f64 * step) as usize].clone()).collect())
}

impl BenchReport {
    pub fn table_header() -> String {
        format!(
            "{:<18} {:<16} {:>3} {:>10} {:>8} {:>8} {:>7} {:>8} {:>8} {:>8} {:>9} {:>9} {:>6} {:>9}\n",
            "game", "scenario", "pl", "actions/s", "games/s", "ms/game", "size_of", "json0", "json avg", "clone ns", "legal ns", "legal n", "games", "search/s"
        )
    }

    pub fn table_row(&self) -> String {
        format!(
            "{:<18} {:<16} {:>3} {:>10.0} {:>8.1} {:>8.2} {:>7} {:>8} {:>8.0} {:>8.0} {:>9.0} {:>9.1} {:>6} {:>9.0}\n",
            self.game,
            self.scenario,
            self.players,
            self.actions_per_second,
            self.games_per_second,
            if self.games_per_second > 0.0 { 1000.0 / self.games_per_second } else { 0.0 },
            self.state_size_of,
            self.state_json_bytes_initial,
            self.state_json_bytes_mean,
            self.clone_ns,
            self.legal_actions_ns,
            self.legal_actions_mean,
            self.games,
            self.search_iterations_per_second
        )
    }
}
