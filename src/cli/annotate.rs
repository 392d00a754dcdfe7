//! `humpty annotate`: review every game of a PGN file and write it back
//! with evaluations, judgements and better lines (docs/review.md).

use super::io::path_parser;
use super::io::{check_writable, out, read_text, say};
use clap::{value_parser, ArgGroup, Args};
use humpty::engine::{Engine, GoParams};
use humpty::review::annotate::{annotated_pgn, summary_text};
use humpty::review::{review_game, PlayerSummary};
use humpty::rules::pgn::{parse_pgn, PgnGame};
use humpty::rules::piece::Color;
use std::io::IsTerminal;
use std::io::Write as _;
use std::time::Duration;

/// Nodes per position when no limit is given (about a second here).
const DEFAULT_NODES: u64 = 250_000;

/// `humpty annotate`'s arguments.
#[derive(Args, Debug)]
#[command(group = ArgGroup::new("limit").args(["movetime", "depth", "nodes"]))]
pub struct AnnotateArgs {
    /// The games to review
    #[arg(value_name = "GAMES.pgn", value_parser = path_parser())]
    file: String,
    /// Write the annotated PGN here (default: stdout)
    #[arg(long, value_name = "FILE", value_parser = path_parser())]
    out: Option<String>,
    /// Time per position
    #[arg(long, value_name = "MS", value_parser = value_parser!(u64).range(1..=3_600_000))]
    movetime: Option<u64>,
    /// Depth per position
    #[arg(long, value_parser = value_parser!(i32).range(1..=64))]
    depth: Option<i32>,
    /// Nodes per position (default 250000)
    #[arg(long, value_parser = value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Search threads
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u64).range(1..=256))]
    threads: u64,
}

/// The search limit per position.
fn limit(a: &AnnotateArgs) -> GoParams {
    let mut go = GoParams::default();
    if let Some(ms) = a.movetime {
        go.movetime = Some(Duration::from_millis(ms));
    } else if let Some(d) = a.depth {
        go.depth = Some(d);
    } else {
        go.nodes = Some(a.nodes.unwrap_or(DEFAULT_NODES));
    }
    go
}

/// A progress bar over `total` positions on a terminal.
fn progress_bar(total: usize) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(total as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} positions {elapsed_precise} eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    })
}

/// `humpty annotate FILE`: review each game and write it as it is done
/// (to `--out`, or standard output), so an interrupted run keeps every
/// game it finished.
pub fn annotate(a: &AnnotateArgs) -> Result<(), String> {
    let path = &a.file;
    let out_path = a.out.as_ref();
    if let Some(p) = out_path {
        check_writable(p)?;
    }
    let games = parse_pgn(&read_text(path)?);
    if games.is_empty() {
        return Err(format!("{path}: no games"));
    }
    let mut engine = Engine::with_hash_mib(64);
    let threads = a.threads as usize;
    let used = engine.set_threads(threads);
    if used < threads {
        say(format!(
            "--threads {threads}: this machine runs {used} threads at once; using {used}"
        ));
    }
    let go = limit(a);
    let total = games.iter().map(|g| g.moves.len() + 1).sum();
    let bar = progress_bar(total);
    let mut file = match out_path {
        Some(p) => Some(std::fs::File::create(p).map_err(|e| format!("cannot write {p}: {e}"))?),
        None => None,
    };
    let mut written = 0;
    let mut all = Vec::new();
    for (i, game) in games.iter().enumerate() {
        let pgn = match annotate_game(&mut engine, game, &go, bar.as_ref()) {
            Ok((pgn, summaries)) => {
                all.push(summaries);
                pgn
            }
            Err(e) => {
                say(format!("game {}: {e}; skipped", i + 1));
                continue;
            }
        };
        match (&mut file, out_path) {
            (Some(f), Some(p)) => f
                .write_all(pgn.as_bytes())
                .and_then(|()| f.flush())
                .map_err(|e| format!("cannot write {p}: {e}"))?,
            _ => {
                // PGN games are parted by a blank line.
                if written > 0 {
                    out("");
                }
                out(pgn.trim_end());
            }
        }
        written += 1;
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if all.is_empty() {
        // Nothing reviewed: no empty file left behind, and a failing exit
        // status for the script that ran us.
        if let Some(p) = out_path {
            let _ = std::fs::remove_file(p);
        }
        return Err(format!(
            "{path}: none of its {} games could be reviewed",
            games.len()
        ));
    }
    say(totals_text(all.len(), &all));
    Ok(())
}

/// One game reviewed and written; an unreadable game is an error naming
/// the ply.
fn annotate_game(
    engine: &mut Engine,
    game: &PgnGame,
    go: &GoParams,
    bar: Option<&indicatif::ProgressBar>,
) -> Result<(String, [PlayerSummary; 2]), String> {
    let start = game.start().map_err(|e| e.to_string())?;
    let (_, moves) = game.replay_moves(None).map_err(|e| e.to_string())?;
    engine.new_game();
    let review = review_game(engine, &start, &moves, go, &mut || {
        if let Some(b) = bar {
            b.inc(1);
        }
        true
    })
    .ok_or("the review stopped")?;
    let summaries = Color::BOTH.map(|c| review.summary(c));
    for (c, s) in Color::BOTH.iter().zip(&summaries) {
        let line = summary_text(*c, s);
        match bar {
            Some(b) => b.println(line),
            None => say(line),
        }
    }
    let result = match game.result.as_str() {
        "" => game.tags.get("Result").map_or("*", String::as_str),
        r => r,
    };
    Ok((annotated_pgn(&game.tags, &review, result), summaries))
}

/// The run's totals per side, said at the end (docs/review.md calibrates
/// the review with them).
fn totals_text(games: usize, all: &[[PlayerSummary; 2]]) -> String {
    let n = games.max(1) as f64;
    let side = |i: usize| {
        let marked: usize = all.iter().map(|s| s[i].counts[1] + s[i].counts[2]).sum();
        let slips: usize = all.iter().map(|s| s[i].counts[0]).sum();
        let acc: Vec<f64> = all.iter().filter_map(|s| s[i].accuracy).collect();
        // No accuracy at all (games with no move of this side) is said so,
        // not averaged into a "-0.0%".
        let mean = match acc.len() {
            0 => "none".to_string(),
            n => format!("{:.1}%", acc.iter().sum::<f64>() / n as f64),
        };
        format!(
            "{} {:.2} mistakes and blunders a game ({:.2} inaccuracies), mean accuracy {mean}",
            Color::BOTH[i],
            marked as f64 / n,
            slips as f64 / n
        )
    };
    format!("{games} games: {}; {}", side(0), side(1))
}
