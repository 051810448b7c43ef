#!/usr/bin/env python3
"""Writes content/bobby-lee/scenarios/*.toml (AUTHORED orders of battle, see each file's header)."""
import gen_map as g

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

for year, (month, title, emanc, deploys) in SCEN.items():
    out = [HEADER.format(year=year, month_name=MONTHS[month])]
    out.append('id = "%d"' % year)
    out.append('title = "%s"' % title)
    out.append("year = %d" % year)
    out.append("start_month = %d" % month)
    out.append("end_month = 10")
    out.append("emancipation = %s" % ("true" if emanc else "false"))
    out.append("")
    for where, units in deploys:
        out.append("[[deploy]]")
        out.append('hex = "%s"' % spot(where))
        out.append("units = [%s]" % ", ".join('{ u = "%s", s = %d }' % u for u in units))
        out.append("")
    open("../../../../content/bobby-lee/scenarios/%d.toml" % year, "w").write("\n".join(out))
