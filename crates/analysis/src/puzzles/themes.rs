//! A puzzle's themes, tagged by code from the rules (docs/puzzles.md has
//! each definition): how it ends (`mateIn1`..`mateIn5`), what the solver's
//! moves do (`promotion`, `frogPromotion`, `riverCrossing`,
//! `hopperCapture`, `screenRemoval`, `fork`, `hangingPiece`,
//! `discoveredCheck`) and how long it is (`short`, `long`, `veryLong`).

use super::material::value;
use crate::rules::attack::attackers;
use crate::rules::moves::Move;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::{Outcome, Position};
use crate::rules::square::Square;
use arrayvec::ArrayVec;

/// Every theme code, in the order they are written.
pub const ALL: [&str; 16] = [
    "mateIn1",
    "mateIn2",
    "mateIn3",
    "mateIn4",
    "mateIn5",
    "promotion",
    "frogPromotion",
    "riverCrossing",
    "hopperCapture",
    "screenRemoval",
    "fork",
    "hangingPiece",
    "discoveredCheck",
    "short",
    "long",
    "veryLong",
];

/// A theme's name for people ("Hopper capture" for `hopperCapture`); an
/// unknown code is its own name.
pub fn name(code: &str) -> &str {
    match code {
        "mateIn1" => "Mate in 1",
        "mateIn2" => "Mate in 2",
        "mateIn3" => "Mate in 3",
        "mateIn4" => "Mate in 4",
        "mateIn5" => "Mate in 5",
        "promotion" => "Promotion",
        "frogPromotion" => "Frog promotion",
        "riverCrossing" => "River crossing",
        "hopperCapture" => "Hopper capture",
        "screenRemoval" => "Screen removal",
        "fork" => "Fork",
        "hangingPiece" => "Hanging piece",
        "discoveredCheck" => "Discovered check",
        "short" => "Short puzzle",
        "long" => "Long puzzle",
        "veryLong" => "Very long puzzle",
        other => other,
    }
}

/// A theme's one line for people, as docs/puzzles.md defines it; an
/// unknown code has none.
pub fn description(code: &str) -> &'static str {
    match code {
        "mateIn1" => "Checkmate in one move.",
        "mateIn2" => "Checkmate in two of your moves.",
        "mateIn3" => "Checkmate in three of your moves.",
        "mateIn4" => "Checkmate in four of your moves.",
        "mateIn5" => "Checkmate in five of your moves.",
        "promotion" => "A Pawn, or a Frog that does not stay one, promotes.",
        "frogPromotion" => "A Frog promotes on the last rank.",
        "riverCrossing" => "A Frog's straight three-step crosses the River.",
        "hopperCapture" => "A Cannon, Arrow or Tank captures over a screen.",
        "screenRemoval" => "A man steps off the line, and a hopper behind it strikes.",
        "fork" => "One man attacks two or more: the King, or men worth more.",
        "hangingPiece" => "An undefended man is there for the taking.",
        "discoveredCheck" => "A man moves and uncovers check by another.",
        "short" => "One or two moves to find.",
        "long" => "Three moves to find.",
        "veryLong" => "Four moves or more to find.",
        _ => "",
    }
}

/// The themes of a solution `line` from `start` (the solver to move).
pub fn tag(start: &Position, line: &[Move]) -> Vec<&'static str> {
    let mut found = Vec::new();
    let mut pos = start.clone();
    let solver_moves = line.len().div_ceil(2);
    for (i, &m) in line.iter().enumerate() {
        if i % 2 == 0 {
            found.extend(move_themes(&pos, m, i == 0, solver_moves));
        }
        pos.make_move(m);
    }
    if matches!(pos.outcome(), Some(Outcome::Checkmate { .. })) {
        found.push(ALL[(solver_moves.clamp(1, 5)) - 1]);
    }
    found.push(match solver_moves {
        0..=2 => "short",
        3 => "long",
        _ => "veryLong",
    });
    ALL.iter().copied().filter(|t| found.contains(t)).collect()
}

/// Whether a man of this kind hops to capture.
fn is_hopper(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::Cannon | PieceKind::Arrow | PieceKind::Tank)
}

/// The men of `by` that attack `s`, by their squares.
fn attackers_of(pos: &Position, s: Square, by: Color) -> Vec<Square> {
    let mut out = ArrayVec::<u8, 64>::new();
    attackers(pos.board(), s.mailbox(), by, &mut out);
    out.iter()
        .filter_map(|&b| Square::from_mailbox(b as usize))
        .collect()
}

/// Whether `s` lies strictly between `a` and `b` on one rank, file or
/// diagonal.
fn between(a: Square, b: Square, s: Square) -> bool {
    let (df, dr) = (
        b.file() as i8 - a.file() as i8,
        b.rank() as i8 - a.rank() as i8,
    );
    let n = df.abs().max(dr.abs());
    if n < 2 || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return false;
    }
    (1..n).any(|k| a.offset(df / n * k, dr / n * k) == Some(s))
}

/// The themes one solver move `m` in `pos` shows.
fn move_themes(pos: &Position, m: Move, first: bool, solver_moves: usize) -> Vec<&'static str> {
    let mut out = Vec::new();
    let Some(mover) = pos.piece_at(m.from()) else {
        return out;
    };
    let me = mover.color();
    let captured = pos.piece_at(m.to()).filter(|p| p.color() != me);
    if m.promotion().is_some() {
        out.push("promotion");
        if mover.kind() == PieceKind::Frog {
            out.push("frogPromotion");
        }
    }
    let (r0, r1) = (m.from().rank(), m.to().rank());
    let crosses = (r0 <= 3) != (r1 <= 3);
    if mover.kind() == PieceKind::Frog && m.from().file() == m.to().file() && crosses {
        out.push("riverCrossing");
    }
    if captured.is_some() && is_hopper(mover.kind()) {
        out.push("hopperCapture");
    }
    if let Some(c) = captured {
        let defended = !attackers_of(pos, m.to(), !me).is_empty();
        if first && solver_moves <= 2 && c.kind() != PieceKind::Pawn && !defended {
            out.push("hangingPiece");
        }
    }
    let mut after = pos.clone();
    after.make_move(m);
    out.extend(after_themes(pos, &after, m, me));
    out
}

/// Themes seen in the position after the solver's move: a fork by the
/// moved man, an attack or check discovered by moving a screen.
fn after_themes(before: &Position, after: &Position, m: Move, me: Color) -> Vec<&'static str> {
    let mut out = Vec::new();
    let Some(moved) = after.piece_at(m.to()) else {
        return out;
    };
    let mut forked = 0;
    let mut worth_it = false;
    for (s, target) in after.pieces(!me) {
        let now = attackers_of(after, s, me);
        if now.contains(&m.to()) && target.kind() != PieceKind::Pawn {
            forked += 1;
            let defended = !attackers_of(after, s, !me).is_empty();
            worth_it |= target.kind() == PieceKind::King
                || !defended
                || value(target.kind()) > value(moved.kind());
        }
        // An attacker other than the mover, that did not attack this man
        // before, with the mover's old square between them: discovered.
        let was = attackers_of(before, s, me);
        for a in now
            .into_iter()
            .filter(|&a| a != m.to() && !was.contains(&a))
        {
            if !between(a, s, m.from()) {
                continue;
            }
            if target.kind() == PieceKind::King {
                out.push("discoveredCheck");
            }
            if after.piece_at(a).is_some_and(|p| is_hopper(p.kind())) {
                out.push("screenRemoval");
            }
        }
    }
    if forked >= 2 && worth_it {
        out.push("fork");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_has_a_name_for_people() {
        for code in ALL {
            let n = name(code);
            assert_ne!(n, code, "{code} has no name");
            assert!(n.starts_with(|c: char| c.is_ascii_uppercase()), "{n}");
            let d = description(code);
            assert!(d.ends_with('.') && d.len() > 10, "{code}: {d:?}");
        }
        assert_eq!(description("noSuchTheme"), "");
    }

    #[test]
    fn between_is_strict_and_on_a_line() {
        let sq = |t: &str| t.parse::<Square>().unwrap();
        assert!(between(sq("a1"), sq("a4"), sq("a2")));
        assert!(!between(sq("a1"), sq("a4"), sq("a4")));
        assert!(between(sq("a1"), sq("d4"), sq("c3")));
        assert!(!between(sq("a1"), sq("b3"), sq("a2")));
    }
}
