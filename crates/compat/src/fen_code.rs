//! pyffish's `validate_fen` codes (ffish's `validateFen` has the same), each
//! humpty FEN error mapped to the nearest of them.

use humpty_rules::{FenError, Piece, Position};

/// Fairy-Stockfish's FEN validation results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum FenCode {
    /// `FEN_OK`.
    Ok = 1,
    /// `FEN_EMPTY`.
    Empty = 0,
    /// `FEN_INVALID_MOVE_COUNTER`: the fullmove field.
    MoveCounter = -1,
    /// `FEN_INVALID_HALF_MOVE_COUNTER`.
    HalfMoveCounter = -2,
    /// `FEN_INVALID_NUMBER_OF_KINGS`.
    NumberOfKings = -3,
    /// `FEN_INVALID_CASTLING_INFO`.
    CastlingInfo = -5,
    /// `FEN_INVALID_SIDE_TO_MOVE`.
    SideToMove = -6,
    /// `FEN_INVALID_BOARD_GEOMETRY`: ranks, files, or men the game cannot
    /// have (a Pawn on its far rank, more men than the game can make).
    BoardGeometry = -8,
    /// `FEN_TOUCHING_KINGS`, and in general the side not to move in check
    /// (its King could be taken), which humpty refuses.
    TouchingKings = -9,
    /// `FEN_INVALID_CHAR`.
    Char = -10,
    /// `FEN_INVALID_NB_PARTS`.
    NbParts = -11,
}

/// The code of `fen`: `FenCode::Ok as i32` (1) when humpty reads it.
/// The faults are looked for in Fairy-Stockfish's order: the number of
/// fields, then the board's characters, then its geometry and the rest
/// (a client probing which letters are men relies on `Char` coming first).
pub fn fen_code(fen: &str) -> i32 {
    // Fairy-Stockfish calls only "" empty: blanks are a board of one
    // empty rank, the wrong shape.
    if !fen.is_empty() && fen.trim().is_empty() {
        return FenCode::BoardGeometry as i32;
    }
    match Position::from_fen(fen) {
        Ok(_) => FenCode::Ok as i32,
        Err(e @ (FenError::Empty | FenError::TooManyFields(_))) => code_of(&e, fen) as i32,
        Err(_) if bad_board_char(fen) => FenCode::Char as i32,
        Err(e) => code_of(&e, fen) as i32,
    }
}

/// A character of the board field that is no man's letter, digit or mark
/// Fairy-Stockfish allows there (`/*+~[]-`).
fn bad_board_char(fen: &str) -> bool {
    let board = fen.split_whitespace().next().unwrap_or("");
    board
        .chars()
        .any(|c| !(c.is_ascii_digit() || "/*+~[]-".contains(c) || Piece::from_letter(c).is_some()))
}

fn code_of(e: &FenError, fen: &str) -> FenCode {
    match e {
        FenError::Empty => FenCode::Empty,
        FenError::TooManyFields(_) => FenCode::NbParts,
        FenError::RankCount(_)
        | FenError::BadEmptyRun { .. }
        | FenError::RankTooLong { .. }
        | FenError::RankTooShort { .. }
        | FenError::TooManyMen { .. }
        | FenError::PawnOnFarRank { .. }
        | FenError::SquareTaken { .. } => FenCode::BoardGeometry,
        FenError::BadPieceLetter { .. } => FenCode::Char,
        FenError::KingCount { .. } => FenCode::NumberOfKings,
        FenError::SideToMove(_) => FenCode::SideToMove,
        FenError::CastlingChar(_) | FenError::CastlingWithoutPieces(_) => FenCode::CastlingInfo,
        // The error holds the bad text: the halfmove field is the fifth.
        FenError::Clock(bad) => {
            if fen.split_whitespace().nth(4) == Some(bad.as_str()) {
                FenCode::HalfMoveCounter
            } else {
                FenCode::MoveCounter
            }
        }
        FenError::OpponentInCheck => FenCode::TouchingKings,
    }
}
