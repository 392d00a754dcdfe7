//! A game's result, written once: the PGN token and its parsing, White's
//! score, and why the game ended, in words. Every front end (match PGN,
//! `humpty stats`, the tuner, XBoard's result line, the web board) uses it.

use crate::piece::Color;
use crate::position::Outcome;
use std::fmt;
use std::str::FromStr;

/// Who won, or a draw: what the PGN `Result` says of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
}

/// The PGN token of a game that has no result (yet).
pub const UNFINISHED: &str = "*";

impl GameResult {
    /// A win for `c`.
    pub fn win_for(c: Color) -> GameResult {
        match c {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            GameResult::Draw => None,
        }
    }

    /// The result of a win for `winner`, or a draw if `None`.
    pub fn from_winner(winner: Option<Color>) -> GameResult {
        winner.map_or(GameResult::Draw, GameResult::win_for)
    }

    /// The PGN token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// White's points: 1, 0.5 or 0.
    pub fn white_score(self) -> f64 {
        match self {
            GameResult::WhiteWins => 1.0,
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
        }
    }

    /// Whether `token` is a PGN result token, finished or not (`*`).
    pub fn is_token(token: &str) -> bool {
        token == UNFINISHED || token.parse::<GameResult>().is_ok()
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pgn())
    }
}

/// A result token that is not a finished game's (`*`, or no result).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotFinished(pub String);

impl fmt::Display for NotFinished {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "result '{}' is not a finished game (1-0, 0-1, 1/2-1/2)",
            self.0
        )
    }
}

impl std::error::Error for NotFinished {}

impl FromStr for GameResult {
    type Err = NotFinished;

    /// A finished game's PGN token; `*` and anything else are errors.
    fn from_str(s: &str) -> Result<GameResult, NotFinished> {
        [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ]
        .into_iter()
        .find(|r| r.pgn() == s)
        .ok_or_else(|| NotFinished(s.to_string()))
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// By the rules on the board.
    Rules(Outcome),
    /// This colour resigned.
    Resigned(Color),
    /// This colour's clock ran out.
    Time(Color),
    /// A referee (a match) judged the score decisive or dead drawn.
    Adjudication,
    /// The players agreed a draw.
    Agreement,
    /// The match's move limit.
    MoveLimit,
}

/// A finished game: its result and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// Who won.
    pub result: GameResult,
    /// Why.
    pub reason: Reason,
}

impl GameEnd {
    /// The end the rules give on the board.
    pub fn from_outcome(outcome: Outcome) -> GameEnd {
        GameEnd {
            result: GameResult::from_winner(outcome.winner()),
            reason: Reason::Rules(outcome),
        }
    }

    /// `loser` resigned.
    pub fn resigned(loser: Color) -> GameEnd {
        GameEnd {
            result: GameResult::win_for(!loser),
            reason: Reason::Resigned(loser),
        }
    }

    /// `loser`'s clock ran out.
    pub fn time(loser: Color) -> GameEnd {
        GameEnd {
            result: GameResult::win_for(!loser),
            reason: Reason::Time(loser),
        }
    }

    /// A referee's judgement.
    pub fn adjudicated(result: GameResult) -> GameEnd {
        GameEnd {
            result,
            reason: Reason::Adjudication,
        }
    }

    /// A draw the players agreed.
    pub fn agreed_draw() -> GameEnd {
        GameEnd {
            result: GameResult::Draw,
            reason: Reason::Agreement,
        }
    }

    /// A draw by the match's move limit.
    pub fn move_limit() -> GameEnd {
        GameEnd {
            result: GameResult::Draw,
            reason: Reason::MoveLimit,
        }
    }

    /// The ending in words, as a person reads it.
    pub fn text(self) -> String {
        match self.reason {
            Reason::Rules(Outcome::Checkmate { winner }) => format!("Checkmate: {winner} wins"),
            Reason::Rules(Outcome::Stalemate) => "Stalemate: draw".into(),
            Reason::Rules(Outcome::Repetition) => "Draw by threefold repetition".into(),
            Reason::Rules(Outcome::FiftyMoves) => "Draw by the 50-move rule".into(),
            Reason::Rules(Outcome::BareKings) => "Draw: only the Kings are left".into(),
            Reason::Resigned(c) => format!("{c} resigns: {} wins", !c),
            Reason::Time(c) => format!("{c} loses on time: {} wins", !c),
            Reason::Adjudication => match self.result.winner() {
                Some(w) => format!("{w} wins by adjudication"),
                None => "Draw by adjudication".into(),
            },
            Reason::MoveLimit => "Draw by move limit".into(),
            Reason::Agreement => "Draw by agreement".into(),
        }
    }

    /// A short machine-readable reason (the web API's `reason`).
    pub fn key(self) -> &'static str {
        match self.reason {
            Reason::Rules(Outcome::Checkmate { .. }) => "checkmate",
            Reason::Rules(Outcome::Stalemate) => "stalemate",
            Reason::Rules(Outcome::Repetition) => "repetition",
            Reason::Rules(Outcome::FiftyMoves) => "fifty-moves",
            Reason::Rules(Outcome::BareKings) => "bare-kings",
            Reason::Resigned(_) => "resignation",
            Reason::Time(_) => "time",
            Reason::Adjudication => "adjudication",
            Reason::MoveLimit => "move-limit",
            Reason::Agreement => "agreement",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_parse_back_and_star_is_unfinished() {
        for r in [
            GameResult::WhiteWins,
            GameResult::BlackWins,
            GameResult::Draw,
        ] {
            assert_eq!(r.pgn().parse::<GameResult>(), Ok(r));
            assert_eq!(GameResult::from_winner(r.winner()), r);
        }
        assert!("*".parse::<GameResult>().is_err());
        assert!(GameResult::is_token("*"));
        assert!(!GameResult::is_token("1-1"));
        assert_eq!(GameResult::WhiteWins.white_score(), 1.0);
        assert_eq!(GameResult::Draw.white_score(), 0.5);
    }

    #[test]
    fn endings_in_words() {
        let mate = GameEnd::from_outcome(Outcome::Checkmate {
            winner: Color::Black,
        });
        assert_eq!(mate.result, GameResult::BlackWins);
        assert_eq!(mate.text(), "Checkmate: Black wins");
        assert_eq!(
            GameEnd::resigned(Color::White).text(),
            "White resigns: Black wins"
        );
        assert_eq!(GameEnd::time(Color::Black).result, GameResult::WhiteWins);
        let adj = GameEnd::adjudicated(GameResult::Draw);
        assert_eq!(adj.text(), "Draw by adjudication");
        assert_eq!(GameEnd::move_limit().key(), "move-limit");
    }
}
