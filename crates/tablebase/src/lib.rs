//! Endgame tablebases for Humpty Dumpty Chess: every position of few men
//! solved by retrograde analysis on the rules crate's own moves, kept in
//! compressed files, verified by a forward pass, and probed by the engine,
//! the command line and the boards (docs/tablebases.md).
//!
//! A table answers, for the side to move with a fresh 50-move count, the
//! result as Syzygy grades it (win, cursed win, draw, blessed loss, loss),
//! the distance in plies to the next capture or Pawn move (DTZ) and the
//! distance to mate (DTM).

#![warn(missing_docs)]

mod cache;
pub mod generate;
pub mod layout;
pub mod make;
pub mod material;
pub mod probe;
pub mod report;
pub mod solve;
pub mod store;
pub mod table;
pub mod value;
pub mod verify;

pub use material::{Material, MaterialError};
pub use probe::{MoveProbe, Tablebases};
pub use store::StoreError;
pub use table::{Known, Table};
pub use value::{Entry, Wdl};

use std::sync::Arc;

/// The tables of `names` and what they lead to, made in memory in an order
/// where each table's successors come first (for tests and small tables).
pub fn generate_in_memory(
    names: &[Material],
    progress: &mut dyn FnMut(&Material, u64, u64),
) -> Known {
    let mut known = Known::default();
    for m in schedule(names) {
        let mut table = Table::empty(&m);
        generate::generate(&mut table, &known, &mut |done, total| {
            progress(&m, done, total)
        });
        known.add(Arc::new(table));
    }
    known
}

/// `names` and every table they lead to, successors first.
pub fn schedule(names: &[Material]) -> Vec<Material> {
    fn visit(m: &Material, out: &mut Vec<Material>) {
        if out.contains(m) {
            return;
        }
        for s in m.successors() {
            visit(&s, out);
        }
        out.push(m.clone());
    }
    let mut out = Vec::new();
    for m in names {
        visit(&m.canonical().0, &mut out);
    }
    out
}
