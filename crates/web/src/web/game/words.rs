//! The words the API and the database use for colours, seats and forfeits,
//! each written once with its reading: `white`/`black`;
//! `white`/`black`/`both`/`friends`; `resign:white`, `time:black`,
//! `agreement`.

use super::ending::Ending;
use super::record::Seats;
use crate::rules::piece::Color;
use crate::rules::result::{GameEnd, Reason};

/// "white" / "black".
pub(crate) fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A colour as `color_word` writes it.
pub(crate) fn read_color(text: &str) -> Option<Color> {
    match text {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// "white", "black" (the person's side against the engine), "both" or
/// "friends".
pub(crate) fn seats_word(s: Seats) -> &'static str {
    match s {
        Seats::Human(c) => color_word(c),
        Seats::Both => "both",
        Seats::Friends => "friends",
    }
}

/// Seats as `seats_word` writes them.
pub(crate) fn read_seats(text: &str) -> Option<Seats> {
    match text {
        "both" => Some(Seats::Both),
        "friends" => Some(Seats::Friends),
        other => read_color(other).map(Seats::Human),
    }
}

/// `resign:white`, `time:black`, `agreement`, `aborted` (the ends a web
/// game can have that are not on the board).
pub(crate) fn forfeit_word(end: Ending) -> Option<String> {
    let Ending::Decided(e) = end else {
        return Some("aborted".into());
    };
    match e.reason {
        Reason::Resigned(c) => Some(format!("resign:{}", color_word(c))),
        Reason::Time(c) => Some(format!("time:{}", color_word(c))),
        Reason::Agreement => Some("agreement".into()),
        _ => None,
    }
}

/// A forfeit as `forfeit_word` writes it.
pub(crate) fn read_forfeit(text: &str) -> Option<Ending> {
    match text {
        "agreement" => return Some(GameEnd::agreed_draw().into()),
        "aborted" => return Some(Ending::Aborted),
        _ => {}
    }
    let (kind, color) = text.split_once(':')?;
    let c = read_color(color)?;
    match kind {
        "resign" => Some(GameEnd::resigned(c).into()),
        "time" => Some(GameEnd::time(c).into()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_reads_back() {
        for s in [
            Seats::Human(Color::White),
            Seats::Human(Color::Black),
            Seats::Both,
            Seats::Friends,
        ] {
            assert_eq!(read_seats(seats_word(s)), Some(s));
        }
        for e in [
            GameEnd::resigned(Color::White),
            GameEnd::time(Color::Black),
            GameEnd::agreed_draw(),
        ]
        .map(Ending::from)
        .into_iter()
        .chain([Ending::Aborted])
        {
            assert_eq!(read_forfeit(&forfeit_word(e).unwrap()), Some(e));
        }
        assert_eq!(read_seats("grey"), None);
        assert_eq!(read_forfeit("time:grey"), None);
    }
}
