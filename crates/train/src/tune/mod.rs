//! Texel tuning of the evaluation weights: labelled quiet positions from
//! finished games (`data`), a loss that is the mean squared difference
//! between each game's result and the evaluation mapped to a winning
//! chance, `1 / (1 + 10^(-k * eval / 400))`, with the scale `k` fitted
//! first; then coordinate descent over every tunable weight of
//! `EvalParams` (docs/tuning.md).

pub mod data;

use crate::eval::{evaluate, EvalParams};
use crate::rules::piece::Color;
use data::Sample;

/// The static evaluation from White's side.
fn white_eval(sample: &Sample, params: &EvalParams) -> i32 {
    let e = evaluate(&sample.pos, params);
    match sample.pos.side_to_move() {
        Color::White => e,
        Color::Black => -e,
    }
}

/// The winning chance an evaluation stands for, under scale `k`.
fn win_chance(k: f64, eval: i32) -> f64 {
    crate::search::winrate::expected_score(k, f64::from(eval))
}

/// Mean squared error of the weights over the samples, on `threads` threads.
pub fn mean_error(samples: &[Sample], params: &EvalParams, k: f64, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let chunk = samples.len().div_ceil(threads.max(1));
    let total: f64 = std::thread::scope(|s| {
        let handles: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    part.iter()
                        .map(|x| (x.result - win_chance(k, white_eval(x, params))).powi(2))
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / samples.len() as f64
}

/// The scale `k` that minimises the error of `params` (ternary search on
/// 0.05..4: the error is unimodal in `k`).
pub fn fit_scale(samples: &[Sample], params: &EvalParams, threads: usize) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 4.0f64);
    for _ in 0..40 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if mean_error(samples, params, a, threads) < mean_error(samples, params, b, threads) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// How the descent runs.
#[derive(Clone, Debug)]
pub struct TuneConfig {
    /// Step sizes tried in turn (centipawns); each until a pass gains nothing.
    pub steps: Vec<i32>,
    /// Most passes per step size.
    pub max_passes: usize,
    /// Most steps one weight moves in one direction within a pass (1: one
    /// step, Texel's original; more follows a direction while it pays).
    pub max_run: usize,
    /// Threads for the error sums.
    pub threads: usize,
    /// Tune only the weights whose names start with one of these (empty:
    /// every tunable weight), e.g. to fit a new term with the rest fixed.
    pub only: Vec<String>,
}

/// The result of a run.
pub struct TuneResult {
    /// The tuned weights.
    pub params: EvalParams,
    /// Training error before and after.
    pub train: (f64, f64),
    /// Held-out error before and after (the samples not trained on).
    pub held_out: (f64, f64),
    /// The fitted scale.
    pub k: f64,
}

/// Set weight `i` of `params`.
fn set_weight(params: &mut EvalParams, i: usize, value: i32) {
    if let Some(w) = params.weights_mut().into_iter().nth(i) {
        *w.value = value;
    }
}

/// Tune `start` on `train`, reporting progress lines; `held_out` is only measured.
pub fn tune(
    train: &[Sample],
    held_out: &[Sample],
    start: &EvalParams,
    cfg: &TuneConfig,
    progress: &mut dyn FnMut(&str),
) -> TuneResult {
    let t = cfg.threads;
    let k = fit_scale(train, start, t);
    let mut params = start.clone();
    let first = mean_error(train, &params, k, t);
    progress(&format!("k = {k:.4}, training error {first:.6}"));
    let mut best = first;
    let tunable: Vec<usize> = params
        .clone()
        .weights_mut()
        .into_iter()
        .enumerate()
        .filter(|(_, w)| cfg.only.is_empty() || cfg.only.iter().any(|p| w.name.starts_with(p)))
        .filter_map(|(i, w)| w.tunable.then_some(i))
        .collect();
    for &step in &cfg.steps {
        for pass in 1..=cfg.max_passes {
            let before = best;
            for &i in &tunable {
                let run = (step, cfg.max_run.max(1));
                best = improve_weight(train, &mut params, i, run, k, t, best);
            }
            progress(&format!(
                "step {step} pass {pass}: training error {best:.6}"
            ));
            if best >= before {
                break;
            }
        }
    }
    TuneResult {
        train: (first, best),
        held_out: (
            mean_error(held_out, start, k, t),
            mean_error(held_out, &params, k, t),
        ),
        params,
        k,
    }
}

/// Try weight `i` one step up, then down; follow a direction that lowers
/// the error while it keeps doing so (`run`: the step and at most how many).
fn improve_weight(
    samples: &[Sample],
    params: &mut EvalParams,
    i: usize,
    (step, max_run): (i32, usize),
    k: f64,
    threads: usize,
    mut best: f64,
) -> f64 {
    let Some(old) = params.weights_mut().into_iter().nth(i).map(|w| *w.value) else {
        return best;
    };
    for delta in [step, -step] {
        let mut value = old;
        for _ in 0..max_run {
            set_weight(params, i, value + delta);
            let e = mean_error(samples, params, k, threads);
            if e >= best {
                break;
            }
            best = e;
            value += delta;
        }
        set_weight(params, i, value);
        if value != old {
            return best;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::piece::PieceKind;
    use crate::rules::position::Position;

    fn sample(fen: &str, result: f64) -> Sample {
        Sample {
            pos: Position::from_fen(fen).unwrap(),
            result,
        }
    }

    #[test]
    fn a_weight_the_results_contradict_moves_the_right_way() {
        // White, a Cannon up, keeps losing: tuning lowers the Cannon's value
        // (it cannot touch the Pawn's middlegame value, the scale's anchor).
        let fen = "6k5/pppppp6/12/12/12/12/PPPPPP6/C5K5 w - - 0 1";
        let train: Vec<Sample> = (0..40)
            .map(|i| sample(fen, if i % 4 == 0 { 1.0 } else { 0.0 }))
            .collect();
        let start = EvalParams::default();
        let cfg = TuneConfig {
            steps: vec![20],
            max_passes: 3,
            max_run: 4,
            threads: 2,
            only: Vec::new(),
        };
        let r = tune(&train, &train, &start, &cfg, &mut |_| {});
        assert!(r.train.1 < r.train.0);
        let cannon = PieceKind::Cannon.index();
        let (before, after) = (start.piece_values[cannon], r.params.piece_values[cannon]);
        assert!(after.mg + after.eg < before.mg + before.eg, "{after:?}");
        assert_eq!(r.params.value_mg(PieceKind::Pawn), 100);
        // Restricted to other weights, the Cannon's value stays put.
        let only = TuneConfig {
            only: vec!["mobility.".into(), "value.Knight".into()],
            ..cfg
        };
        let r = tune(&train, &train, &start, &only, &mut |_| {});
        assert_eq!(r.params.piece_values[cannon], before);
    }
}
