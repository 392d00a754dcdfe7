//! Searches that block the caller until they end (tools, tests, the
//! review and the web board's pooled engines), and the answer when a
//! search cannot run at all.

use super::Engine;
use super::GoParams;
use crate::rules::position::Position;
use crate::search::{self, host, Info, SearchResult, Shared};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

impl Engine {
    /// Search in the calling thread and return the result (tools and tests).
    pub fn search_sync(
        &mut self,
        go: &GoParams,
        report: &mut (dyn FnMut(&Info) + Send),
    ) -> SearchResult {
        self.search_until(go, report, None)
    }

    /// `search_sync`, ended early once `abort` says so (it is asked every
    /// few milliseconds): a host that shares engines can take one back.
    /// The result of an aborted search is the best found so far.
    pub fn search_sync_until(
        &mut self,
        go: &GoParams,
        report: &mut (dyn FnMut(&Info) + Send),
        abort: &(dyn Fn() -> bool + Sync),
    ) -> SearchResult {
        self.search_until(go, report, Some(abort))
    }

    /// A search on a thread of its own, joined (a short search is not
    /// slowed by the abort's polling when there is none).
    fn search_until(
        &mut self,
        go: &GoParams,
        report: &mut (dyn FnMut(&Info) + Send),
        abort: Option<&(dyn Fn() -> bool + Sync)>,
    ) -> SearchResult {
        self.stop();
        if let Some(r) = self.random_result(go) {
            return r;
        }
        let limits = self.limits_for(go);
        let (tt, histories) = (Arc::clone(&self.tt), Arc::clone(&self.histories));
        let shared = Shared::new(tt, histories, self.time.clone(), limits.ponder);
        let pos = self.position.clone();
        let threads = self.options.threads;
        if host::SEARCH_ON_CALLER {
            return search::run(&pos, &limits, &shared, 1, report);
        }
        std::thread::scope(|s| {
            let spawned = std::thread::Builder::new()
                .stack_size(search::SEARCH_STACK)
                .spawn_scoped(s, || search::run(&pos, &limits, &shared, threads, report));
            let handle = match spawned {
                Ok(handle) => handle,
                Err(e) => return fallback(&pos, format!("cannot start the search thread: {e}")),
            };
            if let Some(abort) = abort {
                while !handle.is_finished() {
                    if abort() {
                        shared.stop.store(true, Ordering::SeqCst);
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            handle
                .join()
                .unwrap_or_else(|_| fallback(&pos, "internal error in search".into()))
        })
    }
}

/// The result when a search could not run: the first legal move and why.
pub(super) fn fallback(pos: &Position, error: String) -> SearchResult {
    SearchResult {
        best: pos.legal_moves().first().copied(),
        ponder: None,
        score: 0,
        depth: 0,
        nodes: 0,
        error: Some(error),
    }
}
