//! Playing an event: the flow frame of a half-played event, the script loop (ask a seat,
//! roll dice, apply commands) and the interrupt windows of FtP 4.2.5.

use super::super::FtP;
use super::super::content::{CardFlag, CardNo, Side};
use super::super::rules::other;
use super::super::state::*;
use super::commands::{Ctx, Returned};
use super::decl::{Require, Timing};
use super::word::Word;
use bivouac_engine::log::{Log, Refusal};
use bivouac_engine::piles::CardId;
use serde::{Deserialize, Serialize};

/// What a script has been given so far: a seat's choice (an option id) or a die roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    Choice(String),
    Roll(u8),
}

/// A seat must choose one of `options` (`choose <option>`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ask {
    pub seat: Side,
    pub prompt: String,
    pub options: Vec<Word>,
}

impl Ask {
    /// The options as the players read them, `a, b, c`.
    pub fn options_text(&self) -> String {
        self.options.iter().map(|o| o.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// A half-played event (under `Frame::Event`): plain data, so it saves, clones and undoes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSt {
    pub card: CardNo,
    pub side: Side,
    /// Played as an interrupt (FtP 4.2.5): the round order is not changed.
    pub interrupt: bool,
    pub inputs: Vec<Input>,
    pub ask: Option<Ask>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AskR {
    seat: String,
    prompt: String,
    options: Vec<String>,
}

/// One answer of `play(view)`: exactly one of the three.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    ask: Option<AskR>,
    roll: Option<u8>,
    commands: Option<Vec<Returned>>,
}

/// Where the dice of an event come from: the state's RNG in play, a list in tests.
pub(crate) type Roller<'a> = &'a mut dyn FnMut(&mut State) -> u8;

/// Most script calls one event may make (asks and rolls), against runaway scripts.
const MAX_STEPS: usize = 200;

/// Most questions one event may ask the players (an engine rule; no event of the game asks a
/// tenth of it). An event that asks again past it is cut off: it ends with the commands it had
/// not yet returned left unapplied, so no player is kept choosing for ever. The load-time dry
/// run reports a script that reaches it (dryrun.rs).
pub(crate) const MAX_ASKS: usize = 100;

impl FtP {
    /// FtP 4.2: may `side` play `card`'s scripted event now, at this timing? Data first
    /// (side, turns, the prerequisites `declare()` lists), then the script's `playable(view)` if
    /// it declared one: a failed prerequisite spares the Lua call.
    pub(crate) fn script_event_playable(&self, st: &State, side: Side, card: CardNo, timing: Timing) -> bool {
        let ok = self.script_event_playable_now(st, side, card, timing);
        if ok {
            super::count_offered(card);
        }
        ok
    }

    fn script_event_playable_now(&self, st: &State, side: Side, card: CardNo, timing: Timing) -> bool {
        let (Some(d), Some((script, decl))) = (self.c.card(card), self.c.events.get(card)) else { return false };
        if !Self::event_side_ok(d.event, side) || !decl.when.contains(&timing) || st.phase != Phase::Strategy {
            return false;
        }
        if st.turn < decl.turns.0 || st.turn > decl.turns.1 {
            return false;
        }
        let ok = decl.requires.iter().all(|r| match *r {
            Require::Emancipation(b) => st.emancipation == b,
            Require::InForce(n, b) => st.in_force.iter().any(|f| f.card == n) == b,
            Require::OpponentHasCards => !st.piles.is_empty(HAND[other(side).index()]),
            Require::OpponentHasDiscardable => !self.discardable(st, other(side)).is_empty(),
            Require::UnionMajorWin => st.union_major_win == st.turn,
            Require::Discards => !st.piles.is_empty(DISCARD),
            Require::Side(s) => side == s,
            Require::Control(s, c, b) => (st.control(s) == c) == b,
            Require::General(g, b) => matches!(st.generals[g as usize], GenAt::Map(_) | GenAt::Army(_)) == b,
            Require::InState(state, s, b) => (0..self.c.map.len() as Sp).any(|x| self.state_of(x) == state as usize && st.controls(s, x) == b),
        });
        if !ok {
            return false;
        }
        if !decl.playable {
            return true;
        }
        // A failing `playable` is the script's bug: the event is not offered (load-time dry
        // runs report such scripts). Memoized per position: see `memo`.
        super::memo::playable(self, st, side, card, timing, &script.source, |view| {
            super::count_asked(card);
            super::host().call_input_as::<bool>(script, "playable", view).unwrap_or(false)
        })
    }

    /// Play `card` as `side`'s scripted event: the card leaves the hand (to the removed pile if
    /// cards.toml says `remove = true`, FtP 4.2.1, else the discards) and the script runs.
    /// The caller has removed the frame the event was played from.
    pub(crate) fn start_event(&self, st: &mut State, side: Side, card: CardNo, interrupt: bool, log: &mut Log, roll: Roller) -> Result<(), String> {
        let d = self.c.card(card).ok_or("no such card")?;
        if !interrupt {
            st.next = other(side);
            // FtP 4.2.6: a Union round spent otherwise ends a lapsed "Forward to Richmond!".
            st.forward = None;
        }
        let to = if d.remove { REMOVED } else { DISCARD };
        st.piles.move_card(CardId(card as u16 - 1), HAND[side.index()], to).map_err(|e| e.to_string())?;
        log.reveal(|| format!("{} plays #{} {} as {} (FtP 4.2)", side.name(), card, d.title, if interrupt { "an interrupt (FtP 4.2.5)" } else { "an event" }));
        super::count_played(card);
        // FtP 15: the Union's blockade obligation is met by playing such a card as its event.
        if !interrupt {
            self.blockade_duty_played(st, side, card);
        }
        st.flow.push(Frame::Event);
        st.events.push(EventSt { card, side, interrupt, inputs: Vec::new(), ask: None });
        self.advance_event(st, log, roll)
    }

    /// The asked seat picks `option`; the script goes on.
    pub(crate) fn choose_event(&self, st: &mut State, option: Word, log: &mut Log, roll: Roller) -> Result<(), String> {
        let e = st.events.last_mut().ok_or("no event under way")?;
        let ask = e.ask.take().ok_or("the event asks nothing now")?;
        if !ask.options.contains(&option) {
            return Err(format!("`{option}` is not one of {}", ask.options_text()));
        }
        log.info(|| format!("{} chooses {option}: {}", ask.seat.name(), ask.prompt));
        e.inputs.push(Input::Choice(option.to_string()));
        self.advance_event(st, log, roll)
    }

    /// Call the script until it asks a seat or returns its commands.
    fn advance_event(&self, st: &mut State, log: &mut Log, roll: Roller) -> Result<(), String> {
        for _ in 0..MAX_STEPS {
            let e = st.events.last().ok_or("no event under way")?.clone();
            let (script, _) = self.c.events.get(e.card).ok_or("the card has no event script")?;
            let inputs = e.inputs.iter().map(|i| match i {
                Input::Choice(s) => serde_json::json!(s),
                Input::Roll(n) => serde_json::json!(n),
            }).collect();
            // The view reads the state as one position (each space's strength from one table).
            let step: Step = self.at_position(st, || super::host().call_input_as(script, "play", self.event_input(st, e.side, e.card, inputs))).map_err(|x| x.to_string())?;
            let top = st.events.last_mut().expect("event");
            match step {
                Step { ask: Some(a), roll: None, commands: None } => {
                    let seat = match a.seat.as_str() {
                        "union" => Side::Union,
                        "csa" => Side::Csa,
                        s => return Err(format!("ask: `{s}` is not a seat (union or csa)")),
                    };
                    if a.options.is_empty() || a.options.iter().any(|o| o.is_empty() || o.len() > 40 || o.contains(char::is_whitespace)) {
                        return Err(format!("ask: options must be 1 or more single words of at most 40 characters, got {:?}", a.options));
                    }
                    let options = a.options.iter().map(|o| Word::new(o)).collect::<Result<Vec<_>, _>>().map_err(|m| format!("ask: {m}"))?;
                    if top.inputs.iter().filter(|i| matches!(i, Input::Choice(_))).count() >= MAX_ASKS {
                        // The engine's bound on questions (MAX_ASKS): the event ends here.
                        st.events.pop();
                        if matches!(st.flow.top(), Some(Frame::Event)) {
                            st.flow.pop();
                        }
                        let name = &script.name;
                        log.info(|| format!("event #{}: {name} asked {MAX_ASKS} questions and is cut off with no further effect (an engine bound)", e.card));
                        return Ok(());
                    }
                    top.ask = Some(Ask { seat, prompt: a.prompt, options });
                    return Ok(());
                }
                Step { ask: None, roll: Some(n), commands: None } if (1..=10).contains(&n) => {
                    let mut dice = Vec::new();
                    for _ in 0..n {
                        dice.push(roll(st));
                    }
                    log.roll(|| format!("event #{}: rolls {dice:?}", e.card));
                    st.events.last_mut().expect("event").inputs.extend(dice.into_iter().map(Input::Roll));
                }
                Step { ask: None, roll: None, commands: Some(list) } => {
                    let cx = Ctx { side: e.side, card: e.card, interrupt: e.interrupt };
                    let cmds = self.check_commands(st, cx, list)?;
                    st.events.pop();
                    if matches!(st.flow.top(), Some(Frame::Event)) {
                        st.flow.pop();
                    }
                    return self.apply_commands(st, cx, &cmds, log);
                }
                _ => return Err("play must return exactly one of {ask = ...}, {roll = 1..10} or {commands = {...}}".into()),
            }
        }
        Err(format!("more than {MAX_STEPS} asks and rolls"))
    }

    /// FtP 4.2.5: once an enemy force is activated for a land move, the other side may answer
    /// with an interrupt event before it takes a step (naval moves cannot be interrupted).
    pub(crate) fn open_interrupt(&self, st: &mut State) {
        let Some(m) = st.moving.as_ref() else { return };
        if st.naval.voyage.is_some() {
            return;
        }
        let side = other(m.side);
        if !self.interrupts(st, side).is_empty() {
            st.flow.push(Frame::Interrupt { side });
        }
    }

    /// The interrupt cards `side` may play now.
    pub(crate) fn interrupts(&self, st: &State, side: Side) -> Vec<CardNo> {
        st.piles
            .cards(HAND[side.index()])
            .iter()
            .map(|c| c.0 as CardNo + 1)
            .filter(|&n| self.c.card(n).is_some_and(|d| d.has(CardFlag::Interrupt)) && self.script_event_playable(st, side, n, Timing::EnemyMove))
            .collect()
    }

    /// The event actions, performed on a copy that is kept only if the script and its commands
    /// succeed, so a broken script refuses the action naming FtP 4.2 with the state untouched.
    /// `None`: not an event action.
    pub(crate) fn event_action(&self, st: &mut State, a: &Action, log: &mut Log) -> Option<Result<(), Refusal>> {
        let top = *st.flow.top()?;
        let mut roll = |s: &mut State| s.rng.roll(6) as u8;
        self.event_action_with(st, top, a, log, &mut roll)
    }

    pub(crate) fn event_action_with(&self, st: &mut State, top: Frame, a: &Action, log: &mut Log, roll: Roller) -> Option<Result<(), Refusal>> {
        if !matches!((top, a), (Frame::Round { .. } | Frame::Interrupt { .. }, Action::Event { .. }) | (Frame::Event, Action::Choose { .. })) {
            return None;
        }
        // Only an event action pays for the copy (`apply` asks here for every action).
        let mut tmp = st.clone();
        let r = match (top, a) {
            (Frame::Round { side }, Action::Event { card }) if self.c.events.get(*card).is_some() && !self.is_campaign(*card) => {
                tmp.flow.pop();
                self.start_event(&mut tmp, side, *card, false, log, roll).map_err(|m| (*card, m))
            }
            (Frame::Interrupt { side }, Action::Event { card }) => {
                tmp.flow.pop();
                self.start_event(&mut tmp, side, *card, true, log, roll).map_err(|m| (*card, m))
            }
            (Frame::Event, Action::Choose { option }) => {
                let card = tmp.events.last().map(|e| e.card).unwrap_or(0);
                self.choose_event(&mut tmp, *option, log, roll).map_err(|m| (card, m))
            }
            _ => return None,
        };
        Some(match r {
            Ok(()) => {
                *st = tmp;
                Ok(())
            }
            Err((card, m)) => Err(Refusal::new("FtP 4.2", format!("event #{card}: {m}"))),
        })
    }

    pub(crate) fn is_campaign(&self, card: CardNo) -> bool {
        self.c.card(card).is_some_and(|d| d.has(CardFlag::MajorCampaign) || d.has(CardFlag::MinorCampaign))
    }
}
