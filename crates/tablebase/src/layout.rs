//! Where a position lives in its table: an index from the men's squares and
//! the side to move, and back.
//!
//! The index is a number in mixed radix, most significant digit first: the
//! anchor man (White's King, or the first Pawn in a table with Pawns) on one
//! of the 48 squares of the board's left half, then every other man on any
//! of the 96 squares, then the side to move. The board is the same seen in a
//! mirror (no castling in a table; the River and every move are symmetric
//! left-right), so a position whose anchor stands on the right half is
//! mirrored first. Pawns come right after the anchor, so positions with the
//! same Pawns on the same squares (a slice) are one run of indices: no move
//! inside a slice moves a Pawn, which is what lets the generator solve a
//! table slice by slice. Impossible combinations (two men on a square, a
//! Pawn on its last rank, the side not to move in check) keep their index
//! and are marked, which wastes a few per cent and keeps the arithmetic
//! plain.

use arrayvec::ArrayVec;
use humpty_rules::square::NUM_SQUARES;
use humpty_rules::{Color, Piece, PieceKind, Position, Square};

use crate::material::Material;

/// Most men a table can hold.
pub const MAX_MEN: usize = 8;
/// Squares of the board's left half, where the anchor stands.
const HALF: u64 = NUM_SQUARES as u64 / 2;

/// The squares by dense index (a1 = 0, l8 = 95).
static SQUARES: [Square; NUM_SQUARES] = {
    let mut all = [match Square::new(0, 0) {
        Some(s) => s,
        None => panic!(),
    }; NUM_SQUARES];
    let mut i = 0;
    while i < NUM_SQUARES {
        all[i] = match Square::new((i % 12) as u8, (i / 12) as u8) {
            Some(s) => s,
            None => panic!(),
        };
        i += 1;
    }
    all
};

/// The men's squares in table order and the side to move.
pub type Placement = (ArrayVec<Square, MAX_MEN>, Color);

/// How a table's men map to an index.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The table's men: White's in `ORDER`, then Black's.
    pub men: ArrayVec<Piece, MAX_MEN>,
    /// Which man each digit places, most significant first.
    digits: ArrayVec<usize, MAX_MEN>,
    /// How many leading digits fix a slice (the Pawns; none without Pawns).
    slice_digits: usize,
    /// Positions in the table.
    pub size: u64,
    /// Positions in one slice.
    pub slice_size: u64,
    /// What one square more of each man (table order) adds to the index.
    weight: ArrayVec<u64, MAX_MEN>,
}

impl Layout {
    /// The layout of a table (stored orientation).
    pub fn new(material: &Material) -> Layout {
        let men: ArrayVec<Piece, MAX_MEN> = material.pieces().into_iter().collect();
        let is_pawn = |i: &usize| men[*i].kind() == PieceKind::Pawn;
        let pawns: Vec<usize> = (0..men.len()).filter(is_pawn).collect();
        let others: Vec<usize> = (0..men.len()).filter(|i| !is_pawn(i)).collect();
        let digits: ArrayVec<usize, MAX_MEN> = pawns.iter().chain(&others).copied().collect();
        let size = 2 * HALF * (NUM_SQUARES as u64).pow(men.len() as u32 - 1);
        let slice_size = if pawns.is_empty() {
            size
        } else {
            2 * (NUM_SQUARES as u64).pow(others.len() as u32)
        };
        let mut weight: ArrayVec<u64, MAX_MEN> = men.iter().map(|_| 0).collect();
        let mut w = 2;
        for &man in digits.iter().rev() {
            weight[man] = w;
            w *= NUM_SQUARES as u64;
        }
        Layout {
            men,
            digits,
            weight,
            slice_digits: pawns.len(),
            size,
            slice_size,
        }
    }

    /// How many slices the table has.
    pub fn slices(&self) -> u64 {
        self.size / self.slice_size
    }

    /// The index of men standing on `squares` (table order), `side` to move.
    pub fn index(&self, squares: &[Square], side: Color) -> u64 {
        let dense = |s: Square| (s.rank() as u64 * 12, s.file() as u64);
        let (_, anchor_file) = dense(squares[self.digits[0]]);
        let mirror = anchor_file >= 6;
        let place = |s: Square| {
            let (r, f) = dense(s);
            r + if mirror { 11 - f } else { f }
        };
        let a = place(squares[self.digits[0]]);
        let mut idx = (a / 12) * 6 + a % 12;
        for &man in &self.digits[1..] {
            idx = idx * NUM_SQUARES as u64 + place(squares[man]);
        }
        idx * 2 + side.index() as u64
    }

    /// The index after man `man` of the position at `idx` (whose squares
    /// are `squares`) moves to `to` and the other side is to move: a
    /// digit changed, unless the anchor moves and the mirror may turn.
    pub fn moved(&self, idx: u64, squares: &[Square], man: usize, to: Square) -> u64 {
        if man == self.digits[0] {
            let mut after: ArrayVec<Square, MAX_MEN> = squares.iter().copied().collect();
            after[man] = to;
            let side = if idx & 1 == 0 {
                Color::Black
            } else {
                Color::White
            };
            return self.index(&after, side);
        }
        let dense = |s: Square| s.rank() as u64 * 12 + s.file() as u64;
        (idx ^ 1) + dense(to) * self.weight[man] - dense(squares[man]) * self.weight[man]
    }

    /// The squares (table order) and side to move of an index.
    pub fn placement(&self, idx: u64) -> Placement {
        let side = if idx & 1 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut rest = idx >> 1;
        let mut squares = ArrayVec::from([SQUARES[0]; MAX_MEN]);
        squares.truncate(self.men.len());
        for &man in self.digits[1..].iter().rev() {
            // 96 = 32 * 3: a shift and a small division.
            let (q, r) = (rest / NUM_SQUARES as u64, rest % NUM_SQUARES as u64);
            squares[man] = SQUARES[r as usize];
            rest = q;
        }
        let a = rest as usize;
        squares[self.digits[0]] = SQUARES[(a / 6) * 12 + a % 6];
        (squares, side)
    }

    /// The men (with their squares) and the side to move at an index.
    fn men_at(&self, idx: u64) -> (ArrayVec<(Square, Piece), MAX_MEN>, Color) {
        let (squares, side) = self.placement(idx);
        let men = squares
            .iter()
            .zip(&self.men)
            .map(|(&s, &p)| (s, p))
            .collect();
        (men, side)
    }

    /// The position at an index, or `None` if it cannot occur (two men on a
    /// square, a Pawn on its last rank, the side not to move in check).
    pub fn position(&self, idx: u64) -> Option<Position> {
        let (men, side) = self.men_at(idx);
        Position::from_men(&men, side).ok()
    }

    /// Put the position at `idx` on `pos`'s board; false (and `pos`
    /// unchanged) if it cannot occur.
    pub fn set(&self, pos: &mut Position, idx: u64) -> bool {
        let (men, side) = self.men_at(idx);
        pos.set_men(&men, side).is_ok()
    }

    /// Put a position known to occur (an index settled before) on `pos`'s
    /// board without checking it again.
    pub fn set_known(&self, pos: &mut Position, idx: u64) {
        let (men, side) = self.men_at(idx);
        pos.set_men_unchecked(&men, side);
    }

    /// The index of a position with exactly this table's men in the stored
    /// orientation (`flip`: colours swapped and the board turned over).
    pub fn index_of(&self, pos: &Position, flip: bool) -> u64 {
        let mut squares: ArrayVec<Square, MAX_MEN> = ArrayVec::new();
        for &want in &self.men {
            let color = if flip { !want.color() } else { want.color() };
            let on = pos
                .pieces(color)
                .map(|(sq, p)| (if flip { sq.flip_rank() } else { sq }, p))
                .find(|&(sq, p)| p.kind() == want.kind() && !squares.contains(&sq))
                .map(|(sq, _)| sq)
                .expect("the position holds the table's men");
            squares.push(on);
        }
        let side = if flip {
            !pos.side_to_move()
        } else {
            pos.side_to_move()
        };
        self.index(&squares, side)
    }

    /// The slice an index lies in.
    pub fn slice_of(&self, idx: u64) -> u64 {
        idx / self.slice_size
    }

    /// How far the slice's Pawns have come (a Pawn move raises it): slices
    /// are solved from the most advanced down.
    pub fn advance(&self, slice: u64) -> u32 {
        let (squares, _) = self.placement(slice * self.slice_size);
        self.digits[..self.slice_digits]
            .iter()
            .map(|&man| {
                let r = squares[man].rank() as u32;
                if self.men[man].color() == Color::White {
                    r
                } else {
                    7 - r
                }
            })
            .sum()
    }
}

/// The square seen in the mirror (file a <-> l).
pub fn mirrored(s: Square) -> Square {
    Square::new(11 - s.file(), s.rank()).expect("mirror stays on board")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_placement_round_trip() {
        for name in ["KRvK", "KPvKC", "KFvKP"] {
            let m = Material::parse(name).unwrap();
            let layout = Layout::new(&m);
            let mut seen = 0;
            for idx in (0..layout.size).step_by(7919) {
                let (squares, side) = layout.placement(idx);
                assert_eq!(layout.index(&squares, side), idx, "{name}");
                if let Some(pos) = layout.position(idx) {
                    assert_eq!(layout.index_of(&pos, false), idx, "{name}");
                    seen += 1;
                }
            }
            assert!(seen > 10, "{name}");
        }
    }

    #[test]
    fn a_moved_man_changes_one_digit() {
        for name in ["KRvK", "KPvKC", "KRvKN"] {
            let layout = Layout::new(&Material::parse(name).unwrap());
            for idx in (0..layout.size).step_by(104_729) {
                let (squares, side) = layout.placement(idx);
                for man in 0..squares.len() {
                    for to in [
                        Square::new(0, 0).unwrap(),
                        Square::new(11, 7).unwrap(),
                        Square::new(6, 3).unwrap(),
                    ] {
                        let mut after = squares.clone();
                        after[man] = to;
                        assert_eq!(
                            layout.moved(idx, &squares, man, to),
                            layout.index(&after, !side),
                            "{name}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn mirrored_and_flipped_positions_share_an_index() {
        let layout = Layout::new(&Material::parse("KRvKC").unwrap());
        let a = Position::from_fen("k11/12/12/12/12/2c9/7R4/9K2 w - - 0 1").unwrap();
        let mirror = Position::from_fen("11k/12/12/12/12/9c2/4R7/2K9 w - - 0 1").unwrap();
        let flipped = Position::from_fen("9k2/7r4/2C9/12/12/12/12/K11 b - - 0 1").unwrap();
        let idx = layout.index_of(&a, false);
        assert_eq!(layout.index_of(&mirror, false), idx);
        assert_eq!(layout.index_of(&flipped, true), idx);
    }
}
