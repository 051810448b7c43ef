//! What the AI knows of Blockade Runner: a determinization (what a seat cannot see, re-dealt)
//! and an evaluation of a position for a seat (BR 3.11: money plus fleet value wins).

use super::data::ARMS;
use super::{BlockadeRunner, Frame, State};
use bivouac_engine::GameRng;
use bivouac_engine::agent::fork_rng;
use bivouac_engine::game::{Game, Seat, outcome_value, squash};

impl BlockadeRunner {
    /// The default search depth ([`Game::search_depth`]): flat Monte Carlo over
    /// determinizations. A deeper tree loses to the heuristic agent here (docs/ai-strength.md):
    /// hands are hidden (BR 3.9) and moves roll dice (BR 3.6 evasion, 3.1 blockade), so a tree's nodes mix samples,
    /// its opponents play as if they saw the sampled hands, and its means follow the best of
    /// noisy children.
    pub const AI_SEARCH_DEPTH: u32 = 1;

    /// Other players' hands and the order of the Action deck are hidden (BR 7: hands are
    /// secret; the discards are public): pool them, shuffle, and deal each hand back at its
    /// size. A card shown in a pending trade offer (BR 3.9) stays where it is for the two
    /// traders. The dice and the Union Blockade draws come from a reseeded stream.
    pub(super) fn ai_determinize(&self, s: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut d = s.clone();
        let shown = match s.flow.top() {
            Some(Frame::TradeReply { from, to, card }) if seat == *from || seat == *to => Some(*card),
            _ => None,
        };
        let hidden = |p: usize, c: u8| p != seat as usize && Some(c) != shown;
        let mut pool = std::mem::take(&mut d.deck);
        for (p, pl) in d.players.iter().enumerate() {
            pool.extend(pl.hand.iter().copied().filter(|&c| hidden(p, c)));
        }
        rng.shuffle(&mut pool);
        for (p, pl) in d.players.iter_mut().enumerate() {
            for c in pl.hand.iter_mut() {
                if hidden(p, *c) {
                    *c = pool.pop().expect("the pool holds every hidden card");
                }
            }
        }
        d.deck = pool;
        d.rng = fork_rng(rng);
        d
    }

    /// What a player is worth now: money and fleet value (BR 3.11), plus the goods on board at
    /// today's prices (arms count a little: they buy the extra action, BR 3.3) and cards in hand.
    fn ai_worth(&self, s: &State, p: u8) -> f64 {
        let pl = &s.players[p as usize];
        let mut worth = (pl.money + self.fleet_value(s, p)) as f64;
        for sh in s.ships.iter().filter(|sh| sh.owner == Some(p) && !sh.lost) {
            for (g, &n) in sh.cargo.iter().enumerate() {
                let value = if g == ARMS { 2.0 } else { 0.7 * self.price(s, g) as f64 };
                worth += n as f64 * value;
            }
        }
        // A ship earns for the years left (BR 3.11 counts only its printed value at the end).
        let years_left = (self.c.last_year as f64 - s.year as f64 + 1.0).max(0.0);
        worth + 1.5 * pl.hand.len() as f64 + 0.5 * years_left * self.capacity(s, p) as f64
    }

    /// The margin over the richest opponent, squashed into (0, 1); a finished game is 1 or 0.
    /// The scale of the squash is what a margin is still worth: 12 k$ in the last year, 12 more
    /// per year left. (A fixed 10 k$ put most mid-game positions above 0.99, where the search's
    /// averages of leaves differ less than their sampling noise.)
    pub(super) fn ai_evaluate(&self, s: &State, seat: Seat) -> f64 {
        if let Some(o) = self.outcome(s) {
            return outcome_value(&o, seat, s.n as usize);
        }
        let mine = self.ai_worth(s, seat);
        let best_other = (0..s.n).filter(|&p| p != seat).map(|p| self.ai_worth(s, p)).fold(f64::NEG_INFINITY, f64::max);
        let years_left = (self.c.last_year as f64 - s.year as f64).max(0.0);
        squash(mine - best_other, 12.0 + 12.0 * years_left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bivouac_engine::Setup;

    fn game() -> BlockadeRunner {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
        BlockadeRunner::load(&[dir]).map(|(g, _)| g).unwrap_or_else(|d| panic!("content: {d}"))
    }

    #[test]
    fn determinization_keeps_own_hand_and_public_facts_and_redeals_the_rest() {
        let g = game();
        let s = g.setup(&Setup::new("standard", 4, 7)).unwrap();
        let mut rng = GameRng::new(1);
        let mut changed = false;
        for _ in 0..20 {
            let d = g.determinize(&s, 1, &mut rng);
            assert_eq!(d.players[1].hand, s.players[1].hand, "BR 7: a seat knows its own hand");
            assert_eq!(g.view(&d, Some(1)).players.len(), 4);
            for (a, b) in d.players.iter().zip(&s.players) {
                assert_eq!(a.hand.len(), b.hand.len());
                assert_eq!(a.money, b.money);
            }
            assert_eq!(d.deck.len(), s.deck.len());
            let mut all: Vec<u8> = d.deck.iter().chain(d.players.iter().flat_map(|p| p.hand.iter())).copied().collect();
            let mut before: Vec<u8> = s.deck.iter().chain(s.players.iter().flat_map(|p| p.hand.iter())).copied().collect();
            all.sort();
            before.sort();
            assert_eq!(all, before, "no card is created or lost");
            g.check_invariants(&d).unwrap();
            changed |= d.players[0].hand != s.players[0].hand || d.deck != s.deck;
        }
        assert!(changed, "hidden cards are re-dealt");
    }

    #[test]
    fn evaluation_keeps_a_mid_game_lead_away_from_certainty() {
        // A 40 k$ lead in the first year is far from a won game (BR 3.11 counts at the end).
        let g = game();
        let s = g.setup(&Setup::new("standard", 2, 2)).unwrap();
        let mut rich = s.clone();
        rich.players[0].money += 40;
        let v = g.evaluate(&rich, 0);
        assert!(v > 0.55 && v < 0.9, "{v}");
        let mut later = rich.clone();
        later.year = g.c.last_year;
        assert!(g.evaluate(&later, 0) > v, "the same lead is worth more with less time left");
    }

    #[test]
    fn search_defaults_to_flat_monte_carlo() {
        // docs/ai-strength.md: flat search beats the heuristic here, a deeper tree does not.
        assert_eq!(game().search_depth(), 1);
        assert_eq!(bivouac_engine::mcts::MctsConfig::iterations(400).depth(&game()), 1);
        assert_eq!(bivouac_engine::mcts::MctsConfig { max_depth: Some(0), ..bivouac_engine::mcts::MctsConfig::iterations(400) }.depth(&game()), 0);
    }

    #[test]
    fn evaluation_prefers_more_money() {
        let g = game();
        let s = g.setup(&Setup::new("standard", 3, 2)).unwrap();
        let mut rich = s.clone();
        rich.players[0].money += 30;
        assert!(g.evaluate(&rich, 0) > g.evaluate(&s, 0));
        assert!(g.evaluate(&rich, 1) < g.evaluate(&s, 1));
    }
}
