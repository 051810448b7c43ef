//! What a card's `declare()` returns, checked once at load: the card text, when the event may
//! be played (FtP 4.2), and whether `playable(view)` must be asked.

use super::super::content::{CardNo, Content};
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
    /// FtP 4.4.1 [INTERP]: the Union has won a medium or large battle this turn.
    UnionMajorWin,
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
        let card = |s: &str| -> Result<CardNo, LuaError> {
            s.parse::<CardNo>().ok().filter(|&n| c.card(n).is_some()).ok_or_else(|| bad(format!("`{q}`: no card `{s}`")))
        };
        requires.push(match q.split_once(':') {
            None if q == "emancipation" => Require::Emancipation(true),
            None if q == "no_emancipation" => Require::Emancipation(false),
            None if q == "opponent_has_cards" => Require::OpponentHasCards,
            None if q == "union_major_win" => Require::UnionMajorWin,
            Some(("in_force", n)) => Require::InForce(card(n)?, true),
            Some(("not_in_force", n)) => Require::InForce(card(n)?, false),
            _ => return Err(bad(format!("unknown requirement `{q}`; expected emancipation, no_emancipation, opponent_has_cards, union_major_win, in_force:N or not_in_force:N"))),
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
