//! Reading protocol input safely: lines of any bytes and any length. A line
//! that is not UTF-8 text, or longer than `MAX_LINE`, is reported as such
//! (and skipped to its end), never turned into an error that ends the
//! engine.

use std::io::BufRead;

/// Longest line accepted, in bytes (longer ones are read to their end and
/// dropped).
pub const MAX_LINE: usize = 1 << 20;

/// One line of input as a front end sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line of text, without its line ending.
    Line(String),
    /// A line whose bytes are not UTF-8.
    NotUtf8,
    /// A line longer than `MAX_LINE` bytes.
    TooLong,
}

impl Input {
    /// The message a front end gives for a line it cannot read.
    pub fn problem(&self) -> Option<&'static str> {
        match self {
            Input::Line(_) => None,
            Input::NotUtf8 => Some("ignored a line that is not UTF-8 text"),
            Input::TooLong => Some("ignored a line longer than 1 MiB"),
        }
    }
}

/// The lines of a reader, until its end or a read error.
pub struct Lines<R> {
    inner: R,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `inner`.
    pub fn new(inner: R) -> Lines<R> {
        Lines { inner }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Input;

    fn next(&mut self) -> Option<Input> {
        let mut line = Vec::new();
        let mut too_long = false;
        let mut seen_any = false;
        loop {
            let buf = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return None,
            };
            if buf.is_empty() {
                if !seen_any {
                    return None;
                }
                break;
            }
            seen_any = true;
            let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], Some(i + 1)),
                None => (buf, None),
            };
            if line.len() + chunk.len() > MAX_LINE {
                too_long = true;
            } else if !too_long {
                line.extend_from_slice(chunk);
            }
            let used = found.unwrap_or(buf.len());
            self.inner.consume(used);
            if found.is_some() {
                break;
            }
        }
        if too_long {
            return Some(Input::TooLong);
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Some(String::from_utf8(line).map_or(Input::NotUtf8, Input::Line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Vec<Input> {
        Lines::new(std::io::Cursor::new(bytes.to_vec())).collect()
    }

    #[test]
    fn lines_of_any_bytes() {
        let l = |s: &str| Input::Line(s.to_string());
        assert_eq!(read(b"uci\nisready\r\n"), vec![l("uci"), l("isready")]);
        assert_eq!(
            read(b"a\n\xff\xfe\nb"),
            vec![l("a"), Input::NotUtf8, l("b")]
        );
        assert_eq!(read(b""), vec![]);
        assert_eq!(read(b"\n\n"), vec![l(""), l("")]);
        let mut long = vec![b'x'; MAX_LINE + 10];
        long.extend_from_slice(b"\nquit\n");
        assert_eq!(read(&long), vec![Input::TooLong, l("quit")]);
    }
}
