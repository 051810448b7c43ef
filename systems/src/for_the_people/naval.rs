//! For the People naval and combined operations (FtP 6): Union naval movement by sea and by
//! river (6.1, 6.2.1-6.2.3), running the guns (6.3) and amphibious assaults (6.4, 6.8.1, note 18).
//!
//! A naval move is two decisions: `NavalMove` picks the force in a Union-controlled port (up to 3
//! SP and one general, 6.1.2), then `Sail` picks any port it can reach. The routes are traced on
//! the river lanes of `map.toml` plus one imaginary sea joining every coastal port, coastal fort
//! and river mouth on the sea (glossary "Espacio"). The move ends on arrival (6.1.1); a landing in
//! an enemy-occupied space is an amphibious assault fought through `battle.rs` with the
//! amphibious DRMs of 6.4.1; a beaten force returns to its origin port (6.4.2).
//!
//! Not modelled here (see the lead's report): army naval moves (6.1.5), Confederate river
//! movement (6.5), Union Naval Control (6.6), ironclads/torpedoes/Hunley (6.7, placed only by
//! events) and the naval events (#57-#59) with their DRMs.

use super::FtP;
use super::battle::Amphibious;
use super::content::{Control, GeneralId, LinkKind, Mouth, PortKind, Side, StateSide};
use super::rules::other;
use super::state::*;
use bivouac_engine::log::Log;
use bivouac_engine::map::graph::SpaceId;
use serde::{Deserialize, Serialize};

/// Naval state: the Amphibious Assault track and the naval move under way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NavalSt {
    /// The Amphibious Assault track (FtP 6.4.1; its scenario value, 2.5).
    pub amphibious: u8,
    pub voyage: Option<Voyage>,
    /// The campaign being played has made its one naval move (FtP 4.3.2).
    pub campaign_naval: bool,
    /// Option `naval-origin` (FtP 6.1.1 [INTERP]): a port, unlike a coastal fort, needs a LOC
    /// to start a naval move.
    pub origin_needs_loc: bool,
}

impl NavalSt {
    pub fn new(amphibious: u8, setup: &bivouac_engine::game::Setup) -> Self {
        NavalSt { amphibious, voyage: None, campaign_naval: false, origin_needs_loc: setup.option("naval-origin") != Some("any-port") }
    }
}

/// A naval move under way (FtP 6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Voyage {
    /// The port it sailed from: a beaten force returns there (FtP 6.1.1, 6.4.2).
    pub origin: Sp,
    /// Where it landed (`Sp::MAX` until it sails).
    pub to: Sp,
    /// It ran the guns past a Confederate fort (FtP 6.3.2).
    pub ran_guns: bool,
}

/// A destination of a naval move and whether the route runs the guns (FtP 6.3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    pub to: Sp,
    pub runs_guns: bool,
}

impl FtP {
    /// The scenario forbids Union sea moves now (FtP 15 special rule, river moves allowed).
    fn sea_closed(&self, st: &State) -> bool {
        let sc = &self.c.scenarios[st.sc as usize];
        st.turn == sc.first_turn && sc.special_rules.iter().any(|r| r.id == "no-union-naval-first-turn" && r.edition.is_none_or(|e| e == st.edition))
    }

    /// A port on the imaginary sea: coastal ports and coastal forts (FtP 6.1.1), and the last
    /// port of a river that empties into a sea zone.
    fn on_sea(&self, s: Sp) -> bool {
        let d = self.c.map.space(SpaceId(s));
        d.port == Some(PortKind::Coastal) || d.coastal_fort || self.c.rivers.iter().any(|r| matches!(r.mouth, Mouth::Sea(_)) && r.ports.last() == Some(&SpaceId(s)))
    }

    /// A Confederate coastal fort: no naval move may pass it (FtP 6.1.3, 6.2.3).
    fn csa_coastal_fort(&self, st: &State, s: Sp) -> bool {
        self.c.map.space(SpaceId(s)).coastal_fort && st.control(s) == Control::Of(Side::Csa)
    }

    /// Going between the sea and port `s` passes its coastal fort: closed while the fort carries
    /// a Confederate PC (FtP 6.1.3, 6.8.2).
    fn sea_gate_closed(&self, st: &State, s: Sp) -> bool {
        self.c.map.space(SpaceId(s)).guarded_by.is_some_and(|f| self.csa_coastal_fort(st, f.0))
    }

    /// FtP 6.1.1, 6.1.3, 6.2.1-6.2.3, 6.3.1: every port a Union naval move from `from` may reach,
    /// each by the route with no running of the guns when there is one. River lanes are followed
    /// through any number of ports; a Confederate coastal fort may be entered but not passed; a
    /// Confederate fort counter is passed only by running the guns, at most once.
    pub(super) fn naval_routes(&self, st: &State, from: Sp) -> Vec<Route> {
        let n = self.c.map.len();
        let sea = n; // the imaginary sea node
        let sea_open = !self.sea_closed(st);
        // Best state seen per node: 0 unseen, 1 reached having run the guns, 2 without.
        let mut seen = vec![0u8; n + 1];
        let mut reach: Vec<Route> = Vec::new();
        let mut slot = vec![usize::MAX; n];
        let mut queue: Vec<(usize, bool)> = vec![(from as usize, false)];
        seen[from as usize] = 2;
        let mut head = 0;
        let mut next: Vec<usize> = Vec::new();
        while head < queue.len() {
            let (u, guns) = queue[head];
            head += 1;
            next.clear();
            if u == sea {
                next.extend((0..n as Sp).filter(|&s| self.on_sea(s) && !self.sea_gate_closed(st, s)).map(|s| s as usize));
            } else {
                next.extend(self.c.map.neighbors(SpaceId(u as Sp)).filter(|(_, l)| matches!(l.kind, LinkKind::River(_))).map(|(t, _)| t.index()));
                if sea_open && self.on_sea(u as Sp) && !self.sea_gate_closed(st, u as Sp) {
                    next.push(sea);
                }
            }
            for &v in &next {
                let rank = if guns { 1 } else { 2 };
                if seen[v] >= rank {
                    continue;
                }
                seen[v] = rank;
                if v == sea {
                    queue.push((v, guns));
                    continue;
                }
                let vs = v as Sp;
                if vs != from {
                    if slot[v] == usize::MAX {
                        slot[v] = reach.len();
                        reach.push(Route { to: vs, runs_guns: guns });
                    } else {
                        reach[slot[v]].runs_guns = guns;
                    }
                }
                // FtP 6.2.2, 6.2.3: a Confederate coastal fort stops the move.
                if self.csa_coastal_fort(st, vs) {
                    continue;
                }
                // FtP 6.1.4, 6.3.1: passing a Confederate fort counter runs the guns, once a move.
                if st.fort[v] == Some(Side::Csa) {
                    if !guns {
                        queue.push((v, true));
                    }
                    continue;
                }
                queue.push((v, guns));
            }
        }
        reach
    }

    /// FtP 6.1.1, 6.1.2: naval moves of the Union with a 3-value OPs card or a campaign move:
    /// from a Union-controlled port or coastal fort, up to 3 loose SP and at most one general (a
    /// cavalry brigade is the general and one of the 3 SP).
    pub(super) fn naval_activations(&self, st: &State, side: Side, value: u8, campaign: bool, out: &mut Vec<Action>) {
        // FtP 4.3.2: one naval move per campaign.
        if side != Side::Union || (!campaign && value < self.c.movement.naval_min_card) || (campaign && st.naval.campaign_naval) {
            return;
        }
        let max = self.c.movement.naval_max_sp;
        let mut loc: Option<Vec<bool>> = None;
        for s in 0..self.c.map.len() as Sp {
            let d = self.c.map.space(SpaceId(s));
            if d.port.is_none() || !st.controls(side, s) {
                continue;
            }
            let loose = st.sp[s as usize][side.index()];
            if loose == 0 && !self.gens_at(st, side, s).any(|g| self.is_cav(g)) {
                continue;
            }
            // FtP 6.1.1 [INTERP] (option `naval-origin`): coastal forts need no LOC, ports do.
            if st.naval.origin_needs_loc && !d.coastal_fort && !loc.get_or_insert_with(|| self.supplied(st, side))[s as usize] {
                continue;
            }
            let gens: Vec<GeneralId> = self.gens_at(st, side, s).filter(|g| !(campaign && st.campaign_used.contains(g))).collect();
            if loose == 0 && !gens.iter().any(|&g| self.is_cav(g)) {
                continue;
            }
            if self.naval_routes(st, s).is_empty() {
                continue;
            }
            for general in std::iter::once(None).chain(gens.iter().copied().map(Some)) {
                let cav = general.is_some_and(|g| self.is_cav(g)) as u8;
                let min = if cav == 1 { 0 } else { 1 };
                let leaving: Vec<GeneralId> = general.into_iter().collect();
                for n in min..=loose.min(max - cav) {
                    if self.leaves_ok(st, side, s, loose - n, &leaving) {
                        out.push(Action::NavalMove { space: s, sp: n, general });
                    }
                }
            }
        }
    }

    /// FtP 6.1: lift the chosen force from its port; it chooses its destination next (`Sail`).
    pub(super) fn start_naval(&self, st: &mut State, a: &Action, log: &mut Log) {
        let Action::NavalMove { space, sp, general } = *a else { return };
        let top = *st.flow.top().expect("a pending decision");
        let (side, value, campaign) = match top {
            Frame::Ops { side, value, .. } => (side, value, false),
            Frame::Campaign { side, .. } => (side, 3, true),
            _ => return,
        };
        let cav = general.is_some_and(|g| self.is_cav(g));
        let kind = match general {
            Some(_) if cav && sp == 0 => Formation::Brigade,
            Some(_) if !cav => Formation::Corps,
            _ => Formation::Division,
        };
        st.sp[space as usize][side.index()] -= sp;
        if let Some(g) = general {
            st.generals[g as usize] = GenAt::Moving;
        }
        st.moving = Some(MoveSt {
            side,
            kind,
            at: space,
            prev: space,
            sp,
            gens: general.into_iter().collect(),
            army: None,
            mp: 0,
            value,
            halted: true,
            rail_only: false,
            steps: 0,
            intercept_tried: true,
            vs_interceptor: false,
        });
        st.naval.voyage = Some(Voyage { origin: space, to: Sp::MAX, ran_guns: false });
        log.info(|| format!("{} embarks {} SP at {} for a naval move (FtP 6.1)", side.name(), sp + cav as u8, self.sname(space)));
        if campaign {
            let Frame::Campaign { left, .. } = top else { return };
            st.naval.campaign_naval = true;
            st.campaign_used.extend(general);
            if left <= 1 {
                st.campaign_used.clear();
                st.campaign_armies.clear();
                st.flow.replace(Frame::Naval);
            } else {
                st.flow.replace(Frame::Campaign { side, left: left - 1 });
                st.flow.push(Frame::Naval);
            }
        } else {
            st.flow.replace(Frame::Naval);
        }
    }

    /// The destinations of the embarked force.
    pub(super) fn sail_targets(&self, st: &State, out: &mut Vec<Action>) {
        if let Some(v) = st.naval.voyage {
            out.extend(self.naval_routes(st, v.origin).into_iter().map(|r| Action::Sail { to: r.to }));
        }
    }

    /// FtP 6.1.1: the force is placed in its destination and the move ends there; running the
    /// guns first if the route passes a Confederate fort (6.3.1); an amphibious assault if the
    /// destination is enemy-occupied (6.4).
    pub(super) fn sail(&self, st: &mut State, to: Sp, log: &mut Log) {
        let Some(v) = st.naval.voyage else { return };
        let runs_guns = self.naval_routes(st, v.origin).iter().find(|r| r.to == to).is_some_and(|r| r.runs_guns);
        // The move ends on arrival (6.1.1): after any battle only `Stop` remains.
        st.flow.replace(Frame::Move);
        if runs_guns {
            // FtP 6.3.1: 1d6, success on 4-6; a failure sends the force back to its start.
            let need = self.c.battle_int("run_guns_success_min").unwrap_or(4) as u8;
            let roll = st.rng.roll(6) as u8;
            let ok = roll >= need;
            log.roll(|| format!("running the guns: rolled {roll} (need {need}): {} (FtP 6.3.1)", if ok { "success" } else { "failure, the force returns to its start" }));
            if !ok {
                self.end_move(st, log);
                return;
            }
        }
        st.naval.voyage = Some(Voyage { origin: v.origin, to, ran_guns: runs_guns });
        let m = st.moving.as_mut().expect("moving");
        // FtP 6.4.2: a beaten force returns to its origin port (the attacker's retreat space).
        m.prev = v.origin;
        m.at = to;
        m.steps = 1;
        let side = m.side;
        log.info(|| format!("{} sails from {} to {} (FtP 6.1)", side.name(), self.sname(v.origin), self.sname(to)));
        let e = other(side);
        if !self.enemy_occupied(st, side, to) {
            for g in self.gens_at(st, e, to).collect::<Vec<_>>() {
                st.generals[g as usize] = GenAt::Track(st.turn + 1);
            }
            self.enter_capital(st, side, to, log);
            self.end_move(st, log);
            return;
        }
        log.info(|| format!("amphibious assault on {} (FtP 6.4.1)", self.sname(to)));
        if self.strength(st, e, to) == 0 {
            // FtP 6.8.1: an ungarrisoned fort fights an amphibious assault at 0 SP.
            self.fight(st, to, log);
        } else {
            self.engage(st, to, log);
        }
    }

    /// FtP 6.4.1: the amphibious side of a battle fought by the naval move in `s`.
    pub(super) fn amphibious_at(&self, st: &State, s: Sp) -> Option<Amphibious> {
        let v = st.naval.voyage?;
        let m = st.moving.as_ref()?;
        (v.to == s && m.at == s && m.side == Side::Union).then_some(Amphibious { track: st.naval.amphibious, ..Default::default() })
    }

    /// FtP 6.3.2: a force that ran the guns and lost at its destination loses 1 extra SP.
    pub(super) fn naval_repulsed(&self, st: &mut State, log: &mut Log) {
        if st.naval.voyage.is_some_and(|v| v.ran_guns && v.to != Sp::MAX) && st.moving.is_some() {
            log.info(|| "the force ran the guns and was repulsed: 1 extra SP lost (FtP 6.3.2)".to_string());
            self.lose_moving(st, 1, log);
        }
    }

    /// The move ends: a Union force holding the space of a Confederate fort counter it took by
    /// amphibious assault removes the counter (FtP 6.8.1, 12.11; T-AMPH-2). A coastal fort is
    /// not captured before a Union PC is placed on it (T-AMPH-1).
    pub(super) fn naval_end_move(&self, st: &mut State, log: &mut Log) {
        let Some(v) = st.naval.voyage.take() else { return };
        let Some(m) = st.moving.as_ref() else { return };
        let s = m.at;
        if v.to == s && m.side == Side::Union && st.fort[s as usize] == Some(Side::Csa) && self.strength(st, Side::Csa, s) == 0 && self.moving_strength(st, m) > 0 {
            st.fort[s as usize] = None;
            log.info(|| format!("the Confederate fort at {} is eliminated (FtP 6.8.1)", self.sname(s)));
            let sw = self.c.editions[st.edition as usize].fort_capture_sw as i16;
            self.add_sw(st, Side::Union, sw, log, "FtP 12.11 CSA fort eliminated");
            self.add_sw(st, Side::Csa, -sw, log, "FtP 12.11 CSA fort eliminated");
        }
    }

    /// FtP 7.6.2 (ES): a beaten Union force in a port may retreat by sea to a Union-controlled
    /// port with a LOC (`loc`) in an original Union state, on a route that passes no Confederate
    /// fort (no running the guns on a retreat). The battle module ranks it as a level-1 choice.
    pub(super) fn naval_retreat_ports(&self, st: &State, from: Sp, loc: &[bool]) -> Vec<SpaceId> {
        if self.c.map.space(SpaceId(from)).port.is_none() {
            return Vec::new();
        }
        let mut v: Vec<SpaceId> = self
            .naval_routes(st, from)
            .into_iter()
            .filter(|r| !r.runs_guns && st.controls(Side::Union, r.to) && loc[r.to as usize] && self.original(r.to) == StateSide::Union && self.strength(st, Side::Csa, r.to) == 0)
            .map(|r| SpaceId(r.to))
            .collect();
        v.sort();
        v
    }

    /// FtP 6.8.4: an ungarrisoned Confederate coastal fort turns Union (a Union PC) when its port
    /// becomes Union-controlled.
    pub(super) fn port_taken(&self, st: &mut State, side: Side, port: Sp, log: &mut Log) {
        if side != Side::Union {
            return;
        }
        if let Some(f) = self.c.map.space(SpaceId(port)).guarded_by
            && self.csa_coastal_fort(st, f.0)
            && self.strength(st, Side::Csa, f.0) == 0
        {
            log.info(|| format!("{} is ungarrisoned and falls with its port (FtP 6.8.4)", self.sname(f.0)));
            self.place_pc(st, Side::Union, f.0, log);
        }
    }
}
