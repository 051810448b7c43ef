//! The sequence of play (FtP 3) and every action, as a state machine over the state's Flow.
//!
//! `proceed` runs the automatic steps until a decision is owed; `legal` lists the decisions of
//! the top frame (complete); `perform` carries out one legal action.

use super::FtP;
use super::content::{ArmyId, CardFlag, CardNo, Control, CsaRailBuild, EventSide, FortReturn, GeneralId, LinkKind, Season, Side, StateSide, VictoryKind};
use super::rules::other;
use super::sw_order::SwRule;
use super::state::*;
use bivouac_engine::flow::{At, Procedure, drive};
use bivouac_engine::log::{Log, Refusal};
use bivouac_engine::map::graph::SpaceId;
use bivouac_engine::piles::CardId;

fn cid(n: CardNo) -> CardId {
    CardId(n as u16 - 1)
}

/// The runs of `FtP::gens_by_space` (`spaces`, `placed`): each space that has generals, in
/// ascending order, with its generals.
fn space_groups<'a>(spaces: &'a [Sp], placed: &'a [GeneralId]) -> impl Iterator<Item = (Sp, &'a [GeneralId])> + 'a {
    let mut first = 0;
    std::iter::from_fn(move || {
        let &s = spaces.get(first)?;
        let last = first + spaces[first..].iter().take_while(|&&x| x == s).count();
        let gens = &placed[first..last];
        first = last;
        Some((s, gens))
    })
}

impl FtP {
    // ------------------------------------------------------------------------------------
    // Strategic Will (FtP 12)
    // ------------------------------------------------------------------------------------

    /// Change a side's SW; FtP 12.4 Change of Fortune: a gain flipping the marker from "-" to
    /// "+" gains 2 more, a loss flipping it from "+" to "-" loses 3 more. SW never goes below 0.
    pub fn add_sw(&self, st: &mut State, side: Side, delta: i16, log: &mut Log, why: &str) {
        if delta == 0 {
            return;
        }
        let i = side.index();
        // In i32: a change near the type's bounds never wraps (FtP 12.4's +2 and -3 included).
        let mut d = delta as i32;
        if delta > 0 && !st.sw_plus[i] {
            st.sw_plus[i] = true;
            d += 2;
        } else if delta < 0 && st.sw_plus[i] {
            st.sw_plus[i] = false;
            d -= 3;
        }
        st.sw[i] = (st.sw[i] as i32 + d).clamp(0, i16::MAX as i32) as i16;
        log.info(|| format!("{} SW {:+} ({why}) -> {}", side.name(), d, st.sw[i]));
    }

    // ------------------------------------------------------------------------------------
    // Turn start: Reinforcement Phase (FtP 3.1, 10)
    // ------------------------------------------------------------------------------------

    pub fn begin_turn(&self, st: &mut State, log: &mut Log) {
        let sc = &self.c.scenarios[st.sc as usize];
        let td = &self.c.turns[st.turn as usize - 1];
        log.info(|| format!("Turn {} ({:?} {})", st.turn, td.season, td.year));
        st.phase = Phase::Reinforcement;
        // FtP 3.1: the first turn of a scenario performs only its listed steps.
        let generals = if st.turn == sc.first_turn { sc.first_turn_phase.contains(&super::content::ReinforcementStep::Generals) } else { td.generals };
        // Scenario placements fixed by the rules (15: Grant at Memphis).
        let fixed: Vec<(GeneralId, Sp)> = sc.placements.iter().filter(|p| p.turn == st.turn && p.edition.is_none_or(|e| e == st.edition)).map(|p| (p.general, p.space.0)).collect();
        for (g, s) in fixed {
            if matches!(st.generals[g as usize], GenAt::Track(_)) {
                self.put_general(st, g, s);
            }
        }
        // FtP 3.1 a: reinforcement SP (none in Fall 1861, 10.7); blockade runners never in a
        // scenario's first turn (10.5.1).
        let step_a = |x: bool| if st.turn == sc.first_turn { sc.first_turn_phase.contains(&super::content::ReinforcementStep::Sp) && x } else { x };
        let (u_sp, c_sp) = (step_a(td.union_sp), step_a(td.csa_sp));
        let strategic = if st.turn == sc.first_turn { sc.first_turn_phase.contains(&super::content::ReinforcementStep::Strategic) } else { td.strategic };
        st.strat_used = [0, 0];
        st.rail.army_sp = [0, 0];
        let br = td.br_rolls && st.turn != sc.first_turn;
        if generals {
            // FtP 3.1 c: Union first, then CSA (the top frame is owed first).
            for side in [Side::Csa, Side::Union] {
                if !self.arriving(st, side).is_empty() {
                    st.flow.push(Frame::PlaceGenerals { side });
                }
            }
        }
        if strategic {
            // FtP 3.1 b: Union first, then CSA.
            st.flow.push(Frame::Strategic { side: Side::Csa });
            st.flow.push(Frame::Strategic { side: Side::Union });
        }
        self.begin_reinforcements(st, u_sp, c_sp, br, log);
        for side in [Side::Csa, Side::Union] {
            if !self.reinforce_spaces(st, side).is_empty() {
                st.flow.push(Frame::Reinforce { side });
            }
        }
        if !generals {
            // No step c this turn: arrivals wait for the next Reinforcement Phase.
            for at in st.generals.iter_mut() {
                if let GenAt::Track(t) = at
                    && *t <= st.turn
                {
                    *t = st.turn + 1;
                }
            }
        }
    }

    pub fn arriving(&self, st: &State, side: Side) -> Vec<GeneralId> {
        (0..st.generals.len() as GeneralId).filter(|&g| self.gen_side(g) == side && matches!(st.generals[g as usize], GenAt::Track(t) if t <= st.turn)).collect()
    }

    /// FtP 10.6.1: spaces that may receive an arriving general.
    pub(super) fn general_spaces(&self, st: &State, side: Side) -> Vec<Sp> {
        let sup = self.supplied(st, side);
        // The side's generals outside any army, per space, and the generals of each army: one
        // pass over the generals (counting them for each space walked them all).
        let (mut loose, mut on_army) = (vec![0usize; self.c.map.len()], vec![0usize; st.armies.len()]);
        for (g, at) in st.generals.iter().enumerate() {
            match *at {
                GenAt::Map(s) if self.gen_side(g as GeneralId) == side => loose[s as usize] += 1,
                GenAt::Army(a) => on_army[a as usize] += 1,
                _ => {}
            }
        }
        // FtP 10.6.1: a space with a LOC and a friendly SP, at least 1 SP per general there.
        let room = |s: Sp| {
            // (Loose SP first: `infantry` looks for the army in the space.)
            if !sup[s as usize] || (st.sp[s as usize][side.index()] == 0 && self.infantry(st, side, s) == 0) {
                return false;
            }
            let gens = loose[s as usize] + self.army_in(st, side, s).map_or(0, |a| on_army[a as usize]);
            gens < self.strength(st, side, s) as usize
        };
        // FtP 10.6.2: a supplied army with no general must get one first (with room for him:
        // a cavalry general drawn for it becomes a brigade and absorbs one of its SP, 10.6.4).
        let generic: Vec<Sp> = st
            .armies
            .iter()
            .enumerate()
            .filter_map(|(a, x)| x.filter(|x| x.commander.is_none() && self.army_side(a as u8) == side && room(x.space)).map(|x| x.space))
            .collect();
        if !generic.is_empty() {
            return generic;
        }
        (0..self.c.map.len() as Sp).filter(|&s| room(s)).collect()
    }

    /// Put a general on the map: into the army there, or loose; a cavalry general absorbs one
    /// infantry SP and becomes a brigade (FtP 5.5.1, 10.6.4).
    pub(super) fn put_general(&self, st: &mut State, g: GeneralId, s: Sp) {
        let side = self.gen_side(g);
        let army = self.army_in(st, side, s);
        if self.is_cav(st, g) {
            if st.sp[s as usize][side.index()] > 0 {
                st.sp[s as usize][side.index()] -= 1;
            } else if let Some(a) = army
                && let Some(x) = st.armies[a as usize].as_mut()
                && x.sp > 0
            {
                x.sp -= 1;
            }
        }
        match army {
            Some(a) => {
                st.generals[g as usize] = GenAt::Army(a);
                // FtP 10.6.2, 10.6.3: the first general placed commands, with no SW penalty.
                let cav = self.is_cav(st, g);
                if let Some(x) = st.armies[a as usize].as_mut()
                    && x.commander.is_none()
                    && !cav
                {
                    x.commander = Some(g);
                }
            }
            None => st.generals[g as usize] = GenAt::Map(s),
        }
    }

    // ------------------------------------------------------------------------------------
    // Card Phase (FtP 3.2)
    // ------------------------------------------------------------------------------------

    pub(super) fn deal(&self, st: &mut State, log: &mut Log) {
        let n = self.c.turns[st.turn as usize - 1].cards;
        for side in [Side::Union, Side::Csa] {
            Self::draw_cards(st, side, n as usize, log);
        }
        log.draw(None, || format!("each player is dealt {n} cards (FtP 3.2)"));
    }

    /// FtP 3.2: `k` cards from the deck to `side`'s hand (fewer if the deck and the discards
    /// run out). "Siempre que se agote el mazo" the discards (plus any undrawn cards) form a new
    /// deck: reading, option `reshuffle-timing` = `last-card` (default) reshuffles the moment the
    /// last card is drawn, without the cards played after; `next-draw` when a draw finds the
    /// deck empty. A draw that finds the deck empty reshuffles under either reading.
    pub(super) fn draw_cards(st: &mut State, side: Side, k: usize, log: &mut Log) {
        for _ in 0..k {
            if st.piles.is_empty(DECK) {
                Self::reshuffle(st, log);
            }
            if st.piles.move_top(DECK, HAND[side.index()]).is_none() {
                break;
            }
            if st.piles.is_empty(DECK) && !st.opts.reshuffle_next_draw {
                Self::reshuffle(st, log);
            }
        }
    }

    fn reshuffle(st: &mut State, log: &mut Log) {
        if st.piles.reshuffle_into(DISCARD, DECK, &mut st.rng) > 0 {
            log.info(|| "the deck is exhausted: the discards are reshuffled into a new deck (FtP 3.2)".into());
        }
    }

    // ------------------------------------------------------------------------------------
    // The automatic flow
    // ------------------------------------------------------------------------------------

    /// Housekeeping, then the phases' automatic steps through the engine's flow driver (the
    /// [`Procedure`] below) until a decision is owed, then the checks after every step.
    pub fn proceed(&self, st: &mut State, log: &mut Log) -> Result<(), Refusal> {
        // FtP 4.3.1: an event's frames done, the campaign they interrupted has its records back.
        self.restore_campaign(st);
        // FtP 5.6.7 A 1 (optional): a command given to McClellan by the action just made.
        self.mcclellan_command(st, log);
        // FtP 5.6.7 C, D: a brigade that left the map returns at 1 SP.
        self.strong_cleanup(st);
        self.settle_space_losses(st, log);
        self.push_choices(st);
        drive(self, st, log)?;
        // FtP 15: the Union holding a blockade-raising card (the 1863 blockade obligation).
        self.blockade_duty_watch(st);
        // FtP 17.2 (option auto-victory-timing): an automatic victory at once.
        self.immediate_victory(st, log);
        Ok(())
    }

    pub(super) fn campaign_cards(&self, st: &State, side: Side) -> Vec<CardNo> {
        st.piles
            .cards(HAND[side.index()])
            .iter()
            .map(|c| c.0 as CardNo + 1)
            .filter(|&n| {
                let d = self.c.card(n).expect("card in range");
                (d.has(CardFlag::MajorCampaign) || d.has(CardFlag::MinorCampaign)) && Self::event_side_ok(d.event, side)
            })
            .collect()
    }

    pub(super) fn event_side_ok(e: EventSide, side: Side) -> bool {
        matches!((e, side), (EventSide::Both, _) | (EventSide::Union, Side::Union) | (EventSide::Csa, Side::Csa))
    }

    // ------------------------------------------------------------------------------------
    // Legal actions
    // ------------------------------------------------------------------------------------

    /// The legal actions, listed afresh (`legal` reuses the last listing: see `derived`).
    #[cfg(test)]
    pub(super) fn legal_now(&self, st: &State) -> Vec<Action> {
        let mut out = Vec::new();
        self.legal_now_into(st, &mut out);
        out
    }

    /// `legal_now`, appended to `out` (a buffer the caller may reuse across listings).
    pub(super) fn legal_now_into(&self, st: &State, out: &mut Vec<Action>) {
        let Some(&top) = st.flow.top() else { return };
        match top {
            Frame::Reinforce { side } => {
                out.extend(self.reinforce_spaces(st, side).into_iter().map(|space| Action::Reinforce { space }));
                if out.is_empty() {
                    out.push(Action::Done);
                }
            }
            Frame::Strategic { side } => {
                self.strategic_moves_into(st, side, out);
                out.push(Action::Done);
            }
            Frame::PlaceGenerals { side } => {
                let spaces = self.general_spaces(st, side);
                out.extend(spaces.into_iter().map(|space| Action::PlaceGeneral { space }));
                if out.is_empty() {
                    out.push(Action::Done);
                }
            }
            Frame::FirstPlayer => {
                out.push(Action::UnionFirst);
                out.extend(self.campaign_cards(st, Side::Csa).into_iter().map(|card| Action::CsaFirst { card }));
            }
            // FtP 4.2.6, 4.6: the card taken by "Forward to Richmond!" must be used now.
            Frame::Round { side } if self.forward_card(st, side).is_some() => out.extend(self.forward_card(st, side).map(|card| Action::Ops { card })),
            // FtP 4.2.6 reading, option `forward-no-army`: no army can move with it, the card
            // is still the Union's play (for OPs, or as its event).
            Frame::Round { side } if self.forward_bound(st, side).is_some() => {
                let card = self.forward_bound(st, side).expect("bound card");
                if self.may_play_ops(st, side, card) {
                    out.push(Action::Ops { card });
                }
                if self.event_playable(st, side, card) {
                    out.push(Action::Event { card });
                }
            }
            // FtP 4.4.1, 4.4.2: a special event whose conditions are met must be played.
            Frame::Round { side } if self.forced_special(st, side).is_some() => out.extend(self.forced_special(st, side).map(|card| Action::Event { card })),
            Frame::Round { side } => {
                for &c in st.piles.cards(HAND[side.index()]) {
                    let card = c.0 as CardNo + 1;
                    let d = self.c.card(card).expect("card");
                    if self.may_play_ops(st, side, card) {
                        out.push(Action::Ops { card });
                    }
                    if self.event_playable(st, side, card) {
                        out.push(Action::Event { card });
                    }
                    if self.may_discard(side, card) {
                        out.push(Action::Discard { card });
                    }
                    let _ = d;
                }
                self.queue_card_actions(st, side, out);
            }
            // FtP 20: the queued general's activation is due.
            Frame::Ops { side, value, .. } if self.queue_firing(st, side) => self.queue_fire_actions(st, side, value, out),
            Frame::Ops { card, value, .. } if st.forward == Some(card) && !self.forward_armies(st, value).is_empty() => out.extend(self.forward_armies(st, value)),
            // A naval event's move (#57-#59, FtP 6.1): a naval move or nothing.
            Frame::Ops { side, value, .. } if st.naval.event.is_some() => {
                self.naval_activations(st, side, value, false, out);
                out.push(Action::Done);
            }
            Frame::Ops { side, card, value } => {
                self.activations(st, side, value, false, out);
                self.naval_activations(st, side, value, false, out);
                self.other_ops(st, side, value, out);
                self.queue_open_actions(st, side, card, value, out);
                out.push(Action::Done);
            }
            Frame::Campaign { side, .. } if st.concentration.is_some() => {
                out.extend(self.concentration_moves(st, side).into_iter().filter(|a| self.concentration_force_ok(st, a)));
                out.push(Action::Done);
            }
            Frame::Campaign { side, .. } => {
                self.activations(st, side, 3, true, out);
                self.naval_activations(st, side, 3, true, out);
                // FtP 15: a first campaign card of the 1863 scenario, one activation per state.
                self.campaign_state_filter(st, out);
                out.push(Action::Done);
            }
            Frame::Pcs { side, .. } => {
                out.extend(self.pc_spaces(st, side).into_iter().map(|space| Action::Pc { space }));
                out.extend(self.raid_spaces(st, side).into_iter().map(|space| Action::Raid { space }));
                out.push(Action::Done);
            }
            Frame::Move => {
                let m = st.moving.as_ref().expect("a moving force");
                if !m.halted {
                    for to in self.steps(st, m) {
                        out.push(Action::Step { to });
                    }
                    if self.may_convert(st, m) {
                        out.push(Action::Convert);
                    }
                    self.pickup_actions(st, m, out);
                    // FtP 5.6.7 B, D: swap to the cavalry-brigade counter.
                    self.counter_actions(st, top, out);
                }
                out.push(Action::Stop);
                self.ordered_actions(st, m, out);
            }
            Frame::Retreat { side, from, not, before, .. } => {
                out.extend(self.retreat_choices(st, side, from, not, before).into_iter().map(|space| Action::RetreatTo { space }));
            }
            Frame::Rbb { .. } => {
                out.push(Action::Withdraw);
                out.push(Action::Stand);
            }
            Frame::Excess { side, space, .. } => {
                out.extend(self.excess_candidates(st, side, space).into_iter().map(|general| Action::Remove { general }));
            }
            Frame::Intercept { side, to } => {
                for from in self.interceptors(st, side, to) {
                    self.intercept_actions(st, side, from, out);
                }
                // FtP 4.2.5, 5.8: with the `intercept_two` card (#102), from two spaces away.
                for from in self.far_interceptors(st, side, to) {
                    self.intercept_actions(st, side, from, out);
                }
                out.push(Action::Decline);
            }
            Frame::Capital { side } => {
                out.extend(self.capital_spaces(st, side).into_iter().map(|space| Action::Capital { space }));
            }
            Frame::SwOrder { side } => self.sw_order_actions(st, side, out),
            Frame::Naval => self.sail_targets(st, out),
            Frame::Event => out.extend(st.events.last().and_then(|e| e.ask.as_ref()).into_iter().flat_map(|a| a.options.iter()).map(|&option| Action::Choose { option })),
            Frame::Interrupt { side } => {
                out.extend(self.interrupts(st, side).into_iter().map(|card| Action::Event { card }));
                out.push(Action::Decline);
            }
            Frame::TwoArmies { .. } | Frame::Succession { .. } | Frame::Lead { .. } | Frame::Losses { .. } => self.choice_actions(st, top, out),
            Frame::Relieved { .. } | Frame::Reorg { .. } | Frame::ReorgGeneral { .. } => self.general_actions(st, top, out),
            Frame::SpaceLosses { .. } => self.space_loss_actions(st, top, out),
            Frame::Elite { side, space } => self.elite_actions(st, side, space, out),
            Frame::Counter { .. } => self.counter_actions(st, top, out),
        }
        // FtP 5.6.7 C, D (optional): a brigade may grow to 2 SP at any time.
        self.grow_actions(st, top, out);
    }

    /// FtP 4.2: campaign cards (4.3) and the cards with an event script playable now.
    pub(super) fn event_playable(&self, st: &State, side: Side, card: CardNo) -> bool {
        let d = self.c.card(card).expect("card");
        if d.has(CardFlag::MajorCampaign) || d.has(CardFlag::MinorCampaign) {
            return Self::event_side_ok(d.event, side) && st.phase == Phase::Strategy;
        }
        self.script_event_playable(st, side, card, super::events::Timing::Round)
    }

    /// FtP 4.2.3: special events can never be discarded voluntarily, nor the cards naming a side.
    pub(super) fn may_discard(&self, side: Side, card: CardNo) -> bool {
        let d = self.c.card(card).expect("card");
        if d.has(CardFlag::Special) {
            return false;
        }
        !d.no_voluntary_discard.is_some_and(|e| Self::event_side_ok(e, side))
    }

    /// FtP 5.3.4: generals left behind in `s` must keep at least one SP (or a fort) there.
    pub(super) fn leaves_ok(&self, st: &State, side: Side, s: Sp, sp_left: u8, leaving: &[GeneralId]) -> bool {
        let gens: Vec<GeneralId> = self.gens_at(st, side, s).collect();
        self.leaves_ok_among(st, &gens, sp_left, leaving, self.has_fort(st, s) || self.army_in(st, side, s).is_some())
    }

    /// `leaves_ok` with the space's generals outside any army (`gens`, as `gens_at` lists them)
    /// and whether a fort or the side's army holds it (`held`) already known: the operations
    /// listing asks it of every force of a space.
    fn leaves_ok_among(&self, st: &State, gens: &[GeneralId], sp_left: u8, leaving: &[GeneralId], held: bool) -> bool {
        if sp_left > 0 || held {
            return true;
        }
        // FtP 5.3.4: infantry generals may stay alone only with a cavalry brigade beside them.
        let (mut cav, mut inf) = (0, 0);
        for &g in gens.iter().filter(|g| !leaving.contains(g)) {
            if self.is_cav(st, g) { cav += 1 } else { inf += 1 }
        }
        inf == 0 || cav > 0
    }

    /// The generals of `side` on the map outside any army, by space (`gens_at` of every space
    /// at once, in the same order): `(spaces, generals)`, both sorted by space then general.
    fn gens_by_space(&self, st: &State, side: Side) -> (Vec<Sp>, Vec<GeneralId>) {
        let mut placed: Vec<(Sp, GeneralId)> = st
            .generals
            .iter()
            .enumerate()
            .filter_map(|(g, at)| match *at {
                GenAt::Map(s) if self.c.generals[g].side == side => Some((s, g as GeneralId)),
                _ => None,
            })
            .collect();
        placed.sort_unstable();
        placed.into_iter().unzip()
    }

    /// Activations of FtP 5.1.4 (an OPs card of value >= strategy rating) or of a campaign move
    /// (any general, FtP 4.3.1), each force at most once per campaign.
    pub(super) fn activations(&self, st: &State, side: Side, value: u8, campaign: bool, out: &mut Vec<Action>) {
        // FtP 5.3.6: corps detached from armies.
        self.detach_activations(st, side, value, campaign, out);
        let rated = |g: GeneralId| campaign || self.c.generals[g as usize].strategy <= value;
        // Armies (FtP 5.2.3); a generic commander cannot move voluntarily (FtP 5.2.8).
        for (a, x) in st.armies.iter().enumerate() {
            let a = a as u8;
            if let Some(x) = x
                && self.army_side(a) == side
                && let Some(cmd) = x.commander
                && rated(cmd)
                && !(campaign && st.campaign_armies.contains(&a))
                // FtP 4.3.1: nor an army that absorbed a general who moved on this card.
                && !(campaign && self.army_gens(st, a).iter().any(|g| st.campaign_used.contains(g)))
            {
                let _ = x;
                out.push(Action::MoveArmy { army: a });
            }
        }
        // FtP 5.4.1, 5.4.4: a division of 1-3 SP (at most the card's value) may start from inside
        // an army; taking its last SP eliminates it (`activate`).
        // FtP 4.3.1: not from an army that has moved (or given a division) on this campaign
        // card: no SP moves twice, each move a different force.
        let division_max = if campaign { 3 } else { value.min(3) };
        for (a, x) in st.armies.iter().enumerate() {
            if let Some(x) = x
                && self.army_side(a as ArmyId) == side
                && !(campaign && st.campaign_armies.contains(&(a as ArmyId)))
            {
                out.extend((1..=x.sp.min(division_max)).map(|sp| Action::MoveArmyDivision { army: a as ArmyId, sp }));
            }
        }
        // Each space's generals, found in one pass over the generals.
        let (spaces, placed) = self.gens_by_space(st, side);
        let mut first = 0;
        for s in 0..self.c.map.len() as Sp {
            let loose = st.sp[s as usize][side.index()];
            let last = first + spaces[first..].iter().take_while(|&&x| x == s).count();
            let gens = &placed[first..last];
            first = last;
            if loose == 0 && gens.is_empty() {
                continue;
            }
            // FtP 5.3.4: a fort or the side's army keeps generals company.
            let held = self.has_fort(st, s) || self.army_in(st, side, s).is_some();
            let used = |g: GeneralId| campaign && st.campaign_used.contains(&g);
            // FtP 4.3.1: SP that already moved on this campaign card stay where they are.
            let free = loose - if campaign { self.campaign_moved_sp(st, side, s) } else { 0 };
            for &g in gens {
                if used(g) || !rated(g) {
                    continue;
                }
                if self.is_cav(st, g) {
                    // FtP 5.5.2: a brigade moves when its general is activated.
                    if self.leaves_ok_among(st, gens, loose, &[g], held) {
                        out.push(Action::MoveBrigade { general: g });
                    }
                    continue;
                }
                // FtP 5.3.2, 5.3.3: up to 6 SP and one extra general of lower or equal PR; a
                // brigade as the extra general counts as one of the 6 SP.
                let extras = gens.iter().copied().filter(|&e| e != g && !used(e) && self.pr(e) <= self.pr(g)).map(Some);
                for extra in std::iter::once(None).chain(extras) {
                    // FtP 5.6.7 C, D: a 2-SP brigade counts 2.
                    let cav_extra = self.brigades_sp(st, extra) as u8;
                    let leaving = [g, extra.unwrap_or(g)];
                    // FtP 5.3.2 example, 5.6.6: a general may also move without SP.
                    for n in 0..=free.min(self.c.movement.corps.max_sp.saturating_sub(cav_extra)) {
                        if self.leaves_ok_among(st, gens, loose - n, &leaving, held) {
                            out.push(Action::MoveCorps { general: g, sp: n, extra });
                        }
                    }
                }
            }
            // FtP 5.4.1: 1-3 SP, no more than the card's value (any 1-3 for a campaign move).
            let max = if campaign { 3 } else { value.min(3) };
            for n in 1..=free.min(max) {
                if self.leaves_ok_among(st, gens, loose - n, &[], held) {
                    out.push(Action::MoveDivision { space: s, sp: n });
                }
            }
        }
    }

    pub(super) fn other_ops(&self, st: &State, side: Side, value: u8, out: &mut Vec<Action>) {
        let sup = self.supplied(st, side);
        // FtP 4.1 B, 5.2.1: create an army with a 2 or 3 card (FtP 19: from a rail LOC).
        if value >= 2 {
            let mut army_sup = sup.clone();
            self.rail_army_creation(st, side, &mut army_sup);
            let free: Vec<u8> = (0..st.armies.len() as u8).filter(|&a| self.army_side(a) == side && st.armies[a as usize].is_none() && st.army_ready[a as usize] <= st.turn).collect();
            if let Some(&army) = free.first() {
                // Only spaces with a general outside any army, found in one pass over the
                // generals (not a pass per space).
                let (spaces, placed) = self.gens_by_space(st, side);
                for (s, gens) in space_groups(&spaces, &placed) {
                    if !st.controls(side, s) || !army_sup[s as usize] || self.army_in(st, side, s).is_some() {
                        continue;
                    }
                    let infantry = || gens.iter().copied().filter(|&g| !self.is_cav(st, g));
                    // FtP 5.2.2: the highest political rating commands; the owner breaks ties.
                    let Some(best) = infantry().map(|g| self.pr(g)).max() else { continue };
                    if self.strength(st, side, s) < 5 {
                        continue;
                    }
                    for g in infantry().filter(|&g| self.pr(g) == best) {
                        out.push(Action::CreateArmy { space: s, army, commander: g });
                    }
                }
            }
        }
        // FtP 4.1 E, 6.8.6: build a fort (edition minimum value, counter limit).
        let ed = &self.c.editions[st.edition as usize];
        let min = if side == Side::Union { ed.fort_build_min_ops.union } else { ed.fort_build_min_ops.csa };
        let max = if side == Side::Union { self.forts_max[0] } else { self.forts_max[1] };
        // FtP 6.8.6 (ES): counters waiting on the turn track are not available.
        let have = st.fort.iter().filter(|f| **f == Some(side)).count() + st.forts_track[side.index()] as usize;
        if value >= min && have < max as usize {
            for s in 0..self.c.map.len() as Sp {
                // FtP 6.8.6: a controlled space in supply, with no fort and no enemy SP.
                if st.controls(side, s) && !self.has_fort(st, s) && sup[s as usize] && self.strength(st, other(side), s) == 0 {
                    out.push(Action::BuildFort { space: s });
                }
            }
        }
        // FtP 4.1 F, 11.3: place PCs (FtP 5.5.3: or remove enemy PCs with cavalry).
        if self.any_pc_space(st, side) || !self.raid_spaces(st, side).is_empty() {
            out.push(Action::PlacePcs);
        }
        // FtP 5.9.3 (IT 5.93): in 1864 or 1865 the CSA completes the railroads with a card of
        // any value.
        let years = self.c.turns.get(st.turn as usize - 1).is_some_and(|t| t.year >= 1864);
        if side == Side::Csa && years && self.c.editions[st.edition as usize].csa_rail_build == CsaRailBuild::CsaOps1864 && !self.csa_railroads_built(st) {
            out.push(Action::BuildRailroads);
        }
        // FtP 5.6.1, 5.6.5: relief and reorganization, with a card of any value.
        self.general_ops(st, side, out);
    }

    /// One PC placed or removed (FtP 11.3, 5.5.3): the step ends with the OPs or the spaces.
    pub(super) fn pcs_used(&self, st: &mut State, side: Side, left: u8) {
        if left <= 1 || (self.pc_spaces(st, side).is_empty() && self.raid_spaces(st, side).is_empty()) {
            st.flow.pop();
        } else {
            st.flow.replace(Frame::Pcs { side, left: left - 1 });
        }
    }

    /// FtP 11.3: where a PC may be placed with OPs now.
    pub(super) fn pc_spaces(&self, st: &State, side: Side) -> Vec<Sp> {
        self.pc_spaces_iter(st, side).collect()
    }

    /// Whether `pc_spaces` names any space (the first found ends the search): the operations
    /// listing only offers to place PCs.
    pub(super) fn any_pc_space(&self, st: &State, side: Side) -> bool {
        self.pc_spaces_iter(st, side).next().is_some()
    }

    /// `pc_spaces`, found as they are asked for.
    fn pc_spaces_iter<'a>(&'a self, st: &'a State, side: Side) -> impl Iterator<Item = Sp> + 'a {
        // FtP 11.2.1, 11.3 B: PCs by OPs need the capital on the map.
        let capital = st.capital[side.index()].is_some();
        let sup = if capital { self.supplied(st, side) } else { Vec::new() };
        let n = if capital { self.c.map.len() as Sp } else { 0 };
        (0..n).filter(move |&s| self.pc_space_ok(st, side, &sup, s))
    }

    /// FtP 11.3: whether `side` may place a PC in `s` with OPs (`sup`: its supplied spaces).
    fn pc_space_ok(&self, st: &State, side: Side, sup: &[bool], s: Sp) -> bool {
        if st.controls(side, s) {
            return false;
        }
        // FtP 11.3 A: a space with a friendly supplied infantry SP, or a still-neutral
        // border-state space (asked before the costlier enemy presence, a pure test too).
        let base = (self.original(s) == StateSide::Border && st.control(s) == Control::Neutral) || (sup[s as usize] && self.infantry(st, side, s) > 0);
        base && !self.enemy_occupied(st, side, s)
    }

    /// The effective kind of a link this turn (FtP 5.9.3: the 1864 railroads, ES automatically
    /// from Spring 1864, IT once the CSA completed them with an OPs card; already rail in a
    /// scenario that says so).
    pub(super) fn link_kind(&self, st: &State, l: &super::content::LinkDef) -> LinkKind {
        if l.upgrade_1864 && self.csa_railroads_built(st) { LinkKind::Rail } else { l.kind }
    }

    /// FtP 5.9.3: are the 1864 CSA railroads built? (FtP 16 option `csa-rail-1864`: a scenario's
    /// `csa_rail_built` holds unless the players chose `road`.)
    pub(super) fn csa_railroads_built(&self, st: &State) -> bool {
        (self.c.scenarios[st.sc as usize].csa_rail_built && !st.opts.csa_rail_road)
            || match self.c.editions[st.edition as usize].csa_rail_build {
                CsaRailBuild::AutomaticSpring1864 => st.turn >= 10,
                CsaRailBuild::CsaOps1864 => st.csa_rail_built,
            }
    }

    /// The kind of `l` if a land force of `side` (`strength` SP, moved with a card of `value`)
    /// may take it into `to`: roads and railroads, FtP 5.10's dashed links for the CSA with a
    /// 3-value or campaign card, no forbidden river crossing (6.2.4, 6.2.5, 6.5.1, unc.rs), no
    /// forbidden CSA entry into a coastal fort (6.8.2, 6.8.3). `unc` is computed on first need.
    /// `led`: the force has a general (FtP 5.10: a division, having none, never takes a dashed link).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn link_open(&self, st: &State, unc: &mut Option<super::unc::Unc>, side: Side, value: u8, led: bool, strength: u16, to: Sp, l: &super::content::LinkDef) -> Option<LinkKind> {
        let kind = self.link_kind(st, l);
        match kind {
            LinkKind::Road | LinkKind::Rail => {}
            // FtP 5.10: CSA generals only (with or without SP: "Solo los generales confederados
            // (con o sin UM)"), with a 3-value card or a campaign card.
            LinkKind::Dashed if side == Side::Csa && led && value >= 3 => {}
            _ => return None,
        }
        // FtP 6.2.4, 6.2.5, 6.5.1: river crossings (unc.rs).
        if l.bar.is_some() && self.river_crossing(st, unc.get_or_insert_with(|| self.unc(st)), side, to, l).is_err() {
            return None;
        }
        // FtP 6.8.2, 6.8.3: CSA entry into a coastal fort (naval.rs).
        if self.coastal_fort_entry(st, side, to, strength).is_err() {
            return None;
        }
        Some(kind)
    }

    /// Spaces the moving force may step into now (FtP 5.1, 5.4.2, 5.9, 5.10).
    pub(super) fn steps(&self, st: &State, m: &MoveSt) -> Vec<Sp> {
        let mut out = Vec::new();
        let bonus = self.c.movement.rail_bonus;
        let mut unc = None;
        // FtP 19 (8.1.3): with rail logistics, entering a space costs 1 or 2 MP.
        let rail = self.rail_for_move(st, m.side);
        let strength = self.moving_strength(st, m);
        for (t, l) in self.c.map.neighbors(SpaceId(m.at)) {
            let to = t.0;
            let Some(kind) = self.link_open(st, &mut unc, m.side, m.value, m.kind != Formation::Division, strength, to, l) else { continue };
            let cost = self.rail_entry_cost(st, m.side, to, rail.as_deref());
            if m.mp < cost {
                // FtP 5.9.1, 5.9.2: the +2 rail bonus, never for armies, whole move by rail
                // through friendly spaces, never into an enemy-occupied space.
                // FtP 4.2: an event in force may forbid the side's rail movement (`restrict`).
                let rail_ok = m.kind != Formation::Army
                    && m.rail_only
                    && kind == LinkKind::Rail
                    && st.controls(m.side, to)
                    && !self.enemy_occupied(st, m.side, to)
                    && !self.move_limited(st, m.side, super::events::MoveKind::Rail);
                // FtP 5.9.1: "Los generales que se desplazan independientemente de UM pueden
                // emplear el desplazamiento por ferrocarril pero el número de espacios que pueden
                // desplazarse es ilimitado": generals moving without SP, whole move by rail through
                // friendly spaces, go any distance (`steps` saturates at 255, beyond any shortest
                // rail path on the map, so a move always ends).
                let unlimited = self.generals_only(st, m) && m.steps < u8::MAX;
                if !(rail_ok && (unlimited || m.steps.saturating_add(cost) <= self.base_mp(m.kind) + bonus)) {
                    continue;
                }
            }
            if self.division_barred(st, m, to) {
                continue;
            }
            // FtP 5.6.6: a general moving without SP stays out of enemy spaces.
            if self.generals_only(st, m) && !self.generals_may_enter(st, m.side, to) {
                continue;
            }
            if !out.contains(&to) {
                out.push(to);
            }
        }
        out
    }

    /// FtP 5.4.2: a division may not enter an enemy-controlled space in a neutral border state
    /// or in an enemy-controlled state; in the Italian edition (IT 5.42 "o in Stati di confine",
    /// edition setting `division_bar_any_border`) in any border state.
    pub(super) fn division_barred(&self, st: &State, m: &MoveSt, to: Sp) -> bool {
        if m.kind != Formation::Division || st.control(to) != Control::Of(other(m.side)) {
            return false;
        }
        let sc = st.state_control[self.state_of(to)];
        let any_border = self.c.editions[st.edition as usize].division_bar_any_border;
        sc == Control::Of(other(m.side)) || ((sc == Control::Neutral || any_border) && self.original(to) == StateSide::Border)
    }

    /// The rule refusing a division's step into an adjacent space it may not enter (FtP 5.4.2).
    pub(super) fn division_step_rule(&self, st: &State, a: &Action) -> Option<&'static str> {
        let Action::Step { to } = *a else { return None };
        let m = st.moving.as_ref()?;
        let adjacent = self.c.map.edges_between(SpaceId(m.at), SpaceId(to)).any(|l| l.is_land());
        (adjacent && self.division_barred(st, m, to)).then_some("FtP 5.4.2")
    }

    pub fn base_mp(&self, k: Formation) -> u8 {
        let mv = &self.c.movement;
        match k {
            Formation::Army => mv.army.mp,
            Formation::Corps => mv.corps.mp,
            Formation::Division => mv.division.mp,
            Formation::Brigade => mv.cavalry.mp,
        }
    }

    /// FtP 5.2.6: an army with infantry may spend 1 MP to place or flip a PC in its space; in
    /// 1861-1863 only in supply.
    pub(super) fn may_convert(&self, st: &State, m: &MoveSt) -> bool {
        let Some(a) = m.army else { return false };
        if m.mp == 0 || st.armies[a as usize].is_none_or(|x| x.sp == 0) || st.controls(m.side, m.at) {
            return false;
        }
        let year = self.c.turns[st.turn as usize - 1].year;
        year >= 1864 || self.supplied(st, m.side)[m.at as usize]
    }

    // ------------------------------------------------------------------------------------
    // Performing actions
    // ------------------------------------------------------------------------------------

    pub fn perform(&self, st: &mut State, a: &Action, log: &mut Log) {
        let top = *st.flow.top().expect("a pending decision");
        let order = self.order_for(st, top, a);
        self.forward_hook(st, top, a);
        if let Frame::Campaign { .. } = top {
            st.concentration = None;
            // FtP 15: the activation's state is used (a limited first campaign card).
            self.campaign_state_used(st, a);
        }
        match *a {
            Action::PlaceGeneral { space } => {
                let Frame::PlaceGenerals { side } = top else { return };
                let arriving = self.arriving(st, side);
                // FtP 10.6.1: the space is announced, then the general drawn at random.
                let g = arriving[st.rng.pick(arriving.len())];
                if self.counter_choice(st, g) {
                    // FtP 5.6.7 D: his owner chooses the counter he is placed on.
                    log.reveal(|| format!("{} is drawn to arrive at {}", self.c.generals[g as usize].name, self.sname(space)));
                    st.flow.push(Frame::Counter { side, general: g, space });
                    return;
                }
                self.put_general(st, g, space);
                log.reveal(|| format!("{} arrives at {}", self.c.generals[g as usize].name, self.sname(space)));
                if self.arriving(st, side).is_empty() {
                    st.flow.pop();
                }
            }
            Action::Counter { brigade } => self.perform_counter(st, top, brigade, log),
            Action::Reinforce { space } => {
                let Frame::Reinforce { side } = top else { return };
                self.reinforce(st, side, space, log);
                // No space left: the listing is `done` alone (`legal_now`). Asked of the
                // remembered listing: the next `legal` usually lists this same state.
                if self.only_done(st) {
                    st.flow.pop();
                }
            }
            Action::Strategic { from, to } => {
                let Frame::Strategic { side } = top else { return };
                self.strategic_move(st, side, from, to, log);
            }
            Action::Done => {
                match top {
                    Frame::PlaceGenerals { side } => {
                        // No space can receive them: they wait for the next turn.
                        for g in self.arriving(st, side) {
                            st.generals[g as usize] = GenAt::Track(st.turn + 1);
                        }
                    }
                    Frame::Campaign { .. } => {
                        st.campaign_used.clear();
                        st.campaign_sp.clear();
                    }
                    // A naval event's move declined: its bonuses lapse (FtP 6.1).
                    Frame::Ops { .. } => st.naval.event = None,
                    _ => {}
                }
                st.flow.pop();
            }
            Action::UnionFirst => {
                st.next = Side::Union;
                st.flow.pop();
            }
            Action::CsaFirst { card } => {
                st.flow.replace(Frame::Round { side: Side::Csa });
                self.round_starts(st, Side::Csa);
                self.play_event(st, Side::Csa, card, log);
            }
            Action::Ops { card } => {
                let Frame::Round { side } = top else { return };
                st.next = other(side);
                let _ = st.piles.move_card(cid(card), HAND[side.index()], DISCARD);
                let value = self.c.card(card).map(|d| d.ops).unwrap_or(1);
                log.reveal(|| format!("{} plays #{} for {} OPs", side.name(), card, value));
                self.special_ops(st, card);
                st.flow.replace(Frame::Ops { side, card, value });
            }
            Action::Event { card } => {
                let Frame::Round { side } = top else { return };
                self.play_event(st, side, card, log);
            }
            Action::Discard { card } => {
                let Frame::Round { side } = top else { return };
                st.next = other(side);
                let _ = st.piles.move_card(cid(card), HAND[side.index()], DISCARD);
                log.reveal(|| format!("{} discards #{card}", side.name()));
                st.flow.pop();
            }
            Action::MoveArmy { .. } | Action::MoveCorps { .. } | Action::MoveDivision { .. } | Action::MoveArmyDivision { .. } | Action::MoveBrigade { .. } => {
                let (side, value, campaign) = match top {
                    Frame::Ops { side, value, .. } => (side, value, false),
                    Frame::Campaign { side, .. } => (side, 3, true),
                    _ => return,
                };
                self.activate(st, side, value, a, log);
                // FtP 4.5.2, 4.6.2: the card's orders for this move (ordered.rs).
                if let Some(m) = st.moving.as_mut() {
                    m.order = order;
                }
                if campaign {
                    let Frame::Campaign { left, .. } = top else { return };
                    let m = st.moving.as_ref().expect("moving");
                    st.campaign_used.extend(m.gens.iter().copied());
                    if let Some(x) = m.army {
                        st.campaign_armies.push(x);
                        st.campaign_used.extend(self.army_gens(st, x));
                    }
                    // FtP 4.3.1, 5.4.4: a division drawn from an army uses that army's force.
                    if let Action::MoveArmyDivision { army, .. } = *a {
                        st.campaign_armies.push(army);
                    }
                    if left <= 1 {
                        st.campaign_used.clear();
                        st.campaign_armies.clear();
                        st.campaign_sp.clear();
                        st.flow.replace(Frame::Move);
                    } else {
                        st.flow.replace(Frame::Campaign { side, left: left - 1 });
                        st.flow.push(Frame::Move);
                    }
                } else {
                    st.flow.replace(Frame::Move);
                }
                // FtP 4.2.5: the enemy may interrupt the activated move.
                self.open_interrupt(st);
            }
            Action::CreateArmy { space, army, commander } => {
                let Frame::Ops { side, .. } = top else { return };
                self.create_army(st, side, space, army, commander, log);
                st.flow.pop();
            }
            Action::BuildRailroads => {
                let Frame::Ops { .. } = top else { return };
                st.csa_rail_built = true;
                log.info(|| "the CSA completes the Meridian-Demopolis and Greensboro-Danville railroads (FtP 5.9.3)".into());
                st.flow.pop();
            }
            Action::BuildFort { space } => {
                let Frame::Ops { side, .. } = top else { return };
                st.fort[space as usize] = Some(side);
                log.info(|| format!("{} builds a fort at {} (FtP 6.8.6)", side.name(), self.sname(space)));
                st.flow.pop();
            }
            Action::OpenQueue { general } => {
                let Frame::Ops { side, card, value } = top else { return };
                self.queue_open(st, side, card, value, general, log);
            }
            Action::QueueCard { card } => {
                let Frame::Round { side } = top else { return };
                self.queue_card(st, side, card, log);
            }
            Action::PlacePcs => {
                let Frame::Ops { side, value, .. } = top else { return };
                st.flow.replace(Frame::Pcs { side, left: value });
            }
            Action::Pc { space } => {
                let Frame::Pcs { side, left } = top else { return };
                self.place_pc(st, side, space, log);
                self.pcs_used(st, side, left);
            }
            Action::Step { to } => {
                let m = st.moving.as_ref().expect("moving");
                let e = other(m.side);
                // FtP 5.8.2: one interception attempt per enemy move.
                if !m.intercept_tried && (!self.interceptors(st, e, to).is_empty() || !self.far_interceptors(st, e, to).is_empty()) {
                    st.flow.push(Frame::Intercept { side: e, to });
                } else {
                    self.step(st, to, log);
                }
            }
            Action::Remove { general } => {
                let Frame::Excess { side, space, .. } = top else { return };
                st.flow.pop();
                log.info(|| format!("{} exceeds the general limit and goes to the turn track (FtP 5.2.9, 5.3.4)", self.c.generals[general as usize].name));
                let was = st.generals[general as usize];
                st.generals[general as usize] = GenAt::Track(st.turn + 1);
                if let GenAt::Army(a) = was
                    && st.armies[a as usize].is_some_and(|x| x.commander == Some(general))
                {
                    // FtP 5.2.8: the next general by political rating takes command.
                    self.succeed(st, a);
                }
                if !self.excess_candidates(st, side, space).is_empty() {
                    st.flow.push(top);
                }
            }
            Action::Intercept { from } => {
                let Frame::Intercept { side, to } = top else { return };
                st.flow.pop();
                self.play_intercept_two(st, side, from, to, log);
                let corps = self.corps_intercepts(st, side, from).first().copied();
                self.intercept_and_enter(st, side, from, to, corps, log);
            }
            Action::Decline if matches!(top, Frame::Interrupt { .. }) => {
                st.flow.pop();
            }
            Action::Decline => {
                let Frame::Intercept { to, .. } = top else { return };
                st.flow.pop();
                self.step(st, to, log);
            }
            Action::Convert => {
                let m = st.moving.as_mut().expect("moving");
                m.mp -= 1;
                m.rail_only = false;
                let (side, at) = (m.side, m.at);
                self.place_pc(st, side, at, log);
            }
            Action::Stop => self.end_move(st, log),
            Action::RetreatTo { space } => {
                let Frame::Retreat { side, from, before, .. } = top else { return };
                st.flow.pop();
                self.retreat_defender(st, side, from, space, log);
                if !before {
                    self.after_defender_retreat(st, from, log);
                } else {
                    self.after_retreat_before_battle(st, from, log);
                }
            }
            Action::Withdraw => {
                let Frame::Rbb { from, .. } = top else { return };
                st.flow.pop();
                self.try_retreat_before_battle(st, from, log);
            }
            Action::Stand => {
                let Frame::Rbb { from, .. } = top else { return };
                st.flow.pop();
                self.fight(st, from, log);
            }
            Action::Capital { space } => {
                let Frame::Capital { side } = top else { return };
                st.capital[side.index()] = Some(space);
                // FtP 11.2.3: -10 SW unless an approved space.
                if !self.capital_approved(st, side, space) {
                    self.add_sw(st, side, self.formulas.sw.capital_not_approved, log, "FtP 11.2.3 new capital not on an approved space");
                }
                log.info(|| format!("{} capital moves to {}", side.name(), self.sname(space)));
                st.flow.pop();
            }
            Action::NavalMove { .. } => {
                self.new_move(st);
                self.start_naval(st, a, log)
            }
            Action::Sail { to } => self.sail(st, to, log),
            Action::NavalArmy { .. } => {
                self.new_move(st);
                self.start_naval(st, a, log)
            }
            // Scripted events run in `events::event_action` (checked on a copy).
            Action::Choose { .. } => {}
            Action::InterceptWith { from, general, sp, extra } => {
                let Frame::Intercept { side, to } = top else { return };
                st.flow.pop();
                self.play_intercept_two(st, side, from, to, log);
                self.intercept_and_enter(st, side, from, to, Some((general, sp, extra)), log);
            }
            Action::LoseBrigade { .. } | Action::LoseInfantry | Action::LoseArmyInfantry if matches!(top, Frame::SpaceLosses { .. }) => self.perform_space_loss(st, top, a, log),
            Action::Disband { .. } | Action::Command { .. } | Action::LoseBrigade { .. } | Action::LoseInfantry | Action::LoseArmyInfantry => self.perform_choice(st, top, a, log),
            Action::Relieve { .. } | Action::Demote | Action::Retire | Action::Reassign { .. } | Action::Reorganize | Action::ReorgPick { .. } | Action::ReorgTo { .. } => self.perform_general(st, top, a, log),
            Action::Raid { space } => {
                let Frame::Pcs { side, left } = top else { return };
                self.raid(st, side, space, log);
                self.pcs_used(st, side, left);
            }
            Action::PickUp { .. } | Action::DropOff { .. } => self.perform_pickup(st, a, log),
            Action::Elite { n } => self.perform_elite(st, top, n, log),
            Action::SwFirst { index } => self.sw_first(st, top, index, log),
            // FtP 5.6.7 C, D (`apply` takes it before the hooks above: it uses no card or round).
            Action::GrowBrigade { general } => self.grow_brigade(st, general, log),
        }
    }

    /// FtP 4.3.1, 4.3.2, 15: set the records of any campaign under way aside (the frames an event
    /// opens next start without them; `restore_campaign` brings them back).
    pub(super) fn save_campaign(&self, st: &mut State) {
        let saved = SavedCampaign {
            depth: st.flow.len(),
            used: std::mem::take(&mut st.campaign_used),
            armies: std::mem::take(&mut st.campaign_armies),
            sp: std::mem::take(&mut st.campaign_sp),
            naval: std::mem::take(&mut st.naval.campaign_naval),
            states: st.sc_rules.campaign_states.take(),
        };
        st.campaign_saved.push(saved);
    }

    /// FtP 4.3.1, 4.3.2: the records set aside by `save_campaign` come back once the event's
    /// frames are done (the flow down to where it was), added to any the interrupted procedure
    /// has made since.
    fn restore_campaign(&self, st: &mut State) {
        while st.campaign_saved.last().is_some_and(|x| st.flow.len() <= x.depth) {
            let x = st.campaign_saved.pop().expect("saved");
            st.campaign_used.splice(0..0, x.used);
            st.campaign_armies.splice(0..0, x.armies);
            st.campaign_sp.splice(0..0, x.sp);
            st.naval.campaign_naval |= x.naval;
            // FtP 15: the interrupted campaign's one-activation-per-state limit (1863).
            st.sc_rules.campaign_states = x.states;
        }
    }

    /// FtP 4.2.5, 5.8: an interception from a space not adjacent to `to` plays the
    /// `intercept_two` card as an interrupt (#102 First Manassas): it goes to the discard pile
    /// (or out of the game, 4.2.1) and the round order is unchanged.
    fn play_intercept_two(&self, st: &mut State, side: Side, from: Sp, to: Sp, log: &mut Log) {
        if self.c.map.neighbors(SpaceId(to)).any(|(f, _)| f.0 == from) {
            return;
        }
        let Some(card) = self.intercept_two_card(st, side) else { return };
        let d = self.c.card(card).expect("card");
        let pile = if d.remove { REMOVED } else { DISCARD };
        let _ = st.piles.move_card(cid(card), HAND[side.index()], pile);
        super::events::count_played(card);
        log.reveal(|| format!("{} plays #{} {} as an interrupt: the force in {} intercepts from two spaces away (FtP 4.2.5, 5.8)", side.name(), card, d.title, self.sname(from)));
    }

    pub(super) fn play_event(&self, st: &mut State, side: Side, card: CardNo, log: &mut Log) {
        let d = self.c.card(card).expect("card");
        st.next = other(side);
        // FtP 4.2.1: "remove from game" cards leave the game when played as the event.
        let to = if d.remove { REMOVED } else { DISCARD };
        let _ = st.piles.move_card(cid(card), HAND[side.index()], to);
        // FtP 4.3.1: a Major Campaign makes 3 moves, a Minor Campaign 2.
        let left = if d.has(CardFlag::MajorCampaign) { 3 } else { 2 };
        super::events::count_played(card);
        log.reveal(|| format!("{} plays #{} {} as a campaign event: {} moves (FtP 4.3.1)", side.name(), card, d.title, left));
        st.naval.campaign_naval = false;
        st.campaign_used.clear();
        st.campaign_armies.clear();
        st.campaign_sp.clear();
        // FtP 15: a player's first card a campaign card, one activation per state.
        self.campaign_state_limit_starts(st, side);
        st.flow.replace(Frame::Campaign { side, left });
    }

    pub(super) fn activate(&self, st: &mut State, side: Side, value: u8, a: &Action, log: &mut Log) {
        self.new_move(st);
        let mut detached: Option<u8> = None;
        let mut m = MoveSt {
            side,
            kind: Formation::Division,
            at: 0,
            prev: 0,
            sp: 0,
            gens: Vec::new(),
            army: None,
            mp: 0,
            value,
            halted: false,
            rail_only: true,
            steps: 0,
            intercept_tried: false,
            vs_interceptor: false,
            order: MoveOrder::Free,
        };
        match *a {
            Action::MoveArmy { army } => {
                let x = st.armies[army as usize].expect("army on map");
                m.kind = Formation::Army;
                m.at = x.space;
                m.army = Some(army);
            }
            Action::MoveCorps { general, sp, extra } => {
                let s = match st.generals[general as usize] {
                    GenAt::Map(s) => {
                        st.sp[s as usize][side.index()] -= sp;
                        s
                    }
                    // FtP 5.3.6: a corps detached from an army takes the army's SP.
                    GenAt::Army(a) => {
                        let Some(x) = st.armies[a as usize].as_mut() else { return };
                        x.sp -= sp;
                        detached = Some(a);
                        x.space
                    }
                    _ => return,
                };
                m.kind = Formation::Corps;
                m.at = s;
                m.sp = sp;
                m.gens.push(general);
                m.gens.extend(extra);
            }
            Action::MoveDivision { space, sp } => {
                m.at = space;
                m.sp = sp;
                st.sp[space as usize][side.index()] -= sp;
            }
            // FtP 5.4.4: the division's SP leave the army's display.
            Action::MoveArmyDivision { army, sp } => {
                let Some(x) = st.armies[army as usize].as_mut() else { return };
                x.sp -= sp;
                detached = Some(army);
                m.at = x.space;
                m.sp = sp;
            }
            Action::MoveBrigade { general } => {
                let s = match st.generals[general as usize] {
                    GenAt::Map(s) => s,
                    // FtP 5.1.2: a brigade activated on an army's display leaves it (its SP with it).
                    GenAt::Army(a) => {
                        let Some(x) = st.armies[a as usize] else { return };
                        detached = Some(a);
                        x.space
                    }
                    _ => return,
                };
                m.kind = Formation::Brigade;
                m.at = s;
                m.gens.push(general);
            }
            _ => return,
        }
        for &g in &m.gens {
            st.generals[g as usize] = GenAt::Moving;
        }
        // FtP 5.3.6, 5.4.4: taking an army's last SP eliminates it, with the penalty.
        if let Some(a) = detached
            && self.army_strength(st, a) == 0
        {
            self.eliminate_army(st, side, a, log);
        }
        m.prev = m.at;
        m.mp = self.base_mp(m.kind);
        log.info(|| format!("{} activates a {} at {} (FtP 5.1.4)", side.name(), m.kind.name(), self.sname(m.at)));
        st.moving = Some(m);
    }

    pub(super) fn create_army(&self, st: &mut State, side: Side, s: Sp, army: u8, commander: GeneralId, log: &mut Log) {
        // FtP 5.2.2: -2 SW once if any general on the map outside armies outranks the commander.
        let outranked = (0..st.generals.len() as GeneralId).any(|g| self.gen_side(g) == side && matches!(st.generals[g as usize], GenAt::Map(_)) && self.pr(g) > self.pr(commander));
        let gens: Vec<GeneralId> = self.gens_at(st, side, s).collect();
        for g in gens {
            st.generals[g as usize] = GenAt::Army(army);
        }
        let sp = st.sp[s as usize][side.index()];
        let take = sp.min(self.c.movement.army.max_sp.saturating_sub(self.army_brigades(st, army)));
        st.sp[s as usize][side.index()] -= take;
        st.armies[army as usize] = Some(ArmySt { space: s, sp: take, commander: Some(commander) });
        log.info(|| format!("{} creates {} at {} (FtP 5.2.1)", side.name(), self.c.armies[army as usize].name, self.sname(s)));
        if outranked {
            self.add_sw(st, side, self.formulas.sw.army_creation_outranked, log, "FtP 5.2.2 a higher-rated general elsewhere");
        }
    }

    /// Place or flip a PC (FtP 11.1, 11.3); a Union PC on an intact CSA resource center
    /// destroys it (FtP 12.2); taking a coastal fort's space captures it (FtP 6.8.1, 12.11).
    pub(super) fn place_pc(&self, st: &mut State, side: Side, s: Sp, log: &mut Log) {
        let before = st.control(s);
        st.control[s as usize] = Control::Of(side);
        log.info(|| format!("{} PC at {}", side.name(), self.sname(s)));
        let d = self.c.map.space(SpaceId(s));
        if side == Side::Union && d.resource > 0 && !st.rc_destroyed[s as usize] && self.original(s) == StateSide::Csa {
            st.rc_destroyed[s as usize] = true;
            let v = d.resource as i16;
            self.add_sw(st, Side::Union, v, log, "FtP 12.2 resource center destroyed");
            self.add_sw(st, Side::Csa, -v, log, "FtP 12.2 resource center destroyed");
        }
        if d.coastal_fort && before == Control::Of(Side::Csa) && side == Side::Union {
            let v = self.c.editions[st.edition as usize].fort_capture_sw as i16;
            self.add_sw(st, Side::Union, v, log, "FtP 12.11 coastal fort captured");
            self.add_sw(st, Side::Csa, -v, log, "FtP 12.11 coastal fort captured");
        }
        if st.fort[s as usize] == Some(other(side)) && self.strength(st, other(side), s) == 0 {
            self.fort_eliminated(st, s, log);
        }
        self.port_taken(st, side, s, log);
    }

    // ------------------------------------------------------------------------------------
    // Movement, battle, retreat (FtP 5.1, 5.7, 7)
    // ------------------------------------------------------------------------------------

    pub(super) fn moving_strength(&self, st: &State, m: &MoveSt) -> u16 {
        match m.army {
            Some(a) => self.army_strength(st, a) as u16,
            None => m.sp as u16 + self.brigades_sp(st, m.gens.iter().copied()),
        }
    }

    pub(super) fn step(&self, st: &mut State, to: Sp, log: &mut Log) {
        let (at, side) = st.moving.as_ref().map(|m| (m.at, m.side)).expect("moving");
        let link_rail = self.c.map.edges_between(SpaceId(at), SpaceId(to)).any(|l| matches!(self.link_kind(st, l), LinkKind::Rail));
        let friendly = st.control[to as usize] == Control::Of(side);
        // FtP 5.9.2: "Una fuerza que utiliza la bonificación de desplazamiento por ferrocarril no
        // puede entrar en espacios ocupados por el enemigo, incluso aunque tengan un indicador de
        // CP propio": a force entering one (read before any battle there) has no bonus afterwards.
        let occupied = self.enemy_occupied(st, side, to);
        // FtP 19 (8.1.3): the entry cost with rail logistics.
        let cost = self.rail_entry_cost(st, side, to, self.rail_for_move(st, side).as_deref());
        let m = st.moving.as_mut().expect("moving");
        m.mp = m.mp.saturating_sub(cost);
        m.steps = m.steps.saturating_add(cost);
        m.rail_only &= link_rail && friendly && !occupied;
        m.prev = m.at;
        m.at = to;
        if let Some(a) = m.army
            && let Some(x) = st.armies[a as usize].as_mut()
        {
            x.space = to;
        }
        log.info(|| format!("{} moves to {}", side.name(), self.sname(to)));
        let enemy = other(side);
        // FtP 5.7.4: a space with only enemy generals: they go to the turn track.
        if !self.enemy_occupied(st, side, to) {
            let lone: Vec<GeneralId> = self.gens_at(st, enemy, to).collect();
            for g in lone {
                st.generals[g as usize] = GenAt::Track(st.turn + 1);
            }
            self.enter_capital(st, side, to, log);
            return;
        }
        // FtP 5.7.4 (a reading of an unclear rule): generals moving without SP whom an interceptor meets (they never
        // enter an enemy-occupied space themselves, 5.6.6) go to the turn track: no battle.
        if st.moving.as_ref().is_some_and(|m| self.generals_only(st, m)) {
            log.info(|| "generals without SP meet the interceptor and go to the turn track (FtP 5.7.4)".to_string());
            self.eliminate_moving(st, log);
            return;
        }
        self.attack_attempted(st);
        self.engage(st, to, log);
    }

    /// FtP 11.2.2: an enemy force entering a national capital sends the marker to the holding
    /// box; FtP 12.6: -30 SW (Union) / -15 (CSA) at once.
    pub(super) fn enter_capital(&self, st: &mut State, side: Side, s: Sp, log: &mut Log) {
        let e = other(side);
        if st.capital[e.index()] == Some(s) {
            st.capital[e.index()] = None;
            self.add_sw(st, e, self.formulas.sw.capital_displaced.of(e), log, "FtP 12.6 national capital displaced");
        }
    }

    /// The moving force entered an enemy-occupied space (FtP 5.7, 7).
    pub(super) fn engage(&self, st: &mut State, s: Sp, log: &mut Log) {
        let m = st.moving.clone().expect("moving");
        let side = m.side;
        let e = other(side);
        let att = self.moving_strength(st, &m);
        let def = self.strength(st, e, s);
        let fort = st.fort[s as usize] == Some(e) || self.enemy_coastal_fort(st, side, s);
        if def == 0 {
            // FtP 5.7.2: an ungarrisoned fort: no battle; a fort counter is removed, a coastal
            // fort entered by land is captured (FtP 6.8.1).
            // FtP 5.7.2, 4.4.1: capturing or eliminating an ungarrisoned fort counts as winning
            // a medium battle (the Emancipation Proclamation's condition).
            if fort {
                self.note_battle(st, side == Side::Union, true);
            }
            if st.fort[s as usize] == Some(e) {
                log.info(|| format!("the ungarrisoned fort at {} is destroyed (FtP 5.7.2)", self.sname(s)));
                self.fort_eliminated(st, s, log);
            }
            if self.enemy_coastal_fort(st, side, s) {
                self.place_pc(st, side, s, log);
            }
            for g in self.gens_at(st, e, s).collect::<Vec<_>>() {
                st.generals[g as usize] = GenAt::Track(st.turn + 1);
            }
            self.enter_capital(st, side, s, log);
            return;
        }
        // FtP 5.7.2: the mover overrunning the defender is settled after the defender's chance
        // to retreat before battle (`overrun`).
        let ratio = self.c.battle_int("overrun_ratio").unwrap_or(10) as u16;
        if !fort && def >= ratio * att {
            log.info(|| format!("the moving force is overrun at {} (FtP 5.7.2)", self.sname(s)));
            self.note_battle(st, e == Side::Union, true);
            self.eliminate_moving(st, log);
            return;
        }
        // FtP 5.3.1: a tie for the defending corps' command; FtP 7.2: the defender may retreat
        // before battle; otherwise FtP 7.3: a battle.
        self.defend(st, s, log);
    }

    /// FtP 5.7.2: at 10:1 or more and no fort, no battle: the defender that stayed is
    /// eliminated and the mover may continue. An overrun counts as a victory for the
    /// Emancipation Proclamation (4.4.1). True if it happened.
    pub(super) fn overrun(&self, st: &mut State, s: Sp, log: &mut Log) -> bool {
        let Some(m) = st.moving.as_ref() else { return false };
        let side = m.side;
        let e = other(side);
        let (att, def) = (self.moving_strength(st, m), self.strength(st, e, s));
        let fort = st.fort[s as usize] == Some(e) || self.enemy_coastal_fort(st, side, s);
        let ratio = self.c.battle_int("overrun_ratio").unwrap_or(10) as u16;
        if fort || def == 0 || att < ratio * def {
            return false;
        }
        log.info(|| format!("overrun at {} (FtP 5.7.2)", self.sname(s)));
        self.note_battle(st, side == Side::Union, true);
        self.eliminate_space(st, e, s, log);
        st.lead = None;
        self.enter_capital(st, side, s, log);
        true
    }

    /// FtP 7.6.1: the attacker retreats to the space it came from, +1 SP lost if it is
    /// enemy-controlled; the move ends.
    pub(super) fn attacker_retreat(&self, st: &mut State, log: &mut Log) {
        let Some(m) = st.moving.as_mut() else { return };
        let (side, prev) = (m.side, m.prev);
        m.at = prev;
        if let Some(a) = m.army
            && let Some(x) = st.armies[a as usize].as_mut()
        {
            x.space = prev;
        }
        log.info(|| format!("the attacker retreats to {} (FtP 7.6.1)", self.sname(prev)));
        if st.moving.is_some() {
            self.end_move(st, log);
            // FtP 7.6.1: ending on an enemy PC costs 1 extra SP, after merging with the friendly
            // forces there; the owner picks which (losses.rs).
            if st.control(prev) == Control::Of(other(side)) {
                self.space_losses(st, side, prev, 1, LossCause::Retreat, log);
            }
        }
    }

    /// The whole defending force retreats one space (FtP 7.6.1).
    pub(super) fn retreat_defender(&self, st: &mut State, side: Side, from: Sp, to: Sp, log: &mut Log) {
        let i = side.index();
        let n = st.sp[from as usize][i];
        st.sp[from as usize][i] = 0;
        st.sp[to as usize][i] += n;
        for g in self.gens_at(st, side, from).collect::<Vec<_>>() {
            st.generals[g as usize] = GenAt::Map(to);
        }
        if let Some(a) = self.army_in(st, side, from) {
            // FtP 5.2.4: into another army's space, the owner removes one (choices.rs).
            if let Some(x) = st.armies[a as usize].as_mut() {
                x.space = to;
            }
        } else if let Some(b) = self.army_in(st, side, to) {
            self.absorb(st, side, to, b);
        }
        log.info(|| format!("{} retreats from {} to {} (FtP 7.6.1)", side.name(), self.sname(from), self.sname(to)));
        // FtP 7.6.1: ending on an enemy PC costs 1 extra SP (the owner picks which, losses.rs).
        if st.control(to) == Control::Of(other(side)) {
            self.space_losses(st, side, to, 1, LossCause::Retreat, log);
        }
    }

    /// FtP 5.3.5: SP and generals loose in an army's space join it (up to 15 SP).
    pub(super) fn absorb(&self, st: &mut State, side: Side, s: Sp, a: u8) {
        let cap = self.c.movement.army.max_sp;
        for g in self.gens_at(st, side, s).collect::<Vec<_>>() {
            st.generals[g as usize] = GenAt::Army(a);
        }
        let room = cap.saturating_sub(self.army_strength(st, a));
        let n = st.sp[s as usize][side.index()].min(room);
        st.sp[s as usize][side.index()] -= n;
        if let Some(x) = st.armies[a as usize].as_mut() {
            x.sp += n;
        }
    }

    /// FtP 5.2.4: two friendly armies in one space: `gone` is removed (its generals to the
    /// turn track, -10/-5 SW and its commander's PR), its SP join `keep` up to 15.
    pub(super) fn merge_armies(&self, st: &mut State, side: Side, gone: u8, keep: u8, log: &mut Log) {
        let x = st.armies[gone as usize].take().expect("army");
        // FtP 7.5.1: an elite unit never transfers to another army.
        self.elite_army_gone(st, gone);
        let dest = st.armies[keep as usize].map(|k| k.space).unwrap_or(x.space);
        for g in self.army_gens(st, gone) {
            // Cavalry brigades are SP too: they join the other army with the SP (5.2.1).
            st.generals[g as usize] = if self.is_cav(st, g) { GenAt::Map(dest) } else { GenAt::Track(st.turn + 1) };
        }
        st.army_ready[gone as usize] = st.turn + 1;
        st.sp[dest as usize][side.index()] += x.sp;
        self.absorb(st, side, dest, keep);
        let pen = if side == Side::Union { -10 } else { -5 } - x.commander.map(|g| self.pr(g) as i16).unwrap_or(0);
        self.add_sw(st, side, pen, log, "FtP 5.2.4 two armies in one space");
    }

    /// FtP 5.5.4: a dead or removed cavalry general returns after the edition's delay.
    pub(super) fn return_delay(&self, st: &State, g: GeneralId) -> u8 {
        let back = &self.c.editions[st.edition as usize].cav_general_return_turns;
        if self.is_cav(st, g) {
            if self.gen_side(g) == Side::Union { back.union } else { back.csa }
        } else {
            1
        }
    }

    /// Remove `n` SP of `side` in `s`: loose infantry first, then the army's, then brigades
    /// (by our reading, the owner's choice of FtP 5.5.4 is made this way: infantry before cavalry).
    pub(super) fn lose_in_space(&self, st: &mut State, side: Side, s: Sp, mut n: u16, log: &mut Log) {
        let i = side.index();
        let take = (st.sp[s as usize][i] as u16).min(n);
        st.sp[s as usize][i] -= take as u8;
        st.sp_lost[i] += take as u32;
        n -= take;
        let army = self.army_in(st, side, s);
        if let Some(a) = army
            && let Some(x) = st.armies[a as usize].as_mut()
        {
            let take = (x.sp as u16).min(n);
            x.sp -= take as u8;
            st.sp_lost[i] += take as u32;
            n -= take;
        }
        let mut cav: Vec<GeneralId> = self.gens_at(st, side, s).filter(|&g| self.is_cav(st, g)).collect();
        if let Some(a) = army {
            cav.extend(self.army_gens(st, a).into_iter().filter(|&g| self.is_cav(st, g)));
        }
        // FtP 5.5.4: brigade SP eliminated: the cavalry general goes to the turn track (a
        // 2-SP brigade first goes on at 1 SP, 5.6.7 C, D).
        self.lose_brigades(st, side, cav, &mut n);
        self.after_space_loss(st, side, s, army, log);
    }

    /// FtP 6.8.6: the fort counter in `s` is eliminated: in the Spanish edition it goes to the
    /// turn track (`forts_return` brings it back), in the Italian one it is available at once.
    /// FtP 12.11 (ES; the edition's `fort_capture_sw`): a CSA fort eliminated, whatever the
    /// cause (entered by land, taken by amphibious assault, a Union PC placed on it, an event),
    /// costs the CSA 1 SW and gives the Union 1.
    pub(super) fn fort_eliminated(&self, st: &mut State, s: Sp, log: &mut Log) {
        let Some(side) = st.fort[s as usize].take() else { return };
        let ed = &self.c.editions[st.edition as usize];
        if ed.fort_return == FortReturn::TurnTrack {
            st.forts_track[side.index()] += 1;
        }
        if side == Side::Csa {
            let v = ed.fort_capture_sw as i16;
            self.add_sw(st, Side::Union, v, log, "FtP 12.11 CSA fort eliminated");
            self.add_sw(st, Side::Csa, -v, log, "FtP 12.11 CSA fort eliminated");
        }
    }

    /// FtP 6.8.6, 3.4.2 iii: the fort counters on the turn track are available again.
    pub(super) fn forts_return(&self, st: &mut State, log: &mut Log) {
        if st.forts_track != [0, 0] {
            let n = st.forts_track;
            log.info(|| format!("fort counters back from the turn track: Union {}, CSA {} (FtP 6.8.6)", n[0], n[1]));
            st.forts_track = [0, 0];
        }
    }

    /// FtP 5.3.4: a general may not stand alone in a space without SP or fort.
    pub(super) fn orphan_generals(&self, st: &mut State, side: Side, s: Sp) {
        if self.strength(st, side, s) == 0 && !self.has_fort(st, s) {
            for g in self.gens_at(st, side, s).collect::<Vec<_>>() {
                st.generals[g as usize] = GenAt::Track(st.turn + 1);
            }
        }
    }

    /// FtP 5.2.1: an army with 0 SP is eliminated: generals to the turn track, -10/-5 SW.
    pub(super) fn eliminate_army(&self, st: &mut State, side: Side, a: u8, log: &mut Log) {
        for g in self.army_gens(st, a) {
            st.generals[g as usize] = GenAt::Track(st.turn + self.return_delay(st, g));
        }
        st.armies[a as usize] = None;
        self.elite_army_gone(st, a);
        st.army_ready[a as usize] = st.turn + 1;
        log.info(|| format!("{} is eliminated (FtP 5.2.1)", self.c.armies[a as usize].name));
        self.add_sw(st, side, self.formulas.sw.army_lost.of(side), log, "FtP 12.7 army lost");
    }

    pub(super) fn eliminate_space(&self, st: &mut State, side: Side, s: Sp, log: &mut Log) {
        let n = self.strength(st, side, s);
        self.lose_in_space(st, side, s, n, log);
        for g in self.gens_at(st, side, s).collect::<Vec<_>>() {
            st.generals[g as usize] = GenAt::Track(st.turn + 1);
        }
    }

    pub(super) fn lose_moving(&self, st: &mut State, mut n: u16, log: &mut Log) {
        let Some(m) = st.moving.as_mut() else { return };
        let i = m.side.index();
        let side = m.side;
        if let Some(a) = m.army {
            let s = m.at;
            let before = st.armies[a as usize].map(|x| x.space);
            let _ = before;
            // The army's SP and brigades, not the loose SP of its space.
            if let Some(x) = st.armies[a as usize].as_mut() {
                let take = (x.sp as u16).min(n);
                x.sp -= take as u8;
                st.sp_lost[i] += take as u32;
                n -= take;
            }
            let cav: Vec<GeneralId> = self.army_gens(st, a).into_iter().filter(|&g| self.is_cav(st, g)).collect();
            self.lose_brigades(st, side, cav, &mut n);
            if self.army_strength(st, a) == 0 {
                self.eliminate_army(st, side, a, log);
                st.moving = None;
                st.flow.pop();
                self.orphan_generals(st, side, s);
            }
            return;
        }
        let take = (m.sp as u16).min(n);
        m.sp -= take as u8;
        st.sp_lost[i] += take as u32;
        n -= take;
        let cav: Vec<GeneralId> = st.moving.as_ref().expect("moving").gens.iter().copied().filter(|&g| self.is_cav(st, g)).collect();
        let gone = self.lose_brigades(st, side, cav, &mut n);
        let m = st.moving.as_mut().expect("moving");
        m.gens.retain(|x| !gone.contains(x));
        let m = st.moving.as_ref().expect("moving");
        if self.moving_strength(st, m) == 0 {
            self.eliminate_moving(st, log);
        }
    }

    /// The moving force is destroyed: its SP are lost, its generals go to the turn track.
    pub(super) fn eliminate_moving(&self, st: &mut State, log: &mut Log) {
        let Some(m) = st.moving.clone() else { return };
        st.naval.voyage = None;
        if let Some(a) = m.army {
            let n = self.army_strength(st, a);
            self.lose_moving(st, n as u16, log);
            return;
        }
        let i = m.side.index();
        st.sp_lost[i] += m.sp as u32;
        for &g in &m.gens {
            if self.is_cav(st, g) {
                st.sp_lost[i] += self.brigade_gone(st, g) as u32;
            }
            st.generals[g as usize] = GenAt::Track(st.turn + self.return_delay(st, g));
        }
        log.info(|| format!("the {} is eliminated", m.kind.name()));
        st.moving = None;
        if matches!(st.flow.top(), Some(Frame::Move)) {
            st.flow.pop();
        }
    }

    /// The force ends its move where it stands (FtP 5.1, 5.3.5, 5.2.4).
    pub(super) fn end_move(&self, st: &mut State, log: &mut Log) {
        self.naval_end_move(st, log);
        let Some(m) = st.moving.take() else { return };
        let (side, s) = (m.side, m.at);
        match m.army {
            // FtP 5.2.4: ending with another army, the owner removes one (choices.rs).
            Some(_) => {}
            None => {
                st.sp[s as usize][side.index()] += m.sp;
                for &g in &m.gens {
                    st.generals[g as usize] = GenAt::Map(s);
                }
                // FtP 4.3.1: the SP that moved stay spent for the rest of the campaign card.
                let campaign = self.campaign_side(st) == Some(side);
                if campaign {
                    self.note_campaign_sp(st, s, m.sp);
                }
                if let Some(a) = self.army_in(st, side, s) {
                    self.absorb(st, side, s, a);
                    // FtP 4.3.1, 5.3.5: an army that absorbed a force moved on this card
                    // would move it twice.
                    if campaign && (m.sp > 0 || !m.gens.is_empty()) {
                        st.campaign_armies.push(a);
                    }
                }
                if self.generals_only(st, &m) {
                    self.strand_lone_generals(st, side, s, log);
                }
            }
        }
        log.info(|| format!("the {} ends its move at {}", m.kind.name(), self.sname(s)));
        if matches!(st.flow.top(), Some(Frame::Move)) {
            st.flow.pop();
        }
    }

    // ------------------------------------------------------------------------------------
    // Political Control Phase (FtP 3.4, 11, 12)
    // ------------------------------------------------------------------------------------

    /// FtP 11.2.3: where a displaced capital may go: a friendly space with a LOC in a state
    /// that started the war on that side.
    pub fn capital_spaces(&self, st: &State, side: Side) -> Vec<Sp> {
        let sup = self.supplied(st, side);
        let want = if side == Side::Union { StateSide::Union } else { StateSide::Csa };
        (0..self.c.map.len() as Sp).filter(|&s| st.controls(side, s) && sup[s as usize] && self.original(s) == want && !self.enemy_occupied(st, side, s)).collect()
    }

    /// FtP 11.2.3: the spaces where a new capital costs no extra SW; the Italian list (the
    /// edition's `union_capital_harrisburg` false, IT 11.23) omits Harrisburg.
    pub(super) fn capital_approved(&self, st: &State, side: Side, s: Sp) -> bool {
        let d = self.c.map.space(SpaceId(s));
        let harrisburg_out = !self.c.editions[st.edition as usize].union_capital_harrisburg && self.c.space("harrisburg") == Some(SpaceId(s));
        match side {
            Side::Union => (d.union_state_capital && !harrisburg_out) || d.national_capital == Some(Side::Union),
            Side::Csa => d.resource > 0 || d.br || d.national_capital == Some(Side::Csa),
        }
    }

    pub(super) fn political_phase(&self, st: &mut State, log: &mut Log) {
        // FtP 11.1: PCs by occupation, chaining as LOCs extend.
        loop {
            let mut changed = false;
            for side in [Side::Union, Side::Csa] {
                let sup = self.supplied(st, side);
                for s in 0..self.c.map.len() as Sp {
                    if !st.controls(side, s) && sup[s as usize] && self.infantry(st, side, s) > 0 {
                        self.place_pc(st, side, s, log);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        // FtP 5.5.3, 11.1: a brigade removes an enemy PC in its side's states or a border state.
        // ES 11.1 sets no other condition ("sí que puede eliminar indicadores de CP enemigo
        // durante dicha fase"): not alone (supplied infantry has already converted the space
        // above; unsupplied infantry does not stop the brigade), and a brigade on an army's
        // display (5.5.1 NOTA) removes it in the army's space, a cavalry-only army's too (11.1
        // forbids such an army only to place PCs). "Puede": done for the owner, always to his
        // advantage.
        for g in 0..st.generals.len() as GeneralId {
            let at = match st.generals[g as usize] {
                GenAt::Map(s) => Some(s),
                GenAt::Army(a) => st.armies[a as usize].map(|x| x.space),
                _ => None,
            };
            if let Some(s) = at
                && self.is_cav(st, g)
            {
                let side = self.gen_side(g);
                if st.control(s) == Control::Of(other(side)) {
                    match self.original(s) {
                        StateSide::Border => st.control[s as usize] = Control::Neutral,
                        o if (o == StateSide::Union) == (side == Side::Union) => st.control[s as usize] = Control::Of(side),
                        _ => {}
                    }
                }
            }
        }
        // FtP 3.4.2 ii: state control and the Mississippi; FtP 12.4: the affected player orders
        // his SW changes of the step (sw_order.rs), step iii waits for the orders.
        self.state_control(st);
        self.mississippi_bonus(st);
        self.settle_sw(st, log);
        if st.sw_pending.is_empty() {
            self.political_step_iii(st, log);
        } else {
            st.phase = Phase::Political;
        }
    }

    /// FtP 3.5: the Attrition Phase; the end of turn follows once its losses are taken.
    fn start_attrition(&self, st: &mut State, log: &mut Log) {
        st.phase = Phase::Attrition;
        self.attrition_phase(st, log);
        self.settle_space_losses(st, log);
    }

    /// FtP 3.4.2 iii: forts back (option) and war weariness / war guilt.
    pub(super) fn political_step_iii(&self, st: &mut State, log: &mut Log) {
        // FtP 3.4.2 iii (option `fort-return` = pc-phase): forts on the turn track come back.
        if st.opts.fort_return_pc {
            self.forts_return(st, log);
        }
        // FtP 12.9: Fall turns, Union war weariness; CSA war guilt after Emancipation.
        if self.c.turns[st.turn as usize - 1].season == Season::Fall {
            let sw = self.formulas.sw.fall_weariness;
            self.add_sw(st, Side::Union, sw, log, "FtP 12.9 war weariness");
            if st.emancipation {
                self.add_sw(st, Side::Csa, sw, log, "FtP 12.9 war guilt");
            }
        }
    }

    pub(super) fn controlled_count(&self, st: &State, side: Side, state: usize) -> u16 {
        // FtP 8.4.3: the Valley spaces count double, with the Shenandoah rule.
        self.c.map.ids().filter(|&s| self.state_of(s.0) == state && st.controls(side, s.0)).map(|s| if st.opts.shenandoah { self.c.control_weight(s) as u16 } else { 1 }).sum()
    }

    /// FtP 8.4.3 (the edition's `shenandoah_va_condition`, with the Shenandoah rule): the Valley's
    /// state (Virginia) falls to the Union only with its CSA capital's resource center (Richmond)
    /// destroyed and its BR ports (Norfolk) closed.
    fn valley_state_may_fall(&self, st: &State, state: usize) -> bool {
        let ed = &self.c.editions[st.edition as usize];
        let spaces = || self.c.map.ids().filter(move |s| self.state_of(s.0) == state);
        if !(st.opts.shenandoah && ed.shenandoah_va_condition && spaces().any(|s| self.c.map.space(s).shenandoah)) {
            return true;
        }
        let ports = self.br_open_ports(st);
        spaces().all(|s| (self.c.map.space(s).national_capital != Some(Side::Csa) || st.rc_destroyed[s.index()]) && !ports[s.index()])
    }

    /// FtP 12.1: state control.
    pub(super) fn state_control(&self, st: &mut State) {
        let ed = &self.c.editions[st.edition as usize];
        // IT 12.12: a border state counts only if the Union held it the whole turn, i.e. before this phase.
        let union_before: Vec<bool> = st.state_control.iter().map(|&c| c == Control::Of(Side::Union)).collect();
        let ports = self.br_open_ports(st);
        for (i, def) in self.c.states.iter().enumerate() {
            let Some(need) = def.control else { continue };
            let need = need as u16;
            let v = def.sw as i16;
            let u = self.controlled_count(st, Side::Union, i);
            let c = self.controlled_count(st, Side::Csa, i);
            match (def.side, st.state_control[i]) {
                (StateSide::Union, _) => {}
                (_, Control::Of(Side::Union)) => {}
                (StateSide::Border, Control::Neutral) => {
                    // FtP 12.1.3: the first side to control a border state gains its value.
                    let first = if u >= need { Some(Side::Union) } else if c >= need { Some(Side::Csa) } else { None };
                    if let Some(side) = first {
                        st.state_control[i] = Control::Of(side);
                        st.border_first[i] = Some(side);
                        self.pc_sw(st, side, v, SwRule::BorderFirst, Some(i));
                        for s in self.c.map.ids().map(|s| s.0).filter(|&s| self.state_of(s) == i).collect::<Vec<_>>() {
                            if !self.enemy_occupied(st, side, s) {
                                st.control[s as usize] = Control::Of(side);
                            }
                        }
                    }
                }
                (_, _) => {
                    // FtP 12.1.1: the Union takes a CSA state (or a border state the CSA took)
                    // with at least the needed count. FtP 12.1.4 footnote (ES "en caso de empate,
                    // la Unión controla el estado"): a Union count, the Shenandoah Valley doubled
                    // (8.4.3), equal to the number needed (Virginia: 14, half the doubled count
                    // of the printed state) is enough.
                    let no_rc_br = !ed.csa_state_control_needs_no_rc_br
                        || !self.c.map.ids().any(|s| self.state_of(s.0) == i && ((self.c.map.space(s).resource > 0 && !st.rc_destroyed[s.index()]) || ports[s.index()]));
                    if u >= need && no_rc_br && self.valley_state_may_fall(st, i) {
                        st.state_control[i] = Control::Of(Side::Union);
                        self.pc_sw(st, Side::Csa, -v, SwRule::StateLost, Some(i));
                        if def.side == StateSide::Border {
                            self.pc_sw(st, Side::Union, v, SwRule::BorderTaken, Some(i));
                        }
                    }
                }
            }
        }
        // FtP 12.1.2: CSA control of >= 3 spaces in an original Union state; IT 12.12 also in a
        // border state the Union controlled for the whole turn (never an original CSA state).
        for (i, def) in self.c.states.iter().enumerate() {
            let union_state = def.side == StateSide::Union || (ed.union_state_penalty_includes_border && def.side == StateSide::Border && union_before[i]);
            let held = self.formulas.sw.union_state_held;
            if union_state && self.controlled_count(st, Side::Csa, i) >= held.min_csa_spaces {
                self.pc_sw(st, Side::Union, held.union, SwRule::UnionStateHeld, Some(i));
                self.pc_sw(st, Side::Csa, held.csa, SwRule::UnionStateHeld, Some(i));
            }
        }
    }

    // ------------------------------------------------------------------------------------
    // Attrition Phase (FtP 9)
    // ------------------------------------------------------------------------------------

    pub(super) fn attrition_phase(&self, st: &mut State, log: &mut Log) {
        for side in [Side::Union, Side::Csa] {
            let mut sup = self.supplied(st, side);
            // FtP 19 (9.3): with rail logistics, supply for attrition needs a rail LOC nearby.
            self.rail_attrition_supply(st, side, &mut sup);
            // FtP 8.4.2: armies and corps supplied through the Shenandoah Valley.
            if side == Side::Csa
                && let Some(reach) = self.valley_reach(st, false)
            {
                for (s, x) in sup.iter_mut().enumerate() {
                    let s_ = s as Sp;
                    *x |= reach[s] && (self.army_in(st, side, s_).is_some() || self.gens_at(st, side, s_).any(|g| !self.is_cav(st, g)));
                }
            }
            // Every space's strength at once (read again after losses, which change it).
            let mut strength = self.strengths(st, side);
            for s in 0..self.c.map.len() as Sp {
                let n = strength[s as usize];
                if n == 0 {
                    continue;
                }
                // FtP 9.1: every space with 3+ SP; FtP 9.2: without a LOC, forage on what is left.
                let a = super::formulas::attrition(&self.c, n, sup[s as usize]);
                let l = a.attrition as u16 + a.foraging as u16;
                if l > 0 {
                    log.info(|| format!("attrition: {} loses {} + {} (foraging) SP at {} (FtP 9.1, 9.2)", side.name(), a.attrition, a.foraging, self.sname(s)));
                    self.space_losses(st, side, s, l, LossCause::Attrition, log);
                    strength = self.strengths(st, side);
                }
            }
        }
    }

    // ------------------------------------------------------------------------------------
    // End of turn, victory (FtP 3.6, 13-17)
    // ------------------------------------------------------------------------------------

    /// FtP 17.2.2: every CSA resource center destroyed and every blockade-runner port closed.
    fn csa_collapsed(&self, st: &State) -> bool {
        let ports = self.br_open_ports(st);
        !self.c.map.ids().any(|s| (self.c.map.space(s).resource > 0 && self.original(s.0) == StateSide::Csa && !st.rc_destroyed[s.index()]) || ports[s.index()])
    }

    /// FtP 17.2.1, 17.2.2 reading, option `auto-victory-timing` = `immediate` (IT
    /// 17.2 "nel momento in cui"; ES 3.6 checks in the End of Turn Phase, the default): the CSA's
    /// SW at 0, or the collapse of its resource centers and BR ports, ends the game after the
    /// action that caused it (the Union wins); the other automatic victories ("more than twice",
    /// Union below 50 after Fall 1864) stay at the end of the turn, as they say.
    pub(super) fn immediate_victory(&self, st: &mut State, log: &mut Log) {
        if !st.opts.auto_victory_immediate || st.result.is_some() {
            return;
        }
        let why = if st.sw[1] <= 0 {
            "FtP 17.2.1: CSA Strategic Will reached 0 (option auto-victory-timing = immediate)"
        } else if self.csa_collapsed(st) {
            "FtP 17.2.2: every CSA resource center destroyed and every BR port closed (option auto-victory-timing = immediate)"
        } else {
            return;
        };
        log.info(|| why.to_string());
        st.result = Some((vec![0], why.to_string()));
        st.phase = Phase::Over;
    }

    pub(super) fn end_turn(&self, st: &mut State, log: &mut Log) {
        // The scenario's own victory conditions (Lua hooks) come first.
        if self.hooked_victory(st, log) {
            return;
        }
        self.expire_in_force(st);
        // FtP 20: queued cards never carry over to the next turn.
        self.queue_end_turn(st, log);
        let [u, c] = st.sw;
        // FtP 17.2.1: automatic victory by Strategic Will.
        let td = &self.c.turns[st.turn as usize - 1];
        let last = st.turn >= self.end_scenario(st).last_turn;
        // FtP 3.6 reading, option `auto-victory-last-turn`: on the last turn, 17.2 too (the
        // default, 17.2.1 "at the end of any turn") or the scenario's conditions alone (3.6).
        let auto = if last && st.opts.last_turn_scenario_only {
            None
        } else if c <= 0 {
            Some((vec![0], "FtP 17.2.1: CSA Strategic Will reached 0".to_string()))
        } else if c > 2 * u {
            Some((vec![1], "FtP 17.2.1: CSA Strategic Will more than twice the Union's".into()))
        } else if td.csa_auto_win_union_sw_below.is_some_and(|x| u < x as i16) {
            Some((vec![1], "FtP 17.2.1: Union Strategic Will below 50 at the end of Fall 1864".into()))
        } else if self.csa_collapsed(st) {
            Some((vec![0], "FtP 17.2.2: every CSA resource center destroyed and every BR port closed".into()))
        } else {
            None
        };
        if let Some(r) = auto {
            log.info(|| r.1.clone());
            st.result = Some(r);
            st.phase = Phase::Over;
            return;
        }
        // Scenarios introduction (option `play-until`): the end of a later scenario.
        if last {
            let r = self.scenario_victory(st);
            log.info(|| r.1.clone());
            st.result = Some(r);
            st.phase = Phase::Over;
            return;
        }
        st.turn += 1;
        self.begin_turn(st, log);
    }

    /// The scenario whose end ends the game: the one started, or option `play-until`'s.
    pub(super) fn end_scenario(&self, st: &State) -> &super::content::ScenarioDef {
        &self.c.scenarios[st.end_sc.unwrap_or(st.sc) as usize]
    }

    pub(super) fn scenario_victory(&self, st: &State) -> (Vec<u8>, String) {
        let sc = self.end_scenario(st);
        let Some(v) = sc.victory.iter().rev().find(|v| v.edition.is_none_or(|e| e == st.edition)) else {
            return (vec![], "no victory conditions: a draw".into());
        };
        let [u, c] = self.sw_at_end(st);
        match &v.kind {
            VictoryKind::ControlOrSw { union_states, union_if_csa_sw_below, csa_states, csa_if_union_sw_below } => {
                // FtP 13.2.
                let um = union_states.iter().all(|&s| st.state_control[s as usize] == Control::Of(Side::Union)) || c < *union_if_csa_sw_below as i16;
                let cm = csa_states.iter().all(|&s| st.state_control[s as usize] == Control::Of(Side::Csa)) || u < *csa_if_union_sw_below as i16;
                match (um, cm) {
                    (true, true) if st.opts.both_met_union => (vec![0], "FtP 13.2: both sides met their conditions; option both-met-1861 = union".into()),
                    (true, true) => (vec![], "FtP 13.2: both sides met their conditions: a draw (option both-met-1861)".into()),
                    (true, false) => (vec![0], "FtP 13.2: the Union met its conditions".into()),
                    (false, true) => (vec![1], "FtP 13.2: the CSA met its conditions".into()),
                    (false, false) => (vec![], "FtP 13.2: neither side met its conditions: a draw".into()),
                }
            }
            VictoryKind::SwLead { union_min_lead, csa_max_lead, blockade_obligation_sw, .. } => {
                // FtP 15: the Union's blockade obligation failed: SW lost, no Change of Fortune.
                let lead = u + self.blockade_duty_penalty(st, *blockade_obligation_sw) - c;
                if lead >= *union_min_lead {
                    (vec![0], format!("{}: Union leads by {lead} SW", sc.id))
                } else if lead <= *csa_max_lead {
                    (vec![1], format!("{}: Union lead {lead} SW is not enough", sc.id))
                } else {
                    (vec![], format!("{}: Union lead {lead} SW: a draw", sc.id))
                }
            }
            VictoryKind::Campaign { states_needed, sw_lead_per_state, cancel_min_csa_pcs, .. } => {
                // FtP 17.3.
                let held = self.c.states.iter().enumerate().filter(|(i, d)| d.side != StateSide::Union && st.state_control[*i] == Control::Of(Side::Union)).count() as i16;
                let ed = &self.c.editions[st.edition as usize];
                let cancel = self
                    .c
                    .states
                    .iter()
                    .enumerate()
                    // FtP 17.3: a Union state, or a border state the Union took first; IT 12.13/12.12:
                    // one the CSA took first and the Union converted is a Union state for all purposes.
                    .filter(|(i, d)| {
                        let converted = ed.border_converted_is_union_state && d.side == StateSide::Border && st.state_control[*i] == Control::Of(Side::Union);
                        (d.side == StateSide::Union || st.border_first[*i] == Some(Side::Union) || converted) && self.controlled_count(st, Side::Csa, *i) >= *cancel_min_csa_pcs as u16
                    })
                    .count() as i16;
                let lead = (u - c).max(0) / *sw_lead_per_state as i16;
                let n = held - cancel + lead;
                let states = if n == 1 { "state" } else { "states" };
                if n >= *states_needed as i16 {
                    (vec![0], format!("FtP 17.3: the Union counts {n} {states}"))
                } else {
                    (vec![1], format!("FtP 17.3: the Union counts only {n} {states} of the {states_needed} needed"))
                }
            }
        }
    }

    /// The SW the scenario's victory conditions read at the end of the game (Union, CSA): FtP
    /// 15.7 (ES) adds the SP differential's SW ("al final del último turno de la partida": the
    /// Union's SP on the map minus the CSA's against a base of +35; the CSA gains 10 SW per full
    /// 5 SP below, the Union 5 per full 5 above; no Change of Fortune). It is printed with the
    /// 1863 victory conditions: it applies when the game ends with them (the 1863 scenario, or
    /// play-until 1863). reading, option `sp-differential` = `every-end`: at the
    /// end of every scenario and of the campaign too, with the 1863 figures of the edition.
    pub(super) fn sw_at_end(&self, st: &State) -> [i16; 2] {
        let [mut u, mut c] = st.sw;
        let adjustment = |sc: &super::content::ScenarioDef| {
            sc.victory.iter().rev().find(|v| v.edition.is_none_or(|e| e == st.edition)).and_then(|v| match v.kind {
                VictoryKind::SwLead { sp_adjustment, .. } => sp_adjustment,
                _ => None,
            })
        };
        let adj = adjustment(self.end_scenario(st)).or_else(|| if st.opts.sp_differential_every_end { self.c.scenarios.iter().find_map(adjustment) } else { None });
        if let Some(adj) = adj {
            let diff = self.total_sp(st, Side::Union) as i16 - self.total_sp(st, Side::Csa) as i16;
            if diff < adj.base {
                c += adj.csa_per_step * ((adj.base - diff) / adj.step);
            } else if diff > adj.base {
                u += adj.union_per_step * ((diff - adj.base) / adj.step);
            }
        }
        [u, c]
    }

    pub fn total_sp(&self, st: &State, side: Side) -> u32 {
        let mut n: u32 = st.sp.iter().map(|x| x[side.index()] as u32).sum();
        for (a, x) in st.armies.iter().enumerate() {
            if let Some(x) = x
                && self.army_side(a as u8) == side
            {
                n += x.sp as u32;
            }
        }
        for (g, at) in st.generals.iter().enumerate() {
            if self.is_cav(st, g as u8) && self.gen_side(g as u8) == side && matches!(at, GenAt::Map(_) | GenAt::Army(_) | GenAt::Moving) {
                n += self.brigade_sp(st, g as u8) as u32;
            }
        }
        if let Some(m) = &st.moving
            && m.side == side
        {
            n += m.sp as u32;
        }
        n
    }

    /// FtP 5.2.9 / 5.3.4: the generals that exceed the limit in `s` (army: SP + 3, cavalry
    /// brigades counting as generals; elsewhere SP + 1); empty when within the limit. Cavalry
    /// brigades are never chosen, nor an army's commander and its highest-rated other general
    /// (FtP 5.2.2: the commander "solo puede ser sustituido cuando otro general lo releva"; "El
    /// único modo de retirar el general de rango más alto no al mando de un ejército es mediante
    /// un evento o siendo baja en batalla").
    pub(super) fn excess_candidates(&self, st: &State, side: Side, s: Sp) -> Vec<GeneralId> {
        let sp = self.strength(st, side, s) as usize;
        let mut gens: Vec<GeneralId> = self.gens_at(st, side, s).collect();
        let army = self.army_in(st, side, s);
        let limit = match army {
            Some(a) => {
                gens.extend(self.army_gens(st, a));
                sp + self.c.movement.army_generals_over_sp as usize
            }
            None => sp + self.c.movement.space_generals_over_sp as usize,
        };
        if gens.len() <= limit {
            return vec![];
        }
        gens.into_iter().filter(|&g| !self.is_cav(st, g) && army.is_none_or(|a| !self.army_keeps(st, side, a, g))).collect()
    }

    /// Push a choice for every space over the general limit; true if any.
    pub(super) fn push_excess(&self, st: &mut State) -> bool {
        // FtP 5.2.9, 5.3.4: a space can be over the limit only if the side's generals there (on
        // the map or in any of its armies there) outnumber its strength plus the smaller of the
        // two limits, so at least outnumber that limit (`crowded`, each side's in order); the
        // others are skipped without collecting its generals.
        let least_over = self.c.movement.army_generals_over_sp.min(self.c.movement.space_generals_over_sp) as u16;
        let mut count = [vec![0u16; self.c.map.len()], vec![0u16; self.c.map.len()]];
        let mut crowded: [Vec<Sp>; 2] = Default::default();
        for (g, at) in st.generals.iter().enumerate() {
            let (side, s) = match *at {
                GenAt::Map(s) => (self.c.generals[g].side, s),
                GenAt::Army(a) => match st.armies[a as usize] {
                    Some(x) => (self.army_side(a), x.space),
                    None => continue,
                },
                _ => continue,
            };
            let n = &mut count[side.index()][s as usize];
            *n += 1;
            if *n == least_over + 1 {
                crowded[side.index()].push(s);
            }
        }
        if crowded.iter().all(Vec::is_empty) {
            return false;
        }
        for c in &mut crowded {
            c.sort_unstable();
        }
        // Within one position, every space's strength comes from one table (not a scan of the
        // armies and generals per space); the frames are pushed once the state is read.
        let over: Vec<(Side, Sp)> = self.at_position(st, || {
            let over_limit = |&(side, s): &(Side, Sp)| count[side.index()][s as usize] > self.strength(st, side, s) + least_over && !self.excess_candidates(st, side, s).is_empty();
            [Side::Union, Side::Csa].into_iter().flat_map(|side| crowded[side.index()].iter().map(move |&s| (side, s))).filter(over_limit).collect()
        });
        for &(side, s) in &over {
            st.flow.push(Frame::Excess { side, space: s, chooser: other(side) });
        }
        !over.is_empty()
    }
}

/// The sequence of play between decisions (FtP 3.0): with no frame pending, the phase in
/// progress runs its next automatic step.
impl Procedure for FtP {
    type State = State;
    type Step = Phase;

    fn next_step(&self, st: &State) -> Option<Phase> {
        (st.flow.is_empty() && st.phase != Phase::Over).then_some(st.phase)
    }

    fn step_name(&self, phase: &Phase) -> &'static str {
        match phase {
            Phase::Reinforcement => "reinforcement-phase-end",
            Phase::Strategy => "strategy-round",
            Phase::Capital => "capital-phase",
            Phase::Political => "political-phase-step-iii",
            Phase::Attrition => "turn-end",
            Phase::Over => "game-over",
        }
    }

    fn run_step(&self, st: &mut State, _phase: Phase, log: &mut Log) {
        match st.phase {
            Phase::Reinforcement => {
                // FtP 6.8.6 (ES): forts eliminated before come back at the end of the
                // Reinforcement Phase (option `fort-return`: in the PC Phase instead).
                if !st.opts.fort_return_pc {
                    self.forts_return(st, log);
                }
                self.deal(st, log);
                st.phase = Phase::Strategy;
                // FtP 3.3.1: the CSA may go first only with a campaign card as its event.
                if self.campaign_cards(st, Side::Csa).is_empty() {
                    st.next = Side::Union;
                } else {
                    st.flow.push(Frame::FirstPlayer);
                }
            }
            Phase::Strategy => {
                let hands = [st.piles.len(HAND[0]), st.piles.len(HAND[1])];
                if hands == [0, 0] {
                    // FtP 5.2.9, 5.3.4: the limits at the end of the last round.
                    if self.push_excess(st) {
                        return;
                    }
                    self.end_of_strategy_rounds(st, log);
                    st.phase = Phase::Capital;
                    for side in [Side::Csa, Side::Union] {
                        if st.capital[side.index()].is_none() && !self.capital_spaces(st, side).is_empty() {
                            st.flow.push(Frame::Capital { side });
                        }
                    }
                    return;
                }
                // FtP 3.3.2: alternate; a player out of cards lets the other play out.
                let side = if hands[st.next.index()] > 0 { st.next } else { other(st.next) };
                st.flow.push(Frame::Round { side });
                self.round_starts(st, side);
                // FtP 5.2.9, 5.3.4: the general limits at the round boundary.
                self.push_excess(st);
            }
            Phase::Capital => {
                // FtP 3.4.2 i-iii; step iii waits while SW changes are ordered (12.4).
                self.political_phase(st, log);
                if st.phase != Phase::Political {
                    self.start_attrition(st, log);
                }
            }
            Phase::Political => {
                self.political_step_iii(st, log);
                self.start_attrition(st, log);
            }
            Phase::Attrition => self.end_turn(st, log),
            Phase::Over => {}
        }
    }

    fn at_step(&self, st: &mut State, at: At, step: &'static str, log: &mut Log) {
        self.hooks_at_step(st, at, step, log);
    }
}
