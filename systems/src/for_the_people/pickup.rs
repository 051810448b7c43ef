//! Picking up and dropping SP and generals during a land move (FtP 5.1.5, 5.3.2, 5.6.6), and the
//! limits on a general moving without SP (5.6.6).
//!
//! * Armies and corps pick up and drop SP along their path, never over their size limit (15 SP
//!   for an army, cavalry brigades included; 6 for a corps, 5.3.3). A division drops but never
//!   picks up; a cavalry brigade does neither (5.1.5).
//! * An army drops any general but its commander and the highest-rated other general (5.2.2);
//!   it picks up any general (5.2.9 is checked at the round's end, `push_excess`). A corps
//!   carries its active general and at most one extra general, a cavalry brigade counting as
//!   the extra general and as one SP (5.3.3); before it leaves its activation space the extra
//!   general's PR may not exceed the active general's, afterwards it may (5.3.2). The active
//!   general is never dropped (5.1.5).
//! * An inactive general is never left with no SP; a fort counts as "zero SP" (5.3.4).
//! * Each action moves one SP or one general; the player repeats it as he likes.

use super::FtP;
use super::content::{GeneralId, Side};
use super::state::*;
use bivouac_engine::log::Log;

impl FtP {
    /// FtP 5.1.5, 5.3.2, 5.6.6: the pick-ups and drops open to the moving force `m` now.
    pub(super) fn pickup_actions(&self, st: &State, m: &MoveSt, out: &mut Vec<Action>) {
        // FtP 4.6.2: an army moving under "Forward to Richmond!" picks up and drops nothing,
        // but may leave the one SP the card allows in the fort it starts from.
        match m.order {
            MoveOrder::Richmond => return,
            MoveOrder::RichmondFort => {
                if m.steps == 0 && m.army.is_some_and(|a| st.armies[a as usize].is_some_and(|x| x.sp > 0) && self.army_strength(st, a) > 1) {
                    out.push(Action::DropOff { general: None });
                }
                return;
            }
            _ => {}
        }
        let (side, at) = (m.side, m.at);
        let loose = st.sp[at as usize][side.index()];
        // FtP 4.3.1: SP that already moved on this campaign card may not be picked up.
        let free = loose - if self.campaign_side(st) == Some(side) { self.campaign_moved_sp(st, side, at) } else { 0 };
        let here: Vec<GeneralId> = self.gens_at(st, side, at).collect();
        match m.kind {
            Formation::Army => {
                let Some(a) = m.army else { return };
                let strength = self.army_strength(st, a);
                let max = self.c.movement.army.max_sp;
                if free > 0 && strength < max && self.company_ok(st, side, at, loose - 1, &[]) {
                    out.push(Action::PickUp { general: None });
                }
                if st.armies[a as usize].is_some_and(|x| x.sp > 0) && strength > 1 {
                    out.push(Action::DropOff { general: None });
                }
                for &g in &here {
                    // FtP 5.2.1: within 15 SP, a brigade counting its SP (5.6.7 C, D).
                    if (!self.is_cav(st, g) || strength + self.brigade_sp(st, g) <= max) && !self.campaign_spent(st, g) {
                        out.push(Action::PickUp { general: Some(g) });
                    }
                }
                for g in self.army_gens(st, a) {
                    let keeps = self.army_keeps(st, side, a, g);
                    let left = if self.is_cav(st, g) { strength > self.brigade_sp(st, g) } else { self.company_ok(st, side, at, loose, &[g]) };
                    if !keeps && left {
                        out.push(Action::DropOff { general: Some(g) });
                    }
                }
            }
            Formation::Corps => {
                let size = m.sp + self.brigades_sp(st, m.gens.iter().copied()) as u8;
                let max = self.c.movement.corps.max_sp;
                if free > 0 && size < max && self.company_ok(st, side, at, loose - 1, &[]) {
                    out.push(Action::PickUp { general: None });
                }
                if m.sp > 0 {
                    out.push(Action::DropOff { general: None });
                }
                // A naval move of SP without a general counts as a corps (5.4.3): no leader to
                // pick anyone up.
                let Some(&active) = m.gens.first() else { return };
                if m.gens.len() < 2 {
                    for &g in &here {
                        // FtP 5.3.2: from the activation space only a general of PR <= the
                        // active general's; once the corps has left it, any.
                        let rank_ok = m.steps > 0 || self.pr(g) <= self.pr(active);
                        if rank_ok && (!self.is_cav(st, g) || size + self.brigade_sp(st, g) <= max) && !self.campaign_spent(st, g) {
                            out.push(Action::PickUp { general: Some(g) });
                        }
                    }
                }
                for &g in &m.gens[1..] {
                    if self.is_cav(st, g) || self.company_ok(st, side, at, loose, &[g]) {
                        out.push(Action::DropOff { general: Some(g) });
                    }
                }
            }
            Formation::Division => {
                if m.sp > 1 {
                    out.push(Action::DropOff { general: None });
                }
            }
            Formation::Brigade => {}
        }
    }

    /// FtP 5.3.4: with `loose` infantry SP in `s` and `extra` generals added there, no
    /// infantry general of `side` in `s` stands without SP: some SP, a cavalry brigade, a fort
    /// ("zero SP") or an army that is not moving keeps them company.
    fn company_ok(&self, st: &State, side: Side, s: Sp, loose: u8, extra: &[GeneralId]) -> bool {
        let mut gens: Vec<GeneralId> = self.gens_at(st, side, s).collect();
        for &g in extra {
            if !gens.contains(&g) {
                gens.push(g);
            }
        }
        let inf = gens.iter().any(|&g| !self.is_cav(st, g));
        let cav = gens.iter().any(|&g| self.is_cav(st, g));
        let moving_army = st.moving.as_ref().and_then(|m| m.army);
        let army = self.army_in(st, side, s).is_some_and(|a| Some(a) != moving_army);
        !inf || loose > 0 || cav || self.has_fort(st, s) || army
    }

    /// FtP 4.3.1: a general who already moved on the campaign card being played.
    fn campaign_spent(&self, st: &State, g: GeneralId) -> bool {
        st.campaign_used.contains(&g)
    }

    /// The side playing the campaign card whose moves are under way, if any (FtP 4.3).
    pub(super) fn campaign_side(&self, st: &State) -> Option<Side> {
        st.flow.iter().find_map(|f| match f {
            Frame::Campaign { side, .. } => Some(*side),
            _ => None,
        })
    }

    /// FtP 4.3.1: how many of `side`'s loose SP at `s` already moved on the campaign card.
    pub(super) fn campaign_moved_sp(&self, st: &State, side: Side, s: Sp) -> u8 {
        if self.campaign_side(st) != Some(side) {
            return 0;
        }
        let moved: u8 = st.campaign_sp.iter().filter(|&&(x, _)| x == s).map(|&(_, n)| n).sum();
        moved.min(st.sp[s as usize][side.index()])
    }

    /// FtP 4.3.1: `n` SP moved on the campaign card came to rest at `s`.
    pub(super) fn note_campaign_sp(&self, st: &mut State, s: Sp, n: u8) {
        if n > 0 {
            st.campaign_sp.push((s, n));
        }
    }

    /// Perform a pick-up or a drop (already checked legal).
    pub(super) fn perform_pickup(&self, st: &mut State, a: &Action, log: &mut Log) {
        let Some(m) = st.moving.as_mut() else { return };
        if m.order == MoveOrder::RichmondFort {
            m.order = MoveOrder::Richmond;
        }
        let (side, at, army) = (m.side, m.at, m.army);
        let i = side.index();
        let name = |g: GeneralId| self.c.generals[g as usize].name.clone();
        match (*a, army) {
            (Action::PickUp { general: None }, Some(x)) => {
                st.sp[at as usize][i] -= 1;
                if let Some(y) = st.armies[x as usize].as_mut() {
                    y.sp += 1;
                }
            }
            (Action::PickUp { general: None }, None) => {
                m.sp += 1;
                st.sp[at as usize][i] -= 1;
            }
            (Action::DropOff { general: None }, Some(x)) => {
                if let Some(y) = st.armies[x as usize].as_mut() {
                    y.sp -= 1;
                }
                st.sp[at as usize][i] += 1;
                // FtP 4.3.1: an SP dropped on the way has moved on this card.
                if self.campaign_side(st) == Some(side) {
                    self.note_campaign_sp(st, at, 1);
                }
            }
            (Action::DropOff { general: None }, None) => {
                m.sp -= 1;
                st.sp[at as usize][i] += 1;
                if self.campaign_side(st) == Some(side) {
                    self.note_campaign_sp(st, at, 1);
                }
            }
            (Action::PickUp { general: Some(g) }, Some(x)) => st.generals[g as usize] = GenAt::Army(x),
            (Action::PickUp { general: Some(g) }, None) => {
                m.gens.push(g);
                st.generals[g as usize] = GenAt::Moving;
            }
            (Action::DropOff { general: Some(g) }, _) => {
                m.gens.retain(|&h| h != g);
                st.generals[g as usize] = GenAt::Map(at);
            }
            _ => return,
        }
        if let Action::PickUp { general: Some(g) } = *a
            && st.flow.iter().any(|f| matches!(f, Frame::Campaign { .. }))
        {
            // FtP 4.3.1: a general moves once per campaign card.
            st.campaign_used.push(g);
        }
        log.info(|| match *a {
            Action::PickUp { general: Some(g) } => format!("{} picks up {} at {} (FtP 5.6.6)", side.name(), name(g), self.sname(at)),
            Action::DropOff { general: Some(g) } => format!("{} drops {} at {} (FtP 5.6.6)", side.name(), name(g), self.sname(at)),
            Action::PickUp { .. } => format!("{} picks up 1 SP at {} (FtP 5.1.5)", side.name(), self.sname(at)),
            _ => format!("{} drops 1 SP at {} (FtP 5.1.5)", side.name(), self.sname(at)),
        });
    }

    /// FtP 5.6.6: a force of generals without any SP (a corps that took or kept none).
    pub(super) fn generals_only(&self, st: &State, m: &MoveSt) -> bool {
        m.kind == Formation::Corps && m.sp == 0 && !m.gens.is_empty() && !m.gens.iter().any(|&g| self.is_cav(st, g))
    }

    /// FtP 5.6.6: a general moving without SP never enters an enemy-controlled space (whoever
    /// controls the state, even with a friendly fort or SP there), nor a space with enemy SP
    /// or an enemy fort.
    pub(super) fn generals_may_enter(&self, st: &State, side: Side, to: Sp) -> bool {
        st.control(to) != super::content::Control::Of(super::rules::other(side)) && !self.enemy_occupied(st, side, to)
    }

    /// FtP 5.3.4: a move ends with the generals of a corps that has no SP left in a space with
    /// no friendly SP, fort or army: they may not stay there ("an empty space cannot hold a lone
    /// general") and go to the turn track, back next turn, as excess generals do.
    pub(super) fn strand_lone_generals(&self, st: &mut State, side: Side, s: Sp, log: &mut Log) {
        if self.company_ok(st, side, s, st.sp[s as usize][side.index()], &[]) {
            return;
        }
        for g in self.gens_at(st, side, s).collect::<Vec<_>>() {
            st.generals[g as usize] = GenAt::Track(st.turn + 1);
            log.info(|| format!("{} is alone without SP at {} and goes to the turn track (FtP 5.3.4)", self.c.generals[g as usize].name, self.sname(s)));
        }
    }
}
