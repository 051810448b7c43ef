//! The scenario special rules as Lua hooks (`bivouac_engine::hooks`), on the example mod
//! `examples/mods/gcacw-rapidan`: Union units may not cross the Rapidan on turn 1 (a crossing is
//! a march step across a river hexside, GCACW 6.1, 6.2; the rule itself is the mod's, not the
//! rulebook's).

use super::*;
use bivouac_engine::game::state_hash;
use bivouac_engine::log::Log;
use bivouac_engine::rng::GameRng;
use std::path::Path;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn rapidan_mod() -> PathBuf {
    repo().join("examples/mods/gcacw-rapidan")
}

/// The game over `layers`, hooks included (what `load` gives, typed).
fn game_over(layers: &[PathBuf]) -> Result<Gcacw, String> {
    let set = ContentSet::open(layers, DIR).map_err(|e| e.to_string())?;
    let mut g = Gcacw::new(data::load_data(&set).map_err(|e| e.to_string())?);
    g.hooks = hooks::load(&set, &g).map_err(|e| e.to_string())?;
    Ok(g)
}

fn with_mod() -> Gcacw {
    game_over(&[repo().join("content"), rapidan_mod()]).unwrap()
}

fn without_mod() -> Gcacw {
    game_over(&[repo().join("content")]).unwrap()
}

/// Cedar Mountain, turn 1, Bayard's cavalry on the north bank at Somerville Ford (1215), marching.
fn at_the_ford(g: &Gcacw) -> State {
    let mut st = g.setup(&Setup::new("cedar-mountain", 2, 3)).unwrap();
    let sc = g.sc(&st);
    let u = sc.unit_index("bayard").unwrap() as usize;
    st.units[u].hex = *sc.map.by_label.get("1215").unwrap();
    st.flow.clear();
    st.phase = Phase::Cycle;
    st.flow.push(Frame::Initiative { side: data::UNION, by_pass: false });
    let a = g.parse("march bayard").unwrap();
    g.apply(&mut st, data::UNION, &a, &mut Log::quiet()).unwrap();
    assert!(st.march.is_some(), "Bayard marches");
    st
}

fn listed(g: &Gcacw, st: &State) -> Vec<String> {
    g.legal_actions(st, g.active_seats(st)[0]).iter().map(|a| g.notation(a)).collect()
}

#[test]
fn the_rapidan_crossing_is_refused_with_the_mod_and_allowed_without() {
    // Without the mod: the ford is a legal move.
    let g = without_mod();
    let mut st = at_the_ford(&g);
    assert!(listed(&g, &st).contains(&"move 1216".to_string()), "{:?}", listed(&g, &st));
    g.apply(&mut st, data::UNION, &g.parse("move 1216").unwrap(), &mut Log::quiet()).unwrap();

    // With it: not listed, and refused naming the scenario rule, the state untouched.
    let g = with_mod();
    let mut st = at_the_ford(&g);
    let legal = listed(&g, &st);
    assert!(!legal.contains(&"move 1216".to_string()), "{legal:?}");
    assert!(legal.iter().any(|a| a.starts_with("move ")), "other moves stay legal: {legal:?}");
    let before = state_hash(&st);
    let r = g.apply(&mut st, data::UNION, &g.parse("move 1216").unwrap(), &mut Log::quiet()).unwrap_err();
    assert_eq!(r.rule, "rapidan-turn-1");
    assert!(r.message.contains("may not cross the Rapidan"), "{r}");
    assert_eq!(state_hash(&st), before, "a refusal leaves the state untouched");

    // The action the hook read is structured data.
    let t = g.action_table(&st, &g.parse("move 1216").unwrap());
    assert_eq!((t["kind"].as_str(), t["side"].as_str(), t["unit"].as_str()), (Some("move"), Some("union"), Some("bayard")));
    assert_eq!((t["from"].as_str(), t["to"].as_str()), (Some("1215"), Some("1216")));
    let crosses: Vec<&str> = t["crosses"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
    assert!(crosses.contains(&"Rapidan River") && crosses.contains(&"Somerville Ford"), "{crosses:?}");

    // On turn 2 the rule no longer applies.
    let mut st = at_the_ford(&g);
    st.turn = 2;
    assert!(listed(&g, &st).contains(&"move 1216".to_string()));
}

#[test]
fn the_step_hook_logs_at_the_start_of_the_action_cycle() {
    let g = with_mod();
    let st = g.setup(&Setup::new("cedar-mountain", 2, 3)).unwrap();
    // Play the Leader Transfer Phase out: the Action Cycle starts and the hook speaks.
    let mut st = st;
    let mut log = Log::recording();
    while st.phase == Phase::Transfer {
        let seat = g.active_seats(&st)[0];
        let done = g.parse("done").unwrap();
        g.apply(&mut st, seat, &done, &mut log).unwrap();
    }
    assert!(log.events.iter().any(|e| e.text.contains("Special rule: Union units may not cross the Rapidan")), "{:?}", log.events.iter().map(|e| &e.text).collect::<Vec<_>>());
}

/// Random games of turn 1 (the AI's choices come from `legal_actions` alone) with Union units on
/// the north bank at three crossings: with the mod no Union march or advance crosses the Rapidan
/// on turn 1; without it some do. (A forced retreat with no other way out may still cross: a
/// rule never leaves a seat without an action.)
#[test]
fn ai_games_with_the_mod_never_cross_on_turn_1() {
    let crossings = |g: &Gcacw| -> usize {
        let mut n = 0;
        for seed in 1..=30u64 {
            let mut st = g.setup(&Setup::new("cedar-mountain", 2, seed)).unwrap();
            let sc = g.sc(&st);
            for (id, hex) in [("bayard", "1215"), ("gordon", "1115"), ("geary", "0915")] {
                let u = sc.unit_index(id).unwrap() as usize;
                st.units[u].hex = *sc.map.by_label.get(hex).unwrap();
            }
            let mut rng = GameRng::new(seed);
            let mut steps = 0;
            while st.turn == 1 && g.outcome(&st).is_none() && steps < 2000 {
                let seat = g.active_seats(&st)[0];
                let legal = g.legal_actions(&st, seat);
                // Prefer acting to passing, to march as much as possible.
                let pick = if legal.len() > 1 && rng.below(4) > 0 { rng.pick(legal.len() - 1) } else { rng.pick(legal.len()) };
                let t = g.action_table(&st, &legal[pick]);
                let across = t["crosses"].as_array().is_some_and(|c| c.iter().any(|x| x == "Rapidan River"));
                if across && t["side"] == "union" && (t["kind"] == "move" || t["kind"] == "advance") {
                    n += 1;
                }
                g.apply(&mut st, seat, &legal[pick], &mut Log::quiet()).unwrap();
                steps += 1;
            }
        }
        n
    };
    assert!(crossings(&without_mod()) > 0, "without the rule, random play crosses the Rapidan");
    assert_eq!(crossings(&with_mod()), 0, "with the rule, no Union unit crosses on turn 1");
}

/// A broken hook is one error at load naming its file (and line): a script error, a loop that
/// never ends (the instruction budget), a declared hook the script does not define, an unknown
/// step.
#[test]
fn a_broken_hook_is_reported_at_load_naming_its_file() {
    let cases = [
        ("function forbid(view, action)\n  return view.nothing.here\nend\n", "forbid = true", "rule.lua:2"),
        ("function forbid(view, action)\n  while true do end\nend\n", "forbid = true", "instruction budget"),
        ("-- no functions\n", "forbid = true", "defines no function forbid"),
        ("function on_step_start(view, step) return {{log = 3}} end\n", "on_step_start = [\"combat\"]", "log command"),
        ("function on_step_start(view, step) end\n", "on_step_start = [\"lunch\"]", "unknown step"),
    ];
    for (i, (lua, decl, want)) in cases.iter().enumerate() {
        let root = std::env::temp_dir().join(format!("bivouac-hooks-{}-{i}", std::process::id()));
        let dir = root.join(DIR).join("hooks");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("rule.lua"), lua).unwrap();
        let toml = format!("[[rule]]\nid = \"broken\"\nscenarios = [\"cedar-mountain\"]\nscript = \"hooks/rule.lua\"\n{decl}\n");
        std::fs::write(root.join(DIR).join("hooks.toml"), toml).unwrap();
        let err = game_over(&[repo().join("content"), root.clone()]).err().unwrap_or_else(|| panic!("case {i} loads"));
        let _ = std::fs::remove_dir_all(&root);
        assert!(err.contains(want), "case {i}: {err}");
        assert!(err.contains("rule.lua") || err.contains("hooks.toml"), "case {i} names the file: {err}");
    }
}

/// The fuzzer over the game with the mod: no listed action refused, no refusal that changes the
/// state, no dead end (the filter and the refusal agree).
#[test]
fn fuzz_with_the_rapidan_mod_is_clean() {
    use bivouac_engine::fuzz::{FuzzConfig, fuzz};
    let g = with_mod();
    let r = fuzz(&g, &FuzzConfig { setup: Setup::new("cedar-mountain", 2, 17), games: 12, deep_check_every: 7, leak_check_every: 0 }).unwrap();
    assert!(r.failures.is_empty(), "{:?}", r.failures.first());
    assert_eq!(r.finished, 12);
}

// ---------------------------------------------------------------------------------------------
// Movement costs, combat modifiers and victory checks (`hooks.toml` kinds).

use crate::hook_testkit::{TempMod, random_game_log};

#[test]
fn high_water_makes_the_rapidan_cost_one_mp_more_gcacw_6_2() {
    let plain = without_mod();
    let g = game_over(&[repo().join("content"), repo().join("examples/mods/gcacw-high-water")]).unwrap();
    let st = at_the_ford(&plain);
    let ford = *g.sc(&st).map.by_label.get("1216").unwrap();
    let dry = *g.sc(&st).map.by_label.get("1214").unwrap();
    let (base, _) = plain.march_move(&st, ford).expect("the ford without the mod");
    let (high, _) = g.march_move(&st, ford).unwrap_or((u8::MAX, false));
    // Costs are in half MP: +1 MP is +2, unless the march's minimum move of one hex applies.
    assert!(high == base + 2 || high == st.march.as_ref().unwrap().ma, "{base} -> {high}");
    assert_eq!(g.march_move(&st, dry), plain.march_move(&st, dry), "a step not across the Rapidan costs the same");
}

#[test]
fn a_prohibited_step_is_not_listed_and_is_refused_naming_the_rule() {
    let m = TempMod::new(
        "gcacw-prohibit",
        DIR,
        "fords-guarded",
        "\"cedar-mountain\"",
        "movement_cost = true",
        "function movement_cost(view, move)\n  if move.to == '1216' then return {prohibit = 'the ford is guarded'} end\nend\n",
    );
    let g = game_over(&m.layers()).unwrap();
    let mut st = at_the_ford(&g);
    let legal = listed(&g, &st);
    assert!(!legal.contains(&"move 1216".to_string()) && legal.iter().any(|a| a.starts_with("move ")), "{legal:?}");
    let before = state_hash(&st);
    let r = g.apply(&mut st, data::UNION, &g.parse("move 1216").unwrap(), &mut Log::quiet()).unwrap_err();
    assert_eq!((r.rule.as_ref(), r.message.as_str()), ("fords-guarded", "the ford is guarded"));
    assert_eq!(state_hash(&st), before);
}

#[test]
fn a_combat_modifier_is_a_drm_on_the_attackers_roll_named_in_the_log_gcacw_7_4() {
    let m = TempMod::new("gcacw-combat", DIR, "fresh-troops", "\"*\"", "combat_modifier = true", "function combat_modifier(view, combat)\n  return {modifier = 2, reason = 'fresh troops ' .. combat.kind}\nend\n");
    let g = game_over(&m.layers()).unwrap();
    let mut combats = 0;
    for seed in 1..=8u64 {
        let (_, lines) = random_game_log(&g, &Setup::new("cedar-mountain", 2, seed), 3000);
        for (i, l) in lines.iter().enumerate().filter(|(_, l)| l.starts_with("combat: attacker")) {
            combats += 1;
            assert!(l.contains("special rules +2)"), "{l}");
            assert!(lines[..i].iter().rev().take(4).any(|p| p.starts_with("fresh-troops: +2 (fresh troops ")), "{:?}", &lines[i.saturating_sub(4)..=i]);
        }
    }
    assert!(combats > 0, "random play fights");
}

#[test]
fn a_victory_hook_ends_the_game_at_the_end_of_a_turn_gcacw_3_5() {
    let m = TempMod::new("gcacw-victory", DIR, "first-day", "\"cedar-mountain\"", "victory = true", "function victory(view, check)\n  return {winner = 'confederate', reason = 'the field is held on turn ' .. check.turn}\nend\n");
    let g = game_over(&m.layers()).unwrap();
    let (st, _) = random_game_log(&g, &Setup::new("cedar-mountain", 2, 4), 5000);
    let o = g.outcome(&st).expect("over");
    assert_eq!((o.winners, st.turn, o.reason.as_str()), (vec![1], 1, "first-day: the field is held on turn 1"));
}
