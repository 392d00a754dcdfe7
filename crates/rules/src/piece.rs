//! Colours, piece kinds and coloured pieces, with their FEN letters.

use std::fmt;
use std::ops::Not;

/// Side: White moves up the board, Black down.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The side that starts on ranks 1-3.
    White = 0,
    /// The side that starts on ranks 6-8.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black (for indexing tables).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Rank direction a Pawn of this colour moves in (+1 or -1).
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// The rank (0-based) a Pawn of this colour promotes on.
    #[inline]
    pub const fn far_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// The twelve kinds of piece in Humpty Dumpty Chess.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum PieceKind {
    /// Pawn, `P` (see `KINDS` for how each kind moves).
    Pawn = 0,
    /// Knight, `N`.
    Knight = 1,
    /// Bishop, `B`.
    Bishop = 2,
    /// Rook, `R`.
    Rook = 3,
    /// Queen, `Q`.
    Queen = 4,
    /// King, `K`.
    King = 5,
    /// Camel, `L`.
    Camel = 6,
    /// Gnu, `G`.
    Gnu = 7,
    /// Cannon, `C`.
    Cannon = 8,
    /// Arrow, `A`.
    Arrow = 9,
    /// Tank, `T`.
    Tank = 10,
    /// Frog, `F`.
    Frog = 11,
}

/// Number of piece kinds.
pub const NUM_KINDS: usize = 12;

impl PieceKind {
    /// All kinds in index order.
    pub const ALL: [PieceKind; NUM_KINDS] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
        PieceKind::Camel,
        PieceKind::Gnu,
        PieceKind::Cannon,
        PieceKind::Arrow,
        PieceKind::Tank,
        PieceKind::Frog,
    ];

    /// The kinds that exist only by promotion, in the order a promotion
    /// lists them (rules.md, "Promotion"): a side may make one it lacks.
    pub const PROMOTED: [PieceKind; 3] = [PieceKind::Queen, PieceKind::Gnu, PieceKind::Tank];

    /// Whether a promotion may name this kind: one of `PROMOTED`, or a
    /// Frog (a Pawn's last resort, a Frog staying a Frog is no promotion).
    pub fn is_promotion_target(self) -> bool {
        self == PieceKind::Frog || PieceKind::PROMOTED.contains(&self)
    }

    /// The kind a promotion letter of either case names, if a promotion
    /// may name it.
    pub fn from_promotion_letter(c: char) -> Option<PieceKind> {
        PieceKind::from_letter(c).filter(|k| k.is_promotion_target())
    }

    /// Index 0..12 for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Kind from its index 0..12.
    #[inline]
    pub fn from_index(i: usize) -> Option<PieceKind> {
        PieceKind::ALL.get(i).copied()
    }

    /// Everything said once about this kind: letter, name, movement and
    /// its XBoard Betza string.
    #[inline]
    pub const fn info(self) -> &'static KindInfo {
        &KINDS[self as usize]
    }

    /// Upper-case FEN letter.
    #[inline]
    pub const fn letter(self) -> char {
        self.info().letter
    }

    /// Kind from a FEN letter of either case.
    pub fn from_letter(c: char) -> Option<PieceKind> {
        let up = c.to_ascii_uppercase();
        PieceKind::ALL.iter().copied().find(|k| k.letter() == up)
    }

    /// Its letter in the full-length (33 slots a colour) piece-to-char table
    /// XBoard's `setup` command takes.
    pub fn xboard_piece_to_char() -> String {
        let mut slots = ['.'; 33];
        for k in PieceKind::ALL {
            slots[usize::from(k.info().xboard_slot)] = k.letter();
        }
        let white: String = slots.iter().collect();
        format!("{white}{}", white.to_ascii_lowercase())
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        self.info().name
    }
}

/// The description of one piece kind. Its material value is an evaluation
/// weight (`eval::EvalParams::piece_values`); its moves are generated in
/// `movegen` (one arm per kind: the hot loop keeps per-kind code for speed)
/// from the tables in `tables`.
#[derive(Debug)]
pub struct KindInfo {
    /// Upper-case FEN letter.
    pub letter: char,
    /// English name.
    pub name: &'static str,
    /// How it moves, in words for a person (rules.md; the web board's legend).
    pub movement: &'static str,
    /// Its moves in Betza notation as XBoard reads them. `FH` cannot say the
    /// River and the Pawn's cannot say which promotions exist; XBoard's
    /// `lift`/`highlight` tell it those.
    pub betza: &'static str,
    /// Its slot in XBoard's piece-to-char table (the GUI's piece type,
    /// which picks the image); the King always takes the last slot.
    pub xboard_slot: u8,
}

/// The twelve kinds, in `PieceKind` order.
const KINDS: [KindInfo; NUM_KINDS] = [
    KindInfo {
        letter: 'P',
        name: "Pawn",
        movement: "One step forward; captures one step diagonally forward. Promotes on the last rank.",
        betza: "fmWfceF",
        xboard_slot: 0,
    },
    KindInfo {
        letter: 'N',
        name: "Knight",
        movement: "Leaps (2,1).",
        betza: "N",
        xboard_slot: 1,
    },
    KindInfo {
        letter: 'B',
        name: "Bishop",
        movement: "Slides along diagonals.",
        betza: "B",
        xboard_slot: 2,
    },
    KindInfo {
        letter: 'R',
        name: "Rook",
        movement: "Slides along ranks and files.",
        betza: "R",
        xboard_slot: 3,
    },
    KindInfo {
        letter: 'Q',
        name: "Queen",
        movement: "Rook + Bishop. Only by promotion.",
        betza: "Q",
        xboard_slot: 4,
    },
    KindInfo {
        letter: 'K',
        name: "King",
        movement: "One step in any direction; royal. Castles three files toward either Rook.",
        betza: "KO3",
        xboard_slot: 32,
    },
    KindInfo {
        letter: 'L',
        name: "Camel",
        movement: "Leaps (3,1).",
        betza: "C",
        xboard_slot: 24,
    },
    KindInfo {
        letter: 'G',
        name: "Gnu",
        movement: "Knight + Camel. Only by promotion.",
        betza: "NC",
        xboard_slot: 31,
    },
    KindInfo {
        letter: 'C',
        name: "Cannon",
        movement: "Moves like a Rook; captures by jumping exactly one piece on its line.",
        betza: "mRcpR",
        xboard_slot: 11,
    },
    KindInfo {
        letter: 'A',
        name: "Arrow",
        movement: "Moves like a Bishop; captures by jumping exactly one piece on its diagonal.",
        betza: "mBcpB",
        xboard_slot: 20,
    },
    KindInfo {
        letter: 'T',
        name: "Tank",
        movement: "Cannon + Arrow. Only by promotion.",
        betza: "mQcpQ",
        xboard_slot: 25,
    },
    KindInfo {
        letter: 'F',
        name: "Frog",
        movement: "One step diagonally, or exactly three straight; crosses the River only over two empty squares.",
        betza: "FH",
        xboard_slot: 27,
    },
];

/// A piece of a given colour, packed as `kind + 1 + 16 * colour` so that a board
/// cell can hold it, 0 (empty) or the off-board sentinel in one byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece(u8);

impl Piece {
    /// The piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(kind as u8 + 1 + 16 * color as u8)
    }

    /// Its colour.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 16 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Its kind.
    #[inline]
    pub const fn kind(self) -> PieceKind {
        PieceKind::ALL[((self.0 & 15) - 1) as usize]
    }

    /// The packed code (1..=12 White, 17..=28 Black).
    #[inline]
    pub const fn code(self) -> u8 {
        self.0
    }

    /// Piece from a packed board code; `None` for empty or sentinel.
    #[inline]
    pub const fn from_code(code: u8) -> Option<Piece> {
        let k = code & 15;
        if k >= 1 && k <= 12 && code & !31 == 0 {
            Some(Piece(code))
        } else {
            None
        }
    }

    /// FEN letter: upper case for White.
    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Piece from a FEN letter.
    pub fn from_letter(c: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece::new(color, kind))
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl fmt::Debug for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for color in Color::BOTH {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(p.color(), color);
                assert_eq!(p.kind(), kind);
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
                assert_eq!(Piece::from_code(p.code()), Some(p));
            }
        }
        assert_eq!(Piece::from_letter('x'), None);
        assert_eq!(Piece::from_code(0), None);
        assert_eq!(Piece::from_code(0x80), None);
        assert_eq!(Piece::from_code(13), None);
    }
}
