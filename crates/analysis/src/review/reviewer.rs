//! A review run one search at a time: the host asks for the next position
//! to judge (and at what budget) and hands the verdict back. A host with
//! one thread (the browser's Web Worker) reads its messages between two
//! searches this way; the server's loop is `review_line`.

use super::{judge, white_view, GameReview, MoveReview, Verdict, RECHECK_FACTOR};
use crate::rules::moves::Move;
use crate::rules::position::Position;

/// A game's review in progress.
pub struct Reviewer {
    /// Every position of the game, the start first.
    positions: Vec<Position>,
    /// The moves, each legal in the position before it.
    moves: Vec<Move>,
    /// The verdicts of the positions judged so far, in order.
    verdicts: Vec<Verdict>,
    /// The moves judged, in order.
    reviews: Vec<MoveReview>,
    /// A marked move waiting for its deeper check.
    pending: Option<Pending>,
}

/// A loss (points of winning chances) beyond what the budget's odd-even
/// swing explains: 1. Nd2's swing at 100,000 nodes was 6 points
/// (docs/review.md), a blunder starts at 15. The position after such a
/// move is not searched again.
pub(crate) const SURE_LOSS: f64 = 25.0;

/// A marked move's deeper check: the position before it, then the one
/// after it, each searched at `RECHECK_FACTOR` times the budget.
struct Pending {
    /// The move's review at the budget.
    review: MoveReview,
    /// The deeper verdict on the position before it, once given.
    before: Option<Verdict>,
}

impl Reviewer {
    /// A review of `moves` (legal, in order) from `start`.
    pub fn new(start: &Position, moves: &[Move]) -> Reviewer {
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut pos = start.clone();
        positions.push(pos.clone());
        for &m in moves {
            pos.make_move(m);
            positions.push(pos.clone());
        }
        Reviewer {
            positions,
            moves: moves.to_vec(),
            verdicts: Vec::new(),
            reviews: Vec::new(),
            pending: None,
        }
    }

    /// The position to judge next and the multiple of the budget to judge
    /// it with; None once the review is complete.
    pub fn next(&self) -> Option<(&Position, u64)> {
        if self.verdicts.len() < self.positions.len() {
            return Some((&self.positions[self.verdicts.len()], 1));
        }
        let i = self.reviews.len();
        self.pending.as_ref().map(|p| match p.before {
            None => (&self.positions[i], RECHECK_FACTOR),
            Some(_) => (&self.positions[i + 1], RECHECK_FACTOR),
        })
    }

    /// The verdict on the position `next` gave.
    pub fn give(&mut self, verdict: Verdict) {
        if self.verdicts.len() < self.positions.len() {
            self.verdicts.push(verdict);
        } else if let Some(p) = self.pending.take() {
            let i = self.reviews.len();
            match p.before {
                None if verdict.line.first() == Some(&p.review.mv) => {
                    // The deeper search plays this very move: the budget
                    // was too small to blame it.
                    let mut r = p.review;
                    clear(&mut r);
                    self.reviews.push(r);
                }
                // A loss this large is no swing of the search: it stands
                // (a beginner's game has dozens of these).
                None if p.review.loss >= SURE_LOSS => self.reviews.push(p.review),
                None => {
                    self.pending = Some(Pending {
                        before: Some(verdict),
                        ..p
                    });
                }
                // Judged again on both deeper verdicts: the budget's
                // searches from the two sides may disagree by more than
                // the move gives away (its odd-even swing).
                Some(before) => {
                    let r = judge(&self.positions[i], self.moves[i], &before, &verdict);
                    self.reviews.push(r);
                }
            }
        }
        self.judge_until_marked();
    }

    /// Judge the moves in order once every position has its verdict,
    /// up to the first marked move (which waits for its deeper check).
    fn judge_until_marked(&mut self) {
        if self.verdicts.len() < self.positions.len() {
            return;
        }
        while self.pending.is_none() && self.reviews.len() < self.moves.len() {
            let i = self.reviews.len();
            let r = judge(
                &self.positions[i],
                self.moves[i],
                &self.verdicts[i],
                &self.verdicts[i + 1],
            );
            if r.judgement.is_some() {
                self.pending = Some(Pending {
                    review: r,
                    before: None,
                });
            } else {
                self.reviews.push(r);
            }
        }
    }

    /// Positions judged at the regular budget so far, and how many there
    /// are (the game's moves and one).
    pub fn progress(&self) -> (usize, usize) {
        (self.verdicts.len(), self.positions.len())
    }

    /// The review, once `next` has nothing more to ask.
    pub fn result(&self) -> Option<GameReview> {
        if self.next().is_some() {
            return None;
        }
        let start = self.positions.first()?.clone();
        let start_score = white_view(self.verdicts.first()?.score, start.side_to_move());
        Some(GameReview {
            start,
            start_score,
            moves: self.reviews.clone(),
        })
    }
}

/// A move the review's own search plays: nothing lost, nothing marked.
fn clear(r: &mut MoveReview) {
    r.loss = 0.0;
    r.cp_loss = 0;
    r.judgement = None;
    r.better.clear();
}
