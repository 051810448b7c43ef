//! Tests of the rail logistics variant (FtP 19, Spanish edition; rail_logistics.rs).

use super::choices_tests::{check, put_army, put_general, refused};
use super::content::{Control, Side};
use super::play_tests::{act, army, empty_map, game, legal_text, put_sp, sp};
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;

fn with_rail(seed: u64) -> State {
    let mut s = Setup::new("1861", 2, seed);
    s.options.insert("var-rail-logistics".into(), "on".into());
    let mut st = game().setup(&s).expect("setup with rail logistics");
    empty_map(&mut st);
    st
}

/// A Union division of 2 SP moving from `at` with `mp` MP left.
fn division_at(st: &mut State, at: &str, mp: u8) {
    st.flow.clear();
    st.moving = Some(MoveSt { order: Default::default(), side: Side::Union, kind: Formation::Division, at: sp(at), prev: sp(at), sp: 2, gens: vec![], army: None, mp, value: 2, halted: false, rail_only: false, steps: 5 - mp, intercept_tried: true, vs_interceptor: false });
    st.sp_at_start[0] = game().total_sp(st, Side::Union);
    st.flow.push(Frame::Move);
}

#[test]
fn the_variant_is_spanish_only_fpt_19() {
    let mut s = Setup::new("1861", 2, 1);
    s.options.insert("var-rail-logistics".into(), "on".into());
    s.options.insert("edition".into(), "italian".into());
    let err = game().setup(&s).expect_err("Italian edition");
    assert_eq!(err.rule, "FtP 19");
    let info = game().scenarios().into_iter().find(|x| x.id == "1861").unwrap().options.into_iter().find(|o| o.key == "var-rail-logistics").unwrap();
    assert_eq!(info.values, ["off", "on"]);
}

#[test]
fn a_rail_loc_follows_railroads_through_controlled_spaces_fpt_19_8_1_3() {
    let g = game();
    let mut st = with_rail(1);
    // St. Louis (Union) joins the Union's railroads; Rolla is neutral in 1861: no rail LOC
    // (controlled, not neutral, spaces only), nor Springfield, which has no railroad at all.
    let rail = g.rail_loc(&st, Side::Union);
    assert!(rail[sp("st_louis") as usize]);
    assert!(!rail[sp("rolla") as usize] && !rail[sp("springfield_mo") as usize]);
    st.control[sp("rolla") as usize] = Control::Of(Side::Union);
    st.control[sp("springfield_mo") as usize] = Control::Of(Side::Union);
    let rail = g.rail_loc(&st, Side::Union);
    assert!(rail[sp("rolla") as usize], "controlled and on the railroad from St. Louis");
    assert!(!rail[sp("springfield_mo") as usize], "no rail connection");
    // Enemy SP on the line cut it (a rail LOC is a LOC, FtP 8.1).
    st.sp[sp("st_louis") as usize][1] = 1;
    assert!(!g.rail_loc(&st, Side::Union)[sp("rolla") as usize]);
}

#[test]
fn entering_a_space_far_from_a_rail_loc_costs_two_mp_fpt_19_8_1_3() {
    let g = game();
    let mut st = with_rail(2);
    // Rolla (neutral) is next to St. Louis (rail LOC): 1 MP. Springfield is next to neither a
    // rail-LOC space nor one itself: 2 MP, refused with 1 MP left.
    division_at(&mut st, "st_louis", 1);
    assert!(legal_text(&st, Side::Union).contains(&"step rolla".to_string()));
    division_at(&mut st, "rolla", 1);
    assert!(!legal_text(&st, Side::Union).contains(&"step springfield_mo".to_string()));
    refused(&mut st, Side::Union, "step springfield_mo", "FtP 19");
    division_at(&mut st, "rolla", 2);
    act(&mut st, Side::Union, "step springfield_mo");
    let m = st.moving.as_ref().expect("still moving");
    assert_eq!((m.at, m.mp, m.steps), (sp("springfield_mo"), 0, 5));
    check(&st);
    // Without the variant every space costs 1 MP (FtP 5.1).
    let mut plain = super::play_tests::new("1861", 2);
    empty_map(&mut plain);
    division_at(&mut plain, "rolla", 1);
    assert!(legal_text(&plain, Side::Union).contains(&"step springfield_mo".to_string()));
    let _ = g;
}

#[test]
fn forces_away_from_a_rail_loc_forage_in_the_attrition_phase_fpt_19_9_3() {
    let g = game();
    let st = with_rail(3);
    let mut sup = g.supplied(&st, Side::Union);
    assert!(sup[sp("springfield_mo") as usize] && sup[sp("rolla") as usize], "a LOC through neutral Missouri");
    g.rail_attrition_supply(&st, Side::Union, &mut sup);
    assert!(sup[sp("rolla") as usize], "next to St. Louis's rail LOC");
    assert!(!sup[sp("springfield_mo") as usize], "out of supply for attrition: it forages");
    // The Attrition Phase: 4 SP at Springfield lose 1 to attrition and forage 1 more (FtP 9.1,
    // 9.2 via 9.3); the same 4 SP at Rolla only suffer attrition.
    let mut st = with_rail(3);
    put_sp(&mut st, Side::Union, "springfield_mo", 4);
    put_sp(&mut st, Side::Union, "rolla", 4);
    g.attrition_phase(&mut st, &mut Log::quiet());
    let at_rolla = st.sp[sp("rolla") as usize][0];
    let at_springfield = st.sp[sp("springfield_mo") as usize][0];
    assert!(at_springfield < at_rolla, "Springfield forages: {at_springfield} vs Rolla {at_rolla}");
}

#[test]
fn an_army_is_created_only_with_a_rail_loc_fpt_19_5_2_1() {
    let mut st = with_rail(4);
    for s in ["rolla", "springfield_mo"] {
        st.control[sp(s) as usize] = Control::Of(Side::Union);
        put_sp(&mut st, Side::Union, s, 5);
    }
    put_general(&mut st, "mcdowell", GenAt::Map(sp("springfield_mo")));
    put_general(&mut st, "fremont", GenAt::Map(sp("rolla")));
    st.sw_plus = [false, false];
    super::play_tests::round_with(&mut st, Side::Union, 11);
    act(&mut st, Side::Union, "ops 11");
    let legal = legal_text(&st, Side::Union);
    assert!(legal.iter().any(|a| a.starts_with("create rolla ")), "{legal:?}");
    assert!(!legal.iter().any(|a| a.starts_with("create springfield_mo ")), "{legal:?}");
}

#[test]
fn at_most_three_sp_a_turn_join_armies_by_the_special_case_fpt_19_10_2_1() {
    let g = game();
    let mut st = with_rail(5);
    st.control[sp("springfield_mo") as usize] = Control::Of(Side::Union);
    put_army(&mut st, "army_of_the_missouri", "springfield_mo", 5, "mcdowell");
    put_sp(&mut st, Side::Union, "rolla", 5);
    st.turn = 2;
    st.strat_used = [0, 0];
    st.flow.clear();
    st.flow.push(Frame::Strategic { side: Side::Union });
    for i in 0..3 {
        assert!(legal_text(&st, Side::Union).contains(&"rail rolla springfield_mo".to_string()), "SP {i}");
        act(&mut st, Side::Union, "rail rolla springfield_mo");
    }
    assert_eq!(st.rail.army_sp[0], 3);
    assert_eq!(st.armies[army("army_of_the_missouri") as usize].map(|x| x.sp), Some(8));
    assert!(!legal_text(&st, Side::Union).contains(&"rail rolla springfield_mo".to_string()), "the fourth is refused");
    refused(&mut st, Side::Union, "rail rolla springfield_mo", "FtP 10.2");
    let _ = g;
}
