//! Positions for the tests, written as lists of men: shared by the rules'
//! tests and (through `#[path]`) the root crate's.
#![allow(dead_code)]

use humpty_rules::{Position, Square};

/// A FEN from a list like `["Kg1", "kg8", "Cb2"]` (letter then square), the
/// side to move and the castling field.
pub fn fen_of(men: &[&str], side: char, castling: &str) -> String {
    let mut grid = [[None::<char>; 12]; 8];
    for m in men {
        let letter = m.chars().next().unwrap();
        let sq: Square = m[1..].parse().unwrap();
        assert!(
            grid[sq.rank() as usize][sq.file() as usize].is_none(),
            "{m}"
        );
        grid[sq.rank() as usize][sq.file() as usize] = Some(letter);
    }
    let mut ranks = Vec::new();
    for rank in (0..8).rev() {
        let mut s = String::new();
        let mut empty = 0;
        for cell in grid[rank] {
            match cell {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    format!("{} {side} {castling} - 0 1", ranks.join("/"))
}

/// Position from a list of men (see `fen_of`), no castling rights.
pub fn pos_of(men: &[&str], side: char) -> Position {
    let fen = fen_of(men, side, "-");
    Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Sorted legal moves as text.
pub fn legal(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Sorted legal moves starting on `from`.
pub fn legal_from(pos: &Position, from: &str) -> Vec<String> {
    legal(pos)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

/// True if `mv` is legal in `pos`.
pub fn is_legal(pos: &Position, mv: &str) -> bool {
    legal(pos).iter().any(|m| m == mv)
}

/// Sorted vector of owned strings.
pub fn set(items: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = items.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Play a list of wire moves, panicking on an illegal one.
pub fn play(pos: &mut Position, moves: &[&str]) {
    for m in moves {
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make_move(mv);
    }
}

/// The program's own generator, for random playouts in tests.
#[allow(unused_imports)]
pub use humpty_rules::random::Rng;

/// Call `visit` on each position of `games` random games of at most
/// `plies` moves, from the start and from the openings of
/// `tests/data/openings.txt` in turn; the number of positions visited.
pub fn random_games(
    seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Position),
) -> usize {
    let openings = include_str!("../../../../tests/data/openings.txt");
    let starts: Vec<&str> = std::iter::once(Position::START_FEN)
        .chain(openings.lines().filter(|l| !l.trim().is_empty()))
        .collect();
    let mut rng = Rng::new(seed);
    let mut positions = 0;
    for game in 0..games {
        let mut pos = Position::from_fen(starts[game % starts.len()]).unwrap();
        for _ in 0..plies {
            visit(&pos);
            positions += 1;
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.make_move(legal[rng.below(legal.len())]);
        }
    }
    positions
}
