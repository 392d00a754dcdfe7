//! FEN for the 12x8 board: parse (with typed errors that say what and where)
//! and print, round-tripping.

use crate::attack::attacked;
use crate::board::EMPTY;
use crate::castling::{self, CASTLES};
use crate::piece::{Color, Piece, PieceKind};
use crate::position::{Position, MAX_MEN_PER_SIDE};
use crate::square::Square;
use std::fmt;

/// What is wrong with a FEN string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Nothing but white space.
    Empty,
    /// More than six fields.
    TooManyFields(usize),
    /// The board field does not have 8 ranks.
    RankCount(usize),
    /// A character that is neither a piece letter nor a digit.
    BadPieceLetter {
        /// The character.
        ch: char,
        /// Rank number (1..8) it stands on.
        rank: u8,
    },
    /// A run of empty squares written as 0 or with a leading zero.
    BadEmptyRun {
        /// Rank number (1..8).
        rank: u8,
    },
    /// A rank describes more than 12 squares.
    RankTooLong {
        /// Rank number (1..8).
        rank: u8,
    },
    /// A rank describes fewer than 12 squares.
    RankTooShort {
        /// Rank number (1..8).
        rank: u8,
        /// Squares described.
        squares: usize,
    },
    /// A side does not have exactly one King.
    KingCount {
        /// The side.
        color: Color,
        /// Kings found.
        count: usize,
    },
    /// A side has more men than the game can produce.
    TooManyMen {
        /// The side.
        color: Color,
        /// Men found.
        count: usize,
    },
    /// A Pawn stands on the rank where it must already have promoted.
    PawnOnFarRank {
        /// Its square.
        square: Square,
    },
    /// The side-to-move field is not `w` or `b`.
    SideToMove(String),
    /// A castling-rights character is not one of `KQkq` (or `AL` file letters).
    CastlingChar(char),
    /// A castling right is given while its King or Rook is not at home.
    CastlingWithoutPieces(char),
    /// The halfmove or fullmove field is not a number.
    Clock(String),
    /// The side that just moved is in check (its King could be captured).
    OpponentInCheck,
    /// Two men are given for one square (`Position::from_men`).
    SquareTaken {
        /// The square.
        square: Square,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "empty FEN"),
            FenError::TooManyFields(n) => write!(f, "FEN has {n} fields, at most 6 expected"),
            FenError::RankCount(n) => write!(f, "board has {n} ranks, 8 expected"),
            FenError::BadPieceLetter { ch, rank } => {
                write!(f, "bad piece letter '{ch}' on rank {rank}")
            }
            FenError::BadEmptyRun { rank } => write!(f, "bad empty-square count on rank {rank}"),
            FenError::RankTooLong { rank } => write!(f, "rank {rank} has more than 12 squares"),
            FenError::RankTooShort { rank, squares } => {
                write!(f, "rank {rank} has {squares} squares, 12 expected")
            }
            FenError::KingCount { color, count } => {
                write!(f, "{color} has {count} kings, exactly 1 expected")
            }
            FenError::TooManyMen { color, count } => write!(
                f,
                "{color} has {count} men, at most {MAX_MEN_PER_SIDE} possible"
            ),
            FenError::PawnOnFarRank { square } => {
                write!(f, "pawn on {square} stands on its promotion rank")
            }
            FenError::SideToMove(s) => write!(f, "side to move '{s}' is not 'w' or 'b'"),
            FenError::CastlingChar(c) => write!(f, "bad castling-rights character '{c}'"),
            FenError::CastlingWithoutPieces(c) => {
                write!(f, "castling right '{c}' but King or Rook is not at home")
            }
            FenError::Clock(s) => write!(f, "bad move counter '{s}'"),
            FenError::OpponentInCheck => write!(f, "the side not to move is in check"),
            FenError::SquareTaken { square } => write!(f, "two men on {square}"),
        }
    }
}

impl std::error::Error for FenError {}

/// Parse one rank's text into 12 cells.
fn parse_rank(text: &str, rank: u8) -> Result<[Option<Piece>; 12], FenError> {
    let mut cells = [None; 12];
    let mut file = 0usize;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if let Some(d) = ch.to_digit(10) {
            let mut run = d as usize;
            let leading_zero = d == 0;
            i += 1;
            while i < chars.len() {
                match chars[i].to_digit(10) {
                    Some(d2) => {
                        run = run.saturating_mul(10).saturating_add(d2 as usize);
                        i += 1;
                    }
                    None => break,
                }
            }
            if leading_zero || run == 0 {
                return Err(FenError::BadEmptyRun { rank });
            }
            file = file.saturating_add(run);
            if file > 12 {
                return Err(FenError::RankTooLong { rank });
            }
        } else {
            let p = Piece::from_letter(ch).ok_or(FenError::BadPieceLetter { ch, rank })?;
            if file >= 12 {
                return Err(FenError::RankTooLong { rank });
            }
            cells[file] = Some(p);
            file += 1;
            i += 1;
        }
    }
    if file < 12 {
        return Err(FenError::RankTooShort {
            rank,
            squares: file,
        });
    }
    Ok(cells)
}

impl Position {
    /// Check a list of men as a FEN's board is checked: no Pawn on its far
    /// rank, one King and at most `MAX_MEN_PER_SIDE` men a side, one man a
    /// square.
    fn check_men(men: &[(Square, Piece)]) -> Result<(), FenError> {
        if let Some(&(square, _)) = men
            .iter()
            .find(|(s, p)| p.kind() == PieceKind::Pawn && s.rank() == p.color().far_rank())
        {
            return Err(FenError::PawnOnFarRank { square });
        }
        for color in Color::BOTH {
            let of = |kind: Option<PieceKind>| {
                men.iter()
                    .filter(|(_, p)| p.color() == color && kind.is_none_or(|k| p.kind() == k))
                    .count()
            };
            let count = of(Some(PieceKind::King));
            if count != 1 {
                return Err(FenError::KingCount { color, count });
            }
            let count = of(None);
            if count > MAX_MEN_PER_SIDE {
                return Err(FenError::TooManyMen { color, count });
            }
        }
        for (i, &(square, _)) in men.iter().enumerate() {
            if men[..i].iter().any(|&(s, _)| s == square) {
                return Err(FenError::SquareTaken { square });
            }
        }
        Ok(())
    }

    /// An empty board with these men on it, checked as a FEN's board is.
    fn with_men(men: &[(Square, Piece)]) -> Result<Position, FenError> {
        Position::check_men(men)?;
        let mut pos = Position::empty();
        for &(square, p) in men {
            pos.put_piece(square.mailbox(), p);
        }
        Ok(pos)
    }

    /// Put these men on this position's board instead of its own, `side`
    /// to move, no castling rights, fresh clocks and no history, checked as
    /// `from_men` checks them; when refused the position is unchanged. For
    /// callers that set up many positions in turn (the tablebases): no new
    /// board is built.
    pub fn set_men(&mut self, men: &[(Square, Piece)], side: Color) -> Result<(), FenError> {
        Position::check_men(men)?;
        // Judged on a scratch board first, so a refusal changes nothing.
        let mut board = self.board;
        for list in &self.lists {
            for &s in list {
                board[s as usize] = EMPTY;
            }
        }
        for &(square, p) in men {
            board[square.mailbox()] = p.code();
        }
        let their_king = Piece::new(!side, PieceKind::King);
        let (king, _) = men
            .iter()
            .find(|(_, p)| *p == their_king)
            .expect("checked: one King a side");
        if attacked(&board, king.mailbox(), side) {
            return Err(FenError::OpponentInCheck);
        }
        self.replace_men(men, side);
        Ok(())
    }

    /// `set_men` for men the caller knows to be a legal position (a
    /// tablebase index it has checked before): no check but in debug
    /// builds, where a bad list panics.
    pub fn set_men_unchecked(&mut self, men: &[(Square, Piece)], side: Color) {
        debug_assert_eq!(Position::check_men(men), Ok(()));
        self.replace_men(men, side);
        debug_assert!(!self.is_attacked(self.king_square(!side), side));
    }

    /// Take the men off and put these on, `side` to move, no castling
    /// rights, fresh clocks, no history.
    fn replace_men(&mut self, men: &[(Square, Piece)], side: Color) {
        for c in 0..2 {
            while let Some(&s) = self.lists[c].last() {
                self.remove_piece(s as usize);
            }
        }
        for &(square, p) in men {
            self.put_piece(square.mailbox(), p);
        }
        self.set_side(side);
        self.set_castling(0);
        self.set_clocks(0, 1);
        self.clear_history();
    }

    /// The position of these men with `side` to move, no castling rights
    /// and fresh clocks, checked as a FEN is (`from_fen` without the text).
    pub fn from_men(men: &[(Square, Piece)], side: Color) -> Result<Position, FenError> {
        let mut pos = Position::with_men(men)?;
        pos.set_side(side);
        if pos.is_attacked(pos.king_square(!side), side) {
            return Err(FenError::OpponentInCheck);
        }
        Ok(pos)
    }

    /// Read a position from FEN (rules.md: six fields, 12-file ranks, missing
    /// clocks default to `0 1`, the en-passant field is ignored).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.is_empty() {
            return Err(FenError::Empty);
        }
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        let mut placed = Vec::new();
        for (i, text) in ranks.iter().enumerate() {
            let rank = 7 - i as u8;
            let cells = parse_rank(text, rank + 1)?;
            for (file, cell) in cells.iter().enumerate() {
                if let Some(p) = *cell {
                    placed.push((Square::new(file as u8, rank).expect("on board"), p));
                }
            }
        }
        let mut pos = Position::with_men(&placed)?;

        let side = match fields.get(1).copied().unwrap_or("w") {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(FenError::SideToMove(other.to_string())),
        };
        pos.set_side(side);

        let mut rights = 0u8;
        let castle_field = fields.get(2).copied().unwrap_or("-");
        if castle_field != "-" {
            for ch in castle_field.chars() {
                let (color, g) = castling::from_fen_letter(ch).ok_or(FenError::CastlingChar(ch))?;
                let king_home =
                    pos.piece_at(g.king_from) == Some(Piece::new(color, PieceKind::King));
                let rook_home =
                    pos.piece_at(g.rook_from) == Some(Piece::new(color, PieceKind::Rook));
                if !king_home || !rook_home {
                    return Err(FenError::CastlingWithoutPieces(ch));
                }
                rights |= g.right;
            }
        }
        pos.set_castling(rights);

        // Field 4 (en passant) is ignored: the game has no en passant.
        let parse_clock = |s: &str| s.parse::<u16>().map_err(|_| FenError::Clock(s.to_string()));
        let halfmove = fields.get(4).map_or(Ok(0), |s| parse_clock(s))?;
        let fullmove = fields.get(5).map_or(Ok(1), |s| parse_clock(s))?.max(1);
        pos.set_clocks(halfmove, fullmove);

        if pos.is_attacked(pos.king_square(!side), side) {
            return Err(FenError::OpponentInCheck);
        }
        Ok(pos)
    }

    /// The position as FEN.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(96);
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..12u8 {
                match self.piece_at(Square::new(file, rank).expect("on board")) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(p.letter());
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(match self.side_to_move() {
            Color::White => 'w',
            Color::Black => 'b',
        });
        out.push(' ');
        let rights = self.castling_rights();
        if rights == 0 {
            out.push('-');
        } else {
            for color in Color::BOTH {
                for (wing, g) in CASTLES[color.index()].iter().enumerate() {
                    if rights & g.right != 0 {
                        out.push(castling::fen_letter(color, wing));
                    }
                }
            }
        }
        out.push_str(&format!(
            " - {} {}",
            self.halfmove_clock(),
            self.fullmove_number()
        ));
        out
    }
}

#[cfg(test)]
mod set_men_tests {
    use super::*;

    #[test]
    fn set_men_replaces_the_men_or_keeps_them() {
        let mut pos = Position::from_fen("k11/12/12/12/12/12/12/5QK5 w - - 0 1").unwrap();
        let before = pos.to_fen();
        let sq = |t: &str| t.parse::<Square>().unwrap();
        let men = |list: &[(&str, char)]| -> Vec<(Square, Piece)> {
            list.iter()
                .map(|&(s, c)| (sq(s), Piece::from_letter(c).unwrap()))
                .collect()
        };
        // The side not to move in check: refused, nothing changed.
        let check = men(&[("a8", 'k'), ("g1", 'K'), ("a1", 'R')]);
        assert_eq!(
            pos.set_men(&check, Color::White),
            Err(FenError::OpponentInCheck)
        );
        assert_eq!(pos.to_fen(), before);
        assert_eq!(pos.key(), pos.compute_key());
        // Two men on a square, no King: refused, nothing changed.
        assert!(pos
            .set_men(&men(&[("a8", 'k'), ("a8", 'K')]), Color::White)
            .is_err());
        assert!(pos.set_men(&men(&[("a8", 'k')]), Color::White).is_err());
        assert_eq!(pos.to_fen(), before);
        // Accepted: the same as from_men.
        let ok = men(&[("a8", 'k'), ("g1", 'K'), ("b1", 'R')]);
        pos.set_men(&ok, Color::Black).unwrap();
        assert_eq!(
            pos.to_fen(),
            Position::from_men(&ok, Color::Black).unwrap().to_fen()
        );
        assert_eq!(pos.key(), pos.compute_key());
        assert!(pos.check_consistency().is_ok());
    }
}
