//! The humpty engine for a Web Worker: the binary's UCI front end
//! (humpty-protocol) on the engine crate, compiled to WebAssembly. A
//! command goes in, the lines the binary would print come out (streamed to
//! the page's callback as they are printed).
//!
//! A search runs on the worker's one thread and blocks it, so `stop` cannot
//! arrive as a message while it runs. Two ways end it:
//! - with a SharedArrayBuffer (a cross-origin isolated page, or node), the
//!   page writes the number of the job (`go` or `bench`) to stop into a
//!   shared flag that the
//!   search reads every few thousand nodes (`setStopFlag`);
//! - without one, `go infinite` runs in steps (`step`) of at most
//!   `STEP_MS`, each a search one depth deeper on the same hash table, and
//!   the worker reads its messages between steps (`stepped`).

mod download;
mod explorer;
mod learn;
mod puzzle;
mod replay;
mod review;
mod stepped;
mod variations;

use humpty_engine::search::host;
use humpty_protocol::output::Output;
use humpty_protocol::uci::{Flow, Uci};
use review::{ReviewRun, Step};
use std::cell::{Cell, RefCell};
use std::sync::{Arc, Mutex, PoisonError};
use stepped::Stepped;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
    #[wasm_bindgen(js_namespace = Atomics, js_name = load)]
    fn atomics_load(array: &JsValue, index: u32) -> i32;
    /// The page's line callback (a JavaScript function).
    pub type Emitter;
    #[wasm_bindgen(method, js_name = call)]
    fn call_with(this: &Emitter, context: &JsValue, line: &str);
}

thread_local! {
    /// The page's stop flag: an Int32Array over a SharedArrayBuffer.
    static STOP_FLAG: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    /// The number of the job (`go` or `bench`) running, 1 for the first.
    static JOB_NUMBER: Cell<i32> = const { Cell::new(0) };
    /// Where lines go: the page's callback, unless a step is collecting them.
    static EMIT: RefCell<Option<Emitter>> = const { RefCell::new(None) };
    static COLLECTING: Cell<bool> = const { Cell::new(false) };
}

/// The host's stop probe: the page has asked to stop this job or a later one.
fn stop_probe() -> bool {
    STOP_FLAG.with(|f| {
        f.borrow()
            .as_ref()
            .is_some_and(|flag| atomics_load(flag, 0) >= JOB_NUMBER.with(Cell::get))
    })
}

/// Give a line to the page at once (it streams while a search runs).
fn emit(line: &str) {
    EMIT.with(|e| {
        if let Some(f) = e.borrow().as_ref() {
            f.call_with(&JsValue::UNDEFINED, line);
        }
    });
}

/// Whether a UCI line starts a job that `stop` ends.
fn is_job(word: &str) -> bool {
    matches!(word, "go" | "bench")
}

/// The engine of one worker.
#[wasm_bindgen]
pub struct UciEngine {
    uci: Uci,
    lines: Arc<Mutex<Vec<String>>>,
    stepped: Option<Stepped>,
    review: Option<ReviewRun>,
    quit: bool,
}

impl UciEngine {
    /// Run one line through the UCI front end, its lines streamed to the page.
    fn run(&mut self, line: &str) {
        if self.uci.handle(line) == Flow::Quit {
            self.quit = true;
        }
    }

    /// Run one line and collect what it printed instead of streaming it.
    fn collect(&mut self, line: &str) -> Vec<String> {
        COLLECTING.with(|c| c.set(true));
        self.run(line);
        COLLECTING.with(|c| c.set(false));
        std::mem::take(&mut *self.lines.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// End the stepped search with its last `bestmove` (a one-ply search
    /// gives one if `stop` came before the first step).
    fn finish_stepped(&mut self) {
        let Some(s) = self.stepped.take() else {
            return;
        };
        match s.best() {
            Some(best) => emit(best),
            None => self
                .collect(&s.step_line(1))
                .iter()
                .filter(|l| l.starts_with("bestmove"))
                .for_each(|l| emit(l)),
        }
    }

    fn has_stop_flag(&self) -> bool {
        STOP_FLAG.with(|f| f.borrow().is_some())
    }
}

#[wasm_bindgen]
impl UciEngine {
    /// A new engine on the start position with default options, giving
    /// each line it prints to `emit` (a function of one string).
    #[wasm_bindgen(constructor)]
    pub fn new(emit: Emitter) -> UciEngine {
        host::set_clock(performance_now);
        host::set_stop_probe(stop_probe);
        EMIT.with(|e| *e.borrow_mut() = Some(emit));
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&lines);
        let out = Output::to(move |line: &str| {
            if COLLECTING.with(Cell::get) {
                sink.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(line.to_string());
            } else {
                self::emit(line);
            }
        });
        UciEngine {
            uci: Uci::with_output(out),
            lines,
            stepped: None,
            review: None,
            quit: false,
        }
    }

    /// Use `flag` (an Int32Array over a SharedArrayBuffer) to stop searches:
    /// the page stores the number of the `go` to stop (1 for the first `go`
    /// it sent) into `flag[0]`.
    #[wasm_bindgen(js_name = setStopFlag)]
    pub fn set_stop_flag(&mut self, flag: JsValue) {
        STOP_FLAG.with(|f| *f.borrow_mut() = Some(flag));
    }

    /// Handle one UCI line (its answer goes to the emitter).
    pub fn command(&mut self, line: &str) {
        let word = line.split_whitespace().next().unwrap_or("");
        if self.stepped.is_some() {
            match word {
                "isready" => return self.run(line),
                "stop" | "ponderhit" => return self.finish_stepped(),
                // Anything else ends the stepped search first, as a new
                // command ends a running search in the binary.
                _ => self.finish_stepped(),
            }
        }
        if is_job(word) {
            JOB_NUMBER.with(|n| n.set(n.get().saturating_add(1)));
            if !self.has_stop_flag() && word == "go" {
                if let Some(s) = Stepped::for_go(line) {
                    self.stepped = Some(s);
                    return;
                }
            }
        }
        self.run(line);
    }

    /// Whether a stepped search waits for its next `step`.
    pub fn stepping(&self) -> bool {
        self.stepped.as_ref().is_some_and(Stepped::wants_step)
    }

    /// Run the stepped search one step further (its new info lines go to
    /// the emitter).
    pub fn step(&mut self) {
        let Some(line) = self.stepped.as_ref().and_then(Stepped::next_line) else {
            return;
        };
        let printed = self.collect(&line);
        if let Some(s) = self.stepped.as_mut() {
            s.take(printed).iter().for_each(|l| emit(l));
        }
    }

    /// Write a file the engine's options read (`FS.writeFile`: a net for
    /// `EvalFile`); refused past the host's limit with an info line.
    #[wasm_bindgen(js_name = writeFile)]
    pub fn write_file(&mut self, path: &str, bytes: &[u8]) -> bool {
        match host::write_file(path, bytes) {
            Ok(()) => true,
            Err(e) => {
                emit(&format!("info string FS.writeFile {path}: {e}"));
                false
            }
        }
    }

    /// Remove a file written by `writeFile`; whether there was one.
    pub fn unlink(&mut self, path: &str) -> bool {
        host::remove_file(path)
    }

    /// Start reviewing `moves` (UCI, separated by spaces) from `fen` at
    /// `nodes` per position: a job, as `go` is (the page counts it too, so
    /// the stop flag can end it). Steps run with `reviewStep`.
    #[wasm_bindgen(js_name = reviewStart)]
    pub fn review_start(&mut self, fen: &str, moves: &str, nodes: f64) -> Result<(), JsError> {
        JOB_NUMBER.with(|n| n.set(n.get().saturating_add(1)));
        self.review = None;
        self.review =
            Some(ReviewRun::new(fen, moves, nodes).map_err(|e| JsError::new(&e.to_string()))?);
        Ok(())
    }

    /// Whether a review waits for its next step.
    pub fn reviewing(&self) -> bool {
        self.review.is_some()
    }

    /// Judge one more position of the review; its news as JSON:
    /// `{"done", "total"}` as it goes, then `{"result"}` (the server's
    /// report) or `{"stopped": true}`.
    #[wasm_bindgen(js_name = reviewStep)]
    pub fn review_step(&mut self) -> String {
        let Some(run) = self.review.as_mut() else {
            return r#"{"stopped":true}"#.to_string();
        };
        match run.step(&stop_probe) {
            Step::Progress(done, total) => format!(r#"{{"done":{done},"total":{total}}}"#),
            Step::Done(json) => {
                self.review = None;
                format!(r#"{{"result":{json}}}"#)
            }
            Step::Stopped => {
                self.review = None;
                r#"{"stopped":true}"#.to_string()
            }
        }
    }

    /// Stop the review (between two searches).
    #[wasm_bindgen(js_name = reviewStop)]
    pub fn review_stop(&mut self) {
        self.review = None;
    }

    /// The exercises of a reviewed game (`report`: the review's JSON) for
    /// `side` ("white", "black" or "both"), as JSON.
    #[wasm_bindgen(js_name = learnExercises)]
    pub fn learn_exercises(
        &self,
        fen: &str,
        moves: &str,
        report: &str,
        side: &str,
    ) -> Result<String, JsError> {
        learn::exercise_list(fen, moves, report, side).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Judge `attempt` at the exercise of `ply` (a search of the review's
    /// budget: a job, as `go` is, so the stop flag can end it), as JSON.
    #[wasm_bindgen(js_name = learnJudge)]
    pub fn learn_judge(
        &mut self,
        fen: &str,
        moves: &str,
        report: &str,
        ply: u32,
        attempt: &str,
    ) -> Result<String, JsError> {
        JOB_NUMBER.with(|n| n.set(n.get().saturating_add(1)));
        learn::judge(fen, moves, report, ply, attempt, &stop_probe)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// Judge a solver's move at `ply` of the puzzle `row` (a line of the
    /// puzzle CSV), as the server's trainer does, as JSON.
    #[wasm_bindgen(js_name = puzzleJudge)]
    pub fn puzzle_judge(&self, row: &str, ply: u32, mv: &str) -> Result<String, JsError> {
        puzzle::judge_move(row, ply, mv).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Rate one attempt at the puzzle `row` (Glicko-2, as the server):
    /// `player` and `puzzle` are JSON ratings or `null`.
    #[wasm_bindgen(js_name = puzzleRate)]
    pub fn puzzle_rate(
        &self,
        row: &str,
        player: &str,
        puzzle: &str,
        solved: bool,
    ) -> Result<String, JsError> {
        puzzle::rate(row, player, puzzle, solved).map_err(|e| JsError::new(&e.to_string()))
    }

    /// The moves played from `fen` in `games` (JSON: `[{start, moves,
    /// result}]`), as the server's explorer answers, as JSON.
    #[wasm_bindgen(js_name = explorerMoves)]
    pub fn explorer_moves(&self, games: &str, fen: &str) -> Result<String, JsError> {
        explorer::moves_at(games, fen).map_err(|e| JsError::new(&e.to_string()))
    }

    /// The game the page keeps (JSON: `{event, site, white, black,
    /// created, start, moves, control?, clocks?, review?, result}`) as the
    /// server writes a PGN download; the text as a JSON string, as every
    /// answer of the worker is JSON.
    #[wasm_bindgen(js_name = gamePgn)]
    pub fn game_pgn(&self, game: &str) -> Result<String, JsError> {
        download::pgn(game)
            .map(|text| serde_json::Value::String(text).to_string())
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// A change to the static board's variations (JSON: `{action, start,
    /// moves, tree?, node?, ply?, uci?, target?, pgn?}`, `variations.rs`):
    /// the game after it and what the move list draws, as JSON.
    pub fn variations(&self, request: &str) -> Result<String, JsError> {
        variations::act(request).map_err(|e| JsError::new(&e.to_string()))
    }

    /// Whether `quit` was received.
    #[wasm_bindgen(js_name = hasQuit)]
    pub fn has_quit(&self) -> bool {
        self.quit
    }
}
