//! The engine's strength on the web board: a few named levels, or a time
//! per move, or a node count.

use crate::engine::GoParams;
use std::time::Duration;

/// How hard the engine thinks per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Think this long per move.
    MoveTime(Duration),
    /// Search this many nodes per move.
    Nodes(u64),
}

/// The named levels, weakest first: (name, level, description).
pub const NAMED: &[(&str, Level, &str)] = &[
    ("beginner", Level::Nodes(300), "300 nodes a move"),
    ("casual", Level::Nodes(5_000), "5,000 nodes a move"),
    (
        "club",
        Level::MoveTime(Duration::from_millis(300)),
        "0.3 s a move",
    ),
    (
        "strong",
        Level::MoveTime(Duration::from_secs(1)),
        "1 s a move",
    ),
    (
        "maximum",
        Level::MoveTime(Duration::from_secs(3)),
        "3 s a move",
    ),
];

/// The level a new game gets.
pub const DEFAULT: Level = Level::MoveTime(Duration::from_millis(300));

/// Longest time per move a client may ask for.
pub const MAX_MOVETIME_MS: u64 = 60_000;
/// Most nodes per move a client may ask for.
pub const MAX_NODES: u64 = 100_000_000;

impl Level {
    /// A named level.
    pub fn named(name: &str) -> Option<Level> {
        NAMED
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, l, _)| *l)
    }

    /// The level from a JSON object: `{"name": "club"}`,
    /// `{"movetime_ms": 500}` or `{"nodes": 20000}`.
    pub fn from_json(v: &serde_json::Value) -> Result<Level, String> {
        if let Some(name) = v.get("name").and_then(|n| n.as_str()) {
            return Level::named(name).ok_or_else(|| {
                let names: Vec<&str> = NAMED.iter().map(|(n, _, _)| *n).collect();
                format!("unknown level '{name}' (one of {})", names.join(", "))
            });
        }
        if let Some(ms) = v.get("movetime_ms") {
            return match ms.as_u64() {
                Some(ms) if (10..=MAX_MOVETIME_MS).contains(&ms) => {
                    Ok(Level::MoveTime(Duration::from_millis(ms)))
                }
                _ => Err(format!("movetime_ms must be 10 to {MAX_MOVETIME_MS}")),
            };
        }
        if let Some(n) = v.get("nodes") {
            return match n.as_u64() {
                Some(n) if (1..=MAX_NODES).contains(&n) => Ok(Level::Nodes(n)),
                _ => Err(format!("nodes must be 1 to {MAX_NODES}")),
            };
        }
        Err("a level is {\"name\": ...}, {\"movetime_ms\": ...} or {\"nodes\": ...}".into())
    }

    /// The level as JSON (the form `from_json` reads, plus its name).
    pub fn to_json(self) -> serde_json::Value {
        let name = NAMED
            .iter()
            .find(|(_, l, _)| *l == self)
            .map(|(n, _, _)| *n);
        match self {
            Level::MoveTime(d) => {
                serde_json::json!({"name": name, "movetime_ms": d.as_millis() as u64})
            }
            Level::Nodes(n) => serde_json::json!({"name": name, "nodes": n}),
        }
    }

    /// The search limits of one engine move.
    pub fn go_params(self) -> GoParams {
        match self {
            Level::MoveTime(d) => GoParams {
                movetime: Some(d),
                ..GoParams::default()
            },
            Level::Nodes(n) => GoParams {
                nodes: Some(n),
                ..GoParams::default()
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn levels_read_and_write() {
        assert_eq!(
            Level::from_json(&json!({"name": "casual"})),
            Ok(Level::Nodes(5000))
        );
        assert_eq!(
            Level::from_json(&json!({"movetime_ms": 500})),
            Ok(Level::MoveTime(Duration::from_millis(500)))
        );
        assert!(Level::from_json(&json!({"movetime_ms": 0})).is_err());
        assert!(Level::from_json(&json!({"nodes": -1})).is_err());
        assert!(Level::from_json(&json!({"name": "godlike"})).is_err());
        assert!(Level::from_json(&json!(3)).is_err());
        for (_, l, _) in NAMED {
            assert_eq!(Level::from_json(&l.to_json()), Ok(*l));
        }
    }
}
