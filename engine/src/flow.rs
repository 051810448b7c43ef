//! Turn flow as data: the stack of pending decisions a game keeps inside its state.
//!
//! Each game defines its own frame type (an enum of procedure steps such as "Union: choose a
//! port to assault", "bid in the auction of the Lizzie", "p3: evacuate your ships"). The top
//! frame is the decision owed now; a procedure pushes sub-steps and pops them when done. Because
//! the frames are plain data, a half-finished procedure is saved, cloned and undone like
//! everything else, and an interrupt is just a frame pushed on top.

use serde::{Deserialize, Serialize};

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
