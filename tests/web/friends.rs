//! Play a friend (issue 19, section 5): two seat links and a watch link;
//! only a seat's key moves its side; both boards and every watcher see
//! each move; draw offers, resignation and a rematch with colours swapped.

use crate::common;

use common::http::{act, call, new_game, Events};
use humpty::web::{RateLimit, ServeConfig, Server};
use serde_json::{json, Value};
use std::time::Duration;

fn server() -> Server {
    Server::start(&ServeConfig {
        port: 0,
        max_searches: 1,
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

/// A friend game: (id, White's key, Black's key).
fn friend_game(s: &Server, body: Value) -> (String, String, String, Value) {
    let g = new_game(s.addr(), body);
    let id = g["id"].as_str().unwrap().to_string();
    let white = g["seats"]["white"].as_str().unwrap().to_string();
    let black = g["seats"]["black"].as_str().unwrap().to_string();
    assert_ne!(white, black);
    assert_eq!(white.len(), 32, "128 bits");
    (id, white, black, g)
}

#[test]
fn two_seats_and_a_watcher_play_and_only_a_seat_moves_its_side() {
    let s = server();
    let (id, white, black, g) = friend_game(
        &s,
        json!({"friend": true, "human": "black", "clock": {"base_s": 300, "inc_s": 2}}),
    );
    assert_eq!(g["human"], "friends");
    assert_eq!(g["seats"]["yours"], "black");
    let links = &g["seats"]["links"];
    assert_eq!(links["you"], format!("/g/{id}#seat={black}"));
    assert_eq!(links["friend"], format!("/g/{id}#seat={white}"));
    assert_eq!(links["watch"], format!("/g/{id}"));
    let mut white_page = Events::open(s.addr(), &id);
    let mut black_page = Events::open(s.addr(), &id);
    let mut watcher = Events::open(s.addr(), &id);
    let m = g["legal"][0]["uci"].as_str().unwrap();
    // No key, a wrong key, or Black's key on White's turn: refused.
    assert_eq!(act(s.addr(), &id, "move", json!({ "move": m })).0, 403);
    assert_eq!(
        act(s.addr(), &id, "move", json!({"move": m, "seat": "00"})).0,
        403
    );
    assert_eq!(
        act(s.addr(), &id, "move", json!({"move": m, "seat": black})).0,
        409
    );
    // Nor may anyone take back, set a position or call the engine.
    for action in ["undo", "position", "engine-move", "settings", "pgn"] {
        let (status, e) = act(
            s.addr(),
            &id,
            action,
            json!({"seat": white, "fen": "k11/12/12/12/12/12/12/5fK5 w - - 0 1"}),
        );
        assert_eq!(status, 409, "{action}: {e}");
    }
    let (status, v) = act(s.addr(), &id, "move", json!({"move": m, "seat": white}));
    assert_eq!(status, 200, "{v}");
    for page in [&mut white_page, &mut black_page, &mut watcher] {
        let v = page.state_until(QUICK, |v| plies(v) == 1);
        assert_eq!(v["clock"]["running"], "black");
        assert_eq!(v["waiting"], "human", "no engine in this game");
    }
    let reply = v["legal"][0]["uci"].as_str().unwrap();
    assert_eq!(
        act(s.addr(), &id, "move", json!({"move": reply, "seat": black})).0,
        200
    );
    watcher.state_until(QUICK, |v| plies(v) == 2);
    let (status, seat) = act(s.addr(), &id, "seat", json!({ "seat": black }));
    assert_eq!((status, seat["color"].as_str()), (200, Some("black")));
}

#[test]
fn draw_offers_resignation_and_a_rematch_with_colours_swapped() {
    let s = server();
    let (id, white, black, _) = friend_game(&s, json!({"friend": true}));
    // Black offers, White declines; White offers, Black accepts.
    let (_, v) = act(
        s.addr(),
        &id,
        "draw",
        json!({"seat": black, "action": "offer"}),
    );
    assert_eq!(v["draw_offer"], "black");
    assert_eq!(
        act(
            s.addr(),
            &id,
            "draw",
            json!({"seat": black, "action": "accept"})
        )
        .0,
        409
    );
    let (_, v) = act(
        s.addr(),
        &id,
        "draw",
        json!({"seat": white, "action": "decline"}),
    );
    assert_eq!(v["draw_offer"], Value::Null);
    act(
        s.addr(),
        &id,
        "draw",
        json!({"seat": white, "action": "offer"}),
    );
    let (status, v) = act(
        s.addr(),
        &id,
        "draw",
        json!({"seat": black, "action": "accept"}),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"]["result"], "1/2-1/2");
    assert_eq!(v["result"]["reason"], "agreement");
    // A rematch: both ask; the new game swaps the colours and the keys.
    let (_, v) = act(s.addr(), &id, "rematch", json!({ "seat": white }));
    assert_eq!(v["rematch"]["offered_by"], "white");
    let (_, v) = act(s.addr(), &id, "rematch", json!({ "seat": black }));
    let new_id = v["rematch"]["id"]
        .as_str()
        .expect("the rematch's id")
        .to_string();
    let (_, seat) = act(s.addr(), &new_id, "seat", json!({ "seat": black }));
    assert_eq!(seat["color"], "white", "the old Black plays White");
    // Resignation in the rematch, by the old White (now Black).
    let (status, v) = act(s.addr(), &new_id, "resign", json!({ "seat": white }));
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["result"]["result"], "1-0");
    let (status, pgn) = call(s.addr(), "GET", &format!("/api/games/{new_id}/pgn"), None);
    assert_eq!(status, 200);
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
}
