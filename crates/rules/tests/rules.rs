//! One test per rule of rules.md, on hand-built positions.

mod common;

use common::{fen_of, is_legal, legal_from, play, pos_of, set};
use humpty_rules::{Color, Outcome, PieceKind, Position};

// ---------------------------------------------------------------- hoppers

#[test]
fn cannon_moves_as_rook_and_captures_over_one_screen() {
    // Up the b-file: b3 quiet, own Pawn b4 is the screen, b5/b6 are not
    // reachable (a quiet move never passes a piece), b7 is captured.
    // Along rank 2: the black Rook c2 is the screen (no capture of an adjacent
    // piece), the black Bishop e2 beyond it is captured.
    let p = pos_of(&["Kg1", "kg8", "Cb2", "Pb4", "nb7", "rc2", "be2"], 'w');
    assert_eq!(
        legal_from(&p, "b2"),
        set(&["b2a2", "b2b1", "b2b3", "b2b7", "b2e2"])
    );
}

#[test]
fn cannon_cannot_capture_over_two_screens() {
    let p = pos_of(&["Kg1", "kg8", "Cb2", "Pb4", "pb5", "nb7"], 'w');
    let moves = legal_from(&p, "b2");
    assert!(moves.contains(&"b2b5".to_string()), "{moves:?}");
    assert!(!moves.contains(&"b2b7".to_string()));
}

#[test]
fn arrow_moves_as_bishop_and_captures_diagonally_over_one_screen() {
    let p = pos_of(&["Kl1", "kl8", "Ac3", "Pe5", "ng7"], 'w');
    assert_eq!(
        legal_from(&p, "c3"),
        set(&["c3a1", "c3a5", "c3b2", "c3b4", "c3d2", "c3d4", "c3e1", "c3g7"])
    );
}

#[test]
fn tank_is_cannon_plus_arrow() {
    // Up the file the own Pawn c5 screens the capture of the Rook c8; up the
    // diagonal the black Pawn d4 screens the capture of the Queen f6.
    let p = pos_of(&["Kl1", "kl8", "Tc3", "Pc5", "rc8", "pd4", "qf6"], 'w');
    let moves = legal_from(&p, "c3");
    for m in [
        "c3c8", "c3f6", "c3c4", "c3a3", "c3l3", "c3b4", "c3a5", "c3a1", "c3e1",
    ] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    for m in ["c3c5", "c3c6", "c3d4", "c3e5"] {
        assert!(!moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
}

#[test]
fn king_of_either_colour_can_be_a_screen() {
    // Own King e3 screens the Cannon e1's capture of the Knight e7.
    let p = pos_of(&["Ke3", "kl8", "Ce1", "ne7"], 'w');
    assert!(is_legal(&p, "e1e7"));
    // The enemy King d4 screens the Cannon a4's capture of the Rook g4 (and the
    // King itself is not in check: nothing stands between a4 and d4).
    let p = pos_of(&["Kl1", "kd4", "Ca4", "rg4"], 'w');
    assert!(is_legal(&p, "a4g4"));
    assert!(!p.is_attacked("d4".parse().unwrap(), Color::White));
}

#[test]
fn hopper_pin_with_no_screen_forbids_moving_onto_the_line() {
    let p = pos_of(&["Kg1", "kl8", "cg8", "Ne2", "Ra4"], 'w');
    assert!(!p.in_check());
    assert!(!is_legal(&p, "e2g3"));
    assert!(!is_legal(&p, "a4g4"));
    assert!(is_legal(&p, "e2f4"));
    assert!(is_legal(&p, "a4b4"));
}

#[test]
fn hopper_check_is_escaped_by_removing_the_screen_or_adding_a_second() {
    let p = pos_of(&["Kg1", "kl8", "cg8", "Pg5", "pf6", "Ne2", "Ra4"], 'w');
    assert!(p.in_check());
    assert!(is_legal(&p, "g5f6"), "screen leaves the line");
    assert!(!is_legal(&p, "g5g6"), "screen stays on the line");
    assert!(is_legal(&p, "a4g4"), "a second screen");
    assert!(is_legal(&p, "e2g3"), "a second screen");
    assert!(!is_legal(&p, "e2f4"));
    assert!(!is_legal(&p, "g1g2"), "still on the line behind one screen");
    assert!(is_legal(&p, "g1f1"));
}

#[test]
fn hopper_with_two_screens_pins_both() {
    let p = pos_of(&["Kg1", "kl8", "cg8", "Pg5", "pf6", "Ng3"], 'w');
    assert!(!p.in_check());
    assert_eq!(legal_from(&p, "g3"), Vec::<String>::new());
    assert!(!is_legal(&p, "g5f6"));
    assert!(is_legal(&p, "g5g6"));
}

#[test]
fn king_moving_along_a_hopper_line_is_judged_with_the_king_lifted() {
    // Cannon b1 checks g1 over the screen d1; stepping to h1 stays attacked
    // (with the King lifted, h1 is the first piece after the screen).
    let p = pos_of(&["Kg1", "kl8", "cb1", "Nd1"], 'w');
    assert!(p.in_check());
    assert!(!is_legal(&p, "g1h1"));
    assert!(!is_legal(&p, "g1f1"));
    assert!(is_legal(&p, "g1g2"));
    // With no screen, the King is the screen for the squares beyond it; once it
    // moves there alone, nothing screens it.
    let p = pos_of(&["Kg1", "kl8", "cc1"], 'w');
    assert!(!p.in_check());
    assert!(is_legal(&p, "g1h1"));
    assert!(is_legal(&p, "g1f1"));
}

// ---------------------------------------------------------------- leapers

#[test]
fn camel_and_gnu_leap() {
    let p = pos_of(&["Kl1", "kl8", "Le4", "Pf5"], 'w');
    assert_eq!(
        legal_from(&p, "e4"),
        set(&["e4b3", "e4b5", "e4d1", "e4d7", "e4f1", "e4f7", "e4h3", "e4h5"])
    );
    let p = pos_of(&["Kl1", "kl8", "Ga1"], 'w');
    assert_eq!(legal_from(&p, "a1"), set(&["a1b3", "a1c2", "a1b4", "a1d2"]));
}

// ---------------------------------------------------------------- frogs

#[test]
fn frog_steps_diagonally_and_leaps_three_sideways() {
    // Sideways leap over pieces; diagonal steps; c3->c6 crosses the River with
    // c4 and c5 empty.
    let p = pos_of(&["Kl1", "kl8", "Fc3", "Pd3", "pe3"], 'w');
    assert_eq!(
        legal_from(&p, "c3"),
        set(&["c3b2", "c3b4", "c3d2", "c3d4", "c3f3", "c3c6"])
    );
}

#[test]
fn frog_river_crossing_needs_both_passed_squares_empty() {
    for blocker in ["Pc4", "pc5"] {
        let p = pos_of(&["Kl1", "kl8", "Fc3", blocker], 'w');
        assert!(!is_legal(&p, "c3c6"), "{blocker}");
    }
    // Capture across the River follows the same rule.
    let p = pos_of(&["Kl1", "kl8", "Fc3", "nc6"], 'w');
    assert!(is_legal(&p, "c3c6"));
    let p = pos_of(&["Kl1", "kl8", "Fc3", "nc6", "pc5"], 'w');
    assert!(!is_legal(&p, "c3c6"));
    // Black Frog crossing downwards: f6 -> f3 blocked by f5.
    let p = pos_of(&["Kl1", "kl8", "ff6", "Pf5"], 'b');
    assert!(!is_legal(&p, "f6f3"));
    let p = pos_of(&["Kl1", "kl8", "ff6", "Pf7"], 'b');
    assert!(is_legal(&p, "f6f3"));
}

#[test]
fn frog_leaps_freely_inside_one_half() {
    // White half: c1 -> c4 over c2, c3. Black half: f8 -> f5 over f7, f6.
    let p = pos_of(&["Kl1", "kl8", "Fc1", "Pc2", "pc3"], 'w');
    assert!(is_legal(&p, "c1c4"));
    let p = pos_of(&["Kl1", "kl8", "ff8", "Pf7", "pf6"], 'b');
    assert!(is_legal(&p, "f8f5"));
    // Upwards from rank 5 stays in Black's half: a leap for White's Frog too.
    let p = pos_of(&["Kl1", "kl8", "Fc5", "pc6", "pc7"], 'w');
    assert!(is_legal(&p, "c5c8"));
}

#[test]
fn frog_gives_check_across_the_river_only_over_empty_squares() {
    let p = pos_of(&["Kl1", "kg7", "Fg4"], 'b');
    assert!(p.in_check());
    let p = pos_of(&["Kl1", "kg7", "Fg4", "pg6"], 'b');
    assert!(!p.in_check());
    // Inside a half the leap checks over anything.
    let p = pos_of(&["Kl1", "kg8", "Fg5", "pg6", "pg7"], 'b');
    assert!(p.in_check());
}

#[test]
fn frog_promotion_is_optional_and_only_from_another_rank() {
    // Diagonal step c7 -> d8: may stay a Frog or become Q, G or T.
    let p = pos_of(&["Kl1", "kl6", "Fc7"], 'w');
    let moves = legal_from(&p, "c7");
    for m in ["c7d8", "c7d8q", "c7d8g", "c7d8t", "c7b8", "c7b8q"] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    assert!(!moves.contains(&"c7d8f".to_string()));
    // Vertical leap c5 -> c8 (inside Black's half) also promotes.
    let p = pos_of(&["Kl1", "kl6", "Fc5"], 'w');
    assert!(is_legal(&p, "c5c8") && is_legal(&p, "c5c8t"));
    // Along the far rank: no promotion.
    let p = pos_of(&["Kl1", "kl6", "Fc8"], 'w');
    assert!(is_legal(&p, "c8f8"));
    assert!(!is_legal(&p, "c8f8q"));
    // Only kinds absent from the board are offered.
    let p = pos_of(&["Kl1", "kl6", "Fc7", "Qa2", "Ta3"], 'w');
    let to_d8: Vec<String> = legal_from(&p, "c7d8");
    assert_eq!(to_d8, set(&["c7d8", "c7d8g"]));
    // Black Frog promotes on rank 1.
    let p = pos_of(&["Kl8", "kl3", "fc2"], 'b');
    assert!(is_legal(&p, "c2d1q") && is_legal(&p, "c2d1"));
}

// ---------------------------------------------------------------- pawns

fn pawn_promotions(extra: &[&str]) -> Vec<String> {
    let mut men = vec!["Ka1", "kl3", "Pc7"];
    men.extend_from_slice(extra);
    legal_from(&pos_of(&men, 'w'), "c7")
}

#[test]
fn pawn_promotion_choices_follow_the_absent_kinds() {
    assert_eq!(pawn_promotions(&[]), set(&["c7c8g", "c7c8q", "c7c8t"]));
    assert_eq!(pawn_promotions(&["Qa5"]), set(&["c7c8g", "c7c8t"]));
    assert_eq!(pawn_promotions(&["Ta6"]), set(&["c7c8g", "c7c8q"]));
    assert_eq!(pawn_promotions(&["Ga3"]), set(&["c7c8q", "c7c8t"]));
    assert_eq!(pawn_promotions(&["Qa5", "Ga3"]), set(&["c7c8t"]));
    assert_eq!(pawn_promotions(&["Qa5", "Ta6"]), set(&["c7c8g"]));
    assert_eq!(pawn_promotions(&["Ga3", "Ta6"]), set(&["c7c8q"]));
    assert_eq!(pawn_promotions(&["Qa5", "Ga3", "Ta6"]), set(&["c7c8f"]));
    // The opponent's pieces do not count.
    assert_eq!(
        pawn_promotions(&["qh5", "gh3", "th6"]),
        set(&["c7c8g", "c7c8q", "c7c8t"])
    );
}

#[test]
fn pawn_steps_one_and_captures_diagonally_forward_only() {
    let p = pos_of(&["Kl1", "kl8", "Pc3", "nb4", "nd4", "nb2"], 'w');
    assert_eq!(legal_from(&p, "c3"), set(&["c3b4", "c3c4", "c3d4"]));
    let p = pos_of(&["Kl1", "kl8", "Pc3", "nc4"], 'w');
    assert_eq!(legal_from(&p, "c3"), Vec::<String>::new());
    // No double step from the start rank.
    let p = Position::startpos();
    assert!(!is_legal(&p, "a3a5") && is_legal(&p, "a3a4"));
}

#[test]
fn promotion_counts_are_taken_before_the_move_and_updated_after() {
    let mut p = pos_of(&["Ka1", "kl3", "Pc7", "Pe7"], 'w');
    play(&mut p, &["c7c8q", "l3l2"]);
    assert_eq!(p.count(Color::White, PieceKind::Queen), 1);
    assert_eq!(legal_from(&p, "e7"), set(&["e7e8g", "e7e8t"]));
}

#[test]
fn black_pawn_promotes_on_rank_one() {
    let p = pos_of(&["Kl8", "ka6", "pc2", "qa2"], 'b');
    assert_eq!(legal_from(&p, "c2"), set(&["c2c1g", "c2c1t"]));
}

// ---------------------------------------------------------------- castling

fn castle_pos(extra: &[&str]) -> Position {
    let mut men = vec!["Kg1", "Ra1", "Rl1", "kg8", "ra8", "rl8"];
    men.extend_from_slice(extra);
    Position::from_fen(&fen_of(&men, 'w', "KQkq")).unwrap()
}

#[test]
fn castling_moves_king_three_and_rook_to_the_inner_square() {
    let mut p = castle_pos(&[]);
    assert!(is_legal(&p, "g1j1") && is_legal(&p, "g1d1"));
    play(&mut p, &["g1j1"]);
    assert_eq!(p.to_fen(), "r5k4r/12/12/12/12/12/12/R7RK2 b kq - 1 1");
    p.unmake_move();
    play(&mut p, &["g1d1"]);
    assert_eq!(p.to_fen(), "r5k4r/12/12/12/12/12/12/3KR6R b kq - 1 1");
    // Black too.
    play(&mut p, &["g8j8"]);
    assert_eq!(p.to_fen(), "r7rk2/12/12/12/12/12/12/3KR6R w - - 2 2");
}

#[test]
fn castling_is_refused_in_check_through_or_into_attack() {
    assert!(!is_legal(&castle_pos(&["rg5"]), "g1j1"), "in check");
    assert!(!is_legal(&castle_pos(&["rh5"]), "g1j1"), "passes h1");
    assert!(!is_legal(&castle_pos(&["ri5"]), "g1j1"), "passes i1");
    assert!(!is_legal(&castle_pos(&["rj5"]), "g1j1"), "lands on j1");
    assert!(
        is_legal(&castle_pos(&["rk5"]), "g1j1"),
        "the rook may pass k1 attacked"
    );
    assert!(!is_legal(&castle_pos(&["re5"]), "g1d1"), "passes e1");
    assert!(!is_legal(&castle_pos(&["rd5"]), "g1d1"), "lands on d1");
    assert!(
        is_legal(&castle_pos(&["rb5"]), "g1d1"),
        "b1 is not on the King's path"
    );
    assert!(
        !is_legal(&castle_pos(&["Nb1"]), "g1d1"),
        "every square between must be empty"
    );
}

#[test]
fn castling_landing_square_is_judged_after_the_whole_move() {
    // Cannon c1: g1 has no screen before it (no check), h1 and i1 are safe with
    // the King moved there alone, but after g1j1 the Rook on i1 screens j1.
    let p = Position::from_fen(&fen_of(&["Kg1", "Rl1", "kg8", "cc1"], 'w', "K")).unwrap();
    assert!(!p.in_check());
    assert!(!is_legal(&p, "g1j1"));
    assert!(is_legal(&p, "g1h1"));
    // With two men between the Cannon and the castled Rook, the Cannon's
    // target is e1 and castling is legal.
    let p = Position::from_fen(&fen_of(
        &["Kg1", "Rl1", "kg8", "cc1", "Nd1", "Ne1"],
        'w',
        "K",
    ))
    .unwrap();
    assert!(is_legal(&p, "g1j1"));
}

#[test]
fn castling_rights_end_when_king_or_rook_home_squares_are_touched() {
    let mut p = castle_pos(&["Nk3"]);
    play(&mut p, &["l1k1", "g8h8", "k1l1", "h8g8"]);
    assert!(!is_legal(&p, "g1j1"), "rook moved away and back");
    assert!(is_legal(&p, "g1d1"));
    // A capture on a8 ends Black's queen-side right.
    let mut p = castle_pos(&["Nb6"]);
    play(&mut p, &["b6a8"]);
    assert!(!is_legal(&p, "g8d8") && is_legal(&p, "g8j8"));
    // King-takes-rook notation is accepted for castling.
    let p = castle_pos(&[]);
    assert_eq!(p.parse_move("g1l1").unwrap().to_string(), "g1j1");
    assert_eq!(p.parse_move("g1a1").unwrap().to_string(), "g1d1");
    assert_eq!(p.parse_move("g1j1").unwrap().chess960_text(), "g1l1");
    assert_eq!(p.parse_move("g1d1").unwrap().chess960_text(), "g1a1");
}

// ---------------------------------------------------------------- inventor's notes

#[test]
fn notes_arrow_check_on_the_first_move() {
    let mut p = Position::startpos();
    assert_eq!(p.legal_moves().len(), 52);
    let checks: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|&&m| {
            let mut q = p.clone();
            q.make_move(m);
            q.in_check()
        })
        .map(|m| m.to_string())
        .collect();
    assert_eq!(
        checks,
        vec!["e2i6".to_string()],
        "e2i6 is White's only checking first move"
    );
    play(&mut p, &["e2i6"]);
    assert!(p.in_check());
    assert!(is_legal(&p, "h7d3"));
    play(&mut p, &["h7d3"]);
    assert!(!p.in_check(), "h7d3 answers the check");
    assert_eq!(p.side_to_move(), Color::White);
}

#[test]
fn notes_arrow_takes_rooks_pawn() {
    let mut p = Position::startpos();
    play(&mut p, &["e2a6"]);
    assert!(is_legal(&p, "b8a6"), "Knight recaptures");
    assert!(is_legal(&p, "a8a6"), "Rook recaptures");
}

#[test]
fn notes_cannon_threatens_the_knight_over_b7() {
    let p = Position::startpos();
    assert!(is_legal(&p, "b2b8"));
}

// ---------------------------------------------------------------- game end

#[test]
fn checkmate_and_stalemate() {
    let p = Position::from_fen("k11/p11/12/12/12/12/12/CR9K b - - 0 1").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    let p = Position::from_fen("k11/1p10/2N9/11K/12/12/12/7A4 b - - 0 1").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Stalemate));
    assert_eq!(Position::startpos().outcome(), None);
}

#[test]
fn draws_by_repetition_fifty_moves_and_bare_kings() {
    let mut p = Position::startpos();
    play(&mut p, &["b1d2", "b8d7", "d2b1", "d7b8"]);
    assert!(p.repetitions_at_least(1));
    assert!(!p.repetitions_at_least(2));
    assert_eq!(p.outcome(), None);
    play(&mut p, &["b1d2", "b8d7", "d2b1", "d7b8"]);
    assert!(p.repetitions_at_least(2));
    assert_eq!(p.outcome(), Some(Outcome::Repetition));

    let p = Position::from_fen("6k5/12/12/12/12/12/12/R5K5 w - - 100 80").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::FiftyMoves));
    let p = Position::from_fen("6k5/12/12/12/12/12/12/R5K5 w - - 99 80").unwrap();
    assert_eq!(p.outcome(), None);

    let mut p = pos_of(&["Kg1", "kg3", "Rh3"], 'b');
    play(&mut p, &["g3h3"]);
    assert_eq!(p.outcome(), Some(Outcome::BareKings));
}

#[test]
fn checkmate_on_the_hundredth_ply_beats_the_fifty_move_rule() {
    // Back-rank mate c1c8 is a quiet move that brings the clock to 100.
    let mut p = pos_of(&["Kl1", "Rc1", "ka8", "pa7", "pb7"], 'w');
    p = Position::from_fen(&p.to_fen().replace(" 0 1", " 99 80")).unwrap();
    play(&mut p, &["c1c8"]);
    assert_eq!(p.halfmove_clock(), 100);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn repetition_does_not_reach_across_a_null_move() {
    // Knight out and back for White, a null move for Black in between: the
    // position after b1d2 (null) d2b1 has White to move as at the start, but
    // a real game cannot get there, so it must not count as a repetition.
    let mut p = Position::startpos();
    play(&mut p, &["b1d2"]);
    p.make_null();
    play(&mut p, &["d2b1"]);
    p.make_null();
    assert_eq!(p.key(), Position::startpos().key());
    assert!(!p.repetitions_at_least(1));
    p.unmake_null();
    p.unmake_move();
    p.unmake_null();
    assert_eq!(p.halfmove_clock(), 1);
}
