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

/// The largest text file read (a PGN of a very long match fits).
pub const MAX_FILE_BYTES: u64 = 256 << 20;
/// The longest line accepted in such a file.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The text of the file at `path`, within `MAX_FILE_BYTES` and
/// `MAX_LINE_BYTES`, or a message naming the file.
pub fn read_text(path: &str) -> Result<String, String> {
    read_text_capped(path, MAX_FILE_BYTES, MAX_LINE_BYTES)
}

/// The text of the file at `path` of at most `cap` bytes whose lines have
/// at most `line_cap` bytes, or a message naming the file.
pub fn read_text_capped(path: &str, cap: u64, line_cap: usize) -> Result<String, String> {
    let fail = |why: String| format!("cannot read {path}: {why}");
    let mut file = open(path).map_err(|e| fail(e.to_string()))?;
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 64 << 10];
    let mut line = 0usize;
    loop {
        let n = file.read(&mut chunk).map_err(|e| fail(e.to_string()))?;
        if n == 0 {
            break;
        }
        for &b in &chunk[..n] {
            match b {
                0 => return Err(fail("binary data (a NUL byte), not a text file".into())),
                b'\n' => line = 0,
                _ => line += 1,
            }
            if line > line_cap {
                return Err(fail(format!("a line is longer than {line_cap} bytes")));
            }
        }
        bytes.extend_from_slice(&chunk[..n]);
        if bytes.len() as u64 > cap {
            return Err(fail(format!("larger than {cap} bytes")));
        }
    }
    String::from_utf8(bytes).map_err(|_| fail("not UTF-8 text".into()))
}

/// Refuse anything at `path` but a regular file: opening a FIFO blocks
/// until a writer comes, and a device may never end, so an engine option
/// naming one would hang the input loop (a GUI's `isready` unanswered).
pub fn regular_file(path: &str) -> Result<(), String> {
    if host::file(path).is_some() {
        return Ok(());
    }
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    if meta.is_file() {
        Ok(())
    } else {
        Err(format!(
            "cannot read {path}: not a regular file (a pipe, a device or a folder)"
        ))
    }
}

/// The bytes of the file at `path`, refused past `cap` bytes (a device
/// or a huge file is not read to its end), or a message naming the file.
pub fn read_bytes(path: &str, cap: u64) -> Result<Vec<u8>, String> {
    let fail = |why: String| format!("cannot read {path}: {why}");
    let file = open(path).map_err(|e| fail(e.to_string()))?;
    let mut bytes = Vec::new();
    file.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > cap {
        return Err(fail(format!("larger than {cap} bytes")));
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
        assert!(read_bytes(path, 5).unwrap_err().contains("larger than 5"));
        let big = vec![0u8; host::HOST_FILES_LIMIT + 1];
        assert!(host::write_file("/nonexistent/big", &big).is_err());
        assert!(host::remove_file(path));
        assert!(read_text(path).is_err());
    }

    #[test]
    fn devices_huge_lines_and_binary_are_refused() {
        let err = read_text("/dev/zero").unwrap_err();
        assert!(err.contains("NUL"), "{err}");
        let dir = std::env::temp_dir().join(format!("humpty-text-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("t.txt");
        std::fs::write(&f, "ab\ncdef\n").unwrap();
        let p = f.to_str().unwrap();
        assert_eq!(read_text_capped(p, 100, 4).unwrap(), "ab\ncdef\n");
        assert!(read_text_capped(p, 100, 3)
            .unwrap_err()
            .contains("longer than 3"));
        assert!(read_text_capped(p, 5, 100)
            .unwrap_err()
            .contains("larger than 5"));
        std::fs::write(&f, [0xff, 0xfe]).unwrap();
        assert!(read_text(p).unwrap_err().contains("UTF-8"));
        assert!(read_text("/nonexistent/x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
