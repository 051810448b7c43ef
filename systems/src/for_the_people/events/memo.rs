//! A per-thread memo of the answers of `playable(view)` (FtP 4.2), the costly part of
//! `legal_actions`: each answer needs a fresh Lua state and the parts of the view the script
//! reads, and the same
//! question is asked several times of one position (the legal list of the fuzzer or a client,
//! then again by `apply` to validate the chosen action, and by the special-event checks).
//!
//! It changes no answer: a script's `playable` is a pure function of its source and the view,
//! and the view is a function of the state, the content and (side, card). The memo keeps the
//! answers for one position only, the last one asked about on this thread, identified by the
//! state's exact serialized bytes (no hash: no collision) and the rules object's address; each
//! answer also stores the script source it came from, so a test that swaps a card's script
//! gets a fresh answer. Nothing of Lua is kept: every call still runs in a fresh sandbox.

use super::super::FtP;
use super::super::content::{CardNo, Side};
use super::super::state::State;
use super::decl::Timing;
use std::cell::RefCell;

struct Memo {
    rules: usize,
    state: Vec<u8>,
    answers: Vec<(Side, CardNo, Timing, String, bool)>,
}

thread_local! {
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// The memoized answer of `ask(view)` for `side` playing `card` at `timing` in `st`, whose
/// script source is `source`. When the answer is unknown, `ask` runs (outside any borrow of the
/// memo).
pub(super) fn playable(rules: &FtP, st: &State, side: Side, card: CardNo, timing: Timing, source: &str, ask: impl FnOnce() -> bool) -> bool {
    let rules = rules as *const FtP as usize;
    let Ok(state) = serde_json::to_vec(st) else { return ask() };
    let same = |m: &Memo| m.rules == rules && m.state == state;
    let known = MEMO.with_borrow(|m| {
        let m = m.as_ref().filter(|m| same(m))?;
        m.answers.iter().find(|a| a.0 == side && a.1 == card && a.2 == timing && a.3 == source).map(|a| a.4)
    });
    if let Some(answer) = known {
        return answer;
    }
    let answer = ask();
    MEMO.with_borrow_mut(|m| {
        if !m.as_ref().is_some_and(same) {
            *m = Some(Memo { rules, state: state.clone(), answers: Vec::new() });
        }
        if let Some(m) = m.as_mut() {
            m.answers.push((side, card, timing, source.to_string(), answer));
        }
    });
    answer
}
