//! Tests of the Confederate naval weapons (FtP 6.7; T-IRON-1) and of their effects on naval
//! moves, running the guns (6.3.1; T-RUN-1) and amphibious assaults (6.4.1).

use super::battle::{Amphibious, Role, amphibious_net};
use super::content::Side;
use super::naval::{NavalEvent, Voyage, VoyageKind};
use super::naval_tests::{act, board, check, dice, fort_monroe_and_galveston, own, put, sp};
use super::play_tests::game;
use super::state::*;
use super::weapons::Weapon;
use bivouac_engine::log::Log;

fn place(st: &mut State, w: Weapon, s: &str) -> Result<(), String> {
    game().place_weapon(st, w, sp(s), &mut Log::quiet()).map_err(|e| e.rule.to_string())
}

/// T-IRON-1 (FtP 6.7): at most 3 ironclads, 6 torpedoes, 1 Hunley; one ironclad and one torpedo
/// per space; only in a CSA-controlled port or coastal fort.
#[test]
fn t_iron_1_caps_and_placement() {
    let mut st = board("1861", Side::Csa, 9);
    let ports = ["memphis", "vicksburg", "mobile", "savannah", "wilmington_nc", "galveston", "new_orleans"];
    for p in ports {
        own(&mut st, Side::Csa, p);
    }
    for p in &ports[..3] {
        place(&mut st, Weapon::Ironclad, p).unwrap();
    }
    assert_eq!(place(&mut st, Weapon::Ironclad, "savannah"), Err("FtP 6.7".into()), "a 4th ironclad");
    assert_eq!(place(&mut st, Weapon::Torpedo, "memphis"), Ok(()), "a torpedo may share an ironclad's space");
    assert_eq!(place(&mut st, Weapon::Torpedo, "memphis"), Err("FtP 6.7".into()), "one torpedo marker per space");
    for p in &ports[1..6] {
        place(&mut st, Weapon::Torpedo, p).unwrap();
    }
    assert_eq!(place(&mut st, Weapon::Torpedo, "new_orleans"), Err("FtP 6.7".into()), "a 7th torpedo");
    place(&mut st, Weapon::Hunley, "savannah").unwrap();
    assert_eq!(place(&mut st, Weapon::Hunley, "mobile"), Err("FtP 6.7".into()), "one Hunley");
    // Not a port, or not CSA-controlled.
    let mut st = board("1861", Side::Csa, 9);
    own(&mut st, Side::Csa, "corinth");
    own(&mut st, Side::Union, "memphis");
    assert_eq!(place(&mut st, Weapon::Ironclad, "corinth"), Err("FtP 6.7".into()));
    assert_eq!(place(&mut st, Weapon::Ironclad, "memphis"), Err("FtP 6.7".into()));
}

/// FtP 6.7: a Union move ending with SP in the space (an unopposed landing here) eliminates
/// every weapon there; a Union PC on a coastal fort eliminates those in the fort; "USS Monitor"
/// (#60) removes an ironclad.
#[test]
fn t_iron_1_destruction() {
    let g = game();
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Union, "fort_monroe");
    own(&mut st, Side::Csa, "galveston");
    put(&mut st, Side::Union, "fort_monroe", 2);
    place(&mut st, Weapon::Torpedo, "galveston").unwrap();
    place(&mut st, Weapon::Hunley, "galveston").unwrap();
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "naval fort_monroe 2");
    act(&mut st, Side::Union, "sail galveston");
    assert!(st.moving.is_none());
    assert!(st.naval.torpedoes.is_empty() && st.naval.hunley.is_none(), "swept by the landing");
    check(&st);
    // A PC on a coastal fort holding an ironclad.
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Csa, "fort_sumter");
    place(&mut st, Weapon::Ironclad, "fort_sumter").unwrap();
    g.place_pc(&mut st, Side::Union, sp("fort_sumter"), &mut Log::quiet());
    assert!(st.naval.ironclads.is_empty());
    // USS Monitor.
    own(&mut st, Side::Csa, "mobile");
    place(&mut st, Weapon::Ironclad, "mobile").unwrap();
    g.remove_ironclad(&mut st, sp("mobile"), &mut Log::quiet()).unwrap();
    assert!(g.remove_ironclad(&mut st, sp("mobile"), &mut Log::quiet()).is_err());
}

/// FtP 6.2.2, 6.2.3, 6.7: a CSA ironclad stops Union river movement: it may be entered, not passed.
#[test]
fn an_ironclad_stops_union_river_movement() {
    let g = game();
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Csa, "forts_st_philip_jackson");
    let reach = |st: &State, s: &str| g.naval_routes(st, sp("cairo"), true, None).iter().any(|r| r.to == sp(s));
    assert!(reach(&st, "vicksburg"));
    own(&mut st, Side::Csa, "memphis");
    place(&mut st, Weapon::Ironclad, "memphis").unwrap();
    assert!(reach(&st, "memphis") && !reach(&st, "vicksburg"));
}

/// T-RUN-1 (FtP 6.3.1): 4-6; with a torpedo in the fort space 5-6; with Foote, Porter or Farragut
/// 2-6; torpedo and Foote 3-6.
#[test]
fn t_run_1_running_the_guns_modifiers() {
    let g = game();
    let mut st = board("1861", Side::Union, 9);
    let fort = sp("columbus_ky");
    let v = |event| Voyage { origin: sp("cairo"), to: Sp::MAX, ran_guns: false, kind: VoyageKind::Force, event, hunley: false };
    assert_eq!(g.run_guns_need(&st, &v(None), Some(fort)), 4);
    for e in [NavalEvent::Foote, NavalEvent::Porter, NavalEvent::Farragut] {
        assert_eq!(g.run_guns_need(&st, &v(Some(e)), Some(fort)), 2);
    }
    own(&mut st, Side::Csa, "columbus_ky");
    place(&mut st, Weapon::Torpedo, "columbus_ky").unwrap();
    assert_eq!(g.run_guns_need(&st, &v(None), Some(fort)), 5);
    assert_eq!(g.run_guns_need(&st, &v(Some(NavalEvent::Foote)), Some(fort)), 3);
    // Played: a 4 fails past a mined fort; the force is back at Cairo.
    own(&mut st, Side::Union, "cairo");
    put(&mut st, Side::Union, "cairo", 3);
    st.fort[fort as usize] = Some(Side::Csa);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "naval cairo 3");
    st.rng = dice(&[4]);
    act(&mut st, Side::Union, "sail new_madrid");
    assert_eq!(st.sp[sp("cairo") as usize][0], 3);
    check(&st);
}

/// FtP 6.1.3: Farragut (#59) passes a CSA coastal fort into its port; the pass counts for 6.3.2.
#[test]
fn farragut_passes_coastal_forts() {
    let g = game();
    let mut st = board("1861", Side::Union, 9);
    own(&mut st, Side::Csa, "fort_morgan");
    own(&mut st, Side::Union, "fort_monroe");
    assert!(!g.naval_routes(&st, sp("fort_monroe"), true, None).iter().any(|r| r.to == sp("mobile")));
    let r = g.naval_routes(&st, sp("fort_monroe"), true, Some(NavalEvent::Farragut));
    assert!(r.iter().any(|r| r.to == sp("mobile") && r.passes_fort && !r.runs_guns));
}

/// FtP 6.4.1, 6.7: the weapons in an assaulted space add their DRMs (ironclad +2, torpedo +1,
/// Hunley +1) inside the amphibious netting, capped at +3; the Hunley is spent by the landing.
#[test]
fn weapons_in_amphibious_assaults() {
    let g = game();
    let mut st = fort_monroe_and_galveston();
    place(&mut st, Weapon::Torpedo, "galveston").unwrap();
    place(&mut st, Weapon::Hunley, "galveston").unwrap();
    st.naval.amphibious = 1;
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "naval fort_monroe 3");
    // The landing as the battle sees it (before it is fought).
    let mut probe = st.clone();
    if let Some(v) = probe.naval.voyage.as_mut() {
        v.to = sp("galveston");
        v.hunley = true;
    }
    if let Some(m) = probe.moving.as_mut() {
        m.at = sp("galveston");
    }
    let a = g.amphibious_at(&probe, sp("galveston")).expect("an amphibious assault");
    assert_eq!(a, Amphibious { track: 1, foote_or_porter: false, ironclad: true, torpedo: true, hunley: true });
    // 6.4.1 example: track +1 vs fort + ironclad + torpedo + Hunley = +6: CSA +3 (capped).
    assert_eq!(amphibious_net(&g.battle_table, &a, true), Some((Role::Defender, 3)));
    st.rng = dice(&[1, 6, 1, 1, 1, 1]);
    act(&mut st, Side::Union, "sail galveston");
    assert!(st.naval.hunley.is_none(), "the Hunley is removed after its one use");
}
