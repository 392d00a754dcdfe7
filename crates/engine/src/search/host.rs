//! The seam for hosts that lack what std gives natively: WebAssembly in a
//! browser or node (wasm32-unknown-unknown) has no clock, no threads and no
//! sleep, and no files. Such a host gives a clock (milliseconds), may give
//! a stop probe (a flag the page sets while the search blocks the worker)
//! and may write files the engine's options read (a net uploaded through
//! the worker's `FS`); native builds set none of these and run exactly as
//! before.

use once_cell::sync::{Lazy, OnceCell};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

static CLOCK: OnceCell<fn() -> f64> = OnceCell::new();
static STOP: OnceCell<fn() -> bool> = OnceCell::new();

/// Whether searches run on the calling thread (no threads on this target).
pub const SEARCH_ON_CALLER: bool = cfg!(target_arch = "wasm32");

/// Give the host's clock: milliseconds since any fixed point (the first
/// call wins).
pub fn set_clock(ms: fn() -> f64) {
    let _ = CLOCK.set(ms);
}

/// Give a probe the search calls every few thousand nodes: true ends it
/// (the first call wins).
pub fn set_stop_probe(probe: fn() -> bool) {
    let _ = STOP.set(probe);
}

/// The most a host's files may hold together (a net is about 1 MiB).
pub const HOST_FILES_LIMIT: usize = 64 << 20;

// Files the host wrote, by path, read before the file system's.
static FILES: Lazy<Mutex<BTreeMap<String, Arc<[u8]>>>> = Lazy::new(Default::default);

/// Host files past `HOST_FILES_LIMIT`: a write refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilesFull {
    /// The bytes the files would have held together.
    pub wanted: usize,
}

impl std::fmt::Display for FilesFull {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the host's files would hold {} bytes, past the limit of {HOST_FILES_LIMIT}",
            self.wanted
        )
    }
}

/// Write (or replace) a host file at `path`, refused when all of them
/// would hold more than `HOST_FILES_LIMIT` bytes.
pub fn write_file(path: &str, bytes: &[u8]) -> Result<(), FilesFull> {
    let mut files = FILES.lock().unwrap_or_else(PoisonError::into_inner);
    let others: usize = files
        .iter()
        .filter(|(p, _)| p.as_str() != path)
        .map(|(_, b)| b.len())
        .sum();
    let wanted = others.saturating_add(bytes.len());
    if wanted > HOST_FILES_LIMIT {
        return Err(FilesFull { wanted });
    }
    files.insert(path.to_string(), Arc::from(bytes));
    Ok(())
}

/// Remove the host file at `path`; whether there was one.
pub fn remove_file(path: &str) -> bool {
    let mut files = FILES.lock().unwrap_or_else(PoisonError::into_inner);
    files.remove(path).is_some()
}

/// The host file at `path`, if the host wrote one.
pub(crate) fn file(path: &str) -> Option<Arc<[u8]>> {
    let files = FILES.lock().unwrap_or_else(PoisonError::into_inner);
    files.get(path).cloned()
}

/// The host's clock reading, when it gave one.
pub(crate) fn clock_ms() -> Option<f64> {
    CLOCK.get().map(|f| f())
}

/// Whether the host asks the search to stop.
pub(crate) fn stop_requested() -> bool {
    STOP.get().is_some_and(|f| f())
}

/// A seed from the clock: the host's, or the system's nanoseconds.
pub(crate) fn clock_seed() -> u64 {
    match clock_ms() {
        Some(ms) => (ms * 1.0e6) as u64,
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64),
    }
}

/// Wait a moment in a polling loop (a host without sleep spins).
pub(crate) fn pause() {
    if SEARCH_ON_CALLER {
        std::hint::spin_loop();
    } else {
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Time since it was started, on the host's clock where there is one.
pub struct Stopwatch(Start);

enum Start {
    Std(Instant),
    Host(f64),
}

impl Stopwatch {
    /// Start now.
    pub fn start() -> Stopwatch {
        Stopwatch(match clock_ms() {
            Some(ms) => Start::Host(ms),
            None => Start::Std(Instant::now()),
        })
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        match self.0 {
            Start::Std(t) => t.elapsed(),
            Start::Host(t0) => {
                Duration::from_secs_f64((clock_ms().unwrap_or(t0) - t0).max(0.0) / 1000.0)
            }
        }
    }
}
