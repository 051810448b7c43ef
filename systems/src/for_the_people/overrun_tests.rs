//! Tests of overruns and ungarrisoned forts (FtP 5.7.2) and what they count
//! for the Emancipation Proclamation (4.4.1).

use super::choices_tests::{check, put_army, put_general};
use super::content::{Control, Side};
use super::play_tests::{act, empty_map, legal_text, new, put_sp, round_with, sp};
use super::state::*;

/// The Army of the Potomac (10 SP) at Frederick about to move; Harpers Ferry CSA-controlled.
fn army_moving() -> State {
    let mut st = new("1861", 5);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 10, "mcclellan");
    st.control[sp("frederick") as usize] = Control::Of(Side::Union);
    st.control[sp("harpers_ferry") as usize] = Control::Of(Side::Csa);
    st.union_major_win = 0;
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    st
}

/// FtP 5.7.2: 10 SP against 1: no battle, the defender is eliminated, the mover goes
/// on, and it counts as a Union win for the Emancipation Proclamation (4.4.1).
#[test]
fn ten_to_one_overruns_and_counts_for_emancipation_t_overrun_1_fpt_5_7_2() {
    let mut st = army_moving();
    put_sp(&mut st, Side::Csa, "harpers_ferry", 1);
    check(&st);
    act(&mut st, Side::Union, "step harpers_ferry");
    assert_eq!(st.sp[sp("harpers_ferry") as usize][1], 0, "eliminated");
    assert_eq!(st.union_major_win, st.turn, "FtP 5.7.2: an overrun counts as a victory");
    let m = st.moving.as_ref().expect("the mover goes on");
    assert!(!m.halted && m.at == sp("harpers_ferry"));
    check(&st);
}

/// FtP 5.7.2: the defender may first try a retreat before battle.
#[test]
fn the_overrun_defender_may_retreat_before_battle_t_overrun_1_fpt_5_7_2() {
    let mut st = army_moving();
    put_sp(&mut st, Side::Csa, "harpers_ferry", 1);
    put_general(&mut st, "j_johnston", GenAt::Map(sp("harpers_ferry")));
    check(&st);
    act(&mut st, Side::Union, "step harpers_ferry");
    let mut l = legal_text(&st, Side::Csa);
    l.sort();
    assert_eq!(l, ["stand", "withdraw"], "FtP 7.2 before the overrun");
    act(&mut st, Side::Csa, "stand");
    assert_eq!(st.sp[sp("harpers_ferry") as usize][1], 0, "overrun: no battle");
    assert!(matches!(st.generals[super::play_tests::general("j_johnston") as usize], GenAt::Track(_)));
    assert_eq!(st.union_major_win, st.turn);
    check(&st);
}

/// FtP 5.7.2: an ungarrisoned fort counter is removed, no battle, and it counts as a
/// medium battle won (4.4.1); with a garrison and a fort a normal battle is fought.
#[test]
fn an_ungarrisoned_fort_counts_as_a_medium_win_t_overrun_1_fpt_5_7_2() {
    let mut st = army_moving();
    st.fort[sp("harpers_ferry") as usize] = Some(Side::Csa);
    act(&mut st, Side::Union, "step harpers_ferry");
    assert_eq!(st.fort[sp("harpers_ferry") as usize], None);
    assert_eq!(st.union_major_win, st.turn);
    assert!(st.moving.as_ref().is_some_and(|m| !m.halted), "the mover continues");
    check(&st);

    let mut st = army_moving();
    st.fort[sp("harpers_ferry") as usize] = Some(Side::Csa);
    put_sp(&mut st, Side::Csa, "harpers_ferry", 1);
    let before = st.sp_lost;
    act(&mut st, Side::Union, "step harpers_ferry");
    // A fort: a normal battle, with losses on the CRT (never the overrun's clean elimination
    // with the mover untouched and free to go on unless it won at 2:1, 5.7.3).
    assert!(st.sp_lost != before || st.flow.top() != Some(&Frame::Move) || st.fort[sp("harpers_ferry") as usize].is_some(), "a battle was fought");
    check(&st);
}
