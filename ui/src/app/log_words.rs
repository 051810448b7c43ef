//! The log as the viewing seat reads it, in the game's words: each step's action and events as
//! that seat was shown them (`Step::action_for`, the events visible to it), with the ids and
//! notation turned into names by the game (`AnyGame::text_words`, the wording of the buttons).
//! Kept between frames and brought up to date after every change of the game or the viewer.

use bivouac_engine::board::Line;
use bivouac_engine::log::{Event, EventKind, Visibility};
use bivouac_engine::session::{AnyGame, Step};
use bivouac_engine::{Seat, Setup};

/// One step in words.
#[derive(Clone, Debug, PartialEq)]
pub struct StepWords {
    /// The action's text as the viewer was shown it, to tell when the step changed (undo).
    shown: String,
    /// The action in words ("Strategic move XII Corps to Frederick").
    pub action: String,
    /// The events the viewer may read, in words.
    pub events: Vec<EventWords>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EventWords {
    pub text: String,
    pub kind: EventKind,
    /// Shown to one seat only (a secret of the viewer's).
    pub secret: bool,
}

#[derive(Default)]
pub struct LogWords {
    viewer: Option<Option<Seat>>,
    pub steps: Vec<StepWords>,
}

impl LogWords {
    /// Bring the words up to `history` as `viewer` reads it, re-wording only the steps that
    /// changed (all of them when the viewer did).
    pub fn update(&mut self, game: &dyn AnyGame, setup: &Setup, history: &[Step], viewer: Option<Seat>) {
        if self.viewer != Some(viewer) {
            self.viewer = Some(viewer);
            self.steps.clear();
        }
        let same = self.steps.iter().zip(history).take_while(|(w, s)| w.shown == s.action_for(viewer)).count();
        self.steps.truncate(same);
        for step in &history[same..] {
            self.steps.push(step_words(game, setup, step, viewer));
        }
    }
}

/// `step` as `viewer` reads it, in words: only what `viewer` was shown goes in.
pub fn step_words(game: &dyn AnyGame, setup: &Setup, step: &Step, viewer: Option<Seat>) -> StepWords {
    let shown = step.action_for(viewer).to_string();
    let action = game.text_words(setup, &shown, Line::Action);
    let events = step.events.iter().filter(|e| e.visible_to(viewer)).map(|e: &Event| EventWords {
        text: game.text_words(setup, &e.text, Line::Event),
        kind: e.kind,
        secret: matches!(e.visibility, Visibility::Seat(_)),
    });
    StepWords { shown, action, events: events.collect() }
}

/// A seat's name as a player reads it: "USA", "CSA", "Player 2", "Union".
pub fn seat_title(name: &str) -> String {
    if let Some(n) = name.strip_prefix('p').filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) {
        return format!("Player {n}");
    }
    if name.len() <= 3 {
        return name.to_uppercase();
    }
    let mut c = name.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}

#[cfg(test)]
mod tests {
    use super::seat_title;

    #[test]
    fn seats_read_as_players_names() {
        assert_eq!(seat_title("usa"), "USA");
        assert_eq!(seat_title("p3"), "Player 3");
        assert_eq!(seat_title("union"), "Union");
    }
}
