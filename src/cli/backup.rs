//! `humpty backup OUT [--db PATH]`: a consistent copy of the game database,
//! taken by the server that holds it while it serves, or directly when no
//! server does (docs/deploy/backup.md). Restore with `humpty serve --db OUT`.

use super::io::{out, path_parser};
use clap::Args;
use humpty::web::store::backup_socket::{take_backup, Via};
use humpty::web::store::db::DbPath;
use std::path::Path;

/// `humpty backup`'s arguments.
#[derive(Args, Debug)]
pub struct BackupArgs {
    /// The copy (replaced once complete and checked)
    #[arg(value_name = "OUT", value_parser = path_parser())]
    out: String,
    /// The database [default: serve's default file]
    #[arg(long, value_name = "PATH", value_parser = path_parser())]
    db: Option<String>,
}

/// Run `humpty backup`.
pub fn backup(a: &BackupArgs) -> Result<(), String> {
    let db = match a.db.as_deref() {
        Some(":memory:") => {
            return Err("an in-memory database cannot be backed up: it is kept nowhere".into())
        }
        Some(p) => DbPath::parse(p),
        None => DbPath::default_file().map_err(|e| e.to_string())?,
    };
    let DbPath::File(db) = db else {
        return Err("an in-memory database cannot be backed up".into());
    };
    let dest = &a.out;
    let (via, bytes) = take_backup(&db, Path::new(dest)).map_err(|e| e.to_string())?;
    let by = match via {
        Via::Server => "by the running server",
        Via::Direct => "with no server running",
    };
    out(format!(
        "backed up {} to {dest} ({bytes} bytes, {by}; integrity checked)",
        db.display()
    ));
    Ok(())
}
