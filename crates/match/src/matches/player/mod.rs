//! A match opponent: an engine process spoken to over UCI or CECP (XBoard).
//! It turns "think about this game state with this clock" into the protocol's
//! commands and reads back a move, with timeouts for hangs and clear errors
//! for crashes and garbage.

mod cecp;
mod uci;

use crate::engine::{Clocks, Score, TimeControl};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Which protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (with Fairy-Stockfish's variant extensions).
    Uci,
    /// CECP / XBoard protocol version 2.
    Cecp,
}

/// How the position reaches the engine each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionMode {
    /// Start position (or opening FEN) plus the move list.
    Moves,
    /// The current position as a FEN, every move (for engines that only
    /// approximate this game's rules and would reject some of our moves).
    Fen,
}

/// How to start and configure one engine.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Display name (PGN tags, summary).
    pub name: String,
    /// Program to run.
    pub command: String,
    /// Arguments.
    pub args: Vec<String>,
    /// Working directory.
    pub dir: Option<PathBuf>,
    /// Protocol.
    pub protocol: Protocol,
    /// Options to set (`setoption` / `option`), in order.
    pub options: Vec<(String, String)>,
    /// Raw lines sent after the handshake.
    pub init: Vec<String>,
    /// Position mode.
    pub position_mode: PositionMode,
    /// Append `searchmoves` with exactly the legal moves to every `go` (UCI).
    pub restrict_root: bool,
    /// Think on the opponent's time (UCI `go ponder`, then `ponderhit` or
    /// `stop`); the engine's `Ponder` option is set to match.
    pub ponder: bool,
    /// Its own clock instead of the match's (time odds: `tc=20+0.2`), as
    /// cutechess-cli's per-engine `tc`.
    pub tc: Option<TimeControl>,
}

/// What went wrong with an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// The process could not start or exited.
    Crashed(String),
    /// No answer in time.
    Timeout(String),
    /// An answer that is not a move.
    Garbage(String),
}

impl std::fmt::Display for PlayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayerError::Crashed(s) => write!(f, "crashed: {s}"),
            PlayerError::Timeout(s) => write!(f, "no answer: {s}"),
            PlayerError::Garbage(s) => write!(f, "garbage output: {s}"),
        }
    }
}

/// Everything an engine needs to know to move.
#[derive(Clone, Debug)]
pub struct GameState<'a> {
    /// The game's start position as FEN, or `None` for the standard start.
    pub start_fen: Option<&'a str>,
    /// Moves played from the start, in wire notation.
    pub moves: &'a [String],
    /// The current position as FEN.
    pub current_fen: &'a str,
    /// The legal moves now (for `restrict_root`).
    pub legal: &'a [String],
    /// True if White is to move.
    pub white_to_move: bool,
}

/// An engine's answer.
#[derive(Clone, Debug, Default)]
pub struct Reply {
    /// The move text as sent.
    pub mv: String,
    /// Last reported score, from the engine's view.
    pub score: Option<Score>,
    /// Last reported depth.
    pub depth: Option<u32>,
    /// Wall time from `go` (or `ponderhit`) to the move.
    pub elapsed: Duration,
    /// The reply the engine expects (`bestmove ... ponder X`).
    pub ponder: Option<String>,
}

/// A running engine process.
pub struct Player {
    /// How it was started.
    pub spec: EngineSpec,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    cecp_setboard: bool,
    cecp_usermove: bool,
    /// The move the engine is pondering on, while it ponders.
    pondering: Option<String>,
}

/// Time allowed for the handshake and for `isready`-style round trips.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

impl Player {
    /// Start the engine and complete the protocol handshake.
    pub fn start(spec: &EngineSpec) -> Result<Player, PlayerError> {
        let mut cmd = Command::new(&spec.command);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| PlayerError::Crashed(format!("cannot start '{}': {e}", spec.command)))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stdin = child.stdin.take().expect("piped stdin");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = Player {
            spec: spec.clone(),
            child,
            stdin,
            lines: rx,
            cecp_setboard: false,
            cecp_usermove: false,
            pondering: None,
        };
        match spec.protocol {
            Protocol::Uci => p.uci_handshake()?,
            Protocol::Cecp => p.cecp_handshake()?,
        }
        Ok(p)
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| PlayerError::Crashed(format!("write failed: {e}")))
    }

    /// Next line before `deadline`.
    fn read_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, PlayerError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => {
                Err(PlayerError::Timeout(format!("waiting for {waiting_for}")))
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.try_wait().ok().flatten();
                Err(PlayerError::Crashed(match status {
                    Some(s) => format!("exited ({s}) while we waited for {waiting_for}"),
                    None => format!("closed its output while we waited for {waiting_for}"),
                }))
            }
        }
    }

    /// End a handshake: each `option.NAME=V` as `option_line` writes it,
    /// then the `init` lines, then a round trip.
    fn send_settings(&mut self, option_line: fn(&str, &str) -> String) -> Result<(), PlayerError> {
        for (name, value) in self.spec.options.clone() {
            self.send(&option_line(&name, &value))?;
        }
        for line in self.spec.init.clone() {
            self.send(&line)?;
        }
        self.sync()
    }

    /// Round trip (`isready`/`ping`) to be sure the engine is listening.
    pub fn sync(&mut self) -> Result<(), PlayerError> {
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        match self.spec.protocol {
            Protocol::Uci => {
                self.send("isready")?;
                while self.read_line(deadline, "readyok")?.trim() != "readyok" {}
            }
            Protocol::Cecp => {
                self.send("ping 1")?;
                while self.read_line(deadline, "pong 1")?.trim() != "pong 1" {}
            }
        }
        Ok(())
    }

    /// Prepare for a new game.
    pub fn new_game(&mut self) -> Result<(), PlayerError> {
        self.stop_pondering()?;
        match self.spec.protocol {
            Protocol::Uci => self.send("ucinewgame")?,
            Protocol::Cecp => {
                self.send("new")?;
                self.send("variant humpty")?;
                self.send("force")?;
                self.send("post")?;
            }
        }
        self.sync()
    }

    /// Ask for a move under the time control `tc` with these clocks; the
    /// answer must arrive within `timeout`.
    pub fn think(
        &mut self,
        game: &GameState,
        tc: &TimeControl,
        clocks: &Clocks,
        timeout: Duration,
    ) -> Result<Reply, PlayerError> {
        match self.spec.protocol {
            Protocol::Uci => self.think_uci(game, tc, clocks, timeout),
            Protocol::Cecp => self.think_cecp(game, tc, clocks, timeout),
        }
    }

    /// Read lines until the one that starts with `keyword` and names the
    /// move; `other` looks at every other line (scores, errors).
    fn await_move(
        &mut self,
        start: Instant,
        timeout: Duration,
        keyword: &str,
        other: impl Fn(&str, &mut Reply) -> Result<(), PlayerError>,
    ) -> Result<Reply, PlayerError> {
        let deadline = start + timeout;
        let mut reply = Reply::default();
        loop {
            let line = self.read_line(deadline, keyword)?;
            let mut words = line.split_whitespace();
            if words.next() == Some(keyword) {
                reply.elapsed = start.elapsed();
                reply.mv = words
                    .next()
                    .ok_or_else(|| PlayerError::Garbage(line.clone()))?
                    .to_string();
                if words.next() == Some("ponder") {
                    reply.ponder = words.next().map(str::to_string);
                }
                return Ok(reply);
            }
            other(&line, &mut reply)?;
        }
    }

    /// Tell the engine the game is over and ask it to quit.
    pub fn quit(mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
