//! What a side is asked to do at each decision, in the game's words (the app's prompt). Read
//! from the step on top of the sequence of play and from the side's own legal actions; a unit
//! is named only when the side owns it.

use super::Gcacw;
use super::state::{Action, Frame, State};
use bivouac_engine::{Game, Seat};

pub fn prompt(g: &Gcacw, st: &State, seat: Seat) -> Option<String> {
    let legal = g.legal_actions(st, seat);
    if legal.is_empty() {
        return None;
    }
    let sc = &g.data.scenarios[st.sc as usize];
    let unit = |u: u8| sc.units.get(u as usize).filter(|d| d.side == seat).map_or("the unit".to_string(), |d| d.name.clone());
    let leader = |l: u8| sc.leaders.get(l as usize).filter(|d| d.side == seat).map_or("the leader".to_string(), |d| d.name.clone());
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);
    let text = match st.flow.top()? {
        Frame::Transfer { .. } => "Transfer a leader to another unit, or press Done (GCACW 6.3)".to_string(),
        Frame::Initiative { .. } => "Choose an action: activate a leader, march a unit or assault; or pass (GCACW 4.2)".to_string(),
        Frame::Select { leader: l, assault: false, .. } => format!("Choose the units {} activates, then press Done (GCACW 5.2)", leader(*l)),
        Frame::Select { leader: l, assault: true, .. } => format!("Choose the units of {}'s assault, then press Done (GCACW 5.3)", leader(*l)),
        Frame::Activation { .. } => "Choose the next unit of the activation to march, or end it (GCACW 5.2)".to_string(),
        Frame::March => match &st.march {
            Some(m) if has(|a| matches!(a, Action::Attack { .. })) => format!("Move {} ({} MP left) or attack from it, or stop (GCACW 5.1, 6.1)", unit(m.unit), m.ma as f32 / 2.0),
            Some(m) => format!("Choose a hex to move {} to ({} MP left), or stop (GCACW 5.1)", unit(m.unit), m.ma as f32 / 2.0),
            None => "Move the marching unit, or stop (GCACW 5.1)".to_string(),
        },
        Frame::AssaultTarget { .. } => "Choose the enemy hex to assault (GCACW 5.3)".to_string(),
        Frame::AssaultKeep { allowed, .. } => format!("The assault number allows {allowed} units: choose those that attack (GCACW 5.3)"),
        Frame::GrandOffer { .. } => "Make a grand assault, or attack alone? (GCACW 7.1)".to_string(),
        Frame::GrandJoin { .. } => "Choose the units that join the grand assault, then press Done (GCACW 7.1)".to_string(),
        Frame::CavOffer { .. } => "Your cavalry may retreat before the attack: retreat, or stay (GCACW 7.7)".to_string(),
        Frame::Loss { left, .. } => format!("Choose the unit that takes the next manpower loss ({left} to take) (GCACW 7.5)"),
        Frame::Retreat(_) => "Choose a hex to retreat to (GCACW 7.6)".to_string(),
        Frame::Voluntary { .. } => "Retreat from the attacked hex, or stay and fight (GCACW 7.6)".to_string(),
        Frame::Advance { .. } => "Choose units to advance into the vacated hex, or press Done (GCACW 7.6)".to_string(),
        Frame::Recovery { .. } => "Build or repair bridges, or press Done to end your recovery (GCACW 8.0, 10.0)".to_string(),
        Frame::Swamp { unit: u, .. } => format!("Rain floods the swamp: choose a hex to move {} out to (GCACW 12.0)", unit(*u)),
        Frame::Decoy { .. } => "Move the decoy force marker, or stop (GCACW 7.7)".to_string(),
        Frame::DecoyLead { lma: None, .. } => "Choose how many units the decoy pretends to activate, then press Done (GCACW 12.0)".to_string(),
        Frame::DecoyLead { .. } => "March the decoy force marker as the next unit of its pretended activation (GCACW 12.0)".to_string(),
        Frame::Relocate { leader: l, .. } => format!("Choose the unit {} joins (GCACW 7.5)", leader(*l)),
        Frame::Cont(_) => "Choose your action".to_string(),
    };
    Some(text)
}
