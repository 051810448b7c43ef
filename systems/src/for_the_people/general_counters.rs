//! FtP 5.6.7 B and D (optional, option `opt-special-generals`): generals with two counters;
//! and E, Wilson's Raid (Italian edition), the one 5.6.7 ability of no general counter.
//!
//! * B Van Dorn (content `counter = "brigade"`): whenever he is activated and moves with exactly
//!   1 SP (a corps of him alone and 1 SP), the CSA may swap him for his cavalry-brigade counter
//!   (`counter brigade`, offered during that move): the SP becomes his brigade and he is a
//!   cavalry general for the rest of the game, under the normal brigade rules (5.5). Killed
//!   (7.7), he is removed for good: no return, no replacement (5.5.6).
//! * D Sheridan (content `counter = "corps"`): a cavalry general who, each time he is placed on
//!   the map (10.6), may be placed on his corps-commander counter (political rating 1) instead
//!   of his brigade: the owner chooses the counter once he is drawn (`counter corps` /
//!   `counter brigade`). On his corps counter he swaps to his brigade as Van Dorn does, and
//!   then stays cavalry. Killed: by edition (`sheridan_death`): Spanish "returns" (his brigade
//!   returns as any cavalry general's, 5.5.4; killed on his corps counter he returns only with
//!   the replacement cavalry generals, 5.5.6, being his own replacement (a reading), else he is
//!   removed as any killed general), Italian "eliminated" (removed for good). By our reading, on his
//!   corps counter he is a general under the normal rules (5.2, 5.3): "used as a corps
//!   commander" is not read as barring him from an army command his rating allows.
//! * A reading, option `counter-swap-mp`: the swap keeps the move's MP left (`keep`, the
//!   default: the rules give the brigade no new allowance), or adds the brigade's extra MP
//!   (`brigade`: cavalry MP minus corps MP, 5.1.3).
//! * Which counter is in play is plain state (`CountersSt`), never hidden: `FtP::is_cav`.
//! * E (IT 5.67 E; edition `wilsons_raid = "optional_card_16"`): in turns 12 and 13 the Union
//!   playing #16 Grierson's Raid may count a 4-space route through the NE-Alabama dashed links
//!   (5.10) and place PCs on CSA resource spaces without CSA SP or forts. The card's branch is
//!   in events/016.lua (the view shows `special_generals` and `wilsons_raid`); the exception to
//!   FtP 11.3 D it makes is allowed here (`wilsons_raid`, events/commands.rs).

use super::FtP;
use super::content::{CardNo, GeneralId, SecondCounter, SheridanDeath, Side, WilsonsRaid};
use super::state::*;
use bivouac_engine::log::Log;
use serde::{Deserialize, Serialize};

/// FtP 5.6.7 E: "Grierson's Raid", the card Wilson's Raid is played with.
const GRIERSONS_RAID: CardNo = 16;

/// FtP 5.6.7 E: the turns of Wilson's Raid.
const WILSON_TURNS: std::ops::RangeInclusive<u8> = 12..=13;

/// FtP 5.6.7 B / D: which counter the generals with two counters have in play.
/// `PartialEq` by `same_list` (part of a position's key, `State::eq`).
#[derive(Clone, Debug, Default, Eq, Serialize, Deserialize)]
pub struct CountersSt {
    /// Swapped to the cavalry-brigade counter: cavalry for the rest of the game.
    pub brigade: Vec<GeneralId>,
    /// Cavalry generals placed on their corps-commander counter (D), until they swap.
    pub corps: Vec<GeneralId>,
}

impl PartialEq for CountersSt {
    fn eq(&self, o: &Self) -> bool {
        let CountersSt { brigade, corps } = self;
        same_list(brigade, &o.brigade) && same_list(corps, &o.corps)
    }
}

impl FtP {
    /// FtP 5.6.7 B / D: a general with a second counter is cavalry by the counter in play; with
    /// the option off, by his only counter.
    pub(super) fn counter_is_cav(&self, st: &State, g: GeneralId) -> bool {
        let cav = self.c.generals[g as usize].cavalry;
        if !st.opts.special_generals {
            return cav;
        }
        st.counters.brigade.contains(&g) || (cav && !st.counters.corps.contains(&g))
    }

    /// FtP 5.6.7 E: `card` played now is Wilson's Raid (the option on, an edition that plays
    /// it with #16, turn 12 or 13).
    pub(super) fn wilsons_raid(&self, st: &State, card: CardNo) -> bool {
        st.opts.special_generals && card == GRIERSONS_RAID && WILSON_TURNS.contains(&st.turn) && self.c.editions[st.edition as usize].wilsons_raid == WilsonsRaid::OptionalCard16
    }

    /// FtP 5.6.7 D: the drawn arriving general is placed on a counter his owner chooses.
    pub(super) fn counter_choice(&self, st: &State, g: GeneralId) -> bool {
        st.opts.special_generals && self.c.generals[g as usize].counter == Some(SecondCounter::Corps) && !st.counters.brigade.contains(&g)
    }

    /// FtP 5.6.7 B / D: the general who may swap to his brigade during the current move: the
    /// activated general of a corps of him alone and exactly 1 SP, not yet cavalry.
    fn swapper(&self, st: &State) -> Option<GeneralId> {
        let m = st.moving.as_ref()?;
        let &[g] = m.gens.as_slice() else { return None };
        let ok = st.opts.special_generals && m.kind == Formation::Corps && m.army.is_none() && m.sp == 1 && !m.halted && self.c.generals[g as usize].counter.is_some() && !self.is_cav(st, g);
        ok.then_some(g)
    }

    /// The `counter` actions of the pending decision (legal_actions).
    pub(super) fn counter_actions(&self, st: &State, top: Frame, out: &mut Vec<Action>) {
        match top {
            Frame::Counter { .. } => out.extend([Action::Counter { brigade: false }, Action::Counter { brigade: true }]),
            Frame::Move if self.swapper(st).is_some() => out.push(Action::Counter { brigade: true }),
            _ => {}
        }
    }

    /// Perform a `counter` action (already checked legal).
    pub(super) fn perform_counter(&self, st: &mut State, top: Frame, brigade: bool, log: &mut Log) {
        match top {
            Frame::Counter { side, general, space } => {
                st.flow.pop();
                st.counters.corps.retain(|&x| x != general);
                if !brigade {
                    st.counters.corps.push(general);
                }
                self.put_general(st, general, space);
                let what = if brigade { "his cavalry brigade" } else { "his corps-commander counter (political rating 1)" };
                log.reveal(|| format!("{} arrives at {} on {what} (FtP 5.6.7 D, 10.6.1)", self.c.generals[general as usize].name, self.sname(space)));
                if st.flow.top() == Some(&Frame::PlaceGenerals { side }) && self.arriving(st, side).is_empty() {
                    st.flow.pop();
                }
            }
            Frame::Move => {
                let Some(g) = self.swapper(st) else { return };
                st.counters.corps.retain(|&x| x != g);
                st.counters.brigade.push(g);
                let extra = if st.opts.swap_brigade_mp { self.c.movement.cavalry.mp.saturating_sub(self.c.movement.corps.mp) } else { 0 };
                if let Some(m) = st.moving.as_mut() {
                    // The 1 SP becomes the brigade (5.5.1): the SP total is unchanged.
                    m.sp = 0;
                    m.kind = Formation::Brigade;
                    m.mp += extra;
                }
                log.info(|| format!("{} swaps to his cavalry-brigade counter for the rest of the game (FtP 5.6.7)", self.c.generals[g as usize].name));
            }
            _ => {}
        }
    }

    /// FtP 5.6.7 B / D: where a killed general with a second counter goes, when the option
    /// decides it (`None`: the normal rules, 7.7.3 and 5.5.4).
    pub(super) fn counter_killed(&self, st: &State, g: GeneralId) -> Option<GenAt> {
        let d = &self.c.generals[g as usize];
        if !st.opts.special_generals {
            return None;
        }
        match d.counter? {
            // B: removed for good, no return and no replacement.
            SecondCounter::Brigade => Some(GenAt::Dead),
            // D, Italian: permanently eliminated.
            SecondCounter::Corps if self.c.editions[st.edition as usize].sheridan_death == SheridanDeath::Eliminated => Some(GenAt::Dead),
            // D, Spanish, on his corps counter with replacement generals: his own replacement.
            SecondCounter::Corps if st.counters.corps.contains(&g) && st.opts.replacement_cavalry => {
                let back = &self.c.editions[st.edition as usize].cav_general_return_turns;
                Some(GenAt::Track(st.turn + if d.side == Side::Union { back.union } else { back.csa }))
            }
            SecondCounter::Corps => None,
        }
    }
}
