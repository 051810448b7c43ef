//! Tests of FtP 5.6.7 C (Forrest) and D (Sheridan's brigade), strong_brigades.rs: a cavalry
//! brigade that may grow to 2 SP.

use super::choices_tests::{check, no_forts, put_army, put_general, refused};
use super::content::{Control, Side};
use super::naval_tests::dice;
use super::play_tests::{act, army, empty_map, game, general, legal_text, put_sp, round_with, sp};
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;

/// The option's value that turns 5.6.7 on (whatever the option's other value than `off` is).
fn on_value() -> String {
    let sc = game().scenarios().into_iter().find(|s| s.id == "1861").expect("1861");
    let info = sc.options.into_iter().find(|o| o.key == "opt-special-generals").expect("option");
    info.values.into_iter().find(|v| v != "off").expect("an `on` value")
}

/// 1861 on an empty map with 5.6.7 on (or off), and optionally the replacement cavalry (5.5.6).
fn board(on: bool, replacements: bool) -> State {
    let mut setup = Setup::new("1861", 2, 11);
    setup.options.insert("opt-special-generals".into(), if on { on_value() } else { "off".into() });
    if replacements {
        setup.options.insert("opt-replacement-cavalry".into(), "on".into());
    }
    let mut st = game().setup(&setup).expect("setup");
    empty_map(&mut st);
    no_forts(&mut st);
    st
}

/// `id`'s brigade (FtP 5.5.1) with `loose` friendly SP in `at`, and `side`'s strategy round.
fn brigade_with(st: &mut State, id: &str, at: &str, loose: u8) -> Side {
    let side = game().gen_side(general(id));
    put_general(st, id, GenAt::Map(sp(at)));
    put_sp(st, side, at, loose);
    st.control[sp(at) as usize] = Control::Of(side);
    round_with(st, side, 9);
    check(st);
    side
}

fn two_sp(st: &State, id: &str) -> bool {
    game().brigade_sp(st, general(id)) == 2
}

/// FtP 5.6.7 C: Forrest's brigade in a space with 1 friendly SP is offered to grow (never
/// automatic); growing absorbs the SP (the space's strength unchanged), takes no card or round,
/// and cannot be undone voluntarily; without the option, without SP or grown, it is refused.
#[test]
fn forrest_brigade_grows_to_2_sp_as_the_players_choice_fpt_5_6_7_c() {
    let g = game();
    let mut st = board(true, false);
    let side = brigade_with(&mut st, "forrest", "nashville", 1);
    assert!(!two_sp(&st, "forrest"), "nothing automatic");
    assert!(legal_text(&st, side).contains(&"grow forrest".to_string()));
    let strength = g.strength(&st, side, sp("nashville"));
    let hand = st.piles.cards(HAND[side.index()]).len();
    act(&mut st, side, "grow forrest");
    assert!(two_sp(&st, "forrest"));
    assert_eq!(st.sp[sp("nashville") as usize][side.index()], 0, "the SP is absorbed");
    assert_eq!(g.strength(&st, side, sp("nashville")), strength, "2 SP: the brigade and the SP it absorbed");
    assert_eq!((st.flow.top(), st.piles.cards(HAND[side.index()]).len()), (Some(&Frame::Round { side }), hand), "no card, no round spent");
    check(&st);
    // It never shrinks back voluntarily, nor grows twice.
    assert!(!legal_text(&st, side).iter().any(|a| a.starts_with("grow") || a.contains("shrink")));
    put_sp(&mut st, side, "nashville", 1);
    refused(&mut st, side, "grow forrest", "FtP 5.6.7 C");
    // No friendly SP in the space: refused.
    let mut st = board(true, false);
    let side = brigade_with(&mut st, "forrest", "nashville", 0);
    assert!(!legal_text(&st, side).contains(&"grow forrest".to_string()));
    refused(&mut st, side, "grow forrest", "FtP 5.6.7 C");
    // The option off: refused, naming the rule.
    let mut st = board(false, false);
    let side = brigade_with(&mut st, "forrest", "nashville", 1);
    assert!(!legal_text(&st, side).contains(&"grow forrest".to_string()));
    refused(&mut st, side, "grow forrest", "FtP 5.6.7 C");
    // Another cavalry general has no such brigade (FtP 5.5.1: 1 SP).
    let mut st = board(true, false);
    let side = brigade_with(&mut st, "stuart", "nashville", 1);
    refused(&mut st, side, "grow stuart", "FtP 5.6.7 C");
}

/// FtP 5.6.7 D: Sheridan's brigade grows "exactly like Forrest's", here on an army display,
/// absorbing one of the army's infantry SP (the army's strength unchanged, FtP 5.2.1).
#[test]
fn sheridan_brigade_grows_in_an_army_fpt_5_6_7_d() {
    let g = game();
    let mut st = board(true, false);
    let a = army("army_of_the_potomac");
    put_army(&mut st, "army_of_the_potomac", "washington", 4, "mcdowell");
    put_general(&mut st, "sheridan", GenAt::Army(a));
    round_with(&mut st, Side::Union, 9);
    check(&st);
    assert_eq!(g.army_strength(&st, a), 5);
    act(&mut st, Side::Union, "grow sheridan");
    assert!(two_sp(&st, "sheridan"));
    assert_eq!((st.armies[a as usize].map(|x| x.sp), g.army_strength(&st, a)), (Some(3), 5));
    refused(&mut st, Side::Union, "grow sheridan", "FtP 5.6.7 D");
    check(&st);
}

/// FtP 5.6.7 C note, 5.5.6: with the replacement cavalry generals, Forrest's replacement Pegram
/// does not have the ability. Forced dice: Forrest's 2-SP brigade, attacked at Nashville, rolls
/// a modified 10 (6, +2 defense, +2 an event's DRM) and then 1 on the leader check (FtP 7.7.3):
/// Forrest is killed, the brigade goes with both SP, one of which counts toward the battle's
/// losses (5.5.4), and Pegram goes on the turn track. D (Spanish): Sheridan is his own
/// replacement and keeps the ability.
#[test]
fn pegram_does_not_have_forrests_ability_fpt_5_6_7_c() {
    let g = game();
    let mut st = board(true, true);
    brigade_with(&mut st, "forrest", "nashville", 1);
    act(&mut st, Side::Csa, "grow forrest");
    put_sp(&mut st, Side::Union, "bowling_green", 3);
    put_general(&mut st, "mcdowell", GenAt::Map(sp("bowling_green")));
    st.control[sp("bowling_green") as usize] = Control::Of(Side::Union);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcdowell 3");
    st.battle_mods.push(super::events::BattleMod { card: 1, side: Side::Csa, drm: 2, role: None, states: vec![], until: 99, next: true });
    st.rng = dice(&[1, 6, 1, 1]);
    let lost = st.sp_lost[1];
    act(&mut st, Side::Union, "step nashville");
    while st.last_battle.is_none() || matches!(st.flow.top(), Some(Frame::Rbb { .. } | Frame::Intercept { .. })) {
        act(&mut st, Side::Csa, "stand");
    }
    let rep = &st.last_battle.as_ref().expect("a battle").report;
    assert_eq!((rep.defender.roll as i8 + rep.defender.drm_total, rep.defender.leader_check.as_ref().and_then(|c| c.killed)), (10, Some(general("forrest"))));
    assert_eq!(st.generals[general("forrest") as usize], GenAt::Dead);
    assert!(matches!(st.generals[general("pegram") as usize], GenAt::Track(_)));
    assert_eq!(st.sp_lost[1] - lost, 2, "both SP of the brigade");
    assert_eq!(st.cav_track[1], 1, "FtP 5.5.4: 1 SP on the turn track");
    assert!(!two_sp(&st, "forrest"));
    check(&st);
    // Pegram back with a friendly SP: no growth.
    st.generals[general("pegram") as usize] = GenAt::Out;
    let side = brigade_with(&mut st, "pegram", "memphis", 1);
    assert!(!legal_text(&st, side).iter().any(|a| a.starts_with("grow")));
    refused(&mut st, side, "grow pegram", "FtP 5.6.7 C");
    // FtP 5.6.7 D (Spanish), 5.5.6: Sheridan killed is his own replacement, with the ability.
    let mut st = board(true, true);
    let side = brigade_with(&mut st, "sheridan", "cairo", 1);
    act(&mut st, side, "grow sheridan");
    g.cavalry_casualty(&mut st, general("sheridan"));
    st.sp_lost[0] += g.brigade_gone(&mut st, general("sheridan")) as u32;
    assert!(matches!(st.generals[general("sheridan") as usize], GenAt::Track(_)));
    check(&st);
    st.generals[general("sheridan") as usize] = GenAt::Out;
    let side = brigade_with(&mut st, "sheridan", "cairo", 1);
    assert!(legal_text(&st, side).contains(&"grow sheridan".to_string()));
}

/// FtP 5.6.7 C: a 2-SP brigade counts 2 in battle. Forrest's grown brigade alone at Nashville is
/// attacked by a Union corps of 6 SP (forced dice): the battle is 6 against 2 SP.
#[test]
fn a_2_sp_brigade_counts_2_in_battle_fpt_5_6_7_c() {
    let g = game();
    let mut st = board(true, false);
    brigade_with(&mut st, "forrest", "nashville", 1);
    act(&mut st, Side::Csa, "grow forrest");
    put_sp(&mut st, Side::Union, "bowling_green", 6);
    put_general(&mut st, "mcdowell", GenAt::Map(sp("bowling_green")));
    st.control[sp("bowling_green") as usize] = Control::Of(Side::Union);
    assert_eq!(g.defender_force(&st, Side::Csa, sp("nashville")).sp, 2);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcdowell 6");
    st.rng = dice(&[6, 6, 6, 6, 6, 6]);
    act(&mut st, Side::Union, "step nashville");
    while !matches!(st.flow.top(), Some(Frame::Move) | None) || st.last_battle.is_none() {
        let l = legal_text(&st, Side::Csa);
        let a = ["stand", "decline"].into_iter().find(|a| l.iter().any(|x| x == a)).unwrap_or_else(|| panic!("{l:?} {:?}", st.flow.top()));
        act(&mut st, Side::Csa, a);
    }
    let rep = &st.last_battle.as_ref().expect("a battle").report;
    assert_eq!((rep.attacker.sp_before, rep.defender.sp_before), (6, 2));
    check(&st);
}

/// FtP 5.6.7 C: in battle (forced dice: Union 3, CSA 1), a 3-SP Union corps attacks Forrest's
/// 2-SP brigade; the CRT takes 1 SP of it: the brigade is not destroyed and stays at Nashville
/// as a 1-SP brigade (the defender holds).
#[test]
fn a_2_sp_brigade_losing_1_sp_in_battle_is_not_destroyed_fpt_5_6_7_c() {
    let mut st = board(true, false);
    brigade_with(&mut st, "forrest", "nashville", 1);
    act(&mut st, Side::Csa, "grow forrest");
    put_sp(&mut st, Side::Union, "bowling_green", 3);
    put_general(&mut st, "mcdowell", GenAt::Map(sp("bowling_green")));
    st.control[sp("bowling_green") as usize] = Control::Of(Side::Union);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcdowell 3");
    st.rng = dice(&[3, 1, 1, 1, 1, 1]);
    act(&mut st, Side::Union, "step nashville");
    while st.last_battle.is_none() || matches!(st.flow.top(), Some(Frame::Rbb { .. } | Frame::Intercept { .. })) {
        let l = legal_text(&st, Side::Csa);
        let a = ["stand", "decline"].into_iter().find(|a| l.iter().any(|x| x == a)).unwrap_or_else(|| panic!("{l:?} {:?}", st.flow.top()));
        act(&mut st, Side::Csa, a);
    }
    let rep = &st.last_battle.as_ref().expect("a battle").report;
    assert_eq!((rep.attacker.sp_before, rep.defender.sp_before, rep.defender.sp_lost), (3, 2, 1));
    assert_eq!(st.generals[general("forrest") as usize], GenAt::Map(sp("nashville")), "not destroyed");
    assert!(!two_sp(&st, "forrest"));
    assert_eq!(game().strength(&st, Side::Csa, sp("nashville")), 1);
    check(&st);
}

/// FtP 5.6.7 C: a 2-SP brigade that loses 1 SP is not destroyed: it goes on as a 1-SP brigade
/// and may grow again; 2 SP lost destroy it (FtP 5.5.4: its general to the turn track). In a
/// battle's loss choice (5.5.4) `lose forrest` takes 1 SP of it.
#[test]
fn a_2_sp_brigade_losing_1_sp_goes_on_at_1_sp_fpt_5_6_7_c() {
    let g = game();
    let mut st = board(true, false);
    let side = brigade_with(&mut st, "forrest", "nashville", 2);
    act(&mut st, side, "grow forrest");
    g.lose_in_space(&mut st, side, sp("nashville"), 1, &mut Log::quiet());
    assert_eq!(st.sp[sp("nashville") as usize][1], 0, "infantry first");
    assert!(two_sp(&st, "forrest"));
    g.lose_in_space(&mut st, side, sp("nashville"), 1, &mut Log::quiet());
    assert_eq!(st.generals[general("forrest") as usize], GenAt::Map(sp("nashville")), "not destroyed");
    assert!(!two_sp(&st, "forrest"));
    assert_eq!(g.strength(&st, side, sp("nashville")), 1);
    check(&st);
    // It may grow again.
    put_sp(&mut st, side, "nashville", 1);
    act(&mut st, side, "grow forrest");
    assert!(two_sp(&st, "forrest"));
    // Two SP lost at once: destroyed.
    g.lose_in_space(&mut st, side, sp("nashville"), 2, &mut Log::quiet());
    assert!(matches!(st.generals[general("forrest") as usize], GenAt::Track(t) if t > st.turn));
    assert!(!two_sp(&st, "forrest"));
    check(&st);
    // The owner's choice of battle losses (Frame::Losses): 1 SP off the brigade leaves it 1 SP.
    let mut st = board(true, false);
    let side = brigade_with(&mut st, "forrest", "nashville", 2);
    act(&mut st, side, "grow forrest");
    let pools = g.space_pools(&st, side, sp("nashville"));
    assert_eq!(pools.cav, [(general("forrest"), 2)]);
    st.flow.push(Frame::SpaceLosses { side, space: sp("nashville"), left: 1, cause: LossCause::Attrition });
    let mut l = legal_text(&st, side);
    l.sort();
    assert_eq!(l, ["lose forrest", "lose infantry"]);
    act(&mut st, side, "lose forrest");
    assert_eq!(st.generals[general("forrest") as usize], GenAt::Map(sp("nashville")));
    assert!(!two_sp(&st, "forrest"));
    assert_eq!(g.strength(&st, side, sp("nashville")), 2);
    check(&st);
}

/// FtP 5.6.7 C: destroyed and later returned, the brigade keeps its ability (a new brigade of
/// 1 SP, FtP 5.5.1, that may grow again); D (Spanish): so does Sheridan's.
#[test]
fn a_destroyed_brigade_returns_with_its_ability_fpt_5_6_7_c_d() {
    let g = game();
    for id in ["forrest", "sheridan"] {
        let mut st = board(true, false);
        let side = brigade_with(&mut st, id, "nashville", 1);
        act(&mut st, side, &format!("grow {id}"));
        g.lose_in_space(&mut st, side, sp("nashville"), 2, &mut Log::quiet());
        assert!(matches!(st.generals[general(id) as usize], GenAt::Track(_)), "destroyed");
        check(&st);
        // Back in a Reinforcement Phase (FtP 10.6): placed with 1 SP, he is a 1-SP brigade.
        st.generals[general(id) as usize] = GenAt::Track(st.turn);
        put_sp(&mut st, side, "memphis", 2);
        st.control[sp("memphis") as usize] = Control::Of(side);
        st.flow.clear();
        st.flow.push(Frame::PlaceGenerals { side });
        act(&mut st, side, "place memphis");
        if id == "sheridan" {
            // FtP 5.6.7 D: placed, Sheridan's owner picks his counter.
            act(&mut st, side, "counter brigade");
        }
        assert_eq!(st.generals[general(id) as usize], GenAt::Map(sp("memphis")));
        assert!(!two_sp(&st, id));
        check(&st);
        round_with(&mut st, side, 9);
        assert!(legal_text(&st, side).contains(&format!("grow {id}")), "{id} keeps the ability");
        act(&mut st, side, &format!("grow {id}"));
        assert!(two_sp(&st, id));
        check(&st);
    }
}

/// FtP 5.6.7 D with 5.3.3, 6.1.2, 5.2.1: a 2-SP brigade fills 2 of a corps' 6 SP, of a naval
/// move's 3 SP and of an army's 15 SP.
#[test]
fn a_2_sp_brigade_counts_2_in_size_limits_fpt_5_6_7_d() {
    let g = game();
    let mut st = board(true, false);
    let side = brigade_with(&mut st, "sheridan", "cairo", 7);
    put_general(&mut st, "mcdowell", GenAt::Map(sp("cairo")));
    act(&mut st, side, "grow sheridan");
    act(&mut st, side, "ops 9");
    let l = legal_text(&st, side);
    assert!(l.contains(&"corps mcdowell 4 sheridan".to_string()) && !l.contains(&"corps mcdowell 5 sheridan".to_string()), "{l:?}");
    assert!(l.contains(&"naval cairo 1 sheridan".to_string()) && !l.contains(&"naval cairo 2 sheridan".to_string()), "{l:?}");
    check(&st);
    // An army of 13 infantry SP and the 2-SP brigade is full (FtP 5.2.1: 15).
    let mut st = board(true, false);
    let a = army("army_of_the_potomac");
    put_army(&mut st, "army_of_the_potomac", "washington", 13, "mcdowell");
    put_general(&mut st, "sheridan", GenAt::Army(a));
    put_sp(&mut st, Side::Union, "washington", 1);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "grow sheridan");
    assert_eq!(g.army_strength(&st, a), 14);
    assert_eq!(g.total_sp(&st, Side::Union), st.sp_at_start[0]);
    check(&st);
}


/// FtP 5.6.7 C "at any time": also in the enemy's move, before standing against its attack
/// (the retreat-before-battle decision, FtP 7.2): the brigade that grew fights with 2 SP.
#[test]
fn a_brigade_may_grow_before_standing_against_an_attack_fpt_5_6_7_c() {
    let mut st = board(true, false);
    brigade_with(&mut st, "forrest", "nashville", 1);
    put_sp(&mut st, Side::Union, "bowling_green", 3);
    put_general(&mut st, "mcdowell", GenAt::Map(sp("bowling_green")));
    st.control[sp("bowling_green") as usize] = Control::Of(Side::Union);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcdowell 3");
    act(&mut st, Side::Union, "step nashville");
    assert!(matches!(st.flow.top(), Some(Frame::Rbb { side: Side::Csa, .. })), "{:?}", st.flow.top());
    assert!(legal_text(&st, Side::Csa).contains(&"grow forrest".to_string()));
    act(&mut st, Side::Csa, "grow forrest");
    assert!(matches!(st.flow.top(), Some(Frame::Rbb { side: Side::Csa, .. })), "the decision is still pending");
    assert_eq!((st.sp[sp("nashville") as usize][1], game().defender_force(&st, Side::Csa, sp("nashville")).sp), (0, 2));
    check(&st);
}

/// How often random play grows, shrinks and destroys 2-SP brigades with the option on, every
/// state checked (FtP 5.6.7 C, D): `BIVOUAC_FUZZ_GAMES=20 cargo test --release -p
/// bivouac-systems --lib strong_brigades_random_play -- --ignored --nocapture`.
#[test]
#[ignore]
fn strong_brigades_random_play_fpt_5_6_7_c_d() {
    use bivouac_engine::rng::GameRng;
    let g = game();
    let games: u64 = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    let (mut grown, mut shrunk, mut actions) = (0, 0, 0);
    for sc in ["1863", "1864"] {
        for seed in 0..games {
            let mut setup = Setup::new(sc, 2, 500 + seed);
            setup.options.insert("opt-special-generals".into(), on_value());
            let mut st = g.setup(&setup).expect("setup");
            let mut pick = GameRng::new(seed);
            for _ in 0..20_000 {
                let Some(&seat) = g.active_seats(&st).first() else { break };
                let legal = g.legal_actions(&st, seat);
                let a = legal[pick.pick(legal.len())];
                let before = st.strong.two_sp.clone();
                g.apply(&mut st, seat, &a, &mut Log::quiet()).unwrap_or_else(|e| panic!("{e}"));
                actions += 1;
                grown += matches!(a, Action::GrowBrigade { .. }) as u32;
                shrunk += before.iter().filter(|b| !st.strong.two_sp.contains(b) && matches!(st.generals[**b as usize], GenAt::Map(_) | GenAt::Army(_) | GenAt::Moving)).count() as u32;
                check(&st);
            }
        }
    }
    println!("FtP 5.6.7 C/D random play: {} games, {actions} actions, {grown} grown, {shrunk} shrunk to 1 SP", 2 * games);
    assert!(grown > 0);
}



/// FtP 5.5.4 and 5.6.7 C, D: a killed cavalry general's brigade leaves the map; one SP may count
/// toward the battle's losses and 1 SP goes to the turn track, by the options
/// `cavalry-death-sp` and `strong-brigade-killed` (readings, game.toml).
#[test]
fn killed_cavalry_generals_brigade_sp_by_the_options_fpt_5_5_4_fpt_5_6_7_c() {
    let g = game();
    // (two-SP brigade, battle loss, track-and-loss, two-losses) -> (loss left, SP to the track)
    let cases = [
        ((false, 0, false, false), (0, 1)),
        ((false, 2, false, false), (1, 0)),
        ((false, 2, true, false), (1, 1)),
        ((true, 0, false, false), (0, 1)),
        ((true, 1, false, false), (0, 1)),
        ((true, 3, false, false), (2, 1)),
        ((true, 3, false, true), (1, 0)),
        ((true, 1, false, true), (0, 1)),
        ((true, 3, true, true), (1, 1)),
    ];
    for ((two, loss, track_and_loss, two_losses), want) in cases {
        let mut st = board(true, false);
        st.opts.cav_death_track_and_loss = track_and_loss;
        st.opts.strong_killed_two_losses = two_losses;
        let side = brigade_with(&mut st, "forrest", "nashville", 1);
        if two {
            act(&mut st, side, "grow forrest");
        }
        let lost = st.sp_lost[1];
        let mut left = loss;
        g.kill_general(&mut st, general("forrest"), false, &mut left, &mut Log::quiet());
        assert_eq!((left, st.cav_track[1]), want, "2-SP {two}, loss {loss}, track-and-loss {track_and_loss}, two-losses {two_losses}");
        assert_eq!(st.sp_lost[1] - lost, if two { 2 } else { 1 }, "the brigade leaves the map");
        assert!(matches!(st.generals[general("forrest") as usize], GenAt::Track(_)));
        check(&st);
    }
}

/// FtP 5.5.4, 10.4.2, 10.4.3: the turn-track SP returns in the next Reinforcement Phase, the
/// CSA's with the states' SP (1 per state if possible, else any CSA space with a LOC), the
/// Union's in a space that may take a Union reinforcement (a reading).
#[test]
fn killed_cavalry_sp_returns_next_reinforcement_phase_fpt_5_5_4() {
    let g = game();
    let mut st = super::play_tests::new("campaign", 5);
    st.turn = 5;
    st.cav_track = [1, 1];
    st.flow.clear();
    g.begin_turn(&mut st, &mut Log::quiet());
    assert_eq!(st.cav_track, [0, 0], "taken off the track");
    assert_eq!((st.pool[P_CAV], st.pool[P_CAV + 1]), (1, 1));
    // The CSA's counts among the states' SP: 9 - Union-held states + 1.
    let csa_states = st.pool[P_STATES];
    let mut st2 = super::play_tests::new("campaign", 5);
    st2.turn = 5;
    st2.flow.clear();
    g.begin_turn(&mut st2, &mut Log::quiet());
    assert_eq!(csa_states, st2.pool[P_STATES] + 1, "FtP 10.4.2: plus the waiting cavalry SP");
    // The Union's: one SP more than the areas give, placed in an area's space.
    let union_sp = |st: &State| g.total_sp(st, Side::Union);
    let mut a = st.clone();
    let before = union_sp(&a);
    let mut placed = 0;
    while let Some(&s) = g.reinforce_spaces(&a, Side::Union).first() {
        g.reinforce(&mut a, Side::Union, s, &mut Log::quiet());
        placed += 1;
        assert!(placed < 40, "the pools run out");
    }
    let mut b = st2.clone();
    let mut placed2 = 0;
    while let Some(&s) = g.reinforce_spaces(&b, Side::Union).first() {
        g.reinforce(&mut b, Side::Union, s, &mut Log::quiet());
        placed2 += 1;
    }
    assert_eq!(placed, placed2 + 1, "the returning cavalry SP");
    assert_eq!(union_sp(&a), before + placed);
    // In a turn without the side's step a the SP wait on the track.
    let mut st = super::play_tests::new("campaign", 5);
    st.turn = 3;
    st.cav_track = [1, 0];
    st.flow.clear();
    g.begin_turn(&mut st, &mut Log::quiet());
    assert_eq!(st.cav_track, [1, 0], "FtP 10.7: no Union step a in Fall 1861: it waits");
}
