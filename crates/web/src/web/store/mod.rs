//! Where games and puzzle attempts are kept: the SQLite file (`dbfile`,
//! `schema`, `db`, `dberror`), the games in memory over it (`games`), the
//! puzzle set and its attempts (`puzzle_db`, `puzzle_attempts`), and
//! backups while serving (`backup`, `backup_socket`).

pub mod backup;
pub mod backup_socket;
pub mod db;
pub mod dberror;
pub mod dbfile;
pub mod games;
pub mod puzzle_attempts;
pub mod puzzle_db;
pub mod schema;
