//! The command line: scriptable access to every game for players, modders, designers and tests.
//! Every command works through the engine's `AnyGame`/`AnySession` API in action notation.

use bivouac_engine::agent::AgentKind;
use bivouac_engine::bench::{BenchConfig, BenchReport};
use bivouac_engine::fuzz::FuzzConfig;
use bivouac_engine::save::{OTHER_CONTENT, SaveFile, SaveLock, write_atomic};
use bivouac_engine::session::{AnyGame, AnySession, Step};
use bivouac_engine::sim::{Shard, SimConfig, SimControl, strength, strength_agents};
use bivouac_engine::{Seat, Setup};
use bivouac_systems::{Catalog, load_catalog};
use clap::{Args, Parser, Subcommand};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

mod lab;
mod online;

#[derive(Parser, Debug)]
#[command(name = "bivouac", version, about = "One engine for four American Civil War board games")]
pub struct Cli {
    /// The built-in content folder (default: the content built into the program).
    #[arg(long, global = true)]
    content: Option<PathBuf>,
    /// A mod folder laid over the built-in content (repeatable, later ones win).
    #[arg(long = "mod", global = true)]
    mods: Vec<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Which game and scenario a command plays (new, sim, strength, fuzz).
#[derive(Args, Debug)]
struct Pick {
    #[arg(long)]
    game: String,
    /// The scenario (may be left out when the game has only one; `bivouac list` names them).
    #[arg(long)]
    scenario: Option<String>,
    /// Players (default: the scenario's).
    #[arg(long)]
    players: Option<u8>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// One line per scenario: GAME_ID SCENARIO_ID  Title; with --game, each scenario's
    /// players and options too.
    List {
        #[arg(long)]
        game: Option<String>,
    },
    /// Check the content (and a mod folder laid over it) without starting a game.
    Validate { dir: Option<PathBuf> },
    /// Start a game and write its save.
    New {
        #[command(flatten)]
        pick: Pick,
        /// The seed of the dice and the deck (default: a new one, printed, so the game can
        /// be played again).
        #[arg(long)]
        seed: Option<u64>,
        /// A scenario option, KEY=VALUE (repeatable; `bivouac list --game G` names them).
        #[arg(long = "option")]
        options: Vec<String>,
        /// Seats played by the AI, comma-separated names (e.g. p2,p3).
        #[arg(long, value_delimiter = ',')]
        ai_seats: Vec<String>,
        /// The AI for those seats: random, heuristic, mcts-easy, mcts, mcts-hard or mcts:N.
        #[arg(long, default_value = "random")]
        ai: String,
        #[arg(short = 'o', long)]
        out: PathBuf,
        /// Overwrite OUT if it exists (by default an existing file is never replaced).
        #[arg(long)]
        force: bool,
    },
    /// Print the game as a seat sees it (a spectator by default).
    Show {
        save: PathBuf,
        #[arg(long)]
        seat: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// List the legal actions of the seat(s) to act.
    Actions {
        save: PathBuf,
        #[arg(long)]
        seat: Option<String>,
    },
    /// Play one action; refused actions exit 1 and leave the save untouched.
    Do {
        save: PathBuf,
        action: String,
        #[arg(long)]
        seat: Option<String>,
    },
    /// What happened so far, as a seat may read it (a spectator by default).
    Log {
        save: PathBuf,
        #[arg(long)]
        seat: Option<String>,
        /// Only the last N actions.
        #[arg(long)]
        last: Option<usize>,
    },
    /// Take back the last action where the rules allow it.
    Undo { save: PathBuf },
    /// Replay a save from its seed and log; prints the final state hash.
    Replay { save: PathBuf },
    /// Play a batch of games between AIs and report the results.
    Sim {
        #[command(flatten)]
        pick: Pick,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// AI for every seat, or one per seat comma-separated: random, heuristic, mcts-easy,
        /// mcts, mcts-hard, or mcts:N (tree search with N iterations per decision).
        #[arg(long, default_value = "random", value_delimiter = ',')]
        ai: Vec<String>,
        #[arg(long = "option")]
        options: Vec<String>,
        /// Also write a chart image (SVG): win rates with 95% intervals and game lengths.
        #[arg(long)]
        chart: Option<PathBuf>,
        /// A mod folder laid over the content: play the same seeds with and without it and
        /// report how each seat's win rate, score and measures changed, with 95% intervals.
        #[arg(long)]
        variant: Option<PathBuf>,
        /// Play the batch once per value of one content key: FILE:PATH=VALUES, as
        /// `game.toml:strategic_will.union=8..14:2` or `cards.toml:card[id=smuggler].amount=1,2,3`.
        #[arg(long, conflicts_with = "variant")]
        sweep: Option<String>,
        /// Stop before --games once every seat's win-rate interval (with --variant, its
        /// change) is at most this wide, as 0.05 for 5 points; games are played 100 at a time.
        #[arg(long)]
        until_width: Option<f64>,
        /// Play only shard K of N of the batch (every N-th game from game K-1), for spreading
        /// a batch over machines; with --json, `bivouac merge` joins the shards' reports.
        #[arg(long, conflicts_with_all = ["variant", "sweep", "until_width"])]
        shard: Option<String>,
        /// Also write one HTML page with the tables and charts, to send to playtesters.
        #[arg(long)]
        html: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Every scenario's balance by self-play at each AI level, as Markdown (docs/balance.md).
    Balance {
        /// Only this game (default: every game).
        #[arg(long)]
        game: Option<String>,
        /// Games per scenario and AI level.
        #[arg(long, default_value_t = 200)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The AI levels, comma-separated.
        #[arg(long, default_value = "random,heuristic", value_delimiter = ',')]
        ai: Vec<String>,
        /// Write the page here instead of printing it.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Join the JSON reports of every shard of a batch (`sim --shard K/N --json`) into the
    /// report of the whole batch, the same as one run would give.
    Merge {
        /// The shards' reports.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also write a chart image (SVG).
        #[arg(long)]
        chart: Option<PathBuf>,
        /// Also write one HTML page with the tables and charts.
        #[arg(long)]
        html: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// How strong one AI is against another: A in each seat in turn, B in the others.
    Strength {
        #[command(flatten)]
        pick: Pick,
        /// Games per seat.
        #[arg(long, default_value_t = 200)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The AI measured (random, heuristic, mcts-easy, mcts, mcts-hard, mcts:N).
        #[arg(long)]
        a: String,
        /// Its opponents.
        #[arg(long, default_value = "random")]
        b: String,
        #[arg(long = "option")]
        options: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// One-core speed (CPU time), state size and clone cost of each playable game (its first scenario).
    Bench {
        /// Only this game.
        #[arg(long)]
        game: Option<String>,
        /// Every scenario of each game, not only the first.
        #[arg(long)]
        all_scenarios: bool,
        /// Seconds of random playouts per game.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        #[arg(long)]
        json: bool,
    },
    /// Run a game server for online play (until Ctrl-C).
    Serve {
        /// The database: a SQLite file name, or a `sqlite://` or `postgres://` URL.
        #[arg(long, default_value = "bivouac-server.db")]
        db: String,
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// Requests a second allowed per client address (0: no limit).
        #[arg(long, default_value_t = 20.0)]
        rate: f64,
        /// The most games kept in memory; past it the least recently used idle one is
        /// dropped (it loads again from its snapshot and log when asked for).
        #[arg(long, default_value_t = bivouac_server::MAX_GAMES)]
        max_games: usize,
        /// Minutes after which a game nobody asked for is dropped from memory.
        #[arg(long, default_value_t = bivouac_server::IDLE_SECS / 60)]
        idle_minutes: u64,
    },
    /// Play on a game server (`bivouac serve`): accounts, games, actions.
    Online {
        #[command(subcommand)]
        command: online::Online,
    },
    /// Load a server with many clients playing random games; checks no acknowledged action
    /// is lost or doubled. Starts its own server (`bivouac serve`) unless --server is given.
    Loadtest {
        #[command(flatten)]
        load: online::Loadtest,
    },
    /// Random-play fuzzing with invariant checks; exits 1 on any failure.
    Fuzz {
        #[command(flatten)]
        pick: Pick,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long = "option")]
        options: Vec<String>,
        /// Every N actions, check that no seat is shown anything it may not know (0: never).
        #[arg(long, default_value_t = 0)]
        leak_check_every: usize,
        #[arg(long)]
        json: bool,
    },
}

/// The save plus the CLI's own bookkeeping: which seats the AI plays.
#[derive(serde::Serialize, serde::Deserialize)]
struct CliSave {
    #[serde(flatten)]
    save: SaveFile,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    ai: BTreeMap<String, AgentKind>,
}

type CliResult = Result<(), CliError>;

/// An error and the exit code it gives (1: refused by the rules; 2: bad input or content).
struct CliError(i32, String);

fn err(msg: impl Into<String>) -> CliError {
    CliError(2, msg.into())
}

pub fn main() -> i32 {
    pipe::end_quietly();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => 0,
        Err(CliError(code, msg)) => {
            eprintln!("{}", printable(&msg));
            code
        }
    }
}

fn run(cli: Cli) -> CliResult {
    let builtin = match cli.content.clone() {
        Some(dir) => dir,
        None => crate::builtin::content_dir().map_err(err)?,
    };
    if let Some(dir) = &cli.content {
        bivouac_engine::mod_folder::check(dir, true, &bivouac_systems::game_folders()).map_err(err)?;
    }
    for dir in &cli.mods {
        bivouac_engine::mod_folder::check(dir, false, &bivouac_systems::game_folders()).map_err(err)?;
    }
    if let Some(Command::Validate { dir: Some(dir) }) = &cli.command {
        bivouac_engine::mod_folder::check(dir, false, &bivouac_systems::game_folders()).map_err(err)?;
    }
    let mut layers = vec![builtin];
    layers.extend(cli.mods.iter().cloned());
    let Some(command) = cli.command else {
        // Plain `bivouac` opens the desktop app; without a display, say so and show the commands.
        return crate::app::run(&layers).map_err(|e| {
            use clap::CommandFactory;
            let _ = Cli::command().print_help();
            err(format!("\n{e}\n(use the commands above to play from the command line)"))
        });
    };
    if let Command::Validate { dir } = &command {
        let mut layers = layers.clone();
        layers.extend(dir.iter().cloned());
        return validate(&layers);
    }
    let catalog = load_catalog(&layers);
    match command {
        Command::Serve { db, addr, rate, max_games, idle_minutes } => online::serve(catalog, bivouac_server::Config { db, addr, rate, max_games, idle_secs: idle_minutes * 60, ..Default::default() }),
        Command::Online { command } => online::online(command),
        Command::Loadtest { load } => online::loadtest(catalog, &layers, load),
        Command::List { game } => list(&catalog, game.as_deref()),
        Command::Validate { .. } => unreachable!("handled above"),
        Command::New { pick: Pick { game, scenario, players }, seed, options, ai_seats, ai, out, force } => {
            if !force && std::fs::symlink_metadata(&out).is_ok() {
                return Err(err(format!("{} already exists: nothing was written (add --force to replace it)", out.display())));
            }
            let game = find_game(&catalog, &game)?;
            let seed = seed.unwrap_or_else(|| rand::random::<u32>() as u64);
            let setup = make_setup(game, scenario.as_deref(), players, seed, &options)?;
            let session = game.new_session(setup).map_err(|r| CliError(1, r.to_string()))?;
            let kind = AgentKind::parse(&ai).map_err(err)?;
            let mut ai_map = BTreeMap::new();
            for name in ai_seats {
                session.seat_by_name(&name).ok_or_else(|| err(format!("no seat `{name}`; seats are {}", session.seat_names().join(", "))))?;
                ai_map.insert(name.to_lowercase(), kind);
            }
            let mut session = session;
            let played = run_ai(&mut *session, &ai_map)?;
            // Saved before anything is printed: a closed pipe ends the output, never the game.
            write_save(&out, &*session, &ai_map)?;
            print_steps(&*session, &played, None);
            println!("new {} game, scenario {}, seed {}: saved to {}", game.id(), session.setup().scenario, session.setup().seed, out.display());
            print_turn(&*session);
            Ok(())
        }
        Command::Show { save, seat, json } => {
            let (session, _) = open_save(&catalog, &save)?;
            let seat = seat.map(|s| parse_seat(&*session, &s)).transpose()?;
            if json {
                println!("{}", serde_json::to_string_pretty(&session.view_json(seat)).expect("json"));
            } else {
                println!("{}", printable(&session.show_text(seat)));
            }
            Ok(())
        }
        Command::Actions { save, seat } => {
            let (session, _) = open_save(&catalog, &save)?;
            let seats = match seat {
                Some(s) => vec![parse_seat(&*session, &s)?],
                None => session.active_seats(),
            };
            for s in seats {
                print!("{}", printable(&session.actions_text(s)));
            }
            Ok(())
        }
        Command::Do { save, action, seat } => {
            // Held until the move is saved: a second writer meanwhile is refused, not lost.
            let lock = lock_save(&save)?;
            let (mut session, ai) = read_save(&catalog, &save, &lock.text)?;
            // A line as `actions` prints it ("usa: bid 0") names its seat.
            let (seat, action) = match split_seat(&*session, &action) {
                Some((named, rest)) if seat.is_none() => (Some(named), rest.to_string()),
                _ => (seat, action),
            };
            let seat = match seat {
                Some(s) => parse_seat(&*session, &s)?,
                None => match session.active_seats().as_slice() {
                    [one] => *one,
                    [] => return Err(CliError(1, "game over: the game has ended".into())),
                    several => {
                        let names = session.seat_names();
                        let list: Vec<&str> = several.iter().map(|&s| names[s as usize].as_str()).collect();
                        return Err(err(format!("several seats owe a decision ({}): say which with --seat", list.join(", "))));
                    }
                },
            };
            let step = session.apply_text(seat, &action).map_err(|r| CliError(1, format!("refused: {r}")))?;
            let mut played = vec![step];
            played.extend(run_ai(&mut *session, &ai)?);
            // Saved before anything is printed: a closed pipe ends the output, never the move.
            write_save(&save, &*session, &ai)?;
            drop(lock);
            print_steps(&*session, &played, Some(seat));
            print_turn(&*session);
            Ok(())
        }
        Command::Log { save, seat, last } => {
            let (session, _) = open_save(&catalog, &save)?;
            let seat = seat.map(|s| parse_seat(&*session, &s)).transpose()?;
            let history = session.history();
            let from = last.map_or(0, |n| history.len().saturating_sub(n));
            print_steps(&*session, &history[from..], seat);
            print_turn(&*session);
            Ok(())
        }
        Command::Undo { save } => {
            let lock = lock_save(&save)?;
            let (mut session, ai) = read_save(&catalog, &save, &lock.text)?;
            session.undo().map_err(|r| CliError(1, format!("refused: {r}")))?;
            write_save(&save, &*session, &ai)?;
            drop(lock);
            println!("undone; {} actions remain", session.history().len());
            print_turn(&*session);
            Ok(())
        }
        Command::Replay { save } => {
            let (session, _) = open_save(&catalog, &save)?;
            println!("{}", session.state_hash());
            Ok(())
        }
        Command::Sim { pick: Pick { game, scenario, players }, games, seed, ai, options, chart, variant, sweep, until_width, shard, html, json } => {
            let game = find_game(&catalog, &game)?;
            let setup = make_setup(game, scenario.as_deref(), players, seed, &options)?;
            let agents = ai.iter().map(|a| AgentKind::parse(a)).collect::<Result<Vec<_>, _>>().map_err(err)?;
            let mut cfg = SimConfig::new(setup, games, agents);
            cfg.shard = shard.as_deref().map(Shard::parse).transpose().map_err(err)?;
            if let Some(w) = until_width
                && !(w > 0.0 && w < 1.0)
            {
                return Err(err(format!("--until-width is the widest interval accepted, between 0 and 1 (0.05 for 5 points); found {w}")));
            }
            cfg.until_width = until_width;
            let out = lab::Outputs { chart, html, json };
            match (variant, sweep) {
                (Some(dir), _) => lab::variant(game, &layers, &dir, &cfg, &out),
                (None, Some(spec)) => lab::sweep(game, &layers, &spec, &cfg, &out),
                (None, None) => lab::batch(game, &cfg, &out),
            }
        }
        Command::Balance { game, games, seed, ai, out } => {
            if let Some(g) = &game {
                find_game(&catalog, g)?;
            }
            lab::balance(&catalog, game.as_deref(), games, seed, &ai, out.as_deref())
        }
        Command::Merge { files, chart, html, json } => lab::merge_files(&files, &lab::Outputs { chart, html, json }),
        Command::Strength { pick: Pick { game, scenario, players }, games, seed, a, b, options, json } => {
            let game = find_game(&catalog, &game)?;
            let setup = make_setup(game, scenario.as_deref(), players, seed, &options)?;
            let (a, b) = (AgentKind::parse(&a).map_err(err)?, AgentKind::parse(&b).map_err(err)?);
            let seats = game.new_session(setup.clone()).map_err(|r| CliError(2, r.to_string()))?.seat_names().len();
            let mut batches = Vec::new();
            for seat in 0..seats {
                let cfg = SimConfig::new(setup.clone(), games, strength_agents(a, b, seats, seat));
                let report = with_progress(games, |control| game.simulate_with(&cfg, control))?;
                let stopped = report.stopped;
                batches.push(report);
                if stopped {
                    break;
                }
            }
            let report = strength(a, b, &batches);
            if json {
                println!("{}", serde_json::to_string_pretty(&report).expect("json"));
            } else {
                print!("{}", report.to_table());
            }
            let errors: Vec<String> = batches.iter().flat_map(|r| r.errors.iter().cloned()).collect();
            sim_exit(report.stopped, &errors)
        }
        Command::Bench { game, all_scenarios, seconds, json } => {
            let games: Vec<&dyn AnyGame> = match &game {
                Some(id) => vec![find_game(&catalog, id)?],
                None => catalog.games.iter().map(|g| &**g).collect(),
            };
            let terminal = std::io::stderr().is_terminal();
            let mut reports = Vec::new();
            for g in games {
                let scenarios = g.scenarios();
                let take = if all_scenarios { scenarios.len() } else { 1 };
                for info in scenarios.into_iter().take(take) {
                    if terminal {
                        eprint!("\rbench {} {} ...\x1b[K", g.id(), info.id);
                    }
                    let mut cfg = BenchConfig::new(Setup::new(info.id.clone(), info.default_players, 1));
                    cfg.playout_time = std::time::Duration::from_secs_f64(seconds.max(0.0));
                    reports.push(g.bench(&cfg).map_err(|r| CliError(1, format!("{} {}: {r}", g.id(), info.id)))?);
                }
            }
            if terminal {
                eprint!("\r\x1b[K");
            }
            if json {
                println!("{}", serde_json::to_string_pretty(&reports).expect("json"));
            } else {
                print!("{}", BenchReport::table_header());
                for r in &reports {
                    print!("{}", r.table_row());
                }
                println!("one core, random players, CPU time of the thread (wall-clock where the system does not report it); size_of = std::mem::size_of of the state, json0/json avg = serialized state bytes at setup/along a game,");
                println!("clone ns = one state clone, legal ns / legal n = one legal-action listing and how many actions it gave,");
                println!("search/s = information-set tree search iterations per second (default settings of `--ai mcts`)");
            }
            Ok(())
        }
        Command::Fuzz { pick: Pick { game, scenario, players }, games, seed, options, leak_check_every, json } => {
            let game = find_game(&catalog, &game)?;
            let setup = make_setup(game, scenario.as_deref(), players, seed, &options)?;
            let scenario_id = setup.scenario.clone();
            let report = game.fuzz(&FuzzConfig { setup, games, deep_check_every: 16, leak_check_every }).map_err(|r| CliError(1, r.to_string()))?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report).expect("json"));
            } else {
                println!(
                    "{} {}: {} games, {} finished, {} actions in {:.2} s, {} failures",
                    game.id(), scenario_id, report.games, report.finished, report.actions, report.seconds, report.failures.len()
                );
                for f in report.failures.iter().take(10) {
                    println!("FAIL seed {} step {} [{}] {}\n  last: {}", f.seed, f.step, f.kind, f.message, f.recent.join(" | "));
                }
            }
            if report.is_clean() { Ok(()) } else { Err(CliError(1, format!("{} fuzz failures", report.failures.len()))) }
        }
    }
}

fn list(catalog: &Catalog, only: Option<&str>) -> CliResult {
    let games: Vec<&dyn AnyGame> = match only {
        Some(id) => vec![find_game(catalog, id)?],
        None => catalog.games.iter().map(|g| &**g).collect(),
    };
    for game in games {
        for s in game.scenarios() {
            println!("{} {}  {}", game.id(), s.id, s.title);
            if only.is_none() {
                continue;
            }
            let players = if s.min_players == s.max_players {
                s.min_players.to_string()
            } else {
                format!("{}-{} (default {})", s.min_players, s.max_players, s.default_players)
            };
            println!("    players: {players}");
            for o in &s.options {
                println!("    --option {}={}  (default {})", o.key, o.values.join("|"), o.values.first().map_or("", |v| v.as_str()));
                println!("        {}", printable(&o.description));
            }
        }
    }
    report_catalog_errors(catalog);
    Ok(())
}

fn report_catalog_errors(catalog: &Catalog) {
    for (dir, diags) in &catalog.errors {
        eprintln!("content of {dir} does not load:\n{}", printable(&diags.to_string()));
    }
}

fn validate(layers: &[PathBuf]) -> CliResult {
    let catalog = load_catalog(layers);
    for g in &catalog.games {
        println!("ok  {} ({} scenarios, content {})", g.id(), g.scenarios().len(), g.content_hash());
    }
    for dir in &catalog.content_only {
        println!("ok  {dir} (content only; rules not playable yet)");
    }
    if catalog.errors.is_empty() {
        Ok(())
    } else {
        let mut msg = String::new();
        for (dir, d) in &catalog.errors {
            msg.push_str(&format!("{dir}: {} problem(s)\n{d}\n", d.0.len()));
        }
        Err(err(msg.trim_end().to_string()))
    }
}

fn find_game<'a>(catalog: &'a Catalog, id: &str) -> Result<&'a dyn AnyGame, CliError> {
    catalog.game(id).ok_or_else(|| {
        report_catalog_errors(catalog);
        let known: Vec<&str> = catalog.games.iter().map(|g| g.id()).collect();
        err(format!("unknown game `{id}`; playable games: {}", known.join(", ")))
    })
}

/// The setup of `scenario` (the game's only one when it is left out) with its options.
fn make_setup(game: &dyn AnyGame, scenario: Option<&str>, players: Option<u8>, seed: u64, options: &[String]) -> Result<Setup, CliError> {
    let scenarios = game.scenarios();
    let ids = || scenarios.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(", ");
    let info = match (scenario, scenarios.as_slice()) {
        (Some(id), _) => scenarios.iter().find(|s| s.id == id).ok_or_else(|| err(format!("unknown scenario `{id}` for {}; scenarios: {}", game.id(), ids())))?,
        (None, [only]) => only,
        (None, _) => return Err(err(format!("{} has several scenarios: choose one with --scenario ({})", game.id(), ids()))),
    };
    let scenario = info.id.as_str();
    let mut setup = Setup::new(scenario, players.unwrap_or(info.default_players), seed);
    for o in options {
        let (k, v) = o.split_once('=').ok_or_else(|| err(format!("option `{o}` should be KEY=VALUE")))?;
        setup.options.insert(k.to_string(), v.to_string());
    }
    Ok(setup)
}

fn parse_seat(session: &dyn AnySession, name: &str) -> Result<Seat, CliError> {
    session.seat_by_name(name).ok_or_else(|| err(format!("no seat `{name}`; seats are {}", session.seat_names().join(", "))))
}

/// A loaded save: the session and the seats' AI assignments.
type OpenedSave = (Box<dyn AnySession>, BTreeMap<String, AgentKind>);

fn open_save(catalog: &Catalog, path: &Path) -> Result<OpenedSave, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| err(format!("cannot read {}: {e}", path.display())))?;
    read_save(catalog, path, &text)
}

/// The save at `path` locked for a move or an undo (see `SaveLock`).
fn lock_save(path: &Path) -> Result<SaveLock, CliError> {
    SaveLock::acquire(path).map_err(|e| err(e.to_string()))
}

/// The save read from `text` (the file at `path`).
fn read_save(catalog: &Catalog, path: &Path, text: &str) -> Result<OpenedSave, CliError> {
    let save = SaveFile::from_json(text).map_err(|e| err(format!("{}: {e}", path.display())))?;
    let cli: CliSave = serde_json::from_str(&text).map_err(|e| err(format!("{}: the save is damaged: {e}", path.display())))?;
    let game = find_game(catalog, &save.game)?;
    let session = game.load(&save).map_err(|e| err(format!("{}: {e}", path.display())))?;
    if session.other_content().is_some() {
        eprintln!("{}: note: {OTHER_CONTENT}", path.display());
    }
    Ok((session, cli.ai))
}

fn write_save(path: &Path, session: &dyn AnySession, ai: &BTreeMap<String, AgentKind>) -> CliResult {
    let data = CliSave { save: session.to_save(), ai: ai.clone() };
    let json = serde_json::to_string_pretty(&data).expect("saves serialize");
    write_atomic(path, json.as_bytes()).map_err(|e| err(e.to_string()))
}

/// Let the AI play every AI seat that owes a decision, until a human seat must act or the game ends.
fn run_ai(session: &mut dyn AnySession, ai: &BTreeMap<String, AgentKind>) -> Result<Vec<Step>, CliError> {
    let mut played = Vec::new();
    if ai.is_empty() {
        return Ok(played);
    }
    let names = session.seat_names();
    let limit = 100_000;
    while played.len() < limit {
        let next = session.active_seats().into_iter().find_map(|s| ai.get(&names[s as usize].to_lowercase()).map(|k| (s, *k)));
        let Some((seat, kind)) = next else { break };
        let seed = session.setup().seed.wrapping_mul(6364136223846793005).wrapping_add(session.history().len() as u64);
        let step = session.ai_move(seat, kind, seed).map_err(|r| CliError(1, format!("the AI could not move: {r}")))?;
        played.push(step);
    }
    Ok(played)
}

/// Print played steps with the events `viewer` may read (public ones, plus its own secrets).
fn print_steps(session: &dyn AnySession, steps: &[Step], viewer: Option<Seat>) {
    let names = session.seat_names();
    for step in steps {
        for line in step.lines(&names[step.seat as usize], viewer) {
            println!("{}", printable(&line));
        }
    }
}

/// `"usa: bid 0"` as `actions` prints it: the seat's name and the action's text.
fn split_seat<'a>(session: &dyn AnySession, line: &'a str) -> Option<(String, &'a str)> {
    let (name, rest) = line.split_once(':')?;
    session.seat_names().iter().any(|n| n == name.trim()).then(|| (name.trim().to_string(), rest.trim()))
}

fn print_turn(session: &dyn AnySession) {
    println!("{}", printable(&session.turn_line()));
}

/// `text` (from content: event logs, card names, scripts' messages) safe to print on a
/// terminal: control characters other than newline and tab, and the Unicode marks that reorder
/// text, written as `\u{..}` escapes, so no script can move the cursor, recolour the screen or
/// print a line that looks like the program's own ("to act: ...").
fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    if !text.contains(bad) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if bad(c) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Set by Ctrl-C during `sim`: no new game starts, and the games finished are reported.
static STOP: AtomicBool = AtomicBool::new(false);

/// Run a batch with a progress line on stderr (when it is a terminal) and Ctrl-C stopping it
/// between games.
fn with_progress<T>(total: usize, run: impl FnOnce(&SimControl<'_>) -> Result<T, bivouac_engine::Refusal>) -> Result<T, CliError> {
    let terminal = std::io::stderr().is_terminal();
    let start = Instant::now();
    let last = Mutex::new(start);
    let progress = |done: usize| {
        let Ok(mut last) = last.try_lock() else { return };
        if last.elapsed().as_millis() < 250 && done < total {
            return;
        }
        *last = Instant::now();
        let elapsed = start.elapsed().as_secs_f64();
        let left = elapsed / done as f64 * (total - done.min(total)) as f64;
        eprint!("\r{done}/{total} games, {elapsed:.0} s elapsed, about {} left (Ctrl-C stops and reports)\x1b[K", duration(left));
    };
    STOP.store(false, Ordering::SeqCst);
    sigint::catch();
    let control = SimControl { stop: Some(&STOP), on_game_done: if terminal { Some(&progress) } else { None } };
    let result = run(&control);
    sigint::release();
    if terminal {
        eprint!("\r\x1b[K");
    }
    if STOP.load(Ordering::SeqCst) {
        eprintln!("interrupted: reporting the games that finished");
    }
    result.map_err(|r| CliError(1, r.to_string()))
}

fn write_chart(path: &Path, svg: &str) -> CliResult {
    std::fs::write(path, svg).map_err(|e| err(format!("cannot write {}: {e}", path.display())))
}

fn duration(seconds: f64) -> String {
    let s = seconds.round() as u64;
    if s >= 3600 { format!("{}h{:02}m", s / 3600, s % 3600 / 60) } else if s >= 60 { format!("{}m{:02}s", s / 60, s % 60) } else { format!("{s} s") }
}

/// Exit 130 after Ctrl-C (the report of the finished games is printed), 1 on a rules error.
fn sim_exit(stopped: bool, errors: &[String]) -> CliResult {
    if !errors.is_empty() {
        return Err(CliError(1, format!("{} games hit a rules error", errors.len())));
    }
    if stopped {
        return Err(CliError(130, "stopped before every game was played".into()));
    }
    Ok(())
}

/// A SIGINT handler from the C library std already links (no extra crate): the first Ctrl-C
/// sets [`STOP`] and restores the default action, so a second Ctrl-C ends the program at once.
#[cfg(unix)]
mod sigint {
    use super::STOP;
    use std::sync::atomic::Ordering;

    const SIGINT: i32 = 2;
    const SIG_DFL: usize = 0;

    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }

    extern "C" fn on_sigint(_: i32) {
        STOP.store(true, Ordering::SeqCst);
        // SAFETY: signal() is async-signal-safe; restoring the default action is always valid.
        unsafe {
            signal(SIGINT, SIG_DFL);
        }
    }

    pub fn catch() {
        // SAFETY: the handler only stores to an atomic and calls signal(), both async-signal-safe.
        unsafe {
            signal(SIGINT, on_sigint as extern "C" fn(i32) as usize);
        }
    }

    pub fn release() {
        // SAFETY: restoring the default action is always valid.
        unsafe {
            signal(SIGINT, SIG_DFL);
        }
    }
}

/// A closed pipe (`bivouac actions SAVE | head`) ends the program quietly, as it does any Unix
/// tool, instead of a panic at the next `println!`. Rust ignores SIGPIPE, so a write to a closed
/// pipe fails and `println!` panics; the default action ends the process at that write. Every
/// command that writes a save writes it before it prints, so no move is lost.
#[cfg(unix)]
mod pipe {
    const SIGPIPE: i32 = 13;
    const SIG_DFL: usize = 0;

    unsafe extern "C" {
        fn signal(signum: i32, handler: usize) -> usize;
    }

    pub fn end_quietly() {
        // SAFETY: restoring the default action of a signal is always valid.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}

#[cfg(not(unix))]
mod pipe {
    pub fn end_quietly() {}
}

#[cfg(not(unix))]
mod sigint {
    pub fn catch() {}
    pub fn release() {}
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn content_text_is_printed_with_control_characters_escaped() {
        assert_eq!(printable("Union +2 SP at Richmond\n\tnext"), "Union +2 SP at Richmond\n\tnext");
        // A script's log line that would clear the line and fake the program's prompt.
        assert_eq!(printable("ok\r\x1b[2Kto act: csa"), "ok\\u{d}\\u{1b}[2Kto act: csa");
        assert_eq!(printable("a\u{202e}b\u{7}"), "a\\u{202e}b\\u{7}");
    }
}
