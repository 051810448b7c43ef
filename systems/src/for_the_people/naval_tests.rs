//! Tests of naval and combined operations (FtP 6.1-6.4, 6.8.1), with the worked examples of the
//! worked examples of naval movement and amphibious moves played with
//! forced dice (a seed whose first rolls are the example's).

use super::content::{Control, Side};
use super::play_tests::game;
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;
use bivouac_engine::piles::CardId;
use bivouac_engine::rng::GameRng;

pub(super) fn sp(id: &str) -> Sp {
    game().c.space(id).unwrap_or_else(|| panic!("no space {id}")).0
}

pub(super) fn general(id: &str) -> u8 {
    game().c.general(id).unwrap_or_else(|| panic!("no general {id}"))
}

/// An empty 1861 map (no SP, generals, armies or fort counters), `side` to play card `card`.
pub(super) fn board(sc: &str, side: Side, card: u8) -> State {
    let g = game();
    let mut st = g.setup(&Setup::new(sc, 2, 7)).expect("setup");
    for x in st.sp.iter_mut() {
        *x = [0, 0];
    }
    for at in st.generals.iter_mut() {
        if matches!(at, GenAt::Map(_) | GenAt::Army(_)) {
            *at = GenAt::Out;
        }
    }
    for a in st.armies.iter_mut() {
        *a = None;
    }
    st.fort = vec![None; st.fort.len()];
    st.sp_at_start = [0, 0];
    st.sp_lost = [0, 0];
    st.sp_gained = [0, 0];
    let c = CardId(card as u16 - 1);
    let from = st.piles.find(c).expect("card somewhere");
    st.piles.move_card(c, from, HAND[side.index()]).unwrap();
    st.flow.clear();
    st.flow.push(Frame::Round { side });
    st.phase = Phase::Strategy;
    st
}

pub(super) fn put(st: &mut State, side: Side, s: &str, n: u8) {
    st.sp[sp(s) as usize][side.index()] += n;
    st.sp_at_start[side.index()] += n as u32;
}

pub(super) fn own(st: &mut State, side: Side, s: &str) {
    st.control[sp(s) as usize] = Control::Of(side);
}

pub(super) fn act(st: &mut State, side: Side, text: &str) {
    let g = game();
    let a = g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.apply(st, side.index() as u8, &a, &mut Log::quiet()).unwrap_or_else(|e| panic!("`{text}` refused: {e}\n{}", g.describe(st, None)));
}

pub(super) fn refused(st: &mut State, side: Side, text: &str) -> String {
    let g = game();
    let before = serde_json::to_string(&*st).unwrap();
    let a = g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let e = g.apply(st, side.index() as u8, &a, &mut Log::quiet()).expect_err(text);
    assert_eq!(serde_json::to_string(&*st).unwrap(), before, "a refusal leaves the state unchanged");
    e.rule.to_string()
}

pub(super) fn legal(st: &State, side: Side) -> Vec<String> {
    game().legal_actions(st, side.index() as u8).iter().map(|a| game().notation(a)).collect()
}

/// A generator whose next d6 rolls are `rolls`.
pub(super) fn dice(rolls: &[u32]) -> GameRng {
    (0u64..1_000_000)
        .map(GameRng::new)
        .find(|r| {
            let mut r = r.clone();
            rolls.iter().all(|&x| r.roll(6) == x)
        })
        .expect("a seed with these rolls")
}

pub(super) fn check(st: &State) {
    game().check_invariants(st).unwrap_or_else(|e| panic!("{e}\n{}", game().describe(st, None)));
}

/// FtP 6.1.1, 6.1.2 (T-NAVAL-1): a 3-value OPs card; up to 3 SP and one general, a cavalry
/// brigade being both; Union only; the move ends on arrival.
#[test]
fn naval_move_needs_a_three_card_and_carries_three_sp_and_one_general() {
    let mut st = board("1861", Side::Union, 2);
    own(&mut st, Side::Union, "fort_monroe");
    own(&mut st, Side::Union, "urbanna");
    put(&mut st, Side::Union, "fort_monroe", 5);
    act(&mut st, Side::Union, "ops 2");
    assert!(!legal(&st, Side::Union).iter().any(|a| a.starts_with("naval")), "FtP 6.1.1: a 2-value card cannot move by sea");
    assert_eq!(refused(&mut st, Side::Union, "naval fort_monroe 1"), "FtP 6.1.1");

    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "fort_monroe");
    put(&mut st, Side::Union, "fort_monroe", 5);
    st.generals[general("butler") as usize] = GenAt::Map(sp("fort_monroe"));
    act(&mut st, Side::Union, "ops 9");
    let l = legal(&st, Side::Union);
    for a in ["naval fort_monroe 1", "naval fort_monroe 3", "naval fort_monroe 3 butler"] {
        assert!(l.contains(&a.to_string()), "{a} in {l:?}");
    }
    assert_eq!(refused(&mut st, Side::Union, "naval fort_monroe 4"), "FtP 6.1.1", "FtP 6.1.2: at most 3 SP");
    act(&mut st, Side::Union, "naval fort_monroe 3 butler");
    assert!(matches!(st.flow.top(), Some(Frame::Naval)));
    own(&mut st, Side::Union, "urbanna");
    act(&mut st, Side::Union, "sail urbanna");
    // FtP 6.1.1: the move ends on arrival, no land movement after it.
    assert!(st.moving.is_none());
    assert_eq!(st.sp[sp("urbanna") as usize][0], 3);
    assert_eq!(st.sp[sp("fort_monroe") as usize][0], 2);
    assert_eq!(st.generals[general("butler") as usize], GenAt::Map(sp("urbanna")));
    check(&st);
}

#[test]
fn a_cavalry_brigade_is_the_general_and_one_of_the_three_sp() {
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "fort_monroe");
    put(&mut st, Side::Union, "fort_monroe", 5);
    let cav = (0..game().c.generals.len()).find(|&g| game().c.generals[g].cavalry && game().c.generals[g].side == Side::Union).expect("a Union cavalry general") as u8;
    st.generals[cav as usize] = GenAt::Map(sp("fort_monroe"));
    st.sp_at_start[0] += 1;
    act(&mut st, Side::Union, "ops 9");
    let id = game().c.generals[cav as usize].id.clone();
    let l = legal(&st, Side::Union);
    assert!(l.contains(&format!("naval fort_monroe 0 {id}")) && l.contains(&format!("naval fort_monroe 2 {id}")));
    assert!(!l.contains(&format!("naval fort_monroe 3 {id}")), "FtP 6.1.2: brigade + 3 SP is 4 SP");
}

/// FtP 6.1.1, 6.5.1, 6.5.3: only the Union moves by sea; from a coastal port the CSA may only
/// shift 1 SP to its coastal fort (a river move).
#[test]
fn the_confederacy_has_no_naval_moves() {
    let mut st = board("1861", Side::Csa, 9);
    own(&mut st, Side::Csa, "charleston_sc");
    own(&mut st, Side::Csa, "fort_sumter");
    put(&mut st, Side::Csa, "charleston_sc", 3);
    act(&mut st, Side::Csa, "ops 9");
    assert_eq!(legal(&st, Side::Csa).iter().filter(|a| a.starts_with("naval")).collect::<Vec<_>>(), ["naval charleston_sc 1"]);
    assert_eq!(refused(&mut st, Side::Csa, "naval charleston_sc 2"), "FtP 6.1.1", "FtP 6.5.1: a 1-SP division only");
    act(&mut st, Side::Csa, "naval charleston_sc 1");
    assert_eq!(legal(&st, Side::Csa), ["sail fort_sumter"], "FtP 6.5.3: only to its coastal fort");
    act(&mut st, Side::Csa, "sail fort_sumter");
    assert_eq!((st.sp[sp("charleston_sc") as usize][1], st.sp[sp("fort_sumter") as usize][1]), (2, 1));
    assert!(st.moving.is_none(), "FtP 6.5.2: the move ends at its destination");
    check(&st);
}

/// FtP 6.1.3, 6.8.2 (T-NAVAL-1): no passing a CSA coastal fort into its port; the fort itself may
/// be entered; a Union PC on the fort opens the port.
#[test]
fn a_confederate_coastal_fort_closes_its_port_but_may_be_assaulted() {
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "fort_monroe");
    own(&mut st, Side::Csa, "fort_sumter");
    own(&mut st, Side::Csa, "charleston_sc");
    put(&mut st, Side::Union, "fort_monroe", 3);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "naval fort_monroe 2");
    let l = legal(&st, Side::Union);
    assert!(l.contains(&"sail fort_sumter".to_string()));
    assert!(!l.contains(&"sail charleston_sc".to_string()));
    assert_eq!(refused(&mut st, Side::Union, "sail charleston_sc"), "FtP 6.1.3");
    // With a Union PC on Fort Sumter the port opens.
    own(&mut st, Side::Union, "fort_sumter");
    assert!(legal(&st, Side::Union).contains(&"sail charleston_sc".to_string()));
}

/// FtP 6.2.1-6.2.3, 6.3.1: river moves follow the rivers; a CSA fort counter is passed only by
/// running the guns, at most once a move; a CSA coastal fort stops the move.
#[test]
fn river_moves_run_the_guns_at_most_once() {
    let g = game();
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "cairo");
    own(&mut st, Side::Csa, "forts_st_philip_jackson");
    put(&mut st, Side::Union, "cairo", 3);
    st.fort[sp("columbus_ky") as usize] = Some(Side::Csa);
    st.fort[sp("memphis") as usize] = Some(Side::Csa);
    let routes = g.naval_routes(&st, sp("cairo"), true, None);
    let r = |id: &str| routes.iter().find(|r| r.to == sp(id)).map(|r| r.runs_guns);
    assert_eq!(r("columbus_ky"), Some(false), "entering the fort space is no passing");
    assert_eq!(r("new_madrid"), Some(true), "past Columbus: run the guns");
    assert_eq!(r("memphis"), Some(true));
    assert_eq!(r("vicksburg"), None, "a second CSA fort cannot be passed (FtP 6.3.1: one run a move)");
    assert_eq!(r("dover_tn"), Some(false), "up the Tennessee from Paducah");
    assert_eq!(r("cincinnati"), Some(false), "up the Ohio");
    assert_eq!(r("new_orleans"), None, "the CSA forts below New Orleans close the river mouth (FtP 6.1.3)");
}

/// FtP 6.3.1 (T-RUN-1): 4-6 passes; 1-3 sends the force back to its start space.
#[test]
fn running_the_guns_succeeds_on_four_to_six() {
    for (roll, passes) in [(3u32, false), (4, true)] {
        let mut st = board("1861", Side::Union, 9);
        own(&mut st, Side::Union, "cairo");
        put(&mut st, Side::Union, "cairo", 3);
        st.fort[sp("columbus_ky") as usize] = Some(Side::Csa);
        act(&mut st, Side::Union, "ops 9");
        act(&mut st, Side::Union, "naval cairo 3");
        st.rng = dice(&[roll]);
        act(&mut st, Side::Union, "sail new_madrid");
        assert!(st.moving.is_none());
        let at = if passes { "new_madrid" } else { "cairo" };
        assert_eq!(st.sp[sp(at) as usize][0], 3, "roll {roll}");
        check(&st);
    }
}

/// FtP 6.6.3 A (T-POTOMAC-1): a CSA fort at Aquia Creek: leaving Washington by water runs the guns.
#[test]
fn a_confederate_fort_at_aquia_creek_makes_washington_run_the_guns() {
    let g = game();
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "washington");
    let free = g.naval_routes(&st, sp("washington"), true, None);
    assert!(free.iter().any(|r| r.to == sp("fort_monroe") && !r.runs_guns));
    st.fort[sp("aquia_creek") as usize] = Some(Side::Csa);
    let routes = g.naval_routes(&st, sp("washington"), true, None);
    assert!(routes.iter().any(|r| r.to == sp("fort_monroe") && r.runs_guns));
    assert!(routes.iter().any(|r| r.to == sp("aquia_creek") && !r.runs_guns));
}

/// T-AMPH-1 (FtP 6.1, 6.4, 6.8.1, 7.3.2; Fort Pulaski, Su61): 2 SP from Fort Monroe assault the
/// ungarrisoned CSA Fort Pulaski; track 0: CSA +2 net, Union +4 vs an ungarrisoned fort. Union
/// rolls 1 (5), CSA 2 (4): each loses 1; a tie with attacker survivors: the Union wins and 1 SP
/// holds Fort Pulaski, which stays CSA-controlled until a Union PC is placed.
#[test]
fn t_amph_1_fort_pulaski() {
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "fort_monroe");
    own(&mut st, Side::Csa, "fort_pulaski");
    put(&mut st, Side::Union, "fort_monroe", 2);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "naval fort_monroe 2");
    st.rng = dice(&[1, 2]);
    act(&mut st, Side::Union, "sail fort_pulaski");
    assert_eq!(legal(&st, Side::Union), vec!["stop"], "FtP 6.4.2: a winning assault ends its move");
    act(&mut st, Side::Union, "stop");
    assert_eq!(st.sp[sp("fort_pulaski") as usize][0], 1);
    assert_eq!(st.sp_lost[0], 1);
    assert_eq!(st.control(sp("fort_pulaski")), Control::Of(Side::Csa), "not Union until a PC is placed");
    check(&st);
}

/// T-AMPH-1 as in the example: the move is a Major Campaign's move (FtP 6.1.1: an event).
#[test]
fn a_campaign_move_may_be_naval() {
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "fort_monroe");
    put(&mut st, Side::Union, "fort_monroe", 2);
    st.flow.clear();
    st.flow.push(Frame::Campaign { side: Side::Union, left: 3 });
    assert!(legal(&st, Side::Union).contains(&"naval fort_monroe 2".to_string()));
    act(&mut st, Side::Union, "naval fort_monroe 2");
    assert!(matches!(st.flow.iter().collect::<Vec<_>>()[..], [Frame::Campaign { left: 2, .. }, Frame::Naval]));
}

/// Union 3 SP from Cairo assault 2 CSA SP behind a fort counter at New Madrid; `guns`: a CSA
/// fort at Columbus (KY) on the way; `rolls`: the forced dice. Returns the state after the move.
fn assault_new_madrid(guns: bool, track: u8, rolls: &[u32]) -> State {
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "cairo");
    own(&mut st, Side::Csa, "new_madrid");
    put(&mut st, Side::Union, "cairo", 3);
    put(&mut st, Side::Csa, "new_madrid", 2);
    if guns {
        st.fort[sp("columbus_ky") as usize] = Some(Side::Csa);
    }
    st.fort[sp("new_madrid") as usize] = Some(Side::Csa);
    st.naval.amphibious = track;
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "naval cairo 3");
    st.rng = dice(rolls);
    act(&mut st, Side::Union, "sail new_madrid");
    finish_move(&mut st);
    check(&st);
    st
}

/// Plays a naval move's battle to its end: the defender stands, the loser retreats to the first
/// space offered, the move stops.
fn finish_move(st: &mut State) {
    while let Some(f) = st.flow.top().copied() {
        let side = f.side(st);
        match f {
            Frame::Rbb { .. } => act(st, side, "stand"),
            Frame::Move => act(st, side, "stop"),
            Frame::Retreat { .. } => {
                let l = legal(st, side);
                act(st, side, &l[0]);
            }
            _ => break,
        }
    }
}

/// FtP 6.4.2 (T-AMPH-4, note 18): a beaten assault returns to its origin port; FtP 6.3.2: after
/// running the guns it loses 1 extra SP.
#[test]
fn repulsed_assaults_go_home_and_pay_for_running_the_guns() {
    let plain = assault_new_madrid(false, 0, &[1, 6]);
    let ran = assault_new_madrid(true, 0, &[4, 1, 6]);
    let home = |st: &State| st.sp[sp("cairo") as usize][0];
    assert!(home(&plain) >= 1, "the beaten force is back at Cairo (FtP 6.4.2)\n{}", game().describe(&plain, None));
    assert_eq!(st_sp(&plain, "new_madrid"), [0, st_sp(&plain, "new_madrid")[1]]);
    assert_eq!(home(&ran) + 1, home(&plain), "FtP 6.3.2: 1 extra SP after running the guns");
    assert_eq!(plain.fort[sp("new_madrid") as usize], Some(Side::Csa));
}

fn st_sp(st: &State, id: &str) -> [u8; 2] {
    st.sp[sp(id) as usize]
}

/// FtP 6.8.1, 12.11: a winning assault on a fort counter holds the space and removes the counter.
#[test]
fn a_winning_assault_removes_the_fort_counter() {
    let before = game().setup(&Setup::new("1861", 2, 7)).unwrap().sw;
    // Amphibious track 4 (the 1864 value): net Union +2 (FtP 6.4.1).
    let st = assault_new_madrid(false, 4, &[6, 1]);
    assert!(st_sp(&st, "new_madrid")[0] > 0, "{}", game().describe(&st, None));
    assert_eq!(st_sp(&st, "new_madrid")[1], 0);
    assert_eq!(st.fort[sp("new_madrid") as usize], None);
    let v = game().c.editions[st.edition as usize].fort_capture_sw as i16;
    assert!(st.sw[1] <= before[1] - v, "FtP 12.11");
}

/// FtP 15 (1863 special rule, ES): no Union naval move in the first turn; river moves allowed.
#[test]
fn no_sea_moves_in_the_first_turn_of_1863() {
    let g = game();
    let mut st = board("1863", Side::Union, 9);
    own(&mut st, Side::Union, "fort_monroe");
    own(&mut st, Side::Union, "cairo");
    assert!(g.naval_routes(&st, sp("fort_monroe"), true, None).is_empty());
    assert!(g.naval_routes(&st, sp("cairo"), true, None).iter().any(|r| r.to == sp("cincinnati")));
}

/// Random play with naval moves in it: every naval action taken comes from `legal_actions`, the
/// invariants hold after each one, and naval moves do occur (the module fuzzer plays the same).
#[test]
fn random_games_make_naval_moves_and_keep_the_invariants() {
    let g = game();
    let mut sails = 0;
    for seed in 0..6u64 {
        let sc = ["1861", "1862", "1864"][seed as usize % 3];
        let mut st = g.setup(&Setup::new(sc, 2, 900 + seed)).expect("setup");
        let mut pick = GameRng::new(seed);
        for _ in 0..20_000 {
            let Some(seat) = g.active_seats(&st).first().copied() else { break };
            let l = g.legal_actions(&st, seat);
            assert!(!l.is_empty(), "{}", g.describe(&st, None));
            // Prefer naval moves when offered so that they are exercised.
            let naval: Vec<&Action> = l.iter().filter(|a| matches!(a, Action::NavalMove { .. } | Action::NavalArmy { .. } | Action::Sail { .. })).collect();
            let a = if !naval.is_empty() && pick.roll(2) == 1 { *naval[pick.pick(naval.len())] } else { l[pick.pick(l.len())] };
            sails += matches!(a, Action::Sail { .. }) as u32;
            g.apply(&mut st, seat, &a, &mut Log::quiet()).unwrap_or_else(|e| panic!("{e}"));
            check(&st);
        }
    }
    eprintln!("naval moves sailed: {sails}");
    assert!(sails > 0, "no naval move was played");
}

/// FtP 6.8.4 (T-FORT-1): the Union takes Charleston: an empty CSA Fort Sumter becomes Union
/// (with the SW of 12.11); a garrisoned one does not. FtP 5.7.2, 4.4.1: that capture of an
/// ungarrisoned fort counts as a medium Union victory for the Emancipation Proclamation.
#[test]
fn an_empty_coastal_fort_falls_with_its_port() {
    for garrison in [0u8, 1] {
        let mut st = board("1861", Side::Union, 9);
        own(&mut st, Side::Csa, "fort_sumter");
        own(&mut st, Side::Csa, "charleston_sc");
        put(&mut st, Side::Csa, "fort_sumter", garrison);
        let sw = st.sw;
        st.union_major_win = 0;
        game().place_pc(&mut st, Side::Union, sp("charleston_sc"), &mut Log::quiet());
        let fort = st.control(sp("fort_sumter"));
        if garrison == 0 {
            assert_eq!(fort, Control::Of(Side::Union));
            assert!(st.sw[1] < sw[1], "FtP 12.11");
            assert_eq!(st.union_major_win, st.turn, "FtP 5.7.2, 4.4.1: counts for Emancipation");
        } else {
            assert_eq!(fort, Control::Of(Side::Csa));
            assert_eq!(st.union_major_win, 0, "no capture, no victory");
        }
    }
}

/// FtP 7.6.2 (ES): a Union force beaten in a port may retreat by sea to a Union port with a LOC
/// in an original Union state, never past a Confederate fort; not from an inland space.
#[test]
fn naval_retreats_go_to_supplied_union_ports() {
    let g = game();
    let st = g.setup(&Setup::new("1861", 2, 3)).expect("setup");
    let loc = g.supplied(&st, Side::Union);
    let ports = g.naval_retreat_ports(&st, sp("fort_monroe"), &loc);
    assert!(!ports.is_empty());
    for p in &ports {
        assert_eq!(g.original(p.0), super::content::StateSide::Union, "{}", g.sname(p.0));
        assert!(loc[p.index()] && st.controls(Side::Union, p.0));
    }
    assert!(g.naval_retreat_ports(&st, sp("manassas"), &loc).is_empty());
}

/// FtP 4.3.2: at most one move of a campaign may be naval.
#[test]
fn one_naval_move_per_campaign() {
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "fort_monroe");
    own(&mut st, Side::Union, "urbanna");
    put(&mut st, Side::Union, "fort_monroe", 6);
    st.flow.clear();
    st.flow.push(Frame::Campaign { side: Side::Union, left: 3 });
    act(&mut st, Side::Union, "naval fort_monroe 3");
    act(&mut st, Side::Union, "sail urbanna");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 2, .. })));
    assert!(!legal(&st, Side::Union).iter().any(|a| a.starts_with("naval")));
    assert_eq!(refused(&mut st, Side::Union, "naval fort_monroe 3"), "FtP 6.1.1");
}

/// FtP 6.1.1, a reading, option `naval-origin`: by default a port needs a LOC to start a naval
/// move and a coastal fort does not; `any-port` drops the LOC test.
#[test]
fn naval_origin_option() {
    let g = game();
    for opt in [None, Some("any-port")] {
        let mut setup = Setup::new("1861", 2, 7);
        if let Some(v) = opt {
            setup.options.insert("naval-origin".into(), v.into());
        }
        let mut st = g.setup(&setup).expect("setup");
        let fresh = board("1861", Side::Union, 9);
        let naval = st.naval;
        st = fresh;
        st.naval = naval;
        // New Orleans, Union, below CSA Forts St. Philip/Jackson: no LOC, but a river route up the Mississippi.
        own(&mut st, Side::Union, "new_orleans");
        own(&mut st, Side::Csa, "forts_st_philip_jackson");
        // A CSA fort upriver keeps UNC (and a river LOC, FtP 8.2) from New Orleans.
        own(&mut st, Side::Csa, "baton_rouge");
        st.fort[sp("baton_rouge") as usize] = Some(Side::Csa);
        own(&mut st, Side::Union, "fort_monroe");
        put(&mut st, Side::Union, "new_orleans", 1);
        put(&mut st, Side::Union, "fort_monroe", 1);
        assert!(!g.supplied(&st, Side::Union)[sp("new_orleans") as usize], "test premise: New Orleans has no LOC");
        act(&mut st, Side::Union, "ops 9");
        let l = legal(&st, Side::Union);
        assert!(l.contains(&"naval fort_monroe 1".to_string()), "a coastal fort needs no LOC");
        assert_eq!(l.contains(&"naval new_orleans 1".to_string()), opt.is_some(), "{opt:?}");
    }
}

/// FtP 6.8.6 (Spanish edition): an eliminated fort counter goes to the turn track and is not
/// available to build again before the end of the next Reinforcement Phase; with the option
/// `fort-return` = pc-phase (3.4.2 iii) it comes back in the PC Phase; in the Italian rules at
/// once (and the option is refused there).
#[test]
fn eliminated_forts_wait_on_the_turn_track_fpt_6_8_6() {
    let g = game();
    let csa_forts = |st: &State| -> Vec<String> {
        let mut l = Vec::new();
        g.other_ops(st, Side::Csa, 3, &mut l);
        l.iter().map(|a| g.notation(a)).filter(|a| a.starts_with("fort ")).collect()
    };
    for (edition, pc_phase) in [("spanish", false), ("spanish", true), ("italian", false)] {
        let mut setup = Setup::new("1861", 2, 7);
        setup.options.insert("edition".into(), edition.into());
        if pc_phase {
            setup.options.insert("fort-return".into(), "pc-phase".into());
        }
        let mut st = g.setup(&setup).expect("setup");
        st.fort = vec![None; st.fort.len()];
        // Six CSA fort counters (the limit), one of them ungarrisoned at Bowling Green.
        for id in ["bowling_green", "nashville", "memphis", "new_madrid", "dover_tn", "columbus_ky"] {
            st.fort[sp(id) as usize] = Some(Side::Csa);
            own(&mut st, Side::Csa, id);
        }
        st.sp[sp("bowling_green") as usize] = [0, 0];
        assert!(csa_forts(&st).is_empty(), "FtP 6.8.6: 6 CSA forts at most");
        g.place_pc(&mut st, Side::Union, sp("bowling_green"), &mut Log::quiet());
        assert_eq!(st.fort[sp("bowling_green") as usize], None, "the ungarrisoned fort is eliminated");
        if edition == "italian" {
            assert_eq!(st.forts_track, [0, 0]);
            assert!(!csa_forts(&st).is_empty(), "IT 6.86: available again at once");
            continue;
        }
        assert_eq!(st.forts_track, [0, 1]);
        assert!(csa_forts(&st).is_empty(), "FtP 6.8.6: the counter is on the turn track");
        g.political_phase(&mut st, &mut Log::quiet());
        assert_eq!(st.forts_track, if pc_phase { [0, 0] } else { [0, 1] }, "3.4.2 iii only with the option");
        st.flow.clear();
        st.phase = Phase::Reinforcement;
        g.proceed(&mut st, &mut Log::quiet()).unwrap();
        assert_eq!(st.forts_track, [0, 0], "FtP 6.8.6: back at the end of the Reinforcement Phase");
        assert!(!csa_forts(&st).is_empty());
    }
    let mut setup = Setup::new("1861", 2, 7);
    setup.options.insert("edition".into(), "italian".into());
    setup.options.insert("fort-return".into(), "pc-phase".into());
    assert_eq!(g.setup(&setup).expect_err("refused").rule, "FtP 6.8.6");
}

/// 3 Union SP at Fort Monroe, the Union to play card #9; 1 CSA SP and a CSA ironclad at Galveston.
pub(super) fn fort_monroe_and_galveston() -> State {
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "fort_monroe");
    own(&mut st, Side::Csa, "galveston");
    put(&mut st, Side::Union, "fort_monroe", 3);
    put(&mut st, Side::Csa, "galveston", 1);
    game().place_weapon(&mut st, super::weapons::Weapon::Ironclad, sp("galveston"), &mut Log::quiet()).expect("an ironclad at Galveston");
    st
}

/// FtP 8.3 (last sentence), 8.1.2: a Union force supplied at the port its amphibious assault
/// sails from is supplied for the battle, though the assaulted space has no Union LOC (ES 8.3 "En
/// los asaltos anfibios que parten de un puerto en el que las unidades tienen suministros, estas
/// también se consideran suministradas para la batalla, incluso aunque el espacio en que se
/// produce dicha batalla no tenga LC a causa de fuertes o buques blindados confederados"): a CSA
/// ironclad at Galveston negates UNC there (6.6.2), so no Union LOC reaches it; the force sails
/// from Fort Monroe, where it is supplied: the CSA gets no +2. (A naval move starts only from a
/// Union-controlled port, 6.1.1, and one with a LOC, `naval-origin`; there the attacker's LOC
/// through its origin, 8.3, holds already.)
#[test]
fn an_amphibious_assault_from_a_supplied_port_is_supplied_fpt_8_3() {
    use super::battle::DrmKind;
    let g = game();
    let mut st = fort_monroe_and_galveston();
    assert!(g.supplied(&st, Side::Union)[sp("fort_monroe") as usize], "supplied at Fort Monroe");
    assert!(!g.supplied(&st, Side::Union)[sp("galveston") as usize], "no Union LOC at Galveston");
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "naval fort_monroe 3");
    st.rng = dice(&[3, 3, 3, 3, 3, 3]);
    act(&mut st, Side::Union, "sail galveston");
    finish_move(&mut st);
    check(&st);
    let b = st.last_battle.as_ref().expect("a battle at Galveston");
    assert_eq!(b.space, sp("galveston"));
    let oos = |r: &super::battle::SideReport| r.drms.iter().filter(|d| d.kind == DrmKind::EnemyOutOfSupply).count();
    assert_eq!(oos(&b.report.defender), 0, "the assault is supplied (FtP 8.3)");
    assert_eq!(oos(&b.report.attacker), 0, "the CSA defender is supplied");
}
