//! PGN game records: writing tags and movetext (move numbers, comments,
//! 80-column lines), XBoard's `VariantMen` tag, and reading games back in
//! SAN or coordinates (`PgnGame::replay`). Match PGN (`matches::pgn`) and
//! the web board's export and import use it.

use crate::fen::FenError;
use crate::moves::{Move, MoveError};
pub use crate::movetext::WrittenMove;
use crate::movetext::{tokens, write_moves, Token};
use crate::piece::{Color, PieceKind};
use crate::position::Position;
use crate::result::GameResult;
use std::collections::HashMap;

/// XBoard's `VariantMen` tag: each piece letter with its Betza moves
/// (`P:fmWfceF;N:N;...`). With it (and the board size and piece letters on
/// its command line) XBoard can read the SAN of an engine-defined variant
/// without the engine (docs/protocol.md).
pub fn variant_men() -> String {
    PieceKind::ALL
        .iter()
        .map(|k| format!("{}:{}", k.letter(), k.info().betza))
        .collect::<Vec<_>>()
        .join(";")
}

/// A whole game as PGN: the tags in order (quotes in values replaced), a
/// blank line, the movetext numbered from `start` (`12...` when Black
/// moves first), an optional final comment and the result, then a blank
/// line.
pub fn write_game(
    tags: &[(&str, String)],
    start: &Position,
    moves: &[WrittenMove],
    final_comment: Option<&str>,
    result: &str,
) -> String {
    let mut s = String::new();
    for (k, v) in tags {
        s.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")));
    }
    s.push('\n');
    let black_to_move = start.side_to_move() == Color::Black;
    let mut line = String::new();
    write_moves(&mut line, moves, start.fullmove_number(), black_to_move);
    if let Some(c) = final_comment {
        line.push_str(&format!("{{{}}} ", c.replace('}', ")")));
    }
    line.push_str(result);
    s.push_str(&wrap(&line, 80));
    s.push_str("\n\n");
    s
}

fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    for word in text.split(' ') {
        if len > 0 && len + 1 + word.len() > width {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += word.len();
    }
    out
}

/// Why a game read from PGN cannot be replayed by the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// Its `FEN` tag is not a position.
    Fen(FenError),
    /// The move at this ply (from 1) is not legal, or not readable.
    Move {
        /// The ply, counted from 1.
        ply: usize,
        /// What is wrong with the move.
        error: MoveError,
    },
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Fen(e) => write!(f, "bad FEN tag: {e}"),
            ReplayError::Move { ply, error } => write!(f, "ply {ply}: {error}"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// One game read from PGN.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs (`Round`, `FEN`, ...).
    pub tags: HashMap<String, String>,
    /// Move tokens as written (SAN or coordinates), of the main line.
    pub moves: Vec<String>,
    /// The main line's moves with its variations, each between `Open` and
    /// `Close` after the move it replaces (results left out).
    pub line: Vec<Token>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), empty if missing.
    pub result: String,
    /// A comment (`{`) or variation (`(`) left open at the end of the
    /// movetext, which swallowed the rest of it.
    pub unclosed: Option<char>,
}

impl PgnGame {
    /// The position the game starts from (its `FEN` tag, or the start).
    pub fn start(&self) -> Result<Position, ReplayError> {
        match self.tags.get("FEN") {
            Some(f) => Position::from_fen(f).map_err(ReplayError::Fen),
            None => Ok(Position::startpos()),
        }
    }

    /// The game replayed by the rules for at most `plies` plies (all of them
    /// if `None`): each move read as SAN or coordinates must be legal.
    pub fn replay(&self, plies: Option<usize>) -> Result<Position, ReplayError> {
        self.replay_moves(plies).map(|(pos, _)| pos)
    }

    /// As `replay`, also returning the moves read.
    pub fn replay_moves(&self, plies: Option<usize>) -> Result<(Position, Vec<Move>), ReplayError> {
        self.replay_until(plies, false)
    }

    /// As `replay_moves`, stopping where the rules end the game (mate,
    /// stalemate, repetition, 50 moves, bare Kings): moves written after
    /// the end are not played.
    pub fn replay_to_end(&self) -> Result<(Position, Vec<Move>), ReplayError> {
        self.replay_until(None, true)
    }

    /// The replay: at most `plies`, and not past the game's end if `stop`.
    fn replay_until(
        &self,
        plies: Option<usize>,
        stop: bool,
    ) -> Result<(Position, Vec<Move>), ReplayError> {
        let mut pos = self.start()?;
        let mut played = Vec::new();
        for (i, text) in self
            .moves
            .iter()
            .take(plies.unwrap_or(usize::MAX))
            .enumerate()
        {
            if stop && pos.outcome().is_some() {
                break;
            }
            let m = pos
                .parse_san(text)
                .map_err(|error| ReplayError::Move { ply: i + 1, error })?;
            pos.make_move(m);
            played.push(m);
        }
        Ok((pos, played))
    }
}

/// Read games back from PGN text. Moves may be SAN or coordinates; move
/// numbers, comments (`{...}`, `;`), NAGs and `!?` marks are skipped;
/// `moves` has the main line, and `line` the variations too. A result
/// token ends a game's movetext: moves after it, before the next tags, are
/// another game.
pub fn parse_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut game = PgnGame::default();
    let mut body = String::new();
    for line in text.lines() {
        let l = line.trim();
        if l.starts_with('%') {
            continue;
        }
        if let Some(inner) = l.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            if !body.trim().is_empty() {
                finish(&mut games, &mut game, &mut body);
            }
            if let Some((k, v)) = inner.split_once(' ') {
                game.tags
                    .insert(k.to_string(), v.trim().trim_matches('"').to_string());
            }
        } else {
            body.push_str(l);
            body.push('\n');
        }
    }
    finish(&mut games, &mut game, &mut body);
    games
}

/// Turn the collected movetext into moves and push the game (if it has tags
/// or moves).
fn finish(games: &mut Vec<PgnGame>, game: &mut PgnGame, body: &mut String) {
    let (tokens, unclosed) = tokens(body);
    let mut depth = 0usize;
    for tok in tokens {
        match tok {
            Token::Word(w) if GameResult::is_token(&w) => {
                if depth == 0 {
                    game.result = w;
                    // The game ends here; what follows is another (tagless) game.
                    games.push(std::mem::take(game));
                }
            }
            Token::Word(w) => {
                if depth == 0 {
                    game.moves.push(w.clone());
                }
                game.line.push(Token::Word(w));
            }
            Token::Open => {
                depth += 1;
                game.line.push(Token::Open);
            }
            Token::Close => {
                depth = depth.saturating_sub(1);
                game.line.push(Token::Close);
            }
        }
    }
    game.unclosed = unclosed;
    if !game.tags.is_empty() || !game.moves.is_empty() {
        games.push(std::mem::take(game));
    } else if let Some(last) = games.last_mut().filter(|_| unclosed.is_some()) {
        last.unclosed = unclosed;
    }
    *game = PgnGame::default();
    body.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_token_ends_a_games_movetext() {
        let games =
            parse_pgn("[Event \"a\"]\n\n1. Cc2 * 1... Fd7 *\n\n[Event \"b\"]\n\n1. Nd2 1-0\n");
        let moves: Vec<_> = games
            .iter()
            .map(|g| (g.moves.clone(), g.result.clone()))
            .collect();
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            moves,
            [
                (s(&["Cc2"]), "*".to_string()),
                (s(&["Fd7"]), "*".to_string()),
                (s(&["Nd2"]), "1-0".to_string())
            ]
        );
        assert_eq!(games[0].tags["Event"], "a");
        assert!(
            games[1].tags.is_empty(),
            "the game after a result has no tags"
        );
        assert_eq!(games[2].tags["Event"], "b");
    }

    #[test]
    fn an_open_comment_or_variation_is_noted() {
        assert_eq!(parse_pgn("1. Nd2 {open Nd7")[0].unclosed, Some('{'));
        assert_eq!(parse_pgn("1. Nd2 (1. Cc2")[0].unclosed, Some('('));
        assert_eq!(parse_pgn("1. Nd2 {shut} (1. Cc2) Nd7")[0].unclosed, None);
        // A game ended by its result still hears of it.
        assert_eq!(parse_pgn("1. Nd2 1-0 {open")[0].unclosed, Some('{'));
    }

    #[test]
    fn the_replay_stops_at_the_games_end() {
        let g = &parse_pgn(&"Nd2 Nd7 Nb1 Nb8 ".repeat(5))[0];
        assert_eq!(g.replay_to_end().unwrap().1.len(), 8);
        assert_eq!(g.replay_moves(None).unwrap().1.len(), 20);
    }
}
