//! Which men a table holds: its name (`KRvKC`), which side is White in the
//! table, and every table of a given number of men.
//!
//! A position and its colour-reversed twin (colours swapped, ranks turned
//! over, the other side to move) have the same value: the River lies between
//! ranks 4 and 5, so turning the board over maps it onto itself. One table
//! serves both; it is stored with the stronger side as White.

use std::fmt;

use humpty_rules::piece::NUM_KINDS;
use humpty_rules::{Color, Piece, PieceKind, Position};

/// The kinds in the order a table's name lists them, strongest first.
pub const ORDER: [PieceKind; NUM_KINDS] = [
    PieceKind::King,
    PieceKind::Queen,
    PieceKind::Tank,
    PieceKind::Gnu,
    PieceKind::Rook,
    PieceKind::Cannon,
    PieceKind::Arrow,
    PieceKind::Bishop,
    PieceKind::Camel,
    PieceKind::Knight,
    PieceKind::Frog,
    PieceKind::Pawn,
];

/// A kind's place in `ORDER`.
fn rank_of(kind: PieceKind) -> usize {
    ORDER
        .iter()
        .position(|&k| k == kind)
        .expect("every kind is ordered")
}

/// The men of a table, each side's kinds in `ORDER` (its King first).
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Material {
    sides: [Vec<PieceKind>; 2],
}

/// Why a table name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialError(pub String);

impl fmt::Display for MaterialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad material: {}", self.0)
    }
}

impl std::error::Error for MaterialError {}

/// How many men of each kind each side has: a table's key without order.
pub type Counts = [[u8; NUM_KINDS]; 2];

impl Material {
    /// The men of both sides (each side's list must hold exactly one King).
    fn from_sides(mut sides: [Vec<PieceKind>; 2]) -> Material {
        for side in &mut sides {
            side.sort_by_key(|&k| rank_of(k));
        }
        Material { sides }
    }

    /// Parse a name such as `KRvKC` (White's men, `v`, Black's men).
    pub fn parse(text: &str) -> Result<Material, MaterialError> {
        let bad = |why: &str| MaterialError(format!("{text:?}: {why}"));
        let (white, black) = text
            .split_once(['v', 'V'])
            .ok_or_else(|| bad("expected two sides split by v, as KRvKC"))?;
        let side = |letters: &str| -> Result<Vec<PieceKind>, MaterialError> {
            let kinds = letters
                .chars()
                .map(|c| PieceKind::from_letter(c.to_ascii_lowercase()))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| bad("unknown piece letter"))?;
            if kinds.iter().filter(|&&k| k == PieceKind::King).count() != 1 {
                return Err(bad("each side needs exactly one King"));
            }
            Ok(kinds)
        };
        let material = Material::from_sides([side(white)?, side(black)?]);
        if material.men() > 8 {
            return Err(bad("more than 8 men"));
        }
        Ok(material)
    }

    /// The men on the board of a position.
    pub fn of(pos: &Position) -> Material {
        Material::from_counts(&counts_of(pos))
    }

    /// The men these counts name.
    pub fn from_counts(counts: &Counts) -> Material {
        let side = |c: usize| {
            ORDER
                .iter()
                .flat_map(|&k| std::iter::repeat_n(k, counts[c][k.index()] as usize))
                .collect()
        };
        Material::from_sides([side(0), side(1)])
    }

    /// How many men of each kind each side has.
    pub fn counts(&self) -> Counts {
        let mut counts = [[0; NUM_KINDS]; 2];
        for (c, side) in self.sides.iter().enumerate() {
            for k in side {
                counts[c][k.index()] += 1;
            }
        }
        counts
    }

    /// All men on the board, Kings included.
    pub fn men(&self) -> usize {
        self.sides[0].len() + self.sides[1].len()
    }

    /// The kinds of one side, in `ORDER`.
    pub fn side(&self, color: Color) -> &[PieceKind] {
        &self.sides[color.index()]
    }

    /// The men as pieces: White's in `ORDER`, then Black's.
    pub fn pieces(&self) -> Vec<Piece> {
        Color::BOTH
            .iter()
            .flat_map(|&c| self.sides[c.index()].iter().map(move |&k| Piece::new(c, k)))
            .collect()
    }

    /// True if a side has Pawns (the table is cut into slices by them).
    pub fn has_pawns(&self) -> bool {
        self.sides.iter().flatten().any(|&k| k == PieceKind::Pawn)
    }

    /// True if only the two Kings are left (a draw, no table needed).
    pub fn bare_kings(&self) -> bool {
        self.men() == 2
    }

    /// The same men with colours swapped.
    pub fn swapped(&self) -> Material {
        Material {
            sides: [self.sides[1].clone(), self.sides[0].clone()],
        }
    }

    /// True if White is the side a table stores as White: more men, or as
    /// many and the stronger list in `ORDER`.
    pub fn is_canonical(&self) -> bool {
        let key = |s: &[PieceKind]| {
            (
                std::cmp::Reverse(s.len()),
                s.iter().map(|&k| rank_of(k)).collect::<Vec<_>>(),
            )
        };
        key(&self.sides[0]) <= key(&self.sides[1])
    }

    /// The table holding these men, and whether colours were swapped to
    /// reach it.
    pub fn canonical(&self) -> (Material, bool) {
        if self.is_canonical() {
            (self.clone(), false)
        } else {
            (self.swapped(), true)
        }
    }

    /// The tables a move can lead to from this one (a capture, a Pawn's or
    /// a Frog's promotion, or both at once: a promotion that captures), each
    /// once, as stored; bare Kings left out.
    pub fn successors(&self) -> Vec<Material> {
        let mut out = Vec::new();
        for c in 0..2 {
            // Captures by side c: one of the other side's men goes.
            let taken: Vec<[Vec<PieceKind>; 2]> = std::iter::once(self.sides.clone())
                .chain(
                    (0..self.sides[1 - c].len())
                        .filter(|&j| self.sides[1 - c][j] != PieceKind::King)
                        .map(|j| {
                            let mut fewer = self.sides.clone();
                            fewer[1 - c].remove(j);
                            fewer
                        }),
                )
                .collect();
            for (n, sides) in taken.iter().enumerate() {
                if n > 0 {
                    out.push(Material::from_sides(sides.clone()));
                }
                // Side c's promotions, with or without that capture.
                for (i, &k) in sides[c].iter().enumerate() {
                    let targets: &[PieceKind] = match k {
                        PieceKind::Pawn => &[
                            PieceKind::Queen,
                            PieceKind::Gnu,
                            PieceKind::Tank,
                            PieceKind::Frog,
                        ],
                        PieceKind::Frog => &PieceKind::PROMOTED,
                        _ => &[],
                    };
                    for &t in targets {
                        let mut promoted = sides.clone();
                        promoted[c][i] = t;
                        out.push(Material::from_sides(promoted));
                    }
                }
            }
        }
        let mut out: Vec<Material> = out
            .into_iter()
            .filter(|m| !m.bare_kings())
            .map(|m| m.canonical().0)
            .filter(|m| m != self)
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Every table of exactly `men` men (Kings included), each once.
    pub fn all(men: usize) -> Vec<Material> {
        let kinds: Vec<PieceKind> = ORDER[1..].to_vec();
        let mut out = Vec::new();
        let extra = men.saturating_sub(2);
        for white in 0..=extra {
            for w in multisets(&kinds, white) {
                for b in multisets(&kinds, extra - white) {
                    let mut sides = [vec![PieceKind::King], vec![PieceKind::King]];
                    sides[0].extend(&w);
                    sides[1].extend(&b);
                    let m = Material::from_sides(sides);
                    if m.is_canonical() {
                        out.push(m);
                    }
                }
            }
        }
        out.sort_by_key(|m| m.to_string());
        out.dedup();
        out
    }
}

/// Every multiset of `n` kinds from `kinds`, each in the list's order.
fn multisets(kinds: &[PieceKind], n: usize) -> Vec<Vec<PieceKind>> {
    if n == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &k) in kinds.iter().enumerate() {
        for mut rest in multisets(&kinds[i..], n - 1) {
            rest.insert(0, k);
            out.push(rest);
        }
    }
    out
}

/// The counts of a position's men.
pub fn counts_of(pos: &Position) -> Counts {
    let mut counts = [[0; NUM_KINDS]; 2];
    for c in Color::BOTH {
        for k in PieceKind::ALL {
            counts[c.index()][k.index()] = pos.count(c, k);
        }
    }
    counts
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (c, side) in self.sides.iter().enumerate() {
            if c == 1 {
                f.write_str("v")?;
            }
            for k in side {
                write!(f, "{}", k.letter().to_ascii_uppercase())?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_counts_match_the_issue() {
        assert_eq!(Material::all(3).len(), 11);
        assert_eq!(Material::all(4).len(), 132);
    }

    #[test]
    fn names_round_trip_and_orient() {
        let m = Material::parse("KCvKRP").unwrap();
        assert_eq!(m.to_string(), "KCvKRP");
        assert!(!m.is_canonical());
        assert_eq!(m.canonical().0.to_string(), "KRPvKC");
        assert_eq!(
            Material::parse("KRvKR").unwrap().canonical(),
            (Material::parse("KRvKR").unwrap(), false)
        );
        assert!(Material::parse("KRvR").is_err());
        assert!(Material::parse("KXvK").is_err());
        assert!(Material::parse("KR").is_err());
    }

    #[test]
    fn successors_are_captures_and_promotions() {
        let names = |m: &str| {
            let mut names: Vec<String> = Material::parse(m)
                .unwrap()
                .successors()
                .iter()
                .map(|m| m.to_string())
                .collect();
            names.sort();
            names
        };
        assert_eq!(names("KPvK"), ["KFvK", "KGvK", "KQvK", "KTvK"]);
        // A Frog takes the Rook on the last rank and promotes: KQvK.
        assert_eq!(
            names("KFvKR"),
            ["KFvK", "KGvK", "KGvKR", "KQvK", "KQvKR", "KRvK", "KTvK", "KTvKR"]
        );
    }
}
