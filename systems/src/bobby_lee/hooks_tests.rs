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
