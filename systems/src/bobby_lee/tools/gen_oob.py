#!/usr/bin/env python3
"""Writes content/bobby-lee/scenarios/*.toml, byte for byte, from the orders of battle below
(AUTHORED: the rulebook's OB charts are not in its text):

    python3 systems/src/bobby_lee/tools/gen_oob.py          # writes the four scenario files
    python3 systems/src/bobby_lee/tools/gen_oob.py --check  # compares them (exit 1 on a difference)

The Bobby Lee test `oob_tool_rebuilds_the_shipped_scenarios` runs the check. Standard library
only (Python 3.11+). Each scenario has its set-up (SCEN), the history of its month and what the
set-up simplifies (HISTORY, the file's header), and the blocks' historical names in its first
month (NAMES): units.toml names each block once for the whole war ("I Corps, 1st Division"),
so where that name is wrong for the month (no corps before it existed, no commander where he
was not), the scenario gives the block its name of the month, shown in the app and the CLI. A
name changes no rule and no strength.
"""
import os
import sys

import gen_map as g

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "..", "..", "content", "bobby-lee", "scenarios")


def spot(x):
    if isinstance(x, tuple):
        return g.label(g.hex_of(*x))
    return x


HEADER = """# Bobby Lee, {year} scenario: set-up (order of battle) for {month_name} {year}.
#
# AUTHORED ([MISSING] in the rulebook): the rulebook's OB charts are not in the text.
# Locations and strengths below follow the historical armies of {month_name} {year} in broad strokes
# (one block = one division, brigade or army HQ); blocks not listed start unbuilt (spare, in the
# force pool). A `hex` is a place id from map.toml or a hex label "CCRR".
# FROM THE RULEBOOK: first month {month_name}; single-year scenarios end after October (rule 3.2,
# 1861 starts in July); no Emancipation in the 1863 and 1864 scenarios (rule 3.55).
"""
MONTHS = {5: "May", 7: "July"}

HISTORY = {
 1861: """#
# HISTORICAL ORDER OF BATTLE, JULY 1861, AND WHAT THE SET-UP SIMPLIFIES. The blocks are the game's
# pieces for the whole war (units.toml); `names` gives each block its name of July 1861 where the
# war-long name did not exist yet (source: the Official Records, Series I, vol. 2, the
# organizations of McDowell's, Patterson's, Beauregard's and Johnston's armies):
# * USA: no corps existed (the Army of the Potomac's corps date from the President's General War
#   Order No. 2 of 8 March 1862, the Army of the Potomac's name from August 1861): the "I/II
#   Corps" blocks at Washington and Alexandria are McDowell's divisions of the Army of
#   Northeastern Virginia (Tyler, Hunter, Heintzelman, Miles; Runyon's reserve); HQ `as` and the
#   "III Corps" blocks at Martinsburg are Patterson's Department of Pennsylvania (Cadwalader's
#   and Keim's divisions); `usa-iii-3` at Romney is Lew Wallace's 11th Indiana. HQ `aj` (the Army
#   of the James dates from April 1864) and "X Corps" at Fort Monroe are Butler's Department of
#   Virginia; "VIII Corps" at Baltimore is the Department of Annapolis (VIII Corps dates from
#   July 1862); the cavalry are Palmer's regular battalion and Patterson's regulars.
# * CSA: the Army of Northern Virginia had not been named: HQ `anv` at Manassas is Beauregard's
#   (Confederate) Army of the Potomac, HQ `av` at Winchester J. E. Johnston's Army of the
#   Shenandoah. Longstreet, Ewell and Early commanded brigades under Beauregard, Jackson a
#   brigade under Johnston; the "Whiting's division" block stands for Bee's and Bartow's
#   brigades, Stuart's for his 1st Virginia Cavalry; Evans's brigade held the Stone Bridge and
#   later Leesburg. Holmes held Fredericksburg and Aquia, Magruder the Peninsula (HQ `anc` at
#   Yorktown stands for his Army of the Peninsula) with D. H. Hill's 1st North Carolina (the
#   `csa-bde-2` block: Wise's Legion was in the Kanawha Valley), Huger Norfolk, Loring the Army
#   of the Northwest (Monterey, from late July).
# SIMPLIFIED: 1861 brigades and regiments fight as the game's division blocks (their names say
# what they were; their strengths are the game's); Evans's brigade starts at Leesburg.
""",
 1862: """#
# HISTORICAL ORDER OF BATTLE, MAY 1862, AND WHAT THE SET-UP SIMPLIFIES. `names` gives the blocks
# their names of May 1862 where the war-long names of units.toml did not exist yet (source: the
# Official Records, Series I, vol. 11, part 3, and vol. 12, part 3, the organizations of the
# armies in May 1862):
# * USA: McClellan's Army of the Potomac on the Peninsula had the II (Sumner), III (Heintzelman)
#   and IV (Keyes) Corps; the V (Porter) and VI (Franklin) Corps were formed on 18 May from
#   Porter's, Sykes's, Franklin's and W. F. Smith's divisions, so those blocks carry the
#   divisions' names; Franklin's division landed at West Point on 7 May, Sedgwick's followed.
#   The game has no IV Corps blocks: the `usa-ii-2` block is Keyes's corps. The I Corps blocks
#   at Falmouth (1218) are McDowell's Department of the Rappahannock (King, McCall, Ord). HQ `as`
#   and "XII Corps" at Strasburg are Banks's Department of the Shenandoah (XII Corps dates from
#   September); "XI Corps" at Franklin is Fremont's Mountain Department (Blenker, Schenck and
#   Milroy; XI Corps from September). HQ `aj` and "X Corps" at Fort Monroe are Wool's Department
#   of Virginia; "IX Corps" at Washington is Wadsworth's Military District of Washington (the IX
#   Corps dates from July); "VIII Corps" at Baltimore is Dix's Middle Department.
# * CSA: J. E. Johnston's Army of Northern Virginia before Richmond (Lee from 1 June):
#   Longstreet, D. H. Hill, Magruder, G. W. Smith's division (Whiting) and Stuart's cavalry
#   brigade; A. P. Hill's division formed on 27 May from the brigades that had faced McDowell
#   at Fredericksburg, J. R. Anderson's among them (the Anderson block at Hanover Junction; R. H.
#   Anderson's division dates from July); the `csa-bde-1` block at Richmond is the Department of Henrico's
#   (Winder) troops: Evans was in South Carolina. Holmes's Department of North Carolina at
#   Petersburg; Huger at Norfolk (evacuated 10 May); Jackson and Ewell at Conrad's Store (late
#   April), Edward Johnson's Army of the Northwest at Staunton, Ashby's cavalry: Jackson's
#   Valley Army (HQ `av`).
# SIMPLIFIED: Keyes's whole IV Corps is one block; Sedgwick's division stands at West Point.
""",
 1863: """#
# HISTORICAL ORDER OF BATTLE, MAY 1863, AND WHAT THE SET-UP SIMPLIFIES. `names` gives the blocks
# their names of May 1863 where the war-long names of units.toml are wrong for the month
# (source: the Official Records, Series I, vol. 25, part 1, the organizations of the armies at
# Chancellorsville, and vol. 18, the Department of Virginia at Suffolk):
# * USA: Hooker's Army of the Potomac at Falmouth (1117), on the north bank of the Rappahannock:
#   I (Reynolds), II (Couch), III (Sickles), V (Meade), VI (Sedgwick), XI (Howard) and XII
#   (Slocum) Corps and Stoneman's Cavalry Corps (formed in February; Gregg's division and
#   Buford's Reserve Brigade), the blocks at 1015-1217 up the river. HQ `as` and "VIII Corps" at
#   Winchester are Milroy's division of Schenck's Middle Department (VIII Corps). At Suffolk,
#   Dix's Department of Virginia (HQ `aj`; the Army of the James dates from 1864): Peck's VII
#   Corps and Getty's IX Corps division (the IX Corps itself had gone west in March);
#   "XVIII Corps" is Foster's North Carolina command; the "X Corps" block at Norfolk is Viele's
#   garrison (the X Corps was in South Carolina). The "III Corps, 3rd Division" block at
#   Washington is Heintzelman's XXII Corps (the Department of Washington, from February).
# * CSA: Lee's Army of Northern Virginia: First Corps (Longstreet) with McLaws and Anderson at
#   Fredericksburg; Second Corps (Jackson) with A. P. Hill, Rodes (D. H. Hill's old division),
#   Early and Colston (the "Jackson's division" block: Jackson's old division) near
#   Spotsylvania, Crutchfield's Second Corps artillery; Stuart's cavalry division (the Cavalry
#   Corps dates from September) at Culpeper. Elzey's Department of Richmond holds the capital
#   (the `csa-bde-1` block: Evans was in Mississippi).
# SIMPLIFIED: Longstreet, Hood and Pickett were besieging Suffolk until 4 May: the blocks wait
# at Petersburg with D. H. Hill's Department of North Carolina (HQ `anc`); the `csa-bde-2`
# block at Hanover Junction is a railroad guard with no named brigade.
""",
 1864: """#
# HISTORICAL ORDER OF BATTLE, MAY 1864, AND WHAT THE SET-UP SIMPLIFIES. `names` gives the blocks
# their names of May 1864 where the war-long names of units.toml are wrong for the month
# (source: the Official Records, Series I, vol. 36, part 1, the organizations of the armies on
# 4-5 May 1864, and vol. 37, part 1, the Department of West Virginia):
# * USA: Meade's Army of the Potomac north of the Rapidan: II (Hancock), V (Warren), VI
#   (Sedgwick) Corps and Sheridan's Cavalry Corps (Torbert's, Gregg's and Wilson's divisions:
#   Buford died in December 1863, Kilpatrick left in April); Burnside's IX Corps (independent
#   until 24 May) behind them. Butler's Army of the James (HQ `aj`: X Corps, Gillmore; XVIII
#   Corps, Smith) embarked at Fort Monroe; Kautz's cavalry division at Portsmouth and Suffolk
#   (the `usa-cav-6` block: Pleasonton had gone to Missouri). HQ `as` at Winchester is Sigel's
#   Department of West Virginia with Sullivan's infantry division.
# * CSA: Lee's Army of Northern Virginia: Second Corps (Ewell: Early, Rodes, Johnson - the
#   "Ewell's division" block) at 0919; Third Corps (A. P. Hill: Heth, Wilcox - the "Pender's
#   division" block: Pender died in July 1863 -, Anderson) at Orange; First Corps (Longstreet:
#   Kershaw - the "McLaws's division" block: McLaws left in December 1863 - and Field - the
#   "Anderson's division" block) at Gordonsville; each corps' artillery under its chief
#   (Alexander, Long, Walker); Stuart's Cavalry Corps (Fitz Lee, Hampton). Pickett's Department
#   of North Carolina at Petersburg (HQ `anc`), Hoke coming from North Carolina, Ransom's
#   Department of Richmond with Gracie's brigade (the `csa-bde-1` block); Breckinridge's
#   Department of Western Virginia (HQ `av`) with Wharton's brigade (the `csa-bde-3` block) and
#   Imboden's cavalry (the "Rosser's cavalry" block: Rosser was with Hampton).
# SIMPLIFIED: the "XIX Corps" block at Winchester arrived from Louisiana only in July; the
# `csa-bde-2` block at Hanover Junction is a railroad guard with no named brigade.
""",
}

# The blocks' names in the scenario's first month (see the module's doc): (block id, name).
NAMES = {
 1861: [
    ("ap", "Army of Northeastern Virginia (McDowell)"),
    ("as", "Department of Pennsylvania (Patterson)"),
    ("aj", "Department of Virginia (Butler)"),
    ("usa-i-1", "Tyler's division"),
    ("usa-i-2", "Hunter's division"),
    ("usa-i-3", "Heintzelman's division"),
    ("usa-ii-1", "Miles's division"),
    ("usa-ii-2", "Runyon's division (reserve)"),
    ("usa-iii-1", "Cadwalader's division"),
    ("usa-iii-2", "Keim's division"),
    ("usa-iii-3", "Lew Wallace's 11th Indiana"),
    ("usa-viii-1", "Department of Annapolis troops"),
    ("usa-x-1", "Butler's troops at Fort Monroe"),
    ("usa-art-1", "McDowell's batteries (Barry)"),
    ("usa-cav-1", "Palmer's regular cavalry"),
    ("usa-cav-2", "Patterson's regular cavalry"),
    ("usa-gar-1", "Department of Washington (Mansfield)"),
    ("usa-gar-5", "Baltimore and Ohio Railroad guards"),
    ("anv", "Army of the Potomac (Beauregard)"),
    ("av", "Army of the Shenandoah (J. E. Johnston)"),
    ("anc", "Army of the Peninsula (Magruder)"),
    ("csa-longstreet", "Longstreet's brigade"),
    ("csa-ewell", "Ewell's brigade"),
    ("csa-early", "Early's brigade"),
    ("csa-art-1", "Washington Artillery (Walton)"),
    ("csa-jackson", "Jackson's brigade"),
    ("csa-whiting", "Bee's and Bartow's brigades"),
    ("csa-cav-stuart", "Stuart's 1st Virginia Cavalry"),
    ("csa-holmes", "Holmes's brigade (Aquia District)"),
    ("csa-magruder", "Magruder's Peninsula troops"),
    ("csa-bde-2", "D. H. Hill's 1st North Carolina"),
    ("csa-huger", "Huger's Department of Norfolk"),
    ("csa-loring", "Loring's Army of the Northwest"),
 ],
 1862: [
    ("usa-ii-1", "II Corps (Sumner)"),
    ("usa-ii-2", "IV Corps (Keyes)"),
    ("usa-iii-1", "III Corps (Heintzelman): Hooker's division"),
    ("usa-iii-2", "III Corps (Heintzelman): Kearny's division"),
    ("usa-iii-3", "Porter's division"),
    ("usa-v-1", "Sykes's division (regulars)"),
    ("usa-v-2", "W. F. Smith's division"),
    ("usa-vi-1", "Franklin's division"),
    ("usa-vi-2", "Sedgwick's division"),
    ("usa-hvy-1", "Siege train (1st Connecticut Heavy Artillery)"),
    ("aj", "Department of Virginia (Wool)"),
    ("usa-x-1", "Wool's troops at Fort Monroe"),
    ("usa-i-1", "King's division (McDowell)"),
    ("usa-i-2", "McCall's Pennsylvania Reserves (McDowell)"),
    ("usa-i-3", "Ord's division (McDowell)"),
    ("usa-cav-1", "McDowell's cavalry (Bayard)"),
    ("usa-art-3", "McDowell's artillery"),
    ("as", "Department of the Shenandoah (Banks)"),
    ("usa-xii-1", "Williams's division (Banks)"),
    ("usa-xii-2", "Shields's division"),
    ("usa-cav-2", "Hatch's cavalry (Banks)"),
    ("usa-xi-1", "Blenker's division (Fremont)"),
    ("usa-xi-2", "Schenck's and Milroy's brigades (Fremont)"),
    ("usa-cav-5", "Fremont's cavalry"),
    ("usa-ix-1", "Military District of Washington (Wadsworth)"),
    ("usa-viii-1", "Middle Department (Dix)"),
    ("anv", "Army of Northern Virginia (J. E. Johnston)"),
    ("csa-whiting", "G. W. Smith's division (Whiting)"),
    ("csa-cav-stuart", "Stuart's cavalry brigade"),
    ("csa-anderson", "J. R. Anderson's brigade"),
    ("csa-bde-1", "Department of Henrico troops (Winder)"),
    ("csa-holmes", "Department of North Carolina (Holmes)"),
    ("csa-huger", "Huger's Department of Norfolk"),
    ("csa-johnson", "Army of the Northwest (Edward Johnson)"),
    ("av", "Army of the Valley (Jackson)"),
 ],
 1863: [
    ("usa-cav-1", "Buford's Reserve Brigade"),
    ("usa-cav-2", "Gregg's cavalry division"),
    ("usa-cav-4", "Cavalry Corps (Stoneman)"),
    ("as", "Middle Department, VIII Corps (Schenck)"),
    ("usa-viii-1", "Milroy's division"),
    ("aj", "Department of Virginia (Dix)"),
    ("usa-ix-1", "Getty's division (IX Corps)"),
    ("usa-ix-2", "VII Corps (Peck)"),
    ("usa-xviii-1", "XVIII Corps (Foster)"),
    ("usa-x-1", "Viele's Norfolk garrison"),
    ("usa-iii-3", "XXII Corps (Heintzelman)"),
    ("csa-jackson", "Colston's division (Jackson's old division)"),
    ("csa-art-2", "Second Corps artillery (Crutchfield)"),
    ("csa-cav-stuart", "Stuart's cavalry division"),
    ("anc", "Department of North Carolina (D. H. Hill)"),
    ("csa-bde-1", "Department of Richmond troops (Elzey)"),
    ("csa-bde-2", "Hanover Junction guard"),
 ],
 1864: [
    ("usa-cav-1", "Torbert's cavalry division"),
    ("usa-cav-2", "Gregg's cavalry division"),
    ("usa-cav-3", "Wilson's cavalry division"),
    ("usa-cav-6", "Kautz's cavalry division"),
    ("as", "Department of West Virginia (Sigel)"),
    ("usa-viii-1", "Sullivan's division (Sigel)"),
    ("csa-ewell", "Johnson's division"),
    ("csa-pender", "Wilcox's division"),
    ("csa-mclaws", "Kershaw's division"),
    ("csa-anderson", "Field's division"),
    ("csa-art-1", "First Corps artillery (Alexander)"),
    ("csa-art-2", "Second Corps artillery (Long)"),
    ("csa-art-3", "Third Corps artillery (Walker)"),
    ("csa-cav-stuart", "Cavalry Corps (Stuart)"),
    ("anc", "Department of North Carolina (Pickett)"),
    ("csa-ransom", "Department of Richmond (Ransom)"),
    ("csa-bde-1", "Gracie's brigade"),
    ("csa-bde-2", "Hanover Junction guard"),
    ("av", "Department of Western Virginia (Breckinridge)"),
    ("csa-bde-3", "Wharton's brigade"),
    ("csa-cav-rosser", "Imboden's cavalry"),
 ],
}

SCEN = {
 1861: (7, "1861: First Manassas", True, [
    ("washington", [("usa", 3), ("ap", 3), ("usa-i-1", 2), ("usa-i-2", 2), ("usa-gar-1", 2), ("usa-hvy-1", 1)]),
    ("alexandria", [("usa-i-3", 2), ("usa-ii-1", 2), ("usa-ii-2", 2), ("usa-art-1", 2), ("usa-cav-1", 1)]),
    ("martinsburg", [("as", 2), ("usa-iii-1", 2), ("usa-iii-2", 2), ("usa-cav-2", 1)]),
    ("baltimore", [("usa-gar-2", 2), ("usa-viii-1", 2)]),
    ("fort-monroe", [("aj", 2), ("usa-gar-4", 2), ("usa-x-1", 2)]),
    ("cumberland", [("usa-gar-5", 1)]),
    ("romney", [("usa-iii-3", 1)]),
    ("manassas", [("anv", 3), ("csa-longstreet", 2), ("csa-ewell", 2), ("csa-early", 2), ("csa-art-1", 2)]),
    ("leesburg", [("csa-bde-1", 1)]),
    ("winchester", [("av", 3), ("csa-jackson", 3), ("csa-whiting", 2), ("csa-cav-stuart", 2)]),
    ("richmond", [("csa", 3), ("csa-gar-1", 2), ("csa-hvy-1", 1)]),
    ("fredericksburg", [("csa-holmes", 2)]),
    ("yorktown", [("anc", 2), ("csa-magruder", 3), ("csa-bde-2", 1)]),
    ("norfolk", [("csa-huger", 2), ("csa-gar-3", 2)]),
    ("monterey", [("csa-loring", 2)]),
 ]),
 1862: (5, "1862: The Peninsula and Second Manassas", True, [
    ("williamsburg", [("ap", 4), ("usa-ii-1", 3), ("usa-ii-2", 3), ("usa-iii-1", 3), ("usa-iii-2", 3), ("usa-art-1", 3)]),
    ("yorktown", [("usa-iii-3", 3), ("usa-v-1", 3), ("usa-v-2", 3), ("usa-hvy-1", 2)]),
    ("west-point", [("usa-vi-1", 3), ("usa-vi-2", 3), ("usa-cav-4", 2)]),
    ("fort-monroe", [("aj", 2), ("usa-gar-4", 2), ("usa-hvy-2", 2), ("usa-x-1", 2)]),
    ((38.34, -77.45), [("usa-i-1", 3), ("usa-i-2", 3), ("usa-i-3", 2), ("usa-cav-1", 2), ("usa-art-3", 2)]),
    ("strasburg", [("as", 3), ("usa-xii-1", 3), ("usa-xii-2", 2), ("usa-cav-2", 2)]),
    ("franklin", [("usa-xi-1", 2), ("usa-xi-2", 2), ("usa-cav-5", 1)]),
    ("washington", [("usa", 4), ("usa-gar-1", 3), ("usa-ix-1", 2)]),
    ("baltimore", [("usa-gar-2", 2), ("usa-viii-1", 2)]),
    ("harpers-ferry", [("usa-gar-3", 2)]),
    ("cumberland", [("usa-gar-5", 2)]),
    ("richmond", [("csa", 3), ("anv", 4), ("csa-longstreet", 4), ("csa-dh-hill", 4), ("csa-gar-1", 2), ("csa-hvy-1", 2), ("csa-art-1", 2), ("csa-bde-1", 1)]),
    ("fair-oaks", [("csa-magruder", 3), ("csa-whiting", 3), ("csa-cav-stuart", 3)]),
    ("hanover-junction", [("csa-ap-hill", 3), ("csa-anderson", 2)]),
    ("petersburg", [("csa-holmes", 3), ("csa-gar-2", 2), ("csa-bde-2", 1)]),
    ("norfolk", [("csa-huger", 3), ("csa-gar-3", 2)]),
    ("conrads-store", [("av", 3), ("csa-jackson", 4), ("csa-ewell", 4), ("csa-cav-ashby", 3)]),
    ("staunton", [("csa-johnson", 2), ("csa-bde-3", 1)]),
 ]),
 1863: (5, "1863: Chancellorsville and Gettysburg", False, [
    ((38.44, -77.42), [("ap", 4), ("usa-i-1", 3), ("usa-i-2", 3), ("usa-ii-1", 3), ("usa-ii-2", 3), ("usa-art-1", 4)]),
    ((38.40, -77.55), [("usa-iii-1", 3), ("usa-iii-2", 3), ("usa-v-1", 3), ("usa-v-2", 3), ("usa-art-2", 3)]),
    ((38.40, -77.33), [("usa-vi-1", 3), ("usa-vi-2", 3), ("usa-vi-3", 3), ("usa-i-3", 2)]),
    ((38.55, -77.75), [("usa-xi-1", 3), ("usa-xi-2", 2), ("usa-xii-1", 3), ("usa-xii-2", 3)]),
    ((38.62, -77.70), [("usa-cav-1", 3), ("usa-cav-2", 3), ("usa-cav-4", 3)]),
    ("winchester", [("as", 2), ("usa-viii-1", 3), ("usa-cav-5", 2)]),
    ("washington", [("usa", 4), ("usa-gar-1", 3), ("usa-hvy-1", 2), ("usa-iii-3", 2)]),
    ("baltimore", [("usa-gar-2", 2)]),
    ("harpers-ferry", [("usa-gar-3", 2)]),
    ("suffolk", [("aj", 2), ("usa-ix-1", 3), ("usa-ix-2", 3), ("usa-xviii-1", 2)]),
    ("fort-monroe", [("usa-gar-4", 2), ("usa-hvy-2", 2)]),
    ("norfolk", [("usa-vii-1" if False else "usa-x-1", 2)]),
    ("fredericksburg", [("anv", 4), ("csa-mclaws", 4), ("csa-anderson", 4), ("csa-early", 4), ("csa-art-1", 3)]),
    ("spotsylvania", [("csa-ap-hill", 4), ("csa-rodes", 4), ("csa-jackson", 4), ("csa-art-2", 3)]),
    ("culpeper", [("csa-cav-stuart", 4), ("csa-cav-fitz-lee", 3), ("csa-cav-rooney-lee", 3), ("csa-cav-hampton", 3)]),
    ("richmond", [("csa", 3), ("csa-gar-1", 3), ("csa-hvy-1", 2), ("csa-bde-1", 1)]),
    ("petersburg", [("anc", 2), ("csa-pickett", 4), ("csa-hood", 4), ("csa-gar-2", 2)]),
    ("staunton", [("csa-cav-jones", 2), ("csa-bde-3", 1)]),
    ("hanover-junction", [("csa-bde-2", 1)]),
 ]),
 1864: (5, "1864: Overland Campaign", False, [
    ((38.47, -77.85), [("ap", 4), ("usa-ii-1", 3), ("usa-ii-2", 3), ("usa-ii-3", 3), ("usa-art-1", 4)]),
    ((38.40, -77.75), [("usa-v-1", 3), ("usa-v-2", 3), ("usa-v-3", 3), ("usa-art-2", 3)]),
    ((38.47, -78.00), [("usa-vi-1", 3), ("usa-vi-2", 3), ("usa-vi-3", 3), ("usa-art-5", 3)]),
    ((38.62, -77.70), [("usa-ix-1", 3), ("usa-ix-2", 3), ("usa-ix-3", 3), ("usa-cav-1", 3), ("usa-cav-2", 3), ("usa-cav-3", 3)]),
    ("fort-monroe", [("aj", 3), ("usa-x-1", 3), ("usa-x-2", 3), ("usa-xviii-1", 3), ("usa-xviii-2", 3), ("usa-gar-4", 2), ("usa-hvy-2", 2)]),
    ("norfolk", [("usa-cav-6", 2)]),
    ("winchester", [("as", 3), ("usa-viii-1", 3), ("usa-xix-1", 3), ("usa-cav-5", 2)]),
    ("washington", [("usa", 4), ("usa-gar-1", 3), ("usa-hvy-1", 3), ("usa-art-6", 2)]),
    ("baltimore", [("usa-gar-2", 2)]),
    ("harpers-ferry", [("usa-gar-3", 2)]),
    ("cumberland", [("usa-gar-5", 2)]),
    ((38.22, -77.88), [("anv", 4), ("csa-ewell", 3), ("csa-early", 4), ("csa-rodes", 4), ("csa-art-2", 3)]),
    ("orange", [("csa-ap-hill", 3), ("csa-heth", 4), ("csa-pender", 3), ("csa-art-3", 3)]),
    ("gordonsville", [("csa-longstreet", 4), ("csa-mclaws", 3), ("csa-anderson", 3), ("csa-art-1", 2)]),
    ((38.30, -77.75), [("csa-cav-stuart", 3), ("csa-cav-fitz-lee", 3), ("csa-cav-hampton", 3)]),
    ("richmond", [("csa", 3), ("csa-gar-1", 3), ("csa-hvy-1", 2), ("csa-bde-1", 1), ("csa-ransom", 2)]),
    ("petersburg", [("anc", 3), ("csa-pickett", 3), ("csa-hoke", 3), ("csa-gar-2", 2), ("csa-hvy-2", 2)]),
    ("staunton", [("av", 2), ("csa-breckinridge", 3), ("csa-cav-rosser", 2), ("csa-bde-3", 1)]),
    ("hanover-junction", [("csa-bde-2", 1)]),
 ]),
}


def render(year):
    month, title, emanc, deploys = SCEN[year]
    out = [HEADER.format(year=year, month_name=MONTHS[month]) + HISTORY[year]]
    out.append('id = "%d"' % year)
    out.append('title = "%s"' % title)
    out.append("year = %d" % year)
    out.append("start_month = %d" % month)
    out.append("end_month = 10")
    out.append("emancipation = %s" % ("true" if emanc else "false"))
    out.append("")
    out.append("# The blocks' names in %s %d where units.toml's war-long names are wrong for the month" % (MONTHS[month], year))
    out.append("# (shown in the app and the CLI; no rule reads them).")
    out.append("names = [")
    for u, name in NAMES[year]:
        out.append('  { u = "%s", name = "%s" },' % (u, name))
    out.append("]")
    out.append("")
    for where, units in deploys:
        out.append("[[deploy]]")
        out.append('hex = "%s"' % spot(where))
        out.append("units = [%s]" % ", ".join('{ u = "%s", s = %d }' % u for u in units))
        out.append("")
    return "\n".join(out)


def main():
    check = sys.argv[1:] == ["--check"]
    bad = []
    for year in SCEN:
        path = os.path.join(OUT, "%d.toml" % year)
        text = render(year)
        if check:
            with open(path) as f:
                if f.read() != text:
                    bad.append(path)
        else:
            with open(path, "w") as f:
                f.write(text)
    if bad:
        sys.stderr.write("%s differ from what gen_oob.py builds: run\n  python3 %s\n" % (", ".join(os.path.relpath(p) for p in bad), os.path.relpath(__file__)))
        sys.exit(1)


if __name__ == "__main__":
    main()
