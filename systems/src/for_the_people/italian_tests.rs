//! The Italian edition's readings where its worked examples or rules differ from the Spanish
//! (option `edition = italian`): the UNC examples of FtP 6.6.2 (a fort at Paducah,
//! a fort at Dover) and strategic movement (IT 10.21). The Spanish readings are tested with
//! their examples in `unc_tests.rs` (T-UNC-3) and `play_tests.rs`.

use super::content::{CardFlag, Control, Side};
use super::naval_tests::{check, own, put, sp};
use super::play_tests::game;
use super::state::*;
use super::unc_tests::{all_held, all_negated, fort, open_rivers};

fn edition(st: &mut State, id: &str) {
    st.edition = game().c.edition(id).expect("edition");
}

/// FtP 6.6.2 example A (Italian edition): a CSA fort at Paducah negates UNC "at Dover and
/// Pittsburg Landing, Tuscumbia and Decatur, but not at Clarksville and Nashville". The Spanish
/// example (6.5.2 A) keeps Dover under UNC from the Cumberland, only its Tennessee bar negated.
/// So a Union-held Dover is a supply source as a UNC port in the Spanish edition only (8.2); a
/// force there is still supplied in both by a river LOC down the Cumberland (8.1.1).
#[test]
fn paducah_fort_negates_dover_italian_edition_fpt_6_6_2() {
    let g = game();
    for (ed, dover_unc) in [("spanish", true), ("italian", false)] {
        let mut st = open_rivers();
        edition(&mut st, ed);
        fort(&mut st, Side::Csa, "paducah");
        all_negated(&st, &["paducah", "pittsburg_landing", "tuscumbia", "decatur"]);
        all_held(&st, &["clarksville_tn", "nashville", "cairo", "evansville"]);
        assert_eq!(g.unc(&st).at(sp("dover_tn")), dover_unc, "{ed}: UNC at Dover");
        // The Tennessee bar of Dover is negated in both: the CSA crosses McKenzie - Dover.
        assert!(g.may_cross(&st, &g.unc(&st), Side::Csa, sp("mckenzie"), sp("dover_tn")), "{ed}");
        // A Union force at Dover, every land route through CSA spaces.
        own(&mut st, Side::Union, "dover_tn");
        put(&mut st, Side::Union, "dover_tn", 2);
        for s in ["clarksville_tn", "mckenzie", "franklin_tn", "paducah"] {
            st.control[sp(s) as usize] = Control::Of(Side::Csa);
        }
        assert_eq!(g.is_source(&st, &g.unc(&st), Side::Union, sp("dover_tn")), dover_unc, "{ed}: FtP 8.2 Dover as a UNC port");
        assert!(g.supplied(&st, Side::Union)[sp("dover_tn") as usize], "{ed}: FtP 8.1.1 the Cumberland LOC");
        check(&st);
    }
}

/// FtP 6.6.2 example B (Italian edition): a CSA fort at Dover negates UNC at Dover, Clarksville
/// and Nashville. The Italian list stops there; its own case 2 ("every space upstream on a river
/// rising in a Confederate state") also negates the Tennessee above Dover, which the Spanish
/// example names (Pittsburg Landing, Tuscumbia, Decatur): the same result in both editions.
#[test]
fn dover_fort_negates_the_cumberland_italian_edition_fpt_6_6_2() {
    for ed in ["spanish", "italian"] {
        let mut st = open_rivers();
        edition(&mut st, ed);
        fort(&mut st, Side::Csa, "dover_tn");
        all_negated(&st, &["dover_tn", "clarksville_tn", "nashville"]);
        all_negated(&st, &["pittsburg_landing", "tuscumbia", "decatur"]);
        all_held(&st, &["paducah", "evansville", "cairo"]);
    }
}

/// FtP 10.2.1 (Spanish edition): only *supplied* infantry SP move strategically; IT 10.21
/// (Italian edition): any SP, along railroads through friendly spaces, supplied or not. With every
/// CSA supply source gone (T-LOC-3), SP at Richmond may move by rail to Petersburg only with the
/// Italian rules.
#[test]
fn strategic_movement_of_unsupplied_sp_italian_edition_fpt_10_2_1() {
    let g = game();
    for (ed, moves) in [("spanish", false), ("italian", true)] {
        let mut st = super::play_tests::new("1861", 4);
        edition(&mut st, ed);
        super::play_tests::empty_map(&mut st);
        super::choices_tests::no_forts(&mut st);
        for s in 0..g.c.map.len() as Sp {
            let d = g.c.map.space(bivouac_engine::map::graph::SpaceId(s));
            if d.resource > 0 {
                st.rc_destroyed[s as usize] = true;
            }
            if d.br {
                st.control[s as usize] = Control::Of(Side::Union);
            }
        }
        put(&mut st, Side::Csa, "richmond", 3);
        assert_eq!(st.control(sp("petersburg")), Control::Of(Side::Csa));
        assert!(!g.supplied(&st, Side::Csa)[sp("richmond") as usize], "no CSA source: Richmond is out of supply");
        st.flow.clear();
        st.flow.push(Frame::Strategic { side: Side::Csa });
        let from_richmond = g.strategic_moves(&st, Side::Csa).into_iter().filter(|&(f, _)| f == sp("richmond")).collect::<Vec<_>>();
        assert_eq!(from_richmond.contains(&(sp("richmond"), sp("petersburg"))), moves, "{ed}");
        assert!(!from_richmond.iter().any(|&(_, t)| st.control(t) != Control::Of(Side::Csa)), "{ed}: friendly spaces only");
    }
}

/// FtP 5.9.3 (the edition's `csa_rail_build`): Meridian-Demopolis and Greensboro-Danville are
/// roads until 1864. Spanish: railroads from Spring 1864 (turn 10) on their own, nothing to play.
/// Italian (IT 5.93): the CSA completes both by playing an OPs card of any value in an 1864 or
/// 1865 turn (`build-railroads`); never before 1864, never the Union, once.
#[test]
fn csa_railroads_by_edition_fpt_5_9_3() {
    use super::content::LinkKind;
    use super::play_tests::{act, legal_text, new, round_with};
    let g = game();
    let rail = |st: &State| {
        let l = g.c.map.edges_between(bivouac_engine::map::graph::SpaceId(sp("meridian")), bivouac_engine::map::graph::SpaceId(sp("demopolis"))).next().expect("link");
        g.link_kind(st, l) == LinkKind::Rail
    };
    for (ed, turn, offered, rail_before) in [("spanish", 10, false, true), ("spanish", 9, false, false), ("italian", 9, false, false), ("italian", 10, true, false), ("italian", 13, true, false)] {
        let mut st = new("campaign", 1);
        edition(&mut st, ed);
        st.turn = turn;
        assert_eq!(rail(&st), rail_before, "{ed} turn {turn}");
        for side in [Side::Union, Side::Csa] {
            let mut s = st.clone();
            round_with(&mut s, side, 9);
            act(&mut s, side, "ops 9");
            let listed = legal_text(&s, side).contains(&"build-railroads".to_string());
            assert_eq!(listed, offered && side == Side::Csa, "{ed} turn {turn} {side:?}");
            if !listed {
                super::choices_tests::refused(&mut s, side, "build-railroads", "FtP 5.9.3");
            }
            if listed {
                act(&mut s, side, "build-railroads");
                assert!(rail(&s), "{ed}: railroads for every purpose once built");
                let greensboro = g.c.map.edges_between(bivouac_engine::map::graph::SpaceId(sp("greensboro")), bivouac_engine::map::graph::SpaceId(sp("danville"))).next().expect("link");
                assert_eq!(g.link_kind(&s, greensboro), LinkKind::Rail);
                round_with(&mut s, side, 9);
                act(&mut s, side, "ops 9");
                assert!(!legal_text(&s, side).contains(&"build-railroads".to_string()), "once");
                check(&s);
            }
        }
    }
}

/// FtP 16, 5.9.3 reading, option `csa-rail-1864`: the 1864 scenario starts in Summer 1864 with
/// Meridian-Demopolis and Greensboro-Danville already railroads (`built`, default). With `road`
/// they are still roads: in the Italian edition (IT 5.93) until the CSA plays an OPs card to
/// build them; in the Spanish edition they are railroads from Spring 1864 all the same.
#[test]
fn csa_rail_1864_option_road_keeps_the_links_roads_until_built_fpt_16_5_9_3() {
    use super::content::LinkKind;
    use super::play_tests::{act, legal_text, round_with};
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::map::graph::SpaceId;
    let g = game();
    let rail = |st: &State, a: &str, b: &str| {
        let l = g.c.map.edges_between(SpaceId(sp(a)), SpaceId(sp(b))).next().expect("link");
        g.link_kind(st, l) == LinkKind::Rail
    };
    for (ed, value, rail_at_start) in [("italian", None, true), ("italian", Some("built"), true), ("italian", Some("road"), false), ("spanish", Some("road"), true)] {
        let mut setup = Setup::new("1864", 2, 4);
        setup.options.insert("edition".into(), ed.into());
        if let Some(v) = value {
            setup.options.insert("csa-rail-1864".into(), v.into());
        }
        let mut st = g.setup(&setup).expect("setup");
        assert_eq!(st.opts.csa_rail_road, value == Some("road"));
        for (a, b) in [("meridian", "demopolis"), ("greensboro", "danville")] {
            assert_eq!(rail(&st, a, b), rail_at_start, "{ed} {value:?}: {a}-{b}");
        }
        round_with(&mut st, Side::Csa, 9);
        act(&mut st, Side::Csa, "ops 9");
        let listed = legal_text(&st, Side::Csa).contains(&"build-railroads".to_string());
        assert_eq!(listed, !rail_at_start, "{ed} {value:?}: build-railroads offered");
        if listed {
            act(&mut st, Side::Csa, "build-railroads");
            assert!(rail(&st, "meridian", "demopolis") && rail(&st, "greensboro", "danville"), "{ed}: railroads once built");
            check(&st);
        }
    }
}

/// FtP 5.4.2 by edition: ES "no se puede entrar en espacios controlados por el enemigo en estados
/// fronterizos neutrales o en estados controlados por el enemigo" (its NOTA: "Una division de
/// cualquiera de ambos bandos puede entrar en un espacio con indicador de CP enemigo en estados
/// ... fronterizos bajo control propio"); IT 5.42 "in Stati nemici non controllati, o in Stati di
/// confine": a Union division may enter a CSA-PC space of Union-controlled Kentucky only in the
/// Spanish edition; in a neutral Kentucky in neither.
#[test]
fn division_border_states_by_edition_fpt_5_4_2() {
    let g = game();
    let ky = g.c.state("ky").expect("Kentucky") as usize;
    let to = sp("columbus_ky");
    for (ed, union_ky) in [("spanish", true), ("italian", false)] {
        let mut st = super::play_tests::new("1861", 1);
        edition(&mut st, ed);
        st.control[to as usize] = Control::Of(Side::Csa);
        let m = MoveSt { side: Side::Union, kind: Formation::Division, at: sp("paducah"), prev: sp("paducah"), sp: 1, gens: vec![], army: None, mp: 5, value: 1, halted: false, rail_only: false, steps: 0, intercept_tried: false, vs_interceptor: false, order: MoveOrder::Free };
        st.state_control[ky] = Control::Of(Side::Union);
        assert_eq!(!g.division_barred(&st, &m, to), union_ky, "{ed}: Union-controlled Kentucky");
        st.state_control[ky] = Control::Neutral;
        assert!(g.division_barred(&st, &m, to), "{ed}: neutral Kentucky");
        let mut corps = m.clone();
        corps.kind = Formation::Corps;
        assert!(!g.division_barred(&st, &corps, to), "{ed}: a corps is never barred");
    }
}

/// FtP 4.5 by edition: ES 4.5 "Hay cinco cartas" of concentration (#75, #100, #101, #102,
/// #103); IT 4.5 says "quattro carte", but the Italian card list (IT p. 72-73) prints the same
/// five ("75. Il blocco della concentrazione occidentale", "100. Shiloh", "101. Chickamauga",
/// "102. Prima Manassas", "103. I Sette Giorni / Chattanooga"): the Italian deck holds all five,
/// read as a slip of the Italian 4.5 text (the seed's own card list wins).
#[test]
fn five_concentration_cards_in_both_editions_fpt_4_5() {
    let g = game();
    let campaign = g.c.scenario("campaign").expect("campaign");
    for ed in ["spanish", "italian"] {
        let deck = g.c.deck(campaign, g.c.edition(ed).expect("edition"));
        let mut conc: Vec<_> = deck.iter().copied().filter(|&n| g.c.card(n).is_some_and(|c| c.has(CardFlag::Concentration))).collect();
        conc.sort_unstable();
        assert_eq!(conc, vec![75, 100, 101, 102, 103], "{ed}: FtP 4.5 concentration cards");
    }
}
