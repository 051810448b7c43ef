//! Elite units (FtP 7.5.1, 7.8.2): brought into play by the three "Elite Unit" events
//! (#34-36), at most two per side; each is placed in one of its side's armies and never
//! transfers to another. Before every battle its owner chooses how many of the army's elite
//! units to use (+1 DRM each, the only voluntary DRM, 7.5 note): `Frame::Elite`. A force that
//! used one or more and lost 2 or more SP loses one of them (not an SP loss); an eliminated
//! elite unit may come back through another "Elite Unit" event.
//!
//! [MISSING] the printed card text: the event places one elite unit of the playing side in one
//! of its armies on the map (7.5.1 "once placed in an army"); an army that leaves the map
//! (eliminated, 5.2.1, or removed for another army, 5.2.4) loses its elite units, which may
//! return through the event (AUTHORED: 7.5.1 forbids a transfer to another army).
//! By our reading, the attacker decides before the defender.

use super::FtP;
use super::battle::Force;
use super::content::{ArmyId, Side};
use super::rules::other;
use super::state::*;
use bivouac_engine::log::Log;

impl FtP {
    /// FtP 7.5.1: the elite units each side may have in play (game.toml `[counters]`).
    pub fn elite_max(&self) -> usize {
        self.c.counters.get("elite_units_per_side").and_then(|v| v.as_integer()).map(|v| v as usize).unwrap_or(2)
    }

    /// The elite units of `side` in `army`.
    pub(super) fn elite_in(&self, st: &State, side: Side, army: ArmyId) -> u8 {
        st.elite[side.index()].iter().filter(|&&a| a == army).count() as u8
    }

    /// FtP 7.5.1: whether the event may bring an elite unit of `side` into `army` (one of the
    /// side's armies on the map, fewer than the maximum in play).
    pub(super) fn elite_placeable(&self, st: &State, side: Side, army: ArmyId) -> Result<(), String> {
        if st.elite[side.index()].len() >= self.elite_max() {
            return Err(format!("{} already has {} elite units in play (FtP 7.5.1)", side.name(), self.elite_max()));
        }
        if self.army_side(army) != side || st.armies[army as usize].is_none() {
            return Err(format!("{} is not a {} army on the map (FtP 7.5.1)", self.c.armies[army as usize].id, side.name()));
        }
        Ok(())
    }

    /// FtP 7.5.1: an elite unit enters play in `army`.
    pub(super) fn place_elite(&self, st: &mut State, side: Side, army: ArmyId, log: &mut Log) {
        st.elite[side.index()].push(army);
        log.info(|| format!("{} gains an elite unit (FtP 7.5.1)", self.c.armies[army as usize].name));
    }

    /// An army left the map: its elite units are eliminated (they may return by the event).
    pub(super) fn elite_army_gone(&self, st: &mut State, army: ArmyId) {
        let side = self.army_side(army);
        st.elite[side.index()].retain(|&a| a != army);
    }

    /// The army of `side`'s force in the battle at `s` (attacker: the moving army).
    fn battle_army(&self, st: &State, side: Side, s: Sp) -> Option<ArmyId> {
        match st.moving.as_ref() {
            Some(m) if m.side == side => m.army,
            _ => self.army_in(st, side, s),
        }
    }

    /// FtP 7.5.1: before the battle at `s`, the next side (attacker first) with elite units in
    /// its force that has not decided yet is asked; true when a decision frame was pushed.
    pub(super) fn ask_elite(&self, st: &mut State, attacker: Side, s: Sp) -> bool {
        for side in [attacker, other(attacker)] {
            let n = self.battle_army(st, side, s).map_or(0, |a| self.elite_in(st, side, a));
            if n > 0 && st.elite_commit[side.index()].is_none() {
                st.flow.push(Frame::Elite { side, space: s });
                return true;
            }
        }
        false
    }

    /// The choices of `Frame::Elite`: use 0 up to all of the force's elite units.
    pub(super) fn elite_actions(&self, st: &State, side: Side, space: Sp, out: &mut Vec<Action>) {
        let n = self.battle_army(st, side, space).map_or(0, |a| self.elite_in(st, side, a));
        out.extend((0..=n).map(|n| Action::Elite { n }));
    }

    /// FtP 7.5.1: the owner's decision is recorded and the battle goes on.
    pub(super) fn perform_elite(&self, st: &mut State, top: Frame, n: u8, log: &mut Log) {
        let Frame::Elite { side, space } = top else { return };
        st.flow.pop();
        st.elite_commit[side.index()] = Some(n);
        log.info(|| format!("{} uses {n} elite unit(s) at {} (FtP 7.5.1)", side.name(), self.sname(space)));
        self.fight(st, space, log);
    }

    /// The elite units decided for the battle about to be fought go into the two forces; the
    /// decisions are spent. Returns the two forces' armies (attacker, defender).
    pub(super) fn commit_elite(&self, st: &mut State, s: Sp, att: &mut Force, def: &mut Force) -> [Option<ArmyId>; 2] {
        let armies = [self.battle_army(st, att.side, s), self.battle_army(st, def.side, s)];
        for (f, a) in [(att, armies[0]), (def, armies[1])] {
            let have = a.map_or(0, |a| self.elite_in(st, f.side, a));
            f.elite_used = st.elite_commit[f.side.index()].unwrap_or(0).min(have);
        }
        st.elite_commit = [None; 2];
        armies
    }

    /// FtP 7.5.1, 7.8.2: one elite unit of `army` is eliminated (not an SP loss).
    pub(super) fn lose_elite(&self, st: &mut State, side: Side, army: Option<ArmyId>, log: &mut Log) {
        let Some(a) = army else { return };
        let list = &mut st.elite[side.index()];
        if let Some(i) = list.iter().position(|&x| x == a) {
            list.remove(i);
            log.info(|| format!("{} loses an elite unit (FtP 7.8.2)", self.c.armies[a as usize].name));
        }
    }
}
