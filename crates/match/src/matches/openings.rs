//! Opening positions for matches: reading a file of FENs or EPDs, and
//! generating balanced positions (random plies from the start, kept when a
//! short search scores them near level).

use super::pgn::parse_pgn;
use crate::engine::{Engine, GoParams};
use crate::rules::fen::FenError;
use crate::rules::pgn::ReplayError;
use crate::rules::position::Position;
use crate::rules::random::Rng;
use std::collections::HashSet;

/// Openings that cannot be read or made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningsError {
    /// A line (from 1) that is not a FEN.
    Fen(usize, FenError),
    /// A line (from 1) whose game is already over.
    Over(usize),
    /// A file with no positions.
    Empty,
    /// A PGN game (from 1) that does not replay.
    Game(usize, ReplayError),
    /// A PGN whose games are all over where the openings would start.
    NoGameGoing,
    /// `--min-plies` above `--max-plies`.
    PlyRange,
    /// Too few balanced positions found (how many).
    TooFew(usize),
}

impl std::fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpeningsError::Fen(n, e) => write!(f, "openings line {n}: {e}"),
            OpeningsError::Over(n) => write!(f, "openings line {n}: the game is already over"),
            OpeningsError::Empty => write!(f, "the openings file has no positions"),
            OpeningsError::Game(n, e) => write!(f, "openings game {n}: {e}"),
            OpeningsError::NoGameGoing => {
                write!(f, "the openings PGN has no game that is still going there")
            }
            OpeningsError::PlyRange => write!(f, "--min-plies must not exceed --max-plies"),
            OpeningsError::TooFew(n) => {
                write!(f, "only {n} balanced positions found; widen --margin")
            }
        }
    }
}

impl std::error::Error for OpeningsError {}

/// Read an opening file: PGN games (see `read_pgn_openings`), or one FEN or
/// EPD per line (EPD: first four fields; `#` comments and blank lines
/// skipped). Every position is checked.
pub fn read_openings(text: &str, plies: Option<usize>) -> Result<Vec<String>, OpeningsError> {
    if text.lines().any(|l| l.trim_start().starts_with('[')) {
        return read_pgn_openings(text, plies);
    }
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = l.split_whitespace().collect();
        // EPD has opcodes after four fields; a FEN's fifth field is a number.
        let fen = if fields.len() > 4 && fields[4].parse::<u32>().is_err() {
            format!("{} 0 1", fields[..4].join(" "))
        } else {
            l.to_string()
        };
        let pos = Position::from_fen(&fen).map_err(|e| OpeningsError::Fen(n + 1, e))?;
        if pos.outcome().is_some() {
            return Err(OpeningsError::Over(n + 1));
        }
        out.push(pos.to_fen());
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(out)
}

/// Openings from PGN games (SAN or coordinates): each game's position after
/// `plies` plies, or its final position. A game that is over there is
/// skipped; a game that does not replay is an error naming it.
fn read_pgn_openings(text: &str, plies: Option<usize>) -> Result<Vec<String>, OpeningsError> {
    let mut out = Vec::new();
    for (n, game) in parse_pgn(text).iter().enumerate() {
        let pos = game
            .replay(plies)
            .map_err(|e| OpeningsError::Game(n + 1, e))?;
        if pos.outcome().is_none() {
            out.push(pos.to_fen());
        }
    }
    if out.is_empty() {
        return Err(OpeningsError::NoGameGoing);
    }
    Ok(out)
}

/// How to generate openings.
#[derive(Clone, Copy, Debug)]
pub struct GenerateSpec {
    /// Positions wanted.
    pub count: usize,
    /// Fewest random plies from the start.
    pub min_plies: usize,
    /// Most random plies from the start.
    pub max_plies: usize,
    /// Depth of the search that judges a position.
    pub depth: i32,
    /// Largest score (centipawns, either way) a kept position may have.
    pub margin: i32,
    /// Random seed.
    pub seed: u64,
}

/// A position after a random number of random plies, if the game is still
/// on and the side to move is not in check.
fn random_playout(rng: &mut Rng, spec: &GenerateSpec) -> Option<Position> {
    let plies = spec.min_plies + rng.below(spec.max_plies - spec.min_plies + 1);
    let mut pos = Position::startpos();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.make_move(moves[rng.below(moves.len())]);
    }
    (!pos.in_check() && pos.outcome().is_none()).then_some(pos)
}

/// Generate balanced, distinct openings as FENs.
pub fn generate(spec: &GenerateSpec) -> Result<Vec<String>, OpeningsError> {
    if spec.min_plies > spec.max_plies {
        return Err(OpeningsError::PlyRange);
    }
    let mut rng = Rng::new(spec.seed);
    let mut engine = Engine::new();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut tries = 0;
    while out.len() < spec.count {
        tries += 1;
        if tries > spec.count.saturating_mul(200).saturating_add(1000) {
            return Err(OpeningsError::TooFew(out.len()));
        }
        let Some(mut pos) = random_playout(&mut rng, spec) else {
            continue;
        };
        let fen = pos.to_fen();
        let key = fen.split_whitespace().take(3).collect::<Vec<_>>().join(" ");
        if seen.contains(&key) {
            continue;
        }
        pos.clear_history();
        engine.set_position(pos);
        let go = GoParams {
            depth: Some(spec.depth),
            ..GoParams::default()
        };
        let r = engine.search_sync(&go, &mut |_| {});
        if r.score.abs() <= spec.margin {
            seen.insert(key);
            out.push(fen);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_read_fen_and_epd() {
        let text = "# comment\n\nrnflbfkblfnr/1c2a2a2c1/p1pp1pp1pp1p/12/12/P1PP1PP1PP1P/1C2A2A2C1/RNFLBFKBLFNR w KQkq - id \"start\";\n6k5/12/12/12/12/12/12/R5K5 b - - 3 40\n";
        let o = read_openings(text, None).unwrap();
        assert_eq!(o.len(), 2);
        assert_eq!(o[0], Position::START_FEN);
        assert!(read_openings("garbage", None).is_err());
        assert!(read_openings("", None).is_err());
    }

    #[test]
    fn openings_read_pgn_in_either_notation() {
        let text = "[Event \"a\"]\n\n1. c4 Nd7 2. b1d2 {coordinates} *\n\n[Event \"b\"]\n[SetUp \"1\"]\n[FEN \"6k5/12/12/12/12/12/12/R5K5 w - - 0 1\"]\n\n1. Ra8+ Kh7 *\n";
        let all = read_openings(text, None).unwrap();
        let mut pos = Position::startpos();
        for m in ["c3c4", "b8d7", "b1d2"] {
            pos.make_move(pos.parse_move(m).unwrap());
        }
        assert_eq!(all[0], pos.to_fen());
        let mut pos = Position::from_fen("6k5/12/12/12/12/12/12/R5K5 w - - 0 1").unwrap();
        for m in ["a1a8", "g8h7"] {
            pos.make_move(pos.parse_move(m).unwrap());
        }
        assert_eq!(all[1], pos.to_fen());
        let after_one = read_openings(text, Some(1)).unwrap();
        let mut one = Position::startpos();
        one.make_move(one.parse_move("c3c4").unwrap());
        assert_eq!(after_one[0], one.to_fen());
        let bad = read_openings("[Event \"x\"]\n\n1. Zz9 *\n", None)
            .unwrap_err()
            .to_string();
        assert!(bad.contains("game 1") && bad.contains("Zz9"), "{bad}");
    }
}
