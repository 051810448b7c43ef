//! A game in progress, without any drawing: the session, who plays each seat, whose view the
//! board shows, the cached board and legal actions (recomputed only when the state changes),
//! the AI's pace, hand-overs, autosave and the review of past steps. Every action offered comes
//! from the engine's `hinted_actions`; the app holds no rules. The game itself is a
//! [`Table`]: a session played here, or a game on a server of which this app plays one seat.

use super::autosave::{AppSave, Store};
use super::board_view::{Geometry, HintIndex};
use super::log_words::LogWords;
use super::remote::{Request, Update};
use super::table::{RemoteGame, Table};
use bivouac_engine::agent::AgentKind;
use bivouac_engine::board::{ActionHint, Board};
use bivouac_engine::session::{AnyGame, Irreversible};
use bivouac_engine::{Outcome, Refusal, Seat};
use bivouac_systems::Catalog;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    Human,
    Ai(AgentKind),
    /// Another player, on a game server (an online game's other seats).
    Online,
}

impl Control {
    /// "Human", or "AI level N: name" (levels from `AgentKind::ALL`, weakest first).
    pub fn label(self) -> String {
        match self {
            Control::Human => "Human".into(),
            Control::Ai(k) => {
                let level = AgentKind::ALL.iter().position(|x| *x == k).map_or(0, |i| i + 1);
                format!("AI level {level}: {}", k.label().trim_start_matches("AI: "))
            }
            Control::Online => "Player online".into(),
        }
    }

    /// Every choice the launcher offers: a person, or each AI strength level that exists.
    pub fn all() -> Vec<Control> {
        std::iter::once(Control::Human).chain(AgentKind::ALL.iter().map(|&k| Control::Ai(k))).collect()
    }

    /// The AI a new seat gets: the second level when there are several (a fair opponent that
    /// answers at once), else the only one.
    pub fn default_ai() -> Control {
        let all = AgentKind::ALL;
        Control::Ai(all[1.min(all.len() - 1)])
    }
}

/// A message above the action list: a refusal (with its rule) or a plain note.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    Refused(Refusal),
    Info(String),
    Error(String),
}

/// The board at an earlier step, rebuilt by replaying the save up to it (read-only).
pub struct Review {
    /// Number of steps replayed (0 = the setup).
    pub steps: usize,
    pub board: Board,
    pub geometry: Geometry,
    pub describe: String,
}

/// The moves an AI found, in order, and an error that stopped it.
type AiMoves = (Vec<(Seat, String)>, Option<String>);

/// AI moves being found on a copy of the session, in a background thread.
struct AiJob {
    /// The length of the history when the AI started: its moves apply only if it is unchanged.
    from: usize,
    handle: std::thread::JoinHandle<AiMoves>,
}

pub struct Play {
    catalog: Arc<Catalog>,
    game_index: usize,
    pub table: Table,
    pub controls: Vec<Control>,
    pub names: Vec<String>,
    pub handover_enabled: bool,
    store: Store,
    /// Where "Save" writes (set by "Save as" or when a save was opened).
    pub save_path: Option<PathBuf>,
    /// This game's autosave (a new one at the first write, unless an autosave was opened).
    pub autosave_path: Option<PathBuf>,

    // Recomputed by `refresh` after every change of state or viewer.
    pub active: Vec<Seat>,
    /// The human seat whose decision the screen shows.
    pub acting: Option<Seat>,
    /// The seat whose view the board, hand and log show (None: the public view).
    pub viewer: Option<Seat>,
    /// A hand-over screen is up, waiting for this seat's player.
    pub handover: Option<Seat>,
    pub board: Board,
    pub geometry: Geometry,
    pub describe: String,
    pub actions: Vec<(String, ActionHint)>,
    pub hints: HintIndex,
    pub outcome: Option<Outcome>,
    /// Bumped on every change, so views can tell when to reset.
    pub version: u64,

    pub selected: Option<u16>,
    /// Several actions share the clicked origin and destination: the player picks one.
    pub choice: Vec<usize>,
    /// Of the actions with a destination and no origin on the map (placing a piece from off
    /// the board), the kind the player picked (see [`Play::placements`]): only its
    /// destinations are lit.
    pub placing: Option<String>,
    /// The battle-board piece picked (`BattlePiece::key`): its legal boxes are lit.
    pub battle_piece: Option<String>,
    pub notice: Option<Notice>,
    pub review: Option<Review>,
    pub last_ai_time: Option<f64>,
    /// The AI move being computed off the UI thread.
    thinking: Option<AiJob>,
    /// Rule citations seen in refusals this game, newest last.
    pub refusal_rules: Vec<String>,
    /// Rule citations of the events about the selected space.
    pub selected_rules: Vec<String>,
    /// What the acting seat is asked to do, in the game's words ([`bivouac_engine::session::AnySession::prompt`]).
    pub prompt: Option<String>,
    /// An action that cannot be taken back, waiting for the player to confirm it.
    pub confirm: Option<Confirm>,
    /// History indexes of the steps the app took because the rules left one choice.
    pub auto_steps: Vec<usize>,
    /// An online game's rematch, to be opened in place of this one.
    pub rematch: Option<String>,
    /// The log in the game's words, as the viewer reads it.
    pub log: LogWords,
}

/// An action the player chose that cannot be taken back, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Confirm {
    pub action: String,
    /// The action in the game's words.
    pub words: String,
    pub why: String,
}

/// What a player reads for a legal action: the game's words, else its notation.
pub fn words_of(action: &(String, ActionHint)) -> &str {
    if action.1.words.is_empty() { &action.0 } else { &action.1.words }
}

impl Play {
    pub fn new(catalog: Arc<Catalog>, game_index: usize, table: Table, controls: Vec<Control>, store: Store) -> Self {
        let names = table.seat_names();
        let mut controls = controls;
        controls.resize(names.len(), Control::Human);
        let mut p = Play {
            catalog,
            game_index,
            table,
            controls,
            names,
            handover_enabled: true,
            store,
            save_path: None,
            autosave_path: None,
            active: Vec::new(),
            acting: None,
            viewer: None,
            handover: None,
            board: Board::default(),
            geometry: Geometry::default(),
            describe: String::new(),
            actions: Vec::new(),
            hints: HintIndex::default(),
            outcome: None,
            version: 0,
            selected: None,
            choice: Vec::new(),
            placing: None,
            battle_piece: None,
            notice: None,
            review: None,
            last_ai_time: None,
            thinking: None,
            refusal_rules: Vec::new(),
            selected_rules: Vec::new(),
            prompt: None,
            confirm: None,
            auto_steps: Vec::new(),
            rematch: None,
            log: LogWords::default(),
        };
        p.refresh();
        p
    }

    pub fn game(&self) -> &dyn AnyGame {
        &*self.catalog.games[self.game_index]
    }

    pub fn humans(&self) -> usize {
        self.controls.iter().filter(|c| **c == Control::Human).count()
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        self.controls.get(seat as usize) == Some(&Control::Human)
    }

    pub fn is_ai(&self, seat: Seat) -> bool {
        matches!(self.controls.get(seat as usize), Some(Control::Ai(_)))
    }

    pub fn seat_name(&self, seat: Seat) -> &str {
        self.names.get(seat as usize).map_or("?", String::as_str)
    }

    /// A seat's name as players read it ("USA", "Player 2").
    pub fn seat_title(&self, seat: Seat) -> String {
        super::log_words::seat_title(self.seat_name(seat))
    }

    /// The `ai` map of a save: seat name (lower case) -> agent kind.
    pub fn ai_map(&self) -> BTreeMap<String, AgentKind> {
        self.controls
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match c {
                Control::Ai(k) => Some((self.names[i].to_lowercase(), *k)),
                Control::Human | Control::Online => None,
            })
            .collect()
    }

    /// The save of a game played here (an online game's is the server's).
    pub fn app_save(&self) -> Option<AppSave> {
        let session = self.table.local()?;
        Some(AppSave { save: session.to_save(), ai: self.ai_map(), turn: session.turn() })
    }

    /// The game is on a server.
    pub fn online(&self) -> Option<&RemoteGame> {
        self.table.remote()
    }

    /// Take in what the server sent since the last frame (an online game; nothing otherwise).
    pub fn poll(&mut self) {
        let Table::Remote(r) = &mut self.table else { return };
        let mut changed = false;
        for u in r.remote.updates() {
            match u {
                Update::Game(g) => {
                    let r = match &mut self.table {
                        Table::Remote(r) => r,
                        Table::Local(_) => return,
                    };
                    if g.version != r.game.version || g.finished != r.game.finished || g.undo_by != r.game.undo_by || g.players != r.game.players {
                        changed = true;
                    }
                    let invites = std::mem::take(&mut r.game.invites);
                    r.game = *g;
                    r.game.invites = invites;
                }
                Update::Refused(refusal) => self.refused(refusal),
                Update::Error(e) => self.notice = Some(Notice::Error(e)),
                Update::Info(i) => self.notice = Some(Notice::Info(i)),
                Update::Rematch(id) => self.rematch = Some(id),
                Update::Review(past) => {
                    // Only if the player still asks for that step (and the game has it).
                    if self.review.as_ref().is_some_and(|r| r.steps == past.steps) {
                        let geometry = Geometry::new(&past.board);
                        self.review = Some(Review { steps: past.steps, geometry, board: past.board, describe: past.describe });
                    }
                }
                Update::Answered => {}
            }
        }
        if changed {
            self.selected = None;
            self.confirm = None;
            self.refresh();
        }
    }

    /// Send a request about the online game (nothing for a game played here).
    pub fn send(&mut self, request: Request) {
        if let Table::Remote(r) = &mut self.table {
            r.remote.send(request);
        }
    }

    /// An online game's requests are on their way or being answered.
    pub fn waiting(&self) -> bool {
        self.online().is_some_and(|r| r.remote.pending > 0)
    }

    /// Work out who acts and who views, and rebuild the cached board and actions.
    pub fn refresh(&mut self) {
        self.version += 1;
        self.active = self.table.active_seats();
        self.outcome = self.table.outcome();
        if !self.handover_enabled
            && let Some(h) = self.handover.take()
        {
            self.viewer = Some(h);
        }
        let humans_active: Vec<Seat> = self.active.iter().copied().filter(|&s| self.is_human(s)).collect();
        self.acting = match self.viewer {
            Some(v) if humans_active.contains(&v) => Some(v),
            _ => humans_active.first().copied(),
        };
        if let Some(a) = self.acting {
            if Some(a) != self.viewer && self.handover != Some(a) {
                // Between two human players, hide the screen until the next one takes over.
                if self.handover_enabled && self.humans() >= 2 {
                    self.handover = Some(a);
                } else {
                    self.viewer = Some(a);
                }
            }
        } else if self.viewer.is_none() && self.humans() == 1 {
            self.viewer = self.controls.iter().position(|c| *c == Control::Human).map(|i| i as Seat);
        }
        if self.outcome.is_some() {
            self.handover = None;
            if self.humans() != 1 {
                self.viewer = None;
            }
        }
        self.log.update(&*self.catalog.games[self.game_index], self.table.setup(), self.table.history(), self.viewer);
        self.board = self.table.board(self.viewer);
        self.geometry = Geometry::new(&self.board);
        self.describe = self.table.describe(self.viewer);
        self.actions = match (self.acting, self.handover) {
            (Some(a), None) if Some(a) == self.viewer => self.table.hinted_actions(a),
            _ => Vec::new(),
        };
        self.hints = HintIndex::new(&self.actions);
        self.prompt = match self.acting {
            Some(a) if !self.actions.is_empty() => self.table.prompt(a),
            _ => None,
        };
        self.choice.clear();
        if self.placing.as_ref().is_some_and(|k| !self.placements().iter().any(|(key, _)| key == k)) {
            self.placing = None;
        }
        if self.battle_piece.as_ref().is_some_and(|k| !self.battle_piece_acts(k)) {
            self.battle_piece = None;
        }
        let keep = self.selected.filter(|&s| (s as usize) < self.board.spaces.len());
        self.select(keep);
    }

    /// Select a space (or none) and gather the rule numbers cited by the events about it.
    pub fn select(&mut self, space: Option<u16>) {
        self.selected = space;
        self.selected_rules.clear();
        let board = self.review.as_ref().map_or(&self.board, |r| &r.board);
        let Some(s) = space.and_then(|i| board.spaces.get(i as usize)) else { return };
        let name = if s.label.is_empty() { s.id.clone() } else { s.label.clone() };
        for step in self.table.history() {
            for e in step.events.iter().filter(|e| e.visible_to(self.viewer) && e.text.contains(&name)) {
                for c in citations(&e.text) {
                    if !self.selected_rules.contains(&c) {
                        self.selected_rules.push(c);
                    }
                }
            }
        }
    }

    /// The next player has the device: show their view.
    pub fn confirm_handover(&mut self) {
        if let Some(s) = self.handover.take() {
            self.viewer = Some(s);
            self.review = None;
            self.selected = None;
            self.notice = None;
            self.refresh();
        }
    }

    /// The player chose `text`: played at once, unless it cannot be taken back (it rolls dice,
    /// draws, reveals, plays a card or ends the turn), which waits in [`Play::confirm`] for
    /// the player's word. True if it was played.
    pub fn choose(&mut self, text: &str) -> bool {
        let text = text.trim();
        if let Some(why) = self.acting.and_then(|seat| self.why_final(seat, text)) {
            let words = self.words(text);
            self.confirm = Some(Confirm { action: text.to_string(), words, why });
            return false;
        }
        self.act(text)
    }

    /// The confirmed action is played (`yes`), or dropped.
    pub fn answer_confirm(&mut self, yes: bool) -> bool {
        match self.confirm.take() {
            Some(c) if yes => self.act(&c.action),
            _ => false,
        }
    }

    /// Why `text` of `seat` could not be taken back once played, in words, if so.
    fn why_final(&self, seat: Seat, text: &str) -> Option<String> {
        let card = self.actions.iter().find(|(t, _)| t == text).and_then(|(_, h)| h.card.clone());
        // An online game's answer comes from the server, found there for this seat alone.
        let irreversible = self.table.irreversible(seat, text);
        let why = match irreversible {
            Some(Irreversible::Dice) => "rolls dice".to_string(),
            Some(Irreversible::Draw) => "draws a card".to_string(),
            Some(Irreversible::Reveal) => "reveals something hidden".to_string(),
            Some(Irreversible::HandsOver(to)) if to.is_empty() => "ends the game".to_string(),
            Some(Irreversible::HandsOver(to)) => {
                let names: Vec<&str> = to.iter().map(|&s| self.seat_name(s)).collect();
                if to.contains(&seat) { format!("brings {} into the decision", names.join(", ")) } else { format!("ends your turn: the decision passes to {}", names.join(", ")) }
            }
            None => return card.map(|c| format!("spends the card {c}")),
        };
        Some(match card {
            Some(c) => format!("spends the card {c} and {why}"),
            None => why,
        })
    }

    /// Where the rules leave the acting seat exactly one choice and it can be taken back, the
    /// app takes it (the log marks it); a choice that cannot be taken back waits for the player.
    fn auto_take(&mut self) {
        for _ in 0..64 {
            let Some(seat) = self.acting.filter(|_| self.handover.is_none() && self.review.is_none() && self.outcome.is_none()) else { return };
            if self.actions.len() != 1 || self.actions[0].1.card.is_some() {
                return;
            }
            let text = self.actions[0].0.clone();
            // An online game's moves are the player's own: none is sent for them.
            if self.online().is_some() || self.why_final(seat, &text).is_some() {
                return;
            }
            let words = words_of(&self.actions[0]).to_string();
            let Table::Local(session) = &mut self.table else { return };
            if session.apply_text(seat, &text).is_err() {
                return;
            }
            self.auto_steps.push(self.table.history().len() - 1);
            self.notice = Some(Notice::Info(format!("The rules left one choice, taken for you: {words}")));
            self.refresh();
        }
    }

    /// Play `text` for the acting seat. Refusals are kept as the notice, the game unchanged.
    pub fn act(&mut self, text: &str) -> bool {
        let Some(seat) = self.acting.filter(|_| self.handover.is_none() && self.review.is_none()) else {
            self.notice = Some(Notice::Info("no decision of yours is pending".into()));
            return false;
        };
        let session = match &mut self.table {
            Table::Local(s) => s,
            Table::Remote(r) => {
                if r.remote.pending > 0 {
                    self.notice = Some(Notice::Info("waiting for the server's answer to your last request".into()));
                    return false;
                }
                let version = r.game.version;
                r.remote.send(Request::Act { action: text.trim().to_string(), version });
                self.notice = Some(Notice::Info(format!("sent to the server: {}", text.trim())));
                self.selected = None;
                return true;
            }
        };
        match session.apply_text(seat, text.trim()) {
            Ok(_) => {
                self.notice = None;
                self.selected = None;
                self.changed();
                true
            }
            Err(r) => {
                self.refused(r);
                false
            }
        }
    }

    fn refused(&mut self, r: Refusal) {
        self.refusal_rules.push(r.rule.to_string());
        if self.refusal_rules.len() > 20 {
            self.refusal_rules.remove(0);
        }
        self.notice = Some(Notice::Refused(r));
    }

    pub fn undo(&mut self) {
        if self.review.is_some() {
            return;
        }
        let session = match &mut self.table {
            Table::Local(s) => s,
            Table::Remote(r) => {
                // The server takes it back at once, or asks the opponent who has seen it.
                r.remote.send(Request::Undo);
                return;
            }
        };
        match session.undo() {
            Ok(()) => {
                // Steps the app took for the player go back with the choice that led to them.
                while self.auto_steps.last() == Some(&session.history().len()) {
                    self.auto_steps.pop();
                    if session.undo().is_err() {
                        break;
                    }
                }
                self.notice = Some(Notice::Info("took back the last action".into()));
                self.selected = None;
                self.confirm = None;
                self.refresh();
                self.autosave();
            }
            Err(r) => self.refused(r),
        }
    }

    /// After any change: take a forced choice, autosave (nothing is lost if the window
    /// closes) and refresh.
    fn changed(&mut self) {
        self.confirm = None;
        self.refresh();
        self.auto_take();
        self.autosave();
    }

    pub fn autosave(&mut self) {
        let Some(save) = self.app_save() else { return };
        let path = self.autosave_path.get_or_insert_with(|| self.store.new_autosave_path(&save.save.game, &save.save.setup.scenario)).clone();
        if let Err(e) = self.store.write_autosave(&path, &save) {
            self.notice = Some(Notice::Error(format!("autosave failed: {e}")));
        }
    }

    /// The folder "Save" writes new saves to.
    pub fn saves_dir(&self) -> PathBuf {
        self.store.saves_dir()
    }

    /// Write the game to `path` (or the current save path, or a new file in the saves folder).
    pub fn save(&mut self, path: Option<PathBuf>) -> Result<PathBuf, String> {
        let (Some(save), Some(session)) = (self.app_save(), self.table.local()) else {
            return Err("an online game is kept by the server; its save (with every hidden action) is given once the game is over".into());
        };
        let path = path.or_else(|| self.save_path.clone()).unwrap_or_else(|| self.store.new_save_path(session.game_id(), &session.setup().scenario));
        save.write(&path)?;
        self.store.add_recent(&path);
        self.save_path = Some(path.clone());
        self.notice = Some(Notice::Info(format!("saved to {}", path.display())));
        Ok(path)
    }

    /// The AI seat to move now, if no game end or review stands in the way.
    pub fn ai_due(&self) -> Option<(Seat, AgentKind)> {
        // An online game's AI seats are played by the server.
        if self.outcome.is_some() || self.review.is_some() || self.online().is_some() {
            return None;
        }
        // The AI answers once the people have finished their part (ended the turn), so each
        // can take back their own steps until then.
        if self.active.iter().any(|&s| self.is_human(s)) {
            return None;
        }
        self.active.iter().find_map(|&s| match self.controls.get(s as usize) {
            Some(Control::Ai(k)) => Some((s, *k)),
            _ => None,
        })
    }

    /// Let the AI play at a pace a person can follow: one move per `delay` seconds, or, when
    /// `fast`, as many as it finds in a few milliseconds. The AI thinks on a copy of the session
    /// in a background thread (a searching AI may take its time), so the window stays
    /// responsive; its moves are then played here through the rules like any other action.
    /// Returns the seconds until this should be called again.
    pub fn tick_ai(&mut self, now: f64, delay: f64, fast: bool) -> Option<f64> {
        if let Some(job) = &self.thinking {
            if !job.handle.is_finished() {
                return Some(0.02);
            }
            let job = self.thinking.take().expect("a job");
            self.finish_ai(job);
            self.last_ai_time = Some(now);
            return self.ai_due().map(|_| if fast { 0.0 } else { delay });
        }
        self.ai_due()?;
        let last = *self.last_ai_time.get_or_insert(now);
        if fast || now - last >= delay {
            self.start_ai(if fast { 20 } else { 0 });
            return Some(0.02);
        }
        Some(delay - (now - last))
    }

    /// Start the AI thinking: its moves until a human must decide, within `budget_ms` (0: one
    /// move). The seed of each move follows the CLI's, so the same game plays the same anywhere.
    fn start_ai(&mut self, budget_ms: u64) {
        let Some(mut session) = self.table.local().map(|s| s.clone_box()) else { return };
        let ai: Vec<Option<AgentKind>> = self.controls.iter().map(|c| if let Control::Ai(k) = c { Some(*k) } else { None }).collect();
        let from = session.history().len();
        let handle = std::thread::spawn(move || {
            let start = std::time::Instant::now();
            let mut moves = Vec::new();
            loop {
                let due = session.active_seats().into_iter().find_map(|s| ai.get(s as usize).copied().flatten().map(|k| (s, k)));
                let Some((seat, kind)) = due else { break };
                let seed = session.setup().seed.wrapping_mul(6364136223846793005).wrapping_add(session.history().len() as u64);
                match session.ai_move(seat, kind, seed) {
                    Ok(step) => moves.push((seat, step.action)),
                    Err(r) => return (moves, Some(format!("the AI could not move: {r}"))),
                }
                if session.outcome().is_some() || start.elapsed().as_millis() as u64 >= budget_ms {
                    break;
                }
            }
            (moves, None)
        });
        self.thinking = Some(AiJob { from, handle });
    }

    /// Play the moves the AI found, unless the game changed meanwhile (an undo, a review).
    fn finish_ai(&mut self, job: AiJob) {
        let Ok((moves, error)) = job.handle.join() else {
            self.notice = Some(Notice::Error("the AI stopped with an internal error".into()));
            return;
        };
        if self.table.history().len() != job.from || self.review.is_some() {
            return;
        }
        let Table::Local(session) = &mut self.table else { return };
        let mut played = 0;
        let mut refused = None;
        for (seat, action) in moves {
            if let Err(r) = session.apply_text(seat, &action) {
                refused = Some((seat, action, r));
                break;
            }
            played += 1;
        }
        if let Some((seat, action, r)) = refused {
            self.notice = Some(Notice::Error(format!("the AI's move `{action}` for {} was refused: {r}", self.seat_name(seat))));
        }
        if let Some(e) = error {
            self.notice = Some(Notice::Error(e));
        }
        if played > 0 {
            self.changed();
        }
    }

    /// The AI is thinking now.
    pub fn ai_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// Show the board after `steps` actions (replaying the save into a read-only session).
    pub fn review_at(&mut self, steps: usize) {
        if steps >= self.table.history().len() {
            self.review = None;
            return;
        }
        let Some(session) = self.table.local() else {
            // The server renders the board as this seat was shown it; until it arrives, the
            // current board stays under the review's step.
            let (board, geometry, describe) = (self.board.clone(), self.geometry.clone(), self.describe.clone());
            self.review = Some(Review { steps, geometry, board, describe });
            self.send(Request::Review(steps));
            return;
        };
        let mut save = session.to_save();
        save.actions.truncate(steps);
        match self.game().load(&save) {
            Ok(s) => {
                let board = s.board(self.viewer);
                let geometry = Geometry::new(&board);
                self.review = Some(Review { steps, geometry, board, describe: s.describe(self.viewer) });
            }
            Err(e) => self.notice = Some(Notice::Error(format!("cannot rebuild step {steps}: {e}"))),
        }
    }

    /// Click on a space: choose an origin, or play the action to a lit destination.
    pub fn click_space(&mut self, space: u16) {
        if self.review.is_some() {
            self.select(Some(space));
            return;
        }
        self.choice.clear();
        let to_here = |list: &[usize]| -> Vec<usize> { list.iter().copied().filter(|&i| self.actions[i].1.to == Some(space)).collect() };
        let candidates = match self.selected {
            Some(sel) if sel != space => self.hints.by_from.get(&sel).map(|l| to_here(l)).unwrap_or_default(),
            _ => Vec::new(),
        };
        let candidates = if candidates.is_empty() && !self.hints.origins.contains(&space) {
            let mut direct = self.hints.direct_to.get(&space).cloned().unwrap_or_default();
            if let Some(kind) = &self.placing {
                direct.retain(|&i| self.placement_key(i).as_ref() == Some(kind));
            }
            direct
        } else {
            candidates
        };
        if candidates.is_empty()
            && let Some(sel) = self.selected.filter(|&s| s != space && !self.hints.origins.contains(&space))
            && self.try_illegal_destination(sel, space)
        {
            return;
        }
        match candidates.len() {
            0 => self.select(if self.selected == Some(space) { None } else { Some(space) }),
            1 => {
                let text = self.actions[candidates[0]].0.clone();
                self.choose(&text);
            }
            _ => self.choice = candidates,
        }
    }

    /// A click on a destination the selected pieces may not reach: ask the rules why, by
    /// playing one of their legal actions with the clicked space in place of its destination.
    /// The refusal (and its rule) is shown and the game is unchanged. False when no action
    /// from `from` names a destination in its notation (then the click just selects).
    fn try_illegal_destination(&mut self, from: u16, to: u16) -> bool {
        let Some(target) = self.board.spaces.get(to as usize).map(|s| s.id.clone()) else { return false };
        let Some(list) = self.hints.by_from.get(&from) else { return false };
        let Some(text) = list.iter().find_map(|&i| {
            let (text, hint) = &self.actions[i];
            let dest = &self.board.spaces.get(hint.to? as usize)?.id;
            let words: Vec<&str> = text.split(' ').collect();
            let k = words.iter().rposition(|w| w == dest)?;
            let mut words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            words[k] = target.clone();
            Some(words.join(" "))
        }) else {
            return false;
        };
        let Some(seat) = self.acting else { return false };
        // Online, the server's rules give the refusal.
        let session = match &mut self.table {
            Table::Local(s) => s,
            Table::Remote(_) => return self.act(&text),
        };
        match session.apply_text(seat, &text) {
            // Legal after all (every legal action is lit, so this is not expected): it is played.
            Ok(_) => {
                self.notice = None;
                self.selected = None;
                self.changed();
                true
            }
            Err(r) if r.rule == "notation" => false,
            Err(r) => {
                self.refused(r);
                true
            }
        }
    }

    /// Destinations to light: those of the selected origin, else of actions without an origin.
    pub fn lit(&self) -> std::collections::HashSet<u16> {
        let list: Vec<usize> = match self.selected.and_then(|s| self.hints.by_from.get(&s)) {
            Some(l) => l.clone(),
            None => self.hints.direct_to.values().flatten().copied().filter(|&i| self.placing.is_none() || self.placement_key(i) == self.placing).collect(),
        };
        list.iter().filter_map(|&i| self.actions[i].1.to).collect()
    }

    /// An action with a destination and no origin, named without its destination
    /// ("place fanny norfolk" -> "place fanny"): what is placed, read from the notation alone.
    fn placement_key(&self, i: usize) -> Option<String> {
        let (text, hint) = self.actions.get(i)?;
        if hint.from.is_some() {
            return None;
        }
        let dest = &self.board.spaces.get(hint.to? as usize)?.id;
        let mut words: Vec<&str> = text.split(' ').collect();
        let k = words.iter().rposition(|w| w == dest)?;
        words.remove(k);
        Some(words.join(" "))
    }

    /// The kinds of placement on offer, each with its actions, when there are several kinds
    /// and some kind goes to several spaces (the player picks one, then a lit space).
    pub fn placements(&self) -> Vec<(String, Vec<usize>)> {
        let mut kinds: Vec<(String, Vec<usize>)> = Vec::new();
        for i in self.hints.direct_to.values().flatten().copied() {
            let Some(key) = self.placement_key(i) else { continue };
            match kinds.iter_mut().find(|(k, _)| *k == key) {
                Some((_, list)) => list.push(i),
                None => kinds.push((key, vec![i])),
            }
        }
        kinds.sort();
        if kinds.len() < 2 || kinds.iter().all(|(_, l)| l.len() < 2) {
            return Vec::new();
        }
        kinds
    }

    /// The words of the legal action `text` (its notation when it is none).
    pub fn words(&self, text: &str) -> String {
        self.actions.iter().find(|(t, _)| t == text).map_or(text, words_of).to_string()
    }

    /// How the placement `key` (see [`Play::placements`]) reads: the words of one of its
    /// actions without their destination.
    pub fn placement_words(&self, list: &[usize]) -> String {
        let Some(&i) = list.first() else { return String::new() };
        let words = words_of(&self.actions[i]);
        let Some(dest) = self.actions[i].1.to.and_then(|t| self.board.spaces.get(t as usize)) else { return words.to_string() };
        let name = if dest.label.is_empty() { &dest.id } else { &dest.label };
        let cut = words.replace(name.as_str(), "");
        let cut = cut.trim_end();
        let cut = [" in", " to", " at"].iter().fold(cut, |c, p| c.strip_suffix(p).unwrap_or(c));
        cut.trim().to_string()
    }

    /// The legal actions that start or end at `space`.
    pub fn actions_at(&self, space: u16) -> Vec<usize> {
        (0..self.actions.len()).filter(|&i| self.actions[i].1.from == Some(space) || self.actions[i].1.to == Some(space)).collect()
    }
}

/// Rule citations in a text: a short capitalised book tag followed by a section number, as in
/// "BR 3.5.1", "FtP 7.10", "GCACW 5.3".
pub fn citations(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == '[' || c == ']' || c == ',').filter(|w| !w.is_empty()).collect();
    let mut out = Vec::new();
    for w in words.windows(2) {
        let tag = w[0];
        let num = w[1].trim_end_matches([':', '.', ';']);
        let upper = tag.chars().filter(|c| c.is_ascii_uppercase()).count();
        let tag_ok = (2..=6).contains(&tag.len()) && upper >= 2 && tag.starts_with(|c: char| c.is_ascii_uppercase()) && tag.chars().all(|c| c.is_ascii_alphabetic());
        let num_ok = num.starts_with(|c: char| c.is_ascii_digit()) && num.chars().all(|c| c.is_ascii_alphanumeric() || c == '.');
        if tag_ok && num_ok {
            let c = format!("{tag} {num}");
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::citations;

    #[test]
    fn finds_rule_citations() {
        assert_eq!(citations("BR 3.5.1: the ship has no room"), vec!["BR 3.5.1"]);
        assert_eq!(citations("rolls 4 (FtP 7.10), GCACW 5.3"), vec!["FtP 7.10", "GCACW 5.3"]);
        assert!(citations("moves 2 spaces").is_empty());
        assert!(citations("Turn 3 begins").is_empty());
    }
}
