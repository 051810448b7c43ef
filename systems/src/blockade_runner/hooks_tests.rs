//! A scenario's special rules as Lua hooks in Blockade Runner (`hooks.toml`): a modifier to the
//! evasion roll's target (BR 3.6) and a victory check at the end of every year (BR 3.0).

use super::*;
use crate::hook_testkit::{TempMod, random_game_log};

fn game_over(layers: &[PathBuf]) -> BlockadeRunner {
    BlockadeRunner::load(layers).map(|(g, _)| g).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn an_evasion_modifier_changes_the_target_and_is_logged_with_its_rule_br_3_6() {
    let m = TempMod::new("br-combat", DIR, "fog", "\"standard\"", "combat_modifier = true", "function combat_modifier(view, combat)\n  return {modifier = 3, reason = 'fog over ' .. combat.ship}\nend\n");
    let (modded, plain) = (game_over(&m.layers()), game_over(&[crate::builtin_content_dir()]));
    let s = plain.setup(&Setup::new("standard", 4, 1)).unwrap();
    // The same roll in both games: ship 0 runs into a port of defense 2 under blockade 3.
    let run = |g: &BlockadeRunner| -> (i32, Vec<String>) {
        let mut t = s.clone();
        let mut log = Log::recording();
        g.evasion(&mut t, 0, 2, 3, "into a port", &mut log);
        let lines: Vec<String> = log.events.into_iter().map(|e| e.text).collect();
        let roll = lines.iter().find(|l| l.starts_with("BR 3.6: ")).expect("the roll");
        let target = roll.split("target ").nth(1).and_then(|r| r.split(',').next()).and_then(|n| n.parse().ok()).expect("a target");
        (target, lines)
    };
    let ((plain_t, _), (t, lines)) = (run(&plain), run(&modded));
    assert_eq!(t, plain_t + 3, "{lines:?}");
    let name = &plain.c.ships[0].name;
    assert!(lines.contains(&format!("fog: +3 (fog over {name}) (evasion target)")), "{lines:?}");
}

#[test]
fn a_victory_hook_ends_the_game_at_the_end_of_a_year_br_3_0() {
    let m = TempMod::new("br-victory", DIR, "armistice", "\"standard\"", "victory = true", "function victory(view, check)\n  if check.year == 1862 then return {winner = 'p2', reason = 'an armistice in ' .. check.year} end\nend\n");
    let g = game_over(&m.layers());
    let (s, _) = random_game_log(&g, &Setup::new("standard", 3, 9), 20000);
    let o = g.outcome(&s).expect("over");
    assert_eq!((o.winners, s.year, o.reason.as_str()), (vec![1], 1862, "armistice: an armistice in 1862"));
}
