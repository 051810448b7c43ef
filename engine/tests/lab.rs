//! The balance lab's answers proven on a tiny game: shards merge into exactly the batch played
//! in one run, a batch stops once its intervals are narrow enough, turns and measures are
//! reported, and a variant's effect is measured paired by seed.

use bivouac_engine::agent::AgentKind;
use bivouac_engine::sim::{Shard, SimConfig, SimReport, compare, merge, simulate, simulate_variant};
use bivouac_engine::{Game, GameRng, Log, Outcome, Refusal, ScenarioInfo, Seat, Setup, refuse};
use serde::{Deserialize, Serialize};

/// Tug of war over 6 turns: each turn the seat to act pulls 1 or 2 (random play picks), then a
/// die may add the seat's `bonus`; the rope's position decides the winner.
struct Tug {
    bonus: [i32; 2],
}

#[derive(Clone, Debug, Serialize, Deserialize)]
struct State {
    turn: u32,
    mover: Seat,
    rope: i32,
    rng: GameRng,
}

#[derive(Clone, Debug, PartialEq)]
struct Pull(i32);

impl Game for Tug {
    type State = State;
    type Action = Pull;
    type View = i32;

    fn id(&self) -> &'static str {
        "tug"
    }
    fn title(&self) -> &str {
        "Tug of war"
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![ScenarioInfo { id: "std".into(), title: "Standard".into(), min_players: 2, max_players: 2, default_players: 2, options: vec![] }]
    }
    fn setup(&self, setup: &Setup) -> Result<State, Refusal> {
        Ok(State { turn: 1, mover: 0, rope: 0, rng: GameRng::new(setup.seed) })
    }
    fn seat_names(&self, _: &State) -> Vec<String> {
        vec!["north".into(), "south".into()]
    }
    fn active_seats(&self, s: &State) -> Vec<Seat> {
        if s.turn > 6 { vec![] } else { vec![s.mover] }
    }
    fn legal_actions(&self, s: &State, _: Seat) -> Vec<Pull> {
        if s.turn > 6 { vec![] } else { vec![Pull(1), Pull(2)] }
    }
    fn apply(&self, s: &mut State, seat: Seat, a: &Pull, _: &mut Log) -> Result<(), Refusal> {
        if seat != s.mover {
            refuse!("Tug 1", "not your pull");
        }
        let sign = if seat == 0 { 1 } else { -1 };
        let bonus = if s.rng.roll(6) >= 4 { self.bonus[seat as usize] } else { 0 };
        s.rope += sign * (a.0 + bonus);
        s.mover = 1 - s.mover;
        if s.mover == 0 {
            s.turn += 1;
        }
        Ok(())
    }
    fn notation(&self, a: &Pull) -> String {
        format!("pull {}", a.0)
    }
    fn parse(&self, t: &str) -> Result<Pull, Refusal> {
        t.strip_prefix("pull ").and_then(|n| n.parse().ok()).map(Pull).ok_or_else(|| Refusal::new("notation", "pull N"))
    }
    fn view(&self, s: &State, _: Option<Seat>) -> i32 {
        s.rope
    }
    fn describe(&self, s: &State, _: Option<Seat>) -> String {
        format!("rope {}", s.rope)
    }
    fn outcome(&self, s: &State) -> Option<Outcome> {
        if s.turn <= 6 {
            return None;
        }
        let winners = match s.rope.cmp(&0) {
            std::cmp::Ordering::Greater => vec![0],
            std::cmp::Ordering::Less => vec![1],
            std::cmp::Ordering::Equal => vec![],
        };
        Some(Outcome { winners, scores: vec![s.rope as i64, -s.rope as i64], reason: "Tug 2: the rope after six turns".into() })
    }
    fn turn(&self, s: &State) -> Option<u32> {
        Some(s.turn)
    }
    fn measures(&self, s: &State) -> Vec<(String, f64)> {
        vec![("rope".into(), s.rope as f64)]
    }
}

fn cfg(games: usize) -> SimConfig {
    SimConfig::new(Setup::new("std", 2, 11), games, vec![AgentKind::Random])
}

/// A report's answers, without the times, which differ from run to run.
fn answers(r: &SimReport) -> String {
    let mut r = r.clone();
    r.seconds = 0.0;
    r.actions_per_second = 0.0;
    r.decision_ms_mean.clear();
    r.decision_ms_max.clear();
    r.shard = None;
    for g in &mut r.records {
        g.decisions.clear();
    }
    serde_json::to_string(&r).unwrap()
}

#[test]
fn shards_merge_into_the_batch_played_in_one_run() {
    let game = Tug { bonus: [1, 1] };
    let whole = simulate(&game, &cfg(50)).unwrap();
    let mut shards = Vec::new();
    for index in [3, 1, 2] {
        let mut c = cfg(50);
        c.shard = Some(Shard { index, count: 3 });
        let r = simulate(&game, &c).unwrap();
        assert_eq!(r.games, [17, 17, 16][index - 1], "shard {index} plays every third game");
        // Through JSON, as shards travel between machines.
        shards.push(serde_json::from_str::<SimReport>(&serde_json::to_string(&r).unwrap()).unwrap());
    }
    let merged = merge(shards.clone()).unwrap();
    assert_eq!(answers(&merged), answers(&whole));
    assert_eq!(merged.to_table().lines().take(3).collect::<Vec<_>>(), whole.to_table().lines().take(3).collect::<Vec<_>>());

    let e = merge(shards[..2].to_vec()).unwrap_err();
    assert!(e.contains("missing shards: 2/3"), "{e}");
    let e = merge(vec![shards[0].clone(), shards[0].clone(), shards[1].clone()]).unwrap_err();
    assert!(e.contains("given twice"), "{e}");
    let mut other = shards.clone();
    other[1].setup.as_mut().unwrap().seed = 99;
    assert!(merge(other).unwrap_err().contains("of another batch"));
    assert!(merge(vec![whole]).unwrap_err().contains("not a shard"));
}

#[test]
fn a_shard_is_k_of_n() {
    assert_eq!(Shard::parse("2/8"), Ok(Shard { index: 2, count: 8 }));
    for bad in ["0/8", "9/8", "2", "a/b"] {
        assert!(Shard::parse(bad).unwrap_err().contains("K/N"), "{bad}");
    }
}

#[test]
fn a_batch_stops_once_its_intervals_are_narrow_enough() {
    let game = Tug { bonus: [1, 1] };
    let mut c = cfg(5_000);
    c.until_width = Some(0.15);
    let r = simulate(&game, &c).unwrap();
    assert!(r.games < 5_000 && r.games % 100 == 0, "{} games", r.games);
    assert!(!r.stopped);
    assert!(r.win_rate.iter().all(|i| i.width() <= 0.15));
    // The same as a batch of that size.
    let same = simulate(&game, &cfg(r.games)).unwrap();
    assert_eq!(r.wins, same.wins);
    assert!(r.to_table().contains("every interval was 15.0 points wide or less"));
}

#[test]
fn turns_and_measures_are_reported_turn_by_turn() {
    let r = simulate(&Tug { bonus: [2, 0] }, &cfg(200)).unwrap();
    assert_eq!(r.measures, vec!["rope".to_string()]);
    assert_eq!(r.end_turns.len(), 1);
    assert_eq!((r.end_turns[0].turn, r.end_turns[0].games), (7, 200));
    assert_eq!(r.trajectory.iter().map(|t| t.turn).collect::<Vec<_>>(), vec![1, 2, 3, 4, 5, 6]);
    assert_eq!(r.trajectory[0].values[0].estimate, 0.0);
    // North's bonus pulls the rope north turn after turn.
    assert!(r.trajectory[5].values[0].estimate > r.trajectory[1].values[0].estimate);
    assert!(r.final_measures[0].low > 0.0);
    let adv = r.seat_advantage.unwrap();
    assert!(adv.excludes_zero() && adv.estimate > 0.0, "{adv:?}");
    assert!(r.score_interval[0].estimate > 0.0);
    assert!(r.to_table().contains("north's advantage"));
}

#[test]
fn a_variant_is_measured_paired_by_seed() {
    let (base, var) = (Tug { bonus: [1, 1] }, Tug { bonus: [2, 1] });
    let (b, v) = simulate_variant(&base, &var, &cfg(400), &Default::default()).unwrap();
    let c = compare(b, v);
    let north = &c.win_rate_change[0];
    assert!(north.significant && north.change.estimate > 0.0, "{north:?}");
    let rope = &c.measure_change[0];
    assert_eq!(rope.name, "rope");
    assert!(rope.change.low > 0.0, "{rope:?}");
    // Paired by seed, the interval is narrower than Newcombe's for independent batches.
    let independent = bivouac_engine::sim::difference(north.variant_wins, 400, north.baseline_wins, 400);
    assert!(north.change.width() < independent.width());
    assert!(c.to_table().contains("at the end of the game"));
}
