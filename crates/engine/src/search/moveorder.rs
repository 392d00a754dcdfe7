//! Move ordering scores: each move's stage band and its place within it.
//!
//! Stages, in order: the TT move; good captures and promotions (MVV-LVA,
//! then capture history); killer moves; quiet moves by history (`history`);
//! losing captures last. A capture "loses" when the full exchange on its
//! square (`see`) comes out below zero. With the exchange evaluator off
//! (`Dev_See=false`, and for the root's first ordering) the test is one
//! ply: the capturer is worth more than the victim and the destination is
//! attacked after the move, by the real attack scan on the board after the
//! capture, so a hopper screen that moved or vanished is seen
//! (docs/engine.md). Outside check the pickers defer that test to the
//! moment a capture is picked (`deferred_capture_order`, `settle_capture`):
//! a node cut off early runs it on few captures.

use super::history::{History, HistoryView};
use super::see::see_ge;
use crate::eval::EvalParams;
use crate::rules::attack::attacked;
use crate::rules::board::EMPTY;
use crate::rules::moves::Move;
use crate::rules::piece::{Piece, PieceKind};
use crate::rules::position::Position;

/// Score bands per stage (higher is tried first).
pub(super) const TT_MOVE: i32 = 4_000_000;
pub(super) const GOOD_CAPTURE: i32 = 3_000_000;
pub(super) const KILLER: i32 = 2_000_000;
pub(super) const QUIET: i32 = 0;
pub(super) const BAD_CAPTURE: i32 = -3_000_000;

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
/// A move's ordering score, the TT move aside: its stage band plus its
/// place within the stage.
#[inline]
pub(super) fn order_score(
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
pub(super) fn capture_order(
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
pub(super) fn quiet_order(pos: &Position, m: Move, view: HistoryView) -> i32 {
    QUIET + view.history.quiet_score(pos, m, view.ctx)
}

/// True if an ordering score belongs to a losing capture.
pub fn is_bad_capture_score(score: i32) -> bool {
    score < BAD_CAPTURE / 2
}

/// A tactical move's place within its band: most valuable victim (and
/// promotion) first, least valuable capturer first.
#[inline]
fn mvv_lva(pos: &Position, m: Move, params: &EvalParams) -> i32 {
    let victim = captured_value(pos, m, params);
    let attacker = value_at(pos, m.origin_box(), params);
    16 * (victim + promotion_gain(m, params)) - attacker / 16
}

/// What a promotion adds to a tactical move's ordering (0 for none).
#[inline]
fn promotion_gain(m: Move, params: &EvalParams) -> i32 {
    m.promotion().map_or(0, |k| {
        if k == PieceKind::Frog {
            params.value_mg(k)
        } else {
            params.value_mg(k) - 100
        }
    })
}

/// True unless the tactical move loses material: by the exchange evaluator
/// when `exchange`, else by the one-ply test (the module comment).
#[inline]
pub fn capture_is_good(pos: &Position, m: Move, params: &EvalParams, exchange: bool) -> bool {
    // Taking a man worth at least the capturer never loses (the worst reply
    // retakes the capturer): no scan needed, by either test.
    value_at(pos, m.origin_box(), params) <= captured_value(pos, m, params)
        || if exchange {
            see_ge(pos, m, 0, params)
        } else {
            promotion_gain(m, params) > 0 || capture_is_safe(pos, m, params)
        }
}

fn tactical_score(pos: &Position, m: Move, params: &EvalParams, exchange: bool) -> i32 {
    let band = if capture_is_good(pos, m, params, exchange) {
        GOOD_CAPTURE
    } else {
        BAD_CAPTURE
    };
    band + mvv_lva(pos, m, params)
}

/// A tactical move's score taken as good until it is picked: the
/// exchange test then runs only on the captures a node reaches.
#[inline]
pub(super) fn deferred_capture_order(
    pos: &Position,
    m: Move,
    history: &History,
    params: &EvalParams,
) -> i32 {
    GOOD_CAPTURE + mvv_lva(pos, m, params) + history.capture_score(pos, m)
}

/// `score` (of a picked capture in the good band) moved to the losing band
/// if the capture loses, keeping its place within the band.
#[inline]
pub(super) fn settle_capture(
    pos: &Position,
    m: Move,
    score: i32,
    params: &EvalParams,
    exchange: bool,
) -> i32 {
    if is_bad_capture_score(score) || capture_is_good(pos, m, params, exchange) {
        score
    } else {
        score - GOOD_CAPTURE + BAD_CAPTURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
