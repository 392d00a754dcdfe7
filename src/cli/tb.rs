//! `humpty tb generate|verify|probe|info`: the endgame tablebases
//! (docs/tablebases.md).

use super::io::{out, path_parser, say};
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use humpty::rules::position::Position;
use humpty::tablebase::make::{make, Event};
use humpty::tablebase::store::{file_name, TableFile};
use humpty::tablebase::verify::verify;
use humpty::tablebase::{Known, Material, Tablebases};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// `humpty tb`'s grammar.
pub fn tb_command() -> Command {
    let dir = || {
        Arg::new("dir")
            .long("dir")
            .required(true)
            .value_name("DIR")
            .value_parser(path_parser())
            .help("The tables' folder")
    };
    let which = |verb: &str| {
        [
            Arg::new("men")
                .long("men")
                .value_parser(value_parser!(u8).range(3..=5))
                .help(format!(
                    "{verb} every table of this many men, Kings included"
                )),
            Arg::new("material")
                .long("material")
                .value_name("KRvKC")
                .num_args(1..)
                .help(format!("{verb} these tables (and what they lead to)")),
        ]
    };
    let threads = || {
        Arg::new("threads")
            .long("threads")
            .value_parser(value_parser!(u8).range(1..=64))
            .default_value("2")
            .help("Threads")
    };
    Command::new("tb")
        .about("Endgame tablebases: generate, verify, probe")
        .subcommand_required(true)
        .subcommand(
            Command::new("generate")
                .about(
                    "Make tables by retrograde analysis (resumes: tables already in DIR are kept)",
                )
                .arg(dir())
                .args(which("Make"))
                .arg(threads()),
        )
        .subcommand(
            Command::new("verify")
                .about(
                    "Check every position of tables against its children, by the rules' own moves",
                )
                .arg(dir())
                .args(which("Check"))
                .arg(threads()),
        )
        .subcommand(
            Command::new("probe")
                .about("A position's result, DTZ and DTM, and every move's, best first")
                .arg(
                    Arg::new("fen")
                        .required(true)
                        .num_args(1..)
                        .value_name("FEN"),
                )
                .arg(dir())
                .arg(
                    Arg::new("json")
                        .long("json")
                        .action(ArgAction::SetTrue)
                        .help("Answer in JSON, as lichess's tablebase API"),
                ),
        )
        .subcommand(super::tb_convert::convert_command())
        .subcommand(super::tb_plan::plan_command())
        .subcommand(
            Command::new("info")
                .about("List the tables in DIR: positions, file size, results")
                .arg(dir()),
        )
}

/// Run `humpty tb`.
pub fn tb(m: &ArgMatches) -> Result<(), String> {
    match m.subcommand() {
        Some(("generate", sub)) => generate(sub),
        Some(("verify", sub)) => verify_tables(sub),
        Some(("probe", sub)) => probe(sub),
        Some(("info", sub)) => info(sub),
        Some(("convert", sub)) => super::tb_convert::convert(sub),
        Some(("plan", sub)) => super::tb_plan::plan(sub),
        _ => Err("tb needs a subcommand: generate, verify, probe or info".into()),
    }
}

/// The tables `--men` or `--material` name.
fn chosen(m: &ArgMatches) -> Result<Vec<Material>, String> {
    if let Some(names) = m.get_many::<String>("material") {
        return names
            .map(|n| {
                Material::parse(n)
                    .map(|m| m.canonical().0)
                    .map_err(|e| e.to_string())
            })
            .collect();
    }
    match m.get_one::<u8>("men") {
        Some(&n) => Ok(Material::all(n as usize)),
        None => Err("say which tables: --men N or --material KRvKC".into()),
    }
}

fn threads(m: &ArgMatches) -> usize {
    *m.get_one::<u8>("threads").expect("defaulted") as usize
}

/// `humpty tb generate`.
fn generate(m: &ArgMatches) -> Result<(), String> {
    let names = chosen(m)?;
    let dir = Path::new(m.get_one::<String>("dir").expect("required"));
    let bars = std::io::stderr()
        .is_terminal()
        .then(indicatif::MultiProgress::new);
    let running: Mutex<HashMap<Material, indicatif::ProgressBar>> = Mutex::new(HashMap::new());
    let started = std::time::Instant::now();
    let events = |e: Event| match e {
        Event::Skipped(m) => say(format!("{m}: already in {}", dir.display())),
        Event::Started(m) => {
            if let Some(bars) = &bars {
                let b = bars.add(indicatif::ProgressBar::new(1));
                b.set_style(
                    indicatif::ProgressStyle::with_template(
                        "{prefix:>8} {bar:30} {percent:>3}% {elapsed_precise} eta {eta}",
                    )
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                );
                b.set_prefix(m.to_string());
                running.lock().expect("bars").insert(m, b);
            }
        }
        Event::Progress(m, done, total) => {
            if let Some(b) = running.lock().expect("bars").get(&m) {
                b.set_length(total);
                b.set_position(done);
            }
        }
        Event::Made(m, time, bytes, census) => {
            if let Some(b) = running.lock().expect("bars").remove(&m) {
                b.finish_and_clear();
            }
            let line = format!(
                "{m}: {:.1} s, {bytes} bytes, {}",
                time.as_secs_f64(),
                census_text(&census)
            );
            match &bars {
                Some(bars) => bars.println(line).unwrap_or_default(),
                None => say(line),
            }
        }
    };
    make(&names, dir, threads(m), &events).map_err(|e| e.to_string())?;
    out(format!("done in {:.1} s", started.elapsed().as_secs_f64()));
    Ok(())
}

/// The census as words.
fn census_text(c: &[u64; 6]) -> String {
    format!(
        "win {} cursed-win {} draw {} blessed-loss {} loss {} (and {} impossible)",
        c[4], c[3], c[2], c[1], c[0], c[5]
    )
}

/// `humpty tb verify`: every chosen table in DIR, with its successors.
fn verify_tables(m: &ArgMatches) -> Result<(), String> {
    let dir = Path::new(m.get_one::<String>("dir").expect("required"));
    let load = |t: &Material| -> Result<Arc<humpty::tablebase::Table>, String> {
        let file = TableFile::open(&dir.join(file_name(t))).map_err(|e| e.to_string())?;
        Ok(Arc::new(file.load().map_err(|e| e.to_string())?))
    };
    let mut slips = 0;
    for name in chosen(m)? {
        let started = std::time::Instant::now();
        let table = load(&name)?;
        let mut known = Known::default();
        for s in name.successors() {
            known.add(load(&s)?);
        }
        known.add(table.clone());
        let report = verify(&table, &known, threads(m), &|_, _| {});
        slips += report.slip_count;
        let (dtz, dtm) = table.longest();
        out(format!(
            "{name}: {} positions checked, {} slips, {:.1} s; {}; longest win: dtz {dtz}, dtm {dtm}",
            report.checked,
            report.slip_count,
            started.elapsed().as_secs_f64(),
            census_text(&table.census())
        ));
        for s in &report.slips {
            out(format!(
                "  {}: stored {:?}, children say {:?}",
                s.fen, s.stored, s.expected
            ));
        }
    }
    if slips > 0 {
        return Err(format!(
            "{slips} positions do not follow from their children"
        ));
    }
    Ok(())
}

/// `humpty tb probe FEN --dir DIR [--json]`.
fn probe(m: &ArgMatches) -> Result<(), String> {
    let fen = m
        .get_many::<String>("fen")
        .expect("required")
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    let pos = Position::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?;
    let dir = Path::new(m.get_one::<String>("dir").expect("required"));
    let tbs = Tablebases::open(dir).map_err(|e| e.to_string())?;
    let Some(report) = tbs.report(&pos).map_err(|e| e.to_string())? else {
        return Err(format!(
            "the tables in {} do not hold this position (castling rights, or more men than {})",
            dir.display(),
            tbs.max_men()
        ));
    };
    if m.get_flag("json") {
        out(report.to_json(&pos));
    } else {
        out(report.to_text(&pos));
    }
    Ok(())
}

/// `humpty tb info --dir DIR`.
fn info(m: &ArgMatches) -> Result<(), String> {
    let dir = Path::new(m.get_one::<String>("dir").expect("required"));
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .is_some_and(|x| x == humpty::tablebase::store::EXTENSION)
        })
        .collect();
    names.sort();
    let mut total = 0;
    for path in names {
        let file = TableFile::open(&path).map_err(|e| e.to_string())?;
        let bytes = std::fs::metadata(&path).map_err(|e| e.to_string())?.len();
        total += bytes;
        out(format!(
            "{:<8} {:>11} positions {:>11} bytes  {}",
            file.material.to_string(),
            file.size,
            bytes,
            census_text(&file.census)
        ));
    }
    out(format!("{total} bytes in all"));
    Ok(())
}
