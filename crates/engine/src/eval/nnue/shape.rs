//! The hidden layer's shape and scales: what the network, its file and
//! the SIMD kernels all rely on, kept apart so that the kernels need not
//! import the network that calls them.

/// Hidden neurons per perspective.
pub const HIDDEN: usize = 64;
/// Scale of the hidden layer's weights and activations (1.0 = 255).
pub const QA: i32 = 255;
/// The largest output weight in either sign (the trainer's clip): a
/// clipped value times a weight then fits 16 bits, which the SIMD kernels
/// need to give the reference's sums.
pub const MAX_OUTPUT_WEIGHT: i16 = 127;

/// One perspective's hidden values (an accumulator row).
pub type Row = [i16; HIDDEN];
