//! Tests of army naval moves (FtP 6.1.5; T-NAVAL-2), coastal forts and fort building (6.8;
//! T-FORT-1, T-FORT-2) and strategic movement by sea and to armies (10.2).

use super::content::{Control, Side};
use super::naval_tests::{act, board, check, general, legal, own, put, refused, sp};
use super::play_tests::game;
use super::state::*;

fn army(id: &str) -> u8 {
    game().c.army(id).unwrap_or_else(|| panic!("no army {id}"))
}

/// An empty 1861 map with a Union army of `n` SP under `cmd` at `at`, a campaign to play.
fn campaign_with_army(cmd: &str, at: &str, n: u8) -> State {
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, at);
    let a = army("army_of_the_tennessee");
    st.armies[a as usize] = Some(ArmySt { space: sp(at), sp: n, commander: Some(general(cmd)) });
    st.generals[general(cmd) as usize] = GenAt::Army(a);
    st.sp_at_start[0] += n as u32;
    st.flow.clear();
    st.flow.push(Frame::Campaign { side: Side::Union, left: 3 });
    st
}

/// T-NAVAL-2 a (FtP 6.1.5 a): an army under McClellan, Grant or Sherman moves by sea among
/// Washington, Aquia Creek, Urbanna and Fort Monroe, using the whole campaign.
#[test]
fn t_naval_2_army_sea_moves() {
    let mut st = campaign_with_army("mcclellan", "washington", 12);
    own(&mut st, Side::Union, "fort_monroe");
    assert!(legal(&st, Side::Union).contains(&"naval-army army_of_the_tennessee".to_string()));
    act(&mut st, Side::Union, "naval-army army_of_the_tennessee");
    let mut sails: Vec<String> = legal(&st, Side::Union);
    sails.sort();
    assert_eq!(sails, ["sail aquia_creek", "sail fort_monroe", "sail urbanna"]);
    act(&mut st, Side::Union, "sail fort_monroe");
    assert_eq!(st.armies[army("army_of_the_tennessee") as usize].map(|x| x.space), Some(sp("fort_monroe")));
    assert!(st.flow.top().is_none_or(|f| !matches!(f, Frame::Campaign { .. })), "FtP 6.1.5: all the campaign's moves are used");
    check(&st);
    // Not under another commander; not after the campaign's first move.
    let st = campaign_with_army("butler", "washington", 12);
    assert!(!legal(&st, Side::Union).iter().any(|a| a.starts_with("naval-army")));
    let mut st = campaign_with_army("mcclellan", "washington", 12);
    st.campaign_armies.push(0);
    assert!(!legal(&st, Side::Union).iter().any(|a| a.starts_with("naval-army")));
    // Only in an Ops frame with a campaign: refused with the rule.
    let mut st = board("1861", Side::Union, 9);
    let a = army("army_of_the_tennessee");
    st.armies[a as usize] = Some(ArmySt { space: sp("washington"), sp: 5, commander: Some(general("mcclellan")) });
    st.generals[general("mcclellan") as usize] = GenAt::Army(a);
    act(&mut st, Side::Union, "ops 9");
    assert_eq!(refused(&mut st, Side::Union, "naval-army army_of_the_tennessee"), "FtP 6.1.5");
}

/// T-NAVAL-2 b (FtP 6.1.5 b): an army of at most 9 SP under Grant or Sherman moves by river,
/// river port to river port; 10 SP may not.
#[test]
fn t_naval_2_army_river_moves() {
    let mut st = campaign_with_army("grant", "cairo", 9);
    own(&mut st, Side::Csa, "forts_st_philip_jackson");
    act(&mut st, Side::Union, "naval-army army_of_the_tennessee");
    let l = legal(&st, Side::Union);
    assert!(l.contains(&"sail memphis".to_string()) && l.contains(&"sail nashville".to_string()), "{l:?}");
    assert!(!l.iter().any(|a| a == "sail fort_monroe"), "rivers only, river ports only: {l:?}");
    act(&mut st, Side::Union, "sail memphis");
    assert_eq!(st.armies[army("army_of_the_tennessee") as usize].map(|x| x.space), Some(sp("memphis")));
    check(&st);
    let st = campaign_with_army("grant", "cairo", 10);
    assert!(!legal(&st, Side::Union).iter().any(|a| a.starts_with("naval-army")), "10 SP: not on rivers");
    let st = campaign_with_army("mcclellan", "cairo", 5);
    assert!(!legal(&st, Side::Union).iter().any(|a| a.starts_with("naval-army")), "McClellan: by sea only");
}

/// FtP 6.1.5 b, 6.2: New Orleans, a coastal port with the Mississippi code M ("un código de una
/// letra, son puertos fluviales"), is a river port: Grant's army sails there from Baton Rouge and
/// from there up to Memphis, by river, never by sea.
#[test]
fn new_orleans_is_a_river_port_for_army_river_moves_fpt_6_1_5_b_6_2() {
    let g = game();
    assert!(g.river_port(sp("new_orleans")) && g.river_port(sp("baton_rouge")) && g.river_port(sp("charleston_wv")));
    assert!(!g.river_port(sp("fort_monroe")), "a coastal port without a river code");
    let mut st = campaign_with_army("grant", "baton_rouge", 9);
    own(&mut st, Side::Union, "new_orleans");
    act(&mut st, Side::Union, "naval-army army_of_the_tennessee");
    let l = legal(&st, Side::Union);
    assert!(l.contains(&"sail new_orleans".to_string()), "{l:?}");
    act(&mut st, Side::Union, "sail new_orleans");
    assert_eq!(st.armies[army("army_of_the_tennessee") as usize].map(|x| x.space), Some(sp("new_orleans")));
    check(&st);
    let mut st = campaign_with_army("grant", "new_orleans", 9);
    act(&mut st, Side::Union, "naval-army army_of_the_tennessee");
    let l = legal(&st, Side::Union);
    assert!(l.contains(&"sail memphis".to_string()), "{l:?}");
    assert!(!l.iter().any(|a| a == "sail mobile" || a == "sail fort_monroe"), "never by sea: {l:?}");
    act(&mut st, Side::Union, "sail memphis");
    assert_eq!(st.armies[army("army_of_the_tennessee") as usize].map(|x| x.space), Some(sp("memphis")));
    check(&st);
}

/// T-FORT-1 (FtP 6.8.2, 6.8.3): a coastal fort holds 1 CSA SP (Fort Monroe excepted); the CSA
/// never retakes a lost coastal fort by land, but Fort Monroe.
#[test]
fn t_fort_1_coastal_fort_stacking_and_recapture() {
    let g = game();
    let mut st = board("1861", Side::Csa, 9);
    own(&mut st, Side::Csa, "fort_sumter");
    assert_eq!(g.coastal_fort_entry(&st, Side::Csa, sp("fort_sumter"), 1), Ok(()));
    assert_eq!(g.coastal_fort_entry(&st, Side::Csa, sp("fort_sumter"), 2), Err("FtP 6.8.3"));
    put(&mut st, Side::Csa, "fort_sumter", 1);
    assert_eq!(g.coastal_fort_entry(&st, Side::Csa, sp("fort_sumter"), 1), Err("FtP 6.8.3"));
    assert_eq!(g.coastal_fort_entry(&st, Side::Union, sp("fort_sumter"), 9), Ok(()), "Union SP unlimited");
    own(&mut st, Side::Union, "fort_pulaski");
    assert_eq!(g.coastal_fort_entry(&st, Side::Csa, sp("fort_pulaski"), 1), Err("FtP 6.8.2"));
    own(&mut st, Side::Union, "fort_monroe");
    assert_eq!(g.coastal_fort_entry(&st, Side::Csa, sp("fort_monroe"), 9), Ok(()), "Fort Monroe: a normal space");
    // Played: a CSA corps of 2 SP may not march into Fort Sumter from Charleston.
    let mut st = board("1861", Side::Csa, 9);
    own(&mut st, Side::Csa, "fort_sumter");
    own(&mut st, Side::Csa, "charleston_sc");
    put(&mut st, Side::Csa, "charleston_sc", 3);
    act(&mut st, Side::Csa, "ops 9");
    act(&mut st, Side::Csa, "division charleston_sc 2");
    assert_eq!(refused(&mut st, Side::Csa, "step fort_sumter"), "FtP 6.8.3");
}

/// T-FORT-1 (FtP 6.8.4): the Union takes Charleston by land: the empty Fort Sumter turns Union.
#[test]
fn t_fort_1_an_empty_fort_falls_with_its_port() {
    let g = game();
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Csa, "fort_sumter");
    g.place_pc(&mut st, Side::Union, sp("charleston_sc"), &mut bivouac_engine::log::Log::quiet());
    assert_eq!(st.control(sp("fort_sumter")), Control::Of(Side::Union));
}

/// T-FORT-2 (FtP 6.8.6): a fort goes in a controlled, supplied space with no enemy SP and no fort.
#[test]
fn t_fort_2_building_forts() {
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "cairo");
    own(&mut st, Side::Union, "louisville");
    put(&mut st, Side::Union, "louisville", 1);
    put(&mut st, Side::Csa, "louisville", 1);
    act(&mut st, Side::Union, "ops 9");
    let l = legal(&st, Side::Union);
    assert!(l.contains(&"fort cairo".to_string()));
    assert!(!l.contains(&"fort louisville".to_string()), "enemy SP there");
    // Out of supply (inland Texas).
    own(&mut st, Side::Union, "tyler");
    assert!(!legal(&st, Side::Union).contains(&"fort tyler".to_string()), "no LOC");
}

/// FtP 10.2.3: Union SP in a Union port move strategically by sea to a friendly port; never
/// past an enemy fort; none into or out of Washington with a CSA fort at Aquia Creek (6.6.3 C).
#[test]
fn strategic_movement_by_sea_fpt_10_2_3() {
    let mut st = board("1861", Side::Union, 9);
    for s in ["fort_monroe", "washington", "new_bern", "baltimore"] {
        own(&mut st, Side::Union, s);
    }
    put(&mut st, Side::Union, "fort_monroe", 2);
    put(&mut st, Side::Union, "washington", 2);
    st.flow.clear();
    st.flow.push(Frame::Strategic { side: Side::Union });
    let l = legal(&st, Side::Union);
    assert!(l.contains(&"rail fort_monroe washington".to_string()), "{l:?}");
    assert!(l.contains(&"rail washington fort_monroe".to_string()));
    act(&mut st, Side::Union, "rail fort_monroe washington");
    assert_eq!(st.strat_used[0], 1, "counts against the 15");
    own(&mut st, Side::Csa, "aquia_creek");
    st.fort[sp("aquia_creek") as usize] = Some(Side::Csa);
    let l = legal(&st, Side::Union);
    assert!(!l.contains(&"rail fort_monroe washington".to_string()) && !l.contains(&"rail washington fort_monroe".to_string()), "{l:?}");
}

/// FtP 10.2.1 special case: a supplied army receives SP with a LOC to them through friendly or
/// neutral spaces (roads too); they join its display.
#[test]
fn strategic_movement_to_an_army_fpt_10_2_1() {
    let mut st = board("1861", Side::Union, 9);
    let a = army("army_of_the_tennessee");
    own(&mut st, Side::Union, "cairo");
    st.armies[a as usize] = Some(ArmySt { space: sp("cairo"), sp: 5, commander: Some(general("grant")) });
    st.generals[general("grant") as usize] = GenAt::Army(a);
    st.sp_at_start[0] += 5;
    // Paducah: across the Ohio, neutral Kentucky.
    st.control[sp("paducah") as usize] = Control::Neutral;
    put(&mut st, Side::Union, "paducah", 1);
    st.flow.clear();
    st.flow.push(Frame::Strategic { side: Side::Union });
    assert!(game().supplied(&st, Side::Union)[sp("paducah") as usize], "test premise: Paducah has a LOC");
    assert!(legal(&st, Side::Union).contains(&"rail paducah cairo".to_string()));
    act(&mut st, Side::Union, "rail paducah cairo");
    assert_eq!(st.armies[a as usize].map(|x| x.sp), Some(6));
    check(&st);
}


/// T-FORT-1 (FtP 6.8.7, 6.8.2): Union SP in Fort Monroe while it still carries a CSA PC (taken
/// this turn, `fort-garrison-beaten = stays`) defend with the fort +2 against a CSA land attack
/// in the Spanish edition (ES 6.8.7 "Una fuerza de la Unión en un fuerte costero con CP de la
/// Confederación obtiene igualmente un m.t.d. de +2", 6.8.2 "posible en Fort Monroe"); the
/// Italian 6.87 lacks the sentence (edition setting `union_in_csa_coastal_fort_drm`).
#[test]
fn union_force_in_a_csa_pc_coastal_fort_gets_the_fort_drm_spanish_fpt_6_8_7() {
    let g = game();
    for (ed, drm) in [("spanish", true), ("italian", false)] {
        let mut st = board("1861", Side::Csa, 9);
        st.edition = g.c.edition(ed).expect("edition");
        own(&mut st, Side::Csa, "fort_monroe");
        // No Union SP there: no Union force to shelter.
        assert!(!g.defender_fort(&st, Side::Csa, sp("fort_monroe")), "{ed}");
        put(&mut st, Side::Union, "fort_monroe", 2);
        assert_eq!(g.defender_fort(&st, Side::Csa, sp("fort_monroe")), drm, "{ed}");
        // A Union-controlled coastal fort is the Union's fort in both editions (6.8.1).
        own(&mut st, Side::Union, "fort_monroe");
        assert!(g.defender_fort(&st, Side::Csa, sp("fort_monroe")), "{ed}");
        // A Union attack on a CSA-PC coastal fort: the CSA's fort (unchanged).
        own(&mut st, Side::Csa, "fort_monroe");
        assert!(g.defender_fort(&st, Side::Union, sp("fort_monroe")), "{ed}");
    }
}
