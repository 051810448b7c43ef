//! The desktop app (eframe): a launcher, then the board, the decisions and the log of one game.
//! It contains no rules: every action it offers comes from the engine's legal actions and their
//! hints, the board is drawn from the game's `Board` picture alone.
//!
//! * [`launcher`]: game, scenario, options, seats, seed; continue, open, recent games;
//!   [`setup_choices`]: the players and rules options it shares with the online lobby.
//! * [`lab`]: the balance lab, batches of AI games charted (the engine's `sim`).
//! * [`play`]: the game in progress without drawing (who acts, who views, AI pace, autosave).
//! * [`game_view`]: the play screen; [`action_bar`] (the prompt and the fixed buttons),
//!   [`confirm`] (the question before an action that cannot be taken back), [`board_view`],
//!   [`battle_panel`], [`actions`], [`hand`],
//!   [`log_panel`], [`dice_panel`], [`handover`] draw its parts; [`battle_pick`] acts on the
//!   battle board by clicks; [`palette`] colours them; [`autosave`] keeps the files.
//! * [`online`]: the online lobby (sign in, my games, new game, join); [`remote`]: a game on a
//!   server, its network calls off the UI thread; [`table`]: a game here or on a server, as
//!   the play screen reads it.

pub mod action_bar;
pub mod actions;
pub mod autosave;
pub mod battle_panel;
pub mod battle_pick;
pub mod board_view;
pub mod confirm;
pub mod dice_panel;
pub mod file_browser;
pub mod game_view;
pub mod hand;
pub mod handover;
pub mod lab;
pub mod launcher;
pub mod log_panel;
pub mod log_words;
pub mod map_labels;
pub mod online;
pub mod palette;
pub mod play;
pub mod remote;
pub mod setup_choices;
pub mod table;

use autosave::{AppSave, Store};
use bivouac_systems::{Catalog, load_catalog};
use game_view::{Exit, GameView};
use lab::Lab;
use launcher::{Command, Launcher};
use online::{Lobby, LobbyCommand};
use play::{Control, Notice, Play};
use table::{RemoteGame, Table};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How the app is set up: where it keeps its files, and the AI's pace.
#[derive(Clone, Debug)]
pub struct AppConfig {
    pub data_dir: PathBuf,
    /// Seconds between two AI moves (unless "fast").
    pub ai_delay: f64,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig { data_dir: autosave::default_data_dir(), ai_delay: 0.5 }
    }
}

pub struct BivouacApp {
    catalog: Arc<Catalog>,
    store: Store,
    pub launcher: Launcher,
    pub play: Option<Play>,
    pub lab: Option<Lab>,
    /// The online lobby, while the player is online (it stays behind an online game's screen).
    pub online: Option<Lobby>,
    pub view: GameView,
}

impl BivouacApp {
    pub fn new(catalog: Catalog, config: AppConfig) -> Self {
        BivouacApp {
            catalog: Arc::new(catalog),
            store: Store::new(config.data_dir),
            launcher: Launcher::default(),
            play: None,
            lab: None,
            online: None,
            view: GameView::new(config.ai_delay),
        }
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Draw one frame. eframe calls this through [`eframe::App`]; tests call it directly.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        if let Some(play) = &mut self.play {
            let exit = game_view::show(ui, play, &mut self.view);
            let online = play.online().is_some();
            let rematch = play.rematch.take();
            if let Exit::ToLauncher = exit {
                self.play = None;
                self.launcher.invalidate();
                if online && let Some(lobby) = &mut self.online {
                    lobby.refresh();
                }
            } else if let (Some(id), Some(lobby)) = (rematch, &mut self.online) {
                // The rematch opens in place of the finished game.
                self.play = None;
                lobby.open_game(id, None);
            }
            return;
        }
        if let Some(lobby) = &mut self.online {
            let mut command = None;
            egui::CentralPanel::default().show(ui, |ui| command = lobby.ui(ui, &self.catalog));
            match command {
                Some(LobbyCommand::Back) => self.online = None,
                Some(LobbyCommand::Play(client, game)) => self.play_online(client, game),
                None => {}
            }
            return;
        }
        if let Some(lab) = &mut self.lab {
            let mut back = false;
            egui::CentralPanel::default().show(ui, |ui| back = lab.ui(ui, &self.catalog));
            if back {
                self.lab = None;
            }
            return;
        }
        let mut command = None;
        egui::CentralPanel::default().show(ui, |ui| {
            command = self.launcher.ui(ui, &self.catalog, &self.store);
        });
        match command {
            Some(Command::Start { game, setup, controls, handover }) => self.start(game, setup, controls, handover),
            Some(Command::Open(path)) => self.open(&path),
            Some(Command::Lab { game, setup, seats }) => self.lab = Some(Lab::new(game, setup, seats)),
            Some(Command::Online) => self.online = Some(Lobby::default()),
            None => {}
        }
    }

    /// Play an online game on the play screen: this app's seat is the person's, the server's
    /// AI plays its seats, other players the rest.
    fn play_online(&mut self, client: bivouac_server::client::Client, game: Box<remote::Snapshot>) {
        let Some(index) = self.catalog.games.iter().position(|g| g.id() == game.game) else {
            if let Some(lobby) = &mut self.online {
                lobby.error = Some(format!("the server's game `{}` is not playable in this app", game.game));
            }
            return;
        };
        let controls = game
            .players
            .iter()
            .enumerate()
            .map(|(i, (_, ai))| match ai.as_deref().map(bivouac_engine::agent::AgentKind::parse) {
                _ if i == game.seat as usize => Control::Human,
                Some(Ok(kind)) => Control::Ai(kind),
                _ => Control::Online,
            })
            .collect();
        let remote = remote::Remote::connect(client, &game.id);
        let mut play = Play::new(self.catalog.clone(), index, Table::Remote(Box::new(RemoteGame { remote, game: *game })), controls, self.store.clone());
        play.handover_enabled = false;
        play.refresh();
        self.begin(play);
    }

    pub fn start(&mut self, game: usize, setup: bivouac_engine::Setup, controls: Vec<Control>, handover: bool) {
        let Some(g) = self.catalog.games.get(game) else { return };
        match g.new_session(setup) {
            Ok(session) => {
                let mut play = Play::new(self.catalog.clone(), game, Table::Local(session), controls, self.store.clone());
                play.handover_enabled = handover;
                play.refresh();
                play.autosave();
                self.begin(play);
            }
            Err(r) => self.launcher.error = Some(format!("The game could not start: {r}")),
        }
    }

    /// Open a save written by the app or the command line (its `ai` map says who the AI plays).
    pub fn open(&mut self, path: &Path) {
        match self.load(path) {
            Ok(mut play) => {
                play.handover_enabled = self.launcher.handover;
                play.refresh();
                if self.store.is_autosave(path) {
                    play.autosave_path = Some(path.to_path_buf());
                } else {
                    self.store.add_recent(path);
                    play.save_path = Some(path.to_path_buf());
                }
                play.autosave();
                self.begin(play);
            }
            Err(e) => self.launcher.error = Some(e),
        }
    }

    fn load(&self, path: &Path) -> Result<Play, String> {
        let AppSave { save, ai, .. } = AppSave::read(path)?;
        let index = self.catalog.games.iter().position(|g| g.id() == save.game).ok_or_else(|| {
            let known: Vec<&str> = self.catalog.games.iter().map(|g| g.id()).collect();
            format!("{}: a game of `{}`, which is not playable here (playable: {})", path.display(), save.game, known.join(", "))
        })?;
        let session = self.catalog.games[index].load(&save).map_err(|e| format!("{}: {e}", path.display()))?;
        let controls = session
            .seat_names()
            .iter()
            .map(|n| ai.iter().find(|(k, _)| k.eq_ignore_ascii_case(n)).map_or(Control::Human, |(_, kind)| Control::Ai(*kind)))
            .collect();
        let other_content = session.other_content().is_some();
        let mut play = Play::new(self.catalog.clone(), index, Table::Local(session), controls, self.store.clone());
        if other_content {
            play.notice = Some(Notice::Info(bivouac_engine::save::OTHER_CONTENT.to_string()));
        }
        Ok(play)
    }

    fn begin(&mut self, play: Play) {
        self.launcher.error = None;
        self.view.board_view = Default::default();
        self.view.notation.clear();
        self.play = Some(play);
    }
}

impl eframe::App for BivouacApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        BivouacApp::ui(self, ui);
    }
}

/// Open the desktop app on the content `layers` (built-in first, then mods).
pub fn run(layers: &[PathBuf]) -> Result<(), String> {
    let catalog = load_catalog(layers);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default().with_title("Bivouac").with_inner_size([1360.0, 860.0]).with_min_inner_size([800.0, 500.0]),
        ..Default::default()
    };
    eframe::run_native(
        "Bivouac",
        options,
        Box::new(move |cc| {
            cc.egui_ctx.set_theme(egui::Theme::Light);
            Ok(Box::new(BivouacApp::new(catalog, AppConfig::default())))
        }),
    )
    .map_err(|e| format!("the desktop app could not open a window: {e}"))
}
