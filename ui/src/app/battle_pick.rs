//! Acting on a battle board by clicking: pick a piece, the boxes its legal actions put it in
//! light up, a click on a lit box plays that action. The boxes and pieces come from the game's
//! `BattleBoard`, the actions from its legal actions and their hints (`piece`, `to_box`).

use super::play::Play;
use std::collections::HashSet;

/// A click on the battle board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BattleClick {
    Piece(String),
    Box(String),
}

impl Play {
    /// The boxes to light: those the picked piece may go to (or fire at).
    pub fn lit_boxes(&self) -> HashSet<String> {
        let Some(p) = &self.battle_piece else { return HashSet::new() };
        self.actions.iter().filter(|(_, h)| h.piece.as_ref() == Some(p)).filter_map(|(_, h)| h.to_box.clone()).collect()
    }

    /// The name printed on the battle piece `key` ("the piece" when it shows none).
    pub fn battle_piece_name(&self, key: &str) -> String {
        let pieces = self.board.battle.iter().flat_map(|b| b.sides.iter()).flat_map(|s| s.boxes.iter()).flat_map(|b| b.pieces.iter());
        pieces.filter(|x| x.key == key).map(|x| if x.name.is_empty() { x.piece.label.clone() } else { x.name.clone() }).find(|l| !l.is_empty()).unwrap_or_else(|| "the piece".into())
    }

    /// True when some legal action is about this battle piece.
    pub fn battle_piece_acts(&self, key: &str) -> bool {
        !key.is_empty() && self.actions.iter().any(|(_, h)| h.piece.as_deref() == Some(key))
    }

    pub fn click_battle(&mut self, click: BattleClick) {
        if self.review.is_some() {
            return;
        }
        match click {
            BattleClick::Piece(key) => {
                self.choice.clear();
                self.battle_piece = if self.battle_piece.as_deref() == Some(key.as_str()) || !self.battle_piece_acts(&key) { None } else { Some(key) };
                // Its actions without a box (take a hit, reinforce...) are offered at once.
                if let Some(p) = &self.battle_piece {
                    self.choice = (0..self.actions.len()).filter(|&i| self.actions[i].1.piece.as_ref() == Some(p) && self.actions[i].1.to_box.is_none()).collect();
                }
            }
            BattleClick::Box(key) => {
                let Some(p) = self.battle_piece.clone() else { return };
                let list: Vec<usize> = (0..self.actions.len()).filter(|&i| self.actions[i].1.piece.as_ref() == Some(&p) && self.actions[i].1.to_box.as_ref() == Some(&key)).collect();
                match list.len() {
                    0 => {}
                    1 => {
                        let text = self.actions[list[0]].0.clone();
                        self.choose(&text);
                    }
                    _ => self.choice = list,
                }
            }
        }
    }
}
