//! The network's inputs: one per (colour, kind, square) as each side sees
//! the board. A side sees its own men as "ours" and the board from its own
//! first rank, so Black's view is White's with colours swapped and ranks
//! mirrored (the start position is symmetric that way).

use crate::rules::piece::{Color, Piece, NUM_KINDS};
use crate::rules::square::{Square, FILES, MAILBOX_SIZE, RANKS};

/// Squares on the board.
pub const SQUARES: usize = FILES as usize * RANKS as usize;
/// Inputs of one perspective: ours/theirs x 12 kinds x 96 squares.
pub const INPUTS: usize = 2 * NUM_KINDS * SQUARES;

/// The input a man sets in `perspective`'s view: ours or theirs, then
/// kind, then square, the board seen from that side's first rank. Read
/// from two small tables (every move updates the accumulators with it);
/// [`index_by_formula`] is the definition they are tested against.
#[inline]
pub fn index(perspective: Color, p: Piece, s: Square) -> usize {
    let side = perspective.index();
    let slot = INPUT_TABLES.slot[side][usize::from(p.code() & 31)];
    usize::from(slot) + usize::from(INPUT_TABLES.square[side][s.mailbox()])
}

/// [`index`] by its definition.
pub fn index_by_formula(perspective: Color, p: Piece, s: Square) -> usize {
    let theirs = usize::from(p.color() != perspective);
    let square = match perspective {
        Color::White => s,
        Color::Black => s.flip_rank(),
    };
    (theirs * NUM_KINDS + p.kind().index()) * SQUARES + square.index()
}

/// [`index`]'s two parts, by perspective: the first input of a man's
/// (ours/theirs, kind) block by its packed code, and its square's place
/// in the block by mailbox cell.
struct InputTables {
    slot: [[u16; 32]; 2],
    square: [[u8; MAILBOX_SIZE]; 2],
}

static INPUT_TABLES: InputTables = input_tables();

const fn input_tables() -> InputTables {
    let mut t = InputTables {
        slot: [[0; 32]; 2],
        square: [[0; MAILBOX_SIZE]; 2],
    };
    let mut code = 0;
    while code < 32 {
        if let Some(p) = Piece::from_code(code as u8) {
            let white = p.color().index();
            let kind = p.kind().index();
            // Ours for the man's own side, theirs for the other.
            t.slot[white][code] = (kind * SQUARES) as u16;
            t.slot[1 - white][code] = ((NUM_KINDS + kind) * SQUARES) as u16;
        }
        code += 1;
    }
    let mut rank = 0;
    while rank < RANKS {
        let mut file = 0;
        while file < FILES {
            if let Some(s) = Square::new(file, rank) {
                let flipped = (RANKS - 1 - rank) as usize * FILES as usize + file as usize;
                t.square[0][s.mailbox()] = s.index() as u8;
                t.square[1][s.mailbox()] = flipped as u8;
            }
            file += 1;
        }
        rank += 1;
    }
    t
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
    fn tables_give_the_definition() {
        for s in Square::all() {
            for c in [Color::White, Color::Black] {
                for k in PieceKind::ALL {
                    for side in [Color::White, Color::Black] {
                        let p = Piece::new(side, k);
                        assert_eq!(index(c, p, s), index_by_formula(c, p, s), "{c:?} {p:?} {s}");
                    }
                }
            }
        }
    }

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
