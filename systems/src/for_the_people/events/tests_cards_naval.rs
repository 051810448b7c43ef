//! Card tests for the naval events (FtP 6.1-6.7): the CSA naval weapons placed by #51, #53-#56,
//! removed by #60, and the Union naval moves of #57-#59 (worked examples of the rules). For
//! each card a position where the event is playable, played with forced choices and dice and its
//! effect checked, and a position where it is not, refused naming the rule.

use super::super::content::Side;
use super::super::naval::NavalEvent;
use super::super::naval_tests::{act, board, dice, legal, own, put};
use super::super::state::*;
use super::testkit::{game, offered, options, pile_of, play, sp};

/// Card `n` is not playable now: not offered, and refused naming FtP 4.2, the state unchanged.
fn not_playable(st: &mut State, side: Side, n: u8) {
    assert!(!offered(game(), st, side, n), "#{n} offered");
    assert_eq!(play(game(), st, side, n, &[], &[]).unwrap_err().rule, "FtP 4.2");
}

/// The CSA places `kind` with card `n` at Mobile; the options are CSA ports only; the card is
/// kept (FtP 6.7: the cards may be used many times).
fn places(n: u8, placed: impl Fn(&State) -> bool) {
    let g = game();
    let mut st = board("1861", Side::Csa, n);
    own(&mut st, Side::Csa, "mobile");
    own(&mut st, Side::Union, "new_orleans");
    let mut roll = |_: &mut State| 1;
    let mut probe = st.clone();
    g.event_action_with(&mut probe, Frame::Round { side: Side::Csa }, &Action::Event { card: n }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
    let o = options(&probe);
    assert!(o.contains(&"mobile".to_string()), "#{n}: {o:?}");
    assert!(!o.contains(&"new_orleans".to_string()) && !o.contains(&"richmond".to_string()), "#{n}: Union spaces and inland spaces are no options");
    play(g, &mut st, Side::Csa, n, &["mobile"], &[]).unwrap();
    assert!(placed(&st), "#{n}");
    assert_eq!(pile_of(&st, n), "discard", "#{n} is not removed (FtP 6.7)");
}

#[test]
fn card_051_confederate_torpedoes_one_marker_at_most_six_ftp_6_7() {
    places(51, |st| st.naval.torpedoes == vec![sp("mobile")]);
    // T-IRON-1: a 7th torpedo cannot be placed; the card is then not playable.
    let mut st = board("1861", Side::Csa, 51);
    own(&mut st, Side::Csa, "mobile");
    st.naval.torpedoes = ["memphis", "vicksburg", "savannah", "wilmington_nc", "galveston", "charleston_sc"].iter().map(|s| sp(s)).collect();
    not_playable(&mut st, Side::Csa, 51);
    // Nor by the Union (a CSA event).
    let mut st = board("1861", Side::Union, 51);
    not_playable(&mut st, Side::Union, 51);
}

#[test]
fn cards_053_054_055_ironclads_at_most_three_one_per_space_ftp_6_7() {
    for n in [53, 54, 55] {
        places(n, |st| st.naval.ironclads == vec![sp("mobile")]);
        // T-IRON-1: a 4th ironclad cannot be placed.
        let mut st = board("1861", Side::Csa, n);
        own(&mut st, Side::Csa, "mobile");
        st.naval.ironclads = vec![sp("memphis"), sp("vicksburg"), sp("savannah")];
        not_playable(&mut st, Side::Csa, n);
        // One ironclad per space: Mobile, holding one, is no option.
        let mut st = board("1861", Side::Csa, n);
        st.naval.ironclads = vec![sp("mobile")];
        let mut roll = |_: &mut State| 1;
        game().event_action_with(&mut st, Frame::Round { side: Side::Csa }, &Action::Event { card: n }, &mut bivouac_engine::log::Log::quiet(), &mut roll).unwrap().unwrap();
        assert!(!options(&st).contains(&"mobile".to_string()));
        let mut st = board("1861", Side::Union, n);
        not_playable(&mut st, Side::Union, n);
    }
}

#[test]
fn card_056_css_hunley_at_most_one_ftp_6_7() {
    places(56, |st| st.naval.hunley == Some(sp("mobile")));
    let mut st = board("1861", Side::Csa, 56);
    st.naval.hunley = Some(sp("charleston_sc"));
    not_playable(&mut st, Side::Csa, 56);
}

#[test]
fn card_060_uss_monitor_sinks_an_ironclad_ftp_6_7() {
    let g = game();
    let mut st = board("1861", Side::Union, 60);
    st.naval.ironclads = vec![sp("mobile"), sp("memphis")];
    play(g, &mut st, Side::Union, 60, &["memphis"], &[]).unwrap();
    assert_eq!(st.naval.ironclads, vec![sp("mobile")], "the Union's choice is sunk");
    assert_eq!(pile_of(&st, 60), "discard");
    // No ironclad on the map: not playable.
    let mut st = board("1861", Side::Union, 60);
    not_playable(&mut st, Side::Union, 60);
    let mut st = board("1861", Side::Csa, 60);
    st.naval.ironclads = vec![sp("mobile")];
    not_playable(&mut st, Side::Csa, 60);
}

/// Cairo with 3 Union SP, a CSA fort at Columbus (KY): the naval event `n`, then 3 SP sail to
/// New Madrid past the fort, running the guns with `roll` (FtP 6.3.1); where they end.
fn run_the_guns(n: u8, roll: u32) -> (State, [u8; 2]) {
    let g = game();
    let mut st = board("1861", Side::Union, n);
    own(&mut st, Side::Union, "cairo");
    put(&mut st, Side::Union, "cairo", 3);
    put(&mut st, Side::Union, "st_louis", 2);
    st.fort[sp("columbus_ky") as usize] = Some(Side::Csa);
    play(g, &mut st, Side::Union, n, &[], &[]).unwrap();
    // The event opens one naval move only (a 2-OP card: FtP 6.1.1 needs 3 otherwise).
    let l = legal(&st, Side::Union);
    assert!(l.iter().all(|a| a.starts_with("naval ") || a == "done"), "#{n}: {l:?}");
    assert!(l.contains(&"naval cairo 3".to_string()), "#{n}: {l:?}");
    act(&mut st, Side::Union, "naval cairo 3");
    st.rng = dice(&[roll]);
    act(&mut st, Side::Union, "sail new_madrid");
    let at = [st.sp[sp("cairo") as usize][0], st.sp[sp("new_madrid") as usize][0]];
    (st, at)
}

#[test]
fn cards_057_058_foote_and_porter_naval_move_plus_two_running_the_guns_t_run_1() {
    for n in [57, 58] {
        // T-RUN-1: 2-6 passes with Foote or Porter; 1 fails and the force goes home.
        assert_eq!(run_the_guns(n, 2).1, [0, 3], "#{n}");
        assert_eq!(run_the_guns(n, 1).1, [3, 0], "#{n}");
        let (st, _) = run_the_guns(n, 2);
        assert_eq!(st.naval.event, None, "the bonuses serve one move");
        assert_eq!(pile_of(&st, n), "discard");
    }
    // The event under way is the card's (FtP 6.4.1: +2 in its amphibious assault).
    let g = game();
    let mut st = board("1861", Side::Union, 57);
    own(&mut st, Side::Union, "cairo");
    put(&mut st, Side::Union, "cairo", 3);
    play(g, &mut st, Side::Union, 57, &[], &[]).unwrap();
    assert_eq!(st.naval.event, Some(NavalEvent::Foote));
    // Declined: the bonuses lapse.
    act(&mut st, Side::Union, "done");
    assert_eq!(st.naval.event, None);
    // No Union SP in a Union port: not playable; nor by the CSA.
    let mut st = board("1861", Side::Union, 58);
    not_playable(&mut st, Side::Union, 58);
    let mut st = board("1861", Side::Csa, 57);
    own(&mut st, Side::Union, "cairo");
    put(&mut st, Side::Union, "cairo", 3);
    not_playable(&mut st, Side::Csa, 57);
}

#[test]
fn card_059_farragut_passes_csa_coastal_forts_ftp_6_1_3() {
    let g = game();
    let mut st = board("1861", Side::Union, 59);
    own(&mut st, Side::Csa, "fort_morgan");
    own(&mut st, Side::Csa, "mobile");
    own(&mut st, Side::Union, "fort_monroe");
    put(&mut st, Side::Union, "fort_monroe", 3);
    play(g, &mut st, Side::Union, 59, &[], &[]).unwrap();
    act(&mut st, Side::Union, "naval fort_monroe 3");
    assert!(legal(&st, Side::Union).contains(&"sail mobile".to_string()), "past Fort Morgan into Mobile");
    act(&mut st, Side::Union, "sail mobile");
    assert_eq!(st.sp[sp("mobile") as usize][0], 3);
    // T-RUN-1: +2 running the guns as well.
    assert_eq!(run_the_guns(59, 2).1, [0, 3]);
    let mut st = board("1861", Side::Union, 59);
    not_playable(&mut st, Side::Union, 59);
}

/// The naval commands refuse what FtP 6.1 and 6.7 forbid, the state unchanged: a weapon in a
/// Union port or of an unknown kind, sinking an ironclad that is not there, a naval move for
/// the CSA; and the view shows the weapons.
#[test]
fn naval_commands_are_checked_ftp_6_1_6_7() {
    use super::testkit::with_script;
    use bivouac_engine::game::Game;
    use bivouac_engine::log::Log;
    let refusal = |side: Side, cmd: &str| {
        // The command only in the test's position (sw 7), so that the load's dry run passes.
        let src = format!("function declare() return {{ text = 'x' }} end\nfunction play(view) if view.sw.csa ~= 7 then return {{ commands = {{}} }} end return {{ commands = {{ {cmd} }} }} end");
        let g = with_script(4, &src).unwrap();
        let mut st = board("1861", side, 4);
        own(&mut st, Side::Union, "new_orleans");
        st.naval.ironclads = vec![sp("mobile")];
        st.sw[1] = 7;
        let before = serde_json::to_string(&st).unwrap();
        let r = g.apply(&mut st, side.index() as u8, &Action::Event { card: 4 }, &mut Log::quiet()).unwrap_err();
        assert_eq!(serde_json::to_string(&st).unwrap(), before, "{cmd}");
        assert_eq!(r.rule, "FtP 4.2", "{cmd}");
        r.message
    };
    assert!(refusal(Side::Csa, "{ weapon = { kind = 'torpedo', space = 'new_orleans' } }").contains("FtP 6.7"));
    assert!(refusal(Side::Csa, "{ weapon = { kind = 'ironclad', space = 'mobile' } }").contains("FtP 6.7"));
    assert!(refusal(Side::Union, "{ remove_ironclad = 'memphis' }").contains("FtP 6.7"));
    assert!(refusal(Side::Csa, "{ naval_move = 'foote' }").contains("FtP 6.1"));
    // Unknown kinds are reported when the script is loaded (its dry run).
    for (cmd, e) in [("{ weapon = { kind = 'monitor', space = 'mobile' } }", "not a naval weapon"), ("{ naval_move = 'dupont' }", "not a naval event")] {
        let src = format!("function declare() return {{ text = 'x' }} end\nfunction play(view) return {{ commands = {{ {cmd} }} }} end");
        assert!(with_script(4, &src).err().expect("refused at load").contains(e), "{cmd}");
    }
    // The view: weapons per space and in play.
    let mut st = board("1861", Side::Csa, 12);
    st.naval.ironclads = vec![sp("mobile")];
    st.naval.hunley = Some(sp("charleston_sc"));
    let v = game().event_view(&st, Side::Csa, 12);
    assert_eq!(v["spaces"]["mobile"]["ironclad"], true);
    assert_eq!(v["spaces"]["mobile"]["torpedo"], false);
    assert_eq!(v["spaces"]["charleston_sc"]["hunley"], true);
    assert_eq!(v["weapons"]["ironclads"], 1);
    assert_eq!(v["weapons"]["max"]["torpedoes"], 6);
}
