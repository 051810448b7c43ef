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
        });
    }
    errs.into_result(out)
}

/// A Lua failure as a load diagnostic: the script's file and line.
pub fn diagnostic(e: &LuaError) -> Diagnostic {
    Diagnostic { file: e.script.clone(), line: e.line.unwrap_or(1) as usize, col: 1, found: String::new(), message: e.message.clone() }
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
        if self.forbid {
            for a in actions {
                self.call_forbid(view, a)?;
            }
        }
        let mut out = Vec::new();
        for at in [At::Start, At::End] {
            for step in self.steps(at) {
                out.extend(self.call_step(at, view, step)?);
            }
        }
        Ok(out)
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
        }
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
