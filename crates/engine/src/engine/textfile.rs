//! Text files read with bounds: a size cap, a line-length cap, and a
//! refusal of binary data at the first NUL byte, so that `/dev/zero`, a
//! huge or a binary file is refused at once instead of filling memory.
//! Every command and option that reads a file (weights, PGN, openings)
//! comes here, and so does the one binary file, a net (`read_bytes`).
//! A file the host wrote (`host::write_file`, a WebAssembly worker's
//! `FS`) is found before the file system's.

use crate::search::host;
use std::fs::File;
use std::io::{Cursor, Read};

/// The file at `path`, the host's first.
fn open(path: &str) -> std::io::Result<Box<dyn Read>> {
    match host::file(path) {
        Some(bytes) => Ok(Box::new(Cursor::new(bytes))),
        None => Ok(Box::new(File::open(path)?)),
    }
}

/// A file that was not read, and why: its message names the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The path asked for.
    pub path: String,
    /// What was wrong with it.
    pub problem: FileProblem,
}

/// What was wrong with a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblem {
    /// The system's answer (no such file, no permission, ...).
    Io(String),
    /// A NUL byte in what should be text.
    Binary,
    /// A line past this many bytes.
    LineTooLong(usize),
    /// More than this many bytes.
    TooLarge(u64),
    /// A pipe, a device or a folder.
    NotRegular,
    /// Text that is not UTF-8.
    NotUtf8,
}

impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot read {}: ", self.path)?;
        match &self.problem {
            FileProblem::Io(e) => write!(f, "{e}"),
            FileProblem::Binary => write!(f, "binary data (a NUL byte), not a text file"),
            FileProblem::LineTooLong(cap) => write!(f, "a line is longer than {cap} bytes"),
            FileProblem::TooLarge(cap) => write!(f, "larger than {cap} bytes"),
            FileProblem::NotRegular => {
                write!(f, "not a regular file (a pipe, a device or a folder)")
            }
            FileProblem::NotUtf8 => write!(f, "not UTF-8 text"),
        }
    }
}

impl std::error::Error for FileError {}

/// The error for `path` with this problem.
fn failed(path: &str, problem: FileProblem) -> FileError {
    FileError {
        path: path.to_string(),
        problem,
    }
}

/// The largest text file read (a PGN of a very long match fits).
pub const MAX_FILE_BYTES: u64 = 256 << 20;
/// The longest line accepted in such a file.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The text of the file at `path`, within `MAX_FILE_BYTES` and
/// `MAX_LINE_BYTES`, or a message naming the file.
pub fn read_text(path: &str) -> Result<String, FileError> {
    read_text_capped(path, MAX_FILE_BYTES, MAX_LINE_BYTES)
}

/// The text of the file at `path` of at most `cap` bytes whose lines have
/// at most `line_cap` bytes, or a message naming the file.
pub fn read_text_capped(path: &str, cap: u64, line_cap: usize) -> Result<String, FileError> {
    let fail = |problem| failed(path, problem);
    let mut file = open(path).map_err(|e| fail(FileProblem::Io(e.to_string())))?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    let mut line = 0usize;
    loop {
        let n = file
            .read(&mut chunk)
            .map_err(|e| fail(FileProblem::Io(e.to_string())))?;
        if n == 0 {
            break;
        }
        for &b in &chunk[..n] {
            match b {
                0 => return Err(fail(FileProblem::Binary)),
                b'\n' => line = 0,
                _ => line += 1,
            }
            if line > line_cap {
                return Err(fail(FileProblem::LineTooLong(line_cap)));
            }
        }
        bytes.extend_from_slice(&chunk[..n]);
        if bytes.len() as u64 > cap {
            return Err(fail(FileProblem::TooLarge(cap)));
        }
    }
    String::from_utf8(bytes).map_err(|_| fail(FileProblem::NotUtf8))
}

/// Refuse anything at `path` but a regular file: opening a FIFO blocks
/// until a writer comes, and a device may never end, so an engine option
/// naming one would hang the input loop (a GUI's `isready` unanswered).
pub fn regular_file(path: &str) -> Result<(), FileError> {
    if host::file(path).is_some() {
        return Ok(());
    }
    let meta = std::fs::metadata(path).map_err(|e| failed(path, FileProblem::Io(e.to_string())))?;
    if meta.is_file() {
        Ok(())
    } else {
        Err(failed(path, FileProblem::NotRegular))
    }
}

/// The bytes of the file at `path`, refused past `cap` bytes (a device
/// or a huge file is not read to its end), or a message naming the file.
pub fn read_bytes(path: &str, cap: u64) -> Result<Vec<u8>, FileError> {
    let io = |e: std::io::Error| failed(path, FileProblem::Io(e.to_string()));
    let file = open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > cap {
        return Err(failed(path, FileProblem::TooLarge(cap)));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_file_is_read_before_the_file_system() {
        let path = "/nonexistent/humpty-host-file.txt";
        assert!(read_text(path).is_err());
        host::write_file(path, b"ab\ncd\n").unwrap();
        assert_eq!(regular_file(path), Ok(()));
        assert_eq!(read_text(path).unwrap(), "ab\ncd\n");
        assert_eq!(read_bytes(path, 6).unwrap(), b"ab\ncd\n");
        assert!(read_bytes(path, 5)
            .unwrap_err()
            .to_string()
            .contains("larger than 5"));
        let big = vec![0u8; host::HOST_FILES_LIMIT + 1];
        assert!(host::write_file("/nonexistent/big", &big).is_err());
        assert!(host::remove_file(path));
        assert!(read_text(path).is_err());
    }

    #[test]
    fn devices_huge_lines_and_binary_are_refused() {
        let err = read_text("/dev/zero").unwrap_err();
        assert_eq!(err.problem, FileProblem::Binary);
        assert!(err.to_string().contains("NUL"), "{err}");
        let dir = std::env::temp_dir().join(format!("humpty-text-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("t.txt");
        std::fs::write(&f, "ab\ncdef\n").unwrap();
        let p = f.to_str().unwrap();
        assert_eq!(read_text_capped(p, 100, 4).unwrap(), "ab\ncdef\n");
        assert_eq!(
            read_text_capped(p, 100, 3).unwrap_err().problem,
            FileProblem::LineTooLong(3)
        );
        assert_eq!(
            read_text_capped(p, 5, 100).unwrap_err().problem,
            FileProblem::TooLarge(5)
        );
        std::fs::write(&f, [0xff, 0xfe]).unwrap();
        assert_eq!(read_text(p).unwrap_err().problem, FileProblem::NotUtf8);
        assert!(read_text("/nonexistent/x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
