//! Players that are programs. An agent sees a [`Decision`]: the legal actions and, on demand,
//! the view of its own seat; it never sees the full state (an agent that peeks is a bug).

use crate::game::{Game, Seat};
use crate::rng::GameRng;

/// One decision put to an agent.
pub struct Decision<'a, G: Game> {
    pub game: &'a G,
    pub seat: Seat,
    pub legal: &'a [G::Action],
    state: &'a G::State,
}

impl<'a, G: Game> Decision<'a, G> {
    pub fn new(game: &'a G, state: &'a G::State, seat: Seat, legal: &'a [G::Action]) -> Self {
        Decision { game, seat, legal, state }
    }

    /// What this seat may know.
    pub fn view(&self) -> G::View {
        self.game.view(self.state, Some(self.seat))
    }
}

pub trait Agent<G: Game>: Send {
    fn name(&self) -> &str;
    /// Index into `decision.legal` (which is never empty).
    fn choose(&mut self, decision: &Decision<'_, G>) -> usize;
}

/// Plays a uniformly random legal action; deterministic for its seed.
pub struct RandomAgent {
    rng: GameRng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent { rng: GameRng::new(seed) }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, decision: &Decision<'_, G>) -> usize {
        self.rng.pick(decision.legal.len())
    }
}

/// The agents a user can name on the command line or in the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AgentKind {
    Random,
}

impl AgentKind {
    /// Every kind a user can pick, weakest first (menus in the app, `--ai` on the command line).
    pub const ALL: &[AgentKind] = &[AgentKind::Random];

    /// The name used on the command line and in saves.
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
        }
    }

    pub fn parse(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(AgentKind::Random),
            other => Err(format!("unknown AI `{other}`; expected one of: random")),
        }
    }

    pub fn build<G: Game>(self, seed: u64) -> Box<dyn Agent<G>> {
        match self {
            AgentKind::Random => Box::new(RandomAgent::new(seed)),
        }
    }
}
