//! The position: a padded mailbox with piece lists and per-kind counts, side to
//! move, castling rights, clocks, an incremental Zobrist key and the undo stack
//! that also serves as key history for repetition detection.
//!
//! Only `put_piece`, `remove_piece` and `move_piece` touch the board, lists,
//! counts and key, so nothing can fall out of step.

use crate::board::{Board, EMPTY, OFFBOARD};
use crate::castling;
use crate::moves::Move;
use crate::piece::{Color, Piece, PieceKind, NUM_KINDS};
use crate::square::{Square, MAILBOX_SIZE};
use crate::zobrist::ZOBRIST;
use arrayvec::ArrayVec;
use std::fmt;

/// Most men (pieces and Pawns) a side may have: 16 pieces and 8 Pawns.
pub const MAX_MEN_PER_SIDE: usize = 24;

/// What `make_move` needs to restore the position.
#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    moved: u8,
    captured: u8,
    castling: u8,
    halfmove: u16,
    fullmove: u16,
    key: u64,
}

/// Why the game is over, when it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move is checkmated; the other colour wins.
    Checkmate {
        /// The winning colour.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position arose for the third time.
    Repetition,
    /// 100 plies without a capture or a Pawn move.
    FiftyMoves,
    /// Only the two Kings are left.
    BareKings,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

/// What a move changes on the board: the men it takes off and puts on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardChanges {
    /// Men taken off, with the squares they leave.
    pub removed: ArrayVec<(Piece, Square), 2>,
    /// Men put on, with the squares they land on.
    pub added: ArrayVec<(Piece, Square), 2>,
}

/// The 50-move rule in plies: with this many plies since the last capture
/// or Pawn move the game is drawn, unless the last of them mated.
pub const FIFTY_MOVE_PLIES: u16 = 100;

/// A Humpty Dumpty Chess position with its game history.
#[derive(Clone)]
pub struct Position {
    pub(crate) board: Board,
    /// Squares of each side's men; the King is kept first.
    pub(crate) lists: [ArrayVec<u8, MAX_MEN_PER_SIDE>; 2],
    /// Index of each occupied square in its side's list.
    pub(crate) list_index: [u8; MAILBOX_SIZE],
    pub(crate) counts: [[u8; NUM_KINDS]; 2],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    halfmove: u16,
    fullmove: u16,
    pub(crate) key: u64,
    history: Vec<Undo>,
}

impl Position {
    /// The reconstructed starting array (see docs/rules.md).
    pub const START_FEN: &'static str =
        "rnflbfkblfnr/1c2a2a2c1/p1pp1pp1pp1p/12/12/P1PP1PP1PP1P/1C2A2A2C1/RNFLBFKBLFNR w KQkq - 0 1";

    /// The starting position.
    pub fn startpos() -> Position {
        Position::from_fen(Position::START_FEN).expect("start FEN is valid")
    }

    /// An empty board, White to move, no rights (the FEN parser fills it).
    pub(crate) fn empty() -> Position {
        let mut board = [OFFBOARD; MAILBOX_SIZE];
        for s in Square::all() {
            board[s.mailbox()] = EMPTY;
        }
        Position {
            board,
            lists: [ArrayVec::new(), ArrayVec::new()],
            list_index: [0; MAILBOX_SIZE],
            counts: [[0; NUM_KINDS]; 2],
            side: Color::White,
            castling: 0,
            halfmove: 0,
            fullmove: 1,
            key: 0,
            history: Vec::new(),
        }
    }

    /// The piece on a square.
    #[inline]
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        Piece::from_code(self.board[s.mailbox()])
    }

    /// The mailbox itself (`board` module), read by the engine's fast paths.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Castling rights as a bitmask of `castling::rights::*`.
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// Plies since the last capture or Pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// Full-move number (starts at 1, grows after Black moves).
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// Zobrist key of the position (pieces, side, castling rights).
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// How many men of this colour and kind are on the board.
    #[inline]
    pub fn count(&self, color: Color, kind: PieceKind) -> u8 {
        self.counts[color.index()][kind.index()]
    }

    /// The King's square of a colour.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_mailbox(self.lists[color.index()][0] as usize).expect("king on board")
    }

    /// Squares and pieces of one colour's men.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.lists[color.index()].iter().map(move |&s| {
            let sq = Square::from_mailbox(s as usize).expect("listed square on board");
            (
                sq,
                Piece::from_code(self.board[s as usize]).expect("listed square occupied"),
            )
        })
    }

    /// Number of plies played since the position was set up.
    pub fn game_ply(&self) -> usize {
        self.history.len()
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// Recompute the key from scratch (for checking the incremental key).
    pub fn compute_key(&self) -> u64 {
        let z = &*ZOBRIST;
        let mut k = z.castling[self.castling as usize];
        if self.side == Color::Black {
            k ^= z.black_to_move;
        }
        for s in Square::all() {
            let c = self.board[s.mailbox()];
            if c != EMPTY {
                k ^= z.piece_square[c as usize][s.mailbox()];
            }
        }
        k
    }

    pub(crate) fn set_side(&mut self, side: Color) {
        if side != self.side {
            self.key ^= ZOBRIST.black_to_move;
            self.side = side;
        }
    }

    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.key ^= ZOBRIST.castling[self.castling as usize] ^ ZOBRIST.castling[rights as usize];
        self.castling = rights;
    }

    pub(crate) fn set_clocks(&mut self, halfmove: u16, fullmove: u16) {
        self.halfmove = halfmove;
        self.fullmove = fullmove;
    }

    /// Place a piece on an empty square (Kings go first in their list).
    pub(crate) fn put_piece(&mut self, s: usize, p: Piece) {
        debug_assert_eq!(self.board[s], EMPTY);
        let c = p.color().index();
        self.board[s] = p.code();
        self.counts[c][p.kind().index()] += 1;
        self.key ^= ZOBRIST.piece_square[p.code() as usize][s];
        let list = &mut self.lists[c];
        list.push(s as u8);
        let mut at = list.len() - 1;
        if p.kind() == PieceKind::King && at != 0 {
            let other = list[0];
            list.swap(0, at);
            self.list_index[other as usize] = at as u8;
            at = 0;
        }
        self.list_index[s] = at as u8;
    }

    /// Take the piece off an occupied square.
    pub(crate) fn remove_piece(&mut self, s: usize) -> Piece {
        let p = Piece::from_code(self.board[s]).expect("remove from occupied square");
        let c = p.color().index();
        self.board[s] = EMPTY;
        self.counts[c][p.kind().index()] -= 1;
        self.key ^= ZOBRIST.piece_square[p.code() as usize][s];
        let list = &mut self.lists[c];
        let at = self.list_index[s] as usize;
        let last = list.pop().expect("listed");
        if at < list.len() {
            list[at] = last;
            self.list_index[last as usize] = at as u8;
        }
        p
    }

    /// Move a piece to an empty square, keeping its place in the list.
    #[inline]
    pub(crate) fn move_piece(&mut self, from: usize, to: usize) {
        let code = self.board[from];
        debug_assert_eq!(self.board[to], EMPTY);
        self.board[from] = EMPTY;
        self.board[to] = code;
        let z = &ZOBRIST.piece_square[code as usize];
        self.key ^= z[from] ^ z[to];
        let at = self.list_index[from];
        self.list_index[to] = at;
        let c = (code >> 4 & 1) as usize;
        self.lists[c][at as usize] = to as u8;
    }

    /// The men a legal move takes off the board and puts on it, in this
    /// position (before it is made): what an incrementally updated
    /// evaluation needs to know of any move, castling and promotions
    /// included.
    pub fn changes(&self, m: Move) -> BoardChanges {
        let mut c = BoardChanges::default();
        let (from, to) = (m.from(), m.to());
        let Some(moving) = self.piece_at(from) else {
            return c;
        };
        if m.is_castle() {
            let g = castling::geometry(self.side, to.mailbox());
            let rook = Piece::new(self.side, PieceKind::Rook);
            c.removed.extend([(moving, from), (rook, g.rook_from)]);
            c.added.extend([(moving, to), (rook, g.rook_to)]);
            return c;
        }
        if let Some(captured) = self.piece_at(to) {
            c.removed.push((captured, to));
        }
        c.removed.push((moving, from));
        let landed = m.promotion().map_or(moving, |k| Piece::new(self.side, k));
        c.added.push((landed, to));
        c
    }

    /// Play a move, which must be legal in this position.
    pub fn make_move(&mut self, m: Move) {
        let (from, to) = (m.origin_box(), m.target_box());
        let captured = self.board[to];
        let moving = self.board[from];
        self.history.push(Undo {
            mv: m,
            moved: moving,
            captured,
            castling: self.castling,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            key: self.key,
        });
        let is_pawn = moving & 15 == PieceKind::Pawn as u8 + 1;

        if m.is_castle() {
            let g = castling::geometry(self.side, to);
            self.move_piece(g.rook_from.mailbox(), g.rook_to.mailbox());
            self.move_piece(from, to);
        } else {
            if captured != EMPTY {
                self.remove_piece(to);
            }
            match m.promotion() {
                Some(kind) => {
                    self.remove_piece(from);
                    self.put_piece(to, Piece::new(self.side, kind));
                }
                None => self.move_piece(from, to),
            }
        }

        let rights = self.castling & castling::keep_mask(from) & castling::keep_mask(to);
        if rights != self.castling {
            self.set_castling(rights);
        }
        // Counters saturate: a FEN may start them anywhere up to 65535.
        self.halfmove = if captured != EMPTY || is_pawn {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.key ^= ZOBRIST.black_to_move;
        self.side = !self.side;
        self.debug_check();
    }

    /// In debug builds, panic at the first slip between the board and its
    /// lists, counts or key (`check_consistency`).
    #[inline(always)]
    fn debug_check(&self) {
        #[cfg(debug_assertions)]
        if let Err(slip) = self.check_consistency() {
            panic!("position out of step: {slip} in {}", self.to_fen());
        }
    }

    /// The key `make_move(m)` would leave, found without playing `m` (the
    /// search asks memory for the table's entry early with it).
    pub fn key_after(&self, m: Move) -> u64 {
        let z = &*ZOBRIST;
        let (from, to) = (m.origin_box(), m.target_box());
        let square = |code: u8, s: usize| z.piece_square[code as usize][s];
        let moving = self.board[from];
        let mut key = self.key ^ z.black_to_move ^ square(moving, from);
        if m.is_castle() {
            let g = castling::geometry(self.side, to);
            let (rook_from, rook_to) = (g.rook_from.mailbox(), g.rook_to.mailbox());
            let rook = self.board[rook_from];
            key ^= square(moving, to) ^ square(rook, rook_from) ^ square(rook, rook_to);
        } else {
            let captured = self.board[to];
            if captured != EMPTY {
                key ^= square(captured, to);
            }
            let placed = m
                .promotion()
                .map_or(moving, |kind| Piece::new(self.side, kind).code());
            key ^= square(placed, to);
        }
        let rights = self.castling & castling::keep_mask(from) & castling::keep_mask(to);
        key ^ z.castling[self.castling as usize] ^ z.castling[rights as usize]
    }

    /// Take back the last move played with `make_move`.
    pub fn unmake_move(&mut self) {
        let u = self.history.pop().expect("a move to take back");
        let m = u.mv;
        self.side = !self.side;
        self.fullmove = u.fullmove;
        let (from, to) = (m.origin_box(), m.target_box());
        if m.is_castle() {
            let g = castling::geometry(self.side, to);
            self.move_piece(to, from);
            self.move_piece(g.rook_to.mailbox(), g.rook_from.mailbox());
        } else {
            match m.promotion() {
                Some(_) => {
                    self.remove_piece(to);
                    self.put_piece(from, Piece::from_code(u.moved).expect("moved piece"));
                }
                None => self.move_piece(to, from),
            }
            if u.captured != EMPTY {
                self.put_piece(to, Piece::from_code(u.captured).expect("captured piece"));
            }
        }
        self.castling = u.castling;
        self.halfmove = u.halfmove;
        self.key = u.key;
        self.debug_check();
    }

    /// Pass the move (for null-move pruning); must not be in check.
    pub fn make_null(&mut self) {
        self.history.push(Undo {
            mv: Move::NONE,
            moved: EMPTY,
            captured: EMPTY,
            castling: self.castling,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            key: self.key,
        });
        // A null move is not a move of the game: repetition scans must not
        // look back across it, so the window (the halfmove clock) restarts.
        self.halfmove = 0;
        self.key ^= ZOBRIST.black_to_move;
        self.side = !self.side;
    }

    /// Take back `make_null`.
    pub fn unmake_null(&mut self) {
        let u = self.history.pop().expect("a null move to take back");
        self.side = !self.side;
        self.halfmove = u.halfmove;
        self.key = u.key;
    }

    /// True if the current position occurred before at least `times` more
    /// times (`times = 1`: a repetition; `times = 2`: threefold). Only positions
    /// since the last capture or Pawn move can repeat; null moves cut the chain.
    pub fn repetitions_at_least(&self, times: usize) -> bool {
        let limit = (self.halfmove as usize).min(self.history.len());
        let mut seen = 0;
        let mut back = 4;
        while back <= limit {
            let u = &self.history[self.history.len() - back];
            if u.key == self.key {
                seen += 1;
                if seen >= times {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    /// How many men are on the board, Kings included.
    pub fn men(&self) -> usize {
        self.lists[0].len() + self.lists[1].len()
    }

    /// True when only the two Kings are left.
    pub fn bare_kings(&self) -> bool {
        self.lists[0].len() == 1 && self.lists[1].len() == 1
    }

    /// True when the 50-move rule (100 plies) applies.
    pub fn fifty_move_draw(&self) -> bool {
        self.halfmove >= FIFTY_MOVE_PLIES
    }

    /// The game result if the game is over in this position.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.legal_moves().is_empty() {
            return Some(if self.in_check() {
                Outcome::Checkmate { winner: !self.side }
            } else {
                Outcome::Stalemate
            });
        }
        if self.bare_kings() {
            Some(Outcome::BareKings)
        } else if self.fifty_move_draw() {
            Some(Outcome::FiftyMoves)
        } else if self.repetitions_at_least(2) {
            Some(Outcome::Repetition)
        } else {
            None
        }
    }

    /// Forget the game history (keeps the position; repetition starts afresh).
    pub fn clear_history(&mut self) {
        self.history.clear();
    }
}

impl fmt::Display for Position {
    /// The board as text with coordinates, then the FEN and the key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = format!("   +{}\n", "---+".repeat(12));
        for rank in (0..8u8).rev() {
            f.write_str(&line)?;
            write!(f, " {} |", rank + 1)?;
            for file in 0..12u8 {
                let s = Square::new(file, rank).expect("on board");
                let c = self.piece_at(s).map_or(' ', |p| p.letter());
                write!(f, " {c} |")?;
            }
            writeln!(f)?;
        }
        f.write_str(&line)?;
        write!(f, "    ")?;
        for file in 0..12u8 {
            write!(f, " {}  ", (b'a' + file) as char)?;
        }
        writeln!(f)?;
        writeln!(f)?;
        writeln!(f, "Fen: {}", self.to_fen())?;
        write!(f, "Key: {:016X}", self.key)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}
