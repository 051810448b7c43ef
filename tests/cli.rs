//! The command line as a user drives it: what `actions` prints is what `do` accepts.

use std::path::PathBuf;
use std::process::Command;

fn bivouac(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bivouac")).args(args).output().expect("bivouac runs");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bivouac-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// In every game, a line of `actions` pasted into `do` as printed ("usa: bid 0") is played
/// by the seat it names, also where several seats owe a decision at once (Bobby Lee's bids).
#[test]
fn a_line_of_actions_is_accepted_by_do_as_printed() {
    let dir = temp("paste");
    for (game, scenario) in [("for-the-people", "1861"), ("bobby-lee", "1861"), ("blockade-runner", "standard"), ("gcacw", "cedar-mountain")] {
        let save = dir.join(format!("{game}.json"));
        let save = save.to_str().unwrap();
        let (ok, _, err) = bivouac(&["new", "--game", game, "--scenario", scenario, "-o", save]);
        assert!(ok, "{err}");
        for _ in 0..4 {
            let (ok, listed, err) = bivouac(&["actions", save]);
            assert!(ok, "{err}");
            let Some(line) = listed.lines().last() else { break };
            let (ok, _, err) = bivouac(&["do", save, line]);
            assert!(ok, "{game}: `do {line}` refused: {err}");
        }
    }
    // A seat name that is not the game's is not taken for one: the text is refused whole.
    let save = dir.join("bobby-lee.json");
    let (ok, _, err) = bivouac(&["do", save.to_str().unwrap(), "--seat", "usa", "rebels: bid 0"]);
    assert!(!ok && err.contains("refused"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `new` needs only the game where it has one scenario, and picks a new seed each time,
/// printed so the same game can be dealt again with `--seed`.
#[test]
fn new_needs_only_the_game_and_prints_the_seed_it_chose() {
    let dir = temp("new-defaults");
    let first = dir.join("a.json");
    let (ok, out, err) = bivouac(&["new", "--game", "blockade-runner", "-o", first.to_str().unwrap()]);
    assert!(ok, "{err}");
    let seed = out.split("seed ").nth(1).and_then(|t| t.split(':').next()).expect("the seed is printed").to_string();
    let again = dir.join("b.json");
    let (ok, _, err) = bivouac(&["new", "--game", "blockade-runner", "--seed", &seed, "-o", again.to_str().unwrap()]);
    assert!(ok, "{err}");
    let hash = |p: &PathBuf| bivouac(&["replay", p.to_str().unwrap()]).1;
    assert_eq!(hash(&first), hash(&again), "the printed seed deals the same game");
    // A game with several scenarios asks which, naming them.
    let (ok, _, err) = bivouac(&["new", "--game", "for-the-people", "-o", dir.join("c.json").to_str().unwrap()]);
    assert!(!ok && err.contains("--scenario") && err.contains("1861") && err.contains("campaign"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `list --game` tells a player how many can play each scenario and which options it takes.
#[test]
fn list_for_one_game_names_players_and_options() {
    let (ok, out, err) = bivouac(&["list", "--game", "gcacw"]);
    assert!(ok, "{err}");
    assert!(out.contains("gcacw cedar-mountain") && out.contains("players: 1-2 (default 2)"), "{out}");
    assert!(out.contains("--option limited-intelligence=off|on  (default off)"), "{out}");
    assert!(!out.contains("for-the-people"), "{out}");
    let (ok, _, err) = bivouac(&["list", "--game", "chess"]);
    assert!(!ok && err.contains("unknown game"), "{err}");
}

/// `log` reads back what happened as a seat may read it: its last step is what `do` printed.
#[test]
fn log_shows_a_seat_the_steps_as_do_printed_them() {
    let dir = temp("log");
    let save = dir.join("bl.json");
    let save = save.to_str().unwrap();
    let (ok, _, err) = bivouac(&["new", "--game", "bobby-lee", "--scenario", "1863", "--seed", "5", "-o", save]);
    assert!(ok, "{err}");
    let (_, listed, _) = bivouac(&["actions", save, "--seat", "usa"]);
    let line = listed.lines().last().expect("usa has an action");
    let (ok, printed, err) = bivouac(&["do", save, line]);
    assert!(ok, "{err}");
    let (ok, logged, err) = bivouac(&["log", save, "--seat", "usa", "--last", "1"]);
    assert!(ok, "{err}");
    assert_eq!(logged, printed);
    std::fs::remove_dir_all(&dir).ok();
}

/// A save played with other content (an older Bivouac, other mods) still loads and plays on
/// when every action replays, with a note saying so; once played, it is saved with this content.
#[test]
fn a_save_from_other_content_replays_with_a_note() {
    let dir = temp("other-content");
    let save = dir.join("br.json");
    let save = save.to_str().unwrap();
    let (ok, _, err) = bivouac(&["new", "--game", "blockade-runner", "--seed", "7", "-o", save]);
    assert!(ok, "{err}");
    let text = std::fs::read_to_string(save).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let hash = json["content_hash"].as_str().expect("the save names its content").to_string();
    std::fs::write(save, text.replace(&hash, "an-older-content")).unwrap();
    let (ok, shown, err) = bivouac(&["show", save]);
    assert!(ok, "{err}");
    assert!(!shown.is_empty() && err.contains("other rules content"), "{err}");
    let (ok, listed, err) = bivouac(&["actions", save]);
    assert!(ok, "{err}");
    let line = listed.lines().last().expect("an action to play");
    let (ok, _, err) = bivouac(&["do", save, line]);
    assert!(ok, "{err}");
    let (ok, _, err) = bivouac(&["show", save]);
    assert!(ok && !err.contains("other rules content"), "saved again with this content: {err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A folder given as a mod that holds nothing loadable is an error naming it, never "ok".
#[test]
fn a_mod_folder_that_holds_nothing_loadable_is_refused() {
    let dir = temp("no-op-mods");
    let missing = dir.join("no-such-mod");
    let (ok, out, err) = bivouac(&["validate", missing.to_str().unwrap()]);
    assert!(!ok && out.is_empty() && err.contains("no-such-mod: no such mod folder"), "{out}{err}");
    let (ok, _, err) = bivouac(&["--mod", missing.to_str().unwrap(), "list"]);
    assert!(!ok && err.contains("no such mod folder"), "{err}");
    let misspelt = dir.join("misspelt");
    std::fs::create_dir_all(misspelt.join("bobby_lee")).unwrap();
    let (ok, _, err) = bivouac(&["validate", misspelt.to_str().unwrap()]);
    assert!(!ok && err.contains("did you mean `bobby-lee`"), "{err}");
    let save = dir.join("g.json");
    let (ok, _, err) = bivouac(&["new", "--game", "gcacw", "--mod", misspelt.to_str().unwrap(), "-o", save.to_str().unwrap()]);
    assert!(!ok && !save.exists() && err.contains("bobby_lee"), "{err}");
    let (ok, _, err) = bivouac(&["--content", missing.to_str().unwrap(), "list"]);
    assert!(!ok && err.contains("no such content folder"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
