//! What the AI knows of For the People: a determinization (the hidden cards re-dealt, the
//! future dice reseeded) and an evaluation of a position for a side, on Strategic Will.

use super::FtP;
use super::content::Side;
use super::state::State;
use bivouac_engine::GameRng;
use bivouac_engine::agent::fork_rng;
use bivouac_engine::game::{Game, Seat, outcome_value, squash};

impl FtP {
    /// The draw deck's order and the opponent's hand are secret (FtP 3.2, 4); the map,
    /// Strategic Will and the discards are public. Those cards are pooled and dealt back, each
    /// pile keeping its size, and the dice come from a reseeded stream.
    pub(super) fn ai_determinize(&self, st: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut d = st.clone();
        d.piles.resample_hidden(seat, rng);
        d.rng = fork_rng(rng);
        d
    }

    /// Strategic Will decides the game (FtP 12, 13, 17: a side whose will is gone loses, and
    /// the scenarios end on the SW lead); strength points on the map count a little, as the
    /// means of taking SW from the enemy.
    pub(super) fn ai_evaluate(&self, st: &State, seat: Seat) -> f64 {
        if let Some(o) = self.outcome(st) {
            return outcome_value(&o, seat, 2);
        }
        let (me, them) = if seat == 0 { (Side::Union, Side::Csa) } else { (Side::Csa, Side::Union) };
        let sw = st.sw[me.index()] as f64 - st.sw[them.index()] as f64;
        let sp = self.total_sp(st, me) as f64 - self.total_sp(st, them) as f64;
        squash(sw + 0.25 * sp, 12.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::play_tests::game;
    use super::super::state::{HAND, State};
    use bivouac_engine::GameRng;
    use bivouac_engine::game::{Game, Setup};

    #[test]
    fn determinize_keeps_own_hand_and_redeals_the_rest() {
        let g = game();
        let st = g.setup(&Setup::new("1861", 2, 5)).unwrap();
        let mut rng = GameRng::new(1);
        let d = g.determinize(&st, 0, &mut rng);
        let own = |s: &State| s.piles.cards(HAND[0]).to_vec();
        assert_eq!(own(&d), own(&st), "the Union hand is the Union's own knowledge");
        assert_eq!(d.piles.len(HAND[1]), st.piles.len(HAND[1]));
        d.piles.check_conservation().unwrap();
        let v = g.evaluate(&st, 0);
        assert!((0.0..=1.0).contains(&v));
    }
}
