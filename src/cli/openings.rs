//! `humpty openings`: balanced start positions for matches.

use super::io::{check_writable, out, write_file};
use clap::{value_parser, Args};
use humpty::matches::openings::{self, GenerateSpec};

/// `humpty openings`'s arguments.
#[derive(Args, Debug)]
pub struct OpeningsArgs {
    /// Positions to write
    #[arg(long, default_value_t = 100, value_parser = value_parser!(u64).range(1..=1_000_000))]
    count: u64,
    /// Fewest random plies from the start
    #[arg(long, default_value_t = 4, value_parser = value_parser!(u64).range(0..=1000))]
    min_plies: u64,
    /// Most random plies from the start
    #[arg(long, default_value_t = 8, value_parser = value_parser!(u64).range(0..=1000))]
    max_plies: u64,
    /// Depth of the search that scores a position
    #[arg(long, default_value_t = 6, value_parser = value_parser!(i32).range(1..=30))]
    depth: i32,
    /// Keep a position scored within +-this
    #[arg(long, value_name = "CP", default_value_t = 80)]
    margin: i32,
    /// Random seed
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write here instead of stdout
    #[arg(long, value_name = "FILE", value_parser = crate::cli::io::path_parser())]
    out: Option<String>,
}

/// `humpty openings`: generate, then write to `--out` (checked first) or stdout.
pub fn generate_openings(a: &OpeningsArgs) -> Result<(), String> {
    let spec = GenerateSpec {
        count: a.count as usize,
        min_plies: a.min_plies as usize,
        max_plies: a.max_plies as usize,
        depth: a.depth,
        margin: a.margin,
        seed: a.seed,
    };
    let path = a.out.as_ref();
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
