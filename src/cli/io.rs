//! Output that never panics and input that is bounded.
//!
//! `println!` panics when stdout is closed (`humpty perft 2 | true`); these
//! writers drop what cannot be written, so a command whose reader went away
//! still finishes its real work (a tuner still writes its weights). Files
//! are read with bounds, and an output file is checked for writability
//! before the work that fills it.

use humpty::engine::textfile;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::Path;

/// The value parser of an argument that names a file or folder: "" is
/// refused, since it would mean the working folder (`site ""` wrote there)
/// or, for `--db`, SQLite's throw-away temporary database.
pub fn path_parser() -> clap::builder::NonEmptyStringValueParser {
    clap::builder::NonEmptyStringValueParser::new()
}

/// Write `text` and a newline to stdout; a closed stdout is ignored.
pub fn out(text: impl std::fmt::Display) {
    let mut o = std::io::stdout().lock();
    let _ = writeln!(o, "{text}").and_then(|_| o.flush());
}

/// Write `text` and a newline to stderr; a closed stderr is ignored.
pub fn say(text: impl std::fmt::Display) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// The text of a file, bounded (`engine::textfile`), or a message naming it.
pub fn read_text(path: &str) -> Result<String, String> {
    textfile::read_text(path).map_err(|e| e.to_string())
}

/// Fail now if `path` cannot be written later: an existing file is opened
/// for appending (and left as it is), a new one is created and removed.
pub fn check_writable(path: &str) -> Result<(), String> {
    let bad = |e: std::io::Error| format!("cannot write {path}: {e}");
    if Path::new(path).is_dir() {
        return Err(format!("cannot write {path}: it is a directory"));
    }
    if Path::new(path).exists() {
        OpenOptions::new().append(true).open(path).map_err(bad)?;
    } else {
        File::create(path).map_err(bad)?;
        let _ = std::fs::remove_file(path);
    }
    Ok(())
}

/// Write `text` to `path`, or a message naming it.
pub fn write_file(path: &str, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))
}

/// A `--shard K/N`: the K-th of N shares, 1 <= K <= N.
pub fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard {text}: expected K/N with 1 <= K <= N (e.g. 2/8)");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writability_is_checked_without_a_trace() {
        let dir = std::env::temp_dir().join(format!("humpty-io-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("a.txt");
        std::fs::write(&f, "12345").unwrap();
        assert!(check_writable(f.to_str().unwrap()).is_ok());
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "12345");
        let new = dir.join("new.txt");
        assert!(check_writable(new.to_str().unwrap()).is_ok());
        assert!(!new.exists(), "the check leaves no file behind");
        assert!(check_writable(dir.to_str().unwrap()).is_err());
        assert!(check_writable("/nonexistent-dir/x.txt").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
