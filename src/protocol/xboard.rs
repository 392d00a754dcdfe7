//! The XBoard / WinBoard front end (CECP version 2) with an engine-defined
//! variant: humpty teaches the GUI the 12x8 board, the piece set and the
//! piece moves (`setup`, `piece`), and marks legal destinations on `lift`
//! (`highlight`, `choice`), which is how the GUI learns the rules its Betza
//! notation cannot say (the River, promotion availability).
//!
//! Commands and search results arrive on one channel, so the engine can apply
//! its own move to the game when a search ends.

use crate::engine::{Engine, GoParams, MAX_HASH_MIB, MAX_MULTIPV, MAX_THREADS};
use crate::protocol::uci::{engine_name, send, VARIANT};
use crate::rules::moves::{Move, MoveError};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{Outcome, Position};
use crate::rules::square::Square;
use crate::search::{score_to_uci, Info, SearchResult};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// XBoard's piece-to-char table: our letters placed at the GUI's type slots
/// (Cannon 11, Unicorn 20 for the Arrow, Camel 24, Tower 25 for the Tank,
/// Hat 27 for the Frog, Gnu 31), so every piece has an image and `T` exists.
pub const PIECE_TO_CHAR: &str =
    "PNBRQ......C........A...LT.F...GKpnbrq......c........a...lt.f...gk";

/// Betza descriptions of the moves, one `piece` line each (`&`: both colours).
/// `FH` and the Pawn's promotions cannot say the River or promotion rules;
/// `lift`/`highlight` tell the GUI those.
pub const PIECE_LINES: &[&str] = &[
    "P& fmWfceF",
    "N& N",
    "B& B",
    "R& R",
    "Q& Q",
    "K& KO3",
    "C& mRcpR",
    "A& mBcpB",
    "T& mQcpQ",
    "L& C",
    "G& NC",
    "F& FH",
];

enum Event {
    Line(String),
    Done(u64, SearchResult),
}

/// What the engine is doing between commands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    /// Playing the given colour (thinks when that side is to move).
    Play(Color),
    /// Moves are only recorded.
    Force,
    /// Analysing the current position until `exit`.
    Analyze,
}

struct Clocks {
    own: Duration,
    opp: Duration,
    moves_per_session: u32,
    inc: Duration,
    fixed: Option<Duration>,
    depth: Option<i32>,
    nps: Option<u64>,
}

/// A CECP session.
pub struct Xboard {
    engine: Engine,
    game: Position,
    mode: Mode,
    clocks: Clocks,
    post: Arc<AtomicBool>,
    searching: Option<u64>,
    generation: u64,
    last_info: Arc<Mutex<Option<Info>>>,
    game_over: bool,
    events: Sender<Event>,
}

fn parse_minutes(text: &str) -> Option<Duration> {
    match text.split_once(':') {
        Some((m, s)) => Some(Duration::from_secs(
            m.parse::<u64>().ok()? * 60 + s.parse::<u64>().ok()?,
        )),
        None => Some(Duration::from_secs_f64(
            text.parse::<f64>().ok()?.max(0.0) * 60.0,
        )),
    }
}

/// Thinking output: `ply score time(cs) nodes pv`, mate as 100000 + moves.
fn thinking_line(info: &Info) -> String {
    let score = match score_to_uci(info.score) {
        Ok(cp) => cp,
        Err(m) if m > 0 => 100_000 + m,
        Err(m) => -100_000 + m,
    };
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "{} {} {} {} {}",
        info.depth,
        score,
        info.time.as_millis() / 10,
        info.nodes,
        pv.join(" ")
    )
}

/// The result line for a finished game.
fn result_line(outcome: Outcome) -> String {
    match outcome {
        Outcome::Checkmate {
            winner: Color::White,
        } => "1-0 {White mates}".into(),
        Outcome::Checkmate {
            winner: Color::Black,
        } => "0-1 {Black mates}".into(),
        Outcome::Stalemate => "1/2-1/2 {Stalemate}".into(),
        Outcome::Repetition => "1/2-1/2 {Draw by repetition}".into(),
        Outcome::FiftyMoves => "1/2-1/2 {50-move rule}".into(),
        Outcome::BareKings => "1/2-1/2 {Bare kings}".into(),
    }
}

impl Xboard {
    fn new(events: Sender<Event>) -> Xboard {
        Xboard {
            engine: Engine::new(),
            game: Position::startpos(),
            mode: Mode::Play(Color::Black),
            clocks: Clocks {
                own: Duration::from_secs(300),
                opp: Duration::from_secs(300),
                moves_per_session: 0,
                inc: Duration::ZERO,
                fixed: None,
                depth: None,
                nps: None,
            },
            post: Arc::new(AtomicBool::new(true)),
            searching: None,
            generation: 0,
            last_info: Arc::new(Mutex::new(None)),
            game_over: false,
            events,
        }
    }

    fn features() -> String {
        format!(
            "feature setboard=1 usermove=1 time=1 memory=1 smp=1 ping=1 sigint=0 sigterm=0 colors=0 \
             highlight=1 analyze=1 draw=0 reuse=1 myname=\"{}\" variants=\"{VARIANT}\" \
             option=\"MultiPV -spin 1 1 {MAX_MULTIPV}\" option=\"Clear Hash -button\"",
            engine_name()
        )
    }

    fn announce_variant(&self) {
        send(&format!(
            "setup ({PIECE_TO_CHAR}) 12x8+0_fairy {}",
            Position::START_FEN
        ));
        for p in PIECE_LINES {
            send(&format!("piece {p}"));
        }
    }

    /// Stop a search and forget its result.
    fn abort_search(&mut self) {
        if self.searching.take().is_some() {
            self.generation += 1;
            self.engine.stop();
        }
    }

    fn go_params(&self) -> GoParams {
        let mut go = GoParams {
            depth: self.clocks.depth,
            ..GoParams::default()
        };
        if let Some(t) = self.clocks.fixed {
            go.movetime = Some(t);
        } else {
            let white = self.game.side_to_move() == Color::White;
            let (w, b) = if white {
                (self.clocks.own, self.clocks.opp)
            } else {
                (self.clocks.opp, self.clocks.own)
            };
            go.wtime = Some(w);
            go.btime = Some(b);
            go.winc = Some(self.clocks.inc);
            go.binc = Some(self.clocks.inc);
            let mps = self.clocks.moves_per_session;
            if mps > 0 {
                let done = (self.game.fullmove_number() as u32 - 1) % mps;
                go.movestogo = Some(mps - done);
            }
        }
        if let (Some(nps), Some(t)) = (self.clocks.nps, self.clocks.fixed) {
            go.movetime = None;
            go.nodes = Some((nps as f64 * t.as_secs_f64()).max(1.0) as u64);
        }
        go
    }

    /// Start a search (thinking for a move, or analysing).
    fn start_search(&mut self, analyze: bool) {
        self.abort_search();
        if self.game.legal_moves().is_empty() {
            return;
        }
        self.engine.set_position(self.game.clone());
        let go = if analyze {
            GoParams {
                infinite: true,
                ..GoParams::default()
            }
        } else {
            self.go_params()
        };
        self.generation += 1;
        let generation = self.generation;
        self.searching = Some(generation);
        let post = Arc::clone(&self.post);
        let last = Arc::clone(&self.last_info);
        let events = self.events.clone();
        self.engine.go(
            &go,
            Box::new(move |info| {
                if let Ok(mut l) = last.lock() {
                    *l = Some(info.clone());
                }
                if post.load(Ordering::Relaxed) || analyze {
                    send(&thinking_line(info));
                }
            }),
            Box::new(move |result| {
                let _ = events.send(Event::Done(generation, result));
            }),
        );
    }

    /// Think if it is our turn.
    fn maybe_think(&mut self) {
        match self.mode {
            Mode::Play(c) if c == self.game.side_to_move() && !self.game_over => {
                self.start_search(false)
            }
            Mode::Analyze => self.start_search(true),
            _ => {}
        }
    }

    /// Claim the result if the game has ended.
    fn check_game_end(&mut self) -> bool {
        if let Some(o) = self.game.outcome() {
            if !self.game_over {
                send(&result_line(o));
            }
            self.game_over = true;
            return true;
        }
        false
    }

    fn search_done(&mut self, generation: u64, result: SearchResult) {
        if self.searching != Some(generation) {
            return; // aborted
        }
        self.searching = None;
        if self.mode == Mode::Analyze {
            return;
        }
        if let Some(m) = result.best {
            send(&format!("move {m}"));
            self.game.make_move(m);
            self.check_game_end();
        }
    }

    /// Read a move as XBoard writes it. XBoard may add `f` to a Frog that stays
    /// a Frog on the last rank; that is the plain move here.
    fn parse_user_move(&self, text: &str) -> Result<Move, MoveError> {
        match self.game.parse_move(text) {
            Ok(m) => Ok(m),
            Err(e) => {
                let t = text.trim();
                let from = t.get(0..2).and_then(|s| s.parse::<Square>().ok());
                let is_frog = from
                    .and_then(|s| self.game.piece_at(s))
                    .is_some_and(|p| p.kind() == PieceKind::Frog);
                if is_frog && t.len() == 5 && t.ends_with(['f', 'F']) {
                    self.game.parse_move(&t[..4]).map_err(|_| e)
                } else {
                    Err(e)
                }
            }
        }
    }

    fn user_move(&mut self, text: &str) {
        if self.mode == Mode::Analyze {
            self.abort_search();
        }
        match self.parse_user_move(text) {
            Ok(m) => {
                self.game.make_move(m);
                if !self.check_game_end() {
                    self.maybe_think();
                }
            }
            Err(_) => send(&format!("Illegal move: {text}")),
        }
    }

    /// `lift SQ`: highlight where the piece may go (yellow moves, red captures,
    /// magenta promotions) and offer the promotion choice.
    fn lift(&self, square: &str) {
        let Ok(from) = square.trim_end_matches(',').parse::<Square>() else {
            send(&format!("Error (bad square): lift {square}"));
            return;
        };
        let moves: Vec<Move> = self
            .game
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.from() == from)
            .collect();
        let mut grid = [['.'; 12]; 8];
        let mut choices: Vec<char> = Vec::new();
        for m in &moves {
            let to = m.to();
            let cell = &mut grid[to.rank() as usize][to.file() as usize];
            if let Some(k) = m.promotion() {
                *cell = 'M';
                let c = k.letter();
                if !choices.contains(&c) {
                    choices.push(c);
                }
            } else if *cell != 'M' {
                *cell = if self.game.piece_at(to).is_some() {
                    'R'
                } else {
                    'Y'
                };
            }
        }
        // A Frog may also stay a Frog.
        let frog = self
            .game
            .piece_at(from)
            .is_some_and(|p| p.kind() == PieceKind::Frog);
        if frog && !choices.is_empty() {
            choices.push('F');
        }
        let mut rows = Vec::new();
        for rank in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for &c in &grid[rank] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        send(&format!("highlight {}", rows.join("/")));
        if !choices.is_empty() {
            send(&format!(
                "choice {}",
                choices.into_iter().collect::<String>()
            ));
        }
    }

    fn set_option(&mut self, text: &str) {
        let (name, value) = text.split_once('=').unwrap_or((text, ""));
        match name.trim() {
            "MultiPV" => match value.trim().parse::<usize>() {
                Ok(n) => self.engine.set_multipv(n),
                Err(_) => send(&format!("Error (bad value): option {text}")),
            },
            "Clear Hash" => self.engine.clear_hash(),
            _ => send(&format!("Error (unknown option): {name}")),
        }
    }

    /// Handle one command; false on `quit`.
    fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd {
            "" => {}
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "hint" | "bk" | "draw" | "egtpath" | "put" | "hover" | "easy" | "hard" => {}
            "protover" => {
                send(&Xboard::features());
                send("feature done=1");
            }
            "new" => {
                self.abort_search();
                self.game = Position::startpos();
                self.mode = Mode::Play(Color::Black);
                self.clocks.depth = None;
                self.game_over = false;
                self.engine.new_game();
                self.announce_variant();
            }
            "variant" => {
                if rest == VARIANT {
                    self.announce_variant();
                } else {
                    send(&format!("Error (unsupported variant): {rest}"));
                }
            }
            "force" => {
                self.abort_search();
                self.mode = Mode::Force;
            }
            "go" => {
                self.mode = Mode::Play(self.game.side_to_move());
                self.maybe_think();
            }
            "playother" => {
                self.abort_search();
                self.mode = Mode::Play(!self.game.side_to_move());
            }
            "usermove" => self.user_move(rest),
            "?" => {
                // Move now: stop the search; its result arrives as an event.
                if self.searching.is_some() {
                    self.engine.stop();
                }
            }
            "ping" => send(&format!("pong {rest}")),
            "time" | "otim" => match rest.parse::<u64>() {
                Ok(cs) => {
                    let d = Duration::from_millis(cs * 10);
                    if cmd == "time" {
                        self.clocks.own = d;
                    } else {
                        self.clocks.opp = d;
                    }
                }
                Err(_) => send(&format!("Error (bad time): {line}")),
            },
            "level" => {
                let f: Vec<&str> = rest.split_whitespace().collect();
                let parsed = (f.len() == 3)
                    .then(|| {
                        (
                            f[0].parse::<u32>().ok(),
                            parse_minutes(f[1]),
                            f[2].parse::<f64>().ok(),
                        )
                    })
                    .and_then(|(m, b, i)| Some((m?, b?, i?)));
                match parsed {
                    Some((mps, base, inc)) => {
                        self.clocks.moves_per_session = mps;
                        self.clocks.own = base;
                        self.clocks.opp = base;
                        self.clocks.inc = Duration::from_secs_f64(inc.max(0.0));
                        self.clocks.fixed = None;
                    }
                    None => send(&format!("Error (bad level): {line}")),
                }
            }
            "st" => match rest.parse::<f64>() {
                Ok(s) if s > 0.0 => self.clocks.fixed = Some(Duration::from_secs_f64(s)),
                _ => send(&format!("Error (bad time): {line}")),
            },
            "sd" => match rest.parse::<i32>() {
                Ok(d) if d > 0 => self.clocks.depth = Some(d),
                _ => send(&format!("Error (bad depth): {line}")),
            },
            "nps" => match rest.parse::<u64>() {
                Ok(n) if n > 0 => self.clocks.nps = Some(n),
                _ => send(&format!("Error (bad nps): {line}")),
            },
            "setboard" => match Position::from_fen(rest) {
                Ok(p) => {
                    self.abort_search();
                    self.game = p;
                    self.game_over = false;
                    if self.mode == Mode::Analyze {
                        self.maybe_think();
                    }
                }
                Err(e) => send(&format!("tellusererror Illegal position: {e}")),
            },
            "undo" | "remove" => {
                let plies = if cmd == "undo" { 1 } else { 2 };
                if self.game.game_ply() < plies {
                    send(&format!("Error (command not legal now): {cmd}"));
                } else {
                    self.abort_search();
                    for _ in 0..plies {
                        self.game.unmake_move();
                    }
                    self.game_over = false;
                    if self.mode == Mode::Analyze {
                        self.maybe_think();
                    }
                }
            }
            "result" => {
                self.abort_search();
                self.game_over = true;
                self.mode = Mode::Force;
            }
            "post" => self.post.store(true, Ordering::Relaxed),
            "nopost" => self.post.store(false, Ordering::Relaxed),
            "analyze" => {
                self.mode = Mode::Analyze;
                self.maybe_think();
            }
            "exit" => {
                self.abort_search();
                self.mode = Mode::Force;
            }
            "." => {
                let info = self.last_info.lock().ok().and_then(|l| l.clone());
                if let Some(i) = info {
                    let total = self.game.legal_moves().len();
                    send(&format!(
                        "stat01: {} {} {} {} {}",
                        i.time.as_millis() / 10,
                        i.nodes,
                        i.depth,
                        0,
                        total
                    ));
                }
            }
            "memory" => match rest.parse::<usize>() {
                Ok(mb) => self.engine.set_hash_mib(mb.clamp(1, MAX_HASH_MIB)),
                Err(_) => send(&format!("Error (bad memory): {line}")),
            },
            "cores" => match rest.parse::<usize>() {
                Ok(n) => self.engine.set_threads(n.clamp(1, MAX_THREADS)),
                Err(_) => send(&format!("Error (bad cores): {line}")),
            },
            "option" => self.set_option(rest),
            "lift" => self.lift(rest),
            "quit" => {
                self.abort_search();
                return false;
            }
            _ => {
                // Protocol 1 style bare moves are accepted too.
                if cmd.len() >= 4
                    && cmd.as_bytes()[0].is_ascii_lowercase()
                    && cmd.as_bytes()[1].is_ascii_digit()
                {
                    self.user_move(cmd);
                } else {
                    send(&format!("Error (unknown command): {cmd}"));
                }
            }
        }
        true
    }
}

/// Run the CECP loop on stdin until `quit` or end of input. The first line
/// (`xboard`) has been read by the caller.
pub fn run_stdio() {
    let (tx, rx) = channel();
    let reader = tx.clone();
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut line = String::new();
        loop {
            line.clear();
            match stdin.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    let _ = reader.send(Event::Line("quit".into()));
                    break;
                }
                Ok(_) => {
                    if reader
                        .send(Event::Line(line.trim_end().to_string()))
                        .is_err()
                    {
                        break;
                    }
                }
            }
        }
    });
    let mut xb = Xboard::new(tx);
    for event in rx {
        match event {
            Event::Line(l) => {
                if !xb.handle(&l) {
                    break;
                }
            }
            Event::Done(g, r) => xb.search_done(g, r),
        }
    }
    xb.engine.stop();
}
