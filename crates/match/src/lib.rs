//! humpty's engine-vs-engine matches, for match runners: `humpty match`'s
//! configuration, scheduling and shards, one game with its referee and
//! clocks, engine processes over UCI and XBoard, adjudication, openings,
//! match PGN and the statistics (Elo, SPRT). Layers: rules <- engine <-
//! matches (docs/architecture.md, docs/match.md).

#![warn(missing_docs)]

pub mod matches;

// The lower crates under their layer names, as the modules name them.
pub(crate) use humpty_engine::engine;
pub(crate) use humpty_rules as rules;
