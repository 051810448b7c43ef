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
//!
//! `combat_modifier(view, combat)`: a DRM added to the attacker's die of every combat (GCACW
//! 7.4), shown as "special rules" among the attacker's modifiers. `combat`: `kind` (`attack` or
//! `assault`), `grand` (a grand assault, GCACW 7.2), `side` (the attacker), `from` (the attacking
//! hex), `to` (the defender's hex), `crosses`, `turn`.
//!
//! `movement_cost(view, move)`: each hex a march enters (GCACW 6.1, 6.2); `extra` is in whole
//! MP. `move`: `unit` (its id, `nil` for a decoy force marker, GCACW 12.0), `side`, `cavalry`,
//! `from`, `to`, `crosses`, `turn`.
//!
//! `victory(view, check)`: at the end of every turn (GCACW 3.5), before the scenario's last turn
//! ends the game by victory points: `check` is `{point = "turn-end", turn = N, last_turn =
//! true|false, manpower_lost = {union = N, confederate = N}}`; the winner is `union`,
//! `confederate` or `draw`.

use super::Gcacw;
use super::data::{HexId, Kind, NO_HEX, NONE8, UnitId};
use super::rules::Block;
use super::state::{Action, Combat, Frame, State};
use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics};
use bivouac_engine::flow::At;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::hooks::{self, Command, Forbidden, Hooks, Samples};
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

    /// The table `combat_modifier(view, combat)` receives (module docs).
    fn combat_table(&self, st: &State, cb: &Combat) -> Value {
        let assault = cb.leader != NONE8;
        let mut t = self.move_fields(st, cb.att_hex, cb.def_hex);
        t["kind"] = json!(if assault { "assault" } else { "attack" });
        t["grand"] = json!(cb.grand);
        t["side"] = json!(SIDES[cb.att_side as usize & 1]);
        t["turn"] = json!(st.turn);
        t
    }

    /// GCACW 7.4: the scenario's combat modifiers on the attacker's roll, each logged publicly
    /// with its rule (the combat's hexes and sides are public).
    pub(super) fn hooked_combat_drm(&self, st: &State, cb: &Combat, log: &mut Log) -> i32 {
        let rules = self.rules(st);
        if !rules.modifies_combat() {
            return 0;
        }
        let (m, lines) = rules.combat_modifier(&self.hook_view(st), &self.combat_table(st, cb));
        for line in lines {
            log.info(|| format!("{line} (combat modifier)"));
        }
        m as i32
    }

    /// The table `movement_cost(view, move)` receives (module docs); `unit` is `None` for a
    /// decoy force marker.
    fn move_table(&self, st: &State, side: u8, unit: Option<UnitId>, cav: bool, from: HexId, to: HexId) -> Value {
        let mut t = self.move_fields(st, from, to);
        t["unit"] = json!(unit.map(|u| self.sc(st).units[u as usize].id.clone()));
        t["side"] = json!(SIDES[side as usize & 1]);
        t["cavalry"] = json!(cav);
        t["turn"] = json!(st.turn);
        t
    }

    /// GCACW 6.2: what the scenario's rules charge a mover of `side` for the step from `from`
    /// into `to`, in half MP, or `None` when a rule prohibits it.
    pub(super) fn hooked_move_cost(&self, st: &State, side: u8, unit: Option<UnitId>, cav: bool, from: HexId, to: HexId) -> Option<u8> {
        let rules = self.rules(st);
        if !rules.prices_moves() {
            return Some(0);
        }
        let c = rules.movement_cost(&self.hook_view(st), &self.move_table(st, side, unit, cav, from, to));
        if c.prohibited.is_some() {
            return None;
        }
        Some(u8::try_from(c.extra * 2).unwrap_or(u8::MAX))
    }

    /// `hooked_move_cost` for `unit`'s march step; a prohibited step is blocked (the refusal
    /// then names the rule, `hook_prohibits_march`).
    pub(super) fn hooked_step_cost(&self, st: &State, unit: UnitId, from: HexId, to: HexId) -> Result<u8, Block> {
        let ud = &self.sc(st).units[unit as usize];
        self.hooked_move_cost(st, ud.side, Some(unit), ud.kind == Kind::Cav, from, to).ok_or(("hooks.toml", "a special rule of this scenario prohibits this step"))
    }

    /// The rule prohibiting the marching unit's step into `to`, with its reason.
    pub(super) fn hook_prohibits_march(&self, st: &State, to: HexId) -> Option<Forbidden> {
        let rules = self.rules(st);
        let mv = st.march.as_ref()?;
        if !rules.prices_moves() {
            return None;
        }
        let (u, ud) = (mv.unit, &self.sc(st).units[mv.unit as usize]);
        let from = st.units[u as usize].hex;
        rules.movement_cost(&self.hook_view(st), &self.move_table(st, ud.side, Some(u), ud.kind == Kind::Cav, from, to)).prohibited
    }

    fn victory_check(&self, st: &State) -> Value {
        json!({"point": "turn-end", "turn": st.turn, "last_turn": st.turn >= self.sc(st).turns, "manpower_lost": {"union": st.lost[0], "confederate": st.lost[1]}})
    }

    /// GCACW 3.5: the scenario's victory hooks at the end of a turn; whether one ended the game.
    pub(super) fn hooked_victory(&self, st: &mut State, log: &mut Log) -> bool {
        let rules = self.rules(st);
        if !rules.checks_victory() {
            return false;
        }
        if let Some((winner, why)) = rules.decided(&self.hook_view(st), &self.victory_check(st), &SIDES, log) {
            log.info(|| why.clone());
            st.phase = super::state::Phase::End;
            st.hook_victory = Some((winner.map(|w| w as u8), why));
            return true;
        }
        false
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
                    let mut samples = Samples { game: "GCACW".into(), seats: SIDES.iter().map(|s| s.to_string()).collect(), ..Samples::default() };
                    samples.checks.push(game.victory_check(&st));
                    for side in 0..2u8 {
                        let first = (0..st.units.len()).find(|&u| sc.units[u].side == side && st.units[u].on_map());
                        if let Some(u) = first {
                            let from = st.units[u].hex;
                            if let Some(&to) = sc.map.hexes[from as usize].nbr.iter().find(|&&n| n != NO_HEX) {
                                samples.moves.push(game.move_table(&st, side, Some(u as UnitId), sc.units[u].kind == Kind::Cav, from, to));
                                let cb = Combat { att_side: side, att_units: 1 << u, att_hex: from, def_hex: to, def_units: 0, kind: None, leader: NONE8, grand: false, dres: Default::default(), ares: Default::default(), overload: 0, roll: None, stage: 0, def_nothing: false };
                                samples.combats.push(game.combat_table(&st, &cb));
                            }
                        }
                    }
                    samples.actions = actions;
                    for d in hooks::dry_run_scenario(&rules, &sc.id, &view, &samples) {
                        errs.push(d);
                    }
                }
                Err(e) => errs.push(Diagnostic { file: format!("{}/scenarios", set.game_dir()), line: 1, col: 1, found: String::new(), message: format!("{}: {e}", sc.id) }),
            }
        }
        out.push(h);
    }
    errs.into_result(out)
}
