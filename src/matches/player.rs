//! A match opponent: an engine process spoken to over UCI or CECP (XBoard).
//! It turns "think about this game state with this clock" into the protocol's
//! commands and reads back a move, with timeouts for hangs and clear errors
//! for crashes and garbage.

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

    fn uci_handshake(&mut self) -> Result<(), PlayerError> {
        self.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        while self.read_line(deadline, "uciok")?.trim() != "uciok" {}
        if self.spec.ponder {
            self.send("setoption name Ponder value true")?;
        }
        let options = self.spec.options.clone();
        for (name, value) in options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        for line in self.spec.init.clone() {
            self.send(&line)?;
        }
        self.sync()
    }

    fn cecp_handshake(&mut self) -> Result<(), PlayerError> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = self.read_line(deadline, "feature done=1")?;
            if line.starts_with("feature") {
                for (k, v) in parse_features(&line) {
                    let accepted = matches!(
                        k.as_str(),
                        "setboard" | "usermove" | "done" | "ping" | "variants" | "myname"
                    );
                    if k == "setboard" {
                        self.cecp_setboard = v == "1";
                    }
                    if k == "usermove" {
                        self.cecp_usermove = v == "1";
                    }
                    if k != "done" {
                        let verdict = if accepted { "accepted" } else { "rejected" };
                        self.send(&format!("{verdict} {k}"))?;
                    }
                }
                if line.contains("done=1") {
                    break;
                }
            }
        }
        for (name, value) in self.spec.options.clone() {
            self.send(&format!("option {name}={value}"))?;
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

    fn think_uci(
        &mut self,
        game: &GameState,
        tc: &TimeControl,
        clocks: &Clocks,
        timeout: Duration,
    ) -> Result<Reply, PlayerError> {
        if self.pondering.is_some() && self.pondering.as_ref() == game.moves.last() {
            // The opponent played the expected move: the search goes on,
            // and the clock runs from `ponderhit`.
            self.pondering = None;
            let start = Instant::now();
            self.send("ponderhit")?;
            return self.await_uci_move(start, timeout);
        }
        self.stop_pondering()?;
        let position = uci_position(game, self.spec.position_mode);
        let mut go = uci_go(tc, clocks);
        if self.spec.restrict_root {
            go.push_str(" searchmoves ");
            go.push_str(&game.legal.join(" "));
        }
        self.send(&position)?;
        let start = Instant::now();
        self.send(&go)?;
        self.await_uci_move(start, timeout)
    }

    /// Read a UCI engine's `bestmove` (and its scores on the way).
    fn await_uci_move(&mut self, start: Instant, timeout: Duration) -> Result<Reply, PlayerError> {
        self.await_move(start, timeout, "bestmove", |line, reply| {
            if line.starts_with("info") {
                read_uci_info(line, reply);
            }
            Ok(())
        })
    }

    /// After our move: ponder on the expected reply, if this engine ponders.
    /// `game` is the game after our move; the clocks are as they stand.
    pub fn start_pondering(
        &mut self,
        game: &GameState,
        expected: &str,
        tc: &TimeControl,
        clocks: &Clocks,
    ) -> Result<(), PlayerError> {
        if !self.spec.ponder || self.spec.protocol != Protocol::Uci {
            return Ok(());
        }
        let mut position = uci_position(game, self.spec.position_mode);
        position.push_str(if position.contains(" moves ") {
            " "
        } else {
            " moves "
        });
        position.push_str(expected);
        self.send(&position)?;
        let go = uci_go(tc, clocks).replacen("go", "go ponder", 1);
        self.send(&go)?;
        self.pondering = Some(expected.to_string());
        Ok(())
    }

    /// End a ponder search that missed: `stop`, and drop its `bestmove`.
    fn stop_pondering(&mut self) -> Result<(), PlayerError> {
        if self.pondering.take().is_some() {
            self.send("stop")?;
            let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
            while !self
                .read_line(deadline, "bestmove after stop")?
                .starts_with("bestmove")
            {}
        }
        Ok(())
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

    fn think_cecp(
        &mut self,
        game: &GameState,
        tc: &TimeControl,
        clocks: &Clocks,
        timeout: Duration,
    ) -> Result<Reply, PlayerError> {
        // Always re-send the position: simple and exact (cutechess does the
        // same in force mode when moves cannot be trusted to match).
        self.send("force")?;
        if self.cecp_setboard
            && (self.spec.position_mode == PositionMode::Fen || game.start_fen.is_some())
        {
            self.send(&format!("setboard {}", game.current_fen))?;
        } else {
            self.send("new")?;
            self.send("variant humpty")?;
            self.send("force")?;
            for m in game.moves {
                let cmd = if self.cecp_usermove {
                    format!("usermove {m}")
                } else {
                    m.clone()
                };
                self.send(&cmd)?;
            }
        }
        for line in cecp_time(tc, clocks, game.white_to_move) {
            self.send(&line)?;
        }
        let start = Instant::now();
        self.send("go")?;
        self.await_move(start, timeout, "move", |line, reply| {
            match line.split_whitespace().next() {
                Some(w) if w.starts_with("Illegal") || w == "Error" => {
                    return Err(PlayerError::Garbage(line.to_string()));
                }
                Some(w) if w.starts_with(|c: char| c.is_ascii_digit()) => {
                    read_cecp_thinking(line, reply)
                }
                _ => {}
            }
            Ok(())
        })
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

/// The `position` command for a game (its moves, or its current FEN).
fn uci_position(game: &GameState, mode: PositionMode) -> String {
    let mut position = match (mode, game.start_fen) {
        (PositionMode::Fen, _) => return format!("position fen {}", game.current_fen),
        (PositionMode::Moves, None) => "position startpos".to_string(),
        (PositionMode::Moves, Some(f)) => format!("position fen {f}"),
    };
    if !game.moves.is_empty() {
        position.push_str(" moves ");
        position.push_str(&game.moves.join(" "));
    }
    position
}

/// The `go` command for a time control and the clocks.
fn uci_go(tc: &TimeControl, clocks: &Clocks) -> String {
    match *tc {
        TimeControl::Clock { .. } => {
            let ms = |d: Duration| d.as_millis();
            let mut g = format!(
                "go wtime {} btime {} winc {} binc {}",
                ms(clocks.time[0]),
                ms(clocks.time[1]),
                ms(clocks.inc[0]),
                ms(clocks.inc[1])
            );
            if let Some(m) = clocks.moves_to_go {
                g.push_str(&format!(" movestogo {m}"));
            }
            g
        }
        TimeControl::MoveTime(t) => format!("go movetime {}", t.as_millis()),
        TimeControl::Nodes(n) => format!("go nodes {n}"),
        TimeControl::Depth(d) => format!("go depth {d}"),
    }
}

/// The CECP commands that set the time for the next move.
fn cecp_time(tc: &TimeControl, clocks: &Clocks, white_to_move: bool) -> Vec<String> {
    match *tc {
        TimeControl::Clock { .. } => {
            let (own, opp) = if white_to_move { (0, 1) } else { (1, 0) };
            let (own_time, opp_time) = (clocks.time[own], clocks.time[opp]);
            let base_min = (own_time.as_secs() / 60).max(1);
            vec![
                format!(
                    "level {} {} {}",
                    clocks.moves_to_go.unwrap_or(0),
                    base_min,
                    clocks.inc[own].as_secs_f64()
                ),
                format!("time {}", own_time.as_millis() / 10),
                format!("otim {}", opp_time.as_millis() / 10),
            ]
        }
        TimeControl::MoveTime(t) => vec![format!("st {}", t.as_secs().max(1))],
        TimeControl::Depth(d) => vec![format!("sd {d}")],
        // XBoard's `nps N` makes the engine count N nodes as one second.
        TimeControl::Nodes(n) => vec![format!("nps {n}"), "st 1".into()],
    }
}

/// Pull depth and score out of CECP thinking output (`ply score time nodes pv`).
fn read_cecp_thinking(line: &str, reply: &mut Reply) {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() >= 4 {
        reply.depth = f[0].parse().ok();
        reply.score = f[1].parse().ok().map(Score::from_xboard);
    }
}

/// Pull score and depth out of a UCI `info` line.
fn read_uci_info(line: &str, reply: &mut Reply) {
    let w: Vec<&str> = line.split_whitespace().collect();
    let mut i = 1;
    let mut bound = false;
    let mut score = None;
    while i < w.len() {
        match w[i] {
            "depth" => reply.depth = w.get(i + 1).and_then(|d| d.parse().ok()).or(reply.depth),
            "score" => {
                if let (Some(kind), Some(value)) = (w.get(i + 1), w.get(i + 2)) {
                    score = Score::from_uci(kind, value).or(score);
                }
            }
            "lowerbound" | "upperbound" => bound = true,
            "pv" => break,
            _ => {}
        }
        i += 1;
    }
    if let (Some(s), false) = (score, bound) {
        reply.score = Some(s);
    }
}

/// `feature a=1 b="x y"` into pairs.
fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let body = line.trim_start_matches("feature").trim();
    let mut rest = body;
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, tail) = if let Some(stripped) = after.strip_prefix('"') {
            match stripped.find('"') {
                Some(end) => (stripped[..end].to_string(), &stripped[end + 1..]),
                None => (stripped.to_string(), ""),
            }
        } else {
            let end = after.find(' ').unwrap_or(after.len());
            (after[..end].to_string(), &after[end..])
        };
        out.push((key, value));
        rest = tail.trim_start();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_parse() {
        let f =
            parse_features("feature setboard=1 myname=\"humpty 0.1\" variants=\"humpty\" done=0");
        assert_eq!(f[0], ("setboard".into(), "1".into()));
        assert_eq!(f[1], ("myname".into(), "humpty 0.1".into()));
        assert_eq!(f[3], ("done".into(), "0".into()));
    }

    #[test]
    fn uci_info_scores() {
        let mut r = Reply::default();
        read_uci_info(
            "info depth 7 seldepth 9 score cp -35 nodes 10 pv a1a2",
            &mut r,
        );
        assert_eq!((r.depth, r.score), (Some(7), Some(Score::Cp(-35))));
        read_uci_info("info depth 8 score cp 500 lowerbound nodes 10", &mut r);
        assert_eq!(r.score, Some(Score::Cp(-35)), "bounds are not scores");
        read_uci_info("info depth 9 score mate 2 pv a1a2", &mut r);
        assert_eq!(r.score, Some(Score::Mate(2)));
        read_uci_info("info depth 9 score mate -1 pv a1a2", &mut r);
        assert_eq!(r.score, Some(Score::Mate(-1)));
    }

    #[test]
    fn cecp_mate_scores_read_as_mates() {
        // v1 read XBoard's "mated in 1" (-100001) as a ply count and wrote
        // "+M-1"-like PGN; the one Score convention reads it as a mate.
        let mut r = Reply::default();
        read_cecp_thinking("7 -100001 12 3456 a1a2", &mut r);
        assert_eq!((r.depth, r.score), (Some(7), Some(Score::Mate(-1))));
        assert_eq!(r.score.unwrap().to_string(), "-M1");
        read_cecp_thinking("9 100003 12 3456 a1a2", &mut r);
        assert_eq!(r.score.unwrap().to_string(), "+M3");
        read_cecp_thinking("9 -42 12 3456 a1a2", &mut r);
        assert_eq!(r.score, Some(Score::Cp(-42)));
    }
}
