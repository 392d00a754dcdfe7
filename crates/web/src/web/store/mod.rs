//! Where games and puzzle attempts are kept: the SQLite file (`dbfile`,
//! `schema`, `db`, `dberror`), the games in memory over it (`games`), the
//! puzzle set and its attempts (`puzzle_db`, `puzzle_attempts`), and
//! backups while serving (`backup`, `backup_socket`).

pub(crate) mod backup;
pub mod backup_socket;
pub mod db;
pub(crate) mod dberror;
pub(crate) mod dbfile;
pub(crate) mod games;
pub(crate) mod puzzle_attempts;
pub(crate) mod puzzle_db;
pub(crate) mod schema;
