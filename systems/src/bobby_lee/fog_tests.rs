//! Fog of war (BL 2.5) in everything the enemy is shown: action lines, events, the board's
//! stacks, sealed bids (BL 4.3), and the determinization the leak check builds on.

use super::data::Side;
use super::state::{Action, Phase, St, State};
use super::*;
use bivouac_engine::session::Session;
use bivouac_engine::{GameRng, Log, Visibility};
use std::sync::{Arc, OnceLock};

fn game() -> &'static Arc<BobbyLee> {
    static G: OnceLock<Arc<BobbyLee>> = OnceLock::new();
    G.get_or_init(|| Arc::new(load_game(&[crate::builtin_content_dir()]).unwrap_or_else(|d| panic!("content does not load:\n{d}")).0))
}

/// Play random legal actions from `s` until `stop` holds (or give up).
fn play_until(s: &mut State, seed: u64, stop: impl Fn(&State) -> bool) -> bool {
    let g = game();
    let mut rng = GameRng::new(seed);
    for _ in 0..20_000 {
        if stop(s) {
            return true;
        }
        let Some(&seat) = g.active_seats(s).first() else { return false };
        let legal = g.legal_actions(s, seat);
        let a = legal[rng.pick(legal.len())].clone();
        g.apply(s, seat, &a, &mut Log::quiet()).expect("legal");
    }
    false
}

#[test]
fn bl_2_5_a_hidden_blocks_move_reads_as_a_block_between_hexes() {
    let g = game();
    let mut s = g.setup(&Setup::new("1862", 2, 3)).unwrap();
    assert!(play_until(&mut s, 5, |s| s.phase == Phase::Movement), "a Movement Phase is reached");
    let seat = g.active_seats(&s)[0];
    let legal = g.legal_actions(&s, seat);
    let (a, u, from, to) = legal
        .iter()
        .find_map(|a| match a {
            Action::Move(u, h, _) if !s.units[*u as usize].shown => Some((a.clone(), *u, s.units[*u as usize].hex, *h)),
            _ => None,
        })
        .expect("a face-down block may move");
    let id = g.data.units[u as usize].id.clone();
    let seen = g.notation_seen(&s, seat, &a).expect("the enemy reads another text");
    assert!(!seen.contains(&id), "BL 2.5: `{seen}` names the hidden block");
    assert!(seen.starts_with(&format!("moves a block from {} to {}", g.label(from), g.label(to))), "{seen}");
}

#[test]
fn bl_4_3_a_bid_stays_sealed_until_both_sides_have_bid() {
    let g = game();
    let mut session = Session::new(g.clone(), "h", Setup::new("1862", 2, 4)).unwrap();
    while session.state().phase != Phase::Bids {
        let seat = g.active_seats(session.state())[0];
        let a = g.legal_actions(session.state(), seat)[0].clone();
        session.apply(seat, &a).unwrap();
    }
    let bid = g.legal_actions(session.state(), 0).into_iter().rfind(|a| matches!(a, Action::Bid(b) if *b > 0)).expect("a bid above 0");
    let step = session.apply(0, &bid).unwrap().clone();
    assert_eq!(step.action_for(Some(0)), g.notation(&bid), "the bidder reads its bid");
    for viewer in [Some(1), None] {
        let line = step.lines("usa", viewer).join("\n");
        assert_eq!(line, "usa: bid (sealed until both sides have bid: BL 4.3)\n    USA has bid", "{viewer:?}");
    }
    // The second bid reveals both (BL 4.3).
    let step = session.apply(1, &Action::Bid(0)).unwrap().clone();
    assert!(step.events.iter().any(|e| e.visibility == Visibility::Public && e.text.starts_with("BL 4.3: bids revealed")), "{:?}", step.events);
}

#[test]
fn bl_11_8_and_11_6_a_step_lost_by_a_hidden_block_names_it_to_its_owner_only() {
    let g = game();
    let s = g.setup(&Setup::new("1862", 2, 1)).unwrap();
    let i = (0..s.units.len()).find(|&i| s.units[i].st == St::Map && !s.units[i].shown && g.data.units[i].side == Side::Csa).unwrap();
    let id = &g.data.units[i].id;
    let mut log = Log::recording();
    g.log_block(&s, i, &mut log, |b| format!("BL 11.8: {b} loses a step to siege"));
    let public: Vec<&str> = log.events.iter().filter(|e| e.visible_to(Some(0))).map(|e| e.text.as_str()).collect();
    assert_eq!(public, vec![format!("BL 11.8: a CSA block in {} loses a step to siege", g.data.hex_name(s.units[i].hex))]);
    let owner: Vec<&str> = log.events.iter().filter(|e| e.visible_to(Some(1))).map(|e| e.text.as_str()).collect();
    assert_eq!(owner, vec![format!("BL 11.8: {id} loses a step to siege")], "the owner reads the name, once");
}

#[test]
fn bl_2_5_stacks_show_face_up_blocks_first_and_the_backs_in_no_tell_tale_order() {
    let g = game();
    let s = g.setup(&Setup::new("1863", 2, 1)).unwrap();
    for seat in [0u8, 1] {
        let b = g.board(&s, Some(seat));
        for w in b.pieces.windows(2) {
            assert!((w[0].space, w[0].seat, w[0].hidden, &w[0].label) <= (w[1].space, w[1].seat, w[1].hidden, &w[1].label), "pieces sorted by public attributes");
        }
        // The enemy's identities dealt again: the board the seat sees is the same.
        let mut rng = GameRng::new(9);
        let d = g.determinize(&s, seat, &mut rng);
        assert_ne!(d.units, s.units, "BL 2.5: hidden identities and strengths are dealt again");
        assert_eq!(serde_json::to_string(&g.board(&d, Some(seat))).unwrap(), serde_json::to_string(&b).unwrap());
        assert_eq!(g.describe(&d, Some(seat)), g.describe(&s, Some(seat)));
    }
}

#[test]
fn bl_7_32_the_block_picked_for_a_loss_is_never_named_to_the_enemy() {
    // BL 7.32, 11.6: which blocks are the strongest, and which hold a Double Defense half-hit,
    // may be hidden, so the pick reads alike for a face-up block and a face-down one: a name
    // would tell the enemy that the face-down blocks are no stronger. A step lost by a face-up
    // block shows on the block itself.
    let g = game();
    let mut s = g.setup(&Setup::new("1863", 2, 1)).unwrap();
    let i = (0..s.units.len()).find(|&i| s.units[i].st == St::Map && g.data.units[i].side == Side::Usa).unwrap();
    for shown in [false, true] {
        s.units[i].shown = shown;
        for seat in [0u8, 1] {
            assert_eq!(g.notation_seen(&s, seat, &Action::Hit(i as u8)).as_deref(), Some("picks the block that takes the loss"), "face up: {shown}");
        }
    }
}

#[test]
fn bl_5_4_a_face_down_blocks_strategic_move_reads_alike_by_land_rail_or_sea() {
    // BL 2.5, 5.4: the enemy sees a face-down block leave and arrive and the Strategic Moves
    // spent, not how it went: a rail move, a sea move and a land move (whose reach depends on
    // the block's speed) to the same hex read alike, in the action's text and in the log.
    let g = game();
    let s = g.setup(&Setup::new("1862", 2, 1)).unwrap();
    let i = (0..s.units.len()).find(|&i| s.units[i].st == St::Map && !s.units[i].shown && g.data.units[i].side == Side::Usa).unwrap();
    let from = s.units[i].hex;
    let (u, to) = (i as u8, if from == 0 { 1 } else { 0 });
    let want = format!("moves a block from {} to {} (strategic move)", g.label(from), g.label(to));
    for a in [Action::SmLand(u, to, data::NONE), Action::Rail(u, to), Action::Naval(u, to), Action::Invade(u, to), Action::Evacuate(u, to), Action::Cross(u, to)] {
        assert_eq!(g.notation_seen(&s, 0, &a).as_deref(), Some(want.as_str()), "{}", g.notation(&a));
    }
    // The log: the owner reads the kind of move, the enemy only where to and for how many SM.
    let (mut rail, mut land) = (Log::recording(), Log::recording());
    g.log_strategic(&s, i, to, 1, &mut rail, || "BL 9.3: USA moves by rail".into());
    g.log_strategic(&s, i, to, 1, &mut land, || "BL 5.4: USA moves by land".into());
    let reads = |log: &Log, seat: Option<u8>| log.events.iter().filter(|e| e.visible_to(seat)).map(|e| e.text.clone()).collect::<Vec<_>>();
    for viewer in [Some(1), None] {
        assert_eq!(reads(&rail, viewer), reads(&land, viewer));
        assert_eq!(reads(&rail, viewer), vec![format!("BL 5.4: USA makes a strategic move to {} (1 SM)", g.data.hex_name(to))]);
    }
    assert_eq!(reads(&rail, Some(0)), vec!["BL 9.3: USA moves by rail".to_string()]);
}
