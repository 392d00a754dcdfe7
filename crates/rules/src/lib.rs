//! The rules of Humpty Dumpty Chess (docs/rules.md): the board, the pieces,
//! moves and their notation, positions, attack detection, legal move
//! generation, FEN, SAN, PGN records, game results and perft. Nothing here
//! knows about evaluation or search: this crate depends on nothing heavier
//! than `arrayvec` and `once_cell`, and every other crate of the workspace
//! builds on it (docs/architecture.md).

#![warn(missing_docs)]

pub mod attack;
pub mod board;
pub mod castling;
pub mod consistency;
pub mod fen;
pub mod legality;
pub mod movegen;
pub mod moves;
pub mod movetext;
pub mod perft;
pub mod pgn;
pub mod piece;
pub mod position;
pub mod random;
pub mod result;
pub mod retro;
pub mod san;
pub mod square;
pub mod tables;
pub mod zobrist;

pub use fen::FenError;
pub use moves::{Move, MoveError, MoveList};
pub use piece::{Color, Piece, PieceKind};
pub use position::{Outcome, Position};
pub use square::Square;
