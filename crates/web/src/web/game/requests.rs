//! What a page or an API client sends to a game, as types: each request's
//! fields and what each field may hold. A request is read whole before it
//! changes anything (`net::http::body_as`), and a bad field is a 400 that
//! names it (`human: must be "white", "black" or "both"`).

use super::clock::Control;
use super::level::Level;
use super::record::Seats;
use super::words::{read_color, read_seats};
use crate::rules::fen::FenError;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use serde::Deserialize;

/// A position sent as a FEN.
#[derive(Clone, Debug, Deserialize)]
#[serde(try_from = "String")]
pub(crate) struct Fen(pub Position);

/// A FEN the rules refuse, as a request field says it.
#[derive(Debug)]
pub(crate) struct BadFen(FenError);

impl std::fmt::Display for BadFen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "bad FEN: {}", self.0)
    }
}

impl TryFrom<String> for Fen {
    type Error = BadFen;

    fn try_from(text: String) -> Result<Fen, BadFen> {
        Position::from_fen(&text).map(Fen).map_err(BadFen)
    }
}

/// Who a person plays against the engine: "white", "black" or "both" (a
/// game with a friend is asked for with `friend`, not here).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(try_from = "String")]
pub(crate) struct Human(pub Seats);

impl TryFrom<String> for Human {
    type Error = &'static str;

    fn try_from(text: String) -> Result<Human, &'static str> {
        match read_seats(&text) {
            Some(Seats::Friends) | None => Err("must be \"white\", \"black\" or \"both\""),
            Some(s) => Ok(Human(s)),
        }
    }
}

/// A colour: "white" or "black".
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(try_from = "String")]
pub(crate) struct Side(pub Color);

impl TryFrom<String> for Side {
    type Error = &'static str;

    fn try_from(text: String) -> Result<Side, &'static str> {
        read_color(&text)
            .map(Side)
            .ok_or("must be \"white\" or \"black\"")
    }
}

/// `POST /api/games`: a new game, every field optional (the start
/// position, the person White, the default level, no clock).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct NewGame {
    /// The position to start from.
    #[serde(default)]
    pub fen: Option<Fen>,
    /// The person's side.
    #[serde(default)]
    pub human: Option<Human>,
    /// The engine's level.
    #[serde(default)]
    pub level: Option<Level>,
    /// The clocks' control (null: no clock).
    #[serde(default)]
    pub clock: Option<Control>,
    /// A game against a friend over a link, not the engine.
    #[serde(default)]
    pub friend: bool,
}

/// `move`: a move in coordinates (`e2i6`) or SAN (`Axi6+`).
#[derive(Debug, Deserialize)]
pub(crate) struct PlayMove {
    /// The move.
    #[serde(rename = "move")]
    pub text: String,
}

/// `goto`: show the position after this many moves of the main line, or
/// a move of the variations.
#[derive(Debug, Deserialize)]
pub(crate) struct Goto {
    /// The ply (0 is the start).
    #[serde(default)]
    pub ply: Option<u64>,
    /// A node of the variations (the state's `variations`).
    #[serde(default)]
    pub node: Option<usize>,
}

/// What to do with a variation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum VariationAction {
    /// Up one level, as lichess's "Promote variation".
    Promote,
    /// Make it the main line.
    MainLine,
    /// Delete it from this move on.
    Delete,
}

/// `variation`: `{"node": N, "action": "promote" | "main-line" | "delete"}`.
#[derive(Debug, Deserialize)]
pub(crate) struct VariationChange {
    /// The move of the variation.
    pub node: usize,
    /// What to do.
    pub action: VariationAction,
}

/// Why a side gives up the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Forfeit {
    /// It resigned.
    #[default]
    Resign,
    /// Its flag fell (the page says so; the server checks the clock too).
    Time,
}

/// `resign`: a side gives up (by default the person's, or the side to
/// move).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct Resign {
    /// The side that gives up.
    #[serde(default)]
    pub color: Option<Side>,
    /// Resignation or time.
    #[serde(default)]
    pub reason: Forfeit,
}

/// `position`: start the game again from this position.
#[derive(Debug, Deserialize)]
pub(crate) struct SetPosition {
    /// The position.
    pub fen: Fen,
}

/// `settings`: change sides or level, either or both.
#[derive(Debug, Default, Deserialize)]
pub(crate) struct Settings {
    /// The person's side.
    #[serde(default)]
    pub human: Option<Human>,
    /// The engine's level.
    #[serde(default)]
    pub level: Option<Level>,
}

/// `pgn` (POST): replace the game with the first game of this PGN text.
#[derive(Debug, Deserialize)]
pub(crate) struct ImportPgn {
    /// The PGN text.
    pub pgn: String,
}

/// `engine-move`: the engine moves for the side to move, and with `now`
/// at once (a search under way stops and its best move is played).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct EngineMove {
    /// Stop the search under way and play its move.
    #[serde(default)]
    pub now: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::net::http::request_of;
    use serde_json::json;

    fn message<T: serde::de::DeserializeOwned + std::fmt::Debug>(v: serde_json::Value) -> String {
        request_of::<T>(&v).unwrap_err().message
    }

    #[test]
    fn a_bad_field_is_named() {
        assert_eq!(
            message::<NewGame>(json!({"human": "friends"})),
            "human: must be \"white\", \"black\" or \"both\""
        );
        assert!(message::<NewGame>(json!({"fen": "x"})).starts_with("fen: bad FEN"));
        assert!(message::<NewGame>(json!({"friend": "yes"})).starts_with("friend: invalid type"));
        assert!(message::<NewGame>(json!({"clock": {"base_s": 0}})).starts_with("clock: base_s"));
        assert!(message::<NewGame>(json!({"clock": {"base_s": "x"}})).starts_with("clock.base_s:"));
        assert!(
            message::<NewGame>(json!({"level": {"skill": 99}})).starts_with("level: skill must")
        );
        assert!(
            message::<Resign>(json!({"reason": "bored"})).starts_with("reason: unknown variant")
        );
        assert!(message::<Resign>(json!({"color": "grey"})).starts_with("color: must be"));
        assert_eq!(message::<PlayMove>(json!({})), "missing field `move`");
        assert_eq!(message::<SetPosition>(json!({})), "missing field `fen`");
        assert!(message::<Goto>(json!({"ply": -1})).starts_with("ply: invalid value"));
    }

    #[test]
    fn optional_fields_may_be_left_out_or_null() {
        let g: NewGame = request_of(&json!({"clock": null})).unwrap();
        assert!(g.fen.is_none() && g.human.is_none() && g.clock.is_none() && !g.friend);
        let r: Resign = request_of(&json!({})).unwrap();
        assert_eq!(r.reason, Forfeit::Resign);
        let s: Settings = request_of(&json!({"human": "both", "level": {"name": "club"}})).unwrap();
        assert_eq!(s.human.map(|h| h.0), Some(Seats::Both));
        assert!(s.level.is_some());
    }
}
