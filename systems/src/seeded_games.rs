//! Identity of random play for any game: the hash of a seeded random game (every listing's
//! actions in order, the chosen action, the final state). A refactoring that claims to keep the
//! rules must keep these hashes; each game pins its own in its tests. A game runs its whole
//! sequence of play (FtP 3, BL 4.0, BR 3.4, GCACW 3.0), so every rule on the way is covered.

use bivouac_engine::game::{Game, Setup, state_hash};
use bivouac_engine::log::Log;
use bivouac_engine::rng::GameRng;

/// A seeded random game of at most `max` actions: (actions played, hash).
pub fn random_game_hash<G: Game>(g: &G, setup: &Setup, max: usize) -> (usize, String) {
    let mut s = g.setup(setup).expect("setup");
    let mut rng = GameRng::new(setup.seed ^ 0x5eed);
    let mut trace = String::new();
    let mut actions = 0;
    while g.outcome(&s).is_none() && actions < max {
        let act = g.active_seats(&s);
        if act.is_empty() {
            break;
        }
        let seat = act[rng.pick(act.len())];
        let l = g.legal_actions(&s, seat);
        for a in &l {
            trace.push_str(&g.notation(a));
            trace.push(',');
        }
        let a = l[rng.pick(l.len())].clone();
        trace.push_str(&format!("={}|", g.notation(&a)));
        g.apply(&mut s, seat, &a, &mut Log::quiet()).expect("a listed action applies");
        actions += 1;
    }
    trace.push_str(&state_hash(&s));
    (actions, state_hash(&trace))
}
