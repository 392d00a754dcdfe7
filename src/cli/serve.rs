//! `humpty serve`: the board in the browser (docs/web.md).

use super::io::path_parser;
use super::io::{out, say};
use clap::{value_parser, Args};
use humpty::web::store::db::DbPath;
use humpty::web::{open_browser, ServeConfig, Server};

/// `humpty serve`'s arguments.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Port (0 picks a free one)
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to bind; 0.0.0.0 serves other machines too
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The address people use through a reverse proxy (https://chess.example.org): its host name is accepted
    #[arg(long)]
    public_url: Option<String>,
    /// Served through a reverse proxy on this machine: per-client limits use its X-Forwarded-For (docs/web.md)
    #[arg(long)]
    behind_proxy: bool,
    /// The game database (SQLite); :memory: keeps nothing [default: games.sqlite3 in the user's data folder, see docs/web.md]
    #[arg(long, value_name = "PATH", value_parser = path_parser())]
    db: Option<String>,
    /// Open the board in the system browser
    #[arg(long)]
    open: bool,
    /// Games kept in memory (the least recently used leave memory; the database keeps them all)
    #[arg(long, default_value_t = 1000, value_parser = value_parser!(u64).range(1..=100_000))]
    max_games: u64,
    /// A PGN collection for the opening explorer, beside the server's own finished games (may be given again)
    #[arg(long, value_name = "GAMES.pgn", value_parser = path_parser())]
    explorer: Vec<String>,
    /// Endgame tablebases (humpty tb generate) for the board's tablebase panel
    #[arg(long, value_name = "DIR", value_parser = path_parser())]
    tb: Option<String>,
    /// Searches at once, one thread each (default: the number of cores)
    #[arg(long, value_parser = value_parser!(u64).range(1..=256))]
    max_searches: Option<u64>,
}

/// `humpty serve`: run the web board until the process is stopped.
pub fn serve(a: &ServeArgs) -> Result<(), String> {
    let mut cfg = ServeConfig {
        host: a.host.clone(),
        port: a.port,
        max_games: a.max_games as usize,
        public_url: a.public_url.clone(),
        behind_proxy: a.behind_proxy,
        explorer_pgn: a.explorer.iter().map(std::path::PathBuf::from).collect(),
        tablebases: a.tb.as_ref().map(std::path::PathBuf::from),
        ..ServeConfig::default()
    };
    if let Some(n) = a.max_searches {
        cfg.max_searches = n as usize;
    }
    cfg.db = match &a.db {
        Some(path) => DbPath::parse(path),
        None => DbPath::default_file().map_err(|e| e.to_string())?,
    };
    let server = Server::start(&cfg).map_err(|e| e.to_string())?;
    let url = server.url();
    let kept = match &cfg.db {
        DbPath::Memory => "in memory only".to_string(),
        DbPath::File(p) => format!("in {}", p.display()),
    };
    out(format!(
        "humpty: the board is at {url}  (games kept {kept}; Ctrl-C stops the server)"
    ));
    if a.open {
        if let Err(e) = open_browser(&url) {
            say(format!("humpty: {e}"));
        }
    }
    server.wait();
    Ok(())
}
