//! The example mods under `examples/mods/` pass what `bivouac validate DIR` checks (the mod
//! folder's layout, then every game loaded over the built-in content, hooks dry-run), and a
//! broken hook is reported naming its file. The example rules are modders' variants, each
//! attached to a step of the game's sequence of play (FtP 3, BL 4.1, BR 3.0, GCACW 3.0).

use crate::{builtin_content_dir, game_folders, load_catalog};
use bivouac_engine::mod_folder;
use std::path::PathBuf;

fn examples() -> Vec<PathBuf> {
    let dir = builtin_content_dir().join("..").join("examples").join("mods");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir).expect("examples/mods").filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_dir()).collect();
    v.sort();
    v
}

#[test]
fn every_example_mod_validates() {
    let mods = examples();
    assert!(mods.len() >= 2, "{mods:?}");
    for m in mods {
        mod_folder::check(&m, false, &game_folders()).unwrap_or_else(|e| panic!("{e}"));
        let catalog = load_catalog(&[builtin_content_dir(), m.clone()]);
        assert!(catalog.errors.is_empty(), "{}: {:?}", m.display(), catalog.errors);
        assert_eq!(catalog.games.len(), 4, "{}", m.display());
    }
}

#[test]
fn a_hook_that_loops_or_fails_is_reported_at_validate_naming_its_file() {
    for (i, lua) in ["function forbid(view, action)\n  while true do end\nend\n", "function forbid(view, action)\n  return view.no.such\nend\n"].iter().enumerate() {
        let root = std::env::temp_dir().join(format!("bivouac-example-mods-{}-{i}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let game = root.join("gcacw");
        std::fs::create_dir_all(game.join("hooks")).unwrap();
        std::fs::write(game.join("hooks/broken.lua"), lua).unwrap();
        std::fs::write(game.join("hooks.toml"), "[[rule]]\nid = \"broken\"\nscenarios = [\"*\"]\nscript = \"hooks/broken.lua\"\nforbid = true\n").unwrap();
        let catalog = load_catalog(&[builtin_content_dir(), root.clone()]);
        let _ = std::fs::remove_dir_all(&root);
        let text: String = catalog.errors.iter().map(|(g, d)| format!("{g}: {d}\n")).collect();
        assert!(text.contains("gcacw") && text.contains("broken.lua"), "case {i}: {text}");
        if i == 0 {
            assert!(text.contains("instruction budget"), "{text}");
        } else {
            assert!(text.contains("broken.lua:2"), "{text}");
        }
    }
}

/// The modding guide's worked examples (`content/README.md`) are the example mods' files
/// exactly, so the examples CI validates and plays are the ones documented; and between them they
/// define every kind of hook.
#[test]
fn the_guides_worked_examples_are_the_example_mods_and_cover_every_hook() {
    let root = builtin_content_dir().join("..");
    let guide = std::fs::read_to_string(builtin_content_dir().join("README.md")).unwrap();
    let mut lua = String::new();
    let mut documented = 0;
    let mut lines = guide.lines();
    while let Some(line) = lines.next() {
        if !(line == "```lua" || line == "```toml") {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let Some(path) = block.first().and_then(|l| l.strip_prefix("-- file: ").or_else(|| l.strip_prefix("# file: "))) else { continue };
        assert!(path.starts_with("examples/mods/"), "{path}");
        let file = std::fs::read_to_string(root.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(block[1..].join("\n"), file.trim_end(), "the guide's copy of {path} differs from the file");
        if path.ends_with(".lua") {
            lua.push_str(&file);
        }
        documented += 1;
    }
    assert!(documented >= 6, "{documented} worked examples");
    for kind in ["forbid", "on_step_start", "on_step_end", "combat_modifier", "movement_cost", "victory"] {
        assert!(lua.contains(&format!("function {kind}(")), "no worked example of {kind}");
        assert!(guide.contains(&format!("`{kind}(")), "the guide does not document {kind}");
    }
}

/// The leak check over every example mod's game with the mod laid over the content: a hook's
/// log line (a modifier's reason, a step's note) is public, so it must tell no seat what it may
/// not see (`bivouac_engine::leak`); and the fuzzer's other checks hold with the hooks in play.
#[test]
fn example_mods_leak_nothing_and_fuzz_clean() {
    use bivouac_engine::fuzz::FuzzConfig;
    use bivouac_engine::game::Setup;
    for (m, game, scenario, players) in
        [("bobby-lee-stonewall", "bobby-lee", "1862", 2), ("gcacw-high-water", "gcacw", "cedar-mountain", 2), ("ftp-war-weariness", "for-the-people", "1861", 2), ("blockade-runner-cruisers", "blockade-runner", "standard", 3)]
    {
        let dir = builtin_content_dir().join("..").join("examples").join("mods").join(m);
        let catalog = load_catalog(&[builtin_content_dir(), dir]);
        let g = catalog.game(game).unwrap_or_else(|| panic!("{m}: {:?}", catalog.errors));
        let cfg = FuzzConfig { setup: Setup::new(scenario, players, 23), games: 2, deep_check_every: 500, leak_check_every: 60 };
        let r = g.fuzz(&cfg).expect("setup");
        assert!(r.failures.is_empty(), "{m}: {:?}", r.failures.first().map(|f| (&f.kind, &f.message, &f.recent)));
        assert!(r.actions > 0, "{m}");
    }
}
