//! What a player is asked to do at each decision, in the game's words (the app's prompt).
//! Read from the step on top of the sequence of play and from the player's legal actions,
//! which the player sees; nothing hidden is named.

use super::state::{Frame, State};
use super::{Action, BlockadeRunner};
use bivouac_engine::{Game, Seat};

/// A list read as players say it: "a, b or c".
pub(crate) fn or_list(items: &[&str]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.concat(),
    }
}

pub fn prompt(g: &BlockadeRunner, s: &State, seat: Seat) -> Option<String> {
    let legal = g.legal_actions(s, seat);
    if legal.is_empty() {
        return None;
    }
    let ship = |i: u8| g.c.ships.get(i as usize).map_or("your ship".to_string(), |d| format!("the {}", d.name));
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);
    let text = match s.flow.top()? {
        Frame::Placement { .. } | Frame::PlaceShip { .. } => {
            let ships: Vec<u8> = legal.iter().filter_map(|a| if let Action::Place { ship, .. } = a { Some(*ship) } else { None }).collect();
            match ships.first() {
                Some(&first) if ships.iter().all(|&x| x == first) => format!("Place {} in a sea zone or port (BR 2.3)", ship(first)),
                _ => "Place one of your ships in a sea zone or port (BR 2.3)".to_string(),
            }
        }
        Frame::Turn { left, .. } => {
            let mut kinds = Vec::new();
            for (f, word) in [
                (has(|a| matches!(a, Action::Load)), "load"),
                (has(|a| matches!(a, Action::Rail)), "rail goods"),
                (has(|a| matches!(a, Action::Unload)), "unload"),
                (has(|a| matches!(a, Action::Move)), "move"),
                (has(|a| matches!(a, Action::Auction)), "auction a ship"),
                (has(|a| matches!(a, Action::Play { .. })), "play a card"),
                (has(|a| matches!(a, Action::Discard { .. })), "discard a card"),
                (has(|a| matches!(a, Action::Offer { .. })), "offer a trade"),
            ] {
                if f {
                    kinds.push(word);
                }
            }
            let n = if *left == 1 { "your last action".to_string() } else { format!("one of your {left} actions") };
            if kinds.is_empty() {
                "Pass: you have nothing more to do this turn (BR 3.4)".to_string()
            } else {
                format!("Choose {n}: {} (BR 3.4)", or_list(&kinds))
            }
        }
        Frame::Load { rail: false, .. } => "Load goods onto your ships in port, then press Done (BR 3.5.1)".to_string(),
        Frame::Load { rail: true, .. } => "Rail goods to your ships in port, then press Done (BR 3.5.6)".to_string(),
        Frame::Unload { .. } => "Unload and sell goods from your ships in port, then press Done (BR 3.5.2)".to_string(),
        Frame::Move { evac: Some(_), .. } => "Move your ships out of the fallen port (BR 3.1.2)".to_string(),
        Frame::Move { .. } => {
            if has(|a| matches!(a, Action::Jettison { .. })) {
                "Sail your ships, lighten them by jettisoning cargo if you wish, then press Done (BR 3.5.3)".to_string()
            } else {
                "Sail your ships to the zones they may reach, then press Done (BR 3.5.3)".to_string()
            }
        }
        Frame::Fund { .. } => {
            if has(|a| matches!(a, Action::Improve { .. })) {
                "Add money to the fund or improve a port's defense, then press Done (BR 3.5.4)".to_string()
            } else {
                "Choose how much money to add to the fund (BR 3.5.4)".to_string()
            }
        }
        Frame::AuctionPick { .. } => "Choose a ship to put up for auction, or stop (BR 3.5.5)".to_string(),
        Frame::Bid { ship: sh, high, .. } => match high {
            Some((_, amount)) => format!("Bid more than ${amount},000 for {}, or pass (BR 3.5.5)", ship(*sh)),
            None => format!("Bid for {}, or pass (BR 3.5.5)", ship(*sh)),
        },
        Frame::TradeReply { from, .. } => format!("Player {} offers you a card in trade: accept with a card of yours, or decline (BR 3.9)", from + 1),
        _ => "Choose your action".to_string(),
    };
    Some(text)
}
