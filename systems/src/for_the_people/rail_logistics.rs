//! The rail logistics variant (FtP 19, Spanish edition only; scenario option
//! `var-rail-logistics`). Its four modifications are used together:
//! - 5.2.1 (modified): an army is created only in a space with a rail LOC;
//! - 8.1.3: a rail LOC is a LOC by which a friendly-controlled space with a rail connection
//!   traces a continuous path of controlled (not neutral) spaces along railroads to a supply
//!   source (for the Union, also to a controlled, supplied port). Entering a controlled space
//!   with a rail LOC, or any space adjacent to one, costs 1 MP; entering any other space costs
//!   1 extra MP; a force cannot enter a space without the MP;
//! - 9.3: in the Attrition Phase a force neither in nor adjacent to a rail-LOC space is out of
//!   supply for attrition and forages (except the Shenandoah Valley, 8.4);
//! - 10.2.1 (modified): the army special case of strategic movement is limited to 3 SP per
//!   player per turn.
//!
//! Readings of unclear rules: a rail LOC also obeys the LOC rules of 8.1 (no
//! enemy SP or fort on the path, the CSA never across a river under UNC); a supply source (or a
//! Union supplied port) with a rail connection has a rail LOC itself; "adjacent" is by a land
//! connection (road, railroad, dashed link), not along a river; the rail movement bonus (5.9)
//! still adds 2 MP to a move made wholly by rail through friendly spaces; a strategic move into
//! an army's space that ordinary rail or sea strategic movement also allows is not the army
//! special case.

use super::FtP;
use super::content::{LinkKind, Side};
use super::state::*;
use bivouac_engine::map::graph::SpaceId;
use serde::{Deserialize, Serialize};

/// The variant's bookkeeping (`State::rail`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RailSt {
    /// SP each side sent to armies this turn by the special case of 10.2.1 (at most 3).
    pub army_sp: [u8; 2],
}

/// FtP 19 (10.2.1 modified): SP per player per turn sent to armies by the special case.
const ARMY_SP_PER_TURN: u8 = 3;

impl FtP {
    fn is_rail(&self, st: &State, side: Side, l: &super::content::LinkDef) -> bool {
        match self.link_kind(st, l) {
            LinkKind::Rail => true,
            // FtP 10.2.4: the B&O is the Union's railroad.
            LinkKind::BAndO => side == Side::Union,
            _ => false,
        }
    }

    /// FtP 19 (8.1.3): every space of `side` with a rail LOC.
    pub fn rail_loc(&self, st: &State, side: Side) -> Vec<bool> {
        let n = self.c.map.len();
        let sup = self.supplied(st, side);
        let pass = self.passable_all(st, side);
        let unc = self.unc(st);
        let has_rail = |s: Sp| self.c.map.neighbors(SpaceId(s)).any(|(_, l)| self.is_rail(st, side, l));
        let ok = |s: Sp| st.controls(side, s) && pass[s as usize];
        let mut reach = vec![false; n];
        let mut queue: Vec<Sp> = (0..n as Sp)
            .filter(|&s| {
                let port = side == Side::Union && self.c.map.space(SpaceId(s)).port.is_some();
                ok(s) && sup[s as usize] && has_rail(s) && (port || self.is_source(st, &unc, side, s))
            })
            .collect();
        for &s in &queue {
            reach[s as usize] = true;
        }
        while let Some(s) = queue.pop() {
            for (t, l) in self.c.map.neighbors(SpaceId(s)) {
                if !reach[t.index()] && ok(t.0) && self.is_rail(st, side, l) && self.loc_link(&unc, side, l, s, t.0) {
                    reach[t.index()] = true;
                    queue.push(t.0);
                }
            }
        }
        reach
    }

    /// Spaces in or adjacent (by land) to a rail-LOC space of `side`.
    fn rail_near(&self, rail: &[bool]) -> Vec<bool> {
        (0..self.c.map.len() as Sp).map(|s| rail[s as usize] || self.c.map.neighbors(SpaceId(s)).any(|(t, l)| rail[t.index()] && l.is_land())).collect()
    }

    /// FtP 19 (8.1.3): the MP a force of `side` pays to enter `to` (1 without the variant).
    pub(super) fn rail_entry_cost(&self, st: &State, side: Side, to: Sp, rail: Option<&[bool]>) -> u8 {
        let Some(rail) = rail else { return 1 };
        let cheap = (st.controls(side, to) && rail[to as usize]) || self.c.map.neighbors(SpaceId(to)).any(|(t, l)| rail[t.index()] && l.is_land());
        if cheap { 1 } else { 2 }
    }

    /// The rail-LOC spaces of the moving side when the variant is in force.
    pub(super) fn rail_for_move(&self, st: &State, side: Side) -> Option<Vec<bool>> {
        st.opts.rail_logistics.then(|| self.rail_loc(st, side))
    }

    /// FtP 19 (5.2.1 modified): an army is created only in a space with a rail LOC.
    pub(super) fn rail_army_creation(&self, st: &State, side: Side, sup: &mut [bool]) {
        if st.opts.rail_logistics {
            let rail = self.rail_loc(st, side);
            for (s, x) in sup.iter_mut().enumerate() {
                *x &= rail[s];
            }
        }
    }

    /// FtP 19 (9.3): for attrition, a force neither in nor adjacent to a rail-LOC space is out
    /// of supply (the Shenandoah Valley, 8.4, is added afterwards by the caller).
    pub(super) fn rail_attrition_supply(&self, st: &State, side: Side, sup: &mut [bool]) {
        if st.opts.rail_logistics {
            let near = self.rail_near(&self.rail_loc(st, side));
            for (s, x) in sup.iter_mut().enumerate() {
                *x &= near[s];
            }
        }
    }

    /// FtP 19 (10.2.1 modified): the army special case is closed once 3 SP went that way.
    pub(super) fn rail_army_cap_reached(&self, st: &State, side: Side) -> bool {
        st.opts.rail_logistics && st.rail.army_sp[side.index()] >= ARMY_SP_PER_TURN
    }

    /// FtP 19 (10.2.1 modified): count a strategic move to an army that only the special case
    /// allows (`normal`: ordinary rail or sea strategic movement reaches `to` too).
    pub(super) fn rail_note_army_move(&self, st: &mut State, side: Side, to: Sp, normal: bool) {
        if st.opts.rail_logistics && !normal && self.army_in(st, side, to).is_some() {
            st.rail.army_sp[side.index()] += 1;
        }
    }

    /// FtP 19 (8.1.3): a step refused because the force lacks the 2 MP it would cost.
    pub(super) fn rail_step_rule(&self, st: &State, a: &Action) -> Option<&'static str> {
        let Action::Step { to } = *a else { return None };
        let m = st.moving.as_ref()?;
        let adjacent = self.c.map.edges_between(SpaceId(m.at), SpaceId(to)).any(|l| l.is_land());
        let cost = self.rail_entry_cost(st, m.side, to, self.rail_for_move(st, m.side).as_deref());
        (adjacent && cost > 1 && m.mp < cost).then_some("FtP 19")
    }
}
