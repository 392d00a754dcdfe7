//! `humpty explore`: the opening tree of PGN games at a position (docs/explore.md).

use super::io::{out, read_text, say};
use clap::{value_parser, Args};
use humpty::explore::{Tree, DEFAULT_PLIES};
use humpty::rules::pgn::parse_pgn;
use humpty::rules::position::Position;

/// `humpty explore`'s arguments.
#[derive(Args, Debug)]
pub struct ExploreArgs {
    /// The games
    #[arg(required = true, value_name = "GAMES.pgn", value_parser = crate::cli::io::path_parser())]
    files: Vec<String>,
    /// The position (default: the start)
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// Moves from it first, in SAN or coordinates, space-separated
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
    /// Plies of each game entered
    #[arg(long, default_value_t = DEFAULT_PLIES as u64, value_parser = value_parser!(u64).range(1..=1000))]
    plies: u64,
}

/// `humpty explore FILES...`.
pub fn explore(a: &ExploreArgs) -> Result<(), String> {
    let plies = a.plies as usize;
    let mut tree = Tree::new(plies);
    let mut skipped = 0;
    for path in &a.files {
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
    let mut pos = match &a.fen {
        Some(f) => Position::from_fen(f).map_err(|e| format!("--fen: {e}"))?,
        None => Position::startpos(),
    };
    for text in a.moves.as_deref().unwrap_or("").split_whitespace() {
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
