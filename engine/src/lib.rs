//! Bivouac's generic core. It knows no game: every game implements [`Game`]
//! and gets saves, replays, undo, the fuzzer, simulation and the command line for free.
//!
//! * [`game`]: the contract every game implements (setup, seats, legal actions, apply, view, outcome).
//! * [`rng`]: the seeded ChaCha8 stream that lives in each state; dice, shuffles and draws.
//! * [`log`]: events an action produces, with their visibility; refusals that name a rule.
//! * [`session`]: a game being played: state plus the action log, undo, saves; the dynamic
//!   [`session::AnyGame`]/[`session::AnySession`] layer the CLI and app drive.
//! * [`save`]: the save file format. Load = replay.
//! * [`content`]: layered TOML content (built-in + mods) with `file:line:col` diagnostics.
//! * [`lua`]: the sandboxed Lua 5.4 host for card and scripted events.
//! * [`board`]: the drawable picture of a board each game builds for the app.
//! * [`map`]: point-to-point graph maps (petgraph) and hex maps (hexx) with pathfinding.
//! * [`piles`]: decks, hands and discards of cards, hidden per seat, conservation checked.
//! * [`flow`]: the stack of pending decisions each game keeps in its state.
//! * [`agent`], [`mcts`], [`sim`], [`fuzz`]: agents (random, heuristic, information-set tree
//!   search), batches of games and the invariant fuzzer.
//! * [`chart`]: SVG charts of a batch (win rates with intervals, game lengths).
//! * [`seen`]: what a seat receives, rendered once for the CLI and the app; [`leak`]: the
//!   fuzzer's check that it is a function of what the seat may know.
//! * [`bench`]: one-core speed, state size and clone cost of a game (`bivouac bench`).

pub mod agent;
pub mod bench;
pub mod board;
pub mod chart;
pub mod content;
pub mod flow;
pub mod fuzz;
pub mod game;
pub mod hooks;
pub mod leak;
pub mod log;
pub mod lua;
pub mod map;
pub mod mcts;
pub mod mod_folder;
pub mod piles;
pub mod report;
pub mod rng;
pub mod save;
pub mod seen;
pub mod session;
pub mod sim;
pub mod sweep;
pub mod state_key;

pub use game::{Game, Outcome, ScenarioInfo, Seat, Setup};
pub use log::{Event, Log, Refusal, Visibility};
pub use rng::GameRng;
