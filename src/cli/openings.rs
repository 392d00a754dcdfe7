//! `humpty openings`: balanced start positions for matches.

use super::io::{check_writable, out, write_file};
use clap::{value_parser, Arg, ArgMatches, Command};
use humpty::matches::openings::{self, GenerateSpec};

/// `humpty openings`'s grammar.
pub fn openings_command() -> Command {
    Command::new("openings")
        .about("Generate balanced opening positions by random plies from the start, kept if a short search scores them near 0")
        .arg(Arg::new("count").long("count").value_parser(value_parser!(u64).range(1..=1_000_000)).default_value("100"))
        .arg(Arg::new("min-plies").long("min-plies").value_parser(value_parser!(u64).range(0..=1000)).default_value("4"))
        .arg(Arg::new("max-plies").long("max-plies").value_parser(value_parser!(u64).range(0..=1000)).default_value("8"))
        .arg(Arg::new("depth").long("depth").value_parser(value_parser!(i32).range(1..=30)).default_value("6"))
        .arg(Arg::new("margin").long("margin").value_name("CP").value_parser(value_parser!(i32)).default_value("80"))
        .arg(Arg::new("seed").long("seed").value_parser(value_parser!(u64)).default_value("1"))
        .arg(Arg::new("out").long("out").value_name("FILE").value_parser(crate::cli::io::path_parser()).help("Write here instead of stdout"))
}

/// `humpty openings`: generate, then write to `--out` (checked first) or stdout.
pub fn generate_openings(m: &ArgMatches) -> Result<(), String> {
    let get = |k: &str| *m.get_one::<u64>(k).expect("defaulted") as usize;
    let spec = GenerateSpec {
        count: get("count"),
        min_plies: get("min-plies"),
        max_plies: get("max-plies"),
        depth: *m.get_one::<i32>("depth").expect("defaulted"),
        margin: *m.get_one::<i32>("margin").expect("defaulted"),
        seed: *m.get_one::<u64>("seed").expect("defaulted"),
    };
    let path = m.get_one::<String>("out");
    if let Some(path) = path {
        check_writable(path)?;
    }
    let text = openings::generate(&spec)
        .map_err(|e| e.to_string())?
        .join("\n");
    match path {
        Some(path) => write_file(path, &(text + "\n"))?,
        None => out(text),
    }
    Ok(())
}
