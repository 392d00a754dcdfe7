//! The server's game loop: every change to a game goes through `change`
//! (made on a copy, written to the database, then put in force and sent to
//! every page), and whenever a game then waits for the engine, `drive`
//! starts the engine's move on a thread of its own and plays it when it is
//! found. The clock watcher judges flags, whether or not a page is open.
//! On start-up, every unfinished game is picked up again.

use super::clock::now_ms;
use super::events::{notice, publish};
use super::game::{Seats, Waiting, WebGame};
use super::http::ApiError;
use super::store::{lock, SharedGame};
use super::view::engine_move_json;
use super::App;
use crate::engine::{GoParams, SearchResult};
use crate::rules::position::Position;
use crate::rules::result::GameEnd;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How long an engine move waits for a free engine.
const MOVE_PATIENCE: Duration = Duration::from_secs(60);

/// How often the clock watcher looks at the running clocks.
const CLOCK_TICK: Duration = Duration::from_millis(100);

/// The game with this id (read from the database if it is not in memory:
/// its flag is judged and its engine move started then).
pub fn find(app: &Arc<App>, id: &str) -> Result<SharedGame, ApiError> {
    let (game, fresh) = app
        .store
        .get(id)?
        .ok_or_else(|| ApiError::new(404, format!("unknown game '{id}'")))?;
    if fresh {
        judge_flag(app, &game);
        drive(app, &game);
    }
    Ok(game)
}

/// Make a change to a game: `f` works on a copy, which is written to the
/// database and only then put in force and sent to every page; then the
/// engine's move starts if the game waits for it. Returns the new state.
pub fn change<T>(
    app: &Arc<App>,
    game: &SharedGame,
    f: impl FnOnce(&mut WebGame) -> Result<T, ApiError>,
) -> Result<Value, ApiError> {
    let state = {
        let mut g = lock(game);
        let mut next = g.clone();
        f(&mut next)?;
        app.store.save(&next)?;
        *g = next;
        publish(&g)
    };
    drive(app, game);
    Ok(state)
}

/// What one engine move needs.
struct Turn {
    pos: Position,
    ply: usize,
    skill: i64,
    go: GoParams,
}

/// Start the engine's move if the game waits for it and it has not begun.
pub fn drive(app: &Arc<App>, game: &SharedGame) {
    let mut g = lock(game);
    let end = g.end_position();
    if g.thinking.is_some() || g.waiting(&end) != Waiting::Engine {
        return;
    }
    let flag = Arc::new(AtomicBool::new(false));
    g.thinking = Some(Arc::clone(&flag));
    let turn = Turn {
        ply: g.line.len(),
        skill: g.level.skill_level(),
        go: go_params(&g),
        pos: end,
    };
    publish(&g);
    drop(g);
    let (app2, game2, flag2) = (Arc::clone(app), Arc::clone(game), Arc::clone(&flag));
    let spawned = std::thread::Builder::new()
        .name("engine-move".into())
        .spawn(move || engine_turn(&app2, &game2, turn, &flag2));
    if let Err(e) = spawned {
        let mut g = lock(game);
        g.end_thinking(&flag);
        notice(
            &g,
            "problem",
            &json!({"error": format!("cannot start the engine: {e}")}),
        );
        publish(&g);
    }
}

/// The level's limits, capped by the engine's clock when the game is timed.
fn go_params(g: &WebGame) -> GoParams {
    let mut go = g.level.go_params();
    if let (Some(c), Some(side)) = (&g.clocks, g.clock_running(false)) {
        let left = c.budget(side, g.start.side_to_move(), now_ms());
        let inc = Duration::from_millis(c.control.inc_ms.max(0) as u64);
        let cap = (left / 30 + inc * 3 / 4)
            .min(left / 2)
            .max(Duration::from_millis(10));
        go.movetime = Some(go.movetime.map_or(cap, |t| t.min(cap)));
    }
    go
}

/// Search the engine's move and play it, unless the game moved on.
fn engine_turn(app: &Arc<App>, game: &SharedGame, turn: Turn, flag: &Arc<AtomicBool>) {
    let found = loop {
        // The game's pages hear the engine's place in the queue, if any.
        let waiting = |ahead: usize| {
            notice(&lock(game), "queued", &json!({ "position": ahead + 1 }));
            !flag.load(Ordering::SeqCst)
        };
        match think(app, &turn.pos, turn.skill, &turn.go, flag, waiting) {
            Ok(r) => break r,
            // Every engine busy: wait on (moves never give up).
            Err(e) if e.status == 503 && !flag.load(Ordering::SeqCst) => continue,
            Err(_) => return,
        }
    };
    let ours = |g: &WebGame| {
        g.thinking.as_ref().is_some_and(|f| Arc::ptr_eq(f, flag)) && g.line.len() == turn.ply
    };
    let Some(best) = found.best else {
        let mut g = lock(game);
        g.end_thinking(flag);
        publish(&g);
        return;
    };
    let about = engine_move_json(&turn.pos, best, found.score, found.depth);
    let played = change(app, game, |g| {
        if ours(g) {
            g.play_engine(best, about);
        }
        Ok(())
    });
    if let Err(e) = played {
        let mut g = lock(game);
        g.end_thinking(flag);
        notice(&g, "problem", &json!({"error": e.message}));
        publish(&g);
    }
}

/// End the game of a side whose time is up (not if the board ended it).
pub fn judge_flag(app: &Arc<App>, game: &SharedGame) {
    let loser = {
        let g = lock(game);
        match g.flag_down(now_ms()) {
            Some(c) if g.ending_at(&g.end_position(), g.line.len()).is_none() => c,
            _ => return,
        }
    };
    let _ = change(app, game, |g| {
        if g.flag_down(now_ms()) == Some(loser) {
            g.stop_search();
            g.stop_thinking();
            g.forfeit = Some(GameEnd::time(loser));
        }
        Ok(())
    });
}

/// Judge every running clock in memory, ten times a second, while the
/// server lives.
pub fn watch_clocks(app: Weak<App>) -> Result<(), String> {
    std::thread::Builder::new()
        .name("clocks".into())
        .spawn(move || loop {
            std::thread::sleep(CLOCK_TICK);
            let Some(app) = app.upgrade() else { return };
            for game in app.store.in_memory() {
                judge_flag(&app, &game);
            }
        })
        .map(|_| ())
        .map_err(|e| format!("cannot start the clock watcher: {e}"))
}

/// Pick up every unfinished game after a start: flags, then engine moves.
pub fn resume(app: &Arc<App>) -> Result<usize, String> {
    let ids = app.store.unfinished()?;
    for id in &ids {
        if let Err(e) = find(app, id) {
            eprintln!("humpty serve: cannot resume game {id}: {}", e.message);
        }
    }
    Ok(ids.len())
}

/// Longest an `engine-move` request waits for the engine's move.
const ENGINE_MOVE_WAIT: Duration = Duration::from_secs(300);

/// `POST .../engine-move`: the engine's move at the end of the line, as
/// scripts have always asked for it. If the game waits for the engine, its
/// move (already started) is awaited; if the engine's move already ended
/// the line, that move is the answer. On an analysis board the engine plays
/// the side to move once; on the person's own turn the sides swap (as
/// XBoard's Machine White/Black do) and the engine moves. `now` (the
/// page's button) always asks for a new move: on the person's turn the
/// sides swap even if the engine's last move ends the line.
pub fn engine_move(app: &Arc<App>, game: &SharedGame, now: bool) -> Result<Value, ApiError> {
    let ply = {
        let g = lock(game);
        match g.waiting(&g.end_position()) {
            Waiting::Over => return Err(over(&g)),
            Waiting::Human if g.last_engine.is_some() && !now => return Ok(with_engine(&g)),
            Waiting::Human => {
                drop(g);
                change(app, game, |g| {
                    match g.seats {
                        Seats::Human(c) => g.seats = Seats::Human(!c),
                        Seats::Both => g.engine_once = true,
                        Seats::Friends => {
                            return Err(ApiError::new(
                                409,
                                "the engine does not play in a game between two people",
                            ))
                        }
                    }
                    Ok(())
                })?;
                lock(game).line.len()
            }
            Waiting::Engine => g.line.len(),
        }
    };
    let deadline = std::time::Instant::now() + ENGINE_MOVE_WAIT;
    while std::time::Instant::now() < deadline {
        {
            let g = lock(game);
            if g.line.len() > ply && g.last_engine.is_some() {
                return Ok(with_engine(&g));
            }
            let waits = g.line.len() == ply && g.waiting(&g.end_position()) == Waiting::Engine;
            if !waits {
                return Err(ApiError::new(
                    409,
                    "the game moved on: the search was stopped",
                ));
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    Err(ApiError::new(503, "the engine's move is taking too long"))
}

/// The state with the engine's last move.
fn with_engine(g: &WebGame) -> Value {
    let mut state = super::view::game_json(g);
    state["engine"] = g.last_engine.clone().unwrap_or(Value::Null);
    state
}

/// 409: the game is over.
pub fn over(g: &WebGame) -> ApiError {
    let text = g
        .ending_at(&g.end_position(), g.line.len())
        .map_or_else(String::new, |e| e.text());
    ApiError::new(409, format!("the game is over ({text})"))
}

/// Search `pos` on a pooled engine until the limits or the stop flag.
fn think(
    app: &App,
    pos: &Position,
    skill: i64,
    go: &GoParams,
    flag: &AtomicBool,
    waiting: impl FnMut(usize) -> bool,
) -> Result<SearchResult, ApiError> {
    // Engine moves have engines of their own: analysis never delays them.
    let mut engine = app
        .moves
        .borrow_queued(Some(MOVE_PATIENCE), waiting)
        .ok_or_else(|| ApiError::new(503, "every engine is busy; try again"))?;
    // Pooled engines serve every game: each search sets its own strength.
    engine.strength_mut().level = skill;
    engine.set_position(pos.clone());
    let (tx, rx) = channel();
    engine.go(
        go,
        Box::new(|_| {}),
        Box::new(move |r| {
            let _ = tx.send(r);
        }),
    );
    loop {
        match rx.recv_timeout(Duration::from_millis(10)) {
            Ok(r) => return Ok(r),
            Err(RecvTimeoutError::Timeout) if flag.load(Ordering::SeqCst) => engine.stop(),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(ApiError::new(500, "the search ended without a result"))
            }
        }
    }
}
