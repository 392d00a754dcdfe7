//! `GET /api/tablebase?fen=...`: what the endgame tablebases say of a
//! position and each of its moves (docs/tablebases.md), for the board's
//! tablebase panel. Without tables (`humpty serve --tb DIR`) the answer says
//! so, and the page shows no panel.

use crate::web::net::http::ApiError;
use humpty_rules::Position;
use humpty_tablebase::Tablebases;
use serde_json::{json, Value};

/// The tables' answer for a position: `available` (the server has tables),
/// `held` (they hold this position), then lichess's fields.
pub(crate) fn answer(tables: Option<&Tablebases>, fen: Option<&str>) -> Result<Value, ApiError> {
    let fen = fen.ok_or_else(|| ApiError::bad("fen is required"))?;
    let pos = Position::from_fen(fen).map_err(|e| ApiError::bad(format!("bad FEN: {e}")))?;
    let Some(tables) = tables else {
        return Ok(json!({"available": false, "held": false}));
    };
    let report = tables
        .report(&pos)
        .map_err(|e| ApiError::new(500, format!("the tablebases: {e}")))?;
    let Some(report) = report else {
        return Ok(json!({"available": true, "held": false, "men": tables.max_men()}));
    };
    let mut v: Value = serde_json::from_str(&report.to_json(&pos))
        .map_err(|_| ApiError::new(500, "internal error"))?;
    v["available"] = true.into();
    v["held"] = true.into();
    Ok(v)
}
