//! `humpty puzzles`: find and prove puzzles in PGN games, or in self-play
//! games when no PGN is given, and write them as lichess's puzzle CSV
//! (docs/puzzles.md).

use super::io::{check_writable, parse_shard, read_text, say};
use clap::{value_parser, Arg, ArgMatches, Command};
use humpty::engine::Engine;
use humpty::puzzles::csv::{row, HEADER};
use humpty::puzzles::generate::{puzzles_of_game, self_play, Budget, GameYield};
use humpty::rules::moves::Move;
use humpty::rules::pgn::parse_pgn;
use humpty::rules::position::Position;
use std::collections::BTreeMap;
use std::io::{IsTerminal, Write as _};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// Random plies that open a self-play game (so no two are alike).
const RANDOM_PLIES: usize = 8;
/// Longest self-play game, in plies.
const MAX_PLIES: usize = 400;

/// `humpty puzzles`'s grammar.
pub fn puzzles_command() -> Command {
    let number = |name: &'static str, default: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .value_parser(value_parser!(u64).range(1..=1_000_000_000))
            .default_value(default)
            .help(help)
    };
    Command::new("puzzles")
        .about("Find and prove puzzles in games (or in self-play games with no PGN given) and write them as lichess's puzzle CSV (docs/puzzles.md)")
        .arg(Arg::new("files").num_args(0..).value_name("GAMES.pgn").value_parser(crate::cli::io::path_parser()))
        .arg(Arg::new("out").long("out").required(true).value_name("FILE.csv").value_parser(crate::cli::io::path_parser()).help("Write the puzzles here (replaced)"))
        .arg(number("nodes", "300000", "Nodes per search of a proof"))
        .arg(number("scan-nodes", "20000", "Nodes per position of the scan for candidates"))
        .arg(Arg::new("concurrency").long("concurrency").value_parser(value_parser!(u64).range(1..=256)).default_value("1").help("Games worked on at once, one engine each"))
        .arg(Arg::new("shard").long("shard").value_name("K/N").help("Work on the K-th of N shares of the games"))
        .arg(number("games", "100", "Self-play games when no PGN is given"))
        .arg(number("play-nodes", "4000", "Nodes per move of a self-play game"))
        .arg(Arg::new("check").long("check").value_name("FILE.csv").value_parser(crate::cli::io::path_parser()).conflicts_with("files").help("Prove FILE's puzzles again on a fresh engine at --nodes and a third of it; write those that pass to --out"))
        .arg(Arg::new("seed").long("seed").value_parser(value_parser!(u64)).default_value("1").help("First self-play seed"))
}

/// One game to work on.
enum Job {
    /// A game read from a file.
    Game {
        start: Box<Position>,
        moves: Vec<Move>,
        source: String,
    },
    /// A self-play game of this seed.
    SelfPlay(u64),
}

/// The games of the files named, or self-play seeds; a game that does not
/// replay is named and skipped.
fn jobs(m: &ArgMatches) -> Result<Vec<Job>, String> {
    let files: Vec<&String> = m
        .get_many::<String>("files")
        .into_iter()
        .flatten()
        .collect();
    if files.is_empty() {
        let (seed, games) = (
            m.get_one::<u64>("seed").copied().unwrap_or(1),
            *m.get_one::<u64>("games").expect("defaulted"),
        );
        return Ok((0..games)
            .map(|i| Job::SelfPlay(seed.saturating_add(i)))
            .collect());
    }
    let mut out = Vec::new();
    for path in files {
        let games = parse_pgn(&read_text(path)?);
        if games.is_empty() {
            say(format!("{path}: no games"));
        }
        for (i, g) in games.iter().enumerate() {
            let replayed = g
                .start()
                .and_then(|start| g.replay_moves(None).map(|(_, moves)| (start, moves)));
            match replayed {
                Ok((start, moves)) => out.push(Job::Game {
                    start: Box::new(start),
                    moves,
                    source: format!("{path}#{}", i + 1),
                }),
                Err(e) => say(format!("{path} game {}: {e}; skipped", i + 1)),
            }
        }
    }
    Ok(out)
}

/// `humpty puzzles`.
pub fn puzzles(m: &ArgMatches) -> Result<(), String> {
    let out_path = m.get_one::<String>("out").expect("required");
    check_writable(out_path)?;
    if let Some(path) = m.get_one::<String>("check") {
        let nodes = *m.get_one::<u64>("nodes").expect("defaulted");
        let workers = *m.get_one::<u64>("concurrency").expect("defaulted") as usize;
        return super::puzzle_check::check(path, out_path, nodes, workers);
    }
    let shard = m
        .get_one::<String>("shard")
        .map_or(Ok((1, 1)), |s| parse_shard(s))?;
    let all = jobs(m)?;
    let mine: Vec<Job> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % shard.1 == shard.0 - 1)
        .map(|(_, j)| j)
        .collect();
    let budget = Budget {
        scan: *m.get_one::<u64>("scan-nodes").expect("defaulted"),
        prove: *m.get_one::<u64>("nodes").expect("defaulted"),
    };
    let play_nodes = *m.get_one::<u64>("play-nodes").expect("defaulted");
    let workers =
        (*m.get_one::<u64>("concurrency").expect("defaulted") as usize).min(mine.len().max(1));
    let mut file =
        std::fs::File::create(out_path).map_err(|e| format!("cannot write {out_path}: {e}"))?;
    let write = |f: &mut std::fs::File, line: &str| {
        writeln!(f, "{line}")
            .and_then(|()| f.flush())
            .map_err(|e| format!("cannot write {out_path}: {e}"))
    };
    write(&mut file, HEADER)?;
    let bar = std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(mine.len() as u64);
        let style = indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games {msg} {elapsed_precise} eta {eta}",
        );
        b.set_style(style.unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()));
        b
    });
    let (rx, handles) = start_workers(mine, budget, play_nodes, workers);
    let (mut puzzles, mut games) = (0, 0);
    let mut themes: BTreeMap<String, usize> = BTreeMap::new();
    let mut rejected: BTreeMap<String, usize> = BTreeMap::new();
    // Two games whose openings met can give one puzzle: written once.
    let mut written = std::collections::HashSet::new();
    for found in rx {
        games += 1;
        for p in &found.puzzles {
            let line = row(p);
            if !written.insert(line.split(',').next().unwrap_or("").to_string()) {
                *rejected.entry("Repeat".to_string()).or_default() += 1;
                continue;
            }
            write(&mut file, &line)?;
            puzzles += 1;
            for t in &p.themes {
                *themes.entry(t.to_string()).or_default() += 1;
            }
        }
        for r in found.rejected {
            *rejected.entry(format!("{r:?}")).or_default() += 1;
        }
        if let Some(b) = &bar {
            b.set_position(games);
            b.set_message(format!("{puzzles} puzzles"));
        }
    }
    for h in handles {
        let _ = h.join();
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let list = |m: &BTreeMap<String, usize>| {
        m.iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    say(format!(
        "{games} games: {puzzles} puzzles written to {out_path}"
    ));
    say(format!("themes: {}", list(&themes)));
    say(format!("candidates rejected: {}", list(&rejected)));
    Ok(())
}

/// Work on `jobs` with `workers` threads, one engine each; each game's
/// yield comes out of the receiver as it is done.
fn start_workers(
    mine: Vec<Job>,
    budget: Budget,
    play_nodes: u64,
    workers: usize,
) -> (mpsc::Receiver<GameYield>, Vec<std::thread::JoinHandle<()>>) {
    let jobs = Arc::new(mine);
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<GameYield>();
    let handles: Vec<_> = (0..workers)
        .map(|_| {
            let (jobs, next, tx) = (Arc::clone(&jobs), Arc::clone(&next), tx.clone());
            std::thread::spawn(move || {
                let mut engine = Engine::with_hash_mib(32);
                while let Some(job) = jobs.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let found = match job {
                        Job::Game {
                            start,
                            moves,
                            source,
                        } => puzzles_of_game(&mut engine, start, moves, budget, source),
                        Job::SelfPlay(seed) => {
                            let moves =
                                self_play(&mut engine, *seed, play_nodes, RANDOM_PLIES, MAX_PLIES);
                            let source = format!("self-play seed {seed}");
                            puzzles_of_game(
                                &mut engine,
                                &Position::startpos(),
                                &moves,
                                budget,
                                &source,
                            )
                        }
                    };
                    if tx.send(found).is_err() {
                        return;
                    }
                }
            })
        })
        .collect();
    drop(tx);
    (rx, handles)
}
