//! `humpty tb generate|verify|probe|info`: the endgame tablebases
//! (docs/tablebases.md).

use super::io::{out, path_parser, say};
use clap::{value_parser, Args, Subcommand};
use humpty::rules::position::Position;
use humpty::tablebase::make::{make, Event};
use humpty::tablebase::store::{file_name, TableFile};
use humpty::tablebase::verify::verify;
use humpty::tablebase::{Known, Material, Tablebases};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// `humpty tb`'s arguments.
#[derive(Args, Debug)]
pub struct TbArgs {
    #[command(subcommand)]
    command: TbCommand,
}

/// The `humpty tb` subcommands.
#[derive(Subcommand, Debug)]
enum TbCommand {
    /// Make tables by retrograde analysis (resumes: tables already in DIR are kept)
    Generate(Batch),
    /// Check every position of tables against its children, by the rules' own moves
    Verify(Batch),
    /// A position's result, DTZ and DTM, and every move's, best first
    Probe(ProbeArgs),
    /// Play out random won positions of the tables: are they won, with and without tables?
    Convert(super::tb_convert::ConvertArgs),
    /// List the tables of N men in dependency waves, with each job's memory and time (for a cluster)
    Plan(super::tb_plan::PlanArgs),
    /// List the tables in DIR: positions, file size, results
    Info(Folder),
}

/// The tables' folder (`--dir`).
#[derive(Args, Debug)]
pub struct Folder {
    /// The tables' folder
    #[arg(long, value_name = "DIR", value_parser = path_parser())]
    pub dir: String,
}

/// Which tables to make or check, where, and with how many threads.
#[derive(Args, Debug)]
struct Batch {
    #[command(flatten)]
    folder: Folder,
    /// Every table of this many men, Kings included
    #[arg(long, value_parser = value_parser!(u8).range(3..=5))]
    men: Option<u8>,
    /// These tables (and what they lead to)
    #[arg(long, value_name = "KRvKC", num_args = 1..)]
    material: Vec<String>,
    /// Threads
    #[arg(long, default_value_t = 2, value_parser = value_parser!(u8).range(1..=64))]
    threads: u8,
}

/// `humpty tb probe`'s arguments.
#[derive(Args, Debug)]
struct ProbeArgs {
    /// The position (quoted, or as separate words)
    #[arg(required = true, num_args = 1.., value_name = "FEN")]
    fen: Vec<String>,
    #[command(flatten)]
    folder: Folder,
    /// Answer in JSON, as lichess's tablebase API
    #[arg(long)]
    json: bool,
}

/// Run `humpty tb`.
pub fn tb(a: &TbArgs) -> Result<(), String> {
    match &a.command {
        TbCommand::Generate(b) => generate(b),
        TbCommand::Verify(b) => verify_tables(b),
        TbCommand::Probe(p) => probe(p),
        TbCommand::Info(f) => info(f),
        TbCommand::Convert(c) => super::tb_convert::convert(c),
        TbCommand::Plan(p) => super::tb_plan::plan(p),
    }
}

/// The tables `--men` or `--material` name.
fn chosen(b: &Batch) -> Result<Vec<Material>, String> {
    if !b.material.is_empty() {
        return b
            .material
            .iter()
            .map(|n| {
                Material::parse(n)
                    .map(|m| m.canonical().0)
                    .map_err(|e| e.to_string())
            })
            .collect();
    }
    match b.men {
        Some(n) => Ok(Material::all(n as usize)),
        None => Err("say which tables: --men N or --material KRvKC".into()),
    }
}

/// `humpty tb generate`.
fn generate(b: &Batch) -> Result<(), String> {
    let names = chosen(b)?;
    let dir = Path::new(&b.folder.dir);
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
    make(&names, dir, b.threads as usize, &events).map_err(|e| e.to_string())?;
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
fn verify_tables(b: &Batch) -> Result<(), String> {
    let dir = Path::new(&b.folder.dir);
    let load = |t: &Material| -> Result<Arc<humpty::tablebase::Table>, String> {
        let file = TableFile::open(&dir.join(file_name(t))).map_err(|e| e.to_string())?;
        Ok(Arc::new(file.load().map_err(|e| e.to_string())?))
    };
    let mut slips = 0;
    for name in chosen(b)? {
        let started = std::time::Instant::now();
        let table = load(&name)?;
        let mut known = Known::default();
        for s in name.successors() {
            known.add(load(&s)?);
        }
        known.add(table.clone());
        let report = verify(&table, &known, b.threads as usize, &|_, _| {});
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
fn probe(p: &ProbeArgs) -> Result<(), String> {
    let fen = p.fen.join(" ");
    let pos = Position::from_fen(&fen).map_err(|e| format!("bad FEN: {e}"))?;
    let dir = Path::new(&p.folder.dir);
    let tbs = Tablebases::open(dir).map_err(|e| e.to_string())?;
    let Some(report) = tbs.report(&pos).map_err(|e| e.to_string())? else {
        return Err(format!(
            "the tables in {} do not hold this position (castling rights, or more men than {})",
            dir.display(),
            tbs.max_men()
        ));
    };
    if p.json {
        out(report.to_json(&pos));
    } else {
        out(report.to_text(&pos));
    }
    Ok(())
}

/// `humpty tb info --dir DIR`.
fn info(f: &Folder) -> Result<(), String> {
    let dir = Path::new(&f.dir);
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
