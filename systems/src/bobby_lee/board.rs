//! The drawable picture of a Bobby Lee game for the app (engine `Board`): the hex map with its
//! terrain, hexside rivers, crossings, marshes, mountains and gaps, railroads and the Valley
//! Turnpike, places, and the blocks as `seat` may see them (BL 2.5: an enemy block shows only
//! its back until revealed); plus where each action happens (`ActionHint`). Reads only.

use super::data::{HqRole, PlaceKind, Side, SideKind, Terrain, NONE};
use super::battle;
use super::state::{Action, BStep, BUnit, Battle, St, State, NOBOX};
use super::BobbyLee;
use bivouac_engine::board::{ActionHint, BattleBoard, BattleBox, BattlePiece, BattleSide, Board, BoardLink, BoardPiece, BoardSpace, Layout, Panel};
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
            b.pieces.push(self.block_piece(s, i, mine || u.shown));
        }
        // BL 2.5: a stack is drawn face-up blocks first, by name, then the backs, so a hidden
        // block's place in its stack tells nothing (the roster order would).
        b.pieces.sort_by(|x, y| (x.space, x.seat, x.hidden, &x.label, &x.kind, &x.strength).cmp(&(y.space, y.seat, y.hidden, &y.label, &y.kind, &y.strength)));
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
        // The names the face-up blocks on the map bore (units.toml names the blocks for the
        // whole war; a scenario names them as they were in its first month, and a campaign
        // takes each year's names as the war reaches it).
        let sc = self.data.names_for(s.scenario as usize, s.campaign, s.year, s.month);
        let mut names: Vec<String> = v.blocks.iter().filter_map(|x| Some(format!("{}: {}", x.id.as_deref()?, x.name.as_deref()?))).collect();
        names.sort();
        names.dedup();
        if !names.is_empty() {
            b.panels.push(Panel { title: format!("Block names, {} {}", super::rules::month_name(sc.start_month), sc.year), lines: names });
        }
        b.battle = s.battle.as_ref().map(|bt| self.battle_board(s, bt, me));
        b
    }

    /// The battle board (BL 6.2) as `me` sees it: each side's Left, Center, Right and Reserve
    /// boxes, the defender's mirrored so that Left faces the enemy Right; own and revealed
    /// blocks face up, the others by their backs (BL 2.5); the clock (BL 6.3) and the step.
    fn battle_board(&self, s: &State, bt: &Battle, me: Option<Side>) -> BattleBoard {
        let d = &self.data;
        let names = ["Left", "Center", "Right", "Reserve"];
        let piece = |x: &BUnit| {
            let i = x.u as usize;
            let def = &d.units[i];
            let known = me == Some(def.side) || s.units[i].shown;
            let mut piece = self.block_piece(s, i, known);
            piece.space = bt.hex;
            let mut notes = Vec::new();
            if x.disrupted {
                notes.push("disrupted (BL 7.13)");
            }
            if x.fired {
                notes.push("fired");
            }
            if x.fresh {
                notes.push("arrived");
            }
            if x.env != NOBOX {
                notes.push(if x.lost { "lost (BL 7.43)" } else { "enveloping (BL 7.43)" });
            }
            // Only a face-up block is named, so the key tells nothing hidden (BL 2.5).
            let key = if known { def.id.clone() } else { String::new() };
            let name = if known { d.scenarios[s.scenario as usize].unit_name(&d.units, i).to_string() } else { String::new() };
            (known, BattlePiece { piece, note: notes.join(", "), key, name })
        };
        let defender = bt.attacker.other();
        let sides = [defender, bt.attacker]
            .into_iter()
            .map(|side| {
                // The defender's row is drawn facing the attacker's: Right, Center, Left.
                let order: [u8; 4] = if side == defender { [2, 1, 0, battle::RESERVE] } else { [0, 1, 2, battle::RESERVE] };
                let mut boxes: Vec<BattleBox> = order
                    .iter()
                    .map(|&pos| {
                        let here = battle::bx(side, pos);
                        BattleBox { name: names[pos as usize].into(), pieces: sorted(bt.units.iter().filter(|x| x.bx == here).map(piece).collect()), key: battle::box_name(here) }
                    })
                    .collect();
                let waiting: Vec<(bool, BattlePiece)> = bt.units.iter().filter(|x| x.bx == NOBOX && d.units[x.u as usize].side == side).map(piece).collect();
                boxes.push(BattleBox { name: "Not deployed (BL 6.2)".into(), pieces: sorted(waiting), key: String::new() });
                let role = if side == bt.attacker { "attacker" } else { "defender" };
                BattleSide { name: side.name().into(), seat: Some(side.idx() as u8), role: role.into(), boxes, ..Default::default() }
            })
            .collect();
        let times = ["Dawn", "Dawn", "Morning", "Morning", "Afternoon", "Afternoon", "Dusk", "Dusk", "Night"];
        let turn = bt.turn.min(8);
        let mover = if turn == 8 { "both sides".to_string() } else if turn.is_multiple_of(2) { bt.attacker.name().to_string() } else { defender.name().to_string() };
        let mut status = vec![
            format!("Day {}, {} (battle turn {} of 9, BL 6.3): {mover}", bt.day, times[turn as usize], turn + 1),
            battle_step(&bt.step),
        ];
        if bt.fortress {
            status.push("Fortress battle (BL 7.6)".into());
        }
        if let Some(c) = bt.casualties.first() {
            status.push(format!("Hits to take: {}{} (BL 7.32)", c.hits, if c.melee { " from a melee" } else { "" }));
        }
        let hex = &d.hexes[bt.hex as usize];
        let place = hex.place.map_or_else(String::new, |p| format!(" ({})", d.places[p as usize].name));
        BattleBoard { title: format!("Battle in {}{place}, attacker {} (BL 6-7)", hex.label, bt.attacker.name()), status, sides, ..Default::default() }
    }

    /// A block as `known`: its face (name, type, steps of its maximum) or its back (BL 2.5).
    fn block_piece(&self, s: &State, i: usize, known: bool) -> BoardPiece {
        let d = &self.data;
        let def = &d.units[i];
        let u = &s.units[i];
        if !known {
            return BoardPiece { space: u.hex, label: "?".into(), seat: Some(def.side.idx() as u8), kind: "block".into(), strength: None, hidden: true };
        }
        let short = def.id.strip_prefix("usa-").or_else(|| def.id.strip_prefix("csa-")).unwrap_or(&def.id);
        BoardPiece {
            space: u.hex,
            label: short.to_string(),
            seat: Some(def.side.idx() as u8),
            kind: if def.role == HqRole::None { d.ty(i).id.clone() } else { "hq".into() },
            strength: Some(format!("{}/{}", u.steps, def.max)),
            hidden: false,
        }
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
            Action::Swap(a, b) => (at(*a), at(*b), "Free deployment (BL 3.2.3)"),
            Action::Activate(u) => (at(*u), None, "Activate (BL 5.11)"),
            Action::HqSupply(u) => (at(*u), None, "HQ supply (BL 11.7)"),
            Action::Deploy(u, _) | Action::Fire(u, _) | Action::BMove(u, _) | Action::Disengage(u, _) | Action::Envelop(u, _) | Action::Target(u, _) => (at(*u), None, "Battle (BL 6, 7)"),
            Action::Reinforce(u) => (at(*u), s.battle.as_ref().map(|b| b.hex), "Battle (BL 6, 7)"),
            Action::Hit(u) => (at(*u), None, "Losses (BL 7.32, 11.6)"),
            Action::Fight(h) => (None, Some(*h), "Battle (BL 6.1)"),
            Action::Demand(h) | Action::Surrender(h) => (None, Some(*h), "Surrender (BL 11.81)"),
            Action::Refuse => (None, None, "Surrender (BL 11.81)"),
            Action::Melee(_) | Action::Press | Action::Break(_) | Action::Withdraw | Action::Continue(_) => (None, None, "Battle (BL 6, 7)"),
            _ => (None, None, ""),
        };
        // On the battle board (BL 6.2, 7.3, 7.4, 7.43): the block acted on and the box it goes
        // to or fires at, so a click on the block then on a lit box acts.
        let unit = |u: &u8| Some(self.data.units[*u as usize].id.clone());
        let (piece, to_box) = match a {
            Action::Deploy(u, b) | Action::Fire(u, b) | Action::BMove(u, b) | Action::Disengage(u, b) | Action::Envelop(u, b) => (unit(u), Some(battle::box_name(*b))),
            Action::Target(u, _) | Action::Hit(u) => (unit(u), None),
            _ => (None, None),
        };
        let words = self.action_words(&bivouac_engine::Game::notation(self, a));
        ActionHint { from, to, card: None, group: group.into(), piece, to_box, words }
    }

    /// The action in words for the app's buttons: blocks by name, battle boxes as boxes.
    fn action_words(&self, notation: &str) -> String {
        const PHRASES: &[(&str, &str)] = &[
            ("emancipate", "Proclaim emancipation"),
            ("no-emancipation", "Do not proclaim emancipation"),
            ("draft", "Conscription"),
            ("march", "March"),
            ("press", "Press the melee"),
            ("refuse", "Refuse to surrender"),
            ("end", "End"),
            ("withdraw", "Withdraw"),
            ("continue", "Fight another day"),
            ("step", "Add a step to {1}"),
            ("build", "Build {1} in {2}"),
            ("bid", "Bid {1}"),
            ("swap", "Swap {1} with {2}"),
            ("activate", "Activate {1}"),
            ("move", "Move {1} to {2}"),
            ("force", "Force march {1} to {2}"),
            ("sm", "Strategic move {1} to {2}"),
            ("rail", "Move {1} by rail to {2}"),
            ("naval", "Move {1} by sea to {2}"),
            ("invade", "Invade {2} with {1}"),
            ("evacuate", "Evacuate {1} to {2}"),
            ("cross", "Cross {1} to {2}"),
            ("hq-supply", "Supply from {1}"),
            ("demand", "Demand the surrender of {1}"),
            ("surrender", "Surrender {1}"),
            ("deploy", "Deploy {1} in {2}"),
            ("retreat", "Retreat {1} to {2}"),
            ("fire", "Fire {1} at {2}"),
            ("melee", "Melee in {1}"),
            ("break", "Break off in {1}"),
            ("bmove", "Move {1} to {2}"),
            ("disengage", "Disengage {1} to {2}"),
            ("reinforce", "Reinforce with {1}"),
            ("target", "Fire {1} at {2}"),
            ("envelop", "Envelop with {1} in {2}"),
            ("fight", "Fight the battle in {1}"),
            ("hit", "Take the loss on {1}"),
        ];
        crate::words::words(notation, PHRASES, |w| self.word(w))
    }

    /// A line of the log in words: an action as the buttons say it, ids and hexes by name
    /// ([`bivouac_engine::Game::text_words`]); from the text alone.
    pub(crate) fn line_words(&self, text: &str, line: bivouac_engine::board::Line) -> String {
        match line {
            bivouac_engine::board::Line::Action if bivouac_engine::Game::parse(self, text).is_ok() => self.action_words(text),
            _ => crate::words::named(text, |w| self.word(w)),
        }
    }

    /// The printed name of a word of the notation: a block, a battle box, a hex with a place.
    fn word(&self, w: &str) -> Option<String> {
        if let Some(u) = self.data.unit_index(w) {
            return Some(self.data.units[u].name.clone());
        }
        if w.len() == 4 && w.bytes().all(|b| b.is_ascii_digit()) {
            let h = self.data.hex_of_label(w)?;
            return Some(self.data.place_at(h).map_or_else(|| format!("hex {w}"), |p| p.name.clone()));
        }
        let (side, pos) = w.split_once('-')?;
        let side = match side {
            "usa" => "USA",
            "csa" => "CSA",
            _ => return None,
        };
        ["left", "center", "right", "reserve"].contains(&pos).then(|| format!("the {side} {pos} box"))
    }
}

/// Face-up blocks first, by name; backs last, so the order tells nothing hidden.
fn sorted(mut v: Vec<(bool, BattlePiece)>) -> Vec<BattlePiece> {
    v.sort_by(|a, b| (!a.0, &a.1.piece.label).cmp(&(!b.0, &b.1.piece.label)));
    v.into_iter().map(|(_, p)| p).collect()
}

/// The battle's pending step in words, with its rule.
fn battle_step(step: &BStep) -> String {
    let pos = |b: u8| format!("{} {}", battle::bside(b).name(), ["Left", "Center", "Right", "Reserve"][battle::bpos(b) as usize]);
    match *step {
        BStep::Deploy(side) => format!("{} deploys (BL 6.2)", side.name()),
        BStep::Retreat => "Retreat segment (BL 7.1)".into(),
        BStep::Combat => "Combat segment (BL 7.3)".into(),
        BStep::Melee { bx, by, round } => format!("Melee in the {} box, round {round}: {} presses or breaks off (BL 7.35)", pos(bx), by.name()),
        BStep::Moves => "Battle moves (BL 7.4)".into(),
        BStep::Reinforce => "Reinforcements (BL 7.5)".into(),
        BStep::Night(side) => format!("Night: {} withdraws or continues (BL 6.33)", side.name()),
        BStep::NightReinforce(side) => format!("Night reinforcement of {} (BL 6.33)", side.name()),
        BStep::Leave { by, rout, .. } => format!("{} {} (BL {})", by.name(), if rout { "is routed and retreats" } else { "withdraws" }, if rout { "7.15" } else { "6.33" }),
        BStep::Casualty(side) => format!("{} chooses which block takes the hit (BL 7.32)", side.name()),
        BStep::Regroup(side, _) => format!("{} regroups: retreat or reinforce (BL 6.4)", side.name()),
        BStep::Disengage { morale, .. } => format!("a disengaged block chooses its box (BL {})", if morale { "7.2" } else { "7.35, 7.42" }),
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

    /// BL 6.2, 2.5: the battle board lists every block in the battle once, in its box (or as
    /// not yet deployed), the defender's row first and mirrored; a seat sees the face of its own
    /// and of revealed blocks only; the clock names the day and time (BL 6.3); the hints of
    /// deployments and battle moves name the block and the box, for deploying by clicking.
    #[test]
    fn battle_board_draws_the_boxes_and_hides_unrevealed_enemy_blocks() {
        let (g, _) = load_game(&[crate::builtin_content_dir()]).expect("content loads");
        let mut battles = 0;
        for seed in 1..40 {
            let mut s = g.setup(&Setup::new("1862", 2, seed)).expect("setup");
            let mut rng = GameRng::new(seed);
            for _ in 0..1500 {
                if let Some(bt) = &s.battle {
                    battles += 1;
                    for seat in 0..2u8 {
                        let board = g.board(&s, Some(seat)).battle.expect("BL 6: a battle is drawn");
                        assert_eq!(board.sides.len(), 2);
                        assert_eq!(board.sides[0].role, "defender");
                        assert_eq!(board.sides[0].boxes.iter().map(|b| b.name.as_str()).take(4).collect::<Vec<_>>(), ["Right", "Center", "Left", "Reserve"], "BL 6.2: Left faces the enemy Right");
                        assert_eq!(board.sides[1].boxes.iter().map(|b| b.name.as_str()).take(4).collect::<Vec<_>>(), ["Left", "Center", "Right", "Reserve"]);
                        assert!(board.status[0].starts_with(&format!("Day {}", bt.day)));
                        let pieces: Vec<&BattlePiece> = board.sides.iter().flat_map(|x| &x.boxes).flat_map(|b| &b.pieces).collect();
                        assert_eq!(pieces.len(), bt.units.len(), "every block in the battle once");
                        let backs = bt.units.iter().filter(|x| g.data.units[x.u as usize].side.idx() as u8 != seat && !s.units[x.u as usize].shown).count();
                        assert_eq!(pieces.iter().filter(|p| p.piece.hidden).count(), backs, "BL 2.5: unrevealed enemy blocks show their backs");
                        assert!(pieces.iter().filter(|p| p.piece.hidden).all(|p| p.piece.label == "?" && p.piece.strength.is_none()));
                        assert!(pieces.iter().all(|p| p.piece.hidden == p.key.is_empty()), "BL 2.5: only a face-up block is named by its key");
                        // A face-up block reads by its name and strength as on the map; a
                        // hidden one by neither (BL 2.5).
                        let sc = &g.data.scenarios[s.scenario as usize];
                        for p in &pieces {
                            let named = g.data.unit_index(&p.key).map(|u| sc.unit_name(&g.data.units, u));
                            assert_eq!(p.piece.hidden, p.name.is_empty(), "BL 2.5: a block is named exactly when face up");
                            assert!(p.piece.hidden || named == Some(p.name.as_str()), "{}: named {:?}", p.key, p.name);
                            assert!(p.piece.hidden || p.piece.strength.is_some(), "a face-up block shows its strength");
                        }
                    }
                }
                let Some(&seat) = g.active_seats(&s).first() else { break };
                let legal = g.legal_actions(&s, seat);
                // BL 6.2, 7.3, 7.4: a deployment, fire or battle move names its block and the box
                // it goes to (or fires at) as the acting seat's battle board names them.
                if let Some(board) = s.battle.as_ref().and_then(|_| g.board(&s, Some(seat)).battle) {
                    let boxes: Vec<&str> = board.sides.iter().flat_map(|x| &x.boxes).map(|b| b.key.as_str()).filter(|k| !k.is_empty()).collect();
                    let keys: Vec<&str> = board.sides.iter().flat_map(|x| &x.boxes).flat_map(|b| &b.pieces).map(|p| p.key.as_str()).collect();
                    assert_eq!(boxes.len(), 8, "four boxes a side");
                    for a in &legal {
                        let h = g.hint(&s, a);
                        assert!(h.to_box.as_deref().is_none_or(|b| boxes.contains(&b)), "{a:?}: its box is on the board");
                        assert!(h.piece.as_deref().is_none_or(|p| keys.contains(&p)), "{a:?}: its block is on the board");
                        if let Action::Deploy(u, b) = a {
                            assert_eq!((h.piece.as_deref(), h.to_box), (Some(g.data.units[*u as usize].id.as_str()), Some(battle::box_name(*b))));
                        }
                    }
                }
                let a = legal[rng.pick(legal.len())].clone();
                g.apply(&mut s, seat, &a, &mut Log::quiet()).expect("a legal action applies");
            }
            if battles > 30 {
                break;
            }
        }
        assert!(battles > 0, "random games reach a battle");
    }
}
