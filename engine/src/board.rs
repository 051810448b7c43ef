//! A drawable picture of the board, built by each game from what one seat may see.
//! The app draws every game from this alone, so it never contains rules: point-to-point maps
//! (spaces at coordinates, links styled by kind) and hex maps (terrain fill, hexside features)
//! share one model, as the engine's maps do.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Board {
    pub layout: Layout,
    pub spaces: Vec<BoardSpace>,
    pub links: Vec<BoardLink>,
    pub pieces: Vec<BoardPiece>,
    /// Tracks, prices, money, hands summary...: titled lines of text beside the map.
    pub panels: Vec<Panel>,
    /// Faces of the cards the viewing seat may read (its hand, cards in play), matched by title
    /// with [`ActionHint::card`] so the app shows each playable card's value and text.
    #[serde(default)]
    pub cards: Vec<CardFace>,
    /// A battle being fought on a board of its own (Bobby Lee's battle board), as the viewing
    /// seat may see it.
    #[serde(default)]
    pub battle: Option<BattleBoard>,
    /// Geography drawn under the spaces (land, coast, borders, rivers), in the spaces'
    /// coordinates; none when the game has no such picture.
    #[serde(default)]
    pub backdrop: Option<Backdrop>,
}

/// A map's geography as named layers of polylines and polygons, drawn in order under the
/// spaces. Cosmetic only: no rule reads it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Backdrop {
    pub layers: Vec<BackdropLayer>,
    /// Large faint names over regions (states, seas), placed before the spaces' names.
    #[serde(default)]
    pub labels: Vec<BackdropLabel>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BackdropLayer {
    pub id: String,
    /// How the app draws it: "land", "water" (filled polygons), "coast", "border", "river"
    /// (lines); an unknown kind is drawn as a thin grey line.
    pub kind: String,
    pub shapes: Vec<BackdropShape>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BackdropShape {
    /// A river's name, or empty.
    #[serde(default)]
    pub name: String,
    /// A polygon (its last point joins its first) rather than a line.
    #[serde(default)]
    pub closed: bool,
    /// Points `[x, y]` in the coordinates of [`BoardSpace::x`], [`BoardSpace::y`].
    pub points: Vec<[f32; 2]>,
}

/// A name drawn over a region, at `x, y` in the spaces' coordinates.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BackdropLabel {
    pub text: String,
    pub x: f32,
    pub y: f32,
    /// "state", "sea"...: how the app styles it.
    pub kind: String,
}

/// A battle drawn as boxes per side (e.g. Left, Center, Right, Reserve), with the clock.
/// Pieces are drawn like the map's counters (`space` is unused); a hidden piece shows its back.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BattleBoard {
    pub title: String,
    /// Clock, day, turn, step...: short lines above the boxes.
    pub status: Vec<String>,
    pub sides: Vec<BattleSide>,
    /// Die-roll modifiers, each with the rule that gives it (a combat results table battle).
    #[serde(default)]
    pub modifiers: Vec<BattleModifier>,
    /// The dice and what they gave, in reading order: rolls, the row of the results table,
    /// losses, who won (empty before the dice are rolled).
    #[serde(default)]
    pub results: Vec<String>,
}

/// One die-roll modifier of a battle: whose roll it changes (an index into
/// [`BattleBoard::sides`]), what it is, its value and its rule.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BattleModifier {
    pub side: u8,
    pub name: String,
    pub value: i32,
    pub rule: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BattleSide {
    pub name: String,
    /// Seat of this side, for its colour.
    pub seat: Option<u8>,
    /// "attacker", "defender"...
    pub role: String,
    /// The boxes in drawing order; every side lists the same box names.
    pub boxes: Vec<BattleBox>,
    /// Its strength as the rules count it ("12 SP", "CV 14 (entrenched 21)"), empty if unused.
    #[serde(default)]
    pub strength: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BattleBox {
    /// "Left", "Center", "Right", "Reserve", "Not deployed"...
    pub name: String,
    pub pieces: Vec<BattlePiece>,
    /// Names this box in [`ActionHint::to_box`] (e.g. "confederate-left"); empty if no action
    /// targets it.
    #[serde(default)]
    pub key: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BattlePiece {
    pub piece: BoardPiece,
    /// A state shown under the counter ("disrupted"), empty if none.
    pub note: String,
    /// Names this piece in [`ActionHint::piece`]; empty if no action is about it.
    #[serde(default)]
    pub key: String,
    /// Its printed name, written beside the counter ("II Corps (Banks)"); empty when the
    /// viewer may not know it (a hidden block) or the counter's label says it all.
    #[serde(default)]
    pub name: String,
}

/// A card as printed: its title, its value (operations points, a price...) and its event text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CardFace {
    pub title: String,
    /// "3 OPs", "+1"...; None when the card has no printed value.
    pub value: Option<String>,
    pub text: String,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Layout {
    /// Spaces at free coordinates (x east, y north: longitude/latitude or map units).
    #[default]
    Points,
    /// Spaces are hexes; `x, y` are axial `q, r`.
    HexFlat,
    HexPointy,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BoardSpace {
    pub id: String,
    pub label: String,
    pub x: f32,
    pub y: f32,
    /// Terrain or kind key the app colours by ("clear", "forest", "port", "neutral-port"...).
    pub fill: String,
    /// Small marks: "fort", "capital", "blockaded", control ("pc-<seat name>")... The app ranks
    /// names by them (capitals, then resources, ports and forts keep their names when zoomed
    /// out) and draws known ones as symbols.
    pub marks: Vec<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BoardLink {
    /// Indexes into `spaces`.
    pub a: u16,
    pub b: u16,
    /// "rail", "road", "river", "sea", "ford", "bridge", "creek", "ridge"... (styled by the app).
    pub kind: String,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BoardPiece {
    /// Index into `spaces`.
    pub space: u16,
    /// Shown on the counter ("Lizzie", "II Corps", "?" for a hidden block).
    pub label: String,
    /// Seat owning it, for its colour (None: neutral, e.g. the Union blockade in Blockade Runner).
    pub seat: Option<u8>,
    /// "ship", "army", "leader", "block", "fort", "cube"...
    pub kind: String,
    /// Strength or steps as printed, when this seat may know it.
    pub strength: Option<String>,
    /// True when the viewer sees only the back of the piece.
    pub hidden: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Panel {
    pub title: String,
    pub lines: Vec<String>,
}

/// Which kind of line of the log a text is ([`crate::Game::text_words`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// An action, as the viewer was shown it (its notation, or the text hiding what it names).
    Action,
    /// An event's text.
    Event,
}

/// Where an action happens on the board, so the app can light up legal destinations and group
/// card plays. All fields optional; indexes into [`Board::spaces`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionHint {
    pub from: Option<u16>,
    pub to: Option<u16>,
    /// The card this action plays, by title, for the hand panel.
    pub card: Option<String>,
    /// A short group label for menus ("Move", "Load", "Bid", "Card").
    pub group: String,
    /// The battle-board piece this action is about ([`BattlePiece::key`]).
    #[serde(default)]
    pub piece: Option<String>,
    /// The battle-board box it puts that piece in ([`BattleBox::key`]): deployments and moves
    /// between boxes, so the app lights the legal boxes of a picked piece.
    #[serde(default)]
    pub to_box: Option<String>,
    /// The action in the game's words ("Move the XII Corps to 0814"), for the buttons a player
    /// sees; empty: the app shows the notation.
    #[serde(default)]
    pub words: String,
}
