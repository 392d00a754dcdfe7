//! One game on the web board: its start position, the line of moves, the
//! ply shown (moves after it are dropped by the next move), who the human
//! plays, the engine's level, a result by resignation or the clock, and the
//! stop flag of the game's one running search.

use super::level::Level;
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::GameEnd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Which colours the person at the board moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seats {
    /// The human has this colour; the engine plays the other.
    Human(Color),
    /// The human moves both sides (analysis board).
    Both,
}

/// A game in the server's memory.
pub struct WebGame {
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
    /// A result by resignation or time (only at the end of the line).
    pub forfeit: Option<GameEnd>,
    /// Stop flag of the search running for this game, if any.
    pub search: Option<Arc<AtomicBool>>,
    /// When the game was last used (eviction picks the oldest).
    pub touched: Instant,
    /// The review of the game, running or done (`web::review`).
    pub review: Option<Arc<super::review::ReviewJob>>,
}

impl WebGame {
    /// A new game from `start` (its history is cleared).
    pub fn new(mut start: Position, seats: Seats, level: Level) -> WebGame {
        start.clear_history();
        WebGame {
            start,
            line: Vec::new(),
            cursor: 0,
            seats,
            level,
            forfeit: None,
            search: None,
            touched: Instant::now(),
            review: None,
        }
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

    /// Forget the search with this stop flag if it is still the game's
    /// current one; true if it was.
    pub fn end_search(&mut self, flag: &Arc<AtomicBool>) -> bool {
        let current = self.search.as_ref().is_some_and(|f| Arc::ptr_eq(f, flag));
        if current {
            self.search = None;
        }
        current
    }

    /// Stop the game's running search, if any.
    pub fn stop_search(&mut self) {
        if let Some(flag) = self.search.take() {
            flag.store(true, Ordering::SeqCst);
        }
    }

    /// Play `m` (legal at the shown ply): the moves after the shown ply are
    /// dropped, and any search or forfeit is over.
    pub fn play(&mut self, m: Move) {
        self.stop_search();
        self.line.truncate(self.cursor);
        self.line.push(m);
        self.cursor = self.line.len();
        self.forfeit = None;
    }
}
