//! Castling (rules.md, "Castling"): the one table of King and Rook squares
//! for the four castlings, and the rights each of them needs. Move
//! generation, making moves, FEN and move notation all read this table.

use crate::piece::Color;
use crate::square::Square;

/// Castling-right bits.
pub mod rights {
    /// White king side (g1 -> j1, l1 -> i1).
    pub const WHITE_KING: u8 = 1;
    /// White queen side (g1 -> d1, a1 -> e1).
    pub const WHITE_QUEEN: u8 = 2;
    /// Black king side (g8 -> j8, l8 -> i8).
    pub const BLACK_KING: u8 = 4;
    /// Black queen side (g8 -> d8, a8 -> e8).
    pub const BLACK_QUEEN: u8 = 8;
    /// All four rights.
    pub const ALL: u8 = 15;
}

/// The geometry of one castling move.
#[derive(Clone, Copy, Debug)]
pub struct CastleGeometry {
    /// The right this castling needs.
    pub right: u8,
    /// King start square.
    pub king_from: Square,
    /// King landing square.
    pub king_to: Square,
    /// Rook start square.
    pub rook_from: Square,
    /// Rook landing square.
    pub rook_to: Square,
}

const fn sq(file: u8, rank: u8) -> Square {
    match Square::new(file, rank) {
        Some(s) => s,
        None => panic!("square off board"),
    }
}

/// Index of the king-side castling in a colour's pair of `CASTLES`.
pub const KING_SIDE: usize = 0;
/// Index of the queen-side castling in a colour's pair of `CASTLES`.
pub const QUEEN_SIDE: usize = 1;

/// The four castlings: [colour][`KING_SIDE`, `QUEEN_SIDE`].
pub const CASTLES: [[CastleGeometry; 2]; 2] = [
    [
        CastleGeometry {
            right: rights::WHITE_KING,
            king_from: sq(6, 0),
            king_to: sq(9, 0),
            rook_from: sq(11, 0),
            rook_to: sq(8, 0),
        },
        CastleGeometry {
            right: rights::WHITE_QUEEN,
            king_from: sq(6, 0),
            king_to: sq(3, 0),
            rook_from: sq(0, 0),
            rook_to: sq(4, 0),
        },
    ],
    [
        CastleGeometry {
            right: rights::BLACK_KING,
            king_from: sq(6, 7),
            king_to: sq(9, 7),
            rook_from: sq(11, 7),
            rook_to: sq(8, 7),
        },
        CastleGeometry {
            right: rights::BLACK_QUEEN,
            king_from: sq(6, 7),
            king_to: sq(3, 7),
            rook_from: sq(0, 7),
            rook_to: sq(4, 7),
        },
    ],
];

/// Rights kept when a move starts or ends on a square (King or Rook home squares
/// clear the rights that depend on them).
pub(crate) fn keep_mask(s: usize) -> u8 {
    let mut keep = rights::ALL;
    for side in CASTLES.iter() {
        for g in side {
            if s == g.king_from.mailbox() || s == g.rook_from.mailbox() {
                keep &= !g.right;
            }
        }
    }
    keep
}

/// The castling geometry of `side` whose King lands on `king_to`.
pub(crate) fn geometry(side: Color, king_to: usize) -> &'static CastleGeometry {
    let pair = &CASTLES[side.index()];
    if pair[0].king_to.mailbox() == king_to {
        &pair[0]
    } else {
        &pair[1]
    }
}

/// Whether the castling whose King lands on `king_to` is the king-side one
/// (SAN's `O-O`).
pub fn is_king_side(king_to: Square) -> bool {
    CASTLES
        .iter()
        .any(|pair| pair[KING_SIDE].king_to == king_to)
}

/// A castling's letter in FEN's rights field: `K`/`Q`, upper case for White.
pub fn fen_letter(color: Color, wing: usize) -> char {
    let c = if wing == KING_SIDE { 'k' } else { 'q' };
    match color {
        Color::White => c.to_ascii_uppercase(),
        Color::Black => c,
    }
}

/// The castling a FEN rights letter names: `KQkq`, or the Rook's file
/// letter (Chess960 style, `L`/`A` here), upper case for White.
pub fn from_fen_letter(ch: char) -> Option<(Color, &'static CastleGeometry)> {
    let color = if ch.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    };
    let lower = ch.to_ascii_lowercase();
    CASTLES[color.index()]
        .iter()
        .enumerate()
        .find(|(wing, g)| {
            fen_letter(Color::Black, *wing) == lower || g.rook_from.to_string().starts_with(lower)
        })
        .map(|(_, g)| (color, g))
}

/// The Rook's home square of the castling whose King goes from `king_from`
/// to `king_to`, if that is a castling.
pub fn rook_home(king_from: Square, king_to: Square) -> Option<Square> {
    CASTLES
        .iter()
        .flatten()
        .find(|g| g.king_from == king_from && g.king_to == king_to)
        .map(|g| g.rook_from)
}
