//! What coverage-guided fuzzing drives (`fuzz/`, run with `cargo fuzz`), and what the tests
//! replay from its corpus (`fuzz/corpus/TARGET/`, `tests/fuzz_corpus.rs`): each target takes
//! arbitrary bytes and must end with an answer or a clear error, never a panic, a hang or a
//! runaway allocation.
//!
//! * [`content_loader`]: a Blockade Runner mod file (its name picked by the first byte) laid
//!   over the built-in content, then the whole game loaded and checked (scripts dry-run).
//! * [`save_reader`]: a save file read and replayed against the built-in games.
//! * [`notation`]: an action's text parsed and applied by every seat of a new game of each
//!   game (its first byte picks the game).
//! * [`lua_values`]: a value crossing the Lua boundary both ways: JSON given to a script and
//!   returned unchanged, or a Lua expression returned and converted.
//!
//! No rule is decided here: the games apply theirs, and an action they refuse names its section
//! (e.g. BR 3.4, "not possible now"), which is an answer, not a failure.

use crate::{Catalog, builtin_content_dir, load_catalog};
use bivouac_engine::Setup;
use bivouac_engine::lua::{LuaHost, LuaLimits, Script};
use bivouac_engine::save::SaveFile;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The built-in games, loaded once per process.
fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| load_catalog(&[builtin_content_dir()]))
}

/// The Blockade Runner files a mod may bring, by the first byte of the input.
const BR_FILES: [&str; 6] = ["cards.toml", "ships.toml", "map.toml", "game.toml", "charts.toml", "cards/fuzz.lua"];

/// A mod of one Blockade Runner file (`data[0]` picks it; the rest is its text) over the
/// built-in content: loading it gives a game or diagnostics.
pub fn content_loader(data: &[u8]) {
    let Some((&pick, text)) = data.split_first() else { return };
    let root = std::env::temp_dir().join(format!("bivouac-fuzz-content-{}-{:?}", std::process::id(), std::thread::current().id()));
    let dir = root.join(crate::blockade_runner::DIR);
    let _ = std::fs::remove_dir_all(&root);
    let file = dir.join(BR_FILES[pick as usize % BR_FILES.len()]);
    if std::fs::create_dir_all(file.parent().expect("a folder")).is_err() || std::fs::write(&file, text).is_err() {
        return;
    }
    if file.extension().is_some_and(|e| e == "lua") {
        // The script is reached through a card that names it.
        let card = "card = [\n  { id = \"fuzz\", name = \"Fuzz\", count = 1, effect = \"script\", script = \"cards/fuzz.lua\" },\n]\n";
        if std::fs::write(dir.join("cards.toml"), card).is_err() {
            return;
        }
    }
    let layers: Vec<PathBuf> = vec![builtin_content_dir(), root.clone()];
    if let Ok((game, _)) = crate::blockade_runner::BlockadeRunner::load(&layers) {
        // A game that loads must also set up.
        for players in 2..=6 {
            let _ = bivouac_engine::Game::setup(&game, &Setup::new("standard", players, 1));
        }
    }
    let _ = std::fs::remove_dir_all(&root);
}

/// A save: read, then replayed by the game it names.
pub fn save_reader(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(save) = SaveFile::from_json(text) else { return };
    if let Some(game) = catalog().game(&save.game) {
        let _ = game.load(&save);
    }
}

/// An action's text (`data[0]` picks the game) applied by every seat of a new game.
pub fn notation(data: &[u8]) {
    let games = &catalog().games;
    let Some((&pick, text)) = data.split_first() else { return };
    if games.is_empty() {
        return;
    }
    let game = &games[pick as usize % games.len()];
    let Some(sc) = game.scenarios().into_iter().next() else { return };
    let text = String::from_utf8_lossy(text);
    let players = sc.default_players;
    let Ok(mut session) = game.new_session(Setup::new(&sc.id, players, 1)) else { return };
    for seat in 0..session.seat_names().len() as u8 {
        let _ = session.apply_text(seat, &text);
    }
}

/// A value across the Lua boundary: JSON in and back out unchanged, or else a Lua expression
/// returned and converted.
pub fn lua_values(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let host = LuaHost::new(LuaLimits { memory_bytes: 4 << 20, instructions: 200_000 });
    if let Ok(json) = serde_json::from_str::<serde_json::Value>(text) {
        let echo = Script::new("fuzz/echo.lua", "function echo(x) return x end");
        if let Ok(back) = host.call(&echo, "echo", &json) {
            // What comes back converts again to the same value.
            let again = host.call(&echo, "echo", &back);
            assert_eq!(again.as_ref().ok(), Some(&back), "echo of {back} changed");
        }
        return;
    }
    let script = Script::new("fuzz/value.lua", format!("function value(input)\n  return {text}\nend"));
    let _ = host.call(&script, "value", &serde_json::json!({"n": 1, "list": [1, 2, 3], "name": "x"}));
}
