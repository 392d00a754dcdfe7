//! A python-chess-like `Board` for people who do not know pyffish: a
//! position with its move stack (humpty-compat's board, shared with the
//! JavaScript binding), moves in and out as wire text or SAN, the game's
//! end with its reason, and PGN through the rules crate.

use crate::value_error;
use humpty_compat as compat;
use humpty_rules::pgn::{self, WrittenMove};
use humpty_rules::result::{GameEnd, UNFINISHED};
use humpty_rules::{Color, Position};
use pyo3::prelude::*;
use pyo3::types::PyType;
use std::collections::HashMap;

/// A game in progress.
#[pyclass(module = "humpty", skip_from_py_object)]
#[derive(Clone)]
pub(crate) struct Board {
    inner: compat::Board,
}

/// How a finished game ended.
#[pyclass(module = "humpty", get_all, frozen)]
pub(crate) struct Outcome {
    /// True for White, False for Black, None for a draw.
    winner: Option<bool>,
    /// `checkmate`, `stalemate`, `repetition`, `fifty-moves` or `bare-kings`.
    termination: String,
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    result: String,
    /// The ending in words.
    text: String,
}

#[pymethods]
impl Outcome {
    fn __repr__(&self) -> String {
        format!(
            "Outcome(termination='{}', result='{}')",
            self.termination, self.result
        )
    }
}

impl Board {
    /// The position now (the engine searches it).
    pub(crate) fn pos(&self) -> &Position {
        self.inner.position()
    }

    fn game_end(&self) -> Option<GameEnd> {
        self.pos().outcome().map(GameEnd::from_outcome)
    }

    /// The game's moves in SAN, for PGN.
    fn written_moves(&self) -> Vec<WrittenMove> {
        let mut pos = self.inner.start().clone();
        self.inner
            .stack()
            .iter()
            .map(|&m| {
                let text = pos.san(m);
                pos.make_move(m);
                WrittenMove::plain(text)
            })
            .collect()
    }
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (fen = None))]
    fn new(fen: Option<&str>) -> PyResult<Board> {
        let inner = compat::Board::new(fen.unwrap_or("")).map_err(value_error)?;
        Ok(Board { inner })
    }

    /// Every legal move, as wire text.
    fn legal_moves(&self) -> Vec<String> {
        self.pos()
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    /// Play a wire move (`e2i6`); an illegal one raises `ValueError`.
    fn push(&mut self, uci: &str) -> PyResult<()> {
        self.inner.push_wire(uci).map_err(value_error)?;
        Ok(())
    }

    /// Play a move in SAN (`Nd2`, `c8=G`, `O-O`) and return it as wire text.
    fn push_san(&mut self, san: &str) -> PyResult<String> {
        Ok(self.inner.push_san(san).map_err(value_error)?.to_string())
    }

    /// Take back the last move and return it; `IndexError` with none.
    fn pop(&mut self) -> PyResult<String> {
        let m = self.inner.pop().ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err("pop from an empty move stack")
        })?;
        Ok(m.to_string())
    }

    fn fen(&self) -> String {
        self.pos().to_fen()
    }

    /// SAN of a legal wire move in this position.
    fn san(&self, uci: &str) -> PyResult<String> {
        let m = compat::legal_move(self.pos(), uci).map_err(value_error)?;
        Ok(self.pos().san(m))
    }

    /// True when White is to move (python-chess's `chess.WHITE`).
    #[getter]
    fn turn(&self) -> bool {
        self.pos().side_to_move() == Color::White
    }

    /// Plies played on this board since its FEN.
    #[getter]
    fn ply(&self) -> usize {
        self.inner.stack().len()
    }

    /// The moves played since the board's FEN, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<String> {
        self.inner.stack().iter().map(|m| m.to_string()).collect()
    }

    fn is_check(&self) -> bool {
        self.pos().in_check()
    }

    /// Over by the rules: mate, stalemate, threefold, 50 moves, bare Kings.
    fn is_game_over(&self) -> bool {
        self.pos().outcome().is_some()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game_end().map(|end| Outcome {
            winner: end.result.winner().map(|c| c == Color::White),
            termination: end.key().to_string(),
            result: end.result.pgn().to_string(),
            text: end.text(),
        })
    }

    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    fn result(&self) -> String {
        self.game_end()
            .map_or(UNFINISHED, |e| e.result.pgn())
            .to_string()
    }

    fn copy(&self) -> Board {
        self.clone()
    }

    /// The game as PGN in SAN, with `headers` as its tags. A tag the board
    /// writes itself (`Result`, `FEN`, `SetUp`, `Variant`) may be given only
    /// with the board's own value; a name or value PGN cannot carry back
    /// raises `ValueError`, so what is written reads back as this game.
    #[pyo3(signature = (headers = None))]
    fn to_pgn(&self, headers: Option<HashMap<String, String>>) -> PyResult<String> {
        let start = self.inner.start();
        let result = self.result();
        let mut given: Vec<(String, String)> = headers.unwrap_or_default().into_iter().collect();
        // A FEN is written for a set-up start, or when asked for (checked).
        let write_fen =
            start.to_fen() != Position::START_FEN || given.iter().any(|(k, _)| k == "FEN");
        let set_up = if write_fen { "1" } else { "0" };
        let own: Vec<(&str, String)> = vec![
            ("Variant", "humpty".into()),
            ("FEN", start.to_fen()),
            ("SetUp", set_up.into()),
            ("Result", result.clone()),
        ];
        let mut tags: Vec<(String, String)> = vec![
            ("Event".into(), "?".into()),
            ("Variant".into(), "humpty".into()),
        ];
        // The seven-tag roster in its order, then the others by name.
        const ROSTER: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];
        let rank = |k: &str| ROSTER.iter().position(|r| *r == k).unwrap_or(ROSTER.len());
        given.sort_by(|a, b| (rank(&a.0), &a.0).cmp(&(rank(&b.0), &b.0)));
        for (k, v) in given {
            check_tag(&k, &v)?;
            if let Some((_, mine)) = own.iter().find(|(t, _)| *t == k) {
                if !same_tag_value(&k, &v, mine) {
                    return Err(value_error(format!(
                        "the {k} tag is the board's: {mine:?}, not {v:?}"
                    )));
                }
                continue;
            }
            match tags.iter_mut().find(|(t, _)| *t == k) {
                Some(slot) => slot.1 = v,
                None => tags.push((k, v)),
            }
        }
        let written = |k: &str| match k {
            "Variant" => false,
            "FEN" | "SetUp" => write_fen,
            _ => true,
        };
        let tags: Vec<(&str, String)> = tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .chain(own.into_iter().filter(|(k, _)| written(k)))
            .collect();
        Ok(pgn::write_game(
            &tags,
            start,
            &self.written_moves(),
            None,
            &result,
        ))
    }

    /// The first game of a PGN text, replayed by the rules.
    #[classmethod]
    fn from_pgn(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<Board> {
        let game = pgn::parse_pgn(text)
            .into_iter()
            .next()
            .ok_or_else(|| value_error("no game in the PGN text"))?;
        let (_, moves) = game.replay_moves(None).map_err(value_error)?;
        let mut inner = compat::Board::on(game.start().map_err(value_error)?);
        for m in moves {
            inner.play(m);
        }
        Ok(Board { inner })
    }

    /// The board as text: rank numbers, file letters, `.` for an empty square.
    fn __str__(&self) -> String {
        let mut out = self.inner.ranks(" ", true).join("\n");
        out.push_str("\n   a b c d e f g h i j k l\n");
        out
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.pos().to_fen())
    }
}

/// A tag PGN can carry and read back: a name of letters, digits and `_`,
/// a value with no control character, quote or backslash (the reader
/// takes a value up to its closing quote, with no escapes).
fn check_tag(name: &str, value: &str) -> PyResult<()> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(value_error(format!(
            "a PGN tag name is letters, digits and _, not {name:?}"
        )));
    }
    if let Some(c) = value
        .chars()
        .find(|&c| c.is_control() || c == '"' || c == '\\')
    {
        return Err(value_error(format!(
            "the {name} tag's value cannot hold {c:?} in PGN"
        )));
    }
    Ok(())
}

/// Whether a given value of a tag the board writes is the board's own
/// (the variant's name in any case, a FEN as a position).
fn same_tag_value(name: &str, given: &str, mine: &str) -> bool {
    match name {
        "Variant" => given.eq_ignore_ascii_case(mine),
        "FEN" => Position::from_fen(given).is_ok_and(|p| p.to_fen() == mine),
        _ => given == mine,
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Board>()?;
    m.add_class::<Outcome>()?;
    Ok(())
}
