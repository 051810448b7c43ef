//! Scripted action cards (BR 3.5.4): a modder's card whose effect is a Lua function.
//!
//! A card with `effect = "script"` names a Lua file (`script = "cards/smuggler.lua"`, relative to
//! the game folder) and what it is played on (`target = "none" | "port" | "ship"`). When the card
//! is played, the engine calls the script's global `play(view)` in the sandboxed host
//! ([`bivouac_engine::lua`]) and applies the commands it returns. The view holds only public facts
//! (money is public, L295) and the play's target; the script keeps no state between calls.
//!
//! ```lua
//! -- view = { seat = "p1", year = 1862, target = "wilmington" (a port id, a ship id, or nil),
//! --          players = { {seat = "p1", money = 8}, ... },
//! --          ports = { wilmington = {blockade = 1, defense = 3, captured = false}, ... } }
//! function play(view)
//!   return { {money = 2}, {blockade = {port = view.target, change = -1}} }
//! end
//! ```
//! Commands: `{money = N}` (the bank pays the player N k$, 0 <= N <= 50), `{evasion = N}` (the player's
//! evasion bonus for the rest of the year, as the "evasion" effect), `{blockade = {port, change}}`
//! and `{defense = {port, change}}` (as the "blockade" and "defense" effects, on any
//! uncaptured Confederate port). Every script is dry-run once at load, so a broken or hostile
//! script is reported before a game starts; a failure during play refuses the card and leaves
//! the game untouched.

use super::data::{Content, LocKind, MAX_CARD_MONEY};
use super::state::State;
use bivouac_engine::lua::{LuaError, LuaHost, Script};
use serde::Deserialize;
use serde_json::{Value, json};

/// What a scripted card is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptTarget {
    None,
    Port,
    Ship,
}

impl ScriptTarget {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "none" => Some(ScriptTarget::None),
            "port" => Some(ScriptTarget::Port),
            "ship" => Some(ScriptTarget::Ship),
            _ => None,
        }
    }
}

/// One command as a script returns it.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase", deny_unknown_fields)]
enum Returned {
    Money(i32),
    Evasion(u8),
    Blockade(PortChange),
    Defense(PortChange),
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
struct PortChange {
    port: String,
    change: i32,
}

/// One effect of an action card (data-driven or scripted), ports resolved to their index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Money(i32),
    Evasion(u8),
    Blockade(u8, i32),
    Defense(u8, i32),
}

impl Command {
    /// For the log: `+$2,000`, `Wilmington blockade -1`...
    pub fn describe(&self, c: &Content) -> String {
        match *self {
            Command::Money(n) => format!("the bank pays ${n},000"),
            Command::Evasion(n) => format!("+{n} to evasion rolls for the rest of the year"),
            Command::Blockade(z, d) => format!("{} blockade {d:+}", c.locs[z as usize].name),
            Command::Defense(z, d) => format!("{} defense {d:+}", c.locs[z as usize].name),
        }
    }
}

/// The view a script receives: public facts plus the play's seat and target.
pub fn view(c: &Content, s: &State, seat: u8, target: Option<&str>) -> Value {
    let money: Vec<i32> = s.players.iter().map(|p| p.money).collect();
    let ports = (0..c.n_zones).map(|z| (z, s.locs[z].blockade, s.locs[z].defense, s.locs[z].captured));
    view_of(c, seat, s.year, target, &money, ports)
}

fn view_of(c: &Content, seat: u8, year: u16, target: Option<&str>, money: &[i32], ports: impl Iterator<Item = (usize, u8, u8, bool)>) -> Value {
    let players: Vec<Value> = money.iter().enumerate().map(|(p, m)| json!({"seat": format!("p{}", p + 1), "money": m})).collect();
    let ports: serde_json::Map<String, Value> = ports
        .filter(|&(z, ..)| c.locs[z].kind == LocKind::Confederate)
        .map(|(z, blockade, defense, captured)| (c.locs[z].id.clone(), json!({"blockade": blockade, "defense": defense, "captured": captured})))
        .collect();
    json!({"seat": format!("p{}", seat + 1), "year": year, "target": target, "players": players, "ports": ports})
}

/// Load-time check: `play` on the opening position (printed defenses, no blockade, the first
/// setup's money, a first possible target) must return valid commands within the sandbox limits.
pub fn dry_run(c: &Content, script: &Script, target: ScriptTarget) -> Result<(), LuaError> {
    let port = (0..c.n_zones).find(|&z| c.locs[z].kind == LocKind::Confederate).map(|z| c.locs[z].id.as_str());
    let target = match target {
        ScriptTarget::None => None,
        ScriptTarget::Port => port,
        ScriptTarget::Ship => c.ships.first().map(|d| d.id.as_str()),
    };
    let setup = c.setups.first();
    let money = vec![setup.map_or(0, |r| r.money); setup.map_or(2, |r| r.players as usize)];
    let ports = (0..c.n_zones).map(|z| (z, 0, c.locs[z].defense, false));
    run(c, script, &view_of(c, 0, c.first_year, target, &money, ports)).map(|_| ())
}

/// Run the card's `play` and check every command it returns.
pub fn run(c: &Content, script: &Script, view: &Value) -> Result<Vec<Command>, LuaError> {
    let returned: Vec<Returned> = LuaHost::default().call_as(script, "play", view)?;
    let bad = |message: String| LuaError { script: script.name.clone(), line: None, message };
    returned
        .into_iter()
        .map(|cmd| {
            let port = |p: &PortChange| match c.loc_index.get(&p.port) {
                Some(z) if c.locs[z as usize].kind == LocKind::Confederate => Ok(z),
                _ => Err(bad(format!("`{}` is not a Confederate port id", p.port))),
            };
            Ok(match cmd {
                // BR 3.5.4: the bank pays, at most as much as a money card may (data.rs).
                Returned::Money(n) if !(0..=MAX_CARD_MONEY).contains(&n) => {
                    return Err(bad(format!("money must be 0 to {MAX_CARD_MONEY} (thousands), got {n}")));
                }
                Returned::Money(n) => Command::Money(n),
                Returned::Evasion(n) => Command::Evasion(n),
                Returned::Blockade(p) => Command::Blockade(port(&p)?, p.change),
                Returned::Defense(p) => Command::Defense(port(&p)?, p.change),
            })
        })
        .collect()
}
