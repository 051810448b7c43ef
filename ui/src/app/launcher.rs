//! The first screen: pick a game, scenario, options, players and who plays each seat (human or
//! an AI level), a seed; or continue the last game, open a save, or reopen a recent one; or
//! open the balance lab on the chosen scenario.

use super::autosave::Store;
use super::play::Control;
use super::setup_choices;
use bivouac_engine::Setup;
use bivouac_systems::Catalog;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// What the launcher asks the app to do.
pub enum Command {
    Start { game: usize, setup: Setup, controls: Vec<Control>, handover: bool },
    Open(PathBuf),
    /// The balance lab on this setup, its seats named.
    Lab { game: usize, setup: Setup, seats: Vec<String> },
    /// The online lobby: games on a server.
    Online,
}

pub struct Launcher {
    pub game: usize,
    pub scenario: usize,
    pub players: u8,
    pub options: BTreeMap<String, String>,
    pub controls: Vec<Control>,
    /// The game the seats' controls were chosen for (another game starts from the default).
    controls_game: Option<usize>,
    pub seed: u64,
    pub handover: bool,
    pub open_path: String,
    pub error: Option<String>,
    /// Seat names of the current setup (from a trial setup), or why the setup is refused.
    seats: Result<Vec<String>, String>,
    seats_key: Option<(usize, usize, u8, BTreeMap<String, String>)>,
    /// The autosave summary and recent files, read once per visit (not every frame).
    resume: Option<(Vec<(String, PathBuf)>, Vec<PathBuf>)>,
    /// The Open dialog, while open.
    pub browser: Option<super::file_browser::FileBrowser>,
}

impl Default for Launcher {
    fn default() -> Self {
        Launcher {
            game: 0,
            scenario: 0,
            players: 0,
            options: BTreeMap::new(),
            controls: Vec::new(),
            controls_game: None,
            seed: 1,
            handover: true,
            open_path: String::new(),
            error: None,
            seats: Ok(Vec::new()),
            seats_key: None,
            resume: None,
            browser: None,
        }
    }
}

impl Launcher {
    /// Keep the choices consistent with the catalog: a valid scenario, players within range,
    /// every option set to one of its values, one control per seat.
    fn normalize(&mut self, catalog: &Catalog) {
        let Some(game) = catalog.games.get(self.game) else { return };
        let scenarios = game.scenarios();
        if self.scenario >= scenarios.len() {
            self.scenario = 0;
        }
        let Some(info) = scenarios.get(self.scenario) else { return };
        setup_choices::normalize(info, &mut self.players, &mut self.options);
        let key = (self.game, self.scenario, self.players, self.options.clone());
        if self.seats_key.as_ref() != Some(&key) {
            let setup = self.setup(&info.id);
            self.seats = game.new_session(setup).map(|s| s.seat_names()).map_err(|r| r.to_string());
            self.seats_key = Some(key);
        }
        let n = self.seats.as_ref().map_or(0, |s| s.len());
        if self.controls.len() != n || self.controls_game != Some(self.game) {
            // By default, in every game, the first seat is the person at the screen and the
            // rest are the AI.
            self.controls = (0..n).map(|i| if i == 0 { Control::Human } else { Control::default_ai() }).collect();
            self.controls_game = Some(self.game);
        }
    }

    fn setup(&self, scenario: &str) -> Setup {
        let mut s = Setup::new(scenario, self.players, self.seed);
        s.options = self.options.clone();
        s
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, catalog: &Catalog, store: &Store) -> Option<Command> {
        self.normalize(catalog);
        let mut command = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(12.0);
                ui.heading(egui::RichText::new("Bivouac").size(32.0).strong());
                ui.label("American Civil War board games, every rule enforced");
                ui.add_space(12.0);
            });
            if let Some(e) = &self.error {
                ui.colored_label(egui::Color32::from_rgb(190, 30, 30), e);
            }
            ui.columns(2, |cols| {
                cols[0].group(|ui| {
                    ui.set_min_width(ui.available_width());
                    command = self.new_game_ui(ui, catalog);
                });
                cols[1].group(|ui| {
                    ui.set_min_width(ui.available_width());
                    if let Some(c) = self.resume_ui(ui, catalog, store) {
                        command = Some(c);
                    }
                });
            });
        });
        command
    }

    fn new_game_ui(&mut self, ui: &mut egui::Ui, catalog: &Catalog) -> Option<Command> {
        ui.heading("New game");
        if catalog.games.is_empty() {
            ui.label("No game is playable yet.");
            for d in &catalog.content_only {
                ui.label(format!("{d}: content only, rules in progress"));
            }
            for (d, diags) in &catalog.errors {
                ui.label(format!("{d}: content does not load: {diags}"));
            }
            return None;
        }
        ui.label("Game");
        for (i, g) in catalog.games.iter().enumerate() {
            if ui.selectable_label(self.game == i, g.title()).clicked() && self.game != i {
                self.game = i;
                self.scenario = 0;
                self.players = 0;
                self.options.clear();
            }
        }
        for d in &catalog.content_only {
            ui.weak(format!("{d}: rules in progress"));
        }
        self.normalize(catalog);
        let game = &catalog.games[self.game];
        let scenarios = game.scenarios();
        let info = scenarios.get(self.scenario)?.clone();
        ui.separator();
        egui::Grid::new("setup").num_columns(2).spacing([12.0, 8.0]).show(ui, |ui| {
            let l = ui.label("Scenario");
            egui::ComboBox::from_id_salt("scenario").selected_text(&info.title).width(260.0).show_ui(ui, |ui| {
                for (i, s) in scenarios.iter().enumerate() {
                    ui.selectable_value(&mut self.scenario, i, &s.title);
                }
            })
            .response
            .labelled_by(l.id);
            ui.end_row();
            setup_choices::players_row(ui, &info, &mut self.players);
            ui.end_row();
            let l = ui.label("Seed");
            ui.horizontal(|ui| {
                ui.add(egui::DragValue::new(&mut self.seed)).labelled_by(l.id);
                if ui.button("New seed").clicked() {
                    self.seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64 % 1_000_000).unwrap_or(1);
                }
            });
            ui.end_row();
        });
        self.normalize(catalog);
        ui.separator();
        let mut command = None;
        match &self.seats {
            Err(e) => {
                ui.colored_label(egui::Color32::from_rgb(190, 30, 30), format!("This setup is refused: {e}"));
            }
            Ok(names) => {
                ui.label("Seats");
                egui::Grid::new("seats").num_columns(2).spacing([12.0, 6.0]).show(ui, |ui| {
                    for (i, name) in names.iter().enumerate() {
                        let l = ui.label(name);
                        egui::ComboBox::from_id_salt(("seat", i)).selected_text(self.controls[i].label()).show_ui(ui, |ui| {
                            for c in Control::all() {
                                ui.selectable_value(&mut self.controls[i], c, c.label());
                            }
                        })
                        .response
                        .labelled_by(l.id);
                        ui.end_row();
                    }
                });
                ui.checkbox(&mut self.handover, "Hand-over screen between human players (hides secrets)");
                ui.add_space(8.0);
                let start = ui.add(egui::Button::new(egui::RichText::new("Start game").size(18.0)).min_size(egui::vec2(160.0, 34.0)));
                if start.clicked() {
                    command = Some(Command::Start { game: self.game, setup: self.setup(&info.id), controls: self.controls.clone(), handover: self.handover });
                }
                if ui.button("Balance lab").on_hover_text("Play batches of AI games of this scenario and chart who wins").clicked() {
                    command = Some(Command::Lab { game: self.game, setup: self.setup(&info.id), seats: names.clone() });
                }
            }
        }
        // The scenario's rules options last (the defaults are the rulebook's reading), each
        // with its description in prose.
        if !info.options.is_empty() {
            ui.separator();
            setup_choices::options_ui(ui, &info, &mut self.options, "launcher");
        }
        command
    }

    /// Read the autosave and recent list again on the next frame.
    pub fn invalidate(&mut self) {
        self.resume = None;
    }

    fn resume_ui(&mut self, ui: &mut egui::Ui, catalog: &Catalog, store: &Store) -> Option<Command> {
        let mut command = None;
        ui.heading("Continue");
        let (autosaves, recent) = self.resume.get_or_insert_with(|| {
            // Each game autosaved, newest first: game, scenario, turn, actions and when.
            let autosaves = store
                .autosaves()
                .into_iter()
                .map(|a| {
                    let save = &a.save.save;
                    let title = catalog.game(&save.game).map_or(save.game.clone(), |g| g.title());
                    let turn = a.save.turn.map_or_else(String::new, |t| format!(", turn {t}"));
                    (format!("{title}, scenario {}{turn}, {} actions, {}", save.setup.scenario, save.actions.len(), super::autosave::ago(a.modified)), a.path)
                })
                .collect();
            (autosaves, store.recent())
        });
        let (autosaves, recent) = (autosaves.clone(), recent.clone());
        if autosaves.is_empty() {
            ui.weak("No game in progress.");
        }
        egui::ScrollArea::vertical().id_salt("autosaves").max_height(220.0).show(ui, |ui| {
            for (i, (summary, path)) in autosaves.iter().enumerate() {
                ui.horizontal(|ui| {
                    let label = if i == 0 { "Continue the last game" } else { "Continue" };
                    if ui.button(label).on_hover_text(path.display().to_string()).clicked() {
                        command = Some(Command::Open(path.clone()));
                    }
                    // One line each; a long title is cut, whole on hover.
                    ui.add(egui::Label::new(summary.as_str()).truncate()).on_hover_text(summary.as_str());
                });
            }
        });
        ui.separator();
        ui.label("Open a save (from the app or the command line)");
        ui.horizontal(|ui| {
            let edit = ui.add(egui::TextEdit::singleline(&mut self.open_path).hint_text("path/to/game.json").desired_width(240.0));
            edit.widget_info(|| egui::WidgetInfo::labeled(egui::Role::TextInput, true, "Save file path"));
            let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button("Open").clicked() || enter) && !self.open_path.trim().is_empty() {
                command = Some(Command::Open(PathBuf::from(self.open_path.trim())));
            }
            if ui.button("Browse").on_hover_text("Pick a saved game from the saves folder or another").clicked() {
                self.browser = Some(super::file_browser::FileBrowser::new(super::file_browser::Mode::Open, store.saves_dir(), String::new()));
            }
        });
        if let Some(b) = &mut self.browser
            && let Some(chosen) = b.show(ui.ctx())
        {
            self.browser = None;
            if let super::file_browser::Chosen::Open(path) = chosen {
                command = Some(Command::Open(path));
            }
        }
        if !recent.is_empty() {
            ui.separator();
            ui.label("Recent games");
            for p in recent {
                let name = p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned());
                if ui.link(name).on_hover_text(p.display().to_string()).clicked() {
                    command = Some(Command::Open(p.clone()));
                }
            }
        }
        ui.separator();
        ui.weak("Autosave and saves are kept in the app's data folder").on_hover_text(store.dir.display().to_string());
        ui.separator();
        ui.heading("Online");
        if ui.button("Play online").on_hover_text("Sign in to a game server; play a friend or the server's AI").clicked() {
            command = Some(Command::Online);
        }
        command
    }
}
