//! Players that are programs. An agent sees a [`Decision`]: the legal actions and, on demand,
//! the view of its own seat or a state *sampled* from what its seat knows
//! ([`Decision::determinize`]); it never sees the full state (an agent that peeks is a bug).
//!
//! Three kinds: [`RandomAgent`]; [`HeuristicAgent`], which tries every legal action on a few
//! sampled states and keeps the one the game's [`Game::evaluate`] likes best; and the
//! information-set Monte Carlo tree search of [`crate::mcts`].

use crate::game::{Game, Seat};
use crate::log::Log;
use crate::mcts::{MctsAgent, MctsConfig};
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

    /// A full state consistent with what this seat knows: hidden cards, blocks and future dice
    /// re-dealt from `rng` by the game ([`Game::determinize`]).
    pub fn determinize(&self, rng: &mut GameRng) -> G::State {
        self.game.determinize(self.state, self.seat, rng)
    }
}

/// A fresh random stream drawn from `rng` (for reseeding a determinized state).
pub fn fork_rng(rng: &mut GameRng) -> GameRng {
    let hi = rng.below(u32::MAX) as u64;
    let lo = rng.below(u32::MAX) as u64;
    GameRng::new(hi << 32 | lo)
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

/// One-ply lookahead with the game's knowledge: each legal action is played on `samples`
/// determinized states and the resulting positions are scored by [`Game::evaluate`] for the
/// deciding seat; the best mean wins, ties broken at random. Deterministic for its seed.
pub struct HeuristicAgent {
    rng: GameRng,
    pub samples: usize,
}

impl HeuristicAgent {
    pub fn new(seed: u64) -> Self {
        HeuristicAgent { rng: GameRng::new(seed), samples: 2 }
    }
}

/// The mean value of each of `legal` for `seat`, over `samples` determinizations (an action a
/// sample refuses scores 0 there). Actions left off the game's shortlist ([`Game::shortlist`],
/// drawn up on the first sample) are not tried and score minus infinity.
pub fn score_actions<G: Game>(decision: &Decision<'_, G>, rng: &mut GameRng, samples: usize) -> Vec<f64> {
    let game = decision.game;
    let mut total = vec![0.0; decision.legal.len()];
    let mut tried = vec![true; decision.legal.len()];
    for k in 0..samples.max(1) {
        let base = decision.determinize(rng);
        if k == 0
            && let Some(short) = game.shortlist(&base, decision.seat, decision.legal)
        {
            tried.iter_mut().for_each(|t| *t = false);
            for i in short {
                if let Some(t) = tried.get_mut(i) {
                    *t = true;
                }
            }
            for (t, &on) in total.iter_mut().zip(&tried) {
                if !on {
                    *t = f64::NEG_INFINITY;
                }
            }
        }
        for (i, a) in decision.legal.iter().enumerate() {
            if !tried[i] {
                continue;
            }
            let mut s = base.clone();
            if game.apply(&mut s, decision.seat, a, &mut Log::quiet()).is_ok() {
                total[i] += game.evaluate(&s, decision.seat);
            }
        }
    }
    total
}

/// The index of the best score; ties broken uniformly with `rng`.
pub fn best_index(scores: &[f64], rng: &mut GameRng) -> usize {
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let tied: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] >= best - 1e-12).collect();
    tied[rng.pick(tied.len())]
}

impl<G: Game> Agent<G> for HeuristicAgent {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, decision: &Decision<'_, G>) -> usize {
        if decision.legal.len() == 1 {
            return 0;
        }
        let scores = score_actions(decision, &mut self.rng, self.samples);
        best_index(&scores, &mut self.rng)
    }
}

/// The agents a user can name on the command line or in the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AgentKind {
    Random,
    Heuristic,
    /// Information-set Monte Carlo tree search with this many iterations per decision and
    /// this tree depth (`MctsConfig::max_depth`, 0: no limit; None: the game's default,
    /// [`Game::search_depth`]).
    Mcts {
        iterations: u32,
        #[serde(default)]
        depth: Option<u32>,
    },
}

impl AgentKind {
    /// Every kind a user can pick, weakest first (menus in the app, `--ai` on the command line).
    pub const ALL: &[AgentKind] = &[
        AgentKind::Random,
        AgentKind::Heuristic,
        AgentKind::Mcts { iterations: MctsConfig::EASY, depth: None },
        AgentKind::Mcts { iterations: MctsConfig::NORMAL, depth: None },
        AgentKind::Mcts { iterations: MctsConfig::HARD, depth: None },
    ];

    /// The name used on the command line (`random`, `heuristic`, `mcts-easy`, `mcts`,
    /// `mcts-hard`, or `mcts:N` for another iteration budget, shown here as `mcts-custom`).
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Random => "random",
            AgentKind::Heuristic => "heuristic",
            AgentKind::Mcts { iterations: MctsConfig::EASY, depth: None } => "mcts-easy",
            AgentKind::Mcts { iterations: MctsConfig::NORMAL, depth: None } => "mcts",
            AgentKind::Mcts { iterations: MctsConfig::HARD, depth: None } => "mcts-hard",
            AgentKind::Mcts { .. } => "mcts-custom",
        }
    }

    /// A label for menus.
    pub fn label(self) -> &'static str {
        match self {
            AgentKind::Random => "AI: random",
            AgentKind::Heuristic => "AI: heuristic",
            AgentKind::Mcts { iterations: MctsConfig::EASY, depth: None } => "AI: search (easy)",
            AgentKind::Mcts { iterations: MctsConfig::NORMAL, depth: None } => "AI: search",
            AgentKind::Mcts { iterations: MctsConfig::HARD, depth: None } => "AI: search (hard)",
            AgentKind::Mcts { .. } => "AI: search (custom)",
        }
    }

    /// `random`, `heuristic`, `mcts-easy`, `mcts` (= `mcts-normal`), `mcts-hard`, `mcts:N`
    /// (N iterations per decision, at the game's default depth) or `mcts:N:D` (and a tree depth of
    /// D actions, 0: no limit).
    pub fn parse(s: &str) -> Result<Self, String> {
        let expected = "expected one of: random, heuristic, mcts-easy, mcts, mcts-hard, mcts:N (N iterations), mcts:N:D (and tree depth D, 0 = no limit)";
        match s {
            "random" => Ok(AgentKind::Random),
            "heuristic" => Ok(AgentKind::Heuristic),
            "mcts-easy" => Ok(AgentKind::Mcts { iterations: MctsConfig::EASY, depth: None }),
            "mcts" | "mcts-normal" => Ok(AgentKind::Mcts { iterations: MctsConfig::NORMAL, depth: None }),
            "mcts-hard" => Ok(AgentKind::Mcts { iterations: MctsConfig::HARD, depth: None }),
            other => {
                let unknown = || format!("unknown AI `{other}`; {expected}");
                let rest = other.strip_prefix("mcts:").ok_or_else(unknown)?;
                let (n, d) = rest.split_once(':').unwrap_or((rest, ""));
                let iterations = n.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(unknown)?;
                let depth = if !rest.contains(':') { None } else { Some(d.parse::<u32>().map_err(|_| unknown())?) };
                Ok(AgentKind::Mcts { iterations, depth })
            }
        }
    }

    /// The text `parse` reads back (`mcts:N` for a custom budget, `mcts:N:D` for a custom
    /// depth).
    pub fn spec(self) -> String {
        match self {
            AgentKind::Mcts { iterations, depth: Some(depth) } => format!("mcts:{iterations}:{depth}"),
            AgentKind::Mcts { iterations, .. } if self.name() == "mcts-custom" => format!("mcts:{iterations}"),
            _ => self.name().to_string(),
        }
    }

    pub fn build<G: Game>(self, seed: u64) -> Box<dyn Agent<G>> {
        match self {
            AgentKind::Random => Box::new(RandomAgent::new(seed)),
            AgentKind::Heuristic => Box::new(HeuristicAgent::new(seed)),
            AgentKind::Mcts { iterations, depth } => Box::new(MctsAgent::new(seed, MctsConfig { max_depth: depth, ..MctsConfig::iterations(iterations) })),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_parses_back_from_its_spec() {
        let custom = [AgentKind::Mcts { iterations: 77, depth: None }, AgentKind::Mcts { iterations: 400, depth: Some(3) }, AgentKind::Mcts { iterations: 400, depth: Some(0) }];
        for &k in AgentKind::ALL.iter().chain(&custom) {
            assert_eq!(AgentKind::parse(&k.spec()), Ok(k));
        }
        assert_eq!(AgentKind::parse("mcts:50:2"), Ok(AgentKind::Mcts { iterations: 50, depth: Some(2) }));
        assert!(AgentKind::parse("mcts:0").is_err());
        assert!(AgentKind::parse("mcts:5:x").is_err());
        assert!(AgentKind::parse("mcts:5:").is_err());
        assert!(AgentKind::parse("genius").is_err());
    }

    #[test]
    fn ties_are_broken_among_the_best_only() {
        let mut rng = GameRng::new(3);
        for _ in 0..50 {
            let i = best_index(&[0.1, 0.9, 0.2, 0.9], &mut rng);
            assert!(i == 1 || i == 3);
        }
    }
}
