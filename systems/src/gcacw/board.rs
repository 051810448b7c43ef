//! The drawable picture of a GCACW game for the app (engine `Board`): the hex map with its
//! terrain, hexside features (rivers, creeks, fords, bridges, dams, ferries, ridges) and routes
//! (pikes, roads, trails, railroads), the units and leaders as counters, the turn panel, the
//! combat as a battle board (sides, combat values, die-roll modifiers, results); plus where
//! each action happens (`ActionHint`). No rules here: it only reads.

use super::combat::bits;
use super::data::{Crossing, Kind, LeaderDef, NO_HEX, NONE8, UnitDef};
use super::state::{self, Action, Combat, Frame, State, UnitSt};
use super::{Gcacw, SIDES};
use bivouac_engine::board::{ActionHint, BattleBoard, BattleBox, BattleModifier, BattlePiece, BattleSide, Board, BoardLink, BoardPiece, BoardSpace, Layout, Panel};
use bivouac_engine::game::Seat;

impl Gcacw {
    /// GCACW has no hidden information in the Basic Game: every seat sees the same board.
    pub(super) fn make_board(&self, st: &State, seat: Option<Seat>) -> Board {
        let sc = self.sc(st);
        let hid = self.hidden_from(st, seat);
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
            // GCACW 9.0: entrenchments belong to the units in the hex; a hidden unit's is on the
            // secret force display (GCACW 12.0).
            let seen = |i: usize| hid & (1 << i) == 0;
            if let Some((_, (d, u))) = sc.units.iter().zip(&st.units).enumerate().find(|(i, (_, u))| seen(*i) && u.on_map() && u.hex == h && u.ent > 0) {
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
        // GCACW 12.0 (Limited Intelligence): units under an enemy force marker are not drawn;
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
            // Leaders first, so the unit's counter is drawn on top of them (the stack lists all).
            for (ld, l) in sc.leaders.iter().zip(&st.leaders) {
                if !l.gone && l.unit as usize == i {
                    b.pieces.push(leader_piece(ld, u.hex));
                }
            }
            b.pieces.push(unit_piece(d, u));
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
            turn.push(format!("{later} unit{} still to arrive", if later == 1 { "" } else { "s" }));
        }
        b.panels.push(Panel { title: format!("{} — turn {}/{} ({date})", sc.title, st.turn, sc.turns), lines: turn });
        b.battle = st.combat.as_ref().map(|c| self.battle_board(st, c));
        if let Some(Frame::Retreat(r)) = st.flow.top() {
            let (lo, hi) = r.min_max();
            b.panels.push(Panel {
                title: "Retreat (GCACW 7.6)".into(),
                lines: vec![format!("{} {:?}: {} hexes so far ({lo}-{hi}), now in {}", SIDES[r.side as usize], r.kind, r.steps, m.label(r.cur))],
            });
        }
        b
    }

    /// The combat under way as a battle board (GCACW 7.1): who attacks whom from where, each
    /// side's units and combat value; once the dice are rolled, every die-roll modifier with
    /// its rule (GCACW 7.4), the dice, the differential and the results read on the Combat
    /// Results Table (GCACW 7.5).
    fn battle_board(&self, st: &State, c: &Combat) -> BattleBoard {
        let sc = self.sc(st);
        let m = &sc.map;
        let def_side = 1 - c.att_side;
        let def_units = if c.stage == 0 { self.side_units_at(st, c.def_hex, def_side) } else { c.def_units };
        let counters = |mask: u64| -> Vec<BattlePiece> {
            let mut v = Vec::new();
            for i in bits(mask) {
                let (d, u) = (&sc.units[i], &st.units[i]);
                for (ld, l) in sc.leaders.iter().zip(&st.leaders) {
                    if !l.gone && l.unit as usize == i {
                        v.push(BattlePiece { piece: leader_piece(ld, u.hex), ..Default::default() });
                    }
                }
                v.push(BattlePiece { piece: unit_piece(d, u), note: if u.gone { "eliminated".into() } else { String::new() }, ..Default::default() });
            }
            v
        };
        let side = |s: u8, role: &str, place: String, mask: u64, strength: String| BattleSide {
            name: SIDES[s as usize].to_string(),
            seat: Some(s),
            role: role.into(),
            boxes: vec![BattleBox { name: place, pieces: counters(mask), key: String::new() }],
            strength,
        };
        let roll = c.roll.as_ref().filter(|_| c.stage > 0);
        // The combat values the dice were rolled with (losses since then lower the units').
        let (att_half, def_raw, def_q) = match roll {
            Some(r) => (r.drms.att_half, r.drms.def_raw_half, r.drms.def_q),
            None => (self.attack_half(st, c.att_units), self.raw_half(st, def_units), self.defense_q(st, def_units)),
        };
        let sides = vec![
            side(c.att_side, "attacker", format!("Attacking from {}", m.label(c.att_hex)), c.att_units, format!("Combat value {} (GCACW 7.3)", half(att_half))),
            side(def_side, "defender", format!("Defending {}", m.label(c.def_hex)), def_units, format!("Combat value {}, {} with its works (GCACW 7.3, 9.0)", half(def_raw), half(def_q))),
        ];
        let mut status = vec![match c.kind {
            Some(k) => format!("{} attack (GCACW 6.1)", k.name()),
            None => "Attack type not yet chosen (GCACW 6.1)".into(),
        }];
        if c.leader != NONE8 {
            status.push(format!("Assault by {}{} (GCACW 5.3)", sc.leaders[c.leader as usize].name, if c.grand { ", grand assault (GCACW 7.2)" } else { "" }));
        }
        let mut b = BattleBoard { title: format!("{} attacks {} (GCACW 7.1)", SIDES[c.att_side as usize], m.label(c.def_hex)), status, sides, ..Default::default() };
        let Some(r) = roll else {
            b.results.push("Not yet resolved: each side will roll one die and add its modifiers; the difference gives the row of the Combat Results Table (GCACW 7.4, 7.5).".into());
            return b;
        };
        let d = &r.drms;
        let mut add = |side: u8, name: String, value: i32, rule: &str, always: bool| {
            if value != 0 || always {
                b.modifiers.push(BattleModifier { side, name, value, rule: rule.into() });
            }
        };
        add(0, format!("Combat values {} against {}", half(d.att_half), half(d.def_q)), d.ratio, "GCACW 7.4 (ratio)", true);
        add(0, "Tactical ratings".into(), d.tactical, "GCACW 7.4 (tactical)", false);
        add(0, "Artillery".into(), d.artillery, "GCACW 7.4 (artillery)", false);
        add(0, "Attack type".into(), d.kind, "GCACW 6.1, 7.4", false);
        add(0, "Assault".into(), d.assault, "GCACW 7.4 (assault)", false);
        add(0, "Leader (Lee, Longstreet or Jackson)".into(), d.leader, "GCACW 7.4 (leader)", false);
        add(0, "Rain".into(), d.rain, "GCACW 7.4, 12.0", false);
        add(0, "Flank attack".into(), d.flank, "GCACW 7.4 (flank)", false);
        add(1, "Terrain".into(), d.terrain, "GCACW 7.4 (terrain)", true);
        add(1, "Demoralized defenders".into(), d.d2, "GCACW 7.4 (demoralized)", false);
        let att = SIDES[c.att_side as usize];
        let def = SIDES[def_side as usize];
        b.results.push(format!("{att} rolls {} {:+} = {}; {def} rolls {} {:+} = {} (GCACW 7.4)", r.attacker, d.attacker(), r.attacker as i32 + d.attacker(), r.defender, d.defender(), r.defender as i32 + d.defender()));
        b.results.push(format!("Differential {:+}: Combat Results Table (GCACW 7.5): defender {}, attacker {}", r.diff, or_none(c.dres.text()), or_none(c.ares.text())));
        if c.overload > 0 {
            b.results.push(format!("Grand-assault overload: the attacker loses {} more manpower (GCACW 7.2)", c.overload));
        }
        b.results.push(format!("Manpower lost so far: Union {}, Confederate {}", st.lost[0], st.lost[1]));
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
        let words = self.action_words(st.sc as usize, &bivouac_engine::Game::notation(self, a));
        ActionHint { from, to, group: group.into(), words, ..Default::default() }
    }

    /// The action in words for the app's buttons: units and leaders by their printed names.
    fn action_words(&self, sc: usize, notation: &str) -> String {
        const PHRASES: &[(&str, &str)] = &[
            ("pass", "Pass"),
            ("done", "Done"),
            ("go", "Go on"),
            ("end", "End"),
            ("force", "Force march"),
            ("refuse", "Refuse"),
            ("halt", "Halt"),
            ("stay", "Stay"),
            ("withdraw", "Withdraw"),
            ("grand", "Grand assault"),
            ("nogrand", "No grand assault"),
            ("cavretreat", "Cavalry retreat"),
            ("transfer", "Transfer {1} to {2}"),
            ("march", "March with {1}"),
            ("activate", "Activate {1}"),
            ("assault", "Assault with {1}"),
            ("burn", "Burn the station with {1}"),
            ("pick", "Pick {1}"),
            ("next", "Next: {1}"),
            ("lead", "Lead {1}"),
            ("move", "Move to {1}"),
            ("attack", "Attack {1} ({2})"),
            ("target", "Assault {1}"),
            ("keep", "Keep {1}"),
            ("join", "Join {1}"),
            ("loss", "Take the loss on {1}"),
            ("retreat", "Retreat to {1}"),
            ("override", "Retreat to {1} (override)"),
            ("advance", "Advance with {1}"),
            ("entrench", "Entrench {1}"),
            ("destroy", "Destroy the bridge at {1}"),
            ("dismantle", "Dismantle the bridge at {1}"),
            ("bridge", "Build a bridge with {1} at {2}"),
            ("repair", "Repair with {1} at {2}"),
            ("marker", "Force marker at {1}"),
            ("hide", "Put under force marker {1}: {2}"),
            ("unmark", "Remove force marker {1}"),
            ("feint", "Decoy force marker {1}: {2}"),
        ];
        crate::words::words(notation, PHRASES, |w| self.word(sc, w))
    }

    /// A line of the log in words: an action as the buttons say it, units, leaders and named
    /// hexes by name ([`bivouac_engine::Game::text_words`]); from the text and the scenario.
    pub(crate) fn line_words(&self, scenario: &str, text: &str, line: bivouac_engine::board::Line) -> String {
        let Some(sc) = self.data.scenarios.iter().position(|s| s.id == scenario) else { return text.to_string() };
        match line {
            bivouac_engine::board::Line::Action if bivouac_engine::Game::parse(self, text).is_ok() => self.action_words(sc, text),
            _ => crate::words::named(text, |w| self.word(sc, w)),
        }
    }

    /// The printed name of a word of the notation in scenario `sc`: a unit, a leader, a hex
    /// with a place's name (other hexes keep their number).
    fn word(&self, sc: usize, w: &str) -> Option<String> {
        let data = &self.data.scenarios[sc];
        match w {
            "corps-leader" => return Some("with a corps leader".into()),
            // Entrenchments under way (GCACW 9.0), as the log names them.
            "breastwork-build" => return Some("breastworks under construction".into()),
            "fort-build" | "fort-build-1" | "fort-build-2" => return Some("a fort under construction".into()),
            _ => {}
        }
        if let Some(&h) = data.map.by_label.get(w) {
            return data.map.hexes[h as usize].name.clone();
        }
        let n = *self.name_idx.get(w)?;
        if let Some(u) = self.unit_name[sc].iter().position(|&x| x == n) {
            return Some(data.units[u].name.clone());
        }
        self.leader_name[sc].iter().position(|&x| x == n).map(|l| data.leaders[l].name.clone())
    }
}

/// A unit's counter: its name, type and manpower with its states (disorganized, fatigue,
/// exhausted, demoralized).
fn unit_piece(d: &UnitDef, u: &UnitSt) -> BoardPiece {
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
    BoardPiece { space: u.hex, label: d.name.clone(), seat: Some(d.side), kind: kind.into(), strength: Some(strength), hidden: false }
}

/// A leader's counter: tactical and command values.
fn leader_piece(ld: &LeaderDef, hex: u16) -> BoardPiece {
    BoardPiece { space: hex, label: ld.name.clone(), seat: Some(ld.side), kind: "leader".into(), strength: Some(format!("T{} C{}", ld.tactical, ld.command_value)), hidden: false }
}

/// A value counted in half points, as printed ("7", "7½").
fn half(h: u32) -> String {
    if h % 2 == 1 { format!("{}½", h / 2) } else { format!("{}", h / 2) }
}

fn or_none(t: String) -> String {
    if t.is_empty() { "no effect".into() } else { t }
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

    /// GCACW 7.1, 7.4, 7.5: a combat is drawn as a battle board: attacker and defender with
    /// their units and combat values; once rolled, every non-zero die-roll modifier with its
    /// rule (the ratio and terrain always), the dice and the Combat Results Table's results,
    /// the same figures the log gives.
    #[test]
    fn combat_is_drawn_with_its_modifiers_dice_and_results() {
        let g = game();
        let mut shown = 0;
        for seed in 1..30u64 {
            let mut st = g.setup(&Setup::new("cedar-mountain", 2, seed)).expect("setup");
            let mut rng = GameRng::new(seed);
            let mut logged = String::new();
            for _ in 0..3000 {
                let Some(&seat) = g.active_seats(&st).first() else { break };
                if let Some(c) = &st.combat {
                    let bb = g.board(&st, Some(seat)).battle.expect("GCACW 7.1: the combat is drawn");
                    assert_eq!((bb.sides.len(), bb.sides[0].role.as_str(), bb.sides[0].seat), (2, "attacker", Some(c.att_side)));
                    assert!(bb.sides.iter().all(|x| x.strength.starts_with("Combat value")), "GCACW 7.3: each side's combat value");
                    if c.stage > 0 {
                        shown += 1;
                        assert!(bb.modifiers.iter().all(|m| m.rule.starts_with("GCACW")), "every modifier cites its rule");
                        let value = |rule: &str| bb.modifiers.iter().find(|m| m.rule == rule).map(|m| m.value);
                        let in_log = |name: &str| logged.split(&format!("{name} ")).nth(1).and_then(|t| t.split([',', ')']).next()).and_then(|v| v.trim_start_matches('+').parse::<i32>().ok());
                        assert_eq!(value("GCACW 7.4 (ratio)"), in_log("ratio"), "{logged}");
                        assert_eq!(value("GCACW 7.4 (terrain)"), in_log("terrain"), "{logged}");
                        assert_eq!(value("GCACW 7.4 (flank)").unwrap_or(0), in_log("flank").unwrap(), "{logged}");
                        assert!(bb.results[1].contains(&format!("defender {}", or_none(c.dres.text()))), "{:?}", bb.results);
                        let total: i32 = bb.modifiers.iter().filter(|m| m.side == 0).map(|m| m.value).sum();
                        assert!(bb.results[0].contains(&format!("{total:+} =")), "the attacker's modifiers add up: {:?}", bb.results);
                    }
                }
                let legal = g.legal_actions(&st, seat);
                let a = legal[rng.pick(legal.len())].clone();
                let mut log = Log::recording();
                g.apply(&mut st, seat, &a, &mut log).expect("a legal action applies");
                if let Some(e) = log.events.iter().find(|e| e.text.starts_with("combat: attacker")) {
                    logged = e.text.clone();
                }
            }
            if shown > 20 {
                break;
            }
        }
        assert!(shown > 0, "random games fight");
    }
}
