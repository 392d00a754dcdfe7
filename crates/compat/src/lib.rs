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
mod notation;
mod replay;

pub use board::Board;
pub use end::{
    game_result, has_insufficient_material, immediate_end, optional_end, VALUE_DRAW, VALUE_MATE,
};
pub use error::CompatError;
pub use fen_code::{fen_code, FenCode};
pub use fog::{captured_man, fog_fen};
pub use notation::Notation;
pub use replay::{check_variant, legal_move, replay, start, variants, VARIANT};

#[cfg(test)]
mod tests;
