//! The engines searches run on: a fixed number, one search thread each, so
//! the number of search threads is capped however many games ask. A
//! search borrows an engine and gives it back when it ends.

use super::store::lock;
use crate::engine::Engine;
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
}

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
            }),
            freed: Condvar::new(),
            size: size.max(1),
        }
    }

    /// How many searches can run at once.
    pub fn size(&self) -> usize {
        self.size
    }

    /// An engine, waiting up to `patience` for one to be free.
    pub fn borrow(&self, patience: Duration) -> Option<Borrowed<'_>> {
        let deadline = Instant::now() + patience;
        let mut state = lock(&self.state);
        loop {
            if let Some(engine) = state.idle.pop() {
                return Some(self.lend(engine));
            }
            if state.made < self.size {
                state.made += 1;
                drop(state);
                return Some(self.lend(Engine::with_hash_mib(HASH_MIB)));
            }
            let left = deadline.checked_duration_since(Instant::now())?;
            state = self
                .freed
                .wait_timeout(state, left)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
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
            self.pool.freed.notify_one();
        }
    }
}
