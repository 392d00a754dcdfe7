//! Move ordering: every legal move gets a stage and a score, and a picker
//! hands them out best first (selection sort, so a cutoff after the first few
//! moves costs no full sort). `StagedPicker` (interior nodes) also generates
//! each stage only when it is reached; `MovePicker` (root, quiescence) fills
//! its list at once.
//!
//! Stages, in order: the TT move; good captures and promotions (MVV-LVA,
//! then capture history); killer moves; quiet moves by history (`history`);
//! losing captures last. A capture "loses" when the full exchange on its
//! square (`see`) comes out below zero. With the exchange evaluator off
//! (`Dev_See=false`, and for the root's first ordering) the test is one
//! ply: the capturer is worth more than the victim and the destination is
//! attacked after the move, by the real attack scan on the board after the
//! capture, so a hopper screen that moved or vanished is seen
//! (docs/engine.md).

use super::history::{History, HistoryView};
use super::see::see;
use crate::eval::EvalParams;
use crate::rules::attack::attacked;
use crate::rules::board::EMPTY;
use crate::rules::moves::{Move, MoveList, MAX_MOVES};
use crate::rules::piece::{Piece, PieceKind};
use crate::rules::position::Position;
use arrayvec::ArrayVec;

/// Score bands per stage (higher is tried first).
const TT_MOVE: i32 = 4_000_000;
const GOOD_CAPTURE: i32 = 3_000_000;
const KILLER: i32 = 2_000_000;
const QUIET: i32 = 0;
const BAD_CAPTURE: i32 = -3_000_000;

/// Centipawn value of the man on a mailbox square (0 if empty).
#[inline]
fn value_at(pos: &Position, s: usize, params: &EvalParams) -> i32 {
    Piece::from_code(pos.board()[s]).map_or(0, |p| params.value_mg(p.kind()))
}

/// Middlegame value of the man a move captures (0 for none).
#[inline]
pub fn captured_value(pos: &Position, m: Move, params: &EvalParams) -> i32 {
    if m.is_castle() {
        0
    } else {
        value_at(pos, m.target_box(), params)
    }
}

/// True unless the capture gives up more than it takes on a defended
/// square (see the module comment).
pub fn capture_is_safe(pos: &Position, m: Move, params: &EvalParams) -> bool {
    let from = m.origin_box();
    let to = m.target_box();
    let victim = value_at(pos, to, params);
    let attacker = value_at(pos, from, params);
    if attacker <= victim {
        return true;
    }
    let mut board = *pos.board();
    board[to] = board[from];
    board[from] = EMPTY;
    !attacked(&board, to, !pos.side_to_move())
}

/// Hands out the legal moves of a node in stage order.
pub struct MovePicker {
    moves: MoveList,
    scores: ArrayVec<i32, MAX_MOVES>,
    next: usize,
    /// Tell losing captures by the full exchange evaluator (`see`) rather
    /// than the one-ply test.
    exchange: bool,
}

impl MovePicker {
    /// An empty picker. Build it in the caller's frame and fill it with
    /// `fill_all` or `fill_tactical`: the lists are 8 KiB, and returning a
    /// filled picker by value copied them at every node.
    #[inline(always)]
    pub fn empty() -> MovePicker {
        MovePicker {
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            next: 0,
            exchange: false,
        }
    }

    /// Use the full exchange evaluator to tell losing captures.
    #[inline(always)]
    pub fn set_exchange(&mut self, on: bool) {
        self.exchange = on;
    }

    /// All legal moves of a full-width node, ordered. `in_check` must be
    /// whether the side to move is in check.
    pub fn fill_all(
        &mut self,
        pos: &Position,
        in_check: bool,
        tt_move: Move,
        killers: [Move; 2],
        view: HistoryView,
        params: &EvalParams,
    ) {
        pos.generate_legal_filtered(&mut self.moves, in_check, false);
        self.scores.clear();
        self.next = 0;
        for &m in &self.moves {
            self.scores.push(if m == tt_move {
                TT_MOVE
            } else {
                order_score(pos, m, killers, view, params, self.exchange)
            });
        }
    }

    /// Legal captures and promotions only (quiescence when not in check).
    pub fn fill_tactical(&mut self, pos: &Position, history: &History, params: &EvalParams) {
        pos.generate_legal_filtered(&mut self.moves, false, true);
        self.scores.clear();
        self.next = 0;
        for &m in &self.moves {
            self.scores
                .push(capture_order(pos, m, history, params, self.exchange));
        }
    }

    /// The next move and its ordering score, best first.
    pub fn next_move(&mut self) -> Option<(Move, i32)> {
        let end = self.moves.len();
        let out = bring_best_forward(&mut self.moves, &mut self.scores, self.next, end);
        self.next += usize::from(out.is_some());
        out
    }

    /// Number of moves in the node.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True if the node has no moves to offer.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Where a `StagedPicker` stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TtMove,
    Generate,
    GoodCaptures,
    Killers,
    GenerateQuiets,
    Quiets,
    BadCaptures,
    /// In check: every evasion, generated and scored at once.
    Evasions,
    Done,
}

/// The move loop's picker at interior nodes: each stage is generated only
/// when the one before it is spent, so a node that the TT move or a good
/// capture cuts never generates (or scores) its quiet moves, and one that
/// the TT move cuts generates nothing at all.
///
/// The stages and their scores are `MovePicker`'s; the list holds the
/// tactical moves first, then the quiet ones, and losing captures keep
/// their place until the quiet moves are spent.
pub struct StagedPicker {
    moves: MoveList,
    scores: ArrayVec<i32, MAX_MOVES>,
    stage: Stage,
    tt_move: Move,
    killers: [Move; 2],
    in_check: bool,
    exchange: bool,
    /// Next index of the current stage's range, and its end.
    next: usize,
    end: usize,
    /// The losing captures, left in place by the good-capture stage.
    bad: (usize, usize),
    /// Legal moves handed out so far.
    handed: usize,
    /// The next killer slot to try.
    killer_slot: usize,
}

impl StagedPicker {
    /// A picker for a node; `tt_move` must be legal here or `Move::NONE`.
    #[inline(always)]
    pub fn new(tt_move: Move, killers: [Move; 2], in_check: bool, exchange: bool) -> StagedPicker {
        StagedPicker {
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            stage: Stage::TtMove,
            tt_move,
            killers,
            in_check,
            exchange,
            next: 0,
            end: 0,
            bad: (0, 0),
            handed: 0,
            killer_slot: 0,
        }
    }

    /// Number of legal moves handed out so far (after the last `next_move`
    /// returned `None`, all of the node's legal moves).
    pub fn handed_out(&self) -> usize {
        self.handed
    }

    /// The next move and its ordering score, stage by stage. `pos`, `view`
    /// and `params` must be the node's each time.
    pub fn next_move(
        &mut self,
        pos: &Position,
        view: HistoryView,
        params: &EvalParams,
    ) -> Option<(Move, i32)> {
        let picked = self.pick(pos, view, params);
        self.handed += usize::from(picked.is_some());
        picked
    }

    fn pick(
        &mut self,
        pos: &Position,
        view: HistoryView,
        params: &EvalParams,
    ) -> Option<(Move, i32)> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::Generate;
                    if !self.tt_move.is_none() {
                        return Some((self.tt_move, TT_MOVE));
                    }
                }
                Stage::Generate => self.generate(pos, view, params),
                Stage::GoodCaptures => match self.best_in_range() {
                    Some((m, s)) if !is_bad_capture_score(s) => {
                        self.next += 1;
                        if m != self.tt_move {
                            return Some((m, s));
                        }
                    }
                    _ => {
                        self.bad = (self.next, self.end);
                        self.stage = Stage::Killers;
                    }
                },
                Stage::Killers => {
                    if let Some(picked) = self.killer(pos) {
                        return Some(picked);
                    }
                    self.stage = Stage::GenerateQuiets;
                }
                Stage::GenerateQuiets => self.generate_quiets(pos, view),
                Stage::Quiets | Stage::BadCaptures | Stage::Evasions => {
                    if let Some(picked) = self.next_in_range() {
                        return Some(picked);
                    }
                    if self.stage != Stage::Quiets {
                        self.stage = Stage::Done;
                    } else {
                        (self.next, self.end) = self.bad;
                        self.stage = Stage::BadCaptures;
                    }
                }
                Stage::Done => return None,
            }
        }
    }

    /// The tactical moves (or, in check, every evasion), scored.
    fn generate(&mut self, pos: &Position, view: HistoryView, params: &EvalParams) {
        pos.generate_legal_filtered(&mut self.moves, self.in_check, !self.in_check);
        for &m in &self.moves {
            let score = order_score(pos, m, self.killers, view, params, self.exchange);
            self.scores.push(score);
        }
        (self.next, self.end) = (0, self.moves.len());
        self.stage = if self.in_check {
            Stage::Evasions
        } else {
            Stage::GoodCaptures
        };
    }

    /// The next legal quiet killer not handed out already; each slot is
    /// tried once.
    fn killer(&mut self, pos: &Position) -> Option<(Move, i32)> {
        while self.killer_slot < 2 {
            let slot = self.killer_slot;
            self.killer_slot += 1;
            let m = self.killers[slot];
            let repeat = slot == 1 && m == self.killers[0];
            if m.is_none() || repeat || m == self.tt_move {
                continue;
            }
            if !pos.is_tactical(m) && pos.is_legal(m) {
                return Some((m, KILLER + 1 - slot as i32));
            }
        }
        None
    }

    /// The quiet moves, appended after the tactical ones and scored by
    /// history as they stand now.
    fn generate_quiets(&mut self, pos: &Position, view: HistoryView) {
        let start = self.moves.len();
        pos.append_legal_quiets(&mut self.moves, false);
        for &m in &self.moves[start..] {
            self.scores.push(quiet_order(pos, m, view));
        }
        (self.next, self.end) = (start, self.moves.len());
        self.stage = Stage::Quiets;
    }

    /// The best move left in the current range, moved to its front (not
    /// yet consumed).
    #[inline]
    fn best_in_range(&mut self) -> Option<(Move, i32)> {
        bring_best_forward(&mut self.moves, &mut self.scores, self.next, self.end)
    }

    /// The best move left in the current range that an earlier stage did
    /// not hand out.
    fn next_in_range(&mut self) -> Option<(Move, i32)> {
        while let Some((m, s)) = self.best_in_range() {
            self.next += 1;
            let killer = self.stage == Stage::Quiets && self.killers.contains(&m);
            if m != self.tt_move && !killer {
                return Some((m, s));
            }
        }
        None
    }
}

/// The best-scored move of `next..end`, swapped to `next` (selection sort:
/// a cutoff after the first few moves costs no full sort).
#[inline]
fn bring_best_forward(
    moves: &mut MoveList,
    scores: &mut ArrayVec<i32, MAX_MOVES>,
    next: usize,
    end: usize,
) -> Option<(Move, i32)> {
    if next >= end {
        return None;
    }
    let mut best = next;
    for i in next + 1..end {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(next, best);
    scores.swap(next, best);
    Some((moves[next], scores[next]))
}

/// A move's ordering score, the TT move aside: its stage band plus its
/// place within the stage.
#[inline]
fn order_score(
    pos: &Position,
    m: Move,
    killers: [Move; 2],
    view: HistoryView,
    params: &EvalParams,
    exchange: bool,
) -> i32 {
    if pos.is_tactical(m) {
        capture_order(pos, m, view.history, params, exchange)
    } else if m == killers[0] {
        KILLER + 1
    } else if m == killers[1] {
        KILLER
    } else {
        quiet_order(pos, m, view)
    }
}

/// A capture's or promotion's score: its band and MVV-LVA, then capture history.
#[inline]
fn capture_order(
    pos: &Position,
    m: Move,
    history: &History,
    params: &EvalParams,
    exchange: bool,
) -> i32 {
    tactical_score(pos, m, params, exchange) + history.capture_score(pos, m)
}

/// A quiet move's score: its band plus history.
#[inline]
fn quiet_order(pos: &Position, m: Move, view: HistoryView) -> i32 {
    QUIET + view.history.quiet_score(pos, m, view.ctx)
}

/// True if an ordering score belongs to a losing capture.
pub fn is_bad_capture_score(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}

fn tactical_score(pos: &Position, m: Move, params: &EvalParams, exchange: bool) -> i32 {
    let victim = captured_value(pos, m, params);
    let attacker = value_at(pos, m.origin_box(), params);
    let promo = m.promotion().map_or(0, |k| {
        if k == PieceKind::Frog {
            params.value_mg(k)
        } else {
            params.value_mg(k) - 100
        }
    });
    let mvv_lva = 16 * (victim + promo) - attacker / 16;
    // Taking a man worth at least the capturer never loses (the worst reply
    // retakes the capturer): no scan needed, by either test.
    let good = attacker <= victim
        || if exchange {
            see(pos, m, params) >= 0
        } else {
            promo > 0 || capture_is_safe(pos, m, params)
        };
    if good {
        GOOD_CAPTURE + mvv_lva
    } else {
        BAD_CAPTURE + mvv_lva
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_move_then_captures_then_quiets() {
        let pos = Position::from_fen("6k5/12/12/3p8/12/3R8/12/6K5 w - - 0 1").unwrap();
        let tt = pos.parse_move("d3a3").unwrap();
        let mut mp = MovePicker::empty();
        let history = History::new(false, false);
        let view = HistoryView {
            history: &history,
            ctx: [super::super::history::NO_PIECE_TO; 2],
        };
        let params = EvalParams::default();
        mp.fill_all(&pos, false, tt, [Move::NONE; 2], view, &params);
        assert_eq!(mp.next_move().unwrap().0, tt);
        assert_eq!(mp.next_move().unwrap().0.to_string(), "d3d5");
    }

    #[test]
    fn capture_into_a_hopper_screen_line_is_seen_as_losing() {
        // Rook takes a Pawn defended only by a Cannon through a screen.
        let pos = Position::from_fen("6k5/12/3c8/3p8/12/3R8/12/6K5 w - - 0 1").unwrap();
        let rxp = pos.parse_move("d3d5").unwrap();
        // d6 Cannon, d5 pawn... after Rxd5 the Cannon on d6 is adjacent: no screen.
        let params = EvalParams::default();
        assert!(capture_is_safe(&pos, rxp, &params));
        let pos = Position::from_fen("3c2k5/12/3n8/3p8/12/3R8/12/6K5 w - - 0 1").unwrap();
        let rxp = pos.parse_move("d3d5").unwrap();
        // The Knight d6 screens the Cannon d8: d5 is defended.
        assert!(!capture_is_safe(&pos, rxp, &params));
        // The engine's own values decide: a Rook worth less than a Pawn may
        // take a defended Pawn.
        let mut cheap_rook = EvalParams::default();
        cheap_rook.set_piece_values("R=50/50").unwrap();
        assert!(capture_is_safe(&pos, rxp, &cheap_rook));
    }

    /// Every move a staged picker hands out, with its score.
    fn staged(pos: &Position, tt: Move, killers: [Move; 2]) -> Vec<(Move, i32)> {
        let history = History::new(false, false);
        let view = HistoryView {
            history: &history,
            ctx: [super::super::history::NO_PIECE_TO; 2],
        };
        let params = EvalParams::default();
        let mut mp = StagedPicker::new(tt, killers, pos.in_check(), true);
        let out: Vec<_> = std::iter::from_fn(|| mp.next_move(pos, view, &params)).collect();
        assert_eq!(mp.handed_out(), out.len());
        out
    }

    #[test]
    fn staged_picker_hands_out_each_legal_move_once_in_stage_order() {
        // White: a Rook that can take a defended Pawn (a losing capture) or
        // an undefended Knight; a quiet killer; a TT move.
        let pos = Position::from_fen("6k5/12/2p9/3p8/12/3R4n3/12/6K5 w - - 0 1").unwrap();
        let mv = |t: &str| pos.parse_move(t).unwrap();
        let (tt, killer) = (mv("d3a3"), mv("g1f1"));
        let out = staged(&pos, tt, [killer, Move::NONE]);
        let order: Vec<String> = out.iter().take(3).map(|(m, _)| m.to_string()).collect();
        assert_eq!(order, ["d3a3", "d3i3", "g1f1"]);
        assert!(!pos.is_tactical(out[3].0) && !is_bad_capture_score(out[3].1));
        let (last, score) = *out.last().unwrap();
        assert_eq!(
            (last.to_string(), is_bad_capture_score(score)),
            ("d3d5".into(), true)
        );
        let mut handed: Vec<u32> = out.iter().map(|(m, _)| m.raw()).collect();
        let mut legal: Vec<u32> = pos.legal_moves().iter().map(|m| m.raw()).collect();
        handed.sort_unstable();
        legal.sort_unstable();
        assert_eq!(handed, legal);
    }

    #[test]
    fn staged_picker_skips_illegal_killers_and_handles_check_and_mate() {
        // In check from a Rook: only evasions, a killer that does not evade
        // is never handed out.
        let pos = Position::from_fen("6k5/12/12/12/12/12/12/r5K5 w - - 0 1").unwrap();
        // A King step along the Rook's rank: pseudo-legal, still in check.
        let stray = Move::new("g1".parse().unwrap(), "h1".parse().unwrap(), None);
        assert!(pos.pseudo_legal_moves().contains(&stray));
        let out = staged(&pos, Move::NONE, [stray, Move::NONE]);
        assert_eq!(out.len(), pos.legal_moves().len());
        assert!(out.iter().all(|(m, _)| *m != stray));
        // Mated: nothing at all.
        let mate = Position::from_fen("6k5/12/12/12/12/12/5qq5/6K5 w - - 0 1").unwrap();
        assert!(staged(&mate, Move::NONE, [Move::NONE; 2]).is_empty());
    }
}
