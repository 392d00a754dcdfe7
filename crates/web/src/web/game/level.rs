//! The engine's strength on the web board: the engine's skill levels
//! (the same `Skill Level` UCI and XBoard offer, docs/levels.md), full
//! strength at a time per move, or a custom time or node count.

use crate::engine::strength::{elo_of_level, MAX_SKILL_LEVEL, MIN_SKILL_LEVEL};
use crate::engine::GoParams;
use serde::{Deserialize, Serialize};
use serde_json::Number;
use std::time::Duration;

/// How hard the engine thinks per move; on the wire as `LevelJson`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "LevelJson", into = "LevelJson")]
pub enum Level {
    /// Full strength for this long per move.
    MoveTime(Duration),
    /// Full strength for this many nodes per move.
    Nodes(u64),
    /// `Skill Level` -11 (weakest) to 19.
    Skill(i8),
}

/// A level the page lists: its name, the level, and a description.
pub(crate) struct NamedLevel {
    /// The name (`level--11` ... `level-19`, `club`, `strong`, `maximum`).
    pub name: String,
    /// The level.
    pub level: Level,
    /// What it is, with its Elo where the ladder has measured it.
    pub about: String,
    /// How the page lists it: `Level -6 · 1335 Elo`.
    pub label: String,
    /// The group it is listed in (`GROUPS`).
    pub group: &'static str,
}

/// The page's groups of levels, weakest first, each with the lowest
/// measured Elo it holds (full strength: the time levels).
pub(crate) const GROUPS: [(&str, i64); 3] = [("beginner", 0), ("club", 1500), ("strong", 2500)];

/// The group of full strength's time levels.
pub(crate) const FULL_GROUP: &str = "full";

/// The group of a skill level of this Elo.
fn group_of(elo: Option<i64>) -> &'static str {
    let elo = elo.unwrap_or(0);
    GROUPS
        .iter()
        .rev()
        .find(|&&(_, low)| elo >= low)
        .map_or(GROUPS[0].0, |&(name, _)| name)
}

/// Full strength at a time per move: (name, milliseconds).
const FULL: [(&str, u64); 3] = [("club", 300), ("strong", 1000), ("maximum", 3000)];

/// Names of v2's node levels, still read by scripts.
const OLD_NAMES: [(&str, u64); 2] = [("beginner", 300), ("casual", 5_000)];

/// A skill level's longest think (its node budget ends it far sooner).
pub(crate) const SKILL_MOVETIME: Duration = Duration::from_secs(1);

/// The listed levels, weakest first: every skill level, then full strength.
pub(crate) fn named() -> Vec<NamedLevel> {
    let skills = (MIN_SKILL_LEVEL as i8..MAX_SKILL_LEVEL as i8).map(|l| NamedLevel {
        name: format!("level-{l}"),
        level: Level::Skill(l),
        about: match elo_of_level(l) {
            Some(elo) => format!("skill {l}, {elo} Elo"),
            None => format!("skill {l}"),
        },
        label: match elo_of_level(l) {
            Some(elo) => format!("Level {l} · {elo} Elo"),
            None => format!("Level {l}"),
        },
        group: group_of(elo_of_level(l)),
    });
    let full = FULL.iter().map(|&(name, ms)| {
        let secs = ms as f64 / 1000.0;
        NamedLevel {
            name: name.into(),
            level: Level::MoveTime(Duration::from_millis(ms)),
            about: format!("full strength, {secs} s a move"),
            label: format!("Full strength · {secs} s a move"),
            group: FULL_GROUP,
        }
    });
    skills.chain(full).collect()
}

/// The level a new game gets: one a newcomer can beat (docs/web.md).
pub(crate) const DEFAULT: Level = Level::Skill(-6);

/// Longest time per move a client may ask for.
pub(crate) const MAX_MOVETIME_MS: u64 = 60_000;
/// Most nodes per move a client may ask for.
pub(crate) const MAX_NODES: u64 = 100_000_000;

impl Level {
    /// A named level (also v2's `beginner` and `casual`).
    pub fn named(name: &str) -> Option<Level> {
        let old = OLD_NAMES.iter().find(|(n, _)| *n == name);
        if let Some(&(_, nodes)) = old {
            return Some(Level::Nodes(nodes));
        }
        named()
            .into_iter()
            .find(|n| n.name == name)
            .map(|n| n.level)
    }

    /// The `Skill Level` an engine move is searched at.
    pub fn skill_level(self) -> i64 {
        match self {
            Level::Skill(l) => i64::from(l),
            _ => MAX_SKILL_LEVEL,
        }
    }

    /// The search limits of one engine move.
    pub fn go_params(self) -> GoParams {
        match self {
            Level::Skill(_) => GoParams {
                movetime: Some(SKILL_MOVETIME),
                ..GoParams::default()
            },
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

/// A level on the wire: `{"name": "club"}`, `{"skill": 3}`,
/// `{"movetime_ms": 500}` or `{"nodes": 20000}`; written with its name
/// (null for a custom one) and the one field that says what it is.
#[derive(Serialize, Deserialize)]
pub(crate) struct LevelJson {
    #[serde(default)]
    name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    skill: Option<Number>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    movetime_ms: Option<Number>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    nodes: Option<Number>,
}

impl TryFrom<LevelJson> for Level {
    type Error = String;

    /// A name wins; otherwise the one limit given, within its range.
    fn try_from(v: LevelJson) -> Result<Level, String> {
        if let Some(name) = v.name {
            return Level::named(&name).ok_or_else(|| {
                let names: Vec<String> = named().into_iter().map(|n| n.name).collect();
                format!("unknown level '{name}' (one of {})", names.join(", "))
            });
        }
        if let Some(skill) = v.skill {
            return match skill.as_i64() {
                Some(l) if (MIN_SKILL_LEVEL..MAX_SKILL_LEVEL).contains(&l) => {
                    Ok(Level::Skill(l as i8))
                }
                _ => Err(format!(
                    "skill must be {MIN_SKILL_LEVEL} to {}",
                    MAX_SKILL_LEVEL - 1
                )),
            };
        }
        if let Some(ms) = v.movetime_ms {
            return match ms.as_u64() {
                Some(ms) if (10..=MAX_MOVETIME_MS).contains(&ms) => {
                    Ok(Level::MoveTime(Duration::from_millis(ms)))
                }
                _ => Err(format!("movetime_ms must be 10 to {MAX_MOVETIME_MS}")),
            };
        }
        if let Some(n) = v.nodes {
            return match n.as_u64() {
                Some(n) if (1..=MAX_NODES).contains(&n) => Ok(Level::Nodes(n)),
                _ => Err(format!("nodes must be 1 to {MAX_NODES}")),
            };
        }
        Err("a level is {\"name\": ...}, {\"skill\": ...}, {\"movetime_ms\": ...} or {\"nodes\": ...}".into())
    }
}

impl From<Level> for LevelJson {
    fn from(level: Level) -> LevelJson {
        let name = named()
            .into_iter()
            .find(|n| n.level == level)
            .map(|n| n.name);
        let mut v = LevelJson {
            name,
            skill: None,
            movetime_ms: None,
            nodes: None,
        };
        match level {
            Level::Skill(l) => v.skill = Some(l.into()),
            Level::MoveTime(d) => v.movetime_ms = Some((d.as_millis() as u64).into()),
            Level::Nodes(n) => v.nodes = Some(n.into()),
        }
        v
    }
}

/// One level as the page lists it.
#[derive(Serialize)]
struct ListedLevel {
    name: String,
    about: String,
    label: String,
    group: &'static str,
    level: Level,
}

/// `GET /api/levels`: the named levels, their groups and the default (also
/// the static site's).
#[derive(Serialize)]
pub(crate) struct Levels {
    levels: Vec<ListedLevel>,
    groups: Vec<&'static str>,
    default: Level,
}

/// The named levels and the default.
pub(crate) fn levels() -> Levels {
    let levels = named()
        .into_iter()
        .map(|n| ListedLevel {
            name: n.name,
            about: n.about,
            label: n.label,
            group: n.group,
            level: n.level,
        })
        .collect();
    let groups = GROUPS.iter().map(|g| g.0).chain([FULL_GROUP]).collect();
    Levels {
        levels,
        groups,
        default: DEFAULT,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn read(v: Value) -> Option<Level> {
        Level::deserialize(&v).ok()
    }

    #[test]
    fn levels_read_and_write() {
        assert_eq!(read(json!({"name": "casual"})), Some(Level::Nodes(5000)));
        assert_eq!(read(json!({"name": "level-3"})), Some(Level::Skill(3)));
        assert_eq!(read(json!({"skill": 19})), Some(Level::Skill(19)));
        assert!(read(json!({"skill": 20})).is_none());
        assert_eq!(read(json!({"name": "level--11"})), Some(Level::Skill(-11)));
        assert!(read(json!({"skill": -12})).is_none());
        assert!(read(json!({"skill": 1e30})).is_none());
        assert_eq!(
            read(json!({"movetime_ms": 500})),
            Some(Level::MoveTime(Duration::from_millis(500)))
        );
        assert!(read(json!({"movetime_ms": 0})).is_none());
        assert!(read(json!({"nodes": -1})).is_none());
        assert!(read(json!({"name": "godlike"})).is_none());
        assert!(read(json!(3)).is_none());
        let all = named();
        assert_eq!(
            all.len(),
            34,
            "levels -11 to 19 and three full-strength times"
        );
        for n in all {
            assert_eq!(read(serde_json::to_value(n.level).unwrap()), Some(n.level));
        }
    }
}
