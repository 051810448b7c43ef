//! Hex maps on hexx axial coordinates (Bobby Lee, GCACW).
//!
//! A [`HexMap<H, F>`] holds per-hex data `H` (terrain, town, ...) and per-hexside features `F`
//! (river, ford, bridge, road crossing, ridge, ...), both game-defined. A hexside is keyed by
//! [`HexSide`], which is canonical: the side between A and B is the same key from either hex.
//!
//! Content names hexes by their printed labels, e.g. `"1234"` = column 12, row 34, in offset
//! coordinates whose convention ([`OffsetConvention`]: odd-q, even-q, odd-r, even-r) is a
//! property of the map; [`offset_to_hex`], [`hex_to_offset`] and [`parse_label`] convert.
//! Offset conversions use hexx's `Hex::from_offset_coordinates` (redblobgames' formulas).
//!
//! Movement: hexx's `field_of_movement` prices whole hexes only, so [`HexMap::reachable`] and
//! [`HexMap::shortest_path`] are a small budgeted Dijkstra whose step cost is supplied by the
//! game as `FnMut(from, to, side_features, to_data) -> Option<u32>` (`None` = may not enter).
//! Results are deterministic: neighbours are visited in hexx's fixed direction order, heap ties
//! break on the hex's (x, y), and lists come out sorted by (x, y) (see [`hex_key`]).

use hexx::{EdgeDirection, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};
use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, HashMap};

pub use hexx::Hex;

/// Sort key of a hex: (x, y) axial. hexx's `Hex` has no `Ord`; everything here orders by this.
#[inline]
pub fn hex_key(h: Hex) -> (i32, i32) {
    (h.x, h.y)
}

/// Hex distance in steps between any two hexes (hexx's `unsigned_distance_to`).
#[inline]
pub fn hex_distance(a: Hex, b: Hex) -> u32 {
    a.unsigned_distance_to(b)
}

/// How printed (column, row) labels map onto the hex grid (redblobgames' names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OffsetConvention {
    /// Flat-topped hexes in vertical columns; odd columns are shoved half a hex down (+row).
    OddQ,
    /// Flat-topped hexes in vertical columns; even columns are shoved half a hex down (+row).
    EvenQ,
    /// Pointy-topped hexes in horizontal rows; odd rows are shoved half a hex right (+col).
    OddR,
    /// Pointy-topped hexes in horizontal rows; even rows are shoved half a hex right (+col).
    EvenR,
}

impl OffsetConvention {
    fn hexx(self) -> (OffsetHexMode, HexOrientation) {
        match self {
            OffsetConvention::OddQ => (OffsetHexMode::Odd, HexOrientation::Flat),
            OffsetConvention::EvenQ => (OffsetHexMode::Even, HexOrientation::Flat),
            OffsetConvention::OddR => (OffsetHexMode::Odd, HexOrientation::Pointy),
            OffsetConvention::EvenR => (OffsetHexMode::Even, HexOrientation::Pointy),
        }
    }

    /// Flat-topped (columns vertical) or pointy-topped, for drawing with `hexx::HexLayout`.
    pub fn orientation(self) -> HexOrientation {
        self.hexx().1
    }
}

/// The axial hex at printed (column, row).
pub fn offset_to_hex(col: i32, row: i32, convention: OffsetConvention) -> Hex {
    let (mode, orientation) = convention.hexx();
    Hex::from_offset_coordinates([col, row], mode, orientation)
}

/// The printed (column, row) of an axial hex.
pub fn hex_to_offset(hex: Hex, convention: OffsetConvention) -> (i32, i32) {
    let (mode, orientation) = convention.hexx();
    let [c, r] = hex.to_offset_coordinates(mode, orientation);
    (c, r)
}

/// Parses a printed hex label into (column, row): `"CCRR"` (4 digits: `"1234"` = column 12,
/// row 34), `"CCCRRR"` (6 digits), or two numbers separated by `.`, `,` or `-` (`"12.34"`).
pub fn parse_label(label: &str) -> Option<(i32, i32)> {
    let s = label.trim();
    if let Some(i) = s.find(['.', ',', '-']) {
        let (a, b) = (&s[..i], &s[i + 1..]);
        let digits =
            |t: &str| !t.is_empty() && t.len() <= 6 && t.bytes().all(|c| c.is_ascii_digit());
        if digits(a) && digits(b) {
            return Some((a.parse().ok()?, b.parse().ok()?));
        }
        return None;
    }
    if (s.len() == 4 || s.len() == 6) && s.bytes().all(|c| c.is_ascii_digit()) {
        let half = s.len() / 2;
        return Some((s[..half].parse().ok()?, s[half..].parse().ok()?));
    }
    None
}

/// The printed label of (column, row): two digits each (`"0507"`), more when a number needs it.
pub fn format_label(col: i32, row: i32) -> String {
    format!("{col:02}{row:02}")
}

/// The hexside between two adjacent hexes, stored canonically (the lower hex by [`hex_key`]
/// first), so `HexSide::between(a, b) == HexSide::between(b, a)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HexSide {
    low: Hex,
    high: Hex,
}

impl HexSide {
    /// The side between `a` and `b`; `None` unless they are adjacent.
    pub fn between(a: Hex, b: Hex) -> Option<HexSide> {
        if a.unsigned_distance_to(b) != 1 {
            return None;
        }
        Some(if hex_key(a) < hex_key(b) {
            HexSide { low: a, high: b }
        } else {
            HexSide { low: b, high: a }
        })
    }

    /// The side of `hex` facing `direction`.
    pub fn of(hex: Hex, direction: EdgeDirection) -> HexSide {
        let other = hex.neighbor(direction);
        HexSide::between(hex, other).expect("neighbours are adjacent")
    }

    /// The two hexes, lower [`hex_key`] first.
    pub fn hexes(self) -> (Hex, Hex) {
        (self.low, self.high)
    }

    /// The hex across the side from `hex`; `None` if `hex` is not on this side.
    pub fn other(self, hex: Hex) -> Option<Hex> {
        if hex == self.low {
            Some(self.high)
        } else if hex == self.high {
            Some(self.low)
        } else {
            None
        }
    }
}

impl PartialOrd for HexSide {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for HexSide {
    fn cmp(&self, other: &Self) -> Ordering {
        (hex_key(self.low), hex_key(self.high)).cmp(&(hex_key(other.low), hex_key(other.high)))
    }
}

const NONE: u32 = u32::MAX;

/// A hex map: hexes with data `H`, hexsides with features `F`, and the map's label convention.
///
/// Hexes are stored densely in insertion order with an index by coordinate and each hex's six
/// on-map neighbours precomputed; hexsides are a hash map by canonical [`HexSide`].
#[derive(Clone, Debug)]
pub struct HexMap<H, F> {
    convention: OffsetConvention,
    hexes: Vec<Hex>,
    data: Vec<H>,
    index: HashMap<Hex, u32>,
    /// Dense index of the neighbour in each of hexx's six directions, `NONE` if off-map.
    around: Vec<[u32; 6]>,
    sides: HashMap<HexSide, F>,
}

impl<H, F> HexMap<H, F> {
    /// An empty map whose labels follow `convention`.
    pub fn new(convention: OffsetConvention) -> Self {
        HexMap {
            convention,
            hexes: Vec::new(),
            data: Vec::new(),
            index: HashMap::new(),
            around: Vec::new(),
            sides: HashMap::new(),
        }
    }

    pub fn convention(&self) -> OffsetConvention {
        self.convention
    }

    /// Adds a hex, or replaces its data (returning the old data) if it is already on the map.
    pub fn insert(&mut self, hex: Hex, data: H) -> Option<H> {
        if let Some(&i) = self.index.get(&hex) {
            return Some(std::mem::replace(&mut self.data[i as usize], data));
        }
        let i = self.hexes.len() as u32;
        let mut around = [NONE; 6];
        for dir in EdgeDirection::ALL_DIRECTIONS {
            if let Some(&j) = self.index.get(&hex.neighbor(dir)) {
                around[dir.index() as usize] = j;
                self.around[j as usize][dir.const_neg().index() as usize] = i;
            }
        }
        self.hexes.push(hex);
        self.data.push(data);
        self.around.push(around);
        self.index.insert(hex, i);
        None
    }

    /// Adds the hex at printed (column, row) in this map's convention; returns the hex.
    pub fn insert_offset(&mut self, col: i32, row: i32, data: H) -> Hex {
        let hex = offset_to_hex(col, row, self.convention);
        self.insert(hex, data);
        hex
    }

    /// Adds the hex with a printed label (`"1234"`); errors on a label that does not parse.
    pub fn insert_label(&mut self, label: &str, data: H) -> Result<Hex, String> {
        let hex = self
            .label_to_hex(label)
            .ok_or_else(|| format!("bad hex label `{label}`"))?;
        self.insert(hex, data);
        Ok(hex)
    }

    /// Sets the features of the side between two adjacent hexes (returning the old ones).
    /// The hexes need not be on the map (a river along the map edge). Errors if not adjacent.
    pub fn set_side(&mut self, a: Hex, b: Hex, features: F) -> Result<Option<F>, String> {
        let side = HexSide::between(a, b).ok_or_else(|| {
            format!(
                "hexes {:?} and {:?} are not adjacent",
                hex_key(a),
                hex_key(b)
            )
        })?;
        Ok(self.sides.insert(side, features))
    }

    /// The hex at a printed label in this map's convention (whether or not it is on the map).
    pub fn label_to_hex(&self, label: &str) -> Option<Hex> {
        parse_label(label).map(|(c, r)| offset_to_hex(c, r, self.convention))
    }

    /// The printed label of a hex in this map's convention.
    pub fn hex_label(&self, hex: Hex) -> String {
        let (c, r) = hex_to_offset(hex, self.convention);
        format_label(c, r)
    }

    /// The printed (column, row) of a hex in this map's convention.
    pub fn offset_of(&self, hex: Hex) -> (i32, i32) {
        hex_to_offset(hex, self.convention)
    }

    /// The hex at printed (column, row) in this map's convention.
    pub fn hex_at(&self, col: i32, row: i32) -> Hex {
        offset_to_hex(col, row, self.convention)
    }

    pub fn contains(&self, hex: Hex) -> bool {
        self.index.contains_key(&hex)
    }

    pub fn get(&self, hex: Hex) -> Option<&H> {
        self.index.get(&hex).map(|&i| &self.data[i as usize])
    }

    pub fn get_mut(&mut self, hex: Hex) -> Option<&mut H> {
        self.index.get(&hex).map(|&i| &mut self.data[i as usize])
    }

    /// Number of hexes on the map.
    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }

    /// All hexes with their data, in insertion order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Hex, &H)> + '_ {
        self.hexes.iter().copied().zip(self.data.iter())
    }

    /// All hexes sorted by [`hex_key`].
    pub fn hexes_sorted(&self) -> Vec<Hex> {
        let mut v = self.hexes.clone();
        v.sort_by_key(|&h| hex_key(h));
        v
    }

    /// The features of the side between `a` and `b`, if any were set.
    pub fn side(&self, a: Hex, b: Hex) -> Option<&F> {
        HexSide::between(a, b).and_then(|s| self.sides.get(&s))
    }

    pub fn side_mut(&mut self, a: Hex, b: Hex) -> Option<&mut F> {
        HexSide::between(a, b).and_then(move |s| self.sides.get_mut(&s))
    }

    /// All sides with features, sorted by [`HexSide`] order.
    pub fn sides(&self) -> Vec<(HexSide, &F)> {
        let mut v: Vec<_> = self.sides.iter().map(|(s, f)| (*s, f)).collect();
        v.sort_by_key(|&(s, _)| s);
        v
    }

    /// The on-map neighbours of a hex, in hexx's direction order (empty if `hex` is off-map).
    pub fn neighbors(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        let around = self
            .index
            .get(&hex)
            .map(|&i| self.around[i as usize])
            .unwrap_or([NONE; 6]);
        around
            .into_iter()
            .filter(|&j| j != NONE)
            .map(move |j| self.hexes[j as usize])
    }

    /// Hex distance in steps, ignoring terrain and map edges (see [`hex_distance`]).
    pub fn distance(&self, a: Hex, b: Hex) -> u32 {
        hex_distance(a, b)
    }

    /// The on-map hexes within `radius` of `center` (center included), sorted by [`hex_key`].
    pub fn hexes_within(&self, center: Hex, radius: u32) -> Vec<Hex> {
        // hexx's range already yields hexes in (x, y) order.
        center.range(radius).filter(|&h| self.contains(h)).collect()
    }

    /// Budgeted Dijkstra over dense indices; returns the distance per index (`NONE` = unreached)
    /// and the predecessor per index.
    fn dijkstra(
        &self,
        from: u32,
        target: Option<u32>,
        budget: u32,
        cost: &mut impl FnMut(Hex, Hex, Option<&F>, &H) -> Option<u32>,
    ) -> (Vec<u32>, Vec<u32>) {
        let n = self.hexes.len();
        let mut dist = vec![NONE; n];
        let mut prev = vec![NONE; n];
        let mut done = vec![false; n];
        let mut heap = BinaryHeap::new();
        dist[from as usize] = 0;
        let key = |i: u32| hex_key(self.hexes[i as usize]);
        heap.push(Reverse((0u32, key(from), from)));
        while let Some(Reverse((d, _, i))) = heap.pop() {
            if done[i as usize] {
                continue;
            }
            done[i as usize] = true;
            if Some(i) == target {
                break;
            }
            let here = self.hexes[i as usize];
            for j in self.around[i as usize] {
                if j == NONE || done[j as usize] {
                    continue;
                }
                let there = self.hexes[j as usize];
                let side = HexSide::between(here, there).and_then(|s| self.sides.get(&s));
                let Some(c) = cost(here, there, side, &self.data[j as usize]) else {
                    continue;
                };
                let Some(nd) = d.checked_add(c) else { continue };
                if nd <= budget && nd < dist[j as usize] {
                    dist[j as usize] = nd;
                    prev[j as usize] = i;
                    heap.push(Reverse((nd, key(j), j)));
                }
            }
        }
        (dist, prev)
    }

    /// Every on-map hex reachable from `from` for at most `budget`, with its cheapest cost,
    /// sorted by [`hex_key`]; `from` itself is included at cost 0 (empty if `from` is off-map).
    /// `cost(from, to, side_features, to_data)` prices one step; `None` forbids it.
    pub fn reachable(
        &self,
        from: Hex,
        budget: u32,
        mut cost: impl FnMut(Hex, Hex, Option<&F>, &H) -> Option<u32>,
    ) -> Vec<(Hex, u32)> {
        let Some(&start) = self.index.get(&from) else {
            return Vec::new();
        };
        let (dist, _) = self.dijkstra(start, None, budget, &mut cost);
        let mut out: Vec<(Hex, u32)> = dist
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d != NONE)
            .map(|(i, &d)| (self.hexes[i], d))
            .collect();
        out.sort_by_key(|&(h, _)| hex_key(h));
        out
    }

    /// The cheapest route from `from` to `to` over on-map hexes: its cost and the hexes along
    /// it, both ends included. Among equally cheap routes the one found is always the same.
    pub fn shortest_path(
        &self,
        from: Hex,
        to: Hex,
        mut cost: impl FnMut(Hex, Hex, Option<&F>, &H) -> Option<u32>,
    ) -> Option<(u32, Vec<Hex>)> {
        let start = *self.index.get(&from)?;
        let goal = *self.index.get(&to)?;
        let (dist, prev) = self.dijkstra(start, Some(goal), NONE - 1, &mut cost);
        let total = dist[goal as usize];
        if total == NONE {
            return None;
        }
        let mut path = vec![to];
        let mut at = goal;
        while at != start {
            at = prev[at as usize];
            path.push(self.hexes[at as usize]);
        }
        path.reverse();
        Some((total, path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn side_is_canonical_both_ways() {
        let a = Hex::new(3, -2);
        for dir in EdgeDirection::ALL_DIRECTIONS {
            let b = a.neighbor(dir);
            let s1 = HexSide::between(a, b).unwrap();
            let s2 = HexSide::between(b, a).unwrap();
            assert_eq!(s1, s2);
            assert_eq!(s1, HexSide::of(a, dir));
            assert_eq!(s1, HexSide::of(b, dir.const_neg()));
            assert_eq!(s1.other(a), Some(b));
            assert_eq!(s1.other(b), Some(a));
            assert_eq!(s1.other(Hex::new(100, 100)), None);
            let (lo, hi) = s1.hexes();
            assert!(hex_key(lo) < hex_key(hi));
        }
        // The six sides of one hex are distinct.
        let mut all: Vec<_> = EdgeDirection::ALL_DIRECTIONS
            .iter()
            .map(|&d| HexSide::of(a, d))
            .collect();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 6);
        assert_eq!(HexSide::between(a, a), None);
        assert_eq!(HexSide::between(a, Hex::new(5, -2)), None);
        // Serde round trip.
        let s = HexSide::between(a, Hex::new(4, -2)).unwrap();
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<HexSide>(&json).unwrap(), s);
    }

    #[test]
    fn offset_round_trips() {
        for conv in [
            OffsetConvention::OddQ,
            OffsetConvention::EvenQ,
            OffsetConvention::OddR,
            OffsetConvention::EvenR,
        ] {
            for col in -30..=60 {
                for row in -30..=60 {
                    let h = offset_to_hex(col, row, conv);
                    assert_eq!(hex_to_offset(h, conv), (col, row), "{conv:?} {col},{row}");
                }
            }
            for h in Hex::ZERO.range(25) {
                let (c, r) = hex_to_offset(h, conv);
                assert_eq!(offset_to_hex(c, r, conv), h);
            }
        }
    }

    #[test]
    fn offset_neighbours_follow_convention() {
        let nb = |conv, (c, r): (i32, i32)| -> Vec<(i32, i32)> {
            let h = offset_to_hex(c, r, conv);
            let mut v: Vec<_> = h
                .all_neighbors()
                .iter()
                .map(|&n| hex_to_offset(n, conv))
                .collect();
            v.sort();
            v
        };
        // odd-q: odd columns sit half a hex lower, so odd column 5 row 10 touches rows 10 and 11
        // of columns 4 and 6; even column 4 row 10 touches rows 9 and 10 of columns 3 and 5.
        assert_eq!(
            nb(OffsetConvention::OddQ, (5, 10)),
            vec![(4, 10), (4, 11), (5, 9), (5, 11), (6, 10), (6, 11)]
        );
        assert_eq!(
            nb(OffsetConvention::OddQ, (4, 10)),
            vec![(3, 9), (3, 10), (4, 9), (4, 11), (5, 9), (5, 10)]
        );
        // even-q: the reverse.
        assert_eq!(
            nb(OffsetConvention::EvenQ, (4, 10)),
            vec![(3, 10), (3, 11), (4, 9), (4, 11), (5, 10), (5, 11)]
        );
        assert_eq!(
            nb(OffsetConvention::EvenQ, (5, 10)),
            vec![(4, 9), (4, 10), (5, 9), (5, 11), (6, 9), (6, 10)]
        );
        // odd-r: odd rows shoved right.
        assert_eq!(
            nb(OffsetConvention::OddR, (10, 5)),
            vec![(9, 5), (10, 4), (10, 6), (11, 4), (11, 5), (11, 6)]
        );
        assert_eq!(
            nb(OffsetConvention::EvenR, (10, 5)),
            vec![(9, 4), (9, 5), (9, 6), (10, 4), (10, 6), (11, 5)]
        );
    }

    #[test]
    fn labels() {
        assert_eq!(parse_label("1234"), Some((12, 34)));
        assert_eq!(parse_label("0507"), Some((5, 7)));
        assert_eq!(parse_label(" 0507 "), Some((5, 7)));
        assert_eq!(parse_label("105207"), Some((105, 207)));
        assert_eq!(parse_label("12.34"), Some((12, 34)));
        assert_eq!(parse_label("5-7"), Some((5, 7)));
        assert_eq!(parse_label("123"), None);
        assert_eq!(parse_label("12a4"), None);
        assert_eq!(parse_label(""), None);
        assert_eq!(parse_label("12."), None);
        assert_eq!(format_label(5, 7), "0507");
        assert_eq!(format_label(12, 34), "1234");
        let m: HexMap<(), ()> = HexMap::new(OffsetConvention::OddQ);
        for label in ["0101", "1234", "4009", "0999"] {
            let h = m.label_to_hex(label).unwrap();
            assert_eq!(m.hex_label(h), label);
        }
    }

    #[test]
    fn distance_and_within() {
        let conv = OffsetConvention::OddQ;
        let a = offset_to_hex(10, 10, conv);
        assert_eq!(hex_distance(a, a), 0);
        assert_eq!(hex_distance(a, offset_to_hex(10, 13, conv)), 3);
        // Moving along columns: 4 columns over costs 4 steps if rows allow the zigzag.
        assert_eq!(hex_distance(a, offset_to_hex(14, 10, conv)), 4);
        assert_eq!(hex_distance(a, offset_to_hex(14, 12, conv)), 4);
        assert_eq!(hex_distance(a, offset_to_hex(14, 13, conv)), 5);

        let mut m: HexMap<u8, ()> = HexMap::new(conv);
        assert_eq!(m.distance(a, offset_to_hex(14, 13, conv)), 5);
        for c in 8..=12 {
            for r in 8..=12 {
                m.insert_offset(c, r, 0);
            }
        }
        assert_eq!(m.len(), 25);
        assert_eq!(m.hexes_within(a, 0), vec![a]);
        let ring1 = m.hexes_within(a, 1);
        assert_eq!(ring1.len(), 7);
        assert!(ring1.windows(2).all(|w| hex_key(w[0]) < hex_key(w[1])));
        // At the map corner, hexes off the map are left out.
        let corner = m.hex_at(8, 8);
        assert_eq!(
            m.hexes_within(corner, 1).len(),
            m.neighbors(corner).count() + 1
        );
        assert!(m.neighbors(corner).count() < 6);
        assert_eq!(m.neighbors(a).count(), 6);
        assert_eq!(m.neighbors(Hex::new(1000, 0)).count(), 0);
        // Replacing data keeps one hex.
        assert_eq!(m.insert(a, 7), Some(0));
        assert_eq!(m.get(a), Some(&7));
        assert_eq!(m.len(), 25);
    }

    // ---- A Rappahannock crossing ------------------------------------------------------------
    //
    // Approximate, after period maps of Fauquier and Culpeper counties: the Rappahannock flows
    // west to east between row 20 (north bank, Fauquier) and row 21 (south bank, Culpeper).
    // The Orange & Alexandria crosses by the railroad bridge at Rappahannock Station (col 10);
    // Kelly's Ford is downstream (col 13). A road runs from Rappahannock Station south through
    // Brandy Station (col 10, rows 21-23) toward Culpeper Court House. Costs are in half
    // movement points: clear 2, woods 3, along a road 1, fording adds 4, river without a
    // crossing is impassable.

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Terrain {
        Clear,
        Woods,
    }

    #[derive(Clone, Copy, Debug, Default, PartialEq)]
    struct Side {
        river: bool,
        ford: bool,
        bridge: bool,
        road: bool,
    }

    fn rappahannock() -> HexMap<Terrain, Side> {
        let mut m = HexMap::new(OffsetConvention::OddQ);
        for c in 8..=15 {
            for r in 18..=24 {
                let t = if (c + r) % 3 == 0 {
                    Terrain::Woods
                } else {
                    Terrain::Clear
                };
                m.insert_offset(c, r, t);
            }
        }
        // The river: every side between a row-20 hex and a row-21 hex.
        let north: Vec<Hex> = (8..=15).map(|c| m.hex_at(c, 20)).collect();
        for &n in &north {
            let across: Vec<Hex> = m.neighbors(n).filter(|&s| m.offset_of(s).1 == 21).collect();
            for s in across {
                m.set_side(
                    n,
                    s,
                    Side {
                        river: true,
                        ..Side::default()
                    },
                )
                .unwrap();
            }
        }
        // Railroad bridge at Rappahannock Station, with the road over it.
        let (rs_n, rs_s) = (
            m.label_to_hex("1020").unwrap(),
            m.label_to_hex("1021").unwrap(),
        );
        *m.side_mut(rs_n, rs_s).unwrap() = Side {
            river: true,
            bridge: true,
            road: true,
            ford: false,
        };
        // Kelly's Ford.
        let (kf_n, kf_s) = (
            m.label_to_hex("1320").unwrap(),
            m.label_to_hex("1321").unwrap(),
        );
        m.side_mut(kf_s, kf_n).unwrap().ford = true;
        // Road chain south: 1019 - 1020 - (bridge) - 1021 - 1022 - 1023.
        for (a, b) in [("1019", "1020"), ("1021", "1022"), ("1022", "1023")] {
            let (a, b) = (m.label_to_hex(a).unwrap(), m.label_to_hex(b).unwrap());
            m.set_side(
                a,
                b,
                Side {
                    road: true,
                    ..Side::default()
                },
            )
            .unwrap();
        }
        m
    }

    fn gcacw_cost(_from: Hex, _to: Hex, side: Option<&Side>, to: &Terrain) -> Option<u32> {
        let side = side.copied().unwrap_or_default();
        if side.river && !side.bridge && !side.ford {
            return None;
        }
        let base = if side.road {
            1
        } else {
            match to {
                Terrain::Clear => 2,
                Terrain::Woods => 3,
            }
        };
        Some(base + if side.ford && !side.bridge { 4 } else { 0 })
    }

    #[test]
    fn river_blocks_except_at_ford_and_bridge() {
        let m = rappahannock();
        assert_eq!(m.len(), 56);
        let h = |l: &str| m.label_to_hex(l).unwrap();
        // Sides: looked up the same from either bank.
        assert!(m.side(h("1120"), h("1121")).unwrap().river);
        assert_eq!(m.side(h("1120"), h("1121")), m.side(h("1121"), h("1120")));
        assert!(m.side(h("1021"), h("1020")).unwrap().bridge);
        assert!(m.side(h("1321"), h("1320")).unwrap().ford);
        assert_eq!(m.side(h("1119"), h("1120")), None);
        assert_eq!(m.side(h("1119"), h("1121")), None); // not adjacent
        let (x, y) = (h("1119"), h("1121"));
        assert!(m.clone().set_side(x, y, Side::default()).is_err());

        // Every crossing of the river is at the bridge or the ford.
        let (_, path) = m.shortest_path(h("1220"), h("1221"), gcacw_cost).unwrap();
        let crossings: Vec<_> = path
            .windows(2)
            .filter(|w| m.side(w[0], w[1]).is_some_and(|s| s.river))
            .map(|w| m.side(w[0], w[1]).copied().unwrap())
            .collect();
        assert_eq!(crossings.len(), 1);
        assert!(crossings[0].ford || crossings[0].bridge);

        // Straight across at Kelly's Ford: clear/woods 2-3 + ford 4.
        let (c, p) = m.shortest_path(h("1320"), h("1321"), gcacw_cost).unwrap();
        assert_eq!(p, vec![h("1320"), h("1321")]);
        let entry = gcacw_cost(
            h("1320"),
            h("1321"),
            m.side(h("1320"), h("1321")),
            m.get(h("1321")).unwrap(),
        );
        assert_eq!(Some(c), entry);
        assert!(c >= 6);

        // The road over the bridge: 1019 -> 1023 all on the road, 4 steps at 1 each.
        let (c, p) = m.shortest_path(h("1019"), h("1023"), gcacw_cost).unwrap();
        assert_eq!(c, 4);
        assert_eq!(p, ["1019", "1020", "1021", "1022", "1023"].map(h).to_vec());

        // Burn the bridge: the column must go down to Kelly's Ford.
        let burnt = |f: Hex, t: Hex, s: Option<&Side>, d: &Terrain| {
            if s.is_some_and(|s| s.bridge) {
                None
            } else {
                gcacw_cost(f, t, s, d)
            }
        };
        let (c2, p2) = m.shortest_path(h("1020"), h("1021"), burnt).unwrap();
        assert!(c2 > 1);
        assert!(
            p2.windows(2)
                .any(|w| (w[0], w[1]) == (h("1320"), h("1321")))
        );
        // And with the ford held too, the south bank is out of reach.
        let sealed = |f: Hex, t: Hex, s: Option<&Side>, d: &Terrain| {
            if s.is_some_and(|s| s.river) {
                None
            } else {
                gcacw_cost(f, t, s, d)
            }
        };
        assert_eq!(m.shortest_path(h("1020"), h("1021"), sealed), None);
        let north_only = m.reachable(h("1020"), 1000, sealed);
        assert!(north_only.iter().all(|&(x, _)| m.offset_of(x).1 <= 20));
        assert_eq!(north_only.len(), 8 * 3);
    }

    #[test]
    fn movement_range_with_budget() {
        let m = rappahannock();
        let h = |l: &str| m.label_to_hex(l).unwrap();
        let start = h("1020");
        let r4 = m.reachable(start, 4, gcacw_cost);
        let find = |hex: Hex| r4.iter().find(|&&(x, _)| x == hex).map(|&(_, c)| c);
        assert_eq!(find(start), Some(0));
        // Along the road over the bridge: 1021 for 1, 1022 for 2, 1023 for 3.
        assert_eq!(find(h("1021")), Some(1));
        assert_eq!(find(h("1022")), Some(2));
        assert_eq!(find(h("1023")), Some(3));
        // The road back north: 1019 for 1.
        assert_eq!(find(h("1019")), Some(1));
        // South bank away from the road costs more than 4 (via the bridge then cross-country).
        assert_eq!(find(h("1221")), None);
        // Kelly's Ford is too far for 4.
        assert_eq!(find(h("1321")), None);
        // Sorted, within budget, and consistent with shortest paths.
        assert!(r4.windows(2).all(|w| hex_key(w[0].0) < hex_key(w[1].0)));
        for &(x, c) in &r4 {
            assert!(c <= 4);
            assert_eq!(m.shortest_path(start, x, gcacw_cost).unwrap().0, c);
        }
        assert_eq!(r4, m.reachable(start, 4, gcacw_cost));
        // Budget 0 is just the start; off-map start gives nothing.
        assert_eq!(m.reachable(start, 0, gcacw_cost), vec![(start, 0)]);
        assert!(m.reachable(Hex::new(500, 500), 10, gcacw_cost).is_empty());
        assert_eq!(m.shortest_path(start, Hex::new(500, 500), gcacw_cost), None);
        assert_eq!(
            m.shortest_path(start, start, gcacw_cost),
            Some((0, vec![start]))
        );
        // Off-road cross-country: 1120 is one clear/woods hex from 1020.
        let c = m
            .reachable(start, 3, gcacw_cost)
            .iter()
            .find(|&&(x, _)| x == h("1120"))
            .map(|&(_, c)| c);
        assert!(matches!(c, Some(2 | 3)));
    }

    #[test]
    fn sides_listing_sorted() {
        let m = rappahannock();
        let s = m.sides();
        assert!(s.windows(2).all(|w| w[0].0 < w[1].0));
        // 8 columns: 8 straight sides + 7 diagonal pairs... count the river sides.
        let river = s.iter().filter(|(_, f)| f.river).count();
        assert_eq!(river, 8 + 7);
        assert_eq!(s.iter().filter(|(_, f)| f.road).count(), 4);
    }
}
