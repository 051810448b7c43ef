//! Strategy cards played as events (FtP 4.2-4.6): each event is a Lua script in
//! `content/for-the-people/events/NNN.lua` run on the engine's sandboxed host
//! ([`bivouac_engine::lua`]). The API scripts see is documented in `content/README.md`.
//!
//! A script defines two global functions, and optionally a third:
//! - `declare()` returns the card's data: the text shown to the players, when it may be
//!   played (turns, prerequisites, timing: on its owner's round or as an interrupt), and
//!   whether `playable(view)` must be asked. It is called once at load ([`load`]).
//! - `play(view, inputs)` is a pure function of the playing seat's view of the state and the
//!   inputs so far (choices made, dice rolled); it returns `{ask = ...}` (a seat must choose),
//!   `{roll = n}` (the engine rolls n dice and calls again) or `{commands = {...}}` (the effect).
//! - `playable(view)`, only when declared: whatever data cannot say.
//!
//! A half-played event is an [`EventSt`] in the state under a `Frame::Event`, so it saves,
//! clones and undoes. Modules: `decl` (the declaration and its checks), `view` (what a script
//! sees), `commands` (what a script may do), `play` (the flow: playing, choosing, rolling,
//! interrupt windows).

mod commands;
mod decl;
mod dryrun;
mod memo;
mod orders;
mod play;
mod special;
mod view;
pub mod word;
#[cfg(test)]
pub mod testkit;
#[cfg(test)]
mod bench_tests;
#[cfg(test)]
mod cards_tests;
#[cfg(test)]
mod fuzz_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_cards_a;
#[cfg(test)]
mod tests_cards_c;
#[cfg(test)]
mod tests_cards_d;
#[cfg(test)]
mod tests_cards_e;
#[cfg(test)]
mod tests_cards_elite;
#[cfg(test)]
mod tests_cards_naval;

pub use commands::{BattleMod, InForce, MoveKind, MoveLimit};
pub use decl::{EventBook, EventDecl, Timing};
pub use play::EventSt;
pub(crate) use view::ViewStatic;

use super::content::Content;
use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics};
use bivouac_engine::lua::{LuaError, LuaHost, Script};

/// The Lua library every event script may use (`ftp.sp_removal`, `ftp.pc_placement`, ...).
pub const LIBRARY: &str = "events/lib.lua";

/// Read every card's event script that exists and call its `declare()`; a missing file leaves
/// the card without an event (it can still be played for OPs, FtP 4.2.2).
pub fn load(set: &ContentSet, c: &Content) -> Result<EventBook, Diagnostics> {
    let mut errs = Diagnostics::default();
    let mut book = EventBook::default();
    // The shared building blocks (content/README.md), run before every event script.
    if let Some((src, text)) = set.text(LIBRARY) {
        book.library = Some(std::sync::Arc::new(Script::new(set.path(src), text)));
    }
    for d in &c.cards {
        let Some((src, text)) = set.text(&d.script) else {
            book.push(None);
            continue;
        };
        let script = book.with_library(Script::new(set.path(src), text));
        match decl::declare(&script, c, d.number) {
            Ok(decl) => book.push(Some((script, decl))),
            Err(e) => {
                errs.push(diagnostic(&e, d.number));
                book.push(None);
            }
        }
    }
    errs.into_result(book)
}

/// A script error as a `file:line:col` diagnostic (Lua knows the line only: column 1).
pub(crate) fn diagnostic(e: &LuaError, card: u8) -> Diagnostic {
    Diagnostic { file: e.script.clone(), line: e.line.unwrap_or(1) as usize, col: 1, found: String::new(), message: format!("card #{card}: {}", e.message) }
}

/// Events played per card number in this process (tests: the fuzzer's report).
#[cfg(test)]
pub(crate) static EVENTS_PLAYED: [std::sync::atomic::AtomicU32; 131] = [const { std::sync::atomic::AtomicU32::new(0) }; 131];

/// Count an event played (tests only; nothing in play).
pub(crate) fn count_played(_card: u8) {
    #[cfg(test)]
    EVENTS_PLAYED[_card as usize].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

/// Times each card's scripted event was found playable (tests: why an event is never played).
#[cfg(test)]
pub(crate) static EVENTS_OFFERED: [std::sync::atomic::AtomicU32; 131] = [const { std::sync::atomic::AtomicU32::new(0) }; 131];

/// Count a scripted event found playable (tests only; nothing in play).
pub(crate) fn count_offered(_card: u8) {
    #[cfg(test)]
    EVENTS_OFFERED[_card as usize].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

/// Lua calls of each card's `playable(view)` in this process (tests: the bench's report).
#[cfg(test)]
pub(crate) static PLAYABLE_ASKED: [std::sync::atomic::AtomicU32; 131] = [const { std::sync::atomic::AtomicU32::new(0) }; 131];

#[cfg(test)]
thread_local! {
    /// Lua calls of `playable(view)` on this thread (tests: a declared prerequisite spares them).
    pub(crate) static PLAYABLE_ASKED_HERE: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Count a Lua call of a card's `playable(view)` (tests only; nothing in play).
pub(crate) fn count_asked(_card: u8) {
    #[cfg(test)]
    {
        PLAYABLE_ASKED[_card as usize].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        PLAYABLE_ASKED_HERE.set(PLAYABLE_ASKED_HERE.get() + 1);
    }
}

/// The host every event call uses (default limits: 16 MiB, 10 million instructions).
pub(crate) fn host() -> LuaHost {
    LuaHost::default()
}
