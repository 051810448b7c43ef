//! The view an event script receives: the state as the playing seat may see it (FtP 3.2: the
//! map, markers and discards are open; hands are secret, the opponent's is a count; the deck
//! order is hidden). Ids are the content ids (`richmond`, `lee`, `army_of_the_potomac`).

use super::super::FtP;
use super::super::content::{CardNo, Chooser, Control, LinkKind, Side, StateSide};
use super::super::rules::other;
use super::super::weapons::Weapon;
use super::super::state::{DECK, DISCARD, GenAt, HAND, REMOVED, State};
use bivouac_engine::map::graph::SpaceId;
use serde_json::{Map, Value, json};

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

impl FtP {
    /// The view for `side` playing `card` (see `content/README.md` for every field).
    pub(crate) fn event_view(&self, st: &State, side: Side, card: CardNo) -> Value {
        let td = &self.c.turns[st.turn as usize - 1];
        let cards = |p| st.piles.cards(p).iter().map(|c| c.0 + 1).collect::<Vec<u16>>();
        let mut spaces = Map::new();
        let supplied = [self.supplied(st, Side::Union), self.supplied(st, Side::Csa)];
        // An event in force forbidding `side` rail moves (`restrict`, e.g. #125): no railroad
        // link is usable by it.
        let rail_ok = !self.move_limited(st, side, super::MoveKind::Rail);
        for (s, id, d) in self.c.map.spaces() {
            let x = s.0;
            let sp = |sd: Side| self.strength(st, sd, x);
            let inf = |sd: Side| self.infantry(st, sd, x);
            let adjacent: Vec<&str> = self.c.map.neighbors(s).map(|(t, _)| self.c.map.name(t)).collect();
            let by = |k: LinkKind| -> Vec<&str> { self.c.map.neighbors(s).filter(|(_, l)| rail_ok && self.link_kind_static(l, st.turn) == k).map(|(t, _)| self.c.map.name(t)).collect() };
            spaces.insert(
                id.to_string(),
                json!({
                    "name": d.name,
                    "state": self.c.states[d.state as usize].id,
                    "original": origin(self.original(x)),
                    "control": control(st.control(x)),
                    "sp": {"union": sp(Side::Union), "csa": sp(Side::Csa)},
                    "infantry": {"union": inf(Side::Union), "csa": inf(Side::Csa)},
                    "fort": st.fort[x as usize].map(|f| f.name()),
                    "coastal_fort": d.coastal_fort,
                    "port": d.port.is_some(),
                    "resource": d.resource,
                    "resource_destroyed": st.rc_destroyed[x as usize],
                    "capital": st.capital.iter().position(|&c| c == Some(x)).map(|i| ["union", "csa"][i]),
                    "adjacent": adjacent,
                    "rail": by(LinkKind::Rail),
                    "b_and_o": by(LinkKind::BAndO),
                    "loose": {"union": st.sp[x as usize][0], "csa": st.sp[x as usize][1]},
                    "ironclad": st.naval.ironclad(x),
                    "torpedo": st.naval.torpedo(x),
                    "hunley": st.naval.hunley == Some(x),
                    "pro_union": d.pro_union,
                    "supplied": {"union": supplied[0][x as usize], "csa": supplied[1][x as usize]},
                    "br_open": self.br_open(st, x),
                    "pc_ok": {"union": self.event_pc_ok(st, None, Side::Union, x).is_ok(), "csa": self.event_pc_ok(st, None, Side::Csa, x).is_ok()},
                }),
            );
        }
        let mut generals = Map::new();
        for (g, at) in st.generals.iter().enumerate() {
            let d = &self.c.generals[g];
            let (place, space, army) = match *at {
                GenAt::Map(s) => ("map", Some(self.c.map.name(SpaceId(s))), None),
                GenAt::Army(a) => ("army", st.armies[a as usize].map(|x| self.c.map.name(SpaceId(x.space))), Some(self.c.armies[a as usize].id.as_str())),
                GenAt::Moving => ("moving", st.moving.as_ref().map(|m| self.c.map.name(SpaceId(m.at))), None),
                GenAt::Track(_) => ("track", None, None),
                GenAt::Dead => ("dead", None, None),
                GenAt::Out => ("out", None, None),
            };
            generals.insert(d.id.clone(), json!({"name": d.name, "side": d.side.name(), "cavalry": d.cavalry, "where": place, "space": space, "army": army}));
        }
        let mut armies = Map::new();
        for (a, x) in st.armies.iter().enumerate() {
            if let Some(x) = x {
                let commander = x.commander.map(|g| self.c.generals[g as usize].id.as_str());
                armies.insert(self.c.armies[a].id.clone(), json!({"side": self.c.armies[a].side.name(), "space": self.c.map.name(SpaceId(x.space)), "sp": x.sp, "strength": self.army_strength(st, a as u8), "commander": commander}));
            }
        }
        let mut states = Map::new();
        for (i, d) in self.c.states.iter().enumerate() {
            states.insert(d.id.clone(), json!({"name": d.name, "original": origin(d.side), "control": control(st.state_control[i])}));
        }
        let moving = st.moving.as_ref().map(|m| {
            json!({"side": m.side.name(), "kind": m.kind.name(), "space": self.c.map.name(SpaceId(m.at)), "sp": m.sp, "mp": m.mp,
                   "army": m.army.map(|a| self.c.armies[a as usize].id.as_str()),
                   "generals": m.gens.iter().map(|&g| self.c.generals[g as usize].id.as_str()).collect::<Vec<_>>()})
        });
        let mut view = json!({
            "side": side.name(),
            "enemy": other(side).name(),
            "turn": st.turn,
            "year": td.year,
            "season": format!("{:?}", td.season).to_lowercase(),
            "edition": self.c.editions[st.edition as usize].id,
            "emancipation": st.emancipation,
            "blockade": st.blockade,
            "amphibious": st.naval.amphibious,
            "weapons": {
                "ironclads": st.naval.ironclads.len(), "torpedoes": st.naval.torpedoes.len(), "hunley": st.naval.hunley.iter().count(),
                "max": {"ironclads": self.weapon_max(Weapon::Ironclad), "torpedoes": self.weapon_max(Weapon::Torpedo), "hunley": self.weapon_max(Weapon::Hunley)},
            },
            "sw": {"union": st.sw[0], "csa": st.sw[1]},
            "in_force": st.in_force.iter().map(|f| f.card).collect::<Vec<_>>(),
            "hand": cards(HAND[side.index()]),
            "hand_count": {"union": st.piles.len(HAND[0]), "csa": st.piles.len(HAND[1])},
            "discard": cards(DISCARD),
            "removed": cards(REMOVED),
            "deck_count": st.piles.len(DECK),
            "moving": moving,
            // FtP 6.8.2 [INTERP] option `galveston-forts`: nil, or the only coastal fort a
            // `retake_coastal_fort` card may retake.
            "retake_only": st.opts.retake_only.map(|s| self.c.map.name(SpaceId(s))),
            // FtP 7.5.1: the armies holding each side's elite units (one entry per unit).
            "elite": {"union": self.elite_ids(st, Side::Union), "csa": self.elite_ids(st, Side::Csa), "max": self.elite_max()},
        });
        // Moved in, not through `json!`, which would deep-copy them (a third of the view's cost).
        for (k, v) in [("spaces", spaces), ("generals", generals), ("armies", armies), ("states", states)] {
            view[k] = Value::Object(v);
        }
        self.set_view_card(&mut view, side, card);
        view
    }

    fn elite_ids(&self, st: &State, side: Side) -> Vec<&str> {
        st.elite[side.index()].iter().map(|&a| self.c.armies[a as usize].id.as_str()).collect()
    }

    /// The fields of the view that depend on the card played: `card`, `chooser`,
    /// `blockade_effect`, `flags` (the rest depends on the state and the side only).
    pub(crate) fn set_view_card(&self, view: &mut Value, side: Side, card: CardNo) {
        let d = self.c.card(card);
        // FtP 4.2.4: who chooses the SP an event removes (cards.toml `sp_removal_chooser`).
        let chooser = d.and_then(|d| d.sp_removal_chooser).map(|c| match c {
            Chooser::Union => "union",
            Chooser::Csa => "csa",
            Chooser::Player => side.name(),
        });
        view["card"] = json!(card);
        view["chooser"] = json!(chooser);
        view["blockade_effect"] = json!(d.and_then(|d| d.blockade).map(|b| format!("{b:?}").to_lowercase()));
        view["flags"] = json!(d.map(|d| d.flags.clone()).unwrap_or_default());
    }
}
