//! The `humpty` command line: with no subcommand a protocol engine on
//! stdin/stdout; otherwise perft, divide, bench, match, stats, openings or
//! serve (the web board).

use crate::engine::bench;

use crate::engine::TimeControl;
use crate::matches::config::{
    DrawAdjudication, MatchConfig, Notation, OpeningOrder, ResignAdjudication,
};
use crate::matches::merge;
use crate::matches::openings::{self, GenerateSpec};
use crate::matches::pgn::parse_pgn;
use crate::matches::player::{EngineSpec, PositionMode, Protocol};
use crate::matches::runner::{self, MatchReport};
use crate::matches::stats::Sprt;
use crate::protocol::input::{Input, Lines};
use crate::rules::perft::{divide_report, perft};
use crate::rules::position::Position;
use crate::web::{open_browser, ServeConfig, Server};
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn fen_arg() -> Arg {
    Arg::new("fen")
        .long("fen")
        .num_args(1..)
        .value_name("FEN")
        .help("Position as FEN (quoted, or as separate words); default: the start position")
}

/// The command-line grammar.
pub fn command() -> Command {
    Command::new("humpty")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Humpty Dumpty Chess engine. Without a subcommand it speaks UCI (or XBoard after 'xboard') on stdin/stdout.")
        .arg(
            Arg::new("xboard")
                .long("xboard")
                .action(ArgAction::SetTrue)
                .help("Speak the XBoard protocol without waiting for 'xboard'"),
        )
        .subcommand(
            Command::new("perft")
                .about("Count leaf nodes of the legal move tree")
                .arg(Arg::new("depth").required(true).value_parser(value_parser!(u32).range(0..=20)))
                .arg(fen_arg()),
        )
        .subcommand(
            Command::new("divide")
                .about("perft per root move, then the total")
                .arg(Arg::new("depth").required(true).value_parser(value_parser!(u32).range(0..=20)))
                .arg(fen_arg()),
        )
        .subcommand(
            Command::new("bench")
                .about("Search the bench positions at a fixed depth; prints nodes and nodes/second")
                .arg(
                    Arg::new("depth")
                        .value_parser(value_parser!(i32).range(1..=64))
                        .default_value("9"),
                ),
        )
        .subcommand(match_command())
        .subcommand(openings_command())
        .subcommand(stats_command())
        .subcommand(serve_command())
        .subcommand(tune_command())
}

fn tune_command() -> Command {
    let num = |name: &'static str, default: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .value_parser(value_parser!(u32).range(0..=100_000))
            .default_value(default)
            .help(help)
    };
    Command::new("tune")
        .about("Fit the evaluation weights to game results (Texel's method, docs/tuning.md)")
        .arg(pgn_files_arg())
        .arg(
            Arg::new("weights")
                .long("weights")
                .value_name("FILE")
                .help("Start from these weights (default: the built-in ones)"),
        )
        .arg(
            Arg::new("hand-set")
                .long("hand-set")
                .action(ArgAction::SetTrue)
                .help("Start from v1's hand-set weights (before any --weights file)"),
        )
        .arg(
            Arg::new("out")
                .long("out")
                .value_name("FILE")
                .default_value("weights.txt")
                .help("Write the tuned weights here"),
        )
        .arg(num(
            "skip-plies",
            "16",
            "Skip each game's first plies (the opening)",
        ))
        .arg(num(
            "max-score",
            "800",
            "Skip positions evaluated beyond +-this",
        ))
        .arg(num("passes", "4", "Most passes per step size"))
        .arg(num(
            "run",
            "1",
            "Most steps a weight moves one way per pass (1: Texel's one step)",
        ))
        .arg(num(
            "held-out",
            "10",
            "Percent of the positions kept out of training, to measure",
        ))
        .arg(num("threads", "2", "Threads"))
        .arg(
            Arg::new("only")
                .long("only")
                .value_name("PREFIX")
                .value_delimiter(',')
                .help(
                    "Tune only weights whose names start with these (e.g. outpost,frog_promotion)",
                ),
        )
        .arg(
            Arg::new("steps")
                .long("steps")
                .value_delimiter(',')
                .value_parser(value_parser!(i32).range(1..=1000))
                .default_value("8,4,2,1")
                .help("Step sizes in centipawns, tried in turn"),
        )
}

/// `humpty tune FILES...`: load, fit, report, write the weights.
fn tune(m: &ArgMatches) -> Result<(), String> {
    use crate::tune::data::{samples_from_pgn, LoadReport, Selection};
    let num = |name: &str| *m.get_one::<u32>(name).expect("defaulted") as usize;
    let mut start = if m.get_flag("hand-set") {
        crate::eval::EvalParams::hand_set()
    } else {
        crate::eval::EvalParams::default()
    };
    if let Some(path) = m.get_one::<String>("weights") {
        let text = read_text(path)?;
        start.set_weights(&text)?;
    }
    let sel = Selection {
        skip_plies: num("skip-plies"),
        max_score: num("max-score") as i32,
    };
    let (mut samples, mut report) = (Vec::new(), LoadReport::default());
    for path in m.get_many::<String>("files").expect("required") {
        let text = read_text(path)?;
        samples_from_pgn(&text, &start, sel, &mut samples, &mut report);
    }
    let held = samples.len() * num("held-out").min(90) / 100;
    let (train, held_out) = samples.split_at(samples.len() - held);
    println!(
        "{} games ({} skipped), {} positions, {} quiet: {} to train, {} held out",
        report.games,
        report.skipped_games,
        report.positions,
        samples.len(),
        train.len(),
        held_out.len()
    );
    if train.is_empty() {
        return Err("no quiet positions to train on".into());
    }
    let cfg = crate::tune::TuneConfig {
        steps: m
            .get_many::<i32>("steps")
            .expect("defaulted")
            .copied()
            .collect(),
        max_passes: num("passes").max(1),
        max_run: num("run").max(1),
        threads: num("threads").clamp(1, 64),
        only: m
            .get_many::<String>("only")
            .map_or_else(Vec::new, |v| v.cloned().collect()),
    };
    let r = crate::tune::tune(train, held_out, &start, &cfg, &mut |line| {
        println!("{line}")
    });
    println!("training error {:.6} -> {:.6}", r.train.0, r.train.1);
    println!("held-out error {:.6} -> {:.6}", r.held_out.0, r.held_out.1);
    let out = m.get_one::<String>("out").expect("defaulted");
    std::fs::write(out, r.params.weights_text()).map_err(|e| format!("cannot write {out}: {e}"))?;
    println!("weights written to {out}");
    Ok(())
}

fn serve_command() -> Command {
    Command::new("serve")
        .about("Serve the board in the browser: play and analyse by the exact rules (docs/web.md)")
        .arg(
            Arg::new("port")
                .long("port")
                .value_parser(value_parser!(u16))
                .default_value("8080")
                .help("Port (0 picks a free one)"),
        )
        .arg(
            Arg::new("host")
                .long("host")
                .default_value("127.0.0.1")
                .help("Address to bind; 0.0.0.0 serves other machines too"),
        )
        .arg(
            Arg::new("open")
                .long("open")
                .action(ArgAction::SetTrue)
                .help("Open the board in the system browser"),
        )
        .arg(
            Arg::new("max-games")
                .long("max-games")
                .value_parser(value_parser!(u64).range(1..=100_000))
                .default_value("1000")
                .help("Games kept in memory (the least recently used are dropped)"),
        )
        .arg(
            Arg::new("max-searches")
                .long("max-searches")
                .value_parser(value_parser!(u64).range(1..=256))
                .help("Searches at once, one thread each (default: the number of cores)"),
        )
}

/// `humpty serve`: run the web board until the process is stopped.
fn serve(m: &ArgMatches) -> Result<(), String> {
    let mut cfg = ServeConfig {
        host: m.get_one::<String>("host").expect("defaulted").clone(),
        port: *m.get_one::<u16>("port").expect("defaulted"),
        max_games: *m.get_one::<u64>("max-games").expect("defaulted") as usize,
        ..ServeConfig::default()
    };
    if let Some(n) = m.get_one::<u64>("max-searches") {
        cfg.max_searches = *n as usize;
    }
    let server = Server::start(&cfg)?;
    let url = server.url();
    println!("humpty: the board is at {url}  (Ctrl-C stops the server)");
    let _ = std::io::stdout().flush();
    if m.get_flag("open") {
        if let Err(e) = open_browser(&url) {
            eprintln!("humpty: {e}");
        }
    }
    server.wait();
    Ok(())
}

/// The text of a file, or a message naming it.
fn read_text(path: &str) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
}

/// One or more PGN files (`humpty stats`, `humpty tune`).
fn pgn_files_arg() -> Arg {
    Arg::new("files")
        .required(true)
        .num_args(1..)
        .value_name("PGN")
}

fn stats_command() -> Command {
    Command::new("stats")
        .about("Merge the PGN files of a match (e.g. its shards) and print the match summary")
        .arg(pgn_files_arg())
        .arg(
            Arg::new("sprt")
                .long("sprt")
                .num_args(1..)
                .value_name("KEY=VALUE")
                .action(ArgAction::Append)
                .help("elo0=0 elo1=5 alpha=0.05 beta=0.05"),
        )
}

/// `humpty stats FILES...`: the summary of the merged games.
fn merged_stats(m: &ArgMatches) -> Result<(), String> {
    let mut games = Vec::new();
    for path in m.get_many::<String>("files").expect("required") {
        let text = read_text(path)?;
        games.extend(parse_pgn(&text));
    }
    let sprt = sprt_from(m)?;
    let report = merge::report_from_pgn(&games, sprt)?;
    print!("{}", report.summary(sprt));
    Ok(())
}

fn match_command() -> Command {
    let kv = |name: &'static str, help: &'static str| {
        Arg::new(name)
            .long(name)
            .num_args(1..)
            .value_name("KEY=VALUE")
            .action(ArgAction::Append)
            .help(help)
    };
    Command::new("match")
        .about("Play engine-vs-engine games refereed by humpty's rules (see docs/match.md)")
        .arg(kv(
            "engine",
            "An engine: cmd=PATH [name=N] [arg=A]... [dir=D] [proto=uci|xboard] [option.NAME=V]... [init=LINE]... [mode=moves|fen] [restrict=true|false] [ponder=true|false]",
        ))
        .arg(kv("each", "Settings applied to every engine (same keys as --engine)"))
        .arg(Arg::new("tc").long("tc").value_name("TC").help("Clock: base+inc in seconds, or moves/base[+inc] (e.g. 10+0.1, 40/60)"))
        .arg(Arg::new("st").long("st").value_name("SECONDS").value_parser(value_parser!(f64)).help("Fixed time per move"))
        .arg(Arg::new("nodes").long("nodes").value_parser(value_parser!(u64)).help("Fixed nodes per move"))
        .arg(Arg::new("depth").long("depth").value_parser(value_parser!(u32).range(1..=120)).help("Fixed depth per move"))
        .arg(Arg::new("margin").long("margin").value_name("MS").value_parser(value_parser!(u64).range(0..=3_600_000)).default_value("100").help("Grace in ms before a late move loses on time"))
        .arg(Arg::new("hang-timeout").long("hang-timeout").value_name("SECONDS").value_parser(value_parser!(u64).range(1..=86_400)).default_value("60").help("Under node/depth limits, wait this long for a move before calling it a hang"))
        .arg(Arg::new("openings").long("openings").value_name("FILE").help("FEN/EPD or PGN file of start positions; each is played twice, colours swapped"))
        .arg(Arg::new("plies").long("plies").value_name("N").value_parser(value_parser!(usize)).help("With a PGN openings file: the position after N plies (default: each game's last)"))
        .arg(Arg::new("order").long("order").value_parser(["sequential", "random"]).default_value("sequential"))
        .arg(Arg::new("seed").long("seed").value_parser(value_parser!(u64)).default_value("1"))
        .arg(Arg::new("rounds").long("rounds").value_parser(value_parser!(u64).range(1..=100_000)).help("Game pairs per engine pair (default: one per opening)"))
        .arg(Arg::new("games").long("games").value_parser(value_parser!(u64).range(1..=200_000)).help("Games per engine pair (rounded up to pairs)"))
        .arg(Arg::new("concurrency").long("concurrency").value_parser(value_parser!(u64).range(1..=256)).default_value("1"))
        .arg(Arg::new("pgn").long("pgn").value_name("FILE").help("Append games to this PGN file"))
        .arg(Arg::new("pgn-notation").long("pgn-notation").value_parser(["san", "coordinate"]).default_value("san").help("Moves in the PGN: SAN (Axi6+) or wire coordinates (e2i6)"))
        .arg(Arg::new("shard").long("shard").value_name("K/N").help("Play only part K of N of the game pairs (merge the PGNs with humpty stats)"))
        .arg(kv("sprt", "elo0=0 elo1=5 alpha=0.05 beta=0.05"))
        .arg(kv("draw", "Draw adjudication: movenumber=N movecount=N score=CP"))
        .arg(kv("resign", "Win adjudication: movecount=N score=CP"))
        .arg(Arg::new("maxplies").long("maxplies").value_parser(value_parser!(usize)).help("Adjudicate a draw after this many plies"))
        .arg(Arg::new("event").long("event").default_value("humpty match"))
        .arg(Arg::new("quiet").long("quiet").action(ArgAction::SetTrue).help("No progress output"))
}

fn openings_command() -> Command {
    Command::new("openings")
        .about("Generate balanced opening positions by random plies from the start, kept if a short search scores them near 0")
        .arg(Arg::new("count").long("count").value_parser(value_parser!(u64).range(1..=1_000_000)).default_value("100"))
        .arg(Arg::new("min-plies").long("min-plies").value_parser(value_parser!(u64).range(0..=1000)).default_value("4"))
        .arg(Arg::new("max-plies").long("max-plies").value_parser(value_parser!(u64).range(0..=1000)).default_value("8"))
        .arg(Arg::new("depth").long("depth").value_parser(value_parser!(i32).range(1..=30)).default_value("6"))
        .arg(Arg::new("margin").long("margin").value_name("CP").value_parser(value_parser!(i32)).default_value("80"))
        .arg(Arg::new("seed").long("seed").value_parser(value_parser!(u64)).default_value("1"))
        .arg(Arg::new("out").long("out").value_name("FILE").help("Write here instead of stdout"))
}

fn position_from(m: &ArgMatches) -> Result<Position, String> {
    match m.get_many::<String>("fen") {
        None => Ok(Position::startpos()),
        Some(words) => {
            let fen = words.cloned().collect::<Vec<_>>().join(" ");
            Position::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))
        }
    }
}

/// What the binary should do after the command line is read.
#[derive(Debug, PartialEq, Eq)]
pub enum Next {
    /// A subcommand ran; exit.
    Done,
    /// Be a protocol engine, detecting UCI or XBoard from the first line.
    Protocol,
    /// Be an XBoard engine (`--xboard`).
    Xboard,
}

/// Speak UCI or XBoard on stdin/stdout: the first line decides (`xboard`
/// selects CECP; anything else is the first UCI command).
pub fn run_protocol(force_xboard: bool) {
    let mut lines = Lines::new(std::io::BufReader::new(std::io::stdin()));
    if force_xboard {
        return crate::protocol::xboard::run_stdio(lines);
    }
    match lines.next() {
        None => {}
        Some(Input::Line(l)) if l.trim() == "xboard" => crate::protocol::xboard::run_stdio(lines),
        first => crate::protocol::uci::run_stdio(first, lines),
    }
}

/// Run the command line.
pub fn run(args: Vec<String>) -> Result<Next, String> {
    let m = match command().try_get_matches_from(args) {
        Ok(m) => m,
        // --help and --version are not errors.
        Err(e) if !e.use_stderr() => {
            print!("{e}");
            return Ok(Next::Done);
        }
        Err(e) => return Err(e.to_string()),
    };
    match m.subcommand() {
        Some(("perft", sub)) => {
            let mut pos = position_from(sub)?;
            let depth = *sub.get_one::<u32>("depth").expect("required");
            let start = Instant::now();
            let nodes = perft(&mut pos, depth);
            let secs = start.elapsed().as_secs_f64();
            println!("{nodes}");
            eprintln!(
                "time {secs:.3} s, {:.0} nodes/s",
                nodes as f64 / secs.max(1e-9)
            );
        }
        Some(("divide", sub)) => {
            let mut pos = position_from(sub)?;
            print!(
                "{}",
                divide_report(&mut pos, *sub.get_one::<u32>("depth").expect("required"))
            );
        }
        Some(("bench", sub)) => {
            let depth = *sub.get_one::<i32>("depth").expect("defaulted");
            let r = bench::run(depth, &mut |i, fen, nodes| {
                eprintln!("Position {i:2}: {nodes:>10} nodes  {fen}")
            });
            println!("Nodes searched: {}", r.nodes);
            println!("Nodes/second: {}", r.nps());
        }
        Some(("match", sub)) => run_match(sub)?,
        Some(("openings", sub)) => generate_openings(sub)?,
        Some(("stats", sub)) => merged_stats(sub)?,
        Some(("serve", sub)) => serve(sub)?,
        Some(("tune", sub)) => tune(sub)?,
        _ if m.get_flag("xboard") => return Ok(Next::Xboard),
        _ => return Ok(Next::Protocol),
    }
    Ok(Next::Done)
}

/// Split `key=value` words into pairs.
fn pairs<'a>(words: impl Iterator<Item = &'a String>) -> Result<Vec<(String, String)>, String> {
    words
        .map(|w| {
            w.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .ok_or_else(|| format!("expected KEY=VALUE, got '{w}'"))
        })
        .collect()
}

/// Build an engine spec from `--each` and `--engine` settings.
pub fn engine_spec(settings: &[(String, String)], index: usize) -> Result<EngineSpec, String> {
    let mut spec = EngineSpec {
        name: String::new(),
        command: String::new(),
        args: Vec::new(),
        dir: None,
        protocol: Protocol::Uci,
        options: Vec::new(),
        init: Vec::new(),
        position_mode: PositionMode::Moves,
        restrict_root: false,
        ponder: false,
    };
    let truthy = |v: &str| -> Result<bool, String> {
        match v {
            "true" | "yes" | "1" | "on" => Ok(true),
            "false" | "no" | "0" | "off" => Ok(false),
            _ => Err(format!("expected true or false, got '{v}'")),
        }
    };
    for (k, v) in settings {
        match k.as_str() {
            "cmd" => spec.command = v.clone(),
            "name" => spec.name = v.clone(),
            "arg" => spec.args.push(v.clone()),
            "dir" => spec.dir = Some(PathBuf::from(v)),
            "proto" => {
                spec.protocol = match v.as_str() {
                    "uci" => Protocol::Uci,
                    "xboard" | "cecp" => Protocol::Cecp,
                    _ => return Err(format!("unknown protocol '{v}' (uci or xboard)")),
                }
            }
            "init" => spec.init.push(v.clone()),
            "mode" => {
                spec.position_mode = match v.as_str() {
                    "moves" => PositionMode::Moves,
                    "fen" => PositionMode::Fen,
                    _ => return Err(format!("unknown position mode '{v}' (moves or fen)")),
                }
            }
            "restrict" => spec.restrict_root = truthy(v)?,
            "ponder" => spec.ponder = truthy(v)?,
            _ => match k.strip_prefix("option.") {
                Some(name) if !name.is_empty() => spec.options.push((name.to_string(), v.clone())),
                _ => return Err(format!("unknown engine setting '{k}'")),
            },
        }
    }
    if spec.command.is_empty() {
        return Err(format!("engine {} has no cmd=", index + 1));
    }
    if spec.name.is_empty() {
        spec.name = format!("{}#{}", spec.command, index + 1);
    }
    Ok(spec)
}

fn number<T: std::str::FromStr>(
    pairs: &[(String, String)],
    key: &str,
) -> Result<Option<T>, String> {
    match pairs.iter().find(|(k, _)| k == key) {
        None => Ok(None),
        Some((_, v)) => v
            .parse()
            .map(Some)
            .map_err(|_| format!("{key}: bad number '{v}'")),
    }
}

/// The engines of `--engine` (each with the `--each` settings first).
fn engines_from(m: &ArgMatches) -> Result<Vec<EngineSpec>, String> {
    let each = match m.get_many::<String>("each") {
        Some(w) => pairs(w)?,
        None => Vec::new(),
    };
    let mut engines = Vec::new();
    if let Some(occ) = m.get_occurrences::<String>("engine") {
        for (i, words) in occ.enumerate() {
            let mut settings = each.clone();
            settings.extend(pairs(words)?);
            engines.push(engine_spec(&settings, i)?);
        }
    }
    if engines.len() < 2 {
        return Err("give at least two --engine".into());
    }
    let names: HashSet<&str> = engines.iter().map(|e| e.name.as_str()).collect();
    if names.len() != engines.len() {
        return Err("engine names must differ (use name=...)".into());
    }
    Ok(engines)
}

/// The one limit of `--tc`, `--st`, `--nodes` or `--depth`.
fn time_control_from(m: &ArgMatches) -> Result<TimeControl, String> {
    let limits = ["tc", "st", "nodes", "depth"]
        .iter()
        .filter(|k| m.contains_id(k) && m.value_source(k).is_some())
        .count();
    if limits != 1 {
        return Err("give exactly one of --tc, --st, --nodes, --depth".into());
    }
    Ok(if let Some(t) = m.get_one::<String>("tc") {
        TimeControl::parse_clock(t)?
    } else if let Some(s) = m.get_one::<f64>("st") {
        if !(*s > 0.0 && *s < 1e6) {
            return Err("--st must be positive".into());
        }
        TimeControl::MoveTime(Duration::from_secs_f64(*s))
    } else if let Some(n) = m.get_one::<u64>("nodes") {
        TimeControl::Nodes(*n)
    } else {
        TimeControl::Depth(*m.get_one::<u32>("depth").expect("checked"))
    })
}

/// `--sprt elo0=.. elo1=.. alpha=.. beta=..`, if given.
fn sprt_from(m: &ArgMatches) -> Result<Option<Sprt>, String> {
    let Some(w) = m.get_many::<String>("sprt") else {
        return Ok(None);
    };
    let p = pairs(w)?;
    let s = Sprt {
        elo0: number(&p, "elo0")?.unwrap_or(0.0),
        elo1: number(&p, "elo1")?.unwrap_or(5.0),
        alpha: number(&p, "alpha")?.unwrap_or(0.05),
        beta: number(&p, "beta")?.unwrap_or(0.05),
    };
    let ok_prob = |x: f64| x > 0.0 && x < 0.5;
    if s.elo1 <= s.elo0 || !ok_prob(s.alpha) || !ok_prob(s.beta) {
        return Err("--sprt needs elo0 < elo1 and 0 < alpha, beta < 0.5".into());
    }
    Ok(Some(s))
}

/// `--draw` and `--resign` adjudication, if given.
fn adjudication_from(
    m: &ArgMatches,
) -> Result<(Option<DrawAdjudication>, Option<ResignAdjudication>), String> {
    let draw = match m.get_many::<String>("draw") {
        None => None,
        Some(w) => {
            let p = pairs(w)?;
            Some(DrawAdjudication {
                move_number: number(&p, "movenumber")?.unwrap_or(40),
                move_count: number(&p, "movecount")?.unwrap_or(8),
                score: number(&p, "score")?.unwrap_or(10),
            })
        }
    };
    let resign = match m.get_many::<String>("resign") {
        None => None,
        Some(w) => {
            let p = pairs(w)?;
            Some(ResignAdjudication {
                move_count: number(&p, "movecount")?.unwrap_or(3),
                score: number(&p, "score")?.unwrap_or(1000),
            })
        }
    };
    Ok((draw, resign))
}

/// The whole match configuration from the command line.
fn match_config(m: &ArgMatches) -> Result<MatchConfig, String> {
    let engines = engines_from(m)?;
    let tc = time_control_from(m)?;
    if let TimeControl::MoveTime(t) = tc {
        // CECP's `st` takes whole seconds: a fraction would be rounded for
        // the engine but not for its flag.
        let whole = t.subsec_nanos() == 0;
        if !whole && engines.iter().any(|e| e.protocol == Protocol::Cecp) {
            return Err(format!(
                "--st {}: an XBoard engine's st takes whole seconds; use a whole number or --tc",
                t.as_secs_f64()
            ));
        }
    }
    let openings = match m.get_one::<String>("openings") {
        Some(path) => {
            let text = read_text(path)?;
            openings::read_openings(&text, m.get_one::<usize>("plies").copied())?
        }
        None => Vec::new(),
    };
    let rounds = match (m.get_one::<u64>("rounds"), m.get_one::<u64>("games")) {
        (Some(r), _) => *r as usize,
        (None, Some(g)) => g.div_ceil(2) as usize,
        (None, None) => openings.len().max(1),
    };
    let (draw, resign) = adjudication_from(m)?;
    Ok(MatchConfig {
        engines,
        tc,
        margin: Duration::from_millis(*m.get_one::<u64>("margin").expect("defaulted")),
        hang_timeout: Duration::from_secs(*m.get_one::<u64>("hang-timeout").expect("defaulted")),
        openings,
        order: match m.get_one::<String>("order").map(String::as_str) {
            Some("random") => OpeningOrder::Random(*m.get_one::<u64>("seed").expect("defaulted")),
            _ => OpeningOrder::Sequential,
        },
        rounds,
        concurrency: *m.get_one::<u64>("concurrency").expect("defaulted") as usize,
        pgn: m.get_one::<String>("pgn").map(PathBuf::from),
        sprt: sprt_from(m)?,
        draw,
        resign,
        max_plies: m.get_one::<usize>("maxplies").copied(),
        event: m.get_one::<String>("event").expect("defaulted").clone(),
        notation: match m.get_one::<String>("pgn-notation").map(String::as_str) {
            Some("coordinate") => Notation::Coordinate,
            _ => Notation::San,
        },
        shard: m
            .get_one::<String>("shard")
            .map(|s| parse_shard(s))
            .transpose()?,
    })
}

/// `K/N` with 1 <= K <= N.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard {text}: expected K/N with 1 <= K <= N (e.g. 2/8)");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

fn run_match(m: &ArgMatches) -> Result<(), String> {
    let cfg = match_config(m)?;
    let quiet = m.get_flag("quiet");
    let total_games = runner::planned_games(&cfg);
    let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(total_games as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed_precise} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let report = runner::run(&cfg, &mut |r| show_progress(r, bar.as_ref(), quiet))?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    print!("{}", report.summary(cfg.sprt));
    Ok(())
}

/// After each game: the progress line, and the reason of a faulted game.
fn show_progress(r: &MatchReport, bar: Option<&indicatif::ProgressBar>, quiet: bool) {
    let say = |msg: String| match bar {
        Some(b) => b.println(msg),
        None if !quiet => eprintln!("{msg}"),
        None => {}
    };
    let line = r.progress_line();
    match bar {
        Some(b) => {
            b.set_position(r.games.len() as u64);
            b.set_message(line);
        }
        None => say(line),
    }
    if let Some(g) = r.games.last().filter(|g| g.fault.is_some()) {
        let names = (&r.names[g.white], &r.names[g.black]);
        say(format!(
            "game {} ({} vs {}): {}",
            g.round, names.0, names.1, g.termination
        ));
    }
}

fn generate_openings(m: &ArgMatches) -> Result<(), String> {
    let get = |k: &str| *m.get_one::<u64>(k).expect("defaulted") as usize;
    let spec = GenerateSpec {
        count: get("count"),
        min_plies: get("min-plies"),
        max_plies: get("max-plies"),
        depth: *m.get_one::<i32>("depth").expect("defaulted"),
        margin: *m.get_one::<i32>("margin").expect("defaulted"),
        seed: *m.get_one::<u64>("seed").expect("defaulted"),
    };
    let text = openings::generate(&spec)?.join("\n") + "\n";
    match m.get_one::<String>("out") {
        Some(path) => {
            std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?
        }
        None => print!("{text}"),
    }
    Ok(())
}
