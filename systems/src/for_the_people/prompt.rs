//! What a side is asked to do at each decision, in the game's words (the app's prompt). Read
//! from the decision on top of the sequence of play, which both sides see (the table knows
//! whose decision it is and about what), and from the side's own legal actions.

use super::FtP;
use super::state::{Action, Frame, LossCause, State};
use bivouac_engine::{Game, Seat};

pub fn prompt(g: &FtP, st: &State, seat: Seat) -> Option<String> {
    let legal = g.legal_actions(st, seat);
    if legal.is_empty() {
        return None;
    }
    let general = |i: u8| g.c.generals.get(i as usize).map_or("the general".to_string(), |d| d.name.clone());
    let card = |n: u8| g.c.card(n).map_or(format!("card #{n}"), |d| format!("#{} {}", d.number, d.title));
    let has = |f: fn(&Action) -> bool| legal.iter().any(f);
    let text = match st.flow.top()? {
        Frame::Reinforce { side } => format!("Place your reinforcement SP on the map: {} (FtP 10.3, 10.4)", super::pools_text(st, *side)),
        Frame::Strategic { .. } => "Move infantry SP by rail if you wish, then press Done (FtP 10.2)".to_string(),
        Frame::PlaceGenerals { .. } => "Place your arriving general in a space (FtP 10.6)".to_string(),
        Frame::FirstPlayer => "Play a campaign card as an event to go first, or let the Union start (FtP 3.3.1)".to_string(),
        Frame::Round { .. } => "Play a card for its OPs or as an event, or discard one (FtP 3.3.2)".to_string(),
        Frame::Ops { card: c, value, .. } => format!("Choose what to do with the {value} OPs of {} (FtP 4.1)", card(*c)),
        Frame::Pcs { left, .. } => format!("Place up to {left} political control markers, then press Done (FtP 11.3)"),
        Frame::Campaign { left, .. } => format!("Choose a force to move in the campaign, {left} move{} left (FtP 4.3)", if *left == 1 { "" } else { "s" }),
        Frame::Move => match &st.moving {
            Some(m) if has(|a| matches!(a, Action::Step { .. })) => {
                let who = match (m.army, m.gens.first()) {
                    (Some(a), _) => g.c.armies.get(a as usize).map_or("the army".to_string(), |d| d.name.clone()),
                    (None, Some(&gl)) => format!("{}'s {}", general(gl), m.kind.name()),
                    _ => format!("the {}", m.kind.name()),
                };
                format!("Choose a space to move {who} to from {} ({} MP left), or stop (FtP 5.1)", g.sname(m.at), m.mp)
            }
            _ => "Finish the move of your force (FtP 5.1)".to_string(),
        },
        Frame::Retreat { from, .. } => format!("Choose the space to retreat to from {} (FtP 7.6.1)", g.sname(*from)),
        Frame::Excess { space, .. } => format!("Choose a general over the limit at {} to go to the turn track (FtP 5.2.9, 5.3.4)", g.sname(*space)),
        Frame::Intercept { to, .. } => format!("Intercept the enemy entering {}, or let it pass (FtP 5.8)", g.sname(*to)),
        Frame::Rbb { from, .. } => format!("Retreat before battle from {}, or stand and fight (FtP 7.2)", g.sname(*from)),
        Frame::Capital { .. } => "Choose the space for your new capital (FtP 11.2.3)".to_string(),
        Frame::Naval => "Choose the port your naval move sails to (FtP 6.1)".to_string(),
        Frame::Event => match st.events.last().and_then(|e| e.ask.as_ref().map(|a| (e.card, a))) {
            Some((c, a)) => format!("Event #{c}: {} (FtP 4.2)", upper_first(&a.prompt)),
            None => "Answer the event (FtP 4.2)".to_string(),
        },
        Frame::Interrupt { .. } => "Play an interrupt event against the force just activated, or decline (FtP 4.2.5)".to_string(),
        Frame::TwoArmies { space, .. } => format!("Two of your armies ended in {}: choose the one to remove (FtP 5.2.4)", g.sname(*space)),
        Frame::Succession { army, .. } => format!("Choose the new commander of {} (FtP 5.2.8)", g.c.armies.get(*army as usize).map_or("the army", |d| d.name.as_str())),
        Frame::Lead { space, .. } => format!("Choose who commands the defence of {} (FtP 5.3.1)", g.sname(*space)),
        Frame::Losses { .. } => "Choose where your battle loss comes from: infantry or a cavalry brigade (FtP 5.5.4)".to_string(),
        Frame::Relieved { general: gl, .. } => format!("{} is relieved: reassign, demote or retire him (FtP 5.6.2-5.6.4)", general(*gl)),
        Frame::Reorg { .. } => "Pick a general to move without SP, or press Done (FtP 5.6.5)".to_string(),
        Frame::ReorgGeneral { general: gl, .. } => format!("Choose the space {} goes to (FtP 5.6.5)", general(*gl)),
        Frame::Counter { general: gl, .. } => format!("Put {} on his cavalry-brigade or his corps-commander counter (FtP 5.6.7)", general(*gl)),
        Frame::Elite { space, .. } => format!("Choose how many elite units fight in the battle at {} (FtP 7.5.1)", g.sname(*space)),
        Frame::SpaceLosses { space, left, cause, .. } => {
            let why = match cause {
                LossCause::Retreat => "lost ending the retreat (FtP 7.6.1)",
                LossCause::Attrition => "of attrition (FtP 9.1)",
                LossCause::Event { .. } => "the event removes (FtP 4.2.4)",
            };
            format!("Take the {left} SP {why} at {}: choose where each comes from", g.sname(*space))
        }
        Frame::SwOrder { .. } => "Choose which of your Strategic Will changes applies next (FtP 12.4)".to_string(),
    };
    Some(text)
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or(String::new(), |f| f.to_uppercase().collect::<String>() + c.as_str())
}
