//! Draws a [`Board`] (the generic picture every game builds) as a zoomable, pannable map:
//! point-to-point spaces at their coordinates or hexes at axial coordinates, links styled by
//! kind, counters in stacks. Geometry is computed once per board ([`Geometry::new`]); a frame
//! only transforms and paints it.

use super::map_labels::{self, Candidate, Placed};
use super::palette::{self, BackdropStyle, LinkStyle};
use bivouac_engine::board::{Backdrop, Board, BoardPiece, Layout};
use egui::{Align2, Color32, FontId, Galley, Pos2, Rect, Role, Sense, Shape, Stroke, StrokeKind, Vec2, WidgetInfo, pos2, vec2};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

const SQRT3: f32 = 1.732_050_8;

/// A link ready to draw, in world coordinates.
#[derive(Clone, Debug)]
pub struct Segment {
    pub a: Pos2,
    pub b: Pos2,
    pub style: LinkStyle,
}

/// World coordinates (y down) of everything on a board, computed once per board.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub centers: Vec<Pos2>,
    pub bounds: Rect,
    pub hex: Option<Layout>,
    /// Hex size (centre to corner) or a point space's radius, in world units.
    pub radius: f32,
    pub segments: Vec<Segment>,
    /// Indexes into `board.pieces`, per space.
    pub stacks: Vec<Vec<usize>>,
    /// Each space's fill colour.
    pub fills: Vec<Color32>,
    /// Hex maps: every hex edge once (world coordinates), for the grid.
    pub edges: Vec<(Pos2, Pos2)>,
    /// The geography under the spaces, in world coordinates.
    pub backdrop: Option<BackGeo>,
    /// Each space's name rank ([`map_labels::rank`]).
    pub ranks: Vec<u8>,
    /// Unique per geometry: cached label placements belong to one geometry.
    pub generation: u64,
}

/// A backdrop ready to draw: filled polygons as one triangle mesh, lines with their bounds.
#[derive(Clone, Debug)]
pub struct BackGeo {
    pub fill_points: Vec<Pos2>,
    pub fill_colors: Vec<Color32>,
    pub fill_indices: Vec<u32>,
    pub lines: Vec<BackLine>,
    /// Region names: text, world position.
    pub labels: Vec<(String, Pos2)>,
    /// Land is drawn, so the canvas around it is sea.
    pub has_land: bool,
    /// Everything the backdrop covers.
    pub bounds: Rect,
}

#[derive(Clone, Debug)]
pub struct BackLine {
    pub points: Vec<Pos2>,
    pub bounds: Rect,
    pub style: BackdropStyle,
}

impl BackGeo {
    fn new(b: &Backdrop, to_world: impl Fn(f32, f32) -> Pos2) -> Self {
        let mut g = BackGeo {
            fill_points: Vec::new(),
            fill_colors: Vec::new(),
            fill_indices: Vec::new(),
            lines: Vec::new(),
            labels: Vec::new(),
            has_land: false,
            bounds: Rect::NOTHING,
        };
        for layer in &b.layers {
            let style = palette::backdrop_style(&layer.kind);
            for shape in &layer.shapes {
                let points: Vec<Pos2> = shape.points.iter().map(|p| to_world(p[0], p[1])).collect();
                let mut bounds = Rect::NOTHING;
                for p in &points {
                    bounds.extend_with(*p);
                }
                g.bounds = g.bounds.union(bounds);
                if let (Some(fill), true) = (style.fill, shape.closed && points.len() >= 3) {
                    g.has_land |= layer.kind.eq_ignore_ascii_case("land");
                    // Concave polygons: ear-cut once here, so a frame only moves vertices.
                    let flat: Vec<f64> = points.iter().flat_map(|p| [p.x as f64, p.y as f64]).collect();
                    let base = g.fill_points.len() as u32;
                    if let Ok(tris) = earcutr::earcut(&flat, &[], 2) {
                        g.fill_indices.extend(tris.into_iter().map(|i| base + i as u32));
                        g.fill_points.extend(&points);
                        g.fill_colors.extend(std::iter::repeat_n(fill, points.len()));
                    }
                    if style.width > 0.0 {
                        let mut ring = points.clone();
                        ring.push(points[0]);
                        g.lines.push(BackLine { points: ring, bounds, style });
                    }
                } else if points.len() >= 2 {
                    g.lines.push(BackLine { points, bounds, style });
                }
            }
        }
        g.labels = b.labels.iter().map(|l| (l.text.clone(), to_world(l.x, l.y))).collect();
        g
    }
}

impl Default for Geometry {
    fn default() -> Self {
        Geometry::new(&Board::default())
    }
}

impl Geometry {
    pub fn new(board: &Board) -> Self {
        let hex = match board.layout {
            Layout::Points => None,
            l => Some(l),
        };
        let aspect = lon_lat_aspect(board);
        let centers: Vec<Pos2> = board
            .spaces
            .iter()
            .map(|s| match board.layout {
                Layout::Points => pos2(s.x * aspect, -s.y),
                Layout::HexFlat => pos2(1.5 * s.x, SQRT3 * (s.y + s.x / 2.0)),
                Layout::HexPointy => pos2(SQRT3 * (s.x + s.y / 2.0), 1.5 * s.y),
            })
            .collect();
        let radius = if hex.is_some() { 1.0 } else { point_radius(&centers) };
        let mut bounds = Rect::NOTHING;
        for c in &centers {
            bounds.extend_with(*c);
        }
        if centers.is_empty() {
            bounds = Rect::from_center_size(Pos2::ZERO, vec2(1.0, 1.0));
        }
        bounds = bounds.expand(radius * 1.6);
        let mut segments = Vec::with_capacity(board.links.len());
        for l in &board.links {
            let (Some(&a), Some(&b)) = (centers.get(l.a as usize), centers.get(l.b as usize)) else { continue };
            let style = palette::link_style(&l.kind);
            let adjacent_hexes = hex.is_some() && ((a - b).length() - SQRT3).abs() < 0.05;
            if style.crossing && adjacent_hexes {
                // A way across the shared edge: a short bar along the line between the centres.
                let m = a + (b - a) * 0.5;
                let d = (b - a) * 0.17;
                segments.push(Segment { a: m - d, b: m + d, style });
            } else if style.hexside && adjacent_hexes {
                // The shared edge of two neighbouring hexes: through the midpoint, perpendicular.
                let m = a + (b - a) * 0.5;
                let d = (b - a).normalized().rot90() * 0.5;
                segments.push(Segment { a: m - d, b: m + d, style });
            } else {
                segments.push(Segment { a, b, style });
            }
        }
        let mut stacks = vec![Vec::new(); board.spaces.len()];
        for (i, p) in board.pieces.iter().enumerate() {
            if let Some(s) = stacks.get_mut(p.space as usize) {
                s.push(i);
            }
        }
        let fills = board.spaces.iter().map(|s| palette::fill_color(&s.fill)).collect();
        let edges = hex.map_or_else(Vec::new, |layout| hex_edges(&centers, layout));
        let layout = board.layout;
        let backdrop = board.backdrop.as_ref().map(|b| {
            BackGeo::new(b, |x, y| match layout {
                Layout::Points => pos2(x * aspect, -y),
                Layout::HexFlat => pos2(1.5 * x, SQRT3 * (y + x / 2.0)),
                Layout::HexPointy => pos2(SQRT3 * (x + y / 2.0), 1.5 * y),
            })
        });
        let ranks = board.spaces.iter().map(|s| map_labels::rank(&s.marks)).collect();
        static GENERATION: AtomicU64 = AtomicU64::new(0);
        let generation = GENERATION.fetch_add(1, Ordering::Relaxed);
        Geometry { centers, bounds, hex, radius, segments, stacks, fills, edges, backdrop, ranks, generation }
    }
}

/// The edges of unit hexes centred at `centers`, each shared edge once.
fn hex_edges(centers: &[Pos2], layout: Layout) -> Vec<(Pos2, Pos2)> {
    let mut seen = HashSet::new();
    let mut edges = Vec::with_capacity(centers.len() * 3 + 64);
    for &c in centers {
        let pts = hex_corners(c, 1.0, layout);
        for k in 0..6 {
            let (a, b) = (pts[k], pts[(k + 1) % 6]);
            let m = a + (b - a) * 0.5;
            if seen.insert(((m.x * 64.0).round() as i64, (m.y * 64.0).round() as i64)) {
                edges.push((a, b));
            }
        }
    }
    edges
}

/// Longitude/latitude boards (every space within North America's range) are drawn with
/// longitude shrunk by the cosine of the mean latitude, as on a map; other boards as they are.
fn lon_lat_aspect(board: &Board) -> f32 {
    if board.layout != Layout::Points || board.spaces.is_empty() {
        return 1.0;
    }
    let lon_lat = board.spaces.iter().all(|s| (-170.0..=-50.0).contains(&s.x) && (10.0..=75.0).contains(&s.y));
    if !lon_lat {
        return 1.0;
    }
    let mean = board.spaces.iter().map(|s| s.y).sum::<f32>() / board.spaces.len() as f32;
    mean.to_radians().cos()
}

/// A point space's radius: a quarter of the median distance to its nearest neighbour.
fn point_radius(centers: &[Pos2]) -> f32 {
    if centers.len() < 2 {
        return 1.0;
    }
    // Sample at most 400 spaces: the median is stable and this stays cheap on large maps.
    let step = (centers.len() / 400).max(1);
    let mut nearest: Vec<f32> = centers
        .iter()
        .step_by(step)
        .map(|a| centers.iter().map(|b| (*a - *b).length()).filter(|d| *d > 1e-6).fold(f32::INFINITY, f32::min))
        .filter(|d| d.is_finite())
        .collect();
    if nearest.is_empty() {
        return 1.0;
    }
    nearest.sort_by(|a, b| a.total_cmp(b));
    nearest[nearest.len() / 2] / 4.0
}

/// Zoom and pan of one map view.
#[derive(Clone, Debug)]
pub struct BoardView {
    pub zoom: f32,
    pub pan: Vec2,
    /// Where the map was last drawn (for centring on a space).
    pub rect: Option<Rect>,
    /// The names placed at the current zoom.
    pub labels: LabelCache,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView { zoom: 1.0, pan: Vec2::ZERO, rect: None, labels: LabelCache::default() }
    }
}

/// Names placed for one geometry, scale and set of highlights: panning reuses them.
#[derive(Clone, Debug, Default)]
pub struct LabelCache {
    key: Option<LabelKey>,
    pub names: Vec<PlacedName>,
}

#[derive(Clone, Debug, PartialEq)]
struct LabelKey {
    generation: u64,
    scale: u32,
    selected: Option<u16>,
    lit: Vec<u16>,
}

/// A space's name where it was placed: `offset` from the space's centre on screen.
#[derive(Clone, Debug)]
pub struct PlacedName {
    pub space: usize,
    pub offset: Vec2,
    pub galley: Arc<Galley>,
    pub rank: u8,
    /// Placed over a space or counter (no free spot for a name that must be shown).
    pub over: bool,
    /// Placed away from its space (every spot beside it taken): joined to it by a line.
    pub leader: bool,
}

impl BoardView {
    /// The names placed at the last drawn zoom, as (space, rectangle on screen).
    pub fn name_rects(&self, geo: &Geometry) -> Vec<(usize, Rect)> {
        let Some(rect) = self.rect else { return Vec::new() };
        let t = transform(rect, geo, self);
        self.labels.names.iter().map(|n| (n.space, Rect::from_min_size(t.to_screen(geo.centers[n.space]) + n.offset, n.galley.size()))).collect()
    }

    /// Where space `i`'s centre was last drawn on screen (the origin before the map is drawn).
    pub fn screen_pos(&self, geo: &Geometry, i: usize) -> Pos2 {
        let Some(rect) = self.rect else { return Pos2::ZERO };
        transform(rect, geo, self).to_screen(geo.centers[i])
    }

    /// Zoom to `zoom` with `space` in the middle of the map (once the map has been drawn).
    pub fn center_on(&mut self, geo: &Geometry, space: u16, zoom: f32) {
        let (Some(rect), Some(&c)) = (self.rect, geo.centers.get(space as usize)) else { return };
        self.zoom = zoom.clamp(0.2, 40.0);
        self.pan = Vec2::ZERO;
        let t = transform(rect, geo, self);
        self.pan = -(c - t.world_center) * t.scale;
    }
}

/// What to light up.
#[derive(Default)]
pub struct Highlights {
    pub selected: Option<u16>,
    /// Destinations of the selected space's actions, or of actions with no origin.
    pub lit: HashSet<u16>,
    /// Spaces some legal action starts from.
    pub origins: HashSet<u16>,
}

struct Transform {
    center: Pos2,
    world_center: Pos2,
    scale: f32,
    pan: Vec2,
}

impl Transform {
    fn to_screen(&self, w: Pos2) -> Pos2 {
        self.center + (w - self.world_center) * self.scale + self.pan
    }
    fn to_world(&self, p: Pos2) -> Pos2 {
        self.world_center + (p - self.center - self.pan) / self.scale
    }
}

fn transform(rect: Rect, geo: &Geometry, view: &BoardView) -> Transform {
    // Leave room at the edges for the outer spaces' names.
    let fit = ((rect.width() - 90.0).max(50.0) / geo.bounds.width()).min((rect.height() - 50.0).max(50.0) / geo.bounds.height());
    Transform { center: rect.center(), world_center: geo.bounds.center(), scale: fit * view.zoom, pan: view.pan }
}

fn hex_corners(center: Pos2, size: f32, layout: Layout) -> Vec<Pos2> {
    let offset = if layout == Layout::HexPointy { 30f32 } else { 0.0 };
    (0..6)
        .map(|i| {
            let a = (offset + 60.0 * i as f32).to_radians();
            center + vec2(a.cos(), a.sin()) * size
        })
        .collect()
}

/// Draw the board and return the space the user clicked, if any.
pub fn show(
    ui: &mut egui::Ui,
    board: &Board,
    geo: &Geometry,
    view: &mut BoardView,
    hl: &Highlights,
    seat_colors: &[Color32],
) -> Option<u16> {
    let (rect, canvas) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    canvas.widget_info(|| WidgetInfo::labeled(Role::Canvas, true, "Map"));
    view.rect = Some(rect);
    let painter = ui.painter_at(rect);
    let has_land = geo.backdrop.as_ref().is_some_and(|b| b.has_land);
    painter.rect_filled(rect, 0.0, if has_land { palette::SEA } else { palette::MAP_BG });

    // Pan by dragging, zoom with the wheel (about the pointer) or a pinch.
    if canvas.dragged() {
        view.pan += canvas.drag_delta();
    }
    if canvas.hovered() {
        let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        let factor = (scroll * 0.0015).exp() * pinch;
        if (factor - 1.0).abs() > 1e-4 {
            let t = transform(rect, geo, view);
            if let Some(p) = canvas.hover_pos() {
                let w = t.to_world(p);
                view.zoom = (view.zoom * factor).clamp(0.2, 40.0);
                let t2 = transform(rect, geo, view);
                view.pan = p - t2.center - (w - t2.world_center) * t2.scale;
            }
        }
    }
    let t = transform(rect, geo, view);
    let r_screen = geo.radius * t.scale;
    let visible = |c: Pos2| rect.expand(r_screen * 2.0 + 40.0).contains(c);

    if let Some(bg) = &geo.backdrop {
        draw_backdrop(&painter, bg, &t, rect, view.zoom);
    }

    // Spaces: hex fills or point circles.
    let ink = Color32::from_rgb(60, 50, 40);
    if let Some(layout) = geo.hex {
        painter.add(hex_mesh(geo, &t, layout, rect.expand(r_screen * 2.0)));
    }
    for seg in &geo.segments {
        let (a, b) = (t.to_screen(seg.a), t.to_screen(seg.b));
        if !visible(a) && !visible(b) && !rect.intersects(Rect::from_two_pos(a, b)) {
            continue;
        }
        let stroke = Stroke::new(seg.style.width, seg.style.color);
        if seg.style.dashed {
            painter.extend(Shape::dashed_line(&[a, b], stroke, 6.0, 4.0));
        } else {
            painter.line_segment([a, b], stroke);
        }
        if seg.style.ties {
            let d = b - a;
            let len = d.length();
            if len > 12.0 {
                let n = d.normalized().rot90() * 3.5;
                let ties = (len / 9.0) as usize;
                for k in 1..ties {
                    let p = a + d * (k as f32 / ties as f32);
                    painter.line_segment([p - n, p + n], Stroke::new(1.0, seg.style.color));
                }
            }
        }
    }
    let point_r = r_screen.clamp(5.0, 30.0);
    let label_font = FontId::proportional((r_screen * 0.45).clamp(9.0, 14.0));
    let show_labels = geo.hex.is_none() || board.spaces.len() < 150 || r_screen > 8.0;
    for (i, &w) in geo.centers.iter().enumerate() {
        let c = t.to_screen(w);
        if !visible(c) {
            continue;
        }
        let id = i as u16;
        if geo.hex.is_none() {
            painter.circle_filled(c, point_r, geo.fills[i]);
            painter.circle_stroke(c, point_r, Stroke::new(1.2, ink));
        }
        let mark = if hl.selected == Some(id) {
            Some(Stroke::new(3.5, palette::SELECTED))
        } else if hl.lit.contains(&id) {
            Some(Stroke::new(4.0, palette::HIGHLIGHT))
        } else if hl.origins.contains(&id) {
            Some(Stroke::new(2.0, palette::ORIGIN))
        } else {
            None
        };
        if let Some(stroke) = mark {
            match geo.hex {
                Some(layout) => {
                    let mut pts = hex_corners(c, r_screen - stroke.width, layout);
                    pts.push(pts[0]);
                    painter.add(Shape::line(pts, stroke));
                }
                None => {
                    painter.circle_stroke(c, point_r + 3.0, stroke);
                }
            }
        }
    }

    // Names, placed most important first so none overlaps another, a space or a counter
    // (zoom in to see more, or hover a space); the placement is kept while only the pan changes.
    let counter = counter_size(geo, r_screen, point_r);
    let key = LabelKey { generation: geo.generation, scale: t.scale.to_bits(), selected: hl.selected, lit: sorted(&hl.lit) };
    if view.labels.key.as_ref() != Some(&key) {
        view.labels.names = place_names(&painter, board, geo, hl, &t, point_r, counter, show_labels);
        view.labels.key = Some(key);
    }
    let mut placed = Placed::default();
    // A name that had to go over a counter (a capital's or a lit space's, with no free spot) is
    // drawn after the counters, so it stays readable.
    let draw_name = |n: &PlacedName, placed: &mut Placed| {
        let pos = t.to_screen(geo.centers[n.space]) + n.offset;
        let r = Rect::from_min_size(pos, n.galley.size());
        if !rect.intersects(r) {
            return;
        }
        placed.add(r);
        if n.leader {
            let c = t.to_screen(geo.centers[n.space]);
            let to = pos2(c.x.clamp(r.min.x, r.max.x), c.y.clamp(r.min.y, r.max.y));
            painter.line_segment([c, to], Stroke::new(0.8, Color32::from_rgba_unmultiplied(60, 50, 40, 150)));
        }
        let back = if n.rank == 0 || n.over { Color32::from_rgba_unmultiplied(250, 244, 226, 225) } else { Color32::from_rgba_unmultiplied(245, 238, 218, 185) };
        painter.rect_filled(r.expand2(map_labels::PAD * 0.5), 2.0, back);
        painter.galley(pos, n.galley.clone(), ink);
    };
    for n in view.labels.names.iter().filter(|n| !n.over) {
        draw_name(n, &mut placed);
    }
    // Marks the app knows are drawn as symbols; other marks as small text where there is room.
    for (i, s) in board.spaces.iter().enumerate() {
        let c = t.to_screen(geo.centers[i]);
        if s.marks.is_empty() || !visible(c) {
            continue;
        }
        // Around the counters when the space holds some, so they stay visible.
        let around = if geo.hex.is_some() {
            r_screen * 0.6
        } else if geo.stacks[i].is_empty() {
            point_r
        } else {
            counter * 0.62
        };
        let other = draw_marks(&painter, c, around, &s.marks);
        if !other.is_empty() && (show_labels || board.spaces.len() < 150) {
            let galley = painter.layout_no_wrap(other.join(" "), FontId::proportional(10.0), Color32::from_rgb(150, 30, 30));
            let r = Align2::LEFT_BOTTOM.anchor_size(c + vec2(point_r * 0.7, -point_r * 0.9), galley.size());
            if placed.free(r) {
                painter.galley(r.min, galley, Color32::from_rgb(150, 30, 30));
            }
        }
    }

    // Counters, stacked with a small offset; a badge counts a stack.
    for (i, stack) in geo.stacks.iter().enumerate() {
        if stack.is_empty() {
            continue;
        }
        let c = t.to_screen(geo.centers[i]);
        if !visible(c) {
            continue;
        }
        let shown = stack.len().min(4);
        for (k, &pi) in stack.iter().take(shown).enumerate() {
            let off = vec2(3.0, -3.0) * (k as f32 - (shown as f32 - 1.0) / 2.0);
            draw_counter(&painter, c + off, counter, &board.pieces[pi], seat_colors);
        }
        if stack.len() > 1 && hl.selected == Some(i as u16) {
            // The selected stack opens: every piece side by side, beside the space.
            let step = counter * 1.3;
            let start = c + vec2(counter * 1.1 + 6.0, -counter * 0.75);
            let per_row = 8;
            let rows = stack.len().div_ceil(per_row);
            let cols = stack.len().min(per_row);
            let back = Rect::from_min_max(
                start - vec2(counter * 0.65 + 4.0, counter * 0.55 + 4.0),
                start + vec2(step * (cols - 1) as f32 + counter * 0.65 + 4.0, counter * 1.1 * (rows - 1) as f32 + counter * 0.55 + 4.0),
            );
            painter.rect_filled(back, 6.0, Color32::from_white_alpha(220));
            painter.rect_stroke(back, 6.0, Stroke::new(1.0, palette::SELECTED), StrokeKind::Inside);
            for (k, &pi) in stack.iter().enumerate() {
                let p = start + vec2(step * (k % per_row) as f32, counter * 1.1 * (k / per_row) as f32);
                draw_counter(&painter, p, counter, &board.pieces[pi], seat_colors);
            }
        } else if stack.len() > 1 {
            let b = c + vec2(counter * 0.55, counter * 0.55);
            painter.circle_filled(b, 7.5, Color32::from_rgb(30, 30, 30));
            painter.text(b, Align2::CENTER_CENTER, stack.len().to_string(), FontId::proportional(10.0), Color32::WHITE);
        }
    }

    for n in view.labels.names.iter().filter(|n| n.over) {
        draw_name(n, &mut placed);
    }

    // One accessible, clickable widget per visible space (tests and screen readers find spaces
    // by name); on very large maps only the ones that matter now, the rest by position.
    let mut clicked = None;
    let many = board.spaces.len() > 400;
    let hit = if geo.hex.is_some() { r_screen * 0.85 } else { point_r.max(counter * 0.5) };
    for (i, s) in board.spaces.iter().enumerate() {
        let id = i as u16;
        let c = t.to_screen(geo.centers[i]);
        if !rect.contains(c) {
            continue;
        }
        let interesting = hl.selected == Some(id) || hl.lit.contains(&id) || hl.origins.contains(&id) || !geo.stacks[i].is_empty();
        if many && !interesting {
            continue;
        }
        // The space and, on point maps, its name below it.
        let mut area = Rect::from_center_size(c, Vec2::splat(hit * 2.0));
        if geo.hex.is_none() {
            area.max.y = area.max.y.max(c.y + point_r + 4.0 + label_font.size);
        }
        let resp = ui.interact(area.intersect(rect), ui.scope_id().with(("space", i)), Sense::click());
        let name = if s.label.is_empty() { s.id.clone() } else { s.label.clone() };
        resp.widget_info(|| WidgetInfo::selected(Role::Button, true, hl.selected == Some(id), &name));
        let resp = resp.on_hover_ui(|ui| space_tooltip(ui, board, geo, i));
        if resp.clicked() {
            clicked = Some(id);
        }
    }
    // Hit areas of close places overlap (Charleston and Fort Sumter): a click within a place's
    // radius goes to the nearest place, not to the area drawn last.
    if clicked.is_some()
        && let Some(p) = ui.input(|i| i.pointer.interact_pos())
        && let Some(n) = nearest(geo, &t, p, hit)
    {
        clicked = Some(n);
    }
    if clicked.is_none()
        && canvas.clicked()
        && let Some(p) = canvas.interact_pointer_pos()
    {
        clicked = nearest(geo, &t, p, hit * 1.2);
    }
    // On large maps, spaces without a widget of their own get their hover text by position.
    if many
        && let Some(p) = canvas.hover_pos()
        && let Some(i) = nearest(geo, &t, p, hit)
    {
        canvas.clone().on_hover_ui_at_pointer(|ui| space_tooltip(ui, board, geo, i as usize));
    }

    if view.zoom > 1.05 {
        minimap(ui, rect, geo, view, &t);
    }
    zoom_buttons(ui, rect, view);
    clicked
}

/// Counters' size on screen: a hex's width on hex maps; on point maps larger than the space's
/// dot, readable when zoomed in and small enough at the theatre's zoom not to hide the map.
fn counter_size(geo: &Geometry, r_screen: f32, point_r: f32) -> f32 {
    if geo.hex.is_some() { (r_screen * 0.8).clamp(14.0, 56.0) } else { (point_r * 2.4).clamp(16.0, 48.0) }
}

fn sorted(set: &HashSet<u16>) -> Vec<u16> {
    let mut v: Vec<u16> = set.iter().copied().collect();
    v.sort_unstable();
    v
}

/// The geography: filled land and water as one mesh, then coasts, borders and rivers as lines
/// (each line's points closer than a pixel merged), then region names, faint and large.
fn draw_backdrop(painter: &egui::Painter, bg: &BackGeo, t: &Transform, rect: Rect, zoom: f32) {
    if !bg.fill_indices.is_empty() {
        let mut mesh = egui::Mesh::default();
        mesh.vertices.reserve(bg.fill_points.len());
        for (p, c) in bg.fill_points.iter().zip(&bg.fill_colors) {
            mesh.colored_vertex(t.to_screen(*p), *c);
        }
        mesh.indices.clone_from(&bg.fill_indices);
        painter.add(Shape::mesh(mesh));
    }
    let world_view = Rect::from_two_pos(t.to_world(rect.min), t.to_world(rect.max));
    let grow = zoom.max(1.0).sqrt().min(2.5);
    for line in &bg.lines {
        if !line.bounds.intersects(world_view) {
            continue;
        }
        let mut pts: Vec<Pos2> = Vec::with_capacity(line.points.len());
        for p in &line.points {
            let q = t.to_screen(*p);
            if pts.last().is_none_or(|l| (*l - q).length_sq() >= 1.0) {
                pts.push(q);
            }
        }
        if let Some(last) = line.points.last().map(|p| t.to_screen(*p))
            && pts.last() != Some(&last)
        {
            pts.push(last);
        }
        if pts.len() < 2 {
            continue;
        }
        let stroke = Stroke::new(line.style.width * grow, line.style.line);
        if line.style.dashed {
            painter.extend(Shape::dashed_line(&pts, stroke, 5.0 * grow, 3.0 * grow));
        } else {
            painter.add(Shape::line(pts, stroke));
        }
    }
    let size = (t.scale * 0.55).clamp(13.0, 30.0);
    for (text, w) in &bg.labels {
        let c = t.to_screen(*w);
        if rect.expand(200.0).contains(c) {
            painter.text(c, Align2::CENTER_CENTER, text, FontId::proportional(size), Color32::from_rgba_unmultiplied(110, 90, 60, 70));
        }
    }
}

/// Every space's name placed for this transform (offsets from the spaces' centres, so the
/// placement holds while panning): the selected space, capitals and lit spaces first, then by
/// rank, against the spaces' dots, the counters on them and the marks' symbols.
#[allow(clippy::too_many_arguments)]
fn place_names(painter: &egui::Painter, board: &Board, geo: &Geometry, hl: &Highlights, t: &Transform, point_r: f32, counter: f32, show_labels: bool) -> Vec<PlacedName> {
    let important = |i: usize| hl.selected == Some(i as u16) || hl.lit.contains(&(i as u16));
    let mut order: Vec<usize> = (0..board.spaces.len()).filter(|&i| (show_labels || important(i)) && (geo.hex.is_none() || !board.spaces[i].label.is_empty())).collect();
    // The selected space, then the capitals, then the lit spaces, then the rest by rank.
    order.sort_by_key(|&i| (hl.selected != Some(i as u16), geo.ranks[i] != 0, !important(i), geo.ranks[i]));
    let mut obstacles = Vec::new();
    if geo.hex.is_none() {
        for (i, c) in geo.centers.iter().enumerate() {
            let c = t.to_screen(*c);
            let r = if geo.stacks[i].is_empty() { point_r } else { stack_reach(counter) };
            obstacles.push(Rect::from_center_size(c, Vec2::splat(r * 2.0)));
            // The symbols beside the space: stars, diamonds, bastions (see `draw_marks`).
            let around = if geo.stacks[i].is_empty() { point_r } else { counter * 0.62 };
            for (at, size) in board.spaces[i].marks.iter().filter_map(|m| mark_spot(m, c, around)) {
                obstacles.push(Rect::from_center_size(at, Vec2::splat(size * 2.0)));
            }
        }
    }
    let r_screen = geo.radius * t.scale;
    let mut galleys = Vec::with_capacity(order.len());
    let mut names = Vec::with_capacity(order.len());
    for &i in &order {
        let s = &board.spaces[i];
        let text = if s.label.is_empty() { &s.id } else { &s.label };
        let rank = geo.ranks[i];
        let size = if geo.hex.is_some() { (r_screen * 0.45).clamp(9.0, 14.0) } else if rank == 0 { 13.5 } else if rank <= 2 { 12.0 } else { 11.0 };
        let galley = painter.layout_no_wrap(text.clone(), FontId::proportional(size), Color32::from_rgb(60, 50, 40));
        let c = t.to_screen(geo.centers[i]);
        let clear = if geo.stacks[i].is_empty() || geo.hex.is_some() { point_r } else { stack_reach(counter) };
        let at = if geo.hex.is_some() { c + vec2(0.0, -r_screen * 0.55) } else { c };
        names.push(Candidate { size: galley.size() + map_labels::PAD, at, clear, centred: geo.hex.is_some(), must: rank == 0 || important(i) });
        galleys.push((galley, clear));
    }
    let spots = map_labels::place(&names, &obstacles);
    let mut blocked = Placed::default();
    for o in &obstacles {
        blocked.add(*o);
    }
    order
        .iter()
        .zip(galleys)
        .zip(spots)
        .filter_map(|((&i, (galley, clear)), spot)| {
            let r = spot?;
            let c = t.to_screen(geo.centers[i]);
            let leader = geo.hex.is_none() && r.distance_to_pos(c) > clear + 4.0;
            Some(PlacedName { space: i, offset: (r.min + map_labels::PAD * 0.5) - c, galley, rank: geo.ranks[i], over: !blocked.is_free(r.shrink(0.5)), leader })
        })
        .collect()
}

/// How far a stack of counters of `counter` size reaches from its space's centre: the widest
/// counter (a ship), the stacking offsets and the badge counting the stack.
fn stack_reach(counter: f32) -> f32 {
    (counter * 0.63 + 5.0).max(counter * 0.55 + 8.0)
}

/// Where the symbol of `mark` is drawn beside a space at `c` (radius `r`): its centre and
/// half size, or none for a mark drawn on the space itself or not as a symbol. Capitals' stars
/// go above, resource centres' diamonds right, forts' bastions left.
fn mark_spot(mark: &str, c: Pos2, r: f32) -> Option<(Pos2, f32)> {
    let k = r.clamp(4.0, 12.0);
    match mark {
        "capital" => Some((c + vec2(0.0, -r - k * 0.9), k * 1.1)),
        "state-capital" => Some((c + vec2(0.0, -r - k * 0.7), k * 0.75)),
        "resource" | "resource-destroyed" => Some((c + vec2(r + k * 0.7, r * 0.2), k * 0.65)),
        "fort" | "fortress" | "redoubt" => Some((c + vec2(-r - k * 0.7, r * 0.2), k * 0.6)),
        _ => None,
    }
}

/// The marks the app draws as symbols around a space's dot at `c` (radius `r`): control as a
/// disc in the controller's colour, capitals as stars, resource centres as gold diamonds, forts
/// as black bastions, ports as a blue ring. Returns the marks it does not know, to print.
fn draw_marks(painter: &egui::Painter, c: Pos2, r: f32, marks: &[String]) -> Vec<String> {
    let mut other = Vec::new();
    let k = r.clamp(4.0, 12.0);
    for m in marks {
        match m.as_str() {
            "capital" | "state-capital" => {
                let (at, size) = mark_spot(m, c, r).expect("a capital mark");
                star(painter, at, size, if m == "capital" { palette::CAPITAL } else { Color32::from_rgb(60, 60, 60) });
            }
            "resource" | "resource-destroyed" => {
                let (p, d) = mark_spot(m, c, r).expect("a resource mark");
                let color = if m == "resource" { palette::RESOURCE } else { Color32::from_gray(150) };
                painter.add(Shape::convex_polygon(vec![p + vec2(0.0, -d), p + vec2(d, 0.0), p + vec2(0.0, d), p + vec2(-d, 0.0)], color, Stroke::new(1.0, Color32::from_gray(40))));
                if m != "resource" {
                    painter.line_segment([p + vec2(-d, -d) * 0.7, p + vec2(d, d) * 0.7], Stroke::new(1.5, palette::CAPITAL));
                }
            }
            "fort" | "fortress" | "redoubt" => {
                let (p, d) = mark_spot(m, c, r).expect("a fort mark");
                painter.add(Shape::convex_polygon(vec![p + vec2(0.0, -d), p + vec2(d, -d * 0.3), p + vec2(d * 0.6, d), p + vec2(-d * 0.6, d), p + vec2(-d, -d * 0.3)], Color32::from_gray(25), Stroke::NONE));
            }
            "port" => {
                painter.circle_stroke(c, r + 2.0, Stroke::new(1.5, palette::PORT));
            }
            pc if pc.starts_with("pc-") => {
                let p = c + vec2(-r * 0.8, -r * 0.8);
                let d = (k * 0.6).max(3.5);
                painter.circle_filled(p, d, palette::control_color(&pc[3..]));
                painter.circle_stroke(p, d, Stroke::new(1.2, Color32::from_gray(25)));
            }
            _ => other.push(m.clone()),
        }
    }
    other
}

/// A five-pointed star of outer radius `r`.
fn star(painter: &egui::Painter, c: Pos2, r: f32, color: Color32) {
    let mut mesh = egui::Mesh::default();
    mesh.colored_vertex(c, color);
    for k in 0..10 {
        let a = (-90.0 + 36.0 * k as f32).to_radians();
        let rr = if k % 2 == 0 { r } else { r * 0.42 };
        mesh.colored_vertex(c + vec2(a.cos(), a.sin()) * rr, color);
    }
    for k in 0..10u32 {
        mesh.add_triangle(0, 1 + k, 1 + (k + 1) % 10);
    }
    painter.add(Shape::mesh(mesh));
}

/// A small overview of the whole map in the lower left corner, with the part in view framed;
/// a click or drag there centres the view on that point.
fn minimap(ui: &mut egui::Ui, rect: Rect, geo: &Geometry, view: &mut BoardView, t: &Transform) {
    let world = geo.bounds;
    let w = 190.0f32.min(rect.width() * 0.3);
    let h = (w * world.height() / world.width()).clamp(40.0, rect.height() * 0.4);
    let mini = Rect::from_min_size(rect.left_bottom() + vec2(8.0, -h - 8.0), vec2(w, h));
    let s = (mini.width() / world.width()).min(mini.height() / world.height());
    let to_mini = |p: Pos2| mini.center() + (p - world.center()) * s;
    let painter = ui.painter_at(mini.expand(2.0));
    let has_land = geo.backdrop.as_ref().is_some_and(|b| b.has_land);
    painter.rect_filled(mini, 3.0, if has_land { palette::SEA } else { palette::MAP_BG });
    if let Some(bg) = &geo.backdrop
        && !bg.fill_indices.is_empty()
    {
        let mut mesh = egui::Mesh::default();
        for (p, c) in bg.fill_points.iter().zip(&bg.fill_colors) {
            mesh.colored_vertex(to_mini(*p), *c);
        }
        mesh.indices.clone_from(&bg.fill_indices);
        painter.add(Shape::mesh(mesh));
    }
    // The spaces as one mesh of tiny squares.
    let mut dots = egui::Mesh::default();
    let dot = Color32::from_rgb(90, 75, 60);
    for c in &geo.centers {
        let p = to_mini(*c);
        let base = dots.vertices.len() as u32;
        for d in [vec2(-0.8, -0.8), vec2(0.8, -0.8), vec2(0.8, 0.8), vec2(-0.8, 0.8)] {
            dots.colored_vertex(p + d, dot);
        }
        dots.add_triangle(base, base + 1, base + 2);
        dots.add_triangle(base, base + 2, base + 3);
    }
    painter.add(Shape::mesh(dots));
    let seen = Rect::from_two_pos(to_mini(t.to_world(rect.min)), to_mini(t.to_world(rect.max))).intersect(mini);
    painter.rect_stroke(seen, 0.0, Stroke::new(1.5, palette::SELECTED), StrokeKind::Inside);
    painter.rect_stroke(mini, 3.0, Stroke::new(1.0, Color32::from_gray(60)), StrokeKind::Outside);
    let resp = ui.interact(mini, ui.scope_id().with("minimap"), Sense::click_and_drag());
    resp.widget_info(|| WidgetInfo::labeled(Role::Image, true, "Overview map"));
    let resp = resp.on_hover_text("Overview: click or drag to move the view");
    if (resp.clicked() || resp.dragged())
        && let Some(p) = resp.interact_pointer_pos()
    {
        let target = world.center() + (p - mini.center()) / s;
        view.pan = -(target - t.world_center) * t.scale;
    }
}

/// The hex fills and the grid as one mesh, built straight from the cached geometry: a hex is
/// six triangles around its centre and an edge a 1-pixel quad, so the frame does no polygon
/// tessellation or anti-aliasing work for thousands of hexes. Hexes and edges off `clip` are
/// left out.
fn hex_mesh(geo: &Geometry, t: &Transform, layout: Layout, clip: Rect) -> Shape {
    let mut mesh = egui::Mesh::default();
    let r = geo.radius * t.scale;
    let corners: Vec<Vec2> = hex_corners(Pos2::ZERO, r, layout).into_iter().map(|p| p.to_vec2()).collect();
    for (i, &w) in geo.centers.iter().enumerate() {
        let c = t.to_screen(w);
        if !clip.contains(c) {
            continue;
        }
        let color = geo.fills[i];
        let base = mesh.vertices.len() as u32;
        mesh.colored_vertex(c, color);
        for k in &corners {
            mesh.colored_vertex(c + *k, color);
        }
        for k in 0..6u32 {
            mesh.add_triangle(base, base + 1 + k, base + 1 + (k + 1) % 6);
        }
    }
    // The grid, thin enough to vanish when zoomed far out.
    let grid = Color32::from_rgba_unmultiplied(110, 110, 110, if r < 6.0 { 60 } else { 150 });
    for &(a, b) in &geo.edges {
        let (a, b) = (t.to_screen(a), t.to_screen(b));
        if !clip.contains(a) && !clip.contains(b) {
            continue;
        }
        let n = (b - a).normalized().rot90() * 0.5;
        let base = mesh.vertices.len() as u32;
        for p in [a - n, a + n, b + n, b - n] {
            mesh.colored_vertex(p, grid);
        }
        mesh.add_triangle(base, base + 1, base + 2);
        mesh.add_triangle(base, base + 2, base + 3);
    }
    Shape::mesh(mesh)
}

fn nearest(geo: &Geometry, t: &Transform, p: Pos2, max: f32) -> Option<u16> {
    let w = t.to_world(p);
    let mut best: Option<(f32, usize)> = None;
    for (i, c) in geo.centers.iter().enumerate() {
        let d = (*c - w).length() * t.scale;
        if d <= max && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, i));
        }
    }
    best.map(|(_, i)| i as u16)
}

fn zoom_buttons(ui: &mut egui::Ui, rect: Rect, view: &mut BoardView) {
    let size = vec2(34.0, 24.0);
    let mut pos = rect.right_top() + vec2(-size.x - 8.0, 8.0);
    for (label, action) in [("+", 1.25f32), ("-", 0.8), ("Fit", 0.0)] {
        let r = Rect::from_min_size(pos, size);
        if ui.put(r, egui::Button::new(label)).on_hover_text(match label {
            "+" => "Zoom in (or scroll)",
            "-" => "Zoom out (or scroll)",
            _ => "Fit the whole map in view",
        }).clicked() {
            if action == 0.0 {
                *view = BoardView { rect: view.rect, ..BoardView::default() };
            } else {
                view.zoom = (view.zoom * action).clamp(0.2, 40.0);
                view.pan *= action;
            }
        }
        pos.y += size.y + 4.0;
    }
}

pub fn draw_counter(painter: &egui::Painter, c: Pos2, size: f32, p: &BoardPiece, seat_colors: &[Color32]) {
    let color = p.seat.and_then(|s| seat_colors.get(s as usize).copied()).unwrap_or(palette::NEUTRAL);
    let fg = palette::text_on(color);
    let kind = p.kind.to_ascii_lowercase();
    let (w, h, radius) = match kind.as_str() {
        "ship" | "boat" | "fleet" => (size * 1.25, size * 0.7, size * 0.35),
        "leader" | "general" => (size * 0.9, size * 0.9, size * 0.45),
        "cube" | "marker" => (size * 0.55, size * 0.55, 1.0),
        _ => (size * 1.2, size, size * 0.12),
    };
    let r = Rect::from_center_size(c, vec2(w, h));
    painter.rect_filled(r.translate(vec2(1.5, 1.5)), radius, Color32::from_black_alpha(90));
    painter.rect_filled(r, radius, color);
    let border = if kind == "fort" { Stroke::new(3.0, Color32::BLACK) } else { Stroke::new(1.0, Color32::from_gray(20)) };
    painter.rect_stroke(r, radius, border, StrokeKind::Inside);
    if p.hidden {
        // The back of a hidden piece: its owner's colour, nothing else.
        painter.text(r.center(), Align2::CENTER_CENTER, "?", FontId::proportional(h * 0.5), fg);
        return;
    }
    if w < 14.0 {
        return;
    }
    if h < 22.0 {
        // Too small for a name: the strength, or a leader's initial.
        let text = match (&p.strength, kind.as_str()) {
            (_, "leader" | "general") => surname(&p.label).chars().next().map(String::from).unwrap_or_default(),
            (Some(st), _) => st.split_whitespace().next().unwrap_or(st).to_string(),
            (None, _) => surname(&p.label).chars().next().map(String::from).unwrap_or_default(),
        };
        painter.text(r.center(), Align2::CENTER_CENTER, text, FontId::proportional((h * 0.62).max(8.0)), fg);
        return;
    }
    // A unit-type symbol on the top of counters tall enough to read it (NATO style: a box with
    // a cross for infantry, a slash for cavalry, a dot for artillery).
    let symbol = if h >= 30.0 { unit_symbol(&kind) } else { None };
    let (label_y, strength_y) = if symbol.is_some() { (h * 0.04, h * 0.3) } else { (-h * 0.18, h * 0.24) };
    if let Some(sym) = symbol {
        let b = Rect::from_center_size(r.center() - vec2(0.0, h * 0.27), vec2(h * 0.4, h * 0.22));
        draw_symbol(painter, b, sym, fg);
    }
    // Shrink the label to fit the counter; a name too long even then is shortened to its last
    // word (a general's surname, "Potomac" for the Army of the Potomac), then cut.
    let fits = |t: &str| (w - 4.0) / (t.chars().count().max(1) as f32 * 0.55) >= 8.0;
    let label = if fits(&p.label) { p.label.as_str() } else { surname(&p.label) };
    let chars = label.chars().count().max(1) as f32;
    let size = ((h * if symbol.is_some() { 0.24 } else { 0.3 }).min((w - 4.0) / (chars * 0.55))).clamp(7.0, 13.0);
    let font = FontId::proportional(size);
    let max_chars = ((w - 3.0) / (size * 0.52)).max(2.0) as usize;
    let label: String = label.chars().take(max_chars).collect();
    match &p.strength {
        Some(st) => {
            painter.text(r.center() + vec2(0.0, label_y), Align2::CENTER_CENTER, label, font.clone(), fg);
            let st_size = (h * 0.3).min((w - 3.0) / (st.chars().count().max(1) as f32 * 0.55)).clamp(7.0, 13.0);
            painter.text(r.center() + vec2(0.0, strength_y), Align2::CENTER_CENTER, st, FontId::proportional(st_size), fg);
        }
        None => {
            painter.text(r.center() + vec2(0.0, if symbol.is_some() { label_y } else { 0.0 }), Align2::CENTER_CENTER, label, font, fg);
        }
    }
}

/// The last word of a name ("U. S. Grant" -> "Grant"), or the name itself.
fn surname(name: &str) -> &str {
    name.split_whitespace().last().unwrap_or(name)
}

#[derive(Clone, Copy, PartialEq)]
enum Symbol {
    Infantry,
    Cavalry,
    Artillery,
    Hq,
}

/// The symbol of a piece kind, by common unit-type words; none for other pieces.
fn unit_symbol(kind: &str) -> Option<Symbol> {
    if kind.contains("artillery") || kind == "art" || kind.contains("gun") {
        Some(Symbol::Artillery)
    } else if kind.contains("cavalry") || kind == "cav" {
        Some(Symbol::Cavalry)
    } else if kind.contains("infantry") || kind == "inf" || kind.contains("brigade") || kind.contains("division") || kind.contains("corps") || kind.contains("garrison") {
        Some(Symbol::Infantry)
    } else if kind == "hq" || kind.contains("headquarters") {
        Some(Symbol::Hq)
    } else {
        None
    }
}

fn draw_symbol(painter: &egui::Painter, b: Rect, sym: Symbol, color: Color32) {
    let stroke = Stroke::new(1.0, color);
    if sym == Symbol::Hq {
        // A flag on a staff.
        painter.line_segment([b.left_bottom() + vec2(b.width() * 0.3, 0.0), b.left_top() + vec2(b.width() * 0.3, 0.0)], stroke);
        painter.add(Shape::convex_polygon(
            vec![b.left_top() + vec2(b.width() * 0.3, 0.0), b.right_top() - vec2(b.width() * 0.1, 0.0), b.left_top() + vec2(b.width() * 0.3, b.height() * 0.55)],
            color,
            Stroke::NONE,
        ));
        return;
    }
    painter.rect_stroke(b, 0.0, stroke, StrokeKind::Middle);
    match sym {
        Symbol::Infantry => {
            painter.line_segment([b.left_top(), b.right_bottom()], stroke);
            painter.line_segment([b.left_bottom(), b.right_top()], stroke);
        }
        Symbol::Cavalry => {
            painter.line_segment([b.left_bottom(), b.right_top()], stroke);
        }
        Symbol::Artillery => {
            painter.circle_filled(b.center(), b.height() * 0.22, color);
        }
        Symbol::Hq => {}
    }
}

/// Hover text: the space, its marks and what stands there.
pub fn space_tooltip(ui: &mut egui::Ui, board: &Board, geo: &Geometry, i: usize) {
    let s = &board.spaces[i];
    ui.strong(if s.label.is_empty() { &s.id } else { &s.label });
    if !s.fill.is_empty() && geo.hex.is_some() {
        ui.label(format!("terrain: {}", s.fill));
    }
    if !s.marks.is_empty() {
        ui.label(s.marks.join(", "));
    }
    for &pi in &geo.stacks[i] {
        ui.label(piece_text(&board.pieces[pi]));
    }
}

/// One line describing a piece as the viewer may know it.
pub fn piece_text(p: &BoardPiece) -> String {
    if p.hidden {
        return format!("{} (hidden)", if p.kind.is_empty() { "piece" } else { &p.kind });
    }
    let mut t = p.label.clone();
    if !p.kind.is_empty() {
        t.push_str(&format!(" ({})", p.kind));
    }
    match (&p.strength, p.kind.as_str()) {
        (Some(s), "leader" | "general") => t.push_str(&format!(", ratings {s}")),
        (Some(s), _) => t.push_str(&format!(", strength {s}")),
        (None, _) => {}
    }
    t
}

/// Spaces grouped by what to light: action destinations per origin, and destinations of
/// actions that have no origin.
#[derive(Default, Clone, Debug)]
pub struct HintIndex {
    pub by_from: HashMap<u16, Vec<usize>>,
    pub direct_to: HashMap<u16, Vec<usize>>,
    pub origins: HashSet<u16>,
}

impl HintIndex {
    pub fn new(actions: &[(String, bivouac_engine::board::ActionHint)]) -> Self {
        let mut ix = HintIndex::default();
        for (i, (_, h)) in actions.iter().enumerate() {
            match (h.from, h.to) {
                (Some(f), _) => {
                    ix.by_from.entry(f).or_default().push(i);
                    ix.origins.insert(f);
                }
                (None, Some(t)) => ix.direct_to.entry(t).or_default().push(i),
                (None, None) => {}
            }
        }
        ix
    }
}
