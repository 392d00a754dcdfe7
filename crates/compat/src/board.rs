//! A game on one board, as both bindings' `Board` classes hold it: where it
//! started, the moves played, where it stands, and what ffish and
//! python-chess ask of it (variations in SAN, the King in check, the end of the
//! game, text diagrams).

use crate::end::{immediate_end, optional_end};
use crate::error::CompatError;
use crate::notation::Notation;
use crate::replay::{legal_move, start};
use humpty_rules::result::UNFINISHED;
use humpty_rules::{Color, Move, Outcome, Position, Square};

/// A game in progress.
#[derive(Clone)]
pub struct Board {
    start: Position,
    pos: Position,
    stack: Vec<Move>,
}

impl Board {
    /// A board on `fen` (the start position for an empty one).
    pub fn new(fen: &str) -> Result<Board, CompatError> {
        Ok(Board::on(start(fen)?))
    }

    /// A board on `pos`, with no moves played.
    pub fn on(pos: Position) -> Board {
        Board {
            start: pos.clone(),
            pos,
            stack: Vec::new(),
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The position the board was set up with.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played since, oldest first.
    pub fn stack(&self) -> &[Move] {
        &self.stack
    }

    /// Play a legal move.
    pub fn play(&mut self, m: Move) {
        self.pos.make_move(m);
        self.stack.push(m);
    }

    /// Play a wire move if it is legal here.
    pub fn push_wire(&mut self, text: &str) -> Result<Move, CompatError> {
        let m = legal_move(&self.pos, text)?;
        self.play(m);
        Ok(m)
    }

    /// Play a move in SAN (or coordinates) if it is legal here.
    pub fn push_san(&mut self, text: &str) -> Result<Move, CompatError> {
        let m = self.pos.parse_san(text).map_err(CompatError::SingleMove)?;
        self.play(m);
        Ok(m)
    }

    /// Play every move of a space-separated list, or none of them (the
    /// error names the first bad one).
    pub fn push_all(&mut self, moves: &str, san: bool) -> Result<(), CompatError> {
        let mut next = self.clone();
        for (index, text) in moves.split_whitespace().enumerate() {
            let pushed = if san {
                next.push_san(text)
            } else {
                next.push_wire(text)
            };
            pushed.map_err(|e| match e {
                CompatError::SingleMove(error) => CompatError::Move { index, error },
                other => other,
            })?;
        }
        *self = next;
        Ok(())
    }

    /// Take back the last move.
    pub fn pop(&mut self) -> Option<Move> {
        let m = self.stack.pop()?;
        self.pos.unmake_move();
        Some(m)
    }

    /// The game's ply as Fairy-Stockfish counts it: from the FEN's move
    /// number and side to move.
    pub fn game_ply(&self) -> usize {
        let full = usize::from(self.pos.fullmove_number().max(1));
        2 * (full - 1) + usize::from(self.pos.side_to_move() == Color::Black)
    }

    /// A line of wire moves from here, in SAN or LAN, with move numbers
    /// (`1. Nd2 Nd7 2. Nb1`, `3...Nd7 4. Nb1`) if asked; an error at the
    /// first illegal move.
    pub fn variation(
        &self,
        moves: &str,
        notation: Notation,
        numbers: bool,
    ) -> Result<String, CompatError> {
        let mut pos = self.pos.clone();
        let mut out: Vec<String> = Vec::new();
        for (index, text) in moves.split_whitespace().enumerate() {
            let m = pos
                .parse_move(text)
                .map_err(|error| CompatError::Move { index, error })?;
            let written = notation.write(&pos, m);
            let number = pos.fullmove_number();
            out.push(match (numbers, pos.side_to_move()) {
                (true, Color::White) => format!("{number}. {written}"),
                (true, Color::Black) if index == 0 => format!("{number}...{written}"),
                _ => written,
            });
            pos.make_move(m);
        }
        Ok(out.join(" "))
    }

    /// ffish's `checkedPieces`: the square of the King in check (the side
    /// to move's), none when there is no check.
    pub fn checked_kings(&self) -> Vec<Square> {
        let us = self.pos.side_to_move();
        if self.pos.in_check() {
            vec![self.pos.king_square(us)]
        } else {
            Vec::new()
        }
    }

    /// ffish's `isGameOver`: no legal move or only the Kings left, and with
    /// `claim_draw` also a repetition or 50 moves.
    pub fn is_game_over(&self, claim_draw: bool) -> bool {
        self.pos.legal_moves().is_empty()
            || immediate_end(&self.pos).0
            || (claim_draw && optional_end(&self.pos).0)
    }

    /// ffish's `result`: `1-0`, `0-1`, `1/2-1/2`, or `*` while the game
    /// goes on (a repetition or 50 moves count only with `claim_draw`).
    pub fn result(&self, claim_draw: bool) -> &'static str {
        if !self.is_game_over(claim_draw) {
            return UNFINISHED;
        }
        match self.pos.outcome() {
            Some(Outcome::Checkmate {
                winner: Color::White,
            }) => "1-0",
            Some(Outcome::Checkmate {
                winner: Color::Black,
            }) => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// Each rank from the 8th down, its squares' letters or `.` joined by
    /// `sep`, with the rank number in front when `numbered`.
    pub fn ranks(&self, sep: &str, numbered: bool) -> Vec<String> {
        (0..8u8)
            .rev()
            .map(|rank| {
                let cells: Vec<String> = (0..12u8)
                    .map(|file| {
                        Square::new(file, rank)
                            .and_then(|s| self.pos.piece_at(s))
                            .map_or('.', |p| p.letter())
                            .to_string()
                    })
                    .collect();
                let row = cells.join(sep);
                if numbered {
                    format!("{}  {row}", rank + 1)
                } else {
                    row
                }
            })
            .collect()
    }
}
