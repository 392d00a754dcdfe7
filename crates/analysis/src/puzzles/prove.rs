//! Proving a puzzle: from the position after the opponent's mistake, the
//! solver's every move must be the only good one, by a two-line search
//! (MultiPV 2) at a fixed number of nodes; the opponent's replies are the
//! engine's best.
//!
//! - A mate: each solver move keeps a forced mate and the second-best move
//!   does not (the last one is the only move that mates).
//! - An advantage: the best move's winning chances beat the second's by
//!   more than `MARGIN`. The line goes on while that holds and ends on a
//!   solver move that had an alternative; the solver must then be more
//!   than `MIN_GAIN` pawns better off in material than at the start, after
//!   the opponent's best reply (a gain that stays won), and clearly
//!   winning after the line by lichess-puzzler's rule (`clearly_winning`).

use super::{candidates::Kind, chances, material};
use crate::engine::{Engine, GoParams, Score, MATE};
use crate::rules::moves::Move;
use crate::rules::position::{Outcome, Position};

/// How much better (in winning chances, -1 to 1) the best move must be
/// than the second for an advantage (lichess-puzzler's figure).
pub const MARGIN: f64 = 0.42;
/// The least material gain, in pawns, of an advantage puzzle.
pub const MIN_GAIN: f64 = 1.0;
/// The least score, in centipawns from the solver's view after the line,
/// of an advantage puzzle (lichess-puzzler: clearly winning)...
pub const CLEARLY_WINNING_CP: i32 = 400;
/// ...or of one where the solver was behind in material at the start, by
/// at least a pawn (lichess-puzzler accepts a smaller edge won from behind).
pub const WINNING_FROM_BEHIND_CP: i32 = 200;
/// Most solver moves in an advantage puzzle.
pub const MAX_ADVANTAGE_MOVES: usize = 6;

/// Why a candidate is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rejection {
    /// A solver move has a second move about as good.
    NotUnique,
    /// The mate the scan saw is not there at this budget.
    NoMate,
    /// An advantage line turned into a mate (a mate puzzle's business).
    BecameMate,
    /// A position repeated.
    Repetition,
    /// No solver move with an alternative is left.
    TooShort,
    /// The material gain does not reach `MIN_GAIN`.
    SmallGain,
    /// After the line the solver is not clearly winning.
    NotWinning,
}

impl Rejection {
    /// A word for reports (`humpty puzzles --check`).
    pub fn word(self) -> &'static str {
        match self {
            Rejection::NotUnique => "not unique",
            Rejection::NoMate => "no mate",
            Rejection::BecameMate => "became a mate",
            Rejection::Repetition => "repetition",
            Rejection::TooShort => "too short",
            Rejection::SmallGain => "small gain",
            Rejection::NotWinning => "not clearly winning",
        }
    }
}

/// The best and second-best moves of a position, with their scores from
/// the mover's view and the depth reached.
#[derive(Clone, Debug)]
pub struct Pair {
    /// The best move and its score.
    pub best: (Move, Score),
    /// The second move and its score (None with one legal move).
    pub second: Option<(Move, Score)>,
    /// The shallowest depth from which the best move stayed best.
    pub found_at: i32,
}

/// A proved line.
#[derive(Clone, Debug)]
pub struct Proof {
    /// The solver's moves and the replies, ending on a solver move.
    pub line: Vec<Move>,
    /// A mate puzzle.
    pub mate: bool,
    /// The first solver move's pair (for the rating).
    pub first: Pair,
}

/// A line of one depth: its first move and score (search scale).
type Line = Option<(Move, i32)>;

/// Search `pos` for two lines at `nodes`.
pub fn two_lines(engine: &mut Engine, pos: &Position, nodes: u64) -> Option<Pair> {
    engine.set_position(pos.clone());
    engine.set_multipv(2);
    // Per completed depth: the best two lines seen.
    let mut by_depth: Vec<(i32, Line, Line)> = Vec::new();
    let go = GoParams {
        nodes: Some(nodes),
        ..GoParams::default()
    };
    engine.search_sync(&go, &mut |info| {
        let Some(&m) = info.pv.first() else { return };
        if info.bound.is_some() || !(1..=2).contains(&info.multipv) {
            return;
        }
        if by_depth.last().is_none_or(|d| d.0 != info.depth) {
            by_depth.push((info.depth, None, None));
        }
        let d = by_depth.last_mut().expect("pushed");
        if info.multipv == 1 {
            d.1 = Some((m, info.score));
        } else {
            d.2 = Some((m, info.score));
        }
    });
    engine.set_multipv(1);
    let (depth, best, _) = *by_depth.iter().rev().find(|d| d.1.is_some())?;
    let best = best?;
    // The second line of the same depth, or of the one before if the last
    // iteration stopped between the two.
    let second = by_depth
        .iter()
        .rev()
        .filter(|d| d.0 <= depth)
        .find_map(|d| d.2.filter(|s| s.0 != best.0));
    let found_at = by_depth
        .iter()
        .rev()
        .take_while(|d| d.1.is_none_or(|b| b.0 == best.0))
        .last()
        .map_or(depth, |d| d.0);
    let score = |v: i32| Score::from_search(v);
    Some(Pair {
        best: (best.0, score(best.1)),
        second: second.map(|s| (s.0, score(s.1))),
        found_at,
    })
}

/// A search of `pos` at `nodes`, among `moves` (all if empty).
fn search(
    engine: &mut Engine,
    pos: &Position,
    moves: Vec<Move>,
    nodes: u64,
) -> crate::engine::SearchResult {
    engine.set_position(pos.clone());
    let go = GoParams {
        nodes: Some(nodes),
        searchmoves: moves,
        ..GoParams::default()
    };
    engine.search_sync(&go, &mut |_| {})
}

/// The engine's best reply in `pos`.
fn reply(engine: &mut Engine, pos: &Position, nodes: u64) -> Option<Move> {
    search(engine, pos, Vec::new(), nodes).best
}

/// Whether a mate pair is the only mating way on.
fn only_mate(p: &Pair) -> bool {
    matches!(p.best.1, Score::Mate(n) if n > 0)
        && !p
            .second
            .is_some_and(|s| matches!(s.1, Score::Mate(n) if n > 0))
}

/// Whether an advantage pair's best move is the only good one.
pub fn only_good(p: &Pair) -> bool {
    p.second
        .is_none_or(|s| chances(p.best.1) > chances(s.1) + MARGIN)
}

/// Prove the puzzle in `pos` (the solver to move, after the mistake).
pub fn prove(
    engine: &mut Engine,
    pos: &Position,
    kind: Kind,
    nodes: u64,
) -> Result<Proof, Rejection> {
    match kind {
        Kind::Mate => prove_mate(engine, pos, nodes),
        Kind::Advantage => prove_advantage(engine, pos, nodes),
    }
}

fn prove_mate(engine: &mut Engine, start: &Position, nodes: u64) -> Result<Proof, Rejection> {
    let mut pos = start.clone();
    let mut line = Vec::new();
    let mut first = None;
    for _ in 0..super::candidates::MAX_MATE {
        let pair = two_lines(engine, &pos, nodes).ok_or(Rejection::NoMate)?;
        if !matches!(pair.best.1, Score::Mate(n) if n > 0) {
            return Err(Rejection::NoMate);
        }
        if !only_mate(&pair) {
            return Err(Rejection::NotUnique);
        }
        pos.make_move(pair.best.0);
        line.push(pair.best.0);
        first.get_or_insert(pair);
        if matches!(pos.outcome(), Some(Outcome::Checkmate { .. })) {
            return Ok(Proof {
                line,
                mate: true,
                first: first.expect("set"),
            });
        }
        let answer = reply(engine, &pos, nodes).ok_or(Rejection::NoMate)?;
        pos.make_move(answer);
        line.push(answer);
    }
    Err(Rejection::NoMate)
}

fn prove_advantage(engine: &mut Engine, start: &Position, nodes: u64) -> Result<Proof, Rejection> {
    let solver = start.side_to_move();
    let mut pos = start.clone();
    // Each solver move with whether it had an alternative, and the reply.
    let mut steps: Vec<(Pair, Option<Move>)> = Vec::new();
    while steps.len() < MAX_ADVANTAGE_MOVES {
        if pos.repetitions_at_least(2) {
            return Err(Rejection::Repetition);
        }
        if pos.outcome().is_some() {
            break;
        }
        let Some(pair) = two_lines(engine, &pos, nodes) else {
            break;
        };
        if pair.best.1.to_search() >= MATE - 1000 {
            return Err(Rejection::BecameMate);
        }
        if !only_good(&pair) {
            if steps.is_empty() {
                return Err(Rejection::NotUnique);
            }
            break;
        }
        pos.make_move(pair.best.0);
        let answer = if pos.outcome().is_none() {
            reply(engine, &pos, nodes)
        } else {
            None
        };
        if let Some(a) = answer {
            pos.make_move(a);
        }
        steps.push((pair, answer));
    }
    // The line ends on a real choice: a last move that was the only legal
    // one proves nothing.
    while steps.last().is_some_and(|s| s.0.second.is_none()) {
        steps.pop();
    }
    if steps.is_empty() {
        return Err(Rejection::TooShort);
    }
    // The gain after the opponent's answer to the last solver move.
    let mut end = start.clone();
    for (pair, answer) in &steps {
        end.make_move(pair.best.0);
        if let Some(a) = answer {
            end.make_move(*a);
        }
    }
    if material::diff(&end, solver) - material::diff(start, solver) <= MIN_GAIN {
        return Err(Rejection::SmallGain);
    }
    let mut line = Vec::new();
    for (i, (pair, answer)) in steps.iter().enumerate() {
        line.push(pair.best.0);
        if i + 1 < steps.len() {
            line.extend(answer);
        }
    }
    clearly_winning(engine, start, &line, nodes)?;
    let mut line = Vec::new();
    for (i, (pair, answer)) in steps.iter().enumerate() {
        line.push(pair.best.0);
        if i + 1 < steps.len() {
            line.extend(answer);
        }
    }
    Ok(Proof {
        line,
        mate: false,
        first: steps.swap_remove(0).0,
    })
}

/// lichess-puzzler's rule for the end of an advantage puzzle: after the
/// solver's last move of `line` (from `start`, the solver to move), the
/// opponent's best at `nodes` leaves the solver mating, or at least
/// `CLEARLY_WINNING_CP` better, or `WINNING_FROM_BEHIND_CP` when the solver
/// started a pawn or more behind in material.
pub fn clearly_winning(
    engine: &mut Engine,
    start: &Position,
    line: &[Move],
    nodes: u64,
) -> Result<(), Rejection> {
    let solver = start.side_to_move();
    let mut end = start.clone();
    for &m in line {
        end.make_move(m);
    }
    // The line ends on a solver move: the opponent is to move, and its
    // score turned round is the solver's (search values are centipawns,
    // a mate far past any threshold).
    let score = match end.outcome() {
        Some(Outcome::Checkmate { .. }) => return Ok(()),
        Some(_) => 0,
        None => -search(engine, &end, Vec::new(), nodes).score,
    };
    let need = if material::diff(start, solver) <= -1.0 {
        WINNING_FROM_BEHIND_CP
    } else {
        CLEARLY_WINNING_CP
    };
    if score >= need {
        Ok(())
    } else {
        Err(Rejection::NotWinning)
    }
}

/// Check a puzzle's given solution again at `nodes`: each solver move is
/// searched alone and against all the others, and must stand out by the
/// same test as when it was proved (`mate`: keeps a forced mate the others
/// do not; otherwise by `MARGIN`).
pub fn verify(
    engine: &mut Engine,
    start: &Position,
    line: &[Move],
    mate: bool,
    nodes: u64,
) -> Result<(), Rejection> {
    let mut pos = start.clone();
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 {
            let others: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&o| o != m)
                .collect();
            let own = restricted(engine, &pos, vec![m], nodes);
            let alt = (!others.is_empty()).then(|| restricted(engine, &pos, others, nodes));
            let pair = Pair {
                best: (m, own),
                second: alt.map(|s| (m, s)),
                found_at: 0,
            };
            let ok = if mate {
                only_mate(&pair)
            } else {
                only_good(&pair)
            };
            if !ok {
                return Err(Rejection::NotUnique);
            }
        }
        pos.make_move(m);
    }
    Ok(())
}

/// The score of the best of `moves` in `pos`.
fn restricted(engine: &mut Engine, pos: &Position, moves: Vec<Move>, nodes: u64) -> Score {
    Score::from_search(search(engine, pos, moves, nodes).score)
}
