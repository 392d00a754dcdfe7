//! The server's network side, on hyper and tokio (through axum): it
//! accepts connections, bounds every read in time and size, checks who is
//! asking (`guard`), and hands each request to the API (`routes::answer`) on a
//! blocking thread, so a slow client or a long search never holds up
//! another request.

use super::routes;
use crate::web::app::{App, ServeError};
use crate::web::net::guard::Guard;
use crate::web::net::http::{to_json, too_large, ApiError, Problem, Reply, Target, MAX_BODY};
use axum::body::Body;
use axum::http::{header, HeaderValue, Request, Response, StatusCode};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

/// A client has this long to send a request's head.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// ... and this long to send its body.
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// Largest request head (request line and headers) read; more gets 431.
const MAX_HEAD: usize = 64 * 1024;
/// Longest URL; more gets 414.
const MAX_URL: usize = 4096;

/// Every answer carries these: no inline script, no framing, no sniffing,
/// no referrer. `'wasm-unsafe-eval'` lets the page compile the rules' and
/// the engine's WebAssembly (served from this origin, `/humpty/`).
const SECURITY_HEADERS: [(&str, &str); 4] = [
    (
        "content-security-policy",
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; \
         form-action 'self'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
];

/// The running network side: stops when dropped.
pub(crate) struct Front {
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// What each connection's requests share.
struct Shared {
    app: Arc<App>,
    guard: Guard,
}

impl Front {
    /// Serve `listener` (already bound) on a runtime of its own thread.
    pub(crate) fn start(
        listener: std::net::TcpListener,
        app: Arc<App>,
        guard: Guard,
    ) -> Result<Front, ServeError> {
        listener
            .set_nonblocking(true)
            .map_err(|e| ServeError::Start("the listening socket", e))?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("http")
            .enable_all()
            .build()
            .map_err(|e| ServeError::Start("the server's runtime", e))?;
        let (stop, stopped) = oneshot::channel();
        let shared = Arc::new(Shared { app, guard });
        let thread = std::thread::Builder::new()
            .name("http-accept".into())
            .spawn(move || {
                runtime.block_on(accept_loop(listener, shared, stopped));
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .map_err(|e| ServeError::Start("the server's thread", e))?;
        Ok(Front {
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// Serve until the process ends.
    pub(crate) fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Front {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Accept connections until told to stop; each is served on its own task.
async fn accept_loop(
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
    mut stopped: oneshot::Receiver<()>,
) {
    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
        return;
    };
    loop {
        let (stream, addr) = tokio::select! {
            _ = &mut stopped => return,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                // Out of descriptors and the like: wait, then go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(ticket) = shared.guard.connection(addr.ip()) else {
            // Too many connections from this client: it is told so, then
            // closed (the answer is small and its write bounded in time).
            tokio::spawn(async move {
                let text = "too many connections from this address: close some first";
                let answer = raw_answer("429 Too Many Requests", "Retry-After: 1\r\n", text);
                let mut stream = stream;
                let write = tokio::io::AsyncWriteExt::write_all(&mut stream, answer.as_bytes());
                let _ = tokio::time::timeout(Duration::from_secs(1), write).await;
            });
            continue;
        };
        // Small answers go out at once, not after the peer's delayed ACK.
        let _ = stream.set_nodelay(true);
        let shared = Arc::clone(&shared);
        tokio::spawn(async move {
            serve_connection(stream, addr, shared).await;
            drop(ticket);
        });
    }
}

/// A whole HTTP/1.1 answer written by hand, for a connection hyper never
/// serves: `status`, extra header lines, and `{"error": text}`; it closes.
fn raw_answer(status: &str, headers: &str, text: &str) -> String {
    let body = to_json(&Problem { error: text }).to_string();
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// The HTTP version of a first request line, if one has arrived whole and
/// names a version other than 1.0 and 1.1 (hyper would say only 400).
async fn unsupported_version(stream: &tokio::net::TcpStream) -> Option<String> {
    let mut first = [0u8; 1024];
    let n = tokio::time::timeout(HEADER_TIMEOUT, stream.peek(&mut first))
        .await
        .ok()?
        .ok()?;
    let text = String::from_utf8_lossy(&first[..n]);
    let line = text
        .split("\r\n")
        .next()
        .filter(|_| text.contains("\r\n"))?;
    let version = line.rsplit(' ').next()?;
    (version.starts_with("HTTP/") && !["HTTP/1.0", "HTTP/1.1"].contains(&version))
        .then(|| version.to_string())
}

/// One connection: HTTP/1.1 with keep-alive, a deadline on each request
/// head and a cap on its size.
async fn serve_connection(
    mut stream: tokio::net::TcpStream,
    addr: SocketAddr,
    shared: Arc<Shared>,
) {
    if let Some(version) = unsupported_version(&stream).await {
        use tokio::io::AsyncWriteExt;
        let text = format!("{version} is not spoken here: use HTTP/1.1");
        let answer = raw_answer("505 HTTP Version Not Supported", "", &text);
        let _ = stream.write_all(answer.as_bytes()).await;
        return;
    }
    let service = hyper::service::service_fn(move |req: Request<Incoming>| {
        let shared = Arc::clone(&shared);
        async move { Ok::<_, std::convert::Infallible>(respond(shared, addr, req).await) }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_buf_size(MAX_HEAD)
        .serve_connection(TokioIo::new(stream), service)
        .await;
}

/// Check the request, read its body (bounded), answer it.
async fn respond(shared: Arc<Shared>, addr: SocketAddr, req: Request<Incoming>) -> Response<Body> {
    let mut answer = answer(&shared, addr, req).await;
    for (name, value) in SECURITY_HEADERS {
        answer
            .headers_mut()
            .insert(name, HeaderValue::from_static(value));
    }
    answer
}

async fn answer(shared: &Arc<Shared>, addr: SocketAddr, req: Request<Incoming>) -> Response<Body> {
    let url = req.uri().to_string();
    if url.len() > MAX_URL {
        return error(ApiError::new(
            414,
            format!("the URL is over {MAX_URL} bytes"),
        ));
    }
    if let Err(e) = shared.guard.check(req.method(), req.headers()) {
        return error(e);
    }
    let target = Target::of(req.method().as_str(), &url);
    let client = shared.guard.client(addr.ip(), req.headers());
    if let Err(e) = shared.guard.rate(client, &target) {
        return error(e);
    }
    let body = match read_body(req.into_body()).await {
        Ok(b) => b,
        Err(e) => return error(e),
    };
    let app = Arc::clone(&shared.app);
    match routes::route_of(&target) {
        routes::Route::Analysis { id, multipv } => {
            let ticket = match shared.guard.stream(client) {
                Ok(t) => t,
                Err(e) => return error(e),
            };
            let started =
                blocking(move || crate::web::search::analysis(&app, &id, multipv.as_deref())).await;
            return match started {
                // The client's stream slot is held as long as the stream.
                Ok(rx) => event_stream(rx, ticket),
                Err(e) => error(e),
            };
        }
        routes::Route::Events { id } => {
            let listen = move || {
                let game = crate::web::driver::find(&app, &id)?;
                let (first, rx) = crate::web::game::events::subscribe(&game);
                Ok((game, first, rx))
            };
            let ticket = match shared.guard.event_stream(client) {
                Ok(t) => t,
                Err(e) => return error(e),
            };
            return match blocking(listen).await {
                Ok((game, first, rx)) => {
                    let (tx, inbox) = crate::web::net::outbox::outbox(8);
                    tokio::spawn(crate::web::game::events::relay(game, first, rx, tx));
                    event_stream(inbox, ticket)
                }
                Err(e) => error(e),
            };
        }
        routes::Route::Call => {}
    }
    match blocking(move || routes::answer(&app, &target, &body)).await {
        Ok(reply) => reply_response(reply),
        Err(e) => error(e),
    }
}

/// Run `f` on tokio's blocking threads (a panic there is a 500).
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|_| Err(ApiError::new(500, "internal error")))
}

/// The body, at most `MAX_BODY` bytes (413) within `BODY_TIMEOUT` (408).
async fn read_body(body: Incoming) -> Result<Vec<u8>, ApiError> {
    let limited = http_body_util::Limited::new(body, MAX_BODY);
    let collected = tokio::time::timeout(BODY_TIMEOUT, http_body_util::BodyExt::collect(limited))
        .await
        .map_err(|_| ApiError::new(408, "the request body came too slowly"))?;
    match collected {
        Ok(c) => Ok(c.to_bytes().to_vec()),
        Err(e) if e.is::<http_body_util::LengthLimitError>() => Err(too_large()),
        Err(e) => Err(ApiError::bad(format!("cannot read the request body: {e}"))),
    }
}

fn reply_response(reply: Reply) -> Response<Body> {
    match reply {
        Reply::Json(status, v) => json_response(status, v.to_string()),
        Reply::Bytes {
            content_type,
            body,
            download,
        } => {
            let mut r = typed(Body::from(body), content_type);
            let disposition = download.and_then(|name| {
                HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")).ok()
            });
            if let Some(value) = disposition {
                r.headers_mut().insert(header::CONTENT_DISPOSITION, value);
            }
            r
        }
    }
}

/// A body of this content type, never cached.
fn typed(body: Body, content_type: &'static str) -> Response<Body> {
    let mut r = Response::new(body);
    let h = r.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

fn json_response(status: u16, text: String) -> Response<Body> {
    let mut r = typed(Body::from(text), "application/json; charset=utf-8");
    *r.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    r
}

/// An error as JSON, with `Retry-After` on a 429.
fn error(e: ApiError) -> Response<Body> {
    let mut r = json_response(
        e.status,
        to_json(&Problem { error: &e.message }).to_string(),
    );
    if let Some(secs) = e.retry_after {
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(secs));
    }
    r
}

/// A server-sent event stream from the stream thread's events (holding
/// the client's stream slot until it ends).
fn event_stream(
    inbox: crate::web::net::outbox::Inbox,
    slot: crate::web::net::guard::Ticket,
) -> Response<Body> {
    use tokio_stream::StreamExt;
    let events = inbox.into_stream().map(move |bytes| {
        let _held = &slot;
        Ok::<_, std::convert::Infallible>(bytes)
    });
    let mut r = typed(Body::from_stream(events), "text/event-stream");
    let h = r.headers_mut();
    h.insert("x-accel-buffering", HeaderValue::from_static("no"));
    r
}
