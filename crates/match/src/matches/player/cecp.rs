//! The CECP (XBoard) side of a match opponent: handshake and features,
//! the position sent in force mode, the time commands, and reading
//! thinking output and `move`.

use super::{GameState, Player, PlayerError, PositionMode, Reply, HANDSHAKE_TIMEOUT};
use crate::engine::{Clocks, Score, TimeControl};
use std::time::{Duration, Instant};

impl Player {
    /// `xboard`, `protover 2` and the features, then the options and init lines.
    pub(super) fn cecp_handshake(&mut self) -> Result<(), PlayerError> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        loop {
            let line = self.read_line(deadline, "feature done=1")?;
            if line.starts_with("feature") {
                for (k, v) in parse_features(&line) {
                    let accepted = matches!(
                        k.as_str(),
                        "setboard" | "usermove" | "done" | "ping" | "variants" | "myname"
                    );
                    if k == "setboard" {
                        self.cecp_setboard = v == "1";
                    }
                    if k == "usermove" {
                        self.cecp_usermove = v == "1";
                    }
                    if k != "done" {
                        let verdict = if accepted { "accepted" } else { "rejected" };
                        self.send(&format!("{verdict} {k}"))?;
                    }
                }
                if line.contains("done=1") {
                    break;
                }
            }
        }
        self.send_settings(|name, value| format!("option {name}={value}"))
    }

    /// The position in force mode, the time commands and `go`, then the move.
    pub(super) fn think_cecp(
        &mut self,
        game: &GameState,
        tc: &TimeControl,
        clocks: &Clocks,
        timeout: Duration,
    ) -> Result<Reply, PlayerError> {
        // Always re-send the position: simple and exact (cutechess does the
        // same in force mode when moves cannot be trusted to match).
        self.send("force")?;
        if self.cecp_setboard
            && (self.spec.position_mode == PositionMode::Fen || game.start_fen.is_some())
        {
            self.send(&format!("setboard {}", game.current_fen))?;
        } else {
            self.send("new")?;
            self.send("variant humpty")?;
            self.send("force")?;
            for m in game.moves {
                let cmd = if self.cecp_usermove {
                    format!("usermove {m}")
                } else {
                    m.clone()
                };
                self.send(&cmd)?;
            }
        }
        for line in cecp_time(tc, clocks, game.white_to_move) {
            self.send(&line)?;
        }
        let start = Instant::now();
        self.send("go")?;
        self.await_move(start, timeout, "move", |line, reply| {
            match line.split_whitespace().next() {
                Some(w) if w.starts_with("Illegal") || w == "Error" => {
                    return Err(PlayerError::Garbage(line.to_string()));
                }
                Some(w) if w.starts_with(|c: char| c.is_ascii_digit()) => {
                    read_cecp_thinking(line, reply)
                }
                _ => {}
            }
            Ok(())
        })
    }
}

/// The CECP commands that set the time for the next move.
fn cecp_time(tc: &TimeControl, clocks: &Clocks, white_to_move: bool) -> Vec<String> {
    match *tc {
        TimeControl::Clock { .. } => {
            let (own, opp) = if white_to_move { (0, 1) } else { (1, 0) };
            let (own_time, opp_time) = (clocks.time[own], clocks.time[opp]);
            let base_min = (own_time.as_secs() / 60).max(1);
            vec![
                format!(
                    "level {} {} {}",
                    clocks.moves_to_go.unwrap_or(0),
                    base_min,
                    clocks.inc[own].as_secs_f64()
                ),
                format!("time {}", own_time.as_millis() / 10),
                format!("otim {}", opp_time.as_millis() / 10),
            ]
        }
        TimeControl::MoveTime(t) => vec![format!("st {}", t.as_secs().max(1))],
        TimeControl::Depth(d) => vec![format!("sd {d}")],
        // XBoard's `nps N` makes the engine count N nodes as one second.
        TimeControl::Nodes(n) => vec![format!("nps {n}"), "st 1".into()],
    }
}

/// Pull depth and score out of CECP thinking output (`ply score time nodes pv`).
fn read_cecp_thinking(line: &str, reply: &mut Reply) {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() >= 4 {
        reply.depth = f[0].parse().ok();
        reply.score = f[1].parse().ok().map(Score::from_xboard);
    }
}

/// `feature a=1 b="x y"` into pairs.
fn parse_features(line: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let body = line.trim_start_matches("feature").trim();
    let mut rest = body;
    while let Some(eq) = rest.find('=') {
        let key = rest[..eq].trim().to_string();
        let after = &rest[eq + 1..];
        let (value, tail) = if let Some(stripped) = after.strip_prefix('"') {
            match stripped.find('"') {
                Some(end) => (stripped[..end].to_string(), &stripped[end + 1..]),
                None => (stripped.to_string(), ""),
            }
        } else {
            let end = after.find(' ').unwrap_or(after.len());
            (after[..end].to_string(), &after[end..])
        };
        out.push((key, value));
        rest = tail.trim_start();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_parse() {
        let f =
            parse_features("feature setboard=1 myname=\"humpty 0.1\" variants=\"humpty\" done=0");
        assert_eq!(f[0], ("setboard".into(), "1".into()));
        assert_eq!(f[1], ("myname".into(), "humpty 0.1".into()));
        assert_eq!(f[3], ("done".into(), "0".into()));
    }

    #[test]
    fn cecp_mate_scores_read_as_mates() {
        // v1 read XBoard's "mated in 1" (-100001) as a ply count and wrote
        // "+M-1"-like PGN; the one Score convention reads it as a mate.
        let mut r = Reply::default();
        read_cecp_thinking("7 -100001 12 3456 a1a2", &mut r);
        assert_eq!((r.depth, r.score), (Some(7), Some(Score::Mate(-1))));
        assert_eq!(r.score.unwrap().to_string(), "-M1");
        read_cecp_thinking("9 100003 12 3456 a1a2", &mut r);
        assert_eq!(r.score.unwrap().to_string(), "+M3");
        read_cecp_thinking("9 -42 12 3456 a1a2", &mut r);
        assert_eq!(r.score, Some(Score::Cp(-42)));
    }
}
