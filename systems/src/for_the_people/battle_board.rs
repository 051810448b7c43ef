//! The last battle as the app's battle board (engine `BattleBoard`): who attacked whom where,
//! each force's generals and strength points, every die-roll modifier with its rule (FtP 7.4,
//! 7.5), the two dice, the results read on the Combat Results Table (FtP 7.10), the losses and
//! who won (FtP 7.3). Shown from the battle's strategy round to the end of the next one, so
//! the other player sees it on taking over. No rules here: it only reads the battle's report.

use super::FtP;
use super::battle::{Role, SideReport};
use super::state::{LastBattle, State};
use bivouac_engine::board::{BattleBoard, BattleBox, BattleModifier, BattlePiece, BattleSide, BoardPiece};

impl FtP {
    pub(super) fn battle_board(&self, st: &State) -> Option<BattleBoard> {
        let lb = st.last_battle.as_deref().filter(|b| st.rounds <= b.round + 1)?;
        let r = &lb.report;
        let side = |i: usize, rep: &SideReport| -> BattleSide {
            let mut pieces: Vec<BattlePiece> = lb.generals[i]
                .iter()
                .map(|&g| {
                    let d = &self.c.generals[g as usize];
                    let killed = rep.leader_check.as_ref().and_then(|k| k.killed) == Some(g);
                    let piece = BoardPiece { space: lb.space, label: d.name.clone(), seat: Some(rep.side.index() as u8), kind: if self.is_cav(st, g) { "brigade".into() } else { "leader".into() }, strength: None, hidden: false };
                    BattlePiece { piece, note: if killed { "killed (FtP 7.7)".into() } else { String::new() }, ..Default::default() }
                })
                .collect();
            pieces.push(BattlePiece {
                piece: BoardPiece { space: lb.space, label: format!("{} SP", rep.sp_before), seat: Some(rep.side.index() as u8), kind: "cube".into(), strength: Some(rep.sp_before.to_string()), hidden: false },
                note: format!("-{} SP", rep.sp_lost),
                ..Default::default()
            });
            BattleSide {
                name: rep.side.name().to_string(),
                seat: Some(rep.side.index() as u8),
                role: if i == 0 { "attacker" } else { "defender" }.into(),
                boxes: vec![BattleBox { name: "Force".into(), pieces, key: String::new() }],
                strength: format!("{} SP, {} after the battle", rep.sp_before, rep.sp_after),
            }
        };
        let mut b = BattleBoard {
            title: format!("Battle at {} (FtP 7.3): {} attacks", self.sname(lb.space), lb.attacker.name()),
            status: vec![format!("{:?} battle, {} SP in all (FtP 7.3.1)", r.size, r.attacker.sp_before as u16 + r.defender.sp_before as u16)],
            sides: vec![side(0, &r.attacker), side(1, &r.defender)],
            ..Default::default()
        };
        for (i, rep) in [&r.attacker, &r.defender].into_iter().enumerate() {
            for d in &rep.drms {
                let who = d.general.map(|g| format!(" ({})", self.c.generals[g as usize].name)).unwrap_or_default();
                b.modifiers.push(BattleModifier { side: i as u8, name: format!("{}{who}", d.kind.text()), value: d.value as i32, rule: d.kind.rule().into() });
            }
        }
        b.results = self.battle_results(lb);
        Some(b)
    }

    /// The dice, the CRT results, the losses, leader casualties and the winner, in that order.
    fn battle_results(&self, lb: &LastBattle) -> Vec<String> {
        let r = &lb.report;
        let name = |role: Role| r.side(role).side.name();
        let mut out = Vec::new();
        for role in [Role::Attacker, Role::Defender] {
            let s = r.side(role);
            out.push(format!("{} rolls {} {:+} = {} (FtP 7.3.1 C)", name(role), s.roll, s.drm_total, s.modified));
        }
        for role in [Role::Attacker, Role::Defender] {
            let s = r.side(role);
            let star = if s.crt.star { "*" } else { "" };
            out.push(format!(
                "{} suffers {}{star} on the {:?} battle table, read with the enemy's {} (FtP 7.10): loses {} SP (at most {}, FtP 7.3.1, 7.8.1){}",
                name(role),
                s.crt.loss,
                r.size,
                r.side(role.other()).modified,
                s.sp_lost,
                s.cap,
                if s.elite_lost { ", and an elite unit (FtP 7.5.1)" } else { "" }
            ));
            if let Some(k) = &s.leader_check {
                let lost = k.killed.map_or("no general lost".to_string(), |g| format!("{} is killed", self.c.generals[g as usize].name));
                out.push(format!("{} leader casualty roll {} (lost on {} or less): {lost} (FtP 7.7)", name(role), k.roll, k.loses_on));
            }
        }
        let holds = r.holder.map_or_else(|| format!("nobody holds {}", self.sname(lb.space)), |h| format!("{} holds {}", name(h), self.sname(lb.space)));
        let retreat = r.retreating.map_or_else(String::new, |x| format!("; {} retreats (FtP 7.6)", name(x)));
        out.push(format!("{} wins ({}); {holds} ({}){retreat}", name(r.winner), r.win_rule.rule(), r.aftermath.rule()));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::play_tests::game;
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::log::Log;
    use bivouac_engine::rng::GameRng;

    /// FtP 7.3, 7.4, 7.5, 7.10: once a battle is fought the board draws it for both players:
    /// attacker and defender with their generals and SP, every DRM of the report with its rule,
    /// both dice, the CRT results and losses, the winner; until the end of the next strategy
    /// round.
    #[test]
    fn the_last_battle_is_drawn_with_its_modifiers_dice_and_results() {
        let g = game();
        for seed in 1..20u64 {
            let mut st = g.setup(&Setup::new("1861", 2, seed)).expect("setup");
            let mut rng = GameRng::new(seed);
            for _ in 0..20_000 {
                if let Some(lb) = st.last_battle.clone() {
                    let r = &lb.report;
                    for seat in [None, Some(0), Some(1)] {
                        let b = g.board(&st, seat).battle.expect("FtP 7.3: the battle is drawn");
                        assert_eq!(b.sides.iter().map(|x| x.role.as_str()).collect::<Vec<_>>(), ["attacker", "defender"]);
                        assert_eq!(b.sides[0].name, lb.attacker.name());
                        assert_eq!(b.modifiers.len(), r.attacker.drms.len() + r.defender.drms.len(), "every DRM (FtP 7.5)");
                        assert!(b.modifiers.iter().all(|m| m.rule.starts_with("FtP")));
                        let total: i32 = b.modifiers.iter().filter(|m| m.side == 0).map(|m| m.value).sum();
                        assert_eq!(total, r.attacker.drm_total as i32);
                        assert!(b.results[0].contains(&format!("rolls {} {:+} = {}", r.attacker.roll, r.attacker.drm_total, r.attacker.modified)), "{:?}", b.results);
                        assert!(b.results.iter().any(|l| l.contains(&format!("loses {} SP", r.defender.sp_lost)) && l.contains("FtP 7.10")));
                        assert!(b.results.last().unwrap().contains("wins"));
                    }
                    let mut later = st.clone();
                    later.rounds = lb.round + 2;
                    assert!(g.board(&later, None).battle.is_none(), "gone after the next strategy round");
                    return;
                }
                let Some(&seat) = g.active_seats(&st).first() else { break };
                let legal = g.legal_actions(&st, seat);
                let a = legal[rng.pick(legal.len())];
                g.apply(&mut st, seat, &a, &mut Log::quiet()).expect("a legal action applies");
            }
        }
        panic!("no battle in random games");
    }
}
