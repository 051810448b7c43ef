//! Losses outside battle whose SP the owner picks: attrition and foraging (FtP 9.1, 9.2) and the
//! extra SP for ending a retreat on an enemy PC (7.6.1).
//!
//! The rulebook gives the owner the choice between cavalry and infantry for battle losses
//! (5.5.4, `choices.rs`); for attrition it does not say who chooses, and the digest (§3.26)
//! reads it the same way: [INTERP] the owner picks, one SP at a time, whenever both a cavalry
//! brigade and infantry could take the loss. Infantry comes off the loose SP before the army's
//! display (as for battle losses), and a brigade lost sends its general to the turn track (5.5.4).

use super::FtP;
use super::content::{GeneralId, Side};
use super::state::*;
use bivouac_engine::log::Log;

impl FtP {
    /// Take `n` SP of `side`'s force in `s`: at once while that leaves no choice, else ask the
    /// owner for the next SP (`Frame::SpaceLosses`) once the action under way is over (its
    /// other decisions, such as 5.2.4's, come first). `retreat`: the 7.6.1 penalty (else 9.1).
    pub(super) fn space_losses(&self, st: &mut State, side: Side, s: Sp, n: u16, retreat: bool, log: &mut Log) {
        if n == 0 {
            return;
        }
        if self.space_loss_choice(st, side, s, n) {
            st.space_losses.push((side, s, n.min(u8::MAX as u16) as u8, retreat));
        } else {
            self.lose_in_space(st, side, s, n, log);
        }
    }

    /// The infantry SP (loose and on an army display) and cavalry brigades of `side` in `s`.
    fn space_pools(&self, st: &State, side: Side, s: Sp) -> (u16, Vec<GeneralId>) {
        let mut cav: Vec<GeneralId> = self.gens_at(st, side, s).filter(|&g| self.is_cav(g)).collect();
        if let Some(a) = self.army_in(st, side, s) {
            cav.extend(self.army_gens(st, a).into_iter().filter(|&g| self.is_cav(g)));
        }
        (self.infantry(st, side, s), cav)
    }

    /// Whether `n` losses in `s` leave the owner a choice: both kinds present and not all lost.
    fn space_loss_choice(&self, st: &State, side: Side, s: Sp, n: u16) -> bool {
        let (inf, cav) = self.space_pools(st, side, s);
        inf > 0 && !cav.is_empty() && n < inf + cav.len() as u16
    }

    /// The actions of `Frame::SpaceLosses`.
    pub(super) fn space_loss_actions(&self, st: &State, top: Frame, out: &mut Vec<Action>) {
        let Frame::SpaceLosses { side, space, .. } = top else { return };
        let (inf, cav) = self.space_pools(st, side, space);
        if inf > 0 {
            out.push(Action::LoseInfantry);
        }
        out.extend(cav.into_iter().map(|general| Action::LoseBrigade { general }));
    }

    /// One SP of a pending loss, from infantry or from the named brigade (already checked legal).
    pub(super) fn perform_space_loss(&self, st: &mut State, top: Frame, a: &Action, log: &mut Log) {
        let Frame::SpaceLosses { side, space, left, retreat } = top else { return };
        st.flow.pop();
        match *a {
            Action::LoseBrigade { general } => {
                // FtP 5.5.4: the brigade's general goes to the turn track.
                st.generals[general as usize] = GenAt::Track(st.turn + self.return_delay(st.edition, general));
                st.sp_lost[side.index()] += 1;
                log.info(|| format!("{} loses the brigade of {} at {}", side.name(), self.c.generals[general as usize].name, self.sname(space)));
                if let Some(x) = self.army_in(st, side, space)
                    && self.army_strength(st, x) == 0
                {
                    self.eliminate_army(st, side, x, log);
                }
                self.orphan_generals(st, side, space);
            }
            _ => self.lose_in_space(st, side, space, 1, log),
        }
        if left > 1 && self.space_loss_choice(st, side, space, left as u16 - 1) {
            st.flow.push(Frame::SpaceLosses { side, space, left: left - 1, retreat });
        } else {
            self.lose_in_space(st, side, space, left as u16 - 1, log);
        }
    }

    /// Before the flow goes on: the losses waiting become decisions; a pending loss whose
    /// choice has gone (a merge of armies under 5.2.4 came first, 7.6.1) is taken at once.
    pub(super) fn settle_space_losses(&self, st: &mut State, log: &mut Log) {
        for (side, space, left, retreat) in std::mem::take(&mut st.space_losses) {
            st.flow.push(Frame::SpaceLosses { side, space, left, retreat });
        }
        while let Some(&Frame::SpaceLosses { side, space, left, .. }) = st.flow.top() {
            if self.space_loss_choice(st, side, space, left as u16) {
                break;
            }
            st.flow.pop();
            self.lose_in_space(st, side, space, left as u16, log);
        }
    }
}
