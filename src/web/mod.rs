//! `humpty serve`: the board in the browser (docs/web.md). A small HTTP
//! server (tiny_http, a fixed pool of worker threads) serves one embedded
//! page and a JSON API; games live in memory (`store`), searches run on a
//! fixed pool of engines (`pool`), analysis streams as server-sent events
//! (`search`).

pub mod api;
pub mod assets;
pub mod game;
pub mod http;
pub mod level;
pub mod pool;
pub mod review;
pub mod search;
pub mod store;
pub mod view;

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
    /// Most games kept in memory (the least recently used go first).
    pub max_games: usize,
    /// Most searches at once (one thread each).
    pub max_searches: usize,
    /// Threads answering requests.
    pub workers: usize,
}

impl Default for ServeConfig {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        ServeConfig {
            host: "127.0.0.1".into(),
            port: 8080,
            max_games: 1000,
            max_searches: cores.clamp(1, 16),
            workers: 16,
        }
    }
}

/// What every request handler shares.
pub struct App {
    /// The games.
    pub store: store::Store,
    /// The engines.
    pub pool: pool::Pool,
    /// Open analysis streams.
    pub streams: AtomicUsize,
}

/// A running server; it stops serving when dropped.
pub struct Server {
    http: Arc<tiny_http::Server>,
    addr: SocketAddr,
    workers: Vec<std::thread::JoinHandle<()>>,
    /// The shared state (tests look at it).
    pub app: Arc<App>,
}

impl Server {
    /// Bind and start answering requests in the background.
    pub fn start(cfg: &ServeConfig) -> Result<Server, String> {
        let bind = format!("{}:{}", cfg.host, cfg.port);
        let http =
            tiny_http::Server::http(&bind).map_err(|e| format!("cannot listen on {bind}: {e}"))?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| format!("{bind} is not an IP address"))?;
        let http = Arc::new(http);
        let app = Arc::new(App {
            store: store::Store::new(cfg.max_games),
            pool: pool::Pool::new(cfg.max_searches),
            streams: AtomicUsize::new(0),
        });
        let workers = (0..cfg.workers.max(1))
            .filter_map(|i| {
                let (http, app) = (Arc::clone(&http), Arc::clone(&app));
                std::thread::Builder::new()
                    .name(format!("http-{i}"))
                    .spawn(move || {
                        while let Ok(req) = http.recv() {
                            api::handle(&app, req);
                        }
                    })
                    .ok()
            })
            .collect::<Vec<_>>();
        if workers.is_empty() {
            return Err("cannot start any request thread".into());
        }
        Ok(Server {
            http,
            addr,
            workers,
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
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.http.unblock();
        for _ in 0..self.workers.len() {
            self.http.unblock();
        }
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
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
