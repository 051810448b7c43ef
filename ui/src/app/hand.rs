//! The hand: legal actions that play a card (`hint.card`), one card per frame with its face
//! (value and text, from the board's `cards`) and its actions as buttons (play as operations,
//! as the event, discard... whatever the rules offer).

use bivouac_engine::board::{ActionHint, CardFace};
use egui::{Color32, RichText};

pub fn show(ui: &mut egui::Ui, actions: &[(String, ActionHint)], faces: &[CardFace]) -> Option<String> {
    let mut cards: Vec<(&str, Vec<usize>)> = Vec::new();
    for (i, (_, h)) in actions.iter().enumerate() {
        if let Some(c) = &h.card {
            match cards.iter_mut().find(|(name, _)| *name == c.as_str()) {
                Some((_, list)) => list.push(i),
                None => cards.push((c.as_str(), vec![i])),
            }
        }
    }
    if cards.is_empty() {
        return None;
    }
    let mut chosen = None;
    ui.separator();
    ui.label(RichText::new("Your hand").strong());
    // One card under the other: a frame does not wrap like a word, so a row of cards would run
    // off a narrow panel.
    ui.vertical(|ui| {
        for (title, list) in cards {
            egui::Frame::new()
                .fill(Color32::from_rgb(250, 244, 226))
                .stroke(egui::Stroke::new(1.0, Color32::from_rgb(120, 100, 70)))
                .corner_radius(6.0)
                .inner_margin(8.0)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width().min(320.0));
                    ui.vertical(|ui| {
                        let face = faces.iter().find(|f| f.title == title);
                        ui.horizontal_wrapped(|ui| {
                            ui.label(RichText::new(title).strong().color(Color32::from_rgb(60, 40, 20)));
                            if let Some(v) = face.and_then(|f| f.value.as_ref()) {
                                ui.label(RichText::new(v).strong().color(Color32::from_rgb(150, 40, 30)));
                            }
                        });
                        if let Some(f) = face.filter(|f| !f.text.is_empty()) {
                            ui.label(RichText::new(&f.text).small().color(Color32::from_rgb(70, 60, 50)));
                        }
                        ui.horizontal_wrapped(|ui| {
                            for i in list {
                                if ui.button(super::play::words_of(&actions[i])).clicked() {
                                    chosen = Some(actions[i].0.clone());
                                }
                            }
                        });
                    });
                });
        }
    });
    chosen
}
