//! `TablebasePath`: the engine's endgame tablebases (docs/tablebases.md).

use super::Engine;
use humpty_tablebase::{StoreError, Tablebases};
use std::fmt;
use std::sync::Arc;

/// The `TablebasePath` value that turns the tables off.
pub const NO_TABLEBASES: &str = "<empty>";

/// Why a tablebase folder was refused (the tables in force stay).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TablebaseError {
    /// The folder could not be read (what the file system said).
    Folder(String),
    /// The folder holds no table (its name).
    NoTables(String),
}

impl fmt::Display for TablebaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablebaseError::Folder(e) => {
                write!(f, "TablebasePath: {e}; keeping the tables in force")
            }
            TablebaseError::NoTables(dir) => {
                write!(
                    f,
                    "TablebasePath {dir}: no tables (*.htb) there; keeping the tables in force"
                )
            }
        }
    }
}

impl std::error::Error for TablebaseError {}

impl Engine {
    /// Probe the tables in `dir` from the next search on; an empty path or
    /// `<empty>` turns them off. Returns how many tables the folder holds
    /// and the most men they hold.
    pub fn set_tablebase_path(&mut self, dir: &str) -> Result<(usize, usize), TablebaseError> {
        let dir = dir.trim();
        if dir.is_empty() || dir == NO_TABLEBASES {
            self.options.tablebases = None;
            return Ok((0, 0));
        }
        let tables = Tablebases::open(std::path::Path::new(dir))
            .map_err(|e: StoreError| TablebaseError::Folder(e.to_string()))?;
        if tables.count() == 0 {
            return Err(TablebaseError::NoTables(dir.to_string()));
        }
        let found = (tables.count(), tables.max_men());
        self.options.tablebases = Some(Arc::new(tables));
        Ok(found)
    }
}
