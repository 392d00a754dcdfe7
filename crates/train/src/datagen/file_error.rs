//! Why a training data file could not be used: the file named, and what
//! failed (the system's words, or the bytes' `FormatError`).

use super::format::FormatError;

/// A training data file that could not be read, written or extended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataFileError {
    /// The file could not be read.
    Read(String, String),
    /// The file could not be written.
    Write(String, String),
    /// The file could not be cut back to its last good block.
    Cut(String, String),
    /// The file's bytes are not training data.
    Format(String, FormatError),
    /// No openings to play from.
    NoOpenings,
}

impl std::fmt::Display for DataFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataFileError::Read(path, e) => write!(f, "cannot read {path}: {e}"),
            DataFileError::Write(path, e) => write!(f, "cannot write {path}: {e}"),
            DataFileError::Cut(path, e) => {
                write!(f, "cannot cut {path} to its last good block: {e}")
            }
            DataFileError::Format(path, e) => write!(f, "{path}: {e}"),
            DataFileError::NoOpenings => write!(f, "no openings"),
        }
    }
}

impl std::error::Error for DataFileError {}
