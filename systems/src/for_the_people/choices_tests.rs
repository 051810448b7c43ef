//! Tests of the player's decisions inside land operations and battles (choices.rs): FtP 5.2.4,
//! 5.2.8, 5.3.1, 5.5.4 and 5.8.1, each refused when illegal with the state unchanged.

use super::content::Side;
use super::play_tests::{act, army, empty_map, game, general, legal_text, new, put_sp, round_with, sp};
use super::state::*;
use bivouac_engine::game::Game;
use bivouac_engine::log::Log;
use bivouac_engine::rng::GameRng;

pub(super) fn check(st: &State) {
    game().check_invariants(st).unwrap_or_else(|e| panic!("{e}\n{}", game().describe(st, None)));
}

/// An action that must be refused citing `rule`, leaving the state as it was.
pub(super) fn refused(st: &mut State, side: Side, text: &str, rule: &str) {
    let g = game();
    let a = g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let before = serde_json::to_string(&*st).unwrap();
    let r = g.apply(st, side.index() as u8, &a, &mut Log::quiet()).expect_err(text);
    assert_eq!(r.rule, rule, "{text}: {r}");
    assert_eq!(serde_json::to_string(&*st).unwrap(), before, "a refusal leaves the state unchanged");
}

/// A cavalry general on the map is a brigade of 1 SP (FtP 5.5.1): count it at the start.
pub(super) fn put_general(st: &mut State, id: &str, at: GenAt) {
    let g = general(id);
    st.generals[g as usize] = at;
    if game().is_cav(st, g) {
        st.sp_at_start[game().gen_side(g).index()] += 1;
    }
}

pub(super) fn put_army(st: &mut State, id: &str, space: &str, sp_: u8, commander: &str) {
    let a = army(id);
    st.armies[a as usize] = Some(ArmySt { space: sp(space), sp: sp_, commander: Some(general(commander)) });
    st.sp_at_start[game().army_side(a).index()] += sp_ as u32;
    put_general(st, commander, GenAt::Army(a));
}

pub(super) fn no_forts(st: &mut State) {
    st.fort = vec![None; st.fort.len()];
}

#[test]
fn two_armies_in_one_space_the_owner_removes_one_fpt_5_2_4() {
    let _ = game();
    let mut st = new("1861", 3);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 5, "fremont");
    put_army(&mut st, "army_of_the_tennessee", "hagerstown", 12, "butler");
    check(&st);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    // FtP 5.2.4: an army may move through another; ending there asks the owner.
    act(&mut st, Side::Union, "step hagerstown");
    assert!(matches!(st.flow.top(), Some(Frame::Move)), "no decision while passing through");
    act(&mut st, Side::Union, "stop");
    assert_eq!(st.flow.top(), Some(&Frame::TwoArmies { side: Side::Union, space: sp("hagerstown") }));
    let mut l = legal_text(&st, Side::Union);
    l.sort();
    assert_eq!(l, ["disband army_of_the_potomac", "disband army_of_the_tennessee"]);
    refused(&mut st, Side::Union, "disband army_of_the_cumberland", "FtP 5.2.4");
    refused(&mut st, Side::Csa, "disband army_of_the_potomac", "FtP 3.3.2");
    check(&st);
    // The owner keeps the army that moved: the other goes, -10 SW and its commander's PR (8),
    // its 12 SP join the mover up to 15 and 2 stay in the space.
    let (sw, plus) = (st.sw[0], st.sw_plus[0]);
    act(&mut st, Side::Union, "disband army_of_the_tennessee");
    assert!(st.armies[army("army_of_the_tennessee") as usize].is_none());
    assert_eq!(st.armies[army("army_of_the_potomac") as usize].map(|x| x.sp), Some(15));
    assert_eq!(st.sp[sp("hagerstown") as usize][0], 2);
    assert_eq!(st.generals[general("butler") as usize], GenAt::Track(st.turn + 1));
    assert_eq!(st.sw[0], (sw - 18 - if plus { 3 } else { 0 }).max(0));
    check(&st);
}

/// The commander of army `a` leaves it (as a leader casualty does): FtP 5.2.8 succession.
fn lose_commander(st: &mut State, a: u8, id: &str) {
    let g = game();
    st.generals[general(id) as usize] = GenAt::Track(st.turn + 1);
    g.succeed(st, a);
    g.push_choices(st);
}

#[test]
fn a_tie_for_the_army_command_is_the_owners_fpt_5_2_8() {
    let g = game();
    let mut st = new("1861", 3);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 1, "mcclellan");
    let a = army("army_of_the_potomac");
    for id in ["fremont", "butler", "banks", "buell"] {
        put_general(&mut st, id, GenAt::Army(a));
    }
    // The commander is lost (a leader casualty, 7.7, or an event: the 5.2.9 excess never takes
    // him, 5.2.2).
    st.flow.clear();
    st.phase = Phase::Strategy;
    lose_commander(&mut st, a, "mcclellan");
    // FtP 5.2.8: Fremont and Butler (PR 8) tie: the Union picks.
    assert_eq!(st.flow.top(), Some(&Frame::Succession { side: Side::Union, army: a }));
    let mut l = legal_text(&st, Side::Union);
    l.sort();
    assert_eq!(l, ["command butler", "command fremont"]);
    refused(&mut st, Side::Union, "command banks", "FtP 5.2.8");
    act(&mut st, Side::Union, "command butler");
    assert_eq!(st.armies[a as usize].and_then(|x| x.commander), Some(general("butler")));
    check(&st);
    // Without a tie there is no decision.
    let mut st = new("1861", 3);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 1, "mcclellan");
    for id in ["fremont", "banks", "buell", "mcdowell"] {
        put_general(&mut st, id, GenAt::Army(a));
    }
    st.flow.clear();
    st.phase = Phase::Strategy;
    lose_commander(&mut st, a, "mcclellan");
    assert_eq!(st.armies[a as usize].and_then(|x| x.commander), Some(general("fremont")));
    assert!(!matches!(st.flow.top(), Some(Frame::Succession { .. })));
    let _ = g;
}

/// The Union corps of McDowell at Frederick attacks Manassas, held by `csa` generals with 3 SP.
fn attack_manassas(seed: u64, csa: &[&str], union_sp: u8) -> State {
    let mut st = new("1861", seed);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Union, "frederick", union_sp);
    put_sp(&mut st, Side::Csa, "manassas", 3);
    put_general(&mut st, "mcdowell", GenAt::Map(sp("frederick")));
    for id in csa {
        put_general(&mut st, id, GenAt::Map(sp("manassas")));
    }
    check(&st);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, &format!("corps mcdowell {}", union_sp.min(6)));
    st
}

#[test]
fn a_tie_for_the_defending_corps_command_is_the_owners_fpt_5_3_1() {
    let g = game();
    let mut st = attack_manassas(4, &["polk", "bragg"], 6);
    act(&mut st, Side::Union, "step manassas");
    // Polk and Bragg (PR 6) tie: the CSA names the commander before the battle.
    assert_eq!(st.flow.top(), Some(&Frame::Lead { side: Side::Csa, space: sp("manassas") }));
    let mut l = legal_text(&st, Side::Csa);
    l.sort();
    assert_eq!(l, ["command bragg", "command polk"]);
    refused(&mut st, Side::Csa, "command beauregard", "FtP 5.3.1");
    check(&st);
    act(&mut st, Side::Csa, "command bragg");
    let f = g.defender_force(&st, Side::Csa, sp("manassas"));
    assert_eq!(f.commander, Some(general("bragg")));
    // Then FtP 7.2: retreat before battle or stand.
    assert!(matches!(st.flow.top(), Some(Frame::Rbb { .. })), "{:?}", st.flow.top());
    // FtP 7.4.1, Italian edition: a die roll breaks the tie.
    let mut st = attack_manassas(4, &["polk", "bragg"], 6);
    st.edition = g.c.edition("italian").expect("italian");
    act(&mut st, Side::Union, "step manassas");
    assert!(!matches!(st.flow.top(), Some(Frame::Lead { .. })));
    // One general: no decision.
    let mut st = attack_manassas(4, &["polk", "price"], 6);
    act(&mut st, Side::Union, "step manassas");
    assert!(!matches!(st.flow.top(), Some(Frame::Lead { .. })));
    assert_eq!(g.defender_force(&st, Side::Csa, sp("manassas")).commander, Some(general("polk")));
}

#[test]
fn the_interceptor_chooses_its_commander_and_sp_fpt_5_8_1() {
    let g = game();
    // Polk and Bragg with 4 SP at Manassas; McDowell's corps steps from Frederick to Leesburg.
    let setup = |seed| corps_enters_leesburg_by_manassas(seed, &["polk", "bragg"]);
    let st = setup(1);
    assert_eq!(st.flow.top(), Some(&Frame::Intercept { side: Side::Csa, to: sp("leesburg") }));
    // The whole force goes (5.8.1): all 4 SP and the corps' additional general (5.3.3), no SP
    // stays since no general stays; either general commands (equal PR 6: the owner's tie).
    let mut l = legal_text(&st, Side::Csa);
    l.sort();
    assert_eq!(l, ["decline", "intercept manassas bragg 4 polk", "intercept manassas polk 4 bragg"]);
    let mut st2 = st.clone();
    refused(&mut st2, Side::Csa, "intercept manassas bragg 3 polk", "FtP 5.8.1");
    refused(&mut st2, Side::Csa, "intercept manassas bragg 4", "FtP 5.8.1");
    refused(&mut st2, Side::Csa, "intercept manassas", "FtP 5.8");
    // FtP 5.8.1: success on 1d6 <= Bragg's defense (2): roll 1. Bragg, Polk and 4 SP move;
    // Bragg commands the interceptor in the battle.
    let mut st = st;
    st.rng = dice(&[1]);
    let mut once = st.clone();
    once.flow.pop();
    g.intercept(&mut once, Side::Csa, sp("manassas"), sp("leesburg"), Some((general("bragg"), 4, Some(general("polk")))), &mut Log::quiet());
    assert_eq!((once.sp[sp("manassas") as usize][1], once.sp[sp("leesburg") as usize][1]), (0, 4));
    assert_eq!(once.generals[general("polk") as usize], GenAt::Map(sp("leesburg")));
    assert_eq!(once.generals[general("bragg") as usize], GenAt::Map(sp("leesburg")));
    assert_eq!(g.defender_force(&once, Side::Csa, sp("leesburg")).commander, Some(general("bragg")));
    // In play the battle follows at once, without a retreat before battle (5.8.3).
    act(&mut st, Side::Csa, "intercept manassas bragg 4 polk");
    assert!(!matches!(st.flow.top(), Some(Frame::Rbb { .. })));
    check(&st);
    // A failed roll (6) moves nothing.
    let mut st = setup(1);
    st.rng = dice(&[6]);
    act(&mut st, Side::Csa, "intercept manassas polk 4 bragg");
    assert_eq!(st.generals[general("polk") as usize], GenAt::Map(sp("manassas")));
}

/// FtP 5.8.1 "debe desplazarse toda la fuerza, no solo una parte" with 5.3.3 (a corps moves "el
/// general al mando y un general adicional"): the intercepting corps takes its additional general;
/// nobody is left with 0 SP and sent to the turn track. With a third general, (c) lets 1 SP stay
/// for him (5.3.4).
#[test]
fn an_intercepting_corps_takes_its_extra_general_fpt_5_8_1() {
    let _ = game();
    let setup = |gens: &[&str]| corps_enters_leesburg_by_manassas(1, gens);
    let mut st = setup(&["polk", "bragg"]);
    st.rng = dice(&[1]);
    act(&mut st, Side::Csa, "intercept manassas bragg 4 polk");
    for id in ["polk", "bragg"] {
        assert!(!matches!(st.generals[general(id) as usize], GenAt::Track(_)), "{id} is not sent to the turn track");
    }
    assert_ne!(st.generals[general("polk") as usize], GenAt::Map(sp("manassas")), "Polk went with the corps");
    check(&st);
    // A third general: one of the other two goes with the commander, the third may keep 1 SP (c).
    let st = setup(&["polk", "bragg", "smith"]);
    let l = legal_text(&st, Side::Csa);
    assert!(l.contains(&"intercept manassas bragg 4 polk".to_string()), "{l:?}");
    assert!(l.contains(&"intercept manassas bragg 3 smith".to_string()), "{l:?}");
    assert!(!l.iter().any(|a| a == "intercept manassas bragg 4"), "{l:?}");
}

pub(super) fn dice(rolls: &[u32]) -> GameRng {
    (0u64..1_000_000)
        .map(GameRng::new)
        .find(|r| {
            let mut r = r.clone();
            rolls.iter().all(|&x| r.roll(6) == x)
        })
        .expect("a seed with these rolls")
}

#[test]
fn battle_losses_come_off_cavalry_or_infantry_as_the_owner_chooses_fpt_5_5_4() {
    let _ = game();
    let mut seen = 0;
    for seed in 0..200 {
        let mut st = attack_manassas(seed, &["polk", "stuart"], 6);
        act(&mut st, Side::Union, "step manassas");
        if matches!(st.flow.top(), Some(Frame::Rbb { .. })) {
            act(&mut st, Side::Csa, "stand");
        }
        let Some(&Frame::Losses { side }) = st.flow.top() else { continue };
        assert_eq!(side, Side::Csa, "the Union corps has no brigade");
        let am = st.aftermath.expect("a battle waiting for its losses");
        let left = am.lost[1];
        let mut l = legal_text(&st, Side::Csa);
        l.sort();
        assert_eq!(l, ["lose infantry", "lose stuart"]);
        refused(&mut st, Side::Csa, "lose polk", "FtP 5.5.4");
        refused(&mut st, Side::Union, "lose infantry", "FtP 3.3.2");
        check(&st);
        let (lost0, inf0) = (st.sp_lost[1], st.sp[sp("manassas") as usize][1]);
        act(&mut st, Side::Csa, "lose stuart");
        // FtP 5.5.4: the brigade's SP is lost; the cavalry general goes to the turn track (CSA: 3 turns in ES).
        assert!(matches!(st.generals[general("stuart") as usize], GenAt::Track(t) if t > st.turn));
        // The rest comes off the infantry without a question.
        assert!(st.aftermath.is_none() || matches!(st.flow.top(), Some(Frame::Retreat { .. })));
        assert!(st.sp_lost[1] - lost0 >= left as u32, "every loss taken (a retreat onto an enemy PC costs one more)");
        assert!(st.sp[sp("manassas") as usize][1] <= inf0);
        check(&st);
        seen += 1;
        if seen == 3 {
            break;
        }
    }
    assert!(seen > 0, "some battle leaves the CSA a choice");
}

/// A corps led by a defense-2 general with a cavalry brigade intercepts on 1-4
/// (-2 to the roll), the brigade going with it (1 of its 6 SP, FtP 5.3.3).
#[test]
fn a_corps_with_a_brigade_intercepts_with_minus_two_fpt_5_8_1() {
    let g = game();
    let setup = |roll: u32| {
        let mut st = new("1861", 2);
        empty_map(&mut st);
        no_forts(&mut st);
        put_sp(&mut st, Side::Union, "frederick", 6);
        put_sp(&mut st, Side::Csa, "manassas", 3);
        put_general(&mut st, "j_johnston", GenAt::Map(sp("manassas")));
        put_general(&mut st, "wheeler", GenAt::Map(sp("manassas")));
        put_general(&mut st, "mcdowell", GenAt::Map(sp("frederick")));
        round_with(&mut st, Side::Union, 9);
        act(&mut st, Side::Union, "ops 9");
        act(&mut st, Side::Union, "corps mcdowell 6");
        act(&mut st, Side::Union, "step leesburg");
        assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas", "decline"], "no choice: the whole force goes");
        st.flow.pop();
        st.rng = dice(&[roll]);
        st
    };
    let mut st = setup(4);
    let corps = g.corps_intercepts(&st, Side::Csa, sp("manassas")).first().copied();
    g.intercept(&mut st, Side::Csa, sp("manassas"), sp("leesburg"), corps, &mut Log::quiet());
    assert_eq!(st.sp[sp("leesburg") as usize][1], 3);
    assert_eq!(st.generals[general("wheeler") as usize], GenAt::Map(sp("leesburg")));
    assert_eq!(st.generals[general("j_johnston") as usize], GenAt::Map(sp("leesburg")));
    let mut st = setup(5);
    let corps = g.corps_intercepts(&st, Side::Csa, sp("manassas")).first().copied();
    g.intercept(&mut st, Side::Csa, sp("manassas"), sp("leesburg"), corps, &mut Log::quiet());
    assert_eq!(st.sp[sp("manassas") as usize][1], 3, "5 - 2 = 3 > 2: failure");
}

/// FtP 5.8.1 test position: `gens` with 4 CSA SP at Manassas; McDowell's Union corps (6 SP)
/// steps from Frederick to Leesburg, so the CSA may intercept.
fn corps_enters_leesburg_by_manassas(seed: u64, gens: &[&str]) -> State {
    corps_enters_leesburg_with(seed, gens, 4)
}

/// `corps_enters_leesburg_by_manassas` with `csa_sp` CSA SP at Manassas.
pub(super) fn corps_enters_leesburg_with(seed: u64, gens: &[&str], csa_sp: u8) -> State {
    let mut st = new("1861", seed);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Union, "frederick", 6);
    put_sp(&mut st, Side::Csa, "manassas", csa_sp);
    for id in gens {
        put_general(&mut st, id, GenAt::Map(sp("manassas")));
    }
    put_general(&mut st, "mcdowell", GenAt::Map(sp("frederick")));
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcdowell 6");
    act(&mut st, Side::Union, "step leesburg");
    st
}
