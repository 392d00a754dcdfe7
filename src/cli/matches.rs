//! `humpty match` (engine-vs-engine games refereed by our rules,
//! docs/match.md) and `humpty stats` (the summary rebuilt from PGN files).

use super::io::path_parser;
use super::io::{check_writable, out, read_text, say};
use clap::{value_parser, Args, ValueEnum};
use humpty::engine::TimeControl;
use humpty::matches::config::{
    DrawAdjudication, MatchConfig, Notation, OpeningOrder, ResignAdjudication,
};
use humpty::matches::merge;
use humpty::matches::openings;
use humpty::matches::pgn::parse_pgn;
use humpty::matches::player::{EngineSpec, PositionMode, Protocol};
use humpty::matches::runner::{self, MatchReport};
use humpty::matches::stats::Sprt;
use std::collections::HashSet;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Duration;

/// `humpty stats`'s arguments.
#[derive(Args, Debug)]
pub struct StatsArgs {
    /// The match's PGN files
    #[arg(value_name = "PGN", value_parser = path_parser())]
    files: Vec<String>,
    /// elo0=0 elo1=5 alpha=0.05 beta=0.05
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    sprt: Option<Vec<String>>,
}

/// `humpty stats FILES...`: the summary of the merged games. A word after
/// `--sprt` without `=` is a file (`--sprt elo1=5 games.pgn`); a game cut
/// off mid-write is named and not counted.
pub fn merged_stats(a: &StatsArgs) -> Result<(), String> {
    let sprt_words: Vec<&String> = a.sprt.iter().flatten().collect();
    let files: Vec<&String> = a
        .files
        .iter()
        .chain(sprt_words.iter().copied().filter(|w| !w.contains('=')))
        .collect();
    if files.is_empty() {
        return Err("give one or more PGN files".into());
    }
    let mut games = Vec::new();
    for path in files {
        let text = read_text(path)?;
        games.extend(parse_pgn(&text));
    }
    for warning in games.iter().filter_map(merge::cut_off) {
        say(format!("warning: {warning}"));
    }
    let kv = sprt_words.into_iter().filter(|w| w.contains('='));
    let sprt = a.sprt.is_some().then(|| sprt_settings(kv)).transpose()?;
    let report = merge::report_from_pgn(&games, sprt)?;
    out(report.summary(sprt).trim_end());
    Ok(())
}

/// `humpty match`'s arguments.
#[derive(Args, Debug)]
pub struct MatchArgs {
    /// An engine: cmd=PATH [name=N] [arg=A]... [dir=D] [proto=uci|xboard] [option.NAME=V]... [init=LINE]... [mode=moves|fen] [restrict=true|false] [ponder=true|false] [tc=CLOCK (its own clock: time odds)]
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    engine: Vec<String>,
    /// The words of each `--engine`, one list per engine (clap's derive
    /// flattens them; `with_engines` fills this from the matches).
    #[arg(skip)]
    engines: Vec<Vec<String>>,
    /// Settings applied to every engine (same keys as --engine)
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    each: Vec<String>,
    /// Clock: base+inc in seconds, or moves/base[+inc] (e.g. 10+0.1, 40/60)
    #[arg(long, value_name = "TC")]
    tc: Option<String>,
    /// Fixed time per move
    #[arg(long, value_name = "SECONDS")]
    st: Option<f64>,
    /// Fixed nodes per move
    #[arg(long, value_parser = value_parser!(u64).range(1..))]
    nodes: Option<u64>,
    /// Fixed depth per move
    #[arg(long, value_parser = value_parser!(u32).range(1..=120))]
    depth: Option<u32>,
    /// Grace in ms before a late move loses on time
    #[arg(long, value_name = "MS", default_value_t = 100, value_parser = value_parser!(u64).range(0..=3_600_000))]
    margin: u64,
    /// Under node/depth limits, wait this long for a move before calling it a hang
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = value_parser!(u64).range(1..=86_400))]
    hang_timeout: u64,
    /// FEN/EPD or PGN file of start positions; each is played twice, colours swapped
    #[arg(long, value_name = "FILE", value_parser = path_parser())]
    openings: Option<String>,
    /// With a PGN openings file: the position after N plies (default: each game's last)
    #[arg(long, value_name = "N")]
    plies: Option<usize>,
    /// The order the openings are played in
    #[arg(long, value_enum, default_value_t = Order::Sequential)]
    order: Order,
    /// Seed of a random order
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Game pairs per engine pair (default: one per opening)
    #[arg(long, value_parser = value_parser!(u64).range(1..=100_000))]
    rounds: Option<u64>,
    /// Games per engine pair (rounded up to pairs)
    #[arg(long, value_parser = value_parser!(u64).range(1..=200_000))]
    games: Option<u64>,
    /// Games at once
    #[arg(long, default_value_t = 1, value_parser = value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Append games to this PGN file
    #[arg(long, value_name = "FILE", value_parser = path_parser())]
    pgn: Option<String>,
    /// Moves in the PGN: SAN (Axi6+) or wire coordinates (e2i6)
    #[arg(long, value_enum, default_value_t = PgnNotation::San)]
    pgn_notation: PgnNotation,
    /// Play only part K of N of the game pairs (merge the PGNs with humpty stats)
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
    /// elo0=0 elo1=5 alpha=0.05 beta=0.05
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    sprt: Option<Vec<String>>,
    /// Draw adjudication: movenumber=N movecount=N score=CP
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    draw: Option<Vec<String>>,
    /// Win adjudication: movecount=N score=CP
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    resign: Option<Vec<String>>,
    /// Adjudicate a draw after this many plies
    #[arg(long, value_parser = value_parser!(u64).range(1..=1_000_000))]
    maxplies: Option<u64>,
    /// The PGN's Event tag
    #[arg(long, default_value = "humpty match")]
    event: String,
    /// No progress output
    #[arg(long)]
    quiet: bool,
}

impl MatchArgs {
    /// The arguments with `--engine`'s words grouped by engine.
    pub fn with_engines(mut self, m: &clap::ArgMatches) -> Self {
        self.engines = m
            .get_occurrences::<String>("engine")
            .map(|occ| occ.map(|words| words.cloned().collect()).collect())
            .unwrap_or_default();
        self
    }
}

/// `--order`: the openings in file order, or shuffled by `--seed`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Order {
    /// In file order.
    Sequential,
    /// Shuffled.
    Random,
}

/// `--pgn-notation`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum PgnNotation {
    /// Standard algebraic notation.
    San,
    /// The wire's coordinates.
    Coordinate,
}

/// `humpty match`: play the match, with a progress bar on a terminal, and
/// print its summary.
pub fn run_match(a: &MatchArgs) -> Result<(), String> {
    let cfg = match_config(a)?;
    let quiet = a.quiet;
    let total_games = runner::planned_games(&cfg);
    let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(total_games as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed_precise} {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let report = runner::run(&cfg, &mut |r| show_progress(r, bar.as_ref(), quiet))
        .map_err(|e| e.to_string())?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    out(report.summary(cfg.sprt).trim_end());
    Ok(())
}

/// After each game: the progress line (unless `--quiet`), and the reason
/// of a faulted game (always: a fault is never hidden).
fn show_progress(r: &MatchReport, bar: Option<&indicatif::ProgressBar>, quiet: bool) {
    let line = r.progress_line();
    match bar {
        Some(b) => {
            b.set_position(r.games.len() as u64);
            b.set_message(line);
        }
        None if !quiet => say(line),
        None => {}
    }
    if let Some(g) = r.games.last().filter(|g| g.fault.is_some()) {
        let names = (&r.names[g.white], &r.names[g.black]);
        let msg = format!(
            "game {} ({} vs {}): {}",
            g.round, names.0, names.1, g.termination
        );
        match bar {
            Some(b) => b.println(msg),
            None => say(msg),
        }
    }
}

/// The whole match configuration from the command line.
fn match_config(a: &MatchArgs) -> Result<MatchConfig, String> {
    if let Some(path) = &a.pgn {
        check_writable(path)?;
    }
    let engines = engines_from(a)?;
    let tc = time_control_from(a)?;
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
    let openings = match &a.openings {
        Some(path) => {
            let text = read_text(path)?;
            openings::read_openings(&text, a.plies).map_err(|e| e.to_string())?
        }
        None => Vec::new(),
    };
    let rounds = match (a.rounds, a.games) {
        (Some(r), _) => r as usize,
        (None, Some(g)) => g.div_ceil(2) as usize,
        (None, None) => openings.len().max(1),
    };
    let (draw, resign) = adjudication_from(a)?;
    let cfg = MatchConfig {
        engines,
        tc,
        margin: Duration::from_millis(a.margin),
        hang_timeout: Duration::from_secs(a.hang_timeout),
        openings,
        order: match a.order {
            Order::Random => OpeningOrder::Random(a.seed),
            Order::Sequential => OpeningOrder::Sequential,
        },
        rounds,
        concurrency: a.concurrency as usize,
        pgn: a.pgn.as_ref().map(PathBuf::from),
        sprt: a
            .sprt
            .as_ref()
            .map(|w| sprt_settings(w.iter()))
            .transpose()?,
        draw,
        resign,
        max_plies: a.maxplies.map(|n| n as usize),
        event: a.event.clone(),
        notation: match a.pgn_notation {
            PgnNotation::Coordinate => Notation::Coordinate,
            PgnNotation::San => Notation::San,
        },
        shard: a
            .shard
            .as_ref()
            .map(|s| super::io::parse_shard(s))
            .transpose()?,
    };
    cfg.check().map_err(|e| e.to_string())?;
    Ok(cfg)
}

/// The engines of `--engine` (each with the `--each` settings first).
fn engines_from(a: &MatchArgs) -> Result<Vec<EngineSpec>, String> {
    let each = pairs(a.each.iter())?;
    let mut engines = Vec::new();
    for (i, words) in a.engines.iter().enumerate() {
        let mut settings = each.clone();
        settings.extend(pairs(words.iter())?);
        engines.push(engine_spec(&settings, i)?);
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
        tc: None,
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
            "tc" => spec.tc = Some(TimeControl::parse_clock(v).map_err(|e| e.to_string())?),
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

/// The one limit of `--tc`, `--st`, `--nodes` or `--depth`.
fn time_control_from(a: &MatchArgs) -> Result<TimeControl, String> {
    let given = [
        a.tc.is_some(),
        a.st.is_some(),
        a.nodes.is_some(),
        a.depth.is_some(),
    ];
    let limits = given.iter().filter(|&&g| g).count();
    if limits != 1 {
        return Err("give exactly one of --tc, --st, --nodes, --depth".into());
    }
    Ok(if let Some(t) = &a.tc {
        TimeControl::parse_clock(t).map_err(|e| e.to_string())?
    } else if let Some(s) = a.st {
        if !(s > 0.0 && s <= 1e6) {
            return Err(format!(
                "--st {s}: give seconds per move above 0 and at most 1000000"
            ));
        }
        TimeControl::MoveTime(Duration::from_secs_f64(s))
    } else if let Some(n) = a.nodes {
        TimeControl::Nodes(n)
    } else if let Some(d) = a.depth {
        TimeControl::Depth(d)
    } else {
        unreachable!("one limit was counted")
    })
}

/// The SPRT of `key=value` words (defaults elo0=0 elo1=5 alpha=beta=0.05).
fn sprt_settings<'a>(words: impl Iterator<Item = &'a String>) -> Result<Sprt, String> {
    let p = pairs(words)?;
    let known = ["elo0", "elo1", "alpha", "beta"];
    if let Some((k, _)) = p.iter().find(|(k, _)| !known.contains(&k.as_str())) {
        return Err(format!(
            "--sprt: unknown setting '{k}' (elo0, elo1, alpha, beta)"
        ));
    }
    Sprt::new(
        number(&p, "elo0")?.unwrap_or(0.0),
        number(&p, "elo1")?.unwrap_or(5.0),
        number(&p, "alpha")?.unwrap_or(0.05),
        number(&p, "beta")?.unwrap_or(0.05),
    )
    .map_err(|e| format!("--sprt: {e}"))
}

/// `--draw` and `--resign` adjudication, if given.
fn adjudication_from(
    a: &MatchArgs,
) -> Result<(Option<DrawAdjudication>, Option<ResignAdjudication>), String> {
    let draw = match &a.draw {
        None => None,
        Some(w) => {
            let p = pairs(w.iter())?;
            Some(DrawAdjudication {
                move_number: number(&p, "movenumber")?.unwrap_or(40),
                move_count: number(&p, "movecount")?.unwrap_or(8),
                score: number(&p, "score")?.unwrap_or(10),
            })
        }
    };
    let resign = match &a.resign {
        None => None,
        Some(w) => {
            let p = pairs(w.iter())?;
            Some(ResignAdjudication {
                move_count: number(&p, "movecount")?.unwrap_or(3),
                score: number(&p, "score")?.unwrap_or(1000),
            })
        }
    };
    Ok((draw, resign))
}
