//! The engine's services (sessions, undo, saves, replay, the fuzzer, simulation) proven on a
//! tiny game written here, so they are tested apart from any real game's rules.

use bivouac_engine::agent::AgentKind;
use bivouac_engine::fuzz::{FuzzConfig, fuzz};
use bivouac_engine::save::{SaveError, SaveFile};
use bivouac_engine::session::{AnyGame, Registered, Session};
use bivouac_engine::bench::BenchReport;
use bivouac_engine::sim::SimConfig;
use bivouac_engine::{Game, GameRng, Log, Outcome, Refusal, ScenarioInfo, Seat, Setup, refuse};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Race to 10: on your turn take up to two steps of 1 or 2, or roll a die (advance by half,
/// rounded up) which ends your turn; or end your turn. Each seat has a secret number.
#[derive(Default)]
struct Race {
    bug: Option<Bug>,
}

#[derive(Clone, Copy, PartialEq)]
enum Bug {
    DeadEndAtFive,
    MutatingRefusal,
    BadNotation,
    /// Once a seat reaches 5, the only choice is to end the turn: the game goes round for ever.
    NoProgressPastFive,
    /// `describe` names both seats' secrets.
    LeakyDescribe,
    /// Not a bug: before anyone moves, a seat may wait (a choice that changes nothing) as often
    /// as it likes, as in a free deployment; random play must still find its way on.
    WaitsAtWill,
    /// Ending a turn tells everyone the mover's secret.
    LeakyEvent,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct State {
    pos: [u8; 2],
    turn: Seat,
    steps_left: u8,
    secret: [u8; 2],
    rng: GameRng,
}

#[derive(Clone, Debug, PartialEq)]
enum Action {
    Wait(u8),
    Step(u8),
    Roll,
    End,
}

#[derive(Serialize)]
struct View {
    pos: [u8; 2],
    my_secret: Option<u8>,
}

impl Game for Race {
    type State = State;
    type Action = Action;
    type View = View;

    fn id(&self) -> &'static str {
        "race"
    }
    fn title(&self) -> &str {
        "Race to 10"
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![ScenarioInfo { id: "std".into(), title: "Standard".into(), min_players: 2, max_players: 2, default_players: 2, options: vec![] }]
    }
    fn setup(&self, setup: &Setup) -> Result<State, Refusal> {
        if setup.scenario != "std" {
            refuse!("Race 1", "unknown scenario `{}`", setup.scenario);
        }
        let mut rng = GameRng::new(setup.seed);
        let secret = [rng.roll(6) as u8, rng.roll(6) as u8];
        Ok(State { pos: [0, 0], turn: 0, steps_left: 2, secret, rng })
    }
    fn seat_names(&self, _: &State) -> Vec<String> {
        vec!["north".into(), "south".into()]
    }
    fn active_seats(&self, s: &State) -> Vec<Seat> {
        if self.outcome(s).is_some() { vec![] } else { vec![s.turn] }
    }
    fn legal_actions(&self, s: &State, seat: Seat) -> Vec<Action> {
        if seat != s.turn || self.outcome(s).is_some() {
            return vec![];
        }
        if self.bug == Some(Bug::DeadEndAtFive) && s.pos[seat as usize] == 5 {
            return vec![];
        }
        if self.bug == Some(Bug::NoProgressPastFive) && s.pos.iter().any(|&p| p >= 5) {
            return vec![Action::End];
        }
        let mut v = vec![Action::End, Action::Roll];
        if self.bug == Some(Bug::WaitsAtWill) && s.pos == [0, 0] {
            v.extend((0..200).map(Action::Wait));
        }
        if s.steps_left > 0 {
            v.push(Action::Step(1));
            v.push(Action::Step(2));
        }
        v
    }
    fn apply(&self, s: &mut State, seat: Seat, a: &Action, log: &mut Log) -> Result<(), Refusal> {
        if seat != s.turn {
            refuse!("Race 2", "not your turn");
        }
        match a {
            Action::Wait(_) => {}
            Action::Step(n) => {
                if self.bug == Some(Bug::MutatingRefusal) && s.steps_left == 0 {
                    s.pos[seat as usize] += 1; // the bug: mutate, then refuse
                }
                if s.steps_left == 0 {
                    refuse!("Race 3", "no steps left this turn");
                }
                if !(1..=2).contains(n) {
                    refuse!("Race 3", "a step is 1 or 2");
                }
                s.pos[seat as usize] += n;
                s.steps_left -= 1;
                log.info(|| format!("steps {n}"));
            }
            Action::Roll => {
                let d = s.rng.roll(6) as u8;
                log.roll(|| format!("rolls {d}"));
                s.pos[seat as usize] += d.div_ceil(2);
                s.turn = 1 - s.turn;
                s.steps_left = 2;
            }
            Action::End => {
                if self.bug == Some(Bug::LeakyEvent) {
                    let secret = s.secret[seat as usize];
                    log.info(|| format!("ends its turn, its secret is {secret}"));
                }
                s.turn = 1 - s.turn;
                s.steps_left = 2;
            }
        }
        Ok(())
    }
    fn notation(&self, a: &Action) -> String {
        match a {
            Action::Step(n) if self.bug == Some(Bug::BadNotation) => format!("step {}", n + 1),
            Action::Step(n) => format!("step {n}"),
            Action::Wait(n) => format!("wait {n}"),
            Action::Roll => "roll".into(),
            Action::End => "end".into(),
        }
    }
    fn parse(&self, text: &str) -> Result<Action, Refusal> {
        match text.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["step", n] => n.parse().map(Action::Step).map_err(|_| Refusal::new("notation", "step N")),
            ["wait", n] => n.parse().map(Action::Wait).map_err(|_| Refusal::new("notation", "wait N")),
            ["roll"] => Ok(Action::Roll),
            ["end"] => Ok(Action::End),
            _ => Err(Refusal::new("notation", format!("unknown action `{text}`"))),
        }
    }
    fn view(&self, s: &State, seat: Option<Seat>) -> View {
        View { pos: s.pos, my_secret: seat.map(|x| s.secret[x as usize]) }
    }
    fn describe(&self, s: &State, _: Option<Seat>) -> String {
        if self.bug == Some(Bug::LeakyDescribe) {
            return format!("north {} south {} (secrets {:?})", s.pos[0], s.pos[1], s.secret);
        }
        format!("north {} south {}", s.pos[0], s.pos[1])
    }
    /// The other seat's secret is re-dealt, and the dice reseeded.
    fn determinize(&self, s: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut d = s.clone();
        d.secret[1 - seat as usize] = rng.roll(6) as u8;
        d.rng = GameRng::new(rng.below(u32::MAX) as u64);
        d
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        let w = (0..2).find(|&i| s.pos[i] >= 10)?;
        Some(Outcome { winners: vec![w as Seat], scores: s.pos.iter().map(|&p| p as i64).collect(), reason: "Race 4: reached 10".into() })
    }
    fn check_invariants(&self, s: &State) -> Result<(), String> {
        if s.steps_left > 2 { Err("steps_left > 2".into()) } else { Ok(()) }
    }
    fn max_actions(&self) -> usize {
        500
    }
}

fn session(seed: u64) -> Session<Race> {
    Session::new(Arc::new(Race::default()), "hash1", Setup::new("std", 2, seed)).unwrap()
}

#[test]
fn refusal_names_rule_and_leaves_state_unchanged() {
    let mut s = session(1);
    s.apply_text(0, "step 1").unwrap();
    s.apply_text(0, "step 2").unwrap();
    let before = s.state_hash();
    let r = s.apply_text(0, "step 1").unwrap_err();
    assert_eq!(r.rule, "Race 3");
    assert_eq!(s.state_hash(), before);
    assert_eq!(s.history().len(), 2);
    let r = s.apply_text(1, "end").unwrap_err();
    assert_eq!(r.rule, "sequence of play");
    assert!(r.message.contains("south owes no decision now; waiting for north"), "{r}");
    assert_eq!(s.apply_text(0, "fly").unwrap_err().rule, "notation");
}

#[test]
fn undo_goes_back_one_decision_but_not_across_dice_or_a_change_of_seat() {
    let mut s = session(2);
    let start = s.state_hash();
    s.apply_text(0, "step 2").unwrap();
    s.undo().unwrap();
    assert_eq!(s.state_hash(), start);
    assert!(s.undo().is_err(), "nothing to undo");
    s.apply_text(0, "end").unwrap();
    assert!(s.undo().unwrap_err().message.contains("passed to another seat"));
    s.apply_text(1, "roll").unwrap();
    assert!(s.undo().unwrap_err().message.contains("rolled dice"));
}

#[test]
fn save_round_trip_replays_to_the_same_hash() {
    let mut s = session(3);
    for a in ["step 1", "roll", "step 2", "step 1", "end", "roll"] {
        let seat = s.game().active_seats(s.state())[0];
        s.apply_text(seat, a).unwrap();
    }
    let json = s.to_save().to_json();
    let save = SaveFile::from_json(&json).unwrap();
    let back = Session::load(Arc::new(Race::default()), "hash1", &save).unwrap();
    assert_eq!(back.state_hash(), s.state_hash());
    assert_eq!(back.history().len(), 6);
    // Replaying twice gives the same hash (determinism).
    let again = Session::load(Arc::new(Race::default()), "hash1", &save).unwrap();
    assert_eq!(again.state_hash(), s.state_hash());
}

#[test]
fn bad_saves_give_clear_errors() {
    let mut s = session(4);
    s.apply_text(0, "step 1").unwrap();
    let json = s.to_save().to_json();
    let game = Arc::new(Race::default());

    let truncated = &json[..json.len() / 2];
    assert!(matches!(SaveFile::from_json(truncated), Err(SaveError::Corrupt(_))));

    let wrong_version = json.replace("\"format\": 1", "\"format\": 99");
    let e = SaveFile::from_json(&wrong_version).unwrap_err();
    assert!(e.to_string().contains("format version 99"), "{e}");

    let save = SaveFile::from_json(&json).unwrap();
    // Played with other content (an update, other mods): replayed all the same, and said so.
    let replayed = Session::load(game.clone(), "other-hash", &save).unwrap();
    assert_eq!(replayed.other_content(), Some("hash1"));
    assert_eq!(replayed.state_hash(), s.state_hash());
    assert_eq!(Session::load(game.clone(), "hash1", &save).unwrap().other_content(), None);
    // ...unless an action no longer applies: then the error says the content differs.
    let mut stale = save.clone();
    stale.actions[0].action = "step 7".into();
    let e = Session::load(game.clone(), "other-hash", &stale).err().unwrap();
    assert!(matches!(e, SaveError::WrongContent { .. }), "{e}");
    assert!(e.to_string().contains("other rules content") && e.to_string().contains("action 1 `step 7`"), "{e}");

    let mut edited = save.clone();
    edited.actions[0].action = "step 7".into();
    let e = Session::load(game.clone(), "hash1", &edited).err().unwrap();
    assert!(e.to_string().contains("action 1 `step 7` is refused: Race 3"), "{e}");

    let mut other = save.clone();
    other.game = "chess".into();
    assert!(matches!(Session::load(game, "hash1", &other), Err(SaveError::WrongGame { .. })));
}

#[test]
fn save_write_is_atomic_and_refused_load_changes_nothing_on_disk() {
    let dir = std::env::temp_dir().join(format!("bivouac-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.json");
    let s = session(5);
    s.to_save().write(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let _ = Session::load(Arc::new(Race::default()), "other", &SaveFile::read(&path).unwrap());
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
    assert!(!dir.join("game.tmp-write").exists());
}

#[test]
fn views_hide_other_seats_secrets() {
    let s = session(6);
    let v0 = serde_json::to_value(s.game().view(s.state(), Some(0))).unwrap();
    assert_eq!(v0["my_secret"], s.state().secret[0]);
    let spectator = serde_json::to_value(s.game().view(s.state(), None)).unwrap();
    assert!(spectator["my_secret"].is_null());
}

fn cfg(games: usize) -> FuzzConfig {
    FuzzConfig { setup: Setup::new("std", 2, 100), games, deep_check_every: 1, leak_check_every: 0 }
}

#[test]
fn fuzzer_passes_a_correct_game() {
    let r = fuzz(&Race::default(), &cfg(200)).unwrap();
    assert!(r.is_clean(), "{:?}", r.failures.first());
    assert_eq!(r.finished, 200);
}

#[test]
fn fuzzer_catches_dead_ends_mutating_refusals_bad_notation_and_no_progress() {
    for (bug, kind) in [
        (Bug::DeadEndAtFive, "dead end"),
        (Bug::MutatingRefusal, "refusal changed state"),
        (Bug::BadNotation, "notation"),
        (Bug::NoProgressPastFive, "no progress"),
    ] {
        let r = fuzz(&Race { bug: Some(bug) }, &cfg(100)).unwrap();
        assert!(r.failures.iter().any(|f| f.kind == kind), "expected a `{kind}` failure, got {:?}", r.failures.first());
    }
}

/// A long free choice (200 ways to wait, one to roll) is no endless question: the fuzzer finds
/// the way on instead of reporting no progress.
#[test]
fn fuzzer_finds_the_way_on_through_a_free_choice() {
    let r = fuzz(&Race { bug: Some(Bug::WaitsAtWill) }, &cfg(100)).unwrap();
    assert!(r.is_clean(), "{:?}", r.failures.first());
}

#[test]
fn leak_check_passes_a_game_that_hides_its_secrets() {
    let r = fuzz(&Race::default(), &FuzzConfig { leak_check_every: 1, ..cfg(50) }).unwrap();
    assert!(r.is_clean(), "{:?}", r.failures.first());
}

#[test]
fn leak_check_catches_a_secret_in_the_picture_or_in_a_step_text() {
    for (bug, needle) in [(Bug::LeakyDescribe, "sees a different show"), (Bug::LeakyEvent, "the text tells what the picture hides")] {
        let clean = fuzz(&Race { bug: Some(bug) }, &cfg(30)).unwrap();
        assert!(clean.is_clean(), "without the leak check nothing is wrong: {:?}", clean.failures.first());
        let r = fuzz(&Race { bug: Some(bug) }, &FuzzConfig { leak_check_every: 1, ..cfg(30) }).unwrap();
        let f = r.failures.iter().find(|f| f.kind == "leak").unwrap_or_else(|| panic!("expected a leak failure, got {:?}", r.failures.first()));
        assert!(f.message.contains(needle), "{}", f.message);
    }
}

#[test]
fn simulation_reports_wins_lengths_and_is_reproducible() {
    let reg = Registered::new(Race::default(), "hash1");
    let c = SimConfig::new(Setup::new("std", 2, 9), 300, vec![AgentKind::Random]);
    let a = reg.simulate(&c).unwrap();
    let b = reg.simulate(&c).unwrap();
    assert_eq!(a.wins, b.wins);
    assert_eq!(a.wins.iter().sum::<usize>() + a.unfinished + a.draws, 300);
    assert!(a.mean_length > 0.0 && a.median_length > 0.0);
    assert_eq!(a.reasons.values().sum::<usize>(), 300 - a.unfinished);
}

#[test]
fn any_session_plays_by_notation_and_ai() {
    let reg = Registered::new(Race::default(), "hash1");
    let mut s = reg.new_session(Setup::new("std", 2, 11)).unwrap();
    assert_eq!(s.seat_by_name("South"), Some(1));
    assert_eq!(s.legal_actions(0), vec!["end", "roll", "step 1", "step 2"]);
    let mut n = 0;
    while s.outcome().is_none() && n < 500 {
        let seat = s.active_seats()[0];
        s.ai_move(seat, AgentKind::Random, 5).unwrap();
        n += 1;
    }
    assert!(s.outcome().is_some());
    let loaded = reg.load(&s.to_save()).unwrap();
    assert_eq!(loaded.state_hash(), s.state_hash());
}

#[test]
fn simulation_reports_intervals_lengths_and_scores() {
    let reg = Registered::new(Race::default(), "hash1");
    let r = reg.simulate(&SimConfig::new(Setup::new("std", 2, 3), 200, vec![AgentKind::Random])).unwrap();
    assert_eq!((r.games, r.requested, r.stopped), (200, 200, false));
    for (s, w) in r.win_rate.iter().enumerate() {
        assert!(w.low <= w.estimate && w.estimate <= w.high, "{w:?}");
        assert!((w.estimate - r.wins[s] as f64 / 200.0).abs() < 1e-12);
    }
    assert!(r.min_length as f64 <= r.median_length && r.median_length <= r.max_length as f64);
    assert_eq!(r.length_histogram.iter().map(|b| b.count).sum::<usize>(), 200);
    // Every winner reaches 10, so the mean scores add up to at least 10.
    assert!(r.mean_scores.iter().sum::<f64>() >= 10.0 && r.mean_scores.iter().all(|&m| m > 0.0), "{:?}", r.mean_scores);
    let table = r.to_table();
    assert!(table.contains("95% interval") && table.contains("Race 4: reached 10"), "{table}");
    let json = serde_json::to_value(&r).unwrap();
    assert!(json["win_rate"][0]["low"].is_number() && json["length_histogram"].is_array());
}

#[test]
fn an_identical_variant_changes_nothing() {
    use bivouac_engine::sim::{SimControl, compare};
    let base = Registered::new(Race::default(), "hash1");
    let same = Registered::new(Race::default(), "hash2");
    let cfg = SimConfig::new(Setup::new("std", 2, 5), 300, vec![AgentKind::Random]);
    let (b, v) = base.simulate_variant(&same, &cfg, &SimControl::default()).unwrap();
    assert_eq!(b.wins, v.wins);
    let c = compare(b, v);
    assert_eq!(c.paired_games, 300);
    assert_eq!(c.games_with_other_winners, 0);
    for s in &c.win_rate_change {
        assert_eq!(s.change.estimate, 0.0);
        // Paired by seed, identical games differ nowhere: the interval is zero wide, at zero.
        assert!(s.change.low <= 0.0 && s.change.high >= 0.0 && !s.significant, "{s:?}");
    }
    assert!(c.to_table().contains("no seat's win rate moved"));
}

#[test]
fn a_variant_that_changes_the_rules_shows_a_difference() {
    use bivouac_engine::sim::{SimControl, compare};
    // The buggy game's dead end at 5 leaves many games unfinished: fewer wins for both seats.
    let base = Registered::new(Race::default(), "hash1");
    let variant = Registered::new(Race { bug: Some(Bug::DeadEndAtFive) }, "hash2");
    let cfg = SimConfig::new(Setup::new("std", 2, 5), 400, vec![AgentKind::Random]);
    let (b, v) = base.simulate_variant(&variant, &cfg, &SimControl::default()).unwrap();
    let c = compare(b, v);
    assert!(c.win_rate_change.iter().all(|s| s.change.estimate < 0.0));
    assert!(c.win_rate_change.iter().any(|s| s.significant), "{}", c.to_table());
}

#[test]
fn a_stopped_run_reports_the_games_that_finished() {
    use bivouac_engine::sim::SimControl;
    use std::sync::atomic::{AtomicBool, Ordering};
    let reg = Registered::new(Race::default(), "hash1");
    let cfg = SimConfig::new(Setup::new("std", 2, 1), 20_000, vec![AgentKind::Random]);
    let stop = AtomicBool::new(false);
    let on_done = |n: usize| {
        if n >= 10 {
            stop.store(true, Ordering::Relaxed);
        }
    };
    let r = reg.simulate_with(&cfg, &SimControl { stop: Some(&stop), on_game_done: Some(&on_done) }).unwrap();
    assert!(r.stopped && r.requested == 20_000);
    assert!(r.games >= 10 && r.games < 20_000, "{} games", r.games);
    assert_eq!(r.wins.iter().sum::<usize>() + r.draws + r.unfinished, r.games);
    assert_eq!(r.length_histogram.iter().map(|b| b.count).sum::<usize>(), r.games);
    assert!(r.to_table().contains("stopped"));
    // Stopped before it starts: an empty report, not an error.
    let r = reg.simulate_with(&cfg, &SimControl { stop: Some(&stop), on_game_done: None }).unwrap();
    assert_eq!((r.games, r.stopped, r.win_rate[0].low, r.win_rate[0].high), (0, true, 0.0, 1.0));
}

#[test]
fn bench_measures_the_toy_game() {
    use bivouac_engine::bench::BenchConfig;
    let reg = Registered::new(Race::default(), "hash1");
    let mut cfg = BenchConfig::new(Setup::new("std", 2, 1));
    cfg.playout_time = std::time::Duration::from_millis(20);
    cfg.samples = 8;
    cfg.repeats = 10;
    let b = reg.bench(&cfg).unwrap();
    // Figures only; no timing is asserted.
    assert!(b.games >= 1 && b.actions >= 1);
    assert_eq!(b.state_size_of, std::mem::size_of::<State>());
    assert!(b.state_json_bytes_initial > 0 && b.sampled_states >= 1 && b.sampled_states <= 8);
    assert!(b.legal_actions_mean >= 1.0);
    assert!(BenchReport::table_header().contains("actions/s") && b.table_row().starts_with("race"));
}
