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
    /// Under Limited Intelligence (GCACW 7.7) the enemy's force display is secret too: the
    /// seat knows where the enemy markers stand and which enemy units it cannot see, not which
    /// marker holds which of them, nor which markers are decoys; the sample deals those units
    /// among the markers at random.
    pub(super) fn ai_determinize(&self, st: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut d = st.clone();
        d.rng = fork_rng(rng);
        let hidden = self.hidden_from(st, Some(seat));
        let markers: Vec<usize> = (0..d.forces.len()).filter(|&f| d.forces[f].side != seat).collect();
        if hidden == 0 || markers.is_empty() {
            return d;
        }
        for &f in &markers {
            d.forces[f].units = 0;
        }
        for u in (0..d.units.len()).filter(|&u| hidden & (1 << u) != 0) {
            let f = markers[rng.pick(markers.len())];
            d.forces[f].units |= 1 << u;
            d.units[u].hex = d.forces[f].hex;
        }
        for &f in &markers {
            d.forces[f].real = d.forces[f].units != 0;
        }
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

    /// GCACW 7.7: a sample deals the enemy's hidden units among its force markers; the seat's
    /// own view of the position is the same in every sample.
    #[test]
    fn determinization_redeals_units_under_enemy_markers_li_7_7() {
        use bivouac_engine::Log;
        let g = game();
        let mut setup = Setup::new("cedar-mountain", 2, 4);
        setup.options.insert("limited-intelligence".into(), "on".into());
        let mut s = g.setup(&setup).unwrap();
        let mut rng = GameRng::new(4);
        let (mut checked, mut moved) = (0, false);
        for _ in 0..3000 {
            let Some(&seat) = g.active_seats(&s).first() else { break };
            let legal = g.legal_actions(&s, seat);
            let li: Vec<&super::super::state::Action> = legal.iter().filter(|a| matches!(a, super::super::state::Action::Marker { .. } | super::super::state::Action::Hide { .. })).collect();
            let a = if !li.is_empty() && rng.below(2) == 0 { li[rng.pick(li.len())].clone() } else { legal[rng.pick(legal.len())].clone() };
            g.apply(&mut s, seat, &a, &mut Log::quiet()).unwrap();
            let hid = g.hidden_from(&s, Some(0));
            if hid == 0 {
                continue;
            }
            let d = g.determinize(&s, 0, &mut rng);
            let view = |st: &State| serde_json::to_string(&g.view(st, Some(0))).unwrap();
            assert_eq!(view(&d), view(&s), "the sample agrees with everything the Union sees");
            for u in (0..s.units.len()).filter(|&u| hid & (1 << u) != 0) {
                let f = d.forces.iter().find(|f| f.units & (1 << u) != 0).expect("every hidden unit is under a marker");
                assert_eq!((f.side, d.units[u].hex), (1, f.hex));
            }
            moved |= d.forces != s.forces;
            checked += 1;
        }
        assert!(checked > 0 && moved, "checked {checked} samples");
    }
}

