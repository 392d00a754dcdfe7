//! The endgame tablebases in the search (docs/tablebases.md), as Stockfish
//! uses Syzygy's. At the root only the moves that keep the tables' best
//! result are searched, and after a repetition only the quickest to the
//! next capture or Pawn move, so a won ending is converted. In the tree, a
//! position just after a capture or a Pawn move (a fresh 50-move count,
//! which the tables assume) whose men the tables hold takes its result
//! from them: a win scores `TB_WIN` less the ply, a cursed win or a blessed
//! loss is a draw.

use super::score::{DRAW, TB_WIN};
use super::tt::Bound;
use crate::rules::moves::Move;
use crate::rules::position::{Position, FIFTY_MOVE_PLIES};
use humpty_tablebase::{Tablebases, Wdl};

/// The 50-move rule in plies.
const FIFTY: u32 = FIFTY_MOVE_PLIES as u32;

/// A root move's result by the tables, for the side making it: the grade
/// (4 a win within the 50-move count, 3 a win it spoils, 2 a draw, 1 a
/// loss it saves, 0 a loss), then plies to the next capture, Pawn move or
/// mate (fewer is better when winning), then to mate.
fn root_rank(pos: &mut Position, m: Move, tb: &Tablebases) -> Option<(u8, i32, i32)> {
    let zeroing = pos.resets_fifty(m);
    let clock = if zeroing {
        0
    } else {
        pos.halfmove_clock() as u32 + 1
    };
    pos.make_move(m);
    let after = tb.probe(pos).ok().flatten();
    pos.unmake_move();
    let after = after?;
    // The opponent's distance to its next reset, counted from the clock now.
    let within = after.dtz as u32 + clock <= FIFTY;
    let grade = match after.wdl.flipped() {
        Wdl::Win if within => 4,
        Wdl::Win | Wdl::CursedWin => 3,
        Wdl::Draw => 2,
        Wdl::Loss if within => 0,
        Wdl::Loss | Wdl::BlessedLoss => 1,
    };
    let (dtz, dtm) = (after.dtz as i32, after.dtm as i32);
    Some(if grade >= 3 {
        (grade, -dtz, -dtm)
    } else {
        (grade, dtz, dtm)
    })
}

/// Keep the root moves the tables rank best (all of them when any move
/// leads out of the tables). True if the tables ranked the root.
pub(super) fn filter_root(pos: &Position, tb: &Tablebases, moves: &mut Vec<Move>) -> bool {
    if moves.len() < 2 || pos.castling_rights() != 0 || pos.men() > tb.max_men() {
        return false;
    }
    let mut scratch = pos.clone();
    let mut ranks = Vec::with_capacity(moves.len());
    for &m in moves.iter() {
        match root_rank(&mut scratch, m, tb) {
            Some(r) => ranks.push(r),
            None => return false,
        }
    }
    let best = *ranks.iter().max().expect("two moves or more");
    // Without a repetition every move keeping the result is searched; after
    // one, the quickest to convert, so the win cannot slip by shuffling.
    let strict = best.0 == 4 && pos.repetitions_at_least(1);
    let mut i = 0;
    moves.retain(|_| {
        let r = ranks[i];
        i += 1;
        if strict {
            r == best
        } else {
            r.0 == best.0
        }
    });
    true
}

/// The tables' verdict on a node just after a capture or a Pawn move (a
/// fresh 50-move count, as the tables assume), `ply` from the root: the
/// score and what kind of bound it is.
pub(super) fn probe_node(pos: &Position, tb: &Tablebases, ply: usize) -> Option<(i32, Bound)> {
    if pos.halfmove_clock() != 0 || pos.men() > tb.max_men() || pos.castling_rights() != 0 {
        return None;
    }
    Some(match tb.probe_wdl(pos)? {
        Wdl::Win => (TB_WIN - ply as i32, Bound::Lower),
        Wdl::Loss => (-TB_WIN + ply as i32, Bound::Upper),
        _ => (DRAW, Bound::Exact),
    })
}
