//! What the variant world's bindings (pyffish, ffish.js) promise, kept once
//! for both of humpty's: the variant's name, the stateless "FEN plus moves"
//! replay, pyffish's FEN validation codes, its game-end values and its
//! notations, all answered by humpty's exact rules. The Python and
//! JavaScript bindings only translate these into their languages.

#![warn(missing_docs)]

mod board;
mod end;
mod error;
mod fen_code;
mod fog;

pub use board::Board;
pub use end::{game_result, has_insufficient_material, immediate_end, optional_end};
pub use error::CompatError;
pub use fen_code::{fen_code, FenCode};
pub use fog::{captured_man, fog_fen};

use humpty_rules::{Move, Position};

/// The one variant these rules play.
pub const VARIANT: &str = "humpty";
/// pyffish's and ffish's mate value: `game_result` of a mated side to move
/// is `-VALUE_MATE`.
pub const VALUE_MATE: i32 = 32_000;
/// pyffish's draw value.
pub const VALUE_DRAW: i32 = 0;

/// Fairy-Stockfish's notation codes (`NOTATION_*`): the ones a 12x8 chess
/// variant can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `NOTATION_DEFAULT` (0) as ffish.js passes it to Fairy-Stockfish:
    /// SAN with the Pawn's letter too (`Pa4`, `Pxa8=Q+`).
    Default,
    /// `NOTATION_SAN` (1): `Nd2`, `Cxc7+`, `b8=Q`.
    San,
    /// `NOTATION_LAN` (2): `Nb1-d2`, `Cc2xc7+`, `b7-b8=Q`.
    Lan,
}

impl Notation {
    /// The notation of an ffish.js code. Other games' notations (shogi's,
    /// janggi's, xiangqi's, Thai: codes 3 to 9) have no form for these men,
    /// so they answer in SAN: a client that offers them all (fairyground)
    /// keeps a readable move list. A code that is none is refused.
    pub fn from_code(code: i64) -> Result<Notation, CompatError> {
        match code {
            0 => Ok(Notation::Default),
            1 | 3..=9 => Ok(Notation::San),
            2 => Ok(Notation::Lan),
            _ => Err(CompatError::Notation(code)),
        }
    }

    /// The notation of a pyffish code: pyffish reads `NOTATION_DEFAULT` as
    /// the variant's own notation, SAN (`e4`, not ffish.js's `Pe4`).
    pub fn from_pyffish_code(code: i64) -> Result<Notation, CompatError> {
        match Notation::from_code(code)? {
            Notation::Default => Ok(Notation::San),
            n => Ok(n),
        }
    }

    /// `m` (legal in `pos`) written in this notation.
    pub fn write(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Default => pos.san_with_pawn_letter(m),
            Notation::San => pos.san(m),
            Notation::Lan => pos.lan(m),
        }
    }
}

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
/// `fen` is the start position, as in pyffish): the binding's replay. A
/// move that cannot be read or is illegal is named with its index.
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

#[cfg(test)]
mod tests;
