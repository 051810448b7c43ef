//! Live updates: `GET /api/games/{id}/live` opens a WebSocket on which the server pushes each
//! change of the game as the caller's seat may read it: the lines of each step played (the same
//! filter as the CLI and the app, engine/src/seen.rs), the turn, undo requests, resignations.
//! Actions still go by HTTP, so a client that is not connected loses nothing: it fetches the
//! game when it comes back.

use crate::auth::User;
use crate::play::{Change, Slot, engine};
use crate::routes::ApiError;
use crate::App;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use bivouac_engine::Seat;
use serde_json::{Value, json};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

pub async fn live(State(app): State<Arc<App>>, user: User, Path(id): Path<String>, ws: WebSocketUpgrade) -> Result<Response, ApiError> {
    let slot = app.games.slot(&id);
    let (seat, version) = {
        let guard = app.lock_game(&slot, &id).await?;
        let l = guard.as_ref().expect("loaded");
        (l.my_seat(&user.name)?, l.row.version)
    };
    // Subscribed before the upgrade answers: nothing committed after the version sent is missed.
    let rx = slot.live.subscribe();
    Ok(ws.max_message_size(4096).on_upgrade(move |socket| push(app, slot, id, seat, version, rx, socket)))
}

async fn push(app: Arc<App>, slot: Arc<Slot>, id: String, seat: Seat, version: i64, mut rx: tokio::sync::broadcast::Receiver<Arc<Change>>, mut socket: WebSocket) {
    let hello = json!({ "kind": "hello", "game": id, "version": version });
    if socket.send(Message::Text(hello.to_string().into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            change = rx.recv() => {
                let msg = match change {
                    Ok(change) => render(&app, &slot, &id, seat, &change).await,
                    // Too slow to keep up: tell the client to fetch the game.
                    Err(RecvError::Lagged(_)) => Some(json!({ "kind": "resync" })),
                    Err(RecvError::Closed) => return,
                };
                if let Some(msg) = msg && socket.send(Message::Text(msg.to_string().into())).await.is_err() {
                    return;
                }
            }
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                // The socket only pushes: anything sent to it is ignored (pings are answered by axum).
                Some(Ok(_)) => {}
            },
        }
    }
}

/// One change as `seat` may read it.
async fn render(app: &App, slot: &Slot, id: &str, seat: Seat, change: &Change) -> Option<Value> {
    Some(match change {
        Change::Steps { version, from, steps } => {
            let guard = app.lock_game(slot, id).await.ok()?;
            let l = guard.as_ref()?;
            let s = &*l.session;
            let names = s.seat_names();
            let lines: Vec<Vec<String>> = engine(|| steps.iter().map(|st| st.lines(&names[st.seat as usize], Some(seat))).collect());
            let moves = from + steps.len();
            slot.mark_seen(seat, moves);
            // The turn as it stands after these steps (later changes send their own message).
            let current = l.row.version == *version;
            json!({
                "kind": "steps",
                "version": version,
                "from": from,
                "moves": moves,
                "steps": lines,
                "turn": if current { Some(s.turn_line()) } else { None },
                "your_turn": current && !l.row.finished && s.active_seats().contains(&seat),
                "finished": current && l.row.finished,
            })
        }
        Change::Undone { version } => json!({ "kind": "undone", "version": version }),
        Change::UndoRequested { version, by } => json!({ "kind": "undo_requested", "version": version, "by": by }),
        Change::UndoDeclined { version } => json!({ "kind": "undo_declined", "version": version }),
        Change::Resigned { seat, result } => json!({ "kind": "resigned", "seat": seat, "result": result }),
        Change::Joined { seat, user } => json!({ "kind": "joined", "seat": seat, "user": user }),
        Change::Resync => json!({ "kind": "resync" }),
    })
}
