//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), the
//! rating system of lichess's puzzles: a player and a puzzle each have a
//! rating, a deviation and a volatility, and every attempt is a game
//! between them that both are rated on.

/// The system constant: how much volatility may change (Glickman suggests
/// 0.3 to 1.2; lichess uses 0.75).
const TAU: f64 = 0.75;
/// Glicko-2's scale factor from the Glicko scale.
const SCALE: f64 = 173.7178;
/// Where the volatility iteration stops.
const EPSILON: f64 = 0.000_001;
/// The narrowest and widest deviation kept.
const MIN_DEVIATION: f64 = 45.0;
const MAX_DEVIATION: f64 = 500.0;

/// A rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rating {
    /// The rating (1500 for someone new).
    pub rating: f64,
    /// Its deviation (350 for someone new).
    pub deviation: f64,
    /// Its volatility (0.06 for someone new).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// `g(φ)`: how much an opponent's uncertainty damps a result.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The expected score against an opponent at `mu_j`, `phi_j`.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The new volatility (step 5, the Illinois algorithm).
fn volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 && k < 100.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    (big_a / 2.0).exp()
}

impl Rating {
    /// The rating after one period of `games`: each the opponent and the
    /// score (1 win, 0.5 draw, 0 loss).
    pub fn after(self, games: &[(Rating, f64)]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        if games.is_empty() {
            let phi = (phi * phi + self.volatility * self.volatility).sqrt();
            return Rating {
                deviation: (phi * SCALE).min(MAX_DEVIATION),
                ..self
            };
        }
        let opp: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|(o, s)| ((o.rating - 1500.0) / SCALE, o.deviation / SCALE, *s))
            .collect();
        let v = 1.0
            / opp
                .iter()
                .map(|&(mj, pj, _)| {
                    let e = expected(mu, mj, pj);
                    g(pj) * g(pj) * e * (1.0 - e)
                })
                .sum::<f64>();
        let sum: f64 = opp
            .iter()
            .map(|&(mj, pj, s)| g(pj) * (s - expected(mu, mj, pj)))
            .sum();
        let sigma = volatility(phi, self.volatility, v, v * sum);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating {
            rating: 1500.0 + SCALE * mu_new,
            deviation: (SCALE * phi_new).clamp(MIN_DEVIATION, MAX_DEVIATION),
            volatility: sigma,
        }
    }

    /// One attempt: the player's and the puzzle's ratings after it
    /// (`solved`: the player won).
    pub fn attempt(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
        let s = if solved { 1.0 } else { 0.0 };
        (
            player.after(&[(puzzle, s)]),
            puzzle.after(&[(player, 1.0 - s)]),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    #[test]
    fn glickmans_worked_example() {
        // The paper's player and three opponents (a win, two losses).
        let after = Rating {
            volatility: 0.06,
            ..r(1500.0, 200.0)
        }
        .after(&[
            (r(1400.0, 30.0), 1.0),
            (r(1550.0, 100.0), 0.0),
            (r(1700.0, 300.0), 0.0),
        ]);
        assert!((after.rating - 1464.06).abs() < 0.05, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.05, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn solving_raises_the_player_and_lowers_the_puzzle() {
        let (p, z) = (Rating::default(), r(1500.0, 500.0));
        let (p1, z1) = Rating::attempt(p, z, true);
        assert!(p1.rating > p.rating && z1.rating < z.rating);
        let (p2, z2) = Rating::attempt(p, z, false);
        assert!(p2.rating < p.rating && z2.rating > z.rating);
        assert!(p1.deviation < p.deviation);
    }
}
