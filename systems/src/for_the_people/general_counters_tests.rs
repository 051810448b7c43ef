//! Tests of FtP 5.6.7 B (Van Dorn's cavalry-brigade counter) and D (Sheridan's corps-commander
//! counter), general_counters.rs.

use super::choices_tests::{check, no_forts, put_general, refused};
use super::content::{Control, Side};
use super::play_tests::{act, empty_map, game, general, legal_text, put_sp, round_with, sp};
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;

/// 1861 on an empty map with the options given (`opt-special-generals` and others).
fn board(opts: &[(&str, &str)]) -> State {
    let mut setup = Setup::new("1861", 2, 7);
    setup.options.extend(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let mut st = game().setup(&setup).expect("setup");
    empty_map(&mut st);
    no_forts(&mut st);
    st
}

const ON: (&str, &str) = ("opt-special-generals", "on");
const OFF: (&str, &str) = ("opt-special-generals", "off");

/// `id` with `n` SP at `at` (a friendly space) activated for a corps move of `n` SP.
fn corps_move(st: &mut State, side: Side, id: &str, at: &str, n: u8) {
    put_sp(st, side, at, n);
    put_general(st, id, GenAt::Map(sp(at)));
    st.control[sp(at) as usize] = Control::Of(side);
    round_with(st, side, 9);
    act(st, side, "ops 9");
    act(st, side, &format!("corps {id} {n}"));
}

fn first_step(st: &State, side: Side) -> String {
    legal_text(st, side).into_iter().find(|a| a.starts_with("step ")).expect("a step")
}

/// FtP 5.6.7 B: Van Dorn activated and moving with exactly 1 SP may swap for his cavalry-brigade
/// counter (offered during the move); the SP becomes his brigade; he is then a cavalry general
/// for the rest of the game under the normal brigade rules (5.5.2). Never with 2 SP, never with
/// the option off; a refusal names the rule and leaves the state unchanged.
#[test]
fn van_dorn_moving_with_exactly_1_sp_swaps_to_his_brigade_fpt_5_6_7_b() {
    let g = game();
    let vd = general("van_dorn");
    // 2 SP: no swap.
    let mut st = board(&[ON]);
    corps_move(&mut st, Side::Csa, "van_dorn", "richmond", 2);
    assert!(!legal_text(&st, Side::Csa).contains(&"counter brigade".to_string()));
    refused(&mut st, Side::Csa, "counter brigade", "FtP 5.6.7");
    // The option off: no swap.
    let mut st = board(&[OFF]);
    corps_move(&mut st, Side::Csa, "van_dorn", "richmond", 1);
    refused(&mut st, Side::Csa, "counter brigade", "FtP 5.6.7");
    // On, 1 SP: offered before and after a step; the Union may not answer for the CSA.
    let mut st = board(&[ON]);
    corps_move(&mut st, Side::Csa, "van_dorn", "richmond", 1);
    assert!(legal_text(&st, Side::Csa).contains(&"counter brigade".to_string()));
    let step = first_step(&st, Side::Csa);
    act(&mut st, Side::Csa, &step);
    assert!(legal_text(&st, Side::Csa).contains(&"counter brigade".to_string()), "during the move");
    refused(&mut st, Side::Union, "counter brigade", "FtP 3.3.2");
    let (total, mp) = (g.total_sp(&st, Side::Csa), st.moving.as_ref().unwrap().mp);
    assert!(!g.is_cav(&st, vd));
    act(&mut st, Side::Csa, "counter brigade");
    let m = st.moving.as_ref().expect("still moving");
    assert_eq!((m.kind, m.sp, m.gens.as_slice(), m.mp), (Formation::Brigade, 0, &[vd][..], mp), "the SP is his brigade; by our reading the MP left stay");
    assert!(g.is_cav(&st, vd));
    assert_eq!(g.total_sp(&st, Side::Csa), total, "SP conserved");
    check(&st);
    assert!(!legal_text(&st, Side::Csa).contains(&"counter brigade".to_string()), "once");
    // reading, option `counter-swap-mp` = brigade: the brigade's 2 extra MP (10 - 8, 5.1.3).
    let mut alt = board(&[ON, ("counter-swap-mp", "brigade")]);
    corps_move(&mut alt, Side::Csa, "van_dorn", "richmond", 1);
    act(&mut alt, Side::Csa, &step);
    let mp = alt.moving.as_ref().unwrap().mp;
    act(&mut alt, Side::Csa, "counter brigade");
    assert_eq!(alt.moving.as_ref().unwrap().mp, mp + 2);
    act(&mut st, Side::Csa, "stop");
    check(&st);
    // For the rest of the game: a brigade move (5.5.2), no longer a corps.
    assert_eq!(st.counters.brigade, [vd]);
    round_with(&mut st, Side::Csa, 9);
    act(&mut st, Side::Csa, "ops 9");
    let l = legal_text(&st, Side::Csa);
    assert!(l.contains(&"brigade van_dorn".to_string()) && !l.iter().any(|a| a.starts_with("corps van_dorn")), "{l:?}");
}

/// FtP 5.6.7 B: Van Dorn killed as a cavalry general is removed for good (no return, no
/// replacement); any other cavalry general killed goes to the turn track (5.5.4).
#[test]
fn van_dorn_killed_as_cavalry_is_removed_for_good_fpt_5_6_7_b() {
    let g = game();
    let vd = general("van_dorn");
    let mut st = board(&[ON]);
    corps_move(&mut st, Side::Csa, "van_dorn", "richmond", 1);
    act(&mut st, Side::Csa, "counter brigade");
    act(&mut st, Side::Csa, "stop");
    let (lost, at) = (st.sp_lost[1], st.generals[vd as usize]);
    assert!(matches!(at, GenAt::Map(_)));
    g.kill_general(&mut st, vd, false, &mut 0, &mut Log::quiet());
    assert_eq!(st.generals[vd as usize], GenAt::Dead);
    assert_eq!(st.sp_lost[1], lost + 1, "his brigade's SP");
    check(&st);
    // Stuart, killed, returns (5.5.4: 3 turns for the CSA, Spanish edition).
    put_general(&mut st, "stuart", GenAt::Map(sp("manassas")));
    g.kill_general(&mut st, general("stuart"), false, &mut 0, &mut Log::quiet());
    assert_eq!(st.generals[general("stuart") as usize], GenAt::Track(st.turn + 3));
}

/// Sheridan arriving in `st` at Washington (3 Union SP), the Union placing generals.
fn sheridan_arrives(opts: &[(&str, &str)]) -> State {
    let mut st = board(opts);
    put_sp(&mut st, Side::Union, "washington", 3);
    st.control[sp("washington") as usize] = Control::Of(Side::Union);
    for at in st.generals.iter_mut() {
        if matches!(at, GenAt::Track(_)) {
            *at = GenAt::Track(13);
        }
    }
    st.generals[general("sheridan") as usize] = GenAt::Track(st.turn);
    st.flow.clear();
    st.flow.push(Frame::PlaceGenerals { side: Side::Union });
    st.phase = Phase::Reinforcement;
    st
}

/// FtP 5.6.7 D: Sheridan, a cavalry general, may be placed on his corps-commander counter
/// (political rating 1): his owner chooses the counter once he is drawn. On it he takes no SP
/// (10.6.4) and is a general, not a brigade; with the option off he arrives as his brigade.
#[test]
fn sheridan_is_placed_on_the_counter_his_owner_chooses_fpt_5_6_7_d() {
    let g = game();
    let sh = general("sheridan");
    let ws = sp("washington");
    // Off: his brigade, absorbing 1 SP.
    let mut st = sheridan_arrives(&[OFF]);
    act(&mut st, Side::Union, "place washington");
    assert_eq!((st.generals[sh as usize], st.sp[ws as usize][0]), (GenAt::Map(ws), 2));
    assert!(g.is_cav(&st, sh));
    // On: the choice, Union's only.
    let mut st = sheridan_arrives(&[ON]);
    act(&mut st, Side::Union, "place washington");
    assert_eq!(st.flow.top(), Some(&Frame::Counter { side: Side::Union, general: sh, space: ws }));
    let mut l = legal_text(&st, Side::Union);
    l.sort();
    assert_eq!(l, ["counter brigade", "counter corps"]);
    refused(&mut st, Side::Csa, "counter corps", "FtP 3.3.2");
    refused(&mut st, Side::Union, "place washington", "FtP 10.6.1");
    check(&st);
    let mut brig = st.clone();
    act(&mut brig, Side::Union, "counter brigade");
    assert_eq!((brig.generals[sh as usize], brig.sp[ws as usize][0]), (GenAt::Map(ws), 2));
    assert!(g.is_cav(&brig, sh));
    check(&brig);
    act(&mut st, Side::Union, "counter corps");
    assert_eq!((st.generals[sh as usize], st.sp[ws as usize][0]), (GenAt::Map(ws), 3), "no SP absorbed");
    assert!(!g.is_cav(&st, sh));
    assert_eq!(g.pr(sh), 1, "political rating 1");
    assert!(!matches!(st.flow.top(), Some(Frame::PlaceGenerals { .. }) | Some(Frame::Counter { .. })));
    check(&st);
    // A corps commander: he moves a corps with SP (5.3), no brigade move.
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"corps sheridan 3".to_string()) && !l.contains(&"brigade sheridan".to_string()), "{l:?}");
}

/// FtP 5.6.7 D: on his corps counter, activated and moving with exactly 1 SP, Sheridan may swap
/// to his brigade as Van Dorn does, and stays cavalry.
#[test]
fn sheridan_on_his_corps_counter_swaps_to_his_brigade_fpt_5_6_7_d() {
    let g = game();
    let sh = general("sheridan");
    let mut st = sheridan_arrives(&[ON]);
    act(&mut st, Side::Union, "place washington");
    act(&mut st, Side::Union, "counter corps");
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps sheridan 1");
    let total = g.total_sp(&st, Side::Union);
    act(&mut st, Side::Union, "counter brigade");
    assert!(g.is_cav(&st, sh));
    assert_eq!((st.counters.brigade.as_slice(), st.counters.corps.as_slice()), (&[sh][..], &[][..]));
    assert_eq!(g.total_sp(&st, Side::Union), total);
    act(&mut st, Side::Union, "stop");
    check(&st);
    // Placed again later (Spanish: he returns), he has no corps counter to choose.
    st.generals[sh as usize] = GenAt::Track(st.turn);
    st.sp_lost[0] += 1;
    st.flow.clear();
    st.flow.push(Frame::PlaceGenerals { side: Side::Union });
    act(&mut st, Side::Union, "place washington");
    assert!(!matches!(st.flow.top(), Some(Frame::Counter { .. })));
    assert!(g.is_cav(&st, sh));
}

/// FtP 5.6.7 D: Sheridan killed, by edition (`sheridan_death`): Spanish, his brigade returns
/// (5.5.4) and on his corps counter he returns only with the replacement generals (5.5.6, his
/// own replacement), else he is removed as any killed general; Italian: removed for good.
#[test]
fn sheridan_killed_by_edition_fpt_5_6_7_d() {
    let g = game();
    let sh = general("sheridan");
    let killed = |opts: &[(&str, &str)], corps: bool| -> GenAt {
        let mut st = sheridan_arrives(opts);
        act(&mut st, Side::Union, "place washington");
        if matches!(st.flow.top(), Some(Frame::Counter { .. })) {
            act(&mut st, Side::Union, if corps { "counter corps" } else { "counter brigade" });
        }
        g.kill_general(&mut st, sh, false, &mut 0, &mut Log::quiet());
        check(&st);
        st.generals[sh as usize]
    };
    let turn = board(&[ON]).turn;
    assert_eq!(killed(&[ON], false), GenAt::Track(turn + 1), "Spanish: his brigade returns (5.5.4, Union 1 turn)");
    assert_eq!(killed(&[ON], true), GenAt::Dead, "Spanish, no replacement generals: a killed general");
    assert_eq!(killed(&[ON, ("opt-replacement-cavalry", "on")], true), GenAt::Track(turn + 1), "Spanish, replacement generals: his own replacement");
    assert_eq!(killed(&[ON, ("opt-replacement-cavalry", "on")], false), GenAt::Track(turn + 1));
    assert_eq!(killed(&[ON, ("edition", "italian")], false), GenAt::Dead, "Italian: permanently eliminated");
    assert_eq!(killed(&[ON, ("edition", "italian")], true), GenAt::Dead);
    // The option off: the normal cavalry rules (Italian: back in 3 turns).
    assert_eq!(killed(&[OFF, ("edition", "italian")], false), GenAt::Track(turn + 3));
}

/// 1864 on an empty map in turn `turn`, with the options given, a Union general with 1 SP at
/// Decatur (AL) and #16 in the Union's hand on its round.
fn wilson_board(opts: &[(&str, &str)], turn: u8) -> State {
    use super::events::testkit::{give, round};
    let mut setup = Setup::new("1864", 2, 7);
    setup.options.extend(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let mut st = game().setup(&setup).expect("setup");
    empty_map(&mut st);
    no_forts(&mut st);
    st.turn = turn;
    put_sp(&mut st, Side::Union, "decatur", 1);
    put_general(&mut st, "sherman", GenAt::Map(sp("decatur")));
    st.control[sp("decatur") as usize] = Control::Of(Side::Union);
    give(&mut st, Side::Union, 16);
    round(&mut st, Side::Union);
    st
}

/// The spaces #16 offers for its first PC.
fn grierson_options(st: &State) -> Vec<String> {
    let g = game();
    let mut probe = st.clone();
    let mut roll = |_: &mut State| 1;
    g.event_action_with(&mut probe, Frame::Round { side: Side::Union }, &Action::Event { card: 16 }, &mut Log::quiet(), &mut roll).expect("an event").expect("playable");
    super::events::testkit::options(&probe)
}

/// FtP 5.6.7 E (IT 5.67 E): in turns 12-13 of the Italian edition with the option on, #16
/// Grierson's Raid may also place its PCs on CSA resource spaces without CSA SP or forts within
/// a 4-space route of a Union general, the NE-Alabama dashed links (5.10) counted (the example:
/// a general at Decatur reaches Selma and Atlanta); an exception to FtP 11.3 D, so the PC
/// destroys the resource center. Unchanged in other turns, in the Spanish edition, or off.
#[test]
fn wilsons_raid_with_griersons_raid_in_turns_12_13_fpt_5_6_7_e() {
    let g = game();
    let it = [ON, ("edition", "italian")];
    let st = wilson_board(&it, 12);
    let o = grierson_options(&st);
    assert!(o.contains(&"selma".to_string()), "{o:?}");
    assert!(o.contains(&"atlanta".to_string()), "Atlanta: 4 spaces through the dashed links: {o:?}");
    assert!(o.iter().any(|x| g.c.states[g.c.map.space(bivouac_engine::map::graph::SpaceId(sp(x))).state as usize].id == "ms"), "the card's own Mississippi spaces stay");
    // A fort, CSA SP or the CSA capital keep a resource space out.
    let mut st2 = st.clone();
    st2.fort[sp("selma") as usize] = Some(Side::Csa);
    st2.sp[sp("atlanta") as usize][1] = 1;
    st2.sp_at_start[1] += 1;
    let o2 = grierson_options(&st2);
    assert!(!o2.contains(&"selma".to_string()) && !o2.contains(&"atlanta".to_string()), "{o2:?}");
    // Played: the PC on Selma destroys its resource center (11.3 D exception).
    let mut st = st;
    let other = o.iter().find(|x| x.as_str() != "selma").unwrap().clone();
    super::events::testkit::play(g, &mut st, Side::Union, 16, &["selma", &other], &[]).unwrap();
    assert!(st.controls(Side::Union, sp("selma")));
    assert!(st.rc_destroyed[sp("selma") as usize], "FtP 11.1: a PC destroys the resource center");
    // The `pc` command allows it only then (FtP 11.3 D otherwise).
    let pc_ok = |st: &State| g.event_pc_ok(st, Some(16), Side::Union, sp("atlanta")).is_ok();
    assert!(pc_ok(&wilson_board(&it, 13)));
    for st in [wilson_board(&it, 11), wilson_board(&[ON], 12), wilson_board(&[OFF, ("edition", "italian")], 12)] {
        assert!(!pc_ok(&st));
        let o = grierson_options(&st);
        assert!(!o.contains(&"selma".to_string()) && !o.contains(&"atlanta".to_string()), "the card unchanged: {o:?}");
    }
    assert!(g.event_pc_ok(&wilson_board(&it, 12), Some(15), Side::Union, sp("atlanta")).is_err(), "#16 only");
}

/// Random play of the campaign with the option on (even seeds Spanish, odd seeds Italian),
/// every invariant checked after every action, counting the FtP 5.6.7 B / D decisions taken and
/// how Van Dorn and Sheridan end.
/// `BIVOUAC_FUZZ_GAMES=20 cargo test --release -p bivouac-systems --lib counters_in_random_play -- --ignored --nocapture`
#[test]
#[ignore]
fn counters_in_random_play_fpt_5_6_7() {
    use bivouac_engine::rng::GameRng;
    let g = game();
    let games: u64 = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    let (mut corps, mut brigade, mut swaps, mut actions, mut over) = (0, 0, 0, 0, 0);
    let mut ends: std::collections::BTreeMap<String, usize> = Default::default();
    for seed in 0..games {
        let mut setup = Setup::new("campaign", 2, 700 + seed);
        setup.options.insert(ON.0.into(), ON.1.into());
        if seed % 2 == 1 {
            setup.options.insert("edition".into(), "italian".into());
        }
        let mut st = g.setup(&setup).expect("setup");
        let mut rng = GameRng::new(seed);
        for _ in 0..g.max_actions() {
            if g.outcome(&st).is_some() {
                over += 1;
                break;
            }
            let seat = g.active_seats(&st)[0];
            let l = g.legal_actions(&st, seat);
            let a = l[rng.pick(l.len())];
            match (&a, st.flow.top()) {
                (Action::Counter { brigade: false }, _) => corps += 1,
                (Action::Counter { brigade: true }, Some(Frame::Counter { .. })) => brigade += 1,
                (Action::Counter { .. }, _) => swaps += 1,
                _ => {}
            }
            g.apply(&mut st, seat, &a, &mut Log::quiet()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            g.check_invariants(&st).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            actions += 1;
        }
        for id in ["van_dorn", "sheridan"] {
            let at = st.generals[general(id) as usize];
            let cav = if g.is_cav(&st, general(id)) { "cavalry" } else { "leader" };
            let place = match at {
                GenAt::Map(_) | GenAt::Army(_) | GenAt::Moving => "in play",
                GenAt::Track(_) => "track",
                GenAt::Dead => "dead",
                GenAt::Out => "out",
            };
            *ends.entry(format!("{id} {} {cav} {place}", g.c.editions[st.edition as usize].id)).or_default() += 1;
        }
    }
    println!("FtP 5.6.7 random play: {games} campaign games ({over} finished), {actions} actions: Sheridan placed on his corps counter {corps}x, on his brigade {brigade}x; swaps to the brigade {swaps}; ends {ends:?}");
    assert_eq!(over, games);
}
