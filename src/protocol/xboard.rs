//! The XBoard / WinBoard front end (CECP version 2) with an engine-defined
//! variant: humpty teaches the GUI the 12x8 board, the piece set and the
//! piece moves (`setup`, `piece`), and marks legal destinations on `lift`
//! (`highlight`, `choice`), which is how the GUI learns the rules its Betza
//! notation cannot say (the River, promotion availability).
//!
//! Commands and search results arrive on one channel, so the engine can apply
//! its own move to the game when a search ends.

use super::input::{Input, Lines};
use super::options;
use super::output::Output;
use super::{engine_name, VARIANT};
use crate::engine::{
    seconds, Clocks, Engine, GoParams, Info, Score, SearchResult, TimeControl, MAX_HASH_MIB,
    MAX_THREADS,
};
use crate::rules::moves::{Move, MoveError};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{Outcome, Position};
use crate::rules::result::GameEnd;
use crate::rules::square::Square;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The `piece` lines (`&`: both colours), from each kind's Betza string.
pub fn piece_lines() -> Vec<String> {
    PieceKind::ALL
        .iter()
        .map(|k| format!("{}& {}", k.letter(), k.info().betza))
        .collect()
}

enum Event {
    Line(String),
    Bad(Input),
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

/// The time settings XBoard gives: the control (`level` or `st`), the
/// clocks (`time`, `otim`), a depth limit (`sd`) and `nps`.
struct TimeSettings {
    control: TimeControl,
    own: Duration,
    opp: Duration,
    depth: Option<i32>,
    nps: Option<u64>,
}

/// A CECP session.
pub struct Xboard {
    engine: Engine,
    game: Position,
    mode: Mode,
    time: TimeSettings,
    post: Arc<AtomicBool>,
    searching: Option<u64>,
    generation: u64,
    last_info: Arc<Mutex<Option<Info>>>,
    game_over: bool,
    /// `hard`: think on the opponent's time.
    ponder: bool,
    /// The reply a running ponder search expects.
    pondering: Option<Move>,
    events: Sender<Event>,
    out: Output,
}

/// `level`'s base time: minutes, or `minutes:seconds`.
fn parse_minutes(text: &str) -> Option<Duration> {
    let secs = match text.split_once(':') {
        Some((m, s)) => m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?,
        None => text.parse::<f64>().ok()? * 60.0,
    };
    seconds(secs)
}

/// Thinking output: `ply score time(cs) nodes pv`, mate as 100000 + moves.
fn thinking_line(info: &Info) -> String {
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "{} {} {} {} {}",
        info.depth,
        Score::from_search(info.score).xboard(),
        info.time.as_millis() / 10,
        info.nodes,
        pv.join(" ")
    )
}

/// The result line for a finished game: the PGN token and the reason.
fn result_line(outcome: Outcome) -> String {
    let end = GameEnd::from_outcome(outcome);
    format!("{} {{{}}}", end.result, end.text())
}

impl Xboard {
    fn new(engine: Engine, events: Sender<Event>, out: Output) -> Xboard {
        let five_minutes = Duration::from_secs(300);
        Xboard {
            engine,
            game: Position::startpos(),
            mode: Mode::Play(Color::Black),
            time: TimeSettings {
                control: TimeControl::Clock {
                    base: five_minutes,
                    inc: Duration::ZERO,
                    moves: None,
                },
                own: five_minutes,
                opp: five_minutes,
                depth: None,
                nps: None,
            },
            post: Arc::new(AtomicBool::new(true)),
            searching: None,
            generation: 0,
            last_info: Arc::new(Mutex::new(None)),
            game_over: false,
            ponder: false,
            pondering: None,
            events,
            out,
        }
    }

    fn send(&self, line: &str) {
        self.out.send(line);
    }

    fn features() -> String {
        let options: Vec<String> = options::ENGINE_OPTIONS
            .iter()
            .filter(|o| !o.xboard_command)
            .map(options::xboard_feature)
            .collect();
        format!(
            "feature setboard=1 usermove=1 time=1 memory=1 smp=1 ping=1 sigint=0 sigterm=0 colors=0 \
             highlight=1 analyze=1 draw=0 reuse=1 myname=\"{}\" variants=\"{VARIANT}\" {}",
            engine_name(),
            options.join(" ")
        )
    }

    fn announce_variant(&self) {
        self.send(&format!(
            "setup ({}) 12x8+0_fairy {}",
            PieceKind::xboard_piece_to_char(),
            Position::START_FEN
        ));
        for p in piece_lines() {
            self.send(&format!("piece {p}"));
        }
    }

    /// Stop a search (or ponder search) and forget its result.
    fn abort_search(&mut self) {
        self.pondering = None;
        if self.searching.take().is_some() {
            self.generation += 1;
            self.engine.stop();
        }
    }

    /// Limits for a search of `pos` (the game, or the game after the
    /// expected reply when pondering): the clocks are ours and theirs.
    fn go_params(&self, pos: &Position) -> GoParams {
        let mut go = GoParams {
            depth: self.time.depth,
            ..GoParams::default()
        };
        match self.time.control {
            TimeControl::MoveTime(t) => match self.time.nps {
                // `nps N` makes N nodes count as one second.
                Some(nps) => go.nodes = Some((nps as f64 * t.as_secs_f64()).max(1.0) as u64),
                None => go.movetime = Some(t),
            },
            TimeControl::Clock { inc, .. } => {
                let side = pos.side_to_move();
                let mut time = [self.time.own; 2];
                time[(!side).index()] = self.time.opp;
                let moves_made = u32::from(pos.fullmove_number()).saturating_sub(1);
                go.clocks = Some(Clocks {
                    time,
                    inc: [inc; 2],
                    moves_to_go: self.time.control.moves_to_go(moves_made),
                });
            }
            TimeControl::Nodes(_) | TimeControl::Depth(_) => {}
        }
        go
    }

    /// Start a search (thinking for a move, or analysing).
    fn start_search(&mut self, analyze: bool) {
        self.abort_search();
        if self.game.legal_moves().is_empty() {
            return;
        }
        let go = if analyze {
            GoParams {
                infinite: true,
                ..GoParams::default()
            }
        } else {
            self.go_params(&self.game)
        };
        self.launch(self.game.clone(), &go, analyze);
    }

    /// After our move, with `hard` on: search the position after the reply
    /// the search expects until the opponent moves.
    fn start_pondering(&mut self, reply: Option<Move>) {
        let Some(p) = reply.filter(|&p| self.ponder && self.game.is_legal(p)) else {
            return;
        };
        let mut pos = self.game.clone();
        pos.make_move(p);
        if pos.outcome().is_some() {
            return;
        }
        let go = GoParams {
            ponder: true,
            ..self.go_params(&pos)
        };
        self.launch(pos, &go, false);
        self.pondering = Some(p);
    }

    /// Run a search of `pos` in the background; its result arrives as an
    /// event tagged with a new generation.
    fn launch(&mut self, pos: Position, go: &GoParams, analyze: bool) {
        self.engine.set_position(pos);
        self.generation += 1;
        let generation = self.generation;
        self.searching = Some(generation);
        let post = Arc::clone(&self.post);
        let last = Arc::clone(&self.last_info);
        let events = self.events.clone();
        let out = self.out.clone();
        self.engine.go(
            go,
            Box::new(move |info| {
                if let Ok(mut l) = last.lock() {
                    *l = Some(info.clone());
                }
                if post.load(Ordering::Relaxed) || analyze {
                    out.send(&thinking_line(info));
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
                self.send(&result_line(o));
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
        if let Some(e) = &result.error {
            self.send(&format!("telluser {e}"));
        }
        if self.mode == Mode::Analyze {
            return;
        }
        // The search ran on the game as it was when it started; nothing
        // changes the game without aborting it, but the move is checked
        // all the same before it is played.
        match result.best {
            Some(m) if self.game.is_legal(m) => {
                self.send(&format!("move {m}"));
                self.game.make_move(m);
                if !self.check_game_end() {
                    self.start_pondering(result.ponder);
                }
            }
            Some(m) => self.send(&format!(
                "Error (internal): search move {m} is not legal here"
            )),
            None => {}
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
        // The move we pondered on: that search goes on as our search.
        let parsed = self.parse_user_move(text);
        if let (Some(p), Ok(m)) = (self.pondering, &parsed) {
            if p == *m {
                self.pondering = None;
                self.game.make_move(p);
                self.engine.ponderhit();
                return;
            }
        }
        // Any other move while we think (pondering, analysis, or a GUI that
        // moves for us) changes the position: that search is void.
        self.abort_search();
        match parsed {
            Ok(m) => {
                self.game.make_move(m);
                if !self.check_game_end() {
                    self.maybe_think();
                }
            }
            Err(_) => self.send(&format!("Illegal move: {text}")),
        }
    }

    /// `lift SQ`: highlight where the piece may go (yellow moves, red captures,
    /// magenta promotions) and offer the promotion choice.
    fn lift(&self, square: &str) {
        let Ok(from) = square.trim_end_matches(',').parse::<Square>() else {
            self.send(&format!("Error (bad square): lift {square}"));
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
        self.send(&format!("highlight {}", rows.join("/")));
        if !choices.is_empty() {
            self.send(&format!(
                "choice {}",
                choices.into_iter().collect::<String>()
            ));
        }
    }

    /// `option NAME[=VALUE]`: the engine options (see `options`).
    fn set_option(&mut self, text: &str) {
        let (name, value) = match text.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v)),
            None => (text.trim(), None),
        };
        match options::set(&mut self.engine, name, value) {
            Some(Ok(())) => {}
            Some(Err(e)) => self.send(&format!("Error (bad value): option {text}: {e}")),
            None => self.send(&format!("Error (unknown option): {name}")),
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
            | "ics" | "bk" | "draw" | "egtpath" | "put" | "hover" => {}
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if self.pondering.is_some() {
                    self.abort_search();
                }
            }
            "hint" => {
                if let Some(p) = self.pondering {
                    self.send(&format!("Hint: {p}"));
                }
            }
            "protover" => {
                self.send(&Xboard::features());
                self.send("feature done=1");
            }
            "new" => self.new_game(),
            "variant" if rest == VARIANT => self.announce_variant(),
            "variant" => self.send(&format!("Error (unsupported variant): {rest}")),
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
            // Move now: stop the search; its result arrives as an event
            // (not while pondering: that search is not for a move yet).
            "?" if self.searching.is_some() && self.pondering.is_none() => self.engine.stop(),
            "?" => {}
            "ping" if rest.is_empty() => self.send("pong"),
            "ping" => self.send(&format!("pong {rest}")),
            "time" | "otim" | "level" | "st" | "sd" | "nps" => self.time_command(cmd, rest, line),
            "setboard" => self.set_board(rest),
            "undo" => self.take_back(cmd, 1),
            "remove" => self.take_back(cmd, 2),
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
            "." => self.stat01(),
            "memory" | "cores" | "option" => self.engine_setting(cmd, rest, line),
            "lift" => self.lift(rest),
            "quit" => {
                self.abort_search();
                return false;
            }
            _ => self.bare_move_or_unknown(cmd),
        }
        true
    }

    /// Protocol 1 style bare moves are accepted too.
    fn bare_move_or_unknown(&mut self, cmd: &str) {
        let b = cmd.as_bytes();
        if b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() {
            self.user_move(cmd);
        } else {
            self.send(&format!("Error (unknown command): {cmd}"));
        }
    }

    fn new_game(&mut self) {
        self.abort_search();
        self.game = Position::startpos();
        self.mode = Mode::Play(Color::Black);
        self.time.depth = None;
        self.game_over = false;
        self.engine.new_game();
        self.announce_variant();
    }

    fn set_board(&mut self, fen: &str) {
        match Position::from_fen(fen) {
            Ok(p) => {
                self.abort_search();
                self.game = p;
                self.game_over = false;
                if self.mode == Mode::Analyze {
                    self.maybe_think();
                }
            }
            Err(e) => self.send(&format!("tellusererror Illegal position: {e}")),
        }
    }

    /// `undo` (one ply) and `remove` (two).
    fn take_back(&mut self, cmd: &str, plies: usize) {
        if self.game.game_ply() < plies {
            self.send(&format!("Error (command not legal now): {cmd}"));
            return;
        }
        self.abort_search();
        for _ in 0..plies {
            self.game.unmake_move();
        }
        self.game_over = false;
        if self.mode == Mode::Analyze {
            self.maybe_think();
        }
    }

    /// `.`: the analysis status line.
    fn stat01(&self) {
        let info = self.last_info.lock().ok().and_then(|l| l.clone());
        if let Some(i) = info {
            let total = self.game.legal_moves().len();
            self.send(&format!(
                "stat01: {} {} {} {} {}",
                i.time.as_millis() / 10,
                i.nodes,
                i.depth,
                0,
                total
            ));
        }
    }

    /// `time`, `otim`, `level`, `st`, `sd`, `nps`.
    fn time_command(&mut self, cmd: &str, rest: &str, line: &str) {
        let ok = match cmd {
            // XBoard sends a clock below zero once the engine is over its
            // time: that is no time left (move at once), not bad input.
            "time" | "otim" => rest.parse::<i64>().ok().map(|cs| {
                let d = Duration::from_millis((cs.max(0) as u64).saturating_mul(10));
                if cmd == "time" {
                    self.time.own = d;
                } else {
                    self.time.opp = d;
                }
            }),
            "level" => self.level(rest),
            "st" => rest
                .parse::<f64>()
                .ok()
                .and_then(seconds)
                .filter(|d| !d.is_zero())
                .map(|t| self.time.control = TimeControl::MoveTime(t)),
            "sd" => rest
                .parse::<i32>()
                .ok()
                .filter(|&d| d > 0)
                .map(|d| self.time.depth = Some(d)),
            _ => rest
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .map(|n| self.time.nps = Some(n)),
        };
        if ok.is_none() {
            let what = match cmd {
                "time" | "otim" | "st" => "time",
                "sd" => "depth",
                other => other,
            };
            self.send(&format!("Error (bad {what}): {line}"));
        }
    }

    /// `level MPS BASE INC`: a clock for the game.
    fn level(&mut self, rest: &str) -> Option<()> {
        let f: Vec<&str> = rest.split_whitespace().collect();
        if f.len() != 3 {
            return None;
        }
        let mps = f[0].parse::<u32>().ok()?;
        let base = parse_minutes(f[1])?;
        let inc = seconds(f[2].parse::<f64>().ok()?.max(0.0))?;
        self.time.control = TimeControl::Clock {
            base,
            inc,
            moves: (mps > 0).then_some(mps),
        };
        self.time.own = base;
        self.time.opp = base;
        Some(())
    }

    /// `memory`, `cores`, `option`.
    fn engine_setting(&mut self, cmd: &str, rest: &str, line: &str) {
        match cmd {
            "option" => self.set_option(rest),
            "memory" => match rest.parse::<usize>() {
                Ok(mb) => {
                    // Clamped to what the machine can hold (docs/protocol.md).
                    self.engine.set_hash_mib(mb.clamp(1, MAX_HASH_MIB));
                }
                Err(_) => self.send(&format!("Error (bad memory): {line}")),
            },
            _ => match rest.parse::<usize>() {
                Ok(n) => {
                    let used = self.engine.set_threads(n.clamp(1, MAX_THREADS));
                    if used < n {
                        self.send(&format!(
                            "# cores {n}: this machine runs {used} threads at once; searching with {used}"
                        ));
                    }
                }
                Err(_) => self.send(&format!("Error (bad cores): {line}")),
            },
        }
    }
}

/// An XBoard session driven in-process: lines in, lines out through the
/// session's `Output`. `run` drives one from a reader; tests and fuzzing
/// drive one line by line.
pub struct Session {
    xb: Xboard,
    events: Receiver<Event>,
}

impl Session {
    /// A new session writing to `out`, around `engine`.
    pub fn new(engine: Engine, out: Output) -> Session {
        let (tx, rx) = channel();
        let xb = Xboard::new(engine, tx, out);
        Session { xb, events: rx }
    }

    /// Handle one input line (and any search that finished meanwhile);
    /// false once the session has quit.
    pub fn input(&mut self, item: Input) -> bool {
        self.poll();
        self.line(item)
    }

    fn line(&mut self, item: Input) -> bool {
        match item {
            Input::Line(line) => self.xb.handle(&line),
            bad => {
                let what = bad.problem().unwrap_or("");
                self.xb.send(&format!("Error ({what}): line ignored"));
                true
            }
        }
    }

    /// Apply the results of searches that have finished.
    pub fn poll(&mut self) {
        while let Ok(event) = self.events.try_recv() {
            self.event(event);
        }
    }

    fn event(&mut self, event: Event) -> bool {
        match event {
            Event::Line(l) => self.xb.handle(&l),
            Event::Bad(item) => self.line(item),
            Event::Done(g, r) => {
                self.xb.search_done(g, r);
                true
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.xb.engine.stop();
    }
}

/// Run the CECP loop until `quit` or the end of `input`, writing to `out`.
/// Lines and finished searches arrive on one channel, so the engine can
/// play its own move as soon as a search ends.
pub fn run(input: impl Iterator<Item = Input> + Send + 'static, out: Output) {
    let mut session = Session::new(Engine::new(), out);
    let reader = session.xb.events.clone();
    std::thread::spawn(move || {
        for item in input {
            let event = match item {
                Input::Line(l) => Event::Line(l),
                bad => Event::Bad(bad),
            };
            if reader.send(event).is_err() {
                return;
            }
        }
        let _ = reader.send(Event::Line("quit".into()));
    });
    while let Ok(event) = session.events.recv() {
        if !session.event(event) {
            break;
        }
    }
}

/// Run the CECP loop on stdin and stdout.
pub fn run_stdio<R: std::io::BufRead + Send + 'static>(input: Lines<R>) {
    run(input, Output::stdout());
}
