//! Tests of moves under a card's orders (ordered.rs): "Forward to Richmond!" (FtP 4.6.2) and
//! the concentration events' obligation to attack (4.5.2).

use super::choices_tests::{check, put_army, put_general};
use super::content::{Control, Side};
use super::play_tests::{act, empty_map, game, legal_text, new, put_sp, round_with, sp};
use super::state::*;

/// FtP 4.6.1, 4.6.2: the Union must move an army; a shortest path to Richmond, no stop while a step on it is open, in Richmond the
/// move ends (after converting it when possible).
#[test]
fn forward_to_richmond_takes_a_shortest_path_and_may_not_stop_fpt_4_6_2() {
    let g = game();
    let mut st = new("1861", 5);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 8, "mcclellan");
    check(&st);
    round_with(&mut st, Side::Union, 9);
    st.forward = Some(9);
    act(&mut st, Side::Union, "ops 9");
    assert_eq!(legal_text(&st, Side::Union), ["army army_of_the_potomac"]);
    act(&mut st, Side::Union, "army army_of_the_potomac");
    assert_eq!(st.moving.as_ref().map(|m| m.order), Some(MoveOrder::Richmond), "Frederick has no fort");
    let richmond = sp("richmond");
    let dist = g.land_distances(&st, richmond, Side::Union, 8);
    let mut guard = 0;
    while st.moving.as_ref().is_some_and(|m| m.at != richmond && !m.halted && m.mp > 0) {
        let at = st.moving.as_ref().unwrap().at;
        let l = legal_text(&st, Side::Union);
        let steps: Vec<&String> = l.iter().filter(|a| a.starts_with("step ")).collect();
        assert!(!steps.is_empty(), "an open road to Richmond from {}", g.sname(at));
        assert!(!l.contains(&"stop".to_string()), "FtP 4.6.2: no stop with a step open: {l:?}");
        assert!(!l.iter().any(|a| a.starts_with("pick-up") || a.starts_with("drop")), "FtP 4.6.2");
        for s in &steps {
            let to = sp(&s[5..]);
            assert_eq!(dist[to as usize] + 1, dist[at as usize], "{s}: only along a shortest path");
        }
        let s = steps[0].clone();
        act(&mut st, Side::Union, &s);
        guard += 1;
        assert!(guard < 20);
    }
    let m = st.moving.as_ref().expect("still moving");
    assert_eq!(m.at, richmond, "6 MP reach Richmond from Frederick");
    // In Richmond: convert if it can (out of supply in 1861, it cannot), and the move ends.
    assert_eq!(legal_text(&st, Side::Union), ["stop"]);
    check(&st);
}

/// FtP 4.6.2: starting in a space with a fort, the army may leave one SP there, once.
#[test]
fn forward_to_richmond_leaves_one_sp_in_a_fort_fpt_4_6_2() {
    let mut st = new("1861", 5);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 8, "mcclellan");
    put_sp(&mut st, Side::Union, "frederick", 1);
    st.fort[sp("frederick") as usize] = Some(Side::Union);
    round_with(&mut st, Side::Union, 9);
    st.forward = Some(9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"drop sp".to_string()) && !l.contains(&"pick-up sp".to_string()), "{l:?}");
    act(&mut st, Side::Union, "drop sp");
    assert!(!legal_text(&st, Side::Union).iter().any(|a| a.starts_with("pick-up") || a.starts_with("drop")), "one SP only");
    assert_eq!(st.sp[sp("frederick") as usize][0], 2);
    check(&st);
}

/// FtP 4.2.6 "el jugador de la Unión debe usar esta misma carta en su siguiente ronda
/// estratégica", reading, option `forward-no-army` when no army with a named commander can be
/// activated with the card taken: `lapses` (default) the Union plays as it likes;
/// `card-still-used` the card is still its play (for OPs, any use, or as its event).
#[test]
fn forward_to_richmond_with_no_army_to_move_by_option_fpt_4_2_6() {
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    let mut setup = Setup::new("1861", 2, 1);
    assert!(!g.setup(&setup).unwrap().opts.forward_card_still_used, "lapses is the default");
    setup.options.insert("forward-no-army".into(), "card-still-used".into());
    assert!(g.setup(&setup).unwrap().opts.forward_card_still_used);
    for still_used in [false, true] {
        let mut st = new("1861", 5);
        empty_map(&mut st);
        st.opts.forward_card_still_used = still_used;
        round_with(&mut st, Side::Union, 10);
        round_with(&mut st, Side::Union, 9);
        st.forward = Some(9);
        check(&st);
        assert!(g.forward_armies(&st, 1).is_empty(), "no Union army on the map");
        let l = legal_text(&st, Side::Union);
        let other_cards = l.iter().any(|a| a.split_whitespace().nth(1).is_some_and(|n| n != "9"));
        assert_eq!(other_cards, !still_used, "still_used {still_used}: {l:?}");
        assert!(l.contains(&"ops 9".to_string()), "{l:?}");
        if still_used {
            assert!(l.iter().all(|a| a == "ops 9" || a == "event 9"), "{l:?}");
            let before = serde_json::to_string(&st).unwrap();
            let r = g.apply(&mut st, 0, &Action::Ops { card: 10 }, &mut bivouac_engine::log::Log::quiet()).unwrap_err();
            assert_eq!(r.rule, "FtP 4.2.6", "{r}");
            assert_eq!(serde_json::to_string(&st).unwrap(), before);
        }
    }
}

/// J. Johnston with 3 SP at Manassas, just concentrated there (FtP 4.5.1) on a CSA campaign, an
/// ungarrisoned Union fort two spaces off at Fredericksburg (FtP 4.5: it counts as an enemy
/// force): the state and the fort's space.
fn concentration_at_manassas() -> (State, Sp) {
    let mut st = new("1861", 5);
    empty_map(&mut st);
    for s in ["manassas", "fredericksburg", "hanover_junction", "richmond"] {
        st.control[sp(s) as usize] = Control::Of(Side::Csa);
    }
    put_sp(&mut st, Side::Csa, "manassas", 3);
    put_general(&mut st, "j_johnston", GenAt::Map(sp("manassas")));
    let target = sp("fredericksburg");
    st.fort[target as usize] = Some(Side::Union);
    check(&st);
    st.flow.clear();
    st.phase = Phase::Strategy;
    st.flow.push(Frame::Round { side: Side::Union });
    st.flow.push(Frame::Campaign { side: Side::Csa, left: 1 });
    st.concentration = Some(sp("manassas"));
    (st, target)
}

/// FtP 4.5.2: the force activated after a concentration must attempt an attack; an
/// ungarrisoned enemy fort counts as an enemy force; once attempted it moves freely.
#[test]
fn concentration_force_must_attempt_an_attack_fpt_4_5_2() {
    let (mut st, target) = concentration_at_manassas();
    let l = legal_text(&st, Side::Csa);
    assert!(!l.contains(&"corps j_johnston 0".to_string()), "generals without SP cannot attack: {l:?}");
    act(&mut st, Side::Csa, "corps j_johnston 3");
    assert_eq!(st.moving.as_ref().map(|m| m.order), Some(MoveOrder::Attack));
    assert!(!legal_text(&st, Side::Csa).contains(&"stop".to_string()), "FtP 4.5.2: an attack is within reach");
    let game = game();
    let path: Vec<Sp> = {
        let m = st.moving.as_ref().unwrap();
        game.steps(&st, m)
    };
    assert!(!path.is_empty());
    // Walk toward the fort until the attack is made.
    let dist = game.land_distances(&st, target, Side::Csa, 3);
    let mut guard = 0;
    while st.moving.as_ref().is_some_and(|m| m.order == MoveOrder::Attack) {
        let m = st.moving.as_ref().unwrap();
        let next = game.steps(&st, m).into_iter().min_by_key(|&s| dist[s as usize]).expect("a step");
        act(&mut st, Side::Csa, &format!("step {}", game.c.map.name(bivouac_engine::map::graph::SpaceId(next))));
        guard += 1;
        assert!(guard < 10);
    }
    assert_eq!(st.fort[target as usize], None, "FtP 5.7.2: the ungarrisoned fort is removed");
    if st.moving.is_some() {
        assert!(legal_text(&st, Side::Csa).contains(&"stop".to_string()), "the order is fulfilled");
    }
    check(&st);
}

/// FtP 4.5.2 "la única condición es que debe producirse un intento de ataque contra una fuerza
/// enemiga": the force may not walk away from the attack until no enemy is in reach, then stop.
/// Walking as far from the target as it is let, every step keeps the attack in reach, no stop is
/// offered, and the attack is made in the end.
#[test]
fn concentration_force_may_not_walk_out_of_reach_of_the_attack_fpt_4_5_2() {
    let (mut st, target) = concentration_at_manassas();
    act(&mut st, Side::Csa, "corps j_johnston 3");
    // Two MP left: the fort next door is in reach, and one step away (Strasburg) would put
    // every enemy force out of reach.
    st.moving.as_mut().unwrap().mp = 2;
    let game = game();
    let dist = game.land_distances(&st, target, Side::Csa, 3);
    let mut guard = 0;
    while st.moving.as_ref().is_some_and(|m| m.order == MoveOrder::Attack) {
        let m = st.moving.as_ref().unwrap();
        assert!(game.attack_in_reach(&st, m), "FtP 4.5.2: the attack stays within reach");
        let l = legal_text(&st, Side::Csa);
        assert!(!l.contains(&"stop".to_string()), "FtP 4.5.2: no stop before the attack: {l:?}");
        assert!(!l.contains(&"step strasburg".to_string()), "FtP 4.5.2: no step out of reach of every enemy: {l:?}");
        for a in l.iter().filter(|a| a.starts_with("step ") || a.starts_with("drop")) {
            let mut t = st.clone();
            act(&mut t, Side::Csa, a);
            if let Some(m) = t.moving.as_ref().filter(|m| m.order == MoveOrder::Attack) {
                assert!(game.attack_in_reach(&t, m), "FtP 4.5.2: `{a}` keeps an attack within reach");
            }
        }
        let away = l.iter().filter_map(|a| a.strip_prefix("step ")).map(sp).max_by_key(|&s| dist[s as usize]).expect("a step");
        act(&mut st, Side::Csa, &format!("step {}", game.c.map.name(bivouac_engine::map::graph::SpaceId(away))));
        guard += 1;
        assert!(guard < 10);
    }
    let m = st.moving.as_ref();
    assert!(m.is_none_or(|m| m.order == MoveOrder::Attacked), "FtP 4.5.2: the attack was attempted");
    check(&st);
}

/// FtP 4.6.2 with 6.2.4: the shortest path is one the army may legally take. A Confederate fort
/// at Wheeling closes the Ohio crossing from Zanesville (6.2.4), so the army goes round by
/// Chillicothe and Parkersburg or by land, never into a step it is refused.
#[test]
fn forward_to_richmond_follows_a_legal_path_fpt_4_6_2_and_6_2_4() {
    let g = game();
    let mut st = new("1861", 5);
    empty_map(&mut st);
    super::choices_tests::no_forts(&mut st);
    let zanesville = sp("zanesville");
    let richmond = sp("richmond");
    let open = g.land_distances(&st, richmond, Side::Union, 8);
    st.fort[sp("wheeling") as usize] = Some(Side::Csa);
    st.control[sp("wheeling") as usize] = Control::Of(Side::Csa);
    let closed = g.land_distances(&st, richmond, Side::Union, 8);
    assert_eq!(open[sp("wheeling") as usize] + 1, open[zanesville as usize], "without the fort the road is by Wheeling");
    assert!(closed[zanesville as usize] > open[zanesville as usize], "FtP 6.2.4: the crossing into Wheeling is closed");
    put_army(&mut st, "army_of_the_potomac", "zanesville", 8, "mcclellan");
    check(&st);
    round_with(&mut st, Side::Union, 9);
    st.forward = Some(9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    let l = legal_text(&st, Side::Union);
    let steps: Vec<&String> = l.iter().filter(|a| a.starts_with("step ")).collect();
    assert!(!steps.is_empty() && !l.contains(&"stop".to_string()), "FtP 4.6.2: the army must go on: {l:?}");
    for s in steps {
        assert_ne!(s, "step wheeling", "FtP 6.2.4");
        assert_eq!(closed[sp(&s[5..]) as usize] + 1, closed[zanesville as usize], "{s}: a shortest legal path");
    }
}
