//! GCACW: the Great Campaigns of the American Civil War Standard Basic Game Rules v1.1.
//!
//! Rule numbers in comments (`GCACW 6.2`) are the rulebook's own sections. Layout:
//! - `data`: the content schema and loader (maps, charts, variants, scenarios) with diagnostics;
//! - `state`: the plain-data state, flow frames and actions;
//! - `rules`: terrain, ZOC, movement cost, command radius;
//! - `intel`: the optional Limited Intelligence rule (force markers, decoys, revealing);
//! - `combat`: combat values, modifiers, the flank procedure, CRT, retreat paths;
//! - `procs`: the sequence of play and every action as a state machine on the engine's Flow;
//! - `hooks`: the scenario's special rules as Lua hooks (step names, the action table).

mod ai;
mod board;
mod combat;
mod data;
mod hooks;
mod intel;
mod procs;
mod prompt;
mod rules;
mod state;
#[cfg(test)]
mod hooks_tests;
#[cfg(test)]
mod tests;

use bivouac_engine::content::{ContentSet, Diagnostics};
use bivouac_engine::game::{Game, OptionInfo, Outcome, ScenarioInfo, Seat, Setup, check_options};
use bivouac_engine::log::{Log, Refusal};
use bivouac_engine::refuse;
use bivouac_engine::rng::GameRng;
use bivouac_engine::session::{AnyGame, Registered};
use data::{Data, HexId, NO_HEX, NONE8};
use serde::Serialize;
use state::{Action, AttackKind, Frame, Lab, Opts, Phase, State, lab_text};
use std::collections::HashMap;
use std::path::PathBuf;

pub const DIR: &str = "gcacw";

pub fn load(layers: &[PathBuf]) -> Result<Option<Box<dyn AnyGame>>, Diagnostics> {
    let set = ContentSet::open(layers, DIR)?;
    let data = data::load_data(&set)?;
    let mut game = Gcacw::new(data);
    game.hooks = hooks::load(&set, &game)?;
    Ok(Some(Box::new(Registered::new(game, set.hash()))))
}

/// The GCACW rules with their loaded content.
pub struct Gcacw {
    data: Data,
    /// Unit and leader ids of every scenario, interned (actions carry these numbers).
    names: Vec<String>,
    name_idx: HashMap<String, u16>,
    /// Per scenario: global name of each unit / leader.
    unit_name: Vec<Vec<u16>>,
    leader_name: Vec<Vec<u16>>,
    /// Per scenario: (column, row) of each hex, and back.
    hex_lab: Vec<Vec<Lab>>,
    lab_hex: Vec<HashMap<Lab, HexId>>,
    /// Per scenario: its special rules as Lua hooks (`hooks.toml`; empty for most).
    hooks: Vec<bivouac_engine::hooks::Hooks>,
}

impl Gcacw {
    fn new(data: Data) -> Self {
        let mut g = Gcacw { data, names: Vec::new(), name_idx: HashMap::new(), unit_name: Vec::new(), leader_name: Vec::new(), hex_lab: Vec::new(), lab_hex: Vec::new(), hooks: Vec::new() };
        let intern = |names: &mut Vec<String>, idx: &mut HashMap<String, u16>, s: &str| -> u16 {
            if let Some(&i) = idx.get(s) {
                return i;
            }
            names.push(s.to_string());
            idx.insert(s.to_string(), names.len() as u16 - 1);
            names.len() as u16 - 1
        };
        for sc in &g.data.scenarios {
            let u: Vec<u16> = sc.units.iter().map(|u| intern(&mut g.names, &mut g.name_idx, &u.id)).collect();
            let l: Vec<u16> = sc.leaders.iter().map(|l| intern(&mut g.names, &mut g.name_idx, &l.id)).collect();
            g.unit_name.push(u);
            g.leader_name.push(l);
            let labs: Vec<Lab> = sc
                .map
                .hexes
                .iter()
                .map(|h| {
                    let (c, r) = bivouac_engine::map::hex::parse_label(&h.label).unwrap_or((0, 0));
                    (c as u8, r as u8)
                })
                .collect();
            g.lab_hex.push(labs.iter().enumerate().map(|(i, &l)| (l, i as HexId)).collect());
            g.hex_lab.push(labs);
            g.hooks.push(Default::default());
        }
        g
    }

    fn lab(&self, st: &State, h: HexId) -> Lab {
        self.hex_lab[st.sc as usize][h as usize]
    }
    fn hex_of(&self, st: &State, l: Lab) -> Option<HexId> {
        self.lab_hex[st.sc as usize].get(&l).copied()
    }
    fn uname(&self, st: &State, u: usize) -> u16 {
        self.unit_name[st.sc as usize][u]
    }
    fn lname(&self, st: &State, l: usize) -> u16 {
        self.leader_name[st.sc as usize][l]
    }
    fn unit_of(&self, st: &State, n: u16) -> Option<usize> {
        self.unit_name[st.sc as usize].iter().position(|&x| x == n)
    }
    fn leader_of(&self, st: &State, n: u16) -> Option<usize> {
        self.leader_name[st.sc as usize].iter().position(|&x| x == n)
    }
    fn name(&self, n: u16) -> &str {
        self.names.get(n as usize).map(String::as_str).unwrap_or("?")
    }

    /// The scenario options; the first value of each is the default. Besides the optional
    /// rules, they choose between readings of rules the rulebook leaves open:
    /// `swamp-exit-dams` = `on` treats a dam as a bridge that can never be destroyed;
    /// `intel-cavalry-screen` = `any` follows the Spanish rulebook (ES) "cualquiera de los dos
    /// hexes", `all` reads it as "the 2-hex path is blocked".
    fn options() -> Vec<OptionInfo> {
        vec![
            OptionInfo {
                key: "fatigue4-march".into(),
                description: "Optional rule: 'off' (default): an organized unit at fatigue 4 may not march; 'on': it may, and becomes disorganized (GCACW 5.1)".into(),
                values: vec!["off".into(), "on".into()],
            },
            OptionInfo {
                key: "ridge-up-stacks".into(),
                description: "An attack up a ridge into a hill or mountain hex: 'on' (default): the ridge's +2 is added to the relief modifier; 'off': only the larger of the two counts (GCACW 7.4)".into(),
                values: vec!["on".into(), "off".into()],
            },
            OptionInfo {
                key: "demoralized-2".into(),
                description: "The defender's -1 for Demoralized-2: 'most' (default): more than half the hex's CV must be D2 (GCACW 7.4); 'any': any D2 unit gives it (GCACW 11.0)".into(),
                values: vec!["most".into(), "any".into()],
            },
            OptionInfo {
                key: "cavalry-small-force".into(),
                description: "The cavalry-retreat small-force DRM applies to a combined CV of 'printed' (default): 3/4 to 1, as printed; 'wide': 3/4 to 1 1/2 (GCACW 7.7)".into(),
                values: vec!["printed".into(), "wide".into()],
            },
            OptionInfo {
                key: "unfordable-fords".into(),
                description: "A ford of an unfordable river: 'move' (default): blocks movement, retreats and advances only, as the rule states; 'rain': also ZOC and attacks, as in rain (GCACW 12.0)".into(),
                values: vec!["move".into(), "rain".into()],
            },
            OptionInfo {
                key: "swamp-exit-dams".into(),
                description: "A unit flooded out of a provisional swamp may cross a river 'on' (default): by a dam too, as by a bridge; 'off': only by a bridge or ferry, as the rule words it (GCACW 12.0)".into(),
                values: vec!["on".into(), "off".into()],
            },
            OptionInfo {
                key: "limited-intelligence".into(),
                description: "Optional rule: 'on': secret force markers (up to 10 a side) and decoys, revealed by adjacent enemies and enemy cavalry within 2 hexes; 'off' (default): none (GCACW 12.0)".into(),
                values: vec!["off".into(), "on".into()],
            },
            OptionInfo {
                key: "intel-cavalry-screen".into(),
                description: "With Limited Intelligence, a marker 2 hexes from enemy cavalry is screened when 'any' (default): either hex path between is blocked, as ES words it; 'all': only when both are (GCACW 12.0)".into(),
                values: vec!["any".into(), "all".into()],
            },
            OptionInfo {
                key: "entrench-action-1863".into(),
                description: "Optional rule: the entrench action in 1863 scenarios, 'off' (default) or 'on'; it is always allowed from 1864 on and never in 1862 (GCACW 5.5)".into(),
                values: vec!["off".into(), "on".into()],
            },
        ]
    }

    /// The leader of the activation or assault under way as a seat not seeing the units `hid`
    /// reads it (`View::activation`).
    fn activation_seen(&self, st: &State, hid: u64) -> String {
        let leader = st.flow.iter().find_map(|f| match f {
            Frame::Select { leader, .. } | Frame::Activation { leader, .. } | Frame::AssaultTarget { leader, .. } | Frame::AssaultKeep { leader, .. } => Some(Some(*leader as usize)),
            // GCACW 12.0: a decoy moving with a leader reads as a hidden leader's activation.
            Frame::DecoyLead { .. } => Some(None),
            _ => None,
        });
        let l = match leader {
            None => return String::new(),
            Some(None) => return "a leader under a force marker".into(),
            Some(Some(l)) => l,
        };
        let u = st.leaders[l].unit as usize;
        if u < st.units.len() && hid & (1 << u) != 0 { "a leader under a force marker".into() } else { self.sc(st).leaders[l].id.clone() }
    }

    /// Whose decision is `frame`.
    fn frame_owner(st: &State, f: &Frame) -> u8 {
        f.owner().unwrap_or(st.active)
    }
}

/// What a seat sees: GCACW information is open (rulebook 1.0), except under the optional Limited
/// Intelligence rule (GCACW 12.0), where units under an enemy force marker are left out.
#[derive(Serialize)]
pub struct View {
    pub scenario: String,
    pub turn: u8,
    pub turns: u8,
    pub date: String,
    pub phase: String,
    pub awaiting: String,
    /// The leader of the activation or assault under way (GCACW 5.2, 5.3), empty when none:
    /// the table sees which leader acts, or under Limited Intelligence that a leader under a
    /// force marker does (GCACW 12.0).
    pub activation: String,
    pub units: Vec<UnitView>,
    pub leaders: Vec<LeaderView>,
    pub flanks_refused: Vec<String>,
    pub stations: Vec<(String, String)>,
    pub manpower_lost: [u16; 2],
    pub initiative_dice: [u8; 2],
    /// Rain rules in effect this turn (GCACW 12.0) and the last turn with a rain marker (0 none).
    pub rain: bool,
    pub rain_until: u8,
    /// Unfordable-river markers [minor, major]: last turn covered, 0 = off the track (GCACW 12.0).
    pub unfordable: [u8; 2],
    /// Destroyed permanent bridges and ferries, "0505-0506" (GCACW 10.2).
    pub destroyed_crossings: Vec<String>,
    /// Pontoon bridges: (hexside, owner) (GCACW 10.1).
    pub pontoons: Vec<(String, String)>,
    /// Force markers on the map (GCACW 12.0). An enemy marker shows only its number and hex.
    pub force_markers: Vec<ForceView>,
}

/// A force marker as a seat sees it (GCACW 12.0: the enemy's force display is secret).
#[derive(Serialize)]
pub struct ForceView {
    pub number: u8,
    pub side: String,
    pub hex: String,
    /// Own markers only: the units under it (empty = a decoy); None for the enemy's.
    pub units: Option<Vec<String>>,
}

#[derive(Serialize)]
pub struct UnitView {
    pub id: String,
    pub side: String,
    pub hex: String,
    pub manpower: u8,
    pub organized: bool,
    pub fatigue: u8,
    pub exhausted: bool,
    pub demoralized: u8,
    pub entrenchment: String,
    pub status: String,
}

#[derive(Serialize)]
pub struct LeaderView {
    pub id: String,
    pub side: String,
    pub with: String,
    pub hex: String,
}

const SIDES: [&str; 2] = ["union", "confederate"];

impl Game for Gcacw {
    type State = State;
    type Action = Action;
    type View = View;

    fn id(&self) -> &'static str {
        "gcacw"
    }

    fn title(&self) -> &str {
        &self.data.title
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.data
            .scenarios
            .iter()
            .map(|s| ScenarioInfo { id: s.id.clone(), title: s.title.clone(), min_players: 1, max_players: 2, default_players: 2, options: Self::options() })
            .collect()
    }

    fn setup(&self, setup: &Setup) -> Result<State, Refusal> {
        let Some(sci) = self.data.scenarios.iter().position(|s| s.id == setup.scenario) else {
            refuse!("GCACW setup", "unknown scenario `{}`", setup.scenario);
        };
        if !(1..=2).contains(&setup.players) {
            refuse!("GCACW 1.0", "GCACW is for one or two players (seats union and confederate)");
        }
        let mut opts = Opts { ridge_stacks: true, swamp_dams: true, ..Default::default() };
        check_options("GCACW setup", setup, &Self::options())?;
        for (k, v) in &setup.options {
            match (k.as_str(), v.as_str()) {
                ("fatigue4-march", x) => opts.fatigue4_march = x == "on",
                ("ridge-up-stacks", x) => opts.ridge_stacks = x == "on",
                ("demoralized-2", x) => opts.d2_any = x == "any",
                ("cavalry-small-force", x) => opts.cav_small_wide = x == "wide",
                ("entrench-action-1863", x) => opts.entrench_1863 = x == "on",
                ("unfordable-fords", x) => opts.unford_like_rain = x == "rain",
                ("swamp-exit-dams", x) => opts.swamp_dams = x == "on",
                ("limited-intelligence", x) => opts.limited_intel = x == "on",
                ("intel-cavalry-screen", x) => opts.intel_screen_all = x == "all",
                _ => {}
            }
        }
        let sc = &self.data.scenarios[sci];
        let mut pending = 0u64;
        let units = sc
            .units
            .iter()
            .enumerate()
            .map(|(i, u)| {
                if u.hex == NO_HEX {
                    pending |= 1 << i;
                }
                state::UnitSt { hex: u.hex, mp: u.manpower, org: u.organized, fat: u.fatigue, exh: u.exhausted, dem: 0, ent: 0, gone: false, recovered: false }
            })
            .collect();
        let leaders = sc.leaders.iter().map(|l| state::LeaderSt { unit: l.attached, gone: false }).collect();
        let mut st = State {
            sc: sci as u8,
            opts,
            turn: 1,
            phase: Phase::Transfer,
            rng: GameRng::new(setup.seed),
            forced: Vec::new(),
            units,
            leaders,
            refused: Vec::new(),
            stations: Vec::new(),
            rain: false,
            rain_until: 0,
            destroyed: sc.destroyed.clone(),
            destroy_tried: 0,
            init_free: false,
            pontoons: sc.pontoons.clone(),
            pontoon_failed: Vec::new(),
            pontoon_hexes: Vec::new(),
            unford: sc.unfordable,
            repair_tried: 0,
            forces: Vec::new(),
            flow: Default::default(),
            lost: [0, 0],
            hook_victory: None,
            march: None,
            combat: None,
            transferred: 0,
            pending,
            dice: [0, 0],
            active: 0,
        };
        let mut log = Log::quiet();
        self.begin_turn(&mut st, &mut log);
        self.proceed(&mut st, &mut log)?;
        Ok(st)
    }

    fn seat_names(&self, _state: &State) -> Vec<String> {
        SIDES.iter().map(|s| s.to_string()).collect()
    }

    fn active_seats(&self, st: &State) -> Vec<Seat> {
        match st.flow.top() {
            Some(f) if !matches!(f, Frame::Cont(_)) => vec![Self::frame_owner(st, f)],
            _ => vec![],
        }
    }

    fn legal_actions(&self, st: &State, seat: Seat) -> Vec<Action> {
        match st.flow.top() {
            Some(f) if !matches!(f, Frame::Cont(_)) && Self::frame_owner(st, f) == seat => self.allowed(st, self.legal_all(st)),
            _ => vec![],
        }
    }

    fn apply(&self, st: &mut State, seat: Seat, action: &Action, log: &mut Log) -> Result<(), Refusal> {
        let Some(top) = st.flow.top() else { refuse!("GCACW 3.0", "the game is over") };
        if matches!(top, Frame::Cont(_)) || Self::frame_owner(st, top) != seat {
            refuse!("GCACW 4.0", "it is not {}'s decision", SIDES.get(seat as usize).unwrap_or(&"?"));
        }
        // Validate against the complete legal list first: a refusal never touches the state.
        let legal = self.legal_all(st);
        if !legal.contains(action) {
            return Err(self.explain_refusal(st, action));
        }
        // The scenario's special rules (Lua hooks) may forbid a legal action.
        self.check_forbidden(st, legal, action)?;
        // GCACW 12.0: the markers before the action, to keep hidden units' names out of the
        // enemy's log (only when text is recorded and markers are in play).
        let from = log.events.len();
        let before = st.forces.clone();
        let leaders_before: Vec<u8> = if before.is_empty() { Vec::new() } else { st.leaders.iter().map(|l| l.unit).collect() };
        if !self.li_perform(st, action, log) {
            self.perform(st, action, log);
        }
        // GCACW 12.0: markers follow their units and are revealed as soon as the enemy is close,
        // before the continuations run (a revealed moving decoy ends its move) and after them.
        self.li_sync(st, log);
        self.proceed(st, log)?;
        self.li_sync(st, log);
        self.li_mask_log(st, &before, &leaders_before, log, from);
        Ok(())
    }

    fn prompt(&self, st: &State, seat: Seat) -> Option<String> {
        prompt::prompt(self, st, seat)
    }

    fn notation(&self, a: &Action) -> String {
        let n = |x: &u16| self.name(*x).to_string();
        match a {
            Action::Pass => "pass".into(),
            Action::Done => "done".into(),
            Action::Go => "go".into(),
            Action::End => "end".into(),
            Action::Force => "force".into(),
            Action::Refuse => "refuse".into(),
            Action::Halt => "halt".into(),
            Action::Stay => "stay".into(),
            Action::Withdraw => "withdraw".into(),
            Action::Grand => "grand".into(),
            Action::NoGrand => "nogrand".into(),
            Action::CavRetreat => "cavretreat".into(),
            Action::Transfer { leader, unit } => format!("transfer {} {}", n(leader), n(unit)),
            Action::March { unit } => format!("march {}", n(unit)),
            Action::Activate { leader } => format!("activate {}", n(leader)),
            Action::Assault { leader } => format!("assault {}", n(leader)),
            Action::Burn { unit } => format!("burn {}", n(unit)),
            Action::Pick { unit } => format!("pick {}", n(unit)),
            Action::Next { unit } => format!("next {}", n(unit)),
            Action::Lead { unit } => format!("lead {}", n(unit)),
            Action::Move { hex } => format!("move {}", lab_text(*hex)),
            Action::Attack { hex, kind } => format!("attack {} {}", lab_text(*hex), kind.name()),
            Action::Target { hex } => format!("target {}", lab_text(*hex)),
            Action::Keep { unit } => format!("keep {}", n(unit)),
            Action::Join { unit } => format!("join {}", n(unit)),
            Action::Loss { unit } => format!("loss {}", n(unit)),
            Action::RetreatTo { hex } => format!("retreat {}", lab_text(*hex)),
            Action::Override { hex } => format!("override {}", lab_text(*hex)),
            Action::Advance { unit } => format!("advance {}", n(unit)),
            Action::Entrench { unit } => format!("entrench {}", n(unit)),
            Action::Destroy { hex } => format!("destroy {}", lab_text(*hex)),
            Action::Dismantle { hex } => format!("dismantle {}", lab_text(*hex)),
            Action::Bridge { unit, hex } => format!("bridge {} {}", n(unit), lab_text(*hex)),
            Action::Repair { unit, hex } => format!("repair {} {}", n(unit), lab_text(*hex)),
            Action::Marker { hex } => format!("marker {}", lab_text(*hex)),
            Action::Hide { num, unit } => format!("hide {num} {}", n(unit)),
            Action::Unmark { num } => format!("unmark {num}"),
            Action::Feint { num, cav, lead } => {
                let with = match lead {
                    0 => "",
                    1 => " leader",
                    _ => " corps-leader",
                };
                format!("feint {num} {}{with}", if *cav { "cavalry" } else { "infantry" })
            }
            Action::DecoyPick => "pick decoy".into(),
            Action::DecoyNext => "next decoy".into(),
        }
    }

    /// GCACW 12.0: the enemy (and an observer) reads an action naming a unit hidden under a force
    /// marker, or a leader with one, as "a unit (leader) under a force marker": the force display
    /// is secret, so which marker holds it is not told either; the enemy sees a marker only when
    /// it moves on the map. The unit a player puts under a marker, and which marker, are never
    /// told to the enemy.
    fn text_words(&self, setup: &Setup, text: &str, line: bivouac_engine::board::Line) -> String {
        self.line_words(&setup.scenario, text, line)
    }

    fn notation_seen(&self, st: &State, seat: Seat, action: &Action) -> Option<String> {
        if st.forces.is_empty() {
            return None;
        }
        let text = self.notation(action);
        if let Action::Hide { .. } = action {
            return Some("hide (a unit)".into());
        }
        // GCACW 12.0: a decoy moves as the hidden force it pretends to be; the enemy reads its
        // move as that of a hidden unit (or leader) setting out, never as a decoy's.
        if let Action::Feint { lead, .. } = action {
            return Some(if *lead == 0 { "march (a unit under a force marker)" } else { "activate (a leader under a force marker)" }.into());
        }
        // A decoy's pretended activation reads as a hidden leader's (GCACW 12.0, 5.2).
        match action {
            Action::DecoyPick => return Some("pick (a unit under a force marker)".into()),
            Action::DecoyNext => return Some("next (a unit under a force marker)".into()),
            _ => {}
        }
        let hidden = self.hidden_from(st, Some(1 - seat));
        let unit = |n: &u16| self.unit_of(st, *n).filter(|&u| hidden & (1 << u) != 0).map(|_| "(a unit under a force marker)".to_string());
        let leader = |n: &u16| {
            let l = self.leader_of(st, *n)?;
            let u = st.leaders[l].unit as usize;
            (u < st.units.len() && hidden & (1 << u) != 0).then(|| "(a leader under a force marker)".to_string())
        };
        match action {
            Action::Transfer { leader: l, unit: u } => match (leader(l), unit(u)) {
                (None, None) => None,
                (a, b) => Some(format!("transfer {} {}", a.unwrap_or_else(|| self.name(*l).into()), b.unwrap_or_else(|| self.name(*u).into()))),
            },
            Action::Activate { leader: l } | Action::Assault { leader: l } => leader(l).map(|x| format!("{} {x}", text.split(' ').next().unwrap_or(""))),
            Action::Bridge { unit: u, hex } | Action::Repair { unit: u, hex } => {
                unit(u).map(|x| format!("{} {x} {}", text.split(' ').next().unwrap_or(""), lab_text(*hex)))
            }
            Action::March { unit: u }
            | Action::Burn { unit: u }
            | Action::Pick { unit: u }
            | Action::Next { unit: u }
            | Action::Lead { unit: u }
            | Action::Keep { unit: u }
            | Action::Join { unit: u }
            | Action::Loss { unit: u }
            | Action::Advance { unit: u }
            | Action::Entrench { unit: u } => unit(u).map(|x| format!("{} {x}", text.split(' ').next().unwrap_or(""))),
            _ => None,
        }
    }

    fn parse(&self, text: &str) -> Result<Action, Refusal> {
        let w: Vec<&str> = text.split_whitespace().collect();
        let name = |i: usize| -> Result<u16, Refusal> {
            let s = w.get(i).ok_or_else(|| Refusal::new("notation", format!("`{text}`: missing a unit or leader id")))?;
            self.name_idx.get(*s).copied().ok_or_else(|| Refusal::new("notation", format!("unknown unit or leader `{s}`")))
        };
        let hex = |i: usize| -> Result<Lab, Refusal> {
            let s = w.get(i).ok_or_else(|| Refusal::new("notation", format!("`{text}`: missing a hex")))?;
            match bivouac_engine::map::hex::parse_label(s) {
                Some((c, r)) if (0..=255).contains(&c) && (0..=255).contains(&r) => Ok((c as u8, r as u8)),
                _ => Err(Refusal::new("notation", format!("`{s}` is not a hex label such as 0507"))),
            }
        };
        let arity = |n: usize| -> Result<(), Refusal> {
            if w.len() == n { Ok(()) } else { Err(Refusal::new("notation", format!("`{text}`: expected {} word(s)", n))) }
        };
        let num = |i: usize| -> Result<u8, Refusal> {
            let s = w.get(i).ok_or_else(|| Refusal::new("notation", format!("`{text}`: missing a force marker number")))?;
            s.parse::<u8>().map_err(|_| Refusal::new("notation", format!("`{s}` is not a force marker number (1-10)")))
        };
        let Some(&verb) = w.first() else { return Err(Refusal::new("notation", "empty action")) };
        let a = match verb {
            "pass" | "done" | "go" | "end" | "force" | "refuse" | "halt" | "stay" | "withdraw" | "grand" | "nogrand" | "cavretreat" => {
                arity(1)?;
                match verb {
                    "pass" => Action::Pass,
                    "done" => Action::Done,
                    "go" => Action::Go,
                    "end" => Action::End,
                    "force" => Action::Force,
                    "refuse" => Action::Refuse,
                    "halt" => Action::Halt,
                    "stay" => Action::Stay,
                    "withdraw" => Action::Withdraw,
                    "grand" => Action::Grand,
                    "nogrand" => Action::NoGrand,
                    _ => Action::CavRetreat,
                }
            }
            "transfer" => {
                arity(3)?;
                Action::Transfer { leader: name(1)?, unit: name(2)? }
            }
            "attack" => {
                arity(3)?;
                let kind = match w[2] {
                    "column" => AttackKind::Column,
                    "hasty" => AttackKind::Hasty,
                    "normal" => AttackKind::Normal,
                    "prepared" => AttackKind::Prepared,
                    k => return Err(Refusal::new("notation", format!("unknown attack type `{k}`; expected column, hasty, normal or prepared"))),
                };
                Action::Attack { hex: hex(1)?, kind }
            }
            "marker" => {
                arity(2)?;
                Action::Marker { hex: hex(1)? }
            }
            "hide" => {
                arity(3)?;
                Action::Hide { num: num(1)?, unit: name(2)? }
            }
            "feint" => {
                let lead = match (w.get(2).copied(), w.get(3).copied(), w.len()) {
                    (_, None, 3) => 0,
                    (_, Some("leader"), 4) => 1,
                    (Some("cavalry"), Some("corps-leader"), 4) => 2,
                    _ => return Err(Refusal::new("notation", format!("`{text}`: expected feint N infantry|cavalry [leader], or feint N cavalry corps-leader"))),
                };
                let cav = match w[2] {
                    "cavalry" => true,
                    "infantry" => false,
                    k => return Err(Refusal::new("notation", format!("`{k}`: a decoy moves as infantry or cavalry"))),
                };
                Action::Feint { num: num(1)?, cav, lead }
            }
            "unmark" => {
                arity(2)?;
                Action::Unmark { num: num(1)? }
            }
            "bridge" | "repair" => {
                arity(3)?;
                let (unit, h) = (name(1)?, hex(2)?);
                if verb == "bridge" { Action::Bridge { unit, hex: h } } else { Action::Repair { unit, hex: h } }
            }
            "pick" | "next" if w.get(1) == Some(&"decoy") => {
                arity(2)?;
                if verb == "pick" { Action::DecoyPick } else { Action::DecoyNext }
            }
            "move" | "target" | "retreat" | "override" | "destroy" | "dismantle" => {
                arity(2)?;
                let h = hex(1)?;
                match verb {
                    "move" => Action::Move { hex: h },
                    "destroy" => Action::Destroy { hex: h },
                    "dismantle" => Action::Dismantle { hex: h },
                    "target" => Action::Target { hex: h },
                    "retreat" => Action::RetreatTo { hex: h },
                    _ => Action::Override { hex: h },
                }
            }
            _ => {
                arity(2)?;
                let x = name(1)?;
                match verb {
                    "march" => Action::March { unit: x },
                    "activate" => Action::Activate { leader: x },
                    "assault" => Action::Assault { leader: x },
                    "burn" => Action::Burn { unit: x },
                    "pick" => Action::Pick { unit: x },
                    "next" => Action::Next { unit: x },
                    "lead" => Action::Lead { unit: x },
                    "keep" => Action::Keep { unit: x },
                    "join" => Action::Join { unit: x },
                    "loss" => Action::Loss { unit: x },
                    "advance" => Action::Advance { unit: x },
                    "entrench" => Action::Entrench { unit: x },
                    _ => return Err(Refusal::new("notation", format!("unknown action `{verb}`"))),
                }
            }
        };
        Ok(a)
    }

    fn view(&self, st: &State, seat: Option<Seat>) -> View {
        let sc = self.sc(st);
        let m = &sc.map;
        // GCACW 12.0: units under an enemy force marker are not shown at all.
        let hid = self.hidden_from(st, seat);
        View {
            scenario: sc.id.clone(),
            turn: st.turn,
            turns: sc.turns,
            date: sc.turn_names.get(st.turn as usize - 1).cloned().unwrap_or_default(),
            phase: format!("{:?}", st.phase),
            awaiting: self.awaiting(st),
            activation: self.activation_seen(st, hid),
            units: sc
                .units
                .iter()
                .zip(&st.units)
                .enumerate()
                .filter(|(i, _)| hid & (1 << i) == 0)
                .map(|(_, (d, u))| UnitView {
                    id: d.id.clone(),
                    side: SIDES[d.side as usize].into(),
                    hex: if u.gone { "eliminated".into() } else { m.label(u.hex).to_string() },
                    manpower: u.mp,
                    organized: u.org,
                    fatigue: u.fat,
                    exhausted: u.exh,
                    demoralized: u.dem,
                    entrenchment: state::ent_name(u.ent).into(),
                    status: if u.gone {
                        "eliminated".into()
                    } else if u.hex == NO_HEX {
                        "not arrived".into()
                    } else {
                        "on map".into()
                    },
                })
                .collect(),
            leaders: sc
                .leaders
                .iter()
                .zip(&st.leaders)
                .filter(|(_, l)| l.unit == NONE8 || hid & (1 << l.unit) == 0)
                .map(|(d, l)| LeaderView {
                    id: d.id.clone(),
                    side: SIDES[d.side as usize].into(),
                    with: if l.gone || l.unit == NONE8 { "-".into() } else { sc.units[l.unit as usize].id.clone() },
                    hex: if l.gone || l.unit == NONE8 { "-".into() } else { m.label(st.units[l.unit as usize].hex).to_string() },
                })
                .collect(),
            flanks_refused: st.refused.iter().map(|&(h, s)| format!("{} ({})", m.label(h), SIDES[s as usize])).collect(),
            stations: st.stations.iter().map(|&(h, s)| (m.label(h).to_string(), if s == 2 { "destroyed".into() } else { "damaged".into() })).collect(),
            manpower_lost: st.lost,
            initiative_dice: st.dice,
            rain: st.rain,
            rain_until: st.rain_until,
            unfordable: st.unford,
            destroyed_crossings: st.destroyed.iter().map(|&(a, b)| format!("{}-{}", m.label(a), m.label(b))).collect(),
            pontoons: st.pontoons.iter().map(|p| (format!("{}-{}", m.label(p.0), m.label(p.1)), SIDES[p.2 as usize].to_string())).collect(),
            force_markers: st
                .forces
                .iter()
                .map(|f| ForceView {
                    number: f.num,
                    side: SIDES[f.side as usize].into(),
                    hex: m.label(f.hex).to_string(),
                    units: (Some(f.side) == seat).then(|| (0..st.units.len()).filter(|i| f.units & (1 << i) != 0).map(|i| sc.units[i].id.clone()).collect()),
                })
                .collect(),
        }
    }

    fn describe(&self, st: &State, seat: Option<Seat>) -> String {
        let v = self.view(st, seat);
        let sc = self.sc(st);
        let hid = self.hidden_from(st, seat);
        let mut out = format!("{} - turn {}/{} ({}), {} phase\n", sc.title, v.turn, v.turns, v.date, v.phase);
        out.push_str(&format!("Awaiting: {}\n", v.awaiting));
        if !v.activation.is_empty() {
            out.push_str(&format!("Activation of: {}\n", v.activation));
        }
        for side in 0..2u8 {
            out.push_str(&format!("\n{} (manpower lost {}):\n", SIDES[side as usize], st.lost[side as usize]));
            let mut rows: Vec<(String, String)> = Vec::new();
            for (i, (d, u)) in sc.units.iter().zip(&st.units).enumerate() {
                if d.side != side || hid & (1 << i) != 0 {
                    continue;
                }
                let leaders: Vec<&str> =
                    sc.leaders.iter().zip(&st.leaders).filter(|(_, l)| !l.gone && l.unit as usize == i).map(|(ld, _)| ld.name.as_str()).collect();
                let place = if u.gone {
                    "elim".to_string()
                } else if u.hex == NO_HEX {
                    "(later)".to_string()
                } else {
                    sc.map.label(u.hex).to_string()
                };
                let mut s = format!(
                    "{:<28} {:?} mp {:>2}{} fat {}{}{}{}",
                    format!("{} [{}]", d.name, d.id),
                    d.kind,
                    u.mp,
                    if u.org { "" } else { " disorg" },
                    u.fat,
                    if u.exh { " exhausted" } else { "" },
                    match u.dem {
                        1 => " D1",
                        2 => " D2",
                        _ => "",
                    },
                    if u.ent > 0 { format!(" {}", state::ent_name(u.ent)) } else { String::new() }
                );
                if !leaders.is_empty() {
                    s.push_str(&format!("  with {}", leaders.join(", ")));
                }
                rows.push((place, s));
            }
            rows.sort();
            for (p, s) in rows {
                out.push_str(&format!("  {p:<8} {s}\n"));
            }
        }
        if !v.force_markers.is_empty() {
            out.push_str("\nForce markers (GCACW 12.0):\n");
            for f in &v.force_markers {
                let inside = match &f.units {
                    None => "contents secret".to_string(),
                    Some(u) if u.is_empty() => "decoy".to_string(),
                    Some(u) => u.join(", "),
                };
                out.push_str(&format!("  {} #{} in {}: {inside}\n", f.side, f.number, f.hex));
            }
        }
        if !v.flanks_refused.is_empty() {
            out.push_str(&format!("\nFlank Refused: {}\n", v.flanks_refused.join(", ")));
        }
        if v.rain_until >= v.turn {
            let effect = if v.rain { "rain rules in effect" } else { "no Basic Game effect in this game" };
            out.push_str(&format!("Rain through turn {} ({effect})\n", v.rain_until));
        }
        for (i, what) in ["minor", "major"].iter().enumerate() {
            if v.unfordable[i] >= v.turn {
                out.push_str(&format!("{what} rivers unfordable through turn {}\n", v.unfordable[i]));
            }
        }
        if !v.destroyed_crossings.is_empty() {
            out.push_str(&format!("Destroyed bridges/ferries: {}\n", v.destroyed_crossings.join(", ")));
        }
        if !v.pontoons.is_empty() {
            let p: Vec<String> = v.pontoons.iter().map(|(h, o)| format!("{h} ({o})")).collect();
            out.push_str(&format!("Pontoon bridges: {}\n", p.join(", ")));
        }
        if let Some(o) = self.outcome(st) {
            out.push_str(&format!("\nGame over: {} (scores {:?})\n", o.reason, o.scores));
        }
        out
    }

    fn outcome(&self, st: &State) -> Option<Outcome> {
        if st.phase != Phase::End {
            return None;
        }
        let sc = self.sc(st);
        let mut vp = [st.lost[1] as i64 * sc.vp_per_manpower, st.lost[0] as i64 * sc.vp_per_manpower];
        for o in &sc.objectives {
            for side in 0..2u8 {
                if self.side_units_at(st, o.hex, side) != 0 {
                    vp[side as usize] += o.vp[side as usize];
                }
            }
        }
        if let Some((winner, reason)) = &st.hook_victory {
            return Some(Outcome { winners: winner.iter().map(|&w| w as Seat).collect(), scores: vp.to_vec(), reason: reason.clone() });
        }
        let winners = match vp[0].cmp(&vp[1]) {
            std::cmp::Ordering::Greater => vec![0],
            std::cmp::Ordering::Less => vec![1],
            std::cmp::Ordering::Equal => vec![],
        };
        Some(Outcome {
            winners,
            scores: vp.to_vec(),
            reason: format!("{} victory points: Union {}, Confederate {} (scenario victory conditions, authored)", sc.id, vp[0], vp[1]),
        })
    }

    fn turn(&self, st: &State) -> Option<u32> {
        Some(u32::from(st.turn))
    }

    /// The balance lab follows the manpower each side has lost (GCACW victory points come
    /// from the enemy's losses and the objectives held at the end).
    fn measures(&self, st: &State) -> Vec<(String, f64)> {
        vec![("Union manpower lost".into(), f64::from(st.lost[0])), ("Confederate manpower lost".into(), f64::from(st.lost[1]))]
    }

    fn determinize(&self, st: &State, seat: Seat, rng: &mut GameRng) -> State {
        self.ai_determinize(st, seat, rng)
    }

    fn evaluate(&self, st: &State, seat: Seat) -> f64 {
        self.ai_evaluate(st, seat)
    }

    /// Tree search finishes the action a leaf began (see `ai.rs`).
    fn tree_playout(&self) -> u32 {
        Self::AI_TREE_PLAYOUT
    }

    fn check_invariants(&self, st: &State) -> Result<(), String> {
        let sc = self.sc(st);
        let mut start = [0u32; 2];
        let mut now = [0u32; 2];
        for (d, u) in sc.units.iter().zip(&st.units) {
            start[d.side as usize] += d.manpower as u32;
            if !u.gone {
                now[d.side as usize] += u.mp as u32;
            }
            if u.fat > 4 || u.dem > 2 || u.ent > state::ENT_FORT {
                return Err(format!("unit {} out of bounds: {u:?}", d.id));
            }
            if !u.gone && u.mp == 0 {
                return Err(format!("unit {} has no manpower but is not eliminated", d.id));
            }
            if u.hex != NO_HEX && u.hex as usize >= sc.map.hexes.len() {
                return Err(format!("unit {} is off the map", d.id));
            }
        }
        for side in 0..2 {
            if start[side] != now[side] + st.lost[side] as u32 {
                return Err(format!("manpower not conserved for {}: {} at start, {} now, {} lost", SIDES[side], start[side], now[side], st.lost[side]));
            }
        }
        for (l, (ld, ls)) in sc.leaders.iter().zip(&st.leaders).enumerate() {
            if ls.gone || ls.unit == NONE8 {
                continue;
            }
            let u = &st.units[ls.unit as usize];
            if !u.on_map() {
                return Err(format!("leader {} is attached to a unit not on the map", ld.id));
            }
            if !self.is_sub(st, l, ls.unit) {
                return Err(format!("leader {} is attached to a unit outside its command", ld.id));
            }
        }
        // Opposing units never share a hex, except a retreating stack passing through.
        let passing = match st.flow.top() {
            Some(Frame::Retreat(r)) => r.cur,
            _ => NO_HEX,
        };
        for (i, u) in st.units.iter().enumerate() {
            if u.on_map() && u.hex != passing && self.enemy_in(st, u.hex, sc.units[i].side) {
                return Err(format!("opposing units share hex {}", sc.map.label(u.hex)));
            }
        }
        // GCACW 12.0: at most ten numbered markers a side; hidden units are in their marker's hex.
        let mut seen = 0u64;
        for (k, f) in st.forces.iter().enumerate() {
            if !st.opts.limited_intel || !(1..=intel::MAX_MARKERS as u8).contains(&f.num) || f.hex as usize >= sc.map.hexes.len() {
                return Err(format!("bad force marker {f:?}"));
            }
            if st.forces[..k].iter().any(|g| g.side == f.side && g.num == f.num) || f.units & seen != 0 {
                return Err(format!("force marker {} of side {} doubled or sharing units", f.num, f.side));
            }
            seen |= f.units;
            for (i, u) in st.units.iter().enumerate() {
                if f.units & (1 << i) != 0 && (!u.on_map() || u.hex != f.hex || sc.units[i].side != f.side) {
                    return Err(format!("unit {} is under force marker {} but not in its hex", sc.units[i].id, f.num));
                }
            }
        }
        if st.phase != Phase::End && st.flow.is_empty() {
            return Err("no decision pending and the game is not over".into());
        }
        Ok(())
    }

    fn board(&self, st: &State, seat: Option<Seat>) -> bivouac_engine::board::Board {
        self.make_board(st, seat)
    }

    fn hint(&self, st: &State, a: &Action) -> bivouac_engine::board::ActionHint {
        self.action_hint(st, a)
    }

    fn max_actions(&self) -> usize {
        20_000
    }
}
