//! Each game's event stream (`GET /api/games/{id}/events`): every page
//! showing a game listens to it, and gets the whole state after every
//! change (a move by anyone, the engine thinking, a flag, a new position),
//! so the page only draws what the server says. A slow page that falls
//! behind skips to the next state, which is complete.

use super::game::WebGame;
use super::store::SharedGame;
use super::view::game_json;
use serde_json::Value;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc};

/// A comment this often keeps a quiet stream open through proxies and
/// finds pages that have gone.
const KEEPALIVE: Duration = Duration::from_secs(15);

/// One event as it goes on the wire.
fn wire(kind: &str, data: &Value) -> String {
    format!("event: {kind}\ndata: {data}\n\n")
}

/// Send the game's state to every page showing it; returns the state.
pub fn publish(g: &WebGame) -> Value {
    let state = game_json(g);
    let _ = g.events.send(wire("state", &state));
    state
}

/// Tell every page showing the game something that is not a state (an
/// error of the engine's turn, say).
pub fn notice(g: &WebGame, kind: &str, data: &Value) {
    let _ = g.events.send(wire(kind, data));
}

/// Start listening to a game: its state now, and what comes after.
pub fn subscribe(game: &SharedGame) -> (String, broadcast::Receiver<String>) {
    let g = super::store::lock(game);
    (wire("state", &game_json(&g)), g.events.subscribe())
}

/// Pass a game's events to one page until it leaves.
pub async fn relay(first: String, mut rx: broadcast::Receiver<String>, out: mpsc::Sender<String>) {
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
            Err(broadcast::error::RecvError::Lagged(_)) => continue,
            Err(broadcast::error::RecvError::Closed) => return,
        };
        if out.send(text).await.is_err() {
            return;
        }
    }
}
