//! BL 3.2.3 free deployment (a scenario option): after the historical set-up (BL 3.2.2), each
//! side secretly moves its blocks between its historical set-up locations, every location
//! keeping its number of blocks; both sides commit (`done`) before play begins, like the
//! initiative bids (BL 4.3). Moves are `swap A B` (two own blocks at different locations
//! exchange places), which reach every such rearrangement. A reading of BL 3.2.3, option
//! `free-deployment-strengths`: each block keeps its historical strength (`block`, the default,
//! the seed's "manteniéndolas siempre con su fuerza histórica actual"), or each location keeps
//! the strengths the OB lists there (`location`).

use super::data::Side;
use super::state::{Action, Phase, State};
use super::BobbyLee;
use bivouac_engine::log::Log;

impl BobbyLee {
    /// BL 3.2.3: the swaps `side` may make now, then `done`.
    pub(crate) fn deploy_legal(&self, s: &State, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        if s.done[side.idx()] {
            return out;
        }
        out.push(Action::Done);
        let own: Vec<usize> = (0..s.units.len()).filter(|&i| s.units[i].on_map() && self.side_of(i) == side).collect();
        for (k, &a) in own.iter().enumerate() {
            for &b in &own[k + 1..] {
                if self.swap_ok(s, a, b) {
                    out.push(Action::Swap(a as u8, b as u8));
                }
            }
        }
        out
    }

    /// Two blocks at different locations; with the `location` reading each must
    /// be able to hold the strength of the other's location (its maximum, rule 2.4).
    fn swap_ok(&self, s: &State, a: usize, b: usize) -> bool {
        let (x, y) = (&s.units[a], &s.units[b]);
        x.hex != y.hex && (!s.opts.deploy_location_strengths || (y.steps <= self.d().units[a].max && x.steps <= self.d().units[b].max))
    }

    /// BL 3.2.3: apply a legal `swap` or `done` of the set-up step.
    pub(crate) fn deploy_act(&self, s: &mut State, side: Side, a: &Action, log: &mut Log) {
        match *a {
            Action::Swap(a, b) => {
                let (a, b) = (a as usize, b as usize);
                let (ha, hb) = (s.units[a].hex, s.units[b].hex);
                s.units[a].hex = hb;
                s.units[a].from = hb;
                s.units[b].hex = ha;
                s.units[b].from = ha;
                if s.opts.deploy_location_strengths {
                    // BL 3.2.3, `location` reading: the strengths stay with the set-up locations.
                    let t = s.units[a].steps;
                    s.units[a].steps = s.units[b].steps;
                    s.units[b].steps = t;
                }
            }
            Action::Done => {
                s.done[side.idx()] = true;
                log.info(|| format!("BL 3.2.3: {} has deployed", side.name()));
                if s.done == [true, true] {
                    // Both set-ups are committed: the first month goes on (rule 4.2: no
                    // Replacement Turn, so the initiative bids).
                    s.done = [false, false];
                    s.phase = Phase::Bids;
                    s.bids = [None, None];
                    log.info(|| "BL 3.2.3: both sides have deployed; the blocks stand as set up".to_string());
                }
            }
            _ => {}
        }
    }
}
