//! Lazy SMP's last word: which thread's move to play. Each thread's move
//! is backed by its completed depth and by how far its score stands above
//! the worst thread's; a proven win, or the longest resistance to a proven
//! loss, outranks the weights.

use super::score::TB_BOUND;
use crate::rules::moves::Move;

/// Added to every score above the worst, so the worst thread's move
/// still carries its depth.
const SCORE_FLOOR: i64 = 20;

/// One thread's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ballot {
    /// Its best move.
    pub mv: Move,
    /// The move's score (side to move's view).
    pub score: i32,
    /// Its last completed iteration (0: none, the ballot does not count).
    pub depth: i32,
}

/// The index of the ballot to follow; 0 (the main thread) when nothing
/// beats it, or when no ballot counts.
pub(super) fn elect(ballots: &[Ballot]) -> usize {
    let counted = || ballots.iter().filter(|b| b.depth > 0);
    let Some(worst) = counted().map(|b| b.score).min() else {
        return 0;
    };
    let weight = |mv: Move| -> i64 {
        counted()
            .filter(|b| b.mv == mv)
            .map(|b| (i64::from(b.score) - i64::from(worst) + SCORE_FLOOR) * i64::from(b.depth))
            .sum()
    };
    let mut chosen = 0;
    for (i, b) in ballots.iter().enumerate().skip(1) {
        if b.depth == 0 {
            continue;
        }
        let cur = &ballots[chosen];
        let better = if cur.depth == 0 {
            true
        } else if cur.score.abs() >= TB_BOUND {
            // A proven result: the quickest win or the slowest loss.
            b.score > cur.score
        } else {
            b.score >= TB_BOUND || (b.score > -TB_BOUND && weight(b.mv) > weight(cur.mv))
        };
        if better {
            chosen = i;
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::Position;
    use crate::search::MATE;

    /// Three distinct legal moves of the start position.
    fn moves() -> [Move; 3] {
        let pos = Position::startpos();
        let legal = pos.legal_moves();
        [legal[0], legal[1], legal[2]]
    }

    fn ballot(mv: Move, score: i32, depth: i32) -> Ballot {
        Ballot { mv, score, depth }
    }

    #[test]
    fn the_main_thread_keeps_its_move_when_nothing_outweighs_it() {
        let [a, b, _] = moves();
        assert_eq!(elect(&[ballot(a, 30, 10)]), 0);
        assert_eq!(elect(&[ballot(a, 30, 10), ballot(a, 40, 11)]), 0);
        // Same score, same depth: equal weight, the main thread stays.
        assert_eq!(elect(&[ballot(a, 30, 10), ballot(b, 30, 10)]), 0);
        assert_eq!(elect(&[]), 0);
    }

    #[test]
    fn a_deeper_or_better_helper_wins() {
        let [a, b, _] = moves();
        assert_eq!(elect(&[ballot(a, 30, 10), ballot(b, 30, 11)]), 1);
        assert_eq!(elect(&[ballot(a, 30, 10), ballot(b, 50, 10)]), 1);
        // Deeper but much worse: the main thread's move keeps more weight.
        assert_eq!(elect(&[ballot(a, 80, 10), ballot(b, 0, 11)]), 0);
    }

    #[test]
    fn helpers_agreeing_outvote_the_main_thread() {
        let [a, b, _] = moves();
        let ballots = [ballot(a, 40, 12), ballot(b, 35, 11), ballot(b, 35, 11)];
        assert_eq!(elect(&ballots), 1);
    }

    #[test]
    fn proven_results_come_first() {
        let [a, b, c] = moves();
        // A helper that proves a mate beats any weight.
        assert_eq!(elect(&[ballot(a, 200, 20), ballot(b, MATE - 9, 5)]), 1);
        // The quicker mate wins; a slower one does not displace it.
        assert_eq!(elect(&[ballot(a, MATE - 9, 12), ballot(b, MATE - 5, 9)]), 1);
        assert_eq!(
            elect(&[ballot(a, MATE - 5, 12), ballot(b, MATE - 9, 15)]),
            0
        );
        // Being mated: the longest resistance.
        assert_eq!(
            elect(&[ballot(a, -MATE + 4, 12), ballot(b, -MATE + 8, 9)]),
            1
        );
        // A helper seeing a loss is not followed on weight alone.
        assert_eq!(
            elect(&[
                ballot(a, 10, 10),
                ballot(b, -MATE + 20, 30),
                ballot(c, 9, 9)
            ]),
            0
        );
    }

    #[test]
    fn ballots_without_a_completed_iteration_do_not_count() {
        let [a, b, _] = moves();
        assert_eq!(elect(&[ballot(a, 30, 10), ballot(b, 500, 0)]), 0);
        // The main thread stopped before its first iteration: a helper that completed one is followed.
        assert_eq!(elect(&[ballot(a, -32_500, 0), ballot(b, 10, 3)]), 1);
        assert_eq!(elect(&[ballot(a, 0, 0), ballot(b, 0, 0)]), 0);
    }
}
