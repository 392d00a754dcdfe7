//! The HTTP API (docs/web.md): one route per action on a game. Every
//! handler answers JSON, and every bad request a 4xx with `{"error": ...}`.

use super::assets;
use super::game::{Seats, WebGame};
use super::http::{body_json, ApiError, Reply, Target};
use super::level::{self, Level};
use super::review;
use super::search;
use super::store::{lock, SharedGame};
use super::view::game_json;
use super::App;
use crate::rules::pgn::{parse_pgn, variant_men, write_game, WrittenMove};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use crate::rules::result::{GameEnd, UNFINISHED};
use serde_json::{json, Value};
use std::sync::Arc;

/// Answer one request (a panic in a handler becomes a 500, never a dead
/// server). It may wait for a search: run it off the network's threads.
pub fn answer(app: &Arc<App>, target: &Target, body: &[u8]) -> Result<Reply, ApiError> {
    let segs: Vec<&str> = target.segments.iter().map(String::as_str).collect();
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        route(app, body, &target.method, &segs)
    }))
    .unwrap_or_else(|_| Err(ApiError::new(500, "internal error")))
}

/// The game id of an analysis stream's path (`GET /api/games/{id}/analysis`).
pub fn analysis_path(target: &Target) -> Option<&str> {
    match (target.method.as_str(), target.segments.as_slice()) {
        ("GET", [api, games, id, analysis])
            if api == "api" && games == "games" && analysis == "analysis" =>
        {
            Some(id.as_str())
        }
        _ => None,
    }
}

/// Find the handler for a method and path.
fn route(app: &Arc<App>, body: &[u8], method: &str, segs: &[&str]) -> Result<Reply, ApiError> {
    match (method, segs) {
        ("GET", []) => Ok(assets::page("index.html")),
        ("GET", [file]) if assets::exists(file) => Ok(assets::page(file)),
        ("GET", ["api", "levels"]) => Ok(levels()),
        ("GET", ["api", "pieces"]) => Ok(pieces()),
        ("POST", ["api", "games"]) => create(app, &body_json(body)?),
        (_, ["api", "games", id, rest @ ..]) => {
            let game = app
                .store
                .get(id)
                .ok_or_else(|| ApiError::new(404, format!("unknown game '{id}'")))?;
            game_route(app, body, method, rest, id, &game)
        }
        ("GET" | "POST", _) => Err(ApiError::new(404, "no such page or API route")),
        _ => Err(ApiError::new(405, format!("method {method} not allowed"))),
    }
}

/// The routes under `/api/games/{id}`.
fn game_route(
    app: &Arc<App>,
    body: &[u8],
    method: &str,
    rest: &[&str],
    id: &str,
    game: &SharedGame,
) -> Result<Reply, ApiError> {
    let ok = |g: &WebGame| Ok(Reply::Json(200, game_json(id, g)));
    match (method, rest) {
        ("GET", []) => ok(&lock(game)),
        ("GET", ["pgn"]) => Ok(export_pgn(id, &lock(game))),
        ("GET", ["review"]) => review::get(game),
        ("POST", ["review"]) => review::start(app, game, &body_json(body)?),
        ("POST", ["engine-move"]) => search::engine_move(app, id, game),
        ("POST", ["stop"]) => {
            lock(game).stop_search();
            ok(&lock(game))
        }
        ("POST", [action]) => {
            let body = body_json(body)?;
            let mut g = lock(game);
            match *action {
                "move" => play(&mut g, &body)?,
                "undo" => undo(&mut g),
                "goto" => goto(&mut g, &body)?,
                "resign" => resign(&mut g, &body)?,
                "position" => set_position(&mut g, &body)?,
                "settings" => settings(&mut g, &body)?,
                "pgn" => import_pgn(&mut g, &body)?,
                _ => return Err(ApiError::new(404, format!("no action '{action}'"))),
            }
            ok(&g)
        }
        ("GET" | "POST", _) => Err(ApiError::new(404, "no such game route")),
        _ => Err(ApiError::new(405, format!("method {method} not allowed"))),
    }
}

/// `GET /api/pieces`: each kind's letter, name and movement, from the
/// rules' one table (the page draws its legend and piece labels from it).
fn pieces() -> Reply {
    let list: Vec<Value> = PieceKind::ALL
        .iter()
        .map(|k| json!({"letter": k.letter().to_string(), "name": k.name(), "moves": k.info().movement}))
        .collect();
    Reply::Json(200, json!({ "pieces": list }))
}

/// `GET /api/levels`: the named levels.
fn levels() -> Reply {
    let list: Vec<Value> = level::named()
        .into_iter()
        .map(|n| json!({"name": n.name, "about": n.about, "level": n.level.to_json()}))
        .collect();
    Reply::Json(
        200,
        json!({"levels": list, "default": level::DEFAULT.to_json()}),
    )
}

/// The `human` field: "white", "black" or "both".
fn seats_of(v: &Value) -> Result<Option<Seats>, ApiError> {
    match v.get("human").map(|h| h.as_str()) {
        None => Ok(None),
        Some(Some("white")) => Ok(Some(Seats::Human(Color::White))),
        Some(Some("black")) => Ok(Some(Seats::Human(Color::Black))),
        Some(Some("both")) => Ok(Some(Seats::Both)),
        Some(_) => Err(ApiError::bad(
            "human must be \"white\", \"black\" or \"both\"",
        )),
    }
}

/// The `level` field, if given.
fn level_of(v: &Value) -> Result<Option<Level>, ApiError> {
    v.get("level")
        .map(|l| Level::from_json(l).map_err(ApiError::bad))
        .transpose()
}

/// A position from the `fen` field (the start position if absent).
fn fen_of(v: &Value) -> Result<Position, ApiError> {
    match v.get("fen") {
        None => Ok(Position::startpos()),
        Some(Value::String(f)) => {
            let pos = Position::from_fen(f).map_err(|e| ApiError::bad(format!("bad FEN: {e}")))?;
            Ok(pos)
        }
        Some(_) => Err(ApiError::bad("fen must be a string")),
    }
}

/// `POST /api/games`: a new game (`fen`, `human`, `level` optional).
fn create(app: &Arc<App>, body: &Value) -> Result<Reply, ApiError> {
    let pos = fen_of(body)?;
    let seats = seats_of(body)?.unwrap_or(Seats::Human(Color::White));
    let level = level_of(body)?.unwrap_or(level::DEFAULT);
    let game = WebGame::new(pos, seats, level);
    let id = app.store.insert(game);
    let g = app
        .store
        .get(&id)
        .ok_or_else(|| ApiError::new(500, "game lost"))?;
    let state = game_json(&id, &lock(&g));
    Ok(Reply::Json(201, state))
}

/// Refuse a change to a finished game.
fn not_over(g: &WebGame) -> Result<Position, ApiError> {
    let pos = g.position();
    match g.ending(&pos) {
        Some(e) => Err(ApiError::new(
            409,
            format!("the game is over ({})", e.text()),
        )),
        None => Ok(pos),
    }
}

/// `move`: `{"move": "e2i6"}` or SAN (`"Axi6+"`).
fn play(g: &mut WebGame, body: &Value) -> Result<(), ApiError> {
    let text = body
        .get("move")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("move must be a string such as \"e2i6\" or \"Axi6\""))?;
    let pos = not_over(g)?;
    let m = pos
        .parse_san(text)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    g.play(m);
    Ok(())
}

/// `undo`: take back to the human's previous turn (one ply on an analysis
/// board); the taken-back moves are dropped.
fn undo(g: &mut WebGame) {
    g.stop_search();
    let mut ply = g.cursor.saturating_sub(1);
    if let Seats::Human(c) = g.seats {
        while ply > 0 && g.position_at(ply).side_to_move() != c {
            ply -= 1;
        }
        if g.position_at(ply).side_to_move() != c {
            ply = g.cursor;
        }
    }
    g.line.truncate(ply);
    g.cursor = ply;
    g.forfeit = None;
}

/// `goto`: `{"ply": N}` shows the position after N moves.
fn goto(g: &mut WebGame, body: &Value) -> Result<(), ApiError> {
    let ply = body
        .get("ply")
        .and_then(Value::as_u64)
        .filter(|&p| p as usize <= g.line.len())
        .ok_or_else(|| ApiError::bad(format!("ply must be 0 to {}", g.line.len())))?;
    g.stop_search();
    g.cursor = ply as usize;
    Ok(())
}

/// `resign`: `{"color": "white", "reason": "resign" | "time"}` (the colour
/// defaults to the human's, or the side to move).
fn resign(g: &mut WebGame, body: &Value) -> Result<(), ApiError> {
    let pos = not_over(g)?;
    if g.cursor != g.line.len() {
        return Err(ApiError::new(409, "go to the last move to resign"));
    }
    let color = match body.get("color").map(|c| c.as_str()) {
        None => match g.seats {
            Seats::Human(c) => c,
            Seats::Both => pos.side_to_move(),
        },
        Some(Some("white")) => Color::White,
        Some(Some("black")) => Color::Black,
        Some(_) => return Err(ApiError::bad("color must be \"white\" or \"black\"")),
    };
    g.stop_search();
    g.forfeit = Some(match body.get("reason").map(|r| r.as_str()) {
        None | Some(Some("resign")) => GameEnd::resigned(color),
        Some(Some("time")) => GameEnd::time(color),
        Some(_) => return Err(ApiError::bad("reason must be \"resign\" or \"time\"")),
    });
    Ok(())
}

/// `position`: `{"fen": ...}` starts the game again from that position.
fn set_position(g: &mut WebGame, body: &Value) -> Result<(), ApiError> {
    if body.get("fen").is_none() {
        return Err(ApiError::bad("fen is missing"));
    }
    let pos = fen_of(body)?;
    g.stop_search();
    *g = WebGame::new(pos, g.seats, g.level);
    Ok(())
}

/// `settings`: `{"human": ..., "level": ...}`, either or both.
fn settings(g: &mut WebGame, body: &Value) -> Result<(), ApiError> {
    let seats = seats_of(body)?;
    let level = level_of(body)?;
    if let Some(s) = seats {
        g.seats = s;
    }
    if let Some(l) = level {
        g.level = l;
    }
    Ok(())
}

/// `pgn` (POST): `{"pgn": "..."}` replaces the game with the first game of
/// the text, in SAN or coordinates.
fn import_pgn(g: &mut WebGame, body: &Value) -> Result<(), ApiError> {
    let text = body
        .get("pgn")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("pgn must be a string"))?;
    let games = parse_pgn(text);
    let first = games
        .first()
        .filter(|x| !x.moves.is_empty() || x.tags.contains_key("FEN"))
        .ok_or_else(|| ApiError::bad("no game found in the PGN"))?;
    let start = first.start().map_err(ApiError::bad)?;
    let (_, line) = first
        .replay_moves(None)
        .map_err(|e| ApiError::bad(format!("PGN {e}")))?;
    let mut fresh = WebGame::new(start, g.seats, g.level);
    fresh.cursor = line.len();
    fresh.line = line;
    g.stop_search();
    *g = fresh;
    Ok(())
}

/// `GET .../pgn`: the game (to the end of its line) as a PGN download.
fn export_pgn(id: &str, g: &WebGame) -> Reply {
    let end = g.line.len();
    let result = g
        .ending_at(&g.position_at(end), end)
        .map_or(UNFINISHED, |e| e.result.pgn());
    let (white, black) = match g.seats {
        Seats::Human(Color::White) => ("You", "humpty"),
        Seats::Human(Color::Black) => ("humpty", "You"),
        Seats::Both => ("?", "?"),
    };
    let tags = [
        ("Event", "humpty serve".to_string()),
        ("Site", "humpty web board".to_string()),
        ("White", white.to_string()),
        ("Black", black.to_string()),
        ("Result", result.to_string()),
        ("Variant", "humpty".to_string()),
        ("VariantMen", variant_men()),
        ("SetUp", "1".to_string()),
        ("FEN", g.start.to_fen()),
    ];
    let mut walk = g.start.clone();
    let moves: Vec<WrittenMove> = g
        .line
        .iter()
        .map(|&m| {
            let text = walk.san(m);
            walk.make_move(m);
            WrittenMove {
                text,
                comment: None,
            }
        })
        .collect();
    let body = write_game(&tags, &g.start, &moves, None, result);
    Reply::Bytes {
        content_type: "application/x-chess-pgn; charset=utf-8",
        body: body.into_bytes(),
        download: Some(format!("humpty-{id}.pgn")),
    }
}
