//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod board_checks;
pub mod http;
pub mod process;
pub mod puzzle_api;
pub mod puzzle_checks;
pub mod served_page;
pub mod static_site;
pub mod variation_checks;
pub mod webdriver;

// The positions-as-lists-of-men helpers live with the rules' tests.
#[path = "../../crates/rules/tests/common/mod.rs"]
mod board;
#[allow(unused_imports)]
pub use board::*;

/// The shipped puzzles (`crates/analysis/src/puzzles/puzzles.csv`), read
/// back: the header first, then every row a puzzle.
pub fn shipped_puzzles() -> Vec<humpty::puzzles::csv::Row> {
    use humpty::puzzles::csv::{parse_row, HEADER};
    let text = humpty::puzzles::SHIPPED_CSV;
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(HEADER));
    lines
        .map(|l| parse_row(l).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The shipped puzzle with this id (a test knows the answers; the page
/// does not).
pub fn shipped_puzzle(id: &str) -> humpty::puzzles::csv::Row {
    shipped_puzzles()
        .into_iter()
        .find(|r| r.id == id)
        .expect("a shipped puzzle")
}
