//! The position's self-check: every redundant part of a `Position` (piece
//! lists, their index, per-kind counts, the incremental key) agrees with the
//! board, as Fruit's `board_is_ok` checks. Debug builds run it after every
//! make and unmake, so `cargo test` catches a slip where it happens.

use crate::board::{EMPTY, OFFBOARD};
use crate::piece::{Color, Piece, PieceKind, NUM_KINDS};
use crate::position::Position;
use crate::square::Square;
use std::fmt;

/// The first part of a position found out of step with its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Inconsistency {
    /// A cell off the board is not marked off-board, or one on it holds a
    /// code that is no man.
    Cell(usize),
    /// A side's piece list names a square without one of its men, or the
    /// list's index of that square is wrong.
    List(Color, usize),
    /// A side has men on the board that its list does not hold.
    Unlisted(Color),
    /// A side has not exactly one King, or its King is not first in its list.
    King(Color),
    /// A per-kind count differs from the board.
    Count(Color, PieceKind),
    /// The incremental key differs from the key computed afresh.
    Key,
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Inconsistency::Cell(c) => write!(f, "mailbox cell {c} holds a bad code"),
            Inconsistency::List(side, s) => write!(f, "{side:?}'s list is wrong at cell {s}"),
            Inconsistency::Unlisted(side) => write!(f, "{side:?} has men its list lacks"),
            Inconsistency::King(side) => write!(f, "{side:?}'s King is missing or misplaced"),
            Inconsistency::Count(side, kind) => write!(f, "{side:?}'s count of {kind:?} is wrong"),
            Inconsistency::Key => f.write_str("the incremental key is wrong"),
        }
    }
}

impl std::error::Error for Inconsistency {}

impl Position {
    /// Check that lists, counts and key agree with the board.
    pub fn check_consistency(&self) -> Result<(), Inconsistency> {
        let mut counts = [[0u8; NUM_KINDS]; 2];
        let mut men = [0usize; 2];
        for (cell, &code) in self.board.iter().enumerate() {
            let man = Piece::from_code(code);
            let good = if Square::from_mailbox(cell).is_some() {
                code == EMPTY || man.is_some()
            } else {
                code == OFFBOARD
            };
            if !good {
                return Err(Inconsistency::Cell(cell));
            }
            if let Some(p) = man {
                counts[p.color().index()][p.kind().index()] += 1;
                men[p.color().index()] += 1;
            }
        }
        for side in [Color::White, Color::Black] {
            self.check_side(side, &counts[side.index()], men[side.index()])?;
        }
        if self.key() != self.compute_key() {
            return Err(Inconsistency::Key);
        }
        Ok(())
    }

    fn check_side(
        &self,
        side: Color,
        counts: &[u8; NUM_KINDS],
        men: usize,
    ) -> Result<(), Inconsistency> {
        let list = &self.lists[side.index()];
        for (at, &s) in list.iter().enumerate() {
            let s = s as usize;
            let man = Piece::from_code(self.board[s]).filter(|p| p.color() == side);
            if man.is_none() || self.list_index[s] as usize != at {
                return Err(Inconsistency::List(side, s));
            }
        }
        if list.len() != men {
            return Err(Inconsistency::Unlisted(side));
        }
        let king_first = list
            .first()
            .and_then(|&s| Piece::from_code(self.board[s as usize]))
            .is_some_and(|p| p.kind() == PieceKind::King);
        if !king_first || counts[PieceKind::King.index()] != 1 {
            return Err(Inconsistency::King(side));
        }
        for kind in PieceKind::ALL {
            if self.count(side, kind) != counts[kind.index()] {
                return Err(Inconsistency::Count(side, kind));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sound_position_passes_and_each_slip_is_named() {
        let pos = Position::startpos();
        assert_eq!(pos.check_consistency(), Ok(()));
        let e2 = "e2".parse::<Square>().unwrap().mailbox();
        let mut bad = pos.clone();
        bad.key ^= 1;
        assert_eq!(bad.check_consistency(), Err(Inconsistency::Key));
        let mut bad = pos.clone();
        bad.board[e2] = EMPTY;
        assert_eq!(
            bad.check_consistency(),
            Err(Inconsistency::List(Color::White, e2))
        );
        let mut bad = pos.clone();
        bad.counts[0][PieceKind::Frog.index()] += 1;
        let slip = Inconsistency::Count(Color::White, PieceKind::Frog);
        assert_eq!(bad.check_consistency(), Err(slip));
        let mut bad = pos.clone();
        bad.lists[1].swap(0, 1);
        assert!(matches!(
            bad.check_consistency(),
            Err(Inconsistency::List(Color::Black, _))
        ));
        let mut bad = pos;
        bad.board[0] = EMPTY;
        assert_eq!(bad.check_consistency(), Err(Inconsistency::Cell(0)));
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "position out of step: the incremental key is wrong")]
    fn debug_builds_check_after_each_move() {
        let mut pos = Position::startpos();
        pos.key ^= 1;
        let m = pos.legal_moves()[0];
        pos.make_move(m);
    }
}
