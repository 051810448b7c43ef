#!/usr/bin/env python3
"""Extracts the coast of Bobby Lee's map (the Chesapeake Bay, Hampton Roads and the Atlantic
shore) from public-domain data that a package registry ships, into the small committed extract
map_data/coast.toml that gen_map.py reads.

    python3 systems/src/bobby_lee/tools/extract_coast.py \
        --us-atlas DIR > systems/src/bobby_lee/tools/map_data/coast.toml

--us-atlas DIR: the unpacked npm package us-atlas@3.0.1 (`npm pack us-atlas@3.0.1`, the same
    package extract_rivers.py reads): US Census Bureau cartographic boundaries at 1:10,000,000
    (public domain), as TopoJSON. The cartographic county lines are cut at the shoreline, so
    an arc that belongs to one county only is coast.

It writes the open water of the Bay and the ocean as a raster of STEP degrees, one row per
latitude, each row the runs of water cells [west lon, east lon]. Water is what lies outside
every county (the parity of the coast arcs crossed on the way east); open water is the water
reached from the Bay's mouth without crossing a tidal river's mouth (MOUTHS, drawn headland to
headland): the tidal rivers are hexside rivers on the map (BL 1.27), not sea.

Standard library only.
"""
import argparse
import json

from extract_rivers import topo  # the same US Census TopoJSON reader

# The map's box with a margin (lat, lon); gen_map.py's grid lies inside it.
BOX = (36.5, 40.5, -79.5, -75.7)
STEP = 0.02
# Where the open water starts the flood: the Bay's mouth between Cape Henry and Cape Charles.
SEED = (37.04, -76.06)
# The tidal rivers' mouths, closed from headland to headland (lat, lon): named points of the
# shore, positions read from the package's shorelines (rounded to 0.01 degree, approximated).
MOUTHS = [
    ("Potomac", (38.04, -76.32), (37.88, -76.24), "Point Lookout (Maryland) to Smith Point (Virginia)"),
    ("Patuxent", (38.33, -76.42), (38.30, -76.37), "Drum Point to Cedar Point"),
    ("Patapsco", (39.21, -76.44), (39.13, -76.41), "North Point to Bodkin Point (Baltimore's harbour)"),
    ("Rappahannock", (37.64, -76.29), (37.56, -76.30), "Windmill Point to Stingray Point"),
    ("York", (37.28, -76.38), (37.22, -76.40), "Guinea Neck (Gloucester) to Tue Marsh (York County), below Yorktown"),
    ("James", (37.00, -76.31), (36.95, -76.30), "Old Point Comfort (Fort Monroe) to Willoughby Spit: Hampton Roads, the James's mouth"),
]


def rings_of(g):
    return g["arcs"] if g["type"] == "Polygon" else [r for p in g["arcs"] for r in p]


def crossings(segments, lat):
    out = []
    for (a1, o1), (a2, o2) in segments:
        if (a1 > lat) != (a2 > lat):
            out.append(o1 + (lat - a1) * (o2 - o1) / (a2 - a1))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--us-atlas", required=True)
    a = ap.parse_args()
    d, arcs = topo(a.us_atlas + "/counties-10m.json")
    uses = {}
    for g in d["objects"]["counties"]["geometries"]:
        for r in rings_of(g):
            for i in r:
                k = i if i >= 0 else ~i
                uses[k] = uses.get(k, 0) + 1
    coast = [(p, q) for k, n in sorted(uses.items()) if n == 1 for p, q in zip(arcs[k], arcs[k][1:])
             if max(p[0], q[0]) >= BOX[0] and min(p[0], q[0]) <= BOX[1] and max(p[1], q[1]) >= BOX[2]]
    nlat = round((BOX[1] - BOX[0]) / STEP) + 1
    nlon = round((BOX[3] - BOX[2]) / STEP) + 1
    # water[i][j]: the cell centred on (BOX[0] + i*STEP, BOX[2] + j*STEP) lies outside every county.
    water = []
    for i in range(nlat):
        lat = BOX[0] + i * STEP
        xs = crossings(coast, lat)
        water.append([sum(1 for x in xs if x > BOX[2] + j * STEP) % 2 == 0 for j in range(nlon)])
    # The mouths are walls.
    for _, (la1, lo1), (la2, lo2), _ in MOUTHS:
        n = int(max(abs(la2 - la1), abs(lo2 - lo1)) / (STEP / 4)) + 1
        for k in range(n + 1):
            t = k / n
            i = round((la1 + (la2 - la1) * t - BOX[0]) / STEP)
            j = round((lo1 + (lo2 - lo1) * t - BOX[2]) / STEP)
            for di, dj in ((0, 0), (1, 0), (0, 1), (1, 1)):
                if 0 <= i + di < nlat and 0 <= j + dj < nlon:
                    water[i + di][j + dj] = False
    seed = (round((SEED[0] - BOX[0]) / STEP), round((SEED[1] - BOX[2]) / STEP))
    assert water[seed[0]][seed[1]], "the seed must be water"
    sea = [[False] * nlon for _ in range(nlat)]
    todo = [seed]
    sea[seed[0]][seed[1]] = True
    while todo:
        i, j = todo.pop()
        for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            a2, b2 = i + di, j + dj
            if 0 <= a2 < nlat and 0 <= b2 < nlon and water[a2][b2] and not sea[a2][b2]:
                sea[a2][b2] = True
                todo.append((a2, b2))
    w = print
    w("# Bobby Lee map: the open water of the Chesapeake Bay and the ocean, extracted by")
    w("# systems/src/bobby_lee/tools/extract_coast.py; read by gen_map.py.")
    w("#")
    w("# SOURCE AND LICENCE: US Census Bureau cartographic boundaries 1:10,000,000 (public domain),")
    w("# npm us-atlas@3.0.1 (ISC): county lines cut at the shoreline; an arc of one county only is")
    w("# coast. The tidal rivers' mouths are closed headland to headland (approximated, from the")
    w("# same shorelines; extract_coast.py MOUTHS):")
    for name, _, _, src in MOUTHS:
        w("# * %s: %s." % (name, src))
    w("# Today's shore, simplified: the 1861 shore was the same at this scale (10-mile hexes).")
    w("")
    w("step = %.2f" % STEP)
    w("# One row per latitude, south to north: [lat, [[west lon, east lon], ...]], the runs of")
    w("# cells (each `step` across, centred on the given coordinates) that are open water.")
    w("sea = [")
    for i in range(nlat):
        runs, j = [], 0
        while j < nlon:
            if sea[i][j]:
                k = j
                while k + 1 < nlon and sea[i][k + 1]:
                    k += 1
                runs.append((BOX[2] + j * STEP, BOX[2] + k * STEP))
                j = k + 1
            else:
                j += 1
        if runs:
            w("  [%.2f, [%s]]," % (BOX[0] + i * STEP, ", ".join("[%.2f, %.2f]" % r for r in runs)))
    w("]")


if __name__ == "__main__":
    main()
