//! Lazy SMP's last word: which thread's move to play. The main thread's,
//! unless a helper completed a deeper iteration and scores its move
//! higher, or a helper proves a result the main thread has not.
//!
//! A weighted vote over depth and score (each move backed by
//! `(score - worst + floor) * depth`, as many-thread engines use) was
//! measured first: with two threads it let a helper two plies shallower
//! win on a few centipawns, and the pair with `Dev_SmpSkip` lost
//! (docs/engine.md, "Threads").

use super::score::TB_BOUND;
use crate::rules::moves::Move;

/// One thread's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Answer {
    /// Its best move.
    pub mv: Move,
    /// The move's score (side to move's view).
    pub score: i32,
    /// Its last completed iteration (0: none, the answer does not count).
    pub depth: i32,
}

/// The index of the answer to follow; 0 (the main thread) when nothing
/// beats it, or when no answer counts.
pub(super) fn best_thread(answers: &[Answer]) -> usize {
    let mut chosen = 0;
    for (i, a) in answers.iter().enumerate().skip(1) {
        if a.depth == 0 {
            continue;
        }
        let cur = &answers[chosen];
        let better = if cur.depth == 0 {
            true
        } else if cur.score.abs() >= TB_BOUND {
            // A proven result: the quickest win or the slowest loss.
            a.score > cur.score
        } else {
            a.score >= TB_BOUND || (a.depth > cur.depth && a.score > cur.score)
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

    fn answer(mv: Move, score: i32, depth: i32) -> Answer {
        Answer { mv, score, depth }
    }

    #[test]
    fn the_main_thread_keeps_its_move_unless_a_helper_is_deeper_and_better() {
        let [a, b, _] = moves();
        assert_eq!(best_thread(&[answer(a, 30, 10)]), 0);
        assert_eq!(best_thread(&[]), 0);
        // Same depth, better score: not enough.
        assert_eq!(best_thread(&[answer(a, 30, 10), answer(b, 50, 10)]), 0);
        // Shallower and better (the weighted vote's mistake): not enough.
        assert_eq!(best_thread(&[answer(a, 30, 12), answer(b, 40, 10)]), 0);
        // Deeper but worse: not enough.
        assert_eq!(best_thread(&[answer(a, 30, 10), answer(b, 20, 11)]), 0);
        // Deeper and better: the helper's move.
        assert_eq!(best_thread(&[answer(a, 30, 10), answer(b, 31, 11)]), 1);
    }

    #[test]
    fn the_best_of_several_helpers_is_found() {
        let [a, b, c] = moves();
        let answers = [answer(a, 30, 10), answer(b, 35, 11), answer(c, 40, 12)];
        assert_eq!(best_thread(&answers), 2);
        let answers = [answer(a, 30, 10), answer(b, 45, 12), answer(c, 40, 13)];
        assert_eq!(best_thread(&answers), 1);
    }

    #[test]
    fn proven_results_come_first() {
        let [a, b, c] = moves();
        // A helper that proves a mate, even from a shallower search.
        assert_eq!(
            best_thread(&[answer(a, 200, 20), answer(b, MATE - 9, 5)]),
            1
        );
        // The quicker mate wins; a slower one does not displace it.
        let quicker = [answer(a, MATE - 9, 12), answer(b, MATE - 5, 9)];
        assert_eq!(best_thread(&quicker), 1);
        let slower = [answer(a, MATE - 5, 12), answer(b, MATE - 9, 15)];
        assert_eq!(best_thread(&slower), 0);
        // Being mated: the longest resistance.
        let resist = [answer(a, -MATE + 4, 12), answer(b, -MATE + 8, 9)];
        assert_eq!(best_thread(&resist), 1);
        // A helper seeing a loss is never followed over a move that is not lost.
        let lost = [
            answer(a, 10, 10),
            answer(b, -MATE + 20, 30),
            answer(c, 9, 9),
        ];
        assert_eq!(best_thread(&lost), 0);
    }

    #[test]
    fn answers_without_a_completed_iteration_do_not_count() {
        let [a, b, _] = moves();
        assert_eq!(best_thread(&[answer(a, 30, 10), answer(b, 500, 0)]), 0);
        // The main thread stopped before its first iteration: a helper
        // that completed one is followed.
        assert_eq!(best_thread(&[answer(a, -32_500, 0), answer(b, 10, 3)]), 1);
        assert_eq!(best_thread(&[answer(a, 0, 0), answer(b, 0, 0)]), 0);
    }
}
