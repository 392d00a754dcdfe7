//! Puzzle ratings that cannot be farmed or dodged (issue 46): each probe
//! finding on the old trainer is a test here. A player's result on a
//! puzzle is rated once (the daily one too); a player has one open
//! attempt, resumed on reload; leaving after a move or a hint is a failed
//! attempt, once, while leaving before costs nothing; a move answered with
//! a server error may be sent again and is judged once.

use crate::common;

use common::puzzle_api::{player, post, server, solve};
use humpty::web::store::db::DbPath;
use serde_json::{json, Value};
use std::net::SocketAddr;

fn me(addr: SocketAddr, key: &str) -> Value {
    post(addr, "/api/puzzles/me", json!({ "player": key })).1
}

fn next(addr: SocketAddr, body: Value) -> Value {
    let (status, v) = post(addr, "/api/puzzles/next", body);
    assert_eq!(status, 201, "{v}");
    v
}

/// A solver move of an attempt, with the ply the page would send.
fn play(addr: SocketAddr, attempt: &Value, m: &str, ply: u64) -> (u16, Value) {
    let id = attempt["attempt"].as_str().unwrap();
    post(
        addr,
        &format!("/api/puzzles/attempts/{id}/move"),
        json!({"move": m, "ply": ply}),
    )
}

#[test]
fn the_daily_puzzle_solved_thirty_times_is_rated_once() {
    let s = server(DbPath::Memory);
    let a = s.addr();
    let key = player(a);
    let first = next(a, json!({"player": key, "daily": true}));
    assert_eq!(first["practice"], false);
    assert_eq!(solve(a, &first)["rated"]["solved"], true);
    let after_one = me(a, &key);
    let mut puzzle_rating = None;
    for _ in 0..29 {
        let again = next(a, json!({"player": key, "daily": true}));
        assert_eq!(again["puzzle"]["id"], first["puzzle"]["id"]);
        assert_eq!(again["practice"], true, "{again}");
        let shared = again["puzzle"]["rating"].clone();
        assert!(puzzle_rating.get_or_insert(shared.clone()) == &shared);
        assert_eq!(solve(a, &again)["rated"], Value::Null);
    }
    let after_all = me(a, &key);
    assert_eq!(after_all["rating"], after_one["rating"]);
    assert_eq!(after_all["streak"], 1);
    assert_eq!(after_all["history"].as_array().unwrap().len(), 1);
}

#[test]
fn a_player_has_one_open_attempt_and_a_reload_resumes_it() {
    let s = server(DbPath::Memory);
    let a = s.addr();
    let key = player(a);
    let mut ids = Vec::new();
    for _ in 0..20 {
        ids.push(next(a, json!({"player": key}))["attempt"].clone());
    }
    // Only the last is open: the others cannot be played, let alone rated.
    for id in &ids[..19] {
        let path = format!("/api/puzzles/attempts/{}/hint", id.as_str().unwrap());
        assert_eq!(post(a, &path, json!({})).0, 404);
    }
    assert_eq!(s.app.trainer.open_attempts(), 1);
    // Leaving before any move or help costs nothing.
    assert_eq!(me(a, &key)["history"].as_array().unwrap().len(), 0);
    // A two-move puzzle, one right move in: a reload finds it where it stands.
    let p = next(a, json!({"player": key, "theme": "mateIn2"}));
    let row = common::shipped_puzzle(p["puzzle"]["id"].as_str().unwrap());
    let (_, v) = play(a, &p, &row.moves[1].to_string(), 1);
    assert_eq!(v["correct"], true, "{v}");
    let (status, cur) = post(a, "/api/puzzles/current", json!({ "player": key }));
    assert_eq!(status, 200);
    assert_eq!(cur["attempt"], p["attempt"]);
    assert_eq!((&cur["resumed"], &cur["ply"]), (&json!(true), &json!(3)));
    assert_eq!(cur["fen"], v["reply_fen"]);
    assert_eq!(cur["last"], row.moves[2].to_string());
    // It goes on from there and is rated once.
    let (_, end) = play(a, &cur, &row.moves[3].to_string(), 3);
    assert_eq!(end["rated"]["solved"], true, "{end}");
    let (_, none) = post(a, "/api/puzzles/current", json!({ "player": key }));
    assert_eq!(
        none["attempt"],
        Value::Null,
        "a solved attempt is not resumed"
    );
}

#[test]
fn leaving_after_a_move_or_a_hint_is_a_failed_attempt_once() {
    let s = server(DbPath::Memory);
    let a = s.addr();
    let key = player(a);
    let start = me(a, &key)["rating"].as_f64().unwrap();
    // A right first move, then away to another puzzle.
    let p = next(a, json!({"player": key, "theme": "mateIn2"}));
    let row = common::shipped_puzzle(p["puzzle"]["id"].as_str().unwrap());
    assert_eq!(play(a, &p, &row.moves[1].to_string(), 1).1["correct"], true);
    let q = next(a, json!({ "player": key }));
    let after = me(a, &key);
    assert!(after["rating"].as_f64().unwrap() < start, "{after}");
    assert_eq!(after["history"].as_array().unwrap().len(), 1);
    // A hint, then away.
    let id = q["attempt"].as_str().unwrap();
    post(a, &format!("/api/puzzles/attempts/{id}/hint"), json!({}));
    next(a, json!({ "player": key }));
    assert_eq!(me(a, &key)["history"].as_array().unwrap().len(), 2);
    // The left puzzle, dealt again, is practice.
    let again = (0..200)
        .map(|_| next(a, json!({"player": key, "theme": "mateIn2"})))
        .find(|x| x["puzzle"]["id"] == p["puzzle"]["id"]);
    if let Some(x) = again {
        assert_eq!(x["practice"], true);
    }
    assert_eq!(me(a, &key)["history"].as_array().unwrap().len(), 2);
}

#[test]
fn a_final_move_refused_by_the_database_may_be_sent_again_and_is_judged_once() {
    let s = server(DbPath::Memory);
    let a = s.addr();
    let key = player(a);
    let p = next(a, json!({"player": key, "theme": "mateIn2"}));
    let row = common::shipped_puzzle(p["puzzle"]["id"].as_str().unwrap());
    let (first, last) = (row.moves[1].to_string(), row.moves[3].to_string());
    let (_, v) = play(a, &p, &first, 1);
    assert_eq!(v["ply"], 3);
    // The first move's answer is lost: sent again, the same answer.
    assert_eq!(play(a, &p, &first, 1), (200, v.clone()));
    s.app.store.db().refuse_writes(true).unwrap();
    let (status, e) = play(a, &p, &last, 3);
    assert!(status >= 500, "{status} {e}");
    s.app.store.db().refuse_writes(false).unwrap();
    let (status, done) = play(a, &p, &last, 3);
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["rated"]["solved"], true, "{done}");
    // Its answer lost too: the same answer again, not rated twice.
    assert_eq!(play(a, &p, &last, 3), (200, done.clone()));
    assert_eq!(me(a, &key)["history"].as_array().unwrap().len(), 1);
    assert_eq!(me(a, &key)["streak"], 1);
}
