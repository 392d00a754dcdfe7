//! The composition root: what every request handler shares (`App`) and
//! why the server did not start (`ServeError`). The top files (`mod`,
//! `front`, `api`) and the services that act on the whole server import
//! it; it imports only the parts it holds.

use super::explorer::Explorer;
use super::pool::Pool;
use super::puzzles::Trainer;
use super::store::dberror::DbError;
use super::store::games::Store;
use std::sync::atomic::AtomicUsize;

/// Why the server did not start.
#[derive(Debug)]
pub enum ServeError {
    /// The address cannot be listened on (in use, not this machine's).
    Listen(String, std::io::Error),
    /// The game database cannot be opened or read.
    Db(DbError),
    /// A thread or the runtime of the server cannot start.
    Start(&'static str, std::io::Error),
    /// The tablebase folder cannot be read.
    Tables(String),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Listen(at, e) => write!(f, "cannot listen on {at}: {e}"),
            ServeError::Db(e) => write!(f, "{e}"),
            ServeError::Start(what, e) => write!(f, "cannot start {what}: {e}"),
            ServeError::Tables(e) => write!(f, "the tablebases: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

impl From<DbError> for ServeError {
    fn from(e: DbError) -> ServeError {
        ServeError::Db(e)
    }
}

/// What every request handler shares.
pub struct App {
    /// The games.
    pub store: Store,
    /// The engines for the engine's moves in games.
    pub moves: Pool,
    /// The engines for analysis and reviews.
    pub pool: Pool,
    /// Open analysis streams.
    pub streams: AtomicUsize,
    /// The puzzles and their attempts.
    pub trainer: Trainer,
    /// The opening explorer.
    pub explorer: Explorer,
    /// The endgame tablebases, if the server has them (`--tb`).
    pub tables: Option<humpty_tablebase::Tablebases>,
}
