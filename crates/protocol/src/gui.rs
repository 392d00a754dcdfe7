//! Talking to a GUI: which protocol a session speaks, decided as GUIs
//! expect (XBoard sends `xboard` first; a UCI GUI sends `uci`).

use crate::input::{Input, Lines};
use crate::output::Output;
use crate::uci::{Flow, Uci};
use crate::xboard;

/// Talk to a GUI over `lines` until `quit` or their end, writing to `out`:
/// XBoard/CECP if forced or if the first line is `xboard`, UCI otherwise
/// (the first line is then UCI's first command). The binary runs it on
/// stdin and stdout; tests run it in-process over a pipe.
pub fn serve<R: std::io::BufRead + Send + 'static>(
    mut lines: Lines<R>,
    out: Output,
    force_xboard: bool,
) {
    if force_xboard {
        return xboard::run(lines, out);
    }
    match lines.next() {
        None => {}
        Some(Input::Line(l)) if l.trim() == "xboard" => xboard::run(lines, out),
        first => {
            let mut uci = Uci::with_output(out);
            if let Some(item) = first {
                if uci.input(item) == Flow::Quit {
                    return;
                }
            }
            uci.run(lines);
        }
    }
}
