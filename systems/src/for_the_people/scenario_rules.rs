//! FtP 15 (the 1863 scenario, Spanish edition): the scenario's special rules that need
//! bookkeeping across the game. Each is a `[[special_rule]]` of the scenario file, typed at load
//! (`SpecialRuleId`); a scenario (or a mod's) that lists one gets it, in the editions it names.
//! The other two special rules live where they act: no Union naval move in the first turn
//! (naval.rs) and no reorganization move in the first turn (generals.rs); Grant's placement at
//! Memphis is a `[[placement]]` (reinforce.rs).
//!
//! * `first-campaign-card-one-activation-per-state` (ES 15, second special rule: "si la primera
//!   carta que juega uno de los jugadores es una carta de campaña, a esta se le aplica la
//!   limitación de una activación por estado"): when the card a player plays in his first
//!   strategy round of the scenario is a campaign card played as its event (4.3; for the CSA
//!   also when it plays first with it, 3.3.1), no two of that campaign's moves may be activations
//!   in the same state. By our reading, the state of an activation is the state of the space where the
//!   activated force starts its move (an army's or a general's space, a division's space, a naval
//!   move's port); "the first card" is the card of the player's first strategy round (an
//!   interrupt played during the enemy's round is no round of his own, 4.2.5). The rule names
//!   no other limitation "per state", so none is applied.
//! * `blockade-obligation` (ES 15, fifth special rule): if at any time in the scenario the Union
//!   holds a strategy card whose event raises the blockade level (cards.toml `blockade =
//!   "raise"`, 10.5.3) and does not raise the blockade with one of them, the Union loses the
//!   victory's `blockade_obligation_sw` (-10) SW at the end of the scenario, without Change of
//!   Fortune (12). Never holding such a card, no penalty; holding several, playing one of them as
//!   its event is enough. "Holds" is any time the card is in the Union hand after an action
//!   (dealt, drawn or taken by an event). Playing the card as its event fulfils the obligation
//!   even if the level cannot rise (already at its maximum, 10.5.3): the seed's last sentence
//!   ("solo necesita jugar una de ellas como evento") makes the play the test.

use super::FtP;
use super::content::{BlockadeEffect, CardNo, GeneralId, Side, SpecialRuleId};
use super::state::*;
use bivouac_engine::map::graph::SpaceId;
use serde::{Deserialize, Serialize};

/// FtP 15 bookkeeping.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioRulesSt {
    /// FtP 15 blockade obligation: the Union has held a blockade-raising card.
    pub blockade_card_held: bool,
    /// FtP 15 blockade obligation: the Union played one as its event.
    pub blockade_card_played: bool,
    /// FtP 15 first campaign card: the states (bit per state) of the moves already activated by
    /// the campaign under the one-activation-per-state limit; `None` when no such campaign is
    /// under way.
    pub campaign_states: Option<u64>,
}

impl FtP {
    fn special_rule(&self, st: &State, id: SpecialRuleId) -> bool {
        self.c.scenarios[st.sc as usize].special_rule(id, st.edition)
    }

    fn raises_blockade(&self, card: CardNo) -> bool {
        self.c.card(card).is_some_and(|d| d.blockade == Some(BlockadeEffect::Raise))
    }

    /// FtP 15 blockade obligation, after every action: a blockade-raising card in the Union hand.
    pub(super) fn blockade_duty_watch(&self, st: &mut State) {
        if st.sc_rules.blockade_card_held || !self.special_rule(st, SpecialRuleId::BlockadeObligation) {
            return;
        }
        if st.piles.cards(HAND[Side::Union.index()]).iter().any(|c| self.raises_blockade(c.0 as CardNo + 1)) {
            st.sc_rules.blockade_card_held = true;
        }
    }

    /// FtP 15 blockade obligation: `side` plays `card` as its event.
    pub(super) fn blockade_duty_played(&self, st: &mut State, side: Side, card: CardNo) {
        if side == Side::Union && self.raises_blockade(card) && self.special_rule(st, SpecialRuleId::BlockadeObligation) {
            st.sc_rules.blockade_card_held = true;
            st.sc_rules.blockade_card_played = true;
        }
    }

    /// FtP 15 blockade obligation: the SW the Union loses at the end of the scenario (`sw` is the
    /// victory's `blockade_obligation_sw`, negative).
    pub(super) fn blockade_duty_penalty(&self, st: &State, sw: i16) -> i16 {
        let failed = st.sc_rules.blockade_card_held && !st.sc_rules.blockade_card_played;
        if failed && self.special_rule(st, SpecialRuleId::BlockadeObligation) { sw } else { 0 }
    }

    /// FtP 15 first campaign card: `side` starts a campaign event; in its first strategy round
    /// of the scenario, the campaign's moves are limited to one per state.
    pub(super) fn campaign_state_limit_starts(&self, st: &mut State, side: Side) {
        let first_round = st.own_round[side.index()][0] == 0;
        let limited = first_round && self.special_rule(st, SpecialRuleId::FirstCampaignCardOneActivationPerState);
        st.sc_rules.campaign_states = limited.then_some(0);
    }

    /// The space where the force an activation action moves starts.
    fn activation_space(&self, st: &State, a: &Action) -> Option<Sp> {
        let general = |g: GeneralId| match st.generals[g as usize] {
            GenAt::Map(s) => Some(s),
            GenAt::Army(x) => st.armies[x as usize].map(|x| x.space),
            _ => None,
        };
        match *a {
            Action::MoveArmy { army } | Action::MoveArmyDivision { army, .. } | Action::NavalArmy { army } => st.armies[army as usize].map(|x| x.space),
            Action::MoveCorps { general: g, .. } | Action::MoveBrigade { general: g } => general(g),
            Action::MoveDivision { space, .. } | Action::NavalMove { space, .. } => Some(space),
            _ => None,
        }
    }

    fn state_bit(&self, s: Sp) -> u64 {
        1u64 << (self.c.map.space(SpaceId(s)).state as u32 % 64)
    }

    /// FtP 15 first campaign card: drop the campaign activations in a state already used.
    pub(super) fn campaign_state_filter(&self, st: &State, out: &mut Vec<Action>) {
        let Some(used) = st.sc_rules.campaign_states else { return };
        out.retain(|a| self.activation_space(st, a).is_none_or(|s| used & self.state_bit(s) == 0));
    }

    /// FtP 15 first campaign card: the activation `a` (not yet performed) uses its state.
    pub(super) fn campaign_state_used(&self, st: &mut State, a: &Action) {
        if st.sc_rules.campaign_states.is_none() {
            return;
        }
        if let Some(s) = self.activation_space(st, a) {
            let bit = self.state_bit(s);
            if let Some(m) = st.sc_rules.campaign_states.as_mut() {
                *m |= bit;
            }
        }
    }

    /// FtP 15 first campaign card: the rule a refused campaign activation breaks, if this one.
    pub(super) fn campaign_state_rule(&self, st: &State, a: &Action) -> Option<&'static str> {
        let used = st.sc_rules.campaign_states?;
        let s = self.activation_space(st, a)?;
        (matches!(st.flow.top(), Some(Frame::Campaign { .. })) && used & self.state_bit(s) != 0).then_some("FtP 15")
    }
}
