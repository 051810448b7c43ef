//! Card tests for the events of cards 59 and 66-130 written on `cards-b` (FtP 4.2): for each
//! card a position where the event is playable, played with forced choices and dice and its
//! effect checked exactly, and a position where it is not, refused naming the rule (FtP 4.2).
//! The helpers are those of `tests_cards_a`.

use super::super::content::{Control, Side};
use super::super::state::*;
use super::tests_cards_a::{ready, refused_to};
use super::testkit::*;
use bivouac_engine::piles::CardId;

/// Every space of a state (by its content id).
fn state_spaces(id: &str) -> Vec<Sp> {
    let g = game();
    g.c.map.spaces().filter(|(_, _, d)| g.c.states[d.state as usize].id == id).map(|(s, _, _)| s.0).collect()
}

/// The playing side may not play it now: not offered, and refused naming FtP 4.2.
fn not_playable(st: &mut State, side: Side, n: u8) {
    assert!(!offered(game(), st, side, n), "#{n} offered");
    assert_eq!(play(game(), st, side, n, &[], &[]).unwrap_err().rule, "FtP 4.2");
}

fn general(id: &str) -> usize {
    game().c.general(id).unwrap_or_else(|| panic!("no general {id}")) as usize
}

#[test]
fn card_066_104_small_battles_remove_one_enemy_sp_in_the_state_ftp_4_2_4() {
    let g = game();
    for (n, side, state, space) in [(66, Side::Csa, "mo", "springfield_mo"), (66, Side::Union, "mo", "springfield_mo"), (104, Side::Csa, "va", "manassas")] {
        let e = 1 - side.index();
        let mut st = ready("1861", side, n);
        for s in state_spaces(state) {
            st.sp[s as usize][e] = 0;
        }
        not_playable(&mut st, side, n);
        st.sp[sp(space) as usize] = [0, 0];
        st.sp[sp(space) as usize][e] = 2;
        play(g, &mut st, side, n, &[space], &[]).unwrap();
        assert_eq!(st.sp[sp(space) as usize][e], 1, "#{n}");
        assert_eq!(pile_of(&st, n), "discard");
    }
}

#[test]
fn card_076_great_sioux_uprising_removes_pope() {
    let g = game();
    let mut st = ready("1862", Side::Union, 76);
    st.generals[general("pope")] = GenAt::Map(sp("washington"));
    play(g, &mut st, Side::Union, 76, &[], &[]).unwrap();
    assert_eq!(st.generals[general("pope")], GenAt::Dead);
    assert_eq!(pile_of(&st, 76), "discard");
    // Pope already gone: not playable; never by the CSA.
    let mut st = ready("1862", Side::Union, 76);
    st.generals[general("pope")] = GenAt::Dead;
    not_playable(&mut st, Side::Union, 76);
    refused_to(76, Side::Csa);
}

#[test]
fn card_078_personal_advisor_takes_a_card_from_the_discards() {
    let g = game();
    for side in [Side::Union, Side::Csa] {
        let mut st = ready("1861", side, 78);
        not_playable(&mut st, side, 78);
        let c = CardId(11);
        let from = st.piles.find(c).unwrap();
        st.piles.move_card(c, from, DISCARD).unwrap();
        play(g, &mut st, side, 78, &["12"], &[]).unwrap();
        assert_eq!(pile_of(&st, 12), ["union-hand", "csa-hand"][side.index()]);
        assert_eq!(pile_of(&st, 78), "discard");
    }
}

#[test]
fn card_080_religious_revival_reinforcements_in_pro_union_spaces_ftp_10_4_3() {
    let g = game();
    let mut st = ready("1861", Side::Csa, 80);
    let (k, a) = (sp("knoxville"), sp("asheville"));
    assert!(g.c.map.space(bivouac_engine::map::graph::SpaceId(k)).pro_union);
    let before = [st.sp[k as usize][1], st.sp[a as usize][1]];
    // After a Tennessee space no other Tennessee space is offered (1 SP per state, 10.4.3).
    let mut roll = |_: &mut State| 1;
    g.event_action_with(&mut st, Frame::Round { side: Side::Csa }, &Action::Event { card: 80 }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
    assert!(options(&st).contains(&"knoxville".to_string()));
    let mut st = ready("1861", Side::Csa, 80);
    play(g, &mut st, Side::Csa, 80, &["knoxville", "asheville"], &[]).unwrap();
    assert_eq!([st.sp[k as usize][1], st.sp[a as usize][1]], [before[0] + 1, before[1] + 1]);
    let mut st = ready("1861", Side::Csa, 80);
    g.event_action_with(&mut st, Frame::Round { side: Side::Csa }, &Action::Event { card: 80 }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
    let top = *st.flow.top().unwrap();
    g.event_action_with(&mut st, top, &Action::Choose { option: "knoxville".into() }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
    let o = options(&st);
    assert!(o.iter().all(|s| g.c.states[g.c.map.space(bivouac_engine::map::graph::SpaceId(sp(s))).state as usize].id != "tn"), "{o:?}");
    // No Confederate-controlled CSA state: not playable; never by the Union.
    let mut st = ready("1861", Side::Csa, 80);
    for c in st.state_control.iter_mut() {
        *c = Control::Of(Side::Union);
    }
    not_playable(&mut st, Side::Csa, 80);
    refused_to(80, Side::Union);
}

#[test]
fn card_093_096_strategy_board_moves_a_union_general() {
    let g = game();
    for n in 93..=96 {
        let mut st = ready("1861", Side::Union, n);
        let fremont = general("fremont");
        let (stl, dc) = (sp("st_louis"), sp("washington"));
        st.generals[fremont] = GenAt::Map(stl);
        st.sp[stl as usize][0] = st.sp[stl as usize][0].max(1);
        st.sp[dc as usize][0] = st.sp[dc as usize][0].max(1);
        play(g, &mut st, Side::Union, n, &["fremont", "washington"], &[]).unwrap();
        assert!(matches!(st.generals[fremont], GenAt::Map(s) if s == dc) || matches!(st.generals[fremont], GenAt::Army(_)), "{:?}", st.generals[fremont]);
        assert_eq!(pile_of(&st, n), "discard");
    }
    // No Union general on the map or an army display: not playable; never by the CSA.
    let mut st = ready("1861", Side::Union, 93);
    for (i, at) in st.generals.iter_mut().enumerate() {
        if g.c.generals[i].side == Side::Union && matches!(at, GenAt::Map(_) | GenAt::Army(_)) {
            *at = GenAt::Out;
        }
    }
    not_playable(&mut st, Side::Union, 93);
    refused_to(93, Side::Csa);
}

/// #103 shares #75's concentration script: its cards.toml flag `b_and_o` lets the Union move SP
/// over a B&O link (FtP 10.2.4); #100 (the CSA's) has no such flag.
#[test]
fn card_103_shares_075_and_the_union_uses_the_b_and_o_ftp_4_5_1_10_2_4() {
    let g = game();
    assert_eq!(g.c.card(103).unwrap().script, "events/075.lua");
    let mut st = ready("1861", Side::Union, 103);
    let v = g.event_view(&st, Side::Union, 103);
    assert!(v["flags"].as_array().unwrap().iter().any(|f| f == "b_and_o"));
    assert!(!g.event_view(&st, Side::Csa, 100)["flags"].as_array().unwrap().iter().any(|f| f == "b_and_o"));
    // A B&O link into an original CSA state, with no other rail link between its ends.
    let (to, from) = v["spaces"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, s)| s["original"] == "csa")
        .find_map(|(id, s)| {
            let bo = s["b_and_o"].as_array().unwrap();
            let rail = s["rail"].as_array().unwrap();
            bo.iter().find(|x| !rail.contains(x)).map(|x| (id.clone(), x.as_str().unwrap().to_string()))
        })
        .expect("a B&O link into an original CSA state");
    for s in [&to, &from] {
        let x = sp(s) as usize;
        st.control[x] = Control::Of(Side::Union);
        st.sp[x] = [0, 0];
        st.fort[x] = None;
    }
    st.sp[sp(&from) as usize][0] = 1;
    st.generals[general("rosecrans")] = GenAt::Map(sp(&to));
    play(g, &mut st, Side::Union, 103, &[to.as_str(), from.as_str(), "done"], &[]).unwrap();
    assert_eq!(st.sp[sp(&to) as usize][0], 1, "1 SP by the B&O from {from} to {to}");
    assert_eq!(st.sp[sp(&from) as usize][0], 0);
}

/// #125's rail restriction holds for the SP a concentration moves by rail (FtP 4.5.1): the view
/// shows the restricted side no railroad link, so #75's script offers no SP to move, and the
/// command layer refuses any `move_sp` by rail of that side (one check for every script).
#[test]
fn card_125_restriction_stops_concentration_rail_moves_ftp_4_5_1() {
    use super::commands::{Ctx, Returned};
    let g = game();
    let mut st = ready("1861", Side::Csa, 75);
    // A CSA target space with a rail link to a space holding 1 loose CSA SP.
    let v = g.event_view(&st, Side::Csa, 75);
    let (to, from) = v["spaces"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, s)| s["original"] == "csa")
        .find_map(|(id, s)| s["rail"].as_array().unwrap().first().map(|x| (id.clone(), x.as_str().unwrap().to_string())))
        .expect("a rail link in an original CSA state");
    for s in [&to, &from] {
        let x = sp(s) as usize;
        st.control[x] = Control::Of(Side::Csa);
        st.sp[x] = [0, 0];
        st.fort[x] = None;
    }
    st.sp[sp(&from) as usize][1] = 1;
    for at in st.generals.iter_mut() {
        if *at == GenAt::Map(sp(&to)) {
            *at = GenAt::Out;
        }
    }
    st.generals[general("beauregard")] = GenAt::Map(sp(&to));
    let limited = |st: &State| {
        let mut st = st.clone();
        st.move_limits.push(super::MoveLimit { card: 125, side: Side::Csa, kind: super::MoveKind::Rail, until: st.turn });
        st
    };
    // Without the restriction the SP moves by rail.
    let mut free = st.clone();
    play(g, &mut free, Side::Csa, 75, &[to.as_str(), from.as_str(), "done"], &[]).unwrap();
    assert_eq!(free.sp[sp(&to) as usize][1], 1);
    // Under #125: no railroad link in the CSA's view (the Union's is unchanged), no SP offered.
    let mut st = limited(&st);
    assert!(g.event_view(&st, Side::Csa, 75)["spaces"][&to]["rail"].as_array().unwrap().is_empty());
    assert!(!g.event_view(&st, Side::Union, 103)["spaces"][&to]["rail"].as_array().unwrap().is_empty());
    play(g, &mut st, Side::Csa, 75, &[to.as_str()], &[]).unwrap();
    assert_eq!((st.sp[sp(&to) as usize][1], st.sp[sp(&from) as usize][1]), (0, 1), "no SP moved");
    assert_eq!(st.concentration, Some(sp(&to)), "the concentration itself goes on");
    // The command layer: a move by rail of the restricted side is refused, other moves are not.
    let cmd = |side: &str, rail: bool| serde_json::from_value::<Returned>(serde_json::json!({"move_sp": {"from": from, "to": to, "side": side, "rail": rail}})).unwrap();
    let st = limited(&ready("1861", Side::Csa, 75));
    let mut st = st;
    st.sp[sp(&from) as usize] = [1, 1];
    st.sp[sp(&to) as usize] = [0, 0];
    st.fort[sp(&to) as usize] = None;
    let cx = Ctx { side: Side::Csa, card: 75, interrupt: false };
    let e = g.check_commands(&st, cx, vec![cmd("csa", true)]).unwrap_err();
    assert!(e.contains("may not move by rail"), "{e}");
    assert!(g.check_commands(&st, cx, vec![cmd("csa", false)]).is_ok());
}

#[test]
fn card_105_cavalry_detachments_remove_an_enemy_pc_near_cavalry() {
    let g = game();
    let cav = (0..g.c.generals.len()).find(|&i| g.c.generals[i].side == Side::Csa && g.c.generals[i].cavalry).expect("a CSA cavalry general");
    let mut st = ready("1861", Side::Csa, 105);
    for at in st.generals.iter_mut() {
        if matches!(at, GenAt::Map(_)) {
            *at = GenAt::Out;
        }
    }
    not_playable(&mut st, Side::Csa, 105);
    // Nashville (original CSA) with a Union PC, the cavalry general next door at Bowling Green.
    let (nash, bg) = (sp("nashville"), sp("bowling_green"));
    st.sp[nash as usize] = [0, 0];
    st.fort[nash as usize] = None;
    st.control[nash as usize] = Control::Of(Side::Union);
    st.sp[bg as usize][0] = 0;
    st.generals[cav] = GenAt::Map(bg);
    play(g, &mut st, Side::Csa, 105, &["nashville"], &[]).unwrap();
    assert_eq!(st.control(nash), Control::Of(Side::Csa), "reverts to its original control");
    assert_eq!(pile_of(&st, 105), "discard");
}

#[test]
fn card_106_clydeside_shipyards_sp_in_open_br_ports_ftp_10_5_2() {
    let g = game();
    let mut st = ready("1861", Side::Csa, 106);
    let (w, c) = (sp("wilmington_nc"), sp("charleston_sc"));
    assert!(g.br_open(&st, w) && g.br_open(&st, c));
    let before = [st.sp[w as usize][1], st.sp[c as usize][1]];
    play(g, &mut st, Side::Csa, 106, &["wilmington_nc", "charleston_sc"], &[]).unwrap();
    assert_eq!([st.sp[w as usize][1], st.sp[c as usize][1]], [before[0] + 1, before[1] + 1]);
    // Every BR port closed (Union-controlled): not playable; never by the Union.
    let mut st = ready("1861", Side::Csa, 106);
    for (s, _, d) in g.c.map.spaces() {
        if d.br {
            st.control[s.index()] = Control::Of(Side::Union);
        }
    }
    not_playable(&mut st, Side::Csa, 106);
    refused_to(106, Side::Union);
}

/// FtP 6.1.3, 11.3 D exception: a Farragut move that holds the CSA port it entered places a
/// Union PC there, which captures its ungarrisoned coastal fort (6.8.4); no PC after a move
/// that lands in a Union port.
#[test]
fn card_059_farragut_pc_captures_the_coastal_fort_ftp_11_3_d_6_8_4() {
    use super::super::naval_tests::{act, board, own, put};
    let g = game();
    let mut st = board("1861", Side::Union, 59);
    own(&mut st, Side::Csa, "fort_morgan");
    own(&mut st, Side::Csa, "mobile");
    own(&mut st, Side::Union, "fort_monroe");
    put(&mut st, Side::Union, "fort_monroe", 3);
    play(g, &mut st, Side::Union, 59, &[], &[]).unwrap();
    act(&mut st, Side::Union, "naval fort_monroe 3");
    act(&mut st, Side::Union, "sail mobile");
    assert_eq!(st.control(sp("mobile")), Control::Of(Side::Union), "the event's PC");
    assert_eq!(st.control(sp("fort_morgan")), Control::Of(Side::Union), "the ungarrisoned fort falls with its port (6.8.4)");
    assert_eq!(pile_of(&st, 59), "discard");
    // Without Farragut (a plain naval move) the port gets no PC: FtP 11.3 D.
    let mut st = board("1861", Side::Union, 69);
    own(&mut st, Side::Union, "fort_monroe");
    own(&mut st, Side::Csa, "galveston");
    put(&mut st, Side::Union, "fort_monroe", 3);
    act(&mut st, Side::Union, "ops 69");
    act(&mut st, Side::Union, "naval fort_monroe 3");
    act(&mut st, Side::Union, "sail galveston");
    assert_eq!(st.sp[sp("galveston") as usize][0], 3);
    assert_eq!(st.control(sp("galveston")), Control::Of(Side::Csa));
}

/// The `pc` command keeps FtP 11.3 D and 6.8.2 for every event without the cards.toml
/// exception flags: refused naming the rule, the state unchanged.
#[test]
fn event_pcs_keep_ftp_11_3_d_and_6_8_2() {
    use super::super::naval_tests::{board, own};
    use bivouac_engine::game::Game;
    use bivouac_engine::log::Log;
    let refusal = |side: Side, cmd: &str| {
        let src = format!("function declare() return {{ text = 'x' }} end\nfunction play(view) if view.sw.csa ~= 7 then return {{ commands = {{}} }} end return {{ commands = {{ {cmd} }} }} end");
        let g = with_script(4, &src).unwrap();
        let mut st = board("1861", side, 4);
        own(&mut st, Side::Csa, "fort_morgan");
        own(&mut st, Side::Union, "fort_pickens");
        st.sw[1] = 7;
        let before = serde_json::to_string(&st).unwrap();
        let r = g.apply(&mut st, side.index() as u8, &Action::Event { card: 4 }, &mut Log::quiet()).unwrap_err();
        assert_eq!(serde_json::to_string(&st).unwrap(), before, "{cmd}");
        assert_eq!(r.rule, "FtP 4.2", "{cmd}");
        r.message
    };
    let pc = |s: &str, side: &str| format!("{{ pc = {{ space = '{s}', side = '{side}' }} }}");
    assert!(refusal(Side::Union, &pc("selma", "union")).contains("resource center"));
    assert!(refusal(Side::Union, &pc("richmond", "union")).contains("FtP 11.3 D"));
    assert!(refusal(Side::Union, &pc("fort_morgan", "union")).contains("FtP 11.3 D"));
    assert!(refusal(Side::Union, &pc("mobile", "union")).contains("coastal fort"), "by converting its port");
    assert!(refusal(Side::Csa, &pc("fort_pickens", "csa")).contains("FtP 6.8.2"));
    // The view tells scripts where an event PC may go.
    let mut st = board("1861", Side::Union, 11);
    own(&mut st, Side::Csa, "fort_morgan");
    let v = game().event_view(&st, Side::Union, 11);
    assert_eq!(v["spaces"]["selma"]["pc_ok"]["union"], false);
    assert_eq!(v["spaces"]["tuscaloosa"]["pc_ok"]["union"], true);
    st.control[sp("fort_morgan") as usize] = Control::Of(Side::Union);
    assert_eq!(game().event_view(&st, Side::Csa, 115)["spaces"]["fort_morgan"]["pc_ok"]["csa"], false, "without the card's exception");
}

#[test]
fn card_111_wilsons_raid_pcs_may_destroy_resource_centers_ftp_11_3_d() {
    use super::super::naval_tests::{board, put};
    let g = game();
    let mut st = board("1864", Side::Union, 111);
    not_playable(&mut st, Side::Union, 111);
    put(&mut st, Side::Union, "tuscaloosa", 2);
    let sw = st.sw;
    play(g, &mut st, Side::Union, 111, &["selma", "montgomery"], &[]).unwrap();
    assert_eq!(st.control(sp("selma")), Control::Of(Side::Union));
    assert_eq!(st.control(sp("montgomery")), Control::Of(Side::Union), "next to the raid's previous PC");
    assert!(st.rc_destroyed[sp("selma") as usize], "Selma's resource center destroyed (FtP 12.2)");
    assert!(st.sw[0] > sw[0] && st.sw[1] < sw[1]);
    refused_to(111, Side::Csa);
}

#[test]
fn card_115_battle_of_galveston_retakes_a_coastal_fort_ftp_6_8_2() {
    use super::super::naval_tests::{board, own};
    let g = game();
    let mut st = board("1863", Side::Csa, 115);
    own(&mut st, Side::Csa, "fort_pickens");
    own(&mut st, Side::Csa, "fort_morgan");
    for (s, _, d) in g.c.map.spaces() {
        if d.coastal_fort && st.control(s.0) == Control::Of(Side::Union) {
            st.sp[s.index()][0] = 1;
        }
    }
    not_playable(&mut st, Side::Csa, 115);
    own(&mut st, Side::Union, "fort_morgan");
    st.sp[sp("fort_morgan") as usize] = [0, 0];
    play(g, &mut st, Side::Csa, 115, &["fort_morgan"], &[]).unwrap();
    assert_eq!(st.control(sp("fort_morgan")), Control::Of(Side::Csa));
    assert_eq!(pile_of(&st, 115), "discard");
    refused_to(115, Side::Union);
}

/// FtP 6.8.2, a reading, option `galveston-forts`: by default #115 retakes any coastal fort (a
/// second exception beside Fort Monroe); `fort_monroe` reads the ES sentence as one exception,
/// so #115 retakes Fort Monroe only.
#[test]
fn card_115_galveston_forts_option_any_or_fort_monroe_only_ftp_6_8_2() {
    use super::super::naval_tests::{board, own};
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    // The option reaches the state from the setup; the default is the current reading.
    let mut setup = Setup::new("1863", 2, 7);
    assert_eq!(g.setup(&setup).unwrap().opts.retake_only, None);
    setup.options.insert("galveston-forts".into(), "fort_monroe".into());
    assert_eq!(g.setup(&setup).unwrap().opts.retake_only, Some(sp("fort_monroe")));
    setup.options.insert("galveston-forts".into(), "fort_morgan".into());
    assert!(g.setup(&setup).is_err(), "only the option's values");
    let fresh = |only: Option<&str>| {
        let mut st = board("1863", Side::Csa, 115);
        for (s, _, d) in g.c.map.spaces() {
            if d.coastal_fort && st.control(s.0) == Control::Of(Side::Union) {
                st.sp[s.index()][0] = 1;
            }
        }
        for f in ["fort_morgan", "fort_monroe"] {
            own(&mut st, Side::Union, f);
            st.sp[sp(f) as usize] = [0, 0];
        }
        st.opts.retake_only = only.map(sp);
        st
    };
    let asked = |st: &mut State| {
        let mut roll = |_: &mut State| 1;
        g.event_action_with(st, Frame::Round { side: Side::Csa }, &Action::Event { card: 115 }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
        let mut o = options(st);
        o.sort();
        o
    };
    // Default ("any"): both forts.
    assert_eq!(asked(&mut fresh(None)), ["fort_monroe", "fort_morgan"]);
    let mut st = fresh(None);
    play(g, &mut st, Side::Csa, 115, &["fort_morgan"], &[]).unwrap();
    assert_eq!(st.control(sp("fort_morgan")), Control::Of(Side::Csa));
    // "fort_monroe": Fort Monroe only; Fort Morgan is refused.
    assert_eq!(asked(&mut fresh(Some("fort_monroe"))), ["fort_monroe"]);
    let mut st = fresh(Some("fort_monroe"));
    assert_eq!(play(g, &mut st, Side::Csa, 115, &["fort_morgan"], &[]).unwrap_err().rule, "FtP 4.2");
    assert_eq!(st.control(sp("fort_morgan")), Control::Of(Side::Union));
    let mut st = fresh(Some("fort_monroe"));
    play(g, &mut st, Side::Csa, 115, &["fort_monroe"], &[]).unwrap();
    assert_eq!(st.control(sp("fort_monroe")), Control::Of(Side::Csa));
    // The command layer refuses it too, whatever a script offers.
    let st = fresh(Some("fort_monroe"));
    assert!(g.event_pc_ok(&st, Some(115), Side::Csa, sp("fort_morgan")).unwrap_err().contains("FtP 6.8.2"));
    assert!(g.event_pc_ok(&st, Some(115), Side::Csa, sp("fort_monroe")).is_ok());
    // With Fort Monroe held by the Union's SP, nothing is left to retake.
    let mut st = fresh(Some("fort_monroe"));
    st.sp[sp("fort_monroe") as usize] = [1, 0];
    not_playable(&mut st, Side::Csa, 115);
}

#[test]
fn card_117_st_marks_a_blockade_runner_port_while_in_force_ftp_10_5_2() {
    let g = game();
    let mut st = ready("1864", Side::Csa, 117);
    let m = sp("st_marks");
    st.control[m as usize] = Control::Of(Side::Csa);
    // FtP 10.5.2 (ES): with a LOC to another resource center, through Tallahassee (Union in
    // the 1864 setup) and Thomasville (GA).
    for x in ["tallahassee", "thomasville"] {
        st.control[sp(x) as usize] = Control::Of(Side::Csa);
        st.sp[sp(x) as usize][0] = 0;
    }
    assert!(!g.br_open(&st, m), "not a BR port without #117");
    play(g, &mut st, Side::Csa, 117, &[], &[]).unwrap();
    assert!(g.br_open(&st, m));
    assert!(st.in_force.iter().any(|f| f.card == 117 && f.until.is_none()));
    assert_eq!(pile_of(&st, 117), "discard");
    // Closed when the Union holds it; not playable twice; never by the Union.
    st.control[m as usize] = Control::Of(Side::Union);
    assert!(!g.br_open(&st, m));
    give(&mut st, Side::Csa, 117);
    round(&mut st, Side::Csa);
    not_playable(&mut st, Side::Csa, 117);
    refused_to(117, Side::Union);
}

/// The battle DRMs events put in force (`battle_drm`, FtP 4.2): who gets them, where, and
/// that they end with the turn.
#[test]
fn cards_109_130_119_battle_drms_in_force_until_the_end_of_the_turn_ftp_4_2() {
    let g = game();
    let (va, tn) = (sp("manassas"), sp("nashville"));
    // #109: the CSA +1 defending, anywhere.
    let mut st = ready("1862", Side::Csa, 109);
    play(g, &mut st, Side::Csa, 109, &[], &[]).unwrap();
    assert_eq!(g.event_drms(&st, Side::Union, va), [0, 1]);
    assert_eq!(g.event_drms(&st, Side::Csa, va), [0, 0], "not when attacking");
    g.expire_in_force(&mut st);
    assert_eq!(g.event_drms(&st, Side::Union, va), [0, 0], "ends with the turn");
    refused_to(109, Side::Union);
    // #130: the Union +1 attacking.
    let mut st = ready("1862", Side::Union, 130);
    play(g, &mut st, Side::Union, 130, &[], &[]).unwrap();
    assert_eq!(g.event_drms(&st, Side::Union, va), [1, 0]);
    assert_eq!(g.event_drms(&st, Side::Csa, va), [0, 0]);
    refused_to(130, Side::Csa);
    // #119: the player +1 in the western states only, attacking or defending.
    for side in [Side::Union, Side::Csa] {
        let mut st = ready("1862", side, 119);
        play(g, &mut st, side, 119, &[], &[]).unwrap();
        let other = if side == Side::Union { Side::Csa } else { Side::Union };
        assert_eq!(g.event_drms(&st, side, tn), [1, 0]);
        assert_eq!(g.event_drms(&st, other, tn), [0, 1]);
        assert_eq!(g.event_drms(&st, side, va), [0, 0], "Virginia is not in the west");
    }
}

#[test]
fn card_118_supplies_from_mexico_two_csa_sp_in_texas() {
    let g = game();
    let mut st = ready("1862", Side::Csa, 118);
    let tx = state_spaces("tx");
    let ok: Vec<Sp> = tx.iter().copied().filter(|&s| st.control(s) == Control::Of(Side::Csa) && st.sp[s as usize][0] == 0).collect();
    let (a, b) = (ok[0], ok[1]);
    let name = |s: Sp| g.c.map.name(bivouac_engine::map::graph::SpaceId(s)).to_string();
    let before = [st.sp[a as usize][1], st.sp[b as usize][1]];
    let (na, nb) = (name(a), name(b));
    play(g, &mut st, Side::Csa, 118, &[na.as_str(), nb.as_str()], &[]).unwrap();
    assert_eq!([st.sp[a as usize][1], st.sp[b as usize][1]], [before[0] + 1, before[1] + 1]);
    let mut st = ready("1862", Side::Csa, 118);
    for s in tx {
        st.control[s as usize] = Control::Of(Side::Union);
    }
    not_playable(&mut st, Side::Csa, 118);
    refused_to(118, Side::Union);
}

#[test]
fn card_120_horace_greeley_union_sw_either_way() {
    use super::tests_cards_a::sw_change;
    assert_eq!(sw_change(120, Side::Union, [true, true]), ([1, 0], "discard"));
    assert_eq!(sw_change(120, Side::Csa, [false, true]), ([-1, 0], "discard"));
}

#[test]
fn card_122_crisis_in_the_west_a_csa_general_to_the_turn_track() {
    let g = game();
    let mut st = ready("1862", Side::Union, 122);
    for (i, at) in st.generals.iter_mut().enumerate() {
        if g.c.generals[i].side == Side::Csa && matches!(at, GenAt::Map(_) | GenAt::Army(_)) {
            *at = GenAt::Out;
        }
    }
    not_playable(&mut st, Side::Union, 122);
    let bragg = general("bragg");
    st.generals[bragg] = GenAt::Map(sp("nashville"));
    play(g, &mut st, Side::Union, 122, &["bragg"], &[]).unwrap();
    assert_eq!(st.generals[bragg], GenAt::Track(st.turn + 1));
    refused_to(122, Side::Csa);
}

#[test]
fn card_123_quantrills_raiders_missouri_pcs_either_side() {
    let g = game();
    let m = sp("springfield_mo");
    let mut st = ready("1861", Side::Csa, 123);
    st.sp[m as usize] = [0, 0];
    st.control[m as usize] = Control::Neutral;
    play(g, &mut st, Side::Csa, 123, &["springfield_mo"], &[]).unwrap();
    assert_eq!(st.control(m), Control::Of(Side::Csa));
    // The Union removes it.
    give(&mut st, Side::Union, 123);
    round(&mut st, Side::Union);
    play(g, &mut st, Side::Union, 123, &["springfield_mo"], &[]).unwrap();
    assert_eq!(st.control(m), Control::Neutral, "a border state's space reverts to neutral");
    // No Confederate PC in Missouri: the Union may not play it.
    let mut st = ready("1861", Side::Union, 123);
    for s in state_spaces("mo") {
        if st.control(s) == Control::Of(Side::Csa) {
            st.control[s as usize] = Control::Neutral;
        }
    }
    not_playable(&mut st, Side::Union, 123);
}

#[test]
fn card_129_uss_cairo_amphibious_track_down_ftp_6_4_1() {
    let g = game();
    for n in [129, 116] {
        let mut st = ready("1862", Side::Csa, n);
        st.naval.amphibious = 2;
        play(g, &mut st, Side::Csa, n, &[], &[]).unwrap();
        assert_eq!(st.naval.amphibious, 1, "#{n}");
    }
    assert_eq!(g.c.card(129).unwrap().script, "events/116.lua");
    assert!(g.c.events.decl(116).unwrap().text.starts_with("Confederate rams"));
    let mut st = ready("1862", Side::Csa, 129);
    st.naval.amphibious = 0;
    not_playable(&mut st, Side::Csa, 129);
    refused_to(129, Side::Union);
}

#[test]
fn card_107_guerrilla_raids_union_discards_at_random_ftp_4_4() {
    let g = game();
    let mut st = ready("1862", Side::Csa, 107);
    not_playable(&mut st, Side::Csa, 107);
    give(&mut st, Side::Union, 12);
    play(g, &mut st, Side::Csa, 107, &[], &[]).unwrap();
    assert_eq!(pile_of(&st, 12), "discard");
    refused_to(107, Side::Union);
}

#[test]
fn card_126_devastation_of_the_valley_csa_minus_two_sw() {
    let g = game();
    let mut st = ready("1864", Side::Union, 126);
    for id in ["harpers_ferry", "winchester", "strasburg", "staunton"] {
        st.sp[sp(id) as usize][0] = 0;
    }
    not_playable(&mut st, Side::Union, 126);
    st.sp[sp("winchester") as usize] = [2, 0];
    st.sw_plus = [true, false];
    let sw = st.sw;
    play(g, &mut st, Side::Union, 126, &[], &[]).unwrap();
    assert_eq!([st.sw[0] - sw[0], st.sw[1] - sw[1]], [0, -2]);
    refused_to(126, Side::Csa);
}

#[test]
fn card_113_defenses_of_washington_a_union_fort() {
    let g = game();
    let mut st = ready("1861", Side::Union, 113);
    let dc = sp("washington");
    st.fort[dc as usize] = None;
    play(g, &mut st, Side::Union, 113, &["washington"], &[]).unwrap();
    assert_eq!(st.fort[dc as usize], Some(Side::Union));
    // Forts everywhere already: not playable.
    let mut st = ready("1861", Side::Union, 113);
    st.fort[dc as usize] = Some(Side::Union);
    for (t, _) in g.c.map.neighbors(bivouac_engine::map::graph::SpaceId(dc)) {
        st.fort[t.index()] = Some(Side::Union);
    }
    not_playable(&mut st, Side::Union, 113);
    refused_to(113, Side::Csa);
}

/// `restrict` (FtP 4.2): #112 forbids the Union's naval moves (FtP 6.1) until the end of the turn.
#[test]
fn card_112_severe_storms_no_union_naval_moves_this_turn_ftp_6_1() {
    use super::super::naval_tests::{act, board, legal, own, put};
    let g = game();
    let mut st = board("1861", Side::Csa, 112);
    own(&mut st, Side::Union, "fort_monroe");
    put(&mut st, Side::Union, "fort_monroe", 3);
    give(&mut st, Side::Union, 69);
    play(g, &mut st, Side::Csa, 112, &[], &[]).unwrap();
    assert_eq!(pile_of(&st, 112), "discard");
    round(&mut st, Side::Union);
    act(&mut st, Side::Union, "ops 69");
    assert!(!legal(&st, Side::Union).iter().any(|a| a.starts_with("naval")), "{:?}", legal(&st, Side::Union));
    g.expire_in_force(&mut st);
    assert!(legal(&st, Side::Union).iter().any(|a| a.starts_with("naval")), "the storms end with the turn");
    refused_to(112, Side::Union);
}

/// `restrict` (FtP 4.2): #125 forbids the CSA's rail movement, here its strategic movement by
/// rail (FtP 10.2.1), until the end of the turn.
#[test]
fn card_125_locomotive_shortage_no_csa_rail_movement_this_turn_ftp_10_2_1() {
    let g = game();
    let mut st = ready("1862", Side::Union, 125);
    let before = g.strategic_moves(&st, Side::Csa);
    play(g, &mut st, Side::Union, 125, &[], &[]).unwrap();
    assert!(g.move_limited(&st, Side::Csa, super::MoveKind::Rail));
    assert!(!g.move_limited(&st, Side::Union, super::MoveKind::Rail));
    let after = g.strategic_moves(&st, Side::Csa);
    assert!(after.len() < before.len(), "{} -> {}", before.len(), after.len());
    g.expire_in_force(&mut st);
    assert_eq!(g.strategic_moves(&st, Side::Csa), before, "ends with the turn");
    refused_to(125, Side::Csa);
}
