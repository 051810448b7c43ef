//! The water next to coastal hexes that are not ports (rule 10.3, 10.4, 10.42): which ports a
//! ship passes to reach them.
//!
//! The naval network of the content is a tree of ports (`Data::naval_passes`). A landing hex
//! between two ports of a river is reached past one of them; one on the open Bay is reached
//! from the Bay itself. A reading of an unclear rule: the water is the sea hexes and the navigable
//! river hexsides; a port "gates" its river hexsides, and a junction port (the mouth of
//! another waterway: the `from` of a waterway) also gates its adjacent sea hexes.

use super::data::{Data, SideKind, Terrain, NONE};
use std::collections::{HashMap, HashSet};

/// How a ship reaches one coastal non-port hex.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Landing {
    /// Ports bounding the hex's stretch of water (indexes into `Data::places`): the route
    /// passes one of them.
    pub ports: Vec<usize>,
    /// The stretch opens on the Bay, the root of the naval tree.
    pub bay: bool,
    /// Ports of the naval tree between two bounding ports of one waterway (Norfolk between
    /// Fort Monroe and Williamsburg): passed whichever way a ship comes.
    pub through: Vec<usize>,
}

/// The ports strictly between `a` and its descendant `b` in the naval tree, or None if `a`
/// is not an ancestor of `b`.
fn between(d: &Data, a: usize, b: usize) -> Option<Vec<usize>> {
    let mut v = Vec::new();
    let mut q = d.port_parent[b];
    while q != NONE {
        if q as usize == a {
            return Some(v);
        }
        v.push(q as usize);
        q = d.port_parent[q as usize];
    }
    None
}

/// A piece of water: a sea hex, or a navigable river hexside (the two hexes, lower first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum W {
    Sea(u16),
    Side(u16, u16),
}

fn side(a: u16, b: u16) -> W {
    W::Side(a.min(b), a.max(b))
}

/// The water touching a land hex.
fn touching(d: &Data, h: u16) -> Vec<W> {
    let hx = &d.hexes[h as usize];
    let mut v = Vec::new();
    for dir in 0..6 {
        let n = hx.nbr[dir];
        if n == NONE {
            continue;
        }
        if d.hexes[n as usize].terrain == Terrain::Sea {
            v.push(W::Sea(n));
        } else if hx.side[dir] == SideKind::NavigableRiver {
            v.push(side(h, n));
        }
    }
    v
}

fn navigable(d: &Data, a: u16, b: u16) -> bool {
    let hx = &d.hexes[a as usize];
    (0..6).any(|dir| hx.nbr[dir] == b && hx.side[dir] == SideKind::NavigableRiver)
}

/// The water joining `w`: adjacent sea hexes; hexsides sharing a vertex.
fn joined(d: &Data, w: W) -> Vec<W> {
    let mut v = Vec::new();
    let sea = |h: u16| d.hexes[h as usize].terrain == Terrain::Sea;
    match w {
        W::Sea(h) => {
            for &n in &d.hexes[h as usize].nbr {
                if n == NONE {
                    continue;
                }
                if sea(n) {
                    v.push(W::Sea(n));
                }
                // A river mouth: a navigable hexside with a vertex on this sea hex.
                for &m in &d.hexes[n as usize].nbr {
                    if m != NONE && m != h && d.hexes[h as usize].nbr.contains(&m) && navigable(d, n, m) {
                        v.push(side(n, m));
                    }
                }
            }
        }
        W::Side(a, b) => {
            // The two hexes at the ends of the hexside a/b.
            for &c in &d.hexes[a as usize].nbr {
                if c == NONE || c == b || !d.hexes[b as usize].nbr.contains(&c) {
                    continue;
                }
                if sea(c) {
                    v.push(W::Sea(c));
                }
                for (x, y) in [(a, c), (b, c)] {
                    if navigable(d, x, y) {
                        v.push(side(x, y));
                    }
                }
            }
        }
    }
    v
}

/// The landing of every coastal land hex that is not a port (None for the others).
pub fn landings(d: &Data) -> Vec<Option<Landing>> {
    let junction: Vec<bool> = (0..d.places.len()).map(|p| d.port_parent.iter().any(|&q| q as usize == p)).collect();
    // Gates: the water a port touches (sea only for junction ports).
    let mut gate: HashMap<W, Vec<usize>> = HashMap::new();
    for (p, pl) in d.places.iter().enumerate() {
        if !pl.port {
            continue;
        }
        for w in touching(d, pl.hex) {
            if matches!(w, W::Side(..)) || junction[p] {
                gate.entry(w).or_default().push(p);
            }
        }
    }
    let mut out = vec![None; d.hexes.len()];
    for (h, hx) in d.hexes.iter().enumerate() {
        let start = touching(d, h as u16);
        if hx.terrain == Terrain::Sea || start.is_empty() || d.place_at(h as u16).is_some_and(|p| p.port) {
            continue;
        }
        let mut l = Landing::default();
        let mut seen: HashSet<W> = HashSet::new();
        let mut todo = start;
        while let Some(w) = todo.pop() {
            if !seen.insert(w) {
                continue;
            }
            if let Some(ps) = gate.get(&w) {
                l.ports.extend(ps);
                continue;
            }
            if matches!(w, W::Sea(_)) {
                l.bay = true;
            }
            todo.extend(joined(d, w));
        }
        l.ports.sort();
        l.ports.dedup();
        for &a in &l.ports {
            for &b in &l.ports {
                l.through.extend(between(d, a, b).unwrap_or_default());
            }
        }
        l.through.sort();
        l.through.dedup();
        out[h] = Some(l);
    }
    out
}
