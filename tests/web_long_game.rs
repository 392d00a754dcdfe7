//! A move's cost does not grow with the game (issue 32's target): two
//! analysis boards, one at ply 20 and one at ply 240, each play the same
//! number of moves, alternately, in one run. The answer and the event of
//! a move are deltas, so their size does not grow either. The sizes are
//! asserted; the times are printed, not asserted (a shared machine is
//! noisy):
//!
//! `cargo test --release --test web_long_game -- --ignored --nocapture`
//! (docs/web.md has the figures).

mod common;

use common::http::{act, new_game, Events};
use humpty::web::{RateLimit, ServeConfig, Server};
use humpty::Position;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// A line of `plies` legal moves from the start that does not end the
/// game, from a small deterministic generator.
fn line(plies: usize, mut seed: u64) -> Vec<String> {
    'again: loop {
        let mut pos = Position::startpos();
        let mut out = Vec::new();
        while out.len() < plies + 40 {
            let legal = pos.legal_moves();
            if legal.is_empty() || pos.outcome().is_some() {
                seed += 1;
                continue 'again;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = legal[(seed >> 33) as usize % legal.len()];
            out.push(m.to_string());
            pos.make_move(m);
        }
        return out;
    }
}

/// A game on an analysis board with the first `plies` moves of `moves`.
fn board_at(s: &Server, moves: &[String], plies: usize) -> String {
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap().to_string();
    let pgn = moves[..plies].join(" ");
    let (status, v) = act(s.addr(), &id, "pgn", json!({ "pgn": pgn }));
    assert_eq!(
        (status, v["plies"].as_u64()),
        (200, Some(plies as u64)),
        "{v}"
    );
    id
}

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
    let ids = [board_at(&s, &moves, 20), board_at(&s, &moves, 240)];
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

/// Resident memory of this process, in MiB (Linux).
fn rss_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0);
    kib / 1024.0
}

#[test]
#[ignore = "a measurement: run by hand (docs/reliability.md)"]
fn unread_streams_and_gotos_on_a_long_game_hold_little_memory() {
    use std::io::Write as _;
    let s = Server::start(&ServeConfig {
        port: 0,
        max_connections_per_client: 1000,
        rate_limit: RateLimit {
            burst: 100_000,
            per_minute: 100_000,
        },
        ..ServeConfig::default()
    })
    .unwrap();
    let moves = line(400, 11);
    let id = board_at(&s, &moves, 400);
    let before = rss_mib();
    // Fifty pages that open the game's events and never read them.
    let streams: Vec<std::net::TcpStream> = (0..50)
        .map(|_| {
            let mut t = std::net::TcpStream::connect(s.addr()).unwrap();
            write!(
                t,
                "GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            )
            .unwrap();
            t
        })
        .collect();
    let mut peak = rss_mib();
    for k in 0..30 {
        let (status, _) = act(s.addr(), &id, "goto", json!({ "ply": (k * 13) % 400 }));
        assert_eq!(status, 200);
        peak = peak.max(rss_mib());
    }
    drop(streams);
    std::thread::sleep(Duration::from_secs(5));
    let after = rss_mib();
    println!("RSS: {before:.1} MiB before, {peak:.1} MiB at most with 50 unread streams and 30 gotos on a 400-ply game, {after:.1} MiB 5 s after the streams closed");
    assert!(peak < 200.0, "{peak} MiB");
}
