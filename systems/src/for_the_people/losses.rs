//! Losses whose SP the owner picks: attrition and foraging (FtP 9.1, 9.2), the extra SP for
//! ending a retreat on an enemy PC (7.6.1), and the pools every loss choice (battle losses
//! too, `choices.rs`) offers.
//!
//! The rulebook gives the owner the choice between cavalry and infantry for battle losses
//! (5.5.4, `choices.rs`); for attrition it does not say who chooses, so
//! by our reading the owner picks, one SP at a time, whenever the SP lost
//! could come from different places: a cavalry brigade (which one), loose infantry SP, or the
//! infantry on an army display in the same space (an army's strength marker and the loose SP
//! beside it are one force, 9.1 "army SP are counted by the army's strength marker"). A
//! brigade lost sends its general to the turn track (5.5.4); an army left with 0 SP is
//! eliminated at once (5.2.1).

use super::FtP;
use super::content::{ArmyId, GeneralId, Side};
use super::state::*;
use bivouac_engine::log::Log;

/// Where the next SP lost by a force may come from (FtP 5.5.4, 9.1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct LossPools {
    /// Loose infantry SP (for a moving corps or division: its SP).
    pub loose: u16,
    /// Infantry SP on the army display.
    pub army: u16,
    /// Cavalry brigades and their SP (FtP 5.6.7 C, D: 2 once grown).
    pub cav: Vec<(GeneralId, u8)>,
}

impl LossPools {
    fn total(&self) -> u16 {
        self.loose + self.army + self.cav.iter().map(|&(_, n)| n as u16).sum::<u16>()
    }

    /// Whether `n` SP lost leave the owner a choice: two places to take them from, not all lost.
    pub fn choice(&self, n: u16) -> bool {
        let places = (self.loose > 0) as usize + (self.army > 0) as usize + self.cav.len();
        places > 1 && n < self.total()
    }

    /// The owner's options for the next SP.
    pub fn actions(&self, out: &mut Vec<Action>) {
        if self.loose + self.army > 0 {
            out.push(Action::LoseInfantry);
        }
        if self.loose > 0 && self.army > 0 {
            out.push(Action::LoseArmyInfantry);
        }
        out.extend(self.cav.iter().map(|&(general, _)| Action::LoseBrigade { general }));
    }
}

impl FtP {
    /// Take `n` SP of `side`'s force in `s`: at once while that leaves no choice, else ask the
    /// owner for the next SP (`Frame::SpaceLosses`) once the action under way is over (its
    /// other decisions, such as 5.2.4's, come first).
    pub(super) fn space_losses(&self, st: &mut State, side: Side, s: Sp, n: u16, cause: LossCause, log: &mut Log) {
        if n == 0 {
            return;
        }
        if self.space_loss_choice(st, side, s, n, cause) {
            st.space_losses.push((side, s, n.min(u8::MAX as u16) as u8, cause));
        } else {
            self.lose_in_space(st, side, s, n, log);
        }
    }

    /// The loose infantry SP, the army's infantry SP and the cavalry brigades of `side` in `s`
    /// that a loss for `cause` may take (FtP 4.2.4: an event, infantry only).
    fn cause_pools(&self, st: &State, side: Side, s: Sp, cause: LossCause) -> LossPools {
        let mut pools = self.space_pools(st, side, s);
        if matches!(cause, LossCause::Event { .. }) {
            pools.cav.clear();
        }
        pools
    }

    /// The loose infantry SP, the army's infantry SP and the cavalry brigades of `side` in `s`.
    pub(super) fn space_pools(&self, st: &State, side: Side, s: Sp) -> LossPools {
        let mut cav = self.pool_brigades(st, self.gens_at(st, side, s));
        let mut army = 0;
        if let Some(a) = self.army_in(st, side, s) {
            army = st.armies[a as usize].map_or(0, |x| x.sp as u16);
            cav.extend(self.pool_brigades(st, self.army_gens(st, a)));
        }
        LossPools { loose: st.sp[s as usize][side.index()] as u16, army, cav }
    }

    /// The cavalry brigades among `gens`, with their SP (a loss pool).
    pub(super) fn pool_brigades(&self, st: &State, gens: impl IntoIterator<Item = GeneralId>) -> Vec<(GeneralId, u8)> {
        gens.into_iter().filter(|&g| self.is_cav(st, g)).map(|g| (g, self.brigade_sp(st, g))).collect()
    }

    /// Whether `n` losses in `s` leave the owner a choice.
    fn space_loss_choice(&self, st: &State, side: Side, s: Sp, n: u16, cause: LossCause) -> bool {
        self.cause_pools(st, side, s, cause).choice(n)
    }

    /// The actions of `Frame::SpaceLosses`.
    pub(super) fn space_loss_actions(&self, st: &State, top: Frame, out: &mut Vec<Action>) {
        let Frame::SpaceLosses { side, space, cause, .. } = top else { return };
        self.cause_pools(st, side, space, cause).actions(out);
    }

    /// One SP off the display of `army` (FtP 5.5.4, 9.1, a reading); an army left with no SP is
    /// eliminated at once (5.2.1), and generals left alone go to the turn track (5.3.4).
    pub(super) fn lose_army_sp(&self, st: &mut State, side: Side, army: ArmyId, log: &mut Log) {
        let Some(x) = st.armies[army as usize].as_mut() else { return };
        let s = x.space;
        x.sp = x.sp.saturating_sub(1);
        st.sp_lost[side.index()] += 1;
        log.info(|| format!("{} loses 1 SP of {} at {}", side.name(), self.c.armies[army as usize].name, self.sname(s)));
        self.after_space_loss(st, side, s, Some(army), log);
    }

    /// FtP 5.5.4: a cavalry brigade lost as 1 SP: its general goes to the turn track.
    pub(super) fn brigade_to_track(&self, st: &mut State, side: Side, general: GeneralId) {
        st.generals[general as usize] = GenAt::Track(st.turn + self.return_delay(st, general));
        st.sp_lost[side.index()] += 1;
    }

    /// The end of every loss of `side` in `s`: the army that lost SP (`army`), left with no
    /// SP, is eliminated at once (FtP 5.2.1, 12.7), then generals left alone go to the turn
    /// track (5.3.4).
    pub(super) fn after_space_loss(&self, st: &mut State, side: Side, s: Sp, army: Option<ArmyId>, log: &mut Log) {
        if let Some(a) = army
            && self.army_strength(st, a) == 0
        {
            self.eliminate_army(st, side, a, log);
        }
        self.orphan_generals(st, side, s);
    }

    /// One SP of a pending loss, from infantry or from the named brigade (already checked legal).
    pub(super) fn perform_space_loss(&self, st: &mut State, top: Frame, a: &Action, log: &mut Log) {
        let Frame::SpaceLosses { side, space, left, cause } = top else { return };
        st.flow.pop();
        match *a {
            Action::LoseBrigade { general } => {
                // FtP 5.5.4: the brigade's general goes to the turn track (5.6.7 C, D: a 2-SP
                // brigade goes on at 1 SP).
                let gone = self.lose_brigade_sp(st, side, general);
                log.info(|| format!("{} loses {} of {} at {}", side.name(), if gone { "the brigade" } else { "1 SP of the brigade" }, self.c.generals[general as usize].name, self.sname(space)));
                self.after_space_loss(st, side, space, self.army_in(st, side, space), log);
            }
            Action::LoseArmyInfantry => {
                if let Some(x) = self.army_in(st, side, space) {
                    self.lose_army_sp(st, side, x, log);
                }
            }
            _ => self.lose_in_space(st, side, space, 1, log),
        }
        if left > 1 && self.space_loss_choice(st, side, space, left as u16 - 1, cause) {
            st.flow.push(Frame::SpaceLosses { side, space, left: left - 1, cause });
        } else {
            self.lose_in_space(st, side, space, left as u16 - 1, log);
        }
    }

    /// Before the flow goes on: the losses waiting become decisions; a pending loss whose
    /// choice has gone (a merge of armies under 5.2.4 came first, 7.6.1) is taken at once.
    pub(super) fn settle_space_losses(&self, st: &mut State, log: &mut Log) {
        for (side, space, left, cause) in std::mem::take(&mut st.space_losses) {
            st.flow.push(Frame::SpaceLosses { side, space, left, cause });
        }
        while let Some(&Frame::SpaceLosses { side, space, left, cause }) = st.flow.top() {
            if self.space_loss_choice(st, side, space, left as u16, cause) {
                break;
            }
            st.flow.pop();
            self.lose_in_space(st, side, space, left as u16, log);
        }
    }
}
