//! The worked examples of the rules that the
//! rest of the suite did not reproduce, each step by step with the example's numbers: supply and
//! political control (8.4), Strategic Will and victory. Rule numbers are the Spanish rulebook's.

use super::choices_tests::{check, no_forts, put_general};
use super::content::{Control, Side};
use super::play_tests::{act, empty_map, game, general, legal_text, new, put_sp, round_with, sp};
use super::state::*;
use bivouac_engine::log::Log;

fn state_id(id: &str) -> usize {
    game().c.state(id).unwrap_or_else(|| panic!("no state {id}")) as usize
}

/// SW markers "-" so that a loss is exact and a gain flips (FtP 12.4).
fn minus(st: &mut State) {
    st.sw_plus = [false, false];
}

// ---------------------------------------------------------------------------------------------
// 8.4 Political control (FtP 11)

/// FtP 11.1 example 1: 1 SP dropped in each of the 5 spaces from Cincinnati to
/// Knoxville converts them all in the PC Phase, each PC extending the LOC to the next.
#[test]
fn t_pc_1_chained_pc_placement_fpt_11_1() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    let chain = ["falmouth", "lexington_ky", "somerset", "clinton", "knoxville"];
    for s in chain {
        put_sp(&mut st, Side::Union, s, 1);
    }
    assert_eq!(st.control(sp("clinton")), Control::Of(Side::Csa));
    g.political_phase(&mut st, &mut Log::quiet());
    for s in chain {
        assert_eq!(st.control(sp(s)), Control::Of(Side::Union), "{s} converts down the chain");
    }
    // With no LOC at the start (a lone SP deep in Confederate Tennessee) none converts.
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Union, "knoxville", 1);
    g.political_phase(&mut st, &mut Log::quiet());
    assert_eq!(st.control(sp("knoxville")), Control::Of(Side::Csa));
    check(&st);
}

/// FtP 11.1 examples 2-3, 5.5.3: a brigade alone removes an enemy PC in KY but
/// never places one, and cannot destroy a resource center.
#[test]
fn t_pc_2_cavalry_and_pcs_fpt_11_1_5_5_3() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    st.control[sp("lexington_ky") as usize] = Control::Of(Side::Union);
    put_general(&mut st, "forrest", GenAt::Map(sp("lexington_ky")));
    put_general(&mut st, "morgan", GenAt::Map(sp("somerset")));
    put_general(&mut st, "stoneman", GenAt::Map(sp("atlanta")));
    assert_eq!(st.control(sp("somerset")), Control::Neutral);
    let sw = st.sw;
    g.political_phase(&mut st, &mut Log::quiet());
    assert_eq!(st.control(sp("lexington_ky")), Control::Neutral, "Forrest removes the Union PC");
    assert_eq!(st.control(sp("somerset")), Control::Neutral, "Morgan places nothing");
    assert_eq!(st.control(sp("atlanta")), Control::Of(Side::Csa), "Stoneman places no PC");
    assert!(!st.rc_destroyed[sp("atlanta") as usize], "Atlanta stays an intact resource center (FtP 12.2)");
    assert_eq!(st.sw, sw);
    check(&st);
}

/// FtP 11.3: a 3-OP card places 3 PCs, one per space, each with friendly
/// supplied infantry or in a neutral border space free of enemy SP and forts.
#[test]
fn t_pc_3_ops_pcs_fpt_11_3() {
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Csa, "bowling_green", 1);
    put_sp(&mut st, Side::Union, "leesburg", 1);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "pcs");
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"pc leesburg".into()), "friendly supplied infantry (A)");
    assert!(l.contains(&"pc lexington_ky".into()), "a neutral border space (A)");
    assert!(!l.contains(&"pc bowling_green".into()), "enemy SP in the neutral space (A)");
    assert!(!l.contains(&"pc lynchburg".into()), "an empty CSA space (A)");
    for s in ["leesburg", "lexington_ky", "falmouth"] {
        act(&mut st, Side::Union, &format!("pc {s}"));
    }
    assert!(!matches!(st.flow.top(), Some(Frame::Pcs { .. })), "3 PCs for a 3-OP card");
    for s in ["leesburg", "lexington_ky", "falmouth"] {
        assert_eq!(st.control(sp(s)), Control::Of(Side::Union));
    }
    // B: not the turn the capital was taken.
    let mut st = new("1861", 1);
    st.capital[0] = None;
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    assert!(!legal_text(&st, Side::Union).contains(&"pcs".into()), "FtP 11.3 B");
    check(&st);
}

/// FtP 11.2.2, 11.2.3, 12.6: Washington taken: Union -30 at once; placed on an
/// approved space (Philadelphia) nothing more; on any other space -10 more.
#[test]
fn t_cap_1_capital_loss_fpt_11_2_2_11_2_3_12_6() {
    let g = game();
    for (to, extra) in [("philadelphia", 0), ("harrisburg", 0), ("pittsburgh", -10)] {
        let mut st = new("1861", 1);
        minus(&mut st);
        let sw = st.sw[0];
        g.enter_capital(&mut st, Side::Csa, sp("washington"), &mut Log::quiet());
        assert_eq!(st.capital[0], None, "to the holding box at once");
        assert_eq!(st.sw[0], sw - 30);
        // FtP 11.3 B: no OPs PCs this turn.
        round_with(&mut st, Side::Union, 9);
        act(&mut st, Side::Union, "ops 9");
        assert!(!legal_text(&st, Side::Union).contains(&"pcs".into()));
        st.flow.clear();
        st.flow.push(Frame::Capital { side: Side::Union });
        let l = legal_text(&st, Side::Union);
        assert!(!l.contains(&"capital richmond".into()), "a friendly space only");
        act(&mut st, Side::Union, &format!("capital {to}"));
        assert_eq!(st.capital[0], Some(sp(to)));
        assert_eq!(st.sw[0], sw - 30 + extra, "{to}");
    }
    // IT 11.23 (the edition's `union_capital_harrisburg`): the Italian list omits Harrisburg.
    let mut st = new("1861", 1);
    st.edition = g.c.edition("italian").expect("edition");
    minus(&mut st);
    let sw = st.sw[0];
    g.enter_capital(&mut st, Side::Csa, sp("washington"), &mut Log::quiet());
    st.flow.clear();
    st.flow.push(Frame::Capital { side: Side::Union });
    act(&mut st, Side::Union, "capital harrisburg");
    assert_eq!(st.sw[0], sw - 30 - 10, "Italian edition: Harrisburg is not an approved space");
    // CSA version: -15, and -10 more away from a resource center or BR port.
    for (to, extra) in [("lynchburg", 0), ("danville", -10)] {
        let mut st = new("1861", 1);
        minus(&mut st);
        let sw = st.sw[1];
        g.enter_capital(&mut st, Side::Union, sp("richmond"), &mut Log::quiet());
        assert_eq!(st.sw[1], sw - 15);
        st.flow.clear();
        st.flow.push(Frame::Capital { side: Side::Csa });
        act(&mut st, Side::Csa, &format!("capital {to}"));
        assert_eq!(st.sw[1], sw - 15 + extra, "{to}");
    }
}

// ---------------------------------------------------------------------------------------------
// Strategic Will (FtP 12)

/// FtP 12.4: Change of Fortune arithmetic.
#[test]
fn t_sw_1_change_of_fortune_fpt_12_4() {
    let g = game();
    let mut st = new("1861", 1);
    st.sw[0] = 100;
    st.sw_plus[0] = false;
    g.add_sw(&mut st, Side::Union, 10, &mut Log::quiet(), "test");
    assert_eq!((st.sw[0], st.sw_plus[0]), (112, true));
    g.add_sw(&mut st, Side::Union, -5, &mut Log::quiet(), "test");
    assert_eq!((st.sw[0], st.sw_plus[0]), (104, false));
    g.add_sw(&mut st, Side::Union, -5, &mut Log::quiet(), "test");
    assert_eq!((st.sw[0], st.sw_plus[0]), (99, false));
    // Example of play: 90(-) + 5 (WV) + 10 (MO) + 1 (fort): only the first flip earns +2.
    st.sw[0] = 90;
    for d in [5, 10, 1] {
        g.add_sw(&mut st, Side::Union, d, &mut Log::quiet(), "test");
    }
    assert_eq!((st.sw[0], st.sw_plus[0]), (108, true));
}

/// FtP 12.1.3: the Union reaches 4 PCs in WV and 7 in MO in one PC Phase:
/// +5 +10 (+2 Change of Fortune), PCs on every empty space of both states but not where CSA SP
/// stand; then 7 PCs in KY: +10.
#[test]
fn t_sw_2_state_and_border_control_fpt_12_1_3() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    minus(&mut st);
    let spaces = |state: &str| -> Vec<Sp> { (0..g.c.map.len() as Sp).filter(|&s| g.state_of(s) == state_id(state)).collect() };
    let (wv, mo, ky) = (spaces("wv"), spaces("mo"), spaces("ky"));
    for s in wv.iter().chain(mo.iter()).chain(ky.iter()) {
        st.control[*s as usize] = Control::Neutral;
    }
    for &s in &wv[..4] {
        st.control[s as usize] = Control::Of(Side::Union);
    }
    for &s in &mo[..7] {
        st.control[s as usize] = Control::Of(Side::Union);
    }
    let held = *mo.last().unwrap();
    st.sp[held as usize][1] = 1;
    st.sp_at_start[1] += 1;
    let sw = st.sw[0];
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.sw[0], sw + 5 + 10 + 2);
    assert_eq!(st.state_control[state_id("wv")], Control::Of(Side::Union));
    assert_eq!(st.state_control[state_id("mo")], Control::Of(Side::Union));
    assert!(wv.iter().all(|&s| st.control(s) == Control::Of(Side::Union)), "every empty WV space");
    assert_eq!(st.control(held), Control::Neutral, "not a space holding CSA SP");
    for &s in &ky[..7] {
        st.control[s as usize] = Control::Of(Side::Union);
    }
    let sw = st.sw[0];
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.sw[0], sw + 10, "KY: +10 (already +)");
    assert_eq!(st.border_first[state_id("ky")], Some(Side::Union));
}

/// IT 12.12 (12.1.2, edition = italian): 3 CSA spaces in a border state the Union controlled for
/// the whole turn cost the Union 5 SW and give the CSA 5, as in a Union state; so does a border
/// state the CSA took first and the Union converted (IT 12.13: a Union state for all purposes).
/// Not in the Spanish edition, not the turn the Union takes the state, never in an original CSA
/// state the Union holds.
#[test]
fn union_held_border_state_counts_as_a_union_state_italian_fpt_12_12() {
    let g = game();
    let tn = state_id("tn");
    // (edition, border state, who took it first, Union-held before the phase) -> Union SW change.
    for (edition, state, first, before, delta) in [
        ("italian", "ky", Side::Union, true, -5),
        ("italian", "ky", Side::Csa, true, -5),
        ("italian", "mo", Side::Union, false, 0),
        ("spanish", "ky", Side::Union, true, 0),
        ("spanish", "ky", Side::Csa, true, 0),
    ] {
        let b = state_id(state);
        let mut st = new("1861", 1);
        st.edition = g.c.edition(edition).expect("edition");
        empty_map(&mut st);
        no_forts(&mut st);
        st.sw_plus = [false, true]; // a Union loss and a CSA gain are exact (FtP 12.4)
        let spaces: Vec<Sp> = (0..g.c.map.len() as Sp).filter(|&s| g.state_of(s) == b).collect();
        for (k, &s) in spaces.iter().enumerate() {
            st.control[s as usize] = Control::Of(if k < 3 { Side::Csa } else { Side::Union });
        }
        if before {
            st.state_control[b] = Control::Of(Side::Union);
            st.border_first[b] = Some(first);
        }
        // An original CSA state the Union holds: never a Union state (IT 12.12).
        st.state_control[tn] = Control::Of(Side::Union);
        let sw = st.sw;
        g.state_control_settled(&mut st, &mut Log::quiet());
        assert_eq!(st.state_control[b], Control::Of(Side::Union), "{state}: taken this phase if not before");
        if before {
            assert_eq!(st.sw[0] - sw[0], delta, "{edition}, {first:?} first");
        }
        assert_eq!(st.sw[1] - sw[1], -delta, "{edition}, {state}, held before: {before}: the CSA gains what the Union loses");
    }
    // FtP 17.3: 8 states and a 51 SW lead = 10; KY, taken first by the CSA then converted, holds 3
    // CSA PCs: in the Italian edition it cancels one as a Union state (IT 12.13), not in the Spanish.
    for (edition, verdict) in [("spanish", 0u8), ("italian", 1)] {
        let mut st = new("campaign", 1);
        st.edition = g.c.edition(edition).expect("edition");
        for id in ["mo", "ky", "wv", "tn", "ar", "la", "ms", "fl"] {
            st.state_control[state_id(id)] = Control::Of(Side::Union);
        }
        st.border_first[state_id("ky")] = Some(Side::Csa);
        for s in (0..g.c.map.len() as Sp).filter(|&s| g.state_of(s) == state_id("ky")).take(3) {
            st.control[s as usize] = Control::Of(Side::Csa);
        }
        st.sw = [151, 100];
        assert_eq!(g.scenario_victory(&st).0, vec![verdict], "{edition}: {}", g.scenario_victory(&st).1);
    }
}

// ---------------------------------------------------------------------------------------------
// Victory (FtP 15.7, 17)

/// FtP 17.3 example: 8 CSA/border states and a 51 SW lead = 10: the Union
/// wins; 3 CSA PCs in an original Union state cancel one: 9, the CSA wins.
#[test]
fn t_vic_1_campaign_end_fpt_17_3() {
    let g = game();
    let mut st = new("campaign", 1);
    for id in ["mo", "ky", "wv", "tn", "ar", "la", "ms", "fl"] {
        st.state_control[state_id(id)] = Control::Of(Side::Union);
    }
    st.sw = [151, 100];
    assert_eq!(g.scenario_victory(&st).0, vec![0], "{}", g.scenario_victory(&st).1);
    st.sw = [149, 100];
    assert_eq!(g.scenario_victory(&st).0, vec![1], "a 49 lead is 1 state: 9");
    st.sw = [151, 100];
    let pa: Vec<Sp> = (0..g.c.map.len() as Sp).filter(|&s| g.state_of(s) == state_id("pa")).take(3).collect();
    for s in pa {
        st.control[s as usize] = Control::Of(Side::Csa);
    }
    assert_eq!(g.scenario_victory(&st).0, vec![1], "{}", g.scenario_victory(&st).1);
}

/// FtP 15.7 example, ES: the SP differential D (base 35) gives the CSA 10 SW per
/// full 5 below and the Union 5 per full 5 above, without Change of Fortune.
#[test]
fn t_vic_2_1863_sp_differential_fpt_15_7() {
    let g = game();
    let verdict = |u: u8, c: u8, sw: [i16; 2]| {
        let mut st = new("1863", 1);
        // FtP 15: no blockade obligation failed (scenario_rules_tests.rs).
        st.sc_rules = Default::default();
        empty_map(&mut st);
        put_sp(&mut st, Side::Union, "washington", u);
        put_sp(&mut st, Side::Csa, "richmond", c);
        st.sw = sw;
        g.scenario_victory(&st).0
    };
    // 75 - 46 = 29: CSA +10. A Union lead of 10 becomes 0: not more than the CSA's.
    assert_eq!(verdict(75, 46, [110, 100]), vec![1]);
    assert_eq!(verdict(75, 46, [111, 100]), vec![0], "a lead of 11 - 10 = 1");
    // D = 45: Union +10. D = 39: +0.
    assert_eq!(verdict(85, 40, [95, 100]), vec![0], "-5 + 10");
    assert_eq!(verdict(79, 40, [100, 100]), vec![1], "less than a full 5 above 35: nothing");
}

/// FtP 17.2.1, 17.2.2: the automatic victories at the end of a turn.
#[test]
fn t_vic_3_automatic_victories_fpt_17_2_1_17_2_2() {
    let g = game();
    let end = |turn: u8, sw: [i16; 2]| {
        let mut st = new("campaign", 1);
        st.turn = turn;
        st.sw = sw;
        st.flow.clear();
        g.end_turn(&mut st, &mut Log::quiet());
        st.result.map(|r| r.0)
    };
    assert_eq!(end(5, [100, 0]), Some(vec![0]), "CSA SW 0: the Union wins");
    assert_eq!(end(5, [0, 0]), Some(vec![0]), "both 0: the Union wins");
    assert_eq!(end(12, [49, 90]), Some(vec![1]), "Union SW 49 at the end of Fall 1864");
    assert_eq!(end(11, [49, 90]), None, "only at the end of turn 12");
    assert_eq!(end(5, [50, 101]), Some(vec![1]), "101 > 2 x 50");
    assert_eq!(end(5, [50, 100]), None, "100 is not more than twice 50");
    // FtP 17.2.2: every CSA resource center destroyed and every BR port closed.
    let mut st = new("campaign", 1);
    st.turn = 5;
    st.flow.clear();
    for s in 0..g.c.map.len() as Sp {
        if g.c.map.space(bivouac_engine::map::graph::SpaceId(s)).resource > 0 {
            st.rc_destroyed[s as usize] = true;
        }
        if g.br_open(&st, s) {
            st.control[s as usize] = Control::Of(Side::Union);
            st.fort[s as usize] = None;
        }
    }
    assert!(!(0..g.c.map.len() as Sp).any(|s| g.br_open(&st, s)), "every BR port closed");
    g.end_turn(&mut st, &mut Log::quiet());
    assert_eq!(st.result.map(|r| r.0), Some(vec![0]));
}

// ---------------------------------------------------------------------------------------------
// Commanders (FtP 5.2.2)

/// FtP 5.2.2, 12.10: Buell creates an army with Fremont and Butler (PR 8) on the
/// map outside army boxes: -2 SW once; A. S. Johnston, the highest CSA PR, pays nothing.
#[test]
fn t_cmd_2_army_creation_penalty_fpt_5_2_2_12_10() {
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    minus(&mut st);
    put_sp(&mut st, Side::Union, "lebanon", 7);
    put_general(&mut st, "buell", GenAt::Map(sp("lebanon")));
    put_general(&mut st, "rosecrans", GenAt::Map(sp("lebanon")));
    put_general(&mut st, "fremont", GenAt::Map(sp("st_louis")));
    put_general(&mut st, "butler", GenAt::Map(sp("fort_monroe")));
    put_sp(&mut st, Side::Union, "st_louis", 1);
    put_sp(&mut st, Side::Union, "fort_monroe", 1);
    st.control[sp("lebanon") as usize] = Control::Of(Side::Union);
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    let create = legal_text(&st, Side::Union).into_iter().find(|x| x.starts_with("create lebanon") && x.ends_with("buell")).expect("Buell may create an army");
    let sw = st.sw[0];
    act(&mut st, Side::Union, &create);
    assert_eq!(st.sw[0], sw - 2, "once, not once per higher general");
    let a = st.armies.iter().flatten().find(|a| a.space == sp("lebanon")).unwrap();
    assert_eq!(a.commander, Some(general("buell")));
    // CSA counter-case: A. S. Johnston has the highest CSA PR: no penalty.
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    minus(&mut st);
    put_sp(&mut st, Side::Csa, "nashville", 5);
    put_general(&mut st, "as_johnston", GenAt::Map(sp("nashville")));
    put_general(&mut st, "bragg", GenAt::Map(sp("nashville")));
    put_general(&mut st, "j_johnston", GenAt::Map(sp("manassas")));
    put_sp(&mut st, Side::Csa, "manassas", 1);
    round_with(&mut st, Side::Csa, 2);
    act(&mut st, Side::Csa, "ops 2");
    let create = legal_text(&st, Side::Csa).into_iter().find(|x| x.starts_with("create nashville") && x.ends_with("as_johnston")).expect("creation offered");
    let sw = st.sw[1];
    act(&mut st, Side::Csa, &create);
    assert_eq!(st.sw[1], sw);
    check(&st);
}

// ---------------------------------------------------------------------------------------------
// 8.2 Movement

fn moving(side: Side, kind: Formation, at: &str, value: u8) -> MoveSt {
    MoveSt { side, kind, at: sp(at), prev: sp(at), sp: 2, gens: vec![], army: None, mp: game().base_mp(kind), value, halted: false, rail_only: true, steps: 0, intercept_tried: false, vs_interceptor: false, order: MoveOrder::Free }
}

/// FtP 5.9.1, 5.9.2: all by rail through friendly spaces a corps has 8 + 2 = 10
/// MP and a brigade 12; an army never has the bonus.
#[test]
fn t_rail_1_rail_bonus_fpt_5_9_1_5_9_2() {
    let g = game();
    let mut st = new("1861", 5);
    st.flow.clear();
    let from = sp("pittsburgh");
    let friendly_rail = g.c.map.neighbors(bivouac_engine::map::graph::SpaceId(from)).any(|(t, l)| l.kind == super::content::LinkKind::Rail && st.controls(Side::Union, t.0));
    assert!(friendly_rail);
    for (kind, mp) in [(Formation::Corps, 10u8), (Formation::Division, 7)] {
        let mut m = moving(Side::Union, kind, "pittsburgh", 3);
        m.mp = 0;
        m.steps = mp - 1;
        assert!(!g.steps(&st, &m).is_empty(), "{kind:?}: step {mp} by rail");
        m.steps = mp;
        assert!(g.steps(&st, &m).is_empty(), "{kind:?}: no step {}", mp + 1);
    }
    // An army out of MP gets no bonus step (FtP 5.2.5).
    let mut m = moving(Side::Union, Formation::Army, "pittsburgh", 3);
    m.mp = 0;
    m.steps = 5;
    assert!(g.steps(&st, &m).is_empty(), "an army never has the bonus");
    assert_eq!(g.base_mp(Formation::Brigade) + 2, 12, "a brigade: 10 + 2");
}

/// FtP 5.10: the dashed NE Alabama links Jacksonville-Decatur and
/// Jacksonville-Kingston: never for the Union nor a CSA division; for a CSA general with SP only on a 3-value or
/// campaign card.
#[test]
fn t_neal_1_ne_alabama_fpt_5_10() {
    let g = game();
    let mut st = new("1861", 5);
    st.flow.clear();
    let ne = [sp("decatur"), sp("kingston")];
    let union = moving(Side::Union, Formation::Corps, "jacksonville_al", 3);
    assert!(!g.steps(&st, &union).iter().any(|s| ne.contains(s)), "never the Union");
    let mut csa = moving(Side::Csa, Formation::Corps, "jacksonville_al", 2);
    csa.gens = vec![general("bragg")];
    csa.rail_only = false;
    assert!(!g.steps(&st, &csa).iter().any(|s| ne.contains(s)), "a 2-value card");
    csa.value = 3;
    let to = g.steps(&st, &csa);
    assert!(ne.iter().all(|s| to.contains(s)), "a 3-value card");
    // FtP 5.10: "Solo los generales confederados (con o sin UM) pueden usar estas conexiones": a
    // division (no general) never, whatever the card.
    let division = moving(Side::Csa, Formation::Division, "jacksonville_al", 3);
    assert!(!g.steps(&st, &division).iter().any(|s| ne.contains(s)), "never a division");
}

/// FtP 5.2.9, 5.3.4, 5.2.2: an army reduced to 1 SP keeps at most 4 generals, the
/// opponent removing neither its commander nor its highest-rated other general; 2 loose
/// SP hold at most 3; a general may stay alone in a fort (0 SP) but not in an empty space; the
/// opponent picks the excess, never a cavalry brigade.
#[test]
fn t_cmd_6_generals_per_sp_limits_fpt_5_2_9_5_3_4() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    super::choices_tests::put_army(&mut st, "army_of_the_potomac", "frederick", 1, "mcclellan");
    let a = super::play_tests::army("army_of_the_potomac");
    for id in ["burnside", "banks", "mcdowell"] {
        put_general(&mut st, id, GenAt::Army(a));
    }
    assert!(g.excess_candidates(&st, Side::Union, sp("frederick")).is_empty(), "1 SP + 3 = 4 generals");
    put_general(&mut st, "pope", GenAt::Army(a));
    // A fifth is too many; FtP 5.2.2: the opponent never picks the commander nor the
    // highest-rated other general ("El único modo de retirar el general de rango más alto no al
    // mando ... es mediante un evento o siendo baja en batalla").
    let c = g.excess_candidates(&st, Side::Union, sp("frederick"));
    assert_eq!(c.len(), 3, "a fifth is too many: {c:?}");
    assert!(c.iter().all(|&x| !g.army_keeps(&st, Side::Union, a, x)) && !c.contains(&general("mcclellan")));
    put_sp(&mut st, Side::Csa, "manassas", 2);
    for id in ["beauregard", "j_johnston", "bragg"] {
        put_general(&mut st, id, GenAt::Map(sp("manassas")));
    }
    assert!(g.excess_candidates(&st, Side::Csa, sp("manassas")).is_empty(), "2 SP + 1 = 3 generals");
    put_general(&mut st, "stuart", GenAt::Map(sp("manassas")));
    assert!(g.excess_candidates(&st, Side::Csa, sp("manassas")).is_empty(), "the brigade is a general and an SP");
    put_general(&mut st, "price", GenAt::Map(sp("manassas")));
    let c = g.excess_candidates(&st, Side::Csa, sp("manassas"));
    assert!(!c.is_empty() && !c.contains(&general("stuart")), "never the brigade");
    // Alone: in a fort yes, in an empty space no.
    put_general(&mut st, "polk", GenAt::Map(sp("memphis")));
    assert!(!g.leaves_ok(&st, Side::Csa, sp("memphis"), 0, &[]));
    st.fort[sp("memphis") as usize] = Some(Side::Csa);
    assert!(g.leaves_ok(&st, Side::Csa, sp("memphis"), 0, &[]));
}

// ---------------------------------------------------------------------------------------------
// 8.4 Supply (FtP 8)

/// FtP 8.2 example: a Union force at Vicksburg under UNC with a Union PC is
/// supplied, and so is one at Meridian tracing Forest, Jackson (Union) to Vicksburg.
#[test]
fn t_loc_1_supply_through_a_unc_port_fpt_8_2() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    for s in ["vicksburg", "jackson_ms", "forest"] {
        st.control[sp(s) as usize] = Control::Of(Side::Union);
    }
    put_sp(&mut st, Side::Union, "vicksburg", 2);
    put_sp(&mut st, Side::Union, "meridian", 2);
    let sup = g.supplied(&st, Side::Union);
    assert!(sup[sp("vicksburg") as usize], "UNC at Vicksburg");
    assert!(sup[sp("meridian") as usize], "Meridian - Forest - Jackson - Vicksburg");
    // Cut the trace at Forest: Meridian is out of supply.
    st.control[sp("forest") as usize] = Control::Of(Side::Csa);
    put_sp(&mut st, Side::Csa, "forest", 1);
    let sup = g.supplied(&st, Side::Union);
    assert!(sup[sp("vicksburg") as usize]);
    assert!(!sup[sp("meridian") as usize], "no other friendly or neutral trace from Meridian");
}

/// FtP 8.3 example: a Union force at Humboldt (TN), no Union PC, is supplied by a
/// LOC via New Madrid and Columbus (KY); attacking Grand Junction from there it is out of supply:
/// its LOC is traced through Humboldt, an enemy-controlled space. The CSA gets +2.
#[test]
fn t_loc_2_attackers_loc_through_its_origin_fpt_8_3() {
    use super::battle::DrmKind;
    use super::naval_tests::dice;
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    for s in ["new_madrid", "columbus_ky", "cairo"] {
        st.control[sp(s) as usize] = Control::Of(Side::Union);
    }
    assert_eq!(st.control(sp("humboldt")), Control::Of(Side::Csa), "no Union PC in Tennessee");
    put_sp(&mut st, Side::Union, "humboldt", 4);
    put_general(&mut st, "grant", GenAt::Map(sp("humboldt")));
    put_sp(&mut st, Side::Csa, "grand_junction", 1);
    assert!(g.supplied(&st, Side::Union)[sp("humboldt") as usize], "supplied at Humboldt via New Madrid");
    assert!(!g.loc_through(&st, Side::Union)[sp("humboldt") as usize], "but no LOC through it");
    check(&st);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps grant 4");
    st.rng = dice(&[3, 3, 3, 3, 3, 3]);
    act(&mut st, Side::Union, "step grand_junction");
    if matches!(st.flow.top(), Some(Frame::Rbb { .. })) {
        act(&mut st, Side::Csa, "stand");
    }
    let b = st.last_battle.as_ref().expect("a battle at Grand Junction");
    assert_eq!(b.space, sp("grand_junction"));
    let oos = |r: &super::battle::SideReport| r.drms.iter().filter(|d| d.kind == DrmKind::EnemyOutOfSupply).map(|d| d.value).collect::<Vec<_>>();
    assert_eq!(oos(&b.report.defender), vec![2], "FtP 8.3: the CSA gets +2");
    assert!(oos(&b.report.attacker).is_empty(), "the CSA defender is supplied");
    // With a Union PC at Humboldt the LOC runs through it: no penalty.
    let mut st2 = st.clone();
    st2.control[sp("humboldt") as usize] = Control::Of(Side::Union);
    assert!(g.loc_through(&st2, Side::Union)[sp("humboldt") as usize]);
}

/// FtP 8.2: Richmond is a CSA supply source only with a LOC to another
/// undestroyed resource center or open BR port (Wilmington); alone it supplies nothing.
#[test]
fn t_loc_3_csa_source_needs_another_source_fpt_8_2() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    let rich = sp("richmond");
    let wil = sp("wilmington_nc");
    for s in 0..g.c.map.len() as Sp {
        let d = g.c.map.space(bivouac_engine::map::graph::SpaceId(s));
        if d.resource > 0 && s != rich {
            st.rc_destroyed[s as usize] = true;
        }
        if d.br && s != wil {
            st.control[s as usize] = Control::Of(Side::Union);
        }
    }
    put_sp(&mut st, Side::Csa, "richmond", 2);
    assert!(g.br_open(&st, wil), "Wilmington: a CSA port, its fort not Union");
    assert!(g.supplied(&st, Side::Csa)[rich as usize], "Richmond - Wilmington: both sources count");
    // Close Wilmington: Richmond alone is no source and nothing is supplied.
    st.control[wil as usize] = Control::Of(Side::Union);
    let sup = g.supplied(&st, Side::Csa);
    assert!(!sup[rich as usize], "Richmond alone is no source (FtP 8.2)");
    assert!(!sup.iter().any(|&x| x), "no CSA space is supplied");
}

/// FtP 5.2.6 example, 12.2: a supplied Union army with 6 MP enters neutral
/// Bowling Green (1), converts it (2), enters Clarksville (3), converts it (4), attacks Nashville's
/// 1 CSA SP (5); having won with at least twice the defender it continues (7.3.2) and spends its
/// 6th MP placing a PC at Nashville, destroying the resource center: +5 Union, -5 CSA.
#[test]
fn t_move_1_army_spends_mp_to_convert_fpt_5_2_6() {
    use super::naval_tests::dice;
    let mut st = new("1862", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    super::choices_tests::put_army(&mut st, "army_of_the_cumberland", "louisville", 6, "buell");
    for s in ["bowling_green", "clarksville_tn"] {
        st.control[sp(s) as usize] = if s == "bowling_green" { Control::Neutral } else { Control::Of(Side::Csa) };
    }
    // The 1862 set-up has Nashville taken already (FtP 14): give it back to the CSA, intact.
    st.control[sp("nashville") as usize] = Control::Of(Side::Csa);
    st.rc_destroyed[sp("nashville") as usize] = false;
    put_sp(&mut st, Side::Csa, "nashville", 1);
    st.sw_plus = [true, false]; // a Union gain and a CSA loss are exact (FtP 12.4)
    check(&st);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "army army_of_the_cumberland");
    let mp = |st: &State| st.moving.as_ref().map(|m| m.mp);
    assert_eq!(mp(&st), Some(6));
    for (s, left) in [("bowling_green", 5), ("clarksville_tn", 3)] {
        act(&mut st, Side::Union, &format!("step {s}"));
        assert_eq!(mp(&st), Some(left), "FtP 5.1.1: 1 MP into {s}");
        act(&mut st, Side::Union, "convert");
        assert_eq!(mp(&st), Some(left - 1), "FtP 5.2.6: 1 MP to convert {s}");
        assert!(st.controls(Side::Union, sp(s)));
    }
    // Nashville: the battle; Union 6, CSA 1.
    st.rng = dice(&[6, 1, 1, 1, 1, 1]);
    act(&mut st, Side::Union, "step nashville");
    if matches!(st.flow.top(), Some(Frame::Rbb { .. })) {
        act(&mut st, Side::Csa, "stand");
    }
    let b = st.last_battle.as_ref().expect("a battle at Nashville");
    assert_eq!(b.space, sp("nashville"));
    assert!(b.report.attacker_may_continue, "FtP 7.3.2: at least twice the defender");
    while matches!(st.flow.top(), Some(Frame::Losses { .. })) {
        let side = if matches!(st.flow.top(), Some(Frame::Losses { side: Side::Union })) { Side::Union } else { Side::Csa };
        let a = legal_text(&st, side)[0].clone();
        act(&mut st, side, &a);
    }
    assert_eq!(mp(&st), Some(1), "the 6th MP is left");
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"convert".into()) && l.iter().any(|a| a.starts_with("step ")), "move on or place a PC: {l:?}");
    let sw = st.sw;
    act(&mut st, Side::Union, "convert");
    assert!(st.rc_destroyed[sp("nashville") as usize], "FtP 12.2: the resource center is destroyed");
    assert_eq!([st.sw[0] - sw[0], st.sw[1] - sw[1]], [5, -5], "FtP 12.2");
    check(&st);
}

// ---------------------------------------------------------------------------------------------
// 8.2 Interception (FtP 5.8.2)

/// Kentucky with no units and no forts: Lebanon, Louisville and Bowling Green form a triangle;
/// Somerset lies beyond Lebanon. A CSA corps (Bragg, `csa_sp` SP) waits at `csa_at`.
fn kentucky(csa_at: &str, csa_sp: u8) -> State {
    let mut st = new("1861", 3);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Csa, csa_at, csa_sp);
    put_general(&mut st, "bragg", GenAt::Map(sp(csa_at)));
    st
}

/// The interception offers now open to the Union, as notation.
fn intercept_offers(st: &State) -> Vec<String> {
    if !matches!(st.flow.top(), Some(Frame::Intercept { side: Side::Union, .. })) {
        return vec![];
    }
    legal_text(st, Side::Union)
}

/// FtP 5.8.2 and its example, first part: a CSA corps moves past a Union army
/// (Louisville) and a Union corps (Somerset): the Union gets one interception attempt in all for
/// that move, with either force; declining is no attempt.
#[test]
fn t_int_2_one_attempt_per_enemy_move_fpt_5_8_2() {
    use super::naval_tests::dice;
    let setup = || {
        let mut st = kentucky("bowling_green", 3);
        super::choices_tests::put_army(&mut st, "army_of_the_cumberland", "louisville", 4, "buell");
        put_sp(&mut st, Side::Union, "somerset", 2);
        put_general(&mut st, "thomas", GenAt::Map(sp("somerset")));
        round_with(&mut st, Side::Csa, 9);
        act(&mut st, Side::Csa, "ops 9");
        act(&mut st, Side::Csa, "corps bragg 3");
        st
    };
    let mut st = setup();
    act(&mut st, Side::Csa, "step lebanon");
    assert_eq!(intercept_offers(&st), ["intercept louisville", "intercept somerset", "decline"], "FtP 5.8.1: either force may try");
    // The army tries and fails (Buell, defense 2: a 6 fails).
    st.rng = dice(&[6]);
    act(&mut st, Side::Union, "intercept louisville");
    assert_eq!(st.moving.as_ref().map(|m| m.at), Some(sp("lebanon")), "the CSA goes on into Lebanon");
    assert!(st.moving.as_ref().is_some_and(|m| m.intercept_tried));
    // On past the army again (back to Bowling Green, next to Louisville): no second attempt.
    act(&mut st, Side::Csa, "step bowling_green");
    assert!(intercept_offers(&st).is_empty(), "FtP 5.8.2: one attempt per enemy move, whoever tried");
    assert!(matches!(st.flow.top(), Some(Frame::Move)));
    check(&st);

    // Declining is no attempt: the Union may still try later in the same move.
    let mut st = setup();
    act(&mut st, Side::Csa, "step lebanon");
    act(&mut st, Side::Union, "decline");
    act(&mut st, Side::Csa, "step bowling_green");
    assert_eq!(intercept_offers(&st), ["intercept louisville", "decline"], "not yet tried: the army may try now");
    check(&st);
}

/// FtP 5.8.2 example, second part: in a Major Campaign the Union has one
/// attempt per campaign move: three CSA corps each pass the Army of the Cumberland and each
/// may be intercepted once.
#[test]
fn t_int_2_one_attempt_per_campaign_move_fpt_5_8_2() {
    use super::naval_tests::dice;
    let mut st = kentucky("bowling_green", 6);
    put_general(&mut st, "polk", GenAt::Map(sp("bowling_green")));
    put_general(&mut st, "j_johnston", GenAt::Map(sp("bowling_green")));
    super::choices_tests::put_army(&mut st, "army_of_the_cumberland", "louisville", 4, "buell");
    round_with(&mut st, Side::Csa, 84);
    act(&mut st, Side::Csa, "event 84");
    for (i, corps) in ["bragg", "polk", "j_johnston"].into_iter().enumerate() {
        assert!(matches!(st.flow.top(), Some(Frame::Campaign { left, .. }) if *left as usize == 3 - i), "campaign move {}", i + 1);
        act(&mut st, Side::Csa, &format!("corps {corps} 2"));
        act(&mut st, Side::Csa, "step lebanon");
        assert_eq!(intercept_offers(&st), ["intercept louisville", "decline"], "campaign move {}: a new attempt", i + 1);
        st.rng = dice(&[6]);
        act(&mut st, Side::Union, "intercept louisville");
        act(&mut st, Side::Csa, "step bowling_green");
        assert!(intercept_offers(&st).is_empty(), "campaign move {}: the attempt is used", i + 1);
        act(&mut st, Side::Csa, "stop");
    }
    assert!(!matches!(st.flow.top(), Some(Frame::Campaign { .. })), "three moves: the campaign is over");
    check(&st);
}

/// FtP 5.8.1 timing note, 5.8.2, third part: a force that has just retreated
/// before battle may intercept the very force it retreated from. Thomas's corps at Lebanon
/// withdraws before Bragg (defense 3: a 1 succeeds) to Bowling Green; Bragg goes on to
/// Louisville, next to Bowling Green, and Thomas intercepts him there (a 2 succeeds).
#[test]
fn t_int_2_intercept_after_retreat_before_battle_fpt_5_8_2() {
    use super::naval_tests::dice;
    let mut st = kentucky("somerset", 4);
    put_sp(&mut st, Side::Union, "lebanon", 2);
    put_general(&mut st, "thomas", GenAt::Map(sp("lebanon")));
    round_with(&mut st, Side::Csa, 9);
    act(&mut st, Side::Csa, "ops 9");
    act(&mut st, Side::Csa, "corps bragg 4");
    act(&mut st, Side::Csa, "step lebanon");
    assert!(intercept_offers(&st).is_empty(), "Lebanon holds Thomas himself: no interception into it");
    assert!(matches!(st.flow.top(), Some(Frame::Rbb { side: Side::Union, .. })), "FtP 7.2.3: Thomas may try to withdraw");
    st.rng = dice(&[1]);
    act(&mut st, Side::Union, "withdraw");
    if matches!(st.flow.top(), Some(Frame::Retreat { .. })) {
        assert!(!legal_text(&st, Side::Union).contains(&"retreat somerset".to_string()), "FtP 7.2.4: never where the attacker came from");
        act(&mut st, Side::Union, "retreat bowling_green");
    }
    assert_eq!(st.generals[general("thomas") as usize], GenAt::Map(sp("bowling_green")));
    assert_eq!(st.moving.as_ref().map(|m| m.at), Some(sp("lebanon")), "Bragg holds Lebanon and may go on");
    act(&mut st, Side::Csa, "step louisville");
    assert_eq!(intercept_offers(&st), ["intercept bowling_green", "decline"], "FtP 5.8.2: the force that retreated may intercept");
    st.rng = dice(&[2, 3, 3, 3, 3, 3, 3]);
    act(&mut st, Side::Union, "intercept bowling_green");
    let b = st.last_battle.as_ref().expect("the interception brings on a battle at Louisville");
    assert_eq!((b.space, b.attacker), (sp("louisville"), Side::Csa));
    assert!(b.report.defender.drms.iter().any(|d| d.kind == super::battle::DrmKind::Interception), "FtP 5.8.3: +2 to the interceptor");
}

/// FtP 5.8.2, fourth part: a side that lost a battle during the move may still
/// intercept later in it. Bragg (6 SP) beats Thomas (3 SP) at Lebanon, who retreats to Bowling
/// Green; having had at least twice the loser's SP Bragg goes on to Louisville (7.3.2), and the
/// beaten Union may try to intercept him there.
#[test]
fn t_int_2_intercept_after_a_lost_battle_fpt_5_8_2() {
    use super::naval_tests::dice;
    let mut st = kentucky("somerset", 6);
    put_sp(&mut st, Side::Union, "lebanon", 3);
    put_general(&mut st, "thomas", GenAt::Map(sp("lebanon")));
    round_with(&mut st, Side::Csa, 9);
    act(&mut st, Side::Csa, "ops 9");
    act(&mut st, Side::Csa, "corps bragg 6");
    act(&mut st, Side::Csa, "step lebanon");
    st.rng = dice(&[6, 1, 6, 6, 6, 6]);
    act(&mut st, Side::Union, "stand");
    let b = st.last_battle.as_ref().expect("a battle at Lebanon");
    assert_eq!((b.report.winner, b.report.defender.sp_lost), (super::battle::Role::Attacker, 2), "CSA 6+1 vs Union 1+3: the Union loses");
    assert!(b.report.attacker_may_continue, "FtP 7.3.2: 6 SP against 3");
    assert!(matches!(st.flow.top(), Some(Frame::Retreat { side: Side::Union, before: false, .. })));
    act(&mut st, Side::Union, "retreat bowling_green");
    assert_eq!(st.moving.as_ref().map(|m| (m.at, m.sp)), Some((sp("lebanon"), 5)));
    act(&mut st, Side::Csa, "step louisville");
    assert_eq!(intercept_offers(&st), ["intercept bowling_green", "decline"], "FtP 5.8.2: the loser keeps its attempt");
    st.rng = dice(&[6]);
    act(&mut st, Side::Union, "intercept bowling_green");
    assert_eq!(st.moving.as_ref().map(|m| m.at), Some(sp("louisville")), "failed: Bragg enters Louisville");
    check(&st);
}

/// The example after FtP 5.4.3; 4.3, 5.4.2, 5.8, 5.2.6, 6.2.4: the Union plays
/// a Major Campaign. (1) A division takes 2 SP from Lebanon to Somerset; it may not enter Clinton
/// (TN), an enemy-controlled space in an enemy-controlled state. (2) McClellan's corps (5 SP)
/// heads for Clarksville; Jackson's corps intercepts from Nashville on a roll of 1-3 (defense 3,
/// no cavalry) and the battle is fought before the third move. (3) The Army of the Tennessee
/// moves to McKenzie (3 MP) and spends the other 3 MP on PCs at Paducah, Columbus and McKenzie;
/// it may not enter Dover: that crosses the Tennessee into a space with a CSA fort (6.2.4).
#[test]
fn t_move_2_campaign_division_interception_army_pcs_fpt_5_4_3() {
    use super::naval_tests::dice;
    let mut st = new("1861", 3);
    empty_map(&mut st);
    no_forts(&mut st);
    st.fort[sp("dover_tn") as usize] = Some(Side::Csa);
    put_sp(&mut st, Side::Csa, "dover_tn", 1);
    put_sp(&mut st, Side::Union, "lebanon", 2);
    put_sp(&mut st, Side::Union, "bowling_green", 5);
    put_general(&mut st, "mcclellan", GenAt::Map(sp("bowling_green")));
    put_sp(&mut st, Side::Csa, "nashville", 3);
    put_general(&mut st, "jackson", GenAt::Map(sp("nashville")));
    super::choices_tests::put_army(&mut st, "army_of_the_tennessee", "cairo", 4, "grant");
    check(&st);
    round_with(&mut st, Side::Union, 83);
    act(&mut st, Side::Union, "event 83");
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 3, .. })), "FtP 4.3.1: three moves");

    // (1) The division.
    act(&mut st, Side::Union, "division lebanon 2");
    act(&mut st, Side::Union, "step somerset");
    assert_eq!(st.control(sp("clinton")), Control::Of(Side::Csa));
    assert_eq!(st.state_control[g_state("clinton")], Control::Of(Side::Csa));
    assert!(!legal_text(&st, Side::Union).contains(&"step clinton".to_string()), "FtP 5.4.2");
    super::choices_tests::refused(&mut st, Side::Union, "step clinton", "FtP 5.4.2");
    act(&mut st, Side::Union, "stop");
    assert_eq!(st.sp[sp("somerset") as usize][0], 2);

    // (2) McClellan's corps; Jackson intercepts on 1-3.
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 2, .. })));
    act(&mut st, Side::Union, "corps mcclellan 5");
    act(&mut st, Side::Union, "step clarksville_tn");
    assert_eq!(legal_text(&st, Side::Csa), ["intercept nashville", "decline"]);
    let mut miss = st.clone();
    miss.rng = dice(&[4]);
    act(&mut miss, Side::Csa, "intercept nashville");
    assert!(miss.last_battle.is_none() && miss.moving.as_ref().is_some_and(|m| m.at == sp("clarksville_tn")), "a 4 fails: McClellan enters Clarksville");
    st.rng = dice(&[3, 3, 3, 3, 3]);
    act(&mut st, Side::Csa, "intercept nashville");
    let b = st.last_battle.as_ref().expect("FtP 5.8.1: the battle is fought at once");
    assert_eq!((b.space, b.attacker), (sp("clarksville_tn"), Side::Union));
    assert!(b.report.defender.drms.iter().any(|d| d.kind == super::battle::DrmKind::Interception), "FtP 5.8.3");
    // Whatever the battle brings (losses, retreat), it ends before the third move begins.
    while !matches!(st.flow.top(), Some(Frame::Campaign { .. })) {
        let side = if bivouac_engine::game::Game::active_seats(game(), &st) == [0] { Side::Union } else { Side::Csa };
        let a = if matches!(st.flow.top(), Some(Frame::Move)) { "stop".to_string() } else { legal_text(&st, side)[0].clone() };
        act(&mut st, side, &a);
    }
    assert!(matches!(st.flow.top(), Some(Frame::Campaign { left: 1, .. })));
    assert!(st.moving.is_none());

    // (3) The Army of the Tennessee: 3 MP of movement, 3 MP of PCs.
    act(&mut st, Side::Union, "army army_of_the_tennessee");
    let mp = |st: &State| st.moving.as_ref().map(|m| m.mp);
    for (i, s) in ["paducah", "columbus_ky", "mckenzie"].into_iter().enumerate() {
        act(&mut st, Side::Union, &format!("step {s}"));
        if s == "mckenzie" {
            // FtP 6.2.4: McKenzie - Dover crosses the Tennessee into Dover's CSA fort.
            assert!(!legal_text(&st, Side::Union).contains(&"step dover_tn".to_string()));
            super::choices_tests::refused(&mut st, Side::Union, "step dover_tn", "FtP 6.2.4");
        }
        act(&mut st, Side::Union, "convert");
        assert!(st.controls(Side::Union, sp(s)), "FtP 5.2.6: a PC at {s}");
        assert_eq!(mp(&st), Some(6 - 2 * (i as u8 + 1)));
    }
    assert_eq!(st.armies[super::play_tests::army("army_of_the_tennessee") as usize].map(|x| x.space), Some(sp("mckenzie")));
    act(&mut st, Side::Union, "stop");
    assert!(!matches!(st.flow.top(), Some(Frame::Campaign { .. }) | Some(Frame::Move)), "the campaign is over");
    check(&st);
}

fn g_state(id: &str) -> usize {
    game().state_of(sp(id))
}

// ---------------------------------------------------------------------------------------------
// The routes of the examples of play, walked on the map

/// FtP 10.2, examples of play Su61 and Fa61: every strategic move the
/// examples make is possible on the map, by rail through friendly spaces (or by sea, 10.2.3):
/// "1 SP de Springfield (IL) a Cairo" among them. Moves from a space the example's position gives
/// the mover are made with that space (and the Kentucky route the Union opened) friendly.
#[test]
fn t_strat_1_every_strategic_move_of_the_examples_is_on_the_map_fpt_10_2() {
    let g = game();
    let union: &[(&str, &str)] = &[
        ("washington", "fort_monroe"),
        ("springfield_il", "cairo"),
        ("washington", "cairo"),
        ("pittsburgh", "columbus_oh"),
        ("philadelphia", "cairo"),
        ("cincinnati", "cairo"),
        ("lexington_ky", "lebanon"),
        ("falmouth", "lebanon"),
        ("louisville", "lebanon"),
        ("frankfort", "lebanon"),
        ("st_louis", "cairo"),
        ("jefferson_city", "cairo"),
        ("rolla", "cairo"),
        ("ironton", "cairo"),
        ("indianapolis", "lebanon"),
        ("wheeling", "lebanon"),
    ];
    strategic_moves_on_the_map(&g, &[(Side::Union, union)]);
}

/// The Confederate strategic moves of the examples of play (FtP 10.2): Nashville reaches
/// Clarksville and Dover by rail (the Edgefield & Kentucky to Guthrie, then the Memphis,
/// Clarksville & Louisville), and Monroe (LA) reaches Nashville through Vicksburg and Memphis.
#[test]
fn t_strat_1_every_confederate_strategic_move_of_the_examples_is_on_the_map_fpt_10_2() {
    let csa: &[(&str, &str)] = &[
        ("wilmington_nc", "manassas"),
        ("charleston_sc", "manassas"),
        ("new_orleans", "manassas"),
        ("monroe_la", "nashville"),
        ("pensacola", "columbus_ky"),
        ("mobile", "columbus_ky"),
        ("atlanta", "knoxville"),
        ("nashville", "dover_tn"),
        ("manassas", "strasburg"),
    ];
    strategic_moves_on_the_map(&game(), &[(Side::Csa, csa)]);
}

fn strategic_moves_on_the_map(g: &super::FtP, sides: &[(Side, &[(&str, &str)])]) {
    // Fa61: the Union holds the Kentucky route and Fremont's Missouri (the example's position).
    let union_held = ["wheeling", "lexington_ky", "falmouth", "louisville", "frankfort", "lebanon", "st_louis", "jefferson_city", "rolla", "ironton"];
    for &(side, moves) in sides {
        let mut st = new("1861", 1);
        // The examples' Union moves pass spaces that hold CSA forts in this 1861 position; the
        // CSA's own forts keep the Union's gunboats off its Mississippi crossings (FtP 6.5.1).
        if side == Side::Union {
            no_forts(&mut st);
        }
        for id in union_held {
            st.control[sp(id) as usize] = Control::Of(Side::Union);
        }
        st.control[sp("columbus_ky") as usize] = Control::Of(Side::Csa);
        for (from, _) in moves {
            let e = if side == Side::Union { 1 } else { 0 };
            st.sp[sp(from) as usize][e] = 0;
            // Two SP, so the one moved leaves one beside any general there (FtP 5.3.4).
            let have = st.sp[sp(from) as usize][side.index()];
            if have < 2 {
                put_sp(&mut st, side, from, 2 - have);
            }
        }
        st.flow.clear();
        st.flow.push(Frame::Strategic { side });
        let all = g.strategic_moves(&st, side);
        for (from, to) in moves {
            assert!(all.contains(&(sp(from), sp(to))), "{} {from} -> {to} (example of play, FtP 10.2)", side.name());
        }
    }
}

/// The land routes the examples of play narrate (examples Su61, Fa61, 5.2.6, 5.4.3, 6.1.6, the
/// Gettysburg example): each named step is one road or rail link, except in the routes whose
/// steps the examples list as the places passed (within a few links).
#[test]
fn every_route_narrated_in_the_examples_of_play_is_on_the_map() {
    use super::content::LinkKind;
    use bivouac_engine::map::graph::SpaceId;
    let g = game();
    let linked = |a: u16, b: u16| g.c.map.neighbors(SpaceId(a)).any(|(n, l)| n.0 == b && matches!(l.kind, LinkKind::Road | LinkKind::Rail));
    // Within `k` road or rail links.
    let within = |a: u16, b: u16, k: usize| {
        let mut front = vec![a];
        for _ in 0..k {
            if front.contains(&b) {
                return true;
            }
            front = front.iter().flat_map(|&x| g.c.map.neighbors(SpaceId(x)).filter(|(_, l)| matches!(l.kind, LinkKind::Road | LinkKind::Rail)).map(|(n, _)| n.0)).collect();
        }
        front.contains(&b)
    };
    // (route, most links a listed step may take): Fremont's Missouri tour; the division from
    // Columbus (OH), at most 5 MP; Price's corps in Arkansas; Halleck's march (ES 6 MP, IT 8).
    let listed: &[(&[&str], usize)] = &[
        (&["st_louis", "kansas_city", "jefferson_city", "rolla", "ironton", "st_louis"], 2),
        (&["columbus_oh", "wheeling", "lewisburg"], 3),
        (&["fayetteville_ar", "little_rock", "fayetteville_ar", "springfield_mo"], 2),
        (&["cairo", "paducah", "columbus_ky", "dover_tn", "franklin_tn", "columbia_tn", "waynesboro", "pittsburg_landing"], 2),
    ];
    for (r, k) in listed {
        for w in r.windows(2) {
            assert!(within(sp(w[0]), sp(w[1]), *k), "{} -> {}: not within {k} road or rail links (route {r:?})", w[0], w[1]);
        }
    }
    let routes: &[&[&str]] = &[
        &["washington", "frederick", "manassas"],
        &["harpers_ferry", "winchester"],
        &["winchester", "leesburg", "manassas"],
        &["cincinnati", "falmouth", "lexington_ky", "somerset", "lexington_ky", "frankfort", "louisville", "lebanon"],
        &["memphis", "new_madrid"],
        &["lebanon", "somerset", "clinton"],
        &["chambersburg", "gettysburg"],
        &["frederick", "gettysburg"],
        &["manassas", "fredericksburg"],
        &["lebanon", "bowling_green"],
        &["paducah", "columbus_ky", "mckenzie"],
    ];
    for r in routes {
        for w in r.windows(2) {
            let (a, b) = (sp(w[0]), sp(w[1]));
            assert!(linked(a, b), "{} -> {}: no road or rail link (route {:?})", w[0], w[1], r);
        }
    }
}
