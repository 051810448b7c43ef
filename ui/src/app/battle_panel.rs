//! The battle a game may draw beside its map (`Board::battle`): one row of boxes per side with
//! its pieces as counters (faces only where the viewer may see them) and its strength; the
//! status lines (clock, step); the die-roll modifiers, each with its rule; the results (dice,
//! results-table row, losses); and the last dice rolled. A piece with legal actions is picked
//! by a click and the boxes it may go to light up (see `battle_pick`).

use super::battle_pick::BattleClick;
use super::board_view::{draw_counter, piece_text};
use super::dice_panel::{recent_rolls, roll_line};
use super::palette;
use super::play::Play;
use bivouac_engine::board::{BattleBoard, BattleSide};
use egui::{Color32, RichText, Stroke, vec2};
use std::collections::HashSet;

const COUNTER: f32 = 34.0;
/// Width of the column naming each side (name, role, strength).
const SIDE_COLUMN: f32 = 120.0;
/// Width of a named piece: its counter with its name wrapped under it.
const NAME_WIDTH: f32 = COUNTER * 2.3;

/// Draw the battle; returns what the player clicked.
pub fn show(ui: &mut egui::Ui, play: &Play, battle: &BattleBoard, seat_colors: &[Color32]) -> Option<BattleClick> {
    let mut click = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&battle.title).strong().size(15.0));
        for s in &battle.status {
            ui.separator();
            ui.label(s);
        }
    });
    let lit = if play.review.is_some() { HashSet::new() } else { play.lit_boxes() };
    if let Some(p) = &play.battle_piece {
        let where_to = if lit.is_empty() { "" } else { "; its boxes are lit" };
        ui.label(RichText::new(format!("Picked: {}{where_to}", play.battle_piece_name(p))).color(palette::SELECTED));
    }
    let grid = |ui: &mut egui::Ui, click: &mut Option<BattleClick>| {
        egui::Grid::new("battle-grid").spacing(vec2(6.0, 6.0)).show(ui, |ui| {
            for side in &battle.sides {
                if let Some(c) = side_row(ui, play, side, &lit, seat_colors) {
                    *click = Some(c);
                }
                ui.end_row();
            }
        });
    };
    if battle.modifiers.is_empty() && battle.results.is_empty() {
        // Boxes only (a battle board of several boxes a side): the dice under them.
        egui::ScrollArea::horizontal().id_salt("battle-boxes").show(ui, |ui| grid(ui, &mut click));
        last_dice(ui, play);
    } else {
        // The forces on the left; the modifiers, results and dice beside them.
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| grid(ui, &mut click));
            ui.separator();
            ui.vertical(|ui| {
                ui.set_max_width(ui.available_width().max(260.0));
                modifiers(ui, battle, seat_colors);
                for r in &battle.results {
                    ui.add(egui::Label::new(RichText::new(r).strong()).wrap());
                }
                last_dice(ui, play);
            });
        });
    }
    click
}

/// The rolls of the latest action that rolled any.
fn last_dice(ui: &mut egui::Ui, play: &Play) {
    if let Some((n, what, texts)) = recent_rolls(play, 6).into_iter().next() {
        ui.label(RichText::new(format!("Last dice, {n}. {what}")).small().weak());
        for t in &texts {
            roll_line(ui, t);
        }
    }
}

/// The die-roll modifiers, side by side: each modifier, its value and its rule; the total.
fn modifiers(ui: &mut egui::Ui, battle: &BattleBoard, seat_colors: &[Color32]) {
    if battle.modifiers.is_empty() {
        return;
    }
    ui.label(RichText::new("Die-roll modifiers").strong());
    for (i, side) in battle.sides.iter().enumerate() {
        let mine: Vec<_> = battle.modifiers.iter().filter(|m| m.side as usize == i).collect();
        if mine.is_empty() {
            continue;
        }
        let total: i32 = mine.iter().map(|m| m.value).sum();
        ui.label(RichText::new(format!("{} {total:+}", side.name)).color(side_color(side, seat_colors)).strong());
        egui::Grid::new(("battle-drms", i)).striped(true).spacing(vec2(10.0, 1.0)).show(ui, |ui| {
            for m in &mine {
                ui.label(&m.name);
                ui.label(RichText::new(format!("{:+}", m.value)).monospace());
                ui.label(RichText::new(&m.rule).weak());
                ui.end_row();
            }
        });
    }
}

fn side_color(side: &BattleSide, seat_colors: &[Color32]) -> Color32 {
    side.seat.and_then(|s| seat_colors.get(s as usize).copied()).unwrap_or(palette::NEUTRAL)
}

fn side_row(ui: &mut egui::Ui, play: &Play, side: &BattleSide, lit: &HashSet<String>, seat_colors: &[Color32]) -> Option<BattleClick> {
    let mut click = None;
    let color = side_color(side, seat_colors);
    ui.vertical(|ui| {
        ui.set_width(SIDE_COLUMN);
        ui.label(RichText::new(&side.name).strong().color(color));
        ui.label(RichText::new(&side.role).small().weak());
        if !side.strength.is_empty() {
            ui.label(RichText::new(&side.strength).small());
        }
    });
    for b in &side.boxes {
        let empty_waiting = b.pieces.is_empty() && b.name.starts_with("Not deployed");
        let is_lit = !b.key.is_empty() && lit.contains(&b.key);
        let stroke = if is_lit { Stroke::new(3.0, palette::HIGHLIGHT) } else { Stroke::new(1.0, if empty_waiting { Color32::from_gray(200) } else { color }) };
        let frame = egui::Frame::new().stroke(stroke).fill(Color32::from_rgb(246, 240, 222)).corner_radius(4.0).inner_margin(4.0).show(ui, |ui| {
            ui.set_min_size(vec2(COUNTER * 2.4, COUNTER * 1.6));
            ui.vertical(|ui| {
                ui.label(RichText::new(&b.name).small());
                ui.horizontal_wrapped(|ui| {
                    ui.set_max_width(NAME_WIDTH * 3.0 + 8.0);
                    for p in &b.pieces {
                        let acts = play.review.is_none() && play.battle_piece_acts(&p.key);
                        let sense = if acts { egui::Sense::click() } else { egui::Sense::hover() };
                        // The piece's name under its counter, as the map's legend names it.
                        let name = (!p.name.is_empty()).then(|| ui.painter().layout(p.name.clone(), egui::FontId::proportional(9.5), Color32::from_gray(40), NAME_WIDTH));
                        let name_h = name.as_ref().map_or(0.0, |g| g.size().y.min(24.0) + 1.0);
                        let width = if name.is_some() { NAME_WIDTH } else { COUNTER * 1.3 };
                        let (r, resp) = ui.allocate_exact_size(vec2(width, COUNTER * 1.1 + name_h + if p.note.is_empty() { 0.0 } else { 11.0 }), sense);
                        let c = r.center_top() + vec2(0.0, COUNTER * 0.55);
                        draw_counter(ui.painter(), c, COUNTER, &p.piece, seat_colors);
                        if let Some(g) = name {
                            let at = egui::pos2(r.center().x - g.size().x / 2.0, r.top() + COUNTER * 1.1);
                            ui.painter().with_clip_rect(egui::Rect::from_min_size(egui::pos2(r.left(), at.y), vec2(width, 24.0))).galley(at, g, Color32::from_gray(40));
                        }
                        if play.battle_piece.as_deref() == Some(p.key.as_str()) && !p.key.is_empty() {
                            ui.painter().rect_stroke(r, 3.0, Stroke::new(2.5, palette::SELECTED), egui::StrokeKind::Inside);
                        } else if acts {
                            ui.painter().rect_stroke(r, 3.0, Stroke::new(1.5, palette::ORIGIN), egui::StrokeKind::Inside);
                        }
                        if !p.note.is_empty() {
                            let short = p.note.split([' ', ',']).next().unwrap_or_default();
                            ui.painter().text(r.center_bottom(), egui::Align2::CENTER_BOTTOM, short, egui::FontId::proportional(9.0), Color32::from_rgb(150, 30, 30));
                        }
                        let what = if p.name.is_empty() { piece_text(&p.piece) } else { format!("{} ({})", p.name, piece_text(&p.piece)) };
                        let text = if p.note.is_empty() { what } else { format!("{what}: {}", p.note) };
                        let resp = resp.on_hover_text(text);
                        if acts {
                            // Named for screen readers and tests by its key.
                            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &p.key));
                        }
                        if resp.clicked() {
                            click = Some(BattleClick::Piece(p.key.clone()));
                        }
                    }
                });
            });
        });
        if is_lit {
            let resp = ui.interact(frame.response.rect, ui.scope_id().with(("battle-box", &b.key)), egui::Sense::click());
            resp.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, format!("to {}", b.key)));
            let name = play.battle_piece.as_deref().map_or_else(|| "the piece".to_string(), |k| play.battle_piece_name(k));
            if resp.on_hover_text(format!("Put {name} here")).clicked() && click.is_none() {
                click = Some(BattleClick::Box(b.key.clone()));
            }
        }
    }
    click
}
