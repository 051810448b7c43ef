//! FtP 5.8.1 reading, option `interception-target`: an interception into a space
//! the interceptor's own units hold (`no-mover-units`, the default: ES 5.8.1 "que no contenga ya
//! alguna UM enemiga o fuerte enemigo", ES 5.2.4 "como consecuencia del desplazamiento,
//! intercepción o retirada") and the battle of the combined force (5.8.3, 7.4.1, 5.3.5, 5.2.4),
//! or none (`empty`).

use super::battle::DrmKind;
use super::choices_tests::{check, dice, no_forts, put_army, put_general};
use super::content::Side;
use super::play_tests::{act, army, empty_map, game, general, legal_text, new, put_sp, round_with, sp};
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;

/// McDowell's Union corps (6 SP) steps from Frederick to Leesburg, held by J. Johnston (PR 8)
/// with 1 CSA SP; Polk (PR 6) and 3 SP at Manassas, next to Leesburg. `empty`: the option.
fn corps_enters_leesburg(empty: bool) -> State {
    let mut st = new("1861", 4);
    st.opts.intercept_empty_target = empty;
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Union, "frederick", 6);
    put_sp(&mut st, Side::Csa, "leesburg", 1);
    put_sp(&mut st, Side::Csa, "manassas", 3);
    put_general(&mut st, "j_johnston", GenAt::Map(sp("leesburg")));
    put_general(&mut st, "polk", GenAt::Map(sp("manassas")));
    put_general(&mut st, "mcdowell", GenAt::Map(sp("frederick")));
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcdowell 6");
    decline_interrupts(&mut st);
    act(&mut st, Side::Union, "step leesburg");
    st
}

fn decline_interrupts(st: &mut State) {
    while let Some(&Frame::Interrupt { side }) = st.flow.top() {
        act(st, side, "decline");
    }
}

#[test]
fn interception_into_a_space_the_interceptor_holds_fpt_5_8_1() {
    // The default reading, from the scenario options too.
    let mut setup = Setup::new("1861", 2, 1);
    assert!(!game().setup(&setup).unwrap().opts.intercept_empty_target);
    setup.options.insert("interception-target".into(), "empty".into());
    assert!(game().setup(&setup).unwrap().opts.intercept_empty_target);

    // FtP 5.8.1 (ES): the space holds no SP or fort of the moving side: Polk may intercept.
    let st = corps_enters_leesburg(false);
    assert_eq!(st.flow.top(), Some(&Frame::Intercept { side: Side::Csa, to: sp("leesburg") }));
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas", "decline"]);
    // Success (1d6 = 1 <= Polk's defense 2): Polk and his 3 SP join Johnston; the battle is
    // fought at once (no retreat before battle, 5.8.1) by the combined 4 SP with the
    // interceptor's +2 (5.8.3), commanded by Johnston, the higher political rating (7.4.1).
    let mut ok = st.clone();
    ok.rng = dice(&[1]);
    act(&mut ok, Side::Csa, "intercept manassas");
    assert_eq!(ok.generals[general("polk") as usize], GenAt::Map(sp("leesburg")));
    let b = ok.last_battle.as_ref().expect("the battle follows at once");
    assert_eq!(b.space, sp("leesburg"));
    assert_eq!(b.report.defender.sp_before, 4, "the combined force defends");
    assert!(b.report.defender.drms.iter().any(|d| d.kind == DrmKind::Interception), "{:?}", b.report.defender.drms);
    assert_eq!(b.generals[1].first(), Some(&general("j_johnston")));
    check(&ok);
    // FtP 7.6, 7.8: the combined force takes the losses and retreats (or holds) as one force.
    let mut ok = ok;
    finish_battle(&mut ok);
    let left = ok.sp[sp("leesburg") as usize][1];
    assert!(left == 0 || left == 4 - ok.last_battle.as_ref().unwrap().report.defender.sp_lost, "losses come off the combined force");
    check(&ok);
    // A failed roll (6): the Union enters and Johnston may still retreat before battle (5.8.1).
    let mut failed = st.clone();
    failed.rng = dice(&[6]);
    act(&mut failed, Side::Csa, "intercept manassas");
    assert_eq!(failed.generals[general("polk") as usize], GenAt::Map(sp("manassas")));
    assert_eq!(failed.flow.top(), Some(&Frame::Rbb { side: Side::Csa, from: sp("leesburg") }));

    // Option `empty`: the interceptor's own SP in Leesburg forbid the interception.
    let st = corps_enters_leesburg(true);
    assert!(game().interceptors(&st, Side::Csa, sp("leesburg")).is_empty());
    assert_eq!(st.flow.top(), Some(&Frame::Rbb { side: Side::Csa, from: sp("leesburg") }));
}

/// Answers the questions after a battle (losses, retreats) with the first legal choice.
fn finish_battle(st: &mut State) {
    for _ in 0..20 {
        match st.flow.top().copied() {
            Some(Frame::Losses { side }) | Some(Frame::SpaceLosses { side, .. }) | Some(Frame::Retreat { side, .. }) => {
                let a = legal_text(st, side)[0].clone();
                act(st, side, &a);
            }
            _ => return,
        }
    }
}

/// The Army of the Potomac (McClellan, 8 SP) steps from Frederick to Leesburg, held by the Army
/// of Tennessee (Bragg, 3 SP); Lee's Army of Northern Virginia (8 SP) is at Manassas.
pub(super) fn army_enters_leesburg(seed: u64) -> State {
    let mut st = new("1862", seed);
    empty_map(&mut st);
    no_forts(&mut st);
    st.flow.clear();
    st.phase = Phase::Strategy;
    put_army(&mut st, "army_of_the_potomac", "frederick", 8, "mcclellan");
    put_army(&mut st, "army_of_northern_virginia", "manassas", 8, "lee");
    put_army(&mut st, "army_of_tennessee", "leesburg", 3, "bragg");
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    decline_interrupts(&mut st);
    act(&mut st, Side::Union, "step leesburg");
    st
}

/// FtP 5.2.4 (ES: two armies in a space "como consecuencia del desplazamiento, intercepción o
/// retirada": one is removed "inmediatamente (y antes de eventuales batallas)") with 5.8.1.
#[test]
fn an_army_intercepting_into_its_other_army_removes_one_before_the_battle_fpt_5_8_1_5_2_4() {
    let mut st = army_enters_leesburg(5);
    assert_eq!(legal_text(&st, Side::Csa), ["intercept manassas", "decline"]);
    st.rng = dice(&[1]);
    act(&mut st, Side::Csa, "intercept manassas");
    assert_eq!(st.flow.top(), Some(&Frame::TwoArmies { side: Side::Csa, space: sp("leesburg") }));
    assert!(st.last_battle.is_none(), "no battle before the owner removes an army");
    assert_eq!(st.moving.as_ref().unwrap().at, sp("frederick"), "the Union waits outside");
    let mut l = legal_text(&st, Side::Csa);
    l.sort();
    assert_eq!(l, ["disband army_of_northern_virginia", "disband army_of_tennessee"]);
    check(&st);
    // The CSA keeps Lee's army: -5 SW and Bragg's PR (6) (12.7, 5.6.1); the 3 SP join it (11).
    st.sw_plus[1] = false;
    let mut log = Log::recording();
    game().apply(&mut st, Side::Csa.index() as u8, &game().parse("disband army_of_tennessee").unwrap(), &mut log).unwrap();
    assert!(log.events.first().is_some_and(|e| e.text.starts_with("csa SW -11 (FtP 5.2.4")), "{:?}", log.events.first());
    assert!(st.armies[army("army_of_tennessee") as usize].is_none());
    // The Union then enters and the battle is fought against 11 SP with the +2 (5.8.3).
    while let Some(&Frame::Elite { side, .. }) = st.flow.top() {
        act(&mut st, side, "elite 0");
    }
    let b = st.last_battle.as_ref().expect("the battle follows the removal");
    assert_eq!((b.space, b.report.defender.sp_before), (sp("leesburg"), 11));
    assert!(b.report.defender.drms.iter().any(|d| d.kind == DrmKind::Interception));
    assert_eq!(b.generals[1].first(), Some(&general("lee")));
    check(&st);
}

/// FtP 5.3.5: a corps that intercepted into its army's space joins the army, whose commander
/// leads the combined defence (7.4.1).
#[test]
fn a_corps_intercepting_into_its_army_joins_it_fpt_5_8_1_5_3_5() {
    let mut st = army_enters_leesburg(6);
    // Replace Lee's army at Manassas with Jackson's corps of 3 SP.
    st.armies[army("army_of_northern_virginia") as usize] = None;
    st.generals[general("lee") as usize] = GenAt::Out;
    st.sp[sp("manassas") as usize][1] = 3;
    put_general(&mut st, "jackson", GenAt::Map(sp("manassas")));
    st.rng = dice(&[1]);
    let mut joined = st.clone();
    joined.flow.pop();
    assert!(game().intercept(&mut joined, Side::Csa, sp("manassas"), sp("leesburg"), Some((general("jackson"), 3, None)), &mut Log::quiet()));
    assert_eq!(joined.generals[general("jackson") as usize], GenAt::Army(army("army_of_tennessee")));
    assert_eq!(joined.armies[army("army_of_tennessee") as usize].map(|x| x.sp), Some(6));
    act(&mut st, Side::Csa, "intercept manassas");
    while let Some(&Frame::Elite { side, .. }) = st.flow.top() {
        act(&mut st, side, "elite 0");
    }
    let b = st.last_battle.as_ref().expect("battle");
    assert_eq!(b.report.defender.sp_before, 6);
    assert_eq!(b.generals[1].first(), Some(&general("bragg")));
}

/// FtP 4.2.5, 5.8 and the example of play (T-CRT-4): "Primera batalla de Manassas, cuyo evento
/// permite interceptar a una distancia de dos espacios": McDowell enters Manassas, held by
/// Beauregard; the CSA plays #102 and J. Johnston intercepts from Winchester, two spaces away.
#[test]
fn first_manassas_intercepts_from_two_spaces_away_fpt_102_5_8() {
    let build = |with_card: bool| {
        let mut st = new("1861", 4);
        empty_map(&mut st);
        no_forts(&mut st);
        put_sp(&mut st, Side::Union, "frederick", 6);
        put_sp(&mut st, Side::Csa, "manassas", 5);
        put_sp(&mut st, Side::Csa, "winchester", 1);
        put_general(&mut st, "beauregard", GenAt::Map(sp("manassas")));
        put_general(&mut st, "j_johnston", GenAt::Map(sp("winchester")));
        put_general(&mut st, "mcdowell", GenAt::Map(sp("frederick")));
        if with_card {
            round_with(&mut st, Side::Csa, 102);
        }
        round_with(&mut st, Side::Union, 9);
        act(&mut st, Side::Union, "ops 9");
        act(&mut st, Side::Union, "corps mcdowell 6");
        decline_interrupts(&mut st);
        act(&mut st, Side::Union, "step manassas");
        st
    };
    // Without the card, Winchester is too far: no interception window.
    let st = build(false);
    assert_ne!(st.flow.top(), Some(&Frame::Intercept { side: Side::Csa, to: sp("manassas") }));
    // With it, Johnston's force two spaces away may intercept.
    let st = build(true);
    assert_eq!(st.flow.top(), Some(&Frame::Intercept { side: Side::Csa, to: sp("manassas") }));
    assert_eq!(legal_text(&st, Side::Csa), ["intercept winchester", "decline"]);
    let mut ok = st.clone();
    ok.rng = dice(&[1]);
    act(&mut ok, Side::Csa, "intercept winchester");
    assert_eq!(ok.generals[general("j_johnston") as usize], GenAt::Map(sp("manassas")), "Johnston moves two spaces into Manassas");
    let card = bivouac_engine::piles::CardId(101);
    assert_eq!(ok.piles.find(card), Some(DISCARD), "#102 is played (FtP 4.2.5)");
    let b = ok.last_battle.as_ref().expect("the battle follows at once");
    assert_eq!(b.report.defender.sp_before, 6, "T-CRT-4: 6 SP defend");
    assert!(b.report.defender.drms.iter().any(|d| d.kind == DrmKind::Interception), "T-CRT-4: +2 for the interception");
    assert_eq!(b.generals[1].first(), Some(&general("j_johnston")), "T-CRT-4: Johnston commands (political rating)");
    check(&ok);
    // Declining keeps the card.
    let mut no = st.clone();
    act(&mut no, Side::Csa, "decline");
    assert_eq!(no.piles.find(bivouac_engine::piles::CardId(101)), Some(HAND[1]));
}
