//! History heuristics: how often a quiet move caused a cutoff, by side and
//! from-to squares (butterfly history), and after the moves one and two
//! plies earlier (continuation history, indexed by the moving piece and its
//! destination); and how often a capture did, by moving piece, destination
//! and victim (capture history). All learn by "gravity" updates, which keep
//! each entry within its bound and let newer results outweigh older ones.

use crate::rules::moves::Move;
use crate::rules::piece::{Piece, NUM_KINDS};
use crate::rules::position::Position;
use std::sync::Mutex;

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
/// Capture history entries stay within +-this.
const CAPTURE_MAX: i32 = 16_384;
/// Capture history table size: piece-to x victim kind (or none, for a
/// promotion that captures nothing).
const CAPTURE_SIZE: usize = PIECE_TO * (NUM_KINDS + 1);
/// Capture history is divided by this in ordering: a full entry is worth
/// about a Pawn more of victim in MVV-LVA (16 points per centipawn).
const CAPTURE_ORDER_DIVISOR: i32 = 8;

/// Index of the moving piece and its destination (a continuation row or column).
#[inline]
pub fn piece_to(pos: &Position, m: Move) -> usize {
    Piece::from_code(pos.board()[m.origin_box()]).map_or(NO_PIECE_TO, |p| {
        (p.color().index() * NUM_KINDS + p.kind().index()) * 96 + m.to().index()
    })
}

/// Index of a capture (or promotion) in the capture history.
#[inline]
fn capture_index(pos: &Position, m: Move) -> Option<usize> {
    let pt = piece_to(pos, m);
    let victim =
        Piece::from_code(pos.board()[m.target_box()]).map_or(NUM_KINDS, |p| p.kind().index());
    (pt != NO_PIECE_TO).then_some(pt * (NUM_KINDS + 1) + victim)
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
    /// `(PIECE_TO + 1)` rows (earlier move) x `PIECE_TO` columns (this
    /// move); empty when continuation history is off.
    cont: Vec<i16>,
    /// Piece-to x victim (empty when capture history is off).
    capture: Vec<i16>,
}

/// The history a node's move ordering reads: the tables and the node's
/// continuation context.
#[derive(Clone, Copy)]
pub struct HistoryView<'a> {
    /// The thread's tables.
    pub history: &'a History,
    /// The moves one and two plies back.
    pub ctx: Context,
}

/// Each search thread's history, kept from one search to the next (as
/// Stockfish keeps its histories over a game): a search starts from what
/// the last one learned, and a large table is not allocated and faulted in
/// again at every move. A new game (or a cleared hash) starts a new bank.
#[derive(Default)]
pub struct HistoryBank {
    /// Indexed by thread id; `None` while that thread's search holds it.
    kept: Mutex<Vec<Option<History>>>,
}

impl HistoryBank {
    /// Thread `id`'s history as its last search left it, or empty tables
    /// when there is none of that shape (`use_cont`, `use_capture`).
    pub fn take(&self, id: usize, use_cont: bool, use_capture: bool) -> History {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.get_mut(id)
            .and_then(Option::take)
            .filter(|h| h.cont.is_empty() != use_cont && h.capture.is_empty() != use_capture)
            .unwrap_or_else(|| History::new(use_cont, use_capture))
    }

    /// Keep thread `id`'s history for its next search.
    pub fn put(&self, id: usize, history: History) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if kept.len() <= id {
            kept.resize_with(id + 1, || None);
        }
        kept[id] = Some(history);
    }
}

impl History {
    /// Empty tables; `use_cont` switches continuation history on,
    /// `use_capture` capture history.
    pub fn new(use_cont: bool, use_capture: bool) -> History {
        History {
            butterfly: vec![0; BUTTERFLY_SIZE],
            cont: if use_cont {
                vec![0; (PIECE_TO + 1) * PIECE_TO]
            } else {
                Vec::new()
            },
            capture: if use_capture {
                vec![0; CAPTURE_SIZE]
            } else {
                Vec::new()
            },
        }
    }

    /// A capture's (or promotion's) ordering bonus (0 with capture history off).
    #[inline]
    pub fn capture_score(&self, pos: &Position, m: Move) -> i32 {
        if self.capture.is_empty() {
            return 0;
        }
        capture_index(pos, m).map_or(0, |i| i32::from(self.capture[i]) / CAPTURE_ORDER_DIVISOR)
    }

    /// A move caused a cutoff at `depth` (`best`, if a capture, is raised)
    /// after the captures `tried` failed (they are lowered).
    pub fn reward_captures(
        &mut self,
        pos: &Position,
        best: Option<Move>,
        tried: &[Move],
        depth: i32,
    ) {
        if self.capture.is_empty() {
            return;
        }
        let bonus = (depth * depth).min(400) * 8;
        let moves = best.iter().map(|&m| (m, bonus));
        for (m, delta) in moves.chain(tried.iter().map(|&m| (m, -bonus))) {
            if let Some(i) = capture_index(pos, m) {
                let c = &mut self.capture[i];
                *c = gravity(i32::from(*c), delta, CAPTURE_MAX) as i16;
            }
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
        if !self.cont.is_empty() {
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
        if self.cont.is_empty() {
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
        let mut h = History::new(true, false);
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

#[cfg(test)]
mod bank_tests {
    use super::*;

    #[test]
    fn a_thread_gets_back_what_it_learned_in_the_same_shape() {
        let pos = Position::startpos();
        let moves = pos.legal_moves();
        let (a, b) = (moves[0], moves[1]);
        let ctx = [NO_PIECE_TO, NO_PIECE_TO];
        let bank = HistoryBank::default();
        let mut h = bank.take(1, true, false);
        assert_eq!(h.quiet_score(&pos, a, ctx), 0, "a new bank starts empty");
        h.reward(&pos, ctx, a, &[b], 8);
        let learned = h.quiet_score(&pos, a, ctx);
        assert!(learned > 0);
        bank.put(1, h);
        // Another thread, or the same thread asking for other tables,
        // starts afresh; the thread itself gets its tables back once.
        assert_eq!(bank.take(0, true, false).quiet_score(&pos, a, ctx), 0);
        assert_eq!(bank.take(1, true, true).quiet_score(&pos, a, ctx), 0);
        bank.put(1, History::new(true, false));
        bank.take(1, true, false).reward(&pos, ctx, a, &[b], 8);
        let mut h = bank.take(1, true, false);
        assert_eq!(h.quiet_score(&pos, a, ctx), 0, "taken, not copied");
        h.reward(&pos, ctx, a, &[b], 8);
        bank.put(1, h);
        assert_eq!(bank.take(1, true, false).quiet_score(&pos, a, ctx), learned);
    }
}

#[cfg(test)]
mod capture_tests {
    use super::*;

    #[test]
    fn capture_rewards_order_the_cutoff_capture_first_and_stay_bounded() {
        // White Rook d3 can take the Pawn d5 or the Pawn h3.
        let pos = Position::from_fen("6k5/12/12/3p8/12/3R3p4/12/6K5 w - - 0 1").unwrap();
        let (a, b) = (
            pos.parse_move("d3d5").unwrap(),
            pos.parse_move("d3h3").unwrap(),
        );
        let mut off = History::new(false, false);
        off.reward_captures(&pos, Some(a), &[b], 10);
        assert_eq!(off.capture_score(&pos, a), 0);
        let mut h = History::new(false, true);
        for _ in 0..10_000 {
            h.reward_captures(&pos, Some(a), &[b], 20);
        }
        let (sa, sb) = (h.capture_score(&pos, a), h.capture_score(&pos, b));
        assert!(sa > 0 && sb < 0, "{sa} {sb}");
        assert!(
            sa <= CAPTURE_MAX / CAPTURE_ORDER_DIVISOR && sb >= -CAPTURE_MAX / CAPTURE_ORDER_DIVISOR
        );
        // A quiet cutoff only lowers the captures tried.
        h.reward_captures(&pos, None, &[a], 20);
        assert!(h.capture_score(&pos, a) < sa);
    }
}
