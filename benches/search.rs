//! Search speed: the bench positions at a fixed depth, one thread, cleared
//! hash (the same work as `humpty bench`), reported as nodes per second,
//! with the hand-made evaluation and with the network.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use humpty::engine::bench;
use std::hint::black_box;

/// Depth for the criterion runs (lower than `humpty bench` to keep samples short).
const DEPTH: i32 = 7;

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, nnue) in [("hand-made", false), ("nnue", true)] {
        let nodes = bench::run(DEPTH, Some(nnue), &mut |_, _, _| {}).nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("bench-positions/depth{DEPTH}/{name}"), |b| {
            b.iter(|| bench::run(black_box(DEPTH), Some(nnue), &mut |_, _, _| {}))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
