//! Each game's event stream (`GET /api/games/{id}/events`): every page
//! showing a game listens to it. A page that joins gets the whole state;
//! after that, every change (a move by anyone, the engine thinking, a
//! flag, a new position) comes as one delta: the state's head (position,
//! legal moves, status, clocks) and the moves that replace the line from
//! a ply on (`view::delta_json`), so an event's size does not grow with
//! the game. A page that falls behind is sent the whole state again.

use super::live::{SharedGame, WebGame};
use super::view::{delta_json, game_json};
use crate::web::net::outbox::Outbox;
use crate::web::sync::lock;
use serde_json::Value;
use std::sync::atomic::Ordering;
use std::time::Duration;
use tokio::sync::broadcast;

/// A comment this often keeps a quiet stream open through proxies and
/// finds pages that have gone.
const KEEPALIVE: Duration = Duration::from_secs(15);

/// One event as it goes on the wire.
fn wire(kind: &str, data: &Value) -> String {
    format!("event: {kind}\ndata: {data}\n\n")
}

/// Send a change to every page showing the game: the head and the moves
/// from ply `from` on. Returns the delta (a change's answer).
pub(crate) fn publish(g: &WebGame, from: usize) -> Value {
    g.live.version.fetch_add(1, Ordering::SeqCst);
    let delta = delta_json(g, from);
    let _ = g.live.events.send(wire("state", &delta));
    delta
}

/// Send a change that leaves the line as it was (the engine starts or
/// stops thinking).
pub(crate) fn publish_status(g: &WebGame) {
    publish(g, g.record.line.len());
}

/// Tell every page showing the game something that is not a state (an
/// error of the engine's turn, say).
pub(crate) fn notice(g: &WebGame, kind: &str, data: &Value) {
    let _ = g.live.events.send(wire(kind, data));
}

/// Start listening to a game: its whole state now, and what comes after.
pub(crate) fn subscribe(game: &SharedGame) -> (String, broadcast::Receiver<String>) {
    let g = lock(game);
    (wire("state", &game_json(&g)), g.live.events.subscribe())
}

/// Pass a game's events to one page until it leaves; a page that fell
/// behind gets the whole state, then the events after it. A page that
/// stops reading is let go at its outbox's byte bound (it reconnects).
pub(crate) async fn relay(
    game: SharedGame,
    first: String,
    mut rx: broadcast::Receiver<String>,
    out: Outbox,
) {
    if out.send(first).await.is_err() {
        return;
    }
    loop {
        let next = tokio::select! {
            r = rx.recv() => r,
            _ = tokio::time::sleep(KEEPALIVE) => Ok(": alive\n\n".to_string()),
        };
        let text = match next {
            Ok(t) => t,
            Err(broadcast::error::RecvError::Lagged(_)) => {
                // Skipped deltas cannot be pieced together: start again
                // (off the network's threads: a long game's state is big).
                let g = SharedGame::clone(&game);
                match tokio::task::spawn_blocking(move || subscribe(&g)).await {
                    Ok((whole, fresh)) => {
                        rx = fresh;
                        whole
                    }
                    Err(_) => return,
                }
            }
            Err(broadcast::error::RecvError::Closed) => return,
        };
        if out.send(text).await.is_err() {
            return;
        }
    }
}
