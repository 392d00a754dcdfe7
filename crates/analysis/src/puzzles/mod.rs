//! Puzzles from humpty's own games (docs/puzzles.md), found and proved the
//! way lichess-puzzler does: scan a game for a move that hands the other
//! side a forced mate or a jump in winning chances (`candidates`), prove
//! that the winning line is the only one with a two-line search at every
//! solver move (`prove`), tag its themes from the rules (`themes`), seed a
//! rating from how hard the engine found it (`rating`), and write it in
//! lichess's puzzle CSV (`csv`). `generate` runs it over a game.

pub mod candidates;
pub mod csv;
pub mod generate;
pub mod glicko;
pub mod material;
pub mod prove;
pub mod rating;
pub mod solve;
pub mod themes;

use crate::rules::moves::Move;
use crate::rules::position::Position;

/// The shipped puzzle set (docs/puzzles.md), lichess's puzzle CSV: what the
/// trainer serves and the tests replay.
pub const SHIPPED_CSV: &str = include_str!("puzzles.csv");

/// A proved puzzle.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The position before the opponent's mistake.
    pub start: Position,
    /// The mistake, then the solver's moves and the replies, ending on
    /// the solver's last move.
    pub moves: Vec<Move>,
    /// The seeded rating.
    pub rating: i32,
    /// Theme codes, in the order `themes::tag` gives them.
    pub themes: Vec<&'static str>,
    /// Where it comes from (a file and game number, or a self-play seed).
    pub source: String,
}

/// The winning chances of a score from the mover's view, from -1 to 1 as
/// lichess writes them, on humpty's own win curve.
pub fn chances(score: crate::engine::Score) -> f64 {
    crate::engine::winrate::win_percent(score) / 50.0 - 1.0
}
