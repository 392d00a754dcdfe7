//! A reviewed game as PGN, as lichess writes its analysis: `{[%eval
//! +0.35]}` after every move (pawns, White's view; `#3` / `#-3` for mates),
//! the judgement's NAG, a comment naming it and the better move, and the
//! engine's better line as a variation after mistakes and blunders. The
//! game's tags are kept (with the FEN and `VariantMen` that other programs
//! need), and a first comment sums up each player.

use super::{GameReview, MoveReview, PlayerSummary};
use crate::engine::Score;
use crate::rules::moves::Move;
use crate::rules::pgn::variant_men;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use std::collections::HashMap;

/// Tags written first, in this order (the PGN standard's seven).
const SEVEN_TAGS: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Longest movetext line.
const LINE_WIDTH: usize = 79;

/// `[%eval ...]`'s value: pawns with two decimals, or `#n` / `#-n`.
pub fn eval_text(s: Score) -> String {
    match s {
        Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
        Score::Mate(n) => format!("#{n}"),
    }
}

/// One player's totals in words.
pub fn summary_text(color: Color, s: &PlayerSummary) -> String {
    let counts = s.counts_text();
    let accuracy = s
        .accuracy
        .map_or(String::new(), |a| format!(", accuracy {a:.1}%"));
    format!(
        "{color}: {counts}, average loss {:.0} cp ({:.1} points of winning chances){accuracy}",
        // A loss is never negative, and never written "-0".
        s.average_cp_loss.max(0.0) + 0.0,
        s.average_loss.max(0.0) + 0.0
    )
}

/// Movetext words, wrapped into lines.
struct Words {
    lines: Vec<String>,
    line: String,
}

impl Words {
    fn push(&mut self, word: &str) {
        if !self.line.is_empty() && self.line.len() + 1 + word.len() > LINE_WIDTH {
            self.lines.push(std::mem::take(&mut self.line));
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(word);
    }

    fn text(mut self) -> String {
        if !self.line.is_empty() {
            self.lines.push(self.line);
        }
        self.lines.join("\n")
    }
}

/// The move number to write before a move of `pos`'s side: `12.` for
/// White, `12...` for Black when something came between.
fn number(pos: &Position, force: bool) -> Option<String> {
    let n = pos.fullmove_number();
    match pos.side_to_move() {
        Color::White => Some(format!("{n}.")),
        Color::Black if force => Some(format!("{n}...")),
        Color::Black => None,
    }
}

/// A line of moves from `pos` in SAN with move numbers, for a variation.
fn line_text(pos: &Position, line: &[Move]) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::new();
    for (i, &m) in line.iter().enumerate() {
        if !pos.legal_moves().contains(&m) {
            break;
        }
        words.extend(number(&pos, i == 0));
        words.push(pos.san(m));
        pos.make_move(m);
    }
    words.join(" ")
}

/// The comment after a reviewed move.
fn comment(pos: &Position, r: &MoveReview) -> String {
    let mut text = format!("[%eval {}]", eval_text(r.white_score));
    if let Some(j) = r.judgement {
        text.push_str(&format!(" {}.", j.name()));
        if let Some(&best) = r.better.first() {
            text.push_str(&format!(" {} was best.", pos.san(best)));
        }
    }
    format!("{{{text}}}")
}

/// The tags in order: the seven first, the rest sorted, with `Annotator`,
/// and `SetUp`/`FEN`/`VariantMen` added if missing.
fn tags(game_tags: &HashMap<String, String>, start: &Position, result: &str) -> String {
    let mut tags = game_tags.clone();
    tags.insert("Result".into(), result.into());
    tags.entry("SetUp".into()).or_insert_with(|| "1".into());
    tags.entry("FEN".into()).or_insert_with(|| start.to_fen());
    tags.entry("Variant".into())
        .or_insert_with(|| "humpty".into());
    tags.entry("VariantMen".into()).or_insert_with(variant_men);
    tags.insert(
        "Annotator".into(),
        format!("humpty {}", env!("CARGO_PKG_VERSION")),
    );
    let mut rest: Vec<&String> = tags
        .keys()
        .filter(|k| !SEVEN_TAGS.contains(&k.as_str()))
        .collect();
    rest.sort();
    let order = SEVEN_TAGS.iter().map(|k| k.to_string());
    let order: Vec<String> = order.chain(rest.into_iter().cloned()).collect();
    order
        .iter()
        .map(|k| {
            let v = tags.get(k).map_or("?", String::as_str).replace('"', "'");
            format!("[{k} \"{v}\"]\n")
        })
        .collect()
}

/// The annotated game as PGN text (ends with a blank line).
pub fn annotated_pgn(
    game_tags: &HashMap<String, String>,
    review: &GameReview,
    result: &str,
) -> String {
    let mut out = tags(game_tags, &review.start, result);
    out.push('\n');
    let mut words = Words {
        lines: Vec::new(),
        line: String::new(),
    };
    let summaries: Vec<String> = Color::BOTH
        .iter()
        .map(|&c| summary_text(c, &review.summary(c)))
        .collect();
    words.push(&format!("{{{}}}", summaries.join("; ")));
    let mut pos = review.start.clone();
    for r in &review.moves {
        // Every move has a comment, so Black's moves are numbered too.
        if let Some(n) = number(&pos, true) {
            words.push(&n);
        }
        words.push(&pos.san(r.mv));
        if let Some(j) = r.judgement {
            words.push(j.nag());
        }
        words.push(&comment(&pos, r));
        if !r.better.is_empty() {
            words.push(&format!("({})", line_text(&pos, &r.better)));
        }
        pos.make_move(r.mv);
    }
    words.push(result);
    out.push_str(&words.text());
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evals_as_lichess_writes_them() {
        assert_eq!(eval_text(Score::Cp(35)), "+0.35");
        assert_eq!(eval_text(Score::Cp(-120)), "-1.20");
        assert_eq!(eval_text(Score::Cp(0)), "+0.00");
        assert_eq!(eval_text(Score::Mate(3)), "#3");
        assert_eq!(eval_text(Score::Mate(-2)), "#-2");
    }
}
