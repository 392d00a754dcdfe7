//! The engine facade: the position, the options, the transposition table and
//! a background search. Protocol front ends (UCI, XBoard) and tools talk to
//! this, never to search internals.

pub mod bench;
mod blocking;
pub mod eval_error;
pub mod strength;
mod tables;
pub mod textfile;

pub use crate::search::timeman::{seconds, Clocks, TimeControl};
pub use crate::search::tt::Bound;
/// The one win-rate model, for the front ends (`search::winrate`).
pub use crate::search::winrate;
pub use crate::search::{Info, Score, SearchResult, MATE, MAX_DEPTH};

use crate::eval::nnue::{self, Network};
use crate::eval::{self, EvalParams};
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::search::timeman::{self, Budget};
use crate::search::tt::TranspositionTable;
pub use crate::search::TimeSource;
use crate::search::{self, host, Features, HistoryBank, Limits, Shared};
use blocking::fallback;
pub use eval_error::EvalError;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use strength::Strength;
pub use tables::{TablebaseError, NO_TABLEBASES};

/// Default hash size in MiB.
pub const DEFAULT_HASH_MIB: usize = 16;
/// Largest hash size accepted, in MiB.
pub const MAX_HASH_MIB: usize = 16 * 1024;
/// Most search threads accepted.
pub const MAX_THREADS: usize = 256;
/// Most principal variations accepted.
pub const MAX_MULTIPV: usize = 256;
/// Default safety margin per move, in milliseconds.
pub const DEFAULT_MOVE_OVERHEAD_MS: u64 = 30;
/// Largest Move Overhead accepted, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5000;

/// Whether `Use NNUE` is on unless set (on since the SPRT of docs/nnue.md).
pub const DEFAULT_USE_NNUE: bool = true;
/// The `EvalFile` value that names the built-in net.
pub const DEFAULT_EVAL_FILE: &str = "<default>";

/// How a `go` command limits the search, before it is turned into a budget.
#[derive(Clone, Debug, Default)]
pub struct GoParams {
    /// The game clocks, when the search is timed by them.
    pub clocks: Option<Clocks>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Depth limit.
    pub depth: Option<i32>,
    /// Node limit.
    pub nodes: Option<u64>,
    /// Mate search: mate in this many moves.
    pub mate: Option<i32>,
    /// Search until `stop`.
    pub infinite: bool,
    /// Ponder until `ponderhit` or `stop`.
    pub ponder: bool,
    /// Restrict the root moves.
    pub searchmoves: Vec<Move>,
}

impl GoParams {
    /// The same search given `factor` times the budget: nodes and a fixed
    /// time multiplied, a depth deepened by the plies that cost about as
    /// much (three per tenfold).
    pub fn scaled(&self, factor: u64) -> GoParams {
        let f = factor.max(1);
        GoParams {
            nodes: self.nodes.map(|n| n.saturating_mul(f)),
            movetime: self
                .movetime
                .map(|t| t.saturating_mul(f.min(u64::from(u32::MAX)) as u32)),
            depth: self
                .depth
                .map(|d| d.saturating_add((3.0 * (f as f64).log10()).round() as i32)),
            ..self.clone()
        }
    }
}

/// Options an engine user can set.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Hash size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Principal variations to report.
    pub multipv: usize,
    /// Safety margin per move.
    pub move_overhead: Duration,
    /// Search features (developer switches).
    pub features: Features,
    /// Evaluation weights of this engine.
    pub eval: Arc<EvalParams>,
    /// Skill Level, its seed, the random mover.
    pub strength: Strength,
    /// Evaluate with the network (`Use NNUE`) instead of `eval`.
    pub use_nnue: bool,
    /// The network: the built-in one, or `EvalFile`'s.
    pub net: Arc<Network>,
    /// Where `net` came from: empty for the built-in net.
    pub eval_file: String,
    /// The endgame tablebases (`TablebasePath`), if any.
    pub tablebases: Option<Arc<humpty_tablebase::Tablebases>>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(DEFAULT_MOVE_OVERHEAD_MS),
            features: Features::default(),
            eval: Arc::new(EvalParams::default()),
            strength: Strength::default(),
            use_nnue: DEFAULT_USE_NNUE,
            net: nnue::default_net(),
            eval_file: String::new(),
            tablebases: None,
        }
    }
}

/// What runs in the background.
enum Job {
    /// A search, stopped through its shared state.
    Search(Arc<Shared>),
    /// Any other long command (perft, bench), stopped through its flag.
    Task(Arc<AtomicBool>),
}

struct Running {
    job: Job,
    handle: JoinHandle<()>,
}

/// The engine: owns the game position and runs searches (and other long
/// commands) in the background, one at a time.
pub struct Engine {
    position: Position,
    options: EngineOptions,
    tt: Arc<TranspositionTable>,
    /// Kept between searches like the table, and cleared with it.
    histories: Arc<HistoryBank>,
    running: Option<Running>,
    time: TimeSource,
    /// Most nodes any search may use (fuzzing keeps every search short).
    node_cap: Option<u64>,
    /// Most threads `set_threads` grants (fuzzing keeps thread starts cheap).
    thread_cap: usize,
}

/// Physical memory in MiB, where the system says (Linux: /proc/meminfo).
fn physical_memory_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// How many threads this machine runs at once (1 if it cannot say).
pub fn hardware_threads() -> usize {
    static THREADS: once_cell::sync::Lazy<usize> =
        once_cell::sync::Lazy::new(|| std::thread::available_parallelism().map_or(1, usize::from));
    *THREADS
}

/// The largest hash table in WebAssembly: its memory is 4 GiB at most,
/// shared with the page's engine, and a browser takes about a second per
/// 500 MiB to grow it (4,000 MiB blocked a worker for 8 s).
pub const WASM_HASH_LIMIT_MIB: usize = 512;

/// The largest hash table accepted: `MAX_HASH_MIB`, and no more than half of
/// the machine's memory (`WASM_HASH_LIMIT_MIB` in WebAssembly).
pub fn hash_limit_mib() -> usize {
    if cfg!(target_arch = "wasm32") {
        return WASM_HASH_LIMIT_MIB;
    }
    let half = physical_memory_mib().map_or(MAX_HASH_MIB, |m| (m / 2).max(1));
    MAX_HASH_MIB.min(half)
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    /// A new engine on the start position with default options.
    pub fn new() -> Engine {
        Engine::with_hash_mib(DEFAULT_HASH_MIB)
    }

    /// A new engine with a hash table of `mib` MiB (within
    /// `1..=hash_limit_mib()`), allocated once.
    pub fn with_hash_mib(mib: usize) -> Engine {
        let mut options = EngineOptions::default();
        let tt = TranspositionTable::new(mib.clamp(1, hash_limit_mib()));
        options.hash_mib = tt.mib().max(1);
        Engine {
            position: Position::startpos(),
            tt: Arc::new(tt),
            histories: Arc::default(),
            options,
            running: None,
            time: TimeSource::Real,
            node_cap: None,
            thread_cap: MAX_THREADS,
        }
    }

    /// Cap every search at `nodes` nodes, whatever `go` says (fuzzing runs
    /// thousands of protocol sessions a second this way).
    pub fn set_node_cap(&mut self, nodes: Option<u64>) {
        self.node_cap = nodes;
    }

    /// Read the time from `time` (a manual clock for tests and fuzzing).
    pub fn set_time_source(&mut self, time: TimeSource) {
        self.stop();
        self.time = time;
    }

    /// The current game position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Replace the game position (stops a running search first).
    pub fn set_position(&mut self, pos: Position) {
        self.stop();
        self.position = pos;
    }

    /// The current options.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Resize the hash table (stops a running search first), within
    /// `1..=hash_limit_mib()`; returns the size in MiB now in use.
    pub fn set_hash_mib(&mut self, mib: usize) -> usize {
        self.stop();
        let mib = mib.clamp(1, hash_limit_mib());
        if mib != self.options.hash_mib {
            self.tt = Arc::new(TranspositionTable::new(mib));
            self.options.hash_mib = self.tt.mib().max(1);
        }
        self.options.hash_mib
    }

    /// Grant at most `n` (1 to `MAX_THREADS`) search threads from now on.
    pub fn set_thread_cap(&mut self, n: usize) {
        self.thread_cap = n.clamp(1, MAX_THREADS);
        self.options.threads = self.options.threads.min(self.thread_cap);
    }

    /// Set the number of search threads; returns how many will run. More
    /// threads than the machine runs at once are not started: they would
    /// take time slices from the main thread, and the clock could not hold
    /// (256 threads on 2 cores took 9 s over a 0.1 s move time).
    pub fn set_threads(&mut self, n: usize) -> usize {
        self.options.threads = n.clamp(1, self.thread_cap).min(hardware_threads());
        self.options.threads
    }

    /// Set the number of principal variations.
    pub fn set_multipv(&mut self, n: usize) {
        self.options.multipv = n.clamp(1, MAX_MULTIPV);
    }

    /// Set the per-move safety margin.
    pub fn set_move_overhead(&mut self, d: Duration) {
        self.options.move_overhead = d.min(Duration::from_millis(MAX_MOVE_OVERHEAD_MS));
    }

    /// Switch a search feature by its developer name; false if unknown.
    pub fn set_feature(&mut self, name: &str, on: bool) -> bool {
        match self.options.features.flag_mut(name) {
            Some(flag) => {
                *flag = on;
                true
            }
            None => false,
        }
    }

    /// Change this engine's material values (`Dev_Values`, e.g.
    /// `"C=400/250 A=330/230"`); on an error nothing changes.
    pub fn set_piece_values(&mut self, text: &str) -> Result<(), EvalError> {
        let mut params = (*self.options.eval).clone();
        params.set_piece_values(text).map_err(EvalError::Params)?;
        self.options.eval = Arc::new(params);
        Ok(())
    }

    /// Load this engine's evaluation weights from a weights file
    /// (`Dev_Weights`, as `humpty tune` writes); on an error nothing changes.
    pub fn set_weights_file(&mut self, path: &str) -> Result<(), EvalError> {
        textfile::regular_file(path).map_err(EvalError::WeightsFile)?;
        let text =
            textfile::read_text_capped(path, 1 << 20, 4096).map_err(EvalError::WeightsFile)?;
        let mut params = (*self.options.eval).clone();
        params.set_weights(&text).map_err(EvalError::Params)?;
        self.options.eval = Arc::new(params);
        Ok(())
    }

    /// Evaluate with the network (`Use NNUE`) or the hand-made terms.
    pub fn set_use_nnue(&mut self, on: bool) {
        self.options.use_nnue = on;
    }

    /// Load the network from a net file (`EvalFile`); an empty path or
    /// `<default>` restores the built-in net. On error the net in force
    /// stays.
    pub fn set_eval_file(&mut self, path: &str) -> Result<(), EvalError> {
        let path = path.trim();
        if path.is_empty() || path == DEFAULT_EVAL_FILE {
            self.options.net = nnue::default_net();
            self.options.eval_file.clear();
            return Ok(());
        }
        let bytes = textfile::regular_file(path)
            .and_then(|()| textfile::read_bytes(path, nnue::network::FILE_LEN as u64))
            .map_err(EvalError::NetFile)?;
        let net = Network::from_bytes(&bytes).map_err(|error| EvalError::Net {
            path: path.to_string(),
            error,
        })?;
        self.options.net = Arc::new(net);
        self.options.eval_file = path.to_string();
        Ok(())
    }

    /// The evaluation of the current position, term by term, as a table,
    /// and the network's score.
    pub fn eval_report(&self) -> String {
        let pos = &self.position;
        let net = nnue::evaluate(&self.options.net, pos);
        let white = if pos.side_to_move() == Color::White {
            net
        } else {
            -net
        };
        let used = if self.options.use_nnue { "on" } else { "off" };
        let file = match self.options.eval_file.as_str() {
            "" => DEFAULT_EVAL_FILE,
            path => path,
        };
        format!(
            "{}\nNetwork evaluation: {:+.2} (White side; Use NNUE is {used}; EvalFile {file})",
            eval::breakdown(pos, &self.options.eval),
            f64::from(white) / 100.0
        )
    }

    /// Empty the hash table and the histories (stops a running search
    /// first): a fresh table, which costs nothing until used.
    pub fn clear_hash(&mut self) {
        self.stop();
        self.tt = Arc::new(TranspositionTable::new(self.options.hash_mib));
        self.histories = Arc::default();
    }

    /// A new game: clear the hash table and the histories.
    pub fn new_game(&mut self) {
        self.clear_hash();
        self.options.strength.new_game();
    }

    /// The strength settings, to change (`Skill Level`, `UCI_Elo`, ...).
    pub fn strength_mut(&mut self) -> &mut Strength {
        &mut self.options.strength
    }

    /// Turn `go` parameters into search limits for the side to move.
    pub fn limits_for(&self, go: &GoParams) -> Limits {
        let side = self.position.side_to_move();
        let overhead = self.options.move_overhead;
        // A move time and clocks together: whichever ends first (as
        // Stockfish stops at `movetime` while managing its clock).
        let fixed = go.movetime.map(|mt| timeman::fixed(mt, overhead));
        let clock = go
            .clocks
            .as_ref()
            .map(|c| timeman::budget(c, side, overhead));
        let budget: Option<Budget> = match (fixed, clock) {
            (Some(f), Some(c)) => Some(Budget {
                soft: f.soft.min(c.soft),
                hard: f.hard.min(c.hard),
            }),
            (f, c) => f.or(c),
        };
        let no_limit =
            budget.is_none() && go.depth.is_none() && go.nodes.is_none() && go.mate.is_none();
        let skill = self.options.strength.skill(&self.position);
        let nodes = match (go.nodes, self.node_cap) {
            (Some(n), Some(cap)) => Some(n.min(cap)),
            (n, cap) => n.or(cap),
        };
        Limits {
            depth: go.depth,
            nodes,
            mate: go.mate,
            time: budget,
            infinite: go.infinite || (no_limit && !go.ponder),
            until_stop: go.infinite,
            ponder: go.ponder,
            searchmoves: go.searchmoves.clone(),
            multipv: self.options.multipv,
            features: self.options.features,
            eval: Arc::clone(&self.options.eval),
            // A level searches with the evaluation it was measured with
            // (docs/levels.md): the network only from `NET_FROM` up.
            nnue: (self.options.use_nnue && skill.is_none_or(|s| s.uses_net()))
                .then(|| Arc::clone(&self.options.net)),
            // A level plays as it was measured: without the tables.
            tablebases: self.options.tablebases.clone().filter(|_| skill.is_none()),
            skill,
        }
    }

    /// Start searching the current position in the background. `on_info`
    /// gets each info line; `on_done` gets the result exactly once.
    pub fn go(
        &mut self,
        go: &GoParams,
        mut on_info: Box<dyn FnMut(&Info) + Send>,
        on_done: Box<dyn FnOnce(SearchResult) + Send>,
    ) {
        self.stop();
        if let Some(r) = self.random_result(go) {
            return on_done(r);
        }
        let limits = self.limits_for(go);
        // Ponder mode is set before the thread starts, so a `ponderhit`
        // that follows `go ponder` at once cannot be lost.
        let shared = Arc::new(Shared::new(
            Arc::clone(&self.tt),
            Arc::clone(&self.histories),
            self.time.clone(),
            limits.ponder,
        ));
        let pos = self.position.clone();
        let threads = self.options.threads;
        if host::SEARCH_ON_CALLER {
            // No threads on this host: search here; `stop` reaches the
            // search through the host's stop probe.
            return on_done(search::run(&pos, &limits, &shared, 1, &mut *on_info));
        }
        let shared2 = Arc::clone(&shared);
        // `on_done` is reached through a slot so that it can still be called
        // here if the thread cannot be started.
        let done = Arc::new(std::sync::Mutex::new(Some(on_done)));
        let done2 = Arc::clone(&done);
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .stack_size(search::SEARCH_STACK)
            .spawn(move || {
                // A bug must never leave the GUI without a move: if the search
                // panics, say so and answer with the first legal move.
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    search::run(&pos, &limits, &shared2, threads, &mut *on_info)
                }));
                let result = outcome.unwrap_or_else(|panic| {
                    let what = panic
                        .downcast_ref::<String>()
                        .map(String::as_str)
                        .or_else(|| panic.downcast_ref::<&str>().copied())
                        .unwrap_or("unknown error");
                    fallback(&pos, format!("internal error in search: {what}"))
                });
                if let Some(f) = done2.lock().ok().and_then(|mut d| d.take()) {
                    f(result);
                }
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    job: Job::Search(shared),
                    handle,
                })
            }
            Err(e) => {
                let result = fallback(&self.position, format!("cannot start the search: {e}"));
                if let Some(f) = done.lock().ok().and_then(|mut d| d.take()) {
                    f(result);
                }
            }
        }
    }

    /// Run a long command (perft, bench) in the background, like a search:
    /// `stop` sets the flag its probe reads and waits for it to return. If
    /// no thread can be started (WebAssembly) it runs here, and its probe
    /// is the host's stop probe, as a search's is.
    pub fn spawn_task(&mut self, task: impl FnOnce(&dyn Fn() -> bool) + Send + 'static) {
        self.stop();
        let flag = Arc::new(AtomicBool::new(false));
        let seen = Arc::clone(&flag);
        let slot = Arc::new(std::sync::Mutex::new(Some(task)));
        let mine = Arc::clone(&slot);
        let spawned = std::thread::Builder::new()
            .name("task".into())
            .stack_size(search::SEARCH_STACK)
            .spawn(move || {
                if let Some(t) = mine.lock().ok().and_then(|mut t| t.take()) {
                    t(&|| seen.load(Ordering::Relaxed));
                }
            });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    job: Job::Task(flag),
                    handle,
                })
            }
            Err(_) => {
                if let Some(t) = slot.lock().ok().and_then(|mut t| t.take()) {
                    t(&crate::search::host::stop_requested);
                }
            }
        }
    }

    /// Stop a running search or task and wait until it has ended (a search
    /// has then reported its result).
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            match &r.job {
                Job::Search(shared) => {
                    shared.released.store(true, Ordering::SeqCst);
                    shared.stop.store(true, Ordering::SeqCst);
                }
                Job::Task(flag) => flag.store(true, Ordering::SeqCst),
            }
            let _ = r.handle.join();
        }
    }

    /// Wait for a running search to end by itself.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            let _ = r.handle.join();
        }
    }

    /// The opponent played the move we pondered on: switch to normal timing.
    pub fn ponderhit(&self) {
        if let Some(Running {
            job: Job::Search(shared),
            ..
        }) = &self.running
        {
            shared.ponderhit();
        }
    }

    /// The random mover's answer, when it is on (no search).
    fn random_result(&self, go: &GoParams) -> Option<SearchResult> {
        let m = self
            .options
            .strength
            .random_move(&self.position, &go.searchmoves)?;
        Some(SearchResult {
            best: Some(m),
            ponder: None,
            score: 0,
            depth: 0,
            nodes: 0,
            error: None,
        })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}
