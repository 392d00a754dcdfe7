//! A game as both boards download it (PGN), written once for the server's
//! `GET .../pgn` and the browser's worker: the seven standard tags with the
//! date, the variant's tags other programs need (`Variant`, `VariantMen`,
//! `SetUp`, `FEN`), the time control, and each move in SAN with its review
//! mark (`Nd2?`) and one comment holding the review's `[%eval]` and the
//! mover's `[%clk]`, as lichess writes them; an analysis board's
//! variations after the moves they replace, in parentheses.

use crate::engine::Score;
use crate::review::annotate::eval_text;
use crate::review::report::{ReviewReport, ScoreReport};
use crate::rules::moves::Move;
use crate::rules::pgn::{variant_men, write_game, WrittenMove};
use crate::rules::position::Position;
use crate::tree::GameTree;

/// What a download holds besides the players' tags.
pub struct Download<'a> {
    /// `Event`, `Site`, `Round`, `White`, `Black`: in this order, first.
    pub names: [(&'static str, String); 5],
    /// When the game began (Unix ms), for `Date`.
    pub created_ms: i64,
    /// The start position.
    pub start: &'a Position,
    /// The moves, legal from `start`.
    pub moves: &'a [Move],
    /// The time control's base and increment (ms), if the game had clocks.
    pub control_ms: Option<(i64, i64)>,
    /// The mover's clock after each move (ms), if the game had clocks.
    pub clocks_after: &'a [i64],
    /// The game's review, if it has one; used for the moves it covers.
    pub review: Option<&'a ReviewReport>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2` or `*`).
    pub result: &'a str,
    /// The game's variations, whose main line is `moves` (written after
    /// the moves they replace, in parentheses).
    pub tree: Option<&'a GameTree>,
}

/// `[%clk 0:04:58]` (hours, minutes, seconds, rounded down).
pub fn clk(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

/// `[%eval +0.35]`, `[%eval #-3]`: White's view, as `humpty annotate`
/// writes it.
fn eval(s: ScoreReport) -> String {
    let score = match s {
        ScoreReport::Cp(cp) => Score::Cp(cp),
        ScoreReport::Mate(n) => Score::Mate(n),
    };
    format!("[%eval {}]", eval_text(score))
}

/// A PGN date (`2026.12.04`, UTC) from Unix milliseconds; `????.??.??`
/// when unknown (zero or negative).
pub fn pgn_date(ms: i64) -> String {
    if ms <= 0 {
        return "????.??.??".to_string();
    }
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The review's entry for move `i` (`uci`), if the review covers it: a
/// review of another line is not written.
fn reviewed<'r>(
    review: Option<&'r ReviewReport>,
    i: usize,
    uci: &str,
) -> Option<&'r crate::review::report::MoveReport> {
    review?
        .moves
        .get(i)
        .filter(|r| r.uci.is_empty() || r.uci == uci)
}

/// The game as PGN text.
pub fn download_pgn(d: &Download) -> String {
    let [event, site, round, white, black] = d.names.clone();
    let mut tags = vec![
        event,
        site,
        ("Date", pgn_date(d.created_ms)),
        round,
        white,
        black,
        ("Result", d.result.to_string()),
        ("Variant", "humpty".to_string()),
        ("VariantMen", variant_men()),
        ("SetUp", "1".to_string()),
        ("FEN", d.start.to_fen()),
    ];
    if let Some((base, inc)) = d.control_ms {
        let secs = |ms: i64| format!("{}", ms as f64 / 1000.0);
        tags.push(("TimeControl", format!("{}+{}", secs(base), secs(inc))));
    }
    // A review that disagrees with a move is not used past it.
    let mut review = d.review;
    let mut pos = d.start.clone();
    let mut moves = Vec::with_capacity(d.moves.len());
    let nodes = d
        .tree
        .filter(|t| t.mainline_moves() == d.moves)
        .map(|t| (t, t.mainline()));
    for (i, &m) in d.moves.iter().enumerate() {
        let uci = m.to_string();
        let r = reviewed(review, i, &uci);
        if r.is_none() {
            review = None;
        }
        let mut text = pos.san(m);
        text.push_str(r.and_then(|r| r.mark.as_deref()).unwrap_or(""));
        let comment: Vec<String> = r
            .map(|r| eval(r.white))
            .into_iter()
            .chain(d.clocks_after.get(i).map(|&ms| clk(ms)))
            .collect();
        moves.push(WrittenMove {
            text,
            comment: (!comment.is_empty()).then(|| comment.join(" ")),
            variations: nodes
                .as_ref()
                .map_or_else(Vec::new, |(t, n)| t.variations_of(n[i])),
        });
        pos.make_move(m);
    }
    write_game(&tags, d.start, &moves, None, d.result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_civil_dates() {
        assert_eq!(pgn_date(0), "????.??.??");
        assert_eq!(pgn_date(1), "1970.01.01");
        // 2026-12-04 12:00 UTC.
        assert_eq!(pgn_date(1_796_385_600_000), "2026.12.04");
        // 2024-02-29, a leap day.
        assert_eq!(pgn_date(1_709_164_800_000), "2024.02.29");
    }

    #[test]
    fn clocks_round_down() {
        assert_eq!(clk(298_999), "[%clk 0:04:58]");
        assert_eq!(clk(-5), "[%clk 0:00:00]");
        assert_eq!(clk(3_723_000), "[%clk 1:02:03]");
    }
}
