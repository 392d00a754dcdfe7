//! humpty: an engine for Humpty Dumpty Chess, Charles Gilman's 12x8 variant
//! with Cannons, Arrows, Camels, Frogs and (by promotion) Queens, Gnus and Tanks.
//!
//! The rules live in `square`, `piece`, `moves`, `tables`, `position`, `attack`,
//! `movegen` and `fen`; see docs/rules.md for the rules as implemented.

#![warn(missing_docs)]

pub mod attack;
pub mod bench;
pub mod cli;
pub mod engine;
pub mod eval;
pub mod fen;
pub mod match_runner;
pub mod movegen;
pub mod movepick;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod player;
pub mod position;
pub mod search;
pub mod square;
pub mod stats;
pub mod tables;
pub mod timeman;
pub mod tt;
pub mod uci;
pub mod uci_wire;
pub mod xboard;
pub mod zobrist;

pub use fen::FenError;
pub use moves::{Move, MoveError, MoveList};
pub use piece::{Color, Piece, PieceKind};
pub use position::{Outcome, Position};
pub use square::Square;
