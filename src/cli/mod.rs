//! The `humpty` command line: with no subcommand a protocol engine on
//! stdin/stdout; otherwise perft, divide, bench, match, stats, openings,
//! serve (the web board) or tune. It lives in the binary, so the library
//! does not depend on clap.

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

use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use humpty::engine::bench;
use humpty::protocol::input::{Input, Lines};
use humpty::rules::perft::{divide_report, perft};
use humpty::rules::position::Position;
use io::{out, say};
use std::time::Instant;

fn fen_arg() -> Arg {
    Arg::new("fen")
        .long("fen")
        .num_args(1..)
        .value_name("FEN")
        .help("Position as FEN (quoted, or as separate words); default: the start position")
}

/// The command-line grammar.
pub fn command() -> Command {
    Command::new("humpty")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Humpty Dumpty Chess engine. Without a subcommand it speaks UCI (or XBoard after 'xboard') on stdin/stdout.")
        .arg(
            Arg::new("xboard")
                .long("xboard")
                .action(ArgAction::SetTrue)
                .help("Speak the XBoard protocol without waiting for 'xboard'"),
        )
        .subcommand(
            Command::new("perft")
                .about("Count leaf nodes of the legal move tree")
                .arg(Arg::new("depth").required(true).value_parser(value_parser!(u32).range(0..=20)))
                .arg(fen_arg()),
        )
        .subcommand(
            Command::new("divide")
                .about("perft per root move, then the total")
                .arg(Arg::new("depth").required(true).value_parser(value_parser!(u32).range(0..=20)))
                .arg(fen_arg()),
        )
        .subcommand(
            Command::new("bench")
                .about("Search the bench positions at a fixed depth; prints nodes and nodes/second")
                .arg(
                    Arg::new("depth")
                        .value_parser(value_parser!(i32).range(1..=64))
                        .default_value("9"),
                )
                .arg(
                    Arg::new("nnue")
                        .long("nnue")
                        .value_parser(["on", "off"])
                        .help("Evaluate with the network (on) or the hand-made terms (off) [default: as Use NNUE]"),
                ),
        )
        .subcommand(matches::match_command())
        .subcommand(openings::openings_command())
        .subcommand(matches::stats_command())
        .subcommand(serve::serve_command())
        .subcommand(backup::backup_command())
        .subcommand(site::site_command())
        .subcommand(tune::tune_command())
        .subcommand(annotate::annotate_command())
        .subcommand(puzzles::puzzles_command())
        .subcommand(explore::explore_command())
        .subcommand(datagen::datagen_command())
        .subcommand(train::train_command())
        .subcommand(tb::tb_command())
}

/// One or more PGN files (`humpty stats`, `humpty tune`).
fn pgn_files_arg() -> Arg {
    Arg::new("files")
        .required(true)
        .num_args(1..)
        .value_name("PGN")
        .value_parser(crate::cli::io::path_parser())
}

fn position_from(m: &ArgMatches) -> Result<Position, String> {
    match m.get_many::<String>("fen") {
        None => Ok(Position::startpos()),
        Some(words) => {
            let fen = words.cloned().collect::<Vec<_>>().join(" ");
            Position::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))
        }
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
    let mut lines = Lines::new(std::io::BufReader::new(std::io::stdin()));
    if force_xboard {
        return humpty::protocol::xboard::run_stdio(lines);
    }
    match lines.next() {
        None => {}
        Some(Input::Line(l)) if l.trim() == "xboard" => humpty::protocol::xboard::run_stdio(lines),
        first => humpty::protocol::uci::run_stdio(first, lines),
    }
}

/// Run the command line.
pub fn run<I, T>(args: I) -> Result<Next, String>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let m = match command().try_get_matches_from(args) {
        Ok(m) => m,
        // --help and --version are not errors.
        Err(e) if !e.use_stderr() => {
            out(e.to_string().trim_end());
            return Ok(Next::Done);
        }
        Err(e) => return Err(e.to_string()),
    };
    match m.subcommand() {
        Some(("perft", sub)) => {
            let mut pos = position_from(sub)?;
            let depth = *sub.get_one::<u32>("depth").expect("required");
            let start = Instant::now();
            let nodes = perft(&mut pos, depth);
            let secs = start.elapsed().as_secs_f64();
            out(nodes);
            say(format!(
                "time {secs:.3} s, {:.0} nodes/s",
                nodes as f64 / secs.max(1e-9)
            ));
        }
        Some(("divide", sub)) => {
            let mut pos = position_from(sub)?;
            let depth = *sub.get_one::<u32>("depth").expect("required");
            out(divide_report(&mut pos, depth).trim_end());
        }
        Some(("bench", sub)) => {
            let depth = *sub.get_one::<i32>("depth").expect("defaulted");
            let nnue = sub.get_one::<String>("nnue").map(|v| v == "on");
            let r = bench::run(depth, nnue, &mut |i, fen, nodes| {
                say(format!("Position {i:2}: {nodes:>10} nodes  {fen}"))
            });
            out(format!("Nodes searched: {}", r.nodes));
            out(format!("Nodes/second: {}", r.nps()));
        }
        Some(("match", sub)) => matches::run_match(sub)?,
        Some(("openings", sub)) => openings::generate_openings(sub)?,
        Some(("stats", sub)) => matches::merged_stats(sub)?,
        Some(("serve", sub)) => serve::serve(sub)?,
        Some(("backup", sub)) => backup::backup(sub)?,
        Some(("site", sub)) => site::site(sub)?,
        Some(("tune", sub)) => tune::tune(sub)?,
        Some(("annotate", sub)) => annotate::annotate(sub)?,
        Some(("puzzles", sub)) => puzzles::puzzles(sub)?,
        Some(("explore", sub)) => explore::explore(sub)?,
        Some(("datagen", sub)) => datagen::datagen(sub)?,
        Some(("train", sub)) => train::train(sub)?,
        Some(("tb", sub)) => tb::tb(sub)?,
        _ if m.get_flag("xboard") => return Ok(Next::Xboard),
        _ => return Ok(Next::Protocol),
    }
    Ok(Next::Done)
}
