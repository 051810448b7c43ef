//! What the end-to-end game tests share: the built-in catalog, and a random game played to its
//! end through the public `AnyGame`/`AnySession` API, then saved and replayed.

use bivouac_engine::save::SaveFile;
use bivouac_engine::session::{AnyGame, AnySession};
use bivouac_engine::{GameRng, Setup};
use bivouac_systems::{Catalog, builtin_content_dir, load_catalog};

/// The built-in catalog; every game's content loads without an error.
pub fn catalog() -> Catalog {
    let catalog = load_catalog(&[builtin_content_dir()]);
    assert!(catalog.errors.is_empty(), "content errors: {:?}", catalog.errors.iter().map(|(g, d)| format!("{g}: {d}")).collect::<Vec<_>>());
    catalog
}

/// Random legal actions (drawn from `seed`) until the game is over: never a dead end, a refused
/// legal action or a runaway. Then the save goes to JSON and back, and loading it (a replay)
/// gives the same state and outcome. Returns the finished session.
pub fn play_to_end_and_replay(game: &dyn AnyGame, setup: Setup, seed: u64) -> Box<dyn AnySession> {
    let mut session = game.new_session(setup).expect("new game");
    let mut rng = GameRng::new(seed);
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
    assert!(session.active_seats().is_empty());
    assert!(!session.describe(None).is_empty());
    let json = serde_json::to_string(&session.to_save()).unwrap();
    let save: SaveFile = serde_json::from_str(&json).unwrap();
    let loaded = game.load(&save).expect("the save replays");
    assert_eq!(loaded.state_hash(), session.state_hash());
    assert_eq!(loaded.outcome(), session.outcome());
    session
}
