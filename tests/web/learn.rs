//! Learn from your mistakes (issue 31): after a review, each mistake and
//! blunder is an exercise the server judges. The planted blunder
//! `1. Rh7?? Kxh7` (a won Rook ending given away to bare Kings) is offered;
//! the blunder itself is not accepted, any move that keeps the win is, and
//! the better line comes with it.

use crate::common;

use common::http::{act, json_call, new_game};
use humpty::web::{RateLimit, ServeConfig, Server};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn reviewed_blunder() -> (Server, String) {
    let s = Server::start(&ServeConfig {
        port: 0,
        rate_limit: RateLimit {
            burst: 10_000,
            per_minute: 10_000,
        },
        ..ServeConfig::default()
    })
    .unwrap();
    let g = new_game(
        s.addr(),
        json!({"human": "both", "fen": "6k5/12/12/12/12/12/12/K6R4 w - - 0 1"}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    for m in ["h1h7", "g8h7"] {
        assert_eq!(act(s.addr(), &id, "move", json!({ "move": m })).0, 200);
    }
    let path = format!("/api/games/{id}/learn");
    assert_eq!(
        json_call(s.addr(), "GET", &path, json!({})).0,
        409,
        "no review yet"
    );
    assert_eq!(act(s.addr(), &id, "review", json!({"nodes": 20000})).0, 202);
    let deadline = Instant::now() + Duration::from_secs(120);
    while json_call(
        s.addr(),
        "GET",
        &format!("/api/games/{id}/review"),
        json!({}),
    )
    .1["state"]
        != "done"
    {
        assert!(Instant::now() < deadline, "the review never finished");
        std::thread::sleep(Duration::from_millis(50));
    }
    (s, id)
}

fn learn(s: &Server, id: &str, body: Value) -> (u16, Value) {
    act(s.addr(), id, "learn", body)
}

#[test]
fn a_planted_blunder_is_an_exercise_and_a_better_move_is_accepted() {
    let (s, id) = reviewed_blunder();
    let (_, list) = json_call(
        s.addr(),
        "GET",
        &format!("/api/games/{id}/learn"),
        json!({}),
    );
    assert_eq!(
        list["exercises"],
        json!([{"ply": 0, "color": "white", "number": 1}]),
        "{list}"
    );
    // The blunder again is not found; the answer names no better line.
    let (status, v) = learn(&s, &id, json!({"ply": 0, "move": "h1h7"}));
    assert_eq!((status, &v["found"]), (200, &json!(false)), "{v}");
    assert!(v.get("better").is_none(), "the answer stays hidden: {v}");
    // Keeping the Rook keeps the win: found, with the better line.
    let (_, v) = learn(&s, &id, json!({"ply": 0, "move": "h1h2"}));
    assert_eq!(v["found"], true, "{v}");
    assert!(
        v["better"]["line"]
            .as_array()
            .is_some_and(|l| !l.is_empty()),
        "{v}"
    );
    // Giving up shows it too; plies that are no exercise are refused.
    let (_, v) = learn(&s, &id, json!({"ply": 0, "give_up": true}));
    assert!(v["better"]["san"].is_string(), "{v}");
    assert_eq!(learn(&s, &id, json!({"ply": 1, "move": "h7g7"})).0, 400);
    assert_eq!(learn(&s, &id, json!({"ply": 0, "move": "zz"})).0, 400);
    // A new move makes the review stale: no exercises until it is redone.
    assert_eq!(act(s.addr(), &id, "undo", json!({})).0, 200);
    assert_eq!(
        json_call(
            s.addr(),
            "GET",
            &format!("/api/games/{id}/learn"),
            json!({})
        )
        .0,
        409
    );
}
