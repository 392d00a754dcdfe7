//! XBoard's time: the control (`level`, `st`), both clocks (`time`,
//! `otim`), `sd` and `nps`, and the search limits they make.

use super::state::Xboard;
use crate::engine::{seconds, Clocks, GoParams, TimeControl};
use crate::rules::position::Position;
use std::time::Duration;

/// The time settings XBoard gives: the control (`level` or `st`), the
/// clocks (`time`, `otim`), a depth limit (`sd`) and `nps`.
pub(super) struct TimeSettings {
    pub(super) control: TimeControl,
    pub(super) own: Duration,
    pub(super) opp: Duration,
    pub(super) depth: Option<i32>,
    pub(super) nps: Option<u64>,
}

/// `level`'s base time: minutes, or `minutes:seconds`.
fn parse_minutes(text: &str) -> Option<Duration> {
    let secs = match text.split_once(':') {
        Some((m, s)) => m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?,
        None => text.parse::<f64>().ok()? * 60.0,
    };
    seconds(secs)
}

impl Xboard {
    /// Limits for a search of `pos` (the game, or the game after the
    /// expected reply when pondering): the clocks are ours and theirs.
    pub(super) fn go_params(&self, pos: &Position) -> GoParams {
        let mut go = GoParams {
            depth: self.time.depth,
            ..GoParams::default()
        };
        match self.time.control {
            TimeControl::MoveTime(t) => match self.time.nps {
                // `nps N` makes N nodes count as one second.
                Some(nps) => go.nodes = Some((nps as f64 * t.as_secs_f64()).max(1.0) as u64),
                None => go.movetime = Some(t),
            },
            TimeControl::Clock { inc, .. } => {
                let side = pos.side_to_move();
                let mut time = [self.time.own; 2];
                time[(!side).index()] = self.time.opp;
                let moves_made = u32::from(pos.fullmove_number()).saturating_sub(1);
                go.clocks = Some(Clocks {
                    time,
                    inc: [inc; 2],
                    moves_to_go: self.time.control.moves_to_go(moves_made),
                });
            }
            TimeControl::Nodes(_) | TimeControl::Depth(_) => {}
        }
        go
    }

    /// `time`, `otim`, `level`, `st`, `sd`, `nps`.
    pub(super) fn time_command(&mut self, cmd: &str, rest: &str, line: &str) {
        let ok = match cmd {
            // XBoard sends a clock below zero once the engine is over its
            // time: that is no time left (move at once), not bad input.
            "time" | "otim" => rest.parse::<i64>().ok().map(|cs| {
                let d = Duration::from_millis((cs.max(0) as u64).saturating_mul(10));
                if cmd == "time" {
                    self.time.own = d;
                } else {
                    self.time.opp = d;
                }
            }),
            "level" => self.level(rest),
            "st" => rest
                .parse::<f64>()
                .ok()
                .and_then(seconds)
                .filter(|d| !d.is_zero())
                .map(|t| self.time.control = TimeControl::MoveTime(t)),
            "sd" => rest
                .parse::<i32>()
                .ok()
                .filter(|&d| d > 0)
                .map(|d| self.time.depth = Some(d)),
            _ => rest
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .map(|n| self.time.nps = Some(n)),
        };
        if ok.is_none() {
            let what = match cmd {
                "time" | "otim" | "st" => "time",
                "sd" => "depth",
                other => other,
            };
            self.send(&format!("Error (bad {what}): {line}"));
        }
    }

    /// `level MPS BASE INC`: a clock for the game.
    fn level(&mut self, rest: &str) -> Option<()> {
        let f: Vec<&str> = rest.split_whitespace().collect();
        if f.len() != 3 {
            return None;
        }
        let mps = f[0].parse::<u32>().ok()?;
        let base = parse_minutes(f[1])?;
        let inc = seconds(f[2].parse::<f64>().ok()?.max(0.0))?;
        self.time.control = TimeControl::Clock {
            base,
            inc,
            moves: (mps > 0).then_some(mps),
        };
        self.time.own = base;
        self.time.opp = base;
        Some(())
    }
}
