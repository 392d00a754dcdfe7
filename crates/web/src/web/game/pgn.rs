//! A web game as a PGN download (`GET .../pgn`): its tags (the sides, the
//! time control, the start FEN) and its moves in SAN, each with the
//! mover's clock after it as lichess writes it.

use super::live::{Seats, WebGame};
use crate::rules::pgn::{variant_men, write_game, WrittenMove};
use crate::rules::piece::Color;
use crate::rules::result::UNFINISHED;
use crate::web::net::http::Reply;

/// `[%clk 0:04:58]` (hours, minutes, seconds, rounded down).
fn clk(ms: i64) -> String {
    let s = ms.max(0) / 1000;
    format!("[%clk {}:{:02}:{:02}]", s / 3600, s / 60 % 60, s % 60)
}

/// `GET .../pgn`: the game (to the end of its line) as a PGN download.
pub(crate) fn export(g: &WebGame) -> Reply {
    let r = &g.record;
    let result = g.result().map_or(UNFINISHED, |e| e.result.pgn());
    let (white, black) = match r.seats {
        Seats::Human(Color::White) => ("You", "humpty"),
        Seats::Human(Color::Black) => ("humpty", "You"),
        Seats::Both => ("?", "?"),
        Seats::Friends => ("White player", "Black player"),
    };
    let mut tags = vec![
        ("Event", "humpty serve".to_string()),
        ("Site", "humpty web board".to_string()),
        ("White", white.to_string()),
        ("Black", black.to_string()),
        ("Result", result.to_string()),
        ("Variant", "humpty".to_string()),
        ("VariantMen", variant_men()),
        ("SetUp", "1".to_string()),
        ("FEN", r.start.to_fen()),
    ];
    let clocks = r.clocks.as_ref().filter(|_| r.seats != Seats::Both);
    if let Some(c) = clocks {
        let secs = |ms: i64| format!("{}", ms as f64 / 1000.0);
        let control = format!("{}+{}", secs(c.base_ms()), secs(c.inc_ms()));
        tags.push(("TimeControl", control));
    }
    let moves: Vec<WrittenMove> = g
        .live
        .texts
        .iter()
        .enumerate()
        .map(|(i, t)| {
            // Each move's clock after it, as lichess writes it.
            let left = clocks.and_then(|c| c.after.get(i).copied());
            WrittenMove {
                text: t.san.clone(),
                comment: left.map(clk),
            }
        })
        .collect();
    let body = write_game(&tags, &r.start, &moves, None, result);
    Reply::Bytes {
        content_type: "application/x-chess-pgn; charset=utf-8",
        body: body.into_bytes(),
        download: Some(format!("humpty-{}.pgn", r.id)),
    }
}
