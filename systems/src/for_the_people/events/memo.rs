//! A per-thread memo of the answers of `playable(view)` (FtP 4.2), the costly part of
//! `legal_actions`: each answer needs a Lua call and the parts of the view the script
//! reads, and the same
//! question is asked several times of one position (the legal list of the fuzzer or a client,
//! then again by `apply` to validate the chosen action, and by the special-event checks).
//!
//! It changes no answer: a script's `playable` is a pure function of its source and the view,
//! and the view is a function of the state, the content and (side, card). The memo keeps the
//! answers for one position only, the last one asked about on this thread, identified by the
//! state itself (a copy, `derived::position_key`, made once per listing and compared with `==`;
//! no hash: no collision) and the rules object's address; each
//! answer also stores the script source it came from, so a test that swaps a card's script
//! gets a fresh answer. Nothing of Lua is kept: every call still runs in a fresh environment
//! (`bivouac_engine::lua`).
//!
//! Across positions, each answer is kept with the fields of the view its call read and their
//! values (the view is made on demand, so the fields read are known): the call's answer is a
//! function of those alone (the view's keys and the spaces' keys depend on the content only,
//! `pairs` order is sorted, a script is deterministic and its limits are counts), so in another
//! position where every one of those fields has the same value the answer is the same, found
//! without Lua. The last few such answers per card are kept.

use super::super::FtP;
use super::super::content::{CardNo, Side};
use super::super::state::State;
use super::decl::Timing;
use super::view::{Field, Read};
use bivouac_engine::lua::Input;
use std::cell::RefCell;
use std::rc::Rc;

struct Memo {
    rules: usize,
    state: Rc<State>,
    answers: Vec<(Side, CardNo, Timing, String, bool)>,
}

/// The answers kept across positions for one (side, card, timing): each with the fields its
/// call read. They came from the script `source` under the rules object at `rules`; a question
/// about another source or rules object starts the list over (a test swapping a card's script).
struct Known {
    rules: usize,
    side: Side,
    timing: Timing,
    source: String,
    answers: Vec<(Vec<(Read, Field)>, bool)>,
}

/// Most answers kept across positions per (side, card, timing).
const PER_CARD: usize = 8;

thread_local! {
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
    /// Per card (by number), its lists of answers (one per side and timing asked): a lookup
    /// looks at the card's few lists only, and compares the source once.
    static ACROSS: RefCell<Vec<Vec<Known>>> = const { RefCell::new(Vec::new()) };
}

/// The memoized answer of `ask(view)` for `side` playing `card` at `timing` in `st`, whose
/// script source is `source`. When the answer is unknown, `ask` runs (outside any borrow of the
/// memo) on the view for `side` playing `card`.
pub(super) fn playable(g: &FtP, st: &State, side: Side, card: CardNo, timing: Timing, source: &str, ask: impl FnOnce(Input<'_>) -> bool) -> bool {
    let rules = g as *const FtP as usize;
    // The state's bytes, made once per listing (`derived`).
    let state = g.position_key(st);
    let same = |m: &Memo| m.rules == rules && super::super::derived::same_position(&m.state, &state);
    let known = MEMO.with_borrow(|m| {
        let m = m.as_ref().filter(|m| same(m))?;
        m.answers.iter().find(|a| a.0 == side && a.1 == card && a.2 == timing && a.3 == source).map(|a| a.4)
    });
    if let Some(answer) = known {
        return answer;
    }
    let answer = across(g, st, side, card, timing, source, ask);
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

/// The answer kept across positions whose fields read hold in `st`, else `ask`'s, kept.
fn across(g: &FtP, st: &State, side: Side, card: CardNo, timing: Timing, source: &str, ask: impl FnOnce(Input<'_>) -> bool) -> bool {
    let rules = g as *const FtP as usize;
    let mine = |k: &Known| k.side == side && k.timing == timing;
    // The view's fields are made once for all the answers kept (their reads overlap).
    let check = g.read_check(st, side, card);
    let kept = ACROSS.with_borrow(|all| {
        let k = all.get(card as usize)?.iter().find(|k| mine(k))?;
        if k.rules != rules || k.source != source {
            return None;
        }
        k.answers.iter().rev().find(|(reads, _)| check.holds(reads)).map(|&(_, answer)| answer)
    });
    if let Some(answer) = kept {
        return answer;
    }
    let (answer, reads) = g.event_call_read(st, side, card, ask);
    ACROSS.with_borrow_mut(|all| {
        if all.len() <= card as usize {
            all.resize_with(card as usize + 1, Vec::new);
        }
        let lists = &mut all[card as usize];
        let i = match lists.iter().position(mine) {
            Some(i) => i,
            None => {
                lists.push(Known { rules, side, timing, source: source.to_string(), answers: Vec::new() });
                lists.len() - 1
            }
        };
        let k = &mut lists[i];
        if k.rules != rules || k.source != source {
            *k = Known { rules, side, timing, source: source.to_string(), answers: Vec::new() };
        }
        if k.answers.len() >= PER_CARD {
            k.answers.remove(0);
        }
        k.answers.push((reads, answer));
    });
    answer
}
