//! FtP 12.4 (last sentence): in the Political Control Phase the player affected by several
//! Strategic Will changes in one step orders them (sw_order.rs).

use super::choices_tests::{check, refused};
use super::content::{Control, Side};
use super::play_tests::{act, game, legal_text, new};
use super::state::*;
use bivouac_engine::log::Log;

fn spaces_of(state: &str) -> Vec<Sp> {
    let g = game();
    let i = g.c.state(state).expect("state") as usize;
    (0..g.c.map.len() as Sp).filter(|&s| g.state_of(s) == i).collect()
}

/// Spring 1861 after the strategy rounds: the Union controls every space of Florida (its resource
/// centers destroyed, no CSA SP or fort), and the CSA 3 empty spaces of Pennsylvania. In step ii
/// the CSA loses Florida (-5, 12.1.1) and gains 5 for Pennsylvania (12.1.2); the Union only
/// loses 5 (12.1.2). CSA marker "+", Union "-".
fn step_ii_with_a_gain_and_a_loss() -> State {
    let g = game();
    let mut st = new("1861", 1);
    for s in spaces_of("fl") {
        st.control[s as usize] = Control::Of(Side::Union);
        st.sp[s as usize][1] = 0;
        st.fort[s as usize] = None;
        if g.c.map.space(bivouac_engine::map::graph::SpaceId(s)).resource > 0 {
            st.rc_destroyed[s as usize] = true;
        }
    }
    for s in spaces_of("pa").into_iter().filter(|&s| st.sp[s as usize] == [0, 0]).take(3) {
        st.control[s as usize] = Control::Of(Side::Csa);
    }
    assert_eq!((st.sw, st.sw_plus), ([100, 100], [false, true]));
    st.flow.clear();
    st.phase = Phase::Capital;
    g.proceed(&mut st, &mut Log::quiet()).unwrap();
    st
}

/// FtP 12.4: the CSA, with a loss and a gain in step ii, picks their order: the loss first flips
/// its marker to "-" (-5 - 3) and the gain flips it back (+5 + 2): 99; the gain first keeps "+"
/// (+5), then the loss flips it (-5 - 3): 97. The Union's lone loss applies at once (95), step
/// iii waits for the order, and the order is refused to the Union and out of range.
#[test]
fn the_affected_player_orders_sw_changes_in_the_pc_phase_fpt_12_4() {
    let g = game();
    let st = step_ii_with_a_gain_and_a_loss();
    assert_eq!(st.flow.top(), Some(&Frame::SwOrder { side: Side::Csa }));
    assert_eq!(st.phase, Phase::Political, "step iii waits for the order");
    assert_eq!(st.sw[0], 95, "the Union's only change: -5, no order to choose");
    assert_eq!(st.sw[1], 100, "nothing applied before the CSA's choice");
    let legal = legal_text(&st, Side::Csa);
    assert_eq!(legal.len(), 2, "{legal:?}");
    assert!(legal_text(&st, Side::Union).is_empty());
    assert!(g.awaiting(&st).contains("FtP 12.4"), "{}", g.awaiting(&st));
    let loss = st.sw_pending.iter().position(|e| e.delta == -5).expect("the loss");
    let gain = st.sw_pending.iter().position(|e| e.delta == 5).expect("the gain");
    for (first, want) in [(loss, 99), (gain, 97)] {
        let mut s = st.clone();
        let out_of_range = format!("sw-first {}", s.sw_pending.len());
        refused(&mut s, Side::Csa, &out_of_range, "FtP 12.4");
        act(&mut s, Side::Csa, &format!("sw-first {first}"));
        assert_eq!(s.sw[1], want, "order {first}");
        assert!(s.sw_pending.is_empty());
        assert_ne!(s.phase, Phase::Political, "the phase goes on to step iii and attrition");
        check(&s);
    }
}

/// FtP 12.4: changes of one sign need no order (any order gives the same SW): applied at once.
#[test]
fn changes_of_one_sign_need_no_order_fpt_12_4() {
    let g = game();
    let mut st = new("1861", 1);
    for s in spaces_of("pa").into_iter().filter(|&s| st.sp[s as usize] == [0, 0]).take(3) {
        st.control[s as usize] = Control::Of(Side::Csa);
    }
    g.state_control_settled(&mut st, &mut Log::quiet());
    assert!(st.sw_pending.is_empty() && !matches!(st.flow.top(), Some(Frame::SwOrder { .. })));
    assert_eq!(st.sw, [95, 105]);
}
