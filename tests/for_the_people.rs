//! For the People end to end through the public catalog and the `AnyGame`/`AnySession` API:
//! every scenario is listed; a random game of the 1861 scenario to its end, saved to JSON and
//! loaded (replayed) to the same state; a refusal leaves the session unchanged and names its
//! rule; hands are hidden from the other seat.

mod common;

use bivouac_engine::Setup;

#[test]
fn for_the_people_lists_five_scenarios_and_plays_1861_to_the_end() {
    let catalog = common::catalog();
    let game = catalog.game("for-the-people").expect("for-the-people is playable");
    let mut ids: Vec<String> = game.scenarios().into_iter().map(|s| s.id).collect();
    ids.sort();
    assert_eq!(ids, ["1861", "1862", "1863", "1864", "campaign"]);
    let session = common::play_to_end_and_replay(game, Setup::new("1861", 2, 18), 1861);
    assert_eq!(session.seat_names(), ["union", "csa"]);
}

#[test]
fn for_the_people_refusal_leaves_session_unchanged_and_hides_hands() {
    let catalog = common::catalog();
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
