//! The balance lab: batches of AI games of one scenario, run by the engine's
//! `sim` (`bivouac sim` in the app) in a background thread with progress and cancel; it shows
//! each seat's win rate with its 95% interval and the distribution of game length. The
//! numbers all come from the engine's `SimReport`; this screen only asks and draws.

use bivouac_engine::Setup;
use bivouac_engine::agent::AgentKind;
use bivouac_engine::sim::{SimConfig, SimControl, SimReport};
use bivouac_systems::Catalog;
use egui::{Align2, Color32, FontId, RichText, Sense, Stroke, pos2, vec2};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;

/// A batch being played.
struct Running {
    stop: Arc<AtomicBool>,
    done: Arc<AtomicUsize>,
    games: usize,
    handle: JoinHandle<Result<SimReport, String>>,
}

pub struct Lab {
    /// The game, scenario and setup to play (from the launcher).
    pub game: usize,
    pub setup: Setup,
    pub seats: Vec<String>,
    pub agents: Vec<AgentKind>,
    pub games: usize,
    running: Option<Running>,
    pub report: Option<SimReport>,
    pub error: Option<String>,
}

impl Lab {
    pub fn new(game: usize, setup: Setup, seats: Vec<String>) -> Self {
        let agents = vec![AgentKind::Random; seats.len()];
        Lab { game, setup, seats, agents, games: 100, running: None, report: None, error: None }
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Start a batch in the background (the engine plays its games in parallel).
    pub fn start(&mut self, catalog: &Arc<Catalog>) {
        if self.running.is_some() {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        let done = Arc::new(AtomicUsize::new(0));
        let games = self.games.max(1);
        let cfg = SimConfig::new(self.setup.clone(), games, self.agents.clone());
        let (catalog, game, s, d) = (catalog.clone(), self.game, stop.clone(), done.clone());
        let handle = std::thread::spawn(move || {
            let progress = move |n: usize| {
                d.fetch_max(n, Ordering::Relaxed);
            };
            let control = SimControl { stop: Some(&s), on_game_done: Some(&progress) };
            catalog.games[game].simulate_with(&cfg, &control).map_err(|r| r.to_string())
        });
        self.report = None;
        self.error = None;
        self.running = Some(Running { stop, done, games, handle });
    }

    /// Ask the batch to stop: games under way finish, and the report covers the games played.
    pub fn cancel(&self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Collect a finished batch; returns the progress (done, requested) while it runs.
    pub fn poll(&mut self) -> Option<(usize, usize)> {
        let r = self.running.as_ref()?;
        if !r.handle.is_finished() {
            return Some((r.done.load(Ordering::Relaxed), r.games));
        }
        let r = self.running.take()?;
        match r.handle.join() {
            Ok(Ok(report)) => self.report = Some(report),
            Ok(Err(e)) => self.error = Some(e),
            Err(_) => self.error = Some("the batch stopped on an internal error (a panic)".into()),
        }
        None
    }

    /// Wait for the batch to end (tests).
    pub fn wait(&mut self) {
        while self.running.as_ref().is_some_and(|r| !r.handle.is_finished()) {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        self.poll();
    }

    /// Draw the lab; returns true when the user goes back to the launcher.
    pub fn ui(&mut self, ui: &mut egui::Ui, catalog: &Arc<Catalog>) -> bool {
        let mut back = false;
        let progress = self.poll();
        if progress.is_some() {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(100));
        }
        let title = catalog.games.get(self.game).map_or_else(String::new, |g| g.title().to_string());
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui.add_enabled(progress.is_none(), egui::Button::new("Back")).on_hover_text("Back to the launcher (pick another game or scenario there)").clicked() {
                    back = true;
                }
                ui.heading(format!("Balance lab: {title}, scenario {}", self.setup.scenario));
            });
            ui.label("AI plays every seat; game i uses seed + i, so a batch is reproducible (as `bivouac sim`).");
            ui.separator();
            ui.add_enabled_ui(progress.is_none(), |ui| self.settings_ui(ui));
            ui.horizontal(|ui| match progress {
                Some((done, total)) => {
                    ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32).text(format!("{done} of {total} games")).desired_width(300.0));
                    if ui.button("Cancel").on_hover_text("Stop after the games under way; report the games played").clicked() {
                        self.cancel();
                    }
                }
                None => {
                    if ui.add(egui::Button::new(RichText::new("Run").size(16.0)).min_size(vec2(100.0, 28.0))).clicked() {
                        self.start(catalog);
                    }
                }
            });
            if let Some(e) = &self.error {
                ui.colored_label(Color32::from_rgb(190, 30, 30), e);
            }
            if let Some(report) = &self.report {
                ui.separator();
                report_ui(ui, report);
            }
        });
        back
    }

    fn settings_ui(&mut self, ui: &mut egui::Ui) {
        egui::Grid::new("lab-settings").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
            for (i, name) in self.seats.iter().enumerate() {
                let l = ui.label(name);
                egui::ComboBox::from_id_salt(("lab-seat", i))
                    .selected_text(self.agents[i].label())
                    .show_ui(ui, |ui| {
                        for &k in AgentKind::ALL {
                            ui.selectable_value(&mut self.agents[i], k, k.label());
                        }
                    })
                    .response
                    .labelled_by(l.id);
                ui.end_row();
            }
            let l = ui.label("Games");
            ui.add(egui::DragValue::new(&mut self.games).range(1..=100_000)).labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Seed");
            ui.add(egui::DragValue::new(&mut self.setup.seed)).labelled_by(l.id);
            ui.end_row();
        });
    }
}

fn report_ui(ui: &mut egui::Ui, r: &SimReport) {
    ui.label(RichText::new(format!("{} games{}", r.games, if r.stopped { format!(" (cancelled: {} requested)", r.requested) } else { String::new() })).strong());
    ui.label(format!(
        "draws {}, unfinished {}, rules errors {}; {:.0} actions/s, {:.1} s",
        r.draws,
        r.unfinished,
        r.errors.len(),
        r.actions_per_second,
        r.seconds
    ));
    for e in r.errors.iter().take(5) {
        ui.colored_label(Color32::from_rgb(190, 30, 30), e);
    }
    ui.add_space(6.0);
    ui.label(RichText::new("Win rate per seat (bar), 95% Wilson interval (whisker)").strong());
    win_rate_chart(ui, r);
    ui.add_space(6.0);
    ui.label(RichText::new(format!("Game length in actions: mean {:.0}, median {:.0}, {} to {}", r.mean_length, r.median_length, r.min_length, r.max_length)).strong());
    histogram(ui, r);
    if !r.reasons.is_empty() {
        ui.add_space(6.0);
        ui.label(RichText::new("How the games ended").strong());
        for (reason, n) in &r.reasons {
            ui.label(format!("{n} × {reason}"));
        }
    }
}

/// One horizontal bar per seat, 0-100%, with its interval.
fn win_rate_chart(ui: &mut egui::Ui, r: &SimReport) {
    let row = 24.0;
    let label_w = 150.0;
    let width = ui.available_width().clamp(320.0, 760.0);
    let (rect, _) = ui.allocate_exact_size(vec2(width, row * r.seats.len() as f32 + 18.0), Sense::hover());
    let p = ui.painter_at(rect);
    let x0 = rect.min.x + label_w;
    let w = width - label_w - 60.0;
    let x = |v: f64| x0 + w * v.clamp(0.0, 1.0) as f32;
    for (i, seat) in r.seats.iter().enumerate() {
        let y = rect.min.y + row * i as f32 + row / 2.0;
        let agent = r.agents.get(i).map_or(String::new(), |a| format!(" ({a})"));
        p.text(pos2(rect.min.x, y), Align2::LEFT_CENTER, format!("{seat}{agent}"), FontId::proportional(12.0), Color32::from_gray(30));
        let Some(iv) = r.win_rate.get(i) else { continue };
        let color = super::palette::seat_color(i as u8, seat);
        p.rect_filled(egui::Rect::from_min_max(pos2(x0, y - 7.0), pos2(x(iv.estimate), y + 7.0)), 2.0, color);
        let ink = Stroke::new(1.5, Color32::from_gray(20));
        p.line_segment([pos2(x(iv.low), y), pos2(x(iv.high), y)], ink);
        for v in [iv.low, iv.high] {
            p.line_segment([pos2(x(v), y - 5.0), pos2(x(v), y + 5.0)], ink);
        }
        p.text(pos2(x0 + w + 6.0, y), Align2::LEFT_CENTER, format!("{:.0}%", iv.estimate * 100.0), FontId::proportional(12.0), Color32::from_gray(30));
    }
    let axis_y = rect.max.y - 12.0;
    p.line_segment([pos2(x0, axis_y - 4.0), pos2(x0 + w, axis_y - 4.0)], Stroke::new(1.0, Color32::from_gray(120)));
    for k in 0..=4 {
        let v = k as f64 / 4.0;
        p.text(pos2(x(v), axis_y), Align2::CENTER_TOP, format!("{}%", k * 25), FontId::proportional(10.0), Color32::from_gray(90));
    }
}

/// The game-length histogram (buckets from the report).
fn histogram(ui: &mut egui::Ui, r: &SimReport) {
    let buckets = &r.length_histogram;
    if buckets.is_empty() {
        ui.weak("No finished game.");
        return;
    }
    let width = ui.available_width().clamp(320.0, 760.0);
    let (rect, resp) = ui.allocate_exact_size(vec2(width, 150.0), Sense::hover());
    let p = ui.painter_at(rect);
    let plot = egui::Rect::from_min_max(rect.min + vec2(30.0, 4.0), rect.max - vec2(4.0, 18.0));
    let max = buckets.iter().map(|b| b.count).max().unwrap_or(1).max(1);
    let bw = plot.width() / buckets.len() as f32;
    let mut hovered = None;
    for (i, b) in buckets.iter().enumerate() {
        let h = plot.height() * b.count as f32 / max as f32;
        let bar = egui::Rect::from_min_max(pos2(plot.min.x + bw * i as f32 + 1.0, plot.max.y - h), pos2(plot.min.x + bw * (i + 1) as f32 - 1.0, plot.max.y));
        p.rect_filled(bar, 1.0, Color32::from_rgb(90, 120, 170));
        if resp.hover_pos().is_some_and(|m| m.x >= bar.min.x && m.x <= bar.max.x) {
            hovered = Some(b);
        }
    }
    p.line_segment([plot.left_bottom(), plot.right_bottom()], Stroke::new(1.0, Color32::from_gray(120)));
    let small = FontId::proportional(10.0);
    let grey = Color32::from_gray(90);
    p.text(plot.left_top() - vec2(4.0, 0.0), Align2::RIGHT_TOP, max.to_string(), small.clone(), grey);
    p.text(plot.left_bottom() - vec2(4.0, 0.0), Align2::RIGHT_BOTTOM, "0", small.clone(), grey);
    p.text(plot.left_bottom() + vec2(0.0, 3.0), Align2::LEFT_TOP, buckets[0].from.to_string(), small.clone(), grey);
    p.text(plot.right_bottom() + vec2(0.0, 3.0), Align2::RIGHT_TOP, format!("{} actions", buckets[buckets.len() - 1].to), small, grey);
    if let Some(b) = hovered {
        resp.on_hover_text(format!("{} games of {} to {} actions", b.count, b.from, b.to));
    }
}
