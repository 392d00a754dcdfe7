//! PGN import ends a game where its text and the rules end it (issue 33,
//! item 4): a repetition ends it however many moves follow, a result token
//! ends its movetext and stands as its result, the first of several games
//! is taken, and a comment or variation left open is reported. And a
//! review of a line the game no longer has stops (item 2).

use crate::common;

use common::http::{act, new_game, roomy_server};
use humpty::web::store::db::DbPath;
use humpty::web::Server;
use serde_json::{json, Value};

/// Import `pgn` into a new analysis board: (status, answer).
fn import(s: &Server, pgn: &str) -> (u16, Value) {
    let g = new_game(s.addr(), json!({"human": "both"}));
    act(
        s.addr(),
        g["id"].as_str().unwrap(),
        "pgn",
        json!({ "pgn": pgn }),
    )
}

#[test]
fn a_repetition_ends_the_import() {
    let s = roomy_server(DbPath::Memory);
    let pgn = "Nd2 Nd7 Nb1 Nb8 ".repeat(2500);
    let (status, v) = import(&s, &pgn);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["plies"], 8, "threefold repetition at ply 8");
    assert_eq!(v["status"]["reason"], "repetition", "{}", v["status"]);
}

#[test]
fn a_result_token_ends_the_game_and_stands() {
    let s = roomy_server(DbPath::Memory);
    let (status, v) = import(&s, "1. Cc2 * 1... Fd7 *");
    assert_eq!((status, v["plies"].as_u64()), (200, Some(1)), "{v}");
    assert_eq!(v["status"]["over"], false, "* is no result");
    // The first of two games, the second of which would not replay.
    let (status, v) = import(&s, "1. Cc2 1-0\n\n1. d4 Nf6 0-1\n");
    assert_eq!((status, v["plies"].as_u64()), (200, Some(1)), "{v}");
    assert_eq!(v["result"]["result"], "1-0");
    assert_eq!(v["status"]["reason"], "resignation", "{}", v["status"]);
}

#[test]
fn an_unclosed_comment_or_variation_is_reported() {
    let s = roomy_server(DbPath::Memory);
    for (pgn, what) in [
        ("1. Nd2 {a comment that never ends Nd7 2. Nb1", "comment"),
        ("1. Nd2 (1. Cc2 Nd7 2. Nb1 Nb8", "variation"),
    ] {
        let (status, v) = import(&s, pgn);
        assert_eq!(status, 400, "{v}");
        let e = v["error"].as_str().unwrap();
        assert!(e.contains(what) && e.contains("never closed"), "{e}");
    }
}

#[test]
fn a_superseded_review_stops() {
    let s = roomy_server(DbPath::Memory);
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap().to_string();
    let pgn = "b1d2 b8d7 b2c2 b7c7 d2b3 d7b6 k1i2 k8i7 k2j2 k7j7";
    assert_eq!(act(s.addr(), &id, "pgn", json!({ "pgn": pgn })).0, 200);
    let path = format!("/api/games/{id}/review");
    let (status, _) = common::http::json_call(s.addr(), "POST", &path, json!({"nodes": 200000}));
    assert_eq!(status, 202);
    // A take-back changes the line: the review of the old one stops after
    // the position it is searching, instead of searching all eleven.
    assert_eq!(act(s.addr(), &id, "undo", json!({})).0, 200);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let (_, v) = common::http::json_call(s.addr(), "GET", &path, json!({}));
        if v["state"] == "failed" {
            assert!(v["error"].as_str().unwrap().contains("stopped"), "{v}");
            assert!(v["done"].as_u64().unwrap() < 11, "{v}");
            break;
        }
        assert_eq!(v["state"], "running", "{v}");
        assert!(std::time::Instant::now() < deadline, "never stopped: {v}");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}
