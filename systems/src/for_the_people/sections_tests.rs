//! One test per rule section the rest of the suite did not cite, grouped by chapter of
//! the Spanish rulebook.

use super::choices_tests::{check, no_forts, put_army, put_general, refused};
use super::content::{Control, Side};
use super::formulas::{self, CsaReinforcementInput, ZoneResult};
use super::play_tests::{act, army, empty_map, game, general, legal_text, new, put_sp, round_with, sp};
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;

fn state_id(id: &str) -> usize {
    game().c.state(id).unwrap_or_else(|| panic!("no state {id}")) as usize
}

fn spaces_of(state: &str) -> Vec<Sp> {
    (0..game().c.map.len() as Sp).filter(|&s| game().state_of(s) == state_id(state)).collect()
}

fn give(st: &mut State, side: Side, n: u8) {
    let c = bivouac_engine::piles::CardId(n as u16 - 1);
    let from = st.piles.find(c).expect("card somewhere");
    st.piles.move_card(c, from, HAND[side.index()]).unwrap();
}

fn empty_hands(st: &mut State) {
    for h in HAND {
        while let Some(c) = st.piles.top(h) {
            st.piles.move_card(c, h, DISCARD).unwrap();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 3 Sequence of play

/// FtP 3.3.1: the CSA may take the first round only by playing a campaign card as its event.
#[test]
fn csa_goes_first_only_with_a_campaign_card_fpt_3_3_1() {
    let mut st = new("1861", 1);
    st.flow.clear();
    st.flow.push(Frame::FirstPlayer);
    empty_hands(&mut st);
    give(&mut st, Side::Csa, 88);
    give(&mut st, Side::Csa, 91);
    let mut l = legal_text(&st, Side::Csa);
    l.sort();
    assert_eq!(l, ["csa-first 88", "union-first"], "#88 Minor Campaign may lead; #91 may not");
    refused(&mut st, Side::Csa, "csa-first 91", "FtP 3.3.1");
    act(&mut st, Side::Csa, "csa-first 88");
    assert!(st.piles.find(bivouac_engine::piles::CardId(87)) != Some(HAND[1]), "the campaign card is played");
    check(&st);
}

/// FtP 3.4.1, 3.4.2: in the PC Phase the capital is placed first (segment a), then political
/// control is determined (segment b).
#[test]
fn pc_phase_places_the_capital_then_determines_control_fpt_3_4_1_3_4_2() {
    let g = game();
    let mut st = new("1861", 1);
    empty_hands(&mut st);
    st.flow.clear();
    st.phase = Phase::Strategy;
    st.capital[0] = None;
    put_sp(&mut st, Side::Union, "leesburg", 1);
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    assert!(matches!(st.flow.top(), Some(Frame::Capital { side: Side::Union })), "segment a first");
    assert_eq!(st.control(sp("leesburg")), Control::Of(Side::Csa), "no PC before the capital is placed");
    act(&mut st, Side::Union, "capital philadelphia");
    assert_eq!(st.capital[0], Some(sp("philadelphia")));
    assert_eq!(st.control(sp("leesburg")), Control::Of(Side::Union), "segment b follows");
    check(&st);
}

// ---------------------------------------------------------------------------------------------
// 4 Strategy cards

/// FtP 4.2.2: a card whose event is the enemy's can always be played for OPs, never as an event.
#[test]
fn enemy_event_cards_are_played_for_ops_fpt_4_2_2() {
    let mut st = new("1861", 1);
    round_with(&mut st, Side::Union, 91);
    let l = legal_text(&st, Side::Union);
    assert!(l.contains(&"ops 91".into()), "#91 Letters of Marque is a CSA event");
    assert!(!l.contains(&"event 91".into()));
    act(&mut st, Side::Union, "ops 91");
    check(&st);
}

// ---------------------------------------------------------------------------------------------
// 5 Land movement

/// FtP 5.9.2: a force using the rail bonus may not enter an enemy-occupied space, even one with a
/// friendly PC; without the bonus it may.
#[test]
fn rail_bonus_never_enters_enemy_occupied_spaces_fpt_5_9_2() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Union, "washington", 1);
    put_general(&mut st, "mcdowell", GenAt::Map(sp("washington")));
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcdowell 1");
    let m = st.moving.as_ref().expect("a corps move");
    assert_eq!(m.mp, g.base_mp(Formation::Corps));
    check(&st);
    // The bonus is checked where the corps would run out of MP: spend 7 MP by rail through
    // Union spaces, then a space holding CSA SP is out of reach even with the bonus.
    let mut st2 = st.clone();
    if let Some(m) = st2.moving.as_mut() {
        m.mp = 0;
        m.steps = g.base_mp(Formation::Corps);
        m.rail_only = true;
    }
    let to: Vec<Sp> = g.steps(&st2, st2.moving.as_ref().unwrap());
    assert!(!to.is_empty(), "the bonus offers rail steps through friendly spaces");
    let target = to[0];
    st2.sp[target as usize][1] = 1;
    st2.sp_at_start[1] += 1;
    assert!(!g.steps(&st2, st2.moving.as_ref().unwrap()).contains(&target), "not into an enemy-occupied space");
}

/// The spaces on a rail path from `from` through spaces `side` controls with no enemy unit (the
/// path a rail-bonus move may take, FtP 5.9.1), nearest first, each with its predecessor.
fn rail_tree(st: &State, side: Side, from: &str) -> Vec<(Sp, Sp)> {
    let g = game();
    let mut out = vec![(sp(from), sp(from))];
    let mut k = 0;
    while k < out.len() {
        let s = out[k].0;
        for (t, l) in g.c.map.neighbors(bivouac_engine::map::graph::SpaceId(s)) {
            let ok = g.link_kind(st, l) == super::content::LinkKind::Rail && st.controls(side, t.0) && !g.enemy_occupied(st, side, t.0);
            if ok && !out.iter().any(|&(x, _)| x == t.0) {
                out.push((t.0, s));
            }
        }
        k += 1;
    }
    out
}

/// The rail path from the root of `tree` to `to`.
fn rail_path(tree: &[(Sp, Sp)], to: Sp) -> Vec<Sp> {
    let mut path = vec![to];
    while let Some(&(_, p)) = tree.iter().find(|&&(x, _)| x == *path.last().unwrap()) {
        if p == *path.last().unwrap() {
            break;
        }
        path.push(p);
    }
    path.pop();
    path.reverse();
    path
}

/// FtP 5.9.1: "Los generales que se desplazan independientemente de UM pueden emplear el
/// desplazamiento por ferrocarril pero el número de espacios que pueden desplazarse es ilimitado":
/// a general activated by a card to move without SP goes any distance by rail through friendly
/// spaces; with 1 SP the same corps stops at 8 + 2 spaces.
#[test]
fn a_general_alone_moves_any_distance_by_rail_fpt_5_9_1() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Union, "washington", 2);
    put_general(&mut st, "burnside", GenAt::Map(sp("washington")));
    put_general(&mut st, "mcclellan", GenAt::Map(sp("washington")));
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    let tree = rail_tree(&st, Side::Union, "washington");
    let limit = (g.base_mp(Formation::Corps) + g.c.movement.rail_bonus) as usize;
    let far = tree.iter().map(|&(s, _)| rail_path(&tree, s)).find(|p| p.len() > limit + 2).expect("a long friendly rail line from Washington");
    let mut corps = st.clone();
    act(&mut st, Side::Union, "corps burnside 0");
    for &s in &far {
        act(&mut st, Side::Union, &format!("step {}", g.sid(s)));
    }
    assert_eq!(st.moving.as_ref().unwrap().at, *far.last().unwrap(), "{} rail spaces, more than {limit}", far.len());
    check(&st);
    // With 1 SP the corps has 8 MP + the 2-space bonus, no more.
    act(&mut corps, Side::Union, "corps burnside 1");
    for &s in &far[..limit] {
        act(&mut corps, Side::Union, &format!("step {}", g.sid(s)));
    }
    let next = format!("step {}", g.sid(far[limit]));
    assert!(!legal_text(&corps, Side::Union).contains(&next), "a corps with SP: {limit} spaces");
}

/// FtP 5.9.2: "Una fuerza que utiliza la bonificación de desplazamiento por ferrocarril no puede
/// entrar en espacios ocupados por el enemigo, incluso aunque tengan un indicador de CP propio": a
/// corps that entered a friendly-controlled space held by enemy SP (by rail) has lost the bonus;
/// the same step into an empty friendly space keeps it.
#[test]
fn a_force_that_entered_an_enemy_occupied_space_gets_no_rail_bonus_fpt_5_9_2() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    round_with(&mut st, Side::Union, 9);
    let tree = rail_tree(&st, Side::Union, "washington");
    let to = tree[1].0;
    put_sp(&mut st, Side::Union, "washington", 6);
    put_general(&mut st, "burnside", GenAt::Map(sp("washington")));
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps burnside 6");
    assert!(st.moving.as_ref().unwrap().rail_only);
    let mut empty = st.clone();
    g.step(&mut empty, to, &mut Log::quiet());
    assert!(empty.moving.as_ref().unwrap().rail_only, "by rail into a friendly space: the bonus stays");
    assert!(st.controls(Side::Union, to));
    put_sp(&mut st, Side::Csa, g.sid(to), 1);
    g.step(&mut st, to, &mut Log::quiet());
    assert!(st.moving.as_ref().is_none_or(|m| !m.rail_only), "entered an enemy-occupied space: no bonus afterwards");
}

/// FtP 5.6.5 reading, option `reorganization-rail` (audit I1): "Un general que se desplaza
/// independientemente puede desplazarse un número ilimitado de espacios por ferrocarril" states no
/// control condition (the road leg, "igual que una unidad de caballería", goes through any space
/// not enemy-controlled, 5.6.6); 5.9.1's "espacios no controlados por el enemigo ni neutrales"
/// conditions the +2 bonus of a force with SP. So by default (`through-neutral`) the
/// reorganization's rail leg, beyond the 10 road spaces, passes neutral spaces; an
/// enemy-controlled one stops it. `friendly-only` applies 5.9.1's condition: only spaces the side
/// controls.
#[test]
fn reorganization_rail_leg_by_option_fpt_5_6_5() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    // Every space neutral but the start: the destination is beyond 10 spaces by any link.
    for c in st.control.iter_mut() {
        *c = Control::Neutral;
    }
    st.control[sp("washington") as usize] = Control::Of(Side::Union);
    let tree = rail_tree_all(&st, "washington");
    let road = g.c.movement.reorganization_road_spaces as usize;
    let far = tree.iter().map(|&(s, _)| rail_path(&tree, s)).find(|p| p.len() > road + 2 && any_link_distance(*p.last().unwrap()) > road).expect("a far rail space");
    let to = *far.last().unwrap();
    st.control[to as usize] = Control::Of(Side::Union);
    put_sp(&mut st, Side::Union, g.sid(to), 1);
    put_sp(&mut st, Side::Union, "washington", 1);
    put_general(&mut st, "burnside", GenAt::Map(sp("washington")));
    assert!(g.reorg_destinations(&st, Side::Union, general("burnside")).contains(&to), "by rail through neutral spaces");
    // `friendly-only`: not through neutral spaces; through Union ones.
    let mut setup = Setup::new("1861", 2, 1);
    setup.options.insert("reorganization-rail".into(), "friendly-only".into());
    let mut friendly = st.clone();
    friendly.opts = g.setup(&setup).expect("setup").opts;
    assert!(friendly.opts.reorg_rail_friendly_only);
    assert!(!g.reorg_destinations(&friendly, Side::Union, general("burnside")).contains(&to), "friendly-only: not through neutral spaces");
    for &s in &far {
        friendly.control[s as usize] = Control::Of(Side::Union);
    }
    assert!(g.reorg_destinations(&friendly, Side::Union, general("burnside")).contains(&to), "friendly-only: through Union spaces");
    // An enemy-controlled space on the way stops it (5.6.6), if it is the only rail way.
    st.control[far[0] as usize] = Control::Of(Side::Csa);
    let mut st2 = st.clone();
    for &(s, _) in &tree {
        if s != sp("washington") && !far.contains(&s) {
            st2.control[s as usize] = Control::Of(Side::Csa);
        }
    }
    assert!(!g.reorg_destinations(&st2, Side::Union, general("burnside")).contains(&to), "not through an enemy-controlled space");
}

/// Rail paths from `from` through any space, nearest first, with predecessors.
fn rail_tree_all(st: &State, from: &str) -> Vec<(Sp, Sp)> {
    let g = game();
    let mut out = vec![(sp(from), sp(from))];
    let mut k = 0;
    while k < out.len() {
        let s = out[k].0;
        for (t, l) in g.c.map.neighbors(bivouac_engine::map::graph::SpaceId(s)) {
            if g.link_kind(st, l) == super::content::LinkKind::Rail && !out.iter().any(|&(x, _)| x == t.0) {
                out.push((t.0, s));
            }
        }
        k += 1;
    }
    out
}

/// The fewest links of any kind from Washington to `to`.
fn any_link_distance(to: Sp) -> usize {
    let g = game();
    let mut dist = vec![usize::MAX; g.c.map.len()];
    dist[sp("washington") as usize] = 0;
    let mut q = std::collections::VecDeque::from([sp("washington")]);
    while let Some(s) = q.pop_front() {
        for (t, l) in g.c.map.neighbors(bivouac_engine::map::graph::SpaceId(s)) {
            if l.is_land() && dist[t.index()] == usize::MAX {
                dist[t.index()] = dist[s as usize] + 1;
                q.push_back(t.0);
            }
        }
    }
    dist[to as usize]
}

/// FtP 5.4.3: SP moving by sea without a general move as a corps (a 3-value card), and may land in
/// an enemy-controlled port a division could not enter.
#[test]
fn naval_move_without_a_general_is_a_corps_move_fpt_5_4_3() {
    let mut st = new("1861", 1);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    let l = legal_text(&st, Side::Union);
    let naval: Vec<&String> = l.iter().filter(|x| x.starts_with("naval fort_monroe")).collect();
    assert!(!naval.is_empty(), "SP alone may move by sea with a 3-value card: {l:?}");
    let mut st = new("1861", 1);
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    assert!(!legal_text(&st, Side::Union).iter().any(|x| x.starts_with("naval ")), "any naval move needs a 3-value card");
}

// ---------------------------------------------------------------------------------------------
// 7 Battles

/// FtP 7.3.5: an eliminated army's marker waits until the next turn before it can be created again.
#[test]
fn an_eliminated_army_returns_next_turn_fpt_7_3_5() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    put_army(&mut st, "army_of_the_potomac", "washington", 5, "mcdowell");
    let a = army("army_of_the_potomac");
    g.eliminate_army(&mut st, Side::Union, a, &mut Log::quiet());
    assert!(st.armies[a as usize].is_none());
    assert_eq!(st.army_ready[a as usize], st.turn + 1);
    put_sp(&mut st, Side::Union, "baltimore", 6);
    put_general(&mut st, "mcclellan", GenAt::Map(sp("baltimore")));
    st.control[sp("baltimore") as usize] = Control::Of(Side::Union);
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    assert!(!legal_text(&st, Side::Union).iter().any(|x| x.starts_with("create baltimore army_of_the_potomac")), "not this turn");
    st.turn += 1;
    round_with(&mut st, Side::Union, 2);
    act(&mut st, Side::Union, "ops 2");
    assert!(legal_text(&st, Side::Union).iter().any(|x| x.starts_with("create baltimore army_of_the_potomac")), "from the next turn");
}

/// FtP 7.2.1, 7.2.3 reading, option `brigades-alone-retreat` (audit I2): 7.2.1 is for "un espacio
/// ocupado únicamente por una brigada de caballería" (singular) and 7.2.3 for "Un ejército o
/// cuerpo" or "Una brigada de caballería apilada con UM de infantería": two brigades with no
/// infantry and no other general are neither, so by default (`none`, read literally) they do not
/// retreat before battle; `automatic` reads 7.2.1 as "only cavalry": they retreat automatically.
/// One brigade alone retreats automatically under both. In play: McDowell's corps steps into
/// Leesburg, held by Stuart and Morgan.
#[test]
fn brigades_alone_retreat_before_battle_by_option_fpt_7_2_1_7_2_3() {
    use super::battle::{AutoRetreat, RetreatBeforeBattle};
    let g = game();
    let lee = sp("leesburg");
    for value in ["none", "automatic"] {
        let mut setup = Setup::new("1861", 2, 3);
        setup.options.insert("brigades-alone-retreat".into(), value.into());
        let mut st = g.setup(&setup).expect("setup");
        let automatic = value == "automatic";
        assert_eq!(st.opts.brigades_retreat_automatic, automatic);
        empty_map(&mut st);
        no_forts(&mut st);
        put_general(&mut st, "stuart", GenAt::Map(lee));
        assert_eq!(g.defender_rbb(&st, Side::Csa, lee), RetreatBeforeBattle::Automatic(AutoRetreat::LoneCavalry), "{value}: one brigade (7.2.1)");
        put_general(&mut st, "morgan", GenAt::Map(lee));
        let two = if automatic { RetreatBeforeBattle::Automatic(AutoRetreat::LoneCavalry) } else { RetreatBeforeBattle::NotAllowed };
        assert_eq!(g.defender_rbb(&st, Side::Csa, lee), two, "{value}: two brigades");
        put_sp(&mut st, Side::Union, "frederick", 6);
        put_general(&mut st, "mcdowell", GenAt::Map(sp("frederick")));
        round_with(&mut st, Side::Union, 9);
        act(&mut st, Side::Union, "ops 9");
        act(&mut st, Side::Union, "corps mcdowell 6");
        act(&mut st, Side::Union, "step leesburg");
        // FtP 5.3.1: the tie for the command (PR 1 each) is the owner's.
        assert_eq!(st.flow.top(), Some(&Frame::Lead { side: Side::Csa, space: lee }));
        act(&mut st, Side::Csa, "command stuart");
        if !automatic {
            assert_eq!(st.last_battle.as_ref().map(|b| b.space), Some(lee), "none: the battle is fought at once");
            continue;
        }
        assert_eq!(st.flow.top(), Some(&Frame::Rbb { side: Side::Csa, from: lee }));
        act(&mut st, Side::Csa, "withdraw");
        if let Some(Frame::Retreat { .. }) = st.flow.top() {
            let to = legal_text(&st, Side::Csa)[0].clone();
            act(&mut st, Side::Csa, &to);
        }
        assert!(st.last_battle.is_none(), "automatic: no battle");
        let at = |id: &str| st.generals[general(id) as usize];
        assert!(matches!(at("stuart"), GenAt::Map(s) if s != lee) && at("stuart") == at("morgan"), "both brigades retreated together");
        check(&st);
    }
}

// ---------------------------------------------------------------------------------------------
// 8 Supply


/// FtP 8.4.1: the Valley is Winchester, Staunton and Strasburg (each counts double for VA, 8.4.3).
#[test]
fn the_valley_is_winchester_staunton_strasburg_fpt_8_4_1() {
    let c = &game().c;
    let mut double: Vec<Sp> = c.map.ids().filter(|&s| c.control_weight(s) == 2).map(|s| s.0).collect();
    double.sort();
    let mut want = vec![sp("staunton"), sp("strasburg"), sp("winchester")];
    want.sort();
    assert_eq!(double, want);
}

// ---------------------------------------------------------------------------------------------
// 10 Reinforcements

/// FtP 10.4.1, 10.4.4: at most 15 CSA SP a turn: 9 from the states, 1 each for MO and KY (when
/// the CSA controls them), 4 from blockade runners.
#[test]
fn csa_reinforcements_at_most_fifteen_fpt_10_4_1_10_4_4() {
    let g = game();
    let f = &g.formulas;
    let all = CsaReinforcementInput { csa_controls_mo: true, csa_controls_ky: true, ..Default::default() };
    let r = formulas::csa_reinforcements(f, &all);
    assert_eq!((r.states, r.missouri, r.kentucky), (9, 1, 1));
    let none = formulas::csa_reinforcements(f, &CsaReinforcementInput::default());
    assert_eq!((none.missouri, none.kentucky), (0, 0), "10.4.4: only for a controlled border state");
    let mut dice = super::battle::ScriptedDice::new(&[6, 6, 6, 6], &[]);
    let br: u8 = formulas::blockade_runners(f, 0, &[true; 4], &mut dice).iter().map(ZoneResult::sp).sum();
    assert_eq!(br, 4);
    assert_eq!(r.total() + br, 15);
}

/// FtP 12.5: each failed blockade-runner roll, or zone with no open BR port, costs the CSA 2 SW.
#[test]
fn failed_blockade_runner_rolls_cost_two_sw_fpt_12_5() {
    let f = &game().formulas;
    let mut dice = super::battle::ScriptedDice::new(&[1, 2], &[]);
    let z = formulas::blockade_runners(f, 2, &[true, true, false], &mut dice);
    assert_eq!(z.iter().map(ZoneResult::sw).collect::<Vec<_>>(), [-2, -2, -2]);
}

/// FtP 10.6.2, 10.6.3: a supplied army with no general gets the first arriving general, who
/// commands with no SW penalty although a higher-rated general is elsewhere (5.2.2 exception).
#[test]
fn a_generic_army_gets_the_first_general_fpt_10_6_2_10_6_3() {
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    let a = army("army_of_the_potomac");
    st.armies[a as usize] = Some(ArmySt { space: sp("washington"), sp: 5, commander: None });
    st.sp_at_start[0] += 5;
    put_sp(&mut st, Side::Union, "baltimore", 3);
    put_general(&mut st, "fremont", GenAt::Map(sp("st_louis")));
    put_sp(&mut st, Side::Union, "st_louis", 1);
    st.generals[general("pope") as usize] = GenAt::Track(st.turn);
    st.sw_plus = [false, false];
    st.flow.clear();
    st.flow.push(Frame::PlaceGenerals { side: Side::Union });
    assert_eq!(legal_text(&st, Side::Union), ["place washington"], "the generic army first");
    refused(&mut st, Side::Union, "place baltimore", "FtP 10.6.1");
    let sw = st.sw;
    act(&mut st, Side::Union, "place washington");
    assert_eq!(st.armies[a as usize].and_then(|x| x.commander), Some(general("pope")));
    assert_eq!(st.sw, sw, "no penalty for Fremont (PR 8) outside an army");
}

/// FtP 10.6.1 (the generals are counted in one pass): at every step of seeded random
/// games of each scenario, for both sides, the spaces offered to an arriving general are the
/// supplied spaces holding friendly SP with more SP than generals there, counting the loose
/// generals and those of the side's army in the space, as counted space by space.
#[test]
fn arriving_general_spaces_count_each_spaces_generals_fpt_10_6_1() {
    let g = game();
    let mut offered = 0;
    for (i, sc) in ["1861", "1862", "1863", "1864", "campaign"].into_iter().enumerate() {
        super::play_tests::each_random_position(g.setup(&Setup::new(sc, 2, 40 + i as u64)).expect("setup"), 40 + i as u64, 300, |st| {
            for side in [Side::Union, Side::Csa] {
                let sup = g.supplied(st, side);
                let room = |s: Sp| {
                    let gens = g.gens_at(st, side, s).count() + g.army_in(st, side, s).map_or(0, |a| g.army_gens(st, a).len());
                    sup[s as usize] && (st.sp[s as usize][side.index()] > 0 || g.infantry(st, side, s) > 0) && gens < g.strength(st, side, s) as usize
                };
                let generic: Vec<Sp> = (0..st.armies.len()).filter_map(|a| st.armies[a].filter(|x| x.commander.is_none() && g.army_side(a as u8) == side && room(x.space)).map(|x| x.space)).collect();
                let want = if generic.is_empty() { (0..g.c.map.len() as Sp).filter(|&s| room(s)).collect() } else { generic };
                let got = g.general_spaces(st, side);
                offered += got.len();
                assert_eq!(got, want, "{sc}: FtP 10.6.1 spaces for {side:?}");
            }
        });
    }
    assert!(offered > 1000, "{offered} spaces offered");
}

/// FtP 10.6.1, 10.6.2, 10.6.4 (found by the events fuzz, 1864 seed 371584): two cavalry
/// generals drawn for a general-less army of 1 SP. The first becomes a brigade and absorbs the
/// army's SP; the army then has no room for another general (1 SP per general), so the second
/// goes elsewhere instead of a brigade made from nothing.
#[test]
fn a_generic_army_takes_no_more_generals_than_its_sp_fpt_10_6_1_10_6_2() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    let a = army("army_of_the_potomac");
    st.armies[a as usize] = Some(ArmySt { space: sp("washington"), sp: 1, commander: None });
    st.sp_at_start[0] += 1;
    put_sp(&mut st, Side::Union, "baltimore", 3);
    for c in ["pleasonton", "stoneman"] {
        st.generals[general(c) as usize] = GenAt::Track(st.turn);
    }
    st.flow.clear();
    st.flow.push(Frame::PlaceGenerals { side: Side::Union });
    assert_eq!(legal_text(&st, Side::Union), ["place washington"], "the generic army first");
    act(&mut st, Side::Union, "place washington");
    assert_eq!(st.armies[a as usize].map(|x| x.sp), Some(0), "the brigade absorbed the army's SP (10.6.4)");
    assert_eq!(legal_text(&st, Side::Union), ["place baltimore"], "no room left at Washington (10.6.1)");
    act(&mut st, Side::Union, "place baltimore");
    assert_eq!(g.strength(&st, Side::Union, sp("baltimore")), 3);
    check(&st);
}

/// FtP 10.6, 10.6.4: Stuart placed at Manassas absorbs 1 SP at once and
/// becomes a brigade; a space takes no more generals than it has SP, counting those present.
#[test]
fn t_gen_1_general_placement_fpt_10_6_10_6_4() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Csa, "manassas", 3);
    put_sp(&mut st, Side::Csa, "knoxville", 1);
    put_general(&mut st, "bragg", GenAt::Map(sp("knoxville")));
    st.generals[general("stuart") as usize] = GenAt::Track(st.turn);
    st.flow.clear();
    st.flow.push(Frame::PlaceGenerals { side: Side::Csa });
    let l = legal_text(&st, Side::Csa);
    assert!(l.contains(&"place manassas".into()));
    assert!(!l.contains(&"place knoxville".into()), "1 SP already holds Bragg");
    act(&mut st, Side::Csa, "place manassas");
    assert_eq!(st.generals[general("stuart") as usize], GenAt::Map(sp("manassas")));
    assert_eq!(st.sp[sp("manassas") as usize][1], 2, "2 infantry SP + Stuart's brigade");
    assert_eq!(g.strength(&st, Side::Csa, sp("manassas")), 3);
    check(&st);
}

/// FtP 10.4.3: a CSA state SP goes to a CSA-controlled space of a CSA-controlled CSA state with a
/// LOC, "nunca en un espacio pro-Unión" (Knoxville refused, Chattanooga offered), and may go to a
/// coastal fort (Fort Sumter) within its 1-SP cap (6.8.3): not once a CSA SP holds it.
#[test]
fn csa_state_sp_never_pro_union_and_coastal_forts_capped_fpt_10_4_3() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    st.pool = [0; POOLS];
    st.pool[P_STATES] = 1;
    for x in ["knoxville", "chattanooga", "fort_sumter", "charleston_sc"] {
        st.control[sp(x) as usize] = Control::Of(Side::Csa);
    }
    for x in ["tn", "sc"] {
        st.state_control[state_id(x)] = Control::Of(Side::Csa);
    }
    let at = g.reinforce_spaces(&st, Side::Csa);
    assert!(at.contains(&sp("chattanooga")), "a CSA space of Tennessee");
    assert!(!at.contains(&sp("knoxville")), "FtP 10.4.3: never a pro-Union space");
    assert!(at.contains(&sp("fort_sumter")), "a CSA coastal fort may take the SP");
    put_sp(&mut st, Side::Csa, "fort_sumter", 1);
    assert!(!g.reinforce_spaces(&st, Side::Csa).contains(&sp("fort_sumter")), "FtP 6.8.3: 1 CSA SP at most");
}

// ---------------------------------------------------------------------------------------------
// 11 Political control

/// A Union corps of 6 SP under McDowell at Hanover Junction attacks Richmond, held by `csa_sp` CSA SP
/// without a general (no retreat before battle, 7.2), the battle's dice forced.
fn attack_richmond(csa_sp: u8, rolls: &[u32]) -> State {
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    st.control[sp("hanover_junction") as usize] = Control::Of(Side::Union);
    put_sp(&mut st, Side::Union, "hanover_junction", 6);
    put_general(&mut st, "mcdowell", GenAt::Map(sp("hanover_junction")));
    put_sp(&mut st, Side::Csa, "richmond", csa_sp);
    round_with(&mut st, Side::Union, 9);
    act(&mut st, Side::Union, "ops 9");
    act(&mut st, Side::Union, "corps mcdowell 6");
    st.rng = super::choices_tests::dice(rolls);
    act(&mut st, Side::Union, "step richmond");
    st
}

/// FtP 11.2.2 through play: "la capital ... se retira del mapa" at once when the enemy takes its
/// space; after a battle only if the mover wins it. A Union corps that wins at Richmond takes it
/// and the CSA capital leaves the map (the CSA's Strategic Will falls, 12.6); one that loses
/// leaves the capital in place.
#[test]
fn a_corps_winning_at_the_enemy_capital_removes_it_fpt_11_2_2() {
    let won = attack_richmond(1, &[6, 1, 1]);
    assert_eq!(won.moving.as_ref().map(|m| m.at), Some(sp("richmond")), "the Union corps holds Richmond and may go on");
    assert_eq!(won.capital[1], None, "FtP 11.2.2: the CSA capital leaves the map");
    let lost = attack_richmond(6, &[1, 6, 6]);
    assert!(lost.moving.as_ref().is_none_or(|m| m.at != sp("richmond")) && lost.sp[sp("richmond") as usize][0] == 0, "the Union lost the battle: {}", bivouac_engine::game::Game::describe(game(), &lost, None));
    assert_eq!(lost.capital[1], Some(sp("richmond")), "the capital stays");
    assert!(won.sw[1] <= lost.sw[1] - 15, "FtP 12.6: the CSA loses 15 SW with its capital ({} vs {})", won.sw[1], lost.sw[1]);
}

// ---------------------------------------------------------------------------------------------
// 12 Strategic Will

/// FtP 12.1.1: the Union takes a CSA state when it controls enough of its spaces (ES: and no intact
/// resource center or open BR port is left there): the CSA loses the state's value, the Union gains
/// nothing, and the state never returns.
#[test]
fn union_takes_a_csa_state_fpt_12_1_1() {
    let g = game();
    let mut st = new("1861", 1);
    st.sw_plus = [false, false];
    let fl = spaces_of("fl");
    for &s in &fl {
        st.control[s as usize] = Control::Of(Side::Union);
        st.sp[s as usize][1] = 0;
        st.fort[s as usize] = None;
        if g.c.map.space(bivouac_engine::map::graph::SpaceId(s)).resource > 0 {
            st.rc_destroyed[s as usize] = true;
        }
    }
    let sw = st.sw;
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.state_control[state_id("fl")], Control::Of(Side::Union));
    assert_eq!(st.sw, [sw[0], sw[1] - 5], "Florida: CSA -5, no Union gain");
    for &s in &fl {
        st.control[s as usize] = Control::Of(Side::Csa);
    }
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.state_control[state_id("fl")], Control::Of(Side::Union), "never returns");
}

/// FtP 12.1.2: 3 CSA-controlled spaces in an original Union state: Union -5, CSA +5, every PC Phase.
#[test]
fn csa_holding_a_union_state_fpt_12_1_2() {
    let g = game();
    let mut st = new("1861", 1);
    st.sw_plus = [false, true];
    let pa = spaces_of("pa");
    for &s in &pa[..2] {
        st.control[s as usize] = Control::Of(Side::Csa);
    }
    let sw = st.sw;
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.sw, sw, "2 spaces are not enough");
    st.control[pa[2] as usize] = Control::Of(Side::Csa);
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.sw, [sw[0] - 5, sw[1] + 5]);
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.sw, [sw[0] - 10, sw[1] + 10], "every turn");
}

// ---------------------------------------------------------------------------------------------
// 14-16 Scenarios

/// FtP 14.7 (ES): the 1862 scenario goes to the Union if its SW is greater than the CSA's; else
/// the CSA wins. IT: a lead of 25 wins, a CSA lead loses, else a draw.
#[test]
fn victory_1862_fpt_14_7() {
    let g = game();
    let mut st = new("1862", 1);
    st.sw = [101, 100];
    assert_eq!(g.scenario_victory(&st).0, vec![0]);
    st.sw = [100, 100];
    assert_eq!(g.scenario_victory(&st).0, vec![1], "a tie is a CSA win");
    st.edition = game().c.edition("italian").unwrap();
    st.sw = [124, 100];
    assert!(g.scenario_victory(&st).0.is_empty(), "IT: a draw");
    st.sw = [125, 100];
    assert_eq!(g.scenario_victory(&st).0, vec![0]);
    st.sw = [99, 100];
    assert_eq!(g.scenario_victory(&st).0, vec![1]);
}

/// FtP 15.3, 15.5, 15.6: the 1863 scenario starts after Emancipation, blockade 3, amphibious 3,
/// Nashville and Memphis destroyed, SW Union 85 (+), CSA 80 (-); its first Reinforcement Phase
/// is step c (generals) only.
#[test]
fn scenario_1863_markers_sw_and_first_turn_fpt_15_3_15_5_15_6() {
    let st = new("1863", 1);
    assert!(st.emancipation);
    assert_eq!((st.blockade, st.naval.amphibious), (3, 3));
    assert!(st.rc_destroyed[sp("nashville") as usize] && st.rc_destroyed[sp("memphis") as usize]);
    assert_eq!((st.sw, st.sw_plus), ([85, 80], [true, false]));
    assert_eq!(st.pool.iter().map(|&x| x as u32).sum::<u32>(), 0, "no SP in the first turn");
    assert!(matches!(st.flow.top(), Some(Frame::PlaceGenerals { .. }) | Some(Frame::Round { .. }) | Some(Frame::FirstPlayer)), "{:?}", st.flow.top());
}

/// FtP 16.5, 16.6, 16.7: the 1864 scenario: SW Union 65 (+), CSA 50 (-), the Mississippi bonus
/// already received; the first Reinforcement Phase is step c only; the campaign victory applies,
/// with the CSA automatic win if Union SW < 50 at the end of Fall 1864.
#[test]
fn scenario_1864_sw_first_turn_and_victory_fpt_16_5_16_6_16_7() {
    let g = game();
    let st = new("1864", 1);
    assert_eq!((st.sw, st.sw_plus), ([65, 50], [true, false]));
    assert!(st.mississippi_bonus, "FtP 12.8: already received");
    assert_eq!(st.pool.iter().map(|&x| x as u32).sum::<u32>(), 0, "no SP in the first turn");
    let mut end = st.clone();
    end.turn = 12;
    end.sw = [49, 50];
    end.flow.clear();
    g.end_turn(&mut end, &mut Log::quiet());
    assert_eq!(end.result.map(|r| r.0), Some(vec![1]), "Union SW 49 at the end of Fall 1864");
    let mut last = st.clone();
    last.turn = 13;
    last.sw = [60, 50];
    last.flow.clear();
    g.end_turn(&mut last, &mut Log::quiet());
    assert!(last.result.as_ref().is_some_and(|r| r.1.contains("17.3")), "{:?}", last.result);
}

// ---------------------------------------------------------------------------------------------
// 4.6 "Forward to Richmond!", 5.5 cavalry, 6.1 naval movement

fn forward_round(st: &mut State) {
    round_with(st, Side::Union, 9);
    st.forward = Some(9);
    act(st, Side::Union, "ops 9");
}

/// FtP 4.6.3: an army under a generic commander (5.2.8) is not bound by "Forward to Richmond!".
#[test]
fn forward_to_richmond_spares_a_generic_army_fpt_4_6_3() {
    let mut st = new("1861", 5);
    empty_map(&mut st);
    let a = army("army_of_the_potomac");
    st.armies[a as usize] = Some(ArmySt { space: sp("frederick"), sp: 8, commander: None });
    st.sp_at_start[0] += 8;
    round_with(&mut st, Side::Union, 9);
    st.forward = Some(9);
    let l = legal_text(&st, Side::Union);
    assert!(l.len() > 1, "not forced to use #9 for the army: {l:?}");
    act(&mut st, Side::Union, "ops 9");
    assert!(!legal_text(&st, Side::Union).contains(&"army army_of_the_potomac".into()), "a generic army does not move (5.2.8)");
}

/// FtP 4.6.4: with Richmond already Union-controlled, the army must still march on it.
#[test]
fn forward_to_richmond_applies_with_richmond_union_fpt_4_6_4() {
    let mut st = new("1861", 5);
    empty_map(&mut st);
    put_army(&mut st, "army_of_the_potomac", "frederick", 8, "mcclellan");
    st.control[sp("richmond") as usize] = Control::Of(Side::Union);
    forward_round(&mut st);
    assert_eq!(legal_text(&st, Side::Union), ["army army_of_the_potomac"]);
    act(&mut st, Side::Union, "army army_of_the_potomac");
    assert_eq!(st.moving.as_ref().map(|m| m.order), Some(MoveOrder::Richmond));
    check(&st);
}

/// FtP 5.5.5: a brigade stacked with infantry SP and no other general cannot move with them (no
/// corps or division led by it), only alone.
#[test]
fn a_brigade_alone_with_infantry_moves_alone_fpt_5_5_5() {
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, Side::Csa, "manassas", 3);
    put_general(&mut st, "stuart", GenAt::Map(sp("manassas")));
    round_with(&mut st, Side::Csa, 9);
    act(&mut st, Side::Csa, "ops 9");
    let l = legal_text(&st, Side::Csa);
    assert!(l.contains(&"brigade stuart".into()), "{l:?}");
    assert!(!l.iter().any(|x| x.starts_with("corps stuart")), "{l:?}");
    check(&st);
}

/// FtP 6.1.4: a naval move may pass a non-coastal CSA fort only by running the guns (6.3).
#[test]
fn passing_a_csa_fort_runs_the_guns_fpt_6_1_4() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    no_forts(&mut st);
    st.control[sp("cairo") as usize] = Control::Of(Side::Union);
    put_sp(&mut st, Side::Union, "cairo", 3);
    let run = |st: &State| g.naval_routes(st, sp("cairo"), true, None).iter().find(|r| r.to == sp("new_madrid")).map(|r| r.runs_guns);
    assert_eq!(run(&st), Some(false));
    st.fort[sp("columbus_ky") as usize] = Some(Side::Csa);
    assert_eq!(run(&st), Some(true), "past the Columbus fort");
}

/// FtP 8.4.3 (ES): with the Shenandoah rule Virginia is never Union-controlled unless Richmond is
/// destroyed and Norfolk closed as a BR port. An edition that drops the 12.1.1 resource/BR
/// condition (`csa_state_control_needs_no_rc_br = false`) but keeps `shenandoah_va_condition`
/// still holds Virginia while Richmond stands or Norfolk is open; the Italian edition (neither)
/// takes it on the space count alone.
#[test]
fn virginia_needs_richmond_destroyed_and_norfolk_closed_fpt_8_4_3() {
    let mut c = game().c.clone();
    let it = c.edition("italian").expect("edition") as usize;
    let mut st = new("1861", 1);
    st.edition = it as u8;
    st.opts.shenandoah = true;
    let va = spaces_of("va");
    for &s in &va {
        st.control[s as usize] = Control::Of(Side::Union);
        st.sp[s as usize][1] = 0;
        st.fort[s as usize] = None;
    }
    let norfolk = sp("norfolk");
    let open = game().br_open(&st, norfolk);
    let mut italian = st.clone();
    game().state_control_settled(&mut italian, &mut Log::quiet());
    assert_eq!(italian.state_control[state_id("va")], Control::Of(Side::Union), "IT: the count alone (Norfolk open: {open})");
    c.editions[it].shenandoah_va_condition = true;
    let g = super::FtP::new(c).expect("rules");
    let mut held = st.clone();
    held.sw_plus = [false, false];
    // Norfolk is Union-controlled here, so closed; Richmond stands.
    assert!(!g.br_open(&held, norfolk));
    g.state_control_settled(&mut held, &mut Log::quiet());
    assert_eq!(held.state_control[state_id("va")], Control::Of(Side::Csa), "Richmond not destroyed");
    st.rc_destroyed[sp("richmond") as usize] = true;
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.state_control[state_id("va")], Control::Of(Side::Union), "Richmond destroyed, Norfolk closed");
}

/// FtP 12.1.4 footnote (ES, under the state table after the Shenandoah note: "en caso de
/// empate, la Unión controla el estado"; IT "... lo spazio"), 8.4.3, 12.1.1: the Union holding
/// the three Valley spaces (counted double: 6) and 8 other Virginia spaces meets the 14 needed
/// exactly and takes Virginia (Richmond and Lynchburg destroyed, Norfolk closed); 7 others (13)
/// do not; without the Shenandoah rule the same 11 spaces count 11.
#[test]
fn a_doubled_valley_count_equal_to_the_need_takes_virginia_fpt_12_1_4() {
    let g = game();
    let va = state_id("va");
    let valley = ["winchester", "strasburg", "staunton"];
    let others = ["manassas", "leesburg", "culpeper", "harpers_ferry", "fredericksburg", "aquia_creek", "urbanna", "wilderness"];
    let build = |n_others: usize, shenandoah: bool| {
        let mut st = new("1861", 1);
        st.opts.shenandoah = shenandoah;
        st.sw_plus = [false, false];
        for s in spaces_of("va") {
            st.control[s as usize] = Control::Of(Side::Csa);
            st.sp[s as usize] = [0, 0];
            st.fort[s as usize] = None;
        }
        for id in valley.iter().chain(&others[..n_others]) {
            st.control[sp(id) as usize] = Control::Of(Side::Union);
        }
        st.control[sp("fort_monroe") as usize] = Control::Of(Side::Union);
        for id in ["richmond", "lynchburg"] {
            st.rc_destroyed[sp(id) as usize] = true;
        }
        st
    };
    let st = build(8, true);
    assert!(spaces_of("va").iter().all(|&s| !g.br_open(&st, s)), "no open BR port (Norfolk closed by Fort Monroe)");
    assert_eq!(g.controlled_count(&st, Side::Union, va), 15, "Fort Monroe, the Valley twice and 8 others");
    let mut st = build(7, true);
    st.control[sp("fort_monroe") as usize] = Control::Of(Side::Csa);
    st.control[sp("norfolk") as usize] = Control::Of(Side::Union);
    assert_eq!(g.controlled_count(&st, Side::Union, va), 14, "Norfolk, the Valley twice and 7 others");
    let sw = st.sw[1];
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.state_control[va], Control::Of(Side::Union), "14 of 14: the tie goes to the Union");
    assert_eq!(st.sw[1], sw - 15, "12.1.1: the CSA loses Virginia's value");
    let mut st = build(6, true);
    st.control[sp("fort_monroe") as usize] = Control::Of(Side::Csa);
    st.control[sp("norfolk") as usize] = Control::Of(Side::Union);
    assert_eq!(g.controlled_count(&st, Side::Union, va), 13);
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.state_control[va], Control::Of(Side::Csa), "13 < 14");
    let mut st = build(7, false);
    st.control[sp("fort_monroe") as usize] = Control::Of(Side::Csa);
    st.control[sp("norfolk") as usize] = Control::Of(Side::Union);
    assert_eq!(g.controlled_count(&st, Side::Union, va), 11, "no Shenandoah rule: no doubling");
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert_eq!(st.state_control[va], Control::Of(Side::Csa));
}

/// FtP 12.11 (ES), 6.8.6: a CSA fort counter eliminated by a Union PC placed on its space (the
/// fort left ungarrisoned after a battle, then Union infantry's PC in the Political Control
/// Phase) costs the CSA 1 SW and gives the Union 1, as one eliminated by land or by assault; the
/// Italian edition has no such SW.
#[test]
fn a_csa_fort_eliminated_by_a_union_pc_costs_sw_fpt_12_11() {
    let g = game();
    for (edition, delta) in [("spanish", 1), ("italian", 0)] {
        let mut st = new("1861", 1);
        st.edition = g.c.edition(edition).expect("edition");
        st.sw_plus = [true, false]; // a Union gain and a CSA loss are exact (FtP 12.4)
        let s = sp("bowling_green");
        st.fort[s as usize] = Some(Side::Csa);
        st.sp[s as usize] = [1, 0];
        let sw = st.sw;
        g.place_pc(&mut st, Side::Union, s, &mut Log::quiet());
        assert_eq!(st.fort[s as usize], None, "{edition}: the ungarrisoned fort is eliminated");
        assert_eq!(st.sw, [sw[0] + delta, sw[1] - delta], "{edition}");
    }
}

/// FtP 10.5.2 (ES; the edition's `br_port_open_needs_loc`): a BR port is open only if the CSA
/// controls it and its coastal fort and it has a LOC to another resource center. At the 1861
/// start every BR port is open but Norfolk and Pensacola (Forts Monroe and Pickens are Union,
/// 10.5.2 note) and St. Marks (only with #117): no port is cut off yet. Wilmington cut off by Union PCs on every neighbour but Fort Fisher is closed in the Spanish
/// edition (10.5.4: no roll for it; 12.1.1, 17.2.2: it no longer holds North Carolina or the
/// Confederacy's resources) and stays open in the Italian one.
#[test]
fn a_br_port_needs_a_loc_to_another_resource_center_fpt_10_5_2() {
    let g = game();
    let st = new("1861", 1);
    let open = g.br_open_ports(&st);
    let closed: Vec<&str> = (0..g.c.map.len() as Sp).filter(|&s| g.c.map.space(bivouac_engine::map::graph::SpaceId(s)).br && !open[s as usize]).map(|s| g.sid(s)).collect();
    assert_eq!(closed, ["norfolk", "pensacola", "st_marks"]);
    let wil = sp("wilmington_nc");
    for edition in ["spanish", "italian"] {
        let mut st = new("1861", 1);
        st.edition = g.c.edition(edition).expect("edition");
        // Every neighbour but Fort Fisher, its coastal fort (10.5.2: it must stay CSA).
        for (n, _) in g.c.map.neighbors(bivouac_engine::map::graph::SpaceId(wil)) {
            if n.0 != sp("fort_fisher") {
                st.control[n.index()] = Control::Of(Side::Union);
            }
        }
        let open = g.br_open(&st, wil);
        assert_eq!(open, edition == "italian", "{edition}: Wilmington cut off");
        assert_eq!(g.br_open_ports(&st)[wil as usize], open, "{edition}: one port or all");
    }
}

/// FtP 10.5.1, 12.5 reading, option `closed-zone-penalty`: in a turn without
/// blockade-runner rolls (a scenario's first turn, turn 3) a zone with every BR port closed
/// costs nothing (`br-turns`, default: the step is skipped) or 2 SW (`every-turn`); in a turn
/// with rolls it costs 2 SW either way (10.5.1). The West Gulf's BR ports taken by the Union.
#[test]
fn a_closed_blockade_zone_in_a_turn_without_rolls_by_option_fpt_10_5_1_12_5() {
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    let mut setup = Setup::new("1861", 2, 1);
    setup.options.insert("closed-zone-penalty".into(), "every-turn".into());
    assert!(g.setup(&setup).unwrap().opts.closed_zone_every_turn);
    let mut st = new("1861", 1);
    st.sw_plus = [false, false]; // exact losses (12.4)
    for s in 0..g.c.map.len() as Sp {
        let d = g.c.map.space(bivouac_engine::map::graph::SpaceId(s));
        if d.br && d.sea == g.c.map.space(bivouac_engine::map::graph::SpaceId(sp("new_orleans"))).sea {
            st.control[s as usize] = Control::Of(Side::Union);
        }
    }
    let closed = g.br_zones_open(&st).iter().filter(|&&o| !o).count() as i16;
    assert_eq!(closed, 1, "the West Gulf only");
    for every in [false, true] {
        let mut x = st.clone();
        x.opts.closed_zone_every_turn = every;
        let sw = x.sw[1];
        g.begin_reinforcements(&mut x, false, false, false, &mut Log::quiet());
        assert_eq!(x.sw[1], sw - if every { 2 * closed } else { 0 }, "no rolls, every-turn {every}");
        // A turn with rolls: the closed zone's 2 SW either way (and -2 per failed roll).
        let mut x = st.clone();
        x.opts.closed_zone_every_turn = every;
        let mut log = Log::recording();
        g.begin_reinforcements(&mut x, false, false, true, &mut log);
        let closed_sw = log.events.iter().filter(|e| e.text.contains("blockade runners failed")).count();
        assert!(closed_sw >= 1, "every-turn {every}: the closed zone costs 2 SW in a BR turn");
    }
}

/// FtP 3.2 reading, option `reshuffle-timing`: the deck holds exactly the cards of a draw.
/// `last-card` (default; ES "siempre que se agote el mazo ... se vuelven a barajar las cartas y
/// se prosigue el juego"): the discards form the new deck the moment the last card is drawn, so
/// a card discarded afterwards waits for the next reshuffle; `next-draw`: the deck stays empty
/// until a draw finds it so, and the card discarded meanwhile is shuffled in then. A deal that
/// empties the deck midway reshuffles under either reading.
#[test]
fn the_deck_is_reshuffled_when_it_runs_out_by_option_fpt_3_2() {
    use super::FtP;
    use bivouac_engine::game::{Game, Setup};
    let g = game();
    let mut setup = Setup::new("1861", 2, 1);
    assert!(!g.setup(&setup).unwrap().opts.reshuffle_next_draw, "last-card is the default");
    setup.options.insert("reshuffle-timing".into(), "next-draw".into());
    assert!(g.setup(&setup).unwrap().opts.reshuffle_next_draw);
    let mut st = new("1861", 1);
    empty_hands(&mut st);
    // Three cards left in the deck, the rest discarded.
    while st.piles.len(DECK) > 3 {
        let c = st.piles.top(DECK).unwrap();
        st.piles.move_card(c, DECK, DISCARD).unwrap();
    }
    let discards = st.piles.len(DISCARD);
    for next_draw in [false, true] {
        let mut x = st.clone();
        x.opts.reshuffle_next_draw = next_draw;
        FtP::draw_cards(&mut x, Side::Union, 3, &mut Log::quiet());
        assert_eq!(x.piles.len(HAND[0]), 3);
        if next_draw {
            assert!(x.piles.is_empty(DECK), "next-draw: the deck waits empty");
        } else {
            assert_eq!(x.piles.len(DECK), discards, "last-card: reshuffled at once");
            assert!(x.piles.is_empty(DISCARD));
        }
        // The Union plays a card (it goes to the discards), then the CSA draws one.
        let played = x.piles.top(HAND[0]).unwrap();
        x.piles.move_card(played, HAND[0], DISCARD).unwrap();
        FtP::draw_cards(&mut x, Side::Csa, 1, &mut Log::quiet());
        assert_eq!(x.piles.len(HAND[1]), 1);
        let in_deck = x.piles.cards(DECK).contains(&played) || x.piles.cards(HAND[1]).contains(&played);
        assert_eq!(in_deck, next_draw, "next-draw {next_draw}: the card played before the draw is in the new deck");
        assert_eq!(x.piles.len(DECK) + x.piles.len(HAND[1]) + x.piles.len(DISCARD), discards + 1);
    }
    // A deal that runs the deck out midway reshuffles under either reading.
    for next_draw in [false, true] {
        let mut x = st.clone();
        x.opts.reshuffle_next_draw = next_draw;
        FtP::draw_cards(&mut x, Side::Union, 5, &mut Log::quiet());
        assert_eq!(x.piles.len(HAND[0]), 5, "next-draw {next_draw}");
        assert_eq!(x.piles.len(DECK), discards - 2, "next-draw {next_draw}");
    }
}

/// FtP 12.7, 12.6, 12 (quick reference): the Strategic Will changes are read from game.toml's
/// `[strategic_will]` (no number of the rules written twice): the printed values, and a modded
/// `army_lost` is the SW an eliminated army costs.
#[test]
fn strategic_will_values_are_read_from_game_toml_fpt_12_7() {
    let sw = &game().formulas.sw;
    assert_eq!((sw.army_lost.union, sw.army_lost.csa), (-10, -5), "FtP 12.7");
    assert_eq!((sw.capital_displaced.union, sw.capital_displaced.csa, sw.capital_not_approved), (-30, -15, -10), "FtP 12.6");
    assert_eq!((sw.union_state_held.union, sw.union_state_held.csa, sw.union_state_held.min_csa_spaces), (-5, 5, 3), "FtP 12.1.2");
    assert_eq!((sw.mississippi_bonus, sw.fall_weariness, sw.army_creation_outranked, sw.mcclellan_bonus), (10, -5, -2, 5), "FtP 12.8, 12.9, 5.2.2, 5.6.7 A");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content");
    let mut c = super::load_content(&[dir]).expect("content loads");
    let lost = c.strategic_will.get_mut("army_lost").and_then(|v| v.as_table_mut()).expect("army_lost");
    lost.insert("union".into(), toml::Value::Integer(-7));
    let g = super::FtP::new(c).expect("modded content");
    let mut st = new("1861", 1);
    let a = army("army_of_the_potomac");
    st.armies[a as usize] = Some(ArmySt { space: sp("washington"), sp: 0, commander: None });
    st.sw_plus = [false, false]; // exact losses (12.4)
    let before = st.sw[0];
    g.eliminate_army(&mut st, Side::Union, a, &mut Log::quiet());
    assert_eq!(st.sw[0], before - 7);
}

/// FtP 8.3: "las brigadas de caballería que se desplazan en solitario y las UM situadas en
/// fuertes costeros no reciben ninguna penalización por estar sin suministros": with every space
/// Union-controlled (no CSA LOC anywhere), a lone CSA brigade and the garrison of a CSA coastal
/// fort defend in supply; infantry elsewhere does not.
#[test]
fn lone_brigades_and_coastal_fort_garrisons_ignore_supply_fpt_8_3() {
    let g = game();
    let mut st = new("1861", 1);
    empty_map(&mut st);
    for c in st.control.iter_mut() {
        *c = Control::Of(Side::Union);
    }
    st.control[sp("fort_sumter") as usize] = Control::Of(Side::Csa);
    put_sp(&mut st, Side::Csa, "fort_sumter", 1);
    put_sp(&mut st, Side::Csa, "atlanta", 2);
    put_general(&mut st, "stuart", GenAt::Map(sp("knoxville")));
    assert!(!g.supplied(&st, Side::Csa)[sp("atlanta") as usize]);
    assert!(g.defender_force(&st, Side::Csa, sp("atlanta")).out_of_supply, "infantry without a LOC");
    let brigade = g.defender_force(&st, Side::Csa, sp("knoxville"));
    assert_eq!(brigade.kind, super::battle::ForceKind::CavalryBrigade);
    assert!(!brigade.out_of_supply, "a lone brigade");
    assert!(!g.defender_force(&st, Side::Csa, sp("fort_sumter")).out_of_supply, "a coastal fort's garrison");
}
