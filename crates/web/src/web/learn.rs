//! Learn from your mistakes (docs/review.md): after a review, each of the
//! player's mistakes and blunders is an exercise, "find a better move", at
//! the position where it was played. Any move within an inaccuracy of the
//! best counts as found (the review's own threshold); the better line is
//! given once the move is found or the player gives up. The server judges:
//! the page is given the exercises' plies, never their answers.

use super::app::App;
use super::game::{Seats, SharedGame};
use super::http::ApiError;
use super::review::DEFAULT_NODES;
use super::sync::lock;
use crate::engine::winrate::win_percent;
use crate::engine::GoParams;
use crate::review::{verdict, Judgement};
use crate::rules::piece::Color;
use crate::rules::position::Position;
use serde_json::{json, Value};
use std::time::Duration;

/// How long a judgement waits for a free engine.
const PATIENCE: Duration = Duration::from_secs(60);

/// The finished review of the game's current line, with the side whose
/// mistakes are exercises (None: both, on an analysis board).
fn current(
    game: &SharedGame,
) -> Result<
    (
        Value,
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
        Some(Ok(v)) => v.clone(),
        _ => return Err(none()),
    };
    let side = match g.record.seats {
        Seats::Human(c) => Some(c),
        Seats::Both | Seats::Friends => None,
    };
    Ok((result, side, g.record.start.clone(), g.record.line.clone()))
}

/// Whether the review marked the move at `ply` a mistake or a blunder.
fn is_exercise(result: &Value, ply: usize) -> bool {
    let j = result["moves"][ply]["judgement"].as_str();
    j == Some(Judgement::Mistake.name().to_lowercase().as_str())
        || j == Some(Judgement::Blunder.name().to_lowercase().as_str())
}

/// `GET .../learn`: the exercises, by ply, with the side to find a move.
pub fn exercises(game: &SharedGame) -> Result<Value, ApiError> {
    let (result, side, start, line) = current(game)?;
    let mut pos = start;
    let mut list = Vec::new();
    for (ply, &m) in line.iter().enumerate() {
        let mover = pos.side_to_move();
        if is_exercise(&result, ply) && side.is_none_or(|c| c == mover) {
            list.push(json!({"ply": ply, "color": super::words::color_word(mover), "number": pos.fullmove_number()}));
        }
        pos.make_move(m);
    }
    Ok(json!({ "exercises": list }))
}

/// `POST .../learn {ply, move}` (or `{ply, give_up: true}`): is the move
/// within an inaccuracy of the best? The better line comes with a found
/// move or a give-up.
pub fn judge(app: &App, game: &SharedGame, body: &Value) -> Result<Value, ApiError> {
    let (result, _, start, line) = current(game)?;
    let ply = body
        .get("ply")
        .and_then(Value::as_u64)
        .map(|p| p as usize)
        .filter(|&p| p < line.len() && is_exercise(&result, p))
        .ok_or_else(|| {
            ApiError::bad("ply must be the ply of a mistake or blunder of the review")
        })?;
    let mut pos = start;
    for &m in &line[..ply] {
        pos.make_move(m);
    }
    let reviewed = &result["moves"][ply];
    let better = json!({"san": reviewed["better"]["san"], "uci": reviewed["better"]["uci"], "line": reviewed["better"]["line"]});
    if body.get("give_up") == Some(&Value::Bool(true)) {
        return Ok(json!({"found": false, "better": better}));
    }
    let m = super::http::wire_move_of(&pos, body)?;
    let mover = pos.side_to_move();
    // The mover's chances before the mistake: White's after the move
    // before, or at the start.
    let white_before = if ply == 0 {
        result["start_win"].as_f64()
    } else {
        result["moves"][ply - 1]["win"].as_f64()
    };
    let white_before = white_before.unwrap_or(50.0);
    let best = if mover == Color::White {
        white_before
    } else {
        100.0 - white_before
    };
    let loss = if m == line[ply] {
        // The move the review judged: not found, whatever a search says.
        reviewed["loss"].as_f64().unwrap_or(100.0)
    } else if reviewed["better"]["uci"].as_str() == Some(m.to_string().as_str()) {
        0.0
    } else {
        let mut after = pos.clone();
        after.make_move(m);
        let mut engine = app
            .pool
            .borrow_queued(Some(PATIENCE), |_| true)
            .ok_or_else(|| ApiError::new(503, "every engine is busy; try again"))?;
        engine.strength_mut().level = crate::engine::strength::MAX_SKILL_LEVEL;
        let go = GoParams {
            nodes: Some(DEFAULT_NODES),
            ..GoParams::default()
        };
        (best - (100.0 - win_percent(verdict(&mut engine, &after, &go).score))).max(0.0)
    };
    let found = m != line[ply] && loss < Judgement::Inaccuracy.min_loss();
    let mut v = json!({"found": found, "loss": (loss * 10.0).round() / 10.0, "san": pos.san(m)});
    if found {
        v["better"] = better;
    }
    Ok(v)
}
