//! Alpha-beta search: iterative deepening with aspiration windows, principal
//! variation search, quiescence over captures and promotions, check
//! extension, null-move pruning, late-move reductions, reverse futility and
//! futility pruning, killers and history, mate scores by distance, draws by
//! repetition / 50 moves / bare Kings, MultiPV, and Lazy SMP threads sharing
//! one transposition table.
//!
//! Every tunable is a named constant below.

pub mod movepick;
pub mod timeman;
pub mod tt;

use crate::eval::{evaluate, PIECE_VALUES};
use crate::rules::moves::Move;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use crate::search::movepick::{
    history_index, is_bad_capture_score, MovePicker, HISTORY_MAX, HISTORY_SIZE,
};
use crate::search::timeman::Budget;
use crate::search::tt::{Bound, TranspositionTable, MATE_BOUND};
use once_cell::sync::Lazy;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;
/// Score of delivering mate now; mate in n plies scores `MATE - n`.
pub const MATE: i32 = 32_000;
/// Beyond any score.
pub const INFINITE: i32 = 32_500;
/// Score of a draw.
const DRAW: i32 = 0;

// ---- tunables ----
/// First iteration that uses an aspiration window.
const ASPIRATION_MIN_DEPTH: i32 = 5;
/// Initial half-width of the aspiration window.
const ASPIRATION_DELTA: i32 = 25;
/// Null move: minimum depth and base reduction.
const NULL_MIN_DEPTH: i32 = 3;
const NULL_BASE_REDUCTION: i32 = 3;
/// Null move: extra reduction per this many plies of depth.
const NULL_DEPTH_DIVISOR: i32 = 4;
/// Reverse futility: maximum depth and margin per ply.
const RFP_MAX_DEPTH: i32 = 6;
const RFP_MARGIN: i32 = 90;
/// Futility pruning of quiet moves: maximum depth and margins.
const FUTILITY_MAX_DEPTH: i32 = 3;
const FUTILITY_MARGIN: [i32; 4] = [0, 150, 300, 480];
/// Late-move reductions: minimum depth, moves tried before reducing, formula.
const LMR_MIN_DEPTH: i32 = 3;
const LMR_MIN_MOVES: usize = 3;
const LMR_BASE: f64 = 0.75;
const LMR_DIVISOR: f64 = 2.25;
/// Late-move pruning: at depth <= this, quiet moves after `LMP_BASE + d*d` are skipped.
const LMP_MAX_DEPTH: i32 = 3;
const LMP_BASE: usize = 4;
/// Quiescence delta pruning margin.
const DELTA_MARGIN: i32 = 200;
/// Entries in each thread's evaluation cache (a power of two).
const EVAL_CACHE_SIZE: usize = 1 << 16;
/// Nodes between checks of the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;

static LMR: Lazy<[[i32; 64]; 64]> = Lazy::new(|| {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            *r = (LMR_BASE + (d as f64).ln() * (m as f64).ln() / LMR_DIVISOR) as i32;
        }
    }
    t
});

/// Search features that can be switched off, so each one's worth can be
/// measured by a match against the engine without it (docs/engine.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Extend moves that give check by one ply.
    pub check_extension: bool,
    /// Null-move pruning.
    pub null_move: bool,
    /// Reverse futility pruning (static eval far above beta).
    pub reverse_futility: bool,
    /// Futility pruning of quiet moves.
    pub futility: bool,
    /// Late-move pruning of quiet moves.
    pub late_move_pruning: bool,
    /// Late-move reductions.
    pub late_move_reductions: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            aspiration: true,
            check_extension: true,
            null_move: true,
            reverse_futility: true,
            futility: true,
            late_move_pruning: true,
            late_move_reductions: true,
        }
    }
}

impl Features {
    /// Developer option names (`Dev_<name>`) and the flag each controls.
    pub fn flag_mut(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name.to_ascii_lowercase().as_str() {
            "aspiration" => &mut self.aspiration,
            "checkextension" => &mut self.check_extension,
            "nullmove" => &mut self.null_move,
            "reversefutility" => &mut self.reverse_futility,
            "futility" => &mut self.futility,
            "latemovepruning" => &mut self.late_move_pruning,
            "latemovereductions" => &mut self.late_move_reductions,
            _ => return None,
        })
    }
}

/// What limits a search (any combination; none = until stopped).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<i32>,
    /// Maximum nodes (all threads).
    pub nodes: Option<u64>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<i32>,
    /// Time budget.
    pub time: Option<Budget>,
    /// Search until told to stop (`go infinite`).
    pub infinite: bool,
    /// Start in ponder mode (time limits apply only after `ponderhit`).
    pub ponder: bool,
    /// Restrict the root to these moves (empty: all legal moves).
    pub searchmoves: Vec<Move>,
    /// Number of principal variations to report.
    pub multipv: usize,
    /// Which search features are on.
    pub features: Features,
}

/// State shared by all threads of one search, and with the engine facade.
pub struct Shared {
    /// The transposition table.
    pub tt: Arc<TranspositionTable>,
    /// Set to stop every thread.
    pub stop: AtomicBool,
    /// True while pondering: no time limit applies.
    pub pondering: AtomicBool,
    /// Nodes searched by all threads (flushed every few thousand nodes).
    pub nodes: AtomicU64,
    /// When the clock started (reset by `ponderhit`).
    pub start: Mutex<Instant>,
}

impl Shared {
    /// Fresh state for a search with this table.
    pub fn new(tt: Arc<TranspositionTable>) -> Shared {
        Shared {
            tt,
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            start: Mutex::new(Instant::now()),
        }
    }

    fn elapsed(&self) -> Duration {
        self.start.lock().map(|s| s.elapsed()).unwrap_or_default()
    }

    /// Switch from pondering to a normal timed search (clock starts now).
    pub fn ponderhit(&self) {
        if let Ok(mut s) = self.start.lock() {
            *s = Instant::now();
        }
        self.pondering.store(false, Ordering::SeqCst);
    }
}

/// One line of search output.
#[derive(Clone, Debug)]
pub struct Info {
    /// Iteration depth.
    pub depth: i32,
    /// Deepest ply reached.
    pub seldepth: i32,
    /// 1-based line number for MultiPV.
    pub multipv: usize,
    /// Score in centipawns or mate distance (side to move's view).
    pub score: i32,
    /// `Some` when the score is only a bound (aspiration fail).
    pub bound: Option<Bound>,
    /// Nodes searched so far (all threads).
    pub nodes: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition-table fill in permille.
    pub hashfull: u32,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// Result of a finished search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<Move>,
    /// The expected reply, for pondering.
    pub ponder: Option<Move>,
    /// Score of the best move.
    pub score: i32,
    /// Last completed depth.
    pub depth: i32,
    /// Nodes searched (all threads).
    pub nodes: u64,
}

/// Convert a score to UCI form: `Ok(cp)` or `Err(mate in moves, signed)`.
pub fn score_to_uci(score: i32) -> Result<i32, i32> {
    if score >= MATE_BOUND {
        Err((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Err(-(MATE + score) / 2)
    } else {
        Ok(score)
    }
}

#[derive(Clone, Debug)]
struct RootMove {
    mv: Move,
    score: i32,
    /// Score and line from the last completed search of this move.
    last_score: i32,
    pv: Vec<Move>,
    seldepth: i32,
}

struct Worker<'a> {
    pos: Position,
    shared: &'a Shared,
    limits: &'a Limits,
    id: usize,
    nodes: u64,
    unflushed: u64,
    seldepth: usize,
    killers: Vec<[Move; 2]>,
    history: Vec<i32>,
    pv: Vec<[Move; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    root_moves: Vec<RootMove>,
    stopped: bool,
    /// Direct-mapped cache of static evaluations: (key, score).
    eval_cache: Vec<(u64, i32)>,
}

/// Run a search on `pos` with `threads` threads; `report` receives info lines
/// from the main thread. Blocks until the search ends; in infinite or ponder
/// mode it ends only when `shared.stop` is set (after `ponderhit` the time
/// limits apply).
pub fn run(
    pos: &Position,
    limits: &Limits,
    shared: &Shared,
    threads: usize,
    report: &mut dyn FnMut(&Info),
) -> SearchResult {
    shared.tt.new_search();
    shared.nodes.store(0, Ordering::Relaxed);
    shared.pondering.store(limits.ponder, Ordering::SeqCst);
    let mut main = Worker::new(pos.clone(), shared, limits, 0);
    if main.root_moves.is_empty() {
        // Mated or stalemated: nothing to search. Still honour infinite/ponder.
        wait_for_release(shared, limits);
        let score = if pos.in_check() { -MATE } else { DRAW };
        return SearchResult {
            best: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
        };
    }
    let result = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.max(1))
            .map(|id| {
                let p = pos.clone();
                std::thread::Builder::new()
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(scope, move || {
                        let mut w = Worker::new(p, shared, limits, id);
                        w.iterate(&mut |_| {});
                    })
                    .expect("spawn search thread")
            })
            .collect();
        let r = main.iterate(report);
        shared.stop.store(true, Ordering::SeqCst);
        for h in helpers {
            let _ = h.join();
        }
        r
    });
    SearchResult {
        nodes: shared.nodes.load(Ordering::Relaxed),
        ..result
    }
}

/// Stack size for search threads (deep recursion with move lists on the stack).
pub const SEARCH_STACK: usize = 64 * 1024 * 1024;

fn wait_for_release(shared: &Shared, limits: &Limits) {
    while !shared.stop.load(Ordering::SeqCst)
        && (limits.infinite || shared.pondering.load(Ordering::SeqCst))
    {
        std::thread::sleep(Duration::from_millis(1));
    }
}

impl<'a> Worker<'a> {
    fn new(pos: Position, shared: &'a Shared, limits: &'a Limits, id: usize) -> Worker<'a> {
        let tt_move = shared.tt.probe(pos.key(), 0).map_or(Move::NONE, |e| e.mv);
        let history = vec![0; HISTORY_SIZE];
        let mut picker = MovePicker::empty();
        picker.fill_all(&pos, pos.in_check(), tt_move, [Move::NONE; 2], &history);
        let mut root_moves = Vec::new();
        while let Some((m, _)) = picker.next_move() {
            if limits.searchmoves.is_empty() || limits.searchmoves.contains(&m) {
                root_moves.push(RootMove {
                    mv: m,
                    score: -INFINITE,
                    last_score: -INFINITE,
                    pv: vec![m],
                    seldepth: 0,
                });
            }
        }
        Worker {
            pos,
            shared,
            limits,
            id,
            nodes: 0,
            unflushed: 0,
            seldepth: 0,
            killers: vec![[Move::NONE; 2]; MAX_PLY + 2],
            history,
            pv: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            root_moves,
            stopped: false,
            eval_cache: vec![(0, 0); EVAL_CACHE_SIZE],
        }
    }

    /// Static evaluation, cached: quiescence meets the same position by
    /// different capture orders.
    fn evaluate(&mut self) -> i32 {
        let key = self.pos.key();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_SIZE - 1)];
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let score = evaluate(&self.pos);
        *slot = (key, score);
        score
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// Iterative deepening; returns the main line's result.
    fn iterate(&mut self, report: &mut dyn FnMut(&Info)) -> SearchResult {
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as i32 - 8)
            .clamp(1, MAX_PLY as i32 - 8);
        let multipv = self.limits.multipv.clamp(1, self.root_moves.len().max(1));
        let mut completed = 0;
        let mut last_score = 0;
        // Helpers start one ply deeper on odd threads to spread the work.
        let first = 1 + (self.id % 2) as i32;
        for depth in first..=max_depth {
            for pv_idx in 0..multipv {
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
            if self.is_main() {
                for i in 0..multipv {
                    self.report_line(report, depth, i, None);
                }
                if self.should_stop_after_iteration(depth, last_score) {
                    break;
                }
            }
        }
        if self.is_main() {
            self.flush_nodes();
            wait_for_release(self.shared, self.limits);
        }
        let best = &self.root_moves[0];
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
        }
    }

    fn should_stop_after_iteration(&self, depth: i32, score: i32) -> bool {
        if let Some(m) = self.limits.mate {
            if let Err(moves) = score_to_uci(score) {
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
            if self.shared.elapsed() >= budget.soft {
                return true;
            }
        }
        false
    }

    fn report_line(
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
        report(&Info {
            depth,
            seldepth: rm.seldepth.max(depth),
            multipv: idx + 1,
            score: rm.last_score,
            bound,
            nodes: self.shared.nodes.load(Ordering::Relaxed) + self.unflushed,
            time: elapsed,
            hashfull: self.shared.tt.hashfull(),
            pv: rm.pv.clone(),
        });
    }

    fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        self.unflushed = 0;
    }

    /// Count a node; every `CHECK_INTERVAL` nodes look at the clock and limits.
    #[inline]
    fn tick(&mut self) {
        self.nodes += 1;
        self.unflushed += 1;
        if self.unflushed >= CHECK_INTERVAL {
            self.flush_nodes();
            if self.shared.stop.load(Ordering::Relaxed) {
                self.stopped = true;
                return;
            }
            if self.is_main() {
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

    fn stop_all(&mut self) {
        self.stopped = true;
        self.shared.stop.store(true, Ordering::Relaxed);
    }

    fn root_search(&mut self, mut alpha: i32, beta: i32, depth: i32, pv_idx: usize) -> i32 {
        let mut best = -INFINITE;
        let in_check = self.pos.in_check();
        for i in pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let quiet = !self.pos.is_tactical(m);
            let gives_check = self.pos.gives_check(m);
            self.pos.make_move(m);
            let ext = i32::from(gives_check && self.limits.features.check_extension);
            let new_depth = depth - 1 + ext;
            let score = if i == pv_idx {
                -self.search(-beta, -alpha, new_depth, 1, true)
            } else {
                let mut r = 0;
                if self.limits.features.late_move_reductions
                    && depth >= LMR_MIN_DEPTH
                    && i - pv_idx >= LMR_MIN_MOVES
                    && quiet
                    && !in_check
                    && !gives_check
                {
                    r = LMR[depth.min(63) as usize][(i - pv_idx).min(63)] - 1;
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(-alpha - 1, -alpha, new_depth - r, 1, false);
                if s > alpha && r > 0 {
                    s = -self.search(-alpha - 1, -alpha, new_depth, 1, false);
                }
                if s > alpha && s < beta {
                    s = -self.search(-beta, -alpha, new_depth, 1, true);
                }
                s
            };
            self.pos.unmake_move();
            if self.stopped {
                break;
            }
            let rm = &mut self.root_moves[i];
            if i == pv_idx || score > alpha {
                rm.score = score;
                rm.last_score = score;
                rm.seldepth = self.seldepth as i32;
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
            } else {
                rm.score = -INFINITE;
            }
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
        if !self.stopped && best > -INFINITE {
            let bound = if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            if pv_idx == 0 && bound == Bound::Exact {
                self.shared
                    .tt
                    .store(self.pos.key(), self.root_moves[0].mv, bound, depth, best, 0);
            }
        }
        best
    }

    fn has_pieces(&self, side: Color) -> bool {
        let p = &self.pos;
        let men = p.pieces(side).count() as u8;
        men > 1 + p.count(side, PieceKind::Pawn)
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
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
    fn draw_score(&self, ply: usize) -> Option<i32> {
        if self.pos.repetitions_at_least(1) || self.pos.bare_kings() {
            return Some(DRAW);
        }
        if self.pos.fifty_move_draw() {
            let mated = self.pos.in_check() && self.pos.legal_moves().is_empty();
            return Some(if mated { -MATE + ply as i32 } else { DRAW });
        }
        None
    }

    fn search(
        &mut self,
        mut alpha: i32,
        mut beta: i32,
        depth: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if depth <= 0 {
            return self.qsearch(alpha, beta, ply);
        }
        if let Some(score) = self.draw_score(ply) {
            return score;
        }
        self.tick();
        if self.stopped {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
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
        let tt = self.shared.tt.probe(key, ply as i32);
        let mut tt_move = Move::NONE;
        if let Some(e) = tt {
            tt_move = e.mv;
            if !pv_node && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                };
                if cut {
                    return e.score;
                }
            }
        }

        let in_check = self.pos.in_check();
        let static_eval = if in_check { -INFINITE } else { self.evaluate() };

        if !pv_node && !in_check {
            // Reverse futility: far above beta at low depth.
            let features = self.limits.features;
            if features.reverse_futility
                && depth <= RFP_MAX_DEPTH
                && static_eval - RFP_MARGIN * depth >= beta
                && beta.abs() < MATE_BOUND
            {
                return static_eval;
            }
            // Null move, with pieces on the board against zugzwang.
            if features.null_move
                && depth >= NULL_MIN_DEPTH
                && static_eval >= beta
                && self.pos.last_move().is_some_and(|m| !m.is_none())
                && self.has_pieces(self.pos.side_to_move())
            {
                let r = NULL_BASE_REDUCTION + depth / NULL_DEPTH_DIVISOR;
                self.pos.make_null();
                let score = -self.search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
                self.pos.unmake_null();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE_BOUND { beta } else { score };
                }
            }
        }

        // The TT move is used only if it is legal here (the picker holds
        // exactly the legal moves), guarding against key collisions.
        let killers = self.killers[ply];
        let mut picker = MovePicker::empty();
        picker.fill_all(&self.pos, in_check, tt_move, killers, &self.history);
        if picker.is_empty() {
            return if in_check { -MATE + ply as i32 } else { DRAW };
        }
        if !picker.contains(tt_move) {
            tt_move = Move::NONE;
        }
        let side = self.pos.side_to_move().index();
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut searched = 0usize;
        let mut quiets_tried: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();

        while let Some((m, order)) = picker.next_move() {
            let tactical = self.pos.is_tactical(m);
            let quiet = !tactical;
            let gives_check = self.pos.gives_check(m);
            // Pruning of late quiet moves at shallow depth; checks are kept
            // (a quiet hopper or Frog move is often the mating one).
            if !pv_node && !in_check && !gives_check && searched > 0 && quiet && best > -MATE_BOUND
            {
                let features = self.limits.features;
                if features.late_move_pruning
                    && depth <= LMP_MAX_DEPTH
                    && searched >= LMP_BASE + (depth * depth) as usize
                {
                    continue;
                }
                if features.futility
                    && depth <= FUTILITY_MAX_DEPTH
                    && static_eval + FUTILITY_MARGIN[depth as usize] <= alpha
                {
                    continue;
                }
            }
            self.pos.make_move(m);
            let extend = gives_check && self.limits.features.check_extension && ply < MAX_PLY / 2;
            let new_depth = depth - 1 + i32::from(extend);
            let score = if searched == 0 {
                -self.search(-beta, -alpha, new_depth, ply + 1, pv_node)
            } else {
                let mut r = 0;
                if self.limits.features.late_move_reductions
                    && depth >= LMR_MIN_DEPTH
                    && searched >= LMR_MIN_MOVES
                    && !in_check
                    && !gives_check
                {
                    if quiet {
                        r = LMR[depth.min(63) as usize][searched.min(63)];
                        if pv_node {
                            r -= 1;
                        }
                        if order >= 2_000_000 {
                            r -= 1; // killers
                        }
                    } else if is_bad_capture_score(order) {
                        r = 1;
                    }
                    r = r.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false);
                if s > alpha && r > 0 {
                    s = -self.search(-alpha - 1, -alpha, new_depth, ply + 1, false);
                }
                if pv_node && s > alpha && s < beta {
                    s = -self.search(-beta, -alpha, new_depth, ply + 1, true);
                }
                s
            };
            self.pos.unmake_move();
            if self.stopped {
                return 0;
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if score >= beta {
                        if quiet {
                            self.reward_quiet(ply, side, m, depth, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if quiet && quiets_tried.len() < quiets_tried.capacity() {
                quiets_tried.push(m);
            }
        }

        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper {
            tt_move
        } else {
            best_move
        };
        self.shared
            .tt
            .store(key, stored_move, bound, depth, best, ply as i32);
        best
    }

    fn reward_quiet(&mut self, ply: usize, side: usize, m: Move, depth: i32, tried: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != m {
            k[1] = k[0];
            k[0] = m;
        }
        let bonus = (depth * depth).min(400);
        let update = |h: &mut i32, delta: i32| {
            // Gravity keeps values within +-HISTORY_MAX.
            *h += delta - *h * delta.abs() / HISTORY_MAX;
        };
        update(&mut self.history[history_index(side, m)], bonus * 32);
        for &q in tried {
            update(&mut self.history[history_index(side, q)], -bonus * 32);
        }
    }

    fn qsearch(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.tick();
        if self.stopped {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
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
        // In check every evasion is searched (and none means mate); otherwise
        // only captures and promotions.
        let mut picker = MovePicker::empty();
        if in_check {
            picker.fill_all(&self.pos, true, Move::NONE, [Move::NONE; 2], &self.history);
        } else {
            picker.fill_tactical(&self.pos);
        }
        if in_check && picker.is_empty() {
            return -MATE + ply as i32;
        }
        while let Some((m, order)) = picker.next_move() {
            if !in_check {
                if is_bad_capture_score(order) {
                    continue;
                }
                let gain = self.pos.captured_value(m)
                    + m.promotion()
                        .map_or(0, |k| PIECE_VALUES[k.index()].mg - PIECE_VALUES[0].mg);
                if stand_pat + gain + DELTA_MARGIN <= alpha {
                    continue;
                }
            }
            self.pos.make_move(m);
            let score = -self.qsearch(-beta, -alpha, ply + 1);
            self.pos.unmake_move();
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_scores() {
        assert_eq!(score_to_uci(35), Ok(35));
        assert_eq!(score_to_uci(MATE - 1), Err(1));
        assert_eq!(score_to_uci(MATE - 3), Err(2));
        assert_eq!(score_to_uci(-MATE + 2), Err(-1));
        assert_eq!(score_to_uci(-MATE + 4), Err(-2));
    }
}
