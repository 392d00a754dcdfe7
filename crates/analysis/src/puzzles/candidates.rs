//! Where a game may hold a puzzle: right after a move that hands the
//! other side (the solver) a forced mate in at most five, or a jump in
//! winning chances of more than half (lichess-puzzler's test). For an
//! advantage, positions the solver had already won, or where it was
//! already well up in material, are skipped: their "puzzle" would be
//! obvious. A mate is a candidate whenever the solver had no forced mate
//! before the move: finding the mate is the puzzle, however far ahead the
//! solver was (lichess skips those too; this game has far fewer games to
//! draw on, and a won position's only mating line is still a puzzle).

use super::{chances, material};
use crate::engine::Score;
use crate::review::flip;
use crate::rules::moves::Move;
use crate::rules::position::Position;

/// Longest forced mate a puzzle is made of, in the solver's moves.
pub const MAX_MATE: i32 = 5;
/// The rise in winning chances (from -1 to 1) after the opponent's
/// mistake that makes a candidate.
pub const JUMP: f64 = 0.5;
/// A solver already this far ahead (centipawns, before the mistake) has
/// nothing to find.
pub const ALREADY_WON_CP: i32 = 400;
/// A solver already this many pawns up has nothing to find.
pub const ALREADY_UP: f64 = 2.0;

/// What a candidate promises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A forced mate.
    Mate,
    /// A lasting gain (material, or a won position).
    Advantage,
}

/// A position worth trying to prove.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The index of the opponent's mistake in the game's moves.
    pub ply: usize,
    /// What the solver should get.
    pub kind: Kind,
}

/// The candidates of a game: `scores[i]` is the position after `i` moves,
/// from its side to move's view (one more score than moves).
pub fn find(start: &Position, moves: &[Move], scores: &[Score]) -> Vec<Candidate> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (ply, &m) in moves.iter().enumerate() {
        pos.make_move(m);
        let (Some(&before), Some(&after)) = (scores.get(ply), scores.get(ply + 1)) else {
            break;
        };
        if let Some(kind) = judge(&pos, flip(before), after) {
            out.push(Candidate { ply, kind });
        }
    }
    out
}

/// Whether the position after a mistake (`pos`, the solver to move) is a
/// candidate: `before` and `after` are the solver's scores before and
/// after the mistake.
fn judge(pos: &Position, before: Score, after: Score) -> Option<Kind> {
    if pos.outcome().is_some() || pos.legal_moves().len() < 2 {
        return None;
    }
    let solver = pos.side_to_move();
    if matches!(before, Score::Mate(n) if n > 0) {
        return None;
    }
    if let Score::Mate(n) = after {
        return (1..=MAX_MATE).contains(&n).then_some(Kind::Mate);
    }
    let already_won = matches!(before, Score::Cp(cp) if cp > ALREADY_WON_CP);
    if already_won || material::diff(pos, solver) >= ALREADY_UP {
        return None;
    }
    match after {
        Score::Mate(_) => None,
        Score::Cp(cp) if cp >= 0 && chances(after) > chances(before) + JUMP => {
            // Not clearly winning, and not a recapture of what was lost:
            // no puzzle (lichess's rule).
            let clear = cp >= ALREADY_WON_CP || material::diff(pos, solver) <= -1.0;
            clear.then_some(Kind::Advantage)
        }
        Score::Cp(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_jump_is_a_candidate_and_a_won_game_is_not() {
        let start = Position::startpos();
        let m = start.legal_moves()[0];
        let mut after = start.clone();
        after.make_move(m);
        // Even, then the solver mates in 2: a mate candidate.
        let found = find(&start, &[m], &[Score::Cp(0), Score::Mate(2)]);
        assert_eq!(
            found,
            vec![Candidate {
                ply: 0,
                kind: Kind::Mate
            }]
        );
        // Even, then +6 pawns: an advantage candidate.
        let found = find(&start, &[m], &[Score::Cp(0), Score::Cp(600)]);
        assert_eq!(found[0].kind, Kind::Advantage);
        // Already +5 before the mistake: no advantage to find, but a mate
        // the solver did not have is still a puzzle.
        assert!(find(&start, &[m], &[Score::Cp(-500), Score::Cp(1500)]).is_empty());
        assert_eq!(
            find(&start, &[m], &[Score::Cp(-500), Score::Mate(2)]).len(),
            1
        );
        assert!(find(&start, &[m], &[Score::Mate(-3), Score::Mate(2)]).is_empty());
        // A small rise is no candidate, nor a mate too far away.
        assert!(find(&start, &[m], &[Score::Cp(0), Score::Cp(80)]).is_empty());
        assert!(find(&start, &[m], &[Score::Cp(0), Score::Mate(9)]).is_empty());
    }
}
