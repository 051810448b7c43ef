//! Tests of the operations queue optional rule (FtP 20, IT 19; ops_queue.rs).

use super::choices_tests::{check, refused};
use super::content::Side;
use super::play_tests::{act, game, general, legal_text, round_with, sp};
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;
use bivouac_engine::piles::CardId;

fn with_queue(sc: &str, seed: u64) -> State {
    let mut s = Setup::new(sc, 2, seed);
    s.options.insert("opt-ops-queue".into(), "on".into());
    game().setup(&s).expect("setup with the operations queue")
}

fn pile_of(st: &State, n: u8) -> bivouac_engine::piles::PileId {
    st.piles.find(CardId(n as u16 - 1)).expect("card somewhere")
}

/// The Union opens a queue for Butler (strategy 3, at Fort Monroe in 1861) with #4 (1 OP).
fn butler_queue() -> State {
    let mut st = with_queue("1861", 5);
    st.sw_plus = [false, false];
    round_with(&mut st, Side::Union, 4);
    act(&mut st, Side::Union, "ops 4");
    let legal = legal_text(&st, Side::Union);
    // FtP 20: only generals the card alone cannot activate (rating above 1) are offered.
    assert!(legal.contains(&"queue-open butler".to_string()), "{legal:?}");
    assert!(legal.contains(&"queue-open mcdowell".to_string()), "an army commander: {legal:?}");
    assert!(!legal.iter().any(|a| a.starts_with("queue-open") && game().c.generals[general(&a[11..]) as usize].strategy <= 1), "{legal:?}");
    act(&mut st, Side::Union, "queue-open butler");
    check(&st);
    // The marker is public (FtP 20): both seats see it.
    assert_eq!(game().view(&st, Some(1)).queues, ["union: Butler (fort_monroe), 1 of 3 OPs"]);
    assert!(game().describe(&st, None).contains("Operations queue (FtP 20): union: Butler"));
    st
}

#[test]
fn a_queue_collects_ops_until_the_general_must_move_fpt_20() {
    let g = game();
    let mut st = butler_queue();
    assert_eq!(st.queue.sides[0].map(|q| (q.general, q.total, q.firing)), Some((general("butler"), 1, false)));
    assert_eq!(pile_of(&st, 4), QUEUE[0], "the opening card is in the queue, not discarded");
    // One queue per player at a time (FtP 20): a later OPs card offers no second queue.
    round_with(&mut st, Side::Union, 5);
    assert!(legal_text(&st, Side::Union).contains(&"queue 5".to_string()));
    act(&mut st, Side::Union, "queue 5");
    assert_eq!(st.queue.sides[0].map(|q| q.total), Some(2));
    assert_eq!(st.next, Side::Csa, "playing into the queue is the Union's round");
    // 2 + 3 >= 3: Butler must be activated at once, for land movement only (FtP 20): no
    // other operation, no naval move, no postponement (no `done`).
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "queue 9");
    let legal = legal_text(&st, Side::Union);
    assert!(!legal.is_empty() && legal.iter().all(|a| a.starts_with("corps butler")), "{legal:?}");
    refused(&mut st, Side::Union, "done", "FtP 3.3");
    refused(&mut st, Side::Union, "pcs", "FtP 11.3");
    act(&mut st, Side::Union, "corps butler 1");
    // The queue has done its work: its cards are discarded (excess OPs lost).
    assert_eq!(st.queue.sides[0], None);
    for n in [4, 5, 9] {
        assert_eq!(pile_of(&st, n), DISCARD, "#{n}");
    }
    assert_eq!(st.moving.as_ref().map(|m| (m.at, m.value)), Some((sp("fort_monroe"), 3)));
    check(&st);
    let _ = g;
}

#[test]
fn using_a_round_another_way_breaks_the_queue_fpt_20() {
    for (n, play) in [(5, "ops 5"), (6, "discard 6")] {
        let mut st = butler_queue();
        round_with(&mut st, Side::Union, n);
        act(&mut st, Side::Union, play);
        assert_eq!(st.queue.sides[0], None, "{play}");
        assert_eq!(pile_of(&st, 4), DISCARD, "{play}: the queued cards are discarded");
        check(&st);
    }
}

#[test]
fn the_opponents_rounds_do_not_break_the_queue_fpt_20() {
    let mut st = butler_queue();
    round_with(&mut st, Side::Csa, 6);
    act(&mut st, Side::Csa, "ops 6");
    assert!(st.queue.sides[0].is_some());
    // A CSA queue is its own (one per player).
    act(&mut st, Side::Csa, "queue-open beauregard");
    assert_eq!(st.queue.sides[1].map(|q| q.general), Some(general("beauregard")));
    assert_eq!(pile_of(&st, 6), QUEUE[1]);
    check(&st);
}

#[test]
fn forward_to_richmond_breaks_the_union_queue_fpt_20_4_2_6() {
    let mut st = butler_queue();
    round_with(&mut st, Side::Csa, 3);
    assert!(legal_text(&st, Side::Csa).contains(&"event 3".to_string()));
    act(&mut st, Side::Csa, "event 3");
    assert_eq!(st.queue.sides[0], None);
    assert_eq!(pile_of(&st, 4), DISCARD);
}

#[test]
fn a_battle_with_the_queued_general_breaks_the_queue_fpt_20() {
    let g = game();
    let mut st = butler_queue();
    let def = g.defender_force(&st, Side::Union, sp("fort_monroe"));
    let other = g.defender_force(&st, Side::Csa, sp("manassas"));
    g.queue_battle(&mut st, [&other, &other], &mut Log::quiet());
    assert!(st.queue.sides[0].is_some(), "a battle without Butler leaves it");
    g.queue_battle(&mut st, [&other, &def], &mut Log::quiet());
    assert_eq!(st.queue.sides[0], None);
    assert_eq!(pile_of(&st, 4), DISCARD);
}

#[test]
fn queued_cards_never_carry_over_to_the_next_turn_fpt_20() {
    let g = game();
    let mut st = butler_queue();
    g.queue_end_turn(&mut st, &mut Log::quiet());
    assert_eq!(st.queue.sides, [None, None]);
    assert_eq!(pile_of(&st, 4), DISCARD);
}

#[test]
fn a_queue_whose_general_cannot_move_is_lost_fpt_20() {
    let mut st = butler_queue();
    st.generals[general("butler") as usize] = GenAt::Track(st.turn + 1);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "queue 9");
    assert_eq!(legal_text(&st, Side::Union), ["done"]);
    act(&mut st, Side::Union, "done");
    assert_eq!(st.queue.sides[0], None);
    assert_eq!(pile_of(&st, 9), DISCARD);
}

#[test]
fn without_the_option_there_is_no_queue_fpt_20() {
    let mut st = super::play_tests::new("1861", 5);
    round_with(&mut st, Side::Union, 4);
    act(&mut st, Side::Union, "ops 4");
    assert!(!legal_text(&st, Side::Union).iter().any(|a| a.starts_with("queue")));
    refused(&mut st, Side::Union, "queue-open butler", "FtP 20");
    let info = game().scenarios().into_iter().find(|s| s.id == "1861").unwrap().options.into_iter().find(|o| o.key == "opt-ops-queue").unwrap();
    assert_eq!(info.values, ["off", "on"]);
}

/// Random games whose players take every queue action offered: queues open, grow, fire and
/// end with every invariant kept (the fuzzer's random players seldom keep one going).
#[test]
fn queue_greedy_random_games_keep_every_invariant_fpt_20() {
    let g = game();
    let (mut opened, mut fed, mut fired) = (0, 0, 0);
    for seed in 0..6 {
        let mut st = with_queue("1861", seed);
        let mut rng = bivouac_engine::rng::GameRng::new(seed ^ 0x0b5);
        let mut n = 0;
        while let Some(&seat) = g.active_seats(&st).first() {
            let legal = g.legal_actions(&st, seat);
            let a = legal.iter().find(|a| matches!(a, Action::OpenQueue { .. } | Action::QueueCard { .. })).cloned().unwrap_or_else(|| legal[rng.pick(legal.len())]);
            let was_firing = st.queue.sides.iter().flatten().any(|q| q.firing);
            g.apply(&mut st, seat, &a, &mut Log::quiet()).unwrap_or_else(|e| panic!("{e}"));
            match a {
                Action::OpenQueue { .. } => opened += 1,
                Action::QueueCard { .. } => fed += 1,
                _ => {}
            }
            fired += (!was_firing && st.queue.sides.iter().flatten().any(|q| q.firing)) as u32;
            check(&st);
            n += 1;
            assert!(n < 20_000, "runaway");
        }
        assert!(st.result.is_some());
    }
    assert!(opened > 0 && fed > 0 && fired > 0, "opened {opened}, fed {fed}, fired {fired}");
}
