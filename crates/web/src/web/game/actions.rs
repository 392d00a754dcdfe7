//! What a person can do to a game through the API: move, take back, look
//! at an earlier ply, abort, resign, set a position, import a PGN, change sides or
//! level. Each works on the draft that `driver::change` then stores, and
//! checks its input first: a bad request changes nothing.

use super::ending::over;
use super::ending::Ending;
use super::live::{Draft, Seats};
use super::record::MAX_PLIES;
use super::requests::{Forfeit, Goto, ImportPgn, PlayMove, Resign, SetPosition, Settings};
use crate::rules::movetext::Token;
use crate::rules::pgn::parse_pgn;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::GameEnd;
use crate::tree::GameTree;
use crate::web::net::http::ApiError;

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
pub(crate) fn play(g: &mut Draft, request: &PlayMove) -> Result<(), ApiError> {
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
        .parse_san(&request.text)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    g.play(m).map_err(|e| ApiError::new(409, e.to_string()))
}

/// `undo`: take back to the person's previous turn (one ply on an
/// analysis board); the taken-back moves are dropped. A finished game's
/// moves stay.
pub(crate) fn undo(g: &mut Draft) -> Result<(), ApiError> {
    result_stands(g)?;
    // In a variation, its last move shown is taken back.
    if let Some(node) = g.record.variation_node {
        let action = super::requests::VariationAction::Delete;
        return g.change_variation(&super::requests::VariationChange { node, action });
    }
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

/// `goto`: `{"ply": N}` shows the position after N moves of the main line
/// (a view: the game goes on at the end of its line), `{"node": N}` a move
/// of the variations.
pub(crate) fn goto(g: &mut Draft, request: &Goto) -> Result<(), ApiError> {
    if let Some(node) = request.node {
        let moves = g.record.variations.as_ref().map_or(0, |t| t.len());
        if node == 0 || node > moves {
            return Err(ApiError::bad(format!("node must be 1 to {moves}")));
        }
        g.stop_search();
        g.show_node(node);
        return Ok(());
    }
    let plies = g.record.line.len();
    let ply = request
        .ply
        .and_then(|p| usize::try_from(p).ok())
        .filter(|&p| p <= plies)
        .ok_or_else(|| ApiError::bad(format!("ply must be 0 to {plies}")))?;
    g.stop_search();
    g.record.cursor = ply;
    g.record.variation_node = None;
    Ok(())
}

/// `resign`: `{"color": "white", "reason": "resign" | "time"}` (the colour
/// defaults to the person's, or the side to move).
pub(crate) fn resign(g: &mut Draft, request: &Resign) -> Result<(), ApiError> {
    if let Some(e) = g.result() {
        return Err(over(e));
    }
    let color = match request.color {
        Some(side) => side.0,
        None => match g.record.seats {
            Seats::Human(c) => c,
            Seats::Both | Seats::Friends => g.end_position().side_to_move(),
        },
    };
    let end = match request.reason {
        Forfeit::Resign => GameEnd::resigned(color).into(),
        Forfeit::Time => GameEnd::time(color).into(),
    };
    g.stop_search();
    g.stop_thinking();
    g.record.forfeit = Some(end);
    g.record.cursor = g.record.line.len();
    g.record.variation_node = None;
    Ok(())
}

/// `abort`: end a game before both sides have moved, with no result (as
/// lichess's Abort). After that, only resigning ends a game early.
pub(crate) fn abort(g: &mut Draft) -> Result<(), ApiError> {
    if let Some(e) = g.result() {
        return Err(over(e));
    }
    if g.record.seats == Seats::Both {
        return Err(ApiError::new(409, "an analysis board has no game to abort"));
    }
    if !g.record.abortable() {
        return Err(ApiError::new(
            409,
            "both sides have moved: the game can no longer be aborted, only resigned",
        ));
    }
    g.stop_search();
    g.stop_thinking();
    g.record.forfeit = Some(Ending::Aborted);
    g.record.draw_offer = None;
    g.record.cursor = g.record.line.len();
    g.record.variation_node = None;
    Ok(())
}

/// `position`: `{"fen": ...}` starts the game again from that position.
pub(crate) fn set_position(g: &mut Draft, request: &SetPosition) -> Result<(), ApiError> {
    result_stands(g)?;
    g.restart(request.fen.0.clone());
    Ok(())
}

/// `settings`: `{"human": ..., "level": ...}`, either or both. A change of
/// sides ends the engine's search: the server starts the right one.
pub(crate) fn settings(g: &mut Draft, request: &Settings) -> Result<(), ApiError> {
    let seats = request.human.map(|h| h.0);
    if let Some(s) = seats.filter(|&s| s != g.record.seats) {
        g.stop_thinking();
        g.engine_once = false;
        g.record.seats = s;
    }
    if let Some(l) = request.level {
        g.record.level = l;
    }
    Ok(())
}

/// `pgn` (POST): `{"pgn": "..."}` replaces the game with the first game of
/// the text, in SAN or coordinates, played up to where the rules end it
/// (with its variations, on an analysis board). A
/// decisive or drawn result token the board does not reach stands as the
/// game's end (the loser resigned, or a draw was agreed).
pub(crate) fn import_pgn(g: &mut Draft, request: &ImportPgn) -> Result<(), ApiError> {
    result_stands(g)?;
    let games = parse_pgn(&request.pgn);
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
    // An analysis board keeps the text's variations.
    let variations = match g.record.seats {
        Seats::Both if first.line.contains(&Token::Open) => {
            let t = GameTree::from_pgn(start.clone(), &first.line)
                .map_err(|e| ApiError::bad(format!("PGN variation: {e}")))?;
            Some(t).filter(|t| t.mainline_moves() == line)
        }
        _ => None,
    };
    g.restart(start);
    for m in line {
        g.play(m).map_err(|e| ApiError::bad(e.to_string()))?;
    }
    g.record.variations = variations;
    g.record.tidy_variations();
    if end.outcome().is_none() {
        g.record.forfeit = match first.result.as_str() {
            "1-0" => Some(GameEnd::resigned(Color::Black).into()),
            "0-1" => Some(GameEnd::resigned(Color::White).into()),
            "1/2-1/2" => Some(GameEnd::agreed_draw().into()),
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
