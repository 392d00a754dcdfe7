//! The network's inputs: one per (colour, kind, square) as each side sees
//! the board. A side sees its own men as "ours" and the board from its own
//! first rank, so Black's view is White's with colours swapped and ranks
//! mirrored (the start position is symmetric that way).

use crate::rules::piece::{Color, Piece, NUM_KINDS};
use crate::rules::square::{Square, FILES, RANKS};

/// Squares on the board.
pub const SQUARES: usize = FILES as usize * RANKS as usize;
/// Inputs of one perspective: ours/theirs x 12 kinds x 96 squares.
pub const INPUTS: usize = 2 * NUM_KINDS * SQUARES;

/// The input a man sets in `perspective`'s view.
#[inline]
pub fn index(perspective: Color, p: Piece, s: Square) -> usize {
    let theirs = usize::from(p.color() != perspective);
    let square = match perspective {
        Color::White => s,
        Color::Black => s.flip_rank(),
    };
    (theirs * NUM_KINDS + p.kind().index()) * SQUARES + square.index()
}

/// The input in Black's view that matches White's input `white` (the same
/// man): the trainer keeps one list per position and mirrors it.
#[inline]
pub fn mirror(white: usize) -> usize {
    let (slot, square) = (white / SQUARES, white % SQUARES);
    let (theirs, kind) = (slot / NUM_KINDS, slot % NUM_KINDS);
    let (file, rank) = (square % FILES as usize, square / FILES as usize);
    let flipped = (RANKS as usize - 1 - rank) * FILES as usize + file;
    ((1 - theirs) * NUM_KINDS + kind) * SQUARES + flipped
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::piece::PieceKind;

    #[test]
    fn black_view_is_white_view_mirrored() {
        for s in Square::all() {
            for c in [Color::White, Color::Black] {
                for k in PieceKind::ALL {
                    let p = Piece::new(c, k);
                    let w = index(Color::White, p, s);
                    assert!(w < INPUTS);
                    assert_eq!(mirror(w), index(Color::Black, p, s));
                    assert_eq!(mirror(mirror(w)), w);
                }
            }
        }
    }
}
