//! Tests of the losses whose SP the owner picks outside battle (losses.rs): attrition and
//! foraging (FtP 9.1, 9.2) and the extra SP for ending a retreat on an enemy PC (7.6.1).

use super::choices_tests::{check, put_general, refused};
use super::content::{Control, Side};
use super::play_tests::{act, army, empty_map, game, general, legal_text, new, put_sp, sp};
use super::state::*;
use bivouac_engine::game::Game;
use bivouac_engine::log::Log;

fn sorted(st: &State, side: Side) -> Vec<String> {
    let mut l = legal_text(st, side);
    l.sort();
    l
}

/// FtP 9.1 [INTERP, by analogy with 5.5.4]: the owner picks cavalry or infantry for attrition.
#[test]
fn attrition_loss_from_cavalry_or_infantry_fpt_9_1() {
    let g = game();
    let mut st = new("1861", 3);
    empty_map(&mut st);
    put_sp(&mut st, Side::Csa, "richmond", 2);
    put_general(&mut st, "stuart", GenAt::Map(sp("richmond")));
    check(&st);
    st.flow.clear();
    st.phase = Phase::Capital;
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    // 3 SP: 1 lost (FtP 9.1), the CSA picks which; the turn ends only afterwards.
    assert_eq!(st.phase, Phase::Attrition);
    assert!(matches!(st.flow.top(), Some(Frame::SpaceLosses { side: Side::Csa, left: 1, cause: LossCause::Attrition, .. })), "{:?}", st.flow.top());
    assert_eq!(sorted(&st, Side::Csa), ["lose infantry", "lose stuart"]);
    refused(&mut st, Side::Csa, "lose forrest", "FtP 9.1");
    let turn = st.turn;
    act(&mut st, Side::Csa, "lose stuart");
    assert_eq!(st.sp[sp("richmond") as usize][1], 2, "the infantry is spared");
    assert!(matches!(st.generals[general("stuart") as usize], GenAt::Track(_)), "FtP 5.5.4: the brigade's general leaves");
    assert!(st.turn == turn + 1 || st.phase == Phase::Over, "the turn then ends");
    check(&st);
}

/// FtP 9.1: no choice when only one kind of SP is there, or when all are lost.
#[test]
fn attrition_without_a_choice_is_taken_at_once_fpt_9_1() {
    let g = game();
    let mut st = new("1861", 3);
    empty_map(&mut st);
    put_sp(&mut st, Side::Csa, "richmond", 3);
    put_sp(&mut st, Side::Union, "pittsburgh", 3);
    st.flow.clear();
    g.attrition_phase(&mut st, &mut Log::quiet());
    g.settle_space_losses(&mut st, &mut Log::quiet());
    assert!(st.flow.is_empty() && st.space_losses.is_empty());
    assert_eq!((st.sp[sp("richmond") as usize][1], st.sp[sp("pittsburgh") as usize][0]), (2, 2));
}

/// FtP 7.6.1: a defender ending its retreat on an enemy PC loses 1 SP more; its owner picks.
#[test]
fn retreat_onto_an_enemy_pc_loss_is_the_owners_choice_fpt_7_6_1() {
    let g = game();
    let mut st = new("1861", 3);
    empty_map(&mut st);
    put_sp(&mut st, Side::Csa, "manassas", 2);
    put_general(&mut st, "stuart", GenAt::Map(sp("manassas")));
    st.control[sp("fredericksburg") as usize] = Control::Of(Side::Union);
    check(&st);
    st.flow.clear();
    st.phase = Phase::Strategy;
    st.flow.push(Frame::Round { side: Side::Union });
    g.retreat_defender(&mut st, Side::Csa, sp("manassas"), sp("fredericksburg"), &mut Log::quiet());
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    assert!(matches!(st.flow.top(), Some(Frame::SpaceLosses { side: Side::Csa, left: 1, cause: LossCause::Retreat, .. })));
    refused(&mut st, Side::Csa, "lose forrest", "FtP 7.6.1");
    act(&mut st, Side::Csa, "lose infantry");
    assert_eq!(st.sp[sp("fredericksburg") as usize][1], 1);
    assert_eq!(st.generals[general("stuart") as usize], GenAt::Map(sp("fredericksburg")));
    assert_eq!(st.flow.top(), Some(&Frame::Round { side: Side::Union }), "then the flow goes on");
    check(&st);
}

/// FtP 9.1 [INTERP, as 5.5.4]: an army and loose SP of its side share a space; the owner picks
/// whether attrition comes off the loose SP or the army's display.
#[test]
fn attrition_from_loose_or_army_sp_is_the_owners_choice_fpt_9_1() {
    let g = game();
    let mut st = new("1861", 3);
    empty_map(&mut st);
    super::choices_tests::no_forts(&mut st);
    super::choices_tests::put_army(&mut st, "army_of_northern_virginia", "richmond", 1, "lee");
    put_sp(&mut st, Side::Csa, "richmond", 2);
    check(&st);
    st.flow.clear();
    st.phase = Phase::Capital;
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    // 3 SP: 1 lost (FtP 9.1).
    assert!(matches!(st.flow.top(), Some(Frame::SpaceLosses { side: Side::Csa, left: 1, .. })), "{:?}", st.flow.top());
    assert_eq!(sorted(&st, Side::Csa), ["lose army infantry", "lose infantry"]);
    let mut loose = st.clone();
    act(&mut loose, Side::Csa, "lose infantry");
    assert_eq!(loose.sp[sp("richmond") as usize][1], 1);
    assert_eq!(loose.armies[army("army_of_northern_virginia") as usize].map(|x| x.sp), Some(1));
    // Off the army: its last SP, so it is eliminated at once (FtP 5.2.1, 12.7) and the loose
    // SP stay.
    let sw = st.sw[1];
    act(&mut st, Side::Csa, "lose army infantry");
    assert_eq!(st.sp[sp("richmond") as usize][1], 2);
    assert_eq!(st.armies[army("army_of_northern_virginia") as usize], None);
    assert!(st.sw[1] < sw, "FtP 12.7: the army's loss costs SW");
    assert!(matches!(st.generals[general("lee") as usize], GenAt::Track(_)));
    check(&st);
}

/// FtP 5.5.4 (and 9.1): with two brigades and nothing else, the owner picks which brigade.
#[test]
fn the_owner_picks_which_brigade_is_lost_fpt_5_5_4() {
    let g = game();
    let mut st = new("1861", 3);
    empty_map(&mut st);
    super::choices_tests::no_forts(&mut st);
    put_sp(&mut st, Side::Csa, "richmond", 1);
    put_general(&mut st, "stuart", GenAt::Map(sp("richmond")));
    put_general(&mut st, "forrest", GenAt::Map(sp("richmond")));
    check(&st);
    st.flow.clear();
    st.phase = Phase::Capital;
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    assert_eq!(sorted(&st, Side::Csa), ["lose forrest", "lose infantry", "lose stuart"]);
    refused(&mut st, Side::Csa, "lose army infantry", "FtP 9.1");
    act(&mut st, Side::Csa, "lose forrest");
    assert!(matches!(st.generals[general("forrest") as usize], GenAt::Track(_)));
    assert_eq!(st.generals[general("stuart") as usize], GenAt::Map(sp("richmond")));
    check(&st);
}

/// FtP 6.3.2: a force that ran the guns and lost the assault goes home and loses 1 SP more;
/// with a brigade in it, the owner picks where that SP comes from (5.5.4).
#[test]
fn the_running_the_guns_loss_is_the_owners_choice_fpt_6_3_2() {
    use super::naval_tests::{board, dice, own, put};
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "cairo");
    own(&mut st, Side::Csa, "new_madrid");
    put(&mut st, Side::Union, "cairo", 2);
    put_general(&mut st, "pleasonton", GenAt::Map(sp("cairo")));
    put(&mut st, Side::Csa, "new_madrid", 2);
    st.fort[sp("columbus_ky") as usize] = Some(Side::Csa);
    st.fort[sp("new_madrid") as usize] = Some(Side::Csa);
    check(&st);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "naval cairo 2 pleasonton");
    // Guns run (4); the battle: Union 1, CSA 6: the CRT takes 1 Union SP.
    st.rng = dice(&[4, 1, 6]);
    act(&mut st, Side::Union, "sail new_madrid");
    if matches!(st.flow.top(), Some(Frame::Rbb { .. })) {
        act(&mut st, Side::Csa, "stand");
    }
    let crt = st.last_battle.as_ref().map(|b| b.report.attacker.sp_lost as u16);
    assert_eq!(crt, Some(1));
    // FtP 6.3.2: 1 SP more, taken with the battle's losses, one at a time while a choice remains.
    assert_eq!(st.aftermath.map(|a| a.lost[0]), Some(2));
    assert_eq!(st.flow.top(), Some(&Frame::Losses { side: Side::Union }));
    assert_eq!(sorted(&st, Side::Union), ["lose infantry", "lose pleasonton"]);
    act(&mut st, Side::Union, "lose infantry");
    assert_eq!(sorted(&st, Side::Union), ["lose infantry", "lose pleasonton"]);
    act(&mut st, Side::Union, "lose infantry");
    // Home again (FtP 6.4.2) with the brigade spared.
    assert_eq!(st.generals[general("pleasonton") as usize], GenAt::Map(sp("cairo")), "{}", game().describe(&st, None));
    assert_eq!(st.sp[sp("cairo") as usize][0], 0);
    check(&st);
}
