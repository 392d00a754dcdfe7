//! `go infinite` without a shared stop flag: the search runs in steps the
//! worker reads its messages between. Each step is a search one depth
//! deeper than the last one completed, for at most `STEP_MS`, on the same
//! hash table, so the steps cost little more than one iterative deepening;
//! only the new depths' info lines are passed on, and the last step's
//! `bestmove` is held back until `stop`.

use humpty_engine::engine::MAX_DEPTH;

/// The longest a step runs, in milliseconds: how soon `stop` is answered.
pub const STEP_MS: u64 = 100;

/// A stepped search in progress.
pub struct Stepped {
    /// What follows the limits in the `go` (its `searchmoves`, if any).
    rest: String,
    /// The depth the next step must complete.
    depth: i32,
    /// The last step's `bestmove` line.
    best: Option<String>,
    /// No deeper step can help (the deepest depth, or nothing to search).
    done: bool,
}

/// The depth an info line reports, if it reports one.
fn depth_of(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == "depth")?;
    words.next()?.parse().ok()
}

impl Stepped {
    /// A stepped search for `go infinite` (or `go ponder`, which without a
    /// stop flag also searches until `stop`); `None` for a `go` that ends
    /// by itself.
    pub fn for_go(line: &str) -> Option<Stepped> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if !words.iter().any(|w| *w == "infinite" || *w == "ponder") {
            return None;
        }
        let rest = words
            .iter()
            .position(|w| *w == "searchmoves")
            .map_or(String::new(), |i| words[i..].join(" "));
        Some(Stepped {
            rest,
            depth: 1,
            best: None,
            done: false,
        })
    }

    /// Whether another step would search deeper.
    pub fn wants_step(&self) -> bool {
        !self.done
    }

    /// The `go` line of the next step.
    pub fn next_line(&self) -> Option<String> {
        (!self.done).then(|| self.step_line(self.depth))
    }

    /// A `go` searching to `depth` for at most one step's time.
    pub fn step_line(&self, depth: i32) -> String {
        format!("go depth {depth} movetime {STEP_MS} {}", self.rest)
    }

    /// What a step printed: the new info lines go on, its `bestmove` is kept.
    pub fn take(&mut self, printed: Vec<String>) -> Vec<String> {
        let mut out = Vec::new();
        let mut reached = None;
        let printed_best = printed.iter().any(|l| l.starts_with("bestmove"));
        for line in printed {
            if line.starts_with("bestmove") {
                self.best = Some(line);
                continue;
            }
            match depth_of(&line) {
                Some(d) if d < self.depth => {}
                Some(d) => {
                    reached = reached.max(Some(d));
                    out.push(line);
                }
                None => out.push(line),
            }
        }
        match reached {
            // A step with no `bestmove` was refused (a `searchmoves` that
            // cannot be read): its message goes on once and the job ends,
            // where each step would say it again.
            _ if !printed_best => self.done = true,
            Some(d) => self.depth = self.depth.max(d + 1),
            // A step that reports no depth at all had nothing to search.
            None if self.best.is_some() && self.depth == 1 => self.done = true,
            None => {}
        }
        if self.depth > MAX_DEPTH {
            self.done = true;
        }
        out
    }

    /// The `bestmove` line of the last step, if a step has run.
    pub fn best(&self) -> Option<&str> {
        self.best.as_deref()
    }
}
