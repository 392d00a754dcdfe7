//! `humpty puzzles`: find and prove puzzles in PGN games, or in self-play
//! games when no PGN is given, and write them as lichess's puzzle CSV
//! (docs/puzzles.md).

use super::io::path_parser;
use super::io::{check_writable, parse_shard, read_text, say};
use clap::{value_parser, Args};
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

/// `humpty puzzles`'s arguments.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    /// The games to search (none: self-play games)
    #[arg(value_name = "GAMES.pgn", value_parser = path_parser())]
    files: Vec<String>,
    /// Write the puzzles here (replaced)
    #[arg(long, value_name = "FILE.csv", value_parser = path_parser())]
    out: String,
    /// Nodes per search of a proof
    #[arg(long, default_value_t = 300_000, value_parser = count())]
    nodes: u64,
    /// Nodes per position of the scan for candidates
    #[arg(long, default_value_t = 20_000, value_parser = count())]
    scan_nodes: u64,
    /// Games worked on at once, one engine each
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Work on the K-th of N shares of the games
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// Self-play games when no PGN is given
    #[arg(long, default_value_t = 100, value_parser = count())]
    games: u64,
    /// Nodes per move of a self-play game
    #[arg(long, default_value_t = 4000, value_parser = count())]
    play_nodes: u64,
    /// Prove FILE's puzzles again on a fresh engine at --nodes and a third of it; write those that pass to --out
    #[arg(long, value_name = "FILE.csv", value_parser = path_parser(), conflicts_with = "files")]
    check: Option<String>,
    /// First self-play seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The parser of a count of nodes or games.
fn count() -> clap::builder::RangedU64ValueParser<u64> {
    value_parser!(u64).range(1..=1_000_000_000)
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
fn jobs(a: &PuzzlesArgs) -> Result<Vec<Job>, String> {
    let files = &a.files;
    if files.is_empty() {
        let (seed, games) = (a.seed, a.games);
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
pub fn puzzles(a: &PuzzlesArgs) -> Result<(), String> {
    let out_path = &a.out;
    check_writable(out_path)?;
    if let Some(path) = &a.check {
        return super::puzzle_check::check(path, out_path, a.nodes, a.concurrency as usize);
    }
    let shard = a.shard.as_ref().map_or(Ok((1, 1)), |s| parse_shard(s))?;
    let all = jobs(a)?;
    let mine: Vec<Job> = all
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % shard.1 == shard.0 - 1)
        .map(|(_, j)| j)
        .collect();
    let budget = Budget {
        scan: a.scan_nodes,
        prove: a.nodes,
    };
    let play_nodes = a.play_nodes;
    let workers = (a.concurrency as usize).min(mine.len().max(1));
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
