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
