//! Solving a puzzle, the one rule for the server's trainer and the
//! browser's: the solver plays the odd plies of the puzzle's moves (the
//! opponent's mistake is ply 0), each must be the puzzle's move, except
//! that on the last one any mate solves it (lichess's rule). After a right
//! move that is not the last, the opponent's reply follows.

use super::csv::Row;
use super::glicko::Rating;
use super::rating::NEW_DEVIATION;
use crate::rules::moves::Move;
use crate::rules::position::{Outcome, Position};

/// The judgement of a solver's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Not the puzzle's move.
    Wrong,
    /// Right; the opponent answers with `reply`.
    Right {
        /// The opponent's reply.
        reply: Move,
    },
    /// Right, and the puzzle is solved.
    Solved,
}

impl Row {
    /// The position before the move at `ply` of the puzzle's moves.
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves[..ply.min(self.moves.len())] {
            pos.make_move(m);
        }
        pos
    }

    /// Whether the solver plays at `ply` (an odd ply within the moves).
    pub fn solver_ply(&self, ply: usize) -> bool {
        ply % 2 == 1 && ply < self.moves.len()
    }

    /// The puzzle's rating before anyone tried it (its seed, wide).
    pub fn seed_rating(&self) -> Rating {
        Rating {
            rating: f64::from(self.rating),
            deviation: f64::from(NEW_DEVIATION),
            ..Rating::default()
        }
    }
}

/// Judge `m`, legal at `ply` (a solver's ply: `Row::solver_ply`).
pub fn judge(row: &Row, ply: usize, m: Move) -> Step {
    let last = ply + 1 >= row.moves.len();
    if m == row.moves[ply] {
        return match row.moves.get(ply + 1) {
            Some(&reply) if !last => Step::Right { reply },
            _ => Step::Solved,
        };
    }
    let mut after = row.position_at(ply);
    after.make_move(m);
    // A mate ends the puzzle whichever move gives it.
    let mates = matches!(after.outcome(), Some(Outcome::Checkmate { .. }));
    if last && mates {
        Step::Solved
    } else {
        Step::Wrong
    }
}
