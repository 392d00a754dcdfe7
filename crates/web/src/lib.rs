//! humpty's web server, for players in the browser: `humpty serve` (the
//! board, games the server owns and times, review, learn from your
//! mistakes, puzzles and the explorer, stored in SQLite) and `humpty site`
//! (the static board). Layers: rules <- engine <- analysis <- web
//! (docs/architecture.md, docs/web.md).

#![warn(missing_docs)]
#![warn(unreachable_pub)]

pub mod web;

// The lower crates under their layer names, as the modules name them.
pub(crate) use humpty_analysis::{download, explore, puzzles, review, tree};
pub(crate) use humpty_engine::engine;
pub(crate) use humpty_rules as rules;
