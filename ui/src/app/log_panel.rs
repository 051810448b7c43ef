//! The log: every action and the events the viewing seat may read, with the rule citations they
//! carry. Clicking an entry shows the board as it was after that step.

use super::play::{Play, citations};
use egui::{Color32, RichText};

/// How many of the latest steps are listed (older ones behind a button, to keep frames cheap).
const SHOWN: usize = 200;

/// Returns the step count to review, if the player clicked an entry.
pub fn show(ui: &mut egui::Ui, play: &Play, show_all: &mut bool) -> Option<usize> {
    let mut review = None;
    let history = play.table.history();
    let reviewing = play.review.as_ref().map(|r| r.steps);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Log").strong());
        if reviewing.is_some() && ui.button("Back to the game").clicked() {
            review = Some(usize::MAX);
        }
    });
    egui::ScrollArea::vertical().id_salt("log").stick_to_bottom(true).auto_shrink([false, false]).show(ui, |ui| {
        let start = if *show_all { 0 } else { history.len().saturating_sub(SHOWN) };
        if start > 0 && ui.button(format!("Show {start} earlier actions")).clicked() {
            *show_all = true;
        }
        if start == 0 && ui.selectable_label(reviewing == Some(0), "0. setup").clicked() {
            review = Some(0);
        }
        for (i, (step, words)) in history.iter().zip(&play.log.steps).enumerate().skip(start) {
            let who = play.seat_title(step.seat);
            let ai = if play.is_ai(step.seat) { " (AI)" } else { "" };
            let text = format!("{}. {who}{ai}: {}", i + 1, words.action);
            if ui.selectable_label(reviewing == Some(i + 1), text).on_hover_text("Show the board after this action").clicked() {
                review = Some(i + 1);
            }
            if play.auto_steps.contains(&i) {
                ui.horizontal(|ui| {
                    ui.add_space(14.0);
                    ui.label(RichText::new("the only legal choice: taken for you").italics().color(ui.visuals().weak_text_color()));
                });
            }
            for e in &words.events {
                let color = if e.secret { Color32::from_rgb(120, 60, 140) } else { ui.visuals().weak_text_color() };
                let parts = super::dice_panel::clauses(&e.text);
                ui.horizontal_wrapped(|ui| {
                    ui.add_space(14.0);
                    ui.label(RichText::new(parts[0]).color(color));
                    for c in citations(&e.text) {
                        ui.label(RichText::new(c).small().strong().color(Color32::from_rgb(40, 90, 160)));
                    }
                });
                // A long line (a battle's forces, rolls and result) one clause a line.
                for p in &parts[1..] {
                    ui.horizontal_wrapped(|ui| {
                        ui.add_space(28.0);
                        ui.label(RichText::new(*p).color(color));
                    });
                }
            }
        }
    });
    review
}
