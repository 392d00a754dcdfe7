//! `humpty annotate` (issue 20): a planted blunder is marked `??` exactly
//! where it was played, a clean engine game gets no blunder, and the output
//! reads back into humpty with the same moves.

use humpty::engine::{Engine, GoParams};
use humpty::rules::pgn::parse_pgn;
use humpty::Position;
use std::process::Command;

const HUMPTY: &str = env!("CARGO_BIN_EXE_humpty");

fn tmp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("humpty-review-{}-{name}", std::process::id()))
}

/// Annotate `pgn` at `depth`; returns the annotated text and stderr.
fn annotate(pgn: &str, depth: &str) -> (String, String) {
    let input = tmp(&format!("in-{depth}.pgn"));
    let output = tmp(&format!("out-{depth}.pgn"));
    std::fs::write(&input, pgn).unwrap();
    let o = Command::new(HUMPTY)
        .args(["annotate", input.to_str().unwrap(), "--depth", depth])
        .args(["--out", output.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(o.status.success(), "{err}");
    let text = std::fs::read_to_string(&output).unwrap();
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
    (text, err)
}

/// The moves (SAN or coordinates) of the first game, each with the NAG that
/// follows it, if any.
fn moves_with_nags(text: &str) -> Vec<(String, Option<String>)> {
    let body: String = text
        .lines()
        .filter(|l| !l.starts_with('['))
        .collect::<Vec<_>>()
        .join(" ");
    // Drop comments and variations, keep moves and NAGs.
    let (mut clean, mut brace, mut paren) = (String::new(), false, 0);
    for ch in body.chars() {
        match ch {
            '{' => brace = true,
            '}' => brace = false,
            '(' if !brace => paren += 1,
            ')' if !brace => paren -= 1,
            c if !brace && paren == 0 => clean.push(c),
            _ => {}
        }
    }
    let mut out: Vec<(String, Option<String>)> = Vec::new();
    for w in clean.split_whitespace() {
        if w.starts_with('$') {
            out.last_mut().unwrap().1 = Some(w.to_string());
        } else if !w.ends_with('.') && !["1-0", "0-1", "1/2-1/2", "*"].contains(&w) {
            out.push((w.to_string(), None));
        }
    }
    out
}

#[test]
fn a_queen_left_to_be_taken_is_the_one_blunder() {
    // White is a Queen up; 2. Qd6?? leaves it to the e7 Pawn.
    let fen = "6k5/p3p7/12/12/12/12/P11/3Q2K5 w - - 0 1";
    let pgn = format!(
        "[Event \"planted\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"*\"]\n\n1. a3 a6 2. Qd6 exd6 3. a4 a5 *\n"
    );
    let (text, err) = annotate(&pgn, "6");
    let moves = moves_with_nags(&text);
    let sans: Vec<&str> = moves.iter().map(|m| m.0.as_str()).collect();
    assert_eq!(sans, ["a3", "a6", "Qd6", "exd6", "a4", "a5"], "{text}");
    for (san, nag) in &moves {
        if san == "Qd6" {
            assert_eq!(nag.as_deref(), Some("$4"), "{text}");
        } else {
            assert_ne!(nag.as_deref(), Some("$4"), "{san} marked a blunder: {text}");
        }
    }
    assert!(text.contains("[%eval"), "{text}");
    assert!(text.contains("Blunder."), "{text}");
    // The better line is a variation from the same position.
    assert!(text.contains("(2. "), "{text}");
    assert!(
        err.contains("White: 0 inaccuracies, 0 mistakes, 1 blunder,"),
        "{err}"
    );
    // Each player's accuracy, as lichess computes it: the blunderer's is
    // well below the other side's.
    let accuracy = |side: &str| -> f64 {
        let line = err.lines().find(|l| l.starts_with(side)).unwrap();
        let at = line.find("accuracy ").expect("an accuracy") + "accuracy ".len();
        line[at..].trim_end_matches('%').parse().unwrap()
    };
    assert!(accuracy("White") < accuracy("Black") - 10.0, "{err}");
    // The run's totals per side come last.
    assert!(
        err.contains("1 games: White 1.00 mistakes and blunders a game"),
        "{err}"
    );
    // It reads back into humpty with the same moves.
    let back = parse_pgn(&text);
    assert_eq!(back.len(), 1);
    let (pos, played) = back[0].replay_moves(None).unwrap();
    assert_eq!(played.len(), 6);
    assert_eq!(back[0].tags.get("FEN").map(String::as_str), Some(fen));
    assert!(back[0].tags.contains_key("VariantMen"));
    assert!(
        pos.to_fen().starts_with("6k5/12/3p8/p11/P11/"),
        "{}",
        pos.to_fen()
    );
}

#[test]
fn a_clean_engine_game_has_no_blunder() {
    let mut engine = Engine::new();
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    let go = GoParams {
        depth: Some(5),
        ..GoParams::default()
    };
    for _ in 0..16 {
        engine.set_position(pos.clone());
        let best = engine.search_sync(&go, &mut |_| {}).best.unwrap();
        moves.push(best.to_string());
        pos.make_move(best);
    }
    let pgn = format!(
        "[Event \"clean\"]\n[Result \"*\"]\n\n{} *\n",
        moves.join(" ")
    );
    let (text, _) = annotate(&pgn, "5");
    let marked = moves_with_nags(&text);
    assert_eq!(marked.len(), 16, "{text}");
    assert!(
        marked.iter().all(|(_, nag)| nag.as_deref() != Some("$4")),
        "{text}"
    );
}

#[test]
fn bad_input_gets_a_clear_error() {
    let o = Command::new(HUMPTY)
        .args(["annotate", "/nonexistent.pgn"])
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read /nonexistent.pgn"));
    let bad = tmp("bad.pgn");
    std::fs::write(&bad, "[Event \"x\"]\n\n1. e2e4 *\n").unwrap();
    let o = Command::new(HUMPTY)
        .args(["annotate", bad.to_str().unwrap(), "--depth", "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("game 1: ply 1"), "{err}");
    let _ = std::fs::remove_file(&bad);
}

#[test]
fn an_interrupted_annotate_keeps_the_games_it_finished() {
    use std::io::{BufRead, BufReader};
    let fen = "6k5/p3p7/12/12/12/12/P11/3Q2K5 w - - 0 1";
    let one = format!(
        "[Event \"planted\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n[Result \"*\"]\n\n1. a3 a6 2. Qd6 exd6 3. a4 a5 *\n\n"
    );
    let input = tmp("many.pgn");
    let output = tmp("many-out.pgn");
    std::fs::write(&input, one.repeat(200)).unwrap();
    let mut child = Command::new(HUMPTY)
        .args(["annotate", input.to_str().unwrap(), "--depth", "8"])
        .args(["--out", output.to_str().unwrap()])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Each reviewed game says each side's counts on stderr, just before
    // it is written: at the third, two are written.
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut finished = 0;
    while finished < 3 {
        let line = lines.next().expect("annotate ended early").unwrap();
        finished += usize::from(line.starts_with("Black:"));
    }
    child.kill().unwrap(); // SIGKILL: no chance to write anything more
    child.wait().unwrap();
    let text = std::fs::read_to_string(&output).expect("the out file is there");
    let kept = parse_pgn(&text);
    assert!(kept.len() >= 2 && kept.len() < 200, "{} games", kept.len());
    assert!(kept.iter().all(|g| g.moves.len() == 6));
    let _ = std::fs::remove_file(&input);
    let _ = std::fs::remove_file(&output);
}
