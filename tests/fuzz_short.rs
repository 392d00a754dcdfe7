//! A short run of every fuzz target in the default test run: the seed
//! corpus and every input that ever crashed a target (fuzz/seeds,
//! fuzz/regressions), then random input from proptest. The long runs are
//! `cargo fuzz` (docs/reliability.md).

use proptest::prelude::*;
use std::path::Path;

/// Every file of `fuzz/<dir>/<target>/`.
fn corpus(dir: &str, target: &str) -> Vec<Vec<u8>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(dir)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&path) else {
        return Vec::new();
    };
    entries
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .collect()
}

fn replay(target: &str, run: fn(&[u8])) {
    let mut files = corpus("seeds", target);
    files.extend(corpus("regressions", target));
    assert!(!files.is_empty(), "no seeds for {target}");
    for data in files {
        run(&data);
    }
}

#[test]
fn fixed_corpus_fen() {
    replay("fen", humpty::fuzz::fen);
}

#[test]
fn fixed_corpus_move_text() {
    replay("move_text", humpty::fuzz::move_text);
}

#[test]
fn fixed_corpus_uci() {
    replay("uci", humpty::fuzz::uci);
}

#[test]
fn fixed_corpus_xboard() {
    replay("xboard", humpty::fuzz::xboard);
}

#[test]
fn fixed_corpus_pgn_openings() {
    replay("pgn_openings", humpty::fuzz::pgn_and_openings);
}

/// Words the protocol generators build lines from.
const WORDS: &[&str] = &[
    "uci",
    "isready",
    "go",
    "stop",
    "quit",
    "position",
    "startpos",
    "fen",
    "moves",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "ponder",
    "perft",
    "searchmoves",
    "setoption",
    "name",
    "value",
    "Hash",
    "Threads",
    "MultiPV",
    "new",
    "force",
    "usermove",
    "level",
    "st",
    "sd",
    "time",
    "otim",
    "setboard",
    "undo",
    "remove",
    "analyze",
    "exit",
    "lift",
    "memory",
    "cores",
    "ping",
    "e2i6",
    "h7d3",
    "g1j1",
    "c7c8t",
    "0",
    "1",
    "-1",
    "3",
    "300",
    "1e30",
    "inf",
    "nan",
    "99999999999999999999",
    "6k5/12/12/12/12/12/12/R5K5",
    "w",
    "b",
    "-",
    "\u{fffd}",
    "",
];

fn protocol_input() -> impl Strategy<Value = Vec<u8>> {
    let line = prop::collection::vec(prop::sample::select(WORDS), 0..8).prop_map(|w| w.join(" "));
    prop::collection::vec(line, 0..12).prop_map(|lines| {
        let mut text = lines.join("\n").into_bytes();
        text.push(b'\n');
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_uci_sessions(data in protocol_input()) {
        humpty::fuzz::uci(&data);
    }

    #[test]
    fn random_xboard_sessions(data in protocol_input()) {
        humpty::fuzz::xboard(&data);
    }

    #[test]
    fn random_bytes_everywhere(data in prop::collection::vec(any::<u8>(), 0..200)) {
        humpty::fuzz::fen(&data);
        humpty::fuzz::move_text(&data);
        humpty::fuzz::pgn_and_openings(&data);
        humpty::fuzz::uci(&data);
    }
}
