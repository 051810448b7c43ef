//! For the People: pure formulas of the Attrition Phase (FtP 9) and the Reinforcement Phase
//! (FtP 10): attrition and foraging, the Union and Confederate reinforcement counts, blockade
//! runners, the blockade level and the strategic-movement limits; and the battle SW (12.3). Like `battle`, this module
//! knows no game state: the caller answers the map questions (LOCs, control, open ports) and
//! gets plain numbers back. Which steps happen in which turn (10.7, 10.5.1: no SP in Fall 1861,
//! no blockade-runner rolls in a scenario's first turn or in turn 3) is the turn track's
//! business (`TurnDef::union_sp`, `csa_sp`, `br_rolls`); where the SP go is the placement rules'.
//!
//! Numbers come from `game.toml` (`[attrition]`, `[reinforcements]`, `[strategic_will]`).
//! Rule numbers are the Spanish rulebook's.

use super::battle::{BattleSize, Dice, typed_table};
use super::content::{Content, EditionDef, Side};
use bivouac_engine::content::Diagnostic;
use serde::{Deserialize, Serialize};

/// Per-side values of a table.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct PerSide {
    pub union: u8,
    pub csa: u8,
}

impl PerSide {
    pub fn get(&self, s: Side) -> u8 {
        match s {
            Side::Union => self.union,
            Side::Csa => self.csa,
        }
    }
}

/// The border-state SP of the Confederacy (FtP 10.4.4).
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct BorderSp {
    pub mo: u8,
    pub ky: u8,
}

/// The `[reinforcements]` table of `game.toml`, typed (placement lists are the placement rules').
#[derive(Clone, Debug, Deserialize)]
pub struct ReinforcementTable {
    pub union_east_sp: u8,
    pub union_east_fallback_sp: u8,
    pub union_center_sp: u8,
    pub union_west_sp: u8,
    pub union_foreign_intervention_loss: u8,
    pub csa_state_sp: u8,
    pub csa_border_sp: BorderSp,
    pub strategic_limit: PerSide,
    pub blockade_max: u8,
    pub blockade_max_after_intervention: u8,
}

/// Winner's and loser's SW change for a large battle (FtP 12.3).
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct BattleSw {
    pub winner: i8,
    pub loser: i8,
}

/// A Strategic Will change per side.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct SideSw {
    pub union: i16,
    pub csa: i16,
}

/// FtP 12.1.2: the SW changes while the CSA holds spaces of an original Union state.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct StateHeldSw {
    pub union: i16,
    pub csa: i16,
    pub min_csa_spaces: u16,
}

/// The keys of `[strategic_will]` the rules read (FtP 12; a key missing or mistyped is a
/// diagnostic on game.toml).
#[derive(Clone, Debug, Deserialize)]
pub struct SwTable {
    /// FtP 10.5.4, 12.5.
    pub failed_br_roll: i8,
    /// FtP 12.3.
    pub large_battle: BattleSw,
    /// FtP 12.1.2 (IT 12.12).
    pub union_state_held: StateHeldSw,
    /// FtP 12.6, 11.2.2.
    pub capital_displaced: SideSw,
    /// FtP 12.6, 11.2.3.
    pub capital_not_approved: i16,
    /// FtP 12.7.
    pub army_lost: SideSw,
    /// FtP 12.8.
    pub mississippi_bonus: i16,
    /// FtP 12.9: the Union's war weariness and, after the Emancipation Proclamation, the CSA's
    /// war guilt, each Fall.
    pub fall_weariness: i16,
    /// FtP 5.2.2, 12.10.
    pub army_creation_outranked: i16,
    /// FtP 5.6.7 A.
    pub mcclellan_bonus: i16,
}

impl SideSw {
    pub fn of(&self, side: Side) -> i16 {
        if side == Side::Union { self.union } else { self.csa }
    }
}

/// Everything the formulas read besides `Content::attrition`.
#[derive(Clone, Debug)]
pub struct Formulas {
    pub rein: ReinforcementTable,
    pub sw: SwTable,
}

impl Formulas {
    pub fn new(c: &Content) -> Result<Self, Diagnostic> {
        Ok(Formulas { rein: typed_table(&c.reinforcements, "reinforcements")?, sw: typed_table(&c.strategic_will, "strategic_will")? })
    }
}

// ============================================================================================
// Attrition and foraging (FtP 9)
// ============================================================================================

/// FtP 9.1: the SP a space holding `sp` SP loses to attrition (1-2: none, 3-6: 1, 7+: 2).
pub fn attrition_loss(c: &Content, sp: u16) -> u8 {
    c.attrition.iter().find(|b| (b.min_sp..=b.max_sp).contains(&sp)).map_or(0, |b| b.loss)
}

/// One space's Attrition Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attrition {
    /// FtP 9.1.
    pub attrition: u8,
    /// FtP 9.2: a second attrition on the reduced size, for a force without a LOC.
    pub foraging: u8,
    pub sp_after: u16,
}

/// FtP 9.1 / 9.2: attrition for a space holding `sp` SP (an army counts its strength marker
/// plus loose SP there); `has_loc` false adds foraging. Which SP go (cavalry or infantry) is the
/// owner's choice.
pub fn attrition(c: &Content, sp: u16, has_loc: bool) -> Attrition {
    let a = attrition_loss(c, sp).min(sp.min(255) as u8);
    let left = sp - a as u16;
    let f = if has_loc { 0 } else { attrition_loss(c, left).min(left.min(255) as u8) };
    Attrition { attrition: a, foraging: f, sp_after: left - f as u16 }
}

// ============================================================================================
// Union reinforcements (FtP 10.3)
// ============================================================================================

/// What the Union's reinforcement count depends on (the caller answers from the map).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnionReinforcementInput {
    /// Washington is Union-controlled and traces a rail LOC (B&O allowed) to the north edge.
    pub washington_rail_to_north: bool,
    /// A Union-controlled PA/DE/NJ space without CSA SP exists (the East fallback).
    pub east_fallback_space: bool,
    /// A Union-controlled OH/IN space without CSA SP with a road/rail LOC to the north edge.
    pub center_space: bool,
    /// A Union-controlled IL space or St. Louis without CSA SP with a road/rail LOC north.
    pub west_space: bool,
    /// Union state capitals CONTROLLED by the CSA (Harrisburg and Philadelphia count apart).
    pub capitals_held_by_csa: u8,
    /// "Foreign Intervention" (#82) is in effect.
    pub foreign_intervention: bool,
}

/// The Union's reinforcement SP by area, before the penalties, and the penalties the Union
/// takes from the areas of its choice (10.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnionReinforcements {
    pub east: u8,
    /// The East SP go to Washington (else to PA/DE/NJ).
    pub east_in_washington: bool,
    pub center: u8,
    pub west: u8,
    /// FtP 10.3.1 (ES): 1 SP per Union state capital controlled by the CSA.
    pub capital_penalty: u8,
    /// FtP 4.4.2, 10.3: 2 SP after Foreign Intervention.
    pub intervention_penalty: u8,
    /// What the Union places.
    pub total: u8,
}

/// FtP 10.3.1: the Union's reinforcements. `edition` says whether the capital penalty exists
/// (ES 10.3.1; absent in IT).
pub fn union_reinforcements(f: &Formulas, edition: &EditionDef, i: &UnionReinforcementInput) -> UnionReinforcements {
    let t = &f.rein;
    // East: 8 in Washington with a rail LOC north, else 4 in PA/DE/NJ; no valid space: lost.
    let (east, east_in_washington) = if i.washington_rail_to_north {
        (t.union_east_sp, true)
    } else if i.east_fallback_space {
        (t.union_east_fallback_sp, false)
    } else {
        (0, false)
    };
    let center = if i.center_space { t.union_center_sp } else { 0 };
    let west = if i.west_space { t.union_west_sp } else { 0 };
    let capital_penalty = if edition.union_capital_rein_penalty { i.capitals_held_by_csa } else { 0 };
    let intervention_penalty = if i.foreign_intervention { t.union_foreign_intervention_loss } else { 0 };
    let gross = east as u16 + center as u16 + west as u16;
    let total = gross.saturating_sub(capital_penalty as u16 + intervention_penalty as u16) as u8;
    UnionReinforcements { east, east_in_washington, center, west, capital_penalty, intervention_penalty, total }
}

// ============================================================================================
// Confederate reinforcements (FtP 10.4)
// ============================================================================================

/// What the Confederate reinforcement count depends on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CsaReinforcementInput {
    /// Non-border CSA states under Union control (12.1.1).
    pub union_controlled_states: u8,
    /// The Union has UNC over the whole Mississippi.
    pub union_controls_mississippi: bool,
    /// Cavalry-brigade SP waiting on the turn track (added to the state SP, 10.4.2).
    pub waiting_cavalry_sp: u8,
    pub csa_controls_mo: bool,
    pub csa_controls_ky: bool,
}

/// The Confederacy's reinforcement SP (blockade runners apart, see [`blockade_runners`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CsaReinforcements {
    /// FtP 10.4.2: 9, -1 per Union-controlled state, -1 for the Mississippi, never below 0;
    /// at most 1 per CSA-controlled state (10.4.3).
    pub states: u8,
    /// Returning cavalry SP (10.4.2, 10.4.3).
    pub cavalry: u8,
    /// FtP 10.4.4.
    pub missouri: u8,
    pub kentucky: u8,
}

impl CsaReinforcements {
    pub fn total(&self) -> u8 {
        self.states + self.cavalry + self.missouri + self.kentucky
    }
}

/// FtP 10.4.2 / 10.4.4: the Confederacy's reinforcements.
pub fn csa_reinforcements(f: &Formulas, i: &CsaReinforcementInput) -> CsaReinforcements {
    let t = &f.rein;
    let cut = i.union_controlled_states as u16 + u16::from(i.union_controls_mississippi);
    CsaReinforcements {
        states: (t.csa_state_sp as u16).saturating_sub(cut) as u8,
        cavalry: i.waiting_cavalry_sp,
        missouri: if i.csa_controls_mo { t.csa_border_sp.mo } else { 0 },
        kentucky: if i.csa_controls_ky { t.csa_border_sp.ky } else { 0 },
    }
}

// ============================================================================================
// Blockade runners (FtP 10.5)
// ============================================================================================

/// FtP 10.5.3: the blockade level after a change, kept within 0..=5 (0..=4 after Foreign
/// Intervention).
pub fn blockade_level(f: &Formulas, level: u8, change: i8, foreign_intervention: bool) -> u8 {
    let max = if foreign_intervention { f.rein.blockade_max_after_intervention } else { f.rein.blockade_max };
    (level as i16 + change as i16).clamp(0, max as i16) as u8
}

/// One blockade zone's result (FtP 10.5.1, 10.5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ZoneResult {
    /// Every BR port of the zone is closed: no roll, the CSA loses 2 SW (10.5.1).
    AllClosed { sw: i8 },
    /// A roll above the level brings 1 SP to an open BR port of the zone; else no SP and the
    /// CSA loses 2 SW (10.5.4, 12.5). Change of Fortune (12.4) is the SW rules' business.
    Rolled { roll: u8, sp: u8, sw: i8 },
}

impl ZoneResult {
    pub fn sp(&self) -> u8 {
        match self {
            ZoneResult::AllClosed { .. } => 0,
            ZoneResult::Rolled { sp, .. } => *sp,
        }
    }
    pub fn sw(&self) -> i8 {
        match self {
            ZoneResult::AllClosed { sw } | ZoneResult::Rolled { sw, .. } => *sw,
        }
    }
}

/// FtP 10.5: roll for every zone, in the order given; `open[z]` says whether zone z has at
/// least one open BR port (10.5.2, computed by the map rules).
pub fn blockade_runners(f: &Formulas, level: u8, open: &[bool], dice: &mut dyn Dice) -> Vec<ZoneResult> {
    open.iter()
        .map(|&is_open| {
            if !is_open {
                return ZoneResult::AllClosed { sw: f.sw.failed_br_roll };
            }
            let roll = dice.d6();
            if roll > level { ZoneResult::Rolled { roll, sp: 1, sw: 0 } } else { ZoneResult::Rolled { roll, sp: 0, sw: f.sw.failed_br_roll } }
        })
        .collect()
}

// ============================================================================================
// Battle SW (FtP 12.3)
// ============================================================================================

/// FtP 12.3: the SW change `(winner, loser)` a battle of this size causes (large battles only),
/// before Change of Fortune (12.4).
pub fn battle_sw(f: &Formulas, size: BattleSize) -> (i8, i8) {
    match size {
        BattleSize::Large => (f.sw.large_battle.winner, f.sw.large_battle.loser),
        BattleSize::Medium | BattleSize::Small => (0, 0),
    }
}

// ============================================================================================
// Strategic movement (FtP 10.2.2)
// ============================================================================================

/// FtP 10.2.2: SP a side may move strategically per turn (Union 15, CSA 7).
pub fn strategic_limit(f: &Formulas, side: Side) -> u8 {
    f.rein.strategic_limit.get(side)
}

/// FtP 10.2.2: may `side`, having moved `used` SP strategically this turn, move `n` more?
pub fn strategic_move_fits(f: &Formulas, side: Side, used: u8, n: u8) -> bool {
    used as u16 + n as u16 <= strategic_limit(f, side) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::for_the_people::battle::ScriptedDice;

    fn content() -> &'static Content {
        &crate::for_the_people::play_tests::game().c
    }

    fn formulas() -> Formulas {
        Formulas::new(content()).expect("tables")
    }

    fn edition(id: &str) -> &'static EditionDef {
        let c = content();
        &c.editions[c.edition(id).expect("edition") as usize]
    }

    #[test]
    fn t_attr_1_attrition_and_foraging_fpt_9_1_9_2() {
        let c = content();
        assert_eq!(attrition(c, 3, false), Attrition { attrition: 1, foraging: 0, sp_after: 2 });
        assert_eq!(attrition(c, 7, false), Attrition { attrition: 2, foraging: 1, sp_after: 4 });
        assert_eq!(attrition(c, 7, true).sp_after, 5);
        assert_eq!(attrition(c, 1, true).sp_after, 1);
        assert_eq!(attrition(c, 2, false).sp_after, 2);
        let losses: Vec<u8> = (0..=8).map(|sp| attrition_loss(c, sp)).collect();
        assert_eq!(losses, [0, 0, 0, 1, 1, 1, 1, 2, 2]);
        assert_eq!(attrition(c, 30, false), Attrition { attrition: 2, foraging: 2, sp_after: 26 });
    }

    #[test]
    fn t_rein_u_1_union_schedule_fpt_10_3_1() {
        let f = formulas();
        let es = edition("spanish");
        let all = UnionReinforcementInput { washington_rail_to_north: true, east_fallback_space: true, center_space: true, west_space: true, ..Default::default() };
        let r = union_reinforcements(&f, es, &all);
        assert_eq!((r.east, r.east_in_washington, r.center, r.west, r.total), (8, true, 6, 4, 18));
        // Washington cut off: 4 in PA/DE/NJ.
        let cut = UnionReinforcementInput { washington_rail_to_north: false, ..all };
        let r = union_reinforcements(&f, es, &cut);
        assert_eq!((r.east, r.east_in_washington, r.total), (4, false, 14));
        // The CSA controls Harrisburg: -1 (ES); the IT rules have no such penalty.
        let harrisburg = UnionReinforcementInput { capitals_held_by_csa: 1, ..all };
        assert_eq!(union_reinforcements(&f, es, &harrisburg).total, 17);
        assert_eq!(union_reinforcements(&f, edition("italian"), &harrisburg).total, 18);
        // After Foreign Intervention: -2.
        let fi = UnionReinforcementInput { foreign_intervention: true, ..all };
        let r = union_reinforcements(&f, es, &fi);
        assert_eq!((r.intervention_penalty, r.total), (2, 16));
        // No valid space anywhere: everything is lost.
        assert_eq!(union_reinforcements(&f, es, &UnionReinforcementInput { capitals_held_by_csa: 3, ..Default::default() }).total, 0);
    }

    #[test]
    fn t_rein_c_1_csa_reinforcements_fpt_10_4() {
        let f = formulas();
        // Su61: all 11 states, no Mississippi, no MO/KY, blockade 1; BR rolls N. Atlantic 1,
        // S. Atlantic 2, W. Gulf 3, E. Gulf 6.
        let r = csa_reinforcements(&f, &CsaReinforcementInput::default());
        assert_eq!(r.states, 9);
        let mut dice = ScriptedDice::new(&[1, 2, 3, 6], &[]);
        let zones = blockade_runners(&f, 1, &[true, true, true, true], &mut dice);
        let sp: u8 = zones.iter().map(ZoneResult::sp).sum();
        let sw: i8 = zones.iter().map(ZoneResult::sw).sum();
        assert_eq!((sp, sw), (3, -2), "N. Atlantic fails (1 <= 1)");
        assert_eq!(r.total() + sp, 12);
        // Penalties and the border states.
        let i = CsaReinforcementInput { union_controlled_states: 3, union_controls_mississippi: true, waiting_cavalry_sp: 1, csa_controls_mo: true, csa_controls_ky: true };
        let r = csa_reinforcements(&f, &i);
        assert_eq!((r.states, r.cavalry, r.missouri, r.kentucky, r.total()), (5, 1, 1, 1, 8));
        let beaten = CsaReinforcementInput { union_controlled_states: 11, union_controls_mississippi: true, ..Default::default() };
        assert_eq!(csa_reinforcements(&f, &beaten).states, 0, "never below 0");
    }

    #[test]
    fn t_rein_c_2_blockade_example_fpt_10_5_4() {
        let f = formulas();
        // Level 3: W. Gulf 2, E. Gulf 3, S. Atlantic 4, N. Atlantic 5.
        let mut dice = ScriptedDice::new(&[2, 3, 4, 5], &[]);
        let z = blockade_runners(&f, 3, &[true; 4], &mut dice);
        assert_eq!(z.iter().map(ZoneResult::sp).collect::<Vec<_>>(), [0, 0, 1, 1]);
        assert_eq!(z.iter().map(ZoneResult::sw).sum::<i8>(), -4);
        // A zone with every BR port closed: no roll, -2 SW (10.5.1).
        let mut dice = ScriptedDice::new(&[6], &[]);
        let z = blockade_runners(&f, 0, &[false, true], &mut dice);
        assert_eq!(z, vec![ZoneResult::AllClosed { sw: -2 }, ZoneResult::Rolled { roll: 6, sp: 1, sw: 0 }]);
        assert!(dice.rolls.is_empty());
    }

    #[test]
    fn blockade_level_bounds_fpt_10_5_3() {
        let f = formulas();
        assert_eq!(blockade_level(&f, 0, 1, false), 1);
        assert_eq!(blockade_level(&f, 5, 1, false), 5);
        assert_eq!(blockade_level(&f, 5, 0, true), 4, "capped at 4 after Foreign Intervention");
        assert_eq!(blockade_level(&f, 0, -1, false), 0);
    }

    #[test]
    fn battle_sw_fpt_12_3() {
        let f = formulas();
        // Gettysburg (T-CRT-3): the Union wins a large battle: Union +3, CSA -5.
        assert_eq!(battle_sw(&f, BattleSize::Large), (3, -5));
        assert_eq!(battle_sw(&f, BattleSize::Medium), (0, 0));
        assert_eq!(battle_sw(&f, BattleSize::Small), (0, 0));
    }

    #[test]
    fn t_strat_1_strategic_movement_limits_fpt_10_2_2() {
        let f = formulas();
        assert_eq!((strategic_limit(&f, Side::Union), strategic_limit(&f, Side::Csa)), (15, 7));
        // Union Su61 uses 10 of 15 (2 + 1 + 3 + 2 + 1 + 1), CSA 7 of 7.
        let used = [2u8, 1, 3, 2, 1, 1].iter().try_fold(0u8, |u, &n| strategic_move_fits(&f, Side::Union, u, n).then_some(u + n));
        assert_eq!(used, Some(10));
        assert!(strategic_move_fits(&f, Side::Union, 14, 1));
        assert!(!strategic_move_fits(&f, Side::Union, 15, 1), "a 16th Union SP is rejected");
        assert!(strategic_move_fits(&f, Side::Csa, 6, 1));
        assert!(!strategic_move_fits(&f, Side::Csa, 7, 1), "an 8th CSA SP is rejected");
    }

    #[test]
    fn bad_reinforcement_table_is_a_diagnostic() {
        let mut c = content().clone();
        c.reinforcements.remove("csa_state_sp");
        let e = Formulas::new(&c).expect_err("missing key");
        assert!(e.message.contains("reinforcements") && e.message.contains("csa_state_sp"), "{}", e.message);
    }
}
