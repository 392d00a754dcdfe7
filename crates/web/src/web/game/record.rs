//! A game as the database keeps it (`db`): its start position, the line
//! of moves, the ply shown (a view: moves after it stay until the next
//! move from there drops them), who plays which side, the engine's level,
//! the clocks, a result by resignation, agreement or the clock or an
//! abort, and a
//! game between two people's seat keys and offers. What only the running
//! server holds (the event channel, the searches, the position kept move
//! by move) is the live state (`game`).

use super::clock::{Clocks, TimeControl};
use super::ending::Ending;
use super::level::Level;
use crate::rules::moves::Move;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::GameEnd;
use crate::tree::{GameTree, NodeId};

/// Longest line a game may have, in plies: there it is drawn by the move
/// limit. The rules end a real game long before (the 50-move rule); this
/// bounds what one client can make the server keep and send.
pub(crate) const MAX_PLIES: usize = 2000;
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

/// A stored game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// Its id (random; set when the store keeps it).
    pub id: String,
    /// When it was created (Unix ms).
    pub created: i64,
    /// The start position (its FEN is the game's `FEN` tag), no history.
    pub start: Position,
    /// Every move played from the start (some may be after `cursor`).
    pub line: Vec<Move>,
    /// How many moves of `line` the board shows (when it shows the line).
    pub cursor: usize,
    /// An analysis board's variations: the tree of every move tried, whose
    /// main line is `line` (`None` while no move was tried off it).
    pub variations: Option<GameTree>,
    /// The move off the main line the board shows, if it shows one.
    pub variation_node: Option<NodeId>,
    /// Who moves what.
    pub seats: Seats,
    /// The engine's strength.
    pub level: Level,
    /// The clocks, if the game is timed.
    pub clocks: Option<Clocks>,
    /// An end not on the board, at the end of the line: a result by
    /// resignation, agreement or time, or an abort.
    pub forfeit: Option<Ending>,
    /// The seat keys, in a game between two people.
    pub keys: Option<SeatKeys>,
    /// The side offering a draw, until the other answers or a move is made.
    pub draw_offer: Option<Color>,
    /// The side asking for a rematch, once the game is over.
    pub rematch_offer: Option<Color>,
    /// The rematch's game id, once both asked.
    pub rematch: Option<String>,
}

impl GameRecord {
    /// A new game from `start` (its history is cleared).
    pub fn new(
        mut start: Position,
        seats: Seats,
        level: Level,
        control: Option<TimeControl>,
    ) -> GameRecord {
        start.clear_history();
        GameRecord {
            id: String::new(),
            created: super::clock::now_ms(),
            start,
            line: Vec::new(),
            cursor: 0,
            variations: None,
            variation_node: None,
            seats,
            level,
            clocks: control.map(Clocks::new),
            forfeit: None,
            keys: None,
            draw_offer: None,
            rematch_offer: None,
            rematch: None,
        }
    }

    /// The position after `ply` moves of the line (with their history, so
    /// repetitions count): a replay, for the plies before the end.
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.line[..ply.min(self.line.len())] {
            pos.make_move(m);
        }
        pos
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

    /// The game's end at `ply` (`pos` is the position there): the rules'
    /// outcome, or at the end of the line a forfeit, an abort or the length
    /// cap.
    pub fn ending_at(&self, pos: &Position, ply: usize) -> Option<Ending> {
        if let Some(o) = pos.outcome() {
            return Some(GameEnd::from_outcome(o).into());
        }
        if ply == self.line.len() {
            return self
                .forfeit
                .or((ply >= MAX_PLIES).then(|| GameEnd::move_limit().into()));
        }
        None
    }

    /// The game's end at the position shown (`pos`): in a variation, only
    /// the rules' outcome.
    pub fn shown_ending(&self, pos: &Position) -> Option<Ending> {
        if self.variation_node.is_some() {
            return pos.outcome().map(|o| GameEnd::from_outcome(o).into());
        }
        self.ending_at(pos, self.cursor)
    }

    /// Forget the variations once none is left off the main line.
    pub fn tidy_variations(&mut self) {
        if let Some(t) = &self.variations {
            if t.len() == self.line.len() {
                self.variations = None;
                self.variation_node = None;
            }
        }
    }

    /// Whether the game may be aborted, as on lichess: a game (not an
    /// analysis board) in which the two sides have not both moved.
    pub fn abortable(&self) -> bool {
        self.seats != Seats::Both && self.line.len() < 2 && self.forfeit.is_none()
    }

    /// The side whose clock runs (`over`: the game has ended), if any. As
    /// on lichess, no clock runs before the game's first move.
    pub fn clock_running(&self, over: bool) -> Option<Color> {
        let timed = self.clocks.is_some() && self.seats != Seats::Both;
        let started = !self.line.is_empty();
        (timed && started && !over && self.forfeit.is_none()).then(|| self.side_at_end())
    }

    /// The side whose time has run out at `now`, if any (the game's rules
    /// ending is not checked: the caller does, once a flag is down).
    pub fn flag_down(&self, now: i64) -> Option<Color> {
        let side = self.clock_running(false)?;
        let c = self.clocks.as_ref()?;
        (c.left(side, self.start.side_to_move(), Some(side), now) <= 0).then_some(side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_at_the_length_cap_is_drawn_by_the_move_limit() {
        let start = Position::startpos();
        let mut r = GameRecord::new(
            start.clone(),
            Seats::Both,
            super::super::level::DEFAULT,
            None,
        );
        // The line is not replayed: `ending_at` is given the position (one
        // with no outcome), so only the length counts.
        let m = start.legal_moves()[0];
        r.line = vec![m; MAX_PLIES - 1];
        assert_eq!(r.ending_at(&start, r.line.len()), None);
        r.line.push(m);
        let end = r.ending_at(&start, MAX_PLIES).expect("ended at the cap");
        assert_eq!(end.pgn(), "1/2-1/2");
        assert_eq!(end.key(), "move-limit");
        assert_eq!(
            r.ending_at(&start, MAX_PLIES - 1),
            None,
            "earlier plies are not over"
        );
    }
}
