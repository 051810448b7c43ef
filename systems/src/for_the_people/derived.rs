//! Data derived from one position, computed at most once while the position is listed:
//! a listing asked for Union Naval Control (FtP 6.6) and each side's supply (FtP 8.1, 8.2)
//! several times (reinforcement spaces, strategic moves, naval routes, event views...), and
//! `apply` listed the position again to validate the action.
//!
//! Nothing here is serialized or kept in the state: it is a cache beside it.
//! * While `FtP::at_position(st, f)` runs, `st` is borrowed and cannot change, so whatever is
//!   derived from the state at that address (and from these rules) is reused until `f`
//!   returns: UNC, supply, and the position's key. Any other state (a clone being changed, a
//!   state after `apply`) misses and computes afresh.
//! * The last UNC and each side's last supply are kept per thread with everything they read
//!   (`UncKey`, `SupplyKey`: copies, compared with the new state in place), so a new position
//!   that changed none of it reuses them.
//! * The last listing is remembered per thread with a copy of the position, compared with
//!   `==` (no hash, no collision; cheaper than the state's exact bytes, `state_key`, which it
//!   used before), so `apply` validating the action just listed does not list again. The
//!   `playable` memo of the events keys on the same copy.

use super::FtP;
use super::content::Side;
use super::content::{ArmyId, CardNo, Control, GeneralId};
use super::state::{Action, GenAt, Sp, State, same_list};
use super::unc::Unc;
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

/// What is derived from one position, each part made when first asked.
#[derive(Default)]
struct Position {
    state: usize,
    rules: u64,
    key: OnceCell<Rc<State>>,
    unc: OnceCell<Unc>,
    supplied: [OnceCell<Vec<bool>>; 2],
    /// The spaces the Union reaches from the north edge (FtP 10.3.1), by rail only, by road too.
    north: [OnceCell<Vec<bool>>; 2],
    /// The open blockade-runner ports (FtP 10.5.2).
    br_ports: OnceCell<Vec<bool>>,
    /// Each side's strength per space (FtP 5.7.1), by space then side.
    strength: OnceCell<Vec<[u16; 2]>>,
    /// The spaces each side occupies (`occupied_by_now`), by side.
    occupied: [OnceCell<Vec<bool>>; 2],
}

/// The last listing made on this thread: rules, position key, actions.
struct Listed {
    rules: u64,
    key: Rc<State>,
    /// Shared with the callers of `legal_shared`, which then copy no action.
    actions: Rc<Vec<Action>>,
}

/// Everything `unc_now` reads (FtP 6.6.2: CSA forts, CSA-controlled coastal forts and the
/// gates they close, CSA ironclads; the edition's examples).
struct UncKey {
    rules: u64,
    edition: u8,
    fort: Vec<Option<Side>>,
    control: Vec<Control>,
    ironclads: Vec<Sp>,
}

/// Everything `supplied_now` reads for one side (FtP 8.1, 8.2): control, forts, where the enemy
/// stands (`occupied_by`), destroyed resource centers, the cards in force (BR ports tied to a
/// card, 10.5.2), UNC and the edition (10.5.2: the ES BR port's LOC to another resource center).
/// Compared with a state in place (`is_supply_key`), by the kept supply and BR ports and by the
/// strategic and reinforcement keys (reinforce.rs).
pub(super) struct SupplyKey {
    rules: u64,
    edition: u8,
    side: Side,
    control: Vec<Control>,
    fort: Vec<Option<Side>>,
    enemy: Vec<bool>,
    rc_destroyed: Vec<bool>,
    in_force: Vec<CardNo>,
    unc: Unc,
    /// FtP 8.1.2: CSA ironclads close Union river LOCs even where UNC is already negated.
    ironclads: Vec<Sp>,
}

/// Everything `north_reach_now` reads (FtP 10.3.1): the spaces it may pass, and how.
#[derive(PartialEq)]
struct NorthKey {
    rules: u64,
    rail_only: bool,
    open: Vec<bool>,
}

type Kept<K, V> = RefCell<Option<(K, V)>>;

thread_local! {
    /// The positions being listed on this thread, innermost last.
    static OPEN: RefCell<Vec<Rc<Position>>> = const { RefCell::new(Vec::new()) };
    static LISTED: RefCell<Option<Listed>> = const { RefCell::new(None) };
    /// The last UNC and each side's last supply computed on this thread, with what they read:
    /// most actions change none of it (a move within friendly spaces, a card played).
    static LAST_UNC: Kept<UncKey, Unc> = const { RefCell::new(None) };
    static LAST_SUPPLY_UNION: Kept<SupplyKey, Vec<bool>> = const { RefCell::new(None) };
    static LAST_SUPPLY_CSA: Kept<SupplyKey, Vec<bool>> = const { RefCell::new(None) };
    /// The last north-edge reach of each kind (rail only, road too) and the last open BR ports
    /// (which read what the CSA's supply reads): a Reinforcement Phase asks for them at every
    /// SP placed, and placing an SP changes none of what they read.
    static LAST_NORTH_RAIL: Kept<NorthKey, Vec<bool>> = const { RefCell::new(None) };
    static LAST_NORTH_ROAD: Kept<NorthKey, Vec<bool>> = const { RefCell::new(None) };
    static LAST_BR_PORTS: Kept<SupplyKey, Vec<bool>> = const { RefCell::new(None) };
}

/// The value kept in `slot` if it was made from `key`, else `make(&key)`, kept with `key`.
fn kept<K: PartialEq + 'static, V: Clone + 'static>(slot: &'static std::thread::LocalKey<Kept<K, V>>, key: K, make: impl FnOnce(&K) -> V) -> V {
    if let Some(v) = slot.with_borrow(|k| k.as_ref().filter(|(k, _)| *k == key).map(|(_, v)| v.clone())) {
        return v;
    }
    let v = make(&key);
    slot.set(Some((key, v.clone())));
    v
}

/// The value kept in `slot` if its key passes `same` (a key compared with the state in place,
/// no copy made), else `make(&key())`, kept with that key.
fn kept_if<K: 'static, V: Clone + 'static>(slot: &'static std::thread::LocalKey<Kept<K, V>>, same: impl FnOnce(&K) -> bool, key: impl FnOnce() -> K, make: impl FnOnce(&K) -> V) -> V {
    if let Some(v) = slot.with_borrow(|k| k.as_ref().filter(|(k, _)| same(k)).map(|(_, v)| v.clone())) {
        return v;
    }
    let key = key();
    let v = make(&key);
    slot.set(Some((key, v.clone())));
    v
}

/// Closes a position when dropped (also when `f` panics).
struct Open;

impl Drop for Open {
    fn drop(&mut self) {
        OPEN.with_borrow_mut(|o| o.pop());
    }
}

/// Whether two position keys (`FtP::position_key`) are the same position.
pub(super) fn same_position(a: &Rc<State>, b: &Rc<State>) -> bool {
    Rc::ptr_eq(a, b) || a == b
}

impl FtP {
    /// Run `f` with the data derived from `st` computed at most once (see the module docs).
    pub(super) fn at_position<T>(&self, st: &State, f: impl FnOnce() -> T) -> T {
        let (state, rules) = (st as *const State as usize, self.id);
        if OPEN.with_borrow(|o| o.last().is_some_and(|p| p.state == state && p.rules == rules)) {
            return f();
        }
        OPEN.with_borrow_mut(|o| o.push(Rc::new(Position { state, rules, ..Position::default() })));
        let _open = Open;
        f()
    }

    /// The open position of `st`, if it is being listed.
    fn position(&self, st: &State) -> Option<Rc<Position>> {
        let (state, rules) = (st as *const State as usize, self.id);
        OPEN.with_borrow(|o| o.iter().rev().find(|p| p.state == state && p.rules == rules).cloned())
    }

    /// `make()`, or the value kept in the open position of `st` (made there once).
    fn derived<T: Clone>(&self, st: &State, slot: impl Fn(&Position) -> &OnceCell<T>, make: impl FnOnce() -> T) -> T {
        match self.position(st) {
            Some(p) => slot(&p).get_or_init(make).clone(),
            None => make(),
        }
    }

    /// FtP 6.6: Union Naval Control in `st`.
    pub fn unc(&self, st: &State) -> Unc {
        self.derived(st, |p| &p.unc, || {
            // Compared in place, copied only when UNC is made afresh.
            let same = |UncKey { rules, edition, fort, control, ironclads }: &UncKey| *rules == self.id && *edition == st.edition && same_list(fort, &st.fort) && same_list(control, &st.control) && same_list(ironclads, &st.naval.ironclads);
            let key = || UncKey { rules: self.id, edition: st.edition, fort: st.fort.clone(), control: st.control.clone(), ironclads: st.naval.ironclads.clone() };
            kept_if(&LAST_UNC, same, key, |_| self.unc_now(st))
        })
    }

    /// Everything `side`'s supply reads in `st`.
    pub(super) fn supply_key(&self, st: &State, side: Side) -> SupplyKey {
        SupplyKey {
            rules: self.id,
            edition: st.edition,
            side,
            control: st.control.clone(),
            fort: st.fort.clone(),
            enemy: self.occupied_by(st, super::rules::other(side)),
            rc_destroyed: st.rc_destroyed.clone(),
            in_force: st.in_force.iter().map(|f| f.card).collect(),
            unc: self.unc(st),
            ironclads: st.naval.ironclads.clone(),
        }
    }

    /// Whether `k` is `supply_key(st, side)`, compared with `st` in place (the copies
    /// a key is made of cost more than the comparison); the parts derived from the state (UNC,
    /// where the enemy stands) are made last, only when all else is the same.
    pub(super) fn is_supply_key(&self, k: &SupplyKey, st: &State, side: Side) -> bool {
        // Every part named: a part added to the key must be compared here too.
        let SupplyKey { rules, edition, side: of, control, fort, enemy, rc_destroyed, in_force, unc, ironclads } = k;
        *rules == self.id
            && *edition == st.edition
            && *of == side
            && same_list(control, &st.control)
            && same_list(fort, &st.fort)
            && same_list(rc_destroyed, &st.rc_destroyed)
            && in_force.iter().eq(st.in_force.iter().map(|f| &f.card))
            && same_list(ironclads, &st.naval.ironclads)
            && *unc == self.unc(st)
            && same_list(enemy, &self.occupied_by(st, super::rules::other(side)))
    }

    /// Spaces with SP or a fort of `side` (`occupied_by_now`), made once per open position:
    /// the supply keys, the BR ports' key and the LOC searches of a position all read it.
    pub fn occupied_by(&self, st: &State, side: Side) -> Vec<bool> {
        self.derived(st, |p| &p.occupied[side.index()], || self.occupied_by_now(st, side))
    }

    /// FtP 8.1, 8.2: every space where a force of `side` has a LOC.
    pub fn supplied(&self, st: &State, side: Side) -> Vec<bool> {
        self.derived(st, |p| &p.supplied[side.index()], || {
            let slot = if side == Side::Union { &LAST_SUPPLY_UNION } else { &LAST_SUPPLY_CSA };
            kept_if(slot, |k| self.is_supply_key(k, st, side), || self.supply_key(st, side), |_| self.supplied_now(st, side))
        })
    }

    /// FtP 10.5.2: every open blockade-runner port (`br_open_ports_now`). It reads control, the
    /// cards in force, the edition, and the CSA's LOCs (Union occupation, UNC, resource centers):
    /// the CSA supply's key.
    pub fn br_open_ports(&self, st: &State) -> Vec<bool> {
        self.derived(st, |p| &p.br_ports, || kept_if(&LAST_BR_PORTS, |k| self.is_supply_key(k, st, Side::Csa), || self.supply_key(st, Side::Csa), |_| self.br_open_ports_now(st)))
    }

    /// FtP 10.3.1: the spaces the Union reaches from the north map edge (`north_reach_now`).
    pub(super) fn north_reach(&self, st: &State, rail_only: bool) -> Vec<bool> {
        self.derived(st, |p| &p.north[rail_only as usize], || {
            // Within a position (opened here when asked outside one, as in `apply`), each space's
            // enemy strength comes from one table.
            let key = NorthKey { rules: self.id, rail_only, open: self.at_position(st, || self.north_open(st)) };
            let slot = if rail_only { &LAST_NORTH_RAIL } else { &LAST_NORTH_ROAD };
            kept(slot, key, |k| self.north_reach_now(&k.open, rail_only))
        })
    }

    /// FtP 5.7.1: `side`'s strength in `s` (`strength_now`), from a table made once per open
    /// position (a listing asked for it at every space, for each of its searches).
    pub fn strength(&self, st: &State, side: Side, s: Sp) -> u16 {
        match self.position(st) {
            Some(p) => p.strength.get_or_init(|| self.strength_table(st))[s as usize][side.index()],
            None => self.strength_now(st, side, s),
        }
    }

    /// `strength(st, side, s)` of every space (FtP 5.7.1), from the open position's table or one
    /// made now.
    pub(super) fn strengths(&self, st: &State, side: Side) -> Vec<u16> {
        self.at_position(st, || {
            let p = self.position(st).expect("the position just opened");
            p.strength.get_or_init(|| self.strength_table(st)).iter().map(|x| x[side.index()]).collect()
        })
    }

    /// `enemy_occupied(st, side, s)` of every space `s` (FtP 5.7.1, 8.1), the enemy's strengths
    /// read from the position's table once (not looked up space by space).
    pub(super) fn enemy_occupied_all(&self, st: &State, side: Side) -> Vec<bool> {
        self.at_position(st, || {
            let p = self.position(st).expect("the position just opened");
            let t = p.strength.get_or_init(|| self.strength_table(st));
            let e = super::rules::other(side);
            (0..self.c.map.len()).map(|s| t[s][e.index()] > 0 || st.fort[s] == Some(e) || self.enemy_coastal_fort(st, side, s as Sp)).collect()
        })
    }

    /// `strength_now` of each side at every space, in one pass over the generals and one over
    /// the armies.
    fn strength_table(&self, st: &State) -> Vec<[u16; 2]> {
        let mut t: Vec<[u16; 2]> = st.sp.iter().map(|x| [x[0] as u16, x[1] as u16]).collect();
        // FtP 5.2.1: cavalry brigades count, a cavalry general's outside any army where he
        // stands, an army's with its army.
        let mut army_brigades = vec![0u16; st.armies.len()];
        for (g, at) in st.generals.iter().enumerate() {
            let g = g as GeneralId;
            match *at {
                GenAt::Map(s) => t[s as usize][self.gen_side(g).index()] += self.brigades_sp(st, [g]),
                GenAt::Army(a) => army_brigades[a as usize] += self.brigades_sp(st, [g]),
                _ => {}
            }
        }
        // The side's army in the space (`army_in`: the first one listed): its SP and brigades.
        let mut counted = vec![[false; 2]; t.len()];
        for (a, x) in st.armies.iter().enumerate() {
            let Some(x) = x else { continue };
            let (s, i) = (x.space as usize, self.army_side(a as ArmyId).index());
            if !counted[s][i] {
                counted[s][i] = true;
                t[s][i] += x.sp as u16 + army_brigades[a];
            }
        }
        t
    }

    /// A copy of `st`, made once per open position: the key of the position (compare keys
    /// with [`same_position`]).
    pub(super) fn position_key(&self, st: &State) -> Rc<State> {
        self.position_key_from(st, None)
    }

    /// `position_key`, made when needed as a copy into `old` if nothing else holds it.
    fn position_key_from(&self, st: &State, old: Option<Rc<State>>) -> Rc<State> {
        let copy = || match old {
            Some(mut key) => match Rc::get_mut(&mut key) {
                Some(kept) => {
                    kept.clone_from(st);
                    key
                }
                None => Rc::new(st.clone()),
            },
            None => Rc::new(st.clone()),
        };
        match self.position(st) {
            Some(p) => Rc::clone(p.key.get_or_init(copy)),
            None => copy(),
        }
    }

    /// The legal actions of `st` (`legal_now`), remembered for the last position listed on
    /// this thread.
    pub fn legal(&self, st: &State) -> Vec<Action> {
        self.with_legal(st, |actions| actions.to_vec())
    }

    /// `legal`, the remembered listing itself (copying each action of a long listing,
    /// as `legal` does, cost a random playout more than picking one).
    pub fn legal_shared(&self, st: &State) -> Rc<Vec<Action>> {
        self.with_legal(st, Rc::clone)
    }

    /// Whether `action` is legal in `st` (`legal`, without copying a remembered listing).
    pub(super) fn is_legal(&self, st: &State, action: &Action) -> bool {
        self.with_legal(st, |actions| actions.contains(action))
    }

    /// Whether `done` is the only legal action in `st` (`legal`: the listing is remembered, so
    /// the next `legal` of an unchanged `st` does not list again).
    pub(super) fn only_done(&self, st: &State) -> bool {
        self.with_legal(st, |actions| **actions == [Action::Done])
    }

    /// `f` of the legal actions of `st`, listed once per position (the last one remembered).
    fn with_legal<T>(&self, st: &State, f: impl FnOnce(&Rc<Vec<Action>>) -> T) -> T {
        self.at_position(st, || {
            let rules = self.id;
            let mut f = Some(f);
            // The remembered listing, compared with the state itself (no copy made): on a hit its
            // key becomes this position's, so the `playable` memo's checks compare pointers.
            let known = LISTED.with_borrow(|l| l.as_ref().filter(|l| l.rules == rules && *l.key == *st).map(|l| (Rc::clone(&l.key), f.take().map(|f| f(&l.actions)))));
            if let Some((key, Some(answer))) = known {
                if let Some(p) = self.position(st) {
                    let _ = p.key.set(key);
                }
                return answer;
            }
            // The last listing's vector is listed in again once no caller shares it (a long
            // listing, such as a Strategic step's ~1,400 moves, is then not grown afresh), and
            // its key is copied over with this position (its lists reused) when not shared.
            let (buf, old_key) = LISTED.take().map(|l| (Rc::try_unwrap(l.actions).ok(), Some(l.key))).unwrap_or_default();
            let key = self.position_key_from(st, old_key);
            let mut buf = buf.unwrap_or_default();
            buf.clear();
            self.legal_now_into(st, &mut buf);
            let actions = Rc::new(buf);
            let answer = f.take().map(|f| f(&actions));
            LISTED.set(Some(Listed { rules, key, actions }));
            answer.expect("`f` runs once")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::content::{Control, Side};
    use super::super::play_tests::{each_random_position, game};
    use super::super::state::{Action, Sp, State};
    use std::rc::Rc;
    use bivouac_engine::game::{Game, Setup};
    use bivouac_engine::log::Log;
    use bivouac_engine::rng::GameRng;

    /// A state copied over another state (`clone_from`, into the lists of the listing
    /// cache's previous key) is the state: equal, and saved the same, on random positions of
    /// every scenario, as is a plain copy.
    #[test]
    fn a_state_copied_over_another_is_the_state() {
        let g = game();
        let mut checked = 0;
        for (i, sc) in ["1861", "1862", "1863", "1864", "campaign"].into_iter().enumerate() {
            let first = g.setup(&Setup::new(sc, 2, 40 + i as u64)).expect("setup");
            let mut before = first.clone();
            each_random_position(first, 7 + i as u64, 200, |st| {
                let saved = serde_json::to_value(st).expect("saves");
                let mut over = before.clone();
                over.clone_from(st);
                assert!(over == *st, "{sc}: copied over the position before");
                assert_eq!(serde_json::to_value(&over).expect("saves"), saved);
                assert_eq!(serde_json::to_value(st.clone()).expect("saves"), saved);
                before = st.clone();
                checked += 1;
            });
        }
        assert!(checked > 500, "{checked} positions");
    }

    /// A listing's vector is listed in again only once no caller shares it. A listing
    /// held while the next position is listed keeps its actions; one dropped lends its vector
    /// to the next listing, which is still exactly the position's.
    #[test]
    fn a_shared_listing_is_never_listed_over() {
        let g = game();
        let (mut step, mut dropped, mut held) = (0, None, None::<(Rc<Vec<Action>>, Vec<Action>)>);
        let (mut kept, mut lent) = (0, 0);
        each_random_position(g.setup(&Setup::new("campaign", 2, 9)).expect("setup"), 9, 600, |st| {
            let listed = g.legal_shared(st);
            assert_eq!(*listed, g.legal_now(st), "the listing");
            match step % 3 {
                // Dropped: its vector is free for the next listing.
                0 => dropped = Some(listed.as_ptr()),
                // Made in the vector let go (unless it needed more room), then held.
                1 => {
                    lent += usize::from(dropped.take() == Some(listed.as_ptr()));
                    held = Some((Rc::clone(&listed), listed.to_vec()));
                }
                // Made while the last one is held: that one is unchanged.
                _ => {
                    let (old, copy) = held.take().expect("held");
                    assert_eq!(*old, copy, "a shared listing is unchanged by the next one");
                    kept += 1;
                }
            }
            step += 1;
        });
        assert!(kept > 150 && lent > 100, "{kept} listings held, {lent} lent");
    }

    /// What a listing reuses is exactly what a fresh computation gives, at every step of
    /// seeded random games (each action changes the state, so a stale cache would show): the
    /// remembered listing, and within a position UNC (FtP 6.6), each side's supply (FtP 8.1) and
    /// strength per space (FtP 5.7.1).
    #[test]
    fn derived_data_is_what_a_fresh_computation_gives() {
        let g = game();
        for (sc, seed) in [("1862", 7), ("1864", 8)] {
            each_random_position(g.setup(&Setup::new(sc, 2, seed)).expect("setup"), seed, 250, |st| {
                let listed = g.legal(st);
                assert_eq!(listed, g.legal_now(st), "{sc}: the listing");
                assert_eq!(g.legal(st), listed, "{sc}: the remembered listing");
                assert_eq!(*g.legal_shared(st), *listed, "{sc}: the remembered listing, shared");
                for seat in [0, 1] {
                    assert_eq!(*g.legal_actions_shared(st, seat), *g.legal_actions(st, seat), "{sc}: the shared listing of seat {seat}");
                }
                g.at_position(st, || {
                    for _ in 0..2 {
                        for side in [Side::Union, Side::Csa] {
                            assert_eq!(g.supplied(st, side), g.supplied_now(st, side), "{sc}: FtP 8.1 supply of {side:?}");
                        }
                        for side in [Side::Union, Side::Csa] {
                            assert_eq!(g.occupied_by(st, side), g.occupied_by_now(st, side), "{sc}: FtP 8.1 spaces {side:?} occupies");
                        }
                        for (s, side) in (0..g.c.map.len() as Sp).flat_map(|s| [(s, Side::Union), (s, Side::Csa)]) {
                            assert_eq!(g.strength(st, side, s), g.strength_now(st, side, s), "{sc}: FtP 5.7.1 strength of {side:?} at {}", g.sname(s));
                        }
                        let (kept, fresh) = (g.unc(st), g.unc_now(st));
                        assert!((0..g.c.map.len() as Sp).all(|s| kept.at(s) == fresh.at(s)), "{sc}: FtP 6.6 UNC");
                    }
                });
            });
        }
    }

    /// The north-edge reach (FtP 10.3.1) and the open BR ports (FtP 10.5.2) kept across
    /// positions are what a fresh computation gives, at every step of random games of every
    /// scenario in both editions (each action changes the state, so a stale answer would show),
    /// asked inside a listed position and outside one (as `apply` asks).
    #[test]
    fn kept_north_reach_and_br_ports_are_fresh_fpt_10_3_1_10_5_2() {
        let g = game();
        let mut checked = 0;
        for (i, sc) in ["1861", "1862", "1863", "1864", "campaign"].into_iter().enumerate() {
            for edition in ["spanish", "italian"] {
                let mut st = g.setup(&Setup::new(sc, 2, 60 + i as u64)).expect("setup");
                st.edition = g.c.edition(edition).expect("edition");
                each_random_position(st, 11 + i as u64, 300, |st| {
                    let open = g.north_open(st);
                    let fresh = [g.north_reach_now(&open, false), g.north_reach_now(&open, true)];
                    let ports = g.br_open_ports_now(st);
                    for inside in [false, true, false] {
                        let ask = || ([g.north_reach(st, false), g.north_reach(st, true)], g.br_open_ports(st));
                        let kept = if inside { g.at_position(st, ask) } else { ask() };
                        assert_eq!(kept.0, fresh, "{sc} {edition}: FtP 10.3.1 north-edge reach");
                        assert_eq!(kept.1, ports, "{sc} {edition}: FtP 10.5.2 open BR ports");
                    }
                    checked += 1;
                });
            }
        }
        assert!(checked > 2000, "{checked} positions checked");
    }

    /// Where the listing of card rounds (FtP 3.3.2) and operations (FtP 4.1) spends
    /// its time: the positions of seeded random campaign games with those frames on top, each
    /// listed afresh (as after an `apply`) many times. Figures only.
    /// `BIVOUAC_BENCH_GAMES=10 cargo test --release -p bivouac-systems --lib listing_costs -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn listing_costs_fpt_3_3_2_4_1() {
        use super::super::state::Frame;
        let g = game();
        let games: u64 = std::env::var("BIVOUAC_BENCH_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
        let (mut round, mut ops) = (Vec::new(), Vec::new());
        for i in 0..games {
            let mut st = g.setup(&Setup::new("campaign", 2, 9_000 + i)).expect("setup");
            let mut rng = GameRng::new(i);
            while g.outcome(&st).is_none() && st.flow.top().is_some() {
                match st.flow.top() {
                    Some(Frame::Round { .. }) => round.push(st.clone()),
                    Some(Frame::Ops { .. }) => ops.push(st.clone()),
                    _ => {}
                }
                let seat = g.active_seats(&st)[0];
                let legal = g.legal(&st);
                let a = legal[rng.pick(legal.len())];
                g.apply(&mut st, seat, &a, &mut Log::quiet()).expect("a legal action applies");
            }
        }
        let reps: usize = std::env::var("BIVOUAC_BENCH_REPS").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
        let only = std::env::var("BIVOUAC_LISTING").ok();
        for (name, states) in [("Round", &round), ("Ops", &ops)] {
            if only.as_deref().is_some_and(|o| o != name) {
                continue;
            }
            let t = std::time::Instant::now();
            let n = list_each(states, reps);
            let us = t.elapsed().as_secs_f64() * 1e6 / (reps * states.len()) as f64;
            println!("{name:8} {} positions  list {us:6.1} us  {:.0} actions", states.len(), n as f64 / (reps * states.len()) as f64);
        }
    }

    /// A position's `==` (`State::eq`, written out to compare lists fast) is the
    /// equality of its saved form, at every step of seeded random games: each state against
    /// its copy, the state before the action and one with a changed empty list.
    #[test]
    fn position_eq_is_the_saved_forms() {
        let g = game();
        let saved = |st: &State| serde_json::to_string(st).expect("saves");
        let mut checked = 0;
        for (sc, seed) in [("1861", 3), ("1863", 4), ("campaign", 5)] {
            let mut st = g.setup(&Setup::new(sc, 2, seed)).expect("setup");
            let mut rng = GameRng::new(seed);
            for _ in 0..300 {
                if g.outcome(&st).is_some() {
                    break;
                }
                let before = st.clone();
                assert!(before == st, "{sc}: a copy");
                let mut changed = st.clone();
                changed.succession.push(0);
                assert!(changed != st, "{sc}: an empty list changed");
                let seat = g.active_seats(&st)[0];
                let legal = g.legal(&st);
                let a = legal[rng.pick(legal.len())];
                g.apply(&mut st, seat, &a, &mut Log::quiet()).expect("a legal action applies");
                assert_eq!(before == st, saved(&before) == saved(&st), "{sc}: after {a:?}");
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked} positions checked");
    }

    /// Each of `states` listed afresh `reps` times: the actions listed. Apart, so that a
    /// profiler counts it alone (`BIVOUAC_LISTING=Ops valgrind --tool=callgrind
    /// --toggle-collect=*list_each* ...`).
    #[inline(never)]
    fn list_each(states: &[State], reps: usize) -> usize {
        let g = game();
        (0..reps).map(|_| states.iter().map(|st| g.at_position(st, || g.legal_now(st)).len()).sum::<usize>()).sum()
    }

    /// The operations listing (FtP 4.1) asks whether a search finds anything and stops
    /// at the first find; at every step of random games of every scenario, for both sides, each
    /// such answer is the full search's: PC spaces (FtP 11.3), reorganization destinations
    /// (5.6.5), Union naval routes (6.1) and CSA river routes (6.5.1) from every port.
    #[test]
    fn first_finds_are_the_full_searches_fpt_4_1() {
        use super::super::content::GeneralId;
        use super::super::rules::other;
        let g = game();
        let mut checked = [0; 4];
        for (i, sc) in ["1861", "1862", "1863", "1864", "campaign"].into_iter().enumerate() {
            each_random_position(g.setup(&Setup::new(sc, 2, 70 + i as u64)).expect("setup"), 21 + i as u64, 400, |st| {
                for side in [Side::Union, Side::Csa] {
                    assert_eq!(g.any_pc_space(st, side), !g.pc_spaces(st, side).is_empty(), "{sc}: FtP 11.3 PC spaces of {side:?}");
                    let enemy = g.occupied_by(st, other(side));
                    for general in (0..st.generals.len() as GeneralId).filter(|&x| g.gen_side(x) == side) {
                        let full = !g.reorg_destinations(st, side, general).is_empty();
                        assert_eq!(g.reorg_has_destination(st, side, general, &enemy), full, "{sc}: FtP 5.6.5 destinations of {}", g.c.generals[general as usize].id);
                        checked[1] += full as usize;
                    }
                    checked[0] += 1;
                }
                for s in (0..g.c.map.len() as Sp).filter(|&s| g.c.map.space(bivouac_engine::map::graph::SpaceId(s)).port.is_some()) {
                    let full = !g.naval_routes(st, s, true, st.naval.event).is_empty();
                    assert_eq!(g.naval_route_exists(st, s, true, st.naval.event), full, "{sc}: FtP 6.1 naval routes from {}", g.sname(s));
                    let full = !g.csa_river_routes(st, s).is_empty();
                    assert_eq!(g.csa_river_route_exists(st, s), full, "{sc}: FtP 6.5.1 river routes from {}", g.sname(s));
                    checked[2] += 1;
                    checked[3] += full as usize;
                }
            });
        }
        assert!(checked[0] > 2000 && checked[1] > 1000 && checked[2] > 10000 && checked[3] > 100, "{checked:?} checked");
    }

    /// The supply kept across positions is the edition's: FtP 10.5.2 (ES) opens a BR port only
    /// with a LOC to another resource center, so Fernandina and Jacksonville cut off together
    /// (with Baldwin between them) supply each other in the Italian edition only (8.2).
    #[test]
    fn kept_supply_is_the_editions_fpt_10_5_2() {
        let g = game();
        let mut st = g.setup(&Setup::new("1861", 2, 1)).expect("setup");
        let csa: Vec<Sp> = ["fernandina", "baldwin", "jacksonville_fl"].iter().map(|id| g.c.space(id).unwrap().0).collect();
        let fer = csa[0];
        for s in 0..g.c.map.len() as Sp {
            st.control[s as usize] = Control::Of(if csa.contains(&s) { Side::Csa } else { Side::Union });
        }
        let mut seen = Vec::new();
        for edition in ["italian", "spanish", "italian"] {
            st.edition = g.c.edition(edition).expect("edition");
            let kept = g.supplied(&st, Side::Csa);
            assert_eq!(kept, g.supplied_now(&st, Side::Csa), "{edition}");
            seen.push(kept[fer as usize]);
        }
        assert_eq!(seen, [true, false, true], "Fernandina a source in the Italian edition only");
    }
}
