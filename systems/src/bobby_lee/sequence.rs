//! Bobby Lee's sequence of play (BL 4.1) on the engine's flow driver (`bivouac_engine::flow`).
//!
//! The month: the Replacement Turn (BL 4.2, 12), the initiative (BL 4.3), Campaign Turns until
//! two passes in a row (BL 4.4, 4.5) each of a Movement, Combat and Supply Phase, then the
//! Victory Check (BL 4.6, 3.1). A decision (a bid, an activation, `end`...) names the automatic
//! step that follows it in [`State::due`]; [`drive`] runs that step and every step it leads to
//! until a decision is owed, firing the scenario's step hooks around each (`hooks.toml`).
//! So `due` is `None` whenever a seat is asked anything, and is never saved.

use super::BobbyLee;
use super::data::Side;
use super::state::State;
use bivouac_engine::flow::{At, Procedure, drive};
use bivouac_engine::log::{Log, Refusal};
use serde::{Deserialize, Serialize};

/// An automatic step of the month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Auto {
    /// BL 4.1, 4.2: the month's weather, then the Replacement Turn (none in a game's first
    /// month) or the initiative bids.
    MonthStart,
    /// BL 12.1: both sides have committed their replacements; new cadres are placed.
    ReplacementEnd,
    /// BL 4.3: both bids are in: the winner plays the first Campaign Turn.
    Initiative,
    /// BL 4.4, 3.41: a Campaign Turn of this side begins (November and April weather).
    CampaignTurnStart(Side),
    /// BL 5.32: forced marches are rolled after all other movement.
    ForcedMarches,
    /// BL 4.42, 6.1: the Combat Phase: a battle in every hex holding both sides.
    CombatPhase,
    /// BL 4.43, 11.1: the active side's Supply Phase.
    SupplyPhase,
    /// BL 11.6: supply attrition, once the owner has picked among equals.
    Attrition,
    /// BL 4.5: the Campaign Turn ends; two passes in a row end the month.
    CampaignTurnEnd,
    /// BL 4.6, 3.52, 11.8, 3.1: month-end VPs and siege attrition, then the Victory Check.
    VictoryCheck,
}

/// The step names `hooks.toml` may list, in the order of the month.
pub const STEPS: &[&str] = &[
    "month-start",
    "replacement-turn-end",
    "initiative",
    "campaign-turn-start",
    "forced-marches",
    "combat-phase",
    "supply-phase",
    "attrition",
    "campaign-turn-end",
    "victory-check",
];

impl Procedure for BobbyLee {
    type State = State;
    type Step = Auto;

    fn next_step(&self, s: &State) -> Option<Auto> {
        s.due
    }

    fn step_name(&self, step: &Auto) -> &'static str {
        match step {
            Auto::MonthStart => STEPS[0],
            Auto::ReplacementEnd => STEPS[1],
            Auto::Initiative => STEPS[2],
            Auto::CampaignTurnStart(_) => STEPS[3],
            Auto::ForcedMarches => STEPS[4],
            Auto::CombatPhase => STEPS[5],
            Auto::SupplyPhase => STEPS[6],
            Auto::Attrition => STEPS[7],
            Auto::CampaignTurnEnd => STEPS[8],
            Auto::VictoryCheck => STEPS[9],
        }
    }

    fn run_step(&self, s: &mut State, step: Auto, log: &mut Log) {
        s.due = None;
        match step {
            Auto::MonthStart => self.start_month_step(s, log),
            Auto::ReplacementEnd => self.finish_replacements(s, log),
            Auto::Initiative => self.resolve_bids(s, log),
            Auto::CampaignTurnStart(side) => self.begin_turn_step(s, side, log),
            Auto::ForcedMarches => {
                self.resolve_forced_marches(s, log);
                // BL 4.42: the Combat Phase follows all movement.
                s.due = Some(Auto::CombatPhase);
            }
            Auto::CombatPhase => self.start_combat_step(s, log),
            Auto::SupplyPhase => self.to_supply(s, log),
            Auto::Attrition => {
                self.attrition(s, log);
                s.due = Some(Auto::CampaignTurnEnd);
            }
            Auto::CampaignTurnEnd => self.end_turn(s),
            Auto::VictoryCheck => self.month_end_step(s, log),
        }
    }

    fn at_step(&self, s: &mut State, at: At, step: &'static str, log: &mut Log) {
        self.hooks_at_step(s, at, step, log);
    }
}

impl BobbyLee {
    /// Enter the sequence of play at `step` and run it until a decision is owed.
    pub(crate) fn run_from(&self, s: &mut State, step: Auto, log: &mut Log) -> Result<(), Refusal> {
        s.due = Some(step);
        drive(self, s, log)?;
        Ok(())
    }
}

/// Test seams: the month entered at one step, run until a decision is owed.
#[cfg(test)]
impl BobbyLee {
    pub(crate) fn start_month(&self, s: &mut State, log: &mut Log) {
        self.run_from(s, Auto::MonthStart, log).expect("the month starts");
    }
    pub(crate) fn begin_turn(&self, s: &mut State, side: Side, log: &mut Log) {
        self.run_from(s, Auto::CampaignTurnStart(side), log).expect("the Campaign Turn starts");
    }
    pub(crate) fn start_combat(&self, s: &mut State, log: &mut Log) {
        self.run_from(s, Auto::CombatPhase, log).expect("the Combat Phase starts");
    }
    pub(crate) fn month_end(&self, s: &mut State, log: &mut Log) {
        self.run_from(s, Auto::VictoryCheck, log).expect("the month ends");
    }
}
