//! Iterative deepening: one root search per depth (and per MultiPV line),
//! each inside an aspiration window around the line's last score; the main
//! thread reports each completed depth and decides when to stop.

use super::tt::Bound;
use super::worker::Worker;
use super::{threads, Info, Score, SearchResult, INFINITE, MATE_BOUND, MAX_DEPTH};
use std::sync::atomic::Ordering;

/// First iteration that uses an aspiration window.
const ASPIRATION_MIN_DEPTH: i32 = 5;
/// Initial half-width of the aspiration window.
const ASPIRATION_DELTA: i32 = 25;

/// With `Dev_SmpSkip`, odd helpers search only even depths: each of their
/// iterations goes two plies past the last, so they work one ply ahead of
/// the main thread and fill the table with deeper results; even helpers
/// search every depth beside it. The main thread skips nothing.
fn skips_depth(id: usize, depth: i32) -> bool {
    id % 2 == 1 && depth % 2 == 1
}

impl Worker<'_> {
    /// Iterative deepening; returns the main line's result.
    pub fn iterate(&mut self, report: &mut dyn FnMut(&Info)) -> SearchResult {
        let skill = self.limits.skill;
        let max_depth = self.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let lines = skill.map_or(1, |s| s.lines()).max(self.limits.multipv);
        let multipv = lines.clamp(1, self.root_moves.len().max(1));
        let mut completed = 0;
        let mut last_score = 0;
        let skip = self.limits.features.smp_skip;
        // Helpers start one ply deeper on odd threads to spread the work.
        let first = 1 + (self.id % 2) as i32;
        for depth in first..=max_depth {
            if skip && skips_depth(self.id, depth) && depth < max_depth {
                continue;
            }
            for pv_idx in 0..multipv {
                self.aspiration(report, depth, pv_idx);
                // Keep the lines found so far ordered best first.
                self.root_moves[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.last_score));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            completed = depth;
            last_score = self.root_moves[0].last_score;
            let best = self.root_moves[0].mv.raw();
            self.soft_scale.update(depth, best, last_score);
            if self.is_main() {
                for i in 0..multipv {
                    self.report_line(report, depth, i, None);
                }
                if self.should_stop_after_iteration(depth, last_score) {
                    break;
                }
                // A handicap's nodes are spent: no new iteration. (Only
                // then are the nodes flushed: flushing moves the points
                // where a plain node limit is checked.)
                if let Some(s) = skill {
                    self.flush_nodes();
                    if self.shared.nodes.load(Ordering::Relaxed) >= s.nodes() {
                        self.stop_all();
                        break;
                    }
                }
            }
        }
        if self.is_main() {
            self.flush_nodes();
            threads::wait_for_release(self.shared, self.limits);
        }
        let chosen = match skill {
            Some(s) if completed > 0 => {
                let lines: Vec<i32> = self.root_moves[..multipv]
                    .iter()
                    .map(|rm| rm.last_score)
                    .collect();
                s.pick(&lines)
            }
            _ => 0,
        };
        if chosen > 0 {
            last_score = self.root_moves[chosen].last_score;
        }
        let best = &self.root_moves[chosen];
        SearchResult {
            best: Some(best.mv),
            ponder: best.pv.get(1).copied(),
            score: if completed > 0 {
                last_score
            } else {
                best.last_score
            },
            depth: completed,
            nodes: self.nodes,
            error: None,
        }
    }

    /// Search one line at one depth, widening the window on each fail.
    fn aspiration(&mut self, report: &mut dyn FnMut(&Info), depth: i32, pv_idx: usize) {
        self.seldepth = 0;
        let prev = self.root_moves[pv_idx].last_score;
        let (mut alpha, mut beta) = (-INFINITE, INFINITE);
        let mut delta = ASPIRATION_DELTA;
        if self.limits.features.aspiration
            && depth >= ASPIRATION_MIN_DEPTH
            && prev.abs() < MATE_BOUND
        {
            alpha = (prev - delta).max(-INFINITE);
            beta = (prev + delta).min(INFINITE);
        }
        loop {
            let score = self.root_search(alpha, beta, depth, pv_idx);
            if self.stopped {
                break;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
                self.report_line(report, depth, pv_idx, Some(Bound::Upper));
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
                self.report_line(report, depth, pv_idx, Some(Bound::Lower));
            } else {
                break;
            }
            delta += delta / 2;
        }
    }

    fn should_stop_after_iteration(&self, depth: i32, score: i32) -> bool {
        if let Some(m) = self.limits.mate {
            if let Score::Mate(moves) = Score::from_search(score) {
                if moves > 0 && moves <= m {
                    return true;
                }
            }
        }
        if self.limits.infinite || self.shared.pondering.load(Ordering::Relaxed) {
            return false;
        }
        // Only one legal move: no need to think (unless analysing).
        if self.root_moves.len() == 1 && depth >= 4 && self.limits.time.is_some() {
            return true;
        }
        if let Some(budget) = self.limits.time {
            if self.shared.elapsed() >= self.soft_scale.soft(budget) {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::skips_depth;

    #[test]
    fn only_odd_helpers_skip_and_only_odd_depths() {
        for depth in 1..40 {
            assert!(!skips_depth(0, depth));
            assert!(!skips_depth(2, depth));
            assert_eq!(skips_depth(1, depth), depth % 2 == 1);
            assert_eq!(skips_depth(3, depth), depth % 2 == 1);
        }
    }
}
