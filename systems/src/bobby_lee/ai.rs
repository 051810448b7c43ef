//! What the AI knows of Bobby Lee: a determinization (the enemy's unrevealed blocks and secret
//! choices re-dealt) and an evaluation of a position for a side (the Victory Track, rule 3.1).

use super::BobbyLee;
use super::data::{Side, UnitKind};
use super::state::{Phase, St, State};
use bivouac_engine::GameRng;
use bivouac_engine::agent::fork_rng;
use bivouac_engine::game::{Game, Seat, outcome_value, squash};

impl BobbyLee {
    /// BL 2.5: enemy blocks stand upright, so a side sees where they are but not their type
    /// or strength unless revealed (`shown`, rules 5.11 / 7.41). Each unrevealed enemy block on
    /// the map gets a strength drawn from 1..=its maximum; a secret initiative bid the enemy has
    /// made but not yet revealed (rule 4.3) is drawn again from its legal range; and
    /// the dice come from a reseeded stream.
    pub(super) fn ai_determinize(&self, s: &State, seat: Seat, rng: &mut GameRng) -> State {
        let me = Side::from_idx(seat as usize);
        let mut d = s.clone();
        for (i, u) in d.units.iter_mut().enumerate() {
            let def = &self.data.units[i];
            if def.side != me && u.st == St::Map && !u.shown && def.max > 0 {
                u.steps = 1 + rng.below(def.max as u32) as u8;
            }
        }
        let other = me.other();
        if d.phase == Phase::Bids && d.bids[me.idx()].is_none() && d.bids[other.idx()].is_some() {
            // BL 4.3 (digest A7): a bid is 0 to the bidder's HQs on the map, at most 5.
            let hqs = (0..d.units.len()).filter(|&i| d.units[i].st == St::Map && self.data.units[i].side == other && self.kind(i) == UnitKind::Hq);
            let n = hqs.count().min(5) as u32;
            d.bids[other.idx()] = Some(rng.below(n + 1) as u8);
        }
        d.rng = fork_rng(rng);
        d
    }

    /// Strength on the map of one side, in steps.
    fn ai_steps(&self, s: &State, side: Side) -> f64 {
        s.units.iter().enumerate().filter(|(i, u)| u.st == St::Map && self.data.units[*i].side == side).map(|(_, u)| u.steps as f64).sum()
    }

    /// VP cities and towns (rule 3.51) seen by `side`: the value of those it occupies alone
    /// but does not control yet (control changes at the next phase, rule 8.2), and a pull
    /// toward those it does not control, by how close its nearest block stands.
    fn ai_prospects(&self, s: &State, side: Side) -> f64 {
        let d = &self.data;
        let mut total = 0.0;
        for p in d.places.iter().filter(|p| p.vp > 0) {
            if s.control.get(p.hex as usize) == Some(&side) {
                continue;
            }
            let value = p.vp as f64;
            let target = d.hexes[p.hex as usize].hex;
            let mut nearest = u32::MAX;
            let mut enemy_there = false;
            for (i, u) in s.units.iter().enumerate() {
                if u.st != St::Map {
                    continue;
                }
                if d.units[i].side == side {
                    nearest = nearest.min(d.hexes[u.hex as usize].hex.unsigned_distance_to(target));
                } else if u.hex == p.hex {
                    enemy_there = true;
                }
            }
            if nearest == 0 && !enemy_there {
                total += 0.8 * value;
            } else if nearest != u32::MAX {
                total += 0.3 * value / (1.0 + nearest as f64);
            }
        }
        total
    }

    /// The Victory Track (rule 3.1, USA positive), cities about to change hands, a pull toward
    /// enemy VP places and a little for the steps on the map, squashed on a third of the way
    /// to the Decisive box; a finished game is 1, 0.5 or 0.
    pub(super) fn ai_evaluate(&self, s: &State, seat: Seat) -> f64 {
        if let Some(o) = self.outcome(s) {
            return outcome_value(&o, seat, 2);
        }
        let usa = s.vp as f64 + 0.25 * (self.ai_steps(s, Side::Usa) - self.ai_steps(s, Side::Csa))
            + self.ai_prospects(s, Side::Usa)
            - self.ai_prospects(s, Side::Csa);
        let margin = if seat == 0 { usa } else { -usa };
        squash(margin, (self.data.decisive as f64 / 3.0).max(1.0))
    }
}

#[cfg(test)]
mod tests {
    use super::super::load_game;
    use super::*;
    use bivouac_engine::Setup;

    #[test]
    fn determinization_hides_enemy_strength_and_keeps_own_blocks() {
        let (g, _) = load_game(&[crate::builtin_content_dir()]).unwrap_or_else(|d| panic!("{d}"));
        let s = g.setup(&Setup::new(&g.scenarios()[0].id, 2, 3)).unwrap();
        let mut rng = GameRng::new(5);
        let mut changed = false;
        for _ in 0..10 {
            let d = g.determinize(&s, 0, &mut rng);
            g.check_invariants(&d).unwrap();
            for (i, (a, b)) in d.units.iter().zip(&s.units).enumerate() {
                assert_eq!((a.st, a.hex), (b.st, b.hex), "BL 2.5: block positions are public");
                if g.data.units[i].side == Side::Usa || b.shown {
                    assert_eq!(a.steps, b.steps, "own and revealed blocks keep their strength");
                } else {
                    changed |= a.steps != b.steps;
                }
            }
            // What the USA sees is the same in the sample as in the real game.
            let v = |st: &State| serde_json::to_string(&g.view(st, Some(0))).unwrap();
            assert_eq!(v(&d), v(&s));
        }
        assert!(changed, "enemy strengths are sampled");
    }

    #[test]
    fn evaluation_follows_the_victory_track() {
        let (g, _) = load_game(&[crate::builtin_content_dir()]).unwrap_or_else(|d| panic!("{d}"));
        let s = g.setup(&Setup::new(&g.scenarios()[0].id, 2, 3)).unwrap();
        let mut up = s.clone();
        up.vp = (s.vp + 2).min(g.data.decisive - 1);
        assert!(g.evaluate(&up, 0) > g.evaluate(&s, 0));
        assert!(g.evaluate(&up, 1) < g.evaluate(&s, 1));
    }
}
