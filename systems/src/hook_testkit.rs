//! Test helpers for the Lua hooks of every game: a mod folder written for one test, and a
//! seeded random game's public log. The steps the hooks attach to are each game's sequence of
//! play (FtP 3, BL 4.1, BR 3.0, GCACW 3.0); what a hook logs is public, so the log read here is
//! the spectator's (BL 2.5: nothing hidden in it).

use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::{Log, Visibility};
use bivouac_engine::rng::GameRng;
use std::path::PathBuf;

/// A mod folder holding `GAME/hooks.toml` and `GAME/hooks/rule.lua`; removed when dropped.
pub struct TempMod {
    pub dir: PathBuf,
}

impl TempMod {
    /// `rule` is the `[[rule]]` body after `script = "hooks/rule.lua"` (its hook flags).
    pub fn new(name: &str, game: &str, id: &str, scenarios: &str, flags: &str, lua: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("bivouac-hook-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join(game).join("hooks")).unwrap();
        std::fs::write(dir.join(game).join("hooks/rule.lua"), lua).unwrap();
        let toml = format!("[[rule]]\nid = \"{id}\"\nscenarios = [{scenarios}]\nscript = \"hooks/rule.lua\"\n{flags}\n");
        std::fs::write(dir.join(game).join("hooks.toml"), toml).unwrap();
        TempMod { dir }
    }

    /// The built-in content with this mod over it.
    pub fn layers(&self) -> Vec<PathBuf> {
        vec![crate::builtin_content_dir(), self.dir.clone()]
    }
}

impl Drop for TempMod {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A seeded random game of at most `max` actions: the final state and every public log line.
pub fn random_game_log<G: Game>(g: &G, setup: &Setup, max: usize) -> (G::State, Vec<String>) {
    let mut s = g.setup(setup).expect("setup");
    let mut rng = GameRng::new(setup.seed);
    let mut lines = Vec::new();
    for _ in 0..max {
        let act = g.active_seats(&s);
        if act.is_empty() || g.outcome(&s).is_some() {
            break;
        }
        let seat = act[rng.pick(act.len())];
        let legal = g.legal_actions(&s, seat);
        let a = legal[rng.pick(legal.len())].clone();
        let mut log = Log::recording();
        g.apply(&mut s, seat, &a, &mut log).expect("a listed action applies");
        lines.extend(log.events.into_iter().filter(|e| e.visibility == Visibility::Public).map(|e| e.text));
    }
    (s, lines)
}
