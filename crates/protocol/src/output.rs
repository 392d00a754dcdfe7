//! Where a front end's lines go: standard output for a GUI, or a buffer so
//! that tests can drive a front end in-process (lines in, lines out). The
//! search thread writes through a clone, so each line is written whole.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// A line writer shared by a front end and its search callbacks.
#[derive(Clone)]
pub struct Output(Arc<dyn Fn(&str) + Send + Sync>);

impl Output {
    /// Write to standard output, one flushed line at a time.
    pub fn stdout() -> Output {
        Output(Arc::new(|line: &str| {
            let out = std::io::stdout();
            let mut lock = out.lock();
            let _ = writeln!(lock, "{line}");
            let _ = lock.flush();
        }))
    }

    /// Collect lines in memory; the buffer is returned alongside.
    pub fn capture() -> (Output, Arc<Mutex<Vec<String>>>) {
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&lines);
        let out = Output(Arc::new(move |line: &str| {
            if let Ok(mut l) = sink.lock() {
                l.push(line.to_string());
            }
        }));
        (out, lines)
    }

    /// Hand each line to `f` (the WebAssembly worker posts it to the page).
    pub fn to(f: impl Fn(&str) + Send + Sync + 'static) -> Output {
        Output(Arc::new(f))
    }

    /// Send one line.
    pub fn send(&self, line: &str) {
        (self.0)(line)
    }
}
