//! The puzzle trainer's API for its tests: a server whose rate limits a
//! test's bursts of calls never reach, and the calls.

use super::http::json_call;
use humpty::web::store::db::DbPath;
use humpty::web::{RateLimit, ServeConfig, Server};
use serde_json::{json, Value};
use std::net::SocketAddr;

/// A server on `db` with limits far above any test's calls.
pub fn server(db: DbPath) -> Server {
    let loose = RateLimit {
        burst: 10_000,
        per_minute: 10_000,
    };
    Server::start(&ServeConfig {
        port: 0,
        db,
        rate_limit: loose,
        step_rate_limit: loose,
        ..ServeConfig::default()
    })
    .expect("server starts")
}

/// A JSON POST and its answer.
pub fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    json_call(addr, "POST", path, body)
}

/// A new player's key.
pub fn player(addr: SocketAddr) -> String {
    let (status, v) = post(addr, "/api/puzzles/player", json!({}));
    assert_eq!(status, 201, "{v}");
    v["player"].as_str().unwrap().to_string()
}

/// Play an attempt's whole solution, each move with the ply it answers,
/// checking each answer and the opponent's replies; the last answer.
pub fn solve(addr: SocketAddr, attempt: &Value) -> Value {
    let id = attempt["attempt"].as_str().unwrap();
    let row = super::shipped_puzzle(attempt["puzzle"]["id"].as_str().unwrap());
    let mut last = Value::Null;
    for i in (1..row.moves.len()).step_by(2) {
        let (status, v) = post(
            addr,
            &format!("/api/puzzles/attempts/{id}/move"),
            json!({"move": row.moves[i].to_string(), "ply": i}),
        );
        assert_eq!((status, &v["correct"]), (200, &json!(true)), "{v}");
        if let Some(reply) = row.moves.get(i + 1) {
            assert_eq!(v["reply"], reply.to_string(), "the opponent's reply");
        }
        last = v;
    }
    last
}
