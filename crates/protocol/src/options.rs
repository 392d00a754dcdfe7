//! The engine options both front ends offer, read and applied in one place:
//! `Hash`, `Threads`, `MultiPV`, `Move Overhead`, `Clear Hash`, the
//! strength options, `Use NNUE`, `EvalFile` and `TablebasePath`, and the
//! developer options `Dev_Values` and `Dev_<feature>` (docs/engine.md).
//! UCI declares them with `option` lines; XBoard sets them with `option`
//! (and `memory`, `cores`).

use crate::engine::strength::{MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO, MIN_SKILL_LEVEL};
use crate::engine::TablebaseError;
use crate::engine::{
    Engine, EvalError, DEFAULT_EVAL_FILE, DEFAULT_HASH_MIB, DEFAULT_MOVE_OVERHEAD_MS,
    DEFAULT_USE_NNUE, MAX_HASH_MIB, MAX_MOVE_OVERHEAD_MS, MAX_MULTIPV, MAX_THREADS, NO_TABLEBASES,
};
use std::time::Duration;

/// What an option takes, as both protocols declare it.
#[derive(Clone, Copy, Debug)]
pub enum OptionKind {
    /// A whole number within a range.
    Spin {
        /// Default value.
        default: i64,
        /// Smallest value accepted.
        min: i64,
        /// Largest value accepted.
        max: i64,
    },
    /// On or off.
    Check {
        /// Default value.
        default: bool,
    },
    /// An action with no value.
    Button,
    /// Free text, such as a file name.
    Text {
        /// Default value.
        default: &'static str,
    },
}

/// Why an option's value was refused, or applied only in part.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionError {
    /// No value given (the option's name).
    NoValue(String),
    /// No file name given (the option's name).
    NoFile(String),
    /// A spin's value that is not a number.
    NotANumber {
        /// The option.
        name: String,
        /// The text given.
        text: String,
    },
    /// A spin's value out of its range.
    OutOfRange {
        /// The option.
        name: String,
        /// The value given.
        value: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// A check's value that is neither `true` nor `false` (the option).
    NotABool(String),
    /// `Hash` past what this host holds: the MiB asked and used.
    HashClamped(i64, usize),
    /// `Threads` past the machine's: the threads asked and used.
    ThreadsClamped(i64, usize),
    /// An evaluation option refused by the engine.
    Eval(EvalError),
    /// A tablebase folder refused by the engine.
    Tablebase(TablebaseError),
    /// A variant other than this game's (the name given).
    Variant(String),
    /// No such option (the name given).
    Unknown(String),
}

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionError::NoValue(name) => write!(f, "option '{name}' needs a value"),
            OptionError::NoFile(name) => write!(f, "option '{name}' needs a file name"),
            OptionError::NotANumber { name, text } => {
                write!(f, "option '{name}': '{text}' is not a number")
            }
            OptionError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(f, "option '{name}': {value} is out of range {min}..{max}"),
            OptionError::NotABool(name) => write!(f, "option '{name}' takes true or false"),
            OptionError::HashClamped(n, used) => write!(
                f,
                "Hash {n} MiB is more than this host holds (half of the machine's memory, {} MiB in WebAssembly); using {used} MiB",
                crate::engine::WASM_HASH_LIMIT_MIB
            ),
            OptionError::ThreadsClamped(n, used) => write!(
                f,
                "Threads {n}: this machine runs {used} threads at once; searching with {used}"
            ),
            OptionError::Eval(e) => write!(f, "{e}"),
            OptionError::Tablebase(e) => write!(f, "{e}"),
            OptionError::Variant(v) => write!(
                f,
                "variant '{v}' is not supported (only '{}')",
                crate::VARIANT
            ),
            OptionError::Unknown(name) => write!(f, "unknown option '{name}'"),
        }
    }
}

impl std::error::Error for OptionError {}

/// What setting an option does with its value.
#[derive(Clone, Copy)]
pub enum Apply {
    /// Takes the spin's value, the check as 0 or 1, or 0 for a button.
    Number(fn(&mut Engine, i64) -> Result<(), OptionError>),
    /// Takes the text.
    Text(fn(&mut Engine, &str) -> Result<(), OptionError>),
}

/// One engine option: its name, its kind and what setting it does (the
/// spin's value, or 0 for a button).
pub struct EngineOption {
    /// Name as GUIs show it.
    pub name: &'static str,
    /// What it takes.
    pub kind: OptionKind,
    /// XBoard sets it with a command of its own (`memory`, `cores`), not
    /// with `option`.
    pub xboard_command: bool,
    apply: Apply,
}

/// The engine's options, in the order GUIs list them.
pub const ENGINE_OPTIONS: [EngineOption; 12] = [
    EngineOption {
        name: "Hash",
        kind: OptionKind::Spin {
            default: DEFAULT_HASH_MIB as i64,
            min: 1,
            max: MAX_HASH_MIB as i64,
        },
        xboard_command: true,
        apply: Apply::Number(set_hash),
    },
    EngineOption {
        name: "Threads",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: MAX_THREADS as i64,
        },
        xboard_command: true,
        apply: Apply::Number(set_threads),
    },
    EngineOption {
        name: "MultiPV",
        kind: OptionKind::Spin {
            default: 1,
            min: 1,
            max: MAX_MULTIPV as i64,
        },
        xboard_command: false,
        apply: Apply::Number(|e, n| {
            e.set_multipv(n as usize);
            Ok(())
        }),
    },
    EngineOption {
        name: "Move Overhead",
        kind: OptionKind::Spin {
            default: DEFAULT_MOVE_OVERHEAD_MS as i64,
            min: 0,
            max: MAX_MOVE_OVERHEAD_MS as i64,
        },
        xboard_command: false,
        apply: Apply::Number(|e, n| {
            e.set_move_overhead(Duration::from_millis(n as u64));
            Ok(())
        }),
    },
    EngineOption {
        name: "Skill Level",
        kind: OptionKind::Spin {
            default: MAX_SKILL_LEVEL,
            min: MIN_SKILL_LEVEL,
            max: MAX_SKILL_LEVEL,
        },
        xboard_command: false,
        apply: Apply::Number(|e, n| {
            e.strength_mut().level = n;
            Ok(())
        }),
    },
    EngineOption {
        name: "UCI_LimitStrength",
        kind: OptionKind::Check { default: false },
        xboard_command: false,
        apply: Apply::Number(|e, on| {
            e.strength_mut().limit = on != 0;
            Ok(())
        }),
    },
    EngineOption {
        name: "UCI_Elo",
        kind: OptionKind::Spin {
            default: MIN_ELO,
            min: MIN_ELO,
            max: MAX_ELO,
        },
        xboard_command: false,
        apply: Apply::Number(|e, n| {
            e.strength_mut().elo = n;
            Ok(())
        }),
    },
    EngineOption {
        name: "Skill Seed",
        kind: OptionKind::Spin {
            default: 0,
            min: 0,
            max: i32::MAX as i64,
        },
        xboard_command: false,
        apply: Apply::Number(|e, n| {
            e.strength_mut().set_seed(n as u64);
            Ok(())
        }),
    },
    EngineOption {
        name: "Clear Hash",
        kind: OptionKind::Button,
        xboard_command: false,
        apply: Apply::Number(|e, _| {
            e.clear_hash();
            Ok(())
        }),
    },
    EngineOption {
        name: "Use NNUE",
        kind: OptionKind::Check {
            default: DEFAULT_USE_NNUE,
        },
        xboard_command: false,
        apply: Apply::Number(|e, on| {
            e.set_use_nnue(on != 0);
            Ok(())
        }),
    },
    EngineOption {
        name: "EvalFile",
        kind: OptionKind::Text {
            default: DEFAULT_EVAL_FILE,
        },
        xboard_command: false,
        apply: Apply::Text(|e, path| e.set_eval_file(path).map_err(OptionError::Eval)),
    },
    EngineOption {
        name: "TablebasePath",
        kind: OptionKind::Text {
            default: NO_TABLEBASES,
        },
        xboard_command: false,
        apply: Apply::Text(|e, dir| {
            e.set_tablebase_path(dir)
                .map(|_| ())
                .map_err(OptionError::Tablebase)
        }),
    },
];

/// `Hash`: a clamp to the machine's memory is said, not hidden.
fn set_hash(engine: &mut Engine, n: i64) -> Result<(), OptionError> {
    let used = engine.set_hash_mib(n as usize);
    if used < n as usize {
        return Err(OptionError::HashClamped(n, used));
    }
    Ok(())
}

/// `Threads`: running fewer than asked (the machine's hardware threads)
/// is said, not hidden.
fn set_threads(engine: &mut Engine, n: i64) -> Result<(), OptionError> {
    let used = engine.set_threads(n as usize);
    if used < n as usize {
        return Err(OptionError::ThreadsClamped(n, used));
    }
    Ok(())
}

/// The engine option called `name` (any case, spaces around trimmed).
pub fn find(name: &str) -> Option<&'static EngineOption> {
    let name = name.trim();
    ENGINE_OPTIONS
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name))
}

/// XBoard's `feature option="..."` text of an option.
pub fn xboard_feature(o: &EngineOption) -> String {
    match o.kind {
        OptionKind::Spin { default, min, max } => {
            format!("option=\"{} -spin {default} {min} {max}\"", o.name)
        }
        OptionKind::Check { default } => {
            format!("option=\"{} -check {}\"", o.name, u8::from(default))
        }
        OptionKind::Button => format!("option=\"{} -button\"", o.name),
        OptionKind::Text { default } => format!("option=\"{} -file {default}\"", o.name),
    }
}

/// The value text, trimmed, if there is one.
pub fn value_of(v: Option<&str>) -> Option<&str> {
    v.map(str::trim).filter(|s| !s.is_empty())
}

/// Read a spin option's value within its range.
pub fn spin(name: &str, value: Option<&str>, min: i64, max: i64) -> Result<i64, OptionError> {
    let s = value_of(value).ok_or_else(|| OptionError::NoValue(name.to_string()))?;
    let n: i64 = s.parse().map_err(|_| OptionError::NotANumber {
        name: name.to_string(),
        text: s.to_string(),
    })?;
    if n < min || n > max {
        return Err(OptionError::OutOfRange {
            name: name.to_string(),
            value: n,
            min,
            max,
        });
    }
    Ok(n)
}

/// Read a check option's value.
pub fn check(name: &str, value: Option<&str>) -> Result<bool, OptionError> {
    match value_of(value).map(str::to_ascii_lowercase).as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(OptionError::NotABool(name.to_string())),
    }
}

/// Apply an engine option. `None` if `name` is not one (the front end may
/// know it), else whether the value was good.
pub fn set(
    engine: &mut Engine,
    name: &str,
    value: Option<&str>,
) -> Option<Result<(), OptionError>> {
    if let Some(o) = find(name) {
        let n = match o.kind {
            OptionKind::Spin { min, max, .. } => spin(o.name, value, min, max),
            OptionKind::Check { .. } => check(o.name, value).map(i64::from),
            OptionKind::Button | OptionKind::Text { .. } => Ok(0),
        };
        return Some(match o.apply {
            Apply::Number(apply) => n.and_then(|n| apply(engine, n)),
            Apply::Text(apply) => apply(engine, value.map_or("", str::trim)),
        });
    }
    let key = name.trim().to_ascii_lowercase();
    Some(match key.as_str() {
        "dev_values" => value_of(value)
            .ok_or_else(|| OptionError::NoValue("Dev_Values".into()))
            .and_then(|v| engine.set_piece_values(v).map_err(OptionError::Eval)),
        "dev_randommover" => check(name, value).map(|on| engine.strength_mut().random_mover = on),
        "dev_weights" => value_of(value)
            .ok_or_else(|| OptionError::NoFile("Dev_Weights".into()))
            .and_then(|v| engine.set_weights_file(v).map_err(OptionError::Eval)),
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
