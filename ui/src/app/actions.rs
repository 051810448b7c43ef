//! The decision panel: whose turn it is, the refusal of the last try (with its rule), the
//! selected space and what it may do, the hand of cards, the choices that are not on the map,
//! and, collapsed, the expert's list of every legal action in notation with a text box that
//! accepts notation.

use super::board_view::piece_text;
use super::{action_bar, hand};
use super::play::{Notice, Play, words_of};
use egui::{Color32, RichText};

pub const REFUSED: Color32 = Color32::from_rgb(180, 30, 30);

/// Draw the panel; returns the notation of an action the player chose.
pub fn show(ui: &mut egui::Ui, play: &mut Play, notation: &mut String) -> Option<String> {
    let mut chosen = None;
    status(ui, play);
    if let Some(n) = &play.notice {
        notice(ui, n);
    }
    if !play.choice.is_empty() {
        ui.group(|ui| {
            let ask = match &play.battle_piece {
                Some(p) => format!("Actions of {}; choose one:", play.battle_piece_name(p)),
                None => "Several actions go there; choose one:".to_string(),
            };
            ui.label(RichText::new(ask).strong());
            for &i in &play.choice {
                if ui.button(words_of(&play.actions[i])).clicked() {
                    chosen = Some(play.actions[i].0.clone());
                }
            }
            if ui.button("Cancel").clicked() {
                play.choice.clear();
            }
        });
    }
    if let Some(space) = play.selected
        && let Some(a) = selected_space(ui, play, space)
    {
        chosen = Some(a);
    }
    if play.review.is_none() {
        placements(ui, play);
    }
    if play.review.is_none() && !play.actions.is_empty() {
        if let Some(a) = hand::show(ui, &play.actions, &play.board.cards) {
            chosen = Some(a);
        }
        if let Some(a) = grouped(ui, play, notation) {
            chosen = Some(a);
        }
    }
    chosen
}

fn status(ui: &mut egui::Ui, play: &Play) {
    if let Some(o) = &play.outcome {
        let winners: Vec<&str> = o.winners.iter().map(|&w| play.seat_name(w)).collect();
        let who = if winners.is_empty() { "Nobody wins (a draw)".to_string() } else { format!("{} win{}", winners.join(", "), if winners.len() == 1 { "s" } else { "" }) };
        ui.label(RichText::new(format!("Game over: {who}")).size(18.0).strong());
        ui.label(&o.reason);
        let scores: Vec<String> = o.scores.iter().enumerate().map(|(i, s)| format!("{} {s}", play.seat_name(i as u8))).collect();
        ui.label(format!("Scores: {}", scores.join(", ")));
        return;
    }
    if let Some(r) = &play.review {
        ui.label(RichText::new(format!("Reviewing the board after step {} (read-only)", r.steps)).strong().color(Color32::from_rgb(40, 90, 160)));
        return;
    }
    match play.acting {
        Some(a) if play.viewer == Some(a) => {
            ui.label(RichText::new(format!("Your decision, {}", play.seat_name(a))).size(17.0).strong());
        }
        _ => {
            let names: Vec<String> = play.active.iter().map(|&s| format!("{}{}", play.seat_name(s), if play.is_ai(s) { " (AI)" } else { "" })).collect();
            ui.label(RichText::new(format!("Waiting for {}", names.join(", "))).size(16.0));
            if play.ai_thinking() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.weak("the AI is thinking");
                });
            }
        }
    }
}

pub fn notice(ui: &mut egui::Ui, n: &Notice) {
    let (color, text) = match n {
        Notice::Refused(r) => (REFUSED, format!("Refused by {}: {}", r.rule, r.message)),
        Notice::Error(e) => (REFUSED, e.clone()),
        Notice::Info(i) => (Color32::from_rgb(40, 110, 60), i.clone()),
    };
    egui::Frame::group(ui.style()).stroke(egui::Stroke::new(1.5, color)).show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.label(RichText::new(text).color(color).strong());
    });
}

/// The selected space: who stands there (the stack, opened), what it may do, and the rules
/// cited about it.
fn selected_space(ui: &mut egui::Ui, play: &mut Play, space: u16) -> Option<String> {
    let board = play.review.as_ref().map_or(&play.board, |r| &r.board);
    let geometry = play.review.as_ref().map_or(&play.geometry, |r| &r.geometry);
    let s = board.spaces.get(space as usize)?;
    let name = if s.label.is_empty() { s.id.clone() } else { s.label.clone() };
    let mut chosen = None;
    let mut clear = false;
    ui.group(|ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(format!("Selected: {name}")).strong().size(16.0));
            if ui.small_button("Clear selection").clicked() {
                clear = true;
            }
        });
        let mut facts = Vec::new();
        if !s.fill.is_empty() {
            facts.push(s.fill.clone());
        }
        facts.extend(s.marks.iter().cloned());
        if !facts.is_empty() {
            ui.weak(facts.join(", "));
        }
        let stack = &geometry.stacks[space as usize];
        if !stack.is_empty() {
            ui.label(format!("Stack ({}):", stack.len()));
            for &pi in stack {
                let p = &board.pieces[pi];
                let owner = p.seat.map_or("neutral".to_string(), |s| play.seat_name(s).to_string());
                ui.label(format!("  {} [{owner}]", piece_text(p)));
            }
        }
        if play.review.is_some() {
            return;
        }
        let here = play.actions_at(space);
        if here.is_empty() {
            ui.weak("No legal action starts or ends here now.");
        } else {
            // Rules help: what may start or end here, under the rule each kind of action follows.
            ui.label("What it may do:");
            let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
            for i in here {
                let g = play.actions[i].1.group.as_str();
                match groups.iter_mut().find(|(name, _)| *name == g) {
                    Some((_, list)) => list.push(i),
                    None => groups.push((g, vec![i])),
                }
            }
            for (g, list) in groups {
                if !g.is_empty() {
                    ui.label(RichText::new(g).small().strong());
                }
                ui.horizontal_wrapped(|ui| {
                    for i in list {
                        if ui.button(words_of(&play.actions[i])).clicked() {
                            chosen = Some(play.actions[i].0.clone());
                        }
                    }
                });
            }
        }
        // Rules help: the rule numbers cited by events about this space and by refusals.
        if !play.selected_rules.is_empty() {
            ui.label(format!("Rules cited about {name}: {}", play.selected_rules.join(", ")));
        }
        if !play.refusal_rules.is_empty() {
            let mut recent: Vec<&String> = play.refusal_rules.iter().rev().take(5).collect();
            recent.dedup();
            ui.weak(format!("Rules cited by recent refusals: {}", recent.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")));
        }
    });
    if clear {
        play.select(None);
    }
    chosen
}

/// Pieces placed from off the board: pick one, and only its destinations light up.
fn placements(ui: &mut egui::Ui, play: &mut Play) {
    let kinds = play.placements();
    if kinds.is_empty() {
        return;
    }
    ui.group(|ui| {
        ui.set_min_width(ui.available_width());
        ui.label(RichText::new("Choose what to place, then a lit space on the map:").strong());
        ui.horizontal_wrapped(|ui| {
            for (key, list) in &kinds {
                let on = play.placing.as_ref() == Some(key);
                let text = format!("{} ({})", play.placement_words(list), list.len());
                if ui.selectable_label(on, text).on_hover_text("Light up where it may go").clicked() {
                    play.placing = if on { None } else { Some(key.clone()) };
                    play.select(None);
                }
            }
        });
    });
}

/// The legal actions the map, the hand and the action bar do not offer (a bid, a sum, an
/// event's options), grouped by their hint's group; then every legal action but the cards in
/// one collapsed list, the expert's fallback.
fn grouped(ui: &mut egui::Ui, play: &Play, notation: &mut String) -> Option<String> {
    let bar = action_bar::finishing(play);
    let off_board = |i: usize| {
        let h = &play.actions[i].1;
        h.card.is_none() && h.from.is_none() && h.to.is_none() && h.piece.is_none() && h.to_box.is_none() && !bar.contains(&i)
    };
    let mut chosen = None;
    let choices = groups(play, off_board);
    if !choices.is_empty() {
        ui.separator();
        ui.label(RichText::new("Choices").strong());
        let single = choices.len() == 1;
        for (g, list) in &choices {
            egui::CollapsingHeader::new(format!("{g} ({})", list.len())).id_salt(("choice", *g)).default_open(single || list.len() <= 40).show(ui, |ui| {
                buttons(ui, play, list, true, &mut chosen);
            });
        }
    }
    let all = groups(play, |i| play.actions[i].1.card.is_none());
    if all.is_empty() {
        return chosen;
    }
    ui.separator();
    let n: usize = all.iter().map(|(_, l)| l.len()).sum();
    egui::CollapsingHeader::new(format!("All legal actions ({n})")).id_salt("all-actions").default_open(false).show(ui, |ui| {
        ui.weak("Every action the rules allow now, in notation (the map, the hand and the bar offer the same).");
        if play.acting.is_some() && play.handover.is_none() {
            ui.label("Type an action (notation):");
            ui.horizontal(|ui| {
                let edit = ui.add(egui::TextEdit::singleline(notation).hint_text("e.g. pass").desired_width(ui.available_width() - 60.0));
                edit.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Action notation"));
                let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button("Play").clicked() || enter) && !notation.trim().is_empty() {
                    chosen = Some(notation.trim().to_string());
                }
            });
        }
        for (g, list) in &all {
            egui::CollapsingHeader::new(format!("{g} ({})", list.len())).id_salt(("group", *g)).default_open(list.len() <= 40).show(ui, |ui| {
                buttons(ui, play, list, false, &mut chosen);
            });
        }
    });
    chosen
}

/// The actions `keep` selects, by their hint's group, in the order of the listing.
fn groups(play: &Play, keep: impl Fn(usize) -> bool) -> Vec<(&str, Vec<usize>)> {
    let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
    for (i, (_, h)) in play.actions.iter().enumerate() {
        if !keep(i) {
            continue;
        }
        let g = if h.group.is_empty() { "Actions" } else { h.group.as_str() };
        match groups.iter_mut().find(|(name, _)| *name == g) {
            Some((_, list)) => list.push(i),
            None => groups.push((g, vec![i])),
        }
    }
    groups
}

/// One button per action: in the game's words, or in notation (the expert's list).
fn buttons(ui: &mut egui::Ui, play: &Play, list: &[usize], words: bool, chosen: &mut Option<String>) {
    ui.horizontal_wrapped(|ui| {
        for &i in list {
            let text = if words { words_of(&play.actions[i]) } else { play.actions[i].0.as_str() };
            if ui.button(text).clicked() {
                *chosen = Some(play.actions[i].0.clone());
            }
        }
    });
}
