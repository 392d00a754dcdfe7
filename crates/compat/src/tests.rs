//! Each convention against what pyffish 0.0.90 answers with the variant
//! file of docs/match.md, where its approximation of the rules is right.

use super::*;
use humpty_rules::Position;

const S: &str = "rnflbfkblfnr/1c2a2a2c1/p1pp1pp1pp1p/12/12/P1PP1PP1PP1P/1C2A2A2C1/RNFLBFKBLFNR";

#[test]
fn fen_codes_are_pyffish_codes() {
    let full = |rest: &str| format!("{S} {rest}");
    let cases = [
        ("", 0),
        (&full("w KQkq - 0 1"), 1),
        (&full("w KQkq - 0 1 extra"), -11),
        (&format!("12/{S} w - - 0 1"), -8),
        (&full("w KQkq - 0 1").replacen('r', "x", 1), -10),
        // A bad character is told before a bad geometry, as ffish does.
        (&format!("12/{S} w - - 0 1").replacen('r', "x", 1), -10),
        ("\u{1F600}", -10),
        (&full("w KQkq - 0 1").replacen("/12/", "/13/", 1), -8),
        (&full("w KQkq - 0 1").replacen("/12/", "/11/", 1), -8),
        ("12/12/12/12/12/12/12/12 w - - 0 1", -3),
        ("6k5/12/12/12/12/12/12/5KK5 w - - 0 1", -3),
        ("12/12/12/12/12/12/6k5/6K5 w - - 0 1", -9),
        (&full("x KQkq - 0 1"), -6),
        (&full("w KZkq - 0 1"), -5),
        ("6k5/12/12/12/12/12/12/6K5 w K - 0 1", -5),
        (&full("w KQkq - x 1"), -2),
        (&full("w KQkq - -1 1"), -2),
        (&full("w KQkq - 0 x"), -1),
    ];
    for (fen, code) in cases {
        assert_eq!(fen_code(fen), code, "{fen}");
    }
}

#[test]
fn replay_names_the_bad_move() {
    let pos = replay("", &["b1d2", "b8d7"]).unwrap();
    assert_eq!(
        pos.to_fen(),
        "r1flbfkblfnr/1c1na2a2c1/p1pp1pp1pp1p/12/12/P1PP1PP1PP1P/1C1NA2A2C1/R1FLBFKBLFNR w KQkq - 2 2"
    );
    let err = replay("", &["a3a4", "a6a5", "zz"]).unwrap_err();
    assert!(matches!(err, CompatError::Move { index: 2, .. }), "{err}");
    assert!(err.to_string().starts_with("move 2 of the list"), "{err}");
    let err = replay("", &["a3a5"]).unwrap_err();
    assert!(err.to_string().contains("illegal"), "{err}");
    assert!(matches!(
        replay("garbage", &[] as &[&str]),
        Err(CompatError::Fen(_))
    ));
    assert!(check_variant("chess")
        .unwrap_err()
        .to_string()
        .contains("['humpty']"));
}

#[test]
fn notations_write_as_pyffish_does() {
    let pos = start("r5k4r/1P10/12/12/12/12/12/R5K4R w KQkq - 0 1").unwrap();
    let cases = [
        ("g1j1", "O-O", "O-O"),
        ("g1d1", "O-O-O", "O-O-O"),
        ("b7b8q", "b8=Q+", "b7-b8=Q+"),
        ("b7a8q", "bxa8=Q+", "b7xa8=Q+"),
        ("a1a8", "Rxa8+", "Ra1xa8+"),
    ];
    for (wire, san, lan) in cases {
        let m = legal_move(&pos, wire).unwrap();
        assert_eq!(Notation::from_pyffish_code(0).unwrap().write(&pos, m), san);
        assert_eq!(Notation::San.write(&pos, m), san);
        assert_eq!(Notation::Lan.write(&pos, m), lan);
    }
    let start = Position::startpos();
    let m = legal_move(&start, "b1d2").unwrap();
    assert_eq!(Notation::Lan.write(&start, m), "Nb1-d2");
    // ffish.js's DEFAULT letters the Pawn as Fairy-Stockfish does (`Pe4`,
    // `Pxa8=Q+`), and a Pawn is told apart like any man.
    let default = Notation::from_code(0).unwrap();
    assert_eq!(
        default.write(&pos, legal_move(&pos, "b7a8q").unwrap()),
        "Pxa8=Q+"
    );
    assert_eq!(
        default.write(&pos, legal_move(&pos, "a1a8").unwrap()),
        "Rxa8+"
    );
    assert_eq!(
        default.write(&start, legal_move(&start, "a3a4").unwrap()),
        "Pa4"
    );
    let two = crate::start("6k5/12/12/3p8/2P1P7/12/12/6K5 w - - 0 1").unwrap();
    assert_eq!(
        default.write(&two, legal_move(&two, "c4d5").unwrap()),
        "Pcxd5"
    );
    assert_eq!(
        Notation::San.write(&two, legal_move(&two, "c4d5").unwrap()),
        "cxd5"
    );
    // Other games' notations answer in SAN; a code that is none is an error.
    assert_eq!(Notation::from_code(7), Ok(Notation::San));
    assert!(Notation::from_code(10).is_err() && Notation::from_code(-1).is_err());
    assert!(legal_move(&start, "a3a6").is_err());
}

#[test]
fn game_ends_as_pyffish_reports_them() {
    let knights = ["b1d2", "b8d7", "d2b1", "d7b8"];
    let eight: Vec<&str> = knights.iter().chain(&knights).copied().collect();
    let rep = replay("", &eight).unwrap();
    assert_eq!(optional_end(&rep), (true, VALUE_DRAW));
    assert_eq!(immediate_end(&rep), (false, 0));
    assert_eq!(game_result(&rep), VALUE_DRAW);
    assert_eq!(optional_end(&replay("", &knights).unwrap()), (false, 0));
    let fifty = start("6k5/12/12/12/12/12/12/R5K5 w - - 100 80").unwrap();
    assert_eq!(optional_end(&fifty), (true, VALUE_DRAW));
    let fresh = start("6k5/12/12/12/12/12/12/R5K5 w - - 99 80").unwrap();
    assert_eq!(optional_end(&fresh), (false, 0));
    // Not over: pyffish answers as if the game ended here, a side in
    // check as mated and any other as drawn.
    assert_eq!(game_result(&fresh), VALUE_DRAW);
    assert_eq!(game_result(&Position::startpos()), 0);
    let in_check = replay("6k5/12/12/12/12/12/12/R10K w - - 0 1", &["a1g1"]).unwrap();
    assert!(in_check.in_check() && in_check.outcome().is_none());
    assert_eq!(game_result(&in_check), -VALUE_MATE);
    // A mate on the 100th ply is a mate.
    let mated = replay("k11/12/1K10/12/12/12/12/11R w - - 99 80", &["l1l8"]).unwrap();
    assert_eq!(game_result(&mated), -VALUE_MATE);
    assert_eq!(optional_end(&mated), (false, 0));
    let stalemate = start("k11/2K9/1Q10/12/12/12/12/12 b - - 0 1").unwrap();
    assert_eq!(game_result(&stalemate), VALUE_DRAW);
    let bare = start("6k5/12/12/12/12/12/12/6K5 w - - 0 1").unwrap();
    assert_eq!(immediate_end(&bare), (true, VALUE_DRAW));
    assert_eq!(has_insufficient_material(&bare), (true, true));
    let rook = start("k11/12/12/12/12/12/12/K10R w - - 0 1").unwrap();
    assert_eq!(has_insufficient_material(&rook), (false, true));
    // pyffish says a Knight cannot win; here any man but the King can.
    let knight = start("6k5/12/12/12/12/12/12/5NK5 w - - 0 1").unwrap();
    assert_eq!(has_insufficient_material(&knight), (false, true));
}
