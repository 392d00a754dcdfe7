//! The net's two inner loops: the accumulator update (rows added and
//! taken away) and the output's squared clipped ReLU dot product. Each is
//! written once in plain Rust, the reference, and again with SIMD where
//! the machine has it: AVX2 on x86-64, chosen at run time; simd128 on
//! WebAssembly, chosen when the module is compiled with it
//! (`.cargo/config.toml`). Every version gives the same integers as the
//! reference (tests below, and the bench signature in both homes).

use super::shape::{Row, HIDDEN, QA};

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd128;

/// Which code runs the inner loops on this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain loops (the compiler vectorizes them for the baseline target).
    Scalar,
    /// AVX2, 16 lanes of 16 bits (x86-64, detected at run time).
    Avx2,
    /// simd128, 8 lanes of 16 bits (WebAssembly built with it).
    Simd128,
}

impl Kernel {
    /// The kernel the inner loops use here.
    pub fn detected() -> Kernel {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        return Kernel::Simd128;
        #[cfg(target_arch = "x86_64")]
        if avx2::available() {
            return Kernel::Avx2;
        }
        #[allow(unreachable_code)]
        Kernel::Scalar
    }

    /// Its name, as `humpty bench` reports it.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Avx2 => "avx2",
            Kernel::Simd128 => "simd128",
        }
    }
}

/// `dst` = `src` minus each row of `minus` plus each row of `plus`, lane
/// by lane, wrapping as `i16` does.
#[inline]
pub fn update(dst: &mut Row, src: &Row, minus: &[&Row], plus: &[&Row]) {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd128::update(dst, src, minus, plus);
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        // SAFETY: the CPU has AVX2 (just checked).
        return unsafe { avx2::update(dst, src, minus, plus) };
    }
    #[allow(unreachable_code)]
    scalar::update(dst, src, minus, plus)
}

/// The sum over both halves of clamp(value, 0, QA)² × weight: the
/// output before its scaling. Exact in `i32` while every weight is
/// within ±[`MAX_OUTPUT_WEIGHT`](super::shape::MAX_OUTPUT_WEIGHT), which
/// reading a net checks.
#[inline]
pub fn screlu_sum(ours: &Row, theirs: &Row, weights: &[Row; 2]) -> i32 {
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    return simd128::screlu_sum(ours, theirs, weights);
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        // SAFETY: the CPU has AVX2 (just checked).
        return unsafe { avx2::screlu_sum(ours, theirs, weights) };
    }
    #[allow(unreachable_code)]
    scalar::screlu_sum(ours, theirs, weights)
}

/// The reference: what every other kernel must compute.
pub mod scalar {
    use super::{Row, QA};

    /// [`super::update`] in plain loops.
    pub fn update(dst: &mut Row, src: &Row, minus: &[&Row], plus: &[&Row]) {
        *dst = *src;
        for row in minus {
            dst.iter_mut()
                .zip(*row)
                .for_each(|(a, &b)| *a = a.wrapping_sub(b));
        }
        for row in plus {
            dst.iter_mut()
                .zip(*row)
                .for_each(|(a, &b)| *a = a.wrapping_add(b));
        }
    }

    /// [`super::screlu_sum`] in plain loops.
    pub fn screlu_sum(ours: &Row, theirs: &Row, weights: &[Row; 2]) -> i32 {
        let half = |values: &Row, weights: &Row| -> i32 {
            values
                .iter()
                .zip(weights)
                .map(|(&v, &w)| {
                    let c = i32::from(v.clamp(0, QA as i16));
                    // c * w fits 16 bits (|w| <= 127), which lets the
                    // compiler use 16-bit multiplies with 32-bit sums.
                    c * i32::from(w) * c
                })
                .sum()
        };
        half(ours, &weights[0]) + half(theirs, &weights[1])
    }
}

const _: () = assert!(
    HIDDEN.is_multiple_of(16),
    "the SIMD kernels take 16 lanes at a time"
);

#[cfg(test)]
mod tests;
