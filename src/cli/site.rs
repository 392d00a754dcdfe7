//! `humpty site DIR`: write the board as static files (docs/web.md).

use super::io::path_parser;
use super::io::{out, say};
use clap::Args;
use humpty::web::page::site;
use std::path::Path;

/// `humpty site`'s arguments.
#[derive(Args, Debug)]
pub struct SiteArgs {
    /// The folder to write (made if missing)
    #[arg(value_name = "DIR", value_parser = path_parser())]
    dir: String,
    /// Copy the endgame tables (humpty tb generate) for the board's tablebase panel; fetched as positions need them
    #[arg(long, value_name = "TABLES", value_parser = path_parser())]
    tb: Option<String>,
    /// Copy the tables of at most this many men (4-man tables are tens of MB each)
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(3..=5))]
    tb_men: u8,
}

/// Run `humpty site`.
pub fn site(a: &SiteArgs) -> Result<(), String> {
    let dir = &a.dir;
    let tables =
        a.tb.as_ref()
            .map(|t| (Path::new(t.as_str()), a.tb_men as usize));
    let n = site::write(Path::new(dir), tables).map_err(|e| e.to_string())?;
    out(format!("wrote {n} files to {dir}"));
    say(format!(
        "serve it with any static file server, for example: python3 -m http.server -d {dir}"
    ));
    Ok(())
}
