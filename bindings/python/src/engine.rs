//! The engine in-process: `Engine(threads, hash_mb, skill_level, uci_elo)`
//! with `play` and `analyse`, each search run with the GIL released so a
//! bot or a server can search with several engines from several threads.
//! A search works on its own copy of the board, ends early on `stop()` from
//! another thread, and answers Ctrl-C (`KeyboardInterrupt`) within a
//! fraction of a second.

use crate::board::Board;
use crate::value_error;
use humpty_engine::engine::strength::{MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO, MIN_SKILL_LEVEL};
use humpty_engine::engine::{MAX_DEPTH, MAX_HASH_MIB, MAX_MULTIPV, MAX_THREADS};
use humpty_engine::{GoParams, Info, Score as EngineScore};
use humpty_rules::Position;
use pyo3::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// How many of the search's abort polls (one every 2 ms) pass between two
/// looks for a signal: about 50 ms, so Ctrl-C is answered well within half
/// a second while the GIL is taken only 20 times a second.
const POLLS_PER_SIGNAL_CHECK: u32 = 25;

/// The longest `movetime` accepted, in milliseconds (a day).
const MAX_MOVETIME_MS: f64 = 86_400_000.0;

/// A score from the side to move's view: centipawns, or mate in moves.
#[pyclass(module = "humpty", get_all, frozen, skip_from_py_object)]
#[derive(Clone)]
pub(crate) struct Score {
    /// Centipawns, or None for a mate score.
    cp: Option<i32>,
    /// Moves to mate (negative: being mated), or None.
    mate: Option<i32>,
}

#[pymethods]
impl Score {
    fn __repr__(&self) -> String {
        match (self.cp, self.mate) {
            (Some(cp), _) => format!("Score(cp={cp})"),
            (_, Some(m)) => format!("Score(mate={m})"),
            _ => "Score()".into(),
        }
    }
}

impl Score {
    fn of(value: i32) -> Score {
        match EngineScore::from_search(value) {
            EngineScore::Cp(cp) => Score {
                cp: Some(cp),
                mate: None,
            },
            EngineScore::Mate(m) => Score {
                cp: None,
                mate: Some(m),
            },
        }
    }
}

/// One line of a search: its first move, score, depth, nodes and PV.
#[pyclass(module = "humpty", get_all, frozen)]
pub(crate) struct Line {
    /// The line's first move (wire text).
    #[pyo3(name = "move")]
    best: String,
    /// The expected reply, when known.
    ponder: Option<String>,
    score: Score,
    depth: i32,
    seldepth: i32,
    nodes: u64,
    /// The principal variation, wire moves.
    pv: Vec<String>,
    /// 1 for the best line, 2 for the second...
    multipv: usize,
}

#[pymethods]
impl Line {
    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| format!("'{m}'")).collect();
        format!(
            "Line(move='{}', score={}, depth={}, nodes={}, pv=[{}])",
            self.best,
            self.score.__repr__(),
            self.depth,
            self.nodes,
            pv.join(", ")
        )
    }
}

impl Line {
    fn of(info: &Info) -> Line {
        let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
        Line {
            best: pv.first().cloned().unwrap_or_default(),
            ponder: pv.get(1).cloned(),
            score: Score::of(info.score),
            depth: info.depth,
            seldepth: info.seldepth,
            nodes: info.nodes,
            pv,
            multipv: info.multipv,
        }
    }
}

/// An engine with its own hash table, options and strength.
#[pyclass(module = "humpty")]
pub(crate) struct Engine {
    inner: Mutex<humpty_engine::Engine>,
    /// Set by `stop()`: the search under way ends with its best so far.
    /// Outside the mutex, since the search holds that.
    stop: Arc<AtomicBool>,
}

/// `value` as a count within `min..=max`, or a `ValueError` naming it.
fn within(name: &str, value: i64, min: i64, max: i64) -> PyResult<i64> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(value_error(format!(
            "{name} must be from {min} to {max}, not {value}"
        )))
    }
}

/// The `go` of a call's limits; at least one is needed.
fn go_params(movetime: Option<f64>, nodes: Option<i64>, depth: Option<i64>) -> PyResult<GoParams> {
    if movetime.is_none() && nodes.is_none() && depth.is_none() {
        return Err(value_error("give a limit: movetime (ms), nodes or depth"));
    }
    let mut go = GoParams::default();
    if let Some(ms) = movetime {
        if !(ms.is_finite() && ms > 0.0 && ms <= MAX_MOVETIME_MS) {
            return Err(value_error(format!(
                "movetime is in milliseconds, above 0 and at most {MAX_MOVETIME_MS}, not {ms}"
            )));
        }
        go.movetime = Some(Duration::from_secs_f64(ms / 1000.0));
    }
    if let Some(n) = nodes {
        go.nodes = Some(within("nodes", n, 1, i64::MAX)? as u64);
    }
    if let Some(d) = depth {
        go.depth = Some(within("depth", d, 1, i64::from(MAX_DEPTH))? as i32);
    }
    Ok(go)
}

impl Engine {
    /// Search `pos` with the GIL released; the last report of each line.
    /// The search ends early on `stop()` or on a signal whose handler
    /// raises (Ctrl-C's `KeyboardInterrupt`), and that exception is raised.
    fn search(
        &self,
        py: Python<'_>,
        pos: Position,
        go: GoParams,
        multipv: usize,
    ) -> PyResult<(humpty_engine::SearchResult, Vec<Line>)> {
        if pos.legal_moves().is_empty() {
            return Err(value_error("no legal move: the game is over"));
        }
        let stop = Arc::clone(&self.stop);
        let raised: Mutex<Option<PyErr>> = Mutex::new(None);
        let polls = AtomicU32::new(0);
        // Asked every few milliseconds on this (the caller's) thread, where
        // Python runs signal handlers when it is the main thread.
        let abort = || {
            if stop.load(Ordering::SeqCst) {
                return true;
            }
            if !polls
                .fetch_add(1, Ordering::Relaxed)
                .is_multiple_of(POLLS_PER_SIGNAL_CHECK)
            {
                return false;
            }
            match Python::attach(|py| py.check_signals()) {
                Ok(()) => false,
                Err(e) => {
                    *raised.lock().unwrap_or_else(PoisonError::into_inner) = Some(e);
                    true
                }
            }
        };
        let (result, lines) = py.detach(|| {
            let mut engine = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            // A stop() from before this search is not for it.
            self.stop.store(false, Ordering::SeqCst);
            engine.set_position(pos);
            engine.set_multipv(multipv);
            let mut lines: BTreeMap<usize, Line> = BTreeMap::new();
            let result = engine.search_sync_until(
                &go,
                &mut |info: &Info| {
                    if info.bound.is_none() && !info.pv.is_empty() {
                        lines.insert(info.multipv, Line::of(info));
                    }
                },
                &abort,
            );
            (result, lines)
        });
        if let Some(e) = raised.into_inner().unwrap_or_else(PoisonError::into_inner) {
            return Err(e);
        }
        if let Some(e) = &result.error {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(e.clone()));
        }
        Ok((result, lines.into_values().collect()))
    }
}

/// The position of `board` now, copied, so the caller may go on changing
/// the board (from another thread) while the copy is searched.
fn position_of(board: &Bound<'_, Board>) -> PyResult<Position> {
    let board = board.try_borrow().map_err(|_| {
        pyo3::exceptions::PyRuntimeError::new_err("the board is being changed by another thread")
    })?;
    Ok(board.pos().clone())
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (threads = 1, hash_mb = 16, skill_level = 20, uci_elo = None))]
    fn new(threads: i64, hash_mb: i64, skill_level: i64, uci_elo: Option<i64>) -> PyResult<Engine> {
        let threads = within("threads", threads, 1, MAX_THREADS as i64)?;
        let hash = within("hash_mb", hash_mb, 1, MAX_HASH_MIB as i64)?;
        let level = within("skill_level", skill_level, MIN_SKILL_LEVEL, MAX_SKILL_LEVEL)?;
        let mut engine = humpty_engine::Engine::with_hash_mib(hash as usize);
        engine.set_threads(threads as usize);
        let strength = engine.strength_mut();
        strength.level = level;
        if let Some(elo) = uci_elo {
            strength.elo = within("uci_elo", elo, MIN_ELO, MAX_ELO)?;
            strength.limit = true;
        }
        Ok(Engine {
            inner: Mutex::new(engine),
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The move to play: a `Line` with `move`, `ponder`, `score`, `depth`,
    /// `nodes` and `pv`. `movetime` is in milliseconds.
    #[pyo3(signature = (board, movetime = None, nodes = None, depth = None))]
    fn play(
        &self,
        py: Python<'_>,
        board: &Bound<'_, Board>,
        movetime: Option<f64>,
        nodes: Option<i64>,
        depth: Option<i64>,
    ) -> PyResult<Line> {
        let go = go_params(movetime, nodes, depth)?;
        let (result, lines) = self.search(py, position_of(board)?, go, 1)?;
        let best = result.best.map(|m| m.to_string()).unwrap_or_default();
        // The reported line is the move's when it agrees (a weakened level
        // may choose another move than its best line's).
        let mut line = lines
            .into_iter()
            .next()
            .filter(|l| l.best == best)
            .unwrap_or(Line {
                best: best.clone(),
                ponder: None,
                score: Score::of(result.score),
                depth: result.depth,
                seldepth: result.depth,
                nodes: result.nodes,
                pv: vec![best],
                multipv: 1,
            });
        line.ponder = result.ponder.map(|m| m.to_string()).or(line.ponder);
        line.nodes = result.nodes;
        Ok(line)
    }

    /// The best `multipv` lines, best first. `movetime` is in milliseconds.
    #[pyo3(signature = (board, movetime = None, nodes = None, depth = None, multipv = 1))]
    fn analyse(
        &self,
        py: Python<'_>,
        board: &Bound<'_, Board>,
        movetime: Option<f64>,
        nodes: Option<i64>,
        depth: Option<i64>,
        multipv: i64,
    ) -> PyResult<Vec<Line>> {
        let go = go_params(movetime, nodes, depth)?;
        let multipv = within("multipv", multipv, 1, MAX_MULTIPV as i64)? as usize;
        Ok(self.search(py, position_of(board)?, go, multipv)?.1)
    }

    /// End the search under way (from another thread): `play` returns the
    /// best move found so far, `analyse` the lines so far. Without a search
    /// under way it does nothing.
    fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Forget the hash table and start a new game (a new skill seed).
    fn new_game(&self) {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .new_game();
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()?;
    m.add_class::<Line>()?;
    m.add_class::<Score>()?;
    Ok(())
}
