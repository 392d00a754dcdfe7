//! The UCI side of a match opponent: handshake, `position`/`go`, pondering
//! (`go ponder`, `ponderhit`, `stop`), and reading `info` and `bestmove`.

use super::{GameState, Player, PlayerError, PositionMode, Protocol, Reply, HANDSHAKE_TIMEOUT};
use crate::engine::{Clocks, Score, TimeControl};
use std::time::{Duration, Instant};

impl Player {
    /// `uci` until `uciok`, then the options and init lines.
    pub(super) fn uci_handshake(&mut self) -> Result<(), PlayerError> {
        self.send("uci")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        while self.read_line(deadline, "uciok")?.trim() != "uciok" {}
        if self.spec.ponder {
            self.send("setoption name Ponder value true")?;
        }
        self.send_settings(|name, value| format!("setoption name {name} value {value}"))
    }

    /// `position` and `go` (or `ponderhit` when the expected reply came), then the move.
    pub(super) fn think_uci(
        &mut self,
        game: &GameState,
        tc: &TimeControl,
        clocks: &Clocks,
        timeout: Duration,
    ) -> Result<Reply, PlayerError> {
        if self.pondering.is_some() && self.pondering.as_ref() == game.moves.last() {
            // The opponent played the expected move: the search goes on,
            // and the clock runs from `ponderhit`.
            self.pondering = None;
            let start = Instant::now();
            self.send("ponderhit")?;
            return self.await_uci_move(start, timeout);
        }
        self.stop_pondering()?;
        let position = uci_position(game, self.spec.position_mode);
        let mut go = uci_go(tc, clocks);
        if self.spec.restrict_root {
            go.push_str(" searchmoves ");
            go.push_str(&game.legal.join(" "));
        }
        self.send(&position)?;
        let start = Instant::now();
        self.send(&go)?;
        self.await_uci_move(start, timeout)
    }

    /// Read a UCI engine's `bestmove` (and its scores on the way).
    pub(super) fn await_uci_move(
        &mut self,
        start: Instant,
        timeout: Duration,
    ) -> Result<Reply, PlayerError> {
        self.await_move(start, timeout, "bestmove", |line, reply| {
            if line.starts_with("info") {
                read_uci_info(line, reply);
            }
            Ok(())
        })
    }

    /// After our move: ponder on the expected reply, if this engine ponders.
    /// `game` is the game after our move; the clocks are as they stand.
    pub fn start_pondering(
        &mut self,
        game: &GameState,
        expected: &str,
        tc: &TimeControl,
        clocks: &Clocks,
    ) -> Result<(), PlayerError> {
        if !self.spec.ponder || self.spec.protocol != Protocol::Uci {
            return Ok(());
        }
        let mut position = uci_position(game, self.spec.position_mode);
        position.push_str(if position.contains(" moves ") {
            " "
        } else {
            " moves "
        });
        position.push_str(expected);
        self.send(&position)?;
        let go = uci_go(tc, clocks).replacen("go", "go ponder", 1);
        self.send(&go)?;
        self.pondering = Some(expected.to_string());
        Ok(())
    }

    /// End a ponder search that missed: `stop`, and drop its `bestmove`.
    pub(super) fn stop_pondering(&mut self) -> Result<(), PlayerError> {
        if self.pondering.take().is_some() {
            self.send("stop")?;
            let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
            while !self
                .read_line(deadline, "bestmove after stop")?
                .starts_with("bestmove")
            {}
        }
        Ok(())
    }
}

/// The `position` command for a game (its moves, or its current FEN).
fn uci_position(game: &GameState, mode: PositionMode) -> String {
    let mut position = match (mode, game.start_fen) {
        (PositionMode::Fen, _) => return format!("position fen {}", game.current_fen),
        (PositionMode::Moves, None) => "position startpos".to_string(),
        (PositionMode::Moves, Some(f)) => format!("position fen {f}"),
    };
    if !game.moves.is_empty() {
        position.push_str(" moves ");
        position.push_str(&game.moves.join(" "));
    }
    position
}

/// The `go` command for a time control and the clocks.
fn uci_go(tc: &TimeControl, clocks: &Clocks) -> String {
    match *tc {
        TimeControl::Clock { .. } => {
            let ms = |d: Duration| d.as_millis();
            let mut g = format!(
                "go wtime {} btime {} winc {} binc {}",
                ms(clocks.time[0]),
                ms(clocks.time[1]),
                ms(clocks.inc[0]),
                ms(clocks.inc[1])
            );
            if let Some(m) = clocks.moves_to_go {
                g.push_str(&format!(" movestogo {m}"));
            }
            g
        }
        TimeControl::MoveTime(t) => format!("go movetime {}", t.as_millis()),
        TimeControl::Nodes(n) => format!("go nodes {n}"),
        TimeControl::Depth(d) => format!("go depth {d}"),
    }
}

/// Pull score and depth out of a UCI `info` line.
fn read_uci_info(line: &str, reply: &mut Reply) {
    let w: Vec<&str> = line.split_whitespace().collect();
    let mut i = 1;
    let mut bound = false;
    let mut score = None;
    while i < w.len() {
        match w[i] {
            "depth" => reply.depth = w.get(i + 1).and_then(|d| d.parse().ok()).or(reply.depth),
            "score" => {
                if let (Some(kind), Some(value)) = (w.get(i + 1), w.get(i + 2)) {
                    score = Score::from_uci(kind, value).or(score);
                }
            }
            "lowerbound" | "upperbound" => bound = true,
            "pv" => break,
            _ => {}
        }
        i += 1;
    }
    if let (Some(s), false) = (score, bound) {
        reply.score = Some(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_info_scores() {
        let mut r = Reply::default();
        read_uci_info(
            "info depth 7 seldepth 9 score cp -35 nodes 10 pv a1a2",
            &mut r,
        );
        assert_eq!((r.depth, r.score), (Some(7), Some(Score::Cp(-35))));
        read_uci_info("info depth 8 score cp 500 lowerbound nodes 10", &mut r);
        assert_eq!(r.score, Some(Score::Cp(-35)), "bounds are not scores");
        read_uci_info("info depth 9 score mate 2 pv a1a2", &mut r);
        assert_eq!(r.score, Some(Score::Mate(2)));
        read_uci_info("info depth 9 score mate -1 pv a1a2", &mut r);
        assert_eq!(r.score, Some(Score::Mate(-1)));
    }
}
