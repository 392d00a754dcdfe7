//! The game database file's guard: one server per file (a lock file held
//! while the server runs: a second server on the same `--db` is refused
//! at start, since two writers would overwrite each other's moves), and a
//! file deleted or replaced under a running server is noticed before a
//! change is answered (its changes would be lost silently).

use super::dberror::DbError;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

/// Held while the server uses the file.
pub(crate) struct FileGuard {
    /// The lock file, locked.
    _lock: File,
    /// The database file.
    path: PathBuf,
    /// Its identity when opened (device and inode), if the system has one.
    identity: Option<(u64, u64)>,
}

/// The file's device and inode.
fn identity(path: &Path) -> std::io::Result<Option<(u64, u64)>> {
    let meta = std::fs::metadata(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Ok(Some((meta.dev(), meta.ino())))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Ok(None)
    }
}

impl FileGuard {
    /// Take the lock of the database at `path` (`path.lock` beside it).
    pub(crate) fn take(path: &Path) -> Result<FileGuard, DbError> {
        let mut lock_path = path.as_os_str().to_owned();
        lock_path.push(".lock");
        let lock_path = PathBuf::from(lock_path);
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| DbError::ReadOnly(format!("cannot make {}: {e}", lock_path.display())))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(DbError::InUse(format!(
                    "{} is in use by another humpty serve (its lock {} is held): stop that one, or choose another file with --db",
                    path.display(),
                    lock_path.display()
                )))
            }
            Err(TryLockError::Error(e)) => {
                return Err(DbError::Other(format!("cannot lock {}: {e}", lock_path.display())))
            }
        }
        Ok(FileGuard {
            _lock: lock,
            path: path.to_path_buf(),
            identity: None,
        })
    }

    /// Note the file's identity, once it exists (after SQLite opened it).
    pub(crate) fn opened(&mut self) {
        self.identity = identity(&self.path).ok().flatten();
    }

    /// The file is still the one opened.
    pub(crate) fn check(&self) -> Result<(), DbError> {
        let now = identity(&self.path);
        let same = match (&now, self.identity) {
            (Ok(id), Some(at_open)) => *id == Some(at_open),
            (Ok(_), None) => true,
            (Err(_), _) => false,
        };
        if same {
            return Ok(());
        }
        Err(DbError::Gone(format!(
            "the game database {} was deleted or replaced while the server ran: nothing more can be kept there; restart the server",
            self.path.display()
        )))
    }
}
