//! PGN: writing the games of a match (SAN or coordinates, with the
//! `Variant`, `FEN` and `SetUp` tags, a `Fault` tag when an engine lost by
//! a fault, and a `{score/depth time}` comment per move) and reading games
//! back in either notation.

use super::game::GameRecord;
use super::runner::MatchConfig;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use std::collections::HashMap;

/// XBoard's `VariantMen` tag: each piece letter with its Betza moves
/// (`P:fmWfceF;N:N;...`). With it (and the board size and piece letters on
/// its command line) XBoard can read the SAN of an engine-defined variant
/// without the engine (docs/protocol.md).
fn variant_men() -> String {
    PieceKind::ALL
        .iter()
        .map(|k| format!("{}:{}", k.letter(), k.info().betza))
        .collect::<Vec<_>>()
        .join(";")
}

/// How moves are written in PGN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// Standard Algebraic Notation (`Axi6+`, `c8=G`, `O-O`).
    #[default]
    San,
    /// Wire coordinates (`e2i6`, `c7c8g`, `g1j1`).
    Coordinate,
}

/// The game's moves in `notation`. A move the rules cannot play (never
/// recorded by the runner) and everything after it stay as on the wire.
fn move_texts(g: &GameRecord, notation: Notation) -> Vec<String> {
    let start = g.start_fen.as_deref().map(Position::from_fen);
    let mut pos = match start {
        None => Some(Position::startpos()),
        Some(p) => p.ok(),
    };
    let mut out = Vec::with_capacity(g.moves.len());
    for m in &g.moves {
        let mv = pos.as_ref().and_then(|p| p.parse_move(&m.text).ok());
        match (pos.as_mut(), mv) {
            (Some(p), Some(mv)) => {
                out.push(match notation {
                    Notation::San => p.san(mv),
                    Notation::Coordinate => m.text.clone(),
                });
                p.make_move(mv);
            }
            _ => {
                pos = None;
                out.push(m.text.clone());
            }
        }
    }
    out
}

/// Write one game as PGN in the match's notation, with `{score/depth
/// time}` comments in `Score`'s form.
pub fn pgn(cfg: &MatchConfig, g: &GameRecord) -> String {
    let mut s = String::new();
    let tag = |s: &mut String, k: &str, v: &str| {
        s.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")))
    };
    tag(&mut s, "Event", &cfg.event);
    tag(&mut s, "Site", "humpty match");
    tag(&mut s, "Round", &g.round);
    tag(&mut s, "White", &cfg.engines[g.white].name);
    tag(&mut s, "Black", &cfg.engines[g.black].name);
    tag(&mut s, "Result", g.result.pgn());
    tag(&mut s, "Variant", "humpty");
    tag(&mut s, "VariantMen", &variant_men());
    // Always a FEN: no other program knows humpty's start array.
    tag(&mut s, "SetUp", "1");
    tag(
        &mut s,
        "FEN",
        g.start_fen.as_deref().unwrap_or(Position::START_FEN),
    );
    tag(&mut s, "TimeControl", &cfg.tc.pgn_tag());
    tag(&mut s, "PlyCount", &g.moves.len().to_string());
    tag(&mut s, "Termination", &g.termination);
    if let Some((_, fault)) = g.fault {
        tag(&mut s, "Fault", fault.tag());
    }
    s.push('\n');
    let black_first = g
        .start_fen
        .as_deref()
        .and_then(|f| Position::from_fen(f).ok())
        .map(|p| (p.side_to_move() == Color::Black, p.fullmove_number()))
        .unwrap_or((false, 1));
    let (mut black_to_move, mut number) = black_first;
    let mut line = String::new();
    let texts = move_texts(g, cfg.notation);
    for (k, (m, text)) in g.moves.iter().zip(&texts).enumerate() {
        if !black_to_move {
            line.push_str(&format!("{number}. "));
        } else if k == 0 {
            line.push_str(&format!("{number}... "));
        }
        line.push_str(text);
        let comment = match (m.score, m.depth) {
            (Some(sc), Some(d)) => {
                format!(" {{{}/{} {:.3}s}}", sc, d, m.time.as_secs_f64())
            }
            _ => format!(" {{{:.3}s}}", m.time.as_secs_f64()),
        };
        line.push_str(&comment);
        line.push(' ');
        if black_to_move {
            number += 1;
        }
        black_to_move = !black_to_move;
    }
    line.push_str(&format!(
        "{{{}}} {}",
        g.termination.replace('}', ")"),
        g.result.pgn()
    ));
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

/// One game read from PGN.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs (`Round`, `FEN`, ...).
    pub tags: HashMap<String, String>,
    /// Move tokens as written (SAN or coordinates).
    pub moves: Vec<String>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), empty if missing.
    pub result: String,
}

impl PgnGame {
    /// The position the game starts from (its `FEN` tag, or the start).
    pub fn start(&self) -> Result<Position, String> {
        match self.tags.get("FEN") {
            Some(f) => Position::from_fen(f).map_err(|e| format!("bad FEN tag: {e}")),
            None => Ok(Position::startpos()),
        }
    }

    /// The game replayed by the rules for at most `plies` plies (all of them
    /// if `None`): each move read as SAN or coordinates must be legal.
    pub fn replay(&self, plies: Option<usize>) -> Result<Position, String> {
        let mut pos = self.start()?;
        for (i, text) in self
            .moves
            .iter()
            .take(plies.unwrap_or(usize::MAX))
            .enumerate()
        {
            let m = pos
                .parse_san(text)
                .map_err(|e| format!("ply {}: {e}", i + 1))?;
            pos.make_move(m);
        }
        Ok(pos)
    }
}

/// Read games back from PGN text. Moves may be SAN or coordinates; move
/// numbers, comments (`{...}`, `;`), variations, NAGs and `!?` marks are
/// skipped.
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
    for tok in movetext_tokens(body) {
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok.as_str()) {
            game.result = tok;
        } else {
            game.moves.push(tok);
        }
    }
    if !game.tags.is_empty() || !game.moves.is_empty() {
        games.push(std::mem::take(game));
    }
    *game = PgnGame::default();
    body.clear();
}

/// The move and result tokens of a movetext: comments, variations, NAGs and
/// move numbers (also glued on, as in `12.e4`) removed.
fn movetext_tokens(body: &str) -> Vec<String> {
    let mut clean = String::new();
    let (mut brace, mut paren, mut semi) = (false, 0usize, false);
    for ch in body.chars() {
        match ch {
            _ if semi => semi = ch != '\n',
            '}' if brace => brace = false,
            _ if brace => {}
            '{' => brace = true,
            ';' => semi = true,
            '(' => paren += 1,
            ')' => paren = paren.saturating_sub(1),
            _ if paren > 0 => {}
            _ => clean.push(ch),
        }
    }
    clean
        .split_whitespace()
        .filter(|t| !t.starts_with('$'))
        .map(|t| strip_move_number(t).trim_end_matches(['!', '?']))
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// `12.e4` -> `e4`, `12...` -> ``; anything else (`1-0`, `e4`) unchanged.
fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    match token[digits..].strip_prefix('.') {
        Some(rest) if digits > 0 => rest.trim_start_matches('.'),
        _ => token,
    }
}
