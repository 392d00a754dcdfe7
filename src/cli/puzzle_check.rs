//! `humpty puzzles --check FILE.csv`: prove a puzzle file's solutions
//! again, each on a fresh engine (an empty hash table, so the answer does
//! not hang on what was searched before) at `--nodes` and at a third of
//! it, and an advantage puzzle's end as clearly winning at `--nodes`;
//! write the puzzles that pass to `--out`, in their order, and say how
//! many failed and why.

use super::io::{read_text, say};
use humpty::engine::Engine;
use humpty::puzzles::csv::{parse_row, Row, HEADER};
use humpty::puzzles::prove::{clearly_winning, verify, Rejection};
use std::io::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

/// Whether `r` is proved again at `nodes` and at a third of it, and, an
/// advantage puzzle, ends clearly winning at `nodes`; else why not.
fn passes(engine: &mut Engine, r: &Row, nodes: u64) -> Result<(), Rejection> {
    let mut after = r.start.clone();
    after.make_move(r.moves[0]);
    let mate = r.themes.iter().any(|t| t.starts_with("mateIn"));
    for n in [nodes, (nodes / 3).max(1)] {
        engine.new_game();
        verify(engine, &after, &r.moves[1..], mate, n)?;
    }
    if !mate {
        engine.new_game();
        clearly_winning(engine, &after, &r.moves[1..], nodes)?;
    }
    Ok(())
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
    let (tx, rx) = mpsc::channel::<(usize, Result<(), Rejection>)>();
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
    let mut verdicts = vec![Err(Rejection::NoMate); rows.len()];
    for (i, v) in rx {
        verdicts[i] = v;
    }
    let pass: Vec<bool> = verdicts.iter().map(Result::is_ok).collect();
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
    let mut why: Vec<(&str, usize)> = Vec::new();
    for r in verdicts.iter().filter_map(|v| v.err()) {
        match why.iter_mut().find(|(w, _)| *w == r.word()) {
            Some(slot) => slot.1 += 1,
            None => why.push((r.word(), 1)),
        }
    }
    if !why.is_empty() {
        let text: Vec<String> = why.iter().map(|(w, n)| format!("{n} {w}")).collect();
        say(format!(
            "{} failed: {}",
            rows.len() - kept.len(),
            text.join(", ")
        ));
    }
    Ok(())
}
