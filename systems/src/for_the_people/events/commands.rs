//! What an event script may do: the commands `play` returns in `{commands = {...}}`, each a
//! one-key table (`{sw = {side = "union", change = -3}}`). Every command is checked against
//! the rules before anything is applied, so a bad command refuses the event with the state
//! untouched; `content/README.md` lists them with the rules they follow.

use super::super::FtP;
use super::super::content::{ArmyId, CardFlag, CardNo, Chooser, Control, GeneralId, Side, StateSide};
use super::super::rules::other;
use super::super::naval::NavalEvent;
use super::super::state::*;
use super::super::weapons::Weapon;
use bivouac_engine::log::Log;
use bivouac_engine::map::graph::SpaceId;
use bivouac_engine::piles::{CardId, PileId};
use serde::{Deserialize, Serialize};

/// The most SW one `sw` command may change (FtP 2.7: each side starts with 100).
const MAX_EVENT_SW: i16 = 100;

/// A card whose event stays in force (`in_force` command): until the end of turn `until`
/// (`None`: for the rest of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InForce {
    pub card: CardNo,
    pub until: Option<u8>,
}

/// A battle DRM an event puts in force (`battle_drm` command): `side` gets `drm` in its
/// battles as `role` (`None`: attacking or defending), in spaces of `states` (empty: anywhere),
/// until the end of turn `until`; with `next`, in the first such battle only (used up by it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleMod {
    pub card: CardNo,
    pub side: Side,
    pub drm: i8,
    pub role: Option<super::super::battle::Role>,
    pub states: Vec<super::super::content::StateId>,
    pub until: u8,
    #[serde(default)]
    pub next: bool,
}

/// A kind of movement an event may forbid (`restrict` command).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveKind {
    /// Naval moves (FtP 6.1-6.5: Union naval moves, army naval moves, CSA river moves).
    Naval,
    /// Movement by rail: the rail movement bonus (FtP 5.9) and strategic movement (FtP 10.2.1).
    Rail,
}

/// A movement limit an event puts in force: `side` may not make `kind` moves until the end of
/// turn `until` (`restrict` command).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveLimit {
    pub card: CardNo,
    pub side: Side,
    pub kind: MoveKind,
    pub until: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Restrict {
    side: String,
    #[serde(rename = "move")]
    kind: String,
    #[serde(default)]
    until_turn: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BattleDrm {
    side: String,
    drm: i8,
    #[serde(default)]
    role: Option<String>,
    #[serde(default)]
    states: Vec<String>,
    #[serde(default)]
    until_turn: Option<u8>,
    #[serde(default)]
    next: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SpaceSide {
    space: String,
    side: String,
    #[serde(default = "one")]
    count: u8,
}

fn one() -> u8 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SideChange {
    side: String,
    change: i16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SideCard {
    side: String,
    card: CardNo,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SideCount {
    side: String,
    #[serde(default = "one")]
    count: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GeneralSpace {
    general: String,
    space: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GeneralTurns {
    general: String,
    #[serde(default = "one")]
    turns: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoveSp {
    from: String,
    to: String,
    side: String,
    #[serde(default = "one")]
    count: u8,
    /// The SP move by rail (a concentration, FtP 4.5.1): refused under a rail restriction.
    #[serde(default)]
    rail: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct WeaponAt {
    kind: String,
    space: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Until {
    until_turn: Option<u8>,
}

/// One command as a script returns it.
#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(super) enum Returned {
    Log(String),
    Sw(SideChange),
    AddSp(SpaceSide),
    RemoveSp(SpaceSide),
    Pc(SpaceSide),
    RemovePc(String),
    Fort(SpaceSide),
    RemoveFort(String),
    PlaceGeneral(GeneralSpace),
    GeneralToTrack(GeneralTurns),
    RemoveGeneral(String),
    Discard(SideCard),
    DiscardRandom(SideCount),
    Draw(SideCount),
    TakeFromDiscard(SideCard),
    RemoveCard(CardNo),
    Ops(u8),
    Campaign(u8),
    Blockade(i8),
    Amphibious(i8),
    Emancipation(bool),
    InForce(Until),
    EndInForce(CardNo),
    CancelMove(bool),
    MoveSp(MoveSp),
    PlayAgain(bool),
    ForwardToRichmond(bool),
    Concentrate(String),
    Weapon(WeaponAt),
    RemoveIronclad(String),
    NavalMove(String),
    BattleDrm(BattleDrm),
    Restrict(Restrict),
    LimitMp(u8),
    Elite(String),
}

/// A checked command, ids resolved.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Cmd {
    Log(String),
    Sw(Side, i16),
    AddSp(Sp, Side, u8),
    /// Space, whose SP, how many, who picks them (FtP 4.2.4).
    RemoveSp(Sp, Side, u8, Side),
    Pc(Sp, Side),
    RemovePc(Sp),
    Fort(Sp, Side),
    RemoveFort(Sp),
    PlaceGeneral(GeneralId, Sp),
    GeneralToTrack(GeneralId, u8),
    RemoveGeneral(GeneralId),
    Discard(Side, CardNo),
    DiscardRandom(Side, u8),
    Draw(Side, u8),
    TakeFromDiscard(Side, CardNo),
    RemoveCard(CardNo),
    Ops(u8),
    Campaign(u8),
    Blockade(i8),
    Amphibious(i8),
    Emancipation,
    InForce(Option<u8>),
    EndInForce(CardNo),
    CancelMove,
    MoveSp(Sp, Sp, Side, u8),
    PlayAgain,
    ForwardToRichmond,
    Concentrate(Sp),
    Weapon(Weapon, Sp),
    RemoveIronclad(Sp),
    NavalMove(NavalEvent),
    BattleDrm(BattleMod),
    Restrict(MoveLimit),
    LimitMp(u8),
    Elite(ArmyId),
}

/// Who plays the event, and whether it interrupts an enemy move (FtP 4.2.5).
#[derive(Clone, Copy, Debug)]
pub(super) struct Ctx {
    pub side: Side,
    pub card: CardNo,
    pub interrupt: bool,
}

fn side_of(s: &str) -> Result<Side, String> {
    match s {
        "union" => Ok(Side::Union),
        "csa" => Ok(Side::Csa),
        _ => Err(format!("`{s}` is not a side (union or csa)")),
    }
}

fn cid(n: CardNo) -> CardId {
    CardId(n as u16 - 1)
}

impl FtP {
    fn ev_space(&self, id: &str) -> Result<Sp, String> {
        self.c.space(id).map(|s| s.0).ok_or_else(|| format!("no space `{id}`"))
    }
    fn ev_general(&self, id: &str) -> Result<GeneralId, String> {
        self.c.general(id).ok_or_else(|| format!("no general `{id}`"))
    }
    fn ev_card(&self, n: CardNo) -> Result<CardNo, String> {
        self.c.card(n).map(|d| d.number).ok_or_else(|| format!("no card #{n}"))
    }

    /// Resolve and check every command against the state before any is applied. Checks that
    /// depend on earlier commands of the same list are made again when applying.
    pub(super) fn check_commands(&self, st: &State, cx: Ctx, list: Vec<Returned>) -> Result<Vec<Cmd>, String> {
        let mut out = Vec::new();
        for r in list {
            out.push(match r {
                Returned::Log(t) => Cmd::Log(t),
                Returned::Sw(x) => {
                    // FtP 2.7: SW starts at 100 a side; no event moves it by more than that.
                    if !(-MAX_EVENT_SW..=MAX_EVENT_SW).contains(&x.change) {
                        return Err(format!("sw: change {} is beyond -{MAX_EVENT_SW}..={MAX_EVENT_SW} (SW starts at 100, FtP 2.7)", x.change));
                    }
                    Cmd::Sw(side_of(&x.side)?, x.change)
                }
                Returned::AddSp(x) => {
                    let (s, side) = (self.ev_space(&x.space)?, side_of(&x.side)?);
                    // FtP 4.2.7: never in a space occupied by the enemy (SP or fort).
                    if self.enemy_occupied(st, side, s) {
                        return Err(format!("add_sp: {} is occupied by the enemy (FtP 4.2.7)", x.space));
                    }
                    if self.barred_reinforcement(cx, side, s) {
                        return Err(format!("add_sp: {} is pro-Union: Confederate reinforcements by card never go there (FtP 10.4.3)", x.space));
                    }
                    Cmd::AddSp(s, side, x.count)
                }
                Returned::RemoveSp(x) => {
                    let (s, side) = (self.ev_space(&x.space)?, side_of(&x.side)?);
                    // FtP 4.2.4: events remove infantry SP only.
                    let inf = self.infantry(st, side, s);
                    if (x.count as u16) > inf {
                        return Err(format!("remove_sp: {} has {inf} {} infantry SP, not {} (FtP 4.2.4)", x.space, x.side, x.count));
                    }
                    // FtP 4.2.4: the card names who chooses (cards.toml `sp_removal_chooser`);
                    // a card naming nobody: its player.
                    let chooser = match self.c.card(cx.card).and_then(|d| d.sp_removal_chooser) {
                        Some(Chooser::Union) => Side::Union,
                        Some(Chooser::Csa) => Side::Csa,
                        Some(Chooser::Player) | None => cx.side,
                    };
                    Cmd::RemoveSp(s, side, x.count, chooser)
                }
                Returned::Pc(x) => {
                    let (s, side) = (self.ev_space(&x.space)?, side_of(&x.side)?);
                    // FtP 11.3, 11.3 D, 6.8.2.
                    self.event_pc_ok(st, Some(cx.card), side, s)?;
                    Cmd::Pc(s, side)
                }
                Returned::RemovePc(id) => Cmd::RemovePc(self.ev_space(&id)?),
                Returned::Fort(x) => {
                    let (s, side) = (self.ev_space(&x.space)?, side_of(&x.side)?);
                    if self.has_fort(st, s) || self.enemy_occupied(st, side, s) {
                        return Err(format!("fort: {} already has a fort or holds the enemy (FtP 6.8.6)", x.space));
                    }
                    Cmd::Fort(s, side)
                }
                Returned::RemoveFort(id) => Cmd::RemoveFort(self.ev_space(&id)?),
                Returned::PlaceGeneral(x) => {
                    let (g, s) = (self.ev_general(&x.general)?, self.ev_space(&x.space)?);
                    if matches!(st.generals[g as usize], GenAt::Moving) || self.enemy_occupied(st, self.gen_side(g), s) {
                        return Err(format!("place_general: {} cannot go to {} (moving, or an enemy space)", x.general, x.space));
                    }
                    // FtP 5.5: a cavalry general is a brigade with its own SP, not a leader to place.
                    if self.is_cav(st, g) {
                        return Err(format!("place_general: {} is a cavalry brigade (FtP 5.5), not a general to place", x.general));
                    }
                    Cmd::PlaceGeneral(g, s)
                }
                Returned::GeneralToTrack(x) => Cmd::GeneralToTrack(self.ev_general(&x.general)?, x.turns.max(1)),
                Returned::RemoveGeneral(id) => Cmd::RemoveGeneral(self.ev_general(&id)?),
                Returned::Discard(x) => Cmd::Discard(side_of(&x.side)?, self.ev_card(x.card)?),
                Returned::DiscardRandom(x) => Cmd::DiscardRandom(side_of(&x.side)?, x.count),
                Returned::Draw(x) => Cmd::Draw(side_of(&x.side)?, x.count),
                Returned::TakeFromDiscard(x) => Cmd::TakeFromDiscard(side_of(&x.side)?, self.ev_card(x.card)?),
                Returned::RemoveCard(n) => Cmd::RemoveCard(self.ev_card(n)?),
                Returned::Ops(v) if (1..=3).contains(&v) => Cmd::Ops(v),
                Returned::Ops(v) => return Err(format!("ops: {v} is not an OP value 1..=3 (FtP 4.1)")),
                Returned::Campaign(n) if (1..=3).contains(&n) => Cmd::Campaign(n),
                Returned::Campaign(n) => return Err(format!("campaign: {n} moves; 1 to 3 (FtP 4.3.1)")),
                Returned::Blockade(d) => Cmd::Blockade(d),
                Returned::Amphibious(d) => Cmd::Amphibious(d),
                Returned::Emancipation(true) => Cmd::Emancipation,
                Returned::Emancipation(false) => return Err("emancipation = false: the Proclamation cannot be revoked (FtP 4.4.1)".into()),
                Returned::InForce(u) => Cmd::InForce(u.until_turn),
                Returned::EndInForce(n) => Cmd::EndInForce(self.ev_card(n)?),
                Returned::CancelMove(false) => return Err("cancel_move = false: leave the command out".into()),
                Returned::CancelMove(true) if cx.interrupt && st.moving.is_some() => Cmd::CancelMove,
                Returned::MoveSp(x) => {
                    let (from, to, side) = (self.ev_space(&x.from)?, self.ev_space(&x.to)?, side_of(&x.side)?);
                    // An event in force forbids this side rail moves (`restrict`, e.g. #125).
                    if x.rail && self.move_limited(st, side, MoveKind::Rail) {
                        return Err(format!("move_sp: {} may not move by rail this turn (an event in force, FtP 4.2)", x.side));
                    }
                    if st.sp[from as usize][side.index()] < x.count || self.enemy_occupied(st, side, to) {
                        return Err(format!("move_sp: not {} loose {} SP at {}, or {} holds the enemy", x.count, x.side, x.from, x.to));
                    }
                    Cmd::MoveSp(from, to, side, x.count)
                }
                Returned::ForwardToRichmond(true) if cx.side == Side::Csa => Cmd::ForwardToRichmond,
                Returned::ForwardToRichmond(_) => return Err("forward_to_richmond: only `true`, played by the CSA (FtP 4.6)".into()),
                Returned::Concentrate(id) => {
                    let s = self.ev_space(&id)?;
                    // FtP 4.5.1 (ES, the edition's `concentration_original_csa`): the
                    // concentration space is in a state originally CSA, even for the Union
                    // (#103); a friendly space.
                    let original_ok = !self.c.editions[st.edition as usize].concentration_original_csa || self.original(s) == StateSide::Csa;
                    if !original_ok || !st.controls(cx.side, s) {
                        return Err(format!("concentrate: {id} is not a friendly space of an originally Confederate state (FtP 4.5.1)"));
                    }
                    Cmd::Concentrate(s)
                }
                Returned::Weapon(x) => {
                    let w = match x.kind.as_str() {
                        "ironclad" => Weapon::Ironclad,
                        "torpedo" => Weapon::Torpedo,
                        "hunley" => Weapon::Hunley,
                        k => return Err(format!("weapon: `{k}` is not a naval weapon (ironclad, torpedo or hunley)")),
                    };
                    let s = self.ev_space(&x.space)?;
                    // FtP 6.7: a CSA-controlled port or coastal fort, one of a kind per space, the caps.
                    self.weapon_placeable(st, w, s).map_err(|r| format!("weapon: {r}"))?;
                    Cmd::Weapon(w, s)
                }
                Returned::RemoveIronclad(id) => {
                    let s = self.ev_space(&id)?;
                    if !st.naval.ironclad(s) {
                        return Err(format!("remove_ironclad: there is no CSA ironclad at {id} (FtP 6.7)"));
                    }
                    Cmd::RemoveIronclad(s)
                }
                Returned::NavalMove(e) => {
                    let e = match e.as_str() {
                        "foote" => NavalEvent::Foote,
                        "porter" => NavalEvent::Porter,
                        "farragut" => NavalEvent::Farragut,
                        k => return Err(format!("naval_move: `{k}` is not a naval event (foote, porter or farragut)")),
                    };
                    // FtP 6.1: only the Union moves by sea under these events.
                    if cx.side != Side::Union || cx.interrupt {
                        return Err("naval_move: only the Union, on its own round (FtP 6.1)".into());
                    }
                    Cmd::NavalMove(e)
                }
                Returned::PlayAgain(true) if !cx.interrupt => Cmd::PlayAgain,
                Returned::PlayAgain(_) => return Err("play_again: only `play_again = true`, and not from an interrupt".into()),
                Returned::CancelMove(true) => return Err("cancel_move: only an interrupt of an enemy move may cancel it (FtP 4.2.5)".into()),
                Returned::BattleDrm(x) => {
                    use super::super::battle::Role;
                    let role = match x.role.as_deref() {
                        None | Some("any") => None,
                        Some("attacker") => Some(Role::Attacker),
                        Some("defender") => Some(Role::Defender),
                        Some(r) => return Err(format!("battle_drm: `{r}` is not a role (attacker, defender or any)")),
                    };
                    if x.drm == 0 || x.drm.abs() > 3 {
                        return Err(format!("battle_drm: drm {} must be -3..=3 and not 0 (FtP 7.5)", x.drm));
                    }
                    let states = x.states.iter().map(|s| self.c.state(s).map(|i| i as super::super::content::StateId).ok_or_else(|| format!("battle_drm: no state `{s}`"))).collect::<Result<Vec<_>, _>>()?;
                    let until = x.until_turn.unwrap_or(st.turn);
                    if until < st.turn {
                        return Err(format!("battle_drm: until_turn {until} is before this turn"));
                    }
                    Cmd::BattleDrm(BattleMod { card: cx.card, side: side_of(&x.side)?, drm: x.drm, role, states, until, next: x.next })
                }
                Returned::Restrict(x) => {
                    let kind = match x.kind.as_str() {
                        "naval" => MoveKind::Naval,
                        "rail" => MoveKind::Rail,
                        k => return Err(format!("restrict: `{k}` is not a kind of move (naval or rail)")),
                    };
                    let until = x.until_turn.unwrap_or(st.turn);
                    if until < st.turn {
                        return Err(format!("restrict: until_turn {until} is before this turn"));
                    }
                    Cmd::Restrict(MoveLimit { card: cx.card, side: side_of(&x.side)?, kind, until })
                }
                Returned::LimitMp(n) if cx.interrupt && st.moving.is_some() => Cmd::LimitMp(n),
                Returned::LimitMp(_) => return Err("limit_mp: only an interrupt of an enemy move may limit it (FtP 4.2.5)".into()),
                Returned::Elite(id) => {
                    let a = self.c.army(&id).ok_or_else(|| format!("elite: no army `{id}`"))?;
                    // FtP 7.5.1: one of the playing side's armies, at most 2 elite units in play.
                    self.elite_placeable(st, cx.side, a).map_err(|r| format!("elite: {r}"))?;
                    Cmd::Elite(a)
                }
            });
        }
        Ok(out)
    }

    /// FtP 10.4.3 (ES: "Los refuerzos (tanto si llegan en la fase de refuerzos como por efecto
    /// de una carta) no se pueden colocar en espacios favorables a la Union"): Confederate SP an
    /// event places never go to a pro-Union space, except by a card flagged
    /// `pro_union_reinforcements` (#80 Southern Religious Revival).
    fn barred_reinforcement(&self, cx: Ctx, side: Side, s: Sp) -> bool {
        side == Side::Csa
            && self.c.map.space(SpaceId(s)).pro_union
            && !self.c.card(cx.card).is_some_and(|d| d.has(CardFlag::ProUnionReinforcements))
    }

    fn take_card(st: &mut State, n: CardNo, from: PileId, to: PileId) -> Result<(), String> {
        st.piles.move_card(cid(n), from, to).map(|_| ()).map_err(|e| format!("card #{n}: {e}"))
    }

    /// Apply checked commands in order. Frames they open (OPs, a campaign) run after the event,
    /// in the order listed.
    pub(super) fn apply_commands(&self, st: &mut State, cx: Ctx, cmds: &[Cmd], log: &mut Log) -> Result<(), String> {
        let mut frames = Vec::new();
        for c in cmds {
            match *c {
                Cmd::Log(ref t) => log.info(|| t.clone()),
                Cmd::Sw(side, d) => self.add_sw(st, side, d, log, &format!("event #{}", cx.card)),
                Cmd::AddSp(s, side, n) => {
                    if self.enemy_occupied(st, side, s) {
                        return Err(format!("add_sp: {} is occupied by the enemy (FtP 4.2.7)", self.sname(s)));
                    }
                    if self.barred_reinforcement(cx, side, s) {
                        return Err(format!("add_sp: {} is pro-Union: Confederate reinforcements by card never go there (FtP 10.4.3)", self.sname(s)));
                    }
                    let here = &mut st.sp[s as usize][side.index()];
                    // FtP 4.2.7 sets no limit; a side's SP in one space is held in a byte.
                    *here = here.checked_add(n).ok_or_else(|| format!("add_sp: {} would hold more than {} {} SP", self.sname(s), u8::MAX, side.name()))?;
                    st.sp_gained[side.index()] = st.sp_gained[side.index()].saturating_add(n as u32);
                    if let Some(a) = self.army_in(st, side, s) {
                        self.absorb(st, side, s, a);
                    }
                    log.info(|| format!("{} +{n} SP at {}", side.name(), self.sname(s)));
                }
                Cmd::RemoveSp(s, side, n, chooser) => {
                    // Earlier removals of this event at `s` still waiting for the owner's choice.
                    let pending: u16 = st.space_losses.iter().filter(|l| (l.0, l.1) == (side, s)).map(|l| l.2 as u16).sum();
                    if (n as u16) + pending > self.infantry(st, side, s) {
                        return Err(format!("remove_sp: not {n} infantry SP at {} (FtP 4.2.4)", self.sname(s)));
                    }
                    log.info(|| format!("{} -{n} SP at {} (FtP 4.2.4)", side.name(), self.sname(s)));
                    // FtP 4.2.4: infantry only; the card's chooser picks loose or army SP.
                    self.space_losses(st, side, s, n as u16, LossCause::Event { chooser }, log);
                }
                Cmd::Pc(s, side) => self.place_pc(st, side, s, log),
                Cmd::RemovePc(s) => {
                    // Glossary "Control político": without a PC a space reverts to its
                    // original control; a border-state space becomes neutral.
                    st.control[s as usize] = match self.original(s) {
                        StateSide::Union => Control::Of(Side::Union),
                        StateSide::Csa => Control::Of(Side::Csa),
                        StateSide::Border => Control::Neutral,
                    };
                    log.info(|| format!("PC removed at {}", self.sname(s)));
                }
                Cmd::Fort(s, side) => {
                    st.fort[s as usize] = Some(side);
                    log.info(|| format!("{} fort at {}", side.name(), self.sname(s)));
                }
                Cmd::RemoveFort(s) => self.fort_eliminated(st, s, log),
                Cmd::PlaceGeneral(g, s) => {
                    self.unseat(st, g);
                    self.put_general(st, g, s);
                    log.info(|| format!("{} goes to {}", self.c.generals[g as usize].name, self.sname(s)));
                }
                Cmd::GeneralToTrack(g, t) => {
                    self.unseat(st, g);
                    st.generals[g as usize] = GenAt::Track(st.turn + t);
                }
                Cmd::RemoveGeneral(g) => {
                    self.unseat(st, g);
                    st.generals[g as usize] = GenAt::Dead;
                }
                Cmd::Discard(side, n) => {
                    Self::take_card(st, n, HAND[side.index()], DISCARD)?;
                    log.reveal(|| format!("{} discards #{n}", side.name()));
                    self.special_discarded(st, side, n, log)?;
                }
                Cmd::DiscardRandom(side, k) => {
                    for _ in 0..k {
                        let hand = st.piles.cards(HAND[side.index()]).to_vec();
                        if hand.is_empty() {
                            break;
                        }
                        let c = hand[st.rng.pick(hand.len())];
                        Self::take_card(st, c.0 as CardNo + 1, HAND[side.index()], DISCARD)?;
                        log.reveal(|| format!("{} discards #{} at random", side.name(), c.0 + 1));
                        self.special_discarded(st, side, c.0 as CardNo + 1, log)?;
                    }
                }
                Cmd::Draw(side, k) => {
                    // FtP 3.2: the deck reshuffled when it runs out.
                    Self::draw_cards(st, side, k as usize, log);
                    log.draw(Some(side.index() as u8), || format!("{} draws {k} card(s)", side.name()));
                }
                Cmd::TakeFromDiscard(side, n) => Self::take_card(st, n, DISCARD, HAND[side.index()])?,
                Cmd::RemoveCard(n) => {
                    let from = st.piles.find(cid(n)).ok_or_else(|| format!("card #{n} is nowhere"))?;
                    Self::take_card(st, n, from, REMOVED)?;
                }
                Cmd::Ops(value) => frames.push(Frame::Ops { side: cx.side, card: cx.card, value }),
                Cmd::Campaign(left) => {
                    // FtP 4.3.2, 15: at most one naval move per campaign, no 1863 one-per-state
                    // limit (the records of any campaign under way are set aside below,
                    // `save_campaign`).
                    frames.push(Frame::Campaign { side: cx.side, left });
                }
                Cmd::Blockade(d) => {
                    // FtP 10.5.3: 0..=5, at most 4 after Foreign Intervention.
                    let fi = st.in_force.iter().any(|f| f.card == super::super::FOREIGN_INTERVENTION);
                    st.blockade = super::super::formulas::blockade_level(&self.formulas, st.blockade, d, fi);
                    log.info(|| format!("blockade level {} (FtP 10.5.3)", st.blockade));
                }
                Cmd::Amphibious(d) => st.naval.amphibious = (st.naval.amphibious as i16 + d as i16).clamp(0, u8::MAX as i16) as u8,
                Cmd::Emancipation => st.emancipation = true,
                Cmd::InForce(until) => {
                    st.in_force.retain(|f| f.card != cx.card);
                    st.in_force.push(InForce { card: cx.card, until });
                }
                Cmd::EndInForce(n) => st.in_force.retain(|f| f.card != n),
                Cmd::MoveSp(from, to, side, n) => {
                    if st.sp[from as usize][side.index()] < n || self.enemy_occupied(st, side, to) {
                        return Err(format!("move_sp: not {n} loose SP at {}, or {} holds the enemy", self.sname(from), self.sname(to)));
                    }
                    if st.sp[to as usize][side.index()].checked_add(n).is_none() {
                        return Err(format!("move_sp: {} would hold more than {} {} SP", self.sname(to), u8::MAX, side.name()));
                    }
                    st.sp[from as usize][side.index()] -= n;
                    st.sp[to as usize][side.index()] += n;
                    if let Some(a) = self.army_in(st, side, to) {
                        self.absorb(st, side, to, a);
                    }
                    self.orphan_generals(st, side, from);
                    log.info(|| format!("{} moves {n} SP from {} to {}", side.name(), self.sname(from), self.sname(to)));
                }
                // The playing side also plays the next round (the event does not use up its turn).
                Cmd::PlayAgain => st.next = cx.side,
                Cmd::ForwardToRichmond => self.forward_take(st, log),
                Cmd::Concentrate(s) => {
                    // FtP 4.5.2: then a general in the space is activated (one move).
                    st.concentration = Some(s);
                    frames.push(Frame::Campaign { side: cx.side, left: 1 });
                    log.info(|| format!("{} concentrates at {} (FtP 4.5)", cx.side.name(), self.sname(s)));
                }
                Cmd::Weapon(w, s) => self.place_weapon(st, w, s, log).map_err(|r| format!("weapon: {r}"))?,
                Cmd::RemoveIronclad(s) => self.remove_ironclad(st, s, log).map_err(|r| format!("remove_ironclad: {r}"))?,
                Cmd::NavalMove(e) => {
                    // FtP 6.1, 6.3.1, 6.4.1: one naval move of the Union under the event's
                    // bonuses, on any card value; the Ops frame then offers naval moves only.
                    st.naval.event = Some(e);
                    frames.push(Frame::Ops { side: cx.side, card: cx.card, value: 3 });
                }
                Cmd::BattleDrm(ref m) => {
                    let which = if m.next { "its next battle" } else { "battles" };
                    log.info(|| format!("{} {:+} in {which} until the end of turn {} (event #{})", m.side.name(), m.drm, m.until, m.card));
                    st.battle_mods.push(m.clone());
                }
                Cmd::Restrict(l) => {
                    log.info(|| format!("{}: no {:?} moves until the end of turn {} (event #{})", l.side.name(), l.kind, l.until, l.card).to_lowercase());
                    st.move_limits.push(l);
                }
                Cmd::Elite(a) => {
                    self.elite_placeable(st, cx.side, a).map_err(|r| format!("elite: {r}"))?;
                    self.place_elite(st, cx.side, a, log);
                }
                Cmd::LimitMp(n) => {
                    // FtP 4.2.5: the interrupted force moves on with at most n MP.
                    if let Some(m) = st.moving.as_mut() {
                        m.mp = m.mp.min(n);
                    }
                    log.info(|| format!("the moving force has at most {n} MP (FtP 4.2.5)"));
                }
                Cmd::CancelMove => {
                    // FtP 4.2.5: the interrupted force does not move.
                    log.info(|| "the move is cancelled (FtP 4.2.5)".into());
                    self.end_move(st, log);
                }
            }
        }
        if !frames.is_empty() {
            // FtP 4.3.1: the event's frames start with no campaign records; those of a campaign
            // under way (an interrupted one, 4.2.5) come back when the frames are done.
            self.save_campaign(st);
        }
        for f in frames.into_iter().rev() {
            st.flow.push(f);
        }
        Ok(())
    }

    /// The battle DRMs events give the attacker and the defender of a battle `att_side` fights
    /// in `s` (`battle_drm` command; FtP 4.2).
    pub(crate) fn event_drms(&self, st: &State, att_side: Side, s: Sp) -> [i8; 2] {
        let mut out = [0i8; 2];
        for m in &st.battle_mods {
            if let Some(role) = self.event_drm_role(m, att_side, s) {
                out[role as usize] += m.drm;
            }
        }
        out
    }

    /// The battle DRMs given for one battle only (`next`) that the battle `att_side` fights
    /// in `s` uses up (FtP 7.5).
    pub(crate) fn spend_event_drms(&self, st: &mut State, att_side: Side, s: Sp) {
        let mods = std::mem::take(&mut st.battle_mods);
        st.battle_mods = mods.into_iter().filter(|m| !(m.next && self.event_drm_role(m, att_side, s).is_some())).collect();
    }

    /// Whether `m` applies to a battle `att_side` fights in `s`: for the attacker (0) or the
    /// defender (1).
    fn event_drm_role(&self, m: &BattleMod, att_side: Side, s: Sp) -> Option<u8> {
        use super::super::battle::Role;
        let state = self.state_of(s) as super::super::content::StateId;
        let role = if m.side == att_side { Role::Attacker } else { Role::Defender };
        (m.role.is_none_or(|r| r == role) && (m.states.is_empty() || m.states.contains(&state))).then_some((role == Role::Defender) as u8)
    }

    /// An event in force forbids `side` this kind of move (`restrict` command).
    pub(crate) fn move_limited(&self, st: &State, side: Side, kind: MoveKind) -> bool {
        st.move_limits.iter().any(|l| l.side == side && l.kind == kind)
    }

    /// Events in force until the end of a turn end with it (called at the end of every turn).
    pub(crate) fn expire_in_force(&self, st: &mut State) {
        let turn = st.turn;
        st.in_force.retain(|f| f.until.is_none_or(|u| u > turn));
        st.battle_mods.retain(|m| m.until > turn);
        st.move_limits.retain(|m| m.until > turn);
    }

    /// Take a general off an army display, handing command to the next general by political
    /// rating (FtP 5.2.8), before an event moves or removes him.
    fn unseat(&self, st: &mut State, g: GeneralId) {
        if let GenAt::Army(a) = st.generals[g as usize] {
            st.generals[g as usize] = GenAt::Out;
            if st.armies[a as usize].is_some_and(|x| x.commander == Some(g)) {
                let next = self.army_gens(st, a).into_iter().filter(|&x| !self.is_cav(st, x)).max_by_key(|&x| self.pr(x));
                if let Some(x) = st.armies[a as usize].as_mut() {
                    x.commander = next;
                }
            }
        }
    }
}

impl FtP {
    /// Whether card `card`'s event may place a `side` PC in `s`: never where the enemy has SP
    /// (FtP 11.3); FtP 6.8.2: the CSA never retakes a Union coastal fort, except by an event
    /// flagged `retake_coastal_fort` (#115 Battle of Galveston); FtP 11.3 D: an event PC never
    /// destroys a resource center, displaces a national capital, captures a coastal fort
    /// (directly or by converting its port) or destroys a fort counter, except by an event
    /// flagged `pc_capture` (#59, #111 in the ES rules; #61 by FtP 6.8.5). `card` `None`: with
    /// no card's exception (what the view shows scripts as `pc_ok`).
    pub(crate) fn event_pc_ok(&self, st: &State, card: Option<CardNo>, side: Side, s: Sp) -> Result<(), String> {
        let name = self.sname(s);
        match self.event_pc_bar(st, card, side, s) {
            None => Ok(()),
            Some(PcBar::EnemySp) => Err(format!("pc: {name} holds enemy SP (FtP 11.3)")),
            Some(PcBar::CoastalFort) => Err(format!("pc: the CSA cannot retake the coastal fort {name} (FtP 6.8.2)")),
            Some(PcBar::May(what)) => Err(format!("pc: an event PC at {name} may not {what} (FtP 11.3 D)")),
        }
    }

    /// What bars an event PC (`event_pc_ok`), without making its message (the view's `pc_ok`).
    pub(crate) fn event_pc_bar(&self, st: &State, card: Option<CardNo>, side: Side, s: Sp) -> Option<PcBar> {
        let e = other(side);
        if self.strength(st, e, s) > 0 {
            return Some(PcBar::EnemySp);
        }
        let flag = |f| card.and_then(|n| self.c.card(n)).is_some_and(|d| d.has(f));
        let d = self.c.map.space(SpaceId(s));
        // FtP 6.8.2 reading, option `galveston-forts`: the card retakes any coastal fort, or
        // (the ES sentence read as one exception) Fort Monroe only.
        let retake = flag(CardFlag::RetakeCoastalFort) && st.opts.retake_only.is_none_or(|only| only == s);
        if side == Side::Csa && d.coastal_fort && st.controls(Side::Union, s) && !retake {
            return Some(PcBar::CoastalFort);
        }
        if flag(CardFlag::PcCapture) || st.control(s) == Control::Of(side) {
            return None;
        }
        let rc = side == Side::Union && d.resource > 0 && !st.rc_destroyed[s as usize] && self.original(s) == StateSide::Csa;
        // FtP 5.6.7 E (Italian, optional): Wilson's Raid places PCs on CSA resource spaces
        // without forts (never displacing a capital).
        if rc && card.is_some_and(|c| self.wilsons_raid(st, c)) && !self.has_fort(st, s) && st.capital[e.index()] != Some(s) {
            return None;
        }
        let capital = st.capital[e.index()] == Some(s);
        let fort = side == Side::Union && d.coastal_fort && st.controls(Side::Csa, s);
        let port = side == Side::Union && d.guarded_by.is_some_and(|f| self.csa_coastal_fort(st, f.0) && self.strength(st, Side::Csa, f.0) == 0);
        let counter = st.fort[s as usize] == Some(e);
        let what = if rc {
            "destroy a resource center"
        } else if capital {
            "displace a national capital"
        } else if fort || port {
            "capture a coastal fort"
        } else if counter {
            "destroy a fort counter"
        } else {
            return None;
        };
        Some(PcBar::May(what))
    }
}

/// Why an event PC may not go to a space (`FtP::event_pc_bar`).
pub(crate) enum PcBar {
    /// FtP 11.3: the enemy has SP there.
    EnemySp,
    /// FtP 6.8.2: the CSA never retakes a Union coastal fort (but by a card that says so).
    CoastalFort,
    /// FtP 11.3 D: the PC would do this.
    May(&'static str),
}
