//! The drawable picture of a Bobby Lee game for the app (engine `Board`): the hex map with its
//! terrain, hexside rivers, crossings, marshes, mountains and gaps, railroads and the Valley
//! Turnpike, places, and the blocks as `seat` may see them (BL 2.5: an enemy block shows only
//! its back until revealed); plus where each action happens (`ActionHint`). Reads only.

use super::data::{HqRole, PlaceKind, Side, SideKind, Terrain, NONE};
use super::state::{Action, St, State};
use super::BobbyLee;
use bivouac_engine::board::{ActionHint, Board, BoardLink, BoardPiece, BoardSpace, Layout, Panel};
use bivouac_engine::game::{Game, Seat};
use bivouac_engine::map::hex::OffsetConvention;

impl BobbyLee {
    pub(super) fn make_board(&self, s: &State, seat: Option<Seat>) -> Board {
        let d = &self.data;
        let me = seat.map(|x| Side::from_idx(x as usize));
        let layout = match d.convention {
            OffsetConvention::OddQ | OffsetConvention::EvenQ => Layout::HexFlat,
            OffsetConvention::OddR | OffsetConvention::EvenR => Layout::HexPointy,
        };
        let mut b = Board { layout, ..Default::default() };
        let battle_hex = s.battle.as_ref().map(|x| x.hex);
        for (h, hx) in d.hexes.iter().enumerate() {
            let h = h as u16;
            let mut marks = Vec::new();
            let mut label = String::new();
            if let Some(p) = hx.place.map(|p| &d.places[p as usize]) {
                label = p.name.clone();
                // Towns and villages are known by their names; cities and forts are marked.
                match p.kind {
                    PlaceKind::City => marks.push("city".to_string()),
                    PlaceKind::Fort => marks.push("fort".to_string()),
                    PlaceKind::Town | PlaceKind::Village => {}
                }
                if p.fortress && p.kind != PlaceKind::Fort {
                    marks.push("fortress".into());
                }
                if p.port {
                    marks.push("port".into());
                }
                if p.vp > 0 {
                    marks.push(format!("{} VP", p.vp));
                }
                // BL 8: a place held by the other side.
                if let Some(c) = s.control.get(h as usize).filter(|&&c| c != p.owner) {
                    marks.push(format!("{} control", c.name()));
                }
            }
            if battle_hex == Some(h) || s.battles.iter().any(|b| b.hex == h) {
                marks.push("battle".into());
            }
            let fill = match hx.terrain {
                Terrain::Clear => "clear",
                Terrain::Forest => "forest",
                Terrain::Mountain => "mountain",
                Terrain::Sea => "sea",
            };
            b.spaces.push(BoardSpace { id: hx.label.clone(), label, x: hx.hex.x as f32, y: hx.hex.y as f32, fill: fill.into(), marks });
        }
        for (h, hx) in d.hexes.iter().enumerate() {
            let h = h as u16;
            for (dir, &n) in hx.nbr.iter().enumerate() {
                if n == NONE || n < h {
                    continue;
                }
                let mut link = |kind: &str| b.links.push(BoardLink { a: h, b: n, kind: kind.to_string() });
                match hx.side[dir] {
                    SideKind::Clear => {}
                    SideKind::MinorRiver => link("minor-river"),
                    SideKind::MajorRiver => link("river"),
                    SideKind::NavigableRiver => link("navigable-river"),
                    SideKind::Crossing => {
                        link("river");
                        link("ford");
                    }
                    SideKind::Marsh => link("marsh"),
                    SideKind::Gap => link("gap"),
                    SideKind::Mountain => link("mountain"),
                }
                if (hx.rail_std | hx.rail_broad) & (1 << dir) != 0 {
                    link("rail");
                }
                if hx.pike & (1 << dir) != 0 {
                    link("pike");
                }
            }
        }
        for (i, u) in s.units.iter().enumerate() {
            let def = &d.units[i];
            let mine = me == Some(def.side);
            // Pending cadres are secret until the Replacement Turn ends (BL 12.1).
            if !(u.st == St::Map || (u.st == St::Pending && mine)) || u.hex == NONE {
                continue;
            }
            // BL 2.5, 5.11: only own blocks and revealed enemy blocks show their face.
            let known = mine || u.shown;
            let ty = d.ty(i);
            let short = def.id.strip_prefix("usa-").or_else(|| def.id.strip_prefix("csa-")).unwrap_or(&def.id);
            b.pieces.push(if known {
                BoardPiece {
                    space: u.hex,
                    label: short.to_string(),
                    seat: Some(def.side.idx() as u8),
                    kind: if def.role == HqRole::None { ty.id.clone() } else { "hq".into() },
                    strength: Some(format!("{}/{}", u.steps, def.max)),
                    hidden: false,
                }
            } else {
                BoardPiece { space: u.hex, label: "?".into(), seat: Some(def.side.idx() as u8), kind: "block".into(), strength: None, hidden: true }
            });
        }
        let v = <Self as Game>::view(self, s, seat);
        let mut month = vec![
            format!("{} weather, {:?}", v.weather, s.phase),
            format!("{} to play", v.active),
            format!("Victory Track {:+} (positive: toward the USA, BL 3.1)", v.vp),
        ];
        if let Some(rp) = v.rp {
            month.push(format!("Your replacement points: {rp} (BL 12.2)"));
        }
        if s.sm > 0 {
            month.push(format!("Strategic moves left: {} (BL 5.4)", s.sm));
        }
        if let Some(bid) = v.my_bid {
            month.push(format!("Your bid: {bid} (BL 4.3)"));
        }
        let committed: Vec<&str> = [Side::Usa, Side::Csa].iter().filter(|x| v.committed[x.idx()]).map(|x| x.name()).collect();
        if !committed.is_empty() {
            month.push(format!("Committed: {}", committed.join(", ")));
        }
        b.panels.push(Panel { title: v.date.clone(), lines: month });
        if let Some(bt) = &v.battle {
            let mut lines = vec![format!("Attacker {}, day {}, {}: {}", bt.attacker, bt.day, bt.time, bt.step)];
            if bt.fortress {
                lines.push("Fortress battle (BL 11.9)".into());
            }
            for x in &bt.blocks {
                let pos = x.pos.clone().unwrap_or_else(|| "undeployed".into());
                let who = match (&x.id, x.steps) {
                    (Some(id), Some(st)) => format!("{id} {st}"),
                    _ => "?".into(),
                };
                lines.push(format!("{pos}: {} {who}{}", x.side, if x.disrupted { " (disrupted)" } else { "" }));
            }
            b.panels.push(Panel { title: format!("Battle in {} (BL 6-7)", bt.hex), lines });
        }
        b
    }

    /// Where an action happens: the unit's hex to its destination for moves and retreats, the
    /// piece's hex for choices about a piece.
    pub(super) fn action_hint(&self, s: &State, a: &Action) -> ActionHint {
        let at = |u: u8| s.units.get(u as usize).map(|x| x.hex).filter(|&h| h != NONE);
        let (from, to, group) = match a {
            Action::Move(u, h, _) => (at(*u), Some(*h), "Move (BL 5.3)"),
            Action::Force(u, h) => (at(*u), Some(*h), "Forced march (BL 5.32)"),
            Action::SmLand(u, h, _) => (at(*u), Some(*h), "Strategic move (BL 5.4)"),
            Action::Rail(u, h) => (at(*u), Some(*h), "Rail (BL 9.3)"),
            Action::Naval(u, h) | Action::Evacuate(u, h) | Action::Invade(u, h) => (at(*u), Some(*h), "Naval (BL 10.3, 10.4)"),
            Action::Cross(u, h) => (at(*u), Some(*h), "River crossing (BL 10.5)"),
            Action::Retreat(u, h) => (at(*u), Some(*h), "Retreat (BL 7.1)"),
            Action::Build(_, h) => (None, Some(*h), "Replacements (BL 12)"),
            Action::Step(u) => (at(*u), None, "Replacements (BL 12)"),
            Action::Draft => (None, None, "Conscription (BL 3.54)"),
            Action::Emancipate(_) => (None, None, "Emancipation (BL 3.55)"),
            Action::Bid(_) => (None, None, "Bid (BL 4.3)"),
            Action::Activate(u) => (at(*u), None, "Activate (BL 5.11)"),
            Action::HqSupply(u) => (at(*u), None, "HQ supply (BL 11.7)"),
            Action::Deploy(u, _) | Action::Fire(u, _) | Action::BMove(u, _) | Action::Disengage(u, _) | Action::Envelop(u, _) | Action::Target(u, _) => (at(*u), None, "Battle (BL 6, 7)"),
            Action::Reinforce(u) => (at(*u), s.battle.as_ref().map(|b| b.hex), "Battle (BL 6, 7)"),
            Action::Hit(u) => (at(*u), None, "Battle (BL 7.32)"),
            Action::Fight(h) => (None, Some(*h), "Battle (BL 6.1)"),
            Action::Demand(h) | Action::Surrender(h) => (None, Some(*h), "Surrender (BL 11.81)"),
            Action::Refuse => (None, None, "Surrender (BL 11.81)"),
            Action::Melee(_) | Action::Press | Action::Break(_) | Action::Withdraw | Action::Continue(_) => (None, None, "Battle (BL 6, 7)"),
            _ => (None, None, ""),
        };
        ActionHint { from, to, card: None, group: group.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::super::load_game;
    use super::*;
    use bivouac_engine::game::Setup;
    use bivouac_engine::log::Log;
    use bivouac_engine::rng::GameRng;

    /// The app's picture keeps BL 2.5 (fog of war): over random games, a seat's board shows an
    /// enemy block's face only once it is revealed, and never names a hidden enemy block;
    /// every hint points at real hexes, and a move's hint starts at the unit's own hex.
    #[test]
    fn board_hides_enemy_blocks_and_hints_point_at_the_map() {
        let (g, _) = load_game(&[crate::builtin_content_dir()]).expect("content loads");
        let mut s = g.setup(&Setup::new("1862", 2, 7)).expect("setup");
        let mut rng = GameRng::new(7);
        let n = g.data.hexes.len();
        for _ in 0..400 {
            for seat in 0..2u8 {
                let b = g.board(&s, Some(seat));
                assert_eq!(b.spaces.len(), n, "one space per hex");
                assert!(b.links.iter().all(|l| (l.a as usize) < n && (l.b as usize) < n));
                let short = |id: &str| id.strip_prefix("usa-").or_else(|| id.strip_prefix("csa-")).unwrap_or(id).to_string();
                let mut faces = Vec::new();
                let mut backs = 0;
                for (i, u) in s.units.iter().enumerate() {
                    let def = &g.data.units[i];
                    let mine = def.side.idx() as u8 == seat;
                    if mine && (u.on_map() || u.st == St::Pending) || !mine && u.on_map() && u.shown {
                        faces.push(short(&def.id));
                    } else if !mine && u.on_map() {
                        backs += 1;
                    }
                }
                for p in &b.pieces {
                    if p.hidden {
                        assert_eq!((p.label.as_str(), &p.strength, p.kind.as_str()), ("?", &None, "block"), "a hidden block shows nothing");
                    } else {
                        assert!(faces.contains(&p.label), "BL 2.5: {} is shown to seat {seat}", p.label);
                    }
                }
                assert_eq!(b.pieces.iter().filter(|p| p.hidden).count(), backs, "every unrevealed enemy block is shown by its back");
            }
            let Some(&seat) = g.active_seats(&s).first() else { break };
            let legal = g.legal_actions(&s, seat);
            for a in &legal {
                let h = g.hint(&s, a);
                assert!(h.from.is_none_or(|x| (x as usize) < n) && h.to.is_none_or(|x| (x as usize) < n), "{a:?}");
                if let Action::Move(u, to, _) = a {
                    assert_eq!((h.from, h.to), (Some(s.units[*u as usize].hex), Some(*to)));
                }
            }
            let a = legal[rng.pick(legal.len())].clone();
            g.apply(&mut s, seat, &a, &mut Log::quiet()).expect("a legal action applies");
        }
    }

    #[test]
    fn board_draws_the_hex_map_from_content() {
        let (g, _) = load_game(&[crate::builtin_content_dir()]).expect("content loads");
        let s = g.setup(&Setup::new("1861", 2, 1)).expect("setup");
        let b = g.board(&s, Some(0));
        assert_eq!(b.layout, Layout::HexPointy, "odd-r rows are pointy-topped");
        assert!(b.spaces.iter().any(|x| x.label == "Richmond"), "places are named");
        for kind in ["river", "rail", "mountain"] {
            assert!(b.links.iter().any(|l| l.kind == kind), "{kind} hexsides are drawn");
        }
        assert!(b.pieces.iter().any(|p| p.hidden) && b.pieces.iter().any(|p| !p.hidden), "own blocks face up, enemy blocks face down");
    }
}
