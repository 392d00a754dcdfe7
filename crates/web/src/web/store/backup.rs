//! Backups while the server runs (docs/deploy/backup.md).
//!
//! The server holds its file in SQLite's exclusive locking mode (no `-shm`
//! mapping, see `schema`), so no other process can read it while it
//! serves. The copy is therefore taken by the server itself: `humpty backup`
//! asks over a Unix socket beside the file (`games.sqlite3.backup.sock`),
//! which only those who may reach the file's folder can reach, and the
//! server copies the pages with SQLite's online backup API between two
//! changes. The copy is consistent and holds every change answered before
//! the request. With no server on the file, `humpty backup` takes the
//! file's lock (so none starts meanwhile) and copies it itself.

use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why a backup was not taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BackupError {
    /// The output cannot be used (the database itself, a missing folder).
    Output(String),
    /// The database is missing or not humpty's.
    Source(String),
    /// SQLite or the file system failed while copying.
    Copy(String),
    /// The running server could not be asked, or it refused.
    Server(String),
}

impl std::fmt::Display for BackupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackupError::Output(m) | BackupError::Source(m) => write!(f, "{m}"),
            BackupError::Copy(m) => write!(f, "the copy failed: {m}"),
            BackupError::Server(m) => write!(f, "the running server: {m}"),
        }
    }
}

impl std::error::Error for BackupError {}

/// Where the server listens for backup requests for the file `db`.
pub(crate) fn socket_path(db: &Path) -> PathBuf {
    let mut p = db.as_os_str().to_owned();
    p.push(".backup.sock");
    PathBuf::from(p)
}

/// `path` made absolute against the working folder (the server runs in
/// another one), its folder existing, and not one of the database's files.
pub(crate) fn output_path(db: &Path, out: &Path) -> Result<PathBuf, BackupError> {
    let bad = |m: String| BackupError::Output(m);
    if out.as_os_str().is_empty() {
        return Err(bad("the backup's path is empty".into()));
    }
    let out = std::path::absolute(out).map_err(|e| bad(format!("{}: {e}", out.display())))?;
    let name = out
        .file_name()
        .ok_or_else(|| bad(format!("{}: not a file name", out.display())))?;
    let folder = out.parent().unwrap_or(Path::new("/"));
    let folder = folder
        .canonicalize()
        .map_err(|e| bad(format!("{}: {e}", folder.display())))?;
    let out = folder.join(name);
    if out.is_dir() {
        return Err(bad(format!("{} is a folder", out.display())));
    }
    let db = std::path::absolute(db).unwrap_or_else(|_| db.to_path_buf());
    let db = match (db.parent().map(Path::canonicalize), db.file_name()) {
        (Some(Ok(f)), Some(n)) => f.join(n),
        _ => db,
    };
    for suffix in ["", "-wal", "-journal", ".lock", ".backup.sock"] {
        let mut own = db.as_os_str().to_owned();
        own.push(suffix);
        if out.as_os_str() == own {
            return Err(bad(format!(
                "{} is the database's own file: choose another path",
                out.display()
            )));
        }
    }
    Ok(out)
}

/// Copy the whole database behind `src` into `out` (replaced only once
/// the copy is complete and on disk), through a `.partial` file beside it.
pub(crate) fn copy_database(src: &Connection, out: &Path) -> Result<(), BackupError> {
    let copy_err = |e: &dyn std::fmt::Display| BackupError::Copy(e.to_string());
    let mut partial = out.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let _ = std::fs::remove_file(&partial);
    let result = (|| {
        let mut dst = Connection::open(&partial).map_err(|e| copy_err(&e))?;
        rusqlite::backup::Backup::new(src, &mut dst)
            .and_then(|b| b.run_to_completion(4096, Duration::ZERO, None))
            .map_err(|e| copy_err(&e))?;
        // The copy stands alone: one file, no write-ahead log beside it
        // (the server turns the log on again when it opens a restored copy).
        dst.execute_batch("PRAGMA journal_mode = DELETE;")
            .map_err(|e| copy_err(&e))?;
        dst.close().map_err(|(_, e)| copy_err(&e))?;
        std::fs::File::open(&partial)
            .and_then(|f| f.sync_all())
            .map_err(|e| copy_err(&e))
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&partial);
        return Err(e);
    }
    std::fs::rename(&partial, out).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        copy_err(&e)
    })
}

/// SQLite's own check of a finished copy; its size in bytes.
pub(crate) fn check_copy(out: &Path) -> Result<u64, BackupError> {
    let conn = Connection::open_with_flags(out, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| BackupError::Copy(format!("cannot read the copy back: {e}")))?;
    let verdict: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(|e| BackupError::Copy(format!("cannot check the copy: {e}")))?;
    if verdict != "ok" {
        return Err(BackupError::Copy(format!("the copy is damaged: {verdict}")));
    }
    drop(conn);
    std::fs::metadata(out)
        .map(|m| m.len())
        .map_err(|e| BackupError::Copy(e.to_string()))
}

/// Copy a database no server holds: `conn` is the file opened by the
/// caller, who holds its lock.
pub(crate) fn copy_idle(conn: &Connection, out: &Path) -> Result<u64, BackupError> {
    let app: i32 = conn
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .map_err(|e| BackupError::Source(format!("not a humpty game database ({e})")))?;
    if app != super::schema::APPLICATION_ID {
        return Err(BackupError::Source(
            "not a humpty game database (its application id is another's)".into(),
        ));
    }
    copy_database(conn, out)?;
    check_copy(out)
}
