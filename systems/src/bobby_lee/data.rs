//! Bobby Lee content: the TOML documents of `content/bobby-lee/` and the checked, interned
//! [`Data`] the rules read. Every cross-reference is resolved with file:line:col diagnostics;
//! nothing here panics on bad content.

use bivouac_engine::content::{layered_records, ContentSet, Diagnostic, Diagnostics, IdIndex, Record, Spanned, SrcId};
use bivouac_engine::map::hex::{hex_key, offset_to_hex, parse_label, Hex, OffsetConvention};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};

pub const NONE: u16 = u16::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Side {
    Usa,
    Csa,
}

impl Side {
    pub fn idx(self) -> usize {
        self as usize
    }
    pub fn other(self) -> Side {
        match self {
            Side::Usa => Side::Csa,
            Side::Csa => Side::Usa,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Side::Usa => "USA",
            Side::Csa => "CSA",
        }
    }
    pub fn from_idx(i: usize) -> Side {
        if i == 0 { Side::Usa } else { Side::Csa }
    }
    fn parse(s: &str) -> Option<Side> {
        match s {
            "USA" => Some(Side::Usa),
            "CSA" => Some(Side::Csa),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Clear,
    Forest,
    Mountain,
    Sea,
}

/// What a hexside carries (rule 1.2x). `Clear` = no feature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideKind {
    Clear,
    MinorRiver,
    MajorRiver,
    /// A major river downstream of its head of navigation: no River Crossing (rule 10.5).
    NavigableRiver,
    /// A bridge or ford across a major river (counts as "River" for limits).
    Crossing,
    Marsh,
    Gap,
    Mountain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceKind {
    City,
    Town,
    Village,
    Fort,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    Infantry,
    Brigade,
    Garrison,
    Cavalry,
    Artillery,
    HeavyArtillery,
    Hq,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HqRole {
    None,
    Field,
    Supreme,
}

/// Firepower: the lowest die face that hits (F1 = 6, F2 = 5, F3 = 4); 0 = cannot fire.
pub type Fire = u8;

#[derive(Clone, Debug)]
pub struct UnitType {
    pub id: String,
    pub abbrev: String,
    pub kind: UnitKind,
    /// [dry, mud] per side.
    pub speed: [[u8; 2]; 2],
    pub fire_long: Fire,
    pub fire_long_fortress: Fire,
    pub fire_engaged: Fire,
    pub fire_engaged_attack: Fire,
    pub fire_melee: Fire,
    pub fire_enfilade: Option<Fire>,
    pub cadre_cost: [u8; 2],
    pub step_cost: [u8; 2],
    pub max_steps: [u8; 2],
    pub fm_mod: i8,
    pub battle_moves: u8,
}

#[derive(Clone, Debug)]
pub struct UnitDef {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub ty: u8,
    pub max: u8,
    pub role: HqRole,
}

#[derive(Clone, Debug)]
pub struct Place {
    pub id: String,
    pub name: String,
    pub hex: u16,
    pub kind: PlaceKind,
    pub owner: Side,
    pub port: bool,
    pub fortress: bool,
    pub vp: u8,
    pub supply_source: Option<Side>,
    /// On a waterway the CSA may use for naval movement and supply (rule 10.1).
    pub csa_naval: bool,
    /// ... only with the rules option `csa-naval-rivers = james-appomattox`.
    pub csa_naval_optional: bool,
}

#[derive(Clone, Debug)]
pub struct HexInfo {
    pub label: String,
    pub hex: Hex,
    pub terrain: Terrain,
    pub home: Side,
    pub place: Option<u8>,
    /// Dense index of the neighbour in each direction, NONE when off the map.
    pub nbr: [u16; 6],
    pub side: [SideKind; 6],
    /// Rail links per direction: bit d set = a railroad joins the neighbour in direction d.
    pub rail_std: u8,
    pub rail_broad: u8,
    /// Valley Turnpike links per direction (rule 1.6).
    pub pike: u8,
}

impl HexInfo {
    pub fn rail(&self) -> bool {
        self.rail_std | self.rail_broad != 0
    }
    pub fn pike_hex(&self) -> bool {
        self.pike != 0
    }
}

#[derive(Clone, Debug)]
pub struct Deploy {
    pub hex: u16,
    pub units: Vec<(u8, u8)>,
}

#[derive(Clone, Debug)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub year: u16,
    pub start_month: u8,
    pub end_month: u8,
    pub emancipation: bool,
    pub deploy: Vec<Deploy>,
    /// The blocks' historical names in the scenario's first month, where they differ from the
    /// war-long names of units.toml (a display name only: no rule reads it).
    pub names: Vec<(u8, String)>,
}

impl Scenario {
    /// The month the scenario's names are of: its first month.
    pub fn names_date(&self) -> (u16, u8) {
        (self.year, self.start_month)
    }

    /// Block `u`'s name in this scenario: its historical name, else its units.toml name.
    pub fn unit_name<'a>(&'a self, units: &'a [UnitDef], u: usize) -> &'a str {
        self.names.iter().find(|(x, _)| *x as usize == u).map_or(units[u].name.as_str(), |(_, n)| n.as_str())
    }
}

/// One hexside class's limits, [dry, mud]; -1 = "DR" (rule 1.21).
#[derive(Clone, Copy, Debug, Default, Deserialize)]
pub struct Limits {
    pub attack: [i8; 2],
    pub reinforce: [i8; 2],
}

#[derive(Clone, Debug)]
pub struct Data {
    pub title: String,
    pub cols: i32,
    pub rows: i32,
    pub convention: OffsetConvention,
    pub hexes: Vec<HexInfo>,
    pub by_hex: HashMap<Hex, u16>,
    pub places: Vec<Place>,
    pub types: Vec<UnitType>,
    pub units: Vec<UnitDef>,
    pub scenarios: Vec<Scenario>,
    /// Port parent in the naval tree (rule 10): index into places, NONE = the Bay itself.
    pub port_parent: Vec<u16>,
    /// How ships reach each coastal non-port hex (rule 10.4, 10.42), see `water`.
    pub landings: Vec<Option<super::water::Landing>>,
    /// `naval_passes` of every pair of places (row-major, derived at load).
    pub naval_table: Vec<Option<Vec<usize>>>,
    /// The Washington-Alexandria military railroad link (rule 9.5).
    pub military_rr: Option<(u16, u16)>,
    pub command_range: [u8; 2],
    /// (unit, year, month, range)
    pub range_overrides: Vec<(u8, u16, u8, u8)>,
    pub fm_success: [u8; 2],
    pub fm_mud: i8,
    pub fm_rough: i8,
    pub limits_clear: Limits,
    pub limits_forest: Limits,
    pub limits_marsh: Limits,
    pub limits_river: Limits,
    pub limits_gap: Limits,
    pub forage_clear: [u8; 2],
    pub forage_forest: [u8; 2],
    pub forage_city: u8,
    pub forage_town: u8,
    /// (year, [usa, csa])
    pub rp: Vec<(u16, [u8; 2])>,
    /// Per month 1..=12 (index 0 = January): Some(weather) fixed, None = rolled (rule 3.41).
    pub weather: [Option<bool>; 12],
    /// Starting weather (true = mud) of each rolled month.
    pub roll_start_mud: [bool; 12],
    pub csa_vp_months: Vec<u8>,
    pub decisive: i8,
    pub vp_start: BTreeMap<u16, i8>,
    /// Tournament points (rule 3.2.5): a Decisive victory, a Draw (each side).
    pub tp_decisive: u8,
    pub tp_draw: u8,
    /// A Marginal victory is worth k+1 TP from the distance `tp_marginal_from[k]` (AUTHORED).
    pub tp_marginal_from: [i8; 3],
}

impl Data {
    /// The scenario whose block names hold in `year`/`month` of a game begun with `scenario`.
    /// A one-year scenario keeps its own; a campaign follows the war: the names of the latest
    /// scenario whose first month has come (BL 3.3: the campaign starts with one year's OB and
    /// plays on through the others), so a corps is not named before it existed nor after it
    /// was renamed.
    pub fn names_for(&self, scenario: usize, campaign: bool, year: u16, month: u8) -> &Scenario {
        let own = &self.scenarios[scenario];
        if !campaign {
            return own;
        }
        self.scenarios.iter().filter(|x| own.names_date() <= x.names_date() && x.names_date() <= (year, month)).max_by_key(|x| x.names_date()).unwrap_or(own)
    }
    pub fn hex_of_label(&self, label: &str) -> Option<u16> {
        let (c, r) = parse_label(label)?;
        self.by_hex.get(&offset_to_hex(c, r, self.convention)).copied()
    }
    pub fn place_at(&self, h: u16) -> Option<&Place> {
        self.hexes[h as usize].place.map(|p| &self.places[p as usize])
    }
    pub fn hex_name(&self, h: u16) -> String {
        let hx = &self.hexes[h as usize];
        match hx.place {
            Some(p) => format!("{} ({})", hx.label, self.places[p as usize].name),
            None => hx.label.clone(),
        }
    }
    /// Direction index from `a` to the adjacent `b`.
    pub fn dir(&self, a: u16, b: u16) -> Option<usize> {
        self.hexes[a as usize].nbr.iter().position(|&n| n == b)
    }
    pub fn side_kind(&self, a: u16, b: u16) -> SideKind {
        match self.dir(a, b) {
            Some(d) => self.hexes[a as usize].side[d],
            None => SideKind::Mountain,
        }
    }
    pub fn ty(&self, u: usize) -> &UnitType {
        &self.types[self.units[u].ty as usize]
    }
    pub fn place_index(&self, id: &str) -> Option<usize> {
        self.places.iter().position(|p| p.id == id)
    }
    pub fn unit_index(&self, id: &str) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }
    pub fn rp_for(&self, year: u16) -> [u8; 2] {
        let mut best = [0, 0];
        for (y, v) in &self.rp {
            if *y <= year {
                best = *v;
            }
        }
        best
    }
    /// Naval path (rule 10.3): the intermediate ports passed between two ports, or None if
    /// either is not a port (computed once at load, `naval_table`).
    pub fn naval_passes(&self, a: usize, b: usize) -> Option<&[usize]> {
        self.naval_table[a * self.places.len() + b].as_deref()
    }

    fn naval_path(&self, a: usize, b: usize) -> Option<Vec<usize>> {
        if !self.places[a].port || !self.places[b].port {
            return None;
        }
        let chain = |mut p: usize| {
            let mut v = vec![p];
            while self.port_parent[p] != NONE {
                p = self.port_parent[p] as usize;
                v.push(p);
            }
            v
        };
        let ca = chain(a);
        let cb = chain(b);
        // lowest common ancestor (or the Bay root)
        let lca = ca.iter().find(|p| cb.contains(p)).copied();
        let mut out = Vec::new();
        for &p in &ca {
            if Some(p) == lca {
                break;
            }
            out.push(p);
        }
        for &p in &cb {
            if Some(p) == lca {
                break;
            }
            out.push(p);
        }
        if let Some(l) = lca {
            out.push(l);
        }
        out.retain(|&p| p != a && p != b);
        out.sort();
        out.dedup();
        Some(out)
    }
}

// ---------------------------------------------------------------------------------------
// TOML documents

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapDoc {
    grid: GridDoc,
    #[serde(default)]
    place: Vec<PlaceDoc>,
    #[serde(default)]
    feature: Vec<FeatureDoc>,
    #[serde(default)]
    rail: Vec<RailDoc>,
    turnpike: Option<PikeDoc>,
    #[serde(default)]
    waterway: Vec<WaterDoc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GridDoc {
    convention: Spanned<String>,
    cols: i32,
    rows: i32,
    terrain: Vec<Spanned<String>>,
    home: Vec<Spanned<String>>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct PlaceDoc {
    id: String,
    name: String,
    hex: Spanned<String>,
    kind: Spanned<String>,
    owner: Spanned<String>,
    #[serde(default)]
    port: bool,
    #[serde(default)]
    fortress: bool,
    #[serde(default)]
    vp: u8,
    supply_source: Option<Spanned<String>>,
}
impl Record for PlaceDoc {
    fn id(&self) -> &str {
        &self.id
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FeatureDoc {
    #[allow(dead_code)]
    name: String,
    /// The river a crossing (bridge or ford) crosses: read by the map's geography tests.
    #[allow(dead_code)]
    #[serde(default)]
    river: Option<String>,
    kind: Spanned<String>,
    sides: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RailDoc {
    id: String,
    #[allow(dead_code)]
    name: String,
    gauge: Spanned<String>,
    hexes: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PikeDoc {
    hexes: Vec<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WaterDoc {
    #[allow(dead_code)]
    id: String,
    #[allow(dead_code)]
    name: String,
    from: Option<Spanned<String>>,
    ports: Vec<Spanned<String>>,
    #[serde(default)]
    csa_naval: bool,
    /// The CSA naval use of this waterway is a rules option.
    #[serde(default)]
    csa_naval_optional: bool,
}

#[derive(Deserialize)]
struct GameDoc {
    title: String,
    firepower: BTreeMap<String, u8>,
    unit_type: Vec<TypeDoc>,
    command: CommandDoc,
    forced_march: FmDoc,
    hexside: BTreeMap<String, Limits>,
    forage: ForageDoc,
    rp: Vec<RpDoc>,
    calendar: CalendarDoc,
    victory: VictoryDoc,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TypeDoc {
    id: Spanned<String>,
    abbrev: String,
    speed: [u8; 2],
    speed_csa: Option<[u8; 2]>,
    fire_long: Spanned<String>,
    fire_long_fortress: Option<Spanned<String>>,
    fire_engaged: Spanned<String>,
    fire_engaged_attack: Option<Spanned<String>>,
    fire_melee: Spanned<String>,
    fire_enfilade: Option<Spanned<String>>,
    cadre_cost: u8,
    step_cost: u8,
    cadre_cost_csa: Option<u8>,
    step_cost_csa: Option<u8>,
    max_steps: BTreeMap<String, u8>,
    #[serde(default)]
    forced_march_mod: i8,
    #[serde(default = "one")]
    battle_moves: u8,
}
fn one() -> u8 {
    1
}

#[derive(Deserialize)]
struct CommandDoc {
    range: BTreeMap<String, u8>,
    #[serde(default)]
    r#override: Vec<OverrideDoc>,
}
#[derive(Deserialize)]
struct OverrideDoc {
    hq: Spanned<String>,
    from: Spanned<String>,
    range: u8,
}
#[derive(Deserialize)]
struct FmDoc {
    success: BTreeMap<String, u8>,
    mud: i8,
    rough: i8,
}
#[derive(Deserialize)]
struct ForageDoc {
    clear: [u8; 2],
    forest: [u8; 2],
    city: u8,
    town: u8,
}
#[derive(Deserialize)]
#[serde(rename_all = "UPPERCASE")]
struct RpDoc {
    #[serde(rename = "year")]
    year: u16,
    usa: u8,
    csa: u8,
}
#[derive(Deserialize)]
struct CalendarDoc {
    weather: Vec<Spanned<String>>,
    roll_start: BTreeMap<String, String>,
    csa_vp_months: Vec<u8>,
}
#[derive(Deserialize)]
struct VictoryDoc {
    decisive: i8,
    start: BTreeMap<String, i8>,
    tournament: TournamentDoc,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TournamentDoc {
    decisive: u8,
    draw: u8,
    marginal_from: Spanned<Vec<i8>>,
}

#[derive(Deserialize)]
struct UnitsDoc {
    unit: Vec<UnitDoc>,
}
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct UnitDoc {
    id: String,
    name: String,
    side: Spanned<String>,
    r#type: Spanned<String>,
    max: Option<u8>,
    role: Option<Spanned<String>>,
}
impl Record for UnitDoc {
    fn id(&self) -> &str {
        &self.id
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioDoc {
    id: String,
    title: String,
    year: u16,
    start_month: u8,
    end_month: u8,
    #[serde(default = "yes")]
    emancipation: bool,
    #[serde(default)]
    deploy: Vec<DeployDoc>,
    #[serde(default)]
    names: Vec<NameDoc>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameDoc {
    u: Spanned<String>,
    name: String,
}
fn yes() -> bool {
    true
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeployDoc {
    hex: Spanned<String>,
    units: Vec<DeployUnit>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeployUnit {
    u: Spanned<String>,
    s: Spanned<u8>,
}

// ---------------------------------------------------------------------------------------

fn fire(set: &ContentSet, src: SrcId, s: &Spanned<String>, fp: &BTreeMap<String, u8>, errs: &mut Diagnostics) -> Fire {
    if s.get_ref().is_empty() {
        return 0;
    }
    match fp.get(s.get_ref()) {
        Some(&v) if (1..=6).contains(&v) => v,
        _ => {
            errs.push(set.diag(src, s.span(), "unknown firepower; expected \"\" or one of the [firepower] keys (F1, F2, F3)"));
            0
        }
    }
}

fn side_of(set: &ContentSet, src: SrcId, s: &Spanned<String>, errs: &mut Diagnostics) -> Side {
    Side::parse(s.get_ref()).unwrap_or_else(|| {
        errs.push(set.diag(src, s.span(), "unknown side; expected \"USA\" or \"CSA\""));
        Side::Usa
    })
}

/// Read and check every file of the game folder.
pub fn load_data(set: &ContentSet) -> Result<Data, Diagnostics> {
    let mut errs = Diagnostics::default();
    let game = set.parse_top::<GameDoc>("game.toml")?;
    let map = set.parse_top::<MapDoc>("map.toml")?;
    let unit_layers = set.parse::<UnitsDoc>("units.toml")?;
    let gsrc = game.src;
    let msrc = map.src;
    let g = &game.rec;
    let m = &map.rec;

    // --- grid
    let convention = match m.grid.convention.get_ref().as_str() {
        "odd-r" => OffsetConvention::OddR,
        "even-r" => OffsetConvention::EvenR,
        "odd-q" => OffsetConvention::OddQ,
        "even-q" => OffsetConvention::EvenQ,
        _ => {
            errs.push(set.diag(msrc, m.grid.convention.span(), "unknown offset convention; expected odd-r, even-r, odd-q or even-q"));
            OffsetConvention::OddR
        }
    };
    let (cols, rows) = (m.grid.cols, m.grid.rows);
    if m.grid.terrain.len() != rows as usize || m.grid.home.len() != rows as usize {
        errs.push(Diagnostic {
            file: set.path(msrc).to_string(),
            line: 1,
            col: 1,
            found: String::new(),
            message: format!("[grid] terrain and home need exactly {rows} rows"),
        });
        return Err(errs);
    }
    let mut hexes: Vec<HexInfo> = Vec::new();
    let mut by_hex = HashMap::new();
    for r in 0..rows as usize {
        let t = m.grid.terrain[r].get_ref().as_bytes();
        let h = m.grid.home[r].get_ref().as_bytes();
        if t.len() != cols as usize || h.len() != cols as usize {
            errs.push(set.diag(msrc, m.grid.terrain[r].span(), format!("row {} needs exactly {cols} characters in terrain and home", r + 1)));
            continue;
        }
        for c in 0..cols as usize {
            let terrain = match t[c] {
                b'.' => Terrain::Clear,
                b'f' => Terrain::Forest,
                b'M' => Terrain::Mountain,
                b'~' => Terrain::Sea,
                b' ' => continue,
                _ => {
                    errs.push(set.diag(msrc, m.grid.terrain[r].span(), format!("unknown terrain character `{}`; expected . f M ~ or space", t[c] as char)));
                    Terrain::Clear
                }
            };
            let home = match h[c] {
                b'U' => Side::Usa,
                b'C' => Side::Csa,
                _ => {
                    errs.push(set.diag(msrc, m.grid.home[r].span(), format!("unknown home character `{}`; expected U or C", h[c] as char)));
                    Side::Csa
                }
            };
            let (col, row) = (c as i32 + 1, r as i32 + 1);
            let hex = offset_to_hex(col, row, convention);
            by_hex.insert(hex, hexes.len() as u16);
            hexes.push(HexInfo {
                label: format!("{col:02}{row:02}"),
                hex,
                terrain,
                home,
                place: None,
                nbr: [NONE; 6],
                side: [SideKind::Clear; 6],
                rail_std: 0,
                rail_broad: 0,
                pike: 0,
            });
        }
    }
    for h in hexes.iter_mut() {
        let hx = h.hex;
        for (d, n) in hx.all_neighbors().iter().enumerate() {
            if let Some(&j) = by_hex.get(n) {
                h.nbr[d] = j;
            }
        }
    }
    let label_of = |s: &Spanned<String>, errs: &mut Diagnostics| -> Option<u16> {
        let found = parse_label(s.get_ref()).and_then(|(c, r)| by_hex.get(&offset_to_hex(c, r, convention)).copied());
        if found.is_none() {
            errs.push(set.diag(msrc, s.span(), format!("not a hex of this map; expected a label CCRR with column 01-{cols:02} and row 01-{rows:02}")));
        }
        found
    };

    // --- places
    let places_doc = layered_records(vec![map_places(&map)], |d: Vec<PlaceDoc>| d);
    let mut places = Vec::new();
    let mut place_index: IdIndex<u16> = IdIndex::new("place id from map.toml");
    for p in &places_doc {
        let Some(h) = label_of(&p.hex, &mut errs) else { continue };
        let kind = match p.kind.get_ref().as_str() {
            "city" => PlaceKind::City,
            "town" => PlaceKind::Town,
            "village" => PlaceKind::Village,
            "fort" => PlaceKind::Fort,
            _ => {
                errs.push(set.diag(msrc, p.kind.span(), "unknown place kind; expected city, town, village or fort"));
                PlaceKind::Village
            }
        };
        if hexes[h as usize].place.is_some() {
            errs.push(set.diag(msrc, p.hex.span(), "two places in one hex"));
            continue;
        }
        if hexes[h as usize].terrain == Terrain::Sea {
            errs.push(set.diag(msrc, p.hex.span(), "a place cannot be in a sea hex"));
        }
        let owner = side_of(set, msrc, &p.owner, &mut errs);
        let supply_source = p.supply_source.as_ref().map(|s| side_of(set, msrc, s, &mut errs));
        let idx = places.len();
        if !place_index.insert(&p.id, idx as u16) {
            errs.push(set.diag(msrc, p.hex.span(), format!("duplicate place id `{}`", p.id)));
        }
        hexes[h as usize].place = Some(idx as u8);
        places.push(Place { id: p.id.clone(), name: p.name.clone(), hex: h, kind, owner, port: p.port, fortress: p.fortress, vp: p.vp, supply_source, csa_naval: false, csa_naval_optional: false });
    }

    // --- hexside features
    for f in &m.feature {
        let kind = match f.kind.get_ref().as_str() {
            "major-river" => SideKind::MajorRiver,
            "navigable-river" => SideKind::NavigableRiver,
            "minor-river" => SideKind::MinorRiver,
            "crossing" => SideKind::Crossing,
            "marsh" => SideKind::Marsh,
            "gap" => SideKind::Gap,
            "mountain" => SideKind::Mountain,
            _ => {
                errs.push(set.diag(msrc, f.kind.span(), "unknown hexside kind; expected major-river, minor-river, crossing, marsh, gap or mountain"));
                continue;
            }
        };
        for s in &f.sides {
            let parts: Vec<&str> = s.get_ref().split('/').collect();
            let ends = if parts.len() == 2 {
                let a = parse_label(parts[0]).map(|(c, r)| offset_to_hex(c, r, convention));
                let b = parse_label(parts[1]).map(|(c, r)| offset_to_hex(c, r, convention));
                a.zip(b).filter(|(a, b)| a.unsigned_distance_to(*b) == 1)
            } else {
                None
            };
            let Some((a, b)) = ends else {
                errs.push(set.diag(msrc, s.span(), "not a hexside; expected \"AAAA/BBBB\" with two adjacent hex labels"));
                continue;
            };
            for (x, y) in [(a, b), (b, a)] {
                if let Some(&i) = by_hex.get(&x) {
                    let d = x.all_neighbors().iter().position(|n| *n == y).expect("adjacent");
                    hexes[i as usize].side[d] = kind;
                }
            }
        }
    }
    // --- rails and turnpike
    let link = |hexes: &mut Vec<HexInfo>, list: &[Spanned<String>], errs: &mut Diagnostics, f: &dyn Fn(&mut HexInfo, usize)| {
        let mut prev: Option<u16> = None;
        for s in list {
            let Some(h) = label_of(s, errs) else {
                prev = None;
                continue;
            };
            if let Some(p) = prev {
                match hexes[p as usize].nbr.iter().position(|&n| n == h) {
                    Some(d) => {
                        f(&mut hexes[p as usize], d);
                        let back = hexes[h as usize].nbr.iter().position(|&n| n == p).expect("symmetric");
                        f(&mut hexes[h as usize], back);
                    }
                    None => errs.push(set.diag(msrc, s.span(), "this hex is not adjacent to the previous one in the list")),
                }
            }
            prev = Some(h);
        }
    };
    let mut military_rr = None;
    for r in &m.rail {
        if r.id == "military-railroad" {
            // Rule 9.5: this link exists only from January 1862 (or after six months of USA
            // occupation of Alexandria); the rules switch it on, the map only says where it is.
            let ends: Vec<u16> = r.hexes.iter().filter_map(|s| label_of(s, &mut errs)).collect();
            if ends.len() == 2 && hexes[ends[0] as usize].nbr.contains(&ends[1]) {
                military_rr = Some((ends[0], ends[1]));
            } else {
                errs.push(set.diag(msrc, r.gauge.span(), "the military railroad must list exactly two adjacent hexes"));
            }
            continue;
        }
        let broad = match r.gauge.get_ref().as_str() {
            "standard" => false,
            "broad" => true,
            _ => {
                errs.push(set.diag(msrc, r.gauge.span(), "unknown gauge; expected standard or broad"));
                false
            }
        };
        if broad {
            link(&mut hexes, &r.hexes, &mut errs, &|h, d| h.rail_broad |= 1 << d);
        } else {
            link(&mut hexes, &r.hexes, &mut errs, &|h, d| h.rail_std |= 1 << d);
        }
    }
    if let Some(p) = &m.turnpike {
        link(&mut hexes, &p.hexes, &mut errs, &|h, d| h.pike |= 1 << d);
    }
    // --- naval tree
    let mut port_parent = vec![NONE; places.len()];
    for w in &m.waterway {
        let mut prev = match &w.from {
            Some(f) => match set.resolve(msrc, f, &place_index) {
                Ok(p) => p,
                Err(d) => {
                    errs.push(d);
                    continue;
                }
            },
            None => NONE,
        };
        for p in &w.ports {
            match set.resolve(msrc, p, &place_index) {
                Ok(i) => {
                    if !places[i as usize].port {
                        errs.push(set.diag(msrc, p.span(), "this place is not a port (port = true)"));
                    }
                    port_parent[i as usize] = prev;
                    places[i as usize].csa_naval |= w.csa_naval;
                    places[i as usize].csa_naval_optional |= w.csa_naval && w.csa_naval_optional;
                    if w.from.is_some() {
                        prev = i;
                    }
                }
                Err(d) => errs.push(d),
            }
        }
    }

    // --- unit types
    let mut types = Vec::new();
    let mut type_index: IdIndex<u8> = IdIndex::new("unit type id from game.toml");
    for t in &g.unit_type {
        let kind = match t.id.get_ref().as_str() {
            "infantry" => UnitKind::Infantry,
            "brigade" => UnitKind::Brigade,
            "garrison" => UnitKind::Garrison,
            "cavalry" => UnitKind::Cavalry,
            "artillery" => UnitKind::Artillery,
            "heavy-artillery" => UnitKind::HeavyArtillery,
            "hq" => UnitKind::Hq,
            _ => {
                errs.push(set.diag(gsrc, t.id.span(), "unknown unit type; the rules know infantry, brigade, garrison, cavalry, artillery, heavy-artillery and hq"));
                continue;
            }
        };
        type_index.insert(t.id.get_ref(), types.len() as u8);
        let fp = &g.firepower;
        let speed_csa = t.speed_csa.unwrap_or(t.speed);
        let max = |k: &str| t.max_steps.get(k).copied().unwrap_or(0);
        types.push(UnitType {
            id: t.id.get_ref().clone(),
            abbrev: t.abbrev.clone(),
            kind,
            speed: [t.speed, speed_csa],
            fire_long: fire(set, gsrc, &t.fire_long, fp, &mut errs),
            fire_long_fortress: match &t.fire_long_fortress {
                Some(s) => fire(set, gsrc, s, fp, &mut errs),
                None => fire(set, gsrc, &t.fire_long, fp, &mut errs),
            },
            fire_engaged: fire(set, gsrc, &t.fire_engaged, fp, &mut errs),
            fire_engaged_attack: match &t.fire_engaged_attack {
                Some(s) => fire(set, gsrc, s, fp, &mut errs),
                None => fire(set, gsrc, &t.fire_engaged, fp, &mut errs),
            },
            fire_melee: fire(set, gsrc, &t.fire_melee, fp, &mut errs),
            fire_enfilade: t.fire_enfilade.as_ref().map(|s| fire(set, gsrc, s, fp, &mut errs)),
            cadre_cost: [t.cadre_cost, t.cadre_cost_csa.unwrap_or(t.cadre_cost)],
            step_cost: [t.step_cost, t.step_cost_csa.unwrap_or(t.step_cost)],
            max_steps: [max("USA"), max("CSA")],
            fm_mod: t.forced_march_mod,
            battle_moves: t.battle_moves,
        });
    }

    // --- units
    let unit_docs = layered_records(unit_layers, |d| d.unit);
    let mut units = Vec::new();
    let mut unit_index: IdIndex<u8> = IdIndex::new("unit id from units.toml");
    for u in &unit_docs {
        let side = side_of(set, u.src, &u.side, &mut errs);
        let ty = match set.resolve(u.src, &u.r#type, &type_index) {
            Ok(t) => t,
            Err(d) => {
                errs.push(d);
                continue;
            }
        };
        let role = match u.role.as_ref().map(|r| r.get_ref().as_str()) {
            None => HqRole::None,
            Some("field") => HqRole::Field,
            Some("supreme") => HqRole::Supreme,
            Some(_) => {
                errs.push(set.diag(u.src, u.role.as_ref().expect("some").span(), "unknown role; expected field or supreme"));
                HqRole::None
            }
        };
        let t = &types[ty as usize];
        if (t.kind == UnitKind::Hq) != (role != HqRole::None) {
            errs.push(set.diag(u.src, u.r#type.span(), "an hq block needs role = \"field\" or \"supreme\", and only hq blocks have a role"));
        }
        let max = u.max.unwrap_or(t.max_steps[side.idx()]);
        if max == 0 {
            errs.push(set.diag(u.src, u.side.span(), format!("unit type `{}` has no maximum steps for this side", t.id)));
        }
        if units.len() >= 250 {
            errs.push(set.diag(u.src, u.side.span(), "too many units (at most 250)"));
            break;
        }
        unit_index.insert(&u.id, units.len() as u8);
        units.push(UnitDef { id: u.id.clone(), name: u.name.clone(), side, ty, max, role });
    }
    // Rule 2.2.1: exactly one Supreme HQ per side.
    for side in [Side::Usa, Side::Csa] {
        let n = units.iter().filter(|u| u.side == side && u.role == HqRole::Supreme).count();
        if n != 1 {
            errs.push(Diagnostic { file: set.path(unit_docs.first().map(|u| u.src).unwrap_or(gsrc)).to_string(), line: 1, col: 1, found: String::new(), message: format!("BL 2.2.1: {} needs exactly one supreme HQ, found {n}", side.name()) });
        }
    }

    // --- command range overrides
    let mut range_overrides = Vec::new();
    for o in &g.command.r#override {
        let u = match set.resolve(gsrc, &o.hq, &unit_index) {
            Ok(u) => u,
            Err(d) => {
                errs.push(d);
                continue;
            }
        };
        let ym: Vec<&str> = o.from.get_ref().split('-').collect();
        let parsed = (ym.len() == 2).then(|| (ym[0].parse::<u16>().ok(), ym[1].parse::<u8>().ok()));
        match parsed {
            Some((Some(y), Some(mo))) if (1..=12).contains(&mo) => range_overrides.push((u, y, mo, o.range)),
            _ => errs.push(set.diag(gsrc, o.from.span(), "expected a date \"YYYY-MM\"")),
        }
    }
    let side_map = |m: &BTreeMap<String, u8>| [m.get("USA").copied().unwrap_or(0), m.get("CSA").copied().unwrap_or(0)];
    let limits = |k: &str, errs: &mut Diagnostics| {
        g.hexside.get(k).copied().unwrap_or_else(|| {
            errs.push(Diagnostics::general(set.path(gsrc), format!("[hexside.{k}] is missing")).0.remove(0));
            Limits::default()
        })
    };
    let mut weather = [None; 12];
    let mut roll_start_mud = [false; 12];
    if g.calendar.weather.len() != 12 {
        errs.push(Diagnostics::general(set.path(gsrc), "[calendar] weather needs 12 months").0.remove(0));
    }
    for (i, w) in g.calendar.weather.iter().enumerate().take(12) {
        weather[i] = match w.get_ref().as_str() {
            "dry" => Some(false),
            "mud" => Some(true),
            "roll" => None,
            _ => {
                errs.push(set.diag(gsrc, w.span(), "expected dry, mud or roll"));
                Some(false)
            }
        };
        if weather[i].is_none() {
            roll_start_mud[i] = g.calendar.roll_start.get(&(i + 1).to_string()).map(|s| s == "mud").unwrap_or(false);
        }
    }
    // BL 3.2.5: Marginal victories are worth 1, 2 or 3 TP; the mapping is AUTHORED.
    let mf = &g.victory.tournament.marginal_from;
    let tp_marginal_from = match mf.get_ref().as_slice() {
        &[a, b, c] if a == 1 && a < b && b < c && c < g.victory.decisive => [a, b, c],
        _ => {
            errs.push(set.diag(gsrc, mf.span(), "marginal_from: three increasing distances, the first 1, all below the Decisive distance (BL 3.2.5)"));
            [1, 2, 3]
        }
    };
    let vp_start = g.victory.start.iter().filter_map(|(k, v)| k.parse::<u16>().ok().map(|y| (y, *v))).collect();

    // --- scenarios
    let mut scenarios = Vec::new();
    for rel in set.list("scenarios", ".toml") {
        let doc = match set.parse_top::<ScenarioDoc>(&rel) {
            Ok(d) => d,
            Err(d) => {
                errs.0.extend(d.0);
                continue;
            }
        };
        let src = doc.src;
        let s = doc.rec;
        let mut deploy = Vec::new();
        let mut seen = vec![false; units.len()];
        let mut side_at: HashMap<u16, Side> = HashMap::new();
        for d in &s.deploy {
            let h = match place_index.get(d.hex.get_ref()) {
                Some(p) => Some(places[p as usize].hex),
                None => parse_label(d.hex.get_ref()).and_then(|(c, r)| by_hex.get(&offset_to_hex(c, r, convention)).copied()),
            };
            let Some(h) = h else {
                let near = place_index.nearest(d.hex.get_ref(), 3);
                errs.push(set.diag(src, d.hex.span(), format!("unknown hex `{}`; expected a place id from map.toml or a hex label CCRR{}", d.hex.get_ref(), if near.is_empty() { String::new() } else { format!(", nearest: {}", near.join(", ")) })));
                continue;
            };
            if matches!(hexes[h as usize].terrain, Terrain::Sea | Terrain::Mountain) {
                errs.push(set.diag(src, d.hex.span(), "units cannot be set up in a sea or mountain hex"));
            }
            let mut list = Vec::new();
            for du in &d.units {
                let u = match set.resolve(src, &du.u, &unit_index) {
                    Ok(u) => u,
                    Err(e) => {
                        errs.push(e);
                        continue;
                    }
                };
                if seen[u as usize] {
                    errs.push(set.diag(src, du.u.span(), "this unit is already set up elsewhere in the scenario"));
                }
                seen[u as usize] = true;
                let steps = *du.s.get_ref();
                if steps == 0 || steps > units[u as usize].max {
                    errs.push(set.diag(src, du.s.span(), format!("strength must be 1..={} (the block's maximum)", units[u as usize].max)));
                }
                let side = units[u as usize].side;
                if let Some(other) = side_at.insert(h, side)
                    && other != side {
                        errs.push(set.diag(src, d.hex.span(), "both sides set up in one hex"));
                    }
                list.push((u, steps.clamp(1, units[u as usize].max)));
            }
            deploy.push(Deploy { hex: h, units: list });
        }
        if !(1..=12).contains(&s.start_month) || !(1..=12).contains(&s.end_month) {
            errs.push(Diagnostics::general(set.path(src), "start_month and end_month must be 1..=12").0.remove(0));
        }
        let mut names: Vec<(u8, String)> = Vec::new();
        for n in &s.names {
            match set.resolve(src, &n.u, &unit_index) {
                Ok(u) if names.iter().any(|(x, _)| *x == u) => errs.push(set.diag(src, n.u.span(), "this block is already named in the scenario")),
                Ok(u) => names.push((u, n.name.clone())),
                Err(e) => errs.push(e),
            }
        }
        scenarios.push(Scenario { id: s.id, title: s.title, year: s.year, start_month: s.start_month, end_month: s.end_month, emancipation: s.emancipation, deploy, names });
    }
    scenarios.sort_by(|a, b| a.id.cmp(&b.id));
    if scenarios.is_empty() {
        errs.push(Diagnostics::general(format!("{}/scenarios", set.game_dir()), "no scenario files").0.remove(0));
    }

    let mut data = Data {
        title: g.title.clone(),
        cols,
        rows,
        convention,
        by_hex,
        places,
        types,
        units,
        scenarios,
        port_parent,
        landings: Vec::new(),
        naval_table: Vec::new(),
        military_rr,
        command_range: side_map(&g.command.range),
        range_overrides,
        fm_success: side_map(&g.forced_march.success),
        fm_mud: g.forced_march.mud,
        fm_rough: g.forced_march.rough,
        limits_clear: limits("clear", &mut errs),
        limits_forest: limits("forest", &mut errs),
        limits_marsh: limits("marsh", &mut errs),
        limits_river: limits("river", &mut errs),
        limits_gap: limits("gap", &mut errs),
        forage_clear: g.forage.clear,
        forage_forest: g.forage.forest,
        forage_city: g.forage.city,
        forage_town: g.forage.town,
        rp: g.rp.iter().map(|r| (r.year, [r.usa, r.csa])).collect(),
        weather,
        roll_start_mud,
        csa_vp_months: g.calendar.csa_vp_months.clone(),
        decisive: g.victory.decisive,
        vp_start,
        tp_decisive: g.victory.tournament.decisive,
        tp_draw: g.victory.tournament.draw,
        tp_marginal_from,
        hexes,
    };
    let n = data.places.len();
    data.naval_table = (0..n * n).map(|i| data.naval_path(i / n, i % n)).collect();
    data.landings = super::water::landings(&data);
    if data.types.iter().all(|t| t.kind != UnitKind::Hq) {
        errs.push(Diagnostics::general(set.path(gsrc), "the hq unit type is missing").0.remove(0));
    }
    let _ = hex_key;
    errs.into_result(data)
}

fn map_places(map: &bivouac_engine::content::Sourced<MapDoc>) -> bivouac_engine::content::Sourced<Vec<PlaceDoc>> {
    bivouac_engine::content::Sourced { src: map.src, rec: map.rec.place.clone() }
}
