//! How a game ends, in pyffish's terms: `game_result` from the side to
//! move's view, "immediate" ends (the game is over by rule, whatever the
//! players do) and "optional" ones (a draw that is claimed, as in FIDE and
//! Fairy-Stockfish's chess: threefold repetition and the 50-move rule).

use humpty_rules::{Color, Outcome, Position};

/// pyffish's and ffish's mate value: `game_result` of a mated side to move
/// is `-VALUE_MATE`.
pub const VALUE_MATE: i32 = 32_000;
/// pyffish's draw value.
pub const VALUE_DRAW: i32 = 0;

/// The result of a game, the side to move's view: `-VALUE_MATE` when it is
/// checkmated, `VALUE_DRAW` for stalemate, bare Kings, repetition or 50
/// moves. pyffish is meant for a finished game but answers any: a side in
/// check as mated, any other as drawn; so does this, for a drop-in.
pub fn game_result(pos: &Position) -> i32 {
    match pos.outcome() {
        Some(Outcome::Checkmate { .. }) => -VALUE_MATE,
        Some(_) => VALUE_DRAW,
        None if pos.in_check() => -VALUE_MATE,
        None => VALUE_DRAW,
    }
}

/// `(true, VALUE_DRAW)` when only the Kings are left (the rules end the
/// game at once); `(false, 0)` otherwise. Checkmate and stalemate are
/// found by there being no legal move, as in pyffish.
pub fn immediate_end(pos: &Position) -> (bool, i32) {
    if pos.bare_kings() && !pos.legal_moves().is_empty() {
        (true, VALUE_DRAW)
    } else {
        (false, 0)
    }
}

/// `(true, VALUE_DRAW)` when a draw may be claimed: the position stands for
/// the third time, or 100 plies passed without a capture or a Pawn move
/// (a checkmate on the 100th ply counts as the mate).
pub fn optional_end(pos: &Position) -> (bool, i32) {
    if pos.legal_moves().is_empty() {
        return (false, 0);
    }
    if pos.fifty_move_draw() || pos.repetitions_at_least(2) {
        (true, VALUE_DRAW)
    } else {
        (false, 0)
    }
}

/// For White and Black, whether that side can never win: humpty's rules
/// know one such case, a side left with its King alone (with both so, the
/// game is drawn). Any other man can still mate, so it counts as enough.
pub fn has_insufficient_material(pos: &Position) -> (bool, bool) {
    let alone = |c: Color| pos.pieces(c).count() == 1;
    (alone(Color::White), alone(Color::Black))
}
