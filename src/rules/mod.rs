//! The rules of Humpty Dumpty Chess (docs/rules.md): the board, the pieces,
//! moves and their notation, positions, attack detection, legal move
//! generation, FEN and perft. Nothing here knows about evaluation or search.

pub mod attack;
pub(crate) mod board;
pub mod castling;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod position;
pub mod random;
pub mod result;
pub mod san;
pub mod square;
pub mod tables;
pub mod zobrist;
