//! Quiescence search: captures and promotions until the position is quiet,
//! with stand-pat, losing captures skipped and delta pruning; in check every
//! evasion is searched, so mates are seen.

use super::movepick::{captured_value, is_bad_capture_score, MovePicker};
use super::worker::Worker;
use super::{DRAW, INFINITE, MATE, MAX_PLY};
use crate::rules::moves::Move;
use crate::rules::piece::PieceKind;

/// Quiescence delta pruning margin.
const DELTA_MARGIN: i32 = 200;

impl Worker<'_> {
    /// Search captures and promotions (or all evasions in check).
    pub fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(score) = self.draw_score(ply) {
            return score;
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY - 2 {
            return if in_check { DRAW } else { self.evaluate() };
        }
        let mut best = -INFINITE;
        let stand_pat = if in_check { -INFINITE } else { self.evaluate() };
        if !in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
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
            return -MATE + ply as i32;
        }
        while let Some((m, order)) = picker.next_move() {
            if !in_check && self.futile_capture(m, order, stand_pat, alpha) {
                continue;
            }
            self.note_move(ply, m);
            self.make(m);
            let score = -self.qsearch(-beta, -alpha, ply + 1);
            self.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// A losing capture, or one that cannot lift the score to alpha even
    /// with a margin (delta pruning), is not searched.
    #[inline]
    fn futile_capture(&self, m: Move, order: i32, stand_pat: i32, alpha: i32) -> bool {
        if is_bad_capture_score(order) {
            return true;
        }
        let p = self.params;
        let promotion_gain = m
            .promotion()
            .map_or(0, |k| p.value_mg(k) - p.value_mg(PieceKind::Pawn));
        let gain = captured_value(&self.pos, m, p) + promotion_gain;
        stand_pat + gain + DELTA_MARGIN <= alpha
    }
}
