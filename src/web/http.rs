//! HTTP plumbing over tiny_http: reading a request's path, query and
//! (size-capped) body, and answering with JSON, text, an error (a 4xx/5xx
//! with `{"error": ...}`) or a server-sent event stream.

use serde_json::{json, Value};
use std::io::{Read, Write};
use tiny_http::{Header, Request, Response, StatusCode};

/// Largest request body read, in bytes (a long PGN fits).
pub const MAX_BODY: usize = 256 * 1024;

/// A failed request: status and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status (4xx for the client's mistakes).
    pub status: u16,
    /// What went wrong, in words.
    pub message: String,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 400 Bad Request.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }
}

/// What a handler answers.
pub enum Reply {
    /// JSON with this status.
    Json(u16, Value),
    /// Bytes with a content type (and an optional download file name).
    Bytes {
        /// MIME type.
        content_type: &'static str,
        /// Body.
        body: Vec<u8>,
        /// Offer the body as a download with this name.
        download: Option<String>,
    },
}

/// The request line split up: method, path segments and query pairs.
pub struct Target {
    /// Upper-case method.
    pub method: String,
    /// Path segments (`/api/games/x` -> `["api", "games", "x"]`).
    pub segments: Vec<String>,
    /// Query pairs, percent-decoded.
    pub query: Vec<(String, String)>,
}

impl Target {
    /// Split the request's method and URL.
    pub fn of(req: &Request) -> Target {
        let url = req.url();
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        Target {
            method: req.method().as_str().to_ascii_uppercase(),
            segments: path
                .split('/')
                .filter(|s| !s.is_empty())
                .map(decode)
                .collect(),
            query: query
                .split('&')
                .filter(|s| !s.is_empty())
                .map(|kv| {
                    let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
                    (decode(k), decode(v))
                })
                .collect(),
        }
    }

    /// A query value.
    pub fn param(&self, key: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Percent-decoding (`+` as space); bad escapes are kept as written.
fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes[i..] {
            [b'%', hi, lo, ..] => hex(hi).zip(hex(lo)).map(|(h, l)| h * 16 + l),
            _ => None,
        };
        match (escaped, bytes[i]) {
            (Some(b), _) => {
                out.push(b);
                i += 2;
            }
            (None, b'+') => out.push(b' '),
            (None, b) => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The request body as text, refused past `MAX_BODY` (413) or when it is
/// not UTF-8 (400).
pub fn body_text(req: &mut Request) -> Result<String, ApiError> {
    if req.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    req.as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ApiError::bad(format!("cannot read the request body: {e}")))?;
    if bytes.len() > MAX_BODY {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| ApiError::bad("the request body is not UTF-8"))
}

fn too_large() -> ApiError {
    ApiError::new(413, format!("the request body is over {MAX_BODY} bytes"))
}

/// The request body as a JSON object (an empty body reads as `{}`).
pub fn body_json(req: &mut Request) -> Result<Value, ApiError> {
    let text = body_text(req)?;
    if text.trim().is_empty() {
        return Ok(json!({}));
    }
    let v: Value =
        serde_json::from_str(&text).map_err(|e| ApiError::bad(format!("bad JSON: {e}")))?;
    if v.is_object() {
        Ok(v)
    } else {
        Err(ApiError::bad("the JSON body must be an object"))
    }
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

/// Send a reply (a client that has gone away is not an error here).
pub fn send(req: Request, reply: Result<Reply, ApiError>) {
    let reply = reply.unwrap_or_else(|e| Reply::Json(e.status, json!({"error": e.message})));
    let response = match reply {
        Reply::Json(status, v) => Response::from_data(v.to_string().into_bytes())
            .with_status_code(StatusCode(status))
            .with_header(header("Content-Type", "application/json; charset=utf-8")),
        Reply::Bytes {
            content_type,
            body,
            download,
        } => {
            let mut r = Response::from_data(body).with_header(header("Content-Type", content_type));
            if let Some(name) = download {
                let value = format!("attachment; filename=\"{name}\"");
                r = r.with_header(header("Content-Disposition", &value));
            }
            r
        }
    };
    let response = response
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    let _ = req.respond(response);
}

/// A server-sent event stream on a taken-over connection, sent in chunked
/// encoding so that each event reaches the client at once and the end of
/// the stream is marked (the connection can then serve another request).
pub struct EventStream {
    out: Box<dyn Write + Send>,
}

impl EventStream {
    /// Write the response head; events follow.
    pub fn start(req: Request) -> std::io::Result<EventStream> {
        let mut out = req.into_writer();
        out.write_all(
            b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\
              Transfer-Encoding: chunked\r\nX-Accel-Buffering: no\r\n\r\n",
        )?;
        out.flush()?;
        Ok(EventStream { out })
    }

    /// One chunk, flushed (an error means the client left).
    fn chunk(&mut self, text: &str) -> std::io::Result<()> {
        write!(self.out, "{:x}\r\n{text}\r\n", text.len())?;
        self.out.flush()
    }

    /// One event.
    pub fn event(&mut self, event: &str, data: &Value) -> std::io::Result<()> {
        self.chunk(&format!("event: {event}\ndata: {data}\n\n"))
    }

    /// A comment line: keeps the stream alive and finds out if the client
    /// has gone.
    pub fn alive(&mut self) -> std::io::Result<()> {
        self.chunk(": alive\n\n")
    }
}

impl Drop for EventStream {
    fn drop(&mut self) {
        let _ = self.out.write_all(b"0\r\n\r\n");
        let _ = self.out.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::decode;

    #[test]
    fn percent_decoding() {
        assert_eq!(decode("a%20b+c"), "a b c");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%"), "%");
        assert_eq!(decode("%C3%A9"), "é");
    }
}
