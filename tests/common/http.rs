//! A small HTTP/1.1 client for the web server's tests: JSON calls and a
//! reader of a game's event stream. Timeouts only guard against a hang.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// One request (`Connection: close`); returns the status and the body.
pub fn call(addr: SocketAddr, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let body = body.unwrap_or("");
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").map_or("", |x| x.1).to_string();
    (status, body)
}

/// A JSON request and its JSON answer.
pub fn json_call(addr: SocketAddr, method: &str, path: &str, body: Value) -> (u16, Value) {
    let (status, text) = call(addr, method, path, Some(&body.to_string()));
    let v = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (status, v)
}

/// An action on a game: `POST /api/games/{id}/{action}`.
pub fn act(addr: SocketAddr, id: &str, action: &str, body: Value) -> (u16, Value) {
    json_call(addr, "POST", &format!("/api/games/{id}/{action}"), body)
}

/// A new game; returns its state.
pub fn new_game(addr: SocketAddr, body: Value) -> Value {
    let (status, v) = json_call(addr, "POST", "/api/games", body);
    assert_eq!(status, 201, "{v}");
    v
}

/// A game's state.
pub fn state(addr: SocketAddr, id: &str) -> Value {
    let (status, v) = json_call(
        addr,
        "GET",
        &format!("/api/games/{id}"),
        serde_json::json!({}),
    );
    assert_eq!(status, 200, "{v}");
    v
}

/// A page listening to a game's event stream.
pub struct Events {
    reader: BufReader<TcpStream>,
    /// The whole state so far: the first state event, with every delta
    /// after it applied, as a page does.
    whole: Option<Value>,
}

impl Events {
    /// Open `GET /api/games/{id}/events`.
    pub fn open(addr: SocketAddr, id: &str) -> Events {
        Events::open_path(addr, &format!("/api/games/{id}/events"))
    }

    /// Open any event stream.
    pub fn open_path(addr: SocketAddr, path: &str) -> Events {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(s, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
        let mut reader = BufReader::new(s);
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        assert!(line.contains(" 200 "), "{line}");
        Events {
            reader,
            whole: None,
        }
    }

    /// The next event: (kind, data).
    pub fn next(&mut self) -> (String, Value) {
        let (mut kind, mut data) = (String::new(), String::new());
        loop {
            let mut line = String::new();
            let n = self.reader.read_line(&mut line).expect("event stream read");
            assert!(n > 0, "the event stream ended");
            // Chunked framing: size lines are hex digits alone; skip them.
            let line = line.trim_end();
            if let Some(k) = line.strip_prefix("event: ") {
                kind = k.to_string();
            } else if let Some(d) = line.strip_prefix("data: ") {
                data = d.to_string();
            } else if line.is_empty() && !kind.is_empty() {
                let v = serde_json::from_str(&data).unwrap();
                return if kind == "state" {
                    (kind, self.merge(v))
                } else {
                    (kind, v)
                };
            }
        }
    }

    /// A state event as the whole state: a delta (`line`) must be the next
    /// version of the last state and replace its moves from a ply it has.
    fn merge(&mut self, mut v: Value) -> Value {
        if v.get("moves").is_none() {
            let whole = self.whole.as_ref().expect("a whole state first");
            assert_eq!(v["version"], whole["version"].as_u64().unwrap() + 1, "{v}");
            let from = v["line"]["from"].as_u64().unwrap() as usize;
            let mut moves = whole["moves"].as_array().unwrap().clone();
            assert!(from <= moves.len(), "{v}");
            moves.truncate(from);
            moves.extend(v["line"]["moves"].as_array().unwrap().iter().cloned());
            v["moves"] = Value::Array(moves);
        }
        assert_eq!(
            v["moves"].as_array().unwrap().len() as u64,
            v["plies"],
            "{v}"
        );
        self.whole = Some(v.clone());
        v
    }

    /// The first state event that passes `test`, within `limit`.
    pub fn state_until(&mut self, limit: Duration, test: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        while start.elapsed() < limit {
            let (kind, v) = self.next();
            if kind == "state" && test(&v) {
                return v;
            }
        }
        panic!("no such state within {limit:?}");
    }
}

/// A line of `plies` legal moves from the start that does not end the
/// game (and 40 more), from a small deterministic generator.
pub fn quiet_line(plies: usize, mut seed: u64) -> Vec<String> {
    'again: loop {
        let mut pos = humpty::Position::startpos();
        let mut out = Vec::new();
        while out.len() < plies + 40 {
            let legal = pos.legal_moves();
            if legal.is_empty() || pos.outcome().is_some() {
                seed += 1;
                continue 'again;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let m = legal[(seed >> 33) as usize % legal.len()];
            out.push(m.to_string());
            pos.make_move(m);
        }
        return out;
    }
}

/// An analysis board with the first `plies` moves of `moves`, imported.
pub fn board_at(addr: SocketAddr, moves: &[String], plies: usize) -> String {
    let g = new_game(addr, serde_json::json!({"human": "both"}));
    let id = g["id"].as_str().unwrap().to_string();
    let pgn = moves[..plies].join(" ");
    let (status, v) = act(addr, &id, "pgn", serde_json::json!({ "pgn": pgn }));
    assert_eq!(
        (status, v["plies"].as_u64()),
        (200, Some(plies as u64)),
        "{v}"
    );
    id
}

/// A server on an ephemeral port keeping its games in `db`, whose rate
/// limits let one test play as many clients from one address.
pub fn roomy_server(db: humpty::web::store::db::DbPath) -> humpty::web::Server {
    humpty::web::Server::start(&humpty::web::ServeConfig {
        port: 0,
        db,
        rate_limit: humpty::web::RateLimit {
            burst: 100_000,
            per_minute: 100_000,
        },
        ..humpty::web::ServeConfig::default()
    })
    .expect("server starts")
}
