//! What the browser tests read of the served board (`humpty serve`'s page).

#![allow(dead_code)]

use super::webdriver::Browser;
use humpty::{Position, Square};
use serde_json::Value;

impl Browser {
    /// The FEN the page shows.
    pub fn fen(&self) -> Value {
        self.js("return document.getElementById('fen').textContent")
    }

    /// The move list's SAN.
    pub fn moves(&self) -> Value {
        self.js(
            "return [...document.querySelectorAll('#moves .mv[data-ply]')].map(e => e.textContent)",
        )
    }

    /// Press a new-game button and wait until the page shows a game other
    /// than the one it showed before: a check on the old game's state
    /// alone can pass before the new board is built, and a square found
    /// then goes stale.
    pub fn new_game(&self, button: &str) {
        let old = self.js("return humpty.ui.game ? humpty.ui.game.id : null");
        self.click(button);
        self.wait_for(
            "a new game",
            &format!("return !!humpty.ui.game && humpty.ui.game.id !== {old} && location.pathname === '/g/' + humpty.ui.game.id"),
        );
    }

    /// Wait until the move list holds `n` moves.
    pub fn wait_for_moves(&self, what: &str, n: usize) {
        self.wait_for(
            what,
            &format!("return document.querySelectorAll('#moves .mv[data-ply]').length === {n}"),
        );
    }

    /// Start from `fen` through the page's FEN field.
    pub fn set_fen(&self, fen: &str) {
        self.js(&format!(
            "document.getElementById('fen-input').value = '{fen}'"
        ));
        self.click("#set-fen");
        self.wait_for(
            "the new position",
            &format!("return document.getElementById('fen').textContent === '{fen}'"),
        );
    }

    /// On a new analysis board, the Rook offered to the King on h7 and
    /// taken, giving a won ending away to bare Kings (a planted blunder).
    pub fn plant_rook_blunder(&self) {
        self.new_game("#new-both");
        self.set_fen(super::board_checks::PLANTED_FEN);
        self.js("humpty.act('POST', '/move', { move: 'h1h7' })");
        self.wait_for_moves("the Rook's move", 1);
        self.js("humpty.act('POST', '/move', { move: 'g8h7' })");
        self.wait_for_moves("the capture", 2);
    }

    /// Wait until the move list carries the review's marks; them, by ply.
    pub fn review_marks(&self, what: &str) -> serde_json::Value {
        self.wait_for(
            what,
            "const m = [...document.querySelectorAll('#moves .mv[data-ply]')].map(e => e.dataset.mark || ''); return m[0] && m",
        )
    }

    pub fn highlighted(&self) -> Vec<String> {
        let v = self.js(
            "return [...document.querySelectorAll('#board .sq.dest')].map(e => e.dataset.square).sort()",
        );
        serde_json::from_value(v).unwrap()
    }
}

/// The rules core's destinations for the man on `from`.
pub fn destinations(fen: &str, from: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).unwrap();
    let from: Square = from.parse().unwrap();
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == from)
        .map(|m| m.to().to_string())
        .collect();
    v.sort();
    v.dedup();
    v
}
