//! Card tests for the events of cards 1-80 written on `ftp-cards1` (FtP 4.2): for each card a
//! position where the event is playable, played with forced choices and dice and its effect
//! checked, and a position where it is not, refused naming the rule. The examples of play that
//! show an event become tests with the example's choices.

use super::super::content::{Control, Side};
use super::super::state::*;
use super::testkit::*;

/// `side`'s strategy round in `scenario`'s opening position, with card `n` in its hand.
pub(super) fn ready(scenario: &str, side: Side, n: u8) -> State {
    let mut st = position(scenario, 1);
    give(&mut st, side, n);
    round(&mut st, side);
    st
}

/// The Strategic Will change card `n` makes when `side` plays it, the marker on `plus` before
/// (so that Change of Fortune, FtP 12.4, does not apply); and where the card goes.
pub(super) fn sw_change(n: u8, side: Side, plus: [bool; 2]) -> ([i16; 2], &'static str) {
    let mut st = ready("1861", side, n);
    st.sw_plus = plus;
    let before = st.sw;
    play(game(), &mut st, side, n, &[], &[]).unwrap();
    ([st.sw[0] - before[0], st.sw[1] - before[1]], pile_of(&st, n))
}

/// Card `n` is a `side` event only: the other side may not play it (FtP 4.2).
pub(super) fn refused_to(n: u8, side: Side) {
    let mut st = ready("1861", side, n);
    assert!(!offered(game(), &st, side, n));
    assert_eq!(play(game(), &mut st, side, n, &[], &[]).unwrap_err().rule, "FtP 4.2");
}

#[test]
fn card_024_pre_war_treason_two_csa_forts_and_removed_fpt_6_8() {
    let g = game();
    // The 1861 example of play (turn 3): Manassas and New Madrid are CSA, without forts, as in
    // the 1861 set-up (13); in the 1862 set-up (14) New Madrid has a fort, the Union Manassas.
    let mut st = ready("1861", Side::Csa, 24);
    assert_eq!(st.fort[sp("new_madrid") as usize], None);
    play(g, &mut st, Side::Csa, 24, &["new_madrid", "manassas"], &[]).unwrap();
    assert_eq!(st.fort[sp("new_madrid") as usize], Some(Side::Csa));
    assert_eq!(st.fort[sp("manassas") as usize], Some(Side::Csa));
    assert_eq!(pile_of(&st, 24), "removed");
    // Not in a Union-controlled space, a space with Union SP or one already holding a fort.
    let mut st = ready("1862", Side::Csa, 24);
    st.sp[sp("nashville") as usize][0] = 1;
    let mut roll = |_: &mut State| 1;
    let top = Frame::Round { side: Side::Csa };
    g.event_action_with(&mut st, top, &Action::Event { card: 24 }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
    let o = options(&st);
    assert!(o.contains(&"springfield_mo".to_string()));
    for s in ["richmond", "new_madrid", "manassas", "nashville", "washington"] {
        assert!(!o.contains(&s.to_string()), "{s}");
    }
    // A Union player may not play it (a CSA event).
    refused_to(24, Side::Union);
}

#[test]
fn card_029_crittenden_compromise_two_union_pcs_in_kentucky_and_removed() {
    let g = game();
    let mut st = ready("1861", Side::Union, 29);
    // The 1861 example of play: Lexington and Louisville; removed (4.2.1).
    play(g, &mut st, Side::Union, 29, &["lexington_ky", "louisville"], &[]).unwrap();
    assert_eq!(st.control(sp("lexington_ky")), Control::Of(Side::Union));
    assert_eq!(st.control(sp("louisville")), Control::Of(Side::Union));
    assert_eq!(pile_of(&st, 29), "removed");
    // Not playable once no Kentucky space can take a Union PC.
    let mut st = ready("1861", Side::Union, 29);
    for (s, _, d) in g.c.map.spaces() {
        if g.c.states[d.state as usize].id == "ky" {
            st.control[s.index()] = Control::Of(Side::Union);
        }
    }
    assert!(!offered(g, &st, Side::Union, 29));
    assert_eq!(play(g, &mut st, Side::Union, 29, &[], &[]).unwrap_err().rule, "FtP 4.2");
    refused_to(29, Side::Csa);
}

#[test]
fn card_044_west_virginia_three_union_pcs_and_removed() {
    let g = game();
    let mut st = ready("1861", Side::Union, 44);
    // The 1861 example of play: Parkersburg, Grafton and Weston; removed (4.2.1).
    play(g, &mut st, Side::Union, 44, &["parkersburg", "grafton", "weston"], &[]).unwrap();
    for s in ["parkersburg", "grafton", "weston"] {
        assert_eq!(st.control(sp(s)), Control::Of(Side::Union), "{s}");
    }
    assert_eq!(pile_of(&st, 44), "removed");
    // A space holding CSA SP is never offered (FtP 11.3); none left: not playable.
    let mut st = ready("1861", Side::Union, 44);
    for (s, _, d) in g.c.map.spaces() {
        if g.c.states[d.state as usize].id == "wv" {
            st.sp[s.index()] = [0, 1];
        }
    }
    assert!(!offered(g, &st, Side::Union, 44));
    assert_eq!(play(g, &mut st, Side::Union, 44, &[], &[]).unwrap_err().rule, "FtP 4.2");
}

#[test]
fn card_043_kansas_one_union_sp_in_missouri_and_removed_fpt_4_2_7() {
    let g = game();
    let mut st = ready("1861", Side::Union, 43);
    let kc = sp("kansas_city") as usize;
    let (before, total) = (st.sp[kc][0], g.total_sp(&st, Side::Union));
    // The 1861 example of play: the SP goes to Kansas City; removed (4.2.1).
    play(g, &mut st, Side::Union, 43, &["kansas_city"], &[]).unwrap();
    assert_eq!(st.sp[kc][0], before + 1);
    assert_eq!(g.total_sp(&st, Side::Union), total + 1);
    assert_eq!(pile_of(&st, 43), "removed");
    // FtP 4.2.7: never where the enemy is; no Missouri space free of it: not playable.
    let mut st = ready("1861", Side::Union, 43);
    for (s, _, d) in g.c.map.spaces() {
        if g.c.states[d.state as usize].id == "mo" {
            st.sp[s.index()] = [0, 1];
        }
    }
    assert!(!offered(g, &st, Side::Union, 43));
    assert_eq!(play(g, &mut st, Side::Union, 43, &[], &[]).unwrap_err().rule, "FtP 4.2");
    refused_to(43, Side::Csa);
}

#[test]
fn card_047_confederacy_recognizes_border_states_two_csa_sp_and_removed_fpt_4_2_7() {
    let g = game();
    let mut st = ready("1862", Side::Csa, 47);
    let sf = sp("springfield_mo") as usize;
    let before = st.sp[sf][1];
    // The 1861 example of play (turn 3; Springfield CSA, as in the 1862 set-up): +2 CSA SP at
    // Springfield (MO); removed (4.2.1).
    play(g, &mut st, Side::Csa, 47, &["springfield_mo", "springfield_mo"], &[]).unwrap();
    assert_eq!(st.sp[sf][1], before + 2);
    assert_eq!(pile_of(&st, 47), "removed");
    // In 1862 every other border-state space is Union-controlled (14.2): with Union SP at
    // New Madrid and Springfield nothing is left, and the event is not playable.
    let mut st = ready("1862", Side::Csa, 47);
    st.sp[sf] = [1, 0];
    st.sp[sp("new_madrid") as usize] = [1, 0];
    assert!(!offered(g, &st, Side::Csa, 47));
    assert_eq!(play(g, &mut st, Side::Csa, 47, &[], &[]).unwrap_err().rule, "FtP 4.2");
}

#[test]
fn card_048_brazil_csa_plus_3_sw_and_removed_fpt_12_4() {
    // The 1861 example of play (turn 3): +3 for the card, +2 for Change of Fortune from "-" to "+".
    let mut st = ready("1862", Side::Csa, 48);
    st.sw_plus = [false, false];
    let before = st.sw[1];
    play(game(), &mut st, Side::Csa, 48, &[], &[]).unwrap();
    assert_eq!(st.sw[1], before + 5);
    assert_eq!(pile_of(&st, 48), "removed");
    assert_eq!(sw_change(48, Side::Csa, [false, true]), ([0, 3], "removed"));
    refused_to(48, Side::Union);
}

#[test]
fn card_052_trent_affair_csa_plus_5_sw_and_removed_fpt_12_4() {
    // The 1861 example of play (turn 3): +5 for the card, +2 for Change of Fortune: +7.
    let mut st = ready("1862", Side::Csa, 52);
    st.sw_plus = [true, false];
    let before = st.sw[1];
    play(game(), &mut st, Side::Csa, 52, &[], &[]).unwrap();
    assert_eq!(st.sw[1], before + 7);
    assert_eq!(pile_of(&st, 52), "removed");
    assert_eq!(sw_change(52, Side::Csa, [true, true]), ([0, 5], "removed"));
    refused_to(52, Side::Union);
}

#[test]
fn card_050_css_sumter_union_minus_1_sw() {
    // The 1861 example: Union -1, the marker already "-" (no Change of Fortune).
    assert_eq!(sw_change(50, Side::Csa, [false, true]), ([-1, 0], "discard"));
    refused_to(50, Side::Union);
}

#[test]
fn card_026_king_cotton_csa_minus_2_played_by_the_union() {
    // The 1861 example of play (turn 3): the Union plays it, CSA -2 (marker already "-").
    assert_eq!(sw_change(26, Side::Union, [true, false]), ([0, -2], "discard"));
    // Played by the CSA (reconstructed): CSA +2.
    assert_eq!(sw_change(26, Side::Csa, [true, true]), ([0, 2], "discard"));
    // Not on the other side's round (FtP 3.3.2).
    let mut st = ready("1861", Side::Csa, 26);
    round(&mut st, Side::Union);
    assert_eq!(play(game(), &mut st, Side::Csa, 26, &[], &[]).unwrap_err().rule, "FtP 3.3.2");
}

#[test]
fn card_067_eads_river_ironclads_amphibious_track_plus_2_fpt_6_4_1() {
    let mut st = ready("1861", Side::Union, 67);
    assert_eq!(st.naval.amphibious, 0);
    play(game(), &mut st, Side::Union, 67, &[], &[]).unwrap();
    // The example of play: the track goes from 0 to 2.
    assert_eq!(st.naval.amphibious, 2);
    let mut st = ready("1861", Side::Union, 67);
    st.naval.amphibious = 1;
    play(game(), &mut st, Side::Union, 67, &[], &[]).unwrap();
    assert_eq!(st.naval.amphibious, 3);
    assert_eq!(pile_of(&st, 67), "discard");
    refused_to(67, Side::Csa);
}

#[test]
fn card_042_anarchy_in_kentucky_removes_every_pc_in_kentucky() {
    let g = game();
    // The 1861 example of play: Union PCs at Lexington and Louisville, the CSA's at Columbus.
    let mut st = ready("1861", Side::Csa, 42);
    st.control[sp("lexington_ky") as usize] = Control::Of(Side::Union);
    st.control[sp("louisville") as usize] = Control::Of(Side::Union);
    st.control[sp("columbus_ky") as usize] = Control::Of(Side::Csa);
    play(g, &mut st, Side::Csa, 42, &[], &[]).unwrap();
    for s in ["lexington_ky", "louisville", "columbus_ky"] {
        assert_eq!(st.control(sp(s)), Control::Neutral, "{s}");
    }
    assert_eq!(pile_of(&st, 42), "discard");
    // The Union may play it too (both sides' event); with no PC in Kentucky it is not playable.
    let mut st = ready("1861", Side::Union, 42);
    st.control[sp("columbus_ky") as usize] = Control::Of(Side::Csa);
    play(g, &mut st, Side::Union, 42, &[], &[]).unwrap();
    assert_eq!(st.control(sp("columbus_ky")), Control::Neutral);
    let mut st = ready("1861", Side::Union, 42);
    for (s, _, d) in g.c.map.spaces() {
        if g.c.states[d.state as usize].id == "ky" {
            st.control[s.index()] = Control::Neutral;
        }
    }
    assert!(!offered(g, &st, Side::Union, 42));
    assert_eq!(play(g, &mut st, Side::Union, 42, &[], &[]).unwrap_err().rule, "FtP 4.2");
}

// ---------------------------------------------------------------------------------------------
// Reconstructed Strategic Will cards (amounts authored; FtP 12.4 Change of Fortune kept out by
// putting the marker on the side it already is).

#[test]
fn card_002_copperheads_union_minus_2_sw() {
    assert_eq!(sw_change(2, Side::Csa, [false, true]), ([-2, 0], "discard"));
    refused_to(2, Side::Union);
}

#[test]
fn card_018_confederate_inflation_csa_minus_2_sw() {
    assert_eq!(sw_change(18, Side::Union, [true, false]), ([0, -2], "discard"));
    refused_to(18, Side::Csa);
}

#[test]
fn card_030_glory_hallelujah_union_plus_2_sw() {
    assert_eq!(sw_change(30, Side::Union, [true, true]), ([2, 0], "discard"));
    refused_to(30, Side::Csa);
}

#[test]
fn card_032_dixie_land_csa_plus_2_sw() {
    assert_eq!(sw_change(32, Side::Csa, [true, true]), ([0, 2], "discard"));
    refused_to(32, Side::Union);
}

#[test]
fn card_062_salmon_chase_union_minus_2_sw() {
    assert_eq!(sw_change(62, Side::Csa, [false, true]), ([-2, 0], "discard"));
    refused_to(62, Side::Union);
}

#[test]
fn card_074_political_crisis_csa_minus_2_sw() {
    assert_eq!(sw_change(74, Side::Union, [true, false]), ([0, -2], "discard"));
    refused_to(74, Side::Csa);
}

#[test]
fn card_077_stop_the_war_union_minus_2_sw() {
    assert_eq!(sw_change(77, Side::Csa, [false, true]), ([-2, 0], "discard"));
    refused_to(77, Side::Union);
}

#[test]
fn change_of_fortune_applies_to_event_sw_fpt_12_4() {
    // The Union marker on "-": +2 from Glory Hallelujah flips it and adds the Change of
    // Fortune, as in the examples of #48 and #52.
    let (d, _) = sw_change(30, Side::Union, [false, true]);
    assert!(d[0] > 2, "{d:?}");
}

// ---------------------------------------------------------------------------------------------
// Reconstructed new-SP cards (numbers authored; FtP 4.2.7).

/// Card `n` played by `side` adds one SP at each of `at` (chosen in order); with no space
/// of `side`'s left free of the enemy, the event is not playable.
fn new_sp(n: u8, side: Side, at: &[&str]) {
    let g = game();
    let mut st = ready("1861", side, n);
    let total = g.total_sp(&st, side);
    play(g, &mut st, side, n, at, &[]).unwrap();
    // The new SP are on the map (loose, or absorbed by an army there) and counted as gained.
    assert_eq!(g.total_sp(&st, side), total + at.len() as u32);
    assert_eq!(st.sp_gained[side.index()], at.len() as u32);
    assert_eq!(pile_of(&st, n), "discard");
    // A space holding the enemy is never offered (4.2.7); with every space of this side's
    // occupied by the enemy, the event is not playable.
    let mut st = ready("1861", side, n);
    for (s, _, _) in g.c.map.spaces() {
        if st.controls(side, s.index() as Sp) {
            st.sp[s.index()][1 - side.index()] = 1;
        }
    }
    assert!(!offered(g, &st, side, n));
    assert_eq!(play(g, &mut st, side, n, &[], &[]).unwrap_err().rule, "FtP 4.2");
    refused_to(n, match side {
        Side::Union => Side::Csa,
        Side::Csa => Side::Union,
    });
}

#[test]
fn card_017_confederate_purchasing_agents_two_csa_sp_fpt_4_2_7() {
    new_sp(17, Side::Csa, &["richmond", "nashville"]);
}

#[test]
fn card_022_josiah_gorgas_two_csa_sp_fpt_4_2_7() {
    new_sp(22, Side::Csa, &["richmond", "richmond"]);
}

#[test]
fn card_037_confederate_scientist_one_csa_sp_fpt_4_2_7() {
    new_sp(37, Side::Csa, &["memphis"]);
}

#[test]
fn card_038_gunpowder_production_one_csa_sp_fpt_4_2_7() {
    new_sp(38, Side::Csa, &["richmond"]);
}

#[test]
fn card_040_emergency_call_for_volunteers_two_union_sp_fpt_4_2_7() {
    new_sp(40, Side::Union, &["washington", "cairo"]);
}

#[test]
fn card_021_confederate_agents_in_europe_csa_plus_2_sw() {
    assert_eq!(sw_change(21, Side::Csa, [true, true]), ([0, 2], "discard"));
    refused_to(21, Side::Union);
}

#[test]
fn card_045_food_shortage_csa_minus_2_sw() {
    assert_eq!(sw_change(45, Side::Union, [true, false]), ([0, -2], "discard"));
    refused_to(45, Side::Csa);
}

#[test]
fn card_049_css_alabama_union_minus_2_sw() {
    assert_eq!(sw_change(49, Side::Csa, [false, true]), ([-2, 0], "discard"));
    refused_to(49, Side::Union);
}

// ---------------------------------------------------------------------------------------------
// Reconstructed Amphibious Assault track cards (FtP 6.4.1; +1 authored).

#[test]
fn cards_070_072_ironclad_programs_amphibious_track_plus_1_fpt_6_4_1() {
    for n in [70, 72] {
        let mut st = ready("1861", Side::Union, n);
        st.naval.amphibious = 2;
        play(game(), &mut st, Side::Union, n, &[], &[]).unwrap();
        assert_eq!(st.naval.amphibious, 3, "#{n}");
        assert_eq!(pile_of(&st, n), "discard");
        refused_to(n, Side::Csa);
    }
}

// ---------------------------------------------------------------------------------------------
// Reconstructed political-control cards (FtP 11.3; numbers authored).

#[test]
fn card_013_missouri_guerrilla_raids_two_csa_pcs_in_missouri_fpt_11_3() {
    let g = game();
    let mut st = ready("1861", Side::Csa, 13);
    play(g, &mut st, Side::Csa, 13, &["ironton", "st_joseph"], &[]).unwrap();
    assert_eq!(st.control(sp("ironton")), Control::Of(Side::Csa));
    assert_eq!(st.control(sp("st_joseph")), Control::Of(Side::Csa));
    // A Missouri space with Union SP (St. Louis) is never offered; none left: not playable.
    let mut st = ready("1861", Side::Csa, 13);
    for (s, _, d) in g.c.map.spaces() {
        if g.c.states[d.state as usize].id == "mo" {
            st.sp[s.index()] = [1, 0];
        }
    }
    assert!(!offered(g, &st, Side::Csa, 13));
    assert_eq!(play(g, &mut st, Side::Csa, 13, &[], &[]).unwrap_err().rule, "FtP 4.2");
    refused_to(13, Side::Union);
}

#[test]
fn card_046_east_tennessee_unionists_one_union_pc_in_tennessee_fpt_11_3() {
    let g = game();
    let mut st = ready("1861", Side::Union, 46);
    play(g, &mut st, Side::Union, 46, &["knoxville"], &[]).unwrap();
    assert_eq!(st.control(sp("knoxville")), Control::Of(Side::Union));
    // Tennessee spaces with CSA SP (Nashville, in 1861) are never offered.
    let mut st = ready("1861", Side::Union, 46);
    let mut roll = |_: &mut State| 1;
    let top = Frame::Round { side: Side::Union };
    g.event_action_with(&mut st, top, &Action::Event { card: 46 }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
    assert!(options(&st).contains(&"knoxville".to_string()));
    assert!(!options(&st).contains(&"nashville".to_string()));
    let mut st = ready("1861", Side::Union, 46);
    for (s, _, d) in g.c.map.spaces() {
        if g.c.states[d.state as usize].id == "tn" {
            st.sp[s.index()] = [0, 1];
        }
    }
    assert!(!offered(g, &st, Side::Union, 46));
    refused_to(46, Side::Csa);
}

#[test]
fn card_033_orphan_brigade_one_csa_sp_in_kentucky_fpt_4_2_7() {
    let g = game();
    let mut st = ready("1861", Side::Csa, 33);
    let total = g.total_sp(&st, Side::Csa);
    play(g, &mut st, Side::Csa, 33, &["bowling_green"], &[]).unwrap();
    assert_eq!(st.sp[sp("bowling_green") as usize][1], 1);
    assert_eq!(g.total_sp(&st, Side::Csa), total + 1);
    // Kentucky all Union: not playable.
    let mut st = ready("1861", Side::Csa, 33);
    for (s, _, d) in g.c.map.spaces() {
        if g.c.states[d.state as usize].id == "ky" {
            st.control[s.index()] = Control::Of(Side::Union);
        }
    }
    assert!(!offered(g, &st, Side::Csa, 33));
    assert_eq!(play(g, &mut st, Side::Csa, 33, &[], &[]).unwrap_err().rule, "FtP 4.2");
    refused_to(33, Side::Union);
}

#[test]
fn card_079_indian_allies_one_csa_sp_in_arkansas_or_texas_fpt_4_2_7() {
    let g = game();
    let mut st = ready("1861", Side::Csa, 79);
    let before = st.sp[sp("little_rock") as usize][1];
    play(g, &mut st, Side::Csa, 79, &["little_rock"], &[]).unwrap();
    assert_eq!(st.sp[sp("little_rock") as usize][1], before + 1);
    // Every Arkansas and Texas space held by the Union: not playable.
    let mut st = ready("1861", Side::Csa, 79);
    for (s, _, d) in g.c.map.spaces() {
        if ["ar", "tx"].contains(&g.c.states[d.state as usize].id.as_str()) {
            st.sp[s.index()][0] = 1;
        }
    }
    assert!(!offered(g, &st, Side::Csa, 79));
    refused_to(79, Side::Union);
}

#[test]
fn card_015_mosbys_rangers_union_minus_1_sw() {
    assert_eq!(sw_change(15, Side::Csa, [false, true]), ([-1, 0], "discard"));
    refused_to(15, Side::Union);
}

#[test]
fn card_064_kearsarge_sinks_alabama_union_plus_1_sw() {
    assert_eq!(sw_change(64, Side::Union, [true, true]), ([1, 0], "discard"));
    refused_to(64, Side::Csa);
}

/// FtP 10.4.3 (ES: "Los refuerzos (tanto si llegan en la fase de refuerzos como por efecto de
/// una carta) no se pueden colocar en espacios favorables a la Union. Excepcion: ... (80)"):
/// every CSA event is played with the pro-Union spaces (Asheville, Knoxville, Greeneville)
/// Confederate and empty, picking them whenever offered; only #80 puts Confederate SP there.
#[test]
fn confederate_card_reinforcements_never_go_to_pro_union_spaces_except_80_fpt_10_4_3() {
    use bivouac_engine::game::Game;
    use bivouac_engine::log::Log;
    let g = game();
    let names = ["asheville", "knoxville", "greeneville"];
    let pro: Vec<Sp> = names.iter().map(|s| sp(s)).collect();
    let mut placing = Vec::new();
    for n in 1..=130u8 {
        let Some(d) = g.c.card(n) else { continue };
        if g.c.events.get(n).is_none() || d.event == super::super::content::EventSide::Union {
            continue;
        }
        let Some(sc) = d.scenarios.first() else { continue };
        let mut st = position(sc, 1);
        for &p in &pro {
            st.control[p as usize] = Control::Of(Side::Csa);
            st.sp[p as usize] = [0, 0];
            st.fort[p as usize] = None;
        }
        give(&mut st, Side::Csa, n);
        round(&mut st, Side::Csa);
        if !offered(g, &st, Side::Csa, n) {
            continue;
        }
        let before: Vec<u8> = pro.iter().map(|&p| st.sp[p as usize][1]).collect();
        if g.apply(&mut st, 1, &Action::Event { card: n }, &mut Log::quiet()).is_err() {
            continue;
        }
        let mut offered_pro = false;
        for _ in 0..30 {
            let Some(ask) = st.events.last().and_then(|e| e.ask.clone()) else { break };
            let pick = ask.options.iter().find(|o| names.contains(&o.to_string().as_str())).cloned();
            offered_pro |= pick.is_some();
            let option = pick.unwrap_or_else(|| ask.options[0].clone());
            let seat = match ask.seat { Side::Union => 0, Side::Csa => 1 };
            if g.apply(&mut st, seat, &Action::Choose { option }, &mut Log::quiet()).is_err() {
                break;
            }
        }
        let gained = pro.iter().zip(&before).any(|(&p, &b)| st.sp[p as usize][1] > b);
        if n == 80 {
            assert!(offered_pro && gained, "#80: the exception, pro-Union spaces allowed");
        } else {
            assert!(!gained, "#{n} placed Confederate SP in a pro-Union space (FtP 10.4.3)");
        }
        if gained {
            placing.push(n);
        }
    }
    assert_eq!(placing, vec![80]);
}
