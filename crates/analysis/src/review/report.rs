//! The review as the boards show it: each move's SAN, score and winning
//! chances, its judgement and mark, the better line after a mistake, and
//! each player's totals. The server's API and the browser's worker send
//! this same JSON (serde), and the server reads a kept review back with it, so the two homes cannot drift apart.

use super::{win_percent, GameReview, Judgement};
use crate::engine::Score;
use crate::rules::piece::Color;
use serde::{Deserialize, Serialize};

/// A score as JSON: `{"cp": 35}` or `{"mate": -3}`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreReport {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many moves (negative: mated).
    Mate(i32),
}

impl From<Score> for ScoreReport {
    fn from(s: Score) -> ScoreReport {
        match s {
            Score::Cp(cp) => ScoreReport::Cp(cp),
            Score::Mate(n) => ScoreReport::Mate(n),
        }
    }
}

/// A finished review.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewReport {
    /// The start position's score, White's view.
    pub start: ScoreReport,
    /// White's winning chances at the start, in percent.
    pub start_win: f64,
    /// Every move, in order.
    pub moves: Vec<MoveReport>,
    /// Each player's totals.
    pub players: Players,
}

/// One reviewed move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MoveReport {
    /// The move, in UCI's coordinates (absent in reviews kept before v5).
    #[serde(default)]
    pub uci: String,
    /// The move in SAN.
    pub san: String,
    /// The score after it, White's view.
    pub white: ScoreReport,
    /// White's winning chances after it, in percent.
    pub win: f64,
    /// The mover's winning chances it gave away, in points.
    pub loss: f64,
    /// "inaccuracy", "mistake" or "blunder".
    pub judgement: Option<String>,
    /// `?!`, `?` or `??`.
    #[serde(default)]
    pub mark: Option<String>,
    /// The engine's move and line instead, after a mistake or a blunder.
    pub better: Option<BetterReport>,
}

/// The better move and its line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BetterReport {
    /// The move, in UCI's coordinates.
    pub uci: String,
    /// The move in SAN.
    pub san: String,
    /// The line from it in SAN.
    pub line: Vec<String>,
}

/// Both players' totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Players {
    /// White's.
    pub white: PlayerReport,
    /// Black's.
    pub black: PlayerReport,
}

/// One player's totals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerReport {
    /// How many moves earned each judgement.
    pub counts: Counts,
    /// The counts in words: "0 inaccuracies, 2 mistakes, 1 blunder"
    /// (absent in reviews kept before v5).
    #[serde(default)]
    pub counts_text: String,
    /// Centipawns lost per move, rounded.
    pub average_cp_loss: f64,
    /// Accuracy in percent, as lichess computes it.
    pub accuracy: Option<f64>,
    /// Moves played.
    pub moves: usize,
}

/// Judgement counts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counts {
    /// `?!`
    pub inaccuracy: usize,
    /// `?`
    pub mistake: usize,
    /// `??`
    pub blunder: usize,
}

/// `x` to one decimal.
fn tenths(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

impl ReviewReport {
    /// The report of a review.
    pub fn of(r: &GameReview) -> ReviewReport {
        let mut pos = r.start.clone();
        let mut moves = Vec::with_capacity(r.moves.len());
        for m in &r.moves {
            let better = m.better.first().map(|&b| {
                let mut walk = pos.clone();
                let line = m
                    .better
                    .iter()
                    .map(|&x| {
                        let san = walk.san(x);
                        walk.make_move(x);
                        san
                    })
                    .collect();
                BetterReport {
                    uci: b.to_string(),
                    san: pos.san(b),
                    line,
                }
            });
            moves.push(MoveReport {
                uci: m.mv.to_string(),
                san: pos.san(m.mv),
                white: m.white_score.into(),
                win: tenths(win_percent(m.white_score)),
                loss: tenths(m.loss),
                judgement: m.judgement.map(|j| j.name().to_lowercase()),
                mark: m.judgement.map(|j| Judgement::mark(j).to_string()),
                better,
            });
            pos.make_move(m.mv);
        }
        ReviewReport {
            start: r.start_score.into(),
            start_win: tenths(win_percent(r.start_score)),
            moves,
            players: Players {
                white: PlayerReport::of(r, Color::White),
                black: PlayerReport::of(r, Color::Black),
            },
        }
    }
}

impl PlayerReport {
    fn of(r: &GameReview, color: Color) -> PlayerReport {
        let s = r.summary(color);
        PlayerReport {
            counts: Counts {
                inaccuracy: s.counts[Judgement::Inaccuracy as usize],
                mistake: s.counts[Judgement::Mistake as usize],
                blunder: s.counts[Judgement::Blunder as usize],
            },
            counts_text: s.counts_text(),
            average_cp_loss: s.average_cp_loss.round(),
            accuracy: s.accuracy.map(tenths),
            moves: s.moves,
        }
    }
}
