//! Accuracy in percent, as lichess computes it from the winning chances
//! each move gives away (lichess.org/page/accuracy), on humpty's own win
//! curve: a move that loses nothing is 100%, and the loss is paid for
//! exponentially. A player's accuracy is the mean of two means of their
//! moves' accuracies: one weighted by how much the position was swinging
//! around the move (a calm position's slip counts more), and the harmonic
//! mean (one bad blunder is not hidden by many easy moves).

/// A move's accuracy (0 to 100) from the winning chances it lost, in
/// points (0 to 100).
pub fn of_move(loss: f64) -> f64 {
    let raw = 103.1668 * (-0.04354 * loss.max(0.0)).exp() - 3.1669;
    // lichess adds one point for the evaluation's own uncertainty.
    (raw + 1.0).clamp(0.0, 100.0)
}

/// The standard deviation of `values` (0 for fewer than two).
fn deviation(values: &[f64]) -> f64 {
    if values.len() < 2 {
        return 0.0;
    }
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64;
    var.sqrt()
}

/// Each move's weight: the swing of White's winning chances in a window
/// of positions around it (the window grows with the game, 2 to 8),
/// kept within 0.5 to 12.
fn weights(white_wins: &[f64]) -> Vec<f64> {
    let moves = white_wins.len().saturating_sub(1);
    let size = (moves / 10).clamp(2, 8).min(white_wins.len().max(1));
    (0..moves)
        .map(|i| {
            let start = (i + 1)
                .saturating_sub(size - 1)
                .min(white_wins.len() - size);
            deviation(&white_wins[start..start + size]).clamp(0.5, 12.0)
        })
        .collect()
}

/// The accuracy of the moves for which `mine` is true, given White's
/// winning chances (0 to 100) at every position (one more than moves) and
/// each move's loss; None with no such move.
pub fn of_player(white_wins: &[f64], losses: &[f64], mine: impl Fn(usize) -> bool) -> Option<f64> {
    let w = weights(white_wins);
    let picked: Vec<(f64, f64)> = losses
        .iter()
        .enumerate()
        .filter(|&(i, _)| mine(i))
        .map(|(i, &l)| (of_move(l), w.get(i).copied().unwrap_or(0.5)))
        .collect();
    if picked.is_empty() {
        return None;
    }
    let weighted =
        picked.iter().map(|(a, w)| a * w).sum::<f64>() / picked.iter().map(|p| p.1).sum::<f64>();
    // A 0% move would make the harmonic mean 0: count it as barely above.
    let harmonic = picked.len() as f64 / picked.iter().map(|(a, _)| 1.0 / a.max(0.01)).sum::<f64>();
    Some((weighted + harmonic) / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perfect_move_is_100_and_a_blunder_is_near_0() {
        assert_eq!(of_move(0.0), 100.0);
        assert!(of_move(5.0) > 75.0 && of_move(5.0) < 85.0);
        assert!(of_move(60.0) < 10.0);
        assert!(of_move(-3.0) == 100.0);
    }

    #[test]
    fn one_blunder_among_perfect_moves_costs_much() {
        let wins = vec![50.0; 21];
        let clean = of_player(&wins, &[0.0; 20], |i| i % 2 == 0).unwrap();
        assert!((clean - 100.0).abs() < 1e-9);
        let mut losses = [0.0; 20];
        losses[4] = 50.0;
        let slipped = of_player(&wins, &losses, |i| i % 2 == 0).unwrap();
        assert!(slipped < 80.0, "{slipped}");
        assert!(of_player(&wins, &losses, |i| i % 2 == 1).unwrap() > 99.9);
        assert_eq!(of_player(&wins[..1], &[], |_| true), None);
    }
}
