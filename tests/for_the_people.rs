//! For the People end to end through the public catalog and the `AnyGame`/`AnySession` API:
//! every scenario is listed; a random game of the 1861 scenario to its end, saved to JSON and
//! loaded (replayed) to the same state; a refusal leaves the session unchanged and names its
//! rule; hands are hidden from the other seat.

use bivouac_engine::save::SaveFile;
use bivouac_engine::{GameRng, Setup};
use bivouac_systems::{builtin_content_dir, load_catalog};

#[test]
fn for_the_people_lists_five_scenarios_and_plays_1861_to_the_end() {
    let catalog = load_catalog(&[builtin_content_dir()]);
    assert!(catalog.errors.is_empty(), "content errors: {:?}", catalog.errors.iter().map(|(g, d)| format!("{g}: {d}")).collect::<Vec<_>>());
    let game = catalog.game("for-the-people").expect("for-the-people is playable");
    let mut ids: Vec<String> = game.scenarios().into_iter().map(|s| s.id).collect();
    ids.sort();
    assert_eq!(ids, ["1861", "1862", "1863", "1864", "campaign"]);
    let mut session = game.new_session(Setup::new("1861", 2, 18)).expect("new game");
    assert_eq!(session.seat_names(), ["union", "csa"]);
    let mut rng = GameRng::new(1861);
    let mut steps = 0;
    while session.outcome().is_none() {
        let active = session.active_seats();
        assert!(!active.is_empty(), "dead end at step {steps}");
        let seat = active[0];
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
}

#[test]
fn for_the_people_refusal_leaves_session_unchanged_and_hides_hands() {
    let catalog = load_catalog(&[builtin_content_dir()]);
    let game = catalog.game("for-the-people").unwrap();
    let mut session = game.new_session(Setup::new("campaign", 2, 9)).unwrap();
    let seat = session.active_seats()[0];
    let before = session.state_hash();
    let err = session.apply_text(seat, "step richmond").unwrap_err();
    assert!(err.rule.starts_with("FtP"), "{err}");
    assert_eq!(session.state_hash(), before);
    let v = session.view_json(Some(1));
    let piles = v["piles"].as_array().unwrap();
    assert!(piles.iter().any(|p| p["name"] == "union-hand" && p["cards"].is_null()));
    assert!(piles.iter().any(|p| p["name"] == "csa-hand" && p["cards"].is_array()));
}
