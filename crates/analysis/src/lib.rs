//! humpty's analysis on the engine, one core for the server and the
//! browser (it builds for `wasm32-unknown-unknown`): `review` (every move
//! of a game judged by the winning chances it gave away, and the
//! learn-from-mistakes judging), `puzzles` (found in games and proved the
//! way lichess-puzzler does, with themes and Glicko-2 ratings) and
//! `explore` (the opening explorer's tree of positions), `tree` (a game
//! with its variations) and `download` (a game's PGN). Layers:
//! rules <- engine <- analysis (docs/architecture.md).

#![warn(missing_docs)]

pub mod download;
pub mod explore;
pub mod puzzles;
pub mod review;
pub mod tree;

// The lower crates under their layer names, as the modules name them.
pub(crate) use humpty_engine::{engine, eval};
pub(crate) use humpty_rules as rules;
