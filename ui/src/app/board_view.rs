//! Draws a [`Board`] (the generic picture every game builds) as a zoomable, pannable map:
//! point-to-point spaces at their coordinates or hexes at axial coordinates, links styled by
//! kind, counters in stacks. Geometry is computed once per board ([`Geometry::new`]); a frame
//! only transforms and paints it.

use super::palette::{self, LinkStyle};
use bivouac_engine::board::{Board, BoardPiece, Layout};
use egui::{Align2, Color32, FontId, Pos2, Rect, Role, Sense, Shape, Stroke, StrokeKind, Vec2, WidgetInfo, pos2, vec2};
use std::collections::{HashMap, HashSet};

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
        Geometry { centers, bounds, hex, radius, segments, stacks, fills, edges }
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
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView { zoom: 1.0, pan: Vec2::ZERO, rect: None }
    }
}

impl BoardView {
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
    painter.rect_filled(rect, 0.0, palette::MAP_BG);

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
    let show_labels = board.spaces.len() < 150 || r_screen > 8.0;
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

    // Names and marks, most important first; a text that would overlap one already placed is
    // left out (zoom in to see it, or hover the space).
    let mut placed = Placed::default();
    let important = |i: usize| hl.selected == Some(i as u16) || hl.lit.contains(&(i as u16));
    let order = (0..board.spaces.len()).filter(|&i| important(i)).chain((0..board.spaces.len()).filter(|&i| !important(i)));
    for i in order {
        let s = &board.spaces[i];
        let c = t.to_screen(geo.centers[i]);
        if !rect.contains(c) || !(show_labels || important(i)) {
            continue;
        }
        if geo.hex.is_none() || !s.label.is_empty() {
            let name = if s.label.is_empty() { &s.id } else { &s.label };
            let (pos, anchor) = if geo.hex.is_some() { (c + vec2(0.0, -r_screen * 0.55), Align2::CENTER_CENTER) } else { (c + vec2(0.0, point_r + 2.0), Align2::CENTER_TOP) };
            let galley = painter.layout_no_wrap(name.clone(), label_font.clone(), ink);
            let r = anchor.anchor_size(pos, galley.size());
            if placed.free(r) {
                painter.rect_filled(r.expand(1.0), 2.0, Color32::from_rgba_unmultiplied(240, 234, 214, 170));
                painter.galley(r.min, galley, ink);
            }
        }
        if !s.marks.is_empty() {
            let galley = painter.layout_no_wrap(s.marks.join(" "), FontId::proportional(10.0), Color32::from_rgb(150, 30, 30));
            let r = Align2::LEFT_BOTTOM.anchor_size(c + vec2(point_r * 0.7, -point_r * 0.9), galley.size());
            if placed.free(r) {
                painter.galley(r.min, galley, Color32::from_rgb(150, 30, 30));
            }
        }
    }

    // Counters, stacked with a small offset; a badge counts a stack.
    let counter = if geo.hex.is_some() { (r_screen * 0.8).clamp(14.0, 56.0) } else { (point_r * 1.5).clamp(22.0, 44.0) };
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

    zoom_buttons(ui, rect, view);
    clicked
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

/// Screen rectangles of the texts placed so far, bucketed in a coarse grid.
#[derive(Default)]
struct Placed {
    cells: HashMap<(i32, i32), Vec<Rect>>,
}

impl Placed {
    const CELL: f32 = 64.0;

    /// Place `r` if it overlaps nothing placed yet.
    fn free(&mut self, r: Rect) -> bool {
        let cells = |r: Rect| {
            let (x0, x1) = ((r.min.x / Self::CELL).floor() as i32, (r.max.x / Self::CELL).floor() as i32);
            let (y0, y1) = ((r.min.y / Self::CELL).floor() as i32, (r.max.y / Self::CELL).floor() as i32);
            (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| (x, y)))
        };
        if cells(r).any(|k| self.cells.get(&k).is_some_and(|v| v.iter().any(|o| o.intersects(r)))) {
            return false;
        }
        for k in cells(r) {
            self.cells.entry(k).or_default().push(r);
        }
        true
    }
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
    // A unit-type symbol on the top of counters tall enough to read it (NATO style: a box with
    // a cross for infantry, a slash for cavalry, a dot for artillery).
    let symbol = if h >= 30.0 { unit_symbol(&kind) } else { None };
    let (label_y, strength_y) = if symbol.is_some() { (h * 0.04, h * 0.3) } else { (-h * 0.18, h * 0.24) };
    if let Some(sym) = symbol {
        let b = Rect::from_center_size(r.center() - vec2(0.0, h * 0.27), vec2(h * 0.4, h * 0.22));
        draw_symbol(painter, b, sym, fg);
    }
    // Shrink the label to fit the counter, then cut what still does not fit.
    let chars = p.label.chars().count().max(1) as f32;
    let size = ((h * if symbol.is_some() { 0.24 } else { 0.3 }).min((w - 4.0) / (chars * 0.55))).clamp(7.0, 13.0);
    let font = FontId::proportional(size);
    let max_chars = ((w - 3.0) / (size * 0.52)).max(2.0) as usize;
    let label: String = p.label.chars().take(max_chars).collect();
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
    if !s.fill.is_empty() {
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
    if let Some(s) = &p.strength {
        t.push_str(&format!(", strength {s}"));
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
