//! The example mods under `examples/mods/` pass what `bivouac validate DIR` checks (the mod
//! folder's layout, then every game loaded over the built-in content, hooks dry-run), and a
//! broken hook is reported naming its file.

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
