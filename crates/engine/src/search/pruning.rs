//! The search's pruning, reduction and extension rules, each in one place:
//! reverse futility and null move (whole nodes), late-move pruning,
//! futility and exchange pruning (quiet moves), late-move reductions, the
//! improving flag,
//! internal iterative reduction, the check and mate-threat extensions and
//! singular extensions.
//! Each can be switched off by its `Features` flag (docs/engine.md has the
//! match that measured it).

use super::see::see_ge;
use super::tt::{Bound, TtEntry};
use super::worker::Worker;
use super::{INFINITE, MATE_BOUND, MAX_PLY};
use crate::rules::moves::Move;
use once_cell::sync::Lazy;

/// Reverse futility: maximum depth and margin per ply.
const RFP_MAX_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 90;
/// Null move: minimum depth and base reduction.
const NULL_MIN_DEPTH: i32 = 3;
const NULL_BASE_REDUCTION: i32 = 3;
/// Null move: extra reduction per this many plies of depth.
const NULL_DEPTH_DIVISOR: i32 = 4;
/// Futility pruning of quiet moves: maximum depth and margins.
const FUTILITY_MAX_DEPTH: i32 = 3;
const FUTILITY_MARGIN: [i32; 4] = [0, 150, 300, 480];
/// Late-move reductions: minimum depth, moves tried before reducing, formula.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_MIN_MOVES: usize = 3;
const LMR_BASE: f64 = 0.75;
const LMR_DIVISOR: f64 = 2.25;
/// History score worth one ply less (more) reduction.
const HISTORY_REDUCTION_DIVISOR: i32 = 12_000;
/// Internal iterative reduction: minimum depth.
const IIR_MIN_DEPTH: i32 = 4;
/// Singular extensions: minimum depth, how far the TT entry's depth may
/// lag, and the margin below its score per ply of depth.
const SINGULAR_MIN_DEPTH: i32 = 7;
const SINGULAR_TT_DEPTH_LAG: i32 = 3;
const SINGULAR_MARGIN: i32 = 2;
/// Late-move pruning: at depth <= this, quiet moves after `LMP_BASE + d*d` are skipped.
const LMP_MAX_DEPTH: i32 = 3;
const LMP_BASE: usize = 4;
/// Exchange pruning of quiet moves: maximum depth, and the loss per
/// depth squared a quiet move may risk before it is skipped.
const SEE_QUIET_MAX_DEPTH: i32 = 4;
const SEE_QUIET_MARGIN: i32 = 50;

static LMR: Lazy<[[i32; 64]; 64]> = Lazy::new(|| {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as i32;
        }
    }
    t
});

/// What the singular-extension test says of a node's TT move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Singular {
    /// Not tested, or another move is as good: search it normally.
    No,
    /// Every other move fails low: search it one ply deeper.
    Extend,
    /// Another move also beats beta: the node fails high with this score.
    Cut(i32),
}

/// What the null-move search says of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum NullMove {
    /// Passing still fails high: so does the node, with this score.
    Cut(i32),
    /// Passing gets the side to move mated: the node is searched one ply
    /// deeper (`Features::mate_threat`).
    MateThreat,
    /// Not tried, or neither.
    Nothing,
}

/// What the move loop knows of a move when it decides how to search it.
#[derive(Clone, Copy, Debug)]
pub(super) struct MoveTraits {
    /// Neither a capture nor a promotion.
    pub quiet: bool,
    /// It gives check.
    pub gives_check: bool,
    /// Ordered as a killer (quiet moves only).
    pub killer: bool,
    /// Ordered as a losing capture.
    pub bad_capture: bool,
    /// History score of a quiet move ordered by history (0 otherwise).
    pub history: i32,
}

impl Worker<'_> {
    /// Reverse futility: at low depth, an evaluation (`pruning_eval`) far
    /// above beta is taken as a fail high.
    #[inline]
    pub fn reverse_futility(
        &self,
        depth: i32,
        beta: i32,
        eval: i32,
        improving: bool,
    ) -> Option<i32> {
        let margin = RFP_MARGIN * (depth - i32::from(improving && self.limits.features.improving));
        (self.limits.features.reverse_futility
            && depth <= RFP_MAX_DEPTH
            && eval - margin >= beta
            && beta.abs() < MATE_BOUND)
            .then_some(eval)
    }

    /// The evaluation the whole-node pruning decides on: the static one, or
    /// the table's score where the table's bound says the node's value lies
    /// beyond the static evaluation on that side (a lower bound above it, an
    /// upper bound below it), as Stockfish lets its table's value stand in.
    #[inline]
    pub fn pruning_eval(&self, static_eval: i32, tt: Option<TtEntry>) -> i32 {
        let Some(e) = tt.filter(|e| self.limits.features.tt_eval && e.score.abs() < MATE_BOUND)
        else {
            return static_eval;
        };
        let beyond = match e.bound {
            Bound::Exact => true,
            Bound::Lower => e.score > static_eval,
            Bound::Upper => e.score < static_eval,
        };
        if beyond {
            e.score
        } else {
            static_eval
        }
    }

    /// Null move: pass, and if a reduced search still fails high the node
    /// does too. Needs pieces on the board against zugzwang, and never two
    /// null moves in a row. `Cut(0)` when the search was stopped.
    pub fn null_move(&mut self, depth: i32, ply: usize, beta: i32, eval: i32) -> NullMove {
        if !self.limits.features.null_move
            || depth < NULL_MIN_DEPTH
            || eval < beta
            || self.pos.last_move().is_none_or(|m| m.is_none())
            || !self.has_pieces(self.pos.side_to_move())
        {
            return NullMove::Nothing;
        }
        let r = NULL_BASE_REDUCTION + depth / NULL_DEPTH_DIVISOR;
        self.note_move(ply, Move::NONE);
        self.pos.make_null();
        let score = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
        self.pos.unmake_null();
        if self.stopped {
            NullMove::Cut(0)
        } else if score >= beta {
            NullMove::Cut(if score >= MATE_BOUND { beta } else { score })
        } else if score <= -MATE_BOUND && self.limits.features.mate_threat && ply < MAX_PLY / 2 {
            NullMove::MateThreat
        } else {
            NullMove::Nothing
        }
    }

    /// Late-move pruning and futility: skip a late quiet move at shallow
    /// depth. Checks are never skipped (a quiet hopper or Frog move is often
    /// the mating one).
    #[inline]
    pub fn skip_quiet(
        &self,
        depth: i32,
        alpha: i32,
        static_eval: i32,
        searched: usize,
        improving: bool,
    ) -> bool {
        let features = self.limits.features;
        let mut lmp_count = LMP_BASE + (depth * depth) as usize;
        if features.improving && !improving {
            lmp_count = lmp_count * 2 / 3;
        }
        (features.late_move_pruning && depth <= LMP_MAX_DEPTH && searched >= lmp_count)
            || (features.futility
                && depth <= FUTILITY_MAX_DEPTH
                && static_eval + FUTILITY_MARGIN[depth as usize] <= alpha)
    }

    /// Exchange pruning: at shallow depth a quiet move that hands the
    /// opponent more than `SEE_QUIET_MARGIN * depth²` (its square is
    /// attacked and badly defended) is skipped, as Stockfish does.
    #[inline]
    pub fn quiet_loses_material(&self, m: Move, depth: i32) -> bool {
        self.limits.features.see_pruning
            && depth <= SEE_QUIET_MAX_DEPTH
            && !see_ge(&self.pos, m, -SEE_QUIET_MARGIN * depth * depth, self.params)
    }

    /// Late-move reduction of the `searched`-th move (0-based): quiet moves
    /// by the log-log table, one less at PV nodes and for killers, one more
    /// when not improving, less (more) by a good (bad) history; losing
    /// captures by one.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub fn reduction(
        &self,
        depth: i32,
        searched: usize,
        pv_node: bool,
        in_check: bool,
        improving: bool,
        t: MoveTraits,
        new_depth: i32,
    ) -> i32 {
        let features = self.limits.features;
        if !self.limits.features.late_move_reductions
            || depth < LMR_MIN_DEPTH
            || searched < LMR_MIN_MOVES
            || in_check
            || t.gives_check
        {
            return 0;
        }
        let mut r = 0;
        if t.quiet {
            r = LMR[depth.min(63) as usize][searched.min(63)];
            r -= i32::from(pv_node) + i32::from(t.killer);
            r += i32::from(features.improving && !improving);
            if features.history_reductions {
                r -= t.history / HISTORY_REDUCTION_DIVISOR;
            }
        } else if t.bad_capture {
            r = 1;
        }
        r.clamp(0, new_depth - 1)
    }

    /// The static evaluation is better than at the same side's previous
    /// ply (taken as true when that ply was in check or is outside the search).
    #[inline]
    pub fn improving(&self, ply: usize, static_eval: i32) -> bool {
        if static_eval == -INFINITE {
            return false;
        }
        ply < 2 || {
            let before = self.stack[ply - 2].static_eval;
            before == -INFINITE || static_eval > before
        }
    }

    /// Internal iterative reduction: with no TT move to try first, search
    /// one ply less (the next iteration finds the node with a move).
    #[inline]
    pub fn iir(&self, depth: i32, tt_move: Move) -> i32 {
        i32::from(self.limits.features.iir && tt_move.is_none() && depth >= IIR_MIN_DEPTH)
    }

    /// Singular extension test of the TT move at a node of `depth`: search
    /// the node without it, reduced, against a bound just below the TT
    /// score. `entry` is the node's TT entry; no test runs inside another
    /// (the node's `excluded` move is then set).
    pub fn singular(
        &mut self,
        entry: Option<TtEntry>,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Singular {
        let Some(e) = entry else {
            return Singular::No;
        };
        if !self.limits.features.singular
            || depth < SINGULAR_MIN_DEPTH
            || ply >= MAX_PLY / 2
            || !self.stack[ply].excluded.is_none()
            || e.mv.is_none()
            || e.bound == Bound::Upper
            || e.depth < depth - SINGULAR_TT_DEPTH_LAG
            || e.score.abs() >= MATE_BOUND
        {
            return Singular::No;
        }
        let singular_beta = e.score - SINGULAR_MARGIN * depth;
        self.stack[ply].excluded = e.mv;
        let score = self.search(
            singular_beta - 1,
            singular_beta,
            (depth - 1) / 2,
            ply,
            false,
        );
        self.stack[ply].excluded = Move::NONE;
        if self.stopped {
            Singular::No
        } else if score < singular_beta {
            Singular::Extend
        } else if singular_beta >= beta {
            Singular::Cut(singular_beta)
        } else {
            Singular::No
        }
    }

    /// Check extension: a move that gives check is searched one ply deeper
    /// (in the first half of the ply range, so extensions cannot run away).
    #[inline]
    pub fn extension(&self, gives_check: bool, ply: usize) -> i32 {
        i32::from(gives_check && self.limits.features.check_extension && ply < super::MAX_PLY / 2)
    }
}
