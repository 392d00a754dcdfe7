//! Accumulators: each perspective's hidden layer before its activation,
//! kept up to date move by move. A move changes at most four men (a
//! capture takes one off; castling moves two), so making it costs a few
//! row additions instead of a sum over every man.

use super::features::index;
use super::network::{Network, Row};
use crate::rules::moves::Move;
use crate::rules::piece::{Color, Piece};
use crate::rules::position::Position;
use crate::rules::square::Square;

/// Both perspectives' hidden rows, White's first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub struct Accumulator {
    /// Indexed by `Color::index()`.
    pub rows: [Row; 2],
}

#[inline]
fn add(row: &mut Row, w: &Row) {
    for (a, &b) in row.iter_mut().zip(w) {
        *a = a.wrapping_add(b);
    }
}

#[inline]
fn sub(row: &mut Row, w: &Row) {
    for (a, &b) in row.iter_mut().zip(w) {
        *a = a.wrapping_sub(b);
    }
}

impl Accumulator {
    /// Computed from scratch for `pos`.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            rows: [net.feature_bias; 2],
        };
        for s in Square::all() {
            if let Some(p) = pos.piece_at(s) {
                acc.toggle(net, p, s, true);
            }
        }
        acc
    }

    /// Put a man on (`on`) or take it off, in both perspectives.
    #[inline]
    fn toggle(&mut self, net: &Network, p: Piece, s: Square, on: bool) {
        for c in [Color::White, Color::Black] {
            let w = &net.feature_weights[index(c, p, s)];
            let row = &mut self.rows[c.index()];
            if on {
                add(row, w)
            } else {
                sub(row, w)
            }
        }
    }

    /// This accumulator after `m` is made in `pos` (taken before the move).
    pub fn after(&self, net: &Network, pos: &Position, m: Move) -> Accumulator {
        let mut next = *self;
        let changes = pos.changes(m);
        for &(p, s) in &changes.removed {
            next.toggle(net, p, s, false);
        }
        for &(p, s) in &changes.added {
            next.toggle(net, p, s, true);
        }
        next
    }

    /// The network's score of this position, side to move's view.
    pub fn evaluate(&self, net: &Network, side: Color) -> i32 {
        net.output(&self.rows[side.index()], &self.rows[(!side).index()])
    }
}

/// One accumulator per ply of the line being searched.
pub struct AccumulatorStack {
    stack: Vec<Accumulator>,
}

impl AccumulatorStack {
    /// A stack whose bottom is `pos`.
    pub fn new(net: &Network, pos: &Position) -> AccumulatorStack {
        let mut stack = Vec::with_capacity(256);
        stack.push(Accumulator::refresh(net, pos));
        AccumulatorStack { stack }
    }

    /// Before `pos.make_move(m)`: push the accumulator after it.
    #[inline]
    pub fn push(&mut self, net: &Network, pos: &Position, m: Move) {
        let next = self.top().after(net, pos, m);
        self.stack.push(next);
    }

    /// After `pos.unmake_move()`.
    #[inline]
    pub fn pop(&mut self) {
        if self.stack.len() > 1 {
            self.stack.pop();
        }
    }

    /// The accumulator of the current position.
    #[inline]
    pub fn top(&self) -> &Accumulator {
        self.stack.last().expect("the root accumulator stays")
    }
}
