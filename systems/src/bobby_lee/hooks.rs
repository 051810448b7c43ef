//! Bobby Lee's side of the Lua hooks (`bivouac_engine::hooks`): the action table
//! `forbid(view, action)` reads, the step hooks around the automatic steps of the month
//! (`sequence::STEPS`, run by the engine's flow driver) and the load-time dry run.
//!
//! The view is the spectator's (`bivouac show` as JSON) with `scenario` (`1861`...`campaign`),
//! `year` and `month` (1-12) added. The action table: `kind` (the notation's first word:
//! `move`, `sm`, `rail`, `naval`, `invade`, `retreat`, `build`...), `notation`, `side` (`usa` or
//! `csa`, the seat deciding), and where they apply `unit` (the block's id), `from` and `to` (hex
//! labels) and `to_home` (`usa` or `csa`: whose home territory `to` is, BL 8.1).
//!
//! `combat_modifier(view, combat)` is asked at every fire and every melee roll of a block (BL
//! 7.3, 7.35): its modifier is added to each die the block rolls (so +1 makes an F1 block fire as
//! F2, BL 7.3). The combat table holds only what both players see as the block rolls (it is face
//! up then, BL 7.41): `kind` (`fire` or `melee`), `fire` (`engaged fire`, `long-range fire`,
//! `enfilade`, `heavy artillery fire`, `melee`), `side`, `unit` (the block's id), `unit_kind`
//! (`infantry`, `cavalry`...), `steps`, `hex`, `attacker`, `day`, `from` and `at` (battle boxes,
//! `usa-center`...), `fortress` and `forest`.
//!
//! `victory(view, check)` is asked at the Victory Check of every month (BL 4.6), after the
//! month-end VPs and before the rulebook's own checks (BL 3.1, 3.2): `check` is `{point =
//! "victory-check", vp = N, year = Y, month = M}`; a winner `usa`, `csa` or `draw` ends the game.

use super::BobbyLee;
use super::battle::box_name;
use super::data::Side;
use super::state::{Action, Bx, State};
use super::sequence::STEPS;
use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics};
use bivouac_engine::flow::At;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::hooks::{self, Command, Hooks, Samples};
use bivouac_engine::log::{Log, Refusal};
use serde_json::{Value, json};

const SIDES: [&str; 2] = ["usa", "csa"];

impl BobbyLee {
    fn rules(&self, s: &State) -> &Hooks {
        let i = if s.campaign { self.data.scenarios.len() } else { s.scenario as usize };
        &self.hooks[i.min(self.hooks.len().saturating_sub(1))]
    }

    fn hook_view(&self, s: &State) -> Value {
        let mut v = serde_json::to_value(self.view(s, None)).unwrap_or(Value::Null);
        let scenario = if s.campaign { "campaign" } else { self.data.scenarios.get(s.scenario as usize).map_or("", |sc| sc.id.as_str()) };
        if let Value::Object(m) = &mut v {
            m.insert("scenario".into(), json!(scenario));
            m.insert("year".into(), json!(s.year));
            m.insert("month".into(), json!(s.month));
        }
        v
    }

    /// The table `forbid(view, action)` receives (module docs).
    pub(super) fn action_table(&self, s: &State, seat: u8, a: &Action) -> Value {
        let notation = self.notation(a);
        let kind = notation.split_whitespace().next().unwrap_or("").to_string();
        let mut t = json!({"kind": kind, "notation": notation, "side": SIDES[seat as usize & 1]});
        let unit_hex = match *a {
            Action::Move(u, h, _) | Action::Force(u, h) | Action::SmLand(u, h, _) | Action::Rail(u, h) | Action::Naval(u, h) => Some((u, h)),
            Action::Evacuate(u, h) | Action::Cross(u, h) | Action::Invade(u, h) | Action::Retreat(u, h) | Action::Build(u, h) => Some((u, h)),
            _ => None,
        };
        if let Some((u, h)) = unit_hex {
            let d = &self.data;
            let from = s.units.get(u as usize).map(|x| x.hex).filter(|&x| (x as usize) < d.hexes.len());
            t["unit"] = json!(d.units[u as usize].id);
            t["from"] = json!(from.map(|x| d.hexes[x as usize].label.as_str()));
            t["to"] = json!(d.hexes[h as usize].label);
            t["to_home"] = json!(SIDES[d.hexes[h as usize].home.idx()]);
        }
        t
    }

    /// `legal` without what the scenario's rules forbid (`bivouac_engine::hooks`).
    pub(super) fn allowed(&self, s: &State, seat: u8, legal: Vec<Action>) -> Vec<Action> {
        let rules = self.rules(s);
        if !rules.filters_actions() {
            return legal;
        }
        rules.filter(&self.hook_view(s), legal, |a| self.action_table(s, seat, a))
    }

    /// Refuse `a` if it is legal but the scenario's rules forbid it (the state untouched).
    pub(super) fn check_forbidden(&self, s: &State, seat: u8, a: &Action) -> Result<(), Refusal> {
        let rules = self.rules(s);
        if !rules.filters_actions() {
            return Ok(());
        }
        let legal = self.legal(s, seat);
        if !legal.contains(a) || self.allowed(s, seat, legal).contains(a) {
            return Ok(());
        }
        match rules.forbidden(&self.hook_view(s), &self.action_table(s, seat, a)) {
            Some(f) => Err(f.into()),
            None => Ok(()),
        }
    }

    /// The combat table of block `u` rolling `fire` from box `from` at box `at` (module docs).
    fn combat_table(&self, s: &State, u: u8, fire: &str, from: Bx, at: Bx) -> Value {
        let d = &self.data;
        let i = u as usize;
        let x = &s.units[i];
        let b = s.battle.as_ref();
        let hex = b.map_or(x.hex, |b| b.hex);
        json!({
            "kind": if fire == "melee" { "melee" } else { "fire" },
            "fire": fire,
            "side": SIDES[d.units[i].side.idx()],
            "unit": d.units[i].id,
            "unit_kind": d.ty(i).id,
            "steps": x.steps,
            "hex": d.hexes.get(hex as usize).map(|h| h.label.as_str()),
            "attacker": b.map(|b| SIDES[b.attacker.idx()]),
            "day": b.map(|b| b.day),
            "from": box_name(from),
            "at": box_name(at),
            "fortress": b.is_some_and(|b| b.fortress),
            "forest": b.is_some_and(|b| b.forest),
        })
    }

    /// BL 7.3: the hit number of a block's roll after the scenario's combat modifiers, each
    /// logged publicly with its rule (the block is face up as it rolls, BL 7.41, so the table
    /// and what the rules make of it are public). Each +1 of modifier hits on one pip less.
    pub(super) fn hooked_face(&self, s: &State, u: u8, fire: &str, from: Bx, at: Bx, face: u8, log: &mut Log) -> u8 {
        let rules = self.rules(s);
        if !rules.modifies_combat() {
            return face;
        }
        let (m, lines) = rules.combat_modifier(&self.hook_view(s), &self.combat_table(s, u, fire, from, at));
        for line in lines {
            log.info(|| format!("{line}, {} {fire}", self.data.units[u as usize].id));
        }
        (i64::from(face) - m).clamp(1, 7) as u8
    }

    /// BL 4.6: the scenario's victory hooks at the Victory Check; whether one ended the game.
    pub(super) fn hooked_victory(&self, s: &mut State, log: &mut Log) -> bool {
        let rules = self.rules(s);
        if !rules.checks_victory() {
            return false;
        }
        let check = json!({"point": "victory-check", "vp": s.vp, "year": s.year, "month": s.month});
        if let Some((winner, why)) = rules.decided(&self.hook_view(s), &check, &SIDES, log) {
            self.game_over(s, winner.map(Side::from_idx), &why, log);
            return true;
        }
        false
    }

    /// The hooks around an automatic step of the month: public log lines, from the
    /// spectator's view, so they tell no seat what it may not see.
    pub(super) fn hooks_at_step(&self, s: &mut State, at: At, step: &'static str, log: &mut Log) {
        let rules = self.rules(s);
        if !rules.listens(at, step) {
            return;
        }
        for cmd in rules.at_step(at, step, &self.hook_view(s)) {
            let text = match cmd {
                Command::Log(text) => text,
                Command::Game(v) => format!("a rule's hook returned a command Bobby Lee does not know: {v}"),
            };
            log.info(|| text);
        }
    }
}

/// Read `hooks.toml` and dry-run every rule on the opening position of each scenario it applies
/// to, with each side's opening legal actions and a move of its first block to a neighbour.
pub(super) fn load(set: &ContentSet, game: &BobbyLee) -> Result<Vec<Hooks>, Diagnostics> {
    let mut ids: Vec<&str> = game.data.scenarios.iter().map(|s| s.id.as_str()).collect();
    ids.push("campaign");
    let rules = hooks::load(set, &ids, STEPS)?;
    let mut errs = Diagnostics::default();
    let mut out = Vec::new();
    for id in &ids {
        let h = Hooks::for_scenario(&rules, id);
        if !h.is_empty() {
            match game.setup(&Setup::new(*id, 2, 1)) {
                Ok(s) => {
                    let view = game.hook_view(&s);
                    let mut actions = Vec::new();
                    for seat in 0..2u8 {
                        actions.extend(game.legal(&s, seat).iter().take(20).map(|a| game.action_table(&s, seat, a)));
                        let side = Side::from_idx(seat as usize);
                        let first = (0..s.units.len()).find(|&u| game.side_of(u) == side && (s.units[u].hex as usize) < game.data.hexes.len());
                        if let Some(u) = first {
                            let from = s.units[u].hex as usize;
                            if let Some(&to) = game.data.hexes[from].nbr.iter().find(|&&n| (n as usize) < game.data.hexes.len()) {
                                actions.push(game.action_table(&s, seat, &Action::Move(u as u8, to, to)));
                            }
                        }
                    }
                    let samples = samples(game, &s, actions);
                    for d in hooks::dry_run_scenario(&rules, id, &view, &samples) {
                        errs.push(d);
                    }
                }
                Err(e) => errs.push(Diagnostic { file: format!("{}/scenarios", set.game_dir()), line: 1, col: 1, found: String::new(), message: format!("{id}: {e}") }),
            }
        }
        out.push(h);
    }
    errs.into_result(out)
}

/// The dry run's inputs at an opening position: the actions, a fire and a melee of each side's
/// first block, the Victory Check.
fn samples(game: &BobbyLee, s: &State, actions: Vec<Value>) -> Samples {
    use super::battle::bx;
    let mut combats = Vec::new();
    for side in [Side::Usa, Side::Csa] {
        if let Some(u) = (0..s.units.len()).find(|&u| game.side_of(u) == side && s.units[u].on_map()) {
            let (own, enemy) = (bx(side, 1), bx(side.other(), 1));
            combats.push(game.combat_table(s, u as u8, "engaged fire", own, own));
            combats.push(game.combat_table(s, u as u8, "melee", own, enemy));
        }
    }
    Samples {
        game: "Bobby Lee".into(),
        actions,
        combats,
        moves: Vec::new(),
        checks: vec![json!({"point": "victory-check", "vp": s.vp, "year": s.year, "month": s.month})],
        seats: SIDES.iter().map(|s| s.to_string()).collect(),
    }
}
