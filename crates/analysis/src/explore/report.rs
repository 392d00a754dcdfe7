//! The explorer's answer for one position, as the boards show it: the
//! moves played from it, most played first, each with its games, results,
//! average Elo and top games. The server's `GET /api/explorer` and the
//! browser's worker send this same JSON (serde).

use super::Tree;
use crate::rules::position::Position;
use serde::Serialize;

/// The moves from one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ExplorerReport {
    /// Games in the tree.
    pub games: usize,
    /// Plies of each game in the tree: a position later in a game is not.
    pub plies: usize,
    /// The moves played from the position, most played first.
    pub moves: Vec<MoveLine>,
}

/// One move's line of the table.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveLine {
    /// The move, in UCI's coordinates.
    pub uci: String,
    /// The move in SAN.
    pub san: String,
    /// Games that played it.
    pub games: u32,
    /// White's wins.
    pub white: u32,
    /// Draws.
    pub draws: u32,
    /// Black's wins.
    pub black: u32,
    /// The players' average Elo, where known.
    pub elo: Option<u32>,
    /// The best-rated games with it.
    pub top: Vec<TopGame>,
}

/// A game listed under a move.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TopGame {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The result token.
    pub result: String,
    /// The players' average Elo.
    pub elo: Option<u32>,
    /// Where it comes from.
    pub source: String,
}

impl ExplorerReport {
    /// The moves of `tree` from `pos`.
    pub fn of(tree: &Tree, pos: &Position) -> ExplorerReport {
        let moves = tree
            .moves_at(pos)
            .into_iter()
            .map(|(m, s)| MoveLine {
                uci: m.to_string(),
                san: pos.san(m),
                games: s.games,
                white: s.white,
                draws: s.draws,
                black: s.black,
                elo: s.average_elo(),
                top: s
                    .top
                    .iter()
                    .map(|g| TopGame {
                        white: g.white.clone(),
                        black: g.black.clone(),
                        result: g.result.pgn().to_string(),
                        elo: g.elo,
                        source: g.source.clone(),
                    })
                    .collect(),
            })
            .collect();
        ExplorerReport {
            games: tree.games(),
            plies: tree.plies(),
            moves,
        }
    }
}
