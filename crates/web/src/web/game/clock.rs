//! A game's clocks, kept by the server: base plus increment per side. Each
//! move records its mover's time left (increment added), so a take-back
//! restores the clocks too; the side to move's clock runs from the moment
//! its turn began. The server judges the flag (`web::driver`).

use crate::engine::Clocks as EngineClocks;
use crate::rules::piece::Color;
use serde::{Deserialize, Serialize};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch (wall time: it outlives a restart).
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A web game's time control is the engine's (`TimeControl::Clock`: base
/// and increment, no sessions).
pub(crate) use crate::engine::TimeControl;

/// Longest base a game may have (three hours).
const MAX_BASE_MS: i64 = 3 * 3600 * 1000;
/// Largest increment (a minute).
const MAX_INC_MS: i64 = 60 * 1000;

/// The control of `base_ms` plus `inc_ms` a move.
pub(crate) fn control(base_ms: i64, inc_ms: i64) -> TimeControl {
    let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
    TimeControl::Clock {
        base: ms(base_ms),
        inc: ms(inc_ms),
        moves: None,
    }
}

/// A control's base and increment in milliseconds (0 for a control that
/// is not a clock).
pub(crate) fn control_ms(tc: TimeControl) -> (i64, i64) {
    match tc {
        TimeControl::Clock { base, inc, .. } => (base.as_millis() as i64, inc.as_millis() as i64),
        _ => (0, 0),
    }
}

/// A clock asked for that the server does not play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ControlError {
    /// A field (`base_s` or `inc_s`) that is not a number of seconds within
    /// 0 and the most allowed (in ms).
    Range(&'static str, i64),
    /// A base under one second.
    BaseTooShort,
}

impl std::fmt::Display for ControlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ControlError::Range(key, max) => {
                write!(f, "{key} must be 0 to {} seconds", max / 1000)
            }
            ControlError::BaseTooShort => write!(f, "base_s must be at least 1 second"),
        }
    }
}

impl std::error::Error for ControlError {}

/// A clock on the wire: `{"base_s": 300, "inc_s": 3}` (seconds,
/// fractions allowed; a missing field is 0).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ControlJson", into = "ControlJson")]
pub(crate) struct Control(pub TimeControl);

/// `Control`'s fields as they are sent.
#[derive(Serialize, Deserialize)]
pub(crate) struct ControlJson {
    #[serde(default)]
    base_s: f64,
    #[serde(default)]
    inc_s: f64,
}

impl TryFrom<ControlJson> for Control {
    type Error = ControlError;

    fn try_from(v: ControlJson) -> Result<Control, ControlError> {
        let ms = |secs: f64, key: &'static str, max: i64| -> Result<i64, ControlError> {
            let ms = (secs * 1000.0).round();
            match (0.0..=max as f64).contains(&ms) {
                true => Ok(ms as i64),
                false => Err(ControlError::Range(key, max)),
            }
        };
        let base = ms(v.base_s, "base_s", MAX_BASE_MS)?;
        let inc = ms(v.inc_s, "inc_s", MAX_INC_MS)?;
        if base < 1000 {
            return Err(ControlError::BaseTooShort);
        }
        Ok(Control(control(base, inc)))
    }
}

impl From<Control> for ControlJson {
    fn from(c: Control) -> ControlJson {
        let (base, inc) = control_ms(c.0);
        ControlJson {
            base_s: base as f64 / 1000.0,
            inc_s: inc as f64 / 1000.0,
        }
    }
}

/// A game's clocks: the control, every move's time left, and when the
/// current turn began.
#[derive(Clone, Debug, PartialEq)]
pub struct Clocks {
    /// Base and increment.
    pub control: TimeControl,
    /// The mover's time left after each move of the line (with increment).
    pub after: Vec<i64>,
    /// When the side to move's turn began (Unix ms).
    pub turn_start: i64,
}

impl Clocks {
    /// Fresh clocks: nobody has moved, the first turn begins now.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            after: Vec::new(),
            turn_start: now_ms(),
        }
    }

    /// `color`'s time at the start of the current turn, `first` being the
    /// side that made the line's first move.
    fn banked(&self, color: Color, first: Color) -> i64 {
        // Moves 0, 2, 4... are `first`'s; the others the other side's.
        let own = usize::from(color != first);
        let n = self.after.len();
        let last = (own..n).rev().find(|i| i % 2 == own);
        last.map_or(self.base_ms(), |i| self.after[i])
    }

    /// `color`'s time left at `now`; `to_move` is the side whose clock runs
    /// (None when it is stopped: game over, or an analysis board).
    pub fn left(&self, color: Color, first: Color, to_move: Option<Color>, now: i64) -> i64 {
        let banked = self.banked(color, first);
        if to_move == Some(color) {
            banked - (now - self.turn_start).max(0)
        } else {
            banked
        }
    }

    /// The side to move has moved at `now`: charge it, add the increment,
    /// and start the other side's turn.
    pub fn moved(&mut self, mover: Color, first: Color, now: i64) {
        let left = self.left(mover, first, Some(mover), now).max(0);
        self.after.push(left + self.inc_ms());
        self.turn_start = now;
    }

    /// Keep the times of the first `plies` moves only (a take-back), and
    /// start the turn again now.
    pub fn truncate(&mut self, plies: usize) {
        self.after.truncate(plies);
        self.turn_start = now_ms();
    }

    /// Each side's base time, in milliseconds.
    pub fn base_ms(&self) -> i64 {
        control_ms(self.control).0
    }

    /// The increment, in milliseconds.
    pub fn inc_ms(&self) -> i64 {
        control_ms(self.control).1
    }

    /// The clocks at `now` as the engine's time manager reads them
    /// (`running` is the side to move, whose clock runs).
    pub fn engine_clocks(&self, first: Color, running: Option<Color>, now: i64) -> EngineClocks {
        let ms = |c: Color| Duration::from_millis(self.left(c, first, running, now).max(0) as u64);
        let inc = Duration::from_millis(self.inc_ms() as u64);
        let mut time = [Duration::ZERO; 2];
        for c in Color::BOTH {
            time[c.index()] = ms(c);
        }
        EngineClocks {
            time,
            inc: [inc; 2],
            moves_to_go: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn moves_charge_the_mover_and_add_the_increment() {
        let tc = control(60_000, 2_000);
        let mut c = Clocks::new(tc);
        c.turn_start = 1_000;
        let w = Color::White;
        let b = Color::Black;
        assert_eq!(c.left(w, w, Some(w), 11_000), 50_000);
        c.moved(w, w, 11_000);
        assert_eq!(c.left(w, w, Some(b), 20_000), 52_000);
        assert_eq!(c.left(b, w, Some(b), 20_000), 51_000);
        c.moved(b, w, 20_000);
        assert_eq!(c.after, vec![52_000, 53_000]);
        c.truncate(1);
        assert_eq!(c.left(b, w, None, 0), 60_000);
        // Black moved first (a FEN with Black to move).
        let mut d = Clocks::new(tc);
        d.turn_start = 0;
        d.moved(b, b, 5_000);
        assert_eq!(d.left(b, b, Some(w), 9_000), 57_000);
        assert_eq!(d.left(w, b, Some(w), 9_000), 56_000);
    }

    #[test]
    fn controls_read_and_refuse() {
        let read = |v: serde_json::Value| Control::deserialize(&v).map(|c| c.0);
        let tc = read(json!({"base_s": 180, "inc_s": 2})).unwrap();
        assert_eq!(control_ms(tc), (180_000, 2_000));
        assert_eq!(
            read(serde_json::to_value(Control(tc)).unwrap()).ok(),
            Some(tc)
        );
        assert!(read(json!({"base_s": 0})).is_err());
        assert!(read(json!({"base_s": 1e12})).is_err());
        assert!(read(json!({"base_s": 60, "inc_s": -1})).is_err());
        assert!(read(json!({"base_s": "x"})).is_err());
    }
}
