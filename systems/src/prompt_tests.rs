//! Every game's prompt (`Game::prompt`, the sentence the app shows above the map): at each
//! decision of a seeded random game every seat to act is asked something, in plain words (no
//! notation ids), citing the rule that asks it (`FtP 8.1`, `BL 5.3`, `BR 3.4`, `GCACW 5.2`),
//! and a seat with no decision is asked nothing.

use crate::{builtin_content_dir, load_catalog};
use bivouac_engine::{GameRng, Setup};

/// Plain words: a capitalised sentence without the ids of the notation (`fort_monroe`,
/// `pc-union`) or code marks.
fn plain(text: &str) -> Result<(), String> {
    let first = text.chars().next().ok_or("empty")?;
    if !first.is_uppercase() && !first.is_ascii_digit() {
        return Err(format!("does not start with a capital: {text}"));
    }
    if text.contains(['_', '`', '{', '}']) {
        return Err(format!("has an id or a code mark: {text}"));
    }
    let cites = ["(FtP ", "(BL ", "(BR ", "(GCACW "].iter().any(|game| {
        text.match_indices(game).any(|(i, m)| text[i + m.len()..].starts_with(|c: char| c.is_ascii_digit()))
    });
    if !cites {
        return Err(format!("names no rule: {text}"));
    }
    Ok(())
}

/// The first scenario of `game`.
fn scenario0(game: &str) -> String {
    load_catalog(&[builtin_content_dir()]).game(game).expect("loaded").scenarios()[0].id.clone()
}

/// Plays `steps` random actions of `game` from `setup`, checking the prompt of every seat at
/// each decision; returns how many prompts were read.
fn walk(game: &str, setup: Setup, steps: usize) -> usize {
    let catalog = load_catalog(&[builtin_content_dir()]);
    let g = catalog.game(game).expect("loaded");
    let mut s = g.new_session(setup).expect("setup");
    let mut rng = GameRng::new(7);
    let mut read = 0;
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..steps {
        let active = s.active_seats();
        if active.is_empty() {
            break;
        }
        for seat in 0..s.seat_names().len() as u8 {
            let p = s.prompt(seat);
            if !active.contains(&seat) {
                assert_eq!(p, None, "{game}: a seat with no decision is asked something");
                continue;
            }
            let p = p.unwrap_or_else(|| panic!("{game}: no prompt for {} at `{}`", s.seat_names()[seat as usize], s.actions_text(seat)));
            if let Err(e) = plain(&p) {
                panic!("{game}: {e}");
            }
            read += 1;
            seen.insert(p);
        }
        let seat = active[rng.pick(active.len())];
        let legal = s.legal_actions(seat);
        let a = legal[rng.pick(legal.len())].clone();
        s.apply_text(seat, &a).expect("a legal action");
    }
    // The sentences asked, for a reader's eye (`--nocapture`).
    for p in &seen {
        eprintln!("{game}: {p}");
    }
    read
}

#[test]
fn prompt_blockade_runner() {
    assert!(walk("blockade-runner", Setup::new(scenario0("blockade-runner"), 3, 11), 600) > 100);
}

#[test]
fn prompt_gcacw() {
    assert!(walk("gcacw", Setup::new(scenario0("gcacw"), 2, 11), 600) > 100);
}

#[test]
fn prompt_bobby_lee() {
    assert!(walk("bobby-lee", Setup::new(scenario0("bobby-lee"), 2, 11), 600) > 100);
}

#[test]
fn prompt_for_the_people() {
    assert!(walk("for-the-people", Setup::new(scenario0("for-the-people"), 2, 11), 600) > 100);
}
