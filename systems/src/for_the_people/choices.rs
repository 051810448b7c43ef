//! Decisions the rules leave to a player inside land operations and battles, each a flow frame
//! with its actions: which of two armies in one space is removed (FtP 5.2.4), who succeeds an
//! army commander when generals tie (5.2.8), who commands a defending corps when generals tie
//! (5.3.1), the SP, commander and additional general or brigade of an intercepting corps, or
//! the brigade that intercepts alone (5.8.1), and whether battle losses come off cavalry or
//! infantry (5.5.4).

use super::FtP;
use super::losses::LossPools;
use super::battle::Role;
use super::content::{ArmyId, GeneralId, PrTieBreak, Side};
use super::rules::other;
use super::state::*;
use bivouac_engine::log::Log;
use serde::{Deserialize, Serialize};

/// A battle fought, waiting for its losses to be taken (FtP 7.3.2, 5.5.4): the outcome that
/// applies once they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aftermath {
    pub space: Sp,
    pub attacker: Side,
    /// SP losses still to take: [attacker, defender].
    pub lost: [u16; 2],
    pub retreating: Option<Role>,
    pub holder: Option<Role>,
    pub may_continue: bool,
    pub large: bool,
    pub attacker_won: bool,
}

/// An intercepting corps: commander, SP, and the additional general going along (FtP 5.3.3, 5.8.1).
pub(super) type CorpsPick = (GeneralId, u8, Option<GeneralId>);

impl FtP {
    // ------------------------------------------------------------------------------------
    // Hooks: legal actions, performing, and the frames pushed once an action is done
    // ------------------------------------------------------------------------------------

    /// The legal actions of the decision frames of this module.
    pub(super) fn choice_actions(&self, st: &State, top: Frame, out: &mut Vec<Action>) {
        match top {
            Frame::TwoArmies { side, space } => out.extend(self.armies_in(st, side, space).into_iter().map(|army| Action::Disband { army })),
            Frame::Succession { army, .. } => out.extend(self.succession_candidates(st, army).into_iter().map(|general| Action::Command { general })),
            Frame::Lead { side, space } => out.extend(self.lead_candidates(st, side, space).into_iter().map(|general| Action::Command { general })),
            Frame::Losses { side } => {
                if let Some(am) = st.aftermath {
                    self.loss_pools(st, &am, side == am.attacker).actions(out);
                }
            }
            _ => {}
        }
    }

    /// Perform an action of this module's frames (already checked legal).
    pub(super) fn perform_choice(&self, st: &mut State, top: Frame, a: &Action, log: &mut Log) {
        match (top, a) {
            (Frame::TwoArmies { side, space }, &Action::Disband { army }) => {
                st.flow.pop();
                let keep = self.armies_in(st, side, space).into_iter().find(|&b| b != army).expect("two armies");
                // FtP 5.2.4: the removed army's generals leave, its SP join the other up to 15.
                self.merge_armies(st, side, army, keep, log);
                // FtP 5.8.1: an enemy held up by the interception into this space enters it.
                self.resume_entry(st, space, log);
            }
            (Frame::Succession { army, .. }, &Action::Command { general }) => {
                st.flow.pop();
                if let Some(x) = st.armies[army as usize].as_mut() {
                    x.commander = Some(general);
                }
                log.info(|| format!("{} takes command of {} (FtP 5.2.8)", self.c.generals[general as usize].name, self.c.armies[army as usize].name));
            }
            (Frame::Lead { side, space }, &Action::Command { general }) => {
                st.flow.pop();
                st.lead = Some((side, space, general));
                log.info(|| format!("{} commands the defence of {} (FtP 5.3.1)", self.c.generals[general as usize].name, self.sname(space)));
                self.offer_retreat_before_battle(st, space, log);
            }
            (Frame::Losses { side }, _) => {
                st.flow.pop();
                let Some(mut am) = st.aftermath else { return };
                let attacker = side == am.attacker;
                match *a {
                    Action::LoseBrigade { general } => self.lose_brigade(st, side, general, attacker),
                    Action::LoseArmyInfantry => {
                        if let Some(x) = self.army_in(st, side, am.space) {
                            self.lose_army_sp(st, side, x, log);
                        }
                    }
                    _ if attacker => self.lose_moving(st, 1, log),
                    _ => self.lose_in_space(st, side, am.space, 1, log),
                }
                am.lost[if attacker { 0 } else { 1 }] -= 1;
                st.aftermath = Some(am);
                self.take_losses(st, log);
            }
            _ => {}
        }
    }

    /// Run before the flow goes on after every action: drop a decision that no longer has a
    /// choice, and ask the decisions the last action created (FtP 5.2.4, 5.2.8).
    pub(super) fn push_choices(&self, st: &mut State) {
        while let Some(&top) = st.flow.top() {
            let stale = match top {
                Frame::TwoArmies { side, space } => self.armies_in(st, side, space).len() < 2,
                Frame::Succession { army, .. } => self.succession_candidates(st, army).len() < 2,
                _ => false,
            };
            if !stale {
                break;
            }
            st.flow.pop();
        }
        for army in std::mem::take(&mut st.succession) {
            if self.succession_candidates(st, army).len() > 1 {
                st.flow.push(Frame::Succession { side: self.army_side(army), army });
            }
        }
        // FtP 5.2.4: two friendly armies ended in one space (moving through is allowed).
        let moving_army = st.moving.as_ref().and_then(|m| m.army);
        for a in 0..st.armies.len() as ArmyId {
            let Some(x) = st.armies[a as usize] else { continue };
            let side = self.army_side(a);
            let here = self.armies_in(st, side, x.space);
            let asked = st.flow.iter().any(|f| *f == Frame::TwoArmies { side, space: x.space });
            if here.len() > 1 && here[0] == a && !asked && !here.iter().any(|b| Some(*b) == moving_army) {
                st.flow.push(Frame::TwoArmies { side, space: x.space });
            }
        }
    }

    // ------------------------------------------------------------------------------------
    // FtP 5.2.4 and 5.2.8: armies
    // ------------------------------------------------------------------------------------

    /// Every army of `side` in `s`.
    pub(super) fn armies_in(&self, st: &State, side: Side, s: Sp) -> Vec<ArmyId> {
        (0..st.armies.len() as ArmyId).filter(|&a| st.armies[a as usize].is_some_and(|x| x.space == s) && self.army_side(a) == side).collect()
    }

    /// FtP 5.2.8: the generals who may take over `army` (the highest political rating; cavalry
    /// generals never command an army, 5.6.1).
    pub(super) fn succession_candidates(&self, st: &State, army: ArmyId) -> Vec<GeneralId> {
        if st.armies[army as usize].is_none() {
            return vec![];
        }
        let gens: Vec<GeneralId> = self.army_gens(st, army).into_iter().filter(|&g| !self.is_cav(st, g)).collect();
        let best = gens.iter().map(|&g| self.pr(g)).max();
        gens.into_iter().filter(|&g| Some(self.pr(g)) == best).collect()
    }

    /// FtP 5.2.8: `army` lost its commander: the remaining general with the highest political
    /// rating takes over at once (the owner breaks ties: a decision), else the generic one.
    pub(super) fn succeed(&self, st: &mut State, army: ArmyId) {
        let cands = self.succession_candidates(st, army);
        if let Some(x) = st.armies[army as usize].as_mut() {
            x.commander = cands.first().copied();
        }
        if cands.len() > 1 {
            st.succession.push(army);
        }
    }

    // ------------------------------------------------------------------------------------
    // FtP 5.3.1: the commander of a defending corps
    // ------------------------------------------------------------------------------------

    /// The generals tied for command of the corps in `s` (empty for an army: its commander
    /// leads, FtP 7.4.1). A decision only with two or more.
    pub(super) fn lead_candidates(&self, st: &State, side: Side, s: Sp) -> Vec<GeneralId> {
        if self.army_in(st, side, s).is_some() {
            return vec![];
        }
        let loose: Vec<GeneralId> = self.gens_at(st, side, s).collect();
        super::battle::defending_commander_candidates(&self.c, &loose)
    }

    /// The commander the owner chose for the corps defending `s`, if still there.
    pub(super) fn chosen_lead(&self, st: &State, side: Side, s: Sp) -> Option<GeneralId> {
        st.lead.filter(|&(x, at, g)| x == side && at == s && self.gens_at(st, side, s).any(|h| h == g)).map(|l| l.2)
    }

    /// FtP 5.3.1, 7.2: before a battle in `s`, the defender names its corps commander when
    /// generals tie; then it may retreat before battle or fight.
    pub(super) fn defend(&self, st: &mut State, s: Sp, log: &mut Log) {
        let e = other(st.moving.as_ref().expect("moving").side);
        if self.chosen_lead(st, e, s).is_none() {
            st.lead = None;
            let cands = self.lead_candidates(st, e, s);
            if cands.len() > 1 {
                // FtP 7.4.1: the owner breaks the tie (Spanish); a die roll (Italian edition).
                if self.c.editions[st.edition as usize].pr_tie_break == PrTieBreak::DieRoll {
                    let g = cands[st.rng.pick(cands.len())];
                    log.roll(|| format!("{} commands the defence of {} by a die roll among tied generals (FtP 7.4.1, Italian edition)", self.c.generals[g as usize].name, self.sname(s)));
                    st.lead = Some((e, s, g));
                } else {
                    st.flow.push(Frame::Lead { side: e, space: s });
                    return;
                }
            }
        }
        self.offer_retreat_before_battle(st, s, log);
    }

    // ------------------------------------------------------------------------------------
    // FtP 5.8.1: the intercepting corps
    // ------------------------------------------------------------------------------------

    /// The (commander, SP) an interception from `from` may use; empty unless a corps intercepts.
    /// The highest political rating commands (owner breaks ties, 5.3.1). The whole force moves
    /// except (a) SP over the corps limit, (b) 1 SP may stay with a fort, (c) the SP the
    /// generals left behind need (5.3.4) may stay. A cavalry brigade in the space goes along.
    /// FtP 5.8.1 "debe desplazarse toda la fuerza" with 5.3.3 ("el general al mando y un general
    /// adicional"; a brigade "cuenta como 1 UM y como un general"): one other general goes with
    /// the commander, a brigade if there is one; the owner picks which of several (the pick is
    /// the `extra` general; with a single brigade `extra` is None and that brigade goes); only
    /// generals beyond him stay, and only for them may SP stay (c).
    pub(super) fn corps_intercepts(&self, st: &State, side: Side, from: Sp) -> Vec<CorpsPick> {
        if self.army_in(st, side, from).is_some() {
            return vec![];
        }
        let inf: Vec<GeneralId> = self.gens_at(st, side, from).filter(|&g| !self.is_cav(st, g)).collect();
        let brigades: Vec<GeneralId> = self.gens_at(st, side, from).filter(|&g| self.is_cav(st, g)).collect();
        let loose = st.sp[from as usize][side.index()];
        // FtP 5.3.1, 5.3.3 ("la única UM de un cuerpo ... es una brigada de caballería (como por
        // ejemplo un general de infantería desplazándose con una brigada de caballería), la
        // fuerza sigue considerándose un cuerpo"): a general with only a brigade intercepts as
        // a corps he leads, the brigade its only unit (5.8.1 e is a brigade stacked only with SP).
        if inf.is_empty() || (loose == 0 && brigades.is_empty()) {
            return vec![];
        }
        let best = inf.iter().map(|&g| self.pr(g)).max();
        let fort = self.has_fort(st, from);
        // Who stays (5.3.4): the generals beyond the additional one; a brigade staying is a unit
        // itself, so a general staying with it needs no SP.
        let inf_staying = inf.len() - 1 - (brigades.is_empty() && inf.len() > 1) as usize;
        let brigade_stays = brigades.len() > 1;
        // Only one brigade goes (the corps' additional general, 5.3.3): only its SP count
        // against the corps' 6 (1, or 2 once grown, 5.6.7 C, D).
        let counts = |brigade_sp: u8| {
            let full = loose.min(self.c.movement.corps.max_sp.saturating_sub(brigade_sp));
            let mut counts = vec![full];
            if full == loose {
                // (c) 5.3.4: generals left behind need 1 SP (none in a fort) and one SP per general over one.
                let need = if inf_staying == 0 { 0 } else { (inf_staying as u8 - 1).max(if fort || brigade_stays { 0 } else { 1 }) };
                if need > 0 && loose > need {
                    counts.push(loose - need);
                }
                // (b) one SP may stay in a fort.
                if fort && loose > 1 {
                    counts.push(loose - 1);
                }
            }
            counts.sort_unstable_by_key(|&n| std::cmp::Reverse(n));
            counts.dedup();
            counts
        };
        let mut out = Vec::new();
        for &g in inf.iter().filter(|&&g| Some(self.pr(g)) == best) {
            let extras: Vec<Option<GeneralId>> = match brigades.len() {
                0 if inf.len() > 1 => inf.iter().filter(|&&e| e != g).map(|&e| Some(e)).collect(),
                2.. => brigades.iter().map(|&b| Some(b)).collect(),
                _ => vec![None],
            };
            for e in extras {
                let brigade = e.filter(|&b| self.is_cav(st, b)).or(brigades.first().copied());
                out.extend(counts(brigade.map_or(0, |b| self.brigade_sp(st, b))).into_iter().map(|n| (g, n, e)));
            }
        }
        out
    }

    /// FtP 5.8.1 b) ("1 UM puede permanecer en el espacio desde el cual se intenta la
    /// intercepción si dicho espacio contiene un fuerte", said of any intercepting force): the
    /// (commander, infantry SP that go) an army intercepting from a fort may choose: all, or all
    /// but 1 SP, which stays in the space, when the army keeps some strength. Empty when the army
    /// has no choice (or no army intercepts from `from`).
    pub(super) fn army_intercepts(&self, st: &State, side: Side, from: Sp) -> Vec<CorpsPick> {
        let Some(a) = self.army_in(st, side, from) else { return vec![] };
        let Some(ArmySt { sp, commander: Some(cmd), .. }) = st.armies[a as usize] else { return vec![] };
        if !self.has_fort(st, from) || sp == 0 || self.army_strength(st, a) < 2 {
            return vec![];
        }
        vec![(cmd, sp, None), (cmd, sp - 1, None)]
    }

    /// The interception actions from `from`: `intercept FROM` when the force has no choice to
    /// make, else one per (commander, SP, additional general or brigade): `intercept FROM GEN SP [EXTRA]`.
    /// FtP 5.8.1 e): with no corps or army to intercept, a brigade goes alone: the owner picks
    /// which of several (`intercept FROM BRIGADE 0`).
    pub(super) fn intercept_actions(&self, st: &State, side: Side, from: Sp, out: &mut Vec<Action>) {
        let mut opts = self.corps_intercepts(st, side, from);
        opts.extend(self.army_intercepts(st, side, from));
        if opts.is_empty() && self.army_in(st, side, from).is_none_or(|a| st.armies[a as usize].is_some_and(|x| x.commander.is_none())) {
            opts.extend(self.gens_at(st, side, from).filter(|&g| self.is_cav(st, g)).map(|b| (b, 0, None)));
        }
        if opts.len() > 1 {
            out.extend(opts.into_iter().map(|(general, sp, extra)| Action::InterceptWith { from, general, sp, extra }));
        } else {
            out.push(Action::Intercept { from });
        }
    }

    // ------------------------------------------------------------------------------------
    // FtP 5.5.4: battle losses, cavalry or infantry
    // ------------------------------------------------------------------------------------

    /// The infantry SP and cavalry brigades that can take `side`'s losses of `am`.
    pub(super) fn loss_pools(&self, st: &State, am: &Aftermath, attacker: bool) -> LossPools {
        if attacker {
            let Some(m) = st.moving.as_ref() else { return LossPools::default() };
            return match m.army {
                Some(a) => LossPools { loose: 0, army: st.armies[a as usize].map_or(0, |x| x.sp as u16), cav: self.pool_brigades(st, self.army_gens(st, a)) },
                None => LossPools { loose: m.sp as u16, army: 0, cav: self.pool_brigades(st, m.gens.iter().copied()) },
            };
        }
        self.space_pools(st, other(am.attacker), am.space)
    }

    /// FtP 5.5.4: a brigade's SP taken as a loss: the cavalry general goes to the turn track
    /// (5.6.7 C, D: a 2-SP brigade goes on at 1 SP).
    fn lose_brigade(&self, st: &mut State, side: Side, g: GeneralId, attacker: bool) {
        if self.lose_brigade_sp(st, side, g) && attacker && let Some(m) = st.moving.as_mut() {
            m.gens.retain(|&x| x != g);
        }
    }

    /// Take the losses of the battle in `st.aftermath`, defender first: automatically while
    /// they leave no choice, else ask the owner (FtP 5.5.4); then finish the battle.
    pub(super) fn take_losses(&self, st: &mut State, log: &mut Log) {
        let Some(mut am) = st.aftermath else { return };
        for k in [1, 0] {
            let n = am.lost[k];
            if n == 0 {
                continue;
            }
            let attacker = k == 0;
            let side = if attacker { am.attacker } else { other(am.attacker) };
            if self.loss_pools(st, &am, attacker).choice(n) {
                st.aftermath = Some(am);
                st.flow.push(Frame::Losses { side });
                return;
            }
            if attacker {
                if st.moving.is_some() {
                    self.lose_moving(st, n, log);
                }
            } else {
                self.lose_in_space(st, side, am.space, n, log);
            }
            am.lost[k] = 0;
        }
        st.aftermath = None;
        self.finish_battle(st, am, log);
    }
}

impl FtP {
    /// A new enemy move starts (each move of a campaign card is one, FtP 4.3.1): forces beaten
    /// during the last one lose their automatic retreat before battle (FtP 7.2.2).
    pub(super) fn new_move(&self, st: &mut State) {
        st.beaten.clear();
        st.beaten_armies.clear();
    }

    /// FtP 7.2.2: the defending army or corps in `s` lost the battle.
    pub(super) fn mark_beaten(&self, st: &mut State, side: Side, s: Sp) {
        match self.army_in(st, side, s) {
            Some(a) => st.beaten_armies.push(a),
            None => {
                let gens: Vec<GeneralId> = self.gens_at(st, side, s).collect();
                st.beaten.extend(gens);
            }
        }
    }
}
