//! Principal variation search. A node goes through its phases in order:
//! leaf and draw checks, mate-distance pruning, the transposition table,
//! whole-node pruning (`pruning`), then the move loop, where each move is
//! searched by `search_child` (null window, reduced, re-searched as needed),
//! and the result is stored. The root has its own loop over the root moves.

use super::moveorder::is_bad_capture_score;
use super::movepick::StagedPicker;
use super::pruning::{MoveTraits, NullMove, Singular};
use super::tt::{Bound, TtEntry};
use super::worker::Worker;
use super::{DRAW, INFINITE, MATE, MAX_PLY};
use crate::rules::moves::Move;
use arrayvec::ArrayVec;

/// Ordering scores at or above this are killers (or the TT move).
const KILLER_ORDER: i32 = 2_000_000;

/// True for the ordering scores of the TT move and killers (a quiet move
/// below them is ordered by its history score alone).
#[inline]
fn is_killer_order(order: i32) -> bool {
    order >= KILLER_ORDER
}

/// What the move loop of an interior node needs to know about the node.
struct Node {
    depth: i32,
    ply: usize,
    pv_node: bool,
    in_check: bool,
    /// The static evaluation is better than two plies ago.
    improving: bool,
    static_eval: i32,
    key: u64,
    /// The node's TT entry, if any (for the singular-extension test).
    tt: Option<TtEntry>,
    /// A move left out by an enclosing singular-extension test (`Move::NONE`).
    excluded: Move,
}

impl Worker<'_> {
    /// The tables' score for an interior node, if they hold it and it
    /// settles the node against the window (stored in the table too).
    fn probe_tables(&mut self, ply: usize, depth: i32, alpha: i32, beta: i32) -> Option<i32> {
        let tb = self.limits.tablebases.as_ref()?;
        let (score, bound) = super::tablebase::probe_node(&self.pos, tb, ply)?;
        self.shared
            .tbhits
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let settles = match bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        if settles {
            let depth = (depth + 6).min(super::MAX_DEPTH);
            let key = self.pos.key();
            self.shared
                .tt
                .store(key, Move::NONE, bound, depth, score, ply as i32);
        }
        settles.then_some(score)
    }

    /// Search the root moves from `pv_idx` on (the earlier ones are the
    /// MultiPV lines already found at this depth).
    pub fn root_search(&mut self, mut alpha: i32, beta: i32, depth: i32, pv_idx: usize) -> i32 {
        let mut best = -INFINITE;
        let in_check = self.pos.in_check();
        for i in pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let traits = MoveTraits {
                quiet: !self.pos.is_tactical(m),
                gives_check: self.pos.gives_check(m),
                killer: false,
                bad_capture: false,
                history: 0,
            };
            self.note_move(0, m);
            self.make(m);
            let new_depth = depth - 1 + self.extension(traits.gives_check, 0);
            let searched = i - pv_idx;
            let r = self.reduction(depth, searched, true, in_check, true, traits, new_depth);
            let score = self.search_child(alpha, beta, new_depth, r, 1, true, searched == 0);
            self.unmake();
            if self.stopped {
                break;
            }
            self.record_root_score(i, pv_idx, m, score, alpha);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    // Move a new best line to the front of this PV slot.
                    let rm = self.root_moves.remove(i);
                    self.root_moves.insert(pv_idx, rm);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        if !self.stopped && best > -INFINITE && pv_idx == 0 && best < beta {
            let mv = self.root_moves[0].mv;
            self.shared
                .tt
                .store(self.pos.key(), mv, Bound::Exact, depth, best, 0);
        }
        best
    }

    /// Keep a root move's score and line when it is the first or raises alpha.
    fn record_root_score(&mut self, i: usize, pv_idx: usize, m: Move, score: i32, alpha: i32) {
        let (pv, len) = (&self.pv[1], self.pv_len[1]);
        let rm = &mut self.root_moves[i];
        if i == pv_idx || score > alpha {
            rm.score = score;
            rm.last_score = score;
            rm.seldepth = self.seldepth as i32;
            rm.pv.clear();
            rm.pv.push(m);
            rm.pv.extend_from_slice(&pv[..len]);
        } else {
            rm.score = -INFINITE;
        }
    }

    /// Search a child after its move is made: the first move with the full
    /// window; later ones with a null window at reduced depth, again at full
    /// depth if that fails high, and with the full window at PV nodes.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_child(
        &mut self,
        alpha: i32,
        beta: i32,
        new_depth: i32,
        r: i32,
        child_ply: usize,
        pv_node: bool,
        first: bool,
    ) -> i32 {
        if first {
            return -self.search(-beta, -alpha, new_depth, child_ply, pv_node);
        }
        let mut s = -self.search(-alpha - 1, -alpha, new_depth - r, child_ply, false);
        if s > alpha && r > 0 {
            s = -self.search(-alpha - 1, -alpha, new_depth, child_ply, false);
        }
        if pv_node && s > alpha && s < beta {
            s = -self.search(-beta, -alpha, new_depth, child_ply, true);
        }
        s
    }

    /// An interior node.
    pub fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply, self.limits.features.qsearch_checks);
        }
        if let Some(score) = self.draw_score(ply) {
            return score;
        }
        self.tick();
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 2 {
            return self.evaluate();
        }
        // Mate distance pruning.
        alpha = alpha.max(-MATE + ply as i32);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let key = self.pos.key();
        let excluded = self.stack[ply].excluded;
        // A singular-extension search must not take the full node's result.
        let cut_ok = !pv_node && excluded.is_none();
        let tt = match self.probe_tt(key, depth, alpha, beta, ply, cut_ok) {
            Ok(score) => return score,
            Err(entry) => entry,
        };
        if excluded.is_none() {
            if let Some(score) = self.probe_tables(ply, depth, alpha, beta) {
                return score;
            }
        }
        let tt_move = tt.map_or(Move::NONE, |e| e.mv);
        let in_check = self.pos.in_check_after_move();
        let static_eval = if in_check { -INFINITE } else { self.evaluate() };
        self.stack[ply].static_eval = static_eval;
        let improving = self.improving(ply, static_eval);
        if !pv_node && !in_check {
            let eval = self.pruning_eval(static_eval, tt);
            if let Some(score) = self.reverse_futility(depth, beta, eval, improving) {
                return score;
            }
            if excluded.is_none() {
                match self.null_move(depth, ply, beta, eval) {
                    NullMove::Cut(score) => return score,
                    NullMove::MateThreat => depth += 1,
                    NullMove::Nothing => {}
                }
            }
        }
        let node = Node {
            depth: depth - self.iir(depth, tt_move),
            ply,
            pv_node,
            in_check,
            improving,
            static_eval,
            key,
            tt,
            excluded,
        };
        self.search_moves(&node, alpha, beta, tt_move)
    }

    /// Look the node up: `Ok(score)` for a usable cutoff (only when
    /// `cut_ok`), else `Err` with the entry (or none).
    #[inline]
    fn probe_tt(
        &self,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        cut_ok: bool,
    ) -> Result<i32, Option<TtEntry>> {
        let Some(e) = self.shared.tt.probe(key, ply as i32) else {
            return Err(None);
        };
        if cut_ok && e.depth >= depth {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut {
                return Ok(e.score);
            }
        }
        Err(Some(e))
    }

    /// The move loop of an interior node, and the TT store after it.
    fn search_moves(&mut self, node: &Node, mut alpha: i32, beta: i32, mut tt_move: Move) -> i32 {
        let (depth, ply) = (node.depth, node.ply);
        // The TT move is used only if it is legal here, guarding against key
        // collisions; it is tried before any move is generated.
        if !tt_move.is_none() && !self.pos.is_legal(tt_move) {
            tt_move = Move::NONE;
        }
        let killers = self.killers[ply];
        let exchange = self.limits.features.see;
        let mut picker = StagedPicker::new(tt_move, killers, node.in_check, exchange);
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut searched = 0usize;
        let mut quiets_tried: ArrayVec<Move, 64> = ArrayVec::new();
        let mut captures_tried: ArrayVec<Move, 32> = ArrayVec::new();

        while let Some((m, order)) =
            picker.next_move(&self.pos, self.history_view(ply), self.params)
        {
            if m == node.excluded {
                continue;
            }
            let traits = self.move_traits(m, order);
            if !node.pv_node
                && !node.in_check
                && !traits.gives_check
                && searched > 0
                && traits.quiet
                && best > -super::MATE_BOUND
                && (self.skip_quiet(depth, alpha, node.static_eval, searched, node.improving)
                    || self.quiet_loses_material(m, depth))
            {
                continue;
            }
            let mut extension = self.extension(traits.gives_check, ply);
            if m == tt_move {
                match self.singular(node.tt, depth, ply, beta) {
                    Singular::Extend => extension = 1,
                    Singular::Cut(score) => return score,
                    Singular::No => {}
                }
            }
            let new_depth = depth - 1 + extension;
            if new_depth > 0 {
                // The child will probe the table (quiescence does not).
                self.shared.tt.prefetch(self.pos.key_after(m));
            }
            self.note_move(ply, m);
            self.make(m);
            let (pv, check, improving) = (node.pv_node, node.in_check, node.improving);
            let r = self.reduction(depth, searched, pv, check, improving, traits, new_depth);
            let score = self.search_child(alpha, beta, new_depth, r, ply + 1, pv, searched == 0);
            self.unmake();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if node.pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        let tried = (&quiets_tried[..], &captures_tried[..]);
                        self.reward_cutoff(ply, m, traits.quiet, depth, tried);
                        break;
                    }
                }
            }
            // Past capacity a move is simply not remembered.
            let _ = if traits.quiet {
                quiets_tried.try_push(m)
            } else {
                captures_tried.try_push(m)
            };
        }
        if picker.handed_out() == 0 {
            return if node.in_check {
                -MATE + ply as i32
            } else {
                DRAW
            };
        }
        if !node.excluded.is_none() {
            // Only the enclosing test reads this result; nothing to store.
            return if best == -INFINITE { alpha } else { best };
        }
        self.store(node, best, original_alpha, beta, best_move, tt_move);
        best
    }

    /// What the move loop needs to know of move `m` with ordering score `order`.
    #[inline]
    fn move_traits(&self, m: Move, order: i32) -> MoveTraits {
        let (quiet, killer) = (!self.pos.is_tactical(m), is_killer_order(order));
        MoveTraits {
            quiet,
            gives_check: self.pos.gives_check(m),
            killer,
            bad_capture: is_bad_capture_score(order),
            history: if quiet && !killer { order } else { 0 },
        }
    }

    /// Move `m` cut off at `depth` after the (quiet, capture) moves `tried`:
    /// teach the killers and histories.
    fn reward_cutoff(
        &mut self,
        ply: usize,
        m: Move,
        quiet: bool,
        depth: i32,
        tried: (&[Move], &[Move]),
    ) {
        if quiet {
            self.reward_quiet(ply, m, depth, tried.0);
        }
        let capture = (!quiet).then_some(m);
        self.history
            .reward_captures(&self.pos, capture, tried.1, depth);
    }

    /// Store a node's result: the best move, or the TT move after a fail low.
    #[inline]
    fn store(&self, node: &Node, best: i32, alpha: i32, beta: i32, best_move: Move, tt_move: Move) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper {
            tt_move
        } else {
            best_move
        };
        self.shared.tt.store(
            node.key,
            stored_move,
            bound,
            node.depth,
            best,
            node.ply as i32,
        );
    }
}
