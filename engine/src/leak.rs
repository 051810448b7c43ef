//! The hidden-information check the fuzzer runs for every game: everything a seat receives is a
//! function of what that seat may know.
//!
//! * **What a seat sees** ([`picture`]): its view as JSON, the board picture the app draws
//!   (pieces, their order and labels), `describe`, the CLI's `show` text, and its legal
//!   actions with their board hints (the CLI's `actions`, the app's lit spaces) and its prompt
//!   ([`Game::prompt`], the sentence the app shows above the map). A spectator
//!   sees the same without actions. At a state `S` each seat `Y`'s picture must be the same
//!   in states [`Game::determinize`]`(S, Y)` (which re-deal what `Y` cannot know and reseed the
//!   dice), and the spectator's picture the same in all of them.
//! * **What a step tells** (step check): for a seat `X` to act and an observer `Y` (another
//!   seat or a spectator), the lines `Y` reads of `X`'s action (action text and events, as the
//!   CLI and the app's log print them) must be the same for every action of `X`, in `S` or in
//!   a state determinized for `Y`, that leaves `Y`'s picture the same. Otherwise the text tells
//!   `Y` something its picture does not: which hidden block moved, which card was offered,
//!   which bid was made.
//!
//! The check needs nothing from a game beyond the contract; its strength is that of each
//! game's `determinize`, which must vary everything the seat may not know and nothing else.

use crate::game::{Game, Seat};
use crate::log::{EventKind, Log};
use crate::rng::GameRng;
use crate::seen;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// How hard the check looks at one state.
#[derive(Clone, Copy, Debug)]
pub struct LeakConfig {
    /// Determinized states made per seat.
    pub samples: usize,
    /// Actions of the seat to act tried per state (a random sample when there are more).
    pub actions: usize,
}

impl Default for LeakConfig {
    fn default() -> Self {
        LeakConfig { samples: 3, actions: 40 }
    }
}

/// Everything `seat` (or a spectator) receives at `state`, part by part.
pub fn picture<G: Game>(game: &G, state: &G::State, seat: Option<Seat>, with_actions: bool) -> Vec<(&'static str, String)> {
    let mut parts = vec![
        ("view", seen::show_json(game, state, seat).to_string()),
        ("board", serde_json::to_string(&game.board(state, seat)).expect("boards serialize")),
        ("show", seen::show_text(game, state, seat)),
    ];
    if let (Some(s), true) = (seat, with_actions) {
        let hints: Vec<String> = game.legal_actions(state, s).iter().map(|a| serde_json::to_string(&game.hint(state, a)).expect("hints serialize")).collect();
        parts.push(("actions", format!("{}{}", seen::actions_text(game, state, s), hints.join("\n"))));
        parts.push(("prompt", game.prompt(state, s).unwrap_or_default()));
    }
    parts
}

fn hash_parts(parts: &[(&'static str, String)]) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    parts.hash(&mut h);
    h.finish()
}

fn who(names: &[String], seat: Option<Seat>) -> String {
    seat.map_or("a spectator".to_string(), |s| names.get(s as usize).cloned().unwrap_or_else(|| format!("seat {s}")))
}

/// The first line where two texts differ, with its neighbours, for a readable failure.
pub fn first_difference(a: &str, b: &str) -> String {
    let (la, lb): (Vec<&str>, Vec<&str>) = (a.lines().collect(), b.lines().collect());
    let i = (0..la.len().max(lb.len())).find(|&i| la.get(i) != lb.get(i)).unwrap_or(0);
    let clip = |s: Option<&&str>| {
        let s = s.copied().unwrap_or("<none>");
        let cut: String = s.chars().take(400).collect();
        if cut.len() < s.len() { format!("{cut}...") } else { cut }
    };
    // A one-line JSON: show where the characters part.
    if la.len() <= 1 && lb.len() <= 1 {
        let at = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
        let from = at.saturating_sub(120);
        let piece = |s: &str| s.chars().skip(from).take(300).collect::<String>();
        return format!("at character {at}:\n    real:   ...{}\n    sample: ...{}", piece(a), piece(b));
    }
    format!("at line {}:\n    real:   {}\n    sample: {}", i + 1, clip(la.get(i)), clip(lb.get(i)))
}

/// The lines `viewer` reads when `seat` plays `action` on `state` (the state is changed), and
/// whether dice were rolled. None if the rules refuse the action.
fn step_seen<G: Game>(game: &G, state: &mut G::State, seat: Seat, action: &G::Action, viewer: Option<Seat>, name: &str) -> Option<(String, bool)> {
    let seen_text = game.notation_seen(state, seat, action);
    let mut log = Log::recording();
    game.apply(state, seat, action, &mut log).ok()?;
    let text = seen::action_text(&game.notation(action), seen_text.as_deref(), seat, viewer);
    // Dice, cards drawn face up and what the rules reveal to everyone are open: such a step
    // may tell more than the picture after it keeps (a card played, then shuffled back).
    let open = |e: &crate::log::Event| matches!(e.kind, EventKind::Draw | EventKind::Reveal) && e.visibility == crate::log::Visibility::Public;
    let rolled = log.events.iter().any(|e| e.kind == EventKind::Roll || open(e));
    Some((seen::step_lines(name, &text, &log.events, viewer).join("\n"), rolled))
}

/// Run both checks at `state`. `rng` draws the determinizations and the sampled actions (the
/// caller keeps it apart from the game's own stream, so checking changes no game).
pub fn check<G: Game>(game: &G, state: &G::State, rng: &mut GameRng, cfg: &LeakConfig) -> Result<(), String> {
    let names = game.seat_names(state);
    let seats = names.len() as Seat;
    let public = picture(game, state, None, false);
    let active = game.active_seats(state);
    for y in 0..seats {
        let mine = picture(game, state, Some(y), true);
        let samples: Vec<G::State> = (0..cfg.samples).map(|_| game.determinize(state, y, rng)).collect();
        for (k, d) in samples.iter().enumerate() {
            for (viewer, real) in [(Some(y), &mine), (None, &public)] {
                let got = picture(game, d, viewer, viewer.is_some());
                for ((part, a), (_, b)) in real.iter().zip(&got) {
                    if a != b {
                        return Err(format!(
                            "{} sees a different {part} in a state determinized for {} (sample {k}): it shows something {} may not know, or `determinize` changed something {} knows; {}",
                            who(&names, viewer), who(&names, Some(y)), who(&names, viewer), who(&names, Some(y)), first_difference(a, b)
                        ));
                    }
                }
            }
        }
        // What y (and a spectator) reads of each action of another seat to act.
        for &x in active.iter().filter(|&&x| x != y) {
            for viewer in [Some(y), None] {
                // A spectator is checked once, against the samples made for the first observer.
                if viewer.is_none() && y != (x + 1) % seats {
                    continue;
                }
                step_check(game, state, &samples, x, viewer, &names, rng, cfg)?;
            }
        }
    }
    Ok(())
}

/// The step check for the actions of `x` as `viewer` reads them. Every legal action of `x` in
/// the real state is played; its text is filed under the viewer's picture after it. Then a
/// sample of `x`'s actions in each determinized state: an action leaving a picture the real
/// state reaches must read as one of the texts filed there, else the text tells the viewer
/// which of its possible states is the real one. Steps that roll dice or draw a card face up
/// (the samples' dice and decks differ openly) or reveal something to everyone (the rules make
/// it known) are left out. A state with more than `LeakConfig::actions * 8` actions is
/// not checked (filing them all would cost too much).
#[allow(clippy::too_many_arguments)]
fn step_check<G: Game>(game: &G, state: &G::State, samples: &[G::State], x: Seat, viewer: Option<Seat>, names: &[String], rng: &mut GameRng, cfg: &LeakConfig) -> Result<(), String> {
    let legal = game.legal_actions(state, x);
    if legal.len() > cfg.actions * 8 {
        return Ok(());
    }
    // Picture after -> texts read (those of steps without dice) and the action giving each.
    let mut filed: HashMap<u64, Vec<(String, String)>> = HashMap::new();
    for a in &legal {
        let mut next = state.clone();
        let Some((text, rolled)) = step_seen(game, &mut next, x, a, viewer, &names[x as usize]) else { continue };
        let key = hash_parts(&picture(game, &next, viewer, false));
        let group = filed.entry(key).or_default();
        if !rolled && !group.iter().any(|(t, _)| *t == text) {
            group.push((text, game.notation(a)));
        }
    }
    for (k, st) in samples.iter().enumerate() {
        if !game.active_seats(st).contains(&x) {
            continue;
        }
        let legal = game.legal_actions(st, x);
        let mut idx: Vec<usize> = (0..legal.len()).collect();
        if idx.len() > cfg.actions {
            rng.shuffle(&mut idx);
            idx.truncate(cfg.actions);
        }
        for i in idx {
            let a = &legal[i];
            let mut next = st.clone();
            let Some((text, rolled)) = step_seen(game, &mut next, x, a, viewer, &names[x as usize]) else { continue };
            if rolled {
                continue;
            }
            let key = hash_parts(&picture(game, &next, viewer, false));
            let Some(group) = filed.get(&key).filter(|g| !g.is_empty()) else { continue };
            if !group.iter().any(|(t, _)| *t == text) {
                let (t0, a0) = &group[0];
                return Err(format!(
                    "{} reads a text of {}'s `{}` in a state determinized for it (sample {k}) that no action leaving the same picture gives in the real state (`{a0}` there): the text tells what the picture hides; {}",
                    who(names, viewer),
                    who(names, Some(x)),
                    game.notation(a),
                    first_difference(t0, &text)
                ));
            }
        }
    }
    Ok(())
}
