//! What the puzzle trainer's page sends and is answered (`web::puzzles`),
//! as types: a request is read whole before anything is judged, and an
//! answer never carries a move the player has not yet found.

use serde::{Deserialize, Serialize};

/// A player's key: the 32 hex digits `/api/puzzles/player` gave.
#[derive(Debug, Deserialize)]
#[serde(try_from = "String")]
pub(crate) struct PlayerKey(pub String);

impl TryFrom<String> for PlayerKey {
    type Error = &'static str;

    fn try_from(key: String) -> Result<PlayerKey, &'static str> {
        match key.len() == 32 && key.bytes().all(|b| b.is_ascii_hexdigit()) {
            true => Ok(PlayerKey(key)),
            false => Err("must be the key /api/puzzles/player gave (32 hex digits)"),
        }
    }
}

/// A request that only says whose it is (`me`, `current`).
#[derive(Debug, Deserialize)]
pub(crate) struct Whose {
    /// The player.
    pub player: PlayerKey,
}

/// `next`: a new attempt, of a theme or the day's puzzle if asked.
#[derive(Debug, Deserialize)]
pub(crate) struct Next {
    /// The player.
    pub player: PlayerKey,
    /// Only puzzles of this theme.
    #[serde(default)]
    pub theme: Option<String>,
    /// The day's puzzle.
    #[serde(default)]
    pub daily: bool,
}

/// A solver move, with the ply it answers (so a move sent again is known).
#[derive(Debug, Deserialize)]
pub(crate) struct SolverMove {
    /// The move, in coordinates.
    #[serde(rename = "move")]
    pub text: String,
    /// The ply it answers.
    #[serde(default)]
    pub ply: Option<u64>,
}

/// `GET /api/puzzles/themes`: each theme with its count.
#[derive(Serialize)]
pub(crate) struct Themes {
    pub themes: Vec<ThemeCount>,
    pub total: usize,
}

/// One theme: its code, its name and line for people and how many puzzles
/// have it.
#[derive(Serialize)]
pub(crate) struct ThemeCount {
    pub theme: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub count: usize,
}

/// `me`: the player's rating, deviation, streak and rating history.
#[derive(Serialize)]
pub(crate) struct Me {
    pub rating: f64,
    pub deviation: f64,
    pub streak: u32,
    pub history: Vec<f64>,
}

/// `POST /api/puzzles/player`: the new player's key and starting rating.
#[derive(Serialize)]
pub(crate) struct NewPlayer {
    pub player: String,
    pub rating: f64,
}

/// `current` when the player has no open attempt.
#[derive(Serialize)]
pub(crate) struct NoAttempt {
    pub attempt: Option<String>,
}

/// An attempt as the page is shown it: the puzzle, the position after the
/// opponent's mistake and its legal moves; a resumed one also says where
/// it stands.
#[derive(Serialize)]
pub(crate) struct AttemptView {
    pub attempt: String,
    pub puzzle: PuzzleView,
    pub fen: String,
    pub legal: Vec<String>,
    pub ply: usize,
    pub practice: bool,
    pub player: PlayerView,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failed: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resumed: Option<bool>,
}

/// The puzzle of an attempt: its start, the mistake, its rating, the
/// solver's colour.
#[derive(Serialize)]
pub(crate) struct PuzzleView {
    pub id: String,
    pub fen: String,
    pub mistake: String,
    pub rating: f64,
    pub color: &'static str,
    pub daily: bool,
}

/// The player's rating and streak beside an attempt.
#[derive(Serialize)]
pub(crate) struct PlayerView {
    pub rating: f64,
    pub streak: u32,
}

/// A rated attempt: solved or not, the rating before and after.
#[derive(Serialize)]
pub(crate) struct RatingChange {
    pub solved: bool,
    pub before: f64,
    pub after: f64,
    pub streak: u32,
}

/// A wrong solver move: the attempt is lost, the player may try again.
#[derive(Serialize)]
pub(crate) struct Wrong {
    pub correct: bool,
    pub rated: Option<RatingChange>,
    pub legal: Vec<String>,
    pub ply: usize,
}

/// The last solver move: solved.
#[derive(Serialize)]
pub(crate) struct Solved<'a> {
    pub correct: bool,
    pub solved: bool,
    pub fen: String,
    pub rated: Option<RatingChange>,
    pub themes: &'a [String],
}

/// A right solver move before the last: the opponent's reply and what may
/// be played next.
#[derive(Serialize)]
pub(crate) struct Step {
    pub correct: bool,
    pub solved: bool,
    pub fen: String,
    pub reply: String,
    pub reply_fen: String,
    pub legal: Vec<String>,
    pub ply: usize,
}

/// The solution asked for: each move with the position after it.
#[derive(Serialize)]
pub(crate) struct Solution<'a> {
    pub solution: Vec<SolutionStep>,
    pub themes: &'a [String],
    pub rated: Option<RatingChange>,
}

/// One move of a solution.
#[derive(Serialize)]
pub(crate) struct SolutionStep {
    #[serde(rename = "move")]
    pub text: String,
    pub fen: String,
}

/// A hint: the square the next solver move starts from.
#[derive(Serialize)]
pub(crate) struct Hint {
    pub from: String,
}
