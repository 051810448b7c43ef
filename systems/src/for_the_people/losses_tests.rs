//! Tests of the losses whose SP the owner picks outside battle (losses.rs): attrition and
//! foraging (FtP 9.1, 9.2) and the extra SP for ending a retreat on an enemy PC (7.6.1).

use super::choices_tests::{check, put_general, refused};
use super::content::{Control, Side};
use super::play_tests::{act, empty_map, game, general, legal_text, new, put_sp, sp};
use super::state::*;
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
    g.proceed(&mut st, &mut Log::quiet());
    // 3 SP: 1 lost (FtP 9.1), the CSA picks which; the turn ends only afterwards.
    assert_eq!(st.phase, Phase::Attrition);
    assert!(matches!(st.flow.top(), Some(Frame::SpaceLosses { side: Side::Csa, left: 1, retreat: false, .. })), "{:?}", st.flow.top());
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
    g.proceed(&mut st, &mut Log::quiet());
    assert!(matches!(st.flow.top(), Some(Frame::SpaceLosses { side: Side::Csa, left: 1, retreat: true, .. })));
    refused(&mut st, Side::Csa, "lose forrest", "FtP 7.6.1");
    act(&mut st, Side::Csa, "lose infantry");
    assert_eq!(st.sp[sp("fredericksburg") as usize][1], 1);
    assert_eq!(st.generals[general("stuart") as usize], GenAt::Map(sp("fredericksburg")));
    assert_eq!(st.flow.top(), Some(&Frame::Round { side: Side::Union }), "then the flow goes on");
    check(&st);
}
