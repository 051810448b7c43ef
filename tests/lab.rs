//! The balance lab through the command line: `bivouac sim` (intervals, `--variant`) and
//! `bivouac bench`, on Blockade Runner's built-in content.

use std::path::PathBuf;
use std::process::Command;

fn bivouac(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bivouac")).args(args).output().expect("bivouac runs");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn content() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content")
}

const SIM: &[&str] = &["sim", "--game", "blockade-runner", "--scenario", "standard", "--players", "3", "--games", "60", "--seed", "4"];

#[test]
fn sim_json_keeps_its_fields_and_adds_intervals() {
    let c = content();
    let mut args = vec!["--content", c.to_str().unwrap()];
    args.extend_from_slice(SIM);
    args.push("--json");
    let (code, out, err) = bivouac(&args);
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    for key in ["wins", "unfinished", "mean_length", "median_length", "actions_per_second", "draws", "reasons"] {
        assert!(!r[key].is_null(), "missing {key}");
    }
    assert_eq!(r["games"], 60);
    assert_eq!(r["win_rate"].as_array().unwrap().len(), 3);
    assert!(r["win_rate"][0]["low"].as_f64().unwrap() <= r["win_rate"][0]["high"].as_f64().unwrap());
    assert!(r["length_histogram"].as_array().is_some_and(|h| !h.is_empty()));
    assert_eq!(r["mean_scores"].as_array().unwrap().len(), 3);
}

#[test]
fn sim_with_an_identical_variant_shows_no_change() {
    let c = content();
    let dir = std::env::temp_dir().join(format!("bivouac-lab-same-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("blockade-runner")).unwrap();
    std::fs::copy(c.join("blockade-runner/game.toml"), dir.join("blockade-runner/game.toml")).unwrap();
    let mut args = vec!["--content", c.to_str().unwrap()];
    args.extend_from_slice(SIM);
    args.extend_from_slice(&["--variant", dir.to_str().unwrap(), "--json"]);
    let (code, out, err) = bivouac(&args);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["paired_games"], 60);
    assert_eq!(r["games_with_other_winners"], 0);
    assert_eq!(r["baseline"]["wins"], r["variant"]["wins"]);
    for s in r["win_rate_change"].as_array().unwrap() {
        assert_eq!(s["change"]["estimate"].as_f64(), Some(0.0), "{s}");
        assert_eq!(s["significant"], false);
    }
}

#[test]
fn sim_refuses_a_variant_that_does_not_load() {
    let c = content();
    let dir = std::env::temp_dir().join(format!("bivouac-lab-bad-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("blockade-runner")).unwrap();
    std::fs::write(dir.join("blockade-runner/game.toml"), "[game]\nid = 7\n").unwrap();
    let mut args = vec!["--content", c.to_str().unwrap()];
    args.extend_from_slice(SIM);
    args.extend_from_slice(&["--variant", dir.to_str().unwrap()]);
    let (code, _, err) = bivouac(&args);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("variant") && err.contains("game.toml"), "{err}");
}

#[test]
fn bench_prints_figures_for_a_game() {
    let c = content();
    let (code, out, err) = bivouac(&["--content", c.to_str().unwrap(), "bench", "--game", "blockade-runner", "--seconds", "0.05", "--json"]);
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    let b = &r[0];
    assert_eq!(b["game"], "blockade-runner");
    assert!(b["games"].as_u64().unwrap() >= 1 && b["state_size_of"].as_u64().unwrap() > 0 && b["state_json_bytes_initial"].as_u64().unwrap() > 0);
    assert!(b["search_iterations"].as_u64().unwrap() > 0 && b["search_iterations_per_second"].as_f64().unwrap() > 0.0);
}

#[test]
fn sim_seats_any_agent_and_draws_a_chart() {
    let c = content();
    let svg = std::env::temp_dir().join(format!("bivouac-lab-{}.svg", std::process::id()));
    let args = [
        "--content", c.to_str().unwrap(), "sim", "--game", "blockade-runner", "--scenario", "standard", "--players", "2", "--games", "2",
        "--seed", "3", "--ai", "heuristic,mcts:8", "--chart", svg.to_str().unwrap(), "--json",
    ];
    let (code, out, err) = bivouac(&args);
    let chart = std::fs::read_to_string(&svg).unwrap_or_default();
    std::fs::remove_file(&svg).ok();
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["agents"], serde_json::json!(["heuristic", "mcts:8"]));
    assert_eq!(r["decision_ms_mean"].as_array().unwrap().len(), 2);
    assert!(chart.starts_with("<svg") && chart.trim_end().ends_with("</svg>") && chart.contains("p1 (heuristic)"), "{chart}");
    // The same seeds give the same games: the agents are deterministic for a seed.
    let (_, again, _) = bivouac(&args);
    let r2: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!(r["wins"], r2["wins"]);
    assert_eq!(r["mean_length"], r2["mean_length"]);
}

#[test]
fn strength_puts_the_measured_agent_in_every_seat() {
    let c = content();
    let (code, out, err) = bivouac(&[
        "--content", c.to_str().unwrap(), "strength", "--game", "blockade-runner", "--scenario", "standard", "--players", "3", "--games", "3",
        "--a", "heuristic", "--b", "random", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let r: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(r["seats"].as_array().unwrap().len(), 3);
    assert_eq!(r["games"], 9);
    assert_eq!(r["a"], "heuristic");
    assert!(r["win_rate"]["low"].as_f64().unwrap() <= r["win_rate"]["estimate"].as_f64().unwrap());
}

#[test]
fn sim_refuses_an_unknown_agent() {
    let c = content();
    let mut args = vec!["--content", c.to_str().unwrap()];
    args.extend_from_slice(SIM);
    args.extend_from_slice(&["--ai", "genius"]);
    let (code, _, err) = bivouac(&args);
    assert_eq!(code, 2);
    assert!(err.contains("genius") && err.contains("heuristic"), "{err}");
}

/// The measured strength in docs/ai-strength.md, in small: the heuristic agent beats random
/// players in most games of each game (deterministic seeds, so this is a fixed result).
#[test]
fn the_heuristic_agent_beats_random_players() {
    let c = content();
    for (game, scenario, players) in [("blockade-runner", "standard", "2"), ("gcacw", "cedar-mountain", "2"), ("bobby-lee", "1861", "2")] {
        let (code, out, err) = bivouac(&[
            "--content", c.to_str().unwrap(), "strength", "--game", game, "--scenario", scenario, "--players", players, "--games", "6",
            "--a", "heuristic", "--b", "random", "--json",
        ]);
        assert_eq!(code, 0, "{game}: {err}");
        let r: serde_json::Value = serde_json::from_str(&out).unwrap();
        let rate = r["win_rate"]["estimate"].as_f64().unwrap();
        assert!(rate >= 0.75, "{game}: the heuristic won only {:.0}% against random players", 100.0 * rate);
    }
}
