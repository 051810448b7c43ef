//! The play screen: a top bar (save, AI pace), the prompt and action bar under it, the decision
//! panel on the left, the board in the middle, the game's panels and the log on the right (all
//! of fixed sizes); or the hand-over screen.

use super::board_view::{self, BoardView, Highlights};
use super::file_browser::{Chosen, FileBrowser, Mode as BrowseMode};
use super::play::Play;
use super::{action_bar, actions, battle_panel, confirm, dice_panel, handover, log_panel, palette};
use egui::{Color32, RichText};

/// Settings and widget state of the play screen that outlive one game's state changes.
pub struct GameView {
    pub board_view: BoardView,
    pub notation: String,
    /// The Save as dialog, while open.
    pub browser: Option<FileBrowser>,
    pub ai_delay: f64,
    pub fast: bool,
    pub log_all: bool,
}

impl GameView {
    pub fn new(ai_delay: f64) -> Self {
        GameView { board_view: BoardView::default(), notation: String::new(), browser: None, ai_delay, fast: false, log_all: false }
    }
}

/// The longest panel title the side panel's width shows whole in a header.
const TITLE_CHARS: usize = 30;

/// Take back the last action.
pub const UNDO_KEY: egui::KeyboardShortcut = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::Z);
/// Save the game.
pub const SAVE_KEY: egui::KeyboardShortcut = egui::KeyboardShortcut::new(egui::Modifiers::COMMAND, egui::Key::S);

pub enum Exit {
    Stay,
    ToLauncher,
}

pub fn show(ui: &mut egui::Ui, play: &mut Play, gv: &mut GameView) -> Exit {
    // The AI plays at a pace a person can follow; egui wakes us up when its next move is due.
    let now = ui.input(|i| i.time);
    // An online game: take in what the server sent, and look again soon.
    play.poll();
    if play.online().is_some() {
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
    }
    if play.handover.is_none()
        && let Some(wait) = play.tick_ai(now, gv.ai_delay, gv.fast)
    {
        ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(wait.max(0.0)));
    }
    let mut exit = Exit::Stay;
    if let Some(b) = &mut gv.browser
        && let Some(chosen) = b.show(ui.ctx())
    {
        gv.browser = None;
        if let Chosen::Save(path) = chosen
            && let Err(e) = play.save(Some(path))
        {
            play.notice = Some(super::play::Notice::Error(e));
        }
    }
    egui::Panel::top("top").show(ui, |ui| {
        ui.horizontal_wrapped(|ui| {
            let back = if play.online().is_some() { "Back to the online lobby (the server keeps the game)" } else { "Back to the launcher (the game is autosaved)" };
            if ui.button("Menu").on_hover_text(back).clicked() {
                exit = Exit::ToLauncher;
            }
            let setup = play.table.setup();
            ui.label(RichText::new(play.game().title()).strong().size(16.0));
            if play.online().is_some() {
                ui.label(format!("scenario {}, {} players", setup.scenario, setup.players));
                ui.separator();
                online_bar(ui, play);
                ui.separator();
                seats_legend(ui, play);
                return;
            }
            ui.label(format!("scenario {}, {} players, seed {}", setup.scenario, setup.players, setup.seed));
            ui.separator();
            let can_act = play.review.is_none() && play.handover.is_none();
            // Ctrl+Z and Ctrl+S (Cmd on a Mac), unless a text field is being typed in.
            let typing = ui.ctx().egui_wants_keyboard_input();
            let pressed = |ui: &mut egui::Ui, k: &egui::KeyboardShortcut| !typing && ui.input_mut(|i| i.consume_shortcut(k));
            let undo_pressed = pressed(ui, &UNDO_KEY) && can_act;
            let save_pressed = pressed(ui, &SAVE_KEY);
            if undo_pressed {
                play.undo();
            }
            let save_tip = format!("Save to a file in the saves folder ({})", ui.ctx().format_shortcut(&SAVE_KEY));
            if (ui.button("Save").on_hover_text(save_tip).clicked() || save_pressed)
                && let Err(e) = play.save(None)
            {
                play.notice = Some(super::play::Notice::Error(e));
            }
            if ui.button("Save as").on_hover_text("Save to a file you name, in the saves folder or another").clicked() {
                let dir = play.save_path.as_ref().and_then(|p| p.parent()).map_or_else(|| play.saves_dir(), std::path::Path::to_path_buf);
                gv.browser = Some(FileBrowser::new(BrowseMode::Save, dir, String::new()));
            }
            if play.controls.iter().any(|c| *c != super::play::Control::Human) {
                ui.separator();
                ui.checkbox(&mut gv.fast, "Fast AI");
                if !gv.fast {
                    ui.add(egui::Slider::new(&mut gv.ai_delay, 0.1..=3.0).text("s per AI move"));
                }
            }
            ui.separator();
            seats_legend(ui, play);
        });
    });
    if let Some(next) = play.handover {
        let name = play.seat_name(next).to_string();
        egui::CentralPanel::default().show(ui, |ui| {
            if handover::show(ui, &name) {
                play.confirm_handover();
            }
        });
        return exit;
    }
    let mut chosen = None;
    egui::Panel::top("prompt").exact_size(action_bar::HEIGHT).show(ui, |ui| match action_bar::show(ui, play) {
        Some(action_bar::Pressed::Undo) => play.undo(),
        Some(action_bar::Pressed::Act(text)) => chosen = Some(text),
        None => {}
    });
    // Fixed widths: the map keeps its place and scale whatever the panels hold.
    egui::Panel::left("decide").resizable(false).exact_size(300.0).show(ui, |ui| {
        egui::ScrollArea::vertical().id_salt("decide-scroll").auto_shrink([false, false]).show(ui, |ui| {
            if let Some(a) = actions::show(ui, play, &mut gv.notation) {
                chosen = Some(a);
            }
        });
    });
    let mut review = None;
    egui::Panel::right("side").resizable(false).exact_size(280.0).show(ui, |ui| {
        let board = play.review.as_ref().map_or(&play.board, |r| &r.board);
        if !board.panels.is_empty() {
            egui::ScrollArea::vertical().id_salt("panels").max_height(ui.available_height() * 0.45).show(ui, |ui| {
                for p in &board.panels {
                    // A header does not wrap: a long title is cut there and given whole below.
                    let long = p.title.chars().count() > TITLE_CHARS;
                    let head = if long { format!("{}…", p.title.chars().take(TITLE_CHARS - 1).collect::<String>()) } else { p.title.clone() };
                    egui::CollapsingHeader::new(RichText::new(head).strong()).id_salt(("panel", &p.title)).default_open(true).show(ui, |ui| {
                        if long {
                            ui.label(RichText::new(&p.title).strong());
                        }
                        for l in &p.lines {
                            ui.label(l);
                        }
                    });
                }
            });
            ui.separator();
        }
        egui::ScrollArea::vertical().id_salt("dice-scroll").max_height(ui.available_height() * 0.3).show(ui, |ui| {
            dice_panel::show(ui, play);
        });
        ui.separator();
        review = log_panel::show(ui, play, &mut gv.log_all);
    });
    let colors: Vec<Color32> = play.names.iter().enumerate().map(|(i, n)| palette::seat_color(i as u8, n)).collect();
    // A battle fought on a board of its own: under the map, while it lasts.
    let mut battle_click = None;
    if let Some(battle) = play.review.as_ref().map_or(&play.board, |r| &r.board).battle.as_ref() {
        egui::Panel::bottom("battle").resizable(true).default_size(270.0).show(ui, |ui| {
            // Both ways: a wide battle (many boxes, pieces not yet deployed) scrolls sideways
            // rather than hiding its last pieces under the side panel.
            battle_click = egui::ScrollArea::both().id_salt("battle-scroll").show(ui, |ui| battle_panel::show(ui, play, battle, &colors)).inner;
        });
    }
    if let Some(c) = battle_click {
        play.click_battle(c);
    }
    let mut clicked = None;
    egui::CentralPanel::default().frame(egui::Frame::NONE).show(ui, |ui| {
        let (board, geometry, describe) = match &play.review {
            Some(r) => (&r.board, &r.geometry, &r.describe),
            None => (&play.board, &play.geometry, &play.describe),
        };
        if board.spaces.is_empty() {
            // This game draws no board yet: show its text picture instead.
            egui::Frame::new().inner_margin(12.0).show(ui, |ui| {
                egui::ScrollArea::both().id_salt("describe").auto_shrink([false, false]).show(ui, |ui| {
                    ui.label(RichText::new(describe).monospace());
                });
            });
            return;
        }
        let hl = if play.review.is_some() {
            Highlights { selected: play.selected, ..Default::default() }
        } else {
            Highlights { selected: play.selected, lit: play.lit(), origins: play.hints.origins.clone() }
        };
        clicked = board_view::show(ui, board, geometry, &mut gv.board_view, &hl, &colors);
    });
    if let Some(space) = clicked {
        play.click_space(space);
    }
    if let Some(text) = chosen
        && play.choose(&text)
        && text == gv.notation.trim()
    {
        gv.notation.clear();
    }
    confirm::show(ui.ctx(), play);
    match review {
        Some(usize::MAX) => play.review = None,
        Some(steps) => play.review_at(steps),
        None => {}
    }
    exit
}

/// An online game's part of the top bar: its id, the connection, the opponent's request to
/// take back a step, resign and rematch.
fn online_bar(ui: &mut egui::Ui, play: &mut Play) {
    use super::remote::Request;
    let Some(r) = play.online() else { return };
    let (id, live, finished, mine) = (r.game.id.clone(), r.remote.live.load(std::sync::atomic::Ordering::Relaxed), r.game.finished, r.game.seat);
    let asking = r.game.undo_by.clone().filter(|by| by != &r.game.names[mine as usize]);
    let invites: Vec<(String, String)> = r.game.invites.iter().filter(|(seat, _)| r.game.names.iter().position(|n| n == seat).is_some_and(|i| r.game.players.get(i).is_some_and(|p| p.0.is_none()))).cloned().collect();
    ui.label(format!("online game {id}, you play {}", play.seat_name(mine))).on_hover_text(format!("on {}; a friend joins with this id", r.remote.server));
    let (dot, tip) = if live { ("live", "moves arrive as they are made (WebSocket)") } else { ("polling", "live updates are down: the game is fetched every 2 s") };
    ui.weak(dot).on_hover_text(tip);
    if play.waiting() {
        ui.spinner();
    }
    if let Some(by) = asking {
        ui.label(RichText::new(format!("{by} asks to take back their last step")).strong());
        if ui.button("Accept").clicked() {
            play.send(Request::AnswerUndo(true));
        }
        if ui.button("Decline").clicked() {
            play.send(Request::AnswerUndo(false));
        }
    }
    // The creator's invitation links to the seats still open: a click copies one.
    for (seat, link) in invites {
        if ui.button(format!("Invite {seat}")).on_hover_text(format!("Copy the invitation link to {seat}: {link}")).clicked() {
            ui.ctx().copy_text(link.clone());
            play.notice = Some(super::play::Notice::Info(format!("copied the invitation to {seat}: {link}")));
        }
    }
    if !finished && ui.button("Resign").on_hover_text("End the game: the other side wins").clicked() {
        play.send(Request::Resign);
    }
    if finished && ui.button("Rematch").on_hover_text("A new game with the same setup and seats").clicked() {
        play.send(Request::Rematch);
    }
}

fn seats_legend(ui: &mut egui::Ui, play: &Play) {
    for (i, name) in play.names.iter().enumerate() {
        let c = palette::seat_color(i as u8, name);
        let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
        ui.painter().rect_filled(r, 2.0, c);
        let mut t = RichText::new(name);
        if play.active.contains(&(i as u8)) {
            t = t.strong().underline();
        }
        let who = match play.controls.get(i) {
            Some(super::play::Control::Human) => "human",
            Some(super::play::Control::Online) => "a player online",
            _ => "AI",
        };
        ui.label(t).on_hover_text(format!("{name}: {who}{}", if play.viewer == Some(i as u8) { ", the view shown" } else { "" }));
    }
}
