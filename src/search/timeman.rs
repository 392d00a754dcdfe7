//! Time management: how long to think from the clock, increment, moves to go
//! and a safety margin. A soft limit stops iterative deepening between
//! iterations; a hard limit stops the search wherever it is.

use std::time::Duration;

/// Clock state for the side to move, as `go` gives it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub inc: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// Time budget of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Do not start another iteration after this.
    pub soft: Duration,
    /// Stop the search at this point.
    pub hard: Duration,
}

/// Moves assumed left in a sudden-death game.
const HORIZON_MOVES: u32 = 35;
/// Share of the per-move slice the soft limit uses.
const SOFT_PERCENT: u32 = 70;
/// The hard limit may stretch the slice this many times...
const HARD_STRETCH: u32 = 4;
/// ...but never past this share of the remaining time.
const HARD_MAX_PERCENT: u32 = 40;
/// Never plan below this (a search needs a few milliseconds to say anything).
const MIN_THINK: Duration = Duration::from_millis(2);

/// The budget for a clock, keeping `overhead` per move in reserve for
/// communication delays.
pub fn budget(clock: Clock, overhead: Duration) -> Budget {
    let mtg = clock
        .moves_to_go
        .unwrap_or(HORIZON_MOVES)
        .clamp(1, HORIZON_MOVES);
    // Keep the overhead for every move still to be played in this control.
    let reserve = overhead * mtg.min(10);
    let usable = clock.time.saturating_sub(reserve);
    let slice = usable / mtg + clock.inc * 3 / 4;
    let hard_cap = (usable * HARD_MAX_PERCENT / 100).max(MIN_THINK);
    let hard = (slice * HARD_STRETCH).min(hard_cap).max(MIN_THINK);
    let soft = (slice * SOFT_PERCENT / 100).min(hard).max(MIN_THINK / 2);
    // With the last move before a control, everything but the reserve may go.
    Budget { soft, hard }
}

/// Budget for a fixed time per move.
pub fn fixed(movetime: Duration, overhead: Duration) -> Budget {
    let t = movetime.saturating_sub(overhead).max(MIN_THINK);
    Budget { soft: t, hard: t }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(x: u64) -> Duration {
        Duration::from_millis(x)
    }

    #[test]
    fn fast_game_budget_leaves_a_reserve() {
        // 1 s + 10 ms: soft well under 50 ms, hard well under the clock.
        let b = budget(
            Clock {
                time: ms(1000),
                inc: ms(10),
                moves_to_go: None,
            },
            ms(10),
        );
        assert!(b.soft <= b.hard);
        assert!(b.hard <= ms(400), "{b:?}");
        assert!(b.soft >= ms(5), "{b:?}");
    }

    #[test]
    fn nearly_flagged_still_moves_quickly() {
        let b = budget(
            Clock {
                time: ms(30),
                inc: ms(0),
                moves_to_go: None,
            },
            ms(50),
        );
        assert!(b.hard <= ms(12), "{b:?}");
    }

    #[test]
    fn moves_to_go_spreads_time() {
        let one = budget(
            Clock {
                time: ms(10_000),
                inc: ms(0),
                moves_to_go: Some(1),
            },
            ms(10),
        );
        let many = budget(
            Clock {
                time: ms(10_000),
                inc: ms(0),
                moves_to_go: Some(30),
            },
            ms(10),
        );
        assert!(one.soft > many.soft * 5);
        assert!(one.hard <= ms(4000));
    }

    #[test]
    fn fixed_time_subtracts_overhead() {
        assert_eq!(fixed(ms(100), ms(10)).hard, ms(90));
        assert_eq!(fixed(ms(1), ms(10)).hard, MIN_THINK);
    }
}
