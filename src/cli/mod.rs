//! The `humpty` command line: with no subcommand a protocol engine on
//! stdin/stdout; otherwise perft, divide, bench, match, stats, openings,
//! serve (the web board) or tune. It lives in the binary, so the library
//! does not depend on clap. The grammar is clap's derive: each command's
//! arguments are a struct in its own module.

mod annotate;
mod backup;
mod datagen;
mod explore;
pub mod io;
mod matches;
mod openings;
mod puzzle_check;
mod puzzles;
mod serve;
mod site;
mod tb;
mod tb_convert;
mod tb_plan;
mod train;
mod tune;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use humpty::engine::bench;
use humpty::eval::nnue::Kernel;
use humpty::protocol::input::Lines;
use humpty::protocol::output::Output;
use humpty::rules::perft::{divide_report, perft};
use humpty::rules::position::Position;
use io::{out, say};
use std::time::Instant;

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "humpty",
    version,
    about = "Humpty Dumpty Chess engine. Without a subcommand it speaks UCI (or XBoard after 'xboard') on stdin/stdout."
)]
struct Cli {
    /// Speak the XBoard protocol without waiting for 'xboard'
    #[arg(long)]
    xboard: bool,
    #[command(subcommand)]
    command: Option<Sub>,
}

/// The subcommands, each with its arguments.
#[derive(Subcommand, Debug)]
enum Sub {
    /// Count leaf nodes of the legal move tree
    Perft(PerftArgs),
    /// perft per root move, then the total
    Divide(PerftArgs),
    /// Search the bench positions at a fixed depth; prints nodes and nodes/second
    Bench(BenchArgs),
    /// Play engine-vs-engine games refereed by humpty's rules (see docs/match.md)
    Match(Box<matches::MatchArgs>),
    /// Generate balanced opening positions by random plies from the start, kept if a short search scores them near 0
    Openings(openings::OpeningsArgs),
    /// Merge the PGN files of a match (e.g. its shards) and print the match summary
    Stats(matches::StatsArgs),
    /// Serve the board in the browser: play and analyse by the exact rules (docs/web.md)
    Serve(serve::ServeArgs),
    /// Copy the game database consistently, even while `humpty serve` uses it (restore: serve --db OUT)
    Backup(backup::BackupArgs),
    /// Write the board as static files that need no server: the rules and the engine run in the browser (docs/web.md)
    Site(site::SiteArgs),
    /// Fit the evaluation weights to game results (Texel's method, docs/tuning.md)
    Tune(tune::TuneArgs),
    /// Review the games of a PGN file: an evaluation after every move, inaccuracies (?!), mistakes (?) and blunders (??) with the better line (docs/review.md)
    Annotate(annotate::AnnotateArgs),
    /// Find and prove puzzles in games (or in self-play games with no PGN given) and write them as lichess's puzzle CSV (docs/puzzles.md)
    Puzzles(puzzles::PuzzlesArgs),
    /// The opening tree of PGN games: each move from a position with its games, White/draw/Black and average Elo (docs/explore.md)
    Explore(explore::ExploreArgs),
    /// Self-play positions with scores and results, for training an evaluation network (docs/nnue.md)
    Datagen(datagen::DatagenArgs),
    /// Train the evaluation network on `humpty datagen` files (docs/nnue.md)
    Train(train::TrainArgs),
    /// Endgame tablebases: generate, verify, probe
    Tb(tb::TbArgs),
}

/// `humpty perft` and `humpty divide`.
#[derive(Args, Debug)]
struct PerftArgs {
    /// Plies to count
    #[arg(value_parser = clap::value_parser!(u32).range(0..=20))]
    depth: u32,
    #[command(flatten)]
    fen: FenArg,
}

/// `humpty bench`.
#[derive(Args, Debug)]
struct BenchArgs {
    /// Depth of each search
    #[arg(default_value_t = 9, value_parser = clap::value_parser!(i32).range(1..=64))]
    depth: i32,
    /// Evaluate with the network (on) or the hand-made terms (off) [default: as Use NNUE]
    #[arg(long)]
    nnue: Option<Switch>,
}

/// A `--fen` given quoted or as separate words.
#[derive(Args, Debug)]
struct FenArg {
    /// Position as FEN (quoted, or as separate words); default: the start position
    #[arg(long = "fen", num_args = 1.., value_name = "FEN")]
    words: Vec<String>,
}

impl FenArg {
    /// The position named, or the start.
    fn position(&self) -> Result<Position, String> {
        if self.words.is_empty() {
            return Ok(Position::startpos());
        }
        Position::from_fen(&self.words.join(" ")).map_err(|e| format!("bad FEN: {e}"))
    }
}

/// An on/off choice (`--nnue on`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Switch {
    /// Use it.
    On,
    /// Do not.
    Off,
}

impl Switch {
    /// Whether it is on.
    pub fn on(self) -> bool {
        self == Switch::On
    }
}

/// What the binary should do after the command line is read.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// A subcommand ran; exit.
    Done,
    /// Be a protocol engine, detecting UCI or XBoard from the first line.
    Protocol,
    /// Be an XBoard engine (`--xboard`).
    Xboard,
}

/// Speak UCI or XBoard on stdin/stdout: the first line decides (`xboard`
/// selects CECP; anything else is the first UCI command).
pub fn run_protocol(force_xboard: bool) {
    let lines = Lines::new(std::io::BufReader::new(std::io::stdin()));
    humpty::protocol::gui::serve(lines, Output::stdout(), force_xboard);
}

/// Run the command line.
pub fn run<I, T>(args: I) -> Result<Next, String>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let matches = match Cli::command().try_get_matches_from(args) {
        Ok(m) => m,
        // --help and --version are not errors.
        Err(e) if !e.use_stderr() => {
            out(e.to_string().trim_end());
            return Ok(Next::Done);
        }
        Err(e) => return Err(e.to_string()),
    };
    let cli = Cli::from_arg_matches(&matches).map_err(|e| e.to_string())?;
    let Some(command) = cli.command else {
        return Ok(if cli.xboard {
            Next::Xboard
        } else {
            Next::Protocol
        });
    };
    match command {
        Sub::Perft(a) => {
            let mut pos = a.fen.position()?;
            let start = Instant::now();
            let nodes = perft(&mut pos, a.depth);
            let secs = start.elapsed().as_secs_f64();
            out(nodes);
            say(format!(
                "time {secs:.3} s, {:.0} nodes/s",
                nodes as f64 / secs.max(1e-9)
            ));
        }
        Sub::Divide(a) => {
            let mut pos = a.fen.position()?;
            out(divide_report(&mut pos, a.depth).trim_end());
        }
        Sub::Bench(a) => {
            say(format!("NNUE kernel: {}", Kernel::detected().name()));
            let r = bench::run(a.depth, a.nnue.map(Switch::on), &mut |i, fen, nodes| {
                say(format!("Position {i:2}: {nodes:>10} nodes  {fen}"))
            });
            out(format!("Nodes searched: {}", r.nodes));
            out(format!("Nodes/second: {}", r.nps()));
        }
        Sub::Match(a) => {
            let sub = matches.subcommand_matches("match");
            matches::run_match(&a.with_engines(sub.unwrap_or(&matches)))?
        }
        Sub::Openings(a) => openings::generate_openings(&a)?,
        Sub::Stats(a) => matches::merged_stats(&a)?,
        Sub::Serve(a) => serve::serve(&a)?,
        Sub::Backup(a) => backup::backup(&a)?,
        Sub::Site(a) => site::site(&a)?,
        Sub::Tune(a) => tune::tune(&a)?,
        Sub::Annotate(a) => annotate::annotate(&a)?,
        Sub::Puzzles(a) => puzzles::puzzles(&a)?,
        Sub::Explore(a) => explore::explore(&a)?,
        Sub::Datagen(a) => datagen::datagen(&a)?,
        Sub::Train(a) => train::train(&a)?,
        Sub::Tb(a) => tb::tb(&a)?,
    }
    Ok(Next::Done)
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    /// clap's own check of the grammar: names, defaults and groups agree.
    #[test]
    fn the_grammar_is_consistent() {
        Cli::command().debug_assert();
    }
}
