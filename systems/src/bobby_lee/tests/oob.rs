//! Bobby Lee's orders of battle against history: the blocks keep one name for the whole war
//! (units.toml), and each scenario names them as they were in its first month (its `names`;
//! a campaign takes each year's names as the war reaches it), so no scenario shows a corps before it existed or a commander where he was not. A name is
//! shown only: no rule reads it. The scenarios are built by systems/src/bobby_lee/tools/gen_oob.py.

use super::*;
use std::path::Path;

fn scenario(id: &str) -> &'static Scenario {
    game().data.scenarios.iter().find(|s| s.id == id).expect("scenario")
}

/// The names a scenario shows for the blocks it sets up.
fn deployed_names(sc: &'static Scenario) -> Vec<(&'static str, Side, &'static str)> {
    let d = &game().data;
    sc.deploy.iter().flat_map(|x| x.units.iter()).map(|&(u, _)| (d.units[u as usize].id.as_str(), d.units[u as usize].side, sc.unit_name(&d.units, u as usize))).collect()
}

/// The corps a name mentions: the word before "Corps" ("III Corps, 3rd Division" -> "III").
fn corps_of(name: &str) -> Option<&str> {
    let w: Vec<&str> = name.split(|c: char| !c.is_alphanumeric()).filter(|x| !x.is_empty()).collect();
    w.windows(2).find(|p| p[1] == "Corps").map(|p| p[0])
}

/// When each corps and army of the war first existed, (side, name, year, month, source).
const FORMED: &[(Side, &str, u16, u8, &str)] = &[
    (Side::Usa, "I", 1862, 3, "the Army of the Potomac's first corps: the President's General War Order No. 2, 8 March 1862"),
    (Side::Usa, "II", 1862, 3, "General War Order No. 2, 8 March 1862"),
    (Side::Usa, "III", 1862, 3, "General War Order No. 2, 8 March 1862"),
    (Side::Usa, "IV", 1862, 3, "General War Order No. 2, 8 March 1862"),
    (Side::Usa, "V", 1862, 5, "the V and VI (provisional) Corps, 18 May 1862"),
    (Side::Usa, "VI", 1862, 5, "the V and VI (provisional) Corps, 18 May 1862"),
    (Side::Usa, "VII", 1862, 7, "the VII, VIII and IX Corps, 22 July 1862"),
    (Side::Usa, "VIII", 1862, 7, "the VII, VIII and IX Corps, 22 July 1862"),
    (Side::Usa, "IX", 1862, 7, "the VII, VIII and IX Corps, 22 July 1862"),
    (Side::Usa, "X", 1862, 9, "the X Corps (Department of the South), 3 September 1862"),
    (Side::Usa, "XI", 1862, 9, "the Army of Virginia's I and II Corps became the XI and XII, 12 September 1862"),
    (Side::Usa, "XII", 1862, 9, "the Army of Virginia's I and II Corps became the XI and XII, 12 September 1862"),
    (Side::Usa, "XVIII", 1862, 12, "the XVIII Corps (North Carolina), 24 December 1862"),
    (Side::Usa, "XIX", 1862, 12, "the XIX Corps (Department of the Gulf), 14 December 1862"),
    (Side::Usa, "XXII", 1863, 2, "the XXII Corps (Department of Washington), 2 February 1863"),
    (Side::Usa, "Cavalry", 1863, 2, "Hooker's Cavalry Corps, February 1863"),
    (Side::Csa, "First", 1862, 11, "the Army of Northern Virginia's corps, 6 November 1862"),
    (Side::Csa, "Second", 1862, 11, "the Army of Northern Virginia's corps, 6 November 1862"),
    (Side::Csa, "Third", 1863, 5, "A. P. Hill's Third Corps, 30 May 1863"),
    (Side::Csa, "Cavalry", 1863, 9, "Stuart's Cavalry Corps, 9 September 1863"),
];

const ARMIES: &[(Side, &str, u16, u8, &str)] = &[
    (Side::Usa, "Army of the Potomac", 1861, 8, "McClellan's Army of the Potomac, named 20 August 1861 (McDowell's was the Army of Northeastern Virginia)"),
    (Side::Usa, "Army of the James", 1864, 4, "Butler's Army of the James, April 1864"),
    (Side::Usa, "Army of the Shenandoah", 1864, 8, "Sheridan's Army of the Shenandoah, August 1864"),
    (Side::Csa, "Army of Northern Virginia", 1862, 3, "J. E. Johnston's army took the name in March 1862 (Beauregard's had been the Army of the Potomac)"),
];

#[test]
fn no_scenario_names_a_corps_or_army_before_it_existed() {
    let mut wrong = Vec::new();
    for sc in &game().data.scenarios {
        let start = (sc.year, sc.start_month);
        for (id, side, name) in deployed_names(sc) {
            if let Some(c) = corps_of(name)
                && let Some(f) = FORMED.iter().find(|f| f.0 == side && f.1 == c)
                && start < (f.2, f.3)
            {
                wrong.push(format!("{}: {id} \"{name}\": {}", sc.id, f.4));
            }
            for a in ARMIES.iter().filter(|a| a.0 == side && name.starts_with(a.1)) {
                if start < (a.2, a.3) {
                    wrong.push(format!("{}: {id} \"{name}\": {}", sc.id, a.4));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "names before their time:\n{}", wrong.join("\n"));
}

/// Named facts of each scenario's month: (scenario, block, name shown, source).
const NAMED: &[(&str, &str, &str, &str)] = &[
    ("1861", "ap", "Army of Northeastern Virginia (McDowell)", "McDowell's army at First Manassas, July 1861 (Official Records, Series I, vol. 2, its organization)"),
    ("1861", "usa-i-1", "Tyler's division", "Tyler's 1st Division of McDowell's army, July 1861 (OR I, vol. 2)"),
    ("1861", "anv", "Army of the Potomac (Beauregard)", "Beauregard's Confederate Army of the Potomac at Manassas, July 1861 (OR I, vol. 2)"),
    ("1861", "csa-jackson", "Jackson's brigade", "Jackson commanded the 1st Brigade of Johnston's Army of the Shenandoah, July 1861 (OR I, vol. 2)"),
    ("1862", "usa-vi-1", "Franklin's division", "Franklin's division landed at West Point on 7 May 1862; the VI Corps dates from 18 May (OR I, vol. 11, part 3)"),
    ("1862", "usa-i-2", "McCall's Pennsylvania Reserves (McDowell)", "McCall's division of McDowell's Department of the Rappahannock at Fredericksburg, May 1862 (OR I, vol. 12, part 3)"),
    ("1862", "usa-ii-2", "IV Corps (Keyes)", "Keyes's IV Corps on the Peninsula, May 1862 (OR I, vol. 11, part 1)"),
    ("1863", "aj", "Department of Virginia (Dix)", "Dix's Department of Virginia held Suffolk in May 1863; the Army of the James dates from April 1864 (OR I, vol. 18)"),
    ("1863", "csa-jackson", "Colston's division (Jackson's old division)", "Colston led Jackson's old division at Chancellorsville, May 1863 (OR I, vol. 25, part 1)"),
    ("1863", "usa-iii-3", "XXII Corps (Heintzelman)", "Heintzelman's XXII Corps, the Department of Washington, from 2 February 1863 (OR I, vol. 25, part 2)"),
    ("1864", "csa-pender", "Wilcox's division", "Pender died on 18 July 1863; Wilcox led his division in May 1864 (OR I, vol. 36, part 1)"),
    ("1864", "csa-mclaws", "Kershaw's division", "McLaws was relieved in December 1863; Kershaw led the division in May 1864 (OR I, vol. 36, part 1)"),
    ("1864", "usa-cav-1", "Torbert's cavalry division", "Buford died in December 1863; Torbert led the 1st Cavalry Division in May 1864 (OR I, vol. 36, part 1)"),
    ("1864", "usa-cav-3", "Wilson's cavalry division", "Kilpatrick left the Army of the Potomac in April 1864; Wilson led the 3rd Cavalry Division (OR I, vol. 36, part 1)"),
];

#[test]
fn each_scenario_names_its_blocks_as_they_were() {
    let d = &game().data;
    for &(sc, id, name, source) in NAMED {
        let u = d.unit_index(id).expect("block");
        assert_eq!(scenario(sc).unit_name(&d.units, u), name, "{sc} {id}: {source}");
        assert!(deployed_names(scenario(sc)).iter().any(|x| x.0 == id), "{sc} {id} is set up: {source}");
    }
    // A block a scenario does not rename keeps its units.toml name.
    let u = d.unit_index("usa-ii-1").unwrap();
    assert_eq!(scenario("1864").unit_name(&d.units, u), "II Corps, 1st Division");
}

/// The CLI's description and the app's board show a block's name of the month, for its own side
/// only (BL 2.5: the enemy's blocks stay hidden).
#[test]
fn the_cli_and_the_board_show_the_names_of_the_month_bl_2_5() {
    let g = game();
    let s = setup("1861");
    let usa = g.describe(&s, Some(Side::Usa.idx() as u8));
    assert!(usa.contains("Tyler's division"), "the USA sees its block's 1861 name:\n{usa}");
    assert!(!usa.contains("Jackson's brigade"), "the USA does not see the CSA's hidden blocks");
    let board = g.board(&s, Some(Side::Csa.idx() as u8));
    let panel = board.panels.iter().find(|p| p.title == "Block names, Jul 1861").expect("names panel");
    assert!(panel.lines.iter().any(|l| l == "csa-jackson: Jackson's brigade"), "{:?}", panel.lines);
    assert!(!panel.lines.iter().any(|l| l.starts_with("usa-")), "the CSA sees no USA block's name");
}

/// A campaign's blocks take each year's names as the war reaches it (BL 3.3: the campaign
/// plays on from its first year through the others): begun in July 1861, Jackson's block is
/// "Jackson's brigade" that year and carries the 1862 scenario's name from May 1862, and the
/// USA's `usa-ii-2` block reads "IV Corps (Keyes)" only from then on.
#[test]
fn bl_3_3_a_campaign_takes_each_years_names_as_the_war_reaches_it() {
    let g = game();
    let d = &g.data;
    let mut s = g.setup(&Setup { options: [("start".to_string(), "1861".to_string())].into_iter().collect(), ..Setup::new("campaign", 2, 1) }).expect("campaign");
    assert!(s.campaign);
    let name_at = |s: &State, year: u16, month: u8, id: &str| {
        let sc = d.names_for(s.scenario as usize, s.campaign, year, month);
        (sc.id.clone(), sc.unit_name(&d.units, d.unit_index(id).unwrap()).to_string())
    };
    assert_eq!(name_at(&s, 1861, 7, "csa-jackson"), ("1861".into(), "Jackson's brigade".into()));
    assert_eq!(name_at(&s, 1862, 4, "csa-jackson").0, "1861", "April 1862 still has the 1861 names");
    for (sc, year, month) in [("1862", 1862, 5), ("1862", 1862, 10), ("1863", 1863, 5), ("1864", 1865, 3)] {
        assert_eq!(name_at(&s, year, month, "usa-ii-1").0, sc, "{year}-{month}");
    }
    assert_eq!(name_at(&s, 1862, 6, "usa-ii-2").1, "IV Corps (Keyes)");
    // The board's names panel and the CLI's description follow the game's month.
    s.year = 1862;
    s.month = 6;
    let board = g.board(&s, Some(Side::Csa.idx() as u8));
    assert!(board.panels.iter().any(|p| p.title == "Block names, May 1862"), "{:?}", board.panels.iter().map(|p| &p.title).collect::<Vec<_>>());
    // A one-year scenario keeps its own month's names.
    let one = setup("1862");
    assert_eq!(d.names_for(one.scenario as usize, one.campaign, 1862, 10).id, "1862");
}

/// The OOB tool is re-runnable: it rebuilds the four scenario files byte for byte (python3,
/// standard library only). Skipped where python3 is missing.
#[test]
fn oob_tool_rebuilds_the_shipped_scenarios() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = std::process::Command::new("python3").current_dir(&root).args(["systems/src/bobby_lee/tools/gen_oob.py", "--check"]).output();
    match out {
        Err(e) => eprintln!("python3 not run ({e}): OOB tool check skipped"),
        Ok(o) => assert!(o.status.success(), "gen_oob.py --check failed:\n{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr)),
    }
}
