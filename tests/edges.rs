//! The edges a probe of every input found (issue 22), one regression test
//! each: thread counts past the cores, XBoard clocks below zero, limits no
//! engine can meet, unwritable outputs, a closed stdout, SPRT values,
//! unbounded reads, divide 0, and the smaller ones.
//!
//! The time bounds below are not speed measurements: each is the clock the
//! engine was given (or a generous multiple of it) and asserts only that
//! the clock holds, where it once took 10 s.

mod common;

use common::process::Engine as Process;
use std::io::Read;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const HUMPTY: &str = env!("CARGO_BIN_EXE_humpty");

fn humpty(args: &[&str]) -> Output {
    Command::new(HUMPTY)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run humpty")
}

/// `humpty match` between two stand-ins, with `extra` arguments.
fn match_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "match",
        "--engine",
        "cmd=/bin/true",
        "name=a",
        "--engine",
        "cmd=/bin/true",
        "name=b",
    ];
    args.extend_from_slice(extra);
    args
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn tmp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("humpty-edges-{}-{name}", std::process::id()))
}

/// Time from `go` to `bestmove`.
fn time_to_bestmove(e: &mut Process, go: &str) -> Duration {
    e.send("position startpos");
    e.ready();
    let start = Instant::now();
    e.send(go);
    e.bestmove();
    start.elapsed()
}

#[test]
fn threads_far_above_the_cores_keep_the_clock() {
    let mut e = Process::start();
    e.send("setoption name Threads value 256");
    e.ready();
    let t = time_to_bestmove(&mut e, "go movetime 100");
    assert!(t < Duration::from_secs(2), "movetime 100 took {t:?}");
    let t = time_to_bestmove(&mut e, "go wtime 1000 btime 1000");
    assert!(t < Duration::from_secs(1), "a 1 s clock ran out: {t:?}");
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if cores < 256 {
        assert!(
            e.seen
                .iter()
                .any(|l| l.starts_with("info string Threads 256:")),
            "the clamp is said: {:?}",
            e.seen
        );
    }
}

#[test]
fn xboard_clocks_below_zero_mean_move_at_once() {
    let mut e = Process::start();
    for l in ["xboard", "protover 2", "new", "level 40 5 0", "post"] {
        e.send(l);
    }
    e.send("ping 1");
    e.until(|l| l == "pong 1");
    e.send("time -250");
    e.send("otim -10");
    let start = Instant::now();
    e.send("usermove e2i6");
    let lines = e.until(|l| l.starts_with("move "));
    let t = start.elapsed();
    assert!(t < Duration::from_secs(1), "took {t:?} with no time left");
    assert!(
        !lines.iter().any(|l| l.starts_with("Error")),
        "a clock below zero is not bad input: {lines:?}"
    );
    e.send("ping");
    e.until(|l| l == "pong");
}

#[test]
fn limits_no_engine_can_meet_are_refused_before_the_first_game() {
    for (limit, want) in [
        (vec!["--nodes", "0"], "--nodes"),
        (vec!["--tc", "0/10"], "time control"),
        (vec!["--tc", "0+0"], "time control"),
        (vec!["--st", "0"], "--st"),
        (vec!["--st", "1e30"], "at most"),
        (vec!["--depth", "0"], "--depth"),
        (vec!["--nodes", "100", "--maxplies", "0"], "maxplies"),
        (
            vec!["--nodes", "100", "--resign", "movecount=0"],
            "movecount",
        ),
    ] {
        let start = Instant::now();
        let o = humpty(&match_args(&limit));
        assert!(!o.status.success(), "{limit:?} accepted");
        assert!(stderr(&o).contains(want), "{limit:?}: {}", stderr(&o));
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{limit:?} played"
        );
    }
}

#[test]
fn unwritable_outputs_are_refused_before_the_work() {
    let bad = "/nonexistent-dir/out.txt";
    let pgn = tmp("tune.pgn");
    std::fs::write(&pgn, "[Result \"1-0\"]\n\n1. Fc4 1-0\n").unwrap();
    let cases: [Vec<&str>; 3] = [
        vec!["tune", pgn.to_str().unwrap(), "--out", bad],
        vec!["openings", "--count", "1000", "--out", bad],
        match_args(&["--nodes", "100", "--pgn", bad]),
    ];
    for args in cases {
        let start = Instant::now();
        let o = humpty(&args);
        assert!(!o.status.success(), "{args:?}");
        assert!(
            stderr(&o).contains("cannot write /nonexistent-dir"),
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{args:?} worked first"
        );
    }
    std::fs::remove_file(&pgn).unwrap();
}

/// `n` games of `plies` moves each (the i-th legal move, varied per game),
/// as PGN in coordinates, all won by White.
fn some_games(n: usize, plies: usize) -> String {
    let mut text = String::new();
    for g in 0..n {
        let mut pos = humpty::Position::startpos();
        let mut moves = Vec::new();
        for ply in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(g * 7 + ply * 3) % legal.len()];
            moves.push(m.to_string());
            pos.make_move(m);
        }
        text += &format!("[Result \"1-0\"]\n\n{} 1-0\n\n", moves.join(" "));
    }
    text
}

/// Run humpty with its stdout a pipe whose reader is gone.
fn with_closed_stdout(args: &[&str]) -> std::process::ExitStatus {
    let mut child = Command::new(HUMPTY)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    child.wait().unwrap()
}

#[test]
fn a_closed_stdout_stops_quietly_and_tune_still_writes_its_weights() {
    assert!(with_closed_stdout(&["perft", "2"]).success());
    assert!(with_closed_stdout(&["divide", "1"]).success());
    let pgn = tmp("closed.pgn");
    std::fs::write(&pgn, some_games(8, 30)).unwrap();
    let weights = tmp("closed-weights.txt");
    let status = with_closed_stdout(&[
        "tune",
        pgn.to_str().unwrap(),
        "--skip-plies",
        "0",
        "--passes",
        "1",
        "--steps",
        "1",
        "--out",
        weights.to_str().unwrap(),
    ]);
    let written = std::fs::read_to_string(&weights).unwrap_or_default();
    assert!(status.success() || !written.is_empty(), "{status:?}");
    assert!(written.lines().count() > 50, "weights written: {written}");
    let _ = std::fs::remove_file(&pgn);
    let _ = std::fs::remove_file(&weights);
}

#[test]
fn sprt_values_out_of_range_are_refused_and_a_file_after_sprt_is_a_file() {
    for bad in [
        "elo0=nan",
        "elo1=inf",
        "alpha=1.5",
        "beta=0",
        "elo0=10 elo1=5",
    ] {
        let mut args = match_args(&["--nodes", "100", "--sprt"]);
        args.extend(bad.split(' '));
        let o = humpty(&args);
        assert!(!o.status.success(), "{bad} accepted");
        assert!(stderr(&o).contains("SPRT"), "{bad}: {}", stderr(&o));
    }
    let pgn = tmp("sprt.pgn");
    let game = |round: &str, white: &str, black: &str, result: &str| {
        format!(
            "[Event \"e\"]\n[Round \"{round}\"]\n[White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n\n1. Fc4 {result}\n\n"
        )
    };
    let text = game("1.1", "a", "b", "1-0") + &game("1.2", "b", "a", "0-1");
    std::fs::write(&pgn, text).unwrap();
    let o = humpty(&[
        "stats",
        "--sprt",
        "elo0=0",
        "elo1=10",
        pgn.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Score of a vs b: 2 - 0 - 0"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("SPRT: elo0=0 elo1=10"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_file(&pgn).unwrap();
}

#[test]
fn a_truncated_pgn_is_named_and_not_counted() {
    let pgn = tmp("cut.pgn");
    let head = "[Event \"e\"]\n[White \"a\"]\n[Black \"b\"]\n";
    let text = format!(
        "{head}[Round \"1.1\"]\n[Result \"1-0\"]\n\n1. Fc4 Fj5 1-0\n\n{head}[Round \"1.2\"]\n[Result \"1-0\"]\n\n1. Fc4 Fj5 2. Fi"
    );
    std::fs::write(&pgn, text).unwrap();
    let o = humpty(&["stats", pgn.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("round 1.2") && stderr(&o).contains("cut off"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("1 - 0 - 0"), "{}", stdout(&o));
    std::fs::remove_file(&pgn).unwrap();
}

#[test]
fn reads_are_bounded_and_isready_keeps_answering() {
    let start = Instant::now();
    let o = humpty(&["stats", "/dev/zero"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not a text file"), "{}", stderr(&o));
    assert!(start.elapsed() < Duration::from_secs(5));
    let mut e = Process::start();
    e.send("setoption name Dev_Weights value /dev/zero");
    e.ready();
    assert!(
        e.seen
            .iter()
            .any(|l| l.starts_with("info string cannot read /dev/zero")),
        "{:?}",
        e.seen
    );
}

#[test]
fn divide_and_perft_agree_at_depth_zero() {
    let perft = stdout(&humpty(&["perft", "0"]));
    let divide = stdout(&humpty(&["divide", "0"]));
    assert_eq!(perft.trim(), "1");
    assert_eq!(divide.trim(), "Nodes searched: 1");
}

#[test]
fn quiet_still_says_why_an_engine_cannot_start() {
    let o = humpty(&[
        "match",
        "--engine",
        "cmd=/nonexistent",
        "name=a",
        "--engine",
        &format!("cmd={HUMPTY}"),
        "name=b",
        "--nodes",
        "100",
        "--games",
        "2",
        "--quiet",
    ]);
    assert!(
        stderr(&o).contains("cannot start '/nonexistent'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn tune_counts_out_of_range_are_refused() {
    for (flag, value) in [
        ("--held-out", "1000"),
        ("--held-out", "91"),
        ("--passes", "0"),
        ("--threads", "0"),
        ("--run", "0"),
    ] {
        let o = humpty(&["tune", "/dev/null", flag, value]);
        assert!(!o.status.success(), "{flag} {value} accepted");
        assert!(stderr(&o).contains(flag), "{flag}: {}", stderr(&o));
    }
}
