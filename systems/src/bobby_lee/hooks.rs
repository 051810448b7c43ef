//! Bobby Lee's side of the Lua hooks (`bivouac_engine::hooks`): the action table
//! `forbid(view, action)` reads and the load-time dry run. Bobby Lee's month has no automatic
//! steps run by the engine's flow driver yet, so it offers no step hooks.
//!
//! The view is the spectator's (`bivouac show` as JSON) with `scenario` (`1861`...`campaign`),
//! `year` and `month` (1-12) added. The action table: `kind` (the notation's first word:
//! `move`, `sm`, `rail`, `naval`, `invade`, `retreat`, `build`...), `notation`, `side` (`usa` or
//! `csa`, the seat deciding), and where they apply `unit` (the block's id), `from` and `to` (hex
//! labels) and `to_home` (`usa` or `csa`: whose home territory `to` is, BL 8.1).

use super::BobbyLee;
use super::data::Side;
use super::state::{Action, State};
use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics};
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::hooks::{self, Hooks};
use bivouac_engine::log::Refusal;
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
}

/// Read `hooks.toml` and dry-run every rule on the opening position of each scenario it applies
/// to, with each side's opening legal actions and a move of its first block to a neighbour.
pub(super) fn load(set: &ContentSet, game: &BobbyLee) -> Result<Vec<Hooks>, Diagnostics> {
    let mut ids: Vec<&str> = game.data.scenarios.iter().map(|s| s.id.as_str()).collect();
    ids.push("campaign");
    let rules = hooks::load(set, &ids, &[])?;
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
                    for r in rules.iter().filter(|r| r.applies_to(id)) {
                        if let Err(e) = r.dry_run(&view, &actions) {
                            errs.push(hooks::diagnostic(&e));
                        }
                    }
                }
                Err(e) => errs.push(Diagnostic { file: format!("{}/scenarios", set.game_dir()), line: 1, col: 1, found: String::new(), message: format!("{id}: {e}") }),
            }
        }
        out.push(h);
    }
    errs.into_result(out)
}
