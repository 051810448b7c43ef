//! Card tests for the events of cards 90-130 written on `ftp-cards3` (FtP 4.2): for each card a
//! position where the event is playable, played with forced choices and dice and its effect
//! checked, and a position where it is not, refused naming the rule (FtP 4.2). The helpers are
//! those of `tests_cards_a`.

use super::super::content::{Control, Side};
use super::testkit::*;
use super::tests_cards_a::{ready, refused_to, sw_change};

#[test]
fn card_091_letters_of_marque_csa_plus_1_sw_and_removed_fpt_4_2_1() {
    // The example of play: CSA +1 SW and the card is removed (FtP 4.2.1).
    assert_eq!(sw_change(91, Side::Csa, [false, true]), ([0, 1], "removed"));
    refused_to(91, Side::Union);
}

#[test]
fn card_090_habeas_corpus_union_minus_1_sw() {
    assert_eq!(sw_change(90, Side::Csa, [false, true]), ([-1, 0], "discard"));
    refused_to(90, Side::Union);
}

#[test]
fn card_097_davis_tours_the_south_csa_plus_1_sw() {
    assert_eq!(sw_change(97, Side::Csa, [true, true]), ([0, 1], "discard"));
    refused_to(97, Side::Union);
}

#[test]
fn card_108_richmond_bread_riots_csa_minus_1_sw() {
    assert_eq!(sw_change(108, Side::Union, [true, false]), ([0, -1], "discard"));
    refused_to(108, Side::Csa);
}

#[test]
fn card_110_gettysburg_address_union_plus_2_sw() {
    assert_eq!(sw_change(110, Side::Union, [true, true]), ([2, 0], "discard"));
    refused_to(110, Side::Csa);
}

#[test]
fn card_114_frederick_douglass_union_plus_1_sw() {
    assert_eq!(sw_change(114, Side::Union, [true, true]), ([1, 0], "discard"));
    refused_to(114, Side::Csa);
}

#[test]
fn card_092_baltimore_riots_one_csa_pc_in_maryland_fpt_11_3() {
    let g = game();
    let mut st = ready("1861", Side::Csa, 92);
    st.sp[sp("frederick") as usize][0] = 0;
    play(g, &mut st, Side::Csa, 92, &["frederick"], &[]).unwrap();
    assert_eq!(st.control(sp("frederick")), Control::Of(Side::Csa));
    assert_eq!(pile_of(&st, 92), "discard");
    // Not playable once no Maryland space can take a Confederate PC.
    let mut st = ready("1861", Side::Csa, 92);
    for (s, _, d) in g.c.map.spaces() {
        if g.c.states[d.state as usize].id == "md" {
            st.control[s.index()] = Control::Of(Side::Csa);
        }
    }
    assert!(!offered(g, &st, Side::Csa, 92));
    assert_eq!(play(g, &mut st, Side::Csa, 92, &[], &[]).unwrap_err().rule, "FtP 4.2");
    refused_to(92, Side::Union);
}

#[test]
fn card_124_confederate_desertions_one_csa_infantry_sp_fpt_4_2_4() {
    let g = game();
    let mut st = ready("1861", Side::Union, 124);
    st.sp[sp("nashville") as usize] = [0, 2];
    let total = g.total_sp(&st, Side::Csa);
    play(g, &mut st, Side::Union, 124, &["nashville"], &[]).unwrap();
    assert_eq!(st.sp[sp("nashville") as usize][1], 1);
    assert_eq!(g.total_sp(&st, Side::Csa), total - 1);
    assert_eq!(pile_of(&st, 124), "discard");
    refused_to(124, Side::Csa);
}
