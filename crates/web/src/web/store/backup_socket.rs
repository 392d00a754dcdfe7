//! `humpty backup`'s way to a copy: through the server holding the file,
//! by one line `backup PATH` over a Unix socket beside the database,
//! answered `ok BYTES` or `error MESSAGE`, or directly when no server holds
//! it. Every read is bounded in size and time; requests are taken one at a
//! time.

use super::backup::{check_copy, socket_path, BackupError};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// What copies the served database into a path (the server's store).
pub type CopyTo = Box<dyn Fn(&Path) -> Result<(), BackupError> + Send>;

/// The longest request line (a path), in bytes.
const MAX_REQUEST: u64 = 8192;
/// How long a client may take to send its request.
const REQUEST_TIME: Duration = Duration::from_secs(5);
/// How long `humpty backup` waits for the server's answer (a large file).
const ANSWER_TIME: Duration = Duration::from_secs(3600);

/// The listening socket; closed and removed when dropped.
pub struct BackupSocket {
    path: PathBuf,
    stop: Arc<AtomicBool>,
}

#[cfg(unix)]
impl BackupSocket {
    /// Listen beside `db_file`, copying with `copy`. The server holds the
    /// file's lock, so a socket left by a killed one is removed first.
    pub fn start(db_file: &Path, copy: CopyTo) -> std::io::Result<Self> {
        use std::os::unix::net::UnixListener;
        let path = socket_path(db_file);
        let _ = std::fs::remove_file(&path);
        let listener = UnixListener::bind(&path)?;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        std::thread::Builder::new()
            .name("backup socket".into())
            .spawn(move || {
                for conn in listener.incoming() {
                    if flag.load(Ordering::SeqCst) {
                        return;
                    }
                    if let Ok(conn) = conn {
                        answer(conn, &copy);
                    }
                }
            })?;
        Ok(BackupSocket { path, stop })
    }
}

#[cfg(unix)]
impl Drop for BackupSocket {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accepting thread so that it sees the flag and ends.
        let _ = std::os::unix::net::UnixStream::connect(&self.path);
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Read one request from `conn` and answer it.
#[cfg(unix)]
fn answer(mut conn: std::os::unix::net::UnixStream, copy: &CopyTo) {
    use std::os::unix::ffi::OsStrExt;
    let _ = conn.set_read_timeout(Some(REQUEST_TIME));
    let mut line = Vec::new();
    let read = BufReader::new((&conn).take(MAX_REQUEST)).read_until(b'\n', &mut line);
    let reply = match (read, line.strip_suffix(b"\n")) {
        (Ok(_), Some(req)) => match req.strip_prefix(b"backup ") {
            Some(p) => run(copy, Path::new(std::ffi::OsStr::from_bytes(p))),
            None => Err(BackupError::Server("unknown request".into())),
        },
        _ => Err(BackupError::Server(
            "no whole request line within its bounds".into(),
        )),
    };
    let text = match reply {
        Ok(bytes) => format!("ok {bytes}\n"),
        Err(e) => format!("error {}\n", e.to_string().replace('\n', " ")),
    };
    let _ = conn.write_all(text.as_bytes());
}

/// Take the copy (the database's lock held only while the pages are
/// copied), then check it with the server's games going on.
fn run(copy: &CopyTo, out: &Path) -> Result<u64, BackupError> {
    if !out.is_absolute() {
        return Err(BackupError::Output(
            "the backup's path must be absolute".into(),
        ));
    }
    copy(out)?;
    check_copy(out)
}

/// Ask the server holding `db` for a backup into `out` (absolute).
#[cfg(unix)]
pub fn ask(db: &Path, out: &Path) -> Result<u64, BackupError> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::net::UnixStream;
    let sock = socket_path(db);
    let no = |e: &dyn std::fmt::Display| {
        BackupError::Server(format!(
            "a server holds {} but cannot be asked at {}: {e}",
            db.display(),
            sock.display()
        ))
    };
    let mut conn = UnixStream::connect(&sock).map_err(|e| no(&e))?;
    let mut req = b"backup ".to_vec();
    req.extend_from_slice(out.as_os_str().as_bytes());
    req.push(b'\n');
    conn.write_all(&req).map_err(|e| no(&e))?;
    conn.set_read_timeout(Some(ANSWER_TIME))
        .map_err(|e| no(&e))?;
    let mut line = String::new();
    BufReader::new((&conn).take(MAX_REQUEST))
        .read_line(&mut line)
        .map_err(|e| no(&e))?;
    let line = line.trim_end();
    if let Some(bytes) = line.strip_prefix("ok ") {
        return bytes
            .parse()
            .map_err(|_| BackupError::Server(format!("an answer not understood: {line}")));
    }
    Err(BackupError::Server(
        line.strip_prefix("error ")
            .unwrap_or("it closed without an answer")
            .to_string(),
    ))
}

/// Without Unix sockets a running server cannot be asked.
#[cfg(not(unix))]
pub fn ask(db: &Path, _out: &Path) -> Result<u64, BackupError> {
    Err(BackupError::Server(format!(
        "{} is held by a running server, and backups while serving need Unix sockets: stop the server for the backup",
        db.display()
    )))
}

/// Who took a backup.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    /// The server that holds the file, while it served.
    Server,
    /// This process: no server held the file.
    Direct,
}

/// Back the file `db` up into `out`: through the server that holds it, or
/// directly when none does. The copy's size in bytes.
pub fn take_backup(db: &Path, out: &Path) -> Result<(Via, u64), BackupError> {
    let out = super::backup::output_path(db, out)?;
    if !db.is_file() {
        return Err(BackupError::Source(format!(
            "no game database at {}",
            db.display()
        )));
    }
    match super::dbfile::FileGuard::take(db) {
        Ok(_guard) => {
            let conn = rusqlite::Connection::open(db)
                .and_then(|c| {
                    c.execute_batch("PRAGMA locking_mode = EXCLUSIVE;")
                        .map(|()| c)
                })
                .map_err(|e| BackupError::Source(format!("cannot open {}: {e}", db.display())))?;
            Ok((Via::Direct, super::backup::copy_idle(&conn, &out)?))
        }
        Err(super::dberror::DbError::InUse(_)) => Ok((Via::Server, ask(db, &out)?)),
        Err(e) => Err(BackupError::Source(e.to_string())),
    }
}
