//! An XBoard session's state (the engine, the game, the mode and the
//! clocks) and its commands; the output lines, the clock settings and the
//! input loop are methods of it in `output`, `time` and `session`.

use super::output::{result_line, thinking_line};
use super::time::TimeSettings;

use crate::engine::{Engine, GoParams, Info, SearchResult, TimeControl, MAX_HASH_MIB, MAX_THREADS};
use crate::input::Input;
use crate::options;
use crate::output::Output;
use crate::rules::moves::{Move, MoveError};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use crate::rules::square::Square;
use crate::VARIANT;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub(super) enum Event {
    Line(String),
    Bad(Input),
    Done(u64, SearchResult),
}

/// What the engine is doing between commands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Mode {
    /// Playing the given colour (thinks when that side is to move).
    Play(Color),
    /// Moves are only recorded.
    Force,
    /// Analysing the current position until `exit`.
    Analyze,
}

/// A CECP session.
pub struct Xboard {
    pub(super) engine: Engine,
    pub(super) game: Position,
    pub(super) mode: Mode,
    pub(super) time: TimeSettings,
    pub(super) post: Arc<AtomicBool>,
    pub(super) searching: Option<u64>,
    pub(super) generation: u64,
    pub(super) last_info: Arc<Mutex<Option<Info>>>,
    pub(super) game_over: bool,
    /// `hard`: think on the opponent's time.
    pub(super) ponder: bool,
    /// The reply a running ponder search expects.
    pub(super) pondering: Option<Move>,
    pub(super) events: Sender<Event>,
    pub(super) out: Output,
}

impl Xboard {
    pub(super) fn new(engine: Engine, events: Sender<Event>, out: Output) -> Xboard {
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

    pub(super) fn send(&self, line: &str) {
        self.out.send(line);
    }

    /// Stop a search (or ponder search) and forget its result.
    pub(super) fn abort_search(&mut self) {
        self.pondering = None;
        if self.searching.take().is_some() {
            self.generation += 1;
            self.engine.stop();
        }
    }

    /// Start a search (thinking for a move, or analysing).
    pub(super) fn start_search(&mut self, analyze: bool) {
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
    pub(super) fn start_pondering(&mut self, reply: Option<Move>) {
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
    pub(super) fn launch(&mut self, pos: Position, go: &GoParams, analyze: bool) {
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
    pub(super) fn maybe_think(&mut self) {
        match self.mode {
            Mode::Play(c) if c == self.game.side_to_move() && !self.game_over => {
                self.start_search(false)
            }
            Mode::Analyze => self.start_search(true),
            _ => {}
        }
    }

    /// Claim the result if the game has ended.
    pub(super) fn check_game_end(&mut self) -> bool {
        if let Some(o) = self.game.outcome() {
            if !self.game_over {
                self.send(&result_line(o));
            }
            self.game_over = true;
            return true;
        }
        false
    }

    pub(super) fn search_done(&mut self, generation: u64, result: SearchResult) {
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
    pub(super) fn parse_user_move(&self, text: &str) -> Result<Move, MoveError> {
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

    pub(super) fn user_move(&mut self, text: &str) {
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

    /// `option NAME[=VALUE]`: the engine options (see `options`).
    pub(super) fn set_option(&mut self, text: &str) {
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
    pub(super) fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        match cmd {
            "" => {}
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating"
            | "ics" | "bk" | "draw" | "put" | "hover" => {}
            "egtpath" => self.egtpath(rest),
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
    pub(super) fn bare_move_or_unknown(&mut self, cmd: &str) {
        let b = cmd.as_bytes();
        if b.len() >= 4 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit() {
            self.user_move(cmd);
        } else {
            self.send(&format!("Error (unknown command): {cmd}"));
        }
    }

    pub(super) fn new_game(&mut self) {
        self.abort_search();
        self.game = Position::startpos();
        self.mode = Mode::Play(Color::Black);
        self.time.depth = None;
        self.game_over = false;
        self.engine.new_game();
        self.announce_variant();
    }

    pub(super) fn set_board(&mut self, fen: &str) {
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
    pub(super) fn take_back(&mut self, cmd: &str, plies: usize) {
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

    /// `memory`, `cores`, `option`.
    /// `egtpath humpty DIR`: probe the tables there (other formats are
    /// not this engine's and are let be).
    fn egtpath(&mut self, rest: &str) {
        let (format, dir) = rest.split_once(' ').unwrap_or((rest, ""));
        if format != super::output::EGT_FORMAT {
            return;
        }
        match self.engine.set_tablebase_path(dir) {
            Ok((n, men)) => self.send(&format!("# egtpath: {n} tables, up to {men} men")),
            Err(e) => self.send(&format!("# {e}")),
        }
    }

    pub(super) fn engine_setting(&mut self, cmd: &str, rest: &str, line: &str) {
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
