//! Fairy-Stockfish's notation codes as the two bindings read them: ffish.js
//! passes `NOTATION_DEFAULT` on (a Pawn's letter written), pyffish reads it
//! as the variant's SAN.

use crate::error::CompatError;
use humpty_rules::{Move, Position};

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
