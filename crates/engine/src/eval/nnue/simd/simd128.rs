//! The inner loops with WebAssembly's simd128: a row of 64 `i16` is eight
//! 128-bit values.

use super::super::shape::{Row, HIDDEN, QA};
use core::arch::wasm32::*;

/// 16-bit lanes per value.
const LANES: usize = 8;
/// Values per row.
const CHUNKS: usize = HIDDEN / LANES;

/// Lanes `at..at + 8` of a row.
#[inline]
fn load(row: &Row, at: usize) -> v128 {
    assert!(at + LANES <= HIDDEN);
    // SAFETY: in bounds (above); wasm loads need no alignment.
    unsafe { v128_load(row.as_ptr().add(at).cast()) }
}

/// [`super::update`] with simd128: the row stays in eight values while
/// each changed row is added or taken away.
pub fn update(dst: &mut Row, src: &Row, minus: &[&Row], plus: &[&Row]) {
    let mut v: [v128; CHUNKS] = std::array::from_fn(|i| load(src, i * LANES));
    for row in minus {
        for (i, x) in v.iter_mut().enumerate() {
            *x = i16x8_sub(*x, load(row, i * LANES));
        }
    }
    for row in plus {
        for (i, x) in v.iter_mut().enumerate() {
            *x = i16x8_add(*x, load(row, i * LANES));
        }
    }
    for (i, x) in v.iter().enumerate() {
        // SAFETY: in bounds, as for `load`.
        unsafe { v128_store(dst.as_mut_ptr().add(i * LANES).cast(), *x) };
    }
}

/// [`super::screlu_sum`] with simd128 (as the AVX2 kernel: a 16-bit
/// multiply, then a dot product into 32 bits).
pub fn screlu_sum(ours: &Row, theirs: &Row, weights: &[Row; 2]) -> i32 {
    let zero = i16x8_splat(0);
    let top = i16x8_splat(QA as i16);
    let mut sum = i32x4_splat(0);
    for (values, w) in [(ours, &weights[0]), (theirs, &weights[1])] {
        for at in (0..HIDDEN).step_by(LANES) {
            let c = i16x8_min(i16x8_max(load(values, at), zero), top);
            let cw = i16x8_mul(c, load(w, at));
            sum = i32x4_add(sum, i32x4_dot_i16x8(cw, c));
        }
    }
    i32x4_extract_lane::<0>(sum)
        + i32x4_extract_lane::<1>(sum)
        + i32x4_extract_lane::<2>(sum)
        + i32x4_extract_lane::<3>(sum)
}
