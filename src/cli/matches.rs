//! `humpty match` (engine-vs-engine games refereed by our rules,
//! docs/match.md) and `humpty stats` (the summary rebuilt from PGN files).

use super::io::{check_writable, out, read_text, say};
use super::pgn_files_arg;
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
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

/// `humpty stats`'s grammar.
pub fn stats_command() -> Command {
    Command::new("stats")
        .about("Merge the PGN files of a match (e.g. its shards) and print the match summary")
        .arg(pgn_files_arg().required(false))
        .arg(
            Arg::new("sprt")
                .long("sprt")
                .num_args(1..)
                .value_name("KEY=VALUE")
                .action(ArgAction::Append)
                .help("elo0=0 elo1=5 alpha=0.05 beta=0.05"),
        )
}

/// `humpty stats FILES...`: the summary of the merged games. A word after
/// `--sprt` without `=` is a file (`--sprt elo1=5 games.pgn`); a game cut
/// off mid-write is named and not counted.
pub fn merged_stats(m: &ArgMatches) -> Result<(), String> {
    let sprt_words: Vec<&String> = m.get_many::<String>("sprt").into_iter().flatten().collect();
    let files: Vec<&String> = m
        .get_many::<String>("files")
        .into_iter()
        .flatten()
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
    let sprt = (m.contains_id("sprt") && m.value_source("sprt").is_some())
        .then(|| sprt_settings(kv))
        .transpose()?;
    let report = merge::report_from_pgn(&games, sprt)?;
    out(report.summary(sprt).trim_end());
    Ok(())
}

/// `humpty match`'s grammar.
pub fn match_command() -> Command {
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
        .arg(Arg::new("nodes").long("nodes").value_parser(value_parser!(u64).range(1..)).help("Fixed nodes per move"))
        .arg(Arg::new("depth").long("depth").value_parser(value_parser!(u32).range(1..=120)).help("Fixed depth per move"))
        .arg(Arg::new("margin").long("margin").value_name("MS").value_parser(value_parser!(u64).range(0..=3_600_000)).default_value("100").help("Grace in ms before a late move loses on time"))
        .arg(Arg::new("hang-timeout").long("hang-timeout").value_name("SECONDS").value_parser(value_parser!(u64).range(1..=86_400)).default_value("60").help("Under node/depth limits, wait this long for a move before calling it a hang"))
        .arg(Arg::new("openings").long("openings").value_name("FILE").value_parser(crate::cli::io::path_parser()).help("FEN/EPD or PGN file of start positions; each is played twice, colours swapped"))
        .arg(Arg::new("plies").long("plies").value_name("N").value_parser(value_parser!(usize)).help("With a PGN openings file: the position after N plies (default: each game's last)"))
        .arg(Arg::new("order").long("order").value_parser(["sequential", "random"]).default_value("sequential"))
        .arg(Arg::new("seed").long("seed").value_parser(value_parser!(u64)).default_value("1"))
        .arg(Arg::new("rounds").long("rounds").value_parser(value_parser!(u64).range(1..=100_000)).help("Game pairs per engine pair (default: one per opening)"))
        .arg(Arg::new("games").long("games").value_parser(value_parser!(u64).range(1..=200_000)).help("Games per engine pair (rounded up to pairs)"))
        .arg(Arg::new("concurrency").long("concurrency").value_parser(value_parser!(u64).range(1..=256)).default_value("1"))
        .arg(Arg::new("pgn").long("pgn").value_name("FILE").value_parser(crate::cli::io::path_parser()).help("Append games to this PGN file"))
        .arg(Arg::new("pgn-notation").long("pgn-notation").value_parser(["san", "coordinate"]).default_value("san").help("Moves in the PGN: SAN (Axi6+) or wire coordinates (e2i6)"))
        .arg(Arg::new("shard").long("shard").value_name("K/N").help("Play only part K of N of the game pairs (merge the PGNs with humpty stats)"))
        .arg(kv("sprt", "elo0=0 elo1=5 alpha=0.05 beta=0.05"))
        .arg(kv("draw", "Draw adjudication: movenumber=N movecount=N score=CP"))
        .arg(kv("resign", "Win adjudication: movecount=N score=CP"))
        .arg(Arg::new("maxplies").long("maxplies").value_parser(value_parser!(u64).range(1..=1_000_000)).help("Adjudicate a draw after this many plies"))
        .arg(Arg::new("event").long("event").default_value("humpty match"))
        .arg(Arg::new("quiet").long("quiet").action(ArgAction::SetTrue).help("No progress output"))
}

/// `humpty match`: play the match, with a progress bar on a terminal, and
/// print its summary.
pub fn run_match(m: &ArgMatches) -> Result<(), String> {
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
fn match_config(m: &ArgMatches) -> Result<MatchConfig, String> {
    if let Some(path) = m.get_one::<String>("pgn") {
        check_writable(path)?;
    }
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
            openings::read_openings(&text, m.get_one::<usize>("plies").copied())
                .map_err(|e| e.to_string())?
        }
        None => Vec::new(),
    };
    let rounds = match (m.get_one::<u64>("rounds"), m.get_one::<u64>("games")) {
        (Some(r), _) => *r as usize,
        (None, Some(g)) => g.div_ceil(2) as usize,
        (None, None) => openings.len().max(1),
    };
    let (draw, resign) = adjudication_from(m)?;
    let cfg = MatchConfig {
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
        max_plies: m.get_one::<u64>("maxplies").map(|&n| n as usize),
        event: m.get_one::<String>("event").expect("defaulted").clone(),
        notation: match m.get_one::<String>("pgn-notation").map(String::as_str) {
            Some("coordinate") => Notation::Coordinate,
            _ => Notation::San,
        },
        shard: m
            .get_one::<String>("shard")
            .map(|s| super::io::parse_shard(s))
            .transpose()?,
    };
    cfg.check().map_err(|e| e.to_string())?;
    Ok(cfg)
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
        TimeControl::parse_clock(t).map_err(|e| e.to_string())?
    } else if let Some(s) = m.get_one::<f64>("st") {
        if !(*s > 0.0 && *s <= 1e6) {
            return Err(format!(
                "--st {s}: give seconds per move above 0 and at most 1000000"
            ));
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
    m.get_many::<String>("sprt").map(sprt_settings).transpose()
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
