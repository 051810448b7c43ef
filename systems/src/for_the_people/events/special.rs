//! Special events (FtP 4.4): Emancipation Proclamation (#81) and Foreign Intervention (#82).
//! Their effects are their scripts; the rules around them are here:
//! - 4.4.1: #81 must be played as the event on the holder's first round once its conditions are
//!   met; otherwise it may be played for OPs only as the holder's last card (if one player holds
//!   #81 and #82, #81 is the last).
//! - 4.4.2: #82 must be played as the event during the turn if its conditions are met (the
//!   holder may wait until the last round); otherwise for OPs only as the last card, or the
//!   second-to-last with #81 held.
//! - 4.2.3: never discarded voluntarily (`may_discard`).
//! - 4.4: a special event discarded by an event still happens if its conditions are met.
//! - 4.4.1, 4.4.2: discarded or played for OPs, the deck is reshuffled at the end of the
//!   Strategy Rounds Phase.
//!
//! The card texts are not in the rulebooks; by our reading, #81's condition as a Union
//! win in a medium or large battle (here: this turn, `union_major_win`) and #82's as CSA SW of
//! 110 or more (its script's `playable`).

use super::super::FtP;
use super::super::content::{CardFlag, CardNo, Side};
use super::super::state::*;
use super::decl::Timing;
use bivouac_engine::log::Log;
use bivouac_engine::piles::CardId;

pub const EMANCIPATION: CardNo = 81;
pub const INTERVENTION: CardNo = super::super::FOREIGN_INTERVENTION;

impl FtP {
    fn hand_cards(st: &State, side: Side) -> Vec<CardNo> {
        st.piles.cards(HAND[side.index()]).iter().map(|c| c.0 as CardNo + 1).collect()
    }

    /// FtP 4.4.1, 4.4.2: the special event `side` must play as its event on this round.
    pub(crate) fn forced_special(&self, st: &State, side: Side) -> Option<CardNo> {
        let hand = Self::hand_cards(st, side);
        if hand.contains(&EMANCIPATION) && self.script_event_playable(st, side, EMANCIPATION, Timing::Round) {
            return Some(EMANCIPATION);
        }
        (hand == [INTERVENTION] && self.script_event_playable(st, side, INTERVENTION, Timing::Round)).then_some(INTERVENTION)
    }

    /// FtP 4.2.2, 4.4: may `card` be played for OPs now?
    pub(crate) fn may_play_ops(&self, st: &State, side: Side, card: CardNo) -> bool {
        if !self.c.card(card).is_some_and(|d| d.has(CardFlag::Special)) {
            return true;
        }
        let hand = Self::hand_cards(st, side);
        let last = hand.len() == 1;
        match card {
            EMANCIPATION => last,
            INTERVENTION => !self.script_event_playable(st, side, card, Timing::Round) && (last || (hand.len() == 2 && hand.contains(&EMANCIPATION))),
            _ => last,
        }
    }

    /// After a card leaves a hand for the discards by an event (`discard`, `discard_random`):
    /// a special event still happens if its conditions are met (FtP 4.4); otherwise the deck
    /// will be reshuffled (4.4.1, 4.4.2).
    pub(crate) fn special_discarded(&self, st: &mut State, side: Side, card: CardNo, log: &mut Log) -> Result<(), String> {
        if !self.c.card(card).is_some_and(|d| d.has(CardFlag::Special)) {
            return Ok(());
        }
        // FtP 4.4 (ES only, the edition's `discarded_special_happens`): IT 4.41/4.42 only
        // reshuffle the deck.
        if !self.c.editions[st.edition as usize].discarded_special_happens {
            st.special_reshuffle = true;
            return Ok(());
        }
        // The conditions are judged as if the card were still in hand (it is playable by
        // either side, FtP 4.2).
        let c = CardId(card as u16 - 1);
        st.piles.move_card(c, DISCARD, HAND[side.index()]).map_err(|e| e.to_string())?;
        if self.script_event_playable(st, side, card, Timing::Round) {
            log.info(|| format!("#{card} was discarded but its conditions are met: the special event happens (FtP 4.4)"));
            return self.start_event(st, side, card, true, log, &mut |s: &mut State| s.rng.roll(6) as u8);
        }
        st.piles.move_card(c, HAND[side.index()], DISCARD).map_err(|e| e.to_string())?;
        st.special_reshuffle = true;
        Ok(())
    }

    /// FtP 4.4.1, 4.4.2: a special event played for OPs reshuffles the deck at the end of the
    /// Strategy Rounds Phase.
    pub(crate) fn special_ops(&self, st: &mut State, card: CardNo) {
        if self.c.card(card).is_some_and(|d| d.has(CardFlag::Special)) {
            st.special_reshuffle = true;
        }
    }

    /// At the end of the Strategy Rounds Phase (FtP 3.3, 4.4.1, 4.4.2): the discards and the
    /// undrawn cards form a new deck.
    pub(crate) fn end_of_strategy_rounds(&self, st: &mut State, log: &mut Log) {
        if std::mem::take(&mut st.special_reshuffle) {
            st.piles.reshuffle_into(DISCARD, DECK, &mut st.rng);
            log.info(|| "a special event was discarded or played for OPs: the deck is reshuffled (FtP 4.4)".into());
        }
    }

    /// FtP 4.4.1 (a reading of an unclear rule): the Union has won a medium or large battle (this turn).
    pub(crate) fn note_battle(&self, st: &mut State, union_won: bool, medium_or_large: bool) {
        if union_won && medium_or_large {
            st.union_major_win = st.turn;
        }
    }
}
