//! humpty's training, for net and weight trainers: `datagen` (self-play
//! positions with their results), `train` (the NNUE net from them) and
//! `tune` (the hand-made evaluation's weights by Texel's method). Layers:
//! rules <- engine <- datagen <- train; tune on rules, eval and the win
//! model (docs/architecture.md, docs/nnue.md, docs/tuning.md).

#![warn(missing_docs)]

pub mod datagen;
pub mod train;
pub mod tune;

// The lower crates under their layer names, as the modules name them.
pub(crate) use humpty_engine::{engine, eval, search};
pub(crate) use humpty_rules as rules;
