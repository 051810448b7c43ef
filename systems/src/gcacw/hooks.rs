//! GCACW's side of the Lua hooks (`bivouac_engine::hooks`): the step names hooks attach to, the
//! action table `forbid(view, action)` reads, and the load-time dry run. The steps are those of
//! the sequence of play (GCACW 3.0); `crosses` names the hexside features a march step crosses
//! (GCACW 6.1, 6.2).
//!
//! The action table: `kind` (the notation's first word: `move`, `attack`, `march`, `retreat`,
//! `advance`, `pass`...), `notation` (the whole text), `side` (`union` or `confederate`, the seat
//! deciding), and where they apply `unit` (the unit's id), `leader`, `from` and `to` (hex labels,
//! `"0915"`) and `crosses` (the names of the hexside features between `from` and `to`, from the
//! map's `[[hexside]]` records: `{"Rapidan River", "Barnett's Ford"}`). A retreat lists its
//! `units`. The view is the spectator's (`bivouac show` as JSON): `turn`, `phase`, `units`...

use super::Gcacw;
use super::data::{HexId, NO_HEX};
use super::state::{Action, Frame, State};
use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics};
use bivouac_engine::flow::At;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::hooks::{self, Command, Hooks};
use bivouac_engine::log::{Log, Refusal};
use serde_json::{Value, json};

/// Every automatic step of the sequence of play, as `hooks.toml` names them
/// (`Procedure::step_name` in `procs`).
pub const STEPS: &[&str] = &[
    "leader-relocation",
    "action-cycle-start",
    "action-cycle-end",
    "turn-end",
    "action-phase",
    "combat",
    "assault-roll",
    "grand-assault",
    "march-resume",
    "march-end",
    "activation-end",
    "loss",
    "swamp-flood",
    "retreat-end",
    "choice-skipped",
];

const SIDES: [&str; 2] = ["union", "confederate"];

impl Gcacw {
    fn rules(&self, st: &State) -> &Hooks {
        &self.hooks[st.sc as usize]
    }

    fn hook_view(&self, st: &State) -> Value {
        serde_json::to_value(self.view(st, None)).unwrap_or(Value::Null)
    }

    /// A move from `from` to `to` as the action table shows it.
    fn move_fields(&self, st: &State, from: HexId, to: HexId) -> Value {
        let map = &self.sc(st).map;
        let crosses = if from == NO_HEX || to == NO_HEX { &[][..] } else { map.side_names(from, to) };
        json!({"from": map.label(from), "to": map.label(to), "crosses": crosses})
    }

    /// The table `forbid(view, action)` receives (module docs).
    pub(super) fn action_table(&self, st: &State, a: &Action) -> Value {
        let sc = self.sc(st);
        let notation = self.notation(a);
        let kind = notation.split_whitespace().next().unwrap_or("").to_string();
        let side = st.flow.top().map_or(st.active, |f| Self::frame_owner(st, f));
        let mut t = json!({"kind": kind, "notation": notation, "side": SIDES[side as usize & 1]});
        let unit_id = |u: usize| sc.units[u].id.clone();
        let extra = match (st.flow.top(), a) {
            (Some(Frame::March), Action::Move { hex } | Action::Attack { hex, .. }) => st.march.as_ref().and_then(|mv| {
                let u = mv.unit as usize;
                let to = self.hex_of(st, *hex)?;
                let mut f = self.move_fields(st, st.units[u].hex, to);
                f["unit"] = json!(unit_id(u));
                Some(f)
            }),
            (Some(Frame::Swamp { unit, .. }), Action::Move { hex }) => self.hex_of(st, *hex).map(|to| {
                let u = *unit as usize;
                let mut f = self.move_fields(st, st.units[u].hex, to);
                f["unit"] = json!(unit_id(u));
                f
            }),
            (Some(Frame::Retreat(r)), Action::RetreatTo { hex } | Action::Override { hex }) => self.hex_of(st, *hex).map(|to| {
                let mut f = self.move_fields(st, r.cur, to);
                f["units"] = json!((0..st.units.len()).filter(|i| r.units & (1 << i) != 0).map(unit_id).collect::<Vec<_>>());
                f["kind"] = json!("retreat");
                f
            }),
            (Some(Frame::Advance { hex, .. }), Action::Advance { unit }) => self.unit_of(st, *unit).map(|u| {
                let mut f = self.move_fields(st, st.units[u].hex, *hex);
                f["unit"] = json!(unit_id(u));
                f
            }),
            (_, Action::March { unit } | Action::Burn { unit } | Action::Pick { unit } | Action::Next { unit } | Action::Lead { unit }) => {
                self.unit_of(st, *unit).map(|u| json!({"unit": unit_id(u)}))
            }
            (_, Action::Keep { unit } | Action::Join { unit } | Action::Loss { unit } | Action::Entrench { unit }) => {
                self.unit_of(st, *unit).map(|u| json!({"unit": unit_id(u)}))
            }
            (_, Action::Activate { leader } | Action::Assault { leader }) => self.leader_of(st, *leader).map(|l| json!({"leader": sc.leaders[l].id})),
            (_, Action::Transfer { leader, unit }) => match (self.leader_of(st, *leader), self.unit_of(st, *unit)) {
                (Some(l), Some(u)) => Some(json!({"leader": sc.leaders[l].id, "unit": unit_id(u)})),
                _ => None,
            },
            _ => None,
        };
        if let (Some(Value::Object(extra)), Value::Object(t)) = (extra, &mut t) {
            t.extend(extra);
        }
        t
    }

    /// `legal` without what the scenario's rules forbid (`bivouac_engine::hooks`).
    pub(super) fn allowed(&self, st: &State, legal: Vec<Action>) -> Vec<Action> {
        let rules = self.rules(st);
        if !rules.filters_actions() {
            return legal;
        }
        let view = self.hook_view(st);
        rules.filter(&view, legal, |a| self.action_table(st, a))
    }

    /// Refuse `a` if the scenario's rules forbid it (`legal`: the complete list, `a` in it).
    pub(super) fn check_forbidden(&self, st: &State, legal: Vec<Action>, a: &Action) -> Result<(), Refusal> {
        let rules = self.rules(st);
        if !rules.filters_actions() || self.allowed(st, legal).contains(a) {
            return Ok(());
        }
        let view = self.hook_view(st);
        match rules.forbidden(&view, &self.action_table(st, a)) {
            Some(f) => Err(f.into()),
            None => Ok(()),
        }
    }

    /// The hooks around an automatic step: log lines (GCACW hooks have no game command yet).
    pub(super) fn hooks_at_step(&self, st: &mut State, at: At, step: &'static str, log: &mut Log) {
        let rules = self.rules(st);
        if !rules.listens(at, step) {
            return;
        }
        for cmd in rules.at_step(at, step, &self.hook_view(st)) {
            let text = match cmd {
                Command::Log(text) => text,
                Command::Game(v) => format!("a rule's hook returned a command GCACW does not know: {v}"),
            };
            log.info(|| text);
        }
    }
}

/// Read `hooks.toml` and dry-run every rule on the opening position of each scenario it applies
/// to: its opening legal actions and one move of each side's first unit on the map.
pub(super) fn load(set: &ContentSet, game: &Gcacw) -> Result<Vec<Hooks>, Diagnostics> {
    let ids: Vec<&str> = game.data.scenarios.iter().map(|s| s.id.as_str()).collect();
    let rules = hooks::load(set, &ids, STEPS)?;
    let mut errs = Diagnostics::default();
    let mut out = Vec::new();
    for sc in &game.data.scenarios {
        let h = Hooks::for_scenario(&rules, &sc.id);
        if !h.is_empty() {
            match game.setup(&Setup::new(sc.id.as_str(), 2, 1)) {
                Ok(st) => {
                    let view = game.hook_view(&st);
                    let mut actions: Vec<Value> = game.legal_all(&st).iter().map(|a| game.action_table(&st, a)).collect();
                    for side in 0..2u8 {
                        let first = (0..st.units.len()).find(|&u| sc.units[u].side == side && st.units[u].on_map());
                        if let Some(u) = first {
                            let from = st.units[u].hex;
                            if let Some(&to) = sc.map.hexes[from as usize].nbr.iter().find(|&&n| n != NO_HEX) {
                                let mut t = game.move_fields(&st, from, to);
                                t["kind"] = json!("move");
                                t["side"] = json!(SIDES[side as usize]);
                                t["unit"] = json!(sc.units[u].id);
                                t["notation"] = json!(format!("move {}", sc.map.label(to)));
                                actions.push(t);
                            }
                        }
                    }
                    for r in rules.iter().filter(|r| r.applies_to(&sc.id)) {
                        match r.dry_run(&view, &actions) {
                            Ok(cmds) => {
                                if let Some(Command::Game(v)) = cmds.iter().find(|c| matches!(c, Command::Game(_))) {
                                    errs.push(Diagnostic {
                                        file: r.script.name.clone(),
                                        line: 1,
                                        col: 1,
                                        found: v.to_string(),
                                        message: "GCACW step hooks return only {log = \"text\"} commands".into(),
                                    });
                                }
                            }
                            Err(e) => errs.push(hooks::diagnostic(&e)),
                        }
                    }
                }
                Err(e) => errs.push(Diagnostic { file: format!("{}/scenarios", set.game_dir()), line: 1, col: 1, found: String::new(), message: format!("{}: {e}", sc.id) }),
            }
        }
        out.push(h);
    }
    errs.into_result(out)
}
