//! Battles in the game: the glue between the state and the pure battle module (`battle.rs`):
//! the two forces, retreat before battle (FtP 7.2), the battle (7.3-7.8) and its aftermath,
//! leader casualties (7.7) and retreats (7.6).

use super::FtP;
use super::battle::{self, BattleRules, Field, Force, ForceKind, RetreatBeforeBattle, RetreatMap, Role};
use super::choices::Aftermath;
use super::content::{Control, GeneralId, LinkKind, Side};
use super::rules::other;
use super::state::*;
use bivouac_engine::log::Log;
use bivouac_engine::map::graph::SpaceId;

/// The map facts retreats need, for one side (FtP 7.6).
struct Facts<'a> {
    g: &'a FtP,
    st: &'a State,
    loc: Vec<bool>,
    unc: super::unc::Unc,
}

impl RetreatMap for Facts<'_> {
    fn neighbors(&self, from: SpaceId) -> Vec<SpaceId> {
        // Retreats follow roads and railroads; never the NE-Alabama dashed links (FtP 5.10).
        let mut v: Vec<SpaceId> = self.g.c.map.neighbors(from).filter(|(_, l)| matches!(l.kind, LinkKind::Road | LinkKind::Rail)).map(|(t, _)| t).collect();
        v.sort();
        v.dedup();
        v
    }
    fn controller(&self, s: SpaceId) -> Option<Side> {
        match self.st.control(s.0) {
            Control::Of(x) => Some(x),
            Control::Neutral => None,
        }
    }
    fn enemy_pc(&self, s: SpaceId, side: Side) -> bool {
        self.st.control(s.0) == Control::Of(other(side))
    }
    fn enemy_sp(&self, s: SpaceId, side: Side) -> bool {
        self.g.strength(self.st, other(side), s.0) > 0
    }
    fn enemy_fort(&self, s: SpaceId, side: Side) -> bool {
        self.st.fort[s.index()] == Some(other(side)) || self.g.enemy_coastal_fort(self.st, side, s.0)
    }
    fn loc(&self, s: SpaceId, _side: Side) -> bool {
        self.loc[s.index()]
    }
    fn crosses_unc_river(&self, from: SpaceId, to: SpaceId) -> bool {
        // FtP 6.5.1, 7.6: the CSA never crosses a river under UNC (unc.rs).
        !self.g.may_cross(self.st, &self.unc, Side::Csa, from.0, to.0)
    }
    fn naval_retreats(&self, from: SpaceId) -> Vec<SpaceId> {
        // FtP 7.6.2: by sea to a Union port (naval.rs).
        self.g.naval_retreat_ports(self.st, from.0, &self.loc)
    }
}

impl FtP {
    fn battle_rules(&self, st: &State) -> BattleRules {
        BattleRules { table: self.battle_table.clone(), options: st.opts.battle }
    }

    fn facts<'a>(&'a self, st: &'a State, side: Side) -> Facts<'a> {
        Facts { g: self, st, loc: self.supplied(st, side), unc: self.unc(st) }
    }

    /// The defending force in `s` (FtP 7.4.1: an army's commander; else the general with the
    /// highest political rating, by our reading the first listed on a tie).
    pub(super) fn defender_force(&self, st: &State, side: Side, s: Sp) -> Force {
        let sp = self.strength(st, side, s) as u8;
        let loose: Vec<GeneralId> = self.gens_at(st, side, s).collect();
        let mut f = match self.army_in(st, side, s) {
            Some(a) => {
                let cmd = st.armies[a as usize].and_then(|x| x.commander);
                let others: Vec<GeneralId> = self.army_gens(st, a).into_iter().chain(loose.iter().copied()).filter(|&g| Some(g) != cmd).collect();
                Force::new(side, ForceKind::Army, sp, cmd, &others).with_cavalry(|g| self.is_cav(st, g))
            }
            None => {
                let infantry = loose.iter().any(|&g| !self.is_cav(st, g));
                let kind = if infantry {
                    ForceKind::Corps
                } else if loose.len() == 1 && self.infantry(st, side, s) == 0 {
                    ForceKind::CavalryBrigade
                } else {
                    ForceKind::Division
                };
                // FtP 5.3.1: the owner breaks a tie (choices.rs).
                let cands = battle::defending_commander_candidates(&self.c, &loose);
                let cmd = self.chosen_lead(st, side, s).or(cands.first().copied());
                let others: Vec<GeneralId> = loose.iter().copied().filter(|&g| Some(g) != cmd).collect();
                Force::new(side, kind, sp, cmd, &others).with_cavalry(|g| self.is_cav(st, g))
            }
        };
        // FtP 8.4.2 (Italian edition): an army or corps supplied through the Valley, in battle too.
        let valley = side == Side::Csa && matches!(f.kind, ForceKind::Army | ForceKind::Corps) && self.valley_reach(st, true).is_some_and(|r| r[s as usize]);
        // FtP 8.3: a cavalry brigade alone and SP in a (friendly) coastal fort suffer no
        // out-of-supply penalty.
        let exempt = f.kind == ForceKind::CavalryBrigade || (self.c.map.space(SpaceId(s)).coastal_fort && !self.enemy_coastal_fort(st, side, s));
        f.out_of_supply = !exempt && !self.supplied(st, side)[s as usize] && !valley;
        // FtP 7.2.2: beaten during this enemy move (ES: not when a higher-rated general who was
        // not beaten now commands the space).
        f.beaten_this_move = match self.army_in(st, side, s) {
            Some(a) => st.beaten_armies.contains(&a),
            None => f.commander.is_some_and(|g| st.beaten.contains(&g)),
        };
        // FtP 5.8.3: a successful interceptor defends with +2 and no retreat before battle.
        f.interceptor = st.moving.as_ref().is_some_and(|m| m.vs_interceptor && m.at == s);
        f
    }

    /// FtP 5.8.1: spaces whose force may try to intercept the enemy entering `to`: adjacent by
    /// road or rail (never a dashed link, 5.10) without a crossing the side may not make (6.5.1),
    /// a force with a general (never a lone general),
    /// an army with a real commander (5.2.8). The entered space must hold no SP or fort of the
    /// moving side (ES 5.8.1 "que no contenga ya alguna UM enemiga o fuerte enemigo",
    /// literal reading); reading, option `interception-target` = `empty`: none of the
    /// interceptor's own either.
    pub(super) fn interceptors(&self, st: &State, side: Side, to: Sp) -> Vec<Sp> {
        let mover = other(side);
        if self.strength(st, mover, to) > 0 || st.fort[to as usize] == Some(mover) {
            return vec![];
        }
        if st.opts.intercept_empty_target && (self.strength(st, side, to) > 0 || st.fort[to as usize] == Some(side)) {
            return vec![];
        }
        let mut out = Vec::new();
        let mut unc = None;
        for (f, l) in self.c.map.neighbors(SpaceId(to)) {
            let f = f.0;
            if !matches!(l.kind, LinkKind::Road | LinkKind::Rail) || out.contains(&f) {
                continue;
            }
            // FtP 6.5.1: the interceptor moves into `to`; the CSA never crosses a river under UNC.
            if l.bar.is_some() && self.river_crossing(st, unc.get_or_insert_with(|| self.unc(st)), side, to, l).is_err() {
                continue;
            }
            if self.may_intercept_from(st, side, f) {
                out.push(f);
            }
        }
        out
    }

    /// FtP 5.8.1: `side` has a force in `f` that may intercept: an army with a real commander
    /// (5.2.8), a corps (a general with SP) or a cavalry brigade, never a lone general.
    fn may_intercept_from(&self, st: &State, side: Side, f: Sp) -> bool {
        let army_ok = self.army_in(st, side, f).is_some_and(|a| st.armies[a as usize].is_some_and(|x| x.commander.is_some()));
        let corps_ok = self.gens_at(st, side, f).any(|g| !self.is_cav(st, g)) && st.sp[f as usize][side.index()] > 0;
        let brigade_ok = self.gens_at(st, side, f).any(|g| self.is_cav(st, g));
        army_ok || corps_ok || brigade_ok
    }

    /// The card in `side`'s hand whose event lets a force intercept from two spaces away
    /// (cards.toml flag `intercept_two`: #102 First Manassas, the example of play of FtP 4.2.5
    /// and 5.8: J. Johnston intercepts from Winchester into Manassas).
    pub(super) fn intercept_two_card(&self, st: &State, side: Side) -> Option<super::content::CardNo> {
        st.piles
            .cards(HAND[side.index()])
            .iter()
            .map(|c| c.0 as super::content::CardNo + 1)
            .find(|&n| self.c.card(n).is_some_and(|d| d.has(super::content::CardFlag::InterceptTwo) && Self::event_side_ok(d.event, side)))
    }

    /// Spaces two spaces from `to` whose force may intercept the enemy entering `to` by playing
    /// the `intercept_two` card (FtP 5.8.1 over two links): road or rail links each way, through
    /// a middle space free of the mover's SP and fort, crossings the side may make (6.5.1); the
    /// spaces adjacent to `to` intercept without the card and are left out. Empty without the
    /// card in hand or when `to` may not be intercepted into at all.
    pub(super) fn far_interceptors(&self, st: &State, side: Side, to: Sp) -> Vec<Sp> {
        if self.intercept_two_card(st, side).is_none() {
            return vec![];
        }
        let mover = other(side);
        if self.strength(st, mover, to) > 0 || st.fort[to as usize] == Some(mover) {
            return vec![];
        }
        if st.opts.intercept_empty_target && (self.strength(st, side, to) > 0 || st.fort[to as usize] == Some(side)) {
            return vec![];
        }
        let near: Vec<Sp> = self.c.map.neighbors(SpaceId(to)).map(|(f, _)| f.0).collect();
        let unc = self.unc(st);
        let ok_link = |at: Sp, l: &super::content::LinkDef| matches!(l.kind, LinkKind::Road | LinkKind::Rail) && (l.bar.is_none() || self.river_crossing(st, &unc, side, at, l).is_ok());
        let mut out = Vec::new();
        for (m, l) in self.c.map.neighbors(SpaceId(to)) {
            let m = m.0;
            if !ok_link(to, l) || self.strength(st, mover, m) > 0 || st.fort[m as usize] == Some(mover) {
                continue;
            }
            for (f, l2) in self.c.map.neighbors(SpaceId(m)) {
                let f = f.0;
                if f == to || near.contains(&f) || out.contains(&f) || !ok_link(m, l2) {
                    continue;
                }
                if self.may_intercept_from(st, side, f) {
                    out.push(f);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// FtP 5.8.1: roll 1d6 <= the commander's defense (-2 to the roll with a cavalry brigade);
    /// on success the force moves into `to` first: an army with its display; a corps with its
    /// commander and up to 6 SP (1 SP stays to keep other generals company, 5.8.1 c); a brigade
    /// alone (5.8.1 e). Into a space its own units hold (option `interception-target`), the
    /// force joins them: a corps or brigade joins an army there (5.3.5); a combined corps is led
    /// by the highest political rating of all its generals (7.4.1: the defender's "general
    /// inactivo con mayor influencia política"; the owner breaks a tie, `defend`). True on success.
    /// `corps`: the commander and SP of an intercepting corps (`corps_intercepts`, 5.8.1 a-c), or
    /// the brigade picked to intercept alone (5.8.1 e, `intercept_actions`).
    pub(super) fn intercept(&self, st: &mut State, side: Side, from: Sp, to: Sp, corps: Option<super::choices::CorpsPick>, log: &mut Log) -> bool {
        if let Some(m) = st.moving.as_mut() {
            m.intercept_tried = true;
        }
        let army = self.army_in(st, side, from).filter(|&a| st.armies[a as usize].is_some_and(|x| x.commander.is_some()));
        let (cmd, cav) = match (army, corps) {
            (Some(a), _) => (st.armies[a as usize].and_then(|x| x.commander), self.army_brigades(st, a) > 0),
            // A corps with a cavalry brigade rolls with -2 (T-INT-1).
            (None, Some((g, _, _))) if !self.is_cav(st, g) => (Some(g), self.gens_at(st, side, from).any(|h| self.is_cav(st, h))),
            // FtP 5.8.1 e): a brigade alone, the owner's pick of several (`intercept_actions`).
            (None, pick) => (pick.map(|c| c.0).or_else(|| self.gens_at(st, side, from).find(|&g| self.is_cav(st, g))), true),
        };
        let Some(cmd) = cmd else { return false };
        // The interceptor's own units already in `to` (option `interception-target`).
        let joining = self.strength(st, side, to) > 0 || self.gens_at(st, side, to).next().is_some();
        let roll = st.rng.roll(6) as i8;
        let modified = roll - if cav { 2 } else { 0 };
        let rating = self.c.generals[cmd as usize].defense as i8;
        let ok = modified <= rating;
        log.roll(|| format!("{} tries to intercept from {}: rolled {roll} (modified {modified}) vs {rating}: {} (FtP 5.8.1)", self.c.generals[cmd as usize].name, self.sname(from), if ok { "success" } else { "failure" }));
        if !ok {
            return false;
        }
        match army {
            Some(a) => {
                if let Some(x) = st.armies[a as usize].as_mut() {
                    x.space = to;
                    // FtP 5.8.1 b): 1 SP may stay in the fort space (`army_intercepts`).
                    if let Some((_, n, _)) = corps.filter(|c| c.1 < x.sp) {
                        st.sp[from as usize][side.index()] += x.sp - n;
                        x.sp = n;
                    }
                }
            }
            None if corps.is_some_and(|c| !self.is_cav(st, c.0)) => {
                let i = side.index();
                let n = corps.map_or(0, |c| c.1);
                st.sp[from as usize][i] -= n;
                st.sp[to as usize][i] += n;
                // FtP 5.8.1 "debe desplazarse toda la fuerza", 5.3.3: the corps' additional general
                // goes along: a brigade (the owner's pick of several) or another general
                // (`corps_intercepts`).
                let extra = corps.and_then(|c| c.2).or_else(|| self.gens_at(st, side, from).find(|&h| self.is_cav(st, h)));
                for g in std::iter::once(cmd).chain(extra) {
                    st.generals[g as usize] = GenAt::Map(to);
                }
                // The chosen commander leads the corps in the battle that follows (5.3.1); joining
                // other generals, 7.4.1 names the combined corps' commander (`defend`).
                st.lead = if joining { None } else { Some((side, to, cmd)) };
            }
            None => st.generals[cmd as usize] = GenAt::Map(to),
        }
        // FtP 5.3.5: a corps or brigade that intercepted into its army's space joins the army.
        if army.is_none()
            && let Some(a) = self.army_in(st, side, to)
        {
            self.absorb(st, side, to, a);
        }
        self.orphan_generals(st, side, from);
        if let Some(m) = st.moving.as_mut() {
            m.vs_interceptor = true;
        }
        true
    }

    /// FtP 5.8.1: the interception from `from` is tried; the mover then enters `to`, except that
    /// an army that intercepted into another army of its side waits for its owner to remove one
    /// of them (5.2.4: "inmediatamente (y antes de eventuales batallas)"; `resume_entry`).
    pub(super) fn intercept_and_enter(&self, st: &mut State, side: Side, from: Sp, to: Sp, corps: Option<super::choices::CorpsPick>, log: &mut Log) {
        if self.intercept(st, side, from, to, corps, log) && self.armies_in(st, side, to).len() > 1 {
            st.flow.push(Frame::TwoArmies { side, space: to });
            return;
        }
        self.step(st, to, log);
    }

    /// FtP 5.2.4, 5.8.1: after one of two armies in `space` was removed, a mover held up by an
    /// interceptor there (`vs_interceptor`, not yet in `space`) enters it and the battle follows.
    pub(super) fn resume_entry(&self, st: &mut State, space: Sp, log: &mut Log) {
        if st.moving.as_ref().is_some_and(|m| m.vs_interceptor && m.at != space) {
            self.step(st, space, log);
        }
    }

    fn attacker_force(&self, st: &State) -> Force {
        let m = st.moving.as_ref().expect("moving");
        let sp = self.moving_strength(st, m) as u8;
        let mut f = match m.army {
            Some(a) => {
                let cmd = st.armies[a as usize].and_then(|x| x.commander);
                let others: Vec<GeneralId> = self.army_gens(st, a).into_iter().filter(|&g| Some(g) != cmd).collect();
                Force::new(m.side, ForceKind::Army, sp, cmd, &others).with_cavalry(|g| self.is_cav(st, g))
            }
            None => {
                let kind = match m.kind {
                    Formation::Corps => ForceKind::Corps,
                    Formation::Brigade => ForceKind::CavalryBrigade,
                    _ => ForceKind::Division,
                };
                Force::new(m.side, kind, sp, m.gens.first().copied(), m.gens.get(1..).unwrap_or(&[])).with_cavalry(|g| self.is_cav(st, g))
            }
        };
        // FtP 8.3: the attacker's LOC is traced from the space it attacked from, through it: that
        // space must itself lie on a LOC (friendly or neutral, T-LOC-2), not merely be supplied.
        let valley = m.side == Side::Csa && matches!(m.kind, Formation::Army | Formation::Corps) && self.valley_reach(st, true).is_some_and(|r| r[m.prev as usize]);
        // FtP 8.3: a cavalry brigade moving alone suffers no out-of-supply penalty.
        f.out_of_supply = f.kind != ForceKind::CavalryBrigade && !self.loc_through(st, m.side)[m.prev as usize] && !valley;
        f
    }

    /// FtP 7.2.1-7.2.3: may `side`'s defending force in `s` retreat before battle, and how.
    /// A reading, option `brigades-alone-retreat` = `automatic`: cavalry brigades alone (several,
    /// no infantry SP; one alone is 7.2.1's) retreat automatically, as one brigade does; by
    /// default they are neither 7.2.1's brigade nor 7.2.3's force and may not.
    pub(super) fn defender_rbb(&self, st: &State, side: Side, s: Sp) -> RetreatBeforeBattle {
        let def = self.defender_force(st, side, s);
        let brigades_alone = def.kind == ForceKind::Division && !def.cavalry.is_empty() && self.infantry(st, side, s) == 0;
        if st.opts.brigades_retreat_automatic && brigades_alone && !def.interceptor {
            return RetreatBeforeBattle::Automatic(battle::AutoRetreat::LoneCavalry);
        }
        battle::retreat_before_battle(&self.c, &self.battle_table, &def)
    }

    /// FtP 7.2: offer the defender a retreat before battle when the rules allow one.
    pub(super) fn offer_retreat_before_battle(&self, st: &mut State, s: Sp, log: &mut Log) {
        let e = other(st.moving.as_ref().expect("moving").side);
        match self.defender_rbb(st, e, s) {
            RetreatBeforeBattle::NotAllowed => self.fight(st, s, log),
            _ => st.flow.push(Frame::Rbb { side: e, from: s }),
        }
    }

    /// FtP 7.2.3, 7.2.4: the defender tries; on success it retreats, else the battle is fought.
    pub(super) fn try_retreat_before_battle(&self, st: &mut State, s: Sp, log: &mut Log) {
        let m = st.moving.as_ref().expect("moving");
        let (e, origin) = (other(m.side), m.prev);
        let rbb = self.defender_rbb(st, e, s);
        let ok = match battle::roll_retreat_before_battle(rbb, &mut st.rng) {
            Some(r) => {
                log.roll(|| format!("retreat before battle: rolled {} (modified {}): {} (FtP 7.2.3)", r.roll, r.modified, if r.success { "success" } else { "failure" }));
                r.success
            }
            None => true,
        };
        let dests: Vec<Sp> = if ok { battle::retreat_before_battle_destinations(&self.facts(st, e), e, SpaceId(s), SpaceId(origin)).into_iter().map(|c| c.space.0).collect() } else { Vec::new() };
        match dests.len() {
            // FtP 7.2.4: no space or a failed roll: the battle is fought.
            0 => self.fight(st, s, log),
            1 => {
                self.retreat_defender(st, e, s, dests[0], log);
                self.after_retreat_before_battle(st, s, log);
            }
            _ => st.flow.push(Frame::Retreat { side: e, from: s, not: origin, chooser: e, before: true }),
        }
    }

    /// The defender left before battle: the mover holds the space and may go on (FtP 7.2).
    pub(super) fn after_retreat_before_battle(&self, st: &mut State, s: Sp, log: &mut Log) {
        st.lead = None;
        let side = st.moving.as_ref().expect("moving").side;
        // FtP 6.8.1 (option `fort-garrison-beaten`): a fort its garrison left.
        self.fort_taken_by_land(st, s, log);
        self.enter_capital(st, side, s, log);
    }

    /// Where the defender may retreat now: the best level of FtP 7.6.1 (or any destination of
    /// 7.2.4 for a retreat before battle).
    pub(super) fn retreat_choices(&self, st: &State, side: Side, from: Sp, not: Sp, before: bool) -> Vec<Sp> {
        let f = self.facts(st, side);
        if before {
            return battle::retreat_before_battle_destinations(&f, side, SpaceId(from), SpaceId(not)).into_iter().map(|c| c.space.0).collect();
        }
        battle::defender_retreats(&st.opts.battle, &f, side, SpaceId(from), SpaceId(not)).best().iter().map(|c| c.space.0).collect()
    }

    /// FtP 7.3: fight the battle in `s` between the moving force and the defender.
    pub(super) fn fight(&self, st: &mut State, s: Sp, log: &mut Log) {
        // FtP 5.7.2: the defender stayed against 10:1 or more: no battle.
        if self.overrun(st, s, log) {
            return;
        }
        let m = st.moving.clone().expect("moving");
        let side = m.side;
        let e = other(side);
        // FtP 7.5.1: the owners of elite units in the battle decide whether to use them.
        if self.ask_elite(st, side, s) {
            return;
        }
        let mut att = self.attacker_force(st);
        let mut def = self.defender_force(st, e, s);
        let elite_armies = self.commit_elite(st, s, &mut att, &mut def);
        let d = self.c.map.space(SpaceId(s));
        let field = Field {
            fort: self.defender_fort(st, side, s),
            resource_center: d.resource > 0,
            capital: d.national_capital.is_some() || d.union_state_capital,
            amphibious: self.amphibious_at(st, s),
            // FtP 7.7.3: the move a concentration event activated (ordered.rs).
            concentration_event: matches!(m.order, MoveOrder::Attack | MoveOrder::Attacked),
            event_drm: self.event_drms(st, side, s),
            rules_drm: 0,
        };
        let field = Field { rules_drm: self.hooked_battle_drm(st, s, &att, &def, field.fort, field.amphibious.is_some(), log), ..field };
        // FtP 4.2, 7.5: an event's DRM for one battle only is used up by it.
        self.spend_event_drms(st, side, s);
        let rules = self.battle_rules(st);
        // FtP 20: a queued general in the battle breaks his operations queue.
        self.queue_battle(st, [&att, &def], log);
        let r = battle::resolve(&self.c, &rules, &att, &def, &field, &mut st.rng);
        let generals = |f: &battle::Force| f.commander.into_iter().chain(f.others.iter().copied()).collect();
        st.last_battle = Some(Box::new(LastBattle { space: s, round: st.rounds, attacker: side, generals: [generals(&att), generals(&def)], report: r.clone() }));
        self.note_battle(st, (r.winner == Role::Attacker) == (side == Side::Union), r.size != battle::BattleSize::Small);
        if let Some(m) = st.moving.as_mut() {
            m.vs_interceptor = false;
        }
        log.roll(|| {
            format!(
                "battle at {} ({:?}): attacker {} SP rolls {}{:+}, defender {} SP rolls {}{:+}; attacker loses {}, defender loses {}; {} wins ({}, {})",
                self.sname(s),
                r.size,
                r.attacker.sp_before,
                r.attacker.roll,
                r.attacker.drm_total,
                r.defender.sp_before,
                r.defender.roll,
                r.defender.drm_total,
                r.attacker.sp_lost,
                r.defender.sp_lost,
                if r.winner == Role::Attacker { side.name() } else { e.name() },
                r.win_rule.rule(),
                r.aftermath.rule()
            )
        });
        // FtP 7.7: leader casualties; FtP 5.5.4: a dead cavalry general's SP counts toward
        // one SP of his side's battle losses (the owner's option, always taken; `kill_general`).
        // FtP 7.5.1, 7.8.2: an elite unit used and 2+ SP lost: one is eliminated.
        for (rep, f, a) in [(&r.attacker, &att, elite_armies[0]), (&r.defender, &def, elite_armies[1])] {
            if rep.elite_lost {
                self.lose_elite(st, f.side, a, log);
            }
        }
        let mut lost = [r.attacker.sp_lost as u16, r.defender.sp_lost as u16];
        for (i, (rep, is_att)) in [(&r.attacker, true), (&r.defender, false)].into_iter().enumerate() {
            if let Some(k) = rep.leader_check.as_ref().and_then(|c| c.killed) {
                self.kill_general(st, k, is_att, &mut lost[i], log);
            }
        }
        // FtP 6.3.2: a force that ran the guns (or passed a fort with Farragut) and lost the
        // assault at its destination returns home and loses 1 SP more, its owner picking which.
        if r.winner != Role::Attacker && self.ran_guns_to(st, s) {
            log.info(|| "the force ran the guns and was repulsed: 1 extra SP lost (FtP 6.3.2)".to_string());
            lost[0] += 1;
        }
        st.aftermath = Some(Aftermath {
            space: s,
            attacker: side,
            lost,
            retreating: r.retreating,
            holder: r.holder,
            may_continue: r.attacker_may_continue,
            large: r.size == battle::BattleSize::Large,
            attacker_won: r.winner == Role::Attacker,
        });
        // FtP 5.5.4: the losses, the owner choosing between cavalry and infantry (choices.rs).
        self.take_losses(st, log);
    }

    /// The battle's losses are taken: Strategic Will and retreats (FtP 12.3, 7.6).
    pub(super) fn finish_battle(&self, st: &mut State, am: Aftermath, log: &mut Log) {
        let (side, s) = (am.attacker, am.space);
        let e = other(side);
        st.lead = None;
        // FtP 12.3: a large battle: winner +3, loser -5.
        if am.large {
            let (w, l) = if am.attacker_won { (side, e) } else { (e, side) };
            let sw = self.formulas.sw.large_battle;
            self.add_sw(st, w, sw.winner as i16, log, "FtP 12.3 large battle won");
            self.add_sw(st, l, sw.loser as i16, log, "FtP 12.3 large battle lost");
        }
        if am.attacker_won {
            self.mark_beaten(st, e, s);
        }
        // FtP 5.6.1: an army that lost a large battle (the relief penalty is halved).
        if am.large {
            let loser = if am.attacker_won { self.army_in(st, e, s) } else { st.moving.as_ref().and_then(|m| m.army) };
            if let Some(a) = loser {
                self.mark_large_loss(st, a);
            }
        }
        let may_continue = am.may_continue;
        match am.retreating {
            Some(Role::Attacker) => self.attacker_retreat(st, log),
            Some(Role::Defender) => {
                if let Some(m) = st.moving.as_mut() {
                    m.halted = !may_continue;
                }
                let origin = st.moving.as_ref().map(|m| m.prev).unwrap_or(s);
                self.defender_retreat(st, e, s, origin, log);
            }
            None => match am.holder {
                Some(Role::Attacker) => {
                    if let Some(m) = st.moving.as_mut() {
                        m.halted = !may_continue;
                    }
                    if self.strength(st, e, s) > 0 {
                        self.eliminate_space(st, e, s, log);
                    }
                    self.after_defender_retreat(st, s, log);
                }
                _ => {
                    // The defender holds: a wiped-out attacker is gone; survivors go back.
                    if st.moving.is_some() {
                        self.attacker_retreat(st, log);
                    }
                }
            },
        }
    }

    /// FtP 7.6.1: the beaten defender retreats (a choice when several spaces tie).
    fn defender_retreat(&self, st: &mut State, side: Side, from: Sp, origin: Sp, log: &mut Log) {
        if self.strength(st, side, from) == 0 {
            self.eliminate_space(st, side, from, log);
            self.after_defender_retreat(st, from, log);
            return;
        }
        let f = self.facts(st, side);
        let o = battle::defender_retreats(&st.opts.battle, &f, side, SpaceId(from), SpaceId(origin));
        let best: Vec<Sp> = o.best().iter().map(|c| c.space.0).collect();
        let chooser = if o.chooser == Role::Attacker { other(side) } else { side };
        match best.len() {
            0 => {
                // FtP 7.6.3: no legal retreat: surrender.
                log.info(|| format!("{} cannot retreat from {} and surrenders (FtP 7.6.3)", side.name(), self.sname(from)));
                self.eliminate_space(st, side, from, log);
                self.after_defender_retreat(st, from, log);
            }
            1 => {
                self.retreat_defender(st, side, from, best[0], log);
                self.after_defender_retreat(st, from, log);
            }
            _ => st.flow.push(Frame::Retreat { side, from, not: origin, chooser, before: false }),
        }
    }

    /// The attacker holds the battle space (FtP 7.3.2, 11.2.2, 6.8.1).
    pub(super) fn after_defender_retreat(&self, st: &mut State, s: Sp, log: &mut Log) {
        if let Some(side) = st.moving.as_ref().map(|m| m.side) {
            self.fort_taken_by_land(st, s, log);
            self.enter_capital(st, side, s, log);
        }
    }

    /// FtP 6.8.1 reading, option `fort-garrison-beaten` = `taken`: the enemy fort in `s`, left
    /// without garrison by a retreat or a battle, is entered by the land force holding `s`: a
    /// counter is eliminated (12.11 SW for a CSA fort, `fort_eliminated`), a coastal fort
    /// captured with a PC (12.11, `place_pc`). Not after a naval move (6.8.1 "no con
    /// desplazamiento naval"; an amphibious assault ends in `naval_end_move`).
    pub(super) fn fort_taken_by_land(&self, st: &mut State, s: Sp, log: &mut Log) {
        if !st.opts.fort_taken_at_once || st.naval.voyage.is_some() {
            return;
        }
        let Some(m) = st.moving.as_ref() else { return };
        let (side, e) = (m.side, other(m.side));
        if m.at != s || self.moving_strength(st, m) == 0 || self.strength(st, e, s) > 0 {
            return;
        }
        if st.fort[s as usize] == Some(e) {
            log.info(|| format!("the {} fort at {} is entered by land without its garrison and eliminated (FtP 6.8.1)", e.name(), self.sname(s)));
            self.fort_eliminated(st, s, log);
        }
        if self.enemy_coastal_fort(st, side, s) {
            log.info(|| format!("the coastal fort at {} is entered by land without its garrison and captured (FtP 6.8.1)", self.sname(s)));
            self.place_pc(st, side, s, log);
        }
    }

    /// FtP 5.5.4: the brigade (`sp` SP) of a cavalry general killed in a battle whose side
    /// still has `battle_loss` SP to lose. The brigade leaves the map (its SP count as lost
    /// here; the SP that returns counts as gained when placed, 10.1).
    /// * The owner may use the brigade's SP for 1 SP of the battle's losses (taken whenever
    ///   there is a loss to take (a reading of an unclear rule): it never costs the owner more). 5.6.7 C, D: a 2-SP
    ///   brigade "destroyed in combat" reading, option `strong-brigade-killed`: one SP counts
    ///   (`one-loss`: 5.5.4 names "la UM asociada", one) or both (`two-losses`).
    /// * "Se coloca 1 UM en el marcador de turnos": 1 SP goes to the turn track and returns in
    ///   the next Reinforcement Phase. reading, option `cavalry-death-sp`: that SP is the
    ///   brigade's own, so an SP used for a battle loss does not also go to the track
    ///   (`track-unless-loss`), or the track SP comes whatever the loss (`track-and-loss`).
    ///   Never more than 1 SP goes to the track (a 2-SP brigade's other SP is lost).
    fn brigade_killed(&self, st: &mut State, side: Side, sp: u8, battle_loss: &mut u16, log: &mut Log) {
        let usable = if st.opts.strong_killed_two_losses { sp } else { 1 };
        let used = (*battle_loss).min(usable as u16) as u8;
        *battle_loss -= used as u16;
        let track = if st.opts.cav_death_track_and_loss { 1 } else { (sp - used).min(1) };
        st.cav_track[side.index()] += track;
        st.sp_lost[side.index()] += sp as u32;
        log.info(|| format!("{} brigade of {sp} SP removed: {used} SP of the battle's losses, {track} SP to the turn track (FtP 5.5.4)", side.name()));
    }

    /// FtP 7.7.3: a killed general; FtP 5.5.4: a cavalry general's brigade is removed with him;
    /// FtP 5.2.8: an army that lost its commander takes the next general, else the generic one.
    pub(super) fn kill_general(&self, st: &mut State, g: GeneralId, attacker: bool, battle_loss: &mut u16, log: &mut Log) {
        let side = self.gen_side(g);
        log.info(|| format!("{} is a casualty (FtP 7.7)", self.c.generals[g as usize].name));
        let was = st.generals[g as usize];
        let cav = self.is_cav(st, g);
        // FtP 5.5.4; 5.6.7 C, D: the brigade goes with him, both SP of a 2-SP brigade.
        let brigade = if cav { self.brigade_gone(st, g) } else { 0 };
        match self.counter_killed(st, g) {
            // FtP 5.6.7 B, D (optional): Van Dorn and Sheridan.
            Some(to) => st.generals[g as usize] = to,
            // FtP 5.5.4; 5.5.6 (optional): an original cavalry general is replaced.
            None if cav => self.cavalry_casualty(st, g),
            None => st.generals[g as usize] = GenAt::Dead,
        }
        if brigade > 0 {
            self.brigade_killed(st, side, brigade, battle_loss, log);
        }
        if attacker && let Some(m) = st.moving.as_mut() {
            m.gens.retain(|&x| x != g);
            // FtP 7.7.4: the corps' active general killed: the move ends after any retreat.
            m.halted = true;
        }
        if let GenAt::Army(a) = was {
            if st.armies[a as usize].is_some_and(|x| x.commander == Some(g)) {
                // FtP 5.2.8: the next general by political rating (the owner breaks ties).
                self.succeed(st, a);
                if let Some(m) = st.moving.as_mut()
                    && m.army == Some(a)
                {
                    m.halted = true;
                }
            }
            if self.army_strength(st, a) == 0 {
                self.eliminate_army(st, side, a, log);
                if st.moving.as_ref().is_some_and(|m| m.army == Some(a)) {
                    st.moving = None;
                    if matches!(st.flow.top(), Some(Frame::Move)) {
                        st.flow.pop();
                    }
                }
            }
        }
        if attacker
            && let Some(m) = st.moving.as_ref()
            && self.moving_strength(st, m) == 0
            && m.army.is_none()
        {
            self.eliminate_moving(st, log);
        }
    }
}
