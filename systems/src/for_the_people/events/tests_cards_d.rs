//! Card tests for the events of cards 1-36 written on `cards-a` (FtP 4.2): for each card a
//! position where the event is playable, played with forced choices and dice and its effect
//! checked, and a position where it is not, refused naming the rule.

use super::super::content::CardNo;
use super::super::content::Side;
use super::super::state::*;
use super::tests_cards_a::{ready, refused_to};
use super::testkit::*;
use bivouac_engine::game::Game;
use bivouac_engine::log::Log;

/// The refusal of `side`'s event `n` now: not offered, refused naming a rule, state unchanged.
fn refused(st: &mut State, side: Side, n: u8) -> String {
    let g = game();
    assert!(!offered(g, st, side, n), "#{n} offered");
    let before = serde_json::to_string(&*st).unwrap();
    let r = play(g, st, side, n, &[], &[]).unwrap_err();
    assert_eq!(serde_json::to_string(&*st).unwrap(), before, "a refusal leaves the state unchanged");
    r.rule.to_string()
}

/// Spaces holding an army of `side`.
fn army_spaces(st: &State, side: Side) -> Vec<Sp> {
    let g = game();
    st.armies.iter().enumerate().filter_map(|(i, a)| a.filter(|_| g.c.armies[i].side == side).map(|a| a.space)).collect()
}

/// Apply an action in notation (`ops 9`, `army army_of_the_potomac`), which must be legal.
fn act(st: &mut State, side: Side, t: &str) {
    let g = game();
    g.apply(st, side.index() as u8, &g.parse(t).unwrap(), &mut Log::quiet()).unwrap_or_else(|e| panic!("{t}: {e}"));
}

/// 1861 with the Union moving the Army of the Potomac (OPs of card 12 there is none: card 9),
/// the CSA holding card `n` in its interrupt window (FtP 4.2.5).
fn union_army_moving(n: u8) -> State {
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, n);
    give(&mut st, Side::Csa, 12);
    give(&mut st, Side::Union, 30);
    round(&mut st, Side::Union);
    act(&mut st, Side::Union, "ops 30");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    assert_eq!(st.flow.top(), Some(&Frame::Interrupt { side: Side::Csa }));
    st
}

#[test]
fn card_001_empty_haversacks_a_csa_army_loses_one_infantry_sp_fpt_4_2_4() {
    let g = game();
    let mut st = ready("1862", Side::Union, 1);
    let armies = army_spaces(&st, Side::Csa);
    let at = armies[0];
    let id = g.sid(at).to_string();
    // Only spaces holding a CSA army are offered, to the Union.
    let mut roll = |_: &mut State| 1;
    let mut probe = st.clone();
    g.event_action_with(&mut probe, Frame::Round { side: Side::Union }, &Action::Event { card: 1 }, &mut Log::quiet(), &mut roll).unwrap().unwrap();
    let o = options(&probe);
    assert_eq!(probe.events[0].ask.as_ref().unwrap().seat, Side::Union);
    assert_eq!(o.len(), armies.len());
    assert!(o.contains(&id));
    let before = g.army_strength(&st, st.armies.iter().position(|a| a.is_some_and(|a| a.space == at)).unwrap() as u8);
    play(g, &mut st, Side::Union, 1, &[&id], &[]).unwrap();
    let a = st.armies.iter().position(|a| a.is_some_and(|a| a.space == at)).unwrap() as u8;
    assert_eq!(g.army_strength(&st, a), before - 1);
    assert_eq!(pile_of(&st, 1), "discard");
    // Not playable without a CSA army on the map (the 1861 opening), nor by the CSA.
    let mut st = ready("1861", Side::Union, 1);
    for a in st.armies.iter_mut().enumerate().filter(|(i, _)| g.c.armies[*i].side == Side::Csa) {
        *a.1 = None;
    }
    assert_eq!(refused(&mut st, Side::Union, 1), "FtP 4.2");
    refused_to(1, Side::Csa);
}

/// The battle DRMs in force for one battle only (`battle_drm` with `next`): side, DRM, card.
fn next_drms(st: &State) -> Vec<(Side, i8, CardNo)> {
    st.battle_mods.iter().filter(|m| m.next && m.role.is_none() && m.states.is_empty()).map(|m| (m.side, m.drm, m.card)).collect()
}

#[test]
fn card_004_costly_error_enemy_minus_two_in_its_next_battle_fpt_7_5() {
    let g = game();
    let mut st = ready("1861", Side::Csa, 4);
    play(g, &mut st, Side::Csa, 4, &[], &[]).unwrap();
    assert_eq!(next_drms(&st), vec![(Side::Union, -2, 4)]);
    // Either side may play it.
    let mut st = ready("1861", Side::Union, 4);
    play(g, &mut st, Side::Union, 4, &[], &[]).unwrap();
    assert_eq!(next_drms(&st)[0].0, Side::Csa);
    // The DRM lasts until the end of the turn at most.
    g.expire_in_force(&mut st);
    assert!(st.battle_mods.is_empty());
    // Not on the other side's round.
    let mut st = ready("1861", Side::Union, 4);
    round(&mut st, Side::Csa);
    assert_eq!(refused(&mut st, Side::Union, 4), "FtP 3.3.2");
}

#[test]
fn card_006_ambush_interrupt_plus_two_in_the_next_battle_fpt_4_2_5() {
    let g = game();
    let mut st = union_army_moving(6);
    play(g, &mut st, Side::Csa, 6, &[], &[]).unwrap();
    assert_eq!(next_drms(&st), vec![(Side::Csa, 2, 6)]);
    assert!(st.moving.is_some(), "the interrupted move goes on");
    // An interrupt only: not on its owner's round.
    let mut st = ready("1861", Side::Csa, 6);
    assert_eq!(refused(&mut st, Side::Csa, 6), "FtP 4.2");
}

#[test]
fn card_007_mud_march_an_activated_enemy_army_spends_only_one_mp_fpt_5_2_6() {
    let g = game();
    let mut st = union_army_moving(7);
    assert!(st.moving.as_ref().unwrap().mp > 1);
    play(g, &mut st, Side::Csa, 7, &[], &[]).unwrap();
    assert_eq!(st.moving.as_ref().unwrap().mp, 1);
    // An interrupt only, and only against an army.
    let mut st = ready("1861", Side::Csa, 7);
    assert_eq!(refused(&mut st, Side::Csa, 7), "FtP 4.2");
    let mut st = union_army_moving(7);
    st.moving.as_mut().unwrap().kind = Formation::Corps;
    assert!(!offered(g, &st, Side::Csa, 7));
    // The command itself is refused outside an interrupt (the load-time dry run reports it).
    let e = with_script(7, "function declare() return { text = \"x\" } end function play(v) return { commands = { { limit_mp = 1 } } } end").err().expect("refused at load");
    assert!(e.contains("limit_mp: only an interrupt"), "{e}");
}

#[test]
fn card_008_three_cigars_the_opponent_discards_one_card_at_random() {
    let g = game();
    let mut st = ready("1861", Side::Union, 8);
    give(&mut st, Side::Csa, 30);
    play(g, &mut st, Side::Union, 8, &[], &[]).unwrap();
    assert_eq!(pile_of(&st, 30), "discard");
    assert_eq!(pile_of(&st, 8), "discard");
    // Not playable when the opponent holds no card.
    let mut st = ready("1861", Side::Csa, 8);
    assert_eq!(refused(&mut st, Side::Csa, 8), "FtP 4.2");
}

#[test]
fn card_009_clara_barton_two_union_sp_with_union_armies_fpt_4_2_7() {
    let g = game();
    let mut st = ready("1861", Side::Union, 9);
    let armies = army_spaces(&st, Side::Union);
    let at = armies[0];
    let id = g.sid(at).to_string();
    let a = st.armies.iter().position(|a| a.is_some_and(|a| a.space == at)).unwrap() as u8;
    let before = g.army_strength(&st, a);
    // Both SP in the same army's space: the army absorbs them.
    play(g, &mut st, Side::Union, 9, &[&id, &id], &[]).unwrap();
    assert_eq!(g.army_strength(&st, a), before + 2);
    assert_eq!(pile_of(&st, 9), "discard");
    // Not playable without a Union army on the map, nor by the CSA.
    let mut st = ready("1861", Side::Union, 9);
    for (i, a) in st.armies.iter_mut().enumerate() {
        if g.c.armies[i].side == Side::Union {
            *a = None;
        }
    }
    assert_eq!(refused(&mut st, Side::Union, 9), "FtP 4.2");
    refused_to(9, Side::Csa);
}

#[test]
fn card_010_dorothea_dix_union_plus_two_sw_fpt_12() {
    let (d, pile) = super::tests_cards_a::sw_change(10, Side::Union, [true, true]);
    assert_eq!(d, [2, 0]);
    assert_eq!(pile, "discard");
    refused_to(10, Side::Csa);
}

#[test]
fn card_014_red_river_campaign_two_union_pcs_in_louisiana_fpt_11_3() {
    let g = game();
    let mut st = ready("1861", Side::Union, 14);
    let la: Vec<String> = g.c.map.spaces().filter(|(_, _, d)| g.c.states[d.state as usize].id == "la").map(|(s, _, _)| g.sid(s.0).to_string()).collect();
    // FtP 11.3 D: never a space whose resource center or coastal fort the PC would take.
    let free: Vec<&String> = la.iter().filter(|s| st.sp[sp(s) as usize][1] == 0 && !st.controls(Side::Union, sp(s)) && g.event_pc_ok(&st, Some(14), Side::Union, sp(s)).is_ok()).collect();
    assert!(!free.iter().any(|s| s.as_str() == "new_orleans"), "New Orleans is a resource center");
    play(g, &mut st, Side::Union, 14, &[free[0], free[1]], &[]).unwrap();
    assert!(st.controls(Side::Union, sp(free[0])) && st.controls(Side::Union, sp(free[1])));
    // Not playable once every Louisiana space is Union or holds CSA SP.
    let mut st = ready("1861", Side::Union, 14);
    for s in &la {
        st.control[sp(s) as usize] = super::super::content::Control::Of(Side::Union);
    }
    assert_eq!(refused(&mut st, Side::Union, 14), "FtP 4.2");
    refused_to(14, Side::Csa);
}

#[test]
fn card_016_griersons_raid_union_pcs_in_mississippi_without_csa_sp_or_fort_fpt_11_3() {
    let g = game();
    let mut st = ready("1862", Side::Union, 16);
    let mut roll = |_: &mut State| 1;
    let mut probe = st.clone();
    g.event_action_with(&mut probe, Frame::Round { side: Side::Union }, &Action::Event { card: 16 }, &mut Log::quiet(), &mut roll).unwrap().unwrap();
    let o = options(&probe);
    assert!(!o.is_empty());
    for id in &o {
        let s = sp(id) as usize;
        let d = g.c.map.space(bivouac_engine::map::graph::SpaceId(s as u16));
        assert!(g.c.states[d.state as usize].id == "ms" && st.controls(Side::Csa, s as Sp) && st.sp[s][1] == 0 && st.fort[s] != Some(Side::Csa), "{id}");
        // FtP 11.3 D: never a resource center the PC would destroy.
        assert!(d.resource == 0 || st.rc_destroyed[s], "{id}");
    }
    // A Mississippi space with a CSA fort is not offered.
    let (a, b) = (o[0].clone(), o[1].clone());
    st.fort[sp(&b) as usize] = Some(Side::Csa);
    let mut probe = st.clone();
    g.event_action_with(&mut probe, Frame::Round { side: Side::Union }, &Action::Event { card: 16 }, &mut Log::quiet(), &mut roll).unwrap().unwrap();
    assert!(!options(&probe).contains(&b));
    st.fort[sp(&b) as usize] = None;
    play(g, &mut st, Side::Union, 16, &[&a, &b], &[]).unwrap();
    assert!(st.controls(Side::Union, sp(&a)) && st.controls(Side::Union, sp(&b)));
    // Not playable when no such space is left.
    let mut st = ready("1862", Side::Union, 16);
    for id in &o {
        st.sp[sp(id) as usize][1] = 1;
    }
    assert_eq!(refused(&mut st, Side::Union, 16), "FtP 4.2");
    refused_to(16, Side::Csa);
}

#[test]
fn card_019_belmont_plus_one_sw_for_the_side_that_plays_it_fpt_12() {
    assert_eq!(super::tests_cards_a::sw_change(19, Side::Union, [true, true]), ([1, 0], "discard"));
    assert_eq!(super::tests_cards_a::sw_change(19, Side::Csa, [true, true]), ([0, 1], "discard"));
    // Not on the other side's round.
    let mut st = ready("1861", Side::Union, 19);
    round(&mut st, Side::Csa);
    assert_eq!(refused(&mut st, Side::Union, 19), "FtP 3.3.2");
}

/// FtP 10.5.3: the rulebook lists every card that changes the blockade level and #23 is not one
/// of them: the reconstructed event lands 1 CSA SP in an open blockade-runner port (10.5.2) and
/// leaves the level alone.
#[test]
fn card_023_bermuda_blockade_runners_sp_in_an_open_br_port_not_the_blockade_fpt_10_5_3() {
    let g = game();
    let mut st = ready("1862", Side::Csa, 23);
    st.blockade = 2;
    let w = sp("wilmington_nc");
    assert!(g.br_open(&st, w));
    let before = st.sp[w as usize][1];
    play(g, &mut st, Side::Csa, 23, &["wilmington_nc"], &[]).unwrap();
    assert_eq!(st.sp[w as usize][1], before + 1);
    assert_eq!(st.blockade, 2, "FtP 10.5.3: not a blockade card");
    // Every BR port closed (Union-controlled): not playable; never by the Union.
    let mut st = ready("1862", Side::Csa, 23);
    for (s, _, d) in g.c.map.spaces() {
        if d.br {
            st.control[s.index()] = super::super::content::Control::Of(Side::Union);
        }
    }
    assert_eq!(refused(&mut st, Side::Csa, 23), "FtP 4.2");
    refused_to(23, Side::Union);
}

#[test]
fn card_028_franz_sigel_union_sp_in_missouri_or_union_minus_one_in_battle() {
    let g = game();
    // The Union: 1 SP in a Union-controlled Missouri space.
    let mut st = ready("1861", Side::Union, 28);
    let stl = sp("st_louis");
    assert!(st.controls(Side::Union, stl));
    let before = st.sp[stl as usize][0];
    play(g, &mut st, Side::Union, 28, &["st_louis"], &[]).unwrap();
    assert_eq!(st.sp[stl as usize][0], before + 1);
    // The CSA: the Union's next battle at -1.
    let mut st = ready("1861", Side::Csa, 28);
    play(g, &mut st, Side::Csa, 28, &[], &[]).unwrap();
    assert_eq!(next_drms(&st), vec![(Side::Union, -1, 28)]);
    // The Union may not play it without a Union Missouri space free of CSA SP and forts.
    let mut st = ready("1861", Side::Union, 28);
    for (s, _, d) in g.c.map.spaces() {
        if g.c.states[d.state as usize].id == "mo" {
            st.control[s.index()] = super::super::content::Control::Of(Side::Csa);
        }
    }
    assert_eq!(refused(&mut st, Side::Union, 28), "FtP 4.2");
}

/// The Union corps of McDowell (4 SP) attacks Beauregard (3 SP) at Manassas, `drm` given to
/// the Union by an event beforehand; the SP each side lost and the DRMs left afterwards.
fn manassas(seed: u64, drm: Option<i8>) -> ([u32; 2], usize) {
    use super::super::play_tests as pt;
    let mut st = pt::new("1861", seed);
    pt::empty_map(&mut st);
    st.fort = vec![None; st.fort.len()];
    pt::put_sp(&mut st, Side::Union, "frederick", 4);
    pt::put_sp(&mut st, Side::Csa, "manassas", 3);
    st.generals[pt::general("mcdowell") as usize] = GenAt::Map(sp("frederick"));
    st.generals[pt::general("beauregard") as usize] = GenAt::Map(sp("manassas"));
    if let Some(drm) = drm {
        st.battle_mods.push(super::BattleMod { card: 4, side: Side::Union, drm, role: None, states: vec![], until: st.turn, next: true });
    }
    pt::round_with(&mut st, Side::Union, 9);
    pt::act(&mut st, Side::Union, "ops 9");
    pt::act(&mut st, Side::Union, "corps mcdowell 4");
    if st.flow.top() == Some(&Frame::Interrupt { side: Side::Csa }) {
        pt::act(&mut st, Side::Csa, "decline");
    }
    pt::act(&mut st, Side::Union, "step manassas");
    if matches!(st.flow.top(), Some(Frame::Rbb { .. })) {
        pt::act(&mut st, Side::Csa, "stand");
    }
    (st.sp_lost, st.battle_mods.len())
}

#[test]
fn battle_drm_modifies_the_next_battle_and_is_used_up_by_it_fpt_7_5() {
    let mut better = 0;
    for seed in 0..20 {
        let (plain, _) = manassas(seed, None);
        let (plus, left) = manassas(seed, Some(3));
        assert_eq!(left, 0, "used up by the battle");
        // The same dice: the Union's +3 inflicts at least as many losses and suffers no more.
        assert!(plus[1] >= plain[1] && plus[0] <= plain[0], "seed {seed}: {plain:?} -> {plus:?}");
        better += (plus != plain) as u32;
    }
    assert!(better > 0, "the DRM changed some battle");
}
