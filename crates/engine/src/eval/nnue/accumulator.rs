//! Accumulators: each perspective's hidden layer before its activation,
//! kept up to date move by move. A move changes at most four men (a
//! capture takes one off; castling moves two), so making it costs a few
//! row additions instead of a sum over every man.

use super::network::{Network, Row, HIDDEN};
use super::simd;
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

impl Accumulator {
    /// Computed from scratch for `pos`.
    pub fn refresh(net: &Network, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            rows: [net.feature_bias; 2],
        };
        let men: Vec<(Piece, Square)> = Square::all()
            .filter_map(|s| pos.piece_at(s).map(|p| (p, s)))
            .collect();
        for c in [Color::White, Color::Black] {
            let rows: Vec<&Row> = men.iter().map(|&(p, s)| net.row(c, p, s)).collect();
            simd::update(&mut acc.rows[c.index()], &net.feature_bias, &[], &rows);
        }
        acc
    }

    /// This accumulator after `m` is made in `pos` (taken before the move).
    pub fn after(&self, net: &Network, pos: &Position, m: Move) -> Accumulator {
        let mut next = Accumulator::EMPTY;
        self.write_after(&mut next, net, pos, m);
        next
    }

    /// No rows yet: a slot that [`Accumulator::write_after`] fills.
    const EMPTY: Accumulator = Accumulator {
        rows: [[0; HIDDEN]; 2],
    };

    /// Write into `next` this accumulator after `m`: each perspective's
    /// row minus the men the move takes off plus those it puts on, in one
    /// pass.
    fn write_after(&self, next: &mut Accumulator, net: &Network, pos: &Position, m: Move) {
        let changes = pos.changes(m);
        for c in [Color::White, Color::Black] {
            // At most two men each way (a capture, castling): fixed
            // arrays, cheaper than collecting.
            let rows = |men: &[(Piece, Square)]| {
                let mut out = [&net.feature_bias; 2];
                out.iter_mut()
                    .zip(men)
                    .for_each(|(o, &(p, s))| *o = net.row(c, p, s));
                (out, men.len())
            };
            let ((minus, out), (plus, on)) = (rows(&changes.removed), rows(&changes.added));
            let (src, dst) = (&self.rows[c.index()], &mut next.rows[c.index()]);
            simd::update(dst, src, &minus[..out], &plus[..on]);
        }
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
        // Written in place: the new accumulator is not copied in.
        let below = self.stack.len() - 1;
        self.stack.push(Accumulator::EMPTY);
        let (done, new) = self.stack.split_at_mut(below + 1);
        done[below].write_after(&mut new[0], net, pos, m);
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
