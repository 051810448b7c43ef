//! The battle as one call: the CRT procedure of FtP 7.3 over plain numbers.
//!
//! This is the minimal resolution this branch needs to play; the full procedure (retreat before
//! battle, every DRM of 7.5, leader casualties 7.7) belongs to `battle.rs` (branch ftp-battle)
//! and replaces this call when it lands.

use super::content::{Crt, CrtBlock};

/// One side of a battle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fighter {
    pub sp: u16,
    /// Total DRM of this side (ratings 7.4, fort 6.8.7, opponent out of supply 8.3).
    pub drm: i8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fought {
    /// SP lost by the attacker and the defender after the 2x cap (FtP 7.3.1, 7.8.1).
    pub attacker_loss: u16,
    pub defender_loss: u16,
    pub attacker_wins: bool,
    pub large: bool,
}

/// FtP 7.3.1 A: the battle size block by the SP of both sides.
pub fn block(crt: &Crt, total: u16) -> &CrtBlock {
    if total <= 5 {
        &crt.small
    } else if total >= 20 {
        &crt.large
    } else {
        &crt.medium
    }
}

/// FtP 7.3: `rolls` = (attacker's die, defender's die). `star_counts` = false in resource-center
/// and capital spaces (7.10 legend).
pub fn resolve(crt: &Crt, att: Fighter, def: Fighter, rolls: (u8, u8), star_counts: bool) -> Fought {
    let b = block(crt, att.sp + def.sp);
    let row = |roll: u8, drm: i8| ((roll as i16 + drm as i16).clamp(1, 10) - 1) as usize;
    // FtP 7.3.1 C: the attacker's roll reads the defender-loss column and vice versa.
    let d = b.defender_loss[row(rolls.0, att.drm)];
    let a = b.attacker_loss[row(rolls.1, def.drm)];
    // FtP 7.3.1, 7.8.1: no side inflicts more than twice its own SP.
    let cap = |sp: u16, loss: u8| (loss as u16).min(sp * 2);
    // FtP 7.3.2: the larger CRT result loses; ties go to the defender unless starred.
    let attacker_wins = d.loss > a.loss || (d.loss == a.loss && d.star && star_counts);
    Fought { attacker_loss: cap(def.sp, a.loss), defender_loss: cap(att.sp, d.loss), attacker_wins, large: att.sp + def.sp >= 20 }
}
