//! Tests of Union Naval Control (FtP 6.6) and what it governs: river crossings (6.2.4-6.2.6,
//! 6.5.1), Confederate river movement (6.5), LOC and supply (8.1, 8.2), the Potomac (6.6.3),
//! the Mississippi (10.4.2, 12.8). Worked examples of the rules and
//! T-POTOMAC-1 (section 8.3) are reproduced here.

use super::content::{Control, Side};
use super::naval_tests::{act, board, check, legal, own, put, refused, sp};
use super::play_tests::game;
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;

pub(super) fn fort(st: &mut State, side: Side, s: &str) {
    own(st, side, s);
    st.fort[sp(s) as usize] = Some(side);
}

fn unc(st: &State, ids: &[&str]) -> Vec<bool> {
    let u = game().unc(st);
    ids.iter().map(|id| u.at(sp(id))).collect()
}

pub(super) fn all_negated(st: &State, ids: &[&str]) {
    let u = game().unc(st);
    for id in ids {
        assert!(!u.at(sp(id)), "UNC should be negated at {id}");
    }
}

pub(super) fn all_held(st: &State, ids: &[&str]) {
    let u = game().unc(st);
    for id in ids {
        assert!(u.at(sp(id)), "the Union should have UNC at {id}");
    }
}

fn crosses(st: &State, side: Side, from: &str, to: &str) -> bool {
    let g = game();
    g.may_cross(st, &g.unc(st), side, sp(from), sp(to))
}

/// A map with no forts, New Orleans and its forts Union: UNC everywhere on the rivers.
pub(super) fn open_rivers() -> State {
    let mut st = board("1861", Side::Csa, 9);
    own(&mut st, Side::Union, "forts_st_philip_jackson");
    own(&mut st, Side::Union, "new_orleans");
    st
}

/// FtP 6.6.1: with no CSA fort or ironclad, the Union has UNC over every port; never over a
/// space that is not a port.
#[test]
fn unc_holds_over_every_port_unless_negated_fpt_6_6_1() {
    let mut st = open_rivers();
    own(&mut st, Side::Union, "fort_sumter");
    all_held(&st, &["cairo", "memphis", "vicksburg", "nashville", "decatur", "little_rock", "shreveport", "yazoo_city", "washington", "charleston_sc"]);
    assert_eq!(unc(&st, &["manassas", "corinth"]), [false, false]);
}

/// FtP 6.6.2 case 1 and case 4: a CSA fort negates its own space; a CSA coastal fort cuts its
/// port from the sea (Fort Sumter - Charleston).
#[test]
fn a_fort_negates_its_space_and_a_coastal_fort_its_port_fpt_6_6_2() {
    let mut st = open_rivers();
    fort(&mut st, Side::Csa, "memphis");
    all_negated(&st, &["memphis"]);
    // The Mississippi rises outside the CSA: the spaces above Memphis keep UNC from the north.
    all_held(&st, &["new_madrid", "vicksburg"]);
    own(&mut st, Side::Csa, "fort_sumter");
    all_negated(&st, &["charleston_sc", "fort_sumter"]);
    own(&mut st, Side::Union, "fort_sumter");
    all_held(&st, &["charleston_sc", "fort_sumter"]);
}

/// FtP 6.6.2 case 2 (IT example): a CSA fort at Arkansas Post negates Arkansas Post and Little Rock.
#[test]
fn a_fort_on_a_river_rising_in_the_csa_negates_upstream_fpt_6_6_2_case_2() {
    let mut st = open_rivers();
    fort(&mut st, Side::Csa, "arkansas_post");
    all_negated(&st, &["arkansas_post", "little_rock"]);
    all_held(&st, &["memphis", "vicksburg"]);
}

/// T-UNC-1 (FtP 6.6.2 example A, case 3): New Orleans Union; CSA forts at Vicksburg and Columbus.
#[test]
fn t_unc_1_two_forts_negate_everything_between() {
    let mut st = open_rivers();
    fort(&mut st, Side::Csa, "vicksburg");
    fort(&mut st, Side::Csa, "columbus_ky");
    all_negated(&st, &["columbus_ky", "new_madrid", "memphis", "yazoo_city", "vicksburg", "arkansas_post", "little_rock"]);
    all_held(&st, &["cairo", "grand_gulf", "port_hudson", "baton_rouge", "new_orleans", "alexandria", "grand_ecore", "shreveport"]);
    // The Vicksburg fort at Port Hudson instead: the whole Red River is negated too.
    st.fort[sp("vicksburg") as usize] = None;
    fort(&mut st, Side::Csa, "port_hudson");
    all_negated(&st, &["vicksburg", "grand_gulf", "port_hudson", "alexandria", "grand_ecore", "shreveport"]);
    all_held(&st, &["baton_rouge", "new_orleans"]);
}

/// T-UNC-2 (FtP 6.6.2 example B): Forts St. Philip/Jackson CSA, CSA forts at St. Louis,
/// Vincennes and Louisville: UNC over Cairo and everything between is negated; the CSA may move
/// Paducah <-> Cairo.
#[test]
fn t_unc_2_forts_upstream_negate_cairo() {
    let mut st = board("1861", Side::Csa, 9);
    own(&mut st, Side::Csa, "forts_st_philip_jackson");
    for f in ["st_louis", "vincennes", "louisville"] {
        fort(&mut st, Side::Csa, f);
    }
    all_negated(&st, &["cairo", "paducah", "evansville", "columbus_ky", "memphis", "new_orleans", "dover_tn", "nashville"]);
    all_held(&st, &["alton", "cincinnati", "wheeling"]);
    assert!(crosses(&st, Side::Csa, "paducah", "cairo") && crosses(&st, Side::Csa, "cairo", "paducah"));
}

/// T-UNC-3 (FtP 6.6.2 example B and 6.5.2 example A, ES version): a CSA fort at Dover negates
/// both rivers upstream; one at Paducah only the Tennessee, and Dover's western bar.
#[test]
fn t_unc_3_forts_at_dover_and_paducah() {
    let mut st = open_rivers();
    fort(&mut st, Side::Csa, "dover_tn");
    all_negated(&st, &["dover_tn", "clarksville_tn", "nashville", "pittsburg_landing", "tuscumbia", "decatur"]);
    all_held(&st, &["paducah", "evansville"]);

    let mut st = open_rivers();
    fort(&mut st, Side::Csa, "paducah");
    all_negated(&st, &["paducah", "pittsburg_landing", "tuscumbia", "decatur"]);
    all_held(&st, &["dover_tn", "clarksville_tn", "nashville", "cairo"]);
    let g = game();
    let u = g.unc(&st);
    let dover = game().c.space("dover_tn").unwrap();
    assert!(!g.bar_unc(&u, (dover, 'T')), "Dover's western (Tennessee) bar is negated");
    assert!(g.bar_unc(&u, (dover, 'C')), "Dover keeps UNC from the Cumberland");
}

/// T-UNC-4 (FtP 6.6.2, initial situation): at the 1861 start UNC is negated on every CSA stretch
/// of the Mississippi, Tennessee, Cumberland, Yazoo, Arkansas and Red; taking Columbus gives the
/// Union all of it but the Tennessee and Cumberland; a CSA fort at New Madrid restores it.
#[test]
fn t_unc_4_initial_position() {
    let g = game();
    let mut st = g.setup(&Setup::new("1861", 2, 7)).expect("setup");
    assert_eq!(st.fort[sp("columbus_ky") as usize], Some(Side::Csa));
    assert_eq!(st.fort[sp("dover_tn") as usize], Some(Side::Csa));
    assert_eq!(st.control(sp("forts_st_philip_jackson")), Control::Of(Side::Csa));
    let south = ["new_madrid", "memphis", "vicksburg", "grand_gulf", "port_hudson", "baton_rouge", "new_orleans", "little_rock", "arkansas_post", "yazoo_city", "alexandria", "shreveport"];
    let tn_cu = ["dover_tn", "clarksville_tn", "nashville", "pittsburg_landing", "tuscumbia", "decatur"];
    all_negated(&st, &south);
    all_negated(&st, &tn_cu);
    all_held(&st, &["cairo", "paducah", "st_louis", "louisville"]);
    // The Union takes Columbus.
    st.fort[sp("columbus_ky") as usize] = None;
    st.sp[sp("columbus_ky") as usize][1] = 0;
    own(&mut st, Side::Union, "columbus_ky");
    all_held(&st, &south);
    all_negated(&st, &tn_cu);
    // A CSA fort at New Madrid: roughly back to the start.
    fort(&mut st, Side::Csa, "new_madrid");
    all_negated(&st, &south);
}

/// FtP 6.7, 6.6.2: a CSA ironclad negates UNC like a fort.
#[test]
fn an_ironclad_negates_unc_fpt_6_6_2() {
    let mut st = open_rivers();
    own(&mut st, Side::Csa, "dover_tn");
    st.naval.ironclads.push(sp("dover_tn"));
    all_negated(&st, &["dover_tn", "clarksville_tn", "nashville", "decatur"]);
}

/// T-RIVER-1 (FtP 6.2.6 A): Cairo - Paducah, a Union fort at Cairo and a CSA fort at Paducah.
#[test]
fn t_river_1_cairo_paducah() {
    let g = game();
    let mut st = open_rivers();
    fort(&mut st, Side::Union, "cairo");
    fort(&mut st, Side::Csa, "paducah");
    let u = g.unc(&st);
    let (cairo, paducah) = (sp("cairo"), sp("paducah"));
    let links: Vec<_> = g.c.map.edges_between(bivouac_engine::map::graph::SpaceId(cairo), bivouac_engine::map::graph::SpaceId(paducah)).filter(|l| l.is_land()).collect();
    let north = links.iter().find(|l| l.bar.is_some_and(|b| b.0.0 == paducah)).expect("north route");
    let south = links.iter().find(|l| l.bar.is_some_and(|b| b.0.0 == cairo)).expect("south route");
    // The Union: not the north route (into the CSA fort across the bar), the south one.
    assert_eq!(g.river_crossing(&st, &u, Side::Union, paducah, north), Err("FtP 6.2.4"));
    assert_eq!(g.river_crossing(&st, &u, Side::Union, paducah, south), Ok(()));
    // The CSA: the north route (Paducah's fort negates UNC on its bar), never the south.
    assert_eq!(g.river_crossing(&st, &u, Side::Csa, cairo, north), Ok(()));
    assert_eq!(g.river_crossing(&st, &u, Side::Csa, cairo, south), Err("FtP 6.2.5"));
    assert!(crosses(&st, Side::Csa, "paducah", "cairo"));
    // Without the CSA fort, UNC intact: the CSA can never go; the Union always can.
    st.fort[sp("paducah") as usize] = None;
    assert!(!crosses(&st, Side::Csa, "paducah", "cairo") && !crosses(&st, Side::Csa, "cairo", "paducah"));
    assert!(crosses(&st, Side::Union, "cairo", "paducah") && crosses(&st, Side::Union, "paducah", "cairo"));
}

/// T-RIVER-2 (FtP 6.2.6 B): Dover crossings.
#[test]
fn t_river_2_dover() {
    let mut st = open_rivers();
    fort(&mut st, Side::Csa, "dover_tn");
    for from in ["mckenzie", "paducah"] {
        assert!(!crosses(&st, Side::Union, from, "dover_tn"), "FtP 6.2.4: no crossing into a CSA fort from {from}");
    }
    for from in ["clarksville_tn", "franklin_tn"] {
        assert!(crosses(&st, Side::Union, from, "dover_tn"), "from {from}");
    }
    // An ironclad, no fort: the Union may cross in.
    st.fort[sp("dover_tn") as usize] = None;
    st.naval.ironclads.push(sp("dover_tn"));
    assert!(crosses(&st, Side::Union, "mckenzie", "dover_tn") && crosses(&st, Side::Union, "paducah", "dover_tn"));
    // A CSA fort at Paducah, none at Dover.
    let mut st = open_rivers();
    fort(&mut st, Side::Csa, "paducah");
    for (a, b) in [("paducah", "dover_tn"), ("mckenzie", "dover_tn"), ("pittsburg_landing", "waynesboro")] {
        assert!(crosses(&st, Side::Csa, a, b) && crosses(&st, Side::Csa, b, a), "{a} <-> {b}");
    }
    // ... but the Cumberland stays under UNC.
    for (a, b) in [("dover_tn", "clarksville_tn"), ("nashville", "clarksville_tn"), ("nashville", "bowling_green")] {
        assert!(!crosses(&st, Side::Csa, a, b) && !crosses(&st, Side::Csa, b, a), "{a} <-> {b}");
    }
    // Union forces at Dover are supplied (river LOC and Dover's own UNC).
    st.sp[sp("dover_tn") as usize][0] = 2;
    own(&mut st, Side::Csa, "dover_tn");
    assert!(game().supplied(&st, Side::Union)[sp("dover_tn") as usize]);
}

/// T-RIVER-3 (FtP 6.1.6 example): UNC on the Ohio, a CSA fort at Louisville and a Union fort at
/// Cincinnati. Played with real moves: refusals name the rule.
#[test]
fn t_river_3_ohio_crossings() {
    let mut st = open_rivers();
    fort(&mut st, Side::Csa, "louisville");
    fort(&mut st, Side::Union, "cincinnati");
    assert!(crosses(&st, Side::Csa, "frankfort", "louisville"));
    assert!(!crosses(&st, Side::Union, "seymour", "louisville"));
    assert!(crosses(&st, Side::Union, "cincinnati", "falmouth"), "no blue bar at Falmouth: not a crossing");
    // A CSA division at Falmouth may not cross into Cincinnati.
    own(&mut st, Side::Csa, "falmouth");
    put(&mut st, Side::Csa, "falmouth", 2);
    act(&mut st, Side::Csa, "ops 9");
    act(&mut st, Side::Csa, "division falmouth 1");
    assert!(!legal(&st, Side::Csa).contains(&"step cincinnati".to_string()));
    assert_eq!(refused(&mut st, Side::Csa, "step cincinnati"), "FtP 6.2.5");
    // Without the Union fort: still UNC on the Ohio bar.
    st.fort[sp("cincinnati") as usize] = None;
    assert_eq!(refused(&mut st, Side::Csa, "step cincinnati"), "FtP 6.5.1");
}

/// A 1-OP card.
fn one_op_card() -> u8 {
    (1..=110u8).find(|&c| game().c.card(c).is_some_and(|d| d.ops == 1)).expect("a 1-OP card")
}

/// Nashville with 2 CSA SP, `card` in the CSA hand; `dover_fort`: a CSA fort at Dover.
fn nashville(card: u8, dover_fort: bool) -> State {
    let mut st = board("1861", Side::Csa, card);
    own(&mut st, Side::Union, "forts_st_philip_jackson");
    own(&mut st, Side::Union, "new_orleans");
    own(&mut st, Side::Csa, "nashville");
    put(&mut st, Side::Csa, "nashville", 2);
    if dover_fort {
        fort(&mut st, Side::Csa, "dover_tn");
    }
    st
}

/// FtP 6.5.1, 6.5.2: CSA river movement, a 1-SP division with any OPs card, only where UNC does
/// not hold, never entering or passing Union SP or a Union fort; the move ends at its destination.
#[test]
fn confederate_river_movement_fpt_6_5() {
    let card = one_op_card();
    // Under UNC: no river move.
    let mut st = nashville(card, false);
    act(&mut st, Side::Csa, &format!("ops {card}"));
    assert!(!legal(&st, Side::Csa).iter().any(|a| a.starts_with("naval")), "FtP 6.5.1: not under UNC");
    // A CSA fort at Dover negates the Cumberland: Nashville -> Clarksville -> Dover -> up the Tennessee.
    let mut st = nashville(card, true);
    act(&mut st, Side::Csa, &format!("ops {card}"));
    act(&mut st, Side::Csa, "naval nashville 1");
    let l = legal(&st, Side::Csa);
    for d in ["sail clarksville_tn", "sail dover_tn", "sail pittsburg_landing", "sail decatur"] {
        assert!(l.contains(&d.to_string()), "{d} in {l:?}");
    }
    assert!(!l.contains(&"sail paducah".to_string()), "Paducah is under UNC");
    act(&mut st, Side::Csa, "sail decatur");
    assert_eq!(st.sp[sp("decatur") as usize][1], 1);
    assert!(st.moving.is_none(), "FtP 6.5.2: the move ends at its destination");
    check(&st);
    // Union SP at Clarksville: the move may neither enter nor pass it.
    let mut st = nashville(card, true);
    put(&mut st, Side::Union, "clarksville_tn", 1);
    act(&mut st, Side::Csa, &format!("ops {card}"));
    assert!(!legal(&st, Side::Csa).iter().any(|a| a.starts_with("naval nashville")), "FtP 6.5.2: blocked at Clarksville");
    // A Union fort at Clarksville: the same.
    let mut st = nashville(card, true);
    fort(&mut st, Side::Union, "clarksville_tn");
    act(&mut st, Side::Csa, &format!("ops {card}"));
    assert!(!legal(&st, Side::Csa).iter().any(|a| a.starts_with("naval nashville")), "FtP 6.5.2: no running the guns");
}

/// FtP 6.5.2: a CSA river move may be intercepted; beaten, it returns to its origin.
#[test]
fn a_confederate_river_move_may_be_intercepted_fpt_6_5_2() {
    let mut st = board("1861", Side::Csa, 9);
    own(&mut st, Side::Union, "forts_st_philip_jackson");
    own(&mut st, Side::Csa, "nashville");
    put(&mut st, Side::Csa, "nashville", 2);
    fort(&mut st, Side::Csa, "dover_tn");
    // A Union cavalry brigade next to Clarksville (Bowling Green).
    let cav = (0..game().c.generals.len()).find(|&g| game().c.generals[g].cavalry && game().c.generals[g].side == Side::Union).unwrap();
    st.generals[cav] = GenAt::Map(sp("bowling_green"));
    own(&mut st, Side::Union, "bowling_green");
    st.sp_at_start[0] += 1;
    act(&mut st, Side::Csa, "ops 9");
    act(&mut st, Side::Csa, "naval nashville 1");
    act(&mut st, Side::Csa, "sail clarksville_tn");
    assert!(matches!(st.flow.top(), Some(Frame::Intercept { side: Side::Union, .. })));
    act(&mut st, Side::Union, "decline");
    act(&mut st, Side::Csa, "stop");
    assert_eq!(st.sp[sp("clarksville_tn") as usize][1], 1);
    check(&st);
}

/// FtP 6.6.1, 8.1.1: the CSA LOC never crosses a river under UNC and runs along rivers only
/// where UNC is negated; FtP 8.1.2: the Union's runs along rivers under UNC through enemy spaces.
#[test]
fn unc_governs_the_loc_fpt_8_1() {
    let g = game();
    let mut st = open_rivers();
    // A Union force at Vicksburg (CSA space, UNC): supplied by its own port under UNC (8.2).
    own(&mut st, Side::Csa, "vicksburg");
    put(&mut st, Side::Union, "vicksburg", 2);
    assert!(g.supplied(&st, Side::Union)[sp("vicksburg") as usize]);
    // A CSA fort there: no UNC, no river LOC through it.
    fort(&mut st, Side::Csa, "vicksburg");
    st.sp[sp("vicksburg") as usize][0] = 0;
    st.sp[sp("vicksburg") as usize][1] = 1;
    let u = g.unc(&st);
    assert!(!u.at(sp("vicksburg")));
}

/// T-POTOMAC-1 (FtP 6.6.3): a CSA fort at Aquia Creek: entering Washington by water runs the
/// guns; Washington is no sea supply source; no strategic movement by sea into or out of it.
#[test]
fn t_potomac_1_a_csa_fort_at_aquia_creek() {
    let g = game();
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "washington");
    own(&mut st, Side::Union, "fort_monroe");
    fort(&mut st, Side::Csa, "aquia_creek");
    let r = g.naval_routes(&st, sp("fort_monroe"), true, None);
    assert!(r.iter().find(|r| r.to == sp("washington")).is_some_and(|r| r.runs_guns));
    assert!(g.potomac_closed(&st, sp("washington")));
    // (The authored map also joins Washington to Leonardtown, a port: it falls too.)
    for s in ["baltimore", "annapolis", "frederick", "leonardtown", "manassas"] {
        own(&mut st, Side::Csa, s);
    }
    put(&mut st, Side::Union, "washington", 2);
    assert!(!g.supplied(&st, Side::Union)[sp("washington") as usize], "no LOC for the capital");
    st.fort[sp("aquia_creek") as usize] = None;
    assert!(g.supplied(&st, Side::Union)[sp("washington") as usize], "a sea port again");
}

/// FtP 10.4.2, 12.8: UNC over the whole Mississippi system costs the CSA 1 SP and gives the
/// Union +10 SW once.
#[test]
fn the_whole_mississippi_fpt_10_4_2_and_12_8() {
    let g = game();
    let mut st = open_rivers();
    assert!(g.unc_whole_mississippi(&st));
    st.sw_plus[0] = true;
    let sw = st.sw[0];
    g.mississippi_bonus(&mut st);
    g.settle_sw(&mut st, &mut Log::quiet());
    assert_eq!((st.sw[0], st.mississippi_bonus), (sw + 10, true));
    g.mississippi_bonus(&mut st);
    g.settle_sw(&mut st, &mut Log::quiet());
    assert_eq!(st.sw[0], sw + 10, "once");
    // The Hunley does not count; an ironclad does.
    st.naval.hunley = Some(sp("memphis"));
    assert!(g.unc_whole_mississippi(&st));
    st.naval.ironclads.push(sp("memphis"));
    assert!(!g.unc_whole_mississippi(&st));
}

/// FtP 6.5.1, 5.8.1: the CSA never crosses a river under UNC, not even to intercept. Jackson's
/// corps at Nashville may not intercept a force entering Clarksville across the Cumberland's bar
/// while the Union holds the river; with a CSA fort at Dover negating it he may (as in T-MOVE-2).
#[test]
fn no_csa_interception_across_a_river_under_unc_fpt_6_5_1() {
    let g = game();
    for (dover_fort, offered) in [(false, false), (true, true)] {
        let mut st = open_rivers();
        if dover_fort {
            fort(&mut st, Side::Csa, "dover_tn");
        }
        put(&mut st, Side::Csa, "nashville", 2);
        st.generals[g.c.general("jackson").expect("jackson") as usize] = GenAt::Map(sp("nashville"));
        assert_eq!(g.unc(&st).on(sp("clarksville_tn"), g.river_of('C').expect("Cumberland")), !dover_fort);
        assert_eq!(g.interceptors(&st, Side::Csa, sp("clarksville_tn")).contains(&sp("nashville")), offered, "Dover fort: {dover_fort}");
        check(&st);
    }
}

/// FtP 8.1.2 (ES "la Unión no puede trazar LC a lo largo de ríos navegables a través de espacios
/// que contengan un fuerte confederado o un buque blindado confederado"): a Union-held
/// Vicksburg with a CSA ironclad (UNC negated, so no source itself) is not entered by the Union
/// river LOC from Memphis (the Memphis - Vicksburg lane has no land link): Union SP at Jackson MS,
/// every other neighbour Confederate, lose their LOC; without the ironclad they have it.
#[test]
fn a_csa_ironclad_closes_a_union_river_loc_fpt_8_1_2() {
    let g = game();
    let mut st = board("1861", Side::Csa, 9);
    for f in st.fort.iter_mut() {
        *f = None;
    }
    st.naval.ironclads.clear();
    for s in ["new_orleans", "forts_st_philip_jackson", "jackson_ms", "grand_gulf", "canton", "forest", "brookhaven", "monroe_la", "arkansas_post"] {
        own(&mut st, Side::Csa, s);
    }
    // A CSA fort at Yazoo City: no Union LOC by the Yazoo, nor by land from it to Vicksburg.
    own(&mut st, Side::Csa, "yazoo_city");
    fort(&mut st, Side::Csa, "yazoo_city");
    own(&mut st, Side::Union, "memphis");
    own(&mut st, Side::Union, "vicksburg");
    put(&mut st, Side::Union, "jackson_ms", 2);
    assert!(g.supplied(&st, Side::Union)[sp("jackson_ms") as usize], "test premise: Vicksburg is a UNC source");
    st.naval.ironclads.push(sp("vicksburg"));
    assert!(!g.unc(&st).at(sp("vicksburg")), "FtP 6.6.2: the ironclad negates UNC at Vicksburg");
    assert!(g.supplied(&st, Side::Union)[sp("memphis") as usize]);
    assert!(!g.supplied(&st, Side::Union)[sp("jackson_ms") as usize], "FtP 8.1.2: no river LOC through the ironclad");
}
