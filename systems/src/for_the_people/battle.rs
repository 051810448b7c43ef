//! For the People battles (FtP 7): a pure module. It knows no game state: the caller describes
//! the two forces and the space in plain input structs, hands over a dice source, and gets back
//! a [`BattleReport`] (plain data) with everything the log and the app show.
//!
//! # How to use it
//! 1. Once per game: [`BattleOptions::from_setup`] reads the edition and the scenario options
//!    (`continue-after-defender-wiped`, `leader-casualty-roll`, `retreat-into-enemy-pc`);
//!    [`BattleRules::new`] types the `[battle]` table of `game.toml` (a diagnostic, no panic).
//! 2. Entering an enemy space: [`entry`] says battle, overrun (5.7.2), fort taken (6.8.1) or
//!    generals only (5.7.4). Before a battle, [`retreat_before_battle`] says whether the
//!    defender may retreat first (7.2), [`roll_retreat_before_battle`] rolls a discretionary
//!    retreat and [`retreat_before_battle_destinations`] lists where to (7.2.4).
//! 3. [`resolve`] fights the battle: size (7.3.1), ratings (7.4), every DRM itemised (7.5), the
//!    two rolls, the CRT (7.10) with the 2x and 0-SP caps (7.3.1, 7.8.1), the winner
//!    (7.3.2-7.3.4), who retreats / holds the space / may continue (7.3.2, 7.3.3, 5.7.3, 6.4.2),
//!    leader casualties (7.7) and the elite-unit loss (7.5.1, 7.8.2). Its parts are public too
//!    ([`drms`], [`crt_result`], [`losses`], [`decide`], [`leader_check_sides`] ...).
//! 4. The loser's retreat: [`attacker_retreat`] (always to its origin) and [`defender_retreats`]
//!    (the legal spaces ranked by 7.6.1 / 7.6.2, and who picks among the best) from map facts
//!    the caller answers through the [`RetreatMap`] trait. Empty = surrender (7.6.3).
//!
//! Dice come from any [`Dice`] (the game's `GameRng`, or `ScriptedDice` in tests). The order of
//! the draws is fixed: attacker's battle roll, defender's battle roll, attacker's leader check
//! (and victim pick), defender's leader check (and victim pick).
//!
//! # Choices the module makes for the owner (documented so the caller need not ask)
//! * 7.4.2 / 7.4.3: an army's owner picks its one or two subordinates. All DRMs are mandatory
//!   (note to 7.5) and a higher DRM is never worse on the CRT, so the module takes the highest
//!   legal ones (at most one cavalry brigade); ties go to the earlier general in `others`.
//! * 7.4.1: the defending commander of a non-army force is the general with the highest political
//!   rating; on a tie the owner chooses (ES) or a die decides (IT). The caller sets
//!   [`Force::commander`]; [`defending_commander_candidates`] lists the tied generals.
//!
//! # Readings (\[INTERP\], named options in `game.toml`)
//! * `crt-clamp`: modified rolls below 1 / above 10 use rows 1 / 10 (the only value).
//! * `continue-after-defender-wiped`: 7.3.3 C ">= double" (default) or "more than double".
//! * `leader-casualty-roll`: a modified roll of "10 or more" (IT 7.73; default, consistent with
//!   the clamp) or "exactly 10" (ES 7.7 literally) triggers leader casualties.
//! * `retreat-into-enemy-pc`: ES 7.6.1 forbids retreating into "an enemy PC or enemy fort" yet
//!   ranks enemy-controlled spaces 5-6 and fines ending on an enemy PC; the default reads
//!   "enemy SP or enemy fort" (IT 7.61), "forbidden" is the literal text.
//! * `only-general`: 7.7.3 "unless he is the only general in the battle": of his side
//!   (default) or of both sides (`both-sides`).
//! * IT 7.61 (`defender_retreat = "simple"`, Italian edition): own space with a LOC first, then
//!   any other legal space, the attacker choosing when all of them are enemy-controlled. IT 7.62
//!   (`naval_retreat = "italian"`): from a port of an original CSA state the Union retreats only
//!   onto its own PCs or by sea.
//!
//! Rule numbers are the Spanish rulebook's.

use super::content::{Content, CrtBlock, CrtCell, EditionDef, GeneralId, Side};
// FtP 7.6.1, 7.6.2 edition differences (the edition's `defender_retreat`, `naval_retreat`).
pub use super::content::{DefenderRetreat, NavalRetreat};
use bivouac_engine::content::Diagnostic;
use bivouac_engine::game::Setup;
use bivouac_engine::map::graph::SpaceId;
use bivouac_engine::rng::GameRng;
use serde::{Deserialize, Serialize};

// ============================================================================================
// Tables and options
// ============================================================================================

/// Amphibious defence values of the Confederacy (FtP 6.4.1).
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct AmphibiousDefense {
    pub ironclad: i8,
    pub fort: i8,
    pub hunley: i8,
    pub torpedo: i8,
}

/// One force-ratio step (FtP 7.5.3): `ratio`:1 or better gives the larger side `drm`.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct RatioStep {
    pub ratio: u8,
    pub drm: i8,
}

/// The `[battle]` table of `game.toml`, typed (the keys other rules use are ignored here).
#[derive(Clone, Debug, Deserialize)]
pub struct BattleTable {
    pub small_max_sp: u16,
    pub large_min_sp: u16,
    pub interception_drm: i8,
    pub fort_drm: i8,
    pub no_cavalry_screen: i8,
    pub out_of_supply_drm: i8,
    pub ungarrisoned_fort_drm: i8,
    pub amphibious_cap: i8,
    pub amphibious_defense: AmphibiousDefense,
    pub amphibious_event_drm: i8,
    pub loss_cap_multiple: u8,
    pub zero_sp_max_loss: u8,
    pub force_ratio: Vec<RatioStep>,
    pub leader_casualty_roll: i8,
    pub leader_loss_if_rolled_10: u8,
    pub leader_loss_otherwise: u8,
    pub retreat_before_battle_cavalry_drm: i8,
    pub overrun_ratio: u8,
}

/// FtP 7.3.3 C (\[INTERP\] option `continue-after-defender-wiped`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContinueRule {
    /// At least double (5.7.3, 7.3.2, IT 7.33 C).
    AtLeastDouble,
    /// More than double (ES 7.3.3 C literally).
    MoreThanDouble,
}

/// FtP 7.7 (\[INTERP\] option `leader-casualty-roll`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaderTrigger {
    /// A modified roll of 10 or more (IT 7.73).
    TenOrMore,
    /// A modified roll of exactly 10 (ES 7.7 literally).
    ExactlyTen,
}

/// The scenario options and edition values battles read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleOptions {
    pub continue_rule: ContinueRule,
    pub leader_trigger: LeaderTrigger,
    /// FtP 7.5.1 / 7.8.2: an elite unit is lost when its force loses at least this many SP.
    pub elite_loss_threshold: u8,
    /// FtP 7.7.3: the edition's `corps_commander_casualty_exempt`.
    #[serde(default)]
    pub corps_commander_exempt: bool,
    pub defender_retreat: DefenderRetreat,
    /// FtP 7.6.1 (\[INTERP\] option `retreat-into-enemy-pc`): a defender may retreat into a
    /// space with an enemy PC (but no enemy SP), losing 1 SP.
    pub retreat_into_enemy_pc: bool,
    pub naval_retreat: NavalRetreat,
    /// FtP 7.7.3 (\[INTERP\] option `only-general` = `both-sides`): "unless he is the only
    /// general in the battle" counts the generals of both sides (default: of his side).
    #[serde(default)]
    pub only_general_both_sides: bool,
}

impl Default for BattleOptions {
    /// The Spanish edition with the default readings.
    fn default() -> Self {
        BattleOptions {
            continue_rule: ContinueRule::AtLeastDouble,
            leader_trigger: LeaderTrigger::TenOrMore,
            elite_loss_threshold: 2,
            corps_commander_exempt: false,
            defender_retreat: DefenderRetreat::SixPriorities,
            retreat_into_enemy_pc: true,
            naval_retreat: NavalRetreat::UnionStatePort,
            only_general_both_sides: false,
        }
    }
}

impl BattleOptions {
    /// The values of an edition, then the named options of `setup` (unknown values keep the default).
    pub fn from_setup(c: &Content, setup: &Setup) -> Self {
        let mut o = BattleOptions::default();
        let edition = setup.option("edition").and_then(|e| c.edition(e)).unwrap_or_else(|| c.default_edition());
        if let Some(e) = c.editions.get(edition as usize) {
            o.apply_edition(e);
        }
        if setup.option("continue-after-defender-wiped") == Some("more-than-double") {
            o.continue_rule = ContinueRule::MoreThanDouble;
        }
        if setup.option("leader-casualty-roll") == Some("exactly-ten") {
            o.leader_trigger = LeaderTrigger::ExactlyTen;
        }
        if setup.option("retreat-into-enemy-pc") == Some("forbidden") {
            o.retreat_into_enemy_pc = false;
        }
        if setup.option("only-general") == Some("both-sides") {
            o.only_general_both_sides = true;
        }
        // FtP 7.5.1, 7.8.2 (a reading of an unclear rule): IT 7.82 "more than 2" against IT 7.51 ">= 2".
        if setup.option("elite-loss") == Some("more-than-2") {
            o.elite_loss_threshold = 3;
        }
        o
    }

    pub fn apply_edition(&mut self, e: &EditionDef) {
        self.elite_loss_threshold = e.elite_loss_threshold;
        self.corps_commander_exempt = e.corps_commander_casualty_exempt;
        self.defender_retreat = e.defender_retreat;
        self.naval_retreat = e.naval_retreat;
    }
}

/// Everything battles need besides `Content`: the typed `[battle]` table and the options.
#[derive(Clone, Debug)]
pub struct BattleRules {
    pub table: BattleTable,
    pub options: BattleOptions,
}

impl BattleRules {
    /// Types the `[battle]` table of the loaded content; a missing or mistyped key is reported
    /// as a diagnostic on `game.toml` naming the key, never a panic.
    pub fn new(c: &Content, options: BattleOptions) -> Result<Self, Diagnostic> {
        let mut table: BattleTable = typed_table(&c.battle, "battle")?;
        // Largest ratio first, so the first step that applies is the right one (7.5.3).
        table.force_ratio.sort_by_key(|s| std::cmp::Reverse(s.ratio));
        Ok(BattleRules { table, options })
    }
}

/// Types a `game.toml` table the loader keeps as TOML (`Content::battle`, `reinforcements`,
/// `strategic_will`): a missing or mistyped key is a diagnostic on `game.toml` naming the table
/// and the key, never a panic.
pub(crate) fn typed_table<T: serde::de::DeserializeOwned>(t: &toml::Table, name: &str) -> Result<T, Diagnostic> {
    t.clone().try_into().map_err(|e: toml::de::Error| Diagnostic {
        file: "game.toml".into(),
        line: 1,
        col: 1,
        found: String::new(),
        message: format!("table `[{name}]`: {}", e.message()),
    })
}

// ============================================================================================
// Dice
// ============================================================================================

/// A source of dice. All FtP dice are one d6; `pick` chooses uniformly among `n` (n >= 1).
pub trait Dice {
    fn d6(&mut self) -> u8;
    fn pick(&mut self, n: usize) -> usize;
}

impl Dice for GameRng {
    fn d6(&mut self) -> u8 {
        self.roll(6) as u8
    }
    fn pick(&mut self, n: usize) -> usize {
        GameRng::pick(self, n)
    }
}

/// Forced dice for tests: the d6 results and the picks, in order of use.
#[cfg(test)]
pub struct ScriptedDice {
    pub rolls: std::collections::VecDeque<u8>,
    pub picks: std::collections::VecDeque<usize>,
}

#[cfg(test)]
impl ScriptedDice {
    pub fn new(rolls: &[u8], picks: &[usize]) -> Self {
        ScriptedDice { rolls: rolls.iter().copied().collect(), picks: picks.iter().copied().collect() }
    }
}

#[cfg(test)]
impl Dice for ScriptedDice {
    fn d6(&mut self) -> u8 {
        self.rolls.pop_front().expect("scripted dice: no roll left")
    }
    fn pick(&mut self, n: usize) -> usize {
        let p = self.picks.pop_front().expect("scripted dice: no pick left");
        assert!(p < n, "scripted pick {p} out of 0..{n}");
        p
    }
}

// ============================================================================================
// Input
// ============================================================================================

/// Attacker or defender (FtP 7.1: the moving force attacks; an interceptor defends).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    Attacker,
    Defender,
}

impl Role {
    pub fn other(self) -> Role {
        match self {
            Role::Attacker => Role::Defender,
            Role::Defender => Role::Attacker,
        }
    }
}

/// What a force is for battle purposes.
/// A defending stack that is not an army is a `Corps` if it has a non-cavalry general, a
/// `CavalryBrigade` if it is a lone cavalry brigade, else a `Division` (SP without general,
/// a garrison, or an ungarrisoned fort with 0 SP).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ForceKind {
    Army,
    Corps,
    Division,
    CavalryBrigade,
}

/// One side of a battle, filled by the caller.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Force {
    pub side: Side,
    pub kind: ForceKind,
    /// Every SP in the battle, cavalry brigades included (1 SP each). 0 only for an
    /// ungarrisoned fort defending against an amphibious assault (6.8.1).
    pub sp: u8,
    /// The army commander; for a non-army force the active general (attacker) or the general
    /// with the highest political rating (defender, 7.4.1). `None`: an army gets the generic
    /// commander (5.2.8); other forces fight with rating 0, unless their only general is a
    /// cavalry general (7.4.4), which the module then uses.
    pub commander: Option<GeneralId>,
    /// Every other general present (cavalry generals = cavalry brigades included).
    pub others: Vec<GeneralId>,
    /// Elite units present whose +1 the owner uses (7.5.1, voluntary).
    pub elite_used: u8,
    /// Out of supply for this battle (8.3): the opponent gets +2 (7.5).
    pub out_of_supply: bool,
    /// The generals present that are cavalry brigades (5.5), by the counter in play (5.6.7 B,
    /// D): set by `with_cavalry`.
    #[serde(default)]
    pub cavalry: Vec<GeneralId>,
    /// A successful interceptor (defender only, 5.8.3): +2, no retreat before battle.
    pub interceptor: bool,
    /// An army or corps that lost a battle during the current enemy move (7.2.2).
    pub beaten_this_move: bool,
}

impl Force {
    pub fn new(side: Side, kind: ForceKind, sp: u8, commander: Option<GeneralId>, others: &[GeneralId]) -> Self {
        Force {
            side,
            kind,
            sp,
            commander,
            others: others.to_vec(),
            elite_used: 0,
            out_of_supply: false,
            cavalry: Vec::new(),
            interceptor: false,
            beaten_this_move: false,
        }
    }
    /// Mark the cavalry generals present (FtP 5.5; 5.6.7 B, D: by the counter in play).
    pub fn with_cavalry(mut self, is_cav: impl Fn(GeneralId) -> bool) -> Self {
        self.cavalry = self.generals().filter(|&g| is_cav(g)).collect();
        self
    }
    fn is_cav(&self, g: GeneralId) -> bool {
        self.cavalry.contains(&g)
    }
    fn is_army(&self) -> bool {
        self.kind == ForceKind::Army
    }
    /// Every general present, commander first.
    pub fn generals(&self) -> impl Iterator<Item = GeneralId> + '_ {
        self.commander.into_iter().chain(self.others.iter().copied().filter(move |g| Some(*g) != self.commander))
    }
    fn has_cavalry(&self) -> bool {
        !self.cavalry.is_empty()
    }
    fn has_general(&self) -> bool {
        self.generals().next().is_some()
    }
}

/// The Union side of an amphibious assault and the Confederate naval defences (FtP 6.4.1).
/// The attacker is the Union; the fort (if any) is [`Field::fort`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amphibious {
    /// The Amphibious Assault track value.
    pub track: u8,
    /// Made with "Andrew Foote" (#57) or "David Porter" (#58).
    pub foote_or_porter: bool,
    pub ironclad: bool,
    pub torpedo: bool,
    pub hunley: bool,
}

/// The battle space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    /// A fort (counter or coastal) fighting for the defender; also a Union force in a coastal
    /// fort that still carries a CSA PC (6.8.7).
    pub fort: bool,
    /// A resource center, destroyed or not (7.10: the asterisk is void).
    pub resource_center: bool,
    /// A Union state capital or a national capital (7.10: the asterisk is void).
    pub capital: bool,
    /// An amphibious assault (6.4).
    pub amphibious: Option<Amphibious>,
    /// The battle comes from "Shiloh" (#100), "Chickamauga" (#101) or a strategic
    /// concentration event: army commanders may be casualties (7.7, 7.7.3).
    pub concentration_event: bool,
    /// Card events' DRMs for the attacker and the defender (`battle_drm`, FtP 4.2).
    #[serde(default)]
    pub event_drm: [i8; 2],
    /// The scenario's special rules' DRM for the attacker (Lua `combat_modifier` hooks).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rules_drm: i8,
}

fn is_zero(n: &i8) -> bool {
    *n == 0
}

// ============================================================================================
// Output
// ============================================================================================

/// Battle size (FtP 7.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BattleSize {
    Small,
    Medium,
    Large,
}

/// The kind of one DRM item (FtP 7.5), with its rule and a short text for the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrmKind {
    Commander,
    Subordinate,
    CavalryScreening,
    Interception,
    Fort,
    Elite,
    ForceRatio,
    UngarrisonedFort,
    EnemyOutOfSupply,
    Amphibious,
    Event,
    /// A scenario's special rule (a Lua `combat_modifier` hook, `hooks.toml`).
    SpecialRule,
}

impl DrmKind {
    pub fn rule(self) -> &'static str {
        match self {
            DrmKind::Commander => "FtP 7.4",
            DrmKind::Subordinate => "FtP 7.4.2",
            DrmKind::CavalryScreening => "FtP 7.5.2",
            DrmKind::Interception => "FtP 5.8.3",
            DrmKind::Fort => "FtP 6.8.7",
            DrmKind::Elite => "FtP 7.5.1",
            DrmKind::ForceRatio => "FtP 7.5.3",
            DrmKind::UngarrisonedFort => "FtP 6.8.1",
            DrmKind::EnemyOutOfSupply => "FtP 8.3",
            DrmKind::Amphibious => "FtP 6.4.1",
            DrmKind::Event => "FtP 4.2",
            DrmKind::SpecialRule => "scenario special rule",
        }
    }
    pub fn text(self) -> &'static str {
        match self {
            DrmKind::Commander => "commander's rating",
            DrmKind::Subordinate => "army subordinate's rating",
            DrmKind::CavalryScreening => "no cavalry brigade in the army (army vs army)",
            DrmKind::Interception => "successful interceptor",
            DrmKind::Fort => "defending in a garrisoned fort",
            DrmKind::Elite => "elite unit used",
            DrmKind::ForceRatio => "force ratio",
            DrmKind::UngarrisonedFort => "attacking an ungarrisoned fort",
            DrmKind::EnemyOutOfSupply => "enemy out of supply",
            DrmKind::Amphibious => "amphibious assault (net, capped)",
            DrmKind::Event => "card event in force",
            DrmKind::SpecialRule => "scenario special rule (hooks.toml)",
        }
    }
}

/// One itemised DRM.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Drm {
    pub kind: DrmKind,
    pub value: i8,
    /// The general whose rating this is (ratings and screening).
    pub general: Option<GeneralId>,
}

/// One CRT result (FtP 7.10): SP lost, and the asterisk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrtResult {
    pub loss: u8,
    pub star: bool,
}

/// Why the winner won (FtP 7.3.2, 7.3.4, 6.8.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WinRule {
    /// The side that suffered the larger CRT result lost (7.3.2).
    LargerResult,
    /// Equal results: the defender wins (7.3.2).
    TieToDefender,
    /// Equal results with the asterisk outside resource centers and capitals (7.3.2, 7.10).
    TieAsterisk,
    /// Equal results, the defender an ungarrisoned fort, the attacker has survivors (6.8.1).
    TieUngarrisonedFort,
    /// Both eliminated: the larger CRT result wins and keeps 1 SP (7.3.4).
    BothEliminatedLarger,
    /// Both eliminated, equal results, valid asterisk: the attacker wins, keeps 1 SP (7.3.4).
    BothEliminatedAsterisk,
    /// Both eliminated, equal plain results: both keep 1 SP, the attacker is defeated (7.3.4).
    BothEliminatedTie,
}

impl WinRule {
    pub fn rule(self) -> &'static str {
        match self {
            WinRule::LargerResult | WinRule::TieToDefender | WinRule::TieAsterisk => "FtP 7.3.2",
            WinRule::TieUngarrisonedFort => "FtP 6.8.1",
            WinRule::BothEliminatedLarger | WinRule::BothEliminatedAsterisk | WinRule::BothEliminatedTie => "FtP 7.3.4",
        }
    }
}

/// What happens to the space and the forces after the losses (FtP 7.3.2, 7.3.3, 6.4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aftermath {
    /// The attacker won and holds the space; the defender's survivors (if any) retreat (7.3.2).
    AttackerHolds,
    /// The defender won and holds the space; the attacker's survivors (if any) retreat (7.3.2).
    DefenderHolds,
    /// The attacker won but was wiped out: the defender does not retreat and stays (7.3.3).
    AttackerWonWipedOut,
    /// The defender won but was wiped out in a fort: the fort holds, the attacker retreats (7.3.3 A).
    FortHolds,
    /// The defender won but was wiped out, no fort, a defending general: the attacker occupies
    /// the space and ends its move (7.3.3 B).
    AttackerOccupiesStops,
    /// The defender won but was wiped out, no fort, no defending general: the attacker occupies
    /// the space and may continue with enough SP (7.3.3 C).
    AttackerOccupies,
    /// A Union amphibious assault on a fort-less space lost although the defender was wiped
    /// out: the Union returns to its origin and does not take the space (6.4.2).
    AmphibiousRepulsed,
}

impl Aftermath {
    pub fn rule(self) -> &'static str {
        match self {
            Aftermath::AttackerHolds | Aftermath::DefenderHolds => "FtP 7.3.2",
            Aftermath::AttackerWonWipedOut => "FtP 7.3.3",
            Aftermath::FortHolds => "FtP 7.3.3 A",
            Aftermath::AttackerOccupiesStops => "FtP 7.3.3 B",
            Aftermath::AttackerOccupies => "FtP 7.3.3 C",
            Aftermath::AmphibiousRepulsed => "FtP 6.4.2",
        }
    }
}

/// A side's leader-casualty check (FtP 7.7).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderCheck {
    pub roll: u8,
    /// A general is lost on a roll of this or less (3 for the side that rolled the 10, else 1).
    pub loses_on: u8,
    /// The generals who could be picked (7.7: an army commander only if alone or by event).
    pub eligible: Vec<GeneralId>,
    pub killed: Option<GeneralId>,
}

/// One side's part of the report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideReport {
    pub side: Side,
    pub sp_before: u8,
    pub drms: Vec<Drm>,
    pub drm_total: i8,
    pub roll: u8,
    /// Roll + DRM (before the clamp to the CRT rows).
    pub modified: i8,
    /// The CRT result this side SUFFERED (read with the enemy's modified roll).
    pub crt: CrtResult,
    /// The most this side can lose to the enemy's cap (2x the enemy's SP, 1 for a 0-SP fort).
    pub cap: u16,
    pub sp_lost: u8,
    /// SP left after losses and 7.3.4 (both eliminated: 1 for the kept side).
    pub sp_after: u8,
    /// One elite unit must be eliminated (7.5.1, 7.8.2); not an SP loss.
    pub elite_lost: bool,
    /// The leader-casualty check, when this side made one.
    pub leader_check: Option<LeaderCheck>,
}

/// Everything the log and the app need about one battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleReport {
    pub size: BattleSize,
    pub attacker: SideReport,
    pub defender: SideReport,
    pub winner: Role,
    pub win_rule: WinRule,
    pub aftermath: Aftermath,
    /// Who holds the space after the battle (None: nobody, 6.4.2).
    pub holder: Option<Role>,
    /// Who must retreat now (7.6), if it has SP left.
    pub retreating: Option<Role>,
    /// The attacker may continue its move (5.7.3, 7.3.2, 7.3.3 C, 7.7.4).
    pub attacker_may_continue: bool,
    /// Someone's modified roll triggered leader casualties (7.7).
    pub leader_casualties: bool,
}

impl BattleReport {
    pub fn side(&self, r: Role) -> &SideReport {
        match r {
            Role::Attacker => &self.attacker,
            Role::Defender => &self.defender,
        }
    }
    pub fn loser(&self) -> Role {
        self.winner.other()
    }
}

// ============================================================================================
// Battle size, ratings, DRMs
// ============================================================================================

/// FtP 7.3.1: the size from both sides' SP together (a fort counts 0).
pub fn battle_size(t: &BattleTable, total_sp: u16) -> BattleSize {
    if total_sp <= t.small_max_sp {
        BattleSize::Small
    } else if total_sp >= t.large_min_sp {
        BattleSize::Large
    } else {
        BattleSize::Medium
    }
}

/// FtP 7.4.1: the attacker uses offense, the defender defense.
pub fn rating(c: &Content, g: GeneralId, role: Role) -> u8 {
    let d = &c.generals[g as usize];
    match role {
        Role::Attacker => d.offense,
        Role::Defender => d.defense,
    }
}

/// FtP 7.4.1: the generals of a non-army defending force that may command it (the highest
/// political rating); more than one means the owner chooses (ES) or a die decides (IT).
pub fn defending_commander_candidates(c: &Content, generals: &[GeneralId]) -> Vec<GeneralId> {
    let best = generals.iter().map(|&g| c.generals[g as usize].political).max();
    generals.iter().copied().filter(|&g| Some(c.generals[g as usize].political) == best).collect()
}

/// The commander whose rating a force uses (7.4.1, 7.4.4) and his rating; an army without a
/// general uses the generic commander (5.2.8).
fn commander_rating(c: &Content, f: &Force, role: Role) -> (Option<GeneralId>, u8) {
    if let Some(g) = f.commander {
        if f.is_army() || !f.is_cav(g) || f.generals().count() == 1 {
            return (Some(g), rating(c, g, role));
        }
        // FtP 7.4.4: a cavalry general's rating only if he is the only general present.
        return (None, 0);
    }
    if f.is_army() {
        let r = match role {
            Role::Attacker => c.generic_commander.offense,
            Role::Defender => c.generic_commander.defense,
        };
        return (None, r);
    }
    // FtP 7.4.4: a lone cavalry general's rating may be used.
    let mut gs = f.generals();
    match (gs.next(), gs.next()) {
        (Some(g), None) if f.is_cav(g) => (Some(g), rating(c, g, role)),
        _ => (None, 0),
    }
}

/// FtP 7.5.2: an army without a cavalry brigade, in army vs army only, has its commander's
/// rating cut by 2 (never below 0). Returns the (negative or 0) screening DRM.
fn screening(t: &BattleTable, f: &Force, foe: &Force, commander: u8) -> i8 {
    if f.is_army() && foe.is_army() && !f.has_cavalry() { t.no_cavalry_screen.max(-(commander as i8)) } else { 0 }
}

/// FtP 7.4.2 / 7.4.3: how many subordinates an army adds.
fn subordinate_count(c: &Content, t: &BattleTable, f: &Force, role: Role, foe: &Force) -> usize {
    if !f.is_army() {
        return 0; // FtP 7.4.4
    }
    if !foe.is_army() || f.side == Side::Csa {
        return 2; // FtP 7.4.3, 7.4.2 C
    }
    // FtP 7.4.2 A / B: compare the screened commanders' ratings.
    let mine = commander_rating(c, f, role).1;
    let theirs = commander_rating(c, foe, role.other()).1;
    let mine = mine as i8 + screening(t, f, foe, mine);
    let theirs = theirs as i8 + screening(t, foe, f, theirs);
    if mine >= theirs { 2 } else { 1 }
}

/// FtP 7.4.2 / 7.4.3: the best `n` subordinates, at most one of them a cavalry brigade.
fn pick_subordinates(c: &Content, f: &Force, role: Role, commander: Option<GeneralId>, n: usize) -> Vec<GeneralId> {
    let mut cands: Vec<GeneralId> = f.generals().filter(|&g| Some(g) != commander && Some(g) != f.commander).collect();
    cands.sort_by_key(|&g| std::cmp::Reverse(rating(c, g, role))); // stable: ties keep order
    let mut out = Vec::with_capacity(n);
    let mut cavalry = false;
    for g in cands {
        if out.len() == n {
            break;
        }
        let cav = f.is_cav(g);
        if cav && cavalry {
            continue;
        }
        cavalry |= cav;
        out.push(g);
    }
    out
}

/// FtP 7.4: the rating DRMs of one side (commander, screening, subordinates).
pub fn rating_drms(c: &Content, t: &BattleTable, f: &Force, role: Role, foe: &Force) -> Vec<Drm> {
    let mut out = Vec::new();
    let (cmd, r) = commander_rating(c, f, role);
    if cmd.is_some() || f.is_army() {
        out.push(Drm { kind: DrmKind::Commander, value: r as i8, general: cmd });
    }
    let s = screening(t, f, foe, r);
    if s != 0 {
        out.push(Drm { kind: DrmKind::CavalryScreening, value: s, general: cmd });
    }
    let n = subordinate_count(c, t, f, role, foe);
    for g in pick_subordinates(c, f, role, cmd, n) {
        out.push(Drm { kind: DrmKind::Subordinate, value: rating(c, g, role) as i8, general: Some(g) });
    }
    out
}

/// FtP 7.5.3: the force-ratio DRM of the larger side, as (role, drm); an ungarrisoned fort
/// attacked gives the attacker its fixed DRM instead (6.8.1).
pub fn force_ratio(t: &BattleTable, att_sp: u8, def_sp: u8, fort: bool) -> Option<(Role, DrmKind, i8)> {
    if def_sp == 0 && fort {
        return Some((Role::Attacker, DrmKind::UngarrisonedFort, t.ungarrisoned_fort_drm));
    }
    let (big, small, role) = if att_sp >= def_sp { (att_sp, def_sp, Role::Attacker) } else { (def_sp, att_sp, Role::Defender) };
    if small == 0 {
        return None;
    }
    t.force_ratio
        .iter()
        .find(|s| big as u16 >= s.ratio as u16 * small as u16)
        .map(|s| (role, DrmKind::ForceRatio, s.drm))
}

/// FtP 6.4.1: the net amphibious DRM, capped, as (role, drm).
pub fn amphibious_net(t: &BattleTable, a: &Amphibious, fort: bool) -> Option<(Role, i8)> {
    let d = &t.amphibious_defense;
    let union = a.track as i8 + if a.foote_or_porter { t.amphibious_event_drm } else { 0 };
    let csa = [(fort, d.fort), (a.ironclad, d.ironclad), (a.torpedo, d.torpedo), (a.hunley, d.hunley)]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, v)| *v)
        .sum::<i8>();
    let net = union - csa;
    match net {
        0 => None,
        n if n > 0 => Some((Role::Attacker, n.min(t.amphibious_cap))),
        n => Some((Role::Defender, (-n).min(t.amphibious_cap))),
    }
}

/// FtP 7.5: every DRM of both sides, itemised: `[attacker, defender]`.
pub fn drms(c: &Content, t: &BattleTable, att: &Force, def: &Force, field: &Field) -> [Vec<Drm>; 2] {
    let mut a = rating_drms(c, t, att, Role::Attacker, def);
    let mut d = rating_drms(c, t, def, Role::Defender, att);
    let item = |kind, value| Drm { kind, value, general: None };
    // FtP 5.8.3: a successful interceptor defends with +2.
    if def.interceptor {
        d.push(item(DrmKind::Interception, t.interception_drm));
    }
    match &field.amphibious {
        // FtP 6.4.1, 6.8.7: the fort's +2 is inside the amphibious netting.
        Some(amph) => {
            if let Some((role, v)) = amphibious_net(t, amph, field.fort) {
                let to = if role == Role::Attacker { &mut a } else { &mut d };
                to.push(item(DrmKind::Amphibious, v));
            }
        }
        // FtP 6.8.7: a garrisoned fort gives the defender +2 in a land battle.
        None => {
            if field.fort && def.sp > 0 {
                d.push(item(DrmKind::Fort, t.fort_drm));
            }
        }
    }
    // FtP 7.5.1: +1 per elite unit used.
    for (f, to) in [(att, &mut a), (def, &mut d)] {
        if f.elite_used > 0 {
            to.push(item(DrmKind::Elite, f.elite_used as i8));
        }
    }
    // FtP 7.5.3, 6.8.1.
    if let Some((role, kind, v)) = force_ratio(t, att.sp, def.sp, field.fort) {
        let to = if role == Role::Attacker { &mut a } else { &mut d };
        to.push(item(kind, v));
    }
    // FtP 8.3, 7.5: +2 against an out-of-supply opponent (both sides may get it).
    if def.out_of_supply {
        a.push(item(DrmKind::EnemyOutOfSupply, t.out_of_supply_drm));
    }
    if att.out_of_supply {
        d.push(item(DrmKind::EnemyOutOfSupply, t.out_of_supply_drm));
    }
    // FtP 4.2: the DRMs of card events in force.
    for (v, to) in [(field.event_drm[0], &mut a), (field.event_drm[1], &mut d)] {
        if v != 0 {
            to.push(item(DrmKind::Event, v));
        }
    }
    if field.rules_drm != 0 {
        a.push(item(DrmKind::SpecialRule, field.rules_drm));
    }
    [a, d]
}

// ============================================================================================
// CRT, caps, winner
// ============================================================================================

fn block(c: &Content, size: BattleSize) -> &CrtBlock {
    match size {
        BattleSize::Small => &c.crt.small,
        BattleSize::Medium => &c.crt.medium,
        BattleSize::Large => &c.crt.large,
    }
}

/// FtP 7.9, 7.10: the CRT result a modified roll of `by` inflicts on the other side: the
/// attacker's roll is read in the defender-loss column, the defender's in the attacker-loss
/// column. Rows are clamped to 1..=10 (\[INTERP\] `crt-clamp`).
pub fn crt_result(c: &Content, size: BattleSize, by: Role, modified: i8) -> CrtResult {
    let row = (modified.clamp(1, 10) - 1) as usize;
    let b = block(c, size);
    let cell: CrtCell = match by {
        Role::Attacker => b.defender_loss[row],
        Role::Defender => b.attacker_loss[row],
    };
    CrtResult { loss: cell.loss, star: cell.star }
}

/// FtP 7.3.1, 7.8.1: the most a force of `sp` SP can inflict: 2x its SP, or 1 for a 0-SP force.
pub fn loss_cap(t: &BattleTable, sp: u8) -> u16 {
    if sp == 0 { t.zero_sp_max_loss as u16 } else { t.loss_cap_multiple as u16 * sp as u16 }
}

/// FtP 7.3.1, 7.8.1: the SP each side actually loses, `(attacker, defender)`: the CRT result,
/// capped by 2x the enemy's SP (1 for a 0-SP enemy) and by the SP it has.
pub fn losses(t: &BattleTable, att_sp: u8, def_sp: u8, att_suffered: CrtResult, def_suffered: CrtResult) -> (u8, u8) {
    let att = (att_suffered.loss as u16).min(loss_cap(t, def_sp)).min(att_sp as u16) as u8;
    let def = (def_suffered.loss as u16).min(loss_cap(t, att_sp)).min(def_sp as u16) as u8;
    (att, def)
}

/// The asterisk counts (7.10): not in resource-center or capital spaces.
fn asterisk_counts(field: &Field, cell: CrtResult) -> bool {
    cell.star && !field.resource_center && !field.capital
}

/// The decision after losses: winner, SP kept, who holds and who retreats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub winner: Role,
    pub win_rule: WinRule,
    pub aftermath: Aftermath,
    pub attacker_after: u8,
    pub defender_after: u8,
    pub holder: Option<Role>,
    pub retreating: Option<Role>,
    /// Before leader casualties (7.7.4 may still stop the attacker).
    pub attacker_may_continue: bool,
}

/// FtP 5.7.3, 7.3.2: a winning attacking army or corps with at least double the loser's SP
/// may continue; `strict` = more than double (the 7.3.3 C option).
fn may_continue(att: &Force, def_sp: u8, field: &Field, strict: bool) -> bool {
    let big = att.sp as u16 >= 2 * def_sp as u16 && (!strict || att.sp as u16 > 2 * def_sp as u16);
    // FtP 6.4.2: a winning amphibious assault ends its move in the space.
    matches!(att.kind, ForceKind::Army | ForceKind::Corps) && big && field.amphibious.is_none()
}

/// FtP 7.3.2-7.3.4, 6.4.2, 6.8.1: decide the battle from the two CRT results (`att_suffered`
/// = the result read against the attacker) and the capped SP losses.
#[allow(clippy::too_many_arguments)]
pub fn decide(
    o: &BattleOptions,
    att: &Force,
    def: &Force,
    field: &Field,
    att_suffered: CrtResult,
    def_suffered: CrtResult,
    att_lost: u8,
    def_lost: u8,
) -> Decision {
    let att_left = att.sp - att_lost;
    let def_left = def.sp - def_lost;
    let star = asterisk_counts(field, def_suffered);
    let ungarrisoned = def.sp == 0 && field.fort;
    // FtP 7.3.4: both eliminated (a fort keeps its defender alive at 0 SP, note 18).
    if att_left == 0 && def_left == 0 && !field.fort && def.sp > 0 {
        let (winner, rule) = if def_suffered.loss > att_suffered.loss {
            (Role::Attacker, WinRule::BothEliminatedLarger)
        } else if def_suffered.loss < att_suffered.loss {
            (Role::Defender, WinRule::BothEliminatedLarger)
        } else if star {
            (Role::Attacker, WinRule::BothEliminatedAsterisk)
        } else {
            (Role::Defender, WinRule::BothEliminatedTie)
        };
        let mut d = Decision {
            winner,
            win_rule: rule,
            aftermath: if winner == Role::Attacker { Aftermath::AttackerHolds } else { Aftermath::DefenderHolds },
            attacker_after: 0,
            defender_after: 0,
            holder: Some(winner),
            retreating: None,
            attacker_may_continue: false,
        };
        match rule {
            WinRule::BothEliminatedTie => {
                d.attacker_after = 1;
                d.defender_after = 1;
                d.retreating = Some(Role::Attacker);
            }
            _ if winner == Role::Attacker => {
                d.attacker_after = 1;
                // FtP 6.4.2: a winning amphibious assault stays; else 5.7.3.
                d.attacker_may_continue = may_continue(att, def.sp, field, false);
            }
            _ => d.defender_after = 1,
        }
        return d;
    }
    // FtP 7.3.2: the side that suffered the larger CRT result loses; ties to the defender
    // unless the asterisk counts or the defender is an ungarrisoned fort (6.8.1).
    let (winner, win_rule) = if def_suffered.loss > att_suffered.loss {
        (Role::Attacker, WinRule::LargerResult)
    } else if def_suffered.loss < att_suffered.loss {
        (Role::Defender, WinRule::LargerResult)
    } else if star {
        (Role::Attacker, WinRule::TieAsterisk)
    } else if ungarrisoned && att_left > 0 {
        (Role::Attacker, WinRule::TieUngarrisonedFort)
    } else {
        (Role::Defender, WinRule::TieToDefender)
    };
    let mut d = Decision {
        winner,
        win_rule,
        aftermath: Aftermath::AttackerHolds,
        attacker_after: att_left,
        defender_after: def_left,
        holder: Some(winner),
        retreating: None,
        attacker_may_continue: false,
    };
    let strict = o.continue_rule == ContinueRule::MoreThanDouble;
    match winner {
        Role::Attacker if att_left == 0 => {
            // FtP 7.3.3: the attacker won but is wiped out; the defender stays (and the CSA
            // keeps an ungarrisoned coastal fort).
            d.aftermath = Aftermath::AttackerWonWipedOut;
            d.holder = Some(Role::Defender);
        }
        Role::Attacker => {
            d.aftermath = Aftermath::AttackerHolds;
            d.retreating = (def_left > 0).then_some(Role::Defender);
            d.attacker_may_continue = may_continue(att, def.sp, field, false);
        }
        Role::Defender if def_left > 0 || att_left == 0 => {
            d.aftermath = Aftermath::DefenderHolds;
            d.retreating = (att_left > 0).then_some(Role::Attacker);
        }
        Role::Defender if field.fort => {
            // FtP 7.3.3 A: the fort holds; the attacker retreats.
            d.aftermath = Aftermath::FortHolds;
            d.retreating = Some(Role::Attacker);
        }
        Role::Defender if field.amphibious.is_some() => {
            // FtP 6.4.2 (overrides 7.3.3): the Union returns to its origin.
            d.aftermath = Aftermath::AmphibiousRepulsed;
            d.holder = None;
            d.retreating = Some(Role::Attacker);
        }
        Role::Defender if def.has_general() => {
            // FtP 7.3.3 B.
            d.aftermath = Aftermath::AttackerOccupiesStops;
            d.holder = Some(Role::Attacker);
        }
        Role::Defender => {
            // FtP 7.3.3 C.
            d.aftermath = Aftermath::AttackerOccupies;
            d.holder = Some(Role::Attacker);
            d.attacker_may_continue = may_continue(att, def.sp, field, strict);
        }
    }
    d
}

// ============================================================================================
// Leader casualties
// ============================================================================================

/// FtP 7.7: did this modified roll trigger leader casualties?
pub fn triggers_leader_casualties(r: &BattleRules, modified: i8) -> bool {
    match r.options.leader_trigger {
        LeaderTrigger::TenOrMore => modified >= r.table.leader_casualty_roll,
        LeaderTrigger::ExactlyTen => modified == r.table.leader_casualty_roll,
    }
}

/// FtP 7.7.1 / 7.7.2: whether each side makes a check at all: `[attacker, defender]`.
pub fn leader_check_sides(att: &Force, def: &Force) -> [bool; 2] {
    let poor_attack = def.sp as u16 >= 3 * att.sp as u16; // 1:3 or worse
    let strong_attack = att.sp as u16 >= 3 * def.sp as u16; // 3:1 or better
    [!(strong_attack || def.out_of_supply), !(poor_attack || att.out_of_supply)]
}

/// FtP 7.7, 7.7.3: the generals of a force who may be a casualty. An army commander only if he
/// is the only general present or the battle comes from a concentration event; a corps'
/// commander too by edition (ES "(no un cuerpo)": eligible; IT 7.73 "il generale al comando").
/// "The only general in the battle" (a reading, option `only-general`): of his side (default), or
/// of both sides (`enemy_generals`, the other force's, count too).
pub fn eligible_casualties(o: &BattleOptions, f: &Force, enemy_generals: usize, field: &Field) -> Vec<GeneralId> {
    let all: Vec<GeneralId> = f.generals().collect();
    let in_battle = all.len() + if o.only_general_both_sides { enemy_generals } else { 0 };
    if (f.is_army() || o.corps_commander_exempt) && in_battle > 1 && !field.concentration_event {
        all.into_iter().filter(|&g| Some(g) != f.commander).collect()
    } else {
        all
    }
}

fn leader_check(r: &BattleRules, f: &Force, enemy: &Force, field: &Field, rolled_ten: bool, dice: &mut dyn Dice) -> Option<LeaderCheck> {
    let eligible = eligible_casualties(&r.options, f, enemy.generals().count(), field);
    if eligible.is_empty() {
        return None;
    }
    // FtP 7.7.3: 1-3 for the side that rolled the 10, 1 for the other.
    let loses_on = if rolled_ten { r.table.leader_loss_if_rolled_10 } else { r.table.leader_loss_otherwise };
    let roll = dice.d6();
    let killed = (roll <= loses_on).then(|| {
        // FtP 7.7.3: the victim is picked at random.
        if eligible.len() == 1 { eligible[0] } else { eligible[dice.pick(eligible.len())] }
    });
    Some(LeaderCheck { roll, loses_on, eligible, killed })
}

// ============================================================================================
// Resolution
// ============================================================================================

/// Fight a battle (FtP 7.3-7.8). `att` is the moving force, `def` the force in the space.
pub fn resolve(c: &Content, r: &BattleRules, att: &Force, def: &Force, field: &Field, dice: &mut dyn Dice) -> BattleReport {
    let t = &r.table;
    // FtP 7.3.1 A.
    let size = battle_size(t, att.sp as u16 + def.sp as u16);
    // FtP 7.3.1 B, 7.5.
    let [da, dd] = drms(c, t, att, def, field);
    let total = |v: &[Drm]| v.iter().map(|d| d.value as i16).sum::<i16>().clamp(-100, 100) as i8;
    let (ta, td) = (total(&da), total(&dd));
    // FtP 7.3.1 C: each side rolls 1d6 and adds its DRM.
    let (ra, rd) = (dice.d6(), dice.d6());
    let (ma, md) = (ra as i8 + ta, rd as i8 + td);
    let def_suffered = crt_result(c, size, Role::Attacker, ma);
    let att_suffered = crt_result(c, size, Role::Defender, md);
    let (cap_on_att, cap_on_def) = (loss_cap(t, def.sp), loss_cap(t, att.sp));
    let (att_lost, def_lost) = losses(t, att.sp, def.sp, att_suffered, def_suffered);
    let dec = decide(&r.options, att, def, field, att_suffered, def_suffered, att_lost, def_lost);
    // FtP 7.7: leader casualties.
    let (ten_a, ten_d) = (triggers_leader_casualties(r, ma), triggers_leader_casualties(r, md));
    let mut checks = [None, None];
    if ten_a || ten_d {
        let [ca, cd] = leader_check_sides(att, def);
        if ca {
            checks[0] = leader_check(r, att, def, field, ten_a, dice);
        }
        if cd {
            checks[1] = leader_check(r, def, att, field, ten_d, dice);
        }
    }
    // FtP 7.7.4: an army whose commander, or a corps whose active general, is killed ends its move.
    let att_cmd_killed = att.commander.is_some() && checks[0].as_ref().and_then(|k| k.killed) == att.commander;
    let stop = att_cmd_killed && matches!(att.kind, ForceKind::Army | ForceKind::Corps);
    // FtP 7.5.1, 7.8.2: a force that used elite units and lost enough SP loses one of them.
    let elite = |f: &Force, lost: u8| f.elite_used > 0 && lost >= r.options.elite_loss_threshold;
    let [ka, kd] = checks;
    BattleReport {
        size,
        attacker: SideReport {
            side: att.side,
            sp_before: att.sp,
            drms: da,
            drm_total: ta,
            roll: ra,
            modified: ma,
            crt: att_suffered,
            cap: cap_on_att,
            sp_lost: att_lost,
            sp_after: dec.attacker_after,
            elite_lost: elite(att, att_lost),
            leader_check: ka,
        },
        defender: SideReport {
            side: def.side,
            sp_before: def.sp,
            drms: dd,
            drm_total: td,
            roll: rd,
            modified: md,
            crt: def_suffered,
            cap: cap_on_def,
            sp_lost: def_lost,
            sp_after: dec.defender_after,
            elite_lost: elite(def, def_lost),
            leader_check: kd,
        },
        winner: dec.winner,
        win_rule: dec.win_rule,
        aftermath: dec.aftermath,
        holder: dec.holder,
        retreating: dec.retreating,
        attacker_may_continue: dec.attacker_may_continue && !stop,
        leader_casualties: ten_a || ten_d,
    }
}

// ============================================================================================
// Entering an enemy space (FtP 5.7.2, 5.7.4, 6.8.1, 7.1)
// ============================================================================================

/// What entering a space with enemy units leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Entry {
    /// FtP 7.1: a battle (after any retreat before battle, 7.2).
    Battle,
    /// FtP 5.7.2: 10:1 or more and no fort: no battle; the defender may still retreat before
    /// battle, otherwise it is eliminated and the mover may continue. Counts as a win for the
    /// Emancipation Proclamation.
    Overrun,
    /// FtP 5.7.2, 6.8.1: only an ungarrisoned fort, entered by land: a fort counter is removed,
    /// a coastal fort captured; no battle, the mover may continue. Counts as a medium-battle win
    /// for the Emancipation Proclamation.
    FortTaken,
    /// FtP 5.7.4, 7.2.5: only enemy generals: they go to the turn track; no battle.
    GeneralsOnly,
}

/// FtP 5.7.2, 5.7.4, 6.8.1, 7.1: what a moving force of `mover_sp` SP entering a space with
/// `enemy_sp` enemy SP (and maybe an enemy `fort`) leads to. An amphibious assault on an
/// ungarrisoned fort is a battle (the fort counts as 0 SP, 6.8.1). Only the mover's overrun is
/// considered (the rules do not say what a 10:1 defender does).
pub fn entry(t: &BattleTable, mover_sp: u8, enemy_sp: u8, fort: bool, amphibious: bool) -> Entry {
    match (enemy_sp, fort) {
        (0, false) => Entry::GeneralsOnly,
        (0, true) if !amphibious => Entry::FortTaken,
        (_, false) if mover_sp as u16 >= t.overrun_ratio as u16 * enemy_sp as u16 => Entry::Overrun,
        _ => Entry::Battle,
    }
}

// ============================================================================================
// Retreat before battle (FtP 7.2)
// ============================================================================================

/// Why a retreat before battle is automatic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AutoRetreat {
    /// FtP 7.2.1: a space held only by a cavalry brigade.
    LoneCavalry,
    /// FtP 7.2.2: an army or corps beaten during the current enemy move.
    Beaten,
}

/// FtP 7.2: may the defender retreat before battle, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RetreatBeforeBattle {
    /// No retreat before battle: a successful interceptor (5.8.3), or a force with neither an
    /// army/corps nor a cavalry brigade (7.2.3).
    NotAllowed,
    Automatic(AutoRetreat),
    /// FtP 7.2.3: succeeds when 1d6 + `drm` <= `rating` (the commander's defense; -2 with a
    /// cavalry brigade).
    Roll { general: Option<GeneralId>, rating: u8, drm: i8 },
}

/// A discretionary retreat roll (FtP 7.2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatRoll {
    pub roll: u8,
    pub modified: i8,
    pub success: bool,
}

/// FtP 7.2.1-7.2.3: the defender's retreat-before-battle eligibility.
pub fn retreat_before_battle(c: &Content, t: &BattleTable, def: &Force) -> RetreatBeforeBattle {
    if def.interceptor {
        return RetreatBeforeBattle::NotAllowed; // FtP 5.8.3: the battle is immediate
    }
    let cavalry = def.has_cavalry();
    match def.kind {
        // FtP 7.2.1: only a cavalry brigade in the space.
        ForceKind::CavalryBrigade => RetreatBeforeBattle::Automatic(AutoRetreat::LoneCavalry),
        // FtP 7.2.2.
        ForceKind::Army | ForceKind::Corps if def.beaten_this_move => RetreatBeforeBattle::Automatic(AutoRetreat::Beaten),
        // FtP 7.2.3: the commander's defense, -2 to the roll with a cavalry brigade; a brigade
        // stacked with infantry SP (no other general) uses the cavalry general's defense.
        ForceKind::Army | ForceKind::Corps | ForceKind::Division if def.kind != ForceKind::Division || cavalry => {
            let (general, rating) = commander_rating(c, def, Role::Defender);
            let drm = if cavalry { t.retreat_before_battle_cavalry_drm } else { 0 };
            if def.kind == ForceKind::Division && general.is_none() {
                return RetreatBeforeBattle::NotAllowed;
            }
            RetreatBeforeBattle::Roll { general, rating, drm }
        }
        _ => RetreatBeforeBattle::NotAllowed,
    }
}

/// FtP 7.2.3: roll a discretionary retreat (None when no roll is made).
pub fn roll_retreat_before_battle(rbb: RetreatBeforeBattle, dice: &mut dyn Dice) -> Option<RetreatRoll> {
    match rbb {
        RetreatBeforeBattle::Roll { rating, drm, .. } => {
            let roll = dice.d6();
            let modified = roll as i8 + drm;
            Some(RetreatRoll { roll, modified, success: modified <= rating as i8 })
        }
        _ => None,
    }
}

// ============================================================================================
// Retreats (FtP 7.6)
// ============================================================================================

/// The map facts retreats need, answered by the game for the retreating `side`.
pub trait RetreatMap {
    /// The spaces a land retreat from `from` may enter (one link away; the caller leaves out
    /// links no retreat may use, e.g. the dashed links of 5.10 before battle).
    fn neighbors(&self, from: SpaceId) -> Vec<SpaceId>;
    /// Who controls the space (None: neutral).
    fn controller(&self, s: SpaceId) -> Option<Side>;
    /// The space carries a PC marker of the enemy of `side` (the 1-SP penalty, 7.6.1).
    fn enemy_pc(&self, s: SpaceId, side: Side) -> bool;
    /// The space holds SP of the enemy of `side`.
    fn enemy_sp(&self, s: SpaceId, side: Side) -> bool;
    /// The space holds a fort of the enemy of `side`.
    fn enemy_fort(&self, s: SpaceId, side: Side) -> bool;
    /// `side` can trace a LOC to the space (8.1).
    fn loc(&self, s: SpaceId, side: Side) -> bool;
    /// The link crosses a navigable river under Union Naval Control (7.6.1: not for the CSA).
    fn crosses_unc_river(&self, from: SpaceId, to: SpaceId) -> bool;
    /// The valid Union naval retreats from `from` (7.6.2; empty when `from` is no port). The
    /// movement rules compute them by the edition's rule (ES: Union ports with a LOC in original
    /// Union states, river routes by 6.2, no ironclad or fort on the way; IT 7.62: Union-PC
    /// spaces or friendly ports of non-border Union states, none past an enemy fort).
    fn naval_retreats(&self, from: SpaceId) -> Vec<SpaceId>;
    /// The space carries a PC marker of `side` itself. Read only for the Italian naval-retreat
    /// rule (IT 7.62); a game offering the Italian edition must override both methods below
    /// (the defaults keep the Spanish behaviour, which never asks).
    fn own_pc(&self, s: SpaceId, side: Side) -> bool {
        self.controller(s) == Some(side)
    }
    /// The space is a port of an original CSA state (IT 7.62; see [`RetreatMap::own_pc`]).
    fn original_csa_port(&self, _s: SpaceId) -> bool {
        false
    }
}

/// One legal retreat destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatChoice {
    pub space: SpaceId,
    /// Priority level, 1 = best (7.6.1; IT 7.61 has two levels).
    pub level: u8,
    /// By sea (7.6.2).
    pub naval: bool,
    /// Ending there costs 1 extra SP after the retreat (7.6.1), after merging with friendly
    /// forces there.
    pub extra_loss: bool,
}

/// The legal retreat destinations in priority order, and who picks among the best ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatOptions {
    pub choices: Vec<RetreatChoice>,
    /// Who chooses among the equal best choices (7.6.1: the winner at levels 5-6).
    pub chooser: Role,
}

impl RetreatOptions {
    /// The choices the chooser may pick from (all of the best level).
    pub fn best(&self) -> &[RetreatChoice] {
        let n = self.choices.iter().take_while(|c| Some(c.level) == self.choices.first().map(|f| f.level)).count();
        &self.choices[..n]
    }
    /// No legal retreat: the force surrenders (7.6.3).
    pub fn surrender(&self) -> bool {
        self.choices.is_empty()
    }
}

/// FtP 7.6.1: the attacker always retreats to the space it attacked from (an amphibious
/// attacker to its origin), losing 1 extra SP if that space is enemy-controlled.
pub fn attacker_retreat(map: &dyn RetreatMap, side: Side, origin: SpaceId) -> RetreatChoice {
    let enemy = map.controller(origin).is_some_and(|s| s != side);
    RetreatChoice { space: origin, level: 1, naval: false, extra_loss: enemy }
}

/// FtP 7.6.1 / 7.6.2: the defender's legal retreats from `from`, ranked.
/// Never into the attacker's origin, a space with enemy SP or an enemy fort; the CSA never
/// across a navigable river under UNC; a valid Union naval retreat is a level-1 choice.
pub fn defender_retreats(o: &BattleOptions, map: &dyn RetreatMap, side: Side, from: SpaceId, attacker_origin: SpaceId) -> RetreatOptions {
    let mut choices: Vec<RetreatChoice> = Vec::new();
    let mut land_levels: Vec<(SpaceId, Option<Side>, bool)> = Vec::new();
    for s in map.neighbors(from) {
        if s == attacker_origin || map.enemy_sp(s, side) || map.enemy_fort(s, side) {
            continue;
        }
        if !o.retreat_into_enemy_pc && map.enemy_pc(s, side) {
            continue;
        }
        if side == Side::Csa && map.crosses_unc_river(from, s) {
            continue;
        }
        // IT 7.62: from a port of an original CSA state the Union only retreats onto its own PCs.
        if side == Side::Union && o.naval_retreat == NavalRetreat::Italian && map.original_csa_port(from) && !map.own_pc(s, side) {
            continue;
        }
        land_levels.push((s, map.controller(s), map.loc(s, side)));
    }
    let own = |ctl: Option<Side>| ctl == Some(side);
    let enemy = |ctl: Option<Side>| ctl.is_some_and(|c| c != side);
    for &(s, ctl, loc) in &land_levels {
        let level = match o.defender_retreat {
            // FtP 7.6.1 (ES living rules): the six priorities.
            DefenderRetreat::SixPriorities => match (own(ctl), enemy(ctl), loc) {
                (true, _, true) => 1,
                (false, false, true) => 2,
                (true, _, false) => 3,
                (false, false, false) => 4,
                (_, true, true) => 5,
                (_, true, false) => 6,
            },
            // IT 7.61: an own-controlled space with a LOC first, else any other legal space.
            DefenderRetreat::Simple => {
                if own(ctl) && loc {
                    1
                } else {
                    2
                }
            }
        };
        choices.push(RetreatChoice { space: s, level, naval: false, extra_loss: map.enemy_pc(s, side) });
    }
    // FtP 7.6.2: a valid naval retreat counts as a level-1 choice (the CSA never retreats by sea).
    if side == Side::Union {
        for s in map.naval_retreats(from) {
            if s != attacker_origin && !choices.iter().any(|c| c.space == s && c.level == 1) {
                choices.retain(|c| c.space != s);
                choices.push(RetreatChoice { space: s, level: 1, naval: true, extra_loss: map.enemy_pc(s, side) });
            }
        }
    }
    choices.sort_by_key(|c| (c.level, c.space));
    let best = choices.first().map(|c| c.level);
    let chooser = match (o.defender_retreat, best) {
        // FtP 7.6.1: the winner picks among ties at levels 5-6.
        (DefenderRetreat::SixPriorities, Some(l)) if l >= 5 => Role::Attacker,
        // IT 7.61: the attacker picks when the defender must go into enemy-controlled space.
        (DefenderRetreat::Simple, Some(2)) if choices.iter().all(|c| enemy(map.controller(c.space))) => Role::Attacker,
        _ => Role::Defender,
    };
    RetreatOptions { choices, chooser }
}

/// FtP 7.2.4: where a defender may retreat before battle: an adjacent friendly-controlled or
/// neutral space other than the attacker's origin, without enemy SP; the Union also by sea
/// from a port (7.6.2).
pub fn retreat_before_battle_destinations(map: &dyn RetreatMap, side: Side, from: SpaceId, attacker_origin: SpaceId) -> Vec<RetreatChoice> {
    let mut out: Vec<RetreatChoice> = map
        .neighbors(from)
        .into_iter()
        .filter(|&s| s != attacker_origin && !map.enemy_sp(s, side) && map.controller(s).is_none_or(|c| c == side))
        .map(|s| RetreatChoice { space: s, level: 1, naval: false, extra_loss: false })
        .collect();
    if side == Side::Union {
        for s in map.naval_retreats(from) {
            if s != attacker_origin && !out.iter().any(|c| c.space == s) {
                out.push(RetreatChoice { space: s, level: 1, naval: true, extra_loss: false });
            }
        }
    }
    out.sort_by_key(|c| c.space);
    out
}

// ============================================================================================
// Tests: every battle example of the rules with forced dice, and each rule section.
// ============================================================================================

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    fn content() -> &'static Content {
        &crate::for_the_people::play_tests::game().c
    }

    fn rules() -> BattleRules {
        BattleRules::new(content(), BattleOptions::default()).expect("[battle] table")
    }

    fn g(id: &str) -> GeneralId {
        content().general(id).unwrap_or_else(|| panic!("no general `{id}`"))
    }

    fn force(side: Side, kind: ForceKind, sp: u8, cmd: Option<&str>, others: &[&str]) -> Force {
        let others: Vec<GeneralId> = others.iter().map(|x| g(x)).collect();
        Force::new(side, kind, sp, cmd.map(g), &others).with_cavalry(|x| content().generals[x as usize].cavalry)
    }

    fn fight(att: &Force, def: &Force, field: &Field, rolls: &[u8], picks: &[usize]) -> BattleReport {
        let mut dice = ScriptedDice::new(rolls, picks);
        let rep = resolve(content(), &rules(), att, def, field, &mut dice);
        assert!(dice.rolls.is_empty() && dice.picks.is_empty(), "unused scripted dice");
        rep
    }

    fn drm_of(v: &[Drm], kind: DrmKind) -> Vec<i8> {
        v.iter().filter(|d| d.kind == kind).map(|d| d.value).collect()
    }

    fn cell(loss: u8, star: bool) -> CrtResult {
        CrtResult { loss, star }
    }

    // ---- tables -------------------------------------------------------------------------

    #[test]
    fn battle_table_loads_and_sizes_fpt_7_3_1() {
        let r = rules();
        let t = &r.table;
        assert_eq!(battle_size(t, 5), BattleSize::Small);
        assert_eq!(battle_size(t, 6), BattleSize::Medium);
        assert_eq!(battle_size(t, 19), BattleSize::Medium);
        assert_eq!(battle_size(t, 20), BattleSize::Large);
        assert_eq!(t.force_ratio.first().map(|s| s.ratio), Some(5), "largest ratio first");
    }

    #[test]
    fn bad_battle_table_is_a_diagnostic_not_a_panic() {
        let mut c = content().clone();
        c.battle.remove("fort_drm");
        let e = BattleRules::new(&c, BattleOptions::default()).expect_err("missing key");
        assert_eq!(e.file, "game.toml");
        assert!(e.message.contains("fort_drm"), "{}", e.message);
        let mut c = content().clone();
        c.battle.insert("loss_cap_multiple".into(), toml::Value::String("two".into()));
        assert!(BattleRules::new(&c, BattleOptions::default()).is_err());
    }

    #[test]
    fn options_from_setup_fpt_7_3_3_7_7_7_6_1_7_8_2() {
        let c = content();
        let mut s = Setup::new("1861", 2, 1);
        assert_eq!(BattleOptions::from_setup(c, &s), BattleOptions::default());
        s.options.insert("edition".into(), "italian".into());
        s.options.insert("continue-after-defender-wiped".into(), "more-than-double".into());
        s.options.insert("leader-casualty-roll".into(), "exactly-ten".into());
        s.options.insert("retreat-into-enemy-pc".into(), "forbidden".into());
        assert!(!BattleOptions::from_setup(c, &s).only_general_both_sides, "FtP 7.7.3: his-side is the default");
        s.options.insert("only-general".into(), "both-sides".into());
        assert!(BattleOptions::from_setup(c, &s).only_general_both_sides);
        assert_eq!(BattleOptions::from_setup(c, &s).elite_loss_threshold, 2, "IT 7.51");
        assert!(BattleOptions::from_setup(c, &s).corps_commander_exempt, "IT 7.73");
        s.options.insert("elite-loss".into(), "more-than-2".into());
        let o = BattleOptions::from_setup(c, &s);
        assert_eq!(o.elite_loss_threshold, 3, "IT 7.82");
        assert_eq!(o.defender_retreat, DefenderRetreat::Simple);
        assert_eq!(o.continue_rule, ContinueRule::MoreThanDouble);
        assert_eq!(o.leader_trigger, LeaderTrigger::ExactlyTen);
        assert_eq!(o.naval_retreat, NavalRetreat::Italian);
        assert!(!o.retreat_into_enemy_pc);
        // Every option this module reads is declared in game.toml, default first.
        for (key, default) in [
            ("continue-after-defender-wiped", "double"),
            ("leader-casualty-roll", "ten-or-more"),
            ("retreat-into-enemy-pc", "allowed"),
            ("only-general", "his-side"),
            ("elite-loss", "at-least-2"),
            ("crt-clamp", "clamp"),
        ] {
            let opt = c.options.iter().find(|o| o.key == key).unwrap_or_else(|| panic!("option `{key}`"));
            assert_eq!(opt.values[0], default);
        }
    }

    #[test]
    fn crt_reading_and_clamp_fpt_7_9_7_10() {
        let c = content();
        // The attacker's roll reads the defender-loss column, the defender's the attacker-loss one.
        assert_eq!(crt_result(c, BattleSize::Large, Role::Attacker, 7), cell(4, true));
        assert_eq!(crt_result(c, BattleSize::Large, Role::Defender, 7), cell(4, false));
        assert_eq!(crt_result(c, BattleSize::Medium, Role::Attacker, 1), cell(0, false));
        // By our reading, crt-clamp: below 1 reads row 1, above 10 reads row 10.
        assert_eq!(crt_result(c, BattleSize::Small, Role::Defender, -3), cell(0, false));
        assert_eq!(crt_result(c, BattleSize::Small, Role::Defender, 14), cell(2, false));
        assert_eq!(crt_result(c, BattleSize::Large, Role::Attacker, 12), cell(5, true));
    }

    // ---- worked examples --------------------------------------------------------------

    #[test]
    fn t_crt_1_medium_battle_asterisk_breaks_tie_fpt_7_3() {
        let att = force(Side::Union, ForceKind::Corps, 3, Some("thomas"), &[]);
        let def = force(Side::Csa, ForceKind::Corps, 6, Some("longstreet"), &[]);
        let rep = fight(&att, &def, &Field::default(), &[6, 4], &[]);
        assert_eq!(rep.size, BattleSize::Medium);
        assert_eq!((rep.attacker.drm_total, rep.defender.drm_total), (2, 3));
        assert!(drm_of(&rep.attacker.drms, DrmKind::ForceRatio).is_empty(), "2:1 gives no ratio DRM");
        assert_eq!((rep.attacker.modified, rep.defender.modified), (8, 7));
        assert_eq!(rep.defender.crt, cell(2, true));
        assert_eq!(rep.attacker.crt, cell(2, false));
        assert_eq!((rep.winner, rep.win_rule), (Role::Attacker, WinRule::TieAsterisk));
        assert_eq!((rep.defender.sp_after, rep.attacker.sp_after), (4, 1));
        assert_eq!(rep.retreating, Some(Role::Defender));
        assert_eq!(rep.holder, Some(Role::Attacker));
        assert!(!rep.attacker_may_continue, "3 < 2 x 6: the corps stops (7.3.2)");
        assert!(!rep.leader_casualties);
    }

    /// FtP 4.2: a card event's battle DRM in force (`battle_drm`) is one more DRM item.
    #[test]
    fn event_drm_in_force_is_a_drm_item_ftp_4_2() {
        let att = force(Side::Union, ForceKind::Corps, 3, Some("thomas"), &[]);
        let def = force(Side::Csa, ForceKind::Corps, 6, Some("longstreet"), &[]);
        let rep = fight(&att, &def, &Field { event_drm: [0, 1], ..Field::default() }, &[6, 4], &[]);
        assert_eq!((rep.attacker.drm_total, rep.defender.drm_total), (2, 4));
        assert_eq!(drm_of(&rep.defender.drms, DrmKind::Event), [1]);
        assert!(drm_of(&rep.attacker.drms, DrmKind::Event).is_empty());
        assert_eq!(DrmKind::Event.rule(), "FtP 4.2");
    }

    #[test]
    fn t_crt_2_resource_center_voids_asterisk_fort_holds_fpt_7_3_2_7_3_3() {
        let att = force(Side::Union, ForceKind::Corps, 2, Some("sherman"), &[]);
        let def = force(Side::Csa, ForceKind::Division, 1, None, &[]);
        let field = Field { fort: true, resource_center: true, ..Field::default() };
        let rep = fight(&att, &def, &field, &[4, 3], &[]);
        assert_eq!(rep.size, BattleSize::Small);
        assert_eq!(rep.attacker.drm_total, 3);
        assert_eq!(drm_of(&rep.defender.drms, DrmKind::Fort), vec![2], "garrisoned fort +2 (6.8.7)");
        assert_eq!((rep.attacker.modified, rep.defender.modified), (7, 5));
        assert_eq!((rep.defender.crt, rep.attacker.crt), (cell(1, true), cell(1, false)));
        assert_eq!((rep.winner, rep.win_rule), (Role::Defender, WinRule::TieToDefender));
        assert_eq!(rep.aftermath, Aftermath::FortHolds);
        assert_eq!((rep.attacker.sp_after, rep.defender.sp_after), (1, 0));
        assert_eq!(rep.retreating, Some(Role::Attacker));
        assert_eq!(rep.holder, Some(Role::Defender));
        // The same at a capital, and a plain space where the asterisk counts.
        let cap = Field { fort: true, capital: true, ..Field::default() };
        assert_eq!(fight(&att, &def, &cap, &[4, 3], &[]).winner, Role::Defender);
        let plain = Field { fort: true, ..Field::default() };
        assert_eq!(fight(&att, &def, &plain, &[4, 3], &[]).winner, Role::Attacker);
    }

    #[test]
    fn t_crt_3_gettysburg_fpt_7_4_2_7_5_7_7_7_8_2() {
        let att = force(Side::Csa, ForceKind::Army, 12, Some("lee"), &["ewell", "hill", "longstreet"]);
        let mut def = force(Side::Union, ForceKind::Army, 14, Some("meade"), &["hancock", "reynolds", "pleasonton"]);
        def.elite_used = 1;
        def.interceptor = true;
        // CSA 4, Union 2; leader checks: CSA 4 (safe on >1), Union 2 (loses on 1-3), victim 2nd.
        let rep = fight(&att, &def, &Field::default(), &[4, 2, 4, 2], &[1]);
        assert_eq!(rep.size, BattleSize::Large);
        let a = &rep.attacker.drms;
        assert_eq!(drm_of(a, DrmKind::Commander), vec![3]);
        assert_eq!(drm_of(a, DrmKind::CavalryScreening), vec![-2]);
        assert_eq!(drm_of(a, DrmKind::Subordinate), vec![2, 1]);
        assert_eq!(rep.attacker.drm_total, 4);
        let d = &rep.defender.drms;
        assert_eq!(drm_of(d, DrmKind::Commander), vec![2]);
        assert_eq!(drm_of(d, DrmKind::Subordinate), vec![2, 1], "two subordinates: 2 >= screened 1 (7.4.2 A)");
        assert_eq!(drm_of(d, DrmKind::Interception), vec![2]);
        assert_eq!(drm_of(d, DrmKind::Elite), vec![1]);
        assert_eq!(rep.defender.drm_total, 8);
        assert_eq!((rep.attacker.modified, rep.defender.modified), (8, 10));
        assert_eq!((rep.defender.crt, rep.attacker.crt), (cell(4, true), cell(6, false)));
        assert_eq!((rep.winner, rep.retreating), (Role::Defender, Some(Role::Attacker)));
        assert_eq!((rep.defender.sp_after, rep.attacker.sp_after), (10, 6));
        assert!(rep.leader_casualties);
        let ua = rep.attacker.leader_check.as_ref().expect("CSA checks (14:12, both supplied)");
        assert_eq!((ua.loses_on, ua.killed), (1, None));
        let ud = rep.defender.leader_check.as_ref().expect("Union checks");
        assert_eq!(ud.loses_on, 3);
        assert!(!ud.eligible.contains(&g("meade")), "army commanders are exempt (7.7)");
        assert_eq!(ud.killed, Some(g("reynolds")));
        assert!(rep.defender.elite_lost, "elite used and >= 2 SP lost: the Iron Brigade goes (7.5.1)");
        assert!(!rep.attacker.elite_lost);
    }

    #[test]
    fn t_crt_4_first_manassas_tie_without_asterisk_fpt_7_3_2_7_4_3() {
        let att = force(Side::Union, ForceKind::Army, 6, Some("mcdowell"), &["burnside"]);
        let c = content();
        let present = [g("beauregard"), g("stuart"), g("j_johnston")];
        assert_eq!(defending_commander_candidates(c, &present), vec![g("j_johnston")], "highest political rating (7.4.1)");
        let mut def = force(Side::Csa, ForceKind::Corps, 7, Some("j_johnston"), &["beauregard", "stuart"]);
        def.interceptor = true;
        let rep = fight(&att, &def, &Field::default(), &[5, 3], &[]);
        assert_eq!(rep.size, BattleSize::Medium);
        assert_eq!(rep.attacker.drm_total, 1, "McDowell 1 + Burnside 0 (army vs non-army, 7.4.3)");
        assert_eq!(drm_of(&rep.attacker.drms, DrmKind::Subordinate), vec![0]);
        assert_eq!(rep.defender.drm_total, 4, "J. Johnston 2 + interception 2; no subordinates (7.4.4)");
        assert_eq!((rep.attacker.modified, rep.defender.modified), (6, 7));
        assert_eq!((rep.defender.crt, rep.attacker.crt), (cell(2, false), cell(2, false)));
        assert_eq!((rep.winner, rep.win_rule), (Role::Defender, WinRule::TieToDefender));
        assert_eq!((rep.attacker.sp_after, rep.defender.sp_after), (4, 5));
        assert_eq!(rep.retreating, Some(Role::Attacker));
        assert!(!rep.leader_casualties);
    }

    #[test]
    fn t_amph_1_ungarrisoned_coastal_fort_fpt_6_4_6_8_1() {
        let att = force(Side::Union, ForceKind::Division, 2, None, &[]);
        let def = force(Side::Csa, ForceKind::Division, 0, None, &[]);
        let field = Field { fort: true, amphibious: Some(Amphibious::default()), ..Field::default() };
        let rep = fight(&att, &def, &field, &[1, 2], &[]);
        assert_eq!(rep.size, BattleSize::Small);
        assert_eq!(drm_of(&rep.defender.drms, DrmKind::Amphibious), vec![2]);
        assert!(drm_of(&rep.defender.drms, DrmKind::Fort).is_empty(), "the fort is inside the netting");
        assert_eq!(drm_of(&rep.attacker.drms, DrmKind::UngarrisonedFort), vec![4]);
        assert_eq!((rep.attacker.modified, rep.defender.modified), (5, 4));
        assert_eq!((rep.defender.crt, rep.attacker.crt), (cell(1, false), cell(1, false)));
        assert_eq!(rep.attacker.cap, 1, "a 0-SP fort inflicts at most 1 (7.3.1)");
        assert_eq!((rep.winner, rep.win_rule), (Role::Attacker, WinRule::TieUngarrisonedFort));
        assert_eq!((rep.attacker.sp_after, rep.holder, rep.retreating), (1, Some(Role::Attacker), None));
        assert!(!rep.attacker_may_continue, "a winning amphibious assault stops (6.4.2)");
    }

    #[test]
    fn t_amph_2_garrisoned_fort_with_foote_fpt_6_4_1_7_3_2() {
        let att = force(Side::Union, ForceKind::Division, 3, None, &[]);
        let def = force(Side::Csa, ForceKind::Division, 2, None, &[]);
        let amph = Amphibious { track: 2, foote_or_porter: true, ..Amphibious::default() };
        let field = Field { fort: true, amphibious: Some(amph), ..Field::default() };
        let rep = fight(&att, &def, &field, &[5, 3], &[]);
        assert_eq!(rep.size, BattleSize::Small);
        assert_eq!(rep.attacker.drms, vec![Drm { kind: DrmKind::Amphibious, value: 2, general: None }]);
        assert!(rep.defender.drms.is_empty(), "the fort's +2 is not applied again (6.8.7)");
        assert_eq!((rep.attacker.modified, rep.defender.modified), (7, 3));
        assert_eq!((rep.winner, rep.win_rule), (Role::Attacker, WinRule::TieAsterisk));
        assert_eq!((rep.attacker.sp_after, rep.defender.sp_after), (2, 1));
        assert_eq!((rep.holder, rep.retreating), (Some(Role::Attacker), Some(Role::Defender)));
        assert!(!rep.attacker_may_continue);
    }

    #[test]
    fn t_amph_3_amphibious_netting_cap_fpt_6_4_1() {
        let t = rules().table;
        let a = Amphibious { track: 1, ironclad: true, torpedo: true, hunley: true, ..Amphibious::default() };
        assert_eq!(amphibious_net(&t, &a, true), Some((Role::Defender, 3)));
        let strong = Amphibious { track: 5, foote_or_porter: true, ..Amphibious::default() };
        assert_eq!(amphibious_net(&t, &strong, false), Some((Role::Attacker, 3)));
        let even = Amphibious { track: 2, ..Amphibious::default() };
        assert_eq!(amphibious_net(&t, &even, true), None);
    }

    #[test]
    fn t_amph_4_note_18_result_matrix_fpt_6_4_2_7_3_3_7_3_4() {
        let r = rules();
        // (Union loss, CSA loss, asterisk) -> Union takes the space? for n = 1 and n >= 2.
        let ungarrisoned = [
            ((1, 0, false), [false, false]),
            ((0, 1, false), [true, true]),
            ((0, 0, false), [true, true]),
            ((1, 1, false), [false, true]),
            ((1, 1, true), [false, true]),
            ((2, 1, false), [false, false]),
            ((2, 0, false), [false, false]),
        ];
        let garrisoned = [
            ((1, 0, false), [false, false]),
            ((0, 1, false), [true, true]),
            ((0, 0, false), [false, false]),
            ((1, 1, false), [false, false]),
            ((1, 1, true), [false, true]),
            ((2, 1, false), [false, false]),
        ];
        for (def_sp, table) in [(0u8, &ungarrisoned[..]), (1u8, &garrisoned[..])] {
            for &((ul, dl, star), expect) in table {
                for (i, n) in [1u8, 2].into_iter().enumerate() {
                    let att = force(Side::Union, ForceKind::Division, n, None, &[]);
                    let def = force(Side::Csa, ForceKind::Division, def_sp, None, &[]);
                    let field = Field { fort: true, amphibious: Some(Amphibious::default()), ..Field::default() };
                    let (a, d) = (cell(ul, false), cell(dl, star));
                    let (al, dlost) = losses(&r.table, n, def_sp, a, d);
                    let dec = decide(&r.options, &att, &def, &field, a, d, al, dlost);
                    let takes = dec.holder == Some(Role::Attacker);
                    assert_eq!(takes, expect[i], "fort garrison {def_sp}, result {ul}-{dl}{}, n = {n}: {dec:?}", if star { "*" } else { "" });
                }
            }
        }
        // 6.4.2 beats 7.3.3: 2 SP assault a fort-less space with 1 CSA SP; the CSA wins but is
        // wiped out: the Union returns to its origin.
        let att = force(Side::Union, ForceKind::Division, 2, None, &[]);
        let def = force(Side::Csa, ForceKind::Division, 1, None, &[]);
        let field = Field { amphibious: Some(Amphibious::default()), ..Field::default() };
        let dec = decide(&r.options, &att, &def, &field, cell(1, false), cell(1, false), 1, 1);
        assert_eq!((dec.winner, dec.aftermath, dec.holder), (Role::Defender, Aftermath::AmphibiousRepulsed, None));
        assert_eq!(dec.retreating, Some(Role::Attacker));
    }

    #[test]
    fn t_crt_5_both_sides_eliminated_fpt_7_3_4() {
        let r = rules();
        let att = force(Side::Union, ForceKind::Division, 1, None, &[]);
        let def = force(Side::Csa, ForceKind::Division, 1, None, &[]);
        let f = Field::default();
        let d = decide(&r.options, &att, &def, &f, cell(1, false), cell(1, true), 1, 1);
        assert_eq!((d.winner, d.win_rule), (Role::Attacker, WinRule::BothEliminatedAsterisk));
        assert_eq!((d.attacker_after, d.defender_after, d.holder), (1, 0, Some(Role::Attacker)));
        let d = decide(&r.options, &att, &def, &f, cell(1, false), cell(1, false), 1, 1);
        assert_eq!((d.winner, d.win_rule), (Role::Defender, WinRule::BothEliminatedTie));
        assert_eq!((d.attacker_after, d.defender_after), (1, 1));
        assert_eq!((d.retreating, d.holder), (Some(Role::Attacker), Some(Role::Defender)));
        let d = decide(&r.options, &att, &def, &f, cell(2, false), cell(1, true), 1, 1);
        assert_eq!((d.winner, d.win_rule), (Role::Defender, WinRule::BothEliminatedLarger));
        assert_eq!((d.attacker_after, d.defender_after, d.retreating), (0, 1, None));
        // The asterisk is void in a resource center (7.10): equal plain results.
        let rc = Field { resource_center: true, ..Field::default() };
        let d = decide(&r.options, &att, &def, &rc, cell(1, false), cell(1, true), 1, 1);
        assert_eq!(d.win_rule, WinRule::BothEliminatedTie);
    }

    #[test]
    fn t_crt_6_loss_caps_fpt_7_3_1_7_8_1() {
        let c = content();
        let t = rules().table;
        // Case A: medium, 2 SP attack 8 SP with a modified 10: 3* and a cap of 4.
        let a = crt_result(c, BattleSize::Medium, Role::Attacker, 10);
        assert_eq!(a, cell(3, true));
        assert_eq!(losses(&t, 2, 8, cell(0, false), a), (0, 3));
        // Case B: large, 2 SP attack 18 SP; 5* capped to 4, the winner still decided on 5.
        let mut att = force(Side::Union, ForceKind::Corps, 2, Some("grant"), &[]);
        att.elite_used = 0;
        let mut def = force(Side::Csa, ForceKind::Division, 18, None, &[]);
        def.out_of_supply = true;
        // Grant 3 + enemy unsupplied 2 + 6 = 11 (row 10: 5*); CSA ratio 9:1 +4, rolls 1 -> 5 (3).
        let rep = fight(&att, &def, &Field::default(), &[6, 1], &[]);
        assert_eq!(rep.size, BattleSize::Large);
        assert_eq!((rep.defender.crt, rep.defender.sp_lost, rep.defender.cap), (cell(5, true), 4, 4));
        assert_eq!((rep.attacker.crt.loss, rep.attacker.sp_lost), (3, 2));
        assert_eq!(rep.winner, Role::Attacker, "decided on 5 vs 3, not on the capped losses");
        assert_eq!((rep.aftermath, rep.holder), (Aftermath::AttackerWonWipedOut, Some(Role::Defender)));
        // 7.7.1 / 7.7.2: 1:9 attack and an unsupplied defender: nobody checks (no dice used).
        assert!(rep.leader_casualties);
        assert!(rep.attacker.leader_check.is_none() && rep.defender.leader_check.is_none());
        // Case C: an ungarrisoned fort whose CRT result is 2 inflicts 1.
        let mut att = force(Side::Union, ForceKind::Division, 2, None, &[]);
        att.out_of_supply = true;
        let def = force(Side::Csa, ForceKind::Division, 0, None, &[]);
        let amph = Amphibious { ironclad: true, torpedo: true, hunley: true, ..Amphibious::default() };
        let field = Field { fort: true, amphibious: Some(amph), ..Field::default() };
        let rep = fight(&att, &def, &field, &[3, 6], &[]);
        assert_eq!(rep.defender.drm_total, 5, "amphibious +3 (capped) + enemy unsupplied +2");
        assert_eq!((rep.attacker.crt.loss, rep.attacker.sp_lost), (2, 1));
    }

    #[test]
    fn t_ratio_1_force_ratio_fpt_7_5_3() {
        let t = rules().table;
        assert_eq!(force_ratio(&t, 15, 5, false), Some((Role::Attacker, DrmKind::ForceRatio, 2)));
        assert_eq!(force_ratio(&t, 4, 16, false), Some((Role::Defender, DrmKind::ForceRatio, 3)));
        assert_eq!(force_ratio(&t, 10, 2, false), Some((Role::Attacker, DrmKind::ForceRatio, 4)));
        assert_eq!(force_ratio(&t, 14, 5, false), None);
        assert_eq!(force_ratio(&t, 3, 0, true), Some((Role::Attacker, DrmKind::UngarrisonedFort, 4)));
    }

    // ---- 7.4 ratings and 7.5 DRMs -------------------------------------------------------

    #[test]
    fn army_vs_army_subordinates_fpt_7_4_2() {
        let c = content();
        let t = rules().table;
        // B: the Union commander's (screened) rating below the CSA's: one subordinate.
        let union = force(Side::Union, ForceKind::Army, 10, Some("mcdowell"), &["hancock", "hooker", "stoneman"]);
        let csa = force(Side::Csa, ForceKind::Army, 10, Some("jackson"), &["stuart", "longstreet"]);
        let u = rating_drms(c, &t, &union, Role::Attacker, &csa);
        assert_eq!(drm_of(&u, DrmKind::Subordinate).len(), 1, "1 < Jackson 3 (7.4.2 B)");
        // A: equal ratings: two subordinates, at most one cavalry brigade.
        let union = force(Side::Union, ForceKind::Army, 10, Some("grant"), &["sheridan", "stoneman", "hancock"]);
        let u = rating_drms(c, &t, &union, Role::Attacker, &csa);
        let subs: Vec<GeneralId> = u.iter().filter(|d| d.kind == DrmKind::Subordinate).filter_map(|d| d.general).collect();
        assert_eq!(subs, vec![g("sheridan"), g("hancock")], "best two, one cavalry (7.4.2 A)");
        // C: the CSA army always gets two.
        let weak = force(Side::Csa, ForceKind::Army, 10, Some("pemberton"), &["hood", "polk", "wheeler"]);
        let s = rating_drms(c, &t, &weak, Role::Defender, &union);
        assert_eq!(drm_of(&s, DrmKind::Subordinate), vec![2, 2]);
        // Screening applies only army vs army and never below 0 (7.5.2).
        let corps = force(Side::Union, ForceKind::Corps, 5, Some("grant"), &[]);
        let no_cav = force(Side::Csa, ForceKind::Army, 10, Some("polk"), &["hood"]);
        assert!(drm_of(&rating_drms(c, &t, &no_cav, Role::Attacker, &corps), DrmKind::CavalryScreening).is_empty());
        assert_eq!(drm_of(&rating_drms(c, &t, &no_cav, Role::Attacker, &union), DrmKind::CavalryScreening), vec![-1]);
        // An army without general fights with the generic commander (5.2.8).
        let generic = force(Side::Union, ForceKind::Army, 4, None, &[]);
        assert_eq!(rating_drms(c, &t, &generic, Role::Defender, &corps), vec![Drm { kind: DrmKind::Commander, value: 0, general: None }]);
    }

    #[test]
    fn non_army_ratings_fpt_7_4_4() {
        let c = content();
        let t = rules().table;
        let foe = force(Side::Union, ForceKind::Corps, 3, Some("grant"), &[]);
        // Only the commander's rating; other generals add nothing.
        let corps = force(Side::Csa, ForceKind::Corps, 4, Some("polk"), &["forrest", "hood"]);
        assert_eq!(rating_drms(c, &t, &corps, Role::Defender, &foe), vec![Drm { kind: DrmKind::Commander, value: 2, general: Some(g("polk")) }]);
        // A lone cavalry general's rating is used ...
        let brigade = force(Side::Csa, ForceKind::CavalryBrigade, 1, None, &["forrest"]);
        assert_eq!(drm_of(&rating_drms(c, &t, &brigade, Role::Attacker, &foe), DrmKind::Commander), vec![3]);
        // ... but not when another general is present.
        let mixed = force(Side::Csa, ForceKind::Corps, 3, Some("forrest"), &["pemberton"]);
        assert!(rating_drms(c, &t, &mixed, Role::Attacker, &foe).is_empty());
        // No general: no rating item at all.
        let div = force(Side::Csa, ForceKind::Division, 3, None, &[]);
        assert!(rating_drms(c, &t, &div, Role::Defender, &foe).is_empty());
    }

    #[test]
    fn supply_interception_fort_elite_drms_fpt_7_5() {
        let c = content();
        let t = rules().table;
        let mut att = force(Side::Union, ForceKind::Corps, 4, Some("grant"), &[]);
        let mut def = force(Side::Csa, ForceKind::Corps, 4, Some("polk"), &[]);
        att.out_of_supply = true;
        def.out_of_supply = true;
        def.interceptor = true;
        att.elite_used = 2;
        let [a, d] = drms(c, &t, &att, &def, &Field { fort: true, ..Field::default() });
        assert_eq!(drm_of(&a, DrmKind::EnemyOutOfSupply), vec![2], "both may get it (8.3)");
        assert_eq!(drm_of(&d, DrmKind::EnemyOutOfSupply), vec![2]);
        assert_eq!(drm_of(&d, DrmKind::Interception), vec![2]);
        assert_eq!(drm_of(&d, DrmKind::Fort), vec![2]);
        assert_eq!(drm_of(&a, DrmKind::Elite), vec![2]);
        // Every item names its rule and a text for the app.
        for item in a.iter().chain(d.iter()) {
            assert!(item.kind.rule().starts_with("FtP ") && !item.kind.text().is_empty());
        }
    }

    // ---- 7.3 winner, continuing -----------------------------------------------------------

    #[test]
    fn continuing_after_battle_fpt_5_7_3_7_3_2_7_3_3() {
        let r = rules();
        let def = force(Side::Csa, ForceKind::Division, 2, None, &[]);
        let f = Field::default();
        for (kind, ok) in [(ForceKind::Army, true), (ForceKind::Corps, true), (ForceKind::Division, false), (ForceKind::CavalryBrigade, false)] {
            let att = force(Side::Union, kind, 4, None, &[]);
            let d = decide(&r.options, &att, &def, &f, cell(1, false), cell(2, false), 1, 2);
            assert_eq!(d.attacker_may_continue, ok, "{kind:?} with 2x wins");
        }
        let small = force(Side::Union, ForceKind::Corps, 3, None, &[]);
        assert!(!decide(&r.options, &small, &def, &f, cell(0, false), cell(1, false), 0, 1).attacker_may_continue);
        // 7.3.3 C: the defender wins but is wiped out, no fort, no general: occupy; continue
        // with >= 2x (default) or > 2x (option).
        let att = force(Side::Union, ForceKind::Corps, 4, None, &[]);
        let d = decide(&r.options, &att, &def, &f, cell(2, false), cell(2, false), 2, 2);
        assert_eq!((d.winner, d.aftermath, d.holder), (Role::Defender, Aftermath::AttackerOccupies, Some(Role::Attacker)));
        assert!(d.attacker_may_continue);
        let strict = BattleOptions { continue_rule: ContinueRule::MoreThanDouble, ..r.options };
        assert!(!decide(&strict, &att, &def, &f, cell(2, false), cell(2, false), 2, 2).attacker_may_continue);
        // 7.3.3 B: with a defending general the attacker occupies but stops.
        let led = force(Side::Csa, ForceKind::Corps, 2, Some("polk"), &[]);
        let d = decide(&r.options, &att, &led, &f, cell(2, false), cell(2, false), 2, 2);
        assert_eq!((d.aftermath, d.attacker_may_continue), (Aftermath::AttackerOccupiesStops, false));
    }

    // ---- 7.7 leader casualties -----------------------------------------------------------

    /// FtP 7.7.3 "a menos que sea el único general en la batalla", reading, option
    /// `only-general`: `his-side` (default) an army commander alone in his force may die whatever
    /// the enemy brings; `both-sides` only if the enemy force has no general either.
    #[test]
    fn leader_casualty_only_general_in_the_battle_by_option_fpt_7_7_3() {
        let r = rules();
        let ev = Field { concentration_event: true, ..Field::default() };
        let alone = force(Side::Union, ForceKind::Army, 10, Some("grant"), &[]);
        assert_eq!(eligible_casualties(&r.options, &alone, 1, &Field::default()), vec![g("grant")], "his-side");
        let both = BattleOptions { only_general_both_sides: true, ..r.options };
        assert!(eligible_casualties(&both, &alone, 1, &Field::default()).is_empty(), "both-sides: the enemy has a general");
        assert_eq!(eligible_casualties(&both, &alone, 0, &Field::default()), vec![g("grant")], "both-sides: alone in the battle");
        assert_eq!(eligible_casualties(&both, &alone, 1, &ev), vec![g("grant")], "both-sides: a concentration event");
        let army = force(Side::Union, ForceKind::Army, 10, Some("grant"), &["sherman"]);
        assert_eq!(eligible_casualties(&both, &army, 0, &Field::default()), vec![g("sherman")], "both-sides: his own subordinate");
    }

    #[test]
    fn t_leader_1_casualty_eligibility_fpt_7_7() {
        let r = rules();
        let mk = |sp| force(Side::Union, ForceKind::Corps, sp, None, &[]);
        assert_eq!(leader_check_sides(&mk(5), &mk(15)), [true, false], "1:3: only the attacker");
        assert_eq!(leader_check_sides(&mk(15), &mk(5)), [false, true], "3:1: only the defender");
        assert_eq!(leader_check_sides(&mk(14), &mk(5)), [true, true]);
        let mut oos = mk(5);
        oos.out_of_supply = true;
        assert_eq!(leader_check_sides(&oos, &mk(5)), [true, false]);
        assert_eq!(leader_check_sides(&mk(5), &oos), [false, true]);
        // Army commanders are immune unless alone or by a concentration event; corps are not.
        let army = force(Side::Union, ForceKind::Army, 10, Some("grant"), &["sherman", "sheridan"]);
        assert_eq!(eligible_casualties(&r.options, &army, 0, &Field::default()), vec![g("sherman"), g("sheridan")]);
        let ev = Field { concentration_event: true, ..Field::default() };
        assert_eq!(eligible_casualties(&r.options, &army, 0, &ev).len(), 3);
        let alone = force(Side::Union, ForceKind::Army, 10, Some("grant"), &[]);
        assert_eq!(eligible_casualties(&r.options, &alone, 0, &Field::default()), vec![g("grant")]);
        let corps = force(Side::Union, ForceKind::Corps, 5, Some("grant"), &["sheridan"]);
        assert_eq!(eligible_casualties(&r.options, &corps, 0, &Field::default()).len(), 2);
        // IT 7.73 "il generale al comando non viene mai ucciso a meno che non sia l'unico": the
        // corps' commander too (edition value corps_commander_casualty_exempt).
        let it = BattleOptions { corps_commander_exempt: true, ..r.options };
        assert_eq!(eligible_casualties(&it, &corps, 0, &Field::default()), vec![g("sheridan")]);
        let lone = force(Side::Union, ForceKind::Corps, 5, Some("grant"), &[]);
        assert_eq!(eligible_casualties(&it, &lone, 0, &Field::default()), vec![g("grant")]);
        assert_eq!(eligible_casualties(&it, &corps, 0, &ev).len(), 2, "a concentration event");
        // By our reading, leader-casualty-roll.
        assert!(triggers_leader_casualties(&r, 10) && triggers_leader_casualties(&r, 12) && !triggers_leader_casualties(&r, 9));
        let exact = BattleRules { options: BattleOptions { leader_trigger: LeaderTrigger::ExactlyTen, ..r.options }, ..r.clone() };
        assert!(triggers_leader_casualties(&exact, 10) && !triggers_leader_casualties(&exact, 12));
    }

    #[test]
    fn killed_corps_commander_ends_the_move_fpt_7_7_3_7_7_4() {
        let mut att = force(Side::Union, ForceKind::Corps, 5, Some("grant"), &[]);
        att.elite_used = 1;
        let def = force(Side::Csa, ForceKind::Division, 2, None, &[]);
        // Grant 3 + elite 1 + 6 = 10; CSA 1; Union check 2 (1-3 loses), CSA has no general.
        let rep = fight(&att, &def, &Field::default(), &[6, 1, 2], &[]);
        assert_eq!(rep.winner, Role::Attacker);
        let k = rep.attacker.leader_check.as_ref().expect("attacker checks");
        assert_eq!((k.loses_on, k.killed), (3, Some(g("grant"))));
        assert!(rep.defender.leader_check.is_none(), "no eligible general: no roll");
        assert!(!rep.attacker_may_continue, "5 >= 2 x 2 but the corps' general fell (7.7.4)");
        // Both rolled 10: both lose on 1-3.
        let mut def = force(Side::Csa, ForceKind::Corps, 4, Some("polk"), &[]);
        def.elite_used = 2;
        def.out_of_supply = true;
        let mut att = force(Side::Union, ForceKind::Corps, 4, Some("grant"), &["sherman"]);
        att.elite_used = 1;
        // Union: Grant 3 + elite 1 + unsupplied enemy 2 + 4 = 10; CSA: Polk 2 + elite 2 + 6 = 10.
        let rep = fight(&att, &def, &Field::default(), &[4, 6, 3], &[]);
        assert_eq!((rep.attacker.modified, rep.defender.modified), (10, 10));
        // Defender unsupplied: the attacker makes no check (7.7.2); the defender does, on 1-3.
        assert!(rep.attacker.leader_check.is_none());
        let k = rep.defender.leader_check.as_ref().expect("defender checks");
        assert_eq!((k.loses_on, k.killed), (3, Some(g("polk"))));
    }

    #[test]
    fn same_seed_same_battle_with_game_rng() {
        let att = force(Side::Csa, ForceKind::Army, 12, Some("lee"), &["ewell", "hill", "longstreet"]);
        let def = force(Side::Union, ForceKind::Army, 14, Some("meade"), &["hancock", "reynolds", "pleasonton"]);
        let c = content();
        let r = rules();
        let mut a = GameRng::new(42);
        let mut b = GameRng::new(42);
        let ra = resolve(c, &r, &att, &def, &Field::default(), &mut a);
        let rb = resolve(c, &r, &att, &def, &Field::default(), &mut b);
        assert_eq!(ra, rb);
        assert!((1..=6).contains(&ra.attacker.roll) && (1..=6).contains(&ra.defender.roll));
        // The report is plain data: it round-trips through JSON.
        let json = serde_json::to_string(&ra).expect("serialize");
        assert_eq!(serde_json::from_str::<BattleReport>(&json).expect("deserialize"), ra);
    }

    #[test]
    fn t_overrun_1_entering_enemy_spaces_fpt_5_7_2_5_7_4() {
        let t = rules().table;
        assert_eq!(entry(&t, 10, 1, false, false), Entry::Overrun);
        assert_eq!(entry(&t, 9, 1, false, false), Entry::Battle);
        assert_eq!(entry(&t, 20, 2, false, false), Entry::Overrun);
        assert_eq!(entry(&t, 10, 1, true, false), Entry::Battle, "a fort: a normal battle even at 10:1");
        assert_eq!(entry(&t, 3, 0, true, false), Entry::FortTaken, "an ungarrisoned fort entered by land");
        assert_eq!(entry(&t, 3, 0, true, true), Entry::Battle, "an amphibious assault fights the 0-SP fort");
        assert_eq!(entry(&t, 1, 0, false, false), Entry::GeneralsOnly);
    }

    #[test]
    fn random_battles_keep_the_invariants_fpt_7_3_7_8() {
        let c = content();
        let r = rules();
        let mut rng = GameRng::new(2026);
        let union: Vec<GeneralId> = (0..c.generals.len() as u8).filter(|&i| c.generals[i as usize].side == Side::Union).collect();
        let csa: Vec<GeneralId> = (0..c.generals.len() as u8).filter(|&i| c.generals[i as usize].side == Side::Csa).collect();
        let kinds = [ForceKind::Army, ForceKind::Corps, ForceKind::Division, ForceKind::CavalryBrigade];
        let mk = |rng: &mut GameRng, side: Side, pool: &[GeneralId], zero_ok: bool| {
            let kind = kinds[rng.pick(4)];
            let sp = if zero_ok && rng.pick(6) == 0 { 0 } else { 1 + rng.pick(20) as u8 };
            let n = rng.pick(4);
            let gens: Vec<GeneralId> = (0..n).map(|_| pool[rng.pick(pool.len())]).collect();
            let mut f = Force::new(side, kind, sp, gens.first().copied(), &gens).with_cavalry(|x| c.generals[x as usize].cavalry);
            f.elite_used = rng.pick(3) as u8;
            f.out_of_supply = rng.pick(4) == 0;
            f
        };
        for i in 0..20_000 {
            let (att_side, att_pool, def_side, def_pool) = if i % 2 == 0 { (Side::Union, &union, Side::Csa, &csa) } else { (Side::Csa, &csa, Side::Union, &union) };
            let att = mk(&mut rng, att_side, att_pool, false);
            let mut def = mk(&mut rng, def_side, def_pool, true);
            let amphibious = att_side == Side::Union && rng.pick(4) == 0;
            let fort = def.sp == 0 || rng.pick(3) == 0;
            def.interceptor = !amphibious && rng.pick(5) == 0;
            let field = Field {
                fort,
                resource_center: rng.pick(4) == 0,
                capital: rng.pick(8) == 0,
                amphibious: amphibious.then(|| Amphibious { track: rng.pick(4) as u8, ironclad: rng.pick(2) == 0, ..Amphibious::default() }),
                concentration_event: rng.pick(10) == 0,
                event_drm: [0, 0],
                rules_drm: 0,
            };
            if def.sp == 0 && !amphibious {
                continue; // FtP 6.8.1: no battle (Entry::FortTaken)
            }
            let rep = resolve(c, &r, &att, &def, &field, &mut rng);
            for (s, enemy) in [(&rep.attacker, &rep.defender), (&rep.defender, &rep.attacker)] {
                assert!(s.sp_lost <= s.sp_before && s.sp_lost as u16 <= s.cap && s.sp_lost <= s.crt.loss, "{rep:?}");
                assert!(s.sp_after <= s.sp_before, "{rep:?}");
                assert_eq!(s.drm_total as i16, s.drms.iter().map(|d| d.value as i16).sum::<i16>());
                assert_eq!(s.modified, s.roll as i8 + s.drm_total);
                assert!((1..=6).contains(&s.roll));
                assert_eq!(s.cap, loss_cap(&r.table, enemy.sp_before));
                if let Some(k) = &s.leader_check {
                    assert_eq!(k.killed.is_some(), k.roll <= k.loses_on);
                }
            }
            // The larger CRT result loses (7.3.2 / 7.3.4).
            if rep.attacker.crt.loss != rep.defender.crt.loss {
                let loser = if rep.attacker.crt.loss > rep.defender.crt.loss { Role::Attacker } else { Role::Defender };
                assert_eq!(rep.loser(), loser, "{rep:?}");
            }
            if let Some(who) = rep.retreating {
                assert!(rep.side(who).sp_after > 0, "only survivors retreat: {rep:?}");
                assert_ne!(rep.holder, Some(who));
            }
            if rep.attacker_may_continue {
                assert_eq!(rep.holder, Some(Role::Attacker));
                assert!(matches!(att.kind, ForceKind::Army | ForceKind::Corps) && field.amphibious.is_none());
            }
            if rep.holder == Some(Role::Attacker) {
                assert!(rep.attacker.sp_after > 0, "{rep:?}");
            }
        }
    }

    // ---- 7.2 retreat before battle --------------------------------------------------------

    #[test]
    fn retreat_before_battle_fpt_7_2() {
        let c = content();
        let t = rules().table;
        // 7.2.3 example: J. Johnston (defense 2) with Wheeler's brigade succeeds on 1-4.
        let army = force(Side::Csa, ForceKind::Army, 8, Some("j_johnston"), &["wheeler"]);
        let rbb = retreat_before_battle(c, &t, &army);
        assert_eq!(rbb, RetreatBeforeBattle::Roll { general: Some(g("j_johnston")), rating: 2, drm: -2 });
        let ok: Vec<bool> = (1..=6).map(|d| roll_retreat_before_battle(rbb, &mut ScriptedDice::new(&[d], &[])).unwrap().success).collect();
        assert_eq!(ok, [true, true, true, true, false, false]);
        // A defense-0 commander with a brigade succeeds on 1-2 (the generic army commander).
        let generic = force(Side::Csa, ForceKind::Army, 5, None, &["stuart"]);
        let rbb = retreat_before_battle(c, &t, &generic);
        let ok: Vec<bool> = (1..=6).map(|d| roll_retreat_before_battle(rbb, &mut ScriptedDice::new(&[d], &[])).unwrap().success).collect();
        assert_eq!(ok, [true, true, false, false, false, false]);
        // A brigade stacked with infantry SP uses the cavalry general's defense, -2 (ES 7.2.3).
        let div = force(Side::Csa, ForceKind::Division, 3, None, &["wheeler"]);
        assert_eq!(retreat_before_battle(c, &t, &div), RetreatBeforeBattle::Roll { general: Some(g("wheeler")), rating: 2, drm: -2 });
        // 7.2.1 / 7.2.2 automatic; interceptors and plain divisions never.
        let brigade = force(Side::Csa, ForceKind::CavalryBrigade, 1, None, &["stuart"]);
        assert_eq!(retreat_before_battle(c, &t, &brigade), RetreatBeforeBattle::Automatic(AutoRetreat::LoneCavalry));
        let mut beaten = force(Side::Union, ForceKind::Corps, 3, Some("buell"), &[]);
        beaten.beaten_this_move = true;
        assert_eq!(retreat_before_battle(c, &t, &beaten), RetreatBeforeBattle::Automatic(AutoRetreat::Beaten));
        beaten.interceptor = true;
        assert_eq!(retreat_before_battle(c, &t, &beaten), RetreatBeforeBattle::NotAllowed);
        let plain = force(Side::Union, ForceKind::Division, 3, None, &[]);
        assert_eq!(retreat_before_battle(c, &t, &plain), RetreatBeforeBattle::NotAllowed);
        let corps = force(Side::Union, ForceKind::Corps, 3, Some("buell"), &[]);
        assert_eq!(retreat_before_battle(c, &t, &corps), RetreatBeforeBattle::Roll { general: Some(g("buell")), rating: 2, drm: 0 });
        assert_eq!(roll_retreat_before_battle(RetreatBeforeBattle::NotAllowed, &mut ScriptedDice::new(&[], &[])), None);
    }

    // ---- 7.6 retreats ---------------------------------------------------------------------

    /// A hand-made map; every fact is from the retreating side's point of view.
    #[derive(Default)]
    struct Mock {
        adj: Vec<u16>,
        ctl: HashMap<u16, Side>,
        pc: HashSet<u16>,
        sp: HashSet<u16>,
        fort: HashSet<u16>,
        loc: HashSet<u16>,
        unc: HashSet<u16>,
        naval: Vec<u16>,
        own_pc: HashSet<u16>,
        csa_port: HashSet<u16>,
    }

    fn sid(n: u16) -> SpaceId {
        SpaceId(n)
    }

    impl RetreatMap for Mock {
        fn neighbors(&self, _from: SpaceId) -> Vec<SpaceId> {
            self.adj.iter().map(|&n| SpaceId(n)).collect()
        }
        fn controller(&self, s: SpaceId) -> Option<Side> {
            self.ctl.get(&s.0).copied()
        }
        fn enemy_pc(&self, s: SpaceId, _side: Side) -> bool {
            self.pc.contains(&s.0)
        }
        fn enemy_sp(&self, s: SpaceId, _side: Side) -> bool {
            self.sp.contains(&s.0)
        }
        fn enemy_fort(&self, s: SpaceId, _side: Side) -> bool {
            self.fort.contains(&s.0)
        }
        fn loc(&self, s: SpaceId, _side: Side) -> bool {
            self.loc.contains(&s.0)
        }
        fn crosses_unc_river(&self, _from: SpaceId, to: SpaceId) -> bool {
            self.unc.contains(&to.0)
        }
        fn naval_retreats(&self, _from: SpaceId) -> Vec<SpaceId> {
            self.naval.iter().map(|&n| SpaceId(n)).collect()
        }
        fn own_pc(&self, s: SpaceId, _side: Side) -> bool {
            self.own_pc.contains(&s.0)
        }
        fn original_csa_port(&self, s: SpaceId) -> bool {
            self.csa_port.contains(&s.0)
        }
    }

    /// Space 1 = the attacker's origin; 2 own+LOC; 3 neutral+LOC; 4 own; 5 enemy PC + LOC;
    /// 6 enemy; 7 enemy SP; 8 enemy fort, for the retreating `side`.
    fn mock_for(side: Side) -> Mock {
        let enemy = if side == Side::Csa { Side::Union } else { Side::Csa };
        let mut m = Mock { adj: (1..=8).collect(), ..Mock::default() };
        for s in [2, 4] {
            m.ctl.insert(s, side);
        }
        for s in [1, 5, 6, 7, 8] {
            m.ctl.insert(s, enemy);
        }
        m.pc.extend([5, 6, 7]);
        m.loc.extend([2, 3, 5]);
        m.sp.insert(7);
        m.fort.insert(8);
        m
    }

    fn mock() -> Mock {
        mock_for(Side::Csa)
    }

    fn levels(o: &RetreatOptions) -> Vec<(u16, u8)> {
        o.choices.iter().map(|c| (c.space.0, c.level)).collect()
    }

    #[test]
    fn defender_retreat_priorities_fpt_7_6_1() {
        let o = BattleOptions::default();
        let mut m = mock();
        let r = defender_retreats(&o, &m, Side::Csa, sid(0), sid(1));
        assert_eq!(levels(&r), vec![(2, 1), (3, 2), (4, 3), (5, 5), (6, 6)]);
        assert_eq!((r.best().len(), r.chooser), (1, Role::Defender));
        assert!(r.choices.iter().find(|c| c.space == sid(5)).unwrap().extra_loss, "ending on an enemy PC costs 1 SP");
        // Only enemy-controlled spaces left: the winner picks among the level-5 ties.
        m.adj = vec![1, 5, 6, 7, 8, 9];
        m.ctl.insert(9, Side::Union);
        m.loc.insert(9);
        let r = defender_retreats(&o, &m, Side::Csa, sid(0), sid(1));
        assert_eq!(r.best().iter().map(|c| c.space.0).collect::<Vec<_>>(), vec![5, 9]);
        assert_eq!(r.chooser, Role::Attacker);
        // By our reading, retreat-into-enemy-pc = forbidden.
        let lit = BattleOptions { retreat_into_enemy_pc: false, ..o };
        assert_eq!(levels(&defender_retreats(&lit, &m, Side::Csa, sid(0), sid(1))), vec![(9, 5)]);
        // The CSA never crosses a navigable river under UNC.
        m.unc.extend([5, 9]);
        assert_eq!(levels(&defender_retreats(&o, &m, Side::Csa, sid(0), sid(1))), vec![(6, 6)]);
        // Nothing legal: surrender (7.6.3).
        m.adj = vec![1, 7, 8];
        assert!(defender_retreats(&o, &m, Side::Csa, sid(0), sid(1)).surrender());
    }

    #[test]
    fn union_naval_retreat_is_priority_1_fpt_7_6_2() {
        let o = BattleOptions::default();
        let mut m = mock_for(Side::Union);
        m.naval = vec![20];
        // With another level-1 space the Union may choose between them ...
        let r = defender_retreats(&o, &m, Side::Union, sid(0), sid(1));
        assert_eq!(r.best().iter().map(|c| (c.space.0, c.naval)).collect::<Vec<_>>(), vec![(2, false), (20, true)]);
        assert_eq!(r.chooser, Role::Defender);
        // ... without one it must use the naval retreat.
        m.adj = vec![1, 3, 6];
        let r = defender_retreats(&o, &m, Side::Union, sid(0), sid(1));
        assert_eq!(r.best().iter().map(|c| c.space.0).collect::<Vec<_>>(), vec![20]);
        // The CSA never retreats by sea.
        assert!(defender_retreats(&o, &m, Side::Csa, sid(0), sid(1)).choices.iter().all(|c| !c.naval));
    }

    #[test]
    fn italian_naval_retreat_from_a_csa_port_fpt_it_7_62() {
        let o = BattleOptions { naval_retreat: NavalRetreat::Italian, defender_retreat: DefenderRetreat::Simple, ..BattleOptions::default() };
        let mut m = mock_for(Side::Union);
        m.naval = vec![20];
        m.own_pc.insert(4);
        // Not from a CSA port: the ordinary choices plus the sea.
        assert_eq!(defender_retreats(&o, &m, Side::Union, sid(0), sid(1)).choices.len(), 6);
        // From a port of an original CSA state: only spaces with a Union PC, or by sea.
        m.csa_port.insert(0);
        let r = defender_retreats(&o, &m, Side::Union, sid(0), sid(1));
        assert_eq!(levels(&r), vec![(20, 1), (4, 2)]);
        m.naval.clear();
        m.own_pc.clear();
        assert!(defender_retreats(&o, &m, Side::Union, sid(0), sid(1)).surrender());
        // The Spanish rule has no such restriction.
        assert_eq!(defender_retreats(&BattleOptions::default(), &m, Side::Union, sid(0), sid(1)).choices.len(), 5);
    }

    #[test]
    fn italian_simple_retreat_fpt_it_7_61() {
        let o = BattleOptions { defender_retreat: DefenderRetreat::Simple, ..BattleOptions::default() };
        let mut m = mock();
        let r = defender_retreats(&o, &m, Side::Csa, sid(0), sid(1));
        assert_eq!(levels(&r), vec![(2, 1), (3, 2), (4, 2), (5, 2), (6, 2)]);
        assert_eq!(r.chooser, Role::Defender);
        m.adj = vec![1, 5, 6];
        let r = defender_retreats(&o, &m, Side::Csa, sid(0), sid(1));
        assert_eq!((r.best().len(), r.chooser), (2, Role::Attacker), "forced into enemy spaces: the attacker picks");
    }

    #[test]
    fn attacker_retreats_to_its_origin_fpt_7_6_1() {
        let m = mock();
        assert_eq!(attacker_retreat(&m, Side::Csa, sid(2)), RetreatChoice { space: sid(2), level: 1, naval: false, extra_loss: false });
        assert!(attacker_retreat(&m, Side::Csa, sid(1)).extra_loss, "an enemy-controlled origin costs 1 SP");
    }

    #[test]
    fn retreat_before_battle_destinations_fpt_7_2_4() {
        let mut m = mock();
        m.naval = vec![20];
        let d: Vec<u16> = retreat_before_battle_destinations(&m, Side::Csa, sid(0), sid(2)).iter().map(|c| c.space.0).collect();
        assert_eq!(d, vec![3, 4], "friendly or neutral, not the attacker's origin, no enemy SP");
        let d: Vec<(u16, bool)> = retreat_before_battle_destinations(&m, Side::Union, sid(0), sid(2)).iter().map(|c| (c.space.0, c.naval)).collect();
        assert!(d.contains(&(20, true)), "the Union may retreat by sea from a port");
    }
}
