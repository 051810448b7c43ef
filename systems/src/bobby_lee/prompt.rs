//! What a side is asked to do at each decision, in the game's words (the app's prompt). Read
//! from the phase and from the side's own legal actions, which it sees; no hidden block is
//! named.

use super::BobbyLee;
use super::state::{Action, Phase, State};
use bivouac_engine::{Game, Seat};

pub fn prompt(g: &BobbyLee, s: &State, seat: Seat) -> Option<String> {
    let legal = g.legal_actions(s, seat);
    if legal.is_empty() {
        return None;
    }
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);
    // Battle decisions first: what the actions ask is more precise than the phase.
    if s.phase == Phase::Supply && has(|a| matches!(a, Action::Hit(_))) {
        return Some("Pick the block that takes the supply attrition step (BL 11.6)".to_string());
    }
    let battle = [
        (has(|a| matches!(a, Action::Hit(_))), "Pick the block that takes the loss (BL 7.32)"),
        (has(|a| matches!(a, Action::Deploy(..))), "Deploy your blocks in the battle boxes, then end (BL 6.2)"),
        (has(|a| matches!(a, Action::Target(..))), "Choose the enemy artillery your guns fire at (BL 7.33)"),
        (has(|a| matches!(a, Action::Press | Action::Break(_))), "Press the melee for a second round, or break off (BL 7.35)"),
        (has(|a| matches!(a, Action::Disengage(..))), "Choose the box your unit disengages to (BL 7.2, 7.35)"),
        (has(|a| matches!(a, Action::Fire(..) | Action::Melee(_) | Action::BMove(..) | Action::Reinforce(_) | Action::Envelop(..))), "Fire, melee, move or reinforce with your units in battle, then end your battle turn (BL 7)"),
        (has(|a| matches!(a, Action::Withdraw | Action::Continue(_))), "Night: fight another day, or withdraw (BL 6.33)"),
        (has(|a| matches!(a, Action::Fight(_))), "Choose the battle to fight next (BL 6.1)"),
        (has(|a| matches!(a, Action::Retreat(..))), "Choose a hex to retreat to (BL 7.1)"),
        (has(|a| matches!(a, Action::Refuse)), "The enemy demands your surrender: surrender, or refuse (BL 11.81)"),
    ];
    if let Some((_, text)) = battle.iter().find(|(on, _)| *on) {
        return Some(text.to_string());
    }
    let text = match s.phase {
        Phase::Deploy => "Swap your set-up blocks if you wish, then press Done (BL 3.2.3)".to_string(),
        Phase::Emancipation => "Proclaim emancipation now, or not (BL 3.55)".to_string(),
        Phase::Replacement => {
            let rp = s.rp.get(seat as usize).copied().unwrap_or(0);
            format!("Spend your {rp} replacement points on steps and new cadres, then press Done (BL 12.1)")
        }
        Phase::Bids => "Bid for the initiative in secret; 0 passes (BL 4.3)".to_string(),
        Phase::Activation => match s.must_activate {
            Some(n) => format!("Activate {n} HQ{} (BL 4.3, 5.11)", if n == 1 { "" } else { "s" }),
            None => "Activate an HQ, march, or pass (BL 4.41, 5.11)".to_string(),
        },
        Phase::Movement => {
            if has(|a| matches!(a, Action::SmLand(..) | Action::Rail(..) | Action::Naval(..))) {
                "Move units under your active HQs or by strategic move, then end (BL 5.3, 5.4)".to_string()
            } else {
                "Move units under your active HQs, then end (BL 5.3)".to_string()
            }
        }
        Phase::HqMove => "Move your active HQs, then end (BL 5.11)".to_string(),
        Phase::Battle => "Play the battle, then end (BL 6)".to_string(),
        Phase::Supply => {
            if has(|a| matches!(a, Action::HqSupply(_))) {
                "Choose the HQs that supply their units, then end (BL 11.7)".to_string()
            } else {
                "Finish your supply phase (BL 11.1)".to_string()
            }
        }
        Phase::Over => return None,
    };
    Some(text)
}
