//! Names on a map that never overlap: each name is tried beside its space (below, right,
//! above, left, then the corners) most important first, and kept at the first place that
//! overlaps nothing placed before it (other names, spaces, counters). At a zoom too far out for
//! every name the important ones keep theirs; zooming in leaves room for more, and a name that
//! must be shown goes farther out when every spot beside its space is taken. Placement is in
//! screen units relative to the map's transform without its pan, so a placement holds while
//! panning and is recomputed only when the zoom, the map or the highlights change.

use egui::{Pos2, Rect, Vec2, pos2, vec2};
use std::collections::HashMap;

/// How much a space's name matters, from its marks (0 = most): national capitals, then state
/// capitals, resource centres, ports and forts, then the rest.
pub fn rank(marks: &[String]) -> u8 {
    let has = |m: &str| marks.iter().any(|x| x == m);
    if has("capital") {
        0
    } else if has("state-capital") || has("city") || has("fortress") {
        1
    } else if has("resource") || has("resource-destroyed") {
        2
    } else if has("port") || has("fort") || has("town") {
        3
    } else {
        4
    }
}

/// One name to place: the text's size and the space it belongs to (its centre and the radius
/// to keep clear of).
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    pub size: Vec2,
    pub at: Pos2,
    pub clear: f32,
    /// Only centred on `at` (names inside hexes), not beside it.
    pub centred: bool,
    /// Named even when every spot touches a space or counter (capitals): then at the first spot
    /// clear of other names.
    pub must: bool,
}

impl Candidate {
    /// The rectangles tried beside the space, in order of preference: below, right, above,
    /// left, then the four corners (a diagonal clear of the dot).
    fn spots(&self) -> impl Iterator<Item = Rect> + '_ {
        self.ring(self.clear + 1.5)
    }

    /// The eight spots at gap `g` from the space's centre (or the one centred spot).
    fn ring(&self, g: f32) -> impl Iterator<Item = Rect> + '_ {
        let (w, h, c) = (self.size.x, self.size.y, self.at);
        let spots = if self.centred {
            vec![Rect::from_center_size(c, self.size)]
        } else {
            let d = g * std::f32::consts::FRAC_1_SQRT_2;
            vec![
                Rect::from_min_size(pos2(c.x - w / 2.0, c.y + g), self.size),
                Rect::from_min_size(pos2(c.x + g, c.y - h / 2.0), self.size),
                Rect::from_min_size(pos2(c.x - w / 2.0, c.y - g - h), self.size),
                Rect::from_min_size(pos2(c.x - g - w, c.y - h / 2.0), self.size),
                Rect::from_min_size(pos2(c.x + d, c.y + d), self.size),
                Rect::from_min_size(pos2(c.x + d, c.y - d - h), self.size),
                Rect::from_min_size(pos2(c.x - d - w, c.y + d), self.size),
                Rect::from_min_size(pos2(c.x - d - w, c.y - d - h), self.size),
            ]
        };
        spots.into_iter()
    }

    /// For a name that must be shown, once every spot beside the space is taken: rings of spots
    /// farther out, a text height apart (the app joins such a name to its space by a line).
    fn far_spots(&self) -> impl Iterator<Item = Rect> + '_ {
        let step = self.size.y + 2.0;
        (1..=FAR_RINGS).flat_map(move |k| self.ring(self.clear + 1.5 + step * k as f32))
    }
}

/// How many rings of farther spots a name that must be shown tries.
const FAR_RINGS: usize = 6;

/// Rectangles placed so far, bucketed in a coarse grid so a test looks at few of them.
#[derive(Default)]
pub struct Placed {
    cells: HashMap<(i32, i32), Vec<Rect>>,
}

impl Placed {
    const CELL: f32 = 64.0;

    fn cells(r: Rect) -> impl Iterator<Item = (i32, i32)> {
        let (x0, x1) = ((r.min.x / Self::CELL).floor() as i32, (r.max.x / Self::CELL).floor() as i32);
        let (y0, y1) = ((r.min.y / Self::CELL).floor() as i32, (r.max.y / Self::CELL).floor() as i32);
        (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| (x, y)))
    }

    /// True when `r` overlaps nothing placed.
    pub fn is_free(&self, r: Rect) -> bool {
        !Self::cells(r).any(|k| self.cells.get(&k).is_some_and(|v| v.iter().any(|o| o.intersects(r))))
    }

    /// Mark `r` as taken (obstacles such as spaces and counters are added this way too).
    pub fn add(&mut self, r: Rect) {
        for k in Self::cells(r) {
            self.cells.entry(k).or_default().push(r);
        }
    }

    /// Place `r` if it overlaps nothing placed yet.
    pub fn free(&mut self, r: Rect) -> bool {
        if self.is_free(r) {
            self.add(r);
            true
        } else {
            false
        }
    }
}

/// Greedy placement: `names` in the order given (most important first) against `obstacles`;
/// the rectangle each name got, or none where every spot was taken. Rectangles are shrunk
/// by a hair before the test, so names may touch but never overlap.
pub fn place(names: &[Candidate], obstacles: &[Rect]) -> Vec<Option<Rect>> {
    let mut placed = Placed::default();
    let mut texts = Placed::default();
    for o in obstacles {
        placed.add(*o);
    }
    names
        .iter()
        .map(|c| {
            // A name that must be shown takes, failing a free spot beside its space, the first
            // spot beside it or farther out clear of everything, then one clear of other names.
            let free = |r: &Rect| placed.is_free(r.shrink(0.5));
            let spot = c.spots().find(free).or_else(|| {
                if !c.must {
                    return None;
                }
                c.far_spots().find(free).or_else(|| c.spots().chain(c.far_spots()).find(|r| texts.is_free(r.shrink(0.5))))
            })?;
            placed.add(spot.shrink(0.5));
            texts.add(spot.shrink(0.5));
            Some(spot)
        })
        .collect()
}

/// A little room around a name's text for its backing.
pub const PAD: Vec2 = vec2(2.0, 1.0);

#[cfg(test)]
mod tests {
    use super::*;

    /// Names never overlap each other or an obstacle, however crowded the map.
    #[test]
    fn placed_names_never_overlap() {
        let mut seed = 7u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1u32 << 24) as f32
        };
        let names: Vec<Candidate> = (0..400)
            .map(|_| Candidate { size: vec2(20.0 + 60.0 * next(), 12.0), at: pos2(800.0 * next(), 500.0 * next()), clear: 5.0, centred: false, must: false })
            .collect();
        let obstacles: Vec<Rect> = names.iter().map(|c| Rect::from_center_size(c.at, Vec2::splat(c.clear * 2.0))).collect();
        let got = place(&names, &obstacles);
        let rects: Vec<Rect> = got.iter().flatten().copied().collect();
        assert!(rects.len() > 40, "a crowded map still names many spaces ({})", rects.len());
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                assert!(!a.shrink(0.5).intersects(b.shrink(0.5)), "{a:?} overlaps {b:?}");
            }
            for o in &obstacles {
                assert!(!a.shrink(0.5).intersects(*o), "{a:?} covers a space at {o:?}");
            }
        }
        // The first name always gets a place: the most important is never dropped for a lesser.
        assert!(got[0].is_some());
    }

    /// Names that must be shown (capitals, lit spaces) are all placed even in a cluster too
    /// tight for them beside their spaces, farther out, and still never overlap one another.
    #[test]
    fn names_that_must_be_shown_are_all_placed_without_overlap() {
        let mut seed = 11u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1u32 << 24) as f32
        };
        let names: Vec<Candidate> = (0..30)
            .map(|_| Candidate { size: vec2(40.0 + 30.0 * next(), 13.0), at: pos2(400.0 + 60.0 * next(), 300.0 + 60.0 * next()), clear: 5.0, centred: false, must: true })
            .collect();
        let obstacles: Vec<Rect> = names.iter().map(|c| Rect::from_center_size(c.at, Vec2::splat(c.clear * 2.0))).collect();
        let got = place(&names, &obstacles);
        assert!(got.iter().all(Option::is_some), "every name that must be shown is placed");
        let rects: Vec<Rect> = got.iter().flatten().copied().collect();
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                assert!(!a.shrink(0.5).intersects(b.shrink(0.5)), "{a:?} overlaps {b:?}");
            }
        }
    }

    #[test]
    fn capitals_rank_before_towns() {
        let m = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(rank(&m(&["capital", "port"])) < rank(&m(&["resource"])));
        assert!(rank(&m(&["resource"])) < rank(&m(&["port"])));
        assert!(rank(&m(&["port"])) < rank(&m(&[])));
    }
}
