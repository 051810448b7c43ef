//! A test per card with a rulebook mechanism (FtP 4.2.4-4.2.6, 4.4, 10.5.3): a position where
//! the event is playable, played with forced choices and dice, the exact effect checked; and a
//! position where it is not, the refusal checked. Also the special-event rules of 4.4.

use super::super::content::{Control, Side};
use super::super::state::*;
use super::testkit::*;
use bivouac_engine::game::Game;
use bivouac_engine::log::Log;

fn refused(st: &mut State, side: Side, n: u8) {
    let g = game();
    assert!(!offered(g, st, side, n), "#{n} offered");
    let before = serde_json::to_string(&*st).unwrap();
    let r = play(g, st, side, n, &[], &[]).unwrap_err();
    assert!(r.rule.starts_with("FtP"), "{r}");
    assert_eq!(serde_json::to_string(&*st).unwrap(), before);
}

/// A position in `sc`, `side`'s round, holding card `n`.
fn with_card(sc: &str, side: Side, n: u8) -> State {
    let mut st = position(sc, 1);
    give(&mut st, side, n);
    round(&mut st, side);
    st
}

// ---------------------------------------------------------------------------------------------
// FtP 10.5.3: blockade cards

#[test]
fn blockade_raising_cards_61_63_68_69_71_98_127_fpt_10_5_3() {
    let g = game();
    for n in [61u8, 63, 68, 69, 71, 98, 127] {
        let sc = if n == 127 { "1862" } else { "1861" };
        let mut st = with_card(sc, Side::Union, n);
        let b = st.blockade;
        play(g, &mut st, Side::Union, n, &[], &[]).unwrap();
        assert_eq!(st.blockade, b + 1, "#{n}");
        // FtP 4.2.1: only #68 is removed (the example of play).
        assert_eq!(pile_of(&st, n), if n == 68 { "removed" } else { "discard" }, "#{n}");
        // Never above 5.
        let mut st = with_card(sc, Side::Union, n);
        st.blockade = 5;
        play(g, &mut st, Side::Union, n, &[], &[]).unwrap();
        assert_eq!(st.blockade, 5, "#{n}");
        // A Union event: the CSA cannot play it.
        let mut st = with_card(sc, Side::Csa, n);
        refused(&mut st, Side::Csa, n);
    }
}

#[test]
fn card_071_anaconda_example_blockade_1_to_2_and_cap_4_after_intervention_fpt_10_5_3() {
    let g = game();
    let mut st = with_card("1861", Side::Union, 71);
    st.blockade = 1;
    play(g, &mut st, Side::Union, 71, &[], &[]).unwrap();
    assert_eq!(st.blockade, 2);
    // After Foreign Intervention: never above 4.
    let mut st = with_card("1861", Side::Union, 71);
    st.blockade = 4;
    st.in_force.push(super::InForce { card: 82, until: None });
    play(g, &mut st, Side::Union, 71, &[], &[]).unwrap();
    assert_eq!(st.blockade, 4);
}

/// T-FORT-1 (FtP 6.8.5): played in play, through 061.lua.
#[test]
fn card_061_ship_island_union_pc_on_forts_st_philip_jackson_fpt_6_8_5() {
    let g = game();
    let forts = sp("forts_st_philip_jackson");
    let mut st = with_card("1861", Side::Union, 61);
    assert_eq!(st.control(forts), Control::Of(Side::Csa));
    let sw = st.sw;
    play(g, &mut st, Side::Union, 61, &[], &[]).unwrap();
    assert_eq!(st.control(forts), Control::Of(Side::Union));
    // A coastal fort captured (FtP 12.11): SW to the Union, from the CSA.
    assert!(st.sw[0] > sw[0] && st.sw[1] < sw[1]);
    // A CSA SP there: no PC.
    let mut st = with_card("1861", Side::Union, 61);
    st.sp[forts as usize][1] = 1;
    play(g, &mut st, Side::Union, 61, &[], &[]).unwrap();
    assert_eq!(st.control(forts), Control::Of(Side::Csa));
    // FtP 6.8.5 "y/o buque blindado confederado": a CSA ironclad there, no CSA SP: no PC, the
    // ironclad stays (no PC to sweep it, 6.7), the blockade still rises.
    let mut st = with_card("1861", Side::Union, 61);
    st.sp[forts as usize][1] = 0;
    st.naval.ironclads = vec![forts];
    let level = st.blockade;
    play(g, &mut st, Side::Union, 61, &[], &[]).unwrap();
    assert_eq!(st.control(forts), Control::Of(Side::Csa));
    assert!(st.naval.ironclad(forts));
    assert_eq!(st.blockade, level + 1);
}

#[test]
fn card_128_naval_stores_shortage_lowers_blockade_fpt_10_5_3() {
    let g = game();
    let mut st = with_card("1862", Side::Csa, 128);
    st.blockade = 2;
    play(g, &mut st, Side::Csa, 128, &[], &[]).unwrap();
    assert_eq!(st.blockade, 1);
    let mut st = with_card("1862", Side::Csa, 128);
    st.blockade = 0;
    play(g, &mut st, Side::Csa, 128, &[], &[]).unwrap();
    assert_eq!(st.blockade, 0);
    let mut st = with_card("1862", Side::Union, 128);
    refused(&mut st, Side::Union, 128);
}

// ---------------------------------------------------------------------------------------------
// FtP 4.2.4: SP-removal events and who chooses

#[test]
fn card_073_balls_bluff_csa_chooses_one_union_sp_example_army_of_the_potomac_fpt_4_2_4() {
    let g = game();
    let mut st = with_card("1861", Side::Csa, 73);
    let potomac = g.c.army("army_of_the_potomac").unwrap() as usize;
    let before = st.armies[potomac].unwrap().sp;
    let lost = st.sp_lost[0];
    // Played step by step: the CSA is asked (cards.toml: sp_removal_chooser = "csa").
    // A Union card in hand keeps the turn going (no attrition after the event).
    give(&mut st, Side::Union, 1);
    g.apply(&mut st, 1, &Action::Event { card: 73 }, &mut Log::quiet()).unwrap();
    assert_eq!(g.active_seats(&st), vec![1]);
    assert!(options(&st).contains(&"washington".to_string()));
    assert!(!options(&st).contains(&"manassas".to_string()), "CSA SP are not offered");
    g.apply(&mut st, 1, &Action::Choose { option: "washington".into() }, &mut Log::quiet()).unwrap();
    // The example: 1 SP from the Army of the Potomac.
    assert_eq!(st.armies[potomac].unwrap().sp, before - 1);
    assert_eq!(st.sp_lost[0], lost + 1);
    // A Union card can't be played by... the Union.
    let mut st = with_card("1861", Side::Union, 73);
    refused(&mut st, Side::Union, 73);
}

/// FtP 4.2.4: the card's chooser picks the SP removed ("the event text says which player
/// chooses the units"): with loose Union SP beside the Army of the Potomac, Ball's Bluff asks
/// the CSA whether the SP comes off the army or the loose SP. Infantry only: the army's
/// cavalry brigade is never offered. A refused pick names 4.2.4 and changes nothing.
#[test]
fn card_073_the_chooser_picks_loose_or_army_infantry_fpt_4_2_4() {
    let g = game();
    let mut st = with_card("1861", Side::Csa, 73);
    let potomac = g.c.army("army_of_the_potomac").unwrap();
    let washington = sp("washington");
    super::super::play_tests::put_sp(&mut st, Side::Union, "washington", 2);
    let pleasonton = g.c.general("pleasonton").unwrap();
    st.generals[pleasonton as usize] = GenAt::Army(potomac);
    st.sp_at_start[0] += 1;
    let before = st.armies[potomac as usize].unwrap().sp;
    give(&mut st, Side::Union, 1);
    g.apply(&mut st, 1, &Action::Event { card: 73 }, &mut Log::quiet()).unwrap();
    g.apply(&mut st, 1, &Action::Choose { option: "washington".into() }, &mut Log::quiet()).unwrap();
    assert!(matches!(st.flow.top(), Some(Frame::SpaceLosses { side: Side::Union, left: 1, cause: LossCause::Event { chooser: Side::Csa }, .. })), "{:?}", st.flow.top());
    assert_eq!(g.active_seats(&st), vec![1], "the CSA chooses (cards.toml sp_removal_chooser)");
    let mut l = g.legal_actions(&st, 1);
    l.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(l, vec![Action::LoseArmyInfantry, Action::LoseInfantry], "infantry only: no brigade");
    assert!(g.legal_actions(&st, 0).is_empty());
    let frozen = serde_json::to_string(&st).unwrap();
    let r = g.apply(&mut st, 1, &Action::LoseBrigade { general: pleasonton }, &mut Log::quiet()).unwrap_err();
    assert_eq!(r.rule, "FtP 4.2.4", "{r}");
    assert_eq!(serde_json::to_string(&st).unwrap(), frozen);
    let mut loose = st.clone();
    g.apply(&mut loose, 1, &Action::LoseInfantry, &mut Log::quiet()).unwrap();
    assert_eq!((loose.sp[washington as usize][0], loose.armies[potomac as usize].unwrap().sp), (1, before));
    g.apply(&mut st, 1, &Action::LoseArmyInfantry, &mut Log::quiet()).unwrap();
    assert_eq!((st.sp[washington as usize][0], st.armies[potomac as usize].unwrap().sp), (2, before - 1));
    assert_eq!(st.generals[pleasonton as usize], GenAt::Army(potomac));
    for s in [&st, &loose] {
        assert!(!matches!(s.flow.top(), Some(Frame::SpaceLosses { .. })));
        g.check_invariants(s).unwrap();
    }
}

#[test]
fn sp_removal_cards_ask_the_chooser_of_cards_toml_fpt_4_2_4() {
    let g = game();
    // (card, scenario, player, chooser, victim, SP removed)
    let cases = [(5u8, "1861", Side::Csa, Side::Csa, Side::Union, 1u32), (5, "1861", Side::Union, Side::Union, Side::Csa, 1), (20, "1861", Side::Csa, Side::Csa, Side::Union, 2), (31, "1861", Side::Union, Side::Union, Side::Csa, 1), (39, "1863", Side::Csa, Side::Union, Side::Union, 2), (65, "1861", Side::Csa, Side::Union, Side::Union, 2)];
    for (n, sc, player, chooser, victim, count) in cases {
        let mut st = with_card(sc, player, n);
        // A card in the other hand keeps the turn going (no attrition after the event).
        give(&mut st, super::super::rules::other(player), 1);
        let total = g.total_sp(&st, victim);
        g.apply(&mut st, player.index() as u8, &Action::Event { card: n }, &mut Log::quiet()).unwrap_or_else(|e| panic!("#{n}: {e}"));
        for _ in 0..count {
            assert_eq!(g.active_seats(&st), vec![chooser.index() as u8], "#{n}: the chooser");
            let o = options(&st)[0].clone();
            assert!(g.infantry(&st, victim, sp(&o)) > 0, "#{n}: only spaces with the victim's infantry");
            g.apply(&mut st, chooser.index() as u8, &Action::Choose { option: o.as_str().into() }, &mut Log::quiet()).unwrap();
        }
        assert!(st.events.is_empty(), "#{n}");
        assert_eq!(g.total_sp(&st, victim), total - count, "#{n}");
    }
    // Turn windows (authored): #39 not in 1861, #65 only in 1861.
    let mut st = with_card("1861", Side::Csa, 39);
    refused(&mut st, Side::Csa, 39);
    let mut st = with_card("1862", Side::Csa, 65);
    refused(&mut st, Side::Csa, 65);
}

#[test]
fn sp_removal_takes_infantry_only_and_an_armys_last_sp_eliminates_it_fpt_4_2_4() {
    let g = game();
    let mut st = with_card("1861", Side::Csa, 73);
    // The Union has only the Army of the Potomac with 1 SP.
    for x in st.sp.iter_mut() {
        x[0] = 0;
    }
    let potomac = g.c.army("army_of_the_potomac").unwrap() as usize;
    for (i, a) in st.armies.iter_mut().enumerate() {
        if i != potomac {
            *a = None;
        }
    }
    st.armies[potomac].as_mut().unwrap().sp = 1;
    let sw = st.sw[0];
    play(g, &mut st, Side::Csa, 73, &["washington"], &[]).unwrap();
    assert!(st.armies[potomac].is_none(), "the army is eliminated");
    assert!(st.sw[0] < sw, "with its penalty (FtP 12.7)");
    // No Union infantry left anywhere: not playable.
    let mut st = with_card("1861", Side::Csa, 73);
    for x in st.sp.iter_mut() {
        x[0] = 0;
    }
    for (i, a) in st.armies.iter_mut().enumerate() {
        if g.c.armies[i].side == Side::Union {
            *a = None;
        }
    }
    refused(&mut st, Side::Csa, 73);
}

// ---------------------------------------------------------------------------------------------
// FtP 4.2.6, 4.4: card removal and random discards

#[test]
fn card_025_railroad_deterioration_discards_a_csa_card_fpt_4_2_6() {
    let g = game();
    let mut st = with_card("1861", Side::Union, 25);
    give(&mut st, Side::Csa, 12);
    play(g, &mut st, Side::Union, 25, &[], &[]).unwrap();
    // Discarded, not removed from the game; then it is the CSA's normal round.
    assert_eq!(pile_of(&st, 12), "discard");
    assert_eq!(st.next, Side::Csa);
    // FtP 4.2.6: nothing to take: not playable.
    let mut st = with_card("1861", Side::Union, 25);
    refused(&mut st, Side::Union, 25);
}

#[test]
fn card_027_choctaw_indians_random_union_discard_fpt_4_4() {
    let g = game();
    let mut st = with_card("1861", Side::Csa, 27);
    give(&mut st, Side::Union, 9);
    give(&mut st, Side::Union, 10);
    play(g, &mut st, Side::Csa, 27, &[], &[]).unwrap();
    assert_eq!(st.piles.len(HAND[0]), 1);
    assert!(pile_of(&st, 9) == "discard" || pile_of(&st, 10) == "discard");
    let mut st = with_card("1861", Side::Csa, 27);
    refused(&mut st, Side::Csa, 27);
}

#[test]
fn a_special_event_discarded_by_an_event_still_happens_if_its_conditions_hold_fpt_4_4() {
    let g = game();
    // The rulebook's example: Choctaw Indians discards Foreign Intervention with CSA SW >= 110.
    let mut st = with_card("1861", Side::Csa, 27);
    give(&mut st, Side::Union, 82);
    st.sw[1] = 115;
    let u = st.sw[0];
    st.blockade = 2;
    play(g, &mut st, Side::Csa, 27, &[], &[]).unwrap();
    assert_eq!(pile_of(&st, 82), "removed");
    assert_eq!(st.blockade, 1);
    assert!(st.in_force.iter().any(|f| f.card == 82));
    assert_eq!(st.sw[0], u - 10);
    assert!(!st.special_reshuffle);
    // Conditions not met: just discarded, and the deck will be reshuffled (FtP 4.4.2).
    let mut st = with_card("1861", Side::Csa, 27);
    give(&mut st, Side::Union, 82);
    play(g, &mut st, Side::Csa, 27, &[], &[]).unwrap();
    assert_eq!(pile_of(&st, 82), "discard");
    assert!(st.special_reshuffle);
    g.end_of_strategy_rounds(&mut st, &mut Log::quiet());
    assert_eq!(pile_of(&st, 82), "deck");
    assert!(st.piles.is_empty(DISCARD));
}

/// FtP 4.4 edition setting `discarded_special_happens`: the Spanish "Si, a causa de un evento que
/// obligue a descartarse, se descarta una carta con evento especial, este se produce igualmente"
/// has no counterpart in IT 4.41/4.42 (a discarded special only reshuffles the deck). The
/// rulebook's example in the Italian edition: Foreign Intervention is just discarded.
#[test]
fn a_discarded_special_event_does_not_happen_in_the_italian_edition_fpt_4_4() {
    let g = game();
    let mut st = with_card("1861", Side::Csa, 27);
    st.edition = g.c.edition("italian").unwrap();
    give(&mut st, Side::Union, 82);
    st.sw[1] = 115;
    let u = st.sw[0];
    st.blockade = 2;
    play(g, &mut st, Side::Csa, 27, &[], &[]).unwrap();
    assert_eq!(pile_of(&st, 82), "discard");
    assert_eq!((st.blockade, st.sw[0]), (2, u), "no Foreign Intervention");
    assert!(!st.in_force.iter().any(|f| f.card == 82));
    assert!(st.special_reshuffle, "IT 4.42: the deck is reshuffled before the next turn");
}

// ---------------------------------------------------------------------------------------------
// FtP 4.4: special events

#[test]
fn card_081_emancipation_is_mandatory_once_its_conditions_hold_fpt_4_4_1() {
    let g = game();
    let mut st = with_card("1862", Side::Union, 81);
    give(&mut st, Side::Union, 9);
    // No Union medium or large win this turn: not an event; not for OPs unless the last card;
    // never a discard (4.2.3).
    assert!(!offered(g, &st, Side::Union, 81));
    let legal = g.legal_actions(&st, 0);
    assert!(!legal.contains(&Action::Ops { card: 81 }) && !legal.contains(&Action::Discard { card: 81 }));
    refused(&mut st, Side::Union, 81);
    // After a Union win in a medium or large battle this turn: the only legal action.
    g.note_battle(&mut st, true, true);
    assert_eq!(g.legal_actions(&st, 0), vec![Action::Event { card: 81 }]);
    let sw = st.sw;
    play(g, &mut st, Side::Union, 81, &[], &[]).unwrap();
    assert!(st.emancipation);
    assert_eq!(st.sw, sw);
    assert_eq!(pile_of(&st, 81), "removed");
    // The CSA holding it must play it too.
    let mut st = with_card("1862", Side::Csa, 81);
    give(&mut st, Side::Csa, 12);
    g.note_battle(&mut st, true, true);
    assert_eq!(g.legal_actions(&st, 1), vec![Action::Event { card: 81 }]);
    // A small battle or a CSA win does not count.
    let mut st = with_card("1862", Side::Union, 81);
    g.note_battle(&mut st, true, false);
    g.note_battle(&mut st, false, true);
    refused(&mut st, Side::Union, 81);
    // As the last card, for OPs: the deck is reshuffled at the end of the rounds (4.4.1).
    assert!(g.legal_actions(&st, 0).contains(&Action::Ops { card: 81 }));
    g.apply(&mut st, 0, &Action::Ops { card: 81 }, &mut Log::quiet()).unwrap();
    assert!(st.special_reshuffle);
}

#[test]
fn card_082_foreign_intervention_at_csa_sw_110_fpt_4_4_2() {
    let g = game();
    let mut st = with_card("1862", Side::Csa, 82);
    give(&mut st, Side::Csa, 12);
    // Below 110: not an event, not for OPs (not the last card), never discarded.
    st.sw[1] = 109;
    refused(&mut st, Side::Csa, 82);
    assert!(!g.legal_actions(&st, 1).iter().any(|a| matches!(a, Action::Ops { card: 82 } | Action::Discard { card: 82 })));
    // At 110: playable; the holder may wait (other cards stay legal) ...
    st.sw[1] = 110;
    assert!(offered(g, &st, Side::Csa, 82));
    assert!(g.legal_actions(&st, 1).contains(&Action::Ops { card: 12 }));
    // ... but not beyond the last round.
    let mut last = with_card("1862", Side::Csa, 82);
    last.sw[1] = 110;
    assert_eq!(g.legal_actions(&last, 1), vec![Action::Event { card: 82 }]);
    st.blockade = 5;
    let u = st.sw[0];
    play(g, &mut st, Side::Csa, 82, &[], &[]).unwrap();
    // Blockade -1 and capped at 4; Union SW -10; removed; in force for the rest of the game.
    assert_eq!(st.blockade, 4);
    assert_eq!(st.sw[0], u - 10);
    assert_eq!(pile_of(&st, 82), "removed");
    assert!(st.in_force.iter().any(|f| f.card == 82 && f.until.is_none()));
    // Holding #81 and #82, #82 may go for OPs as the second-to-last card.
    let mut st = with_card("1862", Side::Union, 82);
    give(&mut st, Side::Union, 81);
    let legal = g.legal_actions(&st, 0);
    assert!(legal.contains(&Action::Ops { card: 82 }) && !legal.contains(&Action::Ops { card: 81 }));
}

// ---------------------------------------------------------------------------------------------
// FtP 4.2.5: Quaker Guns

/// FtP 4.3.1 "Una fuerza ... cuyo desplazamiento resulta cancelado por una carta de interrupción
/// ya no puede activarse nuevamente durante el resto de ese evento de campaña", with 4.2.5 (the
/// rest of the campaign's moves come before the interrupting player's round): Quaker Guns
/// cancels the Army of the Potomac's move on a Major Campaign; the army (and its generals) is not
/// offered again on that card, other forces are.
#[test]
fn a_force_whose_campaign_move_an_interrupt_cancelled_does_not_move_again_on_that_card_fpt_4_3_1() {
    let g = game();
    let mut st = major_campaign_against_89();
    let act = |st: &mut State, seat: u8, t: &str| g.apply(st, seat, &g.parse(t).unwrap(), &mut Log::quiet()).unwrap_or_else(|e| panic!("{t}: {e}"));
    act(&mut st, 0, "event 83");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 3, .. })));
    let potomac = g.c.army("army_of_the_potomac").unwrap();
    assert!(g.legal_actions(&st, 0).contains(&Action::MoveArmy { army: potomac }));
    act(&mut st, 0, "army army_of_the_potomac");
    assert_eq!(st.flow.top(), Some(&Frame::Interrupt { side: Side::Csa }));
    let at = st.armies[potomac as usize].unwrap().space;
    act(&mut st, 1, "event 89");
    assert!(st.moving.is_none());
    assert_eq!(st.armies[potomac as usize].unwrap().space, at);
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { side: Side::Union, left: 2 })), "{:?}", st.flow.top());
    let legal = g.legal_actions(&st, 0);
    assert!(!legal.contains(&Action::MoveArmy { army: potomac }), "FtP 4.3.1: the cancelled army is not offered again: {legal:?}");
    assert!(legal.iter().any(|a| matches!(a, Action::MoveCorps { .. } | Action::MoveDivision { .. })), "other forces move: {legal:?}");
    let r = g.apply(&mut st, 0, &Action::MoveArmy { army: potomac }, &mut Log::quiet()).unwrap_err();
    assert_eq!(r.rule, "FtP 4.3.1", "{r}");
}

#[test]
fn card_089_quaker_guns_cancels_a_union_move_then_the_csa_plays_its_round_fpt_4_2_5() {
    let g = game();
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 89);
    give(&mut st, Side::Csa, 12);
    give(&mut st, Side::Union, 9);
    // On its own round it is not playable: it is an interrupt.
    round(&mut st, Side::Csa);
    refused(&mut st, Side::Csa, 89);
    round(&mut st, Side::Union);
    let act = |st: &mut State, seat: u8, t: &str| g.apply(st, seat, &g.parse(t).unwrap(), &mut Log::quiet()).unwrap_or_else(|e| panic!("{t}: {e}"));
    act(&mut st, 0, "ops 9");
    act(&mut st, 0, "army army_of_the_potomac");
    assert_eq!(st.flow.top(), Some(&Frame::Interrupt { side: Side::Csa }));
    let potomac = g.c.army("army_of_the_potomac").unwrap() as usize;
    let at = st.armies[potomac].unwrap().space;
    act(&mut st, 1, "event 89");
    assert!(st.moving.is_none());
    assert_eq!(st.armies[potomac].unwrap().space, at);
    assert_eq!(st.flow.top(), Some(&Frame::Round { side: Side::Csa }));
    assert_eq!(st.piles.len(HAND[1]), 1, "the interrupt did not use up the CSA round");
}

// ---------------------------------------------------------------------------------------------
// FtP 4.2.6, 4.6: Forward to Richmond!

#[test]
fn card_003_forward_to_richmond_the_union_must_use_the_taken_card_to_move_an_army_fpt_4_6() {
    let g = game();
    let mut st = with_card("1861", Side::Csa, 3);
    give(&mut st, Side::Union, 9);
    give(&mut st, Side::Csa, 12);
    play(g, &mut st, Side::Csa, 3, &[], &[]).unwrap();
    assert_eq!(st.forward, Some(9));
    // The Union's next round: that card, for OPs only; then only a named general's army moves.
    round(&mut st, Side::Union);
    give(&mut st, Side::Union, 10);
    assert_eq!(g.legal_actions(&st, 0), vec![Action::Ops { card: 9 }]);
    g.apply(&mut st, 0, &Action::Ops { card: 9 }, &mut Log::quiet()).unwrap();
    let legal = g.legal_actions(&st, 0);
    assert!(!legal.is_empty() && legal.iter().all(|a| matches!(a, Action::MoveArmy { .. })), "{legal:?}");
    g.apply(&mut st, 0, &legal[0], &mut Log::quiet()).unwrap();
    assert_eq!(st.forward, None);
    // FtP 4.6.5: not with an empty Union hand; [MISSING] not offered to the Union.
    let mut st = with_card("1861", Side::Csa, 3);
    refused(&mut st, Side::Csa, 3);
    let mut st = with_card("1861", Side::Union, 3);
    give(&mut st, Side::Csa, 12);
    refused(&mut st, Side::Union, 3);
}

/// FtP 4.6.5 "si el jugador de la Unión no tiene ninguna carta en su mano de la que se pueda
/// descartar", with 4.2.3 (special events are never discarded, nor Red River by the Union): only
/// a card the Union could discard counts for the CSA's play, and only such a card is taken.
#[test]
fn card_003_takes_only_a_card_the_union_could_discard_fpt_4_6_5_4_2_3() {
    let g = game();
    let mut st = with_card("1861", Side::Csa, 3);
    give(&mut st, Side::Union, 81);
    give(&mut st, Side::Union, 14);
    refused(&mut st, Side::Csa, 3);
    for seed in 1..=8 {
        let mut st = position("1861", seed);
        give(&mut st, Side::Csa, 3);
        round(&mut st, Side::Csa);
        for n in [81, 14, 9, 82] {
            give(&mut st, Side::Union, n);
        }
        play(g, &mut st, Side::Csa, 3, &[], &[]).unwrap();
        assert_eq!(st.forward, Some(9), "seed {seed}: FtP 4.6.5: the one card the Union could discard");
    }
}

// ---------------------------------------------------------------------------------------------
// FtP 4.5: concentration events

/// Every CSA general off the map (no concentration space possible).
fn no_csa_generals(st: &mut State) {
    let g = game();
    for (i, at) in st.generals.iter_mut().enumerate() {
        if g.c.generals[i].side == Side::Csa && matches!(at, GenAt::Map(_) | GenAt::Army(_)) {
            *at = GenAt::Track(9);
        }
    }
}

#[test]
fn concentration_cards_75_100_101_102_rail_sp_in_then_activate_a_general_there_fpt_4_5() {
    let g = game();
    for n in [75u8, 100, 101, 102] {
        let mut st = with_card("1861", Side::Csa, n);
        give(&mut st, Side::Union, 1);
        let manassas = sp("manassas");
        let before = st.sp[manassas as usize][1];
        g.apply(&mut st, 1, &Action::Event { card: n }, &mut Log::quiet()).unwrap();
        // FtP 4.5.1: a friendly space of an original CSA state with a CSA general.
        let targets = options(&st);
        assert!(targets.contains(&"manassas".to_string()), "#{n}: {targets:?}");
        assert!(targets.iter().all(|t| g.original(sp(t)) == super::super::content::StateSide::Csa));
        g.apply(&mut st, 1, &Action::Choose { option: "manassas".into() }, &mut Log::quiet()).unwrap();
        // Sources: by rail through friendly spaces; one SP at a time, then done.
        let src = options(&st);
        assert_eq!(src.last().map(String::as_str), Some("done"));
        let moved = if src.len() > 1 {
            let from = sp(&src[0]);
            let had = st.sp[from as usize][1];
            g.apply(&mut st, 1, &Action::Choose { option: src[0].as_str().into() }, &mut Log::quiet()).unwrap();
            g.apply(&mut st, 1, &Action::Choose { option: "done".into() }, &mut Log::quiet()).unwrap();
            assert_eq!(st.sp[from as usize][1], had - 1, "#{n}");
            1
        } else {
            g.apply(&mut st, 1, &Action::Choose { option: "done".into() }, &mut Log::quiet()).unwrap();
            0
        };
        assert_eq!(st.sp[manassas as usize][1], before + moved, "#{n}");
        // FtP 4.5.2: one move of a force led by a general at Manassas (or done).
        let legal = g.legal_actions(&st, 1);
        assert!(legal.contains(&Action::Done));
        assert!(legal.len() > 1, "#{n}: {legal:?}");
        for a in &legal {
            match *a {
                Action::MoveCorps { general, .. } | Action::MoveBrigade { general } => assert_eq!(st.generals[general as usize], GenAt::Map(manassas)),
                Action::MoveArmy { army } => assert_eq!(st.armies[army as usize].unwrap().space, manassas),
                Action::Done => {}
                ref x => panic!("#{n}: {x:?}"),
            }
        }
        g.apply(&mut st, 1, &legal[0], &mut Log::quiet()).unwrap();
        assert!(st.moving.is_some());
        assert_eq!(st.concentration, None);
        // No CSA general on the map: not playable.
        let mut st = with_card("1861", Side::Csa, n);
        no_csa_generals(&mut st);
        refused(&mut st, Side::Csa, n);
    }
}

/// FtP 4.5.1 edition setting `concentration_original_csa`: the Spanish "un espacio en un estado
/// originalmente bajo control de la Confederación" is not in IT 4.51 (only the rail link). A CSA
/// general at Columbus (Kentucky, a border state): a concentration space in the Italian edition
/// only.
#[test]
fn concentration_space_in_a_border_state_italian_edition_only_fpt_4_5_1() {
    let g = game();
    let columbus = sp("columbus_ky");
    for (ed, ok) in [("spanish", false), ("italian", true)] {
        let mut st = with_card("1861", Side::Csa, 100);
        st.edition = g.c.edition(ed).unwrap();
        give(&mut st, Side::Union, 1);
        let csa_gen = (0..g.c.generals.len()).find(|&i| g.c.generals[i].side == Side::Csa && !g.c.generals[i].cavalry && matches!(st.generals[i], GenAt::Track(_) | GenAt::Out)).unwrap();
        st.generals[csa_gen] = GenAt::Map(columbus);
        assert_eq!(st.control(columbus), Control::Of(Side::Csa));
        g.apply(&mut st, 1, &Action::Event { card: 100 }, &mut Log::quiet()).unwrap();
        assert_eq!(options(&st).contains(&"columbus_ky".to_string()), ok, "{ed}: {:?}", options(&st));
        if ok {
            g.apply(&mut st, 1, &Action::Choose { option: "columbus_ky".into() }, &mut Log::quiet()).unwrap();
            while options(&st).contains(&"done".to_string()) {
                g.apply(&mut st, 1, &Action::Choose { option: "done".into() }, &mut Log::quiet()).unwrap();
            }
            assert_eq!(st.concentration, Some(columbus), "{ed}: the concentration is made at Columbus");
        }
    }
}

#[test]
fn card_103_seven_days_either_side_in_an_original_csa_state_fpt_4_5_1() {
    let g = game();
    // The Union: a general at Fort Monroe (Virginia, Union-controlled).
    let mut st = with_card("1861", Side::Union, 103);
    give(&mut st, Side::Csa, 12);
    let monroe = sp("fort_monroe");
    let union_gen = (0..g.c.generals.len()).find(|&i| g.c.generals[i].side == Side::Union && !g.c.generals[i].cavalry && matches!(st.generals[i], GenAt::Track(_) | GenAt::Out)).unwrap();
    st.generals[union_gen] = GenAt::Map(monroe);
    if st.sp[monroe as usize][0] == 0 {
        st.sp[monroe as usize][0] = 1;
    }
    g.apply(&mut st, 0, &Action::Event { card: 103 }, &mut Log::quiet()).unwrap();
    let targets = options(&st);
    assert!(targets.contains(&"fort_monroe".to_string()), "{targets:?}");
    assert!(!targets.contains(&"washington".to_string()), "not in a Union state");
    // The CSA may play it too.
    let mut st = with_card("1861", Side::Csa, 103);
    give(&mut st, Side::Union, 1);
    assert!(offered(g, &st, Side::Csa, 103));
    no_csa_generals(&mut st);
    refused(&mut st, Side::Csa, 103);
}
