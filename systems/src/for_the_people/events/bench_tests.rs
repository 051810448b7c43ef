//! The cost of random play: ms per random game and actions per second, one thread,
//! every scenario; per decision kind (`phase_costs`, `bench_rule_steps`) and per card event step
//! (FtP 4.2, 4.3: `bench_event_steps`). Figures only, nothing asserted about time; the pins of
//! seeded random games below are exact.
//!
//! `BIVOUAC_BENCH_GAMES=20 cargo test --release -p bivouac-systems --lib for_the_people::events::bench_tests -- --ignored --nocapture`

use super::super::play_tests::game;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;
use bivouac_engine::rng::GameRng;
use super::super::state::Action;
use std::time::Instant;

/// One random game (a uniform pick among the legal actions, as the fuzzer does, without its
/// checks): the actions taken, the events played, a hash of the actions (FNV-1a over each
/// seat's and action's `Debug` text) and the CPU seconds spent listing legal actions.
struct Played {
    actions: usize,
    events: usize,
    hash: u64,
    listing: f64,
}

fn random_game(sc: &str, seed: u64) -> Played {
    random_game_with(Setup::new(sc, 2, seed), seed)
}

/// `random_game` from `setup` (scenario options set).
fn random_game_with(setup: Setup, seed: u64) -> Played {
    let g = game();
    let mut st = g.setup(&setup).expect("setup");
    let mut rng = GameRng::new(seed ^ 0x5eed_f022);
    let mut p = Played { actions: 0, events: 0, hash: 0xcbf2_9ce4_8422_2325, listing: 0.0 };
    while g.outcome(&st).is_none() && p.actions < g.max_actions() {
        let active = g.active_seats(&st);
        let seat = active[rng.pick(active.len())];
        let t = Instant::now();
        let legal = g.legal_actions(&st, seat);
        p.listing += t.elapsed().as_secs_f64();
        let a = &legal[rng.pick(legal.len())];
        p.events += matches!(a, Action::Event { .. }) as usize;
        for b in format!("{seat:?} {a:?};").bytes() {
            p.hash = (p.hash ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        g.apply(&mut st, seat, a, &mut Log::quiet()).expect("a legal action applies");
        p.actions += 1;
    }
    p
}

/// This thread's CPU seconds (Linux; wall time elsewhere): the build machine is shared, so
/// wall time overstates the cost.
fn cpu_seconds(wall: Instant) -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    match (fields.get(11).and_then(|f| f.parse::<f64>().ok()), fields.get(12).and_then(|f| f.parse::<f64>().ok())) {
        (Some(u), Some(s)) => (u + s) / 100.0,
        _ => wall.elapsed().as_secs_f64(),
    }
}

#[test]
#[ignore]
fn bench_random_games() {
    let games: u64 = std::env::var("BIVOUAC_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let only = std::env::var("BIVOUAC_FUZZ_SCENARIO").ok();
    let _ = game();
    let origin = Instant::now();
    for sc in ["1861", "1862", "1863", "1864", "campaign"] {
        if only.as_deref().is_some_and(|o| o != sc) {
            continue;
        }
        let n = if sc == "campaign" { games.div_ceil(4) } else { games };
        let (start, cpu) = (Instant::now(), cpu_seconds(origin));
        let (mut actions, mut events, mut listing) = (0, 0, 0.0);
        for i in 0..n {
            let p = random_game(sc, 9_000 + i);
            (actions, events, listing) = (actions + p.actions, events + p.events, listing + p.listing);
        }
        let wall = start.elapsed().as_secs_f64();
        let cpu = cpu_seconds(origin) - cpu;
        // Listing's CPU share is taken to be its share of the wall time.
        println!(
            "for-the-people random games: {sc}: {n} games, {actions} actions, {events} events; CPU {:.1} ms/game, {:.0} actions/s; wall {:.1} ms/game; legal_actions {:.1} us CPU ({:.0}% of the time)",
            1000.0 * cpu / n as f64,
            actions as f64 / cpu,
            1000.0 * wall / n as f64,
            1e6 * cpu * (listing / wall) / actions as f64,
            100.0 * listing / wall
        );
    }
    // The cards whose `playable(view)` ran in Lua most (the memo could not answer).
    let mut asked: Vec<(u32, usize)> = super::PLAYABLE_ASKED.iter().map(|n| n.load(std::sync::atomic::Ordering::Relaxed)).zip(0..).filter(|x| x.0 > 0).collect();
    asked.sort_unstable_by(|a, b| b.cmp(a));
    let top: Vec<String> = asked.iter().take(12).map(|(n, card)| format!("#{card} {n}")).collect();
    println!("playable(view) run in Lua {} times; most: {}", asked.iter().map(|x| x.0).sum::<u32>(), top.join(", "));
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

/// The (actions, events, hash) of many seeded random games of every scenario, one line each:
/// speed work that changes no rule prints the same lines before and after (diff them).
/// `BIVOUAC_BENCH_GAMES=40 cargo test --release -p bivouac-systems --lib random_game_hashes -- --ignored --nocapture`
#[test]
#[ignore]
fn random_game_hashes() {
    let games: u64 = std::env::var("BIVOUAC_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    for sc in ["1861", "1862", "1863", "1864", "campaign"] {
        for seed in 0..games {
            let p = random_game(sc, 100 + seed);
            println!("random game {sc} {seed}: {} actions, {} events, hash {}", p.actions, p.events, p.hash);
        }
    }
}

/// The speed work on event views must not change a single choice: seeded random
/// games with events (FtP 4.2) are pinned by their actions' hash. A deliberate rules change that
/// changes these games records the new figures here.
#[test]
fn seeded_random_games_are_pinned() {
    // Recorded before the view was made lazy (commit 92e0d8c's rules and scripts); 1864 again
    // after the rules changes of 24 Nov (an event's SP removal picked by its chooser, FtP 4.2.4;
    // divisions in campaigns, 4.3.1), the same figure with and without the lazy view.
    let pinned = [("1861", 11, (187, 7, 43079326545870595)), ("1862", 12, (220, 6, 1598086560532895577)), ("1864", 14, (262, 8, 15537992387066552021))];
    // 1862 re-pinned after FtP 5.5.4 (a killed cavalry general's brigade SP returns from the
    // turn track in the next Reinforcement Phase instead of being lost). 1864 re-pinned after
    // FtP 10.5.2 (ES: a BR port cut off from every other resource center is closed). 1862
    // re-pinned after FtP 5.8.1 (option `interception-target`, default `no-mover-units`: an
    // interception into a space the interceptor's own units hold is offered); with `empty`
    // (the reading played before) the game is the one pinned before. 1862 and 1864 re-pinned
    // after FtP 4.3.1 (SP moved on a campaign card do not move again on it; an army that
    // absorbed a force moved on the card does not move) and FtP 5.1.2 (a cavalry brigade on an
    // army's display may be activated to move): the new restriction and the new legal actions
    // change the random games. The 1862 game no longer meets an interception into the
    // interceptor's own space, so `interception-target = empty` plays the same game.
    // 1864 re-pinned after FtP 5.8.1 b) (an army intercepting from a fort may leave 1 SP there:
    // two new legal interception actions), then again after the fixes
    // of FtP 4.5.2, 5.9.1, ... (that game meets one of their new legal actions).
    // All three re-pinned after FtP 10.4.3 (Confederate SP placed by a card never in a pro-Union
    // space: fewer choices for #17, 22, 37, 38, 41, 47 ...), #102's interception from two spaces
    // away (FtP 5.8, a new interception window) and the Springfield (IL) - Vandalia railroad of
    // the example of play's strategic move (FtP 10.2: new rail routes); the 1862 game then meets
    // no interception into the interceptor's own space, so `empty` plays the same game.
    let got: Vec<_> = pinned.iter().map(|&(sc, seed, _)| { let p = random_game(sc, seed); (sc, seed, (p.actions, p.events, p.hash)) }).collect();
    assert_eq!(got, pinned, "(scenario, seed, (actions, events, hash))");
    let mut before = Setup::new("1862", 2, 12);
    before.options.insert("interception-target".into(), "empty".into());
    let p = random_game_with(before, 12);
    assert_eq!((p.actions, p.events, p.hash), (220, 6, 1598086560532895577), "FtP 5.8.1 option interception-target = empty");
}

/// FtP 4.2: the memo of `playable` answers (`memo`: per position, and across positions by the
/// fields each call read) gives every script's own answer, on positions along a seeded random
/// game, for both sides and every card that declares `playable`.
#[test]
fn memoized_playable_answers_are_the_scripts_answers() {
    use super::super::content::Side;
    use super::decl::Timing;
    let g = game();
    let mut st = g.setup(&Setup::new("1862", 2, 5)).expect("setup");
    let mut rng = GameRng::new(5);
    let (mut n, mut checked) = (0, 0);
    while g.outcome(&st).is_none() && n < 400 {
        if n % 8 == 0 {
            for side in [Side::Union, Side::Csa] {
                for card in 1..=130u8 {
                    let Some((script, decl)) = g.c.events.get(card) else { continue };
                    if !decl.playable {
                        continue;
                    }
                    let ask = |view: bivouac_engine::lua::Input<'_>| super::host().call_input_as::<bool>(script, "playable", view).unwrap_or(false);
                    let memo = super::memo::playable(g, &st, side, card, Timing::Round, &script.source, ask);
                    let direct = ask(g.event_input(&st, side, card, serde_json::json!([])));
                    assert_eq!(memo, direct, "card #{card} for {side:?} after {n} actions");
                    checked += 1;
                }
            }
        }
        let active = g.active_seats(&st);
        let seat = active[rng.pick(active.len())];
        let legal = g.legal_actions(&st, seat);
        g.apply(&mut st, seat, &legal[rng.pick(legal.len())], &mut Log::quiet()).expect("a legal action applies");
        n += 1;
    }
    assert!(checked > 1000, "{checked} answers checked");
}

/// The cost of one card's event script (FtP 4.2): a `playable(view)` call and a first `play(view)`
/// call as the CSA on the campaign's opening position, CARD=n (default #75, a concentration,
/// FtP 4.5). Figures only.
#[test]
#[ignore]
fn bench_card_calls() {
    use super::super::content::Side;
    let g = game();
    let st = g.setup(&Setup::new("campaign", 2, 1)).expect("setup");
    let card: u8 = std::env::var("CARD").ok().and_then(|v| v.parse().ok()).unwrap_or(75);
    let (script, _) = g.c.events.get(card).expect("script");
    let n = 300;
    let t = Instant::now();
    let mut ok = false;
    for _ in 0..n {
        let view = g.event_input(&st, Side::Csa, card, serde_json::json!([]));
        ok = super::host().call_input_as::<bool>(script, "playable", view).unwrap();
    }
    let a = t.elapsed().as_secs_f64() / n as f64;
    let t = Instant::now();
    for _ in 0..n {
        let view = g.event_input(&st, Side::Csa, card, serde_json::json!([]));
        std::hint::black_box(super::host().call_input_as::<serde_json::Value>(script, "play", view).unwrap());
    }
    let b = t.elapsed().as_secs_f64() / n as f64;
    println!("card {card}: playable {ok} {:.1} us, play {:.1} us", a * 1e6, b * 1e6);
}

/// Where random play spends its time: per decision (the flow's top frame; an event's
/// card; a card played as an event from a round), how many decisions, the mean µs of listing
/// and of applying, the share of the total and the mean number of actions listed. Figures only.
///
/// `BIVOUAC_BENCH_GAMES=20 BIVOUAC_FUZZ_SCENARIO=campaign cargo test --release -p bivouac-systems --lib phase_costs -- --ignored --nocapture`
#[test]
#[ignore]
fn phase_costs() {
    use std::collections::BTreeMap;
    let games: u64 = std::env::var("BIVOUAC_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let sc = std::env::var("BIVOUAC_FUZZ_SCENARIO").unwrap_or_else(|_| "campaign".into());
    let g = game();
    // decisions, listing seconds, applying seconds, actions listed
    let mut m: BTreeMap<String, (usize, f64, f64, usize)> = BTreeMap::new();
    for i in 0..games {
        let mut st = g.setup(&Setup::new(&sc, 2, 9_000 + i)).expect("setup");
        let mut rng = GameRng::new(i);
        while g.outcome(&st).is_none() && st.flow.top().is_some() {
            let seat = g.active_seats(&st)[0];
            let frame = format!("{:?}", st.flow.top());
            let mut key = frame.split(|c: char| !c.is_alphanumeric()).nth(1).unwrap_or("").to_string();
            if let (Some(e), "Event") = (st.events.last(), key.as_str()) {
                key = format!("Event #{}", e.card);
            }
            let t = Instant::now();
            let legal = g.legal_actions(&st, seat);
            let listing = t.elapsed().as_secs_f64();
            let a = legal[rng.pick(legal.len())];
            if let Action::Event { card } = a {
                key = format!("{key} > event #{card}");
            }
            let t = Instant::now();
            g.apply(&mut st, seat, &a, &mut Log::quiet()).expect("a legal action applies");
            let e = m.entry(key).or_default();
            *e = (e.0 + 1, e.1 + listing, e.2 + t.elapsed().as_secs_f64(), e.3 + legal.len());
        }
    }
    let total: f64 = m.values().map(|e| e.1 + e.2).sum();
    let mut rows: Vec<_> = m.into_iter().collect();
    rows.sort_by(|a, b| (b.1.1 + b.1.2).total_cmp(&(a.1.1 + a.1.2)));
    println!("{sc}, {games} games, {:.1} ms a game", total * 1e3 / games as f64);
    for (k, (n, l, a, listed)) in rows.into_iter().take(30) {
        let us = |x: f64| x / n as f64 * 1e6;
        println!("{k:32} {n:6} decisions  list {:6.1} us  apply {:6.1} us  {:4.1}%  {:5.0} actions", us(l), us(a), (l + a) / total * 100.0, listed as f64 / n as f64);
    }
}

/// The cost of the event steps of random play: every event action (FtP 4.2: a card
/// played as an event, a seat's choice in an event) met in seeded random campaign games is
/// collected with its position, then applied again several times, timed; the mean µs per
/// step, per card (those costing most first). Steadier than `phase_costs` on a shared machine:
/// the same steps every run, the best of the repeats. Figures only.
///
/// `BIVOUAC_BENCH_GAMES=20 cargo test --release -p bivouac-systems --lib bench_event_steps -- --ignored --nocapture`
#[test]
#[ignore]
fn bench_event_steps() {
    use std::collections::BTreeMap;
    use super::super::state::Frame;
    let games: u64 = std::env::var("BIVOUAC_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let g = game();
    let mut steps = Vec::new();
    for i in 0..games {
        let mut st = g.setup(&Setup::new("campaign", 2, 9_000 + i)).expect("setup");
        let mut rng = GameRng::new(i);
        while g.outcome(&st).is_none() && st.flow.top().is_some() {
            let seat = g.active_seats(&st)[0];
            let legal = g.legal_actions(&st, seat);
            let a = legal[rng.pick(legal.len())];
            let card = match (&a, st.flow.top()) {
                (Action::Event { card }, _) => Some(*card),
                (_, Some(Frame::Event)) => st.events.last().map(|e| e.card),
                _ => None,
            };
            if let Some(card) = card {
                steps.push((card, st.clone(), seat, a));
            }
            g.apply(&mut st, seat, &a, &mut Log::quiet()).expect("a legal action applies");
        }
    }
    let mut best: BTreeMap<u8, (usize, f64)> = BTreeMap::new();
    let mut total = f64::MAX;
    for _ in 0..5 {
        let mut round: BTreeMap<u8, (usize, f64)> = BTreeMap::new();
        let start = Instant::now();
        for (card, st, seat, a) in &steps {
            let mut st = st.clone();
            let t = Instant::now();
            g.apply(&mut st, *seat, a, &mut Log::quiet()).expect("applies again");
            let e = round.entry(*card).or_default();
            *e = (e.0 + 1, e.1 + t.elapsed().as_secs_f64());
        }
        total = total.min(start.elapsed().as_secs_f64());
        for (card, (n, s)) in round {
            let e = best.entry(card).or_insert((n, f64::MAX));
            e.1 = e.1.min(s);
        }
    }
    let sum: f64 = best.values().map(|e| e.1).sum();
    println!("{} event steps of {games} campaign games: {:.1} ms in all (best of 5: {:.1} ms, {:.1} us a step)", steps.len(), total * 1e3, sum * 1e3, sum / steps.len() as f64 * 1e6);
    let mut rows: Vec<_> = best.into_iter().collect();
    rows.sort_by(|a, b| b.1.1.total_cmp(&a.1.1));
    for (card, (n, s)) in rows.into_iter().take(12) {
        println!("#{card:<4} {n:5} steps  {:6.1} us a step  {:4.1}%", s / n as f64 * 1e6, s / sum * 100.0);
    }
}

/// The cost of the rule decisions (not events) of random play: the decisions of
/// seeded random campaign games replayed in order five times (the kept searches then see
/// what they see in play), listing and applying timed per decision kind, the best of the
/// five for each kind: steadier than `phase_costs` on a shared machine. Figures only.
/// `BIVOUAC_BENCH_GAMES=20 cargo test --release -p bivouac-systems --lib bench_rule_steps -- --ignored --nocapture`
#[test]
#[ignore]
fn bench_rule_steps() {
    use std::collections::BTreeMap;
    let g = game();
    let games: u64 = std::env::var("BIVOUAC_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let mut played = Vec::new();
    for i in 0..games {
        let setup = Setup::new("campaign", 2, 9_000 + i);
        let mut st = g.setup(&setup).expect("setup");
        let mut rng = GameRng::new(i);
        let mut steps = Vec::new();
        while g.outcome(&st).is_none() && st.flow.top().is_some() {
            let seat = g.active_seats(&st)[0];
            let kind = format!("{:?}", st.flow.top()).split(|c: char| !c.is_alphanumeric()).nth(1).unwrap_or("").to_string();
            let legal = g.legal(&st);
            let a = legal[rng.pick(legal.len())];
            let kind = if matches!(a, Action::Event { .. }) || kind == "Event" { "(events)".to_string() } else { kind };
            steps.push((kind, seat, a));
            g.apply(&mut st, seat, &a, &mut Log::quiet()).expect("a legal action applies");
        }
        played.push((setup, steps));
    }
    // kind: decisions, best listing seconds, best applying seconds
    let mut best: BTreeMap<String, (usize, f64, f64)> = BTreeMap::new();
    let mut whole = f64::MAX;
    for _ in 0..5 {
        let mut round: BTreeMap<&str, (usize, f64, f64)> = BTreeMap::new();
        let start = Instant::now();
        for (setup, steps) in &played {
            let mut st = g.setup(setup).expect("setup");
            for (kind, seat, a) in steps {
                let t = Instant::now();
                std::hint::black_box(g.legal_actions(&st, *seat));
                let listing = t.elapsed().as_secs_f64();
                let t = Instant::now();
                g.apply(&mut st, *seat, a, &mut Log::quiet()).expect("applies again");
                let e = round.entry(kind).or_default();
                *e = (e.0 + 1, e.1 + listing, e.2 + t.elapsed().as_secs_f64());
            }
        }
        whole = whole.min(start.elapsed().as_secs_f64());
        for (kind, (n, l, a)) in round {
            let e = best.entry(kind.to_string()).or_insert((n, f64::MAX, f64::MAX));
            (e.1, e.2) = (e.1.min(l), e.2.min(a));
        }
    }
    let rules: f64 = best.iter().filter(|(k, _)| *k != "(events)").map(|(_, e)| e.1 + e.2).sum();
    println!("{games} campaign games: best {:.1} ms a game; rule decisions {:.2} ms a game", whole * 1e3 / games as f64, rules * 1e3 / games as f64);
    let mut rows: Vec<_> = best.into_iter().collect();
    rows.sort_by(|a, b| (b.1.1 + b.1.2).total_cmp(&(a.1.1 + a.1.2)));
    for (kind, (n, l, a)) in rows.into_iter().take(14) {
        let us = |x: f64| x / n as f64 * 1e6;
        println!("{kind:14} {n:6} decisions  list {:6.2} us  apply {:6.2} us  {:6.3} ms a game", us(l), us(a), (l + a) * 1e3 / games as f64);
    }
}

/// The fixed cost of a script call: a script whose `playable` returns at once, with
/// and without the library, with a JSON input and with the event view. Figures only.
#[test]
#[ignore]
fn bench_call_overhead() {
    use super::super::content::Side;
    use bivouac_engine::lua::Script;
    let g = game();
    let st = g.setup(&Setup::new("campaign", 2, 1)).expect("setup");
    let (script, _) = g.c.events.get(75).expect("script");
    let bare = Script::new("bare.lua", "function playable(view) return true end");
    let with_lib = bare.clone().with_library(script.library.clone().expect("library"));
    // `BIVOUAC_BENCH_CALLS`: calls timed per figure (more for a profile).
    let n: u32 = std::env::var("BIVOUAC_BENCH_CALLS").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    let time = |name: &str, f: &dyn Fn() -> bool| {
        for _ in 0..100 { f(); }
        let t = Instant::now();
        for _ in 0..n { std::hint::black_box(f()); }
        println!("{name:30} {:.2} us", t.elapsed().as_secs_f64() / n as f64 * 1e6);
    };
    let host = super::host();
    time("bare, json", &|| host.call_as::<bool>(&bare, "playable", &serde_json::json!(null)).unwrap());
    time("library, json", &|| host.call_as::<bool>(&with_lib, "playable", &serde_json::json!(null)).unwrap());
    time("bare, view", &|| host.call_input_as::<bool>(&bare, "playable", g.event_input(&st, Side::Csa, 75, serde_json::json!([]))).unwrap());
    time("library, view", &|| host.call_input_as::<bool>(&with_lib, "playable", g.event_input(&st, Side::Csa, 75, serde_json::json!([]))).unwrap());
    time("#75 playable, view", &|| host.call_input_as::<bool>(script, "playable", g.event_input(&st, Side::Csa, 75, serde_json::json!([]))).unwrap());
}

/// Self-play applies a just-listed action without looking it up again (`apply_listed`):
/// after every action of seeded random games of each scenario it leaves the same state as the
/// checked `apply`, and a seat not awaited is still refused (FtP 3.3.2) with the state unchanged.
#[test]
fn listed_actions_apply_as_checked_ones() {
    let g = game();
    for (sc, seed) in [("1861", 3), ("1862", 4), ("1863", 5), ("1864", 6), ("campaign", 7)] {
        let mut st = g.setup(&Setup::new(sc, 2, seed)).expect("setup");
        let mut rng = GameRng::new(seed);
        let mut n = 0;
        while g.outcome(&st).is_none() && n < 400 {
            let seat = g.active_seats(&st)[0];
            let legal = g.legal_actions_shared(&st, seat);
            let a = &legal[rng.pick(legal.len())];
            let mut checked = st.clone();
            g.apply(&mut checked, seat, a, &mut Log::quiet()).expect("a legal action applies");
            let mut other = st.clone();
            assert!(g.apply_listed(&mut other, 1 - seat, a, &mut Log::quiet()).is_err(), "FtP 3.3.2: {sc} after {n} actions");
            assert!(other == st, "a refusal leaves the state unchanged");
            g.apply_listed(&mut st, seat, a, &mut Log::quiet()).expect("a listed action applies");
            assert!(st == checked, "{sc}: action {n} ({a:?}) applied unchecked differs");
            n += 1;
        }
        assert!(n > 100, "{sc}: {n} actions");
    }
}
