//! A new puzzle's seeded rating, from how hard the engine found it
//! (chess-variant-puzzler's idea): the depth from which the first solver
//! move stayed best, how tempting the second-best move is (its winning
//! chances), and how many moves the solver must find. Players' attempts
//! move it from there (Glicko-2).

use super::chances;
use super::prove::Pair;

/// The rating of the easiest puzzle.
pub const FLOOR: i32 = 600;
/// The rating of the hardest.
pub const CEILING: i32 = 2800;
/// A new puzzle's rating deviation (lichess seeds new puzzles wide).
pub const NEW_DEVIATION: i32 = 500;

/// The seeded rating of a puzzle whose first solver move is `first`, with
/// `solver_moves` moves to find.
pub fn seed(first: &Pair, solver_moves: usize) -> i32 {
    // Each ply of depth the engine needed: 90 points.
    let depth = 90 * (first.found_at.max(1) - 1);
    // A second move that still looks good (its chances from -1 to 1):
    // up to 300 points.
    let temptation = first.second.map_or(0.0, |s| 150.0 * (chances(s.1) + 1.0));
    let length = 150 * (solver_moves.max(1) as i32 - 1);
    (FLOOR + 200 + depth + temptation.round() as i32 + length).clamp(FLOOR, CEILING)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Score;
    use crate::rules::position::Position;

    #[test]
    fn deeper_longer_and_more_tempting_is_harder() {
        let m = Position::startpos().legal_moves()[0];
        let pair = |found_at, second: i32| Pair {
            best: (m, Score::Mate(1)),
            second: Some((m, Score::Cp(second))),
            found_at,
        };
        let easy = seed(&pair(1, -900), 1);
        assert!(easy < seed(&pair(6, -900), 1));
        assert!(easy < seed(&pair(1, 0), 1));
        assert!(easy < seed(&pair(1, -900), 3));
        assert!((FLOOR..=CEILING).contains(&seed(&pair(40, 900), 9)));
    }
}
