//! GCACW content: the TOML schema of `content/gcacw/` and its loader.
//!
//! Everything is interned at load into small ids: hexes are `HexId` (u16, dense index of the
//! scenario map), units `UnitId` and leaders `LeaderId` (u8). The loaded `Data` lives in the
//! `Gcacw` game value, never in the state. Every cross-reference is checked and reported with
//! file:line:col (engine `ContentSet::resolve` / `diag`); nothing here panics on bad content.

use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics, IdIndex, Spanned, SrcId};
use bivouac_engine::map::hex::{Hex, OffsetConvention, hex_distance, offset_to_hex, parse_label};
use serde::Deserialize;
use std::collections::HashMap;

pub type HexId = u16;
pub type UnitId = u8;
pub type LeaderId = u8;
pub const NO_HEX: HexId = u16::MAX;
pub const NONE8: u8 = u8::MAX;
pub const UNION: u8 = 0;
pub const CSA: u8 = 1;

/// Primary hex terrain (GCACW 2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Clear,
    Rolling,
    Rough,
    Woods,
    City,
    Swamp,
    ProvSwamp,
    Hill,
    Mountain,
    Water,
}

impl Terrain {
    fn parse(s: &str) -> Option<Terrain> {
        Some(match s {
            "clear" => Terrain::Clear,
            "rolling" => Terrain::Rolling,
            "rough" => Terrain::Rough,
            "woods" => Terrain::Woods,
            "city" => Terrain::City,
            "swamp" => Terrain::Swamp,
            "provisional-swamp" => Terrain::ProvSwamp,
            "hill" => Terrain::Hill,
            "mountain" => Terrain::Mountain,
            "water" => Terrain::Water,
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Rolling => "rolling",
            Terrain::Rough => "rough",
            Terrain::Woods => "woods",
            Terrain::City => "city",
            Terrain::Swamp => "swamp",
            Terrain::ProvSwamp => "provisional swamp",
            Terrain::Hill => "hill",
            Terrain::Mountain => "mountain",
            Terrain::Water => "water",
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

/// A river crossing on a hexside (GCACW 6.2, 10.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Crossing {
    #[default]
    None,
    Ford,
    Bridge,
    Dam,
    Ferry,
}

/// Features of one hexside as seen from one of its hexes (stored both ways).
#[derive(Clone, Copy, Debug, Default)]
pub struct SideData {
    /// 0 none, 1 minor river, 2 major river.
    pub river: u8,
    pub crossing: Crossing,
    pub creek: bool,
    /// +1: the ridge line lies in THIS hex (an attack from the neighbour is "up");
    /// -1: it lies in the neighbour's hex; 0: no ridge.
    pub ridge: i8,
    pub pike: bool,
    pub road: bool,
    pub railroad: bool,
    pub trail: bool,
    /// A permanent bridge that may never be destroyed (GCACW 10.0).
    pub indestructible: bool,
    /// A destroyed major-river ferry still leaves a ford (Snicker's, Berry's: GCACW 10.0).
    pub ford_remains: bool,
    /// A named hexside's own pontoon-building DRM (OTR Barrett's Ferry S3409-S3509: +1, GCACW 10.1).
    pub pontoon_drm: i8,
    /// A permanent bridge that can never be repaired (SLB Chatham Bridge, GCACW 10.3).
    pub unrepairable: bool,
}

impl SideData {
    /// Any pike, road, trail or railroad crosses this hexside.
    pub fn any_route(&self) -> bool {
        self.pike || self.road || self.railroad || self.trail
    }
}

#[derive(Clone, Debug)]
pub struct HexData {
    pub label: String,
    pub ax: Hex,
    pub terrain: Terrain,
    /// Neighbour in each of the six directions, NO_HEX off the map.
    pub nbr: [HexId; 6],
    pub side: [SideData; 6],
    pub town: bool,
    pub station: bool,
    /// The station can only be damaged, never destroyed (Frederick Junction, GCACW 5.4).
    pub station_damage_only: bool,
    pub redoubt: bool,
    pub name: Option<String>,
}

#[derive(Clone, Debug)]
pub struct MapData {
    pub hexes: Vec<HexData>,
    pub by_label: HashMap<String, HexId>,
    /// The Confederate capital (OTR N0627, GTC S3626: Richmond), NO_HEX if off this map: a
    /// Confederate major-river pontoon within 10 hexes gets -3 (GCACW 10.1).
    pub csa_capital: HexId,
    /// The names of the hexside features (rivers, creeks, fords, bridges) between two adjacent
    /// hexes, keyed (lower, higher): what the Lua hooks read as `crosses`.
    pub side_names: HashMap<(HexId, HexId), Vec<String>>,
}

impl MapData {
    pub fn dir_to(&self, a: HexId, b: HexId) -> Option<usize> {
        self.hexes[a as usize].nbr.iter().position(|&n| n == b)
    }
    pub fn side(&self, a: HexId, b: HexId) -> Option<&SideData> {
        self.dir_to(a, b).map(|d| &self.hexes[a as usize].side[d])
    }
    pub fn dist(&self, a: HexId, b: HexId) -> u32 {
        hex_distance(self.hexes[a as usize].ax, self.hexes[b as usize].ax)
    }
    /// The named hexside features between adjacent hexes `a` and `b` (none: empty).
    pub fn side_names(&self, a: HexId, b: HexId) -> &[String] {
        self.side_names.get(&(a.min(b), a.max(b))).map_or(&[], Vec::as_slice)
    }
    pub fn label(&self, h: HexId) -> &str {
        if h == NO_HEX { "off-map" } else { &self.hexes[h as usize].label }
    }
    pub fn terrain(&self, h: HexId) -> Terrain {
        self.hexes[h as usize].terrain
    }
    pub fn neighbors(&self, h: HexId) -> impl Iterator<Item = HexId> + '_ {
        self.hexes[h as usize].nbr.iter().copied().filter(|&n| n != NO_HEX)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Inf,
    Cav,
    Art,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LKind {
    Army,
    District,
    Corps,
    Division,
}

#[derive(Clone, Debug)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    pub side: u8,
    pub kind: Kind,
    pub size: String,
    pub corps: Option<String>,
    pub division: Option<String>,
    pub tactical: u8,
    pub artillery: u8,
    pub manpower: u8,
    pub organized: bool,
    pub fatigue: u8,
    pub exhausted: bool,
    pub aop: bool,
    pub mounted_infantry: bool,
    pub hex: HexId,
}

#[derive(Clone, Debug)]
pub struct LeaderDef {
    pub id: String,
    pub name: String,
    pub side: u8,
    pub kind: LKind,
    pub cavalry: bool,
    pub tactical: u8,
    pub command_value: u8,
    pub command: String,
    pub attached: UnitId,
    /// Units of its command (bit i = unit i).
    pub subs: u64,
    /// A named assault bonus: "lee", "jackson" or "longstreet" (GCACW 7.4).
    pub bonus: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Reinforcement {
    pub turn: u8,
    pub hex: HexId,
    pub units: Vec<UnitId>,
    pub leaders: Vec<LeaderId>,
}

/// One line of a scenario's Random Events Table (GCACW 3.1, 12.0): a 2d6 range and its event.
#[derive(Clone, Debug)]
pub struct RandomEvent {
    pub lo: u8,
    pub hi: u8,
    /// Rain for this turn and the next `rain - 1` turns (1 = Rain, 2 = Rain +1, ...); 0 = no rain.
    pub rain: u8,
    pub text: String,
}

#[derive(Clone, Debug)]
pub struct Objective {
    pub hex: HexId,
    pub name: String,
    pub vp: [i64; 2],
}

fn pontoon_minor_default() -> [u8; 2] {
    [255, 255]
}
fn pontoon_major_default() -> [u8; 2] {
    [1, 0]
}
fn five() -> u8 {
    5
}
fn standard() -> String {
    "standard".into()
}

/// The per-game switches, from variants.toml.
#[derive(Clone, Debug, Deserialize)]
pub struct Variant {
    /// OTR: the Union leader-activation size depends on the winning initiative die.
    #[serde(default)]
    pub union_activation_by_die: bool,
    /// Pontoon bridge markers per side [Union, CSA] for minor and major rivers; 255 =
    /// unlimited (GCACW 10.0 marker limits).
    #[serde(default = "pontoon_minor_default")]
    pub pontoon_minor: [u8; 2],
    #[serde(default = "pontoon_major_default")]
    pub pontoon_major: [u8; 2],
    /// "standard" (GCACW 10.1) or "slb": SLB keeps its own bridge rules (SLB 10.0), which the
    /// standard rules do not reproduce, so no standard pontoon building there (GCACW 10.0).
    #[serde(default = "standard")]
    pub pontoon_rules: String,
    /// Bridge/ferry repair: the repairer's CV and the enemy CV in a linked hex that forbids
    /// it (GCACW 10.3: 5 and 5; SIV 2 and 2).
    #[serde(default = "five")]
    pub repair_cv: u8,
    #[serde(default = "five")]
    pub repair_block_cv: u8,
    /// SIV: the Union repairs only from a county it controls; county control is SIV's own
    /// rule (MISSING DATA), so Union repairs are not offered (GCACW 10.3).
    #[serde(default)]
    pub union_repair_county: bool,
    /// The game has army leaders (SIV has none) / district leaders (BAC has none) (GCACW 2.2).
    #[serde(default = "yes")]
    pub army_leaders: bool,
    #[serde(default = "yes")]
    pub district_leaders: bool,
    /// Published set-ups use the old fatigue system and are converted (SJW, HCR, RTG; GCACW 12.0).
    #[serde(default)]
    pub published_setups: bool,
    pub id: String,
    pub title: String,
    pub year_class: u16,
    pub max_manpower: u8,
    pub initiative_tie: String,
    pub csa_unit_ma_add: i8,
    pub csa_unit_ma_min: u8,
    pub union_leader_ma_add: i8,
    pub union_leader_ma_min: u8,
    pub csa_leader_ma_add: i8,
    pub ext_union: bool,
    pub ext_union_cav_exempt: bool,
    pub ext_non_aop: bool,
    pub burn_stations: bool,
    pub caps: [u16; 4],
    pub lee_bonus: bool,
    pub jackson_bonus: bool,
    pub longstreet_bonus: bool,
    pub csa_cav_very_large: i8,
    pub csa_cav_large: i8,
    pub csa_cav_small: i8,
    pub csa_cav_small_ignored: bool,
    pub csa_cav_very_small: i8,
    pub rain_in_basic: bool,
    pub rain_minor: [u8; 4],
    pub rain_major: [u8; 4],
    pub bridge_cv: u8,
    pub csa_ignores_flank_3b: bool,
    pub redoubts_both_sides: bool,
}

/// One CRT cell: optional manpower loss, then letters (GCACW 7.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct CrtRes {
    pub loss: u8,
    pub d: bool,
    /// 2 = F, 1 = f.
    pub fat: u8,
    pub e: bool,
    /// 0 none, 1 r, 2 R, 3 R*.
    pub retreat: u8,
    pub adv: bool,
}

impl CrtRes {
    pub fn parse(s: &str) -> Option<CrtRes> {
        let s = s.trim();
        let mut r = CrtRes::default();
        if s == "-" {
            return Some(r);
        }
        let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !digits.is_empty() {
            r.loss = digits.parse().ok()?;
        }
        let mut rest = s[digits.len()..].chars().peekable();
        while let Some(c) = rest.next() {
            match c {
                'D' => r.d = true,
                'F' => r.fat = 2,
                'f' => r.fat = 1,
                'E' => r.e = true,
                'r' => r.retreat = 1,
                'R' => {
                    if rest.peek() == Some(&'*') {
                        rest.next();
                        r.retreat = 3;
                    } else {
                        r.retreat = 2;
                    }
                }
                'a' => r.adv = true,
                _ => return None,
            }
        }
        Some(r)
    }
    /// The march of an active unit ends (D, F, f, E; march step 6).
    pub fn ends_march(&self) -> bool {
        self.d || self.fat > 0 || self.e
    }
    pub fn text(&self) -> String {
        let mut s = String::new();
        if self.loss > 0 {
            s.push_str(&self.loss.to_string());
        }
        if self.d {
            s.push('D');
        }
        match self.fat {
            2 => s.push('F'),
            1 => s.push('f'),
            _ => {}
        }
        if self.e {
            s.push('E');
        }
        match self.retreat {
            1 => s.push('r'),
            2 => s.push('R'),
            3 => s.push_str("R*"),
            _ => {}
        }
        if self.adv {
            s.push('a');
        }
        if s.is_empty() {
            s.push('-');
        }
        s
    }
}

/// Extended March Table result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtRes {
    NoEffect,
    Disorganize,
    Loss(u8),
}

#[derive(Clone, Debug)]
pub struct Charts {
    /// [terrain] -> (fair, rain) half MP.
    pub terrain: [(u8, u8); 10],
    pub pike: (u8, u8),
    pub road: (u8, u8),
    pub railroad: (u8, u8),
    pub trail: (u8, u8),
    pub trail_mountain: (u8, u8),
    pub ext_org: Vec<ExtRes>,
    pub ext_dis: Vec<(u8, Vec<ExtRes>)>,
    pub disorg_half: Vec<u8>,
    pub ratio: Vec<(u32, u32, i32)>,
    pub ratio_below: i32,
    pub crt_min: i32,
    pub crt_max: i32,
    pub def_cols: Vec<u32>,
    pub att_cols: Vec<u32>,
    pub crt_def: Vec<Vec<CrtRes>>,
    pub crt_att: Vec<Vec<CrtRes>>,
    /// Artillery rows: clear, rolling, rough/hill, none; each cell (value, kind) with kind
    /// 0 plain, 1 star (even roll applies), 2 dagger (even +2, odd +1).
    pub art: [[(i8, u8); 5]; 4],
    /// Grand-assault overload bands (GCACW 7.2): (lowest whole CV, extra attacker manpower
    /// loss), rising.
    pub overload: Vec<(u32, u8)>,
}

impl Charts {
    pub fn terrain_cost(&self, t: Terrain, rain: bool) -> u8 {
        let (f, r) = self.terrain[t.index()];
        if rain { r } else { f }
    }
}

#[derive(Clone, Debug)]
pub struct ScenarioData {
    pub id: String,
    pub title: String,
    pub variant: Variant,
    pub map: MapData,
    pub year: u16,
    pub turns: u8,
    pub turn_names: Vec<String>,
    pub units: Vec<UnitDef>,
    pub leaders: Vec<LeaderDef>,
    pub reinforcements: Vec<Reinforcement>,
    /// The Random Events Table (GCACW 3.1); empty = the scenario has none.
    pub random_events: Vec<RandomEvent>,
    pub objectives: Vec<Objective>,
    pub vp_per_manpower: i64,
    /// Unfordable-river markers on the track at the start [minor, major] (GCACW 12.0).
    pub unfordable: [u8; 2],    /// Bridges/ferries destroyed at the start, as (lower, higher) hex pairs (GCACW 10.2).
    pub destroyed: Vec<(HexId, HexId)>,
    /// Pontoon bridges at the start: (lower, higher, owner, major river) (GCACW 10.1).
    pub pontoons: Vec<(HexId, HexId, u8, bool)>,
    /// Hexsides whose pontoon bridge never counts against its owner's marker limit.
    pub limit_exempt: Vec<(HexId, HexId)>,
}

impl ScenarioData {
    pub fn unit_index(&self, id: &str) -> Option<UnitId> {
        self.units.iter().position(|u| u.id == id).map(|i| i as UnitId)
    }
    pub fn leader_index(&self, id: &str) -> Option<LeaderId> {
        self.leaders.iter().position(|u| u.id == id).map(|i| i as LeaderId)
    }
}

#[derive(Clone, Debug)]
pub struct Data {
    pub title: String,
    pub charts: Charts,
    pub scenarios: Vec<ScenarioData>,
}

// ---------------------------------------------------------------------------------------------
// TOML schema

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameDoc {
    game: GameHead,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameHead {
    #[allow(dead_code)]
    id: String,
    title: String,
    #[allow(dead_code)]
    seats: Vec<String>,
}

#[derive(Deserialize)]
struct VariantsDoc {
    variant: Vec<Variant>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CostPair {
    cost: u8,
    rain: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChartsDoc {
    terrain: HashMap<String, CostPair>,
    routes: HashMap<String, CostPair>,
    extended_march: ExtDoc,
    disorganized: DisDoc,
    ratio: RatioDoc,
    crt: CrtDoc,
    artillery: HashMap<String, Vec<String>>,
    grand_assault_overload: OverloadDoc,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OverloadDoc {
    bands: Vec<Spanned<OverloadBand>>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OverloadBand {
    min: u32,
    extra_loss: u8,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtDoc {
    organized: Vec<Spanned<String>>,
    disorganized: Vec<ExtDisDoc>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtDisDoc {
    max_manpower: u8,
    results: Vec<Spanned<String>>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DisDoc {
    half_points: Vec<u8>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RatioDoc {
    rows: Vec<RatioRow>,
    below: i32,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RatioRow {
    att: u32,
    def: u32,
    drm: i32,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CrtDoc {
    min_diff: i32,
    max_diff: i32,
    defender_columns: Vec<u32>,
    attacker_columns: Vec<u32>,
    defender: Vec<Vec<Spanned<String>>>,
    attacker: Vec<Vec<Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapDoc {
    map: MapHead,
    legend: HashMap<String, Spanned<String>>,
    #[serde(default)]
    place: Vec<PlaceDoc>,
    #[serde(default)]
    route: Vec<RouteDoc>,
    #[serde(default)]
    hexside: Vec<HexsideDoc>,
    #[serde(default)]
    ridge: Vec<RidgeDoc>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapHead {
    convention: OffsetConvention,
    terrain: Vec<Spanned<String>>,
    #[serde(default)]
    csa_capital: Option<Spanned<String>>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaceDoc {
    #[allow(dead_code)]
    id: String,
    name: String,
    hex: Spanned<String>,
    #[serde(default)]
    town: bool,
    #[serde(default)]
    station: bool,
    /// A station that burning only ever damages (Frederick Junction, GCACW 5.4).
    #[serde(default)]
    station_damage_only: bool,
    #[serde(default)]
    redoubt: bool,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RouteDoc {
    kind: Spanned<String>,
    #[allow(dead_code)]
    name: String,
    path: Vec<Spanned<String>>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HexsideDoc {
    kind: Spanned<String>,
    name: String,
    sides: Vec<[Spanned<String>; 2]>,
    /// Bridges: never destroyable (GCACW 10.0).
    #[serde(default)]
    indestructible: bool,
    /// Major-river ferries: a ford remains once destroyed (GCACW 10.0).
    #[serde(default)]
    ford_remains: bool,
    /// This hexside's own pontoon-building DRM (Barrett's Ferry +1, GCACW 10.1).
    #[serde(default)]
    pontoon_drm: i8,
    /// Never repaired once destroyed (SLB Chatham Bridge, GCACW 10.3).
    #[serde(default)]
    unrepairable: bool,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RidgeDoc {
    #[allow(dead_code)]
    name: String,
    sides: Vec<[Spanned<String>; 2]>,
    crest: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioDoc {
    scenario: ScenarioHead,
    #[serde(default)]
    leader: Vec<LeaderDoc>,
    #[serde(default)]
    unit: Vec<UnitDoc>,
    #[serde(default)]
    reinforcement: Vec<ReinfDoc>,
    #[serde(default)]
    random_event: Vec<EventDoc>,
    victory: VictoryDoc,
    #[serde(default)]
    objective: Vec<ObjectiveDoc>,
    /// Permanent bridges or ferries destroyed at the start (SLB: Chatham Bridge, GCACW 10.1).
    #[serde(default)]
    destroyed: Vec<DestroyedDoc>,
    /// Pontoon bridges on the map at the start (SJW: Chatham Bridge, a Union pontoon bridge
    /// printed on the map that does not count against the Union's major-river limit, GCACW 10.1).
    #[serde(default)]
    pontoon: Vec<PontoonDoc>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DestroyedDoc {
    hexes: [Spanned<String>; 2],
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PontoonDoc {
    side: Spanned<String>,
    hexes: [Spanned<String>; 2],
    #[serde(default = "yes")]
    counts_against_limit: bool,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioHead {
    id: String,
    title: String,
    game: Spanned<String>,
    map: Spanned<String>,
    year: u16,
    turns: u8,
    #[serde(default)]
    turn_names: Vec<String>,
    /// The unit fatigues are the published SJW/HCR/RTG values, converted at load to the
    /// standard system (GCACW 12.0 set-up changes).
    #[serde(default)]
    published_fatigue: bool,
    /// Unfordable-river markers already on the turn track at the start [minor, major]: the last
    /// turn each covers, 0 = none (a scenario's set-up, GCACW 12.0).
    #[serde(default)]
    unfordable: [u8; 2],
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeaderDoc {
    id: String,
    name: String,
    side: Spanned<String>,
    kind: Spanned<String>,
    #[serde(default)]
    cavalry: bool,
    command: String,
    tactical: u8,
    command_value: u8,
    #[serde(default)]
    attached: Option<Spanned<String>>,
    #[serde(default)]
    bonus: Option<Spanned<String>>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitDoc {
    id: String,
    name: String,
    side: Spanned<String>,
    kind: Spanned<String>,
    size: String,
    #[serde(default)]
    corps: Option<String>,
    #[serde(default)]
    division: Option<String>,
    tactical: u8,
    artillery: u8,
    manpower: Spanned<u8>,
    #[serde(default = "yes")]
    organized: bool,
    #[serde(default)]
    fatigue: u8,
    #[serde(default)]
    exhausted: bool,
    #[serde(default = "yes")]
    aop: bool,
    #[serde(default)]
    mounted_infantry: bool,
    #[serde(default)]
    hex: Option<Spanned<String>>,
}
fn yes() -> bool {
    true
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReinfDoc {
    turn: u8,
    hex: Spanned<String>,
    #[serde(default)]
    units: Vec<Spanned<String>>,
    #[serde(default)]
    leaders: Vec<Spanned<String>>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventDoc {
    /// Inclusive 2d6 range `[lo, hi]`.
    rolls: Spanned<Vec<u8>>,
    /// "none", "rain", "rain+1", "rain+2" or "rain+3" (GCACW 12.0).
    event: Spanned<String>,
    #[serde(default)]
    text: String,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VictoryDoc {
    vp_per_manpower: i64,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ObjectiveDoc {
    hex: Spanned<String>,
    name: String,
    #[serde(default)]
    union: i64,
    #[serde(default)]
    confederate: i64,
}

// ---------------------------------------------------------------------------------------------
// Loading

fn ext_res(set: &ContentSet, src: SrcId, s: &Spanned<String>, errs: &mut Diagnostics) -> ExtRes {
    match s.get_ref().as_str() {
        "NE" => ExtRes::NoEffect,
        "D" => ExtRes::Disorganize,
        "1" => ExtRes::Loss(1),
        "2" => ExtRes::Loss(2),
        "3" => ExtRes::Loss(3),
        _ => {
            errs.push(set.diag(src, s.span(), "unknown extended-march result; expected NE, D, 1, 2 or 3"));
            ExtRes::NoEffect
        }
    }
}

fn load_charts(set: &ContentSet, errs: &mut Diagnostics) -> Option<Charts> {
    let doc = match set.parse_top::<ChartsDoc>("charts.toml") {
        Ok(d) => d,
        Err(e) => {
            errs.0.extend(e.0);
            return None;
        }
    };
    let src = doc.src;
    let d = doc.rec;
    let general = |m: String| Diagnostic { file: set.path(src).to_string(), line: 1, col: 1, found: String::new(), message: m };
    let mut terrain = [(0u8, 0u8); 10];
    for t in [
        Terrain::Clear,
        Terrain::Rolling,
        Terrain::Rough,
        Terrain::Woods,
        Terrain::City,
        Terrain::Swamp,
        Terrain::ProvSwamp,
        Terrain::Hill,
        Terrain::Mountain,
    ] {
        let key = match t {
            Terrain::ProvSwamp => "provisional-swamp",
            _ => t.name(),
        };
        match d.terrain.get(key) {
            Some(c) => terrain[t.index()] = (c.cost, c.rain),
            None => errs.push(general(format!("[terrain] lacks `{key}`"))),
        }
    }
    for k in d.terrain.keys() {
        if Terrain::parse(k).is_none() || k == "water" {
            errs.push(general(format!("[terrain] has unknown terrain `{k}`")));
        }
    }
    let route = |k: &str, errs: &mut Diagnostics| match d.routes.get(k) {
        Some(c) => (c.cost, c.rain),
        None => {
            errs.push(general(format!("[routes] lacks `{k}`")));
            (2, 4)
        }
    };
    let pike = route("pike", errs);
    let road = route("road", errs);
    let railroad = route("railroad", errs);
    let trail = route("trail", errs);
    let trail_mountain = route("trail_mountain", errs);
    let ext_org: Vec<ExtRes> = d.extended_march.organized.iter().map(|s| ext_res(set, src, s, errs)).collect();
    if ext_org.is_empty() {
        errs.push(general("[extended_march] organized column is empty".into()));
    }
    let mut ext_dis = Vec::new();
    for col in &d.extended_march.disorganized {
        let v: Vec<ExtRes> = col.results.iter().map(|s| ext_res(set, src, s, errs)).collect();
        if v.is_empty() {
            errs.push(general("an [[extended_march.disorganized]] column is empty".into()));
        }
        ext_dis.push((col.max_manpower, v));
    }
    if d.disorganized.half_points.len() < 21 || d.disorganized.half_points.contains(&0) {
        errs.push(general("[disorganized] half_points needs 21 positive values (manpower 1..21)".into()));
    }
    let ratio: Vec<(u32, u32, i32)> = d.ratio.rows.iter().map(|r| (r.att, r.def, r.drm)).collect();
    if ratio.iter().any(|r| r.0 == 0 || r.1 == 0) {
        errs.push(general("[ratio] rows need positive att and def".into()));
    }
    let rows = (d.crt.max_diff - d.crt.min_diff + 1).max(0) as usize;
    let parse_grid = |grid: &Vec<Vec<Spanned<String>>>, cols: usize, what: &str, errs: &mut Diagnostics| -> Vec<Vec<CrtRes>> {
        if grid.len() != rows {
            errs.push(general(format!("[crt] {what} has {} rows; expected {rows} (min_diff..=max_diff)", grid.len())));
        }
        grid.iter()
            .map(|row| {
                if row.len() != cols
                    && let Some(c) = row.first() {
                        errs.push(set.diag(src, c.span(), format!("[crt] {what} row has {} cells; expected {cols}", row.len())));
                    }
                row.iter()
                    .map(|c| match CrtRes::parse(c.get_ref()) {
                        Some(r) => r,
                        None => {
                            errs.push(set.diag(src, c.span(), "not a combat result; expected a number and/or letters D F f E r R R* a, or -"));
                            CrtRes::default()
                        }
                    })
                    .collect()
            })
            .collect()
    };
    let crt_def = parse_grid(&d.crt.defender, d.crt.defender_columns.len(), "defender", errs);
    let crt_att = parse_grid(&d.crt.attacker, d.crt.attacker_columns.len(), "attacker", errs);
    let mut art = [[(0i8, 0u8); 5]; 4];
    for (i, key) in ["clear", "rolling", "rough", "none"].iter().enumerate() {
        match d.artillery.get(*key) {
            Some(cells) if cells.len() == 5 => {
                for (j, c) in cells.iter().enumerate() {
                    let (num, kind) = if let Some(n) = c.strip_suffix('*') {
                        (n, 1)
                    } else if let Some(n) = c.strip_suffix('+') {
                        (n, 2)
                    } else {
                        (c.as_str(), 0)
                    };
                    match num.parse::<i8>() {
                        Ok(v) => art[i][j] = (v, kind),
                        Err(_) => errs.push(general(format!("[artillery] {key}: bad cell `{c}`"))),
                    }
                }
            }
            _ => errs.push(general(format!("[artillery] needs a `{key}` row of 5 cells"))),
        }
    }
    let overload = overload_bands(set, src, &d.grand_assault_overload, errs);
    Some(Charts {
        terrain,
        pike,
        road,
        railroad,
        trail,
        trail_mountain,
        ext_org,
        ext_dis,
        disorg_half: d.disorganized.half_points.clone(),
        ratio,
        ratio_below: d.ratio.below,
        crt_min: d.crt.min_diff,
        crt_max: d.crt.max_diff,
        def_cols: d.crt.defender_columns.clone(),
        att_cols: d.crt.attacker_columns.clone(),
        crt_def,
        crt_att,
        art,
        overload,
    })
}

/// `[grand_assault_overload]` (GCACW 7.2): each band's `min` above the last one's, each extra
/// loss positive; a bad band is reported at its own line and column.
fn overload_bands(set: &ContentSet, src: SrcId, doc: &OverloadDoc, errs: &mut Diagnostics) -> Vec<(u32, u8)> {
    let mut out: Vec<(u32, u8)> = Vec::new();
    for b in &doc.bands {
        let band = b.get_ref();
        if band.extra_loss == 0 {
            errs.push(set.diag(src, b.span(), "[grand_assault_overload] a band needs an extra_loss of 1 or more"));
        }
        if let Some(&(prev, _)) = out.last()
            && band.min <= prev
        {
            errs.push(set.diag(src, b.span(), format!("[grand_assault_overload] band min {} must be above the previous band's {prev}", band.min)));
        }
        out.push((band.min, band.extra_loss));
    }
    out
}

fn load_map(set: &ContentSet, rel: &str, errs: &mut Diagnostics) -> Option<MapData> {
    let doc = match set.parse_top::<MapDoc>(rel) {
        Ok(d) => d,
        Err(e) => {
            errs.0.extend(e.0);
            return None;
        }
    };
    let src = doc.src;
    let d = doc.rec;
    let conv = d.map.convention;
    let mut legend: HashMap<char, Terrain> = HashMap::new();
    for (k, v) in &d.legend {
        let Some(t) = Terrain::parse(v.get_ref()) else {
            errs.push(set.diag(src, v.span(), "unknown terrain; expected clear, rolling, rough, woods, city, swamp, provisional-swamp, hill, mountain or water"));
            continue;
        };
        let mut cs = k.chars();
        match (cs.next(), cs.next()) {
            (Some(c), None) => {
                legend.insert(c, t);
            }
            _ => errs.push(set.diag(src, v.span(), format!("legend key `{k}` must be one character"))),
        }
    }
    let mut hexes: Vec<HexData> = Vec::new();
    let mut by_label = HashMap::new();
    let mut by_ax: HashMap<(i32, i32), HexId> = HashMap::new();
    for (ri, row) in d.map.terrain.iter().enumerate() {
        for (ci, ch) in row.get_ref().chars().enumerate() {
            let (col, r) = (ci as i32 + 1, ri as i32 + 1);
            let Some(&t) = legend.get(&ch) else {
                errs.push(set.diag(src, row.span(), format!("terrain letter `{ch}` (column {col}) is not in [legend]")));
                continue;
            };
            let label = format!("{col:02}{r:02}");
            let ax = offset_to_hex(col, r, conv);
            let id = hexes.len() as HexId;
            by_label.insert(label.clone(), id);
            by_ax.insert((ax.x, ax.y), id);
            hexes.push(HexData {
                label,
                ax,
                terrain: t,
                nbr: [NO_HEX; 6],
                side: [SideData::default(); 6],
                town: false,
                station: false,
                station_damage_only: false,
                redoubt: false,
                name: None,
            });
        }
    }
    if hexes.len() >= NO_HEX as usize {
        errs.push(set.diag(src, 0..0, "map too large"));
        return None;
    }
    for hx in hexes.iter_mut() {
        let ns = hx.ax.all_neighbors();
        for (dir, n) in ns.iter().enumerate() {
            hx.nbr[dir] = by_ax.get(&(n.x, n.y)).copied().unwrap_or(NO_HEX);
        }
    }
    let mut map = MapData { hexes, by_label, csa_capital: NO_HEX, side_names: HashMap::new() };
    let find = |map: &MapData, s: &Spanned<String>, errs: &mut Diagnostics| -> Option<HexId> {
        match map.by_label.get(s.get_ref().trim()) {
            Some(&h) => Some(h),
            None => {
                let msg = if parse_label(s.get_ref()).is_some() {
                    "hex is not on this map"
                } else {
                    "not a hex label; expected CCRR such as \"0507\""
                };
                errs.push(set.diag(src, s.span(), msg));
                None
            }
        }
    };
    if let Some(c) = &d.map.csa_capital
        && let Some(h) = find(&map, c, errs) {
            map.csa_capital = h;
        }
    for p in &d.place {
        if let Some(h) = find(&map, &p.hex, errs) {
            let hx = &mut map.hexes[h as usize];
            hx.town |= p.town;
            hx.station |= p.station;
            hx.station_damage_only |= p.station_damage_only;
            hx.redoubt |= p.redoubt;
            hx.name = Some(p.name.clone());
        }
    }
    let side_mut = |map: &mut MapData, a: &Spanned<String>, b: &Spanned<String>, errs: &mut Diagnostics, f: &mut dyn FnMut(&mut SideData, bool)| {
        let (Some(ha), Some(hb)) = (find(map, a, errs), find(map, b, errs)) else { return };
        let (Some(da), Some(db)) = (map.dir_to(ha, hb), map.dir_to(hb, ha)) else {
            errs.push(set.diag(src, b.span(), format!("hex {} is not adjacent to {}", b.get_ref(), a.get_ref())));
            return;
        };
        f(&mut map.hexes[ha as usize].side[da], true);
        f(&mut map.hexes[hb as usize].side[db], false);
    };
    for r in &d.route {
        let kind = r.kind.get_ref().as_str();
        if !matches!(kind, "pike" | "road" | "railroad" | "unfinished-railroad" | "trail") {
            errs.push(set.diag(src, r.kind.span(), "unknown route; expected pike, road, railroad, unfinished-railroad or trail"));
            continue;
        }
        for w in r.path.windows(2) {
            side_mut(&mut map, &w[0], &w[1], errs, &mut |s, _| match kind {
                "pike" => s.pike = true,
                // GCACW 2.3: an unfinished railroad is a road for every purpose.
                "road" | "unfinished-railroad" => s.road = true,
                "railroad" => s.railroad = true,
                _ => s.trail = true,
            });
        }
    }
    for hs in &d.hexside {
        let kind = hs.kind.get_ref().as_str();
        let ok = matches!(kind, "minor-river" | "major-river" | "creek" | "ford" | "bridge" | "dam" | "ferry");
        if !ok {
            errs.push(set.diag(src, hs.kind.span(), "unknown hexside feature; expected minor-river, major-river, creek, ford, bridge, dam or ferry"));
            continue;
        }
        for [a, b] in &hs.sides {
            side_mut(&mut map, a, b, errs, &mut |s, _| {
                match kind {
                    "minor-river" => s.river = 1,
                    "major-river" => s.river = 2,
                    "creek" => s.creek = true,
                    "ford" => s.crossing = Crossing::Ford,
                    "bridge" => s.crossing = Crossing::Bridge,
                    "dam" => s.crossing = Crossing::Dam,
                    _ => s.crossing = Crossing::Ferry,
                }
                s.indestructible |= hs.indestructible;
                s.ford_remains |= hs.ford_remains;
                s.pontoon_drm += hs.pontoon_drm;
                s.unrepairable |= hs.unrepairable;
            });
            if let (Some(&x), Some(&y)) = (map.by_label.get(a.get_ref()), map.by_label.get(b.get_ref())) {
                map.side_names.entry((x.min(y), x.max(y))).or_default().push(hs.name.clone());
            }
        }
    }
    for rd in &d.ridge {
        if rd.crest.len() != rd.sides.len() {
            errs.push(set.diag(src, rd.sides.first().map(|s| s[0].span()).unwrap_or(0..0), "ridge: `crest` needs one hex per side"));
            continue;
        }
        for ([a, b], crest) in rd.sides.iter().zip(&rd.crest) {
            let crest_is_a = crest.get_ref() == a.get_ref();
            if !crest_is_a && crest.get_ref() != b.get_ref() {
                errs.push(set.diag(src, crest.span(), "the crest must be one of the side's two hexes"));
                continue;
            }
            side_mut(&mut map, a, b, errs, &mut |s, is_a| s.ridge = if is_a == crest_is_a { 1 } else { -1 });
        }
    }
    // Crossings on sides without a river are meaningless: report them.
    for h in &map.hexes {
        for (dir, s) in h.side.iter().enumerate() {
            if s.crossing != Crossing::None && s.river == 0 {
                errs.push(Diagnostic {
                    file: set.path(src).to_string(),
                    line: 1,
                    col: 1,
                    found: h.label.clone(),
                    message: format!("a ford/bridge/dam/ferry on hexside {} direction {dir} has no river", h.label),
                });
            }
        }
    }
    Some(map)
}

fn side_of(set: &ContentSet, src: SrcId, s: &Spanned<String>, errs: &mut Diagnostics) -> u8 {
    match s.get_ref().as_str() {
        "union" => UNION,
        "confederate" => CSA,
        _ => {
            errs.push(set.diag(src, s.span(), "unknown side; expected union or confederate"));
            UNION
        }
    }
}

/// Published SJW/HCR/RTG starting fatigue to the standard (fatigue, exhausted): 0 -> (0, normal),
/// 1 -> (0, exhausted), 2 -> (1, exhausted); i.e. published + 2, then Recovery steps 4-5
/// (GCACW 12.0 set-up changes). Organization is untouched.
pub fn convert_published_fatigue(f: u8) -> (u8, bool) {
    let before = f.min(4) + 2;
    (before.saturating_sub(3), before >= 3)
}

fn load_scenario(set: &ContentSet, rel: &str, variants: &[Variant], vindex: &IdIndex<u8>, errs: &mut Diagnostics) -> Option<ScenarioData> {
    let doc = match set.parse_top::<ScenarioDoc>(rel) {
        Ok(d) => d,
        Err(e) => {
            errs.0.extend(e.0);
            return None;
        }
    };
    let src = doc.src;
    let d = doc.rec;
    let before = errs.0.len();
    let variant = match set.resolve(src, &d.scenario.game, vindex) {
        Ok(i) => variants[i as usize].clone(),
        Err(e) => {
            errs.push(e);
            return None;
        }
    };
    // GCACW 12.0: only SJW, HCR and RTG publish set-ups in the old fatigue system.
    let published = d.scenario.published_fatigue;
    if published && !variant.published_setups {
        errs.push(set.diag(src, d.scenario.game.span(), "published_fatigue converts SJW, HCR and RTG set-ups only (GCACW 12.0)"));
    }
    let map_rel = format!("maps/{}.toml", d.scenario.map.get_ref());
    if set.text(&map_rel).is_none() {
        errs.push(set.diag(src, d.scenario.map.span(), format!("no map file {map_rel}")));
        return None;
    }
    let map = load_map(set, &map_rel, errs)?;
    let hex = |s: &Spanned<String>, errs: &mut Diagnostics| -> HexId {
        match map.by_label.get(s.get_ref().trim()) {
            Some(&h) => h,
            None => {
                errs.push(set.diag(src, s.span(), format!("unknown hex `{}` on map {}", s.get_ref(), d.scenario.map.get_ref())));
                NO_HEX
            }
        }
    };
    if d.unit.len() > 64 || d.leader.len() > 64 {
        errs.push(set.diag(src, 0..0, "a scenario may have at most 64 units and 64 leaders"));
        return None;
    }
    let mut uindex = IdIndex::new(format!("unit id of scenario {}", d.scenario.id));
    let mut units = Vec::new();
    for (i, u) in d.unit.iter().enumerate() {
        if !uindex.insert(&u.id, i as UnitId) {
            errs.push(set.diag(src, u.side.span(), format!("duplicate unit id `{}`", u.id)));
        }
        let kind = match u.kind.get_ref().as_str() {
            "inf" => Kind::Inf,
            "cav" => Kind::Cav,
            "art" => Kind::Art,
            _ => {
                errs.push(set.diag(src, u.kind.span(), "unknown unit kind; expected inf, cav or art"));
                Kind::Inf
            }
        };
        let mp = *u.manpower.get_ref();
        if mp == 0 || mp > variant.max_manpower {
            errs.push(set.diag(src, u.manpower.span(), format!("manpower must be 1..={} in {} (GCACW 2.2)", variant.max_manpower, variant.id)));
        }
        if u.fatigue > 4 {
            errs.push(set.diag(src, u.manpower.span(), "fatigue must be 0..=4 (GCACW 6.5)"));
        }
        units.push(UnitDef {
            id: u.id.clone(),
            name: u.name.clone(),
            side: side_of(set, src, &u.side, errs),
            kind,
            size: u.size.clone(),
            corps: u.corps.clone(),
            division: u.division.clone(),
            tactical: u.tactical,
            artillery: u.artillery,
            manpower: mp.clamp(1, 21),
            organized: u.organized,
            fatigue: if published { convert_published_fatigue(u.fatigue).0 } else { u.fatigue.min(4) },
            exhausted: if published { convert_published_fatigue(u.fatigue).1 || u.exhausted } else { u.exhausted },
            aop: u.aop,
            mounted_infantry: u.mounted_infantry,
            hex: u.hex.as_ref().map(|h| hex(h, errs)).unwrap_or(NO_HEX),
        });
    }
    let mut lindex = IdIndex::new(format!("leader id of scenario {}", d.scenario.id));
    let mut leaders = Vec::new();
    for (i, l) in d.leader.iter().enumerate() {
        if !lindex.insert(&l.id, i as LeaderId) {
            errs.push(set.diag(src, l.side.span(), format!("duplicate leader id `{}`", l.id)));
        }
        let side = side_of(set, src, &l.side, errs);
        let kind = match l.kind.get_ref().as_str() {
            "army" => LKind::Army,
            "district" => LKind::District,
            "corps" => LKind::Corps,
            "division" => LKind::Division,
            _ => {
                errs.push(set.diag(src, l.kind.span(), "unknown leader kind; expected army, district, corps or division"));
                LKind::Division
            }
        };
        // GCACW 2.2: SIV has no army leaders; BAC has no district leaders.
        if kind == LKind::Army && !variant.army_leaders {
            errs.push(set.diag(src, l.kind.span(), format!("{} has no army leaders (GCACW 2.2)", variant.id)));
        }
        if kind == LKind::District && !variant.district_leaders {
            errs.push(set.diag(src, l.kind.span(), format!("{} has no district leaders (GCACW 2.2)", variant.id)));
        }
        let mut subs = 0u64;
        for (j, u) in units.iter().enumerate() {
            if u.side != side {
                continue;
            }
            // GCACW 2.2: the organization bar decides which leader commands a unit. An army
            // leader commands every unit of its side; others their corps or division.
            let sub = match kind {
                LKind::Army => l.command == "army" || u.corps.as_deref() == Some(&l.command),
                _ => u.corps.as_deref() == Some(&l.command) || u.division.as_deref() == Some(&l.command),
            };
            if sub {
                subs |= 1 << j;
            }
        }
        if subs == 0 {
            errs.push(set.diag(src, l.kind.span(), format!("leader `{}` commands no unit (command `{}` matches no unit's corps or division)", l.id, l.command)));
        }
        let attached = match &l.attached {
            Some(a) => match set.resolve(src, a, &uindex) {
                Ok(u) => {
                    if subs & (1 << u) == 0 {
                        errs.push(set.diag(src, a.span(), "a leader must be attached to a subordinate unit (GCACW 6.3)"));
                    }
                    u
                }
                Err(e) => {
                    errs.push(e);
                    NONE8
                }
            },
            None => NONE8,
        };
        leaders.push(LeaderDef {
            id: l.id.clone(),
            name: l.name.clone(),
            side,
            kind,
            cavalry: l.cavalry,
            tactical: l.tactical,
            command_value: l.command_value,
            command: l.command.clone(),
            attached,
            subs,
            bonus: match &l.bonus {
                Some(b) if matches!(b.get_ref().as_str(), "lee" | "jackson" | "longstreet") => Some(b.get_ref().clone()),
                Some(b) => {
                    errs.push(set.diag(src, b.span(), "unknown assault bonus; expected lee, jackson or longstreet"));
                    None
                }
                None => None,
            },
        });
    }
    let mut reinforcements = Vec::new();
    for r in &d.reinforcement {
        let h = hex(&r.hex, errs);
        let us: Vec<UnitId> = r.units.iter().filter_map(|u| set.resolve(src, u, &uindex).map_err(|e| errs.push(e)).ok()).collect();
        let ls: Vec<LeaderId> = r.leaders.iter().filter_map(|u| set.resolve(src, u, &lindex).map_err(|e| errs.push(e)).ok()).collect();
        for &u in &us {
            if units[u as usize].hex != NO_HEX {
                errs.push(set.diag(src, r.hex.span(), format!("unit `{}` is already on the map at start", units[u as usize].id)));
            }
        }
        for (&l, s) in ls.iter().zip(&r.leaders) {
            if !us.iter().any(|&u| leaders[l as usize].subs & (1 << u) != 0) {
                errs.push(set.diag(src, s.span(), "this leader arrives with no subordinate unit of its group"));
            }
        }
        if r.turn == 0 || r.turn > d.scenario.turns {
            errs.push(set.diag(src, r.hex.span(), "reinforcement turn out of the scenario's range"));
        }
        reinforcements.push(Reinforcement { turn: r.turn, hex: h, units: us, leaders: ls });
    }
    for (i, u) in units.iter().enumerate() {
        if u.hex == NO_HEX && !reinforcements.iter().any(|r| r.units.contains(&(i as UnitId))) {
            errs.push(set.diag(src, 0..0, format!("unit `{}` has neither a hex nor a reinforcement entry", u.id)));
        }
    }
    for (l, ld) in leaders.iter().enumerate() {
        let arrives = reinforcements.iter().any(|r| r.leaders.contains(&(l as LeaderId)));
        if ld.attached == NONE8 && !arrives {
            errs.push(set.diag(src, 0..0, format!("leader `{}` is neither attached at start nor a reinforcement", ld.id)));
        }
    }
    let mut random_events = Vec::new();
    let mut covered = [false; 13];
    for e in &d.random_event {
        let r = e.rolls.get_ref();
        let (lo, hi) = match r.as_slice() {
            [a] => (*a, *a),
            [a, b] => (*a, *b),
            _ => (0, 0),
        };
        if !(2..=12).contains(&lo) || !(lo..=12).contains(&hi) {
            errs.push(set.diag(src, e.rolls.span(), "expected a 2d6 range [lo, hi] within 2..12"));
            continue;
        }
        let rain = match e.event.get_ref().as_str() {
            "none" => 0,
            "rain" => 1,
            "rain+1" => 2,
            "rain+2" => 3,
            "rain+3" => 4,
            _ => {
                errs.push(set.diag(src, e.event.span(), "unknown event; expected none, rain, rain+1, rain+2 or rain+3"));
                continue;
            }
        };
        for c in &mut covered[lo as usize..=hi as usize] {
            if *c {
                errs.push(set.diag(src, e.rolls.span(), "this range overlaps another Random Events Table line"));
                break;
            }
            *c = true;
        }
        random_events.push(RandomEvent { lo, hi, rain, text: e.text.clone() });
    }
    if !random_events.is_empty() && covered[2..].iter().any(|c| !c) {
        errs.push(set.diag(src, 0..0, "the Random Events Table must cover every 2d6 roll from 2 to 12"));
    }
    // Start-of-scenario bridge states (GCACW 10.1-10.2): each names two adjacent hexes; a
    // destroyed crossing must be a permanent bridge or a ferry, a pontoon needs a river.
    let side_pair = |a: &Spanned<String>, b: &Spanned<String>, errs: &mut Diagnostics| -> Option<(HexId, HexId, SideData)> {
        let (ha, hb) = (hex(a, errs), hex(b, errs));
        if ha == NO_HEX || hb == NO_HEX {
            return None;
        }
        match map.side(ha, hb) {
            Some(s) => Some((ha.min(hb), ha.max(hb), *s)),
            None => {
                errs.push(set.diag(src, b.span(), format!("hex {} is not adjacent to {}", b.get_ref(), a.get_ref())));
                None
            }
        }
    };
    let mut destroyed = Vec::new();
    for dd in &d.destroyed {
        let [a, b] = &dd.hexes;
        if let Some((x, y, s)) = side_pair(a, b, errs) {
            if matches!(s.crossing, Crossing::Bridge | Crossing::Ferry) && !s.indestructible {
                destroyed.push((x, y));
            } else {
                errs.push(set.diag(src, a.span(), "a destroyed crossing must be a destructible permanent bridge or a ferry (GCACW 10.2)"));
            }
        }
    }
    let mut pontoons = Vec::new();
    let mut limit_exempt = Vec::new();
    for p in &d.pontoon {
        let owner = side_of(set, src, &p.side, errs);
        if let Some((x, y, s)) = side_pair(&p.hexes[0], &p.hexes[1], errs) {
            if s.river == 0 {
                errs.push(set.diag(src, p.hexes[0].span(), "a pontoon bridge must cross a minor or major river (GCACW 10.1)"));
                continue;
            }
            pontoons.push((x, y, owner, s.river == 2));
            if !p.counts_against_limit {
                limit_exempt.push((x, y));
            }
        }
    }
    let objectives = d
        .objective
        .iter()
        .map(|o| Objective { hex: hex(&o.hex, errs), name: o.name.clone(), vp: [o.union, o.confederate] })
        .collect();
    if errs.0.len() > before {
        return None;
    }
    let mut turn_names = d.scenario.turn_names.clone();
    while turn_names.len() < d.scenario.turns as usize {
        turn_names.push(format!("turn {}", turn_names.len() + 1));
    }
    Some(ScenarioData {
        id: d.scenario.id.clone(),
        title: d.scenario.title.clone(),
        variant,
        map,
        year: d.scenario.year,
        turns: d.scenario.turns.max(1),
        turn_names,
        units,
        leaders,
        reinforcements,
        random_events,
        objectives,
        vp_per_manpower: d.victory.vp_per_manpower,
        unfordable: d.scenario.unfordable,
        destroyed,
        pontoons,
        limit_exempt,
    })
}

/// Read and check all of `content/gcacw/` across the layers.
pub fn load_data(set: &ContentSet) -> Result<Data, Diagnostics> {
    let mut errs = Diagnostics::default();
    let title = match set.parse_top::<GameDoc>("game.toml") {
        Ok(g) => g.rec.game.title,
        Err(e) => {
            errs.0.extend(e.0);
            String::new()
        }
    };
    let charts = load_charts(set, &mut errs);
    let mut variants: Vec<Variant> = Vec::new();
    let mut vindex = IdIndex::new("game variant id from variants.toml");
    match set.parse::<VariantsDoc>("variants.toml") {
        Ok(layers) => {
            for layer in layers {
                for v in layer.rec.variant {
                    match variants.iter().position(|x| x.id == v.id) {
                        Some(i) => variants[i] = v,
                        None => variants.push(v),
                    }
                }
            }
        }
        Err(e) => errs.0.extend(e.0),
    }
    for (i, v) in variants.iter().enumerate() {
        vindex.insert(&v.id, i as u8);
    }
    let mut scenarios = Vec::new();
    for rel in set.list("scenarios", ".toml") {
        if let Some(s) = load_scenario(set, &rel, &variants, &vindex, &mut errs) {
            scenarios.push(s);
        }
    }
    if scenarios.is_empty() && errs.is_empty() {
        errs.push(Diagnostic { file: format!("{}/scenarios", set.game_dir()), line: 1, col: 1, found: String::new(), message: "no scenario".into() });
    }
    match charts {
        Some(charts) if errs.is_empty() => Ok(Data { title, charts, scenarios }),
        _ => Err(errs),
    }
}
