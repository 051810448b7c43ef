//! The Bobby Lee state: plain data, small integer ids interned from content (unit = index into
//! `Data::units`, hex = index into `Data::hexes`), cheap to clone.

use super::data::{Side, NONE};
use super::sequence::Auto;
use bivouac_engine::GameRng;
use serde::{Deserialize, Serialize};

/// Where a block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum St {
    /// Unbuilt or eliminated: may be built as a cadre (rule 12.4).
    Pool,
    /// On the map at `hex`.
    Map,
    /// A cadre built this Replacement Turn, not yet revealed to the enemy (rule 12.1).
    Pending,
    /// Eliminated while besieged: never rebuilt (rule 11.81).
    Removed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub st: St,
    pub hex: u16,
    pub steps: u8,
    /// Moved (or was moved strategically) this Campaign Turn (rule 5.3).
    pub moved: bool,
    /// Where it stood at the start of this Campaign Turn (forest stop, rule 1.24).
    pub from: u16,
    /// Hexes of movement used this turn.
    pub used: u8,
    /// Had to stop (attack, empty forest, marsh): no forced march.
    pub stop: bool,
    /// Forced-march target hex (rule 5.32), NONE if not marked.
    pub fm: u16,
    /// May move under an active Field HQ's command this turn (rule 5.1).
    pub cmd: bool,
    /// Face up (revealed) to the enemy (activated HQ, rule 5.11).
    pub shown: bool,
}

impl Unit {
    pub fn pool() -> Unit {
        Unit { st: St::Pool, hex: NONE, steps: 0, moved: false, from: NONE, used: 0, stop: false, fm: NONE, cmd: false, shown: false }
    }
    pub fn on_map(&self) -> bool {
        self.st == St::Map
    }
}

/// Where the month is (rule 4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// BL 3.2.3 free deployment (option): both sides secretly rearrange their set-up blocks.
    Deploy,
    /// Replacement Turn, step 0: the USA decides on Emancipation first (rule 3.55; the USA
    /// commits first when the other side's choice depends on it).
    Emancipation,
    /// Replacement Turn: simultaneous and secret (rule 12.1).
    Replacement,
    /// Initiative: simultaneous secret bids (rule 4.3).
    Bids,
    /// Campaign Turn, Movement Phase: activate HQs or pass (rule 4.41, 5.11).
    Activation,
    /// Units move under the active HQs (rule 5.3) and Strategic Moves (5.4).
    Movement,
    /// Active HQs have lost their step and may move (rule 5.11).
    HqMove,
    /// Combat Phase (rule 4.42, 6-7): the battles on one shared clock (`State::battle` is the
    /// one being played, `State::battles` the others).
    Battle,
    /// Supply Phase of the active player (rule 11.1): HQ supply, then attrition.
    Supply,
    /// The game is over.
    Over,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub rng: GameRng,
    /// Test seam: dice consumed before the RNG (empty in real games).
    pub forced: Vec<u8>,
    pub scenario: u8,
    pub campaign: bool,
    /// Rules options (readings of unclear rules), see `Opts`.
    pub opts: Opts,
    pub year: u16,
    pub month: u8,
    /// The first month of the game has no Replacement Turn (rule 4.2).
    pub first_month: bool,
    pub mud: bool,
    /// November/April weather has changed and is fixed for the month (rule 3.41).
    pub weather_fixed: bool,
    /// Victory Track: positive = toward the USA Decisive box (rule 3.1).
    pub vp: i8,
    pub units: Vec<Unit>,
    /// Controller of every hex (rule 8), recomputed at each phase start.
    pub control: Vec<Side>,
    pub phase: Phase,
    /// The side playing the Campaign Turn.
    pub active: Side,
    /// Consecutive Pass turns (rule 4.5).
    pub passes: u8,
    /// The first Campaign Turn's winner must activate exactly this many HQs (rule 4.3).
    pub must_activate: Option<u8>,
    pub bids: [Option<u8>; 2],
    pub done: [bool; 2],
    pub rp: [u8; 2],
    /// Free infantry cadres from conscription still to place (rule 3.54).
    pub draft_cadres: [u8; 2],
    pub drafted_this_turn: [bool; 2],
    /// Drafts so far in `draft_year` (rule 3.54: the VP cost escalates within a calendar year).
    pub drafts: [u8; 2],
    pub draft_year: u16,
    pub emancipation_used: bool,
    /// The USA won a battle with at least six CSA units this month / last month (rule 3.55).
    pub major_win_this_month: bool,
    pub major_win_last_month: bool,
    /// HQs activated this Campaign Turn.
    pub hqs: Vec<u8>,
    /// Strategic Moves left from the Supreme HQ (rule 5.4).
    pub sm: u8,
    /// Hexside attack counts this Campaign Turn: (from hex, to hex, units) (rule 1.21).
    pub attacks: Vec<(u16, u16, u8)>,
    /// HQs that paid for HQ supply this Supply Phase (rule 11.7).
    pub hq_supply: Vec<u8>,
    /// Months of continuous USA occupation of Alexandria (rule 9.5).
    pub alexandria_months: u8,
    pub military_rr: bool,
    /// The automatic step of the sequence of play due next (BL 4.1), run by the flow driver
    /// before an action returns: `None` whenever a decision is owed, so never saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due: Option<Auto>,
    /// The battle being played now (rule 6), with its pending decision (`Battle::step`).
    pub battle: Option<Battle>,
    /// The other battles of this Combat Phase, waiting on the shared battle clock (rule 6.1,
    /// a reading of BL 6.1), in hex order.
    pub battles: Vec<Battle>,
    /// Battles won this Combat Phase: (hex, day, battle turn) of the victory; the victors may
    /// reinforce an adjacent battle from the next battle turn (rule 7.52).
    pub won: Vec<(u16, u8, u8)>,
    /// The last battle day whose disrupted units recovered (rule 7.13: at the end of the day).
    pub recovered: u8,
    /// Units disrupted by a retreat or regroup this Combat Phase: they may not reinforce
    /// another battle (rule 7.13).
    pub disrupted: Vec<u8>,
    /// Units that invaded by sea this Campaign Turn, with the port they sailed from (rule 10.4).
    pub invaders: Vec<(u8, u16)>,
    /// A surrender the active player demanded of the besieged enemy force in this hex, waiting
    /// for the besieged player's answer (rule 11.81).
    #[serde(default)]
    pub demand: Option<u16>,
    /// Hexes whose surrender was demanded this Campaign Turn: one demand per hex and turn
    /// (a refusal stands for the turn; option `surrender-demands`).
    #[serde(default)]
    pub demanded: Vec<u16>,
    /// Units the active player picked, among equally strong units of a hex over its forage
    /// limit, to take the supply attrition steps (rule 11.6: the largest first, then the
    /// owner's choice, as for combat losses, rule 7.32).
    #[serde(default)]
    pub attrition_picks: Vec<u8>,
    /// Campaign Turns played (for reports).
    pub turns: u32,
    pub winner: Option<Option<Side>>,
    pub end_reason: String,
}

/// Readings of unclear rules that players may choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    /// A20: inactive HQs in an active HQ's range may move as ordinary units.
    pub hq_moves_hq: bool,
    /// A16: Turnpike bonus is +1 on the current-weather speed (true) or on the Dry speed.
    pub pike_current_speed: bool,
    /// A51: the military railroad opens in January 1862 or after six months of USA occupation
    /// of Alexandria, whichever comes first (true); false = the six months apply only after
    /// January 1862 when the USA regains Alexandria.
    pub military_rr_first: bool,
    /// A reading of an unclear rule: invaders retreat by land to any adjacent hex held by friendly
    /// units only (true), or only across hexsides used to reinforce their battle (false).
    pub invader_adjacent: bool,
    /// The CSA may use the Appomattox as well as the James (true), or the James only.
    pub csa_appomattox: bool,
    /// Units that cannot leave in a night withdrawal are eliminated (false), or
    /// stay and the battle goes on (true).
    pub night_stay: bool,
    /// A reading of an unclear rule: a besieged group is made of adjacent hexes occupied by the side
    /// (false), or also of the empty hexes it controls between them (true).
    #[serde(default)]
    pub siege_group_controlled: bool,
    /// A reading of an unclear rule: naval supply to one port of a besieged group lifts the siege of the
    /// whole group (false), or of that port's hex only (true).
    #[serde(default)]
    pub siege_naval_port_only: bool,
    /// A reading of an unclear rule: a refused surrender stands for the turn: one demand per besieged
    /// hex per Campaign Turn (false), or one demand per Campaign Turn in all (true).
    #[serde(default)]
    pub one_demand_per_turn: bool,
    /// BL 3.2.3: free deployment (true) or historical deployment (false, BL 3.2.2).
    #[serde(default)]
    pub free_deploy: bool,
    /// A reading of an unclear rule: in a free deployment the strengths follow the blocks (false) or
    /// stay with the historical set-up locations (true).
    #[serde(default)]
    pub deploy_location_strengths: bool,
}

impl Default for Opts {
    fn default() -> Self {
        Opts { hq_moves_hq: true, pike_current_speed: true, military_rr_first: true, invader_adjacent: true, csa_appomattox: true, night_stay: false, siege_group_controlled: false, siege_naval_port_only: false, one_demand_per_turn: false, free_deploy: false, deploy_location_strengths: false }
    }
}

/// Every action. Units and hexes are written by content id / hex label in notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `emancipate` / `no-emancipation` (rule 3.55).
    Emancipate(bool),
    /// `step U`: add one step to a supplied unit (rule 12.3).
    Step(u8),
    /// `build U HEX`: place a cadre (rule 12.4), free if it uses a conscription cadre.
    Build(u8, u16),
    /// `draft` (rule 3.54).
    Draft,
    /// `done`: finish the Replacement Turn.
    Done,
    /// `bid N` (rule 4.3), 0 = pass.
    Bid(u8),
    /// `swap A B`: free deployment, two own blocks exchange set-up locations (rule 3.2.3).
    Swap(u8, u8),
    /// `activate HQ` (rule 5.11).
    Activate(u8),
    /// `pass` (rule 4.5).
    Pass,
    /// `march`: the HQs are revealed; start moving.
    March,
    /// `move U HEX [from VIA]`: a move under command (rule 5.3), or an HQ's own move; an attack
    /// names the hex it enters the enemy hex from (the hexside crossed, rule 1.21), else NONE.
    Move(u8, u16, u16),
    /// `force U HEX`: mark a forced march to an adjacent hex (rule 5.32).
    Force(u8, u16),
    /// `sm U HEX [from VIA]`: a strategic land move (rule 5.4), `via` as for `Move`.
    SmLand(u8, u16, u16),
    /// `rail U HEX` (rule 9.3).
    Rail(u8, u16),
    /// `naval U HEX` (rule 10.3).
    Naval(u8, u16),
    /// `evacuate U HEX` (rule 10.42).
    Evacuate(u8, u16),
    /// `cross U HEX` (rule 10.5).
    Cross(u8, u16),
    /// `invade U HEX`: a USA infantry naval invasion, 2 SM (rule 10.4).
    Invade(u8, u16),
    /// `demand HEX`: demand the surrender of the besieged enemy force in this hex (rule 11.81).
    Demand(u16),
    /// `surrender HEX`: the besieged force in this hex surrenders, answering a demand or
    /// voluntarily in the owner's own Campaign Turn (rule 11.81).
    Surrender(u16),
    /// `refuse`: refuse a demanded surrender (rule 11.81).
    Refuse,
    /// `hq-supply HQ` (rule 11.7).
    HqSupply(u8),
    /// `end`: end the current step.
    End,
    /// `deploy U BOX` (rule 6.2).
    Deploy(u8, u8),
    /// `retreat U HEX` (rule 7.1; also a Regroup retreat, rule 6.4).
    Retreat(u8, u16),
    /// `fire U BOX` (rule 7.3): engaged, long-range, heavy artillery or enfilade fire.
    Fire(u8, u8),
    /// `melee BOX` (rule 7.35).
    Melee(u8),
    /// `press`: fight a second melee round (rule 7.35).
    Press,
    /// `break BOX`: break off the melee, disengaging to this friendly box (rule 7.35, 7.42).
    Break(u8),
    /// `disengage U BOX`: where a unit makes a forced disengagement (rule 7.2, 7.35, 7.42).
    Disengage(u8, u8),
    /// `bmove U BOX` (rule 7.4).
    BMove(u8, u8),
    /// `reinforce U` (rule 7.5).
    Reinforce(u8),
    /// `withdraw`: retreat everything at night (rule 6.33).
    Withdraw,
    /// `continue [HQ]`: fight another day; the attacker names the Battle HQ (rule 6.33).
    Continue(Option<u8>),
    /// `envelop U BOX`: an enveloping move from the Reserve to a flank (rule 7.43), or a Lost
    /// unit's new attempt.
    Envelop(u8, u8),
    /// `hit U`: the owner picks which of its equally strong units takes the next hit (rule 7.32),
    /// or the next supply attrition step (rule 11.6).
    Hit(u8),
    /// `target U ENEMY`: counter-battery fire at one revealed enemy artillery unit (rule 7.33).
    Target(u8, u8),
    /// `fight HEX`: play the next battle turn (or deployment, or Night) in this battle (rule 6.1).
    Fight(u16),
}

/// Battle-board boxes (rule 6.2): `side * 4 + pos`, pos 0 Left, 1 Center, 2 Right, 3 Reserve.
pub type Bx = u8;

/// One block on the battle board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BUnit {
    pub u: u8,
    /// `NOBOX` until deployed.
    pub bx: Bx,
    /// Fired or meleed this battle turn (rule 7.3).
    pub fired: bool,
    /// Battle moves made this battle turn (rule 7.4, 7.44).
    pub moves: u8,
    pub disengaged: bool,
    pub engaged: bool,
    /// Arrived as a reinforcement this battle turn (available next friendly turn, rule 7.5).
    pub fresh: bool,
    /// In the battle but disrupted (retreated in from an adjacent battle, rule 7.13).
    pub disrupted: bool,
    /// Double Defense half-hit (rule 7.36).
    pub half: bool,
    /// Marked to retreat to this hex at the end of the retreat segment (rule 7.1), or NONE.
    pub retreat: u16,
    /// Started a melee (a fortress defender then loses Double Defense, rule 7.6).
    pub meleed: bool,
    /// Enveloping toward this flank box (rule 7.43), NOBOX if not; with `lost` after a failure.
    pub env: Bx,
    pub lost: bool,
    /// A Lost unit's new attempt aims at going back to the Reserve (rule 7.43).
    pub back: bool,
    /// It engaged the enemy in its box (moved in), rather than being engaged there: a garrison
    /// then fires F1, not F2 (rule 2.2.4).
    pub engager: bool,
}

pub const NOBOX: Bx = u8::MAX;

/// Where a battle is (its pending decision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BStep {
    /// The side deploys (defender first, rule 6.2).
    Deploy(Side),
    /// Segments of the phasing player's battle turn (rule 7.0).
    Retreat,
    Combat,
    /// A melee round was fought in `bx`; `by` decides whether to press or break (rule 7.35).
    Melee { bx: Bx, by: Side, round: u8 },
    Moves,
    Reinforce,
    /// Night: `by` withdraws or continues (rule 6.33), defender first.
    Night(Side),
    /// Night reinforcement of `by` after both continued (rule 6.33).
    NightReinforce(Side),
    /// `by` must retreat every unit (night withdrawal, rule 6.33, or rout, rule 7.15, with
    /// day limits) and chooses each unit's hex; the rest are eliminated.
    Leave { by: Side, night: bool, rout: bool },
    /// `by` chooses which of its equally strong units takes the next hit (rule 7.32).
    Casualty(Side),
    /// The owner of unit `u` chooses where it makes a forced disengagement (rule 7.42) after a
    /// failed morale check (`morale`, rule 7.2) or a second melee round (rule 7.35).
    Disengage { u: u8, morale: bool },
    /// The victor may retreat or reinforce, not both (rule 6.4). mode 0 none yet, 1 retreat, 2 reinforce.
    Regroup(Side, u8),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub hex: u16,
    pub attacker: Side,
    pub fortress: bool,
    pub forest: bool,
    pub units: Vec<BUnit>,
    /// Friendly side of each box (rule 6.2 sidebar), indexed by box.
    pub owner: [Side; 8],
    pub day: u8,
    /// 0..8: Dawn A, Dawn D, Morning A, ... Dusk D (rule 6.3).
    pub turn: u8,
    pub step: BStep,
    /// Hexes the attacker attacked or reinforced from (its retreat hexes, rule 7.11).
    pub att_from: Vec<u16>,
    /// Retreats this battle turn through each neighbour hex (rule 7.12).
    pub crossed: Vec<(u16, u8)>,
    /// Reinforcements this battle turn through each neighbour hex, and failed DR rolls (rule 7.51).
    pub rein: Vec<(u16, u8, u8)>,
    /// CSA units that took part (major battle, rule 3.55).
    pub csa: Vec<u8>,
    /// A fire (not melee) happened this battle turn: no more melees (rule 7.35).
    pub fired_any: bool,
    /// The Night turn's first step (disengagement, recovery, Lost units, rule 6.31) is done.
    pub nightfall: bool,
    /// Hits rolled and not yet taken, in order (rule 7.32).
    pub casualties: Vec<Casualties>,
    /// While the owner chooses a casualty: the step to go back to and what comes next.
    pub resume: Option<(BStep, After)>,
    /// The defender's hex was besieged when the battle began: its blocks eliminated in the
    /// battle are removed for good (rule 11.81).
    #[serde(default)]
    pub besieged: bool,
    /// Units that took their morale check this battle turn (rule 7.2).
    #[serde(default)]
    pub checked: Vec<u8>,
}

/// Hits scored on a group of units, taken one at a time by the strongest (rule 7.32).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casualties {
    pub group: Vec<u8>,
    pub hits: u8,
    /// Melee hits (forest Double Defense of the side being meleed, rule 7.36).
    pub melee: bool,
}

/// What follows once every hit of a fire is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum After {
    /// Fire in the Combat segment.
    Settle,
    /// The first melee round in box `0`; the second (rule 7.35).
    Melee1(Bx),
    Melee2(Bx),
    /// Pursuit fire: the retreating units then leave (rule 7.14).
    Retreat,
    /// Rout pursuit: the routed side then retreats (rule 7.15).
    Rout(Side),
    /// An envelopment's fire: the other envelopments follow (rule 7.43).
    Envelop,
}
