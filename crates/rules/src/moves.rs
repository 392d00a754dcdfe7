//! The `Move` type and its wire notation (`e2i6`, `c7c8t`, castling `g1j1`).

use crate::castling;
use crate::piece::PieceKind;
use crate::square::Square;
use arrayvec::ArrayVec;
use std::fmt;
use std::str::FromStr;

/// A move packed in 32 bits: from (8 bits, mailbox), to (8), promotion kind + 1
/// (4, 0 = none), castling flag (1). Castling is stored as the King's move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

const PROMO_SHIFT: u32 = 16;
const CASTLE_BIT: u32 = 1 << 20;

/// Upper bound on legal moves in a position the FEN parser accepts (at most 24
/// men a side; 23 Tanks x 40 moves + King 10 < 1024).
pub const MAX_MOVES: usize = 1024;

/// A list of moves on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

impl Move {
    /// The "no move" value (never a legal move: from == to == 0).
    pub const NONE: Move = Move(0);

    /// An ordinary move, optionally promoting.
    #[inline]
    pub fn new(from: Square, to: Square, promotion: Option<PieceKind>) -> Move {
        let promo = promotion.map_or(0, |k| k as u32 + 1);
        Move(from.mailbox() as u32 | (to.mailbox() as u32) << 8 | promo << PROMO_SHIFT)
    }

    /// An ordinary move between two on-board mailbox cells (move generation's
    /// hot loops, which hold cells rather than squares).
    #[inline]
    pub(crate) fn from_boxes(from: usize, to: usize) -> Move {
        Move(from as u32 | (to as u32) << 8)
    }

    /// A castling move, written as the King's move.
    #[inline]
    pub fn castle(king_from: Square, king_to: Square) -> Move {
        Move(Move::new(king_from, king_to, None).0 | CASTLE_BIT)
    }

    /// Origin square.
    #[inline]
    pub fn from(self) -> Square {
        Square::from_mailbox((self.0 & 0xff) as usize).expect("valid move")
    }

    /// Destination square.
    #[inline]
    pub fn to(self) -> Square {
        Square::from_mailbox((self.0 >> 8 & 0xff) as usize).expect("valid move")
    }

    /// Origin as a raw mailbox index (hot paths).
    #[inline]
    pub fn origin_box(self) -> usize {
        (self.0 & 0xff) as usize
    }

    /// Destination as a raw mailbox index (hot paths).
    #[inline]
    pub fn target_box(self) -> usize {
        (self.0 >> 8 & 0xff) as usize
    }

    /// The kind promoted to, if any.
    #[inline]
    pub fn promotion(self) -> Option<PieceKind> {
        match self.0 >> PROMO_SHIFT & 15 {
            0 => None,
            k => PieceKind::from_index(k as usize - 1),
        }
    }

    /// True for castling.
    #[inline]
    pub fn is_castle(self) -> bool {
        self.0 & CASTLE_BIT != 0
    }

    /// True for `Move::NONE`.
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Wire text with castling written King-takes-Rook (`g1l1`, `g1a1`), as
    /// UCI_Chess960 wants; other moves as `Display`.
    pub fn chess960_text(self) -> String {
        let rook = self
            .is_castle()
            .then(|| castling::rook_home(self.from(), self.to()))
            .flatten();
        match rook {
            Some(rook) => format!("{}{rook}", self.from()),
            None => self.to_string(),
        }
    }

    /// The packed representation (for hash tables).
    #[inline]
    pub fn raw(self) -> u32 {
        self.0
    }

    /// Rebuild from `raw()`; the caller must check legality before use.
    #[inline]
    pub fn from_raw(raw: u32) -> Move {
        Move(raw)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            return f.write_str("0000");
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(k) = self.promotion() {
            write!(f, "{}", k.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a move string could not be read or is not legal here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the form `<from><to>[q|g|t|f]` on a 12x8 board.
    Syntax(String),
    /// Well-formed but not a legal move in the position.
    Illegal(String),
    /// Neither SAN nor coordinates.
    Notation(String),
    /// SAN that fits more than one legal move (their SAN listed).
    Ambiguous {
        /// The text as given.
        text: String,
        /// SAN of each move it could mean.
        candidates: Vec<String>,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(
                f,
                "cannot read move '{s}' (expected e.g. e2i6, c7c8t; files a-l, ranks 1-8, promotion q/g/t/f)"
            ),
            MoveError::Illegal(s) => write!(f, "illegal move '{s}' in this position"),
            MoveError::Notation(s) => write!(
                f,
                "cannot read move '{s}' (expected SAN such as Nd2, Cxc7, c8=G, O-O, or coordinates such as e2i6)"
            ),
            MoveError::Ambiguous { text, candidates } => write!(
                f,
                "ambiguous move '{text}' (it could be {})",
                candidates.join(" or ")
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// A move as written, before it is matched against a position: squares and an
/// optional promotion letter. Castling flags are filled in by the position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveText {
    /// Origin square.
    pub from: Square,
    /// Destination square.
    pub to: Square,
    /// Promotion kind, if a letter was given.
    pub promotion: Option<PieceKind>,
}

impl FromStr for MoveText {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<MoveText, MoveError> {
        let err = || MoveError::Syntax(s.to_string());
        if !s.is_ascii() {
            return Err(err());
        }
        let bytes = s.as_bytes();
        // A square is a letter and one digit (ranks 1-8 only).
        if bytes.len() < 4 || bytes.len() > 5 {
            return Err(err());
        }
        let from: Square = s[0..2].parse().map_err(|_| err())?;
        let to: Square = s[2..4].parse().map_err(|_| err())?;
        let promotion = match bytes.get(4) {
            None => None,
            Some(&b) => Some(PieceKind::from_promotion_letter(b as char).ok_or_else(err)?),
        };
        if from == to {
            return Err(err());
        }
        Ok(MoveText {
            from,
            to,
            promotion,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn packs_and_prints() {
        let m = Move::new(sq("c7"), sq("c8"), Some(PieceKind::Tank));
        assert_eq!(m.from(), sq("c7"));
        assert_eq!(m.to(), sq("c8"));
        assert_eq!(m.promotion(), Some(PieceKind::Tank));
        assert!(!m.is_castle());
        assert_eq!(m.to_string(), "c7c8t");
        let c = Move::castle(sq("g1"), sq("j1"));
        assert!(c.is_castle());
        assert_eq!(c.to_string(), "g1j1");
        assert_eq!(Move::from_raw(c.raw()), c);
        assert_eq!(Move::NONE.to_string(), "0000");
    }

    #[test]
    fn move_text_parses() {
        let t: MoveText = "l1k3".parse().unwrap();
        assert_eq!((t.from, t.to, t.promotion), (sq("l1"), sq("k3"), None));
        let t: MoveText = "c7c8G".parse().unwrap();
        assert_eq!(t.promotion, Some(PieceKind::Gnu));
        for bad in [
            "", "e2", "e2e", "e2e9", "m2a1", "e2e2", "e7e8n", "e7e8qq", "ééé", "a10a1",
        ] {
            assert!(bad.parse::<MoveText>().is_err(), "{bad}");
        }
    }
}
