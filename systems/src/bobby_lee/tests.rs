//! Rule tests for Bobby Lee. Each test names the rule (BL x.y) or the worked example it checks.

use super::data::*;
use super::state::*;
use super::*;
use bivouac_engine::fuzz::{fuzz, FuzzConfig};
use std::sync::OnceLock;

mod geography;
mod sections;
mod oob;
mod speed;

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
fn load_offers_the_playable_game() {
    assert!(load(&[crate::builtin_content_dir()]).unwrap().is_some());
}

/// `scenario` is a scenario id or `campaign-YEAR`, optionally with `/free` (BL 3.2.3 free
/// deployment) or `/free-location` (and the `location` strengths of BL 3.2.3).
fn fuzz_games(name: &str, games: usize, seed: u64, deep: usize) -> bivouac_engine::fuzz::FuzzReport {
    let (scenario, variant) = name.split_once('/').unwrap_or((name, ""));
    let mut s = Setup::new(scenario, 2, seed);
    if variant.starts_with("free") {
        s.options.insert("deployment".into(), "free".into());
    }
    if variant == "free-location" {
        s.options.insert("free-deployment-strengths".into(), "location".into());
    }
    if let Some(start) = scenario.strip_prefix("campaign-") {
        s.scenario = "campaign".into();
        s.options.insert("start".into(), start.into());
    }
    let r = fuzz(game(), &FuzzConfig { setup: s, games, deep_check_every: deep, leak_check_every: 0 }).expect("fuzz setup");
    assert!(r.is_clean(), "{name}: {:#?}", &r.failures[..r.failures.len().min(3)]);
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
    // BL 3.2.3: the free set-up, with both readings of the strengths.
    fuzz_games("1862/free", 4, 400, 7);
    fuzz_games("1864/free-location", 4, 500, 7);
}

/// The big run: `BIVOUAC_FUZZ_GAMES=2000 cargo test --release -p bivouac-systems bobby_lee::tests::fuzz_big -- --ignored --nocapture`
#[test]
#[ignore]
fn fuzz_big() {
    let n: usize = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    for sc in ["1861", "1862", "1863", "1864", "campaign-1861", "1863/free", "1861/free-location"] {
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
    // A bid above the number of HQs on the map (BL 4.3) is refused.
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
    // The Potomac at Washington (1313, on the Maryland bank): from Manassas (1214) range 3
    // reaches Maryland only through Washington, across Chain Bridge or Long Bridge (BL 1.27).
    let mut s = blank("1862");
    let hq = put(&mut s, "anv", "1214", 3);
    let r = g.command_hexes(&s, hq, &g.occ(&s));
    let w = hx("washington");
    assert!(r[w as usize], "Washington across Chain Bridge");
    for (h, inr) in r.iter().enumerate() {
        if *inr {
            let hxi = &g.data.hexes[h];
            assert!(hxi.home == Side::Csa || h as u16 == w || g.data.dir(w, h as u16).is_some(), "{} reached across the Potomac", hxi.label);
        }
    }
    assert!(!r[hx("1211") as usize], "not across the unbridged river above Washington");
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
    // Marsh: stop after crossing (the Chickahominy between Fair Oaks, south of it, and White
    // House on the Pamunkey).
    let mut s = blank("1862");
    let u = put(&mut s, "csa-cav-stuart", "fair-oaks", 3);
    assert_eq!(g.data.side_kind(hx("fair-oaks"), hx("white-house")), SideKind::Marsh);
    let d = g.dests(&s, u, &g.occ(&s));
    let wh = d.iter().find(|x| x.0 == hx("white-house")).unwrap();
    assert_eq!((wh.1, wh.2), (1, true), "BL 1.25: the move stops after the marsh");
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
    assert!(pike_far > 0, "Mud speed 1, +1 along the Turnpike");
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

// ------------------------------------------------------------------ battles (rules 6-7)

use super::battle::{bx, CENTER, LEFT, RESERVE, RIGHT};

/// A clear, placeless land hex whose six neighbours are land across clear hexsides.
fn open_ground() -> (u16, Vec<u16>) {
    let d = &game().data;
    for (h, x) in d.hexes.iter().enumerate() {
        if x.terrain != Terrain::Clear || x.place.is_some() {
            continue;
        }
        let ok = (0..6).all(|i| x.nbr[i] != NONE && x.side[i] == SideKind::Clear && d.hexes[x.nbr[i] as usize].terrain == Terrain::Clear && d.hexes[x.nbr[i] as usize].place.is_none());
        if ok {
            return (h as u16, x.nbr.to_vec());
        }
    }
    panic!("no open ground");
}

fn put_hex(s: &mut State, id: &str, h: u16, steps: u8) -> usize {
    let u = uid(id);
    s.units[u] = Unit { st: St::Map, hex: h, steps, from: h, ..Unit::pool() };
    u
}

/// The CSA attacks the USA in open ground from the first neighbour; `depot` CSA units wait
/// there (the attacker's retreat hex).
fn battle(att: &[(&str, u8)], def: &[(&str, u8)], depot: &[(&str, u8)]) -> (State, u16, Vec<u16>) {
    let g = game();
    let mut s = blank("1862");
    let (h, n) = open_ground();
    for (id, st) in def {
        put_hex(&mut s, id, h, *st);
    }
    for (id, st) in att {
        put_hex(&mut s, id, h, *st);
    }
    for (id, st) in depot {
        put_hex(&mut s, id, n[0], *st);
    }
    s.attacks.push((n[0], h, att.len() as u8));
    g.start_combat(&mut s, &mut Log::quiet());
    assert_eq!(s.phase, Phase::Battle);
    (s, h, n)
}

fn bstep(s: &State) -> BStep {
    s.battle.as_ref().unwrap().step
}

fn box_of(s: &State, id: &str) -> Option<u8> {
    let b = s.battle.as_ref()?;
    b.units.iter().find(|x| x.u as usize == uid(id)).map(|x| x.bx)
}

fn legal_texts(s: &State, seat: u8) -> Vec<String> {
    let g = game();
    g.legal_actions(s, seat).iter().map(|a| g.notation(a)).collect()
}

/// Standard set-up: USA i-1 (center) and i-2 (left) vs CSA longstreet (center) and jackson (right).
fn deployed() -> (State, u16, Vec<u16>) {
    let (mut s, h, n) = battle(&[("csa-longstreet", 3), ("csa-jackson", 3)], &[("usa-i-1", 3), ("usa-i-2", 3)], &[("csa-bde-1", 1)]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 0, "deploy usa-i-2 usa-left");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 1, "deploy csa-jackson csa-right");
    (s, h, n)
}

/// ES L741.
#[test]
fn t_b01_b03_defender_deploys_center_then_wings_bl_6_2() {
    let (mut s, _, _) = battle(&[("csa-longstreet", 3)], &[("usa-i-1", 3), ("usa-i-2", 3), ("usa-i-3", 2), ("ap", 2), ("usa-hvy-1", 2)], &[]);
    assert_eq!(bstep(&s), BStep::Deploy(Side::Usa), "BL 6.2: the defender deploys first");
    assert!(game().active_seats(&s) == vec![0]);
    assert!(legal_texts(&s, 1).is_empty(), "the attacker waits");
    let e = refused(&s, 0, "deploy usa-i-1 usa-left");
    assert!(e.rule.contains("BL"), "{e}");
    assert!(!legal_texts(&s, 0).iter().any(|t| t.starts_with("deploy ap")), "BL 6.2: the HQ waits for a combat unit in the Center");
    assert!(legal_texts(&s, 0).contains(&"deploy usa-hvy-1 usa-center".to_string()));
    assert!(!legal_texts(&s, 0).contains(&"deploy usa-hvy-1 usa-left".to_string()), "Heavy Artillery only in the Center");
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    assert!(legal_texts(&s, 0).contains(&"deploy ap usa-reserve".to_string()));
    assert!(legal_texts(&s, 0).contains(&"deploy usa-i-2 usa-left".to_string()));
    assert!(!legal_texts(&s, 0).contains(&"deploy usa-i-2 usa-center".to_string()), "the 2nd unit goes to a wing");
    act(&mut s, 0, "deploy usa-i-2 usa-right");
    assert_eq!(legal_texts(&s, 0).iter().filter(|t| t.starts_with("deploy usa-i-3")).cloned().collect::<Vec<_>>(), vec!["deploy usa-i-3 usa-left"], "the 3rd goes to the other wing");
}

/// ES L741: the attacker's matching deployment.
#[test]
fn t_b02_attacker_faces_every_occupied_position_bl_6_2() {
    let (mut s, _, _) = battle(&[("csa-longstreet", 3), ("csa-jackson", 3), ("csa-ewell", 3)], &[("usa-i-1", 3), ("usa-i-2", 3)], &[]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 0, "deploy usa-i-2 usa-left");
    assert_eq!(bstep(&s), BStep::Deploy(Side::Csa));
    // The USA Left faces the CSA Right.
    let l = legal_texts(&s, 1);
    assert!(l.contains(&"deploy csa-longstreet csa-center".to_string()) && !l.contains(&"deploy csa-longstreet csa-right".to_string()), "Center first: {l:?}");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    let l = legal_texts(&s, 1);
    assert!(l.contains(&"deploy csa-jackson csa-right".to_string()) && !l.contains(&"deploy csa-jackson csa-reserve".to_string()), "{l:?}");
    act(&mut s, 1, "deploy csa-jackson csa-right");
    assert!(legal_texts(&s, 1).contains(&"deploy csa-ewell csa-reserve".to_string()), "the rest deploy freely");
    act(&mut s, 1, "deploy csa-ewell csa-reserve");
    assert_eq!(bstep(&s), BStep::Retreat);
    assert_eq!(s.battle.as_ref().unwrap().phasing(), Side::Csa, "BL 6.3: the attacker plays Dawn");
}

/// With no Field HQ present the attacker must retreat at night.
#[test]
fn t_b04_b05_battle_day_and_night_bl_6_3() {
    let (mut s, _, _) = deployed();
    let mut order = Vec::new();
    while matches!(bstep(&s), BStep::Retreat | BStep::Combat | BStep::Moves | BStep::Reinforce) {
        let who = s.battle.as_ref().unwrap().phasing();
        if bstep(&s) == BStep::Retreat {
            order.push(who);
        }
        act(&mut s, who.idx() as u8, "end");
    }
    assert_eq!(order.len(), 8, "eight battle turns before Night");
    assert_eq!(order, [Side::Csa, Side::Usa].repeat(4), "the attacker first in each pair");
    assert_eq!(bstep(&s), BStep::Night(Side::Usa), "the defender decides first at Night");
    act(&mut s, 0, "continue");
    // The attacker has no Battle HQ here: it must withdraw.
    assert_eq!(legal_texts(&s, 1), vec!["withdraw"]);
    act(&mut s, 1, "withdraw");
    // BL 6.33: the attacker chooses where each unit goes (its attack hex, doubled limits).
    assert!(matches!(bstep(&s), BStep::Leave { by: Side::Csa, night: true, rout: false }));
    let back = label(s.units[uid("csa-bde-1")].hex);
    let mut l = legal_texts(&s, 1);
    l.sort();
    assert_eq!(l, vec![format!("retreat csa-jackson {back}"), format!("retreat csa-longstreet {back}")]);
    act(&mut s, 1, &format!("retreat csa-longstreet {back}"));
    act(&mut s, 1, &format!("retreat csa-jackson {back}"));
    assert!(s.units[uid("csa-longstreet")].hex != s.units[uid("usa-i-1")].hex, "the attacker left the hex");
    assert!(s.battle.is_none() || matches!(bstep(&s), BStep::Regroup(Side::Usa, _)));
}

/// The Battle HQ pays a step; a Supreme HQ cannot.
#[test]
fn t_b23_battle_hq_pays_a_step_for_a_second_day_bl_6_33() {
    let (mut s, _, _) = battle(&[("csa-longstreet", 3), ("anv", 3), ("csa", 2)], &[("usa-i-1", 3)], &[("csa-bde-1", 1)]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 1, "deploy anv csa-reserve");
    act(&mut s, 1, "deploy csa csa-reserve");
    for _ in 0..32 {
        let who = s.battle.as_ref().unwrap().phasing();
        act(&mut s, who.idx() as u8, "end");
    }
    act(&mut s, 0, "continue");
    let l = legal_texts(&s, 1);
    assert!(l.contains(&"continue anv".to_string()) && !l.contains(&"continue csa".to_string()), "Supreme HQs cannot be Battle HQs: {l:?}");
    act(&mut s, 1, "continue anv");
    assert_eq!(s.units[uid("anv")].steps, 2);
    assert_eq!(bstep(&s), BStep::NightReinforce(Side::Usa));
    act(&mut s, 0, "end");
    // BL 6.33: night reinforcements (doubled limits) are placed freely, existing units stay.
    act(&mut s, 1, "reinforce csa-bde-1");
    assert!(!legal_texts(&s, 1).contains(&"end".to_string()), "place it first");
    assert!(legal_texts(&s, 1).contains(&"deploy csa-bde-1 csa-right".to_string()));
    act(&mut s, 1, "deploy csa-bde-1 csa-right");
    act(&mut s, 1, "end");
    assert_eq!(s.battle.as_ref().unwrap().day, 2);
}

#[test]
fn t_b06_b07_b08_fire_dice_strongest_first_bl_7_31_7_32() {
    let (mut s, _, _) = deployed();
    // CSA Dawn: Longstreet engages the USA Center.
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    assert!(!legal_texts(&s, 1).iter().any(|t| t.starts_with("bmove csa-longstreet")), "one battle move");
    act(&mut s, 1, "end");
    assert!(s.units[uid("csa-longstreet")].shown && s.units[uid("usa-i-1")].shown, "BL 7.41: engaged units are revealed");
    act(&mut s, 1, "end");
    // USA Dawn: usa-i-1 fires F2 with 3 dice at Longstreet.
    act(&mut s, 0, "end");
    assert_eq!(bstep(&s), BStep::Combat);
    s.forced = vec![5, 6, 4];
    act(&mut s, 0, "fire usa-i-1 usa-center");
    assert_eq!(s.units[uid("csa-longstreet")].steps, 1, "F2 hits on 5-6: two hits");
    assert!(refused(&s, 0, "fire usa-i-1 usa-center").rule.starts_with("BL"));
    act(&mut s, 0, "end");
    assert!(!legal_texts(&s, 0).iter().any(|t| t.starts_with("bmove usa-i-1")), "a unit that fired does not move");
}

#[test]
fn t_b09_engaging_unit_cannot_fire_bl_7_41() {
    let (mut s, _, _) = deployed();
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 0, "end");
    act(&mut s, 0, "end");
    act(&mut s, 0, "end");
    act(&mut s, 0, "end");
    // CSA Morning: now it may fire (and melee).
    act(&mut s, 1, "end");
    let l = legal_texts(&s, 1);
    assert!(l.contains(&"fire csa-longstreet usa-center".to_string()) && l.contains(&"melee usa-center".to_string()), "{l:?}");
}

#[test]
fn t_b13_b14_melee_rounds_bl_7_35() {
    let (mut s, _, _) = deployed();
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    for _ in 0..2 {
        act(&mut s, 1, "end");
    }
    for _ in 0..4 {
        act(&mut s, 0, "end");
    }
    act(&mut s, 1, "end");
    // Round 1: CSA 3 dice at F3 (4+), USA 3 dice at F3: two hits each.
    s.forced = vec![4, 4, 1, 6, 5, 1];
    act(&mut s, 1, "melee usa-center");
    assert_eq!(s.units[uid("usa-i-1")].steps, 1);
    assert_eq!(s.units[uid("csa-longstreet")].steps, 1);
    assert!(matches!(bstep(&s), BStep::Melee { by: Side::Csa, .. }), "the active player decides first");
    act(&mut s, 1, "press");
    assert!(matches!(bstep(&s), BStep::Melee { by: Side::Usa, .. }));
    assert!(legal_texts(&s, 0).contains(&"break usa-reserve".to_string()), "BL 7.42: break off to a friendly position");
    s.forced = vec![1, 1];
    act(&mut s, 0, "press");
    // The box was not cleared: the meleeing CSA unit disengages to its own Center.
    assert_eq!(box_of(&s, "csa-longstreet"), Some(bx(Side::Csa, CENTER)));
    assert_eq!(bstep(&s), BStep::Combat);
    assert!(!legal_texts(&s, 1).iter().any(|t| t.starts_with("fire")), "a melee is the units' fire");
}

/// ES L907: fortress Double Defense, no attacker melee.
#[test]
fn t_b15_b16_fortress_double_defense_bl_7_6_7_36() {
    let g = game();
    let mut s = blank("1862");
    let w = hx("washington");
    let n = g.data.hexes[w as usize].nbr.iter().copied().find(|&n| n != NONE && g.hexside(w, n).is_some()).unwrap();
    put_hex(&mut s, "usa-i-1", w, 2);
    put_hex(&mut s, "csa-longstreet", w, 3);
    put_hex(&mut s, "csa-bde-1", n, 1);
    s.attacks.push((n, w, 1));
    g.start_combat(&mut s, &mut Log::quiet());
    assert!(s.battle.as_ref().unwrap().fortress);
    assert!(!legal_texts(&s, 0).iter().any(|t| t.contains("left") || t.contains("right")), "BL 7.6: one position");
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    for _ in 0..2 {
        act(&mut s, 1, "end");
    }
    for _ in 0..4 {
        act(&mut s, 0, "end");
    }
    act(&mut s, 1, "end");
    assert!(!legal_texts(&s, 1).iter().any(|t| t.starts_with("melee")), "no attacker melee in a fortress");
    // Three hits on a Double-Defense unit: one step lost, one half-hit left over.
    s.forced = vec![5, 6, 5];
    act(&mut s, 1, "fire csa-longstreet usa-center");
    assert_eq!(s.units[uid("usa-i-1")].steps, 1, "two hits per step");
    assert!(s.battle.as_ref().unwrap().units.iter().any(|x| x.half));
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    assert!(!s.battle.as_ref().unwrap().units.iter().any(|x| x.half), "a lone leftover hit is lost");
}

#[test]
fn t_b17_morale_check_bl_7_2() {
    let (mut s, _, _) = battle(&[("csa-longstreet", 3)], &[("usa-i-1", 1)], &[]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    // USA Dawn: the 1-step engaged unit rolls 2: it disengages to its Reserve, which leaves the
    // USA Center to the CSA alone: a rout.
    s.forced = vec![2, 1, 1, 1, 1, 1, 1];
    act(&mut s, 0, "end");
    assert!(matches!(bstep(&s), BStep::Leave { by: Side::Usa, rout: true, .. }), "the USA is routed");
    let to = legal_texts(&s, 0)[0].clone();
    act(&mut s, 0, &to);
    assert!(s.battle.as_ref().is_none_or(|b| b.units.iter().all(|x| game().side_of(x.u as usize) == Side::Csa)));
}

#[test]
fn t_b18_b20_retreat_and_pursuit_bl_7_1_7_14() {
    let (mut s, h, n) = deployed();
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 0, "end");
    act(&mut s, 0, "end");
    act(&mut s, 0, "end");
    act(&mut s, 0, "end");
    // CSA Morning: the attacker retreats only to the hex it attacked from.
    let l = legal_texts(&s, 1);
    let to = game().data.hexes[n[0] as usize].label.clone();
    assert!(l.contains(&format!("retreat csa-longstreet {to}")), "{l:?}");
    assert!(l.iter().filter(|t| t.starts_with("retreat csa-longstreet")).count() == 1, "{l:?}");
    // Infantry pursues infantry at equal speed: F1, 3 dice; one 6.
    act(&mut s, 1, &format!("retreat csa-longstreet {to}"));
    s.forced = vec![6, 2, 3];
    act(&mut s, 1, "end");
    assert_eq!(s.units[uid("csa-longstreet")].steps, 2, "equal speed pursues at F1");
    assert_eq!(s.units[uid("csa-longstreet")].hex, n[0]);
    assert!(s.disrupted.contains(&(uid("csa-longstreet") as u8)), "retreated units are disrupted");
    let _ = h;
}

#[test]
fn t_b22_reinforcement_limits_bl_7_5() {
    let (mut s, h, n) = battle(&[("csa-longstreet", 3)], &[("usa-i-1", 3)], &[("csa-ewell", 2), ("csa-jackson", 2), ("csa-hood", 2)]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    for _ in 0..3 {
        act(&mut s, 1, "end");
    }
    assert_eq!(bstep(&s), BStep::Reinforce);
    act(&mut s, 1, "reinforce csa-ewell");
    act(&mut s, 1, "reinforce csa-jackson");
    assert!(!legal_texts(&s, 1).iter().any(|t| t.starts_with("reinforce")), "a clear hexside lets 2 through in Dry");
    assert_eq!(box_of(&s, "csa-ewell"), Some(bx(Side::Csa, RESERVE)));
    assert_eq!(s.units[uid("csa-ewell")].hex, h);
    let _ = n;
}

/// ES L917-925: legal battle moves.
#[test]
fn t_b27_b30_battle_moves_and_occupying_the_center_bl_7_4_7_15() {
    let (mut s, _, _) = battle(&[("csa-longstreet", 3), ("csa-jackson", 3)], &[("usa-i-1", 3), ("usa-i-2", 3)], &[]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 0, "deploy usa-i-2 usa-left");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 1, "deploy csa-jackson csa-right");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    let l = legal_texts(&s, 1);
    assert!(!l.contains(&"bmove csa-jackson csa-center".to_string()), "no lateral move");
    assert!(!l.contains(&"bmove csa-jackson usa-center".to_string()), "no diagonal move");
    assert!(!l.iter().any(|t| t.ends_with("usa-reserve")), "never the enemy Reserve");
    assert!(l.contains(&"bmove csa-jackson usa-left".to_string()));
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    // USA Dawn: i-1 leaves the Center for the Reserve... and i-2 engages: then the CSA
    // occupies the vacant USA Center and routs the USA.
    for _ in 0..2 {
        act(&mut s, 0, "end");
    }
    act(&mut s, 0, "bmove usa-i-1 usa-reserve");
    for _ in 0..2 {
        act(&mut s, 0, "end");
    }
    for _ in 0..2 {
        act(&mut s, 1, "end");
    }
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    // BL 7.15: the USA is routed; it chooses each unit's retreat hex (rule 7.11).
    assert!(matches!(bstep(&s), BStep::Leave { by: Side::Usa, night: false, rout: true }), "the USA is routed");
    let l = legal_texts(&s, 0);
    let (_, n) = open_ground();
    let (to1, to2) = (label(n[2]), label(n[3]));
    assert!(l.contains(&format!("retreat usa-i-1 {to1}")) && l.contains(&format!("retreat usa-i-2 {to2}")), "{l:?}");
    assert!(!l.contains(&"end".to_string()), "the retreat is compulsory");
    act(&mut s, 0, &format!("retreat usa-i-1 {to1}"));
    act(&mut s, 0, &format!("retreat usa-i-2 {to2}"));
    assert_eq!((s.units[uid("usa-i-1")].hex, s.units[uid("usa-i-2")].hex), (n[2], n[3]));
    assert!(s.battle.as_ref().is_none_or(|b| !b.units.iter().any(|x| game().side_of(x.u as usize) == Side::Usa)));
    let _ = (LEFT, RIGHT);
}

#[test]
fn t_view_hides_enemy_blocks_in_battle_bl_2_5() {
    let (s, _, _) = battle(&[("csa-longstreet", 3)], &[("usa-i-1", 3), ("usa-i-2", 2)], &[]);
    let mut s2 = s.clone();
    act(&mut s2, 0, "deploy usa-i-1 usa-center");
    let v = game().view(&s2, Some(1));
    let json = serde_json::to_string(&v).unwrap();
    assert!(!json.contains("usa-i-1") && !json.contains("usa-i-2"), "the CSA sees no USA identity: {json}");
    let b = v.battle.expect("battle view");
    assert!(b.blocks.iter().filter(|x| x.side == "USA").all(|x| x.id.is_none() && x.steps.is_none()));
    let v0 = game().view(&s2, Some(0));
    assert!(serde_json::to_string(&v0).unwrap().contains("usa-i-1"));
}

/// Random play reaches battles, and every battle ends (the CI sample checks invariants).
#[test]
fn t_random_play_fights_battles() {
    let g = game();
    let mut battles = 0;
    for seed in 0..6u64 {
        let mut s = g.setup(&Setup::new("1862", 2, seed)).unwrap();
        let mut rng = bivouac_engine::GameRng::new(seed + 77);
        let mut in_battle = false;
        for _ in 0..60_000 {
            let seats = g.active_seats(&s);
            if seats.is_empty() {
                break;
            }
            let seat = seats[0];
            let acts = g.legal_actions(&s, seat);
            assert!(!acts.is_empty());
            // Prefer moving into enemy hexes a little, so battles happen.
            let a = acts[rng.roll(acts.len() as u32) as usize - 1].clone();
            g.apply(&mut s, seat, &a, &mut Log::quiet()).unwrap();
            g.check_invariants(&s).unwrap();
            if s.battle.is_some() && !in_battle {
                battles += 1;
            }
            in_battle = s.battle.is_some();
        }
    }
    assert!(battles > 0, "random play should fight battles");
}

fn env_setup() -> (State, Vec<u16>) {
    let (mut s, _, n) = battle(&[("csa-longstreet", 3), ("csa-jackson", 3), ("csa-ewell", 3)], &[("usa-i-1", 3), ("usa-i-2", 3)], &[("csa-bde-1", 1)]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 0, "deploy usa-i-2 usa-left");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 1, "deploy csa-jackson csa-right");
    act(&mut s, 1, "deploy csa-ewell csa-reserve");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    // BL 7.43: the flank may be one engaged later in this same segment.
    assert!(legal_texts(&s, 1).contains(&"envelop csa-ewell usa-left".to_string()), "BL 7.43: a flank to be engaged this turn");
    act(&mut s, 1, "envelop csa-ewell usa-left");
    act(&mut s, 1, "bmove csa-jackson usa-left");
    assert!(!legal_texts(&s, 1).iter().any(|t| t.contains("csa-ewell")), "no other move with an envelopment");
    (s, n)
}

#[test]
fn t_b09_envelopment_success_fires_at_once_bl_7_43() {
    let (mut s, _) = env_setup();
    // CSA infantry succeeds on 4+ (clear, Dry); then fires F2 with 3 dice at once.
    s.forced = vec![4, 5, 6, 1];
    act(&mut s, 1, "end");
    assert_eq!(box_of(&s, "csa-ewell"), Some(bx(Side::Usa, LEFT)));
    assert_eq!(s.units[uid("usa-i-2")].steps, 1, "a successful envelopment fires the same turn");
}

#[test]
fn t_env_2_an_envelopment_into_a_flank_left_unengaged_does_not_take_place_bl_7_43() {
    // BL 7.43: the target flank must be engaged once all battle moves are made;
    // By our reading, if it is not, the enveloping unit stays in the Reserve, with no roll.
    let (mut s, _, _) = battle(&[("csa-longstreet", 3), ("csa-jackson", 3), ("csa-ewell", 3)], &[("usa-i-1", 3), ("usa-i-2", 3)], &[("csa-bde-1", 1)]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 0, "deploy usa-i-2 usa-left");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 1, "deploy csa-jackson csa-right");
    act(&mut s, 1, "deploy csa-ewell csa-reserve");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    assert!(!legal_texts(&s, 1).contains(&"envelop csa-ewell csa-left".to_string()), "not into an own flank free of the enemy");
    act(&mut s, 1, "envelop csa-ewell usa-left");
    s.forced = vec![6];
    act(&mut s, 1, "end");
    assert_eq!(box_of(&s, "csa-ewell"), Some(bx(Side::Csa, RESERVE)), "the envelopment lapses");
    assert_eq!(s.forced, vec![6], "no envelopment roll");
    let b = s.battle.as_ref().unwrap();
    assert!(!b.units[b.idx(uid("csa-ewell") as u8).unwrap()].lost);
}

/// A Lost unit at nightfall loses a step and retreats.
#[test]
fn t_b25_envelopment_failure_lost_then_nightfall_bl_7_43() {
    let (mut s, n) = env_setup();
    s.forced = vec![3];
    act(&mut s, 1, "end");
    let b = s.battle.as_ref().unwrap();
    let x = &b.units[b.idx(uid("csa-ewell") as u8).unwrap()];
    assert!(x.lost && x.env == bx(Side::Usa, LEFT), "a failed envelopment is Lost");
    // Play to Night without further attempts.
    while matches!(bstep(&s), BStep::Reinforce | BStep::Retreat | BStep::Combat | BStep::Moves) {
        let who = s.battle.as_ref().unwrap().phasing();
        act(&mut s, who.idx() as u8, "end");
    }
    assert_eq!(s.units[uid("csa-ewell")].steps, 2, "Lost at nightfall: -1 step");
    assert_eq!(s.units[uid("csa-ewell")].hex, n[0], "and it retreats");
    let _ = RIGHT;
}

#[test]
fn t_b07_counter_battery_takes_every_hit_bl_7_33() {
    let (mut s, _, _) = battle(&[("csa-longstreet", 3)], &[("usa-art-1", 2), ("usa-i-1", 3), ("usa-i-2", 3), ("usa-i-3", 3)], &[("csa-bde-1", 1)]);
    act(&mut s, 0, "deploy usa-art-1 usa-center");
    act(&mut s, 0, "deploy usa-i-1 usa-left");
    act(&mut s, 0, "deploy usa-i-2 usa-right");
    act(&mut s, 0, "deploy usa-i-3 usa-center");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    for _ in 0..4 {
        act(&mut s, 0, "end");
    }
    act(&mut s, 1, "end");
    s.forced = vec![5, 6, 1];
    act(&mut s, 1, "target csa-longstreet usa-art-1");
    assert_eq!(s.units[uid("usa-art-1")].st, St::Pool, "BL 7.33: every hit on the targeted artillery");
    assert_eq!(s.units[uid("usa-i-3")].steps, 3, "the stronger infantry is spared");
}

#[test]
fn t_inv_1_invasion_battle_and_sea_retreat_bl_10_4_10_41() {
    let g = game();
    let mut s = blank("1862");
    s.active = Side::Usa;
    s.phase = Phase::Movement;
    s.sm = 2;
    let fm = hx("fort-monroe");
    let nf = hx("norfolk");
    put_hex(&mut s, "usa-i-1", fm, 3);
    put_hex(&mut s, "csa-huger", nf, 2);
    s.control[fm as usize] = Side::Usa;
    s.control[nf as usize] = Side::Csa;
    let inv = format!("invade usa-i-1 {}", g.data.hexes[nf as usize].label);
    assert!(legal_texts(&s, 0).contains(&inv), "BL 10.4: USA infantry may invade an enemy-held coastal hex");
    act(&mut s, 0, &inv);
    assert_eq!(s.sm, 0, "2 SM per invading unit");
    act(&mut s, 0, "end");
    act(&mut s, 0, "end");
    assert_eq!(s.phase, Phase::Battle);
    act(&mut s, 1, "deploy csa-huger csa-center");
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    let back = format!("retreat usa-i-1 {}", g.data.hexes[fm as usize].label);
    assert!(legal_texts(&s, 0).contains(&back), "BL 10.41: a non-engaged invader may retreat by sea");
}

#[test]
fn t_inv_2_invaders_retreat_to_adjacent_friendly_hexes_bl_10_41() {
    let g = game();
    let mut s = blank("1862");
    s.active = Side::Usa;
    s.phase = Phase::Movement;
    s.sm = 2;
    let fm = hx("fort-monroe");
    let nf = hx("norfolk");
    let near = g.data.hexes[nf as usize].nbr.iter().copied().find(|&n| n != NONE && n != fm && g.hexside(nf, n).is_some() && g.data.hexes[n as usize].terrain != Terrain::Sea).expect("a land neighbour");
    put_hex(&mut s, "usa-i-1", fm, 3);
    put_hex(&mut s, "usa-i-2", near, 3);
    put_hex(&mut s, "csa-huger", nf, 2);
    s.control[fm as usize] = Side::Usa;
    s.control[nf as usize] = Side::Csa;
    act(&mut s, 0, &format!("invade usa-i-1 {}", label(nf)));
    act(&mut s, 0, "end");
    act(&mut s, 0, "end");
    act(&mut s, 1, "deploy csa-huger csa-center");
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    let land = format!("retreat usa-i-1 {}", label(near));
    assert!(legal_texts(&s, 0).contains(&land), "BL 10.41: to an adjacent friendly hex");
    let mut t = s.clone();
    t.opts.invader_adjacent = false;
    assert!(!legal_texts(&t, 0).contains(&land), "option invader-retreat = hexsides");
}


// ------------------------------------------------------------------ several battles (BL 6.1)

/// Two CSA attacks in adjacent open hexes: battle A in `h`, battle B in its neighbour `n[1]`.
fn two_battles(a: &[(&str, u8)], a_def: &[(&str, u8)], b: &[(&str, u8)], b_def: &[(&str, u8)]) -> (State, u16, u16, Vec<u16>) {
    let g = game();
    let mut s = blank("1862");
    let (h, n) = open_ground();
    for (hex, list) in [(h, a_def), (h, a), (n[1], b_def), (n[1], b)] {
        for (id, st) in list {
            put_hex(&mut s, id, hex, *st);
        }
    }
    s.attacks.push((n[0], h, a.len() as u8));
    s.attacks.push((n[0], n[1], b.len() as u8));
    g.start_combat(&mut s, &mut Log::quiet());
    assert_eq!(s.phase, Phase::Battle);
    (s, h, n[1], n)
}

/// Two battles side by side, both deployed to their Centers; the CSA attacker has played its
/// Dawn turn in battle A and the USA defender has just opened its own there (rule 6.1).
fn usa_dawn_turn_in_first_of_two_battles() -> (State, u16, u16) {
    let (mut s, a, b, _) = two_battles(&[("csa-longstreet", 3)], &[("usa-i-1", 3)], &[("csa-jackson", 3)], &[("usa-i-2", 3)]);
    act(&mut s, 0, &format!("fight {}", label(a)));
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 0, "deploy usa-i-2 usa-center");
    act(&mut s, 1, "deploy csa-jackson csa-center");
    act(&mut s, 1, &format!("fight {}", label(a)));
    for _ in 0..8 {
        act(&mut s, 1, "end");
    }
    act(&mut s, 0, &format!("fight {}", label(a)));
    (s, a, b)
}

fn label(h: u16) -> String {
    game().data.hexes[h as usize].label.clone()
}

#[test]
fn t_b31_several_battles_share_one_clock_bl_6_1() {
    let (mut s, a, b, _) = two_battles(&[("csa-longstreet", 3)], &[("usa-i-1", 3)], &[("csa-jackson", 3)], &[("usa-i-2", 3)]);
    // Deployment first, battle by battle, in the order the defender chooses.
    assert!(s.battle.is_none());
    assert_eq!(game().active_seats(&s), vec![0]);
    let mut l = legal_texts(&s, 0);
    l.sort();
    let mut want = vec![format!("fight {}", label(a)), format!("fight {}", label(b))];
    want.sort();
    assert_eq!(l, want, "BL 6.1: the player picks the battle");
    act(&mut s, 0, &format!("fight {}", label(b)));
    act(&mut s, 0, "deploy usa-i-2 usa-center");
    act(&mut s, 1, "deploy csa-jackson csa-center");
    // Battle A is the only one left to deploy: it opens by itself.
    assert_eq!(s.battle.as_ref().unwrap().hex, a);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    // Dawn, attacker: the CSA chooses the battle, plays all its segments there, then the other.
    assert!(s.battle.is_none());
    assert_eq!(game().active_seats(&s), vec![1]);
    act(&mut s, 1, &format!("fight {}", label(a)));
    for _ in 0..4 {
        act(&mut s, 1, "end");
    }
    let bt = s.battle.as_ref().unwrap();
    assert_eq!((bt.hex, bt.turn, bt.phasing()), (b, 0, Side::Csa), "BL 6.1: the Dawn turn is played in every battle before the defender's");
    for _ in 0..4 {
        act(&mut s, 1, "end");
    }
    assert!(s.battle.is_none());
    assert_eq!(game().active_seats(&s), vec![0], "the defender's Dawn turn: the USA chooses");
    assert!(s.battles.iter().all(|x| (x.day, x.turn) == (1, 1)));
}

#[test]
fn t_b32_defender_retreats_into_an_adjacent_battle_disrupted_bl_7_13() {
    let (mut s, _, b) = usa_dawn_turn_in_first_of_two_battles();
    let into = format!("retreat usa-i-1 {}", label(b));
    assert!(legal_texts(&s, 0).contains(&into), "BL 6.1: a defender may retreat into an adjacent battle");
    act(&mut s, 0, &into);
    act(&mut s, 0, "end");
    // Battle A is won by the CSA (nothing to regroup with but the End).
    assert_eq!(s.units[uid("usa-i-1")].hex, b);
    let bt = s.battle.as_ref().or(s.battles.first()).unwrap();
    assert_eq!(bt.hex, b);
    let x = &bt.units[bt.idx(uid("usa-i-1") as u8).unwrap()];
    assert!(x.disrupted && x.bx == bx(Side::Usa, RESERVE), "BL 7.13: it enters the friendly Reserve, disrupted");
    assert!(s.disrupted.contains(&(uid("usa-i-1") as u8)));
    assert!(game().check_invariants(&s).is_ok());
}

#[test]
fn t_b33_victors_reinforce_an_adjacent_battle_from_the_next_battle_turn_bl_7_52() {
    let (mut s, a, b, _) = two_battles(&[("csa-art-1", 2)], &[("usa-i-1", 1)], &[("csa-jackson", 3)], &[("usa-i-2", 3)]);
    act(&mut s, 0, &format!("fight {}", label(a)));
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 1, "deploy csa-art-1 csa-center");
    act(&mut s, 0, "deploy usa-i-2 usa-center");
    act(&mut s, 1, "deploy csa-jackson csa-center");
    act(&mut s, 1, &format!("fight {}", label(a)));
    act(&mut s, 1, "end");
    // Long-range fire F1: the 6 eliminates the cadre; the CSA wins battle A.
    s.forced = vec![6, 1];
    act(&mut s, 1, "fire csa-art-1 usa-center");
    assert_eq!(s.units[uid("usa-i-1")].st, St::Pool);
    assert_eq!(s.battle.as_ref().unwrap().hex, b, "battle B goes on at the same Dawn turn");
    for _ in 0..3 {
        act(&mut s, 1, "end");
    }
    assert_eq!(bstep(&s), BStep::Reinforce);
    assert!(!legal_texts(&s, 1).contains(&"reinforce csa-art-1".to_string()), "BL 7.52: not in the battle turn of the victory");
    act(&mut s, 1, "end");
    for _ in 0..4 {
        act(&mut s, 0, "end");
    }
    for _ in 0..3 {
        act(&mut s, 1, "end");
    }
    assert!(legal_texts(&s, 1).contains(&"reinforce csa-art-1".to_string()), "BL 7.52: from the next battle turn");
}

#[test]
fn t_b34_break_off_destination_is_the_players_choice_bl_7_35_7_42() {
    let (mut s, _, _) = deployed();
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    for _ in 0..2 {
        act(&mut s, 1, "end");
    }
    for _ in 0..4 {
        act(&mut s, 0, "end");
    }
    act(&mut s, 1, "end");
    s.forced = vec![1, 1, 1, 1, 1, 1];
    act(&mut s, 1, "melee usa-center");
    // The CSA stands in the USA line: it may break off to its own facing Center (friendly, free).
    let mut l = legal_texts(&s, 1);
    l.sort();
    assert_eq!(l, vec!["break csa-center", "press"]);
    act(&mut s, 1, "break csa-center");
    assert_eq!(box_of(&s, "csa-longstreet"), Some(bx(Side::Csa, CENTER)));
    assert_eq!(bstep(&s), BStep::Combat);
}

#[test]
fn t_att_2_the_attacker_chooses_the_hexside_bl_1_21_5_31() {
    let g = game();
    let mut s = blank("1862");
    let (h, n) = open_ground();
    put_hex(&mut s, "usa-i-1", h, 3);
    put_hex(&mut s, "csa-jackson", n[0], 3);
    s.phase = Phase::Movement;
    s.sm = 1;
    let l = legal_texts(&s, 1);
    let direct = format!("sm csa-jackson {} from {}", label(h), label(n[0]));
    let side = format!("sm csa-jackson {} from {}", label(h), label(n[1]));
    assert!(l.contains(&direct) && l.contains(&side), "{l:?}");
    assert!(!l.contains(&format!("sm csa-jackson {}", label(h))), "an attack names its hexside");
    let a = g.parse(&side).unwrap();
    assert_eq!(g.notation(&a), side, "notation round-trips");
    act(&mut s, 1, &side);
    assert_eq!(s.attacks, vec![(n[1], h, 1)], "BL 1.21: the chosen hexside counts");
}

#[test]
fn t_b35_a_lost_unit_may_go_back_to_the_reserve_bl_7_43() {
    let (mut s, _) = env_setup();
    s.forced = vec![3];
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    for _ in 0..4 {
        act(&mut s, 0, "end");
    }
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    let l = legal_texts(&s, 1);
    assert!(l.contains(&"envelop csa-ewell usa-left".to_string()) && l.contains(&"envelop csa-ewell csa-reserve".to_string()), "{l:?}");
    act(&mut s, 1, "envelop csa-ewell csa-reserve");
    s.forced = vec![6];
    act(&mut s, 1, "end");
    let b = s.battle.as_ref().unwrap();
    let x = &b.units[b.idx(uid("csa-ewell") as u8).unwrap()];
    assert!(!x.lost && x.env == state::NOBOX && x.bx == bx(Side::Csa, RESERVE), "a success brings it back to the Reserve");
}

#[test]
fn t_gar_1_garrison_f1_when_it_engages_f2_when_engaged_bl_2_2_4() {
    // Engaged in its own Center by the CSA: F2 (a 5 hits).
    let (mut s, _, _) = battle(&[("csa-longstreet", 3)], &[("usa-gar-1", 2)], &[("csa-bde-1", 1)]);
    act(&mut s, 0, "deploy usa-gar-1 usa-center");
    act(&mut s, 1, "deploy csa-longstreet csa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 0, "end");
    s.forced = vec![5, 4];
    act(&mut s, 0, "fire usa-gar-1 usa-center");
    assert_eq!(s.units[uid("csa-longstreet")].steps, 2, "F2 when it was engaged");
    assert!(s.units[uid("csa-longstreet")].shown);
    // ES L731: revealed units stand upright again at night.
    while matches!(bstep(&s), BStep::Retreat | BStep::Combat | BStep::Moves | BStep::Reinforce) {
        let who = s.battle.as_ref().unwrap().phasing();
        act(&mut s, who.idx() as u8, "end");
    }
    assert!(matches!(bstep(&s), BStep::Night(_)));
    assert!(!s.units[uid("csa-longstreet")].shown && !s.units[uid("usa-gar-1")].shown, "hidden again at night");

    // Engaging the USA Center itself: F1 (two 5s miss).
    let (mut s, _, _) = battle(&[("csa-gar-1", 2)], &[("usa-i-1", 3)], &[("csa-bde-1", 1)]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 1, "deploy csa-gar-1 csa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-gar-1 usa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    s.forced = vec![1, 1, 1];
    for _ in 0..4 {
        act(&mut s, 0, "end");
    }
    act(&mut s, 1, "end");
    s.forced = vec![5, 5];
    act(&mut s, 1, "fire csa-gar-1 usa-center");
    assert_eq!(s.units[uid("usa-i-1")].steps, 3, "F1 when it engaged");
    s.forced = vec![6];
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
}

#[test]
fn t_fog_1_a_unit_back_in_the_reserve_is_hidden_again_bl_7_41() {
    let (mut s, _, _) = deployed();
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    act(&mut s, 1, "bmove csa-longstreet usa-center");
    act(&mut s, 1, "end");
    act(&mut s, 1, "end");
    assert!(s.units[uid("usa-i-1")].shown, "BL 7.41: engaged units are revealed");
    act(&mut s, 0, "end");
    act(&mut s, 0, "end");
    act(&mut s, 0, "bmove usa-i-1 usa-reserve");
    assert!(!s.units[uid("usa-i-1")].shown, "ES L731: back in the Reserve it stands upright again");
    let v = game().view(&s, Some(1));
    assert!(!serde_json::to_string(&v).unwrap().contains("usa-i-1"));
}

#[test]
fn t_opt_a9_csa_naval_on_the_appomattox_is_an_option_bl_10_1() {
    let g = game();
    let mut s = blank("1862");
    for p in ["norfolk", "richmond", "petersburg", "city-point"] {
        s.control[hx(p) as usize] = Side::Csa;
    }
    let occ = g.occ(&s);
    let (r, p) = (g.data.place_index("richmond").unwrap(), g.data.place_index("petersburg").unwrap());
    assert!(g.naval_ok(&s, Side::Csa, r, p, &occ), "default: the James and the Appomattox");
    s.opts.csa_appomattox = false;
    assert!(!g.naval_ok(&s, Side::Csa, r, p, &occ), "option csa-naval-rivers = james");
    assert!(g.setup(&Setup { options: [("csa-naval-rivers".to_string(), "james".to_string())].into_iter().collect(), ..Setup::new("1862", 2, 1) }).is_ok());
}

#[test]
fn t_opt_a42_night_withdrawal_units_that_cannot_leave_bl_6_33() {
    let play = |stay: bool| {
        let (mut s, _, _) = battle(&[("csa-longstreet", 3)], &[("usa-i-1", 3)], &[]);
        s.opts.night_stay = stay;
        act(&mut s, 0, "deploy usa-i-1 usa-center");
        act(&mut s, 1, "deploy csa-longstreet csa-center");
        for _ in 0..32 {
            let who = s.battle.as_ref().unwrap().phasing();
            act(&mut s, who.idx() as u8, "end");
        }
        act(&mut s, 0, "continue");
        // No friendly hex to retreat into: nobody can leave.
        act(&mut s, 1, "withdraw");
        s
    };
    let s = play(false);
    assert_eq!(s.units[uid("csa-longstreet")].st, St::Pool, "BL 6.33 default: eliminated");
    let mut s = play(true);
    assert_eq!(bstep(&s), BStep::NightReinforce(Side::Usa), "option night-withdrawal = stay: the battle goes on");
    act(&mut s, 0, "end");
    act(&mut s, 1, "end");
    assert_eq!(s.battle.as_ref().unwrap().day, 2);
}

#[test]
fn t_b36_the_owner_picks_among_equally_strong_units_bl_7_32() {
    let (mut s, _, _) = battle(&[("csa-art-1", 2)], &[("usa-i-1", 3), ("usa-i-2", 3), ("usa-i-3", 3), ("usa-ii-1", 3)], &[("csa-bde-1", 1)]);
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 0, "deploy usa-i-2 usa-left");
    act(&mut s, 0, "deploy usa-i-3 usa-right");
    act(&mut s, 0, "deploy usa-ii-1 usa-center");
    act(&mut s, 1, "deploy csa-art-1 csa-center");
    act(&mut s, 1, "end");
    s.forced = vec![6, 2];
    act(&mut s, 1, "fire csa-art-1 usa-center");
    assert_eq!(bstep(&s), BStep::Casualty(Side::Usa), "the owner chooses among equals");
    assert_eq!(game().active_seats(&s), vec![0]);
    let mut l = legal_texts(&s, 0);
    l.sort();
    assert_eq!(l, vec!["hit usa-i-1", "hit usa-ii-1"]);
    act(&mut s, 0, "hit usa-ii-1");
    assert_eq!((s.units[uid("usa-ii-1")].steps, s.units[uid("usa-i-1")].steps), (2, 3));
    assert_eq!(bstep(&s), BStep::Combat, "back to the firing player's combat segment");
    assert!(game().check_invariants(&s).is_ok());
}

/// How often random play reaches the battle decisions (run by hand):
/// `cargo test --release -p bivouac-systems bobby_lee::tests::battle_coverage -- --ignored --nocapture`
#[test]
#[ignore]
fn battle_coverage() {
    let g = game();
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for seed in 0..200u64 {
        let mut s = g.setup(&Setup::new("1862", 2, seed)).unwrap();
        let mut rng = bivouac_engine::GameRng::new(seed + 5);
        for _ in 0..100_000 {
            let seats = g.active_seats(&s);
            if seats.is_empty() {
                break;
            }
            let acts = g.legal_actions(&s, seats[0]);
            let a = acts[rng.roll(acts.len() as u32) as usize - 1].clone();
            let key = match (&a, s.battle.as_ref().map(|b| b.step)) {
                (Action::Fight(_), _) => "fight (several battles)",
                (Action::Hit(_), _) => "hit (casualty choice)",
                (Action::Retreat(..), Some(BStep::Leave { .. })) => "retreat in a rout or withdrawal",
                (Action::Break(_), _) => "break",
                (Action::Deploy(..), Some(BStep::Deploy(_))) => "deploy",
                _ => "",
            };
            if !key.is_empty() {
                *counts.entry(key).or_default() += 1;
            }
            if s.battle.is_none() && !s.battles.is_empty() {
                *counts.entry("choice points between battles").or_default() += 1;
            }
            g.apply(&mut s, seats[0], &a, &mut Log::quiet()).unwrap();
        }
    }
    println!("{counts:#?}");
}

// ------------------------------------------------------------------ worked examples

/// A battle set up box by box (the rulebook's situations): the CSA attacks the USA in open
/// ground; `(unit, steps, box)`; battle turn `turn` (0 = CSA Dawn, 1 = USA Dawn) at `step`.
fn boxed(units: &[(&str, u8, &str)], turn: u8, step: BStep) -> (State, u16, Vec<u16>) {
    let g = game();
    let mut s = blank("1862");
    let (h, n) = open_ground();
    for (id, st, _) in units {
        put_hex(&mut s, id, h, *st);
    }
    s.attacks.push((n[0], h, 1));
    g.start_combat(&mut s, &mut Log::quiet());
    let b = s.battle.as_mut().unwrap();
    for (id, _, at) in units {
        let i = b.idx(uid(id) as u8).unwrap();
        b.units[i].bx = super::battle::parse_box(at).unwrap();
    }
    b.turn = turn;
    b.step = step;
    (s, h, n)
}

#[test]
fn t_pur_1_pursuit_fire_base_case_bl_7_14() {
    let (mut s, _, n) = boxed(&[("usa-cav-1", 2, "usa-left"), ("usa-i-1", 1, "usa-left"), ("usa-i-2", 3, "usa-center"), ("csa-cav-stuart", 4, "usa-left"), ("csa-longstreet", 3, "usa-left"), ("csa-jackson", 3, "csa-center")], 1, BStep::Retreat);
    let to = label(n[3]);
    act(&mut s, 0, &format!("retreat usa-cav-1 {to}"));
    act(&mut s, 0, &format!("retreat usa-i-1 {to}"));
    // CSA Inf (speed 2 = 2): 3 dice at F1 [3,4,2]: none; CSA Cav (3 > 2): 4 dice at F2 [5,2,6,1]: 2.
    s.forced = vec![3, 4, 2, 5, 2, 6, 1];
    act(&mut s, 0, "end");
    assert!(s.forced.is_empty(), "4 + 3 dice");
    assert_eq!(s.units[uid("usa-cav-1")].steps, 1, "hit 1 on the strongest");
    assert_eq!(bstep(&s), BStep::Casualty(Side::Usa), "hit 2: both at 1, the USA chooses");
    act(&mut s, 0, "hit usa-i-1");
    assert_eq!(s.units[uid("usa-i-1")].st, St::Pool, "a cadre hit is eliminated");
    assert_eq!(s.units[uid("usa-cav-1")].hex, n[3]);
    assert!(s.disrupted.contains(&(uid("usa-cav-1") as u8)), "the survivor is disrupted");
}

#[test]
fn t_pur_2_staged_withdrawal_bl_7_14() {
    let (mut s, _, n) = boxed(&[("usa-cav-1", 2, "usa-left"), ("usa-i-1", 1, "usa-reserve"), ("usa-i-2", 3, "usa-center"), ("csa-cav-stuart", 4, "usa-left"), ("csa-longstreet", 3, "usa-left"), ("csa-jackson", 3, "csa-center")], 1, BStep::Retreat);
    let to = label(n[3]);
    act(&mut s, 0, &format!("retreat usa-cav-1 {to}"));
    act(&mut s, 0, &format!("retreat usa-i-1 {to}"));
    // Only CSA Cav (3 = 3) pursues the cavalry, 4 dice at F1; nobody pursues the infantry.
    s.forced = vec![6, 5, 5, 5];
    act(&mut s, 0, "end");
    assert!(s.forced.is_empty());
    assert_eq!(s.units[uid("usa-cav-1")].steps, 1, "F1: only the 6 hits");
    assert_eq!((s.units[uid("usa-i-1")].steps, s.units[uid("usa-i-1")].hex), (1, n[3]), "no pursuit from the Reserve");
}

#[test]
fn t_pur_3_enfilading_units_pursue_from_the_reserve_bl_7_14() {
    let (mut s, _, n) = boxed(&[("usa-cav-1", 2, "usa-reserve"), ("usa-i-1", 1, "usa-reserve"), ("usa-i-2", 3, "usa-center"), ("csa-cav-stuart", 4, "usa-left"), ("csa-longstreet", 3, "usa-left"), ("csa-jackson", 3, "csa-center")], 1, BStep::Retreat);
    let to = label(n[3]);
    act(&mut s, 0, &format!("retreat usa-cav-1 {to}"));
    act(&mut s, 0, &format!("retreat usa-i-1 {to}"));
    // CSA Inf F1 [5,5,5]: none; CSA Cav F2 [5,1,1,1]: one hit on the strongest.
    s.forced = vec![5, 5, 5, 5, 1, 1, 1];
    act(&mut s, 0, "end");
    assert!(s.forced.is_empty(), "both enfilading units pursue");
    assert_eq!(s.units[uid("usa-cav-1")].steps, 1);
}

#[test]
fn t_mel_1_melee_risk_bl_7_35() {
    let (mut s, _, _) = boxed(&[("usa-i-1", 3, "usa-center"), ("csa-longstreet", 2, "usa-center")], 1, BStep::Combat);
    s.forced = vec![4, 2, 1, 6, 3];
    act(&mut s, 0, "melee usa-center");
    assert_eq!((s.units[uid("usa-i-1")].steps, s.units[uid("csa-longstreet")].steps), (2, 1), "round 1, hits applied together");
    act(&mut s, 0, "press");
    s.forced = vec![2, 3, 5];
    act(&mut s, 1, "press");
    assert_eq!(s.units[uid("usa-i-1")].steps, 1, "round 2");
    assert_eq!(box_of(&s, "usa-i-1"), Some(bx(Side::Usa, RESERVE)), "Z must disengage to the Grey Reserve");
    assert!(matches!(bstep(&s), BStep::Leave { by: Side::Usa, rout: true, .. }), "Z disengages, B holds the Grey Center alone: rout");
}

#[test]
fn t_cb_1_counter_battery_bl_7_33() {
    let (mut s, _, _) = boxed(&[("usa-art-1", 2, "usa-center"), ("csa-art-1", 2, "csa-center"), ("csa-longstreet", 4, "csa-center")], 1, BStep::Combat);
    s.units[uid("csa-art-1")].shown = true;
    s.forced = vec![6, 4];
    act(&mut s, 0, "target usa-art-1 csa-art-1");
    assert_eq!((s.units[uid("csa-art-1")].steps, s.units[uid("csa-longstreet")].steps), (1, 4));
}

#[test]
fn t_art_1_b12_long_range_fire_into_an_engaged_box_bl_7_31() {
    let (mut s, _, _) = boxed(&[("usa-art-1", 3, "usa-left"), ("usa-i-1", 3, "usa-center"), ("usa-i-2", 3, "csa-right"), ("csa-longstreet", 3, "csa-right"), ("csa-jackson", 3, "csa-center")], 1, BStep::Combat);
    s.forced = vec![6, 1, 3];
    act(&mut s, 0, "fire usa-art-1 csa-right");
    assert_eq!((s.units[uid("csa-longstreet")].steps, s.units[uid("usa-i-2")].steps), (2, 2), "the 1 hits a friendly unit");
}

#[test]
fn t_enf_1_b10_b11_b29_enfilade_bl_7_34() {
    let units = [("csa-cav-stuart", 3, "usa-left"), ("csa-longstreet", 3, "usa-center"), ("usa-i-1", 3, "usa-center"), ("usa-i-2", 3, "usa-right"), ("ap", 2, "usa-right"), ("usa-i-3", 3, "usa-reserve"), ("csa-jackson", 3, "csa-left"), ("csa-ewell", 3, "csa-reserve")];
    let (s, _, _) = boxed(&units, 1, BStep::Combat);
    let l = legal_texts(&s, 0);
    assert!(!l.contains(&"fire usa-i-1 usa-left".to_string()) && l.contains(&"fire usa-i-1 usa-center".to_string()), "Z is engaged: no enfilade: {l:?}");
    assert!(l.contains(&"fire usa-i-2 usa-center".to_string()), "Y enfilades B");
    assert!(!l.iter().any(|t| t.starts_with("fire ap")), "an HQ never enfilades");
    assert!(!l.iter().any(|t| t.ends_with("csa-reserve")), "the Reserve is no target");
    let mut s1 = s.clone();
    s1.forced = vec![5, 5, 6];
    act(&mut s1, 0, "fire usa-i-2 usa-center");
    assert_eq!(s1.units[uid("csa-longstreet")].steps, 2, "F1 from the own line");
    let (mut s2, _, _) = boxed(&units, 0, BStep::Combat);
    assert!(legal_texts(&s2, 1).contains(&"fire csa-cav-stuart usa-center".to_string()), "A enfilades Z");
    s2.forced = vec![5, 1, 1];
    act(&mut s2, 1, "fire csa-cav-stuart usa-center");
    assert_eq!(s2.units[uid("usa-i-1")].steps, 2, "F2 from the enemy line");
    let (s3, _, _) = boxed(&units, 1, BStep::Moves);
    let l = legal_texts(&s3, 0);
    assert!(l.contains(&"bmove usa-i-3 usa-left".to_string()), "X may engage A");
    assert!(!l.iter().any(|t| t.starts_with("bmove ap csa-left")), "an HQ never engages");
}

#[test]
fn t_mor_1_morale_check_bl_7_2() {
    let units = [("csa-cav-stuart", 1, "usa-center"), ("csa-longstreet", 3, "usa-center"), ("csa-bde-1", 1, "csa-reserve"), ("usa-i-1", 3, "usa-center")];
    let (mut s, _, _) = boxed(&units, 0, BStep::Retreat);
    s.forced = vec![2];
    act(&mut s, 1, "end");
    assert!(s.forced.is_empty(), "only the engaged 1-step unit rolls");
    assert_eq!(box_of(&s, "csa-cav-stuart"), Some(bx(Side::Csa, CENTER)), "it disengages");
    assert!(!legal_texts(&s, 1).iter().any(|t| t.starts_with("fire csa-cav-stuart")), "and does not fire");
    let (mut s, _, _) = boxed(&units, 0, BStep::Retreat);
    s.forced = vec![5];
    act(&mut s, 1, "end");
    assert!(legal_texts(&s, 1).contains(&"fire csa-cav-stuart usa-center".to_string()));
}

#[test]
fn t_rout_1_b19_rout_eliminations_bl_7_15() {
    let units = [("usa-i-1", 3, "usa-left"), ("usa-i-3", 2, "usa-reserve"), ("usa-hvy-1", 2, "usa-reserve"), ("csa-longstreet", 3, "usa-left"), ("csa-jackson", 3, "usa-center")];
    let (mut s, h, n) = boxed(&units, 0, BStep::Retreat);
    let b = s.battle.as_mut().unwrap();
    let i = b.idx(uid("usa-i-3") as u8).unwrap();
    b.units[i].disrupted = true;
    // Every hexside's retreat capacity is used up this battle turn.
    b.crossed = n.iter().map(|&x| (x, 4)).collect();
    // The CSA holds the USA Center alone: rout. Pursuit doubled: 3 dice at F1, twice.
    s.forced = vec![6, 1, 1, 6, 1, 1];
    act(&mut s, 1, "end");
    assert!(s.forced.is_empty(), "each pursuer rolls twice");
    for id in ["usa-i-1", "usa-i-3", "usa-hvy-1"] {
        assert_eq!(s.units[uid(id)].st, St::Pool, "{id} is eliminated");
    }
    let _ = h;
}

#[test]
fn t_ret_1_b21_rei_1_retreat_and_reinforcement_limits_bl_7_12_7_51() {
    let g = game();
    let (s0, _, _) = boxed(&[("usa-i-1", 3, "usa-center"), ("csa-longstreet", 3, "csa-center")], 0, BStep::Retreat);
    let find = |want: &dyn Fn(u16, usize) -> bool| -> (u16, u16) {
        for (h, x) in g.data.hexes.iter().enumerate() {
            for dir in 0..6 {
                let n = x.nbr[dir];
                if n != NONE && g.data.hexes[n as usize].terrain == Terrain::Clear && want(h as u16, dir) && g.hexside(h as u16, n).is_some() {
                    return (h as u16, n);
                }
            }
        }
        panic!("no such hexside");
    };
    let d = &g.data;
    let clear = find(&|h, dir| d.hexes[h as usize].terrain == Terrain::Clear && d.hexes[h as usize].side[dir] == SideKind::Clear);
    let forest = find(&|h, dir| d.hexes[h as usize].terrain == Terrain::Forest && d.hexes[h as usize].side[dir] == SideKind::Clear);
    let river = find(&|h, dir| d.hexes[h as usize].side[dir] == SideKind::MinorRiver);
    let gap = find(&|h, dir| d.hexes[h as usize].side[dir] == SideKind::Gap);
    // (hexside, retreat dry day/night, mud day/night, reinforce dry, mud); -1 = "DR".
    for ((h, n), ret, rein) in [(clear, [4, 8, 2, 4], [2, 1]), (forest, [2, 4, 1, 2], [1, -1]), (river, [2, 4, 1, 2], [1, -1]), (gap, [1, 2, 0, 0], [-1, 0])] {
        let mut s = s0.clone();
        s.battle.as_mut().unwrap().hex = h;
        for (mud, k) in [(false, 0), (true, 2)] {
            s.mud = mud;
            let b = s.battle.as_ref().unwrap();
            assert_eq!([g.retreat_room(&s, b, n, false), g.retreat_room(&s, b, n, true)], [ret[k], ret[k + 1]], "T-RET-1 {:?} mud {mud}", d.hexes[h as usize].terrain);
            assert_eq!(g.reinforce_limit(&s, b, n, false), rein[k / 2], "T-REI-1 mud {mud}");
        }
    }
}

#[test]
fn t_env_1_envelopment_roll_modifiers_bl_7_43() {
    let g = game();
    let d = &g.data;
    let mut s = blank("1862");
    s.mud = true;
    // CSA cavalry, forest battle hex, Mud: +1 -1 -1 = -1: a natural 5 or 6 (CSA succeeds on 4+).
    let m = g.fm_modifier(&s, uid("csa-cav-stuart"), true);
    assert_eq!((m, d.fm_success[Side::Csa.idx()] as i8 - m), (-1, 5));
    // USA cavalry, same: needs a modified 5, so a natural 6.
    let m = g.fm_modifier(&s, uid("usa-cav-1"), true);
    assert_eq!(d.fm_success[Side::Usa.idx()] as i8 - m, 6);
    // CSA artillery, forest, Mud: -3 (by our reading, artillery -1): a natural 7, never.
    assert_eq!(g.fm_modifier(&s, uid("csa-art-1"), true), -3);
    // USA infantry, clear, Dry: 5-6.
    s.mud = false;
    assert_eq!(d.fm_success[Side::Usa.idx()] as i8 - g.fm_modifier(&s, uid("usa-i-1"), false), 5);
}

#[test]
fn t_ha_1_b28_heavy_artillery_bl_7_31() {
    let d = &game().data;
    let ty = d.ty(uid("usa-hvy-1"));
    assert_eq!((ty.fire_long, ty.fire_long_fortress, ty.fire_engaged), (6, 5, 4), "F1 field, F2 fortress, F3 engaged");
    let units = [("usa-hvy-1", 2, "usa-center"), ("usa-i-1", 3, "usa-center"), ("csa-longstreet", 3, "csa-center"), ("csa-jackson", 3, "csa-reserve")];
    let (s, _, _) = boxed(&units, 1, BStep::Combat);
    assert!(legal_texts(&s, 0).contains(&"fire usa-hvy-1 csa-reserve".to_string()), "it fires at any box, the Reserve included");
    let (s, _, _) = boxed(&units, 1, BStep::Moves);
    assert!(!legal_texts(&s, 0).iter().any(|t| t.starts_with("bmove usa-hvy-1")), "no battle move");
}

#[test]
fn t_sup_1_sup_2_forage_limits_bl_11_2() {
    let g = game();
    let d = &g.data;
    let mut s = blank("1862");
    let (clear, _) = open_ground();
    let city = d.places.iter().find(|p| p.kind == PlaceKind::City && d.hexes[p.hex as usize].terrain == Terrain::Clear).map(|p| p.hex);
    let forest_town = d.places.iter().find(|p| p.kind == PlaceKind::Town && d.hexes[p.hex as usize].terrain == Terrain::Forest).map(|p| p.hex);
    assert_eq!(g.forage(&s, clear), 4, "T-SUP-1: clear, Dry");
    if let Some(c) = city {
        assert_eq!(g.forage(&s, c), 6, "T-SUP-2: a clear city hex, Dry");
    }
    if let Some(f) = forest_town {
        assert_eq!(g.forage(&s, f), 3, "T-SUP-2: a forest town, Dry");
    }
    s.mud = true;
    assert_eq!(g.forage(&s, clear), 2, "T-SUP-1: clear, Mud");
    if let Some(c) = city {
        assert_eq!(g.forage(&s, c), 4, "T-SUP-2: a clear city hex, Mud");
    }
    if let Some(f) = forest_town {
        assert_eq!(g.forage(&s, f), 2, "T-SUP-2: a forest town, Mud");
    }
}

#[test]
fn t_vp_1_vp_4_reversible_city_vp_and_decisive_clamp_bl_3_1_3_51() {
    let g = game();
    let mut s = blank("1862");
    let w = hx("winchester");
    let pvp = g.data.places[g.data.place_index("winchester").unwrap()].vp as i8;
    assert!(pvp > 0);
    s.control[w as usize] = Side::Csa;
    let v0 = s.vp;
    put(&mut s, "usa-i-1", "winchester", 3);
    g.update_control(&mut s, &mut Log::quiet());
    assert_eq!(s.vp, v0 + pvp, "the USA takes Winchester");
    s.units[uid("usa-i-1")] = Unit::pool();
    g.update_control(&mut s, &mut Log::quiet());
    assert_eq!(s.vp, v0, "left empty: back to the CSA");
    // T-VP-4: one space from the Decisive box, +3: the extra VP are lost.
    s.vp = g.data.decisive - 1;
    g.add_vp(&mut s, Side::Usa, 3);
    assert_eq!(s.vp, g.data.decisive);
}

#[test]
fn t_rep_3_costs_bl_12_3_12_4() {
    let d = &game().data;
    let (usa, csa) = (Side::Usa.idx(), Side::Csa.idx());
    assert_eq!(d.ty(uid("usa-art-1")).step_cost[usa], 2, "USA artillery step");
    assert_eq!(d.ty(uid("ap")).step_cost[usa], 3, "USA HQ step");
    assert_eq!(d.ty(uid("anv")).cadre_cost[csa], 4, "CSA HQ cadre");
    assert_eq!(d.ty(uid("usa-hvy-1")).cadre_cost[usa], 5, "Heavy Artillery cadre");
    assert_eq!((d.ty(uid("csa-bde-1")).cadre_cost[csa], d.ty(uid("csa-bde-1")).step_cost[csa]), (1, 0), "Brigade cadre 1, no steps");
}

#[test]
fn t_nav_1_nav_2_ports_passed_must_be_friendly_bl_10_1_10_3() {
    let g = game();
    let mut s = blank("1862");
    for p in ["baltimore", "fort-monroe", "williamsburg", "harrisons-landing", "city-point", "alexandria", "point-lookout", "aquia-landing"] {
        s.control[hx(p) as usize] = Side::Usa;
    }
    s.control[hx("norfolk") as usize] = Side::Csa;
    let occ = g.occ(&s);
    let p = |id: &str| g.data.place_index(id).unwrap();
    assert!(!g.naval_ok(&s, Side::Usa, p("fort-monroe"), p("city-point"), &occ), "T-NAV-1: Norfolk blocks the James upriver");
    assert!(g.naval_ok(&s, Side::Usa, p("williamsburg"), p("city-point"), &occ), "T-NAV-1: from Williamsburg, past Harrison's Landing");
    assert!(g.naval_ok(&s, Side::Usa, p("baltimore"), p("fort-monroe"), &occ), "T-NAV-1: Fort Monroe is downstream of Norfolk");
    assert!(g.naval_ok(&s, Side::Usa, p("alexandria"), p("fort-monroe"), &occ));
    s.control[hx("harrisons-landing") as usize] = Side::Csa;
    assert!(!g.naval_ok(&s, Side::Usa, p("williamsburg"), p("city-point"), &occ), "T-NAV-1: an enemy Harrison's Landing blocks City Point");
    s.control[hx("aquia-landing") as usize] = Side::Csa;
    assert!(!g.naval_ok(&s, Side::Usa, p("alexandria"), p("fort-monroe"), &occ), "T-NAV-2: Aquia Landing blocks the Potomac");
}

#[test]
fn t_nav_4_only_usa_infantry_invades_bl_10_4() {
    let mut s = blank("1862");
    s.active = Side::Usa;
    s.phase = Phase::Movement;
    s.sm = 2;
    let fm = hx("fort-monroe");
    put_hex(&mut s, "usa-i-1", fm, 3);
    put_hex(&mut s, "usa-cav-1", fm, 2);
    put_hex(&mut s, "csa-huger", hx("norfolk"), 2);
    s.control[fm as usize] = Side::Usa;
    let l = legal_texts(&s, 0);
    assert!(l.iter().any(|t| t.starts_with("invade usa-i-1")), "infantry may invade");
    assert!(!l.iter().any(|t| t.starts_with("invade usa-cav-1")), "cavalry may not");
}

fn campaign(start: &str) -> State {
    let mut setup = Setup::new("campaign", 2, 1);
    setup.options.insert("start".into(), start.into());
    game().setup(&setup).expect("campaign setup")
}

#[test]
fn t_wx_1_november_weather_bl_3_41() {
    let g = game();
    let mut s = campaign("1862");
    s.month = 11;
    s.mud = false;
    s.weather_fixed = false;
    s.forced = vec![4];
    g.begin_turn(&mut s, Side::Csa, &mut Log::quiet());
    assert!(!s.mud && !s.weather_fixed, "turn 1: 4 (even): still Dry");
    s.forced = vec![3];
    g.begin_turn(&mut s, Side::Usa, &mut Log::quiet());
    assert!(s.mud && s.weather_fixed, "turn 2: 3 (odd): Mud");
    s.forced = vec![4];
    g.begin_turn(&mut s, Side::Csa, &mut Log::quiet());
    assert!(s.mud && s.forced == vec![4], "turn 3: no more rolls");
}

#[test]
fn t_vp_2_conscription_bl_3_54() {
    let g = game();
    let mut s = setup("1862");
    s.first_month = false;
    g.start_month(&mut s, &mut Log::quiet());
    assert_eq!(s.phase, Phase::Replacement);
    let v0 = s.vp;
    s.forced = vec![3];
    act(&mut s, 0, "draft");
    assert_eq!(s.draft_cadres[0], 3, "USA: 1d3 = 2, +1: 3 infantry cadres");
    assert_eq!(s.vp, v0 - 1, "the CSA gains 1 VP");
    refused(&s, 0, "draft");
    // The next Replacement Turn of the same year: CSA +2.
    s.drafted_this_turn = [false, false];
    s.forced = vec![1];
    act(&mut s, 0, "draft");
    assert_eq!(s.vp, v0 - 3);
    // The first draft of a new calendar year costs 1 again.
    s.year = 1863;
    g.start_month(&mut s, &mut Log::quiet());
    let v1 = s.vp;
    s.forced = vec![1];
    act(&mut s, 0, "draft");
    assert_eq!(s.vp, v1 - 1);
}

#[test]
fn t_vp_3_emancipation_bl_3_55() {
    let g = game();
    let mut s = setup("1862");
    s.first_month = false;
    s.major_win_last_month = true;
    g.start_month(&mut s, &mut Log::quiet());
    assert_eq!(s.phase, Phase::Emancipation, "the USA decides first");
    let (v0, rp) = (s.vp, s.rp[1]);
    act(&mut s, 0, "emancipate");
    assert_eq!((s.vp, s.rp[1]), (v0 + 3, rp * 2), "USA +3 VP; CSA RP doubled");
    assert!(!g.emancipation_possible(&s), "once per game");
    let mut s = setup("1863");
    s.major_win_last_month = true;
    assert!(!g.emancipation_possible(&s), "not in the 1863 scenario");
    let mut s = campaign("1863");
    s.major_win_last_month = true;
    assert!(g.emancipation_possible(&s), "but in a campaign game in 1863");
}

#[test]
fn t_rep_1_rep_2_cadre_placement_and_spending_bl_12_3_12_41() {
    let g = game();
    let d = &g.data;
    let mut s = blank("1862");
    s.phase = Phase::Replacement;
    s.done = [false, false];
    s.rp = [30, 30];
    let rich = hx("richmond");
    let infantry_at = |s: &State, h: u16| -> Option<Action> {
        g.legal_actions(s, 1).into_iter().find(|a| matches!(a, Action::Build(u, x) if *x == h && g.kind(*u as usize) == UnitKind::Infantry))
    };
    for k in 0..3 {
        let a = infantry_at(&s, rich).unwrap_or_else(|| panic!("cadre {} in Richmond", k + 1));
        g.apply(&mut s, 1, &a, &mut Log::quiet()).unwrap();
    }
    assert!(infantry_at(&s, rich).is_none(), "T-REP-2: a 4th cadre in Richmond is illegal");
    let built = s.units.iter().position(|u| u.st == St::Pending).unwrap();
    assert!(!g.legal_actions(&s, 1).contains(&Action::Step(built as u8)), "T-REP-1: no step for a cadre built this turn");
    let town = d.places.iter().find(|p| p.kind == PlaceKind::Town && d.hexes[p.hex as usize].home == Side::Csa).unwrap().hex;
    let a = infantry_at(&s, town).expect("a cadre in a friendly home town");
    g.apply(&mut s, 1, &a, &mut Log::quiet()).unwrap();
    assert!(infantry_at(&s, town).is_none(), "T-REP-2: one cadre per town");
    let fm = hx("fort-monroe");
    s.control[fm as usize] = Side::Usa;
    assert!(!g.legal_actions(&s, 0).iter().any(|a| matches!(a, Action::Build(_, x) if *x == fm)), "T-REP-2: no cadre at Fort Monroe");
    let usa_town = d.places.iter().find(|p| p.kind == PlaceKind::Town && d.hexes[p.hex as usize].home == Side::Usa).unwrap().hex;
    s.control[usa_town as usize] = Side::Csa;
    assert!(infantry_at(&s, usa_town).is_none(), "T-REP-2: home territory only");
    act(&mut s, 1, "done");
    assert_eq!(s.rp[1], 0, "T-REP-1: leftover RP are lost");
}

#[test]
fn t_regroup_1_retreat_or_reinforce_not_both_bl_6_4() {
    let (mut s, a, _, n) = two_battles(&[("csa-art-1", 2)], &[("usa-i-1", 1)], &[("csa-jackson", 3)], &[("usa-i-2", 3)]);
    put_hex(&mut s, "csa-bde-1", n[0], 1);
    act(&mut s, 0, &format!("fight {}", label(a)));
    act(&mut s, 0, "deploy usa-i-1 usa-center");
    act(&mut s, 1, "deploy csa-art-1 csa-center");
    act(&mut s, 0, "deploy usa-i-2 usa-center");
    act(&mut s, 1, "deploy csa-jackson csa-center");
    act(&mut s, 1, &format!("fight {}", label(a)));
    act(&mut s, 1, "end");
    s.forced = vec![6, 1];
    act(&mut s, 1, "fire csa-art-1 usa-center");
    assert!(matches!(bstep(&s), BStep::Regroup(Side::Csa, 0)), "the victor may regroup while another battle runs");
    let l = legal_texts(&s, 1);
    let back = format!("retreat csa-art-1 {}", label(n[0]));
    assert!(l.contains(&back) && l.contains(&"reinforce csa-bde-1".to_string()), "{l:?}");
    act(&mut s, 1, &back);
    assert!(!legal_texts(&s, 1).iter().any(|t| t.starts_with("reinforce")), "not both");
    act(&mut s, 1, "end");
    assert!(s.disrupted.contains(&(uid("csa-art-1") as u8)), "regrouped units are disrupted");
}

#[test]
fn t_dd_2_forest_double_defense_bl_7_36() {
    let units = [("usa-i-1", 3, "usa-center"), ("csa-longstreet", 3, "usa-center")];
    let forest = |turn: u8| {
        let (mut s, _, _) = boxed(&units, turn, BStep::Combat);
        s.battle.as_mut().unwrap().forest = true;
        s
    };
    // In its own line the USA unit has Double Defense: two hits, one step.
    let mut s = forest(0);
    s.forced = vec![5, 6, 1];
    act(&mut s, 1, "fire csa-longstreet usa-center");
    assert_eq!(s.units[uid("usa-i-1")].steps, 2);
    // The CSA unit advanced into the enemy line: none.
    let mut s = forest(1);
    s.forced = vec![5, 6, 1];
    act(&mut s, 0, "fire usa-i-1 usa-center");
    assert_eq!(s.units[uid("csa-longstreet")].steps, 1);
    // In a melee the side being meleed has it.
    let mut s = forest(1);
    s.forced = vec![4, 4, 1, 1, 1, 1];
    act(&mut s, 0, "melee usa-center");
    assert_eq!(s.units[uid("csa-longstreet")].steps, 2);
}

#[test]
fn t_night_2_disrupted_units_recover_at_night_bl_7_13() {
    let (mut s, _, b) = usa_dawn_turn_in_first_of_two_battles();
    act(&mut s, 0, &format!("retreat usa-i-1 {}", label(b)));
    act(&mut s, 0, "end");
    assert!(!legal_texts(&s, 0).contains(&"reinforce usa-i-1".to_string()), "disrupted units do not reinforce");
    while matches!(bstep(&s), BStep::Retreat | BStep::Combat | BStep::Moves | BStep::Reinforce) {
        let who = s.battle.as_ref().unwrap().phasing();
        act(&mut s, who.idx() as u8, "end");
    }
    assert!(matches!(bstep(&s), BStep::Night(_)));
    let bt = s.battle.as_ref().unwrap();
    assert!(!bt.units[bt.idx(uid("usa-i-1") as u8).unwrap()].disrupted && s.disrupted.is_empty(), "all disrupted units recover at night");
}

#[test]
fn t_rc_1_river_crossing_bl_10_5() {
    let g = game();
    let d = &g.data;
    // A major-river hexside (above the head of navigation) between two land hexes.
    let (h, n) = d
        .hexes
        .iter()
        .enumerate()
        .find_map(|(h, x)| (0..6).find(|&dir| x.side[dir] == SideKind::MajorRiver && x.nbr[dir] != NONE && g.land(x.nbr[dir]) && g.land(h as u16)).map(|dir| (h as u16, x.nbr[dir])))
        .expect("a major river");
    let mut s = blank("1862");
    s.phase = Phase::Movement;
    put_hex(&mut s, "csa-jackson", h, 3);
    s.control[n as usize] = Side::Csa;
    s.sm = 1;
    let cross = format!("cross csa-jackson {}", label(n));
    assert!(legal_texts(&s, 1).contains(&cross), "1 SM into a friendly or empty hex");
    s.control[n as usize] = Side::Usa;
    assert!(!legal_texts(&s, 1).contains(&cross), "2 SM into an enemy-controlled hex");
    s.sm = 2;
    assert!(legal_texts(&s, 1).contains(&cross));
    put_hex(&mut s, "usa-i-1", n, 3);
    assert!(legal_texts(&s, 1).contains(&cross), "BL 5.31: a River Crossing attack, 2 SM");
    act(&mut s, 1, &cross);
    assert_eq!((s.sm, s.attacks.clone()), (0, vec![(h, n, 1)]));
    // No retreat or reinforcement across the unbridged river (rule 10.5).
    assert!(g.hexside(n, h).is_none());
}

#[test]
fn t_rail_4_military_railroad_bl_9_5() {
    let g = game();
    let mut s = setup("1861");
    g.update_military_rr(&mut s);
    assert!(!s.military_rr, "no Washington-Alexandria link in 1861");
    s.alexandria_months = 6;
    g.update_military_rr(&mut s);
    assert!(s.military_rr, "by our reading, six months of USA occupation, if first");
    s.alexandria_months = 0;
    s.year = 1862;
    s.month = 1;
    g.update_military_rr(&mut s);
    assert!(s.military_rr, "from January 1862");
}

#[test]
fn t_rail_5_no_csa_rail_movement_in_the_north_bl_9_1() {
    let g = game();
    let d = &g.data;
    let north = d.hexes.iter().enumerate().find(|(_, x)| x.home == Side::Usa && x.rail() && x.terrain == Terrain::Clear).map(|(h, _)| h as u16).expect("a northern rail hex");
    let mut s = blank("1862");
    s.control[north as usize] = Side::Csa;
    let u = put_hex(&mut s, "csa-jackson", north, 3);
    assert!(g.rail_dests(&s, u, &g.occ(&s)).is_empty());
}

#[test]
fn t_siege_1_naval_supply_lifts_a_siege_bl_11_8() {
    let g = game();
    let d = &g.data;
    let mut s = blank("1862");
    let fm = hx("fort-monroe");
    s.control[fm as usize] = Side::Usa;
    s.control[hx("baltimore") as usize] = Side::Usa;
    put_hex(&mut s, "usa-i-1", fm, 3);
    let csa = ["csa-longstreet", "csa-jackson", "csa-ewell", "csa-hood", "csa-dh-hill", "csa-huger"];
    let mut k = 0;
    for &n in &d.hexes[fm as usize].nbr {
        if n != NONE && g.land(n) {
            put_hex(&mut s, csa[k], n, 2);
            k += 1;
        }
    }
    assert!(k > 0);
    assert!(!g.besieged_hexes(&s, Side::Usa, &g.occ(&s))[fm as usize], "T-SIEGE-1: naval supply to Baltimore");
    // Inland, surrounded on every side: besieged.
    let mut s = blank("1862");
    let (h, n) = open_ground();
    put_hex(&mut s, "usa-i-1", h, 3);
    for (i, &x) in n.iter().enumerate() {
        put_hex(&mut s, csa[i], x, 2);
    }
    assert!(g.besieged_hexes(&s, Side::Usa, &g.occ(&s))[h as usize]);
}

#[test]
fn t_vp_5_supply_hex_vps_at_month_end_bl_3_52() {
    let g = game();
    let d = &g.data;
    let vp_after = |occupy: &[(Side, u16)]| -> i8 {
        let mut s = blank("1862");
        s.month = 6;
        for (k, &(side, h)) in occupy.iter().enumerate() {
            let id = if side == Side::Csa { ["csa-longstreet", "csa-jackson", "csa-ewell"][k] } else { ["usa-i-1", "usa-i-2", "usa-i-3"][k] };
            put_hex(&mut s, id, h, 3);
            s.control[h as usize] = side;
        }
        let v0 = s.vp;
        g.month_end(&mut s, &mut Log::quiet());
        s.vp - v0
    };
    let usa: Vec<u16> = d.places.iter().filter(|p| p.supply_source == Some(Side::Usa)).map(|p| p.hex).collect();
    let csa: Vec<u16> = d.places.iter().filter(|p| p.supply_source == Some(Side::Csa)).map(|p| p.hex).collect();
    assert_eq!((usa.len(), csa.len()), (3, 3));
    let base = vp_after(&[]);
    assert_eq!(vp_after(&[(Side::Csa, usa[0])]) - base, -1, "the CSA occupies a USA rail supply hex: CSA +1");
    assert_eq!(vp_after(&[(Side::Usa, csa[0]), (Side::Usa, csa[1])]) - base, 0, "two of three: nothing");
    assert_eq!(vp_after(&[(Side::Usa, csa[0]), (Side::Usa, csa[1]), (Side::Usa, csa[2])]) - base, 1, "all three: USA +1");
}

// ------------------------------------------------------------------ supply, rail, siege

/// Put the `k`-th USA (or CSA) non-HQ block of the unit list in `h`.
fn put_nth(s: &mut State, side: Side, k: usize, h: u16, steps: u8) -> usize {
    let g = game();
    let d = &g.data;
    let u = (0..d.units.len()).filter(|&i| d.units[i].side == side && g.kind(i) != UnitKind::Hq).nth(k).expect("enough blocks");
    s.units[u] = Unit { st: St::Map, hex: h, steps, from: h, ..Unit::pool() };
    u
}

#[test]
fn t_nav_3_naval_supply_chain_bl_11_4_11_5() {
    // BL 11.4 / 11.5 (ES L1141): rail to West Point, then naval to Baltimore.
    let g = game();
    let mut s = blank("1862");
    for p in ["baltimore", "fort-monroe"] {
        s.control[hx(p) as usize] = Side::Usa;
    }
    let places = ["fair-oaks", "white-house", "west-point", "yorktown"];
    for (k, p) in places.iter().enumerate() {
        put_nth(&mut s, Side::Usa, k, hx(p), 3);
    }
    g.update_control(&mut s, &mut Log::quiet());
    let occ = g.occ(&s);
    let net = g.supply_net(&s, Side::Usa, &occ);
    let sup = g.supplied(&s, Side::Usa, &occ);
    for p in ["west-point", "yorktown"] {
        assert!(net[hx(p) as usize], "T-NAV-3: {p} is a friendly port with naval supply to Baltimore");
    }
    for p in ["fair-oaks", "white-house"] {
        assert!(net[hx(p) as usize] && sup[hx(p) as usize], "T-NAV-3: {p} is supplied by rail, then naval, to Baltimore");
    }
    // White House left empty: the rail line is broken there.
    let wh = (0..s.units.len()).find(|&i| s.units[i].st == St::Map && s.units[i].hex == hx("white-house")).unwrap();
    s.units[wh] = Unit::pool();
    g.update_control(&mut s, &mut Log::quiet());
    let occ = g.occ(&s);
    let net = g.supply_net(&s, Side::Usa, &occ);
    let sup = g.supplied(&s, Side::Usa, &occ);
    let fo = hx("fair-oaks");
    assert!(!net[hx("white-house") as usize] && !net[fo as usize], "T-NAV-3: the line is broken at White House");
    let next_to_supplied = g.data.hexes[fo as usize].nbr.iter().any(|&n| n != NONE && net[n as usize]);
    assert_eq!(sup[fo as usize], next_to_supplied, "T-NAV-3: Fair Oaks is supplied only if next to a supplied hex");
}

#[test]
fn t_rail_1_usa_using_csa_rail_bl_9_1() {
    // BL 9.1 (ES L1001): the USA uses CSA rail only where it occupies
    // every hex. On this map the Orange & Alexandria runs through unnamed hexes between the
    // towns of the example, so the USA occupies every rail hex from Alexandria to Gordonsville.
    let g = game();
    let mut s = blank("1862");
    s.military_rr = true; // BL 9.5: 1862, the Washington-Alexandria link exists (T-RAIL-4).
    let line = ["1414", "1314", "1214", "1115", "1015", "1016", "0916", "0817", "0818", "0719"];
    let mut hexes: Vec<u16> = line.iter().map(|l| hx(l)).collect();
    hexes.extend([hx("washington"), hx("warrenton")]);
    for (k, &h) in hexes.iter().enumerate() {
        put_nth(&mut s, Side::Usa, k, h, 3);
    }
    g.update_control(&mut s, &mut Log::quiet());
    let occ = g.occ(&s);
    let net = g.supply_net(&s, Side::Usa, &occ);
    let sup = g.supplied(&s, Side::Usa, &occ);
    let gv = hx("gordonsville");
    assert!(net[gv as usize], "T-RAIL-1: Gordonsville is the USA railhead");
    for &n in g.data.hexes[gv as usize].nbr.iter().filter(|&&n| n != NONE && g.land(n)) {
        let hs = g.data.hexes[gv as usize].nbr.iter().position(|&x| x == n).unwrap();
        if !g.blocks_tracing(&s, g.data.hexes[gv as usize].side[hs]) {
            assert!(sup[n as usize], "T-RAIL-1: units next to Gordonsville have rail supply ({})", g.data.hexes[n as usize].label);
        }
    }
    // Manassas left empty: the railhead falls back to Alexandria.
    let m = (0..s.units.len()).find(|&i| s.units[i].st == St::Map && s.units[i].hex == hx("manassas")).unwrap();
    s.units[m] = Unit::pool();
    g.update_control(&mut s, &mut Log::quiet());
    let occ = g.occ(&s);
    let net = g.supply_net(&s, Side::Usa, &occ);
    assert!(net[hx("alexandria") as usize], "T-RAIL-1: Alexandria is the railhead");
    for p in ["manassas", "warrenton", "culpeper", "gordonsville"] {
        assert!(!net[hx(p) as usize], "T-RAIL-1: {p} loses rail supply");
    }
}

#[test]
fn t_rail_2_gauge_change_costs_two_sm_bl_9_4() {
    // BL 9.4: crossing from standard to broad gauge costs 2 SM, or 1 SM if
    // the move stops at the junction.
    let g = game();
    let d = &g.data;
    let csa = |h: u16| d.hexes[h as usize].home == Side::Csa && g.land(h);
    let (j, a, b) = d
        .hexes
        .iter()
        .enumerate()
        .find_map(|(j, x)| {
            let j = j as u16;
            if !csa(j) {
                return None;
            }
            let a = (0..6).find(|&i| x.rail_std & (1 << i) != 0 && x.rail_broad & (1 << i) == 0 && csa(x.nbr[i]))?;
            let b = (0..6).find(|&i| x.rail_broad & (1 << i) != 0 && x.rail_std & (1 << i) == 0 && csa(x.nbr[i]))?;
            Some((j, x.nbr[a], x.nbr[b]))
        })
        .expect("a standard/broad junction");
    let mut s = blank("1862");
    let u = put_hex(&mut s, "csa-longstreet", a, 3);
    let r = g.rail_dests(&s, u, &g.occ(&s));
    let cost = |h: u16| r.iter().find(|x| x.0 == h).map(|x| x.1);
    assert_eq!(cost(j), Some(1), "T-RAIL-2: stopping at the junction {}", d.hexes[j as usize].label);
    assert_eq!(cost(b), Some(2), "T-RAIL-2: across the gauge change to {}", d.hexes[b as usize].label);
}

#[test]
fn t_rail_3_off_map_hop_bl_9_3() {
    // BL 9.3: between two friendly rail supply hexes, USA 1 SM, CSA 2 SM.
    let g = game();
    let d = &g.data;
    for (side, from, to, sm) in [(Side::Usa, "pittsburgh-rr", "philadelphia-rr", 1), (Side::Csa, "tennessee-rr", "weldon-rr", 2)] {
        let mut s = blank("1862");
        let h = hx(from);
        // Cut the on-map rail out of the start hex, so only the off-map hop remains.
        for &n in d.hexes[h as usize].nbr.iter().filter(|&&n| n != NONE) {
            s.control[n as usize] = side.other();
        }
        let u = put_nth(&mut s, side, 0, h, 3);
        let r = g.rail_dests(&s, u, &g.occ(&s));
        assert_eq!(r.iter().find(|x| x.0 == hx(to)).map(|x| x.1), Some(sm), "T-RAIL-3: {from} to {to}");
    }
}

#[test]
fn t_sup_3_hq_supply_bl_11_7() {
    // BL 11.7: a 2-step HQ pays a step to cancel attrition in its range; an
    // HQ at 1 step cannot.
    let g = game();
    let d = &g.data;
    let mut s = blank("1862");
    s.mud = true;
    s.active = Side::Csa;
    s.phase = Phase::Supply;
    let sup = g.supplied(&s, Side::Csa, &g.occ(&s));
    let (h, n) = d
        .hexes
        .iter()
        .enumerate()
        .find_map(|(h, x)| {
            let h = h as u16;
            let ok = |h: u16| g.land(h) && !sup[h as usize] && d.hexes[h as usize].terrain == Terrain::Clear && d.hexes[h as usize].place.is_none();
            if !ok(h) {
                return None;
            }
            let i = (0..6).find(|&i| x.nbr[i] != NONE && x.side[i] == SideKind::Clear && ok(x.nbr[i]))?;
            Some((h, x.nbr[i]))
        })
        .expect("two unsupplied clear hexes");
    assert_eq!(g.forage(&s, h), 2, "clear, Mud");
    for k in 0..5 {
        put_nth(&mut s, Side::Csa, k, h, 2);
    }
    let hq = put_hex(&mut s, "anv", n, 2);
    assert!(g.command_hexes(&s, hq, &g.occ(&s))[h as usize], "the units are within the HQ's range");
    assert_eq!(g.attrition_losses(&s).len(), 3, "T-SUP-3: limit 2, 3 units would lose a step");
    assert!(legal_texts(&s, 1).iter().any(|t| t == "hq-supply anv"));
    act(&mut s, 1, "hq-supply anv");
    assert_eq!(s.units[hq].steps, 1, "T-SUP-3: the HQ is reduced to 1");
    assert!(g.attrition_losses(&s).is_empty(), "T-SUP-3: no attrition in its range");
    // An HQ at 1 step cannot.
    s.hq_supply.clear();
    assert!(!legal_texts(&s, 1).iter().any(|t| t == "hq-supply anv"), "T-SUP-3: not at 1 step");
}

#[test]
fn t_siege_2_besieged_units_are_removed_for_good_bl_11_81() {
    // BL 11.81: a besieged unit eliminated by siege attrition is removed
    // permanently and can never be rebuilt.
    let g = game();
    let mut s = blank("1862");
    s.month = 6;
    let (h, n) = open_ground();
    let u = put_hex(&mut s, "usa-i-1", h, 1);
    let csa = ["csa-longstreet", "csa-jackson", "csa-ewell", "csa-hood", "csa-dh-hill", "csa-huger"];
    for (i, &x) in n.iter().enumerate() {
        put_hex(&mut s, csa[i], x, 2);
    }
    assert!(g.besieged_hexes(&s, Side::Usa, &g.occ(&s))[h as usize]);
    g.month_end(&mut s, &mut Log::quiet());
    assert_eq!(s.units[u].st, St::Removed, "T-SIEGE-2: eliminated by siege attrition: removed for good");
    // Not a candidate cadre in a Replacement Turn.
    s.phase = Phase::Replacement;
    s.done = [false, false];
    s.rp = [20, 20];
    assert!(!legal_texts(&s, 0).iter().any(|t| t.starts_with("build usa-i-1 ")), "T-SIEGE-2: never rebuilt");
    // An ordinary elimination (not besieged) goes back to the pool.
    let mut t = blank("1862");
    let v = put_hex(&mut t, "usa-i-2", h, 1);
    g.lose_step(&mut t, v, false);
    assert_eq!(t.units[v].st, St::Pool);
}

#[test]
fn t_vp_6_washington_siege_bl_11_8_3_52() {
    // BL 11.8 / 3.52: Washington besieged at month end: every unit there
    // loses a step and the CSA gains 1 VP; while the CSA holds Washington it keeps scoring.
    let g = game();
    let d = &g.data;
    let w = hx("washington");
    let mut s = blank("1862");
    s.month = 6;
    let a = put_nth(&mut s, Side::Usa, 0, w, 3);
    let b = put_nth(&mut s, Side::Usa, 1, w, 2);
    let mut k = 0;
    for &n in &d.hexes[w as usize].nbr {
        if n != NONE && g.land(n) {
            put_nth(&mut s, Side::Csa, k, n, 3);
            k += 1;
        }
    }
    assert!(g.besieged_hexes(&s, Side::Usa, &g.occ(&s))[w as usize], "Washington has no naval supply");
    // Town VPs for the hexes the CSA took are scored first, outside the comparison.
    g.update_control(&mut s, &mut Log::quiet());
    let v0 = s.vp;
    g.month_end(&mut s, &mut Log::quiet());
    assert_eq!((s.units[a].steps, s.units[b].steps), (2, 1), "T-VP-6: every unit in Washington loses 1 step");
    assert_eq!(s.vp - v0, -1, "T-VP-6: CSA +1 VP");
    // By our reading, the CSA in Washington keeps scoring at each month end.
    let mut s = blank("1862");
    s.month = 6;
    put_nth(&mut s, Side::Csa, 0, w, 3);
    g.update_control(&mut s, &mut Log::quiet());
    let v0 = s.vp;
    g.month_end(&mut s, &mut Log::quiet());
    assert_eq!(s.vp - v0, -1, "T-VP-6: CSA-held Washington: +1 each month end");
}

#[test]
fn t_siege_2_besieged_defenders_eliminated_in_battle_are_removed_for_good_bl_11_81() {
    // BL 11.81: besieged units eliminated by combat are removed
    // permanently, like those eliminated by siege attrition (a plain elimination sends a block
    // back to the pool: see the test above).
    let g = game();
    let mut s = blank("1862");
    s.month = 6;
    let (h, n) = open_ground();
    let u = put_hex(&mut s, "usa-i-1", h, 1);
    put_hex(&mut s, "csa-longstreet", h, 4);
    let ring = ["csa-jackson", "csa-ewell", "csa-hood", "csa-dh-hill", "csa-huger", "csa-magruder"];
    for (i, &x) in n.iter().enumerate() {
        put_hex(&mut s, ring[i], x, 2);
    }
    s.attacks.push((n[0], h, 1));
    g.start_combat(&mut s, &mut Log::quiet());
    assert!(s.battles.iter().chain(s.battle.iter()).all(|b| b.besieged), "BL 11.8: the siege is noted as the battle begins");
    let mut guard = 0;
    while s.units[u].st == St::Map && guard < 40 {
        let seat = g.active_seats(&s)[0];
        let l = legal_texts(&s, seat);
        let pick = l.iter().find(|t| t.starts_with("deploy") || *t == "bmove csa-longstreet usa-center" || t.starts_with("fire csa-longstreet")).or_else(|| l.iter().find(|t| *t == "end")).unwrap_or(&l[0]).clone();
        s.forced = vec![1; 8];
        act(&mut s, seat, &pick);
        guard += 1;
    }
    assert_eq!(s.units[u].st, St::Removed, "T-SIEGE-2: besieged, eliminated in battle: removed for good");
}

/// A USA force besieged in open ground by six CSA blocks, at the start of a CSA Campaign Turn.
fn siege() -> (State, u16, usize, usize) {
    let mut s = blank("1862");
    s.month = 6;
    let (h, n) = open_ground();
    let a = put_hex(&mut s, "usa-i-1", h, 2);
    let b = put_hex(&mut s, "usa-i-2", h, 1);
    let ring = ["csa-longstreet", "csa-jackson", "csa-ewell", "csa-hood", "csa-dh-hill", "csa-huger"];
    for (i, &x) in n.iter().enumerate() {
        put_hex(&mut s, ring[i], x, 2);
    }
    (s, h, a, b)
}

#[test]
fn t_siege_2_a_demanded_surrender_may_be_refused_or_accepted_bl_11_81() {
    // BL 11.81: during a Campaign Turn the active player may demand the
    // surrender of besieged enemy forces; the besieged player may accept or refuse.
    let g = game();
    let (mut s, h, a, b) = siege();
    let at = label(h);
    assert!(legal_texts(&s, 1).contains(&format!("demand {at}")), "the active player may demand");
    assert_eq!(refused(&s, 0, &format!("demand {at}")).rule, "BL 11.81", "only the active player demands");
    act(&mut s, 1, &format!("demand {at}"));
    assert_eq!(g.active_seats(&s), vec![0], "the besieged player answers");
    assert_eq!(legal_texts(&s, 0), vec![format!("surrender {at}"), "refuse".to_string()]);
    assert!(legal_texts(&s, 1).is_empty(), "the demanding player waits for the answer");
    assert!(g.describe(&s, Some(0)).contains("demands the surrender"));
    // Refused: nothing changes, and the demand is not repeated this turn.
    let before = s.units.clone();
    act(&mut s, 0, "refuse");
    assert_eq!(s.units, before, "T-SIEGE-2: a demanded surrender may be refused");
    assert_eq!(s.demand, None);
    assert_eq!(refused(&s, 1, &format!("demand {at}")).rule, "BL 11.81", "by our reading, one demand per hex and Campaign Turn");
    // Next CSA turn: demanded again and accepted. The units are eliminated but may be rebuilt.
    g.begin_turn(&mut s, Side::Csa, &mut Log::quiet());
    act(&mut s, 1, &format!("demand {at}"));
    act(&mut s, 0, &format!("surrender {at}"));
    assert_eq!((s.units[a].st, s.units[b].st), (St::Pool, St::Pool), "T-SIEGE-2: surrendered units are eliminated, not removed");
    assert!(s.units.iter().all(|x| x.hex != h), "the hex is empty");
    assert!(g.check_invariants(&s).is_ok());
    s.phase = Phase::Replacement;
    s.done = [false, false];
    s.rp = [20, 20];
    assert!(legal_texts(&s, 0).iter().any(|t| t.starts_with("build usa-i-1 ")), "T-SIEGE-2: a surrendered unit may be rebuilt");
}

#[test]
fn t_siege_2_a_voluntary_surrender_in_the_own_turn_bl_11_81() {
    // BL 11.81: a besieged player may surrender voluntarily during its own
    // Campaign Turn, and this must be accepted (no answer from the enemy).
    let g = game();
    let (mut s, h, a, _) = siege();
    let at = label(h);
    assert_eq!(refused(&s, 0, &format!("surrender {at}")).rule, "BL 11.81", "not in the enemy's turn");
    s.active = Side::Usa;
    assert!(!legal_texts(&s, 0).contains(&format!("demand {at}")));
    act(&mut s, 0, &format!("surrender {at}"));
    assert_eq!(s.units[a].st, St::Pool, "T-SIEGE-2: the voluntary surrender takes effect at once");
    assert_eq!(g.active_seats(&s), vec![0], "the USA goes on with its turn");
    // A force that is not besieged may not surrender, and its surrender may not be demanded.
    let (mut s, h, _, _) = siege();
    let n = g.data.hexes[h as usize].nbr[0];
    let x = s.units.iter().position(|u| u.hex == n).expect("ring");
    s.units[x] = Unit::pool();
    assert_eq!(refused(&s, 1, &format!("demand {}", label(h))).rule, "BL 11.81", "not besieged: no demand");
    s.active = Side::Usa;
    assert_eq!(refused(&s, 0, &format!("surrender {}", label(h))).rule, "BL 11.81", "not besieged: no surrender");
}

#[test]
fn t_nav_1_an_invasion_of_a_coastal_hex_may_not_pass_an_enemy_port_bl_10_4() {
    // BL 10.4: an invasion that passes Norfolk to reach the James upriver is
    // illegal while the CSA controls Norfolk; the route to a coastal hex that is not a port is
    // checked like the route to a port (rule 10.3).
    let mut s = blank("1862");
    s.active = Side::Usa;
    s.phase = Phase::Movement;
    s.sm = 2;
    let fm = hx("fort-monroe");
    put_hex(&mut s, "usa-i-1", fm, 3);
    for p in ["fort-monroe", "williamsburg", "yorktown"] {
        s.control[hx(p) as usize] = Side::Usa;
    }
    s.control[hx("norfolk") as usize] = Side::Csa;
    let james = hx("1527");
    let york = hx("1727");
    assert!(game().data.hexes[james as usize].place.is_none() && game().data.hexes[york as usize].place.is_none());
    let l = legal_texts(&s, 0);
    assert!(!l.contains(&"invade usa-i-1 1527".to_string()), "T-NAV-1: the James above Norfolk is closed");
    assert!(l.contains(&"invade usa-i-1 1727".to_string()), "the York is open");
    s.control[hx("norfolk") as usize] = Side::Usa;
    assert!(legal_texts(&s, 0).contains(&"invade usa-i-1 1527".to_string()), "a USA Norfolk opens the James");
    // From Baltimore, past an enemy Fort Monroe: no invasion of the York or the James.
    let mut s = blank("1862");
    s.active = Side::Usa;
    s.phase = Phase::Movement;
    s.sm = 2;
    put_hex(&mut s, "usa-i-1", hx("baltimore"), 3);
    for p in ["baltimore", "norfolk", "williamsburg", "yorktown"] {
        s.control[hx(p) as usize] = Side::Usa;
    }
    s.control[hx("fort-monroe") as usize] = Side::Csa;
    let l = legal_texts(&s, 0);
    assert!(!l.contains(&"invade usa-i-1 1527".to_string()), "the James is past Fort Monroe");
    assert!(!l.contains(&"invade usa-i-1 1727".to_string()), "so is the York");
    assert!(l.contains(&"invade usa-i-1 1723".to_string()), "the open Bay shore is not");
}

#[test]
fn t_mor_1_the_owner_chooses_where_a_forced_disengagement_goes_bl_7_2_7_42() {
    // BL 7.2 / 7.42: a unit failing its morale check must disengage "to its
    // own line or Reserve": where it has a choice of friendly non-engaged positions, the owner
    // chooses. Here the CSA holds the USA Right, which faces the CSA Left.
    let units = [("csa-cav-stuart", 1, "csa-left"), ("usa-i-2", 2, "csa-left"), ("csa-jackson", 2, "usa-right"), ("csa-longstreet", 3, "csa-center"), ("usa-i-1", 3, "usa-center")];
    let (mut s, _, _) = boxed(&units, 0, BStep::Retreat);
    s.forced = vec![2];
    act(&mut s, 1, "end");
    assert_eq!(bstep(&s), BStep::Disengage { u: uid("csa-cav-stuart") as u8, morale: true });
    assert_eq!(game().active_seats(&s), vec![1]);
    let mut l = legal_texts(&s, 1);
    l.sort();
    assert_eq!(l, vec!["disengage csa-cav-stuart csa-reserve", "disengage csa-cav-stuart usa-right"]);
    act(&mut s, 1, "disengage csa-cav-stuart usa-right");
    assert_eq!(box_of(&s, "csa-cav-stuart"), Some(bx(Side::Usa, RIGHT)));
    assert_eq!(bstep(&s), BStep::Combat, "then the combat segment");
    assert!(!legal_texts(&s, 1).iter().any(|t| t.starts_with("fire csa-cav-stuart")), "it does not fire");
}

/// Speed and identity probe: random seeded games on one core; the hash of every
/// final state must not change when the rules code is only made faster.
/// `cargo test --release -p bivouac-systems --lib bobby_lee::tests::speed_probe -- --ignored --nocapture`
#[test]
#[ignore]
fn speed_probe() {
    let g = game();
    let n: u64 = std::env::var("BIVOUAC_PROBE_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(40);
    let (mut t_legal, mut t_apply, mut actions, mut listings) = (0f64, 0f64, 0usize, 0usize);
    let mut all = String::new();
    let mut per_phase: std::collections::BTreeMap<String, (f64, usize)> = Default::default();
    for sc in ["1861", "1862", "1863", "1864"] {
        for seed in 0..n {
            let mut s = game().setup(&Setup::new(sc, 2, seed)).unwrap();
            let mut rng = bivouac_engine::GameRng::new(seed ^ 0x5eed);
            while g.outcome(&s).is_none() && actions < 50_000_000 {
                let act = g.active_seats(&s);
                let seat = act[rng.pick(act.len())];
                let t0 = std::time::Instant::now();
                let l = g.legal_actions(&s, seat);
                let dt = t0.elapsed().as_secs_f64();
                t_legal += dt;
                let key = format!("{:?}", s.phase);
                let e = per_phase.entry(key).or_insert((0f64, 0usize));
                e.0 += dt;
                e.1 += 1;
                listings += 1;
                let a = l[rng.pick(l.len())].clone();
                let t1 = std::time::Instant::now();
                g.apply(&mut s, seat, &a, &mut Log::quiet()).unwrap();
                t_apply += t1.elapsed().as_secs_f64();
                actions += 1;
            }
            all.push_str(&bivouac_engine::game::state_hash(&s));
        }
    }
    for (k, (t, n)) in &per_phase {
        println!("  {k}: {n} listings, {:.2} us each, {:.0} ms in all", t * 1e6 / *n as f64, t * 1e3);
    }
    println!("{actions} actions; legal {:.2} us/listing; apply {:.2} us/action; {:.0} actions/s; hash {}", t_legal * 1e6 / listings as f64, t_apply * 1e6 / actions as f64, actions as f64 / (t_legal + t_apply), bivouac_engine::game::state_hash(&all));
}

#[test]
fn siege_of_a_group_of_adjacent_hexes_bl_11_8() {
    // BL 11.8 (seed: "un hex (o grupo de hexes adyacentes) está asediado si todos los hexes
    // adyacentes jugables están ocupados por fuerzas enemigas"): two adjacent
    // USA hexes ringed by the CSA form one besieged group; both lose a step at month end.
    let g = game();
    let d = &g.data;
    let mut s = blank("1862");
    s.month = 6;
    let (h, n) = open_ground();
    let a = put_hex(&mut s, "usa-i-1", h, 3);
    let b = put_hex(&mut s, "usa-i-2", n[0], 3);
    let group = [h, n[0]];
    let mut ring: Vec<u16> = Vec::new();
    for &x in &group {
        for i in 0..6 {
            let y = d.hexes[x as usize].nbr[i];
            if y != NONE && g.land(y) && d.hexes[x as usize].side[i] != SideKind::Mountain && !group.contains(&y) && !ring.contains(&y) {
                ring.push(y);
            }
        }
    }
    assert!(ring.len() >= 8, "two open-ground hexes have at least 8 outer neighbours");
    let csa: Vec<usize> = (0..d.units.len()).filter(|&u| d.units[u].side == Side::Csa).take(ring.len()).collect();
    for (&x, &u) in ring.iter().zip(&csa) {
        put_hex(&mut s, &d.units[u].id, x, 2);
    }
    let besieged = g.besieged_hexes(&s, Side::Usa, &g.occ(&s));
    assert!(besieged[h as usize] && besieged[n[0] as usize], "BL 11.8: the group is besieged");
    assert!(!besieged.iter().enumerate().any(|(x, &v)| v && !group.contains(&(x as u16))), "only the group");
    // Each hex alone has a friendly (not enemy) neighbour: the group, not the hex, is the unit.
    let mut t = s.clone();
    g.month_end(&mut t, &mut Log::quiet());
    assert_eq!((t.units[a].steps, t.units[b].steps), (2, 2), "BL 11.8: every unit of the group loses 1 step");
    // One outer neighbour left empty: the group is not besieged, nor is either hex.
    s.units[csa[ring.len() - 1]] = Unit::pool();
    let besieged = g.besieged_hexes(&s, Side::Usa, &g.occ(&s));
    assert!(!besieged.iter().any(|&v| v), "BL 11.8: an empty outer neighbour lifts the siege of the whole group");
}

#[test]
fn a_naval_evacuation_may_not_pass_an_enemy_port_bl_10_3_10_42() {
    // BL 10.42 / 10.3: a naval evacuation from a coastal hex that is not a port goes to a
    // friendly port by a route that passes no enemy-controlled port: from the James above
    // Norfolk, none while the CSA holds Norfolk.
    let mut s = blank("1862");
    s.active = Side::Usa;
    s.phase = Phase::Movement;
    s.sm = 2;
    let james = hx("1527");
    put_hex(&mut s, "usa-i-1", james, 3);
    for p in ["fort-monroe", "baltimore", "williamsburg", "yorktown"] {
        s.control[hx(p) as usize] = Side::Usa;
    }
    s.control[hx("norfolk") as usize] = Side::Csa;
    let to = |p: &str| format!("evacuate usa-i-1 {}", label(hx(p)));
    let l = legal_texts(&s, 0);
    assert!(!l.iter().any(|t| t.starts_with("evacuate")), "BL 10.3: every route passes the CSA Norfolk: {l:?}");
    assert_eq!(refused(&s, 0, &to("baltimore")).rule, "BL 10.42", "refused: the evacuation rule, not the generic strategic-move rule");
    s.control[hx("norfolk") as usize] = Side::Usa;
    let l = legal_texts(&s, 0);
    assert!(l.contains(&to("baltimore")) && l.contains(&to("fort-monroe")), "a USA Norfolk opens the James: {l:?}");
    s.sm = 1;
    assert!(!legal_texts(&s, 0).iter().any(|t| t.starts_with("evacuate")), "BL 10.42: an evacuation costs 2 SM");
    assert_eq!(refused(&s, 0, &to("baltimore")).rule, "BL 10.42", "too few SM for an evacuation");
    s.sm = 0;
    assert_eq!(refused(&s, 0, &to("baltimore")).rule, "BL 5.4", "no Strategic Moves left at all");
}

#[test]
fn a_forced_disengagement_after_a_second_melee_round_is_the_owners_choice_bl_7_35_7_42() {
    // BL 7.35 / 7.42: after round 2 the active player, not holding the position, must
    // disengage at once, to a friendly non-engaged position of its choice: here its own Reserve
    // or the CSA flank it has taken (its facing box, held by the USA and free of the CSA).
    let units = [("usa-i-1", 3, "usa-left"), ("usa-i-2", 2, "csa-right"), ("usa-i-3", 2, "csa-left"), ("csa-longstreet", 2, "usa-left"), ("csa-jackson", 2, "csa-center")];
    let (mut s, _, _) = boxed(&units, 1, BStep::Combat);
    for t in ["csa-left", "csa-right"] {
        s.battle.as_mut().unwrap().owner[super::battle::parse_box(t).unwrap() as usize] = Side::Usa;
    }
    s.forced = vec![4, 2, 1, 6, 3];
    act(&mut s, 0, "melee usa-left");
    assert!(matches!(bstep(&s), BStep::Melee { .. }), "{:?}", bstep(&s));
    act(&mut s, 0, "press");
    s.forced = vec![2, 3, 5];
    act(&mut s, 1, "press");
    let u = uid("usa-i-1") as u8;
    assert_eq!(bstep(&s), BStep::Disengage { u, morale: false }, "BL 7.35: the owner chooses where");
    let l: Vec<String> = legal_texts(&s, 0).into_iter().filter(|t| t.starts_with("disengage")).collect();
    assert_eq!(l.len(), 2, "BL 7.42: own Reserve or the facing friendly position: {l:?}");
    assert!(l.contains(&"disengage usa-i-1 usa-reserve".to_string()), "{l:?}");
    let far = l.iter().find(|t| !t.ends_with("usa-reserve")).unwrap().clone();
    assert!(far.contains(" csa-"), "{l:?}");
    assert!(legal_texts(&s, 1).is_empty(), "only the owner acts");
    act(&mut s, 0, &far);
    assert_eq!(box_of(&s, "usa-i-1").map(super::battle::bside), Some(Side::Csa), "the block stands in the taken enemy flank");
    assert_ne!(bstep(&s), BStep::Disengage { u, morale: false });
}

#[test]
fn t_sup_4_a_port_without_rail_supply_needs_a_naval_line_to_baltimore_bl_11_31() {
    // BL 11.31: Baltimore is a USA supply source; a port without rail supply, such as Fort
    // Monroe, is a supply source only through a naval supply line to Baltimore, not through a
    // naval link to another (rail-supplied) port.
    let g = game();
    let mut s = blank("1862");
    let (fm, hdg, balt) = (hx("fort-monroe"), hx("havre-de-grace"), hx("baltimore"));
    s.control[fm as usize] = Side::Usa;
    put_hex(&mut s, "usa-i-1", fm, 3);
    let occ = g.occ(&s);
    let net = g.supply_net(&s, Side::Usa, &occ);
    assert!(net[balt as usize] && net[fm as usize], "Fort Monroe: naval supply line to Baltimore");
    // The CSA takes Baltimore: Havre de Grace keeps its rail supply and a clear naval route
    // to Fort Monroe, but that is not a line to Baltimore.
    put_hex(&mut s, "csa-longstreet", balt, 3);
    s.control[balt as usize] = Side::Csa;
    let occ = g.occ(&s);
    let p = |id: &str| g.data.place_index(id).unwrap();
    assert!(g.naval_ok(&s, Side::Usa, p("havre-de-grace"), p("fort-monroe"), &occ));
    let net = g.supply_net(&s, Side::Usa, &occ);
    assert!(net[hdg as usize], "Havre de Grace is on the rail line from Philadelphia");
    assert!(!net[fm as usize], "BL 11.31: no naval line to Baltimore, so Fort Monroe is no supply source");
}

/// BL 3.2.3 free set-up played by the AI agents: where the blocks end up (a probe, by hand):
/// `cargo test --release -p bivouac-systems --lib bobby_lee::tests::deploy_probe -- --ignored --nocapture`
#[test]
#[ignore]
fn deploy_probe() {
    use bivouac_engine::agent::{Agent, Decision, HeuristicAgent, RandomAgent};
    let g = game();
    let d = &g.data;
    for sc in ["1861", "1862", "1864"] {
        for (name, seed) in [("random", 1u64), ("heuristic", 2), ("heuristic", 3)] {
            let mut st = Setup::new(sc, 2, seed);
            st.options.insert("deployment".into(), "free".into());
            let mut s = g.setup(&st).expect("setup");
            let before = s.clone();
            let mut agents: Vec<Box<dyn Agent<BobbyLee>>> = (0..2)
                .map(|k| -> Box<dyn Agent<BobbyLee>> { if name == "random" { Box::new(RandomAgent::new(seed * 10 + k)) } else { Box::new(HeuristicAgent::new(seed * 10 + k)) } })
                .collect();
            let mut swaps = [0; 2];
            while s.phase == Phase::Deploy {
                let seat = g.active_seats(&s)[0];
                let legal = g.legal_actions(&s, seat);
                let i = agents[seat as usize].choose(&Decision::new(g, &s, seat, &legal));
                if matches!(legal[i], Action::Swap(..)) {
                    swaps[seat as usize] += 1;
                }
                g.apply(&mut s, seat, &legal[i], &mut Log::quiet()).expect("legal");
            }
            println!("== {sc} {name} seed {seed}: swaps USA {} CSA {}", swaps[0], swaps[1]);
            for (i, u) in s.units.iter().enumerate() {
                if u.on_map() && u.hex != before.units[i].hex {
                    println!("  {:<16} {:>3} {:<22} -> {}", d.units[i].id, u.steps, d.hex_name(before.units[i].hex), d.hex_name(u.hex));
                }
            }
        }
    }
}

#[test]
fn forced_march_may_attack_bl_5_32() {
    // BL 5.32: "pueden forzar la marcha para Atacar": an enemy hex next to the end of a full
    // move is a forced-march target; the attack counts against its hexside (BL 1.21) and,
    // on success, the battle follows in the Combat Phase (BL 4.42).
    let g = game();
    let d = &g.data;
    let mut s = blank("1862");
    s.active = Side::Usa;
    put(&mut s, "ap", "1020", 3);
    let u = put(&mut s, "usa-i-1", "1020", 3);
    act(&mut s, 0, "activate ap");
    act(&mut s, 0, "march");
    let occ = g.occ(&s);
    let all = g.dests(&s, u, &occ);
    let speed = g.speed(&s, u);
    // A full move ending in a hex with a clear hexside to a hex two hexes farther from home.
    let (two, foe) = all
        .iter()
        .filter(|x| x.1 == speed && !x.2)
        .find_map(|x| {
            (0..6).find_map(|dir| {
                let n = g.enterable(x.0, dir)?;
                let far = !all.iter().any(|y| y.0 == n) && n != hx("1020");
                (far && d.hexes[x.0 as usize].side[dir] == SideKind::Clear && g.land(n)).then_some((x.0, n))
            })
        })
        .expect("a full move with a clear hexside beyond it");
    let enemy = put_hex(&mut s, "csa-jackson", foe, 2);
    s.units[enemy].from = foe;
    act(&mut s, 0, &format!("move usa-i-1 {}", label(two)));
    assert!(g.fm_targets(&s, u, &g.occ(&s)).contains(&foe), "BL 5.32: an enemy hex is a forced-march target");
    act(&mut s, 0, &format!("force usa-i-1 {}", label(foe)));
    assert_eq!(s.attacks, vec![(two, foe, 1)], "BL 1.21: the forced march counts against the hexside");
    act(&mut s, 0, "end");
    s.forced = vec![6];
    act(&mut s, 0, "end");
    assert_eq!(s.units[u].hex, foe, "BL 5.32: the successful forced march enters the enemy hex");
    assert!(s.battles.iter().map(|b| b.hex).chain(s.battle.iter().map(|b| b.hex)).any(|h| h == foe), "BL 4.42: a battle follows");
    // Without Attack room on that hexside, the enemy hex is not a target.
    let mut t = blank("1862");
    t.active = Side::Usa;
    put(&mut t, "ap", "1020", 3);
    put(&mut t, "usa-i-1", "1020", 3);
    act(&mut t, 0, "activate ap");
    act(&mut t, 0, "march");
    put_hex(&mut t, "csa-jackson", foe, 2);
    act(&mut t, 0, &format!("move usa-i-1 {}", label(two)));
    t.attacks.push((two, foe, 99));
    assert!(!g.fm_targets(&t, u, &g.occ(&t)).contains(&foe), "BL 1.21: a full hexside takes no forced-march attack");
}

#[test]
fn besieged_units_lost_to_supply_attrition_are_removed_for_good_bl_11_81() {
    // BL 11.81: besieged units eliminated by attrition (supply attrition, BL 11.6, as well as
    // the month's siege attrition) are removed permanently and never rebuilt.
    let g = game();
    let mut s = blank("1862");
    s.mud = true;
    let (h, n) = open_ground();
    s.active = Side::Usa;
    let ours: Vec<usize> = ["usa-i-1", "usa-i-2", "usa-i-3", "usa-ii-1"].iter().map(|id| put_hex(&mut s, id, h, 1)).collect();
    let ring = ["csa-longstreet", "csa-jackson", "csa-ewell", "csa-hood", "csa-dh-hill", "csa-huger"];
    for (i, &x) in n.iter().enumerate() {
        put_hex(&mut s, ring[i], x, 2);
    }
    assert!(g.besieged_hexes(&s, Side::Usa, &g.occ(&s))[h as usize]);
    s.phase = Phase::Supply;
    // BL 11.6: the owner picks among the equally strong units.
    while let Some(t) = legal_texts(&s, 0).into_iter().find(|t| t.starts_with("hit ")) {
        act(&mut s, 0, &t);
    }
    let lost = g.attrition_losses(&s);
    assert_eq!(lost.len(), 2, "forage 2 in Mud: two of four units lose their step");
    act(&mut s, 0, "end");
    for u in ours {
        if lost.contains(&u) {
            assert_eq!(s.units[u].st, St::Removed, "BL 11.81: besieged, lost to attrition: removed for good");
        } else {
            assert_eq!(s.units[u].st, St::Map);
        }
    }
}
