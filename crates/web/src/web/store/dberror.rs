//! The game database's errors (`db`), by what the person can do about
//! them: a full disk, a file that cannot be written, a file another server
//! holds or that vanished, or anything else.

use std::fmt;

/// A failure of the game database, by what the person can do about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbError {
    /// The disk is full: nothing more can be kept until room is made.
    Full(String),
    /// The file or its folder cannot be written (read-only, permissions).
    ReadOnly(String),
    /// Another server holds the file.
    InUse(String),
    /// The file was deleted or replaced under the running server.
    Gone(String),
    /// Anything else: a damaged file, a failed statement.
    Other(String),
}

impl DbError {
    /// The error of `what` failing with `e`, by SQLite's error code.
    pub fn of_sqlite(what: &str, e: rusqlite::Error) -> DbError {
        use rusqlite::ErrorCode::{CannotOpen, DiskFull, PermissionDenied, ReadOnly};
        let text = format!("{what}: {e}");
        match e.sqlite_error_code() {
            Some(DiskFull) => DbError::Full(text),
            Some(ReadOnly | PermissionDenied | CannotOpen) => DbError::ReadOnly(text),
            _ => DbError::Other(text),
        }
    }
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbError::Full(t) => write!(f, "the disk is full ({t})"),
            DbError::ReadOnly(t) => write!(f, "the game database cannot be written ({t})"),
            DbError::InUse(t) | DbError::Gone(t) => f.write_str(t),
            DbError::Other(t) => f.write_str(t),
        }
    }
}

impl std::error::Error for DbError {}
