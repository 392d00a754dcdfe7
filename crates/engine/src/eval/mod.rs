//! Static evaluation for Humpty Dumpty Chess: material with game-phase
//! dependent values (hoppers are strong with many screens on the board and
//! weak in endgames), piece-square terms for the 12x8 board, mobility, King
//! safety (hopper x-ray attacks on the King zone and open hopper lines count)
//! and pawn structure (passed Pawns promote to Queen, Gnu or Tank), blended
//! between middlegame and endgame by the material left.
//!
//! Scores are centipawns from the side to move's point of view. Every weight
//! is in `params::EvalParams`; the terms are in `pawns` (structure),
//! `activity` (mobility and King-zone attacks) and here (material,
//! placement, King safety).

mod activity;
pub mod nnue;
pub mod params;
mod pawns;

pub use params::{EvalParams, Tapered, MAX_PHASE, PHASE_WEIGHT};

use crate::rules::piece::{Color, Piece, PieceKind};
use crate::rules::position::Position;
use crate::rules::square::Square;
use params::OUTPOST_KINDS;
use std::fmt;

/// The evaluation split into terms, White's point of view (for `eval`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Breakdown {
    /// Material per side.
    pub material: [Tapered; 2],
    /// Piece-square terms per side.
    pub placement: [Tapered; 2],
    /// Mobility per side.
    pub mobility: [Tapered; 2],
    /// King safety per side.
    pub king_safety: [Tapered; 2],
    /// Pawn structure per side.
    pub pawns: [Tapered; 2],
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
pub fn evaluate(pos: &Position, params: &EvalParams) -> i32 {
    let b = breakdown(pos, params);
    match pos.side_to_move() {
        Color::White => b.total_white,
        Color::Black => -b.total_white,
    }
}

/// Attacks on each side's King zone, summed over the enemy men.
#[derive(Default)]
struct KingDanger {
    /// Hits on zone squares.
    hits: [i32; 2],
    /// Men with at least one hit.
    attackers: [i32; 2],
}

impl KingDanger {
    /// The King-safety penalty of side `c`: attacks grow dangerous with the
    /// number of attackers.
    fn penalty(&self, params: &EvalParams, c: usize) -> Tapered {
        let danger = self.hits[c] * params.king_zone_attack * self.attackers[c].min(4) / 2;
        Tapered::new(-danger, -danger / 4)
    }
}

/// The King's own terms: shelter on the back ranks in the middlegame (King
/// safety) and centralisation in the endgame (placement).
fn king_terms(params: &EvalParams, color: Color, s: Square) -> (Tapered, Tapered) {
    let home_rank = if color == Color::White { 0 } else { 7 };
    let from_home = (s.rank() as i32 - home_rank).abs();
    let shelter = Tapered::new(
        if from_home <= 1 {
            params.king_shelter_mg
        } else {
            0
        },
        0,
    );
    let centre = Tapered::new(0, params.king_centre_eg * (4 - centre_distance(s)));
    (shelter, centre)
}

/// A leaper's outpost bonus, and a Frog's threat to promote.
fn leaper_terms(
    pos: &Position,
    params: &EvalParams,
    files: &pawns::PawnFiles,
    p: Piece,
    s: Square,
    strong_promotion: bool,
) -> Tapered {
    let (kind, color) = (p.kind(), p.color());
    let mut total = Tapered::default();
    if !OUTPOST_KINDS.contains(&kind) {
        return total;
    }
    // A term at zero weight is not computed (the terms are off by default).
    let outpost = params.outpost[kind.index()];
    if outpost != Tapered::default() && pawns::is_outpost(pos, files, color, s) {
        total += outpost;
    }
    if kind == PieceKind::Frog
        && strong_promotion
        && params.frog_promotion != Tapered::default()
        && activity::frog_reaches_far_rank(pos.board(), s.mailbox(), color)
    {
        total += params.frog_promotion;
    }
    total
}

/// Evaluate every term (White's point of view).
pub fn breakdown(pos: &Position, params: &EvalParams) -> Breakdown {
    let mut b = Breakdown::default();
    let files = pawns::PawnFiles::of(pos);
    let mut danger = KingDanger::default();
    let kings = [pos.king_square(Color::White), pos.king_square(Color::Black)];
    let mut phase = 0;
    for color in Color::BOTH {
        let c = color.index();
        let strong = pawns::strong_promotion(pos, color);
        for (s, p) in pos.pieces(color) {
            let kind = p.kind();
            let k = kind.index();
            b.material[c] += params.piece_values[k];
            phase += PHASE_WEIGHT[k];
            b.placement[c] += params.centre[k] * (4 - centre_distance(s));
            match kind {
                PieceKind::Pawn => {
                    let (advance, structure) = pawns::pawn_terms(params, &files, color, s, strong);
                    b.placement[c] += advance;
                    b.pawns[c] += structure;
                }
                PieceKind::King => {
                    let (shelter, centre) = king_terms(params, color, s);
                    b.king_safety[c] += shelter;
                    b.placement[c] += centre;
                }
                _ => b.placement[c] += leaper_terms(pos, params, &files, p, s, strong),
            }
            let enemy_king = kings[1 - c].mailbox();
            let r = activity::reach(pos.board(), params, s.mailbox(), kind, color, enemy_king);
            b.mobility[c] += params.mobility[k] * r.squares;
            b.king_safety[1 - c] += r.king_lines;
            if r.zone_hits > 0 {
                danger.hits[1 - c] += r.zone_hits;
                danger.attackers[1 - c] += 1;
            }
        }
        b.pawns[c] += files.doubled(params, color);
    }
    for c in 0..2 {
        b.king_safety[c] += danger.penalty(params, c);
    }
    b.phase = phase.min(MAX_PHASE);
    let total = |s: [Tapered; 2]| s[0] - s[1];
    let sum = total(b.material)
        + total(b.placement)
        + total(b.mobility)
        + total(b.king_safety)
        + total(b.pawns);
    let tempo = match pos.side_to_move() {
        Color::White => params.tempo,
        Color::Black => -params.tempo,
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
        let rows: [(&str, [Tapered; 2]); 5] = [
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
        let b = breakdown(&p, &EvalParams::default());
        assert_eq!(b.total_white, EvalParams::default().tempo);
        assert_eq!(b.phase, MAX_PHASE);
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            "rnf2fkb1fnr/4ab1a2c1/p1pp1pp1pp1p/4l4l2/6P2F2/P1PP1P2PP1P/1C2A2A2C1/RcFLBFKBL1NR w - - 6 5",
            "2flbf1b4/2r1a2a3r/AC1p1p1kpn2/6p2l1p/3c1FfN3P/P1PPBPP1PP1R/1R4KA2FL/1NFL3B4 w - - 4 23",
            "q2r6n1/2P2F3P2/11t/4k7/C11/12/4p2p3R/1K10 w - - 0 1",
        ] {
            let params = EvalParams::default();
            let a = Position::from_fen(fen).unwrap();
            let b = Position::from_fen(&mirror(fen)).unwrap();
            assert_eq!(evaluate(&a, &params), evaluate(&b, &params), "{fen}");
        }
    }

    /// The default weights with every game-specific term switched on.
    fn with_game_terms() -> EvalParams {
        let mut p = EvalParams::default();
        p.set_weights(
            "outpost.Knight.mg 50\noutpost.Knight.eg 50\nfrog_promotion.mg 70\n\
             frog_promotion.eg 70\nseventh_rank_pawn.mg 40\nseventh_rank_pawn.eg 40",
        )
        .unwrap();
        p
    }

    /// White's total minus the same with the game-specific terms at zero.
    fn game_terms_white(fen: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        breakdown(&pos, &with_game_terms()).total_white
            - breakdown(&pos, &EvalParams::default()).total_white
    }

    #[test]
    fn outposts_need_a_pawn_guard_and_no_enemy_pawn_that_can_come() {
        assert_eq!(
            game_terms_white("6k5/12/12/4N7/3P8/12/12/6K5 w - - 0 1"),
            50
        );
        // No guard.
        assert_eq!(game_terms_white("6k5/12/12/4N7/12/3P8/12/6K5 w - - 0 1"), 0);
        // A Black Pawn on f7 can come to f6 and drive it away.
        assert_eq!(
            game_terms_white("6k5/5p6/12/4N7/3P8/12/12/6K5 w - - 0 1"),
            0
        );
        // One on e7 (same file) cannot.
        assert_eq!(
            game_terms_white("6k5/4p7/12/4N7/3P8/12/12/6K5 w - - 0 1"),
            50
        );
        // Too far back.
        assert_eq!(game_terms_white("6k5/12/12/12/12/4N7/3P8/6K5 w - - 0 1"), 0);
    }

    #[test]
    fn promotion_terms_follow_the_promotion_rule() {
        // Pawn c7 and Frog i7 (steps to h8 or j8): both may promote strongly.
        assert_eq!(
            game_terms_white("6k5/2P5F3/12/12/12/12/12/6K5 w - - 0 1"),
            110
        );
        // With a Queen, Gnu and Tank already, promotion gives only a Frog.
        assert_eq!(
            game_terms_white("6k5/2P5F3/12/12/12/12/12/QGT3K5 w - - 0 1"),
            0
        );
        // A Frog on the far rank has no promoting move.
        assert_eq!(game_terms_white("6k1F3/12/12/12/12/12/12/6K5 w - - 0 1"), 0);
        // Both far-rank squares the Frog could step to hold its own men.
        assert_eq!(
            game_terms_white("6kNpN2/8F3/12/12/12/12/12/6K5 w - - 0 1"),
            0
        );
    }

    #[test]
    fn game_specific_terms_are_colour_symmetric() {
        for fen in [
            "6k5/12/12/4N7/3P8/12/12/6K5 w - - 0 1",
            "6k5/2P5F3/12/12/12/12/12/6K5 w - - 0 1",
            "2flbf1b4/2r1a2a3r/AC1p1p1kpn2/6p2l1p/3c1FfN3P/P1PPBPP1PP1R/1R4KA2FL/1NFL3B4 w - - 4 23",
        ] {
            let params = with_game_terms();
            let a = Position::from_fen(fen).unwrap();
            let b = Position::from_fen(&mirror(fen)).unwrap();
            assert_eq!(evaluate(&a, &params), evaluate(&b, &params), "{fen}");
        }
    }

    #[test]
    fn extra_material_is_better() {
        let base = Position::from_fen("6k5/pppp8/12/12/12/12/PPPP8/6K5 w - - 0 1").unwrap();
        let up = Position::from_fen("6k5/pppp8/12/12/12/12/PPPP8/5RK5 w - - 0 1").unwrap();
        let params = EvalParams::default();
        assert!(evaluate(&up, &params) > evaluate(&base, &params) + 300);
    }
}
