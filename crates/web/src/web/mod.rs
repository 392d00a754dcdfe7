//! `humpty serve`: the board in the browser (docs/web.md). The network
//! side (`front`, on hyper and tokio) bounds every read and checks who asks
//! (`guard`); it serves one embedded page and a JSON API (`api`, whose
//! changes are `actions`). The server owns every game (`driver`): it starts
//! the engine's moves and judges the clocks (`clock`) itself, keeps every
//! game in SQLite (`db`, `store`), and sends each change to every page
//! showing the game (`events`). Searches run on fixed pools of engines
//! (`pool`), analysis streams as server-sent events (`search`).

pub(crate) mod api;
pub(crate) mod app;
pub(crate) mod driver;
pub(crate) mod explorer;
pub(crate) mod friends;
pub(crate) mod game;
pub(crate) mod learn;
pub(crate) mod net;
pub mod page;
pub(crate) mod pool;
pub(crate) mod puzzle_messages;
pub(crate) mod puzzles;
pub mod review;
pub(crate) mod search;
pub mod store;
pub(crate) mod sync;

pub use app::{App, ServeError};
pub use net::guard::RateLimit;
use std::net::SocketAddr;
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// Address to bind (loopback unless chosen otherwise).
    pub host: String,
    /// Port (0 picks a free one).
    pub port: u16,
    /// The address people reach the server by through a proxy
    /// (`https://chess.example.org`): its host name is accepted too.
    pub public_url: Option<String>,
    /// Where games are kept (`--db`; in memory unless chosen).
    pub db: store::db::DbPath,
    /// Most games kept in memory (the least recently used go first; the
    /// database keeps them all).
    pub max_games: usize,
    /// Most searches at once of each kind, engine moves and analysis (one
    /// thread each).
    pub max_searches: usize,
    /// Most open connections from one client address.
    pub max_connections_per_client: usize,
    /// Most analysis streams open at once from one client address.
    pub max_streams_per_client: usize,
    /// Most game event streams open at once from one client address.
    pub max_event_streams_per_client: usize,
    /// The rate limit on new games, searches, imports and offers, per
    /// client address.
    pub rate_limit: RateLimit,
    /// The rate limit on steps (goto, undo, opening an event stream), per
    /// client address.
    pub step_rate_limit: RateLimit,
    /// PGN collections the opening explorer shows beside the server's own
    /// finished games (`--explorer`).
    pub explorer_pgn: Vec<std::path::PathBuf>,
    /// Served through a reverse proxy on this machine (`--behind-proxy`):
    /// limits per client use the address the proxy forwards.
    pub behind_proxy: bool,
    /// A folder of endgame tablebases for the board's panel (`--tb`).
    pub tablebases: Option<std::path::PathBuf>,
}

impl Default for ServeConfig {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        ServeConfig {
            host: "127.0.0.1".into(),
            port: 8080,
            public_url: None,
            db: store::db::DbPath::Memory,
            max_games: 1000,
            max_searches: cores.clamp(1, 16),
            max_connections_per_client: 256,
            max_streams_per_client: 4,
            max_event_streams_per_client: 32,
            rate_limit: RateLimit::default(),
            step_rate_limit: RateLimit::STEPS,
            explorer_pgn: Vec::new(),
            behind_proxy: false,
            tablebases: None,
        }
    }
}

/// A running server; it stops serving when dropped.
pub struct Server {
    front: Option<api::front::Front>,
    /// Where `humpty backup` asks for a copy (a file database on Unix).
    _backups: Option<store::backup_socket::BackupSocket>,
    addr: SocketAddr,
    /// The shared state (tests look at it).
    pub app: Arc<App>,
}

impl Server {
    /// Bind and start answering requests in the background.
    pub fn start(cfg: &ServeConfig) -> Result<Server, ServeError> {
        let host = cfg.host.trim_matches(['[', ']']);
        let at = format!("{}:{}", cfg.host, cfg.port);
        let listener = std::net::TcpListener::bind((host, cfg.port))
            .map_err(|e| ServeError::Listen(at.clone(), e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| ServeError::Listen(at, e))?;
        let store = store::games::Store::open(&cfg.db, cfg.max_games)?;
        let trainer = puzzles::Trainer::load(store.db())?;
        let explorer = explorer::Explorer::load(store.db(), &cfg.explorer_pgn).map_err(|e| {
            ServeError::Db(store::db::DbError::Other(format!(
                "the explorer's games: {e}"
            )))
        })?;
        let tables = match &cfg.tablebases {
            None => None,
            Some(dir) => Some(
                humpty_tablebase::Tablebases::open(dir)
                    .map_err(|e| ServeError::Tables(e.to_string()))?,
            ),
        };
        let app = Arc::new(App {
            trainer,
            explorer,
            tables,
            store,
            moves: pool::Pool::new(cfg.max_searches),
            pool: pool::Pool::new(cfg.max_searches),
            streams: AtomicUsize::new(0),
        });
        driver::watch_clocks(Arc::downgrade(&app))?;
        driver::resume(&app)?;
        let guard = net::guard::Guard::new(
            &cfg.host,
            cfg.public_url.as_deref(),
            net::guard::Caps {
                connections: cfg.max_connections_per_client,
                analysis_streams: cfg.max_streams_per_client,
                event_streams: cfg.max_event_streams_per_client,
            },
            [cfg.rate_limit, cfg.step_rate_limit],
            cfg.behind_proxy,
        );
        let backups = backup_listener(&cfg.db, &app);
        let front = api::front::Front::start(listener, Arc::clone(&app), guard)?;
        Ok(Server {
            front: Some(front),
            _backups: backups,
            addr,
            app,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's URL.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serve until the process ends.
    pub fn wait(mut self) {
        if let Some(front) = self.front.take() {
            front.wait();
        }
    }
}

impl Drop for Server {
    /// Stop answering, then give the background work a moment to let go of
    /// the state: the database's lock goes with its last holder, and a
    /// server started again on the same file (a restart in one process)
    /// needs it. A long job still running is not waited for.
    fn drop(&mut self) {
        drop(self.front.take());
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
        while Arc::strong_count(&self.app) > 1 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
}

/// The backup socket beside a database file (docs/deploy/backup.md). It
/// holds the state weakly, so a stopped server is not kept alive; without
/// it (no Unix sockets, a path too long for one) the server still serves
/// and says why backups must wait for it to stop.
#[cfg(unix)]
fn backup_listener(
    db: &store::db::DbPath,
    app: &Arc<App>,
) -> Option<store::backup_socket::BackupSocket> {
    let store::db::DbPath::File(file) = db else {
        return None;
    };
    let weak = Arc::downgrade(app);
    let copy: store::backup_socket::CopyTo = Box::new(move |out| match weak.upgrade() {
        Some(app) => app.store.db().backup_to(out),
        None => Err(store::backup::BackupError::Server(
            "the server is stopping".into(),
        )),
    });
    match store::backup_socket::BackupSocket::start(file, copy) {
        Ok(s) => Some(s),
        Err(e) => {
            eprintln!(
                "humpty serve: no backups while serving ({}: {e}); `humpty backup` works once the server stops",
                store::backup::socket_path(file).display()
            );
            None
        }
    }
}

#[cfg(not(unix))]
fn backup_listener(
    _: &store::db::DbPath,
    _: &Arc<App>,
) -> Option<store::backup_socket::BackupSocket> {
    None
}

/// Open `url` in the system's browser.
pub fn open_browser(url: &str) -> Result<(), String> {
    let (cmd, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    std::process::Command::new(cmd)
        .args(&args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map(|_| ())
        .map_err(|e| format!("cannot start {cmd} to open the browser: {e}"))
}
