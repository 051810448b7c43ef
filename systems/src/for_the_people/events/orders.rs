//! Events that order a move.
//!
//! "Forward to Richmond!" (#3, FtP 4.2.6, 4.6): after the CSA takes a Union card with the event,
//! the Union must use that same card on its next strategy round, for OPs, to move a Union army
//! (FtP 4.6.1, 4.6.2); an army under a generic commander is not affected (4.6.3).
//!
//! Enforced here: on its next round the Union may only play that card for OPs, and the OPs may
//! only move an army with a named commander that the card can activate. If the card has left the
//! hand, the obligation lapses; if no such army can move, it lapses too, or, with the option
//! `forward-no-army` = `card-still-used` (by our reading, ES 4.2.6 "debe usar esta misma carta en su
//! siguiente ronda estratégica"), the card is still the Union's play, for OPs (any use) or as
//! its event (`forward_bound`). By our reading, the card is taken at
//! random (the CSA cannot see the Union hand). The move itself (the shortest path toward
//! Richmond, no SP or general picked up or dropped, the obligation to attack, 4.6.2) is
//! enforced by `ordered.rs`.
//!
//! Concentration events (#75, #100-#103, FtP 4.5): the script moves SP by rail into the
//! concentration space (`move_sp`) and returns `concentrate`; a campaign move restricted to the
//! general(s) in that space follows.

use super::super::FtP;
use super::super::content::{CardNo, Side};
use super::super::state::*;
use bivouac_engine::log::Log;
use bivouac_engine::piles::CardId;

impl FtP {
    /// FtP 4.6.2, 4.6.3: the army moves the Union may make with `value` OPs under the event.
    pub(crate) fn forward_armies(&self, st: &State, value: u8) -> Vec<Action> {
        let mut acts = Vec::new();
        self.activations(st, Side::Union, value, false, &mut acts);
        acts.retain(|a| matches!(a, Action::MoveArmy { army } if st.armies[*army as usize].is_some_and(|x| x.commander.is_some())));
        acts
    }

    /// FtP 4.2.6: the card the Union must play for OPs on this round, if the obligation holds.
    pub(crate) fn forward_card(&self, st: &State, side: Side) -> Option<CardNo> {
        let card = st.forward?;
        let held = st.piles.cards(HAND[Side::Union.index()]).contains(&CardId(card as u16 - 1));
        let value = self.c.card(card)?.ops;
        (side == Side::Union && held && !self.forward_armies(st, value).is_empty()).then_some(card)
    }

    /// FtP 4.2.6 reading, option `forward-no-army` = `card-still-used`: no army can move with
    /// the card taken by "Forward to Richmond!", but it is still the Union's play this round.
    pub(crate) fn forward_bound(&self, st: &State, side: Side) -> Option<CardNo> {
        let card = st.forward.filter(|_| st.opts.forward_card_still_used && side == Side::Union)?;
        let held = st.piles.cards(HAND[Side::Union.index()]).contains(&CardId(card as u16 - 1));
        (held && self.forward_card(st, side).is_none()).then_some(card)
    }

    /// The cards of `side`'s hand it could discard (FtP 4.2.3: no special event, and for the
    /// Union not Red River).
    pub(crate) fn discardable(&self, st: &State, side: Side) -> Vec<CardNo> {
        let hand = st.piles.cards(HAND[side.index()]).iter().map(|c| c.0 as CardNo + 1);
        hand.filter(|&c| self.may_discard(side, c)).collect()
    }

    /// The `forward_to_richmond` command: take a Union card at random (FtP 4.2.6) among those
    /// the Union could discard (FtP 4.6.5 "ninguna carta en su mano de la que se pueda
    /// descartar", with 4.2.3: never a special event, nor Red River).
    pub(crate) fn forward_take(&self, st: &mut State, log: &mut Log) {
        let hand = self.discardable(st, Side::Union);
        if hand.is_empty() {
            return;
        }
        let card = hand[st.rng.pick(hand.len())];
        st.forward = Some(card);
        log.reveal(|| format!("Forward to Richmond!: the Union must use #{card} on its next round to move an army toward Richmond (FtP 4.2.6, 4.6)"));
    }

    /// Before a strategy-round action: any Union round action other than the obliged card
    /// ends the obligation (it lapsed); an army activated with that card fulfils it.
    pub(crate) fn forward_hook(&self, st: &mut State, top: Frame, a: &Action) {
        match (top, a) {
            (Frame::Round { side: Side::Union }, Action::Ops { card }) if st.forward == Some(*card) => {}
            (Frame::Round { side: Side::Union }, _) => st.forward = None,
            (Frame::Ops { card, .. }, _) if st.forward == Some(card) => st.forward = None,
            _ => {}
        }
    }

    /// FtP 4.5.2: after a concentration, a general in the space is activated: its army, its
    /// corps, or a cavalry brigade already there (4.5.1); all land-movement rules apply. The
    /// obligation to attempt an attack is enforced by `ordered.rs`.
    pub(crate) fn concentration_moves(&self, st: &State, side: Side) -> Vec<Action> {
        let Some(at) = st.concentration else { return Vec::new() };
        let mut acts = Vec::new();
        self.activations(st, side, 3, true, &mut acts);
        acts.retain(|a| match *a {
            Action::MoveArmy { army } => st.armies[army as usize].is_some_and(|x| x.space == at),
            Action::MoveCorps { general, .. } | Action::MoveBrigade { general } => st.generals[general as usize] == GenAt::Map(at),
            _ => false,
        });
        acts
    }
}
