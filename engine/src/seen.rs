//! What one seat receives, rendered once for every front end: the text of `bivouac show`, its
//! JSON, the `actions` listing, and the lines of a played step as another seat reads them.
//! The CLI and the app print these; the leak check (`leak.rs`) compares them across states
//! that differ only in what the seat may not know.

use crate::game::{Game, Seat};
use crate::log::Event;

/// The "to act" line (or the result) every seat may read: who owes a decision is public.
pub fn turn_line<G: Game>(game: &G, state: &G::State) -> String {
    let names = game.seat_names(state);
    let name = |s: Seat| names.get(s as usize).cloned().unwrap_or_else(|| format!("seat {s}"));
    if let Some(o) = game.outcome(state) {
        let winners: Vec<String> = o.winners.iter().map(|&w| name(w)).collect();
        let scores: Vec<String> = o.scores.iter().enumerate().map(|(i, s)| format!("{} {s}", name(i as Seat))).collect();
        let who = if winners.is_empty() { "nobody".to_string() } else { winners.join(", ") };
        return format!("game over: {who} win ({}); scores: {}", o.reason, scores.join(", "));
    }
    let active: Vec<String> = game.active_seats(state).iter().map(|&s| name(s)).collect();
    format!("to act: {}", active.join(", "))
}

/// `bivouac show [--seat X]`: the game's text picture for `seat`, then the turn line.
pub fn show_text<G: Game>(game: &G, state: &G::State, seat: Option<Seat>) -> String {
    format!("{}\n{}", game.describe(state, seat), turn_line(game, state))
}

/// `bivouac show --json [--seat X]`: the view as JSON.
pub fn show_json<G: Game>(game: &G, state: &G::State, seat: Option<Seat>) -> serde_json::Value {
    serde_json::to_value(game.view(state, seat)).expect("views serialize")
}

/// `bivouac actions --seat X`: one line per legal action of `seat`.
pub fn actions_text<G: Game>(game: &G, state: &G::State, seat: Seat) -> String {
    let names = game.seat_names(state);
    let name = names.get(seat as usize).cloned().unwrap_or_default();
    game.legal_actions(state, seat).iter().map(|a| format!("{name}: {}\n", game.notation(a))).collect()
}

/// The text of an action as `viewer` reads it: the mover reads its notation, every other seat
/// and a spectator what [`Game::notation_seen`] gives (the notation when it hides nothing).
pub fn action_text(action: &str, action_seen: Option<&str>, mover: Seat, viewer: Option<Seat>) -> String {
    match action_seen {
        Some(t) if viewer != Some(mover) => t.to_string(),
        _ => action.to_string(),
    }
}

/// A played step as `viewer` reads it (the CLI's `do` and `new`, the app's log): the seat and
/// action line, then each event the viewer may read, indented.
pub fn step_lines(seat_name: &str, action: &str, events: &[Event], viewer: Option<Seat>) -> Vec<String> {
    let mut out = vec![format!("{seat_name}: {action}")];
    out.extend(events.iter().filter(|e| e.visible_to(viewer)).map(|e| format!("    {}", e.text)));
    out
}
