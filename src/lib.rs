//! humpty: an engine for Humpty Dumpty Chess, Charles Gilman's 12x8 variant
//! with Cannons, Arrows, Camels, Frogs and (by promotion) Queens, Gnus and Tanks.
//!
//! The program is a Cargo workspace built in layers, each importing only the
//! layers below it (docs/architecture.md):
//!
//! `rules` (crate `humpty-rules`) <- `eval` <- `search` <- `engine` (crate
//! `humpty-engine`) <- `review`, `puzzles`, `explore` (crate
//! `humpty-analysis`) <- `protocol` (crate `humpty-protocol`) and
//! (`matches`, `web`, ...: this crate) <- the binary's `cli`
//!
//! This crate re-exports the lower crates under their layer names, so
//! `humpty::rules`, `humpty::engine`, `humpty::review` and the rest keep
//! their paths. `tune`
//! uses `rules` and `eval` only. `fuzz` holds the fuzzing entry points (it
//! uses the layers as the command line does).

#![warn(missing_docs)]

pub mod fuzz;

pub use humpty_analysis::{download, explore, puzzles, review};
pub use humpty_engine::{engine, eval, search};
pub use humpty_match::matches;
pub use humpty_protocol as protocol;
pub use humpty_rules as rules;
pub use humpty_tablebase as tablebase;
pub use humpty_train::{datagen, train, tune};
pub use humpty_web::web;

pub use rules::fen::FenError;
pub use rules::moves::{Move, MoveError, MoveList};
pub use rules::piece::{Color, Piece, PieceKind};
pub use rules::position::{Outcome, Position};
pub use rules::square::Square;
