//! The Confederate naval weapons (FtP 6.7): ironclads, torpedo markers and the CSS Hunley.
//!
//! They come into play only by events ("CSS Arkansas" #53, "CSS Virginia" #54, "CSS Tennessee"
//! #55, "Confederate Torpedoes" #51, "CSS Hunley" #56; removed by "USS Monitor" #60). The events
//! module calls the functions below; each refuses with the rule when the placement is illegal.
//! Their effects live where they act: amphibious DRMs and the Hunley's single use (`naval.rs`,
//! 6.4.1), the torpedo's -1 to running the guns (6.3.1), the ironclad stopping Union river
//! movement (6.2.2, 6.2.3) and negating UNC (`unc.rs`, 6.6.2) and blocking Union river LOCs
//! (8.1.2, `rules.rs`).

use super::FtP;
use super::content::Side;
use super::state::{Sp, State};
use bivouac_engine::log::{Log, Refusal};
use bivouac_engine::map::graph::SpaceId;
use bivouac_engine::refuse;

/// A Confederate naval weapon (FtP 6.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weapon {
    Ironclad,
    Torpedo,
    Hunley,
}

impl Weapon {
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Ironclad => "an ironclad",
            Weapon::Torpedo => "a torpedo marker",
            Weapon::Hunley => "the CSS Hunley",
        }
    }
}

impl FtP {
    /// FtP 6.7: the counters of a weapon in play at most (3 ironclads, 6 torpedoes, 1 Hunley;
    /// `[counters]` of game.toml).
    pub fn weapon_max(&self, w: Weapon) -> usize {
        let (key, d) = match w {
            Weapon::Ironclad => ("ironclads_max", 3),
            Weapon::Torpedo => ("torpedoes_max", 6),
            Weapon::Hunley => ("hunley_max", 1),
        };
        self.c.counters.get(key).and_then(|v| v.as_integer()).map(|v| v as usize).unwrap_or(d)
    }

    /// FtP 6.7: may the CSA place weapon `w` in `s` now? Any CSA-controlled port or coastal-fort
    /// space, no LOC needed; at most one ironclad and one torpedo marker per space; the caps.
    pub fn weapon_placeable(&self, st: &State, w: Weapon, s: Sp) -> Result<(), Refusal> {
        let d = self.c.map.space(SpaceId(s));
        if d.port.is_none() || !st.controls(Side::Csa, s) {
            refuse!("FtP 6.7", "{} goes only in a CSA-controlled port or coastal fort; {} is not one", w.name(), self.sname(s));
        }
        let n = &st.naval;
        let (count, here) = match w {
            Weapon::Ironclad => (n.ironclads.len(), n.ironclad(s)),
            Weapon::Torpedo => (n.torpedoes.len(), n.torpedo(s)),
            Weapon::Hunley => (n.hunley.iter().count(), n.hunley == Some(s)),
        };
        if count >= self.weapon_max(w) {
            refuse!("FtP 6.7", "at most {} of {} in play", self.weapon_max(w), w.name());
        }
        if here {
            refuse!("FtP 6.7", "{} already holds {}", self.sname(s), w.name());
        }
        Ok(())
    }

    /// FtP 6.7: place a CSA naval weapon (by its event); it never moves afterwards.
    pub fn place_weapon(&self, st: &mut State, w: Weapon, s: Sp, log: &mut Log) -> Result<(), Refusal> {
        self.weapon_placeable(st, w, s)?;
        match w {
            Weapon::Ironclad => st.naval.ironclads.push(s),
            Weapon::Torpedo => st.naval.torpedoes.push(s),
            Weapon::Hunley => st.naval.hunley = Some(s),
        }
        log.info(|| format!("the CSA places {} at {} (FtP 6.7)", w.name(), self.sname(s)));
        Ok(())
    }

    /// FtP 6.7: "USS Monitor" (#60) removes a CSA ironclad.
    pub fn remove_ironclad(&self, st: &mut State, s: Sp, log: &mut Log) -> Result<(), Refusal> {
        if !st.naval.ironclad(s) {
            refuse!("FtP 6.7", "there is no CSA ironclad at {}", self.sname(s));
        }
        st.naval.ironclads.retain(|&x| x != s);
        log.info(|| format!("the ironclad at {} is sunk (FtP 6.7)", self.sname(s)));
        Ok(())
    }

    /// Every CSA naval weapon in `s` is eliminated (FtP 6.7).
    pub(super) fn weapons_removed(&self, st: &mut State, s: Sp, log: &mut Log) {
        let n = &mut st.naval;
        let any = n.ironclad(s) || n.torpedo(s) || n.hunley == Some(s);
        n.ironclads.retain(|&x| x != s);
        n.torpedoes.retain(|&x| x != s);
        if n.hunley == Some(s) {
            n.hunley = None;
        }
        if any {
            log.info(|| format!("the CSA naval weapons at {} are eliminated (FtP 6.7)", self.sname(s)));
        }
    }

    /// FtP 6.7: a Union move that ends, after all retreats, with at least 1 SP in a space with
    /// CSA naval weapons eliminates them (even after an unopposed landing).
    pub(super) fn weapons_swept(&self, st: &mut State, log: &mut Log) {
        let Some(m) = st.moving.as_ref() else { return };
        if m.side == Side::Union && self.moving_strength(st, m) > 0 {
            let s = m.at;
            self.weapons_removed(st, s, log);
        }
    }
}
