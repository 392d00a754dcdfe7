//! Bad input never crashes or stalls the engine (issue 10): every input that
//! once killed or stalled humpty, answered, with the engine still working
//! after it. The front ends driven directly where possible; a whole session
//! over a pipe where the bytes on it matter.

mod common;

use common::Engine as Process;
use humpty_engine::Engine;
use humpty_protocol::input::Input;
use humpty_protocol::output::Output;
use humpty_protocol::uci::{Flow, Uci};
use humpty_protocol::xboard::Session;
use humpty_rules::Position;
use std::sync::{Arc, Mutex};

fn small_engine() -> Engine {
    let mut e = Engine::new();
    e.set_hash_mib(1);
    e
}

fn uci_session() -> (Uci, Arc<Mutex<Vec<String>>>) {
    let (out, lines) = Output::capture();
    (Uci::with_engine(small_engine(), out), lines)
}

fn line(s: &str) -> Input {
    Input::Line(s.to_string())
}

/// Feed lines, stop any search, and check that the engine still plays a
/// legal move from a known position.
fn still_works(uci: &mut Uci, lines: &Arc<Mutex<Vec<String>>>) {
    uci.handle("stop");
    uci.handle("position startpos moves e2i6");
    uci.handle("go depth 3");
    uci.handle("stop");
    let out = lines.lock().unwrap().clone();
    let best = out
        .iter()
        .rev()
        .find(|l| l.starts_with("bestmove"))
        .expect("a bestmove");
    let mv = best.split_whitespace().nth(1).unwrap();
    let mut p = Position::startpos();
    p.make_move(p.parse_move("e2i6").unwrap());
    assert!(p.parse_move(mv).is_ok(), "{best}");
}

#[test]
fn uci_numbers_past_their_types_are_clamped_or_refused() {
    let (mut uci, lines) = uci_session();
    for l in [
        "go depth 256 nodes 2000",
        "go mate 300 nodes 2000",
        "go movestogo 500 wtime 1000 btime 1000",
        "info depth 300 seldepth 400 score cp 5 pv e2i6",
        "go depth -1",
        "go depth 99999999999999999999999999",
        "go wtime inf btime nan",
        "go wtime 1e30",
        "go movetime 99999999999999999999999",
        "go nodes 99999999999999999999999999 depth 2",
        "go perft 0",
        "go perft -3",
        "setoption name Hash value 99999999999999999999",
        "setoption name Threads value -1",
        "setoption name MultiPV value 1e3",
        "setoption name Move Overhead value 18446744073709551616",
        "setoption name Dev_Values value C=99999999999/1",
        "setoption name",
        "setoption",
        "debug on on on",
        "register later name x",
        "bench 99999999999",
        "position fen 6k5/12/12/12/12/12/12/R5K5 w - - 99999 99999",
    ] {
        assert_eq!(uci.input(line(l)), Flow::Continue, "{l}");
        uci.handle("stop");
    }
    still_works(&mut uci, &lines);
}

#[test]
fn uci_lines_that_are_not_text_are_reported() {
    let (mut uci, lines) = uci_session();
    uci.input(Input::NotUtf8);
    uci.input(Input::TooLong);
    let out = lines.lock().unwrap().clone();
    assert!(out.iter().any(|l| l.contains("not UTF-8")), "{out:?}");
    assert!(
        out.iter().any(|l| l.contains("longer than 1 MiB")),
        "{out:?}"
    );
    still_works(&mut uci, &lines);
}

#[test]
fn fen_clocks_saturate_instead_of_wrapping() {
    let fen = "6k5/12/12/12/12/12/12/R5K5 w - - 65535 65535";
    let mut p = Position::from_fen(fen).unwrap();
    for m in ["a1a2", "g8g7", "a2a3", "g7g8"] {
        p.make_move(p.parse_move(m).unwrap());
    }
    assert!(p.to_fen().ends_with(" 65535 65535"), "{}", p.to_fen());
    for _ in 0..4 {
        p.unmake_move();
    }
    assert_eq!(p.to_fen(), fen);
}

fn xboard_session() -> (Session, Arc<Mutex<Vec<String>>>) {
    let (out, lines) = Output::capture();
    (Session::new(small_engine(), out), lines)
}

#[test]
fn xboard_bad_times_are_errors_not_panics() {
    let (mut xb, lines) = xboard_session();
    for l in [
        "xboard",
        "protover 2",
        "st inf",
        "st 1e30",
        "st nan",
        "st -1",
        "level 40 1e30 0",
        "level 40 inf 0",
        "level 40 5 1e30",
        "level 99999999999 5 0",
        "time 99999999999999999999",
        "time 18446744073709551615",
        "otim -5",
        "sd 99999999999",
        "nps 0",
        "memory 99999999999",
        "cores 99999999999",
        "option MultiPV=1e9",
        "new",
        "ping 7",
    ] {
        assert!(xb.input(line(l)), "{l}");
    }
    xb.input(Input::NotUtf8);
    let out = lines.lock().unwrap().clone();
    for bad in [
        "st inf",
        "st 1e30",
        "level 40 1e30 0",
        "time 99999999999999999999",
    ] {
        assert!(
            out.iter()
                .any(|l| l.starts_with("Error") && l.ends_with(bad)),
            "{bad}: {out:?}"
        );
    }
    assert!(out.contains(&"pong 7".to_string()), "{out:?}");
    assert!(out.iter().any(|l| l.contains("not UTF-8")), "{out:?}");
}

#[test]
fn the_binary_survives_bytes_that_are_not_text() {
    let mut e = Process::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send_bytes(b"\xff\xfe\xfd go\n");
    e.send_bytes(b"position startpos moves \xc3\x28\n");
    let lines = e.until(|l| l.contains("not UTF-8"));
    assert!(!lines.is_empty());
    e.ready();
    e.send("position startpos");
    e.send("go depth 2");
    e.bestmove();
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn the_binary_survives_bytes_that_are_not_text_under_xboard() {
    let mut e = Process::start();
    e.send("xboard");
    e.send_bytes(b"\xff\n");
    e.until(|l| l.contains("not UTF-8"));
    e.send("ping 3");
    e.until(|l| l == "pong 3");
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn a_first_line_that_is_not_text_does_not_end_the_engine() {
    let mut e = Process::start();
    e.send_bytes(b"\x80\x81\n");
    e.send("isready");
    e.until(|l| l == "readyok");
}

#[test]
fn long_commands_run_off_the_input_thread() {
    let mut e = Process::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    // Deep perft would run for days: stop, isready and quit are heard.
    e.send("go perft 15");
    e.ready();
    e.send("stop");
    e.until(|l| l.contains("perft stopped"));
    e.send("bench 30");
    e.ready();
    e.send("stop");
    e.until(|l| l.contains("bench stopped"));
    e.send("go perft 15");
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn a_huge_hash_is_clamped_and_cleared_at_once() {
    let mut e = Process::start();
    e.send("xboard");
    e.send("memory 99999999999");
    e.send("new");
    e.send("ping 1");
    e.until(|l| l == "pong 1");
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn a_ponderhit_right_after_go_ponder_is_not_lost() {
    // Found in the pondering stress run: when `ponderhit` came before the
    // search thread had started, the thread then set ponder mode itself and
    // waited for a ponderhit that had already been and gone (a time loss).
    let (mut uci, lines) = uci_session();
    uci.handle("setoption name Threads value 2");
    uci.handle("position fen 6k5/12/6K5/12/12/12/12/R11 w - - 0 1");
    for round in 0..200 {
        uci.handle("go ponder wtime 100 btime 100 winc 10 binc 10");
        uci.handle("ponderhit");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            let seen = lines
                .lock()
                .unwrap()
                .iter()
                .filter(|l| l.starts_with("bestmove"))
                .count();
            if seen > round {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no bestmove after ponderhit in round {round}"
            );
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}
