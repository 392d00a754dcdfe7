//! The exchange evaluator's two shortcuts to the next capturer agree with
//! the full attacker list on every square of many random positions: the
//! first Pawn (`pawn_attacker`) and the lowest-ranked man, first of equals
//! (`least_attacker`), so an exchange plays out as it did from the list.

mod common;

use arrayvec::ArrayVec;
use common::random_games;
use humpty_rules::attack::{attackers, least_attacker, pawn_attacker};
use humpty_rules::{Color, Piece, PieceKind, Position, Square};

/// Ranks with ties (Knight = Camel = Arrow, Rook = Cannon) and a constant
/// one (every attacker equal), so the first-of-equals rule is exercised.
fn ranks() -> [fn(u8) -> i32; 3] {
    fn by_kind(code: u8) -> i32 {
        Piece::from_code(code).map_or(0, |p| match p.kind() {
            PieceKind::Pawn => 1,
            PieceKind::Knight | PieceKind::Camel | PieceKind::Arrow => 3,
            PieceKind::Rook | PieceKind::Cannon => 5,
            PieceKind::King => 100,
            k => 6 + k.index() as i32,
        })
    }
    fn flat(_: u8) -> i32 {
        0
    }
    fn reversed(code: u8) -> i32 {
        -by_kind(code)
    }
    [by_kind, flat, reversed]
}

fn check(pos: &Position) -> usize {
    let board = pos.board();
    let mut list = ArrayVec::new();
    let mut found = 0;
    for s in Square::all().map(|s| s.mailbox()) {
        for by in [Color::White, Color::Black] {
            attackers(board, s, by, &mut list);
            found += list.len();
            let pawn = Piece::new(by, PieceKind::Pawn).code();
            let first_pawn = list.iter().map(|&f| f as usize).find(|&f| board[f] == pawn);
            assert_eq!(pawn_attacker(board, s, by), first_pawn, "{}", pos.to_fen());
            for rank in ranks() {
                let least = list
                    .iter()
                    .map(|&f| f as usize)
                    .min_by_key(|&f| rank(board[f]));
                assert_eq!(
                    least_attacker(board, s, by, rank),
                    least,
                    "{}",
                    pos.to_fen()
                );
            }
        }
    }
    found
}

#[test]
fn shortcuts_agree_with_the_attacker_list() {
    let mut attacks = 0;
    let positions = random_games(29, 40, 120, |pos| attacks += check(pos));
    assert!(
        positions > 3000 && attacks > 100_000,
        "{positions} {attacks}"
    );
}
