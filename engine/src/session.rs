//! A game being played: the state, the action log and its events, undo, saves.
//!
//! [`Session`] is generic over a [`Game`]; [`AnyGame`] and [`AnySession`] are the same things
//! behind trait objects, so the command line and the app drive every game through one API in
//! action notation.

use crate::agent::{AgentKind, Decision};
use crate::fuzz::{FuzzConfig, FuzzReport};
use crate::game::{Game, Outcome, ScenarioInfo, Seat, Setup, state_hash};
use crate::log::{Event, Log, Refusal};
use crate::save::{SAVE_FORMAT, SaveError, SaveFile, SavedAction};
use crate::bench::{BenchConfig, BenchReport};
use crate::sim::{SimConfig, SimControl, SimReport};
use std::sync::Arc;

/// One applied action and what it told the table.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Step {
    pub seat: Seat,
    pub action: String,
    pub events: Vec<Event>,
    /// Why undo may not take this step back, if so ([`Irreversible::of`]).
    pub irreversible: Option<Irreversible>,
    /// What every seat but `seat` reads instead of `action`, when it names something hidden
    /// from them ([`Game::notation_seen`]).
    pub action_seen: Option<String>,
}

impl Step {
    /// The action's text as `viewer` may read it (saves and replays use `action`).
    pub fn action_for(&self, viewer: Option<Seat>) -> &str {
        match &self.action_seen {
            Some(t) if viewer != Some(self.seat) => t,
            _ => &self.action,
        }
    }

    /// The step as `viewer` reads it: `seat_name: action`, then its events `viewer` may read
    /// (the CLI's `do` and `new` print these; [`crate::seen::step_lines`]).
    pub fn lines(&self, seat_name: &str, viewer: Option<Seat>) -> Vec<String> {
        crate::seen::step_lines(seat_name, self.action_for(viewer), &self.events, viewer)
    }
}

/// Why an action cannot be taken back once played (see [`Session::irreversible`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Irreversible {
    /// It rolls dice.
    Dice,
    /// It draws a card (or anything else from a deck).
    Draw,
    /// It reveals something hidden.
    Reveal,
    /// The decision passes to these seats (none: the game ends).
    HandsOver(Vec<Seat>),
}

impl Irreversible {
    /// Why the action of `seat` that wrote `log`, taking the decision from the seats `before`
    /// to `after`, cannot be taken back: it rolled dice, drew or revealed something (undo may
    /// not cross what the table has seen), or it handed the decision on. `None`: undo may.
    /// The one rule behind [`Session::undo`] and [`Session::irreversible`].
    pub fn of(log: &Log, seat: Seat, before: &[Seat], after: &[Seat]) -> Option<Self> {
        let seen = |k: crate::log::EventKind| log.events.iter().any(|e| e.kind == k && e.visible_to(Some(seat)));
        Some(if seen(crate::log::EventKind::Roll) {
            Irreversible::Dice
        } else if seen(crate::log::EventKind::Draw) {
            Irreversible::Draw
        } else if log.sealed() {
            Irreversible::Reveal
        } else if before != after {
            Irreversible::HandsOver(after.to_vec())
        } else {
            return None;
        })
    }

    /// What the action did, for undo's refusal ("`roll` rolled dice: it cannot be taken back").
    pub fn reason(&self) -> &'static str {
        match self {
            Irreversible::Dice => "rolled dice",
            Irreversible::Draw => "drew a card",
            Irreversible::Reveal => "revealed something hidden",
            Irreversible::HandsOver(to) if to.is_empty() => "ended the game",
            Irreversible::HandsOver(_) => "ended the turn: the decision passed to another seat",
        }
    }
}

pub struct Session<G: Game> {
    game: Arc<G>,
    content_hash: String,
    setup: Setup,
    state: G::State,
    history: Vec<Step>,
    /// The content hash a loaded save was played with, when it is not the content loaded now.
    played_with: Option<String>,
}

impl<G: Game> Clone for Session<G> {
    fn clone(&self) -> Self {
        Session {
            game: self.game.clone(),
            content_hash: self.content_hash.clone(),
            setup: self.setup.clone(),
            state: self.state.clone(),
            history: self.history.clone(),
            played_with: self.played_with.clone(),
        }
    }
}

/// Refuse an action from a seat that owes no decision now.
fn check_active<G: Game>(game: &G, state: &G::State, seat: Seat) -> Result<(), Refusal> {
    let active = game.active_seats(state);
    if active.contains(&seat) {
        return Ok(());
    }
    let names = game.seat_names(state);
    let name = |s: Seat| names.get(s as usize).cloned().unwrap_or_else(|| format!("seat {s}"));
    if active.is_empty() {
        return Err(Refusal::new("game over", "the game has ended"));
    }
    let owed: Vec<String> = active.iter().map(|&s| name(s)).collect();
    Err(Refusal::new("sequence of play", format!("{} owes no decision now; waiting for {}", name(seat), owed.join(", "))))
}

impl<G: Game> Session<G> {
    pub fn new(game: Arc<G>, content_hash: impl Into<String>, setup: Setup) -> Result<Self, Refusal> {
        let state = game.setup(&setup)?;
        Ok(Session { game, content_hash: content_hash.into(), setup, state, history: Vec::new(), played_with: None })
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// Apply `action` for `seat`. On refusal the session is exactly as before.
    pub fn apply(&mut self, seat: Seat, action: &G::Action) -> Result<&Step, Refusal> {
        check_active(&*self.game, &self.state, seat)?;
        let active_before = self.game.active_seats(&self.state);
        let action_seen = self.game.notation_seen(&self.state, seat, action);
        let mut next = self.state.clone();
        let mut log = Log::recording();
        self.game.apply(&mut next, seat, action, &mut log)?;
        self.state = next;
        let active_after = self.game.active_seats(&self.state);
        self.history.push(Step {
            seat,
            action: self.game.notation(action),
            irreversible: Irreversible::of(&log, seat, &active_before, &active_after),
            events: log.events,
            action_seen,
        });
        Ok(self.history.last().expect("just pushed"))
    }

    pub fn apply_text(&mut self, seat: Seat, text: &str) -> Result<&Step, Refusal> {
        let action = self.game.parse(text)?;
        self.apply(seat, &action)
    }

    /// Take back the last action, unless it rolled, drew or revealed, or handed the decision
    /// to another seat (what players expect from fair play).
    pub fn undo(&mut self) -> Result<(), Refusal> {
        let Some(last) = self.history.last() else {
            return Err(Refusal::new("undo", "nothing to undo"));
        };
        if let Some(why) = &last.irreversible {
            return Err(Refusal::new("undo", format!("`{}` {}: it cannot be taken back", last.action, why.reason())));
        }
        let mut log: Vec<SavedAction> = self.history.iter().map(|s| SavedAction { seat: s.seat, action: s.action.clone() }).collect();
        log.pop();
        let rebuilt = Self::replay_actions(self.game.clone(), &self.content_hash, self.setup.clone(), &log)
            .map_err(|e| Refusal::new("undo", e.to_string()))?;
        *self = rebuilt;
        Ok(())
    }

    /// Why `action` of `seat` could not be taken back once played, if so: it rolls dice,
    /// draws or reveals something, or hands the decision to another seat (what [`Self::undo`]
    /// refuses). Found by playing it on a state determinized for `seat`, so the answer reads
    /// only what the seat may know. `None`: undo could take it back.
    pub fn irreversible(&self, seat: Seat, action: &G::Action) -> Option<Irreversible> {
        let mut rng = crate::rng::GameRng::new(self.setup.seed ^ (self.history.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut state = self.game.determinize(&self.state, seat, &mut rng);
        let before = self.game.active_seats(&state);
        let mut log = Log::recording();
        self.game.apply(&mut state, seat, action, &mut log).ok()?;
        Irreversible::of(&log, seat, &before, &self.game.active_seats(&state))
    }

    pub fn to_save(&self) -> SaveFile {
        SaveFile {
            format: SAVE_FORMAT,
            game: self.game.id().to_string(),
            content_hash: self.content_hash.clone(),
            setup: self.setup.clone(),
            actions: self.history.iter().map(|s| SavedAction { seat: s.seat, action: s.action.clone() }).collect(),
        }
    }

    /// Load = replay. Checks game and every action. A save played with other content (an
    /// update of Bivouac, other mods) is replayed all the same: it loads when every action still
    /// applies, and [`Session::other_content`] says so; otherwise the error names both.
    pub fn load(game: Arc<G>, content_hash: &str, save: &SaveFile) -> Result<Self, SaveError> {
        if save.format != SAVE_FORMAT {
            return Err(SaveError::WrongFormat { found: save.format });
        }
        if save.game != game.id() {
            return Err(SaveError::WrongGame { found: save.game.clone(), expected: game.id().to_string() });
        }
        let replayed = Self::replay_actions(game, content_hash, save.setup.clone(), &save.actions);
        if save.content_hash == content_hash {
            return replayed;
        }
        match replayed {
            Ok(mut session) => {
                session.played_with = Some(save.content_hash.clone());
                Ok(session)
            }
            Err(e) => Err(SaveError::WrongContent { found: save.content_hash.clone(), expected: content_hash.to_string(), why: e.to_string() }),
        }
    }

    /// The content hash the loaded save was played with, when it differs from the content
    /// loaded now (the game replayed; what follows is played by the current rules).
    pub fn other_content(&self) -> Option<&str> {
        self.played_with.as_deref()
    }

    fn replay_actions(game: Arc<G>, content_hash: &str, setup: Setup, actions: &[SavedAction]) -> Result<Self, SaveError> {
        let mut s = Session::new(game, content_hash, setup).map_err(|e| SaveError::Setup(e.to_string()))?;
        for (i, a) in actions.iter().enumerate() {
            s.apply_text(a.seat, &a.action).map_err(|e| SaveError::Replay {
                index: i + 1,
                action: a.action.clone(),
                reason: e.to_string(),
            })?;
        }
        Ok(s)
    }

    pub fn state_hash(&self) -> String {
        state_hash(&self.state)
    }

    /// The state and the history as JSON: with the setup, the session again without replaying
    /// its log ([`Session::resume`]; a server's snapshot for fast loading).
    pub fn snapshot(&self) -> String {
        serde_json::to_string(&serde_json::json!({ "state": &self.state, "history": &self.history })).expect("states serialize")
    }

    /// The session of a [`Session::snapshot`] taken with this game and content.
    pub fn resume(game: Arc<G>, content_hash: &str, setup: Setup, snapshot: &str) -> Result<Self, String> {
        #[derive(serde::Deserialize)]
        #[serde(bound = "")]
        struct Snapshot<G: Game> {
            state: G::State,
            history: Vec<Step>,
        }
        let s: Snapshot<G> = serde_json::from_str(snapshot).map_err(|e| format!("damaged snapshot: {e}"))?;
        Ok(Session { game, content_hash: content_hash.to_string(), setup, state: s.state, history: s.history, played_with: None })
    }
}

/// A session behind a trait object: everything in action notation.
/// `Sync` so that a server can hold a session across the awaits of a request.
pub trait AnySession: Send + Sync {
    fn game_id(&self) -> &'static str;
    fn setup(&self) -> &Setup;
    fn seat_names(&self) -> Vec<String>;
    fn active_seats(&self) -> Vec<Seat>;
    fn legal_actions(&self, seat: Seat) -> Vec<String>;
    fn apply_text(&mut self, seat: Seat, action: &str) -> Result<Step, Refusal>;
    /// Set when the loaded save was played with other content ([`Session::other_content`]).
    fn other_content(&self) -> Option<&str>;
    /// Let an AI of `kind` choose and play for `seat`; returns the step it played.
    fn ai_move(&mut self, seat: Seat, kind: AgentKind, seed: u64) -> Result<Step, Refusal>;
    fn undo(&mut self) -> Result<(), Refusal>;
    /// What `seat` is asked to do now, in the game's words ([`Game::prompt`]).
    fn prompt(&self, seat: Seat) -> Option<String>;
    /// Why the action `text` of `seat` could not be taken back ([`Session::irreversible`]);
    /// `None` also when the text is no action.
    fn irreversible(&self, seat: Seat, text: &str) -> Option<Irreversible>;
    fn view_json(&self, seat: Option<Seat>) -> serde_json::Value;
    fn board(&self, seat: Option<Seat>) -> crate::board::Board;
    /// The legal actions of `seat` with their notation and board hints.
    fn hinted_actions(&self, seat: Seat) -> Vec<(String, crate::board::ActionHint)>;
    fn describe(&self, seat: Option<Seat>) -> String;
    /// `bivouac show`: the text picture of `seat` and the turn line ([`crate::seen::show_text`]).
    fn show_text(&self, seat: Option<Seat>) -> String;
    /// The "to act" line, or the result ([`crate::seen::turn_line`]).
    fn turn_line(&self) -> String;
    /// The turn the game is in ([`Game::turn`]), for lists of saved games.
    fn turn(&self) -> Option<u32>;
    /// `bivouac actions --seat X` ([`crate::seen::actions_text`]).
    fn actions_text(&self, seat: Seat) -> String;
    fn outcome(&self) -> Option<Outcome>;
    fn state_hash(&self) -> String;
    fn history(&self) -> &[Step];
    fn to_save(&self) -> SaveFile;
    /// [`Session::snapshot`].
    fn snapshot(&self) -> String;
    fn clone_box(&self) -> Box<dyn AnySession>;
    /// Parse a seat name (`p2`, `union`) or a number.
    fn seat_by_name(&self, name: &str) -> Option<Seat> {
        let names = self.seat_names();
        names.iter().position(|n| n.eq_ignore_ascii_case(name)).map(|i| i as Seat).or_else(|| name.parse().ok().filter(|&s: &Seat| (s as usize) < names.len()))
    }
}

impl<G: Game> AnySession for Session<G> {
    fn game_id(&self) -> &'static str {
        self.game.id()
    }
    fn setup(&self) -> &Setup {
        &self.setup
    }
    fn seat_names(&self) -> Vec<String> {
        self.game.seat_names(&self.state)
    }
    fn active_seats(&self) -> Vec<Seat> {
        self.game.active_seats(&self.state)
    }
    fn legal_actions(&self, seat: Seat) -> Vec<String> {
        self.game.legal_actions(&self.state, seat).iter().map(|a| self.game.notation(a)).collect()
    }
    fn apply_text(&mut self, seat: Seat, action: &str) -> Result<Step, Refusal> {
        Session::apply_text(self, seat, action).cloned()
    }
    fn other_content(&self) -> Option<&str> {
        Session::other_content(self)
    }
    fn ai_move(&mut self, seat: Seat, kind: AgentKind, seed: u64) -> Result<Step, Refusal> {
        check_active(&*self.game, &self.state, seat)?;
        let legal = self.game.legal_actions(&self.state, seat);
        if legal.is_empty() {
            return Err(Refusal::new("sequence of play", "no legal action"));
        }
        let mut agent = kind.build::<G>(seed ^ self.history.len() as u64);
        let i = agent.choose(&Decision::new(&*self.game, &self.state, seat, &legal));
        self.apply(seat, &legal[i]).cloned()
    }
    fn undo(&mut self) -> Result<(), Refusal> {
        Session::undo(self)
    }
    fn prompt(&self, seat: Seat) -> Option<String> {
        self.game.prompt(&self.state, seat)
    }
    fn irreversible(&self, seat: Seat, text: &str) -> Option<Irreversible> {
        Session::irreversible(self, seat, &self.game.parse(text).ok()?)
    }
    fn view_json(&self, seat: Option<Seat>) -> serde_json::Value {
        crate::seen::show_json(&*self.game, &self.state, seat)
    }
    fn show_text(&self, seat: Option<Seat>) -> String {
        crate::seen::show_text(&*self.game, &self.state, seat)
    }
    fn turn(&self) -> Option<u32> {
        self.game.turn(&self.state)
    }
    fn turn_line(&self) -> String {
        crate::seen::turn_line(&*self.game, &self.state)
    }
    fn actions_text(&self, seat: Seat) -> String {
        crate::seen::actions_text(&*self.game, &self.state, seat)
    }
    fn describe(&self, seat: Option<Seat>) -> String {
        self.game.describe(&self.state, seat)
    }
    fn board(&self, seat: Option<Seat>) -> crate::board::Board {
        self.game.board(&self.state, seat)
    }
    fn hinted_actions(&self, seat: Seat) -> Vec<(String, crate::board::ActionHint)> {
        self.game.legal_actions(&self.state, seat).iter().map(|a| (self.game.notation(a), self.game.hint(&self.state, a))).collect()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome(&self.state)
    }
    fn state_hash(&self) -> String {
        Session::state_hash(self)
    }
    fn history(&self) -> &[Step] {
        &self.history
    }
    fn to_save(&self) -> SaveFile {
        Session::to_save(self)
    }
    fn snapshot(&self) -> String {
        Session::snapshot(self)
    }
    fn clone_box(&self) -> Box<dyn AnySession> {
        Box::new(self.clone())
    }
}

/// A loaded game behind a trait object.
pub trait AnyGame: Send + Sync {
    fn id(&self) -> &'static str;
    fn title(&self) -> String;
    fn scenarios(&self) -> Vec<ScenarioInfo>;
    fn content_hash(&self) -> &str;
    fn new_session(&self, setup: Setup) -> Result<Box<dyn AnySession>, Refusal>;
    fn load(&self, save: &SaveFile) -> Result<Box<dyn AnySession>, SaveError>;
    /// A line a seat was shown, in the game's words ([`Game::text_words`]).
    fn text_words(&self, setup: &Setup, text: &str, line: crate::board::Line) -> String;
    /// A session from its [`Session::snapshot`] and setup, without replaying.
    fn resume(&self, setup: Setup, snapshot: &str) -> Result<Box<dyn AnySession>, String>;
    fn simulate(&self, cfg: &SimConfig) -> Result<SimReport, Refusal>;
    fn fuzz(&self, cfg: &FuzzConfig) -> Result<FuzzReport, Refusal>;
    /// A batch that `control` may stop between games (Ctrl-C); the report covers the games played.
    fn simulate_with(&self, cfg: &SimConfig, _control: &SimControl<'_>) -> Result<SimReport, Refusal> {
        self.simulate(cfg)
    }
    /// The same seeds played with this content (the baseline) and `variant`'s (the same game
    /// loaded with a mod laid over it): the two reports, to pass to [`crate::sim::compare`].
    fn simulate_variant(&self, _variant: &dyn AnyGame, _cfg: &SimConfig, _control: &SimControl<'_>) -> Result<(SimReport, SimReport), Refusal> {
        Err(Refusal::new("sim", "this game cannot be compared with a variant"))
    }
    /// One-core speed, state size and clone cost (`bivouac bench`).
    fn bench(&self, _cfg: &BenchConfig) -> Result<BenchReport, Refusal> {
        Err(Refusal::new("bench", "this game cannot be benchmarked"))
    }
    /// The concrete value, so a game can recognise another loading of itself (a variant).
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
}

/// Wraps a game and its content hash as an [`AnyGame`].
pub struct Registered<G: Game> {
    pub game: Arc<G>,
    pub content_hash: String,
}

impl<G: Game> Registered<G> {
    pub fn new(game: G, content_hash: impl Into<String>) -> Self {
        Registered { game: Arc::new(game), content_hash: content_hash.into() }
    }
}

impl<G: Game> AnyGame for Registered<G> {
    fn id(&self) -> &'static str {
        self.game.id()
    }
    fn title(&self) -> String {
        self.game.title().to_string()
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.game.scenarios()
    }
    fn content_hash(&self) -> &str {
        &self.content_hash
    }
    fn new_session(&self, setup: Setup) -> Result<Box<dyn AnySession>, Refusal> {
        Ok(Box::new(Session::new(self.game.clone(), self.content_hash.clone(), setup)?))
    }
    fn load(&self, save: &SaveFile) -> Result<Box<dyn AnySession>, SaveError> {
        Ok(Box::new(Session::load(self.game.clone(), &self.content_hash, save)?))
    }
    fn text_words(&self, setup: &Setup, text: &str, line: crate::board::Line) -> String {
        self.game.text_words(setup, text, line)
    }
    fn resume(&self, setup: Setup, snapshot: &str) -> Result<Box<dyn AnySession>, String> {
        Ok(Box::new(Session::resume(self.game.clone(), &self.content_hash, setup, snapshot)?))
    }
    fn simulate(&self, cfg: &SimConfig) -> Result<SimReport, Refusal> {
        crate::sim::simulate(&*self.game, cfg)
    }
    fn fuzz(&self, cfg: &FuzzConfig) -> Result<FuzzReport, Refusal> {
        crate::fuzz::fuzz(&*self.game, cfg)
    }
    fn simulate_with(&self, cfg: &SimConfig, control: &SimControl<'_>) -> Result<SimReport, Refusal> {
        crate::sim::simulate_with(&*self.game, cfg, control)
    }
    fn simulate_variant(&self, variant: &dyn AnyGame, cfg: &SimConfig, control: &SimControl<'_>) -> Result<(SimReport, SimReport), Refusal> {
        let Some(other) = variant.as_any().and_then(|a| a.downcast_ref::<Registered<G>>()) else {
            return Err(Refusal::new("sim", format!("the variant is not a {} game", self.game.id())));
        };
        crate::sim::simulate_variant(&*self.game, &*other.game, cfg, control)
    }
    fn bench(&self, cfg: &BenchConfig) -> Result<BenchReport, Refusal> {
        crate::bench::bench(&*self.game, cfg)
    }
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}
