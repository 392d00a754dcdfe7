//! What a person can do to a game through the API: move, take back, look
//! at an earlier ply, resign, set a position, import a PGN, change sides or
//! level. Each works on the draft that `driver::change` then stores, and
//! checks its input first: a bad request changes nothing.

use super::clock::{control_from_json, TimeControl};
use super::level::Level;
use super::live::{Draft, Seats};
use super::record::MAX_PLIES;
use super::words::{read_color, read_seats};
use crate::rules::pgn::parse_pgn;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::GameEnd;
use crate::web::net::http::over;
use crate::web::net::http::ApiError;
use serde_json::Value;

/// The `human` field: "white", "black" or "both".
pub(crate) fn seats_of(v: &Value) -> Result<Option<Seats>, ApiError> {
    let bad = || ApiError::bad("human must be \"white\", \"black\" or \"both\"");
    match v.get("human").map(|h| h.as_str()) {
        None => Ok(None),
        Some(Some("friends")) | Some(None) => Err(bad()),
        Some(Some(text)) => read_seats(text).map(Some).ok_or_else(bad),
    }
}

/// The `level` field, if given.
pub(crate) fn level_of(v: &Value) -> Result<Option<Level>, ApiError> {
    v.get("level")
        .map(|l| Level::from_json(l).map_err(ApiError::bad))
        .transpose()
}

/// The `clock` field (`{"base_s": 300, "inc_s": 3}`), if given and not null.
pub(crate) fn clock_of(v: &Value) -> Result<Option<TimeControl>, ApiError> {
    match v.get("clock") {
        None | Some(Value::Null) => Ok(None),
        Some(c) => control_from_json(c)
            .map(Some)
            .map_err(|e| ApiError::bad(format!("clock: {e}"))),
    }
}

/// A position from the `fen` field (the start position if absent).
pub(crate) fn fen_of(v: &Value) -> Result<Position, ApiError> {
    match v.get("fen") {
        None => Ok(Position::startpos()),
        Some(Value::String(f)) => {
            Position::from_fen(f).map_err(|e| ApiError::bad(format!("bad FEN: {e}")))
        }
        Some(_) => Err(ApiError::bad("fen must be a string")),
    }
}

/// Refuse a change to a finished game (at the shown ply).
fn not_over(g: &Draft) -> Result<Position, ApiError> {
    let pos = g.position();
    match g.ending(&pos) {
        Some(e) => Err(ApiError::new(
            409,
            format!("the game is over ({})", e.text()),
        )),
        None => Ok(pos),
    }
}

/// Refuse to change the line of a finished game (take back, a move from an
/// earlier ply, a new position or PGN): its result stands. An analysis
/// board has no result to keep.
fn result_stands(g: &Draft) -> Result<(), ApiError> {
    match g.final_result() {
        Some(e) => Err(ApiError::new(
            409,
            format!("the game is over ({}): start a new game", e.text()),
        )),
        None => Ok(()),
    }
}

/// `move`: `{"move": "e2i6"}` or SAN (`"Axi6+"`), from the shown ply; it
/// must be a move of a side the person plays.
pub(crate) fn play(g: &mut Draft, body: &Value) -> Result<(), ApiError> {
    let text = body
        .get("move")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("move must be a string such as \"e2i6\" or \"Axi6\""))?;
    let pos = not_over(g)?;
    result_stands(g)?;
    if let Seats::Human(c) = g.record.seats {
        if pos.side_to_move() != c {
            return Err(ApiError::new(
                409,
                format!("it is not {c}'s turn: the engine moves"),
            ));
        }
    }
    let m = pos
        .parse_san(text)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    g.play(m);
    Ok(())
}

/// `undo`: take back to the person's previous turn (one ply on an
/// analysis board); the taken-back moves are dropped. A finished game's
/// moves stay.
pub(crate) fn undo(g: &mut Draft) -> Result<(), ApiError> {
    result_stands(g)?;
    let r = &g.record;
    let mut ply = r.cursor.saturating_sub(1);
    if let Seats::Human(c) = r.seats {
        // The side to move after `ply` moves, without a replay.
        let first = r.start.side_to_move();
        let to_move = |ply: usize| if ply.is_multiple_of(2) { first } else { !first };
        while ply > 0 && to_move(ply) != c {
            ply -= 1;
        }
        if to_move(ply) != c {
            ply = r.cursor;
        }
    }
    g.truncate(ply);
    Ok(())
}

/// `goto`: `{"ply": N}` shows the position after N moves (a view: the game
/// goes on at the end of its line).
pub(crate) fn goto(g: &mut Draft, body: &Value) -> Result<(), ApiError> {
    let ply = body
        .get("ply")
        .and_then(Value::as_u64)
        .filter(|&p| p as usize <= g.record.line.len())
        .ok_or_else(|| ApiError::bad(format!("ply must be 0 to {}", g.record.line.len())))?;
    g.stop_search();
    g.record.cursor = ply as usize;
    Ok(())
}

/// `resign`: `{"color": "white", "reason": "resign" | "time"}` (the colour
/// defaults to the person's, or the side to move).
pub(crate) fn resign(g: &mut Draft, body: &Value) -> Result<(), ApiError> {
    if let Some(e) = g.result() {
        return Err(over(e));
    }
    let color = match body.get("color").map(|c| c.as_str()) {
        None => match g.record.seats {
            Seats::Human(c) => c,
            Seats::Both | Seats::Friends => g.end_position().side_to_move(),
        },
        Some(text) => text
            .and_then(read_color)
            .ok_or_else(|| ApiError::bad("color must be \"white\" or \"black\""))?,
    };
    let end = match body.get("reason").map(|r| r.as_str()) {
        None | Some(Some("resign")) => GameEnd::resigned(color),
        Some(Some("time")) => GameEnd::time(color),
        Some(_) => return Err(ApiError::bad("reason must be \"resign\" or \"time\"")),
    };
    g.stop_search();
    g.stop_thinking();
    g.record.forfeit = Some(end);
    g.record.cursor = g.record.line.len();
    Ok(())
}

/// `position`: `{"fen": ...}` starts the game again from that position.
pub(crate) fn set_position(g: &mut Draft, body: &Value) -> Result<(), ApiError> {
    if body.get("fen").is_none() {
        return Err(ApiError::bad("fen is missing"));
    }
    let pos = fen_of(body)?;
    result_stands(g)?;
    g.restart(pos);
    Ok(())
}

/// `settings`: `{"human": ..., "level": ...}`, either or both. A change of
/// sides ends the engine's search: the server starts the right one.
pub(crate) fn settings(g: &mut Draft, body: &Value) -> Result<(), ApiError> {
    let seats = seats_of(body)?;
    let level = level_of(body)?;
    if let Some(s) = seats.filter(|&s| s != g.record.seats) {
        g.stop_thinking();
        g.engine_once = false;
        g.record.seats = s;
    }
    if let Some(l) = level {
        g.record.level = l;
    }
    Ok(())
}

/// `pgn` (POST): `{"pgn": "..."}` replaces the game with the first game of
/// the text, in SAN or coordinates, played up to where the rules end it. A
/// decisive or drawn result token the board does not reach stands as the
/// game's end (the loser resigned, or a draw was agreed).
pub(crate) fn import_pgn(g: &mut Draft, body: &Value) -> Result<(), ApiError> {
    let text = body
        .get("pgn")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("pgn must be a string"))?;
    result_stands(g)?;
    let games = parse_pgn(text);
    let first = games
        .first()
        .filter(|x| !x.moves.is_empty() || x.tags.contains_key("FEN"))
        .ok_or_else(|| ApiError::bad("no game found in the PGN"))?;
    if let Some(open) = first.unclosed {
        let what = if open == '{' { "comment" } else { "variation" };
        return Err(ApiError::bad(format!(
            "the PGN has a {what} opened with '{open}' and never closed"
        )));
    }
    let start = first.start().map_err(|e| ApiError::bad(e.to_string()))?;
    let (end, line) = first
        .replay_to_end()
        .map_err(|e| ApiError::bad(format!("PGN {e}")))?;
    if line.len() > MAX_PLIES {
        return Err(ApiError::bad(format!(
            "the PGN game goes on past {MAX_PLIES} plies: at most that many are imported"
        )));
    }
    g.restart(start);
    for m in line {
        g.play(m);
    }
    if end.outcome().is_none() {
        g.record.forfeit = match first.result.as_str() {
            "1-0" => Some(GameEnd::resigned(Color::Black)),
            "0-1" => Some(GameEnd::resigned(Color::White)),
            "1/2-1/2" => Some(GameEnd::agreed_draw()),
            _ => None,
        };
    }
    // The clocks start afresh from the imported position.
    let plies = g.record.line.len();
    if let Some(c) = &mut g.record.clocks {
        c.after = vec![c.base_ms(); plies];
        c.turn_start = super::clock::now_ms();
    }
    Ok(())
}
