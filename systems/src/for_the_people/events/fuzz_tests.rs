//! The random-play fuzzer with events (FtP 4.2): every scenario, every event offered by
//! `legal_actions` played at random like any other action, and a count of events played per
//! card over the run.
//!
//! `BIVOUAC_FUZZ_GAMES=2000 cargo test --release -p bivouac-systems --lib for_the_people::events::fuzz_tests -- --ignored --nocapture`

use super::super::play_tests::game;
use bivouac_engine::fuzz::{FuzzConfig, fuzz};
use bivouac_engine::game::Setup;
use std::sync::atomic::Ordering;

#[test]
#[ignore]
fn fuzz_events_big() {
    let games: usize = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let only = std::env::var("BIVOUAC_FUZZ_SCENARIO").ok();
    // Load first: the load-time dry runs play events too.
    let _ = game();
    for c in super::EVENTS_PLAYED.iter().chain(super::EVENTS_OFFERED.iter()) {
        c.store(0, Ordering::Relaxed);
    }
    let mut clean = true;
    for (i, sc) in ["1861", "1862", "1863", "1864", "campaign"].iter().enumerate() {
        if only.as_deref().is_some_and(|o| o != *sc) {
            continue;
        }
        let cfg = FuzzConfig { setup: Setup::new(*sc, 2, 70_000 + 100_000 * i as u64), games, deep_check_every: 50, leak_check_every: 0 };
        let r = fuzz(game(), &cfg).expect("fuzz setup");
        println!("for-the-people events fuzz: {sc}: {} games, {} finished, {} actions, {:.1}s, {} failures", r.games, r.finished, r.actions, r.seconds, r.failures.len());
        for f in r.failures.iter().take(3) {
            println!("  {f:?}");
        }
        for f in r.failures.iter().skip(3) {
            println!("  seed {} step {}: {}: {}", f.seed, f.step, f.kind, f.message);
        }
        clean &= r.is_clean();
    }
    let counts: Vec<String> = (1..=130).map(|n| format!("#{n}: {}", super::EVENTS_PLAYED[n].load(Ordering::Relaxed))).collect();
    println!("events played per card: {}", counts.join(", "));
    let scripted: Vec<u8> = game().c.events.scripted().collect();
    let never: Vec<u8> = scripted.iter().copied().filter(|&n| super::EVENTS_PLAYED[n as usize].load(Ordering::Relaxed) == 0).collect();
    println!("scripted events never played: {never:?}");
    let offered: Vec<String> = never.iter().map(|&n| format!("#{n}: {}", super::EVENTS_OFFERED[n as usize].load(Ordering::Relaxed))).collect();
    println!("times found playable, of those never played: {}", offered.join(", "));
    assert!(clean);
}

/// Found by the events fuzz (campaign, seeds 470021, 470120, 470157): #24 offered spaces with a
/// printed coastal fort (Fort Sumter, Fort Fisher, Fort Gadson), where the `fort` command then
/// refused the event: a printed coastal fort is a fort (FtP 6.8.6).
#[test]
fn card_024_offers_no_coastal_fort_fpt_6_8_6() {
    use super::super::content::{Control, Side};
    use super::super::state::{Action, Frame, State};
    use super::testkit::{give, options, position, round, sp};
    let g = game();
    let mut st = position("1862", 1);
    give(&mut st, Side::Csa, 24);
    round(&mut st, Side::Csa);
    let forts = ["fort_sumter", "fort_fisher", "fort_gadson"];
    for s in forts {
        st.control[sp(s) as usize] = Control::Of(Side::Csa);
        st.sp[sp(s) as usize][0] = 0;
    }
    let mut roll = |_: &mut State| 1;
    let top = Frame::Round { side: Side::Csa };
    g.event_action_with(&mut st, top, &Action::Event { card: 24 }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
    let o = options(&st);
    assert!(!o.is_empty());
    for s in forts {
        assert!(!o.contains(&s.to_string()), "{s}");
    }
}
