//! Blockade Runner's side of the Lua hooks (`bivouac_engine::hooks`): the step hooks around the
//! automatic steps of the year (BR 3.0, the engine's flow driver), the evasion roll's modifier
//! and the end-of-year victory check, with the load-time dry run. The game has one scenario,
//! `standard`.
//!
//! Step names: `year-start`, `union-assault`, `port-capture`, `goods-and-turn-order`,
//! `next-turn`, `turn-end`, `placement-end`. The view is the spectator's (`bivouac show` as
//! JSON): `year`, `players` (money, hand sizes...), `ports`, `ships`...
//!
//! `combat_modifier(view, combat)`: added to the target number of every evasion roll (BR 3.6: a
//! ship is lost only if every die is greater than the target, so +1 helps the runner).
//! `combat`: `kind` (`evasion`), `ship` (its name), `owner` (`p1`...), `running` (what it runs:
//! `into Charleston`, `past the High Seas Squadron`...), `speed`, `defense`, `blockade`,
//! `loaded`, `year`: what every player sees on the board.
//!
//! `victory(view, check)`: at the end of every year (BR 3.0), before the game's own end after
//! 1865 (BR 3.11): `check` is `{point = "year-end", year = Y, last_year = true|false}`; the
//! winner is a seat (`p1`...) or `draw`.

use super::state::State;
use super::{BlockadeRunner, DIR, seat_name};
use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics};
use bivouac_engine::flow::At;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::hooks::{self, Command, Hooks, Samples};
use bivouac_engine::log::Log;
use serde_json::{Value, json};
use std::path::PathBuf;

/// The automatic steps hooks may name (`Procedure::step_name`).
pub const STEPS: &[&str] = &["year-start", "union-assault", "port-capture", "goods-and-turn-order", "next-turn", "turn-end", "placement-end"];

impl BlockadeRunner {
    fn hook_view(&self, s: &State) -> Value {
        serde_json::to_value(self.view(s, None)).unwrap_or(Value::Null)
    }

    /// The table `combat_modifier(view, combat)` receives (module docs).
    fn combat_table(&self, s: &State, ship: u8, def: i32, blk: i32, what: &str) -> Value {
        let sh = &s.ships[ship as usize];
        json!({
            "kind": "evasion",
            "ship": self.c.ships[ship as usize].name,
            "owner": sh.owner.map(seat_name),
            "running": what,
            "speed": self.speed(s, ship),
            "defense": def,
            "blockade": blk,
            "loaded": sh.load() > 0,
            "year": s.year,
        })
    }

    /// BR 3.6: the scenario's modifiers to an evasion roll's target, each logged publicly
    /// with its rule (the ship, the zone and its cargo's presence are on the board).
    pub(super) fn hooked_evasion(&self, s: &State, ship: u8, def: i32, blk: i32, what: &str, log: &mut Log) -> i32 {
        if !self.hooks.modifies_combat() {
            return 0;
        }
        let (m, lines) = self.hooks.combat_modifier(&self.hook_view(s), &self.combat_table(s, ship, def, blk, what));
        for line in lines {
            log.info(|| format!("{line} (evasion target)"));
        }
        m as i32
    }

    fn victory_check(&self, s: &State) -> Value {
        json!({"point": "year-end", "year": s.year, "last_year": s.year >= self.c.last_year})
    }

    /// BR 3.0: the scenario's victory hooks at the end of a year; whether one ended the game.
    pub(super) fn hooked_victory(&self, s: &mut State, log: &mut Log) -> bool {
        if !self.hooks.checks_victory() {
            return false;
        }
        let seats: Vec<String> = (0..s.n).map(seat_name).collect();
        let seats: Vec<&str> = seats.iter().map(String::as_str).collect();
        if let Some((winner, why)) = self.hooks.decided(&self.hook_view(s), &self.victory_check(s), &seats, log) {
            log.info(|| why.clone());
            s.over = true;
            s.hook_victory = Some((winner.map(|w| w as u8), why));
            return true;
        }
        false
    }

    /// The hooks around an automatic step: public log lines, from the spectator's view.
    pub(super) fn hooks_at_step(&self, s: &mut State, at: At, step: &'static str, log: &mut Log) {
        if !self.hooks.listens(at, step) {
            return;
        }
        for cmd in self.hooks.at_step(at, step, &self.hook_view(s)) {
            let text = match cmd {
                Command::Log(text) => text,
                Command::Game(v) => format!("a rule's hook returned a command Blockade Runner does not know: {v}"),
            };
            log.info(|| text);
        }
    }
}

/// Read `hooks.toml` and dry-run every rule on the opening position of a four-player game: an
/// evasion roll of the first ship and the end-of-year check.
pub(super) fn load(layers: &[PathBuf], game: &BlockadeRunner) -> Result<Hooks, Diagnostics> {
    let set = ContentSet::open(layers, DIR)?;
    let rules = hooks::load(&set, &["standard"], STEPS)?;
    let h = Hooks::for_scenario(&rules, "standard");
    if h.is_empty() {
        return Ok(h);
    }
    let mut errs = Diagnostics::default();
    match game.setup(&Setup::new("standard", 4, 1)) {
        Ok(s) => {
            let view = game.hook_view(&s);
            let samples = Samples {
                game: "Blockade Runner".into(),
                combats: if s.ships.is_empty() { Vec::new() } else { vec![game.combat_table(&s, 0, 2, 1, "into a blockaded port")] },
                checks: vec![game.victory_check(&s)],
                seats: (0..s.n).map(seat_name).collect(),
                ..Samples::default()
            };
            for d in hooks::dry_run_scenario(&rules, "standard", &view, &samples) {
                errs.push(d);
            }
        }
        Err(e) => errs.push(Diagnostic { file: format!("{}/game.toml", set.game_dir()), line: 1, col: 1, found: String::new(), message: format!("standard: {e}") }),
    }
    errs.into_result(h)
}
