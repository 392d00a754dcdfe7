//! Search sanity: mates found (checked by a brute-force forced-mate search on
//! the rules core, independent of the engine's search), draws recognised,
//! legal best moves everywhere, TT mate scores consistent.

#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::{pos_of, Rng};
use humpty_engine::engine::{Engine, GoParams};
use humpty_engine::engine::{Score, SearchResult};
use humpty_engine::rules::{Outcome, Position};
use humpty_engine::search::MATE;

/// Does the side to move force mate within `n` of its moves? Exhaustive.
fn forces_mate(pos: &mut Position, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    for m in pos.legal_moves() {
        pos.make_move(m);
        let replies = pos.legal_moves();
        let wins = if replies.is_empty() {
            pos.in_check()
        } else if n == 1 || pos.outcome().is_some() {
            false
        } else {
            replies.iter().all(|&r| {
                pos.make_move(r);
                let ok = forces_mate(pos, n - 1);
                pos.unmake_move();
                ok
            })
        };
        pos.unmake_move();
        if wins {
            return true;
        }
    }
    false
}

fn search(pos: &Position, depth: i32, hash: usize) -> SearchResult {
    search_with(pos, depth, hash, &[])
}

/// The search switches that are off by default (docs/engine.md).
const EXPERIMENTAL: [&str; 13] = [
    "ContinuationHistory",
    "HistoryReductions",
    "Improving",
    "Iir",
    "Singular",
    "CaptureHistory",
    "QsearchChecks",
    "QsearchTt",
    "SeePruning",
    "MateThreat",
    "TtEval",
    "SmpSkip",
    "SmpDeeper",
];

/// A search with the named `Dev_` switches on.
fn search_with(pos: &Position, depth: i32, hash: usize, on: &[&str]) -> SearchResult {
    search_threads(pos, depth, hash, 1, on)
}

/// `search_with` on `threads` threads.
fn search_threads(
    pos: &Position,
    depth: i32,
    hash: usize,
    threads: usize,
    on: &[&str],
) -> SearchResult {
    let mut e = Engine::new();
    e.set_threads(threads);
    for name in on {
        assert!(e.set_feature(name, true), "{name}");
    }
    e.set_hash_mib(hash);
    e.set_position(pos.clone());
    let go = GoParams {
        depth: Some(depth),
        ..GoParams::default()
    };
    e.search_sync(&go, &mut |_| {})
}

/// The engine finds mate in exactly `n` (as the brute force confirms) and its
/// move keeps a forced mate.
fn assert_mate_in(fen: &str, n: u32) {
    assert_mate_in_with(fen, n, &[]);
    // Each experimental switch alone. Not all at once (all off in play;
    // five of them measured together, -14 Elo): with net 4, after the brute
    // force's walk, the first six together first saw the two Rooks' mate in
    // 3 at depth 14, a longer mate at 12.
    for switch in EXPERIMENTAL {
        assert_mate_in_with(fen, n, &[switch]);
    }
    // Two threads, with and without the Lazy SMP switches (they act only
    // with helpers): choosing a helper must not trade the mate for its line.
    assert_mate_in_threads(fen, n, 2, &[]);
    assert_mate_in_threads(fen, n, 2, &["SmpSkip", "SmpDeeper"]);
}

/// `assert_mate_in` with the named switches on.
fn assert_mate_in_with(fen: &str, n: u32, on: &[&str]) {
    assert_mate_in_threads(fen, n, 1, on);
}

/// `assert_mate_in_with` on `threads` threads.
fn assert_mate_in_threads(fen: &str, n: u32, threads: usize, on: &[&str]) {
    let mut pos = Position::from_fen(fen).unwrap();
    assert!(forces_mate(&mut pos, n), "{fen}: no mate in {n}");
    assert!(
        !forces_mate(&mut pos, n - 1),
        "{fen}: mate in fewer than {n}"
    );
    // 2n+1 plies reach the mate; three more allow for reductions and
    // pruning, whose choices follow the move order, and that follows the
    // piece lists (their order after make/unmake differs from a fresh
    // position's: with the tuned weights, two Rooks needed depth 9 for the
    // mate in 3 after the brute force above had walked the tree, 8 on a
    // fresh position; with net 3 and all experimental switches, 10 after
    // the brute force, 9 on a fresh position).
    let r = search_threads(&pos, 2 * n as i32 + 4, 16, threads, on);
    assert_eq!(
        Score::from_search(r.score),
        Score::Mate(n as i32),
        "{fen} {on:?}: score {}",
        r.score
    );
    let best = r.best.unwrap();
    pos.make_move(best);
    if n == 1 {
        assert!(
            matches!(pos.outcome(), Some(Outcome::Checkmate { .. })),
            "{fen}: {best}"
        );
    } else {
        for reply in pos.legal_moves() {
            pos.make_move(reply);
            assert!(
                forces_mate(&mut pos, n - 1),
                "{fen}: {best} {reply} escapes"
            );
            pos.unmake_move();
        }
    }
}

#[test]
fn mate_in_one_by_cannon_over_a_pawn_screen() {
    assert_mate_in(
        &common::fen_of(&["ka8", "pa7", "Rb2", "Cc1", "Kl1"], 'w', "-"),
        1,
    );
}

#[test]
fn mate_in_one_by_frog_leap() {
    // Frog e7-d8 checks a8 by a sideways leap; the Knight covers b8.
    assert_mate_in(
        &common::fen_of(&["ka8", "pa7", "pb7", "Nd7", "Fe7", "Kl1"], 'w', "-"),
        1,
    );
}

#[test]
fn smothered_mate_in_one_by_camel() {
    assert_mate_in(
        &common::fen_of(&["ka8", "rb8", "pa7", "pb7", "Lc2", "Kl1"], 'w', "-"),
        1,
    );
}

#[test]
fn mate_in_two_with_the_cannon_over_the_kings_own_pawn() {
    assert_mate_in(
        &common::fen_of(&["ka8", "pa7", "Rc2", "Cd1", "Kl1"], 'w', "-"),
        2,
    );
}

#[test]
fn mate_in_three_with_cannon_and_rook() {
    assert_mate_in(
        &common::fen_of(&["kl8", "pl7", "Ra2", "Cc1", "Kf1"], 'w', "-"),
        3,
    );
}

#[test]
fn mate_in_three_by_two_rooks() {
    assert_mate_in(&common::fen_of(&["kf8", "Ra2", "Rb3", "Ka6"], 'w', "-"), 3);
}

#[test]
fn stalemate_and_repetition_score_as_draws() {
    // Black to move is stalemated: no move, score 0.
    let pos = Position::from_fen("k11/1p10/2N9/11K/12/12/12/7A4 b - - 0 1").unwrap();
    let r = search(&pos, 4, 1);
    assert_eq!((r.best, r.score), (None, 0));
    // A Rook up, but the only move repeats the position a third time.
    let mut pos = Position::startpos();
    common::play(
        &mut pos,
        &["b1d2", "b8d7", "d2b1", "d7b8", "b1d2", "b8d7", "d2b1"],
    );
    let mut e = Engine::new();
    e.set_position(pos.clone());
    let go = GoParams {
        depth: Some(3),
        searchmoves: vec![pos.parse_move("d7b8").unwrap()],
        ..GoParams::default()
    };
    assert_eq!(e.search_sync(&go, &mut |_| {}).score, 0);
    // Bare Kings: nothing to play for.
    let pos = pos_of(&["Ka1", "kl8"], 'w');
    assert_eq!(search(&pos, 6, 1).score, 0);
}

#[test]
fn best_move_is_legal_in_random_positions_at_every_hash_size() {
    let mut rng = Rng::new(0xC0FFEE);
    let openings: Vec<&str> = include_str!("../../../tests/data/openings.txt")
        .lines()
        .collect();
    for (i, hash) in [1usize, 2, 16].iter().cycle().take(24).enumerate() {
        let mut pos = Position::from_fen(openings[i * 4 % openings.len()]).unwrap();
        for _ in 0..rng.below(40) {
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.make_move(moves[rng.below(moves.len())]);
        }
        let depth = 1 + rng.below(5) as i32;
        let r = search(&pos, depth, *hash);
        match r.best {
            Some(m) => assert!(pos.is_legal(m), "{m} in {}", pos.to_fen()),
            None => assert!(pos.legal_moves().is_empty(), "no move in {}", pos.to_fen()),
        }
    }
}

#[test]
fn no_panic_at_any_depth_in_sharp_positions() {
    for fen in humpty_engine::engine::bench::POSITIONS {
        let pos = Position::from_fen(fen).unwrap();
        for depth in 1..=5 {
            let r = search(&pos, depth, 1);
            assert!(
                r.best.is_some_and(|m| pos.is_legal(m)),
                "{fen} depth {depth}"
            );
        }
    }
}

#[test]
fn experimental_switches_play_legal_moves_deep_enough_to_extend() {
    // Depth 8 reaches nodes of depth 7, where singular extensions start.
    for fen in &humpty_engine::engine::bench::POSITIONS[..4] {
        let pos = Position::from_fen(fen).unwrap();
        let r = search_with(&pos, 8, 4, &EXPERIMENTAL);
        assert!(r.best.is_some_and(|m| pos.is_legal(m)), "{fen}");
        assert!(r.score.abs() < MATE, "{fen}: {}", r.score);
    }
}

#[test]
fn mate_scores_survive_the_transposition_table() {
    // Search the mate-in-3 twice on one engine: the second search starts
    // from TT entries stored at other plies and must report the same mate.
    // Depth 8: at 7, whether reductions leave the mating line long enough
    // depends on the order of the quiet moves, all tied here.
    let fen = common::fen_of(&["kf8", "Ra2", "Rb3", "Ka6"], 'w', "-");
    let mut e = Engine::new();
    e.set_position(Position::from_fen(&fen).unwrap());
    let go = GoParams {
        depth: Some(8),
        ..GoParams::default()
    };
    let first = e.search_sync(&go, &mut |_| {});
    let second = e.search_sync(&go, &mut |_| {});
    assert_eq!(first.score, MATE - 5);
    assert_eq!(second.score, first.score);
    // After the first move, the mate is one move closer.
    let mut pos = Position::from_fen(&fen).unwrap();
    pos.make_move(first.best.unwrap());
    let reply = pos.legal_moves()[0];
    pos.make_move(reply);
    e.set_position(pos);
    let third = e.search_sync(&go, &mut |_| {});
    assert_eq!(Score::from_search(third.score), Score::Mate(2));
}

#[test]
fn node_and_mate_limits_stop_the_search() {
    let pos = Position::startpos();
    let mut e = Engine::new();
    e.set_position(pos);
    let go = GoParams {
        nodes: Some(20_000),
        ..GoParams::default()
    };
    let r = e.search_sync(&go, &mut |_| {});
    assert!(r.nodes < 40_000, "{}", r.nodes);
    let fen = common::fen_of(&["kf8", "Ra2", "Rb3", "Ka6"], 'w', "-");
    e.set_position(Position::from_fen(&fen).unwrap());
    let go = GoParams {
        mate: Some(3),
        ..GoParams::default()
    };
    let r = e.search_sync(&go, &mut |_| {});
    assert_eq!(Score::from_search(r.score), Score::Mate(3));
}

/// A fixed-depth search of `fen` by an engine with these material values.
fn search_with_values(
    fen: &str,
    values: Option<&str>,
) -> (Option<humpty_engine::rules::Move>, i32, u64) {
    let mut e = Engine::new();
    if let Some(v) = values {
        e.set_piece_values(v).unwrap();
    }
    e.set_position(Position::from_fen(fen).unwrap());
    let go = GoParams {
        depth: Some(7),
        ..GoParams::default()
    };
    let r = e.search_sync(&go, &mut |_| {});
    (r.best, r.score, r.nodes)
}

#[test]
fn two_engines_in_one_process_keep_their_own_values() {
    // Cannons and Arrows nearly worthless for one engine only.
    let fen = "rnflbfkb1fnr/1c2al1a4/p1pp1pp1p3/9pcp/5F6/P1PP1PP1PP1P/1C1FA1BA1C2/RN1LB1K1LFNR w KQkq - 2 5";
    let cheap = Some("C=10/10 A=10/10 T=10/10");
    let alone_default = search_with_values(fen, None);
    let alone_cheap = search_with_values(fen, cheap);
    assert_ne!(
        alone_default.2, alone_cheap.2,
        "the values change the search"
    );
    // Side by side, each engine searches exactly as it does alone.
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| search_with_values(fen, None));
        let b = s.spawn(|| search_with_values(fen, cheap));
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(a, alone_default);
    assert_eq!(b, alone_cheap);
    let plain = Engine::new();
    let mut other = Engine::new();
    other.set_piece_values("C=10/10").unwrap();
    assert_ne!(plain.eval_report(), other.eval_report());
    assert_eq!(plain.eval_report(), Engine::new().eval_report());
}
