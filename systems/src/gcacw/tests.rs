//! GCACW rule tests. Each test names the rule it checks (GCACW section, or the derived case it checks).

use super::*;
use bivouac_engine::fuzz::{FuzzConfig, fuzz};
use bivouac_engine::log::EventKind;
use data::{CSA, UNION};
use state::{ENT_ABATIS, ENT_BW, ENT_BW_BUILD, ENT_FB1, ENT_FB2, ENT_FORT, ENT_NONE, RetreatCtx, RetreatKind};

fn content_dir() -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content")
}

fn game() -> Gcacw {
    let set = ContentSet::open(&[content_dir()], DIR).expect("content folder");
    match data::load_data(&set) {
        Ok(d) => Gcacw::new(d),
        Err(e) => panic!("content does not load:\n{e}"),
    }
}

#[test]
fn builtin_content_loads() {
    let g = game();
    assert_eq!(g.scenarios()[0].id, "cedar-mountain");
    let st = g.setup(&Setup::new("cedar-mountain", 2, 1)).unwrap();
    g.check_invariants(&st).unwrap();
    assert!(!g.active_seats(&st).is_empty());
    // Seven Pines (OTR): the Chickahominy starts unfordable; Richmond is the capital.
    let sp = g.data.scenarios.iter().find(|s| s.id == "seven-pines").expect("seven-pines");
    assert_eq!((sp.variant.id.as_str(), sp.unfordable), ("otr", [2, 0]));
    assert_eq!(sp.map.label(sp.map.csa_capital), "0105");
    let st = g.setup(&Setup::new("seven-pines", 2, 1)).unwrap();
    g.check_invariants(&st).unwrap();
    assert_eq!(st.unford, [2, 0]);
    assert!(g.describe(&st, None).contains("minor rivers unfordable through turn 2"));
}

#[test]
fn fuzz_sample_is_clean() {
    let g = game();
    let games = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(60);
    for sc in ["cedar-mountain", "seven-pines"] {
        let r = fuzz(&g, &FuzzConfig { setup: Setup::new(sc, 2, 7), games, deep_check_every: 7, leak_check_every: 0 }).unwrap();
        for f in r.failures.iter().take(3) {
            eprintln!("{f:?}");
        }
        assert!(r.failures.is_empty(), "{sc}: {} failures", r.failures.len());
        assert_eq!(r.finished, games, "{sc}");
        eprintln!("fuzz {sc}: {} games, {} actions, {:.1}s", r.games, r.actions, r.seconds);
    }
    // Every named option switched away from its default, on the scenario with rain effects.
    let mut setup = Setup::new("seven-pines", 2, 11);
    for (k, v) in [
        ("fatigue4-march", "on"),
        ("ridge-up-stacks", "off"),
        ("demoralized-2", "any"),
        ("cavalry-small-force", "wide"),
        ("unfordable-fords", "rain"),
        ("swamp-exit-dams", "off"),
    ] {
        setup.options.insert(k.into(), v.into());
    }
    let n = (games / 4).max(20);
    let r = fuzz(&g, &FuzzConfig { setup, games: n, deep_check_every: 7, leak_check_every: 0 }).unwrap();
    assert!(r.failures.is_empty(), "seven-pines with options: {:?}", r.failures.first());
    assert_eq!(r.finished, n);
    eprintln!("fuzz seven-pines, options: {} games, {} actions, {:.1}s", r.games, r.actions, r.seconds);
}

/// Both scenarios with Limited Intelligence on (GCACW 12.0), each cavalry-screen reading.
#[test]
fn fuzz_limited_intelligence_is_clean() {
    let g = game();
    let games = std::env::var("BIVOUAC_FUZZ_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(60);
    let n = (games / 4).max(12);
    for (sc, screen) in [("cedar-mountain", "any"), ("seven-pines", "all")] {
        let mut setup = Setup::new(sc, 2, 13);
        setup.options.insert("limited-intelligence".into(), "on".into());
        setup.options.insert("intel-cavalry-screen".into(), screen.into());
        let r = fuzz(&g, &FuzzConfig { setup, games: n, deep_check_every: 7, leak_check_every: 0 }).unwrap();
        for f in r.failures.iter().take(3) {
            eprintln!("{f:?}");
        }
        assert!(r.failures.is_empty(), "{sc} with limited intelligence: {} failures", r.failures.len());
        assert_eq!(r.finished, n, "{sc}");
        eprintln!("fuzz {sc}, limited intelligence: {} games, {} actions, {:.1}s", r.games, r.actions, r.seconds);
    }
}

/// Prints one random game with its log (run with --ignored --nocapture to look at play).
#[test]
#[ignore]
fn print_sample_game() {
    let g = game();
    let sc = std::env::var("BIVOUAC_SCENARIO").unwrap_or_else(|_| "cedar-mountain".into());
    let mut st = g.setup(&Setup::new(&sc, 2, 3)).unwrap();
    println!("{}", g.describe(&st, None));
    let mut rng = GameRng::new(99);
    let mut n = 0;
    while g.outcome(&st).is_none() && n < 3000 {
        let seat = g.active_seats(&st)[0];
        let legal = g.legal_actions(&st, seat);
        // Prefer doing something over passing, to see more rules at work.
        let pick = if legal.len() > 1 && legal.last() == Some(&Action::Pass) && rng.below(4) > 0 { rng.pick(legal.len() - 1) } else { rng.pick(legal.len()) };
        let a = legal[pick].clone();
        let mut log = Log::recording();
        println!("{}: {}", ["U", "C"][seat as usize], g.notation(&a));
        g.apply(&mut st, seat, &a, &mut log).unwrap();
        for e in log.events {
            println!("    {}", e.text);
        }
        n += 1;
    }
    println!("{}", g.describe(&st, None));
}

// ---- Harness: hand-built positions ------------------------------------------------------------
//
// A test writes a small map (10 x 10 odd-q hexes, clear unless the grid says otherwise) and a
// scenario into a temporary content layer over the built-in one, then drives the real rules.

static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

struct T {
    g: Gcacw,
    st: State,
}

fn build(game_id: &str, year: u16, grid: &[&str], map_extra: &str, body: &str) -> T {
    try_build(game_id, year, grid, "", map_extra, body).unwrap_or_else(|e| panic!("test content does not load:\n{e}"))
}

/// `head` goes into the map's `[map]` table (e.g. `csa_capital = "0808"`).
fn try_build(game_id: &str, year: u16, grid: &[&str], head: &str, map_extra: &str, body: &str) -> Result<T, String> {
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let root = std::env::temp_dir().join(format!("bivouac-gcacw-test-{}-{n}", std::process::id()));
    let dir = root.join(DIR);
    std::fs::create_dir_all(dir.join("maps")).unwrap();
    std::fs::create_dir_all(dir.join("scenarios")).unwrap();
    let mut rows: Vec<String> = grid.iter().map(|r| r.to_string()).collect();
    while rows.len() < 10 {
        rows.push("cccccccccc".into());
    }
    let terrain = rows.iter().map(|r| format!("\"{r}\"")).collect::<Vec<_>>().join(", ");
    let map = format!(
        "[map]\nconvention = \"odd-q\"\nterrain = [{terrain}]\n{head}\n[legend]\nc = \"clear\"\no = \"rolling\"\nr = \"rough\"\nw = \"woods\"\nh = \"hill\"\nm = \"mountain\"\ns = \"swamp\"\nt = \"city\"\nx = \"water\"\n{map_extra}\n"
    );
    std::fs::write(dir.join("maps/test.toml"), map).unwrap();
    let sc = format!("[scenario]\nid = \"test\"\ntitle = \"test\"\ngame = \"{game_id}\"\nmap = \"test\"\nyear = {year}\nturns = 1\n[victory]\nvp_per_manpower = 1\n{body}\n");
    std::fs::write(dir.join("scenarios/test.toml"), sc).unwrap();
    let set = ContentSet::open(&[content_dir(), root.clone()], DIR).unwrap();
    let loaded = data::load_data(&set);
    let _ = std::fs::remove_dir_all(&root);
    let g = Gcacw::new(loaded.map_err(|e| e.to_string())?);
    let st = g.setup(&Setup::new("test", 2, 5)).unwrap();
    Ok(T { g, st })
}

fn unit(id: &str, side: &str, kind: &str, mp: u8, hex: &str, extra: &str) -> String {
    format!("[[unit]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"{side}\"\nkind = \"{kind}\"\nsize = \"brigade\"\ntactical = 1\nartillery = 0\nmanpower = {mp}\nhex = \"{hex}\"\n{extra}\n")
}

#[allow(clippy::too_many_arguments)]
fn leader(id: &str, side: &str, kind: &str, command: &str, tac: u8, cmd: u8, attached: &str, extra: &str) -> String {
    format!("[[leader]]\nid = \"{id}\"\nname = \"{id}\"\nside = \"{side}\"\nkind = \"{kind}\"\ncommand = \"{command}\"\ntactical = {tac}\ncommand_value = {cmd}\nattached = \"{attached}\"\n{extra}\n")
}

impl T {
    fn sc(&self) -> &data::ScenarioData {
        self.g.sc(&self.st)
    }
    fn u(&self, id: &str) -> usize {
        self.sc().unit_index(id).unwrap_or_else(|| panic!("no unit {id}")) as usize
    }
    fn l(&self, id: &str) -> usize {
        self.sc().leader_index(id).unwrap_or_else(|| panic!("no leader {id}")) as usize
    }
    fn h(&self, label: &str) -> HexId {
        *self.sc().map.by_label.get(label).unwrap_or_else(|| panic!("no hex {label}"))
    }
    fn unit(&self, id: &str) -> state::UnitSt {
        self.st.units[self.u(id)]
    }
    fn unit_mut(&mut self, id: &str) -> &mut state::UnitSt {
        let i = self.u(id);
        &mut self.st.units[i]
    }
    fn hex_of(&self, id: &str) -> String {
        self.sc().map.label(self.unit(id).hex).to_string()
    }
    /// Give `side` the initiative in a fresh Action Phase.
    fn initiative(&mut self, side: u8) {
        self.st.flow.clear();
        self.st.phase = Phase::Cycle;
        self.st.flow.push(Frame::Initiative { side, by_pass: false });
    }
    fn dice(&mut self, d: &[u8]) {
        self.st.forced = d.to_vec();
    }
    fn seat(&self) -> u8 {
        self.g.active_seats(&self.st)[0]
    }
    fn act(&mut self, text: &str) -> Vec<String> {
        let a = self.g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let seat = self.seat();
        let mut log = Log::recording();
        if let Err(e) = self.g.apply(&mut self.st, seat, &a, &mut log) {
            panic!("`{text}` refused: {e}\nlegal: {:?}", self.legal());
        }
        log.events.into_iter().map(|e| e.text).collect()
    }
    fn refused(&mut self, text: &str) -> Refusal {
        let a = self.g.parse(text).unwrap();
        let seat = self.seat();
        let before = state_hash(&self.st);
        let r = self.g.apply(&mut self.st, seat, &a, &mut Log::quiet()).expect_err(text);
        assert_eq!(before, state_hash(&self.st), "a refusal must not change the state");
        r
    }
    fn legal(&self) -> Vec<String> {
        self.g.legal_actions(&self.st, self.seat()).iter().map(|a| self.g.notation(a)).collect()
    }
    fn has(&self, text: &str) -> bool {
        self.legal().iter().any(|a| a == text)
    }
    fn mv(&self) -> &state::MarchCtx {
        self.st.march.as_ref().expect("a march in progress")
    }
}

use bivouac_engine::game::state_hash;

// ---- TC-01 restricted ZOC (GCACW 2.4) ----------------------------------------------------------

#[test]
fn tc01_restricted_zoc_and_its_effects() {
    // U at 0505; its neighbour 0504 is woods with no road: restricted ZOC there, normal elsewhere.
    let body = unit("u", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0502", "");
    let mut t = build("sjw", 1862, &["cccccccccc", "cccccccccc", "cccccccccc", "ccccwccccc"], "", &body);
    let m = &t.sc().map;
    let (h, w) = (t.h("0505"), t.h("0504"));
    for n in m.neighbors(h) {
        let k = rules::zoc_into(m, h, n, &t.st);
        assert_eq!(k, if n == w { rules::ZOC_RESTRICTED } else { rules::ZOC_NORMAL }, "{}", m.label(n));
    }
    assert_eq!(t.g.enemy_zoc(&t.st, CSA, w), rules::ZOC_RESTRICTED);
    // An enemy entering 0504 is not stopped by the restricted ZOC (GCACW 6.2) and pays no +1 to
    // leave it.
    t.initiative(CSA);
    t.dice(&[6]); // CSA infantry 1d6+1 = 7 MP
    t.act("march c");
    t.act("move 0503");
    t.act("move 0504");
    assert!(!t.mv().stopped, "restricted ZOC never stops movement");
    let before = t.mv().ma;
    t.act("move 0404");
    assert_eq!(before - t.mv().ma, 2, "leaving a restricted ZOC costs no extra MP");
}

#[test]
fn dt99_command_radius_blocked_by_empty_enemy_zoc() {
    // GCACW 2.5: leader at 0502, target at 0505 (the straight 3-hex path 0503-0504). An enemy
    // at 0605 puts 0504 in its ZOC.
    let body = unit("a", "union", "inf", 4, "0502", "division = \"X\"")
        + &unit("b", "union", "inf", 4, "0505", "division = \"X\"")
        + &unit("f", "union", "inf", 4, "0109", "division = \"X\"")
        + &leader("ldr", "union", "division", "X", 1, 3, "a", "")
        + &unit("e", "confederate", "inf", 4, "0605", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    let (from, to) = (t.h("0502"), t.h("0505"));
    assert!(!t.g.in_command_radius(&t.st, UNION, from, to), "an empty enemy-ZOC hex blocks the radius");
    assert_eq!(t.g.activation_candidates(&t.st, t.l("ldr")), vec![t.u("a")]);
    // A friendly unit in the ZOC hex opens the path.
    let f = t.u("f");
    t.st.units[f].hex = t.h("0504");
    assert!(t.g.in_command_radius(&t.st, UNION, from, to));
    // Never into an enemy-occupied hex; the leader's own hex always counts.
    assert!(t.g.in_command_radius(&t.st, UNION, from, from));
    assert!(!t.g.in_command_radius(&t.st, UNION, from, t.h("0506")), "4 hexes away");
}

#[test]
fn dt100_leader_transfer_at_most_10_hexes() {
    // GCACW 6.3: a path of at most 10 hexes, never through enemy units; ZOC and terrain ignored.
    let body = unit("a", "union", "inf", 4, "0101", "division = \"X\"")
        + &unit("b", "union", "inf", 4, "0112", "division = \"X\"")
        + &unit("c", "union", "inf", 4, "0111", "division = \"X\"")
        + &leader("ldr", "union", "division", "X", 1, 3, "a", "")
        + &unit("e", "confederate", "inf", 4, "0905", "");
    let grid = ["cccccccccc"; 12];
    let t = build("sjw", 1862, &grid, "", &body);
    assert!(t.has("transfer ldr c"), "{:?}", t.legal());
    assert!(!t.has("transfer ldr b"), "11 hexes is too far");
    assert!(t.g.transfer_reach(&t.st, UNION, t.h("0101"), t.h("0111"), 10));
}

// ---- Sequence of play (GCACW 4.0) ------------------------------------------------------------

fn cedar() -> T {
    let g = game();
    let st = g.setup(&Setup::new("cedar-mountain", 2, 11)).unwrap();
    T { g, st }
}

#[test]
fn dt01_initiative_ties_go_to_the_confederates() {
    let mut t = cedar();
    t.act("done"); // Union leader transfers (GCACW 6.3: Union first)
    assert_eq!(t.seat(), CSA);
    t.dice(&[4, 4]);
    t.act("done");
    assert_eq!(t.st.phase, Phase::Cycle);
    assert_eq!(t.st.dice, [4, 4]);
    assert!(matches!(t.st.flow.top(), Some(Frame::Initiative { side: CSA, by_pass: false })));
}

#[test]
fn dt02_dt03_passing_and_the_end_of_the_action_cycle() {
    let mut t = cedar();
    t.act("done");
    t.dice(&[5, 2]);
    t.act("done");
    assert_eq!(t.seat(), UNION);
    // DT-03: Union passes, the Confederates take: afterwards fresh rolls.
    t.act("pass");
    assert!(matches!(t.st.flow.top(), Some(Frame::Initiative { side: CSA, by_pass: true })));
    t.dice(&[1, 1, 6, 3]); // Robertson's 2d6, then the next initiative
    t.act("march robertson");
    t.act("end");
    assert_eq!(t.st.dice, [6, 3], "a new Action Phase rolls again (GCACW 4.3)");
    // DT-02: Union wins and passes, the Confederates pass: the cycle ends.
    t.act("pass");
    t.act("pass");
    assert_eq!(t.st.phase, Phase::Recovery);
    assert!(matches!(t.st.flow.top(), Some(Frame::Recovery { side: UNION })));
}

#[test]
fn dt04_no_eligible_units_means_initiative_without_a_roll() {
    let mut t = cedar();
    for i in 0..t.st.units.len() {
        if t.sc().units[i].side == UNION {
            t.st.units[i].fat = 4;
        }
    }
    t.act("done");
    t.act("done");
    assert_eq!(t.st.dice, [0, 0]);
    assert!(matches!(t.st.flow.top(), Some(Frame::Initiative { side: CSA, by_pass: false })));
    t.act("pass");
    assert_eq!(t.st.phase, Phase::Recovery, "a pass while the opponent cannot act ends the cycle");
}

// ---- March (GCACW 5.1) -----------------------------------------------------------------------

#[test]
fn tc02_extended_march_modifiers_rtg() {
    let body = unit("p", "union", "inf", 6, "0505", "aop = false\nexhausted = true\nfatigue = 2")
        + &unit("q", "union", "cav", 6, "0507", "aop = false\nexhausted = true\nfatigue = 2")
        + &unit("c", "confederate", "inf", 4, "0909", "");
    let t = build("rtg", 1863, &[], "", &body);
    assert_eq!(t.g.extended_march_drm(&t.st, t.u("p"), 2, 3), 3, "+1 Union, +1 not AoP, +1 exhausted 2->3");
    assert_eq!(t.g.extended_march_drm(&t.st, t.u("q"), 2, 3), 2, "RTG exempts Union cavalry from the Union +1");
}

#[test]
fn tc03_palmer_extended_and_forced_march() {
    let body = unit("palmer", "union", "inf", 6, "0505", "exhausted = true\nfatigue = 1") + &unit("c", "confederate", "inf", 4, "0909", "");
    let mut t = build("slb", 1863, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[3, 4, 1]);
    let log = t.act("march palmer");
    assert!(log.iter().any(|l| l.contains("extended march: roll 4 +1 -> NoEffect")), "{log:?}");
    assert_eq!(t.unit("palmer").fat, 2);
    assert!(t.unit("palmer").org);
    t.act("force");
    assert_eq!(t.mv().ma, 10, "3 + minimum 2 = 5 MP");
    let p = t.unit("palmer");
    assert_eq!((p.mp, p.org, p.fat, p.exh), (6, false, 2, true), "no loss on a natural 1; disorganized");
    // Variant: fatigue 2 -> 3 gives +2 and the 4 becomes 6: D.
    let body = unit("palmer", "union", "inf", 6, "0505", "exhausted = true\nfatigue = 2") + &unit("c", "confederate", "inf", 4, "0909", "");
    let mut t = build("slb", 1863, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[3, 4]);
    t.act("march palmer");
    assert!(!t.unit("palmer").org, "extended march D");
    assert_eq!(t.unit("palmer").mp, 6);
}

#[test]
fn dt05_dt06_march_allowances() {
    let body = unit("i", "confederate", "inf", 4, "0505", "") + &unit("k", "confederate", "cav", 4, "0303", "") + &unit("u", "union", "inf", 4, "0909", "");
    let mut t = build("otr", 1862, &[], "", &body);
    t.initiative(CSA);
    t.dice(&[1]);
    t.act("march i");
    assert_eq!(t.mv().ma, 4, "OTR: Confederate infantry 1d6, minimum 2");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(CSA);
    t.dice(&[3, 4]);
    t.act("march k");
    assert_eq!(t.mv().ma, 16, "Confederate cavalry 2d6 + 1 = 8");
}

#[test]
fn dt07_to_dt11_forced_march() {
    let body = unit("i", "union", "inf", 6, "0505", "") + &unit("k", "union", "cav", 6, "0303", "") + &unit("a", "union", "art", 2, "0707", "")
        + &unit("c", "confederate", "inf", 4, "0909", "");
    for (who, dice, bonus, loss) in [("i", vec![1, 6], 5, 2), ("i", vec![1, 3], 2, 1), ("k", vec![1, 1, 1, 2], 4, 0), ("k", vec![1, 1, 4, 5], 8, 1)] {
        let mut t = build("sjw", 1862, &[], "", &body);
        t.initiative(UNION);
        t.dice(&dice);
        t.act(&format!("march {who}"));
        let before = t.mv().ma;
        t.act("force");
        assert_eq!((t.mv().ma - before) / 2, bonus, "{who} {dice:?}");
        assert_eq!(t.unit(who).mp, 6 - loss);
        assert!(!t.unit(who).org);
    }
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[3]);
    t.act("march a");
    assert!(!t.has("force"), "DT-11: artillery never force marches");
    assert_eq!(t.refused("force").rule, "GCACW 5.1");
}

#[test]
fn dt12_dt13_extended_march_fatigue_modifiers() {
    let body = unit("n", "union", "inf", 6, "0505", "fatigue = 3") + &unit("x", "union", "inf", 6, "0303", "fatigue = 3\nexhausted = true")
        + &unit("c", "confederate", "inf", 4, "0909", "");
    let t = build("slb", 1863, &[], "", &body);
    assert_eq!(t.g.extended_march_drm(&t.st, t.u("n"), 3, 4), 2);
    assert_eq!(t.g.extended_march_drm(&t.st, t.u("x"), 3, 4), 4);
    assert_eq!(t.g.extended_march_drm(&t.st, t.u("n"), 2, 3), 1, "normal 2->3: check, no fatigue DRM");
}

#[test]
fn dt14_leader_movement_allowances() {
    let mk = |side: &str| {
        unit("i", side, "inf", 4, "0505", "corps = \"A\"\ndivision = \"A-1\"") + &unit("k", side, "cav", 4, "0303", "corps = \"C\"\ndivision = \"C-1\"")
            + &leader("inf", side, "corps", "A", 1, 3, "i", "")
            + &leader("cdiv", side, "division", "C-1", 1, 3, "k", "cavalry = true")
            + &leader("ccorps", side, "corps", "C", 1, 3, "k", "cavalry = true")
            + &unit("z", if side == "union" { "confederate" } else { "union" }, "inf", 4, "0909", "")
    };
    for (game, side, expect) in [("sjw", "union", [4, 8, 9]), ("otr", "union", [3, 8, 9]), ("sjw", "confederate", [5, 9, 10]), ("otr", "confederate", [4, 9, 10])] {
        let mut t = build(game, 1862, &[], "", &mk(side));
        let mut got = [0u8; 3];
        for (i, l) in ["inf", "cdiv", "ccorps"].iter().enumerate() {
            t.dice(if i == 0 { &[3] } else { &[3, 4] });
            let li = t.l(l);
            got[i] = t.g.roll_leader_ma(&mut t.st, li, &mut Log::quiet());
        }
        assert_eq!(got, expect, "{game} {side}");
    }
}

// ---- Movement (GCACW 6.2) --------------------------------------------------------------------

#[test]
fn dt21_to_dt23_entering_friendly_occupied_hexes() {
    let body = unit("m", "union", "inf", 4, "0505", "") + &unit("f", "union", "inf", 17, "0504", "organized = false")
        + &unit("k", "union", "cav", 18, "0506", "") + &unit("w", "union", "inf", 5, "0604", "")
        + &unit("c", "confederate", "inf", 4, "0909", "");
    let t = build("sjw", 1862, &["cccccccccc", "cccccccccc", "cccccccccc", "cccccwcccc"], "", &body);
    let st = &t.st;
    assert_eq!(t.g.friendly_hex_penalty(st, UNION, t.h("0504")), 4, "DT-21: CV 11 1/2 rounds up to the 12+ row: +2 MP");
    assert_eq!(t.g.friendly_hex_penalty(st, UNION, t.h("0506")), 0, "DT-22: cavalry never counts");
    assert_eq!(t.g.friendly_hex_penalty(st, UNION, t.h("0604")), 6, "DT-23: woods, CV 5: +3 MP");
    // Cavalry never pays it.
    assert_eq!(t.g.step_cost(st, t.u("k") as u8, t.h("0506"), t.h("0505")), Some(2));
}

/// A refused `move` names the rule that forbids that very move, not a list of every possible
/// cause (GCACW 6.1, 6.2, 12.0): river, mountain, rain ford, enemy-occupied hex, enemy ZOC stop,
/// not adjacent, and not enough movement points, each with its own rule and reason.
#[test]
fn move_refusal_names_the_actual_rule_gcacw_6_2() {
    // 0505-0504: a minor river without a crossing; 0505-0405: a ford on another minor river;
    // 0605: a mountain without a route. The enemy at 0407 exerts a ZOC into 0406, 0506 and 0408.
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0504\"], [\"0505\", \"0405\"]]\n\
                 [[hexside]]\nkind = \"ford\"\nname = \"f\"\nsides = [[\"0505\", \"0405\"]]\n";
    let grid = ["cccccccccc", "cccccccccc", "cccccccccc", "cccccccccc", "cccccmcccc"];
    let body = unit("m", "union", "inf", 6, "0505", "") + &unit("m2", "union", "inf", 6, "0408", "") + &unit("e", "confederate", "inf", 6, "0407", "");
    let mut t = build("sjw", 1862, &grid, extra, &body);
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march m");
    t.st.march.as_mut().expect("march").ma = 12;
    let why = |t: &mut T, text: &str| {
        assert!(!t.has(text), "{text} must not be legal: {:?}", t.legal());
        let r = t.refused(text);
        (r.rule.to_string(), r.to_string())
    };
    let (rule, text) = why(&mut t, "move 0504");
    assert_eq!(rule, "GCACW 6.2", "{text}");
    assert!(text.contains("river hexside may be crossed only by a bridge, ford, dam or ferry"), "{text}");
    assert!(!text.contains("mountain") && !text.contains("enemy"), "only the actual cause: {text}");
    let (rule, text) = why(&mut t, "move 0605");
    assert_eq!(rule, "GCACW 6.2", "{text}");
    assert!(text.contains("mountain hex may be entered or left only across a pike, road, trail or railroad"), "{text}");
    let (rule, text) = why(&mut t, "move 0507");
    assert_eq!(rule, "GCACW 6.1", "{text}");
    assert!(text.contains("adjacent"), "{text}");
    // GCACW 12.0: the ford is usable in fair weather, not in a rain turn.
    assert!(t.has("move 0405"), "{:?}", t.legal());
    t.st.rain = true;
    let (rule, text) = why(&mut t, "move 0405");
    assert_eq!(rule, "GCACW 12.0", "{text}");
    assert!(text.contains("fords may not be used in a rain turn"), "{text}");
    t.st.rain = false;
    // Entering the enemy ZOC stops the march (GCACW 6.2).
    t.act("move 0506");
    let (rule, text) = why(&mut t, "move 0507");
    assert_eq!(rule, "GCACW 6.2", "{text}");
    assert!(text.contains("enters an enemy zone of control stops there"), "{text}");
    // m2 begins its march in the enemy ZOC: it may leave, but never enter the enemy's hex.
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march m2");
    t.st.march.as_mut().expect("march").ma = 12;
    let (rule, text) = why(&mut t, "move 0407");
    assert_eq!(rule, "GCACW 6.2", "{text}");
    assert!(text.contains("hex occupied by an enemy unit"), "{text}");
    t.act("move 0409");
    t.st.march.as_mut().expect("march").ma = 1;
    let (rule, text) = why(&mut t, "move 0410");
    assert_eq!(rule, "GCACW 6.2", "{text}");
    assert!(text.contains("not enough movement points left"), "{text}");
    assert!(text.contains("0.5 left"), "the figures: {text}");
}

#[test]
fn dt24_to_dt26_zoc_and_movement() {
    // Enemy at 0503 exerts normal ZOC into 0504 (and 0404, 0604...). The unit starts at 0504.
    let body = unit("m", "union", "inf", 6, "0504", "") + &unit("d", "union", "inf", 6, "0704", "organized = false")
        + &unit("e", "confederate", "inf", 4, "0503", "") + &unit("e2", "confederate", "inf", 4, "0805", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march m");
    assert!(t.mv().started_in_zoc);
    // DT-24: to a hex out of enemy ZOC: clear 1 + 1.
    let (cost, z2z) = t.g.march_move(&t.st, t.h("0505")).unwrap();
    assert_eq!((cost, z2z), (4, false));
    // DT-25: ZOC to ZOC (0404 is in e's ZOC), not road-linked: all MA, disorganized, no attack.
    t.act("move 0404");
    let m = t.unit("m");
    assert!(!m.org);
    assert_eq!(t.st.march, None, "the march ended");
    // DT-26: an already disorganized unit loses 1 manpower instead. d at 0704 is in e2's ZOC.
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march d");
    assert!(t.has("move 0705"), "{:?}", t.legal());
    t.act("move 0705");
    assert_eq!(t.unit("d").mp, 5);
}

#[test]
fn dt29_minimum_move_and_dt30_dt31_attack_costs() {
    let body = unit("m", "union", "inf", 4, "0505", "") + &unit("e", "confederate", "inf", 4, "0808", "");
    let mut t = build("sjw", 1862, &["cccccccccc", "cccccccccc", "cccccccccc", "ccccwccccc"], "", &body);
    t.initiative(UNION);
    t.dice(&[1]); // 1 MP
    t.act("march m");
    assert!(t.has("move 0504"), "DT-29: a unit that has not moved may always move one hex");
    t.act("move 0504");
    assert_eq!(t.hex_of("m"), "0504");
    assert_eq!(t.st.march, None);
    assert_eq!(AttackKind::Hasty.cost_half(true), 4, "DT-31: cavalry hasty attack costs 2 MP");
    assert_eq!(AttackKind::Hasty.drm(), -1);
    assert_eq!(AttackKind::Column.cost_half(false), 0);
    // DT-30: a column attack needs a current allowance of at least 1 MP.
    let body = unit("m", "union", "inf", 4, "0505", "") + &unit("e", "confederate", "inf", 4, "0506", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[1]);
    t.act("march m");
    assert!(t.has("attack 0506 column"));
    t.st.march.as_mut().unwrap().ma = 1; // half a MP left
    assert!(!t.has("attack 0506 column"));
    assert_eq!(t.refused("attack 0506 column").rule, "GCACW 7.1");
}

// ---- Assault and grand assault (GCACW 5.3, 7.1) -----------------------------------------------

#[test]
fn tc05_granger_assault_number_zero_allows_one_unit() {
    let body = unit("sheridan", "union", "inf", 6, "0505", "corps = \"IV\"") + &unit("wood", "union", "inf", 6, "0505", "corps = \"IV\"")
        + &leader("granger", "union", "corps", "IV", 3, 5, "sheridan", "")
        + &unit("e", "confederate", "inf", 6, "0506", "");
    let mut t = build("bac", 1863, &[], "", &body);
    t.initiative(UNION);
    t.act("assault granger");
    t.act("pick sheridan");
    t.act("pick wood");
    t.act("go");
    assert_eq!((t.unit("sheridan").fat, t.unit("wood").fat), (1, 1), "+1 fatigue for every selected unit");
    t.dice(&[5]);
    let log = t.act("target 0506");
    assert!(log.iter().any(|l| l.contains("assault number 0")), "{log:?}");
    assert!(matches!(t.st.flow.top(), Some(Frame::AssaultKeep { allowed: 1, .. })));
    t.dice(&[4, 4]);
    let log = t.act("keep sheridan");
    let combat = log.iter().find(|l| l.starts_with("combat:")).expect("combat");
    assert!(combat.contains("attacker 6 vs"), "only Sheridan attacks: {combat}");
    assert!(combat.contains("tactical +2") && combat.contains("assault +1"), "Granger's tactical 3 - 1: {combat}");
}

#[test]
fn dt32_to_dt35_assault_command_roll() {
    let mk = |kind: &str, cmd: u8, n: usize| {
        let mut b = String::new();
        for i in 0..n {
            b += &unit(&format!("u{i}"), "union", "inf", 4, "0505", "corps = \"A\"");
        }
        b + &leader("l", "union", kind, "A", 1, cmd, "u0", "") + &unit("e", "confederate", "inf", 4, "0506", "")
    };
    let run = |kind: &str, cmd: u8, n: usize, roll: u8| {
        let mut t = build("sjw", 1862, &[], "", &mk(kind, cmd, n));
        t.initiative(UNION);
        t.act("assault l");
        for i in 0..n {
            t.act(&format!("pick u{i}"));
        }
        t.act("go");
        t.dice(&[roll, 3, 3]);
        let log = t.act("target 0506");
        (t, log)
    };
    let (_, log) = run("district", 4, 1, 2);
    assert!(log.iter().any(|l| l.contains("-2 (district leader)") && l.contains("assault number 4")), "DT-32 {log:?}");
    let (_, log) = run("corps", 9, 1, 6);
    assert!(log.iter().any(|l| l.contains("natural 6 always fails")), "DT-33 {log:?}");
    let (t, log) = run("corps", 2, 2, 3);
    assert!(log.iter().any(|l| l.contains("assault number -1: fails")), "DT-34 {log:?}");
    assert_eq!(t.unit("u1").fat, 1, "fatigue stays even when the assault fails");
    assert!(!log.iter().any(|l| l.starts_with("combat:")));
    let (_, log) = run("corps", 6, 3, 2);
    let combat = log.iter().find(|l| l.starts_with("combat:")).expect("DT-35: all three attack");
    assert!(combat.contains("attacker 12 vs"), "{combat}");
}

#[test]
fn tc06_grand_assault_walker_and_bragg() {
    let body = unit("w1", "confederate", "inf", 5, "0505", "corps = \"W\"")
        + &unit("j1", "confederate", "inf", 4, "0404", "fatigue = 2")
        + &unit("j2", "confederate", "inf", 3, "0604", "fatigue = 2")
        + &unit("b1", "confederate", "inf", 2, "0507", "")
        + &leader("walker", "confederate", "division", "W", 1, 4, "w1", "")
        + &leader("bragg", "confederate", "army", "army", 0, 4, "b1", "")
        + &unit("e", "union", "inf", 6, "0504", "");
    let mut t = build("bac", 1863, &[], "", &body);
    t.initiative(CSA);
    t.act("assault walker");
    t.act("pick w1");
    t.act("go");
    t.dice(&[1]);
    t.act("target 0504");
    assert!(matches!(t.st.flow.top(), Some(Frame::GrandOffer { .. })), "{:?}", t.st.flow.top());
    // Negative variant first: roll 4 -> number 0 -> no grand assault.
    let mut neg = T { g: game(), st: t.st.clone() };
    neg.g = build("bac", 1863, &[], "", &body).g;
    neg.dice(&[4, 3, 3]);
    let log = neg.act("grand");
    assert!(log.iter().any(|l| l.contains("no grand assault")), "{log:?}");
    // Roll 2 -> number 2: both hexes may join.
    t.dice(&[2]);
    t.act("grand");
    assert!(matches!(t.st.flow.top(), Some(Frame::GrandJoin { hexes_left: 2, .. })));
    t.act("join j1");
    t.act("join j2");
    assert_eq!((t.unit("j1").fat, t.unit("j2").fat), (3, 3), "joiners gain 1 fatigue, no extended march");
    t.dice(&[3, 3]);
    let log = t.act("done");
    let combat = log.iter().find(|l| l.starts_with("combat:")).expect("combat");
    assert!(combat.contains("attacker 12 vs"), "5 + 4 + 3: {combat}");
}

/// DT-39 (GCACW 7.2): a grand assault from three hexes at 40, 30 and 22 (92 in all)
/// overloads the attack: a CRT loss of 2 costs the attacker 2 + 2 = 4 manpower.
fn dt39_position(dice: &[u8]) -> (T, Vec<String>) {
    let body = unit("w1", "confederate", "inf", 14, "0505", "corps = \"W\"")
        + &unit("w2", "confederate", "inf", 13, "0505", "corps = \"W\"")
        + &unit("w3", "confederate", "inf", 13, "0505", "corps = \"W\"")
        + &unit("j1", "confederate", "inf", 10, "0404", "")
        + &unit("j2", "confederate", "inf", 10, "0404", "")
        + &unit("j3", "confederate", "inf", 10, "0404", "")
        + &unit("k1", "confederate", "inf", 11, "0604", "")
        + &unit("k2", "confederate", "inf", 11, "0604", "")
        + &unit("b1", "confederate", "inf", 2, "0507", "")
        + &leader("walker", "confederate", "division", "W", 1, 4, "w1", "")
        + &leader("bragg", "confederate", "army", "army", 0, 6, "b1", "")
        + &unit("e", "union", "inf", 14, "0504", "")
        + &unit("f", "union", "inf", 14, "0504", "");
    let mut t = build("bac", 1863, &[], "", &body);
    t.initiative(CSA);
    t.act("assault walker");
    for u in ["w1", "w2", "w3"] {
        t.act(&format!("pick {u}"));
    }
    t.act("go");
    t.dice(&[1]);
    t.act("target 0504");
    // Roll 1 -> grand-assault number 6 - 1 = 5: both other hexes may join.
    t.dice(&[1]);
    t.act("grand");
    for u in ["j1", "j2", "j3", "k1", "k2"] {
        t.act(&format!("join {u}"));
    }
    t.dice(dice);
    let log = t.act("done");
    (t, log)
}

/// Plays the combat in progress out (the defender's losses and retreat, then the attacker
/// spreads its loss among the participants, GCACW 7.5), taking the first choice each time; the
/// attacker's manpower lost.
fn dt39_play_out(t: &mut T, ids: &[&str]) -> u32 {
    let before: u32 = ids.iter().map(|u| u32::from(t.unit(u).mp)).sum();
    for _ in 0..50 {
        if t.st.combat.is_none() {
            break;
        }
        let pick = t.legal()[0].clone();
        t.act(&pick);
    }
    assert!(t.st.combat.is_none(), "the combat ends");
    before - ids.iter().map(|u| u32::from(t.unit(u).mp)).sum::<u32>()
}

/// DT-39 reads "CRT gives the attacker 2D". The provisional CRT never
/// prints 2D in the attacker's 70+ column that a 92-CV attack uses (its 2D cells are in the
/// 1/2-3 to 12-18 columns): the real-chart run uses the 70+ cell "2a" at +7, the same loss of 2;
/// the "2D" itself is applied as a forced result (loss 2 + 2, every attacker
/// disorganized). The Spanish rulebook (ES) has no such example: DT-39 is a derived case.
#[test]
fn dt39_grand_assault_overload() {
    let ids = ["w1", "w2", "w3", "j1", "j2", "j3", "k1", "k2"];
    let (mut probe, log) = dt39_position(&[3, 3]);
    let combat = log.iter().find(|l| l.starts_with("combat:")).expect("combat");
    assert!(combat.contains("attacker 92 vs"), "40 + 30 + 22: {combat}");
    let cb = probe.st.combat.clone().expect("combat in progress");
    assert_eq!(cb.overload, 2, "DT-39: 90-99 adds 2 to the attacker's loss");
    // The result as written: "2D" costs 2 + 2 = 4 and disorganizes every attacker.
    probe.st.combat.as_mut().expect("combat").ares = data::CrtRes::parse("2D").expect("2D");
    assert_eq!(dt39_play_out(&mut probe, &ids), 4, "DT-39 (2D): the attacker loses 2 + 2 = 4 manpower");
    assert!(ids.iter().all(|u| !probe.unit(u).org), "D applies to every participant, joiners included (GCACW 7.5)");
    // The chart's own cell: the dice give a +7 differential, and the 70+ column reads "2a".
    // Both rolls were 3, so the logged differential is the net modifier.
    let drm: i32 = combat.split("differential ").nth(1).and_then(|r| r.split(':').next()).and_then(|n| n.parse().ok()).expect("differential");
    let a = (1..=6).find(|a| (1..=6).any(|b| a + drm - b == 7)).expect("a +7 differential");
    let b = (a + drm - 7) as u8;
    let (mut t, log) = dt39_position(&[a as u8, b]);
    let cb = t.st.combat.clone().expect("combat in progress");
    assert_eq!(cb.ares, data::CrtRes::parse("2a").expect("2a"), "the 70+ column at +7: {log:?}");
    assert_eq!(dt39_play_out(&mut t, &ids), 4, "DT-39 (2a): the attacker loses 2 + 2 = 4 manpower");
    // The bands (GCACW 7.2, charts.toml [grand_assault_overload]): 80-89 +1, 90-99 +2,
    // 100+ +3, and nothing below 80.
    for (whole, extra) in [(0, 0), (79, 0), (80, 1), (89, 1), (90, 2), (99, 2), (100, 3), (130, 3)] {
        assert_eq!(t.g.overload(whole), extra, "overload at {whole}");
    }
}

/// Bad `[grand_assault_overload]` bands in charts.toml are diagnosed at their file:line:col
/// (GCACW 7.2), never a panic.
#[test]
fn bad_overload_bands_are_diagnosed_gcacw_7_2() {
    let text = std::fs::read_to_string(content_dir().join(DIR).join("charts.toml")).unwrap();
    for (from, to, says) in [
        ("{ min = 90, extra_loss = 2 }", "{ min = 75, extra_loss = 2 }", "must be above the previous band's 80"),
        ("{ min = 100, extra_loss = 3 }", "{ min = 100, extra_loss = 0 }", "extra_loss of 1 or more"),
        ("{ min = 80, extra_loss = 1 }", "{ min = 80, extra = 1 }", "extra"),
    ] {
        assert!(text.contains(from), "charts.toml holds {from}");
        let root = std::env::temp_dir().join(format!("bivouac-gcacw-overload-{}-{}", std::process::id(), NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst)));
        std::fs::create_dir_all(root.join(DIR)).unwrap();
        let bad = text.replace(from, to);
        std::fs::write(root.join(DIR).join("charts.toml"), &bad).unwrap();
        let set = ContentSet::open(&[content_dir(), root.clone()], DIR).unwrap();
        let err = data::load_data(&set).expect_err("bad overload bands must be refused");
        let _ = std::fs::remove_dir_all(&root);
        let d = err.0.iter().find(|d| d.file.ends_with("charts.toml") && format!("{d}").contains(says)).unwrap_or_else(|| panic!("{to}: {err}"));
        let line = bad.lines().position(|l| l.contains(to)).expect("the bad band's line") + 1;
        assert_eq!(d.line, line, "{d}");
        assert!(d.col > 1, "{d}");
    }
}

#[test]
fn dt36_dt37_grand_assault_limits() {
    let body = unit("k", "confederate", "cav", 5, "0505", "corps = \"C\"")
        + &unit("j1", "confederate", "inf", 4, "0404", "")
        + &unit("b1", "confederate", "inf", 2, "0507", "")
        + &leader("stuart", "confederate", "corps", "C", 1, 4, "k", "cavalry = true")
        + &leader("lee", "confederate", "army", "army", 0, 5, "b1", "")
        + &unit("e", "union", "inf", 6, "0504", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    assert_eq!(t.g.grand_leader(&t.st, t.l("stuart")), None, "DT-36: never with a cavalry leader");
    let target = t.h("0504");
    assert_eq!(t.g.grand_candidates(&t.st, target, 0), vec![t.u("k"), t.u("j1")]);
    t.unit_mut("j1").dem = 1;
    assert_eq!(t.g.grand_candidates(&t.st, target, 0), vec![t.u("k")], "DT-37: demoralized units may not join");
}

// ---- Combat values and modifiers (GCACW 7.2-7.4) ---------------------------------------------

#[test]
fn tc07_ridge_modifiers() {
    let body = unit("brannan", "union", "inf", 6, "0505", "") + &unit("cheatham", "confederate", "inf", 6, "0504", "");
    let extra = "[[ridge]]\nname = \"r\"\nsides = [[\"0505\", \"0504\"]]\ncrest = [\"0505\"]\n";
    let t = build("bac", 1863, &["cccccccccc", "cccccccccc", "cccccccccc", "ccccmccccc"], extra, &body);
    assert_eq!(t.g.terrain_drm(&t.st, t.h("0504"), t.h("0505")), 2, "Cheatham attacks up the ridge: +2");
    assert_eq!(t.g.terrain_drm(&t.st, t.h("0505"), t.h("0504")), 1, "Brannan attacks down into a mountain: +1 in total");
    // Ridge costs +1 MP either way (GCACW 6.2).
    let c = t.g.step_cost(&t.st, t.u("brannan") as u8, t.h("0505"), t.h("0506")).unwrap();
    assert_eq!(c, 2);
}

#[test]
fn tc09_entrenchment_and_the_crt_column() {
    let body = unit("liddell", "confederate", "inf", 8, "0505", "") + &unit("u", "union", "inf", 6, "0909", "");
    let mut t = build("bac", 1863, &[], "", &body);
    let m = 1u64 << t.u("liddell");
    assert_eq!(t.g.defense_q(&t.st, m), 32);
    t.unit_mut("liddell").ent = ENT_BW;
    assert_eq!(t.g.defense_q(&t.st, m), 64, "breastwork x2: 16 for the ratio");
    let col = Gcacw::crt_col(&t.g.data.charts.def_cols, t.g.raw_half(&t.st, m));
    assert_eq!(t.g.data.charts.def_cols[col], 7, "still the 7-11 column");
    // DT-56: 3 1/2 reads the 4-6 column.
    assert_eq!(t.g.data.charts.def_cols[Gcacw::crt_col(&t.g.data.charts.def_cols, 7)], 4);
}

#[test]
fn dt38_attack_caps() {
    let body = unit("a", "union", "inf", 21, "0505", "") + &unit("b", "union", "inf", 21, "0505", "") + &unit("c", "union", "inf", 21, "0505", "")
        + &unit("d", "union", "inf", 12, "0505", "") + &unit("e", "confederate", "inf", 4, "0909", "");
    let t = build("otr", 1862, &[], "", &body);
    let all = (1 << t.u("a")) | (1 << t.u("b")) | (1 << t.u("c")) | (1 << t.u("d"));
    assert_eq!(t.g.attack_half(&t.st, all), 140, "OTR: 75 is capped to 70");
}

#[test]
fn dt40_to_dt44_artillery_modifier() {
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("d", "confederate", "inf", 4, "0506", "") + &unit("w", "confederate", "inf", 4, "0504", "");
    let mut t = build("sjw", 1862, &["cccccccccc", "cccccccccc", "cccccccccc", "ccccwccccc"], "", &body);
    let (a, d, w) = (1u64 << t.u("a"), 1u64 << t.u("d"), 1u64 << t.u("w"));
    let (dh, wh) = (t.h("0506"), t.h("0504"));
    let art = |t: &mut T, att: u8, def: u8, hex: HexId, mask: u64, dice: &[u8]| {
        let sc = t.g.data.scenarios.iter().position(|s| s.id == "test").unwrap();
        let _ = sc;
        let (ai, di) = (t.u("a"), bits_first(mask));
        let mut g_units = t.g.data.scenarios[t.st.sc as usize].units.clone();
        g_units[ai].artillery = att;
        g_units[di].artillery = def;
        let saved = std::mem::replace(&mut t.g.data.scenarios[t.st.sc as usize].units, g_units);
        t.st.forced = dice.to_vec();
        let v = t.g.artillery_drm(&mut t.st, a, mask, hex, &mut Log::quiet());
        t.g.data.scenarios[t.st.sc as usize].units = saved;
        v
    };
    assert_eq!(art(&mut t, 1, 0, dh, d, &[]), 0, "DT-40: defender without artillery: a negative result becomes NE");
    assert_eq!(art(&mut t, 0, 1, dh, d, &[]), -1, "DT-41: defender artillery 1: -2 becomes -1");
    assert_eq!(art(&mut t, 10, 1, dh, d, &[4]), 2, "DT-42: dagger, even: +2");
    assert_eq!(art(&mut t, 10, 1, dh, d, &[3]), 1, "dagger, odd: +1");
    assert_eq!(art(&mut t, 10, 0, wh, w, &[]), 0, "DT-43: defender in woods: no artillery DRM");
    assert_eq!(art(&mut t, 0, 0, dh, d, &[]), 0, "DT-44: no artillery at all");
    assert_eq!(art(&mut t, 0, 5, dh, d, &[]), -3, "clear, -5: -3");
}

fn bits_first(m: u64) -> usize {
    m.trailing_zeros() as usize
}

fn march_combat(t: &T, attacker: &str, def_hex: &str) -> state::Combat {
    let u = t.u(attacker);
    state::Combat {
        att_side: t.sc().units[u].side,
        att_units: 1 << u,
        att_hex: t.st.units[u].hex,
        def_hex: t.h(def_hex),
        def_units: t.g.units_at(&t.st, t.h(def_hex)),
        kind: Some(AttackKind::Normal),
        leader: data::NONE8,
        grand: false,
        dres: Default::default(),
        ares: Default::default(),
        overload: 0,
        roll: None,
        stage: 0,
        def_nothing: false,
    }
}

/// The modifiers shown mid-combat are the ones applied to the roll (GCACW 7.4): they are
/// recorded when the dice are rolled, and the combat panel shows the log's figures while the
/// defender retreats. Recomputing them from the board after the retreat is what read +19 for a
/// logged +14 before: the emptied defender hex reads as the top ratio row (+13 here, not +8).
#[test]
fn combat_panel_shows_the_applied_drms_gcacw_7_4() {
    let body = unit("a", "union", "inf", 15, "0505", "") + &unit("d", "confederate", "inf", 3, "0504", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march a");
    t.st.march.as_mut().expect("march").ma = 12;
    // 15 : 3 = 5 : 1 -> ratio +8; attacker 1 + 8 - defender 6 = +3: defender "Dr", a retreat.
    t.dice(&[1, 6]);
    let log = t.act("attack 0504 normal");
    let combat = log.iter().find(|l| l.starts_with("combat:")).expect("combat");
    assert!(combat.contains("attacker rolls 1 +8 (ratio +8,"), "{combat}");
    let applied = t.st.combat.as_ref().and_then(|c| c.roll.clone()).expect("the roll is recorded").drms;
    assert_eq!((applied.attacker(), applied.ratio, applied.defender()), (8, 8, 0));
    assert!(combat.contains(&format!("attacker rolls 1 {}, defender rolls 6 {};", applied.attacker_text(), applied.defender_text())), "{combat}");
    // The battle panel: its modifiers and dice line, as the app shows them.
    let panel = |t: &T| -> (i32, Vec<String>) {
        let b = t.g.board(&t.st, None).battle.expect("a battle panel");
        (b.modifiers.iter().filter(|m| m.side == 0).map(|m| m.value).sum(), b.results)
    };
    let shown = |t: &T| {
        let (att, results) = panel(t);
        assert_eq!(att, applied.attacker(), "the panel's attacker modifiers are the applied ones");
        assert!(results.iter().any(|l| l.contains("rolls 1 +8 = 9")), "{results:?}");
    };
    shown(&t);
    // Play the retreat out; once the defender has left its hex the board gives other figures,
    // but the combat keeps and shows the ones applied.
    let mut checked = false;
    for _ in 0..20 {
        let Some(cb) = t.st.combat.clone() else { break };
        if t.hex_of("d") != "0504" {
            let now = t.g.combat_drms(&mut t.st.clone(), &cb, &mut Log::quiet());
            assert_eq!(now.ratio, 13, "recomputed on the emptied hex: the top ratio row");
            assert_eq!(cb.roll.as_ref().map(|r| &r.drms), Some(&applied), "the applied modifiers stay as rolled");
            shown(&t);
            checked = true;
            break;
        }
        let pick = t.legal()[0].clone();
        t.act(&pick);
    }
    assert!(checked, "the defender retreated mid-combat");
}

#[test]
fn dt45_dt46_tactical_modifier() {
    let body = unit("a", "union", "inf", 4, "0505", "corps = \"A\"\ntactical = 3").replace("tactical = 1\n", "")
        + &leader("ac", "union", "corps", "A", 2, 3, "a", "")
        + &unit("d", "confederate", "inf", 4, "0506", "corps = \"D\"\ntactical = 2").replace("tactical = 1\n", "")
        + &leader("dl", "confederate", "division", "D", 4, 3, "d", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    let cb = march_combat(&t, "a", "0506");
    let d = t.g.combat_drms(&mut t.st.clone(), &cb, &mut Log::quiet());
    assert_eq!(d.tactical, -1, "DT-45: 3 - 4");
    let mut cb = cb;
    cb.leader = t.l("ac") as u8;
    cb.kind = None;
    let d = t.g.combat_drms(&mut t.st, &cb, &mut Log::quiet());
    assert_eq!(d.tactical, -2, "DT-46: an assault uses only the leader's tactical value (2 - 4)");
    assert_eq!(d.assault, 1);
}

#[test]
fn dt98_demoralized_attack_values() {
    let body = unit("a", "union", "inf", 5, "0505", "") + &unit("b", "union", "inf", 1, "0504", "") + &unit("c", "union", "inf", 7, "0503", "")
        + &unit("e", "confederate", "inf", 4, "0909", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.unit_mut("a").dem = 1;
    t.unit_mut("b").dem = 1;
    t.unit_mut("c").dem = 2;
    assert_eq!(t.g.attack_cv_half(&t.unit("a")), 4, "D1 CV 5 attacks at 2");
    assert_eq!(t.g.attack_cv_half(&t.unit("b")), 1, "D1 CV 1 attacks at 1/2");
    assert_eq!(t.g.attack_cv_half(&t.unit("c")), 2, "D2 attacks at 1");
}

#[test]
fn dt55_demoralized_2_defender() {
    let body = unit("a", "union", "inf", 6, "0505", "") + &unit("d2", "confederate", "inf", 3, "0506", "") + &unit("ok", "confederate", "inf", 4, "0506", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.unit_mut("d2").dem = 2;
    let cb = march_combat(&t, "a", "0506");
    assert_eq!(t.g.combat_drms(&mut t.st.clone(), &cb, &mut Log::quiet()).d2, 0, "D2 is not more than half the CV");
    t.st.opts.d2_any = true;
    assert_eq!(t.g.combat_drms(&mut t.st.clone(), &cb, &mut Log::quiet()).d2, -1, "option: any D2 unit");
}

// ---- Flank attacks (GCACW 7.4) --------------------------------------------------

/// Defender at 0505; attackers in the listed neighbours (0504 N, 0605 NE, 0606 SE, 0506 S,
/// 0406 SW, 0405 NW).
fn ring(hexes: &[&str], grid: &[&str], extra: &str, def_kind: &str, att_kind: &str) -> T {
    let mut body = unit("d", "confederate", def_kind, 8, "0505", "");
    for (i, h) in hexes.iter().enumerate() {
        body += &unit(&format!("a{i}"), "union", att_kind, 4, h, "");
    }
    build("sjw", 1862, grid, extra, &body)
}

fn flank(t: &T) -> i32 {
    let d = t.g.defense_q(&t.st, 1 << t.u("d"));
    let cav = t.sc().units[t.u("a0")].kind == data::Kind::Cav;
    t.g.flank_drm(&t.st, UNION, 1 << t.u("a0"), t.h("0505"), d, cav)
}

#[test]
fn flank_basic_bonus_and_adjustments_dt50_to_dt53() {
    let six = ["0504", "0605", "0606", "0506", "0406", "0405"];
    let mut t = ring(&six, &[], "", "inf", "inf");
    assert_eq!(flank(&t), 4, "6 covered hexes: +4");
    t.st.refused.push((t.h("0505"), CSA));
    assert_eq!(flank(&t), 2, "Flank Refused: +4 -> +2");
    let mut t = ring(&six[..5], &[], "", "inf", "inf");
    // The sixth hex (0405) is covered anyway by the ZOC of 0504 and 0406 units.
    assert_eq!(flank(&t), 4);
    let t2 = ring(&["0504", "0606", "0406"], &[], "", "inf", "inf");
    assert_eq!(flank(&t2), 4, "three units cover all six hexes by ZOC");
    let mut t3 = ring(&["0504"], &[], "", "inf", "inf");
    assert_eq!(flank(&t3), 0, "3 covered: no bonus");
    t3.st.refused.push((t3.h("0505"), CSA));
    assert_eq!(flank(&t3), 1, "DT-51: Flank Refused gives +1 to a non-flank attack");
    t.st.refused.push((t.h("0505"), CSA));
    assert_eq!(flank(&t), 2);
    // DT-53: cavalry against mostly cavalry: +4 -> +2.
    let c = ring(&six, &[], "", "cav", "cav");
    assert_eq!(flank(&c), 2);
}

#[test]
fn flank_reductions_dt48_dt49_and_redoubt_dt52() {
    // Mountains at 0605, 0606, 0506 (no route): covered by terrain and each reduces (step 3c).
    let grid = ["cccccccccc", "cccccccccc", "cccccccccc", "cccccccccc", "cccccmcccc", "ccccmmcccc"];
    let t = ring(&["0504", "0406"], &grid, "", "inf", "inf");
    assert_eq!(flank(&t), 1, "6 covered, 3 reductions: +4 - 3 = +1");
    // A defender-friendly unit in a covered hex would be a 4th reduction: capped at -3 (DT-48).
    let mut t4 = ring(&["0504", "0406"], &grid, "", "inf", "inf");
    let extra_def = t4.u("a1");
    t4.st.units[extra_def].hex = t4.h("0909");
    let _ = extra_def;
    assert!(flank(&t4) <= 1);
    // DT-52: a usable redoubt turns a final +1 into 0 (Confederates in Virginia).
    let t5 = ring(&["0504", "0406"], &grid, "[[place]]\nid = \"r\"\nname = \"redoubt\"\nhex = \"0505\"\nredoubt = true\n", "inf", "inf");
    assert_eq!(flank(&t5), 0);
    // DT-49: 5 covered with 2 reductions: +2 - 2 = 0. Mountains at 0605 and 0606 only; attackers
    // at 0504 and 0406 cover 0504, 0405, 0406, 0506 (ZOC), mountains 0605, 0606: that is 6...
    // so use a lone attacker at 0406: it covers 0405, 0406, 0506; mountains 0605, 0606: 5.
    let grid2 = ["cccccccccc", "cccccccccc", "cccccccccc", "cccccccccc", "cccccmcccc", "cccccmcccc"];
    let t6 = ring(&["0406"], &grid2, "", "inf", "inf");
    assert_eq!(flank(&t6), 0, "5 covered, 2 reductions");
}

#[test]
fn dt54_quarter_rule_for_flank_cover() {
    // Attackers of CV 1 1/2 cannot cover against a defender of 8 entrenched to 16.
    let mut body = unit("d", "confederate", "inf", 8, "0505", "");
    for (i, h) in ["0504", "0606", "0406"].iter().enumerate() {
        body += &unit(&format!("a{i}"), "union", "inf", 2, h, "organized = false");
    }
    let mut t = build("sjw", 1862, &[], "", &body);
    assert_eq!(t.g.cv_half(&t.unit("a0")), 2, "manpower 2 disorganized: CV 1 (authored chart)");
    t.unit_mut("d").ent = ENT_BW;
    assert_eq!(flank(&t), 0, "1 + 1 + ... each hex's helpers stay below 16/4");
    t.unit_mut("d").ent = 0;
    assert_eq!(t.g.defense_q(&t.st, 1 << t.u("d")), 32);
}

// ---- TC-08: the full combat example (GCACW 7.5 example) --------------------------------------

#[test]
fn tc08_hindman_attacks_van_cleve() {
    let body = unit("vancleve", "union", "inf", 8, "0505", "corps = \"XXI\"\nartillery = 3\ntactical = 2\nfatigue = 1").replace("tactical = 1\nartillery = 0\n", "")
        + &leader("crittenden", "union", "corps", "XXI", 3, 3, "vancleve", "")
        + &unit("hindman", "confederate", "inf", 12, "0404", "corps = \"P\"\nartillery = 2\ntactical = 2").replace("tactical = 1\nartillery = 0\n", "")
        + &unit("mcnair", "confederate", "inf", 2, "0607", "")
        + &leader("polk", "confederate", "corps", "P", 3, 3, "hindman", "");
    let mut t = build("bac", 1863, &["cccccccccc", "cccccccccc", "cccccccccc", "cccccccccc", "ccccrccccc"], "", &body);
    assert_eq!(t.sc().map.terrain(t.h("0505")), data::Terrain::Rough);
    t.initiative(CSA);
    t.dice(&[3]); // 1d6 + 1 = 4 MP; fatigue 0 -> 1
    t.act("march hindman");
    t.act("move 0405");
    // Parity roll 3 (odd: the -1 star is not applied), then CSA 5, Union 2.
    t.dice(&[3, 5, 2]);
    let log = t.act("attack 0505 hasty");
    let combat = log.iter().find(|l| l.starts_with("combat:")).expect("combat");
    assert!(combat.contains("attacker rolls 5 +1 (ratio +0, tactical +0, artillery +0, type -1, assault +0, leader +0, rain +0, flank +2)"), "{combat}");
    assert!(combat.contains("defender rolls 2 +0"), "{combat}");
    assert!(combat.contains("differential +4: defender 1DR, attacker 1fa"), "{combat}");
    let vc = t.unit("vancleve");
    assert_eq!((vc.mp, vc.org, vc.fat, vc.dem), (7, false, 4, 1));
    // The Union routs 4-6 hexes; with no routes on this map every step is priority 2 (farther,
    // no ZOC) and costs nothing.
    for _ in 0..4 {
        let Some(Frame::Retreat(r)) = t.st.flow.top().cloned() else { panic!("a rout: {:?}", t.st.flow.top()) };
        let best = t.g.retreat_best(&t.st, &r);
        assert!(best.iter().all(|b| b.1 <= 2 && b.2 == 0), "{best:?}");
        let h = t.sc().map.label(best[0].0).to_string();
        t.act(&format!("retreat {h}"));
    }
    assert!(t.has("halt"), "{:?}", t.legal());
    t.act("halt");
    assert_eq!(t.unit("vancleve").mp, 7, "no retreat losses");
    assert_eq!(t.g.leader_hex(&t.st, t.l("crittenden")), t.unit("vancleve").hex, "Crittenden goes with him");
    let h = t.unit("hindman");
    assert_eq!((h.mp, h.org, h.fat), (11, true, 2), "1fa: -1, still organized, fatigue +1");
    t.act("advance hindman");
    assert_eq!(t.hex_of("hindman"), "0505");
    assert_eq!(t.g.leader_hex(&t.st, t.l("polk")), t.h("0505"), "Polk advances with Hindman");
    assert_eq!(t.hex_of("mcnair"), "0607", "McNair did not attack and does not advance");
    assert_eq!(t.st.march, None, "the f result ends the march");
}

// ---- Results (GCACW 7.5) ---------------------------------------------------------------------

#[test]
fn dt57_to_dt61_applying_results() {
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 6, "0909", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    let u = t.u("u");
    let apply = |t: &mut T, res: &str| {
        let r = data::CrtRes::parse(res).unwrap();
        let n = r.loss + u8::from(r.retreat == 3);
        t.g.lose(&mut t.st, u, n, r.d, &mut Log::quiet());
        t.g.apply_letters(&mut t.st, 1 << u, &r);
    };
    apply(&mut t, "1Dr");
    let x = t.unit("u");
    assert_eq!((x.mp, x.org, x.fat), (5, false, 3), "DT-57");
    let mut t = build("sjw", 1862, &[], "", &body);
    apply(&mut t, "1a");
    assert_eq!((t.unit("u").mp, t.unit("u").org), (5, true), "DT-58: no D, the marker stays organized");
    t.unit_mut("u").org = false;
    apply(&mut t, "1");
    assert!(!t.unit("u").org, "DT-59");
    t.unit_mut("u").dem = 1;
    apply(&mut t, "2DR*");
    assert_eq!((t.unit("u").mp, t.unit("u").dem), (1, 2), "DT-60: -2 -1, Demoralized-2");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.unit_mut("u").dem = 2;
    apply(&mut t, "R");
    assert_eq!(t.unit("u").dem, 2, "DT-61");
    assert_eq!(data::CrtRes::parse("2DR*").unwrap(), data::CrtRes { loss: 2, d: true, fat: 0, e: false, retreat: 3, adv: false });
}

// ---- Retreats (GCACW 7.6) --------------------------------------------------------------------

fn retreat_ctx(t: &T, from: &str, enemy: &str, kind: RetreatKind) -> RetreatCtx {
    let h = t.h(from);
    RetreatCtx { side: UNION, units: t.g.side_units_at(&t.st, h, UNION), kind, start: h, cur: h, steps: 0, path: vec![], enemy: t.h(enemy), override_used: false, fatigue: false }
}

#[test]
fn dt63_dt64_retreat_priorities() {
    // Union at 0505, enemy attacker at 0504 (north). A road runs 0505-0506.
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 6, "0504", "");
    let extra = "[[route]]\nkind = \"road\"\nname = \"r\"\npath = [\"0505\", \"0506\"]\n";
    let t = build("sjw", 1862, &[], extra, &body);
    let r = retreat_ctx(&t, "0505", "0504", RetreatKind::Retreat);
    let best = t.g.retreat_best(&t.st, &r);
    assert_eq!(best, vec![(t.h("0506"), 1, 0)], "DT-63: farther along a road first");
    // DT-64: not farther, into enemy ZOC, no road, no friend: priority 4, 2 manpower.
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 6, "0504", "") + &unit("z", "confederate", "inf", 6, "0307", "")
        + &unit("y", "confederate", "inf", 6, "0707", "") + &unit("x", "confederate", "inf", 6, "0508", "");
    let t = build("sjw", 1862, &[], "", &body);
    let r = retreat_ctx(&t, "0505", "0504", RetreatKind::Retreat);
    let opts = t.g.retreat_options(&t.st, &r);
    let o = opts.iter().find(|o| o.0 == t.h("0405")).expect("0405 is legal");
    assert_eq!((o.1, o.2), (4, 2), "{opts:?}");
}

#[test]
fn dt67_retreat_may_not_end_next_to_its_start() {
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 6, "0504", "");
    let t = build("sjw", 1862, &[], "", &body);
    let mut r = retreat_ctx(&t, "0505", "0504", RetreatKind::Retreat);
    // 0505 -> 0606 -> 0506: two hexes, but 0506 is adjacent to 0505.
    r.path = vec![t.h("0505"), t.h("0606")];
    r.cur = t.h("0506");
    r.steps = 2;
    assert!(!t.g.retreat_can_halt(&t.st, &r));
    r.kind = RetreatKind::Voluntary;
    assert!(t.g.retreat_can_halt(&t.st, &r), "a voluntary retreat may end adjacent");
}

#[test]
fn dt66_surrender_when_no_retreat_is_possible() {
    // Union at 0101 (corner): the attacker at 0201, water at 0102 and 0202: no legal hex.
    let body = unit("u", "union", "inf", 3, "0101", "") + &unit("e1", "confederate", "inf", 6, "0201", "") + &unit("e3", "confederate", "inf", 6, "0909", "");
    let mut t = build("sjw", 1862, &["cccccccccc", "xxcccccccc"], "", &body);
    let r = retreat_ctx(&t, "0101", "0201", RetreatKind::Retreat);
    t.st.flow.push(Frame::Retreat(Box::new(r)));
    t.g.proceed(&mut t.st, &mut Log::quiet()).unwrap();
    assert!(t.unit("u").gone);
    assert_eq!(t.st.lost[UNION as usize], 3, "the whole unit counts as lost");
}

// ---- Cavalry retreat (GCACW 7.7) -------------------------------------------------------------

#[test]
fn dt69_dt70_cavalry_retreat_modifiers() {
    let body = unit("k", "confederate", "cav", 3, "0505", "") + &unit("i", "union", "inf", 6, "0507", "");
    let mut t = build("otr", 1862, &["cccccccccc", "cccccccccc", "cccccccccc", "cccccccccc", "cccchccccc"], "", &body);
    assert_eq!(t.g.cav_retreat_drm(&t.st, t.h("0505"), CSA, t.h("0506")), 5, "DT-69: hill +1, OTR very large +4");
    // The Union infantry marches into the cavalry's ZOC: the cavalry retreats, roll 3 + 5 = 8:
    // the march loses 4 MP.
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march i");
    t.act("move 0506");
    assert_eq!(t.seat(), CSA);
    let ma = t.mv().ma;
    t.dice(&[3]);
    t.act("cavretreat");
    assert_eq!(ma - t.mv().ma, 8);
    assert!(matches!(t.st.flow.top(), Some(Frame::Retreat(_))));
    let body = unit("k", "union", "cav", 1, "0505", "organized = false\nfatigue = 4") + &unit("i", "confederate", "inf", 6, "0507", "");
    let t = build("sjw", 1862, &[], "", &body);
    assert_eq!(t.g.cav_retreat_drm(&t.st, t.h("0505"), UNION, t.h("0506")), -6, "DT-70: very small -4, all fatigue 4 -2");
}

#[test]
fn dt74_cavalry_entering_cavalry_zoc_gives_no_retreat() {
    let body = unit("k", "confederate", "cav", 3, "0505", "") + &unit("uk", "union", "cav", 3, "0508", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[6, 6]);
    t.act("march uk");
    t.act("move 0507");
    t.act("move 0506");
    assert_eq!(t.seat(), UNION, "no cavalry-retreat offer against cavalry");
    assert!(t.mv().stopped);
}

#[test]
fn dt72_dt73_assault_on_cavalry_that_retreats() {
    let body = unit("a", "union", "inf", 6, "0505", "corps = \"A\"") + &leader("l", "union", "corps", "A", 1, 4, "a", "")
        + &unit("k", "confederate", "cav", 3, "0504", "");
    for (roll, advance) in [(2u8, true), (6, false)] {
        let mut t = build("sjw", 1862, &[], "", &body);
        t.initiative(UNION);
        t.act("assault l");
        t.act("pick a");
        t.act("go");
        t.act("target 0504");
        assert_eq!(t.seat(), CSA);
        // Cavalry roll 4, then the retreat; then the command roll.
        t.dice(&[4]);
        t.act("cavretreat");
        for _ in 0..4 {
            let l = t.legal();
            let first = l.iter().find(|a| a.starts_with("retreat")).cloned().unwrap();
            t.act(&first);
        }
        t.dice(&[roll]);
        if t.has("halt") {
            t.act("halt");
        }
        assert_eq!(t.has("advance a"), advance, "roll {roll}: {:?}", t.legal());
    }
}

// ---- Flank Refused (GCACW 7.8) ---------------------------------------------------------------

#[test]
fn dt75_dt76_flank_refused() {
    let body = unit("m", "union", "inf", 6, "0507", "") + &unit("s", "union", "inf", 6, "0504", "") + &unit("e", "confederate", "inf", 4, "0503", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march m");
    t.act("move 0506");
    t.act("move 0505"); // into e's... no: 0505 is not adjacent to 0503; fine
    assert!(t.has("refuse"));
    t.act("end");
    // DT-75: entering an enemy normal ZOC forbids the marker.
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march m");
    t.act("move 0405");
    t.act("move 0404");
    assert!(t.mv().stopped);
    assert!(!t.has("refuse"));
    assert_eq!(t.refused("refuse").rule, "GCACW 7.8");
    // DT-76: a unit that began in the ZOC may refuse its flank: its march ends.
    t.act("end");
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march s");
    t.act("refuse");
    assert!(t.st.refused.contains(&(t.h("0504"), UNION)));
    assert_eq!(t.st.march, None);
}

// ---- Recovery and entrenchment (GCACW 8.0, 9.0) ----------------------------------------------

#[test]
fn dt77_dt78_recovery() {
    let body = unit("a", "union", "inf", 6, "0505", "organized = false\nexhausted = true\nfatigue = 1") + &unit("b", "union", "inf", 6, "0506", "fatigue = 4")
        + &unit("c", "union", "inf", 6, "0507", "organized = false\nfatigue = 0") + &unit("e", "confederate", "inf", 4, "0909", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.unit_mut("a").dem = 2;
    t.unit_mut("c").dem = 1;
    t.g.recovery_rest(&mut t.st, &mut Log::quiet());
    let a = t.unit("a");
    assert_eq!((a.org, a.exh, a.dem, a.fat), (false, true, 1, 0), "DT-77: a D2 unit does not reorganize");
    let b = t.unit("b");
    assert_eq!((b.exh, b.fat), (true, 1), "DT-78");
    let c = t.unit("c");
    assert_eq!((c.org, c.dem), (true, 0));
}

#[test]
fn dt81_dt82_entrenchment_and_redoubts() {
    let extra = "[[place]]\nid = \"r\"\nname = \"redoubt\"\nhex = \"0505\"\nredoubt = true\n";
    let body = unit("c", "confederate", "inf", 6, "0505", "") + &unit("u", "union", "inf", 6, "0909", "");
    let mut t = build("sjw", 1862, &[], extra, &body);
    assert_eq!(t.g.recovery_entrench_to(&t.st, t.u("c")), Some(ENT_BW), "DT-81: 1862, CSA in a redoubt: breastwork complete");
    assert_eq!(t.g.recovery_entrench_to(&t.st, t.u("u")), Some(ENT_BW_BUILD), "1862 elsewhere: breastwork-build");
    assert_eq!(t.g.defense_q(&t.st, 1 << t.u("c")), 6 * 4 * 3 / 2, "redoubt alone: x1.5");
    t.unit_mut("c").ent = ENT_FB2;
    assert_eq!(t.g.defense_q(&t.st, 1 << t.u("c")), 60, "DT-82: CV 6 x 2.5 = 15 (the better multiplier, never the product)");
    t.unit_mut("u").fat = 1;
    assert_eq!(t.g.recovery_entrench_to(&t.st, t.u("u")), None, "fatigue 0 only");
}

#[test]
fn dt96_burning_stations() {
    let extra = "[[place]]\nid = \"s\"\nname = \"station\"\nhex = \"0505\"\nstation = true\n";
    let body = unit("small", "union", "inf", 4, "0505", "") + &unit("big", "union", "inf", 5, "0505", "") + &unit("e", "confederate", "inf", 4, "0909", "");
    let mut t = build("sjw", 1862, &[], extra, &body);
    t.initiative(UNION);
    t.act("burn small");
    assert_eq!(t.st.stations, vec![(t.h("0505"), 1)], "CV 2-4: damaged");
    assert_eq!(t.unit("small").fat, 1);
    t.initiative(UNION);
    assert!(!t.has("burn small"), "a CV 2-4 unit changes nothing on a damaged station");
    t.act("burn big");
    assert_eq!(t.st.stations, vec![(t.h("0505"), 2)], "CV 5+: destroyed");
    let t2 = build("otr", 1862, &[], extra, &body);
    let mut t2 = t2;
    t2.initiative(UNION);
    assert!(!t2.has("burn big"), "no station burning in OTR");
}

// ---- Notation, views, refusals ---------------------------------------------------------------

#[test]
fn notation_round_trips_and_refusals_name_rules() {
    let mut t = cedar();
    t.act("done");
    t.dice(&[2, 5]);
    t.act("done");
    for a in t.g.legal_actions(&t.st, CSA) {
        assert_eq!(t.g.parse(&t.g.notation(&a)).unwrap(), a);
    }
    assert!(t.g.parse("march nobody").is_err());
    assert!(t.g.parse("attack 0505 sideways").is_err());
    for text in ["repair winder 0410", "bridge winder 0410", "dismantle 0410", "destroy 0410"] {
        let a = t.g.parse(text).unwrap();
        assert_eq!(t.g.notation(&a), text);
    }
    assert!(t.g.parse("repair winder").is_err());
    let r = t.refused("march ricketts");
    assert_eq!(r.rule, "GCACW 5.1", "{r}");
    let r = t.g.apply(&mut t.st.clone(), UNION, &Action::Pass, &mut Log::quiet()).unwrap_err();
    assert!(r.rule.starts_with("GCACW"));
    let text = t.g.describe(&t.st, None);
    assert!(text.contains("Winder [winder]") && text.contains("0410"), "{text}");
}

#[test]
fn bad_content_reports_file_line_col() {
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let root = std::env::temp_dir().join(format!("bivouac-gcacw-bad-{}-{n}", std::process::id()));
    let dir = root.join(DIR).join("scenarios");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(content_dir().join("gcacw/scenarios/cedar-mountain.toml")).unwrap().replace("attached = \"winder\"", "attached = \"windr\"");
    std::fs::write(dir.join("cedar-mountain.toml"), text).unwrap();
    let set = ContentSet::open(&[content_dir(), root.clone()], DIR).unwrap();
    let err = data::load_data(&set).unwrap_err();
    let _ = std::fs::remove_dir_all(&root);
    let d = &err.0[0];
    assert!(d.file.ends_with("cedar-mountain.toml") && d.line > 1, "{d}");
    assert!(d.message.contains("unknown unit id") && d.message.contains("`winder`"), "{d}");
}

// ---- Random events and rain (GCACW 3.1, 12.0) -------------------------------------------------

#[test]
fn tc10_rain_markers_never_double_up() {
    // GCACW 12.0.
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 4, "0909", "");
    let mut t = build("siv", 1862, &[], "", &body);
    let base = t.st.clone();
    t.st.turn = 6;
    t.g.add_rain(&mut t.st, 3, &mut Log::quiet()); // Rain +2 on turn 6
    assert_eq!(t.st.rain_until, 8, "Rain +2 on turn 6: turns 6, 7, 8");
    let mut a = t.st.clone();
    a.turn = 7;
    t.g.add_rain(&mut a, 2, &mut Log::quiet()); // (a) Rain +1 on turn 7
    assert_eq!(a.rain_until, 8, "TC-10 (a): Rain +1 on turn 7 adds nothing");
    let mut b = t.st.clone();
    b.turn = 7;
    t.g.add_rain(&mut b, 3, &mut Log::quiet()); // (b) Rain +2 on turn 7
    assert_eq!(b.rain_until, 9, "TC-10 (b): Rain +2 on turn 7 adds turn 9");
    drop(base);
}

#[test]
fn random_events_phase_rolls_2d6_on_the_scenario_table() {
    // GCACW 3.1: 2d6 on the scenario's table; the roll is logged with its purpose and forcible.
    let table = "[[random_event]]\nrolls = [2, 4]\nevent = \"rain+1\"\ntext = \"storm\"\n[[random_event]]\nrolls = [5, 12]\nevent = \"none\"\n";
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 4, "0909", "") + table;
    // SIV: rain has Basic Game effects (GCACW 12.0).
    let mut t = build("siv", 1862, &[], "", &body);
    t.st.turn = 3;
    t.dice(&[1, 2]);
    let mut log = Log::recording();
    t.g.random_events(&mut t.st, &mut log);
    assert_eq!(t.st.rain_until, 4, "Rain +1 on turn 3: turns 3 and 4");
    assert!(t.st.rain, "rain rules in effect in SIV's Basic Game");
    let text = format!("{:?}", log);
    assert!(text.contains("Random Events Table: 1 + 2 = 3"), "the roll is logged with its purpose: {text}");
    t.st.turn = 4;
    t.dice(&[6, 6]);
    t.g.random_events(&mut t.st, &mut Log::quiet());
    assert!(t.st.rain, "turn 4 still under the marker");
    t.st.turn = 5;
    t.dice(&[3, 3]);
    t.g.random_events(&mut t.st, &mut Log::quiet());
    assert!(!t.st.rain, "the rain is over");
    // SJW: rain is marked but has no Basic Game effect (GCACW 12.0).
    let mut s = build("sjw", 1862, &[], "", &body);
    s.dice(&[1, 1]);
    s.g.random_events(&mut s.st, &mut Log::quiet());
    assert_eq!(s.st.rain_until, s.st.turn + 1);
    assert!(!s.st.rain, "SJW: rain only in the Advanced Game");
    // A rain turn forbids entrenching (GCACW 12.0) and fords (GCACW 6.2, 12.0).
    t.st.rain = true;
    t.unit_mut("u").fat = 0;
    assert_eq!(t.g.recovery_entrench_to(&t.st, t.u("u")), None, "no entrenching in rain");
}

#[test]
fn bad_random_events_table_is_diagnosed() {
    let root = std::env::temp_dir().join(format!("bivouac-gcacw-badev-{}", std::process::id()));
    let dir = root.join(DIR).join("scenarios");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(content_dir().join(DIR).join("scenarios/cedar-mountain.toml")).unwrap();
    let text = text.replace("event = \"rain+1\"", "event = \"snow\"");
    std::fs::write(dir.join("cedar-mountain.toml"), text).unwrap();
    let set = ContentSet::open(&[content_dir(), root.clone()], DIR).unwrap();
    let err = data::load_data(&set).expect_err("a bad event must be refused");
    let _ = std::fs::remove_dir_all(&root);
    assert!(format!("{err}").contains("unknown event"), "{err}");
}

// ---- Entrench action (GCACW 5.5) ---------------------------------------------------------------

#[test]
fn entrench_action_by_year_gcacw_5_5() {
    // The 1864 chain, DT-80 (redoubt: breastwork-build), DT-83 (nothing beyond a fort).
    let body = unit("u", "union", "inf", 6, "0505", "fatigue = 2") + &unit("e", "confederate", "inf", 4, "0909", "");
    // 1862: never (GCACW 5.5).
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    assert!(!t.has("entrench u"));
    let r = t.refused("entrench u");
    assert!(r.to_string().contains("GCACW 5.5"), "{r}");
    // 1863 without the optional rule: never; with it: +2 fatigue, none -> breastwork-build (TC-04 Brannan).
    let mut t = build("rtg", 1863, &[], "", &body);
    t.initiative(UNION);
    assert!(!t.has("entrench u"));
    t.st.opts.entrench_1863 = true;
    t.initiative(UNION);
    t.act("entrench u");
    assert_eq!((t.unit("u").fat, t.unit("u").ent), (4, ENT_BW_BUILD), "TC-04: Brannan fatigue 2 -> 4, Breastwork-Build");
    t.initiative(UNION);
    assert!(!t.has("entrench u"), "1863: fatigue 0-2 only");
    // 1864: +1 fatigue, none -> abatis -> breastwork-build ... fort; fatigue 0-3.
    let mut t = build("gtc", 1864, &[], "", &body);
    t.unit_mut("u").fat = 0;
    let chain = [ENT_ABATIS, ENT_BW_BUILD, ENT_BW, ENT_FB1, ENT_FB2, ENT_FORT];
    for (i, &e) in chain.iter().enumerate() {
        t.unit_mut("u").fat = 0;
        t.initiative(UNION);
        t.act("entrench u");
        assert_eq!((t.unit("u").ent, t.unit("u").fat), (e, 1), "1864 step {i}");
    }
    t.unit_mut("u").fat = 0;
    t.initiative(UNION);
    assert!(!t.has("entrench u"), "a completed fort may not entrench further");
    t.unit_mut("u").ent = ENT_NONE;
    t.unit_mut("u").fat = 3;
    t.initiative(UNION);
    assert!(t.has("entrench u"), "1864: fatigue 3 may entrench");
    t.unit_mut("u").dem = 1;
    t.initiative(UNION);
    assert!(!t.has("entrench u"), "a demoralized unit may not entrench");
    // A Confederate unit in a redoubt hex starts at breastwork-build (1864).
    let extra = "[[place]]\nid = \"r\"\nname = \"redoubt\"\nhex = \"0909\"\nredoubt = true\n";
    let t = build("gtc", 1864, &[], extra, &body);
    assert_eq!(t.g.entrench_action_to(&t.st, t.u("e")), Some(ENT_BW_BUILD));
}

// ---- Destroying bridges and ferries (GCACW 10.0) ----------------------------------------------

#[test]
fn destroying_bridges_and_ferries_gcacw_10() {
    // A destroyed minor-river bridge becomes a ford.
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"], [\"0303\", \"0304\"]]\n\
                 [[hexside]]\nkind = \"bridge\"\nname = \"b\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[hexside]]\nkind = \"ferry\"\nname = \"f\"\nsides = [[\"0303\", \"0304\"]]\n";
    let body = unit("big", "union", "inf", 6, "0505", "") + &unit("small", "union", "inf", 4, "0505", "")
        + &unit("cav", "union", "cav", 2, "0303", "") + &unit("e", "confederate", "inf", 4, "0909", "");
    let mut t = build("sjw", 1862, &[], extra, &body);
    // A CV 4 infantry unit may not attack a permanent bridge (CV >= 5).
    t.initiative(UNION);
    t.act("march small");
    assert!(!t.has("destroy 0506"), "bridge: CV 5+ only");
    let r = t.refused("destroy 0506");
    assert!(r.to_string().contains("GCACW 10.0"), "{r}");
    // CV 6: whole march in the hex (-1), no enemy ZOC (-1): a 4 becomes 2 = destroyed.
    t.initiative(UNION);
    t.act("march big");
    assert!(t.has("destroy 0506"));
    t.dice(&[4]);
    let log = t.act("destroy 0506");
    assert!(log.iter().any(|l| l.contains("roll 4 -2 = 2: destroyed")), "{log:?}");
    assert!(t.st.march.is_none(), "the attempt ends the march");
    let (a, b) = (t.h("0505"), t.h("0506"));
    assert_eq!(t.st.destroyed, vec![(a.min(b), a.max(b))]);
    let s = rules::eff_side(&t.sc().map, &t.st, a, b).unwrap();
    assert_eq!(s.crossing, data::Crossing::Ford, "a destroyed minor-river bridge leaves a ford");
    // Ferry: cavalry may try; roll 4 - 2 = 2 > 1 fails; one attempt per unit per turn.
    t.initiative(UNION);
    t.act("march cav");
    assert!(t.has("destroy 0304"));
    t.dice(&[4]);
    let log = t.act("destroy 0304");
    assert!(log.iter().any(|l| l.contains("ferry") && l.contains("fails")), "{log:?}");
    t.initiative(UNION);
    t.act("march cav");
    assert!(!t.has("destroy 0304"), "one attempt per unit per turn");
    // An enemy ZOC in an unoccupied linked hex forbids the attempt.
    let body = unit("big", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 4, "0507", "");
    let mut t = build("sjw", 1862, &[], extra, &body);
    t.initiative(UNION);
    t.act("march big");
    assert!(!t.has("destroy 0506"), "0506 lies in the enemy ZOC and holds no Union unit");
}

// ---- OTR Union activation size, set-up fatigue (TC-12, TC-11) --------------------------------

#[test]
fn tc12_otr_union_leader_activation_size() {
    // GCACW 5.2 as changed for OTR.
    let body = unit("a", "union", "inf", 6, "0505", "corps = \"I\"") + &unit("b", "union", "inf", 6, "0506", "corps = \"I\"")
        + &unit("c", "union", "inf", 6, "0504", "corps = \"I\"")
        + &leader("mcd", "union", "corps", "I", 1, 3, "a", "")
        + &unit("e", "confederate", "inf", 6, "0909", "");
    let picks = |dice: [u8; 2], by_pass: bool| -> usize {
        let mut t = build("otr", 1862, &[], "", &body);
        t.st.flow.clear();
        t.st.phase = Phase::Cycle;
        t.st.dice = dice;
        t.st.flow.push(Frame::Initiative { side: UNION, by_pass });
        t.act("activate mcd");
        let mut n = 0;
        while let Some(p) = t.legal().into_iter().find(|a| a.starts_with("pick ")) {
            t.act(&p);
            n += 1;
        }
        n
    };
    assert_eq!(picks([3, 2], false), 1, "winning die 3: 1 unit");
    assert_eq!(picks([5, 2], false), 2, "winning die 5: 2 units");
    assert_eq!(picks([6, 2], false), 3, "winning die 6: any");
    assert_eq!(picks([2, 6], true), 3, "the Confederates won with 6 and passed: any");
    assert_eq!(picks([0, 0], false), 3, "won without rolling: any");
    // Not in other games.
    let mut t = build("sjw", 1862, &[], "", &body);
    t.st.flow.clear();
    t.st.phase = Phase::Cycle;
    t.st.dice = [3, 2];
    t.st.flow.push(Frame::Initiative { side: UNION, by_pass: false });
    t.act("activate mcd");
    t.act("pick a");
    assert!(t.has("pick b"), "SJW: no limit");
}

#[test]
fn tc11_published_setup_fatigue_conversion() {
    // GCACW 12.0 set-up changes.
    assert_eq!(data::convert_published_fatigue(0), (0, false));
    assert_eq!(data::convert_published_fatigue(1), (0, true));
    assert_eq!(data::convert_published_fatigue(2), (1, true));
    // Loading a scenario that declares published fatigues converts them.
    let root = std::env::temp_dir().join(format!("bivouac-gcacw-pub-{}", std::process::id()));
    let dir = root.join(DIR).join("scenarios");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(content_dir().join(DIR).join("scenarios/cedar-mountain.toml")).unwrap();
    let text = text.replacen("turns = 2\n", "turns = 2\npublished_fatigue = true\n", 1);
    std::fs::write(dir.join("cedar-mountain.toml"), text).unwrap();
    let set = ContentSet::open(&[content_dir(), root.clone()], DIR).unwrap();
    let d = data::load_data(&set).unwrap();
    let _ = std::fs::remove_dir_all(&root);
    let plain = game();
    let (a, b) = (&plain.data.scenarios[0], &d.scenarios[0]);
    for (ua, ub) in a.units.iter().zip(&b.units) {
        let (f, e) = data::convert_published_fatigue(ua.fatigue);
        assert_eq!((ub.fatigue, ub.exhausted), (f, e || ua.exhausted), "{}", ua.id);
        assert_eq!(ub.organized, ua.organized, "disorganized units stay disorganized");
    }
}

// ---- Pontoon bridges (GCACW 10.0) --------------------------------------------------------------

#[test]
fn pontoon_bridges_gcacw_10() {
    // No building in rain, DT-92 (enemy CV 5 ending its move beside it destroys it).
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n";
    let body = unit("big", "union", "inf", 6, "0505", "") + &unit("b2", "union", "inf", 6, "0505", "")
        + &unit("small", "union", "inf", 4, "0303", "") + &unit("e", "confederate", "inf", 6, "0909", "");
    let recovery = |t: &mut T| {
        t.st.flow.clear();
        t.st.phase = Phase::Recovery;
        t.st.pontoon_hexes.clear();
        t.st.flow.push(Frame::Recovery { side: UNION });
    };
    let mut t = build("sjw", 1862, &[], extra, &body);
    recovery(&mut t);
    assert!(t.has("bridge big 0506"));
    // No route in either hex: +3; a 4 makes 7: failed, and no other try on that hexside or from that hex.
    t.dice(&[4]);
    let log = t.act("bridge big 0506");
    assert!(log.iter().any(|l| l.contains("roll 4 +3 = 7: fails")), "{log:?}");
    assert!(!t.has("bridge b2 0506"), "one attempt per hex and a failed hexside waits a turn");
    let r = t.refused("bridge b2 0506");
    assert!(r.to_string().contains("GCACW 10.0"), "{r}");
    // Success on 2 + 3 = 5.
    let mut t = build("sjw", 1862, &[], extra, &body);
    recovery(&mut t);
    t.dice(&[2]);
    t.act("bridge big 0506");
    let (a, b) = (t.h("0505"), t.h("0506"));
    assert_eq!(t.st.pontoons, vec![(a.min(b), a.max(b), UNION, false)]);
    assert!(t.unit("big").recovered, "no entrenching after building");
    let (big, e) = (t.u("big") as data::UnitId, t.u("e") as data::UnitId);
    assert!(t.g.step_cost(&t.st, big, a, b).is_some(), "the owner crosses");
    assert!(t.g.step_cost(&t.st, e, b, a).is_none(), "the enemy may not cross it");
    assert_ne!(rules::zoc_into(&t.sc().map, a, b, &t.st), rules::ZOC_NONE, "ZOC extends across it");
    // Not in rain; not for CV 4; not with enemy CV 5+ in either hex.
    let mut t2 = build("sjw", 1862, &[], extra, &body);
    recovery(&mut t2);
    t2.st.rain = true;
    assert!(!t2.has("bridge big 0506"), "no building in rain");
    // Enemy CV 5+ standing in a linked hex destroys it only when its move ends there (10.2).
    let ei = t.u("e");
    t.st.units[ei].hex = b;
    t.g.cleanup(&mut t.st, &mut Log::quiet());
    assert_eq!(t.st.pontoons.len(), 1, "standing there is not enough");
    t.g.pontoon_move_ended(&mut t.st, 1 << ei, &mut Log::quiet());
    assert!(t.st.pontoons.is_empty(), "destroyed as its march, retreat or advance ends there");
}

#[test]
fn tc04_thomas_activation_with_march_and_entrench() {
    // GCACW 5.2 with the 1863 optional entrench action (GCACW 5.5).
    let body = unit("baird", "union", "inf", 6, "0505", "corps = \"XIV\"\nfatigue = 4")
        + &unit("negley", "union", "inf", 6, "0506", "corps = \"XIV\"")
        + &unit("brannan", "union", "inf", 6, "0504", "corps = \"XIV\"\nfatigue = 2")
        + &unit("davis", "union", "inf", 6, "0404", "corps = \"XX\"")
        + &leader("thomas", "union", "corps", "XIV", 2, 3, "baird", "")
        + &unit("e", "confederate", "inf", 6, "0909", "");
    let mut t = build("bac", 1863, &[], "", &body);
    t.st.opts.entrench_1863 = true;
    t.initiative(UNION);
    t.act("activate thomas");
    assert!(t.has("pick negley") && t.has("pick brannan"));
    assert!(!t.has("pick baird"), "fatigue 4");
    assert!(!t.has("pick davis"), "another corps");
    t.act("pick negley");
    t.act("pick brannan");
    t.dice(&[4]);
    t.act("go");
    assert!(matches!(t.st.flow.top(), Some(Frame::Activation { lma: 5, .. })), "4 + 1 = 5 MP");
    t.act("lead brannan");
    t.act("entrench brannan");
    let b = t.unit("brannan");
    assert_eq!((b.fat, b.ent), (4, ENT_BW_BUILD), "1863 entrench: fatigue +2, breastwork-build");
    assert_eq!(t.st.leaders[t.l("thomas")].unit as usize, t.u("brannan"));
    t.act("next negley");
    assert_eq!(t.unit("negley").fat, 1, "march: fatigue 0 -> 1");
    assert_eq!(t.mv().ma, 10, "active MA = the leader's 5");
    assert_eq!(t.unit("baird").fat, 4);
    assert_eq!(t.unit("davis").fat, 0);
}

#[test]
fn pontoon_dismantling_during_a_march_gcacw_10() {
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n";
    let body = unit("big", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 6, "0909", "");
    let mut t = build("sjw", 1862, &[], extra, &body);
    let (a, b) = (t.h("0505"), t.h("0506"));
    t.st.pontoons.push((a.min(b), a.max(b), UNION, false));
    t.initiative(UNION);
    t.act("march big");
    let ma = t.mv().ma;
    assert!(t.has("dismantle 0506"));
    t.act("dismantle 0506");
    assert!(t.st.pontoons.is_empty());
    assert_eq!(t.mv().ma, ma, "0 MP; the march goes on");
    assert!(!t.has("move 0506"), "the river is impassable again");
}

// ---- Pontoon destruction timing (GCACW 10.2) ---------------------------------------------------

#[test]
fn pontoon_goes_when_an_enemy_retreat_ends_beside_it_not_before_gcacw_10_2() {
    // A Union pontoon links 0505-0506. A Confederate stack retreats voluntarily from 0507 along a
    // road into 0506: the bridge stays while the retreat is under way and goes when it ends.
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[route]]\nkind = \"road\"\nname = \"rd\"\npath = [\"0507\", \"0506\"]\n";
    let body = unit("u", "union", "inf", 6, "0202", "") + &unit("c", "confederate", "inf", 6, "0507", "") + &unit("a", "union", "inf", 6, "0508", "");
    let mut t = build("sjw", 1862, &[], extra, &body);
    let (a, b) = (t.h("0505"), t.h("0506"));
    t.st.pontoons.push((a.min(b), a.max(b), UNION, false));
    t.initiative(UNION);
    let h = t.h("0507");
    let units = t.g.side_units_at(&t.st, h, CSA);
    t.st.flow.push(Frame::Retreat(Box::new(RetreatCtx {
        side: CSA,
        units,
        kind: RetreatKind::Voluntary,
        start: h,
        cur: h,
        steps: 0,
        path: vec![],
        enemy: t.h("0508"),
        override_used: false,
        fatigue: false,
    })));
    assert!(t.has("retreat 0506"), "{:?}", t.legal());
    t.act("retreat 0506");
    assert_eq!(t.st.pontoons.len(), 1, "the retreat is not over yet");
    t.act("halt");
    assert!(t.st.pontoons.is_empty(), "the retreat ended beside the bridge: destroyed at once");
}

// ---- Unfordable rivers (GCACW 12.0) -------------------------------------------------------------

#[test]
fn unfordable_rivers_gcacw_12() {
    // SIV Rain gives no minor marker (number 0) and a major one.
    // GCACW 12.0: markers, their effects on movement, retreats and ferries, and removal.
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"], [\"0303\", \"0304\"]]\n\
                 [[hexside]]\nkind = \"ford\"\nname = \"f\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[hexside]]\nkind = \"ferry\"\nname = \"y\"\nsides = [[\"0303\", \"0304\"]]\n";
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("f", "union", "inf", 6, "0303", "") + &unit("e", "confederate", "inf", 4, "0909", "");
    let mut t = build("otr", 1862, &[], extra, &body);
    let (a, b) = (t.h("0505"), t.h("0506"));
    let (c, d) = (t.h("0303"), t.h("0304"));
    let (u, f) = (t.u("u") as data::UnitId, t.u("f") as data::UnitId);
    let ford_cost = t.g.step_cost(&t.st, u, a, b).expect("the ford is usable in fair weather");
    let ferry_cost = t.g.step_cost(&t.st, f, c, d).unwrap();
    // OTR rain numbers: Rain +1 -> minor 2 boxes, major 3 boxes ahead of turn 2.
    t.st.turn = 2;
    t.g.add_unfordable(&mut t.st, 2, &mut Log::quiet());
    assert_eq!(t.st.unford, [4, 5]);
    // On the track already: advanced from its box (Rain: minor 1, major 1).
    t.g.add_unfordable(&mut t.st, 1, &mut Log::quiet());
    assert_eq!(t.st.unford, [5, 6]);
    assert!(t.g.step_cost(&t.st, u, a, b).is_none(), "no march across a ford of an unfordable minor river");
    let r = retreat_ctx(&t, "0505", "0504", RetreatKind::Retreat);
    assert!(!t.g.retreat_options(&t.st, &r).iter().any(|o| o.0 == b), "no retreat across it either");
    assert_eq!(t.g.step_cost(&t.st, f, c, d).unwrap(), ferry_cost + 2 * (6 / 3), "the ferry costs manpower / 3 MP");
    // Removal at the end of the turn whose box the marker occupies.
    t.st.turn = 5;
    t.g.turn_update(&mut t.st, &mut Log::quiet());
    assert_eq!(t.st.unford, [0, 6]);
    t.st.turn = 5;
    assert_eq!(t.g.step_cost(&t.st, u, a, b), Some(ford_cost), "the minor marker is gone");
    // SJW: rain has no Basic Game effect, so no marker; SJW numbers: Rain +2 -> 2 and 3.
    let mut s = build("sjw", 1862, &[], extra, &body);
    s.g.add_unfordable(&mut s.st, 3, &mut Log::quiet());
    assert_eq!(s.st.unford, [0, 0]);
    // SIV Rain: minor number 0 places nothing; major 1.
    let mut v = build("siv", 1862, &[], extra, &(unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 4, "0909", "")));
    v.g.add_unfordable(&mut v.st, 1, &mut Log::quiet());
    assert_eq!(v.st.unford, [0, v.st.turn + 1]);
}

#[test]
fn unfordable_ford_covers_a_flank_gcacw_7_4() {
    // GCACW 7.4 flank step 3 exception: while a river is unfordable, a hex across one of its
    // fords is covered (and reduces the bonus like any river cover).
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[hexside]]\nkind = \"ford\"\nname = \"f\"\nsides = [[\"0505\", \"0506\"]]\n";
    let mut t = ring(&["0504", "0605", "0405"], &[], extra, "inf", "inf");
    assert_eq!(flank(&t), 2, "five hexes covered by units and ZOC: +2");
    t.st.unford = [t.st.turn, 0];
    assert_eq!(flank(&t), 3, "the unfordable ford covers the sixth: +4 - 1 = +3");
}

// ---- Repairing bridges and ferries (GCACW 10.3) ------------------------------------------------

#[test]
fn repairing_bridges_and_ferries_gcacw_10_3() {
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"], [\"0303\", \"0304\"]]\n\
                 [[hexside]]\nkind = \"major-river\"\nname = \"R\"\nsides = [[\"0808\", \"0809\"]]\n\
                 [[hexside]]\nkind = \"bridge\"\nname = \"b\"\nsides = [[\"0505\", \"0506\"], [\"0808\", \"0809\"]]\n\
                 [[hexside]]\nkind = \"ferry\"\nname = \"f\"\nsides = [[\"0303\", \"0304\"]]\n";
    let body = unit("big", "union", "inf", 6, "0505", "") + &unit("b2", "union", "inf", 6, "0303", "")
        + &unit("small", "union", "inf", 4, "0808", "") + &unit("e", "confederate", "inf", 6, "0101", "");
    let key = |t: &T, a: &str, b: &str| {
        let (a, b) = (t.h(a), t.h(b));
        (a.min(b), a.max(b))
    };
    let recovery = |t: &mut T| {
        t.st.flow.clear();
        t.st.phase = Phase::Recovery;
        t.st.repair_tried = 0;
        t.st.flow.push(Frame::Recovery { side: UNION });
        for k in [key(t, "0505", "0506"), key(t, "0303", "0304"), key(t, "0808", "0809")] {
            if !t.st.destroyed.contains(&k) {
                t.st.destroyed.push(k);
            }
        }
    };
    let mut t = build("sjw", 1862, &[], extra, &body);
    recovery(&mut t);
    assert!(t.has("repair big 0506") && t.has("repair b2 0304"));
    assert!(!t.has("repair small 0809"), "CV 5+ only");
    // A bridge is repaired on 3 or less.
    t.dice(&[3]);
    let log = t.act("repair big 0506");
    assert!(log.iter().any(|l| l.contains("roll 3 +0 = 3: repaired")), "{log:?}");
    assert!(!t.st.destroyed.contains(&key(&t, "0505", "0506")));
    assert!(!t.has("repair b2 0304"), "one attempt per player per Recovery Phase");
    assert!(t.refused("repair b2 0304").to_string().contains("GCACW 10.3"));
    assert_eq!(t.g.recovery_entrench_to(&t.st, t.u("big")), None, "no entrenching after repairing");
    // A ferry on <= 5; +1 while the river is unfordable: 5 + 1 = 6 fails.
    let mut t = build("otr", 1862, &[], extra, &body);
    recovery(&mut t);
    t.st.unford = [t.st.turn, 0];
    t.dice(&[5]);
    let log = t.act("repair b2 0304");
    assert!(log.iter().any(|l| l.contains("roll 5 +1 = 6: fails")), "{log:?}");
    // Major river +2: a bridge with 2 + 2 = 4 fails.
    let body2 = unit("big", "union", "inf", 6, "0808", "") + &unit("e", "confederate", "inf", 6, "0101", "");
    let mut t = build("sjw", 1862, &[], extra, &body2);
    recovery(&mut t);
    t.dice(&[2]);
    let log = t.act("repair big 0809");
    assert!(log.iter().any(|l| l.contains("roll 2 +2 = 4: fails")), "{log:?}");
    // Enemy CV 5+ in a linked hex forbids it; so does rain.
    let body3 = unit("big", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 5, "0506", "");
    let mut t = build("sjw", 1862, &[], extra, &body3);
    recovery(&mut t);
    assert!(!t.has("repair big 0506"), "enemy CV 5 across the river");
    let body4 = unit("big", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 4, "0506", "");
    let mut t = build("sjw", 1862, &[], extra, &body4);
    recovery(&mut t);
    assert!(t.has("repair big 0506"), "enemy CV 4 does not stop it");
    t.st.rain = true;
    assert!(!t.has("repair big 0506"), "no repairs in rain");
    // SIV: CV 2 suffices for the Confederates; the Union needs county control (not modelled).
    let body5 = unit("u", "union", "inf", 6, "0505", "") + &unit("c", "confederate", "inf", 2, "0303", "");
    let mut t = build("siv", 1862, &[], extra, &body5);
    recovery(&mut t);
    assert!(!t.has("repair u 0506"), "SIV Union: county control");
    t.st.flow.replace(Frame::Recovery { side: CSA });
    assert!(t.has("repair c 0304"), "SIV: CV 2 repairs");
}

// ---- Pontoon building modifiers (GCACW 10.1) ---------------------------------------------------

#[test]
fn pontoon_building_modifiers_and_slb_gcacw_10_1() {
    // OTR: a Confederate major-river bridge near Richmond (-3), on Barrett's Ferry (+1), while
    // the river is unfordable (+1), major (+2), no route in either hex (+3): +4.
    let extra = "[[hexside]]\nkind = \"major-river\"\nname = \"R\"\npontoon_drm = 1\nsides = [[\"0505\", \"0506\"]]\n";
    let body = unit("c", "confederate", "inf", 6, "0505", "") + &unit("u", "union", "inf", 6, "0101", "");
    let mut t = try_build("otr", 1862, &[], "csa_capital = \"0808\"", extra, &body).unwrap();
    assert_eq!(t.sc().map.csa_capital, t.h("0808"));
    t.st.flow.clear();
    t.st.phase = Phase::Recovery;
    t.st.unford = [0, t.st.turn];
    t.st.flow.push(Frame::Recovery { side: CSA });
    t.dice(&[1]);
    let log = t.act("bridge c 0506");
    assert!(log.iter().any(|l| l.contains("roll 1 +4 = 5: built")), "{log:?}");
    // SLB keeps its own bridge rules (SLB 10.0): no standard attempt is offered.
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n";
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("c", "confederate", "inf", 6, "0101", "");
    let mut t = build("slb", 1863, &[], extra, &body);
    t.st.flow.clear();
    t.st.phase = Phase::Recovery;
    t.st.flow.push(Frame::Recovery { side: UNION });
    assert!(!t.legal().iter().any(|a| a.starts_with("bridge")), "{:?}", t.legal());
}

// ---- Provisional swamps in rain (GCACW 12.0) ---------------------------------------------------

#[test]
fn rain_floods_provisional_swamps_gcacw_12() {
    // DT-101.
    // Every Random Events roll is rain; SIV applies rain in the Basic Game. 0505 is a provisional
    // swamp ringed by swamps except 0504 (variable) and 0506; 0303 is one with a road (exempt).
    let table = "[[random_event]]\nrolls = [2, 12]\nevent = \"rain\"\ntext = \"rain\"\n";
    let extra = "p = \"provisional-swamp\"\n[[route]]\nkind = \"road\"\nname = \"rd\"\npath = [\"0303\", \"0304\"]\n";
    let grid = |x: char, z: char| {
        vec![
            "cccccccccc".to_string(),
            "cccccccccc".to_string(),
            "ccpssscccc".to_string(),
            format!("cccs{x}scccc"),
            "cccspscccc".to_string(),
            "cccscscccc".to_string(),
            format!("cccs{z}scccc"),
        ]
    };
    let go = |x: char, z: char, enemy: &str| {
        let g = grid(x, z);
        let rows: Vec<&str> = g.iter().map(|s| s.as_str()).collect();
        let body = unit("u", "union", "inf", 6, "0505", "") + &unit("r", "union", "inf", 6, "0303", "") + &unit("e", "confederate", "inf", 6, enemy, "") + table;
        build("siv", 1862, &rows, extra, &body)
    };
    // 0504 swamp: 0506 is the only way out although it lies in the enemy's ZOC.
    let mut t = go('s', 'c', "0507");
    assert!(t.st.rain);
    assert!(matches!(t.st.flow.top(), Some(Frame::Swamp { side: UNION, .. })), "{:?}", t.st.flow.top());
    let u = t.unit("u");
    assert_eq!((u.fat, u.org), (1, false), "+1 fatigue, disorganized");
    assert_eq!((t.unit("r").fat, t.unit("r").org), (0, true), "a road in the hex: unaffected");
    assert_eq!(t.legal(), vec!["move 0506".to_string()]);
    t.act("move 0506");
    assert_eq!(t.hex_of("u"), "0506");
    assert!(matches!(t.st.flow.top(), Some(Frame::Transfer { .. })), "then the Leader Transfer Phase");
    // 0504 clear: the hex out of enemy ZOC is required.
    let t = go('c', 'c', "0507");
    assert_eq!(t.legal(), vec!["move 0504".to_string()]);
    // No way out (0506 enemy-occupied, the rest swamp): eliminated, its manpower lost.
    let t = go('s', 'c', "0506");
    assert!(t.unit("u").gone, "eliminated");
    assert_eq!(t.st.lost[UNION as usize], 6);
    // SJW: rain has no Basic Game effect.
    let g = grid('s', 'c');
    let rows: Vec<&str> = g.iter().map(|s| s.as_str()).collect();
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 6, "0909", "") + table;
    let t = build("sjw", 1862, &rows, extra, &body);
    assert_eq!(t.unit("u").fat, 0);
}

// ---- Per-game switches -------------------------------------------------------------------------

#[test]
fn variant_leader_kinds_are_checked() {
    let body = unit("u", "union", "inf", 6, "0505", "corps = \"A\"") + &leader("l", "union", "army", "army", 1, 3, "u", "")
        + &unit("e", "confederate", "inf", 6, "0909", "");
    let e = try_build("siv", 1862, &[], "", "", &body).err().expect("SIV has no army leaders");
    assert!(e.contains("siv has no army leaders"), "{e}");
    let body = unit("u", "union", "inf", 6, "0505", "corps = \"A\"") + &leader("l", "union", "district", "A", 1, 3, "u", "")
        + &unit("e", "confederate", "inf", 6, "0909", "");
    let e = try_build("bac", 1863, &[], "", "", &body).err().expect("BAC has no district leaders");
    assert!(e.contains("bac has no district leaders"), "{e}");
    assert!(try_build("gtc", 1864, &[], "", "", &body).is_ok());
}

// ---- Reactions offered mid-action (GCACW 7.6, 7.7) ---------------------------------------------

#[test]
fn defender_is_offered_the_voluntary_retreat_after_a_result_without_retreat() {
    // With dt67_retreat_may_not_end_next_to_its_start: it may end adjacent.
    // A hopeless march attack (attacker 1, defender 6): the defender's result has no r/R, so
    // the defender's seat is asked at once whether to retreat voluntarily (GCACW 7.6).
    let body = unit("a", "confederate", "inf", 6, "0504", "") + &unit("d", "union", "inf", 6, "0505", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(CSA);
    t.dice(&[6]);
    t.act("march a");
    t.dice(&[1, 6]);
    let log = t.act("attack 0505 normal");
    let combat = log.iter().find(|l| l.starts_with("combat:")).expect("combat");
    assert!(combat.contains("differential -5: defender -,"), "{combat}");
    assert_eq!(t.seat(), UNION, "the defender decides now");
    assert_eq!(t.legal(), vec!["withdraw".to_string(), "stay".to_string()]);
    let fat = t.unit("d").fat;
    t.act("withdraw");
    assert!(matches!(t.st.flow.top(), Some(Frame::Retreat(r)) if r.side == UNION && r.kind == RetreatKind::Voluntary));
    assert_eq!(t.unit("d").fat, fat + 1, "DT-62: after a \"-\" result the voluntary retreat costs 1 fatigue");
}

#[test]
fn dt85_dt86_dt91_dt93_dt94_bridges_and_unfordable_markers() {
    // DT-85 (GCACW 10.1): CSA, major river with a ford, roads in both hexes, within 10 hexes of
    // Richmond (OTR): roll 6 - 3 + 2 = 5: built.
    let extra = "[[hexside]]\nkind = \"major-river\"\nname = \"R\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[hexside]]\nkind = \"ford\"\nname = \"f\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[route]]\nkind = \"road\"\nname = \"a\"\npath = [\"0505\", \"0504\"]\n\
                 [[route]]\nkind = \"road\"\nname = \"b\"\npath = [\"0506\", \"0507\"]\n";
    let body = unit("c", "confederate", "inf", 6, "0505", "") + &unit("u", "union", "inf", 6, "0101", "");
    let mut t = try_build("otr", 1862, &[], "csa_capital = \"0510\"", extra, &body).unwrap();
    t.st.flow.clear();
    t.st.phase = Phase::Recovery;
    t.st.flow.push(Frame::Recovery { side: CSA });
    t.dice(&[6]);
    let log = t.act("bridge c 0506");
    assert!(log.iter().any(|l| l.contains("roll 6 -1 = 5: built")), "DT-85: {log:?}");
    // DT-86: Union, minor river, no ford, a road in one hex only, river unfordable: 3 + 1 + 1 = 5.
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[route]]\nkind = \"road\"\nname = \"a\"\npath = [\"0505\", \"0504\"]\n";
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("c", "confederate", "inf", 4, "0506", "");
    let mut t = build("otr", 1862, &[], extra, &body);
    t.st.flow.clear();
    t.st.phase = Phase::Recovery;
    t.st.unford = [t.st.turn, 0];
    t.st.flow.push(Frame::Recovery { side: UNION });
    t.dice(&[3]);
    let log = t.act("bridge u 0506");
    assert!(log.iter().any(|l| l.contains("roll 3 +2 = 5: built")), "DT-86/DT-87 (enemy CV 4 does not block): {log:?}");
    // DT-91 (GCACW 10.3): a major-river bridge while unfordable: 1 + 3 = 4 > 3, never repaired.
    let extra = "[[hexside]]\nkind = \"major-river\"\nname = \"R\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[hexside]]\nkind = \"bridge\"\nname = \"b\"\nsides = [[\"0505\", \"0506\"]]\n";
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("c", "confederate", "inf", 4, "0101", "");
    let mut t = build("otr", 1862, &[], extra, &body);
    let (a, b) = (t.h("0505"), t.h("0506"));
    t.st.destroyed.push((a.min(b), a.max(b)));
    t.st.flow.clear();
    t.st.phase = Phase::Recovery;
    t.st.unford = [0, t.st.turn];
    t.st.flow.push(Frame::Recovery { side: UNION });
    t.dice(&[1]);
    let log = t.act("repair u 0506");
    assert!(log.iter().any(|l| l.contains("roll 1 +3 = 4: fails")), "DT-91: {log:?}");
    // DT-93 / DT-94 (GCACW 12.0): OTR turn 3 Rain +2 -> minor turn 7, major turn 9; turn 5 Rain
    // -> 8 and 10.
    t.st.unford = [0, 0];
    t.st.turn = 3;
    t.g.add_unfordable(&mut t.st, 3, &mut Log::quiet());
    assert_eq!(t.st.unford, [7, 9], "DT-93");
    t.st.turn = 5;
    t.g.add_unfordable(&mut t.st, 1, &mut Log::quiet());
    assert_eq!(t.st.unford, [8, 10], "DT-94");
}

/// Counts how often rarely-met rules fire in random Seven Pines games (run with --ignored
/// --nocapture); a look at what the fuzzer exercises, not a pass/fail check.
#[test]
#[ignore]
fn seven_pines_rule_coverage() {
    let g = game();
    let keys = ["rain markers", "unfordable through", "flooded swamp", "floods the provisional", "pontoon bridge", "repairs the", "tries to destroy", "destroyed", "cavalry retreat", "retreats voluntarily", "advances into", "entrenches", "the nearest subordinate unit", "a nearest subordinate unit"];
    let mut counts = vec![0usize; keys.len()];
    for seed in 0..300u64 {
        let mut st = g.setup(&Setup::new("seven-pines", 2, seed)).unwrap();
        let mut rng = GameRng::new(seed + 1000);
        let mut n = 0;
        while g.outcome(&st).is_none() && n < 5000 {
            let seat = g.active_seats(&st)[0];
            let legal = g.legal_actions(&st, seat);
            let pick = if legal.len() > 1 && legal.last() == Some(&Action::Pass) && rng.below(4) > 0 { rng.pick(legal.len() - 1) } else { rng.pick(legal.len()) };
            let mut log = Log::recording();
            g.apply(&mut st, seat, &legal[pick], &mut log).unwrap();
            for e in log.events {
                for (i, k) in keys.iter().enumerate() {
                    if e.text.contains(k) {
                        counts[i] += 1;
                    }
                }
            }
            n += 1;
        }
    }
    for (k, c) in keys.iter().zip(&counts) {
        println!("{k}: {c}");
    }
}

#[test]
fn cavalry_retreat_offers_at_march_start_and_against_an_attack_from_its_restricted_zoc_gcacw_7_7() {
    // Trigger "starts adjacent": Union infantry begins its march in the normal ZOC of CSA
    // cavalry: the cavalry's owner is asked at once, before the forced-march declaration.
    let body = unit("k", "confederate", "cav", 3, "0504", "") + &unit("i", "union", "inf", 6, "0505", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march i");
    assert_eq!(t.seat(), CSA);
    assert_eq!(t.legal(), vec!["cavretreat".to_string(), "stay".to_string()]);
    t.act("stay");
    assert_eq!(t.seat(), UNION);
    assert!(t.has("force"), "the forced march is still declarable after the offer");
    // Restricted-ZOC exception: the cavalry sits in woods (0504), so its ZOC into 0505 is
    // restricted and the march start gives no offer; the infantry's attack on it does.
    let body = unit("k", "confederate", "cav", 3, "0504", "") + &unit("i", "union", "inf", 6, "0505", "");
    let mut t = build("sjw", 1862, &["cccccccccc", "cccccccccc", "cccccccccc", "ccccwccccc"], "", &body);
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march i");
    assert_eq!(t.seat(), UNION, "restricted ZOC: no offer when the march begins");
    let ma = t.mv().ma;
    t.act("attack 0504 normal");
    assert_eq!(t.seat(), CSA, "the attack on the cavalry opens the window");
    assert!(t.has("cavretreat"));
    t.dice(&[4]);
    let log = t.act("cavretreat");
    assert!(log.iter().any(|l| l.contains("cavalry retreat from 0504: roll 4")), "{log:?}");
    while t.seat() == CSA && t.legal().iter().any(|a| a.starts_with("retreat")) {
        let first = t.legal().into_iter().find(|a| a.starts_with("retreat")).unwrap();
        t.act(&first);
    }
    if t.has("halt") {
        t.act("halt");
    }
    assert!(t.st.combat.is_none(), "the hex is empty: no combat");
    assert!(t.mv().ma < ma, "the cavalry retreat cut the marching unit's allowance");
    // A natural 1 costs one cavalry unit of the owner's choice 1 manpower.
    let body = unit("k1", "confederate", "cav", 3, "0504", "") + &unit("k2", "confederate", "cav", 2, "0504", "") + &unit("i", "union", "inf", 6, "0505", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march i");
    t.dice(&[1]);
    t.act("cavretreat");
    assert_eq!(t.legal(), vec!["loss k1".to_string(), "loss k2".to_string()]);
    t.act("loss k2");
    assert_eq!((t.unit("k1").mp, t.unit("k2").mp), (3, 1));
    assert!(matches!(t.st.flow.top(), Some(Frame::Retreat(_))));
}

#[test]
fn a15_option_unfordable_fords_like_rain() {
    // GCACW 12.0 names only movement, retreats and advances (default); option `unfordable-fords` = `rain` also stops
    // ZOC and attacks across the ford, as in rain.
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[hexside]]\nkind = \"ford\"\nname = \"f\"\nsides = [[\"0505\", \"0506\"]]\n";
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 4, "0506", "");
    let mut t = build("otr", 1862, &[], extra, &body);
    let (a, b) = (t.h("0505"), t.h("0506"));
    t.st.unford = [t.st.turn, 0];
    t.st.active = UNION;
    assert_eq!(rules::zoc_into(&t.sc().map, a, b, &t.st), rules::ZOC_NORMAL);
    assert!(t.g.attack_side_ok(&t.st, a, b, true));
    t.st.opts.unford_like_rain = true;
    assert_eq!(rules::zoc_into(&t.sc().map, a, b, &t.st), rules::ZOC_NONE);
    assert!(!t.g.attack_side_ok(&t.st, a, b, true));
    // The option is offered by name.
    assert!(Gcacw::options().iter().any(|o| o.key == "unfordable-fords" && o.values == ["move", "rain"]));
    assert!(Gcacw::options().iter().any(|o| o.key == "swamp-exit-dams"));
}

#[test]
fn advance_into_cavalry_zoc_opens_the_cavalry_window_gcacw_7_7() {
    // The attacker's "a" result, the defender's hex empty: the attacker is asked to advance;
    // advancing infantry next to enemy cavalry gives that cavalry's owner the retreat window.
    let body = unit("a", "confederate", "inf", 6, "0505", "") + &unit("k", "union", "cav", 3, "0507", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(CSA);
    let ares = data::CrtRes { adv: true, ..Default::default() };
    t.st.combat = Some(state::Combat {
        att_side: CSA,
        att_units: 1 << t.u("a"),
        att_hex: t.h("0505"),
        def_hex: t.h("0506"),
        def_units: 0,
        kind: Some(AttackKind::Normal),
        leader: data::NONE8,
        grand: false,
        dres: Default::default(),
        ares,
        overload: 0,
        roll: None,
        stage: 6,
        def_nothing: false,
    });
    t.st.flow.push(Frame::Cont(state::Cont::Combat));
    t.g.proceed(&mut t.st, &mut Log::quiet()).unwrap();
    assert_eq!(t.seat(), CSA);
    assert_eq!(t.legal(), vec!["advance a".to_string(), "done".to_string()]);
    t.act("advance a");
    assert_eq!(t.seat(), UNION, "the cavalry's owner decides at once");
    assert_eq!(t.legal(), vec!["cavretreat".to_string(), "stay".to_string()]);
}

#[test]
fn chatham_bridge_switches_as_scenario_data_gcacw_10_1() {
    // SJW: Chatham Bridge is a Union pontoon printed on the map that does not use the Union's one
    // major-river marker; SLB: it starts destroyed and can never be repaired (GCACW 10.1, 10.3).
    let extra = "[[hexside]]\nkind = \"major-river\"\nname = \"Rappahannock\"\nsides = [[\"0505\", \"0506\"], [\"0303\", \"0304\"]]\n";
    let body = unit("u", "union", "inf", 6, "0303", "") + &unit("c", "confederate", "inf", 6, "0909", "")
        + "[[pontoon]]\nside = \"union\"\nhexes = [\"0505\", \"0506\"]\ncounts_against_limit = false\n";
    let mut t = build("sjw", 1862, &[], extra, &body);
    let (a, b) = (t.h("0505"), t.h("0506"));
    assert_eq!(t.st.pontoons, vec![(a.min(b), a.max(b), UNION, true)]);
    t.st.flow.clear();
    t.st.phase = Phase::Recovery;
    t.st.flow.push(Frame::Recovery { side: UNION });
    assert!(t.has("bridge u 0304"), "the exempt pontoon leaves the Union's major-river marker free");
    let extra = "[[hexside]]\nkind = \"major-river\"\nname = \"Rappahannock\"\nsides = [[\"0505\", \"0506\"]]\n\
                 [[hexside]]\nkind = \"bridge\"\nname = \"Chatham\"\nunrepairable = true\nsides = [[\"0505\", \"0506\"]]\n";
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("c", "confederate", "inf", 6, "0909", "")
        + "[[destroyed]]\nhexes = [\"0505\", \"0506\"]\n";
    let mut t = build("slb", 1863, &[], extra, &body);
    assert_eq!(t.st.destroyed.len(), 1, "destroyed at the start");
    t.st.flow.clear();
    t.st.phase = Phase::Recovery;
    t.st.flow.push(Frame::Recovery { side: UNION });
    assert!(!t.has("repair u 0506"), "never repaired");
    // A destroyed crossing must be a bridge or ferry.
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("c", "confederate", "inf", 6, "0909", "") + "[[destroyed]]\nhexes = [\"0303\", \"0304\"]\n";
    let e = try_build("sjw", 1862, &[], "", extra, &body).err().expect("not a bridge");
    assert!(e.contains("destroyed crossing must be"), "{e}");
}

// ---- Limited Intelligence (GCACW 12.0, "Inteligencia limitada") ------------------------

fn li(body: &str, grid: &[&str], extra: &str) -> T {
    let mut t = build("sjw", 1862, grid, extra, body);
    t.st.opts.limited_intel = true;
    t
}

fn marker_at(t: &T, side: u8, num: u8) -> Option<(String, u64)> {
    t.st.forces.iter().find(|f| f.side == side && f.num == num).map(|f| (t.sc().map.label(f.hex).to_string(), f.units))
}

#[test]
fn t_li_12_markers_placed_with_the_initiative_up_to_ten_units_divided() {
    // GCACW 12.0 ("Colocando marcador de fuerza"): placed while holding the initiative,
    // several in one hex, units divided among them as the owner likes, at most ten at once.
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("b", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0909", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    assert!(t.has("marker 0505"), "{:?}", t.legal());
    t.act("marker 0505");
    t.act("marker 0505");
    assert!(t.has("hide 1 a") && t.has("hide 2 b"));
    t.act("hide 1 a");
    t.act("hide 2 b");
    t.act("hide 2 a"); // move a from marker 1 to marker 2
    assert_eq!(marker_at(&t, UNION, 2), Some(("0505".into(), (1 << t.u("a")) | (1 << t.u("b")))));
    // The force display is secret: the emptied marker stays on the map, a decoy, so the enemy
    // cannot tell a division of units from a decoy's removal.
    assert_eq!(marker_at(&t, UNION, 1), Some(("0505".into(), 0)));
    assert_eq!(t.seat(), UNION, "placing markers is no action: the initiative is still held");
    for _ in 0..8 {
        t.act("marker 0505");
    }
    assert_eq!(t.st.forces.len(), 10);
    assert!(!t.has("marker 0505"), "ten markers at most");
    let r = t.refused("marker 0505");
    assert_eq!(r.rule, "GCACW 12.0");
    // Not while marching (no initiative decision), but removal is open at any time.
    t.act("unmark 3");
    t.dice(&[3]);
    t.act("march a");
    assert!(!t.has("marker 0505") && !t.has("hide 4 a"));
    assert!(t.has("unmark 4"));
    t.act("unmark 4");
    assert_eq!(marker_at(&t, UNION, 4), None, "voluntary removal at any time (GCACW 12.0)");
    // Without the option there are no force-marker actions.
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    assert!(!t.legal().iter().any(|a| a.starts_with("marker")));
    assert_eq!(t.refused("marker 0505").rule, "GCACW 12.0");
}

#[test]
fn t_li_12_placement_not_next_to_enemy_unless_impassable() {
    // GCACW 12.0: not adjacent to an enemy unit, unless impassable terrain prevents
    // movement between the two hexes (a minor river with no crossing).
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0506", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    assert!(!t.has("marker 0505"));
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n";
    let mut t = li(&body, &[], extra);
    t.initiative(UNION);
    assert!(t.has("marker 0505"), "the river is impassable: {:?}", t.legal());
}

#[test]
fn t_li_12_placement_and_reveal_by_cavalry_within_two_hexes() {
    // GCACW 12.0: not within 2 hexes of enemy cavalry, unless the hex between is
    // blocked: impassable terrain, a woods hexside without route, or a friendly unit there.
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("k", "confederate", "cav", 2, "0503", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    assert!(!t.has("marker 0505"), "enemy cavalry two hexes away");
    // Woods in the hex between, no road: the hexsides are woods hexsides without route.
    let mut t = li(&body, &["cccccccccc", "cccccccccc", "cccccccccc", "ccccwccccc"], "");
    t.initiative(UNION);
    assert!(t.has("marker 0505"), "woods screen: {:?}", t.legal());
    // A friendly unit in the hex between screens too (0505 and 0503 have one hex between).
    let body2 = body.clone() + &unit("s", "union", "inf", 4, "0504", "");
    let mut t2 = li(&body2, &[], "");
    t2.initiative(UNION);
    assert!(t2.has("marker 0505"), "screened by the friendly unit in 0504: {:?}", t2.legal());
    assert!(!t2.has("marker 0504"), "0504 is next to the cavalry");
    // Cavalry hidden under a marker never reveals nor bars (GCACW 12.0 note).
    let mut t = li(&body, &[], "");
    t.initiative(CSA);
    t.act("marker 0503");
    t.act("hide 1 k");
    t.initiative(UNION);
    assert!(t.has("marker 0505"), "{:?}", t.legal());
    t.act("marker 0505");
    t.act("hide 1 a");
    t.act("pass");
    assert!(marker_at(&t, UNION, 1).is_some());
    // The cavalry leaves its marker: on the map again, it reveals the Union force.
    t.initiative(CSA);
    let log = t.act("unmark 1");
    assert_eq!(marker_at(&t, UNION, 1), None, "{log:?}");
    assert!(log.iter().any(|l| l.contains("force marker 1 in 0505 revealed: a")), "{log:?}");
}

#[test]
fn t_li_12_reveal_adjacent_enemy_unit_or_marker_mutual() {
    // GCACW 12.0 ("Revelando fuerzas enemigas"): an adjacent enemy unit or
    // force marker reveals; two adjacent markers holding real units reveal each other; a decoy
    // reveals nothing and is simply removed.
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("b", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0508", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    t.act("marker 0505");
    t.act("hide 1 a");
    t.act("marker 0505"); // a decoy
    t.initiative(CSA);
    t.act("marker 0508");
    t.act("hide 1 c");
    // The Confederate force marches up next to 0505: all three markers come off.
    t.dice(&[6]);
    t.act("march c");
    assert_eq!(marker_at(&t, CSA, 1).map(|m| m.0), Some("0508".into()));
    t.act("move 0507");
    assert_eq!(marker_at(&t, CSA, 1).map(|m| m.0), Some("0507".into()), "the marker moves with its only unit");
    let log = t.act("move 0506");
    assert_eq!(marker_at(&t, CSA, 1), None, "revealed by the adjacent Union units (mutual)");
    assert_eq!(marker_at(&t, UNION, 1), None);
    assert_eq!(marker_at(&t, UNION, 2), None, "the decoy is removed");
    assert!(log.iter().any(|l| l.contains("revealed: a decoy")), "{log:?}");
    // A decoy never reveals: a Confederate decoy next to a Union marker leaves it hidden.
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0508", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    t.act("marker 0505");
    t.act("hide 1 a");
    t.st.forces.push(state::ForceM { side: CSA, num: 1, hex: t.h("0506"), units: 0, real: false });
    t.initiative(CSA);
    t.act("pass");
    assert!(marker_at(&t, UNION, 1).is_some(), "decoys may not reveal enemy forces");
    assert_eq!(marker_at(&t, CSA, 1), None, "the decoy itself is revealed by the real Union unit");
}

#[test]
fn t_li_12_a_unit_marching_out_of_a_shared_marker_leaves_it() {
    // GCACW 6.4 / 7.7: hidden units move by the normal rules; a unit that marches away from
    // its marker's other units leaves the force (split the units among markers to move hidden).
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("b", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0909", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    t.act("marker 0505");
    t.act("hide 1 a");
    t.act("hide 1 b");
    t.dice(&[4]);
    let log = t.act("march a");
    assert!(log.iter().any(|l| l.contains("movement allowance: 1d6")), "dice are rolled openly: {log:?}");
    t.act("move 0504");
    assert_eq!(marker_at(&t, UNION, 1), Some(("0505".into(), 1 << t.u("b"))));
}

#[test]
fn t_view_hides_enemy_forces_li_12() {
    // GCACW 12.0: the force display is secret. view and describe for the enemy (and for an
    // observer) never show what is under a marker, nor whether it is a decoy.
    let body = unit("hidden-one", "union", "inf", 4, "0505", "division = \"X\"") + &unit("open-one", "union", "inf", 4, "0305", "")
        + &unit("c", "confederate", "inf", 4, "0909", "");
    let body = body + &leader("ldr-h", "union", "division", "X", 1, 3, "hidden-one", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    t.act("marker 0505");
    t.act("hide 1 hidden-one");
    t.act("marker 0305"); // decoy next to the open unit
    for seat in [Some(CSA), None] {
        let d = t.g.describe(&t.st, seat);
        let v = serde_json::to_string(&t.g.view(&t.st, seat)).unwrap();
        for text in [&d, &v] {
            assert!(!text.contains("hidden-one") && !text.contains("ldr-h"), "{text}");
            assert!(!text.contains("decoy"), "{text}");
            assert!(text.contains("open-one"));
        }
        assert!(d.contains("#1 in 0505: contents secret") && d.contains("#2 in 0305: contents secret"), "{d}");
    }
    let d = t.g.describe(&t.st, Some(UNION));
    assert!(d.contains("hidden-one") && d.contains("#1 in 0505: hidden-one") && d.contains("#2 in 0305: decoy"), "{d}");
}

/// GCACW 12.0 in random play: markers are placed, filled and revealed, and at every step no
/// seat's view lists a unit or leader hidden under an enemy marker.
#[test]
fn t_li_12_random_play_never_shows_hidden_units() {
    let g = game();
    let (mut placed, mut hidden_seen, mut revealed) = (0, 0, 0);
    for (sc, seed) in [("cedar-mountain", 21), ("seven-pines", 22)] {
        let mut setup = Setup::new(sc, 2, seed);
        setup.options.insert("limited-intelligence".into(), "on".into());
        let mut st = g.setup(&setup).unwrap();
        let mut rng = GameRng::new(seed);
        let mut n = 0;
        while g.outcome(&st).is_none() && n < 4000 {
            let seat = g.active_seats(&st)[0];
            let legal = g.legal_actions(&st, seat);
            // Lean towards force-marker actions so that they show up often.
            let li: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::Marker { .. } | Action::Hide { .. })).collect();
            let a = if !li.is_empty() && rng.below(3) == 0 { li[rng.pick(li.len())].clone() } else { legal[rng.pick(legal.len())].clone() };
            placed += matches!(a, Action::Marker { .. }) as u32;
            let mut log = Log::recording();
            g.apply(&mut st, seat, &a, &mut log).unwrap();
            revealed += log.events.iter().filter(|e| e.text.contains("revealed")).count();
            let sd = g.sc(&st);
            for s in [UNION, CSA] {
                let hid = g.hidden_from(&st, Some(s));
                hidden_seen += (hid != 0) as u32;
                let v = g.view(&st, Some(s));
                let b = g.board(&st, Some(s));
                for (i, u) in sd.units.iter().enumerate() {
                    if hid & (1 << i) != 0 {
                        assert!(!v.units.iter().any(|x| x.id == u.id), "{} shown to {s}", u.id);
                        assert!(!v.leaders.iter().any(|l| l.with == u.id));
                        assert!(!b.pieces.iter().any(|p| p.label == u.name), "{} drawn for {s}", u.id);
                    }
                }
                assert!(b.pieces.iter().filter(|p| p.label.contains("decoy")).all(|p| p.seat == Some(s)), "a decoy is told only to its owner");
                assert!(v.force_markers.iter().all(|f| (f.side == SIDES[s as usize]) == f.units.is_some()));
            }
            n += 1;
        }
    }
    assert!(placed > 0 && hidden_seen > 0 && revealed > 0, "placed {placed}, hidden {hidden_seen}, revealed {revealed}");
}

#[test]
fn t_li_12_decoy_moves_as_infantry_or_cavalry_and_is_revealed() {
    // GCACW 12.0 ("Moviendo marcadores de fuerza"): a decoy moves as any infantry or
    // cavalry, taking the initiative's action; its dice are rolled openly; it is removed when
    // revealed, which ends its move.
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0509", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    t.act("marker 0505");
    assert!(t.has("feint 1 infantry") && t.has("feint 1 cavalry"));
    t.dice(&[2, 3]);
    let log = t.act("feint 1 cavalry");
    // Rolled openly, read as any hidden unit's roll (the owner alone reads "decoy 1").
    assert!(log.iter().any(|l| l == "a hidden unit movement allowance: 2d6 = 5 -> 5 MP (GCACW 5.1)"), "{log:?}");
    assert!(matches!(t.st.flow.top(), Some(Frame::Decoy { ma: 10, .. })));
    t.act("move 0506");
    assert_eq!(marker_at(&t, UNION, 1).map(|m| m.0), Some("0506".into()));
    t.act("move 0507");
    // 0508 is next to the Confederate unit: the decoy is revealed and its move ends.
    let log = t.act("move 0508");
    assert_eq!(marker_at(&t, UNION, 1), None, "{log:?}");
    assert!(matches!(t.st.flow.top(), Some(Frame::Initiative { .. })), "the action is over: {:?}", t.st.flow.top());
    // Infantry: 1d6, ending with `end`.
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    t.act("marker 0505");
    t.dice(&[1]);
    t.act("feint 1 infantry");
    assert!(matches!(t.st.flow.top(), Some(Frame::Decoy { ma: 2, cav: false, .. })));
    t.act("end");
    assert!(!matches!(t.st.flow.top(), Some(Frame::Decoy { .. })));
}

#[test]
fn t_li_12_a_decoy_reads_to_the_enemy_as_a_hidden_march() {
    // GCACW 12.0: the force display is secret and a decoy moves as the force it pretends to be,
    // so the enemy reads a decoy's move as it reads a hidden unit's march: by the marker's
    // number, never "feint" (only decoys feint) nor the decoy's own wording.
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0509", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    t.act("marker 0505");
    let feint = t.g.parse("feint 1 cavalry").unwrap();
    assert_eq!(t.g.notation_seen(&t.st, UNION, &feint).as_deref(), Some("march (a unit under a force marker)"));
    let led = t.g.parse("feint 1 cavalry leader").unwrap();
    assert_eq!(t.g.notation_seen(&t.st, UNION, &led).as_deref(), Some("activate (a leader under a force marker)"));
    t.dice(&[2, 3]);
    let mut log = Log::recording();
    t.g.apply(&mut t.st, UNION, &feint, &mut log).unwrap();
    let enemy: Vec<&str> = log.events.iter().filter(|e| e.visible_to(Some(1 - UNION))).map(|e| e.text.as_str()).collect();
    assert_eq!(enemy, vec!["a hidden unit movement allowance: 2d6 = 5 -> 5 MP (GCACW 5.1)", "a hidden unit marches with 5 MP"]);
    assert!(log.events.iter().all(|e| !e.visible_to(None)), "an observer reads no marker's doings, as for a hidden unit");
}

/// What the Confederate side reads of each Union step in `steps` ([`enemy_reads`]), with what
/// is awaited, its board description and its view after it.
fn enemy_reading(t: &mut T, steps: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for text in steps {
        let (line, events) = enemy_reads(t, text);
        let view = serde_json::to_string(&t.g.view(&t.st, Some(CSA))).unwrap();
        out.push(format!("{line} | {events:?} | {} | {} | {view}", t.g.awaiting(&t.st), t.g.describe(&t.st, Some(CSA))));
    }
    out
}

#[test]
fn t_li_12_a_decoy_with_a_leader_reads_as_a_hidden_leaders_activation() {
    // GCACW 12.0: "a decoy may move as any infantry or cavalry, with or without a leader"; the
    // enemy must not tell it from a hidden leader's activation (GCACW 5.2: pick the units, go,
    // the leader's allowance, each unit in turn), step by step: same lines, same events, same
    // board, same view. Markers 1 and 2 share 0505 in both games; only which one holds `ewell`
    // (with its leader) differs, which the force display keeps secret.
    let body = unit("ewell", "union", "inf", 4, "0505", "division = \"X\"")
        + &leader("ldr", "union", "division", "X", 1, 3, "ewell", "")
        + &unit("c", "confederate", "inf", 4, "0909", "");
    let setup = |real_marker: u8| {
        let mut t = li(&body, &[], "");
        t.initiative(UNION);
        t.act("marker 0505");
        t.act("marker 0505");
        t.act(&format!("hide {real_marker} ewell"));
        t.initiative(UNION);
        t
    };
    let mut real = setup(2);
    real.dice(&[4]);
    let real_read = enemy_reading(&mut real, &["activate ldr", "pick ewell", "go", "next ewell", "move 0405", "end"]);
    let mut decoy = setup(2);
    // The decoy is marker 1; marker 2 (holding `ewell`) stays put.
    decoy.dice(&[4]);
    let decoy_read = enemy_reading(&mut decoy, &["feint 1 infantry leader", "pick decoy", "go", "next decoy", "move 0405", "end"]);
    assert_eq!(marker_at(&decoy, UNION, 1).map(|m| m.0), Some("0405".into()));
    assert_eq!(marker_at(&real, UNION, 2).map(|m| m.0), Some("0405".into()));
    // Swap the markers' numbers so both boards show the same marker moved.
    let mut real = setup(1);
    real.dice(&[4]);
    let real_read_1 = enemy_reading(&mut real, &["activate ldr", "pick ewell", "go", "next ewell", "move 0405", "end"]);
    for (i, (r, d)) in real_read_1.iter().zip(&decoy_read).enumerate() {
        assert_eq!(r, d, "step {i} reads differently to the enemy");
    }
    assert_eq!(real_read_1.len(), decoy_read.len());
    assert_ne!(real_read, real_read_1, "the marker that moved is seen on the map");
    // The owner reads its own decoy as such.
    assert!(matches!(decoy.st.flow.top(), Some(Frame::Initiative { .. })), "the action is over: {:?}", decoy.st.flow.top());
}

#[test]
fn t_li_12_a_hidden_units_entrenchment_stays_on_the_secret_display() {
    // GCACW 12.0: the force display is secret, so a hidden unit's entrenchment and fatigue are
    // too (GCACW 5.5 adds both); the enemy reads only that a hidden unit entrenched.
    let body = unit("ewell", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0909", "");
    let mut t = build("sjw", 1864, &[], "", &body);
    t.st.opts.limited_intel = true;
    t.initiative(UNION);
    t.act("marker 0505");
    t.act("hide 1 ewell");
    t.initiative(UNION);
    let a = t.g.parse("entrench ewell").unwrap();
    let mut log = Log::recording();
    t.g.apply(&mut t.st, UNION, &a, &mut log).unwrap_or_else(|e| panic!("{e}: {:?}", t.legal()));
    let enemy: Vec<&str> = log.events.iter().filter(|e| e.visible_to(Some(CSA))).map(|e| e.text.as_str()).collect();
    assert_eq!(enemy.first(), Some(&"a hidden unit entrenches (GCACW 5.5)"), "{enemy:?}");
    assert!(enemy.iter().all(|l| !l.contains("fatigue") && !l.contains("ewell")), "{enemy:?}");
    let own: Vec<&str> = log.events.iter().filter(|e| e.visible_to(Some(UNION))).map(|e| e.text.as_str()).collect();
    assert!(own.iter().any(|l| l.starts_with("ewell entrenches: ") && l.contains("fatigue 1")), "{own:?}");
    assert_eq!(t.g.notation_seen(&t.st, UNION, &a).as_deref(), Some("entrench (a unit under a force marker)"));
}

#[test]
fn t_li_12_decoys_move_with_a_real_marker_from_the_same_hex() {
    // GCACW 12.0 exception: when more than one force marker starts an activation in
    // the same hex, decoys may move from it with the markers holding real units, without an
    // activation of their own; the real unit's march then goes on.
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0909", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    t.act("marker 0505");
    t.act("hide 1 a");
    t.act("marker 0505");
    assert!(t.has("feint 2 infantry"));
    t.dice(&[4]);
    t.act("march a");
    assert!(t.has("feint 2 cavalry"), "{:?}", t.legal());
    t.dice(&[1, 1]);
    t.act("feint 2 cavalry");
    t.act("move 0405");
    t.act("end");
    assert!(matches!(t.st.flow.top(), Some(Frame::March)), "back to a's march");
    assert!(!t.has("feint 2 cavalry"), "one move per decoy... it has left a's hex");
    t.act("move 0504");
    assert!(!t.legal().iter().any(|a| a.starts_with("feint")), "only before the real unit moves");
    assert_eq!(marker_at(&t, UNION, 1).map(|m| m.0), Some("0504".into()));
    assert_eq!(marker_at(&t, UNION, 2).map(|m| m.0), Some("0405".into()));
}

#[test]
fn t_li_12_hidden_march_log_shows_dice_not_names() {
    // GCACW 12.0: dice are rolled openly, but the enemy reads neither the unit a marker hides
    // nor which marker sets out; it sees the marker move.
    let body = unit("secret-a", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0909", "");
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    t.act("marker 0505");
    t.act("hide 1 secret-a");
    t.dice(&[4]);
    let a = t.g.parse("march secret-a").unwrap();
    let mut log = Log::recording();
    t.g.apply(&mut t.st, UNION, &a, &mut log).unwrap();
    let a = t.g.parse("move 0504").unwrap();
    t.g.apply(&mut t.st, UNION, &a, &mut log).unwrap();
    let enemy: Vec<&str> = log.events.iter().filter(|e| e.visible_to(Some(CSA))).map(|e| e.text.as_str()).collect();
    let own: Vec<&str> = log.events.iter().filter(|e| e.visible_to(Some(UNION))).map(|e| e.text.as_str()).collect();
    assert!(enemy.iter().any(|l| l.contains("a hidden unit movement allowance: 1d6 = 4")), "{enemy:?}");
    assert!(enemy.iter().any(|l| l.contains("a hidden unit moves to 0504")), "{enemy:?}");
    assert!(!enemy.iter().any(|l| l.contains("secret-a")), "{enemy:?}");
    assert!(own.iter().any(|l| l.contains("secret-a movement allowance")), "{own:?}");
}

/// Apply `text` for the seat to act and return what the other seat reads: the action's text and
/// the events it may see.
fn enemy_reads(t: &mut T, text: &str) -> (String, Vec<String>) {
    let a = t.g.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let seat = t.seat();
    let seen = t.g.notation_seen(&t.st, seat, &a).unwrap_or_else(|| t.g.notation(&a));
    let mut log = Log::recording();
    t.g.apply(&mut t.st, seat, &a, &mut log).unwrap_or_else(|e| panic!("`{text}` refused: {e}\nlegal: {:?}", t.legal()));
    (seen, log.events.iter().filter(|e| e.visible_to(Some(1 - seat))).map(|e| e.text.clone()).collect())
}

#[test]
fn t_li_12_enemy_never_reads_hidden_names_in_actions_or_log() {
    // GCACW 12.0: the force display is secret. A leader activation, a forced march and
    // a station burnt by hidden units are read by the enemy as "a unit (leader) under a force
    // marker", in the action's text and in the log; the owner reads the names; dice stay open.
    let extra = "[[place]]\nid = \"s\"\nname = \"station\"\nhex = \"0505\"\nstation = true\n";
    let body = unit("secret-a", "union", "inf", 6, "0505", "division = \"X\"") + &unit("secret-b", "union", "inf", 6, "0505", "division = \"X\"")
        + &leader("gen-h", "union", "division", "X", 1, 3, "secret-a", "")
        + &unit("c", "confederate", "inf", 4, "0909", "");
    let mut t = li(&body, &[], extra);
    t.initiative(UNION);
    t.act("marker 0505");
    let (seen, _) = enemy_reads(&mut t, "hide 1 secret-a");
    assert_eq!(seen, "hide (a unit)", "which unit goes under which marker is secret");
    t.act("hide 1 secret-b");
    let mut enemy: Vec<String> = Vec::new();
    let mut seen_all: Vec<String> = Vec::new();
    for (text, dice) in [("activate gen-h", vec![]), ("pick secret-a", vec![]), ("go", vec![4]), ("next secret-a", vec![]), ("force", vec![3])] {
        t.dice(&dice);
        let (seen, ev) = enemy_reads(&mut t, text);
        seen_all.push(seen);
        enemy.extend(ev);
    }
    assert_eq!(seen_all[0], "activate (a leader under a force marker)");
    assert_eq!(seen_all[1], "pick (a unit under a force marker)", "a pick shows no marker: only the march does");
    assert_eq!(seen_all[3], "next (a unit under a force marker)");
    assert!(enemy.iter().any(|l| l.contains("a hidden leader leader activation")), "{enemy:?}");
    assert!(enemy.iter().any(|l| l.contains("leader movement allowance: 1d6 = 4")), "dice are open: {enemy:?}");
    assert!(enemy.iter().any(|l| l.contains("a hidden unit forced march: roll 3")), "{enemy:?}");
    for l in enemy.iter().chain(&seen_all) {
        assert!(!l.contains("secret-") && !l.contains("gen-h"), "a hidden name reaches the enemy: {l}");
    }
    t.act("end");
    // Burning a station with a hidden unit (GCACW 5.4).
    t.initiative(UNION);
    let (seen, ev) = enemy_reads(&mut t, "burn secret-b");
    assert_eq!(seen, "burn (a unit under a force marker)");
    assert!(ev.iter().any(|l| l.contains("a hidden unit burns the station at 0505")), "{ev:?}");
    assert!(ev.iter().all(|l| !l.contains("secret-")), "{ev:?}");
    // Entrenching with a hidden unit (GCACW 5.5, 1864).
    let body = unit("secret-e", "union", "inf", 6, "0505", "") + &unit("c", "confederate", "inf", 4, "0909", "");
    let mut t = build("gtc", 1864, &[], "", &body);
    t.st.opts.limited_intel = true;
    t.initiative(UNION);
    t.act("marker 0505");
    t.act("hide 1 secret-e");
    let (seen, ev) = enemy_reads(&mut t, "entrench secret-e");
    assert_eq!(seen, "entrench (a unit under a force marker)");
    assert!(ev.iter().any(|l| l.contains("a hidden unit entrenches")), "{ev:?}");
    assert!(ev.iter().all(|l| !l.contains("secret-")), "{ev:?}");
    // Nothing hidden: everyone reads the plain notation.
    let mut t = li(&body, &[], "");
    t.initiative(UNION);
    let a = t.g.parse("march secret-e").unwrap();
    assert_eq!(t.g.notation_seen(&t.st, UNION, &a), None);
}

#[test]
fn t_li_12_the_enemy_never_reads_which_marker_holds_a_unit() {
    // GCACW 12.0: the force display is secret, so which marker holds a unit (and so in which hex
    // it is) is too: a unit moved from one marker to another, a leader under a marker activated
    // and a hidden unit sent on its march read alike to the enemy whichever marker it is under.
    // The owner reads the unit and the marker. The enemy sees a marker only as it moves.
    let body = unit("secret-a", "union", "inf", 6, "0505", "division = \"X\"")
        + &unit("secret-b", "union", "inf", 6, "0505", "division = \"X\"")
        + &unit("secret-c", "union", "inf", 6, "0705", "division = \"X\"")
        + &leader("gen-h", "union", "division", "X", 1, 3, "secret-a", "")
        + &unit("c", "confederate", "inf", 4, "0909", "");
    let setup = || {
        let mut t = li(&body, &[], "");
        t.initiative(UNION);
        for a in ["marker 0505", "marker 0505", "marker 0705", "marker 0705", "hide 1 secret-a", "hide 1 secret-b", "hide 3 secret-c"] {
            t.act(a);
        }
        t
    };
    // What the enemy reads of each step: its text, then its events.
    let reads = |steps: &[(&str, Vec<u8>)]| {
        let mut t = setup();
        let mut enemy = Vec::new();
        for (text, dice) in steps {
            t.dice(dice);
            let (seen, ev) = enemy_reads(&mut t, text);
            enemy.push(seen);
            enemy.extend(ev);
        }
        enemy
    };
    // A unit already hidden moves to the other marker of its hex, in one hex or in another.
    let to_2 = reads(&[("hide 2 secret-b", vec![])]);
    let to_4 = reads(&[("hide 4 secret-c", vec![])]);
    assert_eq!(to_2, vec!["hide (a unit)", "a unit goes under a force marker (GCACW 12.0)"]);
    assert_eq!(to_2, to_4, "the marker a unit goes under, and its hex, are secret");
    let mut t = setup();
    let a = t.g.parse("hide 2 secret-b").unwrap();
    let mut log = Log::recording();
    t.g.apply(&mut t.st, UNION, &a, &mut log).unwrap();
    let own: Vec<&str> = log.events.iter().filter(|e| e.visible_to(Some(UNION))).map(|e| e.text.as_str()).collect();
    assert_eq!(own, vec!["secret-b goes under force marker 2 (GCACW 12.0)"], "the owner reads it");
    assert!(log.events.iter().all(|e| e.visible_to(Some(UNION)) != e.visible_to(Some(CSA))), "each seat reads its own line");
    // A leader under a marker activated, then a unit of another marker sent on its march: no
    // marker number and no hex is read before a marker moves.
    let enemy = reads(&[("activate gen-h", vec![]), ("pick secret-c", vec![]), ("go", vec![4]), ("next secret-c", vec![])]);
    for l in &enemy {
        assert!(!l.contains("marker 1") && !l.contains("marker 3") && !l.contains("0505") && !l.contains("0705"), "{l} tells where: {enemy:?}");
        assert!(!l.contains("secret-") && !l.contains("gen-h"), "{l} names a hidden piece");
    }
    assert_eq!(enemy[0], "activate (a leader under a force marker)");
    assert!(enemy.iter().any(|l| l.starts_with("a hidden unit marches with ")), "{enemy:?}");
    // The table sees that a leader under a marker acts (GCACW 5.2), not which marker holds him.
    let mut t = setup();
    t.act("activate gen-h");
    assert_eq!(t.g.view(&t.st, Some(CSA)).activation, "a leader under a force marker");
    assert_eq!(t.g.view(&t.st, Some(UNION)).activation, "gen-h");
    // A hidden unit's move reads where it arrives, not what it cost (that would tell whence).
    t.act("pick secret-c");
    t.dice(&[4]);
    t.act("go");
    t.act("next secret-c");
    let to = t.legal().into_iter().find(|a| a.starts_with("move ")).expect("a move");
    let (_, ev) = enemy_reads(&mut t, &to);
    assert!(ev.contains(&format!("a hidden unit moves to {}", &to[5..])) && ev.iter().all(|l| !l.contains(" MP)")), "{ev:?}");
    // The same activation with the leader's unit under the other marker of its hex reads alike.
    let mut t = setup();
    t.act("hide 2 secret-a");
    let a = t.g.parse("activate gen-h").unwrap();
    assert_eq!(t.g.notation_seen(&t.st, UNION, &a).as_deref(), Some("activate (a leader under a force marker)"));
    // Its march (rolled openly) names no marker either: the marker shows as it moves.
    let mut t = setup();
    let (seen, ev) = enemy_reads(&mut t, "march secret-c");
    assert_eq!(seen, "march (a unit under a force marker)");
    assert!(ev.iter().all(|l| !l.contains("marker 3") && !l.contains("0705")), "{ev:?}");
}

#[test]
fn t_li_12_names_inside_longer_names_are_left_alone() {
    // GCACW 12.0: masking a hidden unit never garbles the name of a visible one that contains it.
    let masks = vec![("A.P. Hill".to_string(), None), ("Hill".to_string(), Some("force marker 2".to_string()))];
    assert_eq!(intel::mask_names("A.P. Hill attacks; Hill moves. Hills", &masks), "A.P. Hill attacks; force marker 2 moves. Hills");
}

#[test]
fn t_li_12_decoy_moves_with_or_without_a_leader() {
    // GCACW 12.0: a decoy may move as any infantry or cavalry, with or without a
    // leader, at the owner's choice: a leader's allowance is the leader's roll (GCACW 5.2 step 3).
    let body = unit("a", "union", "inf", 4, "0505", "") + &unit("c", "confederate", "inf", 4, "0909", "");
    for (how, dice, mp) in [
        ("infantry", vec![3], 3),
        ("cavalry", vec![3, 4], 7),
        ("infantry leader", vec![3], 4),
        ("cavalry leader", vec![3, 4], 8),
        ("cavalry corps-leader", vec![3, 4], 9),
    ] {
        let mut t = li(&body, &[], "");
        t.initiative(UNION);
        t.act("marker 0505");
        let text = format!("feint 1 {how}");
        assert!(t.has(&text), "{how}: {:?}", t.legal());
        assert_eq!(t.g.notation(&t.g.parse(&text).unwrap()), text, "notation round-trips");
        t.dice(&dice);
        let mut log = t.act(&text);
        if how.contains("leader") {
            // As a hidden leader's activation: pick, go (the leader's roll), next.
            assert!(matches!(t.st.flow.top(), Some(Frame::DecoyLead { lma: None, .. })), "{how}");
            t.act("pick decoy");
            log = t.act("go");
            t.act("next decoy");
        }
        assert!(matches!(t.st.flow.top(), Some(&Frame::Decoy { ma, .. }) if ma == 2 * mp), "{how}: {log:?}");
        assert!(log.iter().any(|l| l.contains(&format!("-> {mp} MP"))), "{log:?}");
    }
    let t = li(&body, &[], "");
    assert!(t.g.parse("feint 1 infantry corps-leader").is_err(), "a corps leader's roll differs for cavalry only");
}

#[test]
fn t_li_12_decoy_moves_by_the_zoc_rules() {
    // GCACW 12.0: hidden forces follow the normal rules, decoys included (GCACW 6.2): entering an
    // enemy normal ZOC ends the decoy's move (it cannot attack); leaving one is possible only as
    // the first thing of a move begun there, for +1 MP; ZOC to ZOC takes the whole allowance.
    // (A decoy next to an enemy unit is revealed at once; the step itself is checked here.)
    let body = unit("a", "union", "inf", 4, "0303", "") + &unit("c", "confederate", "inf", 4, "0508", "");
    let mut t = li(&body, &[], "");
    let (h5, h6, h7) = (t.h("0505"), t.h("0506"), t.h("0507"));
    t.st.forces.push(state::ForceM { side: UNION, num: 1, hex: h5, units: 0, real: false });
    let decoy = |ma, moved, zoc_start| Frame::Decoy { side: UNION, num: 1, cav: false, ma, moved, stopped: false, zoc_start };
    t.st.flow.push(decoy(10, false, false));
    assert_eq!(t.g.li_decoy_step(&t.st, h5, h6), Some((2, false)), "clear, out of any ZOC");
    assert_eq!(t.g.li_decoy_step(&t.st, h6, h7), Some((2, true)), "0507 is in the enemy ZOC: the move ends there");
    // Begun in the ZOC (0507): leaving first costs +1 MP; ZOC to ZOC costs everything.
    let h8 = t.h("0408");
    t.st.flow.push(decoy(10, false, true));
    let (c_out, stop) = t.g.li_decoy_step(&t.st, h7, h6).unwrap();
    assert_eq!((c_out, stop), (4, false), "clear 1 MP + 1 MP to leave the ZOC");
    let z2z = t.g.li_decoy_step(&t.st, h7, h8);
    assert_eq!(z2z, Some((10, true)), "ZOC to ZOC takes the whole allowance");
    t.st.flow.push(decoy(10, true, true));
    assert_eq!(t.g.li_decoy_step(&t.st, h7, h6), None, "may leave a ZOC only as the first thing it does");
    // The minimum move of one hex (GCACW 6.2).
    t.st.flow.push(decoy(0, false, false));
    assert_eq!(t.g.li_decoy_step(&t.st, h5, h6), Some((2, false)));
}

#[test]
fn every_die_roll_is_logged_and_forcible() {
    // Every die roll is logged with its purpose and may be forced in tests.
    // In random play, every step that takes a die from the forced list logs a roll event.
    let g = game();
    let mut rolled_steps = 0;
    for (sc, seed) in [("cedar-mountain", 31), ("seven-pines", 32)] {
        let mut setup = Setup::new(sc, 2, seed);
        setup.options.insert("limited-intelligence".into(), "on".into());
        let mut st = g.setup(&setup).unwrap();
        let mut rng = GameRng::new(seed);
        let mut n = 0;
        while g.outcome(&st).is_none() && n < 3000 {
            let seat = g.active_seats(&st)[0];
            let legal = g.legal_actions(&st, seat);
            let a = legal[rng.pick(legal.len())].clone();
            st.forced = [2, 5, 3, 6, 1, 4].repeat(20);
            let mut log = Log::recording();
            g.apply(&mut st, seat, &a, &mut log).unwrap();
            let used = 120 - st.forced.len();
            st.forced.clear();
            if used > 0 {
                rolled_steps += 1;
                let rolls: Vec<&str> = log.events.iter().filter(|e| e.kind == EventKind::Roll).map(|e| e.text.as_str()).collect();
                assert!(!rolls.is_empty(), "`{}` rolled {used} dice without logging them: {:?}", g.notation(&a), log.events);
                assert!(rolls.iter().all(|r| r.contains("GCACW")), "each roll names its rule: {rolls:?}");
            }
            n += 1;
        }
    }
    assert!(rolled_steps > 50, "{rolled_steps}");
}

// ---- Derived cases ------------------------------------------------------------------------------------

#[test]
fn dt15_cavalry_division_leader_lets_only_the_first_cavalry_unit_attack() {
    // GCACW 5.2 step 8: in a cavalry division leader's activation only the first cavalry
    // unit that marches may attack, even if it did not.
    let body = unit("k1", "confederate", "cav", 3, "0505", "division = \"C-1\"") + &unit("k2", "confederate", "cav", 3, "0505", "division = \"C-1\"")
        + &leader("cd", "confederate", "division", "C-1", 1, 3, "k1", "cavalry = true")
        + &unit("e", "union", "inf", 4, "0508", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(CSA);
    t.act("activate cd");
    t.act("pick k1");
    t.act("pick k2");
    t.dice(&[6, 6]);
    t.act("go");
    t.act("next k1");
    t.act("move 0506");
    t.act("move 0507");
    assert!(t.has("attack 0508 normal"), "the first may attack: {:?}", t.legal());
    t.act("end");
    t.act("next k2");
    t.act("move 0506");
    t.act("move 0507");
    assert!(!t.legal().iter().any(|a| a.starts_with("attack")), "DT-15: the second cavalry unit may not attack: {:?}", t.legal());
}

#[test]
fn dt16_artillery_outside_the_command_joins_but_is_no_transfer_target() {
    // GCACW 5.2 step 2 and 5: artillery may join a non-cavalry activation from outside the
    // command; the leader may not transfer onto it.
    let body = unit("i", "union", "inf", 6, "0505", "corps = \"A\"") + &unit("art", "union", "art", 2, "0506", "fatigue = 2")
        + &leader("l", "union", "corps", "A", 1, 3, "i", "")
        + &unit("e", "confederate", "inf", 4, "0909", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    t.initiative(UNION);
    t.act("activate l");
    assert!(t.has("pick art"), "{:?}", t.legal());
    t.act("pick art");
    t.dice(&[3]);
    t.act("go");
    assert!(!t.has("lead art"), "DT-16: no transfer onto artillery outside the command: {:?}", t.legal());
}

#[test]
fn dt17_rtg_imboden_is_not_in_stuarts_command() {
    // GCACW 5.2 step 2, RTG exception: Imboden's cavalry is not in the "Cavalry" command, so it
    // never joins Stuart's activation. The exception is scenario data: its unit names no
    // command of Stuart's.
    let body = unit("k", "confederate", "cav", 3, "0505", "corps = \"Cavalry\"") + &unit("imboden", "confederate", "cav", 3, "0506", "")
        + &leader("stuart", "confederate", "corps", "Cavalry", 1, 4, "k", "cavalry = true")
        + &unit("e", "union", "inf", 4, "0909", "");
    let mut t = build("rtg", 1863, &[], "", &body);
    t.initiative(CSA);
    t.act("activate stuart");
    assert!(t.has("pick k"));
    assert!(!t.has("pick imboden"), "DT-17: {:?}", t.legal());
}

#[test]
fn dt18_to_dt20_ferries_and_the_minimum_move() {
    // GCACW 6.2: a major-river ferry costs manpower / 3 more (DT-18); a minor one in fair
    // weather does not (DT-19); a unit may always move one hex, all its MP (DT-20).
    let ferry = |river: &str| {
        format!(
            "[[hexside]]\nkind = \"{river}\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n[[hexside]]\nkind = \"ferry\"\nname = \"f\"\nsides = [[\"0505\", \"0506\"]]\n\
             [[route]]\nkind = \"road\"\nname = \"rd\"\npath = [\"0505\", \"0506\"]\n"
        )
    };
    let body = unit("u", "union", "inf", 8, "0505", "") + &unit("e", "confederate", "inf", 4, "0909", "");
    let t = build("sjw", 1862, &[], &ferry("major-river"), &body);
    let (a, b, u) = (t.h("0505"), t.h("0506"), t.u("u") as data::UnitId);
    assert_eq!(t.g.step_cost(&t.st, u, a, b), Some(6), "DT-18: road 1 + 8/3 = 2: 3 MP");
    let t = build("sjw", 1862, &[], &ferry("minor-river"), &body);
    assert_eq!(t.g.step_cost(&t.st, u, a, b), Some(2), "DT-19: 1 MP");
    let mut t = build("sjw", 1862, &[], &ferry("major-river"), &body);
    t.initiative(UNION);
    t.dice(&[2]);
    t.act("march u");
    assert!(t.has("move 0506"), "DT-20: 2 MP, 3 needed: the first hex may always be entered");
    t.act("move 0506");
    assert_eq!((t.hex_of("u"), t.mv().ma), ("0506".to_string(), 0));
}

#[test]
fn dt84_no_entrenching_or_repairs_in_rain() {
    // GCACW 12.0: no entrench action in rain (building: pontoon_bridges_gcacw_10).
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 4, "0909", "");
    let mut t = build("gtc", 1864, &[], "", &body);
    t.initiative(UNION);
    assert!(t.has("entrench u"));
    t.st.rain = true;
    t.initiative(UNION);
    assert!(!t.has("entrench u"), "DT-84");
}

#[test]
fn dt97_frederick_junction_is_only_ever_damaged() {
    // GCACW 5.4: Frederick Junction can never be destroyed: every burn there gives Damaged,
    // whatever the unit's CV (map data `station_damage_only`).
    let extra = "[[place]]\nid = \"fj\"\nname = \"Frederick Junction\"\nhex = \"0505\"\nstation = true\nstation_damage_only = true\n";
    let body = unit("big", "confederate", "inf", 9, "0505", "") + &unit("e", "union", "inf", 4, "0909", "");
    let mut t = build("rtg", 1863, &[], extra, &body);
    t.initiative(CSA);
    let log = t.act("burn big");
    assert_eq!(t.st.stations, vec![(t.h("0505"), 1)], "DT-97: damaged only");
    assert!(log.iter().any(|l| l.contains("damaged")), "{log:?}");
    t.initiative(CSA);
    assert!(!t.has("burn big"), "burning it again changes nothing");
}

/// GCACW 12.0 through the engine's session, in random play: no step's action text nor any event
/// another seat may read names a unit hidden from that seat before or after the step.
#[test]
fn t_li_12_session_history_never_names_hidden_units_to_the_enemy() {
    use bivouac_engine::session::Session;
    let g = std::sync::Arc::new(game());
    let mut masked = 0;
    for (sc, seed) in [("cedar-mountain", 41), ("seven-pines", 42)] {
        let mut setup = Setup::new(sc, 2, seed);
        setup.options.insert("limited-intelligence".into(), "on".into());
        let mut s = Session::new(g.clone(), "test", setup).unwrap();
        let mut rng = GameRng::new(seed);
        let sd = g.sc(s.state());
        // Names that occur inside no other name can be searched for as plain text.
        let all: Vec<&str> = sd.units.iter().map(|u| u.name.as_str()).chain(sd.leaders.iter().map(|l| l.name.as_str())).collect();
        let plain = |n: &str| all.iter().filter(|x| x.contains(n)).count() == 1;
        for _ in 0..3000 {
            if g.outcome(s.state()).is_some() {
                break;
            }
            let seat = g.active_seats(s.state())[0];
            let legal = g.legal_actions(s.state(), seat);
            let li: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::Marker { .. } | Action::Hide { .. })).collect();
            let a = if !li.is_empty() && rng.below(3) == 0 { li[rng.pick(li.len())].clone() } else { legal[rng.pick(legal.len())].clone() };
            let other = 1 - seat;
            let before = g.hidden_from(s.state(), Some(other));
            let step = s.apply(seat, &a).unwrap().clone();
            let hidden = before | g.hidden_from(s.state(), Some(other));
            masked += (step.action_for(Some(other)) != step.action) as u32;
            assert_eq!(step.action_for(Some(seat)), step.action, "the actor reads its own action");
            for (_, u) in sd.units.iter().enumerate().filter(|(i, u)| hidden & (1 << i) != 0 && plain(&u.name)) {
                assert!(!step.action_for(Some(other)).contains(u.name.as_str()), "{} named in `{}`", u.name, step.action);
                for e in step.events.iter().filter(|e| e.visible_to(Some(other)) && e.kind != EventKind::Reveal) {
                    assert!(!e.text.contains(u.name.as_str()), "{} named to seat {other}: {}", u.name, e.text);
                }
            }
        }
    }
    assert!(masked > 0, "some actions were masked");
}

/// Every cell of both CRT halves set to one result, to force a combat's outcome.
fn force_crt(t: &mut T, att: &str, def: &str) {
    let (a, d) = (data::CrtRes::parse(att).unwrap(), data::CrtRes::parse(def).unwrap());
    for row in t.g.data.charts.crt_att.iter_mut() {
        row.iter_mut().for_each(|c| *c = a);
    }
    for row in t.g.data.charts.crt_def.iter_mut() {
        row.iter_mut().for_each(|c| *c = d);
    }
}

#[test]
fn dt27_dt28_attack_results_that_end_the_march() {
    // GCACW 6.2, 7.5: after an attack from an enemy ZOC the march goes on only if the attacker's
    // result has no D, F, f or E; an "a" still lets it advance (GCACW 7.6).
    let body = unit("a", "confederate", "inf", 6, "0503", "") + &unit("d", "union", "inf", 6, "0506", "");
    let start = |att: &str, def: &str| {
        let mut t = build("sjw", 1862, &[], "", &body);
        force_crt(&mut t, att, def);
        t.initiative(CSA);
        t.dice(&[6]);
        t.act("march a");
        t.act("move 0504");
        t.act("move 0505");
        t.dice(&[3, 3]);
        t.act("attack 0506 hasty");
        t
    };
    // A plain result: still in the ZOC with MP left, it must attack again or end.
    let mut t = start("-", "-");
    t.act("stay");
    assert!(t.st.march.as_ref().is_some_and(|m| m.stopped && !m.ended), "{:?}", t.legal());
    assert!(t.legal().iter().any(|a| a.starts_with("attack")));
    // DT-27: "f" ends the march.
    let mut t = start("f", "-");
    t.act("stay");
    assert!(t.st.march.is_none() || t.mv().ended, "DT-27: {:?}", t.legal());
    assert!(!t.legal().iter().any(|a| a.starts_with("attack") || a.starts_with("move")));
    // DT-28: "Da" against "Dr": the defender retreats, the attacker may advance, then its march ends.
    let mut t = start("Da", "Dr");
    assert_eq!(t.seat(), UNION, "the defender retreats first: {:?}", t.legal());
    while matches!(t.st.flow.top(), Some(Frame::Retreat(_))) {
        let l = t.legal();
        let step = l.iter().find(|a| *a == "halt").or_else(|| l.iter().find(|a| a.starts_with("retreat"))).cloned().unwrap();
        t.act(&step);
    }
    assert!(t.has("advance a"), "DT-28: {:?}", t.legal());
    t.act("advance a");
    while t.seat() == CSA && t.has("done") {
        t.act("done");
    }
    assert_eq!(t.hex_of("a"), "0506");
    assert!(t.st.march.as_ref().is_none_or(|m| m.ended), "the D ended the march");
    assert!(!t.legal().iter().any(|a| a.starts_with("move")));
}

#[test]
fn dt47_lee_and_jackson_bonuses_never_combine() {
    // GCACW 7.4: Lee in the assaulting leader's hex +1; Jackson's corps +1 in
    // SJW/HCR/SLB; never combined (an assault's leader bonus is at most +1).
    let body = unit("j1", "confederate", "inf", 6, "0505", "corps = \"II\"") + &unit("j2", "confederate", "inf", 6, "0303", "corps = \"II\"")
        + &leader("jackson", "confederate", "corps", "II", 3, 4, "j1", "bonus = \"jackson\"")
        + &leader("lee", "confederate", "army", "army", 0, 5, "j1", "bonus = \"lee\"")
        + &unit("e", "union", "inf", 6, "0909", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    let j = t.l("jackson");
    assert_eq!(t.g.leader_bonus(&t.st, j), 1, "DT-47: Lee and Jackson together: +1 only");
    let lee = t.l("lee");
    t.st.leaders[lee].unit = t.u("j2") as u8;
    assert_eq!(t.g.leader_bonus(&t.st, j), 1, "Jackson's corps alone");
    let mut t = build("otr", 1862, &[], "", &body);
    t.st.leaders[lee].unit = t.u("j2") as u8;
    assert_eq!(t.g.leader_bonus(&t.st, j), 0, "no Jackson bonus outside SJW/HCR/SLB");
}

#[test]
fn dt65_dt68_dt71_retreat_paths() {
    // GCACW 7.6: a retreat whose only way lies through an enemy-occupied hex costs 3 manpower
    // there (DT-65); in rain no retreat crosses a ford (DT-68); cavalry retreating into an
    // enemy-occupied hex is eliminated (GCACW 7.7, DT-71).
    // 0505 ringed by water except 0506, which the enemy holds; the attacker is at 0504.
    let grid = ["cccccccccc", "cccccccccc", "cccccccccc", "cccxxxcccc", "cccxcxcccc", "cccxcxcccc", "cccccccccc"];
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 6, "0504", "") + &unit("f", "confederate", "inf", 6, "0506", "");
    let t = build("sjw", 1862, &grid, "", &body);
    let r = retreat_ctx(&t, "0505", "0504", RetreatKind::Retreat);
    let opts = t.g.retreat_options(&t.st, &r);
    assert_eq!(opts, vec![(t.h("0506"), 5, 3)], "DT-65: through the enemy, 3 manpower: {opts:?}");
    // DT-71: the same path for retreating cavalry eliminates it.
    let body = unit("k", "union", "cav", 3, "0505", "") + &unit("e", "confederate", "inf", 6, "0504", "") + &unit("f", "confederate", "inf", 6, "0506", "");
    let mut t = build("sjw", 1862, &grid, "", &body);
    let mut r = retreat_ctx(&t, "0505", "0504", RetreatKind::Cavalry);
    r.units = 1 << t.u("k");
    let n = t.h("0506");
    t.g.retreat_step(&mut t.st, r, n, false, &mut Log::quiet());
    assert!(t.unit("k").gone, "DT-71");
    // DT-68: a ford in rain.
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n[[hexside]]\nkind = \"ford\"\nname = \"f\"\nsides = [[\"0505\", \"0506\"]]\n";
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("e", "confederate", "inf", 6, "0504", "");
    let mut t = build("sjw", 1862, &grid, extra, &body);
    let r = retreat_ctx(&t, "0505", "0504", RetreatKind::Retreat);
    assert!(t.g.retreat_options(&t.st, &r).iter().any(|o| o.0 == t.h("0506")), "dry: the ford is open");
    t.st.rain = true;
    assert!(!t.g.retreat_options(&t.st, &r).iter().any(|o| o.0 == t.h("0506")), "DT-68: not in rain");
}

#[test]
fn dt88_dt90_destroying_ferries_and_major_river_bridges() {
    // GCACW 10.0: a Confederate ferry attempt from outside any enemy ZOC by a unit
    // that spent its whole march there: 4 - 2 - 1 - 1 = 0 <= 1: destroyed (DT-88). A destroyed
    // major-river bridge leaves no crossing, except where a ford remains (Snicker's and Berry's
    // ferries, `ford_remains`) (DT-90).
    let extra = "[[hexside]]\nkind = \"minor-river\"\nname = \"r\"\nsides = [[\"0505\", \"0506\"]]\n[[hexside]]\nkind = \"ferry\"\nname = \"y\"\nsides = [[\"0505\", \"0506\"]]\n";
    let body = unit("c", "confederate", "inf", 4, "0505", "") + &unit("u", "union", "inf", 4, "0909", "");
    let mut t = build("sjw", 1862, &[], extra, &body);
    t.initiative(CSA);
    t.dice(&[1]);
    t.act("march c");
    t.dice(&[4]);
    let log = t.act("destroy 0506");
    assert!(log.iter().any(|l| l.contains("roll 4 -4 = 0: destroyed")), "DT-88: {log:?}");
    let major = |more: &str| {
        format!("[[hexside]]\nkind = \"major-river\"\nname = \"R\"\nsides = [[\"0505\", \"0506\"]]\n[[hexside]]\nkind = \"bridge\"\nname = \"b\"\n{more}sides = [[\"0505\", \"0506\"]]\n")
    };
    for (more, after) in [("", data::Crossing::None), ("ford_remains = true\n", data::Crossing::Ford)] {
        let mut t = build("sjw", 1862, &[], &major(more), &body);
        let (a, b) = (t.h("0505"), t.h("0506"));
        t.st.destroyed.push((a.min(b), a.max(b)));
        let s = rules::eff_side(&t.sc().map, &t.st, a, b).unwrap();
        assert_eq!(s.crossing, after, "DT-90 {more}");
    }
}

// ---- Routes, dams, reinforcements, turn update, victory ---------------------

/// Route hexsides (GCACW 6.2, 12.0): a pike, road, railroad or trail sets the cost whatever the
/// terrain (pike 1, road/railroad 1, trail 1, a mountain by trail 2; rain: pike 1 1/2, road and
/// railroad 2); off-route the terrain costs. A dam (GCACW 6.2, 7.4, 10.0, 12.0) carries
/// movement and ZOC across a river, rain or not, gives the defender +2, and can never be
/// destroyed; a river without a crossing blocks both.
#[test]
fn routes_and_dams_on_hand_built_hexsides_gcacw_6_2_7_4() {
    let extra = "[[route]]\nkind = \"pike\"\nname = \"p\"\npath = [\"0505\", \"0506\"]\n\
                 [[route]]\nkind = \"road\"\nname = \"r\"\npath = [\"0505\", \"0504\"]\n\
                 [[route]]\nkind = \"railroad\"\nname = \"rr\"\npath = [\"0505\", \"0405\"]\n\
                 [[route]]\nkind = \"trail\"\nname = \"t\"\npath = [\"0405\", \"0505\", \"0605\"]\n\
                 [[hexside]]\nkind = \"minor-river\"\nname = \"mr\"\nsides = [[\"0303\", \"0304\"], [\"0707\", \"0708\"]]\n\
                 [[hexside]]\nkind = \"dam\"\nname = \"dm\"\nsides = [[\"0303\", \"0304\"]]\n";
    // 0605 mountain, 0606 woods.
    let grid = ["cccccccccc", "cccccccccc", "cccccccccc", "cccccccccc", "cccccmcccc", "cccccwcccc"];
    let body = unit("u", "union", "inf", 6, "0505", "") + &unit("d", "union", "inf", 8, "0303", "") + &unit("e", "confederate", "inf", 6, "0304", "")
        + &unit("f", "confederate", "inf", 6, "0708", "");
    let mut t = build("sjw", 1862, &grid, extra, &body);
    let u = t.u("u") as u8;
    let cost = |t: &T, to: &str| t.g.step_cost(&t.st, u, t.h("0505"), t.h(to));
    // Fair weather, half MP: pike, road, railroad 1 MP; the trail into the mountain 2 MP; the
    // woods off-route 2 MP (charts.toml [terrain], provisional).
    let fair: Vec<_> = ["0506", "0504", "0405", "0605", "0606"].iter().map(|h| cost(&t, h)).collect();
    assert_eq!(fair, vec![Some(2), Some(2), Some(2), Some(4), Some(4)]);
    t.st.rain = true;
    let rain: Vec<_> = ["0506", "0504", "0405"].iter().map(|h| cost(&t, h)).collect();
    assert_eq!(rain, vec![Some(3), Some(4), Some(4)], "GCACW 12.0: pike 1 1/2, road and railroad 2");
    // The dam: crossed by movement in rain as in fair weather (not a ford), ZOC through it.
    let (a, b) = (t.h("0303"), t.h("0304"));
    let (x, y) = (t.h("0707"), t.h("0708"));
    let (e, gone) = (t.u("e"), t.h("0909"));
    t.st.units[e].hex = gone;
    assert!(t.g.step_cost(&t.st, t.u("d") as u8, a, b).is_some(), "a dam carries movement across the river in rain");
    t.st.rain = false;
    assert_eq!(rules::zoc_into(&t.sc().map, b, a, &t.st), rules::ZOC_NORMAL, "ZOC extends across a dam");
    assert_eq!(rules::zoc_into(&t.sc().map, y, x, &t.st), rules::ZOC_NONE, "no ZOC across a river without a crossing");
    assert!(t.g.step_cost(&t.st, t.u("d") as u8, x, y).is_none() && t.g.step_cost(&t.st, t.u("d") as u8, y, x).is_none());
    t.st.units[e].hex = b;
    assert_eq!(t.g.terrain_drm(&t.st, a, b), 2, "GCACW 7.4: bridge, dam, ferry or ford +2");
    // GCACW 10.0: dams are never destroyed; d (CV 8, infantry) could try a bridge, not a dam.
    t.st.units[e].hex = gone;
    t.initiative(UNION);
    t.dice(&[6]);
    t.act("march d");
    assert!(t.g.destroy_targets(&t.st).is_empty() && !t.legal().iter().any(|a| a.starts_with("destroy")), "{:?}", t.legal());
}

/// Cedar Mountain's authored schedule (GCACW 3.1, 3.5): the Turn Update Phase advances the
/// turn and the next turn's reinforcements arrive with their leaders attached, unless an enemy
/// unit holds the entry hex; after the last turn the game ends and the authored victory
/// conditions score manpower lost and the objectives held.
#[test]
fn reinforcements_turn_update_and_victory_cedar_mountain_gcacw_3_5() {
    let g = game();
    let st0 = g.setup(&Setup::new("cedar-mountain", 2, 4)).unwrap();
    let sc = g.sc(&st0);
    let ricketts = sc.unit_index("ricketts").expect("ricketts") as usize;
    let mcdowell = sc.leader_index("mcdowell").expect("mcdowell") as usize;
    let culpeper = sc.map.by_label["1102"];
    let csa = (0..sc.units.len()).find(|&i| sc.units[i].side == CSA && st0.units[i].on_map()).expect("a Confederate unit");
    assert_eq!((st0.turn, st0.units[ricketts].hex), (1, NO_HEX), "Ricketts arrives on turn 2");
    let mut st = st0.clone();
    let mut log = Log::recording();
    g.turn_update(&mut st, &mut log);
    assert_eq!(st.turn, 2);
    assert_eq!(st.units[ricketts].hex, culpeper, "reinforcements at their hex");
    assert_eq!(st.leaders[mcdowell].unit as usize, ricketts, "their leader attached to a subordinate unit");
    g.check_invariants(&st).unwrap();
    // An enemy unit in the entry hex delays them (AUTHORED scenario rule).
    let mut st = st0.clone();
    st.units[csa].hex = culpeper;
    let mut log = Log::recording();
    g.turn_update(&mut st, &mut log);
    assert_eq!(st.units[ricketts].hex, NO_HEX, "delayed");
    assert!(log.events.iter().any(|e| e.text.contains("delayed")));
    // The end: after the last turn, the game is over and scored.
    let mut st = st0.clone();
    st.turn = sc.turns;
    let far = (0..sc.map.hexes.len() as HexId).find(|&h| sc.objectives.iter().all(|o| o.hex != h)).expect("a hex");
    for u in st.units.iter_mut().filter(|u| u.on_map()) {
        u.hex = far;
    }
    st.units[csa].hex = culpeper; // +8 to the Confederates
    st.lost = [4, 2];
    assert!(g.outcome(&st).is_none(), "not over before the Turn Update Phase");
    g.turn_update(&mut st, &mut Log::quiet());
    assert_eq!(st.phase, Phase::End);
    let o = g.outcome(&st).expect("the game is over");
    assert_eq!(o.scores, vec![2, 4 + 8], "Union: 2 Confederate manpower lost; Confederates: 4 + Culpeper 8");
    assert_eq!(o.winners, vec![1]);
}

/// GCACW 7.5: the leader of an eliminated unit goes to the nearest subordinate unit by
/// hex distance; with several at that distance its owner picks (never the engine); with one it
/// goes there; with none it is eliminated.
#[test]
fn leader_of_an_eliminated_unit_goes_to_the_nearest_subordinate_gcacw_7_5() {
    let body = unit("a", "union", "inf", 2, "0505", "corps = \"A\"") + &unit("b", "union", "inf", 4, "0503", "corps = \"A\"")
        + &unit("c", "union", "inf", 4, "0507", "corps = \"A\"") + &unit("d", "union", "inf", 4, "0510", "corps = \"A\"")
        + &unit("z", "union", "inf", 4, "0101", "division = \"Z\"") + &leader("ll", "union", "corps", "A", 1, 3, "a", "")
        + &leader("zl", "union", "division", "Z", 1, 3, "z", "") + &unit("e", "confederate", "inf", 4, "0909", "");
    let mut t = build("sjw", 1862, &[], "", &body);
    let kill = |t: &mut T, id: &str| {
        let u = t.u(id);
        let mp = t.unit(id).mp;
        t.g.lose(&mut t.st, u, mp, true, &mut Log::quiet());
        t.g.proceed(&mut t.st, &mut Log::quiet()).unwrap();
    };
    // b (0503) and c (0507) are both 2 hexes from 0505, d 5: the owner picks b or c.
    t.initiative(UNION);
    kill(&mut t, "a");
    assert!(matches!(t.st.flow.top(), Some(Frame::Relocate { side: UNION, .. })), "{:?}", t.st.flow.top());
    let mut legal = t.legal();
    legal.sort();
    assert_eq!(legal, vec!["transfer ll b", "transfer ll c"]);
    assert_eq!(t.refused("transfer ll d").rule, "GCACW 7.5");
    t.g.check_invariants(&t.st).unwrap();
    t.act("transfer ll c");
    assert_eq!(t.st.leaders[t.l("ll")].unit as usize, t.u("c"));
    assert!(matches!(t.st.flow.top(), Some(Frame::Initiative { .. })), "back to the action cycle");
    // One nearest unit: no choice to make.
    kill(&mut t, "c");
    assert_eq!(t.st.leaders[t.l("ll")].unit as usize, t.u("d"), "from 0507: d at 3 hexes, b at 4");
    assert!(matches!(t.st.flow.top(), Some(Frame::Initiative { .. })));
    // No subordinate unit left: the leader is eliminated.
    kill(&mut t, "z");
    assert!(t.st.leaders[t.l("zl")].gone);
}

/// GCACW 7.4: -1 to the attacker's roll in every rain turn, where the game's rain
/// rules apply in the Basic Game (SIV, OTR, GTC: variants.toml `rain_in_basic`); SJW marks
/// rain without Basic Game effects.
#[test]
fn rain_modifier_gcacw_7_4() {
    let body = unit("a", "union", "inf", 6, "0505", "") + &unit("d", "confederate", "inf", 4, "0504", "");
    for (game, rain, drm) in [("otr", false, 0), ("otr", true, -1), ("siv", true, -1), ("sjw", true, 0)] {
        let mut t = build(game, 1862, &[], "", &body);
        t.st.rain = rain;
        let cb = march_combat(&t, "a", "0504");
        assert_eq!(t.g.combat_drms(&mut t.st.clone(), &cb, &mut Log::quiet()).rain, drm, "{game}, rain {rain}");
    }
}

/// The charts the rulebook lacks are content tables whose header gives each table's
/// provenance: taken from the rulebook, external, or authored, and PROVISIONAL where
/// unverified.
#[test]
fn every_chart_table_states_its_provenance() {
    let text = std::fs::read_to_string(content_dir().join(DIR).join("charts.toml")).unwrap();
    let header: String = text.lines().take_while(|l| l.starts_with('#')).collect::<Vec<_>>().join("\n");
    let tables: Vec<&str> = text.lines().filter(|l| l.starts_with('[') && !l.starts_with("[[")).map(|l| l.trim_matches(|c| c == '[' || c == ']')).collect();
    assert!(tables.len() >= 8, "{tables:?}");
    for t in tables.iter().filter(|t| **t != "routes") {
        let at = header.find(&format!("[{t}]")).unwrap_or_else(|| panic!("the header names [{t}]"));
        let line = &header[at..header[at..].find("\n#   [").map_or(header.len(), |e| at + e)];
        assert!(["PROVISIONAL", "TAKEN FROM THE RULEBOOK"].iter().any(|m| line.contains(m)), "[{t}]: {line}");
    }
    // Every table not taken from the rulebook is marked provisional.
    for t in ["terrain", "extended_march", "disorganized", "ratio", "crt"] {
        let at = header.find(&format!("[{t}]")).expect("named");
        assert!(header[at..].lines().next().is_some_and(|l| l.contains("PROVISIONAL")), "[{t}] is provisional");
    }
}

/// Identity of random play through the whole sequence of play (GCACW 3.0): four seeded random
/// games per scenario, with Limited Intelligence on for the last, pinned so that a change to
/// how the turn's automatic steps run keeps every game.
#[test]
fn seeded_random_games_are_pinned() {
    let g = game();
    let mut got = Vec::new();
    for sc in ["cedar-mountain", "seven-pines"] {
        for seed in 1..=4u64 {
            let mut setup = Setup::new(sc, 2, seed);
            if seed == 4 {
                setup.options.insert("limited-intelligence".into(), "on".into());
            }
            got.push(crate::seeded_games::random_game_hash(&g, &setup, 20_000));
        }
    }
    let all: String = got.iter().map(|(_, h)| h.as_str()).collect();
    let n: usize = got.iter().map(|(n, _)| n).sum();
    eprintln!("seeded random games: {n} {}", state_hash(&all));
    // Re-pinned when a decoy moving with a leader began to go through a leader activation's
    // steps (GCACW 12.0, 5.2): the Limited Intelligence games play differently from there.
    assert_eq!((n, state_hash(&all).as_str()), (3159, "1efa6ef64f25725366704f0376217072"));
}
