//! FEN round trips and every error the parser reports.

use humpty_rules::{Color, FenError, Position};

const PERFT: &str = include_str!("../../../tests/data/perft.tsv");
const OPENINGS: &str = include_str!("../../../tests/data/openings.txt");

#[test]
fn round_trips_every_reference_and_opening_position() {
    let fens = PERFT
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(1).unwrap())
        .chain(OPENINGS.lines().filter(|l| !l.trim().is_empty()));
    let mut n = 0;
    for fen in fens {
        let p = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.to_fen(), fen.trim());
        assert_eq!(p.key(), p.compute_key());
        n += 1;
    }
    assert!(n > 150);
}

#[test]
fn start_fen_and_defaults() {
    assert_eq!(Position::startpos().to_fen(), Position::START_FEN);
    // Missing clocks default to 0 1; the en-passant field is ignored.
    let p = Position::from_fen("6k5/12/12/12/12/12/12/6K5 b - e3").unwrap();
    assert_eq!(p.to_fen(), "6k5/12/12/12/12/12/12/6K5 b - - 0 1");
    // Chess960-style castling letters name the Rook files.
    let p = Position::from_fen("r5k4r/12/12/12/12/12/12/R5K4R w LAla - 0 1").unwrap();
    assert_eq!(p.to_fen(), "r5k4r/12/12/12/12/12/12/R5K4R w KQkq - 0 1");
}

/// Malformed FENs, each with the error it must give.
fn error_cases() -> Vec<(&'static str, FenError)> {
    vec![
        ("", FenError::Empty),
        ("   ", FenError::Empty),
        (
            "6k5/12/12/12/12/12/12/6K5 w - - 0 1 x",
            FenError::TooManyFields(7),
        ),
        ("6k5/12/12/12/12/12/6K5 w - - 0 1", FenError::RankCount(7)),
        ("6k5/12/12/12/12/12/12/12/6K5 w", FenError::RankCount(9)),
        (
            "6k5/12/12/12/12/12/12/6K4X w",
            FenError::BadPieceLetter { ch: 'X', rank: 1 },
        ),
        (
            "6k5/12/12/12/12/12/12/6K6 w",
            FenError::RankTooLong { rank: 1 },
        ),
        (
            "6k5/13/12/12/12/12/12/6K5 w",
            FenError::RankTooLong { rank: 7 },
        ),
        (
            "6k5/12/12/12/12/12/12/6K4 w",
            FenError::RankTooShort {
                rank: 1,
                squares: 11,
            },
        ),
        (
            "6k5/12/12/0p11/12/12/12/6K5 w",
            FenError::BadEmptyRun { rank: 5 },
        ),
        (
            "12/12/12/12/12/12/12/6K5 w",
            FenError::KingCount {
                color: Color::Black,
                count: 0,
            },
        ),
        (
            "6k5/12/12/12/12/12/12/5KK5 w",
            FenError::KingCount {
                color: Color::White,
                count: 2,
            },
        ),
        (
            "6k4P/12/12/12/12/12/12/6K5 w",
            FenError::PawnOnFarRank {
                square: "l8".parse().unwrap(),
            },
        ),
        (
            "6k5/12/12/12/12/12/12/p5K5 w",
            FenError::PawnOnFarRank {
                square: "a1".parse().unwrap(),
            },
        ),
        (
            "6k5/12/12/12/12/12/12/6K5 x",
            FenError::SideToMove("x".into()),
        ),
        ("6k5/12/12/12/12/12/12/6K5 w X", FenError::CastlingChar('X')),
        (
            "6k5/12/12/12/12/12/12/6K5 w K",
            FenError::CastlingWithoutPieces('K'),
        ),
        (
            "6k5/12/12/12/12/12/12/R5K5 w Q - x",
            FenError::Clock("x".into()),
        ),
        (
            "6k5/12/12/12/12/12/12/R5K5 w Q - 0 -1",
            FenError::Clock("-1".into()),
        ),
        (
            "6k5/12/12/12/12/12/12/6R5 w - - 0 1",
            FenError::KingCount {
                color: Color::White,
                count: 0,
            },
        ),
        (
            "6k5/12/12/12/12/12/12/K5R5 w - - 0 1",
            FenError::OpponentInCheck,
        ),
        (
            "QQQQQQQQQQQQ/QQQQQQQQQQQQ/QQQ9/12/12/12/k11/11K w",
            FenError::TooManyMen {
                color: Color::White,
                count: 28,
            },
        ),
    ]
}

#[test]
fn errors_say_what_and_where() {
    for (fen, want) in &error_cases() {
        let got = Position::from_fen(fen).err();
        assert_eq!(got.as_ref(), Some(want), "{fen}");
        // Every error has a readable message.
        assert!(!want.to_string().is_empty());
    }
}

#[test]
fn from_men_builds_what_the_fen_builds_and_checks_the_same() {
    use humpty_rules::{Piece, Square};
    let start = Position::startpos();
    let men: Vec<(Square, Piece)> = Square::all()
        .filter_map(|s| start.piece_at(s).map(|p| (s, p)))
        .collect();
    let black = Position::from_men(&men, Color::Black).unwrap();
    let want = Position::START_FEN.replace(" w KQkq ", " b - ");
    assert_eq!(black.to_fen(), want);
    assert_eq!(black.key(), black.compute_key());
    let man = |text: &str| {
        let p = Piece::from_letter(text.chars().next().unwrap()).unwrap();
        (text[1..].parse::<Square>().unwrap(), p)
    };
    let few = [man("Kg1"), man("kg8"), man("Ra1")];
    assert!(Position::from_men(&few, Color::White).is_ok());
    let twice = [few[0], few[1], few[2], man("Ra1")];
    let e = Position::from_men(&twice, Color::White).unwrap_err();
    assert_eq!(e, FenError::SquareTaken { square: few[2].0 });
    let e = Position::from_men(&few[1..], Color::White).unwrap_err();
    assert_eq!(
        e,
        FenError::KingCount {
            color: Color::White,
            count: 0
        }
    );
    let e = Position::from_men(&[few[0], few[1], man("Ra8")], Color::White).unwrap_err();
    assert_eq!(e, FenError::OpponentInCheck);
}
