//! The web server under load (issue 19, section 8): 50 games against the
//! beginner level (each player taking 2 s a move, as people do), 64
//! analysis streams and 40 slow clients at once, for two minutes. Every engine move must arrive within the level's time plus one
//! second, with no error, and memory and threads must stay flat. It takes
//! minutes, so it is ignored by default:
//!
//! `cargo test --release --test web_load -- --ignored --nocapture`
//! (`HUMPTY_WEB_LOAD_SECS` sets the length; docs/web.md has the numbers).

use crate::common;

use common::http::{act, board_at, json_call, new_game, quiet_line, Events};
use common::process::Served;
use humpty::web::{RateLimit, ServeConfig, Server};
use serde_json::{json, Value};
use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The beginner level (300 nodes) searches for a millisecond or two.
const LEVEL_TIME: Duration = Duration::from_millis(10);

fn proc_status(key: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// One game after another against the beginner level: a random move after `think`,
/// as a person takes a moment, then the engine's reply on the game's event
/// stream. Returns (replies, slowest).
fn player(
    addr: SocketAddr,
    seed: u64,
    think: Duration,
    stop: Arc<AtomicBool>,
) -> (usize, Duration) {
    let mut rng = humpty::rules::random::Rng::new(seed);
    let (mut replies, mut slowest) = (0, Duration::ZERO);
    while !stop.load(Ordering::SeqCst) {
        let g = new_game(addr, json!({"level": {"name": "beginner"}}));
        let id = g["id"].as_str().unwrap().to_string();
        let mut page = Events::open(addr, &id);
        let mut state = g;
        while !stop.load(Ordering::SeqCst) && state["status"]["over"] == false {
            let legal = state["legal"].as_array().unwrap().clone();
            let m = legal[rng.below(legal.len())]["uci"].clone();
            std::thread::sleep(think);
            let (status, v) = act(addr, &id, "move", json!({ "move": m }));
            assert_eq!(status, 200, "{v}");
            if v["waiting"] != "engine" {
                break;
            }
            let asked = Instant::now();
            let ply = v["moves"].as_array().unwrap().len();
            state = page.state_until(Duration::from_secs(60), |s: &Value| {
                s["moves"].as_array().unwrap().len() == ply + 1
            });
            slowest = slowest.max(asked.elapsed());
            replies += 1;
        }
    }
    (replies, slowest)
}

/// An analysis board's stream, read until the end.
fn analyst(addr: SocketAddr, stop: Arc<AtomicBool>) -> usize {
    let g = new_game(addr, json!({"human": "both"}));
    let id = g["id"].as_str().unwrap().to_string();
    let mut stream = Events::open_path(addr, &format!("/api/games/{id}/analysis"));
    let mut events = 0;
    while !stop.load(Ordering::SeqCst) {
        stream.next();
        events += 1;
    }
    events
}

/// A client that sends a request head one byte every few seconds, and
/// comes back when the server drops it.
fn slow_client(addr: SocketAddr, stop: Arc<AtomicBool>) {
    while !stop.load(Ordering::SeqCst) {
        let Ok(mut s) = TcpStream::connect(addr) else {
            continue;
        };
        for b in b"GET /api/levels HTTP/1.1\r\nHost: 127.0.0.1\r\n".iter() {
            if stop.load(Ordering::SeqCst) || s.write_all(&[*b]).is_err() {
                break;
            }
            std::thread::sleep(Duration::from_secs(3));
        }
    }
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
#[ignore = "minutes of load: run by hand (docs/web.md)"]
fn fifty_games_sixty_four_analyses_forty_slow_clients() {
    let secs = env("HUMPTY_WEB_LOAD_SECS", 120);
    let s = Server::start(&ServeConfig {
        port: 0,
        max_streams_per_client: 64,
        max_connections_per_client: 1000,
        max_event_streams_per_client: 1000,
        rate_limit: RateLimit {
            burst: 1_000_000,
            per_minute: 1_000_000,
        },
        ..ServeConfig::default()
    })
    .unwrap();
    let addr = s.addr();
    let stop = Arc::new(AtomicBool::new(false));
    let spawn = |f: Box<dyn FnOnce() -> u64 + Send>| std::thread::spawn(f);
    let slow: Vec<_> = (0..40)
        .map(|_| {
            let stop = Arc::clone(&stop);
            spawn(Box::new(move || {
                slow_client(addr, stop);
                0
            }))
        })
        .collect();
    let analyses = env("HUMPTY_WEB_LOAD_ANALYSES", 64);
    let games = env("HUMPTY_WEB_LOAD_GAMES", 50);
    let think = Duration::from_millis(env("HUMPTY_WEB_LOAD_THINK_MS", 2000));
    let analysts: Vec<_> = (0..analyses)
        .map(|_| {
            let stop = Arc::clone(&stop);
            spawn(Box::new(move || analyst(addr, stop) as u64))
        })
        .collect();
    let players: Vec<_> = (0..games)
        .map(|i| {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || player(addr, i, think, stop))
        })
        .collect();
    std::thread::sleep(Duration::from_secs(10));
    let (rss0, threads0) = (proc_status("VmRSS:"), proc_status("Threads:"));
    std::thread::sleep(Duration::from_secs(secs.saturating_sub(10)));
    let (rss1, threads1) = (proc_status("VmRSS:"), proc_status("Threads:"));
    stop.store(true, Ordering::SeqCst);
    let mut replies = 0;
    let mut slowest = Duration::ZERO;
    for p in players {
        let (n, worst) = p.join().expect("a player failed");
        replies += n;
        slowest = slowest.max(worst);
    }
    let events: u64 = analysts
        .into_iter()
        .map(|a| a.join().expect("an analyst failed"))
        .sum();
    drop(s);
    for c in slow {
        let _ = c.join();
    }
    eprintln!(
        "{secs} s: {replies} engine replies, slowest {:.2} s; {events} analysis events; \
         RSS {} -> {} MiB, threads {threads0} -> {threads1}",
        slowest.as_secs_f64(),
        rss0 / 1024,
        rss1 / 1024
    );
    assert!(replies > 0);
    assert!(
        slowest <= LEVEL_TIME + Duration::from_secs(1),
        "slowest reply {slowest:?}"
    );
    assert!(
        rss1 < rss0 + 100 * 1024,
        "memory grew: {rss0} -> {rss1} KiB"
    );
    assert!(
        threads1 <= threads0 + 8,
        "threads grew: {threads0} -> {threads1}"
    );
}

/// Resident memory of this process, in MiB (Linux).
fn rss_mib() -> f64 {
    proc_status("VmRSS:") as f64 / 1024.0
}

/// A server with rate limits and caps out of the way.
fn unlimited() -> ServeConfig {
    let free = RateLimit {
        burst: 1_000_000,
        per_minute: 1_000_000,
    };
    ServeConfig {
        port: 0,
        max_connections_per_client: 1000,
        max_event_streams_per_client: 1000,
        rate_limit: free,
        step_rate_limit: free,
        ..ServeConfig::default()
    }
}

#[test]
#[ignore = "a measurement: run by hand (docs/reliability.md)"]
fn unread_streams_and_gotos_on_a_long_game_hold_little_memory() {
    let s = Server::start(&unlimited()).unwrap();
    let moves = quiet_line(400, 11);
    let id = board_at(s.addr(), &moves, 400);
    let before = rss_mib();
    // Fifty pages that open the game's events and never read them.
    let streams: Vec<TcpStream> = (0..50)
        .map(|_| {
            let mut t = TcpStream::connect(s.addr()).unwrap();
            write!(
                t,
                "GET /api/games/{id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            )
            .unwrap();
            t
        })
        .collect();
    let mut peak = rss_mib();
    for k in 0..30 {
        let (status, _) = act(s.addr(), &id, "goto", json!({ "ply": (k * 13) % 400 }));
        assert_eq!(status, 200);
        peak = peak.max(rss_mib());
    }
    drop(streams);
    // A closed stream is noticed at its next write (a keepalive at most
    // 15 s later).
    std::thread::sleep(Duration::from_secs(20));
    let after = rss_mib();
    println!(
        "RSS: {before:.1} MiB before, {peak:.1} MiB at most with 50 unread streams and 30 gotos \
         on a 400-ply game, {after:.1} MiB 20 s after the streams closed"
    );
    assert!(peak < 200.0, "{peak} MiB");
    assert!(after < before + 20.0, "{before} -> {after} MiB");
}

/// Seconds from asking for an analysis to its first line.
fn analysis_starts(addr: SocketAddr, id: &str) -> f64 {
    let asked = Instant::now();
    let mut stream = Events::open_path(addr, &format!("/api/games/{id}/analysis"));
    while stream.next().0 != "info" {}
    let t = asked.elapsed().as_secs_f64();
    assert_eq!(act(addr, id, "stop", json!({})).0, 200);
    t
}

#[test]
#[ignore = "a measurement: run by hand (docs/reliability.md)"]
fn another_games_analysis_starts_at_once_beside_superseded_reviews() {
    let s = Server::start(&ServeConfig {
        max_searches: 1,
        ..unlimited()
    })
    .unwrap();
    let moves = quiet_line(400, 5);
    let long = board_at(s.addr(), &moves, 400);
    let other = board_at(s.addr(), &moves, 10);
    let mut waits = Vec::new();
    for round in 0..5 {
        // A review at the most nodes a position, then five more after
        // take-backs: each supersedes the one before.
        for _ in 0..6 {
            let (status, v) = act(s.addr(), &long, "review", json!({"nodes": 5_000_000}));
            assert_eq!(status, 202, "{v}");
            assert_eq!(act(s.addr(), &long, "undo", json!({})).0, 200);
        }
        let (status, v) = act(s.addr(), &long, "review", json!({"nodes": 5_000_000}));
        assert_eq!(status, 202, "{v}");
        std::thread::sleep(Duration::from_secs(2));
        let (_, running) = json_call(
            s.addr(),
            "GET",
            &format!("/api/games/{long}/review"),
            json!({}),
        );
        assert_eq!(
            (&running["state"], &running["queued"]),
            (&json!("running"), &json!(0)),
            "{running}"
        );
        waits.push(analysis_starts(s.addr(), &other));
        println!(
            "round {round}: analysis started {:.2} s after it was asked",
            waits[round]
        );
        assert_eq!(
            act(
                s.addr(),
                &long,
                "pgn",
                json!({"pgn": moves[..400].join(" ")})
            )
            .0,
            200
        );
    }
    waits.sort_by(f64::total_cmp);
    println!(
        "another game's analysis beside a running review and 6 superseded ones, one engine: \
         median {:.2} s, worst {:.2} s",
        waits[2], waits[4]
    );
    assert!(waits[4] < 2.0, "{waits:?}");
}

#[test]
#[ignore = "a measurement: run by hand (docs/reliability.md)"]
fn games_per_client_per_minute_whatever_the_route() {
    let s = Server::start(&ServeConfig {
        port: 0,
        max_connections_per_client: 1000,
        ..ServeConfig::default()
    })
    .unwrap();
    let addr = s.addr();
    let start = Instant::now();
    let friends = new_game(addr, json!({"friend": true}));
    let mut id = friends["id"].as_str().unwrap().to_string();
    let mut keys = [&friends["seats"]["white"], &friends["seats"]["black"]].map(|k| k.clone());
    let board = new_game(addr, json!({"human": "both"}))["id"]
        .as_str()
        .unwrap()
        .to_string();
    // Games made (new games and rematches) and requests refused.
    let (mut made, mut refused) = (2u32, 0u32);
    let mut count = |status: u16, game: bool, v: &Value| match status {
        200 | 201 => made += u32::from(game),
        429 => refused += 1,
        _ => panic!("{status}: {v}"),
    };
    let mut k = 0;
    while start.elapsed() < Duration::from_secs(60) {
        k += 1;
        match k % 3 {
            0 => {
                let (status, v) = json_call(addr, "POST", "/api/games", json!({}));
                count(status, true, &v);
            }
            1 => {
                act(addr, &id, "resign", json!({ "seat": keys[0] }));
                let (status, v) = act(addr, &id, "rematch", json!({ "seat": keys[0] }));
                count(status, false, &v);
                let (status, v) = act(addr, &id, "rematch", json!({ "seat": keys[1] }));
                let next = v["rematch"]["id"].as_str().map(str::to_string);
                count(status, next.is_some(), &v);
                if let Some(next) = next {
                    // The rematch swaps the colours, and so the keys.
                    id = next;
                    keys.swap(0, 1);
                }
            }
            _ => {
                let (status, v) = act(addr, &board, "pgn", json!({"pgn": "1. Axi6"}));
                count(status, false, &v);
            }
        }
    }
    let limit = RateLimit::default();
    println!(
        "60 s of new games, rematches and imports as fast as one client can: {made} games made, \
         {refused} requests refused (limit: a burst of {} and {} a minute)",
        limit.burst, limit.per_minute
    );
    assert!(made <= limit.burst + limit.per_minute + 1);
}

#[test]
#[ignore = "a measurement: run by hand (docs/reliability.md)"]
fn kill_9_in_a_burst_of_moves_from_8_threads_loses_no_acknowledged_move() {
    let dir = std::env::temp_dir().join(format!("humpty-burst-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("games.sqlite3");
    let mut server = Served::start(&db).expect("the server starts");
    let addr = server.addr;
    let ids: Vec<String> = (0..8)
        .map(|_| {
            new_game(addr, json!({"human": "both"}))["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let stop = Arc::new(AtomicBool::new(false));
    let burst: Vec<_> = ids
        .iter()
        .map(|id| {
            let (id, stop) = (id.clone(), Arc::clone(&stop));
            std::thread::spawn(move || {
                // Plies acknowledged with 200.
                let mut acked = 0;
                let mut state = common::http::state(addr, &id);
                while !stop.load(Ordering::SeqCst) {
                    let legal = state["legal"].as_array().cloned().unwrap_or_default();
                    if legal.is_empty() || state["status"]["over"] == true {
                        break;
                    }
                    let m = legal[(acked * 7 + 3) % legal.len()]["uci"].clone();
                    let Ok((status, v)) =
                        std::panic::catch_unwind(|| act(addr, &id, "move", json!({ "move": m })))
                    else {
                        break;
                    };
                    if status != 200 {
                        break;
                    }
                    acked = v["plies"].as_u64().unwrap() as usize;
                    state = v;
                }
                acked
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(2));
    // A second server on the same file, mid-burst: refused.
    let second = Served::start(&db);
    let refusal = second.as_ref().err().cloned().unwrap_or_default();
    assert!(second.is_err(), "a second server started on one file");
    std::thread::sleep(Duration::from_secs(1));
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    stop.store(true, Ordering::SeqCst);
    let acked: Vec<usize> = burst.into_iter().map(|t| t.join().unwrap()).collect();
    let check = rusqlite::Connection::open(&db).unwrap();
    let integrity: String = check
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    drop(check);
    let server = Served::start(&db).expect("the server starts again");
    let mut lost = 0;
    for (id, n) in ids.iter().zip(&acked) {
        let kept = common::http::state(server.addr, id)["plies"]
            .as_u64()
            .unwrap() as usize;
        lost += n.saturating_sub(kept);
    }
    println!(
        "kill -9 after 3 s of moves from 8 threads: {} acknowledged, {lost} lost, integrity {integrity}; \
         the second server said: {}",
        acked.iter().sum::<usize>(),
        refusal.trim()
    );
    assert_eq!((lost, integrity.as_str()), (0, "ok"));
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
