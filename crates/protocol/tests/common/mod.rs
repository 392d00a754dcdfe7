//! A GUI's conversation with the front ends, in-process: lines go in
//! through a pipe (so bytes that are not text reach the same reader as on
//! stdin) and come out through `Output`. `humpty_protocol::gui::serve` picks
//! UCI or XBoard from the first line, as the binary does. Timeouts only
//! guard against a hang; nothing asserts on speed.
#![allow(dead_code)]

use humpty_protocol::input::Lines;
use humpty_protocol::output::Output;
use std::io::{BufReader, PipeWriter, Write};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const HANG_GUARD: Duration = Duration::from_secs(60);

/// A front end talking to the test.
pub struct Engine {
    /// Its input (set to `None` to close it: end of input).
    pub stdin: Option<PipeWriter>,
    lines: Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
    session: JoinHandle<()>,
}

impl Engine {
    /// Start a session, as the binary starts on a GUI's pipes.
    pub fn start() -> Engine {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        let (tx, rx) = channel::<String>();
        // One write may hold several lines (`eval`'s table), as on stdout.
        let out = Output::to(move |text| {
            for line in text.lines() {
                let _ = tx.send(line.to_string());
            }
        });
        let session = std::thread::spawn(move || {
            humpty_protocol::gui::serve(Lines::new(BufReader::new(reader)), out, false)
        });
        Engine {
            stdin: Some(writer),
            lines: rx,
            seen: Vec::new(),
            session,
        }
    }

    /// Send one line.
    pub fn send(&mut self, cmd: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        writeln!(stdin, "{cmd}").unwrap();
        stdin.flush().unwrap();
    }

    /// Send raw bytes (a line that may not be text).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Read lines until one satisfies `pred`; returns every line read.
    pub fn until(&mut self, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + HANG_GUARD;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    let done = pred(&line);
                    got.push(line);
                    if done {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no answer; read so far: {got:#?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("session ended; read: {got:#?}"),
            }
        }
    }

    /// Read up to the `bestmove` line.
    pub fn bestmove(&mut self) -> (Vec<String>, String) {
        let lines = self.until(|l| l.starts_with("bestmove"));
        let last = lines.last().unwrap().clone();
        (lines, last)
    }

    /// Lines that arrive within `wait` (used to show that nothing arrives).
    pub fn drain_for(&mut self, wait: Duration) -> Vec<String> {
        let mut got = Vec::new();
        let end = Instant::now() + wait;
        while let Ok(line) = self
            .lines
            .recv_timeout(end.saturating_duration_since(Instant::now()))
        {
            got.push(line);
        }
        got
    }

    /// `isready` round trip.
    pub fn ready(&mut self) {
        self.send("isready");
        self.until(|l| l == "readyok");
    }

    /// Wait for the session to end (`quit`, or the end of its input).
    pub fn wait_exit(&mut self) -> bool {
        let deadline = Instant::now() + HANG_GUARD;
        while Instant::now() < deadline {
            if self.session.is_finished() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

// The positions-as-lists-of-men helpers live with the rules' tests.
#[path = "../../../rules/tests/common/mod.rs"]
mod board;
#[allow(unused_imports)]
pub use board::*;
