//! A web game as a PGN download (`GET .../pgn`): its tags and moves as
//! both boards write them (`humpty_analysis::download`: the date, the
//! variant's tags, the time control, each move's review mark, `[%eval]`
//! and `[%clk]`), with this server's names for the players.

use super::live::{Seats, WebGame};
use crate::download::{download_pgn, Download};
use crate::rules::piece::Color;
use crate::rules::result::UNFINISHED;
use crate::web::net::http::Reply;

/// `GET .../pgn`: the game (to the end of its line) as a PGN download.
pub(crate) fn export(g: &WebGame) -> Reply {
    let r = &g.record;
    let result = g.result().map_or(UNFINISHED, |e| e.pgn());
    let (white, black) = match r.seats {
        Seats::Human(Color::White) => ("You", "humpty"),
        Seats::Human(Color::Black) => ("humpty", "You"),
        Seats::Both => ("?", "?"),
        Seats::Friends => ("White player", "Black player"),
    };
    let clocks = r.clocks.as_ref().filter(|_| r.seats != Seats::Both);
    // A review of another line (the game went on) is used where it agrees.
    let review = g.live.review.as_ref().and_then(|job| job.stored());
    let body = download_pgn(&Download {
        names: [
            ("Event", "humpty serve".to_string()),
            ("Site", "humpty web board".to_string()),
            ("Round", "-".to_string()),
            ("White", white.to_string()),
            ("Black", black.to_string()),
        ],
        created_ms: r.created,
        start: &r.start,
        moves: &r.line,
        control_ms: clocks.map(|c| (c.base_ms(), c.inc_ms())),
        clocks_after: clocks.map_or(&[][..], |c| &c.after),
        review: review.as_ref().map(|s| &s.result),
        result,
        tree: r.variations.as_ref(),
    });
    Reply::Bytes {
        content_type: "application/x-chess-pgn; charset=utf-8",
        body: body.into_bytes(),
        download: Some(format!("humpty-{}.pgn", r.id)),
    }
}
