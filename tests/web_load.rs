//! The web server under load (issue 19, section 8): 50 games against the
//! beginner level (each player taking 2 s a move, as people do), 64
//! analysis streams and 40 slow clients at once, for two minutes. Every engine move must arrive within the level's time plus one
//! second, with no error, and memory and threads must stay flat. It takes
//! minutes, so it is ignored by default:
//!
//! `cargo test --release --test web_load -- --ignored --nocapture`
//! (`HUMPTY_WEB_LOAD_SECS` sets the length; docs/web.md has the numbers).

mod common;

use common::http::{act, new_game, Events};
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
