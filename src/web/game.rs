//! One game on the web board: its start position, the line of moves, the
//! ply shown (a view: moves after it stay until the next move from there
//! drops them), who plays which side, the engine's level, the clocks, a
//! result by resignation or the clock, the searches running for it, and the
//! channel its pages listen on.

use super::clock::{now_ms, Clocks, TimeControl};
use super::level::Level;
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::GameEnd;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::broadcast;

/// Which colours the person at the board moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seats {
    /// The human has this colour; the engine plays the other.
    Human(Color),
    /// The human moves both sides (analysis board).
    Both,
    /// Two people, each holding one side's secret seat key (`friends`).
    Friends,
}

/// The secret keys of a game between two people: whoever holds one moves
/// that side (the seat links carry them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatKeys {
    /// White's key.
    pub white: String,
    /// Black's key.
    pub black: String,
}

impl SeatKeys {
    /// The side this key plays, if any (compared in constant time).
    pub fn color_of(&self, key: &str) -> Option<Color> {
        let same = |a: &str, b: &str| {
            a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0, |d, (x, y)| d | (x ^ y)) == 0
        };
        if same(key, &self.white) {
            Some(Color::White)
        } else if same(key, &self.black) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// This side's key.
    pub fn of(&self, c: Color) -> &str {
        match c {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

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

/// Pages listening to one game: events waiting for a slow page.
const EVENT_BUFFER: usize = 32;

/// A game on the server.
#[derive(Clone)]
pub struct WebGame {
    /// Its id (random; set when the store keeps it).
    pub id: String,
    /// When it was created (Unix ms).
    pub created: i64,
    /// The start position (its FEN is the game's `FEN` tag).
    pub start: Position,
    /// Every move played from the start (some may be after `cursor`).
    pub line: Vec<Move>,
    /// How many moves of `line` the board shows.
    pub cursor: usize,
    /// Who moves what.
    pub seats: Seats,
    /// The engine's strength.
    pub level: Level,
    /// The clocks, if the game is timed.
    pub clocks: Option<Clocks>,
    /// A result by resignation or time (only at the end of the line).
    pub forfeit: Option<GameEnd>,
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
    pub review: Option<Arc<super::review::ReviewJob>>,
    /// The seat keys, in a game between two people.
    pub keys: Option<SeatKeys>,
    /// The side offering a draw, until the other answers or a move is made.
    pub draw_offer: Option<Color>,
    /// The side asking for a rematch, once the game is over.
    pub rematch_offer: Option<Color>,
    /// The rematch's game id, once both asked.
    pub rematch: Option<String>,
    /// Every page showing the game listens here (`web::events`).
    pub events: broadcast::Sender<String>,
}

impl WebGame {
    /// A new game from `start` (its history is cleared).
    pub fn new(
        mut start: Position,
        seats: Seats,
        level: Level,
        control: Option<TimeControl>,
    ) -> WebGame {
        start.clear_history();
        WebGame {
            id: String::new(),
            created: now_ms(),
            start,
            line: Vec::new(),
            cursor: 0,
            seats,
            level,
            clocks: control.map(Clocks::new),
            forfeit: None,
            search: None,
            thinking: None,
            engine_once: false,
            last_engine: None,
            touched: Instant::now(),
            review: None,
            keys: None,
            draw_offer: None,
            rematch_offer: None,
            rematch: None,
            events: broadcast::channel(EVENT_BUFFER).0,
        }
    }

    /// The same game started again from `start` (a new FEN or PGN): the
    /// id, seats, level, time control and listeners stay.
    pub fn restart(&self, start: Position) -> WebGame {
        let control = self.clocks.as_ref().map(|c| c.control);
        let mut fresh = WebGame::new(start, self.seats, self.level, control);
        fresh.id = self.id.clone();
        fresh.created = self.created;
        fresh.events = self.events.clone();
        fresh.keys = self.keys.clone();
        fresh
    }

    /// The position shown: the start with the first `cursor` moves played
    /// (with their history, so repetitions count).
    pub fn position(&self) -> Position {
        self.position_at(self.cursor)
    }

    /// The position after `ply` moves of the line.
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.line[..ply.min(self.line.len())] {
            pos.make_move(m);
        }
        pos
    }

    /// The position at the end of the line, where the game goes on.
    pub fn end_position(&self) -> Position {
        self.position_at(self.line.len())
    }

    /// The side to move at the end of the line.
    pub fn side_at_end(&self) -> Color {
        let first = self.start.side_to_move();
        if self.line.len().is_multiple_of(2) {
            first
        } else {
            !first
        }
    }

    /// The game result at the shown ply (`pos` is `position()`).
    pub fn ending(&self, pos: &Position) -> Option<GameEnd> {
        self.ending_at(pos, self.cursor)
    }

    /// The game result at `ply` (`pos` is the position there): the rules'
    /// outcome, or a forfeit at the end of the line.
    pub fn ending_at(&self, pos: &Position, ply: usize) -> Option<GameEnd> {
        if let Some(o) = pos.outcome() {
            return Some(GameEnd::from_outcome(o));
        }
        if ply == self.line.len() {
            return self.forfeit;
        }
        None
    }

    /// What the game waits for (`end` is `end_position()`).
    pub fn waiting(&self, end: &Position) -> Waiting {
        if self.ending_at(end, self.line.len()).is_some() {
            return Waiting::Over;
        }
        match self.seats {
            Seats::Human(c) if end.side_to_move() != c => Waiting::Engine,
            Seats::Both if self.engine_once => Waiting::Engine,
            _ => Waiting::Human,
        }
    }

    /// The side whose clock runs (`over`: the game has ended), if any. As
    /// on lichess, no clock runs before the game's first move.
    pub fn clock_running(&self, over: bool) -> Option<Color> {
        let timed = self.clocks.is_some() && self.seats != Seats::Both;
        let started = !self.line.is_empty();
        (timed && started && !over && self.forfeit.is_none()).then(|| self.side_at_end())
    }

    /// The finished game's result, if the game (not an analysis board) is
    /// over at the end of its line: a result is never undone.
    pub fn final_result(&self) -> Option<GameEnd> {
        if self.seats == Seats::Both {
            return None;
        }
        self.ending_at(&self.end_position(), self.line.len())
    }

    /// The side whose time has run out at `now`, if any (the game's rules
    /// ending is not checked: the caller does, once a flag is down).
    pub fn flag_down(&self, now: i64) -> Option<Color> {
        let side = self.clock_running(false)?;
        let c = self.clocks.as_ref()?;
        (c.left(side, self.start.side_to_move(), Some(side), now) <= 0).then_some(side)
    }

    /// Forget the analysis with this stop flag if it is still the game's
    /// current one; true if it was.
    pub fn end_search(&mut self, flag: &Arc<AtomicBool>) -> bool {
        let current = self.search.as_ref().is_some_and(|f| Arc::ptr_eq(f, flag));
        if current {
            self.search = None;
        }
        current
    }

    /// Forget the engine's move with this stop flag if it is still the one
    /// the game waits for.
    pub fn end_thinking(&mut self, flag: &Arc<AtomicBool>) {
        if self.thinking.as_ref().is_some_and(|f| Arc::ptr_eq(f, flag)) {
            self.thinking = None;
        }
    }

    /// Stop the game's running analysis, if any.
    pub fn stop_search(&mut self) {
        if let Some(flag) = self.search.take() {
            flag.store(true, Ordering::SeqCst);
        }
    }

    /// Stop the engine's move being searched, if any.
    pub fn stop_thinking(&mut self) {
        if let Some(flag) = self.thinking.take() {
            flag.store(true, Ordering::SeqCst);
        }
    }

    /// Keep only the first `ply` moves (take-back, a move from an earlier
    /// ply): searches, forfeit and the engine's pending move are over.
    pub fn truncate(&mut self, ply: usize) {
        self.stop_search();
        self.stop_thinking();
        self.line.truncate(ply);
        if let Some(c) = &mut self.clocks {
            c.truncate(ply);
        }
        self.cursor = ply.min(self.line.len());
        self.forfeit = None;
        self.engine_once = false;
        self.last_engine = None;
        self.draw_offer = None;
    }

    /// Play `m` (legal at the shown ply): the moves after the shown ply are
    /// dropped, and any search or forfeit is over.
    pub fn play(&mut self, m: Move) {
        self.truncate(self.cursor);
        self.push(m);
    }

    /// Play the engine's move `m` at the end of the line; a page at the
    /// end follows it, one looking back stays where it is.
    pub fn play_engine(&mut self, m: Move, about: Value) {
        let (cursor, follow) = (self.cursor, self.cursor == self.line.len());
        self.thinking = None;
        self.engine_once = false;
        self.push(m);
        if !follow {
            self.cursor = cursor;
        }
        self.last_engine = Some(about);
    }

    /// Append `m` at the end of the line, charging the mover's clock.
    fn push(&mut self, m: Move) {
        let mover = self.side_at_end();
        let first = self.start.side_to_move();
        let timed = self.seats != Seats::Both;
        let opening = self.line.is_empty();
        if let Some(c) = self.clocks.as_mut() {
            // An analysis board's clocks stand still, but keep a time per move.
            let now = if timed { now_ms() } else { c.turn_start };
            if opening {
                // The first move is not charged: the clocks start with it.
                c.turn_start = now;
            }
            c.moved(mover, first, now);
        }
        self.line.push(m);
        self.cursor = self.line.len();
    }
}
