//! Generals (FtP 5.6): relief of an army commander (5.6.1) and the relieved general's fate,
//! reassignment (5.6.2), demotion (5.6.3) or removal (5.6.4); the reorganization move (5.6.5);
//! corps detached from an army (5.3.6); cavalry raids on enemy PCs (5.5.3).

use super::FtP;
use super::content::{ArmyId, Control, GeneralId, LinkKind, Side, SpecialRuleId, StateSide};
use super::rules::other;
use super::state::*;
use bivouac_engine::log::Log;
use bivouac_engine::map::graph::SpaceId;

impl FtP {
    // ------------------------------------------------------------------------------------
    // Hooks
    // ------------------------------------------------------------------------------------

    /// The OPs of this module offered with any card (FtP 5.6.1, 5.6.5).
    pub(super) fn general_ops(&self, st: &State, side: Side, out: &mut Vec<Action>) {
        for a in 0..st.armies.len() as ArmyId {
            for commander in self.relief_candidates(st, side, a) {
                out.push(Action::Relieve { army: a, commander });
            }
        }
        if self.reorg_allowed(st) && self.any_reorg_general(st, side) {
            out.push(Action::Reorganize);
        }
    }

    pub(super) fn general_actions(&self, st: &State, top: Frame, out: &mut Vec<Action>) {
        match top {
            Frame::Relieved { side, from, second, .. } => {
                out.push(Action::Demote);
                out.push(Action::Retire);
                if !second {
                    out.extend(self.reassign_targets(st, side, from).into_iter().map(|army| Action::Reassign { army }));
                }
            }
            Frame::Reorg { side } => {
                out.extend(self.reorg_generals(st, side).into_iter().map(|general| Action::ReorgPick { general }));
                out.push(Action::Done);
            }
            Frame::ReorgGeneral { side, general } => out.extend(self.reorg_destinations(st, side, general).into_iter().map(|to| Action::ReorgTo { to })),
            _ => {}
        }
    }

    pub(super) fn perform_general(&self, st: &mut State, top: Frame, a: &Action, log: &mut Log) {
        match (top, a) {
            (Frame::Ops { side, .. }, &Action::Relieve { army, commander }) => {
                let old = st.armies[army as usize].and_then(|x| x.commander).expect("a commander to relieve");
                let cost = self.relief_cost(st, side, army, old, commander);
                if let Some(x) = st.armies[army as usize].as_mut() {
                    x.commander = Some(commander);
                }
                // The relieved general waits off the map for his fate (5.6.2-5.6.4).
                st.generals[old as usize] = GenAt::Out;
                log.info(|| format!("{} relieves {} of {}; {} takes command (FtP 5.6.1)", side.name(), self.c.generals[old as usize].name, self.c.armies[army as usize].name, self.c.generals[commander as usize].name));
                self.add_sw(st, side, -cost, log, "FtP 5.6.1 relief of an army commander");
                st.flow.replace(Frame::Relieved { side, general: old, from: army, second: false });
            }
            (Frame::Relieved { general, .. }, Action::Demote) => {
                st.flow.pop();
                // FtP 5.6.3: to the turn track, back next Reinforcement Phase.
                st.generals[general as usize] = GenAt::Track(st.turn + 1);
                log.info(|| format!("{} is demoted to the turn track (FtP 5.6.3)", self.c.generals[general as usize].name));
            }
            (Frame::Relieved { general, .. }, Action::Retire) => {
                st.flow.pop();
                // FtP 5.6.4: removed from the game at the owner's choice.
                st.generals[general as usize] = GenAt::Dead;
                log.info(|| format!("{} is removed from the game (FtP 5.6.4)", self.c.generals[general as usize].name));
            }
            (Frame::Relieved { side, general, .. }, &Action::Reassign { army }) => {
                // FtP 5.6.2: he takes command of the other army, whose commander is relieved in turn.
                st.generals[general as usize] = GenAt::Army(army);
                let old = st.armies[army as usize].and_then(|x| x.commander);
                if let Some(x) = st.armies[army as usize].as_mut() {
                    x.commander = Some(general);
                }
                log.info(|| format!("{} takes command of {} (FtP 5.6.2)", self.c.generals[general as usize].name, self.c.armies[army as usize].name));
                match old {
                    Some(old) => {
                        let cost = self.relief_cost(st, side, army, old, general);
                        st.generals[old as usize] = GenAt::Out;
                        self.add_sw(st, side, -cost, log, "FtP 5.6.2 the second commander relieved");
                        st.flow.replace(Frame::Relieved { side, general: old, from: army, second: true });
                    }
                    None => {
                        st.flow.pop();
                    }
                }
            }
            (Frame::Ops { side, .. }, Action::Reorganize) => {
                st.reorg_moved.clear();
                st.flow.replace(Frame::Reorg { side });
            }
            (Frame::Reorg { side }, &Action::ReorgPick { general }) => st.flow.push(Frame::ReorgGeneral { side, general }),
            (Frame::Reorg { .. }, Action::Done) => {
                st.reorg_moved.clear();
                st.flow.pop();
            }
            (Frame::ReorgGeneral { side, general }, &Action::ReorgTo { to }) => {
                st.flow.pop();
                self.reorg_move(st, side, general, to, log);
            }
            _ => {}
        }
    }

    // ------------------------------------------------------------------------------------
    // FtP 5.6.1-5.6.4: relief
    // ------------------------------------------------------------------------------------

    /// FtP 5.6.1: the generals who may replace `army`'s commander: any other non-cavalry general
    /// of the army (cavalry generals never command an army).
    pub(super) fn relief_candidates(&self, st: &State, side: Side, a: ArmyId) -> Vec<GeneralId> {
        let Some(x) = st.armies[a as usize] else { return vec![] };
        if self.army_side(a) != side || x.commander.is_none() {
            return vec![];
        }
        self.army_gens(st, a).into_iter().filter(|&g| Some(g) != x.commander && !self.is_cav(st, g)).collect()
    }

    /// FtP 5.6.1: the SW cost of relieving `old` for `new` in army `a`: the relieved general's
    /// political rating (halved, rounded up, if the army lost a large battle since the start of
    /// the player's last strategy round), plus 2 for each general in the space rated higher than
    /// the new commander.
    pub(super) fn relief_cost(&self, st: &State, side: Side, a: ArmyId, old: GeneralId, new: GeneralId) -> i16 {
        let pr = self.pr(old) as i16;
        let lost = st.large_loss.get(a as usize).copied().unwrap_or(0);
        let base = if lost > 0 && lost >= st.own_round[side.index()][0] { (pr + 1) / 2 } else { pr };
        let s = st.armies[a as usize].map(|x| x.space).expect("army on the map");
        let mut gens = self.army_gens(st, a);
        gens.extend(self.gens_at(st, side, s));
        let skipped = gens.iter().filter(|&&g| g != old && g != new && !self.is_cav(st, g) && self.pr(g) > self.pr(new)).count() as i16;
        base + 2 * skipped
    }

    /// FtP 5.6.2: the armies a relieved general may be reassigned to: both armies supplied and
    /// joined by a LOC.
    pub(super) fn reassign_targets(&self, st: &State, side: Side, from: ArmyId) -> Vec<ArmyId> {
        let Some(x) = st.armies[from as usize] else { return vec![] };
        let sup = self.supplied(st, side);
        if !sup[x.space as usize] {
            return vec![];
        }
        let linked = self.loc_reach(st, side, x.space);
        (0..st.armies.len() as ArmyId)
            .filter(|&b| b != from && self.army_side(b) == side && st.armies[b as usize].is_some_and(|y| sup[y.space as usize] && linked[y.space as usize]))
            .collect()
    }

    /// Spaces joined to `from` by a LOC of `side` (FtP 8.1: friendly or neutral spaces without
    /// enemy SP or fort, by road, rail or, for the Union, river; the ends need not be passable).
    pub(super) fn loc_reach(&self, st: &State, side: Side, from: Sp) -> Vec<bool> {
        self.loc_reach_any(st, side, &[from])
    }

    /// `loc_reach` from any of `from`, in one search: what a search from each reaches, together
    /// (the spaces a LOC may pass do not depend on where it starts).
    pub(super) fn loc_reach_any(&self, st: &State, side: Side, from: &[Sp]) -> Vec<bool> {
        let n = self.c.map.len();
        let enemy = self.occupied_by(st, other(side));
        let pass = |s: Sp| st.control(s) != Control::Of(other(side)) && !enemy[s as usize];
        let link = |k: LinkKind| matches!(k, LinkKind::Road | LinkKind::Rail) || (side == Side::Union && matches!(k, LinkKind::BAndO | LinkKind::River(_)));
        let mut seen = vec![false; n];
        from.iter().for_each(|&s| seen[s as usize] = true);
        let mut q = from.to_vec();
        let mut out = vec![false; n];
        while let Some(s) = q.pop() {
            for (t, l) in self.c.map.neighbors(SpaceId(s)) {
                if !link(l.kind) {
                    continue;
                }
                out[t.index()] = true;
                if !seen[t.index()] && pass(t.0) {
                    seen[t.index()] = true;
                    q.push(t.0);
                }
            }
        }
        out
    }

    /// A strategy round of `side` starts: remember when (the relief penalty of 5.6.1 looks
    /// back to the start of the player's last round).
    pub(super) fn round_starts(&self, st: &mut State, side: Side) {
        st.rounds += 1;
        let i = side.index();
        st.own_round[i] = [st.own_round[i][1], st.rounds];
    }

    /// FtP 5.6.1: `army` lost a large battle now.
    pub(super) fn mark_large_loss(&self, st: &mut State, army: ArmyId) {
        if st.large_loss.len() < st.armies.len() {
            st.large_loss.resize(st.armies.len(), 0);
        }
        st.large_loss[army as usize] = st.rounds.max(1);
    }

    // ------------------------------------------------------------------------------------
    // FtP 5.6.5: the reorganization move
    // ------------------------------------------------------------------------------------

    /// FtP 15 (the 1863 scenario's special rule, ES only): no reorganization moves in the
    /// scenario's first turn.
    fn reorg_allowed(&self, st: &State) -> bool {
        let sc = &self.c.scenarios[st.sc as usize];
        !(st.turn == sc.first_turn && sc.special_rule(SpecialRuleId::NoReorganizationFirstTurn, st.edition))
    }

    /// The generals of `side` who may still make a reorganization move: not cavalry, not moved
    /// yet; in a space with an army, neither its commander nor the highest-rated other general
    /// (when several tie, all but one may go), and some destination to go to.
    pub(super) fn reorg_generals(&self, st: &State, side: Side) -> Vec<GeneralId> {
        // Where the enemy stands, found once for every general.
        let enemy = self.occupied_by(st, other(side));
        (0..st.generals.len() as GeneralId).filter(|&g| self.reorg_may_move(st, side, g) && self.reorg_has_destination(st, side, g, &enemy)).collect()
    }

    /// Whether `reorg_generals` names any general (the first found ends the search).
    fn any_reorg_general(&self, st: &State, side: Side) -> bool {
        let mut enemy = None;
        (0..st.generals.len() as GeneralId).any(|g| self.reorg_may_move(st, side, g) && self.reorg_has_destination(st, side, g, enemy.get_or_insert_with(|| self.occupied_by(st, other(side)))))
    }

    /// `g` is a general of `side` free to make a reorganization move (destinations aside).
    fn reorg_may_move(&self, st: &State, side: Side, g: GeneralId) -> bool {
        if self.gen_side(g) != side || self.is_cav(st, g) || st.reorg_moved.contains(&g) {
            return false;
        }
        match st.generals[g as usize] {
            GenAt::Map(s) => self.army_in(st, side, s).is_none_or(|a| !self.army_keeps(st, side, a, g)),
            GenAt::Army(a) => !self.army_keeps(st, side, a, g),
            _ => false,
        }
    }

    /// FtP 5.2.2, 5.6.5: `g` must stay with army `a`: its commander, or the only general of the
    /// space with the highest political rating among the others.
    pub(super) fn army_keeps(&self, st: &State, side: Side, a: ArmyId, g: GeneralId) -> bool {
        let Some(x) = st.armies[a as usize] else { return false };
        if x.commander == Some(g) {
            return true;
        }
        let mut others: Vec<GeneralId> = self.army_gens(st, a);
        others.extend(self.gens_at(st, side, x.space));
        others.retain(|&h| Some(h) != x.commander && !self.is_cav(st, h));
        let best = others.iter().map(|&h| self.pr(h)).max();
        let tied = others.iter().filter(|&&h| Some(self.pr(h)) == best).count();
        Some(self.pr(g)) == best && tied == 1
    }

    /// Where `g` may go: up to 10 spaces by road and rail, any distance by rail only (option
    /// `reorganization-rail`), or (the
    /// Union) port to port by sea or river (6.1: the routes a naval move may take, never running
    /// the guns: 5.6.6 keeps a general without SP out of spaces with enemy forts), never into an
    /// enemy-controlled space or one with enemy SP or fort (5.6.6), ending with friendly SP, a
    /// fort or an army (a general is never left alone, 5.3.4). Each destination is reached by
    /// one means only (5.6.5: no mixing).
    pub(super) fn reorg_destinations(&self, st: &State, side: Side, g: GeneralId) -> Vec<Sp> {
        let Some(from) = self.reorg_from(st, g) else { return vec![] };
        let n = self.c.map.len();
        let mut reach = vec![false; n];
        self.reorg_walk(st, side, from, &self.occupied_by(st, other(side)), |s| {
            reach[s as usize] = true;
            false
        });
        (0..n as Sp).filter(|&s| s != from && reach[s as usize] && self.reorg_end_ok(st, side, s)).collect()
    }

    /// Whether `reorg_destinations` names any space (`enemy`: the spaces the enemy occupies,
    /// `occupied_by`): the walk stops at the first.
    pub(super) fn reorg_has_destination(&self, st: &State, side: Side, g: GeneralId, enemy: &[bool]) -> bool {
        self.reorg_from(st, g).is_some_and(|from| self.reorg_walk(st, side, from, enemy, |s| s != from && self.reorg_end_ok(st, side, s)))
    }

    /// Where `g` starts a reorganization move: his space, or his army's.
    fn reorg_from(&self, st: &State, g: GeneralId) -> Option<Sp> {
        match st.generals[g as usize] {
            GenAt::Map(s) => Some(s),
            GenAt::Army(a) => st.armies[a as usize].map(|x| x.space),
            _ => None,
        }
    }

    /// FtP 5.6.5, 5.3.4: a reorganization move ends with friendly SP, a fort or an army.
    fn reorg_end_ok(&self, st: &State, side: Side, s: Sp) -> bool {
        st.sp[s as usize][side.index()] > 0 || self.has_fort(st, s) || self.army_in(st, side, s).is_some() || self.strength(st, side, s) > 0
    }

    /// The spaces a reorganization move from `from` reaches (see `reorg_destinations`; `enemy`:
    /// the spaces the enemy occupies), each passed to `reached` when found (maybe more than
    /// once); the walk stops as soon as `reached` says so, and tells whether it did.
    fn reorg_walk(&self, st: &State, side: Side, from: Sp, enemy: &[bool], mut reached: impl FnMut(Sp) -> bool) -> bool {
        let n = self.c.map.len();
        let ok = |s: Sp| st.control(s) != Control::Of(other(side)) && !enemy[s as usize];
        let road_max = self.c.movement.reorganization_road_spaces;
        // Road (and rail) up to 10 spaces: breadth first.
        let mut dist = vec![u8::MAX; n];
        dist[from as usize] = 0;
        let mut q = std::collections::VecDeque::from([from]);
        while let Some(s) = q.pop_front() {
            let d = dist[s as usize];
            if d >= road_max {
                continue;
            }
            for (t, l) in self.c.map.neighbors(SpaceId(s)) {
                if matches!(self.link_kind(st, l), LinkKind::Road | LinkKind::Rail) && dist[t.index()] == u8::MAX && ok(t.0) {
                    dist[t.index()] = d + 1;
                    if reached(t.0) {
                        return true;
                    }
                    q.push_back(t.0);
                }
            }
        }
        // Rail only, any distance: through neutral spaces too, or (a reading, option
        // `reorganization-rail` = `friendly-only`) only through spaces the side controls.
        let rail_ok = |s: Sp| ok(s) && (!st.opts.reorg_rail_friendly_only || st.controls(side, s));
        let mut seen = vec![false; n];
        seen[from as usize] = true;
        let mut stack = vec![from];
        while let Some(s) = stack.pop() {
            for (t, l) in self.c.map.neighbors(SpaceId(s)) {
                if self.link_kind(st, l) == LinkKind::Rail && !seen[t.index()] && rail_ok(t.0) {
                    seen[t.index()] = true;
                    if reached(t.0) {
                        return true;
                    }
                    stack.push(t.0);
                }
            }
        }
        // FtP 5.6.5: port to port by water (the Union: the CSA has no naval moves, 6.5.1);
        // FtP 4.2: not while an event in force forbids the side's naval moves.
        if side == Side::Union && self.c.map.space(SpaceId(from)).port.is_some() && st.controls(side, from) && !self.move_limited(st, side, super::events::MoveKind::Naval) {
            for r in self.naval_routes(st, from, true, None) {
                if !r.runs_guns && !r.passes_fort && ok(r.to) && reached(r.to) {
                    return true;
                }
            }
        }
        false
    }

    /// Move `g` to `to`: into the army there if any (ES 5.2.2: the first general to reach an
    /// army under the generic commander takes command).
    fn reorg_move(&self, st: &mut State, side: Side, g: GeneralId, to: Sp, log: &mut Log) {
        st.reorg_moved.push(g);
        match self.army_in(st, side, to) {
            Some(a) => {
                st.generals[g as usize] = GenAt::Army(a);
                if let Some(x) = st.armies[a as usize].as_mut()
                    && x.commander.is_none()
                {
                    x.commander = Some(g);
                }
            }
            None => st.generals[g as usize] = GenAt::Map(to),
        }
        log.info(|| format!("{} moves to {} (FtP 5.6.5 reorganization)", self.c.generals[g as usize].name, self.sname(to)));
    }

    // ------------------------------------------------------------------------------------
    // FtP 5.3.6: corps detached from an army
    // ------------------------------------------------------------------------------------

    /// FtP 5.3.6: a corps detached from an army: any general of the army but its commander and
    /// the highest-rated other general (one of them if tied must stay), for his strategy rating,
    /// with up to 6 of the army's SP and one extra general of equal or lower PR.
    pub(super) fn detach_activations(&self, st: &State, side: Side, value: u8, campaign: bool, out: &mut Vec<Action>) {
        for a in 0..st.armies.len() as ArmyId {
            let Some(x) = st.armies[a as usize] else { continue };
            if self.army_side(a) != side {
                continue;
            }
            let gens = self.army_gens(st, a);
            let used = |g: GeneralId| campaign && st.campaign_used.contains(&g);
            for &g in &gens {
                if used(g) || !(campaign || self.c.generals[g as usize].strategy <= value) {
                    continue;
                }
                // FtP 5.1.2: "se activa únicamente una brigada de caballería, situada en el mapa o
                // en un ejército" (a brigade is never the 5.2.2 highest non-commander), an army
                // with a generic commander (5.2.8) too: the brigade's own general is activated.
                if self.is_cav(st, g) {
                    out.push(Action::MoveBrigade { general: g });
                    continue;
                }
                // FtP 5.3.6: corps detach only from an army with a commander.
                if x.commander.is_none() {
                    continue;
                }
                if self.army_keeps(st, side, a, g) {
                    continue;
                }
                let mut extras: Vec<Option<GeneralId>> = vec![None];
                extras.extend(gens.iter().copied().filter(|&e| e != g && Some(e) != x.commander && !used(e) && self.pr(e) <= self.pr(g)).map(Some));
                for extra in extras {
                    // Both leaving must not take the general who has to stay (5.2.2).
                    if let Some(e) = extra
                        && !self.is_cav(st, e)
                        && self.leaves_highest(st, side, a, &[g, e])
                    {
                        continue;
                    }
                    // FtP 5.6.7 C, D: a 2-SP brigade counts 2.
                    let cav_extra = self.brigades_sp(st, extra) as u8;
                    let min = if cav_extra > 0 { 0 } else { 1 };
                    for n in min..=x.sp.min(self.c.movement.corps.max_sp.saturating_sub(cav_extra)) {
                        out.push(Action::MoveCorps { general: g, sp: n, extra });
                    }
                }
            }
        }
    }

    /// True when `leaving` would take every general of army `a` tied for the highest political
    /// rating after the commander (FtP 5.2.2: one of them stays).
    fn leaves_highest(&self, st: &State, side: Side, a: ArmyId, leaving: &[GeneralId]) -> bool {
        let Some(x) = st.armies[a as usize] else { return false };
        let mut others: Vec<GeneralId> = self.army_gens(st, a);
        others.extend(self.gens_at(st, side, x.space));
        others.retain(|&h| Some(h) != x.commander && !self.is_cav(st, h));
        let best = others.iter().map(|&h| self.pr(h)).max();
        others.iter().filter(|&&h| Some(self.pr(h)) == best).all(|h| leaving.contains(h))
    }

    // ------------------------------------------------------------------------------------
    // FtP 5.5.3: cavalry raids
    // ------------------------------------------------------------------------------------

    /// FtP 5.5.3: spaces where a brigade of `side` may remove an enemy PC with a card's OPs: an
    /// enemy PC in a space of an original `side` state (control returns to `side`) or of a
    /// border state (it becomes neutral). A brigade on an army's display raids from the army's
    /// space (ES 5.5.1 NOTA: the brigade counter is used "ni tan solo al colocar el general de
    /// caballería dentro de un ejército"; 5.5.3 names no place the brigade must be).
    pub(super) fn raid_spaces(&self, st: &State, side: Side) -> Vec<Sp> {
        let own = if side == Side::Union { StateSide::Union } else { StateSide::Csa };
        let mut out: Vec<Sp> = (0..st.generals.len() as GeneralId)
            .filter(|&g| self.is_cav(st, g) && self.gen_side(g) == side)
            .filter_map(|g| match st.generals[g as usize] {
                GenAt::Map(s) => Some(s),
                GenAt::Army(a) => st.armies[a as usize].map(|x| x.space),
                _ => None,
            })
            .filter(|&s| st.control(s) == Control::Of(other(side)) && [own, StateSide::Border].contains(&self.original(s)))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// FtP 5.5.3: the raid: the enemy PC is removed (brigades never place PCs nor destroy
    /// resource centers, 12.2).
    pub(super) fn raid(&self, st: &mut State, side: Side, s: Sp, log: &mut Log) {
        st.control[s as usize] = if self.original(s) == StateSide::Border { Control::Neutral } else { Control::Of(side) };
        log.info(|| format!("{} cavalry removes the enemy PC at {} (FtP 5.5.3)", side.name(), self.sname(s)));
    }
}

impl FtP {
    /// FtP 5.5.6 (optional): the cavalry general whose counter replaces `g`, if any.
    pub(super) fn replacement_of(&self, g: GeneralId) -> Option<GeneralId> {
        self.c.generals.iter().position(|d| d.replaces == Some(g)).map(|r| r as GeneralId)
    }

    /// A cavalry general becomes a casualty (FtP 5.5.4): he goes to the turn track for the
    /// edition's delay. FtP 5.5.6 (optional): an original general with a replacement is removed
    /// for good and his replacement goes to the turn track instead (Sheridan has none; a
    /// replacement who falls returns as usual).
    pub(super) fn cavalry_casualty(&self, st: &mut State, g: GeneralId) {
        let back = st.turn + self.return_delay(st, g);
        match self.replacement_of(g).filter(|_| st.opts.replacement_cavalry && !self.c.generals[g as usize].optional) {
            Some(r) => {
                st.generals[g as usize] = GenAt::Dead;
                st.generals[r as usize] = GenAt::Track(back);
            }
            None => st.generals[g as usize] = GenAt::Track(back),
        }
    }
}
