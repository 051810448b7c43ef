//! Identity and speed of random play (issue 9): the pinned hash proves that speed work keeps
//! the rules (same seed, same listing order, same game); the ignored bench gives the figures.

use super::*;

/// A seeded random game: every listing's actions in order, the chosen action and the final
/// state, hashed. Any change of legal actions, their order, or their effects changes it.
fn random_game_hash(scenario: &str, seed: u64) -> (usize, String) {
    let g = game();
    let mut s = g.setup(&Setup::new(scenario, 2, seed)).expect("setup");
    let mut rng = bivouac_engine::GameRng::new(seed ^ 0x5eed);
    let mut trace = String::new();
    let mut actions = 0;
    while g.outcome(&s).is_none() && actions < 200_000 {
        let act = g.active_seats(&s);
        let seat = act[rng.pick(act.len())];
        let l = g.legal_actions(&s, seat);
        for a in &l {
            trace.push_str(&g.notation(a));
            trace.push(',');
        }
        let a = l[rng.pick(l.len())].clone();
        trace.push_str(&format!("={}|", g.notation(&a)));
        g.apply(&mut s, seat, &a, &mut Log::quiet()).expect("a listed action applies");
        actions += 1;
    }
    trace.push_str(&bivouac_engine::game::state_hash(&s));
    (actions, bivouac_engine::game::state_hash(&trace))
}

#[test]
fn seeded_random_games_are_pinned_issue_9() {
    // Pinned before the speed work of issue 9 (listings, choices and final states of four seeded
    // random games per scenario): caches and faster searches must not change a single action.
    let got: Vec<(String, usize, String)> = ["1861", "1862", "1863", "1864", "campaign"]
        .iter()
        .map(|sc| {
            let games: Vec<(usize, String)> = (1..=4).map(|seed| random_game_hash(sc, seed)).collect();
            let all: String = games.iter().map(|(_, h)| h.as_str()).collect();
            (sc.to_string(), games.iter().map(|(n, _)| n).sum(), bivouac_engine::game::state_hash(&all))
        })
        .collect();
    let expected: [(&str, usize, &str); 5] = [
        ("1861", 833, "aa5f3de0d5ba0a933fe4baaa0dce9859"),
        ("1862", 1058, "195aefd9325e8fa3a70596014ab40a35"),
        ("1863", 1806, "e01a0290f537a2066508410999c891dc"),
        ("1864", 2065, "f3ca02d73d0fe48b873663d96c375004"),
        ("campaign", 2303, "bf01a2ca38429ddee10393aab2b452d4"),
    ];
    for ((sc, n, h), (esc, en, eh)) in got.iter().zip(expected) {
        assert_eq!((sc.as_str(), *n, h.as_str()), (esc, en, eh), "{sc}: a seeded random game changed");
    }
}

/// CPU time of this thread in seconds (Linux `schedstat`): on a loaded machine wall time
/// counts the time other processes hold the core.
fn thread_cpu() -> f64 {
    let t = std::fs::read_to_string("/proc/thread-self/schedstat").unwrap_or_default();
    t.split_whitespace().next().and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0) / 1e9
}

/// Random playouts per scenario timed in CPU time (as `bivouac bench` plays them: seeds 1, 2,
/// ..., the engine's random agent), then `bivouac bench` (wall time) for the clone and listing
/// figures:
/// `cargo test --release -p bivouac-systems --lib bobby_lee::tests::speed::bench_scenarios -- --ignored --nocapture`
/// (`BIVOUAC_BENCH_SECONDS`, default 2).
#[test]
#[ignore]
fn bench_scenarios() {
    use bivouac_engine::agent::{Agent, RandomAgent};
    let secs: f64 = std::env::var("BIVOUAC_BENCH_SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(2.0);
    println!("{:<10} {:>8} {:>8} {:>14} {:>12}", "scenario", "games", "actions", "actions/cpu s", "cpu ms/game");
    for sc in ["1861", "1862", "1863", "1864", "campaign"] {
        let (mut games, mut actions) = (0u64, 0usize);
        let t0 = thread_cpu();
        while games == 0 || thread_cpu() - t0 < secs {
            let setup = Setup::new(sc, 2, 1 + games);
            let mut agents: Vec<Box<dyn Agent<BobbyLee>>> = (0..2).map(|k| Box::new(RandomAgent::new(setup.seed.wrapping_mul(31).wrapping_add(k + 1))) as Box<dyn Agent<BobbyLee>>).collect();
            actions += bivouac_engine::sim::play_one(game(), &setup, &mut agents).expect("plays").actions;
            games += 1;
        }
        let cpu = thread_cpu() - t0;
        println!("{sc:<10} {games:>8} {actions:>8} {:>14.0} {:>12.2}", actions as f64 / cpu, cpu * 1e3 / games as f64);
    }
    wall_bench(secs);
}

/// `bivouac bench` per scenario (the CLI benches only the first), in wall time.
fn wall_bench(secs: f64) {
    print!("{}", bivouac_engine::bench::BenchReport::table_header());
    for sc in ["1861", "1862", "1863", "1864", "campaign"] {
        let mut cfg = bivouac_engine::bench::BenchConfig::new(Setup::new(sc, 2, 1));
        cfg.playout_time = std::time::Duration::from_secs_f64(secs);
        cfg.search_budget = 0;
        let r = bivouac_engine::bench::bench(game(), &cfg).expect("bench");
        print!("{}", r.table_row());
    }
}
