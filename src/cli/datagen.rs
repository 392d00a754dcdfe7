//! `humpty datagen`: training positions from humpty's own games, and a
//! check of a data file (docs/nnue.md).

use super::io::{out, say};
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use humpty::datagen::{self, format, DatagenSpec};
use humpty::matches::openings;
use std::io::IsTerminal;
use std::time::Instant;

/// The repository's 700 balanced openings, the default start positions.
const OPENINGS: &str = include_str!("../../tests/data/openings-700.txt");

/// `humpty datagen`'s grammar.
pub fn datagen_command() -> Command {
    Command::new("datagen")
        .about("Self-play positions with scores and results, for training an evaluation network (docs/nnue.md)")
        .arg(Arg::new("out").long("out").value_name("FILE").value_parser(crate::cli::io::path_parser()).required_unless_present("check").help("The data file: made, or resumed where it stopped"))
        .arg(Arg::new("games").long("games").value_parser(value_parser!(u32).range(1..)).default_value("1000").help("Games in the whole run (all shards)"))
        .arg(Arg::new("nodes").long("nodes").value_parser(value_parser!(u64).range(1..=100_000_000)).default_value("5000").help("Nodes per move"))
        .arg(Arg::new("random-plies").long("random-plies").value_parser(value_parser!(u32).range(0..=100)).default_value("8").help("Random plies after the opening"))
        .arg(Arg::new("seed").long("seed").value_parser(value_parser!(u64)).default_value("1"))
        .arg(Arg::new("shard").long("shard").value_name("K/N").help("Play only part K of N of the games (merge the files by concatenating their blocks)"))
        .arg(Arg::new("concurrency").long("concurrency").value_parser(value_parser!(u64).range(1..=256)).default_value("1").help("Games at once, one thread each"))
        .arg(Arg::new("max-plies").long("max-plies").value_parser(value_parser!(u64).range(1..=10_000)).default_value("400").help("A game still going after this many plies is a draw"))
        .arg(Arg::new("openings").long("openings").value_name("FILE").value_parser(crate::cli::io::path_parser()).help("FEN/EPD or PGN start positions [default: the repository's 700]"))
        .arg(Arg::new("nnue").long("nnue").value_parser(["on", "off"]).help("Play with the network (on) or the hand-made evaluation (off) [default: as Use NNUE]"))
        .arg(Arg::new("check").long("check").value_name("FILE").value_parser(crate::cli::io::path_parser()).action(ArgAction::Set).help("Check a data file: games, positions, results, damage"))
}

/// `humpty datagen`.
pub fn datagen(m: &ArgMatches) -> Result<(), String> {
    if let Some(path) = m.get_one::<String>("check") {
        return check(path);
    }
    let text = match m.get_one::<String>("openings") {
        Some(p) => std::fs::read_to_string(p).map_err(|e| format!("cannot read {p}: {e}"))?,
        None => OPENINGS.to_string(),
    };
    let spec = DatagenSpec {
        out: m.get_one::<String>("out").expect("required").into(),
        games: *m.get_one::<u32>("games").expect("defaulted"),
        nodes: *m.get_one::<u64>("nodes").expect("defaulted"),
        random_plies: *m.get_one::<u32>("random-plies").expect("defaulted"),
        seed: *m.get_one::<u64>("seed").expect("defaulted"),
        shard: m.get_one::<String>("shard").map_or(Ok((1, 1)), |s| {
            let (k, n) = super::io::parse_shard(s)?;
            let big = |_| format!("--shard {s}: at most {} shares", u32::MAX);
            Ok::<_, String>((
                u32::try_from(k).map_err(big)?,
                u32::try_from(n).map_err(big)?,
            ))
        })?,
        concurrency: *m.get_one::<u64>("concurrency").expect("defaulted") as usize,
        openings: openings::read_openings(&text, None).map_err(|e| e.to_string())?,
        max_plies: *m.get_one::<u64>("max-plies").expect("defaulted") as usize,
        use_nnue: m.get_one::<String>("nnue").map(|v| v == "on"),
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
