//! `humpty datagen`: training positions from humpty's own games, and a
//! check of a data file (docs/nnue.md).

use super::io::path_parser;
use super::io::{out, say};
use super::Switch;
use clap::{value_parser, Args};
use humpty::datagen::{self, format, DatagenSpec};
use humpty::matches::openings;
use std::io::IsTerminal;
use std::time::Instant;

/// The repository's 700 balanced openings, the default start positions.
const OPENINGS: &str = include_str!("../../tests/data/openings-700.txt");

/// `humpty datagen`'s arguments.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The data file: made, or resumed where it stopped
    #[arg(long, value_name = "FILE", value_parser = path_parser(), required_unless_present = "check")]
    out: Option<String>,
    /// Games in the whole run (all shards)
    #[arg(long, default_value_t = 1000, value_parser = value_parser!(u32).range(1..))]
    games: u32,
    /// Nodes per move
    #[arg(long, default_value_t = 5000, value_parser = value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Random plies after the opening
    #[arg(long, default_value_t = 8, value_parser = value_parser!(u32).range(0..=100))]
    random_plies: u32,
    /// Random seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play only part K of N of the games (merge the files by concatenating their blocks)
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// Games at once, one thread each
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// A game still going after this many plies is a draw
    #[arg(long, default_value_t = 400, value_parser = value_parser!(u64).range(1..=10_000))]
    max_plies: u64,
    /// FEN/EPD or PGN start positions [default: the repository's 700]
    #[arg(long, value_name = "FILE", value_parser = path_parser())]
    openings: Option<String>,
    /// Play with the network (on) or the hand-made evaluation (off) [default: as Use NNUE]
    #[arg(long)]
    nnue: Option<Switch>,
    /// Check a data file: games, positions, results, damage
    #[arg(long, value_name = "FILE", value_parser = path_parser())]
    check: Option<String>,
}

/// `humpty datagen`.
pub fn datagen(a: &DatagenArgs) -> Result<(), String> {
    if let Some(path) = &a.check {
        return check(path);
    }
    let text = match &a.openings {
        Some(p) => std::fs::read_to_string(p).map_err(|e| format!("cannot read {p}: {e}"))?,
        None => OPENINGS.to_string(),
    };
    let spec = DatagenSpec {
        out: a.out.clone().ok_or("give --out FILE")?.into(),
        games: a.games,
        nodes: a.nodes,
        random_plies: a.random_plies,
        seed: a.seed,
        shard: a.shard.as_ref().map_or(Ok((1, 1)), |s| {
            let (k, n) = super::io::parse_shard(s)?;
            let big = |_| format!("--shard {s}: at most {} shares", u32::MAX);
            Ok::<_, String>((
                u32::try_from(k).map_err(big)?,
                u32::try_from(n).map_err(big)?,
            ))
        })?,
        concurrency: a.concurrency as usize,
        openings: openings::read_openings(&text, None).map_err(|e| e.to_string())?,
        max_plies: a.max_plies as usize,
        use_nnue: a.nnue.map(Switch::on),
    };
    let (k, n) = spec.shard;
    let share = (0..spec.games).filter(|i| i % n == k - 1).count() as u64;
    let bar = std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(share);
        let style = indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games {msg} {elapsed_precise} eta {eta}",
        );
        b.set_style(style.unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()));
        b
    });
    let start = Instant::now();
    let summary = datagen::run(&spec, &mut |games, positions| {
        if let Some(b) = &bar {
            b.set_position(games as u64);
            b.set_message(format!("{positions} positions"));
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let s = summary.map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    if s.dropped_bytes > 0 {
        say(format!(
            "humpty datagen: dropped a cut-off end of {} bytes",
            s.dropped_bytes
        ));
    }
    out(format!(
        "games {} (resumed past {}), positions {}, {:.1} s, {:.0} positions/s, {:.0} positions/s per thread",
        s.games,
        s.resumed,
        s.positions,
        secs,
        s.positions as f64 / secs,
        s.positions as f64 / secs / spec.concurrency.max(1) as f64
    ));
    Ok(())
}

/// `humpty datagen --check FILE`.
fn check(path: &str) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let read = format::read_file(&bytes).map_err(|e| format!("{path}: {e}"))?;
    let positions: usize = read.blocks.iter().map(|b| b.samples.len()).sum();
    let mut results = [0usize; 3];
    for b in &read.blocks {
        results[b.outcome as usize] += 1;
    }
    out(format!(
        "{path}: {} games, {positions} positions, {} bytes; White wins {}, draws {}, Black wins {}",
        read.blocks.len(),
        bytes.len(),
        results[2],
        results[1],
        results[0]
    ));
    if read.damage.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{path}: damaged {}; every good game is kept, and datagen with the same --out makes the lost ones again",
        read.damage.join("; ")
    ))
}
