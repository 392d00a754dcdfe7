//! Making tables into a folder: successors first, two tables at a time on
//! two threads, each written whole or not at all, so a stopped run resumes
//! where it stopped.

use std::collections::HashSet;
use std::path::Path;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use crate::generate::generate;
use crate::material::Material;
use crate::store::{self, StoreError, TableFile};
use crate::table::{Known, Table};

/// What the maker tells its caller.
#[derive(Clone, Debug)]
pub enum Event {
    /// A table was already in the folder.
    Skipped(Material),
    /// A table was started.
    Started(Material),
    /// Positions of a table done so far, and its size.
    Progress(Material, u64, u64),
    /// A table was written: how long it took, its file's bytes, its census.
    Made(Material, Duration, u64, [u64; 6]),
}

/// Why making tables stopped.
#[derive(Debug)]
pub enum MakeError {
    /// A table could not be read or written.
    Store(StoreError),
    /// The generator stopped on a bug while making a table (what it said).
    Bug(Material, String),
}

impl std::fmt::Display for MakeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MakeError::Store(e) => write!(f, "{e}"),
            MakeError::Bug(m, what) => write!(f, "making {m} stopped on a bug: {what}"),
        }
    }
}

impl std::error::Error for MakeError {}

/// Work shared by the threads.
struct Queue {
    /// Tables still to start, successors first.
    waiting: Vec<Material>,
    /// Tables on disk.
    done: HashSet<Material>,
    /// A thread failed: stop.
    failed: Option<MakeError>,
}

/// Make `names` and every table they lead to in `dir` on `threads` threads.
pub fn make(
    names: &[Material],
    dir: &Path,
    threads: usize,
    events: &(dyn Fn(Event) + Sync),
) -> Result<(), MakeError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| MakeError::Store(StoreError::Io(dir.to_path_buf(), e)))?;
    let mut waiting = Vec::new();
    let mut done = HashSet::new();
    for m in crate::schedule(names) {
        if TableFile::open(&dir.join(store::file_name(&m))).is_ok() {
            events(Event::Skipped(m.clone()));
            done.insert(m);
        } else {
            waiting.push(m);
        }
    }
    let queue = Mutex::new(Queue {
        waiting,
        done,
        failed: None,
    });
    let wake = Condvar::new();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| worker(&queue, &wake, dir, events));
        }
    });
    let q = queue.into_inner().expect("queue lock");
    match q.failed {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Take the first table whose successors are on disk, make it, repeat.
fn worker(queue: &Mutex<Queue>, wake: &Condvar, dir: &Path, events: &(dyn Fn(Event) + Sync)) {
    loop {
        let m = {
            let mut q = queue.lock().expect("queue lock");
            loop {
                if q.failed.is_some() || q.waiting.is_empty() {
                    return;
                }
                let ready = q
                    .waiting
                    .iter()
                    .position(|m| m.successors().iter().all(|s| q.done.contains(s)));
                if let Some(i) = ready {
                    break q.waiting.remove(i);
                }
                q = wake.wait(q).expect("queue lock");
            }
        };
        // A panic is a bug: it stops the run with its message instead of
        // leaving the other thread waiting for this table for ever.
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| make_one(&m, dir, events)));
        let mut q = queue.lock().expect("queue lock");
        match result {
            Ok(Ok(())) => {
                q.done.insert(m);
            }
            Ok(Err(e)) => q.failed = Some(MakeError::Store(e)),
            Err(panic) => {
                let what = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                q.failed = Some(MakeError::Bug(m, what));
            }
        }
        wake.notify_all();
    }
}

/// Make one table from its successors on disk.
fn make_one(m: &Material, dir: &Path, events: &(dyn Fn(Event) + Sync)) -> Result<(), StoreError> {
    events(Event::Started(m.clone()));
    let started = Instant::now();
    let mut known = Known::default();
    for s in m.successors() {
        let file = TableFile::open(&dir.join(store::file_name(&s)))?;
        known.add(Arc::new(file.load()?));
    }
    let mut table = Table::empty(m);
    generate(&mut table, &known, &mut |done, total| {
        events(Event::Progress(m.clone(), done, total))
    });
    drop(known);
    let bytes = store::write(&table, dir)?;
    events(Event::Made(
        m.clone(),
        started.elapsed(),
        bytes,
        table.census(),
    ));
    Ok(())
}
