//! Test helpers for event scripts: build a position, play an event with forced choices and
//! dice, and look at the result (a card played as its event, FtP 4.2). Every card test uses them:
//!
//! ```ignore
//! let mut st = position("1861", 1);
//! give(&mut st, Side::Union, 11);
//! play(game(), &mut st, Side::Union, 11, &["ironton", "lexington_mo", "st_joseph"], &[]).unwrap();
//! assert_eq!(st.control(sp("ironton")), Control::Of(Side::Union));
//! ```
//! `play` goes through `legal_actions` and `apply` (a card that is not playable is refused by
//! the rules, and the refusal returned) with the dice taken from `dice` in order.

use super::super::FtP;
use super::super::content::{CardNo, Side};
use super::super::state::*;
use super::decl::declare;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::{Log, Refusal};
use bivouac_engine::lua::Script;
use bivouac_engine::piles::CardId;

pub use super::super::play_tests::game;

/// A scenario's opening position in its Strategy Phase, with empty hands (the dealt cards are
/// put back in the deck), waiting for the Union's round.
pub fn position(scenario: &str, seed: u64) -> State {
    let g = game();
    let mut st = g.setup(&Setup::new(scenario, 2, seed)).expect("setup");
    for side in [Side::Union, Side::Csa] {
        for c in st.piles.cards(HAND[side.index()]).to_vec() {
            st.piles.move_card(c, HAND[side.index()], DECK).expect("card back to the deck");
        }
    }
    st.phase = Phase::Strategy;
    st.flow.clear();
    st.flow.push(Frame::Round { side: Side::Union });
    st
}

/// Put card `n` (from wherever it is) in `side`'s hand.
pub fn give(st: &mut State, side: Side, n: CardNo) {
    let c = CardId(n as u16 - 1);
    let from = st.piles.find(c).expect("card somewhere");
    if from != HAND[side.index()] {
        st.piles.move_card(c, from, HAND[side.index()]).expect("card moves");
    }
}

/// 1861, the Union's round with its Major Campaign #83 in hand; the CSA holds #89 (Quaker Guns,
/// an interrupt) and #12.
pub fn major_campaign_against_89() -> State {
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 89);
    give(&mut st, Side::Csa, 12);
    give(&mut st, Side::Union, 83);
    round(&mut st, Side::Union);
    st
}

/// Make it `side`'s strategy round.
pub fn round(st: &mut State, side: Side) {
    st.flow.clear();
    st.flow.push(Frame::Round { side });
    st.phase = Phase::Strategy;
}

pub fn sp(id: &str) -> Sp {
    game().c.space(id).unwrap_or_else(|| panic!("no space {id}")).0
}

/// Where a card is: "deck", "union-hand", "csa-hand", "discard", "removed" or "out".
pub fn pile_of(st: &State, n: CardNo) -> &'static str {
    let p = st.piles.find(CardId(n as u16 - 1)).expect("card somewhere");
    ["deck", "union-hand", "csa-hand", "discard", "removed", "out"][p.0 as usize]
}

/// Is `event N` offered to `side` now?
pub fn offered(g: &FtP, st: &State, side: Side, n: CardNo) -> bool {
    g.legal_actions(st, side.index() as u8).contains(&Action::Event { card: n })
}

/// The options of the pending event question, if any.
pub fn options(st: &State) -> Vec<String> {
    st.events.last().and_then(|e| e.ask.as_ref()).map(|a| a.options.iter().map(|o| o.to_string()).collect()).unwrap_or_default()
}

/// Play `side`'s event `n` (on its round, or as an interrupt if an interrupt window is open),
/// then answer the event's questions with `choices` in order (whoever is asked), rolling
/// `dice` in order. When both hands are then empty the turn is not ended (see `step`).
/// Returns the refusal if the rules refuse any step; panics if the event
/// still asks after the choices, or a die is missing or left over.
pub fn play(g: &FtP, st: &mut State, side: Side, n: CardNo, choices: &[&str], dice: &[u8]) -> Result<(), Refusal> {
    let mut dice: Vec<u8> = dice.iter().rev().copied().collect();
    let mut roll = |_: &mut State| dice.pop().expect("the test gave too few dice");
    step(g, st, side, &Action::Event { card: n }, &mut roll)?;
    for c in choices {
        let seat = st.events.last().and_then(|e| e.ask.as_ref()).map(|a| a.seat).unwrap_or_else(|| panic!("choice `{c}` given but the event asks nothing"));
        step(g, st, seat, &Action::Choose { option: (*c).into() }, &mut roll)?;
    }
    assert!(st.events.is_empty(), "the event still asks: {}", g.event_awaiting(st));
    assert!(dice.is_empty(), "dice left over: {dice:?}");
    Ok(())
}

/// One action through the rules: refused as `apply` refuses it, else performed with `roll`.
fn step(g: &FtP, st: &mut State, seat: Side, a: &Action, roll: super::play::Roller) -> Result<(), Refusal> {
    let legal = g.legal_actions(st, seat.index() as u8).contains(a);
    if !legal {
        let before = format!("{:?}", st.flow);
        let r = g.apply(st, seat.index() as u8, a, &mut Log::quiet()).expect_err("refused");
        assert_eq!(before, format!("{:?}", st.flow), "a refusal leaves the state unchanged");
        return Err(r);
    }
    let top = *st.flow.top().expect("a decision");
    let r = g.event_action_with(st, top, a, &mut Log::quiet(), roll).unwrap_or_else(|| {
        g.perform(st, a, &mut Log::quiet());
        Ok(())
    });
    r?;
    // The rules go on to the next decision, except that the turn does not end here when both
    // hands are empty (a test's position holds only the cards it gives), so the event's
    // effect can be inspected before attrition and the end of the turn.
    if !(st.flow.is_empty() && st.piles.is_empty(HAND[0]) && st.piles.is_empty(HAND[1])) {
        g.proceed(st, &mut Log::quiet()).unwrap();
    }
    Ok(())
}

/// The game with card `n`'s event replaced by `source` (`None`: the declaration is refused,
/// with the error).
pub fn with_script(n: CardNo, source: &str) -> Result<FtP, String> {
    let mut c = game().c.clone();
    let script = c.events.with_library(Script::new(format!("events/{n:03}.lua"), source));
    let decl = declare(&script, &c, n).map_err(|e| e.to_string())?;
    c.events.set(n, Some((script, decl)));
    FtP::new(c).map_err(|d| d.to_string())
}
