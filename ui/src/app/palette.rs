//! Colours: seats, terrain fills and link kinds. Cosmetic only; an unknown key still gets a
//! stable colour of its own, so a new game draws without touching the app.

use egui::Color32;

/// A seat's counter colour. Union/Confederate get their traditional blue and grey; other seats
/// take a distinct colour each.
pub fn seat_color(index: u8, name: &str) -> Color32 {
    let n = name.to_ascii_lowercase();
    if n.contains("union") || n == "usa" || n == "north" {
        return Color32::from_rgb(52, 84, 160);
    }
    if is_confederate(&n) {
        // A dark grey, so white text on a counter reads (about 5.5:1) and the counter stands
        // out on the light map.
        return Color32::from_rgb(104, 104, 110);
    }
    const SEATS: [Color32; 8] = [
        Color32::from_rgb(196, 58, 49),
        Color32::from_rgb(46, 118, 190),
        Color32::from_rgb(226, 160, 36),
        Color32::from_rgb(60, 150, 80),
        Color32::from_rgb(138, 80, 170),
        Color32::from_rgb(30, 160, 170),
        Color32::from_rgb(200, 100, 150),
        Color32::from_rgb(110, 90, 60),
    ];
    SEATS[index as usize % SEATS.len()]
}

/// Whether a seat named `lower` (lower case) is the Confederacy.
fn is_confederate(lower: &str) -> bool {
    lower.contains("confed") || lower == "csa" || lower == "south"
}

/// Black or white, whichever reads better on `bg`.
pub fn text_on(bg: Color32) -> Color32 {
    let l = 0.299 * bg.r() as f32 + 0.587 * bg.g() as f32 + 0.114 * bg.b() as f32;
    if l > 150.0 { Color32::BLACK } else { Color32::WHITE }
}

pub const NEUTRAL: Color32 = Color32::from_rgb(70, 70, 70);

fn hash(key: &str) -> u32 {
    // FNV-1a: stable across runs and machines.
    key.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

/// Fill colour of a space or hex by its `fill` key.
pub fn fill_color(key: &str) -> Color32 {
    let k = key.to_ascii_lowercase();
    let has = |w: &str| k.contains(w);
    if k.is_empty() || k == "clear" || has("open") || has("plain") {
        Color32::from_rgb(236, 228, 196)
    } else if has("neutral") {
        Color32::from_rgb(190, 222, 210)
    } else if has("port") || has("harbor") || has("harbour") {
        Color32::from_rgb(176, 208, 236)
    } else if has("sea") || has("ocean") || has("water") || has("lake") || has("bay") || has("gulf") {
        Color32::from_rgb(150, 190, 226)
    } else if has("rolling") {
        Color32::from_rgb(214, 214, 168)
    } else if has("forest") || has("wood") {
        Color32::from_rgb(150, 190, 120)
    } else if has("mountain") {
        Color32::from_rgb(170, 140, 110)
    } else if has("hill") || has("ridge") || has("rough") {
        Color32::from_rgb(206, 186, 140)
    } else if has("swamp") || has("marsh") {
        Color32::from_rgb(160, 180, 140)
    } else if has("town") || has("city") || has("capital") {
        Color32::from_rgb(224, 196, 170)
    } else if has("fort") {
        Color32::from_rgb(200, 190, 190)
    } else {
        let h = hash(&k);
        Color32::from_rgb(170 + (h % 60) as u8, 170 + ((h >> 8) % 60) as u8, 150 + ((h >> 16) % 60) as u8)
    }
}

/// How a link of `kind` is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinkStyle {
    pub color: Color32,
    pub width: f32,
    pub dashed: bool,
    /// Drawn on the shared edge of two hexes rather than centre to centre.
    pub hexside: bool,
    /// A way across a hexside (ford, bridge, gap...): a short bar across the shared edge, drawn
    /// over the river or ridge it crosses.
    pub crossing: bool,
    /// Rail ties across the line.
    pub ties: bool,
}

pub fn link_style(kind: &str) -> LinkStyle {
    let k = kind.to_ascii_lowercase();
    let s = |color, width, dashed, hexside, ties| LinkStyle { color, width, dashed, hexside, crossing: false, ties };
    let across = |color, width, dashed| LinkStyle { color, width, dashed, hexside: true, crossing: true, ties: false };
    match k.as_str() {
        "rail" | "railroad" | "railway" => s(Color32::from_rgb(40, 40, 40), 2.5, false, false, true),
        "pike" | "turnpike" => s(Color32::from_rgb(180, 60, 40), 3.0, false, false, false),
        "road" => s(Color32::from_rgb(180, 60, 40), 2.0, false, false, false),
        "trail" | "track" => s(Color32::from_rgb(180, 60, 40), 1.5, true, false, false),
        "river" | "major-river" => s(Color32::from_rgb(50, 110, 200), 3.5, false, true, false),
        "navigable-river" => s(Color32::from_rgb(30, 80, 180), 5.0, false, true, false),
        "creek" | "stream" | "minor-river" => s(Color32::from_rgb(70, 140, 220), 2.0, false, true, false),
        "ridge" | "cliff" | "escarpment" => s(Color32::from_rgb(110, 80, 40), 2.0, false, true, true),
        "mountain" | "mountains" => s(Color32::from_rgb(110, 70, 40), 5.0, false, true, false),
        "marsh" | "swamp" => s(Color32::from_rgb(90, 130, 80), 3.0, true, true, false),
        "ford" => across(Color32::from_rgb(230, 240, 250), 3.0, true),
        "bridge" | "dam" => across(Color32::from_rgb(90, 60, 30), 4.0, false),
        "ferry" => across(Color32::from_rgb(40, 40, 40), 2.0, true),
        "pontoon" => across(Color32::from_rgb(200, 150, 40), 4.0, false),
        "gap" | "pass" => across(Color32::from_rgb(236, 228, 196), 5.0, false),
        "sea" | "sea-lane" | "ocean" | "coast" => s(Color32::from_rgb(60, 120, 190), 2.0, true, false, false),
        _ => s(Color32::from_rgb(110, 110, 110), 1.5, false, false, false),
    }
}

pub const HIGHLIGHT: Color32 = Color32::from_rgb(255, 190, 0);
pub const SELECTED: Color32 = Color32::from_rgb(220, 40, 40);
pub const ORIGIN: Color32 = Color32::from_rgb(40, 170, 90);
pub const MAP_BG: Color32 = Color32::from_rgb(222, 214, 186);

/// The sea under a map that has land drawn on it.
pub const SEA: Color32 = Color32::from_rgb(168, 200, 222);

/// How a backdrop layer of `kind` is drawn: a fill for polygons, a line for the rest.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BackdropStyle {
    pub fill: Option<Color32>,
    pub line: Color32,
    /// Line width in points at the map's fitted zoom; it grows a little as you zoom in.
    pub width: f32,
    pub dashed: bool,
}

pub fn backdrop_style(kind: &str) -> BackdropStyle {
    let s = |fill, line, width, dashed| BackdropStyle { fill, line, width, dashed };
    match kind.to_ascii_lowercase().as_str() {
        "land" => s(Some(MAP_BG), Color32::from_rgb(120, 150, 170), 0.0, false),
        "water" | "lake" | "sea" => s(Some(SEA), Color32::from_rgb(90, 130, 170), 0.8, false),
        "coast" => s(None, Color32::from_rgb(80, 120, 160), 1.0, false),
        "border" => s(None, Color32::from_rgb(150, 120, 100), 1.0, true),
        "river" => s(None, Color32::from_rgb(70, 130, 200), 1.6, false),
        _ => s(None, Color32::from_rgb(140, 140, 140), 0.8, false),
    }
}

/// A control marker's colour: the seat named in a `pc-<seat>` mark. Markers are small discs
/// with a dark rim on the tan land: the Confederacy's is a light grey, so it is told from the
/// Union's dark blue by lightness as well as by hue.
pub fn control_color(seat: &str) -> Color32 {
    if is_confederate(&seat.to_ascii_lowercase()) { Color32::from_rgb(208, 208, 214) } else { seat_color(0, seat) }
}

pub const RESOURCE: Color32 = Color32::from_rgb(214, 160, 30);
pub const CAPITAL: Color32 = Color32::from_rgb(200, 40, 40);
pub const PORT: Color32 = Color32::from_rgb(40, 90, 170);
