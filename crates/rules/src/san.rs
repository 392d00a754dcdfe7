//! Standard Algebraic Notation (SAN) for Humpty Dumpty Chess, as PGN writes
//! chess: piece letter (none for a Pawn), the least disambiguation (file,
//! then rank, then both), `x` for a capture (hopper captures included),
//! destination, `=Q/=G/=T/=F` for a promotion (a Frog staying a Frog writes
//! none), `O-O` / `O-O-O` for castling to j / d, then `+` or `#`.
//!
//! Reading takes the same text with the usual tolerances: `x`, `-`, `+`,
//! `#`, `!` and `?` may be missing or extra, `0-0` for `O-O`, a promotion
//! letter without `=` (either case), and long coordinate moves (`e2i6`).

use crate::castling;
use crate::moves::{Move, MoveError, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::square::Square;

impl Position {
    /// The SAN of `m`, which must be legal here.
    pub fn san(&self, m: Move) -> String {
        self.san_written(m, false)
    }

    /// SAN with the Pawn's letter written too, a Pawn told apart from
    /// other Pawns as any man is (`Pa4`, `Pxa8=Q+`): Fairy-Stockfish's
    /// `NOTATION_DEFAULT` as ffish.js prints it. `m` must be legal here.
    pub fn san_with_pawn_letter(&self, m: Move) -> String {
        self.san_written(m, true)
    }

    fn san_written(&self, m: Move, pawn_letter: bool) -> String {
        let kind = self
            .piece_at(m.from())
            .map_or(PieceKind::Pawn, |p| p.kind());
        let legal = self.legal_moves_of_kind_to(kind, m.to());
        let mut text = self.san_body(m, &legal, pawn_letter);
        text.extend(self.check_mark(m));
        text
    }

    /// Long algebraic notation of `m`, which must be legal here: the piece
    /// letter (none for a Pawn), both squares joined by `-` or `x`, the
    /// promotion and the check mark (`Nb1-d2`, `Ra1xa8+`, `b7-b8=Q`, `O-O`),
    /// as Fairy-Stockfish's `NOTATION_LAN` writes it.
    pub fn lan(&self, m: Move) -> String {
        let mut text = if m.is_castle() {
            self.san_body(m, &MoveList::new(), false)
        } else {
            let kind = self
                .piece_at(m.from())
                .map_or(PieceKind::Pawn, |p| p.kind());
            let mut t = String::new();
            if kind != PieceKind::Pawn {
                t.push(kind.letter());
            }
            let joint = if self.is_capture(m) { 'x' } else { '-' };
            t.push_str(&format!("{}{joint}{}", m.from(), m.to()));
            if let Some(k) = m.promotion() {
                t.push('=');
                t.push(k.letter());
            }
            t
        };
        text.extend(self.check_mark(m));
        text
    }

    /// `+` or `#` when legal move `m` gives check or mate.
    fn check_mark(&self, m: Move) -> Option<char> {
        if !self.gives_check(m) {
            return None;
        }
        let mut after = self.clone();
        after.make_move(m);
        after.in_check().then(|| {
            if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            }
        })
    }

    /// SAN without the check mark; `legal` holds this position's legal
    /// moves; `pawn_letter` writes a Pawn as any other man.
    fn san_body(&self, m: Move, legal: &MoveList, pawn_letter: bool) -> String {
        if m.is_castle() {
            return if castling::is_king_side(m.to()) {
                "O-O".into()
            } else {
                "O-O-O".into()
            };
        }
        let kind = self
            .piece_at(m.from())
            .map_or(PieceKind::Pawn, |p| p.kind());
        let capture = self.is_capture(m);
        let mut text = String::new();
        if kind == PieceKind::Pawn && !pawn_letter {
            if capture {
                text.push(file_char(m.from()));
            }
        } else {
            text.push(kind.letter());
            text.push_str(&self.disambiguation(m, kind, legal));
        }
        if capture {
            text.push('x');
        }
        text.push_str(&m.to().to_string());
        if let Some(k) = m.promotion() {
            text.push('=');
            text.push(k.letter());
        }
        text
    }

    /// What tells `m` apart from moves of other men of the same kind to the
    /// same square: nothing, the file, the rank, or the whole square.
    fn disambiguation(&self, m: Move, kind: PieceKind, legal: &MoveList) -> String {
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|o| o.to() == m.to() && o.from() != m.from() && !o.is_castle())
            .filter(|o| self.piece_at(o.from()).map(|p| p.kind()) == Some(kind))
            .map(|o| o.from())
            .collect();
        let from = m.from();
        if rivals.is_empty() {
            String::new()
        } else if rivals.iter().all(|s| s.file() != from.file()) {
            file_char(from).to_string()
        } else if rivals.iter().all(|s| s.rank() != from.rank()) {
            (from.rank() + 1).to_string()
        } else {
            from.to_string()
        }
    }

    /// Read a move in SAN (or long coordinates) and return it if it is legal
    /// here and means exactly one move.
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        if let Ok(m) = self.parse_move(text) {
            return Ok(m);
        }
        let san = SanText::read(text).ok_or_else(|| MoveError::Notation(text.to_string()))?;
        let legal = self.legal_moves();
        let found: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|&m| san.matches(self, m))
            .collect();
        match found.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(text.to_string())),
            many => {
                let mut candidates: Vec<String> = many
                    .iter()
                    .map(|&m| self.san_body(m, &legal, false))
                    .collect();
                candidates.sort();
                Err(MoveError::Ambiguous {
                    text: text.to_string(),
                    candidates,
                })
            }
        }
    }
}

fn file_char(s: Square) -> char {
    (b'a' + s.file()) as char
}

/// A SAN move as written, before it is matched against the legal moves.
#[derive(Debug, PartialEq, Eq)]
enum SanText {
    /// `O-O` (true) or `O-O-O` (false).
    Castle { king_side: bool },
    /// Any other move.
    Piece {
        kind: PieceKind,
        from_file: Option<u8>,
        from_rank: Option<u8>,
        to: Square,
        promotion: Option<PieceKind>,
    },
}

impl SanText {
    /// Parse the text, or `None` if it is not SAN.
    fn read(text: &str) -> Option<SanText> {
        let body = text.trim_end_matches(['+', '#', '!', '?']);
        if !body.is_ascii() || body.is_empty() {
            return None;
        }
        match body.replace('0', "O").to_ascii_uppercase().as_str() {
            "O-O" => return Some(SanText::Castle { king_side: true }),
            "O-O-O" => return Some(SanText::Castle { king_side: false }),
            _ => {}
        }
        let (body, promotion) = split_promotion(body)?;
        let n = body.len();
        if n < 2 {
            return None;
        }
        let to: Square = body[n - 2..].parse().ok()?;
        let mut rest = &body.as_bytes()[..n - 2];
        let mut kind = PieceKind::Pawn;
        if let Some((&c, tail)) = rest.split_first() {
            if c.is_ascii_uppercase() {
                kind = PieceKind::from_letter(c as char)?;
                rest = tail;
            }
        }
        if let Some((&c, head)) = rest.split_last() {
            if c == b'x' || c == b'-' || c == b':' {
                rest = head;
            }
        }
        let (from_file, from_rank) = read_origin(rest)?;
        Some(SanText::Piece {
            kind,
            from_file,
            from_rank,
            to,
            promotion,
        })
    }

    /// True if `m` (legal in `pos`) is a move this text can mean.
    fn matches(&self, pos: &Position, m: Move) -> bool {
        match *self {
            SanText::Castle { king_side } => {
                m.is_castle() && castling::is_king_side(m.to()) == king_side
            }
            SanText::Piece {
                kind,
                from_file,
                from_rank,
                to,
                promotion,
            } => {
                m.to() == to
                    && m.promotion() == promotion
                    && pos.piece_at(m.from()).map(|p| p.kind()) == Some(kind)
                    && from_file.is_none_or(|f| m.from().file() == f)
                    && from_rank.is_none_or(|r| m.from().rank() == r)
            }
        }
    }
}

/// Split a trailing promotion (`=G`, `G`, `g`) off the text. A lower-case
/// letter counts only after a rank digit, so `exd5` stays whole.
fn split_promotion(body: &str) -> Option<(&str, Option<PieceKind>)> {
    let bytes = body.as_bytes();
    let last = *bytes.last()?;
    if !last.is_ascii_alphabetic() {
        return Some((body, None));
    }
    let kind = PieceKind::from_promotion_letter(last as char)?;
    let head = &body[..body.len() - 1];
    let head = head.strip_suffix('=').unwrap_or(head);
    head.as_bytes()
        .last()
        .is_some_and(u8::is_ascii_digit)
        .then_some((head, Some(kind)))
}

/// The origin hint between the piece letter and the destination: nothing,
/// a file, a rank, or both.
fn read_origin(hint: &[u8]) -> Option<(Option<u8>, Option<u8>)> {
    let file = |c: u8| (b'a'..=b'l').contains(&c).then(|| c - b'a');
    let rank = |c: u8| (b'1'..=b'8').contains(&c).then(|| c - b'1');
    match *hint {
        [] => Some((None, None)),
        [c] if c.is_ascii_digit() => Some((None, Some(rank(c)?))),
        [c] => Some((Some(file(c)?), None)),
        [f, r] => Some((Some(file(f)?), Some(rank(r)?))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn san_of(p: &Position, wire: &str) -> String {
        p.san(p.parse_move(wire).unwrap())
    }

    #[test]
    fn start_position_moves() {
        let p = Position::startpos();
        assert_eq!(san_of(&p, "c3c4"), "c4");
        assert_eq!(san_of(&p, "b1d2"), "Nd2");
        assert_eq!(san_of(&p, "c1d2"), "Fd2");
        assert_eq!(san_of(&p, "d1e4"), "Le4");
        assert_eq!(san_of(&p, "c1c4"), "Fc4");
        assert_eq!(p.parse_san("Nd2"), p.parse_move("b1d2"));
        assert_eq!(p.parse_san("Nb1-d2"), p.parse_move("b1d2"));
        assert_eq!(p.parse_san("b1d2"), p.parse_move("b1d2"));
    }

    #[test]
    fn promotion_letters_and_frog_staying() {
        // White Pawn on c7 with no Queen, Gnu or Tank: three choices.
        let p = pos("6k5/2P9/12/12/12/12/12/6K5 w - - 0 1");
        assert_eq!(san_of(&p, "c7c8g"), "c8=G");
        for text in ["c8=G", "c8G", "c8g", "c7c8g"] {
            assert_eq!(p.parse_san(text), p.parse_move("c7c8g"), "{text}");
        }
        assert!(matches!(p.parse_san("c8"), Err(MoveError::Illegal(_))));
        // A Frog reaching the far rank may stay (no suffix) or promote.
        let p = pos("6k5/12/12/2F9/12/12/12/6K5 w - - 0 1");
        let stay = p.parse_move("c5c8").unwrap();
        assert_eq!(p.san(stay), "Fc8");
        assert_eq!(san_of(&p, "c5c8q"), "Fc8=Q+");
        assert_eq!(p.parse_san("Fc8"), Ok(stay));
    }

    #[test]
    fn castling_and_tolerances() {
        let p = pos("r5k4r/12/12/12/12/12/12/R5K4R w KQkq - 0 1");
        assert_eq!(san_of(&p, "g1j1"), "O-O");
        assert_eq!(san_of(&p, "g1d1"), "O-O-O");
        assert_eq!(p.parse_san("0-0"), p.parse_move("g1j1"));
        assert_eq!(p.parse_san("O-O-O+"), p.parse_move("g1d1"));
        assert!(matches!(p.parse_san("Zz9"), Err(MoveError::Notation(_))));
    }
}
