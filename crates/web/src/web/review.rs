//! Game review on the web board: `POST .../review` starts it on the server
//! in the background (one pooled engine, every position of the game's line
//! searched), `GET .../review` gives its progress and, when done, every
//! move's evaluation and judgement, the better move after a mistake or
//! blunder, and each player's counts (`review::review_line`, the same
//! judgement as `humpty annotate`). The result is kept with the game.

use super::net::http::ApiError;
use super::pool::{Borrowed, Pool};
use super::sync::lock;
use crate::engine::strength::MAX_SKILL_LEVEL;
use crate::engine::GoParams;
use crate::review::report::ReviewReport;
pub use crate::review::DEFAULT_NODES;
use crate::review::{budget, review_line, verdict_until, MAX_NODES};
use crate::rules::moves::Move;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Why a review stopped when it was superseded.
const STOPPED: &str = "stopped: the game changed or another review began";
/// How long a review waits for a free engine before it says so.
const PATIENCE: Duration = Duration::from_secs(600);

/// A review of one line of a game, running or done.
pub struct ReviewJob {
    /// The moves reviewed (the game's line when it started).
    pub line: Vec<Move>,
    /// Positions to search (moves + 1).
    pub total: usize,
    /// Positions searched so far.
    pub done: AtomicUsize,
    /// Its place in the queue for an engine (0: not waiting).
    pub queued: AtomicUsize,
    /// The report when done, or why it failed.
    pub outcome: Mutex<Option<Result<ReviewReport, String>>>,
    /// Set when the game's line changed or another review replaced it: the
    /// review leaves the queue, or stops the position it searches.
    pub cancelled: AtomicBool,
}

/// `review` (POST): `{"nodes"?: N}`, the nodes searched per position.
#[derive(Debug, Default, serde::Deserialize)]
pub(crate) struct ReviewRequest {
    #[serde(default)]
    nodes: Option<u64>,
}

impl ReviewRequest {
    /// The nodes per position asked for, within the server's bounds.
    pub(crate) fn nodes(&self) -> Result<u64, ApiError> {
        match self.nodes {
            None => Ok(DEFAULT_NODES),
            Some(n) if (1..=MAX_NODES).contains(&n) => Ok(n),
            Some(_) => Err(ApiError::bad(format!("nodes must be 1 to {MAX_NODES}"))),
        }
    }
}

impl ReviewJob {
    /// A review of `line`, not begun.
    pub fn new(line: Vec<Move>) -> ReviewJob {
        ReviewJob {
            total: line.len() + 1,
            line,
            done: AtomicUsize::new(0),
            queued: AtomicUsize::new(0),
            outcome: Mutex::new(None),
            cancelled: AtomicBool::new(false),
        }
    }

    /// Stop it: it is no longer the game's review.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
    }

    /// Whether it was stopped.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst)
    }

    /// Put its outcome in force: the result, or why it failed.
    pub fn finish(&self, result: Result<ReviewReport, String>) {
        *lock(&self.outcome) = Some(result);
    }
    /// The finished review as it is stored: the moves and the result
    /// (None while it runs, or if it failed).
    pub fn stored(&self) -> Option<StoredReview> {
        match lock(&self.outcome).as_ref() {
            Some(Ok(result)) => Some(StoredReview {
                moves: self.line.iter().map(|m| m.to_string()).collect(),
                result: result.clone(),
            }),
            _ => None,
        }
    }

    /// A finished review read back from the database (`line` is the
    /// game's; a stored review of another line is not used).
    pub fn restored(
        stored: StoredReview,
        start: &crate::rules::position::Position,
    ) -> Option<ReviewJob> {
        let mut pos = start.clone();
        let mut line = Vec::new();
        for m in &stored.moves {
            let m = pos.parse_move(m).ok()?;
            pos.make_move(m);
            line.push(m);
        }
        let total = line.len() + 1;
        Some(ReviewJob {
            line,
            total,
            done: AtomicUsize::new(total),
            queued: AtomicUsize::new(0),
            outcome: Mutex::new(Some(Ok(stored.result))),
            cancelled: AtomicBool::new(false),
        })
    }
}

/// An engine for the review, in turn: while every engine is busy, the
/// review's status gives its place in the queue (0 once it runs).
fn borrow<'a>(pool: &'a Pool, job: &ReviewJob) -> Result<Borrowed<'a>, &'static str> {
    let mut engine = pool
        .borrow_background(Some(PATIENCE), |ahead| {
            job.queued.store(ahead + 1, Ordering::Relaxed);
            !job.is_cancelled()
        })
        .ok_or(if job.is_cancelled() {
            STOPPED
        } else {
            "every engine is busy; try again"
        })?;
    job.queued.store(0, Ordering::Relaxed);
    engine.strength_mut().level = MAX_SKILL_LEVEL;
    Ok(engine)
}

/// The review itself, on a pooled engine at full strength. A review is
/// long and an analysis is wanted now: while another search waits for an
/// engine, the review stops the position it searches, gives its engine
/// back and queues again (the position is searched again from the start).
/// Two reviews take turns, a position each: one gives way to the other
/// between positions, never during one.
pub fn run(
    pool: &Pool,
    start: &crate::rules::position::Position,
    job: &ReviewJob,
    nodes: u64,
) -> Result<ReviewReport, String> {
    let nodes = budget(nodes, job.total);
    let go = GoParams {
        nodes: Some(nodes),
        ..GoParams::default()
    };
    let mut engine: Option<Borrowed<'_>> = None;
    let mut failed = STOPPED;
    let stop_now = || job.is_cancelled() || pool.urgent_waiting() > 0;
    let review = review_line(start, &job.line, &mut |pos, factor| loop {
        if job.is_cancelled() {
            return None;
        }
        let e = match &mut engine {
            Some(e) => e,
            None => match borrow(pool, job) {
                Ok(e) => engine.insert(e),
                Err(why) => {
                    failed = why;
                    return None;
                }
            },
        };
        let verdict = verdict_until(e, pos, &go.scaled(factor), &stop_now);
        if pool.waiting() > 0 {
            engine = None;
        }
        if let Some(v) = verdict {
            // A deeper check of a marked move is not a position done.
            if factor == 1 {
                job.done.fetch_add(1, Ordering::Relaxed);
            }
            return Some(v);
        }
    });
    Ok(ReviewReport::of(&review.ok_or(failed)?))
}

/// A finished review as the database keeps it: the moves reviewed (a
/// review of another line is not used) and the report.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredReview {
    /// The line reviewed, in coordinates.
    pub(crate) moves: Vec<String>,
    /// The review.
    pub(crate) result: ReviewReport,
}

/// Where a review stands.
#[derive(Serialize)]
#[serde(rename_all = "lowercase")]
enum State {
    Running,
    Done,
    Failed,
}

/// `GET .../review`: progress and, when done, the report (or why not).
#[derive(Serialize)]
pub(crate) struct ReviewStatus {
    done: usize,
    queued: usize,
    total: usize,
    moves: Vec<String>,
    state: State,
    #[serde(skip_serializing_if = "Option::is_none")]
    result: Option<ReviewReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// Whether the review is of the game's line as it is now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current: Option<bool>,
}

/// Progress and, when done, the result.
pub(crate) fn status(job: &ReviewJob) -> ReviewStatus {
    let (state, result, error) = match lock(&job.outcome).as_ref() {
        None => (State::Running, None, None),
        Some(Ok(report)) => (State::Done, Some(report.clone()), None),
        Some(Err(e)) => (State::Failed, None, Some(e.clone())),
    };
    ReviewStatus {
        done: job.done.load(Ordering::Relaxed),
        queued: job.queued.load(Ordering::Relaxed),
        total: job.total,
        moves: job.line.iter().map(|m| m.to_string()).collect(),
        state,
        result,
        error,
        current: None,
    }
}
