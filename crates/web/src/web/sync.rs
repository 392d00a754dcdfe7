//! The one way the web layer takes a lock: a mutex is used even if a
//! thread panicked while holding it, since every change under these locks
//! is put in force by whole assignments (a game's `apply`, a job's
//! outcome, a connection's statement), so what is left is consistent.

use std::sync::{Mutex, MutexGuard};

/// Lock `m`, through poisoning.
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
