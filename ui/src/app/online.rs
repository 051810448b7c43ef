//! The online lobby: sign in to a game server (or register), list my games with whose turn it
//! is and the games with an open seat, start a game (game, scenario, players and rules options
//! as in the launcher, who plays each seat: me, a player who joins, or the server's AI) or
//! join one. Every call to the server runs on a thread
//! of its own, so the window never waits; errors are shown in plain words. Opening a game hands
//! it to the play screen as a [`super::table::Table::Remote`].

use super::play::Control;
use super::remote::{Snapshot, plain};
use super::setup_choices;
use bivouac_engine::agent::AgentKind;
use bivouac_engine::Setup;
use bivouac_server::client::Client;
use bivouac_systems::Catalog;
use egui::Color32;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::mpsc::{Receiver, channel};

/// Who plays a seat of a new online game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatChoice {
    Me,
    /// Left open for a player who joins with the game's id.
    Open,
    /// The server's AI.
    Ai(AgentKind),
}

impl SeatChoice {
    fn label(self) -> String {
        match self {
            SeatChoice::Me => "Me".into(),
            SeatChoice::Open => "Open: a player joins".into(),
            SeatChoice::Ai(k) => Control::Ai(k).label(),
        }
    }

    fn all() -> Vec<SeatChoice> {
        [SeatChoice::Me, SeatChoice::Open].into_iter().chain(AgentKind::ALL.iter().map(|&k| SeatChoice::Ai(k))).collect()
    }
}

/// What the seat names depend on: game, scenario, players, options.
type SetupKey = (usize, usize, u8, BTreeMap<String, String>);

/// A finished call to the server.
enum Done {
    SignedIn { name: String, token: String },
    Lists { mine: Vec<Value>, open: Vec<Value> },
    Opened(Box<Snapshot>),
    Error(String),
}

/// What the lobby asks of the app.
pub enum LobbyCommand {
    Back,
    /// Play this game (the client is signed in).
    Play(Client, Box<Snapshot>),
}

pub struct Lobby {
    pub server: String,
    pub name: String,
    pub password: String,
    /// The signed-in user and its session token.
    pub user: Option<(String, String)>,
    pub error: Option<String>,
    pub mine: Vec<Value>,
    pub open: Vec<Value>,
    /// The new game: catalog index, scenario index, who plays each seat.
    pub game: usize,
    pub scenario: usize,
    /// The number of players and the rules options, as the launcher offers them.
    pub players: u8,
    pub options: BTreeMap<String, String>,
    pub seats: Vec<SeatChoice>,
    seat_names: Option<(SetupKey, Vec<String>)>,
    job: Option<Receiver<Done>>,
    /// An opened game waiting for the app to take it.
    opened: Option<Box<Snapshot>>,
    /// An invitation link pasted by the player.
    pub link: String,
}

impl Default for Lobby {
    fn default() -> Self {
        Lobby {
            server: "http://127.0.0.1:8080".into(),
            name: String::new(),
            password: String::new(),
            user: None,
            error: None,
            mine: Vec::new(),
            open: Vec::new(),
            game: 0,
            scenario: 0,
            players: 0,
            options: BTreeMap::new(),
            seats: Vec::new(),
            seat_names: None,
            job: None,
            opened: None,
            link: String::new(),
        }
    }
}

impl Lobby {
    /// A call is on its way.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// A client of the server, signed in when the user is.
    pub fn client(&self) -> Client {
        match &self.user {
            Some((_, token)) => Client::with_token(self.server.trim(), token),
            None => Client::new(self.server.trim()),
        }
    }

    /// Run `call` on a thread with a client of the server; its result is taken in by `poll`.
    fn spawn(&mut self, call: impl FnOnce(Client) -> Done + Send + 'static) {
        let (tx, rx) = channel();
        let client = self.client();
        std::thread::spawn(move || {
            let _ = tx.send(call(client));
        });
        self.error = None;
        self.job = Some(rx);
    }

    fn poll(&mut self) {
        let Some(rx) = &self.job else { return };
        let Ok(done) = rx.try_recv() else { return };
        self.job = None;
        match done {
            Done::SignedIn { name, token } => {
                self.user = Some((name, token));
                self.password.clear();
                self.refresh();
            }
            Done::Lists { mine, open } => {
                self.mine = mine;
                self.open = open;
            }
            Done::Opened(s) => self.opened = Some(s),
            Done::Error(e) => self.error = Some(e),
        }
    }

    /// Fetch my games and the open games again.
    pub fn refresh(&mut self) {
        self.spawn(|c| {
            let lists = c.get("/api/games").and_then(|m| Ok((m, c.get("/api/games/open")?)));
            match lists {
                Ok((m, o)) => Done::Lists { mine: list(&m), open: list(&o) },
                Err(e) => Done::Error(plain(&e)),
            }
        });
    }

    fn sign_in(&mut self, register: bool) {
        let (name, password) = (self.name.trim().to_string(), self.password.clone());
        if !self.server.trim().starts_with("http://") {
            self.error = Some("the server's address starts with http:// (e.g. http://127.0.0.1:8080)".into());
            return;
        }
        self.spawn(move |mut c| match c.sign_in(&name, &password, !register) {
            Ok(token) => Done::SignedIn { name, token },
            Err(e) => Done::Error(plain(&e)),
        });
    }

    /// Open game `id` (after `first`, a call such as joining it, when given).
    pub fn open_game(&mut self, id: String, first: Option<(String, Value)>) {
        self.spawn(move |c| {
            if let Some((path, body)) = first
                && let Err(e) = c.post(&path, &body)
            {
                return Done::Error(plain(&e));
            }
            match c.picture(&id).map_err(|e| plain(&e)).and_then(|v| Snapshot::parse(&v)) {
                Ok(s) => Done::Opened(Box::new(s)),
                Err(e) => Done::Error(e),
            }
        });
    }

    /// Take the seat an invitation link names, and open its game.
    fn open_invitation(&mut self) {
        let Some((_, code)) = self.link.trim().rsplit_once("/api/invites/") else {
            self.error = Some("an invitation link ends in /api/invites/ and its code".into());
            return;
        };
        let path = format!("/api/invites/{code}");
        self.spawn(move |c| {
            let joined = match c.post(&path, &json!({})) {
                Ok(v) => v,
                Err(e) => return Done::Error(plain(&e)),
            };
            let id = joined["id"].as_str().unwrap_or_default().to_string();
            match c.picture(&id).map_err(|e| plain(&e)).and_then(|v| Snapshot::parse(&v)) {
                Ok(s) => Done::Opened(Box::new(s)),
                Err(e) => Done::Error(e),
            }
        });
    }

    fn create(&mut self, catalog: &Catalog) {
        let Some(g) = catalog.games.get(self.game) else { return };
        let Some(sc) = g.scenarios().get(self.scenario).cloned() else { return };
        let names = self.seat_names.as_ref().map(|(_, n)| n.clone()).unwrap_or_default();
        let Some(me) = self.seats.iter().position(|s| *s == SeatChoice::Me) else {
            self.error = Some("choose a seat for yourself (\"Me\")".into());
            return;
        };
        if self.seats.iter().filter(|s| **s == SeatChoice::Me).count() > 1 {
            self.error = Some("you play one seat: the others are open or the AI's".into());
            return;
        }
        let ai: BTreeMap<String, String> = self.seats.iter().zip(&names).filter_map(|(s, n)| if let SeatChoice::Ai(k) = s { Some((n.clone(), k.spec())) } else { None }).collect();
        let body = json!({ "game": g.id(), "scenario": sc.id, "players": self.players, "options": self.options, "seat": names[me], "ai": ai });
        self.spawn(move |c| {
            let created = match c.post("/api/games", &body) {
                Ok(v) => v,
                Err(e) => return Done::Error(plain(&e)),
            };
            let id = created["id"].as_str().unwrap_or_default().to_string();
            let invites: Vec<(String, String)> = created["invites"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|i| (i["seat"].as_str().unwrap_or_default().to_string(), format!("{}{}", c.base, i["path"].as_str().unwrap_or_default())))
                .collect();
            match c.picture(&id).map_err(|e| plain(&e)).and_then(|v| Snapshot::parse(&v)) {
                Ok(mut s) => {
                    s.invites = invites;
                    Done::Opened(Box::new(s))
                }
                Err(e) => Done::Error(e),
            }
        });
    }

    /// Keep the new game's choices valid and the seat list the scenario's.
    fn normalize(&mut self, catalog: &Catalog) {
        if catalog.games.is_empty() {
            return;
        }
        self.game = self.game.min(catalog.games.len() - 1);
        let g = &catalog.games[self.game];
        let scenarios = g.scenarios();
        self.scenario = self.scenario.min(scenarios.len().saturating_sub(1));
        let Some(info) = scenarios.get(self.scenario) else { return };
        setup_choices::normalize(info, &mut self.players, &mut self.options);
        let key = (self.game, self.scenario, self.players, self.options.clone());
        if self.seat_names.as_ref().is_none_or(|(k, _)| *k != key) {
            let mut setup = Setup::new(info.id.clone(), self.players, 1);
            setup.options = self.options.clone();
            let names = g.new_session(setup).map(|s| s.seat_names()).unwrap_or_default();
            // Seats already chosen keep their choice; new ones are open.
            self.seats.resize(names.len(), SeatChoice::Open);
            if !self.seats.contains(&SeatChoice::Me)
                && let Some(first) = self.seats.first_mut()
            {
                *first = SeatChoice::Me;
            }
            self.seat_names = Some((key, names));
        }
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, catalog: &Catalog) -> Option<LobbyCommand> {
        self.poll();
        if self.busy() {
            ui.ctx().request_repaint_after(std::time::Duration::from_millis(50));
        }
        if let Some(s) = self.opened.take() {
            return Some(LobbyCommand::Play(self.client(), s));
        }
        self.normalize(catalog);
        let mut command = None;
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal(|ui| {
                if ui.button("Back").on_hover_text("Back to the launcher").clicked() {
                    command = Some(LobbyCommand::Back);
                }
                ui.heading("Play online");
                if self.busy() {
                    ui.spinner();
                }
            });
            if let Some(e) = &self.error {
                ui.colored_label(Color32::from_rgb(190, 30, 30), e);
            }
            ui.separator();
            match self.user.clone() {
                None => self.sign_in_ui(ui),
                Some((name, _)) => self.signed_in_ui(ui, catalog, &name),
            }
        });
        command
    }

    fn sign_in_ui(&mut self, ui: &mut egui::Ui) {
        ui.label("Sign in to a game server (`bivouac serve` runs one), or register a new name there.");
        egui::Grid::new("sign-in").num_columns(2).show(ui, |ui| {
            for (label, value, secret) in [("Server address", &mut self.server, false), ("Name", &mut self.name, false), ("Password", &mut self.password, true)] {
                let l = ui.label(label);
                ui.add(egui::TextEdit::singleline(value).password(secret).desired_width(260.0)).labelled_by(l.id);
                ui.end_row();
            }
        });
        ui.horizontal(|ui| {
            ui.add_enabled_ui(!self.busy(), |ui| {
                if ui.button("Sign in").clicked() {
                    self.sign_in(false);
                }
                if ui.button("Register").on_hover_text("A new name on this server (a password of 8 characters or more)").clicked() {
                    self.sign_in(true);
                }
            });
        });
    }

    fn signed_in_ui(&mut self, ui: &mut egui::Ui, catalog: &Catalog, name: &str) {
        ui.horizontal(|ui| {
            ui.label(format!("Signed in to {} as {name}", self.server.trim()));
            if ui.button("Refresh").clicked() {
                self.refresh();
            }
            if ui.button("Sign out").clicked() {
                self.user = None;
                self.mine.clear();
                self.open.clear();
            }
        });
        ui.separator();
        ui.heading("My games");
        if self.mine.is_empty() {
            ui.weak("No game yet: start one below, or join an open one.");
        }
        let mut open = None;
        for g in &self.mine {
            ui.horizontal(|ui| {
                let id = g["id"].as_str().unwrap_or_default();
                let state = if g["finished"] == json!(true) {
                    g["result"].as_str().unwrap_or("finished").to_string()
                } else if g["your_turn"] == json!(true) {
                    "your turn".into()
                } else {
                    format!("waiting for {}", strings(&g["to_act"]).join(", "))
                };
                ui.label(format!("{}, {}: you play {}; {state}", g["game"].as_str().unwrap_or("?"), g["setup"]["scenario"].as_str().unwrap_or("?"), g["seat"].as_str().unwrap_or("?")));
                if ui.button("Open").on_hover_text(format!("game {id}")).clicked() {
                    open = Some((id.to_string(), None));
                }
            });
        }
        ui.horizontal(|ui| {
            let l = ui.label("Invitation link");
            ui.add(egui::TextEdit::singleline(&mut self.link).desired_width(360.0)).labelled_by(l.id);
            if ui.add_enabled(!self.busy(), egui::Button::new("Open invitation")).on_hover_text("Take the seat the link names").clicked() {
                self.open_invitation();
            }
        });
        ui.separator();
        ui.heading("Open games");
        let me = name.to_string();
        let joinable: Vec<&Value> = self.open.iter().filter(|g| !self.mine.iter().any(|m| m["id"] == g["id"])).collect();
        if joinable.is_empty() {
            ui.weak("No game waits for a player.");
        }
        for g in joinable {
            ui.horizontal(|ui| {
                let id = g["id"].as_str().unwrap_or_default();
                ui.label(format!("{}, {}: open {}", g["game"].as_str().unwrap_or("?"), g["setup"]["scenario"].as_str().unwrap_or("?"), strings(&g["open_seats"]).join(", ")));
                if ui.button("Join").on_hover_text(format!("take the first open seat of game {id} as {me}")).clicked() {
                    open = Some((id.to_string(), Some((format!("/api/games/{id}/join"), json!({})))));
                }
            });
        }
        if let Some((id, first)) = open {
            self.open_game(id, first);
        }
        ui.separator();
        ui.heading("New game");
        self.new_game_ui(ui, catalog);
    }

    fn new_game_ui(&mut self, ui: &mut egui::Ui, catalog: &Catalog) {
        let Some(g) = catalog.games.get(self.game) else { return };
        let scenarios = g.scenarios();
        let before = (self.game, self.scenario);
        egui::ComboBox::from_label("Online game").selected_text(g.title()).show_ui(ui, |ui| {
            for (i, x) in catalog.games.iter().enumerate() {
                ui.selectable_value(&mut self.game, i, x.title());
            }
        });
        let current = scenarios.get(self.scenario).map_or(String::new(), |s| s.title.clone());
        egui::ComboBox::from_label("Online scenario").selected_text(current).show_ui(ui, |ui| {
            for (i, s) in scenarios.iter().enumerate() {
                ui.selectable_value(&mut self.scenario, i, &s.title);
            }
        });
        if (self.game, self.scenario) != before {
            // Another game or scenario starts from its defaults and its own seats.
            if self.game != before.0 {
                self.scenario = 0;
            }
            self.players = 0;
            self.options.clear();
            self.seats.clear();
            return;
        }
        let Some(info) = scenarios.get(self.scenario) else { return };
        if info.min_players != info.max_players {
            egui::Grid::new("online-players").num_columns(2).show(ui, |ui| {
                setup_choices::players_row(ui, info, &mut self.players);
                ui.end_row();
            });
        }
        let names = self.seat_names.as_ref().map(|(_, n)| n.clone()).unwrap_or_default();
        for (i, name) in names.iter().enumerate() {
            let Some(choice) = self.seats.get_mut(i) else { break };
            egui::ComboBox::from_label(format!("Seat {name}")).selected_text(choice.label()).show_ui(ui, |ui| {
                for c in SeatChoice::all() {
                    ui.selectable_value(choice, c, c.label());
                }
            });
        }
        setup_choices::options_ui(ui, info, &mut self.options, "online");
        ui.add_enabled_ui(!self.busy(), |ui| {
            if ui.button("Create game").clicked() {
                self.create(catalog);
            }
        });
    }
}

/// The `games` array of a list answer.
fn list(v: &Value) -> Vec<Value> {
    v["games"].as_array().cloned().unwrap_or_default()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().map(|x| x.as_str().map_or_else(|| x.to_string(), String::from)).collect()).unwrap_or_default()
}
