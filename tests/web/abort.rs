//! Abort (issue 45, game flow): before both sides have moved, a game is
//! aborted, not resigned, as on lichess. It ends with no result, its clock
//! and engine stop, its PGN says `*`, and it stays aborted in the
//! database. After both sides have moved only a resignation ends it.

use crate::common;

use common::http::{act, call, new_game, roomy_server, state};
use humpty::web::store::db::DbPath;
use humpty::web::Server;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// The game's state once its line has `plies` moves (the engine's reply).
fn wait_for_plies(s: &Server, id: &str, plies: u64) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let v = state(s.addr(), id);
        if v["plies"] == plies && v["thinking"] == false {
            return v;
        }
        assert!(Instant::now() < deadline, "no engine move: {v}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn assert_aborted(v: &Value) {
    assert_eq!(v["status"]["over"], true, "{v}");
    assert_eq!(v["status"]["text"], "Game aborted");
    assert_eq!(v["status"]["result"], "*");
    assert_eq!(v["result"]["reason"], "aborted");
    assert_eq!(v["result"]["result"], "*");
    assert_eq!(v["abortable"], false);
    assert!(v["legal"].as_array().unwrap().is_empty());
}

#[test]
fn a_game_is_aborted_before_both_sides_have_moved_and_resigned_after() {
    let dir = std::env::temp_dir().join(format!("humpty-abort-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = DbPath::File(dir.join("games.sqlite3"));
    let s = roomy_server(db.clone());
    let timed = json!({"human": "black", "level": {"nodes": 2000},
        "clock": {"base_s": 60, "inc_s": 1}});
    // The engine has moved, the person has not: still abortable.
    let g = new_game(s.addr(), timed.clone());
    let id = g["id"].as_str().unwrap().to_string();
    let v = wait_for_plies(&s, &id, 1);
    assert_eq!(v["abortable"], true, "{v}");
    let (status, v) = act(s.addr(), &id, "abort", json!({}));
    assert_eq!(status, 200, "{v}");
    assert_aborted(&v);
    assert_eq!(v["clock"]["running"], Value::Null, "the clock stops");
    let m = state(s.addr(), &id)["plies"].clone();
    assert_eq!(m, 1);
    let (status, e) = act(s.addr(), &id, "move", json!({"move": "e7e6"}));
    assert_eq!(status, 409, "{e}");
    assert!(e["error"].as_str().unwrap().contains("Game aborted"), "{e}");
    assert_eq!(act(s.addr(), &id, "engine-move", json!({})).0, 409);
    assert_eq!(act(s.addr(), &id, "resign", json!({})).0, 409);
    assert_eq!(act(s.addr(), &id, "abort", json!({})).0, 409);
    let (status, pgn) = call(s.addr(), "GET", &format!("/api/games/{id}/pgn"), None);
    assert_eq!(status, 200);
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
    // Both sides have moved: only a resignation ends the game now.
    let g = new_game(
        s.addr(),
        json!({"human": "white", "level": {"nodes": 2000}}),
    );
    let id2 = g["id"].as_str().unwrap().to_string();
    assert_eq!(g["abortable"], true);
    let first = g["legal"][0]["uci"].clone();
    assert_eq!(act(s.addr(), &id2, "move", json!({ "move": first })).0, 200);
    let v = wait_for_plies(&s, &id2, 2);
    assert_eq!(v["abortable"], false, "{v}");
    let (status, e) = act(s.addr(), &id2, "abort", json!({}));
    assert_eq!(status, 409, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("only resigned"),
        "{e}"
    );
    let (_, v) = act(s.addr(), &id2, "resign", json!({}));
    assert_eq!(v["status"]["result"], "0-1");
    // An analysis board has no game to abort.
    let board = new_game(s.addr(), json!({"human": "both"}));
    let (status, e) = act(s.addr(), board["id"].as_str().unwrap(), "abort", json!({}));
    assert_eq!(status, 409, "{e}");
    // The abort is kept: a server started again on the file says so, and
    // does not resume the game's clock.
    drop(s);
    let s = roomy_server(db);
    let v = state(s.addr(), &id);
    assert_aborted(&v);
    assert_eq!(v["clock"]["running"], Value::Null);
    let (status, list) = call(s.addr(), "GET", &format!("/api/games?ids={id}"), None);
    assert_eq!(status, 200, "{list}");
    let list: Value = serde_json::from_str(&list).unwrap();
    assert_eq!(list["games"][0]["result"], "aborted", "{list}");
    drop(s);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn either_friend_aborts_before_both_have_moved() {
    let s = roomy_server(DbPath::Memory);
    let g = new_game(s.addr(), json!({"friend": true, "human": "white"}));
    let id = g["id"].as_str().unwrap().to_string();
    let white = g["seats"]["white"].as_str().unwrap().to_string();
    let black = g["seats"]["black"].as_str().unwrap().to_string();
    let first = g["legal"][0]["uci"].clone();
    let (status, v) = act(s.addr(), &id, "move", json!({"seat": white, "move": first}));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["abortable"], true, "{v}");
    // A watcher (no key, or a wrong one) cannot abort the players' game.
    assert_eq!(act(s.addr(), &id, "abort", json!({})).0, 403);
    assert_eq!(
        act(s.addr(), &id, "abort", json!({"seat": "x".repeat(32)})).0,
        403
    );
    let (status, v) = act(s.addr(), &id, "abort", json!({ "seat": black }));
    assert_eq!(status, 200, "{v}");
    assert_aborted(&v);
}
