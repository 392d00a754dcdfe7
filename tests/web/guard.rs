//! The web server is safe on any network (issue 19, section 6): foreign
//! Host and Origin refused, JSON only, slow and huge requests bounded,
//! no Nagle stall, HTTP versions it does not speak answered 505, a rate
//! limit, security headers and unguessable ids.

use humpty::web::{RateLimit, ServeConfig, Server};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

fn server(limit: RateLimit) -> Server {
    Server::start(&ServeConfig {
        port: 0,
        max_searches: 1,
        rate_limit: limit,
        ..ServeConfig::default()
    })
    .expect("server starts")
}

fn generous() -> RateLimit {
    RateLimit {
        burst: 10_000,
        per_minute: 10_000,
    }
}

/// Send raw bytes, read the whole answer (the request says close).
fn raw(addr: SocketAddr, request: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let _ = s.write_all(request);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// A request with these extra header lines and body.
fn request(addr: SocketAddr, method: &str, path: &str, headers: &str, body: &str) -> String {
    raw(
        addr,
        format!(
            "{method} {path} HTTP/1.1\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
}

fn status(answer: &str) -> u16 {
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

const JSON: &str = "Content-Type: application/json\r\n";

#[test]
fn foreign_hosts_and_origins_and_other_content_types_are_refused() {
    let s = server(generous());
    let a = s.addr();
    let local = format!("Host: 127.0.0.1:{}\r\n", a.port());
    // A DNS-rebinding page reaches us under its own name.
    let page = request(a, "GET", "/", "Host: evil.example:8080\r\n", "");
    assert_eq!(status(&page), 421, "{page}");
    let page = request(
        a,
        "GET",
        "/",
        &format!("Host: localhost:{}\r\n", a.port()),
        "",
    );
    assert_eq!(status(&page), 200);
    // Changes from another origin, or as text/plain, or without Origin and JSON.
    let cases = [
        (
            format!("{local}Origin: http://evil.example\r\n{JSON}"),
            "{}",
            403,
        ),
        (format!("{local}Origin: null\r\n{JSON}"), "{}", 403),
        (
            format!(
                "{local}Origin: http://127.0.0.1:{}\r\nContent-Type: text/plain\r\n",
                a.port()
            ),
            "{}",
            415,
        ),
        (format!("{local}Content-Type: text/plain\r\n"), "{}", 403),
        (local.clone(), "{}", 403),
        (
            format!("{local}Origin: http://127.0.0.1:{}\r\n{JSON}", a.port()),
            "{}",
            201,
        ),
        // Another service on this machine is another origin (its port), and
        // so is the same server under another name.
        (
            format!("{local}Origin: http://127.0.0.1:{}\r\n{JSON}", a.port() ^ 1),
            "{}",
            403,
        ),
        (
            format!("{local}Origin: http://localhost:{}\r\n{JSON}", a.port()),
            "{}",
            403,
        ),
        (format!("{local}{JSON}"), "{}", 201),
    ];
    for (headers, body, want) in cases {
        let answer = request(a, "POST", "/api/games", &headers, body);
        assert_eq!(status(&answer), want, "{headers}: {answer}");
    }
}

#[test]
fn answers_carry_security_headers_and_ids_are_unguessable() {
    let s = server(generous());
    let a = s.addr();
    let page = request(a, "GET", "/", "Host: localhost\r\n", "").to_ascii_lowercase();
    for h in [
        // Scripts from this origin only; WebAssembly may be compiled (the
        // rules and the engine in the page), nothing else may be evaluated.
        "content-security-policy: default-src 'self'; script-src 'self' 'wasm-unsafe-eval';",
        "frame-ancestors 'none'",
        "x-content-type-options: nosniff",
        "referrer-policy: no-referrer",
    ] {
        assert!(page.contains(h), "{h} missing");
    }
    let made = request(
        a,
        "POST",
        "/api/games",
        &format!("Host: localhost\r\n{JSON}"),
        "{}",
    );
    let body = made.split("\r\n\r\n").nth(1).unwrap();
    let v: serde_json::Value = serde_json::from_str(body).unwrap();
    let id = v["id"].as_str().unwrap();
    assert!(
        id.len() >= 32 && id.bytes().all(|b| b.is_ascii_hexdigit()),
        "{id}"
    );
}

#[test]
fn slow_clients_hold_no_one_up_and_huge_or_odd_requests_are_refused() {
    let s = server(generous());
    let a = s.addr();
    // 50 connections announce a body and send one byte of it.
    let slow: Vec<TcpStream> = (0..50)
        .map(|_| {
            let mut c = TcpStream::connect(a).unwrap();
            let _ = c.write_all(
                b"POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
            );
            c
        })
        .collect();
    let start = Instant::now();
    let page = request(a, "GET", "/api/levels", "Host: localhost\r\n", "");
    let took = start.elapsed();
    assert_eq!(status(&page), 200);
    eprintln!("answered in {took:?} with 50 slow bodies open");
    assert!(took < Duration::from_secs(1), "{took:?}");
    drop(slow);
    // A 1 MB header.
    let big = format!("X-Big: {}\r\n", "a".repeat(1 << 20));
    let answer = request(a, "GET", "/", &format!("Host: localhost\r\n{big}"), "");
    assert!(
        status(&answer) == 431 || answer.is_empty(),
        "{}",
        &answer[..answer.len().min(200)]
    );
    // A URL past the cap, and a request line in HTTP/2.0.
    let long = format!("/api/{}", "x".repeat(5000));
    assert_eq!(
        status(&request(a, "GET", &long, "Host: localhost\r\n", "")),
        414
    );
    let v2 = raw(a, b"GET / HTTP/2.0\r\nHost: localhost\r\n\r\n");
    assert_eq!(status(&v2), 505, "{v2}");
    // The server still answers.
    assert_eq!(
        status(&request(a, "GET", "/", "Host: localhost\r\n", "")),
        200
    );
}

#[test]
fn kept_alive_connections_answer_without_a_nagle_stall() {
    let s = server(generous());
    let mut c = TcpStream::connect(s.addr()).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut buf = vec![0u8; 1 << 20];
    let start = Instant::now();
    let rounds = 40;
    for _ in 0..rounds {
        // The page is several KB: with Nagle's algorithm on, each answer's
        // tail would wait for the client's delayed ACK (about 40 ms).
        c.write_all(b"GET /app.js HTTP/1.1\r\nHost: localhost\r\n\r\n")
            .unwrap();
        let mut got = Vec::new();
        loop {
            let n = c.read(&mut buf).unwrap();
            assert!(n > 0, "the connection closed");
            got.extend_from_slice(&buf[..n]);
            let text = String::from_utf8_lossy(&got);
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let len: usize = head
                    .lines()
                    .find_map(|l| {
                        l.to_ascii_lowercase()
                            .strip_prefix("content-length:")
                            .map(|v| v.trim().parse().unwrap())
                    })
                    .unwrap();
                if body.len() >= len {
                    break;
                }
            }
        }
    }
    let took = start.elapsed();
    eprintln!("{rounds} kept-alive answers in {took:?}");
    assert!(took < Duration::from_millis(40 * rounds / 2), "{took:?}");
}

#[test]
fn new_games_and_searches_are_rate_limited() {
    let s = server(RateLimit {
        burst: 5,
        per_minute: 6,
    });
    let a = s.addr();
    let headers = format!("Host: localhost\r\n{JSON}");
    for _ in 0..5 {
        assert_eq!(
            status(&request(a, "POST", "/api/games", &headers, "{}")),
            201
        );
    }
    let refused = request(a, "POST", "/api/games", &headers, "{}");
    assert_eq!(status(&refused), 429, "{refused}");
    let retry = refused
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("retry-after:")
                .map(|v| v.trim().to_string())
        })
        .expect("Retry-After");
    assert!(retry.parse::<u32>().unwrap() >= 1);
    // Reading is not limited.
    assert_eq!(
        status(&request(a, "GET", "/api/levels", "Host: localhost\r\n", "")),
        200
    );
}

#[test]
fn loose_inputs_are_refused() {
    let s = server(generous());
    let a = s.addr();
    let local = format!("Host: 127.0.0.1:{}\r\n", a.port());
    // The Content-Type is JSON exactly (parameters allowed), not a prefix.
    for (content_type, want) in [
        ("application/jsonx", 403),
        ("application/json-patch+json", 403),
        ("application/json; charset=utf-8", 201),
        ("Application/JSON", 201),
    ] {
        let headers = format!("{local}Content-Type: {content_type}\r\n");
        let answer = request(a, "POST", "/api/games", &headers, "{}");
        assert_eq!(status(&answer), want, "{content_type}: {answer}");
    }
    // `friend` is a boolean: anything else is refused, never an engine game.
    for friend in ["\"yes\"", "1", "null", "{}"] {
        let headers = format!("{local}{JSON}");
        let answer = request(
            a,
            "POST",
            "/api/games",
            &headers,
            &format!("{{\"friend\": {friend}}}"),
        );
        assert_eq!(status(&answer), 400, "{friend}: {answer}");
        assert!(answer.contains("friend: invalid type"), "{answer}");
    }
}

/// The `"key": "value"` of a JSON answer's body.
fn field(answer: &str, path: &[&str]) -> String {
    let body = answer.split("\r\n\r\n").nth(1).unwrap_or("");
    let mut v: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
    for p in path {
        v = v[*p].clone();
    }
    v.as_str().unwrap_or("").to_string()
}

#[test]
fn rematches_imports_and_offers_are_rate_limited_too() {
    let s = server(RateLimit {
        burst: 3,
        per_minute: 1,
    });
    let a = s.addr();
    let headers = format!("Host: localhost\r\n{JSON}");
    let made = request(a, "POST", "/api/games", &headers, "{\"friend\": true}");
    assert_eq!(status(&made), 201, "{made}");
    let id = field(&made, &["id"]);
    let (white, black) = (
        field(&made, &["seats", "white"]),
        field(&made, &["seats", "black"]),
    );
    let path = |action: &str| format!("/api/games/{id}/{action}");
    let seat = |key: &str| format!("{{\"seat\": \"{key}\"}}");
    // Resigning is not limited; a draw offer and a rematch request are.
    let by =
        |action: &str, key: &str| status(&request(a, "POST", &path(action), &headers, &seat(key)));
    assert_eq!(by("resign", &white), 200);
    assert_eq!(by("rematch", &white), 200);
    assert_eq!(by("rematch", &black), 200);
    // The allowance of 3 is spent: the next game-making request waits,
    // whatever route makes it.
    let refused = request(a, "POST", &path("rematch"), &headers, &seat(&white));
    assert_eq!(status(&refused), 429, "{refused}");
    let refused = request(a, "POST", &path("pgn"), &headers, "{\"pgn\": \"1. Nd2\"}");
    assert_eq!(status(&refused), 429, "{refused}");
}

#[test]
fn a_client_at_the_connection_cap_is_told_so() {
    let s = Server::start(&ServeConfig {
        port: 0,
        max_connections_per_client: 2,
        ..ServeConfig::default()
    })
    .unwrap();
    let held: Vec<TcpStream> = (0..2)
        .map(|_| TcpStream::connect(s.addr()).unwrap())
        .collect();
    // Let the server count both before the third arrives.
    std::thread::sleep(Duration::from_millis(200));
    let answer = request(s.addr(), "GET", "/api/levels", "Host: localhost\r\n", "");
    assert_eq!(status(&answer), 429, "{answer}");
    assert!(answer.contains("too many connections"), "{answer}");
    drop(held);
    // The server notices the closed connections soon; then there is room.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let answer = request(s.addr(), "GET", "/api/levels", "Host: localhost\r\n", "");
        if status(&answer) == 200 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "a closed connection frees its place: {answer}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
