//! A scenario special rule as a Lua hook (`bivouac_engine::hooks`), on the example mod
//! `examples/mods/bobby-lee-1861`: in 1861 no Confederate block enters Union home territory
//! (home territory as BL 8.1 draws it). A forbidden move is refused naming the mod's rule, the
//! state untouched, as the rules' own refusals are (BL 5.4 for a strategic move).

use super::*;
use bivouac_engine::rng::GameRng;
use std::path::Path;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn game_over(with_mod: bool) -> BobbyLee {
    let mut layers = vec![repo().join("content")];
    if with_mod {
        layers.push(repo().join("examples/mods/bobby-lee-1861"));
    }
    load_game(&layers).unwrap_or_else(|e| panic!("{e}")).0
}

/// Random games of the 1861 scenario: (Confederate actions into Union territory listed,
/// Confederate blocks found standing in Union territory).
fn play(g: &BobbyLee) -> (usize, usize) {
    let (mut listed, mut inside) = (0, 0);
    for seed in 1..=6u64 {
        let mut s = g.setup(&Setup::new("1861", 2, seed)).unwrap();
        let mut rng = GameRng::new(seed);
        let mut n = 0;
        while g.outcome(&s).is_none() && n < 1500 {
            let act = g.active_seats(&s);
            let seat = act[rng.pick(act.len())];
            let legal = g.legal_actions(&s, seat);
            if seat == 1 {
                listed += legal.iter().filter(|a| g.action_table(&s, seat, a)["to_home"] == "usa").count();
            }
            let a = legal[rng.pick(legal.len())].clone();
            g.apply(&mut s, seat, &a, &mut Log::quiet()).unwrap();
            n += 1;
            inside += (0..s.units.len())
                .filter(|&u| g.side_of(u) == Side::Csa && (s.units[u].hex as usize) < g.data.hexes.len() && g.data.hexes[s.units[u].hex as usize].home == Side::Usa)
                .count();
        }
    }
    (listed, inside)
}

#[test]
fn the_1861_rule_keeps_confederate_blocks_out_of_union_territory() {
    let (listed, _) = play(&game_over(false));
    assert!(listed > 0, "without the mod, random play is offered moves into Union territory");
    assert_eq!(play(&game_over(true)), (0, 0), "with the mod, none is listed and no block gets there");
}

#[test]
fn a_forbidden_move_is_refused_naming_the_rule_with_the_state_untouched() {
    let g = game_over(true);
    let plain = game_over(false);
    // Find, in a seeded random 1861 game without the mod, a Confederate move into Union territory.
    for seed in 1..=20u64 {
        let mut s = plain.setup(&Setup::new("1861", 2, seed)).unwrap();
        let mut rng = GameRng::new(seed);
        for _ in 0..1500 {
            if plain.outcome(&s).is_some() {
                break;
            }
            let act = plain.active_seats(&s);
            let seat = act[rng.pick(act.len())];
            let legal = plain.legal_actions(&s, seat);
            if seat == 1 {
                if let Some(a) = legal.iter().find(|a| plain.action_table(&s, seat, a)["to_home"] == "usa") {
                    let before = bivouac_engine::game::state_hash(&s);
                    let mut t = s.clone();
                    let r = g.apply(&mut t, seat, a, &mut Log::quiet()).unwrap_err();
                    assert_eq!(r.rule, "defensive-war-1861");
                    assert!(r.message.contains("defensive war"), "{r}");
                    assert_eq!(bivouac_engine::game::state_hash(&t), before);
                    // Without the mod the same action applies.
                    plain.apply(&mut s, seat, a, &mut Log::quiet()).unwrap();
                    return;
                }
            }
            let a = legal[rng.pick(legal.len())].clone();
            plain.apply(&mut s, seat, &a, &mut Log::quiet()).unwrap();
        }
    }
    panic!("no Confederate move into Union territory came up");
}

/// The fuzzer over the game with the mod: no listed action refused, no refusal that changes the
/// state, no dead end (the filter and the refusal agree).
#[test]
fn fuzz_with_the_1861_mod_is_clean() {
    use bivouac_engine::fuzz::{FuzzConfig, fuzz};
    let g = game_over(true);
    let r = fuzz(&g, &FuzzConfig { setup: Setup::new("1861", 2, 17), games: 4, deep_check_every: 7, leak_check_every: 0 }).unwrap();
    assert!(r.failures.is_empty(), "{:?}", r.failures.first());
    assert_eq!(r.finished, 4);
}

// ---------------------------------------------------------------------------------------------
// Step hooks on the flow driver, combat modifiers, victory checks (`hooks.toml` kinds).

use crate::hook_testkit::{TempMod, random_game_log};

#[test]
fn step_hooks_fire_around_the_months_automatic_steps_bl_4_1() {
    let m = TempMod::new(
        "bl-steps",
        "bobby-lee",
        "herald",
        "\"1861\"",
        "on_step_start = [\"initiative\"]\non_step_end = [\"victory-check\"]",
        "function on_step_start(view, step) return { {log = 'start ' .. step .. ' ' .. view.month} } end\nfunction on_step_end(view, step) return { {log = 'end ' .. step} } end\n",
    );
    let g = load_game(&m.layers()).unwrap_or_else(|e| panic!("{e}")).0;
    let (_, lines) = random_game_log(&g, &Setup::new("1861", 2, 3), 3000);
    // BL 4.3: the hook runs as the initiative step starts, before the bids are revealed.
    let start = lines.iter().position(|l| l == "start initiative 7").expect("the July 1861 initiative hook");
    let bids = lines.iter().position(|l| l.starts_with("BL 4.3: bids revealed")).unwrap();
    assert!(start < bids, "{lines:?}");
    assert!(lines.iter().any(|l| l == "end victory-check"), "BL 4.6: the Victory Check's end hook");
}

/// The hits in a fire or melee line of the log: (dice rolled, hits).
fn dice_and_hits(line: &str) -> Option<(usize, usize)> {
    if !(line.starts_with("BL 7.3: ") || line.starts_with("BL 7.35: ")) {
        return None;
    }
    let (_, rest) = line.split_once('[')?;
    let (dice, rest) = rest.split_once(']')?;
    let hits: usize = rest.trim_start_matches([',', ':', ' ']).split_whitespace().next()?.parse().ok()?;
    Some((dice.split(',').filter(|d| !d.trim().is_empty()).count(), hits))
}

#[test]
fn a_combat_modifier_changes_every_fire_and_melee_and_is_logged_with_its_rule_bl_7_3() {
    let m = TempMod::new("bl-combat", "bobby-lee", "sure-fire", "\"*\"", "combat_modifier = true", "function combat_modifier(view, combat)\n  return {modifier = 6, reason = 'every die hits'}\nend\n");
    let modded = load_game(&m.layers()).unwrap_or_else(|e| panic!("{e}")).0;
    let plain = game_over(false);
    let (mut rolls, mut misses, mut plain_misses, mut named) = (0, 0, 0, 0);
    for seed in 1..=6u64 {
        let (_, lines) = random_game_log(&modded, &Setup::new("1861", 2, seed), 3000);
        named += lines.iter().filter(|l| l.starts_with("sure-fire: +6 (every die hits), ")).count();
        for (dice, hits) in lines.iter().filter_map(|l| dice_and_hits(l)) {
            rolls += 1;
            misses += dice - hits.min(dice);
        }
        let (_, lines) = random_game_log(&plain, &Setup::new("1861", 2, seed), 3000);
        plain_misses += lines.iter().filter_map(|l| dice_and_hits(l)).map(|(d, h)| d - h.min(d)).sum::<usize>();
    }
    assert!(rolls > 0 && named >= rolls, "{rolls} rolls, {named} lines naming the rule");
    assert_eq!(misses, 0, "+6: every die hits");
    assert!(plain_misses > 0, "without the rule, dice miss");
}

#[test]
fn a_victory_hook_ends_the_game_at_the_victory_check_with_its_reason_bl_4_6() {
    let m = TempMod::new(
        "bl-victory",
        "bobby-lee",
        "august",
        "\"1861\"",
        "victory = true",
        "function victory(view, check)\n  if check.month == 8 then return {winner = 'csa', reason = 'the South holds in August ' .. check.year} end\nend\n",
    );
    let g = load_game(&m.layers()).unwrap_or_else(|e| panic!("{e}")).0;
    let (s, _) = random_game_log(&g, &Setup::new("1861", 2, 5), 5000);
    let o = g.outcome(&s).expect("the game ended");
    assert_eq!((o.winners, s.year, s.month), (vec![1], 1861, 8));
    assert!(o.reason.starts_with("august: the South holds in August 1861"), "{}", o.reason);
}

#[test]
fn a_hook_returning_a_wrong_value_is_one_load_error_naming_the_file_and_the_hook() {
    let m = TempMod::new("bl-bad", "bobby-lee", "bad", "\"*\"", "victory = true", "function victory(view, check)\n  return {winner = 'rebels', reason = 'x'}\nend\n");
    let e = load_game(&m.layers()).err().expect("a load error").to_string();
    assert!(e.contains("hooks/rule.lua") && e.contains("victory returned") && e.contains("usa, csa, draw"), "{e}");
    let m = TempMod::new("bl-uncalled", "bobby-lee", "uncalled", "\"*\"", "movement_cost = true", "function movement_cost(view, move) end\n");
    let e = load_game(&m.layers()).err().expect("a load error").to_string();
    assert!(e.contains("declares movement_cost, which Bobby Lee does not call"), "{e}");
}
