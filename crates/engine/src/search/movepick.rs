//! Move picking: a picker hands a node's moves out best first by their
//! ordering scores (`moveorder`), by selection sort, so a cutoff after the
//! first few moves costs no full sort. `StagedPicker` (interior nodes) also
//! generates each stage only when it is reached; `MovePicker` (root,
//! quiescence) fills its list at once. Outside check both generate
//! pseudo-legal moves and test each for legality (and a capture for its
//! exchange) only when they hand it out.

use super::history::{History, HistoryView};
use super::moveorder::{
    deferred_capture_order, is_bad_capture_score, order_score, quiet_order, settle_capture, KILLER,
    TT_MOVE,
};
use crate::eval::EvalParams;
use crate::rules::moves::{Move, MoveList, MAX_MOVES};
use crate::rules::position::Position;
use arrayvec::ArrayVec;

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

    /// Pseudo-legal captures and promotions only (quiescence when not in
    /// check), all scored as good: the caller tests each picked one for
    /// legality and by [`capture_is_good`], so a node cut off early tests few.
    pub fn fill_tactical(&mut self, pos: &Position, history: &History, params: &EvalParams) {
        pos.generate_pseudo_tactical(&mut self.moves);
        self.scores.clear();
        self.next = 0;
        for &m in &self.moves {
            self.scores
                .push(deferred_capture_order(pos, m, history, params));
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
                        if m == self.tt_move || !pos.pseudo_move_is_legal(m) {
                            self.next += 1;
                            continue;
                        }
                        let settled = settle_capture(pos, m, s, params, self.exchange);
                        if settled == s {
                            self.next += 1;
                            return Some((m, s));
                        }
                        // Losing after all: it waits with the others.
                        self.scores[self.next] = settled;
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
                    if let Some(picked) = self.next_in_range(pos) {
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

    /// The tactical moves (or, in check, every evasion), scored. Captures
    /// count as good until picked (`settle_capture`); evasions are
    /// scored fully, as they share one stage.
    fn generate(&mut self, pos: &Position, view: HistoryView, params: &EvalParams) {
        if self.in_check {
            pos.generate_legal_filtered(&mut self.moves, true, false);
        } else {
            pos.generate_pseudo_tactical(&mut self.moves);
        }
        for &m in &self.moves {
            let score = if self.in_check {
                order_score(pos, m, self.killers, view, params, self.exchange)
            } else {
                deferred_capture_order(pos, m, view.history, params)
            };
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
        pos.append_pseudo_quiets(&mut self.moves);
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

    /// The best legal move left in the current range that an earlier
    /// stage did not hand out.
    fn next_in_range(&mut self, pos: &Position) -> Option<(Move, i32)> {
        while let Some((m, s)) = self.best_in_range() {
            self.next += 1;
            let killer = self.stage == Stage::Quiets && self.killers.contains(&m);
            // Evasions were generated legal; the others are tested now.
            let legal = || self.in_check || pos.pseudo_move_is_legal(m);
            if m != self.tt_move && !killer && legal() {
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
    // The first of the best, in two passes: a branch-free maximum (which
    // the compiler vectorises) and a search for it, cheaper than one loop
    // that tracks the index through unpredictable branches.
    let window = &scores[next..end];
    let top = window.iter().fold(i32::MIN, |a, &b| a.max(b));
    let best = next + window.iter().position(|&s| s == top).unwrap_or(0);
    moves.swap(next, best);
    scores.swap(next, best);
    Some((moves[next], scores[next]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order moves come out in is the one-pass selection's, ties
    /// included (the first of equal scores first): the same tree.
    #[test]
    fn selection_takes_the_first_of_the_best() {
        use crate::rules::random::Rng;
        let pos = Position::startpos();
        let legal = pos.legal_moves();
        let mut rng = Rng::new(7);
        for _ in 0..2_000 {
            let n = 1 + rng.below(legal.len());
            let mut moves: MoveList = legal.iter().copied().take(n).collect();
            // Few distinct scores, so ties are common.
            let mut scores: ArrayVec<i32, MAX_MOVES> =
                (0..n).map(|_| rng.below(4) as i32 - 1).collect();
            let (mut want_moves, mut want_scores) = (moves.clone(), scores.clone());
            for next in 0..n {
                let mut best = next;
                for i in next + 1..n {
                    if want_scores[i] > want_scores[best] {
                        best = i;
                    }
                }
                want_moves.swap(next, best);
                want_scores.swap(next, best);
                let got = bring_best_forward(&mut moves, &mut scores, next, n);
                assert_eq!(got, Some((want_moves[next], want_scores[next])));
            }
            assert_eq!(moves, want_moves);
            assert_eq!(bring_best_forward(&mut moves, &mut scores, n, n), None);
        }
    }

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

#[cfg(test)]
mod deferred_tests {
    use super::*;
    use crate::rules::random::Rng;

    /// Deferring the exchange test and the legality test to the moment a
    /// move is picked changes no score and no order, ties aside: over the
    /// positions of random games, the staged picker hands out exactly the
    /// legal moves, each with the score eager ordering gives it, best first.
    #[test]
    fn deferred_tests_keep_the_eager_order() {
        let history = History::new(false, false);
        let view = HistoryView {
            history: &history,
            ctx: [super::super::history::NO_PIECE_TO; 2],
        };
        let params = EvalParams::default();
        let mut rng = Rng::new(20261206);
        let mut checked = 0;
        for _game in 0..40 {
            let mut pos = Position::startpos();
            for _ply in 0..100 {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let pick = |i: usize| legal[i % legal.len()];
                let (tt, killer) = (pick(rng.below(64)), pick(rng.below(64)));
                let killers = [
                    if pos.is_tactical(killer) {
                        Move::NONE
                    } else {
                        killer
                    },
                    Move::NONE,
                ];
                let mut mp = StagedPicker::new(tt, killers, pos.in_check(), true);
                let out: Vec<_> =
                    std::iter::from_fn(|| mp.next_move(&pos, view, &params)).collect();
                assert_eq!(out.len(), legal.len(), "{}", pos.to_fen());
                for pair in out.windows(2) {
                    assert!(pair[0].1 >= pair[1].1, "order in {}", pos.to_fen());
                }
                for &(m, s) in &out {
                    let eager = if m == tt {
                        TT_MOVE
                    } else {
                        order_score(&pos, m, killers, view, &params, true)
                    };
                    assert_eq!(s, eager, "{m} in {}", pos.to_fen());
                }
                checked += out.len();
                pos.make_move(legal[rng.below(legal.len())]);
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
