//! Lua hooks: a scenario's special rules as pure functions at named points of a game.
//!
//! One mechanism for every game. A game folder may hold `hooks.toml`, whose `[[rule]]` records
//! (merged by id across layers, so a mod adds a rule or replaces one) each name a Lua script, the
//! scenarios it applies to and the hooks the script defines:
//!
//! ```toml
//! [[rule]]
//! id = "rapidan-turn-1"                 # a mod replaces the rule by writing this id
//! scenarios = ["cedar-mountain"]        # ids of the game's scenarios ("*": every scenario)
//! script = "hooks/rapidan.lua"          # relative to the game folder
//! forbid = true                         # the script defines forbid(view, action)
//! on_step_start = ["action-cycle-start"]  # it defines on_step_start(view, step) for these steps
//! on_step_end = []                      # ... and on_step_end(view, step) for these
//! combat_modifier = false               # combat_modifier(view, combat)
//! movement_cost = false                 # movement_cost(view, move)
//! victory = false                       # victory(view, check)
//! ```
//!
//! The hooks, all pure (the sandbox of [`crate::lua`]: no files, no clock, no randomness, nothing
//! kept between calls):
//! * `forbid(view, action)`: a legal-action filter. Returns `nil` (allowed) or a reason (a
//!   string). A forbidden action is not listed, and applying it is refused with the reason, the
//!   rule's id as the refusal's rule, and the state untouched. `action` is a table the game
//!   builds from the action (`kind`, and `unit`, `from`, `to`... as the game documents). If a
//!   filter would forbid every action of a decision, none is forbidden (a rule may narrow a
//!   choice, never leave a seat with nothing to do).
//! * `on_step_start(view, step)` / `on_step_end(view, step)`: called around the automatic steps
//!   the rule lists (the names of [`crate::flow::Procedure::step_name`]); returns `nil` or a list
//!   of commands. [`Command::Log`] (`{log = "text"}`) is the engine's; any other table is the
//!   game's to check ([`Command::Game`]).
//! * `combat_modifier(view, combat)`: called where the game computes a combat's modifier (a die
//!   roll modifier or a column shift, as the game documents); returns `nil` or
//!   `{modifier = N, reason = "text"}` with N an integer in `-MAX_MODIFIER..=MAX_MODIFIER`,
//!   added to the game's own and logged with the rule's id ([`Hooks::combat_modifiers`]).
//! * `movement_cost(view, move)`: called for each step of a move the game prices; returns `nil`,
//!   `{extra = N, reason = "text"}` (N more movement points, `0..=MAX_EXTRA_COST`) or
//!   `{prohibit = "reason"}` (the step may not be made) ([`Hooks::movement_cost`]).
//! * `victory(view, check)`: called at the game's victory checks (`check.point` names which);
//!   returns `nil` or `{winner = SEAT, reason = "text"}`, SEAT one of the game's seat names or
//!   `"draw"`: the game ends there with that result and reason ([`Hooks::victory`]).
//!
//! Every input is public: the view and the tables the games build hold only what every seat
//! may see, so whatever a hook returns (a log line, a modifier's reason) tells no seat more
//! than it knows; the games log hook results as public lines.
//!
//! `view` is the game's seat-neutral public view as a Lua table (what a spectator sees).
//!
//! At load each script is dry-run ([`Rule::dry_run`]) on the scenario's opening view: a syntax
//! error, a missing function, a runtime error, a wrong return value or a script that runs out of
//! its instruction budget (a loop that never ends) is one diagnostic naming the script's file and
//! line, at `validate` and when the content loads, never in the middle of a game. An error that
//! only a later position reaches refuses the action that met it (naming the script and line).

use crate::content::{ContentSet, Diagnostic, Diagnostics, Record, Spanned, layered_records_checked};
use crate::flow::At;
use crate::lua::{LuaError, LuaHost, Script};
use serde::Deserialize;
use serde_json::Value;
use std::sync::Arc;

/// Sample inputs a game gives [`Rule::dry_run_all`]: one or more of each kind of hook it calls.
#[derive(Clone, Debug, Default)]
pub struct Samples {
    /// The game's name, for "the rule declares X, which GAME does not call".
    pub game: String,
    pub actions: Vec<Value>,
    pub combats: Vec<Value>,
    pub moves: Vec<Value>,
    pub checks: Vec<Value>,
    /// The game's seat names (a victory hook's `winner`).
    pub seats: Vec<String>,
}

/// The file a game folder may hold.
pub const HOOKS_FILE: &str = "hooks.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HooksDoc {
    #[serde(default)]
    rule: Vec<RuleRec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleRec {
    id: String,
    scenarios: Vec<Spanned<String>>,
    script: Spanned<String>,
    #[serde(default)]
    forbid: bool,
    #[serde(default)]
    on_step_start: Vec<Spanned<String>>,
    #[serde(default)]
    on_step_end: Vec<Spanned<String>>,
    #[serde(default)]
    combat_modifier: bool,
    #[serde(default)]
    movement_cost: bool,
    #[serde(default)]
    victory: bool,
}

impl Record for RuleRec {
    fn id(&self) -> &str {
        &self.id
    }
}

/// One rule script with the hooks it defines.
#[derive(Clone, Debug)]
pub struct Rule {
    pub id: String,
    /// Scenario ids, or `*`.
    pub scenarios: Vec<String>,
    pub script: Arc<Script>,
    pub forbid: bool,
    pub on_step_start: Vec<String>,
    pub on_step_end: Vec<String>,
    pub combat_modifier: bool,
    pub movement_cost: bool,
    pub victory: bool,
}

/// The largest combat modifier a hook may return, either way.
pub const MAX_MODIFIER: i64 = 6;
/// The most extra movement points a hook may charge for one step of a move.
pub const MAX_EXTRA_COST: i64 = 99;

/// What one rule's hook said: the rule's id, the value and the reason the game logs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said<T> {
    pub rule: String,
    pub value: T,
    pub reason: String,
}

/// A movement step as the hooks price it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveCost {
    /// Extra movement points, summed over the rules.
    pub extra: u32,
    /// The first rule prohibiting the step (a script error prohibits it, naming the error).
    pub prohibited: Option<Forbidden>,
}

/// A victory hook's verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The seat (an index into the seat names the game gave) wins.
    Winner(usize),
    Draw,
    /// The script failed or returned something unreadable: the reason says what; the game
    /// logs it and goes on.
    Failed,
}

/// What a step hook returns, checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A line in the game's log, public.
    Log(String),
    /// A command for the game to check and apply (e.g. `{winner = "union"}`).
    Game(Value),
}

/// An action a rule forbids: the rule's id and the script's reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forbidden {
    pub rule: String,
    pub reason: String,
}

impl From<Forbidden> for crate::log::Refusal {
    fn from(f: Forbidden) -> Self {
        crate::log::Refusal::new(f.rule, f.reason)
    }
}

/// Read the rules of `hooks.toml` (if any layer has it). `scenarios` are the game's scenario
/// ids, `steps` its step names: a rule naming another is an error with the nearest names.
pub fn load(set: &ContentSet, scenarios: &[&str], steps: &[&str]) -> Result<Vec<Rule>, Diagnostics> {
    if set.text(HOOKS_FILE).is_none() {
        return Ok(Vec::new());
    }
    let layers = set.parse::<HooksDoc>(HOOKS_FILE)?;
    let (recs, dups) = layered_records_checked(layers, |d| d.rule);
    let mut errs = Diagnostics::default();
    for (src, id) in dups {
        errs.push(set.duplicate(src, &id, "rule"));
    }
    let mut out = Vec::new();
    for r in recs {
        let src = r.src;
        let known = |name: &Spanned<String>, list: &[&str], what: &str, errs: &mut Diagnostics| {
            if !list.contains(&name.get_ref().as_str()) {
                errs.push(set.diag(src, name.span(), format!("unknown {what}; expected one of: {}", list.join(", "))));
            }
        };
        for s in &r.scenarios {
            if s.get_ref() != "*" {
                known(s, scenarios, "scenario", &mut errs);
            }
        }
        for s in r.on_step_start.iter().chain(&r.on_step_end) {
            known(s, steps, "step", &mut errs);
        }
        let Some((script_src, text)) = set.text(r.script.get_ref()) else {
            errs.push(set.diag(src, r.script.span(), format!("no such script in the game folder `{}`", set.game_dir())));
            continue;
        };
        let rec = r.rec;
        out.push(Rule {
            id: rec.id,
            scenarios: rec.scenarios.into_iter().map(Spanned::into_inner).collect(),
            script: Arc::new(Script::new(set.path(script_src), text).with_library(wrappers())),
            forbid: rec.forbid,
            on_step_start: rec.on_step_start.into_iter().map(Spanned::into_inner).collect(),
            on_step_end: rec.on_step_end.into_iter().map(Spanned::into_inner).collect(),
            combat_modifier: rec.combat_modifier,
            movement_cost: rec.movement_cost,
            victory: rec.victory,
        });
    }
    errs.into_result(out)
}

/// A Lua failure as a load diagnostic: the script's file and line.
pub fn diagnostic(e: &LuaError) -> Diagnostic {
    Diagnostic { file: e.script.clone(), line: e.line.unwrap_or(1) as usize, col: 1, found: String::new(), message: e.message.clone() }
}

/// Load-time check of every rule of `scenario` on its opening position: each runs within the
/// sandbox's limits and returns values of the right shape, and its step hooks give only log
/// lines (the games' steps take no other command). One diagnostic per fault, naming the script.
pub fn dry_run_scenario(rules: &[Rule], scenario: &str, view: &Value, samples: &Samples) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for r in rules.iter().filter(|r| r.applies_to(scenario)) {
        match r.dry_run_all(view, samples) {
            Ok(cmds) => {
                if let Some(Command::Game(v)) = cmds.iter().find(|c| matches!(c, Command::Game(_))) {
                    out.push(Diagnostic { file: r.script.name.clone(), line: 1, col: 1, found: v.to_string(), message: format!("{} step hooks return only {{log = \"text\"}} commands", samples.game) });
                }
            }
            Err(e) => out.push(diagnostic(&e)),
        }
    }
    out
}

impl Rule {
    pub fn applies_to(&self, scenario: &str) -> bool {
        self.scenarios.iter().any(|s| s == "*" || s == scenario)
    }

    fn steps(&self, at: At) -> &[String] {
        match at {
            At::Start => &self.on_step_start,
            At::End => &self.on_step_end,
        }
    }

    /// Load-time check: every hook the rule declares runs on `view` (the scenario's opening
    /// position) and `actions` (sample actions as the game passes them) within the sandbox's
    /// limits and returns a value of the right shape.
    /// Returns the commands the step hooks gave, for the game to check.
    pub fn dry_run(&self, view: &Value, actions: &[Value]) -> Result<Vec<Command>, LuaError> {
        self.dry_run_all(view, &Samples { actions: actions.to_vec(), ..Samples::default() })
    }

    /// [`Rule::dry_run`] with a sample input for every kind of hook the rule may declare.
    /// Victory hooks are called with `samples.seats` to check a named winner.
    pub fn dry_run_all(&self, view: &Value, samples: &Samples) -> Result<Vec<Command>, LuaError> {
        if self.forbid && samples.actions.is_empty() {
            return Err(self.bad(format!("the rule declares forbid, which {} does not call", samples.game)));
        }
        for a in samples.actions.iter().filter(|_| self.forbid) {
            self.call_forbid(view, a)?;
        }
        let mut out = Vec::new();
        for at in [At::Start, At::End] {
            for step in self.steps(at) {
                out.extend(self.call_step(at, view, step)?);
            }
        }
        let seats: Vec<&str> = samples.seats.iter().map(String::as_str).collect();
        for (declared, entry, inputs) in [
            (self.combat_modifier, "combat_modifier", &samples.combats),
            (self.movement_cost, "movement_cost", &samples.moves),
            (self.victory, "victory", &samples.checks),
        ] {
            if !declared {
                continue;
            }
            if inputs.is_empty() {
                return Err(self.bad(format!("the rule declares {entry}, which {} does not call", samples.game)));
            }
            for input in inputs {
                match entry {
                    "combat_modifier" => drop(self.call_modifier(view, input)?),
                    "movement_cost" => drop(self.call_cost(view, input)?),
                    _ => drop(self.call_victory(view, input, &seats)?),
                }
            }
        }
        Ok(out)
    }

    fn bad(&self, message: String) -> LuaError {
        LuaError { script: self.script.name.clone(), line: None, message }
    }

    fn call_value(&self, entry: &str, view: &Value, x: &Value) -> Result<Value, LuaError> {
        LuaHost::default().call(&self.script, &format!("bivouac_{entry}"), &Value::Array(vec![view.clone(), x.clone()]))
    }

    /// A returned table's fields, each named once: `{}` for `nil`, an error naming the hook
    /// and what it expects otherwise.
    fn fields(&self, entry: &str, got: Value, allowed: &[&str], expected: &str) -> Result<serde_json::Map<String, Value>, LuaError> {
        match got {
            Value::Null => Ok(serde_json::Map::new()),
            Value::Object(m) if !m.is_empty() && m.keys().all(|k| allowed.contains(&k.as_str())) => Ok(m),
            other => Err(self.bad(format!("{entry} returned {other}; expected {expected}"))),
        }
    }

    fn call_modifier(&self, view: &Value, combat: &Value) -> Result<Option<(i64, String)>, LuaError> {
        const EXPECTED: &str = "nil or {modifier = N, reason = \"text\"} with N an integer from -6 to 6";
        let m = self.fields("combat_modifier", self.call_value("combat_modifier", view, combat)?, &["modifier", "reason"], EXPECTED)?;
        if m.is_empty() {
            return Ok(None);
        }
        match (m.get("modifier").and_then(Value::as_i64), m.get("reason")) {
            (Some(n), Some(Value::String(r))) if n.abs() <= MAX_MODIFIER => Ok(Some((n, r.clone()))),
            _ => Err(self.bad(format!("combat_modifier returned {}; expected {EXPECTED}", Value::Object(m)))),
        }
    }

    fn call_cost(&self, view: &Value, mv: &Value) -> Result<Option<Result<(u32, String), String>>, LuaError> {
        const EXPECTED: &str = "nil, {extra = N, reason = \"text\"} with N an integer from 0 to 99, or {prohibit = \"reason\"}";
        let m = self.fields("movement_cost", self.call_value("movement_cost", view, mv)?, &["extra", "reason", "prohibit"], EXPECTED)?;
        if m.is_empty() {
            return Ok(None);
        }
        match (m.get("extra").and_then(Value::as_i64), m.get("reason"), m.get("prohibit")) {
            (Some(n), Some(Value::String(r)), None) if (0..=MAX_EXTRA_COST).contains(&n) => Ok(Some(Ok((n as u32, r.clone())))),
            (None, None, Some(Value::String(r))) => Ok(Some(Err(r.clone()))),
            _ => Err(self.bad(format!("movement_cost returned {}; expected {EXPECTED}", Value::Object(m)))),
        }
    }

    fn call_victory(&self, view: &Value, check: &Value, seats: &[&str]) -> Result<Option<(Verdict, String)>, LuaError> {
        let expected = format!("nil or {{winner = SEAT, reason = \"text\"}} with SEAT one of {}, draw", seats.join(", "));
        let m = self.fields("victory", self.call_value("victory", view, check)?, &["winner", "reason"], &expected)?;
        if m.is_empty() {
            return Ok(None);
        }
        let verdict = match m.get("winner").and_then(Value::as_str) {
            Some("draw") => Some(Verdict::Draw),
            Some(w) => seats.iter().position(|s| *s == w).map(Verdict::Winner),
            None => None,
        };
        match (verdict, m.get("reason")) {
            (Some(v), Some(Value::String(r))) => Ok(Some((v, r.clone()))),
            _ => Err(self.bad(format!("victory returned {}; expected {expected}", Value::Object(m)))),
        }
    }

    fn call_forbid(&self, view: &Value, action: &Value) -> Result<Option<String>, LuaError> {
        LuaHost::default().call_as::<Option<String>>(&self.script, "bivouac_forbid", &Value::Array(vec![view.clone(), action.clone()]))
    }

    fn call_step(&self, at: At, view: &Value, step: &str) -> Result<Vec<Command>, LuaError> {
        let entry = match at {
            At::Start => "on_step_start",
            At::End => "on_step_end",
        };
        let input = Value::Array(vec![view.clone(), Value::String(step.to_string())]);
        let returned: Option<Vec<serde_json::Map<String, Value>>> = LuaHost::default().call_as(&self.script, &format!("bivouac_{entry}"), &input)?;
        let bad = |message: String| LuaError { script: self.script.name.clone(), line: None, message };
        returned
            .unwrap_or_default()
            .into_iter()
            .map(|m| match m.get("log") {
                Some(Value::String(s)) if m.len() == 1 => Ok(Command::Log(s.clone())),
                Some(_) => Err(bad(format!("{entry}: a log command is {{log = \"text\"}}, got {}", Value::Object(m)))),
                None => Ok(Command::Game(Value::Object(m))),
            })
            .collect()
    }
}

/// The rules of one scenario (empty for most): what a game keeps and asks.
#[derive(Clone, Debug, Default)]
pub struct Hooks {
    rules: Vec<Rule>,
}

impl Hooks {
    /// The rules of `all` that apply to `scenario`.
    pub fn for_scenario(all: &[Rule], scenario: &str) -> Self {
        Hooks { rules: all.iter().filter(|r| r.applies_to(scenario)).cloned().collect() }
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Whether any rule filters actions (so the game builds views and action tables only then).
    pub fn filters_actions(&self) -> bool {
        self.rules.iter().any(|r| r.forbid)
    }

    /// Whether any rule listens to `step` at `at`.
    pub fn listens(&self, at: At, step: &str) -> bool {
        self.rules.iter().any(|r| r.steps(at).iter().any(|s| s == step))
    }

    /// The first rule forbidding `action`, with its reason. A script error forbids the action
    /// with the error as the reason: the game goes on, the state untouched, the error named.
    pub fn forbidden(&self, view: &Value, action: &Value) -> Option<Forbidden> {
        self.rules.iter().filter(|r| r.forbid).find_map(|r| match r.call_forbid(view, action) {
            Ok(None) => None,
            Ok(Some(reason)) => Some(Forbidden { rule: r.id.clone(), reason }),
            Err(e) => Some(Forbidden { rule: r.id.clone(), reason: format!("the rule's script failed: {e}") }),
        })
    }

    /// Keep the items whose action no rule forbids; if that would leave none, keep them all.
    /// `action` gives the table passed to Lua for an item.
    pub fn filter<T>(&self, view: &Value, items: Vec<T>, action: impl Fn(&T) -> Value) -> Vec<T> {
        if !self.filters_actions() || items.is_empty() {
            return items;
        }
        let allowed: Vec<bool> = items.iter().map(|t| self.forbidden(view, &action(t)).is_none()).collect();
        if !allowed.contains(&true) {
            return items;
        }
        items.into_iter().zip(allowed).filter_map(|(t, ok)| ok.then_some(t)).collect()
    }

    /// Whether any rule adds combat modifiers, prices moves, or checks victory (so the game
    /// builds the tables only then).
    pub fn modifies_combat(&self) -> bool {
        self.rules.iter().any(|r| r.combat_modifier)
    }

    pub fn prices_moves(&self) -> bool {
        self.rules.iter().any(|r| r.movement_cost)
    }

    pub fn checks_victory(&self) -> bool {
        self.rules.iter().any(|r| r.victory)
    }

    /// Every rule's combat modifier for `combat`, in rule order; a script error is a modifier
    /// of 0 whose reason names the error (the combat goes on; the log says what failed).
    pub fn combat_modifiers(&self, view: &Value, combat: &Value) -> Vec<Said<i64>> {
        let mut out = Vec::new();
        for r in self.rules.iter().filter(|r| r.combat_modifier) {
            match r.call_modifier(view, combat) {
                Ok(None) => {}
                Ok(Some((value, reason))) => out.push(Said { rule: r.id.clone(), value, reason }),
                Err(e) => out.push(Said { rule: r.id.clone(), value: 0, reason: format!("the script failed: {e}") }),
            }
        }
        out
    }

    /// The sum of every rule's combat modifier, with the log lines naming each rule.
    pub fn combat_modifier(&self, view: &Value, combat: &Value) -> (i64, Vec<String>) {
        let said = self.combat_modifiers(view, combat);
        let lines = said.iter().map(|s| format!("{}: {:+} ({})", s.rule, s.value, s.reason)).collect();
        (said.iter().map(|s| s.value).sum(), lines)
    }

    /// What the rules charge for one step of a move: extra points summed, or the first rule
    /// prohibiting it. A script error prohibits the step, naming the error.
    pub fn movement_cost(&self, view: &Value, mv: &Value) -> MoveCost {
        let mut out = MoveCost::default();
        for r in self.rules.iter().filter(|r| r.movement_cost) {
            match r.call_cost(view, mv) {
                Ok(None) => {}
                Ok(Some(Ok((n, _)))) => out.extra += n,
                Ok(Some(Err(reason))) => {
                    out.prohibited = Some(Forbidden { rule: r.id.clone(), reason });
                    break;
                }
                Err(e) => {
                    out.prohibited = Some(Forbidden { rule: r.id.clone(), reason: format!("the rule's script failed: {e}") });
                    break;
                }
            }
        }
        out
    }

    /// The victory hooks at the check `check` (`check.point` names it): the first rule that
    /// declares a result, or every failure met before it (the game logs them and goes on).
    /// `seats` are the game's seat names, as a hook names its winner.
    pub fn victory(&self, view: &Value, check: &Value, seats: &[&str]) -> Vec<Said<Verdict>> {
        let mut out = Vec::new();
        for r in self.rules.iter().filter(|r| r.victory) {
            match r.call_victory(view, check, seats) {
                Ok(None) => {}
                Ok(Some((value, reason))) => {
                    out.push(Said { rule: r.id.clone(), value, reason });
                    break;
                }
                Err(e) => out.push(Said { rule: r.id.clone(), value: Verdict::Failed, reason: format!("the script failed: {e}") }),
            }
        }
        out
    }

    /// The result the victory hooks declare at `check`, as (the winning seat, or None for a
    /// draw; "RULE: reason"), with each failed script met before it logged and passed over:
    /// the one reading of `victory` every game's check uses.
    pub fn decided(&self, view: &Value, check: &Value, seats: &[&str], log: &mut crate::log::Log) -> Option<(Option<usize>, String)> {
        for said in self.victory(view, check, seats) {
            let why = format!("{}: {}", said.rule, said.reason);
            match said.value {
                Verdict::Failed => log.info(|| why),
                Verdict::Winner(w) => return Some((Some(w), why)),
                Verdict::Draw => return Some((None, why)),
            }
        }
        None
    }

    /// The commands of every rule listening to `step` at `at`; a script error becomes a log
    /// line naming it (a step cannot be refused).
    pub fn at_step(&self, at: At, step: &str, view: &Value) -> Vec<Command> {
        let mut out = Vec::new();
        for r in self.rules.iter().filter(|r| r.steps(at).iter().any(|s| s == step)) {
            match r.call_step(at, view, step) {
                Ok(cmds) => out.extend(cmds),
                Err(e) => out.push(Command::Log(format!("rule {}: the script failed: {e}", r.id))),
            }
        }
        out
    }
}

/// Hook functions take two arguments and the host passes one input: each call goes through a
/// wrapper run before the script, which unpacks `{view, x}` and says clearly when the script
/// lacks the function its rule declares.
const WRAPPERS: &str = r#"
local function hook(name, args)
  local f = _ENV[name]
  if type(f) ~= "function" then
    error("the rule declares " .. name .. " but the script defines no function " .. name, 0)
  end
  return f(args[1], args[2])
end
function bivouac_forbid(args) return hook("forbid", args) end
function bivouac_on_step_start(args) return hook("on_step_start", args) end
function bivouac_on_step_end(args) return hook("on_step_end", args) end
function bivouac_combat_modifier(args) return hook("combat_modifier", args) end
function bivouac_movement_cost(args) return hook("movement_cost", args) end
function bivouac_victory(args) return hook("victory", args) end
"#;

fn wrappers() -> Arc<Script> {
    static W: std::sync::OnceLock<Arc<Script>> = std::sync::OnceLock::new();
    W.get_or_init(|| Arc::new(Script::new("hook wrappers", WRAPPERS))).clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rule(lua: &str) -> Rule {
        Rule {
            id: "no-river".into(),
            scenarios: vec!["*".into()],
            script: Arc::new(Script::new("mod/hooks/rule.lua", lua).with_library(wrappers())),
            forbid: true,
            on_step_start: vec!["turn-start".into()],
            on_step_end: vec![],
            combat_modifier: false,
            movement_cost: false,
            victory: false,
        }
    }

    fn kinds(lua: &str) -> Rule {
        Rule { forbid: false, on_step_start: vec![], combat_modifier: true, movement_cost: true, victory: true, ..rule(lua) }
    }

    const KINDS: &str = r#"
function combat_modifier(view, combat)
  if combat.to == "ford" then return {modifier = -1, reason = "attacking across the ford"} end
end
function movement_cost(view, move)
  if move.to == "swamp" then return {prohibit = "the swamp is flooded"} end
  if move.to == "ford" then return {extra = 2, reason = "the ford is high"} end
end
function victory(view, check)
  if view.turn >= 3 and check.point == "turn-end" then return {winner = "union", reason = "the Union holds on"} end
end
"#;

    fn samples() -> Samples {
        Samples {
            game: "Toy".into(),
            combats: vec![json!({"to": "ford"})],
            moves: vec![json!({"to": "swamp"})],
            checks: vec![json!({"point": "turn-end"})],
            seats: vec!["union".into(), "confederate".into()],
            ..Samples::default()
        }
    }

    #[test]
    fn combat_modifier_movement_cost_and_victory_return_checked_values_named_by_rule() {
        let h = Hooks::for_scenario(&[kinds(KINDS)], "any");
        let view = json!({"turn": 3});
        assert!(h.modifies_combat() && h.prices_moves() && h.checks_victory());
        assert_eq!(h.combat_modifier(&view, &json!({"to": "ford"})), (-1, vec!["no-river: -1 (attacking across the ford)".to_string()]));
        assert_eq!(h.combat_modifier(&view, &json!({"to": "road"})), (0, vec![]));
        assert_eq!(h.movement_cost(&view, &json!({"to": "ford"})), MoveCost { extra: 2, prohibited: None });
        let p = h.movement_cost(&view, &json!({"to": "swamp"})).prohibited.unwrap();
        assert_eq!((p.rule.as_str(), p.reason.as_str()), ("no-river", "the swamp is flooded"));
        let seats = ["union", "confederate"];
        let v = h.victory(&view, &json!({"point": "turn-end"}), &seats);
        assert_eq!(v, [Said { rule: "no-river".into(), value: Verdict::Winner(0), reason: "the Union holds on".into() }]);
        assert!(h.victory(&json!({"turn": 2}), &json!({"point": "turn-end"}), &seats).is_empty());
        kinds(KINDS).dry_run_all(&view, &samples()).unwrap();
    }

    #[test]
    fn a_wrong_return_is_one_error_naming_the_file_and_the_hook() {
        let view = json!({"turn": 3});
        for (lua, hook) in [
            ("function combat_modifier(v, c) return {modifier = 9, reason = 'x'} end", "combat_modifier returned"),
            ("function combat_modifier(v, c) return 2 end", "combat_modifier returned 2"),
            ("function combat_modifier(v, c) return {drm = 1} end", "combat_modifier returned"),
            ("function combat_modifier(v, c) end function movement_cost(v, m) return {extra = -1, reason = 'x'} end", "movement_cost returned"),
            ("function combat_modifier(v, c) end function movement_cost(v, m) end function victory(v, c) return {winner = 'rebels', reason = 'x'} end", "victory returned"),
            ("function combat_modifier(v, c) end function movement_cost(v, m) end", "defines no function victory"),
        ] {
            let e = kinds(lua).dry_run_all(&view, &samples()).unwrap_err();
            assert!(e.script == "mod/hooks/rule.lua" && e.message.contains(hook), "{hook}: {e}");
        }
        // A hook the game never calls is an error, not a silent no-op.
        let e = kinds(KINDS).dry_run_all(&view, &Samples { game: "Toy".into(), ..Samples::default() }).unwrap_err();
        assert!(e.message.contains("declares combat_modifier, which Toy does not call"), "{e}");
        // At play, a failing hook is logged with its rule and changes nothing, or prohibits.
        let h = Hooks::for_scenario(&[kinds("function combat_modifier(v, c) return v.no.such end\nfunction movement_cost(v, m) error('boom') end\nfunction victory(v, c) return 1 end")], "any");
        let (n, lines) = h.combat_modifier(&view, &json!({}));
        assert!(n == 0 && lines[0].starts_with("no-river: +0 (the script failed: mod/hooks/rule.lua:1"), "{lines:?}");
        assert!(h.movement_cost(&view, &json!({})).prohibited.unwrap().reason.contains("boom"));
        assert_eq!(h.victory(&view, &json!({}), &["a"])[0].value, Verdict::Failed);
    }

    const LUA: &str = r#"
function forbid(view, action)
  if action.to == "river" then return "no crossing on turn " .. view.turn end
end
function on_step_start(view, step)
  return { {log = "turn " .. view.turn .. " begins at " .. step}, {winner = "union"} }
end
"#;

    #[test]
    fn forbid_filters_and_names_the_rule_but_never_empties_a_choice() {
        let h = Hooks::for_scenario(&[rule(LUA)], "any");
        let view = json!({"turn": 1});
        let f = h.forbidden(&view, &json!({"kind": "move", "to": "river"})).unwrap();
        assert_eq!(f, Forbidden { rule: "no-river".into(), reason: "no crossing on turn 1".into() });
        assert_eq!(h.forbidden(&view, &json!({"kind": "move", "to": "road"})), None);
        let to = |t: &&str| json!({"to": t});
        assert_eq!(h.filter(&view, vec!["river", "road"], to), ["road"]);
        // Everything forbidden: nothing is.
        assert_eq!(h.filter(&view, vec!["river"], to), ["river"]);
    }

    #[test]
    fn step_hooks_return_log_and_game_commands() {
        let h = Hooks::for_scenario(&[rule(LUA)], "any");
        assert!(h.listens(At::Start, "turn-start") && !h.listens(At::End, "turn-start"));
        let got = h.at_step(At::Start, "turn-start", &json!({"turn": 2}));
        assert_eq!(got, [Command::Log("turn 2 begins at turn-start".into()), Command::Game(json!({"winner": "union"}))]);
    }

    #[test]
    fn a_broken_hook_fails_its_dry_run_naming_the_file_and_line() {
        let view = json!({"turn": 1});
        let e = rule("function forbid(view, action)\n  return view.no.such\nend").dry_run(&view, &[json!({})]).unwrap_err();
        assert_eq!((e.script.as_str(), e.line), ("mod/hooks/rule.lua", Some(2)), "{e}");
        let e = rule("function forbid(view, action)\n  while true do end\nend").dry_run(&view, &[json!({})]).unwrap_err();
        assert!(e.to_string().starts_with("mod/hooks/rule.lua") && e.message.contains("instruction budget"), "{e}");
        let e = rule("-- nothing").dry_run(&view, &[json!({})]).unwrap_err();
        assert!(e.message.contains("defines no function forbid"), "{e}");
    }
}
