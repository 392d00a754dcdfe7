//! The inner loops with AVX2: a row of 64 `i16` is four 256-bit registers.

use super::super::shape::{Row, HIDDEN, QA};
use std::arch::x86_64::*;

/// 16-bit lanes per register.
const LANES: usize = 16;
/// Registers per row.
const CHUNKS: usize = HIDDEN / LANES;

/// Whether this CPU has AVX2 (std caches the answer).
#[inline]
pub fn available() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// Lanes `at..at + 16` of a row.
///
/// # Safety
/// AVX2 must be available and `at + 16 <= HIDDEN`.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn load(row: &Row, at: usize) -> __m256i {
    debug_assert!(at + LANES <= HIDDEN);
    // SAFETY: in bounds (above); unaligned loads are allowed.
    unsafe { _mm256_loadu_si256(row.as_ptr().add(at).cast()) }
}

/// [`super::update`] with AVX2: the row stays in four registers while
/// each changed row is added or taken away.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn update(dst: &mut Row, src: &Row, minus: &[&Row], plus: &[&Row]) {
    // SAFETY (each block): AVX2 is on, the caller's promise; every lane
    // index is below HIDDEN.
    let mut v: [__m256i; CHUNKS] = std::array::from_fn(|i| unsafe { load(src, i * LANES) });
    for row in minus {
        for (i, x) in v.iter_mut().enumerate() {
            *x = _mm256_sub_epi16(*x, unsafe { load(row, i * LANES) });
        }
    }
    for row in plus {
        for (i, x) in v.iter_mut().enumerate() {
            *x = _mm256_add_epi16(*x, unsafe { load(row, i * LANES) });
        }
    }
    for (i, x) in v.iter().enumerate() {
        unsafe { _mm256_storeu_si256(dst.as_mut_ptr().add(i * LANES).cast(), *x) };
    }
}

/// [`super::screlu_sum`] with AVX2: the clipped value times the weight
/// fits 16 bits, so one 16-bit multiply and one multiply-add per lane
/// pair give c·w·c summed in 32 bits.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn screlu_sum(ours: &Row, theirs: &Row, weights: &[Row; 2]) -> i32 {
    let zero = _mm256_setzero_si256();
    let top = _mm256_set1_epi16(QA as i16);
    let mut sum = zero;
    for (values, w) in [(ours, &weights[0]), (theirs, &weights[1])] {
        for at in (0..HIDDEN).step_by(LANES) {
            // SAFETY: AVX2 is on (the caller's promise); in bounds.
            let (v, w) = unsafe { (load(values, at), load(w, at)) };
            let c = _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
            let cw = _mm256_mullo_epi16(c, w);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(cw, c));
        }
    }
    let half = _mm_add_epi32(
        _mm256_castsi256_si128(sum),
        _mm256_extracti128_si256::<1>(sum),
    );
    let pairs = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    let one = _mm_add_epi32(pairs, _mm_shuffle_epi32::<0b10_11_00_01>(pairs));
    _mm_cvtsi128_si32(one)
}
