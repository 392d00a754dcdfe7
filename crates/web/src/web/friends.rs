//! Games between two people ("Play a friend"): the game has two secret
//! seat keys, one per side, carried by the seat links; whoever holds a key
//! moves that side, resigns for it, offers or answers a draw and asks for
//! a rematch. Everyone with the game's address can watch. The server's
//! clocks apply as in any game.

use super::app::App;
use super::driver::change;
use super::game::actions;
use super::game::clock::TimeControl;
use super::game::ending::over;
use super::game::level;
use super::game::live::{Draft, GameRecord, SeatKeys, Seats, SharedGame, WebGame};
use super::game::requests::{Forfeit, Goto, PlayMove, Resign, Side};
use super::game::view::game_json;
use super::game::words::color_word;
use super::net::http::{body_as, to_json, ApiError, Reply};
use super::store::games::new_id;
use super::sync::lock;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::GameEnd;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

/// `POST /api/games {"friend": true, "human"?: "white"|"black", "fen"?,
/// "clock"?}`: a game between two people. The answer carries the state,
/// both seat keys, and the links: the creator's seat (`human`, White by
/// default), the friend's seat, and the watch link.
pub(crate) fn create(
    app: &Arc<App>,
    pos: Position,
    mine: Color,
    clock: Option<TimeControl>,
) -> Result<Reply, ApiError> {
    let mut game = WebGame::new(pos, Seats::Friends, level::DEFAULT, clock);
    game.record.keys = Some(SeatKeys {
        white: new_id(),
        black: new_id(),
    });
    let game = app.store.insert(game)?;
    let g = lock(&game);
    let mut state = game_json(&g);
    state["seats"] = to_json(&seats(&g, mine));
    Ok(Reply::Json(201, state))
}

/// The keys and the links (the key goes after `#`, so it never reaches a
/// server log or a `Referer`).
#[derive(Serialize)]
struct SeatsView {
    white: String,
    black: String,
    yours: &'static str,
    links: Links,
}

/// The creator's seat link, the friend's, and the watch link.
#[derive(Serialize)]
struct Links {
    you: String,
    friend: String,
    watch: String,
}

/// The seats of a game made with `create` (which gave it keys).
fn seats(g: &WebGame, mine: Color) -> SeatsView {
    let r = &g.record;
    let keys = r.keys.clone().unwrap_or_else(|| SeatKeys {
        white: String::new(),
        black: String::new(),
    });
    let link = |c: Color| format!("/g/{}#seat={}", r.id, keys.of(c));
    SeatsView {
        yours: color_word(mine),
        links: Links {
            you: link(mine),
            friend: link(!mine),
            watch: format!("/g/{}", r.id),
        },
        white: keys.white.clone(),
        black: keys.black.clone(),
    }
}

/// A seat's colour (`seat`).
#[derive(Serialize)]
struct SeatColor {
    color: &'static str,
}

/// A player's request: the seat key that says who, and the action's own
/// fields.
#[derive(Deserialize)]
struct Seated<T> {
    #[serde(default)]
    seat: String,
    #[serde(flatten)]
    request: T,
}

/// An action with no fields of its own.
#[derive(Deserialize)]
struct Nothing {}

/// What a player does about a draw.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum DrawAction {
    Offer,
    Accept,
    Decline,
}

/// `draw`: `{"seat", "action": "offer" | "accept" | "decline"}`.
#[derive(Deserialize)]
struct DrawRequest {
    action: DrawAction,
}

/// The side a seat key plays (403 without a valid one).
fn seat(g: &GameRecord, key: &str) -> Result<Color, ApiError> {
    g.keys
        .as_ref()
        .and_then(|k| k.color_of(key))
        .ok_or_else(|| ApiError::new(403, "this needs a seat link of this game"))
}

/// The routes of a game between two people.
pub(crate) fn route(
    app: &Arc<App>,
    body: &[u8],
    action: &str,
    game: &SharedGame,
) -> Result<Reply, ApiError> {
    let ok = |state: Value| Ok(Reply::Json(200, state));
    match action {
        "seat" => {
            let r: Seated<Nothing> = body_as(body)?;
            let color = seat(&lock(game).record, &r.seat)?;
            ok(to_json(&SeatColor {
                color: color_word(color),
            }))
        }
        "move" => {
            let r: Seated<PlayMove> = body_as(body)?;
            ok(change(app, game, |g| play(g, &r.seat, &r.request))?)
        }
        "resign" => {
            let r: Seated<Nothing> = body_as(body)?;
            ok(change(app, game, |g| resign(g, &r.seat))?)
        }
        "abort" => {
            let r: Seated<Nothing> = body_as(body)?;
            ok(change(app, game, |g| {
                seat(&g.record, &r.seat)?;
                actions::abort(g)
            })?)
        }
        "draw" => {
            let r: Seated<DrawRequest> = body_as(body)?;
            ok(change(app, game, |g| draw(g, &r.seat, r.request.action))?)
        }
        "rematch" => {
            let r: Seated<Nothing> = body_as(body)?;
            rematch(app, game, &r.seat)
        }
        "review" => {
            if lock(game).result().is_none() {
                return Err(ApiError::new(409, "the review comes after the game"));
            }
            let state = super::driver::start_review(app, game, &body_as(body)?)?;
            Ok(Reply::Json(202, state))
        }
        "goto" => {
            let r: Seated<Goto> = body_as(body)?;
            ok(change(app, game, |g| {
                if g.result().is_none() {
                    return Err(ApiError::new(409, "moves can be looked back at once the game is over"));
                }
                actions::goto(g, &r.request)
            })?)
        }
        _ => Err(ApiError::new(
            409,
            format!("'{action}' is not for a game between two people: its players move by their seat links"),
        )),
    }
}

/// A move by the side whose key is given, on its turn, at the end.
fn play(g: &mut Draft, key: &str, request: &PlayMove) -> Result<(), ApiError> {
    let color = seat(&g.record, key)?;
    if let Some(e) = g.result() {
        return Err(over(e));
    }
    if g.end_position().side_to_move() != color {
        return Err(ApiError::new(409, format!("it is {}'s turn", !color)));
    }
    g.record.cursor = g.record.line.len();
    actions::play(g, request)
}

/// The key's side resigns.
fn resign(g: &mut Draft, key: &str) -> Result<(), ApiError> {
    let color = seat(&g.record, key)?;
    let request = Resign {
        color: Some(Side(color)),
        reason: Forfeit::Resign,
    };
    actions::resign(g, &request)
}

/// `{"seat", "action": "offer" | "accept" | "decline"}`.
fn draw(d: &mut Draft, key: &str, action: DrawAction) -> Result<(), ApiError> {
    let color = seat(&d.record, key)?;
    if let Some(e) = d.result() {
        return Err(over(e));
    }
    let g = &mut d.record;
    let offered = g.draw_offer == Some(!color);
    match action {
        DrawAction::Offer | DrawAction::Accept if offered => accept(g),
        DrawAction::Offer => g.draw_offer = Some(color),
        DrawAction::Decline if offered => g.draw_offer = None,
        DrawAction::Accept | DrawAction::Decline => {
            return Err(ApiError::new(409, "no draw is offered to you"))
        }
    }
    Ok(())
}

/// The draw is agreed.
fn accept(g: &mut GameRecord) {
    g.draw_offer = None;
    g.cursor = g.line.len();
    g.forfeit = Some(GameEnd::agreed_draw().into());
}

/// `{"seat"}` once the game is over: ask for a rematch, or accept the
/// other's. When both have asked, the new game starts with the colours
/// swapped, each player keeping their key; `rematch` names it.
fn rematch(app: &Arc<App>, game: &SharedGame, key: &str) -> Result<Reply, ApiError> {
    let (color, fresh) = {
        let g = lock(game);
        let color = seat(&g.record, key)?;
        if g.result().is_none() {
            return Err(ApiError::new(409, "a rematch comes after the game"));
        }
        let r = &g.record;
        let both = r.rematch_offer == Some(!color) && r.rematch.is_none();
        (color, both.then(|| swapped(r)))
    };
    let new_id = match fresh {
        Some(new) => Some(app.store.insert(new)?),
        None => None,
    };
    let state = change(app, game, |d| {
        let g = &mut d.record;
        if let Some(new) = &new_id {
            g.rematch = Some(lock(new).record.id.clone());
        } else if g.rematch.is_none() {
            g.rematch_offer = Some(color);
        }
        Ok(())
    })?;
    Ok(Reply::Json(200, state))
}

/// The rematch of `g`: its start and clock, colours (and keys) swapped.
fn swapped(g: &GameRecord) -> WebGame {
    let control = g.clocks.as_ref().map(|c| c.control);
    let mut new = WebGame::new(g.start.clone(), Seats::Friends, g.level, control);
    new.record.keys = g.keys.as_ref().map(|k| SeatKeys {
        white: k.black.clone(),
        black: k.white.clone(),
    });
    new
}
