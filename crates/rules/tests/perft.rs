//! Reference perft counts (tests/data/perft.tsv, copied from the project's
//! shared reference table). Rows above `QUICK_LIMIT` nodes run with
//! `cargo test -- --ignored`.

use humpty_rules::perft::{divide, perft};
use humpty_rules::Position;

const TABLE: &str = include_str!("../../../tests/data/perft.tsv");
const QUICK_LIMIT: u64 = 2_500_000;

struct Row {
    id: String,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn rows() -> Vec<Row> {
    TABLE
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "bad row: {l}");
            Row {
                id: f[0].to_string(),
                fen: f[1].to_string(),
                depth: f[2].parse().unwrap(),
                nodes: f[3].parse().unwrap(),
            }
        })
        .collect()
}

fn check(filter: impl Fn(&Row) -> bool) -> usize {
    let mut checked = 0;
    for row in rows().iter().filter(|r| filter(r)) {
        let mut pos = Position::from_fen(&row.fen).unwrap_or_else(|e| panic!("{}: {e}", row.id));
        let got = perft(&mut pos, row.depth);
        assert_eq!(got, row.nodes, "{} depth {}", row.id, row.depth);
        assert_eq!(pos.to_fen(), Position::from_fen(&row.fen).unwrap().to_fen());
        checked += 1;
    }
    checked
}

#[test]
fn reference_counts_quick() {
    let n = check(|r| r.nodes <= QUICK_LIMIT);
    assert!(n >= 60, "only {n} rows checked");
}

#[test]
#[ignore = "deep perft: cargo test --release -- --ignored"]
fn reference_counts_deep() {
    let n = check(|r| r.nodes > QUICK_LIMIT);
    assert!(n >= 3, "only {n} rows checked");
}

#[test]
#[ignore = "deep perft: cargo test --release -- --ignored"]
fn startpos_depth_5() {
    // Not in the reference table; measured by this generator and kept as a
    // regression signature (it agrees with depths 1-4 of the table).
    assert_eq!(perft(&mut Position::startpos(), 5), 357_402_235);
}

#[test]
fn table_covers_every_rule_family() {
    let ids: Vec<String> = rows().into_iter().map(|r| r.id).collect();
    for id in [
        "startpos",
        "frog-river-blocked",
        "frogs-rank7",
        "promo-w-none",
        "promo-w-QG",
        "castle-attacked-path",
        "king-screen",
        "hopper-pins",
        "mate",
        "stalemate",
    ] {
        assert!(ids.iter().any(|i| i == id), "{id} missing");
    }
}

#[test]
fn divide_sums_to_perft() {
    let mut pos = Position::startpos();
    let rows = divide(&mut pos, 3);
    assert_eq!(rows.len(), 52);
    assert_eq!(rows.iter().map(|r| r.1).sum::<u64>(), 135_592);
    let names: Vec<String> = rows.iter().map(|r| r.0.to_string()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
}
