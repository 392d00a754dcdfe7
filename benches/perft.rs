//! Perft speed: start position and two middlegames from the reference table,
//! reported as leaf nodes per second (criterion's element throughput).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use humpty::rules::perft::perft;
use humpty::Position;
use std::hint::black_box;

const CASES: &[(&str, &str, u32)] = &[
    ("startpos", Position::START_FEN, 4),
    (
        "rand-p36-s14",
        "1r1lb1k3nr/6faf2C/p1p2ppbpp1p/3p6a1/3flP2F3/c1P3P2P1P/1C2A1KA3R/RN2BFFBL1c1 w k - 0 19",
        4,
    ),
    (
        "rand-p76-s24",
        "rc3f1b4/5bclkA2/pap3F2prA/4CpP1p1LN/PP2L3f3/5P3PCP/1R3l6/1NF1BB1K1F1R w - - 22 39",
        3,
    ),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for &(name, fen, depth) in CASES {
        let mut pos = Position::from_fen(fen).expect("bench FEN");
        let nodes = perft(&mut pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/depth{depth}"), |b| {
            b.iter(|| perft(black_box(&mut pos), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
