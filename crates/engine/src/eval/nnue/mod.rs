//! The learned evaluation (NNUE): a small network over (colour, kind,
//! square) inputs whose first layer is updated move by move. The default
//! net is built into the binary; `EvalFile` loads another (docs/nnue.md).

pub mod accumulator;
pub mod features;
pub mod network;
pub mod shape;
pub mod simd;

pub use accumulator::{Accumulator, AccumulatorStack};
pub use network::{Network, HIDDEN, QA, QB, SCALE};
pub use simd::Kernel;

use crate::rules::position::Position;
use once_cell::sync::Lazy;
use std::sync::Arc;

/// The net built into the binary (`crates/engine/src/eval/nnue/default.nnue`).
static DEFAULT_BYTES: &[u8] = include_bytes!("default.nnue");

/// The built-in net, read once.
pub static DEFAULT: Lazy<Arc<Network>> =
    Lazy::new(|| Arc::new(Network::from_bytes(DEFAULT_BYTES).expect("the built-in net is valid")));

/// The built-in net.
pub fn default_net() -> Arc<Network> {
    Arc::clone(&DEFAULT)
}

/// Score `pos` from scratch with `net` (side to move's view): what the
/// search's incremental accumulators must agree with.
pub fn evaluate(net: &Network, pos: &Position) -> i32 {
    Accumulator::refresh(net, pos).evaluate(net, pos.side_to_move())
}
