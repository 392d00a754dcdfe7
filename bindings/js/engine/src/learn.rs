//! Learn from your mistakes in the worker: the exercises of a reviewed
//! game and the judgement of an attempt, by the server's own code
//! (`humpty_analysis::review::learn`) on the server's report.

use humpty_analysis::review::learn::{exercises, is_exercise, judge_attempt};
use humpty_analysis::review::report::ReviewReport;
use humpty_analysis::review::{verdict_until, DEFAULT_NODES, REVIEW_HASH_MIB};
use humpty_engine::{Engine, GoParams};
use humpty_rules::moves::Move;
use humpty_rules::piece::Color;
use humpty_rules::position::Position;
use std::fmt;

/// Why a learn request is refused.
#[derive(Debug)]
pub enum LearnError {
    /// The start position's FEN does not parse.
    Fen(String),
    /// A move of the game, or the attempt, is not legal.
    Move(String),
    /// The report is not a review's report of this game.
    Report(String),
    /// The ply is not an exercise's.
    Ply(u32),
    /// The side is not "white", "black" or "both".
    Side(String),
    /// The page stopped the search.
    Stopped,
}

impl fmt::Display for LearnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LearnError::Fen(e) => write!(f, "learn: the start position: {e}"),
            LearnError::Move(e) => write!(f, "learn: {e}"),
            LearnError::Report(e) => write!(f, "learn: the review report: {e}"),
            LearnError::Ply(p) => write!(
                f,
                "learn: ply {p} is not a mistake or blunder of the review"
            ),
            LearnError::Side(s) => write!(
                f,
                "learn: side must be \"white\", \"black\" or \"both\", not {s:?}"
            ),
            LearnError::Stopped => f.write_str("learn: stopped"),
        }
    }
}

/// The game: its start, its legal moves and the review's report of it.
struct Reviewed {
    start: Position,
    line: Vec<Move>,
    report: ReviewReport,
}

fn reviewed(fen: &str, moves: &str, report: &str) -> Result<Reviewed, LearnError> {
    let start = Position::from_fen(fen).map_err(|e| LearnError::Fen(e.to_string()))?;
    let mut pos = start.clone();
    let mut line = Vec::new();
    for text in moves.split_whitespace() {
        let m = pos
            .parse_move(text)
            .map_err(|e| LearnError::Move(e.to_string()))?;
        pos.make_move(m);
        line.push(m);
    }
    let report: ReviewReport =
        serde_json::from_str(report).map_err(|e| LearnError::Report(e.to_string()))?;
    if report.moves.len() != line.len() {
        let why = format!(
            "{} moves reviewed, the game has {}",
            report.moves.len(),
            line.len()
        );
        return Err(LearnError::Report(why));
    }
    Ok(Reviewed {
        start,
        line,
        report,
    })
}

/// The exercises as JSON (`[{ply, color, number}]`), for `side`'s
/// mistakes ("white", "black", or "both" on an analysis board).
pub fn exercise_list(
    fen: &str,
    moves: &str,
    report: &str,
    side: &str,
) -> Result<String, LearnError> {
    let side = match side {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        "both" => None,
        other => return Err(LearnError::Side(other.to_string())),
    };
    let r = reviewed(fen, moves, report)?;
    let list = exercises(&r.report, &r.start, &r.line, side);
    serde_json::to_string(&list).map_err(|e| LearnError::Report(e.to_string()))
}

/// The judgement of `attempt` at the exercise of `ply`, as JSON
/// (`{found, loss, san, better?}`); `stopped` is asked during a search.
pub fn judge(
    fen: &str,
    moves: &str,
    report: &str,
    ply: u32,
    attempt: &str,
    stopped: &(dyn Fn() -> bool + Sync),
) -> Result<String, LearnError> {
    let r = reviewed(fen, moves, report)?;
    let at = ply as usize;
    if !is_exercise(&r.report, at) {
        return Err(LearnError::Ply(ply));
    }
    let mut pos = r.start.clone();
    for &m in &r.line[..at] {
        pos.make_move(m);
    }
    let m = pos
        .parse_move(attempt)
        .map_err(|e| LearnError::Move(e.to_string()))?;
    let go = GoParams {
        nodes: Some(DEFAULT_NODES),
        ..GoParams::default()
    };
    let judged = judge_attempt(&r.report, &pos, at, r.line[at], m, |after| {
        let mut engine = Engine::with_hash_mib(REVIEW_HASH_MIB);
        verdict_until(&mut engine, after, &go, stopped)
    })
    .ok_or(LearnError::Stopped)?;
    serde_json::to_string(&judged).map_err(|e| LearnError::Report(e.to_string()))
}
