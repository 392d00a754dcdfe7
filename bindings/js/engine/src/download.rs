//! A game as the static board downloads it: the server's PGN writer
//! (`humpty_analysis::download`) on the game the page keeps, so both
//! boards' downloads carry the same tags, review marks, `[%eval]` and
//! `[%clk]`.

use crate::replay::replay;
use humpty_analysis::download::{download_pgn, Download};
use humpty_analysis::review::report::ReviewReport;
use humpty_analysis::tree::GameTree;
use humpty_rules::position::Position;
use serde::Deserialize;
use std::fmt;

/// Why a download is refused.
#[derive(Debug)]
pub enum DownloadError {
    /// The request is not the game's JSON.
    Json(String),
    /// The start position's FEN does not parse.
    Fen(String),
    /// A move is not legal where it is played (its index and why).
    Move(usize, String),
    /// The variations do not read, or their main line is not the moves.
    Tree(String),
    /// The result is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    Result(String),
}

impl fmt::Display for DownloadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DownloadError::Json(e) => write!(f, "gamePgn: the game: {e}"),
            DownloadError::Fen(e) => write!(f, "gamePgn: the start position: {e}"),
            DownloadError::Move(i, e) => write!(f, "gamePgn: move {}: {e}", i + 1),
            DownloadError::Tree(e) => write!(f, "gamePgn: the variations: {e}"),
            DownloadError::Result(r) => write!(f, "gamePgn: the result {r:?} is not a PGN result"),
        }
    }
}

/// The game as the page sends it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LocalGame {
    event: String,
    site: String,
    white: String,
    black: String,
    /// When it began (Unix ms).
    created: i64,
    start: String,
    moves: Vec<String>,
    /// Base and increment in ms, if the game had clocks.
    #[serde(default)]
    control: Option<(i64, i64)>,
    /// The mover's clock after each move (ms).
    #[serde(default)]
    clocks: Vec<i64>,
    #[serde(default)]
    review: Option<ReviewReport>,
    result: String,
    /// The variations (`GameTree::to_text`), on an analysis board.
    #[serde(default)]
    tree: Option<String>,
}

/// The game (JSON) as PGN text.
pub fn pgn(game: &str) -> Result<String, DownloadError> {
    let g: LocalGame =
        serde_json::from_str(game).map_err(|e| DownloadError::Json(e.to_string()))?;
    let start = Position::from_fen(&g.start).map_err(|e| DownloadError::Fen(e.to_string()))?;
    if !["1-0", "0-1", "1/2-1/2", "*"].contains(&g.result.as_str()) {
        return Err(DownloadError::Result(g.result));
    }
    let moves = replay(&start, &g.moves).map_err(|b| DownloadError::Move(b.index, b.why))?;
    let tree = match &g.tree {
        Some(text) => {
            let t = GameTree::from_text(start.clone(), text)
                .map_err(|e| DownloadError::Tree(e.to_string()))?;
            if t.mainline_moves() != moves {
                return Err(DownloadError::Tree(
                    "their main line is not the moves".into(),
                ));
            }
            Some(t)
        }
        None => None,
    };
    Ok(download_pgn(&Download {
        names: [
            ("Event", g.event),
            ("Site", g.site),
            ("Round", "-".to_string()),
            ("White", g.white),
            ("Black", g.black),
        ],
        created_ms: g.created,
        start: &start,
        moves: &moves,
        control_ms: g.control,
        clocks_after: &g.clocks,
        review: g.review.as_ref(),
        result: &g.result,
        tree: tree.as_ref(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_downloads_and_bad_input_is_named() {
        let fen = Position::startpos().to_fen();
        let game = |moves: &str, result: &str| {
            format!(
                r#"{{"event":"e","site":"s","white":"you","black":"humpty","created":1796385600000,"start":"{fen}","moves":{moves},"clocks":[179000],"control":[180000,2000],"result":"{result}"}}"#
            )
        };
        let text = pgn(&game(r#"["b1d2"]"#, "*")).unwrap();
        assert!(text.contains("[Date \"2026.12.04\"]"), "{text}");
        assert!(text.contains("[TimeControl \"180+2\"]"), "{text}");
        assert!(text.contains("1. Nd2 {[%clk 0:02:59]} *"), "{text}");
        assert!(matches!(
            pgn(&game(r#"["b1b5"]"#, "*")),
            Err(DownloadError::Move(0, _))
        ));
        assert!(matches!(
            pgn(&game("[]", "2-0")),
            Err(DownloadError::Result(_))
        ));
        assert!(matches!(pgn("[1]"), Err(DownloadError::Json(_))));
    }
}
