//! ffish's `Game`: the first game of a PGN text, its tags and main line.

use crate::args::text;
use crate::js_error;
use humpty_compat as compat;
use humpty_rules::pgn::{self, PgnGame};
use wasm_bindgen::prelude::*;

/// A game read from PGN.
#[wasm_bindgen]
pub struct Game {
    game: PgnGame,
    mainline: Vec<String>,
}

impl Game {
    /// The first game of `text`; an Error when there is none or its
    /// `Variant` tag names another game.
    pub(crate) fn read(text: &str) -> Result<Game, JsError> {
        let game = pgn::parse_pgn(text)
            .into_iter()
            .next()
            .ok_or_else(|| js_error("no game in the PGN text"))?;
        if let Some(v) = game.tags.get("Variant") {
            if !v.eq_ignore_ascii_case(compat::VARIANT) {
                return Err(js_error(compat::CompatError::Variant(v.clone())));
            }
        }
        let mut pos = game.start().map_err(js_error)?;
        // As ffish does, the main line ends at the first move that cannot
        // be read.
        let mut mainline = Vec::new();
        for text in &game.moves {
            match pos.parse_san(text) {
                Ok(m) => {
                    mainline.push(m.to_string());
                    pos.make_move(m);
                }
                Err(_) => break,
            }
        }
        Ok(Game { game, mainline })
    }
}

#[wasm_bindgen]
impl Game {
    /// The tag names, space-separated (sorted: PGN text's order is not kept).
    #[wasm_bindgen(js_name = headerKeys)]
    pub fn header_keys(&self) -> String {
        let mut keys: Vec<&str> = self.game.tags.keys().map(String::as_str).collect();
        keys.sort_unstable();
        keys.join(" ")
    }

    /// A tag's value, or `""`.
    pub fn headers(&self, key: JsValue) -> Result<String, JsValue> {
        let key = text(&key, "key")?;
        Ok(self.game.tags.get(&key).cloned().unwrap_or_default())
    }

    /// The main line as wire moves, space-separated.
    #[wasm_bindgen(js_name = mainlineMoves)]
    pub fn mainline_moves(&self) -> String {
        self.mainline.join(" ")
    }

    /// Free the game (ffish's objects are freed by hand).
    #[wasm_bindgen(js_name = "delete")]
    pub fn delete_game(self) {}
}
