//! The operations queue optional rule (FtP 20, IT 19; scenario option `opt-ops-queue`).
//!
//! A player who plays a card for OPs may designate one general in a space for a queue (the
//! choice cannot be changed): the card goes into the queue, whose marker shows its OPs. On each
//! later strategy round he may play one card for OPs into the queue; when the total reaches the
//! general's strategy rating, the general must be activated at once, for land movement only
//! (excess OPs are lost). The queue breaks, its cards discarded, when the player uses a round
//! any other way (forced plays included), when "Forward to Richmond!" is played, or when the
//! queued general takes part in a battle; at the end of the turn every queued card is
//! discarded. One queue per player at a time.
//!
//! Readings of unclear rules: a queue is opened only for a general the card
//! alone could not activate (a rating above its OPs; otherwise it is a normal activation); the
//! queued general may be an army commander or a general on the map outside an army; the
//! activation uses min(total, 3) as the card value (FtP 5.10); "Forward to Richmond!" breaks the
//! Union's queue (the player it orders to move) as well as the player's who plays it; a queue
//! whose general can no longer move when it fires is lost.

use super::FtP;
use super::battle::Force;
use super::content::{CardNo, GeneralId, Side};
use super::rules::other;
use super::state::*;
use bivouac_engine::log::Log;
use bivouac_engine::piles::CardId;
use serde::{Deserialize, Serialize};

/// "Forward to Richmond!" (FtP 4.6): playing it breaks the queue (FtP 20).
const FORWARD_TO_RICHMOND: CardNo = 3;

/// The operations queues (FtP 20), in `State::queue`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queues {
    /// Each side's queue.
    pub sides: [Option<OpsQueue>; 2],
    /// The card just played for OPs in a strategy round: only such a card opens a queue (not
    /// the OPs an event gives).
    pub ops_card: Option<CardNo>,
}

/// A side's operations queue (FtP 20): its cards are in its `QUEUE` pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpsQueue {
    pub general: GeneralId,
    /// OPs played into the queue so far (the marker).
    pub total: u8,
    /// The total reached the general's rating: his activation is under way.
    pub firing: bool,
}

fn cid(n: CardNo) -> CardId {
    CardId(n as u16 - 1)
}

impl FtP {
    /// FtP 20: generals `side` may designate for a queue with a card of `value` OPs.
    pub(super) fn queue_open_actions(&self, st: &State, side: Side, card: CardNo, value: u8, out: &mut Vec<Action>) {
        if !st.opts.ops_queue || st.queue.sides[side.index()].is_some() || st.queue.ops_card != Some(card) {
            return;
        }
        let mut gens: Vec<GeneralId> = st.armies.iter().enumerate().filter(|(a, x)| x.is_some() && self.army_side(*a as u8) == side).filter_map(|(_, x)| x.and_then(|x| x.commander)).collect();
        gens.extend((0..st.generals.len() as GeneralId).filter(|&g| matches!(st.generals[g as usize], GenAt::Map(_)) && self.gen_side(g) == side));
        gens.sort_unstable();
        out.extend(gens.into_iter().filter(|&g| self.c.generals[g as usize].strategy > value).map(|general| Action::OpenQueue { general }));
    }

    /// The queue markers for the view: side, general, where he is, OPs so far of his rating.
    pub(super) fn queue_markers(&self, st: &State) -> Vec<String> {
        [Side::Union, Side::Csa]
            .into_iter()
            .filter_map(|side| st.queue.sides[side.index()].map(|q| (side, q)))
            .map(|(side, q)| {
                let d = &self.c.generals[q.general as usize];
                format!("{}: {} ({}), {} of {} OPs", side.name(), d.name, self.gen_place(st, q.general as usize), q.total, d.strategy)
            })
            .collect()
    }

    /// FtP 20: cards `side` may play into its queue this round (any card it may play for OPs).
    pub(super) fn queue_card_actions(&self, st: &State, side: Side, out: &mut Vec<Action>) {
        if st.queue.sides[side.index()].is_none_or(|q| q.firing) {
            return;
        }
        for &c in st.piles.cards(HAND[side.index()]) {
            let card = c.0 as CardNo + 1;
            if self.may_play_ops(st, side, card) {
                out.push(Action::QueueCard { card });
            }
        }
    }

    /// FtP 20: the queued general's activation is due (`Frame::Ops` of `side`).
    pub(super) fn queue_firing(&self, st: &State, side: Side) -> bool {
        st.queue.sides[side.index()].is_some_and(|q| q.firing)
    }

    /// FtP 20: the firing queue activates its general for land movement only; if he cannot
    /// move, the queue is lost (`Done`).
    pub(super) fn queue_fire_actions(&self, st: &State, side: Side, value: u8, out: &mut Vec<Action>) {
        let Some(q) = st.queue.sides[side.index()] else { return };
        let mut acts = Vec::new();
        self.activations(st, side, value, false, &mut acts);
        acts.retain(|a| match *a {
            Action::MoveArmy { army } => st.armies[army as usize].is_some_and(|x| x.commander == Some(q.general)),
            Action::MoveCorps { general, .. } | Action::MoveBrigade { general } => general == q.general,
            _ => false,
        });
        if acts.is_empty() {
            acts.push(Action::Done);
        }
        out.extend(acts);
    }

    /// Before any action is applied: the queue breaks when its player uses a strategy round
    /// any other way, and "Forward to Richmond!" breaks it; the activation or the loss of a
    /// firing queue ends it (FtP 20).
    pub(super) fn queue_hook(&self, st: &mut State, a: &Action, log: &mut Log) {
        if !st.opts.ops_queue {
            return;
        }
        st.queue.ops_card = None;
        match (st.flow.top().copied(), a) {
            (Some(Frame::Round { .. }), Action::QueueCard { .. }) => {}
            (Some(Frame::Round { side }), Action::Ops { card }) => {
                self.queue_break(st, side, "its player used a round another way", log);
                st.queue.ops_card = Some(*card);
            }
            (Some(Frame::Round { side }), _) => {
                if matches!(a, Action::Event { card: FORWARD_TO_RICHMOND }) {
                    self.queue_break(st, Side::Union, "Forward to Richmond! was played", log);
                }
                self.queue_break(st, side, "its player used a round another way", log);
            }
            (Some(Frame::Ops { side, .. }), _) if self.queue_firing(st, side) => self.queue_break(st, side, "its general was activated", log),
            _ => {}
        }
    }

    /// FtP 20: designate `general` for `side`'s queue with the card just played for OPs.
    pub(super) fn queue_open(&self, st: &mut State, side: Side, card: CardNo, value: u8, general: GeneralId, log: &mut Log) {
        let _ = st.piles.move_card(cid(card), DISCARD, QUEUE[side.index()]);
        st.queue.sides[side.index()] = Some(OpsQueue { general, total: value, firing: false });
        log.info(|| format!("{} opens an operations queue for {} with #{card}: {value} OPs (FtP 20)", side.name(), self.c.generals[general as usize].name));
        st.flow.pop();
    }

    /// FtP 20: play `card` into the queue (a round played for OPs); at the general's strategy
    /// rating he is activated at once.
    pub(super) fn queue_card(&self, st: &mut State, side: Side, card: CardNo, log: &mut Log) {
        let Some(mut q) = st.queue.sides[side.index()] else { return };
        st.next = other(side);
        let _ = st.piles.move_card(cid(card), HAND[side.index()], QUEUE[side.index()]);
        let ops = self.c.card(card).map(|d| d.ops).unwrap_or(1);
        self.special_ops(st, card);
        q.total = q.total.saturating_add(ops);
        let rating = self.c.generals[q.general as usize].strategy;
        log.reveal(|| format!("{} plays #{card} into the operations queue of {}: {} OPs of {rating} (FtP 20)", side.name(), self.c.generals[q.general as usize].name, q.total));
        q.firing = q.total >= rating;
        st.queue.sides[side.index()] = Some(q);
        if q.firing {
            st.flow.replace(Frame::Ops { side, card, value: q.total.min(3) });
        } else {
            st.flow.pop();
        }
    }

    /// FtP 20: the queued general takes part in a battle: the queue breaks.
    pub(super) fn queue_battle(&self, st: &mut State, forces: [&Force; 2], log: &mut Log) {
        for side in [Side::Union, Side::Csa] {
            if let Some(q) = st.queue.sides[side.index()]
                && forces.iter().any(|f| f.generals().any(|g| g == q.general))
            {
                self.queue_break(st, side, "its general took part in a battle", log);
            }
        }
    }

    /// FtP 20: at the end of the turn every queued card is discarded.
    pub(super) fn queue_end_turn(&self, st: &mut State, log: &mut Log) {
        for side in [Side::Union, Side::Csa] {
            self.queue_break(st, side, "the turn ends", log);
        }
    }

    /// The queue of `side` ends: its cards are discarded (FtP 20).
    fn queue_break(&self, st: &mut State, side: Side, why: &str, log: &mut Log) {
        if st.queue.sides[side.index()].take().is_none() {
            return;
        }
        let cards = st.piles.cards(QUEUE[side.index()]).to_vec();
        for c in cards {
            let _ = st.piles.move_card(c, QUEUE[side.index()], DISCARD);
        }
        log.info(|| format!("{}'s operations queue ends: {why}; its cards are discarded (FtP 20)", side.name()));
    }
}
