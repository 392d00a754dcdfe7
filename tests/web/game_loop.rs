//! The server owns every game (issue 19, sections 1, 2 and 4): the engine
//! moves whenever a game waits for it, whatever led there, with no request
//! from the page; pages hear every change on the game's event stream; the
//! server's clocks flag with no page open; every game is in SQLite and
//! comes back, moves, level and clock, after the server is killed.

use crate::common;

use common::http::{act, call, json_call, new_game, state, Events};
use common::process::Served;
use humpty::web::store::db::DbPath;
use humpty::web::{RateLimit, ServeConfig, Server};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

fn config(db: DbPath) -> ServeConfig {
    ServeConfig {
        port: 0,
        max_searches: 2,
        db,
        rate_limit: RateLimit {
            burst: 100_000,
            per_minute: 100_000,
        },
        ..ServeConfig::default()
    }
}

fn server() -> Server {
    Server::start(&config(DbPath::Memory)).expect("server starts")
}

const QUICK: Duration = Duration::from_secs(30);

/// The length of the line, from a whole state or a delta.
fn plies(v: &Value) -> usize {
    v["plies"].as_u64().unwrap() as usize
}

#[test]
fn set_fen_with_the_engine_to_move_is_answered() {
    let s = server();
    let id = new_game(s.addr(), json!({"level": {"nodes": 300}}))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut page = Events::open(s.addr(), &id);
    page.next();
    let fen = "k11/12/12/12/12/12/12/5fK5 b - - 0 1";
    let (status, v) = act(s.addr(), &id, "position", json!({ "fen": fen }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["waiting"], "engine");
    let after = page.state_until(QUICK, |v| plies(v) == 1);
    assert_eq!(after["turn"], "white");
    assert_eq!(after["waiting"], "human");
}

#[test]
fn an_imported_pgn_with_the_engine_to_move_is_answered() {
    let s = server();
    let id = new_game(s.addr(), json!({"level": {"nodes": 300}}))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut page = Events::open(s.addr(), &id);
    let (status, v) = act(s.addr(), &id, "pgn", json!({"pgn": "1. Fc4 Bd7 2. Cxb8"}));
    assert_eq!(status, 200, "{v}");
    assert_eq!((plies(&v), v["turn"].as_str()), (3, Some("black")));
    let after = page.state_until(QUICK, |v| plies(v) == 4);
    assert_eq!(after["waiting"], "human");
}

#[test]
fn engine_move_on_your_own_turn_swaps_sides_and_the_game_goes_on() {
    let s = server();
    let id = new_game(s.addr(), json!({"level": {"nodes": 300}}))["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, v) = act(s.addr(), &id, "engine-move", json!({}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["human"], "black", "the engine took White");
    assert_eq!(plies(&v), 1);
    assert!(v["engine"]["uci"].is_string());
    // The person now plays Black; the engine answers each move by itself.
    let mut page = Events::open(s.addr(), &id);
    let reply = v["legal"][0]["uci"].as_str().unwrap().to_string();
    assert_eq!(act(s.addr(), &id, "move", json!({ "move": reply })).0, 200);
    let after = page.state_until(QUICK, |v| plies(v) == 3);
    assert_eq!(
        (after["turn"].as_str(), after["waiting"].as_str()),
        (Some("black"), Some("human"))
    );
    // Asking again returns the engine's move that ends the line.
    let (status, again) = act(s.addr(), &id, "engine-move", json!({}));
    assert_eq!(status, 200);
    assert_eq!(plies(&again), 3);
    assert_eq!(again["engine"]["uci"], after["moves"][2]["uci"]);
}

#[test]
fn playing_black_the_engine_opens_and_the_engines_side_cannot_be_moved() {
    let s = server();
    let g = new_game(s.addr(), json!({"human": "black", "level": {"nodes": 300}}));
    let id = g["id"].as_str().unwrap();
    let mut page = Events::open(s.addr(), id);
    let v = page.state_until(QUICK, |v| plies(v) == 1);
    // A move from an earlier ply, where White (the engine) is to move.
    assert_eq!(act(s.addr(), id, "goto", json!({"ply": 0})).0, 200);
    let (status, e) = act(s.addr(), id, "move", json!({"move": v["moves"][0]["uci"]}));
    assert_eq!(status, 409, "{e}");
    assert_eq!(plies(&state(s.addr(), id)), 1, "nothing changed");
}

#[test]
fn a_move_from_an_earlier_ply_is_answered() {
    let s = server();
    let g = new_game(s.addr(), json!({"level": {"nodes": 300}}));
    let id = g["id"].as_str().unwrap();
    let mut page = Events::open(s.addr(), id);
    let first = g["legal"][0]["uci"].as_str().unwrap();
    act(s.addr(), id, "move", json!({ "move": first }));
    page.state_until(QUICK, |v| plies(v) == 2);
    assert_eq!(act(s.addr(), id, "goto", json!({"ply": 0})).0, 200);
    let other = g["legal"][1]["uci"].as_str().unwrap();
    let (status, v) = act(s.addr(), id, "move", json!({ "move": other }));
    assert_eq!((status, plies(&v)), (200, 1));
    let after = page.state_until(QUICK, |v| plies(v) == 2 && v["moves"][0]["uci"] == other);
    assert_eq!(after["waiting"], "human");
}

#[test]
fn a_flag_falls_with_no_page_open() {
    let s = server();
    let g = new_game(
        s.addr(),
        json!({"level": {"nodes": 300}, "clock": {"base_s": 1, "inc_s": 0}}),
    );
    let id = g["id"].as_str().unwrap();
    // The clocks start with the first move; White's runs after the reply.
    let mut page = Events::open(s.addr(), id);
    let m = g["legal"][0]["uci"].as_str().unwrap();
    assert_eq!(act(s.addr(), id, "move", json!({ "move": m })).0, 200);
    let v = page.state_until(QUICK, |v| plies(v) == 2);
    assert_eq!(v["clock"]["running"], "white");
    drop(page);
    std::thread::sleep(Duration::from_millis(1600));
    let v = state(s.addr(), id);
    assert_eq!(v["status"]["reason"], "time", "{}", v["status"]);
    assert_eq!(v["result"]["result"], "0-1");
    assert_eq!(v["clock"]["white_ms"], 0);
    assert_eq!(v["clock"]["running"], Value::Null);
}

#[test]
fn the_engine_keeps_to_its_clock() {
    let s = server();
    let g = new_game(
        s.addr(),
        json!({"human": "black", "level": {"name": "maximum"}, "clock": {"base_s": 6, "inc_s": 0}}),
    );
    let id = g["id"].as_str().unwrap();
    let mut page = Events::open(s.addr(), id);
    let v = page.state_until(QUICK, |v| plies(v) == 1);
    // Three seconds a move at full strength, but 6 s for the game: the
    // engine moved well within its clock.
    let left = v["clock"]["white_ms"].as_i64().unwrap();
    assert!((4_000..=6_000).contains(&left), "{}", v["clock"]);
    assert_eq!(v["clock"]["running"], "black");
}

#[test]
fn every_page_of_a_game_sees_every_change() {
    let s = server();
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap();
    let mut one = Events::open(s.addr(), id);
    let mut two = Events::open(s.addr(), id);
    let m = g["legal"][3]["uci"].as_str().unwrap();
    act(s.addr(), id, "move", json!({ "move": m }));
    for page in [&mut one, &mut two] {
        let v = page.state_until(QUICK, |v| plies(v) == 1);
        assert_eq!(v["moves"][0]["uci"], m);
    }
}

#[test]
fn the_game_page_and_a_browsers_list_of_games() {
    let s = server();
    let a = new_game(s.addr(), json!({"level": {"name": "level-3"}}));
    let b = new_game(s.addr(), json!({"human": "both"}));
    let (ida, idb) = (a["id"].as_str().unwrap(), b["id"].as_str().unwrap());
    // Empty games are not listed: each gets a move.
    for g in [&a, &b] {
        let m = g["legal"][0]["uci"].as_str().unwrap();
        assert_eq!(
            act(
                s.addr(),
                g["id"].as_str().unwrap(),
                "move",
                json!({ "move": m })
            )
            .0,
            200
        );
    }
    let (status, page) = call(s.addr(), "GET", &format!("/g/{ida}"), None);
    assert_eq!(status, 200);
    assert!(page.contains("<!doctype html>"));
    let path = format!("/api/games?ids={ida},{idb},ffff0000ffff0000");
    let (status, v) = json_call(s.addr(), "GET", &path, json!({}));
    assert_eq!(status, 200, "{v}");
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "the unknown id is left out: {v}");
    let first = games.iter().find(|g| g["id"] == ida).unwrap();
    assert_eq!(first["level"]["skill"], 3);
    assert_eq!(first["human"], "white");
    assert_eq!(first["result"], "*");
}

#[test]
fn games_survive_kill_9_with_moves_level_and_clock() {
    let dir = std::env::temp_dir().join(format!("humpty-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("games.sqlite3");
    let mut server = Served::start(&db).expect("the server starts");
    let g = new_game(
        server.addr,
        json!({"level": {"skill": 5}, "clock": {"base_s": 300, "inc_s": 2}}),
    );
    let id = g["id"].as_str().unwrap().to_string();
    let mut page = Events::open(server.addr, &id);
    let mut last = g;
    for round in 0..3 {
        let m = last["legal"][round]["uci"].as_str().unwrap().to_string();
        assert_eq!(act(server.addr, &id, "move", json!({ "move": m })).0, 200);
        last = page.state_until(QUICK, |v| plies(v) == 2 * round + 2);
    }
    let analysis = new_game(server.addr, json!({"human": "both"}));
    let aid = analysis["id"].as_str().unwrap().to_string();
    act(
        server.addr,
        &aid,
        "move",
        json!({"move": analysis["legal"][0]["uci"]}),
    );
    let before = state(server.addr, &id);
    let killed_at = Instant::now();
    server.child.kill().unwrap(); // SIGKILL: no chance to save anything
    server.child.wait().unwrap();
    let server = Served::start(&db).expect("the server starts again");
    let after = state(server.addr, &id);
    assert_eq!(after["moves"], before["moves"]);
    assert_eq!(after["level"], before["level"]);
    assert_eq!(after["clock"]["control"], before["clock"]["control"]);
    assert_eq!(after["clock"]["black_ms"], before["clock"]["black_ms"]);
    let (w0, w1) = (
        before["clock"]["white_ms"].as_i64().unwrap(),
        after["clock"]["white_ms"].as_i64().unwrap(),
    );
    assert!(
        w1 <= w0 + 1_000 && w1 >= w0 - 1_000 - killed_at.elapsed().as_millis() as i64,
        "{w0} {w1}"
    );
    assert_eq!(after["clock"]["running"], "white");
    assert_eq!(plies(&state(server.addr, &aid)), 1);
    // The game goes on where it was.
    let m = after["legal"][0]["uci"].as_str().unwrap().to_string();
    let mut page = Events::open(server.addr, &id);
    assert_eq!(act(server.addr, &id, "move", json!({ "move": m })).0, 200);
    page.state_until(QUICK, |v| plies(v) == 8);
    // The PGN has the time control and each move's clock, and reads back.
    let (_, pgn) = call(server.addr, "GET", &format!("/api/games/{id}/pgn"), None);
    assert!(pgn.contains("[TimeControl \"300+2\"]"), "{pgn}");
    assert_eq!(pgn.matches("[%clk").count(), 8, "{pgn}");
    let (status, back) = act(server.addr, &aid, "pgn", json!({ "pgn": pgn }));
    assert_eq!((status, plies(&back)), (200, 8), "{back}");
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_or_newer_database_is_refused_with_a_clear_error() {
    let dir = std::env::temp_dir().join(format!("humpty-baddb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let junk = dir.join("junk.sqlite3");
    std::fs::write(&junk, vec![b'x'; 4096]).unwrap();
    let err = Server::start(&config(DbPath::File(junk.clone())))
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("not a humpty game database"), "{err}");
    assert_eq!(
        std::fs::read(&junk).unwrap(),
        vec![b'x'; 4096],
        "left as it was"
    );
    let newer = dir.join("newer.sqlite3");
    drop(Server::start(&config(DbPath::File(newer.clone()))).unwrap());
    let conn = rusqlite::Connection::open(&newer).unwrap();
    conn.execute_batch("PRAGMA user_version = 999;").unwrap();
    drop(conn);
    let err = Server::start(&config(DbPath::File(newer)))
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("newer humpty"), "{err}");
    let foreign = dir.join("foreign.sqlite3");
    let conn = rusqlite::Connection::open(&foreign).unwrap();
    conn.execute_batch("CREATE TABLE notes (t TEXT);").unwrap();
    drop(conn);
    let err = Server::start(&config(DbPath::File(foreign)))
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("not a humpty game database"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn analysis_waits_in_a_queue_and_says_its_place() {
    let s = Server::start(&ServeConfig {
        max_searches: 1,
        ..config(DbPath::Memory)
    })
    .unwrap();
    let one = new_game(s.addr(), json!({"human": "both"}));
    let two = new_game(s.addr(), json!({"human": "both"}));
    let (a, b) = (one["id"].as_str().unwrap(), two["id"].as_str().unwrap());
    let mut first = Events::open_path(s.addr(), &format!("/api/games/{a}/analysis"));
    assert_eq!(first.next().0, "start");
    let mut second = Events::open_path(s.addr(), &format!("/api/games/{b}/analysis"));
    let (kind, v) = second.next();
    assert_eq!((kind.as_str(), v["position"].as_u64()), ("queued", Some(1)));
    // An engine move in a game never waits behind analysis.
    let g = new_game(s.addr(), json!({"human": "black", "level": {"nodes": 300}}));
    let mut page = Events::open(s.addr(), g["id"].as_str().unwrap());
    page.state_until(QUICK, |v| plies(v) == 1);
    // The first stops: the second gets the engine.
    assert_eq!(act(s.addr(), a, "stop", json!({})).0, 200);
    loop {
        let (kind, _) = second.next();
        if kind == "start" {
            break;
        }
        assert_eq!(kind, "queued");
    }
}

#[test]
fn a_client_has_a_few_analysis_streams_at_most() {
    let s = server();
    let mut open = Vec::new();
    for _ in 0..4 {
        let g = new_game(s.addr(), json!({"human": "both"}));
        let id = g["id"].as_str().unwrap().to_string();
        open.push(Events::open_path(
            s.addr(),
            &format!("/api/games/{id}/analysis"),
        ));
    }
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap();
    let (status, v) = json_call(
        s.addr(),
        "GET",
        &format!("/api/games/{id}/analysis"),
        json!({}),
    );
    assert_eq!(status, 429, "{v}");
    drop(open);
}

#[test]
fn a_finished_review_is_kept_with_the_game_in_the_database() {
    let dir = std::env::temp_dir().join(format!("humpty-review-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = DbPath::File(dir.join("games.sqlite3"));
    let s = Server::start(&config(db.clone())).unwrap();
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap().to_string();
    let mut v = g;
    for _ in 0..2 {
        v = act(s.addr(), &id, "move", json!({"move": v["legal"][0]["uci"]})).1;
    }
    assert_eq!(act(s.addr(), &id, "review", json!({"nodes": 2000})).0, 202);
    let path = format!("/api/games/{id}/review");
    let deadline = Instant::now() + QUICK;
    let done = loop {
        let (_, r) = json_call(s.addr(), "GET", &path, json!({}));
        if r["state"] == "done" {
            break r;
        }
        assert!(Instant::now() < deadline, "{r}");
        std::thread::sleep(Duration::from_millis(50));
    };
    drop(s);
    let s = Server::start(&config(db)).unwrap();
    let (status, again) = json_call(s.addr(), "GET", &path, json!({}));
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["state"], "done");
    assert_eq!(again["result"], done["result"]);
    assert_eq!(again["current"], true);
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}
