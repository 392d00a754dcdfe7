//! The one error of the compatibility layer, with the messages the
//! bindings show (`ValueError` in Python, `Error` in JavaScript).

use humpty_rules::{FenError, MoveError};
use std::fmt;

/// Why a binding call cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompatError {
    /// A variant other than "humpty".
    Variant(String),
    /// The FEN cannot be read.
    Fen(FenError),
    /// A move of a move list cannot be read or is illegal.
    Move {
        /// Its index in the list (0 for a single move).
        index: usize,
        /// What is wrong with it.
        error: MoveError,
    },
    /// One move given on its own cannot be read or is illegal.
    SingleMove(MoveError),
    /// A notation code this board cannot be written in.
    Notation(i64),
}

impl fmt::Display for CompatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompatError::Variant(v) => write!(
                f,
                "unknown variant '{v}': the variants known are ['{}']",
                crate::replay::VARIANT
            ),
            CompatError::Fen(e) => write!(f, "invalid FEN: {e}"),
            CompatError::Move { index, error } => write!(f, "move {index} of the list: {error}"),
            CompatError::SingleMove(e) => write!(f, "{e}"),
            CompatError::Notation(n) => write!(
                f,
                "notation {n} is no notation (Fairy-Stockfish's codes are 0 to 9; this game is written in SAN, or LAN with 2)"
            ),
        }
    }
}

impl std::error::Error for CompatError {}
