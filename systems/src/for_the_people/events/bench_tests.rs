//! The cost of card events (FtP 4.2, 4.3) in random play (issue 9): ms per random game and actions per second, one
//! thread, every scenario. Figures only, nothing asserted about time.
//!
//! `BIVOUAC_BENCH_GAMES=20 cargo test --release -p bivouac-systems --lib for_the_people::events::bench_tests -- --ignored --nocapture`

use super::super::play_tests::game;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;
use bivouac_engine::rng::GameRng;
use std::time::Instant;

/// Play one random game (a uniform pick among the legal actions, as the fuzzer does, without its
/// checks); the number of actions taken.
pub(super) fn random_game(sc: &str, seed: u64) -> usize {
    let g = game();
    let mut st = g.setup(&Setup::new(sc, 2, seed)).expect("setup");
    let mut rng = GameRng::new(seed ^ 0x5eed_f022);
    let mut n = 0;
    while g.outcome(&st).is_none() && n < g.max_actions() {
        let active = g.active_seats(&st);
        let seat = active[rng.pick(active.len())];
        let legal = g.legal_actions(&st, seat);
        let a = &legal[rng.pick(legal.len())];
        g.apply(&mut st, seat, a, &mut Log::quiet()).expect("a legal action applies");
        n += 1;
    }
    n
}

#[test]
#[ignore]
fn bench_random_games() {
    let games: u64 = std::env::var("BIVOUAC_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let only = std::env::var("BIVOUAC_FUZZ_SCENARIO").ok();
    let _ = game();
    for sc in ["1861", "1862", "1863", "1864", "campaign"] {
        if only.as_deref().is_some_and(|o| o != sc) {
            continue;
        }
        let n = if sc == "campaign" { games.div_ceil(4) } else { games };
        let start = Instant::now();
        let actions: usize = (0..n).map(|i| random_game(sc, 9_000 + i)).sum();
        let s = start.elapsed().as_secs_f64();
        println!("for-the-people random games: {sc}: {n} games, {actions} actions, {:.1} ms/game, {:.0} actions/s", 1000.0 * s / n as f64, actions as f64 / s);
    }
}

/// Where the time of an event view (FtP 4.2) goes: the whole view against its rule-derived
/// parts (supply traces, FtP 9; event PC checks, FtP 11.3; blockade-runner ports, FtP 10.5.2);
/// the rest is the JSON building itself.
#[test]
#[ignore]
fn bench_view_parts() {
    use super::super::content::Side;
    let g = game();
    let st = g.setup(&Setup::new("campaign", 2, 1)).expect("setup");
    let n = 200;
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(g.event_view(&st, Side::Csa, 75));
    }
    let view = t.elapsed().as_secs_f64() / n as f64;
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box((g.supplied(&st, Side::Union), g.supplied(&st, Side::Csa)));
    }
    let sup = t.elapsed().as_secs_f64() / n as f64;
    let t = Instant::now();
    for _ in 0..n {
        for (s, _, _) in g.c.map.spaces() {
            std::hint::black_box((g.event_pc_ok(&st, None, Side::Union, s.0).is_ok(), g.event_pc_ok(&st, None, Side::Csa, s.0).is_ok()));
        }
    }
    let pc = t.elapsed().as_secs_f64() / n as f64;
    let t = Instant::now();
    for _ in 0..n {
        for (s, _, _) in g.c.map.spaces() {
            std::hint::black_box(g.br_open(&st, s.0));
        }
    }
    let br = t.elapsed().as_secs_f64() / n as f64;
    println!("view {:.3} ms, supplied x2 {:.3} ms, pc_ok {:.3} ms, br_open {:.3} ms", view * 1e3, sup * 1e3, pc * 1e3, br * 1e3);
}
