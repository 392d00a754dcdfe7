//! Checking a table forward, as Syzygy's verifier does: every position's
//! entry must follow from its children's entries by the rules' own move
//! generator, with none of the generator's un-moves, queues or slices.

use std::sync::atomic::{AtomicU64, Ordering};

use humpty_rules::Position;

use crate::generate::{entry_from, exits, Child};
use crate::solve::Exit;
use crate::table::{Known, Table};
use crate::value::Entry;

/// A position whose stored entry does not follow from its children.
#[derive(Clone, Debug)]
pub struct Slip {
    /// The position.
    pub fen: String,
    /// What the table holds.
    pub stored: Entry,
    /// What its children say, or why they say nothing.
    pub expected: Result<Entry, &'static str>,
}

/// What a verification found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Positions checked (those that can occur).
    pub checked: u64,
    /// The first slips found (at most 20), and how many in all.
    pub slips: Vec<Slip>,
    /// All slips.
    pub slip_count: u64,
}

/// The entry a position must have, from its children's entries (`lookup`
/// gives a child's entry); `Err` when the children contradict themselves.
pub fn judge(
    pos: &mut Position,
    lookup: impl Fn(&Position, bool) -> Option<Entry>,
) -> Result<Entry, &'static str> {
    let mut sums = [Aggregate::default(); 3];
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Ok(if pos.in_check() {
            Entry {
                wdl: crate::Wdl::Loss,
                dtz: 0,
                dtm: 0,
            }
        } else {
            Entry::DRAW
        });
    }
    for m in moves {
        let zeroing = pos.resets_fifty(m);
        let capture = pos.is_capture(m);
        pos.make_move(m);
        let entry = lookup(pos, capture || m.promotion().is_some());
        pos.unmake_move();
        let entry = entry.ok_or("a child is missing from the tables")?;
        let ends = exits(Child { entry, zeroing });
        for (sum, e) in sums.iter_mut().zip(ends) {
            sum.add(e);
        }
    }
    let [real, any, mate] = sums.map(Aggregate::result);
    entry_from(real, any, mate)
}

/// The best a side can do over its moves in one solve.
#[derive(Clone, Copy, Default)]
struct Aggregate {
    /// The shortest win.
    win: Option<u16>,
    /// The longest loss.
    longest: u16,
    /// Some move does not lose.
    holds: bool,
}

impl Aggregate {
    fn add(&mut self, e: Exit) {
        match e {
            Exit::Wins(d) => self.win = Some(self.win.map_or(d, |w| w.min(d))),
            Exit::Loses(d) => self.longest = self.longest.max(d),
            Exit::Holds => self.holds = true,
        }
    }

    fn result(self) -> Option<(bool, u16)> {
        match self.win {
            Some(d) => Some((true, d)),
            None if !self.holds => Some((false, self.longest)),
            None => None,
        }
    }
}

/// Check every position of `table` (its successors in `known`) on
/// `threads` threads; `progress(done, total)` is called now and then.
pub fn verify(
    table: &Table,
    known: &Known,
    threads: usize,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Report {
    let size = table.layout.size;
    let done = AtomicU64::new(0);
    let chunk = 1 << 16;
    let next = AtomicU64::new(0);
    let reports: Vec<Report> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut report = Report::default();
                    let mut pos = Position::startpos();
                    loop {
                        let start = next.fetch_add(chunk, Ordering::Relaxed);
                        if start >= size {
                            break report;
                        }
                        for idx in start..(start + chunk).min(size) {
                            check_one(table, known, idx, &mut pos, &mut report);
                        }
                        let n = done.fetch_add(chunk.min(size - start), Ordering::Relaxed);
                        progress(n + chunk.min(size - start), size);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a verifier thread panicked"))
            .collect()
    });
    let mut all = Report::default();
    for r in reports {
        all.checked += r.checked;
        all.slip_count += r.slip_count;
        all.slips.extend(r.slips);
    }
    all.slips.truncate(20);
    all
}

/// Check one index.
fn check_one(table: &Table, known: &Known, idx: u64, pos: &mut Position, report: &mut Report) {
    if !table.layout.set(pos, idx) {
        return;
    }
    report.checked += 1;
    let stored = table.entry(idx);
    let expected = judge(pos, |child, leaves| {
        if leaves {
            known.entry(child)
        } else {
            table.entry(table.layout.index_of(child, false))
        }
    });
    if stored.ok_or("stored as broken") != expected {
        report.slip_count += 1;
        if report.slips.len() < 20 {
            report.slips.push(Slip {
                fen: pos.to_fen(),
                stored: stored.unwrap_or(Entry::DRAW),
                expected,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::material::Material;
    use crate::{generate_in_memory, Wdl};
    use std::sync::Arc;

    /// The verifier finds a slip planted in a good table.
    #[test]
    fn a_wrong_entry_is_found() {
        let m = Material::parse("KRvK").unwrap();
        let known = generate_in_memory(std::slice::from_ref(&m), &mut |_, _, _| {});
        let good = known.table(&m).unwrap();
        assert_eq!(verify(good, &known, 1, &|_, _| {}).slip_count, 0);
        let mut bad = Table::empty(&m);
        bad.wdl.clone_from(&good.wdl);
        bad.dtz.clone_from(&good.dtz);
        bad.dtm.clone_from(&good.dtm);
        let idx = (0..bad.layout.size)
            .find(|&i| bad.entry(i).is_some_and(|e| e.wdl == Wdl::Win && e.dtm > 3))
            .unwrap();
        bad.dtm[idx as usize] += 2;
        let mut with_bad = Known::default();
        with_bad.add(Arc::new(bad));
        let bad = with_bad.table(&m).unwrap();
        let report = verify(bad, &with_bad, 1, &|_, _| {});
        assert!(report.slip_count >= 1);
    }
}
