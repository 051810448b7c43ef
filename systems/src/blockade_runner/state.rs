//! Blockade Runner state: plain data, small integer ids, the RNG inside.

use bivouac_engine::GameRng;
use bivouac_engine::flow::Flow;
use serde::{Deserialize, Serialize};

/// Scenario options: readings of rules that players could read two ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    /// B11: `N = max(0, min(12, deck) + m)` (true, literal) or `N = min(12 + m, deck)` (false).
    pub literal_draw: bool,
    /// D5: one defense purchase per Play-Card action (true) or one level per port (false).
    pub one_purchase: bool,
    /// C1: the empty-ship bonus counts once (true) or twice in the evasion roll (false).
    pub empty_once: bool,
    /// E6: when nobody delivered arms, nobody (true) or everybody (false) gets the 5th action.
    pub no_bonus_at_zero: bool,
    /// [EXT] optional rule: number of evasion dice (2, or 3).
    pub evasion_dice: u8,
    /// F2: players who won a ship in this auction action may not bid on the later ships (true),
    /// or the seed's literal "may not auction" (L266-267) read as no restriction on bidding.
    #[serde(default = "yes")]
    pub winners_excluded: bool,
}

fn yes() -> bool {
    true
}

impl Default for Opts {
    fn default() -> Self {
        Opts { literal_draw: true, one_purchase: true, empty_once: true, no_bonus_at_zero: true, evasion_dice: 2, winners_excluded: true }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// k$; public (L295).
    pub money: i32,
    /// Action-card instances (indexes into `Content::card_instances`); hidden.
    pub hand: Vec<u8>,
    /// Arms cubes in this player's War Goods Delivered slot this turn (L181-184).
    pub delivered: u8,
    /// Takes the extra action this turn (L184-186).
    pub bonus: bool,
    /// An Insurance card in play in front of the player.
    pub insurance: Option<u8>,
    /// Evasion bonus from cards until the end of the year.
    pub evasion: u8,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    /// None: on display (available) or destroyed.
    pub owner: Option<u8>,
    pub lost: bool,
    /// The zone it is in (None: not on the board).
    pub zone: Option<u8>,
    pub cargo: [u8; 4],
    /// Attached action cards (Captain, Pilot).
    pub attached: Vec<u8>,
}

impl Ship {
    pub fn load(&self) -> u8 {
        self.cargo.iter().sum()
    }
    pub fn available(&self) -> bool {
        self.owner.is_none() && !self.lost
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocState {
    pub supply: [u8; 4],
    pub blockade: u8,
    pub defense: u8,
    pub captured: bool,
}

/// One ship in a Move action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveSlot {
    pub ship: u8,
    /// Zones moved so far.
    pub used: u8,
    /// Distance allowance, fixed when the ship first leaves its zone (0 = not yet moved).
    pub allow: u8,
    /// Already rolled for the High Seas Squadron during this move (B9: once per move).
    pub squadron: bool,
}

/// The stack of procedures and pending decisions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    // ----- automatic steps (never on top once `advance` returns)
    /// Start of a year: the Union Action (BR 3.1).
    YearStart,
    /// Ports still to be assaulted this turn, in draw order (BR 3.1.2, B5).
    Assaults { ports: Vec<u8> },
    /// A fallen port, captured once its zone is empty (BR 3.1.2 step 2.3).
    Capture { port: u8 },
    /// Inland capture, squadron, goods management, turn order (BR 3.1.3-3.3).
    AfterAssaults,
    /// Player turns in turn order; `idx` = next position (BR 3.4).
    Turns { idx: u8 },
    // ----- decisions
    /// Initial placement, one ship at a time clockwise (BR 2.3).
    Placement { seat: u8 },
    /// A player's turn: choose an action (BR 3.4).
    Turn { seat: u8, left: u8, offers: u8 },
    /// A Load (rail = false) or Rail Transport (rail = true) action (BR 3.5.1, 3.5.6).
    Load { seat: u8, rail: bool },
    /// An Unload action with the prices fixed at its start (BR 3.5.2).
    Unload { seat: u8, price: [i16; 4], bribed: u64 },
    /// A Move action, or the forced evacuation of `evac` (BR 3.5.3, 3.1.2).
    Move { seat: u8, evac: Option<u8>, ships: Vec<MoveSlot> },
    /// After playing a card: add money to the fund and buy defense (BR 3.5.4).
    Fund { seat: u8, bought: bool, improved: u64 },
    /// Auction a Ship: the auctioneer picks a ship or stops (BR 3.5.5).
    AuctionPick { seat: u8, winners: u8, offered: u64 },
    /// Bidding clockwise on one ship (BR 3.5.5).
    Bid { ship: u8, auctioneer: u8, high: Option<(u8, i32)>, bidder: u8, out: u8 },
    /// Place a ship just won or received (BR 3.5.5, 3.7).
    PlaceShip { seat: u8, ship: u8 },
    /// A card-for-card trade offer awaiting its answer (BR 3.9).
    TradeReply { from: u8, to: u8, card: u8 },
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct State {
    pub n: u8,
    pub year: u16,
    pub over: bool,
    /// The game ended by a scenario's victory hook (Lua): the winning seat (`None`: a draw)
    /// and the reason, which the outcome reports instead of BR 3.11's scores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hook_victory: Option<(Option<u8>, String)>,
    pub opts: Opts,
    pub rng: GameRng,
    /// Test seam: die results used before the RNG (empty in real games).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forced: Vec<u8>,
    pub flow: Flow<Frame>,
    pub players: Vec<Player>,
    pub ships: Vec<Ship>,
    pub locs: Vec<LocState>,
    /// Index on each good's price track (arms: unused).
    pub price: [u8; 4],
    /// Cubes in each good's sales box.
    pub sales: [u8; 4],
    /// The general supply.
    pub reserve: [u32; 4],
    /// A cube of this good was sold this turn / last turn (E2).
    pub sold: [bool; 4],
    pub sold_last: [bool; 4],
    /// Total arms delivered in the previous turn (input of the Union Action).
    pub arms_last: u32,
    /// Union Blockade cards out of play (their port was captured), bit per card.
    pub union_out: u64,
    pub deck: Vec<u8>,
    pub discard: Vec<u8>,
    /// Cards lost with their ship.
    pub removed: Vec<u8>,
    /// Port Defense Fund, k$.
    pub fund: i32,
    pub squadron: Option<u8>,
    pub turn_order: Vec<u8>,
    /// The answer to the last trade offer (BR 3.9): the table sees whether cards changed hands,
    /// never which.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_trade: Option<TradeAnswer>,
}

/// BR 3.9: who offered, who answered, and whether the trade was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TradeAnswer {
    pub from: u8,
    pub to: u8,
    pub accepted: bool,
}

impl State {
    /// One die: a forced result if the test queue has one, else the RNG.
    pub fn die(&mut self, sides: u32) -> u32 {
        if !self.forced.is_empty() {
            return self.forced.remove(0) as u32;
        }
        self.rng.roll(sides)
    }
}
