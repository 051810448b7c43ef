//! Bobby Lee's map against real geography (BL 1: the rulebook prints no map; the map is built
//! by systems/src/bobby_lee/tools/gen_map.py from public-domain data): the tool rebuilds the
//! shipped map byte for byte; towns lie on their true banks; the rulebook's map clarifications
//! hold.

use super::*;
use std::collections::{HashSet, VecDeque};
use std::path::Path;

/// A fact of real geography: between places `a` and `b`, every road crosses one of `rivers`
/// (`true`), or there is a road crossing none of them (`false`).
struct Fact {
    a: &'static str,
    b: &'static str,
    rivers: &'static [&'static str],
    separated: bool,
    source: &'static str,
}

const fn f(a: &'static str, b: &'static str, rivers: &'static [&'static str], separated: bool, source: &'static str) -> Fact {
    Fact { a, b, rivers, separated, source }
}

/// River banks and crossings of the 1861-65 theatre (today's geography, the same at this scale).
/// Where two rivers meet near a town the map has one feature per hexside, so a fact names both.
const FACTS: &[Fact] = &[
    f("fredericksburg", "aquia-landing", &["Rappahannock"], true, "Fredericksburg is on the south bank of the Rappahannock; Aquia Landing and Falmouth on the north (Stafford) side"),
    f("fredericksburg", "spotsylvania", &["Rappahannock"], false, "Spotsylvania Court House is south of the Rappahannock, like Fredericksburg"),
    f("fredericksburg", "chancellorsville", &["Rappahannock"], false, "Chancellorsville is south of the Rappahannock, west of Fredericksburg (Lee's 1863 line faced Hooker across it)"),
    f("port-royal", "fredericksburg", &["Rappahannock"], false, "Port Royal is on the south bank of the Rappahannock (Caroline County)"),
    f("tappahannock", "port-royal", &["Rappahannock"], false, "Tappahannock is on the south bank of the Rappahannock (Essex County)"),
    f("warrenton", "culpeper", &["Rappahannock"], true, "the upper Rappahannock separates Fauquier (Warrenton) from Culpeper (Rappahannock Station, 1863)"),
    f("culpeper", "orange", &["Rapidan"], true, "the Rapidan separates Culpeper from Orange County"),
    f("chancellorsville", "culpeper", &["Rapidan", "Rappahannock"], true, "Chancellorsville lies south of the Rapidan and the Rappahannock (Germanna and Ely's Fords, 1864)"),
    f("gordonsville", "orange", &["Rapidan"], false, "Orange and Gordonsville are both south of the Rapidan"),
    f("yorktown", "williamsburg", &["York"], false, "Yorktown is on the south bank of the York, on the Peninsula with Williamsburg; Gloucester Point faces it"),
    f("yorktown", "west-point", &["York"], false, "West Point stands at the head of the York, reached from Yorktown along its south bank"),
    f("white-house", "fair-oaks", &["Pamunkey"], false, "White House Landing is on the south bank of the Pamunkey (New Kent County)"),
    f("white-house", "fair-oaks", &["Chickahominy", "Pamunkey"], true, "Fair Oaks is south of the Chickahominy, White House north of it (McClellan's army astride it, 1862)"),
    f("richmond", "petersburg", &["James"], true, "Richmond is on the north bank of the James, Petersburg south of it"),
    f("richmond", "petersburg", &["Appomattox", "James"], true, "Petersburg is on the south bank of the Appomattox"),
    f("petersburg", "city-point", &["Appomattox"], false, "City Point is south of the Appomattox at its mouth, on the same bank as Petersburg (the City Point Railroad)"),
    f("richmond", "fair-oaks", &["James"], false, "Fair Oaks (Seven Pines) is north of the James, east of Richmond"),
    f("harrisons-landing", "richmond", &["James"], false, "Harrison's Landing (Berkeley) is on the north bank of the James"),
    f("harrisons-landing", "city-point", &["James"], true, "City Point faces Harrison's Landing across the James"),
    f("williamsburg", "norfolk", &["James"], true, "Norfolk is south of the James (Hampton Roads), Williamsburg north"),
    f("suffolk", "williamsburg", &["James"], true, "Suffolk is south of the James"),
    f("manassas", "fairfax", &["Bull Run", "Potomac"], true, "Manassas Junction is south-west of Bull Run; Fairfax and Centreville are on its north-east side"),
    f("manassas", "warrenton", &["Bull Run"], false, "Warrenton and Manassas are both south-west of Bull Run"),
    f("washington", "alexandria", &["Potomac"], true, "Washington is on the Maryland bank of the Potomac, Alexandria on the Virginia bank"),
    f("washington", "rockville", &["Potomac"], false, "Rockville and Washington are both north of the Potomac"),
    f("leesburg", "frederick", &["Potomac"], true, "Leesburg is in Virginia, Frederick in Maryland (White's Ford, Ball's Bluff)"),
    f("harpers-ferry", "sharpsburg", &["Potomac"], true, "Harper's Ferry is on the Virginia side of the Potomac, Sharpsburg on the Maryland side"),
    f("martinsburg", "hagerstown", &["Potomac"], true, "Martinsburg is south of the Potomac (Williamsport ford), Hagerstown north"),
    f("winchester", "martinsburg", &["Potomac"], false, "Winchester and Martinsburg are both in the Valley south of the Potomac"),
    f("hancock", "cumberland", &["Potomac"], false, "Hancock and Cumberland are both on the Maryland bank of the Potomac"),
    f("hanover-junction", "spotsylvania", &["North Anna"], true, "Hanover Junction is south of the North Anna, Spotsylvania north (the North Anna, May 1864)"),
    f("hanover-junction", "richmond", &["North Anna"], false, "Hanover Junction and Richmond are both south of the North Anna"),
    f("harrisburg", "carlisle", &["Susquehanna"], true, "Harrisburg is on the east bank of the Susquehanna, Carlisle west of it"),
    f("york", "lancaster", &["Susquehanna"], true, "York is west of the Susquehanna, Lancaster east (the Wrightsville bridge, 1863)"),
    f("frederick", "westminster", &["Monocacy", "Potomac"], true, "Frederick is west of the Monocacy (Monocacy Junction, 1864), Westminster east"),
    f("petersburg", "amelia", &["Appomattox"], false, "Amelia Court House is south of the Appomattox, like Petersburg"),
    f("burkeville", "richmond", &["Appomattox", "James"], true, "Burkeville is south of the Appomattox; Richmond north of it and of the James"),
];

/// The map's features as named in map.toml: (name, kind, river of a crossing, sides).
fn features() -> Vec<(String, String, Option<String>, Vec<String>)> {
    let path = crate::builtin_content_dir().join("bobby-lee").join("map.toml");
    let v: toml::Value = toml::from_str(&std::fs::read_to_string(&path).expect("map.toml")).expect("map.toml parses");
    v["feature"]
        .as_array()
        .expect("features")
        .iter()
        .map(|x| {
            let s = |k: &str| x.get(k).and_then(|y| y.as_str()).map(String::from);
            let sides = x["sides"].as_array().unwrap().iter().map(|y| y.as_str().unwrap().to_string()).collect();
            (s("name").unwrap(), s("kind").unwrap(), s("river"), sides)
        })
        .collect()
}

/// The hexsides of `rivers` (their river, marsh and crossing features), as (hex, hex) pairs.
fn river_sides(rivers: &[&str]) -> HashSet<(u16, u16)> {
    let d = &game().data;
    let mut out = HashSet::new();
    for (name, kind, river, sides) in features() {
        let ours = rivers.contains(&name.as_str()) && kind != "mountain" && kind != "gap";
        let bridge = kind == "crossing" && river.as_deref().is_some_and(|r| rivers.contains(&r));
        if ours || bridge {
            for s in sides {
                let (a, b) = s.split_once('/').unwrap();
                let (a, b) = (d.hex_of_label(a).unwrap(), d.hex_of_label(b).unwrap());
                out.insert((a, b));
                out.insert((b, a));
            }
        }
    }
    out
}

fn grid_distance(a: u16, b: u16) -> usize {
    let d = &game().data;
    let mut seen = vec![usize::MAX; d.hexes.len()];
    let mut q = VecDeque::from([a]);
    seen[a as usize] = 0;
    while let Some(h) = q.pop_front() {
        for &n in &d.hexes[h as usize].nbr {
            if n != NONE && seen[n as usize] == usize::MAX {
                seen[n as usize] = seen[h as usize] + 1;
                q.push_back(n);
            }
        }
    }
    seen[b as usize]
}

/// Whether a land path from `a` to `b`, at most two hexes longer than the straight line, avoids
/// every hexside of `rivers` (and mountains, BL 1.26).
fn road_avoiding(a: u16, b: u16, rivers: &[&str]) -> bool {
    let g = game();
    let d = &g.data;
    let blocked = river_sides(rivers);
    let limit = grid_distance(a, b) + 2;
    let mut seen = vec![usize::MAX; d.hexes.len()];
    let mut q = VecDeque::from([a]);
    seen[a as usize] = 0;
    while let Some(h) = q.pop_front() {
        if h == b {
            return true;
        }
        if seen[h as usize] >= limit {
            continue;
        }
        for dir in 0..6 {
            let n = d.hexes[h as usize].nbr[dir];
            if n == NONE || seen[n as usize] != usize::MAX || !g.land(n) || d.hexes[h as usize].side[dir] == SideKind::Mountain || blocked.contains(&(h, n)) {
                continue;
            }
            seen[n as usize] = seen[h as usize] + 1;
            q.push_back(n);
        }
    }
    false
}

#[test]
fn towns_lie_on_their_true_banks_bl_1_27() {
    assert!(FACTS.len() >= 30);
    let mut wrong = Vec::new();
    for x in FACTS {
        let road = road_avoiding(hx(x.a), hx(x.b), x.rivers);
        if road == x.separated {
            wrong.push(format!("{} / {} ({:?}): {}", x.a, x.b, x.rivers, x.source));
        }
    }
    assert!(wrong.is_empty(), "facts of real geography the map breaks:\n{}", wrong.join("\n"));
}

/// The neighbour of hex `label` in compass direction `dir` on the odd-r grid (odd rows shoved
/// east): the rulebook names hexsides by direction.
fn toward(label: &str, dir: &str) -> u16 {
    let (c, r): (i32, i32) = (label[..2].parse().unwrap(), label[2..].parse().unwrap());
    let odd = r % 2 == 1;
    let (dc, dr) = match (dir, odd) {
        ("E", _) => (1, 0),
        ("W", _) => (-1, 0),
        ("NW", true) => (0, -1),
        ("NW", false) => (-1, -1),
        ("NE", true) => (1, -1),
        ("NE", false) => (0, -1),
        _ => unreachable!(),
    };
    hx(&format!("{:02}{:02}", c + dc, r + dr))
}

#[test]
fn map_clarifications_conrads_store_harpers_ferry_suffolk_bl_1_26_1_27() {
    let d = &game().data;
    let side = |place: &str, dir: &str| d.side_kind(hx(place), toward(&label(hx(place)), dir));
    // BL 1.26: "Conrad's Store: El lado de hex Oeste hacia Harrisonburg es de montaña e
    // intransitable".
    assert_eq!(side("conrads-store", "W"), SideKind::Mountain, "BL 1.26: Conrad's Store, west hexside");
    assert!(label(hx("harrisonburg")) < label(hx("conrads-store")), "Harrisonburg lies west of Conrad's Store");
    // BL 1.26: "Harper's Ferry: El lado de hex Este hacia Frederick es un río mayor (puente) y
    // no un Paso de Montaña (Gap)".
    assert_eq!(side("harpers-ferry", "E"), SideKind::Crossing, "BL 1.26: Harper's Ferry, east hexside: a bridge");
    // BL 1.27: "Suffolk: El lado de hex Noroeste es el Río James".
    assert_eq!(side("suffolk", "NW"), SideKind::NavigableRiver, "BL 1.27: Suffolk, north-west hexside: the James");
    let james = river_sides(&["James"]);
    assert!(james.contains(&(hx("suffolk"), toward(&label(hx("suffolk")), "NW"))), "BL 1.27: the James, by name");
}

/// The map tool is re-runnable: it rebuilds content/bobby-lee/map.toml byte for byte from the
/// committed data (python3, standard library only). Skipped where python3 is missing.
#[test]
fn map_tool_rebuilds_the_shipped_map() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = std::process::Command::new("python3")
        .current_dir(&root)
        .args(["systems/src/bobby_lee/tools/gen_map.py", "--check", "content/bobby-lee/map.toml"])
        .output();
    match out {
        Err(e) => eprintln!("python3 not run ({e}): map tool check skipped"),
        Ok(o) => assert!(o.status.success(), "gen_map.py --check failed:\n{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)),
    }
}

/// A fact of the coast (coast.toml, from the US Census shorelines): whether `place`'s hex
/// touches the open water of the Bay or the ocean (a sea hex next to it), with its source.
struct Shore {
    place: &'static str,
    sea: bool,
    source: &'static str,
}

const SHORE: &[Shore] = &[
    Shore { place: "fort-monroe", sea: true, source: "Fort Monroe stands on Old Point Comfort, at the mouth of Hampton Roads on the Chesapeake Bay" },
    Shore { place: "yorktown", sea: true, source: "Yorktown is on the York a few miles above its mouth into the Bay (the siege of 1862; Gloucester Point faces it)" },
    Shore { place: "point-lookout", sea: true, source: "Point Lookout is the tip of the peninsula between the Potomac's mouth and the Bay (the prison camp, 1863-65)" },
    Shore { place: "annapolis", sea: true, source: "Annapolis is on the Bay at the Severn's mouth (the Naval Academy; Burnside's expedition sailed from it, 1862)" },
    Shore { place: "havre-de-grace", sea: true, source: "Havre de Grace stands at the head of the Bay, at the Susquehanna's mouth" },
    Shore { place: "alexandria", sea: false, source: "Alexandria is on the tidal Potomac, 90 miles above its mouth: a river, not the Bay" },
    Shore { place: "washington", sea: false, source: "Washington is at the head of the tidal Potomac" },
    Shore { place: "richmond", sea: false, source: "Richmond is at the falls of the James, its head of navigation" },
    Shore { place: "williamsburg", sea: false, source: "Williamsburg lies inland, between the James and the York" },
    Shore { place: "fredericksburg", sea: false, source: "Fredericksburg is at the falls of the Rappahannock" },
    Shore { place: "petersburg", sea: false, source: "Petersburg is at the falls of the Appomattox" },
    Shore { place: "tappahannock", sea: false, source: "Tappahannock is on the tidal Rappahannock, 30 miles above its mouth" },
];

fn touches_sea(h: u16) -> bool {
    let d = &game().data;
    d.hexes[h as usize].nbr.iter().any(|&n| n != NONE && d.hexes[n as usize].terrain == Terrain::Sea)
}

#[test]
fn the_coast_is_the_real_shore_bl_1_28_10() {
    let d = &game().data;
    let mut wrong = Vec::new();
    for x in SHORE {
        if touches_sea(hx(x.place)) != x.sea {
            wrong.push(format!("{} ({}): {}", x.place, if x.sea { "on the Bay" } else { "not on the Bay" }, x.source));
        }
    }
    // Alexandria and Yorktown are on their rivers' navigable hexsides (BL 1.27, 10.2).
    for (place, river, source) in [
        ("alexandria", "Potomac", "Alexandria's wharves are on the Potomac"),
        ("yorktown", "York", "Yorktown is on the York's south bank"),
        ("point-lookout", "Potomac", "Point Lookout is on the Potomac's north bank at its mouth"),
        ("fort-monroe", "James", "Fort Monroe faces Norfolk across Hampton Roads, the James's mouth"),
    ] {
        let h = hx(place);
        let sides = river_sides(&[river]);
        if !d.hexes[h as usize].nbr.iter().any(|&n| sides.contains(&(h, n))) {
            wrong.push(format!("{place} on the {river}: {source}"));
        }
    }
    // Norfolk: a port of the naval network on Hampton Roads (the James's first port below Fort
    // Monroe, BL 10.1), south of the James (the bank facts above).
    let norfolk = d.places.iter().find(|p| p.id == "norfolk").expect("Norfolk");
    if !norfolk.port {
        wrong.push("norfolk: a port on Hampton Roads, the Confederate navy yard at Gosport".into());
    }
    // The Bay is one body of water from off Annapolis to the Capes (the Union's route to Fort
    // Monroe, 1861-65).
    let seas = |h: u16| d.hexes[h as usize].nbr.iter().copied().filter(|&n| n != NONE && d.hexes[n as usize].terrain == Terrain::Sea).collect::<Vec<_>>();
    let mut seen = HashSet::new();
    let mut q: VecDeque<u16> = seas(hx("annapolis")).into();
    while let Some(h) = q.pop_front() {
        if seen.insert(h) {
            q.extend(seas(h));
        }
    }
    if !seas(hx("fort-monroe")).iter().any(|h| seen.contains(h)) {
        wrong.push("the Bay is open water from Annapolis to Fort Monroe".into());
    }
    assert!(wrong.is_empty(), "facts of the real coast the map breaks:\n{}", wrong.join("\n"));
}

/// No land path crosses the Bay: the Eastern Shore (Easton, Talbot County, hex 1914) is three
/// hexes from Annapolis across the water, and joins the mainland only at the head of the Bay,
/// east of the map's edge (Elkton): there was no bridge across the Bay until 1952. A land move
/// stops at sea, major and navigable rivers without a crossing and mountains (BL 1.26, 1.27, 1.28).
#[test]
fn no_land_path_crosses_the_bay_bl_1_28() {
    let g = game();
    let d = &g.data;
    let easton = d.hex_of_label("1914").unwrap();
    assert!(g.land(easton), "the Eastern Shore is land (US Census shoreline)");
    assert!(grid_distance(hx("annapolis"), easton) <= 3);
    let mut seen = HashSet::from([hx("annapolis")]);
    let mut q = VecDeque::from([hx("annapolis")]);
    while let Some(h) = q.pop_front() {
        for dir in 0..6 {
            let n = d.hexes[h as usize].nbr[dir];
            let k = d.hexes[h as usize].side[dir];
            if n != NONE && g.land(n) && !matches!(k, SideKind::MajorRiver | SideKind::NavigableRiver | SideKind::Mountain) && seen.insert(n) {
                q.push_back(n);
            }
        }
    }
    assert!(!seen.contains(&easton), "no land path from Annapolis to the Eastern Shore");
    assert!(seen.contains(&hx("baltimore")) && seen.contains(&hx("havre-de-grace")), "the western shore is one land");
}
