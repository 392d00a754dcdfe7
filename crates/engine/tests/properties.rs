//! Property tests: random playouts keep make/unmake exact and the fast
//! legality filter equal to a plain make/test/unmake filter (and the
//! staged generators, the pickers' pseudo-legal passes and one-move
//! legality test equal to the full list); no input string
//! makes the FEN or move parser panic.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::Rng;
use humpty_engine::rules::{Move, Position};
use proptest::prelude::*;

const OPENINGS: &str = include_str!("../../../tests/data/openings.txt");

/// Legal moves by brute force: each pseudo-legal move is played and the
/// mover's King tested.
fn reference_legal(pos: &mut Position) -> Vec<Move> {
    let mover = pos.side_to_move();
    let mut out = Vec::new();
    for m in pos.pseudo_legal_moves() {
        pos.make_move(m);
        if !pos.is_attacked(pos.king_square(mover), !mover) {
            out.push(m);
        }
        pos.unmake_move();
    }
    out.sort_by_key(|m| m.raw());
    out
}

fn start_positions() -> Vec<String> {
    std::iter::once(Position::START_FEN.to_string())
        .chain(OPENINGS.lines().map(str::to_string))
        .collect()
}

/// Play a random game from `fen`, checking invariants at every ply, then
/// take every move back and check the start position is restored exactly.
fn playout(fen: &str, seed: u64, plies: usize) {
    let mut rng = Rng::new(seed);
    let mut pos = Position::from_fen(fen).unwrap();
    let mut trail = vec![(pos.to_fen(), pos.key())];
    let mut earlier: Vec<Move> = Vec::new();
    for _ in 0..plies {
        let mut fast: Vec<Move> = pos.legal_moves().to_vec();
        fast.sort_by_key(|m| m.raw());
        assert_eq!(fast, reference_legal(&mut pos), "{}", pos.to_fen());
        if fast.is_empty() {
            break;
        }
        // The quiescence generator gives exactly the legal captures and promotions.
        let mut tactical = humpty_engine::rules::MoveList::new();
        pos.generate_legal_filtered(&mut tactical, pos.in_check(), true);
        let mut tactical: Vec<Move> = tactical.to_vec();
        tactical.sort_by_key(|m| m.raw());
        let want: Vec<Move> = fast
            .iter()
            .copied()
            .filter(|m| pos.is_tactical(*m))
            .collect();
        assert_eq!(tactical, want, "tactical moves in {}", pos.to_fen());
        // The staged picker's quiet pass gives exactly the rest.
        let mut quiets = humpty_engine::rules::MoveList::new();
        pos.append_legal_quiets(&mut quiets, pos.in_check());
        let mut quiets: Vec<Move> = quiets.to_vec();
        quiets.sort_by_key(|m| m.raw());
        let rest: Vec<Move> = fast.iter().copied().filter(|m| !want.contains(m)).collect();
        assert_eq!(quiets, rest, "quiet moves in {}", pos.to_fen());
        // Out of check, the pickers' pseudo-legal passes, each move tested
        // when handed out, give exactly the legal moves.
        if !pos.in_check() {
            let mut pseudo = humpty_engine::rules::MoveList::new();
            pos.generate_pseudo_tactical(&mut pseudo);
            pos.append_pseudo_quiets(&mut pseudo);
            let mut kept: Vec<Move> = pseudo
                .iter()
                .copied()
                .filter(|&m| pos.pseudo_move_is_legal(m))
                .collect();
            kept.sort_by_key(|m| m.raw());
            assert_eq!(kept, fast, "pseudo-legal passes in {}", pos.to_fen());
        }
        // The one-move legality test (for TT moves and killers) agrees with
        // the list, on this position's pseudo-legal moves and on moves that
        // were legal a ply earlier (what a hash collision would bring).
        for m in pos
            .pseudo_legal_moves()
            .into_iter()
            .chain(earlier.iter().copied())
        {
            assert_eq!(
                pos.is_legal(m),
                fast.contains(&m),
                "is_legal {m} in {}",
                pos.to_fen()
            );
        }
        assert!(!pos.is_legal(Move::NONE));
        // Evaluation is defined (and symmetric in sign) everywhere we go.
        let e = humpty_engine::eval::evaluate(&pos, &humpty_engine::eval::EvalParams::default());
        assert!(e.abs() < 20_000, "{e} in {}", pos.to_fen());
        // The fast check tests, before the move and from the move made,
        // agree with the full scan after it.
        for &mv in &fast {
            let (quick, key) = (pos.gives_check(mv), pos.key_after(mv));
            pos.make_move(mv);
            assert_eq!(key, pos.key(), "key_after {mv}");
            let (full, after) = (pos.in_check(), pos.in_check_after_move());
            pos.unmake_move();
            assert_eq!(quick, full, "gives_check {mv} in {}", pos.to_fen());
            assert_eq!(after, full, "in_check_after_move {mv} in {}", pos.to_fen());
        }
        let m = fast[rng.below(fast.len())];
        earlier = fast;
        pos.make_move(m);
        assert_eq!(pos.key(), pos.compute_key(), "key after {m}");
        // The FEN of the new position parses back to the same position.
        let again = Position::from_fen(&pos.to_fen()).unwrap();
        assert_eq!(again.key(), pos.key());
        trail.push((pos.to_fen(), pos.key()));
    }
    while pos.game_ply() > 0 {
        trail.pop();
        pos.unmake_move();
        let (fen, key) = trail.last().unwrap();
        assert_eq!(&pos.to_fen(), fen);
        assert_eq!(pos.key(), *key);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn make_unmake_restores_position_and_key(seed in any::<u64>(), which in 0usize..101) {
        let starts = start_positions();
        playout(&starts[which % starts.len()], seed, 120);
    }

    #[test]
    fn fen_parser_never_panics(s in "\\PC{0,80}") {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn fen_parser_never_panics_on_fen_like_text(
        s in "[KQRBNLGCATFPkqrbnlgcatfp0-9/]{0,70} [wbx-]{0,2} [KQkqAL-]{0,5} [-a-l1-8]{0,2} [0-9-]{0,4} [0-9]{0,4}"
    ) {
        if let Ok(p) = Position::from_fen(&s) {
            // Whatever parses must print and parse back to itself.
            prop_assert_eq!(Position::from_fen(&p.to_fen()).unwrap().to_fen(), p.to_fen());
            let _ = p.legal_moves();
        }
    }

    #[test]
    fn move_parser_never_panics(s in "\\PC{0,12}") {
        let pos = Position::startpos();
        if let Ok(m) = pos.parse_move(&s) {
            prop_assert!(pos.is_legal(m));
        }
    }
}

#[test]
fn long_playouts_from_every_opening() {
    for (i, fen) in start_positions().iter().enumerate() {
        playout(fen, 0x9E37_79B9 + i as u64, 200);
    }
}
