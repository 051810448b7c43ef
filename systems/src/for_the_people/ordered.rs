//! Land moves under a card event's orders (`MoveSt::order`).
//!
//! * "Forward to Richmond!" (FtP 4.6.2): the army moves toward Richmond by a shortest path (the
//!   Union picks among several), attacking what stands on it; it may convert CSA spaces on the
//!   way; it may not stop while a step along a shortest path is open; in Richmond it converts
//!   the space if it can, and the move ends. It picks up and drops nothing but the one SP the
//!   card lets it leave when it starts in a space with a fort ([MISSING] card text: read as
//!   "may leave 1 SP behind in the fort", `pickup.rs`).
//! * Concentration events (FtP 4.5.2): the activated force must attempt an attack on an enemy
//!   force (an ungarrisoned enemy fort counts): it may not stop while an enemy-occupied space is
//!   within its reach; entering one (even if the enemy then retreats before battle, or an
//!   interceptor meets it) fulfils the order, after which it moves freely. While an attack is in
//!   reach, no step, conversion, pick-up or drop-off that leaves every enemy force out of reach
//!   is offered either (the force may not walk away from the attack, then stop). A force of
//!   generals without SP cannot attack, so it is not offered (5.6.6).

use super::FtP;
use super::content::{LinkKind, Side};
use super::state::*;
use bivouac_engine::log::Log;
use bivouac_engine::map::graph::SpaceId;
use std::collections::VecDeque;

impl FtP {
    /// The order the move activated by `a` from frame `top` carries (before the frame's own
    /// bookkeeping clears the event's marks).
    pub(super) fn order_for(&self, st: &State, top: Frame, a: &Action) -> MoveOrder {
        match (top, a) {
            (Frame::Ops { card, .. }, Action::MoveArmy { army }) if st.forward == Some(card) => {
                let fort = st.armies[*army as usize].is_some_and(|x| self.has_fort(st, x.space));
                if fort { MoveOrder::RichmondFort } else { MoveOrder::Richmond }
            }
            (Frame::Campaign { .. }, _) if st.concentration.is_some() => MoveOrder::Attack,
            _ => MoveOrder::Free,
        }
    }

    /// FtP 4.5.2: a concentration move must be able to attack (no generals without SP).
    pub(super) fn concentration_force_ok(&self, st: &State, a: &Action) -> bool {
        !matches!(*a, Action::MoveCorps { sp: 0, extra, .. } if extra.is_none_or(|e| !self.is_cav(st, e)))
    }

    /// Narrow the moving force's actions to what its order allows.
    pub(super) fn ordered_actions(&self, st: &State, m: &MoveSt, out: &mut Vec<Action>) {
        if m.halted {
            return;
        }
        match m.order {
            MoveOrder::Free | MoveOrder::Attacked => {}
            MoveOrder::Richmond | MoveOrder::RichmondFort => self.richmond_actions(st, m, out),
            MoveOrder::Attack => {
                if self.attack_in_reach(st, m) {
                    out.retain(|a| *a != Action::Stop && self.keeps_attack(st, m, a));
                    // No action keeps an enemy within reach (cannot happen while one is in
                    // reach: a first step toward it does): the order is void.
                    if out.is_empty() {
                        out.push(Action::Stop);
                    }
                }
            }
        }
    }

    /// FtP 4.6.2: steps along a shortest path to Richmond only (a path the army may legally
    /// take: river crossings and UNC as for any move); no stop while one is open; in Richmond,
    /// convert it if possible, then stop.
    fn richmond_actions(&self, st: &State, m: &MoveSt, out: &mut Vec<Action>) {
        let Some(richmond) = self.c.space("richmond").map(|s| s.0) else { return };
        if m.at == richmond {
            let convert = out.contains(&Action::Convert);
            out.retain(|a| if convert { *a == Action::Convert } else { *a == Action::Stop });
            return;
        }
        let dist = self.land_distances(st, richmond, m.side, self.moving_strength(st, m));
        let here = dist[m.at as usize];
        out.retain(|a| match *a {
            Action::Step { to } => dist[to as usize].saturating_add(1) == here,
            _ => true,
        });
        if out.iter().any(|a| matches!(a, Action::Step { .. })) {
            out.retain(|a| *a != Action::Stop);
        }
    }

    /// Distances in steps to `to` (u16::MAX where unreachable) over the links a land force of
    /// `side` with `strength` SP may take now (`link_open`: roads and railroads, FtP 5.10's
    /// dashed links for the CSA, no forbidden river crossing under 6.2.4, 6.2.5, 6.5.1/UNC, no
    /// forbidden entry into a coastal fort under 6.8.2, 6.8.3).
    pub(super) fn land_distances(&self, st: &State, to: Sp, side: Side, strength: u16) -> Vec<u16> {
        let mut dist = vec![u16::MAX; self.c.map.len()];
        dist[to as usize] = 0;
        let mut unc = None;
        let mut queue = VecDeque::from([to]);
        while let Some(s) = queue.pop_front() {
            for (t, l) in self.c.map.neighbors(SpaceId(s)) {
                // The step is from `t` into `s`.
                if dist[t.0 as usize] == u16::MAX && self.link_open(st, &mut unc, side, 3, true, strength, s, l).is_some() {
                    dist[t.0 as usize] = dist[s as usize] + 1;
                    queue.push_back(t.0);
                }
            }
        }
        dist
    }

    /// FtP 4.5.2: after `a` (a step, conversion, pick-up, drop-off or counter swap), the force
    /// still has an attack within reach, or has made it (a step into an enemy-occupied space).
    fn keeps_attack(&self, st: &State, m: &MoveSt, a: &Action) -> bool {
        if let Action::Step { to } = *a
            && self.enemy_occupied(st, m.side, to)
        {
            return true;
        }
        let mut s = st.clone();
        let log = &mut Log::quiet();
        match *a {
            // The step itself (an interception attempt would come first; it does not change
            // where the force may go next if it is declined).
            Action::Step { to } => self.step(&mut s, to, log),
            _ => self.perform(&mut s, a, log),
        }
        s.moving.as_ref().is_some_and(|x| x.order != MoveOrder::Attack || self.attack_in_reach(&s, x))
    }

    /// FtP 4.5.2: an enemy-occupied space the force could still enter, by the legal steps of
    /// its remaining move.
    pub(super) fn attack_in_reach(&self, st: &State, m: &MoveSt) -> bool {
        // Each space's enemy strength from one table (the copy `keeps_attack` tries is not
        // open otherwise).
        self.at_position(st, || self.attack_in_reach_now(st, m))
    }

    fn attack_in_reach_now(&self, st: &State, m: &MoveSt) -> bool {
        let mut seen = vec![false; self.c.map.len()];
        seen[m.at as usize] = true;
        let mut queue = VecDeque::from([m.clone()]);
        while let Some(x) = queue.pop_front() {
            for to in self.steps(st, &x) {
                if self.enemy_occupied(st, m.side, to) {
                    return true;
                }
                if seen[to as usize] {
                    continue;
                }
                seen[to as usize] = true;
                let rail = self.c.map.edges_between(SpaceId(x.at), SpaceId(to)).any(|l| self.link_kind(st, l) == LinkKind::Rail);
                let mut y = x.clone();
                y.prev = y.at;
                y.at = to;
                y.mp = y.mp.saturating_sub(1);
                y.steps += 1;
                y.rail_only &= rail && st.controls(m.side, to);
                queue.push_back(y);
            }
        }
        false
    }

    /// FtP 4.5.2: the force enters an enemy-occupied space: the order to attack is fulfilled.
    pub(super) fn attack_attempted(&self, st: &mut State) {
        if let Some(m) = st.moving.as_mut()
            && m.order == MoveOrder::Attack
        {
            m.order = MoveOrder::Attacked;
        }
    }
}
