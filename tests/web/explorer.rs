//! The opening explorer (issue 31): a tree of known games gives exact
//! counts, transpositions merged; the server's own finished games join it
//! as they end, counted but never named; bad input is a 400.

use crate::common;

use common::http::{act, json_call, new_game};
use humpty::web::{RateLimit, ServeConfig, Server};
use humpty::Position;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const GAMES: &str = "[White \"Ann\"]\n[Black \"Bob\"]\n[WhiteElo \"2100\"]\n[BlackElo \"1900\"]\n\n1. Nd2 Nd7 2. Ni2 Ni7 1-0\n\n\
[White \"Cy\"]\n[Black \"Di\"]\n\n1. Ni2 Nd7 2. Nd2 Ni7 0-1\n\n\
[White \"Ed\"]\n[Black \"Flo\"]\n\n1. Nd2 Ni7 1/2-1/2\n";

fn explorer(s: &Server, fen: &str) -> Value {
    let path = format!(
        "/api/explorer?fen={}",
        fen.replace(' ', "%20").replace('/', "%2F")
    );
    let (status, v) = json_call(s.addr(), "GET", &path, json!({}));
    assert_eq!(status, 200, "{v}");
    v
}

#[test]
fn known_games_give_exact_counts_and_server_games_join_them() {
    let dir = std::env::temp_dir().join(format!("humpty-explorer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, GAMES).unwrap();
    let s = Server::start(&ServeConfig {
        port: 0,
        explorer_pgn: vec![pgn],
        rate_limit: RateLimit {
            burst: 10_000,
            per_minute: 10_000,
        },
        ..ServeConfig::default()
    })
    .unwrap();
    let start = Position::START_FEN;
    let v = explorer(&s, start);
    assert_eq!(v["games"], 3);
    let moves = v["moves"].as_array().unwrap();
    let nd2 = moves.iter().find(|m| m["san"] == "Nd2").unwrap();
    assert_eq!(
        (&nd2["games"], &nd2["white"], &nd2["draws"], &nd2["black"]),
        (&json!(2), &json!(1), &json!(1), &json!(0))
    );
    assert_eq!(nd2["elo"], 2000, "the one rated game's average");
    assert_eq!(nd2["top"][0]["white"], "Ann");
    assert_eq!(moves[0]["san"], "Nd2", "the most played first");
    // 1. Nd2 Nd7 2. Ni2 and 1. Ni2 Nd7 2. Nd2 are one position.
    let mut pos = Position::startpos();
    for san in ["Nd2", "Nd7", "Ni2"] {
        let m = pos.parse_san(san).unwrap();
        pos.make_move(m);
    }
    let v = explorer(&s, &pos.to_fen());
    assert_eq!(v["moves"][0]["san"], "Ni7");
    assert_eq!(
        (
            &v["moves"][0]["games"],
            &v["moves"][0]["white"],
            &v["moves"][0]["black"]
        ),
        (&json!(2), &json!(1), &json!(1))
    );
    // A game that ends on this server is counted at once, with no names.
    let g = new_game(s.addr(), json!({"level": {"nodes": 200}}));
    let id = g["id"].as_str().unwrap();
    assert_eq!(act(s.addr(), id, "move", json!({"move": "b1d2"})).0, 200);
    let deadline = Instant::now() + Duration::from_secs(30);
    while json_call(s.addr(), "GET", &format!("/api/games/{id}"), json!({})).1["moves"]
        .as_array()
        .unwrap()
        .len()
        < 2
    {
        assert!(Instant::now() < deadline, "the engine never replied");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(act(s.addr(), id, "resign", json!({})).0, 200);
    let v = explorer(&s, start);
    assert_eq!(v["games"], 4);
    let nd2 = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["san"] == "Nd2")
        .unwrap()
        .clone();
    assert_eq!(
        (&nd2["games"], &nd2["black"]),
        (&json!(3), &json!(1)),
        "{nd2}"
    );
    assert!(nd2["top"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["source"] != "this server"));
    // Bad input.
    assert_eq!(
        json_call(s.addr(), "GET", "/api/explorer", json!({})).0,
        400
    );
    assert_eq!(
        json_call(s.addr(), "GET", "/api/explorer?fen=zz", json!({})).0,
        400
    );
    let _ = std::fs::remove_dir_all(&dir);
}
