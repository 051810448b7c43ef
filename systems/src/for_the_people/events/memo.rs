//! A per-thread memo of the answers of `playable(view)` (FtP 4.2), the costly part of
//! `legal_actions`: each answer needs the whole view built and a fresh Lua state, and the same
//! question is asked several times of one position (the legal list of the fuzzer or a client,
//! then again by `apply` to validate the chosen action, and by the special-event checks).
//!
//! It changes no answer: a script's `playable` is a pure function of its source and the view,
//! and the view is a function of the state, the content and (side, card). The memo keeps the
//! answers for one position only, the last one asked about on this thread, identified by the
//! state's exact serialized bytes (no hash: no collision) and the rules object's address; each
//! answer also stores the script source it came from, so a test that swaps a card's script
//! gets a fresh answer. Nothing of Lua is kept: every call still runs in a fresh sandbox.
//!
//! The view of the position for each side is kept too, so the cards of one hand share it:
//! only its card fields are rewritten before each call (`FtP::set_view_card`). Scripts get a
//! converted copy, never this value, so it cannot be changed by them.

use super::super::FtP;
use super::super::content::{CardNo, Side};
use super::super::state::State;
use super::decl::Timing;
use serde_json::Value;
use std::cell::RefCell;

struct Memo {
    rules: usize,
    state: Vec<u8>,
    answers: Vec<(Side, CardNo, Timing, String, bool)>,
    views: Vec<(Side, Value)>,
}

thread_local! {
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// The memoized answer of `ask(view)` for `side` playing `card` at `timing` in `st`, whose
/// script source is `source`. When the answer is unknown, `ask` runs (outside any borrow of the
/// memo) on the position's view for `side`, made by `build` the first time.
#[allow(clippy::too_many_arguments)]
pub(super) fn playable(rules: &FtP, st: &State, side: Side, card: CardNo, timing: Timing, source: &str, build: impl FnOnce() -> Value, ask: impl FnOnce(&mut Value) -> bool) -> bool {
    let rules = rules as *const FtP as usize;
    let Ok(state) = serde_json::to_vec(st) else { return ask(&mut build()) };
    let same = |m: &Memo| m.rules == rules && m.state == state;
    let known = MEMO.with_borrow(|m| {
        let m = m.as_ref().filter(|m| same(m))?;
        m.answers.iter().find(|a| a.0 == side && a.1 == card && a.2 == timing && a.3 == source).map(|a| a.4)
    });
    if let Some(answer) = known {
        return answer;
    }
    let kept = MEMO.with_borrow_mut(|m| {
        let m = m.as_mut().filter(|m| same(m))?;
        let i = m.views.iter().position(|v| v.0 == side)?;
        Some(m.views.swap_remove(i).1)
    });
    let mut view = kept.unwrap_or_else(build);
    let answer = ask(&mut view);
    MEMO.with_borrow_mut(|m| {
        if !m.as_ref().is_some_and(same) {
            *m = Some(Memo { rules, state: state.clone(), answers: Vec::new(), views: Vec::new() });
        }
        if let Some(m) = m.as_mut() {
            m.answers.push((side, card, timing, source.to_string(), answer));
            m.views.push((side, view));
        }
    });
    answer
}
