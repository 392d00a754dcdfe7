//! `humpty train`: fits the network to self-play positions (docs/nnue.md).
//! Mini-batches, Adam, the loss `(sigmoid(out) - target)^2` with the target
//! blending the search score and the game result by `lambda`. Each batch
//! is cut into a fixed number of chunks whose gradients are summed in
//! order, so a seed gives the same net on any number of threads.

pub mod data;
pub mod net;

use crate::eval::nnue::network::Network;
use crate::rules::random::Rng;
use data::{Blend, Dataset};
use std::time::Instant;

/// Chunks per batch (fixed, for the same sums on any thread count).
const CHUNKS: usize = 8;

/// What a training run does.
#[derive(Clone, Debug)]
pub struct Config {
    /// Passes over the training set.
    pub epochs: usize,
    /// Positions per step.
    pub batch: usize,
    /// Adam's step size at the start.
    pub lr: f32,
    /// Score and result blend.
    pub blend: Blend,
    /// Seed of the first weights and of the order of positions.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

/// One epoch's report.
#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    /// Epoch number from 1.
    pub epoch: usize,
    /// Mean training loss over the epoch.
    pub train_loss: f64,
    /// Validation loss after the epoch.
    pub valid_loss: f64,
    /// The step size used.
    pub lr: f32,
    /// Seconds the epoch took.
    pub seconds: f64,
}

/// Adam's running moments.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    fn step(&mut self, p: &mut [f32], g: &[f32], lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for i in 0..p.len() {
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * g[i];
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * g[i] * g[i];
            p[i] -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + 1e-8);
        }
    }
}

/// The step size of an epoch: `lr`, then a tenth from 70% of the epochs
/// and a hundredth from 90%.
fn lr_at(cfg: &Config, epoch: usize) -> f32 {
    let done = epoch as f32 / cfg.epochs.max(1) as f32;
    match done {
        d if d >= 0.9 => cfg.lr * 0.01,
        d if d >= 0.7 => cfg.lr * 0.1,
        _ => cfg.lr,
    }
}

/// Mean loss of `p` over a set (threads share the positions).
pub fn loss(p: &[f32], set: &Dataset, threads: usize) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    let per = set.len().div_ceil(threads.max(1));
    let sums: Vec<f64> = std::thread::scope(|s| {
        let jobs: Vec<_> = (0..set.len())
            .step_by(per)
            .map(|start| {
                s.spawn(move || {
                    (start..(start + per).min(set.len()))
                        .map(|i| {
                            let out = net::forward(p, set.inputs_of(i), set.black[i]);
                            f64::from((data::sigmoid(out) - set.target[i]).powi(2))
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        jobs.into_iter().map(|j| j.join().unwrap_or(0.0)).collect()
    });
    sums.iter().sum::<f64>() / set.len() as f64
}

/// The summed gradient of one batch (positions `order[batch]`), and its
/// summed loss.
fn batch_gradient(
    p: &[f32],
    set: &Dataset,
    batch: &[u32],
    grads: &mut [Vec<f32>],
    threads: usize,
) -> f64 {
    let per = batch.len().div_ceil(CHUNKS);
    let losses: Vec<f64> = std::thread::scope(|s| {
        let mut chunks: Vec<(usize, &mut Vec<f32>)> = grads.iter_mut().enumerate().collect();
        let mut lanes: Vec<Vec<(usize, &mut Vec<f32>)>> =
            (0..threads).map(|_| Vec::new()).collect();
        for (k, c) in chunks.drain(..) {
            lanes[k % threads].push((k, c));
        }
        let jobs: Vec<_> = lanes
            .into_iter()
            .map(|lane| {
                s.spawn(move || {
                    let mut total = 0.0f64;
                    for (k, g) in lane {
                        g.iter_mut().for_each(|v| *v = 0.0);
                        let part = batch.iter().skip(k * per).take(per);
                        for &i in part {
                            let i = i as usize;
                            let l =
                                net::backward(p, set.inputs_of(i), set.black[i], set.target[i], g);
                            total += f64::from(l);
                        }
                    }
                    total
                })
            })
            .collect();
        jobs.into_iter().map(|j| j.join().unwrap_or(0.0)).collect()
    });
    losses.iter().sum()
}

/// Train `start` on `train`, reporting each epoch to `report` (which also
/// gets the quantized net, to save) and returning the final parameters.
pub fn train(
    cfg: &Config,
    mut p: Vec<f32>,
    train: &Dataset,
    valid: &Dataset,
    report: &mut dyn FnMut(&EpochReport, &Network),
) -> Vec<f32> {
    let threads = cfg.threads.clamp(1, CHUNKS);
    let mut rng = Rng::new(cfg.seed ^ 0x7261_696e);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut grads = vec![vec![0.0f32; net::PARAMS]; CHUNKS];
    let mut sum = vec![0.0f32; net::PARAMS];
    let mut adam = Adam::new(net::PARAMS);
    for epoch in 0..cfg.epochs {
        let started = Instant::now();
        let lr = lr_at(cfg, epoch);
        rng.shuffle(&mut order);
        let mut total = 0.0f64;
        for batch in order.chunks(cfg.batch.max(1)) {
            total += batch_gradient(&p, train, batch, &mut grads, threads);
            let scale = 1.0 / batch.len() as f32;
            for (j, s) in sum.iter_mut().enumerate() {
                *s = grads.iter().map(|g| g[j]).sum::<f32>() * scale;
            }
            adam.step(&mut p, &sum, lr);
            net::clip(&mut p);
        }
        let r = EpochReport {
            epoch: epoch + 1,
            train_loss: total / train.len().max(1) as f64,
            valid_loss: loss(&p, valid, threads),
            lr,
            seconds: started.elapsed().as_secs_f64(),
        };
        report(&r, &net::quantize(&p));
    }
    p
}
