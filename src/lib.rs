//! humpty: an engine for Humpty Dumpty Chess, Charles Gilman's 12x8 variant
//! with Cannons, Arrows, Camels, Frogs and (by promotion) Queens, Gnus and Tanks.
//!
//! The crate is built in layers, each a folder, each importing only the
//! layers below it (docs/architecture.md):
//!
//! `rules` <- `eval` <- (`search`, `tune`) ; `search` <- `engine` <-
//! (`protocol`, `matches`, `web`) <- the binary's `cli`
//!
//! `tune` uses `rules` and `eval` only. `fuzz` holds the fuzzing entry
//! points (it uses the layers as the command line does).

#![warn(missing_docs)]

pub mod datagen;
pub mod engine;
pub mod eval;
pub mod fuzz;
pub mod matches;
pub mod protocol;
pub mod review;
pub mod rules;
pub mod search;
pub mod train;
pub mod tune;
pub mod web;

pub use rules::fen::FenError;
pub use rules::moves::{Move, MoveError, MoveList};
pub use rules::piece::{Color, Piece, PieceKind};
pub use rules::position::{Outcome, Position};
pub use rules::square::Square;
