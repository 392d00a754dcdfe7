//! `humpty backup OUT [--db PATH]`: a consistent copy of the game database,
//! taken by the server that holds it while it serves, or directly when no
//! server does (docs/deploy/backup.md). Restore with `humpty serve --db OUT`.

use super::io::{out, path_parser};
use clap::{Arg, ArgMatches, Command};
use humpty::web::backup_socket::{take_backup, Via};
use humpty::web::db::DbPath;
use std::path::Path;

/// `humpty backup`'s grammar.
pub fn backup_command() -> Command {
    Command::new("backup")
        .about("Copy the game database consistently, even while `humpty serve` uses it (restore: serve --db OUT)")
        .arg(Arg::new("out").required(true).value_name("OUT").value_parser(path_parser()).help("The copy (replaced once complete and checked)"))
        .arg(Arg::new("db").long("db").value_name("PATH").value_parser(path_parser()).help("The database [default: serve's default file]"))
}

/// Run `humpty backup`.
pub fn backup(m: &ArgMatches) -> Result<(), String> {
    let db = match m.get_one::<String>("db") {
        Some(p) if p == ":memory:" => {
            return Err("an in-memory database cannot be backed up: it is kept nowhere".into())
        }
        Some(p) => DbPath::parse(p),
        None => DbPath::default_file().map_err(|e| e.to_string())?,
    };
    let DbPath::File(db) = db else {
        return Err("an in-memory database cannot be backed up".into());
    };
    let dest = m.get_one::<String>("out").expect("required");
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
