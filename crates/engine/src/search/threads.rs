//! Lazy SMP: `Threads` workers search the same root and share the
//! transposition table; the main thread reports and decides when to stop,
//! and with `Dev_SmpDeeper` a deeper helper's better move may be played
//! (`bestthread.rs`).

use super::bestthread::{best_thread, Answer};
use super::worker::{line_info, Worker};
use super::{Info, Limits, SearchResult, Shared, DRAW, MATE};
use crate::rules::position::Position;
use std::sync::atomic::Ordering;

/// Stack size for search threads (deep recursion with move lists on the stack).
pub const SEARCH_STACK: usize = 64 * 1024 * 1024;

/// Run a search on `pos` with `threads` threads; `report` receives info lines
/// from the main thread. `shared` must come from `Shared::new` with the same
/// limits (it starts in ponder mode when they ask for it). Blocks until the search ends; in infinite or ponder
/// mode it ends only when `shared.stop` is set (after `ponderhit` the time
/// limits apply). A helper thread that cannot be started is left out.
pub fn run(
    pos: &Position,
    limits: &Limits,
    shared: &Shared,
    threads: usize,
    report: &mut dyn FnMut(&Info),
) -> SearchResult {
    shared.tt.new_search();
    shared.nodes.store(0, Ordering::Relaxed);
    // `shared.pondering` was set by whoever made `shared`, before this
    // thread started: setting it here raced with an early `ponderhit`.
    let mut main = Worker::new(pos.clone(), shared, limits, 0);
    if main.root_moves.is_empty() {
        // Mated or stalemated: nothing to search. Still honour infinite/ponder.
        wait_for_release(shared, limits);
        let score = if pos.in_check() { -MATE } else { DRAW };
        return SearchResult {
            best: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
            error: None,
        };
    }
    let result = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.max(1))
            .filter_map(|id| {
                let p = pos.clone();
                std::thread::Builder::new()
                    .stack_size(SEARCH_STACK)
                    .spawn_scoped(scope, move || {
                        let mut w = Worker::new(p, shared, limits, id);
                        let r = w.iterate(&mut |_| {});
                        shared.histories.put(id, w.history);
                        w.root_moves.first().cloned().map(|line| (r, line))
                    })
                    .ok()
            })
            .collect();
        let r = main.iterate(report);
        shared.histories.put(0, main.history);
        shared.stop.store(true, Ordering::SeqCst);
        let answers: Vec<_> = helpers
            .into_iter()
            .filter_map(|h| h.join().ok().flatten())
            .collect();
        if !limits.features.smp_deeper || limits.multipv > 1 || limits.skill.is_some() {
            return r;
        }
        let line = &main.root_moves[0];
        let candidates: Vec<Answer> = std::iter::once((&r, line))
            .chain(answers.iter().map(|(r, l)| (r, l)))
            .map(|(r, l)| Answer {
                mv: l.mv,
                score: l.last_score,
                depth: r.depth,
            })
            .collect();
        match best_thread(&candidates) {
            0 => r,
            i => {
                let (r, line) = &answers[i - 1];
                // The played line is the last word the GUI sees.
                report(&line_info(shared, line, r.depth, 1, None, 0));
                SearchResult {
                    score: line.last_score,
                    ..r.clone()
                }
            }
        }
    });
    SearchResult {
        nodes: shared.nodes.load(Ordering::Relaxed),
        ..result
    }
}

/// In infinite or ponder mode, wait until released: the engine's `stop`,
/// `ponderhit`, or the host's stop probe. A `go infinite` (`until_stop`)
/// or a ponder search is not released by `shared.stop`, which the search
/// sets itself when a level's node budget is spent: UCI answers those only
/// when the GUI says so. A search with no limit at all (a tool's plain
/// `go`) ends when it stops, as before.
pub(super) fn wait_for_release(shared: &Shared, limits: &Limits) {
    loop {
        let pondering = shared.pondering.load(Ordering::SeqCst);
        if !(limits.infinite || pondering)
            || shared.released.load(Ordering::SeqCst)
            || super::host::stop_requested()
            || (!pondering && !limits.until_stop && shared.stop.load(Ordering::SeqCst))
        {
            return;
        }
        super::host::pause();
    }
}
