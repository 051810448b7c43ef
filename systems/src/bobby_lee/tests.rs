//! Rule tests for Bobby Lee. Each test names the rule (BL x.y) or the digest's test case.

use super::data::*;
use super::state::*;
use super::*;
use bivouac_engine::fuzz::{fuzz, FuzzConfig};
use std::sync::OnceLock;

fn game() -> &'static BobbyLee {
    static G: OnceLock<BobbyLee> = OnceLock::new();
    G.get_or_init(|| {
        let (g, _) = load_game(&[crate::builtin_content_dir()]).unwrap_or_else(|d| panic!("content does not load:\n{d}"));
        g
    })
}

fn setup(scenario: &str) -> State {
    game().setup(&Setup::new(scenario, 2, 1)).expect("setup")
}

#[test]
fn builtin_content_loads() {
    let g = game();
    assert!(g.data.hexes.len() > 400);
    assert_eq!(g.data.scenarios.len(), 4);
}

#[test]
fn load_returns_none_until_battles_exist() {
    assert!(load(&[crate::builtin_content_dir()]).unwrap().is_none());
}

fn fuzz_games(scenario: &str, games: usize, seed: u64, deep: usize) -> bivouac_engine::fuzz::FuzzReport {
    let mut s = Setup::new(scenario, 2, seed);
    if let Some(start) = scenario.strip_prefix("campaign-") {
        s.scenario = "campaign".into();
        s.options.insert("start".into(), start.into());
    }
    let r = fuzz(game(), &FuzzConfig { setup: s, games, deep_check_every: deep }).expect("fuzz setup");
    assert!(r.is_clean(), "{scenario}: {:#?}", &r.failures[..r.failures.len().min(3)]);
    assert_eq!(r.finished, games);
    r
}

/// The fuzz sample CI runs: a few random games of every scenario (movement, supply, month).
#[test]
fn fuzz_sample_every_scenario() {
    for sc in ["1861", "1862", "1863", "1864"] {
        fuzz_games(sc, 8, 100, 7);
    }
    fuzz_games("campaign-1864", 2, 300, 13);
}

/// The big run: `BIVOUAC_FUZZ_GAMES=2000 cargo test --release -p bivouac-systems bobby_lee::tests::fuzz_big -- --ignored --nocapture`
#[test]
#[ignore]
fn fuzz_big() {
    let n: usize = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    for sc in ["1861", "1862", "1863", "1864", "campaign-1861"] {
        let r = fuzz_games(sc, n, 10_000, 50);
        println!("{sc}: {} games, {} finished, {} actions ({:.0}/game), {:.1}s, {} failures", r.games, r.finished, r.actions, r.actions as f64 / r.games as f64, r.seconds, r.failures.len());
    }
}

// ------------------------------------------------------------------ helpers

fn hx(name: &str) -> u16 {
    let d = &game().data;
    d.place_index(name).map(|p| d.places[p].hex).or_else(|| d.hex_of_label(name)).unwrap_or_else(|| panic!("no hex {name}"))
}

fn uid(id: &str) -> usize {
    game().data.unit_index(id).unwrap_or_else(|| panic!("no unit {id}"))
}

/// An 1862 state with every block off the map, at the start of a CSA Campaign Turn.
fn blank(year: &str) -> State {
    let mut s = setup(year);
    for u in s.units.iter_mut() {
        *u = Unit::pool();
    }
    s.control = game().data.hexes.iter().map(|h| h.home).collect();
    s.phase = Phase::Activation;
    s.active = Side::Csa;
    s.must_activate = None;
    s
}

fn put(s: &mut State, id: &str, at: &str, steps: u8) -> usize {
    let u = uid(id);
    let h = hx(at);
    s.units[u] = Unit { st: St::Map, hex: h, steps, from: h, ..Unit::pool() };
    u
}

fn act(s: &mut State, seat: u8, text: &str) {
    let g = game();
    let a = g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.apply(s, seat, &a, &mut Log::quiet()).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn refused(s: &State, seat: u8, text: &str) -> bivouac_engine::Refusal {
    let g = game();
    let a = g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut t = s.clone();
    let e = g.apply(&mut t, seat, &a, &mut Log::quiet()).expect_err(text);
    assert_eq!(&t, s, "a refusal must leave the state untouched");
    e
}

fn dests(s: &State, id: &str) -> Vec<u16> {
    let g = game();
    g.dests(s, uid(id), &g.occ(s)).into_iter().map(|d| d.0).collect()
}

// ------------------------------------------------------------------ sequence of play

#[test]
fn t_rep_4_first_month_has_no_replacement_turn_bl_4_2() {
    let s = setup("1862");
    assert_eq!(s.phase, Phase::Bids, "BL 4.2: play starts with the initiative bids");
    assert_eq!(game().active_seats(&s), vec![0, 1], "bids are simultaneous");
}

#[test]
fn t_init_1_initiative_bids_bl_4_3() {
    // USA 3, CSA 2: the USA wins and must activate exactly 3 HQs.
    let mut s = setup("1862");
    act(&mut s, 1, "bid 2");
    assert_eq!(game().view(&s, Some(0)).my_bid, None, "the CSA bid stays secret");
    act(&mut s, 0, "bid 3");
    assert_eq!((s.active, s.must_activate, s.phase), (Side::Usa, Some(3), Phase::Activation));
    refused(&s, 0, "pass");
    act(&mut s, 0, "activate ap");
    act(&mut s, 0, "activate aj");
    refused(&s, 0, "march");
    act(&mut s, 0, "activate as");
    refused(&s, 0, "activate usa");
    act(&mut s, 0, "march");
    // Tie: the CSA wins.
    let mut s = setup("1862");
    act(&mut s, 0, "bid 2");
    act(&mut s, 1, "bid 2");
    assert_eq!((s.active, s.must_activate), (Side::Csa, Some(2)));
    // USA 0, CSA 1: the CSA wins and activates 1.
    let mut s = setup("1862");
    act(&mut s, 0, "bid 0");
    act(&mut s, 1, "bid 1");
    assert_eq!((s.active, s.must_activate), (Side::Csa, Some(1)));
    // Both zero: the month ends at once.
    let mut s = setup("1862");
    act(&mut s, 0, "bid 0");
    act(&mut s, 1, "bid 0");
    assert_eq!((s.month, s.phase), (6, Phase::Replacement), "June's Replacement Turn follows");
    // A bid above the number of HQs on the map (digest A7) is refused.
    let s = setup("1862");
    refused(&s, 0, "bid 5");
}

#[test]
fn t_hq_1_supreme_hq_strategic_moves_bl_5_4() {
    let mut s = blank("1862");
    put(&mut s, "csa", "richmond", 3);
    put(&mut s, "csa-longstreet", "petersburg", 4);
    act(&mut s, 1, "activate csa");
    act(&mut s, 1, "march");
    assert_eq!(s.sm, 3, "3 steps give 3 Strategic Moves");
    act(&mut s, 1, "end");
    assert_eq!(s.units[uid("csa")].steps, 2, "BL 5.11: the activation costs a step");
    // An HQ activated at 1 step is eliminated (BL 5.11).
    let mut s = blank("1862");
    put(&mut s, "csa", "richmond", 1);
    act(&mut s, 1, "activate csa");
    act(&mut s, 1, "march");
    assert_eq!(s.sm, 1);
    act(&mut s, 1, "end");
    assert_eq!(s.units[uid("csa")].st, St::Pool);
}

#[test]
fn t_hq_2_command_range_bl_5_12() {
    let g = game();
    let mut s = blank("1862");
    let ap = put(&mut s, "ap", "1020", 3);
    s.active = Side::Usa;
    let occ = g.occ(&s);
    let r = g.command_hexes(&s, ap, &occ);
    assert_eq!(r.iter().filter(|x| **x).count(), 7, "USA range 1: the hex and its 6 neighbours");
    // ANV: 2 in May 1862, 3 from June 1862 (Lee).
    let anv = uid("anv");
    s.units[anv] = Unit { st: St::Map, hex: hx("1020"), steps: 3, ..Unit::pool() };
    assert_eq!(g.range_of(&s, anv), 2);
    s.month = 6;
    assert_eq!(g.range_of(&s, anv), 3);
    // AP: 1, and 2 from March 1864 (Grant).
    assert_eq!(g.range_of(&s, ap), 1);
    s.year = 1864;
    s.month = 3;
    assert_eq!(g.range_of(&s, ap), 2);
    // Range is not traced through an enemy-occupied hex nor across an unbridged major river.
    let mut s = blank("1862");
    let anv = put(&mut s, "anv", "0719", 3);
    let a = hx("0719");
    let n = g.data.hexes[a as usize].nbr[0];
    let beyond = g.data.hexes[n as usize].nbr[0];
    let r = g.command_hexes(&s, anv, &g.occ(&s));
    assert!(r[beyond as usize]);
    s.units[uid("usa-i-1")] = Unit { st: St::Map, hex: n, steps: 1, ..Unit::pool() };
    let r = g.command_hexes(&s, anv, &g.occ(&s));
    assert!(r[n as usize] && !r[beyond as usize], "not traced through the enemy hex");
    // Washington (1313) and the Potomac: Maryland side hexes across the major river.
    let mut s = blank("1862");
    let hq = put(&mut s, "anv", "1214", 3);
    let r = g.command_hexes(&s, hq, &g.occ(&s));
    for (h, inr) in r.iter().enumerate() {
        if *inr {
            let hxi = &g.data.hexes[h];
            assert!(hxi.home == Side::Csa || h as u16 == hx("washington") || h as u16 == hx("1313"), "{} reached across the Potomac", hxi.label);
        }
    }
}

#[test]
fn t_hq_3_activation_order_bl_5_11() {
    // Units move and mark forced marches; then the HQ loses its step and moves; then the dice.
    let mut s = blank("1862");
    put(&mut s, "anv", "0719", 3);
    put(&mut s, "csa-jackson", "0719", 4);
    act(&mut s, 1, "activate anv");
    act(&mut s, 1, "march");
    let far: Vec<u16> = dests(&s, "csa-jackson");
    let g = game();
    let two = *g.dests(&s, uid("csa-jackson"), &g.occ(&s)).iter().find(|d| d.1 == 2 && !d.2).map(|d| &d.0).expect("a 2-hex move");
    assert!(far.contains(&two));
    act(&mut s, 1, &format!("move csa-jackson {}", g.data.hexes[two as usize].label));
    let fm = g.fm_targets(&s, uid("csa-jackson"), &g.occ(&s));
    assert!(!fm.is_empty());
    act(&mut s, 1, &format!("force csa-jackson {}", g.data.hexes[fm[0] as usize].label));
    act(&mut s, 1, "end");
    assert_eq!((s.phase, s.units[uid("anv")].steps), (Phase::HqMove, 2));
    assert_eq!(s.units[uid("csa-jackson")].hex, two, "forced marches are rolled after the HQ moves");
    s.forced = vec![6];
    act(&mut s, 1, "end");
    assert_eq!(s.units[uid("csa-jackson")].hex, fm[0]);
}

#[test]
fn t_fm_1_forced_march_bl_5_32() {
    let g = game();
    let mut s = blank("1862");
    let ui = put(&mut s, "usa-i-1", "1020", 3);
    let ci = put(&mut s, "csa-jackson", "1022", 4);
    let cav = put(&mut s, "csa-cav-stuart", "0820", 4);
    let art = put(&mut s, "usa-art-1", "0822", 4);
    let succ = |s: &State, u: usize, roll: u8, rough: bool| roll as i16 + g.fm_modifier(s, u, rough) as i16 >= g.data.fm_success[g.side_of(u).idx()] as i16;
    assert!(!succ(&s, ui, 4, false) && succ(&s, ui, 5, false), "USA infantry, Dry, clear: 5-6");
    assert!(succ(&s, ci, 4, false) && !succ(&s, ci, 3, false), "CSA infantry: 4-6");
    assert!(succ(&s, cav, 3, false), "CSA cavalry +1: a 3 becomes 4");
    s.mud = true;
    assert!((1..=6).all(|r| !succ(&s, art, r, true)), "USA artillery, Mud, rough: -3 always fails");
    // Resolution: a failure costs a step and the unit stays.
    let mut s = blank("1862");
    s.active = Side::Usa;
    put(&mut s, "ap", "1020", 3);
    let u = put(&mut s, "usa-i-1", "1020", 1);
    act(&mut s, 0, "activate ap");
    act(&mut s, 0, "march");
    let two = *g.dests(&s, u, &g.occ(&s)).iter().find(|d| d.1 == 2 && !d.2).map(|d| &d.0).unwrap();
    act(&mut s, 0, &format!("move usa-i-1 {}", g.data.hexes[two as usize].label));
    let fm = g.fm_targets(&s, u, &g.occ(&s))[0];
    act(&mut s, 0, &format!("force usa-i-1 {}", g.data.hexes[fm as usize].label));
    act(&mut s, 0, "end");
    s.forced = vec![4];
    act(&mut s, 0, "end");
    assert_eq!(s.units[u].st, St::Pool, "a 1-step unit that fails is eliminated");
}

#[test]
fn t_forest_1_stops_bl_1_24_1_25_1_26() {
    let g = game();
    // Chancellorsville (1118) is in the Wilderness (forest).
    assert_eq!(g.data.hexes[hx("1118") as usize].terrain, Terrain::Forest);
    let mut s = blank("1862");
    let u = put(&mut s, "csa-cav-stuart", "1018", 3);
    assert_eq!(g.data.hexes[hx("1018") as usize].terrain, Terrain::Forest);
    let d = g.dests(&s, u, &g.occ(&s));
    let into = d.iter().find(|x| x.0 == hx("1118")).unwrap();
    assert!(into.2, "an empty forest hex stops the move");
    // A forest hex held by a friendly unit since the start of the turn: no stop.
    put(&mut s, "csa-jackson", "1118", 3);
    let d = g.dests(&s, u, &g.occ(&s));
    assert!(!d.iter().find(|x| x.0 == hx("1118")).unwrap().2);
    // Marsh: stop after crossing (the Chickahominy between Richmond and Fair Oaks).
    let mut s = blank("1862");
    let u = put(&mut s, "csa-cav-stuart", "richmond", 3);
    assert_eq!(g.data.side_kind(hx("richmond"), hx("fair-oaks")), SideKind::Marsh);
    let d = g.dests(&s, u, &g.occ(&s));
    let fo = d.iter().find(|x| x.0 == hx("fair-oaks")).unwrap();
    assert_eq!(fo.1, 1);
    // Major river without crossing: never entered (Potomac below Washington).
    let mut s = blank("1862");
    let u = put(&mut s, "csa-cav-stuart", "aquia-landing", 3);
    let d = dests(&s, "csa-cav-stuart");
    assert!(d.iter().all(|&h| g.data.hexes[h as usize].home == Side::Csa || h == hx("fort-monroe")), "no crossing of the tidal Potomac");
    let _ = u;
}

#[test]
fn t_turnpike_1_valley_turnpike_bl_1_6() {
    let g = game();
    let mut s = blank("1862");
    s.mud = true;
    let u = put(&mut s, "csa-jackson", "new-market", 4);
    let d = g.dests(&s, u, &g.occ(&s));
    let pike_far = d.iter().filter(|x| x.1 == 2).count();
    assert!(pike_far > 0, "Mud speed 1, +1 along the Turnpike (digest A16)");
    for x in d.iter().filter(|x| x.1 == 2) {
        assert!(g.data.hexes[x.0 as usize].pike_hex(), "the bonus needs a move that ends on the Turnpike");
    }
    s.opts.pike_current_speed = false;
    let d = g.dests(&s, u, &g.occ(&s));
    assert!(d.iter().any(|x| x.1 == 3), "option: Dry speed + 1");
}

#[test]
fn t_att_1_attack_limits_bl_1_21() {
    let g = game();
    let mut s = blank("1862");
    let (a, b) = (hx("1020"), g.data.hexes[hx("1020") as usize].nbr[0]);
    assert_eq!(g.attack_room(&s, a, b, SideKind::Clear, false), 4);
    s.mud = true;
    assert_eq!(g.attack_room(&s, a, b, SideKind::Clear, false), 2);
    assert_eq!(g.attack_room(&s, a, b, SideKind::Gap, false), 0, "a Gap in Mud cannot be attacked across");
    assert_eq!(g.attack_room(&s, a, b, SideKind::Gap, true), 1, "Turnpike hexsides count as Dry");
    s.mud = false;
    for k in [SideKind::Marsh, SideKind::MinorRiver, SideKind::Crossing] {
        assert_eq!(g.attack_room(&s, a, b, k, false), 2);
    }
    assert_eq!(g.attack_room(&s, a, b, SideKind::Gap, false), 1);
    s.attacks.push((a, b, 3));
    assert_eq!(g.attack_room(&s, a, b, SideKind::Clear, false), 1, "the count closes the hexside");
}

#[test]
fn t_cav_1_cavalry_reaches_four_hexes_bl_5_32() {
    let g = game();
    let mut s = blank("1862");
    let u = put(&mut s, "csa-cav-stuart", "1020", 4);
    assert_eq!(g.speed(&s, u), 3);
    assert!(g.dests(&s, u, &g.occ(&s)).iter().any(|d| d.1 == 3 && !d.2));
}
#[test]
fn dbg_pike() {
    let g = game();
    let h = hx("new-market") as usize;
    let x = &g.data.hexes[h];
    println!("pike {:b} sides {:?} nbr {:?}", x.pike, x.side, x.nbr.iter().map(|&n| if n == NONE { "-".to_string() } else { g.data.hexes[n as usize].label.clone() }).collect::<Vec<_>>());
    let mut s = blank("1862");
    s.mud = true;
    let u = put(&mut s, "csa-jackson", "new-market", 4);
    println!("{:?}", g.dests(&s, u, &g.occ(&s)).iter().map(|d| (g.data.hexes[d.0 as usize].label.clone(), d.1, d.2)).collect::<Vec<_>>());
}
