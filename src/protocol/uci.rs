//! The UCI front end, extended for the 12x8 variant the way Fairy-Stockfish
//! does it. Board-agnostic messages go through `vampirc-uci`; the 12x8 parts
//! through `uci_wire`. Bad input never stops the engine: it answers
//! `info string <what was wrong>` and keeps its last good state.

use crate::engine::{
    Engine, GoParams, DEFAULT_HASH_MIB, DEFAULT_MOVE_OVERHEAD_MS, MAX_HASH_MIB,
    MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV, MAX_THREADS,
};
use crate::eval;
use crate::protocol::uci_wire::{bestmove_line, info_line, parse_position, split_go};
use crate::rules::perft::divide_report;
use crate::rules::position::Position;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use vampirc_uci::{UciMessage, UciOptionConfig, UciSearchControl, UciTimeControl};

/// The engine's name with its version.
pub fn engine_name() -> String {
    format!("humpty {}", env!("CARGO_PKG_VERSION"))
}

/// The variant name GUIs select with `UCI_Variant`.
pub const VARIANT: &str = "humpty";

/// Write one line to stdout at once (the search thread writes too).
pub fn send(line: &str) {
    let out = std::io::stdout();
    let mut lock = out.lock();
    let _ = writeln!(lock, "{line}");
    let _ = lock.flush();
}

/// Settings that only the protocol layer uses.
struct ProtocolState {
    show_wdl: Arc<AtomicBool>,
    chess960: Arc<AtomicBool>,
    ponder: bool,
}

/// The UCI session: an engine plus protocol settings.
pub struct Uci {
    engine: Engine,
    state: ProtocolState,
}

impl Default for Uci {
    fn default() -> Self {
        Uci::new()
    }
}

/// What the loop should do after a command.
#[derive(PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// Leave the loop.
    Quit,
}

impl Uci {
    /// A session on the start position with default options.
    pub fn new() -> Uci {
        Uci {
            engine: Engine::new(),
            state: ProtocolState {
                show_wdl: Arc::new(AtomicBool::new(false)),
                chess960: Arc::new(AtomicBool::new(false)),
                ponder: false,
            },
        }
    }

    /// Read commands from `input` until `quit` or end of input.
    pub fn run(&mut self, input: impl BufRead) {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if self.handle(&line) == Flow::Quit {
                break;
            }
        }
        self.engine.stop();
    }

    /// The variant announcement Fairy-Stockfish-aware GUIs read.
    fn announce_variant() {
        send(&format!(
            "info string variant {VARIANT} files 12 ranks 8 pocket 0 template fairy startpos {}",
            Position::START_FEN
        ));
    }

    fn options() -> Vec<UciOptionConfig> {
        use UciOptionConfig::*;
        vec![
            Spin {
                name: "Hash".into(),
                default: Some(DEFAULT_HASH_MIB as i64),
                min: Some(1),
                max: Some(MAX_HASH_MIB as i64),
            },
            Spin {
                name: "Threads".into(),
                default: Some(1),
                min: Some(1),
                max: Some(MAX_THREADS as i64),
            },
            Spin {
                name: "MultiPV".into(),
                default: Some(1),
                min: Some(1),
                max: Some(MAX_MULTIPV as i64),
            },
            Check {
                name: "Ponder".into(),
                default: Some(false),
            },
            Spin {
                name: "Move Overhead".into(),
                default: Some(DEFAULT_MOVE_OVERHEAD_MS as i64),
                min: Some(0),
                max: Some(MAX_MOVE_OVERHEAD_MS as i64),
            },
            Button {
                name: "Clear Hash".into(),
            },
            Check {
                name: "UCI_ShowWDL".into(),
                default: Some(false),
            },
            Combo {
                name: "UCI_Variant".into(),
                default: Some(VARIANT.into()),
                var: vec![VARIANT.into()],
            },
            Check {
                name: "UCI_Chess960".into(),
                default: Some(false),
            },
        ]
    }

    /// Handle one command line.
    pub fn handle(&mut self, line: &str) -> Flow {
        let line = line.trim();
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Flow::Continue;
        };
        let rest = line[cmd.len()..].trim();
        match cmd {
            // The 12x8 commands and our extras are ours alone.
            "position" => match parse_position(rest) {
                Ok(pos) => self.engine.set_position(pos),
                Err(e) => send(&format!("info string {e}")),
            },
            "go" => self.go(line),
            "d" => send(&self.engine.position().to_string()),
            "eval" => {
                let b = eval::breakdown(self.engine.position());
                send(&b.to_string());
            }
            "bench" => self.bench(rest),
            "quit" => {
                self.engine.stop();
                return Flow::Quit;
            }
            _ => return self.handle_standard(line),
        }
        Flow::Continue
    }

    /// Commands vampirc parses correctly.
    fn handle_standard(&mut self, line: &str) -> Flow {
        match vampirc_uci::parse_one(line) {
            UciMessage::Uci => {
                send(&UciMessage::id_name(&engine_name()).to_string());
                send(&UciMessage::id_author("the humpty developers").to_string());
                for o in Uci::options() {
                    send(&UciMessage::Option(o).to_string());
                }
                Uci::announce_variant();
                send(&UciMessage::UciOk.to_string());
            }
            UciMessage::IsReady => send(&UciMessage::ReadyOk.to_string()),
            UciMessage::UciNewGame => self.engine.new_game(),
            UciMessage::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciMessage::Stop => self.engine.stop(),
            UciMessage::PonderHit => self.engine.ponderhit(),
            UciMessage::Quit => {
                self.engine.stop();
                return Flow::Quit;
            }
            UciMessage::Debug(_) | UciMessage::Register { .. } => {}
            _ => {
                let word = line.split_whitespace().next().unwrap_or("");
                send(&format!("info string unknown command '{word}'"));
            }
        }
        Flow::Continue
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        fn need(v: Option<&str>) -> Option<&str> {
            v.map(str::trim).filter(|s| !s.is_empty())
        }
        let key = name.trim().to_ascii_lowercase();
        let spin = |v: Option<&str>, min: i64, max: i64| -> Result<i64, String> {
            let s = need(v).ok_or_else(|| format!("option '{name}' needs a value"))?;
            let n: i64 = s
                .parse()
                .map_err(|_| format!("option '{name}': '{s}' is not a number"))?;
            if n < min || n > max {
                return Err(format!("option '{name}': {n} is out of range {min}..{max}"));
            }
            Ok(n)
        };
        let check = |v: Option<&str>| -> Result<bool, String> {
            match need(v).map(str::to_ascii_lowercase).as_deref() {
                Some("true") => Ok(true),
                Some("false") => Ok(false),
                _ => Err(format!("option '{name}' takes true or false")),
            }
        };
        let result: Result<(), String> = match key.as_str() {
            "hash" => {
                spin(value, 1, MAX_HASH_MIB as i64).map(|n| self.engine.set_hash_mib(n as usize))
            }
            "threads" => {
                spin(value, 1, MAX_THREADS as i64).map(|n| self.engine.set_threads(n as usize))
            }
            "multipv" => {
                spin(value, 1, MAX_MULTIPV as i64).map(|n| self.engine.set_multipv(n as usize))
            }
            "move overhead" => spin(value, 0, MAX_MOVE_OVERHEAD_MS as i64).map(|n| {
                self.engine
                    .set_move_overhead(Duration::from_millis(n as u64))
            }),
            "ponder" => check(value).map(|b| self.state.ponder = b),
            "clear hash" => {
                self.engine.clear_hash();
                Ok(())
            }
            "uci_showwdl" => check(value).map(|b| self.state.show_wdl.store(b, Ordering::Relaxed)),
            "uci_chess960" => check(value).map(|b| self.state.chess960.store(b, Ordering::Relaxed)),
            "uci_variant" => match need(value) {
                Some(v) if v.eq_ignore_ascii_case(VARIANT) => {
                    Uci::announce_variant();
                    Ok(())
                }
                Some(v) => Err(format!("variant '{v}' is not supported (only '{VARIANT}')")),
                None => Err("option 'UCI_Variant' needs a value".into()),
            },
            "dev_values" => need(value)
                .ok_or_else(|| "option 'Dev_Values' needs a value".to_string())
                .and_then(eval::set_piece_values),
            _ => match key.strip_prefix("dev_") {
                // Developer switches for measuring search features (docs/engine.md).
                Some(feature) => match check(value) {
                    Ok(on) if self.engine.set_feature(feature, on) => Ok(()),
                    Ok(_) => Err(format!("unknown option '{name}'")),
                    Err(e) => Err(e),
                },
                None => Err(format!("unknown option '{name}'")),
            },
        };
        if let Err(e) = result {
            send(&format!("info string {e}"));
        }
    }

    fn bench(&mut self, rest: &str) {
        let depth = match rest.split_whitespace().next() {
            None => crate::engine::bench::DEFAULT_DEPTH,
            Some(d) => match d.parse::<i32>() {
                Ok(d) if (1..=64).contains(&d) => d,
                _ => {
                    send(&format!("info string bench: bad depth '{d}'"));
                    return;
                }
            },
        };
        self.engine.stop();
        let r = crate::engine::bench::run(depth, &mut |i, _, nodes| {
            send(&format!("info string position {i} nodes {nodes}"))
        });
        send(&format!("Nodes searched: {}", r.nodes));
        send(&format!("Nodes/second: {}", r.nps()));
    }

    /// Translate a `go` line into engine parameters (or an error message).
    fn go_params(&self, line: &str) -> Result<(GoParams, Option<u32>), String> {
        let extras = split_go(line)?;
        if let Some(depth) = extras.perft {
            return Ok((GoParams::default(), Some(depth)));
        }
        let mut go = GoParams::default();
        let pos = self.engine.position();
        for text in &extras.searchmoves {
            let m = pos
                .parse_move(text)
                .map_err(|e| format!("searchmoves: {e}"))?;
            go.searchmoves.push(m);
        }
        let (time_control, search_control) = match vampirc_uci::parse_one(&extras.rest) {
            UciMessage::Go {
                time_control,
                search_control,
            } => (time_control, search_control),
            _ => return Err(format!("cannot read '{}'", line.trim())),
        };
        let ms = |d: Option<vampirc_uci::Duration>| {
            d.map(|d| Duration::from_millis(d.num_milliseconds().max(0) as u64))
        };
        match time_control {
            Some(UciTimeControl::Infinite) => go.infinite = true,
            Some(UciTimeControl::Ponder) => go.ponder = true,
            Some(UciTimeControl::MoveTime(d)) => go.movetime = ms(Some(d)),
            Some(UciTimeControl::TimeLeft {
                white_time,
                black_time,
                white_increment,
                black_increment,
                moves_to_go,
            }) => {
                go.wtime = ms(white_time);
                go.btime = ms(black_time);
                go.winc = ms(white_increment);
                go.binc = ms(black_increment);
                go.movestogo = moves_to_go.map(u32::from);
            }
            None => {}
        }
        // vampirc keeps only one time-control variant; ponder and infinite
        // can come together with clocks, so read those words directly.
        let words: Vec<&str> = extras.rest.split_whitespace().collect();
        go.ponder |= words.contains(&"ponder");
        go.infinite |= words.contains(&"infinite");
        if let Some(UciSearchControl {
            depth, nodes, mate, ..
        }) = search_control
        {
            go.depth = depth.map(i32::from);
            go.nodes = nodes;
            go.mate = mate.map(i32::from);
        }
        Ok((go, None))
    }

    fn go(&mut self, line: &str) {
        let (go, perft) = match self.go_params(line) {
            Ok(x) => x,
            Err(e) => {
                send(&format!("info string {e}"));
                return;
            }
        };
        self.engine.stop();
        if let Some(depth) = perft {
            let mut pos = self.engine.position().clone();
            send(divide_report(&mut pos, depth).trim_end());
            return;
        }
        let pos = self.engine.position();
        if pos.legal_moves().is_empty() {
            let score = if pos.in_check() { "mate 0" } else { "cp 0" };
            send(&format!("info depth 0 score {score}"));
        }
        let show_wdl = Arc::clone(&self.state.show_wdl);
        let chess960 = Arc::clone(&self.state.chess960);
        let chess960_done = Arc::clone(&self.state.chess960);
        self.engine.go(
            &go,
            Box::new(move |info| {
                send(&info_line(
                    info,
                    show_wdl.load(Ordering::Relaxed),
                    chess960.load(Ordering::Relaxed),
                ))
            }),
            Box::new(move |result| {
                send(&bestmove_line(
                    result.best,
                    result.ponder,
                    chess960_done.load(Ordering::Relaxed),
                ));
            }),
        );
    }
}

/// Run the UCI loop on stdin until `quit` or end of input. `first` is a line
/// already read by the caller (protocol detection), if any.
pub fn run_stdio(first: Option<String>) {
    let mut uci = Uci::new();
    if let Some(line) = first {
        if uci.handle(&line) == Flow::Quit {
            return;
        }
    }
    uci.run(std::io::stdin().lock());
}
