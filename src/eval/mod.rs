//! Static evaluation for Humpty Dumpty Chess: material with game-phase
//! dependent values (hoppers are strong with many screens on the board and
//! weak in endgames), piece-square terms for the 12x8 board, mobility, King
//! safety (hopper x-ray attacks on the King zone and open hopper lines count)
//! and pawn structure (passed Pawns promote to Queen, Gnu or Tank), blended
//! between middlegame and endgame by the material left.
//!
//! Scores are centipawns from the side to move's point of view.

use crate::rules::piece::{Color, PieceKind, NUM_KINDS};
use crate::rules::position::{Position, EMPTY, OFFBOARD};
use crate::rules::square::Square;
use crate::rules::tables::TABLES;
use once_cell::sync::Lazy;
use std::fmt;
use std::sync::atomic::{AtomicI32, Ordering};

/// A middlegame / endgame pair of centipawn values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Middlegame value.
    pub mg: i32,
    /// Endgame value.
    pub eg: i32,
}

impl Score {
    /// A pair.
    pub const fn new(mg: i32, eg: i32) -> Score {
        Score { mg, eg }
    }

    /// Blend by phase (0 = endgame .. MAX_PHASE = opening).
    pub fn taper(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

impl std::ops::Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        Score::new(self.mg + o.mg, self.eg + o.eg)
    }
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.mg += o.mg;
        self.eg += o.eg;
    }
}

impl std::ops::Sub for Score {
    type Output = Score;
    fn sub(self, o: Score) -> Score {
        Score::new(self.mg - o.mg, self.eg - o.eg)
    }
}

impl std::ops::Mul<i32> for Score {
    type Output = Score;
    fn mul(self, k: i32) -> Score {
        Score::new(self.mg * k, self.eg * k)
    }
}

/// Material values per kind, index order of `PieceKind` (see docs/engine.md
/// for how they were measured).
pub const PIECE_VALUES: [Score; NUM_KINDS] = [
    Score::new(100, 130),  // Pawn
    Score::new(290, 290),  // Knight
    Score::new(340, 370),  // Bishop
    Score::new(480, 560),  // Rook
    Score::new(960, 1020), // Queen
    Score::new(0, 0),      // King
    Score::new(250, 260),  // Camel
    Score::new(560, 560),  // Gnu
    Score::new(380, 240),  // Cannon
    Score::new(300, 210),  // Arrow
    Score::new(760, 540),  // Tank
    Score::new(370, 390),  // Frog
];

/// The material values evaluation uses: `PIECE_VALUES` unless changed with
/// `set_piece_values` (the `Dev_Values` option, for value-tuning matches).
static VALUES: Lazy<[[AtomicI32; 2]; NUM_KINDS]> = Lazy::new(|| {
    std::array::from_fn(|k| {
        [
            AtomicI32::new(PIECE_VALUES[k].mg),
            AtomicI32::new(PIECE_VALUES[k].eg),
        ]
    })
});

/// The material values in use.
pub fn piece_values() -> [Score; NUM_KINDS] {
    std::array::from_fn(|k| {
        Score::new(
            VALUES[k][0].load(Ordering::Relaxed),
            VALUES[k][1].load(Ordering::Relaxed),
        )
    })
}

/// Change material values, e.g. `"C=400/250 A=330/230"` (letter=mg/eg).
/// Kinds not named keep their value. Applies to every search thread.
pub fn set_piece_values(text: &str) -> Result<(), String> {
    let mut updates = Vec::new();
    for item in text.split_whitespace() {
        let bad = || format!("bad value '{item}' (expected e.g. C=400/250)");
        let (letter, values) = item.split_once('=').ok_or_else(bad)?;
        let mut chars = letter.chars();
        let kind = match (chars.next(), chars.next()) {
            (Some(c), None) => PieceKind::from_letter(c).ok_or_else(bad)?,
            _ => return Err(bad()),
        };
        if kind == PieceKind::King {
            return Err("the King has no material value".into());
        }
        let (mg, eg) = values.split_once('/').ok_or_else(bad)?;
        let parse = |v: &str| {
            v.parse::<i32>()
                .ok()
                .filter(|x| (0..=5000).contains(x))
                .ok_or_else(bad)
        };
        updates.push((kind, parse(mg)?, parse(eg)?));
    }
    for (kind, mg, eg) in updates {
        VALUES[kind.index()][0].store(mg, Ordering::Relaxed);
        VALUES[kind.index()][1].store(eg, Ordering::Relaxed);
    }
    Ok(())
}

/// Game-phase weight per kind; the start position sums to `MAX_PHASE`.
const PHASE_WEIGHT: [i32; NUM_KINDS] = [0, 1, 1, 2, 4, 0, 1, 4, 2, 2, 4, 1];
/// Phase of the start position (9 minor and 6 major-weight men a side).
pub const MAX_PHASE: i32 = 42;

/// Mobility bonus per reachable square, per kind.
const MOBILITY: [Score; NUM_KINDS] = [
    Score::new(0, 0),
    Score::new(4, 4), // Knight
    Score::new(4, 5), // Bishop
    Score::new(2, 4), // Rook
    Score::new(1, 2), // Queen
    Score::new(0, 0),
    Score::new(3, 3), // Camel
    Score::new(2, 2), // Gnu
    Score::new(2, 2), // Cannon
    Score::new(2, 2), // Arrow
    Score::new(1, 1), // Tank
    Score::new(3, 3), // Frog
];

/// Centralisation weight per kind for the piece-square term.
const CENTRE: [Score; NUM_KINDS] = [
    Score::new(0, 0),
    Score::new(6, 4), // Knight
    Score::new(3, 3), // Bishop
    Score::new(1, 1), // Rook
    Score::new(1, 3), // Queen
    Score::new(0, 0),
    Score::new(4, 3), // Camel
    Score::new(4, 3), // Gnu
    Score::new(1, 0), // Cannon
    Score::new(2, 1), // Arrow
    Score::new(1, 1), // Tank
    Score::new(4, 3), // Frog
];

/// Bonus for a passed Pawn by its rank seen from its own side (2 = start rank).
const PASSED_PAWN: [Score; 8] = [
    Score::new(0, 0),
    Score::new(0, 0),
    Score::new(5, 15),
    Score::new(10, 30),
    Score::new(25, 60),
    Score::new(50, 100),
    Score::new(80, 150),
    Score::new(0, 0),
];
/// Pawn advance bonus per rank moved from the start rank.
const PAWN_ADVANCE: Score = Score::new(3, 6);
/// Doubled Pawn penalty.
const DOUBLED_PAWN: Score = Score::new(-10, -20);
/// Isolated Pawn penalty.
const ISOLATED_PAWN: Score = Score::new(-8, -12);
/// Per enemy attack on a King-zone square, scaled by attacker count.
const KING_ZONE_ATTACK: i32 = 6;
/// Enemy hopper on a line to the King with exactly one man between (a check
/// away from a discovered or direct capture), or with two (a screen away).
const HOPPER_LINE_ONE_SCREEN: Score = Score::new(-35, -10);
/// As above with two men between.
const HOPPER_LINE_TWO_SCREENS: Score = Score::new(-12, -4);
/// King's centralisation in the endgame, per step toward the centre.
const KING_CENTRE_EG: i32 = 6;
/// King staying on its back two ranks in the middlegame.
const KING_SHELTER_MG: i32 = 20;
/// Side-to-move bonus.
const TEMPO: i32 = 12;

/// The evaluation split into terms, White's point of view (for `eval`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Breakdown {
    /// Material per side.
    pub material: [Score; 2],
    /// Piece-square terms per side.
    pub placement: [Score; 2],
    /// Mobility per side.
    pub mobility: [Score; 2],
    /// King safety per side.
    pub king_safety: [Score; 2],
    /// Pawn structure per side.
    pub pawns: [Score; 2],
    /// Game phase (MAX_PHASE = opening, 0 = bare endgame).
    pub phase: i32,
    /// Final score, White's point of view, tempo included.
    pub total_white: i32,
}

/// Distance of a square from the board centre in (file, rank) steps, 0..=5.
fn centre_distance(s: Square) -> i32 {
    // Centre lies between files f/g (5,6) and ranks 4/5 (3,4).
    let df = (2 * s.file() as i32 - 11).abs() / 2;
    let dr = (2 * s.rank() as i32 - 7).abs() / 2;
    df.max(dr)
}

/// Evaluate from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let b = breakdown(pos);
    match pos.side_to_move() {
        Color::White => b.total_white,
        Color::Black => -b.total_white,
    }
}

/// Evaluate every term (White's point of view).
pub fn breakdown(pos: &Position) -> Breakdown {
    let mut b = Breakdown::default();
    let t = &*TABLES;
    let values = piece_values();
    let board = &pos.board;
    let mut phase = 0;
    let mut pawn_files = [[0u8; 12]; 2];
    // Lowest and highest rank of each side's Pawns per file (8 / -1: none).
    let mut pawn_min = [[8i8; 12]; 2];
    let mut pawn_max = [[-1i8; 12]; 2];
    let mut zone_attacks = [0i32; 2]; // attacks on each side's King zone
    let mut zone_attackers = [0i32; 2];
    let kings = [pos.king_square(Color::White), pos.king_square(Color::Black)];

    for color in Color::BOTH {
        for (s, p) in pos.pieces(color) {
            if p.kind() == PieceKind::Pawn {
                let (c, f, r) = (color.index(), s.file() as usize, s.rank() as i8);
                pawn_files[c][f] += 1;
                pawn_min[c][f] = pawn_min[c][f].min(r);
                pawn_max[c][f] = pawn_max[c][f].max(r);
            }
        }
    }

    for color in Color::BOTH {
        let c = color.index();
        let enemy_king = kings[1 - c];
        let own_bit = (c as u8) << 4;
        for (s, p) in pos.pieces(color) {
            let kind = p.kind();
            let k = kind.index();
            b.material[c] += values[k];
            phase += PHASE_WEIGHT[k];
            let cd = centre_distance(s);
            b.placement[c] += CENTRE[k] * (4 - cd);
            let from = s.mailbox();
            let mut reach = 0i32;
            let mut zone_hits = 0i32;
            let in_zone = |to: usize| {
                t.delta_box(enemy_king.mailbox(), to).caps & crate::rules::tables::cap::KING != 0
                    || to == enemy_king.mailbox()
            };
            let free = |to: usize| {
                let code = board[to];
                code == EMPTY || code & 16 != own_bit
            };
            match kind {
                PieceKind::Pawn => {
                    let rank = s.rank() as i8;
                    let relative = match color {
                        Color::White => rank,
                        Color::Black => 7 - rank,
                    };
                    b.placement[c] += PAWN_ADVANCE * (relative as i32 - 2).max(0);
                    let file = s.file() as usize;
                    let adjacent = file.saturating_sub(1)..=(file + 1).min(11);
                    let passed = match color {
                        Color::White => adjacent.clone().all(|f| pawn_max[1][f] <= rank),
                        Color::Black => adjacent.clone().all(|f| pawn_min[0][f] >= rank),
                    };
                    if passed {
                        b.pawns[c] += PASSED_PAWN[relative as usize];
                    }
                    let own = &pawn_files[c];
                    let isolated =
                        (file == 0 || own[file - 1] == 0) && (file == 11 || own[file + 1] == 0);
                    if isolated {
                        b.pawns[c] += ISOLATED_PAWN;
                    }
                    let fwd = color.forward() as i16 * 16;
                    for to in [
                        (from as i16 + fwd - 1) as usize,
                        (from as i16 + fwd + 1) as usize,
                    ] {
                        if board[to] != OFFBOARD && in_zone(to) {
                            zone_hits += 1;
                        }
                    }
                }
                PieceKind::Knight | PieceKind::Camel | PieceKind::Gnu => {
                    let lists: &[&[u8]] = match kind {
                        PieceKind::Knight => &[&t.knight[from]],
                        PieceKind::Camel => &[&t.camel[from]],
                        _ => &[&t.knight[from], &t.camel[from]],
                    };
                    for list in lists {
                        for &to in list.iter() {
                            let to = to as usize;
                            if free(to) {
                                reach += 1;
                            }
                            if in_zone(to) {
                                zone_hits += 1;
                            }
                        }
                    }
                }
                PieceKind::Frog => {
                    for &to in &t.frog_step[from] {
                        if free(to as usize) {
                            reach += 1;
                        }
                        if in_zone(to as usize) {
                            zone_hits += 1;
                        }
                    }
                    for leap in &t.frog_leap[from] {
                        if let Some([x, y]) = leap.river_passed {
                            if board[x as usize] != EMPTY || board[y as usize] != EMPTY {
                                continue;
                            }
                        }
                        if free(leap.to as usize) {
                            reach += 1;
                        }
                        if in_zone(leap.to as usize) {
                            zone_hits += 1;
                        }
                    }
                }
                PieceKind::King => {
                    let home_rank = if color == Color::White { 0 } else { 7 };
                    let from_home = (s.rank() as i32 - home_rank).abs();
                    b.king_safety[c] +=
                        Score::new(if from_home <= 1 { KING_SHELTER_MG } else { 0 }, 0);
                    b.placement[c] += Score::new(0, KING_CENTRE_EG * (4 - cd));
                }
                PieceKind::Rook | PieceKind::Bishop | PieceKind::Queen => {
                    let dirs = match kind {
                        PieceKind::Rook => 0..4,
                        PieceKind::Bishop => 4..8,
                        _ => 0..8,
                    };
                    for d in dirs {
                        for &to in &t.rays[from][d] {
                            let to = to as usize;
                            if free(to) {
                                reach += 1;
                            }
                            if in_zone(to) {
                                zone_hits += 1;
                            }
                            if board[to] != EMPTY {
                                break;
                            }
                        }
                    }
                }
                PieceKind::Cannon | PieceKind::Arrow | PieceKind::Tank => {
                    let dirs = match kind {
                        PieceKind::Cannon => 0..4,
                        PieceKind::Arrow => 4..8,
                        _ => 0..8,
                    };
                    for d in dirs {
                        let mut screens = 0;
                        for &to in &t.rays[from][d] {
                            let to = to as usize;
                            let occupied = board[to] != EMPTY;
                            if screens == 0 && !occupied {
                                reach += 1;
                            } else if screens == 1 {
                                // Beyond the screen: the squares it hits.
                                if in_zone(to) {
                                    zone_hits += 1;
                                }
                                if occupied && board[to] & 16 != own_bit {
                                    reach += 1;
                                }
                            }
                            if occupied {
                                if to == enemy_king.mailbox() {
                                    b.king_safety[1 - c] += match screens {
                                        1 => HOPPER_LINE_ONE_SCREEN,
                                        2 => HOPPER_LINE_TWO_SCREENS,
                                        _ => Score::default(),
                                    };
                                }
                                screens += 1;
                                if screens > 2 {
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            b.mobility[c] += MOBILITY[k] * reach;
            if zone_hits > 0 {
                zone_attacks[1 - c] += zone_hits;
                zone_attackers[1 - c] += 1;
            }
        }
        for &n in &pawn_files[c] {
            let n = n as i32;
            if n > 1 {
                b.pawns[c] += DOUBLED_PAWN * (n - 1);
            }
        }
    }

    for c in 0..2 {
        // Attacks grow dangerous with the number of attackers.
        let danger = zone_attacks[c] * KING_ZONE_ATTACK * zone_attackers[c].min(4) / 2;
        b.king_safety[c] += Score::new(-danger, -danger / 4);
    }

    b.phase = phase.min(MAX_PHASE);
    let total = |s: [Score; 2]| s[0] - s[1];
    let sum = total(b.material)
        + total(b.placement)
        + total(b.mobility)
        + total(b.king_safety)
        + total(b.pawns);
    let tempo = match pos.side_to_move() {
        Color::White => TEMPO,
        Color::Black => -TEMPO,
    };
    b.total_white = sum.taper(b.phase) + tempo;
    b
}

impl fmt::Display for Breakdown {
    /// A table of terms per side, middlegame / endgame, White's view.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cp = |v: i32| format!("{:7.2}", v as f64 / 100.0);
        writeln!(f, "     Term    |    White    |    Black    |    Total")?;
        writeln!(f, "             |   MG    EG  |   MG    EG  |   MG    EG")?;
        writeln!(f, " ------------+-------------+-------------+------------")?;
        let rows: [(&str, [Score; 2]); 5] = [
            ("Material", self.material),
            ("Placement", self.placement),
            ("Mobility", self.mobility),
            ("King safety", self.king_safety),
            ("Pawns", self.pawns),
        ];
        for (name, s) in rows {
            let t = s[0] - s[1];
            writeln!(
                f,
                " {:>11} |{}{}|{}{}|{}{}",
                name,
                cp(s[0].mg),
                cp(s[0].eg),
                cp(s[1].mg),
                cp(s[1].eg),
                cp(t.mg),
                cp(t.eg)
            )?;
        }
        writeln!(f, " ------------+-------------+-------------+------------")?;
        writeln!(f, "Phase: {} / {}", self.phase, MAX_PHASE)?;
        write!(
            f,
            "Final evaluation: {:+.2} (White side, tempo included)",
            self.total_white as f64 / 100.0
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mirror a FEN across the River and swap colours.
    fn mirror(fen: &str) -> String {
        let mut parts: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
        let ranks: Vec<String> = parts[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    })
                    .collect()
            })
            .collect();
        parts[0] = ranks.join("/");
        parts[1] = if parts[1] == "w" {
            "b".into()
        } else {
            "w".into()
        };
        parts[2] = "-".into();
        parts.join(" ")
    }

    #[test]
    fn start_position_is_balanced() {
        let p = Position::startpos();
        let b = breakdown(&p);
        assert_eq!(b.total_white, TEMPO);
        assert_eq!(b.phase, MAX_PHASE);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            "rnf2fkb1fnr/4ab1a2c1/p1pp1pp1pp1p/4l4l2/6P2F2/P1PP1P2PP1P/1C2A2A2C1/RcFLBFKBL1NR w - - 6 5",
            "2flbf1b4/2r1a2a3r/AC1p1p1kpn2/6p2l1p/3c1FfN3P/P1PPBPP1PP1R/1R4KA2FL/1NFL3B4 w - - 4 23",
            "q2r6n1/2P2F3P2/11t/4k7/C11/12/4p2p3R/1K10 w - - 0 1",
        ] {
            let a = Position::from_fen(fen).unwrap();
            let b = Position::from_fen(&mirror(fen)).unwrap();
            assert_eq!(evaluate(&a), evaluate(&b), "{fen}");
        }
    }

    #[test]
    fn extra_material_is_better() {
        let base = Position::from_fen("6k5/pppp8/12/12/12/12/PPPP8/6K5 w - - 0 1").unwrap();
        let up = Position::from_fen("6k5/pppp8/12/12/12/12/PPPP8/5RK5 w - - 0 1").unwrap();
        assert!(evaluate(&up) > evaluate(&base) + 300);
    }
}
