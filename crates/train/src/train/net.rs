//! The network in floating point, as the trainer sees it: every parameter
//! in one flat vector (hidden weights by input, hidden bias, output
//! weights, output bias), the gradient of one position, and the step to
//! and from the engine's quantized net.

use crate::eval::nnue::features::{mirror, INPUTS};
use crate::eval::nnue::network::{Network, Row, HIDDEN, MAX_OUTPUT_WEIGHT, QA, QB};
use crate::rules::random::Rng;

/// Where the hidden bias starts.
pub const B1: usize = INPUTS * HIDDEN;
/// Where the output weights start.
pub const W2: usize = B1 + HIDDEN;
/// Where the output bias is.
pub const B2: usize = W2 + 2 * HIDDEN;
/// Number of parameters.
pub const PARAMS: usize = B2 + 1;
/// Largest magnitude of a weight: keeps `c * w` of the quantized output
/// within 16 bits and the accumulators far from overflow.
pub const CLIP: f32 = MAX_OUTPUT_WEIGHT as f32 / QB as f32;

/// A uniform number in `-1..1`.
fn uniform(rng: &mut Rng) -> f32 {
    (rng.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
}

/// New parameters, drawn from `seed` (uniform, scaled by fan-in).
pub fn random(seed: u64) -> Vec<f32> {
    let mut rng = Rng::new(seed);
    let mut p = vec![0.0; PARAMS];
    let hidden_scale = 1.0 / (INPUTS as f32).sqrt();
    let output_scale = 1.0 / (2.0 * HIDDEN as f32).sqrt();
    for (i, v) in p.iter_mut().enumerate() {
        *v = match i {
            _ if i < B1 => hidden_scale * uniform(&mut rng),
            _ if i < W2 => 0.0,
            _ if i < B2 => output_scale * uniform(&mut rng),
            _ => 0.0,
        };
    }
    p
}

/// Keep every weight within what quantization holds.
pub fn clip(p: &mut [f32]) {
    p[..B2].iter_mut().for_each(|v| *v = v.clamp(-CLIP, CLIP));
}

/// The quantized net of these parameters.
pub fn quantize(p: &[f32]) -> Network {
    let q = |v: f32, scale: i32| (v * scale as f32).round() as i16;
    let row = |at: usize, scale: i32| {
        let mut r: Row = [0; HIDDEN];
        r.iter_mut()
            .enumerate()
            .for_each(|(j, v)| *v = q(p[at + j], scale));
        r
    };
    Network {
        feature_weights: (0..INPUTS).map(|i| row(i * HIDDEN, QA)).collect(),
        feature_bias: row(B1, QA),
        output_weights: [row(W2, QB), row(W2 + HIDDEN, QB)],
        output_bias: (p[B2] * (QA * QB) as f32).round() as i32,
    }
}

/// The parameters of a quantized net (to train on from a committed net).
pub fn dequantize(net: &Network) -> Vec<f32> {
    let mut p = Vec::with_capacity(PARAMS);
    let rows = net.feature_weights.iter().chain([&net.feature_bias]);
    for r in rows {
        p.extend(r.iter().map(|&v| f32::from(v) / QA as f32));
    }
    for r in &net.output_weights {
        p.extend(r.iter().map(|&v| f32::from(v) / QB as f32));
    }
    p.push(net.output_bias as f32 / (QA * QB) as f32);
    p
}

/// One perspective's hidden sums.
fn hidden(p: &[f32], inputs: impl Iterator<Item = usize>) -> [f32; HIDDEN] {
    let mut h = [0.0f32; HIDDEN];
    h.copy_from_slice(&p[B1..W2]);
    for i in inputs {
        let w = &p[i * HIDDEN..(i + 1) * HIDDEN];
        h.iter_mut().zip(w).for_each(|(a, b)| *a += b);
    }
    h
}

/// The side to move's and the other side's hidden sums of a position.
fn both(p: &[f32], white: &[u16], black_to_move: bool) -> ([f32; HIDDEN], [f32; HIDDEN]) {
    let w = hidden(p, white.iter().map(|&i| i as usize));
    let b = hidden(p, white.iter().map(|&i| mirror(i as usize)));
    if black_to_move {
        (b, w)
    } else {
        (w, b)
    }
}

/// The output before the sigmoid (logistic units).
pub fn forward(p: &[f32], white: &[u16], black_to_move: bool) -> f32 {
    let (us, them) = both(p, white, black_to_move);
    let act = |x: f32| x.clamp(0.0, 1.0).powi(2);
    let out: f32 = us
        .iter()
        .zip(&p[W2..W2 + HIDDEN])
        .map(|(&x, w)| act(x) * w)
        .sum::<f32>()
        + them
            .iter()
            .zip(&p[W2 + HIDDEN..B2])
            .map(|(&x, w)| act(x) * w)
            .sum::<f32>();
    out + p[B2]
}

/// Add the gradient of one position's loss `(sigmoid(out) - target)^2` to
/// `grad`; returns the loss.
pub fn backward(
    p: &[f32],
    white: &[u16],
    black_to_move: bool,
    target: f32,
    grad: &mut [f32],
) -> f32 {
    let (us, them) = both(p, white, black_to_move);
    let act = |x: f32| x.clamp(0.0, 1.0).powi(2);
    let mut out = p[B2];
    for j in 0..HIDDEN {
        out += act(us[j]) * p[W2 + j] + act(them[j]) * p[W2 + HIDDEN + j];
    }
    let s = super::data::sigmoid(out);
    let g = 2.0 * (s - target) * s * (1.0 - s);
    grad[B2] += g;
    let slope = |x: f32| if x > 0.0 && x < 1.0 { 2.0 * x } else { 0.0 };
    let mut d_us = [0.0f32; HIDDEN];
    let mut d_them = [0.0f32; HIDDEN];
    for j in 0..HIDDEN {
        grad[W2 + j] += g * act(us[j]);
        grad[W2 + HIDDEN + j] += g * act(them[j]);
        d_us[j] = g * p[W2 + j] * slope(us[j]);
        d_them[j] = g * p[W2 + HIDDEN + j] * slope(them[j]);
        grad[B1 + j] += d_us[j] + d_them[j];
    }
    let (d_white, d_black) = if black_to_move {
        (&d_them, &d_us)
    } else {
        (&d_us, &d_them)
    };
    for &i in white {
        let (w, b) = (i as usize, mirror(i as usize));
        let gw = &mut grad[w * HIDDEN..(w + 1) * HIDDEN];
        gw.iter_mut().zip(d_white).for_each(|(a, d)| *a += d);
        let gb = &mut grad[b * HIDDEN..(b + 1) * HIDDEN];
        gb.iter_mut().zip(d_black).for_each(|(a, d)| *a += d);
    }
    (s - target).powi(2)
}
