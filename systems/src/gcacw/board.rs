//! The drawable picture of a GCACW game for the app (engine `Board`): the hex map with its
//! terrain, hexside features (rivers, creeks, fords, bridges, dams, ferries, ridges) and routes
//! (pikes, roads, trails, railroads), the units and leaders as counters, and the turn and
//! combat panels; plus where each action happens (`ActionHint`). No rules here: it only reads.

use super::data::{Crossing, Kind, NO_HEX, NONE8};
use super::state::{self, Action, Frame, State};
use super::{Gcacw, SIDES};
use bivouac_engine::board::{ActionHint, Board, BoardLink, BoardPiece, BoardSpace, Layout, Panel};
use bivouac_engine::game::Seat;

impl Gcacw {
    /// GCACW has no hidden information in the Basic Game: every seat sees the same board.
    pub(super) fn make_board(&self, st: &State, seat: Option<Seat>) -> Board {
        let sc = self.sc(st);
        let m = &sc.map;
        let mut b = Board { layout: Layout::HexFlat, ..Default::default() };
        for (h, hx) in m.hexes.iter().enumerate() {
            let h = h as u16;
            let mut marks = Vec::new();
            if hx.town && hx.name.is_none() {
                marks.push("town".to_string());
            }
            if hx.redoubt {
                marks.push("redoubt".into());
            }
            if hx.station {
                // GCACW 5.4: a burnt station is damaged or destroyed.
                match st.stations.iter().find(|&&(s, _)| s == h) {
                    Some((_, 2)) => marks.push("station destroyed".into()),
                    Some(_) => marks.push("station damaged".into()),
                    None => marks.push("station".into()),
                }
            }
            for o in sc.objectives.iter().filter(|o| o.hex == h) {
                marks.push(format!("VP {}/{}", o.vp[0], o.vp[1]));
            }
            // GCACW 9.0: entrenchments belong to the units in the hex.
            if let Some((d, u)) = sc.units.iter().zip(&st.units).find(|(_, u)| u.on_map() && u.hex == h && u.ent > 0) {
                marks.push(format!("{} ({})", state::ent_name(u.ent), SIDES[d.side as usize]));
            }
            for &(_, side) in st.refused.iter().filter(|&&(x, _)| x == h) {
                marks.push(format!("flank refused ({})", SIDES[side as usize]));
            }
            b.spaces.push(BoardSpace {
                id: hx.label.clone(),
                label: hx.name.clone().unwrap_or_default(),
                x: hx.ax.x as f32,
                y: hx.ax.y as f32,
                fill: hx.terrain.name().to_string(),
                marks,
            });
        }
        let destroyed = |a: u16, c: u16| st.destroyed.contains(&(a.min(c), a.max(c)));
        for (h, hx) in m.hexes.iter().enumerate() {
            let h = h as u16;
            for (d, &n) in hx.nbr.iter().enumerate() {
                if n == NO_HEX || n < h {
                    continue;
                }
                let s = &hx.side[d];
                let mut link = |kind: &str| b.links.push(BoardLink { a: h, b: n, kind: kind.to_string() });
                match s.river {
                    2 => link("river"),
                    1 => link("minor-river"),
                    _ => {}
                }
                if s.creek {
                    link("creek");
                }
                if s.ridge != 0 {
                    link("ridge");
                }
                match s.crossing {
                    Crossing::None => {}
                    Crossing::Ford => link("ford"),
                    // GCACW 10.0: a destroyed bridge or ferry is gone (a ferry may leave a ford).
                    Crossing::Bridge | Crossing::Dam if destroyed(h, n) => {}
                    Crossing::Ferry if destroyed(h, n) => {
                        if s.ford_remains {
                            link("ford");
                        }
                    }
                    Crossing::Bridge => link("bridge"),
                    Crossing::Dam => link("dam"),
                    Crossing::Ferry => link("ferry"),
                }
                if s.pike {
                    link("pike");
                } else if s.road {
                    link("road");
                } else if s.trail {
                    link("trail");
                }
                if s.railroad {
                    link("rail");
                }
            }
        }
        for &(a, c, _, _) in &st.pontoons {
            b.links.push(BoardLink { a, b: c, kind: "pontoon".into() });
        }
        // GCACW 7.7 (Limited Intelligence): units under an enemy force marker are not drawn;
        // the marker is, by its number only (a decoy looks like any other marker).
        let hid = self.hidden_from(st, seat);
        for f in &st.forces {
            let own = Some(f.side) == seat;
            let label = if own && !f.real { format!("Force {} (decoy)", f.num) } else { format!("Force {}", f.num) };
            b.pieces.push(BoardPiece { space: f.hex, label, seat: Some(f.side), kind: "marker".into(), strength: None, hidden: !own });
        }
        for (i, (d, u)) in sc.units.iter().zip(&st.units).enumerate() {
            if !u.on_map() || hid & (1 << i) != 0 {
                continue;
            }
            let mut strength = format!("{}", u.mp);
            if !u.org {
                strength.push_str(" dis");
            }
            if u.fat > 0 {
                strength.push_str(&format!(" F{}", u.fat));
            }
            if u.exh {
                strength.push_str(" exh");
            }
            if u.dem > 0 {
                strength.push_str(&format!(" D{}", u.dem));
            }
            let kind = match d.kind {
                Kind::Inf => "infantry",
                Kind::Cav => "cavalry",
                Kind::Art => "artillery",
            };
            // Leaders first, so the unit's counter is drawn on top of them (the stack lists all).
            for (ld, l) in sc.leaders.iter().zip(&st.leaders) {
                if !l.gone && l.unit as usize == i {
                    b.pieces.push(BoardPiece {
                        space: u.hex,
                        label: ld.name.clone(),
                        seat: Some(ld.side),
                        kind: "leader".into(),
                        strength: Some(format!("T{} C{}", ld.tactical, ld.command_value)),
                        hidden: false,
                    });
                }
            }
            b.pieces.push(BoardPiece { space: u.hex, label: d.name.clone(), seat: Some(d.side), kind: kind.into(), strength: Some(strength), hidden: false });
        }
        let date = sc.turn_names.get(st.turn as usize - 1).cloned().unwrap_or_default();
        let mut turn = vec![format!("{:?} phase", st.phase), format!("Awaiting {}", self.awaiting(st))];
        if st.dice != [0, 0] {
            turn.push(format!("Initiative dice (GCACW 4.2): Union {}, Confederate {}", st.dice[0], st.dice[1]));
        }
        if st.rain {
            turn.push("Rain (GCACW 12.0)".into());
        }
        turn.push(format!("Manpower lost: Union {}, Confederate {}", st.lost[0], st.lost[1]));
        let later = st.units.iter().filter(|u| u.hex == NO_HEX && !u.gone).count();
        if later > 0 {
            turn.push(format!("{later} units still to arrive"));
        }
        b.panels.push(Panel { title: format!("{} — turn {}/{} ({date})", sc.title, st.turn, sc.turns), lines: turn });
        if let Some(c) = &st.combat {
            let names = |mask: u64| -> String {
                let v: Vec<&str> = (0..sc.units.len()).filter(|&i| mask & (1 << i) != 0).map(|i| sc.units[i].name.as_str()).collect();
                v.join(", ")
            };
            let mut lines = vec![
                format!("{} attacks {} from {}", SIDES[c.att_side as usize], m.label(c.def_hex), m.label(c.att_hex)),
                format!("Attackers: {}", names(c.att_units)),
                format!("Defenders: {}", names(c.def_units)),
            ];
            if let Some(k) = c.kind {
                lines.push(format!("Attack type: {} (GCACW 6.1)", k.name()));
            }
            if c.leader != NONE8 {
                lines.push(format!("Assault by {}{} (GCACW 5.3)", sc.leaders[c.leader as usize].name, if c.grand { ", grand assault (GCACW 7.1)" } else { "" }));
            }
            // GCACW 7.4: the modifiers applied to the roll, as recorded then (never recomputed
            // from a board the losses and retreats have since changed).
            if let Some(d) = &c.drms {
                lines.push(format!("Modifiers (GCACW 7.4): attacker {}; defender {}", d.attacker_text(), d.defender_text()));
            }
            if c.stage > 0 {
                lines.push(format!("Result (GCACW 7.4): attacker {}, defender {}", c.ares.text(), c.dres.text()));
            }
            b.panels.push(Panel { title: "Combat".into(), lines });
        }
        if let Some(Frame::Retreat(r)) = st.flow.top() {
            let (lo, hi) = r.min_max();
            b.panels.push(Panel {
                title: "Retreat (GCACW 7.6)".into(),
                lines: vec![format!("{} {:?}: {} hexes so far ({lo}-{hi}), now in {}", SIDES[r.side as usize], r.kind, r.steps, m.label(r.cur))],
            });
        }
        b
    }

    /// Where an action happens: a piece's hex for choices about a piece, the target hex for
    /// moves, attacks and retreats (so the app lights the destinations).
    pub(super) fn action_hint(&self, st: &State, a: &Action) -> ActionHint {
        let unit_hex = |n: u16| self.unit_of(st, n).map(|u| st.units[u].hex).filter(|&h| h != NO_HEX);
        let leader_hex = |n: u16| {
            self.leader_of(st, n).and_then(|l| {
                let u = st.leaders[l].unit;
                (u != NONE8).then(|| st.units[u as usize].hex).filter(|&h| h != NO_HEX)
            })
        };
        let at = |l: state::Lab| self.hex_of(st, l);
        let (from, to, group) = match a {
            Action::Transfer { leader, unit } => (leader_hex(*leader), unit_hex(*unit), "Transfer (GCACW 6.3)"),
            Action::March { unit } => (unit_hex(*unit), None, "March (GCACW 5.1)"),
            Action::Activate { leader } => (leader_hex(*leader), None, "Leader activation (GCACW 5.2)"),
            Action::Assault { leader } => (leader_hex(*leader), None, "Assault (GCACW 5.3)"),
            Action::Burn { unit } => (unit_hex(*unit), None, "Burn a station (GCACW 5.4)"),
            Action::Entrench { unit } => (unit_hex(*unit), None, "Entrench (GCACW 5.5, 8.0)"),
            Action::Pick { unit } | Action::Next { unit } | Action::Lead { unit } | Action::Keep { unit } | Action::Join { unit } => {
                (unit_hex(*unit), None, "Units (GCACW 5.2, 5.3, 7.1)")
            }
            Action::Loss { unit } => (unit_hex(*unit), None, "Losses (GCACW 7.5)"),
            Action::Advance { unit } => (unit_hex(*unit), None, "Advance (GCACW 7.6)"),
            Action::Move { hex } => (None, at(*hex), "Move (GCACW 6.2)"),
            Action::Attack { hex, .. } => (None, at(*hex), "Attack (GCACW 6.1, 7.1)"),
            Action::Target { hex } => (None, at(*hex), "Assault target (GCACW 5.3)"),
            Action::RetreatTo { hex } | Action::Override { hex } => (None, at(*hex), "Retreat (GCACW 7.6)"),
            Action::Destroy { hex } | Action::Dismantle { hex } => (None, at(*hex), "Bridges (GCACW 10.0)"),
            Action::Bridge { unit, hex } => (unit_hex(*unit), at(*hex), "Bridges (GCACW 10.0)"),
            _ => (None, None, ""),
        };
        ActionHint { from, to, card: None, group: group.into() }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{DIR, data};
    use super::*;
    use bivouac_engine::content::ContentSet;
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::log::Log;
    use bivouac_engine::rng::GameRng;

    fn game() -> Gcacw {
        let set = ContentSet::open(&[crate::builtin_content_dir()], DIR).expect("content folder");
        Gcacw::new(data::load_data(&set).expect("content loads"))
    }

    /// The app's picture of Cedar Mountain: one flat-topped hex per map hex, the hexside
    /// features of the content (GCACW 2.3: creeks, ridges, minor rivers and their crossings,
    /// roads, railroads), one counter per unit on the map plus its leaders; over a random game
    /// every hint points at real hexes, and a march's moves light the hexes moved into.
    #[test]
    fn board_draws_the_map_and_hints_point_at_it() {
        let g = game();
        let mut st = g.setup(&Setup::new("cedar-mountain", 2, 3)).expect("setup");
        let n = g.sc(&st).map.hexes.len();
        let b = g.board(&st, None);
        assert_eq!((b.layout, b.spaces.len()), (Layout::HexFlat, n));
        for kind in ["creek", "ridge", "road", "rail", "minor-river"] {
            assert!(b.links.iter().any(|l| l.kind == kind), "{kind} is drawn");
        }
        assert!(b.spaces.iter().any(|s| s.label == "Culpeper Court House"), "towns are named");
        let on_map = st.units.iter().filter(|u| u.on_map()).count();
        assert_eq!(b.pieces.iter().filter(|p| p.kind != "leader").count(), on_map);
        assert!(b.pieces.iter().any(|p| p.kind == "leader"));
        let mut rng = GameRng::new(3);
        let mut moves = 0;
        for _ in 0..600 {
            let Some(&seat) = g.active_seats(&st).first() else { break };
            let legal = g.legal_actions(&st, seat);
            for a in &legal {
                let h = g.hint(&st, a);
                assert!(h.from.is_none_or(|x| (x as usize) < n) && h.to.is_none_or(|x| (x as usize) < n), "{a:?}");
                if let Action::Move { hex } = a {
                    assert_eq!(h.to, g.hex_of(&st, *hex));
                    moves += 1;
                }
            }
            let a = legal[rng.pick(legal.len())].clone();
            g.apply(&mut st, seat, &a, &mut Log::quiet()).expect("a legal action applies");
            let b = g.board(&st, Some(seat));
            assert!(b.pieces.iter().all(|p| (p.space as usize) < n));
        }
        assert!(moves > 0, "the random game marched");
    }
}
