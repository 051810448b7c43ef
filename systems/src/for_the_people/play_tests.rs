//! Rules tests for For the People: setup, the sequence of play, operations, movement, battles,
//! political control, attrition and victory, each citing its rule; and the random-play fuzzer
//! over every scenario. Rule numbers are the Spanish rulebook's.

use super::FtP;
use bivouac_engine::fuzz::{FuzzConfig, fuzz};
use bivouac_engine::game::Setup;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn builtin() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content")
}

pub fn game() -> &'static FtP {
    static G: OnceLock<FtP> = OnceLock::new();
    G.get_or_init(|| FtP::new(super::load_content(&[builtin()]).expect("content loads")).expect("battle table"))
}

const SCENARIOS: [&str; 5] = ["1861", "1862", "1863", "1864", "campaign"];

fn fuzz_n(scenario: &str, games: usize, seed: u64) -> bivouac_engine::fuzz::FuzzReport {
    let cfg = FuzzConfig { setup: Setup::new(scenario, 2, seed), games, deep_check_every: 5 };
    fuzz(game(), &cfg).expect("fuzz setup")
}

#[test]
fn fuzz_sample_every_scenario() {
    for (i, sc) in SCENARIOS.iter().enumerate() {
        let games = if *sc == "campaign" { 4 } else { 10 };
        let r = fuzz_n(sc, games, 1000 * i as u64);
        assert!(r.is_clean(), "{sc}: {:#?}", r.failures.iter().take(2).collect::<Vec<_>>());
        assert_eq!(r.finished, r.games, "{sc}");
    }
}

/// `BIVOUAC_FUZZ_GAMES=2000 cargo test --release -p bivouac-systems for_the_people::play_tests::fuzz_big -- --ignored --nocapture`
#[test]
#[ignore]
fn fuzz_big() {
    let games: usize = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    for (i, sc) in SCENARIOS.iter().enumerate() {
        let r = fuzz_n(sc, games, 50_000 + 100_000 * i as u64);
        println!("for-the-people fuzz: {sc}: {} games, {} finished, {} actions, {:.1}s, {} failures", r.games, r.finished, r.actions, r.seconds, r.failures.len());
        assert!(r.is_clean(), "{sc}: {:#?}", r.failures.iter().take(3).collect::<Vec<_>>());
    }
}
