//! `humpty tb plan --men N`: the tables of N men in waves a cluster can run
//! one job per table (each wave needs only earlier waves and smaller
//! tables), with what each job needs (docs/scaling.md).

use super::io::out;
use clap::{value_parser, Args};
use humpty::tablebase::layout::Layout;
use humpty::tablebase::Material;
use std::collections::HashMap;

/// Bytes a generator job holds per position of its table: the results
/// (WDL 1, DTZ 2, DTM 2) for the whole table.
const RESULT_BYTES: u64 = 5;
/// Bytes per position of the slice being solved: three solves of state,
/// distance and count (4 each), the validity flag, and the queues.
const SLICE_BYTES: u64 = 17;
/// Seconds per position, single-threaded, as measured on the 4-man tables
/// (docs/tablebases.md): KRvKN, 84.9 M positions in 66 s.
const SECONDS_PER_POSITION: f64 = 66.0 / 84_934_656.0;

/// `humpty tb plan`'s arguments.
#[derive(Args, Debug)]
pub struct PlanArgs {
    /// Men in each table, Kings included
    #[arg(long, value_parser = value_parser!(u8).range(3..=7))]
    men: u8,
}

/// Run `humpty tb plan`.
pub fn plan(a: &PlanArgs) -> Result<(), String> {
    let men = a.men as usize;
    let tables = Material::all(men);
    let mut wave: HashMap<Material, usize> = HashMap::new();
    // A table's wave: one more than the latest wave among its successors of
    // the same size (smaller tables are made before any wave).
    let mut left = tables.clone();
    while !left.is_empty() {
        let before = left.len();
        left.retain(|t| {
            let same: Vec<Material> = t
                .successors()
                .into_iter()
                .filter(|s| s.men() == men)
                .collect();
            if same.iter().all(|s| wave.contains_key(s)) {
                let w = same.iter().map(|s| wave[s] + 1).max().unwrap_or(0);
                wave.insert(t.clone(), w);
                false
            } else {
                true
            }
        });
        if left.len() == before {
            return Err("the tables' successors form a cycle".into());
        }
    }
    out("wave\ttable\tpositions\tmemory_gib\tcpu_hours");
    let mut rows: Vec<_> = tables.iter().map(|t| (wave[t], t)).collect();
    rows.sort_by_key(|(w, t)| (*w, t.to_string()));
    for (w, t) in rows {
        let layout = Layout::new(t);
        let gib = (layout.size * RESULT_BYTES + layout.slice_size * SLICE_BYTES) as f64
            / (1u64 << 30) as f64;
        let hours = layout.size as f64 * SECONDS_PER_POSITION / 3600.0;
        out(format!("{w}\t{t}\t{}\t{gib:.1}\t{hours:.2}", layout.size));
    }
    Ok(())
}
