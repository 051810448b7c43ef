//! The dice panel: the latest die rolls the viewing seat may read, newest first, each under the
//! action that caused it and with the rules it cites, so a battle and its dice read at a glance
//! without scrolling the whole log (the battle itself is in the game's board panels).

use super::play::{Play, citations};
use bivouac_engine::log::EventKind;
use egui::{Color32, RichText};

/// How many recent actions are searched for rolls.
const LOOKBACK: usize = 12;

pub fn show(ui: &mut egui::Ui, play: &Play) {
    let history = play.session.history();
    let upto = play.review.as_ref().map_or(history.len(), |r| r.steps);
    let from = upto.saturating_sub(LOOKBACK);
    let mut any = false;
    egui::CollapsingHeader::new(RichText::new("Dice").strong()).id_salt("dice").default_open(true).show(ui, |ui| {
        for (i, step) in history[from..upto].iter().enumerate().rev() {
            let rolls: Vec<&str> = step
                .events
                .iter()
                .filter(|e| e.kind == EventKind::Roll && e.visible_to(play.viewer))
                .map(|e| e.text.as_str())
                .collect();
            if rolls.is_empty() {
                continue;
            }
            any = true;
            ui.label(RichText::new(format!("{}. {}: {}", from + i + 1, play.seat_name(step.seat), step.action_for(play.viewer))).small().weak());
            for text in rolls {
                ui.horizontal_wrapped(|ui| {
                    ui.add_space(8.0);
                    ui.label(RichText::new(text).color(Color32::from_rgb(120, 40, 20)));
                    for c in citations(text) {
                        ui.label(RichText::new(c).small().strong().color(Color32::from_rgb(40, 90, 160)));
                    }
                });
            }
        }
        if !any {
            ui.weak("No die rolled in the last actions.");
        }
    });
}
