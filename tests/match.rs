//! The match runner, driven through `humpty match` with real and fake engines.

use humpty::matches::pgn::parse_pgn;
use humpty::Position;
use std::process::Command;

const HUMPTY: &str = env!("CARGO_BIN_EXE_humpty");

fn fake() -> String {
    format!("{}/tests/fake_engine.sh", env!("CARGO_MANIFEST_DIR"))
}

/// Run `humpty match`; an argument with spaces is split into words, as a
/// shell would split `--engine cmd=X name=Y`.
fn run_match(args: &[&str]) -> (String, String, bool) {
    let words: Vec<&str> = args.iter().flat_map(|a| a.split(' ')).collect();
    let out = Command::new(HUMPTY)
        .arg("match")
        .args(&words)
        .arg("--quiet")
        .output()
        .expect("run humpty match");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

fn tmp(name: &str) -> std::path::PathBuf {
    let p = std::env::temp_dir().join(format!("humpty-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

fn humpty_engine(name: &str) -> String {
    format!("cmd={HUMPTY} name={name}")
}

/// `(wins, losses, draws)` of the first engine from the summary.
fn score_line(summary: &str) -> (u32, u32, u32) {
    let line = summary
        .lines()
        .find(|l| l.starts_with("Score of"))
        .expect("score line");
    let nums: Vec<u32> = line
        .split(':')
        .nth(1)
        .unwrap()
        .split('[')
        .next()
        .unwrap()
        .split('-')
        .map(|s| s.trim().parse().unwrap())
        .collect();
    (nums[0], nums[1], nums[2])
}

#[test]
fn humpty_vs_humpty_is_deterministic_and_pgn_reads_back() {
    let openings = format!("{}/tests/data/openings.txt", env!("CARGO_MANIFEST_DIR"));
    let mut pgns = Vec::new();
    for run in 0..2 {
        let pgn = tmp(&format!("det{run}.pgn"));
        let a = humpty_engine("a");
        let b = humpty_engine("b");
        let (out, err, ok) = run_match(&[
            "--engine",
            &a,
            "--engine",
            &b,
            "--nodes",
            "1500",
            "--openings",
            &openings,
            "--games",
            "4",
            "--maxplies",
            "80",
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert!(ok, "{out}{err}");
        let (w, l, d) = score_line(&out);
        assert_eq!(w + l + d, 4);
        assert!(
            out.contains("Time losses: 0, illegal moves: 0, crashes: 0"),
            "{out}"
        );
        pgns.push(std::fs::read_to_string(&pgn).unwrap());
    }
    // Fixed nodes, one thread: the same moves (thinking times differ).
    let moves = |pgn: &str| {
        parse_pgn(pgn)
            .into_iter()
            .map(|g| g.moves)
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(&pgns[0]), moves(&pgns[1]));
    // Every game is in SAN and replays legally from its FEN, each move's SAN
    // is the one the rules core writes, and the openings pair up with
    // colours swapped.
    let games = parse_pgn(&pgns[0]);
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g.tags["Variant"], "humpty");
        assert_eq!(g.tags["SetUp"], "1");
        assert_eq!(g.tags["Result"], g.result);
        let mut pos = Position::from_fen(&g.tags["FEN"]).unwrap();
        for m in &g.moves {
            let mv = pos.parse_san(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            assert_eq!(&pos.san(mv), m);
            pos.make_move(mv);
        }
        assert_eq!(g.replay(None).unwrap().to_fen(), pos.to_fen());
        assert_eq!(g.moves.len().to_string(), g.tags["PlyCount"]);
    }
    let first_pair: Vec<_> = games
        .iter()
        .filter(|g| g.tags["Round"].starts_with("1."))
        .collect();
    assert_eq!(first_pair.len(), 2);
    assert_eq!(first_pair[0].tags["FEN"], first_pair[1].tags["FEN"]);
    assert_eq!(first_pair[0].tags["White"], first_pair[1].tags["Black"]);
}

/// The games of a PGN text as comparable lines: round, players, result and
/// moves (thinking times and scores left out).
fn game_set(pgn: &str) -> Vec<String> {
    let mut v: Vec<String> = parse_pgn(pgn)
        .iter()
        .map(|g| {
            let t = |k: &str| g.tags[k].clone();
            format!(
                "{} {} {} {} {}",
                t("Round"),
                t("White"),
                t("Black"),
                g.result,
                g.moves.join(" ")
            )
        })
        .collect();
    v.sort();
    v
}

/// `humpty stats` on these files.
fn stats(files: &[&std::path::Path]) -> String {
    let out = Command::new(HUMPTY)
        .arg("stats")
        .args(files)
        .output()
        .expect("run humpty stats");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn two_shards_merged_equal_one_unsharded_run() {
    let openings = format!("{}/tests/data/openings.txt", env!("CARGO_MANIFEST_DIR"));
    let (a, b) = (humpty_engine("a"), humpty_engine("b"));
    let common = |pgn: &std::path::Path, extra: &[&str], conc: &str| {
        let mut args = vec![
            "--engine",
            &a,
            "--engine",
            &b,
            "--each",
            "option.Hash=4",
            "--nodes",
            "800",
            "--openings",
            &openings,
            "--order",
            "random",
            "--seed",
            "7",
            "--games",
            "12",
            "--maxplies",
            "60",
            "--concurrency",
            conc,
            "--pgn",
            pgn.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        let (out, err, ok) = run_match(&args);
        assert!(ok, "{out}{err}");
        out
    };
    let whole = tmp("whole.pgn");
    let summary = common(&whole, &[], "2");
    let shards: Vec<_> = (1..=2).map(|k| tmp(&format!("shard{k}.pgn"))).collect();
    for (k, p) in shards.iter().enumerate() {
        let spec = format!("{}/2", k + 1);
        common(p, &["--shard", &spec], "1");
    }
    let read = |p: &std::path::Path| std::fs::read_to_string(p).unwrap();
    let shard_text: Vec<String> = shards.iter().map(|p| read(p)).collect();
    // Disjoint halves (whole game pairs) that together are the whole match.
    let (s1, s2) = (game_set(&shard_text[0]), game_set(&shard_text[1]));
    assert_eq!(s1.len(), 6);
    assert_eq!(s2.len(), 6);
    assert!(s1.iter().all(|g| !s2.contains(g)));
    let mut merged = [s1, s2].concat();
    merged.sort();
    assert_eq!(merged, game_set(&read(&whole)));
    // The merged summary is the unsharded run's summary, word for word.
    let paths: Vec<&std::path::Path> = shards.iter().map(|p| p.as_path()).collect();
    assert_eq!(stats(&paths), summary);
    assert_eq!(stats(&[whole.as_path()]), summary);
    // A separate run (another --event) merges with this one: twice the games.
    let other = tmp("other-event.pgn");
    std::fs::write(
        &other,
        read(&whole).replace("[Event \"humpty match\"]", "[Event \"rerun\"]"),
    )
    .unwrap();
    let both = stats(&[whole.as_path(), other.as_path()]);
    assert!(
        both.contains("[0.") && both.lines().next().unwrap().ends_with(" 24"),
        "{both}"
    );
    // A shard given twice is refused.
    let twice = Command::new(HUMPTY)
        .arg("stats")
        .args([&shards[0], &shards[0]])
        .output()
        .unwrap();
    assert!(!twice.status.success());
    assert!(String::from_utf8_lossy(&twice.stderr).contains("appears twice"));
}

/// Play humpty against the fake engine in `mode`; humpty must win every game.
fn against_fake(mode: &str, limit: &[&str]) -> String {
    let a = humpty_engine("humpty");
    let f = format!("cmd={} arg={mode} name=fake", fake());
    let mut args = vec![
        "--engine",
        a.as_str(),
        "--engine",
        f.as_str(),
        "--games",
        "4",
        "--hang-timeout",
        "2",
    ];
    args.extend_from_slice(limit);
    let (out, err, ok) = run_match(&args);
    assert!(ok, "{out}{err}");
    assert_eq!(score_line(&out), (4, 0, 0), "{mode}: {out}");
    out
}

#[test]
fn illegal_moves_lose_and_are_counted() {
    let pgn = tmp("illegal.pgn");
    let out = against_fake(
        "illegal",
        &["--nodes", "500", "--pgn", pgn.to_str().unwrap()],
    );
    assert!(out.contains("illegal moves: 4"), "{out}");
    // The PGN says which games were lost by a fault, and stats counts them.
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Fault \"illegal\"]").count(), 4);
    assert_eq!(stats(&[pgn.as_path()]), out);
}

#[test]
fn garbage_output_loses() {
    let out = against_fake("garbage", &["--nodes", "500"]);
    assert!(out.contains("illegal moves: 4"), "{out}");
}

#[test]
fn crashes_lose_and_the_engine_is_restarted() {
    let out = against_fake("crash", &["--nodes", "500"]);
    assert!(out.contains("crashes: 4"), "{out}");
}

#[test]
fn an_engine_that_cannot_start_loses_every_game() {
    let out = against_fake("nostart", &["--nodes", "500"]);
    assert!(out.contains("crashes: 4"), "{out}");
}

#[test]
fn hangs_under_node_limits_lose() {
    let out = against_fake("hang", &["--nodes", "500"]);
    assert!(out.contains("crashes: 0, hangs: 4"), "{out}");
}

#[test]
fn flagging_loses_on_time() {
    let out = against_fake("flag", &["--tc", "0.5+0", "--margin", "50"]);
    assert!(out.contains("Time losses: 4"), "{out}");
}

/// Time odds: the engine that takes 3 s a move flags at the match's
/// 0.5 s, but not on its own 10 s clock (`tc=`): it then loses by its
/// illegal second move. The PGN names each side's clock.
#[test]
fn an_engine_plays_on_its_own_clock() {
    let a = humpty_engine("humpty");
    let f = format!("cmd={} arg=flag name=fake tc=10+0", fake());
    let pgn = tmp("odds.pgn");
    let (out, err, ok) = run_match(&[
        "--engine",
        a.as_str(),
        "--engine",
        f.as_str(),
        "--games",
        "2",
        "--tc",
        "0.5+0",
        "--margin",
        "50",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert_eq!(score_line(&out), (2, 0, 0), "{out}");
    assert!(out.contains("Time losses: 0, illegal moves: 2"), "{out}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[TimeControl \"0.5\"]").count(), 2, "{text}");
    assert_eq!(text.matches("TimeControl \"10\"]").count(), 2, "{text}");
    // An engine's own clock needs a match on clocks.
    let (_, err, ok) = run_match(&[
        "--engine",
        a.as_str(),
        "--engine",
        f.as_str(),
        "--nodes",
        "100",
    ]);
    assert!(!ok && err.contains("tc= needs --tc to be a clock"), "{err}");
}

#[test]
fn sprt_stops_early() {
    // Against an engine that always plays an illegal move, H1 (elo1 = 5) is
    // accepted long before 200 games.
    let a = humpty_engine("humpty");
    let f = format!("cmd={} arg=illegal name=fake", fake());
    let (out, err, ok) = run_match(&[
        "--engine",
        &a,
        "--engine",
        &f,
        "--nodes",
        "200",
        "--games",
        "200",
        "--sprt",
        "elo0=0",
        "elo1=5",
        "alpha=0.05",
        "beta=0.05",
    ]);
    assert!(ok, "{out}{err}");
    let (w, l, d) = score_line(&out);
    assert!(w + l + d < 200, "{out}");
    assert!(out.contains("H1 accepted"), "{out}");
}

#[test]
fn bad_command_lines_are_refused() {
    let a = humpty_engine("a");
    let b = humpty_engine("b");
    for args in [
        vec!["--engine", a.as_str(), "--nodes", "10"],
        vec![
            "--engine",
            a.as_str(),
            "--engine",
            a.as_str(),
            "--nodes",
            "10",
        ],
        vec!["--engine", a.as_str(), "--engine", b.as_str()],
        vec![
            "--engine",
            a.as_str(),
            "--engine",
            b.as_str(),
            "--nodes",
            "10",
            "--depth",
            "3",
        ],
        vec![
            "--engine",
            a.as_str(),
            "--engine",
            "name=x",
            "--nodes",
            "10",
        ],
        vec![
            "--engine",
            a.as_str(),
            "--engine",
            b.as_str(),
            "--tc",
            "banana",
        ],
        vec![
            "--engine",
            a.as_str(),
            "--engine",
            b.as_str(),
            "--nodes",
            "10",
            "--openings",
            "/nonexistent",
        ],
        vec![
            "--engine",
            a.as_str(),
            "--engine",
            b.as_str(),
            "--nodes",
            "10",
            "--sprt",
            "elo0=5",
            "elo1=0",
        ],
    ] {
        let (out, err, ok) = run_match(&args);
        assert!(!ok, "{args:?} accepted: {out}");
        assert!(!err.trim().is_empty(), "{args:?}: no message");
    }
}

#[test]
fn xboard_and_uci_engines_meet_without_faults() {
    let x = format!("cmd={HUMPTY} name=xb proto=xboard");
    let u = humpty_engine("uci");
    let (out, err, ok) = run_match(&[
        "--engine",
        &x,
        "--engine",
        &u,
        "--nodes",
        "800",
        "--games",
        "2",
        "--maxplies",
        "60",
    ]);
    assert!(ok, "{out}{err}");
    let (w, l, d) = score_line(&out);
    assert_eq!(w + l + d, 2);
    assert!(
        out.contains("Time losses: 0, illegal moves: 0, crashes: 0"),
        "{out}"
    );
}

#[test]
fn opening_generator_writes_distinct_balanced_positions() {
    let file = tmp("openings.txt");
    let out = Command::new(HUMPTY)
        .args([
            "openings", "--count", "4", "--depth", "2", "--margin", "150", "--seed", "3", "--out",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let fens: Vec<&str> = text.lines().collect();
    assert_eq!(fens.len(), 4);
    let distinct: std::collections::HashSet<&str> = fens.iter().copied().collect();
    assert_eq!(distinct.len(), 4);
    for f in fens {
        let p = Position::from_fen(f).unwrap();
        assert!(!p.in_check() && p.outcome().is_none(), "{f}");
    }
    // The file reads back as an openings file.
    assert!(humpty::matches::openings::read_openings(&text, None).is_ok());
}
