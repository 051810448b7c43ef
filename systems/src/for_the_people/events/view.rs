//! The view an event script receives: the state as the playing seat may see it (FtP 3.2: the
//! map, markers and discards are open; hands are secret, the opponent's is a count; the deck
//! order is hidden). Ids are the content ids (`richmond`, `lee`, `army_of_the_potomac`).
//!
//! The view is made on demand (making all of it cost more than the rest of a random
//! game): scripts get a lazy input (`bivouac_engine::lua::LazyInput`), whose fields, and each
//! space's fields, are made only when a script reads them; the supply traces (FtP 9) are made
//! once per call, when first read. `FtP::event_view` makes all of it, the same values.

use super::super::FtP;
use super::super::content::{CardNo, Chooser, Control, LinkKind, Side, StateSide};
use super::super::rules::other;
use super::super::weapons::Weapon;
use super::super::state::{DECK, DISCARD, GenAt, HAND, REMOVED, State};
use bivouac_engine::lua::{Input, LazyInput, Scalar};
use bivouac_engine::map::graph::SpaceId;
use serde_json::{Map, Value, json};
use std::borrow::Cow;
use super::super::state::Sp;
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

fn control(c: Control) -> &'static str {
    match c {
        Control::Neutral => "neutral",
        Control::Of(s) => s.name(),
    }
}

fn origin(s: StateSide) -> &'static str {
    match s {
        StateSide::Union => "union",
        StateSide::Csa => "csa",
        StateSide::Border => "border",
    }
}

/// What every part of one call's view reads: the rules, the state, the seat and card, the
/// script's inputs so far, and the per-call caches.
struct Cx<'a> {
    g: &'a FtP,
    st: &'a State,
    side: Side,
    card: CardNo,
    inputs: Value,
    supplied: OnceCell<[Vec<bool>; 2]>,
    rail_ok: OnceCell<bool>,
    /// The open BR ports (FtP 10.5.2), made once per call when a space's `br_open` is first read.
    br_open: OnceCell<Vec<bool>>,
    /// Every field made, with its value, when asked (`FtP::event_call_read`).
    reads: Option<RefCell<Vec<(Read, Field)>>>,
}

/// The value of a field that depends on the state, made without JSON where it is small (a
/// script walking the spaces reads hundreds of them); what the memo records and compares.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Field {
    Nil,
    Bool(bool),
    Int(i64),
    Str(&'static str),
    /// `{"union": .., "csa": ..}`
    Sides([i64; 2]),
    BoolSides([bool; 2]),
    /// A list of spaces, given by name (a space's `rail`, `b_and_o`).
    Spaces(Vec<Sp>),
    /// An entry of `view.generals`: where the general (by content index) is.
    General(u8, GeneralAt),
    Json(Value),
}

/// What a general's entry in `view.generals` depends on in the state; the rest is content.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct GeneralAt {
    at: GenAt,
    /// The space the entry names (the army's, the moving force's), if any.
    space: Option<Sp>,
    cavalry: bool,
}

impl Field {
    fn input<'a>(self, g: &'a FtP) -> Input<'a> {
        let sides = |u, c| Input::Pair([("union", u), ("csa", c)]);
        match self {
            Field::Nil => Input::Nil,
            Field::Bool(b) => Input::Bool(b),
            Field::Int(i) => Input::Int(i),
            Field::Str(s) => Input::Str(s),
            Field::Sides([u, c]) => sides(Scalar::Int(u), Scalar::Int(c)),
            Field::BoolSides([u, c]) => sides(Scalar::Bool(u), Scalar::Bool(c)),
            Field::Spaces(list) => spaces_input(g, list),
            Field::General(i, at) => general_input(g, i, at),
            Field::Json(v) => Input::Json(v),
        }
    }
}

/// A list of spaces, by name.
fn spaces_input(g: &FtP, list: Vec<Sp>) -> Input<'_> {
    Input::List(list.into_iter().map(|s| Input::Str(g.c.map.name(SpaceId(s)))).collect())
}

/// The fields of the spaces that depend on the content only (`SPACE_STATIC`), made once per
/// rules object (`FtP::view_static`): a view borrows them.
pub(crate) struct ViewStatic {
    /// Per space, per field of `SPACE` (null for the fields made per call).
    spaces: Vec<Vec<Value>>,
    /// The spaces in the order of their ids (a walk of `view.spaces`).
    order: Vec<SpaceId>,
    /// The generals (content indexes) in the order of their ids.
    generals: Vec<u8>,
    /// `view.state_spaces`: per state id, its spaces' ids, sorted.
    state_spaces: Value,
}

/// A field of the view: a top-level field, a space's field (indexes into `TOP`, `SPACE`), one
/// side's list in `view.occupied` or its answer in `view.has_infantry` (by `Side::index`) or
/// one entry of `view.generals` (by content index). Every other part of the view (its keys, the spaces' keys, the generals' keys)
/// depends on the content only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Read {
    Top(u8),
    Space(Sp, u8),
    Occupied(u8),
    HasInfantry(u8),
    General(u8),
}

impl<'a> Cx<'a> {
    fn new(g: &'a FtP, st: &'a State, side: Side, card: CardNo, inputs: Value, track: bool) -> Self {
        Cx { g, st, side, card, inputs, supplied: OnceCell::new(), rail_ok: OnceCell::new(), br_open: OnceCell::new(), reads: track.then(RefCell::default) }
    }

    /// The value of field `r`, recorded if asked.
    fn value(&self, r: Read) -> Field {
        let v = match r {
            Read::Top(i) => top_field(self, TOP[i as usize]),
            Read::Space(x, i) => space_value(self, SpaceId(x), SPACE[i as usize]),
            Read::Occupied(i) => Field::Spaces(self.g.view_occupied(self.st, SIDES[i as usize])),
            Read::HasInfantry(i) => Field::Bool(self.g.view_has_infantry(self.st, SIDES[i as usize])),
            Read::General(i) => Field::General(i, self.g.general_at(self.st, i)),
        };
        if let Some(reads) = &self.reads {
            reads.borrow_mut().push((r, v.clone()));
        }
        v
    }
}

/// The top level of the view (see `content/README.md` for every field).
struct Top<'a>(Rc<Cx<'a>>);

/// Sorted, as a JSON object's keys (a script walking the view fills its table in this order).
const TOP: [&str; 39] = [
    "amphibious", "armies", "blockade", "blockade_effect", "card", "cavalry_spaces", "chooser", "concentration_original_csa", "controlled", "deck_count", "discard", "edition", "elite", "emancipation", "enemy", "flags", "forts", "general_spaces", "generals",
    "hand", "hand_count", "has_infantry", "in_force", "inputs", "moving", "occupied", "removed", "retake_only", "season", "side", "spaces", "special_generals", "state_spaces", "states", "sw", "turn", "weapons",
    "wilsons_raid", "year",
];

/// `view.spaces`: one lazy object per space, each a part (`Input::Part`, numbered by its
/// `SpaceId`) whose fields this object makes: no Rust object per space a script reaches.
struct Spaces<'a>(Rc<Cx<'a>>);

const SPACE: [&str; 26] = [
    "adjacent", "b_and_o", "br_open", "capital", "coastal_fort", "control", "fort", "hunley", "infantry", "ironclad", "land", "loose", "name", "original", "pc_ok",
    "port", "pro_union", "rail", "rail_sources", "rail_sources_bo", "resource", "resource_destroyed", "sp", "state", "supplied", "torpedo",
];

/// The fields of `SPACE` that depend on the content only (`ViewStatic`).
const SPACE_STATIC: [&str; 9] = ["adjacent", "coastal_fort", "land", "name", "original", "port", "pro_union", "resource", "state"];

fn keys<'a>(list: &[&'static str]) -> Vec<Cow<'a, str>> {
    list.iter().map(|k| Cow::Borrowed(*k)).collect()
}

/// The index of `key` in `list` (`TOP`, `SPACE`): each entry's length and first byte are
/// compared before its text, so a read costs about one string comparison (a binary search made
/// five: a few percent of a script walking the spaces).
fn field(list: &[&str], key: &str) -> Option<usize> {
    let first = key.as_bytes().first();
    list.iter().position(|k| k.len() == key.len() && k.as_bytes().first() == first && *k == key)
}

impl<'a> LazyInput<'a> for Top<'a> {
    fn keys(&self) -> Vec<Cow<'a, str>> {
        keys(&TOP)
    }

    fn len(&self) -> usize {
        TOP.len()
    }

    fn get(&self, key: &str) -> Option<Input<'a>> {
        match key {
            "spaces" => return Some(Input::Lazy(Box::new(Spaces(Rc::clone(&self.0))))),
            "occupied" => return Some(Input::Lazy(Box::new(BySide(Rc::clone(&self.0), Read::Occupied)))),
            "has_infantry" => return Some(Input::Lazy(Box::new(BySide(Rc::clone(&self.0), Read::HasInfantry)))),
            "generals" => return Some(Input::Lazy(Box::new(Generals(Rc::clone(&self.0))))),
            // Content only: not a read the playable memo records.
            "state_spaces" => return Some(Input::Ref(&self.0.g.view_static().state_spaces)),
            _ => {}
        }
        let i = field(&TOP, key)?;
        Some(self.0.value(Read::Top(i as u8)).input(self.0.g))
    }
}

/// The sides by `Side::index` (the number a per-side `Read` holds).
const SIDES: [Side; 2] = [Side::Union, Side::Csa];

/// A per-side field (`view.occupied`, `view.has_infantry`): each side's value made (and recorded
/// as a read of its own, `read(side index)`) when a script reads it, so a script asking about
/// one side reads nothing of the other.
struct BySide<'a>(Rc<Cx<'a>>, fn(u8) -> Read);

/// The keys of a per-side field, sorted, and the side each stands for.
const BY_SIDE: [(&str, Side); 2] = [("csa", Side::Csa), ("union", Side::Union)];

impl<'a> LazyInput<'a> for BySide<'a> {
    fn keys(&self) -> Vec<Cow<'a, str>> {
        BY_SIDE.iter().map(|(k, _)| Cow::Borrowed(*k)).collect()
    }

    fn get(&self, key: &str) -> Option<Input<'a>> {
        let (_, side) = BY_SIDE.iter().find(|(k, _)| *k == key)?;
        Some(self.0.value(self.1(side.index() as u8)).input(self.0.g))
    }
}

impl<'a> LazyInput<'a> for Spaces<'a> {
    fn keys(&self) -> Vec<Cow<'a, str>> {
        let g = self.0.g;
        g.view_static().order.iter().map(|&s| Cow::Borrowed(g.c.map.name(s))).collect()
    }

    fn len(&self) -> usize {
        self.0.g.c.map.len()
    }

    fn get(&self, key: &str) -> Option<Input<'a>> {
        let s = self.0.g.c.map.id(key)?;
        Some(Input::Part(s.0 as u32))
    }

    /// A space's fields.
    fn part_keys(&self, _space: u32) -> Vec<Cow<'a, str>> {
        keys(&SPACE)
    }

    fn part_len(&self, _space: u32) -> usize {
        SPACE.len()
    }

    /// A script reads a few fields of each space it reaches.
    fn part_room(&self, _space: u32) -> usize {
        8
    }

    fn part_get(&self, space: u32, key: &str) -> Option<Input<'a>> {
        let i = field(&SPACE, key)?;
        let (g, x) = (self.0.g, space as Sp);
        match &g.view_static().spaces[x as usize][i] {
            Value::Null => Some(self.0.value(Read::Space(x, i as u8)).input(g)),
            fixed => Some(Input::Ref(fixed)),
        }
    }
}

/// `view.generals`: one entry per general of the content, made (and recorded as a read of its
/// own) when a script reads it, so a script asking about one general reads nothing of the
/// others (#76 asks where Pope is).
struct Generals<'a>(Rc<Cx<'a>>);

impl<'a> LazyInput<'a> for Generals<'a> {
    fn keys(&self) -> Vec<Cow<'a, str>> {
        let g = self.0.g;
        g.view_static().generals.iter().map(|&i| Cow::Borrowed(g.c.generals[i as usize].id.as_str())).collect()
    }

    fn len(&self) -> usize {
        self.0.st.generals.len()
    }

    fn get(&self, key: &str) -> Option<Input<'a>> {
        let g = self.0.g;
        let order = &g.view_static().generals;
        let i = order[order.binary_search_by(|&i| g.c.generals[i as usize].id.as_str().cmp(key)).ok()?];
        Some(self.0.value(Read::General(i)).input(g))
    }
}

/// The entry of `view.generals` of general `i` (a content index), at `x`.
fn general_input(g: &FtP, i: u8, x: GeneralAt) -> Input<'_> {
    let d = &g.c.generals[i as usize];
    let place = match x.at {
        GenAt::Map(_) => "map",
        GenAt::Army(_) => "army",
        GenAt::Moving => "moving",
        GenAt::Track(_) => "track",
        GenAt::Dead => "dead",
        GenAt::Out => "out",
    };
    let army = match x.at {
        GenAt::Army(a) => Input::Str(g.c.armies[a as usize].id.as_str()),
        _ => Input::Nil,
    };
    let space = x.space.map_or(Input::Nil, |s| Input::Str(g.c.map.name(SpaceId(s))));
    Input::Object(vec![
        ("army", army),
        ("cavalry", Input::Bool(x.cavalry)),
        ("name", Input::Str(d.name.as_str())),
        ("side", Input::Str(d.side.name())),
        ("space", space),
        ("where", Input::Str(place)),
    ])
}

/// A top-level field of the view (not `spaces`): the scalars read most made without JSON.
fn top_field(cx: &Cx, key: &str) -> Field {
    match key {
        "general_spaces" => Field::Spaces(cx.g.view_general_spaces(cx.st, cx.side)),
        "cavalry_spaces" => Field::Spaces(cx.g.view_cavalry_spaces(cx.st, cx.side)),
        "side" => Field::Str(cx.side.name()),
        "enemy" => Field::Str(other(cx.side).name()),
        "turn" => Field::Int(cx.st.turn as i64),
        "card" => Field::Int(cx.card as i64),
        _ => Field::Json(top_value(cx, key)),
    }
}

/// A top-level field of the view (not `spaces`, a lazy object).
fn top_value(cx: &Cx, key: &str) -> Value {
    let (g, st, side) = (cx.g, cx.st, cx.side);
    let cards = |p| st.piles.cards(p).iter().map(|c| c.0 + 1).collect::<Vec<u16>>();
    // `{"union": [ids], "csa": [ids]}`: each side's spaces where `has(side, space)`, sorted by id.
    let by_side = |has: &dyn Fn(Side, Sp) -> bool| {
        let of = |sd: Side| g.view_spaces_where(|x| has(sd, x)).into_iter().map(|x| g.c.map.name(SpaceId(x))).collect::<Vec<_>>();
        json!({"union": of(Side::Union), "csa": of(Side::Csa)})
    };
    let d = g.c.card(cx.card);
    match key {
        "side" => json!(side.name()),
        "enemy" => json!(other(side).name()),
        "turn" => json!(st.turn),
        "year" => json!(g.c.turns[st.turn as usize - 1].year),
        "season" => json!(format!("{:?}", g.c.turns[st.turn as usize - 1].season).to_lowercase()),
        "edition" => json!(g.c.editions[st.edition as usize].id),
        // FtP 5.6.7 (optional): the option `opt-special-generals`; E: the edition's use of
        // Wilson's Raid ("optional_card_16": Italian, with #16; "card_111": Spanish).
        "special_generals" => json!(st.opts.special_generals),
        "wilsons_raid" => json!(g.c.editions[st.edition as usize].wilsons_raid),
        // FtP 4.5.1: the edition's `concentration_original_csa`.
        "concentration_original_csa" => json!(g.c.editions[st.edition as usize].concentration_original_csa),
        "emancipation" => json!(st.emancipation),
        // Each side's spaces (FtP 11.1: control): a script placing SP in its own spaces walks
        // these instead of every space.
        "controlled" => by_side(&|sd, x| st.control(x) == Control::Of(sd)),
        // Each side's fort counters (FtP 6.8): a script keeping SP out of enemy forts (FtP
        // 4.2.7) reads these instead of every space's `fort`.
        "forts" => by_side(&|sd, x| st.fort[x as usize] == Some(sd)),
        "blockade" => json!(st.blockade),
        "amphibious" => json!(st.naval.amphibious),
        "weapons" => json!({
            "ironclads": st.naval.ironclads.len(), "torpedoes": st.naval.torpedoes.len(), "hunley": st.naval.hunley.iter().count(),
            "max": {"ironclads": g.weapon_max(Weapon::Ironclad), "torpedoes": g.weapon_max(Weapon::Torpedo), "hunley": g.weapon_max(Weapon::Hunley)},
        }),
        "sw" => json!({"union": st.sw[0], "csa": st.sw[1]}),
        "in_force" => json!(st.in_force.iter().map(|f| f.card).collect::<Vec<_>>()),
        "hand" => json!(cards(HAND[side.index()])),
        "hand_count" => json!({"union": st.piles.len(HAND[0]), "csa": st.piles.len(HAND[1])}),
        "discard" => json!(cards(DISCARD)),
        "removed" => json!(cards(REMOVED)),
        "deck_count" => json!(st.piles.len(DECK)),
        "moving" => g.view_moving(st),
        // FtP 6.8.2 reading, option `galveston-forts`: nil, or the only coastal fort a
        // `retake_coastal_fort` card may retake.
        "retake_only" => json!(st.opts.retake_only.map(|s| g.c.map.name(SpaceId(s)))),
        // FtP 7.5.1: the armies holding each side's elite units (one entry per unit).
        "elite" => json!({"union": g.elite_ids(st, Side::Union), "csa": g.elite_ids(st, Side::Csa), "max": g.elite_max()}),
        "armies" => g.view_armies(st),
        "states" => g.view_states(st),
        "inputs" => cx.inputs.clone(),
        // FtP 4.2.4: who chooses the SP an event removes (cards.toml `sp_removal_chooser`).
        "chooser" => json!(d.and_then(|d| d.sp_removal_chooser).map(|c| match c {
            Chooser::Union => "union",
            Chooser::Csa => "csa",
            Chooser::Player => side.name(),
        })),
        "card" => json!(cx.card),
        "blockade_effect" => json!(d.and_then(|d| d.blockade).map(|b| format!("{b:?}").to_lowercase())),
        "flags" => json!(d.map(|d| d.flags.clone()).unwrap_or_default()),
        _ => Value::Null,
    }
}


/// A field of space `s` in the view that depends on the content only (`SPACE_STATIC`).
fn space_static(g: &FtP, s: SpaceId, key: &str) -> Value {
    let d = g.c.map.space(s);
    match key {
        "name" => json!(d.name),
        "state" => json!(g.c.states[d.state as usize].id),
        "original" => json!(origin(g.original(s.0))),
        "coastal_fort" => json!(d.coastal_fort),
        "port" => json!(d.port.is_some()),
        "resource" => json!(d.resource),
        "pro_union" => json!(d.pro_union),
        "adjacent" => json!(g.c.map.neighbors(s).map(|(t, _)| g.c.map.name(t)).collect::<Vec<_>>()),
        // Land links (road, rail, B&O, the NE-Alabama dashed links of 5.10), not river lanes.
        "land" => json!(g.c.map.neighbors(s).filter(|(_, l)| !matches!(l.kind, LinkKind::River(_))).map(|(t, _)| g.c.map.name(t)).collect::<Vec<_>>()),
        _ => Value::Null,
    }
}

/// A field of space `s` in the view that depends on the state.
fn space_value(cx: &Cx, s: SpaceId, key: &str) -> Field {
    let (g, st, x) = (cx.g, cx.st, s.0);
    let both = |f: &dyn Fn(Side) -> i64| Field::Sides([f(Side::Union), f(Side::Csa)]);
    let by = |k: LinkKind| Field::Spaces(rail_links(cx, s, k).collect());
    let opt = |v: Option<&'static str>| v.map_or(Field::Nil, Field::Str);
    match key {
        "control" => Field::Str(control(st.control(x))),
        "sp" => both(&|sd| g.strength(st, sd, x) as i64),
        "infantry" => both(&|sd| g.infantry(st, sd, x) as i64),
        "fort" => opt(st.fort[x as usize].map(|f| f.name())),
        "resource_destroyed" => Field::Bool(st.rc_destroyed[x as usize]),
        "capital" => opt(st.capital.iter().position(|&c| c == Some(x)).map(|i| ["union", "csa"][i])),
        "rail" => by(LinkKind::Rail),
        "b_and_o" => by(LinkKind::BAndO),
        // FtP 4.5.1: where the seat's SP may come from by rail (FtP 10.2.4: with the B&O).
        "rail_sources" => Field::Spaces(rail_sources(cx, s, false)),
        "rail_sources_bo" => Field::Spaces(rail_sources(cx, s, true)),
        "loose" => Field::Sides([st.sp[x as usize][0] as i64, st.sp[x as usize][1] as i64]),
        "ironclad" => Field::Bool(st.naval.ironclad(x)),
        "torpedo" => Field::Bool(st.naval.torpedo(x)),
        "hunley" => Field::Bool(st.naval.hunley == Some(x)),
        // FtP 9: supply traced once per call, for both sides, when first read.
        "supplied" => {
            let sup = cx.supplied.get_or_init(|| [g.supplied(st, Side::Union), g.supplied(st, Side::Csa)]);
            Field::BoolSides([sup[0][x as usize], sup[1][x as usize]])
        }
        // FtP 10.5.2: the ports' LOCs traced once per call (and kept per position), not per port.
        "br_open" => Field::Bool(cx.br_open.get_or_init(|| g.br_open_ports(st))[x as usize]),
        "pc_ok" => Field::BoolSides([Side::Union, Side::Csa].map(|sd| g.event_pc_bar(st, None, sd, x).is_none())),
        _ => Field::Nil,
    }
}

/// The links of kind `k` (railroad or B&O) from `s` that the seat may use, in the map's order:
/// none while an event in force forbids its rail moves (`restrict`, e.g. #125).
fn rail_links<'a>(cx: &'a Cx, s: SpaceId, k: LinkKind) -> impl Iterator<Item = Sp> + 'a {
    let (g, st) = (cx.g, cx.st);
    let ok = *cx.rail_ok.get_or_init(|| !g.move_limited(st, cx.side, super::MoveKind::Rail));
    g.c.map.neighbors(s).filter(move |(_, l)| ok && g.link_kind(st, l) == k).map(|(t, _)| t.0)
}

/// FtP 4.5.1: the spaces from which loose SP of the seat may move by rail to `s` through
/// friendly spaces: each holding loose infantry SP of the seat, friendly to it (its control, no
/// enemy SP, no enemy fort) and reached from `s` by rail links through friendly spaces (`s`
/// itself is left out, whatever it holds). They come in the order a breadth-first walk from `s`
/// reaches them, taking each space's railroad links (its `rail`) and then, with `bo` (FtP
/// 10.2.4), its B&O links (its `b_and_o`), each in the order those fields list them: the order
/// the concentration script (075.lua) offers them in.
fn rail_sources(cx: &Cx, s: SpaceId, bo: bool) -> Vec<Sp> {
    let (g, st, side) = (cx.g, cx.st, cx.side);
    let enemy = other(side);
    let friendly = |x: Sp| st.control(x) == Control::Of(side) && g.strength(st, enemy, x) == 0 && st.fort[x as usize] != Some(enemy);
    let kinds: &[LinkKind] = if bo { &[LinkKind::Rail, LinkKind::BAndO] } else { &[LinkKind::Rail] };
    let mut seen = vec![false; g.c.map.len()];
    seen[s.0 as usize] = true;
    let mut queue = vec![s.0];
    let mut i = 0;
    while let Some(&x) = queue.get(i) {
        i += 1;
        for &k in kinds {
            for n in rail_links(cx, SpaceId(x), k) {
                if !std::mem::replace(&mut seen[n as usize], true) && friendly(n) {
                    queue.push(n);
                }
            }
        }
    }
    queue.retain(|&x| x != s.0 && st.sp[x as usize][side.index()] > 0);
    queue
}

/// One view's fields, each made at most once, to check several sets of recorded reads.
pub(super) struct ReadCheck<'a> {
    cx: Cx<'a>,
    /// Hashed with `rustc_hash` (a `Read` is a few small integers, and the standard
    /// SipHash was a fifth of the memo's lookups; its keys come from the content, not from
    /// players, so there is no hash flooding to guard against).
    made: RefCell<HashMap<Read, Field, rustc_hash::FxBuildHasher>>,
}

impl ReadCheck<'_> {
    /// Whether every field in `reads` has the same value in this view.
    pub(super) fn holds(&self, reads: &[(Read, Field)]) -> bool {
        reads.iter().all(|(r, v)| {
            if let Some(x) = self.made.borrow().get(r) {
                return x == v;
            }
            let x = self.cx.value(*r);
            let same = x == *v;
            self.made.borrow_mut().insert(*r, x);
            same
        })
    }
}

impl FtP {
    /// The view for `side` playing `card`, with the script's `inputs` so far, as a lazy input:
    /// each part is made when the script reads it.
    pub(crate) fn event_input<'a>(&'a self, st: &'a State, side: Side, card: CardNo, inputs: Value) -> Input<'a> {
        Input::Lazy(Box::new(Top(Rc::new(Cx::new(self, st, side, card, inputs, false)))))
    }

    /// `call` on the view (no inputs) for `side` playing `card`; also every field the call read,
    /// with its value. The call's answer is a function of those (see `memo`).
    pub(super) fn event_call_read<T>(&self, st: &State, side: Side, card: CardNo, call: impl FnOnce(Input<'_>) -> T) -> (T, Vec<(Read, Field)>) {
        let cx = Rc::new(Cx::new(self, st, side, card, json!([]), true));
        let answer = call(Input::Lazy(Box::new(Top(Rc::clone(&cx)))));
        let reads = cx.reads.as_ref().map(|r| r.take()).unwrap_or_default();
        (answer, reads)
    }

    /// The view for `side` playing `card` in `st`, to check recorded reads against
    /// (`ReadCheck::holds`).
    pub(super) fn read_check<'a>(&'a self, st: &'a State, side: Side, card: CardNo) -> ReadCheck<'a> {
        ReadCheck { cx: Cx::new(self, st, side, card, json!([]), false), made: RefCell::default() }
    }

    /// The whole view for `side` playing `card` before any input (see `content/README.md`):
    /// for tests and benches (play reads it lazily, `event_input`).
    #[cfg(test)]
    pub(crate) fn event_view(&self, st: &State, side: Side, card: CardNo) -> Value {
        bivouac_engine::lua::to_json(self.event_input(st, side, card, json!([])))
    }

    /// The view's fields that depend on the content only, made once per rules object.
    fn view_static(&self) -> &ViewStatic {
        self.view_static.get_or_init(|| {
            let mut order: Vec<SpaceId> = self.c.map.spaces().map(|(s, _, _)| s).collect();
            order.sort_unstable_by_key(|&s| self.c.map.name(s));
            let spaces = (0..self.c.map.len() as Sp)
                .map(|x| SPACE.iter().map(|k| if SPACE_STATIC.contains(k) { space_static(self, SpaceId(x), k) } else { Value::Null }).collect())
                .collect();
            let mut generals: Vec<u8> = (0..self.c.generals.len() as u8).collect();
            generals.sort_unstable_by_key(|&i| self.c.generals[i as usize].id.as_str());
            // FtP 2.3: each state's spaces, in the order of their ids.
            let mut state_spaces: Map<String, Value> = self.c.states.iter().map(|d| (d.id.clone(), json!([]))).collect();
            for &s in &order {
                if let Some(Value::Array(list)) = state_spaces.get_mut(&self.c.states[self.c.map.space(s).state as usize].id) {
                    list.push(json!(self.c.map.name(s)));
                }
            }
            ViewStatic { spaces, order, generals, state_spaces: Value::Object(state_spaces) }
        })
    }

    /// Where general `g` (a content index) is, for `view.generals`.
    fn general_at(&self, st: &State, g: u8) -> GeneralAt {
        let at = st.generals[g as usize];
        let space = match at {
            GenAt::Map(s) => Some(s),
            GenAt::Army(a) => st.armies[a as usize].map(|x| x.space),
            GenAt::Moving => st.moving.as_ref().map(|m| m.at),
            GenAt::Track(_) | GenAt::Dead | GenAt::Out => None,
        };
        GeneralAt { at, space, cavalry: self.is_cav(st, g) }
    }

    /// The spaces holding a general of `side` on the map or with an army (the army's space),
    /// each once, sorted by id: the generals a concentration may activate (FtP 4.5.1), found
    /// without making every entry of `view.generals`.
    fn view_general_spaces(&self, st: &State, side: Side) -> Vec<Sp> {
        self.spaces_of_generals(st, side, |_, at| match at {
            GenAt::Map(s) => Some(s),
            GenAt::Army(a) => st.armies[a as usize].map(|x| x.space),
            _ => None,
        })
    }

    /// The spaces holding a cavalry general of `side` (by the counter in play, FtP 5.6.7 B/D)
    /// on the map, not with an army, each once, sorted by id: where a cavalry raid (#105) may
    /// start, found without making every entry of `view.generals` (making them all
    /// was most of the time of #105's `playable`).
    fn view_cavalry_spaces(&self, st: &State, side: Side) -> Vec<Sp> {
        self.spaces_of_generals(st, side, |g, at| match at {
            GenAt::Map(s) if self.is_cav(st, g) => Some(s),
            _ => None,
        })
    }

    /// The spaces for which `keep` is true, sorted by id (the order `pairs` walks
    /// `view.spaces` in).
    fn view_spaces_where(&self, keep: impl Fn(Sp) -> bool) -> Vec<Sp> {
        self.view_static().order.iter().map(|s| s.0).filter(|&x| keep(x)).collect()
    }

    /// FtP 5.7.1: the spaces where `side` has SP (its `sp` in the view, brigades included, not
    /// the moving force), sorted by id: a script looking for a side's SP (an SP removal, FtP
    /// 4.2.4) walks these instead of every space. The strengths come from the position's table,
    /// made once (opened here if no listing has it open).
    fn view_occupied(&self, st: &State, side: Side) -> Vec<Sp> {
        self.at_position(st, || self.view_spaces_where(|x| self.strength(st, side, x) > 0))
    }

    /// FtP 4.2.4: whether `side` has infantry SP (a space's `infantry` in the view, the army's
    /// included) in one of the spaces of `view.occupied[side]`: whether an SP removal has a
    /// space to take one from, as the Lua walk of `ftp.sp_removal` finds it. One boolean (a
    /// read of its own), so the card's `playable` memo holds while SP move about.
    /// The spaces are walked without making the list: the memo checks this at every position.
    fn view_has_infantry(&self, st: &State, side: Side) -> bool {
        self.at_position(st, || self.view_static().order.iter().any(|s| self.strength(st, side, s.0) > 0 && self.infantry(st, side, s.0) > 0))
    }

    /// The spaces `space(general, where)` gives for the generals of `side`, each once, sorted
    /// by id (the order `pairs` walks `view.spaces` in).
    fn spaces_of_generals(&self, st: &State, side: Side, space: impl Fn(u8, GenAt) -> Option<Sp>) -> Vec<Sp> {
        let mut out: Vec<Sp> = st.generals.iter().enumerate().filter(|&(g, _)| self.c.generals[g].side == side).filter_map(|(g, &at)| space(g as u8, at)).collect();
        out.sort_unstable_by_key(|&s| self.c.map.name(SpaceId(s)));
        out.dedup();
        out
    }

    fn view_armies(&self, st: &State) -> Value {
        let mut armies = Map::new();
        for (a, x) in st.armies.iter().enumerate() {
            if let Some(x) = x {
                let commander = x.commander.map(|g| self.c.generals[g as usize].id.as_str());
                armies.insert(self.c.armies[a].id.clone(), json!({"side": self.c.armies[a].side.name(), "space": self.c.map.name(SpaceId(x.space)), "sp": x.sp, "strength": self.army_strength(st, a as u8), "commander": commander}));
            }
        }
        Value::Object(armies)
    }

    fn view_states(&self, st: &State) -> Value {
        let mut states = Map::new();
        for (i, d) in self.c.states.iter().enumerate() {
            states.insert(d.id.clone(), json!({"name": d.name, "original": origin(d.side), "control": control(st.state_control[i])}));
        }
        Value::Object(states)
    }

    fn view_moving(&self, st: &State) -> Value {
        json!(st.moving.as_ref().map(|m| {
            json!({"side": m.side.name(), "kind": m.kind.name(), "space": self.c.map.name(SpaceId(m.at)), "sp": m.sp, "mp": m.mp,
                   "army": m.army.map(|a| self.c.armies[a as usize].id.as_str()),
                   "generals": m.gens.iter().map(|&g| self.c.generals[g as usize].id.as_str()).collect::<Vec<_>>()})
        }))
    }

    fn elite_ids(&self, st: &State, side: Side) -> Vec<&str> {
        st.elite[side.index()].iter().map(|&a| self.c.armies[a as usize].id.as_str()).collect()
    }
}
