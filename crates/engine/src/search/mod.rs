//! Alpha-beta search: iterative deepening with aspiration windows
//! (`iterate`), principal variation search with its node phases
//! (`alphabeta`), the pruning and reduction rules (`pruning`), quiescence
//! over captures and promotions (`quiescence`), move ordering (`movepick`),
//! the transposition table (`tt`), time (`timeman`), scores (`score`) and
//! Lazy SMP threads sharing one table (`threads`). Per-thread state lives in
//! `worker`.
//!
//! Every tunable is a named constant in the module that uses it.

mod alphabeta;
mod bestthread;
mod history;
pub mod host;
mod iterate;
pub mod moveorder;
pub mod movepick;
mod pruning;
mod quiescence;
pub mod score;
pub mod see;
pub mod skill;
mod tablebase;
mod threads;
pub mod timeman;
pub mod tt;
pub mod winrate;
mod worker;

pub use history::HistoryBank;
pub use score::{Score, DRAW, INFINITE, MATE, MATE_BOUND, TB_WIN};
pub use threads::{run, SEARCH_STACK};

use crate::eval::nnue::Network;
use crate::eval::EvalParams;
use crate::rules::moves::Move;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use timeman::Budget;
use tt::{Bound, TranspositionTable};

/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 128;
/// Deepest iteration (room is left for extensions and quiescence).
pub const MAX_DEPTH: i32 = MAX_PLY as i32 - 8;

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
    /// Continuation history (1 and 2 plies) in quiet-move ordering.
    pub continuation_history: bool,
    /// Reduce quiet moves less (more) by their history score.
    pub history_reductions: bool,
    /// Prune and reduce harder when the static evaluation is not improving.
    pub improving: bool,
    /// Internal iterative reduction: one ply less at a node with no TT move.
    pub iir: bool,
    /// Losing captures told by the full exchange evaluator (ordering,
    /// quiescence pruning, reductions) instead of the one-ply test.
    pub see: bool,
    /// Singular extensions: extend the TT move when a reduced search
    /// without it fails low (multi-cut when even that fails high).
    pub singular: bool,
    /// Capture history: order captures of equal victim by past cutoffs.
    pub capture_history: bool,
    /// Quiescence also tries quiet checks that lose no material, at its
    /// first ply, so a mating attack one move past the horizon is seen.
    pub qsearch_checks: bool,
    /// Quiescence nodes use the transposition table (cutoffs and stores).
    pub qsearch_tt: bool,
    /// At shallow depth, skip quiet moves that lose material by the
    /// exchange evaluator, by more the deeper the node.
    pub see_pruning: bool,
    /// Search a node one ply deeper when passing there gets its side mated
    /// (the null move's search finds a mate threat).
    pub mate_threat: bool,
    /// Let the table's score stand in for the static evaluation in the
    /// whole-node pruning where its bound points beyond it.
    pub tt_eval: bool,
    /// Lazy SMP: helpers search every other depth only, running ahead of
    /// the main thread instead of beside it.
    pub smp_skip: bool,
    /// Lazy SMP: play a helper's move when it completed a deeper
    /// iteration and scores its move higher than the main thread.
    pub smp_deeper: bool,
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
            // +62 Elo at 10 s + 0.1 s, SPRT H1 (docs/engine.md).
            see: true,
            // Built and measured, not proven (docs/engine.md): off.
            continuation_history: false,
            history_reductions: false,
            improving: false,
            iir: false,
            singular: false,
            capture_history: false,
            qsearch_checks: false,
            qsearch_tt: false,
            see_pruning: false,
            mate_threat: false,
            tt_eval: false,
            smp_skip: false,
            smp_deeper: false,
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
            "continuationhistory" => &mut self.continuation_history,
            "historyreductions" => &mut self.history_reductions,
            "improving" => &mut self.improving,
            "iir" => &mut self.iir,
            "see" => &mut self.see,
            "singular" => &mut self.singular,
            "capturehistory" => &mut self.capture_history,
            "qsearchchecks" => &mut self.qsearch_checks,
            "qsearchtt" => &mut self.qsearch_tt,
            "seepruning" => &mut self.see_pruning,
            "matethreat" => &mut self.mate_threat,
            "tteval" => &mut self.tt_eval,
            "smpskip" => &mut self.smp_skip,
            "smpdeeper" => &mut self.smp_deeper,
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
    /// Search until told to stop (`go infinite`, or no limit at all).
    pub infinite: bool,
    /// The GUI asked for `go infinite` itself: the answer waits for `stop`
    /// even when the search ended by itself (a level's node budget).
    pub until_stop: bool,
    /// Start in ponder mode (time limits apply only after `ponderhit`).
    pub ponder: bool,
    /// Restrict the root to these moves (empty: all legal moves).
    pub searchmoves: Vec<Move>,
    /// Number of principal variations to report.
    pub multipv: usize,
    /// Which search features are on.
    pub features: Features,
    /// The evaluation weights (the engine's own set).
    pub eval: Arc<EvalParams>,
    /// The learned evaluation, used instead of `eval` when set.
    pub nnue: Option<Arc<Network>>,
    /// A handicap (`Skill Level`), if any: it caps the depth, keeps more
    /// lines and chooses among them.
    pub skill: Option<skill::Skill>,
    /// Endgame tablebases to probe (`TablebasePath`), if any.
    pub tablebases: Option<Arc<humpty_tablebase::Tablebases>>,
}

/// State shared by all threads of one search, and with the engine facade.
pub struct Shared {
    /// The transposition table.
    pub tt: Arc<TranspositionTable>,
    /// The threads' histories, kept between searches.
    pub histories: Arc<HistoryBank>,
    /// Set to stop every thread.
    pub stop: AtomicBool,
    /// True while pondering: no time limit applies.
    pub pondering: AtomicBool,
    /// Set by the engine's `stop`: an infinite or ponder search that ended
    /// by itself (its depth, or a level's node budget) may answer now.
    pub released: AtomicBool,
    /// Nodes searched by all threads (flushed every few thousand nodes).
    pub nodes: AtomicU64,
    /// Positions the tablebases answered (UCI's `tbhits`).
    pub tbhits: AtomicU64,
    /// Where the time is read.
    pub time: TimeSource,
    /// The time reading (ms) when the clock started (reset by `ponderhit`).
    start_ms: AtomicU64,
}

/// Where a search reads the time: the real clock, or one that a test moves
/// by hand (milliseconds), so that timed searches can be driven without
/// waiting.
#[derive(Clone, Debug, Default)]
pub enum TimeSource {
    /// The monotonic system clock.
    #[default]
    Real,
    /// A clock that reads what the holder of the counter stores in it.
    Manual(Arc<AtomicU64>),
}

impl TimeSource {
    /// Milliseconds since an arbitrary fixed point.
    pub fn now_ms(&self) -> u64 {
        static EPOCH: once_cell::sync::Lazy<Instant> = once_cell::sync::Lazy::new(Instant::now);
        match self {
            TimeSource::Real => match host::clock_ms() {
                Some(ms) => ms as u64,
                None => EPOCH.elapsed().as_millis() as u64,
            },
            TimeSource::Manual(ms) => ms.load(Ordering::Relaxed),
        }
    }
}

impl Shared {
    /// Fresh state for a search with this table and these histories, in
    /// ponder mode if `ponder`;
    /// its clock starts now.
    pub fn new(
        tt: Arc<TranspositionTable>,
        histories: Arc<HistoryBank>,
        time: TimeSource,
        ponder: bool,
    ) -> Shared {
        Shared {
            tt,
            histories,
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            released: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            tbhits: AtomicU64::new(0),
            start_ms: AtomicU64::new(time.now_ms()),
            time,
        }
    }

    /// Time since the clock started.
    pub(crate) fn elapsed(&self) -> Duration {
        let start = self.start_ms.load(Ordering::Relaxed);
        Duration::from_millis(self.time.now_ms().saturating_sub(start))
    }

    /// Switch from pondering to a normal timed search (clock starts now).
    pub fn ponderhit(&self) {
        self.start_ms.store(self.time.now_ms(), Ordering::Relaxed);
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
    /// Positions the tablebases answered so far.
    pub tbhits: u64,
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
    /// Set when the search failed (a bug): what went wrong. `best` is then
    /// a legal fallback move.
    pub error: Option<String>,
}
