//! UCI conversations with a session as a GUI has them (in-process, over a
//! pipe). Timeouts here only guard against a hang; nothing asserts on speed.

mod common;

use common::Engine;
use humpty_rules::Position;
use std::time::Duration;

/// The move of a `bestmove` line, checked legal in `pos`.
fn legal_best(pos: &Position, line: &str) -> String {
    let mv = line.split_whitespace().nth(1).expect("a move");
    assert!(
        pos.parse_move(mv).is_ok(),
        "{mv} illegal in {}",
        pos.to_fen()
    );
    mv.to_string()
}

#[test]
fn handshake_lists_options_and_announces_the_variant() {
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(lines[0].starts_with("id name humpty "));
    for opt in [
        "option name Hash type spin",
        "option name Threads type spin",
        "option name MultiPV type spin",
        "option name Ponder type check",
        "option name Move Overhead type spin",
        "option name Clear Hash type button",
        "option name UCI_ShowWDL type check default false",
        "option name UCI_Variant type combo default humpty var humpty",
        "option name UCI_Chess960 type check",
        "option name Use NNUE type check default true",
        "option name EvalFile type string default <default>",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(opt)),
            "{opt} missing: {lines:#?}"
        );
    }
    let announce = format!(
        "info string variant humpty files 12 ranks 8 pocket 0 template fairy startpos {}",
        Position::START_FEN
    );
    assert!(lines.contains(&announce));
    e.send("setoption name uci_variant value humpty");
    e.until(|l| l == announce);
    e.ready();
}

#[test]
fn go_depth_returns_a_legal_move_with_info() {
    let mut e = Engine::start();
    e.send("position startpos moves e2i6");
    e.send("go depth 5");
    let (lines, best) = e.bestmove();
    let mut pos = Position::startpos();
    common::play(&mut pos, &["e2i6"]);
    legal_best(&pos, &best);
    let info = lines
        .iter()
        .rfind(|l| l.starts_with("info depth 5"))
        .expect("depth 5 info");
    for field in [
        " seldepth ",
        " multipv 1 ",
        " score ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} missing in {info}");
    }
}

#[test]
fn infinite_search_stops_and_isready_is_answered_while_searching() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth 2"));
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        !lines.iter().any(|l| l.starts_with("bestmove")),
        "infinite search ended by itself"
    );
    e.send("stop");
    let (_, best) = e.bestmove();
    legal_best(&Position::startpos(), &best);
    // Stop without a search: nothing happens, the engine stays responsive.
    e.send("stop");
    e.ready();
}

#[test]
fn ponder_waits_for_ponderhit() {
    let mut e = Engine::start();
    e.send("setoption name Ponder value true");
    e.send("position startpos");
    e.send("go ponder wtime 1000 btime 1000");
    e.until(|l| l.starts_with("info depth 3"));
    let early = e.drain_for(Duration::from_millis(300));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "{early:#?}"
    );
    e.send("ponderhit");
    let (_, best) = e.bestmove();
    legal_best(&Position::startpos(), &best);
    // Stop during ponder also yields exactly one bestmove.
    e.send("go ponder wtime 1000 btime 1000");
    e.until(|l| l.starts_with("info depth 2"));
    e.send("stop");
    e.bestmove();
    e.ready();
    assert_eq!(
        e.seen.iter().filter(|l| l.starts_with("bestmove")).count(),
        2
    );
}

#[test]
fn multipv_gives_distinct_lines() {
    let mut e = Engine::start();
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    let (lines, _) = e.bestmove();
    let firsts: Vec<String> = (1..=3)
        .map(|k| {
            let tag = format!(" multipv {k} ");
            let l = lines
                .iter()
                .rfind(|l| l.starts_with("info depth 4") && l.contains(&tag))
                .unwrap_or_else(|| panic!("no multipv {k}: {lines:#?}"));
            l.split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
                .to_string()
        })
        .collect();
    assert_ne!(firsts[0], firsts[1]);
    assert_ne!(firsts[1], firsts[2]);
    assert_ne!(firsts[0], firsts[2]);
}

#[test]
fn bad_input_is_reported_and_the_last_good_state_kept() {
    let mut e = Engine::start();
    e.send("position startpos moves e2i6");
    let good = {
        let mut p = Position::startpos();
        common::play(&mut p, &["e2i6"]);
        p.to_fen()
    };
    for bad in [
        "position fen 6k5/12/12/12/12/12/6K5 w",
        "position startpos moves e2i6 e2e4",
        "position startpos moves xyz",
        "position",
        "position middlegame",
        "frobnicate now",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Threads value 100000",
        "setoption name NoSuchOption value 3",
        "setoption name UCI_Variant value chess",
        "setoption name UCI_ShowWDL value maybe",
        "go depth banana",
        "go searchmoves a1a2",
        "go perft -1",
        "bench x",
    ] {
        e.send(bad);
        let lines = e.until(|l| l.starts_with("info string"));
        assert_eq!(lines.len(), 1, "{bad}: {lines:#?}");
    }
    e.send("d");
    let lines = e.until(|l| l.starts_with("Fen: "));
    assert_eq!(lines.last().unwrap(), &format!("Fen: {good}"));
    e.send("go depth 2");
    e.bestmove();
}

#[test]
fn no_legal_moves_gives_bestmove_none() {
    let mut e = Engine::start();
    e.send("position fen k11/p11/12/12/12/12/12/CR9K b - - 0 1");
    e.send("go depth 3");
    let (lines, best) = e.bestmove();
    assert_eq!(best, "bestmove (none)");
    assert!(lines.contains(&"info depth 0 score mate 0".to_string()));
    e.send("position fen k11/1p10/2N9/11K/12/12/12/7A4 b - - 0 1");
    e.send("go wtime 1000 btime 1000");
    let (lines, best) = e.bestmove();
    assert_eq!(best, "bestmove (none)");
    assert!(lines.contains(&"info depth 0 score cp 0".to_string()));
}

#[test]
fn long_move_lists_with_repetitions() {
    let mut e = Engine::start();
    let cycle = ["b1d2", "b8d7", "d2b1", "d7b8"];
    let mut moves = Vec::new();
    for _ in 0..60 {
        moves.extend_from_slice(&cycle);
    }
    moves.extend_from_slice(&["e2i6", "h7d3"]);
    e.send(&format!("position startpos moves {}", moves.join(" ")));
    e.send("d");
    let lines = e.until(|l| l.starts_with("Fen: "));
    let mut expect = Position::startpos();
    common::play(&mut expect, &moves);
    assert_eq!(lines.last().unwrap(), &format!("Fen: {}", expect.to_fen()));
    e.send("go depth 3");
    let (_, best) = e.bestmove();
    legal_best(&expect, &best);
}

#[test]
fn repetition_is_seen_through_the_move_list() {
    // After two Knight shuffles, d7b8 brings back the start position a third
    // time: the search must see it as a draw through the game's move list.
    let mut e = Engine::start();
    e.send("position startpos moves b1d2 b8d7 d2b1 d7b8 b1d2 b8d7 d2b1");
    e.send("go depth 1 searchmoves d7b8");
    let (lines, _) = e.bestmove();
    assert!(lines.iter().any(|l| l.contains("score cp 0")), "{lines:#?}");
}

#[test]
fn chess960_castling_notation() {
    let mut e = Engine::start();
    e.send("setoption name UCI_Chess960 value true");
    e.send("position fen r5k4r/12/12/12/12/12/12/R5K4R w KQkq - 0 1");
    e.send("go depth 1 searchmoves g1l1");
    let (_, best) = e.bestmove();
    assert_eq!(best, "bestmove g1l1");
    e.send("setoption name UCI_Chess960 value false");
    e.send("go depth 1 searchmoves g1l1");
    let (_, best) = e.bestmove();
    assert_eq!(best, "bestmove g1j1");
}

#[test]
fn go_perft_prints_divide() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go perft 2");
    let lines = e.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 2635");
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 53);
}

#[test]
fn eval_and_d_print() {
    let mut e = Engine::start();
    e.send("eval");
    e.until(|l| l.starts_with("Final evaluation"));
    e.until(|l| l.starts_with("Network evaluation: "));
    e.send("d");
    let lines = e.until(|l| l.starts_with("Key: "));
    assert!(lines
        .iter()
        .any(|l| l.trim_start().starts_with("a   b   c")));
}

#[test]
fn quit_during_search_and_end_of_input_exit() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth 1"));
    e.send("quit");
    assert!(e.wait_exit());

    let mut e = Engine::start();
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth 1"));
    e.stdin = None; // end of input
    assert!(e.wait_exit());
}

#[test]
fn repeated_go_while_searching_gives_one_bestmove_each() {
    let mut e = Engine::start();
    e.send("go infinite");
    e.until(|l| l.starts_with("info depth 1"));
    e.send("go depth 2");
    e.bestmove(); // the infinite search, stopped
    e.bestmove(); // the depth-2 search
    e.ready();
    assert_eq!(
        e.seen.iter().filter(|l| l.starts_with("bestmove")).count(),
        2
    );
}

#[test]
fn random_lines_never_crash_the_engine() {
    let mut rng = common::Rng::new(0x5EED);
    let words = [
        "uci",
        "isready",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "depth",
        "1",
        "stop",
        "infinite",
        "setoption",
        "name",
        "value",
        "Hash",
        "MultiPV",
        "e2i6",
        "h7d3",
        "l1k3",
        "c7c8t",
        "-5",
        "99999999999999999999",
        "ponderhit",
        "searchmoves",
        "perft",
        "wtime",
        "movetime",
        "0",
        "12/12",
        "w",
        "KQkq",
        "debug",
        "on",
        "\u{1F600}",
        "",
    ];
    let mut e = Engine::start();
    for _ in 0..300 {
        let n = rng.below(6);
        let line: Vec<&str> = (0..n).map(|_| words[rng.below(words.len())]).collect();
        let line = line.join(" ");
        // `quit` would end the session; an infinite search is fine, the
        // next `go` or the final `stop` ends it.
        if line.starts_with("quit") {
            continue;
        }
        e.send(&line);
    }
    e.send("stop");
    e.ready();
    e.send("position startpos");
    e.send("go depth 2");
    let (_, best) = e.bestmove();
    legal_best(&Position::startpos(), &best);
}

#[test]
fn a_bad_eval_file_is_refused_and_the_search_goes_on() {
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    e.send("setoption name EvalFile value /no/such/net.nnue");
    e.send("setoption name Use NNUE value true");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        lines.iter().any(
            |l| l.starts_with("info string EvalFile: cannot read /no/such/net.nnue")
                && l.contains("keeping the net in force")
        ),
        "{lines:#?}"
    );
    e.send("position startpos");
    e.send("go depth 5");
    let (_, best) = e.bestmove();
    legal_best(&Position::startpos(), &best);
}

#[test]
fn a_fifo_or_device_named_by_an_option_is_refused_at_once() {
    let dir = std::env::temp_dir().join(format!("humpty-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("net.fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let fifo = fifo.to_str().unwrap().to_string();
    let mut e = Engine::start();
    e.send("uci");
    e.until(|l| l == "uciok");
    for (option, path) in [
        ("EvalFile", fifo.as_str()),
        ("Dev_Weights", fifo.as_str()),
        ("EvalFile", "/dev/zero"),
    ] {
        e.send(&format!("setoption name {option} value {path}"));
        e.send("isready");
        // Before, opening the FIFO blocked the input loop: no readyok.
        let lines = e.until(|l| l == "readyok");
        assert!(
            lines.iter().any(|l| l.contains("not a regular file")),
            "{option} {path}: {lines:#?}"
        );
    }
    e.send("position startpos");
    e.send("go depth 3");
    let (_, best) = e.bestmove();
    legal_best(&Position::startpos(), &best);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `TablebasePath`: the engine reads the tables, reports `tbhits`, and
/// refuses a folder without tables while the search goes on.
#[test]
fn tablebases_are_probed_and_a_bad_folder_is_refused() {
    let dir = std::env::temp_dir().join(format!("humpty-uci-tb-{}", std::process::id()));
    humpty_tablebase::make::make(
        &[humpty_tablebase::Material::parse("KRvK").unwrap()],
        &dir,
        2,
        &|_| {},
    )
    .unwrap();
    let mut e = Engine::start();
    e.send("uci");
    let lines = e.until(|l| l == "uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name TablebasePath type string default <empty>"),
        "{lines:#?}"
    );
    e.send("setoption name TablebasePath value /no/such/folder");
    e.send("isready");
    let lines = e.until(|l| l == "readyok");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string TablebasePath: ")
                && l.contains("keeping the tables in force")),
        "{lines:#?}"
    );
    e.send(&format!(
        "setoption name TablebasePath value {}",
        dir.display()
    ));
    // A Rook up: the tables rank the root and keep the win.
    let fen = "12/12/12/12/12/5k6/12/4R1K5 w - - 0 1";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 6");
    let (lines, best) = e.bestmove();
    assert!(lines.iter().any(|l| l.contains(" tbhits ")), "{lines:#?}");
    let mv = legal_best(&Position::from_fen(fen).unwrap(), &best);
    let tb = humpty_tablebase::Tablebases::open(&dir).unwrap();
    let mut after = Position::from_fen(fen).unwrap();
    after.make_move(after.parse_move(&mv).unwrap());
    assert_eq!(
        tb.probe_wdl(&after),
        Some(humpty_tablebase::Wdl::Loss),
        "{mv} keeps the win"
    );
    std::fs::remove_dir_all(&dir).ok();
}
