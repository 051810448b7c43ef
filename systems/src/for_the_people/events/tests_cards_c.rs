//! Card tests for the events of cards 90-130 written on `ftp-cards3` (FtP 4.2): for each card a
//! position where the event is playable, played with forced choices and dice and its effect
//! checked, and a position where it is not, refused naming the rule (FtP 4.2). The helpers are
//! those of `tests_cards_a`.

use super::super::content::Side;
use super::tests_cards_a::{refused_to, sw_change};

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
