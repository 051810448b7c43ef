//! Hostile and careless input through the program: mods that once hung `validate` or were taken
//! silently (`tests/hostile/`, symbolic-link traps), saves raced by two writers, a closed pipe,
//! an existing file under `new -o`, and a stray `content/` folder where the user stands.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn exe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bivouac"))
}

/// Runs `cmd`, killing it past `limit`: (exit code, stdout, stderr, how long it took).
fn run_within(mut cmd: Command, limit: Duration) -> (Option<i32>, String, String, Duration) {
    let start = Instant::now();
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("bivouac runs");
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err.read_to_string(&mut s);
        s
    });
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status.code(), reader.join().unwrap(), err_reader.join().unwrap(), start.elapsed());
        }
        if start.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            panic!("{cmd:?} still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bivouac-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The file each hostile mod must be blamed on.
fn culprit(dir: &Path) -> String {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                found.push(p);
            }
        }
    }
    let lua = found.iter().find(|p| p.extension().is_some_and(|e| e == "lua"));
    let file = lua.or(found.first()).expect("a file");
    file.strip_prefix(dir).unwrap().components().skip(1).map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/")
}

#[test]
fn every_hostile_mod_fails_validate_within_seconds_naming_its_file() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let mut mods: Vec<PathBuf> = std::fs::read_dir(&root).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    mods.sort();
    assert!(mods.len() >= 10, "{mods:?}");
    for m in mods {
        let mut cmd = exe();
        cmd.arg("validate").arg(&m);
        let (code, _, err, took) = run_within(cmd, Duration::from_secs(60));
        let file = culprit(&m);
        assert_eq!(code, Some(2), "{}: {err}", m.display());
        assert!(err.contains(&file), "{}: the error does not name {file}:\n{err}", m.display());
        assert!(!err.contains("panicked"), "{err}");
        assert!(took < Duration::from_secs(20), "{}: {took:?}", m.display());
    }
}

#[cfg(unix)]
#[test]
fn symbolic_links_and_devices_in_a_mod_are_refused_at_once() {
    use std::os::unix::fs::symlink;
    // Three links to `.`: the walk once followed them round and round.
    let loops = temp("loops");
    let game = loops.join("blockade-runner");
    std::fs::create_dir_all(&game).unwrap();
    for n in ["a", "b", "c"] {
        symlink(".", game.join(n)).unwrap();
    }
    // A `.toml` that reads without end.
    let zero = temp("zero");
    std::fs::create_dir_all(zero.join("blockade-runner")).unwrap();
    symlink("/dev/zero", zero.join("blockade-runner/cards.toml")).unwrap();
    for m in [&loops, &zero] {
        let mut cmd = exe();
        cmd.arg("validate").arg(m);
        let (code, _, err, took) = run_within(cmd, Duration::from_secs(60));
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains("symbolic link"), "{err}");
        assert!(took < Duration::from_secs(20), "{took:?}");
        std::fs::remove_dir_all(m).ok();
    }
}

/// A new Blockade Runner game saved at `path`; the first legal action's text.
fn new_game(path: &Path) -> String {
    let out = exe().args(["new", "--game", "blockade-runner", "--scenario", "standard", "--players", "3", "-o"]).arg(path).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    first_action(path)
}

fn first_action(path: &Path) -> String {
    let out = exe().arg("actions").arg(path).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = text.lines().next().unwrap_or_else(|| panic!("no action listed: {text}"));
    line.split_once(": ").map(|(_, a)| a.to_string()).unwrap()
}

fn logged(path: &Path) -> usize {
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["actions"].as_array().unwrap().len()
}

#[test]
fn new_refuses_to_overwrite_an_existing_file_unless_forced() {
    let dir = temp("new");
    let save = dir.join("game.json");
    std::fs::write(&save, "my precious game").unwrap();
    let out = exe().args(["new", "--game", "blockade-runner", "--scenario", "standard", "--players", "3", "-o"]).arg(&save).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(std::fs::read_to_string(&save).unwrap(), "my precious game");
    let out = exe().args(["new", "--game", "blockade-runner", "--scenario", "standard", "--players", "3", "--force", "-o"]).arg(&save).output().unwrap();
    assert!(out.status.success());
    assert_eq!(logged(&save), 0);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_save_held_by_another_writer_is_refused_and_left_untouched() {
    let dir = temp("held");
    let save = dir.join("game.json");
    let action = new_game(&save);
    let before = std::fs::read_to_string(&save).unwrap();
    let held = bivouac_engine::save::SaveLock::acquire(&save).unwrap();
    let out = exe().arg("do").arg(&save).arg(&action).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("being changed by another bivouac command"), "{err}");
    assert_eq!(std::fs::read_to_string(&save).unwrap(), before);
    drop(held);
    let out = exe().arg("do").arg(&save).arg(&action).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(logged(&save) >= 1);
    // No temporary file is left beside the save.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left.len(), 1, "{left:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// Two `do` on one save at once, many times: every move reported played is in the save (none
/// lost to the race), and a refused one says why.
#[test]
fn racing_writers_never_lose_a_move() {
    let dir = temp("race");
    let save = dir.join("game.json");
    for round in 0..12 {
        let _ = std::fs::remove_file(&save);
        let action = new_game(&save);
        let before = logged(&save);
        let children: Vec<_> = (0..2).map(|_| exe().arg("do").arg(&save).arg(&action).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap()).collect();
        let mut played = 0;
        for c in children {
            let out = c.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            match out.status.code() {
                Some(0) => played += 1,
                Some(1) => assert!(err.contains("refused"), "{err}"),
                Some(2) => assert!(err.contains("being changed by another bivouac command"), "{err}"),
                other => panic!("round {round}: exit {other:?}: {err}"),
            }
        }
        assert!(played >= 1, "round {round}: no writer played");
        // Each played move adds its action (and any AI moves after it) to the log.
        let after = logged(&save);
        assert!(after >= before + played, "round {round}: {played} moves played, log {before} -> {after}");
        if played == 2 {
            assert!(after >= before + 2);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_output_quietly_after_the_move_is_saved() {
    let dir = temp("pipe");
    let save = dir.join("game.json");
    let action = new_game(&save);
    // `bivouac actions SAVE | head -0`: the reader is gone before anything is written.
    let mut child = exe().arg("actions").arg(&save).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked") && err.is_empty(), "{err}");
    // `bivouac do SAVE ACTION | head -0`: the move is saved before the first line is printed.
    let mut child = exe().arg("do").arg(&save).arg(&action).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked") && err.is_empty(), "{err}");
    assert!(logged(&save) >= 1, "the move was lost");
    std::fs::remove_dir_all(&dir).ok();
}

/// The rules come from the program, not from a `content/` folder where the user stands.
#[test]
fn a_content_folder_in_the_current_directory_changes_nothing() {
    let dir = temp("cwd");
    std::fs::create_dir_all(dir.join("content/blockade-runner")).unwrap();
    std::fs::write(dir.join("content/blockade-runner/game.toml"), "this is not the game").unwrap();
    let out = exe().arg("list").current_dir(&dir).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("blockade-runner standard"), "{text}");
    assert!(String::from_utf8_lossy(&out.stderr).is_empty());
    std::fs::remove_dir_all(&dir).ok();
}

/// Many programs started at once on a fresh machine all find the built-in content, laid out
/// once in the user's cache; an altered copy there is replaced, never used.
#[test]
fn programs_started_together_all_find_the_built_in_content() {
    let dir = temp("cache");
    let children: Vec<_> = (0..8).map(|_| exe().arg("list").env("XDG_CACHE_HOME", &dir).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap()).collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stdout).contains("blockade-runner standard"));
    }
    // Altered by hand: the next start lays out the embedded files again.
    let laid: Vec<PathBuf> = std::fs::read_dir(dir.join("bivouac")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(laid.len(), 1, "one folder, no leftovers: {laid:?}");
    let game = laid[0].join("blockade-runner/game.toml");
    std::fs::write(&game, "this is not the game").unwrap();
    let out = exe().arg("list").env("XDG_CACHE_HOME", &dir).output().unwrap();
    assert!(out.status.success() && String::from_utf8_lossy(&out.stdout).contains("blockade-runner standard"), "{}", String::from_utf8_lossy(&out.stderr));
    assert_ne!(std::fs::read_to_string(&game).unwrap(), "this is not the game");
    std::fs::remove_dir_all(&dir).ok();
}
