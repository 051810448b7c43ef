//! Blockade Runner end to end through the public catalog and the `AnyGame`/`AnySession` API:
//! a new game for every player count, random legal actions to the end, save to JSON, load
//! (replay), same state hash; plus a refusal leaving the session unchanged.

mod common;

use bivouac_engine::Setup;

fn play_to_end(players: u8, seed: u64) {
    let catalog = common::catalog();
    let game = catalog.game("blockade-runner").expect("blockade-runner is playable");
    let sc = game.scenarios();
    assert_eq!(sc[0].id, "standard");
    assert_eq!(sc[0].title, "Blockade Runner, 1861-1865");
    let session = common::play_to_end_and_replay(game, Setup::new("standard", players, seed), seed ^ 0xb10c);
    assert_eq!(session.seat_names(), (1..=players).map(|i| format!("p{i}")).collect::<Vec<_>>());
    let outcome = session.outcome().unwrap();
    assert_eq!(outcome.scores.len(), players as usize);
    assert!(!outcome.winners.is_empty());
}

#[test]
fn blockade_runner_random_games_save_and_replay() {
    for players in 2..=6u8 {
        play_to_end(players, 40 + players as u64);
    }
}

#[test]
fn blockade_runner_refusal_leaves_session_unchanged() {
    let catalog = common::catalog();
    let game = catalog.game("blockade-runner").unwrap();
    let mut session = game.new_session(Setup::new("standard", 4, 9)).unwrap();
    let seat = session.active_seats()[0];
    let before = session.state_hash();
    let err = session.apply_text(seat, "place kate hatteras").unwrap_err();
    assert!(err.rule.starts_with("BR") || err.rule == "sequence of play", "{err}");
    assert_eq!(session.state_hash(), before);
    // Hidden hands: another seat's view shows no cards.
    let other = (seat + 1) % 4;
    let v = session.view_json(Some(other));
    assert!(v["players"][seat as usize]["hand"].is_null());
    assert!(v["players"][other as usize]["hand"].is_array());
}
