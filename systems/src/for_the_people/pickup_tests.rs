//! Tests of picking up and dropping SP and generals during a move (pickup.rs): FtP 5.1.5,
//! 5.3.2, 5.3.3, 5.3.4, 5.6.6 and 4.6.2.

use super::choices_tests::{check, put_army, put_general, refused};
use super::content::{Control, Side};
use super::play_tests::{act, army, empty_map, general, legal_text, new, put_sp, round_with, sp};
use super::state::*;

/// Union-controlled spaces around Frederick, nobody else on the map, the Union to play card `n`.
fn frederick(n: u8) -> State {
    let mut st = new("1861", 11);
    empty_map(&mut st);
    for s in ["frederick", "baltimore", "washington", "harpers_ferry", "hagerstown"] {
        st.control[sp(s) as usize] = Control::Of(Side::Union);
    }
    st.sw_plus = [false, false];
    round_with(&mut st, Side::Union, n);
    st
}

fn has(st: &State, text: &str) -> bool {
    legal_text(st, Side::Union).contains(&text.to_string())
}

/// The example of FtP 5.3.2.
#[test]
fn burnside_leaves_alone_and_picks_up_fremont_t_cmd_1_fpt_5_3_2() {
    let mut st = frederick(2);
    put_sp(&mut st, Side::Union, "frederick", 1);
    put_general(&mut st, "fremont", GenAt::Map(sp("frederick")));
    put_general(&mut st, "burnside", GenAt::Map(sp("frederick")));
    check(&st);
    act(&mut st, Side::Union, "ops 2");
    // Burnside (PR 6) may not take Fremont (PR 8) from the start space...
    assert!(!has(&st, "corps burnside 1 fremont") && !has(&st, "corps burnside 0 fremont"), "FtP 5.3.2: PR 8 > 6 from the start space");
    refused(&mut st, Side::Union, "corps burnside 1 fremont", "FtP 5.3");
    // ... but may move alone (a 2-value card activates him).
    act(&mut st, Side::Union, "corps burnside 0");
    assert!(!has(&st, "pick-up fremont"), "FtP 5.3.2: not before the corps has left the space");
    act(&mut st, Side::Union, "step baltimore");
    act(&mut st, Side::Union, "step frederick");
    // Back in the start space he picks up Fremont and the SP.
    act(&mut st, Side::Union, "pick-up fremont");
    act(&mut st, Side::Union, "pick-up sp");
    let m = st.moving.as_ref().unwrap();
    assert_eq!((m.gens.clone(), m.sp), (vec![general("burnside"), general("fremont")], 1));
    assert_eq!(m.gens[0], general("burnside"), "Burnside commands during the move");
    check(&st);
    act(&mut st, Side::Union, "stop");
    // After the activation both stand in the corps, which Fremont commands (higher PR, 5.3.1).
    assert_eq!(st.generals[general("burnside") as usize], GenAt::Map(sp("frederick")));
    assert_eq!(st.generals[general("fremont") as usize], GenAt::Map(sp("frederick")));
    check(&st);
}

/// FtP 5.1.5, 5.3.3: a corps carries at most 6 SP and one extra general; a brigade counts as
/// both; SP are picked up and dropped one at a time; the active general is never dropped.
#[test]
fn corps_limits_when_picking_up_fpt_5_1_5_5_3_3() {
    let mut st = frederick(9);
    put_sp(&mut st, Side::Union, "frederick", 6);
    put_sp(&mut st, Side::Union, "baltimore", 3);
    put_general(&mut st, "mcclellan", GenAt::Map(sp("frederick")));
    put_general(&mut st, "stoneman", GenAt::Map(sp("baltimore")));
    put_general(&mut st, "burnside", GenAt::Map(sp("baltimore")));
    check(&st);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcclellan 5");
    act(&mut st, Side::Union, "step baltimore");
    let l = legal_text(&st, Side::Union);
    for want in ["pick-up sp", "pick-up stoneman", "pick-up burnside", "drop sp"] {
        assert!(l.contains(&want.to_string()), "{want}: {l:?}");
    }
    assert!(!l.contains(&"drop mcclellan".to_string()), "FtP 5.1.5: the active general stays");
    act(&mut st, Side::Union, "pick-up sp");
    assert!(!has(&st, "pick-up sp"), "FtP 5.3.3: 6 SP at most");
    assert!(!has(&st, "pick-up stoneman"), "FtP 5.3.3: a brigade counts as one of the 6 SP");
    act(&mut st, Side::Union, "pick-up burnside");
    assert!(!has(&st, "pick-up stoneman"), "FtP 5.3.3: one extra general");
    act(&mut st, Side::Union, "drop burnside");
    act(&mut st, Side::Union, "drop sp");
    act(&mut st, Side::Union, "pick-up stoneman");
    assert_eq!(st.moving.as_ref().map(|m| m.sp), Some(5));
    assert!(!has(&st, "pick-up sp"), "5 SP + the brigade = 6");
    check(&st);
    act(&mut st, Side::Union, "stop");
    assert_eq!(st.sp[sp("baltimore") as usize][0], 8);
    check(&st);
}

/// FtP 5.3.4: an inactive general is never left without SP (a fort is "zero SP").
#[test]
fn a_general_is_never_left_without_sp_fpt_5_3_4() {
    let mut st = frederick(9);
    put_sp(&mut st, Side::Union, "frederick", 2);
    put_general(&mut st, "mcclellan", GenAt::Map(sp("frederick")));
    put_general(&mut st, "burnside", GenAt::Map(sp("frederick")));
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcclellan 1 burnside");
    act(&mut st, Side::Union, "step baltimore");
    assert!(!has(&st, "drop burnside"), "no SP at Baltimore to keep him company");
    refused(&mut st, Side::Union, "drop burnside", "FtP 5.6.6");
    act(&mut st, Side::Union, "drop sp");
    act(&mut st, Side::Union, "drop burnside");
    assert_eq!(st.generals[general("burnside") as usize], GenAt::Map(sp("baltimore")));
    // McClellan now moves alone; the SP he left keeps Burnside company.
    assert!(!has(&st, "pick-up sp"), "taking the SP would leave Burnside alone");
    check(&st);
}

/// FtP 5.1.5, 5.2.2, 5.6.6: an army picks up and drops SP (15 at most) and generals, but never
/// its commander nor the highest-rated other general.
#[test]
fn army_picks_up_and_drops_fpt_5_1_5_5_6_6() {
    let mut st = frederick(9);
    put_army(&mut st, "army_of_the_potomac", "frederick", 13, "mcclellan");
    let a = army("army_of_the_potomac");
    put_general(&mut st, "fremont", GenAt::Army(a));
    put_general(&mut st, "burnside", GenAt::Army(a));
    put_sp(&mut st, Side::Union, "baltimore", 4);
    put_general(&mut st, "butler", GenAt::Map(sp("baltimore")));
    check(&st);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    let l = legal_text(&st, Side::Union);
    assert!(!l.contains(&"drop mcclellan".to_string()) && !l.contains(&"drop fremont".to_string()), "FtP 5.2.2: {l:?}");
    assert!(!l.contains(&"drop burnside".to_string()), "no loose SP at Frederick for him");
    act(&mut st, Side::Union, "drop sp");
    act(&mut st, Side::Union, "drop burnside");
    act(&mut st, Side::Union, "step baltimore");
    act(&mut st, Side::Union, "pick-up sp");
    act(&mut st, Side::Union, "pick-up sp");
    act(&mut st, Side::Union, "pick-up sp");
    assert!(!has(&st, "pick-up sp"), "FtP 5.2.3: 15 SP at most");
    act(&mut st, Side::Union, "pick-up butler");
    assert_eq!(st.generals[general("butler") as usize], GenAt::Army(a));
    assert_eq!(st.armies[a as usize].map(|x| (x.sp, x.space)), Some((15, sp("baltimore"))));
    check(&st);
}

/// FtP 5.1.5: a division drops SP but never picks any up; a brigade does neither.
#[test]
fn division_drops_only_brigade_neither_fpt_5_1_5() {
    let mut st = frederick(9);
    put_sp(&mut st, Side::Union, "frederick", 3);
    put_sp(&mut st, Side::Union, "baltimore", 2);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "division frederick 3");
    act(&mut st, Side::Union, "step baltimore");
    assert!(!has(&st, "pick-up sp"));
    act(&mut st, Side::Union, "drop sp");
    act(&mut st, Side::Union, "drop sp");
    assert!(!has(&st, "drop sp"), "its last SP ends the move instead");
    check(&st);

    let mut st = frederick(9);
    put_sp(&mut st, Side::Union, "frederick", 1);
    put_sp(&mut st, Side::Union, "baltimore", 2);
    put_general(&mut st, "stoneman", GenAt::Map(sp("frederick")));
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "brigade stoneman");
    act(&mut st, Side::Union, "step baltimore");
    assert!(!legal_text(&st, Side::Union).iter().any(|a| a.starts_with("pick-up") || a.starts_with("drop")));
}

/// FtP 5.6.6, 5.7.1: a general moving without SP never enters an enemy-controlled space nor one with
/// enemy SP or fort; ending alone in an empty space he goes to the turn track (5.3.4).
#[test]
fn generals_without_sp_stay_out_of_enemy_spaces_fpt_5_6_6() {
    let mut st = frederick(9);
    put_sp(&mut st, Side::Union, "frederick", 1);
    put_general(&mut st, "mcclellan", GenAt::Map(sp("frederick")));
    put_general(&mut st, "burnside", GenAt::Map(sp("frederick")));
    st.control[sp("harpers_ferry") as usize] = Control::Of(Side::Csa);
    st.fort[sp("hagerstown") as usize] = Some(Side::Csa);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcclellan 0");
    let l = legal_text(&st, Side::Union);
    assert!(!l.contains(&"step harpers_ferry".to_string()), "enemy-controlled: {l:?}");
    assert!(!l.contains(&"step hagerstown".to_string()), "enemy fort: {l:?}");
    assert!(l.contains(&"step baltimore".to_string()));
    act(&mut st, Side::Union, "step baltimore");
    act(&mut st, Side::Union, "stop");
    assert_eq!(st.generals[general("mcclellan") as usize], GenAt::Track(st.turn + 1), "FtP 5.3.4: never alone in an empty space");
    check(&st);
}

/// FtP 4.6.2: an army moving under "Forward to Richmond!" picks up and drops nothing.
#[test]
fn forward_to_richmond_army_picks_up_nothing_fpt_4_6_2() {
    let mut st = frederick(9);
    put_army(&mut st, "army_of_the_potomac", "frederick", 6, "mcclellan");
    put_sp(&mut st, Side::Union, "frederick", 2);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    assert!(has(&st, "pick-up sp"));
    st.moving.as_mut().unwrap().order = MoveOrder::Richmond;
    assert!(!legal_text(&st, Side::Union).iter().any(|a| a.starts_with("pick-up") || a.starts_with("drop")));
}
