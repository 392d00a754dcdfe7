//! Endgame tablebases in the browser (docs/tablebases.md). The page asks
//! which table files a position needs (`needed`), fetches them and hands
//! their bytes over (`add`), then asks for the report (`probe`): the same
//! JSON as the server's `/api/tablebase` and `humpty tb probe --json`.

use crate::args::text;
use crate::js_error;
use humpty_rules::Position;
use humpty_tablebase::store::file_name;
use humpty_tablebase::Tablebases;
use wasm_bindgen::prelude::*;

/// Tables held in memory, added as the page fetches them.
#[wasm_bindgen]
pub struct Tablebase {
    inner: Tablebases,
}

impl Default for Tablebase {
    fn default() -> Self {
        Tablebase::new()
    }
}

/// The position of a FEN, or an `Error` saying what is wrong with it.
fn position(fen: &JsValue) -> Result<Position, JsValue> {
    let fen = text(fen, "fen")?;
    Position::from_fen(&fen).map_err(|e| js_error(format!("bad FEN: {e}")).into())
}

#[wasm_bindgen]
impl Tablebase {
    /// No tables yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Tablebase {
        Tablebase {
            inner: Tablebases::empty(),
        }
    }

    /// The file names (`KRvK.htb`) of the tables a report of this position
    /// needs that are not here yet.
    pub fn needed(&self, fen: JsValue) -> Result<Vec<String>, JsValue> {
        let pos = position(&fen)?;
        Ok(self.inner.missing_for(&pos).iter().map(file_name).collect())
    }

    /// Add a table from its file's bytes; the table's name (`KRvK`).
    pub fn add(&mut self, bytes: Vec<u8>) -> Result<String, JsValue> {
        let m = self
            .inner
            .add_bytes(bytes, "fetched table")
            .map_err(js_error)?;
        Ok(m.to_string())
    }

    /// How many tables are here.
    pub fn count(&self) -> usize {
        self.inner.count()
    }

    /// The report of a position as JSON text (`category`, `dtz`, `dtm`,
    /// `checkmate`, `stalemate`, `moves`), or `""` when the tables here do
    /// not hold it.
    pub fn probe(&self, fen: JsValue) -> Result<String, JsValue> {
        let pos = position(&fen)?;
        match self.inner.report(&pos).map_err(js_error)? {
            Some(report) => Ok(report.to_json(&pos)),
            None => Ok(String::new()),
        }
    }
}
