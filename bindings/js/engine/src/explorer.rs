//! The opening explorer over the browser's own games: the server's tree
//! (`humpty_analysis::explore`) built from the games the page keeps, and
//! its answer for one position, the server's JSON (`ExplorerReport`).

use crate::replay;
use humpty_analysis::explore::report::ExplorerReport;
use humpty_analysis::explore::{GameRef, Tree, DEFAULT_PLIES};
use humpty_rules::moves::Move;
use humpty_rules::position::Position;
use humpty_rules::result::GameResult;
use serde::Deserialize;
use std::fmt;

/// Why an explorer request is refused.
#[derive(Debug)]
pub enum ExplorerError {
    /// The position's FEN does not parse.
    Fen(String),
    /// The games are not `[{start, moves, result}]`.
    Games(String),
}

impl fmt::Display for ExplorerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExplorerError::Fen(e) => write!(f, "explorer: the position: {e}"),
            ExplorerError::Games(e) => write!(f, "explorer: the games: {e}"),
        }
    }
}

/// A finished game as the page keeps it.
#[derive(Deserialize)]
struct LocalGame {
    start: String,
    moves: Vec<String>,
    result: String,
}

/// The game's start and moves, if it replays and has a result.
fn replay(g: &LocalGame) -> Option<(Position, Vec<Move>, GameResult)> {
    let result = g.result.parse().ok()?;
    let start = Position::from_fen(&g.start).ok()?;
    let moves = replay::replay(&start, &g.moves).ok()?;
    Some((start, moves, result))
}

/// The moves played from `fen` in `games` (JSON), as JSON. A game that
/// does not replay or has no result is left out, as the server leaves it.
pub fn moves_at(games: &str, fen: &str) -> Result<String, ExplorerError> {
    let pos = Position::from_fen(fen).map_err(|e| ExplorerError::Fen(e.to_string()))?;
    let games: Vec<LocalGame> =
        serde_json::from_str(games).map_err(|e| ExplorerError::Games(e.to_string()))?;
    let mut tree = Tree::new(DEFAULT_PLIES);
    for g in &games {
        if let Some((start, moves, result)) = replay(g) {
            let r = GameRef {
                white: String::new(),
                black: String::new(),
                result,
                elo: None,
                source: String::new(),
            };
            // Counted, never listed: the browser's games have no names.
            tree.add(&start, &moves, &r, false);
        }
    }
    serde_json::to_string(&ExplorerReport::of(&tree, &pos))
        .map_err(|e| ExplorerError::Games(e.to_string()))
}
