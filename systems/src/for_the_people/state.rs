//! For the People game state: plain data (small integer ids, no strings), the RNG inside, the
//! turn flow as a stack of pending decisions (`Flow<Frame>`), and the actions.

use super::content::{ArmyId, CardNo, Control, GeneralId, Side};
pub use super::events::word::Word;
pub use bivouac_engine::state_key::same_list;
use bivouac_engine::flow::Flow;
use bivouac_engine::piles::{PileId, Piles};
use bivouac_engine::rng::GameRng;
use serde::{Deserialize, Serialize};

/// A space by index (the engine's `SpaceId.0`).
pub type Sp = u16;

pub const DECK: PileId = PileId(0);
pub const HAND: [PileId; 2] = [PileId(1), PileId(2)];
pub const DISCARD: PileId = PileId(3);
pub const REMOVED: PileId = PileId(4);
/// Cards of other editions or removed by the scenario before play: never used.
pub const OUT: PileId = PileId(5);
/// Cards played into each side's operations queue (FtP 20, optional).
pub const QUEUE: [PileId; 2] = [PileId(6), PileId(7)];

/// Reinforcement pools (`State::pool`): Union East, Center, West and total; CSA states,
/// Missouri, Kentucky; blockade-runner SP per zone (`P_BR + sea zone`); the returning SP of
/// killed cavalry generals' brigades per side (`P_CAV + side`, FtP 5.5.4; the CSA's are also in
/// `P_STATES`, 10.4.2).
pub const P_EAST: usize = 0;
pub const P_CENTER: usize = 1;
pub const P_WEST: usize = 2;
pub const P_UNION: usize = 3;
pub const P_STATES: usize = 4;
pub const P_MO: usize = 5;
pub const P_KY: usize = 6;
pub const P_BR: usize = 7;
pub const P_CAV: usize = 11;
pub const POOLS: usize = 13;

/// Where a general is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GenAt {
    /// On the map in a space, outside any army (a cavalry general on the map is a brigade, FtP 5.5.1).
    Map(Sp),
    /// On an army's display (FtP 5.2.1).
    Army(ArmyId),
    /// Moving with the active force (FtP 5.3.2).
    Moving,
    /// On the turn track, returning in that turn's Reinforcement Phase (FtP 10.6).
    Track(u8),
    /// Removed from the game (killed, FtP 7.7.3; removed, FtP 5.6.4).
    Dead,
    /// An optional counter not in play, or a general whose arrival is past this scenario.
    Out,
}

/// An army marker on the map. Its SP are the infantry on the army display; cavalry brigades on
/// the display are its generals with `GenAt::Army` (they count as SP too, FtP 5.2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmySt {
    pub space: Sp,
    pub sp: u8,
    /// `None` = the generic commander (FtP 5.2.8).
    pub commander: Option<GeneralId>,
}

/// Formation types (FtP 5.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Formation {
    Army,
    Corps,
    Division,
    Brigade,
}

impl Formation {
    pub fn name(self) -> &'static str {
        match self {
            Formation::Army => "army",
            Formation::Corps => "corps",
            Formation::Division => "division",
            Formation::Brigade => "brigade",
        }
    }
}

/// The force moving now (FtP 5.1). `PartialEq` (below): part of a position's key.
#[derive(Clone, Debug, Eq, Serialize, Deserialize)]
pub struct MoveSt {
    pub side: Side,
    pub kind: Formation,
    pub at: Sp,
    /// The space it came from (the attacker retreats there, FtP 7.6.1).
    pub prev: Sp,
    /// Infantry SP carried (corps, division); an army's SP stay on its display.
    pub sp: u8,
    /// Generals moving with the force (corps: the active general first; brigade: the cavalry general).
    pub gens: Vec<GeneralId>,
    pub army: Option<ArmyId>,
    pub mp: u8,
    /// OP value of the card that activated it (3 for a campaign move, FtP 5.10).
    pub value: u8,
    /// A battle ended the move's right to continue (FtP 5.7.3).
    pub halted: bool,
    /// Spaces entered, all by rail through friendly spaces so far (FtP 5.9.1).
    pub rail_only: bool,
    /// MP spent entering spaces: 1 a space (FtP 5.1; FtP 19: 2 for some), for the rail bonus.
    pub steps: u8,
    /// The enemy has made its one interception attempt against this move (FtP 5.8.2).
    pub intercept_tried: bool,
    /// The force in the space entered is a successful interceptor (FtP 5.8.3).
    pub vs_interceptor: bool,
    /// A card event's orders for this move (FtP 4.5.2, 4.6.2).
    #[serde(default)]
    pub order: MoveOrder,
}

/// `==` with the generals compared by [`same_list`] (part of a position's key, `State::eq`).
/// Every field is named: a field added must be compared here too.
impl PartialEq for MoveSt {
    fn eq(&self, o: &Self) -> bool {
        let MoveSt { side, kind, at, prev, sp, gens, army, mp, value, halted, rail_only, steps, intercept_tried, vs_interceptor, order } = self;
        *side == o.side
            && *kind == o.kind
            && *at == o.at
            && *prev == o.prev
            && *sp == o.sp
            && same_list(gens, &o.gens)
            && *army == o.army
            && *mp == o.mp
            && *value == o.value
            && *halted == o.halted
            && *rail_only == o.rail_only
            && *steps == o.steps
            && *intercept_tried == o.intercept_tried
            && *vs_interceptor == o.vs_interceptor
            && *order == o.order
    }
}

/// What a card event obliges the moving force to do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveOrder {
    /// No obligation.
    #[default]
    Free,
    /// FtP 4.6.2 "Forward to Richmond!": toward Richmond by a shortest path, attacking when it
    /// can, picking up and dropping nothing.
    Richmond,
    /// The same, started in a space with a fort: it may still leave one SP there (4.6.2).
    RichmondFort,
    /// FtP 4.5.2: the activated force must attempt an attack (not yet made).
    Attack,
    /// FtP 4.5.2: the concentration's attack was attempted: the force moves freely (its
    /// battles still count as the event's for 7.7.3).
    Attacked,
}

/// Why SP are lost in a space, the owner picking which (`Frame::SpaceLosses`, losses.rs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LossCause {
    /// FtP 9.1, 9.2: attrition and foraging (loose or army infantry, or a cavalry brigade).
    Attrition,
    /// FtP 7.6.1: the extra SP for ending a retreat on an enemy PC (the same pools).
    Retreat,
    /// FtP 4.2.4: SP a card event removes: infantry only (loose or the army's), and the player
    /// the card names (`chooser`) picks them.
    Event { chooser: Side },
}

impl LossCause {
    pub fn rule(self) -> &'static str {
        match self {
            LossCause::Attrition => "FtP 9.1",
            LossCause::Retreat => "FtP 7.6.1",
            LossCause::Event { .. } => "FtP 4.2.4",
        }
    }
}

/// A pending decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Reinforcement Phase step a: place reinforcement SP (FtP 10.3, 10.4, 10.5).
    Reinforce { side: Side },
    /// Reinforcement Phase step b: strategic movement (FtP 10.2).
    Strategic { side: Side },
    /// Reinforcement Phase step c: place arriving generals (FtP 10.6).
    PlaceGenerals { side: Side },
    /// The CSA decides who plays first (FtP 3.3.1).
    FirstPlayer,
    /// A strategy round: play a card for OPs or as an event, or discard (FtP 3.3.2, 4.2.3).
    Round { side: Side },
    /// Choose the operation of a card played for OPs (FtP 4.1).
    Ops { side: Side, card: CardNo, value: u8 },
    /// Place PCs with OPs (FtP 11.3): `left` still to place.
    Pcs { side: Side, left: u8 },
    /// A campaign event (FtP 4.3): `left` moves still to make.
    Campaign { side: Side, left: u8 },
    /// The moving force (`State::moving`) chooses its next step.
    Move,
    /// Where the loser of a battle retreats among tied best spaces (FtP 7.6.1): the loser
    /// picks, the winner at priorities 5-6 (`chooser`).
    /// `before`: a retreat before battle (FtP 7.2.4), after which the mover goes on.
    Retreat { side: Side, from: Sp, not: Sp, chooser: Side, before: bool },
    /// FtP 5.2.9, 5.3.4: at a round boundary, `chooser` (the opponent) picks an excess general
    /// of `side` in `space` to go to the turn track.
    Excess { side: Side, space: Sp, chooser: Side },
    /// FtP 5.8: the enemy of the moving force may try to intercept it as it enters `to`.
    Intercept { side: Side, to: Sp },
    /// FtP 7.2: the defender in `from` may try to retreat before battle.
    Rbb { side: Side, from: Sp },
    /// FtP 3.4.1, 11.2.3: place the displaced capital marker.
    Capital { side: Side },
    /// FtP 6.1: the embarked Union force chooses its destination port.
    Naval,
    /// A scripted event under way (`State::events`): its asked seat chooses (FtP 4.2).
    Event,
    /// FtP 4.2.5: `side` may play an interrupt event against the enemy force just activated.
    Interrupt { side: Side },
    /// FtP 5.2.4: two armies of `side` ended in `space`: the owner removes one at once.
    TwoArmies { side: Side, space: Sp },
    /// FtP 5.2.8: `army` lost its commander and generals tie for the highest PR: the owner picks.
    Succession { side: Side, army: ArmyId },
    /// FtP 5.3.1: the defending corps in `space` has generals tied for command: the owner picks.
    Lead { side: Side, space: Sp },
    /// FtP 5.5.4: `side` chooses cavalry or infantry for its battle losses (`State::aftermath`).
    Losses { side: Side },
    /// FtP 5.6.1: the relieved `general` of army `from`: reassigned (5.6.2; not for the second
    /// general relieved by a reassignment), demoted (5.6.3) or removed (5.6.4).
    Relieved { side: Side, general: GeneralId, from: ArmyId, second: bool },
    /// FtP 5.6.5: a reorganization move: pick generals to move, then `Done`.
    Reorg { side: Side },
    /// FtP 5.6.5: where the picked general goes.
    ReorgGeneral { side: Side, general: GeneralId },
    /// FtP 9.1, 9.2, 7.6.1, 4.2.4 (`cause`): `side` picks where the next of `left` SP lost in
    /// `space` comes from (losses.rs).
    SpaceLosses { side: Side, space: Sp, left: u8, cause: LossCause },
    /// FtP 7.5.1: `side` decides how many of its elite units to use in the battle at `space`.
    Elite { side: Side, space: Sp },
    /// FtP 5.6.7 D: the drawn arriving `general` goes to `space` on the counter `side` chooses.
    Counter { side: Side, general: GeneralId, space: Sp },
    /// FtP 12.4: `side` picks which of its Strategic Will changes of the Political Control
    /// Phase's step ii applies next (`State::sw_pending`, sw_order.rs).
    SwOrder { side: Side },
}

impl Frame {
    pub fn side(&self, st: &State) -> Side {
        match *self {
            Frame::Reinforce { side } | Frame::Strategic { side } | Frame::PlaceGenerals { side } | Frame::Round { side } | Frame::Ops { side, .. } | Frame::Pcs { side, .. } => side,
            Frame::Campaign { side, .. } | Frame::Capital { side } | Frame::Rbb { side, .. } => side,
            Frame::Intercept { side, .. } => side,
            Frame::TwoArmies { side, .. } | Frame::Succession { side, .. } | Frame::Lead { side, .. } | Frame::Losses { side } => side,
            Frame::Relieved { side, .. } | Frame::Reorg { side } | Frame::ReorgGeneral { side, .. } => side,
            Frame::SpaceLosses { cause: LossCause::Event { chooser }, .. } => chooser,
            Frame::SpaceLosses { side, .. } | Frame::Elite { side, .. } | Frame::Counter { side, .. } | Frame::SwOrder { side } => side,
            Frame::Retreat { chooser, .. } | Frame::Excess { chooser, .. } => chooser,
            Frame::FirstPlayer => Side::Csa,
            Frame::Move | Frame::Naval => st.moving.as_ref().map(|m| m.side).unwrap_or(Side::Union),
            Frame::Event => st.events.last().and_then(|e| e.ask.as_ref()).map(|a| a.seat).unwrap_or(Side::Union),
            Frame::Interrupt { side } => side,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Reinforcement,
    Strategy,
    /// Strategy rounds are over: capital segment, then PC, attrition and end of turn (FtP 3.4-3.6).
    Capital,
    /// FtP 3.4.2, 12.4: PC Phase steps i and ii done, the owners ordering their SW changes;
    /// step iii, attrition and the end of turn follow.
    Political,
    /// FtP 3.5, 9: attrition taken (the owners' choices of losses pending), then the end of turn.
    Attrition,
    Over,
}

/// Scenario options in force.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    /// The battle readings (FtP 7, the options of `battle.rs`).
    pub battle: super::battle::BattleOptions,
    /// 13.2 when both sides meet their 1861 conditions: true = Union wins, false = draw.
    pub both_met_union: bool,
    /// FtP 5.5.6 (optional, Spanish edition): replacement cavalry generals.
    #[serde(default)]
    pub replacement_cavalry: bool,
    /// FtP 8.4 Shenandoah Valley (standard in the Spanish edition, optional in the Italian).
    #[serde(default)]
    pub shenandoah: bool,
    /// FtP 20 (optional): the operations queue.
    #[serde(default)]
    pub ops_queue: bool,
    /// FtP 6.8.2 reading, option `galveston-forts`: the only coastal fort a
    /// `retake_coastal_fort` card (#115) may retake (`None`: any).
    #[serde(default)]
    pub retake_only: Option<Sp>,
    /// FtP 19 (variant, Spanish edition): rail logistics.
    #[serde(default)]
    pub rail_logistics: bool,
    /// FtP 6.8.6 vs 3.4.2 iii (Spanish edition): eliminated forts come back in the Political
    /// Control Phase (step iii) instead of at the end of the next Reinforcement Phase.
    #[serde(default)]
    pub fort_return_pc: bool,
    /// FtP 5.9.3, 16 reading, option `csa-rail-1864` = `road`: the 1864 scenario starts with
    /// Meridian-Demopolis and Greensboro-Danville still roads (else already railroads, the
    /// scenario's `csa_rail_built`); they then become railroads by the edition's `csa_rail_build`.
    #[serde(default)]
    pub csa_rail_road: bool,
    /// FtP 5.6.7 (optional): special generals (special_generals.rs, general_counters.rs, strong_brigades.rs).
    #[serde(default)]
    pub special_generals: bool,
    /// FtP 5.6.7 B, D reading, option `counter-swap-mp` = `brigade`: a swap to the brigade
    /// counter adds the brigade's extra MP to the move (else the MP left stay).
    #[serde(default)]
    pub swap_brigade_mp: bool,
    /// FtP 5.5.4 reading, option `cavalry-death-sp` = `track-and-loss`: a killed cavalry
    /// general's brigade SP counts toward one SP of the battle's losses and 1 SP goes to the
    /// turn track all the same (else the SP goes to the track unless used for a loss).
    #[serde(default)]
    pub cav_death_track_and_loss: bool,
    /// FtP 5.6.7 C, D reading, option `strong-brigade-killed` = `two-losses`: both SP of a
    /// killed general's 2-SP brigade count toward the battle's losses (else one, as 5.5.4).
    #[serde(default)]
    pub strong_killed_two_losses: bool,
    /// FtP 17.2 reading, option `auto-victory-timing` = `immediate`: the CSA's SW at 0 and its
    /// resource collapse end the game at once (procs.rs `immediate_victory`).
    #[serde(default)]
    pub auto_victory_immediate: bool,
    /// FtP 3.6 vs 17.2.1 reading, option `auto-victory-last-turn` = `scenario`: at the end of the
    /// game's last turn only the scenario's victory conditions decide (3.6 literally: "if it is
    /// the last turn the game ends; in any other turn it ends if a player meets an automatic
    /// victory condition").
    #[serde(default)]
    pub last_turn_scenario_only: bool,
    /// FtP 5.8.1 reading, option `interception-target` = `empty`: the space entered must hold no
    /// SP or fort of either side for an interception (else only none of the moving side's, ES
    /// 5.8.1 "que no contenga ya alguna UM enemiga o fuerte enemigo", and 5.2.4's two armies in a
    /// space "como consecuencia del desplazamiento, intercepción o retirada").
    #[serde(default)]
    pub intercept_empty_target: bool,
    /// FtP 6.8.1 reading, option `fort-garrison-beaten` = `taken`: a fort whose garrison left or
    /// lost a land battle is eliminated (counter) or captured (coastal fort) as soon as the
    /// enemy land force holds its space, as an ungarrisoned fort "entered by land" (else it stays
    /// until a PC is placed on it, 11.1, 3.4.2 i).
    #[serde(default)]
    pub fort_taken_at_once: bool,
    /// FtP 15.7 reading, option `sp-differential` = `every-end`: the 1863 SP
    /// differential's SW at the end of every scenario and of the campaign (else only when the
    /// game ends with the 1863 conditions).
    #[serde(default)]
    pub sp_differential_every_end: bool,
    /// FtP 10.5.1, 12.5 reading, option `closed-zone-penalty` = `every-turn`:
    /// the -2 SW of a blockade zone with every BR port closed also in the turns without BR
    /// rolls (else the whole BR step is skipped then).
    #[serde(default)]
    pub closed_zone_every_turn: bool,
    /// FtP 3.2 reading, option `reshuffle-timing` = `next-draw`: the deck is reshuffled when a
    /// draw finds it empty (else the moment its last card is drawn, ES "siempre que se agote el
    /// mazo", IT "ogni volta che il mazzo finisce").
    #[serde(default)]
    pub reshuffle_next_draw: bool,
    /// FtP 4.2.6 reading, option `forward-no-army` = `card-still-used`: with no army the card
    /// taken by "Forward to Richmond!" can activate, it is still the Union's next play (else
    /// the obligation lapses).
    #[serde(default)]
    pub forward_card_still_used: bool,
    /// FtP 5.6.5 reading, option `reorganization-rail` = `friendly-only`: the reorganization's
    /// unlimited rail leg passes only spaces the side controls (else neutral ones too).
    #[serde(default)]
    pub reorg_rail_friendly_only: bool,
    /// FtP 7.2.1, 7.2.3 reading, option `brigades-alone-retreat` = `automatic`: two or more cavalry
    /// brigades alone in a space (no infantry SP) retreat before battle automatically, as one
    /// brigade does (else they may not retreat before battle).
    #[serde(default)]
    pub brigades_retreat_automatic: bool,
}

/// The records of a campaign under way, set aside while an event's frames run (FtP 4.3.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedCampaign {
    /// The flow's length when the event opened its frames: they are done once it is back to it.
    pub depth: usize,
    pub used: Vec<GeneralId>,
    pub armies: Vec<ArmyId>,
    pub sp: Vec<(Sp, u8)>,
    pub naval: bool,
    /// FtP 15: the states a limited first campaign card of 1863 has used (`ScenarioRules`).
    pub states: Option<u64>,
}

/// A battle once fought (FtP 7.3): where, in which strategy round, who attacked, the generals
/// of each force (attacker first) and its report (ratings, DRMs, dice, CRT results, losses).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastBattle {
    pub space: Sp,
    pub round: u16,
    pub attacker: Side,
    pub generals: [Vec<GeneralId>; 2],
    pub report: super::battle::BattleReport,
}

/// `PartialEq` (below): the key of a position in the caches beside it (`derived`).
/// `Clone` (below): `clone_from` reuses the copy's lists.
#[derive(Debug, Serialize, Deserialize)]
pub struct State {
    pub sc: u8,
    pub edition: u8,
    pub opts: Opts,
    pub rng: GameRng,
    pub turn: u8,
    pub phase: Phase,
    /// Loose infantry SP per space per side (not on an army display, not moving).
    pub sp: Vec<[u8; 2]>,
    pub fort: Vec<Option<Side>>,
    pub control: Vec<Control>,
    pub state_control: Vec<Control>,
    /// Which side first took each border state (FtP 12.1.3).
    pub border_first: Vec<Option<Side>>,
    pub generals: Vec<GenAt>,
    pub armies: Vec<Option<ArmySt>>,
    /// The turn from which a removed army marker may be created again (FtP 7.3.5).
    pub army_ready: Vec<u8>,
    pub capital: [Option<Sp>; 2],
    pub rc_destroyed: Vec<bool>,
    pub sw: [i16; 2],
    pub sw_plus: [bool; 2],
    pub blockade: u8,
    pub emancipation: bool,
    pub mississippi_bonus: bool,
    pub piles: Piles,
    pub flow: Flow<Frame>,
    pub moving: Option<MoveSt>,
    /// Generals and SP already used by the campaign event being played (FtP 4.3.1).
    pub campaign_used: Vec<GeneralId>,
    pub campaign_armies: Vec<ArmyId>,
    /// FtP 4.3.1: loose SP of the campaign's side that have already moved on the campaign card
    /// being played, by space (they may not move again with another force of that card).
    #[serde(default)]
    pub campaign_sp: Vec<(Sp, u8)>,
    /// FtP 4.3.1, 4.3.2: the records of a campaign under way (`campaign_used`, `campaign_armies`,
    /// `campaign_sp`, the naval move made) set aside while the frames an event opened run (an
    /// interrupt's operation or campaign, 4.2.5), innermost last; each comes back when the flow
    /// is down to its `depth` again (`restore_campaign`).
    #[serde(default)]
    pub campaign_saved: Vec<SavedCampaign>,
    /// Who plays the next strategy round, and who played the last one.
    pub next: Side,
    /// SP gained and lost per side since the start (conservation, fuzz invariant).
    pub sp_gained: [u32; 2],
    pub sp_lost: [u32; 2],
    pub sp_at_start: [u32; 2],
    /// Reinforcement SP still to place this turn (FtP 10.3, 10.4, 10.5): see `pool` indexes.
    pub pool: [u8; POOLS],
    /// FtP 10.4.3: CSA states that already received their 1 SP this turn (bit per state).
    pub pool_states: u64,
    /// SP moved strategically this turn per side (FtP 10.2.2).
    pub strat_used: [u8; 2],
    /// FtP 10.3.1: the Union's East SP go to Washington (else PA/DE/NJ).
    pub east_in_washington: bool,
    /// Automatic victory (FtP 17.2) or the end: set when the game is over.
    pub result: Option<(Vec<u8>, String)>,
    /// Naval operations (FtP 6): the amphibious track and the naval move under way.
    #[serde(default)]
    pub naval: super::naval::NavalSt,
    /// Scripted events under way, innermost last (FtP 4.2; see `events`).
    #[serde(default)]
    pub events: Vec<super::events::EventSt>,
    /// Card events whose effect lasts (the `in_force` command).
    #[serde(default)]
    pub in_force: Vec<super::events::InForce>,
    /// Battle DRMs events put in force (the `battle_drm` command, FtP 4.2).
    #[serde(default)]
    pub battle_mods: Vec<super::events::BattleMod>,
    /// Movement limits events put in force (the `restrict` command, FtP 4.2).
    #[serde(default)]
    pub move_limits: Vec<super::events::MoveLimit>,
    /// A battle waiting for its loser's choices of losses (FtP 5.5.4).
    #[serde(default)]
    pub aftermath: Option<super::choices::Aftermath>,
    /// The last battle fought, as the players see it after the dice (FtP 7.3): for the app.
    #[serde(default)]
    pub last_battle: Option<Box<LastBattle>>,
    /// FtP 5.3.1: the general the owner chose to command the corps defending a space.
    #[serde(default)]
    pub lead: Option<(Side, Sp, GeneralId)>,
    /// FtP 5.2.8: armies whose new commander the owner picks among tied generals.
    #[serde(default)]
    pub succession: Vec<ArmyId>,
    /// FtP 7.2.2: the generals and armies beaten in a battle during the current enemy move.
    #[serde(default)]
    pub beaten: Vec<GeneralId>,
    #[serde(default)]
    pub beaten_armies: Vec<ArmyId>,
    /// Strategy rounds started so far, and per side the start of its previous and current
    /// round; the round when each army last lost a large battle (FtP 5.6.1).
    #[serde(default)]
    pub rounds: u16,
    #[serde(default)]
    pub own_round: [[u16; 2]; 2],
    #[serde(default)]
    pub large_loss: Vec<u16>,
    /// Generals already moved by the reorganization under way (FtP 5.6.5).
    #[serde(default)]
    pub reorg_moved: Vec<GeneralId>,
    /// FtP 4.4.1 (a reading of an unclear rule): the last turn the Union won a medium or large battle (0: never).
    #[serde(default)]
    pub union_major_win: u8,
    /// FtP 4.4.1, 4.4.2: a special event was discarded or played for OPs this turn.
    #[serde(default)]
    pub special_reshuffle: bool,
    /// FtP 4.2.6, 4.6: the Union card "Forward to Richmond!" obliges the Union to use next.
    #[serde(default)]
    pub forward: Option<super::content::CardNo>,
    /// FtP 4.5.2: the concentration space whose general the pending campaign move activates.
    #[serde(default)]
    pub concentration: Option<Sp>,
    /// FtP 20 (optional): each side's operations queue.
    #[serde(default)]
    pub queue: super::ops_queue::Queues,
    /// FtP 19 (variant): rail logistics bookkeeping.
    #[serde(default)]
    pub rail: super::rail_logistics::RailSt,
    /// Losses whose SP the owner picks, waiting for the action under way to finish: side,
    /// space, SP, why (losses.rs).
    #[serde(default)]
    pub space_losses: Vec<(Side, Sp, u8, LossCause)>,
    /// FtP 7.5.1: each side's elite units in play, as the army holding each (elite.rs).
    #[serde(default)]
    pub elite: [Vec<ArmyId>; 2],
    /// FtP 7.5.1: the elite units each side uses in the battle about to be fought (`None`: not
    /// decided yet).
    #[serde(default)]
    pub elite_commit: [Option<u8>; 2],
    /// FtP 5.6.7 C, D (optional): the cavalry brigades grown to 2 SP (strong_brigades.rs).
    #[serde(default)]
    pub strong: super::strong_brigades::StrongSt,
    /// FtP 6.8.6 (Spanish edition): eliminated fort counters on the turn track, per side.
    #[serde(default)]
    pub forts_track: [u8; 2],
    /// FtP 5.6.7 (optional): McClellan's bonus (special_generals.rs).
    #[serde(default)]
    pub special: super::special_generals::SpecialSt,
    /// FtP 5.6.7 B, D (optional): the counter in play of generals with two (general_counters.rs).
    #[serde(default)]
    pub counters: super::general_counters::CountersSt,
    /// FtP 15 (1863 special rules): the blockade obligation and the first campaign card
    /// (scenario_rules.rs).
    #[serde(default)]
    pub sc_rules: super::scenario_rules::ScenarioRulesSt,
    /// FtP 5.5.4: per side, the SP of killed cavalry generals' brigades on the turn track,
    /// returning in the side's next Reinforcement Phase step a.
    #[serde(default)]
    pub cav_track: [u8; 2],
    /// Scenarios introduction (option `play-until`): the later scenario whose end (last turn and
    /// victory conditions) ends this game (`None`: the scenario started).
    #[serde(default)]
    pub end_sc: Option<u8>,
    /// FtP 12.4: the Strategic Will changes of the PC Phase's step ii waiting for their
    /// side's order (sw_order.rs).
    #[serde(default)]
    pub sw_pending: Vec<super::sw_order::SwEffect>,
    /// FtP 5.9.3 (IT 5.93): the CSA has completed the 1864 railroads with an OPs card.
    #[serde(default)]
    pub csa_rail_built: bool,
}

/// A copy of the state; `clone_from` copies into the lists the copy already has instead of
/// allocating new ones (the listing cache keeps a copy of each position listed, made
/// into the previous position's copy). Every field is named (the struct literal of `clone`
/// fails to compile without one), and each is copied with its own `clone_from`.
macro_rules! clone_fields {
    ($($field:ident),* $(,)?) => {
        impl Clone for State {
            fn clone(&self) -> Self {
                State { $($field: self.$field.clone()),* }
            }
            fn clone_from(&mut self, o: &Self) {
                $(self.$field.clone_from(&o.$field);)*
            }
        }
    };
}
clone_fields!(sc, edition, opts, rng, turn, phase, sp, fort, control, state_control, border_first, generals, armies, army_ready, capital, rc_destroyed, sw, sw_plus, blockade, emancipation, mississippi_bonus, piles, flow, moving, campaign_used, campaign_armies, campaign_sp, campaign_saved, next, sp_gained, sp_lost, sp_at_start, pool, pool_states, strat_used, east_in_washington, result, naval, events, in_force, battle_mods, move_limits, aftermath, last_battle, lead, succession, beaten, beaten_armies, rounds, own_round, large_loss, reorg_moved, union_major_win, special_reshuffle, forward, concentration, queue, rail, space_losses, elite, elite_commit, strong, forts_track, special, counters, sc_rules, cav_track, end_sc, sw_pending, csa_rail_built);

/// `==` of positions, the key of the caches beside the state (`derived`), made fast:
/// the parts that change at almost every action (the flow's frames, the move under way, the
/// dice, then the SP and what a Reinforcement Phase counts) come first, so two different
/// positions differ early; lists are compared with [`same_list`]. Every field is named: a field
/// added to the state must be compared here too.
impl PartialEq for State {
    fn eq(&self, o: &Self) -> bool {
        let State { sc, edition, opts, rng, turn, phase, sp, fort, control, state_control, border_first, generals, armies, army_ready, capital, rc_destroyed, sw, sw_plus, blockade, emancipation, mississippi_bonus, piles, flow, moving, campaign_used, campaign_armies, campaign_sp, campaign_saved, next, sp_gained, sp_lost, sp_at_start, pool, pool_states, strat_used, east_in_washington, result, naval, events, in_force, battle_mods, move_limits, aftermath, last_battle, lead, succession, beaten, beaten_armies, rounds, own_round, large_loss, reorg_moved, union_major_win, special_reshuffle, forward, concentration, queue, rail, space_losses, elite, elite_commit, strong, forts_track, special, counters, sc_rules, cav_track, end_sc, sw_pending, csa_rail_built } = self;
        *flow == o.flow
            && *moving == o.moving
            && *rng == o.rng
            && same_list(sp, &o.sp)
            && *pool == o.pool
            && *strat_used == o.strat_used
            && *pool_states == o.pool_states
            && same_list(generals, &o.generals)
            && same_list(armies, &o.armies)
            && same_list(control, &o.control)
            && same_list(fort, &o.fort)
            && *sc == o.sc
            && *edition == o.edition
            && *opts == o.opts
            && *turn == o.turn
            && *phase == o.phase
            && same_list(state_control, &o.state_control)
            && same_list(border_first, &o.border_first)
            && same_list(army_ready, &o.army_ready)
            && *capital == o.capital
            && same_list(rc_destroyed, &o.rc_destroyed)
            && *sw == o.sw
            && *sw_plus == o.sw_plus
            && *blockade == o.blockade
            && *emancipation == o.emancipation
            && *mississippi_bonus == o.mississippi_bonus
            && *piles == o.piles
            && same_list(campaign_used, &o.campaign_used)
            && same_list(campaign_armies, &o.campaign_armies)
            && same_list(campaign_sp, &o.campaign_sp)
            && same_list(campaign_saved, &o.campaign_saved)
            && *next == o.next
            && *sp_gained == o.sp_gained
            && *sp_lost == o.sp_lost
            && *sp_at_start == o.sp_at_start
            && *east_in_washington == o.east_in_washington
            && *result == o.result
            && *naval == o.naval
            && same_list(events, &o.events)
            && same_list(in_force, &o.in_force)
            && same_list(battle_mods, &o.battle_mods)
            && same_list(move_limits, &o.move_limits)
            && *aftermath == o.aftermath
            && *last_battle == o.last_battle
            && *lead == o.lead
            && same_list(succession, &o.succession)
            && same_list(beaten, &o.beaten)
            && same_list(beaten_armies, &o.beaten_armies)
            && *rounds == o.rounds
            && *own_round == o.own_round
            && same_list(large_loss, &o.large_loss)
            && same_list(reorg_moved, &o.reorg_moved)
            && *union_major_win == o.union_major_win
            && *special_reshuffle == o.special_reshuffle
            && *forward == o.forward
            && *concentration == o.concentration
            && *queue == o.queue
            && *rail == o.rail
            && same_list(space_losses, &o.space_losses)
            && elite.iter().zip(&o.elite).all(|(a, b)| same_list(a, b))
            && *elite_commit == o.elite_commit
            && *strong == o.strong
            && *forts_track == o.forts_track
            && *special == o.special
            && *counters == o.counters
            && *sc_rules == o.sc_rules
            && *cav_track == o.cav_track
            && *end_sc == o.end_sc
            && same_list(sw_pending, &o.sw_pending)
            && *csa_rail_built == o.csa_rail_built
    }
}


impl State {
    pub fn control(&self, s: Sp) -> Control {
        self.control[s as usize]
    }
    pub fn controls(&self, side: Side, s: Sp) -> bool {
        self.control[s as usize] == Control::Of(side)
    }
    pub fn army_at(&self, side: Side, s: Sp, army_side: impl Fn(ArmyId) -> Side) -> Option<ArmyId> {
        self.armies.iter().enumerate().find(|(i, a)| a.is_some_and(|a| a.space == s) && army_side(*i as ArmyId) == side).map(|(i, _)| i as ArmyId)
    }
}

/// Player actions. Spaces, generals, armies and cards are content indexes; notation uses ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Place one reinforcement SP (FtP 10.3, 10.4).
    Reinforce { space: Sp },
    /// FtP 10.2: move one supplied infantry SP by rail through friendly spaces.
    Strategic { from: Sp, to: Sp },
    /// Place an arriving general in a space; the general is drawn at random (FtP 10.6.1).
    PlaceGeneral { space: Sp },
    /// End a step with nothing more to do.
    Done,
    /// FtP 3.3.1: the CSA goes first playing this campaign card as its event, or lets the Union start.
    CsaFirst { card: CardNo },
    UnionFirst,
    Ops { card: CardNo },
    Event { card: CardNo },
    Discard { card: CardNo },
    /// FtP 4.1 A: move an army (activate its commander).
    MoveArmy { army: ArmyId },
    /// FtP 5.3: a general with `sp` SP and optionally one extra general.
    MoveCorps { general: GeneralId, sp: u8, extra: Option<GeneralId> },
    /// FtP 5.4: `sp` SP from a space (loose SP only).
    MoveDivision { space: Sp, sp: u8 },
    /// FtP 5.4.4: a division of `sp` SP starting from inside `army` (its display).
    MoveArmyDivision { army: ArmyId, sp: u8 },
    /// FtP 5.5.2.
    MoveBrigade { general: GeneralId },
    /// FtP 4.1 B / 5.2.1.
    CreateArmy { space: Sp, army: ArmyId, commander: GeneralId },
    /// FtP 4.1 E / 6.8.6.
    BuildFort { space: Sp },
    /// FtP 4.1 F / 11.3: start placing PCs.
    PlacePcs,
    Pc { space: Sp },
    /// One step of the moving force (FtP 5.1.1).
    Step { to: Sp },
    /// FtP 5.2.6: the army spends 1 MP to place or flip a PC in its space.
    Convert,
    /// End the force's move.
    Stop,
    RetreatTo { space: Sp },
    /// FtP 7.2: try to retreat before battle, or stand and fight.
    Withdraw,
    Stand,
    /// FtP 5.2.9, 5.3.4: send this excess general to the turn track.
    Remove { general: GeneralId },
    /// FtP 5.8: intercept with the force in `from`, or let the enemy pass.
    Intercept { from: Sp },
    Decline,
    Capital { space: Sp },
    /// FtP 6.1.2: embark up to 3 SP and at most one general in a Union port for a naval move.
    NavalMove { space: Sp, sp: u8, general: Option<GeneralId> },
    /// FtP 6.1.1: sail the embarked force to a port.
    Sail { to: Sp },
    /// FtP 6.1.5: an army naval move, the whole of a campaign event.
    NavalArmy { army: ArmyId },
    /// Answer a scripted event's question with one of its options (FtP 4.2).
    Choose { option: Word },
    /// FtP 5.2.4: remove this army of the two in one space.
    Disband { army: ArmyId },
    /// FtP 5.2.8, 5.3.1: this general takes command.
    Command { general: GeneralId },
    /// FtP 5.8.1: intercept from `from` with the corps of `general` and `sp` SP, taking `extra`
    /// as the corps' additional general (5.3.3) when no cavalry brigade goes.
    InterceptWith { from: Sp, general: GeneralId, sp: u8, extra: Option<GeneralId> },
    /// FtP 5.5.4: take one battle loss from this cavalry brigade, or from infantry.
    LoseBrigade { general: GeneralId },
    /// One infantry SP: a loose SP of the space if there is one, else the army's.
    LoseInfantry,
    /// FtP 5.5.4, 9.1, 7.6.1, by our reading: one infantry SP off the army display although loose SP
    /// of the same force share its space (the owner picks, losses.rs).
    LoseArmyInfantry,
    /// FtP 5.6.1: relieve `army`'s commander; `commander` takes over.
    Relieve { army: ArmyId, commander: GeneralId },
    /// FtP 5.6.3, 5.6.4, 5.6.2: the relieved general's fate.
    Demote,
    Retire,
    Reassign { army: ArmyId },
    /// FtP 5.6.5: a reorganization move; pick a general; his destination.
    Reorganize,
    ReorgPick { general: GeneralId },
    ReorgTo { to: Sp },
    /// FtP 5.5.3: a cavalry brigade removes the enemy PC in its space.
    Raid { space: Sp },
    /// FtP 5.6.7 C, D (optional): this general's cavalry brigade absorbs 1 friendly SP: 2 SP.
    GrowBrigade { general: GeneralId },
    /// FtP 20: designate this general for an operations queue with the card played for OPs.
    OpenQueue { general: GeneralId },
    /// FtP 20: play this card for OPs into the operations queue.
    QueueCard { card: CardNo },
    /// FtP 5.1.5, 5.6.6: the moving force picks up one SP (`None`) or this general in its space.
    PickUp { general: Option<GeneralId> },
    /// FtP 5.1.5, 5.6.6: the moving force drops one SP (`None`) or this general in its space.
    DropOff { general: Option<GeneralId> },
    /// FtP 7.5.1: use `n` elite units (+1 each) in the battle about to be fought.
    Elite { n: u8 },
    /// FtP 5.6.7 B, D: place the drawn general on (or swap the moving one to) his
    /// cavalry-brigade counter (`brigade`) or his corps-commander counter.
    Counter { brigade: bool },
    /// FtP 12.4: apply this Strategic Will change (`State::sw_pending[index]`) next.
    SwFirst { index: u8 },
    /// FtP 5.9.3 (IT 5.93, the edition's `csa_rail_build` = `csa_ops_1864`): the CSA completes
    /// the 1864 railroads with an OPs card of any value.
    BuildRailroads,
}
