//! Card tests for #34-36 Elite Unit (FtP 7.5.1, 7.8.2): the event brings an elite unit into one
//! of the player's armies (at most 2 per side), its owner chooses before each battle of that army
//! whether to use it (+1), and a force that used one and lost 2+ SP loses one.

use super::super::battle::DrmKind;
use super::super::choices_tests::{no_forts, put_army};
use super::super::content::Side;
use super::super::play_tests::{act, army, empty_map, legal_text, new, round_with};
use super::super::state::*;
use super::testkit::*;
use bivouac_engine::game::Game;

/// The CSA Army of Northern Virginia (Lee, 8 SP) at Manassas, the Union Army of the Potomac
/// (McClellan, 8 SP) at Frederick: a fresh map on `seed`.
fn armies(seed: u64) -> State {
    let mut st = new("1862", seed);
    empty_map(&mut st);
    no_forts(&mut st);
    st.flow.clear();
    st.phase = Phase::Strategy;
    put_army(&mut st, "army_of_the_potomac", "frederick", 8, "mcclellan");
    put_army(&mut st, "army_of_northern_virginia", "manassas", 8, "lee");
    st
}

#[test]
fn cards_034_035_036_elite_unit_enters_a_chosen_army_fpt_7_5_1() {
    let g = game();
    for n in [34, 35, 36] {
        for side in [Side::Union, Side::Csa] {
            let mut st = armies(1);
            give(&mut st, side, n);
            round(&mut st, side);
            assert!(offered(g, &st, side, n), "#{n} {side:?}");
            let id = if side == Side::Union { "army_of_the_potomac" } else { "army_of_northern_virginia" };
            play(g, &mut st, side, n, &[id], &[]).unwrap();
            assert_eq!(st.elite[side.index()], vec![army(id)], "#{n}");
            assert!(st.elite[1 - side.index()].is_empty());
            assert_eq!(pile_of(&st, n), "discard");
        }
    }
    // The player chooses among its armies on the map.
    let mut st = armies(1);
    put_army(&mut st, "army_of_the_tennessee", "cairo", 5, "grant");
    give(&mut st, Side::Union, 34);
    round(&mut st, Side::Union);
    let mut dice: Vec<u8> = Vec::new();
    let mut roll = |_: &mut State| dice.pop().unwrap_or(1);
    g.event_action_with(&mut st, Frame::Round { side: Side::Union }, &Action::Event { card: 34 }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
    assert_eq!(options(&st), ["army_of_the_potomac", "army_of_the_tennessee"]);
}

#[test]
fn elite_unit_refused_at_two_in_play_or_without_an_army_fpt_7_5_1() {
    let g = game();
    // Two Union elite units in play: the maximum (FtP 7.5.1).
    let mut st = armies(1);
    st.elite[0] = vec![army("army_of_the_potomac"); 2];
    give(&mut st, Side::Union, 35);
    round(&mut st, Side::Union);
    assert!(!offered(g, &st, Side::Union, 35));
    assert_eq!(play(g, &mut st, Side::Union, 35, &[], &[]).unwrap_err().rule, "FtP 4.2");
    // The CSA still may (its own two).
    give(&mut st, Side::Csa, 36);
    round(&mut st, Side::Csa);
    assert!(offered(g, &st, Side::Csa, 36));
    // No army on the map: nowhere to place it.
    let mut st = armies(1);
    st.armies = vec![None; st.armies.len()];
    give(&mut st, Side::Csa, 34);
    round(&mut st, Side::Csa);
    assert!(!offered(g, &st, Side::Csa, 34));
    assert_eq!(play(g, &mut st, Side::Csa, 34, &[], &[]).unwrap_err().rule, "FtP 4.2");
    // The `elite` command itself refuses an enemy army: a script that tries is caught by the
    // load-time dry run, as a `file:line:col` diagnostic (a script cannot cheat).
    let bad = with_script(34, "function declare() return {text = 'x'} end\nfunction play(view) return {commands = {{elite = 'army_of_northern_virginia'}}} end").err().expect("refused at load");
    assert!(bad.contains("events/034.lua:1:1") && bad.contains("is not a union army on the map (FtP 7.5.1)"), "{bad}");
}

/// The Army of the Potomac (with `union` elite units; the ANV with `csa`) attacks Manassas on
/// `seed`; each side answers the elite question with `use_` (attacker, defender) when asked.
/// The state after the battle and the questions asked (side, legal actions).
fn attack(seed: u64, union: u8, csa: u8, use_: [u8; 2]) -> (State, Vec<(Side, Vec<String>)>) {
    attack_from(armies(seed), union, csa, use_)
}

/// `attack` from a prepared position `st` (`armies`, with options set).
fn attack_from(mut st: State, union: u8, csa: u8, use_: [u8; 2]) -> (State, Vec<(Side, Vec<String>)>) {
    st.elite[0] = vec![army("army_of_the_potomac"); union as usize];
    st.elite[1] = vec![army("army_of_northern_virginia"); csa as usize];
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    let mut asked = Vec::new();
    act(&mut st, Side::Union, "step manassas");
    loop {
        match st.flow.top().copied() {
            Some(Frame::Interrupt { side }) | Some(Frame::Intercept { side, .. }) => act(&mut st, side, "decline"),
            Some(Frame::Rbb { side, .. }) => act(&mut st, side, "stand"),
            Some(Frame::Elite { side, .. }) => {
                asked.push((side, legal_text(&st, side)));
                let n = use_[(side == Side::Csa) as usize];
                // Not more than the force has (FtP 7.5.1).
                let a = game().parse(&format!("elite {}", n + 1 + union.max(csa))).unwrap();
                assert_eq!(game().apply(&mut st.clone(), side.index() as u8, &a, &mut bivouac_engine::log::Log::quiet()).unwrap_err().rule, "FtP 7.5.1");
                act(&mut st, side, &format!("elite {n}"));
            }
            _ => break,
        }
    }
    assert!(st.last_battle.is_some(), "a battle was fought: {:?}", st.flow.top());
    (st, asked)
}

fn elite_drm(st: &State, attacker: bool) -> i8 {
    let r = &st.last_battle.as_ref().unwrap().report;
    let side = if attacker { &r.attacker } else { &r.defender };
    side.drms.iter().filter(|d| d.kind == DrmKind::Elite).map(|d| d.value).sum()
}

#[test]
fn the_owner_chooses_to_use_elite_units_before_each_battle_fpt_7_5_1() {
    // No elite unit: nobody is asked.
    let (_, asked) = attack(3, 0, 0, [0, 0]);
    assert!(asked.is_empty());
    // The attacker is asked first, then the defender, each among 0..=its units.
    let (_, asked) = attack(3, 2, 1, [2, 1]);
    assert_eq!(asked, vec![(Side::Union, vec!["elite 0".to_string(), "elite 1".into(), "elite 2".into()]), (Side::Csa, vec!["elite 0".to_string(), "elite 1".into()])]);
    // Only the side with elite units is asked.
    let (_, asked) = attack(3, 0, 1, [0, 0]);
    assert_eq!(asked.iter().map(|a| a.0).collect::<Vec<_>>(), [Side::Csa]);
}

#[test]
fn an_elite_unit_used_adds_one_and_the_same_dice_follow_fpt_7_5_1() {
    for seed in 0..12 {
        let (plain, _) = attack(seed, 1, 1, [0, 0]);
        let (used, _) = attack(seed, 1, 1, [1, 0]);
        let (p, u) = (&plain.last_battle.as_ref().unwrap().report, &used.last_battle.as_ref().unwrap().report);
        // The same dice; +1 to the attacker only.
        assert_eq!((p.attacker.roll, p.defender.roll), (u.attacker.roll, u.defender.roll), "seed {seed}");
        assert_eq!(u.attacker.drm_total, p.attacker.drm_total + 1, "seed {seed}");
        assert_eq!(u.defender.drm_total, p.defender.drm_total);
        assert_eq!((elite_drm(&plain, true), elite_drm(&used, true), elite_drm(&used, false)), (0, 1, 0));
        // Not used: never lost, whatever the losses (FtP 7.5.1).
        assert_eq!(plain.elite, [vec![army("army_of_the_potomac")], vec![army("army_of_northern_virginia")]], "seed {seed}");
    }
}

#[test]
fn an_elite_unit_used_is_lost_when_its_force_loses_two_sp_fpt_7_8_2() {
    let (mut lost_seen, mut kept_seen) = (false, false);
    for seed in 0..30 {
        let (st, _) = attack(seed, 2, 2, [2, 1]);
        let r = &st.last_battle.as_ref().unwrap().report;
        let (ua, ca) = (army("army_of_the_potomac"), army("army_of_northern_virginia"));
        // One unit at most, and only with 2+ SP lost; an army gone takes its units along.
        let union_left = if st.armies[ua as usize].is_none() { 0 } else if r.attacker.sp_lost >= 2 { 1 } else { 2 };
        let csa_left = if st.armies[ca as usize].is_none() { 0 } else if r.defender.sp_lost >= 2 { 1 } else { 2 };
        assert_eq!(st.elite[0].len(), union_left, "seed {seed}: {r:?}");
        assert_eq!(st.elite[1].len(), csa_left, "seed {seed}");
        assert_eq!(r.attacker.elite_lost, r.attacker.sp_lost >= 2);
        lost_seen |= r.attacker.sp_lost >= 2 && union_left == 1;
        kept_seen |= r.defender.sp_lost < 2 && csa_left == 2;
    }
    assert!(lost_seen && kept_seen);
}

/// FtP 7.8.2 reading, option `elite-loss = more-than-2` (IT 7.82): a force that used an elite
/// unit and lost exactly 2 SP keeps it; 3 or more, it loses one.
#[test]
fn an_elite_unit_is_kept_at_two_sp_lost_under_more_than_2_fpt_7_8_2() {
    let mut two_seen = false;
    for seed in 0..30 {
        let mut st = armies(seed);
        st.opts.battle.elite_loss_threshold = 3;
        let (st, _) = attack_from(st, 2, 0, [2, 0]);
        let r = &st.last_battle.as_ref().unwrap().report;
        if st.armies[army("army_of_the_potomac") as usize].is_none() {
            continue;
        }
        assert_eq!(r.attacker.elite_lost, r.attacker.sp_lost > 2, "seed {seed}: {r:?}");
        assert_eq!(st.elite[0].len(), if r.attacker.sp_lost > 2 { 1 } else { 2 }, "seed {seed}");
        two_seen |= r.attacker.sp_lost == 2;
    }
    assert!(two_seen, "a battle with exactly 2 SP lost");
}

#[test]
fn an_elite_unit_never_transfers_and_goes_with_its_army_fpt_7_5_1() {
    let g = game();
    let mut st = armies(1);
    st.elite[0] = vec![army("army_of_the_potomac")];
    // FtP 5.2.4: the Army of the Potomac removed for another army: its elite unit goes.
    put_army(&mut st, "army_of_the_tennessee", "frederick", 4, "grant");
    st.flow.push(Frame::TwoArmies { side: Side::Union, space: sp("frederick") });
    act(&mut st, Side::Union, "disband army_of_the_potomac");
    assert!(st.elite[0].is_empty());
    // The elite unit is free again for the event.
    give(&mut st, Side::Union, 34);
    round(&mut st, Side::Union);
    play(g, &mut st, Side::Union, 34, &["army_of_the_tennessee"], &[]).unwrap();
    assert_eq!(st.elite[0], vec![army("army_of_the_tennessee")]);
}
