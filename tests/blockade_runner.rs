//! Blockade Runner end to end through the public catalog and the `AnyGame`/`AnySession` API:
//! a new game for every player count, random legal actions to the end, save to JSON, load
//! (replay), same state hash; plus a refusal leaving the session unchanged.

use bivouac_engine::save::SaveFile;
use bivouac_engine::{GameRng, Setup};
use bivouac_systems::{builtin_content_dir, load_catalog};

fn play_to_end(players: u8, seed: u64) {
    let catalog = load_catalog(&[builtin_content_dir()]);
    assert!(catalog.errors.is_empty(), "content errors: {:?}", catalog.errors.iter().map(|(g, d)| format!("{g}: {d}")).collect::<Vec<_>>());
    let game = catalog.game("blockade-runner").expect("blockade-runner is playable");
    let sc = game.scenarios();
    assert_eq!(sc[0].id, "standard");
    assert_eq!(sc[0].title, "Blockade Runner, 1861-1865");
    let mut session = game.new_session(Setup::new("standard", players, seed)).expect("new game");
    assert_eq!(session.seat_names(), (1..=players).map(|i| format!("p{i}")).collect::<Vec<_>>());
    let mut rng = GameRng::new(seed ^ 0xb10c);
    let mut steps = 0;
    while session.outcome().is_none() {
        let active = session.active_seats();
        assert!(!active.is_empty(), "dead end at step {steps}");
        let seat = active[rng.pick(active.len())];
        let legal = session.legal_actions(seat);
        assert!(!legal.is_empty(), "seat {seat} has no legal action");
        let a = legal[rng.pick(legal.len())].clone();
        session.apply_text(seat, &a).unwrap_or_else(|e| panic!("legal `{a}` refused: {e}"));
        steps += 1;
        assert!(steps < 50_000, "runaway game");
    }
    let outcome = session.outcome().unwrap();
    assert_eq!(outcome.scores.len(), players as usize);
    assert!(!outcome.winners.is_empty());
    assert!(session.active_seats().is_empty());
    assert!(!session.describe(None).is_empty());

    // Save to JSON, load (replay), same state.
    let json = serde_json::to_string(&session.to_save()).unwrap();
    let save: SaveFile = serde_json::from_str(&json).unwrap();
    let loaded = game.load(&save).expect("the save replays");
    assert_eq!(loaded.state_hash(), session.state_hash());
    assert_eq!(loaded.outcome(), session.outcome());
}

#[test]
fn blockade_runner_random_games_save_and_replay() {
    for players in 2..=6u8 {
        play_to_end(players, 40 + players as u64);
    }
}

#[test]
fn blockade_runner_refusal_leaves_session_unchanged() {
    let catalog = load_catalog(&[builtin_content_dir()]);
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
