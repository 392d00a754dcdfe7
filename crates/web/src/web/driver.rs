//! The server's game loop: every change to a game goes through `change`
//! (made on a copy, written to the database, then put in force and sent to
//! every page), and whenever a game then waits for the engine, `drive`
//! starts the engine's move on a thread of its own and plays it when it is
//! found. The clock watcher judges flags, whether or not a page is open.
//! On start-up, every unfinished game is picked up again.

use super::app::App;
use super::game::clock::now_ms;
use super::game::ending::over;
use super::game::events::{notice, publish, publish_status};
use super::game::live::{Draft, Seats, SharedGame, Waiting, WebGame};
use super::game::view::engine_move_json;
use super::net::http::ApiError;
use super::net::http::{to_json, Problem, Queued};
use super::review;
use super::sync::lock;
use crate::engine::{GoParams, SearchResult};
use crate::rules::position::Position;
use crate::rules::result::GameEnd;
use serde_json::Value;
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
pub(crate) fn find(app: &Arc<App>, id: &str) -> Result<SharedGame, ApiError> {
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

/// Make a change to a game: `f` works on a draft, which is written to the
/// database (the moves it adds and drops, and the game's own columns) and
/// only then put in force and sent to every page as one delta; then the
/// engine's move starts if the game waits for it. Returns the delta.
pub(crate) fn change<T>(
    app: &Arc<App>,
    game: &SharedGame,
    f: impl FnOnce(&mut Draft) -> Result<T, ApiError>,
) -> Result<Value, ApiError> {
    let delta = {
        let mut g = lock(game);
        let mut draft = g.draft();
        let was_over = draft.final_result().is_some();
        f(&mut draft)?;
        app.store.save(&draft)?;
        let ended = draft
            .final_result()
            .filter(|_| !was_over)
            .and_then(|e| e.decided());
        let from = g.apply(draft);
        if let Some(end) = ended {
            app.explorer.finished(&g.record, end);
        }
        publish(&g, from)
    };
    drive(app, game);
    Ok(delta)
}

/// What one engine move needs.
struct Turn {
    pos: Position,
    ply: usize,
    skill: i64,
    go: GoParams,
}

/// Start the engine's move if the game waits for it and it has not begun.
pub(crate) fn drive(app: &Arc<App>, game: &SharedGame) {
    let mut g = lock(game);
    if g.live.thinking.is_some() || g.waiting() != Waiting::Engine {
        return;
    }
    let flag = Arc::new(AtomicBool::new(false));
    g.live.thinking = Some(Arc::clone(&flag));
    let turn = Turn {
        ply: g.record.line.len(),
        skill: g.record.level.skill_level(),
        go: go_params(&g),
        pos: g.live.end.clone(),
    };
    publish_status(&g);
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
            &to_json(&Problem {
                error: &format!("cannot start the engine: {e}"),
            }),
        );
        publish_status(&g);
    }
}

/// The level's limits, capped by the engine's clock when the game is timed.
fn go_params(g: &WebGame) -> GoParams {
    let r = &g.record;
    let mut go = r.level.go_params();
    // The engine's time manager budgets the move from its clocks, within
    // the level's own limit.
    if let (Some(c), Some(side)) = (&r.clocks, r.clock_running(false)) {
        go.clocks = Some(c.engine_clocks(r.start.side_to_move(), Some(side), now_ms()));
    }
    go
}

/// Search the engine's move and play it, unless the game moved on.
fn engine_turn(app: &Arc<App>, game: &SharedGame, turn: Turn, flag: &Arc<AtomicBool>) {
    let found = loop {
        // The game's pages hear the engine's place in the queue, if any.
        let waiting = |ahead: usize| {
            notice(
                &lock(game),
                "queued",
                &to_json(&Queued {
                    position: ahead + 1,
                }),
            );
            !flag.load(Ordering::SeqCst)
        };
        match think(app, &turn.pos, turn.skill, &turn.go, flag, waiting) {
            Ok(r) => break r,
            // Every engine busy: wait on (moves never give up).
            Err(e) if e.status == 503 && !flag.load(Ordering::SeqCst) => continue,
            Err(_) => return,
        }
    };
    let Some(best) = found.best else {
        let mut g = lock(game);
        g.end_thinking(flag);
        publish_status(&g);
        return;
    };
    let about = engine_move_json(&turn.pos, best, found.score, found.depth);
    let played = change(app, game, |d| {
        if d.thinking_is(flag) && d.record.line.len() == turn.ply {
            d.play_engine(best, about);
        }
        Ok(())
    });
    if let Err(e) = played {
        let mut g = lock(game);
        g.end_thinking(flag);
        notice(&g, "problem", &to_json(&Problem { error: &e.message }));
        publish_status(&g);
    }
}

/// End the game of a side whose time is up (not if the board ended it).
pub(crate) fn judge_flag(app: &Arc<App>, game: &SharedGame) {
    let loser = {
        let g = lock(game);
        match g.record.flag_down(now_ms()) {
            Some(c) if g.result().is_none() => c,
            _ => return,
        }
    };
    let _ = change(app, game, |d| {
        if d.record.flag_down(now_ms()) == Some(loser) {
            d.stop_search();
            d.stop_thinking();
            d.record.forfeit = Some(GameEnd::time(loser).into());
        }
        Ok(())
    });
}

/// Judge every running clock in memory, ten times a second, while the
/// server lives.
pub(crate) fn watch_clocks(app: Weak<App>) -> Result<(), super::app::ServeError> {
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
        .map_err(|e| super::app::ServeError::Start("the clock watcher", e))
}

/// Pick up every unfinished game after a start: flags, then engine moves.
pub(crate) fn resume(app: &Arc<App>) -> Result<usize, super::store::db::DbError> {
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
pub(crate) fn engine_move(app: &Arc<App>, game: &SharedGame, now: bool) -> Result<Value, ApiError> {
    let ply = {
        let g = lock(game);
        if g.record.variation_node.is_some() {
            return Err(ApiError::new(
                409,
                "the engine plays at the end of the main line: go back to it first",
            ));
        }
        match g.waiting() {
            Waiting::Over => return Err(over(g.result().expect("over"))),
            Waiting::Human if g.live.last_engine.is_some() && !now => return Ok(with_engine(&g)),
            Waiting::Human => {
                drop(g);
                change(app, game, |d| {
                    match d.record.seats {
                        Seats::Human(c) => d.record.seats = Seats::Human(!c),
                        Seats::Both => d.engine_once = true,
                        Seats::Friends => {
                            return Err(ApiError::new(
                                409,
                                "the engine does not play in a game between two people",
                            ))
                        }
                    }
                    Ok(())
                })?;
                lock(game).record.line.len()
            }
            Waiting::Engine => g.record.line.len(),
        }
    };
    let deadline = std::time::Instant::now() + ENGINE_MOVE_WAIT;
    while std::time::Instant::now() < deadline {
        {
            let g = lock(game);
            if g.record.line.len() > ply && g.live.last_engine.is_some() {
                return Ok(with_engine(&g));
            }
            let waits = g.record.line.len() == ply && g.waiting() == Waiting::Engine;
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
    let mut state = super::game::view::game_json(g);
    state["engine"] = g.live.last_engine.clone().unwrap_or(Value::Null);
    state
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

/// `POST .../review` `{"nodes"?: N}`: review the game's line in the
/// background (a review of the same line is kept, not redone); the
/// finished review is stored with the game.
pub(crate) fn start_review(
    app: &Arc<App>,
    game: &SharedGame,
    request: &review::ReviewRequest,
) -> Result<Value, ApiError> {
    let nodes = request.nodes()?;
    let mut g = lock(game);
    if let Some(job) = &g.live.review {
        if job.line == g.record.line {
            return Ok(to_json(&review::status(job)));
        }
    }
    let job = Arc::new(review::ReviewJob::new(g.record.line.clone()));
    if let Some(old) = g.live.review.replace(Arc::clone(&job)) {
        old.cancel();
    }
    let start = g.record.start.clone();
    drop(g);
    let (app, worker, game) = (Arc::clone(app), Arc::clone(&job), Arc::clone(game));
    std::thread::spawn(move || {
        let result = review::run(&app.pool, &start, &worker, nodes);
        // Under the game's lock, so nobody sees it done before it is kept.
        let g = lock(&game);
        worker.finish(result);
        let current = g
            .live
            .review
            .as_ref()
            .is_some_and(|r| Arc::ptr_eq(r, &worker));
        if let (true, Some(stored)) = (current, worker.stored()) {
            if let Err(e) = app.store.save_review(&g.record.id, &stored) {
                eprintln!(
                    "humpty serve: the review of game {} is not stored: {}",
                    g.record.id, e.message
                );
            }
        }
        // Let go of the server before anyone can see the review done: a
        // server stopped then and started again on the same file needs the
        // database's lock, which the last holder of the state releases.
        drop(app);
        drop(g);
    });
    Ok(to_json(&review::status(&job)))
}

/// `GET .../review`: the review's progress, and its result when done.
pub(crate) fn review_state(game: &SharedGame) -> Result<Value, ApiError> {
    let g = lock(game);
    let job = g.live.review.as_ref();
    let job = job.ok_or_else(|| ApiError::new(404, "no review of this game yet"))?;
    let mut status = review::status(job);
    status.current = Some(job.line == g.record.line);
    Ok(to_json(&status))
}
