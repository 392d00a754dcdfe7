//! `humpty tune`: fit the evaluation weights to game results (Texel's
//! method, docs/tuning.md).

use super::io::{check_writable, out, read_text, write_file};
use super::pgn_files_arg;
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};

/// `humpty tune`'s grammar.
pub fn tune_command() -> Command {
    let num = |name: &'static str, default: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .value_parser(value_parser!(u32).range(0..=100_000))
            .default_value(default)
            .help(help)
    };
    // Counts that must be at least 1, and a percentage that leaves data to
    // train on: refused by the parser, never quietly changed.
    let at_least_one = |name: &'static str, default: &'static str, help: &'static str| {
        num(name, default, help).value_parser(value_parser!(u32).range(1..=100_000))
    };
    Command::new("tune")
        .about("Fit the evaluation weights to game results (Texel's method, docs/tuning.md)")
        .arg(pgn_files_arg())
        .arg(
            Arg::new("weights")
                .long("weights")
                .value_name("FILE")
                .value_parser(crate::cli::io::path_parser())
                .help("Start from these weights (default: the built-in ones)"),
        )
        .arg(
            Arg::new("hand-set")
                .long("hand-set")
                .action(ArgAction::SetTrue)
                .help("Start from v1's hand-set weights (before any --weights file)"),
        )
        .arg(
            Arg::new("out")
                .long("out")
                .value_name("FILE")
                .value_parser(crate::cli::io::path_parser())
                .default_value("weights.txt")
                .help("Write the tuned weights here"),
        )
        .arg(num(
            "skip-plies",
            "16",
            "Skip each game's first plies (the opening)",
        ))
        .arg(num(
            "max-score",
            "800",
            "Skip positions evaluated beyond +-this",
        ))
        .arg(at_least_one("passes", "4", "Most passes per step size"))
        .arg(at_least_one(
            "run",
            "1",
            "Most steps a weight moves one way per pass (1: Texel's one step)",
        ))
        .arg(
            num(
                "held-out",
                "10",
                "Percent of the positions kept out of training, to measure (0 to 90)",
            )
            .value_parser(value_parser!(u32).range(0..=90)),
        )
        .arg(
            at_least_one("threads", "2", "Threads (1 to 64)")
                .value_parser(value_parser!(u32).range(1..=64)),
        )
        .arg(
            Arg::new("only")
                .long("only")
                .value_name("PREFIX")
                .value_parser(crate::cli::io::path_parser())
                .value_delimiter(',')
                .help(
                    "Tune only weights whose names start with these (e.g. outpost,frog_promotion)",
                ),
        )
        .arg(
            Arg::new("steps")
                .long("steps")
                .value_delimiter(',')
                .value_parser(value_parser!(i32).range(1..=1000))
                .default_value("8,4,2,1")
                .help("Step sizes in centipawns, tried in turn"),
        )
}

/// `humpty tune FILES...`: load, fit, report, write the weights.
pub fn tune(m: &ArgMatches) -> Result<(), String> {
    use humpty::tune::data::{samples_from_pgn, LoadReport, Selection};
    let num = |name: &str| *m.get_one::<u32>(name).expect("defaulted") as usize;
    let out_path = m.get_one::<String>("out").expect("defaulted");
    check_writable(out_path)?;
    let mut start = if m.get_flag("hand-set") {
        humpty::eval::EvalParams::hand_set()
    } else {
        humpty::eval::EvalParams::default()
    };
    if let Some(path) = m.get_one::<String>("weights") {
        let text = read_text(path)?;
        start.set_weights(&text).map_err(|e| e.to_string())?;
    }
    let sel = Selection {
        skip_plies: num("skip-plies"),
        max_score: num("max-score") as i32,
    };
    let (mut samples, mut report) = (Vec::new(), LoadReport::default());
    for path in m.get_many::<String>("files").expect("required") {
        let text = read_text(path)?;
        samples_from_pgn(&text, &start, sel, &mut samples, &mut report);
    }
    let held = samples.len() * num("held-out") / 100;
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
        steps: m
            .get_many::<i32>("steps")
            .expect("defaulted")
            .copied()
            .collect(),
        max_passes: num("passes"),
        max_run: num("run"),
        threads: num("threads"),
        only: m
            .get_many::<String>("only")
            .map_or_else(Vec::new, |v| v.cloned().collect()),
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
