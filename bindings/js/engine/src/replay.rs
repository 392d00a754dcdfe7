//! The page's moves (UCI text) read on the rules, each legal where it
//! stands: one reading for the download, the explorer and the variations.

use humpty_rules::{Move, Position};

/// A move the page sent that is not legal where it stands: its index and
/// why.
#[derive(Debug)]
pub struct BadMove {
    /// Its index in the list (0: the first).
    pub index: usize,
    /// The rules' reason.
    pub why: String,
}

/// The moves from `start`, each checked.
pub fn replay(start: &Position, moves: &[String]) -> Result<Vec<Move>, BadMove> {
    let mut pos = start.clone();
    let mut line = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        let m = pos.parse_move(text).map_err(|e| BadMove {
            index,
            why: e.to_string(),
        })?;
        pos.make_move(m);
        line.push(m);
    }
    Ok(line)
}
