//! Is a square attacked? Answered by scanning outward from the target over the
//! mailbox (sliders and hoppers along the 8 lines, leapers from the tables), so
//! it needs only the board array: the legality filter runs it on a scratch copy
//! with the move applied, without a full make/unmake.

use crate::board::{
    beyond_screen, next_occupied, step_from, Board, DIAG_STEPS, OFFBOARD, ORTHO_STEPS,
};
use crate::piece::{Color, Piece, PieceKind};
use crate::position::Position;
use crate::square::Square;
use crate::tables::{attack_caps, TABLES};
use arrayvec::ArrayVec;

#[inline]
fn code(color: Color, kind: PieceKind) -> u8 {
    Piece::new(color, kind).code()
}

/// True if any man of colour `by` attacks mailbox square `s` on `board`.
pub fn attacked(board: &Board, s: usize, by: Color) -> bool {
    for_each_attacker(board, s, by, |_| true)
}

/// Every man of colour `by` that attacks mailbox square `s` on `board`, by
/// its square (the exchange evaluator's question after each capture).
pub fn attackers(board: &Board, s: usize, by: Color, out: &mut ArrayVec<u8, 64>) {
    out.clear();
    for_each_attacker(board, s, by, |from| {
        let _ = out.try_push(from as u8);
        false
    });
}

/// The man of colour `by` attacking `s` that `rank` (of its board code)
/// puts lowest, the first found of equals in [`attackers`]' order: the
/// exchange evaluator's next capturer, without collecting the list.
#[inline]
pub fn least_attacker(
    board: &Board,
    s: usize,
    by: Color,
    rank: impl Fn(u8) -> i32,
) -> Option<usize> {
    let mut best: Option<(i32, usize)> = None;
    for_each_attacker(board, s, by, |from| {
        let r = rank(board[from]);
        if best.is_none_or(|(b, _)| r < b) {
            best = Some((r, from));
        }
        false
    });
    best.map(|(_, from)| from)
}

/// A Pawn of colour `by` attacking `s`, the first in [`attackers`]' order:
/// two squares to look at, where a full scan reads dozens.
#[inline]
pub fn pawn_attacker(board: &Board, s: usize, by: Color) -> Option<usize> {
    let pawn = code(by, PieceKind::Pawn);
    // As in `line_attackers`: a White Pawn sits below `s`, a Black one above.
    let pawn_above = by == Color::Black;
    DIAG_STEPS
        .iter()
        .filter(|&&step| (step > 0) == pawn_above)
        .map(|&step| step_from(s, step))
        .find(|&from| board[from] == pawn)
}

/// Call `found` with the square of each man of colour `by` attacking `s`
/// until it returns true; true if it did. Scans outward from the target:
/// leapers from the tables, sliders and hoppers along the 8 lines.
#[inline(always)]
fn for_each_attacker(
    board: &Board,
    s: usize,
    by: Color,
    mut found: impl FnMut(usize) -> bool,
) -> bool {
    let t = &*TABLES;
    let knight = code(by, PieceKind::Knight);
    let camel = code(by, PieceKind::Camel);
    let gnu = code(by, PieceKind::Gnu);
    let frog = code(by, PieceKind::Frog);

    for &n in &t.knight[s] {
        let c = board[n as usize];
        if (c == knight || c == gnu) && found(n as usize) {
            return true;
        }
    }
    for &n in &t.camel[s] {
        let c = board[n as usize];
        if (c == camel || c == gnu) && found(n as usize) {
            return true;
        }
    }
    for leap in &t.frog_leap[s] {
        if board[leap.to as usize] == frog && leap.is_open(board) && found(leap.to as usize) {
            return true;
        }
    }

    for &step in &ORTHO_STEPS {
        if line_attackers::<false>(board, s, step, by, &mut found) {
            return true;
        }
    }
    for &step in &DIAG_STEPS {
        if line_attackers::<true>(board, s, step, by, &mut found) {
            return true;
        }
    }
    false
}

/// The men of colour `by` attacking `s` along the line of `step`,
/// diagonal or not, given to `found` as in [`for_each_attacker`]. Walking
/// out from the target, the first man is what a slider or a one-step man
/// attacks from; a hopper attacks from beyond it (the screen).
#[inline(always)]
fn line_attackers<const DIAGONAL: bool>(
    board: &Board,
    s: usize,
    step: i16,
    by: Color,
    found: &mut impl FnMut(usize) -> bool,
) -> bool {
    let first = next_occupied(board, s, step);
    let c = board[first];
    if c == OFFBOARD {
        return false;
    }
    let adjacent = first == step_from(s, step);
    let (queen, king) = (code(by, PieceKind::Queen), code(by, PieceKind::King));
    let hit = if DIAGONAL {
        // A Pawn of `by` attacks `s` from one rank behind it (from by's
        // view): a White Pawn sits below `s` (negative step), a Black one
        // above.
        let pawn_above = by == Color::Black;
        let pawn = c == code(by, PieceKind::Pawn) && (step > 0) == pawn_above;
        c == code(by, PieceKind::Bishop)
            || c == queen
            || (adjacent && (c == king || c == code(by, PieceKind::Frog) || pawn))
    } else {
        c == code(by, PieceKind::Rook) || c == queen || (c == king && adjacent)
    };
    if hit && found(first) {
        return true;
    }
    let beyond = beyond_screen(board, first, step);
    let c2 = board[beyond];
    let hopper = if DIAGONAL {
        code(by, PieceKind::Arrow)
    } else {
        code(by, PieceKind::Cannon)
    };
    (c2 == hopper || c2 == code(by, PieceKind::Tank)) && found(beyond)
}

/// True if a man of colour `by` attacks `s` along the lines of `steps` or
/// with a Frog's leap: all a move can change of the attacks on a square
/// that no leaper attacks and whose lines the move touches only at
/// `steps` (movegen's legality shortcut).
pub fn attacked_along(board: &Board, s: usize, by: Color, steps: &[i16]) -> bool {
    let frog = code(by, PieceKind::Frog);
    let opened = TABLES.frog_leap[s]
        .iter()
        .any(|leap| board[leap.to as usize] == frog && leap.is_open(board));
    opened
        || steps.iter().any(|&step| {
            if DIAG_STEPS.contains(&step) {
                line_attackers::<true>(board, s, step, by, &mut |_| true)
            } else {
                line_attackers::<false>(board, s, step, by, &mut |_| true)
            }
        })
}

/// The distinct non-zero steps of the King's lines a move touches (its
/// origin's and its destination's, 0 where it is off the King's lines).
#[inline]
pub(crate) fn touched_lines(lines: &[i16; 2]) -> &[i16] {
    match *lines {
        [0, 0] => &[],
        [0, _] => &lines[1..],
        [_, 0] => &lines[..1],
        [a, b] if a == b => &lines[..1],
        _ => lines,
    }
}

/// True if a man of colour `by` attacks `king` on `board`, which shows a
/// non-castling move from `from` to `to` made, with `moved` now on `to`,
/// given that no man of `by` attacked `king` before it. Only the King's
/// lines through the two squares, the Frogs' leaps and a leap by the moved
/// man can have changed (the legality shortcut's argument), so only they
/// are looked at.
#[inline]
pub fn attacked_after_move(
    board: &Board,
    king: usize,
    by: Color,
    (from, to): (usize, usize),
    moved: Piece,
) -> bool {
    let t = &*TABLES;
    let lines = [t.delta_box(king, from).step, t.delta_box(king, to).step];
    // A man landing off the King's lines can reach it only by a Knight's or
    // Camel's leap; a Frog's leaps run along lines, which `attacked_along`
    // checks for every Frog.
    (lines[1] == 0 && t.delta_box(to, king).caps & attack_caps(moved) != 0)
        || attacked_along(board, king, by, touched_lines(&lines))
}

impl Position {
    /// True if the side to move is in check, found from the last move alone:
    /// the position before it must have been legal (as every position a
    /// search reaches from a legal root is). After a castle, a null move or
    /// with no move played, the full scan.
    #[inline]
    pub fn in_check_after_move(&self) -> bool {
        let king = self.lists[self.side.index()][0] as usize;
        let fast = match self.last_move() {
            Some(m) if !m.is_none() && !m.is_castle() => {
                let (from, to) = (m.origin_box(), m.target_box());
                let moved = Piece::from_code(self.board[to]).expect("the moved man");
                attacked_after_move(&self.board, king, !self.side, (from, to), moved)
            }
            _ => attacked(&self.board, king, !self.side),
        };
        debug_assert_eq!(fast, self.in_check(), "incremental check test");
        fast
    }

    /// True if a man of colour `by` attacks square `s`.
    pub fn is_attacked(&self, s: Square, by: Color) -> bool {
        attacked(&self.board, s.mailbox(), by)
    }

    /// True if the side to move is in check.
    pub fn in_check(&self) -> bool {
        let king = self.lists[self.side.index()][0] as usize;
        attacked(&self.board, king, !self.side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn pawn_attacks_point_forward() {
        // White pawn e4 attacks d5 and f5, not d3/f3.
        let p = pos("6k5/12/12/12/4P7/12/12/6K5 w - - 0 1");
        assert!(p.is_attacked(sq("d5"), Color::White));
        assert!(p.is_attacked(sq("f5"), Color::White));
        assert!(!p.is_attacked(sq("d3"), Color::White));
        assert!(!p.is_attacked(sq("e5"), Color::White));
        let p = pos("6k5/12/12/4p7/12/12/12/6K5 w - - 0 1");
        assert!(p.is_attacked(sq("d4"), Color::Black));
        assert!(p.is_attacked(sq("f4"), Color::Black));
        assert!(!p.is_attacked(sq("d6"), Color::Black));
    }

    #[test]
    fn cannon_needs_exactly_one_screen() {
        // Cannon a1; screen on a3 (own pawn); a5 attacked, a2 not (no screen),
        // a4 attacked too (empty beyond the screen), a6 blocked by a second piece on a5? no piece there.
        let p = pos("6k5/12/12/12/12/P11/12/C5K5 w - - 0 1");
        assert!(!p.is_attacked(sq("a2"), Color::White));
        assert!(!p.is_attacked(sq("a3"), Color::White));
        assert!(p.is_attacked(sq("a4"), Color::White));
        assert!(p.is_attacked(sq("a8"), Color::White));
        // Two screens: nothing beyond the second is attacked.
        let p = pos("6k5/12/12/P11/12/P11/12/C5K5 w - - 0 1");
        assert!(p.is_attacked(sq("a5"), Color::White));
        assert!(!p.is_attacked(sq("a6"), Color::White));
    }

    #[test]
    fn king_can_be_a_screen() {
        // Black Cannon a8, white King a5: a4..a1 are attacked through the King.
        let p = pos("c5k5/12/12/K11/12/12/12/12 w - - 0 1");
        assert!(p.is_attacked(sq("a3"), Color::Black));
        assert!(!p.is_attacked(sq("a6"), Color::Black));
    }

    #[test]
    fn frog_river_blocks_only_crossing_leaps() {
        // White Frog c3: c6 across the River needs c4, c5 empty.
        let p = pos("6k5/12/12/12/2P9/2F9/12/6K5 w - - 0 1");
        assert!(!p.is_attacked(sq("c6"), Color::White));
        // Sideways leap ignores pieces between.
        let p = pos("6k5/12/12/12/12/2FPP7/12/6K5 w - - 0 1");
        assert!(p.is_attacked(sq("f3"), Color::White));
        // Within one half: c1 -> c4 is a leap.
        let p = pos("6k5/12/12/12/12/2P9/2P9/2F3K5 w - - 0 1");
        assert!(p.is_attacked(sq("c4"), Color::White));
        // Diagonal step.
        assert!(p.is_attacked(sq("b2"), Color::White));
        assert!(!p.is_attacked(sq("c2"), Color::White));
    }
}
