//! The puzzle trainer's API (issue 31): a player per browser, a puzzle
//! near their rating with only the position and the legal moves, every
//! move judged by the server, ratings that move the right way and survive
//! a restart, hints, the solution, retries, themes and the daily puzzle.

use crate::common;

use common::http::json_call;
use common::puzzle_api::{player, post, server, solve};
use humpty::web::store::db::DbPath;
use serde_json::{json, Value};
use std::net::SocketAddr;

fn rating(addr: SocketAddr, key: &str) -> f64 {
    post(addr, "/api/puzzles/me", json!({ "player": key })).1["rating"]
        .as_f64()
        .unwrap()
}

#[test]
fn a_puzzle_is_judged_by_the_server_and_rated() {
    let s = server(DbPath::Memory);
    let a = s.addr();
    let key = player(a);
    let start = rating(a, &key);
    let (status, first) = post(a, "/api/puzzles/next", json!({ "player": key }));
    assert_eq!(status, 201, "{first}");
    // Only the position and the legal moves: no answer in what is sent.
    let mut fields: Vec<&str> = first["puzzle"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    fields.sort();
    assert_eq!(fields, ["color", "daily", "fen", "id", "mistake", "rating"]);
    let solved = solve(a, &first);
    assert_eq!(solved["solved"], true, "{solved}");
    assert_eq!(solved["rated"]["solved"], true);
    let up = rating(a, &key);
    assert!(up > start, "{start} -> {up}");
    // A wrong move: the attempt is lost (rated once), the position stays.
    let (_, second) = post(a, "/api/puzzles/next", json!({ "player": key }));
    assert_ne!(
        second["puzzle"]["id"], first["puzzle"]["id"],
        "not the same puzzle again"
    );
    let id = second["attempt"].as_str().unwrap();
    let row = common::shipped_puzzle(second["puzzle"]["id"].as_str().unwrap());
    let wrong = second["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| **m != json!(row.moves[1].to_string()))
        .unwrap()
        .clone();
    let (_, v) = post(
        a,
        &format!("/api/puzzles/attempts/{id}/move"),
        json!({ "move": wrong }),
    );
    assert_eq!(
        (&v["correct"], &v["rated"]["solved"]),
        (&json!(false), &json!(false)),
        "{v}"
    );
    assert!(rating(a, &key) < up);
    let (_, again) = post(
        a,
        &format!("/api/puzzles/attempts/{id}/move"),
        json!({ "move": wrong }),
    );
    assert_eq!(again["rated"], Value::Null, "rated once");
    // The hint names the piece; the solution ends it.
    let (_, h) = post(a, &format!("/api/puzzles/attempts/{id}/hint"), json!({}));
    assert_eq!(h["from"], row.moves[1].from().to_string());
    let (_, sol) = post(
        a,
        &format!("/api/puzzles/attempts/{id}/solution"),
        json!({}),
    );
    assert_eq!(sol["solution"][0]["move"], row.moves[1].to_string());
    // Retry: the same puzzle from its start, not rated again.
    let (status, retry) = post(a, &format!("/api/puzzles/attempts/{id}/retry"), json!({}));
    assert_eq!(
        (status, &retry["puzzle"]["id"]),
        (200, &second["puzzle"]["id"])
    );
    let done = solve(a, &retry);
    assert_eq!(
        (&done["solved"], &done["rated"]),
        (&json!(true), &Value::Null)
    );
}

#[test]
fn themes_the_daily_puzzle_and_bad_requests() {
    let s = server(DbPath::Memory);
    let a = s.addr();
    let key = player(a);
    let (_, themes) = json_call(a, "GET", "/api/puzzles/themes", json!({}));
    let mate2 = themes["themes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["theme"] == "mateIn2")
        .unwrap();
    assert!(mate2["count"].as_u64().unwrap() > 0);
    assert_eq!(mate2["name"], "Mate in 2", "themes are named for people");
    assert_eq!(mate2["description"], "Checkmate in two of your moves.");
    let (_, p) = post(
        a,
        "/api/puzzles/next",
        json!({"player": key, "theme": "mateIn2"}),
    );
    assert!(common::shipped_puzzle(p["puzzle"]["id"].as_str().unwrap())
        .themes
        .contains(&"mateIn2".to_string()));
    let (_, d1) = post(
        a,
        "/api/puzzles/next",
        json!({"player": key, "daily": true}),
    );
    let (_, d2) = post(
        a,
        "/api/puzzles/next",
        json!({"player": player(a), "daily": true}),
    );
    assert_eq!(
        d1["puzzle"]["id"], d2["puzzle"]["id"],
        "one daily puzzle for everyone"
    );
    for (body, status) in [
        (json!({"player": "nope"}), 400),
        (json!({"player": "0".repeat(32)}), 404),
        (json!({"player": key, "theme": "noSuchTheme"}), 400),
        (json!({"player": key, "daily": "yes"}), 400),
    ] {
        assert_eq!(
            post(a, "/api/puzzles/next", body.clone()).0,
            status,
            "{body}"
        );
    }
    assert_eq!(
        post(a, "/api/puzzles/attempts/zzz/move", json!({"move": "a1a2"})).0,
        404
    );
    // One open attempt per player: the daily one took the themed one's place.
    let old = p["attempt"].as_str().unwrap();
    let path = format!("/api/puzzles/attempts/{old}/move");
    assert_eq!(post(a, &path, json!({"move": "a1a2"})).0, 404);
    let id = d1["attempt"].as_str().unwrap();
    assert_eq!(
        post(
            a,
            &format!("/api/puzzles/attempts/{id}/move"),
            json!({"move": "z9z9"})
        )
        .0,
        400
    );
}

#[test]
fn ratings_survive_a_restart() {
    let dir = std::env::temp_dir().join(format!("humpty-puzzle-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("games.sqlite3");
    let (key, after) = {
        let s = server(DbPath::File(file.clone()));
        let key = player(s.addr());
        let (_, p) = post(s.addr(), "/api/puzzles/next", json!({ "player": key }));
        solve(s.addr(), &p);
        let (_, t) = json_call(s.addr(), "GET", "/api/puzzles/themes", json!({}));
        assert!(t["total"].as_u64().unwrap() > 0);
        (key.clone(), rating(s.addr(), &key))
    };
    let s = server(DbPath::File(file));
    let (_, me) = post(s.addr(), "/api/puzzles/me", json!({ "player": key }));
    assert_eq!(me["rating"].as_f64().unwrap(), after);
    assert_eq!(me["history"].as_array().unwrap().len(), 1);
    assert_eq!(me["streak"], 1);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}
