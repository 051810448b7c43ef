//! The geography drawn under For the People's map: coast, land, lakes, state borders and the
//! great rivers of `geography.toml` (generated from public-domain data by
//! `tools/geography.py`), with each state's name over its spaces. Cosmetic only: no rule
//! reads it. The points are longitude/latitude, as the spaces' positions are, so the app
//! projects both the same way.

use super::content::Content;
use bivouac_engine::board::{Backdrop, BackdropLabel, BackdropLayer, BackdropShape};
use bivouac_engine::content::{ContentSet, Diagnostics, Spanned};
use serde::Deserialize;

/// The content file, relative to the game folder; the topmost layer that has it wins whole.
pub const FILE: &str = "geography.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Doc {
    #[serde(default)]
    layer: Vec<LayerDoc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayerDoc {
    id: String,
    kind: String,
    /// Where the layer comes from and what is approximated (for readers of the file).
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
    #[serde(default)]
    shape: Vec<ShapeDoc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShapeDoc {
    #[serde(default)]
    name: String,
    #[serde(default)]
    #[allow(dead_code)]
    note: String,
    #[serde(default)]
    closed: bool,
    /// Longitude, latitude pairs in hundredths of a degree.
    points: Spanned<Vec<i32>>,
}

/// The backdrop of `set`'s `geography.toml`, or none when no layer has the file. Every error
/// names the file, line and column.
pub fn load(set: &ContentSet, c: &Content) -> Result<Option<Backdrop>, Diagnostics> {
    let Some((src, text)) = set.text(FILE) else { return Ok(None) };
    let doc: Doc = toml::from_str(text).map_err(|e| {
        let mut d = Diagnostics::default();
        d.push(set.diag(src, e.span().unwrap_or(0..0), e.message().trim().to_string()));
        d
    })?;
    let mut errs = Diagnostics::default();
    let mut layers = Vec::with_capacity(doc.layer.len());
    for l in doc.layer {
        let mut shapes = Vec::with_capacity(l.shape.len());
        for s in l.shape {
            let span = s.points.span();
            let raw = s.points.into_inner();
            let min = if s.closed { 3 } else { 2 };
            if raw.len() % 2 != 0 || raw.len() < min * 2 {
                errs.push(set.diag(src, span, format!("layer `{}`: `points` needs longitude, latitude pairs, at least {min} of them", l.id)));
                continue;
            }
            let points: Vec<[f32; 2]> = raw.chunks_exact(2).map(|p| [p[0] as f32 / 100.0, p[1] as f32 / 100.0]).collect();
            if let Some(p) = points.iter().find(|p| !(-180.0..=180.0).contains(&p[0]) || !(-90.0..=90.0).contains(&p[1])) {
                errs.push(set.diag(src, span, format!("layer `{}`: point {}, {} is not a longitude, latitude (hundredths of a degree)", l.id, p[0] * 100.0, p[1] * 100.0)));
                continue;
            }
            shapes.push(BackdropShape { name: s.name, closed: s.closed, points });
        }
        layers.push(BackdropLayer { id: l.id, kind: l.kind, shapes });
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(Some(Backdrop { layers, labels: state_labels(c) }))
}

/// How far apart (degrees of longitude or latitude) a state's spaces must lie for its name to
/// be drawn: a name as large as a state's over a small one (Delaware, the District of
/// Columbia) would cover its neighbours, and its middle may lie in the water.
pub const LABEL_MIN_SPAN: f64 = 1.0;

/// Each state's name at the middle of its spaces (the mean of their positions: inside the
/// state for every state so named on the built-in map), for states whose spaces span
/// [`LABEL_MIN_SPAN`].
fn state_labels(c: &Content) -> Vec<BackdropLabel> {
    #[derive(Clone, Copy)]
    struct Acc {
        x: f64,
        y: f64,
        n: u32,
        min: [f64; 2],
        max: [f64; 2],
    }
    let mut acc = vec![Acc { x: 0.0, y: 0.0, n: 0, min: [f64::MAX; 2], max: [f64::MIN; 2] }; c.states.len()];
    for (_, _, d) in c.map.spaces() {
        if let Some(a) = acc.get_mut(d.state as usize) {
            a.x += d.lon;
            a.y += d.lat;
            a.n += 1;
            a.min = [a.min[0].min(d.lon), a.min[1].min(d.lat)];
            a.max = [a.max[0].max(d.lon), a.max[1].max(d.lat)];
        }
    }
    c.states
        .iter()
        .zip(acc)
        .filter(|(_, a)| a.n > 0 && (a.max[0] - a.min[0]).max(a.max[1] - a.min[1]) >= LABEL_MIN_SPAN)
        .map(|(st, a)| BackdropLabel { text: st.name.to_uppercase(), x: (a.x / a.n as f64) as f32, y: (a.y / a.n as f64) as f32, kind: "state".into() })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn builtin() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("content")
    }

    fn loaded() -> (Backdrop, Content) {
        let set = ContentSet::open(&[builtin()], super::super::DIR).expect("content opens");
        let c = super::super::content::load_content(&set).expect("content loads");
        let b = load(&set, &c).expect("geography.toml loads").expect("the built-in content has a geography");
        (b, c)
    }

    /// The geography covers the theatre: every space lies inside its land's bounds, the coast is
    /// there, every great river of the game (FtP 6.2's river codes and the Virginia rivers) is
    /// present and long enough to read, and each state has its name.
    #[test]
    fn the_geography_loads_and_is_sane() {
        let (b, c) = loaded();
        let layer = |kind: &str| b.layers.iter().filter(|l| l.kind == kind).flat_map(|l| &l.shapes).collect::<Vec<_>>();
        let land = layer("land");
        assert!(!land.is_empty() && land.iter().all(|s| s.closed), "land polygons");
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for p in land.iter().flat_map(|s| &s.points) {
            (x0, y0, x1, y1) = (x0.min(p[0]), y0.min(p[1]), x1.max(p[0]), y1.max(p[1]));
        }
        for (_, id, d) in c.map.spaces() {
            assert!((x0..=x1).contains(&(d.lon as f32)) && (y0..=y1).contains(&(d.lat as f32)), "{id} lies outside the drawn land's bounds");
        }
        let coast: usize = layer("coast").iter().map(|s| s.points.len()).sum();
        assert!(coast > 500, "the coast has {coast} points");
        assert!(layer("border").len() > 20, "state borders");
        let rivers = layer("river");
        for name in ["Mississippi", "Ohio", "Tennessee", "Cumberland", "Potomac", "James", "Rappahannock", "Red", "Arkansas", "Yazoo", "Missouri", "Wabash"] {
            let len: f32 = rivers.iter().filter(|s| s.name == name).flat_map(|s| s.points.windows(2)).map(|w| ((w[1][0] - w[0][0]).powi(2) + (w[1][1] - w[0][1]).powi(2)).sqrt()).sum();
            assert!(len > 0.5, "river {name} is missing or too short ({len} degrees)");
        }
        for (i, s) in c.states.iter().enumerate() {
            let at: Vec<[f64; 2]> = c.map.spaces().filter(|(_, _, d)| d.state as usize == i).map(|(_, _, d)| [d.lon, d.lat]).collect();
            let span = |k: usize| at.iter().map(|p| p[k]).fold(f64::MIN, f64::max) - at.iter().map(|p| p[k]).fold(f64::MAX, f64::min);
            let named = b.labels.iter().any(|l| l.text == s.name.to_uppercase());
            assert_eq!(named, span(0).max(span(1)) >= LABEL_MIN_SPAN, "{}: named {named}, spaces spanning {:.2} by {:.2} degrees", s.name, span(0), span(1));
        }
        assert!(b.labels.len() >= 20, "most states are named ({})", b.labels.len());
    }

    /// Whether `p` is inside the polygon `ring` (even-odd rule; the last point joins the first).
    fn inside(p: [f32; 2], ring: &[[f32; 2]]) -> bool {
        let mut c = false;
        for (i, a) in ring.iter().enumerate() {
            let b = ring[(i + ring.len() - 1) % ring.len()];
            if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < (b[0] - a[0]) * (p[1] - a[1]) / (b[1] - a[1]) + a[0] {
                c = !c;
            }
        }
        c
    }

    /// The distance in degrees from `p` to the segment `a`-`b`.
    fn to_segment(p: [f32; 2], a: [f32; 2], b: [f32; 2]) -> f32 {
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len = dx * dx + dy * dy;
        let t = if len == 0.0 { 0.0 } else { (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len).clamp(0.0, 1.0) };
        ((p[0] - a[0] - t * dx).powi(2) + (p[1] - a[1] - t * dy).powi(2)).sqrt()
    }

    /// Every space of the map is drawn on land: inside a land polygon and no lake, or on the
    /// coast (within 0.1 degree, about 10 km, of the coastline: forts and ports on islands and
    /// spits the simplified coast leaves in the sea).
    #[test]
    fn every_space_lies_on_land_or_coast() {
        let (b, c) = loaded();
        let shapes = |kinds: &[&str]| b.layers.iter().filter(|l| kinds.contains(&l.kind.as_str())).flat_map(|l| &l.shapes).collect::<Vec<_>>();
        let (land, water, coast) = (shapes(&["land"]), shapes(&["water"]), shapes(&["coast", "land"]));
        let mut off = Vec::new();
        for (_, id, d) in c.map.spaces() {
            let p = [d.lon as f32, d.lat as f32];
            let on_land = land.iter().any(|s| inside(p, &s.points)) && !water.iter().any(|s| inside(p, &s.points));
            if on_land {
                continue;
            }
            let near = coast
                .iter()
                .flat_map(|s| {
                    let close = s.closed.then(|| [s.points[s.points.len() - 1], s.points[0]]);
                    s.points.windows(2).map(|w| [w[0], w[1]]).chain(close)
                })
                .map(|[a, q]| to_segment(p, a, q))
                .fold(f32::MAX, f32::min);
            if near > 0.1 {
                off.push(format!("{id} ({:.2}, {:.2}): {near:.2} degrees off the coast", p[0], p[1]));
            }
        }
        assert!(off.is_empty(), "spaces drawn in the sea or a lake: {off:?}");
    }

    /// A broken geography file is one clear error naming the file, line and column.
    #[test]
    fn a_broken_geography_names_file_and_place() {
        let dir = std::env::temp_dir().join(format!("ftp-geo-{}", std::process::id()));
        let game = dir.join(super::super::DIR);
        std::fs::create_dir_all(&game).unwrap();
        std::fs::write(game.join(FILE), "[[layer]]\nid = \"rivers\"\nkind = \"river\"\n\n[[layer.shape]]\npoints = [1, 2, 3]\n").unwrap();
        let set = ContentSet::open(&[builtin(), dir.clone()], super::super::DIR).expect("content opens");
        let c = super::super::content::load_content(&set).expect("content loads");
        let err = load(&set, &c).expect_err("odd number of coordinates").to_string();
        assert!(err.contains("geography.toml") && err.contains(":6:") && err.contains("pairs"), "{err}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
