//! Why an evaluation option (`Dev_Values`, `Dev_Weights`, `EvalFile`) was
//! refused; the evaluation in force stays.

use super::textfile::FileError;
use crate::eval::nnue::network::NetError;
use crate::eval::params::ParamsError;

/// An evaluation option refused, with what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// Material values or weights that cannot be read.
    Params(ParamsError),
    /// A weights file that cannot be read.
    WeightsFile(FileError),
    /// A net file that cannot be read.
    NetFile(FileError),
    /// A net file read, but not a net this humpty reads.
    Net {
        /// The file named.
        path: String,
        /// What is wrong with it.
        error: NetError,
    },
}

impl std::fmt::Display for EvalError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EvalError::Params(e) => write!(f, "{e}"),
            EvalError::WeightsFile(e) => write!(f, "{e}"),
            EvalError::NetFile(e) => write!(f, "EvalFile: {e}; keeping the net in force"),
            EvalError::Net { path, error } => {
                write!(f, "EvalFile {path}: {error}; keeping the net in force")
            }
        }
    }
}

impl std::error::Error for EvalError {}
