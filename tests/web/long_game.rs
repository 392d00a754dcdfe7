//! A move's cost does not grow with the game (issue 32's target): two
//! analysis boards, one at ply 20 and one at ply 240, each play the same
//! number of moves, alternately, in one run. The answer and the event of
//! a move are deltas, so their size does not grow either. The sizes are
//! asserted; the times are printed, not asserted (a shared machine is
//! noisy):
//!
//! `cargo test --release --test web_long_game -- --ignored --nocapture`
//! (docs/web.md has the figures).

use crate::common;

use common::http::{act, board_at, quiet_line as line, Events};
use humpty::web::{RateLimit, ServeConfig, Server};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

#[test]
#[ignore = "a measurement: run by hand (docs/web.md)"]
fn a_move_at_ply_240_costs_what_one_at_ply_20_does() {
    let s = Server::start(&ServeConfig {
        port: 0,
        rate_limit: RateLimit {
            burst: 100_000,
            per_minute: 100_000,
        },
        ..ServeConfig::default()
    })
    .unwrap();
    let moves = line(240, 7);
    let ids = [
        board_at(s.addr(), &moves, 20),
        board_at(s.addr(), &moves, 240),
    ];
    let mut pages: Vec<Events> = ids.iter().map(|id| Events::open(s.addr(), id)).collect();
    for p in &mut pages {
        p.next();
    }
    let rounds = 30;
    let mut times = [Vec::new(), Vec::new()];
    let mut sizes = [Vec::new(), Vec::new()];
    for round in 0..rounds {
        for (k, id) in ids.iter().enumerate() {
            let start = if k == 0 { 20 } else { 240 };
            let m = &moves[start + round];
            let t = Instant::now();
            let (status, v) = act(s.addr(), id, "move", json!({ "move": m }));
            times[k].push(t.elapsed());
            assert_eq!(status, 200, "{v}");
            let (_, event) = pages[k].next();
            assert_eq!(event["plies"], v["plies"]);
            sizes[k].push((v.to_string().len(), answer_moves(&v)));
        }
    }
    let (short, long) = (median(times[0].clone()), median(times[1].clone()));
    let ratio = long.as_secs_f64() / short.as_secs_f64();
    let bytes = |k: usize| sizes[k].iter().map(|s| s.0).max().unwrap();
    println!(
        "a move at ply 20: {short:?} (median of {rounds}); at ply 240: {long:?}; ratio {ratio:.2}"
    );
    println!(
        "largest answer: {} bytes at ply 20, {} at ply 240",
        bytes(0),
        bytes(1)
    );
    // Each answer carries its one move, whatever the length of the game.
    assert!(sizes.iter().flatten().all(|s| s.1 == 1), "{sizes:?}");
    assert!(bytes(1) < bytes(0) * 3 / 2, "{} vs {}", bytes(1), bytes(0));
}

/// The moves an answer carries.
fn answer_moves(v: &Value) -> usize {
    v["line"]["moves"].as_array().map_or(usize::MAX, Vec::len)
}
