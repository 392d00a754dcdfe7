//! Every kernel against the reference, on rows that reach the edges: the
//! `i16` wrap in the update, both ends of the clamp and the largest
//! output weights in the dot product.

use super::super::shape::{Row, HIDDEN, MAX_OUTPUT_WEIGHT};
use super::{scalar, screlu_sum, update, Kernel};

/// xorshift64*: the same rows on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A row drawn from `pick`, which sees a random word.
    fn row(&mut self, pick: impl Fn(u64) -> i16) -> Row {
        let mut r = [0i16; HIDDEN];
        r.iter_mut().for_each(|v| *v = pick(self.next()));
        r
    }
}

/// Any `i16`, with the edges and the clamp's ends made common.
fn value(word: u64) -> i16 {
    const EDGES: [i16; 8] = [i16::MIN, i16::MAX, -1, 0, 1, 254, 255, 256];
    match word % 4 {
        0 => EDGES[(word >> 8) as usize % EDGES.len()],
        1 => (word >> 16) as i16 % 300,
        _ => (word >> 16) as i16,
    }
}

/// An output weight within what a net may hold, its ends made common.
fn weight(word: u64) -> i16 {
    let span = 2 * i64::from(MAX_OUTPUT_WEIGHT) + 1;
    match word % 5 {
        0 => MAX_OUTPUT_WEIGHT,
        1 => -MAX_OUTPUT_WEIGHT,
        _ => ((word >> 8) as i64 % span - i64::from(MAX_OUTPUT_WEIGHT)) as i16,
    }
}

#[test]
fn the_kernel_in_use_updates_rows_as_the_reference_does() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for case in 0..2000 {
        let src = rng.row(value);
        let rows: Vec<Row> = (0..4).map(|_| rng.row(value)).collect();
        // Up to two rows out and two in, as a capture or castling makes.
        let minus: Vec<&Row> = rows[..case % 3].iter().collect();
        let plus: Vec<&Row> = rows[2..2 + (case / 3) % 3].iter().collect();
        let (mut got, mut want) = ([0i16; HIDDEN], [0i16; HIDDEN]);
        update(&mut got, &src, &minus, &plus);
        scalar::update(&mut want, &src, &minus, &plus);
        assert_eq!(got, want, "case {case} ({:?})", Kernel::detected());
    }
}

#[test]
fn the_kernel_in_use_sums_the_output_as_the_reference_does() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for case in 0..2000 {
        let (ours, theirs) = (rng.row(value), rng.row(value));
        let weights = [rng.row(weight), rng.row(weight)];
        assert_eq!(
            screlu_sum(&ours, &theirs, &weights),
            scalar::screlu_sum(&ours, &theirs, &weights),
            "case {case} ({:?})",
            Kernel::detected()
        );
    }
    // The largest sum a net can reach: every value clipped high, every
    // weight at its bound.
    let full = [i16::MAX; HIDDEN];
    let heavy = [[MAX_OUTPUT_WEIGHT; HIDDEN]; 2];
    let most = 2 * HIDDEN as i32 * 255 * 255 * i32::from(MAX_OUTPUT_WEIGHT);
    assert_eq!(screlu_sum(&full, &full, &heavy), most);
    assert_eq!(scalar::screlu_sum(&full, &full, &heavy), most);
}

#[test]
fn an_x86_64_machine_with_avx2_uses_it() {
    // So that the two tests above compare AVX2 against the reference
    // wherever the CPU has it, rather than the reference with itself.
    #[cfg(target_arch = "x86_64")]
    assert_eq!(
        Kernel::detected() == Kernel::Avx2,
        std::arch::is_x86_feature_detected!("avx2")
    );
    assert!(!Kernel::detected().name().is_empty());
}
