//! What a match is asked to do: the engines, the time control, the
//! openings and their order, adjudication, PGN and sharding. The runner,
//! one game, adjudication and the PGN writer all read it.

use super::player::EngineSpec;
use super::stats::Sprt;
use crate::engine::TimeControl;
use std::path::PathBuf;
use std::time::Duration;

/// Draw adjudication: after `move_number`, both engines' last `move_count`
/// scores within `score` centipawns of 0.
#[derive(Clone, Copy, Debug)]
pub struct DrawAdjudication {
    /// First full move at which it may apply.
    pub move_number: u32,
    /// Consecutive moves of each engine.
    pub move_count: usize,
    /// Centipawn band.
    pub score: i32,
}

/// Win adjudication: both engines agree one side is ahead by `score` for
/// `move_count` moves each.
#[derive(Clone, Copy, Debug)]
pub struct ResignAdjudication {
    /// Consecutive moves of each engine.
    pub move_count: usize,
    /// Centipawn threshold.
    pub score: i32,
}

/// How moves are written in PGN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Notation {
    /// Standard Algebraic Notation (`Axi6+`, `c8=G`, `O-O`).
    #[default]
    San,
    /// Wire coordinates (`e2i6`, `c7c8g`, `g1j1`).
    Coordinate,
}

/// Order of the openings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningOrder {
    /// As in the file.
    Sequential,
    /// Shuffled with this seed.
    Random(u64),
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Two engines (a match) or more (a round robin).
    pub engines: Vec<EngineSpec>,
    /// Time control for every game.
    pub tc: TimeControl,
    /// Grace beyond the clock before a move counts as late.
    pub margin: Duration,
    /// How long to wait for a move under node/depth limits before calling it a hang.
    pub hang_timeout: Duration,
    /// Start positions (FEN); empty means the standard start position.
    pub openings: Vec<String>,
    /// Opening order.
    pub order: OpeningOrder,
    /// Game pairs per engine pair (each opening is played twice, colours swapped).
    pub rounds: usize,
    /// Games in parallel.
    pub concurrency: usize,
    /// Where to append PGN.
    pub pgn: Option<PathBuf>,
    /// Stop early by SPRT (two engines only).
    pub sprt: Option<Sprt>,
    /// Optional draw adjudication.
    pub draw: Option<DrawAdjudication>,
    /// Optional win adjudication.
    pub resign: Option<ResignAdjudication>,
    /// Adjudicate a draw after this many plies (safety net), if set.
    pub max_plies: Option<usize>,
    /// Event name for PGN.
    pub event: String,
    /// How PGN writes moves.
    pub notation: Notation,
    /// Play only shard K of N (1-based K): the game pairs whose index is
    /// K-1 modulo N.
    pub shard: Option<(usize, usize)>,
}

/// A match that cannot be played as configured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// Fewer than two engines.
    Engines,
    /// A node limit of 0.
    Nodes,
    /// A depth limit of 0.
    Depth,
    /// A move time of 0.
    MoveTime,
    /// A clock with no base time.
    Base,
    /// A clock period of 0 moves.
    Period,
    /// No games or no workers.
    NoGames,
    /// A move limit of 0.
    MaxPlies,
    /// An adjudication window of 0 moves.
    Adjudication,
    /// A shard K/N outside 1 <= K <= N.
    Shard,
    /// An engine's own clock (`tc=`) in a match that is not played on
    /// clocks, or with no base time.
    EngineClock,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ConfigError::Engines => "a match needs at least two engines",
            ConfigError::Nodes => "--nodes must be at least 1",
            ConfigError::Depth => "--depth must be at least 1",
            ConfigError::MoveTime => "--st must be more than 0 seconds",
            ConfigError::Base => "--tc needs a base time above 0",
            ConfigError::Period => "--tc needs at least 1 move per period",
            ConfigError::NoGames => "a match needs at least one game and one worker",
            ConfigError::MaxPlies => "--maxplies must be at least 1",
            ConfigError::Adjudication => "adjudication needs movecount of at least 1",
            ConfigError::Shard => "--shard K/N needs 1 <= K <= N",
            ConfigError::EngineClock => {
                "an engine's own tc= needs --tc to be a clock too, and a base time above 0"
            }
        })
    }
}

impl std::error::Error for ConfigError {}

impl MatchConfig {
    /// Refuse, before the first game, limits no engine can meet and counts
    /// that make no match: a zero node, time or depth limit, no games, no
    /// workers, a zero move limit or adjudication window.
    pub fn check(&self) -> Result<(), ConfigError> {
        if self.engines.len() < 2 {
            return Err(ConfigError::Engines);
        }
        match self.tc {
            TimeControl::Nodes(0) => return Err(ConfigError::Nodes),
            TimeControl::Depth(0) => return Err(ConfigError::Depth),
            TimeControl::MoveTime(t) if t.is_zero() => return Err(ConfigError::MoveTime),
            TimeControl::Clock { base, .. } if base.is_zero() => return Err(ConfigError::Base),
            TimeControl::Clock { moves: Some(0), .. } => return Err(ConfigError::Period),
            _ => {}
        }
        if self.rounds == 0 || self.concurrency == 0 {
            return Err(ConfigError::NoGames);
        }
        if self.max_plies == Some(0) {
            return Err(ConfigError::MaxPlies);
        }
        let window = [
            self.draw.map(|d| d.move_count),
            self.resign.map(|r| r.move_count),
        ];
        if window.contains(&Some(0)) {
            return Err(ConfigError::Adjudication);
        }
        if self.shard.is_some_and(|(k, n)| k == 0 || k > n) {
            return Err(ConfigError::Shard);
        }
        let clock = |tc: &TimeControl| matches!(tc, TimeControl::Clock { base, moves, .. } if !base.is_zero() && *moves != Some(0));
        let own = self.engines.iter().filter_map(|e| e.tc.as_ref());
        if own.clone().next().is_some() && (!clock(&self.tc) || !own.clone().all(clock)) {
            return Err(ConfigError::EngineClock);
        }
        Ok(())
    }
}
