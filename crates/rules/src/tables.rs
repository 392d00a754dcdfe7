//! Attack tables computed once at first use: leaper targets, Frog leaps with
//! their River data (and the River rule itself), and a delta table answering "could a piece
//! kind on A attack B, and along which step".

use crate::board::{Board, EMPTY};
use crate::piece::{Color, Piece, PieceKind};
use crate::square::{Square, DIAG_DIRS, MAILBOX_SIZE, ORTHO_DIRS};
use arrayvec::ArrayVec;
use once_cell::sync::Lazy;

/// Knight (2,1) displacements.
pub const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// Camel (3,1) displacements.
pub const CAMEL_DELTAS: [(i8, i8); 8] = [
    (1, 3),
    (3, 1),
    (3, -1),
    (1, -3),
    (-1, -3),
    (-3, -1),
    (-3, 1),
    (-1, 3),
];
/// Frog orthogonal (3,0) displacements.
pub const FROG_LEAP_DELTAS: [(i8, i8); 4] = [(3, 0), (-3, 0), (0, 3), (0, -3)];

/// Capability bits: what a piece can attack along a vector on an empty board.
pub mod cap {
    /// Rook-like slide (Rook, Queen).
    pub const ORTHO_SLIDE: u16 = 1;
    /// Bishop-like slide (Bishop, Queen).
    pub const DIAG_SLIDE: u16 = 2;
    /// Orthogonal hop over one screen (Cannon, Tank).
    pub const ORTHO_HOP: u16 = 4;
    /// Diagonal hop over one screen (Arrow, Tank).
    pub const DIAG_HOP: u16 = 8;
    /// (2,1) leap (Knight, Gnu).
    pub const KNIGHT: u16 = 16;
    /// (3,1) leap (Camel, Gnu).
    pub const CAMEL: u16 = 32;
    /// One step any direction (King).
    pub const KING: u16 = 64;
    /// One step diagonally (Frog).
    pub const FROG_STEP: u16 = 128;
    /// Three squares orthogonally (Frog; the River may block it).
    pub const FROG_LEAP: u16 = 256;
    /// Diagonal-forward capture of a White Pawn.
    pub const WHITE_PAWN: u16 = 512;
    /// Diagonal-forward capture of a Black Pawn.
    pub const BLACK_PAWN: u16 = 1024;
}

/// Attack capability bits of a piece (Pawns depend on colour).
pub const fn attack_caps(piece: Piece) -> u16 {
    match piece.kind() {
        PieceKind::Pawn => match piece.color() {
            Color::White => cap::WHITE_PAWN,
            Color::Black => cap::BLACK_PAWN,
        },
        PieceKind::Knight => cap::KNIGHT,
        PieceKind::Bishop => cap::DIAG_SLIDE,
        PieceKind::Rook => cap::ORTHO_SLIDE,
        PieceKind::Queen => cap::ORTHO_SLIDE | cap::DIAG_SLIDE,
        PieceKind::King => cap::KING,
        PieceKind::Camel => cap::CAMEL,
        PieceKind::Gnu => cap::KNIGHT | cap::CAMEL,
        PieceKind::Cannon => cap::ORTHO_HOP,
        PieceKind::Arrow => cap::DIAG_HOP,
        PieceKind::Tank => cap::ORTHO_HOP | cap::DIAG_HOP,
        PieceKind::Frog => cap::FROG_STEP | cap::FROG_LEAP,
    }
}

/// A Frog's orthogonal three-square move from one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrogLeap {
    /// Destination (mailbox index).
    pub to: u8,
    /// The two squares passed over when the move crosses the River (both must
    /// be empty); `None` when it is an unblockable leap.
    pub river_passed: Option<[u8; 2]>,
}

impl FrogLeap {
    /// The River rule (rules.md, "The Frog and the River"): a leap that
    /// crosses the River needs both squares it passes over to be empty; any
    /// other leap jumps freely.
    #[inline]
    pub fn is_open(&self, board: &Board) -> bool {
        match self.river_passed {
            None => true,
            Some([a, b]) => board[a as usize] == EMPTY && board[b as usize] == EMPTY,
        }
    }
}

/// One entry of the delta table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DeltaEntry {
    /// Capability bits that could attack along this vector on an empty board.
    pub caps: u16,
    /// Mailbox unit step when the vector is orthogonal or diagonal, else 0.
    pub step: i16,
}

/// Size of the delta table: rank differences -7..=7 times file differences -11..=11.
const DELTA_SIZE: usize = 15 * 23;

/// Delta table index of the vector from `from` to `to`. A virtual stride of 23
/// keeps 12-file differences from aliasing, which raw mailbox differences do.
#[inline]
pub fn delta_index(from: Square, to: Square) -> usize {
    let dr = to.rank() as usize + 7 - from.rank() as usize;
    let df = to.file() as usize + 11 - from.file() as usize;
    dr * 23 + df
}

/// All precomputed tables.
pub struct Tables {
    /// Knight targets per mailbox square.
    pub knight: Vec<ArrayVec<u8, 8>>,
    /// Camel targets per mailbox square.
    pub camel: Vec<ArrayVec<u8, 8>>,
    /// King targets per mailbox square.
    pub king: Vec<ArrayVec<u8, 8>>,
    /// Frog diagonal steps per mailbox square.
    pub frog_step: Vec<ArrayVec<u8, 4>>,
    /// Frog orthogonal moves per mailbox square.
    pub frog_leap: Vec<ArrayVec<FrogLeap, 4>>,
    /// The delta table, indexed by `delta_index`.
    pub delta: [DeltaEntry; DELTA_SIZE],
}

/// The tables, built on first use.
pub static TABLES: Lazy<Tables> = Lazy::new(Tables::build);

fn leaper_targets<const N: usize>(sq: Square, deltas: &[(i8, i8)]) -> ArrayVec<u8, N> {
    deltas
        .iter()
        .filter_map(|&(df, dr)| sq.offset(df, dr))
        .map(|s| s.mailbox() as u8)
        .collect()
}

/// True when a vertical move between these ranks (0-based) crosses the River
/// between ranks 4 and 5.
pub const fn crosses_river(rank_a: u8, rank_b: u8) -> bool {
    (rank_a < 4) != (rank_b < 4)
}

impl Tables {
    fn build() -> Tables {
        let empty8 = ArrayVec::new();
        let mut knight = vec![empty8.clone(); MAILBOX_SIZE];
        let mut camel = vec![empty8.clone(); MAILBOX_SIZE];
        let mut king = vec![empty8; MAILBOX_SIZE];
        let mut frog_step = vec![ArrayVec::new(); MAILBOX_SIZE];
        let mut frog_leap = vec![ArrayVec::new(); MAILBOX_SIZE];
        let all_dirs: Vec<(i8, i8)> = ORTHO_DIRS.iter().chain(DIAG_DIRS.iter()).copied().collect();

        for sq in Square::all() {
            let i = sq.mailbox();
            knight[i] = leaper_targets(sq, &KNIGHT_DELTAS);
            camel[i] = leaper_targets(sq, &CAMEL_DELTAS);
            king[i] = leaper_targets(sq, &all_dirs);
            frog_step[i] = leaper_targets(sq, &DIAG_DIRS);
            for &(df, dr) in &FROG_LEAP_DELTAS {
                if let Some(to) = sq.offset(df, dr) {
                    let river_passed = if dr != 0 && crosses_river(sq.rank(), to.rank()) {
                        let s = dr.signum();
                        let p1 = sq.offset(0, s).expect("between");
                        let p2 = sq.offset(0, 2 * s).expect("between");
                        Some([p1.mailbox() as u8, p2.mailbox() as u8])
                    } else {
                        None
                    };
                    frog_leap[i].push(FrogLeap {
                        to: to.mailbox() as u8,
                        river_passed,
                    });
                }
            }
        }

        let mut delta = [DeltaEntry::default(); DELTA_SIZE];
        for dr in -7i8..=7 {
            for df in -11i8..=11 {
                if df == 0 && dr == 0 {
                    continue;
                }
                let idx = (dr + 7) as usize * 23 + (df + 11) as usize;
                delta[idx] = delta_entry(df, dr);
            }
        }

        Tables {
            knight,
            camel,
            king,
            frog_step,
            frog_leap,
            delta,
        }
    }

    /// Delta entry for two mailbox indices of on-board squares (hot paths; no
    /// `Square` round trip). Mailbox rows and columns differ exactly as ranks
    /// and files do.
    #[inline]
    pub fn delta_box(&self, from: usize, to: usize) -> DeltaEntry {
        let dr = (to >> 4) + 7 - (from >> 4);
        let df = (to & 15) + 11 - (from & 15);
        self.delta[dr * 23 + df]
    }

    /// Delta entry for the vector from `from` to `to`.
    #[inline]
    pub fn delta(&self, from: Square, to: Square) -> DeltaEntry {
        self.delta[delta_index(from, to)]
    }
}

/// Capabilities and unit step for one (file, rank) displacement.
fn delta_entry(df: i8, dr: i8) -> DeltaEntry {
    let (adf, adr) = (df.abs(), dr.abs());
    let ortho = df == 0 || dr == 0;
    let diag = adf == adr;
    let dist = adf.max(adr);
    let mut caps = 0;
    let mut step = 0;
    if ortho || diag {
        step = Square::step(df.signum(), dr.signum());
        if ortho {
            caps |= cap::ORTHO_SLIDE;
            if dist >= 2 {
                caps |= cap::ORTHO_HOP;
            }
        } else {
            caps |= cap::DIAG_SLIDE;
            if dist >= 2 {
                caps |= cap::DIAG_HOP;
            }
        }
    }
    if dist == 1 {
        caps |= cap::KING;
    }
    if adf == 1 && adr == 1 {
        caps |= cap::FROG_STEP;
        caps |= if dr > 0 {
            cap::WHITE_PAWN
        } else {
            cap::BLACK_PAWN
        };
    }
    if (adf, adr) == (1, 2) || (adf, adr) == (2, 1) {
        caps |= cap::KNIGHT;
    }
    if (adf, adr) == (1, 3) || (adf, adr) == (3, 1) {
        caps |= cap::CAMEL;
    }
    if (adf, adr) == (3, 0) || (adf, adr) == (0, 3) {
        caps |= cap::FROG_LEAP;
    }
    DeltaEntry { caps, step }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[u8]) -> Vec<String> {
        let mut v: Vec<String> = list
            .iter()
            .map(|&i| Square::from_mailbox(i as usize).unwrap().to_string())
            .collect();
        v.sort();
        v
    }

    fn brute(sq: Square, pred: impl Fn(i8, i8) -> bool) -> Vec<String> {
        let mut v: Vec<String> = Square::all()
            .filter(|t| {
                let df = t.file() as i8 - sq.file() as i8;
                let dr = t.rank() as i8 - sq.rank() as i8;
                pred(df, dr)
            })
            .map(|t| t.to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn leaper_tables_match_brute_force() {
        let t = &*TABLES;
        for sq in Square::all() {
            let i = sq.mailbox();
            let (a, b) = (|x: i8| x.abs(), |x: i8| x.abs());
            assert_eq!(names(&t.knight[i]), brute(sq, |df, dr| a(df) * b(dr) == 2));
            assert_eq!(names(&t.camel[i]), brute(sq, |df, dr| a(df) * b(dr) == 3));
            assert_eq!(names(&t.king[i]), brute(sq, |df, dr| a(df).max(b(dr)) == 1));
            assert_eq!(
                names(&t.frog_step[i]),
                brute(sq, |df, dr| a(df) == 1 && b(dr) == 1)
            );
            let leaps: Vec<u8> = t.frog_leap[i].iter().map(|l| l.to).collect();
            assert_eq!(
                names(&leaps),
                brute(sq, |df, dr| (a(df) == 3 && dr == 0)
                    || (df == 0 && a(dr) == 3))
            );
        }
    }

    #[test]
    fn frog_river_data_matches_brute_force() {
        let t = &*TABLES;
        for sq in Square::all() {
            for leap in &t.frog_leap[sq.mailbox()] {
                let to = Square::from_mailbox(leap.to as usize).unwrap();
                // Crosses the River iff it is vertical and one end is on ranks
                // 1-4 and the other on 5-8.
                let crossing = to.file() == sq.file() && ((sq.rank() <= 3) != (to.rank() <= 3));
                assert_eq!(leap.river_passed.is_some(), crossing, "{sq}->{to}");
                if let Some([p1, p2]) = leap.river_passed {
                    let lo = sq.rank().min(to.rank());
                    let mut passed = names(&[p1, p2]);
                    passed.sort();
                    let mut expect = vec![
                        Square::new(sq.file(), lo + 1).unwrap().to_string(),
                        Square::new(sq.file(), lo + 2).unwrap().to_string(),
                    ];
                    expect.sort();
                    assert_eq!(passed, expect);
                }
            }
        }
        // Spot checks from rules.md: c3-c6 crosses, c1-c4 and c5-c8 leap.
        let c3: Square = "c3".parse().unwrap();
        let c1: Square = "c1".parse().unwrap();
        assert!(t.frog_leap[c3.mailbox()]
            .iter()
            .any(|l| l.river_passed.is_some()));
        assert!(t.frog_leap[c1.mailbox()]
            .iter()
            .all(|l| l.river_passed.is_none()));
    }

    /// Brute-force attack on an empty board (hoppers: on a line, at least 2 away,
    /// i.e. room for a screen; Frog leap: ignoring the River, which needs pieces).
    fn brute_attacks(kind: PieceKind, color: Color, df: i8, dr: i8) -> bool {
        let (adf, adr) = (df.abs(), dr.abs());
        let line_o = (df == 0) != (dr == 0);
        let line_d = adf == adr && adf != 0;
        let dist = adf.max(adr);
        match kind {
            PieceKind::Pawn => adf == 1 && dr == color.forward(),
            PieceKind::Knight => adf * adr == 2,
            PieceKind::Camel => adf * adr == 3,
            PieceKind::Gnu => adf * adr == 2 || adf * adr == 3,
            PieceKind::King => dist == 1,
            PieceKind::Rook => line_o,
            PieceKind::Bishop => line_d,
            PieceKind::Queen => line_o || line_d,
            PieceKind::Cannon => line_o && dist >= 2,
            PieceKind::Arrow => line_d && dist >= 2,
            PieceKind::Tank => (line_o || line_d) && dist >= 2,
            PieceKind::Frog => (adf == 1 && adr == 1) || (line_o && dist == 3),
        }
    }

    #[test]
    fn delta_table_matches_brute_force() {
        let t = &*TABLES;
        for from in Square::all() {
            for to in Square::all() {
                if from == to {
                    continue;
                }
                let e = t.delta(from, to);
                let df = to.file() as i8 - from.file() as i8;
                let dr = to.rank() as i8 - from.rank() as i8;
                for color in Color::BOTH {
                    for kind in PieceKind::ALL {
                        let p = Piece::new(color, kind);
                        assert_eq!(
                            e.caps & attack_caps(p) != 0,
                            brute_attacks(kind, color, df, dr),
                            "{p:?} {from}->{to}"
                        );
                    }
                }
                // The step walks from `from` to `to` along the line.
                if e.step != 0 {
                    let mut cur = from.mailbox() as i16;
                    let mut n = 0;
                    while cur != to.mailbox() as i16 {
                        cur += e.step;
                        n += 1;
                        assert!(n <= 11);
                    }
                } else {
                    assert!(!(df == 0 || dr == 0 || df.abs() == dr.abs()));
                }
            }
        }
    }
}
