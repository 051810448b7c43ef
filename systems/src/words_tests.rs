//! The actions in words, over every game and scenario, in seeded random games: within one
//! step no two legal actions read the same (a player could not tell the buttons apart), and the
//! log's lines in words name no raw id. The log is worded only from what the seat was shown,
//! so nothing hidden is added (BL 2.5, GCACW 12.0, FtP 4.2: hidden blocks, units and cards).

use crate::{builtin_content_dir, load_catalog};
use bivouac_engine::board::Line;
use bivouac_engine::{GameRng, Setup};
use std::collections::HashMap;

/// Plays `actions` random legal actions of each scenario of each game, seeded, calling `check`
/// with the game, its setup and the session before each.
fn walk(games: u64, actions: usize, mut check: impl FnMut(&dyn bivouac_engine::session::AnyGame, &Setup, &dyn bivouac_engine::session::AnySession)) {
    let catalog = load_catalog(&[builtin_content_dir()]);
    for g in &catalog.games {
        for info in g.scenarios() {
            for seed in 1..=games {
                let setup = Setup::new(info.id.clone(), info.max_players.min(4).max(info.min_players), seed);
                let mut s = g.new_session(setup.clone()).expect("setup");
                let mut rng = GameRng::new(seed);
                for _ in 0..actions {
                    check(&**g, &setup, &*s);
                    let Some(&seat) = s.active_seats().first() else { break };
                    let legal = s.legal_actions(seat);
                    if legal.is_empty() {
                        break;
                    }
                    let a = legal[rng.pick(legal.len())].clone();
                    s.apply_text(seat, &a).expect("a legal action applies");
                }
            }
        }
    }
}

/// No two legal actions of a step share their words: places of one name are told apart by
/// their state or hex, blocks and units by their names (FtP, BL, BR, GCACW).
#[test]
fn no_two_actions_of_a_step_read_the_same() {
    let mut clashes = Vec::new();
    walk(3, 400, |g, setup, s| {
        for seat in s.active_seats() {
            let mut seen: HashMap<String, String> = HashMap::new();
            for (notation, hint) in s.hinted_actions(seat) {
                if let Some(other) = seen.insert(hint.words.clone(), notation.clone())
                    && clashes.len() < 20
                {
                    clashes.push(format!("{} {}: `{other}` and `{notation}` both read \"{}\"", g.id(), setup.scenario, hint.words));
                }
            }
        }
    });
    assert!(clashes.is_empty(), "actions that read the same:\n{}", clashes.join("\n"));
}

/// The log in words: every step's action and events as each seat was shown them name no raw id
/// (a lower-case word with a hyphen or an underscore, `usa-xii-1`, `fort_monroe`).
#[test]
fn the_log_in_words_names_no_raw_id() {
    let raw = |w: &str| {
        let w = w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_');
        w != "blockade-runner" && (w.contains('-') || w.contains('_')) && w.chars().any(|c| c.is_ascii_lowercase()) && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
    };
    let mut found = Vec::new();
    walk(1, 400, |g, setup, s| {
        let Some(step) = s.history().last() else { return };
        for viewer in (0..s.seat_names().len() as u8).map(Some).chain([None]) {
            let action = g.text_words(setup, step.action_for(viewer), Line::Action);
            let events = step.events.iter().filter(|e| e.visible_to(viewer)).map(|e| g.text_words(setup, &e.text, Line::Event));
            for line in std::iter::once(action).chain(events) {
                if line.split_whitespace().any(raw) && found.len() < 20 {
                    found.push(format!("{}: {line}", g.id()));
                }
            }
        }
    });
    assert!(found.is_empty(), "log lines naming raw ids:\n{}", found.join("\n"));
}

/// Every place of each game's board reads as a name of its own: places that share a name are
/// told apart ("Columbus (GA)", "Columbus (KY)"), so neither buttons nor log lines confuse them.
#[test]
fn every_place_reads_as_a_name_of_its_own() {
    let catalog = load_catalog(&[builtin_content_dir()]);
    for g in &catalog.games {
        for info in g.scenarios() {
            let setup = Setup::new(info.id.clone(), info.max_players.min(4).max(info.min_players), 1);
            let board = g.new_session(setup.clone()).expect("setup").board(None);
            let mut seen: HashMap<String, String> = HashMap::new();
            for sp in &board.spaces {
                let name = g.text_words(&setup, &sp.id, Line::Event);
                if let Some(other) = seen.insert(name.clone(), sp.id.clone()) {
                    panic!("{} {}: `{other}` and `{}` both read \"{name}\"", g.id(), setup.scenario, sp.id);
                }
            }
        }
    }
}
