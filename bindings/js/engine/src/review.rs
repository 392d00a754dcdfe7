//! Game review in the worker: the server's own review (humpty-analysis)
//! run one search per step, so the worker reads its messages between two
//! searches, and the shared stop flag ends a search at once. What it sends
//! is the server's JSON (`ReviewReport`), so both homes mark alike.

use humpty_analysis::review::report::ReviewReport;
use humpty_analysis::review::{budget, verdict_until, Reviewer, MAX_NODES, REVIEW_HASH_MIB};
use humpty_engine::{Engine, GoParams};
use humpty_rules::moves::{Move, MoveError};
use humpty_rules::position::Position;
use std::fmt;

/// Why a review cannot start.
#[derive(Debug)]
pub enum ReviewError {
    /// The start position's FEN does not parse.
    Fen(String),
    /// A move is not legal where it is played.
    Move(usize, MoveError),
    /// The node budget is not a whole number in range.
    Nodes(f64),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Fen(e) => write!(f, "review: the start position: {e}"),
            ReviewError::Move(i, e) => write!(f, "review: move {}: {e}", i + 1),
            ReviewError::Nodes(n) => write!(
                f,
                "review: nodes must be a whole number from 1 to {MAX_NODES}, not {n}"
            ),
        }
    }
}

/// A review running in the worker.
pub struct ReviewRun {
    reviewer: Reviewer,
    engine: Engine,
    go: GoParams,
}

/// One step's news: progress, or the report at the end.
pub enum Step {
    /// Positions judged and how many there are.
    Progress(usize, usize),
    /// The review, as JSON.
    Done(String),
    /// Stopped by the page.
    Stopped,
}

impl ReviewRun {
    /// A review of `moves` (UCI, separated by spaces) from `fen` at `nodes`
    /// per position (capped as the server caps it).
    pub fn new(fen: &str, moves: &str, nodes: f64) -> Result<ReviewRun, ReviewError> {
        let start = Position::from_fen(fen).map_err(|e| ReviewError::Fen(e.to_string()))?;
        let mut pos = start.clone();
        let mut line: Vec<Move> = Vec::new();
        for (i, text) in moves.split_whitespace().enumerate() {
            let m = pos.parse_move(text).map_err(|e| ReviewError::Move(i, e))?;
            pos.make_move(m);
            line.push(m);
        }
        if !(nodes.fract() == 0.0 && (1.0..=MAX_NODES as f64).contains(&nodes)) {
            return Err(ReviewError::Nodes(nodes));
        }
        let go = GoParams {
            nodes: Some(budget(nodes as u64, line.len() + 1)),
            ..GoParams::default()
        };
        Ok(ReviewRun {
            reviewer: Reviewer::new(&start, &line),
            engine: Engine::with_hash_mib(REVIEW_HASH_MIB),
            go,
        })
    }

    /// Judge one position (`stopped` is asked during the search).
    pub fn step(&mut self, stopped: &(dyn Fn() -> bool + Sync)) -> Step {
        if let Some((pos, factor)) = self.reviewer.next() {
            let pos = pos.clone();
            match verdict_until(&mut self.engine, &pos, &self.go.scaled(factor), stopped) {
                Some(v) => self.reviewer.give(v),
                None => return Step::Stopped,
            }
        }
        if self.reviewer.next().is_some() {
            let (done, total) = self.reviewer.progress();
            return Step::Progress(done, total);
        }
        let report = self.reviewer.result().map(|r| ReviewReport::of(&r));
        match report.and_then(|r| serde_json::to_string(&r).ok()) {
            Some(json) => Step::Done(json),
            None => Step::Stopped,
        }
    }
}
