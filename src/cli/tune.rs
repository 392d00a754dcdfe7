//! `humpty tune`: fit the evaluation weights to game results (Texel's
//! method, docs/tuning.md).

use super::io::path_parser;
use super::io::{check_writable, out, read_text, write_file};
use clap::{value_parser, Args};

/// `humpty tune`'s arguments. Counts that must be at least 1, and a
/// percentage that leaves data to train on, are refused by the parser,
/// never quietly changed.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The games
    #[arg(required = true, value_name = "PGN", value_parser = path_parser())]
    files: Vec<String>,
    /// Start from these weights (default: the built-in ones)
    #[arg(long, value_name = "FILE", value_parser = path_parser())]
    weights: Option<String>,
    /// Start from v1's hand-set weights (before any --weights file)
    #[arg(long)]
    hand_set: bool,
    /// Write the tuned weights here
    #[arg(long, value_name = "FILE", value_parser = path_parser(), default_value = "weights.txt")]
    out: String,
    /// Skip each game's first plies (the opening)
    #[arg(long, default_value_t = 16, value_parser = value_parser!(u32).range(0..=100_000))]
    skip_plies: u32,
    /// Skip positions evaluated beyond +-this
    #[arg(long, default_value_t = 800, value_parser = value_parser!(u32).range(0..=100_000))]
    max_score: u32,
    /// Most passes per step size
    #[arg(long, default_value_t = 4, value_parser = value_parser!(u32).range(1..=100_000))]
    passes: u32,
    /// Most steps a weight moves one way per pass (1: Texel's one step)
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u32).range(1..=100_000))]
    run: u32,
    /// Percent of the positions kept out of training, to measure (0 to 90)
    #[arg(long, default_value_t = 10, value_parser = value_parser!(u32).range(0..=90))]
    held_out: u32,
    /// Threads (1 to 64)
    #[arg(long, default_value_t = 2, value_parser = value_parser!(u32).range(1..=64))]
    threads: u32,
    /// Tune only weights whose names start with these (e.g. outpost,frog_promotion)
    #[arg(long, value_name = "PREFIX", value_parser = path_parser(), value_delimiter = ',')]
    only: Vec<String>,
    /// Step sizes in centipawns, tried in turn
    #[arg(long, value_delimiter = ',', default_value = "8,4,2,1", value_parser = value_parser!(i32).range(1..=1000))]
    steps: Vec<i32>,
}

/// `humpty tune FILES...`: load, fit, report, write the weights.
pub fn tune(a: &TuneArgs) -> Result<(), String> {
    use humpty::tune::data::{samples_from_pgn, LoadReport, Selection};
    let out_path = &a.out;
    check_writable(out_path)?;
    let mut start = if a.hand_set {
        humpty::eval::EvalParams::hand_set()
    } else {
        humpty::eval::EvalParams::default()
    };
    if let Some(path) = &a.weights {
        let text = read_text(path)?;
        start.set_weights(&text).map_err(|e| e.to_string())?;
    }
    let sel = Selection {
        skip_plies: a.skip_plies as usize,
        max_score: a.max_score as i32,
    };
    let (mut samples, mut report) = (Vec::new(), LoadReport::default());
    for path in &a.files {
        let text = read_text(path)?;
        samples_from_pgn(&text, &start, sel, &mut samples, &mut report);
    }
    let held = samples.len() * a.held_out as usize / 100;
    let (train, held_out) = samples.split_at(samples.len() - held);
    out(format!(
        "{} games ({} skipped), {} positions, {} quiet: {} to train, {} held out",
        report.games,
        report.skipped_games,
        report.positions,
        samples.len(),
        train.len(),
        held_out.len()
    ));
    if train.is_empty() {
        return Err("no quiet positions to train on".into());
    }
    let cfg = humpty::tune::TuneConfig {
        steps: a.steps.clone(),
        max_passes: a.passes as usize,
        max_run: a.run as usize,
        threads: a.threads as usize,
        only: a.only.clone(),
    };
    let r = humpty::tune::tune(train, held_out, &start, &cfg, &mut |line| out(line));
    // The weights first: what follows is only printing.
    write_file(out_path, &r.params.weights_text())?;
    out(format!(
        "training error {:.6} -> {:.6}",
        r.train.0, r.train.1
    ));
    out(format!(
        "held-out error {:.6} -> {:.6}",
        r.held_out.0, r.held_out.1
    ));
    out(format!("weights written to {out_path}"));
    Ok(())
}
