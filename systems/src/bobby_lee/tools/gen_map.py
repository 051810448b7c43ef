#!/usr/bin/env python3
"""Generates content/bobby-lee/map.toml from a small gazetteer of historical geography.

Not part of the build: run it by hand (python3 gen_map.py > ../../../../content/bobby-lee/map.toml)
when the gazetteer changes, then hand-correct the TOML if needed, and re-apply the hand
corrections listed in the map.toml header (the Potomac at Washington, Hancock and the confluences,
southern Maryland home territory: issue 6). Everything here is AUTHORED
from historical geography (approximate lat/lon of 1861-65 towns, rivers, ridges and railroads);
the Bobby Lee rulebook gives no map data at all (digest section 7.4).

Grid: pointy-topped hexes in odd-r offset rows (odd rows shoved half a hex east), 10 miles
across, labels CCRR with column 01 at the west edge and row 01 at the north edge.
"""
import math

COLS, ROWS = 19, 31
W = 10.0                      # miles across flats
DY = W * math.sqrt(3) / 2     # row spacing
LAT_N, LON_W = 40.42, -79.42
MI_LON = 54.5                 # miles per degree of longitude at 38N
MI_LAT = 69.1

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

def seg_intersect(p1, p2, p3, p4):
    def ccw(a, b, c):
        return (c[1] - a[1]) * (b[0] - a[0]) - (b[1] - a[1]) * (c[0] - a[0])
    d1, d2 = ccw(p3, p4, p1), ccw(p3, p4, p2)
    d3, d4 = ccw(p1, p2, p3), ccw(p1, p2, p4)
    return ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0))

def sides_crossing(poly):
    pts = [xy(*p) for p in poly]
    out = []
    for r in range(1, ROWS + 1):
        for c in range(1, COLS + 1):
            for n in nbrs(c, r):
                if not on_map(*n) or (n[1], n[0]) < (r, c):
                    continue
                a, b = center(c, r), center(*n)
                if any(seg_intersect(a, b, pts[i], pts[i + 1]) for i in range(len(pts) - 1)):
                    out.append(((c, r), n))
    return out

def side_near(sides, lat, lon):
    x, y = xy(lat, lon)
    def d(s):
        a, b = center(*s[0]), center(*s[1])
        return ((a[0] + b[0]) / 2 - x) ** 2 + ((a[1] + b[1]) / 2 - y) ** 2
    return min(sides, key=d)

def hex_path(points):
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
    # drop back-and-forth wiggles
    clean = []
    for h in out:
        if h in clean:
            clean = clean[: clean.index(h) + 1]
        else:
            clean.append(h)
    # drop a hex whose neighbours along the path are adjacent to each other (zigzags)
    changed = True
    while changed:
        changed = False
        for i in range(1, len(clean) - 1):
            if clean[i + 1] in nbrs(*clean[i - 1]) and clean[i] not in KEEP:
                del clean[i]
                changed = True
                break
    return clean

# ---------------------------------------------------------------------------------------
# Gazetteer: id, name, lat, lon, kind, owner colour, port, fortress, vp
PLACES = [
    # USA (Pennsylvania, Maryland, West Virginia unionist towns)
    ("harrisburg", "Harrisburg", 40.27, -76.88, "town", "USA", True, False, 2),
    ("carlisle", "Carlisle", 40.20, -77.19, "town", "USA", False, False, 0),
    ("chambersburg", "Chambersburg", 39.94, -77.66, "town", "USA", False, False, 1),
    ("gettysburg", "Gettysburg", 39.83, -77.23, "town", "USA", False, False, 1),
    ("york", "York", 39.96, -76.73, "town", "USA", False, False, 1),
    ("lancaster", "Lancaster", 40.04, -76.31, "town", "USA", False, False, 1),
    ("hanover", "Hanover", 39.80, -76.98, "village", "USA", False, False, 0),
    ("hagerstown", "Hagerstown", 39.64, -77.72, "town", "USA", False, False, 1),
    ("frederick", "Frederick", 39.41, -77.41, "town", "USA", False, False, 1),
    ("westminster", "Westminster", 39.58, -77.00, "village", "USA", False, False, 0),
    ("baltimore", "Baltimore", 39.29, -76.61, "city", "USA", True, True, 3),
    ("havre-de-grace", "Havre de Grace", 39.55, -76.09, "village", "USA", True, False, 0),
    ("annapolis", "Annapolis", 38.98, -76.49, "town", "USA", True, False, 1),
    ("washington", "Washington", 38.90, -77.04, "city", "USA", True, True, 5),
    ("rockville", "Rockville", 39.08, -77.15, "village", "USA", False, False, 0),
    ("sharpsburg", "Sharpsburg", 39.46, -77.75, "village", "USA", False, False, 0),
    ("cumberland", "Cumberland", 39.65, -78.76, "town", "USA", False, False, 1),
    ("hancock", "Hancock", 39.70, -78.18, "village", "USA", False, False, 0),
    ("point-lookout", "Point Lookout", 38.05, -76.35, "village", "USA", True, False, 0),
    ("romney", "Romney", 39.34, -78.76, "town", "USA", False, False, 0),
    ("moorefield", "Moorefield", 39.06, -78.97, "town", "USA", False, False, 0),
    ("franklin", "Franklin", 38.64, -79.33, "town", "USA", False, False, 0),
    ("fort-monroe", "Fort Monroe", 37.00, -76.31, "fort", "USA", True, True, 0),
    # CSA (Virginia)
    ("alexandria", "Alexandria", 38.80, -77.05, "town", "CSA", True, True, 1),
    ("fairfax", "Fairfax", 38.85, -77.31, "village", "CSA", False, False, 0),
    ("leesburg", "Leesburg", 39.12, -77.56, "town", "CSA", False, False, 1),
    ("harpers-ferry", "Harper's Ferry", 39.32, -77.74, "town", "CSA", False, False, 1),
    ("martinsburg", "Martinsburg", 39.46, -77.96, "town", "CSA", False, False, 1),
    ("winchester", "Winchester", 39.19, -78.16, "town", "CSA", False, False, 1),
    ("front-royal", "Front Royal", 38.92, -78.19, "village", "CSA", False, False, 0),
    ("strasburg", "Strasburg", 38.99, -78.36, "village", "CSA", False, False, 0),
    ("woodstock", "Woodstock", 38.88, -78.51, "village", "CSA", False, False, 0),
    ("new-market", "New Market", 38.65, -78.67, "village", "CSA", False, False, 0),
    ("luray", "Luray", 38.66, -78.46, "village", "CSA", False, False, 0),
    ("harrisonburg", "Harrisonburg", 38.45, -78.87, "town", "CSA", False, False, 1),
    ("conrads-store", "Conrad's Store", 38.40, -78.62, "village", "CSA", False, False, 0),
    ("staunton", "Staunton", 38.15, -79.07, "town", "CSA", False, False, 1),
    ("monterey", "Monterey", 38.41, -79.58 + 0.25, "village", "CSA", False, False, 0),
    ("lexington", "Lexington", 37.78, -79.44 + 0.1, "town", "CSA", False, False, 0),
    ("manassas", "Manassas", 38.75, -77.48, "village", "CSA", False, False, 0),
    ("warrenton", "Warrenton", 38.71, -77.80, "town", "CSA", False, False, 0),
    ("culpeper", "Culpeper", 38.47, -78.00, "town", "CSA", False, False, 1),
    ("orange", "Orange", 38.25, -78.11, "village", "CSA", False, False, 0),
    ("gordonsville", "Gordonsville", 38.14, -78.19, "village", "CSA", False, False, 0),
    ("charlottesville", "Charlottesville", 38.03, -78.48, "town", "CSA", False, False, 1),
    ("fredericksburg", "Fredericksburg", 38.30, -77.46, "town", "CSA", False, False, 1),
    ("chancellorsville", "Chancellorsville", 38.31, -77.64, "village", "CSA", False, False, 0),
    ("aquia-landing", "Aquia Landing", 38.39, -77.32, "village", "CSA", True, False, 0),
    ("port-royal", "Port Royal", 38.17, -77.19, "village", "CSA", True, False, 0),
    ("tappahannock", "Tappahannock", 37.93, -76.86, "village", "CSA", True, False, 0),
    ("hanover-junction", "Hanover Junction", 37.87, -77.46, "village", "CSA", False, False, 0),
    ("louisa", "Louisa", 38.03, -77.99, "village", "CSA", False, False, 0),
    ("spotsylvania", "Spotsylvania", 38.20, -77.59, "village", "CSA", False, False, 0),
    ("richmond", "Richmond", 37.54, -77.44, "city", "CSA", True, True, 5),
    ("fair-oaks", "Fair Oaks", 37.52, -77.28, "village", "CSA", False, False, 0),
    ("white-house", "White House", 37.58, -77.02, "village", "CSA", False, False, 0),
    ("west-point", "West Point", 37.53, -76.80, "village", "CSA", True, False, 0),
    ("yorktown", "Yorktown", 37.24, -76.51, "village", "CSA", True, False, 0),
    ("williamsburg", "Williamsburg", 37.27, -76.71, "town", "CSA", True, False, 0),
    ("harrisons-landing", "Harrison's Landing", 37.32, -77.08, "village", "CSA", True, False, 0),
    ("city-point", "City Point", 37.31, -77.28, "village", "CSA", True, False, 0),
    ("petersburg", "Petersburg", 37.23, -77.40, "city", "CSA", True, True, 3),
    ("norfolk", "Norfolk", 36.85, -76.29, "town", "CSA", True, False, 2),
    ("suffolk", "Suffolk", 36.73, -76.58, "town", "CSA", False, False, 0),
    ("burkeville", "Burkeville", 37.19, -78.20, "village", "CSA", False, False, 0),
    ("farmville", "Farmville", 37.30, -78.39, "town", "CSA", False, False, 0),
    ("appomattox", "Appomattox", 37.36, -78.82, "village", "CSA", False, False, 0),
    ("lynchburg", "Lynchburg", 37.41, -79.14, "town", "CSA", False, False, 1),
    ("amelia", "Amelia", 37.34, -77.98, "village", "CSA", False, False, 0),
    # rail supply hexes on the map edge (off-map destinations)
    ("pittsburgh-rr", "Pennsylvania RR (to Pittsburgh)", 40.40, -77.25, "village", "USA", False, False, 0),
    ("philadelphia-rr", "PW&B RR (to Philadelphia)", 39.62, -76.02, "village", "USA", False, False, 0),
    ("wheeling-rr", "B&O RR (to Wheeling)", 39.62, -79.38, "village", "USA", False, False, 0),
    ("tennessee-rr", "Virginia & Tennessee RR", 37.30, -79.40, "village", "CSA", False, False, 0),
    ("danville-rr", "Richmond & Danville RR", 36.66, -78.70, "village", "CSA", False, False, 0),
    ("weldon-rr", "Petersburg RR (to Weldon)", 36.64, -77.50, "village", "CSA", False, False, 0),
]
SUPPLY = {"pittsburgh-rr": "USA", "philadelphia-rr": "USA", "wheeling-rr": "USA",
          "tennessee-rr": "CSA", "danville-rr": "CSA", "weldon-rr": "CSA"}

P = {p[0]: (p[2], p[3]) for p in PLACES}
KEEP = set(hex_of(p[2], p[3]) for p in PLACES)

# Chesapeake Bay western shore, north to south; hexes east of it are sea.
BAY_SHORE = [(39.62, -76.10), (39.35, -76.35), (39.20, -76.45), (38.98, -76.45),
             (38.60, -76.45), (38.30, -76.40), (38.03, -76.30), (37.60, -76.28), (37.40, -76.30),
             (37.25, -76.38), (37.05, -76.33), (36.95, -76.20), (36.90, -76.00)]
FORESTS = [  # (lat, lon, radius miles)
    (38.28, -77.70, 9), (37.40, -76.95, 9), (37.18, -76.75, 6), (36.62, -76.45, 10),
    (38.95, -79.20, 14), (38.55, -79.30, 12), (39.25, -79.30, 10), (37.05, -77.80, 8),
    (38.20, -77.65, 7), (37.30, -77.15, 5), (37.60, -77.20, 5), (36.80, -77.20, 8), (38.10, -79.40, 10),
]
RIVERS = {
    "potomac": ("Potomac", "major", [(39.70, -79.30), (39.65, -78.76), (39.54, -78.46), (39.70, -78.18),
               (39.60, -77.82), (39.43, -77.80), (39.32, -77.73), (39.27, -77.54), (39.15, -77.48),
               (38.99, -77.25), (38.91, -77.07)]),
    "potomac-tidal": ("Potomac", "navigable", [(38.91, -77.07), (38.80, -77.02), (38.71, -77.09), (38.52, -77.29),
               (38.40, -77.28), (38.35, -77.15), (38.25, -76.96), (38.10, -76.60), (38.00, -76.30)]),
    "rappahannock-tidal": ("Rappahannock", "navigable", [(37.58, -76.30), (37.93, -76.84), (38.17, -77.17)]),
    "rappahannock": ("Rappahannock", "major", [(38.17, -77.17), (38.30, -77.44), (38.37, -77.63)]),
    "rappahannock-upper": ("Rappahannock", "minor", [(38.37, -77.63), (38.48, -77.78), (38.53, -77.81),
                           (38.70, -77.90), (38.85, -78.12)]),
    "rapidan": ("Rapidan", "minor", [(38.37, -77.63), (38.37, -77.80), (38.37, -77.92), (38.31, -78.06),
                (38.33, -78.35)]),
    "north-anna": ("North Anna", "minor", [(37.78, -77.30), (37.92, -77.50), (38.00, -77.80), (38.10, -78.05)]),
    "pamunkey": ("Pamunkey", "minor", [(37.53, -76.80), (37.58, -77.02), (37.70, -77.25), (37.78, -77.30)]),
    "york": ("York", "navigable", [(37.22, -76.38), (37.24, -76.50), (37.53, -76.80)]),
    "mattaponi": ("Mattaponi", "minor", [(37.53, -76.80), (37.75, -77.05), (38.05, -77.45)]),
    "james": ("James", "major", [(37.35, -79.45), (37.41, -79.14), (37.65, -78.70), (37.80, -78.49),
              (37.75, -78.16), (37.60, -77.80), (37.53, -77.45)]),
    "james-tidal": ("James", "navigable", [(37.53, -77.45), (37.43, -77.40), (37.31, -77.25),
              (37.32, -77.10), (37.22, -76.80), (37.10, -76.60), (36.95, -76.38), (36.95, -76.10)]),
    "appomattox": ("Appomattox", "navigable", [(37.31, -77.26), (37.25, -77.38), (37.22, -77.45)]),
    "appomattox-upper": ("Appomattox", "minor", [(37.22, -77.45), (37.30, -77.90), (37.30, -78.40),
                         (37.36, -78.82)]),
    "chickahominy": ("Chickahominy", "marsh", [(37.68, -77.55), (37.60, -77.38), (37.52, -77.20),
                     (37.40, -77.02), (37.26, -76.88)]),
    "susquehanna": ("Susquehanna", "major", [(40.45, -76.95), (40.27, -76.86)]),
    "susquehanna-tidal": ("Susquehanna", "navigable", [(40.27, -76.86), (40.05, -76.52),
                    (39.75, -76.22), (39.56, -76.07)]),
    "bull-run": ("Bull Run", "minor", [(38.90, -77.68), (38.81, -77.52), (38.77, -77.42), (38.66, -77.25)]),
    "shenandoah": ("Shenandoah", "minor", [(39.32, -77.73), (39.10, -77.95), (38.92, -78.18),
                   (38.66, -78.44), (38.35, -78.75), (38.20, -78.95)]),
    "south-branch": ("South Branch", "minor", [(39.53, -78.58), (39.34, -78.72), (39.06, -78.93),
                     (38.99, -79.08), (38.64, -79.30)]),
    "monocacy": ("Monocacy", "minor", [(39.72, -77.33), (39.40, -77.38), (39.22, -77.45)]),
}
# bridges and fords across major rivers (lat, lon near the crossing)
CROSSINGS = [
    ("potomac", 39.60, -77.82, "Williamsport ford"), ("potomac", 39.43, -77.80, "Boteler's Ford"),
    ("potomac", 39.32, -77.73, "Harper's Ferry bridge"), ("potomac", 39.20, -77.47, "White's Ford"),
    ("potomac", 38.93, -77.10, "Chain Bridge"), ("potomac", 38.86, -77.04, "Long Bridge"),
    ("potomac", 39.65, -78.76, "Cumberland bridge"),
    ("rappahannock", 38.30, -77.45, "Fredericksburg bridges"), ("rappahannock", 38.37, -77.60, "U.S. Ford"),
    ("james", 37.53, -77.45, "Mayo's Bridge"), ("james", 37.41, -79.14, "Lynchburg bridge"),
    ("james", 37.75, -78.20, "Columbia ferry"),
    ("appomattox", 37.23, -77.40, "Pocahontas Bridge"),
    ("susquehanna", 40.26, -76.89, "Harrisburg bridge"), ("susquehanna", 40.03, -76.51, "Columbia bridge"),
]
RIDGES = {
    "blue-ridge": [(40.15, -77.15), (39.88, -77.38), (39.74, -77.48), (39.49, -77.62), (39.41, -77.64),
                   (39.33, -77.72), (39.12, -77.84), (39.02, -77.95), (38.93, -78.04), (38.86, -78.12),
                   (38.66, -78.32), (38.36, -78.55), (38.23, -78.69), (38.03, -78.86), (37.80, -79.10),
                   (37.50, -79.50)],
    "massanutten": [(38.98, -78.33), (38.80, -78.47), (38.65, -78.58), (38.48, -78.70), (38.36, -78.76)],
    "north-mountain": [(39.75, -78.20), (39.45, -78.08), (39.15, -78.32), (38.95, -78.52), (38.75, -78.76),
                       (38.50, -78.98), (38.30, -79.15), (38.05, -79.30), (37.70, -79.50)],
}
GAPS = [
    ("blue-ridge", 39.88, -77.38, "Cashtown Gap"), ("blue-ridge", 39.74, -77.48, "Monterey Pass"),
    ("blue-ridge", 39.485, -77.62, "Turner's Gap"), ("blue-ridge", 39.41, -77.64, "Crampton's Gap"),
    ("blue-ridge", 39.12, -77.85, "Snicker's Gap"), ("blue-ridge", 39.02, -77.96, "Ashby's Gap"),
    ("blue-ridge", 38.93, -78.05, "Manassas Gap"), ("blue-ridge", 38.86, -78.13, "Chester Gap"),
    ("blue-ridge", 38.66, -78.32, "Thornton's Gap"), ("blue-ridge", 38.36, -78.55, "Swift Run Gap"),
    ("blue-ridge", 38.03, -78.86, "Rockfish Gap"),
    ("massanutten", 38.65, -78.60, "New Market Gap"),
    ("north-mountain", 39.30, -78.20, "Hanging Rock Gap"), ("north-mountain", 39.00, -78.45, "Wardensville road"),
    ("north-mountain", 38.62, -78.86, "Brock's Gap"), ("north-mountain", 38.18, -79.22, "Buffalo Gap"),
    ("north-mountain", 39.62, -78.14, "Hancock road"),
]
RAILS = [
    ("b-and-o", "Baltimore & Ohio", "standard", ["baltimore", (39.27, -76.80), (39.37, -77.40), (39.27, -77.54),
        "harpers-ferry", "martinsburg", (39.60, -78.20), "cumberland", "wheeling-rr"]),
    ("washington-branch", "B&O Washington Branch", "standard", ["baltimore", (39.12, -76.85), "washington"]),
    ("northern-central", "Northern Central", "standard", ["baltimore", (39.75, -76.70), "york", "harrisburg"]),
    ("pennsylvania", "Pennsylvania RR", "standard", ["pittsburgh-rr", "harrisburg", "lancaster"]),
    ("pw-and-b", "Philadelphia, Wilmington & Baltimore", "standard", ["baltimore", "havre-de-grace", "philadelphia-rr"]),
    ("cumberland-valley", "Cumberland Valley", "standard", ["harrisburg", "carlisle", "chambersburg", "hagerstown"]),
    ("hanover-branch", "Hanover Branch", "standard", ["york", "hanover", "gettysburg"]),
    ("winchester-potomac", "Winchester & Potomac", "standard", ["harpers-ferry", "winchester"]),
    ("loudoun", "Alexandria, Loudoun & Hampshire", "standard", ["alexandria", "leesburg"]),
    ("manassas-gap", "Manassas Gap", "standard", ["manassas", (38.83, -77.70), "front-royal", "strasburg"]),
    ("orange-alexandria", "Orange & Alexandria", "standard", ["alexandria", "manassas", (38.62, -77.70),
        (38.53, -77.81), "culpeper", "orange", "gordonsville", "charlottesville", (37.76, -78.87), "lynchburg"]),
    ("warrenton-branch", "Warrenton Branch", "standard", [(38.62, -77.70), "warrenton"]),
    ("virginia-central", "Virginia Central", "standard", ["richmond", "hanover-junction", "louisa", "gordonsville",
        "charlottesville", (38.03, -78.86), "staunton"]),
    ("rf-and-p", "Richmond, Fredericksburg & Potomac", "standard", ["richmond", "hanover-junction", (38.05, -77.35),
        "fredericksburg", "aquia-landing"]),
    ("york-river", "Richmond & York River", "standard", ["richmond", "fair-oaks", "white-house", "west-point"]),
    ("richmond-petersburg", "Richmond & Petersburg", "standard", ["richmond", "petersburg"]),
    ("military-railroad", "U.S. Military Railroad (rule 9.5)", "standard", ["washington", "alexandria"]),
    ("city-point", "City Point RR", "standard", ["petersburg", "city-point"]),
    ("petersburg-rr", "Petersburg RR", "standard", ["petersburg", (36.95, -77.45), "weldon-rr"]),
    ("south-side", "South Side", "broad", ["petersburg", "amelia", "burkeville", "farmville", "appomattox", "lynchburg"]),
    ("richmond-danville", "Richmond & Danville", "standard", ["richmond", "amelia", "burkeville", (36.95, -78.45), "danville-rr"]),
    ("norfolk-petersburg", "Norfolk & Petersburg", "broad", ["norfolk", "suffolk", (36.95, -77.00), "petersburg"]),
    ("virginia-tennessee", "Virginia & Tennessee", "broad", ["lynchburg", "tennessee-rr"]),
]
TURNPIKE = ["martinsburg", "winchester", "strasburg", "woodstock", "new-market", "harrisonburg", "staunton"]
WATERWAYS = [
    ("bay", "Chesapeake Bay", None, ["havre-de-grace", "baltimore", "annapolis", "point-lookout", "fort-monroe"]),
    ("potomac", "Potomac", "point-lookout", ["aquia-landing", "alexandria", "washington"]),
    ("rappahannock", "Rappahannock", "point-lookout", ["tappahannock", "port-royal"]),
    ("york", "York", "fort-monroe", ["yorktown", "west-point"]),
    ("james", "James", "fort-monroe", ["norfolk", "williamsburg", "harrisons-landing", "city-point", "richmond"]),
    ("appomattox", "Appomattox", "city-point", ["petersburg"]),
    ("susquehanna", "Susquehanna", "havre-de-grace", ["harrisburg"]),
]

def main():
    sea_line = BAY_SHORE
    terrain = {}
    for r in range(1, ROWS + 1):
        for c in range(1, COLS + 1):
            x, y = center(c, r)
            lat, lon = LAT_N - y / MI_LAT, LON_W + x / MI_LON
            # sea: east of the bay shore at this latitude
            shore = None
            for i in range(len(sea_line) - 1):
                (la1, lo1), (la2, lo2) = sea_line[i], sea_line[i + 1]
                if la2 <= lat <= la1:
                    t = (la1 - lat) / (la1 - la2)
                    shore = lo1 + (lo2 - lo1) * t
            t = "."
            if shore is not None and lon > shore + 0.04:
                t = "~"
            else:
                for (fl, fo, rad) in FORESTS:
                    fx, fy = xy(fl, fo)
                    if math.hypot(fx - x, fy - y) <= rad:
                        t = "f"
            terrain[(c, r)] = t
    place_hex = {}
    for p in PLACES:
        h = hex_of(p[2], p[3])
        place_hex[p[0]] = h
        if terrain[h] == "~":
            terrain[h] = "."
    for rid, name, gauge, pts in RAILS:
        for h in hex_path([P[p] if isinstance(p, str) else p for p in pts]):
            if terrain[h] == "~":
                terrain[h] = "."
    seen = {}
    for pid, h in place_hex.items():
        if h in seen:
            raise SystemExit("two places in hex %s: %s %s" % (label(h), seen[h], pid))
        seen[h] = pid
    # home territory: north of the Potomac is USA
    pot = [xy(*p) for p in [(39.70, -80.5)] + RIVERS["potomac"][2] + [(38.0, -74.0)]]
    def north_of_potomac(c, r):
        x, y = center(c, r)
        # cast a ray due north; odd number of crossings = south
        far = (x, -1000)
        n = sum(seg_intersect((x, y), far, pot[i], pot[i + 1]) for i in range(len(pot) - 1))
        return n % 2 == 0
    home = {}
    for r in range(1, ROWS + 1):
        for c in range(1, COLS + 1):
            home[(c, r)] = "U" if north_of_potomac(c, r) else "C"
    # West Virginia exception: 8 hexes from Franklin north to the Potomac along the South Branch
    sb = hex_path([(38.64, -79.33), (38.99, -79.10), (39.06, -78.97), (39.34, -78.76), (39.52, -78.62)])
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

    out = []
    w = out.append
    w("# Bobby Lee map: the hex grid of Virginia, Maryland and southern Pennsylvania.")
    w("#")
    w("# AUTHORED, NOT FROM THE RULEBOOK. The rulebook prints no map data (digest 7.4). This file was")
    w("# generated by systems/src/bobby_lee/tools/gen_map.py from approximate latitude/longitude of")
    w("# 1861-65 towns, rivers, ridges and railroads, then laid on a 10-mile pointy-topped hex grid")
    w("# (odd-r offset rows, labels CCRR, column 01 = west edge, row 01 = north edge). Approximations:")
    w("# * terrain: only Clear (.), Forest (f) and Sea (~); forests are circles around the Wilderness,")
    w("#   the Peninsula, the Dismal Swamp, the Alleghenies and the Southside; mountains are ridge")
    w("#   HEXSIDES (Blue Ridge with South Mountain, Massanutten, Little North / Shenandoah Mountain)")
    w("#   crossed only at the named gaps listed under [[feature]] kind = \"gap\".")
    w("# * rivers follow hexsides where the straight line between hex centres crosses the river;")
    w("#   major/minor split and the bridges/fords are a historical guess (rule 1.27 bars).")
    w("#   navigable-river = a major river downstream of its head of navigation (rule 10.2): crossed")
    w("#   only by naval movement, never by a River Crossing (10.5).")
    w("#   The Chickahominy is drawn as a MARSH hexside line (swamps), not as a river.")
    w("# * home territory: hexes north of the Potomac are USA; the 8 West Virginia hexes along the")
    w("#   South Branch (rule 8.1) and Fort Monroe are USA; all other hexes are CSA.")
    w("# * VP values of settlements (only Winchester = 1 is in the rulebook), ports, villages.")
    w("# * the 3+3 rail supply hexes are the map-edge rail exits toward Pittsburgh, Philadelphia,")
    w("#   Wheeling (USA) and Tennessee, Danville, Weldon (CSA) - guesses, digest 7.5.")
    w("# * railroads and gauges (broad: South Side, Norfolk & Petersburg, Virginia & Tennessee).")
    w("# Correct any of it by editing this file (or overriding it in a mod); keep hex labels valid.")
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
    w("# Home territory (rule 1.1, 8.1): 'U' USA, 'C' CSA.")
    w("home = [")
    for r in range(1, ROWS + 1):
        w('  "%s",  # row %02d' % ("".join(home[(c, r)] for c in range(1, COLS + 1)), r))
    w("]")
    w("")
    for p in PLACES:
        pid, name, lat, lon, kind, owner, port, fort, vp = p
        w("[[place]]")
        w('id = "%s"' % pid)
        w('name = "%s"' % name)
        w('hex = "%s"' % label(place_hex[pid]))
        w('kind = "%s"' % kind)
        w('owner = "%s"' % owner)
        if port:
            w("port = true")
        if fort:
            w("fortress = true")
        if vp:
            w("vp = %d" % vp)
        if pid in SUPPLY:
            w('supply_source = "%s"' % SUPPLY[pid])
        w("")
    # hexside features
    feats = []
    for rid, (name, kind, poly) in RIVERS.items():
        sides = sides_crossing(poly)
        if kind in ("major", "navigable"):
            cross = []
            for (r2, la, lo, cname) in CROSSINGS:
                if r2 == rid and sides:
                    s = side_near(sides, la, lo)
                    cross.append((s, cname))
            cs = [s for s, _ in cross]
            feats.append((name, "major-river" if kind == "major" else "navigable-river", [s for s in sides if s not in cs]))
            for s, cname in cross:
                feats.append((cname, "crossing", [s]))
        elif kind == "minor":
            feats.append((name, "minor-river", sides))
        else:
            feats.append((name, "marsh", sides))
    ridge_sides = {}
    for rid, poly in RIDGES.items():
        ridge_sides[rid] = sides_crossing(poly)
    gapped = {}
    for (rid, la, lo, gname) in GAPS:
        s = side_near(ridge_sides[rid], la, lo)
        gapped[s] = gname
    # Railroads and the Turnpike run through valleys and gaps: a ridge hexside they cross is a gap.
    routes = [hex_path([P[p] if isinstance(p, str) else p for p in pts]) for _, _, _, pts in RAILS]
    routes.append(hex_path([P[p] for p in TURNPIKE]))
    for path in routes:
        for a, b in zip(path, path[1:]):
            for rid, sides in ridge_sides.items():
                for sd in ((a, b), (b, a)):
                    if sd in sides and sd not in gapped:
                        gapped[sd] = "Gap (road or rail pass)"
    for rid, sides in ridge_sides.items():
        feats.append((rid.replace("-", " ").title(), "mountain", [s for s in sides if s not in gapped]))
    for s, gname in gapped.items():
        feats.append((gname, "gap", [s]))
    # Conrad's Store: west hexside toward Harrisonburg is mountain (rule 1.26 clarification)
    feats.append(("Conrad's Store west hexside", "mountain", [(place_hex["conrads-store"], (place_hex["conrads-store"][0] - 1, place_hex["conrads-store"][1]))]))
    # Harper's Ferry east hexside toward Frederick: a major river with a bridge, not a gap.
    # A later feature on the same hexside replaces an earlier one.
    w("# Hexside features. A hexside is written \"AAAA/BBBB\" (two adjacent hex labels). Kinds:")
    w("# major-river (impassable by land), crossing (bridge or ford over a major river), minor-river,")
    w("# marsh, gap, mountain (impassable). A later entry for the same hexside replaces an earlier one.")
    for name, kind, sides in feats:
        if not sides:
            continue
        w("[[feature]]")
        w('name = "%s"' % name)
        w('kind = "%s"' % kind)
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
    for rid, name, gauge, pts in RAILS:
        pts2 = [P[p] if isinstance(p, str) else p for p in pts]
        path = hex_path(pts2)
        w("[[rail]]")
        w('id = "%s"' % rid)
        w('name = "%s"' % name)
        w('gauge = "%s"' % gauge)
        w("hexes = [%s]" % ", ".join('"%s"' % label(h) for h in path))
        w("")
    w("# The Valley Turnpike (rule 1.6), Martinsburg to Staunton.")
    w("[turnpike]")
    path = hex_path([P[p] for p in TURNPIKE])
    w("hexes = [%s]" % ", ".join('"%s"' % label(h) for h in path))
    w("")
    w("# Naval network (rule 10): each waterway leaves the Bay (or another waterway's port) and")
    w("# lists its ports from the mouth upstream; the last port is the head of navigation (10.2).")
    for wid, name, frm, ports in WATERWAYS:
        w("[[waterway]]")
        w('id = "%s"' % wid)
        w('name = "%s"' % name)
        if frm:
            w('from = "%s"' % frm)
        if wid in ("james", "appomattox"):
            w("csa_naval = true   # rule 10.1 / 5.4: CSA naval movement and supply, while it holds Norfolk")
        w("ports = [%s]" % ", ".join('"%s"' % p for p in ports))
        w("")
    print("\n".join(out))

if __name__ == "__main__":
    main()
