//! One game on the running server: its stored record (`record`) and the
//! live state only the server holds: the position at the end of the line
//! and each move's SAN and FEN, kept move by move (never replayed for a
//! move), the searches running for it, its review, and the channel its
//! pages listen on. A change is made on a `Draft` (`driver::change`),
//! which is stored, then put in force with `WebGame::apply`.

use super::clock::{now_ms, TimeControl};
use super::ending::Ending;
use super::level::Level;
pub(crate) use super::record::{GameRecord, SeatKeys, Seats};
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::tree::{TreeError, ROOT};
use crate::web::review::ReviewJob;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::broadcast;

/// A game shared between the requests that use it.
pub(crate) type SharedGame = Arc<Mutex<WebGame>>;

/// What a game waits for, at the end of its line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// A person's move.
    Human,
    /// The engine's move (the server starts it itself).
    Engine,
    /// Nothing: the game is over.
    Over,
}

impl Waiting {
    /// "human", "engine" or "over".
    pub fn word(self) -> &'static str {
        match self {
            Waiting::Human => "human",
            Waiting::Engine => "engine",
            Waiting::Over => "over",
        }
    }
}

/// One move of the line as the pages and the PGN show it, made once when
/// the move is played.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveText {
    /// The move on the wire (`e2i6`).
    pub uci: String,
    /// In SAN (`Axi6+`).
    pub san: String,
    /// The position after it.
    pub fen: String,
}

/// Pages listening to one game: events waiting for a slow page.
const EVENT_BUFFER: usize = 32;

/// What only the running server holds for a game.
pub struct Live {
    /// The position at the end of the line, with its history.
    pub end: Position,
    /// Each move's SAN and FEN.
    pub texts: Vec<MoveText>,
    /// Stop flag of the game's running analysis, if any.
    pub search: Option<Arc<AtomicBool>>,
    /// Stop flag of the engine's move being searched, if any.
    pub thinking: Option<Arc<AtomicBool>>,
    /// On an analysis board: the engine plays the side to move once.
    pub engine_once: bool,
    /// The engine's last move (as the API reports it), while the line
    /// still ends with it.
    pub last_engine: Option<Value>,
    /// When the game was last used (the memory cache drops the oldest).
    pub touched: Instant,
    /// The review of the game, running or done (`web::review`).
    pub review: Option<Arc<ReviewJob>>,
    /// Every page showing the game listens here (`web::events`).
    pub events: broadcast::Sender<String>,
    /// How many changes have been sent to the pages: a delta applies to
    /// the state one version before it.
    pub version: AtomicU64,
}

/// A game on the server.
pub struct WebGame {
    /// What the database keeps.
    pub record: GameRecord,
    /// What only the running server holds.
    pub live: Live,
}

/// Each move's text along `line` from `start`, and the position at its end.
fn walk(start: &Position, line: &[Move]) -> (Position, Vec<MoveText>) {
    let mut pos = start.clone();
    let texts = line.iter().map(|&m| play_text(&mut pos, m)).collect();
    (pos, texts)
}

/// Play `m` on `pos`; its text.
fn play_text(pos: &mut Position, m: Move) -> MoveText {
    let san = pos.san(m);
    pos.make_move(m);
    MoveText {
        uci: m.to_string(),
        san,
        fen: pos.to_fen(),
    }
}

/// What the game waits for at the end of its line.
fn waiting(record: &GameRecord, end: &Position, engine_once: bool) -> Waiting {
    if record.ending_at(end, record.line.len()).is_some() {
        return Waiting::Over;
    }
    match record.seats {
        Seats::Human(c) if end.side_to_move() != c => Waiting::Engine,
        Seats::Both if engine_once => Waiting::Engine,
        _ => Waiting::Human,
    }
}

/// The finished game's result, if the game (not an analysis board) is over
/// at the end of its line: a result is never undone.
fn final_result(record: &GameRecord, end: &Position) -> Option<Ending> {
    if record.seats == Seats::Both {
        return None;
    }
    record.ending_at(end, record.line.len())
}

/// The position shown (`end` when the cursor is at the end of the line).
fn shown(record: &GameRecord, end: &Position) -> Position {
    if let (Some(t), Some(n)) = (&record.variations, record.variation_node) {
        if let Ok(pos) = t.position(n) {
            return pos;
        }
    }
    if record.cursor == record.line.len() {
        end.clone()
    } else {
        record.position_at(record.cursor)
    }
}

impl WebGame {
    /// A new game from `start` (its history is cleared).
    pub fn new(
        start: Position,
        seats: Seats,
        level: Level,
        control: Option<TimeControl>,
    ) -> WebGame {
        WebGame::from_record(GameRecord::new(start, seats, level, control), None)
    }

    /// The live game of a stored record (one walk along its line).
    pub fn from_record(record: GameRecord, review: Option<ReviewJob>) -> WebGame {
        let (end, texts) = walk(&record.start, &record.line);
        WebGame {
            record,
            live: Live {
                end,
                texts,
                search: None,
                thinking: None,
                engine_once: false,
                last_engine: None,
                touched: Instant::now(),
                review: review.map(Arc::new),
                events: broadcast::channel(EVENT_BUFFER).0,
                version: AtomicU64::new(0),
            },
        }
    }

    /// The position shown.
    pub fn position(&self) -> Position {
        shown(&self.record, &self.live.end)
    }

    /// The game result at the shown ply (`pos` is `position()`).
    pub fn ending(&self, pos: &Position) -> Option<Ending> {
        self.record.shown_ending(pos)
    }

    /// The result at the end of the line, if the game is over there.
    pub fn result(&self) -> Option<Ending> {
        self.record
            .ending_at(&self.live.end, self.record.line.len())
    }

    /// What the game waits for.
    pub fn waiting(&self) -> Waiting {
        waiting(&self.record, &self.live.end, self.live.engine_once)
    }

    /// Forget the analysis with this stop flag if it is still the game's
    /// current one; true if it was.
    pub fn end_search(&mut self, flag: &Arc<AtomicBool>) -> bool {
        let current = self
            .live
            .search
            .as_ref()
            .is_some_and(|f| Arc::ptr_eq(f, flag));
        if current {
            self.live.search = None;
        }
        current
    }

    /// Forget the engine's move with this stop flag if it is still the one
    /// the game waits for.
    pub fn end_thinking(&mut self, flag: &Arc<AtomicBool>) {
        let ours = self.live.thinking.as_ref();
        if ours.is_some_and(|f| Arc::ptr_eq(f, flag)) {
            self.live.thinking = None;
        }
    }

    /// Stop the game's running analysis, if any.
    pub fn stop_search(&mut self) {
        if let Some(flag) = self.live.search.take() {
            flag.store(true, Ordering::SeqCst);
        }
    }

    /// Stop the engine's move being searched, if any.
    pub fn stop_thinking(&mut self) {
        if let Some(flag) = self.live.thinking.take() {
            flag.store(true, Ordering::SeqCst);
        }
    }

    /// A draft of a change (the game itself is untouched until `apply`).
    pub fn draft(&self) -> Draft {
        Draft {
            record: self.record.clone(),
            end: self.live.end.clone(),
            kept: self.live.texts.len(),
            added: Vec::new(),
            engine_once: self.live.engine_once,
            last_engine: self.live.last_engine.clone(),
            stop_search: false,
            stop_thinking: false,
            thinking: self.live.thinking.clone(),
            thought: false,
        }
    }

    /// Put a stored draft in force; returns the first ply whose move
    /// changed (the length of the line if none did).
    pub fn apply(&mut self, d: Draft) -> usize {
        if d.stop_search {
            self.stop_search();
        }
        if d.stop_thinking {
            self.stop_thinking();
        }
        if d.thought {
            self.live.thinking = None;
        }
        self.live.texts.truncate(d.kept);
        self.live.texts.extend(d.added);
        self.live.end = d.end;
        self.live.engine_once = d.engine_once;
        self.live.last_engine = d.last_engine;
        self.record = d.record;
        // A review of a line the game no longer has stops working.
        if let Some(job) = &self.live.review {
            if job.line != self.record.line {
                job.cancel();
            }
        }
        d.kept
    }
}

/// A change being made to a game: a copy of its record and end position,
/// the moves it drops and adds, and the searches it stops (only once the
/// change is stored).
pub struct Draft {
    /// The record as it will be.
    pub record: GameRecord,
    end: Position,
    kept: usize,
    added: Vec<MoveText>,
    /// On an analysis board: the engine plays the side to move once.
    pub engine_once: bool,
    /// The engine's last move, while the line ends with it.
    pub last_engine: Option<Value>,
    stop_search: bool,
    stop_thinking: bool,
    thinking: Option<Arc<AtomicBool>>,
    thought: bool,
}

impl Draft {
    /// Whether the engine's move the game waits for is the one with this
    /// stop flag.
    pub fn thinking_is(&self, flag: &Arc<AtomicBool>) -> bool {
        self.thinking.as_ref().is_some_and(|f| Arc::ptr_eq(f, flag))
    }

    /// The position shown.
    pub fn position(&self) -> Position {
        shown(&self.record, &self.end)
    }

    /// The position at the end of the line.
    pub fn end_position(&self) -> &Position {
        &self.end
    }

    /// The result at the shown ply (`pos` is `position()`).
    pub fn ending(&self, pos: &Position) -> Option<Ending> {
        self.record.shown_ending(pos)
    }

    /// The result at the end of the line, if the game is over there.
    pub fn result(&self) -> Option<Ending> {
        self.record.ending_at(&self.end, self.record.line.len())
    }

    /// The finished game's result (not an analysis board's), if over.
    pub fn final_result(&self) -> Option<Ending> {
        final_result(&self.record, &self.end)
    }

    /// What the game waits for.
    pub fn waiting(&self) -> Waiting {
        waiting(&self.record, &self.end, self.engine_once)
    }

    /// The moves this change keeps and the ones it adds (`db`, `events`).
    pub fn line_change(&self) -> (usize, &[MoveText]) {
        (self.kept, &self.added)
    }

    /// Stop the game's analysis once the change is stored.
    pub fn stop_search(&mut self) {
        self.stop_search = true;
    }

    /// Stop the engine's move once the change is stored.
    pub fn stop_thinking(&mut self) {
        self.stop_thinking = true;
    }

    /// Keep only the first `ply` moves (take-back, a move from an earlier
    /// ply): searches, forfeit and the engine's pending move are over, and
    /// the variations after it go with the moves.
    pub fn truncate(&mut self, ply: usize) {
        // Every move from the position at `ply` goes, variations too.
        if let Some(t) = &mut self.record.variations {
            t.cut_after(ply);
        }
        self.cut_line(ply);
        self.record.tidy_variations();
    }

    /// `truncate` of the line alone (the variations are the caller's).
    pub(super) fn cut_line(&mut self, ply: usize) {
        self.stop_search();
        self.stop_thinking();
        let r = &mut self.record;
        if ply < r.line.len() {
            r.line.truncate(ply);
            if ply < self.kept {
                self.kept = ply;
                self.added.clear();
            } else {
                self.added.truncate(ply - self.kept);
            }
            self.end = r.position_at(ply);
        }
        if let Some(c) = &mut r.clocks {
            c.truncate(ply);
        }
        r.cursor = ply.min(r.line.len());
        r.variation_node = None;
        r.forfeit = None;
        r.draw_offer = None;
        self.engine_once = false;
        self.last_engine = None;
    }

    /// Play `m` (legal at the shown position). In a game the moves after
    /// the shown ply are dropped; on an analysis board a move off the end
    /// of the main line goes into a variation (`variations`). Any search
    /// or forfeit is over.
    pub fn play(&mut self, m: Move) -> Result<(), TreeError> {
        let r = &self.record;
        if r.seats == Seats::Both && (r.variation_node.is_some() || r.cursor < r.line.len()) {
            return self.play_off_line(m);
        }
        self.truncate(self.record.cursor);
        self.push(m);
        Ok(())
    }

    /// Play the engine's move `m` at the end of the line; a page at the
    /// end follows it, one looking back stays where it is.
    pub fn play_engine(&mut self, m: Move, about: Value) {
        let cursor = self.record.cursor;
        let follow = cursor == self.record.line.len();
        self.engine_once = false;
        self.thought = true;
        self.push(m);
        if !follow {
            self.record.cursor = cursor;
        }
        self.last_engine = Some(about);
    }

    /// The same game started again from `start` (a new FEN or PGN): the
    /// id, seats, level, time control and keys stay.
    pub fn restart(&mut self, start: Position) {
        self.stop_search();
        self.stop_thinking();
        let r = &self.record;
        let control = r.clocks.as_ref().map(|c| c.control);
        let mut fresh = GameRecord::new(start, r.seats, r.level, control);
        fresh.id = r.id.clone();
        fresh.created = r.created;
        fresh.keys = r.keys.clone();
        self.end = fresh.start.clone();
        self.record = fresh;
        self.kept = 0;
        self.added.clear();
        self.engine_once = false;
        self.last_engine = None;
    }

    /// Append `m` at the end of the line, charging the mover's clock (and
    /// at the end of the variations' main line: if they are full, they
    /// are dropped rather than differ from the line).
    pub(super) fn push(&mut self, m: Move) {
        let r = &mut self.record;
        if let Some(t) = &mut r.variations {
            let at = t.mainline().last().copied().unwrap_or(ROOT);
            if t.play(at, m).is_err() {
                r.variations = None;
                r.variation_node = None;
            }
        }
        let mover = r.side_at_end();
        let first = r.start.side_to_move();
        let timed = r.seats != Seats::Both;
        let opening = r.line.is_empty();
        if let Some(c) = r.clocks.as_mut() {
            // An analysis board's clocks stand still, but keep a time per move.
            let now = if timed { now_ms() } else { c.turn_start };
            if opening {
                // The first move is not charged: the clocks start with it.
                c.turn_start = now;
            }
            c.moved(mover, first, now);
        }
        self.added.push(play_text(&mut self.end, m));
        r.line.push(m);
        r.cursor = r.line.len();
    }
}
