//! Quiescence search: captures and promotions until the position is quiet,
//! with stand-pat, losing captures skipped and delta pruning; in check every
//! evasion is searched, so mates are seen. With `qsearch_checks`, its first
//! ply also tries the quiet checks that lose no material (the replies are
//! then evasions, and below them captures only, so the tree stays small).
//! With `qsearch_tt`, its nodes are looked up in and stored to the
//! transposition table.

use super::moveorder::{capture_is_good, captured_value};
use super::movepick::MovePicker;
use super::see::see_ge;
use super::tt::Bound;
use super::worker::Worker;
use super::{DRAW, INFINITE, MATE, MAX_PLY};
use crate::rules::moves::{Move, MoveList};
use crate::rules::piece::PieceKind;

/// Quiescence delta pruning margin.
const DELTA_MARGIN: i32 = 200;

/// The table depth of a quiescence node: below every full-width node, and
/// one that tries quiet checks above one that does not.
fn table_depth(checks: bool) -> i32 {
    if checks {
        0
    } else {
        -1
    }
}

/// A node's best score and move so far.
type Best = (i32, Move);

impl Worker<'_> {
    /// Search captures and promotions (or all evasions in check); with
    /// `checks`, then the quiet checks that lose no material.
    pub fn qsearch(&mut self, alpha: i32, beta: i32, ply: usize, checks: bool) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = self.draw_score(ply) {
            return score;
        }
        if ply >= MAX_PLY - 2 {
            return if self.pos.in_check_after_move() {
                DRAW
            } else {
                self.evaluate()
            };
        }
        if !self.limits.features.qsearch_tt {
            return self.qsearch_moves(alpha, beta, ply, checks).0;
        }
        let key = self.pos.key();
        let depth = table_depth(checks);
        if let Some(e) = self.shared.tt.probe(key, ply as i32) {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut && e.depth >= depth {
                return e.score;
            }
        }
        let (best, best_move) = self.qsearch_moves(alpha, beta, ply, checks);
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha && !best_move.is_none() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let tt = &self.shared.tt;
        tt.store(key, best_move, bound, depth, best, ply as i32);
        best
    }

    /// The node's stand-pat and moves: its best score and move (none when
    /// standing pat was best).
    fn qsearch_moves(&mut self, mut alpha: i32, beta: i32, ply: usize, checks: bool) -> Best {
        let in_check = self.pos.in_check_after_move();
        let mut best = (-INFINITE, Move::NONE);
        let stand_pat = if in_check { -INFINITE } else { self.evaluate() };
        if !in_check {
            if stand_pat >= beta {
                return (stand_pat, Move::NONE);
            }
            alpha = alpha.max(stand_pat);
            best.0 = stand_pat;
        }
        let mut picker = MovePicker::empty();
        picker.set_exchange(self.limits.features.see);
        if in_check {
            let none = [Move::NONE; 2];
            let view = self.history_view(ply);
            picker.fill_all(&self.pos, true, Move::NONE, none, view, self.params);
        } else {
            picker.fill_tactical(&self.pos, &self.history, self.params);
        }
        if in_check && picker.is_empty() {
            return (-MATE + ply as i32, Move::NONE);
        }
        while let Some((m, _)) = picker.next_move() {
            if !in_check && self.skip_capture(m, stand_pat, alpha) {
                continue;
            }
            let score = self.qsearch_child(m, alpha, beta, ply);
            if self.stopped {
                return (0, Move::NONE);
            }
            if raise_best(&mut best, &mut alpha, (score, m), beta) {
                return best;
            }
        }
        if checks && !in_check {
            return self.quiet_checks(alpha, beta, ply, best);
        }
        best
    }

    /// Play `m`, search the reply with quiescence (captures only), take it back.
    #[inline]
    fn qsearch_child(&mut self, m: Move, alpha: i32, beta: i32, ply: usize) -> i32 {
        self.note_move(ply, m);
        self.make(m);
        let score = -self.qsearch(-beta, -alpha, ply + 1, false);
        self.unmake();
        score
    }

    /// The quiet checks of a quiescence node whose captures did not cut
    /// off (`best` so far): each that keeps its material is searched.
    fn quiet_checks(&mut self, mut alpha: i32, beta: i32, ply: usize, mut best: Best) -> Best {
        let mut quiets = MoveList::new();
        self.pos.append_legal_quiets(&mut quiets, false);
        for &m in &quiets {
            if !self.pos.gives_check(m) || !see_ge(&self.pos, m, 0, self.params) {
                continue;
            }
            let score = self.qsearch_child(m, alpha, beta, ply);
            if self.stopped {
                return (0, Move::NONE);
            }
            if raise_best(&mut best, &mut alpha, (score, m), beta) {
                break;
            }
        }
        best
    }

    /// A capture that cannot lift the score to alpha even with a margin
    /// (delta pruning), an illegal one (the picker's are pseudo-legal) or a
    /// losing one is not searched. The cheap tests go first: the exchange
    /// evaluator runs only on what they leave.
    #[inline]
    fn skip_capture(&self, m: Move, stand_pat: i32, alpha: i32) -> bool {
        let p = self.params;
        let promotion_gain = m
            .promotion()
            .map_or(0, |k| p.value_mg(k) - p.value_mg(PieceKind::Pawn));
        let gain = captured_value(&self.pos, m, p) + promotion_gain;
        stand_pat + gain + DELTA_MARGIN <= alpha
            || !self.pos.pseudo_move_is_legal(m)
            || !capture_is_good(&self.pos, m, p, self.limits.features.see)
    }
}

/// Take `found` as the new best if it beats it, raising alpha with it;
/// true when it reaches beta (a cut-off).
#[inline]
fn raise_best(best: &mut Best, alpha: &mut i32, found: Best, beta: i32) -> bool {
    if found.0 <= best.0 {
        return false;
    }
    *best = found;
    *alpha = (*alpha).max(found.0);
    found.0 >= beta
}
