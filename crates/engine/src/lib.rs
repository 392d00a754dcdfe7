//! The Humpty Dumpty Chess engine: static evaluation (`eval`: the hand-made
//! terms and the network), the alpha-beta search (`search`) and the facade
//! every front end talks to (`engine`). It builds on `humpty-rules` alone,
//! so the bindings (Python, JavaScript) compile it with no server, SQLite or
//! command line (docs/architecture.md).
//!
//! Layers inside, each using only those before it: `rules` (the crate
//! `humpty-rules`, re-exported) <- `eval` <- `search` <- `engine`.

#![warn(missing_docs)]

pub mod engine;
pub mod eval;
pub mod search;

/// The rules crate, under the name the layers use (`crate::rules::...`).
pub use humpty_rules as rules;

pub use engine::{Engine, GoParams, Info, Score, SearchResult};
