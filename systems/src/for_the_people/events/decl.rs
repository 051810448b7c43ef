//! What a card's `declare()` returns, checked once at load: the card text, when the event may
//! be played (FtP 4.2), and whether `playable(view)` must be asked.

use super::super::content::{CardNo, Content, Control, GeneralId, Side, StateId};
use super::super::state::Sp;
use bivouac_engine::lua::{LuaError, Script};
use serde::Deserialize;
use std::sync::Arc;

/// When an event may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// On its owner's strategy round, instead of OPs or a discard (FtP 3.3.2, 4.2).
    Round,
    /// FtP 4.2.5: as an interrupt when an enemy force has just been activated for a land move
    /// (OPs or a campaign move), before its first step. Naval moves cannot be interrupted.
    EnemyMove,
}

/// A prerequisite stated as data (read once at load, cheap for `legal_actions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Require {
    /// The Emancipation Proclamation has (not) been proclaimed (FtP 4.4.1).
    Emancipation(bool),
    /// The event of this card is (not) in force (`in_force` command).
    InForce(CardNo, bool),
    /// The opponent holds at least one card (e.g. FtP 4.6.5).
    OpponentHasCards,
    /// The opponent holds a card he could discard: not a special event (FtP 4.2.3, 4.4), nor,
    /// for the Union, Red River (e.g. FtP 4.6.5 "de la que se pueda descartar").
    OpponentHasDiscardable,
    /// FtP 4.4.1 (a reading of an unclear rule): the Union has won a medium or large battle this turn.
    UnionMajorWin,
    /// The discard pile holds a card (FtP 4.2: e.g. #78 takes one from it).
    Discards,
    /// The playing side is this one (a card of both sides whose event only one side may play,
    /// e.g. #3 Forward to Richmond!, FtP 4.6).
    Side(Side),
    /// The space is (`true`) / is not (`false`) of this control (FtP 2.4, 11).
    Control(Sp, Control, bool),
    /// The general is (`true`) / is not (`false`) on the map: in a space or on an army display.
    General(GeneralId, bool),
    /// Some space of the state is (`true`) controlled by the side / some space of the state is
    /// not (`false`) controlled by it (e.g. room for the side's PCs there, FtP 11.3).
    InState(StateId, Side, bool),
}

/// One card's declared event.
#[derive(Clone, Debug, PartialEq)]
pub struct EventDecl {
    /// The card text shown to the players.
    pub text: String,
    /// First and last turn the event may be played.
    pub turns: (u8, u8),
    pub requires: Vec<Require>,
    pub when: Vec<Timing>,
    /// The script defines `playable(view)`, asked after the data checks pass.
    pub playable: bool,
}

/// Every card's event, by card number - 1 (`None`: no script, the card has no event yet).
#[derive(Clone, Debug, Default)]
pub struct EventBook {
    cards: Vec<Option<(Script, EventDecl)>>,
    /// `events/lib.lua`, run before every script (None in content without it).
    pub(super) library: Option<Arc<Script>>,
}

impl EventBook {
    /// `script` with the shared library attached (if the content has one).
    pub(crate) fn with_library(&self, script: Script) -> Script {
        match &self.library {
            Some(l) => script.with_library(l.clone()),
            None => script,
        }
    }
    pub(super) fn push(&mut self, e: Option<(Script, EventDecl)>) {
        self.cards.push(e);
    }
    /// Replace one card's event (tests of hostile or broken scripts).
    #[cfg(test)]
    pub(crate) fn set(&mut self, card: CardNo, e: Option<(Script, EventDecl)>) {
        self.cards[card as usize - 1] = e;
    }
    pub fn get(&self, card: CardNo) -> Option<&(Script, EventDecl)> {
        self.cards.get((card as usize).wrapping_sub(1)).and_then(|x| x.as_ref())
    }
    pub fn decl(&self, card: CardNo) -> Option<&EventDecl> {
        self.get(card).map(|(_, d)| d)
    }
    /// Cards with an event script.
    pub fn scripted(&self) -> impl Iterator<Item = CardNo> + '_ {
        self.cards.iter().enumerate().filter(|(_, x)| x.is_some()).map(|(i, _)| i as CardNo + 1)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Declared {
    text: String,
    #[serde(default)]
    turns: Vec<u8>,
    #[serde(default)]
    requires: Vec<String>,
    #[serde(default)]
    when: Vec<String>,
    #[serde(default)]
    playable: bool,
}

/// The requirements `declare()` may list (content/README.md).
const REQUIREMENTS: &str = "emancipation, no_emancipation, opponent_has_cards, opponent_has_discardable, union_major_win, discards, in_force:N, not_in_force:N, side:SIDE, control:SPACE:SIDE, not_control:SPACE:SIDE (SIDE union, csa or, for control, neutral), general:ID, no_general:ID, some_control:STATE:SIDE or not_all_control:STATE:SIDE";

/// Call `declare({card = N})` for card `card` and check what it returns (a script shared by
/// several cards may word each card's text from its number).
pub(crate) fn declare(script: &Script, c: &Content, card: CardNo) -> Result<EventDecl, LuaError> {
    let r: Declared = super::host().call_as(script, "declare", &serde_json::json!({ "card": card }))?;
    let bad = |message: String| LuaError { script: script.name.clone(), line: None, message: format!("declare(): {message}") };
    if r.text.trim().is_empty() {
        return Err(bad("`text` (the card text shown to the players) is empty".into()));
    }
    let last = c.turns.len() as u8;
    let turns = match r.turns.as_slice() {
        [] => (1, last),
        &[a, b] if 1 <= a && a <= b && b <= last => (a, b),
        t => return Err(bad(format!("`turns` must be {{first, last}} within 1..={last}, got {t:?}"))),
    };
    let mut requires = Vec::new();
    for q in &r.requires {
        let side = |x: &str| match x {
            "union" => Ok(Side::Union),
            "csa" => Ok(Side::Csa),
            _ => Err(bad(format!("`{q}`: `{x}` is not a side (union or csa)"))),
        };
        let two = || bad(format!("`{q}`: expected two names after the kind, as in `control:richmond:csa`"));
        let card = |s: &str| -> Result<CardNo, LuaError> {
            s.parse::<CardNo>().ok().filter(|&n| c.card(n).is_some()).ok_or_else(|| bad(format!("`{q}`: no card `{s}`")))
        };
        requires.push(match q.split_once(':') {
            None if q == "emancipation" => Require::Emancipation(true),
            None if q == "no_emancipation" => Require::Emancipation(false),
            None if q == "opponent_has_cards" => Require::OpponentHasCards,
            None if q == "opponent_has_discardable" => Require::OpponentHasDiscardable,
            None if q == "union_major_win" => Require::UnionMajorWin,
            None if q == "discards" => Require::Discards,
            Some(("in_force", n)) => Require::InForce(card(n)?, true),
            Some(("not_in_force", n)) => Require::InForce(card(n)?, false),
            Some(("side", x)) => Require::Side(side(x)?),
            Some((kind @ ("control" | "not_control"), rest)) => {
                let (space, who) = rest.split_once(':').ok_or_else(two)?;
                let space = c.space(space).ok_or_else(|| bad(format!("`{q}`: no space `{space}`")))?;
                let control = if who == "neutral" { Control::Neutral } else { Control::Of(side(who)?) };
                Require::Control(space.0, control, kind == "control")
            }
            Some((kind @ ("general" | "no_general"), id)) => Require::General(c.general(id).ok_or_else(|| bad(format!("`{q}`: no general `{id}`")))?, kind == "general"),
            Some((kind @ ("some_control" | "not_all_control"), rest)) => {
                let (state, who) = rest.split_once(':').ok_or_else(two)?;
                let state = c.state(state).ok_or_else(|| bad(format!("`{q}`: no state `{state}`")))?;
                Require::InState(state, side(who)?, kind == "some_control")
            }
            _ => return Err(bad(format!("unknown requirement `{q}`; expected {REQUIREMENTS}"))),
        });
    }
    let mut when = Vec::new();
    for w in &r.when {
        when.push(match w.as_str() {
            "round" => Timing::Round,
            "enemy_move" => Timing::EnemyMove,
            _ => return Err(bad(format!("unknown timing `{w}`; expected round or enemy_move"))),
        });
    }
    if when.is_empty() {
        when.push(Timing::Round);
    }
    Ok(EventDecl { text: r.text.trim().to_string(), turns, requires, when, playable: r.playable })
}
