//! Where the game on the play screen lives: in this process (a local session: hotseat, against
//! the app's AI, a save) or on a game server (a remote game, of which this app plays one seat
//! and knows only what the server sends that seat). The screens read the game through
//! [`Table`] alone and do not care which; only [`super::play::Play`]'s few ways of changing it
//! (act, undo, the AI's moves, saves) differ.

use super::remote::{Remote, Snapshot};
use bivouac_engine::board::{ActionHint, Board};
use bivouac_engine::session::{AnySession, Irreversible, Step};
use bivouac_engine::{Outcome, Seat, Setup};

pub enum Table {
    Local(Box<dyn AnySession>),
    Remote(Box<RemoteGame>),
}

/// A game on a server: the connection and the game as last sent.
pub struct RemoteGame {
    pub remote: Remote,
    pub game: Snapshot,
}

impl Table {
    /// The local session, when the game is played here.
    pub fn local(&self) -> Option<&dyn AnySession> {
        match self {
            Table::Local(s) => Some(&**s),
            Table::Remote(_) => None,
        }
    }

    pub fn remote(&self) -> Option<&RemoteGame> {
        match self {
            Table::Remote(r) => Some(r),
            Table::Local(_) => None,
        }
    }

    /// The steps played, as the viewer may read them (a remote game: as its seat may).
    pub fn history(&self) -> &[Step] {
        match self {
            Table::Local(s) => s.history(),
            Table::Remote(r) => &r.game.history,
        }
    }

    pub fn setup(&self) -> &Setup {
        match self {
            Table::Local(s) => s.setup(),
            Table::Remote(r) => &r.game.setup,
        }
    }

    pub fn seat_names(&self) -> Vec<String> {
        match self {
            Table::Local(s) => s.seat_names(),
            Table::Remote(r) => r.game.names.clone(),
        }
    }

    pub fn active_seats(&self) -> Vec<Seat> {
        match self {
            Table::Local(s) => s.active_seats(),
            Table::Remote(r) => r.game.active.clone(),
        }
    }

    /// How the game ended. A remote game ended by a resignation has no outcome from the rules:
    /// every other seat wins, with the server's words as the reason.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Table::Local(s) => s.outcome(),
            Table::Remote(r) if r.game.outcome.is_some() || !r.game.finished => r.game.outcome.clone(),
            Table::Remote(r) => {
                let g = &r.game;
                let resigned = g.result.strip_suffix(" resigned").and_then(|t| t.rsplit(' ').next()).unwrap_or_default();
                let winners = (0..g.names.len() as Seat).filter(|&s| g.names[s as usize] != resigned).collect();
                Some(Outcome { winners, scores: Vec::new(), reason: g.result.clone() })
            }
        }
    }

    /// The board as `viewer` sees it (a remote game: always as its own seat).
    pub fn board(&self, viewer: Option<Seat>) -> Board {
        match self {
            Table::Local(s) => s.board(viewer),
            Table::Remote(r) => r.game.board.clone(),
        }
    }

    pub fn describe(&self, viewer: Option<Seat>) -> String {
        match self {
            Table::Local(s) => s.describe(viewer),
            Table::Remote(r) => r.game.describe.clone(),
        }
    }

    /// `seat`'s legal actions with their hints (a remote game: its own seat's only).
    pub fn hinted_actions(&self, seat: Seat) -> Vec<(String, ActionHint)> {
        match self {
            Table::Local(s) => s.hinted_actions(seat),
            Table::Remote(r) if r.game.seat == seat => r.game.hints.clone(),
            Table::Remote(_) => Vec::new(),
        }
    }

    /// Why `seat`'s legal action `text` could not be taken back once played, if so (a remote
    /// game: as the server found it for its own seat; nothing for another seat).
    pub fn irreversible(&self, seat: Seat, text: &str) -> Option<Irreversible> {
        match self {
            Table::Local(s) => s.irreversible(seat, text),
            Table::Remote(r) if r.game.seat == seat => {
                let i = r.game.hints.iter().position(|(t, _)| t == text)?;
                r.game.irreversible.get(i).cloned().flatten()
            }
            Table::Remote(_) => None,
        }
    }

    pub fn prompt(&self, seat: Seat) -> Option<String> {
        match self {
            Table::Local(s) => s.prompt(seat),
            Table::Remote(r) if r.game.seat == seat => r.game.prompt.clone(),
            Table::Remote(_) => None,
        }
    }
}
