//! Board geometry: the 12x8 board laid into a padded mailbox.
//!
//! The mailbox is 16 columns wide and 15 rows high: files a..l sit in columns
//! 4..15 and ranks 1..8 in rows 3..10. Columns 0..3, rows 0..2 and rows 11..14
//! are off-board sentinels, so every displacement of up to 3 files and 3 ranks
//! (Camel (3,1), Frog (3,0)) from any square lands inside the array, either on
//! the board or on a sentinel, and a slider's walk stops at the edge without a
//! bounds test.

use std::fmt;
use std::str::FromStr;

/// Number of files (a..l).
pub const FILES: u8 = 12;
/// Number of ranks (1..8).
pub const RANKS: u8 = 8;
/// Width of a mailbox row (files plus sentinel columns).
pub const MAILBOX_WIDTH: i16 = 16;
/// Sentinel rows below rank 1 and above rank 8.
const PAD_ROWS: u8 = 3;
/// Sentinel columns left of file a (they also serve right of file l).
const PAD_COLS: u8 = 4;
/// Total number of mailbox cells.
pub const MAILBOX_SIZE: usize = 16 * 15;
/// Number of real squares.
pub const NUM_SQUARES: usize = 96;
/// The four orthogonal unit vectors (file, rank).
pub const ORTHO_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The four diagonal unit vectors (file, rank).
pub const DIAG_DIRS: [(i8, i8); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// A square of the 12x8 board, stored as its mailbox index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square((rank + PAD_ROWS) * 16 + file + PAD_COLS))
        } else {
            None
        }
    }

    /// Square from a mailbox index; `None` for a sentinel cell.
    pub fn from_mailbox(index: usize) -> Option<Square> {
        if index >= MAILBOX_SIZE {
            return None;
        }
        let col = (index % 16) as u8;
        let row = (index / 16) as u8;
        if row < PAD_ROWS || col < PAD_COLS {
            return None;
        }
        Square::new(col - PAD_COLS, row - PAD_ROWS)
    }

    /// Square from a dense index 0..96 (rank-major, a1 = 0, l8 = 95).
    pub fn from_index(index: usize) -> Option<Square> {
        if index >= NUM_SQUARES {
            return None;
        }
        Square::new((index % 12) as u8, (index / 12) as u8)
    }

    /// All 96 squares, a1, b1, ..., l8.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..NUM_SQUARES).filter_map(Square::from_index)
    }

    /// File 0..12 (0 = a).
    #[inline]
    pub const fn file(self) -> u8 {
        (self.0 & 15) - PAD_COLS
    }

    /// Rank 0..8 (0 = rank 1).
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 >> 4) - PAD_ROWS
    }

    /// Mailbox index (for indexing the board and per-square tables).
    #[inline]
    pub const fn mailbox(self) -> usize {
        self.0 as usize
    }

    /// Dense index 0..96 (rank-major).
    #[inline]
    pub const fn index(self) -> usize {
        self.rank() as usize * 12 + self.file() as usize
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if (0..FILES as i8).contains(&f) && (0..RANKS as i8).contains(&r) {
            Square::new(f as u8, r as u8)
        } else {
            None
        }
    }

    /// The same file, seen from the other side (rank 1 <-> rank 8).
    pub fn flip_rank(self) -> Square {
        Square::new(self.file(), RANKS - 1 - self.rank()).expect("flip stays on board")
    }

    /// Mailbox step for a (file, rank) displacement.
    #[inline]
    pub const fn step(df: i8, dr: i8) -> i16 {
        dr as i16 * MAILBOX_WIDTH + df as i16
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a square name could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad square '{}' (files a-l, ranks 1-8)", self.0)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bytes = s.as_bytes();
        let err = || ParseSquareError(s.to_string());
        if bytes.len() != 2 {
            return Err(err());
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        Square::new(file, rank).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            let name = sq.to_string();
            assert_eq!(name.parse::<Square>().unwrap(), sq);
            assert_eq!(Square::from_index(sq.index()), Some(sq));
            assert_eq!(Square::from_mailbox(sq.mailbox()), Some(sq));
        }
        assert_eq!(Square::all().count(), 96);
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("l8".parse::<Square>().unwrap().index(), 95);
    }

    #[test]
    fn bad_names_rejected() {
        for bad in ["", "a", "m1", "a9", "a0", "l10", "A1", "é1", "1a"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn sentinels_are_wide_enough_for_three_square_leaps() {
        // Every on-board square plus any displacement up to 3 in each direction
        // stays inside the mailbox and is on-board exactly when offset() says so.
        for sq in Square::all() {
            for df in -3i8..=3 {
                for dr in -3i8..=3 {
                    let idx = sq.mailbox() as i16 + Square::step(df, dr);
                    assert!((0..MAILBOX_SIZE as i16).contains(&idx));
                    let via_box = Square::from_mailbox(idx as usize);
                    assert_eq!(via_box, sq.offset(df, dr), "{sq} {df} {dr}");
                }
            }
        }
    }
}
