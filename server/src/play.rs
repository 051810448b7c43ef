//! Games in play: each stored game loaded once into an engine [`AnySession`] (the replay of its
//! log), behind a lock of its own so its changes happen one at a time, and a channel that
//! tells the seats watching it live what changed.
//!
//! Every change is tried on a copy of the session first and written to the database in one
//! transaction; only once that commits does the copy replace the session and the change go out.
//! A refused action, or a write that fails, leaves both the session and the database as they were.

use crate::db::{GameRow, LogRow, SeatRow, Stamp, Summary, UNDO_SEAT};
use crate::routes::ApiError;
use crate::App;
use bivouac_engine::agent::AgentKind;
use bivouac_engine::session::{AnySession, Step};
use bivouac_engine::Seat;
use bivouac_systems::Catalog;
use axum::http::StatusCode;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// A game's snapshot is written each time its log passes a multiple of this many rows.
pub const SNAPSHOT_EVERY: i64 = 100;

/// The most actions the AI seats play in a row for one request (a runaway guard).
const MAX_AI_STEPS: usize = 20_000;

/// A change of a game, as it goes out to the seats watching live ([`crate::live`]).
#[derive(Clone, Debug)]
pub enum Change {
    /// Steps were played; `from` is the index of the first in the history.
    Steps { version: i64, from: usize, steps: Vec<Step> },
    /// The last step was taken back.
    Undone { version: i64 },
    /// A seat asks to take back the last step.
    UndoRequested { version: i64, by: Seat },
    /// The request was declined (or lapsed).
    UndoDeclined { version: i64 },
    /// A seat resigned: the game is over.
    Resigned { seat: Seat, result: String },
    /// A user took an open seat.
    Joined { seat: Seat, user: String },
    /// Another server process changed the game in a way no other change says: fetch it.
    Resync,
}

/// A loaded game: its stored row and seats and the session replayed from its log.
pub struct Loaded {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub session: Box<dyn AnySession>,
}

impl Loaded {
    /// The seat `user` plays here, if any.
    pub fn seat_of(&self, user: &str) -> Option<Seat> {
        self.seats.iter().find(|s| s.user.as_deref() == Some(user)).map(|s| s.seat as Seat)
    }

    /// The seat `user` plays, or 403.
    pub fn my_seat(&self, user: &str) -> Result<Seat, ApiError> {
        self.seat_of(user).ok_or_else(|| ApiError::new(StatusCode::FORBIDDEN, "you play no seat in this game"))
    }

    pub fn ai_of(&self, seat: Seat) -> Option<AgentKind> {
        self.seats.get(seat as usize).and_then(|s| s.ai.as_deref()).and_then(|k| AgentKind::parse(k).ok())
    }

    pub fn summary(&self) -> Summary {
        summary(&*self.session, self.row.version, &self.row)
    }

    /// What the stored game's [`Stamp`] is when this copy is current.
    pub fn stamp(&self) -> Stamp {
        let players = self.seats.iter().filter(|s| s.user.is_some()).count() as i64;
        Stamp { version: self.row.version, finished: self.row.finished, undo_by: self.row.undo_by, undo_at: self.row.undo_at, players }
    }
}

/// The changes that turn `old` into `new` (the same game, reloaded after another server
/// process changed it), as live pushes: the steps played (when the old history is a prefix of
/// the new), an undo, seats taken, an undo request; anything else as a resync.
fn changes(old: &Loaded, new: &Loaded) -> Vec<Change> {
    let (oh, nh) = (old.session.history(), new.session.history());
    let version = new.row.version;
    let mut out = Vec::new();
    let prefix = oh.len() <= nh.len() && oh.iter().zip(nh).all(|(a, b)| a.seat == b.seat && a.action == b.action);
    if version != old.row.version {
        if prefix && nh.len() > oh.len() && new.row.version - old.row.version == (nh.len() - oh.len()) as i64 {
            out.push(Change::Steps { version, from: oh.len(), steps: nh[oh.len()..].to_vec() });
        } else if nh.len() + 1 == oh.len() && new.row.version == old.row.version + 1 {
            out.push(Change::Undone { version });
        } else {
            out.push(Change::Resync);
        }
    }
    for (o, n) in old.seats.iter().zip(&new.seats) {
        if o.user.is_none()
            && let Some(user) = &n.user
        {
            out.push(Change::Joined { seat: n.seat as Seat, user: user.clone() });
        }
    }
    if new.row.undo_by != old.row.undo_by {
        match new.row.undo_by {
            Some(by) => out.push(Change::UndoRequested { version, by: by as Seat }),
            None if version == old.row.version => out.push(Change::UndoDeclined { version }),
            None => {}
        }
    }
    if new.row.finished && !old.row.finished && version == old.row.version {
        out.push(Change::Resync);
    }
    out
}

pub fn summary(session: &dyn AnySession, version: i64, row: &GameRow) -> Summary {
    let names = session.seat_names();
    let over = session.outcome().is_some();
    let to_act: Vec<String> = if over { Vec::new() } else { session.active_seats().iter().map(|&s| names[s as usize].clone()).collect() };
    Summary {
        version,
        moves: session.history().len() as i64,
        to_act: to_act.join(","),
        finished: over || row.finished,
        result: if over { session.turn_line() } else { row.result.clone() },
        hash: session.state_hash(),
    }
}

/// One stored game's place in memory.
pub struct Slot {
    pub game: tokio::sync::Mutex<Option<Loaded>>,
    pub live: broadcast::Sender<Arc<Change>>,
    /// Per seat, how many steps of the history it has been sent (its view, a push, a reply):
    /// taking back a step a human opponent has seen needs that opponent's consent.
    pub seen: Mutex<Vec<usize>>,
    /// When a request last asked for the game, in milliseconds since [`Games`] began.
    used: AtomicU64,
}

impl Slot {
    pub fn mark_seen(&self, seat: Seat, moves: usize) {
        let mut seen = self.seen.lock().expect("seen lock");
        if seen.len() <= seat as usize {
            seen.resize(seat as usize + 1, 0);
        }
        seen[seat as usize] = seen[seat as usize].max(moves);
    }

    /// Whether `seat` has been sent the history up to `moves` steps.
    pub fn has_seen(&self, seat: Seat, moves: usize) -> bool {
        self.seen.lock().expect("seen lock").get(seat as usize).is_some_and(|&m| m >= moves)
    }
}

/// The games kept in memory, at most `cap` of them: past the cap, the least recently used
/// idle game is dropped, and any game idle for `idle` is dropped by [`Games::evict_idle`].
/// A game is idle when no request holds it and no seat watches it live; dropped, it is loaded
/// again from its snapshot and log when next asked for (its seats then count as having seen
/// every step, as after a restart).
pub struct Games {
    slots: Mutex<HashMap<String, Arc<Slot>>>,
    cap: usize,
    idle: Duration,
    began: Instant,
}

impl Games {
    pub fn new(cap: usize, idle: Duration) -> Self {
        Games { slots: Mutex::new(HashMap::new()), cap: cap.max(1), idle, began: Instant::now() }
    }

    fn now_ms(&self) -> u64 {
        self.began.elapsed().as_millis() as u64
    }

    /// The game's place in memory, if it has one (nothing is created).
    pub fn existing(&self, id: &str) -> Option<Arc<Slot>> {
        self.slots.lock().expect("slots lock").get(id).cloned()
    }

    /// The game's place in memory, made if it has none; the least recently used idle games
    /// are dropped while more than the cap are kept.
    pub fn slot(&self, id: &str) -> Arc<Slot> {
        let now = self.now_ms();
        let mut slots = self.slots.lock().expect("slots lock");
        let slot = slots
            .entry(id.to_string())
            .or_insert_with(|| Arc::new(Slot { game: tokio::sync::Mutex::new(None), live: broadcast::channel(256).0, seen: Mutex::new(Vec::new()), used: AtomicU64::new(now) }))
            .clone();
        slot.used.store(now, Ordering::Relaxed);
        while slots.len() > self.cap {
            let lru = slots.iter().filter(|(k, s)| k.as_str() != id && idle(s)).min_by_key(|(_, s)| s.used.load(Ordering::Relaxed)).map(|(k, _)| k.clone());
            let Some(k) = lru else { break };
            slots.remove(&k);
        }
        slot
    }

    /// Drop every game idle for longer than the idle time; how many were dropped.
    pub fn evict_idle(&self) -> usize {
        let limit = self.now_ms().saturating_sub(self.idle.as_millis() as u64);
        let mut slots = self.slots.lock().expect("slots lock");
        let before = slots.len();
        slots.retain(|_, s| s.used.load(Ordering::Relaxed) > limit || !idle(s));
        before - slots.len()
    }

    /// How many games are in memory.
    pub fn len(&self) -> usize {
        self.slots.lock().expect("slots lock").len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Nobody holds the game (the map's reference is the only one: no request is using it and no
/// live socket pushes from it) and nobody listens to its changes. Checked under the map's
/// lock, so no request can take it meanwhile.
fn idle(slot: &Arc<Slot>) -> bool {
    Arc::strong_count(slot) == 1 && slot.live.receiver_count() == 0
}

/// Rebuild a session from a stored game: its setup, then every row of its log.
pub fn replay(catalog: &Catalog, row: &GameRow, log: &[LogRow]) -> Result<Box<dyn AnySession>, String> {
    let game = catalog.game(&row.game).ok_or_else(|| format!("game {}: this server does not play `{}`", row.id, row.game))?;
    if game.content_hash() != row.content_hash {
        return Err(format!("game {} was played with other rules content ({}; this server has {})", row.id, row.content_hash, game.content_hash()));
    }
    let setup = serde_json::from_str(&row.setup).map_err(|e| format!("game {}: damaged setup: {e}", row.id))?;
    let mut session = game.new_session(setup).map_err(|e| format!("game {}: setup refused: {e}", row.id))?;
    for (i, r) in log.iter().enumerate() {
        let done = if r.seat == UNDO_SEAT { session.undo() } else { session.apply_text(r.seat as Seat, &r.action).map(|_| ()) };
        done.map_err(|e| format!("game {}: log row {} `{}` does not replay: {e}", row.id, i + 1, r.action))?;
    }
    Ok(session)
}

/// Rebuild a session from a snapshot (taken with this game's content) and the log's rows
/// after it; `None` when the snapshot cannot be used (then the whole log is replayed).
pub fn resume(catalog: &Catalog, row: &GameRow, snapshot: &str, after: &[LogRow]) -> Option<Result<Box<dyn AnySession>, String>> {
    let game = catalog.game(&row.game)?;
    if game.content_hash() != row.content_hash {
        return None;
    }
    let setup = serde_json::from_str(&row.setup).ok()?;
    let mut session = game.resume(setup, snapshot).ok()?;
    for (i, r) in after.iter().enumerate() {
        let done = if r.seat == UNDO_SEAT { session.undo() } else { session.apply_text(r.seat as Seat, &r.action).map(|_| ()) };
        if let Err(e) = done {
            return Some(Err(format!("game {}: log row {} after the snapshot, `{}`, does not replay: {e}", row.id, i + 1, r.action)));
        }
    }
    Some(Ok(session))
}

/// Let the AI seats play while one of them is to act; the steps they played.
pub fn run_ai(session: &mut dyn AnySession, loaded_seats: &[SeatRow], seed: u64) -> Result<Vec<Step>, ApiError> {
    let mut steps = Vec::new();
    for _ in 0..MAX_AI_STEPS {
        if session.outcome().is_some() {
            break;
        }
        let ai = session.active_seats().into_iter().find_map(|s| {
            let kind = loaded_seats.get(s as usize).and_then(|r| r.ai.as_deref()).and_then(|k| AgentKind::parse(k).ok());
            kind.map(|k| (s, k))
        });
        let Some((seat, kind)) = ai else { break };
        let step = session.ai_move(seat, kind, seed).map_err(|r| ApiError::internal(format!("the AI could not play: {r}")))?;
        steps.push(step);
    }
    Ok(steps)
}

pub fn log_rows(steps: &[Step]) -> Vec<LogRow> {
    steps.iter().map(|s| LogRow { seat: s.seat as i64, action: s.action.clone() }).collect()
}

/// CPU-bound engine work (replays, rules, AI) off the async worker's cooperative budget.
pub fn engine<T>(f: impl FnOnce() -> T) -> T {
    tokio::task::block_in_place(f)
}

impl App {
    /// The game `id` loaded, under its lock: 404 when there is no such game.
    /// With several server processes on one database (PostgreSQL), the copy in memory is
    /// checked against the stored game's stamp first, and reloaded if another process changed
    /// the game; the seats watching live are told what changed.
    pub async fn lock_game<'a>(&self, slot: &'a Slot, id: &str) -> Result<tokio::sync::MutexGuard<'a, Option<Loaded>>, ApiError> {
        let mut guard = slot.game.lock().await;
        if self.db.shared
            && let Some(l) = guard.as_ref()
        {
            let stamp = self.db.stamp(id).await.map_err(ApiError::internal)?;
            if stamp.as_ref() != Some(&l.stamp()) {
                let old = guard.take().expect("loaded");
                let new = self.load(id).await?;
                for change in changes(&old, &new) {
                    let _ = slot.live.send(Arc::new(change));
                }
                *guard = Some(new);
            }
        }
        if guard.is_none() {
            let l = self.load(id).await?;
            // After a restart nobody is known to have seen less than everything.
            let moves = l.session.history().len();
            *slot.seen.lock().expect("seen lock") = vec![moves; l.seats.len()];
            *guard = Some(l);
        }
        Ok(guard)
    }

    /// The stored game: from its snapshot and the log's rows after it, or else replayed from
    /// its whole log.
    pub async fn load(&self, id: &str) -> Result<Loaded, ApiError> {
        if let Some((version, data)) = self.db.snapshot(id).await.map_err(ApiError::internal)?
            && let Some((row, seats)) = self.db.game_and_seats(id).await.map_err(ApiError::internal)?
        {
            let after = self.db.log_after(id, version).await.map_err(ApiError::internal)?;
            if let Some(session) = engine(|| resume(&self.catalog, &row, &data, &after)) {
                return Ok(Loaded { row, seats, session: session.map_err(ApiError::internal)? });
            }
        }
        let Some((row, seats, log)) = self.db.load_game(id).await.map_err(ApiError::internal)? else {
            return Err(ApiError::new(StatusCode::NOT_FOUND, format!("no game `{id}`")));
        };
        let session = engine(|| replay(&self.catalog, &row, &log)).map_err(ApiError::internal)?;
        Ok(Loaded { row, seats, session })
    }

    /// After a commit that took the log past a multiple of [`SNAPSHOT_EVERY`] rows, keep a
    /// snapshot (a cache: a failure to write it costs only a longer load).
    async fn maybe_snapshot(&self, id: &str, old: i64, version: i64, session: &dyn AnySession) {
        if version / SNAPSHOT_EVERY > old / SNAPSHOT_EVERY {
            let data = engine(|| session.snapshot());
            let _ = self.db.save_snapshot(id, version, &data).await;
        }
    }

    /// Listen to the other server processes' announcements (PostgreSQL) and bring each
    /// announced game that seats here watch live up to date, which pushes its changes to them.
    pub async fn listen(self: Arc<Self>) {
        let mut listener = match sqlx::postgres::PgListener::connect(&self.db.url).await {
            Ok(l) => l,
            Err(err) => {
                eprintln!("live updates between server processes are off: {err}");
                return;
            }
        };
        if let Err(err) = listener.listen(crate::db::CHANNEL).await {
            eprintln!("live updates between server processes are off: {err}");
            return;
        }
        loop {
            // `recv` reconnects by itself after a dropped connection.
            let Ok(n) = listener.recv().await else { continue };
            let id = n.payload();
            if let Some(slot) = self.games.existing(id)
                && slot.live.receiver_count() > 0
            {
                let _ = self.lock_game(&slot, id).await;
            }
        }
    }

    /// Write `steps` (played on `next`, a copy of the game's session) after the game's log and
    /// make `next` the game. 409 when another writer changed the game first: the copy in
    /// memory is dropped so the next request reloads it.
    pub async fn commit_steps(&self, slot: &Slot, loaded: &mut Option<Loaded>, next: Box<dyn AnySession>, steps: Vec<Step>) -> Result<i64, ApiError> {
        let l = loaded.as_mut().expect("loaded");
        let rows = log_rows(&steps);
        let version = l.row.version + rows.len() as i64;
        let s = summary(&*next, version, &l.row);
        if !self.db.append(&l.row.id, l.row.version, &rows, &s).await.map_err(ApiError::internal)? {
            *loaded = None;
            return Err(ApiError::new(StatusCode::CONFLICT, "the game changed meanwhile: fetch it again"));
        }
        let from = l.session.history().len();
        self.maybe_snapshot(&l.row.id, l.row.version, version, &*next).await;
        l.session = next;
        l.row.version = version;
        l.row.finished = s.finished;
        l.row.result = s.result;
        l.row.undo_by = None;
        l.row.undo_at = None;
        let _ = slot.live.send(Arc::new(Change::Steps { version, from, steps }));
        Ok(version)
    }

    /// Take back the last step (already checked against the rules on a copy, `next`).
    pub async fn commit_undo(&self, slot: &Slot, loaded: &mut Option<Loaded>, next: Box<dyn AnySession>) -> Result<i64, ApiError> {
        let l = loaded.as_mut().expect("loaded");
        let version = l.row.version + 1;
        let s = summary(&*next, version, &l.row);
        let rows = [LogRow { seat: UNDO_SEAT, action: "undo".into() }];
        if !self.db.append(&l.row.id, l.row.version, &rows, &s).await.map_err(ApiError::internal)? {
            *loaded = None;
            return Err(ApiError::new(StatusCode::CONFLICT, "the game changed meanwhile: fetch it again"));
        }
        l.session = next;
        l.row.version = version;
        l.row.undo_by = None;
        l.row.undo_at = None;
        let _ = slot.live.send(Arc::new(Change::Undone { version }));
        Ok(version)
    }
}
