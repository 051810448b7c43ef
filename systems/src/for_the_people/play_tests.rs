//! Rules tests for For the People: setup, the sequence of play, operations, movement, battles,
//! political control, attrition and victory, each citing its rule; and the random-play fuzzer
//! over every scenario. Rule numbers are the Spanish rulebook's.

use super::FtP;
use bivouac_engine::fuzz::{FuzzConfig, fuzz};
use bivouac_engine::game::Setup;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn builtin() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content")
}

pub fn game() -> &'static FtP {
    static G: OnceLock<FtP> = OnceLock::new();
    G.get_or_init(|| FtP::new(super::load_content(&[builtin()]).expect("content loads")).expect("battle table"))
}

const SCENARIOS: [&str; 5] = ["1861", "1862", "1863", "1864", "campaign"];

fn fuzz_n(scenario: &str, games: usize, seed: u64, deep: usize) -> bivouac_engine::fuzz::FuzzReport {
    fuzz_opts(scenario, games, seed, deep, &[])
}

fn fuzz_opts(scenario: &str, games: usize, seed: u64, deep: usize, opts: &[(&str, &str)]) -> bivouac_engine::fuzz::FuzzReport {
    let mut setup = Setup::new(scenario, 2, seed);
    setup.options.extend(opts.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    let cfg = FuzzConfig { setup, games, deep_check_every: deep, leak_check_every: 0 };
    fuzz(game(), &cfg).expect("fuzz setup")
}

/// Optional rules the fuzzer plays too, one at a time (FtP 20, FtP 19, FtP 5.6.7 A), and the
/// other value of the readings of FtP 3.2, 4.2.6, 5.6.5, 5.8.1, 6.8.1, 7.2.1/7.2.3, 7.7.3,
/// 10.5.1/12.5 and 15.7.
const OPTIONS: [(&str, &str); 14] = [
    ("opt-ops-queue", "on"),
    ("var-rail-logistics", "on"),
    ("fort-return", "pc-phase"),
    ("edition", "italian"),
    ("opt-special-generals", "on"),
    ("interception-target", "empty"),
    ("fort-garrison-beaten", "taken"),
    ("closed-zone-penalty", "every-turn"),
    ("sp-differential", "every-end"),
    ("reshuffle-timing", "next-draw"),
    ("forward-no-army", "card-still-used"),
    ("only-general", "both-sides"),
    ("reorganization-rail", "friendly-only"),
    ("brigades-alone-retreat", "automatic"),
];

#[test]
fn fuzz_sample_with_each_optional_rule() {
    for (i, opt) in OPTIONS.iter().enumerate() {
        for (j, sc) in ["1861", "1863"].iter().enumerate() {
            let r = fuzz_opts(sc, 4, 7000 + 100 * i as u64 + j as u64 * 10, 3, &[*opt]);
            assert!(r.is_clean(), "{sc} {opt:?}: {:#?}", r.failures.iter().take(2).collect::<Vec<_>>());
            assert_eq!(r.finished, r.games, "{sc} {opt:?}");
        }
    }
}

/// `BIVOUAC_FUZZ_GAMES=200 cargo test --release -p bivouac-systems for_the_people::play_tests::fuzz_big_options -- --ignored --nocapture`
#[test]
#[ignore]
fn fuzz_big_options() {
    let games: usize = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
    for (i, opt) in OPTIONS.iter().enumerate() {
        for (j, sc) in SCENARIOS.iter().enumerate() {
            let r = fuzz_opts(sc, games, 90_000 + 1_000_000 * i as u64 + 100_000 * j as u64, 50, &[*opt]);
            println!("for-the-people fuzz {}={}: {sc}: {} games, {} finished, {} actions, {:.1}s, {} failures", opt.0, opt.1, r.games, r.finished, r.actions, r.seconds, r.failures.len());
            assert!(r.is_clean(), "{sc} {opt:?}: {:#?}", r.failures.iter().take(3).collect::<Vec<_>>());
        }
    }
}

#[test]
fn fuzz_sample_every_scenario() {
    for (i, sc) in SCENARIOS.iter().enumerate() {
        let games = if *sc == "campaign" { 4 } else { 10 };
        let r = fuzz_n(sc, games, 1000 * i as u64, 3);
        assert!(r.is_clean(), "{sc}: {:#?}", r.failures.iter().take(2).collect::<Vec<_>>());
        assert_eq!(r.finished, r.games, "{sc}");
    }
}

/// `BIVOUAC_FUZZ_GAMES=2000 cargo test --release -p bivouac-systems for_the_people::play_tests::fuzz_big -- --ignored --nocapture`
/// (`BIVOUAC_FUZZ_SCENARIO=campaign` runs one scenario only).
#[test]
#[ignore]
fn fuzz_big() {
    let games: usize = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let only = std::env::var("BIVOUAC_FUZZ_SCENARIO").ok();
    for (i, sc) in SCENARIOS.iter().enumerate() {
        if only.as_deref().is_some_and(|o| o != *sc) {
            continue;
        }
        let r = fuzz_n(sc, games, 50_000 + 100_000 * i as u64, 50);
        println!("for-the-people fuzz: {sc}: {} games, {} finished, {} actions, {:.1}s, {} failures", r.games, r.finished, r.actions, r.seconds, r.failures.len());
        assert!(r.is_clean(), "{sc}: {:#?}", r.failures.iter().take(3).collect::<Vec<_>>());
    }
}

/// The engine's bench (`bivouac bench`: random playouts through `sim::play_one`, one core) of
/// each scenario, for `BIVOUAC_BENCH_SECONDS` seconds each (`BIVOUAC_FUZZ_SCENARIO=campaign`
/// runs one scenario only; `BIVOUAC_SEARCH_BUDGET` adds the search figure, iterations per
/// sampled state). Figures only:
/// `cargo test --release -p bivouac-systems for_the_people::play_tests::bench_playouts -- --ignored --nocapture`
#[test]
#[ignore]
fn bench_playouts() {
    let seconds: f64 = std::env::var("BIVOUAC_BENCH_SECONDS").ok().and_then(|v| v.parse().ok()).unwrap_or(3.0);
    let budget: u32 = std::env::var("BIVOUAC_SEARCH_BUDGET").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    let only = std::env::var("BIVOUAC_FUZZ_SCENARIO").ok();
    let g = game();
    for sc in SCENARIOS.iter().filter(|sc| only.as_deref().is_none_or(|o| o == **sc)) {
        let cfg = bivouac_engine::bench::BenchConfig {
            setup: Setup::new(*sc, 2, 1),
            playout_time: std::time::Duration::from_secs_f64(seconds),
            samples: 10,
            repeats: 1,
            search_budget: budget,
            search_states: 4,
        };
        let r = bivouac_engine::bench::bench(g, &cfg).expect("bench");
        print!("{}", r.table_row());
    }
}

// ---------------------------------------------------------------------------------------------
// Helpers

use super::content::{Control, Side};
use super::state::*;
use bivouac_engine::game::Game;
use bivouac_engine::log::Log;
use bivouac_engine::piles::CardId;

pub(super) fn new(sc: &str, seed: u64) -> State {
    game().setup(&Setup::new(sc, 2, seed)).expect("setup")
}

/// The positions of a random game from `st`, at most `steps` of them, each given to `check`
/// before the next action: a uniform pick among the legal actions (`GameRng::new(seed)`), as the
/// kept-search tests walk them (a kept result gone stale shows at the next position).
pub(super) fn each_random_position(mut st: State, seed: u64, steps: usize, mut check: impl FnMut(&State)) {
    let g = game();
    let mut rng = bivouac_engine::rng::GameRng::new(seed);
    for _ in 0..steps {
        if g.outcome(&st).is_some() {
            break;
        }
        check(&st);
        let seat = g.active_seats(&st)[0];
        let legal = g.legal(&st);
        let a = legal[rng.pick(legal.len())];
        g.apply(&mut st, seat, &a, &mut Log::quiet()).expect("a legal action applies");
    }
}

pub(super) fn sp(id: &str) -> Sp {
    game().c.space(id).unwrap_or_else(|| panic!("no space {id}")).0
}

pub(super) fn general(id: &str) -> u8 {
    game().c.general(id).unwrap_or_else(|| panic!("no general {id}"))
}

pub(super) fn army(id: &str) -> u8 {
    game().c.army(id).unwrap_or_else(|| panic!("no army {id}"))
}

/// Give `side` the card `n` (from wherever it is) and make it that side's strategy round.
pub(super) fn round_with(st: &mut State, side: Side, n: u8) {
    let c = CardId(n as u16 - 1);
    let from = st.piles.find(c).expect("card somewhere");
    st.piles.move_card(c, from, HAND[side.index()]).unwrap();
    st.flow.clear();
    st.flow.push(Frame::Round { side });
    st.phase = Phase::Strategy;
}

pub(super) fn act(st: &mut State, side: Side, text: &str) {
    let g = game();
    let a = g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    g.apply(st, side.index() as u8, &a, &mut Log::quiet()).unwrap_or_else(|e| panic!("`{text}` refused: {e}\n{}", g.describe(st, None)));
}

pub(super) fn legal_text(st: &State, side: Side) -> Vec<String> {
    game().legal_actions(st, side.index() as u8).iter().map(|a| game().notation(a)).collect()
}

pub(super) fn empty_map(st: &mut State) {
    for x in st.sp.iter_mut() {
        *x = [0, 0];
    }
    for g in st.generals.iter_mut() {
        if matches!(g, GenAt::Map(_) | GenAt::Army(_)) {
            *g = GenAt::Out;
        }
    }
    for a in st.armies.iter_mut() {
        *a = None;
    }
    st.sp_at_start = [game().total_sp(st, Side::Union), game().total_sp(st, Side::Csa)];
    st.sp_lost = [0, 0];
}

pub(super) fn put_sp(st: &mut State, side: Side, s: &str, n: u8) {
    st.sp[sp(s) as usize][side.index()] += n;
    st.sp_at_start[side.index()] += n as u32;
}

// ---------------------------------------------------------------------------------------------
// Setup (FtP 2) and view

#[test]
fn setup_1861_follows_rule_2() {
    let g = game();
    let st = new("1861", 1);
    // FtP 2.4: the Army of the Potomac at Washington under McDowell with 5 SP.
    let a = st.armies[army("army_of_the_potomac") as usize].expect("army on map");
    assert_eq!((a.space, a.sp, a.commander), (sp("washington"), 5, Some(general("mcdowell"))));
    assert_eq!(st.generals[general("mcdowell") as usize], GenAt::Army(army("army_of_the_potomac")));
    assert_eq!(st.generals[general("beauregard") as usize], GenAt::Map(sp("manassas")));
    assert_eq!(st.sp[sp("manassas") as usize], [0, 3]);
    // FtP 2.7: SW 100 each, CSA "+", Union "-".
    assert_eq!((st.sw, st.sw_plus), ([100, 100], [false, true]));
    // FtP 2.3, 2.6: Union PCs in VA; border states neutral except St. Louis, Columbus KY.
    assert_eq!(st.control(sp("fort_monroe")), Control::Of(Side::Union));
    assert_eq!(st.control(sp("st_louis")), Control::Of(Side::Union));
    assert_eq!(st.control(sp("columbus_ky")), Control::Of(Side::Csa));
    assert_eq!(st.control(sp("richmond")), Control::Of(Side::Csa));
    assert_eq!(st.capital, [Some(sp("washington")), Some(sp("richmond"))]);
    // FtP 3.1: no Reinforcement Phase in turn 1; FtP 3.2: 4 cards each.
    assert_eq!((st.turn, st.phase), (1, Phase::Strategy));
    assert_eq!((st.piles.len(HAND[0]), st.piles.len(HAND[1])), (4, 4));
    g.check_invariants(&st).unwrap();
}

#[test]
fn every_scenario_sets_up_and_hides_hands() {
    let g = game();
    for sc in SCENARIOS {
        let st = new(sc, 7);
        g.check_invariants(&st).unwrap_or_else(|e| panic!("{sc}: {e}"));
        // FtP 3.2: a hand is seen by its owner only.
        let v = serde_json::to_value(g.view(&st, Some(0))).unwrap();
        let piles = v["piles"].as_array().unwrap();
        assert!(piles.iter().any(|p| p["name"] == "union-hand" && p["cards"].is_array()), "{sc}");
        assert!(piles.iter().any(|p| p["name"] == "csa-hand" && p["cards"].is_null()), "{sc}");
        assert!(!g.describe(&st, None).is_empty());
        let b = g.board(&st, None);
        assert_eq!(b.spaces.len(), g.c.map.len());
        assert!(b.links.iter().any(|l| l.kind == "rail") && b.pieces.iter().any(|p| p.kind == "army"), "{sc}");
    }
    // Bad setups are refused.
    assert!(g.setup(&Setup::new("1870", 2, 1)).is_err());
    assert!(g.setup(&Setup::new("1861", 3, 1)).is_err());
    let mut s = Setup::new("1861", 2, 1);
    s.options.insert("both-met-1861".into(), "maybe".into());
    assert!(g.setup(&s).is_err());
}

#[test]
fn notation_round_trips_for_every_legal_action() {
    let g = game();
    let mut st = new("1862", 3);
    for _ in 0..60 {
        let Some(&seat) = g.active_seats(&st).first() else { break };
        let legal = g.legal_actions(&st, seat);
        for a in &legal {
            assert_eq!(&g.parse(&g.notation(a)).unwrap(), a);
        }
        let a = legal[st.rng.pick(legal.len())];
        g.apply(&mut st, seat, &a, &mut Log::quiet()).unwrap();
    }
    assert!(g.parse("corps nobody 2").is_err() && g.parse("step atlantis").is_err() && g.parse("fly").is_err());
}

// ---------------------------------------------------------------------------------------------
// Sequence of play (FtP 3) and cards (FtP 4)

#[test]
fn strategy_rounds_alternate_and_a_player_out_of_cards_lets_the_other_play_out() {
    // FtP 3.3.2.
    let g = game();
    let mut st = new("1861", 11);
    // Empty the CSA hand: the Union plays out its hand alone.
    while let Some(c) = st.piles.top(HAND[1]) {
        st.piles.move_card(c, HAND[1], DISCARD).unwrap();
    }
    st.flow.clear();
    st.flow.push(Frame::Round { side: Side::Union });
    let n = st.piles.len(HAND[0]);
    for _ in 0..n {
        assert_eq!(g.active_seats(&st), vec![0]);
        let a = g.legal_actions(&st, 0).into_iter().find(|a| matches!(a, Action::Ops { .. })).unwrap();
        g.apply(&mut st, 0, &a, &mut Log::quiet()).unwrap();
        if matches!(st.flow.top(), Some(Frame::Ops { .. })) {
            act(&mut st, Side::Union, "done");
        }
    }
    // FtP 3.4-3.6: both hands empty: the turn ends; turn 2 places generals (FtP 3.1 c), then
    // deals 5 cards each.
    assert_eq!(st.turn, 2);
    while let Some(Frame::PlaceGenerals { side } | Frame::Reinforce { side } | Frame::Strategic { side }) = st.flow.top().copied() {
        let a = g.legal_actions(&st, side.index() as u8)[0];
        g.apply(&mut st, side.index() as u8, &a, &mut Log::quiet()).unwrap();
    }
    assert!(st.piles.len(HAND[0]) == 5 && st.piles.len(HAND[1]) == 5, "FtP 3.2: 5 cards in turn 2");
}

#[test]
fn special_events_cannot_be_discarded() {
    // FtP 4.2.3; FtP 4.4.1: for OPs only as the holder's last card (events/cards_tests.rs).
    let mut st = new("1861", 2);
    round_with(&mut st, Side::Union, 81);
    let l = legal_text(&st, Side::Union);
    assert!(!l.contains(&"ops 81".to_string()) && !l.contains(&"discard 81".to_string()));
    let before = serde_json::to_string(&st).unwrap();
    let e = game().apply(&mut st, 0, &Action::Discard { card: 81 }, &mut Log::quiet()).unwrap_err();
    assert_eq!(e.rule, "FtP 4.2.3");
    assert_eq!(serde_json::to_string(&st).unwrap(), before, "a refusal leaves the state unchanged");
}

#[test]
fn activation_needs_a_card_at_least_the_strategy_rating() {
    // FtP 5.1.4: McDowell (strategy 2) is not activated by a 1-OP card, but is by a 2.
    let mut st = new("1861", 2);
    round_with(&mut st, Side::Union, 1);
    act(&mut st, Side::Union, "ops 1");
    assert!(!legal_text(&st, Side::Union).contains(&"army army_of_the_potomac".to_string()));
    // FtP 5.4.1: a 1-OP card moves a division of 1 SP only.
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"division frederick 1".to_string()) && !l.iter().any(|x| x.starts_with("division pittsburgh 2")));
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    assert!(legal_text(&st, Side::Union).contains(&"army army_of_the_potomac".to_string()));
}

#[test]
fn campaign_card_moves_three_different_forces() {
    // FtP 4.3.1: a Major Campaign makes three moves, each with a different force, any rating.
    let mut st = new("1861", 5);
    round_with(&mut st, Side::Union, 83);
    act(&mut st, Side::Union, "event 83");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 3, .. })));
    // Fremont has strategy 3: a campaign activates him anyway.
    act(&mut st, Side::Union, "corps fremont 1");
    act(&mut st, Side::Union, "step jefferson_city");
    act(&mut st, Side::Union, "stop");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 2, .. })));
    assert!(!legal_text(&st, Side::Union).iter().any(|x| x.starts_with("corps fremont")), "one move per force");
    act(&mut st, Side::Union, "army army_of_the_potomac");
    act(&mut st, Side::Union, "stop");
    act(&mut st, Side::Union, "division cairo 1");
    act(&mut st, Side::Union, "stop");
    assert!(!matches!(st.flow.top(), Some(Frame::Campaign { .. })));
    assert_eq!(st.generals[general("fremont") as usize], GenAt::Map(sp("jefferson_city")));
}

/// FtP 4.3.1 (ES "Ninguna UM, general o ejército puede desplazarse dos o más veces con la misma
/// carta de campaña"; IT 4.31): the SP a division moved on a Major Campaign may not move again
/// on that card: not as a division, not with a corps starting there, not picked up.
#[test]
fn sp_moved_on_a_campaign_card_do_not_move_again_fpt_4_3_1() {
    let g = game();
    let mut st = new("1861", 5);
    round_with(&mut st, Side::Union, 83);
    act(&mut st, Side::Union, "event 83");
    act(&mut st, Side::Union, "division cairo 1");
    let x = legal_text(&st, Side::Union)
        .iter()
        .filter_map(|a| a.strip_prefix("step ").map(sp))
        .find(|&x| st.sp[x as usize][Side::Union.index()] == 0 && g.gens_at(&st, Side::Union, x).next().is_none() && g.army_in(&st, Side::Union, x).is_none())
        .expect("an empty neighbour of Cairo");
    act(&mut st, Side::Union, &format!("step {}", g.sid(x)));
    act(&mut st, Side::Union, "stop");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 2, .. })));
    assert_eq!(st.sp[x as usize][Side::Union.index()], 1);
    let name = g.sid(x).to_string();
    assert!(!legal_text(&st, Side::Union).iter().any(|a| a.starts_with(&format!("division {name} "))), "the same SP again");
    super::choices_tests::refused(&mut st, Side::Union, &format!("division {name} 1"), "FtP 4.3.1");
    // A general there may move, but without the SP; nor pick them up.
    st.generals[general("fremont") as usize] = GenAt::Map(x);
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"corps fremont 0".to_string()) && !l.contains(&"corps fremont 1".to_string()), "{l:?}");
    super::choices_tests::refused(&mut st, Side::Union, "corps fremont 1", "FtP 4.3.1");
    act(&mut st, Side::Union, "corps fremont 0");
    assert!(!legal_text(&st, Side::Union).contains(&"pick-up sp".to_string()));
    super::choices_tests::refused(&mut st, Side::Union, "pick-up sp", "FtP 4.3.1");
    // Without the campaign card's record (another card), the SP may move.
    let mut other = new("1861", 5);
    round_with(&mut other, Side::Union, 83);
    act(&mut other, Side::Union, "event 83");
    other.sp[x as usize][Side::Union.index()] = 1;
    assert!(legal_text(&other, Side::Union).contains(&format!("division {name} 1")));
}

/// FtP 4.3.1, 5.3.5: a corps moved on a campaign card and absorbed by a friendly army that has
/// not moved makes that army a force that moved: it may not move on that card.
#[test]
fn an_army_absorbing_a_moved_corps_may_not_move_on_that_card_fpt_4_3_1() {
    let g = game();
    let mut st = new("1861", 5);
    round_with(&mut st, Side::Union, 83);
    act(&mut st, Side::Union, "event 83");
    let a = army("army_of_the_potomac");
    let at = st.armies[a as usize].expect("AoP").space;
    // Fremont with 1 SP next to the army.
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"army army_of_the_potomac".to_string()));
    let step = format!("step {}", g.sid(at));
    st = g
        .c
        .map
        .neighbors(bivouac_engine::map::graph::SpaceId(at))
        .map(|(s, _)| s.0)
        .filter(|&s| !g.enemy_occupied(&st, Side::Union, s))
        .find_map(|nb| {
            let mut t = st.clone();
            t.generals[general("fremont") as usize] = GenAt::Map(nb);
            t.sp[nb as usize][Side::Union.index()] += 1;
            act(&mut t, Side::Union, "corps fremont 1");
            legal_text(&t, Side::Union).contains(&step).then_some(t)
        })
        .expect("a neighbour linked by land");
    act(&mut st, Side::Union, &step);
    act(&mut st, Side::Union, "stop");
    assert_eq!(st.generals[general("fremont") as usize], GenAt::Army(a));
    assert!(!legal_text(&st, Side::Union).contains(&"army army_of_the_potomac".to_string()));
    super::choices_tests::refused(&mut st, Side::Union, "army army_of_the_potomac", "FtP 4.3.1");
}

// ---------------------------------------------------------------------------------------------
// Land movement (FtP 5)

#[test]
fn corps_leaves_no_general_alone_and_moves_eight() {
    // FtP 5.3.4: Fremont may not leave his space empty of SP... unless he goes with them.
    let mut st = new("1861", 5);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"corps fremont 2".to_string()));
    // A division taking both SP from St. Louis would strand Fremont.
    assert!(l.contains(&"division st_louis 1".to_string()) && !l.contains(&"division st_louis 2".to_string()));
    act(&mut st, Side::Union, "corps fremont 2");
    // FtP 5.1.3: a corps has 8 MP.
    assert_eq!(st.moving.as_ref().unwrap().mp, 8);
}

#[test]
fn division_may_not_enter_enemy_spaces_of_a_neutral_border_state() {
    // FtP 5.4.2: Columbus (KY) is CSA-controlled in neutral Kentucky.
    let g = game();
    let mut st = new("1861", 5);
    empty_map(&mut st);
    put_sp(&mut st, Side::Union, "cairo", 2);
    st.flow.clear();
    st.moving = Some(MoveSt { side: Side::Union, kind: Formation::Division, at: sp("cairo"), prev: sp("cairo"), sp: 2, gens: vec![], army: None, mp: 5, value: 2, halted: false, rail_only: true, steps: 0, intercept_tried: false, vs_interceptor: false, order: MoveOrder::Free });
    st.sp[sp("cairo") as usize][0] = 0;
    st.flow.push(Frame::Move);
    let to: Vec<String> = legal_text(&st, Side::Union);
    if g.c.map.connected(bivouac_engine::map::graph::SpaceId(sp("cairo")), bivouac_engine::map::graph::SpaceId(sp("columbus_ky"))) {
        assert!(!to.contains(&"step columbus_ky".to_string()), "{to:?}");
        st.moving.as_mut().unwrap().kind = Formation::Corps;
        assert!(legal_text(&st, Side::Union).contains(&"step columbus_ky".to_string()));
    }
}

#[test]
fn overrun_at_ten_to_one_and_lone_generals_go_to_the_turn_track() {
    let g = game();
    let mut st = new("1861", 5);
    empty_map(&mut st);
    put_sp(&mut st, Side::Union, "frederick", 10);
    put_sp(&mut st, Side::Csa, "leesburg", 1);
    st.generals[general("mcdowell") as usize] = GenAt::Map(sp("frederick"));
    st.generals[general("beauregard") as usize] = GenAt::Map(sp("manassas"));
    st.fort = vec![None; st.fort.len()];
    g.check_invariants(&st).unwrap();
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcdowell 6");
    // FtP 5.7.4: entering a space with only an enemy general sends him to the turn track.
    act(&mut st, Side::Union, "step manassas");
    assert_eq!(st.generals[general("beauregard") as usize], GenAt::Track(st.turn + 1));
    act(&mut st, Side::Union, "stop");
    g.check_invariants(&st).unwrap();
    // FtP 5.7.2: 4 SP left at Frederick overrun nothing; 6 SP at Manassas vs 1 SP: no battle
    // needs 10:1, so bring the 10 together first.
    let mut st2 = new("1861", 5);
    empty_map(&mut st2);
    put_sp(&mut st2, Side::Union, "frederick", 10);
    put_sp(&mut st2, Side::Csa, "leesburg", 1);
    st2.fort = vec![None; st2.fort.len()];
    st2.flow.clear();
    st2.sp[sp("frederick") as usize][0] = 7;
    st2.moving = Some(MoveSt { side: Side::Union, kind: Formation::Division, at: sp("manassas"), prev: sp("manassas"), sp: 3, gens: vec![], army: None, mp: 5, value: 3, halted: false, rail_only: false, steps: 0, intercept_tried: false, vs_interceptor: false, order: MoveOrder::Free });
    st2.flow.push(Frame::Move);
    let mut st3 = st2.clone();
    st3.sp[sp("leesburg") as usize][1] = 0;
    st3.sp_at_start[1] -= 1;
    // A corps (FtP 5.4.2 keeps a division out of CSA-controlled Virginia).
    st3.moving.as_mut().unwrap().kind = Formation::Corps;
    st3.moving.as_mut().unwrap().sp = 10;
    st3.sp[sp("frederick") as usize][0] = 0;
    st3.sp[sp("leesburg") as usize][1] = 1;
    st3.sp_at_start[1] += 1;
    act(&mut st3, Side::Union, "step leesburg");
    assert_eq!(st3.sp[sp("leesburg") as usize][1], 0, "overrun: the defender is eliminated");
    assert_eq!(st3.sp_lost[1], 1);
    assert!(matches!(st3.flow.top(), Some(Frame::Move)), "the mover may continue");
    g.check_invariants(&st3).unwrap();
}

#[test]
fn rail_bonus_gives_two_more_spaces_through_friendly_rail() {
    // FtP 5.9.1: a division with 5 MP moving only by rail through friendly spaces gets +2.
    let g = game();
    let mut st = new("1861", 5);
    st.flow.clear();
    st.moving = Some(MoveSt { side: Side::Union, kind: Formation::Division, at: sp("pittsburgh"), prev: sp("pittsburgh"), sp: 1, gens: vec![], army: None, mp: 0, value: 1, halted: false, rail_only: true, steps: 5, intercept_tried: false, vs_interceptor: false, order: MoveOrder::Free });
    st.sp[sp("pittsburgh") as usize][0] -= 1;
    st.flow.push(Frame::Move);
    let rail_friendly: Vec<Sp> = g
        .c
        .map
        .neighbors(bivouac_engine::map::graph::SpaceId(sp("pittsburgh")))
        .filter(|(t, l)| l.kind == super::content::LinkKind::Rail && st.controls(Side::Union, t.0))
        .map(|(t, _)| t.0)
        .collect();
    let l = g.legal_actions(&st, 0);
    for t in &rail_friendly {
        assert!(l.contains(&Action::Step { to: *t }), "rail bonus step to {}", g.sname(*t));
    }
    st.moving.as_mut().unwrap().rail_only = false;
    assert_eq!(g.legal_actions(&st, 0), vec![Action::Stop], "no bonus after a road step");
    st.moving.as_mut().unwrap().kind = Formation::Army;
}

// ---------------------------------------------------------------------------------------------
// Battles (FtP 7) through battle.rs

#[test]
fn battle_conserves_sp_and_the_loser_leaves() {
    let g = game();
    for seed in 0..40 {
        let mut st = new("1861", seed);
        empty_map(&mut st);
        st.fort = vec![None; st.fort.len()];
        put_sp(&mut st, Side::Union, "frederick", 4);
        put_sp(&mut st, Side::Csa, "manassas", 3);
        st.generals[general("mcdowell") as usize] = GenAt::Map(sp("frederick"));
        st.generals[general("beauregard") as usize] = GenAt::Map(sp("manassas"));
        round_with(&mut st, Side::Union, 9);
        act(&mut st, Side::Union, "ops 9");
        act(&mut st, Side::Union, "corps mcdowell 4");
        // FtP 4.2.5: a CSA hand dealt Quaker Guns may interrupt the move; it declines.
        if st.flow.top() == Some(&Frame::Interrupt { side: Side::Csa }) {
            act(&mut st, Side::Csa, "decline");
        }
        act(&mut st, Side::Union, "step manassas");
        // FtP 7.2: Beauregard's corps may try to retreat before battle.
        if matches!(st.flow.top(), Some(Frame::Rbb { .. })) {
            act(&mut st, Side::Csa, "stand");
        }
        while let Some(Frame::Retreat { chooser, .. }) = st.flow.top().copied() {
            let a = g.legal_actions(&st, chooser.index() as u8)[0];
            g.apply(&mut st, chooser.index() as u8, &a, &mut Log::quiet()).unwrap();
        }
        g.check_invariants(&st).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let u = g.strength(&st, Side::Union, sp("manassas")) + st.moving.as_ref().map_or(0, |m| m.sp as u16);
        let c = g.strength(&st, Side::Csa, sp("manassas"));
        assert!(u == 0 || c == 0, "FtP 7.3.2: one side leaves the space (seed {seed})");
        assert!(st.sp_lost[0] + st.sp_lost[1] > 0 || st.moving.is_none(), "every CRT row of a small battle costs someone SP, seed {seed}");
    }
}

// ---------------------------------------------------------------------------------------------
// Supply (FtP 8), attrition (FtP 9), political control (FtP 11), SW (FtP 12), victory

#[test]
fn supply_traces_to_sources_through_friendly_or_neutral_spaces() {
    let g = game();
    let st = new("1861", 1);
    let u = g.supplied(&st, Side::Union);
    let c = g.supplied(&st, Side::Csa);
    // FtP 8.2: Union rail off the north edge / CSA resource centers.
    assert!(u[sp("washington") as usize] && u[sp("pittsburgh") as usize] && u[sp("st_louis") as usize]);
    assert!(c[sp("richmond") as usize] && c[sp("manassas") as usize]);
    // FtP 8.1: the Union cannot trace through Confederate Virginia to Richmond's south.
    assert!(!u[sp("petersburg") as usize] || g.c.space("petersburg").is_none());
}

#[test]
fn attrition_then_foraging_example_of_rule_9_2() {
    // FtP 9.2 example 2: 7 SP out of supply: -2 (now 5), foraging -1: 4.
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    // Surround an isolated Union force deep in Texas (no LOC; inland: a port under UNC would
    // supply it, FtP 8.2).
    let s = sp("tyler");
    put_sp(&mut st, Side::Union, "tyler", 7);
    assert!(!g.supplied(&st, Side::Union)[s as usize], "Sabine City is cut off");
    g.attrition_phase(&mut st, &mut Log::quiet());
    assert_eq!(st.sp[s as usize][0], 4);
    // FtP 9.1: 3-6 SP lose 1 in supply.
    let mut st = new("1861", 1);
    empty_map(&mut st);
    put_sp(&mut st, Side::Union, "pittsburgh", 3);
    g.attrition_phase(&mut st, &mut Log::quiet());
    assert_eq!(st.sp[sp("pittsburgh") as usize][0], 2);
    g.check_invariants(&st).unwrap();
}

#[test]
fn pc_by_occupation_chains_and_destroys_resource_centers() {
    // FtP 11.1, 12.2.
    let g = game();
    let mut st = new("1861", 1);
    put_sp(&mut st, Side::Union, "leesburg", 1);
    g.political_phase(&mut st, &mut Log::quiet());
    assert_eq!(st.control(sp("leesburg")), Control::Of(Side::Union), "supplied Union infantry places a PC");
    // A Union PC on an intact CSA resource center destroys it: Union +value, CSA -value.
    let mut st = new("1861", 1);
    let rich = sp("richmond");
    st.sp[rich as usize] = [0, 0];
    st.fort[rich as usize] = None;
    st.sp_at_start[1] -= 1;
    let v = g.c.map.space(bivouac_engine::map::graph::SpaceId(rich)).resource as i16;
    g.place_pc(&mut st, Side::Union, rich, &mut Log::quiet());
    assert!(st.rc_destroyed[rich as usize]);
    // Union "-" to "+": Change of Fortune +2 (FtP 12.4); CSA stays "-" after its loss: -3 more.
    assert_eq!(st.sw, [100 + v + 2, 100 - v - 3]);
}

#[test]
fn fall_war_weariness_and_change_of_fortune() {
    // FtP 12.9 and 12.4.
    let g = game();
    let mut st = new("1861", 1);
    st.turn = 3;
    g.political_phase(&mut st, &mut Log::quiet());
    assert_eq!(st.sw[0], 95, "Union -5 in a Fall turn, no flip (already -)");
    assert_eq!(st.sw[1], 100, "no CSA war guilt before Emancipation");
    g.add_sw(&mut st, Side::Union, 3, &mut Log::quiet(), "test");
    assert_eq!((st.sw[0], st.sw_plus[0]), (100, true), "- to +: 2 more");
}

#[test]
fn pcs_by_ops_need_a_capital_and_neutral_border_or_friendly_infantry() {
    // FtP 11.3 A/B.
    let mut st = new("1861", 1);
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    act(&mut st, Side::Union, "pcs");
    let l = legal_text(&st, Side::Union);
    // A neutral Kentucky space is allowed; an empty CSA space in Virginia is not.
    assert!(l.contains(&"pc louisville".to_string()) || l.iter().any(|x| x.starts_with("pc ")));
    assert!(!l.contains(&"pc richmond".to_string()) && !l.contains(&"pc lynchburg".to_string()));
    act(&mut st, Side::Union, &l[0]);
    act(&mut st, Side::Union, "done");
    let mut st = new("1861", 1);
    st.capital[0] = None;
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    assert!(!legal_text(&st, Side::Union).contains(&"pcs".to_string()), "FtP 11.2.1: capital off the map");
}

#[test]
fn victory_1861_and_automatic_victory() {
    let g = game();
    // FtP 13.2: neither side met its conditions: a draw.
    let st = new("1861", 1);
    let (w, _) = g.scenario_victory(&st);
    assert!(w.is_empty());
    let mut st2 = st.clone();
    st2.sw[1] = 79;
    assert_eq!(g.scenario_victory(&st2).0, vec![0], "CSA SW below 80: Union");
    let mut st3 = st.clone();
    st3.sw[0] = 84;
    st3.sw[1] = 79;
    assert!(g.scenario_victory(&st3).0.is_empty(), "both met: draw by default");
    st3.opts.both_met_union = true;
    assert_eq!(g.scenario_victory(&st3).0, vec![0]);
    // FtP 17.2.1: CSA SW more than twice the Union's at the end of a turn.
    let mut st4 = st.clone();
    st4.sw = [40, 90];
    st4.flow.clear();
    g.end_turn(&mut st4, &mut Log::quiet());
    assert_eq!(st4.result.as_ref().unwrap().0, vec![1]);
    assert_eq!(st4.phase, Phase::Over);
    assert!(g.outcome(&st4).is_some() && g.active_seats(&st4).is_empty());
}

#[test]
fn create_army_needs_five_supplied_sp_and_a_general() {
    // FtP 5.2.1, 5.2.2.
    let mut st = new("1861", 1);
    st.sp[sp("st_louis") as usize][0] = 5;
    st.sp_at_start[0] += 3;
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    let l = legal_text(&st, Side::Union);
    let create = l.iter().find(|x| x.starts_with("create st_louis")).cloned().expect("army creation offered");
    act(&mut st, Side::Union, &create);
    let a = st.armies.iter().flatten().find(|a| a.space == sp("st_louis")).unwrap();
    assert_eq!((a.sp, a.commander), (5, Some(general("fremont"))));
    game().check_invariants(&st).unwrap();
    // A 1-OP card cannot create an army.
    let mut st = new("1861", 1);
    st.sp[sp("st_louis") as usize][0] = 5;
    round_with(&mut st, Side::Union, 1);
    act(&mut st, Side::Union, "ops 1");
    assert!(!legal_text(&st, Side::Union).iter().any(|x| x.starts_with("create")));
}

#[test]
fn generals_arrive_on_friendly_supplied_sp_in_turn_2() {
    // FtP 10.6.1: turn 2 of 1861: Union then CSA place arriving generals.
    let g = game();
    let mut st = new("1861", 4);
    st.flow.clear();
    st.piles.reshuffle_into(HAND[0], DISCARD, &mut st.rng.clone());
    while let Some(c) = st.piles.top(HAND[0]) {
        st.piles.move_card(c, HAND[0], DISCARD).unwrap();
    }
    while let Some(c) = st.piles.top(HAND[1]) {
        st.piles.move_card(c, HAND[1], DISCARD).unwrap();
    }
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    assert_eq!(st.turn, 2);
    // FtP 3.1: steps a (SP) and b (strategic movement) come before step c (generals).
    while let Some(Frame::Reinforce { side } | Frame::Strategic { side }) = st.flow.top().copied() {
        let a = g.legal_actions(&st, side.index() as u8)[0];
        g.apply(&mut st, side.index() as u8, &a, &mut Log::quiet()).unwrap();
    }
    assert!(matches!(st.flow.top(), Some(Frame::PlaceGenerals { side: Side::Union })));
    let l = g.legal_actions(&st, 0);
    assert!(l.contains(&Action::PlaceGeneral { space: sp("pittsburgh") }));
    assert!(!l.contains(&Action::PlaceGeneral { space: sp("richmond") }));
    while matches!(st.flow.top(), Some(Frame::PlaceGenerals { side: Side::Union })) {
        let a = g.legal_actions(&st, 0)[0];
        g.apply(&mut st, 0, &a, &mut Log::quiet()).unwrap();
    }
    assert!(g.arriving(&st, Side::Union).is_empty() || matches!(st.flow.top(), Some(Frame::PlaceGenerals { .. })));
    g.check_invariants(&st).unwrap();
}

#[test]
fn interception_is_offered_once_per_enemy_move() {
    // FtP 5.8.1, 5.8.2: Beauregard's corps at Manassas may intercept a Union force entering an
    // adjacent empty space; one attempt per enemy move.
    let g = game();
    for seed in 0..20 {
        let mut st = new("1861", seed);
        empty_map(&mut st);
        st.fort = vec![None; st.fort.len()];
        put_sp(&mut st, Side::Csa, "manassas", 3);
        st.generals[general("beauregard") as usize] = GenAt::Map(sp("manassas"));
        let man = bivouac_engine::map::graph::SpaceId(sp("manassas"));
        let (t, x) = g
            .c
            .map
            .neighbors(man)
            .filter(|(_, l)| matches!(l.kind, super::content::LinkKind::Road | super::content::LinkKind::Rail))
            .find_map(|(t, _)| g.c.map.neighbors(t).find(|(x, l)| *x != man && !g.c.map.connected(*x, man) && matches!(l.kind, super::content::LinkKind::Road | super::content::LinkKind::Rail)).map(|(x, _)| (t.0, x.0)))
            .expect("a path past Manassas");
        st.flow.clear();
        st.moving = Some(MoveSt { side: Side::Union, kind: Formation::Corps, at: x, prev: x, sp: 2, gens: vec![], army: None, mp: 8, value: 3, halted: false, rail_only: false, steps: 0, intercept_tried: false, vs_interceptor: false, order: MoveOrder::Free });
        st.sp_at_start[0] += 2;
        st.flow.push(Frame::Move);
        g.apply(&mut st, 0, &Action::Step { to: t }, &mut Log::quiet()).unwrap();
        assert!(matches!(st.flow.top(), Some(Frame::Intercept { side: Side::Csa, .. })), "seed {seed}");
        assert_eq!(g.legal_actions(&st, 1), vec![Action::Intercept { from: sp("manassas") }, Action::Decline]);
        g.apply(&mut st, 1, &Action::Intercept { from: sp("manassas") }, &mut Log::quiet()).unwrap();
        g.check_invariants(&st).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        if let Some(m) = &st.moving {
            assert!(m.intercept_tried, "FtP 5.8.2: the attempt is used");
        }
    }
}

#[test]
fn reinforcements_of_turn_2_follow_10_3_and_10_4() {
    let g = game();
    let mut st = new("1861", 4);
    st.flow.clear();
    for h in HAND {
        while let Some(c) = st.piles.top(h) {
            st.piles.move_card(c, h, DISCARD).unwrap();
        }
    }
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    assert_eq!(st.turn, 2);
    // FtP 10.3.1: Washington has a rail LOC north: 8 East in Washington, 6 Center, 4 West.
    assert!(matches!(st.flow.top(), Some(Frame::Reinforce { side: Side::Union })));
    assert_eq!(&st.pool[..4], &[8, 6, 4, 18]);
    let prompt = bivouac_engine::game::Game::view(g, &st, Some(0)).awaiting;
    assert!(prompt.ends_with("18 SP (East 8, Center 6, West 4)"), "the pools in words: {prompt}");
    // FtP 10.4.2: 9 SP from the states; no MO/KY SP; no blockade runners in 1861 turn 2? (10.5.1: rolls happen).
    assert_eq!(st.pool[P_STATES], 9);
    let l = g.legal_actions(&st, 0);
    assert!(l.contains(&Action::Reinforce { space: sp("washington") }));
    assert!(!l.contains(&Action::Reinforce { space: sp("baltimore") }), "East SP go to Washington only");
    act(&mut st, Side::Union, "reinforce washington");
    assert_eq!(&st.pool[..4], &[7, 6, 4, 17]);
    while matches!(st.flow.top(), Some(Frame::Reinforce { side: Side::Union })) {
        let a = g.legal_actions(&st, 0)[0];
        g.apply(&mut st, 0, &a, &mut Log::quiet()).unwrap();
    }
    assert_eq!(st.sp_gained[0], 18);
    // FtP 10.4.3: at most 1 SP per CSA state.
    assert!(matches!(st.flow.top(), Some(Frame::Reinforce { side: Side::Csa })));
    act(&mut st, Side::Csa, "reinforce richmond");
    assert!(!g.legal_actions(&st, 1).iter().any(|a| matches!(a, Action::Reinforce { space } if g.state_of(*space) == g.state_of(sp("richmond")) && st.pool[P_BR..].iter().all(|&x| x == 0))));
    g.check_invariants(&st).unwrap();
}

#[test]
fn strategic_movement_by_rail_through_friendly_spaces_within_the_limit() {
    // FtP 10.2.1, 10.2.2: the CSA moves at most 7 SP per turn, by rail through friendly spaces.
    let g = game();
    let mut st = new("1861", 4);
    put_sp(&mut st, Side::Csa, "richmond", 9);
    st.flow.clear();
    st.flow.push(Frame::Strategic { side: Side::Csa });
    let moves = g.strategic_moves(&st, Side::Csa);
    assert!(moves.iter().any(|&(f, _)| f == sp("richmond")));
    assert!(!moves.iter().any(|&(_, t)| t == sp("washington") || t == sp("frederick")), "never into Union spaces");
    let to = moves.iter().find(|&&(f, _)| f == sp("richmond")).unwrap().1;
    for _ in 0..7 {
        g.apply(&mut st, 1, &Action::Strategic { from: sp("richmond"), to }, &mut Log::quiet()).unwrap();
    }
    assert_eq!(st.strat_used[1], 7);
    assert_eq!(g.legal_actions(&st, 1), vec![Action::Done], "the CSA limit is 7");
    g.check_invariants(&st).unwrap();
}

#[test]
fn excess_generals_go_to_the_turn_track_chosen_by_the_opponent() {
    // FtP 5.3.4: 1 SP holds at most 2 generals at a round boundary; the CSA picks the excess.
    let g = game();
    let mut st = new("1861", 4);
    st.generals[general("buell") as usize] = GenAt::Map(sp("fort_monroe"));
    st.generals[general("pope") as usize] = GenAt::Map(sp("fort_monroe"));
    st.flow.clear();
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    let top = *st.flow.top().unwrap();
    assert!(matches!(top, Frame::Excess { side: Side::Union, chooser: Side::Csa, .. }), "{top:?}");
    assert_eq!(g.active_seats(&st), vec![1]);
    act(&mut st, Side::Csa, "remove butler");
    assert_eq!(st.generals[general("butler") as usize], GenAt::Track(st.turn + 1));
    assert!(matches!(st.flow.top(), Some(Frame::Round { .. })));
    g.check_invariants(&st).unwrap();
}
