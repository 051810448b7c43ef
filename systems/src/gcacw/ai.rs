//! What the AI knows of GCACW: a determinization (perfect information: only the dice are
//! unknown) and an evaluation of a position for a side, on the scenario's victory points.

use super::Gcacw;
use super::state::State;
use bivouac_engine::GameRng;
use bivouac_engine::agent::fork_rng;
use bivouac_engine::game::{Game, Seat, outcome_value, squash};

impl Gcacw {
    /// Everything on the GCACW map is open to both players; only the future dice (initiative,
    /// extended march, combat, random events) are unknown, so the sample reseeds the stream.
    pub(super) fn ai_determinize(&self, st: &State, _seat: Seat, rng: &mut GameRng) -> State {
        let mut d = st.clone();
        d.rng = fork_rng(rng);
        d
    }

    /// Each side's victory points if the game ended now (the scenario's conditions: enemy
    /// manpower lost, objective hexes occupied), plus part of the value of each objective it
    /// does not hold, by how close its nearest unit stands.
    fn ai_points(&self, st: &State, side: u8) -> f64 {
        let sc = self.sc(st);
        let mut vp = (st.lost[1 - side as usize] as i64 * sc.vp_per_manpower) as f64;
        for o in &sc.objectives {
            let value = o.vp[side as usize] as f64;
            if value <= 0.0 {
                continue;
            }
            if self.side_units_at(st, o.hex, side) != 0 {
                vp += value;
                continue;
            }
            let nearest = st
                .units
                .iter()
                .enumerate()
                .filter(|(i, u)| u.on_map() && sc.units[*i].side == side)
                .map(|(_, u)| sc.map.dist(u.hex, o.hex))
                .min();
            if let Some(d) = nearest {
                vp += 0.5 * value / (1.0 + d as f64);
            }
        }
        vp
    }

    /// The margin of points over the enemy, squashed on 4 VP; a finished game is 1, 0.5 or 0.
    pub(super) fn ai_evaluate(&self, st: &State, seat: Seat) -> f64 {
        if let Some(o) = self.outcome(st) {
            return outcome_value(&o, seat, 2);
        }
        let side = seat.min(1);
        squash(self.ai_points(st, side) - self.ai_points(st, 1 - side), 4.0)
    }
}

#[cfg(test)]
mod tests {
    use super::super::data;
    use super::*;
    use bivouac_engine::Setup;
    use bivouac_engine::content::ContentSet;

    fn game() -> Gcacw {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content");
        let set = ContentSet::open(&[dir], super::super::DIR).expect("content folder");
        Gcacw::new(data::load_data(&set).unwrap_or_else(|e| panic!("{e}")))
    }

    #[test]
    fn determinization_changes_only_the_future_dice() {
        let g = game();
        let s = g.setup(&Setup::new("cedar-mountain", 2, 1)).unwrap();
        let d = g.determinize(&s, 1, &mut GameRng::new(9));
        let view = |st: &State| serde_json::to_string(&g.view(st, Some(1))).unwrap();
        assert_eq!(view(&d), view(&s), "GCACW: both players see the whole map");
        assert_eq!(d.units, s.units);
        assert_ne!(serde_json::to_string(&d.rng).unwrap(), serde_json::to_string(&s.rng).unwrap(), "the dice are reseeded");
    }

    #[test]
    fn evaluation_counts_enemy_manpower_lost() {
        let g = game();
        let s = g.setup(&Setup::new("cedar-mountain", 2, 1)).unwrap();
        let mut hurt = s.clone();
        hurt.lost[1] += 3;
        assert!(g.evaluate(&hurt, 0) > g.evaluate(&s, 0));
        assert!(g.evaluate(&hurt, 1) < g.evaluate(&s, 1));
    }
}
