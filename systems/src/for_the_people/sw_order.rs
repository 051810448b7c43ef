//! FtP 12.4, last sentence: "during the Political Control Phase, the player affected by several
//! Strategic Will effects in the same segment or step decides the order in which they apply."
//! The order matters through Change of Fortune (a gain flipping the marker from "-" to "+" gains
//! 2 more, a loss flipping it from "+" to "-" loses 3 more): a CSA that loses Georgia (-15) and
//! holds 3 spaces of Maryland (+5) in step ii ends 3 SW apart depending on the order.
//!
//! Step ii (state control, 12.1, and the Mississippi, 12.8) is the only step of the phase where a
//! side can have both gains and losses: in step i the Union only gains and the CSA only loses
//! (12.2, 12.11), in step iii each side has one effect (12.9). The effects of step ii are
//! collected; a side whose effects are all gains or all losses takes them at once (any order
//! gives the same SW); a side with both picks which applies next (`Frame::SwOrder`) until the
//! rest share one sign. Step iii waits for the orders (`Phase::Political`).

use super::FtP;
use super::content::Side;
use super::state::*;
use bivouac_engine::log::Log;
use serde::{Deserialize, Serialize};

/// The Strategic Will rules of the Political Control Phase's step ii.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SwRule {
    /// FtP 12.1.3: the first side to control a border state gains its value.
    BorderFirst,
    /// FtP 12.1.1: a CSA state (or a border state the CSA took first) falls to the Union.
    StateLost,
    /// FtP 12.1.3: the Union takes a border state the CSA took first.
    BorderTaken,
    /// FtP 12.1.2: the CSA controls 3+ spaces in a Union state.
    UnionStateHeld,
    /// FtP 12.8: UNC over the whole Mississippi, once.
    Mississippi,
}

impl SwRule {
    pub fn text(self) -> &'static str {
        match self {
            SwRule::BorderFirst => "FtP 12.1.3 border state first controlled",
            SwRule::StateLost => "FtP 12.1.1 state lost to the Union",
            SwRule::BorderTaken => "FtP 12.1.3 border state taken",
            SwRule::UnionStateHeld => "FtP 12.1.2 CSA holds a Union state",
            SwRule::Mississippi => "FtP 12.8 UNC over the whole Mississippi",
        }
    }
}

/// One SW change of step ii waiting for its side's order (FtP 12.4): `state` is the state's
/// index (the Mississippi's effect has none: 255).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwEffect {
    pub side: Side,
    pub delta: i16,
    pub rule: SwRule,
    pub state: u8,
}

impl FtP {
    /// Record a SW change of step ii (applied by `settle_sw`).
    pub(super) fn pc_sw(&self, st: &mut State, side: Side, delta: i16, rule: SwRule, state: Option<usize>) {
        st.sw_pending.push(SwEffect { side, delta, rule, state: state.map_or(u8::MAX, |i| i as u8) });
    }

    /// FtP 12.4: apply each side's recorded changes that need no order; a side with both gains
    /// and losses is asked (Union first).
    pub(super) fn settle_sw(&self, st: &mut State, log: &mut Log) {
        for side in [Side::Csa, Side::Union] {
            if self.sw_mixed(st, side) {
                st.flow.push(Frame::SwOrder { side });
            } else {
                self.apply_all_sw(st, side, log);
            }
        }
    }

    fn sw_mixed(&self, st: &State, side: Side) -> bool {
        let mine = || st.sw_pending.iter().filter(|e| e.side == side);
        mine().any(|e| e.delta > 0) && mine().any(|e| e.delta < 0)
    }

    fn apply_all_sw(&self, st: &mut State, side: Side, log: &mut Log) {
        let (mine, rest): (Vec<SwEffect>, Vec<SwEffect>) = st.sw_pending.iter().partition(|e| e.side == side);
        st.sw_pending = rest;
        for e in mine {
            self.apply_sw_effect(st, e, log);
        }
    }

    fn apply_sw_effect(&self, st: &mut State, e: SwEffect, log: &mut Log) {
        let why = match self.c.states.get(e.state as usize) {
            Some(d) => format!("{} ({})", e.rule.text(), d.name),
            None => e.rule.text().to_string(),
        };
        self.add_sw(st, e.side, e.delta, log, &why);
    }

    /// FtP 12.4: the effects the side may apply next (one per distinct effect).
    pub(super) fn sw_order_actions(&self, st: &State, side: Side, out: &mut Vec<Action>) {
        let mut seen: Vec<SwEffect> = Vec::new();
        for (i, e) in st.sw_pending.iter().enumerate() {
            if e.side == side && !seen.contains(e) {
                seen.push(*e);
                out.push(Action::SwFirst { index: i as u8 });
            }
        }
    }

    /// FtP 12.4: apply the chosen effect; once the rest share one sign they apply at once.
    pub(super) fn sw_first(&self, st: &mut State, top: Frame, index: u8, log: &mut Log) {
        let Frame::SwOrder { side } = top else { return };
        let e = st.sw_pending.remove(index as usize);
        self.apply_sw_effect(st, e, log);
        if !self.sw_mixed(st, side) {
            self.apply_all_sw(st, side, log);
            st.flow.pop();
        }
    }

    /// The text of a pending effect, for the prompt and the action's label.
    pub(super) fn sw_effect_text(&self, e: &SwEffect) -> String {
        let name = self.c.states.get(e.state as usize).map(|d| format!(" ({})", d.name)).unwrap_or_default();
        format!("{:+} SW: {}{name}", e.delta, e.rule.text())
    }
}

#[cfg(test)]
impl FtP {
    /// Step ii's state control with its SW changes applied (tests whose changes need no order).
    pub(super) fn state_control_settled(&self, st: &mut State, log: &mut Log) {
        self.state_control(st);
        self.settle_sw(st, log);
    }
}
