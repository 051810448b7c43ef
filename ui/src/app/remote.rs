//! A game played on a server: this app plays one seat, and holds only what the server sends
//! that seat (its board picture, its legal actions with their hints, its prompt, the steps as
//! it may read them). Every network call runs on a thread of its own, so the window never
//! waits: the play screen sends [`Request`]s and picks up [`Update`]s each frame.
//!
//! The worker thread asks the server for the game after each change; a second thread listens
//! to the game's live updates (WebSocket) and has the worker fetch the game when one arrives.
//! While the WebSocket is down, the worker fetches the game every [`POLL`] instead.

use bivouac_engine::board::{ActionHint, Board};
use bivouac_engine::log::Event;
use bivouac_engine::session::{Irreversible, Step};
use bivouac_engine::{Outcome, Refusal, Seat, Setup};
use bivouac_server::client::{Client, Reply};
use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::Arc;
use std::time::Duration;

/// How often the game is fetched while live updates are down.
pub const POLL: Duration = Duration::from_secs(2);

/// The game as the server shows this app's seat.
#[derive(Clone, Debug)]
pub struct Snapshot {
    pub id: String,
    pub game: String,
    /// The setup without its seed (the server gives the seed only once the game is over).
    pub setup: Setup,
    pub version: i64,
    pub seat: Seat,
    pub names: Vec<String>,
    /// Each seat's player (`None` while open) and AI agent, if the server's AI plays it.
    pub players: Vec<(Option<String>, Option<String>)>,
    pub active: Vec<Seat>,
    pub board: Board,
    pub describe: String,
    pub hints: Vec<(String, ActionHint)>,
    /// For each of `hints`, why undo could not take it back once played, if so (the server
    /// finds it for this seat from what the seat may know).
    pub irreversible: Vec<Option<Irreversible>>,
    pub prompt: Option<String>,
    pub outcome: Option<Outcome>,
    pub finished: bool,
    /// How the game ended, in the server's words ("game over: csa resigned").
    pub result: String,
    pub history: Vec<Step>,
    /// The seat asking to take back its last step, if one asks.
    pub undo_by: Option<String>,
    /// The invitation links to the open seats (seat, link), known to the app that created the
    /// game (the server gives them to the creator once).
    pub invites: Vec<(String, String)>,
}

impl Snapshot {
    /// Read the server's answer to `GET /api/games/{id}?picture=true`.
    pub fn parse(v: &Value) -> Result<Snapshot, String> {
        let bad = |what: &str| format!("the server's answer has no valid `{what}`");
        let field = |k: &str| v.get(k).ok_or_else(|| bad(k));
        fn from<T: serde::de::DeserializeOwned>(v: &Value, k: &str) -> Result<T, String> {
            serde_json::from_value(v.get(k).cloned().unwrap_or(Value::Null)).map_err(|e| format!("the server's answer has no valid `{k}`: {e}"))
        }
        let setup = field("setup")?;
        let setup = Setup {
            scenario: setup["scenario"].as_str().unwrap_or_default().to_string(),
            players: setup["players"].as_u64().unwrap_or(0) as u8,
            options: serde_json::from_value(setup["options"].clone()).unwrap_or_default(),
            seed: setup["seed"].as_u64().unwrap_or(0),
        };
        let seats = field("seats")?.as_array().ok_or_else(|| bad("seats"))?;
        let names = seats.iter().map(|s| s["seat"].as_str().unwrap_or("?").to_string()).collect();
        let players = seats.iter().map(|s| (s["player"].as_str().map(String::from), s["ai"].as_str().map(String::from))).collect();
        let mut history = Vec::new();
        for st in field("history")?.as_array().ok_or_else(|| bad("history"))? {
            let events: Vec<Event> = serde_json::from_value(st["events"].clone()).map_err(|e| format!("{}: {e}", bad("history")))?;
            history.push(Step {
                seat: st["seat"].as_u64().unwrap_or(0) as Seat,
                action: st["action"].as_str().unwrap_or_default().to_string(),
                events,
                // Given for this seat's own steps; undo itself is the server's to decide.
                irreversible: serde_json::from_value(st["irreversible"].clone()).unwrap_or(None),
                action_seen: None,
            });
        }
        Ok(Snapshot {
            id: field("id")?.as_str().unwrap_or_default().to_string(),
            game: field("game")?.as_str().unwrap_or_default().to_string(),
            setup,
            version: field("version")?.as_i64().ok_or_else(|| bad("version"))?,
            seat: from(v, "seat_index")?,
            names,
            players,
            active: from(v, "active")?,
            board: from(v, "board")?,
            describe: from(v, "describe")?,
            hints: from(v, "hints")?,
            irreversible: from::<Option<Vec<Option<Irreversible>>>>(v, "irreversible")?.unwrap_or_default(),
            prompt: from(v, "prompt")?,
            outcome: from(v, "outcome")?,
            finished: field("finished")?.as_bool().unwrap_or(false),
            result: v["result"].as_str().unwrap_or_default().to_string(),
            history,
            undo_by: v["undo_request"]["by"].as_str().map(String::from),
            invites: Vec::new(),
        })
    }
}

/// What the play screen asks of the server.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Play this action on the game as it was at `version`.
    Act { action: String, version: i64 },
    Undo,
    /// Answer the opponent's request to take back its last step.
    AnswerUndo(bool),
    Resign,
    Rematch,
    /// Fetch the game again.
    Fetch,
    /// The board as this seat was shown it after this many steps (the review of past steps).
    Review(usize),
}

/// An earlier board of the game, as the server renders it for this seat.
#[derive(Debug)]
pub struct Past {
    pub steps: usize,
    pub board: Board,
    pub describe: String,
}

/// What comes back.
#[derive(Debug)]
pub enum Update {
    /// The game as it stands now.
    Game(Box<Snapshot>),
    /// The rules refused the action (the game is unchanged).
    Refused(Refusal),
    /// Something the player should read: an error in plain words, or a note.
    Error(String),
    Info(String),
    /// The rematch's game id.
    Rematch(String),
    /// An earlier board, asked for by [`Request::Review`].
    Review(Box<Past>),
    /// The answer to one of the screen's requests is complete (the game fetched after it).
    Answered,
}

/// The connection of a play screen to a game on a server.
pub struct Remote {
    pub server: String,
    pub id: String,
    tx: Sender<(Request, bool)>,
    rx: Receiver<Update>,
    /// Requests sent whose answer has not come yet.
    pub pending: usize,
    /// The live updates' WebSocket is connected.
    pub live: Arc<AtomicBool>,
    stop: Arc<AtomicBool>,
}

impl Drop for Remote {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Remote {
    /// Start the worker and live threads for game `id`, as `client`'s user.
    pub fn connect(client: Client, id: &str) -> Remote {
        let (tx, requests) = channel::<(Request, bool)>();
        let (updates, rx) = channel();
        let live = Arc::new(AtomicBool::new(false));
        let stop = Arc::new(AtomicBool::new(false));
        let server = client.base.clone();
        let listen = Client::with_token(&client.base, client.token.as_deref().unwrap_or_default());
        {
            let (id, live, stop, tx) = (id.to_string(), live.clone(), stop.clone(), tx.clone());
            std::thread::spawn(move || listen_live(listen, &id, &live, &stop, &tx));
        }
        {
            let (id, live, stop) = (id.to_string(), live.clone(), stop.clone());
            std::thread::spawn(move || work(client, &id, &requests, &updates, &live, &stop));
        }
        Remote { server, id: id.to_string(), tx, rx, pending: 0, live, stop }
    }

    pub fn send(&mut self, r: Request) {
        if self.tx.send((r, true)).is_ok() {
            self.pending += 1;
        }
    }

    /// The updates that have arrived, oldest first.
    pub fn updates(&mut self) -> Vec<Update> {
        let mut out = Vec::new();
        while let Ok(u) = self.rx.try_recv() {
            if let Update::Answered = u {
                self.pending = self.pending.saturating_sub(1);
            }
            out.push(u);
        }
        out
    }
}

/// The worker: one request at a time, each answered by a game fetched after it (or an error);
/// with no request, a fetch every [`POLL`] while the live updates are down.
fn work(client: Client, id: &str, requests: &Receiver<(Request, bool)>, updates: &Sender<Update>, live: &AtomicBool, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        let (req, answered) = match requests.recv_timeout(POLL) {
            Ok(r) => r,
            Err(RecvTimeoutError::Timeout) if !live.load(Ordering::Relaxed) => (Request::Fetch, false),
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return,
        };
        let mut out = run(&client, id, &req);
        // A review changes nothing: the game need not be fetched after it.
        if !matches!(req, Request::Review(_)) {
            out.push(fetch(&client, id));
        }
        if answered {
            out.push(Update::Answered);
        }
        for u in out {
            if updates.send(u).is_err() {
                return;
            }
        }
    }
}

/// The game as it stands, or why it could not be fetched.
fn fetch(client: &Client, id: &str) -> Update {
    let got = client.picture(id).map_err(|e| plain(&e)).and_then(|v| Snapshot::parse(&v));
    match got {
        Ok(s) => Update::Game(Box::new(s)),
        Err(e) => Update::Error(e),
    }
}

/// One request's answers, before the game is fetched again.
fn run(client: &Client, id: &str, req: &Request) -> Vec<Update> {
    let call = |path: &str, body: Value| client.call(&format!("/api/games/{id}/{path}"), Some(&body));
    let reply = match req {
        Request::Fetch => return Vec::new(),
        Request::Review(steps) => return vec![review(client, id, *steps)],
        Request::Act { action, version } => call("act", json!({ "action": action, "version": version })),
        Request::Undo => call("undo", json!({})),
        Request::AnswerUndo(yes) => call(if *yes { "undo/accept" } else { "undo/decline" }, json!({})),
        Request::Resign => call("resign", json!({})),
        Request::Rematch => call("rematch", json!({})),
    };
    match reply {
        Err(e) => vec![Update::Error(plain(&e))],
        Ok(r) if r.ok() => match req {
            Request::Undo if r.body["requested"] == json!(true) => vec![Update::Info("the other side has seen your step: asked them to let you take it back".into())],
            Request::Undo => vec![Update::Info("took back the last action".into())],
            Request::AnswerUndo(true) => vec![Update::Info("you let them take back their step".into())],
            Request::AnswerUndo(false) => vec![Update::Info("you declined: the step stands".into())],
            Request::Rematch => vec![Update::Rematch(r.body["id"].as_str().unwrap_or_default().to_string())],
            _ => Vec::new(),
        },
        Ok(r) => vec![refusal(&r)],
    }
}

/// The board after `steps` steps as the server shows it to this seat, or why not.
fn review(client: &Client, id: &str, steps: usize) -> Update {
    let got = client.get(&format!("/api/games/{id}/review?steps={steps}")).map_err(|e| plain(&e)).and_then(|v| {
        let board = serde_json::from_value(v["board"].clone()).map_err(|e| format!("the server's answer has no valid `board`: {e}"))?;
        Ok(Past { steps, board, describe: v["describe"].as_str().unwrap_or_default().to_string() })
    });
    match got {
        Ok(p) => Update::Review(Box::new(p)),
        Err(e) => Update::Error(e),
    }
}

/// A refusal by the rules (422 with its rule) as the play screen shows a local one; any other
/// error in plain words.
fn refusal(r: &Reply) -> Update {
    let msg = r.body.get("error").and_then(Value::as_str).unwrap_or("the server gave no reason").to_string();
    match (r.status, r.body.get("rule").and_then(Value::as_str)) {
        (422, Some(rule)) => {
            let text = msg.strip_prefix("refused: ").unwrap_or(&msg);
            let text = text.strip_prefix(&format!("{rule}: ")).unwrap_or(text);
            Update::Refused(Refusal::new(rule.to_string(), text.to_string()))
        }
        (401, _) => Update::Error("your session on the server has ended: sign in again from the online lobby".into()),
        (409, _) => Update::Error(format!("{msg} (the game is shown as it stands now)")),
        (429, _) => Update::Error("the server asks to slow down: too many requests, try again in a moment".into()),
        _ => Update::Error(msg),
    }
}

/// A client error (`409: the game moved on`, `cannot reach ...`) in the player's words.
pub fn plain(e: &str) -> String {
    if let Some(rest) = e.strip_prefix("cannot reach ") {
        let server = rest.split(": ").next().unwrap_or(rest);
        return format!("the server at {server} cannot be reached: is it running, and is the address right?");
    }
    match e.split_once(": ") {
        Some(("401", m)) => format!("{m}: sign in again"),
        Some((code, m)) if code.len() == 3 && code.chars().all(|c| c.is_ascii_digit()) => m.to_string(),
        _ => e.to_string(),
    }
}

/// The live thread: every message pushed has the worker fetch the game; reconnects after a
/// drop, and marks the updates down meanwhile (the worker then polls).
fn listen_live(client: Client, id: &str, live: &AtomicBool, stop: &AtomicBool, tx: &Sender<(Request, bool)>) {
    while !stop.load(Ordering::Relaxed) {
        match client.live(id, Duration::from_millis(500)) {
            Ok(mut ws) => {
                live.store(true, Ordering::Relaxed);
                // The game may have moved between the last fetch and the connection.
                if tx.send((Request::Fetch, false)).is_err() {
                    return;
                }
                while !stop.load(Ordering::Relaxed) {
                    match ws.next() {
                        Ok(Some(msg)) if msg["kind"] != json!("hello") => {
                            if tx.send((Request::Fetch, false)).is_err() {
                                return;
                            }
                        }
                        Ok(_) => {}
                        Err(_) => break,
                    }
                }
                live.store(false, Ordering::Relaxed);
            }
            Err(_) => std::thread::sleep(POLL),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn client_errors_read_in_plain_words() {
        assert_eq!(plain("409: the game is at version 3, not 2: fetch it again"), "the game is at version 3, not 2: fetch it again");
        assert!(plain("cannot reach http://127.0.0.1:9: connection refused").starts_with("the server at http://127.0.0.1:9 cannot be reached"));
        assert_eq!(plain("401: wrong name or password"), "wrong name or password: sign in again");
    }
}
