//! The load test (`bivouac loadtest`): many clients, each on its own thread, play many games
//! at once by random legal actions through the API; then every game's stored log is checked
//! against what the server acknowledged: every acknowledged action at its place, nothing
//! twice, and the log replays to the state hash the server committed with it.

use crate::client::Client;
use crate::db::{Db, UNDO_SEAT};
use bivouac_engine::GameRng;
use bivouac_systems::Catalog;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct LoadConfig {
    pub server: String,
    pub games: usize,
    pub clients: usize,
    pub seconds: f64,
    pub game: String,
    pub scenario: Option<String>,
    pub seed: u64,
}

/// One acknowledged action: the log row it must be, and the seat that played it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ack {
    pub seq: i64,
    pub seat: String,
    pub action: String,
}

/// The games a load test plays and who plays them: (game id, [(client index, seat name)]).
pub struct Table {
    pub tokens: Vec<String>,
    pub games: Vec<(String, Vec<(usize, String)>)>,
}

#[derive(Default, Debug)]
pub struct LoadReport {
    pub actions: usize,
    pub seconds: f64,
    pub latencies_ms: Vec<f64>,
    /// Refusals other than conflicts (should be none: clients play listed actions).
    pub refused: usize,
    pub conflicts: usize,
    /// Requests that got no answer (the server died under them): their outcome is unknown.
    pub unanswered: usize,
    pub finished_games: usize,
    /// Per game, what the server acknowledged, in order.
    pub acked: BTreeMap<String, Vec<Ack>>,
}

impl LoadReport {
    pub fn per_second(&self) -> f64 {
        self.actions as f64 / self.seconds.max(1e-9)
    }

    pub fn percentile(&self, p: f64) -> f64 {
        let mut v = self.latencies_ms.clone();
        if v.is_empty() {
            return 0.0;
        }
        v.sort_by(f64::total_cmp);
        v[((v.len() - 1) as f64 * p).round() as usize]
    }

    pub fn merge(&mut self, other: LoadReport) {
        self.actions += other.actions;
        self.latencies_ms.extend(other.latencies_ms);
        self.refused += other.refused;
        self.conflicts += other.conflicts;
        self.unanswered += other.unanswered;
        self.finished_games += other.finished_games;
        for (g, acks) in other.acked {
            self.acked.entry(g).or_default().extend(acks);
        }
    }
}

/// Register the clients and start the games (each between two clients, seats open to join).
pub fn set_table(cfg: &LoadConfig) -> Result<Table, String> {
    let clients = cfg.clients.max(2);
    let tag: u32 = rand::random();
    let tokens: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..clients)
            .map(|i| s.spawn(move || Client::new(&cfg.server).sign_in(&format!("load{tag:08x}-{i}"), "load-test-password", false)))
            .collect();
        handles.into_iter().map(|h| h.join().expect("register thread")).collect::<Result<Vec<_>, _>>()
    })?;
    let mut games = Vec::new();
    for k in 0..cfg.games {
        let (a, b) = ((2 * k) % clients, (2 * k + 1) % clients);
        let creator = Client::with_token(&cfg.server, &tokens[a]);
        let g = creator.post("/api/games", &json!({ "game": cfg.game, "scenario": cfg.scenario }))?;
        let id = g["id"].as_str().ok_or("no game id")?.to_string();
        let mut players = vec![(a, g["seat"].as_str().unwrap_or_default().to_string())];
        let seats = g["seats"].as_array().map_or(0, Vec::len);
        // Every other seat goes to the next clients round the table.
        for j in 1..seats {
            let c = if j == 1 { b } else { (b + j) % clients };
            let joined = Client::with_token(&cfg.server, &tokens[c]).post(&format!("/api/games/{id}/join"), &json!({}))?;
            players.push((c, joined["seat"].as_str().unwrap_or_default().to_string()));
        }
        games.push((id, players));
    }
    Ok(Table { tokens, games })
}

/// Play for `seconds`: each client thread goes round its seats, asks its legal actions and
/// plays one at random (seeded per client), acting on the version it was shown.
pub fn play(cfg: &LoadConfig, table: &Table, seconds: f64, stop: &std::sync::atomic::AtomicBool) -> LoadReport {
    let start = Instant::now();
    let deadline = start + Duration::from_secs_f64(seconds);
    let report = Mutex::new(LoadReport::default());
    std::thread::scope(|s| {
        for (i, token) in table.tokens.iter().enumerate() {
            let mine: Vec<(String, String)> = table.games.iter().flat_map(|(id, ps)| ps.iter().filter(|(c, _)| *c == i).map(move |(_, seat)| (id.clone(), seat.clone()))).collect();
            let report = &report;
            s.spawn(move || {
                let client = Client::with_token(&cfg.server, token);
                let mut rng = GameRng::new(cfg.seed.wrapping_mul(1_000_003).wrapping_add(i as u64));
                let mut r = LoadReport::default();
                let mut done = vec![false; mine.len()];
                'outer: while Instant::now() < deadline && !stop.load(std::sync::atomic::Ordering::Relaxed) && done.iter().any(|d| !d) {
                    let mut idle = true;
                    for (k, (id, seat)) in mine.iter().enumerate() {
                        if done[k] || Instant::now() >= deadline || stop.load(std::sync::atomic::Ordering::Relaxed) {
                            continue;
                        }
                        let Ok(reply) = client.call(&format!("/api/games/{id}/actions"), None) else {
                            r.unanswered += 1;
                            break 'outer;
                        };
                        let list = reply.body["actions"].as_array().cloned().unwrap_or_default();
                        if list.is_empty() {
                            let finished = client.get(&format!("/api/games/{id}?since=1000000")).map(|g| g["finished"] == json!(true)).unwrap_or(false);
                            if finished {
                                done[k] = true;
                                r.finished_games += 1;
                            }
                            continue;
                        }
                        idle = false;
                        let version = reply.body["version"].as_i64().unwrap_or(0);
                        let action = list[rng.pick(list.len())].as_str().unwrap_or_default().to_string();
                        let t = Instant::now();
                        match client.act(id, &action, Some(version)) {
                            Ok(a) if a.ok() => {
                                r.latencies_ms.push(t.elapsed().as_secs_f64() * 1000.0);
                                r.actions += 1;
                                r.acked.entry(id.clone()).or_default().push(Ack { seq: version + 1, seat: seat.clone(), action });
                            }
                            Ok(a) if a.status == 409 => r.conflicts += 1,
                            Ok(_) => r.refused += 1,
                            Err(_) => {
                                r.unanswered += 1;
                                break 'outer;
                            }
                        }
                    }
                    if idle {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                }
                report.lock().expect("report lock").merge(r);
            });
        }
    });
    let mut r = report.into_inner().expect("report lock");
    r.seconds = start.elapsed().as_secs_f64();
    r
}

/// What the check of the stored logs found.
#[derive(Debug, Default)]
pub struct Audit {
    pub games: usize,
    pub rows: usize,
    /// Acknowledged actions missing from their place in the log.
    pub lost: usize,
    /// Rows no acknowledgement accounts for (at most one per request left unanswered).
    pub unacknowledged: usize,
    pub replay_errors: Vec<String>,
    /// Each game's state hash after replaying its log.
    pub hashes: BTreeMap<String, String>,
    /// Games whose replayed log does not give the state hash the server committed with its
    /// last row (before acknowledging it): `game: stored, replayed`.
    pub hash_mismatches: Vec<String>,
}

/// Check every game's stored log against the acknowledgements, replay it, and hold the
/// replay's state hash against the one stored with the log's last row.
pub fn audit(db_url: &str, catalog: &Catalog, acked: &BTreeMap<String, Vec<Ack>>) -> Result<Audit, String> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    rt.block_on(async {
        let db = Db::open(db_url).await?;
        let mut audit = Audit::default();
        for id in db.game_ids().await? {
            let Some((row, seats, log)) = db.load_game(&id).await? else { continue };
            audit.games += 1;
            audit.rows += log.len();
            let acks = acked.get(&id).map(Vec::as_slice).unwrap_or_default();
            for a in acks {
                let at = log.get((a.seq - 1) as usize);
                let seat_name = at.and_then(|r| seats.get(r.seat as usize)).map(|s| s.name.as_str());
                if at.map(|r| r.action.as_str()) != Some(a.action.as_str()) || seat_name != Some(a.seat.as_str()) {
                    audit.lost += 1;
                }
            }
            audit.unacknowledged += log.iter().filter(|r| r.seat != UNDO_SEAT).count().saturating_sub(acks.len());
            let stored = db.stored_hash(&id).await?;
            match crate::play::replay(catalog, &row, &log) {
                Ok(s) => {
                    let hash = s.state_hash();
                    if stored.as_ref() != Some(&(log.len() as i64, hash.clone())) {
                        audit.hash_mismatches.push(format!("{id}: stored {stored:?}, the log ({} rows) replays to {hash}", log.len()));
                    }
                    audit.hashes.insert(id, hash);
                }
                Err(e) => audit.replay_errors.push(e),
            }
        }
        Ok(audit)
    })
}
