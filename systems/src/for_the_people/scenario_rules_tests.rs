//! Tests of the 1863 scenario's special rules kept in scenario_rules.rs (FtP 15, ES preamble):
//! the first campaign card's one activation per state and the Union's blockade obligation.

use super::choices_tests::{check, no_forts, refused};
use super::content::{Control, Side, VictoryKind};
use super::play_tests::{act, empty_map, game, legal_text, new, put_sp, round_with};
use super::state::*;
use bivouac_engine::log::Log;
use bivouac_engine::piles::CardId;

/// A 1863 position: Union loose SP at Memphis and Nashville (Tennessee) and Baltimore (Maryland),
/// the Union's strategy round with #83 Major Campaign. `first`: its first round of the scenario.
fn campaign_1863(edition: &str, first: bool) -> State {
    let g = game();
    let mut st = new("1863", 3);
    st.edition = g.c.edition(edition).expect("edition");
    empty_map(&mut st);
    no_forts(&mut st);
    for s in ["memphis", "nashville", "baltimore"] {
        put_sp(&mut st, Side::Union, s, 2);
    }
    round_with(&mut st, Side::Union, 83);
    st.rounds = if first { 1 } else { 3 };
    st.own_round[Side::Union.index()] = if first { [0, 1] } else { [1, 3] };
    st
}

/// FtP 15 (ES, second special rule): a player's first card of the scenario, a campaign card, is
/// limited to one activation per state; later campaign cards, and the Italian rules, are not.
#[test]
fn first_campaign_card_one_activation_per_state_fpt_15() {
    let mut st = campaign_1863("spanish", true);
    act(&mut st, Side::Union, "event 83");
    act(&mut st, Side::Union, "division memphis 1");
    act(&mut st, Side::Union, "stop");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 2, .. })));
    let l = legal_text(&st, Side::Union);
    assert!(!l.iter().any(|a| a.starts_with("division nashville")), "Tennessee used: {l:?}");
    assert!(l.contains(&"division baltimore 1".to_string()), "Maryland is another state: {l:?}");
    refused(&mut st, Side::Union, "division nashville 1", "FtP 15");
    act(&mut st, Side::Union, "division baltimore 1");
    act(&mut st, Side::Union, "stop");
    assert!(!legal_text(&st, Side::Union).iter().any(|a| a.starts_with("division memphis") || a.starts_with("division nashville")));
    check(&st);

    // Not the player's first round: no limit. The Italian 15 has no such rule.
    for (ed, first) in [("spanish", false), ("italian", true)] {
        let mut st = campaign_1863(ed, first);
        act(&mut st, Side::Union, "event 83");
        act(&mut st, Side::Union, "division memphis 1");
        act(&mut st, Side::Union, "stop");
        assert!(legal_text(&st, Side::Union).contains(&"division nashville 1".to_string()), "{ed}, first round {first}");
    }
}

/// FtP 15 (ES, second special rule): the 1861 scenario has no such rule.
#[test]
fn other_scenarios_have_no_campaign_state_limit_fpt_15() {
    let mut st = new("1861", 3);
    empty_map(&mut st);
    no_forts(&mut st);
    for s in ["cairo", "springfield_il"] {
        put_sp(&mut st, Side::Union, s, 2);
    }
    round_with(&mut st, Side::Union, 83);
    act(&mut st, Side::Union, "event 83");
    assert_eq!(st.sc_rules.campaign_states, None);
    act(&mut st, Side::Union, "division cairo 1");
    act(&mut st, Side::Union, "stop");
    assert!(legal_text(&st, Side::Union).iter().any(|a| a.starts_with("division springfield_il")));
}

/// The 1863 victory's blockade obligation SW and the Union lead, for `held`/`played`.
fn verdict_1863(edition: &str, held: bool, played: bool, sw: [i16; 2]) -> (Vec<u8>, String) {
    let g = game();
    let mut st = new("1863", 1);
    st.edition = g.c.edition(edition).expect("edition");
    empty_map(&mut st);
    // D = 35: no SP differential (15.7).
    put_sp(&mut st, Side::Union, "washington", 35);
    st.sw = sw;
    st.sc_rules.blockade_card_held = held;
    st.sc_rules.blockade_card_played = played;
    g.scenario_victory(&st)
}

/// FtP 15 (ES, fifth special rule): the Union that held a blockade-raising card and never played
/// one as its event loses 10 SW at the end (no Change of Fortune); never holding one, or having
/// played one, no penalty. Not in the Italian rules.
#[test]
fn blockade_obligation_costs_10_sw_at_the_end_fpt_15() {
    let sc = game().c.scenario("1863").expect("1863");
    assert!(sc.victory.iter().any(|v| matches!(v.kind, VictoryKind::SwLead { blockade_obligation_sw: -10, .. })));
    // A Union lead of 5: a win, unless the obligation failed (5 - 10 = -5).
    assert_eq!(verdict_1863("spanish", false, false, [85, 80]).0, vec![0], "never held: no penalty");
    assert_eq!(verdict_1863("spanish", true, true, [85, 80]).0, vec![0], "played one as the event");
    let (w, why) = verdict_1863("spanish", true, false, [85, 80]);
    assert_eq!(w, vec![1], "held and not played: -10 SW: {why}");
    assert!(why.contains("-5"), "{why}");
    let (w, _) = verdict_1863("spanish", true, false, [91, 80]);
    assert_eq!(w, vec![0], "a lead of 11 - 10 = 1 still wins");
    // IT 15.7: no such rule (a lead of 25+ wins, 10 or less loses, else a draw).
    assert_eq!(verdict_1863("italian", true, false, [105, 80]).0, vec![0]);
}

/// FtP 15 (blockade obligation): a blockade-raising card in the Union hand is remembered; playing
/// it as the event fulfils the obligation; playing it for OPs does not.
#[test]
fn blockade_obligation_held_and_played_fpt_15() {
    let g = game();
    // #63 Beaufort / Port Royal Captured raises the blockade (10.5.3).
    let raise = 63u8;
    assert!(g.c.card(raise).is_some_and(|d| d.blockade == Some(super::content::BlockadeEffect::Raise)));
    for event in [true, false] {
        let mut st = new("1863", 5);
        st.sc_rules = Default::default();
        // Nobody holds #63 yet.
        let c = CardId(raise as u16 - 1);
        if st.piles.cards(HAND[0]).contains(&c) || st.piles.cards(HAND[1]).contains(&c) {
            let from = st.piles.find(c).unwrap();
            st.piles.move_card(c, from, DECK).unwrap();
        }
        round_with(&mut st, Side::Union, raise);
        g.proceed(&mut st, &mut Log::quiet()).unwrap();
        assert!(st.sc_rules.blockade_card_held, "dealt or drawn: held");
        assert!(!st.sc_rules.blockade_card_played);
        let before = st.blockade;
        if event {
            act(&mut st, Side::Union, &format!("event {raise}"));
            assert_eq!(st.blockade, before + 1);
        } else {
            act(&mut st, Side::Union, &format!("ops {raise}"));
        }
        assert_eq!(st.sc_rules.blockade_card_played, event, "event {event}");
        assert_eq!(g.blockade_duty_penalty(&st, -10), if event { 0 } else { -10 });
    }
    // The 1861 scenario has no obligation: nothing is recorded.
    let mut st = new("1861", 5);
    round_with(&mut st, Side::Union, raise);
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    assert!(!st.sc_rules.blockade_card_held);
}

/// FtP 17.2.1 reading, option `auto-victory-timing`: with `immediate` the CSA's SW
/// at 0 ends the game after the action that caused it, decisions still pending or not; with the
/// default `end-of-turn` the game goes on to the End of Turn Phase (ES 3.6).
#[test]
fn auto_victory_timing_option_fpt_17_2_1_17_2_2() {
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    for immediate in [false, true] {
        let mut setup = Setup::new("1863", 2, 4);
        setup.options.insert("auto-victory-timing".into(), if immediate { "immediate" } else { "end-of-turn" }.into());
        let mut st = g.setup(&setup).expect("setup");
        assert_eq!(st.opts.auto_victory_immediate, immediate);
        assert!(!g.active_seats(&st).is_empty());
        st.sw[1] = 0;
        g.proceed(&mut st, &mut Log::quiet()).unwrap();
        assert_eq!(st.result.as_ref().map(|r| r.0.clone()), immediate.then(|| vec![0]), "immediate {immediate}");
        assert_eq!(g.active_seats(&st).is_empty(), immediate);
        if immediate {
            let a = g.legal_actions(&st, 0);
            assert!(a.is_empty());
            check(&st);
        }
    }
}

/// Scenarios introduction ("podéis empezar un escenario y jugar hasta el final de uno de los
/// escenarios posteriores"): option `play-until` ends the game at a later scenario's last turn
/// with its victory conditions; an earlier or the same scenario is refused.
#[test]
fn play_until_a_later_scenario_fpt_scenarios_intro() {
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    let mut setup = Setup::new("1861", 2, 4);
    setup.options.insert("play-until".into(), "1862".into());
    let mut st = g.setup(&setup).expect("setup");
    assert_eq!(st.end_sc, g.c.scenarios.iter().position(|s| s.id == "1862").map(|i| i as u8));
    // The end of Fall 1861 (turn 3) no longer ends the game.
    st.turn = 3;
    st.flow.clear();
    g.end_turn(&mut st, &mut Log::quiet());
    assert!(st.result.is_none(), "{:?}", st.result);
    assert_eq!(st.turn, 4);
    // Fall 1862 (turn 6) does, by the 1862 victory (the Union wins with SW above the CSA's, 14.7).
    st.turn = 6;
    st.sw = [120, 80];
    st.flow.clear();
    g.end_turn(&mut st, &mut Log::quiet());
    let r = st.result.clone().expect("the end of 1862");
    assert!(r.1.contains("1862"), "{}", r.1);
    // The scenario itself, or an earlier one: refused with the rule named.
    let mut s = Setup::new("1861", 2, 4);
    s.options.insert("play-until".into(), "scenario".into());
    assert_eq!(g.setup(&s).expect("the scenario as written").end_sc, None);
    let mut s = Setup::new("1863", 2, 4);
    s.options.insert("play-until".into(), "1862".into());
    assert_eq!(g.setup(&s).expect_err("an earlier scenario").rule, "FtP Scenarios");
}

/// FtP 3.6 vs 17.2.1 reading, option `auto-victory-last-turn`: at the end of Spring 1865 (the
/// 1864 scenario's last turn) the CSA has more than twice the Union's SW and the Union controls 10
/// CSA states. `checked` (default, 17.2.1 "at the end of any turn"): the CSA wins automatically;
/// `scenario` (3.6: the last turn ends the game, automatic victory is for the other turns): 17.3
/// decides, the Union wins with its 10 states. On an earlier turn both readings check 17.2.
#[test]
fn auto_victory_on_the_last_turn_option_fpt_3_6_17_2_1() {
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    for (value, winner) in [("checked", 1u8), ("scenario", 0)] {
        let mut setup = Setup::new("1864", 2, 4);
        setup.options.insert("auto-victory-last-turn".into(), value.into());
        let base = g.setup(&setup).expect("setup");
        assert_eq!(base.opts.last_turn_scenario_only, value == "scenario");
        let mut st = base.clone();
        for s in ["tn", "ar", "tx", "la", "ms", "al", "ga", "fl", "nc", "sc"] {
            st.state_control[g.c.state(s).expect("state") as usize] = Control::Of(Side::Union);
        }
        st.sw = [30, 70];
        st.turn = 13;
        st.flow.clear();
        g.end_turn(&mut st, &mut Log::quiet());
        let r = st.result.clone().expect("the game ends");
        assert_eq!(r.0, vec![winner], "{value}: {}", r.1);
        // Summer 1864 (turn 11): the CSA's automatic victory either way.
        let mut st = base.clone();
        st.sw = [30, 70];
        st.turn = 11;
        st.flow.clear();
        g.end_turn(&mut st, &mut Log::quiet());
        assert_eq!(st.result.map(|r| r.0), Some(vec![1]), "{value}: turn 11");
    }
}

/// FtP 15.7 (ES) reading, option `sp-differential`: the SP differential
/// printed with the 1863 victory conditions. `1863` (default): it counts when the game ends
/// with them (the 1863 scenario, or 1862 played until 1863), not at the end of 1862 or 1864;
/// `every-end`: at the end of every game. Union SP - CSA SP = 30 (5 below the base 35): the
/// CSA gains 10 SW; 50 (15 above): the Union gains 15. The Italian edition has no differential.
#[test]
fn sp_differential_at_the_end_by_option_fpt_15_7() {
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    let end = |sc: &str, until: Option<&str>, every: bool, edition: &str, union_sp: u8, sw: [i16; 2]| {
        let mut setup = Setup::new(sc, 2, 4);
        setup.options.insert("edition".into(), edition.into());
        if let Some(u) = until {
            setup.options.insert("play-until".into(), u.into());
        }
        if every {
            setup.options.insert("sp-differential".into(), "every-end".into());
        }
        let mut st = g.setup(&setup).expect("setup");
        assert_eq!(st.opts.sp_differential_every_end, every);
        empty_map(&mut st);
        put_sp(&mut st, Side::Union, "washington", union_sp);
        st.sw = sw;
        st.sc_rules.blockade_card_held = false; // no blockade obligation (15)
        (g.sw_at_end(&st), g.scenario_victory(&st).0)
    };
    // 1863 (ES), either reading: 85 - 80 is a Union lead of 5, minus 10 for the CSA: the CSA wins.
    for every in [false, true] {
        assert_eq!(end("1863", None, every, "spanish", 30, [85, 80]), ([85, 90], vec![1]));
        assert_eq!(end("1862", Some("1863"), every, "spanish", 30, [85, 80]), ([85, 90], vec![1]), "played until 1863");
        assert_eq!(end("1863", None, every, "spanish", 50, [85, 90]), ([100, 90], vec![0]), "15 above: Union +15");
    }
    // 1862 (ES: the Union wins with more SW): only `every-end` counts the differential.
    assert_eq!(end("1862", None, false, "spanish", 30, [85, 80]), ([85, 80], vec![0]));
    assert_eq!(end("1862", None, true, "spanish", 30, [85, 80]), ([85, 90], vec![1]));
    // 1864 (17.3: a state per full 25 SW of lead): 100 - 70 = 30 is one state; with -10, none.
    assert_eq!(end("1864", None, false, "spanish", 30, [100, 70]).0, [100, 70]);
    assert_eq!(end("1864", None, true, "spanish", 30, [100, 70]).0, [100, 80]);
    // The Italian rules have no SP differential in any reading.
    assert_eq!(end("1863", None, true, "italian", 30, [85, 80]).0, [85, 80]);
    assert_eq!(end("1862", None, true, "italian", 30, [85, 80]).0, [85, 80]);
}
