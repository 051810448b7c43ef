//! Tests of generals (generals.rs): relief, reassignment, demotion and removal (FtP 5.6.1-5.6.4)
//! with the rulebook's examples, the reorganization move (5.6.5), detached corps (5.3.6),
//! cavalry raids (5.5.3) and the retreat of a force beaten this move (7.2.2).

use super::battle::{self, AutoRetreat, RetreatBeforeBattle};
use super::choices_tests::{check, no_forts, put_army, put_general, refused};
use super::content::{Control, Side};
use super::play_tests::{act, army, empty_map, game, general, legal_text, new, put_sp, round_with, sp};
use super::state::*;

/// A Union Ops step with card `n` (1 = a 1-OP card, 9 = a 3-OP card), SW marker "-" so that
/// losses are exact (no Change of Fortune, FtP 12.4).
fn union_ops(st: &mut State, n: u8) {
    st.sw_plus = [false, false];
    round_with(st, Side::Union, n);
    act(st, Side::Union, &format!("ops {n}"));
}

/// The example of 5.6.1.
#[test]
fn relief_example_fremont_for_grant_costs_10_fpt_5_6_1_5_6_4() {
    let mut st = new("1861", 7);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 6, "fremont");
    let a = army("army_of_the_potomac");
    for id in ["mcclellan", "butler", "grant"] {
        put_general(&mut st, id, GenAt::Army(a));
    }
    check(&st);
    union_ops(&mut st, 1);
    let l = legal_text(&st, Side::Union);
    for want in ["relieve army_of_the_potomac grant", "relieve army_of_the_potomac mcclellan", "relieve army_of_the_potomac butler"] {
        assert!(l.contains(&want.to_string()), "{want}: a 1-OP card relieves (FtP 5.6.1)");
    }
    refused(&mut st, Side::Union, "relieve army_of_the_potomac fremont", "FtP 5.6.1");
    let sw = st.sw[0];
    act(&mut st, Side::Union, "relieve army_of_the_potomac grant");
    // 8 (Fremont's PR) + 2 for passing over McClellan (10); Butler (8) is not higher than Grant.
    assert_eq!(st.sw[0], sw - 10);
    assert_eq!(st.armies[a as usize].and_then(|x| x.commander), Some(general("grant")));
    let mut l = legal_text(&st, Side::Union);
    l.sort();
    assert_eq!(l, ["demote", "retire"], "no other army to reassign him to");
    act(&mut st, Side::Union, "retire");
    assert_eq!(st.generals[general("fremont") as usize], GenAt::Dead, "FtP 5.6.4: removed from the game");
    check(&st);
}

/// The example of 5.6.2.
#[test]
fn reassignment_example_grant_to_the_potomac_costs_13_fpt_5_6_2_5_6_3() {
    let mut st = new("1861", 7);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_cumberland", "baltimore", 6, "grant");
    put_army(&mut st, "army_of_the_potomac", "frederick", 6, "meade");
    let (cumb, pot) = (army("army_of_the_cumberland"), army("army_of_the_potomac"));
    for id in ["sherman", "thomas"] {
        put_general(&mut st, id, GenAt::Army(cumb));
    }
    put_general(&mut st, "burnside", GenAt::Army(pot));
    check(&st);
    union_ops(&mut st, 1);
    let sw = st.sw[0];
    act(&mut st, Side::Union, "relieve army_of_the_cumberland sherman");
    assert_eq!(st.sw[0], sw - 8, "Grant's PR; Sherman (7) outranks Thomas (5)");
    assert!(legal_text(&st, Side::Union).contains(&"reassign army_of_the_potomac".to_string()), "both supplied and joined by a LOC");
    act(&mut st, Side::Union, "reassign army_of_the_potomac");
    assert_eq!(st.sw[0], sw - 13, "plus Meade's 5; Grant (8) outranks Burnside (6)");
    assert_eq!(st.armies[pot as usize].and_then(|x| x.commander), Some(general("grant")));
    // The second relieved general is demoted or removed, never reassigned again.
    let mut l = legal_text(&st, Side::Union);
    l.sort();
    assert_eq!(l, ["demote", "retire"]);
    act(&mut st, Side::Union, "demote");
    assert_eq!(st.generals[general("meade") as usize], GenAt::Track(st.turn + 1), "FtP 5.6.3: back next turn");
    check(&st);
}

/// McDowell (PR 6) relieved for McClellan: 6 after a medium defeat, 3 after a
/// large one in the player's last round (the example of play, Su61).
#[test]
fn relief_after_a_large_defeat_costs_half_rounded_up_fpt_5_6_1() {
    let mut st = new("1861", 7);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 6, "fremont");
    let a = army("army_of_the_potomac");
    for id in ["mcclellan", "grant"] {
        put_general(&mut st, id, GenAt::Army(a));
    }
    union_ops(&mut st, 1);
    // The Union's last round began at round 3; the army lost a large battle in round 4.
    st.rounds = 5;
    st.own_round[0] = [3, 5];
    st.large_loss[a as usize] = 4;
    let sw = st.sw[0];
    act(&mut st, Side::Union, "relieve army_of_the_potomac grant");
    assert_eq!(st.sw[0], sw - (4 + 2), "half of 8, plus 2 for McClellan");
    // T-CMD-5.
    let t_cmd_5 = |large: bool| {
        let mut st = new("1861", 7);
        empty_map(&mut st);
        put_army(&mut st, "army_of_the_potomac", "frederick", 6, "mcdowell");
        for id in ["mcclellan", "burnside"] {
            put_general(&mut st, id, GenAt::Army(a));
        }
        union_ops(&mut st, 1);
        st.rounds = 2;
        st.own_round[0] = [1, 2];
        if large {
            st.large_loss[a as usize] = 1;
        }
        let sw = st.sw[0];
        act(&mut st, Side::Union, "relieve army_of_the_potomac mcclellan");
        act(&mut st, Side::Union, "demote");
        assert_eq!(st.generals[general("mcdowell") as usize], GenAt::Track(st.turn + 1));
        sw - st.sw[0]
    };
    assert_eq!(t_cmd_5(false), 6);
    assert_eq!(t_cmd_5(true), 3);
}

/// FtP 15 (the 1863 special rule `no-reorganization-first-turn`, ES 15 preamble; the Italian 15
/// has no such rule): no reorganization move in the scenario's first turn, one in the next.
#[test]
fn no_reorganization_in_the_first_turn_of_1863_spanish_only_fpt_15() {
    let g = game();
    for (ed, turn_offset, offered) in [("spanish", 0, false), ("spanish", 1, true), ("italian", 0, true)] {
        let mut st = new("1863", 7);
        st.edition = g.c.edition(ed).expect("edition");
        st.turn += turn_offset;
        empty_map(&mut st);
        no_forts(&mut st);
        put_army(&mut st, "army_of_the_potomac", "frederick", 6, "mcdowell");
        // Fremont and Butler tie for the highest other general: one may go (FtP 5.6.5).
        for id in ["fremont", "butler"] {
            put_general(&mut st, id, GenAt::Army(army("army_of_the_potomac")));
        }
        put_sp(&mut st, Side::Union, "baltimore", 1);
        union_ops(&mut st, 1);
        assert_eq!(legal_text(&st, Side::Union).contains(&"reorganize".to_string()), offered, "{ed}, turn {}", st.turn);
    }
}

#[test]
fn reorganization_moves_generals_without_sp_fpt_5_6_5() {
    let g = game();
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 6, "mcdowell");
    let a = army("army_of_the_potomac");
    for id in ["fremont", "butler"] {
        put_general(&mut st, id, GenAt::Army(a));
    }
    put_sp(&mut st, Side::Union, "baltimore", 1);
    union_ops(&mut st, 1);
    act(&mut st, Side::Union, "reorganize");
    // The commander stays; Fremont and Butler (PR 8) tie for highest other general: one may go.
    let mut l = legal_text(&st, Side::Union);
    l.sort();
    assert_eq!(l, ["done", "reorg butler", "reorg fremont"]);
    refused(&mut st, Side::Union, "reorg mcdowell", "FtP 5.6.5");
    act(&mut st, Side::Union, "reorg fremont");
    let to = legal_text(&st, Side::Union);
    assert!(to.contains(&"reorg-to baltimore".to_string()), "{to:?}");
    // Never to a space without friendly SP, fort or army (FtP 5.3.4).
    assert!(!to.contains(&"reorg-to hagerstown".to_string()));
    act(&mut st, Side::Union, "reorg-to baltimore");
    assert_eq!(st.generals[general("fremont") as usize], GenAt::Map(sp("baltimore")));
    assert_eq!(legal_text(&st, Side::Union), ["done"], "Butler is now the highest other general; Fremont moved once");
    act(&mut st, Side::Union, "done");
    check(&st);
    let _ = g;
}

#[test]
fn a_corps_detaches_from_an_army_fpt_5_3_6() {
    let g = game();
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 8, "mcdowell");
    let a = army("army_of_the_potomac");
    for id in ["fremont", "buell"] {
        put_general(&mut st, id, GenAt::Army(a));
    }
    union_ops(&mut st, 9);
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"corps buell 6".to_string()), "Buell may take up to 6 of the army's SP");
    assert!(!l.iter().any(|x| x.starts_with("corps fremont") || x.starts_with("corps mcdowell")), "the commander and the highest other general stay");
    act(&mut st, Side::Union, "corps buell 3");
    assert_eq!(st.armies[a as usize].map(|x| x.sp), Some(5));
    assert_eq!(st.moving.as_ref().map(|m| (m.sp, m.kind)), Some((3, Formation::Corps)));
    check(&st);
    // Taking the army's last SP eliminates it, with the penalty (5.3.6, 12.7).
    let mut st = new("1861", 7);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 2, "mcdowell");
    for id in ["fremont", "buell"] {
        put_general(&mut st, id, GenAt::Army(a));
    }
    union_ops(&mut st, 9);
    let sw = st.sw[0];
    act(&mut st, Side::Union, "corps buell 2");
    assert!(st.armies[a as usize].is_none());
    assert_eq!(st.sw[0], sw - 10);
    check(&st);
    let _ = g;
}

#[test]
fn cavalry_raids_remove_enemy_pcs_fpt_5_5_3() {
    let mut st = new("1861", 7);
    empty_map(&mut st);
    put_sp(&mut st, Side::Union, "baltimore", 1);
    put_general(&mut st, "pleasonton", GenAt::Map(sp("frederick")));
    st.control[sp("frederick") as usize] = Control::Of(Side::Csa);
    union_ops(&mut st, 1);
    act(&mut st, Side::Union, "pcs");
    assert!(legal_text(&st, Side::Union).contains(&"raid frederick".to_string()));
    act(&mut st, Side::Union, "raid frederick");
    assert_eq!(st.control(sp("frederick")), Control::Of(Side::Union), "an original Union space returns to Union control");
    check(&st);
}

/// Its 7.2.2 case.
#[test]
fn a_force_beaten_this_move_retreats_before_battle_at_will_fpt_7_2_2() {
    let g = game();
    let mut st = new("1861", 7);
    empty_map(&mut st);
    put_sp(&mut st, Side::Csa, "manassas", 3);
    put_general(&mut st, "polk", GenAt::Map(sp("manassas")));
    let m = sp("manassas");
    let rbb = |st: &State| battle::retreat_before_battle(&g.c, &g.battle_table, &g.defender_force(st, Side::Csa, m));
    assert!(matches!(rbb(&st), RetreatBeforeBattle::Roll { .. }));
    g.mark_beaten(&mut st, Side::Csa, m);
    assert_eq!(rbb(&st), RetreatBeforeBattle::Automatic(AutoRetreat::Beaten));
    // ES: a higher-rated general who was not beaten commands now: no automatic retreat.
    put_general(&mut st, "j_johnston", GenAt::Map(m));
    assert!(matches!(rbb(&st), RetreatBeforeBattle::Roll { .. }));
    st.generals[general("j_johnston") as usize] = GenAt::Out;
    // It lasts only for the enemy move that beat it (campaign moves are separate moves).
    g.new_move(&mut st);
    assert!(matches!(rbb(&st), RetreatBeforeBattle::Roll { .. }));
}

#[test]
fn replacement_cavalry_generals_option_fpt_5_5_6() {
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    let mut setup = Setup::new("1861", 2, 7);
    setup.options.insert("opt-replacement-cavalry".into(), "on".into());
    let mut st = g.setup(&setup).expect("setup");
    assert!(st.opts.replacement_cavalry);
    // Stuart falls: removed for good, F. Lee goes to the turn track (CSA: 3 turns, ES 5.5.4).
    st.generals[general("stuart") as usize] = GenAt::Map(sp("manassas"));
    g.cavalry_casualty(&mut st, general("stuart"));
    assert_eq!(st.generals[general("stuart") as usize], GenAt::Dead);
    assert_eq!(st.generals[general("f_lee") as usize], GenAt::Track(st.turn + 3));
    // A replacement who falls returns as usual; Sheridan has no replacement.
    g.cavalry_casualty(&mut st, general("f_lee"));
    assert_eq!(st.generals[general("f_lee") as usize], GenAt::Track(st.turn + 3));
    g.cavalry_casualty(&mut st, general("sheridan"));
    assert_eq!(st.generals[general("sheridan") as usize], GenAt::Track(st.turn + 1));
    // Off (the default): the original returns.
    let mut st = new("1861", 7);
    g.cavalry_casualty(&mut st, general("stuart"));
    assert_eq!(st.generals[general("stuart") as usize], GenAt::Track(st.turn + 3));
    assert_eq!(st.generals[general("f_lee") as usize], GenAt::Out);
    // Spanish edition only.
    setup.options.insert("edition".into(), "italian".into());
    assert_eq!(g.setup(&setup).err().map(|r| r.rule.to_string()), Some("FtP 5.5.6".to_string()));
}

/// The Shenandoah example of the rules.
#[test]
fn shenandoah_valley_supply_and_double_count_fpt_8_4() {
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    let valley = ["winchester", "strasburg", "staunton"];
    let mut st = new("1861", 7);
    assert!(st.opts.shenandoah, "standard in the Spanish edition");
    // 8.4.3: the three Valley spaces count 6 toward Union control of Virginia.
    let va = g.state_of(sp("winchester"));
    for v in valley {
        st.control[sp(v) as usize] = Control::Of(Side::Union);
    }
    let with = g.controlled_count(&st, Side::Union, va);
    st.opts.shenandoah = false;
    assert_eq!(with - g.controlled_count(&st, Side::Union, va), 3);
    // 8.4.2: with the CSA holding all three, a LOC to any of them supplies armies and corps: for
    // attrition only in the Spanish edition.
    let mut st = new("1861", 7);
    for v in valley {
        st.control[sp(v) as usize] = Control::Of(Side::Csa);
    }
    let reach = g.valley_reach(&st, false).expect("the CSA holds the Valley");
    assert!(valley.iter().all(|v| reach[sp(v) as usize]));
    assert!(g.valley_reach(&st, true).is_none(), "not for battle (ES)");
    st.control[sp("staunton") as usize] = Control::Of(Side::Union);
    assert!(g.valley_reach(&st, false).is_none(), "all three spaces are needed");
    // The Italian edition: optional (off by default); on, it supplies for battle too.
    let mut setup = Setup::new("1861", 2, 7);
    setup.options.insert("edition".into(), "italian".into());
    assert!(!g.setup(&setup).unwrap().opts.shenandoah);
    setup.options.insert("opt-shenandoah".into(), "on".into());
    let mut st = g.setup(&setup).unwrap();
    assert!(st.opts.shenandoah);
    for v in valley {
        st.control[sp(v) as usize] = Control::Of(Side::Csa);
    }
    assert!(g.valley_reach(&st, true).is_some());
}

/// FtP 5.4.4 (with 5.4.1): a division of 1-3 SP, no more than the card's value, may start from
/// inside an army; taking the army's last SP eliminates it, with the penalty (12.7).
#[test]
fn a_division_starts_from_inside_an_army_fpt_5_4_4() {
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 5, "mcdowell");
    let a = army("army_of_the_potomac");
    // Card #2 is worth 2 OPs.
    union_ops(&mut st, 2);
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"division-of army_of_the_potomac 1".to_string()) && l.contains(&"division-of army_of_the_potomac 2".to_string()), "{l:?}");
    assert!(!l.contains(&"division-of army_of_the_potomac 3".to_string()), "FtP 5.4.1: no more SP than the card's value");
    refused(&mut st, Side::Union, "division-of army_of_the_potomac 3", "FtP 5.4.4");
    act(&mut st, Side::Union, "division-of army_of_the_potomac 2");
    assert_eq!(st.armies[a as usize].map(|x| x.sp), Some(3));
    assert_eq!(st.moving.as_ref().map(|m| (m.sp, m.kind, m.at)), Some((2, Formation::Division, sp("frederick"))));
    check(&st);
    // The army's last SP: the army is eliminated (FtP 5.4.4, 5.2.1, 12.7).
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 1, "mcdowell");
    union_ops(&mut st, 2);
    let sw = st.sw[0];
    act(&mut st, Side::Union, "division-of army_of_the_potomac 1");
    assert!(st.armies[a as usize].is_none());
    assert_eq!(st.sw[0], sw - 10);
    assert_eq!(st.moving.as_ref().map(|m| m.sp), Some(1));
    check(&st);
}

/// FtP 4.3.1 with 5.4.4: a division drawn from an army uses that army's force on a campaign
/// card: no SP, general or army moves twice, each move a different force. So after the army
/// moved no division comes from it, and after a division came from it neither the army nor a
/// second division of it moves on the same card.
#[test]
fn a_division_from_an_army_counts_as_the_armys_campaign_move_fpt_4_3_1() {
    let campaign = |st: &mut State| {
        st.flow.clear();
        st.phase = Phase::Strategy;
        st.flow.push(Frame::Campaign { side: Side::Union, left: 3 });
    };
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 6, "mcdowell");
    campaign(&mut st);
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"army army_of_the_potomac".to_string()) && l.contains(&"division-of army_of_the_potomac 3".to_string()), "{l:?}");
    act(&mut st, Side::Union, "division-of army_of_the_potomac 2");
    assert!(st.campaign_armies.contains(&army("army_of_the_potomac")));
    act(&mut st, Side::Union, "stop");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 2, .. })), "{:?}", st.flow.top());
    let l = legal_text(&st, Side::Union);
    assert!(!l.iter().any(|a| a.starts_with("army army_of_the_potomac") || a.starts_with("division-of army_of_the_potomac")), "{l:?}");
    refused(&mut st, Side::Union, "army army_of_the_potomac", "FtP 4.3.1");
    refused(&mut st, Side::Union, "division-of army_of_the_potomac 1", "FtP 4.3.1");
    // The army moved first: its SP do not move again as a division.
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 6, "mcdowell");
    campaign(&mut st);
    act(&mut st, Side::Union, "army army_of_the_potomac");
    act(&mut st, Side::Union, "stop");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 2, .. })), "{:?}", st.flow.top());
    assert!(!legal_text(&st, Side::Union).iter().any(|a| a.starts_with("division-of army_of_the_potomac")));
    // Outside a campaign nothing is remembered: a later OPs card may draw a division again.
    st.campaign_armies.clear();
    check(&st);
}

/// FtP 5.6.5: a reorganization move may go port to port by water: Butler sails from Washington
/// to Fort Monroe, which no road or railroad through friendly spaces reaches (Virginia is
/// Confederate, 5.6.6).
#[test]
fn reorganization_by_sea_port_to_port_fpt_5_6_5() {
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Union, "washington", 1);
    put_general(&mut st, "butler", GenAt::Map(sp("washington")));
    put_sp(&mut st, Side::Union, "fort_monroe", 1);
    st.control[sp("fort_monroe") as usize] = Control::Of(Side::Union);
    st.control[sp("washington") as usize] = Control::Of(Side::Union);
    union_ops(&mut st, 1);
    act(&mut st, Side::Union, "reorganize");
    act(&mut st, Side::Union, "reorg butler");
    let to = legal_text(&st, Side::Union);
    assert!(to.contains(&"reorg-to fort_monroe".to_string()), "{to:?}");
    act(&mut st, Side::Union, "reorg-to fort_monroe");
    assert_eq!(st.generals[general("butler") as usize], GenAt::Map(sp("fort_monroe")));
    check(&st);
}

/// FtP 5.1.2: "se activa únicamente una brigada de caballería, situada en el mapa o en un
/// ejército": a brigade on an army's display may be activated; it leaves the army (the army's
/// strength drops by its SP) and moves with a brigade's 10 MP (5.5.2).
#[test]
fn a_brigade_moves_out_of_an_army_fpt_5_1_2() {
    let g = game();
    let mut st = new("1861", 7);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 5, "mcdowell");
    let a = army("army_of_the_potomac");
    put_general(&mut st, "stoneman", GenAt::Army(a));
    assert_eq!(g.army_strength(&st, a), 6);
    union_ops(&mut st, 2);
    let l = legal_text(&st, Side::Union);
    let brigade = l.iter().find(|x| x.contains("stoneman") && !x.contains("mcdowell")).cloned();
    let Some(brigade) = brigade else { panic!("FtP 5.1.2: the brigade may be activated: {l:?}") };
    act(&mut st, Side::Union, &brigade);
    assert_eq!(g.army_strength(&st, a), 5, "the brigade left the army");
    assert_eq!(st.moving.as_ref().map(|m| (m.kind, m.at, m.mp)), Some((Formation::Brigade, sp("frederick"), g.base_mp(Formation::Brigade))));
    check(&st);
}
