//! Fuzzing entry points: each takes arbitrary bytes, feeds them to one input
//! path, and panics only when an invariant breaks. The cargo-fuzz targets in
//! `fuzz/` call these (docs/reliability.md), and `tests/fuzz_short.rs` runs
//! each on a fixed corpus and on random input in the default test run.

use crate::engine::bench::BenchSetup;
use crate::engine::{Engine, TimeSource};
use crate::matches::{openings, pgn};
use crate::protocol::input::{Input, Lines};
use crate::protocol::output::Output;
use crate::protocol::uci::{Flow, Uci};
use crate::protocol::xboard::Session;
use crate::rules::moves::MoveText;
use crate::rules::position::Position;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Most lines of one protocol input (keeps one run short).
const MAX_LINES: usize = 64;

/// FEN: parsing never panics; a position that parses prints a FEN that
/// parses to the same position, and its moves can be generated and played.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pos) = Position::from_fen(text) else {
        return;
    };
    let printed = pos.to_fen();
    let again = Position::from_fen(&printed).expect("a printed FEN parses");
    assert_eq!(again.to_fen(), printed);
    assert_eq!(again.key(), pos.key());
    let mut p = pos.clone();
    for m in pos.legal_moves() {
        p.make_move(m);
        p.unmake_move();
    }
    assert_eq!(p.to_fen(), printed);
}

/// Move text: reading coordinates or SAN never panics; a move read is
/// legal, and reads back from its coordinates and from its SAN.
pub fn move_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = text.parse::<MoveText>();
    let middlegame =
        "rn1l1fkb1fnr/3fab1a3c/p1pA1pp1pp1p/8clC1/12/P1P2PP1PP1P/3CAK4FL/RNFLB2BF1NR w kq - 8 11";
    for pos in [
        Position::startpos(),
        Position::from_fen(middlegame).expect("valid"),
    ] {
        for read in [Position::parse_move, Position::parse_san] {
            if let Ok(m) = read(&pos, text) {
                assert!(pos.is_legal(m));
                assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
                assert_eq!(pos.parse_san(&pos.san(m)), Ok(m));
            }
        }
    }
}

/// Most nodes of any search in protocol fuzzing.
const FUZZ_NODES: u64 = 200;

/// An engine for protocol fuzzing: a small table, a manual clock, at most
/// two threads, and searches capped at `FUZZ_NODES` nodes, so one run takes a millisecond or
/// so however many `go`s it holds.
fn fuzz_engine() -> (Engine, Arc<AtomicU64>) {
    let clock = Arc::new(AtomicU64::new(0));
    let mut engine = Engine::with_hash_mib(1);
    engine.set_time_source(TimeSource::Manual(Arc::clone(&clock)));
    engine.set_node_cap(Some(FUZZ_NODES));
    // Two threads still exercise helper start and stop.
    engine.set_thread_cap(2);
    (engine, clock)
}

/// The input lines of a fuzz case (bytes split as the front ends read them).
fn lines(data: &[u8]) -> impl Iterator<Item = Input> + '_ {
    Lines::new(data).take(MAX_LINES)
}

/// UCI: any sequence of lines is answered without a panic, `isready` is
/// always answered, and the session ends on `quit`.
pub fn uci(data: &[u8]) {
    let (out, seen) = Output::capture();
    let (engine, clock) = fuzz_engine();
    let mut uci = Uci::with_engine(engine, out);
    uci.set_bench_setup(BenchSetup {
        hash_mib: 1,
        node_cap: Some(FUZZ_NODES),
        use_nnue: None,
    });
    for item in lines(data) {
        // Each line moves the manual clock on by 50 ms.
        clock.fetch_add(50, Ordering::Relaxed);
        if uci.input(item) == Flow::Quit {
            return;
        }
    }
    let before = seen.lock().map(|l| l.len()).unwrap_or(0);
    uci.handle("isready");
    let answered = seen
        .lock()
        .map(|l| l[before..].iter().any(|x| x == "readyok"))
        .unwrap_or(false);
    assert!(answered, "isready not answered");
    assert_eq!(uci.handle("quit"), Flow::Quit);
}

/// XBoard: any sequence of lines is answered without a panic, and `ping`
/// always gets its `pong`.
pub fn xboard(data: &[u8]) {
    let (out, seen) = Output::capture();
    let (engine, clock) = fuzz_engine();
    let mut session = Session::new(engine, out);
    session.input(Input::Line("xboard".into()));
    for item in lines(data) {
        clock.fetch_add(50, Ordering::Relaxed);
        if !session.input(item) {
            return;
        }
    }
    session.input(Input::Line("ping 424242".into()));
    let answered = seen
        .lock()
        .map(|l| l.iter().any(|x| x == "pong 424242"))
        .unwrap_or(false);
    assert!(answered, "ping not answered");
    session.input(Input::Line("quit".into()));
}

/// PGN and opening files: reading and replaying (SAN or coordinates) never
/// panics; every opening read is a valid position.
pub fn pgn_and_openings(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in pgn::parse_pgn(text) {
        // Replaying reads every move as SAN or coordinates.
        let _ = game.replay(Some(MAX_LINES));
    }
    for plies in [None, Some(2)] {
        if let Ok(list) = openings::read_openings(text, plies) {
            for fen in list {
                assert!(Position::from_fen(&fen).is_ok(), "{fen}");
            }
        }
    }
}
