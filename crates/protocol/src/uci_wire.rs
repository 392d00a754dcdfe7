//! The 12x8 parts of the UCI wire format, which `vampirc-uci` (8x8 squares,
//! q/r/b/n promotions) cannot read or write: `position` with 12-file FEN and
//! move lists, `searchmoves` and `perft` inside `go`, and moves in `bestmove`
//! and `pv`. Everything here is a pure function of text and positions.

use crate::engine::{Bound, Info, Score};
use crate::rules::fen::FenError;
use crate::rules::moves::{Move, MoveError};
use crate::rules::position::Position;
use std::fmt::Write as _;

/// A `position` or `go` command that cannot be read; the engine's state is
/// left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WireError {
    /// `position` without `startpos` or `fen` (the word found, if any).
    NoSetup(Option<String>),
    /// A word after `startpos` other than `moves`.
    AfterStartpos(String),
    /// `position fen` with no FEN.
    MissingFen,
    /// A FEN that is not a position.
    Fen {
        /// The FEN given.
        fen: String,
        /// What is wrong with it.
        error: FenError,
    },
    /// A move of the list (from 1) that is not legal.
    Move {
        /// Its place in the list, from 1.
        index: usize,
        /// What is wrong with it.
        error: MoveError,
    },
    /// A `go` word with no number after it.
    MissingNumber(String),
    /// A `go` word whose value is not a whole number.
    NotANumber {
        /// The word.
        key: String,
        /// The value given.
        value: String,
    },
    /// A `go` count below 1.
    NotPositive(String),
    /// A `searchmoves` move that is not legal here.
    SearchMove(MoveError),
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WireError::NoSetup(None) => write!(f, "position: expected startpos or fen"),
            WireError::NoSetup(Some(w)) => {
                write!(f, "position: expected startpos or fen, got '{w}'")
            }
            WireError::AfterStartpos(w) => write!(f, "unexpected '{w}' after startpos"),
            WireError::MissingFen => write!(f, "position fen: missing FEN"),
            WireError::Fen { fen, error } => write!(f, "bad FEN '{fen}': {error}"),
            WireError::Move { index, error } => {
                write!(f, "move {index} of the list: {error}; position unchanged")
            }
            WireError::MissingNumber(key) => write!(f, "go {key}: missing number"),
            WireError::NotANumber { key, value } => {
                write!(f, "go {key}: '{value}' is not a whole number")
            }
            WireError::NotPositive(key) => write!(f, "go {key}: must be at least 1"),
            WireError::SearchMove(e) => write!(f, "searchmoves: {e}"),
        }
    }
}

impl std::error::Error for WireError {}

/// Apply a `position` command (the text after the word `position`). Returns
/// the new position only if the whole command is valid, so a bad FEN or an
/// illegal move leaves the caller's position untouched.
pub fn parse_position(args: &str) -> Result<Position, WireError> {
    let tokens: Vec<&str> = args.split_whitespace().collect();
    let moves_at = tokens.iter().position(|t| *t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&tokens[..i], &tokens[i + 1..]),
        None => (&tokens[..], &tokens[0..0]),
    };
    let mut pos = match setup.first().copied() {
        Some("startpos") if setup.len() == 1 => Position::startpos(),
        Some("startpos") => return Err(WireError::AfterStartpos(setup[1].to_string())),
        Some("fen") if setup.len() > 1 => {
            let fen = setup[1..].join(" ");
            Position::from_fen(&fen).map_err(|error| WireError::Fen { fen, error })?
        }
        Some("fen") => return Err(WireError::MissingFen),
        Some(other) => return Err(WireError::NoSetup(Some(other.to_string()))),
        None => return Err(WireError::NoSetup(None)),
    };
    for (i, text) in moves.iter().enumerate() {
        let m = pos.parse_move(text).map_err(|error| WireError::Move {
            index: i + 1,
            error,
        })?;
        pos.make_move(m);
    }
    Ok(pos)
}

/// A `go` command, read once, word by word (vampirc reads keywords in any
/// case, keeps one time control of several, reads depth, mate and
/// movestogo into a `u8` and panics past it; so `go` is read here). Every
/// number is checked and clamped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoCommand {
    /// Moves after `searchmoves`, as written.
    pub searchmoves: Vec<String>,
    /// Depth after `perft`, clamped to `1..=MAX_PERFT_DEPTH`.
    pub perft: Option<u32>,
    /// `depth`, clamped to `1..=MAX_GO_DEPTH`.
    pub depth: Option<i32>,
    /// `mate` in moves, clamped to `1..=MAX_GO_MATE`.
    pub mate: Option<i32>,
    /// `nodes` (at most `u64::MAX`).
    pub nodes: Option<u64>,
    /// `wtime`, `btime`, `winc`, `binc`, in ms, clamped to
    /// `0..=MAX_CLOCK_MS` (negative values, sent by some GUIs after a flag
    /// fall, read as 0).
    pub clock: [Option<u64>; 4],
    /// `movetime`, in ms, clamped likewise.
    pub movetime: Option<u64>,
    /// `movestogo`, clamped to `1..=255`.
    pub movestogo: Option<u32>,
    /// `infinite`.
    pub infinite: bool,
    /// `ponder`.
    pub ponder: bool,
    /// Words that mean nothing here (ignored, and said so).
    pub ignored: Vec<String>,
}

/// Deepest `go perft` accepted (deeper ones would run for years anyway).
pub const MAX_PERFT_DEPTH: u32 = 20;
/// Deepest `go depth` (the search's own ply limit).
pub const MAX_GO_DEPTH: i32 = crate::engine::MAX_DEPTH;
/// Longest `go mate`, in moves.
pub const MAX_GO_MATE: i32 = 100;
/// Largest clock value read, in milliseconds (about 115 days).
pub const MAX_CLOCK_MS: u64 = 10_000_000_000;

/// Keywords that end a `searchmoves` list.
const GO_KEYWORDS: &[&str] = &[
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "perft",
    "searchmoves",
];

/// A whole number as written: digits, optionally after a minus sign. Too
/// many digits saturate. `Err` says why it is no such number.
fn whole_number(key: &str, value: Option<&&str>) -> Result<(bool, u64), WireError> {
    let v = value.ok_or_else(|| WireError::MissingNumber(key.to_string()))?;
    let (negative, digits) = match v.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, *v),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(WireError::NotANumber {
            key: key.to_string(),
            value: v.to_string(),
        });
    }
    Ok((negative, digits.parse::<u64>().unwrap_or(u64::MAX)))
}

/// A count that must be positive, clamped to `1..=max`.
fn count(key: &str, value: Option<&&str>, max: u64) -> Result<u64, WireError> {
    match whole_number(key, value)? {
        (true, _) | (false, 0) => Err(WireError::NotPositive(key.to_string())),
        (false, n) => Ok(n.min(max)),
    }
}

/// The clock words, in `GoCommand::clock`'s order.
pub const CLOCK_WORDS: [&str; 4] = ["wtime", "btime", "winc", "binc"];

/// Read a `go` line (including the word `go`).
pub fn parse_go(line: &str) -> Result<GoCommand, WireError> {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let mut out = GoCommand::default();
    let mut i = 1;
    while i < tokens.len() {
        let t = tokens[i];
        let value = tokens.get(i + 1);
        match t {
            "searchmoves" => {
                i += 1;
                while i < tokens.len() && !GO_KEYWORDS.contains(&tokens[i]) {
                    out.searchmoves.push(tokens[i].to_string());
                    i += 1;
                }
                continue;
            }
            "perft" => out.perft = Some(count(t, value, MAX_PERFT_DEPTH as u64)? as u32),
            "depth" => out.depth = Some(count(t, value, MAX_GO_DEPTH as u64)? as i32),
            "mate" => out.mate = Some(count(t, value, MAX_GO_MATE as u64)? as i32),
            "nodes" => out.nodes = Some(count(t, value, u64::MAX)?),
            "movestogo" => out.movestogo = Some(count(t, value, 255)? as u32),
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                let (negative, ms) = whole_number(t, value)?;
                let ms = Some(if negative { 0 } else { ms.min(MAX_CLOCK_MS) });
                match CLOCK_WORDS.iter().position(|w| *w == t) {
                    Some(k) => out.clock[k] = ms,
                    None => out.movetime = ms,
                }
            }
            "infinite" | "ponder" => {
                if t == "infinite" {
                    out.infinite = true;
                } else {
                    out.ponder = true;
                }
                i += 1;
                continue;
            }
            _ => {
                out.ignored.push(t.to_string());
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    Ok(out)
}

/// A move for the GUI: castling as King-takes-Rook when `chess960`.
pub fn move_text(m: Move, chess960: bool) -> String {
    if chess960 {
        m.chess960_text()
    } else {
        m.to_string()
    }
}

/// The `bestmove` line.
pub fn bestmove_line(best: Option<Move>, ponder: Option<Move>, chess960: bool) -> String {
    match (best, ponder) {
        (None, _) => "bestmove (none)".to_string(),
        (Some(b), Some(p)) => format!(
            "bestmove {} ponder {}",
            move_text(b, chess960),
            move_text(p, chess960)
        ),
        (Some(b), None) => format!("bestmove {}", move_text(b, chess960)),
    }
}

/// Win / draw / loss per mille for a search score, from the engine's one
/// win-rate model (`engine::winrate`).
pub fn wdl(score: i32) -> (u32, u32, u32) {
    crate::engine::winrate::wdl(Score::from_search(score))
}

/// An `info` line for one principal variation. vampirc writes the attributes
/// it knows; the `wdl` field and the 12x8 PV are added here.
pub fn info_line(info: &Info, show_wdl: bool, chess960: bool) -> String {
    use vampirc_uci::{UciInfoAttribute as A, UciMessage};
    let ms = info.time.as_millis() as i64;
    let (cp, mate) = match Score::from_search(info.score) {
        Score::Cp(cp) => (Some(cp), None),
        Score::Mate(m) => (None, Some(m.clamp(-127, 127) as i8)),
    };
    let head = UciMessage::Info(vec![
        A::Depth(info.depth.clamp(0, 255) as u8),
        A::SelDepth(info.seldepth.clamp(0, 255) as u8),
        A::MultiPv(info.multipv.min(u16::MAX as usize) as u16),
        A::Score {
            cp,
            mate,
            lower_bound: (info.bound == Some(Bound::Lower)).then_some(true),
            upper_bound: (info.bound == Some(Bound::Upper)).then_some(true),
        },
    ]);
    let mut tail = vec![
        A::Nodes(info.nodes),
        A::Nps(info.nodes * 1000 / (ms.max(1) as u64)),
        A::HashFull(info.hashfull.min(1000) as u16),
    ];
    // Only a search that reached the tablebases says so.
    if info.tbhits > 0 {
        tail.push(A::TbHits(info.tbhits));
    }
    tail.push(A::Time(vampirc_uci::Duration::milliseconds(ms)));
    let tail = UciMessage::Info(tail);
    let mut line = head.to_string();
    if show_wdl {
        let (w, d, l) = wdl(info.score);
        let _ = write!(line, " wdl {w} {d} {l}");
    }
    line.push_str(tail.to_string().trim_start_matches("info"));
    if !info.pv.is_empty() {
        line.push_str(" pv");
        for m in &info.pv {
            line.push(' ');
            line.push_str(&move_text(*m, chess960));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MATE;
    use std::time::Duration;

    #[test]
    fn position_startpos_with_moves() {
        let p = parse_position("startpos moves e2i6 h7d3").unwrap();
        assert_eq!(p.game_ply(), 2);
        assert_eq!(
            p.to_fen(),
            "rnflbfkblfnr/1c2a5c1/p1pp1pp1Ap1p/12/12/P1Pa1PP1PP1P/1C5A2C1/RNFLBFKBLFNR w KQkq - 0 2"
        );
    }

    #[test]
    fn position_fen_with_and_without_moves() {
        let fen = "r5k4r/12/12/12/12/12/12/R5K4R w KQkq - 0 1";
        let p = parse_position(&format!("fen {fen}")).unwrap();
        assert_eq!(p.to_fen(), fen);
        let p = parse_position(&format!("fen {fen} moves g1l1 g8a8")).unwrap();
        assert_eq!(p.to_fen(), "3kr6r/12/12/12/12/12/12/R7RK2 w - - 2 2");
        // Short FEN (no clocks) works too.
        assert!(parse_position("fen 6k5/12/12/12/12/12/12/6K5 w - moves g1g2").is_ok());
    }

    #[test]
    fn position_errors_are_reported_not_applied() {
        for bad in [
            "",
            "startpos moves e2e4",
            "startpos moves e2i6 e2i6",
            "startpos moves zz",
            "fen",
            "fen 6k5/12/12/12/12/12/6K5 w",
            "startpos garbage",
            "middlegame",
        ] {
            assert!(parse_position(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn go_is_read_once() {
        let g = parse_go("go wtime 1000 btime -20 searchmoves l1k3 c7c8t depth 5 ponder").unwrap();
        assert_eq!(g.searchmoves, vec!["l1k3", "c7c8t"]);
        assert_eq!(g.clock, [Some(1000), Some(0), None, None]);
        assert!(g.ponder && !g.infinite);
        assert_eq!(g.depth, Some(5));
        let g = parse_go("go perft 3").unwrap();
        assert_eq!(g.perft, Some(3));
        assert!(parse_go("go perft x").is_err());
        assert!(parse_go("go perft").is_err());
    }

    #[test]
    fn only_exact_keywords_are_read() {
        // Found by fuzzing: vampirc read `maTe 300` as `mate 300` and
        // panicked past u8.
        let g = parse_go("go maTe 300vestogo 500 utime 10 btime 10").unwrap();
        assert_eq!((g.mate, g.clock[1]), (None, Some(10)));
        assert_eq!(g.ignored, vec!["maTe", "300vestogo", "500", "utime", "10"]);
        let g = parse_go("go DEPTH 3 infinite").unwrap();
        assert_eq!((g.depth, g.infinite), (None, true));
    }

    #[test]
    fn go_numbers_are_checked_and_clamped() {
        let g =
            parse_go("go depth 256 mate 300 movestogo 500 nodes 99999999999999999999999").unwrap();
        assert_eq!(g.depth, Some(MAX_GO_DEPTH));
        assert_eq!(g.mate, Some(MAX_GO_MATE));
        assert_eq!(g.nodes, Some(u64::MAX));
        assert_eq!(g.movestogo, Some(255));
        let g = parse_go("go wtime 99999999999999999999999 movetime 5 perft 99").unwrap();
        assert_eq!((g.clock[0], g.movetime), (Some(MAX_CLOCK_MS), Some(5)));
        assert_eq!(g.perft, Some(MAX_PERFT_DEPTH));
        for bad in [
            "go depth -3",
            "go depth 0",
            "go depth 1e5",
            "go depth nan",
            "go mate inf",
            "go nodes",
            "go wtime 1.5",
            "go movestogo -1",
            "go btime ",
            "go winc x",
        ] {
            assert!(parse_go(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bestmove_and_chess960() {
        let p = Position::from_fen("r5k4r/12/12/12/12/12/12/R5K4R w KQkq - 0 1").unwrap();
        let c = p.parse_move("g1j1").unwrap();
        assert_eq!(bestmove_line(Some(c), None, false), "bestmove g1j1");
        assert_eq!(bestmove_line(Some(c), None, true), "bestmove g1l1");
        assert_eq!(bestmove_line(None, None, false), "bestmove (none)");
    }

    #[test]
    fn wdl_is_monotone_and_sums_to_1000() {
        let mut last_win = 0;
        for cp in (-600..=600).step_by(50) {
            let (w, d, l) = wdl(cp);
            assert_eq!(w + d + l, 1000);
            assert!(w >= last_win);
            last_win = w;
        }
        assert_eq!(wdl(MATE - 5), (1000, 0, 0));
        let (w, _, l) = wdl(0);
        assert_eq!(w, l);
    }

    #[test]
    fn info_line_format() {
        let p = Position::startpos();
        let info = Info {
            depth: 7,
            seldepth: 12,
            multipv: 1,
            score: 35,
            bound: Some(Bound::Lower),
            nodes: 5000,
            time: Duration::from_millis(250),
            hashfull: 3,
            tbhits: 0,
            pv: vec![p.parse_move("e2i6").unwrap()],
        };
        let line = info_line(&info, true, false);
        assert!(
            line.starts_with("info depth 7 seldepth 12 multipv 1 score cp 35 lowerbound wdl "),
            "{line}"
        );
        assert!(
            line.contains(" nodes 5000 nps 20000 hashfull 3 time 250 pv e2i6"),
            "{line}"
        );
        let mate = Info {
            score: MATE - 3,
            bound: None,
            ..info
        };
        assert!(info_line(&mate, false, false).contains("score mate 2 nodes"));
    }
}
