//! The one win-rate model: what a score means as winning chances. UCI's
//! `wdl` (`UCI_ShowWDL`), the review's judgements and accuracy, and the
//! tuner's fit all read it here.
//!
//! The expected score of `cp` centipawns is `1 / (1 + 10^(-K cp / 400))`,
//! with humpty's K fitted by the tuner to game results (docs/tuning.md). A
//! win/draw/loss split keeps that expectation exactly (`W + D/2 = E`) and
//! gives draws the share `DRAW_SHARE * 4E(1 - E)`: most at equality, none
//! once the game is decided.

use super::score::Score;

/// The scale of humpty's win curve: the tuner's fit of evaluation to game
/// results over 94,636 quiet positions of humpty's games (docs/tuning.md,
/// `k`).
pub const WIN_SCALE_K: f64 = 0.5526;

/// The share of draws at equality: the drawn share of the games the scale
/// was fitted on (224 of 1,584 in `tests/data/tune-games.pgn.gz`).
pub const DRAW_SHARE: f64 = 224.0 / 1584.0;

/// The expected score (0 to 1) of `cp` centipawns under scale `k`.
pub fn expected_score(k: f64, cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * cp / 400.0))
}

/// The mover's expected score in percent (0 to 100) for `score` from the
/// mover's view: humpty's curve for centipawns, 100 or 0 for a mate.
pub fn win_percent(score: Score) -> f64 {
    match score {
        Score::Cp(cp) => 100.0 * expected_score(WIN_SCALE_K, f64::from(cp)),
        Score::Mate(n) if n > 0 => 100.0,
        Score::Mate(_) => 0.0,
    }
}

/// Win, draw and loss per mille for `score` from the mover's view; they
/// sum to 1000.
pub fn wdl(score: Score) -> (u32, u32, u32) {
    let e = win_percent(score) / 100.0;
    let draw = DRAW_SHARE * 4.0 * e * (1.0 - e);
    // Win and loss rounded alike, so equal chances read alike.
    let per_mille = |x: f64| (x * 1000.0).round().clamp(0.0, 1000.0) as u32;
    let win = per_mille(e - draw / 2.0);
    let loss = per_mille(1.0 - e - draw / 2.0).min(1000 - win);
    (win, 1000 - win - loss, loss)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_split_keeps_the_expectation() {
        for cp in (-800..=800).step_by(40) {
            let (w, d, l) = wdl(Score::Cp(cp));
            assert_eq!(w + d + l, 1000);
            let e = win_percent(Score::Cp(cp)) * 10.0;
            assert!((f64::from(w) + f64::from(d) / 2.0 - e).abs() <= 1.0, "{cp}");
        }
        assert_eq!(wdl(Score::Mate(3)), (1000, 0, 0));
        assert_eq!(wdl(Score::Mate(-3)), (0, 0, 1000));
        let (w, d, l) = wdl(Score::Cp(0));
        assert_eq!((w, l), (l, w));
        assert!(d.abs_diff((DRAW_SHARE * 1000.0).round() as u32) <= 1, "{d}");
    }
}
