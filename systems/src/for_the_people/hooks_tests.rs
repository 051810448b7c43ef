//! A scenario's special rules as Lua hooks in For the People (`hooks.toml`): a battle DRM
//! itemised with the rulebook's (FtP 7.5), a victory check at the end of every turn (FtP 3.6),
//! and the step hooks of the sequence of play (FtP 3.0).

use super::battle::DrmKind;
use super::*;
use crate::hook_testkit::{TempMod, random_game_log};

/// The game over `layers`, hooks included (what `load` gives, typed).
fn game_over(layers: &[PathBuf]) -> Result<FtP, String> {
    let set = ContentSet::open(layers, DIR).map_err(|e| e.to_string())?;
    let mut c = content::load_content(&set).map_err(|e| e.to_string())?;
    c.events = events::load(&set, &c).map_err(|e| e.to_string())?;
    let mut g = FtP::new(c).map_err(|e| e.to_string())?;
    g.hooks = hooks::load(&set, &g).map_err(|e| e.to_string())?;
    Ok(g)
}

#[test]
fn a_combat_modifier_is_an_itemised_drm_of_the_attacker_ftp_7_5() {
    let m = TempMod::new("ftp-combat", DIR, "dash", "\"*\"", "combat_modifier = true", "function combat_modifier(view, combat)\n  return {modifier = 2, reason = 'dash at ' .. combat.space}\nend\n");
    let g = game_over(&m.layers()).unwrap();
    for seed in 1..=12u64 {
        let (st, lines) = random_game_log(&g, &Setup::new("1861", 2, seed), 1500);
        let Some(b) = &st.last_battle else { continue };
        let special: Vec<i8> = b.report.attacker.drms.iter().filter(|d| d.kind == DrmKind::SpecialRule).map(|d| d.value).collect();
        assert_eq!(special, [2], "{:?}", b.report.attacker.drms);
        assert!(b.report.defender.drms.iter().all(|d| d.kind != DrmKind::SpecialRule));
        assert_eq!(b.report.attacker.drm_total, b.report.attacker.drms.iter().map(|d| d.value).sum::<i8>());
        assert!(lines.iter().any(|l| l.starts_with("dash: +2 (dash at ") && l.ends_with("(battle DRM for the attacker)")), "{lines:?}");
        return;
    }
    panic!("no battle in twelve random games");
}

#[test]
fn a_victory_hook_ends_the_game_at_the_end_of_a_turn_ftp_3_6() {
    let m = TempMod::new(
        "ftp-victory",
        DIR,
        "early-peace",
        "\"1861\"",
        "victory = true\non_step_start = [\"turn-end\"]",
        "function victory(view, check)\n  return {winner = 'union', reason = 'peace after turn ' .. check.turn .. ', SW ' .. check.sw.union}\nend\nfunction on_step_start(view, step) return { {log = 'the turn ends'} } end\n",
    );
    let g = game_over(&m.layers()).unwrap();
    let (st, lines) = random_game_log(&g, &Setup::new("1861", 2, 2), 5000);
    let o = g.outcome(&st).expect("over");
    assert_eq!((o.winners, st.turn), (vec![0], 1));
    assert!(o.reason.starts_with("early-peace: peace after turn 1, SW "), "{}", o.reason);
    assert!(lines.iter().any(|l| l == "the turn ends"), "the step hook at turn-end");
}
