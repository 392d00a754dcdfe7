//! The HTTP API (docs/web.md): one route per action on a game. Every
//! handler answers JSON, and every bad request a 4xx with `{"error": ...}`.
//! Every change goes through `driver::change`: stored, then answered and
//! sent to every page showing the game.

use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::web::app::App;
use crate::web::driver::{self, change};
use crate::web::game::actions;
use crate::web::game::level;
use crate::web::game::live::SharedGame;
use crate::web::game::live::{Seats, WebGame};
use crate::web::game::requests::{EngineMove, NewGame};
use crate::web::game::view::game_json;
use crate::web::net::http::{body_as, ApiError, Reply, Target};
use crate::web::page::assets;
use crate::web::puzzle_messages::Whose;
use crate::web::sync::lock;
use serde_json::Value;
use std::sync::Arc;

/// Answer one request (a panic in a handler becomes a 500, never a dead
/// server). It may wait for a search: run it off the network's threads.
pub(crate) fn answer(app: &Arc<App>, target: &Target, body: &[u8]) -> Result<Reply, ApiError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| route(app, body, target)))
        .unwrap_or_else(|_| Err(ApiError::new(500, "internal error")))
}

/// What a request is, by its method and path: one of a game's event
/// streams (answered as the network side streams them), or a call that
/// `answer` answers. Every path is matched here, and only here.
pub(crate) enum Route {
    /// `GET /api/games/{id}/analysis?multipv=N`.
    Analysis {
        /// The game.
        id: String,
        /// The lines asked for, as written.
        multipv: Option<String>,
    },
    /// `GET /api/games/{id}/events`.
    Events {
        /// The game.
        id: String,
    },
    /// Anything else: `answer` routes it.
    Call,
}

/// The route of a request.
pub(crate) fn route_of(target: &Target) -> Route {
    let stream = match (target.method.as_str(), target.segments.as_slice()) {
        ("GET", [api, games, id, last]) if api == "api" && games == "games" => {
            Some((id.clone(), last.as_str()))
        }
        _ => None,
    };
    match stream {
        Some((id, "analysis")) => Route::Analysis {
            id,
            multipv: target.param("multipv").map(str::to_string),
        },
        Some((id, "events")) => Route::Events { id },
        _ => Route::Call,
    }
}

/// Most games one summary request may name.
const MAX_LISTED: usize = 200;

/// Find the handler for a method and path.
fn route(app: &Arc<App>, body: &[u8], target: &Target) -> Result<Reply, ApiError> {
    let segs: Vec<&str> = target.segments.iter().map(String::as_str).collect();
    let method = target.method.as_str();
    match (method, segs.as_slice()) {
        // A game's own address (`/g/<id>`) is the page, which opens it.
        ("GET", []) | ("GET", ["g", _]) => Ok(assets::page("index.html")),
        ("GET", [file]) if assets::exists(file) => Ok(assets::page(file)),
        ("GET", ["humpty", rest @ ..]) => package(&rest.join("/")),
        ("GET", ["api", "levels"]) => Ok(levels()),
        ("GET", ["api", "pieces"]) => Ok(pieces()),
        ("GET", ["api", "games"]) => list(app, target.param("ids").unwrap_or("")),
        ("GET", ["puzzles"]) => Ok(assets::page("puzzles.html")),
        ("GET", ["api", "explorer"]) => {
            Ok(Reply::Json(200, app.explorer.moves(target.param("fen"))?))
        }
        ("GET", ["api", "tablebase"]) => Ok(Reply::Json(
            200,
            crate::web::game::endgame::answer(app.tables.as_ref(), target.param("fen"))?,
        )),
        (_, ["api", "puzzles", rest @ ..]) => puzzle_route(app, body, method, rest),
        ("POST", ["api", "games"]) => create(app, body_as(body)?),
        (_, ["api", "games", id, rest @ ..]) => {
            let game = driver::find(app, id)?;
            game_route(app, body, method, rest, &game)
        }
        ("GET" | "POST", _) => Err(ApiError::new(404, "no such page or API route")),
        _ => Err(ApiError::new(405, format!("method {method} not allowed"))),
    }
}

/// The routes under `/api/puzzles` (docs/puzzles.md).
fn puzzle_route(
    app: &Arc<App>,
    body: &[u8],
    method: &str,
    rest: &[&str],
) -> Result<Reply, ApiError> {
    let db = app.store.db();
    let t = &app.trainer;
    match (method, rest) {
        ("GET", ["themes"]) => Ok(Reply::Json(200, t.themes())),
        ("POST", ["player"]) => Ok(Reply::Json(201, crate::web::puzzles::new_player(db)?)),
        ("POST", ["me"]) => {
            let whose: Whose = body_as(body)?;
            Ok(Reply::Json(200, t.me(db, &whose.player)?))
        }
        ("POST", ["next"]) => Ok(Reply::Json(201, t.next(db, &body_as(body)?)?)),
        ("POST", ["current"]) => {
            let whose: Whose = body_as(body)?;
            Ok(Reply::Json(200, t.current(db, &whose.player)?))
        }
        ("POST", ["attempts", id, action]) => Ok(Reply::Json(200, t.act(db, id, action, body)?)),
        ("GET" | "POST", _) => Err(ApiError::new(404, "no such puzzle route")),
        _ => Err(ApiError::new(405, format!("method {method} not allowed"))),
    }
}

/// The routes under `/api/games/{id}`.
fn game_route(
    app: &Arc<App>,
    body: &[u8],
    method: &str,
    rest: &[&str],
    game: &SharedGame,
) -> Result<Reply, ApiError> {
    let ok = |state: Value| Ok(Reply::Json(200, state));
    match (method, rest) {
        ("GET", []) => ok(game_json(&lock(game))),
        ("GET", ["pgn"]) => Ok(crate::web::game::pgn::export(&lock(game))),
        ("GET", ["review"]) => ok(driver::review_state(game)?),
        ("GET", ["learn"]) => ok(crate::web::learn::exercises(game)?),
        ("POST", ["learn"]) => ok(crate::web::learn::judge(app, game, &body_as(body)?)?),
        ("POST", [action]) if lock(game).record.seats == Seats::Friends => {
            crate::web::friends::route(app, body, action, game)
        }
        ("POST", ["review"]) => Ok(Reply::Json(
            202,
            driver::start_review(app, game, &body_as(body)?)?,
        )),
        ("POST", ["engine-move"]) => {
            let request: EngineMove = body_as(body)?;
            ok(driver::engine_move(app, game, request.now)?)
        }
        ("POST", ["stop"]) => {
            // Stops the analysis; the engine's move in a game is not stopped.
            let mut g = lock(game);
            g.stop_search();
            ok(crate::web::game::events::publish(&g, g.record.line.len()))
        }
        ("POST", [action]) => ok(act(app, game, action, body)?),
        ("GET" | "POST", _) => Err(ApiError::new(404, "no such game route")),
        _ => Err(ApiError::new(405, format!("method {method} not allowed"))),
    }
}

/// `POST /api/games/{id}/{action}`: one change to the game, its request
/// read whole before anything changes.
fn act(app: &Arc<App>, game: &SharedGame, action: &str, body: &[u8]) -> Result<Value, ApiError> {
    match action {
        "move" => {
            let request = body_as(body)?;
            change(app, game, |g| actions::play(g, &request))
        }
        "undo" => change(app, game, actions::undo),
        "abort" => change(app, game, actions::abort),
        "variation" => {
            let request = body_as(body)?;
            change(app, game, |g| g.change_variation(&request))
        }
        "goto" => {
            let request = body_as(body)?;
            change(app, game, |g| actions::goto(g, &request))
        }
        "resign" => {
            let request = body_as(body)?;
            change(app, game, |g| actions::resign(g, &request))
        }
        "position" => {
            let request = body_as(body)?;
            change(app, game, |g| actions::set_position(g, &request))
        }
        "settings" => {
            let request = body_as(body)?;
            change(app, game, |g| actions::settings(g, &request))
        }
        "pgn" => {
            let request = body_as(body)?;
            change(app, game, |g| actions::import_pgn(g, &request))
        }
        _ => Err(ApiError::new(404, format!("no action '{action}'"))),
    }
}

/// `GET /api/pieces`: each kind's letter, name and movement, from the
/// rules' one table (the page draws its legend and piece labels from it).
fn pieces() -> Reply {
    Reply::Json(200, crate::web::game::pieces::pieces_json())
}

/// `GET /humpty/<path>`: the rules and the engine for the browser.
fn package(path: &str) -> Result<Reply, ApiError> {
    let (content_type, body) = assets::package_file(path).ok_or_else(|| {
        ApiError::new(
            404,
            "no such file (the WebAssembly builds are not in this humpty)",
        )
    })?;
    Ok(Reply::Bytes {
        content_type,
        body,
        download: None,
    })
}

/// `GET /api/levels`: the named levels.
fn levels() -> Reply {
    Reply::json(200, &level::levels())
}

/// `POST /api/games`: a new game (`fen`, `human`, `level`, `clock`
/// optional); the engine starts at once if it has the move.
fn create(app: &Arc<App>, request: NewGame) -> Result<Reply, ApiError> {
    let pos = request.fen.map_or_else(Position::startpos, |f| f.0);
    let seats = request.human.map_or(Seats::Human(Color::White), |h| h.0);
    let level = request.level.unwrap_or(level::DEFAULT);
    let clock = request.clock.map(|c| c.0);
    if request.friend {
        let mine = match seats {
            Seats::Human(c) => c,
            _ => {
                return Err(ApiError::bad(
                    "with a friend, human is \"white\" or \"black\"",
                ))
            }
        };
        return crate::web::friends::create(app, pos, mine, clock);
    }
    let game = app.store.insert(WebGame::new(pos, seats, level, clock))?;
    let state = game_json(&lock(&game));
    driver::drive(app, &game);
    Ok(Reply::Json(201, state))
}

/// The answer to `GET /api/games?ids=...`.
#[derive(serde::Serialize)]
struct GameList {
    games: Vec<crate::web::store::db::GameSummary>,
}

/// `GET /api/games?ids=a,b,c`: a summary of each of these games (a
/// browser lists its own games this way: ids are secrets, so there is no
/// list of everyone's).
fn list(app: &Arc<App>, ids: &str) -> Result<Reply, ApiError> {
    let ids: Vec<String> = ids
        .split(',')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    if ids.len() > MAX_LISTED {
        return Err(ApiError::bad(format!("at most {MAX_LISTED} ids")));
    }
    let games = app.store.summaries(&ids)?;
    Ok(Reply::json(200, &GameList { games }))
}
