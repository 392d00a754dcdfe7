//! Searches for the web board: the engine's move at the game's level, and
//! infinite analysis streamed as server-sent events. A game has at most one
//! search (a new one, a move, `stop` or eviction ends the old one), and all
//! searches share the server's pool of engines.

use super::app::App;
use super::game::live::SharedGame;
use super::game::view::info_json;
use super::net::http::{ApiError, EventStream, Queued};
use super::net::outbox::Inbox;
use super::pool::Borrowed;
use super::sync::lock;
use crate::engine::strength::MAX_SKILL_LEVEL;
use crate::engine::GoParams;
use crate::rules::position::Position;
use serde::Serialize;
use serde_json::Value;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The `start` event: the position searched and how many lines.
#[derive(Serialize)]
struct Started<'a> {
    fen: &'a str,
    multipv: usize,
}

/// The `done` event: the search of this position ended.
#[derive(Serialize)]
struct Done<'a> {
    fen: &'a str,
}

/// A comment line this often keeps the stream alive and notices a closed
/// tab, so its engine is freed.
const KEEPALIVE: Duration = Duration::from_secs(2);
/// Most analysis streams open at once (each has a thread).
const MAX_STREAMS: usize = 64;

/// Claim the game for a new search: the old one is stopped, and the game's
/// position and line are returned with the new stop flag.
fn claim(game: &SharedGame) -> Result<(Position, Arc<AtomicBool>), ApiError> {
    let mut g = lock(game);
    let pos = g.position();
    if let Some(e) = g.ending(&pos) {
        return Err(ApiError::new(
            409,
            format!("the game is over ({})", e.text()),
        ));
    }
    let playing = g.result().is_none();
    if g.record.seats == super::game::live::Seats::Friends && playing {
        return Err(ApiError::new(
            409,
            "no engine analysis during a game between two people",
        ));
    }
    g.stop_search();
    let flag = Arc::new(AtomicBool::new(false));
    g.live.search = Some(Arc::clone(&flag));
    Ok((pos, flag))
}

/// Forget the search if it is still the game's current one.
fn release(game: &SharedGame, flag: &Arc<AtomicBool>) {
    lock(game).end_search(flag);
}

/// `GET .../analysis?multipv=N`: infinite analysis of the shown position,
/// streamed as `info` events until `stop`, a move, or the client leaves.
/// Waits for an engine (so call it off the network's threads); the stream
/// runs on its own thread and its events come out of the receiver.
pub(crate) fn analysis(app: &Arc<App>, id: &str, multipv: Option<&str>) -> Result<Inbox, ApiError> {
    let lines = match multipv.map(str::parse::<usize>) {
        None => 1,
        Some(Ok(n)) if (1..=3).contains(&n) => n,
        Some(_) => return Err(ApiError::bad("multipv must be 1, 2 or 3")),
    };
    let game = super::driver::find(app, id)?;
    if app.streams.fetch_add(1, Ordering::SeqCst) >= MAX_STREAMS {
        app.streams.fetch_sub(1, Ordering::SeqCst);
        return Err(ApiError::new(503, "too many analysis streams"));
    }
    start_stream(StreamSlot(Arc::clone(app)), game, lines)
}

/// One of `MAX_STREAMS`, given back when dropped.
struct StreamSlot(Arc<App>);

impl Drop for StreamSlot {
    fn drop(&mut self) {
        self.0.streams.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Claim the game's search, then on a new thread an engine, and stream.
fn start_stream(slot: StreamSlot, game: SharedGame, lines: usize) -> Result<Inbox, ApiError> {
    let (pos, flag) = claim(&game)?;
    let (mut out, rx) = EventStream::new();
    let (game2, flag2) = (Arc::clone(&game), Arc::clone(&flag));
    let spawned = std::thread::Builder::new()
        .name("analysis".into())
        .spawn(move || {
            let app = Arc::clone(&slot.0);
            // Waiting for an engine, the page hears its place in the
            // queue; it gives the place up by leaving or stopping.
            let engine = app.pool.borrow_queued(None, |ahead| {
                let told = out.event(
                    "queued",
                    &Queued {
                        position: ahead + 1,
                    },
                );
                told.is_ok() && !flag2.load(Ordering::SeqCst)
            });
            match engine {
                Some(engine) => stream(engine, out, &game2, pos, &flag2, lines),
                None => release(&game2, &flag2),
            }
            drop(slot);
        });
    if let Err(e) = spawned {
        release(&game, &flag);
        return Err(ApiError::new(
            503,
            format!("cannot start the analysis: {e}"),
        ));
    }
    Ok(rx)
}

/// Run one analysis stream to its end.
fn stream(
    mut engine: Borrowed<'_>,
    mut out: EventStream,
    game: &SharedGame,
    pos: Position,
    flag: &Arc<AtomicBool>,
    lines: usize,
) {
    engine.set_multipv(lines);
    engine.strength_mut().level = MAX_SKILL_LEVEL;
    engine.set_position(pos.clone());
    let (tx, rx) = channel::<Value>();
    let done_tx = tx.clone();
    let info_pos = pos.clone();
    let go = GoParams {
        infinite: true,
        ..GoParams::default()
    };
    engine.go(
        &go,
        Box::new(move |info| {
            let _ = tx.send(info_json(&info_pos, info));
        }),
        Box::new(move |_| {
            let _ = done_tx.send(Value::Null);
        }),
    );
    let fen = pos.to_fen();
    let _ = out.event(
        "start",
        &Started {
            fen: &fen,
            multipv: lines,
        },
    );
    let mut last_write = Instant::now();
    while !flag.load(Ordering::SeqCst) {
        let sent = match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(Value::Null) | Err(RecvTimeoutError::Disconnected) => break,
            Ok(info) => out.event("info", &info),
            Err(RecvTimeoutError::Timeout) if last_write.elapsed() >= KEEPALIVE => out.alive(),
            Err(RecvTimeoutError::Timeout) => continue,
        };
        if sent.is_err() {
            break;
        }
        last_write = Instant::now();
    }
    engine.stop();
    engine.set_multipv(1);
    release(game, flag);
    let _ = out.event("done", &Done { fen: &fen });
}
