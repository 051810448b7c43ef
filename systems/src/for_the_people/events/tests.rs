//! Tests of the event engine (FtP 4.2): playability as data, asks, rolls, commands, refusals of
//! broken or hostile scripts, the half-played event as plain data, interrupt windows (4.2.5);
//! and of the example cards #11, #12 and #41. Card tests of the other cards live in
//! `cards_tests.rs`.

use super::super::content::{Control, Side};
use super::super::state::*;
use super::testkit::*;
use bivouac_engine::game::Game;
use bivouac_engine::log::Log;

// ---------------------------------------------------------------------------------------------
// The example cards

#[test]
fn card_012_cabinet_intrigue_union_sw_minus_3_and_kept_fpt_4_2_1() {
    let g = game();
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 12);
    // Not the CSA's round: the event is not offered, and refused.
    assert!(!offered(g, &st, Side::Csa, 12));
    let r = play(g, &mut st, Side::Csa, 12, &[], &[]).unwrap_err();
    assert_eq!(r.rule, "FtP 3.3.2");
    round(&mut st, Side::Csa);
    // FtP 4.2: a CSA event cannot be played by the Union.
    give(&mut st, Side::Union, 12);
    round(&mut st, Side::Union);
    assert!(!offered(g, &st, Side::Union, 12));
    assert_eq!(play(g, &mut st, Side::Union, 12, &[], &[]).unwrap_err().rule, "FtP 4.2");
    give(&mut st, Side::Csa, 12);
    round(&mut st, Side::Csa);
    let sw = st.sw[0];
    assert!(!st.sw_plus[0]);
    play(g, &mut st, Side::Csa, 12, &[], &[]).unwrap();
    // Example of play: Union -3 SW (the marker is already "-": no Change of Fortune, 12.4).
    assert_eq!(st.sw[0], sw - 3);
    // The example: the card is not removed (FtP 4.2.1).
    assert_eq!(pile_of(&st, 12), "discard");
    // The CSA's round is used: the Union plays next (FtP 3.3.2).
    assert_eq!(st.next, Side::Union);
}

#[test]
fn card_011_nathaniel_lyon_three_union_pcs_in_missouri() {
    let g = game();
    let mut st = position("1861", 1);
    give(&mut st, Side::Union, 11);
    assert!(offered(g, &st, Side::Union, 11));
    // The example of play: Ironton, Lexington and St. Joseph.
    play(g, &mut st, Side::Union, 11, &["ironton", "lexington_mo", "st_joseph"], &[]).unwrap();
    for s in ["ironton", "lexington_mo", "st_joseph"] {
        assert_eq!(st.control(sp(s)), Control::Of(Side::Union), "{s}");
    }
    assert_eq!(pile_of(&st, 11), "discard");
    // A space already chosen is not offered again; St. Louis (Union already) never is.
    let mut st = position("1861", 1);
    give(&mut st, Side::Union, 11);
    let mut dice: Vec<u8> = vec![];
    let mut roll = |_: &mut State| dice.pop().unwrap();
    g.event_action_with(&mut st, Frame::Round { side: Side::Union }, &Action::Event { card: 11 }, &mut Log::quiet(), &mut roll).unwrap().unwrap();
    assert!(options(&st).contains(&"ironton".to_string()));
    assert!(!options(&st).contains(&"st_louis".to_string()));
    // Not playable once no Missouri space can take a PC.
    let mut st = position("1861", 1);
    for (s, id, d) in g.c.map.spaces() {
        let _ = id;
        if g.c.states[d.state as usize].id == "mo" {
            st.control[s.index()] = Control::Of(Side::Union);
        }
    }
    give(&mut st, Side::Union, 11);
    assert!(!offered(g, &st, Side::Union, 11));
    assert_eq!(play(g, &mut st, Side::Union, 11, &[], &[]).unwrap_err().rule, "FtP 4.2");
}

#[test]
fn card_041_governor_harris_two_csa_sp_in_tennessee_fpt_4_2_7() {
    let g = game();
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 41);
    round(&mut st, Side::Csa);
    let before = st.sp[sp("nashville") as usize][1];
    let total = g.total_sp(&st, Side::Csa);
    play(g, &mut st, Side::Csa, 41, &["nashville", "nashville"], &[]).unwrap();
    // The example of play: +2 CSA SP, both at Nashville.
    assert_eq!(st.sp[sp("nashville") as usize][1], before + 2);
    assert_eq!(g.total_sp(&st, Side::Csa), total + 2);
    assert_eq!(st.sp_gained[1], 2, "conservation: the new SP are counted as gained");
    // FtP 4.2.7: never in a space the enemy occupies: Memphis with a Union SP is not offered.
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 41);
    round(&mut st, Side::Csa);
    st.sp[sp("memphis") as usize] = [1, 0];
    let mut dice: Vec<u8> = vec![];
    let mut roll = |_: &mut State| dice.pop().unwrap();
    g.event_action_with(&mut st, Frame::Round { side: Side::Csa }, &Action::Event { card: 41 }, &mut Log::quiet(), &mut roll).unwrap().unwrap();
    assert!(!options(&st).contains(&"memphis".to_string()));
}

// ---------------------------------------------------------------------------------------------
// The engine

const ROLLER: &str = r#"
function declare() return { text = "Roll a die: Union SW minus the roll; then the CSA picks yes or no.", turns = {1, 2}, requires = {"no_emancipation"} } end
function play(view)
  if #view.inputs == 0 then return { roll = 1 } end
  if #view.inputs == 1 then return { ask = { seat = "csa", prompt = "also -1?", options = {"yes", "no"} } } end
  local d = -view.inputs[1]
  if view.inputs[2] == "yes" then d = d - 1 end
  return { commands = { { sw = { side = "union", change = d } }, { log = "done" } } }
end
"#;

#[test]
fn rolls_come_from_the_engine_and_choices_from_the_asked_seat_fpt_4_2() {
    let g = with_script(12, ROLLER).unwrap();
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 12);
    round(&mut st, Side::Csa);
    let sw = st.sw[0];
    play(&g, &mut st, Side::Csa, 12, &["yes"], &[4]).unwrap();
    assert_eq!(st.sw[0], sw - 5);
    // Played through `apply`, the die comes from the state's RNG: same seed, same game.
    let run = |seed: u64| {
        let mut st = position("1861", seed);
        give(&mut st, Side::Csa, 12);
        round(&mut st, Side::Csa);
        g.apply(&mut st, 1, &Action::Event { card: 12 }, &mut Log::quiet()).unwrap();
        // Half-played: a frame and plain data that saves and clones.
        assert_eq!(st.flow.top(), Some(&Frame::Event));
        assert_eq!(g.active_seats(&st), vec![1]);
        let saved = serde_json::to_string(&st).unwrap();
        let back: State = serde_json::from_str(&saved).unwrap();
        assert_eq!(back.events, st.events);
        assert_eq!(g.legal_actions(&st, 1), vec![Action::Choose { option: "yes".into() }, Action::Choose { option: "no".into() }]);
        assert_eq!(g.notation(&Action::Choose { option: "no".into() }), "choose no");
        assert_eq!(g.parse("choose no").unwrap(), Action::Choose { option: "no".into() });
        // A choice not offered is refused, the state unchanged.
        let r = g.apply(&mut st, 1, &Action::Choose { option: "maybe".into() }, &mut Log::quiet()).unwrap_err();
        assert_eq!(r.rule, "FtP 4.2");
        g.apply(&mut st, 1, &Action::Choose { option: "no".into() }, &mut Log::quiet()).unwrap();
        assert!(st.events.is_empty());
        st.sw[0]
    };
    assert_eq!(run(7), run(7));
    // Data playability: turns 1-2 only, and only before Emancipation.
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 12);
    round(&mut st, Side::Csa);
    assert!(offered(&g, &st, Side::Csa, 12));
    st.emancipation = true;
    assert!(!offered(&g, &st, Side::Csa, 12));
    st.emancipation = false;
    st.turn = 3;
    assert!(!offered(&g, &st, Side::Csa, 12));
}

#[test]
fn broken_scripts_are_reported_at_load_with_file_and_line() {
    // A syntax error.
    let e = with_script(12, "function declare() return { text = 'x' } end\nfunction play(view)\n  return {{\nend\n").err().expect("refused at load");
    assert!(e.contains("events/012.lua:"), "{e}");
    // A bad declaration.
    let e = with_script(12, "function declare() return { text = 'x', when = {'whenever'} } end").err().expect("refused at load");
    assert!(e.contains("unknown timing `whenever`"), "{e}");
    let e = with_script(12, "function declare() return { text = '' } end").err().expect("refused at load");
    assert!(e.contains("text"), "{e}");
    // `play` failing on the dry run at load: the line is reported.
    let e = with_script(12, "function declare() return { text = 'x' } end\nfunction play(view)\n  error('boom')\nend\n").err().expect("refused at load");
    assert!(e.contains("events/012.lua:3"), "{e}");
    // A command the engine does not know.
    let e = with_script(12, "function declare() return { text = 'x' } end\nfunction play(view) return { commands = { { teleport = 1 } } } end").err().expect("refused at load");
    assert!(e.contains("teleport"), "{e}");
}

#[test]
fn hostile_or_failing_scripts_are_refused_at_play_with_the_state_unchanged_fpt_4_2() {
    // Playable only when the CSA has SW 7 (never at load): it loops for ever when played.
    let src = "function declare() return { text = 'x', playable = true } end\nfunction playable(view) return view.sw.csa == 7 end\nfunction play(view) while true do end end";
    let g = with_script(12, src).unwrap();
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 12);
    round(&mut st, Side::Csa);
    assert!(!offered(&g, &st, Side::Csa, 12));
    st.sw[1] = 7;
    assert!(offered(&g, &st, Side::Csa, 12));
    let before = serde_json::to_string(&st).unwrap();
    let r = g.apply(&mut st, 1, &Action::Event { card: 12 }, &mut Log::quiet()).unwrap_err();
    assert_eq!(r.rule, "FtP 4.2");
    assert!(r.message.contains("instruction budget"), "{}", r.message);
    assert_eq!(serde_json::to_string(&st).unwrap(), before);
    // A command the rules refuse (4.2.7: SP into an enemy-occupied space).
    let src = "function declare() return { text = 'x', playable = true } end\nfunction playable(view) return view.sw.csa == 7 end\nfunction play(view) return { commands = { { sw = { side = 'csa', change = 1 } }, { add_sp = { space = 'washington', side = 'csa' } } } } end";
    let g = with_script(12, src).unwrap();
    let r = g.apply(&mut st, 1, &Action::Event { card: 12 }, &mut Log::quiet()).unwrap_err();
    assert!(r.message.contains("FtP 4.2.7"), "{}", r.message);
    assert_eq!(serde_json::to_string(&st).unwrap(), before);
}

#[test]
fn the_view_shows_what_the_playing_seat_may_see_fpt_3_2() {
    let g = game();
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 12);
    give(&mut st, Side::Union, 11);
    let v = g.event_view(&st, Side::Csa, 12);
    assert_eq!(v["hand"], serde_json::json!([12]));
    assert_eq!(v["hand_count"]["union"], 1);
    assert!(v.get("deck").is_none(), "the deck order is hidden");
    assert_eq!(v["spaces"]["manassas"]["sp"]["csa"], 3);
    assert_eq!(v["spaces"]["richmond"]["capital"], "csa");
    assert_eq!(v["generals"]["beauregard"]["space"], "manassas");
    assert_eq!(v["armies"]["army_of_the_potomac"]["space"], "washington");
    assert_eq!(v["states"]["mo"]["original"], "border");
}

#[test]
fn the_card_text_shown_to_players_comes_from_the_script() {
    let g = game();
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 12);
    let b = g.board(&st, Some(1));
    let face = b.cards.iter().find(|c| c.title == "Cabinet Intrigue").expect("the card in hand");
    assert!(face.text.contains("Union Strategic Will -3."), "{}", face.text);
}

const QUAKER: &str = r#"
function declare() return { text = "Interrupt: cancel the Union move.", when = {"enemy_move"} } end
function play(view) return { commands = { { cancel_move = true } } } end
"#;

#[test]
fn an_interrupt_window_opens_when_an_enemy_move_is_activated_fpt_4_2_5() {
    let g = with_script(89, QUAKER).unwrap();
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 89);
    give(&mut st, Side::Union, 9);
    give(&mut st, Side::Csa, 12);
    // Not on the CSA's own round: it is an interrupt only.
    round(&mut st, Side::Csa);
    assert!(!offered(&g, &st, Side::Csa, 89));
    round(&mut st, Side::Union);
    let act = |st: &mut State, seat: u8, t: &str| g.apply(st, seat, &g.parse(t).unwrap(), &mut Log::quiet()).unwrap_or_else(|e| panic!("{t}: {e}"));
    act(&mut st, 0, "ops 9");
    act(&mut st, 0, "army army_of_the_potomac");
    // The CSA may answer the activation with Quaker Guns.
    assert_eq!(st.flow.top(), Some(&Frame::Interrupt { side: Side::Csa }));
    assert_eq!(g.legal_actions(&st, 1), vec![Action::Event { card: 89 }, Action::Decline]);
    let potomac = g.c.army("army_of_the_potomac").unwrap() as usize;
    let washington = st.armies[potomac].unwrap().space;
    act(&mut st, 1, "event 89");
    // The move is cancelled; the army stays; the CSA then plays its own normal round (4.2.5).
    assert!(st.moving.is_none());
    assert_eq!(st.armies[potomac].unwrap().space, washington);
    assert_eq!(st.flow.top(), Some(&Frame::Round { side: Side::Csa }));
    assert_eq!(pile_of(&st, 89), "discard");
    // Declining lets the move go on.
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 89);
    give(&mut st, Side::Union, 9);
    round(&mut st, Side::Union);
    act(&mut st, 0, "ops 9");
    act(&mut st, 0, "army army_of_the_potomac");
    act(&mut st, 1, "decline");
    assert_eq!(st.flow.top(), Some(&Frame::Move));
    assert!(st.moving.is_some());
}

/// FtP 4.3.1 ("una fuerza que se haya activado ... ya no puede activarse nuevamente durante el
/// resto de ese evento de campaña") with 4.2.5: an interrupt that opens frames of its own in the
/// middle of a Union Major Campaign (a scripted #89 cancelling the move, then giving the CSA an
/// operation, or a campaign move, of its own) leaves the campaign's records: once the CSA's
/// frames are done, the Army of the Potomac whose move was cancelled is still not offered again
/// on that card (the records were cleared when an event opened frames).
#[test]
fn an_interrupt_opening_frames_keeps_the_campaign_records_fpt_4_3_1() {
    for then in ["{ ops = 1 }", "{ campaign = 1 }"] {
        let src = format!("function declare() return {{ text = 'Interrupt: cancel the Union move.', when = {{'enemy_move'}} }} end\nfunction play(view) return {{ commands = {{ {{ cancel_move = true }}, {then} }} }} end\n");
        let g = with_script(89, &src).unwrap();
        let mut st = major_campaign_against_89();
        let act = |st: &mut State, seat: u8, t: &str| g.apply(st, seat, &g.parse(t).unwrap(), &mut Log::quiet()).unwrap_or_else(|e| panic!("{t}: {e}"));
        act(&mut st, 0, "event 83");
        act(&mut st, 0, "army army_of_the_potomac");
        act(&mut st, 1, "event 89");
        assert!(matches!(st.flow.top(), Some(Frame::Ops { side: Side::Csa, .. } | Frame::Campaign { side: Side::Csa, .. })), "{then}: the CSA's frame: {:?}", st.flow.top());
        act(&mut st, 1, "done");
        assert!(matches!(st.flow.top(), Some(Frame::Campaign { side: Side::Union, left: 2 })), "{then}: {:?}", st.flow.top());
        let potomac = g.c.army("army_of_the_potomac").unwrap();
        let legal = g.legal_actions(&st, 0);
        assert!(!legal.contains(&Action::MoveArmy { army: potomac }), "{then}: FtP 4.3.1: the cancelled army is not offered again: {legal:?}");
        let r = g.apply(&mut st, 0, &Action::MoveArmy { army: potomac }, &mut Log::quiet()).unwrap_err();
        assert_eq!(r.rule, "FtP 4.3.1", "{then}: {r}");
        assert!(st.campaign_saved.is_empty(), "{then}: nothing left set aside");
    }
}

/// FtP 5.5: `place_general` never moves a cavalry general: he is a brigade with its own SP, and
/// placing him alone would leave his SP behind. A script that tries is refused when it loads.
#[test]
fn place_general_refuses_a_cavalry_brigade_fpt_5_5() {
    let src = "function declare() return { text = 'x' } end\nfunction play(view)\n  return { commands = { { place_general = { general = 'pleasonton', space = 'washington' } } } }\nend\n";
    let e = with_script(12, src).err().expect("refused at load");
    assert!(e.contains("events/012.lua:") && e.contains("cavalry brigade (FtP 5.5)"), "{e}");
}

/// FtP 4.2 (content/README.md, `requires`): a mod's event may declare prerequisites as data
/// (the side, a space's control, a general on the map, control within a state); the engine
/// offers the event only while all hold, and asks the script's `playable(view)` (a Lua call)
/// only then. The same event declaring none is asked in every position, with the same
/// answers where the prerequisites hold.
#[test]
fn declared_prerequisites_are_checked_without_lua_fpt_4_2() {
    // Reads the turn, which differs in each position below: the memo cannot answer for Lua.
    let body = "function playable(view) return view.turn > 0 end\nfunction play(view) return { commands = { { log = 'x' } } } end";
    let requires = "'control:richmond:csa', 'not_control:washington:csa', 'general:j_johnston', 'some_control:va:csa', 'not_all_control:mo:csa'";
    let with = with_script(12, &format!("function declare() return {{ text = 'x', requires = {{ {requires} }}, playable = true }} end\n{body}")).unwrap();
    let without = with_script(12, &format!("function declare() return {{ text = 'x', playable = true }} end\n{body}")).unwrap();
    let start = || {
        let mut st = position("1861", 1);
        give(&mut st, Side::Csa, 12);
        round(&mut st, Side::Csa);
        st
    };
    // Each position breaks one prerequisite.
    type Break = (&'static str, fn(&mut State));
    let breaks: [Break; 6] = [
        ("none", |_| {}),
        ("control:richmond:csa", |st| st.control[sp("richmond") as usize] = Control::Of(Side::Union)),
        ("not_control:washington:csa", |st| st.control[sp("washington") as usize] = Control::Of(Side::Csa)),
        ("general:j_johnston", |st| st.generals[game().c.general("j_johnston").unwrap() as usize] = GenAt::Dead),
        ("some_control:va:csa", |st| {
            let va = game().c.state("va").unwrap() as usize;
            for s in 0..st.control.len() {
                if game().state_of(s as Sp) == va {
                    st.control[s] = Control::Of(Side::Union);
                }
            }
        }),
        ("not_all_control:mo:csa", |st| {
            let mo = game().c.state("mo").unwrap() as usize;
            for s in 0..st.control.len() {
                if game().state_of(s as Sp) == mo {
                    st.control[s] = Control::Of(Side::Csa);
                }
            }
        }),
    ];
    for (turn, (broken, change)) in breaks.into_iter().enumerate() {
        let mut st = start();
        st.turn = 1 + turn as u8;
        change(&mut st);
        let holds = broken == "none";
        let asked = super::PLAYABLE_ASKED_HERE.get();
        assert_eq!(offered(&with, &st, Side::Csa, 12), holds, "declared, {broken} broken");
        assert_eq!(super::PLAYABLE_ASKED_HERE.get() > asked, holds, "declared, {broken} broken: Lua asked only if all hold");
        // Without declared prerequisites the script is asked, and says yes.
        let asked = super::PLAYABLE_ASKED_HERE.get();
        assert!(offered(&without, &st, Side::Csa, 12), "undeclared, {broken} broken");
        assert!(super::PLAYABLE_ASKED_HERE.get() > asked, "undeclared: Lua asked");
    }
    // `side:`: #3 (either side, cards.toml) declared for the CSA only: never offered to the Union.
    let mut st = position("1861", 1);
    for (side, card) in [(Side::Union, 3), (Side::Csa, 4), (Side::Csa, 6)] {
        give(&mut st, side, card);
    }
    round(&mut st, Side::Union);
    assert!(!offered(game(), &st, Side::Union, 3));
    let union_only = with_script(3, "function declare() return { text = 'x', requires = {'side:union'} } end\nfunction play(view) return { commands = { { log = 'x' } } } end").unwrap();
    assert!(offered(&union_only, &st, Side::Union, 3));
    // Bad prerequisites are refused at load, naming what is wrong.
    for (req, says) in [("control:nowhere:csa", "no space `nowhere`"), ("side:grey", "`grey` is not a side"), ("general:nobody", "no general `nobody`"), ("some_control:zz:csa", "no state `zz`"), ("control:richmond", "expected two names"), ("control:richmond:grey", "`grey` is not a side")] {
        let e = with_script(12, &format!("function declare() return {{ text = 'x', requires = {{'{req}'}} }} end\n{body}")).err().expect("refused at load");
        assert!(e.contains(says) && e.contains("events/012.lua"), "{req}: {e}");
    }
}

/// FtP 15 (1863: the first campaign card moves one force per state) with 4.2.5: an interrupt that
/// opens a campaign move of its own in the middle of the limited Union campaign plays it without
/// the Union's limit, and the Union's limit, with the state its cancelled move used, is back once
/// the CSA's move is done (the interrupted campaign's records are set aside, `save_campaign`).
#[test]
fn an_interrupt_keeps_the_limit_of_the_1863_first_campaign_card_fpt_15_4_3_1() {
    let src = "function declare() return { text = 'Interrupt: cancel the Union move.', when = {'enemy_move'} } end\nfunction play(view) return { commands = { { cancel_move = true }, { campaign = 1 } } } end\n";
    let g = with_script(89, src).unwrap();
    let mut st = major_campaign_against_89();
    let act = |st: &mut State, seat: u8, t: &str| g.apply(st, seat, &g.parse(t).unwrap(), &mut Log::quiet()).unwrap_or_else(|e| panic!("{t}: {e}"));
    act(&mut st, 0, "event 83");
    st.sc_rules.campaign_states = Some(0);
    act(&mut st, 0, "army army_of_the_potomac");
    let limit = st.sc_rules.campaign_states;
    assert_ne!(limit, Some(0), "FtP 15: the army's state is used");
    act(&mut st, 1, "event 89");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { side: Side::Csa, .. })), "{:?}", st.flow.top());
    assert_eq!(st.sc_rules.campaign_states, None, "FtP 15: the CSA's campaign move is not limited");
    act(&mut st, 1, "done");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { side: Side::Union, left: 2 })), "{:?}", st.flow.top());
    assert_eq!(st.sc_rules.campaign_states, limit, "FtP 15: the Union campaign's limit is back");
}

/// The breadth-first rail walk #75's concentration script made in Lua before the view gave
/// `rail_sources` (FtP 4.5.1), checked against the view for every space the seat controls.
const RAIL_WALK: &str = r#"
local function friendly(view, s)
  return s.control == view.side and s.sp[view.enemy] == 0 and s.fort ~= view.enemy
end
local function walk(view, target, bo)
  local seen, queue, out = { [target] = true }, { target }, {}
  local function reach(n)
    if seen[n] then return end
    seen[n] = true
    if friendly(view, view.spaces[n]) then
      queue[#queue + 1] = n
      if view.spaces[n].loose[view.side] > 0 then out[#out + 1] = n end
    end
  end
  local i = 1
  while i <= #queue do
    local s = view.spaces[queue[i]]
    i = i + 1
    for _, n in ipairs(s.rail) do reach(n) end
    if bo then
      for _, n in ipairs(s.b_and_o) do reach(n) end
    end
  end
  return out
end
-- `miss` when the lists differ in length, else the first wanted entry missing, else nil.
local function differ(want, got, miss)
  if #want ~= #got then return miss end
  for k = 1, #want do
    if want[k] ~= got[k] then return want[k] end
  end
end
function check(view)
  for id, s in pairs(view.spaces) do
    if s.control == view.side then
      for _, field in ipairs({ "rail_sources", "rail_sources_bo" }) do
        if differ(walk(view, id, field == "rail_sources_bo"), s[field], true) then return id .. " " .. field end
      end
    end
  end
  return "ok"
end
-- Each side's spaces for which `has(space, side)` holds, checked against `view[field][side]`.
local function check_sides(view, field, has)
  for _, side in ipairs({ "union", "csa" }) do
    local want = {}
    for id, s in pairs(view.spaces) do
      if has(s, side) then want[#want + 1] = id end
    end
    local d = differ(want, view[field][side], side)
    if d then return d end
  end
  return "ok"
end
function check_controlled(view)
  return check_sides(view, "controlled", function(s, side) return s.control == side end)
end
function check_occupied(view)
  return check_sides(view, "occupied", function(s, side) return s.sp[side] > 0 end)
end
function check_forts(view)
  return check_sides(view, "forts", function(s, side) return s.fort == side end)
end
-- Each side's `view.has_infantry` against the walk `ftp.sp_removal` made before it: a space of
-- `view.occupied[side]` with infantry SP of that side.
function check_has_infantry(view)
  for _, side in ipairs({ "union", "csa" }) do
    local want = false
    for _, id in ipairs(view.occupied[side]) do
      if view.spaces[id].infantry[side] > 0 then want = true break end
    end
    if view.has_infantry[side] ~= want then return side end
  end
  return "ok"
end
function check_state_spaces(view)
  local want = {}
  for id, s in pairs(view.spaces) do
    want[s.state] = want[s.state] or {}
    local list = want[s.state]
    list[#list + 1] = id
  end
  for state, got in pairs(view.state_spaces) do
    local d = differ(want[state] or {}, got, state)
    if d then return d end
    want[state] = nil
  end
  return next(want) or "ok"
end
-- The spaces of the seat's generals for which `has(general)` holds, against `view[field]`.
local function check_general_field(view, field, has)
  local set, want = {}, {}
  for _, g in pairs(view.generals) do
    if g.side == view.side and g.space ~= nil and has(g) then set[g.space] = true end
  end
  for id in pairs(set) do want[#want + 1] = id end
  return differ(want, view[field], "count") or "ok"
end
function check_general_spaces(view)
  return check_general_field(view, "general_spaces", function(g) return g.where == "map" or g.where == "army" end)
end
function check_cavalry_spaces(view)
  return check_general_field(view, "cavalry_spaces", function(g) return g.cavalry and g.where == "map" end)
end
function playable(view)
  return #view.spaces.chattanooga.rail_sources % 2 == 0 and #view.spaces.richmond.rail_sources_bo > 1
    or #view.general_spaces % 3 == 0
end
"#;

/// FtP 4.2.4: `view.has_infantry` is, for both sides, at every position of random games of
/// several scenarios, what the Lua walk of `view.occupied` it replaced in `ftp.sp_removal`'s
/// `playable` finds.
#[test]
fn has_infantry_is_the_sp_removal_walk_fpt_4_2_4() {
    let g = game();
    let script = bivouac_engine::lua::Script::new("rail_walk", RAIL_WALK);
    for (scenario, seed) in [("campaign", 3), ("campaign", 11), ("1863", 5), ("1861", 9)] {
        let st = g.setup(&bivouac_engine::game::Setup::new(scenario, 2, seed)).expect("setup");
        let mut n = 0;
        super::super::play_tests::each_random_position(st, seed, 600, |st| {
            n += 1;
            for side in [Side::Union, Side::Csa] {
                let check = super::host().call_input_as::<String>(&script, "check_has_infantry", g.event_input(st, side, 5, serde_json::json!([])));
                assert_eq!(check.unwrap(), "ok", "{scenario} seed {seed}, {side:?} after {n} actions");
            }
        });
        assert!(n > 0, "{scenario}");
    }
}

/// FtP 4.5.1: a space's `rail_sources` and `rail_sources_bo` in the view are the spaces with
/// loose SP the concentration's Lua walk found, in its order, `view.general_spaces` the
/// spaces of the seat's generals found from `view.generals` (`view.cavalry_spaces` those of its
/// cavalry generals on the map), and `view.controlled` each side's spaces and `view.occupied`
/// the spaces where each side has SP (`view.has_infantry` whether one of them holds the side's
/// infantry) and `view.state_spaces` each state's spaces, all found by
/// walking `view.spaces`, for both sides on positions along a random campaign game; and the memo of `playable` (`memo`), which records them as reads,
/// answers as a fresh call for a script that reads them.
#[test]
fn rail_sources_general_spaces_and_controlled_are_the_script_walks_fpt_4_5_1() {
    use super::decl::Timing;
    let g = game();
    let script = bivouac_engine::lua::Script::new("rail_walk", RAIL_WALK);
    let ask = |view: bivouac_engine::lua::Input<'_>| super::host().call_input_as::<bool>(&script, "playable", view).unwrap();
    let st = g.setup(&bivouac_engine::game::Setup::new("campaign", 2, 7)).expect("setup");
    let (mut n, mut answers) = (0, [0; 2]);
    super::super::play_tests::each_random_position(st, 7, 400, |st| {
        n += 1;
        for side in [Side::Union, Side::Csa] {
            if n % 25 == 0 {
                let check = super::host().call_input_as::<String>(&script, "check", g.event_input(st, side, 75, serde_json::json!([])));
                assert_eq!(check.unwrap(), "ok", "{side:?} after {n} actions");
                for f in ["check_general_spaces", "check_cavalry_spaces", "check_controlled", "check_occupied", "check_forts", "check_has_infantry", "check_state_spaces"] {
                    let check = super::host().call_input_as::<String>(&script, f, g.event_input(st, side, 75, serde_json::json!([])));
                    assert_eq!(check.unwrap(), "ok", "{f} for {side:?} after {n} actions");
                }
            }
            let memo = super::memo::playable(g, st, side, 75, Timing::Round, &script.source, ask);
            assert_eq!(memo, ask(g.event_input(st, side, 75, serde_json::json!([]))), "{side:?} after {n} actions");
            answers[memo as usize] += 1;
        }
    });
    assert!(answers[0] > 0 && answers[1] > 0, "both answers seen: {answers:?}");
}

// ---------------------------------------------------------------------------------------------
// Hostile scripts: questions without end, a `playable` that never answers, numbers past what
// the state holds (FtP 4.2)

#[test]
fn an_event_asking_for_ever_is_reported_at_load_and_cut_off_in_play_fpt_4_2() {
    use super::play::MAX_ASKS;
    let ask = "function play(view) return { ask = { seat = 'csa', prompt = 'Again?', options = { 'yes' } } } end";
    let e = with_script(12, &format!("function declare() return {{ text = 'x' }} end\n{ask}")).err().expect("refused at load");
    assert!(e.contains("events/012.lua") && e.contains(&format!("asks {MAX_ASKS} questions")), "{e}");
    // Offered only where the load-time run does not play it: in play, the engine ends it after
    // MAX_ASKS answers, and the game goes on.
    let src = format!("function declare() return {{ text = 'x', playable = true }} end\nfunction playable(view) return view.sw.csa == 7 end\n{ask}");
    let g = with_script(12, &src).unwrap();
    let mut st = position("1861", 1);
    give(&mut st, Side::Csa, 12);
    round(&mut st, Side::Csa);
    st.sw[1] = 7;
    g.apply(&mut st, 1, &Action::Event { card: 12 }, &mut Log::quiet()).unwrap();
    for _ in 0..MAX_ASKS {
        assert!(!st.events.is_empty());
        g.apply(&mut st, 1, &Action::Choose { option: "yes".into() }, &mut Log::quiet()).unwrap();
    }
    assert!(st.events.is_empty(), "still asking after {MAX_ASKS} answers");
    assert_ne!(st.flow.top(), Some(&Frame::Event));
}

#[test]
fn a_playable_that_never_answers_is_an_error_at_load_naming_the_script_fpt_4_2() {
    let src = "function declare() return { text = 'x', playable = true } end\nfunction playable(view)\n  while true do end\nend\nfunction play(view) return { commands = {} } end";
    let e = with_script(12, src).err().expect("refused at load");
    assert!(e.contains("events/012.lua:3") && e.contains("playable") && e.contains("instruction budget"), "{e}");
}

#[test]
fn numbers_past_what_the_rules_hold_are_refused_never_wrapped_fpt_2_7_4_2_7() {
    // FtP 2.7: no event moves SW by more than the 100 a side starts with.
    let sw = "function declare() return { text = 'x' } end\nfunction play(view) return { commands = { { sw = { side = 'union', change = 32767 } } } } end";
    let e = with_script(12, sw).err().expect("refused at load");
    assert!(e.contains("sw: change 32767"), "{e}");
    // SW never wraps, whatever the change (FtP 12.4's +2 included).
    let g = game();
    let mut st = position("1861", 1);
    g.add_sw(&mut st, Side::Union, i16::MAX, &mut Log::quiet(), "test");
    assert_eq!(st.sw[0], i16::MAX);
    g.add_sw(&mut st, Side::Union, i16::MIN + 1, &mut Log::quiet(), "test");
    assert_eq!(st.sw[0], 0);
    // FtP 4.2.7 sets no limit on SP placed; one side's SP in a space past 255 is an error, not
    // a wrap (2,000 commands of 255 SP once left Washington with 38).
    let sp = "function declare() return { text = 'x' } end\nfunction play(view)\n  local c = {}\n  for i = 1, 2000 do c[i] = { add_sp = { space = 'washington', side = 'union', count = 255 } } end\n  return { commands = c }\nend";
    let e = with_script(12, sp).err().expect("refused at load");
    assert!(e.contains("add_sp") && e.contains("more than 255"), "{e}");
}
