//! perft (leaf-node counts of the legal move tree) and divide (per root move).

use crate::rules::moves::{Move, MoveList};
use crate::rules::position::Position;

/// Number of leaf positions after exactly `depth` plies (bulk-counted at the
/// last ply).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in &list {
        pos.make_move(m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move();
    }
    nodes
}

/// perft split by root move, sorted by the move's text (as Stockfish's
/// `go perft` prints it, but in a stable order).
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            pos.make_move(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake_move();
            (m, n)
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}

/// The divide report: `move: count` lines, a blank line, `Nodes searched: N`.
pub fn divide_report(pos: &mut Position, depth: u32) -> String {
    let rows = divide(pos, depth);
    let mut text = String::new();
    let mut total = 0;
    for (m, n) in rows {
        text.push_str(&format!("{m}: {n}\n"));
        total += n;
    }
    text.push_str(&format!("\nNodes searched: {total}\n"));
    text
}
