//! `humpty serve`: the board in the browser (docs/web.md).

use super::io::{out, say};
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use humpty::web::db::DbPath;
use humpty::web::{open_browser, ServeConfig, Server};

/// `humpty serve`'s grammar.
pub fn serve_command() -> Command {
    Command::new("serve")
        .about("Serve the board in the browser: play and analyse by the exact rules (docs/web.md)")
        .arg(
            Arg::new("port")
                .long("port")
                .value_parser(value_parser!(u16))
                .default_value("8080")
                .help("Port (0 picks a free one)"),
        )
        .arg(
            Arg::new("host")
                .long("host")
                .default_value("127.0.0.1")
                .help("Address to bind; 0.0.0.0 serves other machines too"),
        )
        .arg(
            Arg::new("public-url")
                .long("public-url")
                .help("The address people use through a reverse proxy (https://chess.example.org): its host name is accepted"),
        )
        .arg(
            Arg::new("behind-proxy")
                .long("behind-proxy")
                .action(ArgAction::SetTrue)
                .help("Served through a reverse proxy on this machine: per-client limits use its X-Forwarded-For (docs/web.md)"),
        )
        .arg(
            Arg::new("db")
                .long("db")
                .value_name("PATH").value_parser(crate::cli::io::path_parser())
                .help("The game database (SQLite); :memory: keeps nothing [default: games.sqlite3 in the user's data folder, see docs/web.md]"),
        )
        .arg(
            Arg::new("open")
                .long("open")
                .action(ArgAction::SetTrue)
                .help("Open the board in the system browser"),
        )
        .arg(
            Arg::new("max-games")
                .long("max-games")
                .value_parser(value_parser!(u64).range(1..=100_000))
                .default_value("1000")
                .help("Games kept in memory (the least recently used leave memory; the database keeps them all)"),
        )
        .arg(
            Arg::new("explorer")
                .long("explorer")
                .value_name("GAMES.pgn").value_parser(crate::cli::io::path_parser())
                .action(clap::ArgAction::Append)
                .help("A PGN collection for the opening explorer, beside the server's own finished games (may be given again)"),
        )
        .arg(
            Arg::new("tb")
                .long("tb")
                .value_name("DIR")
                .value_parser(crate::cli::io::path_parser())
                .help("Endgame tablebases (humpty tb generate) for the board's tablebase panel"),
        )
        .arg(
            Arg::new("max-searches")
                .long("max-searches")
                .value_parser(value_parser!(u64).range(1..=256))
                .help("Searches at once, one thread each (default: the number of cores)"),
        )
}

/// `humpty serve`: run the web board until the process is stopped.
pub fn serve(m: &ArgMatches) -> Result<(), String> {
    let mut cfg = ServeConfig {
        host: m.get_one::<String>("host").expect("defaulted").clone(),
        port: *m.get_one::<u16>("port").expect("defaulted"),
        max_games: *m.get_one::<u64>("max-games").expect("defaulted") as usize,
        public_url: m.get_one::<String>("public-url").cloned(),
        behind_proxy: m.get_flag("behind-proxy"),
        explorer_pgn: m
            .get_many::<String>("explorer")
            .into_iter()
            .flatten()
            .map(std::path::PathBuf::from)
            .collect(),
        tablebases: m.get_one::<String>("tb").map(std::path::PathBuf::from),
        ..ServeConfig::default()
    };
    if let Some(n) = m.get_one::<u64>("max-searches") {
        cfg.max_searches = *n as usize;
    }
    cfg.db = match m.get_one::<String>("db") {
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
    if m.get_flag("open") {
        if let Err(e) = open_browser(&url) {
            say(format!("humpty: {e}"));
        }
    }
    server.wait();
    Ok(())
}
