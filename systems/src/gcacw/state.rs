//! The GCACW game state (plain data, cheap to clone) and the actions players take.

use super::data::{CrtRes, HexId, NO_HEX};
use bivouac_engine::flow::Flow;
use bivouac_engine::rng::GameRng;
use serde::{Deserialize, Serialize};

/// Entrenchment levels (GCACW 9.0).
pub const ENT_NONE: u8 = 0;
pub const ENT_ABATIS: u8 = 1;
pub const ENT_BW_BUILD: u8 = 2;
pub const ENT_BW: u8 = 3;
pub const ENT_FORT_BUILD: u8 = 4;
pub const ENT_FB1: u8 = 5;
pub const ENT_FB2: u8 = 6;
pub const ENT_FORT: u8 = 7;

pub fn ent_name(e: u8) -> &'static str {
    match e {
        ENT_ABATIS => "abatis",
        ENT_BW_BUILD => "breastwork-build",
        ENT_BW => "breastwork",
        ENT_FORT_BUILD => "fort-build",
        ENT_FB1 => "fort-build-1",
        ENT_FB2 => "fort-build-2",
        ENT_FORT => "fort",
        _ => "none",
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitSt {
    /// NO_HEX while not yet arrived or once eliminated.
    pub hex: HexId,
    pub mp: u8,
    pub org: bool,
    pub fat: u8,
    pub exh: bool,
    /// 0, 1 (Demoralized-1) or 2 (Demoralized-2).
    pub dem: u8,
    pub ent: u8,
    pub gone: bool,
    /// Entrenched (or built/repaired) in this Recovery Phase.
    pub recovered: bool,
}

impl UnitSt {
    pub fn on_map(&self) -> bool {
        self.hex != NO_HEX && !self.gone
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderSt {
    /// The unit it is attached to (NONE8 = not arrived or eliminated).
    pub unit: u8,
    pub gone: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Transfer,
    Cycle,
    Recovery,
    End,
}

/// Attack types of a marching unit (GCACW 6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    Column,
    Hasty,
    Normal,
    Prepared,
}

impl AttackKind {
    pub const ALL: [AttackKind; 4] = [AttackKind::Column, AttackKind::Hasty, AttackKind::Normal, AttackKind::Prepared];
    pub fn name(self) -> &'static str {
        match self {
            AttackKind::Column => "column",
            AttackKind::Hasty => "hasty",
            AttackKind::Normal => "normal",
            AttackKind::Prepared => "prepared",
        }
    }
    /// MP cost, in half MP, for infantry (cavalry pays double) (GCACW 6.1).
    pub fn cost_half(self, cavalry: bool) -> u8 {
        let mp = match self {
            AttackKind::Column => 0,
            AttackKind::Hasty => 1,
            AttackKind::Normal => 2,
            AttackKind::Prepared => 4,
        };
        2 * mp * if cavalry { 2 } else { 1 }
    }
    /// Attacker DRM (GCACW 7.4 "attack type").
    pub fn drm(self) -> i32 {
        match self {
            AttackKind::Column => -3,
            AttackKind::Hasty => -1,
            AttackKind::Normal => 0,
            AttackKind::Prepared => 1,
        }
    }
}

/// A march in progress (GCACW 5.1, 6.1, 6.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarchCtx {
    pub unit: u8,
    /// Remaining movement allowance, half MP.
    pub ma: u8,
    pub start: HexId,
    pub started_in_zoc: bool,
    pub moved: bool,
    pub attacked: bool,
    /// Entered an enemy normal ZOC: must attack or end (GCACW 6.2).
    pub stopped: bool,
    /// No more attacks in this march (ZOC-to-ZOC, minimum move, cavalry division leader rule).
    pub no_attack: bool,
    /// Forced march still declarable (step 3, before anything else).
    pub may_force: bool,
    pub advanced: bool,
    pub ended: bool,
    /// Leader of the activation this march belongs to (NONE8 = an individual march).
    pub leader: u8,
    /// Hexes whose cavalry declined a cavalry retreat during this march (GCACW 7.7 timing).
    pub declined: Vec<HexId>,
}

/// A combat being resolved (GCACW 7.0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub att_side: u8,
    pub att_units: u64,
    /// The active unit's hex (march) or the assaulting leader's hex.
    pub att_hex: HexId,
    pub def_hex: HexId,
    pub def_units: u64,
    pub kind: Option<AttackKind>,
    /// Assaulting leader (NONE8 for a march attack).
    pub leader: u8,
    pub grand: bool,
    pub dres: CrtRes,
    pub ares: CrtRes,
    /// Extra attacker loss from a grand-assault overload (GCACW 7.2).
    pub overload: u8,
    /// The dice and the modifiers applied to them, recorded when they are rolled (GCACW 7.4):
    /// what the log and the battle panel show for the rest of the combat, whatever the losses
    /// and retreats do to the board afterwards.
    #[serde(default)]
    pub roll: Option<CombatRoll>,
    pub stage: u8,
    /// Defender result had no r/R: the voluntary retreat costs fatigue after a "-".
    pub def_nothing: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RetreatKind {
    Retreat,
    Rout,
    Cavalry,
    Voluntary,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RetreatCtx {
    pub side: u8,
    pub units: u64,
    pub kind: RetreatKind,
    pub start: HexId,
    pub cur: HexId,
    pub steps: u8,
    pub path: Vec<HexId>,
    /// The active enemy's hex: never closer to it, never into it.
    pub enemy: HexId,
    pub override_used: bool,
    /// Voluntary retreat after a "-": +1 fatigue (GCACW 7.6).
    pub fatigue: bool,
}

impl RetreatCtx {
    pub fn min_max(&self) -> (u8, u8) {
        match self.kind {
            RetreatKind::Retreat => (2, 4),
            RetreatKind::Rout | RetreatKind::Cavalry => (4, 6),
            RetreatKind::Voluntary => (1, 4),
        }
    }
}

/// Continuations: procedure steps that run by themselves when they reach the top of the flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cont {
    /// The current action is over: start a new Action Phase (GCACW 4.3).
    ActionDone,
    /// Resume the combat in `State::combat`.
    Combat,
    /// Assault step 5: the command roll, after any cavalry retreat (GCACW 5.3).
    AssaultRoll { leader: u8, target: HexId, units: u64 },
    /// Assault step 6 onwards, with the units that will attack.
    AssaultGrand { leader: u8, target: HexId, units: u64 },
    /// After a cavalry retreat in a march: recompute whether the unit must stop.
    MarchResume,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Leader Transfer Phase for `side` (GCACW 6.3).
    Transfer { side: u8 },
    /// `side` holds the initiative: take an action or pass (GCACW 4.2).
    Initiative { side: u8, by_pass: bool },
    /// Choose the units of a leader activation (GCACW 5.2 step 2) or assault (5.3 step 1).
    Select { leader: u8, assault: bool, mask: u64 },
    /// Leader activation steps 5-9 (GCACW 5.2).
    Activation { leader: u8, remaining: u64, lma: u8, may_transfer: bool, cav_marched: bool },
    /// The marching unit in `State::march` moves and/or attacks.
    March,
    /// Assault step 3: the target (GCACW 5.3).
    AssaultTarget { leader: u8, mask: u64 },
    /// The assault number allows fewer units than were selected (GCACW 5.3 step 5).
    AssaultKeep { leader: u8, target: HexId, mask: u64, allowed: u8, kept: u64 },
    /// Offer a grand assault (GCACW 7.1).
    GrandOffer { leader: u8, target: HexId, units: u64, army: u8 },
    /// Grand assault steps 2-3: choose hexes (count) and units.
    GrandJoin { leader: u8, target: HexId, units: u64, hexes_left: u8, joined: u64 },
    /// The owner of the cavalry in `hex` may make a cavalry retreat (GCACW 7.7).
    CavOffer { side: u8, hex: HexId, enemy: HexId },
    /// Distribute a manpower loss among `pool` (GCACW 7.5).
    Loss { side: u8, left: u8, pool: u64, d: bool },
    /// A retreat in progress (GCACW 7.6).
    Retreat(Box<RetreatCtx>),
    /// Defender's optional retreat (GCACW 7.6).
    Voluntary { side: u8, hex: HexId, fatigue: bool },
    /// Advance after combat (GCACW 7.6).
    Advance { side: u8, pool: u64, hex: HexId, march: bool },
    /// Recovery Phase step 1 for `side` (GCACW 8.0).
    Recovery { side: u8 },
    /// Rain caught `unit` of `side` in a provisional swamp: it must move out (GCACW 12.0).
    Swamp { side: u8, unit: u8 },
    /// Limited Intelligence: `side` moves its decoy force marker `num` as infantry or cavalry,
    /// `ma` half MP left; `moved` once it left its hex, `stopped` once it entered an enemy normal
    /// ZOC, `zoc_start` if it began there (GCACW 6.2, 7.7: hidden forces follow the normal rules).
    Decoy { side: u8, num: u8, cav: bool, ma: u8, moved: bool, stopped: bool, zoc_start: bool },
    /// Limited Intelligence: `side`'s decoy `num` moves "with a leader" and so goes through the
    /// steps of a hidden leader's activation, as the enemy would read them (GCACW 12.0, 5.2):
    /// `picks` units pretended picked; once `lma` (the leader's rolled allowance) is known, each
    /// pretended unit marches in turn, `picks` counting those left.
    DecoyLead { side: u8, num: u8, cav: bool, lead: u8, picks: u8, lma: Option<u8> },
    /// A leader whose unit was eliminated goes to the nearest subordinate unit; with several
    /// at that distance its owner picks one of `units` (GCACW 7.5: "owner breaks ties").
    /// The leader waits provisionally with the first of them.
    Relocate { side: u8, leader: u8, units: u64 },
    Cont(Cont),
}

impl Frame {
    /// The seat that owes the decision, or None for a continuation.
    pub fn owner(&self) -> Option<u8> {
        Some(match self {
            Frame::Transfer { side } | Frame::Initiative { side, .. } | Frame::CavOffer { side, .. } | Frame::Loss { side, .. } => *side,
            Frame::Voluntary { side, .. } | Frame::Advance { side, .. } | Frame::Recovery { side } | Frame::Swamp { side, .. } => *side,
            Frame::Decoy { side, .. } | Frame::DecoyLead { side, .. } | Frame::Relocate { side, .. } => *side,
            Frame::Retreat(r) => r.side,
            Frame::Select { .. }
            | Frame::Activation { .. }
            | Frame::March
            | Frame::AssaultTarget { .. }
            | Frame::AssaultKeep { .. }
            | Frame::GrandOffer { .. }
            | Frame::GrandJoin { .. } => return None,
            Frame::Cont(_) => return None,
        })
    }
}

/// Scenario options that pick between readings of the rules (OptionInfo).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    /// Optional rule (GCACW 5.1): an organized fatigue-4 unit may march.
    pub fatigue4_march: bool,
    /// An attack up a ridge into a hill/mountain stacks with the relief modifier.
    pub ridge_stacks: bool,
    /// Any Demoralized-2 defender gives -1 (instead of "more than half the CV").
    pub d2_any: bool,
    /// The cavalry "small force" DRM applies from 3/4 to 1 1/2 (instead of 3/4 to 1).
    pub cav_small_wide: bool,
    /// Optional rule (GCACW 5.5): the entrench action in 1863 scenarios.
    pub entrench_1863: bool,
    /// A ford of an unfordable river also stops ZOC and attacks, as in rain (on), or only
    /// movement, retreats and advances, as the rule states (off; GCACW 12.0).
    pub unford_like_rain: bool,
    /// A unit flooded out of a provisional swamp may cross a river by a dam (on, a
    /// reading: a dam is an indestructible bridge) or only by bridge or ferry (off, the
    /// letter of GCACW 12.0).
    pub swamp_dams: bool,
    /// Optional rule (GCACW 12.0): Limited Intelligence, hidden force markers and decoys.
    pub limited_intel: bool,
    /// A reading of GCACW 12.0: a marker two hexes from enemy cavalry is screened when any 2-hex path
    /// between them is blocked (off, ES "cualquiera de los dos hexes") or only when every
    /// path is (on, read as "the 2-hex path is blocked").
    pub intel_screen_all: bool,
}

/// A force marker under Limited Intelligence (GCACW 12.0): `units` hidden in `hex`;
/// a marker that never held a real unit is a decoy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForceM {
    pub side: u8,
    /// The marker's number, 1-10 per side.
    pub num: u8,
    pub hex: HexId,
    pub units: u64,
    /// Has held real units (false = a decoy).
    pub real: bool,
}

/// A combat's two dice, each side's modifiers and the differential (GCACW 7.4, 7.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatRoll {
    pub attacker: u8,
    pub defender: u8,
    pub drms: super::combat::Drms,
    pub diff: i32,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub sc: u8,
    pub opts: Opts,
    pub turn: u8,
    pub phase: Phase,
    pub rng: GameRng,
    /// Test seam: dice consumed before the RNG (always empty in real games).
    pub forced: Vec<u8>,
    pub units: Vec<UnitSt>,
    pub leaders: Vec<LeaderSt>,
    /// Flank Refused markers: (hex, owning side) (GCACW 7.8).
    pub refused: Vec<(HexId, u8)>,
    /// Railroad stations burnt: (hex, 1 damaged | 2 destroyed) (GCACW 5.4).
    pub stations: Vec<(HexId, u8)>,
    /// Rain rules in effect this turn (a rain turn in a game where rain has Basic Game effects).
    pub rain: bool,
    /// Last turn covered by a rain marker, 0 = none (GCACW 12.0).
    pub rain_until: u8,
    /// Destroyed permanent bridges and ferries, as (lower, higher) hex pairs (GCACW 10.0).
    pub destroyed: Vec<(HexId, HexId)>,
    /// Units that made a destruction attempt this turn (GCACW 10.0: one per unit per turn).
    pub destroy_tried: u64,
    /// The acting side took the initiative by the other's pass or without a roll.
    pub init_free: bool,
    /// Pontoon bridges: (lower hex, higher hex, owner, major river) (GCACW 10.0).
    pub pontoons: Vec<(HexId, HexId, u8, bool)>,
    /// Hexsides where a pontoon attempt failed this turn, and hexes where a unit tried in this
    /// Recovery step 1 (GCACW 10.0).
    pub pontoon_failed: Vec<(HexId, HexId)>,
    pub pontoon_hexes: Vec<HexId>,
    /// Unfordable-river markers [minor, major]: the last turn whose box the marker occupies,
    /// 0 = off the track (GCACW 12.0).
    pub unford: [u8; 2],
    /// Sides (bit = side) that made their one bridge/ferry repair attempt in this Recovery
    /// Phase (GCACW 10.3).
    pub repair_tried: u8,
    /// Force markers on the map (GCACW 12.0; empty unless Limited Intelligence is on).
    #[serde(default)]
    pub forces: Vec<ForceM>,
    pub flow: Flow<Frame>,
    /// Manpower lost by each side (victory).
    pub lost: [u16; 2],
    /// The game ended by a scenario's victory hook (Lua): the winning side (`None`: a draw)
    /// and the reason, which the outcome reports instead of the victory points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook_victory: Option<(Option<u8>, String)>,
    pub march: Option<MarchCtx>,
    pub combat: Option<Combat>,
    /// Leaders already transferred in this Leader Transfer Phase.
    pub transferred: u64,
    /// Units not yet arrived (reinforcements).
    pub pending: u64,
    /// Initiative dice of the current Action Phase (0 = not rolled).
    pub dice: [u8; 2],
    /// The side performing the current action (owner of March, Select, ... frames).
    pub active: u8,
}

impl State {
    /// Roll one die: a forced value first (tests), else the RNG.
    pub fn d6(&mut self) -> u8 {
        if !self.forced.is_empty() {
            return self.forced.remove(0).clamp(1, 6);
        }
        self.rng.roll(6) as u8
    }
}

/// Hex labels are stored in actions as (column, row) so notation needs no scenario.
pub type Lab = (u8, u8);

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Pass,
    Done,
    Go,
    End,
    Force,
    Refuse,
    Halt,
    Stay,
    Withdraw,
    Grand,
    NoGrand,
    CavRetreat,
    Transfer { leader: u16, unit: u16 },
    March { unit: u16 },
    Activate { leader: u16 },
    Assault { leader: u16 },
    Burn { unit: u16 },
    Pick { unit: u16 },
    Next { unit: u16 },
    Lead { unit: u16 },
    Move { hex: Lab },
    Attack { hex: Lab, kind: AttackKind },
    Target { hex: Lab },
    Keep { unit: u16 },
    Join { unit: u16 },
    Loss { unit: u16 },
    RetreatTo { hex: Lab },
    Override { hex: Lab },
    Advance { unit: u16 },
    Entrench { unit: u16 },
    /// Attempt to destroy the bridge or ferry between the marching unit's hex and `hex`.
    Destroy { hex: Lab },
    /// Recovery step 1: `unit` tries to build a pontoon bridge across to `hex` (GCACW 10.0).
    Bridge { unit: u16, hex: Lab },
    /// During a march: take up the friendly pontoon bridge to `hex` (GCACW 10.0, 0 MP).
    Dismantle { hex: Lab },
    /// Recovery step 1: `unit` tries to repair the destroyed bridge or ferry to `hex` (GCACW 10.3).
    Repair { unit: u16, hex: Lab },
    /// Limited Intelligence: place a new (empty: decoy) force marker in `hex` (GCACW 12.0).
    Marker { hex: Lab },
    /// Limited Intelligence: put `unit` under the friendly force marker `num` in its hex (GCACW 12.0).
    Hide { num: u8, unit: u16 },
    /// Limited Intelligence: take the friendly force marker `num` off the map (GCACW 12.0).
    Unmark { num: u8 },
    /// Limited Intelligence: move the decoy `num` as cavalry (`cav`) or infantry, alone
    /// (`lead` 0) or with a leader (1: an infantry or cavalry division leader, 2: a cavalry corps
    /// leader), taking the initiative's action (GCACW 12.0).
    Feint { num: u8, cav: bool, lead: u8 },
    /// Limited Intelligence: a decoy moving with a leader pretends to pick one more unit for the
    /// activation (GCACW 12.0, 5.2).
    DecoyPick,
    /// Limited Intelligence: the next pretended unit of a decoy's activation marches: the decoy
    /// force marker moves (GCACW 12.0, 5.2).
    DecoyNext,
}

pub fn lab_text(l: Lab) -> String {
    format!("{:02}{:02}", l.0, l.1)
}
