//! Turn flow as data: the stack of pending decisions a game keeps inside its state.
//!
//! Each game defines its own frame type (an enum of procedure steps such as "Union: choose a
//! port to assault", "bid in the auction of the Lizzie", "p3: evacuate your ships"). The top
//! frame is the decision owed now; a procedure pushes sub-steps and pops them when done. Because
//! the frames are plain data, a half-finished procedure is saved, cloned and undone like
//! everything else, and an interrupt is just a frame pushed on top.
//!
//! # The flow driver: automatic steps run by the engine
//! Between two decisions a game runs automatic steps (a Union Action, an initiative roll, the end
//! of a year). A game implements [`Procedure`] for its frames: [`Procedure::next_step`] looks at
//! the state and names the automatic step due now (or `None`: a decision is owed, or the game is
//! over), [`Procedure::run_step`] is that step's effect. [`drive`] runs steps until a decision is
//! owed, and is the one place where
//! * the hooks fire: [`Procedure::at_step`] is called at the start and the end of every step with
//!   its stable name (`year-start`, `action-phase`...); a game lets its scenario's Lua hooks
//!   ([`crate::hooks`]) act there;
//! * a step that never yields is caught: after [`MAX_STEPS`] steps without a decision, `drive`
//!   stops with [`Stuck`] naming the step, never a hang. That is a bug in the game's rules; the
//!   game reports it as a refusal (a session applies every action to a copy, so its state is
//!   untouched).
//!
//! ```
//! use bivouac_engine::flow::{Procedure, drive};
//! use bivouac_engine::log::Log;
//! struct Countdown;
//! impl Procedure for Countdown {
//!     type State = u32;
//!     type Step = ();
//!     fn next_step(&self, s: &u32) -> Option<()> { (*s > 0).then_some(()) }
//!     fn step_name(&self, _: &()) -> &'static str { "tick" }
//!     fn run_step(&self, s: &mut u32, _: (), _: &mut Log) { *s -= 1 }
//! }
//! let mut s = 3;
//! assert_eq!(drive(&Countdown, &mut s, &mut Log::quiet()), Ok(3));
//! assert_eq!(s, 0);
//! ```

use crate::log::{Log, Refusal};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A game's sequence of play between decisions: which automatic step is due, and its effect.
pub trait Procedure {
    type State;
    /// An automatic step as [`Procedure::next_step`] found it (often the frame on top).
    type Step;
    /// The automatic step due now, from the state alone; `None` when a decision is owed or the
    /// game is over.
    fn next_step(&self, s: &Self::State) -> Option<Self::Step>;
    /// The step's stable name, as hooks and errors see it (lower-case words joined by `-`).
    fn step_name(&self, step: &Self::Step) -> &'static str;
    /// The step's effect.
    fn run_step(&self, s: &mut Self::State, step: Self::Step, log: &mut Log);
    /// Called at the start and at the end of every step (the hook points). Default: nothing.
    fn at_step(&self, _s: &mut Self::State, _at: At, _step: &'static str, _log: &mut Log) {}
}

/// Where around a step a hook fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    Start,
    End,
}

/// Steps [`drive`] runs in one go before it calls the procedure stuck. No game comes near it: a
/// whole Blockade Runner year or GCACW turn takes a few hundred.
pub const MAX_STEPS: usize = 100_000;

/// The procedure ran [`MAX_STEPS`] automatic steps without owing a decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// The step that was about to run again.
    pub step: &'static str,
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the automatic step `{}` ran {MAX_STEPS} steps without a decision being owed: the rules loop", self.step)
    }
}

impl std::error::Error for Stuck {}

impl From<Stuck> for Refusal {
    fn from(s: Stuck) -> Self {
        Refusal::new("sequence of play", s.to_string())
    }
}

/// Run automatic steps until a decision is owed or the game is over; returns how many ran.
pub fn drive<P: Procedure + ?Sized>(p: &P, s: &mut P::State, log: &mut Log) -> Result<usize, Stuck> {
    let mut n = 0;
    while let Some(step) = p.next_step(s) {
        let name = p.step_name(&step);
        if n == MAX_STEPS {
            return Err(Stuck { step: name });
        }
        n += 1;
        p.at_step(s, At::Start, name, log);
        p.run_step(s, step, log);
        p.at_step(s, At::End, name, log);
    }
    Ok(n)
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Flow<F> {
    frames: Vec<F>,
}

impl<F> Default for Flow<F> {
    fn default() -> Self {
        Flow { frames: Vec::new() }
    }
}

impl<F> Flow<F> {
    pub fn new() -> Self {
        Self::default()
    }

    /// The decision owed now.
    pub fn top(&self) -> Option<&F> {
        self.frames.last()
    }

    pub fn top_mut(&mut self) -> Option<&mut F> {
        self.frames.last_mut()
    }

    pub fn push(&mut self, frame: F) {
        self.frames.push(frame);
    }

    pub fn pop(&mut self) -> Option<F> {
        self.frames.pop()
    }

    /// Replace the top frame (a step that leads straight to the next).
    pub fn replace(&mut self, frame: F) {
        self.frames.pop();
        self.frames.push(frame);
    }

    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Frames from the bottom (the outermost procedure) to the top.
    pub fn iter(&self) -> impl Iterator<Item = &F> {
        self.frames.iter()
    }

    pub fn clear(&mut self) {
        self.frames.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Frame {
        Turn { seat: u8 },
        Interrupt { seat: u8 },
    }

    /// A toy turn: `Upkeep` and `Score` are automatic, `Turn` waits for a seat; `Spin` never
    /// yields.
    struct Toy;
    impl Procedure for Toy {
        type State = (Flow<Frame>, Vec<String>);
        type Step = Frame;
        fn next_step(&self, s: &Self::State) -> Option<Frame> {
            s.0.top().filter(|f| !matches!(f, Frame::Turn { .. })).cloned()
        }
        fn step_name(&self, f: &Frame) -> &'static str {
            match f {
                Frame::Interrupt { .. } => "interrupt",
                Frame::Turn { .. } => "turn",
            }
        }
        fn run_step(&self, s: &mut Self::State, f: Frame, _: &mut Log) {
            // An interrupt of seat 9 never ends: it puts itself back.
            if f != (Frame::Interrupt { seat: 9 }) {
                s.0.pop();
            }
        }
        fn at_step(&self, s: &mut Self::State, at: At, step: &'static str, _: &mut Log) {
            s.1.push(format!("{at:?} {step}"));
        }
    }

    #[test]
    fn drive_runs_automatic_steps_until_a_decision_with_hooks_around_each() {
        let mut s = (Flow::new(), Vec::new());
        s.0.push(Frame::Turn { seat: 0 });
        s.0.push(Frame::Interrupt { seat: 1 });
        s.0.push(Frame::Interrupt { seat: 2 });
        assert_eq!(drive(&Toy, &mut s, &mut Log::quiet()), Ok(2));
        assert_eq!(s.0.top(), Some(&Frame::Turn { seat: 0 }));
        assert_eq!(s.1, ["Start interrupt", "End interrupt", "Start interrupt", "End interrupt"]);
        // A decision on top: nothing runs.
        assert_eq!(drive(&Toy, &mut s, &mut Log::quiet()), Ok(0));
    }

    #[test]
    fn a_step_that_never_yields_is_an_error_naming_it() {
        let mut s = (Flow::new(), Vec::new());
        s.0.push(Frame::Interrupt { seat: 9 });
        let err = drive(&Toy, &mut s, &mut Log::quiet()).unwrap_err();
        assert_eq!(err.step, "interrupt");
        let r: Refusal = err.into();
        assert!(r.message.contains("`interrupt`") && r.message.contains("loop"), "{r:?}");
    }

    #[test]
    fn interrupt_sits_on_top_and_turn_resumes() {
        let mut f = Flow::new();
        f.push(Frame::Turn { seat: 0 });
        f.push(Frame::Interrupt { seat: 1 });
        assert_eq!(f.top(), Some(&Frame::Interrupt { seat: 1 }));
        let json = serde_json::to_string(&f).unwrap();
        let mut back: Flow<Frame> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, f);
        back.pop();
        assert_eq!(back.top(), Some(&Frame::Turn { seat: 0 }));
    }
}
