//! The question asked before an action that cannot be taken back (it rolls dice, draws or
//! reveals, spends a card, or ends the turn): the player confirms it or cancels.

use super::play::Play;
use egui::RichText;

/// Draw the question while one is pending; the answer is given to the play.
pub fn show(ctx: &egui::Context, play: &mut Play) {
    let Some(c) = play.confirm.clone() else { return };
    let mut answer = None;
    egui::Modal::new(egui::Id::unique("confirm-action")).show(ctx, |ui| {
        ui.set_width(380.0);
        ui.label(RichText::new("This cannot be taken back").size(17.0).strong());
        ui.add_space(4.0);
        ui.label(format!("\"{}\" {}. Undo will not be able to take it back.", c.words, c.why));
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            if ui.add_sized([110.0, 30.0], egui::Button::new(RichText::new("Confirm").strong())).clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                answer = Some(true);
            }
            if ui.add_sized([110.0, 30.0], egui::Button::new("Cancel")).clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                answer = Some(false);
            }
        });
    });
    if let Some(yes) = answer {
        play.answer_confirm(yes);
    }
}
