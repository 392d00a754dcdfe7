//! What the API's handlers see of HTTP, apart from the network side
//! (`front`): a request's method, path and query, its (size-capped) body,
//! and the answer: JSON, bytes, an error (a 4xx/5xx with `{"error": ...}`)
//! or a server-sent event stream.

pub(crate) use super::outbox::ClientLeft;
use super::outbox::{outbox, Inbox, Outbox};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

/// Largest request body read, in bytes (a long PGN fits).
pub(crate) const MAX_BODY: usize = 256 * 1024;

/// A failed request: status and message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status (4xx for the client's mistakes).
    pub status: u16,
    /// What went wrong, in words.
    pub message: String,
    /// Seconds to wait before trying again (a 429's `Retry-After`).
    pub retry_after: Option<u32>,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 400 Bad Request.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(400, message)
    }
}

/// What a handler answers.
pub(crate) enum Reply {
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
pub(crate) struct Target {
    /// Upper-case method.
    pub method: String,
    /// Path segments (`/api/games/x` -> `["api", "games", "x"]`).
    pub segments: Vec<String>,
    /// Query pairs, percent-decoded.
    pub query: Vec<(String, String)>,
}

impl Target {
    /// Split a request's method and URL (path and query).
    pub(crate) fn of(method: &str, url: &str) -> Target {
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        Target {
            method: method.to_ascii_uppercase(),
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
    pub(crate) fn param(&self, key: &str) -> Option<&str> {
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

/// The request body as text, refused when it is not UTF-8 (400); the
/// network side has already refused a body past `MAX_BODY` (413).
pub(crate) fn body_text(body: &[u8]) -> Result<String, ApiError> {
    String::from_utf8(body.to_vec()).map_err(|_| ApiError::bad("the request body is not UTF-8"))
}

/// 413: the body is over `MAX_BODY`.
pub(crate) fn too_large() -> ApiError {
    ApiError::new(413, format!("the request body is over {MAX_BODY} bytes"))
}

/// The request body as a JSON object (an empty body reads as `{}`).
pub(crate) fn body_json(body: &[u8]) -> Result<Value, ApiError> {
    let text = body_text(body)?;
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

/// The request body as the request type `T` (an empty body reads as `{}`):
/// a field of the wrong type or value is a 400 that names it
/// (`clock.base_s: ...`).
pub(crate) fn body_as<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    request_of(&body_json(body)?)
}

/// A JSON object read as the request type `T`, as `body_as` reads it.
pub(crate) fn request_of<T: DeserializeOwned>(v: &Value) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(v).map_err(|e| {
        let path = e.path().to_string();
        match path.as_str() {
            "." => ApiError::bad(e.into_inner().to_string()),
            _ => ApiError::bad(format!("{path}: {}", e.into_inner())),
        }
    })
}

impl Reply {
    /// An answer of this status, written from its typed form.
    pub(crate) fn json(status: u16, answer: &impl Serialize) -> Reply {
        Reply::Json(status, to_json(answer))
    }
}

/// A typed answer or event as JSON. Our answers are structs with string
/// keys, which always serialize; the fallback only keeps a bug from
/// panicking the server.
pub(crate) fn to_json(answer: &impl Serialize) -> Value {
    serde_json::to_value(answer).unwrap_or_else(|e| json!({ "error": e.to_string() }))
}

/// What went wrong, as an error answer or a `problem` event carries it.
#[derive(Serialize)]
pub(crate) struct Problem<'a> {
    /// The message for people.
    pub error: &'a str,
}

/// A `queued` event: the request's place in the queue for an engine.
#[derive(Serialize)]
pub(crate) struct Queued {
    /// 1 is next.
    pub position: usize,
}

/// A server-sent event stream: each event goes to the connection's task
/// as it is written (an error means the client has left, or has fallen
/// `outbox::MAX_STREAM_BYTES` behind).
pub(crate) struct EventStream {
    out: Outbox,
}

/// Events waiting for a slow client before the writer waits too.
const STREAM_BUFFER: usize = 64;

impl EventStream {
    /// A stream and the receiving end the network side sends from.
    pub(crate) fn new() -> (EventStream, Inbox) {
        let (out, inbox) = outbox(STREAM_BUFFER);
        (EventStream { out }, inbox)
    }

    fn send(&mut self, text: String) -> Result<(), ClientLeft> {
        self.out.blocking_send(text)
    }

    /// One event.
    pub(crate) fn event(&mut self, event: &str, data: &impl Serialize) -> Result<(), ClientLeft> {
        self.send(format!("event: {event}\ndata: {}\n\n", to_json(data)))
    }

    /// A comment line: keeps the stream alive and finds out if the client
    /// has gone.
    pub(crate) fn alive(&mut self) -> Result<(), ClientLeft> {
        self.send(": alive\n\n".into())
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
