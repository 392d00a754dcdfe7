//! The variant's name and the stateless "FEN plus moves" replay both
//! bindings answer from.

use crate::error::CompatError;
use humpty_rules::{Move, Position};

/// The one variant these rules play.
pub const VARIANT: &str = "humpty";

/// The variant names the bindings know.
pub fn variants() -> Vec<&'static str> {
    vec![VARIANT]
}

/// `Ok` for "humpty"; otherwise an error naming the variants known.
pub fn check_variant(name: &str) -> Result<(), CompatError> {
    if name == VARIANT {
        Ok(())
    } else {
        Err(CompatError::Variant(name.to_string()))
    }
}

/// The position after `moves` (wire moves, `e2i6`) from `fen` (an empty
/// `fen` is the start position, as ffish.js reads it; the Python binding
/// reads it as pyffish's empty board before coming here): the binding's
/// replay. A move that cannot be read or is illegal is named with its
/// index.
pub fn replay<S: AsRef<str>>(fen: &str, moves: &[S]) -> Result<Position, CompatError> {
    let mut pos = start(fen)?;
    for (index, text) in moves.iter().enumerate() {
        let m = pos
            .parse_move(text.as_ref())
            .map_err(|error| CompatError::Move { index, error })?;
        pos.make_move(m);
    }
    Ok(pos)
}

/// The position of a FEN (the start position for an empty one).
pub fn start(fen: &str) -> Result<Position, CompatError> {
    if fen.trim().is_empty() {
        return Ok(Position::startpos());
    }
    Position::from_fen(fen).map_err(CompatError::Fen)
}

/// A single wire move read and checked in `pos` (`get_san`, `is_capture`).
pub fn legal_move(pos: &Position, text: &str) -> Result<Move, CompatError> {
    pos.parse_move(text).map_err(CompatError::SingleMove)
}
