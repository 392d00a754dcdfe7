//! Learn from your mistakes (docs/review.md): after a review, each of the
//! player's mistakes and blunders is an exercise, "find a better move", at
//! the position where it was played. Any move within an inaccuracy of the
//! best counts as found (the review's own threshold); the better line is
//! given once the move is found or the player gives up. The server judges:
//! the page is given the exercises' plies, never their answers.

use super::app::App;
use super::game::live::{Seats, SharedGame};
use super::net::http::{to_json, ApiError};
use super::review::DEFAULT_NODES;
use super::sync::lock;
use crate::engine::GoParams;
use crate::review::report::{BetterReport, ReviewReport};
use crate::review::{learn, verdict};
use crate::rules::piece::Color;
use crate::rules::position::Position;
use serde::Serialize;
use serde_json::Value;
use std::time::Duration;

/// How long a judgement waits for a free engine.
const PATIENCE: Duration = Duration::from_secs(60);

/// The finished review of the game's current line, with the side whose
/// mistakes are exercises (None: both, on an analysis board).
fn current(
    game: &SharedGame,
) -> Result<
    (
        ReviewReport,
        Option<Color>,
        Position,
        Vec<crate::rules::moves::Move>,
    ),
    ApiError,
> {
    let g = lock(game);
    let none = || {
        ApiError::new(
            409,
            "review the game first: the exercises come from its review",
        )
    };
    let job = g.live.review.as_ref().ok_or_else(none)?;
    if job.line != g.record.line {
        return Err(ApiError::new(
            409,
            "the game changed since its review: review it again",
        ));
    }
    let result = match lock(&job.outcome).as_ref() {
        Some(Ok(report)) => report.clone(),
        _ => return Err(none()),
    };
    let side = match g.record.seats {
        Seats::Human(c) => Some(c),
        Seats::Both | Seats::Friends => None,
    };
    Ok((result, side, g.record.start.clone(), g.record.line.clone()))
}

/// The exercises of the game's review.
#[derive(Serialize)]
struct Exercises {
    exercises: Vec<learn::Exercise>,
}

/// The answer to a give-up: not found, and the better line.
#[derive(Serialize)]
struct GaveUp {
    found: bool,
    better: Option<BetterReport>,
}

/// `GET .../learn`: the exercises, by ply, with the side to find a move.
pub(crate) fn exercises(game: &SharedGame) -> Result<Value, ApiError> {
    let (report, side, start, line) = current(game)?;
    let list = learn::exercises(&report, &start, &line, side);
    Ok(to_json(&Exercises { exercises: list }))
}

/// `POST .../learn`: a try at one exercise.
#[derive(Debug, serde::Deserialize)]
pub(crate) struct Attempt {
    /// The exercise's ply.
    ply: u64,
    /// The move tried, in coordinates.
    #[serde(default, rename = "move")]
    text: Option<String>,
    /// Show the better line instead.
    #[serde(default)]
    give_up: bool,
}

/// `POST .../learn {ply, move}` (or `{ply, give_up: true}`): is the move
/// within an inaccuracy of the best? The better line comes with a found
/// move or a give-up.
pub(crate) fn judge(app: &App, game: &SharedGame, request: &Attempt) -> Result<Value, ApiError> {
    let (report, _, start, line) = current(game)?;
    let ply = usize::try_from(request.ply)
        .ok()
        .filter(|&p| p < line.len() && learn::is_exercise(&report, p))
        .ok_or_else(|| {
            ApiError::bad("ply must be the ply of a mistake or blunder of the review")
        })?;
    let mut pos = start;
    for &m in &line[..ply] {
        pos.make_move(m);
    }
    let text = match (&request.text, request.give_up) {
        (_, true) => {
            let better = report.moves[ply].better.clone();
            return Ok(to_json(&GaveUp {
                found: false,
                better,
            }));
        }
        (Some(text), false) => text,
        (None, false) => return Err(ApiError::bad("move is missing (or give_up: true)")),
    };
    let m = pos
        .parse_move(text)
        .map_err(|e| ApiError::bad(format!("move: {e}")))?;
    let mut busy = None;
    let attempt = learn::judge_attempt(&report, &pos, ply, line[ply], m, |after| {
        let borrowed = app.pool.borrow_queued(Some(PATIENCE), |_| true);
        let Some(mut engine) = borrowed else {
            busy = Some(ApiError::new(503, "every engine is busy; try again"));
            return None;
        };
        engine.strength_mut().level = crate::engine::strength::MAX_SKILL_LEVEL;
        let go = GoParams {
            nodes: Some(DEFAULT_NODES),
            ..GoParams::default()
        };
        Some(verdict(&mut engine, after, &go))
    });
    match attempt {
        Some(a) => Ok(to_json(&a)),
        None => Err(busy.unwrap_or_else(|| ApiError::new(500, "the judgement stopped"))),
    }
}
