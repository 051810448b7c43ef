//! Content tests for For the People: the built-in content loads and agrees with the rulebooks
//! and broken content is reported with
//! file:line:col. Rule numbers are the Spanish rulebook's.

use super::content::*;
use super::{DIR, load, load_content};
use bivouac_engine::map::graph::SpaceId;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn builtin() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content")
}

fn content() -> &'static Content {
    static C: OnceLock<Content> = OnceLock::new();
    C.get_or_init(|| match load_content(&[builtin()]) {
        Ok(c) => c,
        Err(e) => panic!("built-in For the People content does not load:\n{e}"),
    })
}

fn sid(c: &Content, id: &str) -> SpaceId {
    c.space(id).unwrap_or_else(|| panic!("no space `{id}`"))
}

fn spanish(c: &Content) -> EditionId {
    c.edition("spanish").expect("spanish edition")
}

fn italian(c: &Content) -> EditionId {
    c.edition("italian").expect("italian edition")
}

/// A temporary mod layer holding `files` (relative to the game folder); returns the layers
/// built-in + mod. The folder is removed when the guard drops.
struct TmpMod(PathBuf);
impl Drop for TmpMod {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
fn mod_layer(name: &str, files: &[(&str, &str)]) -> (TmpMod, Vec<PathBuf>) {
    let root = std::env::temp_dir().join(format!("bivouac-ftp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for (rel, text) in files {
        let p = root.join(DIR).join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
    }
    (TmpMod(root.clone()), vec![builtin(), root])
}

// ---------------------------------------------------------------------------------------------
// Loading and the catalog

#[test]
fn builtin_content_loads_with_everything() {
    let c = content();
    assert_eq!(c.title, "For the People");
    assert!(c.map.len() >= 200, "the published map has on the order of 200 spaces; got {}", c.map.len());
    assert_eq!(c.states.len(), 22, "11 CSA + 3 border + 7 Union states + DC");
    assert_eq!(c.cards.len(), 130);
    let mut ids: Vec<&str> = c.scenarios.iter().map(|s| s.id.as_str()).collect();
    ids.sort();
    assert_eq!(ids, ["1861", "1862", "1863", "1864", "campaign"]);
    assert_eq!(c.turns.len(), 13, "Spring 1861 to Spring 1865");
    assert_eq!(c.editions.iter().map(|e| e.id.as_str()).collect::<Vec<_>>(), ["spanish", "italian"]);
}

#[test]
fn load_returns_the_playable_game() {
    assert!(matches!(load(&[builtin()]), Ok(Some(_))));
    let cat = crate::load_catalog(&[builtin()]);
    assert!(cat.game("for-the-people").is_some() && !cat.content_only.iter().any(|d| d == DIR), "errors: {:?}", cat.errors.iter().map(|(d, e)| format!("{d}: {e}")).collect::<Vec<_>>());
}

#[test]
fn event_scripts_are_paths_only() {
    // Card texts are a later issue: the loader records the path and does not need the file.
    let c = content();
    assert_eq!(c.card(1).unwrap().script, "events/001.lua");
    assert_eq!(c.card(130).unwrap().script, "events/130.lua");
}

// ---------------------------------------------------------------------------------------------
// Map (FtP 6, 7.3-7.5, 10.5, 11.2, 12)

#[test]
fn map_graph_is_connected() {
    let c = content();
    assert!(c.map.is_connected_graph(|l| l.kind != LinkKind::BAndO), "components: {:?}", c.map.components(|l| l.kind != LinkKind::BAndO).len());
    // And without river lanes: every space is reachable overland (roads, rails, dashed links).
    let land = c.map.components(|l| l.is_land());
    assert_eq!(land.len(), 1, "overland pieces: {:?}", land.iter().map(|p| p.iter().map(|&s| c.map.name(s)).collect::<Vec<_>>()).collect::<Vec<_>>());
}

#[test]
fn every_state_control_threshold_is_reachable_fpt_12_1_4() {
    let c = content();
    let want = [("mo", 10, 7), ("ky", 10, 7), ("wv", 5, 4), ("tn", 10, 13), ("ar", 5, 6), ("tx", 7, 3), ("la", 7, 6), ("ms", 7, 10), ("al", 7, 9), ("ga", 15, 12), ("fl", 5, 5), ("nc", 7, 10), ("sc", 7, 9), ("va", 15, 14)];
    for (id, sw, need) in want {
        let st = c.state(id).unwrap();
        let def = &c.states[st as usize];
        assert_eq!((def.sw, def.control), (sw, Some(need)), "{id}: SW value and spaces needed (12.1.4)");
        let have: u32 = c.map.ids().filter(|&s| c.map.space(s).state == st).map(|s| c.control_weight(s) as u32).sum();
        assert!(have >= need as u32, "{id}: {need} spaces needed, only {have}");
    }
    // The border states are reconstructed completely (FtP 7.3): MO 10, KY 9, WV 7 spaces.
    for (id, n) in [("mo", 10), ("ky", 9), ("wv", 7)] {
        let st = c.state(id).unwrap();
        assert_eq!(c.map.ids().filter(|&s| c.map.space(s).state == st).count(), n, "{id}");
    }
}

#[test]
fn shenandoah_counts_double_for_virginia_fpt_8_4() {
    let c = content();
    let valley: Vec<&str> = c.map.ids().filter(|&s| c.map.space(s).shenandoah).map(|s| c.map.name(s)).collect();
    assert_eq!(valley, ["winchester", "strasburg", "staunton"]);
    let w: u8 = valley.iter().map(|v| c.control_weight(sid(c, v))).sum();
    assert_eq!(w, 6, "8.4.3 example: all three count 6 of the 14");
}

#[test]
fn every_port_that_needs_a_fort_has_one_fpt_6_6_2() {
    let c = content();
    let pairs = [
        ("fort_morgan", "mobile"),
        ("forts_st_philip_jackson", "new_orleans"),
        ("fort_pickens", "pensacola"),
        ("fort_gadson", "columbus_ga"),
        ("fort_pulaski", "savannah"),
        ("fort_sumter", "charleston_sc"),
        ("fort_fisher", "wilmington_nc"),
        ("fort_monroe", "norfolk"),
    ];
    for (fort, port) in pairs {
        let (f, p) = (sid(c, fort), sid(c, port));
        assert!(c.map.space(f).coastal_fort && c.map.space(f).port.is_some(), "{fort} is a coastal fort and a port (6.1.1)");
        assert_eq!(c.map.space(f).guards, Some(p), "{fort} guards {port}");
        assert_eq!(c.map.space(p).guarded_by, Some(f), "{port} is guarded by {fort}");
    }
    let forts = c.map.ids().filter(|&s| c.map.space(s).coastal_fort).count();
    assert_eq!(forts, pairs.len(), "no other printed coastal forts");
}

#[test]
fn blockade_runner_ports_by_zone_fpt_10_5_2() {
    let c = content();
    let zone = |z: &str| -> Vec<&str> {
        let zi = c.seas.iter().position(|s| s.id == z).unwrap() as SeaId;
        let mut v: Vec<&str> = c.map.ids().filter(|&s| c.map.space(s).br && c.map.space(s).sea == Some(zi)).map(|s| c.map.name(s)).collect();
        v.sort();
        v
    };
    assert_eq!(zone("north_atlantic"), ["morehead_city", "norfolk", "wilmington_nc"]);
    assert_eq!(zone("south_atlantic"), ["charleston_sc", "fernandina", "jacksonville_fl", "savannah"]);
    assert_eq!(zone("east_gulf"), ["columbus_ga", "mobile", "pensacola", "st_marks"]);
    assert_eq!(zone("west_gulf"), ["new_orleans", "sabine_city"]);
    assert_eq!(c.map.space(sid(c, "st_marks")).br_card, Some(117), "St. Marks only with card #117 (ES)");
}

#[test]
fn mississippi_list_is_the_twenty_four_ports_of_fpt_12_8() {
    let c = content();
    let mut got: Vec<&str> = c.map.ids().filter(|&s| c.map.space(s).mississippi).map(|s| c.map.name(s)).collect();
    got.sort();
    let mut want = vec![
        "wheeling", "parkersburg", "cincinnati", "evansville", "louisville", "paducah", "columbus_ky", "cairo", "alton", "memphis", "clarksville_tn", "dover_tn", "nashville",
        "pittsburg_landing", "vicksburg", "grand_gulf", "port_hudson", "new_orleans", "forts_st_philip_jackson", "baton_rouge", "tuscumbia", "decatur", "new_madrid", "st_louis",
    ];
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn river_ports_carry_the_codes_of_fpt_6_2() {
    let c = content();
    for (id, codes) in [("paducah", "TO"), ("cairo", "MO"), ("dover_tn", "TC"), ("little_rock", "A"), ("arkansas_post", "A"), ("vincennes", "W"), ("yazoo_city", "Y"), ("aquia_creek", "P"), ("washington", "P"), ("nashville", "C"), ("grand_ecore", "R")] {
        let s = c.map.space(sid(c, id));
        assert_eq!(s.rivers.iter().collect::<String>(), codes, "{id}");
    }
    assert_eq!(c.map.space(sid(c, "charleston_wv")).port, Some(PortKind::River), "IT 6.2: Charleston (WV) is a river port without a code");
    // The Potomac has only two spaces (6.6.3).
    let potomac = c.rivers.iter().find(|r| r.id == "potomac").unwrap();
    assert_eq!(potomac.ports, [sid(c, "washington"), sid(c, "aquia_creek")]);
    // River lanes join consecutive ports: Nashville-Clarksville-Dover on the Cumberland.
    let cumberland = c.rivers.iter().position(|r| r.id == "cumberland").unwrap() as RiverId;
    assert!(c.map.edges_between(sid(c, "nashville"), sid(c, "clarksville_tn")).any(|l| l.kind == LinkKind::River(cumberland)));
}

#[test]
fn rail_lines_are_continuous_chains() {
    let c = content();
    assert!(c.lines.len() >= 40, "{} rail lines", c.lines.len());
    for (li, name) in c.lines.iter().enumerate() {
        let edges: Vec<(SpaceId, SpaceId)> = c.map.connections().filter(|(_, _, l)| l.lines.contains(&(li as LineId))).map(|(a, b, _)| (a, b)).collect();
        assert!(!edges.is_empty(), "{name}");
        let mut reach = vec![edges[0].0];
        let mut grew = true;
        while grew {
            grew = false;
            for &(a, b) in &edges {
                if reach.contains(&a) != reach.contains(&b) {
                    reach.push(if reach.contains(&a) { b } else { a });
                    grew = true;
                }
            }
        }
        let mut all: Vec<SpaceId> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
        all.sort();
        all.dedup();
        assert_eq!(reach.len(), all.len(), "rail line `{name}` is broken");
    }
    // Every railroad names its line; the B&O is a kind of its own (10.2.4).
    assert!(c.map.connections().all(|(_, _, l)| l.kind != LinkKind::Rail || !l.lines.is_empty()));
    let bo: Vec<(&str, &str)> = c.map.connections().filter(|(_, _, l)| l.kind == LinkKind::BAndO).map(|(a, b, _)| (c.map.name(a), c.map.name(b))).collect();
    assert!(bo.len() >= 5 && bo.iter().any(|&(a, b)| a == "harpers_ferry" || b == "harpers_ferry"), "{bo:?}");
    assert!(c.rail_degree(sid(c, "atlanta")) >= 3 && c.is_rail_junction(sid(c, "chattanooga")), "junctions are derived from rail links");
}

#[test]
fn no_two_spaces_share_a_position() {
    let c = content();
    let ids: Vec<SpaceId> = c.map.ids().collect();
    for (i, &a) in ids.iter().enumerate() {
        for &b in &ids[i + 1..] {
            let (sa, sb) = (c.map.space(a), c.map.space(b));
            let d = (sa.lon - sb.lon).abs() + (sa.lat - sb.lat).abs();
            assert!(d > 0.05, "{} and {} are at the same place", c.map.name(a), c.map.name(b));
            assert!((-100.0..-70.0).contains(&sa.lon) && (25.0..42.5).contains(&sa.lat), "{} off the theatre", c.map.name(a));
        }
    }
}

#[test]
fn explicit_adjacencies_of_the_rules_exist() {
    let c = content();
    let pairs = [
        ("washington", "manassas"), ("washington", "frederick"), ("frederick", "manassas"), ("chambersburg", "gettysburg"), ("frederick", "gettysburg"), ("cairo", "paducah"),
        ("dover_tn", "mckenzie"), ("dover_tn", "paducah"), ("dover_tn", "clarksville_tn"), ("dover_tn", "franklin_tn"), ("nashville", "clarksville_tn"), ("nashville", "bowling_green"),
        ("bowling_green", "clarksville_tn"), ("pittsburg_landing", "waynesboro"), ("vicksburg", "monroe_la"), ("meridian", "demopolis"), ("greensboro", "danville"),
        ("jacksonville_al", "decatur"), ("jacksonville_al", "kingston"), ("cincinnati", "falmouth"), ("frankfort", "louisville"), ("humboldt", "grand_junction"), ("meridian", "forest"),
        ("forest", "jackson_ms"), ("jackson_ms", "vicksburg"), ("manassas", "fredericksburg"), ("lebanon", "bowling_green"),
    ];
    for (a, b) in pairs {
        assert!(c.map.edges_between(sid(c, a), sid(c, b)).any(|l| l.rules && l.is_land()), "{a}-{b}");
    }
    // Narrated paths (each step one MP): Cincinnati to Knoxville in exactly 5 steps (11.1 ex. 1).
    let path = c.map.shortest_path(sid(c, "cincinnati"), sid(c, "knoxville"), |_, _, l| l.is_land().then_some(1));
    assert_eq!(path.map(|p| p.0), Some(5), "Cincinnati-Falmouth-Lexington-Somerset-Clinton-Knoxville");
    // Winchester is two spaces from Manassas (First Manassas intercepts from 2 spaces).
    let p = c.map.shortest_path(sid(c, "winchester"), sid(c, "manassas"), |_, _, l| l.is_land().then_some(1));
    assert_eq!(p.map(|p| p.0), Some(2));
}

#[test]
fn blue_bars_follow_fpt_6_2_6() {
    let c = content();
    let (cairo, paducah, dover) = (sid(c, "cairo"), sid(c, "paducah"), sid(c, "dover_tn"));
    // A. Cairo-Paducah: a north route crossing into Paducah and a south route leaving Cairo across the river.
    let bars: Vec<Option<SpaceId>> = c.map.edges_between(cairo, paducah).map(|l| l.bar.map(|b| b.0)).collect();
    assert!(bars.contains(&Some(paducah)) && bars.contains(&Some(cairo)), "{bars:?}");
    // B. Dover's western bar is the Tennessee (from McKenzie and Paducah); Clarksville and Franklin enter without crossing into Dover.
    for w in ["mckenzie", "paducah"] {
        // Land links only: the Tennessee's river lane Dover-Paducah is naval movement (6.2.1), not a crossing.
        let land: Vec<_> = c.map.edges_between(sid(c, w), dover).filter(|l| l.is_land()).collect();
        assert!(!land.is_empty() && land.iter().all(|l| l.bar == Some((dover, 'T'))), "{w}");
    }
    for e in ["clarksville_tn", "franklin_tn"] {
        assert!(c.map.edges_between(sid(c, e), dover).all(|l| l.bar.is_none_or(|b| b.0 != dover)), "{e}");
    }
    // The CSA cannot cross Nashville-Clarksville or Nashville-Bowling Green under UNC: both cross the Cumberland.
    for (a, b) in [("nashville", "clarksville_tn"), ("nashville", "bowling_green"), ("dover_tn", "clarksville_tn")] {
        assert!(c.map.edges_between(sid(c, a), sid(c, b)).any(|l| l.bar.is_some_and(|x| x.1 == 'C')), "{a}-{b}");
    }
    // 6.2.5: the Manassas-Washington link crosses the Potomac into Washington; Falmouth has no bar.
    assert!(c.map.edges_between(sid(c, "manassas"), sid(c, "washington")).any(|l| l.bar == Some((sid(c, "washington"), 'P'))));
    assert!(c.map.edges_between(sid(c, "falmouth"), sid(c, "cincinnati")).all(|l| l.bar.is_none_or(|b| b.0 != sid(c, "falmouth"))));
    assert!(c.map.edges_between(sid(c, "vicksburg"), sid(c, "monroe_la")).any(|l| l.bar.is_some_and(|b| b.1 == 'M')));
}

#[test]
fn csa_railroads_of_1864_and_ne_alabama_links_fpt_5_9_3_5_10() {
    let c = content();
    for (a, b) in [("meridian", "demopolis"), ("greensboro", "danville")] {
        let l: Vec<_> = c.map.edges_between(sid(c, a), sid(c, b)).collect();
        assert!(l.iter().all(|l| l.kind == LinkKind::Road && l.upgrade_1864), "{a}-{b}: a road until 1864");
    }
    let dashed: Vec<(&str, &str)> = c.map.connections().filter(|(_, _, l)| l.kind == LinkKind::Dashed).map(|(a, b, _)| (c.map.name(a), c.map.name(b))).collect();
    assert_eq!(dashed.len(), 2);
    assert!(dashed.iter().all(|&(a, b)| a == "jacksonville_al" || b == "jacksonville_al"));
}

#[test]
fn capitals_and_resource_centers_fpt_11_2_12_2() {
    let c = content();
    assert_eq!(c.map.space(sid(c, "washington")).national_capital, Some(Side::Union));
    assert_eq!(c.map.space(sid(c, "richmond")).national_capital, Some(Side::Csa));
    let mut stars: Vec<&str> = c.map.ids().filter(|&s| c.map.space(s).union_state_capital).map(|s| c.map.name(s)).collect();
    stars.sort();
    assert_eq!(stars, ["annapolis", "columbus_oh", "dover_de", "harrisburg", "indianapolis", "philadelphia", "springfield_il", "trenton"], "11.2.3");
    assert!(c.editions[spanish(c) as usize].union_capital_harrisburg && !c.editions[italian(c) as usize].union_capital_harrisburg);
    assert_eq!(c.map.space(sid(c, "nashville")).resource, 5, "12.2: Nashville = 5");
    for rc in ["richmond", "fayetteville_nc", "atlanta", "columbus_ga", "selma", "jackson_ms", "little_rock", "memphis"] {
        assert!(c.map.space(sid(c, rc)).resource > 0, "{rc} is a resource center");
    }
    assert!(c.map.space(sid(c, "knoxville")).pro_union, "10.4.3: Knoxville is pro-Union (example of play)");
    assert!(c.map.ids().any(|s| c.map.space(s).north_edge_rail), "8.2: Union railroads leave the north edge");
}

// ---------------------------------------------------------------------------------------------
// Generals, turn track, tables

#[test]
fn generals_keep_every_rating_the_rules_state() {
    let c = content();
    let g = |id: &str| &c.generals[c.general(id).unwrap_or_else(|| panic!("{id}")) as usize];
    for (id, pr) in [("mcclellan", 10), ("fremont", 8), ("butler", 8), ("grant", 8), ("buell", 6), ("rosecrans", 5), ("burnside", 6), ("mcdowell", 6), ("meade", 5)] {
        assert_eq!(g(id).political, pr, "{id} political rating");
    }
    assert!(g("sherman").political > g("thomas").political);
    assert!(g("j_johnston").political > g("beauregard").political && g("j_johnston").political < g("as_johnston").political);
    assert_eq!((g("grant").strategy, g("sherman").strategy, g("sherman").offense, g("thomas").offense), (1, 1, 3, 2));
    assert!(g("burnside").strategy <= 2, "activated by a 2-value card (5.3.2)");
    assert_eq!((g("mcdowell").offense, g("meade").defense, g("hancock").defense, g("reynolds").defense, g("pleasonton").defense), (1, 2, 1, 1, 2));
    assert_eq!((g("lee").offense, g("longstreet").offense, g("longstreet").defense, g("ewell").offense, g("hill").offense), (3, 2, 3, 1, 1));
    assert_eq!((g("j_johnston").defense, g("jackson").defense, g("sheridan").political), (2, 3, 1));
    let cav: Vec<&str> = c.generals.iter().filter(|g| g.cavalry && !g.optional).map(|g| g.id.as_str()).collect();
    assert_eq!(cav, ["pleasonton", "stoneman", "sheridan", "stuart", "forrest", "morgan", "wheeler"]);
    let gc = c.generic_commander;
    assert_eq!((gc.strategy, gc.offense, gc.defense), (3, 0, 0), "5.2.8");
    // 5.5.6 replacements.
    for (r, o) in [("pegram", "forrest"), ("armstrong", "morgan"), ("f_lee", "stuart"), ("wharton", "wheeler"), ("kilpatrick", "pleasonton"), ("mitchell", "stoneman")] {
        assert_eq!(g(r).replaces, c.general(o), "{r}");
    }
}

#[test]
fn arrivals_match_the_example_of_play_and_the_setups() {
    let c = content();
    let arr = |id: &str| c.generals[c.general(id).unwrap() as usize].arrives;
    for id in ["buell", "rosecrans", "halleck", "pope", "mcclellan", "banks", "burnside", "stuart", "smith", "bragg"] {
        assert_eq!(arr(id), Some(2), "{id}: Summer 1861 (example of play)");
    }
    for id in ["van_dorn", "pemberton"] {
        assert_eq!(arr(id), Some(3), "{id}: Fall 1861");
    }
    assert_eq!(arr("grant"), Some(7), "placed at Memphis in turn 7 of the 1863 scenario");
    // The loader checks every scenario: each general arrived before its first turn is set up or eliminated.
    let sc = c.scenario("1863").unwrap();
    assert_eq!(sc.placements.len(), 1);
    assert_eq!((sc.placements[0].general, sc.placements[0].space), (c.general("grant").unwrap(), sid(c, "memphis")));
}

#[test]
fn turn_track_deals_and_reinforcement_exceptions_fpt_3_2_10_1() {
    let c = content();
    let cards: Vec<u8> = c.turns.iter().map(|t| t.cards).collect();
    assert_eq!(cards, [4, 5, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]);
    let t1 = &c.turns[0];
    assert!(!t1.union_sp && !t1.csa_sp && !t1.br_rolls && !t1.strategic && !t1.generals, "no Reinforcement Phase in turn 1");
    let t3 = &c.turns[2];
    assert!(!t3.union_sp && !t3.csa_sp && !t3.br_rolls && t3.strategic && t3.generals, "10.7: 90-day volunteers");
    assert!(c.turns[3..].iter().all(|t| t.union_sp && t.csa_sp && t.br_rolls && t.strategic && t.generals));
    let falls: Vec<u8> = c.turns.iter().filter(|t| t.season == Season::Fall).map(|t| t.number).collect();
    assert_eq!(falls, [3, 6, 9, 12]);
    assert!(c.turns[9].csa_rail_build && c.turns[9].year == 1864 && c.turns[9].season == Season::Spring);
    assert_eq!(c.turns[11].csa_auto_win_union_sw_below, Some(50), "17.2.1");
}

#[test]
fn crt_matches_the_worked_examples_fpt_7_10() {
    let c = content();
    let cell = |x: CrtCell| (x.loss, x.star);
    // T-CRT-1: medium, Union rolls 8 -> CSA loses 2*; CSA rolls 7 -> Union loses 2.
    assert_eq!(cell(c.crt.medium.defender_loss[7]), (2, true));
    assert_eq!(cell(c.crt.medium.attacker_loss[6]), (2, false));
    // T-CRT-3 Gettysburg: large, CSA rolls 8 -> Union loses 4*; Union rolls 10 -> CSA loses 6.
    assert_eq!(cell(c.crt.large.defender_loss[7]), (4, true));
    assert_eq!(cell(c.crt.large.attacker_loss[9]), (6, false));
    // T-AMPH-1: small, row 5 defender loss 1; row 4 attacker loss 1. T-CRT-6: medium row 10 = 3*, large row 10 = 5*.
    assert_eq!(cell(c.crt.small.defender_loss[4]), (1, false));
    assert_eq!(cell(c.crt.small.attacker_loss[3]), (1, false));
    assert_eq!(cell(c.crt.medium.defender_loss[9]), (3, true));
    assert_eq!(cell(c.crt.large.defender_loss[9]), (5, true));
    // Asterisks only in the defender-loss columns, from row 7.
    for b in [&c.crt.small, &c.crt.medium, &c.crt.large] {
        assert!(b.attacker_loss.iter().all(|x| !x.star));
        assert!(b.defender_loss.iter().enumerate().all(|(i, x)| x.star == (i >= 6)));
    }
    let m = &c.movement;
    assert_eq!((m.army.max_sp, m.army.mp, m.corps.max_sp, m.corps.mp, m.division.max_sp, m.division.mp, m.cavalry.mp), (15, 6, 6, 8, 3, 5, 10), "5.1.3");
    assert_eq!(c.attrition.len(), 2, "9.1");
}

// ---------------------------------------------------------------------------------------------
// Cards

#[test]
fn deck_composition_matches_the_card_lists() {
    let c = content();
    let count = |max: u8| {
        let mut side = [0; 3];
        let mut ops = [0; 3];
        for card in c.cards.iter().filter(|k| k.number <= max) {
            side[match card.event {
                EventSide::Union => 0,
                EventSide::Csa => 1,
                EventSide::Both => 2,
            }] += 1;
            ops[card.ops as usize - 1] += 1;
        }
        (side, ops)
    };
    assert_eq!(count(110), ([38, 45, 27], [34, 37, 39]), "IT 110 cards");
    assert_eq!(count(130), ([47, 52, 31], [38, 46, 46]), "ES 130 cards");
    let (es, it) = (spanish(c), italian(c));
    assert_eq!(c.cards.iter().filter(|k| k.editions.contains(&it)).count(), 110);
    assert_eq!(c.cards.iter().filter(|k| k.editions.contains(&es)).count(), 130);
    assert!(c.cards.iter().all(|k| k.title_it.is_some() == (k.number <= 110)));
}

#[test]
fn card_flags_fpt_4() {
    let c = content();
    let with = |f: CardFlag| c.cards.iter().filter(|k| k.has(f)).map(|k| k.number).collect::<Vec<_>>();
    assert_eq!(with(CardFlag::MajorCampaign), [83, 84]);
    assert_eq!(with(CardFlag::MinorCampaign), [85, 86, 87, 88, 99, 121]);
    assert_eq!(with(CardFlag::Special), [81, 82]);
    assert_eq!(with(CardFlag::Concentration), [75, 100, 101, 102, 103]);
    // 89 and 102 by the rules; 6 and 7 authored with their reconstructed events (cards.toml).
    assert_eq!(with(CardFlag::Interrupt), [6, 7, 89, 102]);
    assert_eq!(with(CardFlag::NavalMove), [57, 58, 59]);
    assert!(with(CardFlag::MajorCampaign).iter().chain(&with(CardFlag::MinorCampaign)).all(|&n| c.card(n).unwrap().ops == 3 && c.card(n).unwrap().event == EventSide::Both));
    let removed: Vec<u8> = c.cards.iter().filter(|k| k.remove).map(|k| k.number).collect();
    assert_eq!(removed, [24, 29, 43, 44, 47, 48, 52, 68, 81, 82, 91]);
    assert!(!c.card(12).unwrap().remove, "Cabinet Intrigue stays in the game");
    let raise: Vec<u8> = c.cards.iter().filter(|k| k.blockade == Some(BlockadeEffect::Raise)).map(|k| k.number).collect();
    assert_eq!(raise, [61, 63, 68, 69, 71, 98, 127]);
    assert_eq!(c.card(14).unwrap().no_voluntary_discard, Some(EventSide::Union));
    assert_eq!(c.card(3).unwrap().title, "Forward to Richmond!");
    assert_eq!(c.card(62).unwrap().title_it.as_deref(), Some("Crisi finanziaria"));
}

#[test]
fn card_scenario_lists_agree_with_the_removal_lists() {
    let c = content();
    for sc in &c.scenarios {
        for card in &c.cards {
            let listed = card.scenarios.contains(&sc.id);
            assert_eq!(listed, !sc.removed_cards.contains(&card.number), "card {} in scenario {}", card.number, sc.id);
        }
    }
    let (es, it) = (spanish(c), italian(c));
    let deck = |id: &str, e| c.deck(c.scenario(id).unwrap(), e).len();
    assert_eq!((deck("1861", es), deck("1861", it), deck("campaign", es)), (130, 110, 130));
    assert_eq!((deck("1862", es), deck("1862", it)), (118, 100), "14.4: ES removes 12, IT 10");
    assert_eq!((deck("1863", es), deck("1863", it)), (114, 98), "15.4: ES removes 16, IT 12");
    assert_eq!((deck("1864", es), deck("1864", it)), (114, 98), "16.4");
}

// ---------------------------------------------------------------------------------------------
// Scenarios: counts per side against the setup tables

fn counts(id: &str, edition: EditionId) -> ([u32; 2], [usize; 2], Position) {
    let c = content();
    let p = c.position(id, edition).unwrap_or_else(|| panic!("scenario {id}"));
    let sp = [p.total_sp(Side::Union), p.total_sp(Side::Csa)];
    let mut gens = [0, 0];
    for (g, at) in p.generals.iter().enumerate() {
        if matches!(at, GeneralAt::Space(_)) {
            gens[c.generals[g].side.index()] += 1;
        }
    }
    (sp, gens, p)
}

fn at(p: &Position, id: &str) -> GeneralAt {
    let c = content();
    p.generals[c.general(id).unwrap() as usize]
}

#[test]
fn scenario_1861_sets_up_fpt_2_3_2_4() {
    let c = content();
    let (sp, gens, p) = counts("1861", spanish(c));
    assert_eq!(sp, [19, 13], "FtP 2.3-2.4: Union 19 SP, CSA 13 SP on the map");
    assert_eq!(gens, [3, 5]);
    assert_eq!((p.turn, p.sw, p.sw_plus, p.blockade, p.amphibious, p.emancipation), (1, [100, 100], [false, true], 0, 0, false), "2.5, 2.7");
    let ctl = |id: &str| p.control[sid(c, id).index()];
    assert_eq!(ctl("st_louis"), Control::Of(Side::Union), "2.6");
    assert_eq!(ctl("columbus_ky"), Control::Of(Side::Csa));
    assert_eq!(ctl("new_madrid"), Control::Of(Side::Csa));
    assert_eq!(ctl("lexington_ky"), Control::Neutral, "border states start neutral");
    assert_eq!(ctl("harpers_ferry"), Control::Of(Side::Union), "2.3: Union PCs in VA and FL");
    assert_eq!(ctl("fort_pickens"), Control::Of(Side::Union));
    assert_eq!(ctl("manassas"), Control::Of(Side::Csa));
    assert_eq!(ctl("pittsburgh"), Control::Of(Side::Union));
    assert_eq!(p.capital, [Some(sid(c, "washington")), Some(sid(c, "richmond"))]);
    let aop = c.army("army_of_the_potomac").unwrap() as usize;
    assert_eq!(p.armies[aop], Some(ArmyAt { space: sid(c, "washington"), commander: c.general("mcdowell").unwrap() }));
    assert_eq!(p.fort[sid(c, "dover_tn").index()], Some(Side::Csa));
    assert_eq!(at(&p, "mcclellan"), GeneralAt::TurnTrack(2));
    assert_eq!(p.deck.len(), 130);
    let it = counts("1861", italian(c));
    assert_eq!((it.0, it.2.deck.len()), ([19, 13], 110));
    // The campaign is prepared like 1861 (17.1) and lasts to Spring 1865.
    let (csp, cgens, _) = counts("campaign", spanish(c));
    assert_eq!((csp, cgens), (sp, gens));
    assert_eq!(c.scenario("campaign").unwrap().last_turn, 13);
    assert_eq!(c.scenario("1861").unwrap().last_turn, 3);
}

#[test]
fn scenario_1862_sets_up_fpt_14() {
    let c = content();
    let (sp, gens, p) = counts("1862", spanish(c));
    assert_eq!(sp, [42, 27]);
    assert_eq!(gens, [10, 10]);
    assert_eq!((p.turn, p.sw, p.blockade, p.amphibious), (4, [115, 94], 2, 2), "14.3, 14.5 ES");
    assert_eq!(counts("1862", italian(c)).2.sw, [108, 98], "14.5 IT");
    assert!(p.resource_destroyed[sid(c, "nashville").index()]);
    assert_eq!(p.control[sid(c, "springfield_mo").index()], Control::Of(Side::Csa));
    assert_eq!(p.control[sid(c, "rolla").index()], Control::Of(Side::Union), "14.2: border spaces Union except New Madrid and Springfield");
    let ant = c.army("army_of_tennessee").unwrap() as usize;
    assert_eq!(p.armies[ant].map(|a| a.commander), c.general("as_johnston"));
    assert_eq!(at(&p, "jackson"), GeneralAt::TurnTrack(4), "arrives in the first turn's step c");
    assert_eq!(c.scenario("1862").unwrap().first_turn_phase, [ReinforcementStep::Generals], "14.6");
}

#[test]
fn scenario_1863_sets_up_fpt_15() {
    let c = content();
    let (sp, gens, p) = counts("1863", spanish(c));
    assert_eq!(sp, [80, 51]);
    assert_eq!(gens, [11, 14]);
    assert_eq!((p.turn, p.sw, p.sw_plus, p.blockade, p.amphibious, p.emancipation), (7, [85, 80], [true, false], 3, 3, true));
    assert_eq!(p.state_control[c.state("tn").unwrap() as usize], Control::Of(Side::Union), "15.2");
    assert_eq!(at(&p, "mcclellan"), GeneralAt::Eliminated);
    assert_eq!(at(&p, "as_johnston"), GeneralAt::Eliminated);
    assert_eq!(at(&p, "grant"), GeneralAt::TurnTrack(7));
    // Harper's Ferry and Winchester PCs are only in the Spanish table.
    let (_, _, pit) = counts("1863", italian(c));
    assert_eq!(p.control[sid(c, "winchester").index()], Control::Of(Side::Union));
    assert_eq!(pit.control[sid(c, "winchester").index()], Control::Of(Side::Csa));
    let sc = c.scenario("1863").unwrap();
    assert!(matches!(sc.victory.iter().find(|v| v.edition == Some(spanish(c))).unwrap().kind, VictoryKind::SwLead { union_min_lead: 1, csa_max_lead: 0, sp_adjustment: Some(_), blockade_obligation_sw: -10 }));
    assert!(matches!(sc.victory.iter().find(|v| v.edition == Some(italian(c))).unwrap().kind, VictoryKind::SwLead { union_min_lead: 25, csa_max_lead: 10, sp_adjustment: None, .. }));
    assert_eq!(sc.special_rules.len(), 4);
}

#[test]
fn scenario_1864_sets_up_fpt_16() {
    let c = content();
    let (sp, gens, p) = counts("1864", spanish(c));
    assert_eq!(sp, [96, 49]);
    assert_eq!(gens, [17, 14]);
    assert_eq!((p.turn, p.sw, p.blockade, p.amphibious, p.mississippi_bonus_received), (11, [65, 50], 4, 4, true));
    for rc in ["nashville", "memphis", "little_rock", "jackson_ms"] {
        assert!(p.resource_destroyed[sid(c, rc).index()], "{rc}");
    }
    for st in ["tn", "fl"] {
        assert_eq!(p.state_control[c.state(st).unwrap() as usize], Control::Of(Side::Union), "{st}");
    }
    assert_eq!(at(&p, "thomas"), GeneralAt::TurnTrack(11));
    assert_eq!(at(&p, "reynolds"), GeneralAt::Eliminated);
    let sc = c.scenario("1864").unwrap();
    assert_eq!((sc.first_turn, sc.last_turn), (11, 13), "16.3: Summer 1864, not Spring");
    assert!(matches!(sc.victory[0].kind, VictoryKind::Campaign { states_needed: 10, sw_lead_per_state: 25, .. }));
    let atn = c.army("army_of_the_tennessee").unwrap() as usize;
    assert_eq!(p.armies[atn].map(|a| a.space), Some(sid(c, "fort_monroe")), "the Army of the James counter");
}

/// Every row of the setup tables (Spanish edition = base; rules 2.3-2.4,
/// 14.1-14.2, 15.1-15.2, 16.1-16.2), transcribed: scenario, side, space, generals (army
/// commander first, note A), SP, fort, PC, army marker. The Italian-only Tullahoma PC of 1863 is
/// left out (read as an IT error).
type ExpectedRow = (&'static str, Side, &'static str, &'static [&'static str], u8, bool, bool, Option<&'static str>);
const SETUP_ROWS: &[ExpectedRow] = &[
    // 1861 Confederate setup (rule 2.3)
    ("1861", Side::Csa, "fayetteville_ar", &["price"], 1, false, false, None),
    ("1861", Side::Csa, "little_rock", &[], 1, false, false, None),
    ("1861", Side::Csa, "mobile", &[], 1, false, false, None),
    ("1861", Side::Csa, "columbus_ky", &[], 1, true, true, None),
    ("1861", Side::Csa, "fort_sumter", &[], 1, false, false, None),
    ("1861", Side::Csa, "dover_tn", &[], 1, true, false, None),
    ("1861", Side::Csa, "memphis", &["polk"], 1, false, false, None),
    ("1861", Side::Csa, "nashville", &["as_johnston"], 1, false, false, None),
    ("1861", Side::Csa, "winchester", &["j_johnston"], 1, false, false, None),
    ("1861", Side::Csa, "manassas", &["beauregard"], 3, false, false, None),
    ("1861", Side::Csa, "richmond", &[], 1, true, false, None),
    ("1861", Side::Csa, "new_madrid", &[], 0, false, true, None),
    // 1861 Union setup (rule 2.4)
    ("1861", Side::Union, "washington", &["mcdowell"], 5, true, false, Some("army_of_the_potomac")),
    ("1861", Side::Union, "fort_pickens", &[], 0, false, true, None),
    ("1861", Side::Union, "springfield_il", &[], 1, false, false, None),
    ("1861", Side::Union, "cairo", &[], 1, false, false, None),
    ("1861", Side::Union, "indianapolis", &[], 1, false, false, None),
    ("1861", Side::Union, "frederick", &[], 1, false, false, None),
    ("1861", Side::Union, "st_louis", &["fremont"], 2, false, true, None),
    ("1861", Side::Union, "cincinnati", &[], 1, false, false, None),
    ("1861", Side::Union, "columbus_oh", &[], 1, false, false, None),
    ("1861", Side::Union, "pittsburgh", &[], 2, false, false, None),
    ("1861", Side::Union, "philadelphia", &[], 1, false, false, None),
    ("1861", Side::Union, "harpers_ferry", &[], 2, false, true, None),
    ("1861", Side::Union, "fort_monroe", &["butler"], 1, false, true, None),
    // 1862 Confederate setup (rule 14.1)
    ("1862", Side::Csa, "fort_morgan", &[], 1, false, false, None),
    ("1862", Side::Csa, "springfield_mo", &["van_dorn", "price"], 3, false, true, None),
    ("1862", Side::Csa, "little_rock", &[], 1, false, false, None),
    ("1862", Side::Csa, "pensacola", &[], 1, false, false, None),
    ("1862", Side::Csa, "savannah", &[], 1, false, false, None),
    ("1862", Side::Csa, "new_madrid", &[], 1, true, true, None),
    ("1862", Side::Csa, "corinth", &["as_johnston", "polk", "beauregard", "bragg"], 5, false, false, Some("army_of_tennessee")),
    ("1862", Side::Csa, "wilmington_nc", &[], 1, false, false, None),
    ("1862", Side::Csa, "fort_sumter", &["pemberton"], 1, false, false, None),
    ("1862", Side::Csa, "chattanooga", &[], 1, false, false, None),
    ("1862", Side::Csa, "knoxville", &["smith"], 1, false, false, None),
    ("1862", Side::Csa, "strasburg", &[], 1, false, false, None),
    ("1862", Side::Csa, "fredericksburg", &["j_johnston", "stuart"], 6, false, false, Some("army_of_northern_virginia")),
    ("1862", Side::Csa, "richmond", &[], 2, true, false, None),
    ("1862", Side::Csa, "williamsburg", &[], 1, false, false, None),
    // 1862 Union setup (rule 14.2)
    ("1862", Side::Union, "washington", &[], 3, true, false, None),
    ("1862", Side::Union, "fort_pickens", &[], 0, false, true, None),
    ("1862", Side::Union, "fort_pulaski", &[], 1, false, true, None),
    ("1862", Side::Union, "springfield_il", &[], 2, false, false, None),
    ("1862", Side::Union, "cairo", &["pope"], 3, false, false, None),
    ("1862", Side::Union, "somerset", &[], 1, false, false, None),
    ("1862", Side::Union, "annapolis", &["butler"], 3, false, false, None),
    ("1862", Side::Union, "st_louis", &[], 1, false, false, None),
    ("1862", Side::Union, "pittsburg_landing", &["halleck"], 5, false, true, Some("army_of_the_tennessee")),
    ("1862", Side::Union, "nashville", &["buell", "rosecrans"], 4, false, true, Some("army_of_the_cumberland")),
    ("1862", Side::Union, "dover_tn", &[], 0, false, true, None),
    ("1862", Side::Union, "winchester", &["banks"], 3, false, true, None),
    ("1862", Side::Union, "harpers_ferry", &[], 0, false, true, None),
    ("1862", Side::Union, "manassas", &["mcclellan", "mcdowell", "burnside"], 13, false, false, Some("army_of_the_potomac")),
    ("1862", Side::Union, "fort_monroe", &[], 1, false, true, None),
    ("1862", Side::Union, "lewisburg", &["fremont"], 2, false, false, None),
    // 1863 Confederate setup (rule 15.1)
    ("1863", Side::Csa, "little_rock", &["price"], 1, false, false, None),
    ("1863", Side::Csa, "mobile", &["j_johnston"], 1, false, false, None),
    ("1863", Side::Csa, "pensacola", &[], 1, false, false, None),
    ("1863", Side::Csa, "savannah", &[], 1, false, false, None),
    ("1863", Side::Csa, "shreveport", &["smith"], 1, false, false, None),
    ("1863", Side::Csa, "port_hudson", &[], 2, true, false, None),
    ("1863", Side::Csa, "vicksburg", &["pemberton"], 5, true, false, Some("army_of_mississippi")),
    ("1863", Side::Csa, "jackson_ms", &[], 1, false, false, None),
    ("1863", Side::Csa, "tupelo", &[], 1, false, false, None),
    ("1863", Side::Csa, "fayetteville_nc", &[], 2, false, false, None),
    ("1863", Side::Csa, "wilmington_nc", &[], 2, false, false, None),
    ("1863", Side::Csa, "charleston_sc", &["beauregard"], 2, false, false, None),
    ("1863", Side::Csa, "fort_sumter", &[], 1, false, false, None),
    ("1863", Side::Csa, "shelbyville", &["forrest"], 1, false, false, None),
    ("1863", Side::Csa, "tullahoma", &["bragg", "polk", "wheeler"], 7, false, false, Some("army_of_tennessee")),
    ("1863", Side::Csa, "mcminnville", &["morgan"], 1, false, false, None),
    ("1863", Side::Csa, "chattanooga", &[], 1, false, false, None),
    ("1863", Side::Csa, "knoxville", &[], 2, false, false, None),
    ("1863", Side::Csa, "sabine_city", &[], 1, false, false, None),
    ("1863", Side::Csa, "fredericksburg", &["lee", "jackson", "stuart"], 12, false, false, Some("army_of_northern_virginia")),
    ("1863", Side::Csa, "richmond", &[], 3, true, false, None),
    ("1863", Side::Csa, "petersburg", &["longstreet"], 2, false, false, None),
    // 1863 Union setup (rule 15.2)
    ("1863", Side::Union, "washington", &["halleck", "butler"], 8, true, false, None),
    ("1863", Side::Union, "harpers_ferry", &[], 0, false, true, None),
    ("1863", Side::Union, "winchester", &[], 0, false, true, None),
    ("1863", Side::Union, "fort_pickens", &[], 0, false, true, None),
    ("1863", Side::Union, "forts_st_philip_jackson", &[], 0, false, true, None),
    ("1863", Side::Union, "jacksonville_fl", &[], 1, false, true, None),
    ("1863", Side::Union, "fort_gadson", &[], 0, false, true, None),
    ("1863", Side::Union, "brunswick", &[], 1, false, true, None),
    ("1863", Side::Union, "fort_pulaski", &[], 1, false, true, None),
    ("1863", Side::Union, "cairo", &[], 2, false, false, None),
    ("1863", Side::Union, "louisville", &[], 1, false, false, None),
    ("1863", Side::Union, "somerset", &["burnside"], 5, false, false, None),
    ("1863", Side::Union, "baton_rouge", &["banks"], 3, false, true, None),
    ("1863", Side::Union, "new_orleans", &[], 1, false, true, None),
    ("1863", Side::Union, "baltimore", &[], 2, false, false, None),
    ("1863", Side::Union, "springfield_mo", &["curtis"], 5, false, true, Some("army_of_the_missouri")),
    ("1863", Side::Union, "st_louis", &[], 1, false, true, None),
    ("1863", Side::Union, "corinth", &[], 2, true, true, None),
    ("1863", Side::Union, "new_bern", &[], 2, false, true, None),
    ("1863", Side::Union, "morehead_city", &[], 1, false, true, None),
    ("1863", Side::Union, "memphis", &[], 6, false, true, None),
    ("1863", Side::Union, "mckenzie", &[], 0, false, true, None),
    ("1863", Side::Union, "humboldt", &[], 0, false, true, None),
    ("1863", Side::Union, "grand_junction", &[], 0, false, true, None),
    ("1863", Side::Union, "lexington_tn", &[], 0, false, true, None),
    ("1863", Side::Union, "pittsburg_landing", &[], 0, false, true, None),
    ("1863", Side::Union, "nashville", &[], 4, true, true, None),
    ("1863", Side::Union, "murfreesboro", &["rosecrans", "mcdowell"], 12, false, true, Some("army_of_the_cumberland")),
    ("1863", Side::Union, "dover_tn", &[], 0, false, true, None),
    ("1863", Side::Union, "franklin_tn", &[], 0, false, true, None),
    ("1863", Side::Union, "clarksville_tn", &[], 0, false, true, None),
    ("1863", Side::Union, "waynesboro", &[], 0, false, true, None),
    ("1863", Side::Union, "columbia_tn", &[], 0, false, true, None),
    ("1863", Side::Union, "manassas", &["hooker", "pleasonton", "stoneman"], 15, false, true, Some("army_of_the_potomac")),
    ("1863", Side::Union, "fort_monroe", &[], 2, false, true, None),
    ("1863", Side::Union, "norfolk", &[], 2, false, true, None),
    ("1863", Side::Union, "parkersburg", &[], 1, false, false, None),
    ("1863", Side::Union, "charleston_wv", &[], 1, false, false, None),
    ("1863", Side::Union, "grafton", &["fremont"], 1, false, false, None),
    // 1864 Confederate setup (rule 16.1)
    ("1864", Side::Csa, "demopolis", &["polk"], 3, false, false, None),
    ("1864", Side::Csa, "mobile", &[], 1, true, false, None),
    ("1864", Side::Csa, "camden_ar", &["price"], 3, false, false, None),
    ("1864", Side::Csa, "pensacola", &[], 1, false, false, None),
    ("1864", Side::Csa, "baldwin", &[], 1, false, false, None),
    ("1864", Side::Csa, "atlanta", &[], 1, true, false, None),
    ("1864", Side::Csa, "savannah", &[], 1, true, false, None),
    ("1864", Side::Csa, "dalton", &["j_johnston", "hood", "wheeler"], 9, false, false, Some("army_of_tennessee")),
    ("1864", Side::Csa, "shreveport", &["smith"], 1, false, false, None),
    ("1864", Side::Csa, "alexandria", &[], 1, false, false, None),
    ("1864", Side::Csa, "gainesville_jct", &["forrest"], 1, false, false, None),
    ("1864", Side::Csa, "wilmington_nc", &[], 1, false, false, None),
    ("1864", Side::Csa, "weldon", &[], 1, false, false, None),
    ("1864", Side::Csa, "goldsboro", &[], 1, false, false, None),
    ("1864", Side::Csa, "charleston_sc", &[], 3, false, false, None),
    ("1864", Side::Csa, "rodgersville", &["longstreet", "morgan"], 3, false, false, None),
    ("1864", Side::Csa, "nacogdoches", &[], 1, false, false, None),
    ("1864", Side::Csa, "strasburg", &[], 1, false, false, None),
    ("1864", Side::Csa, "wilderness", &["lee", "ewell", "hill", "stuart"], 12, false, false, Some("army_of_northern_virginia")),
    ("1864", Side::Csa, "richmond", &[], 2, true, false, None),
    ("1864", Side::Csa, "petersburg", &["beauregard"], 1, true, false, None),
    // 1864 Union setup (rule 16.2)
    ("1864", Side::Union, "washington", &["halleck"], 4, true, false, None),
    ("1864", Side::Union, "little_rock", &["curtis"], 5, false, true, Some("army_of_the_missouri")),
    ("1864", Side::Union, "arkansas_post", &[], 1, false, true, None),
    ("1864", Side::Union, "clarksville_ar", &[], 0, false, true, None),
    ("1864", Side::Union, "fayetteville_ar", &[], 0, false, true, None),
    ("1864", Side::Union, "decatur", &[], 1, false, true, None),
    ("1864", Side::Union, "fort_pickens", &[], 1, false, true, None),
    ("1864", Side::Union, "fort_gadson", &[], 0, false, true, None),
    ("1864", Side::Union, "tallahassee", &[], 1, false, true, None),
    ("1864", Side::Union, "st_marks", &[], 0, false, true, None),
    ("1864", Side::Union, "jacksonville_fl", &[], 1, false, true, None),
    ("1864", Side::Union, "brunswick", &[], 1, false, true, None),
    ("1864", Side::Union, "fort_pulaski", &[], 1, false, true, None),
    ("1864", Side::Union, "cairo", &[], 1, false, false, None),
    ("1864", Side::Union, "lexington_ky", &[], 1, false, false, None),
    ("1864", Side::Union, "somerset", &[], 1, false, false, None),
    ("1864", Side::Union, "new_orleans", &[], 1, false, true, None),
    ("1864", Side::Union, "port_hudson", &["banks"], 5, false, true, None),
    ("1864", Side::Union, "baton_rouge", &[], 0, true, true, None),
    ("1864", Side::Union, "baltimore", &[], 3, false, false, None),
    ("1864", Side::Union, "springfield_mo", &[], 1, false, true, None),
    ("1864", Side::Union, "st_louis", &["rosecrans", "pleasonton"], 3, false, true, None),
    ("1864", Side::Union, "grand_gulf", &[], 0, false, true, None),
    ("1864", Side::Union, "forest", &[], 0, false, true, None),
    ("1864", Side::Union, "meridian", &[], 0, false, true, None),
    ("1864", Side::Union, "jackson_ms", &[], 0, false, true, None),
    ("1864", Side::Union, "vicksburg", &[], 4, true, true, None),
    ("1864", Side::Union, "corinth", &[], 1, true, true, None),
    ("1864", Side::Union, "new_bern", &[], 1, false, true, None),
    ("1864", Side::Union, "morehead_city", &[], 1, false, true, None),
    ("1864", Side::Union, "knoxville", &["mcdowell"], 4, false, true, None),
    ("1864", Side::Union, "memphis", &[], 1, false, true, None),
    ("1864", Side::Union, "cleveland_tn", &[], 1, false, true, None),
    ("1864", Side::Union, "dover_tn", &[], 1, false, false, None),
    ("1864", Side::Union, "humboldt", &[], 0, false, true, None),
    ("1864", Side::Union, "grand_junction", &[], 0, false, true, None),
    ("1864", Side::Union, "lexington_tn", &[], 0, false, true, None),
    ("1864", Side::Union, "pittsburg_landing", &[], 0, false, true, None),
    ("1864", Side::Union, "franklin_tn", &[], 0, false, true, None),
    ("1864", Side::Union, "clarksville_tn", &[], 0, false, true, None),
    ("1864", Side::Union, "waynesboro", &[], 0, false, true, None),
    ("1864", Side::Union, "columbia_tn", &[], 0, false, true, None),
    ("1864", Side::Union, "mckenzie", &[], 0, false, true, None),
    ("1864", Side::Union, "shelbyville", &[], 0, false, true, None),
    ("1864", Side::Union, "nashville", &[], 4, true, true, None),
    ("1864", Side::Union, "murfreesboro", &[], 2, false, true, None),
    ("1864", Side::Union, "tullahoma", &[], 2, false, true, None),
    ("1864", Side::Union, "chattanooga", &["sherman", "hooker", "schofield", "stoneman", "mcpherson"], 15, false, true, Some("army_of_the_cumberland")),
    ("1864", Side::Union, "sabine_city", &[], 1, false, true, None),
    ("1864", Side::Union, "winchester", &[], 0, false, true, None),
    ("1864", Side::Union, "manassas", &["grant", "meade", "burnside", "hancock"], 15, false, true, Some("army_of_the_potomac")),
    ("1864", Side::Union, "fort_monroe", &["butler"], 7, false, true, Some("army_of_the_tennessee")),
    ("1864", Side::Union, "harpers_ferry", &[], 1, false, true, None),
    ("1864", Side::Union, "norfolk", &[], 2, false, true, None),
    ("1864", Side::Union, "grafton", &["fremont"], 1, false, false, None),
];

#[test]
fn every_setup_row_resolves_and_matches() {
    let c = content();
    let es = spanish(c);
    let mut per_table: std::collections::HashMap<(&str, Side), usize> = std::collections::HashMap::new();
    for &(scn, side, space, gens, sp, fort, pc, army) in SETUP_ROWS {
        *per_table.entry((scn, side)).or_default() += 1;
        let sc = c.scenario(scn).unwrap_or_else(|| panic!("scenario {scn}"));
        let space_id = sid(c, space);
        let want_gens: Vec<GeneralId> = gens.iter().map(|g| c.general(g).unwrap_or_else(|| panic!("{scn}: no general `{g}`"))).collect();
        let army = army.map(|a| c.army(a).unwrap_or_else(|| panic!("{scn}: no army `{a}`")));
        let rows: Vec<&SetupRow> = sc.setup.iter().filter(|r| r.side == side && r.space == space_id && r.edition.is_none_or(|e| e == es)).collect();
        assert_eq!(rows.len(), 1, "{scn} {side:?} {space}: one row");
        let r = rows[0];
        assert_eq!((&r.generals, r.sp, r.fort, r.pc, r.army), (&want_gens, sp, fort, pc, army), "{scn} {side:?} {space}");
    }
    // And no row beyond the tables.
    for sc in c.scenarios.iter().filter(|s| s.id != "campaign") {
        for side in [Side::Union, Side::Csa] {
            let n = sc.setup.iter().filter(|r| r.side == side && r.edition.is_none_or(|e| e == es)).count();
            assert_eq!(Some(&n), per_table.get(&(sc.id.as_str(), side)), "{} {side:?}: rows in the table", sc.id);
        }
    }
}

#[test]
fn removed_card_lists_are_the_rulebooks_fpt_14_4_15_4_16_4() {
    // Checked against the Spanish rulebook (ES 14.4, 15.4, 16.4).
    let c = content();
    let lists = |id: &str| {
        let sc = c.scenario(id).unwrap();
        (sc.removed_cards.clone(), sc.removed_cards_italian.clone())
    };
    let it: Vec<u8> = vec![24, 26, 29, 42, 43, 44, 47, 48, 52, 91];
    assert_eq!(lists("1862"), (vec![24, 26, 29, 42, 43, 44, 47, 48, 52, 68, 90, 91], it.clone()), "14.4: IT lacks 68 and 90");
    let it63: Vec<u8> = vec![24, 26, 29, 42, 43, 44, 47, 48, 52, 76, 81, 91];
    assert_eq!(lists("1863"), (vec![24, 26, 29, 31, 42, 43, 44, 47, 48, 52, 68, 76, 81, 90, 91, 116], it63.clone()), "15.4");
    assert_eq!(lists("1864"), (vec![24, 26, 29, 31, 42, 43, 44, 47, 48, 52, 68, 76, 81, 90, 91, 110], it63), "16.4: ES keeps 116, removes 110");
    for id in ["1861", "campaign"] {
        assert_eq!(lists(id), (vec![], vec![]), "{id}: the full deck (4.1)");
    }
}

#[test]
fn every_coastal_port_lies_in_a_blockade_zone_fpt_10_5_1() {
    let c = content();
    assert_eq!(c.seas.len(), 4, "four blockade zones");
    for s in c.map.ids() {
        let d = c.map.space(s);
        if d.port == Some(PortKind::Coastal) {
            assert!(d.sea.is_some(), "coastal port {} has no sea zone", c.map.name(s));
        }
        if d.br {
            assert_eq!(d.port, Some(PortKind::Coastal), "blockade-runner port {} is a coastal port (10.5.2)", c.map.name(s));
        }
    }
    // Every zone has at least one coastal port (the sea lanes join the ports of a zone).
    for (z, sea) in c.seas.iter().enumerate() {
        assert!(c.map.ids().any(|s| c.map.space(s).sea == Some(z as SeaId)), "{}", sea.id);
    }
}

#[test]
fn italian_setups_differ_only_in_pcs() {
    // The Italian tables list the same SP and generals; they differ only in PCs
    // (1863: no Harper's Ferry / Winchester PCs; the IT-only Tullahoma PC is an IT error).
    let c = content();
    for id in ["1861", "1862", "1863", "1864", "campaign"] {
        let (es, it) = (counts(id, spanish(c)), counts(id, italian(c)));
        assert_eq!((es.0, es.1), (it.0, it.1), "{id}: SP and generals per side");
    }
}

#[test]
fn scenario_1861_victory_and_options_fpt_13_2() {
    let c = content();
    let sc = c.scenario("1861").unwrap();
    match &sc.victory[0].kind {
        VictoryKind::ControlOrSw { union_states, union_if_csa_sw_below, csa_states, csa_if_union_sw_below } => {
            assert_eq!(union_states.len(), 3);
            assert_eq!(csa_states.len(), 2);
            assert_eq!((*union_if_csa_sw_below, *csa_if_union_sw_below), (80, 85));
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(sc.options[0].values[0], "draw", "the usual reading is the default");
    assert!(c.options.iter().any(|o| o.key == "edition" && o.values == ["spanish", "italian"]));
}

// ---------------------------------------------------------------------------------------------
// Diagnostics on broken content (a temporary mod layer over the built-in content)

#[test]
fn misspelt_space_in_a_mod_scenario_points_at_file_line_col() {
    let text = std::fs::read_to_string(builtin().join(DIR).join("scenarios/1862.toml")).unwrap();
    let bad = text.replacen("space = \"fredericksburg\"", "space = \"fredricksburg\"", 1);
    assert_ne!(bad, text);
    let (line, col) = bad.lines().enumerate().find_map(|(i, l)| l.find("\"fredricksburg\"").map(|c| (i + 1, c + 1))).unwrap();
    let (_g, layers) = mod_layer("misspelt", &[("scenarios/1862.toml", &bad)]);
    let err = load_content(&layers).expect_err("the misspelt space must be reported");
    assert_eq!(err.0.len(), 1, "{err}");
    let d = &err.0[0];
    assert!(d.file.contains("bivouac-ftp-") && d.file.ends_with("scenarios/1862.toml"), "the mod's file is named: {d}");
    assert_eq!((d.line, d.col), (line, col), "{d}");
    assert_eq!(d.found, "\"fredricksburg\"");
    assert!(d.message.contains("unknown space id from map.toml `fredricksburg`"), "{d}");
    assert!(d.message.contains("`fredericksburg`"), "nearest valid id suggested: {d}");
}

#[test]
fn mod_layer_overrides_and_adds_records_by_id() {
    let map = "space = [\n  { id = \"harpers_ferry\", name = \"Harpers Ferry (mod)\", state = \"va\", lon = -77.74, lat = 39.33, rules = true },\n  { id = \"martinsburg\", name = \"Martinsburg\", state = \"va\", lon = -77.96, lat = 39.46 },\n]\nlink = [\n  { a = \"martinsburg\", b = \"harpers_ferry\", kind = \"road\" },\n]\n";
    let (_g, layers) = mod_layer("override", &[("map.toml", map)]);
    let c = load_content(&layers).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.map.space(sid(&c, "harpers_ferry")).name, "Harpers Ferry (mod)");
    assert_eq!(c.map.len(), content().map.len() + 1);
    assert!(c.map.connected(sid(&c, "martinsburg"), sid(&c, "harpers_ferry")));
}

#[test]
fn broken_map_mods_are_reported() {
    // An unreachable threshold, a misspelt state, a bar away from the link and an isolated space.
    let map = "state = [\n  { id = \"tx\", abbr = \"TX\", name = \"Texas\", side = \"csa\", sw = 7, control = 30 },\n]\nspace = [\n  { id = \"el_paso\", name = \"El Paso\", state = \"txx\", lon = -96.5, lat = 31.8 },\n]\nlink = [\n  { a = \"houston\", b = \"galveston\", kind = \"road\", bar = \"cairo\", river = \"M\" },\n]\n";
    let (_g, layers) = mod_layer("broken-map", &[("map.toml", map)]);
    let err = load_content(&layers).expect_err("broken map");
    let all = err.to_string();
    assert!(all.contains("unknown state id") && all.contains("`tx`"), "{all}");
    assert!(all.contains("a blue bar must be at one end of its link"), "{all}");
    // Map-wide checks run once references resolve: fix the state and see the others.
    let map2 = map.replace("\"txx\"", "\"tx\"").replace(", bar = \"cairo\", river = \"M\"", "");
    let (_g2, layers2) = mod_layer("broken-map-2", &[("map.toml", &map2)]);
    let all = load_content(&layers2).expect_err("broken map").to_string();
    assert!(all.contains("state `tx` needs 30 controlled spaces but has only"), "{all}");
    assert!(all.contains("the map is not connected") && all.contains("el_paso"), "{all}");
}

#[test]
fn broken_game_and_card_mods_are_reported() {
    let game = "[roster]\ngeneral = [\n  { id = \"custer\", name = \"Custer\", side = \"union\", strategy = 4, offense = 2, defense = 1, political = 1, cavalry = true, arrives = 9 },\n]\n";
    let cards = "[[card]]\nnumber = 5\ntitle = \"Dysentery\"\ntitle_es = \"Disenteria\"\nops = 7\nevent = \"both\"\neditions = [\"spansh\"]\nscript = \"events/005.lua\"\n";
    let (_g, layers) = mod_layer("broken-game", &[("game.toml", game), ("cards.toml", cards)]);
    let err = load_content(&layers).expect_err("broken mod");
    let all = err.to_string();
    assert!(all.contains("strategy rating 4 out of range"), "{all}");
    assert!(all.contains("OP value 7 out of range"), "{all}");
    assert!(all.contains("unknown edition id") && all.contains("`spanish`"), "{all}");
    assert!(err.0.iter().all(|d| d.line > 0 && d.col > 0));
}

/// The position (1-based line, column) of the first `needle` in `text`.
fn line_col(text: &str, needle: &str) -> (usize, usize) {
    text.lines().enumerate().find_map(|(i, l)| l.find(needle).map(|c| (i + 1, c + 1))).unwrap_or_else(|| panic!("no {needle}"))
}

/// An edition's string-valued settings (`fort_return`, `naval_retreat` ...) are
/// closed sets typed at load: a misspelt value is reported at its file:line:col with the allowed
/// values, never read silently as the Spanish default.
#[test]
fn misspelt_edition_settings_point_at_file_line_col_with_the_allowed_values() {
    let text = std::fs::read_to_string(builtin().join(DIR).join("game.toml")).unwrap();
    let bad = text.replacen("fort_return = \"turn_track\"", "fort_return = \"turn_trak\"", 1).replacen("naval_retreat = \"italian\"", "naval_retreat = \"italain\"", 1);
    let (_g, layers) = mod_layer("misspelt-edition", &[("game.toml", &bad)]);
    let err = load_content(&layers).expect_err("the misspelt settings must be reported");
    assert_eq!(err.0.len(), 2, "{err}");
    let (d, e) = (&err.0[0], &err.0[1]);
    assert!(d.file.contains("bivouac-ftp-") && d.file.ends_with("game.toml"), "the mod's file is named: {d}");
    assert_eq!((d.line, d.col), line_col(&bad, "\"turn_trak\""), "{d}");
    assert_eq!(d.found, "\"turn_trak\"");
    assert!(d.message.contains("`fort_return`") && d.message.contains("`turn_trak`") && d.message.contains("`turn_track`") && d.message.contains("`immediate`"), "{d}");
    assert_eq!((e.line, e.col), line_col(&bad, "\"italain\""), "{e}");
    assert!(e.message.contains("`naval_retreat`") && e.message.contains("`union_state_port_priority_1`") && e.message.contains("`italian`"), "{e}");
}

/// The `edition` scenario option offers edition ids only (a value naming no
/// edition would silently play the Spanish one).
#[test]
fn edition_option_values_must_be_edition_ids() {
    let game = "[[option]]\nkey = \"edition\"\ndescription = \"Rulebook edition\"\nvalues = [\"spanish\", \"english\"]\n";
    let (_g, layers) = mod_layer("edition-option", &[("game.toml", game)]);
    let err = load_content(&layers).expect_err("an edition option value naming no edition");
    assert_eq!(err.0.len(), 1, "{err}");
    let d = &err.0[0];
    assert_eq!((d.line, d.col), (2, 7), "{d}");
    assert!(d.message.contains("`english`") && d.message.contains("spanish, italian"), "{d}");
}

/// FtP 4.2.3: `no_voluntary_discard` names a side or both; a misspelt one is reported at its
/// file:line:col with the allowed values (it would otherwise let both sides discard the card).
#[test]
fn misspelt_no_voluntary_discard_is_reported_with_the_allowed_values() {
    let text = std::fs::read_to_string(builtin().join(DIR).join("cards.toml")).unwrap();
    let bad = text.replacen("no_voluntary_discard = \"union\"", "no_voluntary_discard = \"unoin\"", 1);
    assert_ne!(bad, text);
    let (_g, layers) = mod_layer("misspelt-discard", &[("cards.toml", &bad)]);
    let err = load_content(&layers).expect_err("the misspelt side must be reported");
    let d = &err.0[0];
    assert_eq!((d.line, d.col), line_col(&bad, "\"unoin\""), "{d}");
    assert!(["`unoin`", "`union`", "`csa`", "`both`"].iter().all(|w| d.message.contains(w)), "{d}");
}

/// FtP 15: a scenario's special rule ids are a closed set: a misspelt id is reported with the
/// known ids (a misspelt rule would otherwise be silently off).
#[test]
fn misspelt_special_rule_id_is_reported_with_the_known_ids() {
    let text = std::fs::read_to_string(builtin().join(DIR).join("scenarios/1863.toml")).unwrap();
    let bad = text.replacen("\"no-union-naval-first-turn\"", "\"no-union-navy-first-turn\"", 1);
    assert_ne!(bad, text);
    let (_g, layers) = mod_layer("misspelt-special-rule", &[("scenarios/1863.toml", &bad)]);
    let err = load_content(&layers).expect_err("the misspelt id must be reported");
    assert_eq!(err.0.len(), 1, "{err}");
    let d = &err.0[0];
    assert_eq!((d.line, d.col), line_col(&bad, "\"no-union-navy-first-turn\""), "{d}");
    for id in ["no-union-naval-first-turn", "no-reorganization-first-turn", "blockade-obligation", "first-campaign-card-one-activation-per-state"] {
        assert!(d.message.contains(&format!("`{id}`")), "{id}: {d}");
    }
}

#[test]
fn scenario_consistency_is_checked() {
    // Grant set up in 1862 before his arrival, and a CSA general in a Union row.
    let text = std::fs::read_to_string(builtin().join(DIR).join("scenarios/1862.toml")).unwrap();
    let bad = text.replacen("generals = [\"pope\"]", "generals = [\"grant\"]", 1).replacen("generals = [\"banks\"]", "generals = [\"banks\", \"lee\"]", 1);
    let (_g, layers) = mod_layer("bad-setup", &[("scenarios/1862.toml", &bad)]);
    let all = load_content(&layers).expect_err("inconsistent setup").to_string();
    assert!(all.contains("general `lee` is Csa, not Union"), "{all}");
    let bad = text.replacen("generals = [\"pope\"]", "generals = [\"grant\"]", 1);
    let (_g, layers) = mod_layer("bad-setup-2", &[("scenarios/1862.toml", &bad)]);
    let all = load_content(&layers).expect_err("inconsistent setup").to_string();
    assert!(all.contains("general `grant` is set up in turn 4 but arrives in turn Some(7)"), "{all}");
    assert!(all.contains("general `pope` arrived in turn Some(2) but is neither set up nor eliminated"), "{all}");
}

/// The rules read an edition's typed settings, never its id. A mod swaps the two
/// editions' settings of 8.4 (Shenandoah standard or optional), FtP 19 (rail logistics) and the
/// scenarios' lists of removed cards (15.4), and lists `italian` first in the `edition` option:
/// each edition then plays by its new settings, and the Italian one is the default.
#[test]
fn editions_play_by_their_settings_not_their_names() {
    let text = std::fs::read_to_string(builtin().join(DIR).join("game.toml")).unwrap();
    let block = |id: &str| {
        let start = text.find(&format!("[[edition]]\nid = \"{id}\"")).expect("the edition");
        text[start..start + text[start..].find("\n\n").expect("its end")].to_string()
    };
    let spanish = block("spanish")
        .replace("shenandoah_standard = true", "shenandoah_standard = false")
        .replace("rail_logistics = true", "rail_logistics = false")
        .replace("scenario_removed_cards = \"removed_cards\"", "scenario_removed_cards = \"removed_cards_italian\"");
    let italian = block("italian").replace("shenandoah_standard = false", "shenandoah_standard = true").replace("rail_logistics = false", "rail_logistics = true");
    let game = format!("{spanish}\n\n{italian}\n\n[[option]]\nkey = \"edition\"\ndescription = \"Rulebook edition\"\nvalues = [\"italian\", \"spanish\"]\n");
    let (_g, layers) = mod_layer("edition-settings", &[("game.toml", &game)]);
    let c = load_content(&layers).unwrap_or_else(|e| panic!("{e}"));
    let (es, it) = (c.edition("spanish").unwrap(), c.edition("italian").unwrap());
    assert_eq!(c.default_edition(), it, "the option's first value");
    let sc = c.scenario("1863").unwrap().clone();
    // FtP 15.4: card 31 is on the Spanish list only.
    assert!(c.deck(&sc, es).contains(&31), "the Spanish edition now uses the Italian list");
    let g = super::FtP::new(c).unwrap_or_else(|e| panic!("{e}"));
    let sc = g.c.scenario("1863").unwrap();
    let mut s = bivouac_engine::game::Setup::new("1863", 2, 1);
    let (ed, opts) = g.parse_side_option(&s, sc).expect("setup");
    assert_eq!((ed, opts.shenandoah), (it, true), "FtP 8.4 now standard in the default (Italian) edition");
    s.options.insert("var-rail-logistics".into(), "on".into());
    assert!(g.parse_side_option(&s, sc).expect("FtP 19 now in the Italian edition").1.rail_logistics);
    s.options.insert("edition".into(), "spanish".into());
    assert_eq!(g.parse_side_option(&s, sc).expect_err("no FtP 19 in this edition").rule, "FtP 19");
    s.options.remove("var-rail-logistics");
    let (ed, opts) = g.parse_side_option(&s, sc).expect("setup");
    assert_eq!((ed, opts.shenandoah), (es, false), "FtP 8.4 now optional in the Spanish edition");
}

/// The new typed edition settings are closed sets with file:line:col diagnostics.
#[test]
fn misspelt_scenario_removed_cards_is_reported_at_file_line_col() {
    let text = std::fs::read_to_string(builtin().join(DIR).join("game.toml")).unwrap();
    let bad = text.replacen("scenario_removed_cards = \"removed_cards\"", "scenario_removed_cards = \"removed\"", 1);
    let (_g, layers) = mod_layer("misspelt-removed", &[("game.toml", &bad)]);
    let err = load_content(&layers).expect_err("reported");
    assert_eq!(err.0.len(), 1, "{err}");
    let d = &err.0[0];
    assert_eq!((d.line, d.col), line_col(&bad, "\"removed\""), "{d}");
    assert!(d.message.contains("`scenario_removed_cards`") && d.message.contains("`removed_cards_italian`"), "{d}");
}

/// The card texts are not in the rulebooks: every event reconstructed from the card's title or
/// from what the rules say of it is marked in cards.toml (`reconstructed`), in agreement with the
/// script's own RECONSTRUCTED comment, and its face (the app's hand, `bivouac show`) says so
/// and gives the text the script implements.
#[test]
fn reconstructed_card_events_are_marked_in_the_data_and_on_the_face() {
    use bivouac_engine::game::{Game, Setup};
    let c = content();
    let mut titles = std::collections::BTreeSet::new();
    for d in &c.cards {
        let Ok(src) = std::fs::read_to_string(builtin().join(DIR).join(&d.script)) else {
            assert!(d.reconstructed.is_none(), "#{}: marked reconstructed but has no script", d.number);
            continue;
        };
        let from_title = src.contains("from the title") || src.contains("from its title") || src.contains("from the titles");
        let want = if from_title {
            Some(Reconstructed::Title)
        } else if src.contains("RECONSTRUCTED") {
            Some(Reconstructed::Rules)
        } else {
            None
        };
        assert_eq!(d.reconstructed, want, "#{} {}: cards.toml `reconstructed` vs {}", d.number, d.title, d.script);
        if want == Some(Reconstructed::Title) {
            titles.insert(d.script.clone());
        }
    }
    assert_eq!(titles.len(), 58, "58 event scripts are reconstructed from the card's title");
    // The face: #1 Empty Haversacks (from its title), #3 Forward to Richmond (the rules' own).
    let g = super::play_tests::game();
    let c = &g.c;
    let mut st = g.setup(&Setup::new("1861", 2, 1)).unwrap();
    for n in [1u16, 3] {
        let c = bivouac_engine::piles::CardId(n - 1);
        let from = st.piles.find(c).unwrap();
        st.piles.move_card(c, from, super::state::HAND[0]).unwrap();
    }
    let faces = g.board(&st, Some(0)).cards;
    let face = |title: &str| faces.iter().find(|f| f.title == title).unwrap_or_else(|| panic!("no face {title}")).text.clone();
    let one = face("Empty Haversacks");
    let text = &c.events.decl(1).expect("#1 has an event").text;
    assert!(one.contains("RECONSTRUCTED event") && one.contains("card's title") && one.contains(text.as_str()), "{one}");
    assert!(!face("Forward to Richmond!").contains("RECONSTRUCTED"));
    let shown = g.describe(&st, Some(0));
    assert!(shown.contains("#1 Empty Haversacks (1): RECONSTRUCTED event"), "{shown}");
}
