//! Blockade Runner rule tests. Each test names the rule (`BR x.y`) or test case
//! (`TC-nn`) it checks; dice are forced through `State::forced`.

use super::*;
use bivouac_engine::fuzz::{FuzzConfig, fuzz};
use std::sync::OnceLock;

fn game() -> &'static BlockadeRunner {
    static G: OnceLock<BlockadeRunner> = OnceLock::new();
    G.get_or_init(|| {
        let dir = crate::builtin_content_dir();
        BlockadeRunner::load(&[dir]).map(|(g, _)| g).unwrap_or_else(|d| panic!("content: {d}"))
    })
}

fn z(id: &str) -> u8 {
    game().c.loc_index.get(id).unwrap_or_else(|| panic!("no place {id}"))
}
fn sh(id: &str) -> u8 {
    game().c.ship_index.get(id).unwrap_or_else(|| panic!("no ship {id}"))
}

fn act(s: &mut State, seat: u8, text: &str) -> Result<(), Refusal> {
    let g = game();
    let a = g.parse(text)?;
    g.apply(s, seat, &a, &mut Log::quiet())
}

fn ok(s: &mut State, seat: u8, text: &str) {
    act(s, seat, text).unwrap_or_else(|e| panic!("`{text}` refused: {e}\n{}", game().describe(s, None)));
}

fn new_game(players: u8, seed: u64) -> State {
    game().setup(&Setup::new("standard", players, seed)).expect("setup")
}

/// A state in the player phase of `year` with a clean board: every owned ship removed, no
/// blockade, seat 0's turn with 4 actions. Tests then put ships where they need them.
fn bare(players: u8, year: u16) -> State {
    bare_in(game(), players, year)
}

fn bare_in(g: &BlockadeRunner, players: u8, year: u16) -> State {
    let mut s = g.setup(&Setup::new("standard", players, 1)).expect("setup");
    for shp in s.ships.iter_mut() {
        *shp = Ship::default();
    }
    for (i, l) in s.locs.iter_mut().enumerate() {
        l.blockade = 0;
        l.captured = false;
        l.defense = g.c.locs[i].defense;
    }
    // Refill boxes from the reserve so conservation holds.
    for (i, l) in s.locs.iter_mut().enumerate() {
        for gd in 0..4 {
            let want = g.c.locs[i].supply[gd];
            let have = l.supply[gd];
            if want > have {
                s.reserve[gd] -= (want - have) as u32;
                l.supply[gd] = want;
            }
        }
    }
    s.union_out = 0;
    s.year = year;
    s.turn_order = (0..players).collect();
    s.flow = Flow::new();
    s.flow.push(Frame::Turns { idx: 1 });
    s.flow.push(Frame::Turn { seat: 0, left: 4, offers: 0 });
    s.squadron = None;
    s
}

fn give_ship(s: &mut State, seat: u8, ship: &str, at: &str) -> u8 {
    let i = sh(ship);
    s.ships[i as usize] = Ship { owner: Some(seat), lost: false, zone: Some(z(at)), cargo: [0; 4], attached: vec![] };
    i
}

fn set_cargo(s: &mut State, ship: u8, cargo: [u8; 4]) {
    for (g, &c) in cargo.iter().enumerate() {
        s.reserve[g] = s.reserve[g] + s.ships[ship as usize].cargo[g] as u32 - c as u32;
    }
    s.ships[ship as usize].cargo = cargo;
}

fn give_card(s: &mut State, seat: u8, kind: &str) -> u8 {
    give_card_in(game(), s, seat, kind)
}

fn give_card_in(g: &BlockadeRunner, s: &mut State, seat: u8, kind: &str) -> u8 {
    let k = g.c.card_index.get(kind).unwrap_or_else(|| panic!("no card {kind}"));
    let pos = s.deck.iter().position(|&c| g.c.card_instances[c as usize] == k).expect("card in deck");
    let inst = s.deck.remove(pos);
    s.players[seat as usize].hand.push(inst);
    inst
}

fn inv(s: &State) {
    game().check_invariants(s).unwrap_or_else(|e| panic!("invariant: {e}"));
}

// ---------------------------------------------------------------------------------------------
// Content and setup

#[test]
fn content_loads_and_scenario_is_listed() {
    let g = game();
    let sc = g.scenarios();
    assert_eq!(sc[0].id, "standard");
    assert_eq!(sc[0].title, "Blockade Runner, 1861-1865");
    assert_eq!((sc[0].min_players, sc[0].max_players, sc[0].default_players), (2, 6, 4));
}

#[test]
fn br_2_2_setup_table_money_ships_cards() {
    // BR 2.2 / L24-32.
    let table = [(2, 15, 5, 6), (3, 10, 4, 5), (4, 8, 3, 4), (5, 6, 2, 4), (6, 5, 2, 3)];
    for (n, money, ships, hand) in table {
        let s = new_game(n, 7);
        for p in 0..n {
            assert_eq!(s.players[p as usize].money, money, "{n} players");
            assert_eq!(game().fleet(&s, p).count(), ships, "{n} players");
            assert_eq!(s.players[p as usize].hand.len(), hand, "{n} players");
        }
        let caps: i32 = game().capacity(&s, 0);
        let expect = [(2, 8), (3, 5), (4, 4), (5, 3), (6, 3)].iter().find(|r| r.0 == n).unwrap().1;
        assert_eq!(caps, expect, "BR 2.2 derived total capacity");
        inv(&s);
    }
    assert!(game().setup(&Setup::new("standard", 7, 1)).is_err());
    assert!(game().setup(&Setup::new("standard", 1, 1)).is_err());
}

#[test]
fn br_2_3_placement_clockwise_any_port() {
    let g = game();
    let mut s = new_game(3, 11);
    let Some(Frame::Placement { seat: first }) = s.flow.top().cloned() else { panic!("placement first") };
    let legal = g.legal_actions(&s, first);
    // Any port, Confederate or outer: 14 ports x 4 ships.
    assert_eq!(legal.len(), 14 * 4);
    let a = legal[0].clone();
    g.apply(&mut s, first, &a, &mut Log::quiet()).unwrap();
    assert_eq!(g.active_seats(&s), vec![(first + 1) % 3], "BR 2.3: clockwise, one ship at a time");
    // A sea zone is refused.
    let seat = (first + 1) % 3;
    let ship = g.fleet(&s, seat).next().unwrap();
    let err = g.apply(&mut s, seat, &Action::Place { ship, zone: z("hatteras") }, &mut Log::quiet()).unwrap_err();
    assert_eq!(err.rule, "BR 2.3");
}

#[test]
fn tc_06_the_1861_union_action() {
    // TC-06: 7 cards (A = 10), six +1, one assault (+2); no inland capture, no squadron,
    // no price rise.
    let g = game();
    let mut s = new_game(4, 3);
    while let Some(Frame::Placement { seat }) = s.flow.top().cloned() {
        let a = g.legal_actions(&s, seat)[0].clone();
        g.apply(&mut s, seat, &a, &mut Log::quiet()).unwrap();
    }
    let total_blockade: u32 = s.locs.iter().map(|l| l.blockade as u32).sum();
    let captured_ports = (0..g.c.n_zones).filter(|&i| s.locs[i].captured).count();
    // 6 single raises + one +2 assault = 8 points of blockade (captured ports keep theirs).
    assert_eq!(total_blockade, 8, "{}", g.describe(&s, None));
    assert!(captured_ports <= 1);
    assert!(s.locs[g.c.n_zones..].iter().all(|l| !l.captured), "no inland capture in 1861");
    assert_eq!(s.squadron, None, "no squadron in 1861");
    assert_eq!(s.price, g.c.start_price, "no price rise in 1861");
    assert!(matches!(s.flow.top(), Some(Frame::Turn { left: 4, .. }) | Some(Frame::Move { .. })));
    inv(&s);
}

/// BR 3.1.1: the Union cards come from a deck shuffled every turn and are drawn open to all:
/// the action that brings them is a draw, which undo may not take back.
#[test]
fn br_3_1_1_the_union_cards_drawn_are_a_draw_undo_cannot_cross() {
    let g = game();
    let mut s = new_game(4, 3);
    let mut drawn = None;
    while let Some(Frame::Placement { seat }) = s.flow.top().cloned() {
        let a = g.legal_actions(&s, seat)[0].clone();
        let mut log = Log::recording();
        g.apply(&mut s, seat, &a, &mut log).unwrap();
        if log.events.iter().any(|e| e.kind == bivouac_engine::log::EventKind::Draw && e.text.contains(": blockade ")) {
            drawn = Some(log.sealed());
        }
    }
    assert_eq!(drawn, Some(true), "the Union cards are drawn as a draw, and it seals the step");
}

// ---------------------------------------------------------------------------------------------
// Union Action

#[test]
fn tc_01_blockade_draw_1864_thirteen_arms() {
    // TC-01 (L68-74): A = 13 -> modifier -7 -> 5 cards; the first 4 get +1, the 5th is assaulted.
    let g = game();
    let mut s = bare(4, 1864);
    s.arms_last = 13;
    s.flow = Flow::new();
    s.flow.push(Frame::YearStart);
    // Make every port strong so the assault does not capture.
    for i in 0..g.c.n_zones {
        if g.c.locs[i].kind == LocKind::Confederate {
            s.locs[i].defense = 6;
        }
    }
    let mut log = Log::recording();
    g.advance(&mut s, &mut log).unwrap();
    let total: u32 = s.locs.iter().map(|l| l.blockade as u32).sum();
    assert_eq!(total, 4 + 2, "4 ports +1, the assaulted port +2");
    assert!(log.events.iter().any(|e| e.text.contains("5 Union cards drawn, 1 port assault")), "{:?}", log.events);
}

#[test]
fn tc_02_charleston_assault_falls_and_evacuates() {
    // TC-02 (L106-121): blockade 2 + 2 = 4 >= defense 4: Charleston falls; the empty Advance
    // rolls with T = (3 + 1) + 4 - 4 = 4.
    let g = game();
    for (dice, survives) in [((5u8, 6u8), false), ((4, 8), true)] {
        let mut s = bare(4, 1863);
        let ch = z("charleston");
        s.locs[ch as usize].blockade = 2;
        s.locs[ch as usize].defense = 4;
        let adv = give_ship(&mut s, 1, "advance", "charleston");
        s.turn_order = vec![0, 1, 2, 3];
        s.flow = Flow::new();
        s.flow.push(Frame::AfterAssaults);
        s.flow.push(Frame::Assaults { ports: vec![ch] });
        s.forced = vec![dice.0, dice.1];
        g.advance(&mut s, &mut Log::quiet()).unwrap();
        assert!(matches!(s.flow.top(), Some(Frame::Move { seat: 1, evac: Some(_), .. })), "evacuation owed by p2");
        assert_eq!(s.locs[ch as usize].blockade, 4);
        // p2 sails out: the roll happens on leaving.
        ok(&mut s, 1, "sail advance carolina-sea");
        assert_eq!(!s.ships[adv as usize].lost, survives);
        if survives {
            // Free move of up to 4 zones (speed 3 + 1 empty).
            ok(&mut s, 1, "sail advance atlantic");
            ok(&mut s, 1, "sail advance bahamas-sea");
            ok(&mut s, 1, "sail advance nassau");
            assert!(act(&mut s, 1, "sail advance bahamas-sea").is_err(), "4 zones used");
            ok(&mut s, 1, "done");
        } else {
            // Lost its only ship: replacement placement (BR 3.7) comes first.
            if let Some(Frame::PlaceShip { seat: 1, ship }) = s.flow.top().cloned() {
                let id = g.c.ships[ship as usize].id.clone();
                assert!(act(&mut s, 1, &format!("place {id} charleston")).is_err(), "not in the falling port");
                ok(&mut s, 1, &format!("place {id} nassau"));
            }
            ok(&mut s, 1, "done");
        }
        // Captured: goods gone, defense back to printed, cards out of the Union deck.
        let l = &s.locs[ch as usize];
        assert!(l.captured);
        assert_eq!(l.supply, [0; 4]);
        assert_eq!(l.defense, g.c.locs[ch as usize].defense);
        for (i, &p) in g.c.union_deck.iter().enumerate() {
            assert_eq!(s.union_out & (1 << i) != 0, p == ch);
        }
        inv(&s);
    }
}

#[test]
fn tc_02_variant_evacuation_in_turn_order() {
    // TC-22 / TC-02 variant: Y ahead of X in turn order rolls and moves first.
    let g = game();
    let mut s = bare(4, 1863);
    let ch = z("charleston");
    s.locs[ch as usize].blockade = 2; // +2 -> 4 >= defense 3: falls; T = 3 + 3 - 4 = 2
    s.locs[ch as usize].defense = 3;
    give_ship(&mut s, 0, "kate", "charleston");
    give_ship(&mut s, 2, "annie", "charleston");
    give_ship(&mut s, 2, "fanny", "charleston");
    s.turn_order = vec![2, 1, 0, 3];
    s.flow = Flow::new();
    s.flow.push(Frame::AfterAssaults);
    s.flow.push(Frame::Assaults { ports: vec![ch] });
    s.forced = vec![1, 1, 1, 1, 1, 1];
    g.advance(&mut s, &mut Log::quiet()).unwrap();
    assert_eq!(g.active_seats(&s), vec![2], "p3 is first in turn order");
    assert!(act(&mut s, 2, "done").is_err(), "BR 3.1.2: every ship must leave the falling port");
    ok(&mut s, 2, "sail annie georgia-bight");
    ok(&mut s, 2, "sail fanny carolina-sea");
    ok(&mut s, 2, "done");
    assert_eq!(g.active_seats(&s), vec![0]);
    // B7: entering another blockaded zone during the free move needs a further roll.
    s.locs[z("savannah") as usize].blockade = 2;
    ok(&mut s, 0, "sail kate georgia-bight");
    s.forced = vec![1, 1];
    let before = s.forced.len();
    ok(&mut s, 0, "sail kate savannah");
    assert_eq!(before - s.forced.len(), 2, "one more 2-dice roll entering Savannah");
    ok(&mut s, 0, "done");
    assert!(s.locs[ch as usize].captured);
    inv(&s);
}

#[test]
fn tc_06_sub_case_galveston_falls_in_1861() {
    // TC-06 sub-case / B3: blockade 0 + 2 = 2 >= printed defense 2: Galveston falls in 1861.
    let g = game();
    let mut s = bare(4, 1861);
    let gv = z("galveston");
    s.flow = Flow::new();
    s.flow.push(Frame::AfterAssaults);
    s.flow.push(Frame::Assaults { ports: vec![gv] });
    g.advance(&mut s, &mut Log::quiet()).unwrap();
    assert!(s.locs[gv as usize].captured);
    assert_eq!(s.locs[gv as usize].blockade, 2);
    // A stronger port holds and keeps the raised blockade (BR 3.1.2 step 4).
    let mut s = bare(4, 1861);
    let nw = z("new-orleans");
    s.flow = Flow::new();
    s.flow.push(Frame::AfterAssaults);
    s.flow.push(Frame::Assaults { ports: vec![nw] });
    g.advance(&mut s, &mut Log::quiet()).unwrap();
    assert!(!s.locs[nw as usize].captured);
    assert_eq!(s.locs[nw as usize].blockade, 2);
}

#[test]
fn state_clone_is_cheap() {
    // Working agreement: cloning a state well under a microsecond (indicative, not asserted
    // strictly because the test machine is shared).
    let s = new_game(6, 3);
    let n = 20_000;
    let t0 = std::time::Instant::now();
    let mut keep = 0usize;
    for _ in 0..n {
        let c = std::hint::black_box(s.clone());
        keep += c.ships.len();
    }
    let per = t0.elapsed().as_nanos() as f64 / n as f64;
    println!("state clone: {per:.0} ns");
    assert!(keep > 0);
    assert!(per < 20_000.0, "clone takes {per} ns");
}

#[test]
fn tc_07_blockade_overflow_lowers_defense() {
    // TC-07 (L82-84): at 6, a +1 lowers the defense instead, never below printed.
    let g = game();
    let mut s = bare(4, 1862);
    let ch = z("charleston"); // printed 3
    s.locs[ch as usize].blockade = 6;
    s.locs[ch as usize].defense = 4;
    // Only Charleston's cards in play, large draw.
    s.union_out = 0;
    for (i, &p) in g.c.union_deck.iter().enumerate() {
        if p != ch {
            s.union_out |= 1 << i;
        }
    }
    s.arms_last = 23; // 0 cards
    s.flow = Flow::new();
    s.flow.push(Frame::YearStart);
    g.advance(&mut s, &mut Log::quiet()).unwrap();
    assert_eq!(s.locs[ch as usize].defense, 4, "TC-08: A >= 23 draws no card");
    // Two Charleston cards, A = 22 -> modifier -11 -> N = max(0, min(12,2) - 11) = 0 (literal B11).
    let mut s2 = bare(4, 1862);
    s2.locs[ch as usize].blockade = 6;
    s2.locs[ch as usize].defense = 4;
    s2.union_out = s.union_out;
    s2.arms_last = 0; // modifier 0: N = min(12, 2) = 2, K = 2 (placeholder row), both assaults
    s2.flow = Flow::new();
    s2.flow.push(Frame::YearStart);
    g.advance(&mut s2, &mut Log::quiet()).unwrap();
    assert!(s2.locs[ch as usize].captured, "assaulted at blockade 6 >= defense: falls");
    // Direct check of the +1 step at 6.
    let mut s3 = bare(4, 1862);
    s3.locs[ch as usize].blockade = 6;
    s3.locs[ch as usize].defense = 4;
    s3.union_out = s.union_out;
    s3.arms_last = 5; // modifier -3, 1 assault: N = max(0, 2 - 3) = 0 under the literal reading
    s3.flow = Flow::new();
    s3.flow.push(Frame::YearStart);
    g.advance(&mut s3, &mut Log::quiet()).unwrap();
    assert_eq!(s3.locs[ch as usize].defense, 4, "B11 literal: the small deck shrinks first");
    let mut s4 = bare(4, 1862);
    s4.opts.literal_draw = false;
    s4.locs[ch as usize].blockade = 6;
    s4.locs[ch as usize].defense = 4;
    s4.union_out = s.union_out;
    s4.arms_last = 20; // modifier -10, 1 assault: N = min(12 - 10, 2) = 2 under cap-after
    s4.flow = Flow::new();
    s4.flow.push(Frame::YearStart);
    g.advance(&mut s4, &mut Log::quiet()).unwrap();
    // First card: +1 at 6 -> defense 3 (printed); second: assault, 6 >= 3 -> falls.
    assert!(s4.locs[ch as usize].captured);
    assert_eq!(s4.locs[ch as usize].defense, 3);
}

#[test]
fn tc_07_overflow_never_below_printed() {
    // TC-07: a +1 at blockade 6 lowers the defense 4 -> 3 (printed); a second leaves it at 3.
    let g = game();
    let mut s = bare(4, 1862);
    let ch = z("charleston");
    s.locs[ch as usize].blockade = 6;
    s.locs[ch as usize].defense = 4;
    g.blockade_card(&mut s, ch, &mut Log::quiet());
    assert_eq!((s.locs[ch as usize].blockade, s.locs[ch as usize].defense), (6, 3));
    g.blockade_card(&mut s, ch, &mut Log::quiet());
    assert_eq!((s.locs[ch as usize].blockade, s.locs[ch as usize].defense), (6, 3));
    // Below 6 a card raises the blockade by one.
    let sv = z("savannah");
    g.blockade_card(&mut s, sv, &mut Log::quiet());
    assert_eq!(s.locs[sv as usize].blockade, 1);
}

#[test]
fn tc_08_no_assault_at_23_arms_inland_still_falls() {
    // TC-08 (L102-104): A >= 23 -> no cards, no assault; inland capture still happens (1862+).
    let g = game();
    let mut s = bare(4, 1862);
    s.arms_last = 23;
    s.flow = Flow::new();
    s.flow.push(Frame::YearStart);
    // Inland roll 2+? = sum; force sum 8 (atlanta) and squadron die 3.
    s.forced = vec![4, 4, 3];
    g.advance(&mut s, &mut Log::quiet()).unwrap();
    assert_eq!(s.locs.iter().map(|l| l.blockade as u32).sum::<u32>(), 0);
    assert!(s.locs[z("atlanta") as usize].captured, "BR 3.1.3: 2d8 sum 8 -> Atlanta (authored chart)");
    assert_eq!(s.locs[z("atlanta") as usize].supply, [0; 4]);
    assert_eq!(s.squadron, Some(z("atlantic")), "BR 3.1.4: die 3 -> atlantic (authored chart)");
}

// ---------------------------------------------------------------------------------------------
// Goods, prices, turn order

#[test]
fn tc_03_selling_at_havana() {
    // TC-03 (L170-176): 1 tobacco at 16 and 2 cotton at 12; the cotton box (3) has one space.
    let g = game();
    let mut s = bare(4, 1862);
    let lee = give_ship(&mut s, 0, "robert-e-lee", "havana");
    set_cargo(&mut s, lee, [2, 1, 0, 0]);
    s.price[data::COTTON] = g.c.tracks[data::COTTON].iter().position(|&v| v == 12).unwrap() as u8;
    s.sales[data::COTTON] = 2;
    s.reserve[data::COTTON] -= 2;
    let m0 = s.players[0].money;
    ok(&mut s, 0, "unload");
    ok(&mut s, 0, "unload robert-e-lee tobacco");
    ok(&mut s, 0, "unload robert-e-lee cotton");
    assert_eq!(g.price(&s, data::COTTON), 10, "the full box drops cotton to 10");
    ok(&mut s, 0, "unload robert-e-lee cotton");
    ok(&mut s, 0, "done");
    // The tobacco pays 16 (the Spanish rulebook's (ES) "receives 12,000" is read as an error).
    assert_eq!(s.players[0].money - m0, 16 + 24, "both cotton cubes sell at the action's price 12");
    assert_eq!(s.sales[data::COTTON], 1);
    assert_eq!(s.sales[data::TOBACCO], 1);
    assert_eq!(g.price(&s, data::TOBACCO), 16);
    assert_eq!(s.ships[lee as usize].load(), 0);
    inv(&s);
}

#[test]
fn tc_04_running_into_galveston() {
    // TC-04 (L208-216): Lizzie (speed 2) + Captain, 2 arms; Galveston defense 2, blockade 2: T = 3.
    let g = game();
    for (dice, arrives, jettison) in [((2u8, 7u8), true, false), ((4, 5), false, false), ((4, 5), true, true), ((5, 5), false, true)] {
        let mut s = bare(4, 1862);
        let gv = z("galveston");
        s.locs[gv as usize].blockade = 2;
        let lz = give_ship(&mut s, 0, "lizzie", "gulf-west");
        set_cargo(&mut s, lz, [0, 0, 2, 0]);
        let cap = give_card(&mut s, 0, "captain");
        s.players[0].hand.retain(|&c| c != cap);
        s.ships[lz as usize].attached.push(cap);
        give_ship(&mut s, 0, "kate", "nassau"); // a second ship, so a loss needs no replacement
        ok(&mut s, 0, "move");
        if jettison {
            // Jettison first: the ship is empty, T = 4.
            ok(&mut s, 0, "jettison lizzie");
        }
        s.forced = vec![dice.0, dice.1];
        ok(&mut s, 0, "sail lizzie galveston");
        assert_eq!(!s.ships[lz as usize].lost, arrives, "dice {dice:?} jettison {jettison}");
        if !arrives {
            assert!(s.removed.contains(&cap), "the Captain is lost with the ship");
            assert_eq!(s.ships[lz as usize].cargo, [0; 4]);
        }
        assert!(s.forced.is_empty());
        ok(&mut s, 0, "done");
        inv(&s);
    }
    // The same target computed directly.
    let mut s = bare(4, 1862);
    let lz = give_ship(&mut s, 0, "lizzie", "galveston");
    set_cargo(&mut s, lz, [0, 0, 2, 0]);
    assert_eq!(g.speed(&s, lz), 2);
}

#[test]
fn tc_09_goods_management_1862() {
    // TC-09 (L137-141): +1 step for goods sold last turn, +2 for tobacco (none sold); refill.
    let g = game();
    let mut s = bare(4, 1862);
    s.sold_last = [true, false, false, true];
    let sav = z("savannah");
    s.locs[sav as usize].supply[data::COTTON] = 0;
    s.reserve[data::COTTON] += 3;
    let mob = z("mobile");
    s.locs[mob as usize].captured = true;
    s.reserve[data::COTTON] += s.locs[mob as usize].supply[data::COTTON] as u32;
    s.locs[mob as usize].supply = [0; 4];
    s.flow = Flow::new();
    s.flow.push(Frame::AfterAssaults);
    s.arms_last = 23;
    s.forced = vec![4, 4, 1]; // inland roll (atlanta), squadron
    g.advance(&mut s, &mut Log::quiet()).unwrap();
    assert_eq!([g.price(&s, 0), g.price(&s, 1), g.price(&s, 3)], [12, 20, 22]);
    assert_eq!(s.locs[sav as usize].supply[data::COTTON], 3, "refilled");
    assert_eq!(s.locs[mob as usize].supply, [0; 4], "captured: no refill");
    inv(&s);
}

#[test]
fn tc_10_turn_order_capacity_then_money() {
    // TC-10 (L142-147): A cap 3 $20, B cap 3 $12, C cap 2 $50, D cap 4 $1 -> C, B, A, D.
    let g = game();
    let mut s = bare(4, 1862);
    give_ship(&mut s, 0, "kate", "nassau"); // 2/2
    give_ship(&mut s, 0, "coquette", "nassau"); // 3/1
    give_ship(&mut s, 1, "gibraltar", "nassau"); // 2/3
    give_ship(&mut s, 2, "annie", "nassau"); // 2/2
    give_ship(&mut s, 3, "syren", "nassau"); // 2/4
    for (p, m) in [(0, 20), (1, 12), (2, 50), (3, 1)] {
        s.players[p].money = m;
    }
    s.flow = Flow::new();
    s.flow.push(Frame::AfterAssaults);
    s.arms_last = 23;
    s.forced = vec![4, 4, 1];
    g.advance(&mut s, &mut Log::quiet()).unwrap();
    assert_eq!(s.turn_order, vec![2, 1, 0, 3]);
}

#[test]
fn tc_11_load_costs_and_capacity() {
    // TC-11 (L156-160): 1 cotton + 2 tobacco cost 9; no 4th cube; no debt; arms are free.
    let mut s = bare(4, 1862);
    give_ship(&mut s, 0, "gibraltar", "norfolk"); // 2/3; Norfolk: 1 cotton, 3 tobacco
    s.players[0].money = 9;
    ok(&mut s, 0, "load");
    ok(&mut s, 0, "load gibraltar cotton");
    ok(&mut s, 0, "load gibraltar tobacco");
    ok(&mut s, 0, "load gibraltar tobacco");
    assert_eq!(s.players[0].money, 0);
    let e = act(&mut s, 0, "load gibraltar tobacco").unwrap_err();
    assert_eq!(e.rule, "BR 3.5.1");
    inv(&s);
    let mut s = bare(4, 1862);
    give_ship(&mut s, 0, "gibraltar", "norfolk");
    s.players[0].money = 8;
    ok(&mut s, 0, "load");
    ok(&mut s, 0, "load gibraltar cotton");
    ok(&mut s, 0, "load gibraltar tobacco");
    assert!(act(&mut s, 0, "load gibraltar tobacco").is_err(), "no debt");
    let mut s = bare(4, 1862);
    give_ship(&mut s, 0, "gibraltar", "nassau");
    s.players[0].money = 0;
    ok(&mut s, 0, "load");
    for _ in 0..3 {
        ok(&mut s, 0, "load gibraltar arms");
    }
    assert_eq!(s.players[0].money, 0, "arms load free");
    inv(&s);
}

#[test]
fn tc_12_rail_transport() {
    // TC-12 (L276-282): 2 cotton from a city 2 links away cost 2 x (1 + 2) = 6; not through a
    // captured city; no mixing with a normal load.
    let mut s = bare(4, 1862);
    // Charleston - Columbia - Augusta: Augusta is 2 links from Charleston.
    give_ship(&mut s, 0, "kate", "charleston");
    s.players[0].money = 20;
    ok(&mut s, 0, "rail");
    assert!(act(&mut s, 0, "load kate cotton").is_err(), "BR 3.5.6: no normal load in a rail action");
    ok(&mut s, 0, "rail kate cotton augusta");
    ok(&mut s, 0, "rail kate cotton augusta");
    assert_eq!(s.players[0].money, 14);
    ok(&mut s, 0, "done");
    inv(&s);
    let mut s = bare(4, 1862);
    give_ship(&mut s, 0, "kate", "charleston");
    s.players[0].money = 20;
    s.locs[z("columbia") as usize].captured = true;
    ok(&mut s, 0, "rail");
    // Another route (Savannah - Macon - Atlanta - Augusta, 4 links) still exists: 1 + 4.
    ok(&mut s, 0, "rail kate cotton augusta");
    assert_eq!(s.players[0].money, 15);
    s.locs[z("macon") as usize].captured = true;
    let e = act(&mut s, 0, "rail kate cotton augusta").unwrap_err();
    assert_eq!(e.rule, "BR 3.5.6");
    // And a normal load action may not use the rail.
    let mut s = bare(4, 1862);
    give_ship(&mut s, 0, "kate", "charleston");
    s.players[0].money = 20;
    ok(&mut s, 0, "load");
    assert!(act(&mut s, 0, "rail kate cotton augusta").is_err());
}

#[test]
fn tc_13_bribery_and_arms() {
    // TC-13 (L181-189): S1 2 black + 1 arms, S2 1 black + 1 arms; price 20 -> 30 + 20 + 2 = 52.
    let g = game();
    let mut s = bare(4, 1862);
    let s1 = give_ship(&mut s, 0, "gibraltar", "wilmington");
    let s2 = give_ship(&mut s, 0, "kate", "mobile");
    set_cargo(&mut s, s1, [0, 0, 1, 2]);
    set_cargo(&mut s, s2, [0, 0, 1, 1]);
    let m0 = s.players[0].money;
    let p0 = s.price[data::BLACK];
    ok(&mut s, 0, "unload");
    for a in ["unload gibraltar black", "unload gibraltar black", "unload gibraltar arms", "unload kate black", "unload kate arms", "done"] {
        ok(&mut s, 0, a);
    }
    assert_eq!(s.players[0].money - m0, 52);
    assert_eq!(s.price[data::BLACK], p0 - 1, "the box filled once: one step down");
    assert_eq!(s.sales[data::BLACK], 0);
    assert_eq!(s.players[0].delivered, 2);
    assert!(act(&mut s, 0, "unload").is_err(), "nothing left to unload");
    let _ = g;
    inv(&s);
}

#[test]
fn tc_14_extra_action_for_most_arms() {
    // TC-14 (L184-186): A 5, B 5, C 2 -> A and B get 5 actions; the Union uses A = 12.
    let g = game();
    let mut s = bare(3, 1862);
    s.players[0].delivered = 5;
    s.players[1].delivered = 5;
    s.players[2].delivered = 2;
    s.reserve[data::ARMS] -= 12;
    for p in 0..3 {
        give_ship(&mut s, p, ["kate", "annie", "fanny"][p as usize], "nassau");
    }
    let mut log = Log::recording();
    g.end_year(&mut s, &mut log);
    assert_eq!(s.arms_last, 12);
    assert_eq!(s.players.iter().map(|p| p.bonus).collect::<Vec<_>>(), vec![true, true, false]);
    s.flow = Flow::new();
    s.flow.push(Frame::Turns { idx: 0 });
    s.turn_order = vec![2, 0, 1];
    g.advance(&mut s, &mut log).unwrap();
    assert_eq!(s.flow.top(), Some(&Frame::Turn { seat: 2, left: 4, offers: 0 }));
    s.flow.pop();
    g.advance(&mut s, &mut log).unwrap();
    assert_eq!(s.flow.top(), Some(&Frame::Turn { seat: 0, left: 5, offers: 0 }));
    // Nobody delivered: nobody gets it (E6).
    let mut s = bare(3, 1862);
    g.end_year(&mut s, &mut Log::quiet());
    assert!(s.players.iter().all(|p| !p.bonus));
}

// ---------------------------------------------------------------------------------------------
// Cards and the fund

#[test]
fn tc_05_ironclad_and_the_fund() {
    // TC-05 (L231-246): Ironclad (+5 to the fund), Juan adds 10, Galveston 2 -> 3 for 15.
    let g = game();
    let mut s = bare(4, 1862);
    give_ship(&mut s, 0, "kate", "nassau");
    s.deck.extend(std::mem::take(&mut s.players[0].hand));
    give_card(&mut s, 0, "ironclad");
    s.players[0].money = 12;
    let ch = z("charleston");
    s.locs[ch as usize].blockade = 3;
    ok(&mut s, 0, "play ironclad charleston");
    assert_eq!(s.locs[ch as usize].blockade, 2, "D2: -1 blockade at the chosen port");
    assert_eq!(s.fund, 5);
    assert_eq!(s.players[0].hand.len(), 1, "a replacement is drawn");
    assert!(act(&mut s, 0, "improve galveston").is_err(), "15 needed, fund 5");
    ok(&mut s, 0, "fund 10");
    ok(&mut s, 0, "improve galveston");
    assert_eq!(s.fund, 0);
    assert_eq!(s.locs[z("galveston") as usize].defense, 3);
    assert_eq!(s.players[0].money, 2);
    ok(&mut s, 0, "done");
    assert_eq!(s.flow.top(), Some(&Frame::Turn { seat: 0, left: 3, offers: 0 }), "one action used");
    let _ = g;
    inv(&s);
}

#[test]
fn tc_16_port_defense_limits() {
    // TC-16 (L223-229): max 6; never in outer ports; one level per port per action; the fund
    // keeps what is left.
    let mut s = bare(4, 1862);
    give_ship(&mut s, 0, "kate", "nassau");
    s.locs[z("mobile") as usize].defense = 6;
    give_card(&mut s, 0, "subsidy");
    s.fund = 50;
    ok(&mut s, 0, "play subsidy");
    assert_eq!(act(&mut s, 0, "improve mobile").unwrap_err().rule, "BR 3.5.4");
    assert_eq!(act(&mut s, 0, "improve havana").unwrap_err().rule, "BR 3.5.4");
    ok(&mut s, 0, "improve galveston");
    assert_eq!(act(&mut s, 0, "improve galveston").unwrap_err().rule, "BR 3.5.4");
    assert!(act(&mut s, 0, "improve wilmington").is_err(), "D5 default: one purchase per action");
    ok(&mut s, 0, "done");
    assert_eq!(s.fund, 55 - 15, "the rest stays in the fund");
    // Option one-per-port: another port may be raised in the same action.
    let mut s = bare(4, 1862);
    s.opts.one_purchase = false;
    give_card(&mut s, 0, "subsidy");
    s.fund = 50;
    ok(&mut s, 0, "play subsidy");
    ok(&mut s, 0, "improve galveston");
    ok(&mut s, 0, "improve wilmington");
    assert!(act(&mut s, 0, "improve galveston").is_err());
    inv(&s);
}

#[test]
fn tc_17_card_without_effect_pays_ten() {
    // TC-17 (L248-251): any card played without its effect puts $10,000 in the fund.
    let mut s = bare(4, 1862);
    give_card(&mut s, 0, "captain");
    let hand = s.players[0].hand.len();
    ok(&mut s, 0, "discard captain");
    assert_eq!(s.fund, 10);
    assert_eq!(s.players[0].hand.len(), hand, "one card drawn");
    assert!(act(&mut s, 0, "improve galveston").is_err(), "15 > 10");
    ok(&mut s, 0, "fund 5");
    ok(&mut s, 0, "improve galveston");
    inv(&s);
}

#[test]
fn br_3_5_4_captain_and_pilot_add_speed() {
    let g = game();
    let mut s = bare(4, 1862);
    let k = give_ship(&mut s, 0, "kate", "nassau");
    give_card(&mut s, 0, "captain");
    give_card(&mut s, 0, "pilot");
    assert_eq!(g.speed(&s, k), 3);
    ok(&mut s, 0, "play captain kate");
    ok(&mut s, 0, "done");
    ok(&mut s, 0, "play pilot kate");
    ok(&mut s, 0, "done");
    assert_eq!(g.speed(&s, k), 5);
    assert_eq!(g.total_speed(&s, 0), 4, "G1: tie-break speed without the empty bonus");
    inv(&s);
}

#[test]
fn br_3_9_card_trade_one_for_one() {
    let g = game();
    let mut s = bare(4, 1862);
    for p in 0..4 {
        s.deck.extend(std::mem::take(&mut s.players[p].hand));
    }
    give_card(&mut s, 0, "ironclad");
    give_card(&mut s, 1, "pilot");
    give_card(&mut s, 2, "convoy");
    ok(&mut s, 0, "offer p2 ironclad");
    assert_eq!(g.active_seats(&s), vec![1], "the answer is owed out of turn");
    let v = g.view(&s, Some(1));
    assert_eq!(v.trade_card.as_deref(), Some("Ironclad"));
    assert_eq!(g.view(&s, Some(2)).trade_card, None, "others do not see the offered card");
    ok(&mut s, 1, "accept pilot");
    assert_eq!(g.card_name(s.players[0].hand[0]), "Pilot");
    assert_eq!(g.card_name(s.players[1].hand[0]), "Ironclad");
    assert_eq!(g.view(&s, Some(3)).last_trade.as_deref(), Some("p2 accepted p1's trade offer"), "the table sees that cards changed hands");
    ok(&mut s, 0, "offer p3 pilot");
    ok(&mut s, 2, "decline");
    assert_eq!(g.view(&s, None).last_trade.as_deref(), Some("p3 declined p1's trade offer"));
    assert!(act(&mut s, 0, "offer p3 pilot").is_err(), "bounded: 2 offers per turn");
    assert_eq!(s.flow.top(), Some(&Frame::Turn { seat: 0, left: 4, offers: 2 }), "trades cost no action");
    inv(&s);
}

// ---------------------------------------------------------------------------------------------
// Auctions, losses, squadron, scoring

#[test]
fn tc_15_auction_clockwise() {
    // TC-15 (L259-267): P1 10, P2 11, P3 pass, P4 12, P1 pass, P2 pass -> P4 wins at 12.
    let g = game();
    let mut s = bare(4, 1862);
    for p in 0..4 {
        s.players[p].money = 30;
        give_ship(&mut s, p as u8, ["kate", "annie", "fanny", "emma"][p], "nassau");
    }
    let jenny = sh("jenny");
    let v = g.c.ships[jenny as usize].value;
    ok(&mut s, 0, "auction");
    ok(&mut s, 0, "auction jenny");
    assert!(act(&mut s, 0, &format!("bid {}", v - 1)).is_err(), "at least the printed value");
    ok(&mut s, 0, &format!("bid {v}"));
    assert_eq!(g.active_seats(&s), vec![1]);
    ok(&mut s, 1, &format!("bid {}", v + 1));
    ok(&mut s, 2, "pass");
    ok(&mut s, 3, &format!("bid {}", v + 2));
    ok(&mut s, 0, "pass");
    ok(&mut s, 1, "pass");
    assert_eq!(g.active_seats(&s), vec![3], "P4 places the Jenny");
    assert!(act(&mut s, 3, "place jenny hatteras").is_err());
    ok(&mut s, 3, "place jenny bermuda");
    assert_eq!(s.players[3].money, 30 - v - 2);
    assert_eq!(s.ships[jenny as usize].owner, Some(3));
    // P1 did not win: may auction another; P4 may not bid.
    assert!(matches!(s.flow.top(), Some(Frame::AuctionPick { seat: 0, .. })));
    assert!(act(&mut s, 0, "auction jenny").is_err());
    ok(&mut s, 0, "auction fox");
    let fv = g.c.ships[sh("fox") as usize].value;
    ok(&mut s, 0, &format!("bid {fv}"));
    ok(&mut s, 1, "pass");
    ok(&mut s, 2, "pass");
    assert_eq!(g.active_seats(&s), vec![0], "P4 is skipped and P1 wins");
    ok(&mut s, 0, "place fox nassau");
    // The auctioneer won: the action is over.
    assert_eq!(s.flow.top(), Some(&Frame::Turn { seat: 0, left: 3, offers: 0 }));
    inv(&s);
}

#[test]
fn tc_18_high_seas_squadron_roll_once() {
    // TC-18 (L132-135): empty 3/1 through the squadron zone: T = 4 + 0 - 1 = 3, one roll.
    let mut s = bare(4, 1862);
    s.squadron = Some(z("atlantic"));
    let c = give_ship(&mut s, 0, "coquette", "bermuda");
    give_ship(&mut s, 0, "kate", "nassau");
    ok(&mut s, 0, "move");
    s.forced = vec![3, 8];
    ok(&mut s, 0, "sail coquette atlantic");
    assert!(s.forced.is_empty(), "one roll entering");
    ok(&mut s, 0, "sail coquette bahamas-sea");
    assert!(!s.ships[c as usize].lost);
    ok(&mut s, 0, "done");
    // Loss: both dice above 3.
    let mut s = bare(4, 1862);
    s.squadron = Some(z("atlantic"));
    let c = give_ship(&mut s, 0, "coquette", "bermuda");
    give_ship(&mut s, 0, "kate", "nassau");
    ok(&mut s, 0, "move");
    s.forced = vec![4, 4];
    ok(&mut s, 0, "sail coquette atlantic");
    assert!(s.ships[c as usize].lost);
    // Staying in the squadron's zone: no roll.
    let mut s = bare(4, 1862);
    s.squadron = Some(z("atlantic"));
    give_ship(&mut s, 0, "coquette", "atlantic");
    give_ship(&mut s, 0, "kate", "nassau");
    ok(&mut s, 0, "move");
    ok(&mut s, 0, "done");
    assert!(s.forced.is_empty());
    inv(&s);
}

#[test]
fn tc_19_losing_the_whole_fleet() {
    // TC-19 (L296-297): cheapest available ship and $5,000.
    let g = game();
    let mut s = bare(4, 1862);
    let gv = z("galveston");
    s.locs[gv as usize].blockade = 6;
    give_ship(&mut s, 0, "coquette", "gulf-west");
    s.players[0].money = 3;
    ok(&mut s, 0, "move");
    ok(&mut s, 0, "sail coquette galveston"); // T = 4 + 2 - 6 = 0: certain loss
    let cheapest = s.ships.iter().enumerate().filter(|(_, x)| x.owner == Some(0)).map(|(i, _)| i).next().unwrap();
    let min_avail = (0..g.c.ships.len()).filter(|&i| s.ships[i].owner.is_none() && !s.ships[i].lost).map(|i| g.c.ships[i].value).min().unwrap();
    assert!(g.c.ships[cheapest].value <= min_avail);
    assert_eq!(s.players[0].money, 8);
    assert!(matches!(s.flow.top(), Some(Frame::PlaceShip { seat: 0, .. })));
    let id = g.c.ships[cheapest].id.clone();
    ok(&mut s, 0, &format!("place {id} havana"));
    ok(&mut s, 0, "done");
    inv(&s);
}

#[test]
fn tc_20_scoring_and_tie_breaks() {
    // TC-20 (L283-287): equal score; A wins on capacity; then speed; then shared.
    let g = game();
    let mut s = bare(2, 1865);
    // A: values 10-ish + 12-ish; use authored ships and set money so scores tie.
    give_ship(&mut s, 0, "kate", "nassau"); // 2/2 value 7
    give_ship(&mut s, 0, "coquette", "nassau"); // 3/1 value 6 -> cap 3, speed 5
    give_ship(&mut s, 1, "denbigh", "nassau"); // 3/2 value 14 -> cap 2, speed 3
    s.players[0].money = 60;
    s.players[1].money = 60 + 13 - 14;
    s.over = true;
    s.flow = Flow::new();
    let o = g.outcome(&s).unwrap();
    assert_eq!(o.scores, vec![73, 73]);
    assert_eq!(o.winners, vec![0], "larger capacity wins");
    // Equal capacity: speed decides.
    let mut s = bare(2, 1865);
    give_ship(&mut s, 0, "kate", "nassau"); // 2/2 value 7
    give_ship(&mut s, 1, "annie", "nassau"); // 2/2 value 7
    let cap = give_card(&mut s, 1, "captain");
    s.players[1].hand.retain(|&c| c != cap);
    s.ships[sh("annie") as usize].attached.push(cap);
    s.over = true;
    s.flow = Flow::new();
    s.players[0].money = 10;
    s.players[1].money = 10;
    assert_eq!(g.outcome(&s).unwrap().winners, vec![1], "Captains count for speed");
    s.ships[sh("annie") as usize].attached.clear();
    s.removed.push(cap);
    assert_eq!(g.outcome(&s).unwrap().winners, vec![0, 1], "shared victory");
}

#[test]
fn tc_21_unload_legality() {
    // TC-21 (L162-165): no cotton in a Confederate port; no arms in an outer port; no stopping
    // in a captured port.
    let mut s = bare(4, 1862);
    let k = give_ship(&mut s, 0, "kate", "wilmington");
    let a = give_ship(&mut s, 0, "annie", "nassau");
    set_cargo(&mut s, k, [1, 0, 0, 0]);
    set_cargo(&mut s, a, [0, 0, 1, 0]);
    ok(&mut s, 0, "unload");
    assert_eq!(act(&mut s, 0, "unload kate cotton").unwrap_err().rule, "BR 3.5.2");
    assert_eq!(act(&mut s, 0, "unload annie arms").unwrap_err().rule, "BR 3.5.2");
    ok(&mut s, 0, "done");
    // Captured port: pass through, never stop.
    s.locs[z("charleston") as usize].captured = true;
    s.locs[z("charleston") as usize].blockade = 0;
    let c = give_ship(&mut s, 0, "coquette", "carolina-sea"); // speed 4 empty
    ok(&mut s, 0, "move");
    ok(&mut s, 0, "sail coquette charleston");
    assert_eq!(act(&mut s, 0, "done").unwrap_err().rule, "BR 3.1.2");
    ok(&mut s, 0, "sail coquette georgia-bight");
    ok(&mut s, 0, "done");
    assert!(!s.ships[c as usize].lost);
    inv(&s);
}

#[test]
fn br_3_5_3_move_rolls_leaving_and_entering_blockade() {
    // C2: once for leaving a blockaded start zone, once per blockaded zone entered.
    let mut s = bare(4, 1862);
    s.locs[z("wilmington") as usize].blockade = 1;
    s.locs[z("charleston") as usize].blockade = 1;
    let k = give_ship(&mut s, 0, "kate", "wilmington");
    ok(&mut s, 0, "move");
    s.forced = vec![1, 1, 1, 1];
    ok(&mut s, 0, "sail kate carolina-sea");
    assert_eq!(s.forced.len(), 2, "one roll leaving Wilmington");
    ok(&mut s, 0, "sail kate charleston");
    assert!(s.forced.is_empty(), "one roll entering Charleston");
    // Speed 3 (2 + empty): one more zone; leaving Charleston mid-move needs no roll.
    ok(&mut s, 0, "sail kate carolina-sea");
    assert!(s.forced.is_empty() && !s.ships[k as usize].lost);
    assert_eq!(act(&mut s, 0, "sail kate atlantic").unwrap_err().rule, "BR 3.5.3");
    ok(&mut s, 0, "done");
    // A ship that does not move never rolls.
    ok(&mut s, 0, "move");
    ok(&mut s, 0, "done");
    inv(&s);
}

#[test]
fn views_hide_hands_and_notation_round_trips() {
    let g = game();
    let s = new_game(4, 5);
    let v = g.view(&s, Some(0));
    assert!(v.players[0].hand.is_some());
    assert!(v.players[1..].iter().all(|p| p.hand.is_none()));
    let json = serde_json::to_string(&g.view(&s, Some(1))).unwrap();
    for &c in &s.players[0].hand {
        let _ = c; // hand contents of p1 never appear by name in p2's view beyond shared names
    }
    assert!(json.contains("\"hand\":null"));
    assert!(!g.describe(&s, Some(0)).is_empty());
    for seat in g.active_seats(&s) {
        for a in g.legal_actions(&s, seat) {
            assert_eq!(g.parse(&g.notation(&a)).unwrap(), a);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fuzz

fn fuzz_n(players: u8, games: usize, seed: u64) -> bivouac_engine::fuzz::FuzzReport {
    let cfg = FuzzConfig { setup: Setup::new("standard", players, seed), games, deep_check_every: 7, leak_check_every: 0 };
    fuzz(game(), &cfg).expect("fuzz setup")
}

#[test]
fn fuzz_sample_2_to_6_players() {
    // Small sample in the default run (BR: every rule under random play, invariants checked).
    for n in 2..=6u8 {
        let r = fuzz_n(n, 30, 1000 * n as u64);
        assert!(r.is_clean(), "{n} players: {:#?}", r.failures.iter().take(3).collect::<Vec<_>>());
        assert_eq!(r.finished, r.games);
    }
}

#[test]
fn fuzz_sample_alternative_options() {
    // Every [SUGGESTION] switch set to its other reading.
    let mut setup = Setup::new("standard", 4, 4242);
    for (k, v) in [("union-draw", "cap-after"), ("defense-purchases", "one-per-port"), ("empty-bonus", "twice"), ("bonus-when-no-arms", "everybody"), ("evasion-dice", "3"), ("auction-winners", "may-bid")] {
        setup.options.insert(k.into(), v.into());
    }
    let s = game().setup(&setup).unwrap();
    assert!(!s.opts.literal_draw && !s.opts.one_purchase && !s.opts.empty_once && !s.opts.no_bonus_at_zero && !s.opts.winners_excluded);
    assert_eq!(s.opts.evasion_dice, 3);
    let r = fuzz(game(), &FuzzConfig { setup: setup.clone(), games: 30, deep_check_every: 5, leak_check_every: 0 }).unwrap();
    assert!(r.is_clean(), "{:#?}", r.failures.iter().take(2).collect::<Vec<_>>());
    setup.options.insert("evasion-dice".into(), "4".into());
    assert!(game().setup(&setup).is_err(), "bad option values are refused");
}

/// `BIVOUAC_FUZZ_GAMES=10000 cargo test --release -p bivouac-systems blockade_runner::tests::fuzz_big -- --ignored --nocapture`
#[test]
#[ignore]
fn fuzz_big() {
    let games: usize = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(10_000);
    for n in 2..=6u8 {
        let r = fuzz_n(n, games, 77_000 + 100_000 * n as u64);
        println!("blockade-runner fuzz: {n} players: {} games, {} finished, {} actions, {:.1}s, {} failures", r.games, r.finished, r.actions, r.seconds, r.failures.len());
        for f in r.failures.iter().take(3) {
            println!("  {f:?}");
        }
        assert!(r.is_clean());
    }
}

/// Statistics of random play (how often rules fire), printed; run with --ignored --nocapture.
#[test]
#[ignore]
fn random_play_statistics() {
    let g = game();
    let mut rng = GameRng::new(5);
    let (mut captured, mut inland, mut lost, mut bought, mut games) = (0, 0, 0, 0, 0);
    for seed in 0..200u64 {
        let mut s = new_game(4, seed);
        while g.outcome(&s).is_none() {
            let seat = g.active_seats(&s)[0];
            let legal = g.legal_actions(&s, seat);
            let a = legal[rng.pick(legal.len())].clone();
            g.apply(&mut s, seat, &a, &mut Log::quiet()).unwrap();
        }
        games += 1;
        captured += (0..g.c.n_zones).filter(|&i| s.locs[i].captured).count();
        inland += s.locs[g.c.n_zones..].iter().filter(|l| l.captured).count();
        lost += s.ships.iter().filter(|x| x.lost).count();
        bought += s.ships.iter().enumerate().filter(|(i, x)| x.owner.is_some() && !g.c.ships[*i].start).count();
        if seed == 0 {
            println!("{}", g.describe(&s, None));
        }
    }
    let f = games as f64;
    println!("per game: ports captured {:.2}, inland captured {:.2}, ships lost {:.2}, auction ships owned at end {:.2}", captured as f64 / f, inland as f64 / f, lost as f64 / f, bought as f64 / f);
}

// ---------------------------------------------------------------------------------------------
// BR 3.5.4: scripted action cards from a mod (Lua in the engine's sandbox)

/// A mod layer adding one card `smuggler` whose effect is `lua`; returns the loaded game or the
/// content diagnostics as text.
fn with_script_card(name: &str, target: &str, lua: &str) -> Result<BlockadeRunner, String> {
    let root = std::env::temp_dir().join(format!("bivouac-br-script-{}-{name}", std::process::id()));
    let dir = root.join(DIR);
    std::fs::create_dir_all(dir.join("cards")).unwrap();
    std::fs::write(
        dir.join("cards.toml"),
        format!("card = [\n  {{ id = \"smuggler\", name = \"Smuggler\", count = 2, effect = \"script\", script = \"cards/smuggler.lua\", target = \"{target}\" }},\n]\n"),
    )
    .unwrap();
    std::fs::write(dir.join("cards/smuggler.lua"), lua).unwrap();
    let r = BlockadeRunner::load(&[crate::builtin_content_dir(), root.clone()]).map(|(g, _)| g).map_err(|d| d.to_string());
    std::fs::remove_dir_all(&root).ok();
    r
}

#[test]
fn br_3_5_4_scripted_card_applies_its_lua_commands() {
    let g = with_script_card(
        "ok",
        "port",
        "function play(view)\n  local p = view.ports[view.target]\n  return { {money = p.defense}, {blockade = {port = view.target, change = -1}}, {evasion = 1} }\nend\n",
    )
    .unwrap();
    let mut s = bare_in(&g, 3, 1862);
    let wil = g.c.loc_index.get("wilmington").unwrap();
    s.locs[wil as usize].blockade = 2;
    let inst = give_card_in(&g, &mut s, 0, "smuggler");
    let (money, discards) = (s.players[0].money, s.discard.len());
    let legal = g.legal_actions(&s, 0);
    let play = g.parse("play smuggler wilmington").unwrap();
    assert!(legal.contains(&play), "a port-target script card is offered on each Confederate port");
    g.apply(&mut s, 0, &play, &mut Log::quiet()).unwrap();
    assert_eq!(s.players[0].money, money + g.c.locs[wil as usize].defense as i32, "money = the port's defense, read from the view");
    assert_eq!(s.locs[wil as usize].blockade, 1);
    assert_eq!(s.players[0].evasion, 1);
    assert_eq!((s.discard.len(), s.discard.last()), (discards + 1, Some(&inst)), "the card is discarded after its event");
    assert!(!s.players[0].hand.contains(&inst));
    g.check_invariants(&s).unwrap();
}

#[test]
fn br_3_5_4_a_script_failing_during_play_refuses_and_changes_nothing() {
    // Passes the load-time dry run (1861) and fails in 1863.
    let g = with_script_card("late", "none", "function play(view)\n  if view.year > 1862 then error('no smugglers after 1862') end\n  return {}\nend\n").unwrap();
    let mut s = bare_in(&g, 3, 1863);
    give_card_in(&g, &mut s, 0, "smuggler");
    let before = serde_json::to_string(&s).unwrap();
    let err = g.apply(&mut s, 0, &g.parse("play smuggler").unwrap(), &mut Log::quiet()).unwrap_err();
    assert_eq!(err.rule, "BR 3.5.4");
    assert!(err.to_string().contains("smuggler.lua:2: no smugglers after 1862"), "{err}");
    assert_eq!(serde_json::to_string(&s).unwrap(), before, "state unchanged");
}

#[test]
fn br_3_5_4_hostile_or_broken_scripts_are_reported_at_load_with_file_and_line() {
    let cases = [
        ("loop", "function play(view)\n  while true do end\nend\n", "instruction budget"),
        ("bomb", "function play(view)\n  local t = {}\n  for i = 1, 1e9 do t[i] = string.rep('x', 1e6) end\nend\n", "memory limit"),
        ("recursion", "local function f(n) return f(n + 1) + 1 end\nfunction play(view) return f(1) end\n", "smuggler.lua"),
        ("io", "function play(view)\n  io.open('/etc/passwd')\nend\n", "smuggler.lua:2:"),
        ("os", "function play(view)\n  os.execute('true')\nend\n", "smuggler.lua:2:"),
        ("require", "function play(view)\n  require('socket')\nend\n", "smuggler.lua:2:"),
        ("load", "function play(view)\n  return load('return 1')()\nend\n", "smuggler.lua:2:"),
        ("dofile", "function play(view)\n  dofile('/etc/passwd')\nend\n", "smuggler.lua:2:"),
        ("runtime", "function play(view)\n  local x = nil\n  return x.field\nend\n", "smuggler.lua:3:"),
        ("garbage", "function play(view)\n  return 'all the money'\nend\n", "expected shape"),
        ("unknown command", "function play(view)\n  return { {teleport = 1} }\nend\n", "expected shape"),
        ("bad port", "function play(view)\n  return { {blockade = {port = 'nassau', change = -1}} }\nend\n", "not a Confederate port"),
        ("no play", "function other() end\n", "smuggler.lua"),
        ("syntax", "function play(view)\n  return {\nend\n", "smuggler.lua:3:"),
    ];
    for (name, lua, expect) in cases {
        let err = match with_script_card(name, "none", lua) {
            Ok(_) => panic!("{name}: a broken script must not load"),
            Err(e) => e,
        };
        assert!(err.contains("cards/smuggler.lua") && err.contains("card `smuggler`") && err.contains(expect), "{name}: {err}");
    }
}

#[test]
fn br_3_5_4_script_card_content_errors_point_at_the_toml() {
    let root = std::env::temp_dir().join(format!("bivouac-br-script-{}-toml", std::process::id()));
    let dir = root.join(DIR);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("cards.toml"), "card = [\n  { id = \"x\", name = \"X\", count = 1, effect = \"script\", script = \"cards/missing.lua\", target = \"fort\" },\n]\n").unwrap();
    let err = BlockadeRunner::load(&[crate::builtin_content_dir(), root.clone()]).map(|_| ()).unwrap_err().to_string();
    std::fs::remove_dir_all(&root).ok();
    assert!(err.contains("cards.toml:2:") && err.contains("expected target = \"none\", \"port\" or \"ship\""), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Numbers from content and scripts in the rules' range (BR 1.2, 3.5.4, 3.6)

/// A mod layer with `cards.toml` as given; the loaded game or the diagnostics as text.
fn with_cards(name: &str, cards: &str) -> Result<BlockadeRunner, String> {
    let root = std::env::temp_dir().join(format!("bivouac-br-cards-{}-{name}", std::process::id()));
    std::fs::create_dir_all(root.join(DIR)).unwrap();
    std::fs::write(root.join(DIR).join("cards.toml"), cards).unwrap();
    let r = BlockadeRunner::load(&[crate::builtin_content_dir(), root.clone()]).map(|(g, _)| g).map_err(|d| d.to_string());
    std::fs::remove_dir_all(&root).ok();
    r
}

#[test]
fn br_3_5_4_card_amounts_outside_the_rules_range_are_refused_at_load() {
    for (amount, effect) in [(2147483647, "money"), (-5, "money"), (99, "evasion"), (-1, "attach"), (1000, "defense")] {
        let e = with_cards("range", &format!("card = [\n  {{ id = \"odd\", name = \"Odd\", count = 1, effect = \"{effect}\", amount = {amount} }},\n]\n")).map(|_| ()).unwrap_err();
        assert!(e.contains("cards.toml:2:") && e.contains(&format!("amount {amount} is outside")), "{e}");
    }
    // The built-in amounts are all in range, and a mod's ordinary card loads.
    with_cards("ok", "card = [\n  { id = \"loan\", name = \"Loan\", count = 1, effect = \"money\", amount = 50 },\n]\n").unwrap();
    // A script paying past the bound is refused at load, as a negative payment is.
    let e = with_script_card("huge", "none", "function play(view) return { {money = 2147483647} } end").map(|_| ()).unwrap_err();
    assert!(e.contains("smuggler.lua") && e.contains("money must be 0 to 50"), "{e}");
}

#[test]
fn br_duplicate_ids_in_one_file_are_reported_with_their_place() {
    let e = with_cards("dup", "card = [\n  { id = \"twin\", name = \"A\", count = 1, effect = \"money\", amount = 1 },\n  { id = \"twin\", name = \"B\", count = 1, effect = \"money\", amount = 2 },\n]\n").map(|_| ()).unwrap_err();
    assert!(e.contains("cards.toml:3:") && e.contains("duplicate action card id `twin`"), "{e}");
}

#[test]
fn br_1_2_cash_is_bounded_so_no_listing_grows_with_it() {
    let g = game();
    let mut s = bare(3, 1862);
    s.players[0].money = MAX_MONEY - 3;
    g.apply_command(&mut s, 0, script::Command::Money(50));
    assert_eq!(s.players[0].money, MAX_MONEY);
    // Blockade and defense changes near the type's bounds saturate, never wrap.
    let wil = z("wilmington");
    g.apply_command(&mut s, 0, script::Command::Blockade(wil, i32::MAX));
    assert_eq!(s.locs[wil as usize].blockade, g.c.max_blockade);
    g.apply_command(&mut s, 0, script::Command::Defense(wil, i32::MIN));
    assert_eq!(s.locs[wil as usize].defense, g.c.locs[wil as usize].defense);
    // The fund step lists one action per whole thousand the player holds: at most MAX_MONEY.
    s.flow.push(Frame::Fund { seat: 0, bought: false, improved: 0 });
    let funds = g.legal_actions(&s, 0).iter().filter(|a| matches!(a, Action::Fund { .. })).count();
    assert_eq!(funds, MAX_MONEY as usize);
}

#[test]
fn br_3_9_a_trade_names_its_cards_only_to_the_two_traders() {
    // BR 3.9 (a reading): hands are hidden; traded cards are shown only to the
    // two players trading. The table reads that a card was offered and accepted, not which.
    let g = game();
    let s = g.setup(&Setup::new("standard", 4, 1)).unwrap();
    let offer = g.parse("offer p3 pilot").unwrap();
    let accept = g.parse("accept ironclad").unwrap();
    assert_eq!(g.notation_seen(&s, 3, &offer).as_deref(), Some("offer p3 (a card, secret: BR 3.9)"));
    assert_eq!(g.notation_seen(&s, 2, &accept).as_deref(), Some("accept (a card in exchange, secret: BR 3.9)"));
    assert_eq!(g.notation_seen(&s, 0, &Action::Pass), None, "public actions read as played");
}

/// Identity of random play through the whole game (BR 3.0: every year's Union Action, player
/// turns and end of year): seeded random games for 2 to 6 players, pinned so that a change to how
/// the automatic steps run keeps every game.
#[test]
fn seeded_random_games_are_pinned() {
    let g = game();
    let got: Vec<(usize, String)> = (2..=6u8).map(|n| crate::seeded_games::random_game_hash(g, &Setup::new("standard", n, n as u64), 50_000)).collect();
    let all: String = got.iter().map(|(_, h)| h.as_str()).collect();
    let n: usize = got.iter().map(|(n, _)| n).sum();
    let h = bivouac_engine::game::state_hash(&all);
    eprintln!("seeded random games: {n} {h}");
    assert_eq!((n, h.as_str()), (2233, "22067f7ade0d4a668a425c275db7d938"));
}
