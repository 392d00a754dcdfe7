//! SAN (issue 11): every legal move of many random positions round-trips
//! move -> SAN -> move, disambiguation follows PGN's file/rank/square order,
//! and hand-checked examples from rules.md read and write as expected.

mod common;

use common::{pos_of, random_games};
use humpty_rules::{MoveError, Position};

/// The SAN of a wire move in `pos`.
fn san(pos: &Position, wire: &str) -> String {
    pos.san(
        pos.parse_move(wire)
            .unwrap_or_else(|e| panic!("{wire}: {e}")),
    )
}

/// The wire text of a SAN move in `pos`.
fn wire(pos: &Position, san: &str) -> String {
    pos.parse_san(san)
        .unwrap_or_else(|e| panic!("{san}: {e}"))
        .to_string()
}

/// Every legal move of `pos` reads back from its SAN, from its SAN without
/// check marks or `x`, and no two moves share a SAN.
fn assert_round_trip(pos: &Position) -> usize {
    let moves = pos.legal_moves();
    let mut seen = std::collections::HashSet::new();
    for &m in &moves {
        let text = pos.san(m);
        assert!(
            seen.insert(text.clone()),
            "{text} twice in {}",
            pos.to_fen()
        );
        assert_eq!(pos.parse_san(&text), Ok(m), "{text} in {}", pos.to_fen());
        let bare: String = text.chars().filter(|c| !"x+#".contains(*c)).collect();
        assert_eq!(pos.parse_san(&bare), Ok(m), "{bare} in {}", pos.to_fen());
    }
    moves.len()
}

#[test]
fn every_legal_move_round_trips_in_random_games() {
    let mut moves = 0;
    let positions = random_games(11, 60, 150, |pos| moves += assert_round_trip(pos));
    assert!(positions > 5000 && moves > 100_000, "{positions} {moves}");
}

#[test]
fn two_camels_are_told_apart_by_file() {
    let pos = pos_of(&["Kl8", "kl6", "La1", "Lg1"], 'w');
    assert_eq!(san(&pos, "a1d2"), "Lad2");
    assert_eq!(san(&pos, "g1d2"), "Lgd2");
    assert!(matches!(
        pos.parse_san("Ld2"),
        Err(MoveError::Ambiguous { ref candidates, .. }) if candidates == &["Lad2", "Lgd2"]
    ));
    // Moves only one Camel can make need no hint.
    assert_eq!(san(&pos, "a1b4"), "Lb4");
}

#[test]
fn two_frogs_on_one_file_are_told_apart_by_rank_across_the_river() {
    // d1 leaps to d4 inside its half; d7 crosses the River over d6 and d5.
    let pos = pos_of(&["Kl8", "kl6", "Fd1", "Fd7"], 'w');
    assert_eq!(san(&pos, "d1d4"), "F1d4");
    assert_eq!(san(&pos, "d7d4"), "F7d4");
    assert_eq!(wire(&pos, "F7d4"), "d7d4");
    // A man on d5 blocks the crossing: only one Frog can go, no hint.
    let blocked = pos_of(&["Kl8", "kl6", "Fd1", "Fd7", "pd5"], 'w');
    assert_eq!(san(&blocked, "d1d4"), "Fd4");
    assert!(matches!(
        blocked.parse_san("F7d4"),
        Err(MoveError::Illegal(_))
    ));
}

#[test]
fn three_frogs_after_a_frog_promotion_need_the_whole_square() {
    // Four Frogs to start, one more by promotion: c3 shares a rank with e3
    // and a file with c5, so its step to d4 names both.
    let pos = pos_of(&["Kl8", "kl6", "Fc3", "Fe3", "Fc5"], 'w');
    assert_eq!(san(&pos, "c3d4"), "Fc3d4");
    assert_eq!(san(&pos, "e3d4"), "Fed4");
    assert_eq!(san(&pos, "c5d4"), "F5d4");
    assert_eq!(wire(&pos, "Fc3d4"), "c3d4");
}

#[test]
fn three_cannons_by_file_and_rank_and_hopper_captures() {
    // Cannons cannot be promoted to, so three need a set-up position.
    let pos = pos_of(&["Kl8", "kl6", "Cd1", "Cd7", "Ca4"], 'w');
    assert_eq!(san(&pos, "d1d4"), "C1d4");
    assert_eq!(san(&pos, "d7d4"), "C7d4");
    assert_eq!(san(&pos, "a4d4"), "Cad4");
    // A hopper capture over a screen is written with x (the screen stays).
    let pos = pos_of(&["Kl8", "kl6", "Cb2", "Pb4", "nb7", "Ae2", "ph5"], 'w');
    assert_eq!(san(&pos, "b2b7"), "Cxb7");
    assert_eq!(wire(&pos, "Cb7"), "b2b7");
    let arrow = pos_of(&["Kl1", "kl6", "Ae2", "Pf3", "ph5"], 'w');
    assert_eq!(san(&arrow, "e2h5"), "Axh5");
}

#[test]
fn pawn_moves_captures_and_promotions() {
    let pos = pos_of(&["Kl1", "kl6", "Pc3", "nd4", "Pb7", "ra8", "Qh1"], 'w');
    assert_eq!(san(&pos, "c3c4"), "c4");
    assert_eq!(san(&pos, "c3d4"), "cxd4");
    // The side has a Queen: the Pawn chooses Gnu or Tank, with or without x.
    assert_eq!(san(&pos, "b7b8g"), "b8=G");
    assert_eq!(san(&pos, "b7a8t"), "bxa8=T");
    assert_eq!(wire(&pos, "ba8t"), "b7a8t");
    assert_eq!(wire(&pos, "b7a8=T"), "b7a8t");
    assert!(matches!(pos.parse_san("b8=Q"), Err(MoveError::Illegal(_))));
    assert!(matches!(pos.parse_san("b8"), Err(MoveError::Illegal(_))));
}

#[test]
fn castling_check_and_mate_marks() {
    let start = "r5k4r/12/12/12/12/12/12/R5K4R w KQkq - 0 1";
    let pos = Position::from_fen(start).unwrap();
    assert_eq!(san(&pos, "g1j1"), "O-O");
    assert_eq!(san(&pos, "g1d1"), "O-O-O");
    for (text, wire_text) in [("0-0", "g1j1"), ("O-O-O", "g1d1"), ("o-o-o", "g1d1")] {
        assert_eq!(wire(&pos, text), wire_text);
    }
    // Rook to the seventh checks nothing; a back-rank Rook move checks.
    assert_eq!(san(&pos, "a1a8"), "Rxa8+");
    // Mate: Rook on a7 guards the seventh, the other Rook mates on the eighth.
    let mate = pos_of(&["Kg1", "kg8", "Ra7", "Rl1"], 'w');
    assert_eq!(san(&mate, "l1l8"), "Rl8#");
    assert_eq!(wire(&mate, "Rl8"), "l1l8");
}

#[test]
fn bad_san_gets_a_clear_error() {
    let pos = Position::startpos();
    for text in ["", "Zz9", "Nm3", "N", "e9", "Nb1b1c3", "c3c4c5", "Xe4"] {
        let err = pos.parse_san(text).unwrap_err();
        assert!(
            matches!(err, MoveError::Notation(_) | MoveError::Illegal(_)),
            "{text}: {err:?}"
        );
        assert!(err.to_string().contains(text), "{err}");
    }
    assert!(matches!(pos.parse_san("Ke2"), Err(MoveError::Illegal(_))));
}
