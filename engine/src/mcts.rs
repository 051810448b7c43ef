//! Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley and
//! Whitehouse 2012), over any [`Game`].
//!
//! Each iteration samples a full state consistent with what the deciding seat knows
//! ([`Game::determinize`]: hidden hands, blocks and decks re-dealt, future dice reseeded), then
//! walks one shared tree of actions: a node's children are the actions tried from it, and
//! selection uses UCB1 counted over the iterations in which a child was *available* (legal in
//! that sample). Every node is chosen by the seat that was to act there, maximising its own
//! reward. A leaf is expanded by one untried action: the one whose result the mover's
//! [`Game::evaluate`] likes best (the heuristic agent's choice first), and that evaluation
//! counts as a few virtual visits of the new child, so the search starts from the heuristic's
//! view and needs evidence to leave it. Means are rescaled to 0..1 among siblings before UCB1,
//! since evaluations of positions differ little. The leaf is then scored for every seat by
//! `evaluate`, after the leaf mover's own next actions if the game asks for them
//! ([`Game::tree_playout`]: each the one whose result the mover values most, while it is still
//! that seat's to act, so a march is valued where it ends) and an optional playout of
//! `rollout_depth` actions (none by default: random actions spoil a position more than they
//! reveal of it). The budget is a number of iterations
//! (deterministic for a seed: use it in tests and reports) and a time limit (whichever ends
//! first; [`MctsConfig::TIME_CAP`] by default, reached only by Bobby Lee's widest decisions).
//! A game may give a decision a share of that budget ([`Game::search_share`]); a decision
//! given none is the heuristic agent's choice, without search.

use crate::agent::{Agent, Decision, best_index, score_actions};
use crate::game::{Game, Seat};
use crate::log::Log;
use crate::rng::GameRng;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    pub iterations: u32,
    /// Stop early after this long (makes the agent depend on the machine's speed).
    pub time_limit: Option<Duration>,
    /// Actions played after the tree before the position is evaluated (0: evaluate the leaf).
    pub rollout_depth: u32,
    /// Playouts follow the heuristic (the action whose result the mover values most) three
    /// times in four, else a random action; false: random playouts.
    pub greedy_rollouts: bool,
    /// UCB1 exploration constant (on means rescaled to 0..=1 among siblings).
    pub exploration: f64,
    /// Actions in the tree below the root (0: no limit): a path this long ends in a leaf,
    /// which is evaluated. 1 is flat Monte Carlo over determinizations ([`flat_search`]):
    /// every legal action is valued by the mean evaluation of its result over many samples.
    /// None: the game's default ([`Game::search_depth`]).
    pub max_depth: Option<u32>,
}

impl MctsConfig {
    /// Iterations per decision of the strength levels.
    pub const EASY: u32 = 100;
    pub const NORMAL: u32 = 400;
    pub const HARD: u32 = 1600;

    /// The default time limit per decision: a search stops after this long even if iterations
    /// are left (a cap of 2 seconds, with room for the last iteration and a loaded
    /// machine). Only Bobby Lee's widest decisions reach it at the default budgets.
    pub const TIME_CAP: Duration = Duration::from_millis(1500);

    /// A budget of `iterations` at the game's default depth, within [`Self::TIME_CAP`].
    pub fn iterations(iterations: u32) -> Self {
        MctsConfig { iterations, time_limit: Some(Self::TIME_CAP), rollout_depth: 0, exploration: 0.7, greedy_rollouts: false, max_depth: None }
    }

    /// The depth this search uses in `game`: the configured one, else the game's default.
    pub fn depth<G: Game>(&self, game: &G) -> u32 {
        self.max_depth.unwrap_or_else(|| game.search_depth())
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        Self::iterations(Self::NORMAL)
    }
}

struct Node<A> {
    /// The action that led here from the parent (None at the root).
    action: Option<A>,
    /// The seat that chose `action`: rewards here are that seat's.
    seat: Seat,
    children: Vec<usize>,
    visits: u32,
    /// Iterations in which this node's action was legal at its parent.
    avail: u32,
    reward: f64,
    /// The mover's evaluation of each action's result, from the first sample through here.
    priors: Vec<(A, f64)>,
    /// The parent mover's evaluation of this action's result: counted as `PRIOR_VISITS`
    /// virtual visits, so the search starts from the heuristic's view and needs evidence to
    /// leave it.
    prior: Option<f64>,
}

/// Nodes below the root with more legal actions than this are not scored for their expansion
/// order (they expand in random order): scoring costs one apply per action, and keeps wide
/// decisions of Bobby Lee under 2 s at the default budget. Such nodes widen progressively.
const MAX_SCORED: usize = 48;
const PRIOR_VISITS: f64 = 4.0;
/// Children of a node wider than `MAX_SCORED`: at most `WIDENING * sqrt(visits + 1)`.
const WIDENING: f64 = 2.0;
/// Samples the root's actions are scored on for their expansion order (the heuristic agent's 2).
const ROOT_SAMPLES: usize = 2;

/// What a search found: visits and mean value (for the deciding seat) per legal action of the
/// decision, and the iterations run (leaf evaluations in flat search).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub visits: Vec<u32>,
    pub means: Vec<f64>,
    pub iterations: u32,
}

impl SearchResult {
    /// The index of the most visited action, ties broken by the best mean, then by `rng`.
    pub fn choice(&self, rng: &mut GameRng) -> usize {
        let most = self.visits.iter().copied().max().unwrap_or(0);
        let scores: Vec<f64> = self.visits.iter().zip(&self.means).map(|(&v, &m)| if v == most { m } else { f64::NEG_INFINITY }).collect();
        best_index(&scores, rng)
    }
}

/// Search from `decision` with `cfg`, drawing every random choice from `rng`: flat Monte
/// Carlo ([`flat_search`]) at a depth of 1, the tree otherwise.
pub fn search<G: Game>(decision: &Decision<'_, G>, cfg: &MctsConfig, rng: &mut GameRng) -> SearchResult {
    let max_depth = cfg.depth(decision.game);
    if max_depth == 1 {
        return flat_search(decision, cfg, rng);
    }
    let game = decision.game;
    let start = Instant::now();
    let mut nodes: Vec<Node<G::Action>> = vec![Node { action: None, seat: decision.seat, children: Vec::new(), visits: 0, avail: 0, reward: 0.0, priors: Vec::new(), prior: None }];
    let mut path: Vec<usize> = Vec::new();
    let mut legal: Vec<G::Action> = Vec::new();
    let mut candidates: Vec<usize> = Vec::new();
    let mut done = 0;
    let mut seats = 0usize;
    let own_playout = game.tree_playout();
    let mut evaluations = 0u64;
    while done < cfg.iterations.max(1) {
        let over = evaluations >= PLAYOUT_EVALUATIONS * cfg.iterations.max(1) as u64;
        if done > 0 && (over || cfg.time_limit.is_some_and(|t| start.elapsed() >= t)) {
            break;
        }
        done += 1;
        let mut s = decision.determinize(rng);
        path.clear();
        path.push(0);
        let mut node = 0usize;
        // Selection and expansion.
        while let Some(&seat) = game.active_seats(&s).first() {
            if game.outcome(&s).is_some() || (max_depth > 0 && path.len() > max_depth as usize) {
                break;
            }
            legal.clear();
            if node == 0 {
                // The root offers exactly the decision's actions.
                legal.extend_from_slice(decision.legal);
            } else {
                legal.extend(game.legal_actions(&s, seat));
            }
            if legal.is_empty() {
                break;
            }
            let mut untried: Vec<usize> = Vec::new();
            for (i, a) in legal.iter().enumerate() {
                // A child is the same seat's same action: after chance the seat to move at a
                // node can differ between samples, and one seat's move is not another's.
                match nodes[node].children.iter().find(|&&c| nodes[c].seat == seat && nodes[c].action.as_ref() == Some(a)) {
                    Some(&c) => nodes[c].avail += 1,
                    None => untried.push(i),
                }
            }
            // Progressive widening (Coulom 2007) at a wide node: at most WIDENING x sqrt(visits)
            // children, so a few hundred moves do not each get one visit and no evidence.
            let wide = legal.len() > MAX_SCORED;
            let room = !wide || legal.len() - untried.len() < (WIDENING * ((nodes[node].visits + 1) as f64).sqrt()).ceil() as usize;
            let child = if !untried.is_empty() && room {
                // Expansion order from the game's knowledge: the untried action whose result the
                // mover values most (scored once per node, on the sample that first reaches it;
                // the root's actions, however many, on ROOT_SAMPLES samples as the heuristic
                // agent scores them, so that widening tries the heuristic's choices first).
                if nodes[node].priors.is_empty() && (node == 0 || !wide) {
                    let mut values = vec![0.0; legal.len()];
                    score_into(game, &s, seat, &legal, &mut values);
                    let samples = if node == 0 { ROOT_SAMPLES } else { 1 };
                    for _ in 1..samples {
                        score_into(game, &decision.determinize(rng), seat, &legal, &mut values);
                    }
                    nodes[node].priors = legal.iter().cloned().zip(values.into_iter().map(|v| v / samples as f64)).collect();
                }
                let prior = |a: &G::Action| nodes[node].priors.iter().find(|(b, _)| b == a).map(|p| p.1);
                let scores: Vec<f64> = untried.iter().map(|&i| prior(&legal[i]).unwrap_or(0.5)).collect();
                let a = legal[untried[best_index(&scores, rng)]].clone();
                let p = prior(&a);
                nodes.push(Node { action: Some(a), seat, children: Vec::new(), visits: 0, avail: 1, reward: 0.0, priors: Vec::new(), prior: p });
                let c = nodes.len() - 1;
                nodes[node].children.push(c);
                c
            } else {
                // Values of a position differ little between moves (evaluations are squashed
                // margins), so the means are rescaled to 0..1 among the candidates before UCB1.
                candidates.clear();
                candidates.extend(nodes[node].children.iter().copied().filter(|&c| {
                    let n = &nodes[c];
                    n.seat == seat && n.action.as_ref().is_some_and(|a| legal.contains(a))
                }));
                let mean = |c: usize| {
                    let n = &nodes[c];
                    match n.prior {
                        Some(p) => (n.reward + PRIOR_VISITS * p) / (n.visits as f64 + PRIOR_VISITS),
                        None => n.reward / n.visits.max(1) as f64,
                    }
                };
                let lo = candidates.iter().map(|&c| mean(c)).fold(f64::INFINITY, f64::min);
                let hi = candidates.iter().map(|&c| mean(c)).fold(f64::NEG_INFINITY, f64::max);
                let span = if hi > lo { hi - lo } else { 1.0 };
                let mut best = (f64::NEG_INFINITY, usize::MAX);
                for &c in &candidates {
                    let n = &nodes[c];
                    let visits = n.visits.max(1) as f64;
                    let ucb = (mean(c) - lo) / span + cfg.exploration * ((n.avail.max(1) as f64).ln() / visits).sqrt();
                    if ucb > best.0 {
                        best = (ucb, c);
                    }
                }
                if best.1 == usize::MAX {
                    break;
                }
                best.1
            };
            let action = nodes[child].action.clone().expect("children have actions");
            if game.apply(&mut s, seat, &action, &mut Log::quiet()).is_err() {
                break;
            }
            path.push(child);
            node = child;
            if nodes[child].visits == 0 {
                break;
            }
        }
        // The leaf's mover carries on with what it began, as the heuristic would, on this sample;
        // these evaluations are counted against PLAYOUT_EVALUATIONS per iteration of the budget
        // (a bound on time that does not depend on the machine, as in flat search).
        if own_playout > 0 && path.len() > 1 && game.outcome(&s).is_none() {
            evaluations += greedy_own_playout(game, &mut s, nodes[*path.last().expect("path")].seat, own_playout, rng);
        }
        // Playout.
        let mut depth = 0;
        while depth < cfg.rollout_depth && game.outcome(&s).is_none() {
            let Some(&seat) = game.active_seats(&s).first() else { break };
            let moves = game.legal_actions(&s, seat);
            if moves.is_empty() {
                break;
            }
            let pick = if cfg.greedy_rollouts && moves.len() > 1 && rng.below(4) != 0 {
                // The heuristic's move, on this sample (a sample may be read: it is no secret).
                let scores: Vec<f64> = moves
                    .iter()
                    .map(|a| {
                        let mut next = s.clone();
                        if game.apply(&mut next, seat, a, &mut Log::quiet()).is_ok() { game.evaluate(&next, seat) } else { 0.0 }
                    })
                    .collect();
                best_index(&scores, rng)
            } else {
                rng.pick(moves.len())
            };
            let a = &moves[pick];
            if game.apply(&mut s, seat, a, &mut Log::quiet()).is_err() {
                break;
            }
            depth += 1;
        }
        if seats == 0 {
            seats = game.seat_names(&s).len();
        }
        let values: Vec<f64> = (0..seats as Seat).map(|seat| game.evaluate(&s, seat)).collect();
        for &n in &path {
            let node = &mut nodes[n];
            node.visits += 1;
            node.reward += values.get(node.seat as usize).copied().unwrap_or(0.0);
        }
    }
    let root: Vec<Option<&Node<G::Action>>> =
        decision.legal.iter().map(|a| nodes[0].children.iter().map(|&c| &nodes[c]).find(|n| n.action.as_ref() == Some(a))).collect();
    let visits = root.iter().map(|n| n.map_or(0, |n| n.visits)).collect();
    let means = root.iter().map(|n| n.map_or(0.0, |n| n.reward / n.visits.max(1) as f64)).collect();
    SearchResult { visits, means, iterations: done }
}

/// Flat Monte Carlo over determinizations with common samples and sequential halving
/// (Karnin, Koren and Somekh 2013). An iteration is one sample (a state drawn from what the
/// seat knows, its future dice included), shared by every action still in the running: actions
/// are compared on the same hands and the same dice rather than through the noise of different
/// ones. The samples are split over log2(actions) rounds, and each round drops the worse half
/// by mean value, so the last samples go to the few best actions. Means are plain averages of
/// leaves: no maximum over noisy children inflates an action that opens a wide choice, and no
/// opponent plays as if it saw the sampled hands (the biases of a deeper tree in a game of
/// hidden hands and many dice). Visits count the samples that scored each action.
///
/// With [`Game::flat_playout`] > 0, once at most [`PLAYOUT_FIELD`] actions are left in the
/// running, each is followed on its sample by the deciding seat's own next actions, each the
/// one whose result it values most ([`greedy_own_playout`]); from that round on the halving
/// compares those values only (the one-ply means of earlier rounds are dropped for the
/// survivors). The cost stays bounded and deterministic: no playout in wide rounds, none
/// through a decision of more than [`Game::playout_width`] actions (after the game's
/// shortlist), and the search stops (as a time limit would stop it) once the playouts have
/// made [`PLAYOUT_EVALUATIONS`] evaluations per iteration of the budget.
pub fn flat_search<G: Game>(decision: &Decision<'_, G>, cfg: &MctsConfig, rng: &mut GameRng) -> SearchResult {
    let game = decision.game;
    let start = Instant::now();
    let k = decision.legal.len();
    let budget = cfg.iterations.max(1);
    let playout = game.flat_playout();
    let mut total = vec![0.0; k];
    // Samples behind `total` (visits count every sample, `scored` those of the current measure).
    let mut scored = vec![0u32; k];
    let mut visits = vec![0u32; k];
    // In random order, so that actions of equal value are dropped at random (as the heuristic
    // breaks its ties), not always the later ones of the game's list.
    let mut alive: Vec<usize> = (0..k).collect();
    rng.shuffle(&mut alive);
    // The first sample, on which the game may cut the field to its shortlist
    // ([`Game::shortlist`], as the heuristic agent does): actions it would never try (an SP
    // dropped and picked up again, one rail move of hundreds) are not searched either.
    let mut first = Some(decision.determinize(rng));
    if let Some(short) = first.as_ref().and_then(|base| game.shortlist(base, decision.seat, decision.legal)) {
        alive.retain(|i| short.contains(i));
        if alive.is_empty() {
            alive = (0..k).collect();
        }
    }
    let field = alive.len();
    if field == 1 {
        visits[alive[0]] = 1;
        return SearchResult { visits, means: vec![0.0; k], iterations: 0 };
    }
    // One-ply means of the actions whose playouts began, kept in case no playout finished.
    let mut one_ply: Vec<Option<f64>> = vec![None; k];
    // One sample's values, committed only once every action in the running has one.
    let mut sample: Vec<(usize, f64)> = Vec::with_capacity(field);
    let rounds = (u32::BITS - (field as u32).saturating_sub(1).leading_zeros()).max(1);
    let mut done = 0u32;
    let mut playing_out = false;
    let mut evaluations = 0u64;
    'rounds: for round in 0..rounds {
        if playout > 0 && !playing_out && alive.len() <= PLAYOUT_FIELD {
            playing_out = true;
            for &i in &alive {
                one_ply[i] = Some(total[i] / scored[i].max(1) as f64);
                total[i] = 0.0;
                scored[i] = 0;
            }
        }
        let samples = ((budget.saturating_sub(done)) / (rounds - round)).max(1);
        for _ in 0..samples {
            // The playouts' evaluations are counted (a bound on time that does not depend on
            // the machine): past PLAYOUT_EVALUATIONS per iteration of the budget, stop as a
            // time limit would.
            let over = evaluations >= PLAYOUT_EVALUATIONS * budget as u64;
            if done > 0 && (done >= budget || over || cfg.time_limit.is_some_and(|t| start.elapsed() >= t)) {
                break 'rounds;
            }
            let base = first.take().unwrap_or_else(|| decision.determinize(rng));
            sample.clear();
            for &i in &alive {
                // Out of time within a sample (a wide field, long playouts): the sample is
                // dropped, so that every action in the running keeps the same samples.
                if done > 0 && cfg.time_limit.is_some_and(|t| start.elapsed() >= t) {
                    break 'rounds;
                }
                let mut s = base.clone();
                // An action a sample refuses is worth nothing there (as for the heuristic).
                let mut v = 0.0;
                if game.apply(&mut s, decision.seat, &decision.legal[i], &mut Log::quiet()).is_ok() {
                    if playing_out {
                        // Out of time within a playout: a later sample is dropped; the first
                        // (the only one then) is scored where its playouts stopped.
                        let deadline = cfg.time_limit.map(|t| start + t);
                        let (n, cut) = greedy_playout_until(game, &mut s, decision.seat, playout, rng, deadline);
                        evaluations += n;
                        if cut && done > 0 {
                            break 'rounds;
                        }
                    }
                    v = game.evaluate(&s, decision.seat);
                }
                sample.push((i, v));
            }
            done += 1;
            for &(i, v) in &sample {
                total[i] += v;
                scored[i] += 1;
                visits[i] += 1;
            }
        }
        if round + 1 < rounds {
            let mean = |i: usize| total[i] / scored[i].max(1) as f64;
            alive.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
            alive.truncate(alive.len().div_ceil(2));
        }
    }
    let means = (0..k).map(|i| if scored[i] == 0 { one_ply[i].unwrap_or(0.0) } else { total[i] / scored[i] as f64 }).collect();
    SearchResult { visits, means, iterations: done }
}

/// Adds the mover's evaluation of each action's result on `state` to `values` (an action the
/// sample refuses adds nothing).
fn score_into<G: Game>(game: &G, state: &G::State, seat: Seat, legal: &[G::Action], values: &mut [f64]) {
    for (a, v) in legal.iter().zip(values.iter_mut()) {
        let mut next = state.clone();
        if game.apply(&mut next, seat, a, &mut Log::quiet()).is_ok() {
            *v += game.evaluate(&next, seat);
        }
    }
}

/// Flat search plays out its root actions only once this few are left in the running.
pub const PLAYOUT_FIELD: usize = 8;
/// A playout stops before a decision with more legal actions than this (a bid, a sum of money),
/// by default ([`Game::playout_width`]).
pub const PLAYOUT_WIDTH: usize = 16;
/// Playout evaluations per iteration of the budget, at most (40,000 at the default 400).
pub const PLAYOUT_EVALUATIONS: u64 = 100;

/// Plays up to `steps` actions on the sample `s` for `seat`, the seat whose choice is being
/// valued, until the game says the position is worth scoring ([`Game::playout_stop`]; by
/// default as soon as `seat` is not to act, so the playout is the seat's own next actions).
/// Each action is the mover's (whoever is to act) choice among its shortlist: the one whose
/// result it values most (the heuristic agent's choice, ties at random). The sample is the
/// searcher's own determinization: nothing hidden is read. Returns the evaluations made.
pub fn greedy_own_playout<G: Game>(game: &G, s: &mut G::State, seat: Seat, steps: u32, rng: &mut GameRng) -> u64 {
    greedy_playout_until(game, s, seat, steps, rng, None).0
}

/// [`greedy_own_playout`] that also stops once `deadline` has passed (no action is tried after
/// it; the state is left after the last step finished): the evaluations made and whether the
/// deadline cut the playout short.
pub fn greedy_playout_until<G: Game>(game: &G, s: &mut G::State, seat: Seat, steps: u32, rng: &mut GameRng, deadline: Option<Instant>) -> (u64, bool) {
    let mut evaluations = 0;
    for _ in 0..steps {
        if game.outcome(s).is_some() || game.playout_stop(s, seat) {
            break;
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return (evaluations, true);
        }
        let Some(&mover) = game.active_seats(s).first() else { break };
        let mut moves = game.legal_actions(s, mover);
        // The game's shortlist, as the heuristic agent would cut it (FtP: no endless drops).
        if moves.len() > 1
            && let Some(short) = game.shortlist(s, mover, &moves)
            && !short.is_empty()
        {
            moves = short.into_iter().filter_map(|i| moves.get(i).cloned()).collect();
        }
        if moves.is_empty() || moves.len() > game.playout_width() {
            break;
        }
        evaluations += moves.len() as u64;
        let mut scores = Vec::with_capacity(moves.len());
        let mut results = Vec::with_capacity(moves.len());
        for a in &moves {
            // A wide step (For the People's choice of an operation) is not finished past the
            // deadline either.
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return (evaluations, true);
            }
            let mut next = s.clone();
            let v = if game.apply(&mut next, mover, a, &mut Log::quiet()).is_ok() { game.evaluate(&next, mover) } else { f64::NEG_INFINITY };
            scores.push(v);
            results.push(next);
        }
        let pick = best_index(&scores, rng);
        if scores[pick] == f64::NEG_INFINITY {
            break;
        }
        *s = results.swap_remove(pick);
    }
    (evaluations, false)
}

/// Plays the most visited action of an ISMCTS search; deterministic for its seed when the
/// iterations run out before the time limit.
pub struct MctsAgent {
    rng: GameRng,
    pub config: MctsConfig,
}

impl MctsAgent {
    pub fn new(seed: u64, config: MctsConfig) -> Self {
        MctsAgent { rng: GameRng::new(seed), config }
    }
}

impl<G: Game> Agent<G> for MctsAgent {
    fn name(&self) -> &str {
        "mcts"
    }

    /// The game's [`Game::search_share`] of the budget: none, and the decision goes to the
    /// heuristic agent's choice (its `ROOT_SAMPLES` samples), or that share of the iterations.
    fn choose(&mut self, decision: &Decision<'_, G>) -> usize {
        if decision.legal.len() == 1 {
            return 0;
        }
        let share = decision.game.search_share(decision.legal);
        if share <= 0.0 {
            let scores = score_actions(decision, &mut self.rng, ROOT_SAMPLES);
            return best_index(&scores, &mut self.rng);
        }
        let mut cfg = self.config;
        if share < 1.0 {
            cfg.iterations = ((cfg.iterations as f64 * share).ceil() as u32).max(1);
        }
        search(decision, &cfg, &mut self.rng).choice(&mut self.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Outcome, ScenarioInfo, Setup};
    use crate::log::Refusal;
    use serde::{Deserialize, Serialize};

    /// Nim: take 1 to 3 counters; whoever takes the last one wins.
    struct Nim;

    #[derive(Clone, Debug, Serialize, Deserialize)]
    struct Heap {
        left: u8,
        turn: Seat,
        winner: Option<Seat>,
        /// The most a move may take.
        max: u8,
    }

    impl Game for Nim {
        type State = Heap;
        type Action = u8;
        type View = u8;
        fn id(&self) -> &'static str {
            "nim"
        }
        fn title(&self) -> &str {
            "Nim"
        }
        fn scenarios(&self) -> Vec<ScenarioInfo> {
            Vec::new()
        }
        fn setup(&self, setup: &Setup) -> Result<Heap, Refusal> {
            Ok(Heap { left: setup.seed as u8, turn: 0, winner: None, max: 3 })
        }
        fn seat_names(&self, _: &Heap) -> Vec<String> {
            vec!["a".into(), "b".into()]
        }
        fn active_seats(&self, s: &Heap) -> Vec<Seat> {
            if s.winner.is_some() { vec![] } else { vec![s.turn] }
        }
        fn legal_actions(&self, s: &Heap, seat: Seat) -> Vec<u8> {
            if s.winner.is_some() || seat != s.turn { vec![] } else { (1..=s.left.min(s.max)).collect() }
        }
        fn apply(&self, s: &mut Heap, seat: Seat, a: &u8, _: &mut Log) -> Result<(), Refusal> {
            if !self.legal_actions(s, seat).contains(a) {
                return Err(Refusal::new("Nim", "take 1 to the maximum on your turn"));
            }
            s.left -= a;
            if s.left == 0 {
                s.winner = Some(seat);
            }
            s.turn = 1 - seat;
            Ok(())
        }
        fn notation(&self, a: &u8) -> String {
            a.to_string()
        }
        fn parse(&self, t: &str) -> Result<u8, Refusal> {
            t.parse().map_err(|_| Refusal::new("Nim", "a number"))
        }
        fn view(&self, s: &Heap, _: Option<Seat>) -> u8 {
            s.left
        }
        fn describe(&self, s: &Heap, _: Option<Seat>) -> String {
            s.left.to_string()
        }
        fn outcome(&self, s: &Heap) -> Option<Outcome> {
            s.winner.map(|w| Outcome { winners: vec![w], scores: vec![0, 0], reason: "took the last".into() })
        }
    }

    fn choose(left: u8, seed: u64, iterations: u32) -> u8 {
        let s = Heap { left, turn: 0, winner: None, max: 3 };
        let legal = Nim.legal_actions(&s, 0);
        let mut agent = MctsAgent::new(seed, MctsConfig { rollout_depth: 40, ..MctsConfig::iterations(iterations) });
        legal[Agent::<Nim>::choose(&mut agent, &Decision::new(&Nim, &s, 0, &legal))]
    }

    #[test]
    fn search_finds_the_winning_move() {
        // From 5, 6 and 7 the only winning move leaves a multiple of 4.
        for (left, best) in [(3, 3), (5, 1), (6, 2), (7, 3)] {
            assert_eq!(choose(left, 1, 2000), best, "from {left}");
        }
    }

    #[test]
    fn search_is_deterministic_for_a_seed_and_counts_its_iterations() {
        let s = Heap { left: 13, turn: 0, winner: None, max: 3 };
        let legal = Nim.legal_actions(&s, 0);
        let d = Decision::new(&Nim, &s, 0, &legal);
        let cfg = MctsConfig::iterations(300);
        let a = search(&d, &cfg, &mut GameRng::new(4));
        let b = search(&d, &cfg, &mut GameRng::new(4));
        assert_eq!(a, b);
        assert_eq!(a.iterations, 300);
        assert_eq!(a.visits.iter().sum::<u32>(), 300);
    }

    #[test]
    fn a_depth_limit_evaluates_after_that_many_actions() {
        // Flat search (depth 1) sees only the result of each move: it still takes a win in one,
        // and every iteration ends at a child of the root.
        let s = Heap { left: 3, turn: 0, winner: None, max: 3 };
        let legal = Nim.legal_actions(&s, 0);
        let cfg = MctsConfig { max_depth: Some(1), ..MctsConfig::iterations(200) };
        let r = search(&Decision::new(&Nim, &s, 0, &legal), &cfg, &mut GameRng::new(2));
        assert_eq!(r.iterations, 200, "an iteration of flat search is one sample");
        assert_eq!(*r.visits.iter().max().unwrap(), 200, "the best action is scored on every sample");
        assert_eq!(legal[r.choice(&mut GameRng::new(1))], 3);
    }

    #[test]
    fn flat_search_halves_the_field_and_spends_its_budget_on_the_best() {
        // Nim's evaluation knows only finished games: one move from 7 wins nothing, every action
        // is worth 0.5, and the halving keeps 2 of the 3 (at random among equals).
        let s = Heap { left: 7, turn: 0, winner: None, max: 3 };
        let legal = Nim.legal_actions(&s, 0);
        let d = Decision::new(&Nim, &s, 0, &legal);
        let cfg = MctsConfig { max_depth: Some(1), ..MctsConfig::iterations(90) };
        let a = flat_search(&d, &cfg, &mut GameRng::new(5));
        assert_eq!(a, search(&d, &cfg, &mut GameRng::new(5)), "deterministic for a seed");
        assert_eq!(a.iterations, 90);
        // 2 rounds of 45 samples: 3 actions, then the better 2.
        let mut v = a.visits.clone();
        v.sort();
        assert_eq!(v, vec![45, 90, 90]);
    }

    /// One seat, two moves a turn: `1` arms (nothing the evaluation sees), then `2` fires and
    /// wins; `0` waits. A search with an own-turn playout sees what arming leads to.
    struct Solo {
        playout: u32,
        /// The default search depth (1: flat).
        depth: u32,
        /// The game's shortlist leaves out waiting (`0`) when another action is open.
        short: bool,
    }

    impl Game for Solo {
        type State = (bool, bool);
        type Action = u8;
        type View = ();
        fn id(&self) -> &'static str {
            "solo"
        }
        fn title(&self) -> &str {
            "Solo"
        }
        fn scenarios(&self) -> Vec<ScenarioInfo> {
            Vec::new()
        }
        fn setup(&self, _: &Setup) -> Result<(bool, bool), Refusal> {
            Ok((false, false))
        }
        fn seat_names(&self, _: &(bool, bool)) -> Vec<String> {
            vec!["a".into()]
        }
        fn active_seats(&self, s: &(bool, bool)) -> Vec<Seat> {
            if s.1 { vec![] } else { vec![0] }
        }
        fn legal_actions(&self, s: &(bool, bool), _: Seat) -> Vec<u8> {
            match s {
                (_, true) => vec![],
                (false, _) => vec![0, 1],
                (true, _) => vec![0, 2],
            }
        }
        fn apply(&self, s: &mut (bool, bool), seat: Seat, a: &u8, _: &mut Log) -> Result<(), Refusal> {
            if !self.legal_actions(s, seat).contains(a) {
                return Err(Refusal::new("Solo", "arm before firing"));
            }
            match a {
                1 => s.0 = true,
                2 => s.1 = true,
                _ => {}
            }
            Ok(())
        }
        fn notation(&self, a: &u8) -> String {
            a.to_string()
        }
        fn parse(&self, t: &str) -> Result<u8, Refusal> {
            t.parse().map_err(|_| Refusal::new("Solo", "a number"))
        }
        fn view(&self, _: &(bool, bool), _: Option<Seat>) {}
        fn describe(&self, s: &(bool, bool), _: Option<Seat>) -> String {
            format!("{s:?}")
        }
        fn outcome(&self, s: &(bool, bool)) -> Option<Outcome> {
            s.1.then(|| Outcome { winners: vec![0], scores: vec![1], reason: "fired".into() })
        }
        fn search_depth(&self) -> u32 {
            self.depth
        }
        fn flat_playout(&self) -> u32 {
            self.playout
        }
        fn tree_playout(&self) -> u32 {
            self.playout
        }
        fn shortlist(&self, _: &(bool, bool), _: Seat, legal: &[u8]) -> Option<Vec<usize>> {
            self.short.then(|| (0..legal.len()).filter(|&i| legal[i] != 0).collect())
        }
    }

    #[test]
    fn flat_search_and_its_playouts_keep_to_the_games_shortlist() {
        // The game's shortlist (as the heuristic agent uses it) leaves waiting out: the search
        // does not sample it at the root, and the playout after arming does not wait either
        // (it would never fire: a one-step playout must pick `2`).
        let s = (false, false);
        let game = Solo { playout: 1, depth: 1, short: true };
        let legal = game.legal_actions(&s, 0);
        let r = flat_search(&Decision::new(&game, &s, 0, &legal), &MctsConfig::iterations(40), &mut GameRng::new(3));
        assert_eq!(r.visits[0], 0, "waiting is off the shortlist");
        assert_eq!(legal[r.choice(&mut GameRng::new(1))], 1);
        let mut armed = (true, false);
        assert_eq!(greedy_own_playout(&game, &mut armed, 0, 1, &mut GameRng::new(2)), 1, "only `2` is scored");
        assert_eq!(armed, (true, true), "the playout fires");
        let mut unshort = (true, false);
        assert_eq!(greedy_own_playout(&Solo { short: false, ..game }, &mut unshort, 0, 1, &mut GameRng::new(2)), 2);
    }

    #[test]
    fn flat_search_plays_out_the_movers_own_next_actions_when_the_game_asks() {
        let s = (false, false);
        let legal = Solo { playout: 0, depth: 1, short: false }.legal_actions(&s, 0);
        let cfg = MctsConfig::iterations(40);
        let one_ply = flat_search(&Decision::new(&Solo { playout: 0, depth: 1, short: false }, &s, 0, &legal), &cfg, &mut GameRng::new(3));
        assert_eq!(one_ply.means, vec![0.5, 0.5], "arming changes nothing the evaluation sees");
        let with = Solo { playout: 1, depth: 1, short: false };
        let r = flat_search(&Decision::new(&with, &s, 0, &legal), &cfg, &mut GameRng::new(3));
        assert_eq!(r.means, vec![0.5, 1.0], "arming, then the one-step greedy playout fires and wins");
        assert_eq!(legal[r.choice(&mut GameRng::new(1))], 1);
        assert_eq!(r.iterations, 40);
    }

    #[test]
    fn tree_search_plays_out_the_leaf_movers_own_next_actions_when_the_game_asks() {
        // Two iterations expand the root's two actions once each: without a playout both leaves
        // look alike, with one the leaf `1` is followed by the mover's own `2`, which wins.
        let s = (false, false);
        let cfg = MctsConfig::iterations(2);
        for (playout, means) in [(0, vec![0.5, 0.5]), (1, vec![0.5, 1.0])] {
            let game = Solo { playout, depth: 0, short: false };
            let legal = game.legal_actions(&s, 0);
            let r = search(&Decision::new(&game, &s, 0, &legal), &cfg, &mut GameRng::new(3));
            assert_eq!((r.visits.clone(), r.means), (vec![1, 1], means), "tree playout {playout}");
        }
    }

    /// One seat walks 1 to 16 steps at a time toward 10,000 and always moves again: a long
    /// playout of wide decisions, to show its cost is bounded.
    struct Walk;

    impl Game for Walk {
        type State = u32;
        type Action = u32;
        type View = u32;
        fn id(&self) -> &'static str {
            "walk"
        }
        fn title(&self) -> &str {
            "Walk"
        }
        fn scenarios(&self) -> Vec<ScenarioInfo> {
            Vec::new()
        }
        fn setup(&self, _: &Setup) -> Result<u32, Refusal> {
            Ok(0)
        }
        fn seat_names(&self, _: &u32) -> Vec<String> {
            vec!["a".into()]
        }
        fn active_seats(&self, s: &u32) -> Vec<Seat> {
            if *s >= 10_000 { vec![] } else { vec![0] }
        }
        fn legal_actions(&self, s: &u32, _: Seat) -> Vec<u32> {
            if *s >= 10_000 { vec![] } else { (1..=PLAYOUT_WIDTH as u32).collect() }
        }
        fn apply(&self, s: &mut u32, _: Seat, a: &u32, _: &mut Log) -> Result<(), Refusal> {
            *s += a;
            Ok(())
        }
        fn notation(&self, a: &u32) -> String {
            a.to_string()
        }
        fn parse(&self, t: &str) -> Result<u32, Refusal> {
            t.parse().map_err(|_| Refusal::new("Walk", "a number"))
        }
        fn view(&self, s: &u32, _: Option<Seat>) -> u32 {
            *s
        }
        fn describe(&self, s: &u32, _: Option<Seat>) -> String {
            s.to_string()
        }
        fn outcome(&self, s: &u32) -> Option<Outcome> {
            (*s >= 10_000).then(|| Outcome { winners: vec![0], scores: vec![1], reason: "arrived".into() })
        }
        fn tree_playout(&self) -> u32 {
            50
        }
    }

    #[test]
    fn tree_playouts_are_bounded_by_a_count_of_evaluations() {
        // Each leaf's playout makes 50 steps of 16 evaluations (800): past PLAYOUT_EVALUATIONS
        // (100) per iteration of the budget of 10, the search stops as a time limit would,
        // after the second iteration (1,600 evaluations), the same way on every machine.
        let legal = Walk.legal_actions(&0, 0);
        let cfg = MctsConfig { time_limit: None, ..MctsConfig::iterations(10) };
        let r = search(&Decision::new(&Walk, &0, 0, &legal), &cfg, &mut GameRng::new(1));
        assert_eq!(r.iterations, 2);
        assert_eq!(r, search(&Decision::new(&Walk, &0, 0, &legal), &cfg, &mut GameRng::new(1)), "deterministic for a seed");
    }

    /// Nim with a search that plays out the opponent's reply (`reply`) and spends its budget
    /// only on decisions of more than `searched` counters' worth of moves (else the heuristic).
    struct NimReply {
        reply: bool,
        searched: usize,
    }

    impl Game for NimReply {
        type State = Heap;
        type Action = u8;
        type View = u8;
        fn id(&self) -> &'static str {
            "nim-reply"
        }
        fn title(&self) -> &str {
            "Nim with replies"
        }
        fn scenarios(&self) -> Vec<ScenarioInfo> {
            Vec::new()
        }
        fn setup(&self, setup: &Setup) -> Result<Heap, Refusal> {
            Nim.setup(setup)
        }
        fn seat_names(&self, s: &Heap) -> Vec<String> {
            Nim.seat_names(s)
        }
        fn active_seats(&self, s: &Heap) -> Vec<Seat> {
            Nim.active_seats(s)
        }
        fn legal_actions(&self, s: &Heap, seat: Seat) -> Vec<u8> {
            Nim.legal_actions(s, seat)
        }
        fn apply(&self, s: &mut Heap, seat: Seat, a: &u8, log: &mut Log) -> Result<(), Refusal> {
            Nim.apply(s, seat, a, log)
        }
        fn notation(&self, a: &u8) -> String {
            Nim.notation(a)
        }
        fn parse(&self, t: &str) -> Result<u8, Refusal> {
            Nim.parse(t)
        }
        fn view(&self, s: &Heap, seat: Option<Seat>) -> u8 {
            Nim.view(s, seat)
        }
        fn describe(&self, s: &Heap, seat: Option<Seat>) -> String {
            Nim.describe(s, seat)
        }
        fn outcome(&self, s: &Heap) -> Option<Outcome> {
            Nim.outcome(s)
        }
        fn search_depth(&self) -> u32 {
            1
        }
        fn flat_playout(&self) -> u32 {
            4
        }
        fn playout_stop(&self, s: &Heap, seat: Seat) -> bool {
            if self.reply { s.turn == seat } else { s.turn != seat }
        }
        fn search_share(&self, legal: &[u8]) -> f64 {
            if legal.len() > self.searched { 1.0 } else { 0.0 }
        }
    }

    #[test]
    fn a_playout_may_carry_on_through_the_opponents_reply() {
        // From 5 (take 1 to 3), taking 1 leaves 4, from which the reply cannot win; taking 2 or
        // 3 leaves a heap the reply takes whole. The evaluation knows only finished games: a
        // playout of the mover's own actions sees nothing (every move 0.5), one through the
        // opponent's greedy reply to the mover's next turn sees the loss.
        let s = Heap { left: 5, turn: 0, winner: None, max: 3 };
        let legal = Nim.legal_actions(&s, 0);
        let cfg = MctsConfig::iterations(8);
        let own = flat_search(&Decision::new(&NimReply { reply: false, searched: 0 }, &s, 0, &legal), &cfg, &mut GameRng::new(2));
        assert!(own.means.iter().all(|&m| m == 0.5), "{:?}", own.means);
        let game = NimReply { reply: true, searched: 0 };
        let r = flat_search(&Decision::new(&game, &s, 0, &legal), &cfg, &mut GameRng::new(2));
        assert_eq!(r.means[1..], [0.0, 0.0], "the reply takes the rest and wins");
        assert_eq!(legal[r.choice(&mut GameRng::new(1))], 1);
        let mut after = Heap { left: 4, turn: 1, winner: None, max: 3 };
        greedy_own_playout(&game, &mut after, 0, 4, &mut GameRng::new(3));
        assert_eq!(after.turn, 0, "the playout stops where the seat is to choose again");
    }

    #[test]
    fn a_decision_the_game_gives_no_share_of_the_budget_is_the_heuristics_choice() {
        // No share: the search agent plays what the heuristic agent of the same seed plays,
        // and runs no search (its random stream is used as the heuristic's is).
        let s = Heap { left: 7, turn: 0, winner: None, max: 3 };
        let game = NimReply { reply: true, searched: 3 };
        let legal = game.legal_actions(&s, 0);
        let d = Decision::new(&game, &s, 0, &legal);
        for seed in 1..20 {
            let mut m = MctsAgent::new(seed, MctsConfig::iterations(50));
            let mut h = crate::agent::HeuristicAgent::new(seed);
            // Several decisions in a row: the two random streams stay in step.
            for _ in 0..3 {
                assert_eq!(Agent::<NimReply>::choose(&mut m, &d), Agent::<NimReply>::choose(&mut h, &d));
            }
        }
        // With a share the search runs: from 5 it finds the only winning move.
        let s5 = Heap { left: 5, turn: 0, winner: None, max: 3 };
        let game = NimReply { reply: true, searched: 0 };
        let legal = game.legal_actions(&s5, 0);
        assert_eq!(legal[Agent::<NimReply>::choose(&mut MctsAgent::new(4, MctsConfig::iterations(8)), &Decision::new(&game, &s5, 0, &legal))], 1);
    }

    #[test]
    fn the_game_default_depth_applies_when_none_is_given() {
        // Nim keeps the trait's default (0: the full tree); an explicit depth overrides it.
        assert_eq!(MctsConfig::iterations(10).depth(&Nim), 0);
        assert_eq!(MctsConfig { max_depth: Some(1), ..MctsConfig::iterations(10) }.depth(&Nim), 1);
    }

    #[test]
    fn a_wide_root_is_scored_and_widens_progressively() {
        // 150 moves (more than MAX_SCORED) and one of them wins at once: the root is scored
        // anyway, so the win is the first child tried, and the root has at most
        // WIDENING x sqrt(iterations) children instead of one visit for each of 30 random moves.
        let s = Heap { left: 150, turn: 0, winner: None, max: 150 };
        let legal = Nim.legal_actions(&s, 0);
        assert!(legal.len() > MAX_SCORED);
        let r = search(&Decision::new(&Nim, &s, 0, &legal), &MctsConfig::iterations(30), &mut GameRng::new(3));
        let children = r.visits.iter().filter(|&&v| v > 0).count();
        assert!((2..=(WIDENING * 31f64.sqrt()).ceil() as usize).contains(&children), "{children} children");
        assert_eq!(legal[r.choice(&mut GameRng::new(1))], 150);
    }

    #[test]
    fn the_default_budget_is_capped_in_time() {
        assert_eq!(MctsConfig::default().time_limit, Some(MctsConfig::TIME_CAP));
        assert!(MctsConfig::TIME_CAP < Duration::from_secs(2), "at most 2 seconds per decision");
    }

    #[test]
    fn a_time_limit_stops_flat_search_between_whole_samples() {
        // A sample is scored for every action in the running or not at all: out of time, the
        // first sample (always run) is the only one, every action scored once.
        let s = Heap { left: 200, turn: 0, winner: None, max: 150 };
        let legal = Nim.legal_actions(&s, 0);
        let cfg = MctsConfig { time_limit: Some(Duration::ZERO), max_depth: Some(1), ..MctsConfig::iterations(1_000) };
        let r = flat_search(&Decision::new(&Nim, &s, 0, &legal), &cfg, &mut GameRng::new(1));
        assert_eq!(r.iterations, 1);
        assert!(r.visits.iter().all(|&v| v == 1), "every action once");
    }

    #[test]
    fn a_playout_stops_at_its_deadline() {
        // Walk always moves again: with no deadline the playout takes its 5 steps, past one
        // it takes none and says it was cut short (flat search then drops the sample).
        let mut s = 0;
        assert_eq!(greedy_playout_until(&Walk, &mut s, 0, 5, &mut GameRng::new(1), None), (5 * PLAYOUT_WIDTH as u64, false));
        assert!(s >= 5, "five steps walked");
        let mut t = 0;
        assert_eq!(greedy_playout_until(&Walk, &mut t, 0, 5, &mut GameRng::new(1), Some(Instant::now())), (0, true));
        assert_eq!(t, 0);
    }

    #[test]
    fn a_time_limit_stops_the_search() {
        let s = Heap { left: 200, turn: 0, winner: None, max: 3 };
        let legal = Nim.legal_actions(&s, 0);
        let cfg = MctsConfig { time_limit: Some(Duration::ZERO), ..MctsConfig::iterations(1_000_000) };
        let r = search(&Decision::new(&Nim, &s, 0, &legal), &cfg, &mut GameRng::new(1));
        assert_eq!(r.iterations, 1, "one iteration always runs, then the clock stops it");
    }
}
