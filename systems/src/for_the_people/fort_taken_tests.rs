//! FtP 6.8.1 reading, option `fort-garrison-beaten`: a fort whose garrison lost a land battle
//! (or left it before battle) with the enemy land force holding its space stays until a PC is
//! placed on it (`stays`, the default) or is taken at once as an ungarrisoned fort entered by
//! land (`taken`): a counter eliminated, a coastal fort captured, the 12.11 SW paid once.

use super::choices_tests::{no_forts, put_general};
use super::content::{Control, Side};
use super::rules::other;
use super::play_tests::{act, empty_map, game, legal_text, new, put_sp, round_with, sp};
use super::state::*;
use bivouac_engine::game::{Game, Setup};
use bivouac_engine::log::Log;

/// `side`'s corps (6 SP under `general`) steps from `from` into `to`, defended by 1 enemy SP
/// with `fort` (a fort counter of the enemy, else a coastal fort the enemy controls); every
/// question of the battle gets the first legal answer. The state once the move stops or holds.
fn assault(seed: u64, taken: bool, side: Side, general: &str, from: &str, to: &str, counter: bool) -> State {
    let e = other(side);
    let mut st = new("1861", seed);
    st.opts.fort_taken_at_once = taken;
    st.sw_plus = if side == Side::Union { [true, false] } else { [false, true] }; // exact SW (12.4)
    empty_map(&mut st);
    no_forts(&mut st);
    put_sp(&mut st, side, from, 6);
    put_sp(&mut st, e, to, 1);
    if counter {
        st.fort[sp(to) as usize] = Some(e);
    }
    st.control[sp(to) as usize] = Control::Of(e);
    put_general(&mut st, general, GenAt::Map(sp(from)));
    round_with(&mut st, side, 9);
    act(&mut st, side, "ops 9");
    act(&mut st, side, &format!("corps {general} 6"));
    loop {
        match st.flow.top().copied() {
            Some(Frame::Interrupt { side }) | Some(Frame::Intercept { side, .. }) => act(&mut st, side, "decline"),
            Some(Frame::Move) if st.moving.as_ref().is_some_and(|m| m.at == sp(from) && m.side == side) => act(&mut st, side, &format!("step {to}")),
            Some(Frame::Rbb { side, .. }) => act(&mut st, side, "stand"),
            Some(f) if !matches!(f, Frame::Move | Frame::Round { .. }) => {
                let s = f.side(&st);
                let a = legal_text(&st, s)[0].clone();
                act(&mut st, s, &a);
            }
            _ => return st,
        }
    }
}

/// The mover holds `to` after the battle, the defender gone.
fn held(st: &State, side: Side, to: &str) -> bool {
    st.moving.as_ref().is_some_and(|m| m.side == side && m.at == sp(to)) && st.sp[sp(to) as usize][other(side).index()] == 0
}

#[test]
fn a_fort_counter_whose_garrison_lost_by_land_fpt_6_8_1() {
    let g = game();
    let mut setup = Setup::new("1861", 2, 1);
    assert!(!g.setup(&setup).unwrap().opts.fort_taken_at_once);
    setup.options.insert("fort-garrison-beaten".into(), "taken".into());
    assert!(g.setup(&setup).unwrap().opts.fort_taken_at_once);
    let mut seen = 0;
    for seed in 0..60 {
        for taken in [false, true] {
            let st = assault(seed, taken, Side::Union, "mcdowell", "frederick", "leesburg", true);
            if !held(&st, Side::Union, "leesburg") {
                continue;
            }
            seen += 1;
            let sw0 = new("1861", seed).sw;
            let fort = st.fort[sp("leesburg") as usize];
            // `stays`: the CSA counter remains until a PC; `taken`: eliminated at once, 12.11.
            assert_eq!(fort, if taken { None } else { Some(Side::Csa) }, "seed {seed}, taken {taken}");
            let paid = if taken { 1 } else { 0 };
            let large = st.last_battle.as_ref().is_some_and(|b| b.report.size == super::battle::BattleSize::Large);
            assert!(!large, "a small battle: no 12.3 SW");
            assert_eq!(st.sw, [sw0[0] + paid, sw0[1] - paid], "seed {seed}, taken {taken}");
            // The PC placed later (3.4.2 i, 11.3) pays 12.11 once in either reading.
            let mut pc = st.clone();
            g.place_pc(&mut pc, Side::Union, sp("leesburg"), &mut Log::quiet());
            assert_eq!(pc.fort[sp("leesburg") as usize], None);
            assert_eq!(pc.sw, [sw0[0] + 1, sw0[1] - 1], "seed {seed}, taken {taken}: 12.11 paid once");
        }
        if seen >= 6 {
            break;
        }
    }
    assert!(seen >= 2, "some Union wins holding Leesburg");
}

/// The coastal fort of Fort Monroe (Union PC, 1 SP) lost to a CSA corps from Williamsburg by
/// land: `taken` places the CSA PC at once (captured); `stays` leaves the Union PC.
#[test]
fn a_coastal_fort_whose_garrison_lost_by_land_fpt_6_8_1() {
    let mut seen = 0;
    for seed in 0..80 {
        for taken in [false, true] {
            let st = assault(seed, taken, Side::Csa, "polk", "williamsburg", "fort_monroe", false);
            if !held(&st, Side::Csa, "fort_monroe") {
                continue;
            }
            seen += 1;
            let owner = if taken { Side::Csa } else { Side::Union };
            assert_eq!(st.control[sp("fort_monroe") as usize], Control::Of(owner), "seed {seed}, taken {taken}");
        }
        if seen >= 4 {
            break;
        }
    }
    assert!(seen >= 2, "some CSA wins holding Fort Monroe");
}
