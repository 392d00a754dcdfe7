//! What each man reaches: squares for mobility, hits on the enemy King's
//! zone, and hopper lines aimed at the enemy King. The walks are the rules'
//! own (`next_occupied`, the hopper's `beyond_screen`, the Frog's
//! `FrogLeap::is_open`), so evaluation sees exactly the moves the rules allow.

use super::params::{EvalParams, Tapered};
use crate::rules::board::{
    beyond_screen, is_enemy, pawn_step, step_from, Board, ALL_LINES, DIAG_LINES, EMPTY, LINE_STEPS,
    OFFBOARD, ORTHO_LINES,
};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::square::Square;
use crate::rules::tables::{cap, TABLES};
use std::ops::Range;

/// One man's reach.
#[derive(Default)]
pub(super) struct Reach {
    /// Squares it may move to (empty or enemy).
    pub squares: i32,
    /// Attacks on squares of the enemy King's zone (the King's square and
    /// its neighbours).
    pub zone_hits: i32,
    /// King-safety term for the enemy: hopper lines aimed at its King.
    pub king_lines: Tapered,
}

/// The board as one side sees it while walking a man's moves.
struct Walk<'a> {
    board: &'a Board,
    own_bit: u8,
    enemy_king: usize,
    reach: Reach,
}

impl Walk<'_> {
    fn in_zone(&self, to: usize) -> bool {
        to == self.enemy_king || TABLES.delta_box(self.enemy_king, to).caps & cap::KING != 0
    }

    /// A square the man may move to or attacks (an on-board cell).
    fn visit(&mut self, to: usize) {
        let c = self.board[to];
        if c == EMPTY || c & 16 != self.own_bit {
            self.reach.squares += 1;
        }
        if self.in_zone(to) {
            self.reach.zone_hits += 1;
        }
    }

    fn leaps(&mut self, targets: &[u8]) {
        for &to in targets {
            self.visit(to as usize);
        }
    }

    fn slides(&mut self, from: usize, lines: Range<usize>) {
        for &step in &LINE_STEPS[lines] {
            let mut to = step_from(from, step);
            while self.board[to] != OFFBOARD {
                self.visit(to);
                if self.board[to] != EMPTY {
                    break;
                }
                to = step_from(to, step);
            }
        }
    }

    /// Hoppers move quietly up to the screen and hit what lies beyond it.
    fn hops(&mut self, from: usize, lines: Range<usize>, params: &EvalParams) {
        for &step in &LINE_STEPS[lines] {
            let mut screen = step_from(from, step);
            while self.board[screen] == EMPTY {
                self.reach.squares += 1;
                screen = step_from(screen, step);
            }
            if self.board[screen] == OFFBOARD {
                continue;
            }
            let target = beyond_screen(self.board, screen, step);
            let mut to = step_from(screen, step);
            while to != target {
                if self.in_zone(to) {
                    self.reach.zone_hits += 1;
                }
                to = step_from(to, step);
            }
            if self.board[target] == OFFBOARD {
                continue;
            }
            if self.in_zone(target) {
                self.reach.zone_hits += 1;
            }
            if is_enemy(self.board[target], self.own_bit) {
                self.reach.squares += 1;
            }
            if target == self.enemy_king {
                self.reach.king_lines += params.hopper_line_one_screen;
            } else if beyond_screen(self.board, target, step) == self.enemy_king {
                self.reach.king_lines += params.hopper_line_two_screens;
            }
        }
    }
}

/// True if the Frog of `color` on mailbox cell `from` has a move onto its
/// far rank from another rank (a move that may promote, rules.md).
pub(super) fn frog_reaches_far_rank(board: &Board, from: usize, color: Color) -> bool {
    let t = &*TABLES;
    let far = color.far_rank();
    let rank = |cell: usize| Square::from_mailbox(cell).map(|s| s.rank());
    if rank(from) == Some(far) {
        return false;
    }
    let own_bit = (color.index() as u8) << 4;
    let open = |to: usize| board[to] == EMPTY || is_enemy(board[to], own_bit);
    let steps = t.frog_step[from].iter().map(|&to| to as usize);
    let leaps = t.frog_leap[from]
        .iter()
        .filter(|l| l.is_open(board))
        .map(|l| l.to as usize);
    steps
        .chain(leaps)
        .any(|to| rank(to) == Some(far) && open(to))
}

/// The reach of the man of `kind` and `color` on mailbox cell `from`.
pub(super) fn reach(
    board: &Board,
    params: &EvalParams,
    from: usize,
    kind: PieceKind,
    color: Color,
    enemy_king: usize,
) -> Reach {
    let t = &*TABLES;
    let mut w = Walk {
        board,
        own_bit: (color.index() as u8) << 4,
        enemy_king,
        reach: Reach::default(),
    };
    match kind {
        PieceKind::Pawn => {
            // Pawns count only their attacks on the King zone.
            let ahead = step_from(from, pawn_step(color));
            for to in [ahead - 1, ahead + 1] {
                if board[to] != OFFBOARD && w.in_zone(to) {
                    w.reach.zone_hits += 1;
                }
            }
        }
        PieceKind::Knight => w.leaps(&t.knight[from]),
        PieceKind::Camel => w.leaps(&t.camel[from]),
        PieceKind::Gnu => {
            w.leaps(&t.knight[from]);
            w.leaps(&t.camel[from]);
        }
        PieceKind::Frog => {
            w.leaps(&t.frog_step[from]);
            for leap in t.frog_leap[from].iter().filter(|l| l.is_open(board)) {
                w.visit(leap.to as usize);
            }
        }
        PieceKind::King => {}
        PieceKind::Rook => w.slides(from, ORTHO_LINES),
        PieceKind::Bishop => w.slides(from, DIAG_LINES),
        PieceKind::Queen => w.slides(from, ALL_LINES),
        PieceKind::Cannon => w.hops(from, ORTHO_LINES, params),
        PieceKind::Arrow => w.hops(from, DIAG_LINES, params),
        PieceKind::Tank => w.hops(from, ALL_LINES, params),
    }
    w.reach
}
