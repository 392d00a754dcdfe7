//! `humpty puzzles --check FILE.csv`: prove a puzzle file's solutions
//! again, each on a fresh engine (an empty hash table, so the answer does
//! not hang on what was searched before) at `--nodes` and at a third of
//! it, and write the puzzles that pass both to `--out`, in their order.

use super::io::{read_text, say};
use humpty::engine::Engine;
use humpty::puzzles::csv::{parse_row, Row, HEADER};
use humpty::puzzles::prove::verify;
use std::io::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// Whether `r` is proved again at `nodes` and at a third of it.
fn passes(engine: &mut Engine, r: &Row, nodes: u64) -> bool {
    let mut after = r.start.clone();
    after.make_move(r.moves[0]);
    let mate = r.themes.iter().any(|t| t.starts_with("mateIn"));
    [nodes, (nodes / 3).max(1)].iter().all(|&n| {
        engine.new_game();
        verify(engine, &after, &r.moves[1..], mate, n).is_ok()
    })
}

/// Check every puzzle of `path`; write those that pass to `out_path`.
pub fn check(path: &str, out_path: &str, nodes: u64, workers: usize) -> Result<(), String> {
    let text = read_text(path)?;
    let mut lines = text.lines();
    if lines.next() != Some(HEADER) {
        return Err(format!(
            "{path}: not a puzzle file (its first line is not lichess's puzzle header)"
        ));
    }
    let mut rows = Vec::new();
    for line in lines {
        match parse_row(line) {
            Ok(r) => rows.push((line.to_string(), r)),
            Err(e) => say(format!("{path}: {e}; skipped")),
        }
    }
    let rows = Arc::new(rows);
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<(usize, bool)>();
    let handles: Vec<_> = (0..workers.clamp(1, rows.len().max(1)))
        .map(|_| {
            let (rows, next, tx) = (Arc::clone(&rows), Arc::clone(&next), tx.clone());
            std::thread::spawn(move || {
                let mut engine = Engine::with_hash_mib(16);
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some((_, r)) = rows.get(i) else { return };
                    if tx.send((i, passes(&mut engine, r, nodes))).is_err() {
                        return;
                    }
                }
            })
        })
        .collect();
    drop(tx);
    let mut pass = vec![false; rows.len()];
    for (i, ok) in rx {
        pass[i] = ok;
    }
    for h in handles {
        let _ = h.join();
    }
    let mut file =
        std::fs::File::create(out_path).map_err(|e| format!("cannot write {out_path}: {e}"))?;
    let kept: Vec<&str> = rows
        .iter()
        .zip(&pass)
        .filter(|(_, &ok)| ok)
        .map(|((l, _), _)| l.as_str())
        .collect();
    let body = std::iter::once(HEADER)
        .chain(kept.iter().copied())
        .collect::<Vec<_>>()
        .join("\n");
    writeln!(file, "{body}").map_err(|e| format!("cannot write {out_path}: {e}"))?;
    say(format!(
        "{} of {} puzzles proved again at {nodes} and {} nodes on a fresh engine; written to {out_path}",
        kept.len(),
        rows.len(),
        (nodes / 3).max(1)
    ));
    Ok(())
}
