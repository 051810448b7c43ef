//! FtP 5.6.7 C (Forrest) and the brigade part of 5.6.7 D (Sheridan), optional (option
//! `opt-special-generals`): a cavalry brigade that may grow to 2 SP.
//!
//! * C / D: once the brigade exists it may grow to 2 SP whenever it is in a space with 1
//!   friendly SP, which it absorbs (`grow GENERAL`, offered by `legal_actions`, never automatic).
//!   It never shrinks back voluntarily. Losing 1 SP leaves a normal 1-SP brigade that may grow
//!   again; destroyed and returned, it keeps the ability (it belongs to the general).
//! * C note: with the replacement cavalry generals (5.5.6) Forrest's replacement Pegram does not
//!   have the ability (he is another counter). D, Spanish note: Sheridan is his own replacement,
//!   with his abilities (the same counter).
//! * Every count of brigade SP goes through [`FtP::brigade_sp`] (space, army and moving
//!   strength, battles, losses, size limits, naval moves, the SP totals of the fuzzer and the AI).
//!
//! Readings of unclear rules:
//! * "At any time" = whenever the owner has a decision of its own: a strategy round, a card's
//!   operations, a campaign, PC placement, its own move, the steps of its Reinforcement Phase,
//!   and in the enemy's move the interception and retreat-before-battle decisions (not in the
//!   middle of a battle's losses, a retreat or a choice of losses).
//! * The SP absorbed: a brigade on the map takes a loose SP of its space; a brigade on an army
//!   display one of the army's infantry SP; a brigade moving in a corps one SP the corps
//!   carries; a brigade moving alone a loose SP of the space it is in.
//! * Any loss of 1 SP (battle, attrition, retreat) shrinks a 2-SP brigade; automatic losses
//!   shrink a 2-SP brigade before they destroy a 1-SP one.
//! * A 2-SP brigade whose general is killed is removed with both SP. The seed says only that the
//!   brigade "queda destruida en combate" and keeps its ability when it returns; 5.5.4 lets the
//!   owner use "la UM asociada" for "la pérdida de 1 UM" of that battle. Option
//!   `strong-brigade-killed` (game.toml): one SP counts toward the battle's losses (`one-loss`,
//!   the default) or both (`two-losses`); at most 1 SP goes to the turn track (5.5.4, option
//!   `cavalry-death-sp`, combat.rs `brigade_killed`), the rest is lost.
//! * Growth "en cualquier momento en que se halle en un espacio con 1 UM propia" (ES 5.6.7 C):
//!   kept as the owner's own decisions above. Not offered while a battle's losses, a retreat or a
//!   choice of losses is under way: those frames take SP off a force whose losses are already
//!   fixed by the CRT (7.8), and an SP absorbed there would change which SP the loss may take;
//!   the rule's "en cualquier momento" is read as the owner's moments of play, not the steps
//!   inside the resolution of a loss (a reading).

use super::FtP;
use super::content::{ArmyId, GeneralId, Side};
use super::state::*;
use bivouac_engine::log::Refusal;
use bivouac_engine::log::Log;
use serde::{Deserialize, Serialize};

/// The generals whose brigade may grow, and the rule that says so.
const STRONG: [(&str, &str); 2] = [("forrest", "FtP 5.6.7 C"), ("sheridan", "FtP 5.6.7 D")];

/// FtP 5.6.7 C, D bookkeeping.
/// `PartialEq` by `same_list` (part of a position's key, `State::eq`).
#[derive(Clone, Debug, Default, Eq, Serialize, Deserialize)]
pub struct StrongSt {
    /// The cavalry brigades at 2 SP (by their general).
    pub two_sp: Vec<GeneralId>,
}

impl PartialEq for StrongSt {
    fn eq(&self, o: &Self) -> bool {
        same_list(&self.two_sp, &o.two_sp)
    }
}

/// Where a growing brigade takes its SP from.
enum Source {
    /// A loose infantry SP of this space.
    Loose(Sp),
    /// An infantry SP of this army's display.
    Army(ArmyId),
    /// An SP the moving corps carries.
    Carried,
}

impl FtP {
    /// The SP of cavalry brigade `g`: 2 once grown (FtP 5.6.7 C, D), else 1 (FtP 5.5.1).
    pub fn brigade_sp(&self, st: &State, g: GeneralId) -> u8 {
        if st.strong.two_sp.contains(&g) { 2 } else { 1 }
    }

    /// The SP of the cavalry brigades among `gens` (other generals count nothing).
    pub fn brigades_sp(&self, st: &State, gens: impl IntoIterator<Item = GeneralId>) -> u16 {
        gens.into_iter().filter(|&g| self.is_cav(st, g)).map(|g| self.brigade_sp(st, g) as u16).sum()
    }

    /// The rule giving `g`'s brigade the 2-SP ability (FtP 5.6.7 C, D), if it has it.
    fn strong_rule(&self, st: &State, g: GeneralId) -> Option<&'static str> {
        self.is_cav(st, g).then(|| STRONG.iter().find(|(id, _)| self.c.general(id) == Some(g)).map(|&(_, rule)| rule)).flatten()
    }

    /// Where `g`'s brigade would take the SP it absorbs, if it may grow now.
    fn grow_source(&self, st: &State, g: GeneralId) -> Option<Source> {
        if !st.opts.special_generals || self.strong_rule(st, g).is_none() || st.strong.two_sp.contains(&g) {
            return None;
        }
        let side = self.gen_side(g).index();
        match st.generals[g as usize] {
            GenAt::Map(s) => (st.sp[s as usize][side] > 0).then_some(Source::Loose(s)),
            GenAt::Army(a) => st.armies[a as usize].is_some_and(|x| x.sp > 0).then_some(Source::Army(a)),
            GenAt::Moving => {
                let m = st.moving.as_ref()?;
                if m.sp > 0 {
                    Some(Source::Carried)
                } else {
                    (m.kind == Formation::Brigade && st.sp[m.at as usize][side] > 0).then_some(Source::Loose(m.at))
                }
            }
            _ => None,
        }
    }

    /// FtP 5.6.7 C, D: the brigades `top`'s deciding side may grow now (by our reading, its own decisions).
    pub(super) fn grow_actions(&self, st: &State, top: Frame, out: &mut Vec<Action>) {
        if !st.opts.special_generals {
            return;
        }
        let side = match top {
            Frame::Round { side } | Frame::Ops { side, .. } | Frame::Campaign { side, .. } | Frame::Pcs { side, .. } => side,
            Frame::Reinforce { side } | Frame::Strategic { side } | Frame::PlaceGenerals { side } => side,
            // In the enemy's move: before intercepting it or standing against it.
            Frame::Intercept { side, .. } | Frame::Rbb { side, .. } => side,
            Frame::Move => match st.moving.as_ref() {
                Some(m) => m.side,
                None => return,
            },
            _ => return,
        };
        for (id, _) in STRONG {
            if let Some(g) = self.c.general(id)
                && self.gen_side(g) == side
                && self.grow_source(st, g).is_some()
            {
                out.push(Action::GrowBrigade { general: g });
            }
        }
    }

    /// Why `grow GENERAL` is refused, naming the rule.
    pub(super) fn grow_refusal(&self, st: &State, g: GeneralId) -> Refusal {
        let name = &self.c.generals[g as usize].name;
        let Some(rule) = self.strong_rule(st, g) else {
            let why = if self.c.generals[g as usize].replaces.is_some_and(|o| self.strong_rule(st, o).is_some()) { " (a replacement general does not inherit it)" } else { "" };
            return Refusal::new("FtP 5.6.7 C", format!("{name} has no brigade that may grow to 2 SP{why}"));
        };
        let why = if !st.opts.special_generals {
            "the optional rule (opt-special-generals) is off".to_string()
        } else if st.strong.two_sp.contains(&g) {
            format!("{name}'s brigade is already 2 SP")
        } else if !matches!(st.generals[g as usize], GenAt::Map(_) | GenAt::Army(_) | GenAt::Moving) {
            format!("{name}'s brigade is not on the map")
        } else if self.grow_source(st, g).is_some() {
            format!("not now: awaiting {}", self.awaiting(st))
        } else {
            format!("{name}'s brigade is not in a space with 1 friendly SP")
        };
        Refusal::new(rule, format!("`grow {}` is not allowed: {why}", self.c.generals[g as usize].id))
    }

    /// FtP 5.6.7 C, D: `g`'s brigade absorbs 1 friendly SP and becomes 2 SP (already checked legal).
    pub(super) fn grow_brigade(&self, st: &mut State, g: GeneralId, log: &mut Log) {
        let Some(src) = self.grow_source(st, g) else { return };
        let side = self.gen_side(g).index();
        let at = match src {
            Source::Loose(s) => {
                st.sp[s as usize][side] -= 1;
                s
            }
            Source::Army(a) => {
                let x = st.armies[a as usize].as_mut().expect("army");
                x.sp -= 1;
                x.space
            }
            Source::Carried => {
                let m = st.moving.as_mut().expect("moving");
                m.sp -= 1;
                m.at
            }
        };
        st.strong.two_sp.push(g);
        log.info(|| format!("{}'s brigade absorbs 1 SP at {} and is now 2 SP ({})", self.c.generals[g as usize].name, self.sname(at), self.strong_rule(st, g).unwrap_or("FtP 5.6.7")));
    }

    /// A brigade loses 1 SP (FtP 5.5.4; 5.6.7 C, D): a 2-SP brigade goes on as a 1-SP brigade
    /// (false), a 1-SP brigade is destroyed and its general goes to the turn track (true).
    pub(super) fn lose_brigade_sp(&self, st: &mut State, side: Side, g: GeneralId) -> bool {
        if let Some(i) = st.strong.two_sp.iter().position(|&x| x == g) {
            st.strong.two_sp.remove(i);
            st.sp_lost[side.index()] += 1;
            return false;
        }
        self.brigade_to_track(st, side, g);
        true
    }

    /// `n` SP lost from the brigades `cav` (2-SP brigades shrink first); the destroyed ones.
    pub(super) fn lose_brigades(&self, st: &mut State, side: Side, mut cav: Vec<GeneralId>, n: &mut u16) -> Vec<GeneralId> {
        cav.sort_by_key(|&g| std::cmp::Reverse(self.brigade_sp(st, g)));
        let mut gone = Vec::new();
        for g in cav {
            while *n > 0 {
                *n -= 1;
                if self.lose_brigade_sp(st, side, g) {
                    gone.push(g);
                    break;
                }
            }
        }
        gone
    }

    /// A brigade removed whole (its general killed, its force eliminated): its SP, and it is no
    /// longer 2 SP.
    pub(super) fn brigade_gone(&self, st: &mut State, g: GeneralId) -> u8 {
        let sp = self.brigade_sp(st, g);
        st.strong.two_sp.retain(|&x| x != g);
        sp
    }

    /// After every action: a brigade that left the map by another way (an event) is 1 SP when
    /// it returns (FtP 5.5.1: a new brigade).
    pub(super) fn strong_cleanup(&self, st: &mut State) {
        if !st.strong.two_sp.is_empty() {
            let gens = &st.generals;
            st.strong.two_sp.retain(|&g| matches!(gens[g as usize], GenAt::Map(_) | GenAt::Army(_) | GenAt::Moving));
        }
    }

    /// Fuzz invariant: only brigades with the ability, in play, are 2 SP, each once.
    pub(super) fn check_strong(&self, st: &State) -> Result<(), String> {
        for (i, &g) in st.strong.two_sp.iter().enumerate() {
            let id = &self.c.generals[g as usize].id;
            if self.strong_rule(st, g).is_none() || !st.opts.special_generals {
                return Err(format!("{id}'s brigade is 2 SP without FtP 5.6.7 C/D"));
            }
            if !matches!(st.generals[g as usize], GenAt::Map(_) | GenAt::Army(_) | GenAt::Moving) || st.strong.two_sp[..i].contains(&g) {
                return Err(format!("{id}'s brigade is 2 SP out of play or twice"));
            }
        }
        Ok(())
    }
}
