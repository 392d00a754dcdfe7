//! An analysis board's variations (issue 45, item 2): a move from an
//! earlier position starts a variation and the main line stays; the board
//! shows any move of them and steps along one; a variation is promoted,
//! made the main line and deleted; the PGN keeps them both ways. A game
//! against the engine has none.

use crate::common;

use common::http::{act, call, new_game, roomy_server, state};
use humpty::web::store::db::DbPath;
use humpty::web::Server;
use serde_json::{json, Value};

fn ok(s: &Server, id: &str, action: &str, body: Value) -> Value {
    let (status, v) = act(s.addr(), id, action, body);
    assert_eq!(status, 200, "{action}: {v}");
    v
}

/// The main line's SANs, from the whole state (answers are deltas).
fn sans(s: &Server, id: &str) -> Vec<String> {
    state(s.addr(), id)["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap().to_string())
        .collect()
}

/// The SANs of a line of `variations`.
fn line(l: &Value) -> Vec<&str> {
    l.as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect()
}

#[test]
fn a_move_from_an_earlier_position_starts_a_variation() {
    let s = roomy_server(DbPath::Memory);
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap().to_string();
    ok(&s, &id, "pgn", json!({"pgn": "1. Nd2 Nd7 2. Ni2 Ni7"}));
    ok(&s, &id, "goto", json!({"ply": 2}));
    let v = ok(&s, &id, "move", json!({"move": "c4"}));
    assert_eq!(
        sans(&s, &id),
        ["Nd2", "Nd7", "Ni2", "Ni7"],
        "the main line stays"
    );
    assert_eq!(line(&v["variations"]["3"][0]), ["c4"]);
    let c4 = v["variation"]["node"].as_u64().unwrap();
    assert_eq!(v["variation"]["back"], json!({"ply": 2}));
    assert_eq!(v["status"]["text"], "Black to move");
    assert_eq!(v["last_move"]["to"], v["variation"]["to"]);
    let v = ok(&s, &id, "move", json!({"move": "c5"}));
    assert_eq!(line(&v["variations"]["3"][0]), ["c4", "c5"]);
    // The main line's own next move is followed, not copied.
    ok(&s, &id, "goto", json!({"ply": 0}));
    let v = ok(&s, &id, "move", json!({"move": "Nd2"}));
    assert_eq!(
        (v["ply"].clone(), v["variation"].clone()),
        (json!(1), Value::Null)
    );
    // A variation of the variation, then stepping through it.
    let v = ok(&s, &id, "goto", json!({"node": c4}));
    assert!(v["variation"]["forward"]["node"].as_u64().is_some(), "{v}");
    let v = ok(&s, &id, "move", json!({"move": "Ni7"}));
    let lines = &v["variations"]["3"][0];
    assert_eq!(line(lines), ["c4", "c5"]);
    assert_eq!(line(&lines[1]["lines"][0]), ["Ni7"]);
    // Take back in a variation: its last move goes.
    let v = ok(&s, &id, "undo", json!({}));
    // Ids change when a move is deleted: the one shown is c4 still.
    assert_eq!(v["variation"]["node"], v["variations"]["3"][0][0]["node"]);
    assert!(v["variations"]["3"][0][1].get("lines").is_none(), "{v}");
    // The PGN keeps them, and reads back with them.
    let (_, pgn) = call(s.addr(), "GET", &format!("/api/games/{id}/pgn"), None);
    assert!(pgn.contains("2. Ni2 (2. c4 c5) 2... Ni7 *"), "{pgn}");
    let g2 = new_game(s.addr(), json!({"human": "both"}));
    let id2 = g2["id"].as_str().unwrap();
    let v = ok(&s, id2, "pgn", json!({ "pgn": pgn }));
    assert_eq!(sans(&s, id2), ["Nd2", "Nd7", "Ni2", "Ni7"]);
    assert_eq!(line(&v["variations"]["3"][0]), ["c4", "c5"]);
}

#[test]
fn variations_are_promoted_made_the_main_line_and_deleted() {
    let s = roomy_server(DbPath::Memory);
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap().to_string();
    let pgn = "1. Nd2 Nd7 (1... Cc7 2. c4 (2. Ni2)) 2. Ni2 *";
    let v = ok(&s, &id, "pgn", json!({ "pgn": pgn }));
    let cc7 = &v["variations"]["2"][0];
    assert_eq!(line(cc7), ["Cc7", "c4"]);
    let ni2 = cc7[1]["lines"][0][0]["node"].clone();
    // Promote 2. Ni2 one level: it becomes the main move of 1... Cc7's line.
    let v = ok(
        &s,
        &id,
        "variation",
        json!({"node": ni2, "action": "promote"}),
    );
    assert_eq!(line(&v["variations"]["2"][0]), ["Cc7", "Ni2"]);
    assert_eq!(sans(&s, &id), ["Nd2", "Nd7", "Ni2"], "the main line stays");
    // Make it the main line: the game's moves follow.
    let v = ok(
        &s,
        &id,
        "variation",
        json!({"node": ni2, "action": "main-line"}),
    );
    assert_eq!(sans(&s, &id), ["Nd2", "Cc7", "Ni2"]);
    assert_eq!(line(&v["variations"]["2"][0]), ["Nd7", "Ni2"]);
    assert_eq!(v["ply"], 3, "the move shown is on the main line now");
    // Delete the old main line: no variation is left.
    let old = v["variations"]["2"][0][0]["node"].clone();
    let v = ok(
        &s,
        &id,
        "variation",
        json!({"node": old, "action": "delete"}),
    );
    assert_eq!(line(&v["variations"]["3"][0]), ["c4"]);
    assert!(v["variations"].get("2").is_none(), "{v}");
    assert_eq!(sans(&s, &id), ["Nd2", "Cc7", "Ni2"]);
    // Deleting the last variation leaves none.
    let c4 = v["variations"]["3"][0][0]["node"].clone();
    let v = ok(
        &s,
        &id,
        "variation",
        json!({"node": c4, "action": "delete"}),
    );
    assert_eq!(v["variations"], Value::Null);
    // Bad requests change nothing.
    let (status, e) = act(
        s.addr(),
        &id,
        "variation",
        json!({"node": 99, "action": "delete"}),
    );
    assert_eq!(status, 409, "{e}");
    ok(&s, &id, "goto", json!({"ply": 1}));
    ok(&s, &id, "move", json!({"move": "Nd7"}));
    let (status, e) = act(
        s.addr(),
        &id,
        "variation",
        json!({"node": 99, "action": "delete"}),
    );
    assert_eq!(status, 400, "{e}");
    let (status, e) = act(
        s.addr(),
        &id,
        "variation",
        json!({"node": 1, "action": "sideways"}),
    );
    assert_eq!(status, 400, "{e}");
    let (status, e) = act(s.addr(), &id, "goto", json!({"node": 0}));
    assert_eq!(status, 400, "{e}");
}

#[test]
fn a_game_against_the_engine_has_no_variations() {
    let s = roomy_server(DbPath::Memory);
    let g = new_game(s.addr(), json!({"human": "white", "level": {"nodes": 500}}));
    let id = g["id"].as_str().unwrap().to_string();
    let v = ok(&s, &id, "move", json!({"move": "Nd2"}));
    assert_eq!(v["variations"], Value::Null);
    let (status, e) = act(
        s.addr(),
        &id,
        "variation",
        json!({"node": 1, "action": "delete"}),
    );
    assert_eq!(status, 409, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("analysis board"),
        "{e}"
    );
}
