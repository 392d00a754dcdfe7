//! The rules of Humpty Dumpty Chess for JavaScript: ffish.js's API for the
//! variant "humpty" (`Board`, `Game`, the free functions), compiled to
//! WebAssembly with wasm-bindgen. Conventions shared with the Python
//! binding come from humpty-compat. Bad input returns what ffish returns
//! (`false` from `push`, `""` from `sanMove`) or throws an `Error` where
//! ffish would crash, and a `TypeError` for an argument of the wrong type
//! (`args`); nothing here panics, so no call ends in a trap.

mod args;
mod board;
mod game;
mod tablebase;

pub use board::Board;
pub use game::Game;
pub use tablebase::Tablebase;

use args::{check_variant, text};
use humpty_compat as compat;
use humpty_rules::Position;
use wasm_bindgen::prelude::*;

/// A compat error as the `Error` JavaScript code catches.
pub(crate) fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// The variants known, space-separated as ffish gives them: `"humpty"`.
#[wasm_bindgen]
pub fn variants() -> String {
    compat::variants().join(" ")
}

/// The package and its version.
#[wasm_bindgen]
pub fn info() -> String {
    format!(
        "humpty {} by the humpty developers: the exact rules of Humpty Dumpty Chess",
        env!("CARGO_PKG_VERSION")
    )
}

/// The FEN of the starting array.
#[wasm_bindgen(js_name = startingFen)]
pub fn starting_fen(variant: JsValue) -> Result<String, JsValue> {
    text(&variant, "variant")?;
    check_variant(&variant)?;
    Ok(Position::START_FEN.to_string())
}

/// ffish's (and pyffish's) FEN code: 1 when good, 0 or negative otherwise.
#[wasm_bindgen(js_name = validateFen)]
pub fn validate_fen(
    fen: JsValue,
    variant: JsValue,
    chess960: Option<bool>,
) -> Result<i32, JsValue> {
    let fen = text(&fen, "fen")?;
    check_variant(&variant)?;
    let _ = chess960;
    Ok(compat::fen_code(&fen))
}

/// False: captured men leave the game.
#[wasm_bindgen(js_name = capturesToHand)]
pub fn captures_to_hand(variant: JsValue) -> Result<bool, JsValue> {
    text(&variant, "variant")?;
    check_variant(&variant)?;
    Ok(false)
}

/// Accepted for ffish's sake; has no effect (the rules have no options).
#[wasm_bindgen(js_name = setOption)]
pub fn set_option(name: JsValue, value: JsValue) -> Result<(), JsValue> {
    let _ = (text(&name, "name")?, value);
    Ok(())
}

/// Accepted for ffish's sake; has no effect.
#[wasm_bindgen(js_name = setOptionInt)]
pub fn set_option_int(name: JsValue, value: f64) -> Result<(), JsValue> {
    let _ = (text(&name, "name")?, value);
    Ok(())
}

/// Accepted for ffish's sake; has no effect.
#[wasm_bindgen(js_name = setOptionBool)]
pub fn set_option_bool(name: JsValue, value: bool) -> Result<(), JsValue> {
    let _ = (text(&name, "name")?, value);
    Ok(())
}

/// Accepted for ffish's sake; has no effect (the one variant is built in).
#[wasm_bindgen(js_name = loadVariantConfig)]
pub fn load_variant_config(config: JsValue) -> Result<(), JsValue> {
    let _ = text(&config, "config")?;
    Ok(())
}

/// The first game of a PGN text.
#[wasm_bindgen(js_name = readGamePGN)]
pub fn read_game_pgn(pgn: JsValue) -> Result<Game, JsValue> {
    Ok(Game::read(&text(&pgn, "pgn")?)?)
}
