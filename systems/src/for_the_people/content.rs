//! For the People content: the TOML schema of `content/for-the-people/`, its loader and its
//! load-time checks, and the typed model the rules read.
//!
//! Everything is interned at load: spaces are the engine's `SpaceId` (u16, the order of
//! `map.toml`), states, sea zones, rivers, rail lines, generals, armies, editions and scenarios
//! are `u8` indexes, cards are their printed number (1..=130). The loaded [`Content`] is shared
//! read-only by the game; a game state only holds these small ids.
//!
//! Layering (design.md section 4): `map.toml`, `game.toml` and `cards.toml` are read from every
//! layer; record lists (spaces, links, states, rivers, generals, cards ...) merge by id, so a mod
//! adds or overrides records; single tables (the CRT, the turn track ...) come from the topmost
//! layer that has them. A scenario file overrides as a whole. Every cross-reference is resolved
//! with `ContentSet::resolve` (file:line:col, the text found, the nearest valid ids) and loading
//! goes on after an error so that every problem is reported at once. Nothing here panics on bad
//! content.

use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics, IdIndex, Record, Sourced, Spanned, SrcId, layered_records};
use bivouac_engine::game::OptionInfo;
use bivouac_engine::map::graph::{GraphMap, SpaceId};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

pub type StateId = u8;
pub type SeaId = u8;
pub type RiverId = u8;
pub type LineId = u8;
pub type GeneralId = u8;
pub type ArmyId = u8;
pub type EditionId = u8;
pub type ScenarioId = u8;
/// A strategy card by its printed number (1..=130).
pub type CardNo = u8;

/// The highest card number of the largest deck (Spanish edition).
pub const MAX_CARDS: usize = 130;

// ============================================================================================
// Shared enums
// ============================================================================================

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Union = 0,
    Csa = 1,
}

impl Side {
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Union => "union",
            Side::Csa => "csa",
        }
    }
}

/// Who a state belonged to at the start of the war (FtP 2.3, 2.4, 2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StateSide {
    Union,
    Csa,
    Border,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PortKind {
    Coastal,
    River,
}

/// Kind of a connection between two spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    Road,
    /// A railroad (also a road, glossary "Espacio").
    Rail,
    /// The Baltimore & Ohio railroad: Union strategic movement, LOC and card #103 only (FtP 10.2.4).
    BAndO,
    /// A NE-Alabama dashed link (FtP 5.10).
    Dashed,
    /// A river lane between river ports of one river, in downstream order (FtP 6.2).
    River(RiverId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
enum LinkKindRec {
    Road,
    Rail,
    Bo,
    Dashed,
}

/// Who may play a card's event (FtP 4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventSide {
    Union,
    Csa,
    Both,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CardFlag {
    Special,
    MajorCampaign,
    MinorCampaign,
    Interrupt,
    Concentration,
    NavalMove,
    CardRemoval,
    RandomDiscard,
    Ironclad,
    ForwardBase,
    /// FtP 4.5.1, 10.2.4: the Union may use the B&O railroad in this concentration (#103).
    BAndO,
    /// FtP 11.3 D exception: this event's PC may capture a coastal fort or destroy a resource
    /// center (ES: #59 David Farragut, #111 Wilson's Raid).
    PcCapture,
    /// FtP 6.8.2 exception: this event's CSA PC may retake a Union coastal fort (ES #115).
    RetakeCoastalFort,
    /// The event lets a force intercept from two spaces away, played when an enemy force
    /// enters a space (FtP 4.2.5, 5.8; the example of play's #102 First Manassas).
    InterceptTwo,
    /// FtP 10.4.3 exception: this event's Confederate SP may be placed in pro-Union spaces
    /// (#80 Southern Religious Revival).
    ProUnionReinforcements,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BlockadeEffect {
    Raise,
    Lower,
}

/// How a card's event was rebuilt when the printed card's text is not in the rulebooks
/// (cards.toml `reconstructed`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Reconstructed {
    /// The effect is authored from the card's title alone.
    Title,
    /// The effect is what the rulebooks and their examples say of the event, the rest authored.
    Rules,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Chooser {
    Union,
    Csa,
    Player,
}

/// Control of a space or state.
#[derive(Clone, Copy, Debug, Eq, Serialize, Deserialize)]
pub enum Control {
    Neutral,
    Of(Side),
}

impl Control {
    /// One number per value: `==` compares them (the derived `==`, discriminant then
    /// side, does not vectorize over the control of every space, compared at every action).
    const fn code(self) -> u8 {
        match self {
            Control::Of(Side::Union) => 0,
            Control::Of(Side::Csa) => 1,
            Control::Neutral => 2,
        }
    }
}

impl PartialEq for Control {
    fn eq(&self, o: &Control) -> bool {
        self.code() == o.code()
    }
}

// ============================================================================================
// The typed model
// ============================================================================================

#[derive(Clone, Debug)]
pub struct StateDef {
    pub id: String,
    pub abbr: String,
    pub name: String,
    pub side: StateSide,
    /// Strategic Will value (FtP 12.1.4); 0 for Union states.
    pub sw: u8,
    /// Controlled spaces needed to control the state (12.1.4); None for Union states.
    pub control: Option<u8>,
}

#[derive(Clone, Debug)]
pub struct SeaDef {
    pub id: String,
    pub name: String,
}

#[derive(Clone, Debug)]
pub struct SpaceDef {
    pub name: String,
    pub state: StateId,
    pub lon: f64,
    pub lat: f64,
    /// Named by the rules (otherwise added to reconstruct the map).
    pub rules: bool,
    pub port: Option<PortKind>,
    /// River letter codes of a river port (FtP 6.2).
    pub rivers: Vec<char>,
    pub sea: Option<SeaId>,
    pub coastal_fort: bool,
    /// The port this coastal fort guards (6.6.2 case 4).
    pub guards: Option<SpaceId>,
    /// The coastal fort guarding this port (derived from `guards`).
    pub guarded_by: Option<SpaceId>,
    pub br: bool,
    /// A blockade-runner port only while this card's event holds (St. Marks, #117).
    pub br_card: Option<CardNo>,
    /// Resource center value (12.2); 0 = not a resource center.
    pub resource: u8,
    pub national_capital: Option<Side>,
    pub union_state_capital: bool,
    pub state_capital: bool,
    pub shenandoah: bool,
    pub mississippi: bool,
    pub pro_union: bool,
    pub north_edge_rail: bool,
    pub authored: Vec<String>,
}

#[derive(Clone, Debug)]
pub struct LinkDef {
    pub kind: LinkKind,
    pub lines: Vec<LineId>,
    /// The river port whose blue bar this link crosses, and the river code (FtP 6.2).
    pub bar: Option<(SpaceId, char)>,
    /// A road that becomes a railroad in 1864 (5.9.3).
    pub upgrade_1864: bool,
    pub mountain: bool,
    /// Stated by a rule or an example (otherwise authored).
    pub rules: bool,
}

impl LinkDef {
    /// Usable for land movement during strategy rounds (not the B&O, 10.2.4).
    pub fn is_land(&self) -> bool {
        matches!(self.kind, LinkKind::Road | LinkKind::Rail | LinkKind::Dashed)
    }
}

/// Where a river empties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mouth {
    /// Its last port lies on the parent river (the Ohio ends at Cairo).
    Own,
    /// Into the stretch of the parent river between these spaces (or at this one space).
    Spaces(Vec<SpaceId>),
    Sea(SeaId),
}

#[derive(Clone, Debug)]
pub struct RiverDef {
    pub id: String,
    pub code: Option<char>,
    pub name: String,
    pub north_edge: bool,
    pub rises_in_csa: bool,
    /// River ports, upstream first.
    pub ports: Vec<SpaceId>,
    pub mouth: Mouth,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideValues {
    pub union: u8,
    pub csa: u8,
}

/// Per-edition rule values; see game.toml for their meaning. The string-valued
/// settings are the closed sets below, typed at load: a misspelt value is a diagnostic naming
/// the allowed spellings, never a silent fallback to one edition's reading.
#[derive(Clone, Debug)]
pub struct EditionDef {
    pub id: String,
    pub name: String,
    pub deck_max_card: CardNo,
    pub fort_build_min_ops: SideValues,
    pub fort_return: FortReturn,
    pub cav_general_return_turns: SideValues,
    pub csa_rail_build: CsaRailBuild,
    pub army_naval_sea_generals: Vec<GeneralId>,
    pub army_naval_river_generals: Vec<GeneralId>,
    pub army_naval_by_strategy_1: bool,
    /// FtP 5.4.2: a division is barred from enemy-controlled spaces in every border state (IT
    /// 5.42 "o in Stati di confine"), or only in a neutral one (ES "en estados fronterizos
    /// neutrales").
    pub division_bar_any_border: bool,
    pub defender_retreat: DefenderRetreat,
    pub naval_retreat: NavalRetreat,
    pub pr_tie_break: PrTieBreak,
    pub elite_loss_threshold: u8,
    /// FtP 7.7.3: a corps' (any non-army force's) commander is exempt from leader casualties
    /// unless he is the only general (IT 7.73 "il generale al comando"), or only an army's is
    /// (ES 7.7.3 "el general al mando de un ejército (no un cuerpo)").
    pub corps_commander_casualty_exempt: bool,
    pub shenandoah: ShenandoahRule,
    pub shenandoah_va_condition: bool,
    pub strategic_move_units: StrategicMoveUnits,
    pub br_port_open_needs_loc: bool,
    pub union_capital_rein_penalty: bool,
    pub union_capital_harrisburg: bool,
    pub csa_state_control_needs_no_rc_br: bool,
    pub union_state_penalty_includes_border: bool,
    /// FtP 6.8.7 (ES only): a Union force in a coastal fort with a CSA PC gets the fort +2.
    pub union_in_csa_coastal_fort_drm: bool,
    pub border_converted_is_union_state: bool,
    pub fort_capture_sw: u8,
    /// FtP 4.5.1 (ES only): the concentration space is in a state originally Confederate.
    pub concentration_original_csa: bool,
    /// FtP 4.4 (ES only): a special event discarded by an event happens if its conditions hold.
    pub discarded_special_happens: bool,
    pub unc_examples: UncExamples,
    pub replacement_cavalry: bool,
    pub sheridan_death: SheridanDeath,
    pub wilsons_raid: WilsonsRaid,
    /// FtP 8.4: the Shenandoah Valley rule is standard in this edition (option `opt-shenandoah`
    /// = `edition` plays it), else an optional rule, off unless chosen.
    pub shenandoah_standard: bool,
    /// FtP 19: the rail logistics variant exists in this edition (option `var-rail-logistics`).
    pub rail_logistics: bool,
    /// FtP 13.4, 14.4, 15.4, 16.4: which of a scenario's lists of removed cards this edition uses.
    pub scenario_removed_cards: RemovedCards,
}

/// FtP 13.4-16.4 (`scenario_removed_cards`): the scenario list of cards removed before play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RemovedCards {
    /// The scenario's `removed_cards` (the Spanish lists).
    #[default]
    #[serde(rename = "removed_cards")]
    Base,
    /// The scenario's `removed_cards_italian` (the Italian lists).
    #[serde(rename = "removed_cards_italian")]
    Italian,
}

/// FtP 6.8.6 / 3.4.2 iii (`fort_return`): when an eliminated fort counter is available again.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FortReturn {
    /// ES: on the turn track, back after a delay (scenario option `fort-return` says when).
    #[default]
    TurnTrack,
    /// IT: available again at once.
    Immediate,
}

/// FtP 5.9.3 (`csa_rail_build`): how the CSA rebuilds rail lines in 1864.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CsaRailBuild {
    /// ES: automatic at the start of Spring 1864 (the turn track's `csa_rail_build`).
    #[default]
    #[serde(rename = "automatic_spring_1864")]
    AutomaticSpring1864,
    /// IT: the CSA plays any OPs card in 1864/65.
    #[serde(rename = "csa_ops_1864")]
    CsaOps1864,
}

/// FtP 7.6.1 (`defender_retreat`): how a defeated defender's retreat space is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DefenderRetreat {
    /// ES living rules: the six-level priority list; the winner picks among ties at levels 5-6.
    #[default]
    SixPriorities,
    /// IT 7.61: an own-controlled space with a LOC if possible, else an enemy-PC space without
    /// enemy SP, the attacker choosing among enemy spaces.
    Simple,
}

/// FtP 7.6.2 (`naval_retreat`): where a force retreats by sea.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NavalRetreat {
    /// ES: to a Union port with a LOC in an original Union state; a level-1 choice.
    #[default]
    #[serde(rename = "union_state_port_priority_1")]
    UnionStatePort,
    /// IT 7.62: a Union force retreating from a port of an original CSA state may only end in a
    /// space with a Union PC (by land or sea) or in a friendly port of a non-border Union state.
    #[serde(rename = "italian")]
    Italian,
}

/// FtP 7.4.1 (`pr_tie_break`): who decides a tie of political ratings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrTieBreak {
    /// ES: the owner chooses.
    #[default]
    Owner,
    /// IT: a die roll.
    DieRoll,
}

/// FtP 8.4 (`shenandoah`): the supply the Shenandoah Valley rule gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShenandoahRule {
    /// ES: supply for attrition only.
    #[default]
    AttritionOnly,
    /// IT: full supply.
    FullSupply,
}

/// FtP 10.2.1 (`strategic_move_units`): what strategic movement may move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StrategicMoveUnits {
    /// ES: supplied infantry SP only.
    #[default]
    SuppliedInfantry,
    /// IT: any SP.
    AnySp,
}

/// FtP 6.5.2, 6.6.2 (`unc_examples`): which edition's examples of the UNC rules apply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UncExamples {
    /// ES: a Paducah fort does not negate Dover; a Dover fort negates the upper Tennessee.
    #[default]
    Spanish,
    /// IT: a Paducah fort negates Dover; a Dover fort negates only the Cumberland.
    Italian,
}

/// FtP 5.6.7 D (`sheridan_death`): what becomes of Sheridan when he is killed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SheridanDeath {
    /// ES: he may return; he is his own replacement.
    #[default]
    Returns,
    /// IT: permanently eliminated.
    Eliminated,
}

/// FtP 11.3 D (`wilsons_raid`): where Wilson's Raid comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WilsonsRaid {
    /// ES: card #111, an exception to 11.3 D.
    #[default]
    #[serde(rename = "card_111")]
    Card111,
    /// IT: the optional use of card #16 in turns 12-13 (5.6.7 E).
    #[serde(rename = "optional_card_16")]
    OptionalCard16,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Season {
    Spring,
    Summer,
    Fall,
}

#[derive(Clone, Debug)]
pub struct TurnDef {
    pub number: u8,
    pub season: Season,
    pub year: u16,
    pub cards: u8,
    pub union_sp: bool,
    pub csa_sp: bool,
    pub br_rolls: bool,
    pub strategic: bool,
    pub generals: bool,
    pub csa_rail_build: bool,
    pub csa_auto_win_union_sw_below: Option<u8>,
}

#[derive(Clone, Debug)]
pub struct GeneralDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub strategy: u8,
    pub offense: u8,
    pub defense: u8,
    pub political: u8,
    pub cavalry: bool,
    /// Turn he enters from the turn track (1 = on the map at the start); None = optional counter.
    pub arrives: Option<u8>,
    pub optional: bool,
    pub replaces: Option<GeneralId>,
    /// FtP 5.6.7 B / D (optional): the general's second counter, if any.
    pub counter: Option<SecondCounter>,
    pub authored: Vec<String>,
}

/// FtP 5.6.7 B / D: a general's second counter, used only with the optional rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecondCounter {
    /// B (Van Dorn): a cavalry-brigade counter he may swap to.
    Brigade,
    /// D (Sheridan): a cavalry general's corps-commander counter.
    Corps,
}

#[derive(Clone, Debug)]
pub struct ArmyDef {
    pub id: String,
    pub name: String,
    pub side: Side,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ratings {
    pub strategy: u8,
    pub offense: u8,
    pub defense: u8,
}

/// One CRT cell: SP lost, and whether it carries the asterisk (FtP 7.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrtCell {
    pub loss: u8,
    pub star: bool,
}

/// One battle-size block of the CRT: rows for modified rolls 1..=10.
#[derive(Clone, Debug)]
pub struct CrtBlock {
    /// Read with the defender's roll.
    pub attacker_loss: [CrtCell; 10],
    /// Read with the attacker's roll.
    pub defender_loss: [CrtCell; 10],
}

#[derive(Clone, Debug)]
pub struct Crt {
    pub small: CrtBlock,
    pub medium: CrtBlock,
    pub large: CrtBlock,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttritionBand {
    pub min_sp: u16,
    pub max_sp: u16,
    pub loss: u8,
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    pub max_sp: u8,
    pub mp: u8,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    pub army: Formation,
    pub corps: Formation,
    pub division: Formation,
    pub cavalry: Formation,
    pub rail_bonus: u8,
    pub reorganization_road_spaces: u8,
    pub naval_max_sp: u8,
    pub naval_min_card: u8,
    pub army_river_max_sp: u8,
    pub army_generals_over_sp: u8,
    pub space_generals_over_sp: u8,
    /// FtP 6.8.3: CSA SP a coastal fort holds (Fort Monroe excepted).
    #[serde(default = "one")]
    pub coastal_fort_csa_max: u8,
}

fn one() -> u8 {
    1
}

#[derive(Clone, Debug)]
pub struct CardDef {
    pub number: CardNo,
    pub title: String,
    pub title_es: String,
    pub title_it: Option<String>,
    pub ops: u8,
    pub event: EventSide,
    /// Removed from the game when played as the event (4.2.1).
    pub remove: bool,
    pub flags: Vec<CardFlag>,
    pub blockade: Option<BlockadeEffect>,
    pub sp_removal_chooser: Option<Chooser>,
    /// FtP 4.2.3: the side(s) that may never discard it voluntarily.
    pub no_voluntary_discard: Option<EventSide>,
    /// Scenario ids whose (Spanish) deck holds the card.
    pub scenarios: Vec<String>,
    pub editions: Vec<EditionId>,
    /// Path of the Lua event script, relative to the game folder (need not exist yet).
    pub script: String,
    pub authored: Vec<String>,
    /// What the rulebooks say of the event (cards.toml `sources`), shown on the card's face
    /// until the card texts are content.
    pub sources: String,
    /// The event is reconstructed: the printed text is not in the rulebooks (`reconstructed`).
    pub reconstructed: Option<Reconstructed>,
}

impl CardDef {
    pub fn has(&self, f: CardFlag) -> bool {
        self.flags.contains(&f)
    }
}

/// Reinforcement Phase steps (FtP 3.1, 10.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ReinforcementStep {
    Sp,
    Strategic,
    Generals,
}

#[derive(Clone, Debug)]
pub struct SwStart {
    pub edition: Option<EditionId>,
    pub value: [u8; 2],
    /// The side of each SW marker: true = "+" (FtP 12.4).
    pub plus: [bool; 2],
}

#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpAdjustment {
    pub base: i16,
    pub step: i16,
    pub csa_per_step: i16,
    pub union_per_step: i16,
}

#[derive(Clone, Debug)]
pub enum VictoryKind {
    /// FtP 13.2.
    ControlOrSw { union_states: Vec<StateId>, union_if_csa_sw_below: u8, csa_states: Vec<StateId>, csa_if_union_sw_below: u8 },
    /// Union wins if Union SW - CSA SW >= union_min_lead; CSA wins if it is <= csa_max_lead; else draw.
    SwLead { union_min_lead: i16, csa_max_lead: i16, sp_adjustment: Option<SpAdjustment>, blockade_obligation_sw: i16 },
    /// FtP 17.2, 17.3.
    Campaign { states_needed: u8, sw_lead_per_state: u8, cancel_min_csa_pcs: u8, csa_double_sw: bool },
}

#[derive(Clone, Debug)]
pub struct Victory {
    pub edition: Option<EditionId>,
    pub kind: VictoryKind,
}

#[derive(Clone, Debug)]
pub struct Placement {
    pub edition: Option<EditionId>,
    pub general: GeneralId,
    pub space: SpaceId,
    pub turn: u8,
    pub rule: String,
}

/// A scenario's special rule (`[[special_rule]] id`), typed at load so that a misspelt id is
/// a diagnostic, not a rule silently off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpecialRuleId {
    /// FtP 15: a player's first card, if a campaign card, is limited to one activation per state.
    FirstCampaignCardOneActivationPerState,
    /// FtP 15: no Union naval move in the first turn (river moves allowed).
    NoUnionNavalFirstTurn,
    /// FtP 15: no reorganization move in the first turn (events may still relieve generals).
    NoReorganizationFirstTurn,
    /// FtP 15: the Union's blockade obligation (the scenario's victory `blockade_obligation_sw`).
    BlockadeObligation,
}

#[derive(Clone, Debug)]
pub struct SpecialRule {
    pub id: SpecialRuleId,
    pub edition: Option<EditionId>,
    pub rule: String,
    pub text: String,
}

#[derive(Clone, Debug)]
pub struct SetupRow {
    pub side: Side,
    pub space: SpaceId,
    /// With an army, the first is its commander (scenario note A).
    pub generals: Vec<GeneralId>,
    pub sp: u8,
    pub fort: bool,
    pub pc: bool,
    pub army: Option<ArmyId>,
    pub capital: bool,
    pub edition: Option<EditionId>,
}

/// How border-state spaces start (FtP 2.6, 14.2, 15.2, 16.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BorderStart {
    Neutral,
    Union,
}

#[derive(Clone, Debug)]
pub struct ScenarioDef {
    pub id: String,
    pub title: String,
    pub first_turn: u8,
    pub last_turn: u8,
    /// Reinforcement steps performed in the first turn (3.1, 10.1).
    pub first_turn_phase: Vec<ReinforcementStep>,
    pub blockade: u8,
    pub amphibious: u8,
    pub emancipation: bool,
    pub resource_destroyed: Vec<SpaceId>,
    pub mississippi_bonus_received: bool,
    pub border_spaces: BorderStart,
    pub border_exceptions: Vec<SpaceId>,
    pub state_control: [Vec<StateId>; 2],
    pub csa_rail_built: bool,
    pub sw: Vec<SwStart>,
    pub victory: Vec<Victory>,
    pub options: Vec<OptionInfo>,
    /// Cards removed before play, Spanish and Italian lists.
    pub removed_cards: Vec<CardNo>,
    pub removed_cards_italian: Vec<CardNo>,
    pub placements: Vec<Placement>,
    pub special_rules: Vec<SpecialRule>,
    pub setup: Vec<SetupRow>,
    pub eliminated: [Vec<GeneralId>; 2],
}

impl ScenarioDef {
    /// The scenario's special rule `id` applies in `edition`.
    pub fn special_rule(&self, id: SpecialRuleId, edition: EditionId) -> bool {
        self.special_rules.iter().any(|r| r.id == id && r.edition.is_none_or(|e| e == edition))
    }
}

/// Everything loaded from `content/for-the-people/`.
#[derive(Clone, Debug)]
pub struct Content {
    pub title: String,
    pub states: Vec<StateDef>,
    pub seas: Vec<SeaDef>,
    pub map: GraphMap<SpaceDef, LinkDef>,
    pub rivers: Vec<RiverDef>,
    pub lines: Vec<String>,
    pub editions: Vec<EditionDef>,
    pub options: Vec<OptionInfo>,
    pub turns: Vec<TurnDef>,
    pub generals: Vec<GeneralDef>,
    pub armies: Vec<ArmyDef>,
    pub generic_commander: Ratings,
    pub movement: Movement,
    pub crt: Crt,
    pub attrition: Vec<AttritionBand>,
    /// Tables the rules issue will type: kept as TOML values for now (validated present).
    pub battle: toml::Table,
    pub reinforcements: toml::Table,
    pub strategic_will: toml::Table,
    pub counters: toml::Table,
    /// Index = card number - 1.
    pub cards: Vec<CardDef>,
    pub scenarios: Vec<ScenarioDef>,
    /// The cards' event scripts and declarations (`events/NNN.lua`, loaded by `events::load`).
    pub events: super::events::EventBook,
}

impl Content {
    pub fn space(&self, id: &str) -> Option<SpaceId> {
        self.map.id(id)
    }
    pub fn state(&self, id: &str) -> Option<StateId> {
        self.states.iter().position(|s| s.id == id).map(|i| i as StateId)
    }
    pub fn general(&self, id: &str) -> Option<GeneralId> {
        self.generals.iter().position(|g| g.id == id).map(|i| i as GeneralId)
    }
    pub fn army(&self, id: &str) -> Option<ArmyId> {
        self.armies.iter().position(|g| g.id == id).map(|i| i as ArmyId)
    }
    pub fn edition(&self, id: &str) -> Option<EditionId> {
        self.editions.iter().position(|g| g.id == id).map(|i| i as EditionId)
    }
    /// The edition played when the setup names none: the `edition` option's first
    /// value (an option's default), else the first `[[edition]]`.
    pub fn default_edition(&self) -> EditionId {
        self.options.iter().find(|o| o.key == "edition").and_then(|o| o.values.first()).and_then(|v| self.edition(v)).unwrap_or(0)
    }
    pub fn scenario(&self, id: &str) -> Option<&ScenarioDef> {
        self.scenarios.iter().find(|s| s.id == id)
    }
    pub fn card(&self, n: CardNo) -> Option<&CardDef> {
        self.cards.get((n as usize).wrapping_sub(1))
    }
    /// Rail connections of a space (a junction has 3 or more).
    pub fn rail_degree(&self, s: SpaceId) -> usize {
        self.map.neighbors(s).filter(|(_, l)| l.kind == LinkKind::Rail).count()
    }
    pub fn is_rail_junction(&self, s: SpaceId) -> bool {
        self.rail_degree(s) >= 3
    }
    /// The state's count of a space toward state control: Shenandoah spaces count double (8.4.3).
    pub fn control_weight(&self, s: SpaceId) -> u8 {
        if self.map.space(s).shenandoah { 2 } else { 1 }
    }
    /// The deck of a scenario in an edition: the cards of that edition not removed (14.4 ...).
    pub fn deck(&self, sc: &ScenarioDef, edition: EditionId) -> Vec<CardNo> {
        let removed = match self.editions[edition as usize].scenario_removed_cards {
            RemovedCards::Base => &sc.removed_cards,
            RemovedCards::Italian => &sc.removed_cards_italian,
        };
        self.cards.iter().filter(|c| c.editions.contains(&edition) && !removed.contains(&c.number)).map(|c| c.number).collect()
    }
}

fn applies(e: Option<EditionId>, edition: EditionId) -> bool {
    e.is_none_or(|x| x == edition)
}

// ============================================================================================
// A scenario's starting position
// ============================================================================================

/// Where a general is at the start of a scenario.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GeneralAt {
    /// On the map in a space (in that space's army if one is there).
    Space(SpaceId),
    /// On the turn track, arriving in that turn.
    TurnTrack(u8),
    Eliminated,
    /// An optional counter not in play.
    Unused,
}

/// An army marker's position at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyAt {
    pub space: SpaceId,
    pub commander: GeneralId,
}

/// The starting position of a scenario in an edition: plain data the rules turn into a state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub turn: u8,
    /// Strength points per space per side (army SP included; a cavalry brigade's SP included).
    pub sp: Vec<[u8; 2]>,
    pub fort: Vec<Option<Side>>,
    pub control: Vec<Control>,
    pub state_control: Vec<Control>,
    pub generals: Vec<GeneralAt>,
    pub armies: Vec<Option<ArmyAt>>,
    pub capital: [Option<SpaceId>; 2],
    pub resource_destroyed: Vec<bool>,
    pub sw: [u8; 2],
    pub sw_plus: [bool; 2],
    pub blockade: u8,
    pub amphibious: u8,
    pub emancipation: bool,
    pub mississippi_bonus_received: bool,
    pub deck: Vec<CardNo>,
}

impl Position {
    pub fn total_sp(&self, side: Side) -> u32 {
        self.sp.iter().map(|s| s[side.index()] as u32).sum()
    }
}

impl Content {
    /// The starting position of `scenario` in `edition`, from its setup table and the control
    /// defaults of FtP 2.3, 2.4, 2.6 and scenario notes (14.2, 15.2, 16.2).
    pub fn position(&self, scenario: &str, edition: EditionId) -> Option<Position> {
        let sc = self.scenario(scenario)?;
        let n = self.map.len();
        let mut p = Position {
            turn: sc.first_turn,
            sp: vec![[0, 0]; n],
            fort: vec![None; n],
            control: vec![Control::Neutral; n],
            state_control: self
                .states
                .iter()
                .map(|s| match s.side {
                    StateSide::Union => Control::Of(Side::Union),
                    StateSide::Csa => Control::Of(Side::Csa),
                    StateSide::Border => Control::Neutral,
                })
                .collect(),
            // Optional counters are not in play; every other general not set up or eliminated
            // waits on the turn track for his arrival turn (FtP 10.6).
            generals: self
                .generals
                .iter()
                .map(|g| match g.arrives {
                    Some(t) if !g.optional && t >= sc.first_turn && !(t == 1 && sc.first_turn == 1) => GeneralAt::TurnTrack(t),
                    _ => GeneralAt::Unused,
                })
                .collect(),
            armies: vec![None; self.armies.len()],
            capital: [None, None],
            resource_destroyed: vec![false; n],
            sw: [100, 100],
            sw_plus: [false, true],
            blockade: sc.blockade,
            amphibious: sc.amphibious,
            emancipation: sc.emancipation,
            mississippi_bonus_received: sc.mississippi_bonus_received,
            deck: self.deck(sc, edition),
        };
        // FtP 2.3, 2.4, 2.6: original control of every space.
        for s in self.map.ids() {
            let sp = self.map.space(s);
            p.control[s.index()] = match self.states[sp.state as usize].side {
                StateSide::Union => Control::Of(Side::Union),
                StateSide::Csa => Control::Of(Side::Csa),
                StateSide::Border => match sc.border_spaces {
                    BorderStart::Neutral => Control::Neutral,
                    BorderStart::Union => Control::Of(Side::Union),
                },
            };
            if sc.border_exceptions.contains(&s) {
                p.control[s.index()] = Control::Neutral;
            }
        }
        for (side, list) in [(Side::Union, &sc.state_control[0]), (Side::Csa, &sc.state_control[1])] {
            for &st in list {
                p.state_control[st as usize] = Control::Of(side);
            }
        }
        if sc.border_spaces == BorderStart::Union {
            // Every border space Union-controlled: the border states are Union-controlled states.
            for (i, s) in self.states.iter().enumerate() {
                if s.side == StateSide::Border {
                    p.state_control[i] = Control::Of(Side::Union);
                }
            }
        }
        for side in [Side::Union, Side::Csa] {
            for &g in &sc.eliminated[side.index()] {
                p.generals[g as usize] = GeneralAt::Eliminated;
            }
        }
        for row in sc.setup.iter().filter(|r| applies(r.edition, edition)) {
            let i = row.space.index();
            p.sp[i][row.side.index()] += row.sp;
            if row.fort {
                p.fort[i] = Some(row.side);
            }
            if row.pc {
                p.control[i] = Control::Of(row.side);
            }
            if row.capital {
                p.capital[row.side.index()] = Some(row.space);
            }
            for &g in &row.generals {
                p.generals[g as usize] = GeneralAt::Space(row.space);
            }
            if let (Some(a), Some(&cmd)) = (row.army, row.generals.first()) {
                p.armies[a as usize] = Some(ArmyAt { space: row.space, commander: cmd });
            }
        }
        for &s in &sc.resource_destroyed {
            p.resource_destroyed[s.index()] = true;
        }
        if let Some(sw) = sc.sw.iter().rev().find(|w| applies(w.edition, edition)) {
            p.sw = sw.value;
            p.sw_plus = sw.plus;
        }
        Some(p)
    }
}

// ============================================================================================
// TOML schema
// ============================================================================================

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapDoc {
    #[serde(default)]
    state: Vec<StateRec>,
    #[serde(default)]
    sea_zone: Vec<SeaRec>,
    #[serde(default)]
    space: Vec<SpaceRec>,
    #[serde(default)]
    link: Vec<LinkRec>,
    #[serde(default)]
    river: Vec<RiverRec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StateRec {
    id: Spanned<String>,
    abbr: String,
    name: String,
    side: StateSide,
    #[serde(default)]
    sw: u8,
    control: Option<Spanned<u8>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeaRec {
    id: Spanned<String>,
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceRec {
    id: Spanned<String>,
    name: String,
    state: Spanned<String>,
    lon: Spanned<f64>,
    lat: f64,
    #[serde(default)]
    rules: bool,
    port: Option<PortKind>,
    #[serde(default)]
    rivers: Vec<Spanned<String>>,
    sea: Option<Spanned<String>>,
    #[serde(default)]
    coastal_fort: bool,
    guards: Option<Spanned<String>>,
    #[serde(default)]
    br: bool,
    br_card: Option<Spanned<u16>>,
    #[serde(default)]
    resource: u8,
    national_capital: Option<Side>,
    #[serde(default)]
    union_state_capital: bool,
    #[serde(default)]
    state_capital: bool,
    #[serde(default)]
    shenandoah: bool,
    #[serde(default)]
    mississippi: bool,
    #[serde(default)]
    pro_union: bool,
    #[serde(default)]
    north_edge_rail: bool,
    #[serde(default)]
    authored: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LinkRec {
    a: Spanned<String>,
    b: Spanned<String>,
    kind: LinkKindRec,
    #[serde(default)]
    lines: Vec<String>,
    bar: Option<Spanned<String>>,
    river: Option<Spanned<String>>,
    upgrade: Option<Spanned<String>>,
    #[serde(default)]
    mountain: bool,
    #[serde(default)]
    rules: bool,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
    /// Merge key: endpoints, kind and note (two parallel roads differ by their note).
    #[serde(skip)]
    key: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RiverRec {
    id: Spanned<String>,
    code: Spanned<String>,
    name: String,
    #[serde(default)]
    north_edge: bool,
    #[serde(default)]
    rises_in_csa: bool,
    ports: Vec<Spanned<String>>,
    #[serde(default)]
    mouth: Vec<Spanned<String>>,
}

macro_rules! record_by {
    ($t:ty, $f:ident) => {
        impl Record for $t {
            fn id(&self) -> &str {
                self.$f.get_ref()
            }
        }
    };
}
record_by!(StateRec, id);
record_by!(SeaRec, id);
record_by!(SpaceRec, id);
record_by!(RiverRec, id);
impl Record for LinkRec {
    fn id(&self) -> &str {
        &self.key
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameDoc {
    game: Option<GameHdr>,
    #[serde(default)]
    edition: Vec<EditionRec>,
    #[serde(default)]
    option: Vec<OptionRec>,
    #[serde(default)]
    turn: Vec<TurnRec>,
    roster: Option<RosterRec>,
    generic_commander: Option<Ratings>,
    counters: Option<toml::Table>,
    movement: Option<Movement>,
    battle: Option<toml::Table>,
    crt: Option<CrtRec>,
    attrition: Option<AttritionRec>,
    reinforcements: Option<toml::Table>,
    strategic_will: Option<toml::Table>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct GameHdr {
    #[allow(dead_code)]
    id: String,
    title: String,
    #[allow(dead_code)]
    seats: Vec<String>,
    #[serde(default)]
    #[allow(dead_code)]
    first_seat_note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EditionRec {
    id: Spanned<String>,
    name: String,
    deck_max_card: Spanned<u16>,
    fort_build_min_ops: SideValues,
    fort_return: Spanned<String>,
    cav_general_return_turns: SideValues,
    csa_rail_build: Spanned<String>,
    army_naval_sea_generals: Vec<Spanned<String>>,
    army_naval_river_generals: Vec<Spanned<String>>,
    army_naval_by_strategy_1: bool,
    division_bar_any_border: bool,
    defender_retreat: Spanned<String>,
    naval_retreat: Spanned<String>,
    pr_tie_break: Spanned<String>,
    elite_loss_threshold: u8,
    corps_commander_casualty_exempt: bool,
    shenandoah: Spanned<String>,
    shenandoah_va_condition: bool,
    strategic_move_units: Spanned<String>,
    br_port_open_needs_loc: bool,
    union_capital_rein_penalty: bool,
    union_capital_harrisburg: bool,
    csa_state_control_needs_no_rc_br: bool,
    union_state_penalty_includes_border: bool,
    union_in_csa_coastal_fort_drm: bool,
    border_converted_is_union_state: bool,
    fort_capture_sw: u8,
    concentration_original_csa: bool,
    discarded_special_happens: bool,
    unc_examples: Spanned<String>,
    replacement_cavalry: bool,
    sheridan_death: Spanned<String>,
    wilsons_raid: Spanned<String>,
    shenandoah_standard: bool,
    rail_logistics: bool,
    scenario_removed_cards: Spanned<String>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct OptionRec {
    key: Spanned<String>,
    description: String,
    values: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TurnRec {
    number: Spanned<u8>,
    season: Spanned<String>,
    year: u16,
    cards: u8,
    #[serde(default = "yes")]
    union_sp: bool,
    #[serde(default = "yes")]
    csa_sp: bool,
    #[serde(default = "yes")]
    br_rolls: bool,
    #[serde(default = "yes")]
    strategic: bool,
    #[serde(default = "yes")]
    generals: bool,
    #[serde(default)]
    csa_rail_build: bool,
    csa_auto_win_union_sw_below: Option<u8>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RosterRec {
    #[serde(default)]
    general: Vec<GeneralRec>,
    #[serde(default)]
    army: Vec<ArmyRec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GeneralRec {
    id: Spanned<String>,
    name: String,
    side: Side,
    strategy: Spanned<u8>,
    offense: u8,
    defense: u8,
    political: u8,
    #[serde(default)]
    cavalry: bool,
    arrives: Option<Spanned<u8>>,
    #[serde(default)]
    optional: bool,
    replaces: Option<Spanned<String>>,
    counter: Option<Spanned<String>>,
    #[serde(default)]
    authored: Vec<String>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArmyRec {
    id: Spanned<String>,
    name: String,
    side: Side,
}

record_by!(EditionRec, id);
record_by!(OptionRec, key);
record_by!(GeneralRec, id);
record_by!(ArmyRec, id);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CrtRec {
    large: CrtBlockRec,
    medium: CrtBlockRec,
    small: CrtBlockRec,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CrtBlockRec {
    attacker_loss: Spanned<Vec<String>>,
    defender_loss: Spanned<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AttritionRec {
    bands: Vec<AttritionBand>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsDoc {
    #[serde(default)]
    card: Vec<CardRec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardRec {
    number: Spanned<u16>,
    title: String,
    title_es: String,
    title_it: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    title_note: Option<String>,
    ops: Spanned<u8>,
    event: EventSide,
    #[serde(default)]
    remove: bool,
    #[serde(default)]
    flags: Vec<CardFlag>,
    blockade: Option<BlockadeEffect>,
    sp_removal_chooser: Option<Chooser>,
    no_voluntary_discard: Option<EventSide>,
    #[serde(default)]
    scenarios: Vec<Spanned<String>>,
    editions: Vec<Spanned<String>>,
    script: Spanned<String>,
    #[serde(default)]
    authored: Vec<String>,
    #[serde(default)]
    sources: String,
    reconstructed: Option<Reconstructed>,
    #[serde(skip)]
    key: String,
}

impl Record for CardRec {
    fn id(&self) -> &str {
        &self.key
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioDoc {
    scenario: ScenarioHdr,
    #[serde(default)]
    sw: Vec<SwRec>,
    #[serde(default)]
    victory: Vec<VictoryRec>,
    #[serde(default)]
    option: Vec<OptionRec>,
    #[serde(default)]
    placement: Vec<PlacementRec>,
    #[serde(default)]
    special_rule: Vec<SpecialRuleRec>,
    setup: Option<SetupDoc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioHdr {
    id: Spanned<String>,
    title: String,
    setup_from: Option<Spanned<String>>,
    first_turn: Spanned<u8>,
    last_turn: Spanned<u8>,
    #[serde(default)]
    first_turn_phase: Vec<ReinforcementStep>,
    #[serde(default)]
    blockade: u8,
    #[serde(default)]
    amphibious: u8,
    #[serde(default)]
    emancipation: bool,
    #[serde(default)]
    resource_destroyed: Vec<Spanned<String>>,
    #[serde(default)]
    mississippi_bonus_received: bool,
    border_spaces: BorderStart,
    #[serde(default)]
    border_exceptions: Vec<Spanned<String>>,
    #[serde(default)]
    state_control: StateControlRec,
    #[serde(default)]
    csa_rail_built: bool,
    #[serde(default)]
    removed_cards: Vec<Spanned<u16>>,
    #[serde(default)]
    removed_cards_italian: Vec<Spanned<u16>>,
    #[serde(default)]
    eliminated: StateControlRec,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct StateControlRec {
    #[serde(default)]
    union: Vec<Spanned<String>>,
    #[serde(default)]
    csa: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SwRec {
    edition: Spanned<String>,
    union: u8,
    union_sign: Spanned<String>,
    csa: u8,
    csa_sign: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VictoryRec {
    edition: Spanned<String>,
    kind: Spanned<String>,
    #[serde(default)]
    union_states: Vec<Spanned<String>>,
    union_if_csa_sw_below: Option<u8>,
    #[serde(default)]
    csa_states: Vec<Spanned<String>>,
    csa_if_union_sw_below: Option<u8>,
    union_min_lead: Option<i16>,
    csa_max_lead: Option<i16>,
    sp_adjustment: Option<SpAdjustment>,
    #[serde(default)]
    blockade_obligation_sw: i16,
    states_needed: Option<u8>,
    sw_lead_per_state: Option<u8>,
    cancel_min_csa_pcs: Option<u8>,
    #[serde(default)]
    csa_double_sw: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlacementRec {
    edition: Spanned<String>,
    general: Spanned<String>,
    space: Spanned<String>,
    turn: Spanned<u8>,
    rule: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpecialRuleRec {
    id: Spanned<String>,
    edition: Spanned<String>,
    rule: String,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupDoc {
    rows: Vec<SetupRowRec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupRowRec {
    side: Side,
    space: Spanned<String>,
    #[serde(default)]
    generals: Vec<Spanned<String>>,
    sp: u8,
    #[serde(default)]
    fort: bool,
    #[serde(default)]
    pc: bool,
    army: Option<Spanned<String>>,
    #[serde(default)]
    capital: bool,
    edition: Option<Spanned<String>>,
    #[serde(default)]
    #[allow(dead_code)]
    note: Option<String>,
}

// ============================================================================================
// Loader
// ============================================================================================

/// Collects diagnostics while loading.
struct Ctx<'a> {
    set: &'a ContentSet,
    errs: Diagnostics,
}

impl Ctx<'_> {
    fn err(&mut self, src: SrcId, span: std::ops::Range<usize>, msg: impl Into<String>) {
        let d = self.set.diag(src, span, msg);
        self.errs.push(d);
    }
    fn push(&mut self, d: Diagnostic) {
        self.errs.push(d);
    }
    fn resolve<T: Copy>(&mut self, src: SrcId, r: &Spanned<String>, idx: &IdIndex<T>) -> Option<T> {
        match self.set.resolve(src, r, idx) {
            Ok(v) => Some(v),
            Err(d) => {
                self.errs.push(d);
                None
            }
        }
    }
    fn general(&self, file: &str, msg: impl Into<String>) -> Diagnostic {
        Diagnostic { file: format!("{}/{file}", self.set.game_dir()), line: 1, col: 1, found: String::new(), message: msg.into() }
    }
}

/// Parse `rel` from every layer; a file missing in every layer is an error, a parse error is
/// reported and the layer skipped.
fn parse_layers<T: serde::de::DeserializeOwned>(ctx: &mut Ctx, rel: &str) -> Vec<Sourced<T>> {
    match ctx.set.parse::<T>(rel) {
        Ok(v) => v,
        Err(d) => {
            ctx.errs.0.extend(d.0);
            Vec::new()
        }
    }
}

/// A closed-set content value (an edition setting) typed by its serde spelling; a value out of
/// the set is a diagnostic at its `file:line:col` naming the allowed spellings, and the default
/// stands in (the load fails, so it never reaches the rules).
fn typed<T: serde::de::DeserializeOwned + Default>(ctx: &mut Ctx, src: SrcId, v: &Spanned<String>, field: &str) -> T {
    typed_opt(ctx, src, v, field).unwrap_or_default()
}

/// [`typed`] without a stand-in: `None` after the diagnostic.
fn typed_opt<T: serde::de::DeserializeOwned>(ctx: &mut Ctx, src: SrcId, v: &Spanned<String>, field: &str) -> Option<T> {
    use serde::de::IntoDeserializer;
    let de: serde::de::value::StrDeserializer<'_, serde::de::value::Error> = v.get_ref().as_str().into_deserializer();
    T::deserialize(de).map_err(|e| ctx.err(src, v.span(), format!("`{field}`: {e}"))).ok()
}

/// Report duplicate ids inside one layer's list (merge_by_id would silently keep the last).
fn check_dups<'r, R: 'r>(ctx: &mut Ctx, src: SrcId, recs: impl IntoIterator<Item = &'r R>, key: impl Fn(&R) -> (String, std::ops::Range<usize>), what: &str) {
    let mut seen = HashSet::new();
    for r in recs {
        let (k, span) = key(r);
        if !seen.insert(k.clone()) {
            ctx.err(src, span, format!("duplicate {what} `{k}`"));
        }
    }
}

/// Load and check everything under `content/for-the-people/` in `set`.
pub fn load_content(set: &ContentSet) -> Result<Content, Diagnostics> {
    let mut ctx = Ctx { set, errs: Diagnostics::default() };
    let c = load_inner(&mut ctx);
    match c {
        Some(c) if ctx.errs.is_empty() => Ok(c),
        _ => {
            if ctx.errs.is_empty() {
                ctx.errs.push(ctx.general("game.toml", "content incomplete"));
            }
            Err(ctx.errs)
        }
    }
}

fn load_inner(ctx: &mut Ctx) -> Option<Content> {
    // ---------------------------------------------------------------- map.toml
    let map_layers: Vec<Sourced<MapDoc>> = parse_layers(ctx, "map.toml");
    for l in &map_layers {
        check_dups(ctx, l.src, &l.rec.state, |r| (r.id.get_ref().clone(), r.id.span()), "state id");
        check_dups(ctx, l.src, &l.rec.sea_zone, |r| (r.id.get_ref().clone(), r.id.span()), "sea zone id");
        check_dups(ctx, l.src, &l.rec.space, |r| (r.id.get_ref().clone(), r.id.span()), "space id");
        check_dups(ctx, l.src, &l.rec.river, |r| (r.id.get_ref().clone(), r.id.span()), "river id");
    }
    let mut states_l = Vec::new();
    let mut seas_l = Vec::new();
    let mut spaces_l = Vec::new();
    let mut links_l = Vec::new();
    let mut rivers_l = Vec::new();
    for l in map_layers {
        let src = l.src;
        let MapDoc { state, sea_zone, space, link, river } = l.rec;
        states_l.push(Sourced { src, rec: state });
        seas_l.push(Sourced { src, rec: sea_zone });
        spaces_l.push(Sourced { src, rec: space });
        let link = link
            .into_iter()
            .map(|mut r| {
                let (a, b) = if r.a.get_ref() <= r.b.get_ref() { (r.a.get_ref(), r.b.get_ref()) } else { (r.b.get_ref(), r.a.get_ref()) };
                r.key = format!("{a}|{b}|{:?}|{}", r.kind, r.note.clone().unwrap_or_default());
                r
            })
            .collect();
        links_l.push(Sourced { src, rec: link });
        rivers_l.push(Sourced { src, rec: river });
    }
    let states_r = layered_records(states_l, |v| v);
    let seas_r = layered_records(seas_l, |v| v);
    let spaces_r = layered_records(spaces_l, |v| v);
    let links_r = layered_records(links_l, |v| v);
    let rivers_r = layered_records(rivers_l, |v| v);

    let mut state_idx = IdIndex::new("state id from map.toml (lowercase abbreviation, e.g. `va`)");
    let mut states = Vec::new();
    for r in &states_r {
        state_idx.insert(r.id.get_ref(), states.len() as StateId);
        if r.side != StateSide::Union && r.control.is_none() {
            ctx.err(r.src, r.id.span(), format!("state `{}` is not a Union state and needs a `control` number (FtP 12.1.4)", r.id.get_ref()));
        }
        states.push(StateDef {
            id: r.id.get_ref().clone(),
            abbr: r.abbr.clone(),
            name: r.name.clone(),
            side: r.side,
            sw: r.sw,
            control: r.control.as_ref().map(|c| *c.get_ref()),
        });
    }
    let mut sea_idx = IdIndex::new("sea zone id from map.toml");
    let mut seas = Vec::new();
    for r in &seas_r {
        sea_idx.insert(r.id.get_ref(), seas.len() as SeaId);
        seas.push(SeaDef { id: r.id.get_ref().clone(), name: r.name.clone() });
    }
    let mut space_idx: IdIndex<SpaceId> = IdIndex::new("space id from map.toml");
    for (i, r) in spaces_r.iter().enumerate() {
        space_idx.insert(r.id.get_ref(), SpaceId(i as u16));
    }
    const CODES: &str = "ACMOPRTWY";
    let mut map: GraphMap<SpaceDef, LinkDef> = GraphMap::new();
    let mut positions: HashMap<(i64, i64), String> = HashMap::new();
    for r in &spaces_r {
        let src = r.src;
        let state = ctx.resolve(src, &r.state, &state_idx).unwrap_or(0);
        let mut rivers = Vec::new();
        for code in &r.rivers {
            let ch = code.get_ref().chars().next().unwrap_or(' ');
            if code.get_ref().len() != 1 || !CODES.contains(ch) {
                ctx.err(src, code.span(), format!("unknown river code `{}`; expected one of A C M O P R T W Y (FtP 6.2)", code.get_ref()));
            } else {
                rivers.push(ch);
            }
        }
        if !r.rivers.is_empty() && r.port.is_none() {
            ctx.err(src, r.id.span(), format!("space `{}` has river codes but no `port`", r.id.get_ref()));
        }
        let sea = r.sea.as_ref().and_then(|s| ctx.resolve(src, s, &sea_idx));
        if r.port == Some(PortKind::Coastal) && sea.is_none() && r.sea.is_none() {
            ctx.err(src, r.id.span(), format!("coastal port `{}` needs a `sea` zone", r.id.get_ref()));
        }
        if (r.coastal_fort || r.br) && r.port.is_none() {
            ctx.err(src, r.id.span(), format!("`{}`: a coastal fort or blockade-runner port must be a port (FtP 6.1.1, 10.5.2)", r.id.get_ref()));
        }
        let guards = r.guards.as_ref().and_then(|g| ctx.resolve(src, g, &space_idx));
        if r.coastal_fort != r.guards.is_some() {
            ctx.err(src, r.id.span(), format!("`{}`: a coastal fort names the port it guards (`guards`), and only a coastal fort does (FtP 6.6.2)", r.id.get_ref()));
        }
        let br_card = r.br_card.as_ref().and_then(|c| {
            let n = *c.get_ref();
            if n == 0 || n as usize > MAX_CARDS {
                ctx.err(src, c.span(), format!("card number {n} out of range 1..={MAX_CARDS}"));
                None
            } else {
                Some(n as CardNo)
            }
        });
        // No two spaces share a position (to 0.01 degree).
        let key = ((*r.lon.get_ref() * 100.0).round() as i64, (r.lat * 100.0).round() as i64);
        if let Some(other) = positions.insert(key, r.id.get_ref().clone()) {
            ctx.err(src, r.lon.span(), format!("space `{}` has the same position as `{other}`", r.id.get_ref()));
        }
        let def = SpaceDef {
            name: r.name.clone(),
            state,
            lon: *r.lon.get_ref(),
            lat: r.lat,
            rules: r.rules,
            port: r.port,
            rivers,
            sea,
            coastal_fort: r.coastal_fort,
            guards,
            guarded_by: None,
            br: r.br,
            br_card,
            resource: r.resource,
            national_capital: r.national_capital,
            union_state_capital: r.union_state_capital,
            state_capital: r.state_capital,
            shenandoah: r.shenandoah,
            mississippi: r.mississippi,
            pro_union: r.pro_union,
            north_edge_rail: r.north_edge_rail,
            authored: r.authored.clone(),
        };
        if let Err(e) = map.add_space(r.id.get_ref().clone(), def) {
            ctx.err(src, r.id.span(), e);
        }
    }
    // Coastal fort -> port: the port is a port, not itself a fort, and guarded once.
    for s in map.ids().collect::<Vec<_>>() {
        if let Some(p) = map.space(s).guards {
            let r = &spaces_r[s.index()];
            if map.space(p).port.is_none() || map.space(p).coastal_fort {
                ctx.err(r.src, r.guards.as_ref().map(|g| g.span()).unwrap_or(0..0), format!("`{}` guards `{}`, which is not a port", map.name(s), map.name(p)));
            }
            if let Some(prev) = map.space(p).guarded_by {
                ctx.err(r.src, r.id.span(), format!("port `{}` is guarded by both `{}` and `{}`", map.name(p), map.name(prev), map.name(s)));
            }
            map.space_mut(p).guarded_by = Some(s);
        }
    }
    // Rail lines.
    let mut lines: Vec<String> = Vec::new();
    let mut line_idx: HashMap<String, LineId> = HashMap::new();
    for r in &links_r {
        let src = r.src;
        let a = ctx.resolve(src, &r.a, &space_idx);
        let b = ctx.resolve(src, &r.b, &space_idx);
        let kind = match r.kind {
            LinkKindRec::Road => LinkKind::Road,
            LinkKindRec::Rail => LinkKind::Rail,
            LinkKindRec::Bo => LinkKind::BAndO,
            LinkKindRec::Dashed => LinkKind::Dashed,
        };
        if kind == LinkKind::Rail && r.lines.is_empty() {
            ctx.err(src, r.a.span(), "a railroad link names its rail line(s) in `lines`");
        }
        let mut ls = Vec::new();
        for name in &r.lines {
            let id = *line_idx.entry(name.clone()).or_insert_with(|| {
                lines.push(name.clone());
                (lines.len() - 1) as LineId
            });
            ls.push(id);
        }
        let upgrade_1864 = match &r.upgrade {
            None => false,
            Some(u) if u.get_ref() == "csa_rail_1864" => {
                if kind != LinkKind::Road {
                    ctx.err(src, u.span(), "only a road can be upgraded to a railroad (FtP 5.9.3)");
                }
                true
            }
            Some(u) => {
                ctx.err(src, u.span(), format!("unknown upgrade `{}`; expected `csa_rail_1864`", u.get_ref()));
                false
            }
        };
        let (Some(a), Some(b)) = (a, b) else { continue };
        let mut bar = None;
        match (&r.bar, &r.river) {
            (Some(x), Some(code)) => {
                if let Some(xs) = ctx.resolve(src, x, &space_idx) {
                    let ch = code.get_ref().chars().next().unwrap_or(' ');
                    if xs != a && xs != b {
                        ctx.err(src, x.span(), format!("a blue bar must be at one end of its link (`{}` or `{}`)", map.name(a), map.name(b)));
                    } else if map.space(xs).port.is_none() {
                        ctx.err(src, x.span(), format!("`{}` is not a river port: only river ports have blue bars (FtP 6.2)", map.name(xs)));
                    } else if !map.space(xs).rivers.contains(&ch) {
                        ctx.err(src, code.span(), format!("`{}` is not a port of river `{}` (its rivers: {:?})", map.name(xs), code.get_ref(), map.space(xs).rivers));
                    } else {
                        bar = Some((xs, ch));
                    }
                }
            }
            (None, None) => {}
            (Some(x), None) => ctx.err(src, x.span(), "a blue bar (`bar`) needs its `river` code"),
            (None, Some(c)) => ctx.err(src, c.span(), "a `river` code needs the blue-bar space (`bar`)"),
        }
        let def = LinkDef { kind, lines: ls, bar, upgrade_1864, mountain: r.mountain, rules: r.rules };
        if let Err(e) = map.connect(a, b, def) {
            ctx.err(src, r.a.span(), e);
        }
    }
    // Rivers: lanes between consecutive ports, and to the confluence spaces.
    let mut rivers = Vec::new();
    for (ri, r) in rivers_r.iter().enumerate() {
        let src = r.src;
        let code = match r.code.get_ref().chars().next() {
            None => None,
            Some(ch) if CODES.contains(ch) && r.code.get_ref().len() == 1 => Some(ch),
            Some(_) => {
                ctx.err(src, r.code.span(), format!("unknown river code `{}`; expected one of A C M O P R T W Y or \"\"", r.code.get_ref()));
                None
            }
        };
        let mut ports = Vec::new();
        for p in &r.ports {
            if let Some(s) = ctx.resolve(src, p, &space_idx) {
                let sp = map.space(s);
                if sp.port.is_none() {
                    ctx.err(src, p.span(), format!("`{}` is on the {} but is not a port", p.get_ref(), r.name));
                } else if let Some(ch) = code
                    && !sp.rivers.contains(&ch)
                {
                    ctx.err(src, p.span(), format!("`{}` lacks river code `{ch}` in map.toml", p.get_ref()));
                }
                ports.push(s);
            }
        }
        let mouth = if r.mouth.is_empty() {
            Mouth::Own
        } else if r.mouth.len() == 1 && sea_idx.get(r.mouth[0].get_ref()).is_some() {
            Mouth::Sea(sea_idx.get(r.mouth[0].get_ref()).unwrap_or(0))
        } else {
            if r.mouth.len() > 2 {
                ctx.err(src, r.mouth[2].span(), "a river's mouth is one space, two spaces (a stretch of the parent river) or a sea zone");
            }
            Mouth::Spaces(r.mouth.iter().filter_map(|m| ctx.resolve(src, m, &space_idx)).collect())
        };
        for w in ports.windows(2) {
            let _ = map.connect(w[0], w[1], LinkDef { kind: LinkKind::River(ri as RiverId), lines: vec![], bar: None, upgrade_1864: false, mountain: false, rules: false });
        }
        if let (Mouth::Spaces(ms), Some(&last)) = (&mouth, ports.last()) {
            for &m in ms {
                if m != last {
                    let _ = map.connect(last, m, LinkDef { kind: LinkKind::River(ri as RiverId), lines: vec![], bar: None, upgrade_1864: false, mountain: false, rules: false });
                }
            }
        }
        rivers.push(RiverDef { id: r.id.get_ref().clone(), code, name: r.name.clone(), north_edge: r.north_edge, rises_in_csa: r.rises_in_csa, ports, mouth });
    }
    // Every river port lies on a listed river.
    for s in map.ids().collect::<Vec<_>>() {
        let sp = map.space(s);
        if sp.port == Some(PortKind::River) && !rivers.iter().any(|r| r.ports.contains(&s)) {
            let r = &spaces_r[s.index()];
            ctx.err(r.src, r.id.span(), format!("river port `{}` is on no river of the `river` list", map.name(s)));
        }
    }
    // Map-wide checks (only meaningful on a complete map).
    if !map.is_empty() && ctx.errs.is_empty() {
        let comps = map.components(|l| l.kind != LinkKind::BAndO);
        if comps.len() > 1 {
            let smallest = comps.iter().min_by_key(|c| c.len()).cloned().unwrap_or_default();
            let names: Vec<&str> = smallest.iter().take(6).map(|&s| map.name(s)).collect();
            let r = &spaces_r[smallest[0].index()];
            ctx.err(r.src, r.id.span(), format!("the map is not connected: {} pieces; e.g. {} cannot reach the rest", comps.len(), names.join(", ")));
        }
        // FtP 12.1.4: every control threshold must be reachable.
        for (i, st) in states.iter().enumerate() {
            if let Some(need) = st.control {
                let have: u32 = map.ids().filter(|&s| map.space(s).state as usize == i).map(|s| if map.space(s).shenandoah { 2 } else { 1 }).sum();
                if (need as u32) > have {
                    let r = states_r.iter().find(|r| r.id.get_ref() == &st.id);
                    if let Some(r) = r {
                        let span = r.control.as_ref().map(|c| c.span()).unwrap_or(r.id.span());
                        ctx.err(r.src, span, format!("state `{}` needs {need} controlled spaces but has only {have} (FtP 12.1.4)", st.id));
                    }
                }
            }
        }
        // Each named rail line is a connected chain.
        for (li, name) in lines.iter().enumerate() {
            let mut touched: Vec<SpaceId> = Vec::new();
            let mut edges: Vec<(SpaceId, SpaceId)> = Vec::new();
            for (a, b, l) in map.connections() {
                if l.lines.contains(&(li as LineId)) {
                    edges.push((a, b));
                    touched.extend([a, b]);
                }
            }
            touched.sort();
            touched.dedup();
            let mut reach = vec![touched[0]];
            let mut i = 0;
            while i < reach.len() {
                let x = reach[i];
                for &(a, b) in &edges {
                    let y = if a == x { b } else if b == x { a } else { continue };
                    if !reach.contains(&y) {
                        reach.push(y);
                    }
                }
                i += 1;
            }
            if reach.len() != touched.len() {
                let missing: Vec<&str> = touched.iter().filter(|s| !reach.contains(s)).map(|&s| map.name(s)).collect();
                ctx.push(ctx.general("map.toml", format!("rail line `{name}` is broken: {} are cut off from {}", missing.join(", "), map.name(touched[0]))));
            }
        }
    }

    // ---------------------------------------------------------------- game.toml
    let game_layers: Vec<Sourced<GameDoc>> = parse_layers(ctx, "game.toml");
    let mut hdr = None;
    let mut generic = None;
    let mut counters = None;
    let mut movement = None;
    let mut battle = None;
    let mut crt_rec = None;
    let mut attrition = None;
    let mut reinforcements = None;
    let mut strategic_will = None;
    let mut editions_l = Vec::new();
    let mut options_l = Vec::new();
    let mut generals_l = Vec::new();
    let mut armies_l = Vec::new();
    let mut turns_rec: Option<Sourced<Vec<TurnRec>>> = None;
    for l in game_layers {
        let src = l.src;
        let d = l.rec;
        check_dups(ctx, src, &d.edition, |r| (r.id.get_ref().clone(), r.id.span()), "edition id");
        check_dups(ctx, src, &d.option, |r| (r.key.get_ref().clone(), r.key.span()), "option key");
        if let Some(r) = &d.roster {
            check_dups(ctx, src, &r.general, |r| (r.id.get_ref().clone(), r.id.span()), "general id");
            check_dups(ctx, src, &r.army, |r| (r.id.get_ref().clone(), r.id.span()), "army id");
        }
        hdr = d.game.or(hdr);
        generic = d.generic_commander.or(generic);
        counters = d.counters.or(counters);
        movement = d.movement.or(movement);
        battle = d.battle.or(battle);
        if d.crt.is_some() {
            crt_rec = d.crt.map(|c| (src, c));
        }
        attrition = d.attrition.or(attrition);
        reinforcements = d.reinforcements.or(reinforcements);
        strategic_will = d.strategic_will.or(strategic_will);
        editions_l.push(Sourced { src, rec: d.edition });
        options_l.push(Sourced { src, rec: d.option });
        if let Some(r) = d.roster {
            generals_l.push(Sourced { src, rec: r.general });
            armies_l.push(Sourced { src, rec: r.army });
        }
        if !d.turn.is_empty() {
            turns_rec = Some(Sourced { src, rec: d.turn });
        }
    }
    let generals_r = layered_records(generals_l, |v| v);
    let armies_r = layered_records(armies_l, |v| v);
    let editions_r = layered_records(editions_l, |v| v);
    let options_r = layered_records(options_l, |v| v);
    let mut general_idx = IdIndex::new("general id from game.toml");
    for (i, g) in generals_r.iter().enumerate() {
        general_idx.insert(g.id.get_ref(), i as GeneralId);
    }
    let mut army_idx = IdIndex::new("army id from game.toml");
    let mut armies = Vec::new();
    for (i, a) in armies_r.iter().enumerate() {
        army_idx.insert(a.id.get_ref(), i as ArmyId);
        armies.push(ArmyDef { id: a.id.get_ref().clone(), name: a.name.clone(), side: a.side });
    }
    let mut edition_idx = IdIndex::new("edition id from game.toml (or \"all\")");
    for (i, e) in editions_r.iter().enumerate() {
        edition_idx.insert(e.id.get_ref(), i as EditionId);
    }
    let mut generals = Vec::new();
    for g in &generals_r {
        let src = g.src;
        let s = *g.strategy.get_ref();
        if !(1..=3).contains(&s) {
            ctx.err(src, g.strategy.span(), format!("strategy rating {s} out of range 1..=3 (FtP 5.1.4)"));
        }
        let replaces = g.replaces.as_ref().and_then(|r| ctx.resolve(src, r, &general_idx));
        let arrives = g.arrives.as_ref().map(|a| *a.get_ref());
        // FtP 5.6.7 B / D: a brigade counter belongs to a general, a corps counter to a cavalry general.
        let counter = g.counter.as_ref().and_then(|c| match (c.get_ref().as_str(), g.cavalry) {
            ("brigade", false) => Some(SecondCounter::Brigade),
            ("corps", true) => Some(SecondCounter::Corps),
            (v, _) => {
                ctx.err(src, c.span(), format!("counter `{v}`: expected \"brigade\" for a general who is not cavalry or \"corps\" for a cavalry general (FtP 5.6.7 B, D)"));
                None
            }
        });
        if let Some(a) = &g.arrives {
            if !(1..=13).contains(a.get_ref()) {
                ctx.err(src, a.span(), format!("arrival turn {} out of range 1..=13", a.get_ref()));
            }
        } else if !g.optional {
            ctx.err(src, g.id.span(), format!("general `{}` needs an arrival turn (`arrives`) unless `optional`", g.id.get_ref()));
        }
        generals.push(GeneralDef {
            id: g.id.get_ref().clone(),
            name: g.name.clone(),
            side: g.side,
            strategy: s,
            offense: g.offense,
            defense: g.defense,
            political: g.political,
            cavalry: g.cavalry,
            arrives,
            optional: g.optional,
            replaces,
            counter,
            authored: g.authored.clone(),
        });
    }
    let mut editions = Vec::new();
    for e in &editions_r {
        let src = e.src;
        let gl = |ctx: &mut Ctx, v: &Vec<Spanned<String>>| v.iter().filter_map(|x| ctx.resolve(src, x, &general_idx)).collect::<Vec<_>>();
        let sea_g = gl(ctx, &e.army_naval_sea_generals);
        let river_g = gl(ctx, &e.army_naval_river_generals);
        let max = *e.deck_max_card.get_ref();
        if max == 0 || max as usize > MAX_CARDS {
            ctx.err(src, e.deck_max_card.span(), format!("deck_max_card {max} out of range 1..={MAX_CARDS}"));
        }
        editions.push(EditionDef {
            id: e.id.get_ref().clone(),
            name: e.name.clone(),
            deck_max_card: max.min(MAX_CARDS as u16) as CardNo,
            fort_build_min_ops: e.fort_build_min_ops.clone(),
            fort_return: typed(ctx, src, &e.fort_return, "fort_return"),
            cav_general_return_turns: e.cav_general_return_turns.clone(),
            csa_rail_build: typed(ctx, src, &e.csa_rail_build, "csa_rail_build"),
            army_naval_sea_generals: sea_g,
            army_naval_river_generals: river_g,
            army_naval_by_strategy_1: e.army_naval_by_strategy_1,
            division_bar_any_border: e.division_bar_any_border,
            defender_retreat: typed(ctx, src, &e.defender_retreat, "defender_retreat"),
            naval_retreat: typed(ctx, src, &e.naval_retreat, "naval_retreat"),
            pr_tie_break: typed(ctx, src, &e.pr_tie_break, "pr_tie_break"),
            elite_loss_threshold: e.elite_loss_threshold,
            corps_commander_casualty_exempt: e.corps_commander_casualty_exempt,
            shenandoah: typed(ctx, src, &e.shenandoah, "shenandoah"),
            shenandoah_va_condition: e.shenandoah_va_condition,
            strategic_move_units: typed(ctx, src, &e.strategic_move_units, "strategic_move_units"),
            br_port_open_needs_loc: e.br_port_open_needs_loc,
            union_capital_rein_penalty: e.union_capital_rein_penalty,
            union_capital_harrisburg: e.union_capital_harrisburg,
            csa_state_control_needs_no_rc_br: e.csa_state_control_needs_no_rc_br,
            union_state_penalty_includes_border: e.union_state_penalty_includes_border,
            union_in_csa_coastal_fort_drm: e.union_in_csa_coastal_fort_drm,
            border_converted_is_union_state: e.border_converted_is_union_state,
            fort_capture_sw: e.fort_capture_sw,
            concentration_original_csa: e.concentration_original_csa,
            discarded_special_happens: e.discarded_special_happens,
            unc_examples: typed(ctx, src, &e.unc_examples, "unc_examples"),
            replacement_cavalry: e.replacement_cavalry,
            sheridan_death: typed(ctx, src, &e.sheridan_death, "sheridan_death"),
            wilsons_raid: typed(ctx, src, &e.wilsons_raid, "wilsons_raid"),
            shenandoah_standard: e.shenandoah_standard,
            rail_logistics: e.rail_logistics,
            scenario_removed_cards: typed(ctx, src, &e.scenario_removed_cards, "scenario_removed_cards"),
        });
    }
    if editions.is_empty() {
        ctx.push(ctx.general("game.toml", "no `[[edition]]`: at least the base edition is needed"));
    }
    let options: Vec<OptionInfo> = options_r.iter().map(|o| OptionInfo { key: o.key.get_ref().clone(), description: o.description.clone(), values: o.values.clone() }).collect();
    for o in &options_r {
        if o.values.is_empty() {
            ctx.err(o.src, o.key.span(), "an option needs at least one value (the first is the default)");
        }
        // The `edition` option offers the editions above, by id.
        if o.key.get_ref() == "edition" {
            for v in o.values.iter().filter(|v| edition_idx.get(v).is_none()) {
                let ids: Vec<&str> = editions.iter().map(|e| e.id.as_str()).collect();
                ctx.err(o.src, o.key.span(), format!("option `edition` offers `{v}`, which is no `[[edition]]` id (editions: {})", ids.join(", ")));
            }
        }
    }
    let mut turns = Vec::new();
    if let Some(t) = &turns_rec {
        for (i, r) in t.rec.iter().enumerate() {
            if *r.number.get_ref() as usize != i + 1 {
                ctx.err(t.src, r.number.span(), format!("turn {} listed in position {}: turns are numbered 1, 2, 3 ...", r.number.get_ref(), i + 1));
            }
            let season = match r.season.get_ref().as_str() {
                "spring" => Season::Spring,
                "summer" => Season::Summer,
                "fall" => Season::Fall,
                s => {
                    ctx.err(t.src, r.season.span(), format!("unknown season `{s}`; expected spring, summer or fall"));
                    Season::Spring
                }
            };
            turns.push(TurnDef {
                number: *r.number.get_ref(),
                season,
                year: r.year,
                cards: r.cards,
                union_sp: r.union_sp,
                csa_sp: r.csa_sp,
                br_rolls: r.br_rolls,
                strategic: r.strategic,
                generals: r.generals,
                csa_rail_build: r.csa_rail_build,
                csa_auto_win_union_sw_below: r.csa_auto_win_union_sw_below,
            });
        }
    } else {
        ctx.push(ctx.general("game.toml", "no turn track (`[[turn]]`)"));
    }
    let crt = crt_rec.and_then(|(src, c)| {
        let block = |ctx: &mut Ctx, b: &CrtBlockRec| -> Option<CrtBlock> {
            let mut col = |v: &Spanned<Vec<String>>| -> Option<[CrtCell; 10]> {
                if v.get_ref().len() != 10 {
                    ctx.err(src, v.span(), format!("a CRT column has 10 rows (modified rolls 1-10), found {}", v.get_ref().len()));
                    return None;
                }
                let mut out = [CrtCell { loss: 0, star: false }; 10];
                for (i, s) in v.get_ref().iter().enumerate() {
                    let star = s.ends_with('*');
                    match s.trim_end_matches('*').parse::<u8>() {
                        Ok(n) => out[i] = CrtCell { loss: n, star },
                        Err(_) => {
                            ctx.err(src, v.span(), format!("CRT cell `{s}` is not a number with an optional `*`"));
                            return None;
                        }
                    }
                }
                Some(out)
            };
            Some(CrtBlock { attacker_loss: col(&b.attacker_loss)?, defender_loss: col(&b.defender_loss)? })
        };
        Some(Crt { small: block(ctx, &c.small)?, medium: block(ctx, &c.medium)?, large: block(ctx, &c.large)? })
    });
    let missing = |ctx: &mut Ctx, what: &str| ctx.push(ctx.general("game.toml", format!("missing table `[{what}]`")));
    if hdr.is_none() {
        missing(ctx, "game");
    }
    if generic.is_none() {
        missing(ctx, "generic_commander");
    }
    if movement.is_none() {
        missing(ctx, "movement");
    }
    if crt.is_none() {
        missing(ctx, "crt");
    }
    for (t, n) in [(&counters, "counters"), (&battle, "battle"), (&reinforcements, "reinforcements"), (&strategic_will, "strategic_will")] {
        if t.is_none() {
            missing(ctx, n);
        }
    }
    if attrition.is_none() {
        missing(ctx, "attrition");
    }

    // ---------------------------------------------------------------- cards.toml
    let card_layers: Vec<Sourced<CardsDoc>> = parse_layers(ctx, "cards.toml");
    let mut cards_l = Vec::new();
    for l in card_layers {
        check_dups(ctx, l.src, &l.rec.card, |r| (r.number.get_ref().to_string(), r.number.span()), "card number");
        let recs = l
            .rec
            .card
            .into_iter()
            .map(|mut c| {
                c.key = c.number.get_ref().to_string();
                c
            })
            .collect();
        cards_l.push(Sourced { src: l.src, rec: recs });
    }
    let mut cards_r = layered_records(cards_l, |v| v);
    cards_r.sort_by_key(|c| *c.number.get_ref());
    let mut cards = Vec::new();
    for (i, c) in cards_r.iter().enumerate() {
        let src = c.src;
        let n = *c.number.get_ref();
        if n as usize != i + 1 {
            ctx.err(src, c.number.span(), format!("card {n}: cards are numbered 1, 2, 3 ... without gaps (expected {})", i + 1));
        }
        if !(1..=3).contains(c.ops.get_ref()) {
            ctx.err(src, c.ops.span(), format!("OP value {} out of range 1..=3 (FtP 4)", c.ops.get_ref()));
        }
        let editions_c: Vec<EditionId> = c.editions.iter().filter_map(|e| ctx.resolve(src, e, &edition_idx)).collect();
        // Cards with the same event (34-36, 93-96) may share one script.
        let path = c.script.get_ref();
        let shared_ok = path.strip_prefix("events/").and_then(|x| x.strip_suffix(".lua")).is_some_and(|x| x.len() == 3 && x.parse::<u16>().is_ok_and(|m| (1..=n).contains(&m)));
        if !shared_ok {
            ctx.err(src, c.script.span(), format!("card {n}'s event script is `events/{n:03}.lua`, or the script of a card before it (`events/NNN.lua`)"));
        }
        cards.push(CardDef {
            number: n.min(255) as CardNo,
            title: c.title.clone(),
            title_es: c.title_es.clone(),
            title_it: c.title_it.clone(),
            ops: *c.ops.get_ref(),
            event: c.event,
            remove: c.remove,
            flags: c.flags.clone(),
            blockade: c.blockade,
            sp_removal_chooser: c.sp_removal_chooser,
            no_voluntary_discard: c.no_voluntary_discard,
            scenarios: c.scenarios.iter().map(|s| s.get_ref().clone()).collect(),
            editions: editions_c,
            script: c.script.get_ref().clone(),
            authored: c.authored.clone(),
            sources: c.sources.clone(),
            reconstructed: c.reconstructed,
        });
    }
    if cards.len() > MAX_CARDS {
        ctx.push(ctx.general("cards.toml", format!("{} cards; at most {MAX_CARDS}", cards.len())));
    }
    // Every card up to an edition's deck size is in that edition, and none beyond.
    for (ei, e) in editions.iter().enumerate() {
        for c in &cards {
            let inside = c.number <= e.deck_max_card;
            if inside != c.editions.contains(&(ei as EditionId)) {
                let r = &cards_r[c.number as usize - 1];
                ctx.err(r.src, r.number.span(), format!("card {} {} the {} edition's deck (cards 1-{})", c.number, if inside { "is missing from" } else { "cannot be in" }, e.id, e.deck_max_card));
            }
        }
    }

    // ---------------------------------------------------------------- scenarios
    let refs = Refs { space: &space_idx, state: &state_idx, general: &general_idx, army: &army_idx, edition: &edition_idx };
    let mut scenarios: Vec<ScenarioDef> = Vec::new();
    let mut setup_from: Vec<(usize, SrcId, Spanned<String>)> = Vec::new();
    // Scenarios whose own records had errors: rows with an unresolved reference were dropped, so
    // the "every arrived general is accounted for" check would only repeat the first error.
    let mut incomplete: Vec<bool> = Vec::new();
    for rel in ctx.set.list("scenarios", ".toml") {
        let doc = match ctx.set.parse_top::<ScenarioDoc>(&rel) {
            Ok(d) => d,
            Err(d) => {
                ctx.errs.0.extend(d.0);
                continue;
            }
        };
        let errs_before = ctx.errs.0.len();
        if let Some(sc) = load_scenario(ctx, doc.src, doc.rec, &refs, &generals, cards.len(), &mut setup_from, scenarios.len()) {
            if scenarios.iter().any(|s| s.id == sc.id) {
                ctx.push(ctx.general(&rel, format!("duplicate scenario id `{}`", sc.id)));
            }
            incomplete.push(ctx.errs.0.len() > errs_before);
            scenarios.push(sc);
        }
    }
    let mut scen_idx = IdIndex::new("scenario id (a file under scenarios/)");
    for (i, s) in scenarios.iter().enumerate() {
        scen_idx.insert(&s.id, i as ScenarioId);
    }
    for (target, src, from) in setup_from {
        if let Some(i) = ctx.resolve(src, &from, &scen_idx) {
            let base = scenarios[i as usize].clone();
            if !scenarios[target].setup.is_empty() {
                ctx.err(src, from.span(), "a scenario with `setup_from` has no `[setup]` of its own");
            }
            scenarios[target].setup = base.setup;
            incomplete[target] |= incomplete[i as usize];
        }
    }
    for c in &cards_r {
        for s in &c.scenarios {
            ctx.resolve(c.src, s, &scen_idx);
        }
    }
    // Per-scenario checks against the setup (generals present once, arrived, of the row's side).
    for (sc, &partial) in scenarios.iter().zip(&incomplete) {
        check_scenario(ctx, sc, &generals, &armies, &map, &editions, partial);
    }
    if !ctx.errs.is_empty() {
        return None;
    }
    Some(Content {
        title: hdr.map(|h| h.title).unwrap_or_default(),
        states,
        seas,
        map,
        rivers,
        lines,
        editions,
        options,
        turns,
        generals,
        armies,
        generic_commander: generic?,
        movement: movement?,
        crt: crt?,
        attrition: attrition?.bands,
        battle: battle?,
        reinforcements: reinforcements?,
        strategic_will: strategic_will?,
        counters: counters?,
        cards,
        scenarios,
        events: Default::default(),
    })
}

struct Refs<'a> {
    space: &'a IdIndex<SpaceId>,
    state: &'a IdIndex<StateId>,
    general: &'a IdIndex<GeneralId>,
    army: &'a IdIndex<ArmyId>,
    edition: &'a IdIndex<EditionId>,
}

fn edition_ref(ctx: &mut Ctx, src: SrcId, e: &Spanned<String>, refs: &Refs) -> Option<EditionId> {
    if e.get_ref() == "all" { None } else { ctx.resolve(src, e, refs.edition) }
}

#[allow(clippy::too_many_arguments)]
fn load_scenario(
    ctx: &mut Ctx,
    src: SrcId,
    d: ScenarioDoc,
    refs: &Refs,
    generals: &[GeneralDef],
    ncards: usize,
    setup_from: &mut Vec<(usize, SrcId, Spanned<String>)>,
    index: usize,
) -> Option<ScenarioDef> {
    let h = &d.scenario;
    let (ft, lt) = (*h.first_turn.get_ref(), *h.last_turn.get_ref());
    if !(1..=13).contains(&ft) {
        ctx.err(src, h.first_turn.span(), format!("first turn {ft} out of range 1..=13"));
    }
    if lt < ft || lt > 13 {
        ctx.err(src, h.last_turn.span(), format!("last turn {lt} must be between the first turn ({ft}) and 13"));
    }
    let spaces = |ctx: &mut Ctx, v: &Vec<Spanned<String>>| v.iter().filter_map(|x| ctx.resolve(src, x, refs.space)).collect::<Vec<_>>();
    let states = |ctx: &mut Ctx, v: &Vec<Spanned<String>>| v.iter().filter_map(|x| ctx.resolve(src, x, refs.state)).collect::<Vec<_>>();
    let gens = |ctx: &mut Ctx, v: &Vec<Spanned<String>>| v.iter().filter_map(|x| ctx.resolve(src, x, refs.general)).collect::<Vec<_>>();
    let card_list = |ctx: &mut Ctx, v: &Vec<Spanned<u16>>| {
        v.iter()
            .filter_map(|c| {
                let n = *c.get_ref();
                if n == 0 || n as usize > ncards {
                    ctx.err(src, c.span(), format!("unknown card number {n}; expected 1..={ncards} (cards.toml)"));
                    None
                } else {
                    Some(n as CardNo)
                }
            })
            .collect::<Vec<_>>()
    };
    let resource_destroyed = spaces(ctx, &h.resource_destroyed);
    let border_exceptions = spaces(ctx, &h.border_exceptions);
    let sc_union = states(ctx, &h.state_control.union);
    let sc_csa = states(ctx, &h.state_control.csa);
    let el_union = gens(ctx, &h.eliminated.union);
    let el_csa = gens(ctx, &h.eliminated.csa);
    let removed_cards = card_list(ctx, &h.removed_cards);
    let removed_cards_italian = card_list(ctx, &h.removed_cards_italian);
    let sign = |ctx: &mut Ctx, s: &Spanned<String>| match s.get_ref().as_str() {
        "+" => true,
        "-" => false,
        x => {
            ctx.err(src, s.span(), format!("SW marker side `{x}`; expected \"+\" or \"-\" (FtP 12.4)"));
            false
        }
    };
    let mut sw = Vec::new();
    for w in &d.sw {
        let edition = edition_ref(ctx, src, &w.edition, refs);
        let plus = [sign(ctx, &w.union_sign), sign(ctx, &w.csa_sign)];
        sw.push(SwStart { edition, value: [w.union, w.csa], plus });
    }
    if sw.is_empty() {
        ctx.err(src, h.id.span(), "a scenario needs its starting Strategic Will (`[[sw]]`)");
    }
    let mut victory = Vec::new();
    for v in &d.victory {
        let edition = edition_ref(ctx, src, &v.edition, refs);
        let need = |ctx: &mut Ctx, x: Option<u8>, f: &str| {
            x.unwrap_or_else(|| {
                ctx.err(src, v.kind.span(), format!("victory kind `{}` needs `{f}`", v.kind.get_ref()));
                0
            })
        };
        let kind = match v.kind.get_ref().as_str() {
            "control_or_sw" => VictoryKind::ControlOrSw {
                union_states: states(ctx, &v.union_states),
                union_if_csa_sw_below: need(ctx, v.union_if_csa_sw_below, "union_if_csa_sw_below"),
                csa_states: states(ctx, &v.csa_states),
                csa_if_union_sw_below: need(ctx, v.csa_if_union_sw_below, "csa_if_union_sw_below"),
            },
            "sw_lead" => {
                let (Some(u), Some(c)) = (v.union_min_lead, v.csa_max_lead) else {
                    ctx.err(src, v.kind.span(), "victory kind `sw_lead` needs `union_min_lead` and `csa_max_lead`");
                    continue;
                };
                if c >= u {
                    ctx.err(src, v.kind.span(), "`csa_max_lead` must be below `union_min_lead`");
                }
                VictoryKind::SwLead { union_min_lead: u, csa_max_lead: c, sp_adjustment: v.sp_adjustment, blockade_obligation_sw: v.blockade_obligation_sw }
            }
            "campaign" => VictoryKind::Campaign {
                states_needed: need(ctx, v.states_needed, "states_needed"),
                sw_lead_per_state: need(ctx, v.sw_lead_per_state, "sw_lead_per_state"),
                cancel_min_csa_pcs: need(ctx, v.cancel_min_csa_pcs, "cancel_min_csa_pcs"),
                csa_double_sw: v.csa_double_sw,
            },
            k => {
                ctx.err(src, v.kind.span(), format!("unknown victory kind `{k}`; expected control_or_sw, sw_lead or campaign"));
                continue;
            }
        };
        victory.push(Victory { edition, kind });
    }
    if victory.is_empty() {
        ctx.err(src, h.id.span(), "a scenario needs its victory conditions (`[[victory]]`)");
    }
    let options = d.option.iter().map(|o| OptionInfo { key: o.key.get_ref().clone(), description: o.description.clone(), values: o.values.clone() }).collect();
    let mut placements = Vec::new();
    for p in &d.placement {
        let edition = edition_ref(ctx, src, &p.edition, refs);
        let g = ctx.resolve(src, &p.general, refs.general);
        let s = ctx.resolve(src, &p.space, refs.space);
        if let (Some(general), Some(space)) = (g, s) {
            if generals[general as usize].arrives != Some(*p.turn.get_ref()) {
                ctx.err(src, p.turn.span(), format!("`{}` arrives in turn {:?} (game.toml), not turn {}", p.general.get_ref(), generals[general as usize].arrives, p.turn.get_ref()));
            }
            placements.push(Placement { edition, general, space, turn: *p.turn.get_ref(), rule: p.rule.clone() });
        }
    }
    let special_rules = d
        .special_rule
        .iter()
        .filter_map(|r| {
            let id = typed_opt(ctx, src, &r.id, "special_rule id")?;
            Some(SpecialRule { id, edition: edition_ref(ctx, src, &r.edition, refs), rule: r.rule.clone(), text: r.text.clone() })
        })
        .collect();
    let mut setup = Vec::new();
    for r in d.setup.iter().flat_map(|s| s.rows.iter()) {
        let space = ctx.resolve(src, &r.space, refs.space);
        let gs: Vec<GeneralId> = r.generals.iter().filter_map(|g| ctx.resolve(src, g, refs.general)).collect();
        let army = r.army.as_ref().and_then(|a| ctx.resolve(src, a, refs.army));
        let edition = r.edition.as_ref().and_then(|e| edition_ref(ctx, src, e, refs));
        for (g, rec) in gs.iter().zip(&r.generals) {
            let gd = &generals[*g as usize];
            if gd.side != r.side {
                ctx.err(src, rec.span(), format!("general `{}` is {:?}, not {:?}", gd.id, gd.side, r.side));
            }
        }
        if r.army.is_some() && r.generals.is_empty() {
            ctx.err(src, r.space.span(), "an army row names its commander first in `generals`");
        }
        if let Some(space) = space {
            setup.push(SetupRow { side: r.side, space, generals: gs, sp: r.sp, fort: r.fort, pc: r.pc, army, capital: r.capital, edition });
        }
    }
    if let Some(f) = &h.setup_from {
        setup_from.push((index, src, f.clone()));
    } else if setup.is_empty() {
        ctx.err(src, h.id.span(), "a scenario needs a `[setup]` table or `setup_from`");
    }
    Some(ScenarioDef {
        id: h.id.get_ref().clone(),
        title: h.title.clone(),
        first_turn: ft,
        last_turn: lt,
        first_turn_phase: h.first_turn_phase.clone(),
        blockade: h.blockade,
        amphibious: h.amphibious,
        emancipation: h.emancipation,
        resource_destroyed,
        mississippi_bonus_received: h.mississippi_bonus_received,
        border_spaces: h.border_spaces,
        border_exceptions,
        state_control: [sc_union, sc_csa],
        csa_rail_built: h.csa_rail_built,
        sw,
        victory,
        options,
        removed_cards,
        removed_cards_italian,
        placements,
        special_rules,
        setup,
        eliminated: [el_union, el_csa],
    })
}

/// Whole-scenario consistency: every general in play at most once, on his own side, already
/// arrived; no general both on the map and eliminated; each army on its own side and placed once;
/// capitals and resource centers where the map says.
fn check_scenario(ctx: &mut Ctx, sc: &ScenarioDef, generals: &[GeneralDef], armies: &[ArmyDef], map: &GraphMap<SpaceDef, LinkDef>, editions: &[EditionDef], partial: bool) {
    let file = format!("scenarios/{}.toml", sc.id);
    for e in 0..editions.len() as EditionId {
        let mut seen: HashMap<GeneralId, &str> = HashMap::new();
        let mut army_seen = HashSet::new();
        for r in sc.setup.iter().filter(|r| applies(r.edition, e)) {
            for &g in &r.generals {
                if let Some(prev) = seen.insert(g, map.name(r.space)) {
                    ctx.push(ctx.general(&file, format!("general `{}` is set up twice ({prev} and {})", generals[g as usize].id, map.name(r.space))));
                }
                let gd = &generals[g as usize];
                let arrived = gd.arrives.is_some_and(|t| t < sc.first_turn || t == 1);
                if !arrived {
                    ctx.push(ctx.general(&file, format!("general `{}` is set up in turn {} but arrives in turn {:?} (game.toml)", gd.id, sc.first_turn, gd.arrives)));
                }
            }
            if let Some(a) = r.army {
                if armies[a as usize].side != r.side {
                    ctx.push(ctx.general(&file, format!("army `{}` belongs to the other side", armies[a as usize].id)));
                }
                if !army_seen.insert(a) {
                    ctx.push(ctx.general(&file, format!("army `{}` is set up twice", armies[a as usize].id)));
                }
            }
            if r.capital && map.space(r.space).national_capital != Some(r.side) {
                ctx.push(ctx.general(&file, format!("the {:?} capital marker goes on its national capital, not {}", r.side, map.name(r.space))));
            }
        }
        for side in [Side::Union, Side::Csa] {
            for &g in &sc.eliminated[side.index()] {
                if seen.contains_key(&g) {
                    ctx.push(ctx.general(&file, format!("general `{}` is both set up and eliminated", generals[g as usize].id)));
                }
                if generals[g as usize].side != side {
                    ctx.push(ctx.general(&file, format!("eliminated general `{}` is on the other side", generals[g as usize].id)));
                }
            }
        }
        // Every non-optional general who arrived before the first turn is accounted for (not
        // judged when rows were dropped for an error already reported).
        for (i, g) in generals.iter().enumerate().filter(|_| !partial) {
            let arrived = g.arrives.is_some_and(|t| t < sc.first_turn || t == 1);
            if arrived && !g.optional && !seen.contains_key(&(i as GeneralId)) && !sc.eliminated.iter().any(|l| l.contains(&(i as GeneralId))) {
                ctx.push(ctx.general(&file, format!("general `{}` arrived in turn {:?} but is neither set up nor eliminated in {} ({} edition)", g.id, g.arrives, sc.id, editions[e as usize].id)));
            }
        }
    }
    for &s in &sc.resource_destroyed {
        if map.space(s).resource == 0 {
            ctx.push(ctx.general(&file, format!("`{}` is not a resource center: it cannot start destroyed", map.name(s))));
        }
    }
}

#[cfg(test)]
mod control_tests {
    use super::{Control, Side};

    /// Control (FtP 11): two controls are equal exactly when they are the same value.
    #[test]
    fn controls_equal_only_themselves_fpt_11() {
        let all = [Control::Neutral, Control::Of(Side::Union), Control::Of(Side::Csa)];
        for (i, a) in all.iter().enumerate() {
            for (j, b) in all.iter().enumerate() {
                assert_eq!(a == b, i == j, "{a:?} == {b:?}");
            }
        }
    }
}
