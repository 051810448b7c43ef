//! Identity of random play: the pinned hash proves that speed work keeps the rules
//! (same seed, same listing order, same game) through the whole sequence of play (BL 4.0: every
//! phase of every month, battles BL 7, supply BL 11). The figures: `bivouac bench --game bobby-lee
//! --all-scenarios` (CPU time of one core).

use super::*;

/// A seeded random game of `scenario` ([`crate::seeded_games::random_game_hash`]).
fn random_game_hash(scenario: &str, seed: u64) -> (usize, String) {
    crate::seeded_games::random_game_hash(game(), &Setup::new(scenario, 2, seed), 200_000)
}

#[test]
fn seeded_random_games_are_pinned() {
    // Pinned before the speed work (listings, choices and final states of four seeded
    // random games per scenario): caches and faster searches must not change a single action.
    let got: Vec<(String, usize, String)> = ["1861", "1862", "1863", "1864", "campaign"]
        .iter()
        .map(|sc| {
            let games: Vec<(usize, String)> = (1..=4).map(|seed| random_game_hash(sc, seed)).collect();
            let all: String = games.iter().map(|(_, h)| h.as_str()).collect();
            (sc.to_string(), games.iter().map(|(n, _)| n).sum(), bivouac_engine::game::state_hash(&all))
        })
        .collect();
    // Pinned on the map built from real geography (rivers on their true banks, BL 1.27; the
    // coast from the US Census shorelines, BL 1.28) with BL 5.32 (a forced march may attack)
    // and BL 11.81 (besieged units lost to attrition are removed for good): a change to the map
    // or to the legal actions changes the games, and these pins with them.
    let expected: [(&str, usize, &str); 5] = [
        ("1861", 1000, "3395904a73362e17202f396ebc6b9cb3"),
        ("1862", 1232, "e70f41bd56dfc64453e83b7da838f77a"),
        ("1863", 1693, "49163edc0bc996f942e907c42f47b1c3"),
        ("1864", 1961, "e97a573bbc612d450300d705884b8ecf"),
        ("campaign", 2077, "8eb22dcb1fd18f16e9f3a723f8292017"),
    ];
    eprintln!("seeded random games: {got:?}");
    for ((sc, n, h), (esc, en, eh)) in got.iter().zip(expected) {
        assert_eq!((sc.as_str(), *n, h.as_str()), (esc, en, eh), "{sc}: a seeded random game changed");
    }
}
