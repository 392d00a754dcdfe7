//! `humpty site DIR`: write the board as static files (docs/web.md).

use super::io::{out, say};
use clap::{Arg, ArgMatches, Command};
use humpty::web::site;
use std::path::Path;

/// `humpty site`'s grammar.
pub fn site_command() -> Command {
    Command::new("site")
        .about("Write the board as static files that need no server: the rules and the engine run in the browser (docs/web.md)")
        .arg(Arg::new("dir").required(true).value_name("DIR").value_parser(crate::cli::io::path_parser()).help("The folder to write (made if missing)"))
        .arg(Arg::new("tb").long("tb").value_name("TABLES").value_parser(crate::cli::io::path_parser()).help("Copy the endgame tables (humpty tb generate) for the board's tablebase panel; fetched as positions need them"))
        .arg(Arg::new("tb-men").long("tb-men").value_parser(clap::value_parser!(u8).range(3..=5)).default_value("3").help("Copy the tables of at most this many men (4-man tables are tens of MB each)"))
}

/// Run `humpty site`.
pub fn site(m: &ArgMatches) -> Result<(), String> {
    let dir = m.get_one::<String>("dir").expect("required");
    let tables = m.get_one::<String>("tb").map(|t| {
        let men = *m.get_one::<u8>("tb-men").expect("defaulted") as usize;
        (Path::new(t.as_str()), men)
    });
    let n = site::write(Path::new(dir), tables).map_err(|e| e.to_string())?;
    out(format!("wrote {n} files to {dir}"));
    say(format!(
        "serve it with any static file server, for example: python3 -m http.server -d {dir}"
    ));
    Ok(())
}
