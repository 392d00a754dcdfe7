//! What a new user hit on the web board (issue 32), through the API: a
//! finished game keeps its result, "Engine move" always moves, the clock
//! starts with the first move, empty games are not listed, and a newcomer
//! meets a level a beginner can beat, listed in groups.

use crate::common;

use common::http::{act, json_call, new_game, state, Events};
use humpty::web::{RateLimit, ServeConfig, Server};
use serde_json::{json, Value};
use std::time::Duration;

fn server() -> Server {
    Server::start(&ServeConfig {
        port: 0,
        max_searches: 2,
        rate_limit: RateLimit {
            burst: 100_000,
            per_minute: 100_000,
        },
        ..ServeConfig::default()
    })
    .expect("server starts")
}

const QUICK: Duration = Duration::from_secs(30);

/// The length of the line, from a whole state or a delta.
fn plies(v: &Value) -> usize {
    v["plies"].as_u64().unwrap() as usize
}

/// A game against the engine with one move each, then `end` done to it.
fn finished(s: &Server, clock: Value) -> (String, Value) {
    let g = new_game(s.addr(), json!({"level": {"nodes": 300}, "clock": clock}));
    let id = g["id"].as_str().unwrap().to_string();
    let mut page = Events::open(s.addr(), &id);
    let m = g["legal"][0]["uci"].as_str().unwrap();
    assert_eq!(act(s.addr(), &id, "move", json!({ "move": m })).0, 200);
    let v = page.state_until(QUICK, |v| plies(v) == 2);
    (id, v)
}

#[test]
fn a_finished_game_keeps_its_result() {
    let s = server();
    // Lost on time (1 s and no increment: White's clock runs after the
    // engine's reply), and resigned.
    let (timed, _) = finished(&s, json!({"base_s": 1, "inc_s": 0}));
    let mut page = Events::open(s.addr(), &timed);
    page.state_until(QUICK, |v| v["status"]["reason"] == "time");
    let (resigned, _) = finished(&s, Value::Null);
    assert_eq!(act(s.addr(), &resigned, "resign", json!({})).0, 200);
    for id in [&timed, &resigned] {
        let before = state(s.addr(), id);
        assert_eq!(before["status"]["over"], true);
        assert_eq!(act(s.addr(), id, "goto", json!({"ply": 1})).0, 200);
        let earlier = state(s.addr(), id)["legal"][0]["uci"].clone();
        let fen = json!({"fen": "k11/12/12/12/12/12/12/5fK5 w - - 0 1"});
        let pgn = json!({"pgn": "1. Fc4 Bd7"});
        for (action, body) in [
            ("undo", json!({})),
            ("move", json!({ "move": earlier })),
            ("position", fen),
            ("pgn", pgn),
        ] {
            let (status, e) = act(s.addr(), id, action, body);
            assert_eq!(status, 409, "{action}: {e}");
            assert!(e["error"].as_str().unwrap().contains("game is over"), "{e}");
        }
        let after = state(s.addr(), id);
        assert_eq!(after["moves"], before["moves"], "the moves stay");
        assert_eq!(after["result"], before["result"], "the result stays");
        assert_eq!(after["clock"]["running"], Value::Null);
    }
    // An analysis board has no result to keep: a mate is taken back.
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap();
    let mate = "k11/12/12/12/12/12/2R9/1R8K1 w - - 0 1";
    assert_eq!(act(s.addr(), id, "position", json!({ "fen": mate })).0, 200);
    let (status, v) = act(s.addr(), id, "move", json!({"move": "c2a2"}));
    assert_eq!(
        (status, v["status"]["reason"].as_str()),
        (200, Some("checkmate")),
        "{v}"
    );
    let (status, v) = act(s.addr(), id, "undo", json!({}));
    assert_eq!((status, plies(&v)), (200, 0), "{v}");
}

#[test]
fn engine_move_after_the_reply_hands_over_the_side() {
    let s = server();
    let (id, replied) = finished(&s, Value::Null);
    assert_eq!(replied["waiting"], "human");
    // A script's call answers the reply that ends the line (unchanged) ...
    let (status, v) = act(s.addr(), &id, "engine-move", json!({}));
    assert_eq!(
        (status, plies(&v), v["human"].as_str()),
        (200, 2, Some("white"))
    );
    // ... the page's button always moves: the engine takes White's side.
    let (status, v) = act(s.addr(), &id, "engine-move", json!({"now": true}));
    assert_eq!(status, 200, "{v}");
    assert_eq!((plies(&v), v["human"].as_str()), (3, Some("black")));
    assert_eq!(v["engine"]["uci"], v["moves"][2]["uci"]);
}

#[test]
fn the_clock_starts_with_the_first_move() {
    let s = server();
    let clock = json!({"base_s": 180, "inc_s": 2});
    let g = new_game(s.addr(), json!({"level": {"nodes": 300}, "clock": clock}));
    let id = g["id"].as_str().unwrap();
    assert_eq!(g["clock"]["running"], Value::Null, "{}", g["clock"]);
    std::thread::sleep(Duration::from_millis(1200));
    let v = state(s.addr(), id);
    assert_eq!(v["clock"]["white_ms"], 180_000, "nothing charged yet");
    let m = v["legal"][0]["uci"].as_str().unwrap();
    let (status, v) = act(s.addr(), id, "move", json!({ "move": m }));
    assert_eq!(status, 200);
    // The first move costs nothing and earns the increment.
    assert_eq!(v["clock"]["white_ms"], 182_000, "{}", v["clock"]);
    assert_eq!(v["clock"]["running"], "black");
    // Playing Black, the engine's first move starts the clocks too.
    let g = new_game(
        s.addr(),
        json!({"human": "black", "level": {"nodes": 300}, "clock": clock}),
    );
    let mut page = Events::open(s.addr(), g["id"].as_str().unwrap());
    let v = page.state_until(QUICK, |v| plies(v) == 1);
    assert_eq!(v["clock"]["white_ms"], 182_000);
    assert_eq!(v["clock"]["running"], "black");
}

#[test]
fn empty_games_are_not_listed() {
    let s = server();
    let empty = new_game(s.addr(), json!({"human": "both"}));
    let played = new_game(s.addr(), json!({"human": "both"}));
    let (e, p) = (
        empty["id"].as_str().unwrap(),
        played["id"].as_str().unwrap(),
    );
    let m = played["legal"][0]["uci"].as_str().unwrap();
    assert_eq!(act(s.addr(), p, "move", json!({ "move": m })).0, 200);
    let (status, v) = json_call(
        s.addr(),
        "GET",
        &format!("/api/games?ids={e},{p}"),
        json!({}),
    );
    assert_eq!(status, 200);
    let listed: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(listed, [p]);
}

#[test]
fn a_newcomer_meets_a_beatable_level_in_groups() {
    let s = server();
    let (_, v) = json_call(s.addr(), "GET", "/api/levels", json!({}));
    assert_eq!(v["default"]["skill"], -6, "{}", v["default"]);
    assert_eq!(v["groups"], json!(["beginner", "club", "strong", "full"]));
    let levels = v["levels"].as_array().unwrap();
    let default = levels.iter().find(|l| l["level"] == v["default"]).unwrap();
    assert_eq!(default["group"], "beginner");
    for l in levels {
        let label = l["label"].as_str().unwrap();
        assert!(!label.contains("--"), "{label}");
        let skill = &l["level"]["skill"];
        if skill.is_i64() {
            assert!(
                label.ends_with(" Elo"),
                "each skill level has its Elo: {label}"
            );
        }
    }
    // The groups run weakest first, in the list's order.
    let groups: Vec<&str> = levels
        .iter()
        .map(|l| l["group"].as_str().unwrap())
        .collect();
    let mut seen = groups.clone();
    seen.dedup();
    assert_eq!(seen, ["beginner", "club", "strong", "full"]);
    // A game with no level asked for gets it.
    let g = new_game(s.addr(), json!({}));
    assert_eq!(g["level"], v["default"]);
}
