//! For the People (GMT, 2nd edition): the content model and loader, and the rules.
//!
//! Rule numbers in comments (`FtP 12.1.4`) are the Spanish rulebook's (the base edition), as
//! Layout:
//! - `content`: the content schema and loader with diagnostics;
//! - `state`: the plain-data state, flow frames and actions;
//! - `rules`: strength, supply (LOC), control tests;
//! - `battle`: the pure battle procedure of FtP 7 (branch ftp-battle); `battle_board`: the last
//!   battle drawn for the app;
//! - `combat`: battles in the game: forces, retreat before battle, aftermath, retreats;
//! - `naval`: naval and river moves (Union, army 6.1.5, CSA 6.5), running the guns, amphibious
//!   assaults, naval retreats, coastal-fort entry (FtP 6);
//! - `unc`: Union Naval Control (FtP 6.6) and the river crossings, LOCs and supply it governs;
//! - `weapons`: CSA ironclads, torpedoes and the Hunley (FtP 6.7), functions for their events;
//! - `formulas`: pure formulas of attrition and reinforcements (FtP 9, 10; branch ftp-battle);
//! - `reinforce`: the SP of the Reinforcement Phase and where they go (FtP 10.1-10.5);
//! - `choices`: the player's decisions inside land operations and battles (FtP 5.2.4, 5.2.8,
//!   5.3.1, 5.5.4, 5.8.1);
//! - `generals`: relief, reassignment, reorganization, detached corps, cavalry raids, the
//!   replacement cavalry generals option (FtP 5.3.6, 5.5.3, 5.5.6, 5.6);
//! - `ops_queue`: the operations queue optional rule (FtP 20);
//! - `rail_logistics`: the rail logistics variant (FtP 19, Spanish edition);
//! - `losses`: attrition and retreat losses whose SP the owner picks, and the loss pools
//!   (loose, army, brigades) of every loss choice (FtP 9.1, 9.2, 7.6.1, 5.5.4);
//! - `ordered`: moves under a card's orders, Forward to Richmond and concentrations (FtP
//!   4.5.2, 4.6.2);
//! - `pickup`: SP and generals picked up and dropped during a move, generals moving without SP
//!   (FtP 5.1.5, 5.3.2, 5.6.6);
//! - `scenario_rules`: the 1863 scenario's special rules kept across the game (FtP 15: the
//!   first campaign card's one activation per state, the Union's blockade obligation);
//! - `procs`: the sequence of play and every action as a state machine on the engine's Flow.

mod ai;
pub mod backdrop;
mod choices;
mod generals;
pub mod battle;
mod hooks;
mod battle_board;
pub mod content;
mod combat;
mod derived;
mod elite;
mod events;
mod losses;
mod naval;
mod ops_queue;
mod rail_logistics;
mod ordered;
mod pickup;
mod procs;
mod prompt;
mod reinforce;
mod rules;
mod scenario_rules;
mod special_generals;
mod general_counters;
mod state;
mod strong_brigades;
mod sw_order;
mod unc;
mod weapons;
#[cfg(test)]
mod audit_tests;
#[cfg(test)]
mod choices_tests;
#[cfg(test)]
mod generals_tests;
#[cfg(test)]
mod special_generals_tests;
#[cfg(test)]
mod general_counters_tests;
#[cfg(test)]
mod strong_brigades_tests;
#[cfg(test)]
mod naval_tests;
#[cfg(test)]
mod play_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod unc_tests;
#[cfg(test)]
mod weapons_tests;
#[cfg(test)]
mod naval_army_tests;
#[cfg(test)]
mod ops_queue_tests;
#[cfg(test)]
mod rail_logistics_tests;
#[cfg(test)]
mod losses_tests;
#[cfg(test)]
mod ordered_tests;
#[cfg(test)]
mod overrun_tests;
#[cfg(test)]
mod pickup_tests;
#[cfg(test)]
mod examples_tests;
#[cfg(test)]
mod hooks_tests;
#[cfg(test)]
mod sections_tests;
#[cfg(test)]
mod italian_tests;
#[cfg(test)]
mod scenario_rules_tests;
#[cfg(test)]
mod sw_order_tests;
#[cfg(test)]
mod interception_tests;
#[cfg(test)]
mod fort_taken_tests;
#[cfg(test)]
mod rewalk_b_tests;

use bivouac_engine::board::{ActionHint, Board, BoardLink, BoardPiece, BoardSpace, CardFace, Layout, Panel};
use bivouac_engine::content::{ContentSet, Diagnostics};
use bivouac_engine::game::{Game, OptionInfo, Outcome, ScenarioInfo, Seat, Setup, check_options};
use bivouac_engine::log::{Log, Refusal};
use bivouac_engine::map::graph::SpaceId;
use bivouac_engine::piles::{CardId, PileView, PileVisibility, Piles};
use bivouac_engine::refuse;
use bivouac_engine::rng::GameRng;
use bivouac_engine::session::{AnyGame, Registered};
use content::{Content, Control, GeneralAt, LinkKind, Side};
use serde::Serialize;
use state::{Action, ArmySt, Frame, GenAt, LossCause, Opts, P_BR, P_CAV, P_CENTER, P_EAST, P_KY, P_MO, P_STATES, P_UNION, P_WEST, Phase, Sp, State};
use std::path::PathBuf;
use std::rc::Rc;

pub use state::Action as FtpAction;

pub const DIR: &str = "for-the-people";
pub mod formulas;

/// Load and validate `content/for-the-people/` from `layers` (built-in first, then mods).
pub fn load_content(layers: &[PathBuf]) -> Result<content::Content, Diagnostics> {
    let set = ContentSet::open(layers, DIR)?;
    let mut c = content::load_content(&set)?;
    c.events = events::load(&set, &c)?;
    Ok(c)
}

/// The playable game over its loaded content.
pub fn load(layers: &[PathBuf]) -> Result<Option<Box<dyn AnyGame>>, Diagnostics> {
    let set = ContentSet::open(layers, DIR)?;
    let mut c = content::load_content(&set)?;
    c.events = events::load(&set, &c)?;
    let backdrop = backdrop::load(&set, &c)?;
    let mut g = FtP::new(c)?;
    g.backdrop = backdrop;
    g.hooks = hooks::load(&set, &g)?;
    Ok(Some(Box::new(Registered::new(g, set.hash()))))
}

impl Content {
    /// An integer of the `[battle]` table (FtP 7.3.1, 7.5).
    pub fn battle_int(&self, key: &str) -> Option<i64> {
        self.battle.get(key).and_then(|v| v.as_integer())
    }
}

/// The For the People rules with their loaded content.
pub struct FtP {
    pub c: Content,
    /// Fort counters per side (FtP 6.8.6, `[counters]`).
    forts_max: [u8; 2],
    /// The typed `[battle]` table (FtP 7).
    battle_table: battle::BattleTable,
    /// The typed `[reinforcements]` and `[strategic_will]` tables (FtP 9, 10, 12.3).
    formulas: formulas::Formulas,
    /// FtP 10.3.1: the states and spaces of the Union's East (fallback), Center and West SP.
    union_areas: [Vec<u8>; 3],
    union_west_spaces: Vec<Sp>,
    /// Unique per rules object: the caches of `derived` are kept per rules object.
    id: u64,
    /// The river and sea network of Union Naval Control (FtP 6.6), from the content alone:
    /// made once, when first needed (`unc`).
    unc_graph: std::sync::OnceLock<unc::UncGraph>,
    /// The event view's fields that depend on the content only (`events::view`): made once.
    view_static: std::sync::OnceLock<events::ViewStatic>,
    /// The spaces with a printed coastal fort (FtP 6.8.1).
    coastal_forts: Vec<Sp>,
    /// FtP 6.8.2, 6.8.3: Fort Monroe, the coastal fort that stacks as a normal space (found
    /// once: the CSA's reinforcement listing asks of every coastal fort).
    fort_monroe: Option<Sp>,
    /// The geography drawn under the map (`geography.toml`), if the content has it.
    pub backdrop: Option<bivouac_engine::board::Backdrop>,
    /// Each space's name for the buttons and the log, with its state where another space
    /// bears the same name ("Columbus (GA)", "Columbus (KY)").
    place_names: Vec<String>,
    /// Per scenario: its special rules as Lua hooks (`hooks.toml`).
    pub(crate) hooks: Vec<bivouac_engine::hooks::Hooks>,
}

const SIDES: [&str; 2] = ["union", "csa"];

/// Each space's name, followed by its state's abbreviation where several spaces bear it.
fn place_names(c: &Content) -> Vec<String> {
    let spaces: Vec<&content::SpaceDef> = (0..c.map.len() as Sp).map(|s| c.map.space(SpaceId(s))).collect();
    let mut count: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for s in &spaces {
        *count.entry(s.name.as_str()).or_default() += 1;
    }
    spaces
        .iter()
        .map(|s| match c.states.get(s.state as usize) {
            Some(st) if count[s.name.as_str()] > 1 => format!("{} ({})", s.name, st.abbr),
            _ => s.name.clone(),
        })
        .collect()
}
/// The special event whose effects last the rest of the game (FtP 4.4.2).
pub(crate) const FOREIGN_INTERVENTION: content::CardNo = 82;

impl FtP {
    /// A legal `action` carried out, then the game advanced to its next decision.
    fn carry_out(&self, st: &mut State, action: &Action, log: &mut Log) -> Result<(), Refusal> {
        // FtP 5.6.7 C, D: growing a brigade takes no card, round or step of the procedure under way.
        if let Action::GrowBrigade { general } = *action {
            self.grow_brigade(st, general, log);
            self.proceed(st, log)?;
            return Ok(());
        }
        // FtP 20: what breaks or ends an operations queue.
        self.queue_hook(st, action, log);
        if let Some(r) = self.event_action(st, action, log) {
            r?;
            self.proceed(st, log)?;
            return Ok(());
        }
        self.perform(st, action, log);
        self.proceed(st, log)?;
        Ok(())
    }

    pub fn new(c: Content) -> Result<Self, Diagnostics> {
        let get = |k: &str, d: u8| c.counters.get(k).and_then(|v| v.as_integer()).map(|v| v as u8).unwrap_or(d);
        let forts_max = [get("union_forts_max", 12), get("csa_forts_max", 6)];
        let battle_table = battle::BattleRules::new(&c, battle::BattleOptions::default())?.table;
        let formulas = formulas::Formulas::new(&c)?;
        let list = |k: &str| -> Vec<String> { c.reinforcements.get(k).and_then(|v| v.as_array()).map(|a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect()).unwrap_or_default() };
        let states = |k: &str| -> Vec<u8> { list(k).iter().filter_map(|id| c.state(id)).collect() };
        let union_areas = [states("union_east_fallback_states"), states("union_center_states"), states("union_west_states")];
        let union_west_spaces = list("union_west_spaces").iter().filter_map(|id| c.space(id).map(|s| s.0)).collect();
        static IDS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let id = IDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let coastal_forts = (0..c.map.len() as Sp).filter(|&s| c.map.space(SpaceId(s)).coastal_fort).collect();
        let fort_monroe = c.space("fort_monroe").map(|s| s.0);
        let place_names = place_names(&c);
        let g = FtP { c, forts_max, battle_table, formulas, union_areas, union_west_spaces, id, unc_graph: std::sync::OnceLock::new(), view_static: std::sync::OnceLock::new(), coastal_forts, fort_monroe, backdrop: None, place_names, hooks: Vec::new() };
        // FtP 4.2: every event script is dry-run once, so a broken one is reported at load.
        g.dry_run_events()?;
        Ok(g)
    }

    /// Where an action happens on the map, and its group.
    fn hint_of(&self, st: &State, a: &Action) -> ActionHint {
        let card = |c: &u8| self.c.card(*c).map(|d| d.title.clone());
        match a {
            Action::Ops { card: c } | Action::Event { card: c } | Action::Discard { card: c } | Action::CsaFirst { card: c } | Action::QueueCard { card: c } => ActionHint { card: card(c), group: "Card".into(), ..Default::default() },
            Action::Step { to } => ActionHint { from: st.moving.as_ref().map(|m| m.at), to: Some(*to), group: "Move".into(), ..Default::default() },
            Action::Strategic { from, to } => ActionHint { from: Some(*from), to: Some(*to), group: "Strategic movement (FtP 10.2)".into(), ..Default::default() },
            Action::Pc { space } | Action::PlaceGeneral { space } | Action::Reinforce { space } | Action::BuildFort { space } | Action::RetreatTo { space } | Action::Capital { space } => {
                ActionHint { to: Some(*space), group: "Place".into(), ..Default::default() }
            }
            _ => ActionHint { group: "Order".into(), ..Default::default() },
        }
    }

    /// The action in words for the app's buttons: spaces, generals, armies and cards by name.
    fn action_words(&self, a: &Action) -> String {
        const PHRASES: &[(&str, &str)] = &[
            ("union-first", "The Union goes first"),
            ("pcs", "Place political control markers"),
            ("convert", "Convert"),
            ("stop", "Stop here"),
            ("withdraw", "Withdraw"),
            ("stand", "Stand"),
            ("decline", "Decline"),
            ("build-railroads", "Build railroads"),
            ("lose infantry", "Lose an infantry SP"),
            ("lose army infantry", "Lose an infantry SP of the army"),
            ("demote", "Demote"),
            ("retire", "Retire"),
            ("reorganize", "Reorganize"),
            ("pick-up sp", "Pick up an SP"),
            ("drop sp", "Drop an SP"),
            ("place", "Place the general in {1}"),
            ("reinforce", "Reinforce {1}"),
            ("rail", "Move by rail from {1} to {2}"),
            ("army", "Move the {1}"),
            ("corps", "Move {1} with {2} SP"),
            ("division", "Move a division of {2} SP from {1}"),
            ("division-of", "Move a division of {2} SP from the {1}"),
            ("brigade", "Move {1}'s brigade"),
            ("create", "Create the {2} in {1} under {3}"),
            ("fort", "Build a fort in {1}"),
            ("pc", "Political control in {1}"),
            ("step", "Move to {1}"),
            ("elite", "Elite unit {1}"),
            ("counter", "Use the {1} counter"),
            ("intercept", "Intercept from {1}"),
            ("remove", "Remove {1}"),
            ("retreat", "Retreat to {1}"),
            ("capital", "Move the capital to {1}"),
            ("sw-first", "Strategic Will change {1} first"),
            ("naval", "Naval move from {1} with {2} SP"),
            ("sail", "Sail to {1}"),
            ("naval-army", "Naval move of the {1}"),
            ("choose", "Option {1}"),
            ("disband", "Disband the {1}"),
            ("command", "Command: {1}"),
            ("lose", "Lose {1}'s brigade"),
            ("relieve", "Relieve the {1}'s commander, appoint {2}"),
            ("reassign", "Reassign to the {1}"),
            ("reorg", "Reorganize {1}"),
            ("reorg-to", "Reorganize to {1}"),
            ("raid", "Raid {1}"),
            ("grow", "Grow {1}'s brigade"),
            ("queue-open", "Open an operations queue for {1}"),
            ("pick-up", "Pick up {1}"),
            ("drop", "Drop {1}"),
        ];
        let card = |c: &u8, how: &str| format!("{how} {}", self.c.card(*c).map_or_else(|| format!("card {c}"), |d| format!("{c} {}", d.title)));
        match a {
            Action::Ops { card: c } => return card(c, "Operations with"),
            Action::Event { card: c } => return card(c, "Event of"),
            Action::Discard { card: c } => return card(c, "Discard"),
            Action::CsaFirst { card: c } => return card(c, "The Confederacy goes first, with"),
            Action::QueueCard { card: c } => return card(c, "Queue"),
            _ => {}
        }
        crate::words::words(&self.notation(a), PHRASES, |w| self.word(w))
    }

    /// The printed name of a word of the notation: a space, a general, an army.
    fn word(&self, w: &str) -> Option<String> {
        if let Some(s) = self.c.space(w) {
            return self.place_names.get(s.0 as usize).cloned();
        }
        if let Some(g) = self.c.general(w) {
            return Some(self.c.generals[g as usize].name.clone());
        }
        self.c.army(w).map(|x| self.c.armies[x as usize].name.clone())
    }

    /// A line of the log in words: an action as the buttons say it, ids by name
    /// ([`bivouac_engine::Game::text_words`]); from the text alone.
    fn line_words(&self, text: &str, line: bivouac_engine::board::Line) -> String {
        match (line, self.parse(text)) {
            (bivouac_engine::board::Line::Action, Ok(a)) => self.action_words(&a),
            _ => crate::words::named(text, |w| self.word(w)),
        }
    }

    pub fn sname(&self, s: Sp) -> &str {
        &self.c.map.space(SpaceId(s)).name
    }
    pub(crate) fn sid(&self, s: Sp) -> &str {
        self.c.map.name(SpaceId(s))
    }

    fn awaiting(&self, st: &State) -> String {
        let Some(f) = st.flow.top() else { return "game over".into() };
        let who = f.side(st).name();
        let what = match f {
            Frame::PlaceGenerals { .. } => "place arriving generals (FtP 10.6)".to_string(),
            Frame::Strategic { side } => format!("strategic movement, {} of {} SP used (FtP 10.2)", st.strat_used[side.index()], formulas::strategic_limit(&self.formulas, *side)),
            Frame::Reinforce { side } => format!("place reinforcement SP (FtP 10.3, 10.4): {}", pools_text(st, *side)),
            Frame::FirstPlayer => "decide who plays first (FtP 3.3.1)".into(),
            Frame::Round { .. } => "play a card for OPs or as an event, or discard (FtP 3.3.2)".into(),
            Frame::Ops { card, value, .. } => format!("choose the operation of #{card} ({value} OPs, FtP 4.1)"),
            Frame::Pcs { left, .. } => format!("place up to {left} PCs (FtP 11.3)"),
            Frame::Campaign { left, .. } => format!("activate a force for the campaign, {left} moves left (FtP 4.3)"),
            Frame::Move => {
                let m = st.moving.as_ref().expect("moving");
                format!("move the {} at {} ({} MP left)", m.kind.name(), self.sname(m.at), m.mp)
            }
            Frame::Retreat { side, from, .. } => format!("choose where {} retreats from {} (FtP 7.6.1)", side.name(), self.sname(*from)),
            Frame::Capital { .. } => "place the capital (FtP 11.2.3)".into(),
            Frame::SwOrder { side } => {
                let list: Vec<String> = st.sw_pending.iter().enumerate().filter(|(_, e)| e.side == *side).map(|(i, e)| format!("sw-first {i} = {}", self.sw_effect_text(e))).collect();
                format!("choose the order of your Strategic Will changes (FtP 12.4, Change of Fortune): {}", list.join("; "))
            }
            Frame::Excess { side, space, .. } => format!("choose a {} general over the limit at {} for the turn track (FtP 5.2.9, 5.3.4)", side.name(), self.sname(*space)),
            Frame::Intercept { to, .. } => format!("intercept the enemy entering {} or decline (FtP 5.8)", self.sname(*to)),
            Frame::Rbb { from, .. } => format!("retreat before battle from {} (withdraw) or stand (FtP 7.2)", self.sname(*from)),
            Frame::Naval => "choose the port the naval move sails to (FtP 6.1)".into(),
            Frame::Event => self.event_awaiting(st),
            Frame::Interrupt { .. } => "play an interrupt event against the move, or decline (FtP 4.2.5)".into(),
            Frame::TwoArmies { space, .. } => format!("remove one of the two armies at {} (FtP 5.2.4)", self.sname(*space)),
            Frame::Succession { army, .. } => format!("choose the new commander of {} among tied generals (FtP 5.2.8)", self.c.armies[*army as usize].name),
            Frame::Lead { space, .. } => format!("choose who commands the defence of {} among tied generals (FtP 5.3.1)", self.sname(*space)),
            Frame::Losses { .. } => "take a battle loss from loose or army infantry or a cavalry brigade (FtP 5.5.4, 6.3.2)".into(),
            Frame::Relieved { general, .. } => format!("reassign, demote or remove the relieved {} (FtP 5.6.2-5.6.4)", self.c.generals[*general as usize].name),
            Frame::Reorg { .. } => "move generals without SP, or done (FtP 5.6.5)".into(),
            Frame::ReorgGeneral { general, .. } => format!("choose where {} goes (FtP 5.6.5)", self.c.generals[*general as usize].name),
            Frame::Counter { general, space, .. } => format!("place {} at {} on his cavalry-brigade or corps-commander counter (FtP 5.6.7 D)", self.c.generals[*general as usize].name, self.sname(*space)),
            Frame::Elite { space, .. } => format!("choose how many elite units to use in the battle at {} (FtP 7.5.1)", self.sname(*space)),
            Frame::SpaceLosses { space, left, cause: LossCause::Retreat, .. } => format!("take the {left} SP lost ending a retreat at {} from loose or army infantry or a cavalry brigade (FtP 7.6.1)", self.sname(*space)),
            Frame::SpaceLosses { space, left, cause: LossCause::Attrition, .. } => format!("take {left} SP of attrition at {} from loose or army infantry or a cavalry brigade (FtP 9.1)", self.sname(*space)),
            Frame::SpaceLosses { side, space, left, cause: LossCause::Event { .. } } => format!("take the {left} {} infantry SP the event removes at {} from loose or army infantry (FtP 4.2.4)", side.name(), self.sname(*space)),
        };
        format!("{who}: {what}")
    }

    fn parse_side_option(&self, setup: &Setup, sc: &content::ScenarioDef) -> Result<(u8, Opts), Refusal> {
        let mut edition = self.c.default_edition();
        let mut opts = Opts::default();
        let mut shenandoah: Option<bool> = None;
        let known: Vec<OptionInfo> = self.c.options.iter().chain(sc.options.iter()).cloned().collect();
        check_options("FtP setup", setup, &known)?;
        for (k, v) in &setup.options {
            match k.as_str() {
                "edition" => edition = self.c.edition(v).unwrap_or(edition),
                "both-met-1861" => opts.both_met_union = v == "union",
                "opt-replacement-cavalry" => opts.replacement_cavalry = v == "on",
                "opt-ops-queue" => opts.ops_queue = v == "on",
                "opt-special-generals" => opts.special_generals = v == "on",
                "counter-swap-mp" => opts.swap_brigade_mp = v == "brigade",
                "auto-victory-timing" => opts.auto_victory_immediate = v == "immediate",
                "auto-victory-last-turn" => opts.last_turn_scenario_only = v == "scenario",
                "interception-target" => opts.intercept_empty_target = v == "empty",
                "fort-garrison-beaten" => opts.fort_taken_at_once = v == "taken",
                "sp-differential" => opts.sp_differential_every_end = v == "every-end",
                "closed-zone-penalty" => opts.closed_zone_every_turn = v == "every-turn",
                "reshuffle-timing" => opts.reshuffle_next_draw = v == "next-draw",
                "forward-no-army" => opts.forward_card_still_used = v == "card-still-used",
                "reorganization-rail" => opts.reorg_rail_friendly_only = v == "friendly-only",
                "brigades-alone-retreat" => opts.brigades_retreat_automatic = v == "automatic",
                "cavalry-death-sp" => opts.cav_death_track_and_loss = v == "track-and-loss",
                "strong-brigade-killed" => opts.strong_killed_two_losses = v == "two-losses",
                "var-rail-logistics" => opts.rail_logistics = v == "on",
                // FtP 6.8.2 (a reading of an unclear rule): a space id names the only fort #115 may retake.
                "galveston-forts" => opts.retake_only = self.c.space(v).map(|s| s.0),
                "fort-return" => opts.fort_return_pc = v == "pc-phase",
                "csa-rail-1864" => opts.csa_rail_road = v == "road",
                "opt-shenandoah" => shenandoah = Some(v == "on").filter(|_| v != "edition"),
                "leader-casualty-roll" | "retreat-into-enemy-pc" | "continue-after-defender-wiped" | "only-general" => {}
                _ => {}
            }
        }
        // FtP 8.4: standard in the Spanish edition, an optional rule in the Italian one
        // (the edition's `shenandoah_standard`).
        let ed = &self.c.editions[edition as usize];
        opts.shenandoah = shenandoah.unwrap_or(ed.shenandoah_standard);
        if opts.replacement_cavalry && !self.c.editions[edition as usize].replacement_cavalry {
            refuse!("FtP 5.5.6", "replacement cavalry generals are a rule of the Spanish edition only");
        }
        if opts.fort_return_pc && self.c.editions[edition as usize].fort_return != content::FortReturn::TurnTrack {
            refuse!("FtP 6.8.6", "in this edition an eliminated fort is available again at once: no fort-return timing");
        }
        // FtP 19: the edition's `rail_logistics`.
        if opts.rail_logistics && !ed.rail_logistics {
            refuse!("FtP 19", "the rail logistics variant is a rule of the Spanish edition only");
        }
        Ok((edition, opts))
    }

    /// The scenarios' introduction: "podéis empezar un escenario y jugar hasta el final de uno de
    /// los escenarios posteriores" (3, 6, 9, 12 or 13 turns). Option `play-until` names that later
    /// scenario (`scenario`: the one started); its last turn and victory conditions end the game.
    /// By our reading, the special rules (15) and first-turn steps stay those of the scenario started.
    fn play_until(&self, setup: &Setup, sc: &content::ScenarioDef) -> Result<Option<u8>, Refusal> {
        let Some(v) = setup.option("play-until").filter(|v| *v != "scenario" && *v != sc.id) else { return Ok(None) };
        let Some(i) = self.c.scenarios.iter().position(|s| s.id == v) else {
            refuse!("FtP Scenarios", "play-until `{v}`: no such scenario");
        };
        let end = &self.c.scenarios[i];
        if end.last_turn <= sc.last_turn {
            refuse!("FtP Scenarios", "play-until `{v}`: a game plays to the end of a later scenario (it ends in turn {}, `{}` in turn {})", end.last_turn, sc.id, sc.last_turn);
        }
        Ok(Some(i as u8))
    }

    pub fn new_state(&self, setup: &Setup) -> Result<State, Refusal> {
        let Some(sci) = self.c.scenarios.iter().position(|s| s.id == setup.scenario) else {
            refuse!("FtP setup", "unknown scenario `{}`", setup.scenario);
        };
        if !(1..=2).contains(&setup.players) {
            refuse!("FtP 1.1", "For the People is for one or two players (seats union and csa)");
        }
        let sc = &self.c.scenarios[sci];
        let (edition, mut opts) = self.parse_side_option(setup, sc)?;
        let end_sc = self.play_until(setup, sc)?;
        opts.battle = battle::BattleOptions::from_setup(&self.c, setup);
        let Some(p) = self.c.position(&sc.id, edition) else { refuse!("FtP setup", "no position for `{}`", sc.id) };
        let n = self.c.map.len();
        let mut rng = GameRng::new(setup.seed);
        let mut piles = Piles::new(content::MAX_CARDS as u16);
        piles.add_pile("deck", PileVisibility::Hidden);
        piles.add_pile("union-hand", PileVisibility::Owner(0));
        piles.add_pile("csa-hand", PileVisibility::Owner(1));
        piles.add_pile("discard", PileVisibility::Public);
        piles.add_pile("removed", PileVisibility::Public);
        piles.add_pile("out", PileVisibility::Public);
        piles.add_pile("union-queue", PileVisibility::Public);
        piles.add_pile("csa-queue", PileVisibility::Public);
        for c in 1..=content::MAX_CARDS as u16 {
            let to = if p.deck.contains(&(c as u8)) { state::DECK } else { state::OUT };
            piles.put(to, CardId(c - 1)).map_err(|e| Refusal::new("FtP setup", e))?;
        }
        // FtP 2.2: shuffle the strategy deck.
        piles.shuffle(state::DECK, &mut rng);
        let mut st = State {
            sc: sci as u8,
            edition,
            opts,
            rng,
            turn: p.turn,
            phase: Phase::Reinforcement,
            sp: p.sp.clone(),
            fort: p.fort.clone(),
            control: p.control.clone(),
            state_control: p.state_control.clone(),
            border_first: vec![None; self.c.states.len()],
            generals: vec![GenAt::Out; self.c.generals.len()],
            armies: vec![None; self.c.armies.len()],
            army_ready: vec![0; self.c.armies.len()],
            capital: [p.capital[0].map(|s| s.0), p.capital[1].map(|s| s.0)],
            rc_destroyed: p.resource_destroyed.clone(),
            sw: [p.sw[0] as i16, p.sw[1] as i16],
            sw_plus: p.sw_plus,
            blockade: p.blockade,
            emancipation: p.emancipation,
            mississippi_bonus: p.mississippi_bonus_received,
            piles,
            flow: Default::default(),
            moving: None,
            campaign_used: Vec::new(),
            campaign_armies: Vec::new(),
            campaign_sp: Vec::new(),
            campaign_saved: Vec::new(),
            next: Side::Union,
            sp_gained: [0, 0],
            sp_lost: [0, 0],
            sp_at_start: [0, 0],
            pool: [0; state::POOLS],
            pool_states: 0,
            strat_used: [0, 0],
            east_in_washington: false,
            result: None,
            naval: naval::NavalSt::new(p.amphibious, setup),
            events: Vec::new(),
            in_force: Vec::new(),
            battle_mods: Vec::new(),
            move_limits: Vec::new(),
            aftermath: None,
            last_battle: None,
            lead: None,
            succession: Vec::new(),
            beaten: Vec::new(),
            beaten_armies: Vec::new(),
            rounds: 0,
            own_round: [[0; 2]; 2],
            large_loss: vec![0; self.c.armies.len()],
            reorg_moved: Vec::new(),
            union_major_win: 0,
            special_reshuffle: false,
            forward: None,
            concentration: None,
            queue: Default::default(),
            rail: Default::default(),
            space_losses: Vec::new(),
            elite: [Vec::new(), Vec::new()],
            elite_commit: [None; 2],
            strong: Default::default(),
            forts_track: [0, 0],
            special: Default::default(),
            counters: Default::default(),
            sc_rules: Default::default(),
            cav_track: [0, 0],
            end_sc,
            sw_pending: Vec::new(),
            csa_rail_built: false,
        };
        let _ = n;
        // Armies first (their SP come off the space), then generals.
        for (a, at) in p.armies.iter().enumerate() {
            if let Some(at) = at {
                st.armies[a] = Some(ArmySt { space: at.space.0, sp: 0, commander: Some(at.commander) });
            }
        }
        for (g, at) in p.generals.iter().enumerate() {
            st.generals[g] = match *at {
                GeneralAt::Space(s) => {
                    let side = self.c.generals[g].side;
                    match self.army_in(&st, side, s.0) {
                        Some(a) => GenAt::Army(a),
                        None => GenAt::Map(s.0),
                    }
                }
                GeneralAt::TurnTrack(t) => GenAt::Track(t),
                GeneralAt::Eliminated => GenAt::Dead,
                GeneralAt::Unused => GenAt::Out,
            };
            // Scenario note J: a cavalry general's SP is part of the row's SP.
            if self.is_cav(&st, g as u8)
                && let GeneralAt::Space(s) = *at
            {
                let side = self.c.generals[g].side.index();
                st.sp[s.index()][side] = st.sp[s.index()][side].saturating_sub(1);
            }
        }
        for a in 0..st.armies.len() {
            if let Some(x) = st.armies[a] {
                let side = self.c.armies[a].side.index();
                let room = self.c.movement.army.max_sp.saturating_sub(self.army_brigades(&st, a as u8));
                let take = st.sp[x.space as usize][side].min(room);
                st.sp[x.space as usize][side] -= take;
                if let Some(y) = st.armies[a].as_mut() {
                    y.sp = take;
                }
            }
        }
        st.sp_at_start = [self.total_sp(&st, Side::Union), self.total_sp(&st, Side::Csa)];
        // FtP 5.6.7 A 1: a command held at the start was not given during play.
        st.special.mcclellan_army = self.mcclellan_army(&st);
        let mut log = Log::quiet();
        self.begin_turn(&mut st, &mut log);
        self.proceed(&mut st, &mut log)?;
        Ok(st)
    }

    fn seat_of(&self, st: &State) -> Option<Seat> {
        // FtP 17.2 (option auto-victory-timing = immediate): a game may end with decisions pending.
        if st.result.is_some() {
            return None;
        }
        st.flow.top().map(|f| f.side(st).index() as Seat)
    }

    fn explain(&self, st: &State, a: &Action) -> Refusal {
        let rule = match a {
            Action::PlaceGeneral { .. } => "FtP 10.6.1",
            Action::Reinforce { .. } => "FtP 10.1",
            Action::Strategic { .. } => "FtP 10.2",
            Action::UnionFirst | Action::CsaFirst { .. } => "FtP 3.3.1",
            // FtP 4.2.6: the card "Forward to Richmond!" took is the Union's play.
            Action::Ops { .. } | Action::Event { .. } | Action::Discard { .. } if st.forward.is_some() && st.flow.top() == Some(&Frame::Round { side: Side::Union }) => "FtP 4.2.6",
            Action::Ops { .. } | Action::Event { .. } => "FtP 4.2",
            Action::Discard { .. } => "FtP 4.2.3",
            // FtP 4.3.1: on a campaign card each move is a different force.
            Action::MoveArmy { .. } | Action::MoveCorps { .. } | Action::MoveDivision { .. } | Action::MoveArmyDivision { .. } | Action::MoveBrigade { .. } if matches!(st.flow.top(), Some(Frame::Campaign { .. })) => "FtP 4.3.1",
            Action::MoveArmy { .. } => "FtP 5.2.3",
            Action::MoveCorps { .. } => "FtP 5.3",
            Action::MoveDivision { .. } => "FtP 5.4.1",
            Action::MoveArmyDivision { .. } => "FtP 5.4.4",
            Action::MoveBrigade { .. } => "FtP 5.5.2",
            Action::CreateArmy { .. } => "FtP 5.2.1",
            Action::BuildFort { .. } => "FtP 6.8.6",
            Action::PlacePcs | Action::Pc { .. } => "FtP 11.3",
            Action::Step { .. } => "FtP 5.1",
            Action::Convert => "FtP 5.2.6",
            Action::Stop | Action::Done => "FtP 3.3",
            Action::RetreatTo { .. } => "FtP 7.6.1",
            Action::Withdraw | Action::Stand => "FtP 7.2",
            Action::Elite { .. } => "FtP 7.5.1",
            Action::Counter { .. } => "FtP 5.6.7",
            Action::Intercept { .. } | Action::Decline => "FtP 5.8",
            Action::Remove { .. } => "FtP 5.3.4",
            Action::Capital { .. } => "FtP 11.2.3",
            Action::SwFirst { .. } => "FtP 12.4",
            Action::BuildRailroads => "FtP 5.9.3",
            Action::NavalMove { .. } => "FtP 6.1.1",
            Action::Sail { .. } => "FtP 6.1.3",
            Action::NavalArmy { .. } => "FtP 6.1.5",
            Action::Choose { .. } => "FtP 4.2",
            Action::Disband { .. } => "FtP 5.2.4",
            Action::Command { .. } if matches!(st.flow.top(), Some(Frame::Lead { .. })) => "FtP 5.3.1",
            Action::Command { .. } => "FtP 5.2.8",
            Action::InterceptWith { .. } => "FtP 5.8.1",
            Action::LoseBrigade { .. } | Action::LoseInfantry | Action::LoseArmyInfantry if matches!(st.flow.top(), Some(Frame::SpaceLosses { .. })) => match st.flow.top() {
                Some(Frame::SpaceLosses { cause, .. }) => cause.rule(),
                _ => "FtP 9.1",
            },
            Action::LoseBrigade { .. } | Action::LoseInfantry | Action::LoseArmyInfantry => "FtP 5.5.4",
            Action::Relieve { .. } => "FtP 5.6.1",
            Action::Demote => "FtP 5.6.3",
            Action::Retire => "FtP 5.6.4",
            Action::Reassign { .. } => "FtP 5.6.2",
            Action::Reorganize | Action::ReorgPick { .. } | Action::ReorgTo { .. } => "FtP 5.6.5",
            Action::Raid { .. } => "FtP 5.5.3",
            Action::GrowBrigade { general } => return self.grow_refusal(st, *general),
            Action::OpenQueue { .. } | Action::QueueCard { .. } => "FtP 20",
            // FtP 4.3.1: the SP here already moved on the campaign card.
            Action::PickUp { general: None } if st.moving.as_ref().is_some_and(|m| m.side.index() < 2 && self.campaign_moved_sp(st, m.side, m.at) > 0 && self.campaign_moved_sp(st, m.side, m.at) == st.sp[m.at as usize][m.side.index()]) => "FtP 4.3.1",
            Action::PickUp { general: None } | Action::DropOff { general: None } => "FtP 5.1.5",
            Action::PickUp { .. } | Action::DropOff { .. } => "FtP 5.6.6",
        };
        // FtP 6.2.4, 6.2.5, 6.5.1: a step refused only by a river crossing names that rule.
        let rule = self.campaign_state_rule(st, a).or_else(|| self.step_crossing_rule(st, a)).or_else(|| self.rail_step_rule(st, a)).or_else(|| self.division_step_rule(st, a)).unwrap_or(rule);
        Refusal::new(rule, format!("`{}` is not allowed now; awaiting {}", self.notation(a), self.awaiting(st)))
    }

    fn card_title(&self, c: CardId) -> String {
        self.c.card(c.0 as u8 + 1).map(|d| format!("#{} {} ({})", d.number, d.title, d.ops)).unwrap_or_default()
    }

    fn gen_place(&self, st: &State, g: usize) -> String {
        match st.generals[g] {
            GenAt::Map(s) => self.sid(s).to_string(),
            GenAt::Army(a) => format!("{} ({})", self.c.armies[a as usize].id, st.armies[a as usize].map(|x| self.sid(x.space).to_string()).unwrap_or_default()),
            GenAt::Moving => "moving".into(),
            GenAt::Track(t) => format!("turn track {t}"),
            GenAt::Dead => "removed".into(),
            GenAt::Out => "not in play".into(),
        }
    }
}

/// What a seat sees: everything on the map is open; hands only to their owner (FtP 3.2).
#[derive(Serialize)]
pub struct View {
    pub scenario: String,
    pub turn: u8,
    pub phase: String,
    pub awaiting: String,
    pub sw: [i16; 2],
    pub sw_plus: [bool; 2],
    pub capitals: [Option<String>; 2],
    pub spaces: Vec<SpaceView>,
    pub generals: Vec<(String, String)>,
    pub armies: Vec<(String, String, u8, String)>,
    pub piles: Vec<PileView>,
    pub moving: Option<String>,
    /// FtP 20: the operations queue markers (public).
    pub queues: Vec<String>,
}

#[derive(Serialize)]
pub struct SpaceView {
    pub id: String,
    pub sp: [u8; 2],
    pub control: String,
    pub fort: Option<String>,
}

impl Game for FtP {
    type State = State;
    type Action = Action;
    type View = View;

    fn id(&self) -> &'static str {
        "for-the-people"
    }

    fn title(&self) -> &str {
        &self.c.title
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        self.c
            .scenarios
            .iter()
            .map(|s| ScenarioInfo {
                id: s.id.clone(),
                title: s.title.clone(),
                min_players: 1,
                max_players: 2,
                default_players: 2,
                options: self.c.options.iter().chain(s.options.iter()).cloned().collect(),
            })
            .collect()
    }

    fn setup(&self, setup: &Setup) -> Result<State, Refusal> {
        self.new_state(setup)
    }

    fn seat_names(&self, _st: &State) -> Vec<String> {
        SIDES.iter().map(|s| s.to_string()).collect()
    }

    fn active_seats(&self, st: &State) -> Vec<Seat> {
        self.seat_of(st).into_iter().collect()
    }

    fn legal_actions(&self, st: &State, seat: Seat) -> Vec<Action> {
        self.legal_actions_shared(st, seat).to_vec()
    }

    fn legal_actions_shared(&self, st: &State, seat: Seat) -> Rc<Vec<Action>> {
        if self.seat_of(st) != Some(seat) {
            return Rc::default();
        }
        self.legal_shared(st)
    }

    fn apply(&self, st: &mut State, seat: Seat, action: &Action, log: &mut Log) -> Result<(), Refusal> {
        let Some(owner) = self.seat_of(st) else { refuse!("FtP 3.6", "the game is over") };
        if owner != seat {
            refuse!("FtP 3.3.2", "it is not {}'s decision; awaiting {}", SIDES.get(seat as usize).unwrap_or(&"?"), self.awaiting(st));
        }
        // Validate against the complete legal list first: a refusal never touches the state.
        if !self.is_legal(st, action) {
            return Err(self.explain(st, action));
        }
        self.carry_out(st, action, log)
    }

    /// The action was just listed for `st`, so it is not looked up in the listing again; a seat
    /// not awaited (FtP 3.3.2) or a finished game (FtP 3.6) goes through `apply`'s refusals.
    fn apply_listed(&self, st: &mut State, seat: Seat, action: &Action, log: &mut Log) -> Result<(), Refusal> {
        if self.seat_of(st) != Some(seat) {
            return self.apply(st, seat, action, log);
        }
        self.carry_out(st, action, log)
    }

    fn prompt(&self, st: &State, seat: Seat) -> Option<String> {
        prompt::prompt(self, st, seat)
    }

    fn notation(&self, a: &Action) -> String {
        let s = |x: &Sp| self.sid(*x).to_string();
        let g = |x: &u8| self.c.generals[*x as usize].id.clone();
        match a {
            Action::PlaceGeneral { space } => format!("place {}", s(space)),
            Action::Reinforce { space } => format!("reinforce {}", s(space)),
            Action::Strategic { from, to } => format!("rail {} {}", s(from), s(to)),
            Action::Done => "done".into(),
            Action::UnionFirst => "union-first".into(),
            Action::CsaFirst { card } => format!("csa-first {card}"),
            Action::Ops { card } => format!("ops {card}"),
            Action::Event { card } => format!("event {card}"),
            Action::Discard { card } => format!("discard {card}"),
            Action::MoveArmy { army } => format!("army {}", self.c.armies[*army as usize].id),
            Action::MoveCorps { general, sp, extra } => match extra {
                Some(e) => format!("corps {} {sp} {}", g(general), g(e)),
                None => format!("corps {} {sp}", g(general)),
            },
            Action::MoveDivision { space, sp } => format!("division {} {sp}", s(space)),
            Action::MoveArmyDivision { army, sp } => format!("division-of {} {sp}", self.c.armies[*army as usize].id),
            Action::MoveBrigade { general } => format!("brigade {}", g(general)),
            Action::CreateArmy { space, army, commander } => format!("create {} {} {}", s(space), self.c.armies[*army as usize].id, g(commander)),
            Action::BuildFort { space } => format!("fort {}", s(space)),
            Action::PlacePcs => "pcs".into(),
            Action::Pc { space } => format!("pc {}", s(space)),
            Action::Step { to } => format!("step {}", s(to)),
            Action::Convert => "convert".into(),
            Action::Stop => "stop".into(),
            Action::Withdraw => "withdraw".into(),
            Action::Elite { n } => format!("elite {n}"),
            Action::Counter { brigade } => format!("counter {}", if *brigade { "brigade" } else { "corps" }),
            Action::Stand => "stand".into(),
            Action::Intercept { from } => format!("intercept {}", s(from)),
            Action::Decline => "decline".into(),
            Action::Remove { general } => format!("remove {}", g(general)),
            Action::RetreatTo { space } => format!("retreat {}", s(space)),
            Action::Capital { space } => format!("capital {}", s(space)),
            Action::SwFirst { index } => format!("sw-first {index}"),
            Action::BuildRailroads => "build-railroads".into(),
            Action::NavalMove { space, sp, general } => match general {
                Some(x) => format!("naval {} {sp} {}", s(space), g(x)),
                None => format!("naval {} {sp}", s(space)),
            },
            Action::Sail { to } => format!("sail {}", s(to)),
            Action::NavalArmy { army } => format!("naval-army {}", self.c.armies[*army as usize].id),
            Action::Choose { option } => format!("choose {option}"),
            Action::Disband { army } => format!("disband {}", self.c.armies[*army as usize].id),
            Action::Command { general } => format!("command {}", g(general)),
            Action::InterceptWith { from, general, sp, extra: None } => format!("intercept {} {} {sp}", s(from), g(general)),
            Action::InterceptWith { from, general, sp, extra: Some(e) } => format!("intercept {} {} {sp} {}", s(from), g(general), g(e)),
            Action::LoseBrigade { general } => format!("lose {}", g(general)),
            Action::LoseInfantry => "lose infantry".into(),
            Action::LoseArmyInfantry => "lose army infantry".into(),
            Action::Relieve { army, commander } => format!("relieve {} {}", self.c.armies[*army as usize].id, g(commander)),
            Action::Demote => "demote".into(),
            Action::Retire => "retire".into(),
            Action::Reassign { army } => format!("reassign {}", self.c.armies[*army as usize].id),
            Action::Reorganize => "reorganize".into(),
            Action::ReorgPick { general } => format!("reorg {}", g(general)),
            Action::ReorgTo { to } => format!("reorg-to {}", s(to)),
            Action::Raid { space } => format!("raid {}", s(space)),
            Action::GrowBrigade { general } => format!("grow {}", g(general)),
            Action::OpenQueue { general } => format!("queue-open {}", g(general)),
            Action::QueueCard { card } => format!("queue {card}"),
            Action::PickUp { general: None } => "pick-up sp".into(),
            Action::PickUp { general: Some(x) } => format!("pick-up {}", g(x)),
            Action::DropOff { general: None } => "drop sp".into(),
            Action::DropOff { general: Some(x) } => format!("drop {}", g(x)),
        }
    }

    fn text_words(&self, _setup: &Setup, text: &str, line: bivouac_engine::board::Line) -> String {
        self.line_words(text, line)
    }

    fn parse(&self, text: &str) -> Result<Action, Refusal> {
        let w: Vec<&str> = text.split_whitespace().collect();
        let bad = |m: String| Refusal::new("notation", m);
        let arity = |n: usize| if w.len() == n { Ok(()) } else { Err(bad(format!("`{text}`: expected {n} word(s)"))) };
        let space = |i: usize| -> Result<Sp, Refusal> {
            let x = w.get(i).ok_or_else(|| bad(format!("`{text}`: missing a space")))?;
            self.c.space(x).map(|s| s.0).ok_or_else(|| bad(format!("unknown space `{x}`")))
        };
        let general = |i: usize| -> Result<u8, Refusal> {
            let x = w.get(i).ok_or_else(|| bad(format!("`{text}`: missing a general")))?;
            self.c.general(x).ok_or_else(|| bad(format!("unknown general `{x}`")))
        };
        let army = |i: usize| -> Result<u8, Refusal> {
            let x = w.get(i).ok_or_else(|| bad(format!("`{text}`: missing an army")))?;
            self.c.army(x).ok_or_else(|| bad(format!("unknown army `{x}`")))
        };
        let num = |i: usize| -> Result<u8, Refusal> {
            let x = w.get(i).ok_or_else(|| bad(format!("`{text}`: missing a number")))?;
            x.parse::<u8>().map_err(|_| bad(format!("`{x}` is not a number")))
        };
        let Some(&verb) = w.first() else { return Err(bad("empty action".into())) };
        let a = match verb {
            "done" | "union-first" | "pcs" | "convert" | "stop" | "withdraw" | "stand" | "decline" => {
                arity(1)?;
                match verb {
                    "done" => Action::Done,
                    "union-first" => Action::UnionFirst,
                    "pcs" => Action::PlacePcs,
                    "convert" => Action::Convert,
                    "withdraw" => Action::Withdraw,
                    "stand" => Action::Stand,
                    "decline" => Action::Decline,
                    _ => Action::Stop,
                }
            }
            "naval" => {
                if w.len() != 3 && w.len() != 4 {
                    return Err(bad(format!("`{text}`: expected naval <port> <sp> [<general>]")));
                }
                Action::NavalMove { space: space(1)?, sp: num(2)?, general: if w.len() == 4 { Some(general(3)?) } else { None } }
            }
            "intercept" if w.len() == 4 || w.len() == 5 => Action::InterceptWith { from: space(1)?, general: general(2)?, sp: num(3)?, extra: if w.len() == 5 { Some(general(4)?) } else { None } },
            "demote" | "retire" | "reorganize" | "build-railroads" => {
                arity(1)?;
                match verb {
                    "demote" => Action::Demote,
                    "retire" => Action::Retire,
                    "build-railroads" => Action::BuildRailroads,
                    _ => Action::Reorganize,
                }
            }
            "relieve" => {
                arity(3)?;
                Action::Relieve { army: army(1)?, commander: general(2)? }
            }
            "reassign" => {
                arity(2)?;
                Action::Reassign { army: army(1)? }
            }
            "queue-open" => {
                arity(2)?;
                Action::OpenQueue { general: general(1)? }
            }
            "queue" => {
                arity(2)?;
                let card = num(1)?;
                if self.c.card(card).is_none() {
                    return Err(bad(format!("no card #{card}")));
                }
                Action::QueueCard { card }
            }
            "reorg" => {
                arity(2)?;
                Action::ReorgPick { general: general(1)? }
            }
            "reorg-to" => {
                arity(2)?;
                Action::ReorgTo { to: space(1)? }
            }
            "raid" => {
                arity(2)?;
                Action::Raid { space: space(1)? }
            }
            "grow" => {
                arity(2)?;
                Action::GrowBrigade { general: general(1)? }
            }
            "pick-up" | "drop" => {
                arity(2)?;
                let general = if w[1] == "sp" { None } else { Some(general(1)?) };
                if verb == "drop" { Action::DropOff { general } } else { Action::PickUp { general } }
            }
            "counter" => {
                arity(2)?;
                match w[1] {
                    "brigade" => Action::Counter { brigade: true },
                    "corps" => Action::Counter { brigade: false },
                    _ => return Err(bad(format!("`{text}`: expected `counter brigade` or `counter corps`"))),
                }
            }
            "elite" => {
                arity(2)?;
                Action::Elite { n: num(1)? }
            }
            "sw-first" => {
                arity(2)?;
                Action::SwFirst { index: num(1)? }
            }
            "disband" => {
                arity(2)?;
                Action::Disband { army: army(1)? }
            }
            "command" => {
                arity(2)?;
                Action::Command { general: general(1)? }
            }
            "lose" if w.get(1) == Some(&"infantry") => {
                arity(2)?;
                Action::LoseInfantry
            }
            "lose" if w.get(1) == Some(&"army") => {
                arity(3)?;
                if w[2] != "infantry" {
                    return Err(bad(format!("`{text}`: expected `lose army infantry`")));
                }
                Action::LoseArmyInfantry
            }
            "lose" => {
                arity(2)?;
                Action::LoseBrigade { general: general(1)? }
            }
            "place" | "fort" | "pc" | "step" | "retreat" | "capital" | "intercept" | "reinforce" | "sail" => {
                arity(2)?;
                let x = space(1)?;
                match verb {
                    "place" => Action::PlaceGeneral { space: x },
                    "fort" => Action::BuildFort { space: x },
                    "pc" => Action::Pc { space: x },
                    "step" => Action::Step { to: x },
                    "retreat" => Action::RetreatTo { space: x },
                    "intercept" => Action::Intercept { from: x },
                    "reinforce" => Action::Reinforce { space: x },
                    "sail" => Action::Sail { to: x },
                    _ => Action::Capital { space: x },
                }
            }
            "csa-first" | "ops" | "event" | "discard" => {
                arity(2)?;
                let card = num(1)?;
                if self.c.card(card).is_none() {
                    return Err(bad(format!("no card #{card}")));
                }
                match verb {
                    "csa-first" => Action::CsaFirst { card },
                    "ops" => Action::Ops { card },
                    "event" => Action::Event { card },
                    _ => Action::Discard { card },
                }
            }
            "army" => {
                arity(2)?;
                Action::MoveArmy { army: army(1)? }
            }
            "naval-army" => {
                arity(2)?;
                Action::NavalArmy { army: army(1)? }
            }
            "choose" => {
                arity(2)?;
                Action::Choose { option: state::Word::new(w[1]).map_err(bad)? }
            }
            "corps" => {
                if w.len() != 3 && w.len() != 4 {
                    return Err(bad(format!("`{text}`: expected corps <general> <sp> [<extra general>]")));
                }
                Action::MoveCorps { general: general(1)?, sp: num(2)?, extra: if w.len() == 4 { Some(general(3)?) } else { None } }
            }
            "rail" => {
                arity(3)?;
                Action::Strategic { from: space(1)?, to: space(2)? }
            }
            "division" => {
                arity(3)?;
                Action::MoveDivision { space: space(1)?, sp: num(2)? }
            }
            "division-of" => {
                arity(3)?;
                Action::MoveArmyDivision { army: army(1)?, sp: num(2)? }
            }
            "remove" => {
                arity(2)?;
                Action::Remove { general: general(1)? }
            }
            "brigade" => {
                arity(2)?;
                Action::MoveBrigade { general: general(1)? }
            }
            "create" => {
                arity(4)?;
                Action::CreateArmy { space: space(1)?, army: army(2)?, commander: general(3)? }
            }
            _ => return Err(bad(format!("unknown action `{verb}`"))),
        };
        Ok(a)
    }

    fn view(&self, st: &State, seat: Option<Seat>) -> View {
        let sc = &self.c.scenarios[st.sc as usize];
        View {
            scenario: sc.id.clone(),
            turn: st.turn,
            phase: format!("{:?}", st.phase),
            awaiting: self.awaiting(st),
            sw: st.sw,
            sw_plus: st.sw_plus,
            capitals: [st.capital[0].map(|s| self.sid(s).to_string()), st.capital[1].map(|s| self.sid(s).to_string())],
            spaces: (0..self.c.map.len() as Sp)
                .filter(|&s| st.sp[s as usize] != [0, 0] || st.fort[s as usize].is_some() || st.control(s) != Control::Neutral)
                .map(|s| SpaceView {
                    id: self.sid(s).to_string(),
                    sp: st.sp[s as usize],
                    control: match st.control(s) {
                        Control::Neutral => "neutral".into(),
                        Control::Of(x) => x.name().into(),
                    },
                    fort: st.fort[s as usize].map(|x| x.name().to_string()),
                })
                .collect(),
            generals: (0..st.generals.len()).filter(|&g| st.generals[g] != GenAt::Out).map(|g| (self.c.generals[g].id.clone(), self.gen_place(st, g))).collect(),
            armies: st
                .armies
                .iter()
                .enumerate()
                .filter_map(|(a, x)| {
                    x.map(|x| (self.c.armies[a].id.clone(), self.sid(x.space).to_string(), self.army_strength(st, a as u8), x.commander.map(|g| self.c.generals[g as usize].id.clone()).unwrap_or_else(|| "generic".into())))
                })
                .collect(),
            piles: st.piles.view_for(seat),
            moving: st.moving.as_ref().map(|m| format!("{} at {} with {} SP, {} MP", m.kind.name(), self.sid(m.at), m.sp, m.mp)),
            queues: self.queue_markers(st),
        }
    }

    fn describe(&self, st: &State, seat: Option<Seat>) -> String {
        let v = self.view(st, seat);
        let sc = &self.c.scenarios[st.sc as usize];
        let td = &self.c.turns[st.turn as usize - 1];
        let mut out = format!("{} - turn {} ({:?} {}), {} phase\n", sc.title, st.turn, td.season, td.year, v.phase);
        out.push_str(&format!("Awaiting: {}\n", v.awaiting));
        out.push_str(&format!(
            "Strategic Will: Union {}{} CSA {}{}; capitals: {} / {}\n",
            st.sw[0],
            if st.sw_plus[0] { "+" } else { "-" },
            st.sw[1],
            if st.sw_plus[1] { "+" } else { "-" },
            v.capitals[0].as_deref().unwrap_or("holding box"),
            v.capitals[1].as_deref().unwrap_or("holding box")
        ));
        for (id, sp, str_, cmd) in &v.armies {
            out.push_str(&format!("Army {id} at {sp}: {str_} SP, commander {cmd}\n"));
        }
        for side in [Side::Union, Side::Csa] {
            out.push_str(&format!("\n{}:\n", side.name()));
            for s in 0..self.c.map.len() as Sp {
                let n = st.sp[s as usize][side.index()];
                // FtP 5.6.7 C, D: a brigade grown to 2 SP says so.
                let gens: Vec<String> = self.gens_at(st, side, s).map(|g| format!("{}{}", self.c.generals[g as usize].name, if self.is_cav(st, g) && self.brigade_sp(st, g) > 1 { " (2 SP)" } else { "" })).collect();
                if n > 0 || !gens.is_empty() {
                    out.push_str(&format!("  {:<22} {n} SP {}\n", self.sid(s), gens.join(", ")));
                }
            }
        }
        if let Some(m) = &v.moving {
            out.push_str(&format!("\nMoving: {m}\n"));
        }
        for q in &v.queues {
            out.push_str(&format!("Operations queue (FtP 20): {q}\n"));
        }
        for p in &v.piles {
            match &p.cards {
                Some(cards) if p.visibility != PileVisibility::Public => {
                    // A hand the viewer sees: each card with the event its script implements.
                    out.push_str(&format!("{} ({}):\n", p.name, p.count));
                    for &c in cards {
                        let d = self.c.card(c.0 as u8 + 1);
                        let ev = d.and_then(|d| self.c.events.decl(d.number).map(|e| event_text(d, e)));
                        out.push_str(&format!("  {}{}\n", self.card_title(c), ev.map(|t| format!(": {t}")).unwrap_or_default()));
                    }
                }
                Some(cards) if p.name == "discard" => {
                    let t: Vec<String> = cards.iter().map(|&c| self.card_title(c)).collect();
                    out.push_str(&format!("{} ({}): {}\n", p.name, p.count, t.join(", ")));
                }
                _ => out.push_str(&format!("{}: {} cards\n", p.name, p.count)),
            }
        }
        if let Some(o) = self.outcome(st) {
            out.push_str(&format!("\nGame over: {}\n", o.reason));
        }
        out
    }

    fn outcome(&self, st: &State) -> Option<Outcome> {
        let (winners, reason) = st.result.clone()?;
        Some(Outcome { winners, scores: vec![st.sw[0] as i64, st.sw[1] as i64], reason })
    }

    fn turn(&self, st: &State) -> Option<u32> {
        Some(u32::from(st.turn))
    }

    /// The balance lab follows each side's Strategic Will (FtP 12) and the Union blockade
    /// level (FtP 10.5) turn by turn.
    fn measures(&self, st: &State) -> Vec<(String, f64)> {
        vec![
            ("Union Strategic Will".into(), f64::from(st.sw[Side::Union as usize])),
            ("CSA Strategic Will".into(), f64::from(st.sw[Side::Csa as usize])),
            ("blockade level".into(), f64::from(st.blockade)),
        ]
    }

    fn determinize(&self, st: &State, seat: Seat, rng: &mut GameRng) -> State {
        self.ai_determinize(st, seat, rng)
    }

    fn evaluate(&self, st: &State, seat: Seat) -> f64 {
        self.ai_evaluate(st, seat)
    }

    fn shortlist(&self, st: &State, seat: Seat, legal: &[Action]) -> Option<Vec<usize>> {
        self.ai_shortlist(st, seat, legal)
    }

    /// Flat search over the heuristic's shortlist (see `ai.rs`, measured in docs/ai-strength.md).
    fn search_depth(&self) -> u32 {
        ai::AI_SEARCH_DEPTH
    }

    /// Flat search plays the mover's activation and the enemy's reply after each root action
    /// (see `ai.rs`).
    fn flat_playout(&self) -> u32 {
        ai::AI_FLAT_PLAYOUT
    }

    /// The search's budget goes to choices of card and operation (see `ai.rs`).
    fn search_share(&self, legal: &[Action]) -> f64 {
        self.ai_search_share(legal)
    }

    fn playout_stop(&self, st: &State, seat: Seat) -> bool {
        self.ai_playout_stop(st, seat)
    }

    /// Playouts reach the choice of a card and of an operation (see `ai.rs`).
    fn playout_width(&self) -> usize {
        ai::AI_PLAYOUT_WIDTH
    }

    fn check_invariants(&self, st: &State) -> Result<(), String> {
        st.piles.check_conservation()?;
        self.check_strong(st)?;
        for side in [Side::Union, Side::Csa] {
            let i = side.index();
            let now = self.total_sp(st, side);
            if now + st.sp_lost[i] != st.sp_at_start[i] + st.sp_gained[i] {
                return Err(format!("SP not conserved for {}: {} at start + {} gained != {} now + {} lost", side.name(), st.sp_at_start[i], st.sp_gained[i], now, st.sp_lost[i]));
            }
            if st.sw[i] < 0 || st.sw[i] > 999 {
                return Err(format!("{} SW {} out of bounds", side.name(), st.sw[i]));
            }
        }
        for (g, at) in st.generals.iter().enumerate() {
            match *at {
                GenAt::Army(a) if st.armies[a as usize].is_none() => return Err(format!("general {} in an army not on the map", self.c.generals[g].id)),
                GenAt::Moving if st.moving.is_none() => return Err(format!("general {} moving with no moving force", self.c.generals[g].id)),
                _ => {}
            }
        }
        // Opposing SP never share a space, except a beaten force choosing its retreat.
        let retreating: Vec<Sp> = st
            .flow
            .iter()
            .filter_map(|f| match f {
                Frame::Retreat { from, .. } | Frame::Rbb { from, .. } => Some(*from),
                Frame::Elite { space, .. } => Some(*space),
                Frame::Lead { space, .. } => Some(*space),
                _ => None,
            })
            .chain(st.aftermath.map(|a| a.space))
            .collect();
        for s in 0..self.c.map.len() as Sp {
            if !retreating.contains(&s) && self.strength(st, Side::Union, s) > 0 && self.strength(st, Side::Csa, s) > 0 {
                return Err(format!("both sides have SP in {}", self.sid(s)));
            }
        }
        if st.phase != Phase::Over && st.flow.is_empty() {
            return Err("no decision pending and the game is not over".into());
        }
        if (st.phase == Phase::Over) != st.result.is_some() {
            return Err("game over without a result".into());
        }
        Ok(())
    }

    fn board(&self, st: &State, seat: Option<Seat>) -> Board {
        let spaces = self
            .c
            .map
            .spaces()
            .map(|(s, id, d)| {
                let mut marks = Vec::new();
                if self.has_fort(st, s.0) {
                    marks.push("fort".to_string());
                }
                if st.capital.contains(&Some(s.0)) {
                    marks.push("capital".into());
                } else if d.union_state_capital || d.state_capital {
                    marks.push("state-capital".into());
                }
                if d.port.is_some() {
                    marks.push("port".into());
                }
                if d.resource > 0 {
                    marks.push(if st.rc_destroyed[s.index()] { "resource-destroyed".into() } else { "resource".into() });
                }
                if let Control::Of(x) = st.control(s.0) {
                    marks.push(format!("pc-{}", x.name()));
                }
                BoardSpace { id: id.to_string(), label: d.name.clone(), x: d.lon as f32, y: d.lat as f32, fill: self.c.states[d.state as usize].id.clone(), marks }
            })
            .collect();
        let links = self
            .c
            .map
            .connections()
            .map(|(a, b, l)| BoardLink {
                a: a.0,
                b: b.0,
                kind: match l.kind {
                    LinkKind::Road => "road",
                    LinkKind::Rail => "rail",
                    LinkKind::BAndO => "rail",
                    LinkKind::Dashed => "dashed",
                    LinkKind::River(_) => "river",
                }
                .into(),
            })
            .collect();
        let mut pieces = Vec::new();
        for s in 0..self.c.map.len() as Sp {
            for side in [Side::Union, Side::Csa] {
                let n = st.sp[s as usize][side.index()];
                if n > 0 {
                    pieces.push(BoardPiece { space: s, label: format!("{n} SP"), seat: Some(side.index() as u8), kind: "cube".into(), strength: Some(n.to_string()), hidden: false });
                }
                for g in self.gens_at(st, side, s) {
                    let d = &self.c.generals[g as usize];
                    // FtP 5.6.7 C, D: a brigade grown to 2 SP shows its strength.
                    let strength = if self.is_cav(st, g) {
                        (self.brigade_sp(st, g) > 1).then(|| "2".to_string())
                    } else {
                        // As printed on the general counter: strategy, offensive and defensive battle ratings.
                        Some(format!("{} {}-{}", d.strategy, d.offense, d.defense))
                    };
                    pieces.push(BoardPiece { space: s, label: d.name.clone(), seat: Some(side.index() as u8), kind: if self.is_cav(st, g) { "brigade".into() } else { "leader".into() }, strength, hidden: false });
                }
            }
        }
        for (a, x) in st.armies.iter().enumerate() {
            if let Some(x) = x {
                pieces.push(BoardPiece {
                    space: x.space,
                    label: self.c.armies[a].name.clone(),
                    seat: Some(self.c.armies[a].side.index() as u8),
                    kind: "army".into(),
                    strength: Some(self.army_strength(st, a as u8).to_string()),
                    hidden: false,
                });
            }
        }
        if let Some(m) = &st.moving {
            pieces.push(BoardPiece { space: m.at, label: format!("moving {}", m.kind.name()), seat: Some(m.side.index() as u8), kind: "army".into(), strength: Some(m.sp.to_string()), hidden: false });
        }
        let panels = vec![
            Panel { title: "Strategic Will".into(), lines: vec![format!("Union {}", st.sw[0]), format!("CSA {}", st.sw[1])] },
            Panel { title: "Turn".into(), lines: vec![format!("turn {} - {:?}", st.turn, st.phase), self.awaiting(st)] },
        ];
        // The viewer's own hand (FtP 3.2: hands are secret): title, OPs and what the card is.
        let cards = seat
            .filter(|&x| (x as usize) < state::HAND.len())
            .map(|x| st.piles.cards(state::HAND[x as usize]).iter().filter_map(|c| self.c.card(c.0 as u8 + 1)).map(|d| card_face(d, self.c.events.decl(d.number))).collect())
            .unwrap_or_default();
        Board { layout: Layout::Points, spaces, links, pieces, panels, cards, battle: self.battle_board(st), backdrop: self.backdrop.clone() }
    }

    fn hint(&self, st: &State, a: &Action) -> ActionHint {
        let hint = self.hint_of(st, a);
        ActionHint { words: self.action_words(a), ..hint }
    }

    fn max_actions(&self) -> usize {
        50_000
    }
}

/// How a strategy card shows in the hand: its number and title, its OP value (FtP 4.1) and
/// who may play its event, with its flags (FtP 4.2-4.6). The event texts are content.
fn card_face(d: &content::CardDef, ev: Option<&events::EventDecl>) -> CardFace {
    let side = match d.event {
        content::EventSide::Union => "Union event",
        content::EventSide::Csa => "Confederate event",
        content::EventSide::Both => "Event for either side",
    };
    let mut text = vec![format!("#{}", d.number), side.to_string()];
    // `MajorCampaign` -> "major campaign".
    text.extend(d.flags.iter().map(|f| format!("{f:?}").chars().enumerate().fold(String::new(), |mut w, (i, ch)| {
        if ch.is_uppercase() && i > 0 {
            w.push(' ');
        }
        w.push(ch.to_ascii_lowercase());
        w
    })));
    if d.remove {
        text.push("removed after the event (FtP 4.2.1)".into());
    }
    if let Some(e) = ev {
        text.push(event_text(d, e));
    }
    CardFace { title: d.title.clone(), value: Some(format!("{} OPs", d.ops)), text: text.join("; ") }
}

/// The event's text as the script implements it (its `declare()` text), marked when the event
/// is reconstructed (cards.toml `reconstructed`: the printed card's text is not in the rulebooks).
fn event_text(d: &content::CardDef, e: &events::EventDecl) -> String {
    match d.reconstructed {
        Some(content::Reconstructed::Title) => format!("RECONSTRUCTED event (the printed text is not in the rulebooks; rebuilt from the card's title): {}", e.text),
        Some(content::Reconstructed::Rules) => format!("RECONSTRUCTED event (the printed text is not in the rulebooks; rebuilt from what the rules say of it): {}", e.text),
        None => e.text.clone(),
    }
}

/// The SP a side still has to place in its Reinforcement Phase, in words (FtP 10.3, 10.4, 5.5.4).
fn pools_text(st: &State, side: Side) -> String {
    let p = &st.pool;
    let mut parts = match side {
        Side::Union => vec![format!("{} SP (East {}, Center {}, West {})", p[P_UNION], p[P_EAST], p[P_CENTER], p[P_WEST])],
        Side::Csa => vec![format!("{} SP in the states, {} in Missouri, {} in Kentucky", p[P_STATES], p[P_MO], p[P_KY])],
    };
    let br: u32 = p[P_BR..P_CAV].iter().map(|&n| n as u32).sum();
    if side == Side::Csa && br > 0 {
        parts.push(format!("{br} by blockade runners"));
    }
    // FtP 5.5.4: the CSA's returning brigade SP are part of its states' SP; the Union's are not.
    match p[P_CAV + side.index()] {
        0 => {}
        cav if side == Side::Csa => parts.push(format!("{cav} of the states' SP a returning cavalry brigade's")),
        cav => parts.push(format!("{cav} SP of returning cavalry brigades")),
    }
    parts.join(", ")
}
