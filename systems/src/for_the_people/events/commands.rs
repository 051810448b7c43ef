//! What an event script may do: the commands `play` returns in `{commands = {...}}`, each a
//! one-key table (`{sw = {side = "union", change = -3}}`). Every command is checked against
//! the rules before anything is applied, so a bad command refuses the event with the state
//! untouched; `content/README.md` lists them with the rules they follow.

use super::super::FtP;
use super::super::content::{CardNo, Control, GeneralId, Side, StateSide};
use super::super::rules::other;
use super::super::naval::NavalEvent;
use super::super::state::*;
use super::super::weapons::Weapon;
use bivouac_engine::log::Log;
use bivouac_engine::piles::{CardId, PileId};
use serde::{Deserialize, Serialize};

/// A card whose event stays in force (`in_force` command): until the end of turn `until`
/// (`None`: for the rest of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InForce {
    pub card: CardNo,
    pub until: Option<u8>,
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SideDrm {
    side: String,
    drm: i8,
}

/// A die-roll modifier an event gives one side for its next battle this turn (`battle_drm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleDrm {
    pub side: Side,
    pub drm: i8,
    pub card: CardNo,
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
    BattleDrm(SideDrm),
    LimitMp(u8),
}

/// A checked command, ids resolved.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Cmd {
    Log(String),
    Sw(Side, i16),
    AddSp(Sp, Side, u8),
    RemoveSp(Sp, Side, u8),
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
    BattleDrm(Side, i8),
    LimitMp(u8),
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
                Returned::Sw(x) => Cmd::Sw(side_of(&x.side)?, x.change),
                Returned::AddSp(x) => {
                    let (s, side) = (self.ev_space(&x.space)?, side_of(&x.side)?);
                    // FtP 4.2.7: never in a space occupied by the enemy (SP or fort).
                    if self.enemy_occupied(st, side, s) {
                        return Err(format!("add_sp: {} is occupied by the enemy (FtP 4.2.7)", x.space));
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
                    Cmd::RemoveSp(s, side, x.count)
                }
                Returned::Pc(x) => {
                    let (s, side) = (self.ev_space(&x.space)?, side_of(&x.side)?);
                    if self.strength(st, other(side), s) > 0 {
                        return Err(format!("pc: {} holds enemy SP (FtP 11.3)", x.space));
                    }
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
                    if st.sp[from as usize][side.index()] < x.count || self.enemy_occupied(st, side, to) {
                        return Err(format!("move_sp: not {} loose {} SP at {}, or {} holds the enemy", x.count, x.side, x.from, x.to));
                    }
                    Cmd::MoveSp(from, to, side, x.count)
                }
                Returned::ForwardToRichmond(true) if cx.side == Side::Csa => Cmd::ForwardToRichmond,
                Returned::ForwardToRichmond(_) => return Err("forward_to_richmond: only `true`, played by the CSA (FtP 4.6)".into()),
                Returned::Concentrate(id) => {
                    let s = self.ev_space(&id)?;
                    // FtP 4.5.1 (ES): the concentration space is in a state originally CSA, even
                    // for the Union (#103); a friendly space.
                    if self.original(s) != StateSide::Csa || !st.controls(cx.side, s) {
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
                    // FtP 7.5: a DRM on one side's battle die roll; events give at most +-3.
                    if x.drm == 0 || !(-3..=3).contains(&x.drm) {
                        return Err(format!("battle_drm: drm {} is not -3..=3 without 0", x.drm));
                    }
                    Cmd::BattleDrm(side_of(&x.side)?, x.drm)
                }
                Returned::LimitMp(n) if cx.interrupt && st.moving.is_some() => Cmd::LimitMp(n),
                Returned::LimitMp(_) => return Err("limit_mp: only an interrupt of an enemy move may limit it (FtP 4.2.5)".into()),
            });
        }
        Ok(out)
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
                    st.sp[s as usize][side.index()] += n;
                    st.sp_gained[side.index()] += n as u32;
                    if let Some(a) = self.army_in(st, side, s) {
                        self.absorb(st, side, s, a);
                    }
                    log.info(|| format!("{} +{n} SP at {}", side.name(), self.sname(s)));
                }
                Cmd::RemoveSp(s, side, n) => {
                    if (n as u16) > self.infantry(st, side, s) {
                        return Err(format!("remove_sp: not {n} infantry SP at {} (FtP 4.2.4)", self.sname(s)));
                    }
                    log.info(|| format!("{} -{n} SP at {} (FtP 4.2.4)", side.name(), self.sname(s)));
                    self.lose_in_space(st, side, s, n as u16, log);
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
                Cmd::RemoveFort(s) => st.fort[s as usize] = None,
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
                    for _ in 0..k {
                        if st.piles.is_empty(DECK) {
                            // FtP 3.2: the discards form the new deck.
                            st.piles.reshuffle_into(DISCARD, DECK, &mut st.rng);
                        }
                        if st.piles.move_top(DECK, HAND[side.index()]).is_none() {
                            break;
                        }
                    }
                    log.draw(Some(side.index() as u8), || format!("{} draws {k} card(s)", side.name()));
                }
                Cmd::TakeFromDiscard(side, n) => Self::take_card(st, n, DISCARD, HAND[side.index()])?,
                Cmd::RemoveCard(n) => {
                    let from = st.piles.find(cid(n)).ok_or_else(|| format!("card #{n} is nowhere"))?;
                    Self::take_card(st, n, from, REMOVED)?;
                }
                Cmd::Ops(value) => frames.push(Frame::Ops { side: cx.side, card: cx.card, value }),
                Cmd::Campaign(left) => {
                    // FtP 4.3.2: at most one naval move per campaign.
                    st.naval.campaign_naval = false;
                    frames.push(Frame::Campaign { side: cx.side, left });
                }
                Cmd::Blockade(d) => {
                    // FtP 10.5.3: 0..=5, at most 4 after Foreign Intervention.
                    let fi = st.in_force.iter().any(|f| f.card == super::super::FOREIGN_INTERVENTION);
                    st.blockade = super::super::formulas::blockade_level(&self.formulas, st.blockade, d, fi);
                    log.info(|| format!("blockade level {} (FtP 10.5.3)", st.blockade));
                }
                Cmd::Amphibious(d) => st.naval.amphibious = (st.naval.amphibious as i16 + d as i16).max(0) as u8,
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
                    st.naval.campaign_naval = false;
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
                Cmd::BattleDrm(side, drm) => {
                    // FtP 7.5: kept until that side's next battle this turn (combat.rs).
                    st.battle_drm.push(BattleDrm { side, drm, card: cx.card });
                    log.info(|| format!("{} {drm:+} in its next battle this turn (event #{})", side.name(), cx.card));
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
            st.campaign_used.clear();
            st.campaign_armies.clear();
        }
        for f in frames.into_iter().rev() {
            st.flow.push(f);
        }
        Ok(())
    }

    /// Events in force until the end of a turn end with it (called at the end of every turn),
    /// and so do unused battle DRMs (`battle_drm`).
    pub(crate) fn expire_in_force(&self, st: &mut State) {
        let turn = st.turn;
        st.in_force.retain(|f| f.until.is_none_or(|u| u > turn));
        // Battle DRMs from events last until the end of the turn at most.
        st.battle_drm.clear();
    }

    /// Take a general off an army display, handing command to the next general by political
    /// rating (FtP 5.2.8), before an event moves or removes him.
    fn unseat(&self, st: &mut State, g: GeneralId) {
        if let GenAt::Army(a) = st.generals[g as usize] {
            st.generals[g as usize] = GenAt::Out;
            if st.armies[a as usize].is_some_and(|x| x.commander == Some(g)) {
                let next = self.army_gens(st, a).into_iter().filter(|&x| !self.is_cav(x)).max_by_key(|&x| self.pr(x));
                if let Some(x) = st.armies[a as usize].as_mut() {
                    x.commander = next;
                }
            }
        }
    }
}
