//! `humpty puzzles`' proofs and tags (issue 31): a mate with one mating
//! move is a puzzle and one with two is not, an advantage with two equally
//! good winning moves is not, and the themes are read from the rules. The
//! shipped set (crates/analysis/src/puzzles/puzzles.csv) replays, carries the themes
//! docs/puzzles.md counts, and a sample is proved again at a smaller
//! budget.

mod common;

use common::pos_of;
use humpty::engine::Engine;
use humpty::puzzles::candidates::Kind;
use humpty::puzzles::csv::HEADER;
use humpty::puzzles::prove::{clearly_winning, prove, verify, Rejection};
use humpty::puzzles::themes::tag;
use humpty::Position;
use std::collections::BTreeMap;

const NODES: u64 = 40_000;

fn engine() -> Engine {
    Engine::with_hash_mib(16)
}

fn moves(pos: &Position, texts: &[&str]) -> Vec<humpty::Move> {
    let mut p = pos.clone();
    texts
        .iter()
        .map(|t| {
            let m = p.parse_move(t).unwrap();
            p.make_move(m);
            m
        })
        .collect()
}

#[test]
fn one_mating_move_is_a_puzzle_and_two_are_not() {
    // Black's King is shut in by its own Pawns: only Rl8 mates.
    let one = pos_of(&["ka8", "pa7", "pb7", "Rl1", "Kf1"], 'w');
    let proof = prove(&mut engine(), &one, Kind::Mate, NODES).expect("a puzzle");
    assert_eq!(proof.line, moves(&one, &["l1l8"]));
    assert!(proof.mate);
    assert_eq!(tag(&one, &proof.line), ["mateIn1", "short"]);
    // A second Rook mates on k8 as well: two answers, no puzzle.
    let two = pos_of(&["ka8", "pa7", "pb7", "Rl1", "Rk2", "Kf1"], 'w');
    let refused = prove(&mut engine(), &two, Kind::Mate, NODES).unwrap_err();
    assert_eq!(refused, Rejection::NotUnique);
}

#[test]
fn two_equally_good_winning_moves_are_not_a_puzzle() {
    // Two Black Queens hang, each to its own White Rook: either capture
    // wins a Queen, so neither is the only good move.
    let pos = pos_of(
        &[
            "kl8", "pk7", "pl7", "qa5", "qh4", "Ra1", "Rh1", "Kf1", "Pb2", "Pc2",
        ],
        'w',
    );
    let e = &mut engine();
    assert_eq!(
        prove(e, &pos, Kind::Advantage, NODES).unwrap_err(),
        Rejection::NotUnique
    );
    // With one Queen hanging, taking it is the only good move.
    let pos = pos_of(
        &["kl8", "pk7", "pl7", "qa5", "Ra1", "Kf1", "Pb2", "Pc2"],
        'w',
    );
    let proof = prove(e, &pos, Kind::Advantage, NODES).expect("a puzzle");
    assert_eq!(proof.line[0], moves(&pos, &["a1a5"])[0]);
    assert!(tag(&pos, &proof.line).contains(&"hangingPiece"));
}

#[test]
fn a_puzzle_ends_clearly_winning_not_merely_level() {
    // Rxa5 wins a Queen from a Rook down: clearly winning.
    let queen = pos_of(
        &["kl8", "pk7", "pl7", "qa5", "Ra1", "Kf1", "Pb2", "Pc2"],
        'w',
    );
    let e = &mut engine();
    assert_eq!(
        clearly_winning(e, &queen, &moves(&queen, &["a1a5"]), NODES),
        Ok(())
    );
    // Rxa5 wins back a Pawn a Pawn down: level, the only move to stay so,
    // which lichess-puzzler does not count as a puzzle (issue 46).
    let pawn = pos_of(
        &[
            "kl8", "pk7", "pl7", "rh8", "pa5", "Ra1", "Kf1", "Pb2", "Pc2",
        ],
        'w',
    );
    assert_eq!(
        clearly_winning(e, &pawn, &moves(&pawn, &["a1a5"]), NODES),
        Err(Rejection::NotWinning)
    );
}

#[test]
fn themes_come_from_the_rules() {
    // A Cannon takes a Rook over a screen.
    let pos = pos_of(&["kl8", "Kf1", "Ca1", "Pa3", "ra6"], 'w');
    assert!(tag(&pos, &moves(&pos, &["a1a6"])).contains(&"hopperCapture"));
    // A Knight forks the King and a Rook.
    let pos = pos_of(&["kf8", "rj8", "Kf1", "Ng5"], 'w');
    let line = moves(&pos, &["g5h7"]);
    assert!(tag(&pos, &line).contains(&"fork"), "{:?}", tag(&pos, &line));
    // A Frog crosses the River (rank 4 to rank 7 over two empty squares).
    let pos = pos_of(&["kl8", "Kf1", "Fe4"], 'w');
    assert!(tag(&pos, &moves(&pos, &["e4e7"])).contains(&"riverCrossing"));
    // A Frog reaches the far rank and becomes a Gnu.
    let pos = pos_of(&["kl8", "Kf1", "Fe5"], 'w');
    let line = moves(&pos, &["e5e8g"]);
    let t = tag(&pos, &line);
    assert!(
        t.contains(&"frogPromotion") && t.contains(&"promotion"),
        "{t:?}"
    );
    // Moving the screen away lets the Rook behind it give check.
    let pos = pos_of(&["ke8", "Kf1", "Re1", "Ne4"], 'w');
    let t = tag(&pos, &moves(&pos, &["e4c5"]));
    assert!(t.contains(&"discoveredCheck"), "{t:?}");
}

#[test]
fn the_shipped_puzzles_replay_with_their_themes() {
    let rows = common::shipped_puzzles();
    let mut ids = std::collections::HashSet::new();
    let mut themes: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &rows {
        assert!(ids.insert(r.id.clone()), "id {} twice", r.id);
        assert!(
            r.moves.len() % 2 == 0,
            "{}: the line ends on the solver's move",
            r.id
        );
        let mut after = r.start.clone();
        after.make_move(r.moves[0]);
        // The tags are the rules' own, read again from the line.
        let again = tag(&after, &r.moves[1..]);
        assert_eq!(
            again,
            r.themes.iter().map(String::as_str).collect::<Vec<_>>(),
            "{}",
            r.id
        );
        for t in &r.themes {
            *themes.entry(t.as_str()).or_default() += 1;
        }
    }
    let count = |t: &str| themes.get(t).copied().unwrap_or(0);
    // The figures of docs/puzzles.md.
    assert!(rows.len() >= SHIPPED.0, "{} puzzles", rows.len());
    for (theme, least) in SHIPPED.1 {
        assert!(
            count(theme) >= *least,
            "{theme}: {} of {least}",
            count(theme)
        );
    }
}

/// The shipped set's least size and least count per theme: issue 31's
/// figures (docs/puzzles.md has the set's own counts).
const SHIPPED: (usize, &[(&str, usize)]) = (
    1000,
    &[
        ("mateIn1", 50),
        ("mateIn2", 50),
        ("hopperCapture", 50),
        ("fork", 50),
        ("frogPromotion", 10),
        ("riverCrossing", 10),
    ],
);

#[test]
fn a_sample_of_the_shipped_puzzles_is_proved_again_at_a_smaller_budget() {
    let rows = common::shipped_puzzles();
    let e = &mut engine();
    let step = (rows.len() / 12).max(1);
    for r in rows.iter().step_by(step) {
        let mut after = r.start.clone();
        after.make_move(r.moves[0]);
        let mate = r.themes.iter().any(|t| t.starts_with("mateIn"));
        e.new_game();
        verify(e, &after, &r.moves[1..], mate, 50_000)
            .unwrap_or_else(|why| panic!("{} ({}): {why:?}", r.id, r.source));
    }
}

#[test]
fn the_command_checks_its_output_first_and_skips_a_game_that_does_not_replay() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_humpty"))
            .arg("puzzles")
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["--games", "1", "--out", "/nonexistent/folder/p.csv"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write /nonexistent/folder/p.csv"));
    let dir = std::env::temp_dir().join(format!("humpty-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    std::fs::write(
        &pgn,
        "[Event \"a\"]\n\n1. Zz9 *\n\n[Event \"b\"]\n\n1. Axi6 *\n",
    )
    .unwrap();
    let csv = dir.join("p.csv");
    let out = run(&[
        pgn.to_str().unwrap(),
        "--nodes",
        "2000",
        "--scan-nodes",
        "500",
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("game 1") && said.contains("skipped"),
        "{said}"
    );
    assert!(said.contains("1 games"), "{said}");
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap().lines().next(),
        Some(HEADER)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
