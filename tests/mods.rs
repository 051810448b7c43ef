//! The example mods under `examples/mods/` as a modder runs them: `validate`, a batch of AI
//! games with the mod laid over the content, and the balance lab's `--variant` comparison.

use std::path::PathBuf;
use std::process::Command;

fn bivouac(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bivouac")).args(args).output().expect("bivouac runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/mods").join(name).to_str().unwrap().to_string()
}

/// Each example mod: its folder, the game and a scenario it applies to.
const EXAMPLES: &[(&str, &str, &str)] = &[
    ("gcacw-rapidan", "gcacw", "cedar-mountain"),
    ("gcacw-high-water", "gcacw", "cedar-mountain"),
    ("bobby-lee-1861", "bobby-lee", "1861"),
    ("bobby-lee-stonewall", "bobby-lee", "1862"),
    ("ftp-war-weariness", "for-the-people", "1861"),
    ("blockade-runner-cruisers", "blockade-runner", "standard"),
];

#[test]
fn every_example_mod_is_listed_here() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/mods");
    let mut found: Vec<String> = std::fs::read_dir(dir).unwrap().filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    found.sort();
    let mut listed: Vec<String> = EXAMPLES.iter().map(|(m, _, _)| m.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed, "add the new example mod to EXAMPLES so CI runs it");
}

#[test]
fn every_example_mod_validates() {
    for (m, _, _) in EXAMPLES {
        let (ok, out, err) = bivouac(&["validate", &example(m)]);
        assert!(ok, "{m}: {out}{err}");
    }
}

#[test]
fn every_example_mod_plays_ai_games_and_compares_with_the_base() {
    for (m, game, scenario) in EXAMPLES {
        let dir = example(m);
        let (ok, out, err) = bivouac(&["--mod", &dir, "sim", "--game", game, "--scenario", scenario, "--games", "4", "--seed", "7"]);
        assert!(ok, "{m}: sim: {out}{err}");
        let (ok, out, err) = bivouac(&["sim", "--game", game, "--scenario", scenario, "--games", "4", "--seed", "7", "--variant", &dir]);
        assert!(ok, "{m}: sim --variant: {out}{err}");
        assert!(!out.trim().is_empty(), "{m}: the variant report is empty");
    }
}
