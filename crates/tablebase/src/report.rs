//! What a probe tells a person or a page: the position's entry and every
//! legal move's, best first, written as lichess's tablebase API writes it.

use std::fmt::Write;

use humpty_rules::Position;

use crate::probe::{MoveProbe, Tablebases};
use crate::store::StoreError;
use crate::value::Entry;

/// A probed position with its moves.
#[derive(Clone, Debug)]
pub struct Report {
    /// The position's entry, for the side to move.
    pub entry: Entry,
    /// The side to move is mated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Every legal move, best first, with the entry after it.
    pub moves: Vec<MoveProbe>,
}

impl Tablebases {
    /// The report of a position, or `None` if the tables do not hold it
    /// (or a position it leads to).
    pub fn report(&self, pos: &Position) -> Result<Option<Report>, StoreError> {
        let (Some(entry), Some(moves)) = (self.probe(pos)?, self.probe_moves(pos)?) else {
            return Ok(None);
        };
        let ended = moves.is_empty();
        Ok(Some(Report {
            entry,
            checkmate: ended && pos.in_check(),
            stalemate: ended && !pos.in_check(),
            moves,
        }))
    }
}

impl Report {
    /// As JSON: `category`, `dtz` (signed, 0 on a draw), `dtm` (signed, null
    /// on a draw), `checkmate`, `stalemate`, and `moves`, each with `uci`,
    /// `san`, `zeroing` and the same fields for the position after it.
    pub fn to_json(&self, pos: &Position) -> String {
        let mut out = String::from("{");
        fields(&mut out, self.entry, self.checkmate, self.stalemate);
        out.push_str(",\"moves\":[");
        for (i, m) in self.moves.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            // UCI and SAN are letters, digits and `+#=x-`: nothing to escape.
            let _ = write!(
                out,
                "{{\"uci\":\"{}\",\"san\":\"{}\",\"zeroing\":{},",
                m.mv,
                pos.san(m.mv),
                m.zeroing
            );
            fields(&mut out, m.after, m.checkmate, m.stalemate);
            out.push('}');
        }
        out.push_str("]}");
        out
    }

    /// As lines: the position's result, then each move with the result after it.
    pub fn to_text(&self, pos: &Position) -> String {
        let mut out = words(self.entry);
        if self.checkmate {
            out.push_str(" (checkmated)");
        } else if self.stalemate {
            out.push_str(" (stalemate)");
        }
        for m in &self.moves {
            let flags: Vec<&str> = [
                (m.checkmate, "mate"),
                (m.stalemate, "stalemate"),
                (m.zeroing, "zeroing"),
            ]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, w)| *w)
            .collect();
            let flags = if flags.is_empty() {
                String::new()
            } else {
                format!(" [{}]", flags.join(", "))
            };
            let _ = write!(
                out,
                "\n{:<8} {:<6} then {}{flags}",
                pos.san(m.mv),
                m.mv.to_string(),
                words(m.after)
            );
        }
        out
    }
}

/// The shared fields of a position's entry.
fn fields(out: &mut String, e: Entry, checkmate: bool, stalemate: bool) {
    let dtm = e.signed_dtm().map_or("null".to_string(), |d| d.to_string());
    let _ = write!(
        out,
        "\"category\":\"{}\",\"dtz\":{},\"dtm\":{dtm},\"checkmate\":{checkmate},\"stalemate\":{stalemate}",
        e.wdl.name(),
        e.signed_dtz().unwrap_or(0)
    );
}

/// An entry in words: `win, dtz 13, dtm 25`.
fn words(e: Entry) -> String {
    match (e.signed_dtz(), e.signed_dtm()) {
        (Some(z), Some(m)) => format!("{}, dtz {z}, dtm {m}", e.wdl),
        _ => e.wdl.to_string(),
    }
}
