//! What one client can hold or cause (issue 33): a cap on its game event
//! streams, a rate limit on the steps a page takes often (goto, undo,
//! opening a stream), and a long review that gives its engine to another
//! game's analysis instead of keeping it to the end.

use crate::common;

use common::http::{act, call, json_call, new_game, Events};
use humpty::web::{RateLimit, ServeConfig, Server};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

fn server(steps: RateLimit, event_streams: usize) -> Server {
    Server::start(&ServeConfig {
        port: 0,
        max_searches: 1,
        max_event_streams_per_client: event_streams,
        rate_limit: RateLimit {
            burst: 10_000,
            per_minute: 10_000,
        },
        step_rate_limit: steps,
        ..ServeConfig::default()
    })
    .expect("server starts")
}

/// The status line's code of a GET whose answer may be a stream.
fn first_status(addr: SocketAddr, path: &str) -> (u16, TcpStream) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
    let mut line = String::new();
    BufReader::new(&s).read_line(&mut line).unwrap();
    let code = line
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (code, s)
}

/// An analysis board after `plies` moves (the first legal one each time).
fn board(s: &Server, plies: usize) -> String {
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap().to_string();
    for _ in 0..plies {
        play_first(s.addr(), &id);
    }
    id
}

/// Play the first legal move; its status.
fn play_first(addr: SocketAddr, id: &str) -> u16 {
    let (_, state) = json_call(addr, "GET", &format!("/api/games/{id}"), json!({}));
    let m = state["legal"][0]["uci"].as_str().unwrap().to_string();
    act(addr, id, "move", json!({ "move": m })).0
}

#[test]
fn a_client_holds_at_most_its_cap_of_event_streams() {
    let s = server(RateLimit::STEPS, 3);
    let id = board(&s, 0);
    let mut open: Vec<Events> = (0..3).map(|_| Events::open(s.addr(), &id)).collect();
    for e in &mut open {
        assert_eq!(e.next().0, "state");
    }
    let (code, _refused) = first_status(s.addr(), &format!("/api/games/{id}/events"));
    assert_eq!(code, 429, "a fourth stream of one client");
    // A closed stream gives its place back (once the server notices).
    open.pop();
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        let (code, _s) = first_status(s.addr(), &format!("/api/games/{id}/events"));
        if code == 200 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the closed stream's place never came back"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn gotos_undos_and_stream_openings_share_the_step_allowance() {
    let s = server(
        RateLimit {
            burst: 5,
            per_minute: 1,
        },
        32,
    );
    let id = board(&s, 3);
    for ply in [0, 1, 2, 3] {
        assert_eq!(act(s.addr(), &id, "goto", json!({ "ply": ply })).0, 200);
    }
    let (code, _stream) = first_status(s.addr(), &format!("/api/games/{id}/events"));
    assert_eq!(code, 200, "the fifth step");
    let (status, v) = act(s.addr(), &id, "goto", json!({"ply": 1}));
    assert_eq!(status, 429, "{v}");
    assert_eq!(act(s.addr(), &id, "undo", json!({})).0, 429);
    let (code, _none) = first_status(s.addr(), &format!("/api/games/{id}/events"));
    assert_eq!(code, 429);
    // Moves and looking at the game are not steps; new games have their
    // own allowance.
    assert_eq!(play_first(s.addr(), &id), 200);
    assert_eq!(
        call(s.addr(), "GET", &format!("/api/games/{id}"), None).0,
        200
    );
    let other = new_game(s.addr(), json!({"human": "both"}));
    assert!(other["id"].is_string(), "{other}");
}

/// The review's progress.
fn review(addr: SocketAddr, id: &str) -> Value {
    json_call(addr, "GET", &format!("/api/games/{id}/review"), json!({})).1
}

#[test]
fn a_long_review_gives_its_one_engine_to_another_games_analysis() {
    let s = server(RateLimit::STEPS, 32);
    let reviewed = board(&s, 5);
    let (status, v) = act(s.addr(), &reviewed, "review", json!({"nodes": 1_000_000}));
    assert_eq!(status, 202, "{v}");
    // The review holds the server's only engine.
    let deadline = Instant::now() + Duration::from_secs(60);
    while review(s.addr(), &reviewed)["queued"] != 0 {
        assert!(Instant::now() < deadline, "the review never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    let other = board(&s, 1);
    let mut analysis = Events::open_path(s.addr(), &format!("/api/games/{other}/analysis"));
    loop {
        let (kind, _) = analysis.next();
        if kind == "info" {
            break;
        }
    }
    let during = review(s.addr(), &reviewed);
    assert_eq!(
        during["state"], "running",
        "the analysis waited for the whole review: {during}"
    );
    let done_then = during["done"].as_u64().unwrap();
    assert!(done_then < during["total"].as_u64().unwrap(), "{during}");
    // Once the analysis stops, the review goes on where it was.
    assert_eq!(act(s.addr(), &other, "stop", json!({})).0, 200);
    drop(analysis);
    let deadline = Instant::now() + Duration::from_secs(300);
    loop {
        let now = review(s.addr(), &reviewed);
        if now["done"].as_u64().unwrap() > done_then || now["state"] == "done" {
            break;
        }
        assert!(Instant::now() < deadline, "the review never went on: {now}");
        std::thread::sleep(Duration::from_millis(100));
    }
}
