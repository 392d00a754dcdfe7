//! The UCI front end, extended for the 12x8 variant the way Fairy-Stockfish
//! does it. Board-agnostic messages go through `vampirc-uci`; the 12x8 parts
//! through `uci_wire`. Bad input never stops the engine: it answers
//! `info string <what was wrong>` and keeps its last good state.

use super::input::Input;
use super::options::{self, OptionError, OptionKind, ENGINE_OPTIONS};
use super::output::Output;
use super::uci_wire::{bestmove_line, info_line, parse_go, parse_position, WireError};
use super::{engine_name, VARIANT};
use crate::engine::bench::BenchSetup;
use crate::engine::{Clocks, Engine, GoParams};
use crate::rules::perft::{self, divide_until};
use crate::rules::piece::Color;
use crate::rules::position::Position;
use humpty_engine::eval::nnue::Kernel;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use vampirc_uci::{UciMessage, UciOptionConfig};

/// Settings that only the protocol layer uses.
struct ProtocolState {
    show_wdl: Arc<AtomicBool>,
    chess960: Arc<AtomicBool>,
    ponder: bool,
    /// The engine `bench` runs on (the default gives the signature).
    bench: BenchSetup,
}

/// The UCI session: an engine plus protocol settings.
pub struct Uci {
    engine: Engine,
    state: ProtocolState,
    out: Output,
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
    /// A session on the start position with default options, on stdout.
    pub fn new() -> Uci {
        Uci::with_output(Output::stdout())
    }

    /// A session that writes its lines to `out`.
    pub fn with_output(out: Output) -> Uci {
        Uci::with_engine(Engine::new(), out)
    }

    /// A session around this engine (tests and fuzzing set a small hash
    /// or a manual clock on it first).
    pub fn with_engine(engine: Engine, out: Output) -> Uci {
        Uci {
            out,
            engine,
            state: ProtocolState {
                show_wdl: Arc::new(AtomicBool::new(false)),
                chess960: Arc::new(AtomicBool::new(false)),
                ponder: false,
                bench: BenchSetup::default(),
            },
        }
    }

    /// Run `bench` on a smaller engine (fuzzing runs many benches; the
    /// node signature holds only for the default).
    pub fn set_bench_setup(&mut self, setup: BenchSetup) {
        self.state.bench = setup;
    }

    /// Read commands from `input` until `quit` or end of input.
    pub fn run(&mut self, input: impl Iterator<Item = Input>) {
        for item in input {
            if self.input(item) == Flow::Quit {
                return;
            }
        }
        self.engine.stop();
    }

    /// Handle one input line, or say why it cannot be read.
    pub fn input(&mut self, item: Input) -> Flow {
        match item {
            Input::Line(line) => self.handle(&line),
            bad => {
                self.send(&format!("info string {}", bad.problem().unwrap_or("")));
                Flow::Continue
            }
        }
    }

    /// The variant announcement Fairy-Stockfish-aware GUIs read.
    fn announce_variant(&self) {
        self.send(&format!(
            "info string variant {VARIANT} files 12 ranks 8 pocket 0 template fairy startpos {}",
            Position::START_FEN
        ));
    }

    fn send(&self, line: &str) {
        self.out.send(line);
    }

    /// The option lines: the engine's (`options::ENGINE_OPTIONS`), then
    /// the ones only UCI has.
    fn options() -> Vec<UciOptionConfig> {
        use UciOptionConfig::*;
        let mut list: Vec<UciOptionConfig> = ENGINE_OPTIONS
            .iter()
            .map(|o| match o.kind {
                OptionKind::Spin { default, min, max } => Spin {
                    name: o.name.into(),
                    default: Some(default),
                    min: Some(min),
                    max: Some(max),
                },
                OptionKind::Check { default } => Check {
                    name: o.name.into(),
                    default: Some(default),
                },
                OptionKind::Button => Button {
                    name: o.name.into(),
                },
                OptionKind::Text { default } => String {
                    name: o.name.into(),
                    default: Some(default.into()),
                },
            })
            .collect();
        list.extend([
            Check {
                name: "Ponder".into(),
                default: Some(false),
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
        ]);
        list
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
                Err(e) => self.send(&format!("info string {e}")),
            },
            "go" => self.go(line),
            "d" => self.send(&self.engine.position().to_string()),
            "eval" => self.send(&self.engine.eval_report()),
            "bench" => self.bench(rest),
            "quit" => {
                self.engine.stop();
                return Flow::Quit;
            }
            // vampirc reads these correctly; it panics on some others (an
            // `info` line echoed by a GUI with `depth 300`), so nothing else
            // reaches it.
            "uci" | "isready" | "ucinewgame" | "setoption" | "stop" | "ponderhit" | "debug"
            | "register" => return self.handle_standard(line),
            _ => self.send(&format!("info string unknown command '{cmd}'")),
        }
        Flow::Continue
    }

    /// Commands vampirc parses correctly.
    fn handle_standard(&mut self, line: &str) -> Flow {
        // A parser bug must not end the engine: a panic reads as no command.
        let parsed = std::panic::catch_unwind(|| vampirc_uci::parse_one(line))
            .unwrap_or(UciMessage::Unknown(line.to_string(), None));
        match parsed {
            UciMessage::Uci => {
                self.send(&UciMessage::id_name(&engine_name()).to_string());
                self.send(&UciMessage::id_author("the humpty developers").to_string());
                for o in Uci::options() {
                    self.send(&UciMessage::Option(o).to_string());
                }
                self.announce_variant();
                self.send(&UciMessage::UciOk.to_string());
            }
            UciMessage::IsReady => self.send(&UciMessage::ReadyOk.to_string()),
            UciMessage::UciNewGame => self.engine.new_game(),
            UciMessage::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciMessage::Stop => self.engine.stop(),
            UciMessage::PonderHit => self.engine.ponderhit(),
            UciMessage::Quit => {
                self.engine.stop();
                return Flow::Quit;
            }
            UciMessage::Debug(_) | UciMessage::Register { .. } => {}
            _ => self.send(&format!("info string cannot read '{line}'")),
        }
        Flow::Continue
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let result = match options::set(&mut self.engine, name, value) {
            Some(r) => r,
            None => self.set_protocol_option(name, value),
        };
        if let Err(e) = result {
            self.send(&format!("info string {e}"));
        }
    }

    /// The options only UCI has.
    fn set_protocol_option(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        let flag = |v: &Arc<AtomicBool>| {
            options::check(name, value).map(|b| v.store(b, Ordering::Relaxed))
        };
        match name.trim().to_ascii_lowercase().as_str() {
            "ponder" => options::check(name, value).map(|b| self.state.ponder = b),
            "uci_showwdl" => flag(&self.state.show_wdl),
            "uci_chess960" => flag(&self.state.chess960),
            "uci_variant" => match options::value_of(value) {
                Some(v) if v.eq_ignore_ascii_case(VARIANT) => {
                    self.announce_variant();
                    Ok(())
                }
                Some(v) => Err(OptionError::Variant(v.to_string())),
                None => Err(OptionError::NoValue("UCI_Variant".into())),
            },
            _ => Err(OptionError::Unknown(name.to_string())),
        }
    }

    /// `bench [depth]`, in the background (`stop` ends it).
    fn bench(&mut self, rest: &str) {
        let depth = match rest.split_whitespace().next() {
            None => crate::engine::bench::DEFAULT_DEPTH,
            Some(d) => match d.parse::<i32>() {
                Ok(d) if (1..=64).contains(&d) => d,
                _ => {
                    self.send(&format!("info string bench: bad depth '{d}' (1 to 64)"));
                    return;
                }
            },
        };
        let out = self.out.clone();
        let setup = self.state.bench;
        self.engine.spawn_task(move |stop| {
            let mut progress =
                |i, _: &str, nodes| out.send(&format!("info string position {i} nodes {nodes}"));
            match crate::engine::bench::run_until(depth, setup, stop, &mut progress) {
                Some(r) => {
                    out.send(&format!(
                        "info string nnue kernel {}",
                        Kernel::detected().name()
                    ));
                    out.send(&format!("Nodes searched: {}", r.nodes));
                    out.send(&format!("Nodes/second: {}", r.nps()));
                }
                None => out.send("info string bench stopped"),
            }
        });
    }

    /// Translate a `go` line into engine parameters (or an error message).
    fn go_params(&self, line: &str) -> Result<(GoParams, Option<u32>), WireError> {
        let cmd = parse_go(line)?;
        if !cmd.ignored.is_empty() {
            let words = cmd.ignored.join(" ");
            self.send(&format!("info string go: ignored '{words}'"));
        }
        if let Some(depth) = cmd.perft {
            return Ok((GoParams::default(), Some(depth)));
        }
        let ms = |v: Option<u64>| v.map(Duration::from_millis);
        let mut go = GoParams {
            depth: cmd.depth,
            mate: cmd.mate,
            nodes: cmd.nodes,
            movetime: ms(cmd.movetime),
            infinite: cmd.infinite,
            ponder: cmd.ponder,
            ..GoParams::default()
        };
        let pos = self.engine.position();
        for text in &cmd.searchmoves {
            let m = pos.parse_move(text).map_err(WireError::SearchMove)?;
            go.searchmoves.push(m);
        }
        // Without the mover's own time the clocks say nothing.
        let [wtime, btime, winc, binc] = cmd.clock;
        let own = match pos.side_to_move() {
            Color::White => wtime,
            Color::Black => btime,
        };
        let zero = |v: Option<u64>| ms(v).unwrap_or_default();
        go.clocks = own.is_some().then(|| Clocks {
            time: [zero(wtime), zero(btime)],
            inc: [zero(winc), zero(binc)],
            moves_to_go: cmd.movestogo,
        });
        Ok((go, None))
    }

    fn go(&mut self, line: &str) {
        let (go, perft) = match self.go_params(line) {
            Ok(x) => x,
            Err(e) => {
                self.send(&format!("info string {e}"));
                return;
            }
        };
        self.engine.stop();
        if let Some(depth) = perft {
            let mut pos = self.engine.position().clone();
            let out = self.out.clone();
            // In the background, so `stop`, `isready` and `quit` are heard.
            self.engine
                .spawn_task(move |stop| match divide_until(&mut pos, depth, stop) {
                    Some(rows) => out.send(perft::report(&rows, depth).trim_end()),
                    None => out.send("info string perft stopped"),
                });
            return;
        }
        let pos = self.engine.position();
        if pos.legal_moves().is_empty() {
            let score = if pos.in_check() { "mate 0" } else { "cp 0" };
            self.send(&format!("info depth 0 score {score}"));
        }
        let (out, out_done) = (self.out.clone(), self.out.clone());
        let show_wdl = Arc::clone(&self.state.show_wdl);
        let chess960 = Arc::clone(&self.state.chess960);
        let chess960_done = Arc::clone(&self.state.chess960);
        self.engine.go(
            &go,
            Box::new(move |info| {
                out.send(&info_line(
                    info,
                    show_wdl.load(Ordering::Relaxed),
                    chess960.load(Ordering::Relaxed),
                ))
            }),
            Box::new(move |result| {
                if let Some(e) = &result.error {
                    out_done.send(&format!("info string {e}"));
                }
                out_done.send(&bestmove_line(
                    result.best,
                    result.ponder,
                    chess960_done.load(Ordering::Relaxed),
                ));
            }),
        );
    }
}
