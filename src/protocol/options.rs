//! The engine options both front ends offer, read and applied in one place:
//! `Hash`, `Threads`, `MultiPV`, `Move Overhead`, `Clear Hash`, and the
//! developer options `Dev_Values` and `Dev_<feature>` (docs/engine.md).
//! UCI declares them with `option` lines; XBoard sets them with `option`
//! (and `memory`, `cores`).

use crate::engine::{
    Engine, DEFAULT_HASH_MIB, DEFAULT_MOVE_OVERHEAD_MS, MAX_HASH_MIB, MAX_MOVE_OVERHEAD_MS,
    MAX_MULTIPV, MAX_THREADS,
};
use std::time::Duration;

/// A spin option: name, default, minimum, maximum.
pub struct Spin {
    /// Name as GUIs show it.
    pub name: &'static str,
    /// Default value.
    pub default: i64,
    /// Smallest value accepted.
    pub min: i64,
    /// Largest value accepted.
    pub max: i64,
}

/// The engine's spin options.
pub const SPINS: [Spin; 4] = [
    Spin {
        name: "Hash",
        default: DEFAULT_HASH_MIB as i64,
        min: 1,
        max: MAX_HASH_MIB as i64,
    },
    Spin {
        name: "Threads",
        default: 1,
        min: 1,
        max: MAX_THREADS as i64,
    },
    Spin {
        name: "MultiPV",
        default: 1,
        min: 1,
        max: MAX_MULTIPV as i64,
    },
    Spin {
        name: "Move Overhead",
        default: DEFAULT_MOVE_OVERHEAD_MS as i64,
        min: 0,
        max: MAX_MOVE_OVERHEAD_MS as i64,
    },
];

/// The value text, trimmed, if there is one.
pub fn value_of(v: Option<&str>) -> Option<&str> {
    v.map(str::trim).filter(|s| !s.is_empty())
}

/// Read a spin option's value within its range.
pub fn spin(name: &str, value: Option<&str>, min: i64, max: i64) -> Result<i64, String> {
    let s = value_of(value).ok_or_else(|| format!("option '{name}' needs a value"))?;
    let n: i64 = s
        .parse()
        .map_err(|_| format!("option '{name}': '{s}' is not a number"))?;
    if n < min || n > max {
        return Err(format!("option '{name}': {n} is out of range {min}..{max}"));
    }
    Ok(n)
}

/// Read a check option's value.
pub fn check(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value_of(value).map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(format!("option '{name}' takes true or false")),
    }
}

/// Apply an engine option. `None` if `name` is not one (the front end may
/// know it), else whether the value was good.
pub fn set(engine: &mut Engine, name: &str, value: Option<&str>) -> Option<Result<(), String>> {
    let key = name.trim().to_ascii_lowercase();
    let range = |i: usize| spin(name, value, SPINS[i].min, SPINS[i].max);
    Some(match key.as_str() {
        "hash" => range(0).and_then(|n| {
            let used = engine.set_hash_mib(n as usize);
            // A clamp is said, not hidden.
            match used < n as usize {
                true => Err(format!(
                    "Hash {n} MiB is more than half of this machine's memory; using {used} MiB"
                )),
                false => Ok(()),
            }
        }),
        "threads" => range(1).map(|n| engine.set_threads(n as usize)),
        "multipv" => range(2).map(|n| engine.set_multipv(n as usize)),
        "move overhead" => {
            range(3).map(|n| engine.set_move_overhead(Duration::from_millis(n as u64)))
        }
        "clear hash" => {
            engine.clear_hash();
            Ok(())
        }
        "dev_values" => value_of(value)
            .ok_or_else(|| "option 'Dev_Values' needs a value".to_string())
            .and_then(|v| engine.set_piece_values(v)),
        "dev_weights" => value_of(value)
            .ok_or_else(|| "option 'Dev_Weights' needs a file name".to_string())
            .and_then(|v| engine.set_weights_file(v)),
        _ => {
            // Developer switches for measuring search features (docs/engine.md).
            let feature = key.strip_prefix("dev_")?;
            match check(name, value) {
                Ok(on) if engine.set_feature(feature, on) => Ok(()),
                Ok(_) => return None,
                Err(e) => Err(e),
            }
        }
    })
}
