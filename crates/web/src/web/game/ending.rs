//! How a web game ends: with a result (the rules', a resignation, the
//! clock, an agreement), or aborted before both sides have moved. An
//! aborted game, as on lichess, has no result: it is not reviewed, not in
//! the explorer, and its PGN says `*`.

use crate::rules::result::{GameEnd, UNFINISHED};
use crate::web::net::http::ApiError;

/// A web game's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Finished with a result.
    Decided(GameEnd),
    /// Stopped before both sides had moved: no result.
    Aborted,
}

impl Ending {
    /// The result, unless the game was aborted.
    pub fn decided(self) -> Option<GameEnd> {
        match self {
            Ending::Decided(e) => Some(e),
            Ending::Aborted => None,
        }
    }

    /// The PGN result token (`*` for an aborted game).
    pub fn pgn(self) -> &'static str {
        match self {
            Ending::Decided(e) => e.result.pgn(),
            Ending::Aborted => UNFINISHED,
        }
    }

    /// The ending in words.
    pub fn text(self) -> String {
        match self {
            Ending::Decided(e) => e.text(),
            Ending::Aborted => "Game aborted".into(),
        }
    }

    /// The API's `reason`.
    pub fn key(self) -> &'static str {
        match self {
            Ending::Decided(e) => e.key(),
            Ending::Aborted => "aborted",
        }
    }
}

/// The refusal of a change to a game that is over (409).
pub(crate) fn over(e: Ending) -> ApiError {
    ApiError::new(409, format!("the game is over ({})", e.text()))
}

impl From<GameEnd> for Ending {
    fn from(e: GameEnd) -> Ending {
        Ending::Decided(e)
    }
}

/// The database's `result` column: the PGN token, `*` while the game goes
/// on, and `aborted` (so an aborted game is not resumed as unfinished).
pub(crate) fn result_column(end: Option<Ending>) -> &'static str {
    match end {
        None => UNFINISHED,
        Some(Ending::Aborted) => "aborted",
        Some(e) => e.pgn(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::piece::Color;

    #[test]
    fn an_aborted_game_has_no_result() {
        assert_eq!(Ending::Aborted.pgn(), "*");
        assert_eq!(Ending::Aborted.decided(), None);
        assert_eq!(Ending::Aborted.text(), "Game aborted");
        assert_eq!(result_column(Some(Ending::Aborted)), "aborted");
        assert_eq!(result_column(None), "*");
        let resigned = Ending::from(GameEnd::resigned(Color::White));
        assert_eq!(resigned.pgn(), "0-1");
        assert_eq!(result_column(Some(resigned)), "0-1");
        assert_eq!(resigned.decided(), Some(GameEnd::resigned(Color::White)));
    }
}
