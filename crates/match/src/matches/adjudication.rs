//! Adjudication: a game may be called a draw when both engines have long
//! agreed it is level, or a win when both agree one side is far ahead. The
//! scores are White's view on the search scale (`Score::to_search`), so mate
//! scores of any engine compare with centipawns.

use super::config::MatchConfig;
use crate::rules::position::Position;
use crate::rules::result::{GameEnd, GameResult};

/// Draw or win by adjudication, from the per-ply White-view scores.
pub(super) fn adjudicate(
    cfg: &MatchConfig,
    pos: &Position,
    scores: &[Option<i32>],
) -> Option<GameEnd> {
    if let Some(d) = cfg.draw {
        let n = 2 * d.move_count;
        if u32::from(pos.fullmove_number()) >= d.move_number && scores.len() >= n && n > 0 {
            let recent = &scores[scores.len() - n..];
            if recent.iter().all(|s| s.is_some_and(|v| v.abs() <= d.score)) {
                return Some(GameEnd::adjudicated(GameResult::Draw));
            }
        }
    }
    if let Some(r) = cfg.resign {
        let n = 2 * r.move_count;
        if scores.len() >= n && n > 0 {
            let recent = &scores[scores.len() - n..];
            if recent.iter().all(|s| s.is_some_and(|v| v >= r.score)) {
                return Some(GameEnd::adjudicated(GameResult::WhiteWins));
            }
            if recent.iter().all(|s| s.is_some_and(|v| v <= -r.score)) {
                return Some(GameEnd::adjudicated(GameResult::BlackWins));
            }
        }
    }
    None
}
