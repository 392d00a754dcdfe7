//! The engines searches run on: a fixed number, one search thread each, so
//! the number of search threads is capped however many games ask. A
//! search borrows an engine and gives it back when it ends; those that
//! must wait queue first come, first served, and can say where they are
//! in the queue.

use super::sync::lock;
use crate::engine::Engine;
use std::collections::VecDeque;
use std::ops::{Deref, DerefMut};
use std::sync::{Condvar, Mutex};
use std::time::{Duration, Instant};

/// Hash table of each pooled engine, in MiB.
const HASH_MIB: usize = 16;

/// Engines waiting for work.
pub struct Pool {
    state: Mutex<PoolState>,
    freed: Condvar,
    size: usize,
}

struct PoolState {
    idle: Vec<Engine>,
    made: usize,
    /// Tickets of the borrowers waiting, in order of arrival, each with
    /// whether it is background work (a review).
    queue: VecDeque<(u64, bool)>,
    next_ticket: u64,
}

/// A waiting borrower hears its place in the queue this often.
const QUEUE_REPORT: Duration = Duration::from_secs(1);

/// An engine borrowed from the pool; it goes back when dropped.
pub struct Borrowed<'a> {
    engine: Option<Engine>,
    pool: &'a Pool,
}

impl Pool {
    /// A pool of `size` single-threaded engines (made on first use).
    pub fn new(size: usize) -> Pool {
        Pool {
            state: Mutex::new(PoolState {
                idle: Vec::new(),
                made: 0,
                queue: VecDeque::new(),
                next_ticket: 0,
            }),
            freed: Condvar::new(),
            size: size.max(1),
        }
    }

    /// How many searches can run at once.
    pub fn size(&self) -> usize {
        self.size
    }

    /// An engine, in turn: while others are ahead, `waiting` hears how
    /// many, every second, and gives up the place by answering false.
    /// `patience` bounds the wait (None: as long as `waiting` wants).
    pub fn borrow_queued(
        &self,
        patience: Option<Duration>,
        waiting: impl FnMut(usize) -> bool,
    ) -> Option<Borrowed<'_>> {
        self.borrow_as(false, patience, waiting)
    }

    /// `borrow_queued` for background work (a review): it queues like the
    /// rest, but is not `urgent`.
    pub fn borrow_background(
        &self,
        patience: Option<Duration>,
        waiting: impl FnMut(usize) -> bool,
    ) -> Option<Borrowed<'_>> {
        self.borrow_as(true, patience, waiting)
    }

    fn borrow_as(
        &self,
        background: bool,
        patience: Option<Duration>,
        mut waiting: impl FnMut(usize) -> bool,
    ) -> Option<Borrowed<'_>> {
        let deadline = patience.map(|p| Instant::now() + p);
        let mut state = lock(&self.state);
        let ticket = state.next_ticket;
        state.next_ticket += 1;
        state.queue.push_back((ticket, background));
        // The first report comes at once, then one a second.
        let mut reported: Option<Instant> = None;
        loop {
            let first = state.queue.front().map(|t| t.0) == Some(ticket);
            if first && (!state.idle.is_empty() || state.made < self.size) {
                state.queue.pop_front();
                let engine = state.idle.pop();
                if engine.is_none() {
                    state.made += 1;
                }
                drop(state);
                // The next in line may find an engine too.
                self.freed.notify_all();
                return Some(self.lend(engine.unwrap_or_else(|| Engine::with_hash_mib(HASH_MIB))));
            }
            let now = Instant::now();
            let ahead = state.queue.iter().position(|t| t.0 == ticket).unwrap_or(0);
            let mut keep = deadline.is_none_or(|d| now < d);
            if keep && reported.is_none_or(|r| now.duration_since(r) >= QUEUE_REPORT) {
                // Told without the pool's lock: the borrower may write to
                // a slow client.
                drop(state);
                keep = waiting(ahead);
                state = lock(&self.state);
                reported = Some(Instant::now());
            }
            if !keep {
                state.queue.retain(|t| t.0 != ticket);
                drop(state);
                self.freed.notify_all();
                return None;
            }
            let wait = deadline.map_or(QUEUE_REPORT, |d| {
                d.saturating_duration_since(now).min(QUEUE_REPORT)
            });
            state = self
                .freed
                .wait_timeout(state, wait)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }

    /// How many borrowers wait now.
    pub fn waiting(&self) -> usize {
        lock(&self.state).queue.len()
    }

    /// How many borrowers wait now that are not background work.
    pub fn urgent_waiting(&self) -> usize {
        lock(&self.state).queue.iter().filter(|t| !t.1).count()
    }

    fn lend(&self, engine: Engine) -> Borrowed<'_> {
        Borrowed {
            engine: Some(engine),
            pool: self,
        }
    }
}

impl Deref for Borrowed<'_> {
    type Target = Engine;
    fn deref(&self) -> &Engine {
        self.engine.as_ref().expect("present until dropped")
    }
}

impl DerefMut for Borrowed<'_> {
    fn deref_mut(&mut self) -> &mut Engine {
        self.engine.as_mut().expect("present until dropped")
    }
}

impl Drop for Borrowed<'_> {
    fn drop(&mut self) {
        if let Some(mut engine) = self.engine.take() {
            engine.stop();
            lock(&self.pool.state).idle.push(engine);
            self.pool.freed.notify_all();
        }
    }
}
