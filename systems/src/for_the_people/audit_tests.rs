//! Tests written by the chapter audit (every section of the rules cited by a
//! test): movement costs (FtP 5.1.1), army PC conversion (5.2.6, 5.2.7), armies and the rail
//! bonus (5.2.5), corps absorbed by an army (5.3.5).

use super::choices_tests::{check, put_army, put_general};
use super::content::{Control, Side};
use super::play_tests::{act, army, empty_map, general, legal_text, new, put_sp, round_with, sp};
use super::state::*;

fn union_ops(st: &mut State) {
    round_with(st, Side::Union, 9);
    act(st, Side::Union, "ops 9");
}

/// FtP 5.1.1: each space entered costs 1 MP; FtP 5.2.6: a supplied army with infantry spends
/// 1 MP to place a PC; 5.2.7: its move goes on.
#[test]
fn army_steps_and_converts_for_one_mp_each_fpt_5_1_1_5_2_6_5_2_7() {
    let mut st = new("1861", 9);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 6, "mcclellan");
    for s in ["frederick", "washington", "baltimore"] {
        st.control[sp(s) as usize] = Control::Of(Side::Union);
    }
    st.control[sp("hagerstown") as usize] = Control::Neutral;
    check(&st);
    union_ops(&mut st);
    act(&mut st, Side::Union, "army army_of_the_potomac");
    assert_eq!(st.moving.as_ref().map(|m| m.mp), Some(6));
    assert!(!legal_text(&st, Side::Union).contains(&"convert".to_string()), "its own space is friendly");
    act(&mut st, Side::Union, "step hagerstown");
    assert_eq!(st.moving.as_ref().map(|m| m.mp), Some(5), "FtP 5.1.1: 1 MP a space");
    if legal_text(&st, Side::Union).contains(&"convert".to_string()) {
        act(&mut st, Side::Union, "convert");
        assert!(st.controls(Side::Union, sp("hagerstown")), "FtP 5.2.6");
        assert_eq!(st.moving.as_ref().map(|m| m.mp), Some(4), "FtP 5.2.6: 1 MP");
        assert!(legal_text(&st, Side::Union).iter().any(|a| a.starts_with("step ")), "FtP 5.2.7: the move goes on");
    } else {
        assert!(!super::play_tests::game().supplied(&st, Side::Union)[sp("hagerstown") as usize], "FtP 5.2.6: only out of supply may it not convert in 1861");
    }
    check(&st);
}

/// FtP 5.2.5, 5.9.1: an army never gets the rail bonus: at 0 MP it can only stop.
#[test]
fn an_army_never_uses_the_rail_bonus_fpt_5_2_5() {
    let mut st = new("1861", 9);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "washington", 6, "mcclellan");
    for s in ["washington", "baltimore", "frederick"] {
        st.control[sp(s) as usize] = Control::Of(Side::Union);
    }
    union_ops(&mut st);
    act(&mut st, Side::Union, "army army_of_the_potomac");
    if let Some(m) = st.moving.as_mut() {
        m.mp = 0;
    }
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"stop".to_string()) && !l.iter().any(|a| a.starts_with("step ")), "all by rail through friendly spaces, still no bonus: {l:?}");
}

/// FtP 5.3.5: a corps ending its move in a friendly army's space is absorbed at once; passing
/// through is not.
#[test]
fn a_corps_ending_with_an_army_is_absorbed_fpt_5_3_5() {
    let mut st = new("1861", 9);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "baltimore", 6, "mcclellan");
    for s in ["washington", "baltimore", "frederick"] {
        st.control[sp(s) as usize] = Control::Of(Side::Union);
    }
    put_sp(&mut st, Side::Union, "frederick", 3);
    put_general(&mut st, "burnside", GenAt::Map(sp("frederick")));
    union_ops(&mut st);
    act(&mut st, Side::Union, "corps burnside 3");
    act(&mut st, Side::Union, "step baltimore");
    assert!(legal_text(&st, Side::Union).iter().any(|a| a.starts_with("step ")), "it may pass through");
    act(&mut st, Side::Union, "stop");
    let a = army("army_of_the_potomac");
    assert_eq!(st.generals[general("burnside") as usize], GenAt::Army(a));
    assert_eq!(st.armies[a as usize].map(|x| x.sp), Some(9));
    assert_eq!(st.sp[sp("baltimore") as usize][0], 0);
    check(&st);
}

/// FtP 5.1.2, 5.1.3, 5.5.2: the four formations and their movement allowances: army 6, corps
/// 8, division 5, cavalry brigade 10 MP.
#[test]
fn formation_allowances_fpt_5_1_2_5_5_2() {
    let mut st = new("1861", 9);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "baltimore", 6, "mcclellan");
    put_sp(&mut st, Side::Union, "frederick", 3);
    put_general(&mut st, "burnside", GenAt::Map(sp("frederick")));
    put_general(&mut st, "stoneman", GenAt::Map(sp("frederick")));
    for (a, mp) in [("army army_of_the_potomac", 6), ("corps burnside 1", 8), ("division frederick 1", 5), ("brigade stoneman", 10)] {
        let mut x = st.clone();
        union_ops(&mut x);
        act(&mut x, Side::Union, a);
        assert_eq!(x.moving.as_ref().map(|m| m.mp), Some(mp), "{a}");
    }
}
