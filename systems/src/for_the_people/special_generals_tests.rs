//! Tests of FtP 5.6.7 (optional special generals, special_generals.rs): the option and part A,
//! McClellan (parts B and D: general_counters_tests.rs).

use super::choices_tests::{check, no_forts, put_army, put_general};
use super::content::Side;
use super::play_tests::{act, army, empty_map, game, legal_text, put_sp, round_with, sp};
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;
use bivouac_engine::map::graph::SpaceId;

/// 1861 with the option at `v` on an empty map, the Change of Fortune marker at "+" so SW
/// gains are exact (FtP 12.4).
fn special(v: &str) -> State {
    let mut setup = Setup::new("1861", 2, 7);
    setup.options.insert("opt-special-generals".into(), v.into());
    let mut st = game().setup(&setup).expect("setup");
    empty_map(&mut st);
    no_forts(&mut st);
    st
}

/// Land-link distance from the Union capital (FtP 5.6.7 A "four spaces or less").
fn from_capital(st: &State, s: &str) -> Option<u32> {
    let cap = st.capital[0].expect("capital");
    game().c.map.reachable(SpaceId(cap), 20, |_, _, l| l.is_land().then_some(1)).into_iter().find(|&(t, _)| t.0 == sp(s)).map(|(_, d)| d)
}

/// Create the Army of the Potomac under McClellan at `at` with a 3-OP card (FtP 4.1 B, 5.2.1).
fn create_under_mcclellan(st: &mut State, at: &str) {
    put_sp(st, Side::Union, at, 5);
    put_general(st, "mcclellan", GenAt::Map(sp(at)));
    st.control[sp(at) as usize] = super::content::Control::Of(Side::Union);
    round_with(st, Side::Union, 9);
    act(st, Side::Union, "ops 9");
    st.sw_plus = [true, true];
    let l = legal_text(st, Side::Union);
    let create = l.iter().find(|x| x.starts_with(&format!("create {at} ")) && x.ends_with(" mcclellan")).unwrap_or_else(|| panic!("{l:?}")).clone();
    act(st, Side::Union, &create);
}

/// The option offers `off` (the default) and `on`, names every part it plays (A-E), and
/// refuses any other value (the former `mcclellan` included).
#[test]
fn special_generals_option_is_off_or_on_fpt_5_6_7() {
    let g = game();
    let sc = g.scenarios().into_iter().find(|s| s.id == "1861").expect("1861");
    let info = sc.options.into_iter().find(|o| o.key == "opt-special-generals").expect("option");
    assert_eq!(info.values, ["off", "on"]);
    assert!(info.description.contains("FtP 5.6.7") && !info.description.contains("PARTIAL") && ["A (", "B (", "C and D (", "E ("].iter().all(|p| info.description.contains(p)));
    for bad in ["mcclellan", "yes"] {
        let mut setup = Setup::new("1861", 2, 7);
        setup.options.insert("opt-special-generals".into(), bad.into());
        assert_eq!(g.setup(&setup).err().map(|r| r.rule.to_string()), Some("FtP setup".to_string()), "{bad}");
    }
    assert!(special("on").opts.special_generals);
    assert!(!special("off").opts.special_generals);
    assert!(!game().setup(&Setup::new("1861", 2, 7)).expect("setup").opts.special_generals, "off by default");
}

/// FtP 5.6.7 A 1: McClellan given command of an army within 4 spaces of the Union capital:
/// +5 SW, once a game; not with the option off; not for a command given far away.
#[test]
fn mcclellan_given_command_near_the_capital_gains_5_sw_once_fpt_5_6_7_a() {
    let near = "frederick";
    let st0 = special("on");
    assert!(from_capital(&st0, near).is_some_and(|d| d <= 4), "{near} is near");
    let mut st = st0.clone();
    let sw = st.sw[0];
    create_under_mcclellan(&mut st, near);
    assert_eq!(st.sw[0], sw + 5, "FtP 5.6.7 A: +5 SW");
    assert!(st.special.mcclellan_bonus);
    check(&st);
    // Once a game: the army gone, a new command near the capital gives nothing.
    let a = game().mcclellan_army(&st).expect("McClellan commands");
    st.armies[a as usize] = None;
    st.generals[game().c.general("mcclellan").unwrap() as usize] = GenAt::Out;
    st.sp_at_start[0] = game().total_sp(&st, Side::Union);
    st.sp_lost[0] = 0;
    st.sp_gained[0] = 0;
    st.army_ready[a as usize] = 0;
    let sw = st.sw[0];
    create_under_mcclellan(&mut st, near);
    assert_eq!(st.sw[0], sw, "only once a game");
    // The option off: nothing.
    let mut st = special("off");
    let sw = st.sw[0];
    create_under_mcclellan(&mut st, near);
    assert_eq!(st.sw[0], sw);
    // Far from the capital: nothing, and the army then moving near gives nothing either.
    let far = "cairo";
    let mut st = special("on");
    assert!(from_capital(&st, far).is_none_or(|d| d > 4), "{far} is far");
    let sw = st.sw[0];
    create_under_mcclellan(&mut st, far);
    assert_eq!(st.sw[0], sw);
    let b = game().mcclellan_army(&st).expect("McClellan commands");
    if let Some(x) = st.armies[b as usize].as_mut() {
        x.space = sp(near);
    }
    game().proceed(&mut st, &mut Log::quiet()).unwrap();
    assert_eq!(st.sw[0], sw, "a command not given near the capital");
    assert!(!st.special.mcclellan_bonus);
}

/// FtP 5.6.7 A 2: in the Union Reinforcement Phase, McClellan's army with a LOC in or next to
/// the Union capital gets +1 SP; not elsewhere, not when full (5.2.1), not with the option off.
#[test]
fn mcclellan_army_at_the_capital_gets_1_sp_a_reinforcement_phase_fpt_5_6_7_a() {
    let g = game();
    let a = army("army_of_the_potomac");
    let run = |v: &str, at: &str, n: u8| -> (u8, u32) {
        let mut st = special(v);
        put_army(&mut st, "army_of_the_potomac", at, n, "mcclellan");
        st.control[sp(at) as usize] = super::content::Control::Of(Side::Union);
        g.begin_reinforcements(&mut st, true, false, false, &mut Log::quiet());
        check(&st);
        (st.armies[a as usize].map_or(0, |x| x.sp), st.sp_gained[0])
    };
    assert_eq!(run("on", "washington", 5), (6, 1), "in the capital");
    assert_eq!(run("on", "baltimore", 5), (6, 1), "next to the capital");
    assert_eq!(run("on", "cairo", 5), (5, 0), "elsewhere");
    let max = g.c.movement.army.max_sp;
    assert_eq!(run("on", "washington", max), (max, 0), "FtP 5.2.1: a full army");
    assert_eq!(run("off", "washington", 5), (5, 0), "option off");
}
