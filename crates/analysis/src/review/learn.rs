//! Learn from your mistakes (docs/review.md): after a review, each of the
//! player's mistakes and blunders is an exercise, "find a better move", at
//! the position where it was played. A move within an inaccuracy of the
//! best counts as found (the review's own threshold); the move the game
//! played never does. The server and the browser's worker judge with this
//! code, and neither tells the page an answer before it is earned.

use super::report::{BetterReport, ReviewReport};
use super::{win_percent, Judgement, Verdict};
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use serde::Serialize;

/// One exercise: the ply of the mistake and who must find a better move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Exercise {
    /// The ply of the mistake (0 for the game's first move).
    pub ply: usize,
    /// "white" or "black".
    pub color: String,
    /// The move number.
    pub number: u16,
}

/// The judgement of one attempt.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Attempt {
    /// Within an inaccuracy of the best (never the move played).
    pub found: bool,
    /// The winning chances the attempt gives away, in points.
    pub loss: f64,
    /// The attempt in SAN.
    pub san: String,
    /// The better line, once found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub better: Option<BetterReport>,
}

/// Whether the review marked the move at `ply` a mistake or a blunder.
pub fn is_exercise(report: &ReviewReport, ply: usize) -> bool {
    let named = |j: Judgement| j.name().to_lowercase();
    report
        .moves
        .get(ply)
        .and_then(|m| m.judgement.as_ref())
        .is_some_and(|j| *j == named(Judgement::Mistake) || *j == named(Judgement::Blunder))
}

/// The exercises of `line` from `start`: `side`'s mistakes (both sides'
/// with None, on an analysis board).
pub fn exercises(
    report: &ReviewReport,
    start: &Position,
    line: &[Move],
    side: Option<Color>,
) -> Vec<Exercise> {
    let mut pos = start.clone();
    let mut list = Vec::new();
    for (ply, &m) in line.iter().enumerate() {
        let mover = pos.side_to_move();
        if is_exercise(report, ply) && side.is_none_or(|c| c == mover) {
            list.push(Exercise {
                ply,
                color: mover.to_string().to_lowercase(),
                number: pos.fullmove_number(),
            });
        }
        pos.make_move(m);
    }
    list
}

/// The mover's winning chances before the move at `ply`, by the review.
fn best_before(report: &ReviewReport, ply: usize, mover: Color) -> f64 {
    let white = match ply {
        0 => report.start_win,
        _ => report.moves.get(ply - 1).map_or(50.0, |m| m.win),
    };
    match mover {
        Color::White => white,
        Color::Black => 100.0 - white,
    }
}

/// Judge `attempt` in `pos`, the position before the exercise's move at
/// `ply` (`played`): the move played is not found whatever a search says,
/// the review's better move is, and any other move is searched with
/// `verdict_of` (the position after it; None: the search was stopped).
pub fn judge_attempt(
    report: &ReviewReport,
    pos: &Position,
    ply: usize,
    played: Move,
    attempt: Move,
    verdict_of: impl FnOnce(&Position) -> Option<Verdict>,
) -> Option<Attempt> {
    let reviewed = report.moves.get(ply)?;
    let better = reviewed.better.clone();
    let loss = if attempt == played {
        reviewed.loss
    } else if better
        .as_ref()
        .is_some_and(|b| b.uci == attempt.to_string())
    {
        0.0
    } else {
        let mut after = pos.clone();
        after.make_move(attempt);
        let best = best_before(report, ply, pos.side_to_move());
        (best - (100.0 - win_percent(verdict_of(&after)?.score))).max(0.0)
    };
    let found = attempt != played && loss < Judgement::Inaccuracy.min_loss();
    Some(Attempt {
        found,
        loss: (loss * 10.0).round() / 10.0,
        san: pos.san(attempt),
        better: if found { better } else { None },
    })
}
