//! Who may ask what (docs/web.md, "Safe on any network"): only the names
//! the server is reached by (so a DNS-rebinding page is refused), changes
//! only from the board's own origin or from a script that says it sends
//! JSON, caps on each client's connections and streams, and two rate
//! limits: one on what costs the server (new games, searches, imports,
//! offers), a looser one on the steps a page takes often (going to a
//! ply, taking back, opening a game's event stream).

use super::http::{ApiError, Target};
use axum::http::{header, HeaderMap, Method};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Names every server answers to: the loopback ones.
const LOOPBACK_NAMES: [&str; 4] = ["localhost", "127.0.0.1", "[::1]", "::1"];

/// How many of a client's costly requests may come at once, and how fast
/// the allowance refills.
#[derive(Clone, Copy, Debug)]
pub struct RateLimit {
    /// Requests in a burst.
    pub burst: u32,
    /// Requests a minute after the burst.
    pub per_minute: u32,
}

impl Default for RateLimit {
    fn default() -> Self {
        RateLimit {
            burst: 60,
            per_minute: 60,
        }
    }
}

impl RateLimit {
    /// The default limit on steps (goto, undo, opening an event stream):
    /// a person holding an arrow key down stays under it.
    pub const STEPS: RateLimit = RateLimit {
        burst: 300,
        per_minute: 600,
    };
}

/// What a client may hold at once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Caps {
    /// Open connections.
    pub connections: usize,
    /// Analysis streams (each holds an engine while it runs).
    pub analysis_streams: usize,
    /// Game event streams (one per open tab).
    pub event_streams: usize,
}

/// Which allowance a request draws on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Class {
    /// Makes a game or a search, imports, offers.
    Costly,
    /// A step a page takes often.
    Step,
}

/// The checks, with the counts they keep per client.
pub(crate) struct Guard {
    hosts: Vec<String>,
    connections: Counter,
    streams: Counter,
    event_streams: Counter,
    costly: RateLimit,
    steps: RateLimit,
    /// Behind a reverse proxy on this machine: the client is the address
    /// the proxy names in `X-Forwarded-For`.
    behind_proxy: bool,
    buckets: Mutex<HashMap<(IpAddr, Class), (f64, Instant)>>,
}

/// Slots per client address (connections, analysis streams), each capped.
struct Counter {
    cap: usize,
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Counter {
    fn new(cap: usize) -> Counter {
        Counter {
            cap,
            held: Arc::default(),
        }
    }

    /// A slot for `ip`, if it holds fewer than the cap.
    fn take(&self, ip: IpAddr) -> Option<Ticket> {
        let mut c = crate::web::sync::lock(&self.held);
        let n = c.entry(ip).or_insert(0);
        if *n >= self.cap {
            return None;
        }
        *n += 1;
        Some(Ticket {
            ip,
            connections: Arc::clone(&self.held),
        })
    }
}

/// A held slot (a connection, a stream), given back when dropped.
pub(crate) struct Ticket {
    ip: IpAddr,
    connections: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut c = crate::web::sync::lock(&self.connections);
        if let Some(n) = c.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                c.remove(&self.ip);
            }
        }
    }
}

/// The host name of a `Host` header or an origin's authority, lower case,
/// without the port.
fn host_name(authority: &str) -> String {
    let a = authority.trim().to_ascii_lowercase();
    if a.starts_with('[') {
        return a.split_inclusive(']').next().unwrap_or("").to_string();
    }
    a.rsplit_once(':')
        .filter(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
        .map_or(a.clone(), |(name, _)| name.to_string())
}

impl Guard {
    /// Accept the loopback names, `bind_host` (unless it is a wildcard) and
    /// `public_url`'s host; `limits` are the costly and the step limits.
    pub(crate) fn new(
        bind_host: &str,
        public_url: Option<&str>,
        caps: Caps,
        limits: [RateLimit; 2],
        behind_proxy: bool,
    ) -> Guard {
        let mut hosts: Vec<String> = LOOPBACK_NAMES.iter().map(|s| s.to_string()).collect();
        let bind = bind_host.trim_matches(['[', ']']).to_ascii_lowercase();
        if !["0.0.0.0", "::", ""].contains(&bind.as_str()) {
            hosts.push(bind.clone());
            hosts.push(format!("[{bind}]"));
        }
        if let Some(url) = public_url {
            let rest = url.split_once("://").map_or(url, |(_, r)| r);
            hosts.push(host_name(rest.split('/').next().unwrap_or("")));
        }
        Guard {
            hosts,
            connections: Counter::new(caps.connections.max(1)),
            streams: Counter::new(caps.analysis_streams.max(1)),
            event_streams: Counter::new(caps.event_streams.max(1)),
            behind_proxy,
            costly: limits[0],
            steps: limits[1],
            buckets: Mutex::default(),
        }
    }

    /// The client a request comes from: the peer, or behind a proxy on
    /// this machine the last address of `X-Forwarded-For` (the one the
    /// proxy wrote; earlier ones are the client's word, not trusted).
    pub(crate) fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.behind_proxy || !peer.is_loopback() {
            return peer;
        }
        headers
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|ip| ip.trim().parse().ok())
            .unwrap_or(peer)
    }

    /// A connection slot for `ip`, or `None` past the per-client cap.
    pub(crate) fn connection(&self, ip: IpAddr) -> Option<Ticket> {
        self.connections.take(ip)
    }

    /// A slot for one more analysis stream of this client (429 past the
    /// cap: one person needs a few at most).
    pub(crate) fn stream(&self, ip: IpAddr) -> Result<Ticket, ApiError> {
        self.streams.take(ip).ok_or_else(|| {
            ApiError::new(
                429,
                format!(
                    "at most {} analysis streams per client: stop one first",
                    self.streams.cap
                ),
            )
        })
    }

    /// A slot for one more event stream of this client (429 past the
    /// cap: each open tab of a game holds one).
    pub(crate) fn event_stream(&self, ip: IpAddr) -> Result<Ticket, ApiError> {
        self.event_streams.take(ip).ok_or_else(|| {
            ApiError::new(
                429,
                format!(
                    "at most {} game event streams per client: close a tab first",
                    self.event_streams.cap
                ),
            )
        })
    }

    /// Host, then (for a change) Origin and content type.
    pub(crate) fn check(&self, method: &Method, headers: &HeaderMap) -> Result<(), ApiError> {
        let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
        let host = text(header::HOST).map(host_name).unwrap_or_default();
        if !self.hosts.contains(&host) {
            return Err(ApiError::new(
                421,
                format!("this server does not answer to the host name '{host}'"),
            ));
        }
        if matches!(*method, Method::GET | Method::HEAD) {
            return Ok(());
        }
        let json = text(header::CONTENT_TYPE).is_some_and(is_json);
        match text(header::ORIGIN) {
            Some(origin) => {
                // Same origin: the page's host and port are the ones this
                // request is sent to (another local service on another
                // port is another origin).
                let authority = origin.split_once("://").map_or("", |(_, a)| a);
                let to = text(header::HOST).unwrap_or("");
                if !authority.eq_ignore_ascii_case(to) {
                    return Err(ApiError::new(
                        403,
                        format!("requests from {origin} are refused"),
                    ));
                }
            }
            None if !json => {
                return Err(ApiError::new(
                    403,
                    "a change without an Origin needs Content-Type: application/json",
                ))
            }
            None => {}
        }
        let has_body = text(header::CONTENT_LENGTH).is_some_and(|n| n.trim() != "0")
            || headers.contains_key(header::TRANSFER_ENCODING);
        if has_body && !json {
            return Err(ApiError::new(
                415,
                "the body must be Content-Type: application/json",
            ));
        }
        Ok(())
    }

    /// The rate limits: 429 with `Retry-After` once a client's allowance
    /// is spent. Costly: what makes games (a rematch and an import too),
    /// searches and offers. Steps: going to a ply, taking back, opening a
    /// game's event stream. Moves are not limited.
    pub(crate) fn rate(&self, ip: IpAddr, target: &Target) -> Result<(), ApiError> {
        let Some(class) = class_of(target) else {
            return Ok(());
        };
        let limit = match class {
            Class::Costly => self.costly,
            Class::Step => self.steps,
        };
        let per_second = f64::from(limit.per_minute.max(1)) / 60.0;
        let burst = f64::from(limit.burst.max(1));
        let now = Instant::now();
        let mut buckets = crate::web::sync::lock(&self.buckets);
        if buckets.len() > 100_000 {
            buckets.retain(|_, (_, at)| now.duration_since(*at).as_secs() < 600);
        }
        let (tokens, at) = buckets.entry((ip, class)).or_insert((burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * per_second).min(burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            return Ok(());
        }
        let wait = ((1.0 - *tokens) / per_second).ceil() as u32;
        let mut e = ApiError::new(429, format!("too many requests; try again in {wait} s"));
        e.retry_after = Some(wait.max(1));
        Err(e)
    }
}

/// Which allowance a request draws on, if any.
fn class_of(target: &Target) -> Option<Class> {
    let segs: Vec<&str> = target.segments.iter().map(String::as_str).collect();
    match (target.method.as_str(), segs.as_slice()) {
        ("POST", ["api", "games"])
        | (
            "POST",
            ["api", "games", _, "engine-move" | "review" | "rematch" | "pgn" | "draw" | "learn"],
        )
        | ("GET", ["api", "games", _, "analysis"])
        | ("POST", ["api", "puzzles", "player"]) => Some(Class::Costly),
        ("POST", ["api", "puzzles", "next"]) => Some(Class::Step),
        ("POST", ["api", "games", _, "goto" | "undo"]) | ("GET", ["api", "games", _, "events"]) => {
            Some(Class::Step)
        }
        _ => None,
    }
}

/// Whether a Content-Type is JSON: exactly `application/json`, in any
/// case, with parameters such as `charset` allowed (not
/// `application/jsonx`).
pub(crate) fn is_json(content_type: &str) -> bool {
    let essence = content_type.split(';').next().unwrap_or("");
    essence.trim().eq_ignore_ascii_case("application/json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_names_lose_their_port_and_case() {
        assert_eq!(host_name("LocalHost:8080"), "localhost");
        assert_eq!(host_name("[::1]:80"), "[::1]");
        assert_eq!(host_name("example.org"), "example.org");
        let g = Guard::new(
            "0.0.0.0",
            Some("https://chess.example.org/"),
            Caps {
                connections: 4,
                analysis_streams: 4,
                event_streams: 4,
            },
            [RateLimit::default(), RateLimit::STEPS],
            true,
        );
        let mut h = HeaderMap::new();
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        assert_eq!(g.client(local, &h), local);
        h.append("x-forwarded-for", "6.6.6.6, 203.0.113.7".parse().unwrap());
        assert_eq!(
            g.client(local, &h),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        let far: IpAddr = "198.51.100.1".parse().unwrap();
        assert_eq!(
            g.client(far, &h),
            far,
            "only a proxy on this machine is believed"
        );
        let g = Guard::new(
            "0.0.0.0",
            Some("https://chess.example.org/"),
            Caps {
                connections: 4,
                analysis_streams: 4,
                event_streams: 4,
            },
            [RateLimit::default(), RateLimit::STEPS],
            false,
        );
        assert!(g.hosts.contains(&"chess.example.org".to_string()));
        assert!(!g.hosts.contains(&"0.0.0.0".to_string()));
    }
}
