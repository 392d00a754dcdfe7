//! lichess's puzzle CSV: `PuzzleId,FEN,Moves,Rating,RatingDeviation,
//! Popularity,NbPlays,Themes,GameUrl,OpeningTags`. `FEN` is the position
//! before the opponent's mistake; `Moves` are wire moves (`e2i6`), the
//! mistake first. No field holds a comma, so no quoting is needed.

use super::rating::NEW_DEVIATION;
use super::Puzzle;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use std::fmt;

/// The header line.
pub const HEADER: &str =
    "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags";

/// A puzzle as read back from the file.
#[derive(Clone, Debug)]
pub struct Row {
    /// The id.
    pub id: String,
    /// The position before the mistake.
    pub start: Position,
    /// The mistake and the solution, checked legal.
    pub moves: Vec<Move>,
    /// The rating.
    pub rating: i32,
    /// Theme codes.
    pub themes: Vec<String>,
    /// Where it comes from.
    pub source: String,
}

/// A line that is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvError(pub String);

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CsvError {}

/// A short stable id: five base-62 digits of a hash of the position and
/// moves (FNV-1a).
pub fn id_of(fen: &str, moves: &str) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in fen.bytes().chain([b' ']).chain(moves.bytes()) {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    (0..5)
        .map(|i| DIGITS[((h >> (i * 12)) % 62) as usize] as char)
        .collect()
}

/// One puzzle's line.
pub fn row(p: &Puzzle) -> String {
    let fen = p.start.to_fen();
    let moves: Vec<String> = p.moves.iter().map(|m| m.to_string()).collect();
    let moves = moves.join(" ");
    format!(
        "{},{fen},{moves},{},{NEW_DEVIATION},0,0,{},{},",
        id_of(&fen, &moves),
        p.rating,
        p.themes.join(" "),
        p.source.replace(',', ";"),
    )
}

/// Read one line back (the header is not a puzzle); the moves must be
/// legal from the FEN.
pub fn parse_row(line: &str) -> Result<Row, CsvError> {
    let bad = |why: String| CsvError(format!("{why}: {line}"));
    let fields: Vec<&str> = line.trim_end().split(',').collect();
    if fields.len() != 10 {
        return Err(bad(format!("{} fields, not 10", fields.len())));
    }
    let start = Position::from_fen(fields[1]).map_err(|e| bad(format!("bad FEN ({e})")))?;
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for text in fields[2].split_whitespace() {
        let m = pos
            .parse_move(text)
            .map_err(|e| bad(format!("move {text}: {e}")))?;
        pos.make_move(m);
        moves.push(m);
    }
    if moves.len() < 2 {
        return Err(bad("fewer than two moves".into()));
    }
    Ok(Row {
        id: fields[0].to_string(),
        start,
        moves,
        rating: fields[3].parse().map_err(|_| bad("bad rating".into()))?,
        themes: fields[7].split_whitespace().map(str::to_string).collect(),
        source: fields[8].to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_reads_back() {
        let start = Position::startpos();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for _ in 0..2 {
            let m = pos.legal_moves()[0];
            pos.make_move(m);
            moves.push(m);
        }
        let p = Puzzle {
            start: start.clone(),
            moves: moves.clone(),
            rating: 1234,
            themes: vec!["fork", "short"],
            source: "games.pgn#3".into(),
        };
        let line = row(&p);
        let back = parse_row(&line).unwrap();
        assert_eq!(back.moves, moves);
        assert_eq!(back.rating, 1234);
        assert_eq!(back.themes, ["fork", "short"]);
        assert_eq!(back.id.len(), 5);
        assert_eq!(back.start.to_fen(), start.to_fen());
        assert!(parse_row(HEADER).is_err());
        assert!(parse_row("a,b").is_err());
    }
}
