//! The puzzle trainer's API for its tests: a server whose rate limits a
//! test's bursts of calls never reach, and the calls.

use super::http::json_call;
use humpty::web::db::DbPath;
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
