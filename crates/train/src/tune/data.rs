//! Training positions: quiet positions from finished games, each labelled
//! with the game's result. A position is quiet when a capture-only search
//! from it returns its static evaluation (nothing hangs, no capture pays),
//! and the side to move is not in check.

use crate::eval::{evaluate, EvalParams};
use crate::rules::moves::MoveList;
use crate::rules::pgn::parse_pgn;
use crate::rules::position::Position;
use crate::rules::result::GameResult;

/// One labelled position.
pub struct Sample {
    /// The position (with no move history: it is only evaluated).
    pub pos: Position,
    /// The game's result from White's side: 1, 0.5 or 0.
    pub result: f64,
}

/// Which positions of a game are taken.
#[derive(Clone, Copy, Debug)]
pub struct Selection {
    /// Skip this many plies from the game's start (the opening book).
    pub skip_plies: usize,
    /// Skip positions whose capture-only score is this far from zero
    /// (decided positions teach little).
    pub max_score: i32,
}

/// What loading found.
#[derive(Debug, Default)]
pub struct LoadReport {
    /// Games read with a decisive or drawn result.
    pub games: usize,
    /// Games skipped (no result, or a move that did not replay).
    pub skipped_games: usize,
    /// Positions seen after the skipped plies.
    pub positions: usize,
}

/// The labelled quiet positions of every finished game in `pgn`.
pub fn samples_from_pgn(
    pgn: &str,
    params: &EvalParams,
    sel: Selection,
    out: &mut Vec<Sample>,
    report: &mut LoadReport,
) {
    for game in parse_pgn(pgn) {
        let (Some(result), Ok(start), Ok((_, moves))) = (
            game.result
                .parse::<GameResult>()
                .map(GameResult::white_score)
                .ok(),
            game.start(),
            game.replay_moves(None),
        ) else {
            report.skipped_games += 1;
            continue;
        };
        report.games += 1;
        let mut pos = start;
        for (ply, m) in moves.into_iter().enumerate() {
            if ply >= sel.skip_plies {
                report.positions += 1;
                if let Some(quiet) = quiet_copy(&pos, params, sel.max_score) {
                    out.push(Sample { pos: quiet, result });
                }
            }
            pos.make_move(m);
        }
    }
}

/// A history-free copy of `pos` if it is quiet and not decided.
fn quiet_copy(pos: &Position, params: &EvalParams, max_score: i32) -> Option<Position> {
    if pos.in_check() {
        return None;
    }
    let stand = evaluate(pos, params);
    if stand.abs() > max_score {
        return None;
    }
    let mut scratch = pos.clone();
    let q = captures_only(&mut scratch, -30_000, 30_000, params, 8);
    (q == stand)
        .then(|| Position::from_fen(&pos.to_fen()).ok())
        .flatten()
}

/// Capture-only alpha-beta with stand-pat, `plies` deep at most.
fn captures_only(
    pos: &mut Position,
    mut alpha: i32,
    beta: i32,
    params: &EvalParams,
    plies: u32,
) -> i32 {
    let stand = evaluate(pos, params);
    if stand >= beta || plies == 0 {
        return stand;
    }
    alpha = alpha.max(stand);
    let mut moves = MoveList::new();
    pos.generate_legal_filtered(&mut moves, pos.in_check(), true);
    for m in moves {
        pos.make_move(m);
        let score = -captures_only(pos, -beta, -alpha, params, plies - 1);
        pos.unmake_move();
        if score >= beta {
            return score;
        }
        alpha = alpha.max(score);
    }
    alpha
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A PGN of `plies` first-legal-move plies from the start, with `result`.
    fn game(plies: usize, result: &str) -> String {
        let mut pos = Position::startpos();
        let mut text = String::from("[Event \"t\"]\n\n");
        for _ in 0..plies {
            let m = pos.legal_moves()[0];
            text += &format!("{m} ");
            pos.make_move(m);
        }
        text + result + "\n\n"
    }

    #[test]
    fn finished_games_give_labelled_quiet_positions() {
        let pgn = game(30, "0-1") + &game(30, "*") + &game(10, "1/2-1/2");
        let params = EvalParams::default();
        let sel = Selection {
            skip_plies: 4,
            max_score: 800,
        };
        let (mut out, mut report) = (Vec::new(), LoadReport::default());
        samples_from_pgn(&pgn, &params, sel, &mut out, &mut report);
        assert_eq!((report.games, report.skipped_games), (2, 1));
        assert_eq!(report.positions, 26 + 6);
        assert!(!out.is_empty() && out.len() <= report.positions);
        assert!(out.iter().all(|s| !s.pos.in_check()));
        let draws = out.iter().filter(|s| s.result == 0.5).count();
        let losses = out.iter().filter(|s| s.result == 0.0).count();
        assert_eq!(draws + losses, out.len());
        // Every kept position is quiet: its capture-only score is its evaluation.
        for s in &out {
            let mut p = s.pos.clone();
            let stand = evaluate(&p, &params);
            assert_eq!(captures_only(&mut p, -30_000, 30_000, &params, 8), stand);
        }
    }
}
