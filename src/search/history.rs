//! History heuristics for quiet moves: how often a move caused a cutoff,
//! by side and from-to squares (butterfly history), and after the moves
//! one and two plies earlier (continuation history, indexed by the moving
//! piece and its destination). Both learn by "gravity" updates, which keep
//! each entry within its bound and let newer results outweigh older ones.

use crate::rules::moves::Move;
use crate::rules::piece::{Piece, NUM_KINDS};
use crate::rules::position::Position;

/// Butterfly history entries stay within +-this.
pub const HISTORY_MAX: i32 = 500_000;
/// Continuation history entries stay within +-this.
const CONT_MAX: i32 = 16_384;
/// Piece (with colour) x destination square.
const PIECE_TO: usize = 2 * NUM_KINDS * 96;
/// The continuation row used when there is no earlier move (root, null move).
pub const NO_PIECE_TO: usize = PIECE_TO;
/// Butterfly table size: side x from-square x to-square.
const BUTTERFLY_SIZE: usize = 2 * 96 * 96;

/// Index of the moving piece and its destination (a continuation row or column).
#[inline]
pub fn piece_to(pos: &Position, m: Move) -> usize {
    Piece::from_code(pos.board[m.origin_box()]).map_or(NO_PIECE_TO, |p| {
        (p.color().index() * NUM_KINDS + p.kind().index()) * 96 + m.to().index()
    })
}

#[inline]
fn butterfly_index(side: usize, m: Move) -> usize {
    (side * 96 + m.from().index()) * 96 + m.to().index()
}

/// Gravity update: move `h` by `delta`, less as it nears `max` (in i64:
/// v1's i32 product wrapped once an entry and the bonus were both large).
#[inline]
fn gravity(h: i32, delta: i32, max: i32) -> i32 {
    let (h, delta) = (i64::from(h), i64::from(delta));
    (h + delta - h * delta.abs() / i64::from(max)) as i32
}

/// The piece-to of the moves one and two plies before a node.
pub type Context = [usize; 2];

/// One search thread's history tables.
pub struct History {
    butterfly: Vec<i32>,
    /// `(PIECE_TO + 1)` rows (earlier move) x `PIECE_TO` columns (this move).
    cont: Vec<i16>,
    /// Whether continuation history is consulted and learned.
    use_cont: bool,
}

impl History {
    /// Empty tables; `use_cont` switches continuation history on.
    pub fn new(use_cont: bool) -> History {
        History {
            butterfly: vec![0; BUTTERFLY_SIZE],
            cont: if use_cont {
                vec![0; (PIECE_TO + 1) * PIECE_TO]
            } else {
                Vec::new()
            },
            use_cont,
        }
    }

    #[inline]
    fn cont_at(&self, row: usize, col: usize) -> i32 {
        i32::from(self.cont[row * PIECE_TO + col])
    }

    /// A quiet move's ordering score (butterfly scaled to the continuation range).
    #[inline]
    pub fn quiet_score(&self, pos: &Position, m: Move, ctx: Context) -> i32 {
        let side = pos.side_to_move().index();
        let mut s = self.butterfly[butterfly_index(side, m)] / 32;
        if self.use_cont {
            let pt = piece_to(pos, m);
            if pt != NO_PIECE_TO {
                s += self.cont_at(ctx[0], pt) + self.cont_at(ctx[1], pt);
            }
        }
        s
    }

    /// A quiet move `best` caused a cutoff at `depth` after `tried` failed:
    /// raise its entries and lower theirs.
    pub fn reward(&mut self, pos: &Position, ctx: Context, best: Move, tried: &[Move], depth: i32) {
        let bonus = (depth * depth).min(400);
        self.update(pos, ctx, best, bonus);
        for &q in tried {
            self.update(pos, ctx, q, -bonus);
        }
    }

    fn update(&mut self, pos: &Position, ctx: Context, m: Move, bonus: i32) {
        let side = pos.side_to_move().index();
        let h = &mut self.butterfly[butterfly_index(side, m)];
        *h = gravity(*h, bonus * 32, HISTORY_MAX);
        if !self.use_cont {
            return;
        }
        let pt = piece_to(pos, m);
        if pt == NO_PIECE_TO {
            return;
        }
        for row in ctx {
            let c = &mut self.cont[row * PIECE_TO + pt];
            // Within +-CONT_MAX by gravity, so the narrowing cannot wrap.
            *c = gravity(i32::from(*c), bonus * 8, CONT_MAX) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_raise_the_cutoff_move_and_lower_the_others() {
        let pos = Position::startpos();
        let moves = pos.legal_moves();
        let (a, b) = (moves[0], moves[1]);
        let mut h = History::new(true);
        let ctx = [NO_PIECE_TO, NO_PIECE_TO];
        for _ in 0..10_000 {
            h.reward(&pos, ctx, a, &[b], 20);
        }
        let (sa, sb) = (h.quiet_score(&pos, a, ctx), h.quiet_score(&pos, b, ctx));
        assert!(sa > 0 && sb < 0, "{sa} {sb}");
        // Bounded: butterfly/32 + two continuation entries.
        assert!(sa <= HISTORY_MAX / 32 + 2 * CONT_MAX, "{sa}");
        assert!(sb >= -HISTORY_MAX / 32 - 2 * CONT_MAX);
    }
}
