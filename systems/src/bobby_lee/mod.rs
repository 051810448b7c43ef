//! Bobby Lee (Columbia Games, rules 2.0): the Eastern Theater 1861-1864 with hidden blocks.
//!
//! * [`data`]: the content of `content/bobby-lee/` (map, blocks, charts, scenarios) checked
//!   and interned.
//! * [`state`]: the plain-data state and the actions.
//! * [`rules`]: the month, command, movement, strategic moves, supply, sieges and victory.
//! * [`water`]: which ports a ship passes to reach a coastal hex that is not a port.
//! * [`battle`]: the Combat Phase (rules 6-7): battle board, deployment, battle turns, night.

mod ai;
pub mod battle;
mod board;
pub mod data;
mod deploy;
mod hooks;
#[cfg(test)]
mod hooks_tests;
mod prompt;
mod rules;
mod sequence;
pub mod state;
mod water;
#[cfg(test)]
mod fog_tests;
#[cfg(test)]
mod tests;

use bivouac_engine::content::{ContentSet, Diagnostics};
use bivouac_engine::game::{Game, OptionInfo, Outcome, ScenarioInfo, Seat, Setup};
use bivouac_engine::log::{Log, Refusal};
use bivouac_engine::session::{AnyGame, Registered};
use data::{Data, Side, NONE};
use serde::Serialize;
use state::{Action, Opts, Phase, St, State};
use std::path::PathBuf;

pub const DIR: &str = "bobby-lee";

/// The rules plus the loaded content.
pub struct BobbyLee {
    pub data: Data,
    /// Attacks (entering enemy hexes) are offered only once the battle rules exist.
    pub attacks: bool,
    pub(crate) baltimore: Option<u16>,
    pub(crate) washington: Option<u16>,
    pub(crate) alexandria: Option<u16>,
    pub(crate) norfolk: Option<u16>,
    /// Land hexes on the coast or a navigable river, or with a port, in hex order: the
    /// targets an invasion may have (rule 10.4), derived from the map at load.
    pub(crate) shore: Vec<u16>,
    /// Per scenario, then the campaign: its special rules as Lua hooks (`hooks.toml`).
    pub(crate) hooks: Vec<bivouac_engine::hooks::Hooks>,
}

impl BobbyLee {
    pub fn new(data: Data) -> Self {
        let find = |id: &str| data.place_index(id).map(|p| data.places[p].hex);
        let mut g = BobbyLee {
            baltimore: find("baltimore"),
            washington: find("washington"),
            alexandria: find("alexandria"),
            norfolk: find("norfolk"),
            data,
            attacks: true,
            shore: Vec::new(),
            hooks: Vec::new(),
        };
        g.hooks = vec![Default::default(); g.data.scenarios.len() + 1];
        g.shore = (0..g.data.hexes.len() as u16).filter(|&t| g.land(t) && (g.coastal(t) || g.port_at(t).is_some())).collect();
        g
    }
}

/// Read and check the content; the game itself once it is playable.
pub fn load_game(layers: &[PathBuf]) -> Result<(BobbyLee, String), Diagnostics> {
    let set = ContentSet::open(layers, DIR)?;
    let data = data::load_data(&set)?;
    let mut game = BobbyLee::new(data);
    game.hooks = hooks::load(&set, &game)?;
    Ok((game, set.hash().to_string()))
}

pub fn load(layers: &[PathBuf]) -> Result<Option<Box<dyn AnyGame>>, Diagnostics> {
    let (game, hash) = load_game(layers)?;
    Ok(Some(Box::new(Registered::new(game, hash))))
}

// Options are readings of rules the rulebook leaves open, except `deployment` (BL 3.2.2 /
// 3.2.3, two ways to set up). The first value of each is the default.
// `csa-naval-rivers`: BL 5.4 names the Appomattox, BL 10.1 and 11.42 the James only; the CSA
// uses a waterway for naval movement and supply only while it holds Norfolk.
// `military-railroad` = `both`: the six months of occupation count only after January 1862,
// when the USA regains Alexandria.
// `free-deployment-strengths` = `location`: a swap is legal only where each block can hold the
// strength of the other's location (its maximum, BL 2.4).
const OPTIONS: &[(&str, &str, &[&str])] = &[
    ("hq-moves-hq", "Inactive HQs inside an active Field HQ's Command Range: 'yes' (default): they may move as ordinary units; 'no': they may not (BL 5.12)", &["yes", "no"]),
    ("turnpike-speed", "The Valley Turnpike's +1 speed is added to 'current' (default): the speed in the current weather; 'dry': the Dry-weather speed (BL 1.6)", &["current", "dry"]),
    ("military-railroad", "The Washington-Alexandria railroad opens 'first' (default): in January 1862 or after six months of USA occupation of Alexandria, whichever comes first; 'both': only after both (BL 9.5)", &["first", "both"]),
    ("csa-naval-rivers", "CSA naval movement and supply while it holds Norfolk: 'james-appomattox' (default): on the James and the Appomattox; 'james': on the James only (BL 5.4, 10.1)", &["james-appomattox", "james"]),
    ("night-withdrawal", "Units that cannot leave in a night withdrawal: 'eliminated' (default): they are eliminated; 'stay': they stay and the battle goes on (BL 6.33)", &["eliminated", "stay"]),
    ("invader-retreat", "Invaders retreat by land 'adjacent' (default): to any adjacent hex held by friendly units only; 'hexsides': only across the hexsides used to reinforce their battle (BL 10.41)", &["adjacent", "hexsides"]),
    ("siege-group", "A besieged group of adjacent hexes is made of 'occupied' (default): the hexes the side occupies; 'controlled': also the empty hexes it controls between them (BL 11.8)", &["occupied", "controlled"]),
    ("siege-naval", "Naval supply to one port of a besieged group lifts the siege of 'group' (default): the whole group; 'port': that port's hex only (BL 11.8)", &["group", "port"]),
    ("deployment", "'historical' (default): each side sets up exactly as its order of battle; 'free': each side secretly rearranges its blocks among its set-up locations, as many at each (BL 3.2.2, 3.2.3)", &["historical", "free"]),
    ("free-deployment-strengths", "In a free deployment, 'block' (default): each block keeps its historical strength; 'location': each set-up location keeps the strengths the order of battle lists there (BL 3.2.3)", &["block", "location"]),
    ("surrender-demands", "A refused surrender demand stands for the turn: 'per-hex' (default): one demand per besieged hex per Campaign Turn; 'per-turn': one per Campaign Turn in all (BL 11.81)", &["per-hex", "per-turn"]),
];

impl BobbyLee {
    fn unit_id(&self, u: u8) -> &str {
        &self.data.units[u as usize].id
    }
    fn label(&self, h: u16) -> &str {
        &self.data.hexes[h as usize].label
    }
    fn parse_unit(&self, t: &str) -> Result<u8, Refusal> {
        self.data.unit_index(t).map(|u| u as u8).ok_or_else(|| Refusal::new("notation", format!("unknown unit `{t}`")))
    }

    /// The battle board of `b` as seat side `me` sees it (rule 2.5, 6.2).
    fn battle_view(&self, s: &State, b: &state::Battle, me: Option<Side>) -> BattleView {
        let mut blocks: Vec<BattleBlock> = b
            .units
            .iter()
            .map(|x| {
                let i = x.u as usize;
                let side = self.data.units[i].side;
                let known = me == Some(side) || s.units[i].shown;
                BattleBlock {
                    side: side.name(),
                    pos: (x.bx != state::NOBOX).then(|| battle::box_name(x.bx)),
                    id: known.then(|| self.data.units[i].id.clone()),
                    kind: known.then(|| self.data.ty(i).id.clone()),
                    steps: known.then_some(s.units[i].steps),
                    disrupted: x.disrupted,
                }
            })
            .collect();
        // A fixed order that does not depend on hidden identities.
        blocks.sort_by(|a, b| (a.side, &a.pos, a.id.is_none(), &a.id).cmp(&(b.side, &b.pos, b.id.is_none(), &b.id)));
        let times = ["Dawn", "Dawn", "Morning", "Morning", "Afternoon", "Afternoon", "Dusk", "Dusk", "Night"];
        BattleView {
            hex: self.data.hexes[b.hex as usize].label.clone(),
            attacker: b.attacker.name(),
            day: b.day,
            time: times[(b.turn as usize).min(8)],
            step: format!("{:?}", b.step),
            fortress: b.fortress,
            blocks,
        }
    }

    /// BL 2.5: an event about block `i`. Its owner reads the block's name, the others read
    /// "a USA block in 0814"; everyone reads the name once the block is face up.
    pub(crate) fn log_block(&self, s: &State, i: usize, log: &mut Log, text: impl Fn(&str) -> String) {
        let def = &self.data.units[i];
        if s.units[i].shown {
            log.info(|| text(&def.id));
            return;
        }
        let owner = def.side.idx() as Seat;
        log.push(bivouac_engine::log::EventKind::Info, bivouac_engine::Visibility::Seat(owner), || text(&def.id));
        let hex = s.units[i].hex;
        let place = if (hex as usize) < self.data.hexes.len() { format!(" in {}", self.data.hex_name(hex)) } else { String::new() };
        let public = format!("a {} block{place}", def.side.name());
        log.push(bivouac_engine::log::EventKind::Info, bivouac_engine::Visibility::Others(owner), || text(&public));
    }

    fn via(&self, v: u16) -> String {
        if v == NONE {
            String::new()
        } else {
            format!(" from {}", self.label(v))
        }
    }
    fn parse_hex(&self, t: &str) -> Result<u16, Refusal> {
        self.data.hex_of_label(t).or_else(|| self.data.place_index(t).map(|p| self.data.places[p].hex)).ok_or_else(|| Refusal::new("notation", format!("unknown hex `{t}`")))
    }
}

/// What one seat may see (rule 2.5 fog of war): positions and sides of all blocks; type,
/// name and strength only of its own blocks and of revealed enemy HQs.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub seat: Option<Seat>,
    pub date: String,
    pub weather: &'static str,
    pub phase: String,
    pub active: &'static str,
    pub vp: i8,
    pub blocks: Vec<BlockView>,
    /// Own commitments only (bids, replacement done).
    pub my_bid: Option<u8>,
    pub committed: [bool; 2],
    pub rp: Option<u8>,
    pub strategic_moves: u8,
    /// The hex whose besieged force was asked to surrender, awaiting the answer (rule 11.81).
    pub surrender_demanded: Option<String>,
    /// The battle being played, if any (rule 6).
    pub battle: Option<BattleView>,
    /// The other battles of this Combat Phase, waiting on the shared clock (rule 6.1).
    pub other_battles: Vec<BattleView>,
    pub outcome: Option<String>,
}

/// The battle board as one seat sees it: every block's box, and the face of own and revealed
/// blocks only (rule 2.5, 6.2).
#[derive(Clone, Debug, Serialize)]
pub struct BattleView {
    pub hex: String,
    pub attacker: &'static str,
    pub day: u8,
    pub time: &'static str,
    pub step: String,
    pub fortress: bool,
    pub blocks: Vec<BattleBlock>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BattleBlock {
    pub side: &'static str,
    /// None while undeployed.
    pub pos: Option<String>,
    pub id: Option<String>,
    pub kind: Option<String>,
    pub steps: Option<u8>,
    pub disrupted: bool,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BlockView {
    pub side: &'static str,
    pub hex: String,
    /// None for an enemy block that is not revealed.
    pub id: Option<String>,
    /// The block's name in this scenario (its historical name in the scenario's first month,
    /// else its units.toml name), when its id is shown.
    pub name: Option<String>,
    pub kind: Option<String>,
    pub steps: Option<u8>,
}

impl Game for BobbyLee {
    type State = State;
    type Action = Action;
    type View = View;

    fn id(&self) -> &'static str {
        DIR
    }

    fn title(&self) -> &str {
        &self.data.title
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        let options: Vec<OptionInfo> = OPTIONS.iter().map(|(k, desc, vals)| OptionInfo { key: k.to_string(), description: desc.to_string(), values: vals.iter().map(|v| v.to_string()).collect() }).collect();
        let mut v: Vec<ScenarioInfo> = self
            .data
            .scenarios
            .iter()
            .map(|s| ScenarioInfo { id: s.id.clone(), title: s.title.clone(), min_players: 2, max_players: 2, default_players: 2, options: options.clone() })
            .collect();
        let mut camp = options.clone();
        camp.insert(0, OptionInfo { key: "start".into(), description: "BL 3.3: the campaign starts in July 1861, or May 1862, 1863 or 1864 with that year's OB".into(), values: self.data.scenarios.iter().map(|s| s.id.clone()).collect() });
        v.push(ScenarioInfo { id: "campaign".into(), title: "Campaign game: until a Decisive victory (1861-1866)".into(), min_players: 2, max_players: 2, default_players: 2, options: camp });
        v
    }

    fn setup(&self, setup: &Setup) -> Result<State, Refusal> {
        if setup.players != 2 {
            bivouac_engine::refuse!("BL 1.1", "Bobby Lee is a two-player game");
        }
        let Some(known) = self.scenarios().into_iter().find(|s| s.id == setup.scenario).map(|s| s.options) else {
            bivouac_engine::refuse!("BL 3.2", "unknown scenario `{}`", setup.scenario);
        };
        bivouac_engine::game::check_options("options", setup, &known)?;
        let (campaign, year) = if setup.scenario == "campaign" { (true, setup.option("start").unwrap_or("1861").to_string()) } else { (false, setup.scenario.clone()) };
        let Some(sc) = self.data.scenarios.iter().position(|s| s.id == year) else {
            bivouac_engine::refuse!("BL 3.2", "unknown scenario `{}`", setup.scenario);
        };
        let mut opts = Opts::default();
        for (k, v) in &setup.options {
            match (k.as_str(), v.as_str()) {
                ("hq-moves-hq", "no") => opts.hq_moves_hq = false,
                ("turnpike-speed", "dry") => opts.pike_current_speed = false,
                ("csa-naval-rivers", "james") => opts.csa_appomattox = false,
                ("night-withdrawal", "stay") => opts.night_stay = true,
                ("invader-retreat", "hexsides") => opts.invader_adjacent = false,
                ("siege-group", "controlled") => opts.siege_group_controlled = true,
                ("siege-naval", "port") => opts.siege_naval_port_only = true,
                ("surrender-demands", "per-turn") => opts.one_demand_per_turn = true,
                ("deployment", "free") => opts.free_deploy = true,
                ("free-deployment-strengths", "location") => opts.deploy_location_strengths = true,
                ("military-railroad", "both") => opts.military_rr_first = false,
                // The defaults (the first value of each option) and `start` (the campaign's year).
                _ => {}
            }
        }
        self.new_state(sc, campaign, opts, setup.seed)
    }

    fn seat_names(&self, _state: &State) -> Vec<String> {
        vec!["usa".into(), "csa".into()]
    }

    fn active_seats(&self, s: &State) -> Vec<Seat> {
        match s.phase {
            Phase::Over => vec![],
            Phase::Emancipation => vec![0],
            Phase::Replacement | Phase::Deploy => (0..2).filter(|&i| !s.done[i as usize]).collect(),
            Phase::Bids => (0..2).filter(|&i| s.bids[i as usize].is_none()).collect(),
            Phase::Battle => self.battle_actor(s).map(|x| vec![x.idx() as u8]).unwrap_or_default(),
            // BL 11.81: the besieged player answers a surrender demand.
            _ if s.demand.is_some() => vec![s.active.other().idx() as u8],
            _ => vec![s.active.idx() as u8],
        }
    }

    /// BL 2.5 (fog of war): the enemy sees where blocks stand and move, never which block it
    /// is until it is revealed; so an action naming a face-down block reads "a block" with the
    /// hexes or battle boxes everyone sees. BL 3.2.3 and 12.1: set-up swaps and the Replacement
    /// Turn are secret; BL 4.3: a bid stays sealed until both are in.
    fn text_words(&self, _setup: &Setup, text: &str, line: bivouac_engine::board::Line) -> String {
        self.line_words(text, line)
    }

    fn notation_seen(&self, s: &State, _seat: Seat, a: &Action) -> Option<String> {
        let hidden = |u: &u8| s.units.get(*u as usize).is_some_and(|x| !x.shown);
        let lab = |h: u16| if (h as usize) < self.data.hexes.len() { self.label(h) } else { "?" };
        let at = |u: &u8| lab(s.units.get(*u as usize).map_or(NONE, |x| x.hex));
        let from_to = |verb: &str, u: &u8, h: &u16| format!("{verb} a block from {} to {}", at(u), lab(*h));
        let in_box = |u: &u8| s.battle.as_ref().and_then(|b| b.units.iter().find(|x| x.u == *u)).map(|x| x.bx).filter(|&b| b != state::NOBOX);
        let box_move = |verb: &str, u: &u8, b: &u8| match in_box(u) {
            Some(f) => format!("{verb} a block from {} to {}", battle::box_name(f), battle::box_name(*b)),
            None => format!("{verb} a block to {}", battle::box_name(*b)),
        };
        Some(match a {
            Action::Swap(..) => "swap (two of its blocks, secret: BL 3.2.3)".into(),
            // BL 12.1: the Replacement Turn is secret; new cadres show only as blocks later.
            Action::Step(_) => "step (a replacement step, secret: BL 12.1)".into(),
            Action::Build(..) => "build (a cadre, secret: BL 12.1)".into(),
            Action::Bid(_) => "bid (sealed until both sides have bid: BL 4.3)".into(),
            Action::Move(u, h, _) if hidden(u) => from_to("moves", u, h),
            // BL 5.32: the die marks a block of the stack; where it is bound shows once rolled.
            Action::Force(u, _) if hidden(u) => "marks a forced march (BL 5.32)".into(),
            // BL 2.5, 5.4: a face-down block's strategic move shows where it went and the
            // Strategic Moves spent, not how: rail, sea and river moves are open to some blocks
            // only, and land moves reach hexes by the block's speed.
            Action::SmLand(u, h, _) | Action::Rail(u, h) | Action::Naval(u, h) | Action::Invade(u, h) | Action::Evacuate(u, h) | Action::Cross(u, h) if hidden(u) => {
                format!("{} (strategic move)", from_to("moves", u, h))
            }
            Action::Retreat(u, h) if hidden(u) => from_to("retreats", u, h),
            Action::Deploy(u, b) if hidden(u) => format!("deploys a block to {}", battle::box_name(*b)),
            Action::BMove(u, b) if hidden(u) => box_move("moves", u, b),
            Action::Disengage(u, b) if hidden(u) => box_move("disengages", u, b),
            Action::Envelop(u, b) if hidden(u) => box_move("envelops with", u, b),
            Action::Reinforce(u) if hidden(u) => format!("reinforces the battle with a block from {}", at(u)),
            // BL 7.32, 11.6: which of equally strong blocks takes a loss is the owner's secret,
            // face-up ones included: which blocks are the strongest, and which hold a Double
            // Defense half-hit, may be hidden. A step lost by a face-up block shows on it.
            Action::Hit(_) => "picks the block that takes the loss".into(),
            _ => return None,
        })
    }

    fn legal_actions(&self, s: &State, seat: Seat) -> Vec<Action> {
        self.allowed(s, seat, self.legal(s, seat))
    }

    fn apply(&self, s: &mut State, seat: Seat, a: &Action, log: &mut Log) -> Result<(), Refusal> {
        if seat > 1 {
            bivouac_engine::refuse!("BL 1.1", "there are two seats");
        }
        // The scenario's special rules (Lua hooks) may forbid a legal action.
        self.check_forbidden(s, seat, a)?;
        self.act(s, seat, a, log)
    }

    fn prompt(&self, s: &State, seat: Seat) -> Option<String> {
        prompt::prompt(self, s, seat)
    }

    fn notation(&self, a: &Action) -> String {
        match *a {
            Action::Emancipate(true) => "emancipate".into(),
            Action::Emancipate(false) => "no-emancipation".into(),
            Action::Step(u) => format!("step {}", self.unit_id(u)),
            Action::Build(u, h) => format!("build {} {}", self.unit_id(u), self.label(h)),
            Action::Draft => "draft".into(),
            Action::Done => "done".into(),
            Action::Bid(b) => format!("bid {b}"),
            Action::Swap(a, b) => format!("swap {} {}", self.unit_id(a), self.unit_id(b)),
            Action::Activate(u) => format!("activate {}", self.unit_id(u)),
            Action::Pass => "pass".into(),
            Action::March => "march".into(),
            Action::Move(u, h, v) => format!("move {} {}{}", self.unit_id(u), self.label(h), self.via(v)),
            Action::Force(u, h) => format!("force {} {}", self.unit_id(u), self.label(h)),
            Action::SmLand(u, h, v) => format!("sm {} {}{}", self.unit_id(u), self.label(h), self.via(v)),
            Action::Rail(u, h) => format!("rail {} {}", self.unit_id(u), self.label(h)),
            Action::Naval(u, h) => format!("naval {} {}", self.unit_id(u), self.label(h)),
            Action::Invade(u, h) => format!("invade {} {}", self.unit_id(u), self.label(h)),
            Action::Evacuate(u, h) => format!("evacuate {} {}", self.unit_id(u), self.label(h)),
            Action::Cross(u, h) => format!("cross {} {}", self.unit_id(u), self.label(h)),
            Action::HqSupply(u) => format!("hq-supply {}", self.unit_id(u)),
            Action::Demand(h) => format!("demand {}", self.label(h)),
            Action::Surrender(h) => format!("surrender {}", self.label(h)),
            Action::Refuse => "refuse".into(),
            Action::End => "end".into(),
            Action::Deploy(u, b) => format!("deploy {} {}", self.unit_id(u), battle::box_name(b)),
            Action::Retreat(u, h) => format!("retreat {} {}", self.unit_id(u), self.label(h)),
            Action::Fire(u, b) => format!("fire {} {}", self.unit_id(u), battle::box_name(b)),
            Action::Melee(b) => format!("melee {}", battle::box_name(b)),
            Action::Press => "press".into(),
            Action::Break(b) => format!("break {}", battle::box_name(b)),
            Action::BMove(u, b) => format!("bmove {} {}", self.unit_id(u), battle::box_name(b)),
            Action::Disengage(u, b) => format!("disengage {} {}", self.unit_id(u), battle::box_name(b)),
            Action::Reinforce(u) => format!("reinforce {}", self.unit_id(u)),
            Action::Withdraw => "withdraw".into(),
            Action::Continue(None) => "continue".into(),
            Action::Continue(Some(h)) => format!("continue {}", self.unit_id(h)),
            Action::Target(u, e) => format!("target {} {}", self.unit_id(u), self.unit_id(e)),
            Action::Envelop(u, b) => format!("envelop {} {}", self.unit_id(u), battle::box_name(b)),
            Action::Fight(h) => format!("fight {}", self.label(h)),
            Action::Hit(u) => format!("hit {}", self.unit_id(u)),
        }
    }

    fn parse(&self, text: &str) -> Result<Action, Refusal> {
        let w: Vec<&str> = text.split_whitespace().collect();
        let bad = || Refusal::new("notation", format!("cannot read `{text}`"));
        let uh = |w: &[&str]| -> Result<(u8, u16), Refusal> {
            if w.len() != 3 {
                return Err(bad());
            }
            Ok((self.parse_unit(w[1])?, self.parse_hex(w[2])?))
        };
        let u1 = |w: &[&str]| -> Result<u8, Refusal> {
            if w.len() != 2 {
                return Err(bad());
            }
            self.parse_unit(w[1])
        };
        Ok(match w.first().copied().unwrap_or("") {
            "emancipate" if w.len() == 1 => Action::Emancipate(true),
            "no-emancipation" if w.len() == 1 => Action::Emancipate(false),
            "step" => Action::Step(u1(&w)?),
            "build" => {
                let (u, h) = uh(&w)?;
                Action::Build(u, h)
            }
            "draft" if w.len() == 1 => Action::Draft,
            "done" if w.len() == 1 => Action::Done,
            "swap" if w.len() == 3 => Action::Swap(self.parse_unit(w[1])?, self.parse_unit(w[2])?),
            "bid" if w.len() == 2 => Action::Bid(w[1].parse().map_err(|_| bad())?),
            "activate" => Action::Activate(u1(&w)?),
            "pass" if w.len() == 1 => Action::Pass,
            "march" if w.len() == 1 => Action::March,
            "move" | "sm" => {
                let (u, h, v) = match w.len() {
                    3 => {
                        let (u, h) = uh(&w)?;
                        (u, h, NONE)
                    }
                    5 if w[3] == "from" => {
                        let (u, h) = uh(&w[..3])?;
                        (u, h, self.parse_hex(w[4])?)
                    }
                    _ => return Err(bad()),
                };
                if w[0] == "move" {
                    Action::Move(u, h, v)
                } else {
                    Action::SmLand(u, h, v)
                }
            }
            "force" => {
                let (u, h) = uh(&w)?;
                Action::Force(u, h)
            }
            "rail" => {
                let (u, h) = uh(&w)?;
                Action::Rail(u, h)
            }
            "naval" => {
                let (u, h) = uh(&w)?;
                Action::Naval(u, h)
            }
            "invade" => {
                let (u, h) = uh(&w)?;
                Action::Invade(u, h)
            }
            "evacuate" => {
                let (u, h) = uh(&w)?;
                Action::Evacuate(u, h)
            }
            "cross" => {
                let (u, h) = uh(&w)?;
                Action::Cross(u, h)
            }
            "hq-supply" => Action::HqSupply(u1(&w)?),
            "demand" if w.len() == 2 => Action::Demand(self.parse_hex(w[1])?),
            "surrender" if w.len() == 2 => Action::Surrender(self.parse_hex(w[1])?),
            "refuse" if w.len() == 1 => Action::Refuse,
            "end" if w.len() == 1 => Action::End,
            "deploy" | "fire" | "bmove" | "envelop" | "disengage" if w.len() == 3 => {
                let u = self.parse_unit(w[1])?;
                let b = battle::parse_box(w[2]).ok_or_else(bad)?;
                match w[0] {
                    "deploy" => Action::Deploy(u, b),
                    "fire" => Action::Fire(u, b),
                    "envelop" => Action::Envelop(u, b),
                    "disengage" => Action::Disengage(u, b),
                    _ => Action::BMove(u, b),
                }
            }
            "retreat" => {
                let (u, h) = uh(&w)?;
                Action::Retreat(u, h)
            }
            "melee" if w.len() == 2 => Action::Melee(battle::parse_box(w[1]).ok_or_else(bad)?),
            "press" if w.len() == 1 => Action::Press,
            "break" if w.len() == 2 => Action::Break(battle::parse_box(w[1]).ok_or_else(bad)?),
            "reinforce" => Action::Reinforce(u1(&w)?),
            "hit" => Action::Hit(u1(&w)?),
            "withdraw" if w.len() == 1 => Action::Withdraw,
            "target" if w.len() == 3 => Action::Target(self.parse_unit(w[1])?, self.parse_unit(w[2])?),
            "continue" if w.len() == 1 => Action::Continue(None),
            "continue" => Action::Continue(Some(u1(&w)?)),
            "fight" if w.len() == 2 => Action::Fight(self.parse_hex(w[1])?),
            _ => return Err(bad()),
        })
    }

    fn view(&self, s: &State, seat: Option<Seat>) -> View {
        let me = seat.map(|x| Side::from_idx(x as usize));
        let names = self.data.names_for(s.scenario as usize, s.campaign, s.year, s.month);
        let mut blocks = Vec::new();
        for (i, u) in s.units.iter().enumerate() {
            let side = self.data.units[i].side;
            let mine = me == Some(side);
            // Pending cadres are secret until both sides finish the Replacement Turn (rule 12.1).
            let visible = u.st == St::Map || (u.st == St::Pending && mine);
            if !visible || u.hex == NONE {
                continue;
            }
            // BL 2.5 / 5.11 / 7.41: only own blocks and revealed enemy blocks (activated HQs,
            // engaged or firing units) show their face.
            let known = mine || u.shown;
            blocks.push(BlockView {
                side: side.name(),
                hex: self.data.hexes[u.hex as usize].label.clone(),
                id: known.then(|| self.data.units[i].id.clone()),
                name: known.then(|| names.unit_name(&self.data.units, i).to_string()),
                kind: known.then(|| self.data.ty(i).id.clone()),
                steps: known.then_some(u.steps),
            });
        }
        // Enemy blocks are listed in a fixed order that does not depend on their identity.
        blocks.sort_by(|a, b| (a.side, &a.hex, a.id.is_none()).cmp(&(b.side, &b.hex, b.id.is_none())).then_with(|| a.id.cmp(&b.id)));
        View {
            seat,
            date: format!("{} {}", rules::month_name(s.month), s.year),
            weather: if s.mud { "Mud" } else { "Dry" },
            phase: format!("{:?}", s.phase),
            active: s.active.name(),
            vp: s.vp,
            blocks,
            my_bid: me.and_then(|m| s.bids[m.idx()]),
            committed: [s.done[0] || s.bids[0].is_some(), s.done[1] || s.bids[1].is_some()],
            rp: me.map(|m| s.rp[m.idx()]),
            strategic_moves: s.sm,
            surrender_demanded: s.demand.map(|h| self.data.hex_name(h)),
            battle: s.battle.as_ref().map(|b| self.battle_view(s, b, me)),
            other_battles: s.battles.iter().map(|b| self.battle_view(s, b, me)).collect(),
            outcome: self.outcome(s).map(|o| o.reason),
        }
    }

    fn describe(&self, s: &State, seat: Option<Seat>) -> String {
        let v = self.view(s, seat);
        let mut out = format!("Bobby Lee - {} ({}), {:?}; {} to play; Victory Track {:+} (USA +)\n", v.date, v.weather, s.phase, v.active, v.vp);
        if let Some(rp) = v.rp {
            out.push_str(&format!("Your RP: {rp}; strategic moves: {}\n", v.strategic_moves));
        }
        let mut hex = String::new();
        for b in &v.blocks {
            if b.hex != hex {
                hex = b.hex.clone();
                let name = self.data.hex_of_label(&hex).map(|h| self.data.hex_name(h)).unwrap_or(hex.clone());
                out.push_str(&format!("\n{name}:"));
            }
            match (&b.id, b.steps) {
                (Some(id), Some(st)) => out.push_str(&format!(" [{} {id} {st}: {}]", b.side, b.name.as_deref().unwrap_or(""))),
                _ => out.push_str(&format!(" [{} ?]", b.side)),
            }
        }
        out.push('\n');
        if let Some(b) = &v.battle {
            out.push_str(&format!("\nBattle in {} (attacker {}), day {}, {}: {}\n", b.hex, b.attacker, b.day, b.time, b.step));
            for x in &b.blocks {
                let pos = x.pos.clone().unwrap_or_else(|| "undeployed".into());
                match (&x.id, x.steps) {
                    (Some(id), Some(st)) => out.push_str(&format!("  {pos}: [{} {id} {st}]{}\n", x.side, if x.disrupted { " disrupted" } else { "" })),
                    _ => out.push_str(&format!("  {pos}: [{} ?]\n", x.side)),
                }
            }
        }
        if let Some(h) = &v.surrender_demanded {
            out.push_str(&format!("\nBL 11.81: {} demands the surrender of the force besieged in {h}\n", v.active));
        }
        for b in &v.other_battles {
            out.push_str(&format!("Battle waiting in {}: day {}, {}: {}\n", b.hex, b.day, b.time, b.step));
        }
        if let Some(o) = v.outcome {
            out.push_str(&format!("Game over: {o}\n"));
        }
        out
    }

    fn outcome(&self, s: &State) -> Option<Outcome> {
        let w = s.winner?;
        // BL 3.2.5: the scores are the Tournament Points; the reason also gives the marker.
        let tp = self.tournament_points(s)?;
        let reason = format!("{}; Victory Track {:+} (USA +); Tournament Points (BL 3.2.5): USA {}, CSA {}", s.end_reason, s.vp, tp[0], tp[1]);
        Some(Outcome { winners: w.map(|x| vec![x.idx() as u8]).unwrap_or_default(), scores: tp.iter().map(|&t| t as i64).collect(), reason })
    }

    /// The Campaign Turn being played (1 for the first).
    fn turn(&self, s: &State) -> Option<u32> {
        Some(s.turns + 1)
    }

    /// The balance lab follows the Victory Track (BL 3.1) and each side's steps on the map.
    fn measures(&self, s: &State) -> Vec<(String, f64)> {
        let mut steps = [0u32; 2];
        for (u, unit) in s.units.iter().enumerate() {
            if unit.st == St::Map {
                steps[self.side_of(u).idx()] += u32::from(unit.steps);
            }
        }
        vec![
            ("Victory Track (USA +)".into(), f64::from(s.vp)),
            ("USA steps on the map".into(), f64::from(steps[0])),
            ("CSA steps on the map".into(), f64::from(steps[1])),
        ]
    }

    fn determinize(&self, s: &State, seat: Seat, rng: &mut bivouac_engine::GameRng) -> State {
        self.ai_determinize(s, seat, rng)
    }

    fn evaluate(&self, s: &State, seat: Seat) -> f64 {
        self.ai_evaluate(s, seat)
    }

    fn check_invariants(&self, s: &State) -> Result<(), String> {
        for (i, u) in s.units.iter().enumerate() {
            let max = self.data.units[i].max;
            match u.st {
                St::Map | St::Pending => {
                    if u.steps == 0 || u.steps > max {
                        return Err(format!("{} has {} steps (max {max})", self.data.units[i].id, u.steps));
                    }
                    if u.hex as usize >= self.data.hexes.len() {
                        return Err(format!("{} is off the map", self.data.units[i].id));
                    }
                    let t = self.data.hexes[u.hex as usize].terrain;
                    if matches!(t, data::Terrain::Sea | data::Terrain::Mountain) {
                        return Err(format!("{} stands in sea or mountain", self.data.units[i].id));
                    }
                }
                St::Pool | St::Removed => {
                    if u.hex != NONE {
                        return Err(format!("{} is eliminated but has a hex", self.data.units[i].id));
                    }
                }
            }
        }
        self.battle_invariants(s)?;
        if s.vp.abs() > self.data.decisive {
            return Err(format!("victory marker {} beyond the Decisive box", s.vp));
        }
        if (s.phase == Phase::Over) != s.winner.is_some() {
            return Err("phase Over and outcome disagree".into());
        }
        Ok(())
    }

    fn board(&self, s: &State, seat: Option<Seat>) -> bivouac_engine::board::Board {
        self.make_board(s, seat)
    }

    fn hint(&self, s: &State, a: &Action) -> bivouac_engine::board::ActionHint {
        self.action_hint(s, a)
    }

    fn max_actions(&self) -> usize {
        400_000
    }
}
