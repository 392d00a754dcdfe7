//! How each piece moves, as the pages teach it: its letter, name and
//! movement from the rules' one table, and a small diagram whose marked
//! squares are the rules' own legal moves from one square (hoppers and the
//! Pawn with men to capture, so the captures show too).

use crate::rules::piece::PieceKind;
use crate::rules::position::Position;
use crate::rules::square::Square;
use crate::web::net::http::to_json;
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// Where each diagram's piece stands: below the River, so a Frog's
/// three-step over it shows.
const HOME: &str = "f3";

/// The other men of a kind's diagram (square, FEN letter): a screen and a
/// man to capture for the hoppers, men on the Pawn's capture squares.
fn others(kind: PieceKind) -> &'static [(&'static str, char)] {
    const ROOK_LINE: [(&str, char); 2] = [("f5", 'p'), ("f7", 'n')];
    const DIAGONAL: [(&str, char); 2] = [("h5", 'p'), ("j7", 'n')];
    const BOTH: [(&str, char); 4] = [("f5", 'p'), ("f7", 'n'), ("h5", 'p'), ("j7", 'n')];
    match kind {
        PieceKind::Pawn => &[("e4", 'n'), ("g4", 'n')],
        PieceKind::Cannon => &ROOK_LINE,
        PieceKind::Arrow => &DIAGONAL,
        PieceKind::Tank => &BOTH,
        _ => &[],
    }
}

/// The diagram's position: the piece on `HOME`, its other men, White's
/// King in a corner (unless the piece is the King) and Black's in the
/// other.
fn diagram_position(kind: PieceKind) -> Option<Position> {
    let mut board = [['.'; 12]; 8];
    let mut put = |sq: &str, c: char| {
        let s: Square = sq.parse().ok()?;
        board[s.rank() as usize][s.file() as usize] = c;
        Some(())
    };
    put(HOME, kind.letter())?;
    for &(sq, c) in others(kind) {
        put(sq, c)?;
    }
    if kind != PieceKind::King {
        put("a1", 'K')?;
    }
    put("l8", 'k')?;
    let ranks: Vec<String> = board.iter().rev().map(fen_rank).collect();
    Position::from_fen(&format!("{} w - - 0 1", ranks.join("/"))).ok()
}

/// One rank in FEN (runs of empty squares as numbers).
fn fen_rank(rank: &[char; 12]) -> String {
    let mut out = String::new();
    let mut empty = 0;
    for &c in rank {
        if c == '.' {
            empty += 1;
            continue;
        }
        if empty > 0 {
            out += &empty.to_string();
            empty = 0;
        }
        out.push(c);
    }
    if empty > 0 {
        out += &empty.to_string();
    }
    out
}

/// A kind's diagram: its square, the other men, and where it moves and
/// captures from there.
#[derive(Serialize)]
struct Diagram {
    square: &'static str,
    men: BTreeMap<String, String>,
    moves: Vec<String>,
    captures: Vec<String>,
}

/// The diagram of `kind` (none for a kind with no diagram).
fn diagram(kind: PieceKind) -> Option<Diagram> {
    let pos = diagram_position(kind)?;
    let from: Square = HOME.parse().expect("a square");
    let (mut moves, mut captures) = (Vec::new(), Vec::new());
    for &m in pos.legal_moves().iter().filter(|m| m.from() == from) {
        let to = m.to().to_string();
        let list = if pos.is_capture(m) {
            &mut captures
        } else {
            &mut moves
        };
        if !list.contains(&to) {
            list.push(to);
        }
    }
    let men = others(kind)
        .iter()
        .map(|&(sq, c)| (sq.to_string(), c.to_string()))
        .collect();
    Some(Diagram {
        square: HOME,
        men,
        moves,
        captures,
    })
}

/// One kind as the legend shows it.
#[derive(Serialize)]
pub(crate) struct PieceInfo {
    letter: String,
    name: &'static str,
    moves: &'static str,
    diagram: Option<Diagram>,
}

/// `GET /api/pieces`: every kind.
#[derive(Serialize)]
struct Pieces {
    pieces: Vec<PieceInfo>,
}

/// Every kind's letter, name, movement and diagram (`GET /api/pieces`,
/// and the static site's data).
pub(crate) fn pieces_json() -> Value {
    to_json(&Pieces { pieces: pieces() })
}

/// Every kind as the legend shows it.
pub(crate) fn pieces() -> Vec<PieceInfo> {
    PieceKind::ALL
        .iter()
        .map(|&k| PieceInfo {
            letter: k.letter().to_string(),
            name: k.name(),
            moves: k.info().movement,
            diagram: diagram(k),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn of(kind: PieceKind) -> Value {
        to_json(&diagram(kind))
    }

    #[test]
    fn diagrams_show_the_rules_moves() {
        let rook = of(PieceKind::Rook);
        assert_eq!(rook["moves"].as_array().unwrap().len(), 11 + 7);
        // The Cannon stops at its screen and captures over it.
        let cannon = of(PieceKind::Cannon);
        assert_eq!(cannon["captures"], json!(["f7"]));
        assert!(!cannon["moves"].as_array().unwrap().contains(&json!("f5")));
        assert_eq!(of(PieceKind::Arrow)["captures"], json!(["j7"]));
        assert_eq!(of(PieceKind::Pawn)["captures"], json!(["e4", "g4"]));
        // The Frog's three-step crosses the empty River.
        let frog = of(PieceKind::Frog);
        assert!(frog["moves"].as_array().unwrap().contains(&json!("f6")));
        for k in PieceKind::ALL {
            assert!(!of(k)["moves"].as_array().unwrap().is_empty(), "{k:?}");
        }
    }
}
