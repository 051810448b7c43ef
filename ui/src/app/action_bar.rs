//! The prompt and the action bar, in a strip of fixed height above the map: what the player is
//! asked to do, in the game's words, and the few buttons a step needs (Undo, then the actions
//! that finish a step: those with no target on the board and a one-word notation, "pass",
//! "done", "end"). Undo keeps the right edge and the finishing buttons have fixed widths, so
//! nothing moves under the cursor from one action to the next.

use super::play::Play;
use egui::{Align, Layout, RichText};

/// The strip's height.
pub const HEIGHT: f32 = 46.0;
/// Each button's size.
const BUTTON: egui::Vec2 = egui::vec2(92.0, 30.0);
/// At most this many finishing buttons (the rest stay in the full list).
const MOST: usize = 4;

/// What the player pressed.
pub enum Pressed {
    Undo,
    Act(String),
}

/// The legal actions that finish a step: nothing to point at on the board or the battle
/// board, no card, and a notation of one word.
pub fn finishing(play: &Play) -> Vec<usize> {
    play.actions
        .iter()
        .enumerate()
        .filter(|(_, (text, h))| h.from.is_none() && h.to.is_none() && h.card.is_none() && h.piece.is_none() && h.to_box.is_none() && !text.trim().contains(' '))
        .map(|(i, _)| i)
        .take(MOST)
        .collect()
}

/// A one-word notation as a button says it: "pass" -> "Pass".
pub fn label(text: &str) -> String {
    let mut c = text.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}

/// The sentence at the left of the strip.
fn headline(play: &Play) -> (String, bool) {
    if let Some(o) = &play.outcome {
        let winners: Vec<&str> = o.winners.iter().map(|&w| play.seat_name(w)).collect();
        let who = if winners.is_empty() { "nobody wins".to_string() } else { format!("{} won", winners.join(", ")) };
        return (format!("Game over: {who}"), false);
    }
    if play.review.is_some() {
        return ("Reviewing an earlier step: the log's \"Back to the game\" returns".to_string(), false);
    }
    match play.acting {
        Some(a) if play.viewer == Some(a) && !play.actions.is_empty() => {
            let text = play.prompt.clone().unwrap_or_else(|| format!("{}: choose one of your {} actions", play.seat_name(a), play.actions.len()));
            (text, true)
        }
        _ => {
            let names: Vec<String> = play.active.iter().map(|&s| format!("{}{}", play.seat_name(s), if play.is_ai(s) { " (AI)" } else { "" })).collect();
            (format!("Waiting for {}", names.join(", ")), false)
        }
    }
}

pub fn show(ui: &mut egui::Ui, play: &Play) -> Option<Pressed> {
    let mut pressed = None;
    let can_act = play.review.is_none() && play.handover.is_none();
    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
        let undo = ui.add_enabled_ui(can_act, |ui| ui.add_sized(BUTTON, egui::Button::new("Undo"))).inner;
        if undo.on_hover_text("Take back your last action, where the rules allow it (Ctrl+Z)").clicked() {
            pressed = Some(Pressed::Undo);
        }
        if can_act {
            for i in finishing(play) {
                let text = &play.actions[i].0;
                let words = if play.actions[i].1.words.is_empty() { label(text) } else { play.actions[i].1.words.clone() };
                let button = egui::Button::new(RichText::new(&words).strong()).min_size(BUTTON);
                if ui.add(button).on_hover_text(format!("Play: {words}")).clicked() {
                    pressed = Some(Pressed::Act(text.clone()));
                }
            }
        }
        ui.with_layout(Layout::left_to_right(Align::Center), |ui| {
            let (text, yours) = headline(play);
            let rich = RichText::new(text).size(18.0);
            let rich = if yours { rich.strong().color(ui.visuals().strong_text_color()) } else { rich.weak() };
            ui.add(egui::Label::new(rich).truncate());
        });
    });
    pressed
}
