//! The contract every game implements (design.md section 2).
//!
//! A `Game` value is the rules plus the loaded content of one game; states are plain data
//! (`Clone + Serialize`) with the RNG inside. Everything else in the engine (sessions, saves,
//! replays, undo, the fuzzer, simulation, the CLI and the app) is written once against this trait.

use crate::log::{Log, Refusal};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Debug;
use std::rc::Rc;

/// A seat at the table: an index into the game's seat list (`0..seat_count`).
pub type Seat = u8;

/// Everything needed to start a game; together with the action log it is a save.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    pub scenario: String,
    pub players: u8,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    pub seed: u64,
}

impl Setup {
    pub fn new(scenario: impl Into<String>, players: u8, seed: u64) -> Self {
        Setup { scenario: scenario.into(), players, options: BTreeMap::new(), seed }
    }

    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }

    pub fn flag(&self, key: &str) -> bool {
        matches!(self.option(key), Some("true" | "on" | "yes" | "1"))
    }
}

/// A named option a scenario accepts (an optional rule, an edition, a reading of an unclear rule).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionInfo {
    pub key: String,
    pub description: String,
    /// The values it may take; the first is the default.
    pub values: Vec<String>,
}

impl OptionInfo {
    /// The values as players read them: `a`, `b` or `c`.
    pub fn values_text(&self) -> String {
        let v: Vec<String> = self.values.iter().map(|x| format!("`{x}`")).collect();
        match v.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => v.concat(),
        }
    }
}

/// The one check of a setup's options (`--option key=value`, the app's choices) against those
/// its scenario takes (`known`): an unknown key is refused under `rule` with the keys it takes,
/// an unknown value with the values its key takes. Every game's `setup` runs it first.
pub fn check_options(rule: &'static str, setup: &Setup, known: &[OptionInfo]) -> Result<(), Refusal> {
    for (k, v) in &setup.options {
        let Some(info) = known.iter().find(|o| &o.key == k) else {
            let keys: Vec<String> = known.iter().map(|o| format!("`{}`", o.key)).collect();
            let takes = if keys.is_empty() { "no options".to_string() } else { format!("the options {}", keys.join(", ")) };
            return Err(Refusal::new(rule, format!("unknown option `{k}`: scenario `{}` takes {takes}", setup.scenario)));
        };
        if !info.values.contains(v) {
            return Err(Refusal::new(rule, format!("option `{k}` takes {}, not `{v}` ({})", info.values_text(), info.description)));
        }
    }
    Ok(())
}

/// One line of `bivouac list`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioInfo {
    pub id: String,
    pub title: String,
    pub min_players: u8,
    pub max_players: u8,
    pub default_players: u8,
    pub options: Vec<OptionInfo>,
}

/// How a finished game ended. Several winners = a shared victory; none = a draw.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winners: Vec<Seat>,
    /// One score per seat, for reports (victory points, money...).
    pub scores: Vec<i64>,
    /// Why the game ended, e.g. "BR 3.11: most money at the end of 1865".
    pub reason: String,
}

pub trait Game: Send + Sync + 'static {
    type State: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    type Action: Clone + Debug + PartialEq + Send + Sync;
    /// What one seat may know of a state (`None` = a spectator who sees only public facts).
    type View: Serialize;

    /// The game id used on the command line (`blockade-runner`).
    fn id(&self) -> &'static str;
    fn title(&self) -> &str;
    fn scenarios(&self) -> Vec<ScenarioInfo>;

    /// A fresh game. Refused (with the rule) if the scenario, player count or options are wrong.
    fn setup(&self, setup: &Setup) -> Result<Self::State, Refusal>;

    /// Names of the seats, in seat order (`union`, `confederate`; or `p1`..`p6`).
    fn seat_names(&self, state: &Self::State) -> Vec<String>;

    /// Who owes a decision now: usually one seat, several for simultaneous or out-of-turn steps.
    /// Empty exactly when the game is over.
    fn active_seats(&self, state: &Self::State) -> Vec<Seat>;

    /// Every action `seat` may take now: complete, so the UI, the AI and the fuzzer rely on it.
    fn legal_actions(&self, state: &Self::State, seat: Seat) -> Vec<Self::Action>;

    /// `legal_actions`, shared rather than copied: the same actions in the same order. A game
    /// that remembers its last listing (to validate the action `apply` is given) overrides it to
    /// hand that listing over without copying each action; a random playout then copies only
    /// the action it picks. A `Vec` in an `Rc`, not an `Rc<[_]>`: making one from a listing
    /// moves no action, and a game may take the vector back to list in once the caller drops
    /// its share.
    fn legal_actions_shared(&self, state: &Self::State, seat: Seat) -> Rc<Vec<Self::Action>> {
        Rc::new(self.legal_actions(state, seat))
    }

    /// Carry out an action. A refusal names the rule and must leave `state` untouched.
    fn apply(&self, state: &mut Self::State, seat: Seat, action: &Self::Action, log: &mut Log) -> Result<(), Refusal>;

    /// `apply` of an action the caller took from `legal_actions_shared(state, seat)` of this very
    /// state, so a game may skip checking it against its listing again (self-play loops: `sim`,
    /// `bench`). Anything that did not just list the action calls `apply`.
    fn apply_listed(&self, state: &mut Self::State, seat: Seat, action: &Self::Action, log: &mut Log) -> Result<(), Refusal> {
        self.apply(state, seat, action, log)
    }

    /// The canonical text of an action, stable across versions (logs, saves, the CLI).
    fn notation(&self, action: &Self::Action) -> String;

    /// The notation of `action`, about to be taken by `seat` on `state`, as every other seat
    /// (and an observer) may read it, when the canonical text would name something hidden from
    /// them (a unit under a secret force marker). `None`: everyone reads the notation.
    fn notation_seen(&self, _state: &Self::State, _seat: Seat, _action: &Self::Action) -> Option<String> {
        None
    }

    /// A line a seat was shown (an action's text as [`crate::session::Step::action_for`] gives
    /// it, or an event's text) in the game's words, for the app's log: the buttons' wording
    /// ([`crate::board::ActionHint::words`]) and each id replaced by its printed name. Built
    /// from the text and the content alone, so it says no more than the text: what the text
    /// hid stays hidden, and the setup (its scenario, a public fact). Default: the text.
    fn text_words(&self, _setup: &Setup, text: &str, _line: crate::board::Line) -> String {
        text.to_string()
    }

    /// Parse the canonical text. `parse(notation(a)) == a` for every action.
    fn parse(&self, text: &str) -> Result<Self::Action, Refusal>;

    fn view(&self, state: &Self::State, seat: Option<Seat>) -> Self::View;

    /// A readable text picture of the view, for `bivouac show`.
    fn describe(&self, state: &Self::State, seat: Option<Seat>) -> String;

    fn outcome(&self, state: &Self::State) -> Option<Outcome>;

    /// Conservation and bounds checks the fuzzer runs after every action.
    fn check_invariants(&self, _state: &Self::State) -> Result<(), String> {
        Ok(())
    }

    /// A drawable picture of the board as `seat` may see it (the app draws only this).
    fn board(&self, _state: &Self::State, _seat: Option<Seat>) -> crate::board::Board {
        crate::board::Board::default()
    }

    /// What `seat` is asked to do now, as one sentence in the game's words ("Choose a hex to
    /// move the Iron Brigade to", "Bid for the Banshee"), for the app's prompt. A function of
    /// what the seat may know: the leak check compares it with the seat's legal actions.
    /// `None` (the default): the seat owes no decision, or the game words none.
    fn prompt(&self, _state: &Self::State, _seat: Seat) -> Option<String> {
        None
    }

    /// Where an action happens on the board (for highlighting and menus).
    fn hint(&self, _state: &Self::State, _action: &Self::Action) -> crate::board::ActionHint {
        crate::board::ActionHint::default()
    }

    /// The turn the game is in (1 for the first), for the balance lab's reports of when games
    /// end and of how the measures move turn by turn. `None`: the game has no turns to report.
    fn turn(&self, _state: &Self::State) -> Option<u32> {
        None
    }

    /// Named quantities a designer follows turn by turn (Strategic Will, victory points, money
    /// per seat...), read by the balance lab at the start of each turn and at the end of the
    /// game. The names must be the same at every call for one game.
    fn measures(&self, _state: &Self::State) -> Vec<(String, f64)> {
        Vec::new()
    }

    /// A game taking more actions than this has run away (a bug).
    fn max_actions(&self) -> usize {
        100_000
    }

    /// A full state consistent with what `seat` knows of `state`: everything the seat cannot
    /// see (other seats' hands, the order of decks, unrevealed blocks) re-dealt from `rng`, and
    /// the state's own RNG reseeded from `rng` so future dice are unknown too. Search agents
    /// play their lookahead on such samples only (information-set search); an agent never
    /// reads the real state. The default (a perfect-information game) keeps the position and
    /// reseeds nothing: games with dice or hidden information override it.
    fn determinize(&self, state: &Self::State, _seat: Seat, _rng: &mut crate::rng::GameRng) -> Self::State {
        state.clone()
    }

    /// The tree depth of the search agents when the user names none (`mcts`, `mcts-easy`,
    /// `mcts-hard`, `mcts:N`; `mcts:N:D` overrides it): actions below the root before a leaf
    /// is evaluated, 0 for no limit (the default), 1 for flat Monte Carlo over
    /// determinizations (see `MctsConfig::max_depth`). Measured per game in docs/ai-strength.md.
    fn search_depth(&self) -> u32 {
        0
    }

    /// In flat search (depth 1), how many of the deciding seat's own further actions are played
    /// greedily after each root action on the same sample before it is evaluated (0: none, the
    /// default): a game whose turn is several small decisions (choose an action, then its
    /// steps) values a root choice by what the seat makes of it. See `mcts::flat_search`.
    fn flat_playout(&self) -> u32 {
        0
    }

    /// In tree search (depth 0 or at least 2), how many of the leaf mover's own further actions
    /// are played greedily on the iteration's sample before the leaf is evaluated (0: none, the
    /// default): where an action is begun by one choice and carried out by several (choose a
    /// march, then each hex of it), a new leaf is valued by what its mover makes of it, not by
    /// the bare first step. See `mcts::search`.
    fn tree_playout(&self) -> u32 {
        0
    }

    /// The share of the search budget a decision deserves, from its legal actions (which the
    /// deciding seat sees): 1 (the default) for the whole budget, less for a smaller one, 0 for
    /// none (the heuristic agent's choice, without search). A game whose turn is one real choice
    /// followed by many small steps (For the People: a card, then an operation, then each space
    /// of a march) spends its budget where the choice is and lets the steps follow the
    /// heuristic, as the search's own playouts play them. See `mcts::MctsAgent`.
    fn search_share(&self, _legal: &[Self::Action]) -> f64 {
        1.0
    }

    /// Where a playout of flat search or of the tree's leaves stops (besides its step limit,
    /// `flat_playout`, `tree_playout`): `true` once `state` is a point at which the position
    /// is worth scoring for `seat`, the seat whose choice is being valued. The default stops as
    /// soon as that seat is not to act (the playout is the seat's own next actions); a game may
    /// carry it on through the other seats' reply, each seat then playing the action whose
    /// result it values most, to a meaningful point (the end of the reply, of the round).
    fn playout_stop(&self, state: &Self::State, seat: Seat) -> bool {
        self.active_seats(state).first() != Some(&seat)
    }

    /// A playout stops before a decision with more actions than this, after the game's
    /// shortlist (the default, `mcts::PLAYOUT_WIDTH`, 16: a bid or a sum of money is not
    /// worth scoring action by action). A game whose real choices are wide (a card, then which
    /// of its forces moves) raises it so that playouts reach them.
    fn playout_width(&self) -> usize {
        crate::mcts::PLAYOUT_WIDTH
    }

    /// How good `state` looks for `seat`, from 0 (lost) to 1 (won): the game knowledge of the
    /// heuristic agent and the leaf value of search. Called on determinized states only.
    /// The default knows only finished games (see [`outcome_value`]) and says 0.5 otherwise.
    fn evaluate(&self, state: &Self::State, seat: Seat) -> f64 {
        self.outcome(state).map(|o| outcome_value(&o, seat, self.seat_names(state).len())).unwrap_or(0.5)
    }

    /// The heuristic agent's shortlist of `legal` on `sample` (a determinized state, never the
    /// real one): the indexes worth playing and evaluating, the others are not tried. A game
    /// with very wide decisions ranks them here by a cheaper measure first; `None` (the
    /// default): every action.
    fn shortlist(&self, _sample: &Self::State, _seat: Seat, _legal: &[Self::Action]) -> Option<Vec<usize>> {
        None
    }
}

/// The value of a finished game for `seat`: 1 for a sole win, a share of 1 for a shared win,
/// `1 / seats` for a draw, 0 for a loss.
pub fn outcome_value(outcome: &Outcome, seat: Seat, seats: usize) -> f64 {
    if outcome.winners.is_empty() {
        1.0 / seats.max(1) as f64
    } else if outcome.winners.contains(&seat) {
        1.0 / outcome.winners.len() as f64
    } else {
        0.0
    }
}

/// A logistic squash of a score margin into (0, 1): `margin / scale = 1` gives about 0.73.
/// What `evaluate` implementations use to turn victory points or money into a value.
pub fn squash(margin: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-margin / scale.max(f64::MIN_POSITIVE)).exp())
}

/// Serialize a state and hash it: the identity `replay` prints. Stable across machines.
pub fn state_hash<S: Serialize>(state: &S) -> String {
    use sha2::{Digest, Sha256};
    let bytes = serde_json::to_vec(state).expect("game states serialize");
    let digest = Sha256::digest(&bytes);
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_options_names_the_keys_and_values_allowed() {
        let known = [OptionInfo { key: "edition".into(), description: "the rulebook".into(), values: vec!["spanish".into(), "italian".into(), "english".into()] }];
        let mut s = Setup::new("1861", 2, 1);
        assert!(check_options("X", &s, &known).is_ok());
        s.options.insert("edition".into(), "spansh".into());
        assert_eq!(check_options("X", &s, &known).unwrap_err().to_string(), "X: option `edition` takes `spanish`, `italian` or `english`, not `spansh` (the rulebook)");
        s.options.clear();
        s.options.insert("editon".into(), "spanish".into());
        assert_eq!(check_options("X", &s, &known).unwrap_err().to_string(), "X: unknown option `editon`: scenario `1861` takes the options `edition`");
        assert_eq!(check_options("X", &s, &[]).unwrap_err().to_string(), "X: unknown option `editon`: scenario `1861` takes no options");
    }
}
