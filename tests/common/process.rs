//! Drive the built `humpty` binary over pipes. Timeouts only guard against a
//! hang; nothing asserts on speed.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

const HANG_GUARD: Duration = Duration::from_secs(60);

/// A running engine process.
pub struct Engine {
    child: Child,
    /// Its input (set to `None` to close it).
    pub stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl Engine {
    /// Start the binary.
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_humpty"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start humpty");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
            seen: Vec::new(),
        }
    }

    /// Send one line.
    pub fn send(&mut self, cmd: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{cmd}").unwrap();
        stdin.flush().unwrap();
    }

    /// Send raw bytes (a line that may not be text).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
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
                Err(RecvTimeoutError::Disconnected) => panic!("engine exited; read: {got:#?}"),
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

    /// Wait for the process to exit.
    pub fn wait_exit(&mut self) -> bool {
        let deadline = Instant::now() + HANG_GUARD;
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `humpty serve` as a process, on a free port with a database file.
pub struct Served {
    /// The process (a test may kill it).
    pub child: Child,
    /// Where it listens.
    pub addr: std::net::SocketAddr,
}

impl Served {
    /// Start the binary on `db`; Err is what it said on stderr if it
    /// stopped instead of serving.
    pub fn start(db: &std::path::Path) -> Result<Served, String> {
        let mut child = Command::new(env!("CARGO_BIN_EXE_humpty"))
            .args(["serve", "--port", "0", "--db"])
            .arg(db)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start humpty serve");
        // Read on a thread, so a chatty server never blocks on a full pipe.
        let mut stderr = child.stderr.take().unwrap();
        let said = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
            text
        });
        let mut line = String::new();
        let _ = BufReader::new(child.stdout.take().unwrap()).read_line(&mut line);
        let Some(url) = line.split("http://").nth(1) else {
            let _ = child.wait();
            return Err(said.join().unwrap_or_default());
        };
        let addr = url.split('/').next().unwrap().parse().unwrap();
        Ok(Served { child, addr })
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
