//! Time: the one model of a time control (`TimeControl`) and of the clocks
//! during a game (`Clocks`), used by the time manager, the XBoard front end,
//! the match runner and its players; and the time manager itself, which
//! turns clocks into a budget for one search. A soft limit stops iterative
//! deepening between iterations; a hard limit stops the search wherever it is.

use crate::rules::piece::Color;
use std::time::Duration;

/// How long each side may think, for a whole game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeControl {
    /// Base time, increment, and moves per session (`40/60+0.5`) if any.
    Clock {
        /// Base time per session.
        base: Duration,
        /// Increment per move.
        inc: Duration,
        /// Moves per session (the base is added again after them).
        moves: Option<u32>,
    },
    /// Fixed time per move.
    MoveTime(Duration),
    /// Fixed nodes per move.
    Nodes(u64),
    /// Fixed depth per move.
    Depth(u32),
}

/// Longest base time or increment accepted, in seconds (about 115 days).
pub const MAX_CLOCK_SECS: f64 = 1e7;

/// Seconds as a duration, if finite and within `0..=MAX_CLOCK_SECS`.
pub fn seconds(v: f64) -> Option<Duration> {
    (v.is_finite() && (0.0..=MAX_CLOCK_SECS).contains(&v)).then(|| Duration::from_secs_f64(v))
}

/// A clock that `TimeControl::parse_clock` cannot read (the text given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockError(pub String);

impl std::fmt::Display for ClockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "bad time control '{}' (examples: 10+0.1, 40/60, 40/60+0.5)",
            self.0
        )
    }
}

impl std::error::Error for ClockError {}

impl TimeControl {
    /// Parse `10+0.1`, `40/60+0.5`, `60` (seconds).
    pub fn parse_clock(text: &str) -> Result<TimeControl, ClockError> {
        let bad = || ClockError(text.to_string());
        let (moves, rest) = match text.split_once('/') {
            // Zero moves per period is no control at all: refused, not
            // quietly read as sudden death.
            Some((m, r)) => (
                Some(m.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(bad)?),
                r,
            ),
            None => (None, text),
        };
        let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
        let secs = |s: &str| s.parse::<f64>().ok().and_then(seconds).ok_or_else(bad);
        let base = secs(base)?;
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl::Clock {
            base,
            inc: secs(inc)?,
            moves,
        })
    }

    /// PGN `TimeControl` tag value.
    pub fn pgn_tag(&self) -> String {
        match *self {
            TimeControl::Clock { base, inc, moves } => {
                let b = base.as_secs_f64();
                let mut s = match moves {
                    Some(m) => format!("{m}/{b}"),
                    None => format!("{b}"),
                };
                if !inc.is_zero() {
                    s.push_str(&format!("+{}", inc.as_secs_f64()));
                }
                s
            }
            TimeControl::MoveTime(t) => format!("{}/move", t.as_secs_f64()),
            TimeControl::Nodes(n) => format!("nodes={n}"),
            TimeControl::Depth(d) => format!("depth={d}"),
        }
    }

    /// Both clocks at the start of a game (zero unless this is a clock).
    pub fn start(&self) -> Clocks {
        let (base, inc) = match *self {
            TimeControl::Clock { base, inc, .. } => (base, inc),
            _ => (Duration::ZERO, Duration::ZERO),
        };
        Clocks {
            time: [base; 2],
            inc: [inc; 2],
            moves_to_go: self.moves_to_go(0),
        }
    }

    /// Moves left to the next control for a side that has made `moves_made`
    /// moves (`None` without sessions).
    pub fn moves_to_go(&self, moves_made: u32) -> Option<u32> {
        match *self {
            TimeControl::Clock { moves: Some(s), .. } => Some(s - moves_made % s),
            _ => None,
        }
    }
}

/// The clocks of a game at one moment: time left and increment per side
/// (index `Color::index()`), and moves to the next control for the side to
/// move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    /// Time left per side.
    pub time: [Duration; 2],
    /// Increment per side.
    pub inc: [Duration; 2],
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

impl Clocks {
    /// Charge `elapsed` to `side` for a move that was its `moves_made`-th:
    /// subtract, add the increment, and add the base again at a control.
    pub fn charge(&mut self, side: Color, elapsed: Duration, tc: &TimeControl, moves_made: u32) {
        let c = &mut self.time[side.index()];
        *c = c
            .saturating_sub(elapsed)
            .saturating_add(self.inc[side.index()]);
        if let TimeControl::Clock {
            base,
            moves: Some(s),
            ..
        } = *tc
        {
            if moves_made.is_multiple_of(s) {
                *c = c.saturating_add(base);
            }
        }
    }
}

/// Time budget of one search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Do not start another iteration after this.
    pub soft: Duration,
    /// Stop the search at this point.
    pub hard: Duration,
}

/// The soft limit bends to the search: a best move that keeps changing, or
/// a score that falls, earns more time; a best move that has held for
/// several iterations earns less. Fed once per completed iteration.
#[derive(Clone, Copy, Debug, Default)]
pub struct SoftScale {
    best: Option<u32>,
    stable: u32,
    prev_score: Option<i32>,
    factor: f64,
}

/// Iterations below this depth leave the soft limit as it is.
const SCALE_MIN_DEPTH: i32 = 5;

impl SoftScale {
    /// Record an iteration's best move (raw) and score; returns the factor
    /// the soft limit is multiplied by.
    pub fn update(&mut self, depth: i32, best: u32, score: i32) -> f64 {
        if self.best == Some(best) {
            self.stable += 1;
        } else {
            self.stable = 0;
        }
        self.best = Some(best);
        let drop = self.prev_score.map_or(0, |p| (p - score).clamp(0, 100));
        self.prev_score = Some(score);
        if depth < SCALE_MIN_DEPTH {
            self.factor = 1.0;
            return self.factor;
        }
        let stability = match self.stable {
            0 => 1.35,
            1 => 1.1,
            2 => 0.95,
            3 => 0.8,
            _ => 0.7,
        };
        let falling = 1.0 + 0.8 * f64::from(drop) / 100.0;
        self.factor = (stability * falling).clamp(0.5, 2.2);
        self.factor
    }

    /// The soft limit of `budget`, scaled (never past the hard limit). A
    /// fixed time per move (soft = hard) is used whole.
    pub fn soft(&self, budget: Budget) -> Duration {
        if budget.soft >= budget.hard {
            return budget.soft;
        }
        let f = if self.factor > 0.0 { self.factor } else { 1.0 };
        budget.soft.mul_f64(f).min(budget.hard)
    }
}

/// Moves assumed left in a sudden-death game.
const HORIZON_MOVES: u32 = 35;
/// Share of the per-move slice the soft limit uses.
const SOFT_PERCENT: u32 = 70;
/// The hard limit may stretch the slice this many times...
const HARD_STRETCH: u32 = 4;
/// ...but never past this share of the remaining time.
const HARD_MAX_PERCENT: u32 = 40;
/// The move overhead is kept in reserve for at most this many moves to
/// come: at 1 s + 0.01 s ten of them (0.3 s) left half the clock unused
/// (docs/engine.md, Strength v5).
const RESERVE_MOVES: u32 = 3;
/// Never plan below this (a search needs a few milliseconds to say anything).
const MIN_THINK: Duration = Duration::from_millis(2);

/// The budget of `side` on these clocks, keeping `overhead` per move in
/// reserve for communication delays.
pub fn budget(clocks: &Clocks, side: Color, overhead: Duration) -> Budget {
    let time = clocks.time[side.index()];
    let inc = clocks.inc[side.index()];
    let mtg = clocks
        .moves_to_go
        .unwrap_or(HORIZON_MOVES)
        .clamp(1, HORIZON_MOVES);
    // Keep the overhead for every move still to be played in this control.
    // Saturating arithmetic: any clock a GUI sends must give a budget.
    let reserve = overhead.saturating_mul(mtg.min(RESERVE_MOVES));
    let usable = time.saturating_sub(reserve);
    let slice = (usable / mtg).saturating_add(inc.saturating_mul(3) / 4);
    let hard_cap = (usable / 100)
        .saturating_mul(HARD_MAX_PERCENT)
        .max(MIN_THINK);
    let hard = slice
        .saturating_mul(HARD_STRETCH)
        .min(hard_cap)
        .max(MIN_THINK);
    let soft = (slice / 100)
        .saturating_mul(SOFT_PERCENT)
        .min(hard)
        .max(MIN_THINK / 2);
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

    /// White's clock as given; Black's is irrelevant to White's budget.
    fn clocks(time: u64, inc: u64, moves_to_go: Option<u32>) -> Clocks {
        Clocks {
            time: [ms(time), ms(1)],
            inc: [ms(inc), ms(0)],
            moves_to_go,
        }
    }

    #[test]
    fn clock_texts_with_no_time_or_no_moves_are_refused() {
        for bad in ["0/10", "0+0", "10/0", "-1+1", "x", "40/"] {
            assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
        }
        assert!(matches!(
            TimeControl::parse_clock("40/60+0.5"),
            Ok(TimeControl::Clock {
                moves: Some(40),
                ..
            })
        ));
    }

    #[test]
    fn soft_limit_follows_stability_and_score_drops() {
        let budget = Budget {
            soft: ms(1000),
            hard: ms(1800),
        };
        let mut s = SoftScale::default();
        assert_eq!(s.soft(budget), ms(1000));
        for d in 1..5 {
            s.update(d, 7, 20);
        }
        assert_eq!(
            s.soft(budget),
            ms(1000),
            "shallow iterations change nothing"
        );
        for d in 5..9 {
            s.update(d, 7, 20);
        }
        assert!(s.soft(budget) < ms(800), "a stable best move saves time");
        s.update(9, 8, 20);
        assert!(s.soft(budget) > ms(1300), "a new best move earns time");
        s.update(10, 9, -60);
        assert_eq!(
            s.soft(budget),
            ms(1800),
            "a falling score earns more, up to the hard limit"
        );
    }

    #[test]
    fn fast_game_budget_leaves_a_reserve() {
        // 1 s + 10 ms: soft well under 50 ms, hard well under the clock.
        let b = budget(&clocks(1000, 10, None), Color::White, ms(10));
        assert!(b.soft <= b.hard);
        assert!(b.hard <= ms(400), "{b:?}");
        assert!(b.soft >= ms(5), "{b:?}");
    }

    #[test]
    fn nearly_flagged_still_moves_quickly() {
        let b = budget(&clocks(30, 0, None), Color::White, ms(50));
        assert!(b.hard <= ms(12), "{b:?}");
    }

    #[test]
    fn moves_to_go_spreads_time() {
        let one = budget(&clocks(10_000, 0, Some(1)), Color::White, ms(10));
        let many = budget(&clocks(10_000, 0, Some(30)), Color::White, ms(10));
        assert!(one.soft > many.soft * 5);
        assert!(one.hard <= ms(4000));
    }

    #[test]
    fn fixed_time_subtracts_overhead() {
        assert_eq!(fixed(ms(100), ms(10)).hard, ms(90));
        assert_eq!(fixed(ms(1), ms(10)).hard, MIN_THINK);
    }
}

#[cfg(test)]
mod control_tests {
    use super::*;

    #[test]
    fn time_controls_parse() {
        assert_eq!(
            TimeControl::parse_clock("10+0.1").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(10),
                inc: Duration::from_millis(100),
                moves: None
            }
        );
        assert_eq!(
            TimeControl::parse_clock("40/60").unwrap(),
            TimeControl::Clock {
                base: Duration::from_secs(60),
                inc: Duration::ZERO,
                moves: Some(40)
            }
        );
        for bad in ["", "x", "0", "10+x", "a/10", "-5+1", "inf", "nan", "1e30"] {
            assert!(TimeControl::parse_clock(bad).is_err(), "{bad}");
        }
        assert_eq!(
            TimeControl::parse_clock("40/60+0.5").unwrap().pgn_tag(),
            "40/60+0.5"
        );
    }

    #[test]
    fn clocks_run_down_and_refill_at_the_control() {
        let tc = TimeControl::parse_clock("2/10+1").unwrap();
        let mut c = tc.start();
        assert_eq!(c.time, [Duration::from_secs(10); 2]);
        assert_eq!(tc.moves_to_go(0), Some(2));
        c.charge(Color::White, Duration::from_secs(3), &tc, 1);
        assert_eq!(c.time[0], Duration::from_secs(8));
        assert_eq!(tc.moves_to_go(1), Some(1));
        c.charge(Color::White, Duration::from_secs(3), &tc, 2);
        assert_eq!(c.time[0], Duration::from_secs(16));
        assert_eq!(c.time[1], Duration::from_secs(10));
        assert_eq!(TimeControl::Nodes(5).moves_to_go(3), None);
    }
}
