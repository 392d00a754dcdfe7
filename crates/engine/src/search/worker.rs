//! One search thread's state: its copy of the position, killers, history,
//! PV table, root moves, evaluation cache and node counting, and the
//! bookkeeping every node shares (limits, draws, PV updates, reports).

use super::history::{piece_to, Context, History, HistoryView, NO_PIECE_TO};
use super::movepick::MovePicker;
use super::timeman::SoftScale;
use super::tt::Bound;
use super::{Info, Limits, Shared, DRAW, INFINITE, MATE, MAX_PLY};
use crate::eval::nnue::{AccumulatorStack, Network};
use crate::eval::{evaluate, EvalParams};
use crate::rules::moves::Move;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// Entries in each thread's evaluation cache (a power of two).
const EVAL_CACHE_SIZE: usize = 1 << 16;
/// Nodes between checks of the clock and the stop flag (fewer under a
/// node limit below 16 times this).
const CHECK_INTERVAL: u64 = 1024;

/// Largest static score of the learned evaluation: far from the mate scores.
const NNUE_LIMIT: i32 = 20_000;

/// A root move with what the last iterations found for it.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    pub mv: Move,
    pub score: i32,
    /// Score and line from the last completed search of this move.
    pub last_score: i32,
    pub pv: Vec<Move>,
    pub seldepth: i32,
}

/// The `info` for a root line at `depth`: `multipv` is 1-based, `unflushed`
/// the reporting thread's nodes not yet in the shared count.
pub(super) fn line_info(
    shared: &Shared,
    rm: &RootMove,
    depth: i32,
    multipv: usize,
    bound: Option<Bound>,
    unflushed: u64,
) -> Info {
    Info {
        depth,
        seldepth: rm.seldepth.max(depth),
        multipv,
        score: rm.last_score,
        bound,
        nodes: shared.nodes.load(Ordering::Relaxed) + unflushed,
        time: shared.elapsed(),
        hashfull: shared.tt.hashfull(),
        tbhits: shared.tbhits.load(Ordering::Relaxed),
        pv: rm.pv.clone(),
    }
}

/// What the search remembers of one ply of the current line.
#[derive(Clone, Copy, Debug)]
pub(super) struct PlyState {
    /// Piece-to of the move made at this ply (`NO_PIECE_TO` for a null move).
    pub piece_to: usize,
    /// Static evaluation here (`-INFINITE` in check).
    pub static_eval: i32,
    /// The move a singular-extension search leaves out here (`Move::NONE`).
    pub excluded: Move,
}

/// One search thread.
pub(super) struct Worker<'a> {
    pub pos: Position,
    pub shared: &'a Shared,
    pub limits: &'a Limits,
    pub params: &'a EvalParams,
    pub id: usize,
    pub nodes: u64,
    unflushed: u64,
    /// Nodes between looks at the clock and limits.
    check_interval: u64,
    pub seldepth: usize,
    pub killers: Vec<[Move; 2]>,
    pub history: History,
    /// Per ply: what the moves and evaluations on the way here were.
    pub stack: Vec<PlyState>,
    pub pv: Vec<[Move; MAX_PLY + 1]>,
    pub pv_len: [usize; MAX_PLY + 1],
    pub root_moves: Vec<RootMove>,
    pub stopped: bool,
    /// How the soft time limit bends to this search (main thread).
    pub soft_scale: SoftScale,
    /// Direct-mapped cache of static evaluations: (key, score).
    eval_cache: Vec<(u64, i32)>,
    /// The learned evaluation's accumulators along the line, if it is on.
    nnue: Option<(Arc<Network>, AccumulatorStack)>,
}

impl<'a> Worker<'a> {
    /// A thread on `pos`, its root moves ordered as at an interior node.
    pub fn new(pos: Position, shared: &'a Shared, limits: &'a Limits, id: usize) -> Worker<'a> {
        let params = &*limits.eval;
        let tt_move = shared.tt.probe(pos.key(), 0).map_or(Move::NONE, |e| e.mv);
        let features = limits.features;
        let (cont, capture) = (features.continuation_history, features.capture_history);
        let history = shared.histories.take(id, cont, capture);
        let mut picker = MovePicker::empty();
        let killers = [Move::NONE; 2];
        let view = HistoryView {
            history: &history,
            ctx: [NO_PIECE_TO; 2],
        };
        picker.fill_all(&pos, pos.in_check(), tt_move, killers, view, params);
        let mut moves = Vec::new();
        while let Some((m, _)) = picker.next_move() {
            if limits.searchmoves.is_empty() || limits.searchmoves.contains(&m) {
                moves.push(m);
            }
        }
        if let Some(tb) = &limits.tablebases {
            if super::tablebase::filter_root(&pos, tb, &mut moves) {
                shared
                    .tbhits
                    .fetch_add(moves.len() as u64, Ordering::Relaxed);
            }
        }
        let root_moves = moves
            .into_iter()
            .map(|m| RootMove {
                mv: m,
                score: -INFINITE,
                last_score: -INFINITE,
                pv: vec![m],
                seldepth: 0,
            })
            .collect();
        Worker {
            shared,
            limits,
            params,
            id,
            nodes: 0,
            unflushed: 0,
            // A small node limit is kept closely; others are checked as
            // often as the clock.
            check_interval: limits
                .nodes
                .map_or(CHECK_INTERVAL, |n| (n / 16).clamp(16, CHECK_INTERVAL)),
            seldepth: 0,
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
            history,
            stack: vec![
                PlyState {
                    piece_to: NO_PIECE_TO,
                    static_eval: -INFINITE,
                    excluded: Move::NONE,
                };
                MAX_PLY + 2
            ],
            pv: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_moves,
            stopped: false,
            soft_scale: SoftScale::default(),
            eval_cache: vec![(0, 0); EVAL_CACHE_SIZE],
            nnue: limits.nnue.as_ref().map(|net| {
                let stack = AccumulatorStack::new(net, &pos);
                (Arc::clone(net), stack)
            }),
            pos,
        }
    }

    /// Make `m` here, keeping the accumulators in step.
    #[inline]
    pub fn make(&mut self, m: Move) {
        if let Some((net, stack)) = &mut self.nnue {
            stack.push(net, &self.pos, m);
        }
        self.pos.make_move(m);
    }

    /// Take back the move `make` made.
    #[inline]
    pub fn unmake(&mut self) {
        self.pos.unmake_move();
        if let Some((_, stack)) = &mut self.nnue {
            stack.pop();
        }
    }

    /// Static evaluation, cached: quiescence meets the same position by
    /// different capture orders.
    pub fn evaluate(&mut self) -> i32 {
        let key = self.pos.key();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let score = match &self.nnue {
            Some((net, stack)) => {
                let raw = stack.top().evaluate(net, self.pos.side_to_move());
                raw.clamp(-NNUE_LIMIT, NNUE_LIMIT)
            }
            None => evaluate(&self.pos, self.params),
        };
        *slot = (key, score);
        score
    }

    /// The main thread reports and decides when to stop.
    pub fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Send one PV line to `report` (main thread only).
    pub fn report_line(
        &self,
        report: &mut dyn FnMut(&Info),
        depth: i32,
        idx: usize,
        bound: Option<Bound>,
    ) {
        if !self.is_main() {
            return;
        }
        let rm = &self.root_moves[idx];
        if rm.last_score == -INFINITE {
            return;
        }
        let elapsed = self.shared.elapsed();
        // Bound lines only once the search is long enough for a GUI to care.
        if bound.is_some() && elapsed < Duration::from_millis(500) {
            return;
        }
        report(&line_info(
            self.shared,
            rm,
            depth,
            idx + 1,
            bound,
            self.unflushed,
        ));
    }

    /// Add this thread's uncounted nodes to the shared total.
    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// Count a node; every `CHECK_INTERVAL` nodes look at the clock and limits.
    #[inline]
    pub fn tick(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= self.check_interval {
            self.flush_nodes();
            if self.shared.stop.load(Ordering::Relaxed) {
                self.stopped = true;
                return;
            }
            if self.is_main() {
                if super::host::stop_requested() {
                    self.stop_all();
                    return;
                }
                self.check_limits();
            }
        }
    }

    fn check_limits(&mut self) {
        let total = self.shared.nodes.load(Ordering::Relaxed);
        if let Some(n) = self.limits.nodes {
            if total >= n {
                self.stop_all();
            }
        }
        if self.limits.infinite || self.shared.pondering.load(Ordering::Relaxed) {
            return;
        }
        if let Some(budget) = self.limits.time {
            if self.shared.elapsed() >= budget.hard {
                self.stop_all();
            }
        }
    }

    /// Stop this thread and every other one.
    pub fn stop_all(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    /// True if `side` has a man other than King and Pawns (null-move guard
    /// against zugzwang).
    pub fn has_pieces(&self, side: Color) -> bool {
        let p = &self.pos;
        let men = p.pieces(side).count() as u8;
        men > 1 + p.count(side, PieceKind::Pawn)
    }

    /// `m` heads the PV at `ply`, followed by the child's PV.
    pub fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = if ply < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        self.pv[ply][0] = m;
        for k in 0..child_len {
            self.pv[ply][k + 1] = self.pv[ply + 1][k];
        }
        self.pv_len[ply] = child_len + 1;
    }

    /// The score if the game is drawn here: one repetition inside the search
    /// or against the game's moves, bare Kings, or the 50-move rule (unless
    /// the side to move is mated: mate on the 100th ply still counts).
    pub fn draw_score(&self, ply: usize) -> Option<i32> {
        if self.pos.repetitions_at_least(1) || self.pos.bare_kings() {
            return Some(DRAW);
        }
        if self.pos.fifty_move_draw() {
            let mated = self.pos.in_check() && self.pos.legal_moves().is_empty();
            return Some(if mated { -MATE + ply as i32 } else { DRAW });
        }
        None
    }

    /// The continuation context of a node at `ply`: the moves 1 and 2 plies back.
    #[inline]
    pub fn context(&self, ply: usize) -> Context {
        let back = |n: usize| {
            ply.checked_sub(n)
                .map_or(NO_PIECE_TO, |p| self.stack[p].piece_to)
        };
        [back(1), back(2)]
    }

    /// What move ordering reads of history at `ply`.
    #[inline]
    pub fn history_view(&self, ply: usize) -> HistoryView<'_> {
        HistoryView {
            history: &self.history,
            ctx: self.context(ply),
        }
    }

    /// Note the move about to be made at `ply` (for its children's context;
    /// only continuation history reads it).
    #[inline]
    pub fn note_move(&mut self, ply: usize, m: Move) {
        if !self.limits.features.continuation_history {
            return;
        }
        self.stack[ply].piece_to = if m.is_none() {
            NO_PIECE_TO
        } else {
            piece_to(&self.pos, m)
        };
    }

    /// A quiet move caused a cutoff: make it a killer, raise its history and
    /// lower that of the quiet moves tried before it.
    pub fn reward_quiet(&mut self, ply: usize, m: Move, depth: i32, tried: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        let ctx = self.context(ply);
        self.history.reward(&self.pos, ctx, m, tried, depth);
    }
}
