//! The raw mailbox board and the walks along its lines, written once for
//! move generation, attack detection and evaluation.
//!
//! A cell holds a piece code, `EMPTY` or `OFFBOARD`. Because the padding
//! around the 12x8 board is `OFFBOARD`, a walk along a line stops at the edge
//! without a bounds test.

use crate::piece::Color;
use crate::square::{Square, DIAG_DIRS, MAILBOX_SIZE, MAILBOX_WIDTH, ORTHO_DIRS};

/// A mailbox board: piece codes, `EMPTY` or `OFFBOARD`.
pub type Board = [u8; MAILBOX_SIZE];

/// Board cell value of an empty square.
pub const EMPTY: u8 = 0;
/// Board cell value of an off-board sentinel.
pub const OFFBOARD: u8 = 0x80;

/// Mailbox steps of the orthogonal lines, in `ORTHO_DIRS` order.
pub const ORTHO_STEPS: [i16; 4] = [
    Square::step(ORTHO_DIRS[0].0, ORTHO_DIRS[0].1),
    Square::step(ORTHO_DIRS[1].0, ORTHO_DIRS[1].1),
    Square::step(ORTHO_DIRS[2].0, ORTHO_DIRS[2].1),
    Square::step(ORTHO_DIRS[3].0, ORTHO_DIRS[3].1),
];
/// Mailbox steps of the diagonal lines, in `DIAG_DIRS` order.
pub const DIAG_STEPS: [i16; 4] = [
    Square::step(DIAG_DIRS[0].0, DIAG_DIRS[0].1),
    Square::step(DIAG_DIRS[1].0, DIAG_DIRS[1].1),
    Square::step(DIAG_DIRS[2].0, DIAG_DIRS[2].1),
    Square::step(DIAG_DIRS[3].0, DIAG_DIRS[3].1),
];
/// Mailbox steps of all eight lines: the orthogonal ones (indices 0..4),
/// then the diagonal ones (4..8).
pub const LINE_STEPS: [i16; 8] = [
    ORTHO_STEPS[0],
    ORTHO_STEPS[1],
    ORTHO_STEPS[2],
    ORTHO_STEPS[3],
    DIAG_STEPS[0],
    DIAG_STEPS[1],
    DIAG_STEPS[2],
    DIAG_STEPS[3],
];

/// Indices into `LINE_STEPS` of the orthogonal lines (Rook, Cannon).
pub const ORTHO_LINES: std::ops::Range<usize> = 0..4;
/// Indices into `LINE_STEPS` of the diagonal lines (Bishop, Arrow).
pub const DIAG_LINES: std::ops::Range<usize> = 4..8;
/// All eight lines (Queen, Tank).
pub const ALL_LINES: std::ops::Range<usize> = 0..8;

/// The mailbox step of a Pawn of `color` (one rank forward).
#[inline]
pub const fn pawn_step(color: Color) -> i16 {
    color.forward() as i16 * MAILBOX_WIDTH
}

/// The cell after `s` along `step`.
#[inline]
pub fn step_from(s: usize, step: i16) -> usize {
    (s as isize + step as isize) as usize
}

/// The first cell after `s` along `step` that is not empty: a man, or the
/// `OFFBOARD` edge.
#[inline]
pub fn next_occupied(board: &Board, s: usize, step: i16) -> usize {
    // Word-sized arithmetic: this walk is the hottest loop of perft (attack
    // detection). With i16 arithmetic per step, perft 4 ran 4.5% more
    // instructions (callgrind: 3.22 G against 3.08 G).
    let step = step as isize;
    let mut t = s as isize + step;
    while board[t as usize] == EMPTY {
        t += step;
    }
    t as usize
}

/// The hopper rule (Cannon, Arrow, Tank): along a line, the first man is the
/// screen and the first man beyond it is what the hopper may capture. Given
/// the screen's cell (a man, not the edge: callers have looked at it
/// already), returns the target's cell, or an `OFFBOARD` one if there is none.
#[inline]
pub fn beyond_screen(board: &Board, screen: usize, step: i16) -> usize {
    debug_assert!(board[screen] != OFFBOARD && board[screen] != EMPTY);
    next_occupied(board, screen, step)
}

/// True if cell `c` holds a man of the side whose colour bit is `own_bit`'s
/// opposite (0 White, 16 Black).
#[inline]
pub fn is_enemy(c: u8, own_bit: u8) -> bool {
    c != EMPTY && c != OFFBOARD && c & 16 != own_bit
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn line_walks_match_brute_force() {
        let mut board: Board = [OFFBOARD; MAILBOX_SIZE];
        for s in Square::all() {
            board[s.mailbox()] = EMPTY;
        }
        let dirs = ORTHO_DIRS.iter().chain(DIAG_DIRS.iter());
        for (&step, &(df, dr)) in LINE_STEPS.iter().zip(dirs) {
            for sq in Square::all() {
                let expect: Vec<Square> =
                    (1..12).map_while(|k| sq.offset(df * k, dr * k)).collect();
                let mut got = Vec::new();
                let mut t = step_from(sq.mailbox(), step);
                while board[t] != OFFBOARD {
                    got.push(Square::from_mailbox(t).unwrap());
                    t = step_from(t, step);
                }
                assert_eq!(got, expect, "{sq} {df} {dr}");
                assert_eq!(next_occupied(&board, sq.mailbox(), step), t);
            }
        }
    }

    #[test]
    fn beyond_screen_finds_the_target() {
        // Cannon a1, Pawn a3 (the screen), black Pawn a8 beyond it.
        let p = Position::from_fen("p5k5/12/12/12/12/P11/12/C5K5 w - - 0 1").unwrap();
        let a1: Square = "a1".parse().unwrap();
        let up = LINE_STEPS[2];
        let screen = next_occupied(&p.board, a1.mailbox(), up);
        assert_eq!(Square::from_mailbox(screen), "a3".parse().ok());
        let target = beyond_screen(&p.board, screen, up);
        assert_eq!(Square::from_mailbox(target), "a8".parse().ok());
        // Beyond a8 lies the edge.
        assert_eq!(p.board[beyond_screen(&p.board, target, up)], OFFBOARD);
    }
}
