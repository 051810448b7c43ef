//! What an action tells the table ([`Event`]) and why an action is refused ([`Refusal`]).

use crate::game::Seat;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// An action the rules forbid. `rule` names the rule (`"BR 3.5.1"`), `message` says why.
/// Whoever returns a refusal must leave the state exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Refusal {
    pub rule: Cow<'static, str>,
    pub message: String,
}

impl Refusal {
    pub fn new(rule: impl Into<Cow<'static, str>>, message: impl Into<String>) -> Self {
        Refusal { rule: rule.into(), message: message.into() }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

impl std::error::Error for Refusal {}

/// Shorthand: `refuse!("BR 3.5.1", "the ship has no room for {} cubes", n)`.
#[macro_export]
macro_rules! refuse {
    ($rule:expr, $($fmt:tt)+) => {
        return Err($crate::log::Refusal::new($rule, format!($($fmt)+)))
    };
}

/// Who may read an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    Public,
    /// Only this seat (its own card draw, its own hidden block).
    Seat(Seat),
    /// Every seat but this one: what the others read of a seat's secret, whose owner reads the
    /// secret itself in a `Seat` event instead ("a USA block in 0814" beside "usa-xii-1").
    Others(Seat),
}

/// What kind of thing happened; rolls, draws and reveals make an action irreversible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    Info,
    Roll,
    Draw,
    Reveal,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub kind: EventKind,
    pub visibility: Visibility,
    pub text: String,
}

impl Event {
    pub fn visible_to(&self, seat: Option<Seat>) -> bool {
        match self.visibility {
            Visibility::Public => true,
            Visibility::Seat(s) => seat == Some(s),
            Visibility::Others(s) => seat != Some(s),
        }
    }
}

/// The sink a game writes events into while applying an action. When not recording (fuzzer,
/// AI playouts) the text closures are never called, so logging costs nothing on hot paths;
/// `sealed` is tracked either way, because undo must not cross a roll, a draw or a reveal.
#[derive(Debug, Default)]
pub struct Log {
    recording: bool,
    pub events: Vec<Event>,
    sealed: bool,
}

impl Log {
    /// A log that keeps event texts.
    pub fn recording() -> Self {
        Log { recording: true, ..Default::default() }
    }

    /// A log that only tracks whether the action was irreversible.
    pub fn quiet() -> Self {
        Log::default()
    }

    /// True once a roll, draw or reveal happened: undo stops here.
    pub fn sealed(&self) -> bool {
        self.sealed
    }

    pub fn push(&mut self, kind: EventKind, visibility: Visibility, text: impl FnOnce() -> String) {
        if kind != EventKind::Info {
            self.sealed = true;
        }
        if self.recording {
            self.events.push(Event { kind, visibility, text: text() });
        }
    }

    pub fn info(&mut self, text: impl FnOnce() -> String) {
        self.push(EventKind::Info, Visibility::Public, text);
    }

    pub fn roll(&mut self, text: impl FnOnce() -> String) {
        self.push(EventKind::Roll, Visibility::Public, text);
    }

    /// A card or piece drawn: the text is for `seat` only (or public when `None`).
    pub fn draw(&mut self, seat: Option<Seat>, text: impl FnOnce() -> String) {
        let vis = seat.map_or(Visibility::Public, Visibility::Seat);
        self.push(EventKind::Draw, vis, text);
    }

    pub fn reveal(&mut self, text: impl FnOnce() -> String) {
        self.push(EventKind::Reveal, Visibility::Public, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_log_never_formats_but_seals() {
        let mut log = Log::quiet();
        log.info(|| panic!("must not format"));
        assert!(!log.sealed());
        log.roll(|| panic!("must not format"));
        assert!(log.sealed());
        assert!(log.events.is_empty());
    }

    #[test]
    fn refusal_names_rule() {
        fn f() -> Result<(), Refusal> {
            refuse!("BR 3.5.1", "no room for {} cubes", 3);
        }
        assert_eq!(f().unwrap_err().to_string(), "BR 3.5.1: no room for 3 cubes");
    }

    #[test]
    fn private_events_only_reach_their_seat() {
        let mut log = Log::recording();
        log.draw(Some(1), || "you draw Quaker Guns".into());
        let e = &log.events[0];
        assert!(e.visible_to(Some(1)));
        assert!(!e.visible_to(Some(0)));
        assert!(!e.visible_to(None));
    }
}
