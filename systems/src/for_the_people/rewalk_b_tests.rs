//! Tests of the gaps found by a read-only walk of the rules: interceptions by
//! a general with only a brigade (FtP 5.3.3, 5.8.1) and by an army from a fort (5.8.1 b),
//! brigade raids from an army's display (5.5.3) and in the Political Control phase (11.1), and a
//! brigade leaving an army (5.1.2 with 5.2.9).

use super::choices_tests::{check, corps_enters_leesburg_with, dice, no_forts, put_army, put_general, refused};
use super::interception_tests::army_enters_leesburg;
use super::content::{Control, Side};
use super::play_tests::{act, army, empty_map, game, general, legal_text, new, put_sp, round_with, sp};
use super::state::*;
use bivouac_engine::game::Game;
use bivouac_engine::log::Log;

/// McDowell's Union corps (6 SP) steps from Frederick to Leesburg; `gens` with `csa_sp` CSA SP
/// are at Manassas, next to Leesburg, and may intercept.
fn corps_steps_next_to_manassas(gens: &[&str], csa_sp: u8) -> State {
    corps_enters_leesburg_with(3, gens, csa_sp)
}

/// FtP 5.3.3 (ES "Si por cualquier causa, la única UM de un cuerpo que se desplaza es una brigada
/// de caballería (como por ejemplo un general de infantería desplazándose con una brigada de
/// caballería), la fuerza sigue considerándose un cuerpo") with 5.8.1 ("debe desplazarse toda la
/// fuerza"; exception e is a brigade stacked only with SP): Beauregard (defense 1) stacked with
/// Wheeler's brigade and no SP intercepts as a corps he leads, with -2 for the brigade; both go,
/// and Beauregard is not left alone to go to the turn track.
#[test]
fn a_general_with_only_a_brigade_intercepts_as_a_corps_fpt_5_8_1_5_3_3() {
    let st = corps_steps_next_to_manassas(&["beauregard", "wheeler"], 0);
    assert_eq!(st.flow.top(), Some(&Frame::Intercept { side: Side::Csa, to: sp("leesburg") }));
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas", "decline"]);
    // Roll 3 - 2 = 1 <= Beauregard's defense 1: the corps (Beauregard and the brigade) moves.
    let mut ok = st.clone();
    ok.rng = dice(&[3]);
    let mut once = ok.clone();
    once.flow.pop();
    let corps = game().corps_intercepts(&once, Side::Csa, sp("manassas"));
    assert_eq!(corps, [(general("beauregard"), 0, None)]);
    assert!(game().intercept(&mut once, Side::Csa, sp("manassas"), sp("leesburg"), corps.first().copied(), &mut Log::quiet()));
    for id in ["beauregard", "wheeler"] {
        assert_eq!(once.generals[general(id) as usize], GenAt::Map(sp("leesburg")), "{id} intercepted");
    }
    // In play the battle follows at once, the general commanding.
    act(&mut ok, Side::Csa, "intercept manassas");
    let b = ok.last_battle.as_ref().expect("the battle follows at once");
    assert_eq!(b.generals[1].first(), Some(&general("beauregard")), "the general leads the corps");
    check(&ok);
    // Roll 4 - 2 = 2: Wheeler's defense (2) would pass; Beauregard's (1) does not.
    let mut failed = st;
    failed.rng = dice(&[4]);
    act(&mut failed, Side::Csa, "intercept manassas");
    for id in ["beauregard", "wheeler"] {
        assert_eq!(failed.generals[general(id) as usize], GenAt::Map(sp("manassas")), "{id} stays");
    }
}

/// FtP 5.8.1 b) (ES "1 UM puede permanecer en el espacio desde el cual se intenta la intercepción
/// si dicho espacio contiene un fuerte", an exception to "debe desplazarse toda la fuerza" for any
/// intercepting force): Lee's army (8 SP) intercepting from a fort at Manassas may leave 1 SP
/// there; without a fort the whole army goes with no question.
#[test]
fn an_army_intercepting_from_a_fort_may_leave_one_sp_fpt_5_8_1() {
    let g = game();
    let mut st = army_enters_leesburg(5);
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas", "decline"], "no fort: the whole army");
    st.fort[sp("manassas") as usize] = Some(Side::Csa);
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas lee 8", "intercept manassas lee 7", "decline"]);
    refused(&mut st.clone(), Side::Csa, "intercept manassas lee 6", "FtP 5.8.1");
    refused(&mut st.clone(), Side::Csa, "intercept manassas", "FtP 5.8");
    st.rng = dice(&[1]);
    let anv = army("army_of_northern_virginia");
    let mut once = st.clone();
    once.flow.pop();
    assert!(g.intercept(&mut once, Side::Csa, sp("manassas"), sp("leesburg"), Some((general("lee"), 7, None)), &mut Log::quiet()));
    assert_eq!(once.armies[anv as usize].map(|x| (x.space, x.sp)), Some((sp("leesburg"), 7)));
    assert_eq!(once.sp[sp("manassas") as usize][1], 1, "1 SP garrisons the fort");
    // In play: the army joins the Army of Tennessee (5.2.4 follows), the SP stays.
    act(&mut st, Side::Csa, "intercept manassas lee 7");
    assert_eq!(st.flow.top(), Some(&Frame::TwoArmies { side: Side::Csa, space: sp("leesburg") }));
    assert_eq!(st.sp[sp("manassas") as usize][1], 1);
    check(&st);
}

/// FtP 5.3.3 (a corps moves 6 SP, "el general al mando y un general adicional"; a brigade counts
/// as 1 SP and as that general) with 5.8.1 a): with two brigades at Manassas only one goes with
/// the intercepting corps, so only its SP counts against the 6: Polk takes 5 of his 6 SP.
#[test]
fn an_intercepting_corps_counts_only_the_brigade_that_goes_fpt_5_8_1_5_3_3() {
    let st = corps_steps_next_to_manassas(&["polk", "stuart", "wheeler"], 6);
    let mut once = st.clone();
    once.flow.pop();
    let picks = |b: &str| (general("polk"), 5, Some(general(b)));
    assert_eq!(game().corps_intercepts(&once, Side::Csa, sp("manassas")), [picks("stuart"), picks("wheeler")]);
    let mut st = st;
    st.rng = dice(&[1]);
    act(&mut st, Side::Csa, "intercept manassas polk 5 stuart");
    assert_eq!(st.sp[sp("manassas") as usize][1], 1, "the SP over the corps limit stay (5.8.1 a)");
    check(&st);
}

/// FtP 5.5.3 (ES "Al jugar una carta para OP durante una ronda estratégica, una brigada de
/// caballería puede eliminar un indicador de CP enemigo en un espacio propio") with the 5.5.1
/// NOTA (a brigade on an army's display is still a brigade): Pleasonton on the Army of the
/// Potomac's display at Frederick, out of supply, so its infantry may place no PC (11.3), may
/// remove the CSA PC there with a 1-OP card.
#[test]
fn a_brigade_in_an_army_raids_an_enemy_pc_fpt_5_5_3() {
    let g = game();
    let mut st = frederick_cut_off();
    put_army(&mut st, "army_of_the_potomac", "frederick", 5, "mcclellan");
    put_general(&mut st, "pleasonton", GenAt::Army(army("army_of_the_potomac")));
    st.sw_plus = [false, false];
    round_with(&mut st, Side::Union, 1);
    act(&mut st, Side::Union, "ops 1");
    assert!(!g.supplied(&st, Side::Union)[sp("frederick") as usize], "the army is out of supply");
    assert!(!g.pc_spaces(&st, Side::Union).contains(&sp("frederick")), "its infantry may place no PC (11.3)");
    act(&mut st, Side::Union, "pcs");
    assert!(legal_text(&st, Side::Union).contains(&"raid frederick".to_string()), "{:?}", legal_text(&st, Side::Union));
    act(&mut st, Side::Union, "raid frederick");
    assert_eq!(st.control(sp("frederick")), Control::Of(Side::Union), "an original Union space returns to Union control");
    check(&st);
}

/// An empty 1861 map where Frederick (an original Union space) and every space around it hold a
/// CSA PC: Union units at Frederick are out of supply (FtP 8).
fn frederick_cut_off() -> State {
    let mut st = new("1861", 7);
    empty_map(&mut st);
    for s in ["frederick", "washington", "baltimore", "harpers_ferry", "hagerstown", "leesburg", "gettysburg", "manassas"] {
        st.control[sp(s) as usize] = Control::Of(Side::Csa);
    }
    st
}

/// FtP 11.1 (ES "Una brigada de caballería no puede colocar un indicador de CP (ni darle la
/// vuelta) ... pero sí que puede eliminar indicadores de CP enemigo durante dicha fase", no other
/// condition) with 5.5.3: in the Political Control phase Pleasonton removes the CSA PC at
/// Frederick though unsupplied Union infantry is with him, and from an army's display, a
/// cavalry-only army's too (11.1 forbids such an army only to place PCs).
#[test]
fn a_brigade_not_alone_removes_the_enemy_pc_in_the_pc_phase_fpt_11_1_5_5_3() {
    let g = game();
    let frederick = sp("frederick");
    // With 1 unsupplied SP.
    let mut st = frederick_cut_off();
    put_sp(&mut st, Side::Union, "frederick", 1);
    put_general(&mut st, "pleasonton", GenAt::Map(frederick));
    assert!(!g.supplied(&st, Side::Union)[frederick as usize]);
    g.political_phase(&mut st, &mut Log::quiet());
    assert_eq!(st.control(frederick), Control::Of(Side::Union));
    // On the display of an army with 3 unsupplied SP, and of a cavalry-only army.
    for n in [3, 0] {
        let mut st = frederick_cut_off();
        put_army(&mut st, "army_of_the_potomac", "frederick", n, "mcclellan");
        put_general(&mut st, "pleasonton", GenAt::Army(army("army_of_the_potomac")));
        g.political_phase(&mut st, &mut Log::quiet());
        assert_eq!(st.control(frederick), Control::Of(Side::Union), "army with {n} SP");
    }
    // Without the brigade the unsupplied infantry converts nothing (11.1).
    let mut st = frederick_cut_off();
    put_sp(&mut st, Side::Union, "frederick", 1);
    g.political_phase(&mut st, &mut Log::quiet());
    assert_eq!(st.control(frederick), Control::Of(Side::Csa));
}

/// FtP 5.1.2 ("se activa únicamente una brigada de caballería, situada en el mapa o en un
/// ejército") with 5.2.8: a brigade on the display of an army with a generic commander (no
/// commander: it cannot move itself) may still be activated and leave it; 5.2.9 ("el número de
/// generales en un ejército no puede ser superior a tres más el número de UM"; a brigade counts
/// as a general and as 1 SP) still holds after a brigade leaves an army: both sides of the
/// inequality lose one.
#[test]
fn a_brigade_leaves_an_army_with_a_generic_commander_and_5_2_9_holds_fpt_5_1_2_5_2_9() {
    let g = game();
    let a = army("army_of_the_potomac");
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    st.armies[a as usize] = Some(ArmySt { space: sp("frederick"), sp: 2, commander: None });
    st.sp_at_start[0] += 2;
    put_general(&mut st, "stoneman", GenAt::Army(a));
    st.sw_plus = [false, false];
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    assert!(legal_text(&st, Side::Union).contains(&"brigade stoneman".to_string()), "{:?}", legal_text(&st, Side::Union));
    assert!(!legal_text(&st, Side::Union).iter().any(|x| x.starts_with("army ")), "a generic commander does not move (5.2.8)");
    act(&mut st, Side::Union, "brigade stoneman");
    assert_eq!(g.army_strength(&st, a), 2, "the brigade left the army");
    check(&st);
    // 5.2.9: an army of 1 SP with McDowell, three more generals and Stoneman's brigade (5
    // generals <= 3 + 2 UM, at the limit); the brigade leaves: 4 generals <= 3 + 1 SP.
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 1, "mcdowell");
    for id in ["mcclellan", "burnside", "buell", "stoneman"] {
        put_general(&mut st, id, GenAt::Army(a));
    }
    let gens = |st: &State| g.army_gens(st, a).len();
    let um = |st: &State| g.army_strength(st, a) as usize;
    assert_eq!(gens(&st), 3 + um(&st));
    st.sw_plus = [false, false];
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    act(&mut st, Side::Union, "brigade stoneman");
    assert_eq!(gens(&st), 3 + um(&st), "5.2.9 holds after the brigade left");
    assert_eq!(g.army_strength(&st, a), 1);
}

/// FtP 5.8.1 e) (ES "si en el espacio hay una brigada de caballería apilada exclusivamente con UM
/// de infantería, la brigada puede intentar la intercepción en solitario"): Stuart stacked only
/// with 2 SP intercepts alone, the SP staying; stacked with Beauregard's corps he is not stacked
/// "exclusivamente con UM", so the whole force goes ("debe desplazarse toda la fuerza"): no action
/// sends the brigade alone.
#[test]
fn a_brigade_intercepts_alone_only_when_stacked_only_with_sp_fpt_5_8_1_e() {
    let leesburg = GenAt::Map(sp("leesburg"));
    // Stacked only with SP: the brigade alone.
    let mut st = corps_steps_next_to_manassas(&["stuart"], 2);
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas", "decline"]);
    assert!(game().corps_intercepts(&st, Side::Csa, sp("manassas")).is_empty(), "no corps");
    st.flow.pop();
    st.rng = dice(&[1]);
    assert!(game().intercept(&mut st, Side::Csa, sp("manassas"), sp("leesburg"), None, &mut Log::quiet()));
    assert_eq!(st.generals[general("stuart") as usize], leesburg);
    assert_eq!(st.sp[sp("manassas") as usize][1], 2, "the SP stay");
    // Stacked with a corps: the corps goes, the brigade with it.
    let st = corps_steps_next_to_manassas(&["beauregard", "stuart"], 2);
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas", "decline"]);
    let ok = intercepts(&st, &[1], "intercept manassas");
    for id in ["beauregard", "stuart"] {
        assert_eq!(ok.generals[general(id) as usize], leesburg, "{id} intercepted");
    }
    assert_eq!(ok.sp[sp("manassas") as usize][1], 0, "the SP went too");
}

/// The state right after the interception `text` with the dice `rolls` (the battle that follows
/// is played on a copy, whose invariants are checked).
fn intercepts(st: &State, rolls: &[u32], text: &str) -> State {
    let g = game();
    let mut st = st.clone();
    st.rng = dice(rolls);
    let (from, pick) = match g.parse(text) {
        Ok(Action::InterceptWith { from, general, sp, extra }) => (from, Some((general, sp, extra))),
        Ok(Action::Intercept { from }) => (from, g.corps_intercepts(&st, Side::Csa, from).first().copied()),
        _ => panic!("{text}"),
    };
    let mut played = st.clone();
    act(&mut played, Side::Csa, text);
    check(&played);
    st.flow.pop();
    assert!(g.intercept(&mut st, Side::Csa, from, sp("leesburg"), pick, &mut Log::quiet()), "{text} succeeds");
    st
}

/// FtP 5.8.1 with 5.3.3 (ES "Las brigadas de caballería cuentan como 1 UM y como un general ...
/// un cuerpo que contenga una brigada de caballería ya ha alcanzado su límite de un general
/// adicional"): Beauregard's intercepting corps with Stuart's and Wheeler's brigades takes one of
/// them, the owner's pick (`intercept FROM GEN SP BRIGADE`); the other stays at Manassas, a unit
/// itself, so Beauregard takes every SP (5.3.4 needs none for a brigade left alone).
#[test]
fn the_owner_picks_the_brigade_that_intercepts_with_the_corps_fpt_5_8_1_5_3_3() {
    let st = corps_steps_next_to_manassas(&["beauregard", "stuart", "wheeler"], 2);
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas beauregard 2 stuart", "intercept manassas beauregard 2 wheeler", "decline"]);
    refused(&mut st.clone(), Side::Csa, "intercept manassas", "FtP 5.8");
    refused(&mut st.clone(), Side::Csa, "intercept manassas beauregard 1 wheeler", "FtP 5.8.1");
    for (goes, stays) in [("stuart", "wheeler"), ("wheeler", "stuart")] {
        let ok = intercepts(&st, &[1], &format!("intercept manassas beauregard 2 {goes}"));
        for id in ["beauregard", goes] {
            assert_eq!(ok.generals[general(id) as usize], GenAt::Map(sp("leesburg")), "{id} intercepted");
        }
        assert_eq!(ok.generals[general(stays) as usize], GenAt::Map(sp("manassas")), "{stays} stays");
    }
}

/// FtP 5.8.1, 5.3.3, 5.3.4: Beauregard (PR 7) and Polk (PR 6) stacked with only Wheeler's brigade:
/// Beauregard intercepts as a corps with the brigade (its additional general, 5.3.3); Polk may
/// not go (a third general) and no SP can stay with him (c), so, alone in the space, he goes to
/// the turn track (5.3.4 "Un general inactivo nunca puede quedarse sin ninguna UM").
#[test]
fn a_second_general_with_only_a_brigade_goes_to_the_turn_track_fpt_5_8_1_5_3_4() {
    let st = corps_steps_next_to_manassas(&["beauregard", "polk", "wheeler"], 0);
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas", "decline"]);
    assert_eq!(game().corps_intercepts(&st, Side::Csa, sp("manassas")), [(general("beauregard"), 0, None)]);
    let ok = intercepts(&st, &[3], "intercept manassas");
    for id in ["beauregard", "wheeler"] {
        assert_eq!(ok.generals[general(id) as usize], GenAt::Map(sp("leesburg")), "{id} intercepted");
    }
    assert_eq!(ok.generals[general("polk") as usize], GenAt::Track(ok.turn + 1), "Polk to the turn track");
}

/// FtP 5.8.1 e) (ES "la brigada puede intentar la intercepción en solitario"): with no corps at
/// Manassas, Stuart's and Morgan's brigades stacked with 2 SP, one brigade intercepts alone, the
/// owner's pick; the roll is the picked brigade's: 4 - 2 = 2 is Stuart's defense (2), not
/// Morgan's (1).
#[test]
fn the_owner_picks_the_brigade_that_intercepts_alone_fpt_5_8_1_e() {
    let st = corps_steps_next_to_manassas(&["stuart", "morgan"], 2);
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas stuart 0", "intercept manassas morgan 0", "decline"]);
    refused(&mut st.clone(), Side::Csa, "intercept manassas", "FtP 5.8");
    let ok = intercepts(&st, &[4], "intercept manassas stuart 0");
    assert_eq!(ok.generals[general("stuart") as usize], GenAt::Map(sp("leesburg")), "Stuart intercepted");
    assert_eq!(ok.generals[general("morgan") as usize], GenAt::Map(sp("manassas")), "Morgan stays");
    assert_eq!(ok.sp[sp("manassas") as usize][1], 2, "the SP stay");
    let mut failed = st;
    failed.rng = dice(&[4]);
    act(&mut failed, Side::Csa, "intercept manassas morgan 0");
    for id in ["stuart", "morgan"] {
        assert_eq!(failed.generals[general(id) as usize], GenAt::Map(sp("manassas")), "{id} stays: Morgan's roll failed");
    }
    check(&failed);
}
