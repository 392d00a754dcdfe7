//! Match statistics: Elo difference with a 95% interval, likelihood of
//! superiority, and the sequential probability ratio test (SPRT) used to stop
//! a match as soon as the evidence is enough.
//!
//! The SPRT uses the generalised SPRT approximation of the log-likelihood
//! ratio (Michel Van den Bergh's, as fishtest and fastchess use):
//! `LLR = N * (s1 - s0) * (2*m - s0 - s1) / (2 * v)`, where `m` and `v` are the
//! observed mean and variance of the per-trial score, and `s0`, `s1` the
//! expected scores at `elo0` and `elo1` (logistic Elo). A trial is a game pair
//! (pentanomial model: the two games of one opening with colours swapped,
//! scored 0, 0.25, ..., 1) when pairs are complete, else a single game
//! (trinomial model). Bounds: `ln(beta / (1 - alpha))` and `ln((1 - beta) / alpha)`.

/// Wins, draws and losses of the first engine, plus game-pair outcomes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// Completed pairs by points scored in the pair (0, 0.5, 1, 1.5, 2).
    pub pairs: [u32; 5],
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score fraction 0..1 (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
        }
    }

    /// Record one game from the first engine's view: 1.0, 0.5 or 0.0.
    pub fn add_game(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// Record a completed pair by the first engine's points in it (0..=2).
    pub fn add_pair(&mut self, points: f64) {
        let idx = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.pairs[idx] += 1;
    }

    /// Draw ratio.
    pub fn draw_ratio(&self) -> f64 {
        self.draws as f64 / self.games().max(1) as f64
    }
}

/// Elo difference for a score fraction (logistic model).
pub fn elo_from_score(score: f64) -> f64 {
    let s = score.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Expected score for an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo estimate with a 95% confidence interval: (elo, minus, plus) where the
/// interval is [elo - minus, elo + plus]. Uses the per-game trinomial variance.
pub fn elo_interval(t: &Tally) -> (f64, f64, f64) {
    let n = t.games() as f64;
    if n == 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let s = t.score();
    let var = (t.wins as f64 * (1.0 - s).powi(2)
        + t.draws as f64 * (0.5 - s).powi(2)
        + t.losses as f64 * s.powi(2))
        / n;
    let se = (var / n).sqrt();
    let z = 1.959_963_984_540_054;
    let elo = elo_from_score(s);
    let lo = elo_from_score(s - z * se);
    let hi = elo_from_score(s + z * se);
    (elo, elo - lo, hi - elo)
}

/// Likelihood of superiority of the first engine (draws ignored).
pub fn los(t: &Tally) -> f64 {
    let decisive = (t.wins + t.losses) as f64;
    if decisive == 0.0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((t.wins as f64 - t.losses as f64) / (2.0 * decisive).sqrt()))
}

/// The error function (Abramowitz-Stegun 7.1.26, |error| < 1.5e-7).
pub fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

/// Game pairs an SPRT plays before it may decide.
pub const SPRT_MIN_PAIRS: u32 = 10;

/// SPRT parameters.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo of the null hypothesis.
    pub elo0: f64,
    /// Elo of the alternative hypothesis.
    pub elo1: f64,
    /// Type I error.
    pub alpha: f64,
    /// Type II error.
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtState {
    /// Keep playing.
    Continue,
    /// H1 accepted (the change gains at least elo1).
    AcceptH1,
    /// H0 accepted (the change gains at most elo0).
    AcceptH0,
}

/// An SPRT that cannot be run: its bounds or its error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SprtError {
    /// elo0 and elo1 not finite with elo0 < elo1 (the values given).
    Bounds(f64, f64),
    /// alpha and beta not in (0, 1) with alpha + beta < 1 (the values given).
    Rates(f64, f64),
}

impl std::fmt::Display for SprtError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SprtError::Bounds(elo0, elo1) => write!(
                f,
                "SPRT: elo0 and elo1 must be finite numbers with elo0 < elo1 (got {elo0}, {elo1})"
            ),
            SprtError::Rates(alpha, beta) => write!(
                f,
                "SPRT: alpha and beta must lie between 0 and 1 with alpha + beta < 1 (got {alpha}, {beta})"
            ),
        }
    }
}

impl std::error::Error for SprtError {}

impl Sprt {
    /// A test of `elo0` against `elo1` with error rates `alpha` and
    /// `beta`; refused unless the bounds are finite with elo0 < elo1 and
    /// both rates lie in (0, 1) with alpha + beta < 1 (else the LLR bounds
    /// are undefined or crossed).
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        if !elo0.is_finite() || !elo1.is_finite() || elo0 >= elo1 {
            return Err(SprtError::Bounds(elo0, elo1));
        }
        let rate = |x: f64| x > 0.0 && x < 1.0;
        if !rate(alpha) || !rate(beta) || alpha + beta >= 1.0 {
            return Err(SprtError::Rates(alpha, beta));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Lower and upper LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Log-likelihood ratio for the tally (pentanomial when pairs exist).
    pub fn llr(&self, t: &Tally) -> f64 {
        let pair_count: u32 = t.pairs.iter().sum();
        let (n, mean, var) = if pair_count > 0 {
            let scores = [0.0, 0.25, 0.5, 0.75, 1.0];
            moments(&t.pairs, &scores)
        } else {
            moments(&[t.losses, t.draws, t.wins], &[0.0, 0.5, 1.0])
        };
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Decide from the tally (never before `SPRT_MIN_PAIRS` game pairs: on
    /// a handful of games the normal approximation's variance is near zero
    /// and the LLR jumps past a bound; one lost game once read as -33).
    pub fn state(&self, t: &Tally) -> SprtState {
        let pairs: u32 = t.pairs.iter().sum();
        let games = t.wins + t.losses + t.draws;
        if pairs.max(games / 2) < SPRT_MIN_PAIRS {
            return SprtState::Continue;
        }
        let llr = self.llr(t);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

/// Pseudo-count given to empty outcome categories, so that a one-sided
/// result (all wins) has a positive variance and still moves the LLR.
const EMPTY_CATEGORY: f64 = 1e-3;

/// Count, mean and variance of a discrete distribution given as counts.
fn moments(counts: &[u32], values: &[f64]) -> (f64, f64, f64) {
    let raw: f64 = counts.iter().map(|&c| c as f64).sum();
    if raw == 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let c: Vec<f64> = counts
        .iter()
        .map(|&c| if c == 0 { EMPTY_CATEGORY } else { c as f64 })
        .collect();
    let n: f64 = c.iter().sum();
    let mean = c.iter().zip(values).map(|(c, v)| c * v).sum::<f64>() / n;
    let var = c
        .iter()
        .zip(values)
        .map(|(c, v)| c * (v - mean).powi(2))
        .sum::<f64>()
        / n;
    (raw, mean, var)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    #[test]
    fn sprt_settings_out_of_range_are_refused() {
        assert!(Sprt::new(0.0, 5.0, 0.05, 0.05).is_ok());
        for (e0, e1, a, b) in [
            (f64::NAN, 5.0, 0.05, 0.05),
            (0.0, f64::INFINITY, 0.05, 0.05),
            (5.0, 5.0, 0.05, 0.05),
            (10.0, 5.0, 0.05, 0.05),
            (0.0, 5.0, 0.0, 0.05),
            (0.0, 5.0, 0.05, 1.0),
            (0.0, 5.0, f64::NAN, 0.05),
            (0.0, 5.0, 0.6, 0.6),
        ] {
            assert!(Sprt::new(e0, e1, a, b).is_err(), "{e0} {e1} {a} {b}");
        }
    }

    #[test]
    fn elo_of_known_scores() {
        // Reference values computed independently (Python, math.log10).
        // 75% is 400*log10(3) = 190.8485; 64% is 99.9510; 50% is 0.
        assert!(close(elo_from_score(0.75), 190.848_501_887_865, 1e-9));
        assert!(close(elo_from_score(0.64), 99.950_989_286_64, 1e-9));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        assert!(close(score_from_elo(elo_from_score(0.3)), 0.3, 1e-12));
    }

    #[test]
    fn interval_of_a_known_result() {
        // 60 wins, 20 draws, 20 losses: s = 0.7, per-game variance
        // (60*0.09 + 20*0.04 + 20*0.49)/100 = 0.16, se = 0.04, so the 95%
        // interval is s = 0.7 -+ 1.96*0.04, i.e. Elo 147.19 in [86.23, 218.25]
        // (computed independently in Python).
        let t = Tally {
            wins: 60,
            draws: 20,
            losses: 20,
            pairs: [0; 5],
        };
        let (elo, minus, plus) = elo_interval(&t);
        assert!(close(elo, 147.190_3, 1e-3), "{elo}");
        assert!(close(elo - minus, 86.225_015, 1e-4), "{}", elo - minus);
        assert!(close(elo + plus, 218.251_778, 1e-4), "{}", elo + plus);
    }

    #[test]
    fn los_and_erf() {
        assert!(close(erf(0.5), 0.520_499_877_8, 2e-7));
        assert!(close(erf(-1.0), -0.842_700_792_9, 2e-7));
        let even = Tally {
            wins: 10,
            draws: 5,
            losses: 10,
            pairs: [0; 5],
        };
        assert!(close(los(&even), 0.5, 1e-6));
        // 30 wins, 20 losses: 0.5*(1+erf(10/10)) = 0.921350396.
        let t = Tally {
            wins: 30,
            draws: 0,
            losses: 20,
            pairs: [0; 5],
        };
        assert!(close(los(&t), 0.921_350_396, 1e-6));
    }

    #[test]
    fn sprt_bounds_and_llr() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.944_438_979, 1e-9) && close(hi, 2.944_438_979, 1e-9));
        // Trinomial, W=600 D=200 L=400: m = 0.58333, v = 0.201389,
        // s0 = 0.5, s1 = 0.507195, LLR = 3.41849 (computed independently in Python).
        let t = Tally {
            wins: 600,
            draws: 200,
            losses: 400,
            pairs: [0; 5],
        };
        assert!(close(sprt.llr(&t), 3.418_494, 1e-5), "{}", sprt.llr(&t));
        assert_eq!(sprt.state(&t), SprtState::AcceptH1);
        // A one-sided result still decides (empty categories get a pseudo-count).
        let t = Tally {
            wins: 30,
            draws: 0,
            losses: 0,
            pairs: [0; 5],
        };
        assert_eq!(sprt.state(&t), SprtState::AcceptH1);
        // A few lost games can be far past the lower bound (nine lost pairs
        // are), but too few to decide on.
        for t in [
            Tally {
                wins: 0,
                draws: 0,
                losses: 1,
                pairs: [0; 5],
            },
            Tally {
                wins: 0,
                draws: 0,
                losses: 2,
                pairs: [1, 0, 0, 0, 0],
            },
            Tally {
                wins: 0,
                draws: 0,
                losses: 18,
                pairs: [9, 0, 0, 0, 0],
            },
        ] {
            assert_eq!(sprt.state(&t), SprtState::Continue, "{t:?}");
        }
        let nine = Tally {
            wins: 0,
            draws: 0,
            losses: 18,
            pairs: [9, 0, 0, 0, 0],
        };
        assert!(sprt.llr(&nine) < lo);
        let t = Tally {
            wins: 0,
            draws: 0,
            losses: 20,
            pairs: [10, 0, 0, 0, 0],
        };
        assert_eq!(sprt.state(&t), SprtState::AcceptH0);
        // A dead-even result drifts toward H0.
        let t = Tally {
            wins: 400,
            draws: 400,
            losses: 400,
            pairs: [0; 5],
        };
        assert!(sprt.llr(&t) < 0.0);
        // Pentanomial: pairs [LL, LD, DD/WL, WD, WW] = [10, 20, 40, 20, 10] is
        // symmetric: mean 0.5, LLR = N*(s1-s0)*(1-s0-s1)/(2v) < 0.
        let t = Tally {
            wins: 0,
            draws: 0,
            losses: 0,
            pairs: [10, 20, 40, 20, 10],
        };
        let v = (10.0 * 0.25 + 20.0 * 0.0625 + 20.0 * 0.0625 + 10.0 * 0.25) / 100.0;
        let s1 = score_from_elo(5.0);
        let expect = 100.0 * (s1 - 0.5) * (1.0 - 0.5 - s1) / (2.0 * v);
        assert!(close(sprt.llr(&t), expect, 1e-12));
    }
}
