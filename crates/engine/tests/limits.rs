//! The engine's search limits from `go` parameters (`Engine::limits_for`).

use humpty_engine::engine::Clocks;
use humpty_engine::{Engine, GoParams};
use std::time::Duration;

#[test]
fn a_move_time_and_clocks_give_the_tighter_budget() {
    let engine = Engine::new();
    let clocks = Clocks {
        time: [Duration::from_secs(6); 2],
        ..Clocks::default()
    };
    let both = GoParams {
        movetime: Some(Duration::from_secs(3)),
        clocks: Some(clocks),
        ..GoParams::default()
    };
    let alone = GoParams {
        clocks: Some(clocks),
        ..GoParams::default()
    };
    let b = engine.limits_for(&both).time.unwrap();
    let a = engine.limits_for(&alone).time.unwrap();
    assert_eq!(b, a, "a 6 s clock allows less than 3 s");
    let long = GoParams {
        movetime: Some(Duration::from_millis(50)),
        clocks: Some(Clocks {
            time: [Duration::from_secs(600); 2],
            ..Clocks::default()
        }),
        ..GoParams::default()
    };
    assert!(engine.limits_for(&long).time.unwrap().hard <= Duration::from_millis(50));
}
