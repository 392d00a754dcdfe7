//! The web board's HTTP API (issue 12), against a server on an ephemeral
//! port: legal moves from the rules core, moves, engine replies, the
//! analysis stream, game ends, every class of bad request, eviction, PGN,
//! and 50 games played at once.

use crate::common;

use common::http::{act, call, json_call, new_game};
use humpty::web::{ServeConfig, Server};
use humpty::Position;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn server(max_games: usize) -> Server {
    Server::start(&ServeConfig {
        port: 0,
        max_games,
        max_searches: 2,
        // These tests play as many clients from one address.
        rate_limit: humpty::web::RateLimit {
            burst: 100_000,
            per_minute: 100_000,
        },
        ..ServeConfig::default()
    })
    .expect("server starts")
}

fn sorted_uci(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap().to_string())
        .collect();
    out.sort();
    out
}

fn core_legal(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).unwrap();
    let mut out: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    out.sort();
    out
}

#[test]
fn the_page_and_its_files_are_served() {
    let s = server(10);
    let (status, html) = call(s.addr(), "GET", "/", None);
    assert_eq!(status, 200);
    assert!(html.contains("id=\"board\"") && html.contains("id=\"status\""));
    for file in ["/app.js", "/pieces.js", "/style.css", "/favicon.svg"] {
        let (status, body) = call(s.addr(), "GET", file, None);
        assert_eq!(status, 200, "{file}");
        assert!(body.len() > 100, "{file}");
    }
    let (status, v) = json_call(s.addr(), "GET", "/api/levels", json!({}));
    assert_eq!(status, 200);
    assert!(v["levels"].as_array().unwrap().len() >= 4);
    // The page's piece names come from the rules' one table.
    let (status, v) = json_call(s.addr(), "GET", "/api/pieces", json!({}));
    assert_eq!(status, 200);
    let pieces = v["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 12);
    for (p, kind) in pieces.iter().zip(humpty::PieceKind::ALL) {
        assert_eq!(p["letter"], kind.letter().to_string());
        assert_eq!(p["name"], kind.name());
        assert!(p["moves"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let (_, js) = call(s.addr(), "GET", "/pieces.js", None);
    assert!(!js.contains("\"Camel\""), "pieces.js keeps its own names");
}

#[test]
fn legal_moves_are_the_rules_cores_with_frog_and_hopper_cases() {
    let s = server(10);
    let start = new_game(s.addr(), json!({}));
    assert_eq!(sorted_uci(&start), core_legal(Position::START_FEN));
    // A Frog on d3 with d4 occupied cannot cross to d6; the Cannon on b2
    // captures over the screen on b4.
    let fen = "6k5/1n10/3p8/12/1P1p8/3F8/1C10/6K5 w - - 0 1";
    let g = new_game(s.addr(), json!({"fen": fen, "human": "both"}));
    let legal = sorted_uci(&g);
    assert_eq!(legal, core_legal(fen));
    assert!(!legal.contains(&"d3d6".to_string()));
    assert!(legal.contains(&"b2b7".to_string()));
    let capture = g["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["uci"] == "b2b7")
        .unwrap();
    assert_eq!(capture["san"], "Cxb7");
}

#[test]
fn the_skill_levels_are_offered_and_play() {
    let s = server(10);
    let (_, v) = json_call(s.addr(), "GET", "/api/levels", json!({}));
    let names: Vec<&str> = v["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "level--11", "weakest first: {names:?}");
    assert!(names.contains(&"level-19") && names.ends_with(&["maximum"]));
    for level in [json!({"name": "level--11"}), json!({"skill": 12})] {
        let g = new_game(s.addr(), json!({"level": level}));
        let id = g["id"].as_str().unwrap();
        act(s.addr(), id, "move", json!({"move": "Axi6"}));
        let (status, reply) = act(s.addr(), id, "engine-move", json!({}));
        assert_eq!(status, 200, "{reply}");
        assert_eq!(
            reply["level"]["skill"],
            level.get("skill").cloned().unwrap_or(json!(-11))
        );
    }
}

/// A PGN text imported on a new analysis board: the status and the state.
fn import_on_a_new_board(addr: std::net::SocketAddr, pgn: &str) -> (u16, Value) {
    let other = new_game(addr, json!({"human": "both"}));
    act(
        addr,
        other["id"].as_str().unwrap(),
        "pgn",
        json!({ "pgn": pgn }),
    )
}

#[test]
fn a_review_runs_in_the_background_and_is_kept_with_the_game() {
    let s = server(10);
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap();
    assert_eq!(
        call(s.addr(), "GET", &format!("/api/games/{id}/review"), None).0,
        404
    );
    for m in ["Axi6", "h7d3"] {
        assert_eq!(act(s.addr(), id, "move", json!({"move": m})).0, 200);
    }
    assert_eq!(act(s.addr(), id, "review", json!({"nodes": 0})).0, 400);
    let (status, v) = act(s.addr(), id, "review", json!({"nodes": 3000}));
    assert_eq!(status, 202, "{v}");
    assert_eq!(v["total"], 3);
    let deadline = Instant::now() + Duration::from_secs(60);
    let done = loop {
        let (_, v) = json_call(
            s.addr(),
            "GET",
            &format!("/api/games/{id}/review"),
            json!({}),
        );
        if v["state"] == "done" {
            break v;
        }
        assert!(Instant::now() < deadline, "review never finished: {v}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(done["current"], true);
    assert_eq!(done["done"], 3);
    let moves = done["result"]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0]["san"], "Axi6+");
    assert!(moves.iter().all(|m| m["win"]
        .as_f64()
        .is_some_and(|w| (0.0..=100.0).contains(&w))));
    for side in ["white", "black"] {
        let counts = &done["result"]["players"][side]["counts"];
        assert!(
            counts["blunder"].is_u64() && counts["mistake"].is_u64(),
            "{done}"
        );
    }
    // The download carries the review as lichess writes it, and reads back.
    let (_, pgn) = call(s.addr(), "GET", &format!("/api/games/{id}/pgn"), None);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    let date = humpty::download::pgn_date(now.as_millis() as i64);
    assert!(
        pgn.contains(&format!("[Date \"{date}\"]"))
            && pgn.contains("[Round \"-\"]")
            && pgn.contains("1. Axi6+ {[%eval ")
            && pgn.matches("[%eval ").count() == 2,
        "{pgn}"
    );
    let (status, v) = import_on_a_new_board(s.addr(), &pgn);
    assert_eq!((status, v["plies"].as_u64()), (200, Some(2)), "{v}");
    // Asked again for the same line, the kept review is given.
    let (status, again) = act(s.addr(), id, "review", json!({}));
    assert_eq!((status, &again["state"]), (202, &json!("done")));
    // A new move makes it another line's review.
    let (_, state) = json_call(s.addr(), "GET", &format!("/api/games/{id}"), json!({}));
    let next = state["legal"][0]["uci"].as_str().unwrap().to_string();
    assert_eq!(act(s.addr(), id, "move", json!({ "move": next })).0, 200);
    let (_, stale) = json_call(
        s.addr(),
        "GET",
        &format!("/api/games/{id}/review"),
        json!({}),
    );
    assert_eq!(stale["current"], false);
}

#[test]
fn a_move_then_the_engine_reply() {
    let s = server(10);
    let g = new_game(s.addr(), json!({"level": {"nodes": 2000}}));
    let id = g["id"].as_str().unwrap();
    let (status, after) = act(s.addr(), id, "move", json!({"move": "Axi6"}));
    assert_eq!(status, 200, "{after}");
    // The answer is a delta: the move it adds, and the plies in all.
    assert_eq!(
        after["line"],
        json!({"from": 0, "moves": [after["line"]["moves"][0]]})
    );
    assert_eq!(after["line"]["moves"][0]["san"], "Axi6+");
    assert_eq!(
        (after["plies"].as_u64(), after["turn"].as_str()),
        (Some(1), Some("black"))
    );
    let (status, reply) = act(s.addr(), id, "engine-move", json!({}));
    assert_eq!(status, 200, "{reply}");
    let played = reply["engine"]["uci"].as_str().unwrap();
    assert!(core_legal(after["fen"].as_str().unwrap()).contains(&played.to_string()));
    assert_eq!(reply["moves"].as_array().unwrap().len(), 2);
    assert_eq!(reply["moves"][1]["san"], reply["engine"]["san"]);
    assert_eq!(reply["last_move"]["to"], &played[2..4]);
    // Take back: the human's turn again at the start.
    let (_, back) = act(s.addr(), id, "undo", json!({}));
    assert_eq!(back["ply"], 0);
    assert_eq!(back["fen"], Position::START_FEN);
}

#[test]
fn analysis_streams_lines_until_stopped() {
    let s = server(10);
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap().to_string();
    let mut stream = TcpStream::connect(s.addr()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET /api/games/{id}/analysis?multipv=2 HTTP/1.1\r\nHost: localhost\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    assert!(line.starts_with("HTTP/1.1 200"), "{line}");
    let mut lines_seen = std::collections::HashSet::new();
    let mut deepest = 0;
    while deepest < 4 || lines_seen.len() < 2 {
        line.clear();
        assert!(
            reader.read_line(&mut line).unwrap() > 0,
            "stream ended early"
        );
        if let Some(data) = line.strip_prefix("data: ") {
            let v: Value = serde_json::from_str(data).unwrap();
            if let Some(d) = v["depth"].as_i64() {
                deepest = deepest.max(d);
                lines_seen.insert(v["multipv"].as_u64().unwrap());
                assert!(!v["pv_san"].as_array().unwrap().is_empty());
            }
        }
    }
    let (_, state) = json_call(s.addr(), "GET", &format!("/api/games/{id}"), json!({}));
    assert_eq!(state["searching"], true);
    let (status, _) = act(s.addr(), &id, "stop", json!({}));
    assert_eq!(status, 200);
    // The stream ends with the `done` event and the last (empty) chunk.
    let mut rest = String::new();
    while !rest.ends_with("\r\n0\r\n\r\n") {
        line.clear();
        assert!(reader.read_line(&mut line).unwrap() > 0, "no end of stream");
        rest.push_str(&line);
    }
    assert!(rest.contains("event: done"), "{rest}");
    let (_, state) = json_call(s.addr(), "GET", &format!("/api/games/{id}"), json!({}));
    assert_eq!(state["searching"], false);
}

#[test]
fn games_end_by_mate_stalemate_bare_kings_and_resignation() {
    let s = server(10);
    let mate = new_game(
        s.addr(),
        json!({"fen": "6k5/R11/12/12/12/12/12/6K4R w - - 0 1", "human": "both"}),
    );
    let id = mate["id"].as_str().unwrap();
    let (_, after) = act(s.addr(), id, "move", json!({"move": "Rl8"}));
    assert_eq!(after["status"]["over"], true);
    assert_eq!(after["status"]["reason"], "checkmate");
    assert_eq!(after["status"]["result"], "1-0");
    assert_eq!(after["status"]["text"], "Checkmate: White wins");
    assert!(after["legal"].as_array().unwrap().is_empty());
    let (status, v) = act(s.addr(), id, "move", json!({"move": "Kh7"}));
    assert_eq!(status, 409, "{v}");
    assert_eq!(act(s.addr(), id, "engine-move", json!({})).0, 409);
    // Bare Kings after a capture.
    let bare = new_game(
        s.addr(),
        json!({"fen": "k11/6p5/6K5/12/12/12/12/12 w - - 0 1", "human": "both"}),
    );
    let (_, v) = act(
        s.addr(),
        bare["id"].as_str().unwrap(),
        "move",
        json!({"move": "Kxg7"}),
    );
    assert_eq!(v["status"]["reason"], "bare-kings");
    // Resignation.
    let g = new_game(s.addr(), json!({}));
    let (_, v) = act(s.addr(), g["id"].as_str().unwrap(), "resign", json!({}));
    assert_eq!(v["status"]["text"], "White resigns: Black wins");
    assert_eq!(v["status"]["result"], "0-1");
}

#[test]
fn bad_requests_get_4xx_with_a_json_error() {
    let s = server(10);
    let a = s.addr();
    let g = new_game(a, json!({}));
    let id = g["id"].as_str().unwrap();
    let cases: Vec<(&str, String, String, u16)> = vec![
        (
            "POST",
            "/api/games".into(),
            r#"{"fen":"not a fen"}"#.into(),
            400,
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"human":"purple"}"#.into(),
            400,
        ),
        (
            "POST",
            "/api/games".into(),
            r#"{"level":{"movetime_ms":99999999}}"#.into(),
            400,
        ),
        (
            "POST",
            format!("/api/games/{id}/move"),
            r#"{"move":"e2e5"}"#.into(),
            400,
        ),
        (
            "POST",
            format!("/api/games/{id}/move"),
            r#"{"move":7}"#.into(),
            400,
        ),
        (
            "POST",
            format!("/api/games/{id}/move"),
            "{not json".into(),
            400,
        ),
        ("POST", format!("/api/games/{id}/move"), "[1,2]".into(), 400),
        (
            "POST",
            format!("/api/games/{id}/goto"),
            r#"{"ply":5}"#.into(),
            400,
        ),
        (
            "POST",
            format!("/api/games/{id}/position"),
            r#"{"fen":"12/12 w"}"#.into(),
            400,
        ),
        (
            "POST",
            format!("/api/games/{id}/pgn"),
            r#"{"pgn":"1. Zz9 *"}"#.into(),
            400,
        ),
        (
            "GET",
            format!("/api/games/{id}/analysis?multipv=9"),
            String::new(),
            400,
        ),
        (
            "POST",
            "/api/games/0123456789abcdef/move".into(),
            r#"{"move":"e2i6"}"#.into(),
            404,
        ),
        ("GET", "/api/games/nope".into(), String::new(), 404),
        ("GET", "/api/nothing".into(), String::new(), 404),
        ("POST", format!("/api/games/{id}/fly"), "{}".into(), 404),
        ("DELETE", format!("/api/games/{id}"), String::new(), 405),
        (
            "POST",
            format!("/api/games/{id}/move"),
            "x".repeat(300 * 1024),
            413,
        ),
    ];
    for (method, path, body, want) in cases {
        let (status, text) = call(a, method, &path, Some(&body));
        assert_eq!(status, want, "{method} {path}: {text}");
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("{path}: {text}"));
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{text}");
    }
    // Bytes that are not UTF-8.
    let mut st = TcpStream::connect(a).unwrap();
    st.write_all(
        format!(
            "POST /api/games/{id}/move HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: 3\r\n\r\n"
        )
        .as_bytes(),
    )
    .unwrap();
    st.write_all(&[0xff, 0xfe, 0x00]).unwrap();
    let mut raw = String::new();
    let _ = st.read_to_string(&mut raw);
    assert!(raw.starts_with("HTTP/1.1 400"), "{raw}");
    // After all that the game is untouched and the server still answers.
    let (status, v) = json_call(a, "GET", &format!("/api/games/{id}"), json!({}));
    assert_eq!(
        (status, v["fen"].as_str()),
        (200, Some(Position::START_FEN))
    );
}

#[test]
fn past_the_cap_the_oldest_game_leaves_memory_and_comes_back_from_the_database() {
    let s = server(3);
    let ids: Vec<String> = (0..4)
        .map(|_| {
            std::thread::sleep(Duration::from_millis(5));
            new_game(s.addr(), json!({}))["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(s.app.store.len(), 3);
    for id in &ids {
        let (status, v) = json_call(s.addr(), "GET", &format!("/api/games/{id}"), json!({}));
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["id"], id.as_str());
    }
    assert_eq!(s.app.store.len(), 3, "reading a game back makes room");
    let (status, _) = json_call(s.addr(), "GET", "/api/games/0123abcd", json!({}));
    assert_eq!(status, 404);
}

#[test]
fn pgn_exports_and_imports_in_san() {
    let s = server(10);
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap();
    for m in ["Axi6+", "Axd3", "c4"] {
        assert_eq!(act(s.addr(), id, "move", json!({"move": m})).0, 200, "{m}");
    }
    let (status, pgn) = call(s.addr(), "GET", &format!("/api/games/{id}/pgn"), None);
    assert_eq!(status, 200);
    assert!(
        pgn.contains("[Variant \"humpty\"]") && pgn.contains("1. Axi6+ Axd3 2. c4"),
        "{pgn}"
    );
    let (status, v) = import_on_a_new_board(s.addr(), &pgn);
    assert_eq!(status, 200, "{v}");
    let (_, orig) = json_call(s.addr(), "GET", &format!("/api/games/{id}"), json!({}));
    assert_eq!(v["fen"], orig["fen"]);
    // Going back shows the earlier position; a move there starts a
    // variation (tests/web/variations.rs) and the line stays.
    let (_, v) = act(s.addr(), id, "goto", json!({"ply": 1}));
    assert_eq!(v["ply"], 1);
    assert_eq!(v["plies"], 3);
    assert_eq!(
        v["line"],
        json!({"from": 3, "moves": []}),
        "no move changed"
    );
    let other = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["uci"] != "h7d3")
        .unwrap()["uci"]
        .clone();
    let (_, v) = act(s.addr(), id, "move", json!({ "move": other }));
    assert_eq!(v["plies"], 3);
    assert_eq!(v["variations"]["2"][0][0]["uci"], other);
    // Deleting the main line from ply 2 on: the variation there takes its
    // place, as on lichess.
    let (_, v) = act(s.addr(), id, "goto", json!({"ply": 2}));
    let node = v["variations"]["2"][0][0]["node"].as_u64().unwrap();
    // The main line's node at ply 2 is the other child of ply 1.
    let main = if node == 2 { 3 } else { 2 };
    let (_, v) = act(
        s.addr(),
        id,
        "variation",
        json!({"node": main, "action": "delete"}),
    );
    assert_eq!(v["plies"], 2);
    assert_eq!(v["line"]["from"], 1, "the line is replaced from ply 1");
    assert_eq!(v["line"]["moves"][0]["uci"], other);
    assert_eq!(v["variations"], Value::Null, "{v}");
}

/// Resident memory of this process in KiB (Linux).
fn rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// A number from the environment, or a default.
fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
}

/// 50 games at once, each a player's move and the engine's reply, eight
/// times over at 300 nodes a move; `HUMPTY_WEB_LOAD_ROUNDS` and
/// `HUMPTY_WEB_LOAD_NODES` make it longer and harder (docs/web.md).
#[test]
fn fifty_games_at_once() {
    let rounds = env_or("HUMPTY_WEB_LOAD_ROUNDS", 8) as usize;
    let nodes = env_or("HUMPTY_WEB_LOAD_NODES", 300);
    let s = server(60);
    let addr = s.addr();
    let before = rss_kib();
    let start = Instant::now();
    let workers: Vec<_> = (0..50)
        .map(|i| {
            std::thread::spawn(move || {
                let g = new_game(addr, json!({"level": {"nodes": nodes}}));
                let id = g["id"].as_str().unwrap().to_string();
                let mut state = g;
                let mut rng = humpty::rules::random::Rng::new(i);
                let mut slowest = Duration::ZERO;
                for _ in 0..rounds {
                    if state["status"]["over"] == true {
                        break;
                    }
                    let legal = state["legal"].as_array().unwrap().clone();
                    let m = legal[rng.below(legal.len())]["uci"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    let (status, v) = act(addr, &id, "move", json!({"move": m}));
                    assert_eq!(status, 200, "{v}");
                    if v["status"]["over"] == true {
                        break;
                    }
                    let asked = Instant::now();
                    let (status, v) = act(addr, &id, "engine-move", json!({}));
                    slowest = slowest.max(asked.elapsed());
                    assert_eq!(status, 200, "{v}");
                    state = v;
                }
                slowest
            })
        })
        .collect();
    let slowest = workers
        .into_iter()
        .map(|w| w.join().expect("a game thread failed"))
        .max()
        .unwrap_or_default();
    let elapsed = start.elapsed();
    let grown = rss_kib().saturating_sub(before);
    eprintln!(
        "50 games x {rounds} rounds at {nodes} nodes: {:.1} s, slowest engine reply {:.2} s, RSS grew {} MiB, games kept {}",
        elapsed.as_secs_f64(),
        slowest.as_secs_f64(),
        grown / 1024,
        s.app.store.len()
    );
    assert_eq!(s.app.store.len(), 50);
    // Two 16 MiB engines, 50 small games: far below 200 MiB.
    assert!(grown < 200 * 1024, "RSS grew {grown} KiB");
    assert!(elapsed < Duration::from_secs(120));
}
