//! FtP 5.6.7 (optional, option `opt-special-generals` = `on`): special abilities of generals.
//! This file: part A (McClellan). Parts B (Van Dorn), D (Sheridan's corps counter) and E
//! (Wilson's Raid): general_counters.rs; C and D's 2-SP brigades: strong_brigades.rs.
//!
//! * A 1: when McClellan is given command of an army within 4 spaces of the Union capital, the
//!   Union gains +5 SW, once a game (the Italian "+5 SP" is a typo for SW). A
//!   command he holds when the scenario starts was not "given" during play (a reading); moving his
//!   army near the capital gives nothing.
//! * A 2: in each Union Reinforcement Phase (step a), while McClellan commands an army with a
//!   LOC in or adjacent to the Union capital, the Union gets +1 SP placed in his army (no
//!   choice: the rule names where it goes). An army already at its limit (5.2.1) cannot take
//!   it and it is lost (a reading).

use super::FtP;
use super::content::{ArmyId, LinkKind, Side};
use super::state::*;
use bivouac_engine::log::Log;
use bivouac_engine::map::graph::SpaceId;
use serde::{Deserialize, Serialize};

/// FtP 5.6.7 bookkeeping.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecialSt {
    /// FtP 5.6.7 A 1: the +5 SW was gained (once a game).
    pub mcclellan_bonus: bool,
    /// The army McClellan commanded after the last action: another one is a command given.
    pub mcclellan_army: Option<ArmyId>,
}

/// FtP 5.6.7 A 1: "four spaces or less" from the Union capital, counted along land links.
const MCCLELLAN_RANGE: u32 = 4;

impl FtP {
    /// The army McClellan commands now, if any.
    pub(super) fn mcclellan_army(&self, st: &State) -> Option<ArmyId> {
        let mac = self.c.general("mcclellan")?;
        (0..st.armies.len() as ArmyId).find(|&a| st.armies[a as usize].is_some_and(|x| x.commander == Some(mac)))
    }

    /// FtP 5.6.7 A 1, after every action: McClellan given command of an army within 4 spaces of
    /// the Union capital gives +5 SW, once.
    pub(super) fn mcclellan_command(&self, st: &mut State, log: &mut Log) {
        if !st.opts.special_generals {
            return;
        }
        let now = self.mcclellan_army(st);
        let given = now.filter(|&a| st.special.mcclellan_army != Some(a));
        st.special.mcclellan_army = now;
        let (Some(a), false, Some(cap)) = (given, st.special.mcclellan_bonus, st.capital[Side::Union.index()]) else { return };
        let Some(at) = st.armies[a as usize].map(|x| x.space) else { return };
        let near = self.c.map.reachable(SpaceId(cap), MCCLELLAN_RANGE, |_, _, l| l.is_land().then_some(1)).iter().any(|&(s, _)| s.0 == at);
        if near {
            st.special.mcclellan_bonus = true;
            self.add_sw(st, Side::Union, self.formulas.sw.mcclellan_bonus, log, "FtP 5.6.7 A McClellan given command near the capital");
        }
    }

    /// FtP 5.6.7 A 2, in the Union's Reinforcement Phase step a: +1 SP in McClellan's army when
    /// it has a LOC and stands in or next to the Union capital.
    pub(super) fn mcclellan_reinforcement(&self, st: &mut State, log: &mut Log) {
        if !st.opts.special_generals {
            return;
        }
        let (Some(a), Some(cap)) = (self.mcclellan_army(st), st.capital[Side::Union.index()]) else { return };
        let Some(at) = st.armies[a as usize].map(|x| x.space) else { return };
        let next_to = at == cap || self.c.map.neighbors(SpaceId(cap)).any(|(t, l)| t.0 == at && !matches!(l.kind, LinkKind::River(_)));
        if !next_to || !self.supplied(st, Side::Union)[at as usize] {
            return;
        }
        if self.army_strength(st, a) >= self.c.movement.army.max_sp {
            log.info(|| format!("{} is full: McClellan's reinforcement SP is lost (FtP 5.6.7 A, 5.2.1)", self.c.armies[a as usize].name));
            return;
        }
        if let Some(x) = st.armies[a as usize].as_mut() {
            x.sp += 1;
        }
        st.sp_gained[Side::Union.index()] += 1;
        log.info(|| format!("McClellan: +1 SP in {} (FtP 5.6.7 A)", self.c.armies[a as usize].name));
    }
}
