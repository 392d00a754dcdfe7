//! Puzzles from one game: a quick scan gives every position a score, the
//! scan's candidates are proved at the full budget, and each proof is
//! tagged and rated. Also the self-play games the command makes when it is
//! given no PGN.

use super::candidates;
use super::prove::{prove, Rejection};
use super::{rating, themes, Puzzle};
use crate::engine::{Engine, GoParams, Score};
use crate::review::verdict;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::rules::random::Rng;

/// How hard to look.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Nodes per position of the scan.
    pub scan: u64,
    /// Nodes per search of a proof.
    pub prove: u64,
}

/// What one game gave.
#[derive(Debug, Default)]
pub struct GameYield {
    /// The proved puzzles.
    pub puzzles: Vec<Puzzle>,
    /// Candidates that failed, with why.
    pub rejected: Vec<Rejection>,
}

/// The puzzles of the game `moves` from `start`; `source` names it.
pub fn puzzles_of_game(
    engine: &mut Engine,
    start: &Position,
    moves: &[Move],
    budget: Budget,
    source: &str,
) -> GameYield {
    engine.new_game();
    let go = GoParams {
        nodes: Some(budget.scan),
        ..GoParams::default()
    };
    let mut pos = start.clone();
    let mut scores: Vec<Score> = vec![verdict(engine, &pos, &go).score];
    for &m in moves {
        pos.make_move(m);
        scores.push(verdict(engine, &pos, &go).score);
    }
    let mut out = GameYield::default();
    // A puzzle's line may run over the next candidate: skip those.
    let mut next_free = 0;
    for c in candidates::find(start, moves, &scores) {
        if c.ply < next_free {
            continue;
        }
        let mut before = start.clone();
        for &m in &moves[..c.ply] {
            before.make_move(m);
        }
        before.clear_history();
        let mut after = before.clone();
        after.make_move(moves[c.ply]);
        match prove(engine, &after, c.kind, budget.prove) {
            Ok(proof) => {
                let solver_moves = proof.line.len().div_ceil(2);
                let mut line = vec![moves[c.ply]];
                line.extend(&proof.line);
                out.puzzles.push(Puzzle {
                    themes: themes::tag(&after, &proof.line),
                    rating: rating::seed(&proof.first, solver_moves),
                    start: before,
                    moves: line,
                    source: format!("{source} ply {}", c.ply + 1),
                });
                next_free = c.ply + 1 + proof.line.len();
            }
            Err(why) => out.rejected.push(why),
        }
    }
    out
}

/// A self-play game: `random_plies` random moves from the start, then
/// the engine against itself at `nodes` a move, to the end by the rules
/// or `max_plies`.
pub fn self_play(
    engine: &mut Engine,
    seed: u64,
    nodes: u64,
    random_plies: usize,
    max_plies: usize,
) -> Vec<Move> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    engine.new_game();
    while moves.len() < max_plies && pos.outcome().is_none() {
        let legal = pos.legal_moves();
        let m = if moves.len() < random_plies {
            legal[rng.below(legal.len())]
        } else {
            engine.set_position(pos.clone());
            let go = GoParams {
                nodes: Some(nodes),
                ..GoParams::default()
            };
            match engine.search_sync(&go, &mut |_| {}).best {
                Some(m) => m,
                None => break,
            }
        };
        pos.make_move(m);
        moves.push(m);
    }
    moves
}
