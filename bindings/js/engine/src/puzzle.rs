//! Puzzles in the worker: a solver's move judged and an attempt rated by
//! the server's own code (`humpty_analysis::puzzles::solve` and Glicko-2),
//! on a row of the shipped puzzle CSV.

use humpty_analysis::puzzles::csv::{parse_row, Row};
use humpty_analysis::puzzles::glicko::Rating;
use humpty_analysis::puzzles::solve::{judge, Step};
use std::fmt;

/// Why a puzzle request is refused.
#[derive(Debug)]
pub enum PuzzleError {
    /// The row is not a puzzle of lichess's CSV.
    Row(String),
    /// The ply is not one the solver plays.
    Ply(u32),
    /// The move is not legal there.
    Move(String),
    /// A rating is not `{rating, deviation, volatility}` in range.
    Rating(String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Row(e) => write!(f, "puzzle: {e}"),
            PuzzleError::Ply(p) => write!(f, "puzzle: ply {p} is not a solver's move"),
            PuzzleError::Move(e) => write!(f, "puzzle: {e}"),
            PuzzleError::Rating(e) => write!(f, "puzzle: a rating: {e}"),
        }
    }
}

fn row(line: &str) -> Result<Row, PuzzleError> {
    parse_row(line).map_err(|e| PuzzleError::Row(e.to_string()))
}

/// Judge `mv` at `ply` of the puzzle `line`: `{"step": "wrong"}`,
/// `{"step": "right", "reply": "..."}` or `{"step": "solved"}`.
pub fn judge_move(line: &str, ply: u32, mv: &str) -> Result<String, PuzzleError> {
    let r = row(line)?;
    let at = ply as usize;
    if !r.solver_ply(at) {
        return Err(PuzzleError::Ply(ply));
    }
    let m = r
        .position_at(at)
        .parse_move(mv)
        .map_err(|e| PuzzleError::Move(e.to_string()))?;
    Ok(match judge(&r, at, m) {
        Step::Wrong => r#"{"step":"wrong"}"#.to_string(),
        Step::Right { reply } => format!(r#"{{"step":"right","reply":"{reply}"}}"#),
        Step::Solved => r#"{"step":"solved"}"#.to_string(),
    })
}

/// A rating from JSON, or the default when `text` is `null`.
fn rating(text: &str, default: Rating) -> Result<Rating, PuzzleError> {
    let r: Option<Rating> =
        serde_json::from_str(text).map_err(|e| PuzzleError::Rating(e.to_string()))?;
    let r = r.unwrap_or(default);
    let sane = r.rating.is_finite()
        && (0.0..=5000.0).contains(&r.rating)
        && r.deviation.is_finite()
        && r.deviation > 0.0
        && r.volatility.is_finite()
        && r.volatility > 0.0;
    if sane {
        Ok(r)
    } else {
        Err(PuzzleError::Rating(text.to_string()))
    }
}

/// One attempt at the puzzle `line`: the player's and the puzzle's new
/// ratings as JSON (`player`/`puzzle` JSON ratings, `null` for a new
/// player and the puzzle's seed).
pub fn rate(line: &str, player: &str, puzzle: &str, solved: bool) -> Result<String, PuzzleError> {
    let r = row(line)?;
    let player = rating(player, Rating::default())?;
    let puzzle = rating(puzzle, r.seed_rating())?;
    let (p, q) = Rating::attempt(player, puzzle, solved);
    let json = serde_json::json!({ "player": p, "puzzle": q });
    Ok(json.to_string())
}
