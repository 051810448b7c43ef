//! For the People's side of the Lua hooks (`bivouac_engine::hooks`): the step hooks around the
//! automatic steps of the sequence of play (FtP 3.0, the engine's flow driver), the battle's
//! combat modifier and the victory check, with the load-time dry run.
//!
//! The view is the spectator's (`bivouac show` as JSON). Step names: `reinforcement-phase-end`,
//! `strategy-round`, `capital-phase`, `political-phase-step-iii`, `turn-end`.
//!
//! `combat_modifier(view, combat)`: a DRM added to the attacker's die roll of every battle (FtP
//! 7.5), itemised with the rulebook's DRMs as "scenario special rule". `combat`: `kind`
//! (`battle`), `space` (its id), `attacker` and `defender` (`union` or `csa`), `attacker_sp`,
//! `defender_sp`, `fort`, `amphibious`, `turn`. Everything in it is on the open map.
//!
//! `victory(view, check)`: at the end of every turn (FtP 3.6), before the automatic victories
//! (FtP 17.2) and the scenario's end: `check` is `{point = "turn-end", turn = N, last_turn =
//! true|false, sw = {union = N, csa = N}}`; the winner is `union`, `csa` or `draw`.

use super::battle::Force;
use super::content::Side;
use super::state::{Phase, Sp, State};
use super::{FtP, SIDES};
use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics};
use bivouac_engine::flow::At;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::hooks::{self, Command, Hooks, Samples};
use bivouac_engine::log::Log;
use serde_json::{Value, json};

/// The automatic steps hooks may name (`Procedure::step_name` in `procs`).
pub const STEPS: &[&str] = &["reinforcement-phase-end", "strategy-round", "capital-phase", "political-phase-step-iii", "turn-end"];

impl FtP {
    fn rules(&self, st: &State) -> Option<&Hooks> {
        self.hooks.get(st.sc as usize).filter(|h| !h.is_empty())
    }

    fn hook_view(&self, st: &State) -> Value {
        serde_json::to_value(self.view(st, None)).unwrap_or(Value::Null)
    }

    /// The table `combat_modifier(view, combat)` receives (module docs).
    fn combat_table(&self, st: &State, s: Sp, sides: [Side; 2], sp: [u8; 2], fort: bool, amphibious: bool) -> Value {
        json!({
            "kind": "battle",
            "space": self.sid(s),
            "attacker": SIDES[sides[0].index()],
            "defender": SIDES[sides[1].index()],
            "attacker_sp": sp[0],
            "defender_sp": sp[1],
            "fort": fort,
            "amphibious": amphibious,
            "turn": st.turn,
        })
    }

    /// FtP 7.5: the scenario's DRM on the attacker's roll, each rule's part logged publicly
    /// (a battle is fought on the open map).
    pub(super) fn hooked_battle_drm(&self, st: &State, s: Sp, att: &Force, def: &Force, fort: bool, amphibious: bool, log: &mut Log) -> i8 {
        let Some(rules) = self.rules(st).filter(|r| r.modifies_combat()) else { return 0 };
        let (m, lines) = rules.combat_modifier(&self.hook_view(st), &self.combat_table(st, s, [att.side, def.side], [att.sp, def.sp], fort, amphibious));
        for line in lines {
            log.info(|| format!("{line} (battle DRM for the attacker)"));
        }
        m as i8
    }

    fn victory_check(&self, st: &State) -> Value {
        let last = st.turn >= self.end_scenario(st).last_turn;
        json!({"point": "turn-end", "turn": st.turn, "last_turn": last, "sw": {"union": st.sw[0], "csa": st.sw[1]}})
    }

    /// FtP 3.6: the scenario's victory hooks at the end of a turn; whether one ended the game.
    pub(super) fn hooked_victory(&self, st: &mut State, log: &mut Log) -> bool {
        let Some(rules) = self.rules(st).filter(|r| r.checks_victory()) else { return false };
        if let Some((winner, why)) = rules.decided(&self.hook_view(st), &self.victory_check(st), &SIDES, log) {
            log.info(|| why.clone());
            st.result = Some((winner.map(|w| vec![w as u8]).unwrap_or_default(), why));
            st.phase = Phase::Over;
            return true;
        }
        false
    }

    /// The hooks around an automatic step: public log lines, from the spectator's view.
    pub(super) fn hooks_at_step(&self, st: &mut State, at: At, step: &'static str, log: &mut Log) {
        let Some(rules) = self.rules(st).filter(|r| r.listens(at, step)) else { return };
        for cmd in rules.at_step(at, step, &self.hook_view(st)) {
            let text = match cmd {
                Command::Log(text) => text,
                Command::Game(v) => format!("a rule's hook returned a command For the People does not know: {v}"),
            };
            log.info(|| text);
        }
    }
}

/// Read `hooks.toml` and dry-run every rule on the opening position of each scenario it applies
/// to: a battle each way in the map's first space, and the end-of-turn check.
pub(super) fn load(set: &ContentSet, game: &FtP) -> Result<Vec<Hooks>, Diagnostics> {
    let ids: Vec<&str> = game.c.scenarios.iter().map(|s| s.id.as_str()).collect();
    let rules = hooks::load(set, &ids, STEPS)?;
    let mut errs = Diagnostics::default();
    let mut out = Vec::new();
    for id in &ids {
        let h = Hooks::for_scenario(&rules, id);
        if !h.is_empty() {
            match game.setup(&Setup::new(*id, 2, 1)) {
                Ok(st) => {
                    let view = game.hook_view(&st);
                    let (u, c) = (Side::Union, Side::Csa);
                    let samples = Samples {
                        game: "For the People".into(),
                        combats: vec![game.combat_table(&st, 0, [u, c], [6, 4], false, false), game.combat_table(&st, 0, [c, u], [3, 8], true, true)],
                        checks: vec![game.victory_check(&st)],
                        seats: SIDES.iter().map(|s| s.to_string()).collect(),
                        ..Samples::default()
                    };
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
