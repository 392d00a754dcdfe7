//! `humpty explore`: the opening tree of PGN games at a position (docs/explore.md).

use super::io::{out, read_text, say};
use clap::{value_parser, Arg, ArgMatches, Command};
use humpty::explore::{Tree, DEFAULT_PLIES};
use humpty::rules::pgn::parse_pgn;
use humpty::rules::position::Position;

/// `humpty explore`'s grammar.
pub fn explore_command() -> Command {
    Command::new("explore")
        .about("The opening tree of PGN games: each move from a position with its games, White/draw/Black and average Elo (docs/explore.md)")
        .arg(Arg::new("files").num_args(1..).required(true).value_name("GAMES.pgn").value_parser(crate::cli::io::path_parser()))
        .arg(Arg::new("fen").long("fen").value_name("FEN").help("The position (default: the start)"))
        .arg(Arg::new("moves").long("moves").value_name("MOVES").help("Moves from it first, in SAN or coordinates, space-separated"))
        .arg(Arg::new("plies").long("plies").value_parser(value_parser!(u64).range(1..=1000)).default_value("40").help("Plies of each game entered"))
}

/// `humpty explore FILES...`.
pub fn explore(m: &ArgMatches) -> Result<(), String> {
    let plies = m
        .get_one::<u64>("plies")
        .map_or(DEFAULT_PLIES, |&p| p as usize);
    let mut tree = Tree::new(plies);
    let mut skipped = 0;
    for path in m.get_many::<String>("files").into_iter().flatten() {
        for (i, g) in parse_pgn(&read_text(path)?).iter().enumerate() {
            if !tree.add_pgn(g, &format!("{path}#{}", i + 1)) {
                skipped += 1;
            }
        }
    }
    if skipped > 0 {
        say(format!(
            "{skipped} games skipped (unfinished, or they do not replay)"
        ));
    }
    let mut pos = match m.get_one::<String>("fen") {
        Some(f) => Position::from_fen(f).map_err(|e| format!("--fen: {e}"))?,
        None => Position::startpos(),
    };
    for text in m
        .get_one::<String>("moves")
        .map_or("", String::as_str)
        .split_whitespace()
    {
        let mv = pos
            .parse_san(text)
            .map_err(|e| format!("--moves: {text}: {e}"))?;
        pos.make_move(mv);
    }
    out(format!("{} games; {}", tree.games(), pos.to_fen()));
    let pct = |n: u32, of: u32| 100.0 * f64::from(n) / f64::from(of.max(1));
    for (mv, s) in tree.moves_at(&pos) {
        let elo = s.average_elo().map_or("-".to_string(), |e| e.to_string());
        out(format!(
            "{:<8} {:>6} games  White {:>5.1}%  draw {:>5.1}%  Black {:>5.1}%  Elo {elo}",
            pos.san(mv),
            s.games,
            pct(s.white, s.games),
            pct(s.draws, s.games),
            pct(s.black, s.games),
        ));
    }
    Ok(())
}
