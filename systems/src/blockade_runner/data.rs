//! Blockade Runner content: the TOML files of `content/blockade-runner/` read into plain tables.
//!
//! Every cross-reference (a lane's zones, a rail link's cities, a chart row's city, a Union card's
//! port) is resolved with the engine's `resolve`, so a bad id points at file:line:col. Ids are
//! interned to small integers (`u8`): locations (zones first, then inland cities), ships, cards.

use super::script::ScriptTarget;
use bivouac_engine::lua::Script;
use bivouac_engine::content::{ContentSet, Diagnostic, Diagnostics, IdIndex, Record, Spanned, layered_records, layered_records_checked};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The four kinds of goods cubes (L11-13), in this fixed order.
pub const GOODS: [&str; 4] = ["cotton", "tobacco", "arms", "black"];
pub const COTTON: usize = 0;
pub const TOBACCO: usize = 1;
pub const ARMS: usize = 2;
pub const BLACK: usize = 3;

#[derive(Deserialize, Default, Clone, Copy, Debug)]
#[serde(deny_unknown_fields)]
pub struct GoodsNum {
    #[serde(default)]
    pub cotton: u32,
    #[serde(default)]
    pub tobacco: u32,
    #[serde(default)]
    pub arms: u32,
    #[serde(default)]
    pub black: u32,
}

impl GoodsNum {
    fn arr(&self) -> [u32; 4] {
        [self.cotton, self.tobacco, self.arms, self.black]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameDoc {
    game: GameSec,
    cost: GoodsNum,
    prices: PricesSec,
    reserve: GoodsNum,
    defense_cost: DefenseCost,
    setup: Vec<SetupRec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GameSec {
    #[allow(dead_code)]
    id: String,
    title: String,
    first_year: u16,
    last_year: u16,
    dice_sides: u32,
    first_turn_arms: u32,
    base_blockade_cards: u32,
    max_blockade: u8,
    max_defense: u8,
    assault_increase: u8,
    actions_per_turn: u8,
    bonus_actions: u8,
    rail_cost_per_link: i32,
    arms_payment: i32,
    bribe: i32,
    fund_per_card: i32,
    fund_discard_extra: i32,
    all_ships_lost_subsidy: i32,
    trade_offers_per_turn: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PricesSec {
    cotton: PriceSec,
    tobacco: PriceSec,
    black: PriceSec,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PriceSec {
    track: Vec<i32>,
    start: Spanned<i32>,
    sales_box: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DefenseCost {
    to_level: Vec<i32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupRec {
    players: u8,
    money: i32,
    ships: Vec<Spanned<String>>,
    hand: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapDoc {
    #[serde(default)]
    zone: Vec<ZoneRec>,
    #[serde(default)]
    lanes: Vec<[Spanned<String>; 2]>,
    #[serde(default)]
    city: Vec<CityRec>,
    #[serde(default)]
    rails: Vec<[Spanned<String>; 2]>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct ZoneRec {
    id: String,
    name: String,
    kind: Spanned<String>,
    #[serde(default)]
    defense: u8,
    #[serde(default)]
    supply: GoodsNum,
    #[serde(default)]
    rail: bool,
    #[serde(default)]
    x: f32,
    #[serde(default)]
    y: f32,
}
impl Record for ZoneRec {
    fn id(&self) -> &str {
        &self.id
    }
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct CityRec {
    id: String,
    name: String,
    #[serde(default)]
    supply: GoodsNum,
    #[serde(default)]
    x: f32,
    #[serde(default)]
    y: f32,
}
impl Record for CityRec {
    fn id(&self) -> &str {
        &self.id
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChartsDoc {
    war_effort: Vec<WarRow>,
    inland_capture: BTreeMap<String, Spanned<String>>,
    squadron: BTreeMap<String, Spanned<String>>,
    union_deck: Vec<Spanned<String>>,
}

#[derive(Deserialize, Clone, Copy, Debug)]
#[serde(deny_unknown_fields)]
pub struct WarRow {
    pub arms: u32,
    pub modifier: i32,
    pub assaults: u32,
    pub inland: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShipsDoc {
    ship: Vec<ShipRec>,
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct ShipRec {
    id: String,
    name: String,
    speed: u8,
    capacity: u8,
    value: i32,
    #[serde(default)]
    start: bool,
}
impl Record for ShipRec {
    fn id(&self) -> &str {
        &self.id
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsDoc {
    card: Vec<CardRec>,
}

/// The most a money card (or a script's `{money = N}`) may pay at once, in thousands: more than
/// the richest starting purse ($15,000, BR 2.2) three times over.
pub const MAX_CARD_MONEY: i32 = 50;

/// The amounts an action card's effect may carry. A blockade or defense change beyond the dice
/// faces (at most 20) changes nothing more (BR 3.6: a target of the faces or more always
/// succeeds, of 0 or less always fails); speed and evasion bonuses likewise; money is paid,
/// never taken (BR 3.5.4).
pub(crate) fn amount_range(effect: Effect) -> (i32, i32) {
    match effect {
        Effect::Blockade | Effect::Defense => (-20, 20),
        Effect::Attach | Effect::Evasion => (0, 20),
        Effect::Money => (0, MAX_CARD_MONEY),
        Effect::Insurance | Effect::Script => (0, 0),
    }
}

fn amount_rule(effect: Effect) -> &'static str {
    match effect {
        Effect::Money => "BR 3.5.4: the bank pays the player; at most $50,000 a card",
        _ => "BR 3.6: past the dice faces a change changes nothing",
    }
}

#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
struct CardRec {
    id: String,
    name: String,
    count: u8,
    effect: Spanned<String>,
    #[serde(default)]
    amount: i32,
    /// With `effect = "script"`: the Lua file, relative to the game folder.
    #[serde(default)]
    script: Option<Spanned<String>>,
    /// With `effect = "script"`: none, port or ship.
    #[serde(default)]
    target: Option<Spanned<String>>,
}
impl Record for CardRec {
    fn id(&self) -> &str {
        &self.id
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocKind {
    Sea,
    Confederate,
    Outer,
    Inland,
}

#[derive(Clone, Debug)]
pub struct Loc {
    pub id: String,
    pub name: String,
    pub kind: LocKind,
    /// Printed port defense (Confederate ports).
    pub defense: u8,
    /// Goods-box capacities.
    pub supply: [u8; 4],
    /// On the rail network.
    pub rail: bool,
    pub x: f32,
    pub y: f32,
}

impl Loc {
    pub fn is_port(&self) -> bool {
        matches!(self.kind, LocKind::Confederate | LocKind::Outer)
    }
}

#[derive(Clone, Debug)]
pub struct ShipDef {
    pub id: String,
    pub name: String,
    pub speed: u8,
    pub capacity: u8,
    pub value: i32,
    pub start: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Blockade,
    Defense,
    Attach,
    Money,
    Insurance,
    Evasion,
    /// A Lua `play(view)` returns the commands (see `script.rs`).
    Script,
}

#[derive(Clone, Debug)]
pub struct CardDef {
    pub id: String,
    pub name: String,
    pub effect: Effect,
    pub amount: i32,
    /// With [`Effect::Script`]: the script and what the card is played on.
    pub script: Option<(Script, ScriptTarget)>,
}

#[derive(Clone, Debug)]
pub struct SetupRow {
    pub players: u8,
    pub money: i32,
    /// (speed, capacity) of each starting ship.
    pub ships: Vec<(u8, u8)>,
    pub hand: u8,
}

/// Everything the rules read, loaded once and shared by all states.
#[derive(Clone, Debug)]
pub struct Content {
    pub title: String,
    pub first_year: u16,
    pub last_year: u16,
    pub dice_sides: u32,
    pub first_turn_arms: u32,
    pub base_cards: u32,
    pub max_blockade: u8,
    pub max_defense: u8,
    pub assault_increase: u8,
    pub actions_per_turn: u8,
    pub bonus_actions: u8,
    pub rail_cost: i32,
    pub arms_payment: i32,
    pub bribe: i32,
    pub fund_per_card: i32,
    pub fund_discard_extra: i32,
    pub lost_subsidy: i32,
    pub trade_offers: u8,
    pub cost: [i32; 4],
    /// Price tracks (arms has none: empty).
    pub tracks: [Vec<i32>; 4],
    pub start_price: [u8; 4],
    pub sales_box: [u8; 4],
    pub reserve: [u32; 4],
    pub defense_cost: Vec<i32>,
    pub setups: Vec<SetupRow>,
    /// Zones first (`0..n_zones`), then inland cities.
    pub locs: Vec<Loc>,
    pub n_zones: usize,
    /// Sea lanes between zones.
    pub adj: Vec<Vec<u8>>,
    /// Rail links between locations.
    pub rail_adj: Vec<Vec<u8>>,
    pub war: Vec<WarRow>,
    /// (2-dice sum, inland city).
    pub inland_chart: Vec<(u32, u8)>,
    /// (1-die result, sea zone).
    pub squadron_chart: Vec<(u32, u8)>,
    /// Each Union Blockade card's port.
    pub union_deck: Vec<u8>,
    pub ships: Vec<ShipDef>,
    pub cards: Vec<CardDef>,
    /// The Action deck: one entry per physical card, its kind.
    pub card_instances: Vec<u8>,
    pub loc_index: IdIndex<u8>,
    pub ship_index: IdIndex<u8>,
    pub card_index: IdIndex<u8>,
}

fn push_err<T>(errs: &mut Diagnostics, r: Result<T, Diagnostic>) -> Option<T> {
    match r {
        Ok(v) => Some(v),
        Err(d) => {
            errs.push(d);
            None
        }
    }
}

pub fn load_content(layers: &[PathBuf], dir: &str) -> Result<(Content, String), Diagnostics> {
    let set = ContentSet::open(layers, dir)?;
    let game = set.parse_top::<GameDoc>("game.toml")?;
    let map_layers = set.parse::<MapDoc>("map.toml")?;
    let charts = set.parse_top::<ChartsDoc>("charts.toml")?;
    let ships_l = set.parse::<ShipsDoc>("ships.toml")?;
    let cards_l = set.parse::<CardsDoc>("cards.toml")?;
    let mut errs = Diagnostics::default();

    // Map: zones and cities are records (a mod overrides by id); lanes and rails come from the
    // topmost layer that has them.
    let map_top_src = map_layers.last().map(|l| l.src).expect("parse returns a layer");
    let mut lanes = Vec::new();
    let mut rails = Vec::new();
    let mut lanes_src = map_top_src;
    let mut rails_src = map_top_src;
    for l in &map_layers {
        if !l.rec.lanes.is_empty() {
            lanes = l.rec.lanes.clone();
            lanes_src = l.src;
        }
        if !l.rec.rails.is_empty() {
            rails = l.rec.rails.clone();
            rails_src = l.src;
        }
    }
    let zones = layered_records(
        map_layers.iter().map(|l| bivouac_engine::content::Sourced { src: l.src, rec: l.rec.zone.clone() }).collect(),
        |z| z,
    );
    let cities = layered_records(
        map_layers.iter().map(|l| bivouac_engine::content::Sourced { src: l.src, rec: l.rec.city.clone() }).collect(),
        |c| c,
    );

    let mut loc_index = IdIndex::new("location id (a zone or city of map.toml)");
    let mut locs = Vec::new();
    for z in &zones {
        let kind = match z.kind.get_ref().as_str() {
            "sea" => LocKind::Sea,
            "confederate" => LocKind::Confederate,
            "outer" => LocKind::Outer,
            other => {
                errs.push(set.diag(z.src, z.kind.span(), format!("unknown zone kind `{other}`; expected sea, confederate or outer")));
                LocKind::Sea
            }
        };
        let sup = z.supply.arr();
        if !loc_index.insert(&z.id, locs.len() as u8) {
            errs.push(set.diag(z.src, 0..0, format!("duplicate location id `{}`", z.id)));
        }
        locs.push(Loc {
            id: z.id.clone(),
            name: z.name.clone(),
            kind,
            defense: z.defense.min(6),
            supply: sup.map(|v| v.min(50) as u8),
            rail: z.rail,
            x: z.x,
            y: z.y,
        });
    }
    let n_zones = locs.len();
    for c in &cities {
        if !loc_index.insert(&c.id, locs.len() as u8) {
            errs.push(set.diag(c.src, 0..0, format!("duplicate location id `{}`", c.id)));
        }
        locs.push(Loc {
            id: c.id.clone(),
            name: c.name.clone(),
            kind: LocKind::Inland,
            defense: 0,
            supply: c.supply.arr().map(|v| v.min(50) as u8),
            rail: true,
            x: c.x,
            y: c.y,
        });
    }
    if n_zones > 64 || locs.len() > 250 {
        errs.push(Diagnostic { file: format!("{dir}/map.toml"), line: 1, col: 1, found: String::new(), message: "at most 64 zones and 250 locations".into() });
        return Err(errs);
    }
    let mut adj = vec![Vec::new(); n_zones];
    for [a, b] in &lanes {
        let ra = push_err(&mut errs, set.resolve(lanes_src, a, &loc_index));
        let rb = push_err(&mut errs, set.resolve(lanes_src, b, &loc_index));
        if let (Some(x), Some(y)) = (ra, rb) {
            if (x as usize) >= n_zones || (y as usize) >= n_zones {
                errs.push(set.diag(lanes_src, a.span(), "a sea lane must join two zones, not an inland city"));
                continue;
            }
            if !adj[x as usize].contains(&y) {
                adj[x as usize].push(y);
                adj[y as usize].push(x);
            }
        }
    }
    let mut rail_adj = vec![Vec::new(); locs.len()];
    for [a, b] in &rails {
        let ra = push_err(&mut errs, set.resolve(rails_src, a, &loc_index));
        let rb = push_err(&mut errs, set.resolve(rails_src, b, &loc_index));
        if let (Some(x), Some(y)) = (ra, rb) {
            for (r, v) in [(a, x), (b, y)] {
                let l = &locs[v as usize];
                if !(l.kind == LocKind::Inland || (l.kind == LocKind::Confederate && l.rail)) {
                    errs.push(set.diag(rails_src, r.span(), "a rail link must join inland cities or Confederate ports with `rail = true`"));
                }
            }
            if !rail_adj[x as usize].contains(&y) {
                rail_adj[x as usize].push(y);
                rail_adj[y as usize].push(x);
            }
        }
    }

    // Charts.
    let csrc = charts.src;
    let mut war = charts.rec.war_effort.clone();
    war.sort_by_key(|r| r.arms);
    if war.first().map(|r| r.arms) != Some(0) {
        errs.push(set.diag(csrc, 0..0, "war_effort needs a row with arms = 0"));
    }
    let mut inland_chart = Vec::new();
    for (k, v) in &charts.rec.inland_capture {
        if let Some(c) = push_err(&mut errs, set.resolve(csrc, v, &loc_index)) {
            if locs[c as usize].kind != LocKind::Inland {
                errs.push(set.diag(csrc, v.span(), "the Inland City Capture chart must name inland cities"));
            }
            match k.parse::<u32>() {
                Ok(n) => inland_chart.push((n, c)),
                Err(_) => errs.push(set.diag(csrc, v.span(), format!("chart key `{k}` is not a dice sum"))),
            }
        }
    }
    let mut squadron_chart = Vec::new();
    for (k, v) in &charts.rec.squadron {
        if let Some(z) = push_err(&mut errs, set.resolve(csrc, v, &loc_index)) {
            if locs[z as usize].kind != LocKind::Sea {
                errs.push(set.diag(csrc, v.span(), "the High Seas Squadron chart must name high-seas zones (kind = \"sea\")"));
            }
            match k.parse::<u32>() {
                Ok(n) => squadron_chart.push((n, z)),
                Err(_) => errs.push(set.diag(csrc, v.span(), format!("chart key `{k}` is not a die result"))),
            }
        }
    }
    let mut union_deck = Vec::new();
    for r in &charts.rec.union_deck {
        if let Some(p) = push_err(&mut errs, set.resolve(csrc, r, &loc_index)) {
            if locs[p as usize].kind != LocKind::Confederate {
                errs.push(set.diag(csrc, r.span(), "a Union Blockade card must name a Confederate port"));
            }
            union_deck.push(p);
        }
    }
    if union_deck.len() > 64 {
        errs.push(set.diag(csrc, 0..0, "at most 64 Union Blockade cards"));
    }

    // Ships.
    let (ships_rec, dups) = layered_records_checked(ships_l, |d| d.ship);
    errs.extend(dups.iter().map(|(src, id)| set.duplicate(*src, id, "ship id")));
    let mut ship_index = IdIndex::new("ship id from ships.toml");
    let mut ships = Vec::new();
    for s in &ships_rec {
        if loc_index.get(&s.id).is_some() {
            errs.push(set.diag(s.src, 0..0, format!("ship id `{}` is also a location id; ids must differ", s.id)));
        }
        if !ship_index.insert(&s.id, ships.len() as u8) {
            errs.push(set.diag(s.src, 0..0, format!("duplicate ship id `{}`", s.id)));
        }
        if s.speed == 0 || s.capacity == 0 {
            errs.push(set.diag(s.src, 0..0, format!("ship `{}` needs speed and capacity of at least 1", s.id)));
        }
        ships.push(ShipDef { id: s.id.clone(), name: s.name.clone(), speed: s.speed, capacity: s.capacity, value: s.value, start: s.start });
    }
    if ships.len() > 64 {
        errs.push(Diagnostic { file: format!("{dir}/ships.toml"), line: 1, col: 1, found: String::new(), message: "at most 64 ship cards".into() });
    }

    // Action cards.
    let (cards_rec, dups) = layered_records_checked(cards_l, |d| d.card);
    errs.extend(dups.iter().map(|(src, id)| set.duplicate(*src, id, "action card id")));
    let mut card_index = IdIndex::new("action card id from cards.toml");
    let mut cards = Vec::new();
    let mut card_instances = Vec::new();
    for c in &cards_rec {
        let effect = match c.effect.get_ref().as_str() {
            "blockade" => Effect::Blockade,
            "defense" => Effect::Defense,
            "attach" => Effect::Attach,
            "money" => Effect::Money,
            "insurance" => Effect::Insurance,
            "evasion" => Effect::Evasion,
            "script" => Effect::Script,
            other => {
                errs.push(set.diag(c.src, c.effect.span(), format!("unknown card effect `{other}`; expected blockade, defense, attach, money, insurance, evasion or script")));
                Effect::Money
            }
        };
        if !card_index.insert(&c.id, cards.len() as u8) {
            errs.push(set.diag(c.src, 0..0, format!("duplicate card id `{}`", c.id)));
        }
        for _ in 0..c.count {
            card_instances.push(cards.len() as u8);
        }
        let script = match (effect, &c.script) {
            (Effect::Script, None) => {
                errs.push(set.diag(c.src, c.effect.span(), "a card with effect = \"script\" needs script = \"path/to/file.lua\""));
                None
            }
            (Effect::Script, Some(path)) => {
                let target = match &c.target {
                    None => Some(ScriptTarget::None),
                    Some(t) => ScriptTarget::parse(t.get_ref()).or_else(|| {
                        errs.push(set.diag(c.src, t.span(), "expected target = \"none\", \"port\" or \"ship\""));
                        None
                    }),
                };
                match set.text(path.get_ref()) {
                    Some((src, text)) => target.map(|t| (Script::new(set.path(src), text), t)),
                    None => {
                        errs.push(set.diag(c.src, path.span(), format!("no Lua file `{}` in the {dir} folder of any layer", path.get_ref())));
                        None
                    }
                }
            }
            (_, Some(path)) => {
                errs.push(set.diag(c.src, path.span(), "only a card with effect = \"script\" takes a script"));
                None
            }
            (_, None) => None,
        };
        let (low, high) = amount_range(effect);
        if !(low..=high).contains(&c.amount) {
            errs.push(set.at_record(c.src, &c.id, 0, format!(
                "card `{}`: amount {} is outside {low}..={high}, the range a `{}` card may have ({})",
                c.id,
                c.amount,
                c.effect.get_ref(),
                amount_rule(effect)
            )));
        }
        cards.push(CardDef { id: c.id.clone(), name: c.name.clone(), effect, amount: c.amount, script });
    }
    if card_instances.len() > 250 {
        errs.push(Diagnostic { file: format!("{dir}/cards.toml"), line: 1, col: 1, found: String::new(), message: "at most 250 action cards".into() });
    }

    // Game numbers.
    let g = &game.rec;
    let gsrc = game.src;
    let mut tracks: [Vec<i32>; 4] = Default::default();
    let mut start_price = [0u8; 4];
    let mut sales_box = [0u8; 4];
    for (gi, p) in [(COTTON, &g.prices.cotton), (TOBACCO, &g.prices.tobacco), (BLACK, &g.prices.black)] {
        match p.track.iter().position(|&v| v == *p.start.get_ref()) {
            Some(i) => start_price[gi] = i as u8,
            None => errs.push(set.diag(gsrc, p.start.span(), "the start price must be a value on its track")),
        }
        if p.sales_box == 0 {
            errs.push(set.diag(gsrc, p.start.span(), "a sales box needs room for at least 1 cube"));
        }
        tracks[gi] = p.track.clone();
        sales_box[gi] = p.sales_box.max(1);
    }
    let mut setups = Vec::new();
    for r in &g.setup {
        let mut sh = Vec::new();
        for s in &r.ships {
            let parsed = s.get_ref().split_once('/').and_then(|(a, b)| Some((a.trim().parse::<u8>().ok()?, b.trim().parse::<u8>().ok()?)));
            match parsed {
                Some(t) => sh.push(t),
                None => errs.push(set.diag(gsrc, s.span(), "a starting ship is written speed/capacity, e.g. \"2/2\"")),
            }
        }
        // Enough starting ship cards of each type for this many players.
        let mut need: BTreeMap<(u8, u8), usize> = BTreeMap::new();
        for t in &sh {
            *need.entry(*t).or_default() += r.players as usize;
        }
        for ((sp, cap), n) in need {
            let have = ships.iter().filter(|d| d.start && d.speed == sp && d.capacity == cap).count();
            if have < n {
                errs.push(set.diag(gsrc, r.ships.first().map(|s| s.span()).unwrap_or(0..0), format!(
                    "{} players need {n} starting ships {sp}/{cap} but ships.toml marks only {have} with start = true",
                    r.players
                )));
            }
        }
        setups.push(SetupRow { players: r.players, money: r.money, ships: sh, hand: r.hand });
    }
    if g.game.dice_sides < 2 || g.game.dice_sides > 20 {
        errs.push(set.diag(gsrc, 0..0, "dice_sides must be 2..20"));
    }
    // Money is whole thousands, paid and never owed (BR 1.2, 4.3): every sum of money in the
    // game's file lies in 0..=MAX_MONEY, so no payment, price or starting purse is negative or
    // wraps.
    let max = super::MAX_MONEY;
    let sums = [
        ("rail_cost_per_link", g.game.rail_cost_per_link),
        ("arms_payment", g.game.arms_payment),
        ("bribe", g.game.bribe),
        ("fund_per_card", g.game.fund_per_card),
        ("fund_discard_extra", g.game.fund_discard_extra),
        ("all_ships_lost_subsidy", g.game.all_ships_lost_subsidy),
    ];
    let setup_money = g.setup.iter().map(|r| ("setup money", r.money));
    let prices = [&g.prices.cotton, &g.prices.tobacco, &g.prices.black].into_iter().flat_map(|p| p.track.iter().map(|&v| ("a price on a track", v)));
    let costs = g.defense_cost.to_level.iter().map(|&v| ("defense_cost.to_level", v));
    for (what, v) in sums.into_iter().chain(setup_money).chain(prices).chain(costs) {
        if !(0..=max).contains(&v) {
            errs.push(set.diag(gsrc, 0..0, format!("{what} = {v}: money in the rules is 0 to {max} thousand dollars (BR 1.2, 4.3)")));
        }
    }
    if g.defense_cost.to_level.len() <= g.game.max_defense as usize {
        errs.push(set.diag(gsrc, 0..0, "defense_cost.to_level needs a price for every level up to max_defense"));
    }
    let content = Content {
        title: g.game.title.clone(),
        first_year: g.game.first_year,
        last_year: g.game.last_year.max(g.game.first_year),
        dice_sides: g.game.dice_sides.clamp(2, 20),
        first_turn_arms: g.game.first_turn_arms,
        base_cards: g.game.base_blockade_cards,
        max_blockade: g.game.max_blockade,
        max_defense: g.game.max_defense,
        assault_increase: g.game.assault_increase,
        actions_per_turn: g.game.actions_per_turn,
        bonus_actions: g.game.bonus_actions,
        rail_cost: g.game.rail_cost_per_link,
        arms_payment: g.game.arms_payment,
        bribe: g.game.bribe,
        fund_per_card: g.game.fund_per_card,
        fund_discard_extra: g.game.fund_discard_extra,
        lost_subsidy: g.game.all_ships_lost_subsidy,
        trade_offers: g.game.trade_offers_per_turn,
        cost: [g.cost.cotton as i32, g.cost.tobacco as i32, g.cost.arms as i32, g.cost.black as i32],
        tracks,
        start_price,
        sales_box,
        reserve: g.reserve.arr(),
        defense_cost: g.defense_cost.to_level.clone(),
        setups,
        locs,
        n_zones,
        adj,
        rail_adj,
        war,
        inland_chart,
        squadron_chart,
        union_deck,
        ships,
        cards,
        card_instances,
        loc_index,
        ship_index,
        card_index,
    };
    // BR 3.5.4: every scripted card is dry-run once, so a broken or hostile script is reported
    // now (with its file and line) rather than in the middle of a game.
    if errs.is_empty() {
        for d in &content.cards {
            if let Some((script, target)) = &d.script
                && let Err(e) = super::script::dry_run(&content, script, *target)
            {
                errs.push(Diagnostic { file: e.script.clone(), line: e.line.unwrap_or(1) as usize, col: 1, found: String::new(), message: format!("card `{}`: {}", d.id, e.message) });
            }
        }
    }
    errs.into_result((content, set.hash().to_string()))
}
