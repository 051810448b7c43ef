//! Load-time checks of the event scripts (FtP 4.2): each script's `play` runs once on an
//! opening position where its data says it is playable, taking every first option and rolling
//! 1, 2, 3 ..., so a broken or hostile script is reported with its file and line before a game
//! starts. A failure during play is a refusal naming FtP 4.2 (see `play::event_action`).

use super::super::FtP;
use super::super::content::Side;
use super::super::state::*;
use super::decl::Timing;
use bivouac_engine::content::{Diagnostic, Diagnostics};
use bivouac_engine::game::Setup;
use bivouac_engine::log::Log;
use bivouac_engine::piles::CardId;

impl FtP {
    pub(crate) fn dry_run_events(&self) -> Result<(), Diagnostics> {
        let mut errs = Diagnostics::default();
        let cards: Vec<u8> = self.c.events.scripted().collect();
        for card in cards {
            let Some((script, decl)) = self.c.events.get(card) else { continue };
            let Some(sc) = self.c.scenarios.iter().find(|s| self.c.card(card).is_some_and(|d| d.scenarios.contains(&s.id))) else { continue };
            let Ok(st) = self.new_state(&Setup::new(&sc.id, 2, 1)) else { continue };
            for side in [Side::Union, Side::Csa] {
                let mut st = st.clone();
                let c = CardId(card as u16 - 1);
                if let Some(from) = st.piles.find(c) {
                    let _ = st.piles.move_card(c, from, HAND[side.index()]);
                }
                st.phase = Phase::Strategy;
                // A `playable` that fails (an error, a loop stopped by the sandbox's budget) is
                // the script's bug: reported here, where play would take it as "not playable".
                if decl.playable {
                    let asked = self.event_call_read(&st, side, card, |view| super::host().call_input_as::<bool>(script, "playable", view)).0;
                    if let Err(e) = asked {
                        errs.push(Diagnostic { file: script.name.clone(), line: e.line.map_or(1, |l| l as usize), col: 1, found: String::new(), message: format!("card #{card}: `playable` for {} in {} fails: {e}", side.name(), sc.id) });
                        continue;
                    }
                }
                // Interrupt-only events need an enemy move under way: their card tests cover them.
                if !decl.when.contains(&Timing::Round) || !self.script_event_playable(&st, side, card, Timing::Round) {
                    continue;
                }
                let mut n = 0u8;
                let mut roll = |_: &mut State| {
                    n = n % 6 + 1;
                    n
                };
                let mut log = Log::quiet();
                let mut r = self.start_event(&mut st, side, card, false, &mut log, &mut roll);
                let mut asked = 0;
                loop {
                    let Ok(()) = r else { break };
                    let Some(first) = st.events.last().and_then(|e| e.ask.as_ref()).map(|a| a.options[0]) else { break };
                    asked += 1;
                    if asked >= super::play::MAX_ASKS {
                        r = Err(format!("{}: asks {} questions and asks again (the engine cuts an event off there)", script.name, super::play::MAX_ASKS));
                        break;
                    }
                    r = self.choose_event(&mut st, first, &mut log, &mut roll);
                }
                if let Err(m) = r {
                    let line = m.strip_prefix(&format!("{}:", script.name)).and_then(|t| t.split(':').next()).and_then(|l| l.parse().ok()).unwrap_or(1);
                    errs.push(Diagnostic { file: script.name.clone(), line, col: 1, found: String::new(), message: format!("card #{card} played by {} in {}: {m}", side.name(), sc.id) });
                }
            }
        }
        errs.into_result(())
    }

    /// What the pending event waits for, for `awaiting`.
    pub(crate) fn event_awaiting(&self, st: &State) -> String {
        match st.events.last().and_then(|e| e.ask.as_ref().map(|a| (e.card, a))) {
            Some((card, a)) => format!("event #{card}: {} ({}) (FtP 4.2)", a.prompt, a.options_text()),
            None => "an event (FtP 4.2)".into(),
        }
    }
}
