#!/usr/bin/env python3
"""Builds content/bobby-lee/map.toml, byte for byte, from the committed data in map_data/:

    python3 systems/src/bobby_lee/tools/gen_map.py > content/bobby-lee/map.toml

Reads map_data/gazetteer.toml (places, ridges, gaps, railroads, forests, the naval network),
map_data/rivers.toml (river courses from public-domain data, see extract_rivers.py),
map_data/coast.toml (the open water of the Bay and the ocean from public-domain data, see
extract_coast.py) and map_data/corrections.toml (hand corrections, applied last). Standard
library only (Python 3.11+). `--check FILE` compares instead of printing (exit 1 on a
difference); the Bobby Lee test `map_tool_rebuilds_the_shipped_map` runs it.

Grid: pointy-topped hexes in odd-r offset rows (odd rows shoved half a hex east), 10 miles
across, labels CCRR with column 01 at the west edge and row 01 at the north edge.

Rivers run along hexsides: a hexside is a river's when the straight line between the two hexes'
points crosses the river's course, where a hex's point is its centre, or the place in it (its
real position), so that every town lies on its true bank (BL 1.27).
"""
import math
import os
import sys
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
COLS, ROWS = 19, 31
W = 10.0                      # miles across flats
DY = W * math.sqrt(3) / 2     # row spacing
LAT_N, LON_W = 40.42, -79.42
MI_LON = 54.5                 # miles per degree of longitude at 38N
MI_LAT = 69.1
# A hexside claimed by several rivers keeps the strongest (the Potomac over the tributaries
# that meet it); a river's hexside is never a ridge's.
RANK = {"navigable-river": 4, "major-river": 3, "crossing": 3, "minor-river": 2, "marsh": 1}
# Neighbour directions of a pointy-topped hex (odd-r): E, W, NW, NE, SW, SE.
DIRS = ["E", "W", "NW", "NE", "SW", "SE"]


def load(name):
    with open(os.path.join(HERE, "map_data", name), "rb") as f:
        return tomllib.load(f)


def xy(lat, lon):
    return ((lon - LON_W) * MI_LON, (LAT_N - lat) * MI_LAT)


def center(c, r):
    return (W * (c - 1 + 0.5 * (r & 1)), DY * (r - 1))


def hex_of(lat, lon):
    x, y = xy(lat, lon)
    best = None
    for r in range(1, ROWS + 1):
        for c in range(1, COLS + 1):
            cx, cy = center(c, r)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, c, r)
    return best[1], best[2]


def nbrs(c, r):
    if r & 1:
        d = [(1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (1, 1)]
    else:
        d = [(1, 0), (-1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1)]
    return [(c + a, r + b) for a, b in d]


def on_map(c, r):
    return 1 <= c <= COLS and 1 <= r <= ROWS


def label(h):
    return "%02d%02d" % h


def parse(lbl):
    return (int(lbl[:2]), int(lbl[2:]))


def seg_intersect(p1, p2, p3, p4):
    def ccw(a, b, c):
        return (c[1] - a[1]) * (b[0] - a[0]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = ccw(p3, p4, p1), ccw(p3, p4, p2)
    d3, d4 = ccw(p1, p2, p3), ccw(p1, p2, p4)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0))


class Map:
    def __init__(self, gaz):
        self.places = gaz["place"]
        self.P = {p["id"]: tuple(p["at"]) for p in self.places}
        self.keep = set(hex_of(*p["at"]) for p in self.places)
        # The point a hex stands for: its place's real position, else its centre.
        self.rep = {}
        for p in self.places:
            self.rep[hex_of(*p["at"])] = xy(*p["at"])

    def point(self, h):
        return self.rep.get(h) or center(*h)

    def sides_crossing(self, poly, use_places=True):
        """Hexsides whose hexes' points lie on opposite sides of the line (an odd number of
        crossings): each hexside once, (north-west hex, other)."""
        pts = [xy(*p) for p in poly]
        pt = self.point if use_places else (lambda h: center(*h))
        out = []
        for r in range(1, ROWS + 1):
            for c in range(1, COLS + 1):
                for n in nbrs(c, r):
                    if not on_map(*n) or (n[1], n[0]) < (r, c):
                        continue
                    a, b = pt((c, r)), pt(n)
                    k = sum(seg_intersect(a, b, pts[i], pts[i + 1]) for i in range(len(pts) - 1))
                    if k % 2:
                        out.append(((c, r), n))
        return out

    def hex_path(self, points):
        """Hexes along a polyline of (lat, lon), each adjacent to the next."""
        out = []
        for i in range(len(points) - 1):
            (a, b) = xy(*points[i]), xy(*points[i + 1])
            n = int(math.hypot(b[0] - a[0], b[1] - a[1]) / 1.0) + 1
            for k in range(n + 1):
                t = k / n
                x, y = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
                lat, lon = LAT_N - y / MI_LAT, LON_W + x / MI_LON
                h = hex_of(lat, lon)
                if not out or out[-1] != h:
                    if out and h not in nbrs(*out[-1]):
                        continue
                    out.append(h)
        clean = []
        for h in out:
            if h in clean:
                clean = clean[: clean.index(h) + 1]
            else:
                clean.append(h)
        changed = True
        while changed:
            changed = False
            for i in range(1, len(clean) - 1):
                if clean[i + 1] in nbrs(*clean[i - 1]) and clean[i] not in self.keep:
                    del clean[i]
                    changed = True
                    break
        return clean

    def route(self, pts):
        return self.hex_path([self.P[p] if isinstance(p, str) else tuple(p) for p in pts])


def side_near(sides, lat, lon):
    x, y = xy(lat, lon)
    def d(s):
        a, b = center(*s[0]), center(*s[1])
        return ((a[0] + b[0]) / 2 - x) ** 2 + ((a[1] + b[1]) / 2 - y) ** 2
    return min(sides, key=d)


def norm(s):
    a, b = s
    return s if (a[1], a[0]) < (b[1], b[0]) else (b, a)


def stretches(river):
    """The river's course cut where its kind changes: [(kind, points)], mouth first."""
    pts = [tuple(p) for p in river["points"]]
    cuts = []
    for kind, lat, lon in river["kinds"]:
        i = min(range(len(pts)), key=lambda k: (pts[k][0] - lat) ** 2 + ((pts[k][1] - lon) * 0.79) ** 2)
        cuts.append((i, kind))
    out = []
    for j, (i, kind) in enumerate(cuts):
        end = cuts[j + 1][0] if j + 1 < len(cuts) else len(pts) - 1
        out.append((kind, pts[i:end + 1]))
    return out


# A hex is sea when open water (coast.toml) covers at least SEA_SHARE of it, sampled on a
# 1-mile lattice inside its inscribed circle: a hex mostly of shore is a coastal land hex
# (BL 1.2). At 45% the Bay stays one body of water through its narrows off Annapolis (hex
# 1711, as much water as shore), so no land path crosses it by Kent Island.
SEA_SHARE = 0.45


class Sea:
    def __init__(self, coast):
        self.step = coast["step"]
        self.rows = {round(r[0] / self.step): r[1] for r in coast["sea"]}

    def water(self, lat, lon):
        h = self.step / 2
        return any(a - h <= lon < b + h for a, b in self.rows.get(round(lat / self.step), []))

    def hex(self, c, r):
        cx, cy = center(c, r)
        pts = [(cx + dx, cy + dy) for dx in range(-4, 5) for dy in range(-4, 5) if dx * dx + dy * dy <= (W / 2 * math.sqrt(3) / 2) ** 2]
        wet = sum(self.water(LAT_N - y / MI_LAT, LON_W + x / MI_LON) for x, y in pts)
        return wet >= SEA_SHARE * len(pts)


def build():
    gaz, riv, cor = load("gazetteer.toml"), load("rivers.toml"), load("corrections.toml")
    m = Map(gaz)
    terrain = {}
    sea = Sea(load("coast.toml"))
    for r in range(1, ROWS + 1):
        for c in range(1, COLS + 1):
            x, y = center(c, r)
            t = "."
            if sea.hex(c, r):
                t = "~"
            else:
                for (fl, fo, rad) in gaz["forests"]:
                    fx, fy = xy(fl, fo)
                    if math.hypot(fx - x, fy - y) <= rad:
                        t = "f"
            terrain[(c, r)] = t
    place_hex = {}
    for p in gaz["place"]:
        h = hex_of(*p["at"])
        if h in place_hex.values():
            raise SystemExit("two places in hex %s: %s" % (label(h), p["id"]))
        place_hex[p["id"]] = h
        if terrain[h] == "~":
            terrain[h] = "."
    for rail in gaz["rail"]:
        for h in m.route(rail["route"]):
            if terrain[h] == "~":
                terrain[h] = "."
    # Home territory: north of the Potomac is USA (each hex by its point: a place's position).
    rivers = {r["id"]: r for r in riv["river"]}
    pot = [xy(39.70, -80.5)] + [xy(*p) for p in reversed(rivers["potomac"]["points"])] + [xy(38.0, -74.0)]
    def north_of_potomac(h):
        x, y = m.point(h)
        far = (x, -1000)
        n = sum(seg_intersect((x, y), far, pot[i], pot[i + 1]) for i in range(len(pot) - 1))
        return n % 2 == 0
    home = {}
    for r in range(1, ROWS + 1):
        for c in range(1, COLS + 1):
            home[(c, r)] = "U" if north_of_potomac((c, r)) else "C"
    # BL 8.1: 8 West Virginia hexes from Franklin north to the Potomac along the South Branch.
    sb = m.hex_path([(38.64, -79.33), (38.99, -79.10), (39.06, -78.97), (39.34, -78.76), (39.52, -78.62)])
    wv = [place_hex[p] for p in ("franklin", "moorefield", "romney")]
    for h in sb:
        if home[h] == "C" and h not in wv:
            wv.append(h)
    for h in sb:
        for n in nbrs(*h):
            if len(wv) >= 8:
                break
            if on_map(*n) and home[n] == "C" and n not in wv and terrain[n] != "~":
                x, y = center(*n)
                if x < center(*place_hex["winchester"])[0] - 20:
                    wv.append(n)
    for h in wv[:8]:
        home[h] = "U"
    home[place_hex["fort-monroe"]] = "U"
    for fix in cor.get("home", []):
        for lbl in fix["hexes"]:
            home[parse(lbl)] = fix["side"]

    # Hexside features: rivers (strongest wins), crossings, ridges and gaps, the rulebook's
    # clarifications, then the hand corrections.
    owner = {}       # side -> (kind, name)
    order = []       # (name, kind) in first-seen order
    river_of = {}    # crossing name -> river name
    def claim(side, kind, name, force=False):
        side = norm(side)
        cur = owner.get(side)
        if force or cur is None or RANK.get(kind, 0) > RANK.get(cur[0], 0):
            owner[side] = (kind, name)
            if (name, kind) not in order:
                order.append((name, kind))
    river_sides = {}
    for r in riv["river"]:
        for kind, pts in stretches(r):
            k = {"navigable": "navigable-river", "major": "major-river", "minor": "minor-river", "marsh": "marsh"}[kind]
            sides = m.sides_crossing(pts)
            for s in sides:
                claim(s, k, r["name"])
            if kind in ("navigable", "major"):
                river_sides.setdefault(r["id"], []).extend(norm(s) for s in sides)
    for x in gaz["crossing"]:
        cand = [s for s in river_sides.get(x["river"], []) if owner.get(s, ("", ""))[1] == rivers[x["river"]]["name"]]
        if cand:
            claim(side_near(cand, *x["at"]), "crossing", x["name"], force=True)
            river_of[x["name"]] = rivers[x["river"]]["name"]
    ridge_sides = {rg["id"]: [norm(s) for s in m.sides_crossing([tuple(p) for p in rg["points"]], use_places=False)] for rg in gaz["ridge"]}
    gapped = {}
    for g in gaz["gap"]:
        s = side_near(ridge_sides[g["ridge"]], *g["at"])
        gapped.setdefault(s, g["name"])
    routes = [m.route(rail["route"]) for rail in gaz["rail"]]
    routes.append(m.route(gaz["turnpike"]))
    for path in routes:
        for a, b in zip(path, path[1:]):
            s = norm((a, b))
            if any(s in sides for sides in ridge_sides.values()) and s not in gapped:
                gapped[s] = "Gap (road or rail pass)"
    for rg in gaz["ridge"]:
        for s in ridge_sides[rg["id"]]:
            if s not in owner and s not in gapped:
                claim(s, "mountain", rg["id"].replace("-", " ").title())
    for s, gname in gapped.items():
        if s not in owner:
            claim(s, "gap", gname)
    for x in gaz.get("clarification", []):
        h = place_hex[x["place"]]
        n = nbrs(*h)[DIRS.index(x["dir"])]
        claim((h, n), x["kind"], x["name"], force=True)
        if x.get("river"):
            river_of[x["name"]] = x["river"]
    for fix in cor.get("side", []):
        for lbl in fix["sides"]:
            a, b = lbl.split("/")
            s = norm((parse(a), parse(b)))
            if fix["kind"] == "none":
                owner.pop(s, None)
            else:
                claim(s, fix["kind"], fix["name"], force=True)
                if fix.get("river"):
                    river_of[fix["name"]] = fix["river"]
    return gaz, riv, cor, m, terrain, home, place_hex, owner, order, river_of


def render():
    gaz, riv, cor, m, terrain, home, place_hex, owner, order, river_of = build()
    out = []
    w = out.append
    for line in cor["header"].rstrip("\n").split("\n"):
        w(("# " + line).rstrip())
    w("")
    w("[grid]")
    w('convention = "odd-r"')
    w("cols = %d" % COLS)
    w("rows = %d" % ROWS)
    w("# One string per row (north first), one character per column: '.' clear, 'f' forest,")
    w("# 'M' mountain (impassable), '~' sea (naval movement only).")
    w("terrain = [")
    for r in range(1, ROWS + 1):
        w('  "%s",  # row %02d' % ("".join(terrain[(c, r)] for c in range(1, COLS + 1)), r))
    w("]")
    w("# Home territory (rule 1.1, 8.1): 'U' USA, 'C' CSA. A settlement's colour (its `owner`) is the")
    w("# home side of its hex.")
    w("home = [")
    for r in range(1, ROWS + 1):
        w('  "%s",  # row %02d' % ("".join(home[(c, r)] for c in range(1, COLS + 1)), r))
    w("]")
    w("")
    for p in gaz["place"]:
        w("[[place]]")
        w('id = "%s"' % p["id"])
        w('name = "%s"' % p["name"])
        w('hex = "%s"' % label(place_hex[p["id"]]))
        w('kind = "%s"' % p["kind"])
        w('owner = "%s"' % p["owner"])
        if p.get("port"):
            w("port = true")
        if p.get("fortress"):
            w("fortress = true")
        if p.get("vp"):
            w("vp = %d" % p["vp"])
        if p.get("supply"):
            w('supply_source = "%s"' % p["supply"])
        w("")
    w("# Hexside features. A hexside is written \"AAAA/BBBB\" (two adjacent hex labels). Kinds:")
    w("# major-river (impassable by land), crossing (bridge or ford over a major river), minor-river,")
    w("# marsh, gap, mountain (impassable). Each hexside is listed once; a crossing names its `river`.")
    # Features in first-claimed order, each with its hexsides in grid order.
    keys = sorted(owner, key=lambda s: (s[0][1], s[0][0], s[1][1], s[1][0]))
    for name, kind in order:
        sides = [s for s in keys if owner[s] == (kind, name)]
        if not sides:
            continue
        w("[[feature]]")
        w('name = "%s"' % name)
        w('kind = "%s"' % kind)
        if name in river_of:
            w('river = "%s"' % river_of[name])
        w("sides = [")
        line = "  "
        for (a, b) in sides:
            item = '"%s/%s", ' % (label(a), label(b))
            if len(line) + len(item) > 96:
                w(line.rstrip())
                line = "  "
            line += item
        w(line.rstrip())
        w("]")
        w("")
    w("# Railroads (rule 1.4, 9): hexes in order along the line, each adjacent to the next.")
    for rail in gaz["rail"]:
        w("[[rail]]")
        w('id = "%s"' % rail["id"])
        w('name = "%s"' % rail["name"])
        w('gauge = "%s"' % rail["gauge"])
        w("hexes = [%s]" % ", ".join('"%s"' % label(h) for h in m.route(rail["route"])))
        w("")
    w("# The Valley Turnpike (rule 1.6), Martinsburg to Staunton.")
    w("[turnpike]")
    w("hexes = [%s]" % ", ".join('"%s"' % label(h) for h in m.route(gaz["turnpike"])))
    w("")
    w("# Naval network (rule 10): each waterway leaves the Bay (or another waterway's port) and")
    w("# lists its ports from the mouth upstream; the last port is the head of navigation (10.2).")
    for wy in gaz["waterway"]:
        w("[[waterway]]")
        w('id = "%s"' % wy["id"])
        w('name = "%s"' % wy["name"])
        if wy.get("from"):
            w('from = "%s"' % wy["from"])
        if wy.get("csa_naval_optional"):
            w("csa_naval = true   # rule 5.4 names the Appomattox; rules 10.1 / 11.42 the James only")
            w("csa_naval_optional = true   # so the CSA's use of it is the option csa-naval-rivers")
        elif wy.get("csa_naval"):
            w("csa_naval = true   # rule 10.1 / 5.4: CSA naval movement and supply, while it holds Norfolk")
        w("ports = [%s]" % ", ".join('"%s"' % p for p in wy["ports"]))
        w("")
    return "\n".join(out) + "\n"


def main():
    text = render()
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        with open(sys.argv[2]) as f:
            if f.read() != text:
                sys.stderr.write("%s differs from what gen_map.py builds: run\n  python3 %s > %s\n" % (sys.argv[2], os.path.relpath(__file__), sys.argv[2]))
                sys.exit(1)
        return
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
