//! The bench signature (issue 34): `humpty bench`'s node count over its
//! positions at its depth is the search's fingerprint. Any change to the
//! search or the evaluation changes it; an unintended one fails here. A
//! functional change updates these numbers (and the README's) in the same
//! commit, saying why.

use humpty_engine::engine::bench::{run, DEFAULT_DEPTH};

/// Nodes of `humpty bench` with the network (the default).
const SIGNATURE: u64 = 2_070_684;
/// Nodes of `humpty bench --nnue off` (the hand-made evaluation).
const SIGNATURE_HAND_MADE: u64 = 3_922_880;

#[test]
fn the_bench_signature_is_unchanged() {
    assert_eq!(run(DEFAULT_DEPTH, None, &mut |_, _, _| {}).nodes, SIGNATURE);
    assert_eq!(
        run(DEFAULT_DEPTH, Some(false), &mut |_, _, _| {}).nodes,
        SIGNATURE_HAND_MADE
    );
}
