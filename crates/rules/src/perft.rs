//! perft (leaf-node counts of the legal move tree) and divide (per root move).

use crate::moves::{Move, MoveList};
use crate::position::Position;

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

/// perft that gives up (`None`) once `stop` says so; asked at every node
/// above the last ply, so it answers within a fraction of a millisecond
/// (a flag a thread sets, or a WebAssembly host's shared stop flag).
pub fn perft_until(pos: &mut Position, depth: u32, stop: &dyn Fn() -> bool) -> Option<u64> {
    if depth <= 1 {
        return Some(perft(pos, depth));
    }
    if stop() {
        return None;
    }
    let mut list = MoveList::new();
    pos.generate_legal(&mut list);
    let mut nodes = 0;
    for &m in &list {
        pos.make_move(m);
        let n = perft_until(pos, depth - 1, stop);
        pos.unmake_move();
        nodes += n?;
    }
    Some(nodes)
}

/// perft split by root move, sorted by the move's text (as Stockfish's
/// `go perft` prints it, but in a stable order).
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    divide_until(pos, depth, &|| false).unwrap_or_default()
}

/// `divide` that gives up (`None`) once `stop` is set. Depth 0 has no
/// root moves to split: no rows.
pub fn divide_until(
    pos: &mut Position,
    depth: u32,
    stop: &dyn Fn() -> bool,
) -> Option<Vec<(Move, u64)>> {
    let mut out = Vec::new();
    if depth == 0 {
        return Some(out);
    }
    for m in pos.legal_moves() {
        pos.make_move(m);
        let n = if depth <= 1 {
            Some(1)
        } else {
            perft_until(pos, depth - 1, stop)
        };
        pos.unmake_move();
        out.push((m, n?));
    }
    out.sort_by_key(|(m, _)| m.to_string());
    Some(out)
}

/// The divide report: `move: count` lines, a blank line, `Nodes searched: N`.
pub fn divide_report(pos: &mut Position, depth: u32) -> String {
    let rows = divide(pos, depth);
    report(&rows, depth)
}

/// The report of divide rows at `depth`. Its total is `perft`'s: at depth
/// 0 the root alone, 1.
pub fn report(rows: &[(Move, u64)], depth: u32) -> String {
    let mut text = String::new();
    let mut total = u64::from(depth == 0);
    for (m, n) in rows {
        text.push_str(&format!("{m}: {n}\n"));
        total += n;
    }
    text.push_str(&format!("\nNodes searched: {total}\n"));
    text
}
