//! The battle board a game may draw beside its map (`Board::battle`, e.g. Bobby Lee's): one row
//! of boxes per side, its blocks as counters (faces only where the viewer may see them), the
//! clock and step, and the last dice rolled.

use super::board_view::{draw_counter, piece_text};
use super::dice_panel::{recent_rolls, roll_line};
use super::palette;
use super::play::Play;
use bivouac_engine::board::{BattleBoard, BattleSide};
use egui::{Color32, RichText, Stroke, vec2};

const COUNTER: f32 = 34.0;

pub fn show(ui: &mut egui::Ui, play: &Play, battle: &BattleBoard, seat_colors: &[Color32]) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&battle.title).strong().size(15.0));
        for s in &battle.status {
            ui.separator();
            ui.label(s);
        }
    });
    egui::ScrollArea::horizontal().id_salt("battle-boxes").show(ui, |ui| {
        egui::Grid::new("battle-grid").spacing(vec2(6.0, 6.0)).show(ui, |ui| {
            for side in &battle.sides {
                side_row(ui, side, seat_colors);
                ui.end_row();
            }
        });
    });
    // The last dice: the rolls of the latest action that rolled any.
    if let Some((n, what, texts)) = recent_rolls(play, 6).into_iter().next() {
        ui.label(RichText::new(format!("Last dice, {n}. {what}")).small().weak());
        for t in &texts {
            roll_line(ui, t);
        }
    }
}

fn side_row(ui: &mut egui::Ui, side: &BattleSide, seat_colors: &[Color32]) {
    let color = side.seat.and_then(|s| seat_colors.get(s as usize).copied()).unwrap_or(palette::NEUTRAL);
    ui.vertical(|ui| {
        ui.label(RichText::new(&side.name).strong().color(color));
        ui.label(RichText::new(&side.role).small().weak());
    });
    for b in &side.boxes {
        let empty_waiting = b.pieces.is_empty() && b.name.starts_with("Not deployed");
        egui::Frame::new()
            .stroke(Stroke::new(1.0, if empty_waiting { Color32::from_gray(200) } else { color }))
            .fill(Color32::from_rgb(246, 240, 222))
            .corner_radius(4.0)
            .inner_margin(4.0)
            .show(ui, |ui| {
                ui.set_min_size(vec2(COUNTER * 2.4, COUNTER * 1.6));
                ui.vertical(|ui| {
                    ui.label(RichText::new(&b.name).small());
                    ui.horizontal_wrapped(|ui| {
                        ui.set_max_width(COUNTER * 1.35 * 4.0);
                        for p in &b.pieces {
                            let (r, resp) = ui.allocate_exact_size(vec2(COUNTER * 1.3, COUNTER * 1.1 + if p.note.is_empty() { 0.0 } else { 11.0 }), egui::Sense::hover());
                            let c = r.center_top() + vec2(0.0, COUNTER * 0.55);
                            draw_counter(ui.painter(), c, COUNTER, &p.piece, seat_colors);
                            if !p.note.is_empty() {
                                let short = p.note.split([' ', ',']).next().unwrap_or_default();
                                ui.painter().text(r.center_bottom(), egui::Align2::CENTER_BOTTOM, short, egui::FontId::proportional(9.0), Color32::from_rgb(150, 30, 30));
                            }
                            let text = if p.note.is_empty() { piece_text(&p.piece) } else { format!("{}: {}", piece_text(&p.piece), p.note) };
                            resp.on_hover_text(text);
                        }
                    });
                });
            });
    }
}
