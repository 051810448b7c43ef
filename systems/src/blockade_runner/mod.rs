//! Blockade Runner (2-6 merchant captains running the Union blockade, 1861-1865).
//!
//! Rules: the Spanish rulebook (ES); rule numbers `BR x.y` number its sections, `L<n>` are
//! the lines of its text. Content (board, charts, ships,
//! cards) is TOML under `content/blockade-runner/`, most of it authored because the rulebook text
//! lost its charts; see each file's header.
//!
//! Shape: the state keeps a [`Flow`](bivouac_engine::flow::Flow) of [`Frame`]s. Automatic steps
//! (the Union Action, goods management, turn order, end of year) are the engine flow driver's steps
//! (`impl Procedure for BlockadeRunner`), run until a decision frame is on top; every player action is a decision frame with small
//! sub-steps (`load kate cotton`, `sail kate hatteras`, `bid 12`, `done`), so `legal_actions` is
//! complete and each out-of-turn decision (a bid, an evacuation, a trade answer) belongs to one seat.

mod ai;
mod data;
mod hooks;
#[cfg(test)]
mod hooks_tests;
mod prompt;
mod script;
mod state;
#[cfg(test)]
mod tests;

pub use data::{Content, Effect, GOODS, LocKind};
pub use state::{Frame, LocState, MoveSlot, Opts, Player, Ship, State, TradeAnswer};

use bivouac_engine::board::{ActionHint, Board, BoardLink, BoardPiece, BoardSpace, CardFace, Layout, Panel};
use bivouac_engine::content::Diagnostics;
use bivouac_engine::flow::{At, Flow, Procedure, drive};
use bivouac_engine::game::{Game, OptionInfo, Outcome, ScenarioInfo, Seat, Setup, check_options};
use bivouac_engine::log::{Log, Refusal};
use bivouac_engine::session::{AnyGame, Registered};
use bivouac_engine::{GameRng, refuse};
use data::{ARMS, BLACK, COTTON, TOBACCO};
use script::{Command, ScriptTarget};
use serde::Serialize;
use std::path::PathBuf;

pub const DIR: &str = "blockade-runner";

pub fn load(layers: &[PathBuf]) -> Result<Option<Box<dyn AnyGame>>, Diagnostics> {
    let (game, hash) = BlockadeRunner::load(layers)?;
    Ok(Some(Box::new(Registered::new(game, hash))))
}

/// The rules plus the loaded content.
pub struct BlockadeRunner {
    pub c: Content,
    /// The special rules of `standard` as Lua hooks (`hooks.toml`).
    pub(crate) hooks: bivouac_engine::hooks::Hooks,
}

/// A card play's target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    None,
    Loc(u8),
    Ship(u8),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Place a ship: initial placement, a ship won at auction, a replacement ship.
    Place { ship: u8, zone: u8 },
    /// Turn-level choices (each costs one action except Pass/Offer).
    Load,
    Rail,
    Unload,
    Move,
    Auction,
    Play { card: u8, target: Target },
    Discard { card: u8 },
    Offer { to: u8, card: u8 },
    Pass,
    /// Finish the current sub-step (load, unload, move, fund, auction round).
    Done,
    LoadCube { ship: u8, good: u8 },
    RailCube { ship: u8, good: u8, from: u8 },
    UnloadCube { ship: u8, good: u8 },
    Sail { ship: u8, zone: u8 },
    Jettison { ship: u8 },
    Fund { amount: u16 },
    Improve { port: u8 },
    AuctionShip { ship: u8 },
    Bid { amount: u16 },
    Accept { card: u8 },
    Decline,
}

const OPT_DRAW: &str = "union-draw";
const OPT_PURCHASE: &str = "defense-purchases";
const OPT_EMPTY: &str = "empty-bonus";
const OPT_BONUS: &str = "bonus-when-no-arms";
const OPT_DICE: &str = "evasion-dice";
const OPT_WINNERS: &str = "auction-winners";

/// The scenario options; the first value of each is the default. All but `evasion-dice` (an
/// optional rule from outside the rulebook) choose between two readings of an unclear rule.
/// `union-draw`: `literal` draws max(0, min(12, deck) + modifier), `cap-after` draws
/// min(12 + modifier, deck). `auction-winners` = `may-bid` reads L266-267, which forbids only
/// auctioning, as no limit on bidding.
fn opt_infos() -> Vec<OptionInfo> {
    let o = |k: &str, d: &str, v: &[&str]| OptionInfo { key: k.into(), description: d.into(), values: v.iter().map(|s| s.to_string()).collect() };
    vec![
        o(OPT_DRAW, "Union cards drawn from a small deck: 'literal' (default): 12 or the whole deck if smaller, plus the War Effort modifier; 'cap-after': 12 plus the modifier, at most the deck (BR 3.1.1)", &["literal", "cap-after"]),
        o(OPT_PURCHASE, "Port defense purchases in one Play-Card action: 'one' (default): one level in all; 'one-per-port': one level in each port (BR 3.5.4)", &["one", "one-per-port"]),
        o(OPT_EMPTY, "An empty ship's +1 in the evasion roll counts 'once' (default), or 'twice': in its speed and again (BR 3.6)", &["once", "twice"]),
        o(OPT_BONUS, "When nobody delivered arms in a turn, the extra action goes to 'nobody' (default) or 'everybody' (BR 3.0, 3.5.2)", &["nobody", "everybody"]),
        o(OPT_DICE, "Optional rule: the number of evasion dice, '2' (default) or '3'; the ship is lost if every die exceeds the target (BR 3.6)", &["2", "3"]),
        o(OPT_WINNERS, "A player who won a ship in this auction action: 'excluded' (default): may not bid on later ships; 'may-bid': may, as the rule forbids only auctioning (BR 3.5.5)", &["excluded", "may-bid"]),
    ]
}

/// The most cash a player may hold, in thousands: $999,000, far above any game's (players
/// start with $5,000-15,000, BR 2.2). Money is integer thousands (BR 1.2); the rules list every
/// whole amount a player may add to the fund or bid (BR 3.5.4, 3.5.5), so a bound on cash is a
/// bound on those listings, and no sum of payments wraps.
pub const MAX_MONEY: i32 = 999;

/// A payment to a player (BR 1.2: integer thousands), held at [`MAX_MONEY`].
fn earn(money: &mut i32, v: i32) {
    *money = money.saturating_add(v).min(MAX_MONEY);
}

fn seat_name(s: u8) -> String {
    format!("p{}", s + 1)
}

fn bit(i: u8) -> u64 {
    1u64 << i
}

impl BlockadeRunner {
    pub fn load(layers: &[PathBuf]) -> Result<(Self, String), Diagnostics> {
        let (c, hash) = data::load_content(layers, DIR)?;
        let mut game = BlockadeRunner { c, hooks: Default::default() };
        game.hooks = hooks::load(layers, &game)?;
        Ok((game, hash))
    }

    // ------------------------------------------------------------------------------------
    // small facts

    fn loc(&self, i: u8) -> &data::Loc {
        &self.c.locs[i as usize]
    }

    fn is_port(&self, z: u8) -> bool {
        self.loc(z).is_port()
    }

    fn ship_owned_by(&self, s: &State, ship: u8, seat: u8) -> bool {
        s.ships.get(ship as usize).is_some_and(|sh| sh.owner == Some(seat) && !sh.lost)
    }

    /// Speed bonus of attached cards (Captain, Pilot).
    fn attach_bonus(&self, sh: &Ship) -> u8 {
        sh.attached.iter().map(|&c| self.c.cards[self.c.card_instances[c as usize] as usize].amount.max(0) as u8).sum()
    }

    /// BR 3.5.3: printed + Captain/Pilot + 1 if it carries no goods.
    pub fn speed(&self, s: &State, ship: u8) -> u8 {
        let sh = &s.ships[ship as usize];
        self.c.ships[ship as usize].speed + self.attach_bonus(sh) + u8::from(sh.load() == 0)
    }

    fn fleet(&self, s: &State, seat: u8) -> impl Iterator<Item = u8> {
        s.ships.iter().enumerate().filter(move |(_, sh)| sh.owner == Some(seat) && !sh.lost).map(|(i, _)| i as u8).collect::<Vec<_>>().into_iter()
    }

    /// BR 3.3: total printed capacity.
    pub fn capacity(&self, s: &State, seat: u8) -> i32 {
        self.fleet(s, seat).map(|i| self.c.ships[i as usize].capacity as i32).sum()
    }

    /// BR 3.11 / G1: total speed with Captains and Pilots, without the empty bonus.
    pub fn total_speed(&self, s: &State, seat: u8) -> i32 {
        self.fleet(s, seat).map(|i| (self.c.ships[i as usize].speed + self.attach_bonus(&s.ships[i as usize])) as i32).sum()
    }

    /// BR 3.11 / F5: sum of printed values.
    pub fn fleet_value(&self, s: &State, seat: u8) -> i32 {
        self.fleet(s, seat).map(|i| self.c.ships[i as usize].value).sum()
    }

    fn price(&self, s: &State, good: usize) -> i32 {
        let t = &self.c.tracks[good];
        if t.is_empty() { 0 } else { t[(s.price[good] as usize).min(t.len() - 1)] }
    }

    /// A port whose capture is pending (its zone is being evacuated).
    fn doomed(&self, s: &State, z: u8) -> bool {
        s.flow.iter().any(|f| matches!(f, Frame::Capture { port } if *port == z))
    }

    /// No ship may stop here (BR 3.1.2: captured ports; and a falling port being evacuated).
    fn no_stop(&self, s: &State, z: u8) -> bool {
        s.locs[z as usize].captured || self.doomed(s, z)
    }

    /// BR 3.6, C3: (defense, blockade) of a blockaded port zone, for evasion rolls.
    fn port_blockade(&self, s: &State, z: u8) -> Option<(i32, i32)> {
        let l = &s.locs[z as usize];
        if self.loc(z).kind != LocKind::Confederate {
            return None;
        }
        if l.captured {
            // C4: the blockade at capture and the printed defense.
            return Some((self.loc(z).defense as i32, l.blockade as i32));
        }
        if l.blockade >= 1 { Some((l.defense as i32, l.blockade as i32)) } else { None }
    }

    fn war_row(&self, arms: u32) -> data::WarRow {
        *self.c.war.iter().rev().find(|r| r.arms <= arms).unwrap_or(&self.c.war[0])
    }

    fn defense_cost(&self, level: u8) -> i32 {
        self.c.defense_cost.get(level as usize).copied().unwrap_or(i32::MAX)
    }

    /// Who owes the decision on top of the flow.
    fn decider(&self, s: &State) -> Option<u8> {
        match s.flow.top()? {
            Frame::Placement { seat }
            | Frame::Turn { seat, .. }
            | Frame::Load { seat, .. }
            | Frame::Unload { seat, .. }
            | Frame::Move { seat, .. }
            | Frame::Fund { seat, .. }
            | Frame::AuctionPick { seat, .. }
            | Frame::PlaceShip { seat, .. } => Some(*seat),
            Frame::Bid { bidder, .. } => Some(*bidder),
            Frame::TradeReply { to, .. } => Some(*to),
            _ => None,
        }
    }

    fn card_name(&self, inst: u8) -> &str {
        &self.c.cards[self.c.card_instances[inst as usize] as usize].name
    }

    fn hand_card(&self, s: &State, seat: u8, kind: u8) -> Option<usize> {
        s.players[seat as usize].hand.iter().position(|&c| self.c.card_instances[c as usize] == kind)
    }

    fn hand_kinds(&self, s: &State, seat: u8) -> Vec<u8> {
        let mut k: Vec<u8> = s.players[seat as usize].hand.iter().map(|&c| self.c.card_instances[c as usize]).collect();
        k.sort();
        k.dedup();
        k
    }

    // ------------------------------------------------------------------------------------
    // procedures

    fn draw_card(&self, s: &mut State, seat: u8, log: &mut Log) {
        if s.deck.is_empty() && !s.discard.is_empty() {
            // D4: reshuffle the discards.
            s.deck = std::mem::take(&mut s.discard);
            let mut d = std::mem::take(&mut s.deck);
            s.rng.shuffle(&mut d);
            s.deck = d;
            log.info(|| "BR 7 D4: the Action deck is reshuffled from the discards".into());
        }
        if let Some(c) = s.deck.pop() {
            s.players[seat as usize].hand.push(c);
            let name = self.card_name(c).to_string();
            log.draw(Some(seat), || format!("you draw {name}"));
        }
    }

    fn roll_dice(&self, s: &mut State, n: u32) -> Vec<u32> {
        (0..n).map(|_| s.die(self.c.dice_sides)).collect()
    }

    /// BR 3.6: the evasion roll. Returns true if the ship got through.
    fn evasion(&self, s: &mut State, ship: u8, def: i32, blk: i32, what: &str, log: &mut Log) -> bool {
        let sh = &s.ships[ship as usize];
        let owner = sh.owner.unwrap_or(0);
        let empty = sh.load() == 0;
        let mut t = self.speed(s, ship) as i32 + def - blk + s.players[owner as usize].evasion as i32;
        if empty && !s.opts.empty_once {
            t += 1; // C1 option: the empty bonus counted a second time
        }
        t += self.hooked_evasion(s, ship, def, blk, what, log);
        let dice = self.roll_dice(s, s.opts.evasion_dice as u32);
        // BR 3.6 step 2: lost only if every die is greater than T.
        let lost = dice.iter().all(|&d| d as i32 > t);
        let name = self.c.ships[ship as usize].name.clone();
        let what = what.to_string();
        log.roll(|| format!("BR 3.6: {name} runs {what}: target {t}, rolls {dice:?}: {}", if lost { "intercepted and destroyed" } else { "gets through" }));
        if lost {
            self.destroy(s, ship, log);
        }
        !lost
    }

    /// BR 3.7: a ship is destroyed with its cargo and attached cards.
    fn destroy(&self, s: &mut State, ship: u8, log: &mut Log) {
        let owner = s.ships[ship as usize].owner;
        let sh = &mut s.ships[ship as usize];
        for g in 0..4 {
            s.reserve[g] += sh.cargo[g] as u32;
            sh.cargo[g] = 0;
        }
        s.removed.append(&mut sh.attached);
        sh.lost = true;
        sh.owner = None;
        sh.zone = None;
        let Some(seat) = owner else { return };
        let p = &mut s.players[seat as usize];
        if let Some(card) = p.insurance.take() {
            // Insurance (AUTHORED card): pays the lost ship's printed value.
            let v = self.c.ships[ship as usize].value.max(0);
            earn(&mut p.money, v);
            s.discard.push(card);
            log.info(|| format!("Insurance pays {} ${v},000", seat_name(seat)));
        }
        if self.fleet(s, seat).next().is_none() {
            // BR 3.7: the least valuable available ship and a $5,000 subsidy.
            earn(&mut s.players[seat as usize].money, self.c.lost_subsidy);
            let best = s.ships.iter().enumerate().filter(|(_, sh)| sh.available()).min_by_key(|(i, _)| (self.c.ships[*i].value, *i)).map(|(i, _)| i as u8);
            let sub = self.c.lost_subsidy;
            log.info(|| format!("BR 3.7: {} lost every ship and receives ${sub},000", seat_name(seat)));
            if let Some(b) = best {
                s.ships[b as usize].owner = Some(seat);
                s.flow.push(Frame::PlaceShip { seat, ship: b });
            }
        }
    }

    /// BR 3.1.1: the Union Action's Blockade sub-phase, then queue the Port Assaults.
    fn year_start(&self, s: &mut State, log: &mut Log) {
        let first = s.year == self.c.first_year;
        // BR 2.4: 1861 as if 10 arms had been delivered.
        let a = if first { self.c.first_turn_arms } else { s.arms_last };
        let row = self.war_row(a);
        let mut deck: Vec<u8> = (0..self.c.union_deck.len() as u8).filter(|&i| s.union_out & bit(i) == 0).collect();
        s.rng.shuffle(&mut deck); // B1: the deck is reshuffled every turn
        let base = (self.c.base_cards as i32).min(deck.len() as i32);
        let n = if s.opts.literal_draw {
            (base + row.modifier).max(0) // B11 literal reading
        } else {
            (self.c.base_cards as i32 + row.modifier).max(0).min(deck.len() as i32)
        } as usize;
        let k = (row.assaults as usize).min(n);
        let year = s.year;
        log.info(|| format!("BR 3.1.1: {year} Union Action: arms delivered {a}, War Effort modifier {}, {n} Union cards drawn, {k} port assault(s)", row.modifier));
        let drawn: Vec<u8> = deck[..n].to_vec();
        for &card in &drawn[..n - k] {
            self.blockade_card(s, self.c.union_deck[card as usize], log);
        }
        let ports: Vec<u8> = drawn[n - k..].iter().map(|&c| self.c.union_deck[c as usize]).collect();
        s.flow.push(Frame::AfterAssaults);
        s.flow.push(Frame::Assaults { ports });
    }

    /// BR 3.1.1 step 6: one drawn Union card that is not set aside for an assault.
    fn blockade_card(&self, s: &mut State, p: u8, log: &mut Log) {
        let l = &mut s.locs[p as usize];
        if l.captured {
            return;
        }
        if l.blockade < self.c.max_blockade {
            l.blockade += 1;
        } else {
            // At 6, lower the defense instead, never below the printed value.
            l.defense = l.defense.saturating_sub(1).max(self.c.locs[p as usize].defense);
        }
        let (b, d) = (l.blockade, l.defense);
        let name = &self.c.locs[p as usize].name;
        // A card drawn from the shuffled Union deck, open to all: undo may not take it back.
        log.draw(None, || format!("BR 3.1.1: {name}: blockade {b}, defense {d}"));
    }

    /// BR 3.1.2: one Port Assault.
    fn assault(&self, s: &mut State, port: u8, log: &mut Log) {
        let name = self.loc(port).name.clone();
        if s.locs[port as usize].captured {
            log.info(|| format!("BR 3.1.2: {name} is already captured"));
            return;
        }
        let l = &mut s.locs[port as usize];
        // B4: cap at 6.
        l.blockade = (l.blockade + self.c.assault_increase).min(self.c.max_blockade);
        let (b, d) = (l.blockade, l.defense);
        if b < d {
            log.info(|| format!("BR 3.1.2: {name} is assaulted: blockade {b} < defense {d}, the port holds"));
            return;
        }
        log.info(|| format!("BR 3.1.2: {name} is assaulted: blockade {b} >= defense {d}, the port falls"));
        s.flow.push(Frame::Capture { port });
        // BR 3.1.2 step 2.2: evacuation in turn order (first in order decides first).
        for &seat in s.turn_order.clone().iter().rev() {
            let ships: Vec<MoveSlot> = self
                .fleet(s, seat)
                .filter(|&i| s.ships[i as usize].zone == Some(port))
                .map(|ship| MoveSlot { ship, used: 0, allow: 0, squadron: false })
                .collect();
            if !ships.is_empty() {
                s.flow.push(Frame::Move { seat, evac: Some(port), ships });
            }
        }
    }

    /// BR 3.1.2 steps 2.3-2.6: the City Captured marker.
    fn capture(&self, s: &mut State, port: u8, log: &mut Log) {
        let printed = self.loc(port).defense;
        let l = &mut s.locs[port as usize];
        l.captured = true;
        l.defense = printed;
        for g in 0..4 {
            s.reserve[g] += l.supply[g] as u32;
            l.supply[g] = 0;
        }
        for (i, &p) in self.c.union_deck.iter().enumerate() {
            if p == port {
                s.union_out |= bit(i as u8);
            }
        }
        let name = &self.loc(port).name;
        log.info(|| format!("BR 3.1.2: {name} is captured: goods and defenses removed, its Union cards leave the deck"));
    }

    /// BR 3.1.3, 3.1.4, 3.2, 3.3.
    fn after_assaults(&self, s: &mut State, log: &mut Log) {
        let first = s.year == self.c.first_year;
        if !first {
            // BR 3.1.3: Inland City Capture (not in 1861, BR 2.4).
            let row = self.war_row(s.arms_last);
            for _ in 0..row.inland {
                if !self.c.inland_chart.iter().any(|&(_, c)| !s.locs[c as usize].captured) {
                    break; // every city on the chart is already captured
                }
                for _ in 0..10_000 {
                    let sum: u32 = self.roll_dice(s, 2).iter().sum();
                    let hit = self.c.inland_chart.iter().find(|&&(k, c)| k == sum && !s.locs[c as usize].captured);
                    if let Some(&(_, c)) = hit {
                        let l = &mut s.locs[c as usize];
                        l.captured = true;
                        for g in 0..4 {
                            s.reserve[g] += l.supply[g] as u32;
                            l.supply[g] = 0;
                        }
                        let name = &self.loc(c).name;
                        log.roll(|| format!("BR 3.1.3: the Union captures {name} (roll {sum})"));
                        break;
                    }
                }
            }
            // BR 3.1.4: High Seas Squadron, from 1862.
            let r = s.die(self.c.dice_sides);
            s.squadron = self.c.squadron_chart.iter().find(|&&(k, _)| k == r).map(|&(_, z)| z);
            let at = s.squadron.map(|z| self.loc(z).name.clone()).unwrap_or_else(|| "no zone".into());
            log.roll(|| format!("BR 3.1.4: the High Seas Squadron moves to {at} (roll {r})"));
            // BR 3.2: prices rise one step, two if nothing of that good was sold last turn.
            for g in [COTTON, TOBACCO, BLACK] {
                let steps = if s.sold_last[g] { 1 } else { 2 };
                let top = self.c.tracks[g].len().saturating_sub(1) as u8;
                s.price[g] = (s.price[g] + steps).min(top);
            }
        }
        // BR 3.2: refill every goods box except in captured cities.
        for (i, l) in s.locs.iter_mut().enumerate() {
            if l.captured {
                continue;
            }
            for g in 0..4 {
                let need = (self.c.locs[i].supply[g].saturating_sub(l.supply[g]) as u32).min(s.reserve[g]);
                l.supply[g] += need as u8;
                s.reserve[g] -= need;
            }
        }
        if !first {
            // BR 3.3: smallest capacity first, then less money, then random.
            let mut order: Vec<u8> = (0..s.n).collect();
            s.rng.shuffle(&mut order);
            order.sort_by_key(|&p| (self.capacity(s, p), s.players[p as usize].money));
            s.turn_order = order;
        }
        let order: Vec<String> = s.turn_order.iter().map(|&p| seat_name(p)).collect();
        log.info(|| format!("BR 3.3: turn order {}", order.join(", ")));
    }

    /// End of a year (BR 3.0 step 5, 3.5.2 extra action, E7).
    fn end_year(&self, s: &mut State, log: &mut Log) {
        let most = s.players.iter().map(|p| p.delivered).max().unwrap_or(0);
        let total: u32 = s.players.iter().map(|p| p.delivered as u32).sum();
        for p in s.players.iter_mut() {
            p.bonus = if most == 0 { !s.opts.no_bonus_at_zero } else { p.delivered == most };
            p.delivered = 0;
            p.evasion = 0;
        }
        s.reserve[ARMS] += total;
        s.arms_last = total;
        s.sold_last = s.sold;
        s.sold = [false; 4];
        let y = s.year;
        log.info(|| format!("BR 3.0: end of {y}: {total} arms delivered"));
        // The scenario's own victory conditions (Lua hooks), then BR 3.11.
        if self.hooked_victory(s, log) {
            return;
        }
        if s.year >= self.c.last_year {
            s.over = true;
            log.info(|| "BR 3.11: the game ends after 1865".into());
        } else {
            s.year += 1;
            s.flow.push(Frame::YearStart);
        }
    }

    /// Run automatic steps until a decision is owed or the game is over (the engine's flow
    /// driver over [`Procedure`] below).
    fn advance(&self, s: &mut State, log: &mut Log) -> Result<(), Refusal> {
        drive(self, s, log)?;
        Ok(())
    }

    // ------------------------------------------------------------------------------------
    // setup

    pub fn new_state(&self, setup: &Setup) -> Result<State, Refusal> {
        if setup.scenario != "standard" {
            refuse!("scenario", "unknown scenario `{}`; expected `standard`", setup.scenario);
        }
        let Some(row) = self.c.setups.iter().find(|r| r.players == setup.players) else {
            refuse!("BR 2.2", "Blockade Runner is for 2 to 6 players, not {}", setup.players);
        };
        let mut opts = Opts::default();
        check_options("options", setup, &opt_infos())?;
        for (k, v) in &setup.options {
            match k.as_str() {
                OPT_DRAW => opts.literal_draw = v == "literal",
                OPT_PURCHASE => opts.one_purchase = v == "one",
                OPT_EMPTY => opts.empty_once = v == "once",
                OPT_BONUS => opts.no_bonus_at_zero = v == "nobody",
                OPT_DICE => opts.evasion_dice = v.parse().unwrap_or(2),
                OPT_WINNERS => opts.winners_excluded = v == "excluded",
                _ => {}
            }
        }
        let n = setup.players;
        let mut s = State {
            n,
            year: self.c.first_year,
            over: false,
            hook_victory: None,
            opts,
            rng: GameRng::new(setup.seed),
            forced: Vec::new(),
            flow: Flow::new(),
            players: vec![Player::default(); n as usize],
            ships: vec![Ship::default(); self.c.ships.len()],
            locs: Vec::new(),
            price: self.c.start_price,
            sales: [0; 4],
            reserve: self.c.reserve,
            sold: [false; 4],
            sold_last: [false; 4],
            arms_last: 0,
            union_out: 0,
            deck: (0..self.c.card_instances.len() as u8).collect(),
            discard: Vec::new(),
            removed: Vec::new(),
            fund: 0,
            squadron: None,
            turn_order: Vec::new(),
            last_trade: None,
        };
        // BR 2.1: fill every goods box; defense at the printed value; blockade 0 (B3).
        for l in &self.c.locs {
            let mut supply = [0u8; 4];
            for ((slot, &printed), left) in supply.iter_mut().zip(&l.supply).zip(s.reserve.iter_mut()) {
                let take = (printed as u32).min(*left);
                *left -= take;
                *slot = take as u8;
            }
            s.locs.push(LocState { supply, blockade: 0, defense: l.defense, captured: false });
        }
        let mut deck = std::mem::take(&mut s.deck);
        s.rng.shuffle(&mut deck);
        s.deck = deck;
        // BR 2.2: money, starting ships (by type, in file order), action cards.
        let mut taken = vec![false; self.c.ships.len()];
        for seat in 0..n {
            s.players[seat as usize].money = row.money;
            for &(sp, cap) in &row.ships {
                let Some(i) = (0..self.c.ships.len()).find(|&i| !taken[i] && self.c.ships[i].start && self.c.ships[i].speed == sp && self.c.ships[i].capacity == cap) else {
                    refuse!("BR 2.2", "not enough starting ships {sp}/{cap} in ships.toml");
                };
                taken[i] = true;
                s.ships[i].owner = Some(seat);
            }
            for _ in 0..row.hand {
                if let Some(c) = s.deck.pop() {
                    s.players[seat as usize].hand.push(c);
                }
            }
        }
        // B6: the 1861 turn order is rolled before the first Union Action (BR 3.3).
        let mut order: Vec<u8> = (0..n).collect();
        s.rng.shuffle(&mut order);
        s.turn_order = order;
        // BR 2.3: a random player places first, then clockwise one ship at a time.
        let start = s.rng.below(n as u32) as u8;
        s.flow.push(Frame::YearStart);
        s.flow.push(Frame::Placement { seat: start });
        let mut log = Log::quiet();
        self.advance(&mut s, &mut log)?;
        Ok(s)
    }

    // ------------------------------------------------------------------------------------
    // legal actions

    fn rail_dist(&self, s: &State, from: u8) -> Vec<Option<u8>> {
        // BR 3.5.6: links through uncaptured cities only.
        let mut dist = vec![None; self.c.locs.len()];
        if s.locs[from as usize].captured {
            return dist;
        }
        dist[from as usize] = Some(0u8);
        let mut q = std::collections::VecDeque::from([from]);
        while let Some(x) = q.pop_front() {
            let d = dist[x as usize].unwrap_or(0);
            for &y in &self.c.rail_adj[x as usize] {
                if dist[y as usize].is_none() && !s.locs[y as usize].captured {
                    dist[y as usize] = Some(d + 1);
                    q.push_back(y);
                }
            }
        }
        dist
    }

    fn port_targets(&self, s: &State, effect: Effect, amount: i32) -> Vec<u8> {
        (0..self.c.n_zones as u8)
            .filter(|&z| self.loc(z).kind == LocKind::Confederate && !s.locs[z as usize].captured)
            .filter(|&z| effect != Effect::Defense || amount <= 0 || s.locs[z as usize].defense < self.c.max_defense)
            .collect()
    }

    /// BR 3.5.4: one effect of an action card on the board or on the player `si`.
    fn apply_command(&self, s: &mut State, si: usize, cmd: Command) {
        match cmd {
            Command::Money(n) => earn(&mut s.players[si].money, n),
            Command::Evasion(n) => s.players[si].evasion = s.players[si].evasion.saturating_add(n),
            Command::Blockade(z, change) => {
                let l = &mut s.locs[z as usize];
                l.blockade = (l.blockade as i32).saturating_add(change).clamp(0, self.c.max_blockade as i32) as u8;
            }
            Command::Defense(z, change) => {
                // L226-228: never below the printed defense, never above the maximum.
                let l = &mut s.locs[z as usize];
                l.defense = (l.defense as i32).saturating_add(change).clamp(self.c.locs[z as usize].defense as i32, self.c.max_defense as i32) as u8;
            }
        }
    }

    fn placement_zones(&self, s: &State) -> Vec<u8> {
        (0..self.c.n_zones as u8).filter(|&z| self.is_port(z) && !self.no_stop(s, z)).collect()
    }

    fn legal(&self, s: &State, seat: u8) -> Vec<Action> {
        let mut out = Vec::new();
        if s.over || self.decider(s) != Some(seat) {
            return out;
        }
        let Some(top) = s.flow.top() else { return out };
        let money = s.players[seat as usize].money;
        match top {
            Frame::Placement { .. } => {
                for i in self.fleet(s, seat).filter(|&i| s.ships[i as usize].zone.is_none()) {
                    // BR 2.3: any port, Confederate or outer.
                    for z in self.placement_zones(s) {
                        out.push(Action::Place { ship: i, zone: z });
                    }
                }
            }
            Frame::PlaceShip { ship, .. } => {
                for z in self.placement_zones(s) {
                    out.push(Action::Place { ship: *ship, zone: z });
                }
            }
            Frame::Turn { offers, .. } => {
                let fleet: Vec<u8> = self.fleet(s, seat).collect();
                let in_port = |i: &u8| s.ships[*i as usize].zone.is_some_and(|z| self.is_port(z));
                if fleet.iter().any(|i| in_port(i) && s.ships[*i as usize].load() < self.c.ships[*i as usize].capacity) {
                    out.push(Action::Load);
                }
                if fleet.iter().any(|i| {
                    s.ships[*i as usize].zone.is_some_and(|z| self.loc(z).kind == LocKind::Confederate && self.loc(z).rail)
                        && s.ships[*i as usize].load() < self.c.ships[*i as usize].capacity
                }) {
                    out.push(Action::Rail);
                }
                if fleet.iter().any(|i| in_port(i) && s.ships[*i as usize].load() > 0) {
                    out.push(Action::Unload);
                }
                if fleet.iter().any(|i| s.ships[*i as usize].zone.is_some()) {
                    out.push(Action::Move);
                }
                for k in self.hand_kinds(s, seat) {
                    let def = &self.c.cards[k as usize];
                    match def.effect {
                        Effect::Blockade | Effect::Defense => {
                            for z in self.port_targets(s, def.effect, def.amount) {
                                out.push(Action::Play { card: k, target: Target::Loc(z) });
                            }
                        }
                        Effect::Attach => {
                            for &i in &fleet {
                                let sh = &s.ships[i as usize];
                                if sh.zone.is_some() && !sh.attached.iter().any(|&c| self.c.card_instances[c as usize] == k) {
                                    out.push(Action::Play { card: k, target: Target::Ship(i) });
                                }
                            }
                        }
                        Effect::Insurance => {
                            if s.players[seat as usize].insurance.is_none() {
                                out.push(Action::Play { card: k, target: Target::None });
                            }
                        }
                        Effect::Money | Effect::Evasion => out.push(Action::Play { card: k, target: Target::None }),
                        Effect::Script => match def.script.as_ref().map(|(_, t)| *t) {
                            Some(ScriptTarget::Port) => {
                                for z in self.port_targets(s, Effect::Blockade, 0) {
                                    out.push(Action::Play { card: k, target: Target::Loc(z) });
                                }
                            }
                            Some(ScriptTarget::Ship) => {
                                for &i in fleet.iter().filter(|&&i| s.ships[i as usize].zone.is_some()) {
                                    out.push(Action::Play { card: k, target: Target::Ship(i) });
                                }
                            }
                            _ => out.push(Action::Play { card: k, target: Target::None }),
                        },
                    }
                    out.push(Action::Discard { card: k });
                }
                if s.ships.iter().any(Ship::available) {
                    out.push(Action::Auction);
                }
                if *offers < self.c.trade_offers {
                    for to in 0..s.n {
                        if to != seat && !s.players[to as usize].hand.is_empty() {
                            for k in self.hand_kinds(s, seat) {
                                out.push(Action::Offer { to, card: k });
                            }
                        }
                    }
                }
                out.push(Action::Pass);
            }
            Frame::Load { rail: false, .. } => {
                for i in self.fleet(s, seat) {
                    let sh = &s.ships[i as usize];
                    let Some(z) = sh.zone else { continue };
                    if !self.is_port(z) || sh.load() >= self.c.ships[i as usize].capacity {
                        continue;
                    }
                    for g in 0..4u8 {
                        if s.locs[z as usize].supply[g as usize] > 0 && money >= self.c.cost[g as usize] {
                            out.push(Action::LoadCube { ship: i, good: g });
                        }
                    }
                }
                out.push(Action::Done);
            }
            Frame::Load { rail: true, .. } => {
                for i in self.fleet(s, seat) {
                    let sh = &s.ships[i as usize];
                    let Some(z) = sh.zone else { continue };
                    if self.loc(z).kind != LocKind::Confederate || !self.loc(z).rail || sh.load() >= self.c.ships[i as usize].capacity {
                        continue;
                    }
                    let dist = self.rail_dist(s, z);
                    for (from, d) in dist.iter().enumerate() {
                        let Some(d) = *d else { continue };
                        if d == 0 {
                            continue;
                        }
                        for g in 0..4u8 {
                            let cost = self.c.cost[g as usize] + self.c.rail_cost * d as i32;
                            if s.locs[from].supply[g as usize] > 0 && money >= cost {
                                out.push(Action::RailCube { ship: i, good: g, from: from as u8 });
                            }
                        }
                    }
                }
                out.push(Action::Done);
            }
            Frame::Unload { .. } => {
                for i in self.fleet(s, seat) {
                    let sh = &s.ships[i as usize];
                    let Some(z) = sh.zone else { continue };
                    for g in 0..4u8 {
                        if sh.cargo[g as usize] > 0 && self.unload_ok(z, g as usize) {
                            out.push(Action::UnloadCube { ship: i, good: g });
                        }
                    }
                }
                out.push(Action::Done);
            }
            Frame::Move { ships, .. } => {
                for slot in ships {
                    let sh = &s.ships[slot.ship as usize];
                    if sh.lost || sh.owner != Some(seat) {
                        continue;
                    }
                    let Some(z) = sh.zone else { continue };
                    let left = self.steps_left(s, slot);
                    if left > 0 {
                        for &nb in &self.c.adj[z as usize] {
                            if self.no_stop(s, nb) && left < 2 {
                                continue;
                            }
                            out.push(Action::Sail { ship: slot.ship, zone: nb });
                        }
                    }
                    if sh.load() > 0 {
                        out.push(Action::Jettison { ship: slot.ship });
                    }
                }
                if self.move_can_end(s, seat, ships) {
                    out.push(Action::Done);
                }
            }
            Frame::Fund { bought, improved, .. } => {
                for a in 1..=money.max(0) {
                    out.push(Action::Fund { amount: a as u16 });
                }
                if !(*bought && s.opts.one_purchase) {
                    for z in 0..self.c.n_zones as u8 {
                        if self.can_improve(s, z, *improved) {
                            out.push(Action::Improve { port: z });
                        }
                    }
                }
                out.push(Action::Done);
            }
            Frame::AuctionPick { offered, .. } => {
                for (i, sh) in s.ships.iter().enumerate() {
                    if sh.available() && offered & bit(i as u8) == 0 {
                        out.push(Action::AuctionShip { ship: i as u8 });
                    }
                }
                out.push(Action::Done);
            }
            Frame::Bid { ship, high, .. } => {
                let min = self.bid_min(*ship, *high);
                for a in min..=money {
                    out.push(Action::Bid { amount: a as u16 });
                }
                out.push(Action::Pass);
            }
            Frame::TradeReply { .. } => {
                for k in self.hand_kinds(s, seat) {
                    out.push(Action::Accept { card: k });
                }
                out.push(Action::Decline);
            }
            _ => {}
        }
        out
    }

    fn bid_min(&self, ship: u8, high: Option<(u8, i32)>) -> i32 {
        // BR 3.5.5: from the printed minimum; F1: raises of $1,000.
        match high {
            None => self.c.ships[ship as usize].value.max(0),
            Some((_, h)) => h + 1,
        }
    }

    fn can_improve(&self, s: &State, z: u8, improved: u64) -> bool {
        let l = &s.locs[z as usize];
        self.loc(z).kind == LocKind::Confederate
            && !l.captured
            && l.defense < self.c.max_defense
            && improved & bit(z) == 0
            && s.fund >= self.defense_cost(l.defense + 1)
    }

    /// BR 3.5.2: cotton/tobacco at outer ports; arms/black market at Confederate ports.
    fn unload_ok(&self, z: u8, g: usize) -> bool {
        match self.loc(z).kind {
            LocKind::Outer => g == COTTON || g == TOBACCO,
            LocKind::Confederate => g == ARMS || g == BLACK,
            _ => false,
        }
    }

    fn steps_left(&self, s: &State, slot: &MoveSlot) -> u8 {
        let allow = if slot.allow == 0 { self.speed(s, slot.ship) } else { slot.allow };
        allow.saturating_sub(slot.used)
    }

    fn move_can_end(&self, s: &State, seat: u8, ships: &[MoveSlot]) -> bool {
        ships.iter().all(|slot| {
            let sh = &s.ships[slot.ship as usize];
            sh.lost || sh.owner != Some(seat) || sh.zone.is_none_or(|z| !self.no_stop(s, z))
        })
    }

    // ------------------------------------------------------------------------------------
    // apply

    fn apply_inner(&self, s: &mut State, seat: u8, a: &Action, log: &mut Log) -> Result<(), Refusal> {
        if s.over {
            refuse!("BR 3.11", "the game is over");
        }
        if self.decider(s) != Some(seat) {
            refuse!("BR 3.4", "{} owes no decision now", seat_name(seat));
        }
        let top = s.flow.top().cloned().expect("a decider implies a frame");
        let si = seat as usize;
        match (top, a) {
            (Frame::Placement { .. }, Action::Place { ship, zone }) => {
                self.check_place(s, seat, *ship, *zone, true)?;
                s.ships[*ship as usize].zone = Some(*zone);
                self.log_place(*ship, *zone, seat, log);
                // BR 2.3: next player clockwise who still has a ship to place.
                let next = (1..=s.n).map(|d| (seat + d) % s.n).find(|&p| self.fleet(s, p).any(|i| s.ships[i as usize].zone.is_none()));
                match next {
                    Some(p) => s.flow.replace(Frame::Placement { seat: p }),
                    None => {
                        s.flow.pop();
                    }
                }
            }
            (Frame::PlaceShip { ship: want, .. }, Action::Place { ship, zone }) => {
                if want != *ship {
                    refuse!("BR 3.5.5", "place the {} now", self.c.ships[want as usize].name);
                }
                self.check_place(s, seat, *ship, *zone, false)?;
                s.ships[*ship as usize].zone = Some(*zone);
                self.log_place(*ship, *zone, seat, log);
                s.flow.pop();
            }
            (Frame::Turn { left, offers, .. }, act) => self.turn_action(s, seat, left, offers, act, log)?,
            (Frame::Load { rail, .. }, Action::LoadCube { ship, good }) => {
                if rail {
                    refuse!("BR 3.5.6", "a Rail Transport action cannot also load from the port's own boxes");
                }
                let (ship, g) = (*ship, *good as usize);
                let z = self.check_cargo_ship(s, seat, ship)?;
                if !self.is_port(z) {
                    refuse!("BR 3.5.1", "the ship is not in a port");
                }
                if s.locs[z as usize].supply[g] == 0 {
                    refuse!("BR 3.5.1", "no {} in {}", GOODS[g], self.loc(z).name);
                }
                let cost = self.c.cost[g];
                if s.players[si].money < cost {
                    refuse!("BR 3.5.1", "{} costs ${cost},000 and there is no debt", GOODS[g]);
                }
                s.players[si].money -= cost;
                s.locs[z as usize].supply[g] -= 1;
                s.ships[ship as usize].cargo[g] += 1;
                let name = &self.c.ships[ship as usize].name;
                log.info(|| format!("BR 3.5.1: {name} loads 1 {} for ${cost},000", GOODS[g]));
            }
            (Frame::Load { rail, .. }, Action::RailCube { ship, good, from }) => {
                if !rail {
                    refuse!("BR 3.5.6", "rail loading needs a Rail Transport action, not a Load");
                }
                let (ship, g) = (*ship, *good as usize);
                let z = self.check_cargo_ship(s, seat, ship)?;
                if self.loc(z).kind != LocKind::Confederate || !self.loc(z).rail {
                    refuse!("BR 3.5.6", "the ship is not in a Confederate port on the rail network");
                }
                let d = match self.rail_dist(s, z).get(*from as usize).copied().flatten() {
                    Some(d) if d > 0 => d,
                    Some(_) => refuse!("BR 3.5.6", "rail transport brings goods from other cities"),
                    None => refuse!("BR 3.5.6", "no rail route avoiding captured cities"),
                };
                if s.locs[*from as usize].supply[g] == 0 {
                    refuse!("BR 3.5.6", "no {} in {}", GOODS[g], self.loc(*from).name);
                }
                let cost = self.c.cost[g] + self.c.rail_cost * d as i32;
                if s.players[si].money < cost {
                    refuse!("BR 3.5.6", "this cube costs ${cost},000 and there is no debt");
                }
                s.players[si].money -= cost;
                s.locs[*from as usize].supply[g] -= 1;
                s.ships[ship as usize].cargo[g] += 1;
                let (name, fname) = (&self.c.ships[ship as usize].name, &self.loc(*from).name);
                log.info(|| format!("BR 3.5.6: {name} loads 1 {} by rail from {fname} ({d} links) for ${cost},000", GOODS[g]));
            }
            (Frame::Load { .. } | Frame::Unload { .. } | Frame::Fund { .. } | Frame::AuctionPick { .. }, Action::Done) => {
                s.flow.pop();
            }
            (Frame::Unload { price, bribed, .. }, Action::UnloadCube { ship, good }) => {
                let (ship, g) = (*ship, *good as usize);
                if !self.ship_owned_by(s, ship, seat) {
                    refuse!("BR 3.5.2", "not your ship");
                }
                let Some(z) = s.ships[ship as usize].zone else { refuse!("BR 3.5.2", "the ship is not on the board") };
                if s.ships[ship as usize].cargo[g] == 0 {
                    refuse!("BR 3.5.2", "the ship carries no {}", GOODS[g]);
                }
                if !self.unload_ok(z, g) {
                    refuse!("BR 3.5.2", "{} may be unloaded only in {}", GOODS[g], if g == COTTON || g == TOBACCO { "an outer port" } else { "a Confederate port" });
                }
                s.ships[ship as usize].cargo[g] -= 1;
                let name = self.c.ships[ship as usize].name.clone();
                if g == ARMS {
                    // BR 3.5.2: War Goods Delivered, $1,000 per cube.
                    earn(&mut s.players[si].money, self.c.arms_payment);
                    s.players[si].delivered += 1;
                    log.info(|| format!("BR 3.5.2: {name} delivers 1 arms"));
                } else {
                    // One price per good for the whole action; bribery per ship (E5).
                    let mut p = price[g] as i32;
                    if g == BLACK && bribed & bit(ship) != 0 {
                        p = (p - self.c.bribe).max(0);
                    }
                    earn(&mut s.players[si].money, p);
                    s.sold[g] = true;
                    s.sales[g] += 1;
                    if s.sales[g] >= self.c.sales_box[g] {
                        // The box is full: empty it and drop the price one step.
                        s.reserve[g] += s.sales[g] as u32;
                        s.sales[g] = 0;
                        s.price[g] = s.price[g].saturating_sub(1);
                    }
                    log.info(|| format!("BR 3.5.2: {name} sells 1 {} for ${p},000", GOODS[g]));
                }
            }
            (Frame::Move { evac, ships, .. }, Action::Sail { ship, zone }) => {
                self.sail(s, seat, evac, ships, *ship, *zone, log)?;
            }
            (Frame::Move { ships, .. }, Action::Jettison { ship }) => {
                if !ships.iter().any(|sl| sl.ship == *ship) || !self.ship_owned_by(s, *ship, seat) {
                    refuse!("BR 3.5.3", "that ship is not moving in this action");
                }
                let sh = &mut s.ships[*ship as usize];
                if sh.load() == 0 {
                    refuse!("BR 3.5.3", "the ship carries nothing to jettison");
                }
                // C5: all cargo overboard, back to the reserve.
                for g in 0..4 {
                    s.reserve[g] += sh.cargo[g] as u32;
                    sh.cargo[g] = 0;
                }
                let name = &self.c.ships[*ship as usize].name;
                log.info(|| format!("BR 3.5.3: {name} jettisons its cargo"));
            }
            (Frame::Move { ships, .. }, Action::Done) => {
                if !self.move_can_end(s, seat, &ships) {
                    refuse!("BR 3.1.2", "no ship may end its move in a captured or falling port zone");
                }
                s.flow.pop();
            }
            (Frame::Fund { .. }, Action::Fund { amount }) => {
                let a = *amount as i32;
                if a < 1 || a > s.players[si].money {
                    refuse!("BR 3.5.4", "you may add between $1,000 and your money to the fund");
                }
                // BR 3.5.4 step 3: the money never comes back.
                s.players[si].money -= a;
                s.fund = s.fund.saturating_add(a);
                log.info(|| format!("BR 3.5.4: {} adds ${a},000 to the Port Defense Fund", seat_name(seat)));
            }
            (Frame::Fund { bought, improved, .. }, Action::Improve { port }) => {
                let z = *port;
                if (z as usize) >= self.c.n_zones || self.loc(z).kind != LocKind::Confederate {
                    refuse!("BR 3.5.4", "defenses may not be built in outer ports");
                }
                if s.locs[z as usize].captured {
                    refuse!("BR 3.5.4", "a captured port cannot be improved");
                }
                if s.locs[z as usize].defense >= self.c.max_defense {
                    refuse!("BR 3.5.4", "a port's defense may not exceed {}", self.c.max_defense);
                }
                if improved & bit(z) != 0 || (bought && s.opts.one_purchase) {
                    refuse!("BR 3.5.4", "a port's defense may be raised only one level per action");
                }
                let cost = self.defense_cost(s.locs[z as usize].defense + 1);
                if s.fund < cost {
                    refuse!("BR 3.5.4", "the next level costs ${cost},000 and the fund holds ${},000", s.fund);
                }
                s.fund -= cost;
                s.locs[z as usize].defense += 1;
                s.flow.replace(Frame::Fund { seat, bought: true, improved: improved | bit(z) });
                let (name, d) = (&self.loc(z).name, s.locs[z as usize].defense);
                log.info(|| format!("BR 3.5.4: {name}'s defense rises to {d} for ${cost},000 from the fund"));
            }
            (Frame::AuctionPick { winners, offered, .. }, Action::AuctionShip { ship }) => {
                let i = *ship;
                if !s.ships.get(i as usize).is_some_and(Ship::available) {
                    refuse!("BR 3.5.5", "that ship is not available");
                }
                if offered & bit(i) != 0 {
                    refuse!("BR 3.5.5", "that ship was already auctioned in this action");
                }
                s.flow.replace(Frame::AuctionPick { seat, winners, offered: offered | bit(i) });
                let name = &self.c.ships[i as usize].name;
                log.info(|| format!("BR 3.5.5: {} auctions the {name}", seat_name(seat)));
                // F1: the auctioneer bids first; winners of this action may not bid (F2).
                let out = if s.opts.winners_excluded { winners } else { 0 };
                s.flow.push(Frame::Bid { ship: i, auctioneer: seat, high: None, bidder: seat, out });
            }
            (Frame::Bid { ship, auctioneer, high, out, .. }, Action::Bid { amount }) => {
                let a = *amount as i32;
                let min = self.bid_min(ship, high);
                if a < min {
                    refuse!("BR 3.5.5", "the bid must be at least ${min},000");
                }
                if a > s.players[si].money {
                    refuse!("BR 3.5.5", "nobody may bid more than their cash");
                }
                log.info(|| format!("BR 3.5.5: {} bids ${a},000", seat_name(seat)));
                self.next_bidder(s, ship, auctioneer, Some((seat, a)), seat, out, log);
            }
            (Frame::Bid { ship, auctioneer, high, out, .. }, Action::Pass) => {
                log.info(|| format!("BR 3.5.5: {} passes and is out", seat_name(seat)));
                self.next_bidder(s, ship, auctioneer, high, seat, out | (1 << seat), log);
            }
            (Frame::TradeReply { from, card, .. }, Action::Accept { card: kind }) => {
                let Some(pos) = self.hand_card(s, seat, *kind) else { refuse!("BR 3.9", "you hold no such card") };
                let Some(gpos) = s.players[from as usize].hand.iter().position(|&c| c == card) else {
                    refuse!("BR 3.9", "the offered card is no longer in hand");
                };
                // BR 3.9: one card for one card.
                let mine = s.players[si].hand.remove(pos);
                let theirs = s.players[from as usize].hand.remove(gpos);
                s.players[si].hand.push(theirs);
                s.players[from as usize].hand.push(mine);
                s.flow.pop();
                s.last_trade = Some(TradeAnswer { from, to: seat, accepted: true });
                log.info(|| format!("BR 3.9: {} and {} trade a card", seat_name(from), seat_name(seat)));
            }
            (Frame::TradeReply { from, .. }, Action::Decline) => {
                s.flow.pop();
                s.last_trade = Some(TradeAnswer { from, to: seat, accepted: false });
                log.info(|| format!("BR 3.9: {} declines {}'s offer", seat_name(seat), seat_name(from)));
            }
            (f, a) => refuse!("BR 3.4", "`{}` is not possible now ({})", self.notation_of(a), self.frame_text(&f)),
        }
        Ok(())
    }

    fn log_place(&self, ship: u8, zone: u8, seat: u8, log: &mut Log) {
        let (n, z) = (&self.c.ships[ship as usize].name, &self.loc(zone).name);
        log.info(|| format!("{} places the {n} in {z}", seat_name(seat)));
    }

    fn check_place(&self, s: &State, seat: u8, ship: u8, zone: u8, initial: bool) -> Result<(), Refusal> {
        let rule = if initial { "BR 2.3" } else { "BR 3.5.5" };
        if !self.ship_owned_by(s, ship, seat) || s.ships[ship as usize].zone.is_some() {
            refuse!(rule, "that is not one of your ships waiting to be placed");
        }
        if (zone as usize) >= self.c.n_zones || !self.is_port(zone) {
            refuse!(rule, "ships are placed in a port");
        }
        if self.no_stop(s, zone) {
            refuse!(rule, "a ship may not be placed in a captured port");
        }
        Ok(())
    }

    fn check_cargo_ship(&self, s: &State, seat: u8, ship: u8) -> Result<u8, Refusal> {
        if !self.ship_owned_by(s, ship, seat) {
            refuse!("BR 3.5.1", "not your ship");
        }
        let Some(z) = s.ships[ship as usize].zone else { refuse!("BR 3.5.1", "the ship is not on the board") };
        if s.ships[ship as usize].load() >= self.c.ships[ship as usize].capacity {
            refuse!("BR 3.5.1", "a ship may never hold more cubes than its capacity ({})", self.c.ships[ship as usize].capacity);
        }
        Ok(z)
    }

    #[allow(clippy::too_many_arguments)]
    fn next_bidder(&self, s: &mut State, ship: u8, auctioneer: u8, high: Option<(u8, i32)>, current: u8, out: u8, log: &mut Log) {
        let active: Vec<u8> = (0..s.n).filter(|&p| out & (1 << p) == 0).collect();
        match high {
            Some((h, amount)) if active == [h] => {
                // BR 3.5.5 step 4: the winner pays and places the ship at once.
                s.flow.pop();
                s.players[h as usize].money -= amount;
                s.ships[ship as usize].owner = Some(h);
                if h == auctioneer {
                    s.flow.pop(); // step 6: the auction round ends
                } else if let Some(Frame::AuctionPick { seat, winners, offered }) = s.flow.top().cloned() {
                    s.flow.replace(Frame::AuctionPick { seat, winners: winners | (1 << h), offered });
                }
                let name = &self.c.ships[ship as usize].name;
                log.info(|| format!("BR 3.5.5: {} wins the {name} for ${amount},000", seat_name(h)));
                s.flow.push(Frame::PlaceShip { seat: h, ship });
            }
            None if active.is_empty() => {
                s.flow.pop();
                log.info(|| "BR 3.5.5: everybody passed; the ship stays on display".into());
            }
            _ => {
                let next = (1..=s.n).map(|d| (current + d) % s.n).find(|&p| out & (1 << p) == 0).unwrap_or(current);
                s.flow.replace(Frame::Bid { ship, auctioneer, high, bidder: next, out });
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn sail(&self, s: &mut State, seat: u8, evac: Option<u8>, mut ships: Vec<MoveSlot>, ship: u8, to: u8, log: &mut Log) -> Result<(), Refusal> {
        let Some(k) = ships.iter().position(|sl| sl.ship == ship) else { refuse!("BR 3.5.3", "that ship is not moving in this action") };
        if !self.ship_owned_by(s, ship, seat) {
            refuse!("BR 3.5.3", "not your ship");
        }
        let Some(from) = s.ships[ship as usize].zone else { refuse!("BR 3.5.3", "the ship is not on the board") };
        if (to as usize) >= self.c.n_zones || !self.c.adj[from as usize].contains(&to) {
            refuse!("BR 3.5.3", "{} is not adjacent to {}", self.loc(to.min(self.c.n_zones as u8 - 1)).name, self.loc(from).name);
        }
        let left = self.steps_left(s, &ships[k]);
        if left == 0 {
            refuse!("BR 3.5.3", "the ship has used its whole speed");
        }
        if self.no_stop(s, to) && left < 2 {
            refuse!("BR 3.1.2", "a ship may pass through a captured port zone but never stop there");
        }
        let name = self.c.ships[ship as usize].name.clone();
        let mut slot = ships[k];
        if slot.allow == 0 {
            // First step: fix the allowance (C5) and roll to leave a blockaded zone (BR 3.5.3).
            slot.allow = self.speed(s, ship);
            if let Some((d, b)) = self.port_blockade(s, from) {
                let what = if evac == Some(from) { format!("out of falling {}", self.loc(from).name) } else { format!("out of {}", self.loc(from).name) };
                if !self.evasion(s, ship, d, b, &what, log) {
                    ships[k] = slot;
                    self.replace_move(s, seat, evac, ships);
                    return Ok(());
                }
            }
            if s.squadron == Some(from) {
                // BR 3.1.4 / B9: blockade 1, defense 0, once per move.
                slot.squadron = true;
                if !self.evasion(s, ship, 0, 1, "away from the High Seas Squadron", log) {
                    ships[k] = slot;
                    self.replace_move(s, seat, evac, ships);
                    return Ok(());
                }
            }
        }
        slot.used += 1;
        s.ships[ship as usize].zone = Some(to);
        let tname = self.loc(to).name.clone();
        log.info(|| format!("BR 3.5.3: {name} sails to {tname}"));
        let mut alive = true;
        if let Some((d, b)) = self.port_blockade(s, to) {
            alive = self.evasion(s, ship, d, b, &format!("into {tname}"), log);
        }
        if alive && s.squadron == Some(to) && !slot.squadron {
            slot.squadron = true;
            self.evasion(s, ship, 0, 1, "past the High Seas Squadron", log);
        }
        ships[k] = slot;
        // `destroy` may have pushed a PlaceShip frame on top of the Move frame.
        self.replace_move(s, seat, evac, ships);
        Ok(())
    }

    /// Update the topmost Move frame (a PlaceShip frame may sit above it after a loss).
    fn replace_move(&self, s: &mut State, seat: u8, evac: Option<u8>, ships: Vec<MoveSlot>) {
        let mut stack: Vec<Frame> = Vec::new();
        while let Some(f) = s.flow.pop() {
            if matches!(f, Frame::Move { .. }) {
                s.flow.push(Frame::Move { seat, evac, ships });
                break;
            }
            stack.push(f);
        }
        while let Some(f) = stack.pop() {
            s.flow.push(f);
        }
    }

    fn turn_action(&self, s: &mut State, seat: u8, left: u8, offers: u8, a: &Action, log: &mut Log) -> Result<(), Refusal> {
        let si = seat as usize;
        let spend = |s: &mut State| s.flow.replace(Frame::Turn { seat, left: left - 1, offers });
        let legal = self.legal(s, seat);
        match a {
            Action::Pass => {
                // A player may give up the rest of their actions.
                s.flow.pop();
                log.info(|| format!("{} ends their turn", seat_name(seat)));
            }
            Action::Load | Action::Rail | Action::Unload | Action::Move | Action::Auction => {
                if !legal.contains(a) {
                    let rule = match a {
                        Action::Load => "BR 3.5.1",
                        Action::Rail => "BR 3.5.6",
                        Action::Unload => "BR 3.5.2",
                        Action::Move => "BR 3.5.3",
                        _ => "BR 3.5.5",
                    };
                    refuse!(rule, "`{}` has nothing to act on now", self.notation_of(a));
                }
                spend(s);
                match a {
                    Action::Load => s.flow.push(Frame::Load { seat, rail: false }),
                    Action::Rail => s.flow.push(Frame::Load { seat, rail: true }),
                    Action::Unload => {
                        let mut price = [0i16; 4];
                        for (g, p) in price.iter_mut().enumerate() {
                            *p = self.price(s, g) as i16;
                        }
                        let mut bribed = 0u64;
                        for i in self.fleet(s, seat) {
                            let sh = &s.ships[i as usize];
                            if sh.cargo[BLACK] > sh.cargo[ARMS] {
                                bribed |= bit(i);
                            }
                        }
                        s.flow.push(Frame::Unload { seat, price, bribed });
                    }
                    Action::Move => {
                        let ships = self.fleet(s, seat).filter(|&i| s.ships[i as usize].zone.is_some()).map(|ship| MoveSlot { ship, used: 0, allow: 0, squadron: false }).collect();
                        s.flow.push(Frame::Move { seat, evac: None, ships });
                    }
                    _ => s.flow.push(Frame::AuctionPick { seat, winners: 0, offered: 0 }),
                }
                log.info(|| format!("{} takes a {} action", seat_name(seat), self.notation_of(a)));
            }
            Action::Play { card, target } => {
                let Some(pos) = self.hand_card(s, seat, *card) else { refuse!("BR 3.5.4", "you hold no such card") };
                if !legal.contains(a) {
                    refuse!("BR 3.5.4", "that card cannot be played on that target");
                }
                let def = &self.c.cards[*card as usize];
                // BR 3.5.4: the card's effect as commands; a scripted card runs its Lua before
                // anything changes, so a failing script refuses cleanly.
                let commands = match (def.effect, *target, &def.script) {
                    (Effect::Script, _, Some((lua, _))) => {
                        let target = match *target {
                            Target::Loc(z) => Some(self.loc(z).id.as_str()),
                            Target::Ship(i) => Some(self.c.ships[i as usize].id.as_str()),
                            Target::None => None,
                        };
                        script::run(&self.c, lua, &script::view(&self.c, s, seat, target))
                            .map_err(|e| Refusal::new("BR 3.5.4", format!("the card's script failed: {e}")))?
                    }
                    (Effect::Blockade, Target::Loc(z), _) => vec![Command::Blockade(z, def.amount)],
                    (Effect::Defense, Target::Loc(z), _) => vec![Command::Defense(z, def.amount)],
                    (Effect::Money, ..) => vec![Command::Money(def.amount.max(0))],
                    (Effect::Evasion, ..) => vec![Command::Evasion(def.amount.max(0) as u8)],
                    _ => Vec::new(),
                };
                let inst = s.players[si].hand.remove(pos);
                spend(s);
                log.reveal(|| format!("BR 3.5.4: {} plays {}", seat_name(seat), def.name));
                for &cmd in &commands {
                    self.apply_command(s, si, cmd);
                    log.info(|| format!("BR 3.5.4: {}: {}", def.name, cmd.describe(&self.c)));
                }
                match (def.effect, *target) {
                    (Effect::Attach, Target::Ship(i)) => s.ships[i as usize].attached.push(inst),
                    (Effect::Insurance, _) => s.players[si].insurance = Some(inst),
                    _ => s.discard.push(inst),
                }
                self.after_card(s, seat, self.c.fund_per_card, log);
            }
            Action::Discard { card } => {
                let Some(pos) = self.hand_card(s, seat, *card) else { refuse!("BR 3.5.4", "you hold no such card") };
                let inst = s.players[si].hand.remove(pos);
                spend(s);
                s.discard.push(inst);
                let name = self.card_name(inst).to_string();
                // BR 3.5.4: played without its effect, the card is not shown to the table.
                log.push(bivouac_engine::log::EventKind::Reveal, bivouac_engine::Visibility::Seat(seat), || format!("BR 3.5.4: you play {name} for the fund, without its effect"));
                log.info(|| format!("BR 3.5.4: {} plays a card for the fund, without its effect", seat_name(seat)));
                self.after_card(s, seat, self.c.fund_per_card + self.c.fund_discard_extra, log);
            }
            Action::Offer { to, card } => {
                if offers >= self.c.trade_offers {
                    refuse!("BR 3.9", "at most {} trade offers per turn", self.c.trade_offers);
                }
                if *to >= s.n || *to == seat {
                    refuse!("BR 3.9", "offer a trade to another player");
                }
                let Some(pos) = self.hand_card(s, seat, *card) else { refuse!("BR 3.9", "you hold no such card") };
                if s.players[*to as usize].hand.is_empty() {
                    refuse!("BR 3.9", "trades are one card for one card and {} has none", seat_name(*to));
                }
                let inst = s.players[si].hand[pos];
                s.flow.replace(Frame::Turn { seat, left, offers: offers + 1 });
                s.flow.push(Frame::TradeReply { from: seat, to: *to, card: inst });
                log.info(|| format!("BR 3.9: {} offers {} a card trade", seat_name(seat), seat_name(*to)));
            }
            other => refuse!("BR 3.4", "`{}` is not a turn action", self.notation_of(other)),
        }
        Ok(())
    }

    /// BR 3.5.4 steps 1-2: draw a replacement; the bank pays into the fund; then the fund step.
    fn after_card(&self, s: &mut State, seat: u8, to_fund: i32, log: &mut Log) {
        self.draw_card(s, seat, log);
        s.fund = s.fund.saturating_add(to_fund);
        let f = s.fund;
        log.info(|| format!("BR 3.5.4: the bank adds ${to_fund},000 to the Port Defense Fund (now ${f},000)"));
        s.flow.push(Frame::Fund { seat, bought: false, improved: 0 });
    }

    // ------------------------------------------------------------------------------------
    // notation

    /// The action in words for the app's buttons: ships, places and cards by name.
    fn action_words(&self, a: &Action) -> String {
        const PHRASES: &[(&str, &str)] = &[
            ("load", "Load"),
            ("rail", "Rail"),
            ("unload", "Unload"),
            ("move", "Move"),
            ("auction", "Auction"),
            ("pass", "Pass"),
            ("done", "Done"),
            ("decline", "Decline"),
            ("place", "Place the {1} in {2}"),
            ("play", "Play {1}"),
            ("discard", "Discard {1}"),
            ("offer", "Offer {2} to {1}"),
            ("sail", "Sail the {1} to {2}"),
            ("jettison", "Jettison the cargo of the {1}"),
            ("fund", "Fund {1}"),
            ("improve", "Improve {1}"),
            ("bid", "Bid {1}"),
            ("accept", "Accept {1}"),
        ];
        let text = self.notation_of(a);
        let text = match a {
            // Cubes: "load banshee cotton" reads "Load cotton on the Banshee".
            Action::LoadCube { ship, good } => format!("Load {} on the {}", GOODS.get(*good as usize).unwrap_or(&"?"), self.c.ships[*ship as usize].name),
            Action::UnloadCube { ship, good } => format!("Unload {} from the {}", GOODS.get(*good as usize).unwrap_or(&"?"), self.c.ships[*ship as usize].name),
            Action::RailCube { ship, good, from } => format!("Rail {} from {} to the {}", GOODS.get(*good as usize).unwrap_or(&"?"), self.c.locs[*from as usize].name, self.c.ships[*ship as usize].name),
            Action::AuctionShip { ship } => format!("Auction the {}", self.c.ships[*ship as usize].name),
            _ => return crate::words::words(&text, PHRASES, |w| self.id_name(w)),
        };
        text
    }

    /// The printed name of a ship, place or card id.
    fn id_name(&self, w: &str) -> Option<String> {
        if let Some(i) = self.c.ship_index.get(w) {
            return Some(self.c.ships[i as usize].name.clone());
        }
        if let Some(i) = self.c.loc_index.get(w) {
            return Some(self.c.locs[i as usize].name.clone());
        }
        self.c.card_index.get(w).map(|i| self.c.cards[i as usize].name.clone())
    }

    fn notation_of(&self, a: &Action) -> String {
        let ship = |i: &u8| self.c.ships.get(*i as usize).map_or("?", |d| d.id.as_str()).to_string();
        let loc = |i: &u8| self.c.locs.get(*i as usize).map_or("?", |d| d.id.as_str()).to_string();
        let card = |i: &u8| self.c.cards.get(*i as usize).map_or("?", |d| d.id.as_str()).to_string();
        let good = |g: &u8| GOODS.get(*g as usize).copied().unwrap_or("?").to_string();
        match a {
            Action::Place { ship: s, zone } => format!("place {} {}", ship(s), loc(zone)),
            Action::Load => "load".into(),
            Action::Rail => "rail".into(),
            Action::Unload => "unload".into(),
            Action::Move => "move".into(),
            Action::Auction => "auction".into(),
            Action::Play { card: c, target } => match target {
                Target::None => format!("play {}", card(c)),
                Target::Loc(z) => format!("play {} {}", card(c), loc(z)),
                Target::Ship(i) => format!("play {} {}", card(c), ship(i)),
            },
            Action::Discard { card: c } => format!("discard {}", card(c)),
            Action::Offer { to, card: c } => format!("offer {} {}", seat_name(*to), card(c)),
            Action::Pass => "pass".into(),
            Action::Done => "done".into(),
            Action::LoadCube { ship: s, good: g } => format!("load {} {}", ship(s), good(g)),
            Action::RailCube { ship: s, good: g, from } => format!("rail {} {} {}", ship(s), good(g), loc(from)),
            Action::UnloadCube { ship: s, good: g } => format!("unload {} {}", ship(s), good(g)),
            Action::Sail { ship: s, zone } => format!("sail {} {}", ship(s), loc(zone)),
            Action::Jettison { ship: s } => format!("jettison {}", ship(s)),
            Action::Fund { amount } => format!("fund {amount}"),
            Action::Improve { port } => format!("improve {}", loc(port)),
            Action::AuctionShip { ship: s } => format!("auction {}", ship(s)),
            Action::Bid { amount } => format!("bid {amount}"),
            Action::Accept { card: c } => format!("accept {}", card(c)),
            Action::Decline => "decline".into(),
        }
    }

    fn parse_text(&self, text: &str) -> Result<Action, Refusal> {
        let t: Vec<&str> = text.split_whitespace().collect();
        let bad = || Refusal::new("notation", format!("cannot read `{text}`"));
        let ship = |w: &str| self.c.ship_index.get(w).ok_or_else(|| Refusal::new("notation", format!("unknown ship `{w}`")));
        let loc = |w: &str| self.c.loc_index.get(w).ok_or_else(|| Refusal::new("notation", format!("unknown place `{w}`")));
        let card = |w: &str| self.c.card_index.get(w).ok_or_else(|| Refusal::new("notation", format!("unknown card `{w}`")));
        let good = |w: &str| GOODS.iter().position(|g| *g == w).map(|g| g as u8).ok_or_else(|| Refusal::new("notation", format!("unknown good `{w}`")));
        let num = |w: &str| w.parse::<u16>().map_err(|_| Refusal::new("notation", format!("`{w}` is not a number")));
        Ok(match t.as_slice() {
            ["place", s, z] => Action::Place { ship: ship(s)?, zone: loc(z)? },
            ["load"] => Action::Load,
            ["rail"] => Action::Rail,
            ["unload"] => Action::Unload,
            ["move"] => Action::Move,
            ["auction"] => Action::Auction,
            ["pass"] => Action::Pass,
            ["done"] => Action::Done,
            ["decline"] => Action::Decline,
            ["play", c] => Action::Play { card: card(c)?, target: Target::None },
            ["play", c, x] => {
                let target = match (self.c.ship_index.get(x), self.c.loc_index.get(x)) {
                    (Some(i), _) => Target::Ship(i),
                    (None, Some(z)) => Target::Loc(z),
                    _ => return Err(Refusal::new("notation", format!("unknown target `{x}`"))),
                };
                Action::Play { card: card(c)?, target }
            }
            ["discard", c] => Action::Discard { card: card(c)? },
            ["offer", p, c] => {
                let to = p.strip_prefix('p').and_then(|n| n.parse::<u8>().ok()).filter(|&n| n >= 1).ok_or_else(bad)? - 1;
                Action::Offer { to, card: card(c)? }
            }
            ["accept", c] => Action::Accept { card: card(c)? },
            ["load", s, g] => Action::LoadCube { ship: ship(s)?, good: good(g)? },
            ["rail", s, g, f] => Action::RailCube { ship: ship(s)?, good: good(g)?, from: loc(f)? },
            ["unload", s, g] => Action::UnloadCube { ship: ship(s)?, good: good(g)? },
            ["sail", s, z] => Action::Sail { ship: ship(s)?, zone: loc(z)? },
            ["jettison", s] => Action::Jettison { ship: ship(s)? },
            ["fund", n] => Action::Fund { amount: num(n)? },
            ["improve", z] => Action::Improve { port: loc(z)? },
            ["auction", s] => Action::AuctionShip { ship: ship(s)? },
            ["bid", n] => Action::Bid { amount: num(n)? },
            _ => return Err(bad()),
        })
    }

    fn frame_text(&self, f: &Frame) -> String {
        match f {
            Frame::Placement { seat } => format!("{} places a starting ship", seat_name(*seat)),
            Frame::Turn { seat, left, .. } => format!("{}'s turn, {left} action(s) left", seat_name(*seat)),
            Frame::Load { seat, rail } => format!("{} is {}", seat_name(*seat), if *rail { "loading by rail" } else { "loading" }),
            Frame::Unload { seat, .. } => format!("{} is unloading", seat_name(*seat)),
            Frame::Move { seat, evac: Some(z), .. } => format!("{} evacuates falling {}", seat_name(*seat), self.loc(*z).name),
            Frame::Move { seat, .. } => format!("{} is moving", seat_name(*seat)),
            Frame::Fund { seat, .. } => format!("{} may fund port defenses", seat_name(*seat)),
            Frame::AuctionPick { seat, .. } => format!("{} picks a ship to auction", seat_name(*seat)),
            Frame::Bid { ship, bidder, high, .. } => format!(
                "auction of the {}: {} to bid{}",
                self.c.ships[*ship as usize].name,
                seat_name(*bidder),
                high.map(|(p, a)| format!(" (high bid ${a},000 by {})", seat_name(p))).unwrap_or_default()
            ),
            Frame::PlaceShip { seat, ship } => format!("{} places the {}", seat_name(*seat), self.c.ships[*ship as usize].name),
            Frame::TradeReply { from, to, .. } => format!("{} answers {}'s trade offer", seat_name(*to), seat_name(*from)),
            other => format!("{other:?}"),
        }
    }

    // ------------------------------------------------------------------------------------
    // invariants

    fn invariants(&self, s: &State) -> Result<(), String> {
        for (i, p) in s.players.iter().enumerate() {
            if p.money < 0 {
                return Err(format!("p{} has negative money {}", i + 1, p.money));
            }
        }
        if s.fund < 0 {
            return Err("negative Port Defense Fund".into());
        }
        // Goods cubes conserved.
        for (g, name) in GOODS.iter().enumerate() {
            let mut total = s.reserve[g] as u64 + s.sales[g] as u64;
            total += s.locs.iter().map(|l| l.supply[g] as u64).sum::<u64>();
            total += s.ships.iter().map(|sh| sh.cargo[g] as u64).sum::<u64>();
            if g == ARMS {
                total += s.players.iter().map(|p| p.delivered as u64).sum::<u64>();
            }
            if total != self.c.reserve[g] as u64 {
                return Err(format!("{name} cubes: {total} counted, {} in the game", self.c.reserve[g]));
            }
        }
        for (i, l) in s.locs.iter().enumerate() {
            let d = &self.c.locs[i];
            for (g, name) in GOODS.iter().enumerate() {
                if l.supply[g] > d.supply[g] {
                    return Err(format!("{} holds more {name} than its box", d.id));
                }
            }
            if l.blockade > self.c.max_blockade {
                return Err(format!("{} blockade {} above the maximum", d.id, l.blockade));
            }
            if l.defense < d.defense || l.defense > self.c.max_defense.max(d.defense) {
                return Err(format!("{} defense {} out of range", d.id, l.defense));
            }
            if d.kind != LocKind::Confederate && (l.defense != d.defense || l.blockade != 0) {
                return Err(format!("{} is not a Confederate port but has blockade/defense changes", d.id));
            }
        }
        // Every action card in exactly one place.
        let mut seen = vec![0u8; self.c.card_instances.len()];
        let mut mark = |c: u8| -> Result<(), String> {
            let slot = seen.get_mut(c as usize).ok_or(format!("unknown card instance {c}"))?;
            *slot += 1;
            Ok(())
        };
        for &c in s.deck.iter().chain(&s.discard).chain(&s.removed) {
            mark(c)?;
        }
        for p in &s.players {
            for &c in &p.hand {
                mark(c)?;
            }
            if let Some(c) = p.insurance {
                mark(c)?;
            }
        }
        for sh in &s.ships {
            if sh.lost && !sh.attached.is_empty() {
                return Err("a destroyed ship still carries cards".into());
            }
            for &c in &sh.attached {
                mark(c)?;
            }
        }
        if let Some(i) = seen.iter().position(|&n| n != 1) {
            return Err(format!("action card instance {i} is in {} places", seen[i]));
        }
        // Ships: cargo within capacity; placed ships are owned; no ship at rest in a captured port.
        let moving = s.flow.iter().any(|f| matches!(f, Frame::Move { .. }));
        for (i, sh) in s.ships.iter().enumerate() {
            let d = &self.c.ships[i];
            if sh.load() > d.capacity {
                return Err(format!("{} carries {} cubes, capacity {}", d.id, sh.load(), d.capacity));
            }
            if sh.lost && (sh.owner.is_some() || sh.zone.is_some() || sh.load() > 0) {
                return Err(format!("destroyed ship {} still on the board", d.id));
            }
            if sh.owner.is_none() && (sh.zone.is_some() || sh.load() > 0) {
                return Err(format!("unowned ship {} on the board", d.id));
            }
            if let Some(z) = sh.zone {
                if (z as usize) >= self.c.n_zones {
                    return Err(format!("ship {} is not in a zone", d.id));
                }
                if !moving && s.locs[z as usize].captured {
                    return Err(format!("ship {} rests in captured {}", d.id, self.c.locs[z as usize].id));
                }
            }
        }
        let placing = s.flow.iter().any(|f| matches!(f, Frame::Placement { .. } | Frame::PlaceShip { .. }));
        if !placing && s.ships.iter().any(|sh| sh.owner.is_some() && sh.zone.is_none()) {
            return Err("an owned ship is off the board outside placement".into());
        }
        if s.over != s.flow.is_empty() {
            return Err("the flow is empty exactly when the game is over".into());
        }
        Ok(())
    }

    // ------------------------------------------------------------------------------------
    // outcome

    fn result(&self, s: &State) -> Option<Outcome> {
        if !s.over {
            return None;
        }
        let scores = (0..s.n).map(|p| (s.players[p as usize].money + self.fleet_value(s, p)) as i64).collect();
        if let Some((winner, reason)) = &s.hook_victory {
            return Some(Outcome { winners: winner.iter().map(|&w| w as Seat).collect(), scores, reason: reason.clone() });
        }
        // BR 3.11: money + fleet value; ties: capacity, then speed; else shared.
        let key = |p: u8| (s.players[p as usize].money + self.fleet_value(s, p), self.capacity(s, p), self.total_speed(s, p));
        let best = (0..s.n).map(key).max()?;
        let winners: Vec<Seat> = (0..s.n).filter(|&p| key(p) == best).collect();
        let scores = (0..s.n).map(|p| key(p).0 as i64).collect();
        Some(Outcome { winners, scores, reason: "BR 3.11: most money plus fleet value at the end of 1865 (ties: capacity, then speed)".into() })
    }
}

// ------------------------------------------------------------------------------------------
// View

#[derive(Serialize)]
pub struct PlayerView {
    pub seat: String,
    pub money: i32,
    pub hand_size: usize,
    /// Only for the viewing seat.
    pub hand: Option<Vec<String>>,
    pub arms_delivered: u8,
    pub extra_action: bool,
    pub insurance: bool,
    pub evasion_bonus: u8,
    pub capacity: i32,
    pub fleet_value: i32,
}

#[derive(Serialize)]
pub struct ShipView {
    pub id: String,
    pub name: String,
    pub speed: u8,
    pub capacity: u8,
    pub value: i32,
    pub status: &'static str,
    pub owner: Option<String>,
    pub zone: Option<String>,
    pub cargo: [u8; 4],
    pub attached: Vec<String>,
}

#[derive(Serialize)]
pub struct LocView {
    pub id: String,
    pub name: String,
    pub kind: &'static str,
    pub supply: [u8; 4],
    pub blockade: u8,
    pub defense: u8,
    pub printed_defense: u8,
    pub captured: bool,
}

#[derive(Serialize)]
pub struct View {
    pub year: u16,
    pub over: bool,
    pub pending: String,
    pub active: Vec<String>,
    pub turn_order: Vec<String>,
    /// cotton, tobacco, arms (0: no track), black market, k$.
    pub prices: [i32; 4],
    pub sales_boxes: [u8; 4],
    pub fund: i32,
    pub squadron: Option<String>,
    pub union_deck_cards: usize,
    pub action_deck_cards: usize,
    pub discards: usize,
    /// The card offered to this seat, or by it, in a pending trade.
    pub trade_card: Option<String>,
    /// How the last trade offer was answered, as the table saw it (BR 3.9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_trade: Option<String>,
    pub players: Vec<PlayerView>,
    pub ships: Vec<ShipView>,
    pub places: Vec<LocView>,
}

impl BlockadeRunner {
    fn make_view(&self, s: &State, seat: Option<Seat>) -> View {
        let kind = |k: LocKind| match k {
            LocKind::Sea => "sea",
            LocKind::Confederate => "confederate",
            LocKind::Outer => "outer",
            LocKind::Inland => "inland",
        };
        let trade_card = match s.flow.top() {
            Some(Frame::TradeReply { from, to, card }) if seat == Some(*from) || seat == Some(*to) => Some(self.card_name(*card).to_string()),
            _ => None,
        };
        View {
            year: s.year,
            over: s.over,
            pending: s.flow.top().map(|f| self.frame_text(f)).unwrap_or_else(|| "game over".into()),
            active: self.decider(s).into_iter().map(seat_name).collect(),
            turn_order: s.turn_order.iter().map(|&p| seat_name(p)).collect(),
            prices: [0, 1, 2, 3].map(|g| self.price(s, g)),
            sales_boxes: s.sales,
            fund: s.fund,
            squadron: s.squadron.map(|z| self.loc(z).id.clone()),
            union_deck_cards: (0..self.c.union_deck.len() as u8).filter(|&i| s.union_out & bit(i) == 0).count(),
            action_deck_cards: s.deck.len(),
            discards: s.discard.len(),
            trade_card,
            last_trade: s.last_trade.map(|t| {
                let answer = if t.accepted { "accepted" } else { "declined" };
                format!("{} {answer} {}'s trade offer", seat_name(t.to), seat_name(t.from))
            }),
            players: (0..s.n)
                .map(|p| {
                    let pl = &s.players[p as usize];
                    PlayerView {
                        seat: seat_name(p),
                        money: pl.money,
                        hand_size: pl.hand.len(),
                        hand: (seat == Some(p)).then(|| pl.hand.iter().map(|&c| self.card_name(c).to_string()).collect()),
                        arms_delivered: pl.delivered,
                        extra_action: pl.bonus,
                        insurance: pl.insurance.is_some(),
                        evasion_bonus: pl.evasion,
                        capacity: self.capacity(s, p),
                        fleet_value: self.fleet_value(s, p),
                    }
                })
                .collect(),
            ships: s
                .ships
                .iter()
                .enumerate()
                .map(|(i, sh)| {
                    let d = &self.c.ships[i];
                    ShipView {
                        id: d.id.clone(),
                        name: d.name.clone(),
                        speed: d.speed,
                        capacity: d.capacity,
                        value: d.value,
                        status: if sh.lost { "destroyed" } else if sh.owner.is_some() { "owned" } else { "available" },
                        owner: sh.owner.map(seat_name),
                        zone: sh.zone.map(|z| self.loc(z).id.clone()),
                        cargo: sh.cargo,
                        attached: sh.attached.iter().map(|&c| self.card_name(c).to_string()).collect(),
                    }
                })
                .collect(),
            places: s
                .locs
                .iter()
                .enumerate()
                .filter(|(i, _)| self.c.locs[*i].kind != LocKind::Sea)
                .map(|(i, l)| {
                    let d = &self.c.locs[i];
                    LocView {
                        id: d.id.clone(),
                        name: d.name.clone(),
                        kind: kind(d.kind),
                        supply: l.supply,
                        blockade: l.blockade,
                        defense: l.defense,
                        printed_defense: d.defense,
                        captured: l.captured,
                    }
                })
                .collect(),
        }
    }

    fn describe_text(&self, s: &State, seat: Option<Seat>) -> String {
        use std::fmt::Write;
        let v = self.make_view(s, seat);
        let mut o = String::new();
        let _ = writeln!(o, "Blockade Runner, {}{}", v.year, if v.over { " (game over)" } else { "" });
        let _ = writeln!(o, "Now: {}", v.pending);
        let _ = writeln!(o, "Turn order: {}", v.turn_order.join(", "));
        let _ = writeln!(
            o,
            "Prices: cotton ${}k, tobacco ${}k, black market ${}k (arms pay ${}k)   Sales boxes: cotton {}/{}, tobacco {}/{}, black {}/{}",
            v.prices[0], v.prices[1], v.prices[3], self.c.arms_payment, v.sales_boxes[0], self.c.sales_box[0], v.sales_boxes[1], self.c.sales_box[1], v.sales_boxes[3], self.c.sales_box[3]
        );
        let _ = writeln!(
            o,
            "Port Defense Fund ${}k   Squadron: {}   Union deck {} cards   Action deck {} (discards {})",
            v.fund,
            v.squadron.as_deref().unwrap_or("-"),
            v.union_deck_cards,
            v.action_deck_cards,
            v.discards
        );
        for p in &v.players {
            let _ = write!(o, "{}: ${}k, {} cards, capacity {}, fleet ${}k, arms delivered {}{}", p.seat, p.money, p.hand_size, p.capacity, p.fleet_value, p.arms_delivered, if p.extra_action { ", extra action" } else { "" });
            if let Some(h) = &p.hand {
                let _ = write!(o, "  hand: {}", h.join(", "));
            }
            let _ = writeln!(o);
        }
        if let Some(c) = &v.trade_card {
            let _ = writeln!(o, "Trade offer: {c}");
        }
        if let Some(t) = &v.last_trade {
            let _ = writeln!(o, "Last trade: {t}");
        }
        let _ = writeln!(o, "Ships:");
        for sh in v.ships.iter().filter(|s| s.owner.is_some()) {
            let cargo: Vec<String> = (0..4).filter(|&g| sh.cargo[g] > 0).map(|g| format!("{} {}", sh.cargo[g], GOODS[g])).collect();
            let _ = writeln!(
                o,
                "  {} {} ({}/{}, ${}k) at {} {}{}",
                sh.owner.as_deref().unwrap_or("-"),
                sh.name,
                sh.speed,
                sh.capacity,
                sh.value,
                sh.zone.as_deref().unwrap_or("(to place)"),
                if cargo.is_empty() { "empty".to_string() } else { cargo.join(", ") },
                if sh.attached.is_empty() { String::new() } else { format!(" [{}]", sh.attached.join(", ")) }
            );
        }
        let avail: Vec<String> = v.ships.iter().filter(|s| s.status == "available").map(|s| format!("{} {}/{} ${}k", s.id, s.speed, s.capacity, s.value)).collect();
        let _ = writeln!(o, "On display: {}", avail.join("; "));
        let _ = writeln!(o, "Places (blockade/defense, goods c/t/a/b):");
        for l in &v.places {
            let _ = writeln!(
                o,
                "  {:<14} {:<11} {}{} goods {}/{}/{}/{}",
                l.name,
                l.kind,
                if l.kind == "confederate" { format!("blk {} def {} ", l.blockade, l.defense) } else { String::new() },
                if l.captured { "CAPTURED" } else { "" },
                l.supply[0],
                l.supply[1],
                l.supply[2],
                l.supply[3]
            );
        }
        o
    }

    fn make_board(&self, s: &State, seat: Option<Seat>) -> Board {
        let mut b = Board { layout: Layout::Points, ..Default::default() };
        for (i, d) in self.c.locs.iter().enumerate() {
            let l = &s.locs[i];
            let mut marks = Vec::new();
            if l.captured {
                marks.push("captured".to_string());
            }
            if l.blockade > 0 {
                marks.push(format!("blockade {}", l.blockade));
            }
            if d.kind == LocKind::Confederate {
                marks.push(format!("defense {}", l.defense));
            }
            if s.squadron == Some(i as u8) {
                marks.push("squadron".into());
            }
            let fill = match d.kind {
                LocKind::Sea => "sea",
                LocKind::Confederate => "port",
                LocKind::Outer => "neutral-port",
                LocKind::Inland => "town",
            };
            b.spaces.push(BoardSpace { id: d.id.clone(), label: d.name.clone(), x: d.x, y: d.y, fill: fill.into(), marks });
        }
        for (a, nbs) in self.c.adj.iter().enumerate() {
            for &n in nbs {
                if (a as u8) < n {
                    b.links.push(BoardLink { a: a as u16, b: n as u16, kind: "sea".into() });
                }
            }
        }
        for (a, nbs) in self.c.rail_adj.iter().enumerate() {
            for &n in nbs {
                if (a as u8) < n {
                    b.links.push(BoardLink { a: a as u16, b: n as u16, kind: "rail".into() });
                }
            }
        }
        for (i, sh) in s.ships.iter().enumerate() {
            if let (Some(z), Some(o)) = (sh.zone, sh.owner) {
                let cargo: u8 = sh.load();
                b.pieces.push(BoardPiece {
                    space: z as u16,
                    label: self.c.ships[i].name.clone(),
                    seat: Some(o),
                    kind: "ship".into(),
                    strength: Some(format!("{}/{} cargo {cargo}", self.c.ships[i].speed, self.c.ships[i].capacity)),
                    hidden: false,
                });
            }
        }
        let v = self.make_view(s, seat);
        b.panels.push(Panel {
            title: format!("{} — {}", v.year, v.pending),
            lines: vec![
                format!("Cotton ${}k  Tobacco ${}k  Black market ${}k", v.prices[0], v.prices[1], v.prices[3]),
                format!("Port Defense Fund ${}k", v.fund),
                format!("Turn order: {}", v.turn_order.join(", ")),
            ],
        });
        b.panels.push(Panel { title: "Players".into(), lines: v.players.iter().map(|p| format!("{}: ${}k, {} cards, fleet ${}k", p.seat, p.money, p.hand_size, p.fleet_value)).collect() });
        // The viewer's own hand, face up (the app matches faces to card plays by title).
        for &ci in seat.and_then(|x| s.players.get(x as usize)).map_or(&[][..], |p| &p.hand[..]) {
            let d = &self.c.cards[self.c.card_instances[ci as usize] as usize];
            let text = if d.effect == Effect::Script { "a scripted event".to_string() } else { format!("{:?}", d.effect).to_lowercase() };
            b.cards.push(CardFace { title: d.name.clone(), value: (d.amount != 0).then(|| format!("{:+}", d.amount)), text });
        }
        b
    }
}

/// The automatic steps (BR 3.0): each is a frame that runs as soon as it is on top.
impl Procedure for BlockadeRunner {
    type State = State;
    type Step = Frame;

    fn next_step(&self, s: &State) -> Option<Frame> {
        let top = s.flow.top()?;
        let automatic = match top {
            Frame::YearStart | Frame::Assaults { .. } | Frame::Capture { .. } | Frame::AfterAssaults | Frame::Turns { .. } => true,
            Frame::Turn { left, .. } => *left == 0,
            // BR 2.3: placement ends once no owned ship waits off the board.
            Frame::Placement { .. } => !s.ships.iter().any(|sh| sh.owner.is_some() && !sh.lost && sh.zone.is_none()),
            _ => false,
        };
        automatic.then(|| top.clone())
    }

    fn step_name(&self, f: &Frame) -> &'static str {
        match f {
            Frame::YearStart => "year-start",
            Frame::Assaults { .. } => "union-assault",
            Frame::Capture { .. } => "port-capture",
            Frame::AfterAssaults => "goods-and-turn-order",
            Frame::Turns { .. } => "next-turn",
            Frame::Turn { .. } => "turn-end",
            Frame::Placement { .. } => "placement-end",
            _ => "decision",
        }
    }

    fn run_step(&self, s: &mut State, f: Frame, log: &mut Log) {
        match f {
            Frame::YearStart => {
                s.flow.pop();
                self.year_start(s, log);
            }
            Frame::Assaults { mut ports } => {
                if ports.is_empty() {
                    s.flow.pop();
                    return;
                }
                let p = ports.remove(0);
                s.flow.replace(Frame::Assaults { ports });
                self.assault(s, p, log);
            }
            Frame::Capture { port } => {
                s.flow.pop();
                self.capture(s, port, log);
            }
            Frame::AfterAssaults => {
                s.flow.pop();
                self.after_assaults(s, log);
                s.flow.push(Frame::Turns { idx: 0 });
            }
            Frame::Turns { idx } => {
                if (idx as usize) < s.turn_order.len() {
                    s.flow.replace(Frame::Turns { idx: idx + 1 });
                    let seat = s.turn_order[idx as usize];
                    let p = &s.players[seat as usize];
                    let left = self.c.actions_per_turn + if p.bonus { self.c.bonus_actions } else { 0 };
                    s.flow.push(Frame::Turn { seat, left, offers: 0 });
                } else {
                    s.flow.pop();
                    self.end_year(s, log);
                }
            }
            _ => {
                s.flow.pop();
            }
        }
    }

    fn at_step(&self, s: &mut State, at: At, step: &'static str, log: &mut Log) {
        self.hooks_at_step(s, at, step, log);
    }
}

impl Game for BlockadeRunner {
    type State = State;
    type Action = Action;
    type View = View;

    fn id(&self) -> &'static str {
        "blockade-runner"
    }

    fn title(&self) -> &str {
        &self.c.title
    }

    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![ScenarioInfo { id: "standard".into(), title: "Blockade Runner, 1861-1865".into(), min_players: 2, max_players: 6, default_players: 4, options: opt_infos() }]
    }

    fn setup(&self, setup: &Setup) -> Result<State, Refusal> {
        self.new_state(setup)
    }

    fn seat_names(&self, state: &State) -> Vec<String> {
        (0..state.n).map(seat_name).collect()
    }

    fn active_seats(&self, state: &State) -> Vec<Seat> {
        if state.over { Vec::new() } else { self.decider(state).into_iter().collect() }
    }

    fn legal_actions(&self, state: &State, seat: Seat) -> Vec<Action> {
        self.legal(state, seat)
    }

    fn apply(&self, state: &mut State, seat: Seat, action: &Action, log: &mut Log) -> Result<(), Refusal> {
        // Validate and apply on a copy, so a refusal leaves the state untouched.
        let mut next = state.clone();
        self.apply_inner(&mut next, seat, action, log)?;
        self.advance(&mut next, log)?;
        *state = next;
        Ok(())
    }

    fn notation(&self, action: &Action) -> String {
        self.notation_of(action)
    }

    fn prompt(&self, state: &State, seat: Seat) -> Option<String> {
        prompt::prompt(self, state, seat)
    }

    /// BR 3.9: a trade is made in secret; the table reads that cards changed hands, not which.
    /// A line of the log in words: an action as the buttons say it, ships, places and cards by
    /// name; from the text alone.
    fn text_words(&self, _setup: &Setup, text: &str, line: bivouac_engine::board::Line) -> String {
        match (line, self.parse_text(text)) {
            (bivouac_engine::board::Line::Action, Ok(a)) => self.action_words(&a),
            _ => crate::words::named(text, |w| self.id_name(w)),
        }
    }

    fn notation_seen(&self, _state: &State, _seat: Seat, action: &Action) -> Option<String> {
        match action {
            Action::Offer { to, .. } => Some(format!("offer {} (a card, secret: BR 3.9)", seat_name(*to))),
            Action::Accept { .. } => Some("accept (a card in exchange, secret: BR 3.9)".into()),
            Action::Discard { .. } => Some("discard (a card for the fund: BR 3.5.4)".into()),
            _ => None,
        }
    }

    fn parse(&self, text: &str) -> Result<Action, Refusal> {
        self.parse_text(text)
    }

    fn view(&self, state: &State, seat: Option<Seat>) -> View {
        self.make_view(state, seat)
    }

    fn describe(&self, state: &State, seat: Option<Seat>) -> String {
        self.describe_text(state, seat)
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        self.result(state)
    }

    /// The year being played, 1 for 1861.
    fn turn(&self, state: &State) -> Option<u32> {
        Some(u32::from(state.year.saturating_sub(1860)))
    }

    /// The balance lab follows each player's money plus fleet value (the score of BR 3.11).
    fn measures(&self, state: &State) -> Vec<(String, f64)> {
        (0..state.n).map(|p| (format!("p{} money + fleet (k$)", p + 1), f64::from(state.players[p as usize].money + self.fleet_value(state, p)))).collect()
    }

    fn determinize(&self, state: &State, seat: Seat, rng: &mut GameRng) -> State {
        self.ai_determinize(state, seat, rng)
    }

    fn evaluate(&self, state: &State, seat: Seat) -> f64 {
        self.ai_evaluate(state, seat)
    }

    /// Flat search (see `ai.rs`, measured in docs/ai-strength.md).
    fn search_depth(&self) -> u32 {
        Self::AI_SEARCH_DEPTH
    }

    /// Flat search plays its own next actions after each root action (see `ai.rs`).
    fn flat_playout(&self) -> u32 {
        Self::AI_FLAT_PLAYOUT
    }

    fn check_invariants(&self, state: &State) -> Result<(), String> {
        self.invariants(state)
    }

    fn board(&self, state: &State, seat: Option<Seat>) -> Board {
        self.make_board(state, seat)
    }

    fn hint(&self, state: &State, action: &Action) -> ActionHint {
        let group = match action {
            Action::Place { .. } => "Place",
            Action::Load | Action::LoadCube { .. } | Action::Rail | Action::RailCube { .. } => "Load",
            Action::Unload | Action::UnloadCube { .. } => "Unload",
            Action::Move | Action::Sail { .. } | Action::Jettison { .. } => "Move",
            Action::Play { .. } | Action::Discard { .. } => "Card",
            Action::Auction | Action::AuctionShip { .. } | Action::Bid { .. } => "Auction",
            Action::Fund { .. } | Action::Improve { .. } => "Fund",
            Action::Offer { .. } | Action::Accept { .. } | Action::Decline => "Trade",
            Action::Pass | Action::Done => "",
        };
        let (from, to) = match action {
            Action::Place { zone, .. } => (None, Some(*zone as u16)),
            Action::Sail { ship, zone } => (state.ships[*ship as usize].zone.map(u16::from), Some(*zone as u16)),
            Action::Improve { port } | Action::Play { target: Target::Loc(port), .. } => (None, Some(*port as u16)),
            Action::RailCube { ship, from, .. } => (Some(*from as u16), state.ships[*ship as usize].zone.map(u16::from)),
            _ => (None, None),
        };
        let card = match action {
            Action::Play { card, .. } | Action::Discard { card } | Action::Offer { card, .. } | Action::Accept { card } => Some(self.c.cards[*card as usize].name.clone()),
            _ => None,
        };
        ActionHint { from, to, card, group: group.into(), words: self.action_words(action), ..Default::default() }
    }

    fn max_actions(&self) -> usize {
        50_000
    }
}
