//! Online play from the command line: `bivouac serve` runs a game server, `bivouac online ...`
//! plays on one (a script can play a whole game with it), `bivouac loadtest` measures one.

use super::{CliError, CliResult, err};
use bivouac_server::client::Client;
use bivouac_systems::Catalog;
use clap::{Args, Subcommand};
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Where a server is and who speaks to it.
#[derive(Args, Debug)]
pub struct Remote {
    /// The server's address (default: $BIVOUAC_SERVER, else http://127.0.0.1:8080).
    #[arg(long)]
    server: Option<String>,
    /// The session token `login` or `register` printed (default: $BIVOUAC_TOKEN).
    #[arg(long)]
    token: Option<String>,
}

/// Who signs in, and where.
#[derive(Args, Debug)]
pub struct SignIn {
    #[command(flatten)]
    remote: Remote,
    #[arg(long)]
    name: String,
    /// The password (default: $BIVOUAC_PASSWORD, which keeps it out of the process list).
    #[arg(long)]
    password: Option<String>,
}

#[derive(Subcommand, Debug)]
pub enum Online {
    /// Create an account; prints its session token (pass it as --token or BIVOUAC_TOKEN).
    Register(SignIn),
    /// Log in; prints a session token.
    Login(SignIn),
    /// Start a game on the server; prints its id (others join with it).
    New {
        #[command(flatten)]
        remote: Remote,
        #[arg(long)]
        game: String,
        #[arg(long)]
        scenario: Option<String>,
        #[arg(long)]
        players: Option<u8>,
        /// A scenario option, KEY=VALUE (repeatable).
        #[arg(long = "option")]
        options: Vec<String>,
        /// The seat you play (default: the first not played by the AI).
        #[arg(long)]
        seat: Option<String>,
        /// Seats the server's AI plays, SEAT=AI comma-separated (e.g. p2=heuristic,p3=random).
        #[arg(long, value_delimiter = ',')]
        ai: Vec<String>,
    },
    /// Take an open seat of a game (the first open one by default), or the seat an invitation
    /// link names (`new` prints one per open seat).
    Join {
        #[command(flatten)]
        remote: Remote,
        /// The game's id, or an invitation link.
        id: String,
        #[arg(long)]
        seat: Option<String>,
    },
    /// Your games, with whose turn it is; `--open` the games with a seat open to join.
    Games {
        #[command(flatten)]
        remote: Remote,
        #[arg(long)]
        open: bool,
    },
    /// The game as your seat sees it.
    Show {
        #[command(flatten)]
        remote: Remote,
        id: String,
        /// The view as JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Also the history as your seat may read it.
        #[arg(long)]
        log: bool,
    },
    /// Your legal actions, one a line.
    Actions {
        #[command(flatten)]
        remote: Remote,
        id: String,
    },
    /// Play one action; refused actions exit 1 and change nothing.
    Do {
        #[command(flatten)]
        remote: Remote,
        id: String,
        action: String,
        /// The game's version you act on (`show --json` gives it): refused if it moved on.
        #[arg(long)]
        version: Option<i64>,
    },
    /// Take back your last action (asks the opponent when it has already seen it).
    Undo {
        #[command(flatten)]
        remote: Remote,
        id: String,
        /// Answer the opponent's request instead: accept or decline.
        #[arg(long, value_parser = ["accept", "decline"])]
        answer: Option<String>,
    },
    /// Resign: the game ends.
    Resign {
        #[command(flatten)]
        remote: Remote,
        id: String,
    },
    /// A new game with the same seats and setup after a finished one; prints its id.
    Rematch {
        #[command(flatten)]
        remote: Remote,
        id: String,
    },
    /// The save of a finished game (load it with `bivouac show`, `replay`...).
    Save {
        #[command(flatten)]
        remote: Remote,
        id: String,
    },
}

fn client(remote: &Remote) -> Client {
    let server = remote.server.clone().or_else(|| std::env::var("BIVOUAC_SERVER").ok()).unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let mut c = Client::new(&server);
    c.token = remote.token.clone().or_else(|| std::env::var("BIVOUAC_TOKEN").ok());
    c
}

fn the_password(given: Option<String>) -> Result<String, CliError> {
    given.or_else(|| std::env::var("BIVOUAC_PASSWORD").ok()).ok_or_else(|| err("give the password with --password or BIVOUAC_PASSWORD"))
}

/// A server error: the rules' refusals (422) and conflicts exit 1, the rest 2.
fn server_err(msg: String) -> CliError {
    let code = if msg.starts_with("422") || msg.starts_with("409") { 1 } else { 2 };
    CliError(code, msg)
}

fn print_steps(steps: &Value) {
    for step in steps.as_array().into_iter().flatten() {
        for line in step.as_array().into_iter().flatten() {
            println!("{}", line.as_str().unwrap_or_default());
        }
    }
}

/// Register (`existing` false) or log in, printing the session token.
fn sign_in(who: SignIn, existing: bool) -> CliResult {
    let token = client(&who.remote).sign_in(&who.name, &the_password(who.password)?, existing).map_err(server_err)?;
    println!("{token}");
    Ok(())
}

pub fn online(cmd: Online) -> CliResult {
    match cmd {
        Online::Register(who) => sign_in(who, false),
        Online::Login(who) => sign_in(who, true),
        Online::New { remote, game, scenario, players, options, seat, ai } => {
            let mut opts = BTreeMap::new();
            for o in options {
                let (k, v) = o.split_once('=').ok_or_else(|| err(format!("--option takes KEY=VALUE, not `{o}`")))?;
                opts.insert(k.to_string(), v.to_string());
            }
            let mut ai_map = BTreeMap::new();
            for a in ai {
                let (k, v) = a.split_once('=').ok_or_else(|| err(format!("--ai takes SEAT=AI, not `{a}`")))?;
                ai_map.insert(k.to_string(), v.to_string());
            }
            let body = json!({ "game": game, "scenario": scenario, "players": players, "options": opts, "seat": seat, "ai": ai_map });
            let c = client(&remote);
            let g = c.post("/api/games", &body).map_err(server_err)?;
            print_steps(&json!(g["log"]));
            // The invitations on stderr: stdout is the id alone, for scripts.
            for i in g["invites"].as_array().into_iter().flatten() {
                eprintln!("invitation to {}: {}{}", i["seat"].as_str().unwrap_or_default(), c.base, i["path"].as_str().unwrap_or_default());
            }
            println!("{}", g["id"].as_str().unwrap_or_default());
            Ok(())
        }
        Online::Join { remote, id, seat } => {
            // An invitation link takes the seat it names.
            let (path, body) = match id.rsplit_once("/api/invites/") {
                Some((_, code)) => (format!("/api/invites/{code}"), json!({})),
                None => (format!("/api/games/{id}/join"), json!({ "seat": seat })),
            };
            let g = client(&remote).post(&path, &body).map_err(server_err)?;
            let id = g["id"].as_str().unwrap_or(&id).to_string();
            println!("joined game {id} as {}; {}", g["seat"].as_str().unwrap_or_default(), g["turn"].as_str().unwrap_or_default());
            Ok(())
        }
        Online::Games { remote, open } => {
            let c = client(&remote);
            if open {
                let r = c.get("/api/games/open").map_err(server_err)?;
                for g in r["games"].as_array().into_iter().flatten() {
                    let seats: Vec<&str> = g["open_seats"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
                    println!("{} {} {} open: {}", g["id"].as_str().unwrap_or_default(), g["game"].as_str().unwrap_or_default(), g["setup"]["scenario"].as_str().unwrap_or_default(), seats.join(","));
                }
                return Ok(());
            }
            let r = c.get("/api/games").map_err(server_err)?;
            for g in r["games"].as_array().into_iter().flatten() {
                let state = if g["finished"] == json!(true) {
                    g["result"].as_str().unwrap_or_default().to_string()
                } else if g["your_turn"] == json!(true) {
                    "your turn".to_string()
                } else {
                    let who: Vec<&str> = g["to_act"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
                    format!("waiting for {}", who.join(", "))
                };
                println!("{} {} {} as {}: {state}", g["id"].as_str().unwrap_or_default(), g["game"].as_str().unwrap_or_default(), g["setup"]["scenario"].as_str().unwrap_or_default(), g["seat"].as_str().unwrap_or_default());
            }
            Ok(())
        }
        Online::Show { remote, id, json: as_json, log } => {
            let g = client(&remote).game(&id, 0).map_err(server_err)?;
            if as_json {
                println!("{}", serde_json::to_string_pretty(&g).expect("json"));
                return Ok(());
            }
            if log {
                print_steps(&g["log"]);
            }
            println!("{}", g["show"].as_str().unwrap_or_default());
            println!("version {}, you play {}", g["version"], g["seat"].as_str().unwrap_or_default());
            Ok(())
        }
        Online::Actions { remote, id } => {
            let r = client(&remote).get(&format!("/api/games/{id}/actions")).map_err(server_err)?;
            let seat = r["seat"].as_str().unwrap_or_default();
            for a in r["actions"].as_array().into_iter().flatten() {
                println!("{seat}: {}", a.as_str().unwrap_or_default());
            }
            Ok(())
        }
        Online::Do { remote, id, action, version } => {
            // A line as `actions` prints it ("usa: bid 0") names the seat: the server knows it.
            let action = match action.split_once(": ") {
                Some((seat, rest)) if !seat.contains(' ') => rest.to_string(),
                _ => action,
            };
            let r = client(&remote).act(&id, &action, version).map_err(server_err)?.into_result().map_err(server_err)?;
            print_steps(&r["steps"]);
            println!("{}", r["turn"].as_str().unwrap_or_default());
            Ok(())
        }
        Online::Undo { remote, id, answer } => {
            let path = match answer.as_deref() {
                Some("accept") => format!("/api/games/{id}/undo/accept"),
                Some(_) => format!("/api/games/{id}/undo/decline"),
                None => format!("/api/games/{id}/undo"),
            };
            let r = client(&remote).post(&path, &json!({})).map_err(server_err)?;
            if r["requested"] == json!(true) {
                println!("your opponent has seen that action: asked for its consent");
            } else if r["declined"] == json!(true) {
                println!("declined");
            } else {
                println!("undone");
            }
            Ok(())
        }
        Online::Resign { remote, id } => {
            let r = client(&remote).post(&format!("/api/games/{id}/resign"), &json!({})).map_err(server_err)?;
            println!("{}", r["result"].as_str().unwrap_or_default());
            Ok(())
        }
        Online::Rematch { remote, id } => {
            let r = client(&remote).post(&format!("/api/games/{id}/rematch"), &json!({})).map_err(server_err)?;
            println!("{}", r["id"].as_str().unwrap_or_default());
            Ok(())
        }
        Online::Save { remote, id } => {
            let r = client(&remote).get(&format!("/api/games/{id}/save")).map_err(server_err)?;
            println!("{}", serde_json::to_string_pretty(&r).expect("json"));
            Ok(())
        }
    }
}

/// `bivouac serve`: run a server until Ctrl-C.
pub fn serve(catalog: Catalog, config: bivouac_server::Config) -> CliResult {
    let shown = bivouac_server::db::normalize_url(&config.db).split('?').next().unwrap_or_default().to_string();
    let games: Vec<String> = catalog.games.iter().map(|g| g.id().to_string()).collect();
    bivouac_server::run(config, catalog, |at| println!("bivouac server on http://{at} (database {shown}; games: {})", games.join(", "))).map_err(err)
}

#[derive(Args, Debug)]
pub struct Loadtest {
    /// A server already running (default: start one, `bivouac serve`, on a new SQLite file).
    #[arg(long)]
    server: Option<String>,
    /// The database of the server started (default: a new SQLite file in the temporary
    /// folder, removed afterwards); with --server, that server's, to check its logs.
    #[arg(long)]
    db: Option<String>,
    #[arg(long, default_value_t = 100)]
    games: usize,
    #[arg(long, default_value_t = 50)]
    clients: usize,
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    #[arg(long, default_value = "blockade-runner")]
    game: String,
    #[arg(long)]
    scenario: Option<String>,
    /// The seed of the clients' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The fault test: SIGKILL the server after this many seconds of load, start it again,
    /// check every acknowledged action is stored and every game replays, then play on.
    #[arg(long)]
    kill_after: Option<f64>,
}

/// A `bivouac serve` child process on a free loopback port.
struct Child {
    process: std::process::Child,
    url: String,
}

fn start_server(layers: &[std::path::PathBuf], db: &str, port: u16) -> Result<Child, CliError> {
    let exe = std::env::current_exe().map_err(|e| err(format!("cannot find this program: {e}")))?;
    let mut cmd = std::process::Command::new(exe);
    cmd.arg("--content").arg(&layers[0]);
    for m in &layers[1..] {
        cmd.arg("--mod").arg(m);
    }
    cmd.args(["serve", "--db", db, "--addr", &format!("127.0.0.1:{port}"), "--rate", "0"]).stdout(std::process::Stdio::null());
    let process = cmd.spawn().map_err(|e| err(format!("cannot start the server: {e}")))?;
    let url = format!("http://127.0.0.1:{port}");
    let probe = Client::new(&url);
    for _ in 0..600 {
        if probe.call("/api/catalog", None).is_ok_and(|r| r.ok()) {
            return Ok(Child { process, url });
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    Err(err("the server did not answer within 30 s"))
}

fn free_port() -> Result<u16, CliError> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| err(e.to_string()))?;
    Ok(l.local_addr().map_err(|e| err(e.to_string()))?.port())
}

fn print_load(what: &str, r: &bivouac_server::load::LoadReport) {
    println!(
        "{what}: {} actions in {:.1} s = {:.0} actions/s; latency of an action p50 {:.1} ms, p99 {:.1} ms; {} conflicts, {} refused, {} unanswered, {} games finished",
        r.actions,
        r.seconds,
        r.per_second(),
        r.percentile(0.5),
        r.percentile(0.99),
        r.conflicts,
        r.refused,
        r.unanswered,
        r.finished_games
    );
}

fn print_audit(a: &bivouac_server::load::Audit) {
    println!(
        "audit: {} games, {} log rows; {} acknowledged actions lost, {} rows not acknowledged, {} games replayed to the state hash committed with their last row, {} to another, {} replay errors",
        a.games,
        a.rows,
        a.lost,
        a.unacknowledged,
        a.hashes.len() - a.hash_mismatches.len(),
        a.hash_mismatches.len(),
        a.replay_errors.len()
    );
    for e in a.replay_errors.iter().chain(&a.hash_mismatches).take(5) {
        println!("    {e}");
    }
}

pub fn loadtest(catalog: Catalog, layers: &[std::path::PathBuf], lt: Loadtest) -> CliResult {
    use bivouac_server::load::{LoadConfig, audit, play, set_table};
    use std::sync::atomic::{AtomicBool, Ordering};
    let temp_db = lt.db.is_none() && lt.server.is_none();
    let db_file = std::env::temp_dir().join(format!("bivouac-loadtest-{}.db", std::process::id()));
    let db = lt.db.clone().unwrap_or_else(|| db_file.display().to_string());
    let port = free_port()?;
    let mut child = match &lt.server {
        Some(_) => None,
        None => Some(start_server(layers, &db, port)?),
    };
    let server = lt.server.clone().unwrap_or_else(|| child.as_ref().map(|c| c.url.clone()).unwrap_or_default());
    let cfg = LoadConfig { server, games: lt.games, clients: lt.clients, seconds: lt.seconds, game: lt.game.clone(), scenario: lt.scenario.clone(), seed: lt.seed };
    let t = std::time::Instant::now();
    let table = set_table(&cfg).map_err(|e| err(format!("setting up the games: {e}")))?;
    println!("{} clients registered and {} games of {} started in {:.1} s", cfg.clients.max(2), table.games.len(), cfg.game, t.elapsed().as_secs_f64());
    let stop = AtomicBool::new(false);
    let mut failed = false;
    let report = match lt.kill_after {
        Some(after) if child.is_some() => {
            let c = child.as_mut().expect("child");
            let report = std::thread::scope(|s| {
                let h = s.spawn(|| play(&cfg, &table, cfg.seconds, &stop));
                std::thread::sleep(std::time::Duration::from_secs_f64(after));
                let _ = c.process.kill();
                let _ = c.process.wait();
                println!("server killed (SIGKILL) after {after:.1} s of load");
                stop.store(true, Ordering::Relaxed);
                h.join().expect("load thread")
            });
            print_load("before the kill", &report);
            child = Some(start_server(layers, &db, port)?);
            let a = audit(&db, &catalog, &report.acked).map_err(err)?;
            print_audit(&a);
            failed |= a.lost > 0 || !a.replay_errors.is_empty() || !a.hash_mismatches.is_empty() || a.unacknowledged > report.unanswered;
            let before = a.hashes;
            // The restarted server replays the same games: what it shows must be what the log gives.
            let probe = Client::with_token(&cfg.server, &table.tokens[table.games.first().map_or(0, |g| g.1[0].0)]);
            if let Some((id, _)) = table.games.first() {
                let g = probe.game(id, 1_000_000).map_err(err)?;
                println!("after the restart, game {id} is at version {} ({} steps), its log replays to {}", g["version"], g["moves"], before.get(id).map_or("?", String::as_str));
            }
            let stop = AtomicBool::new(false);
            let rest = play(&cfg, &table, (cfg.seconds - after).max(5.0), &stop);
            print_load("after the restart", &rest);
            let mut all = report;
            all.merge(rest);
            all
        }
        _ => {
            let r = play(&cfg, &table, cfg.seconds, &stop);
            print_load("load", &r);
            r
        }
    };
    if lt.server.is_none() || lt.db.is_some() {
        let a = audit(&db, &catalog, &report.acked).map_err(err)?;
        print_audit(&a);
        let crashed = lt.kill_after.is_some();
        failed |= a.lost > 0 || !a.replay_errors.is_empty() || !a.hash_mismatches.is_empty() || (!crashed && a.unacknowledged > 0) || a.unacknowledged > report.unanswered;
    }
    failed |= report.refused > 0;
    if let Some(mut c) = child {
        let _ = c.process.kill();
        let _ = c.process.wait();
    }
    if temp_db {
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{ext}", db_file.display()));
        }
    }
    if failed {
        return Err(CliError(1, "the load test found lost, doubled or refused actions, or logs that do not replay to their committed state hash".into()));
    }
    Ok(())
}
