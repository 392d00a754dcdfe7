//! Pawn structure: advance, passed, isolated and doubled Pawns. A passed
//! Pawn is worth more here than in chess: it promotes to a Queen, Gnu or
//! Tank. Also what Pawns make of the squares around them: outposts for the
//! leapers (squares an own Pawn guards and no enemy Pawn can ever attack).

use super::params::{EvalParams, Tapered};
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use crate::rules::square::Square;

/// Where each side's Pawns stand, per file.
pub(super) struct PawnFiles {
    /// Pawns per side and file.
    count: [[u8; 12]; 2],
    /// Lowest rank of a side's Pawn per file (8: none).
    lowest: [[i8; 12]; 2],
    /// Highest rank of a side's Pawn per file (-1: none).
    highest: [[i8; 12]; 2],
}

impl PawnFiles {
    /// Survey the Pawns of both sides.
    pub(super) fn of(pos: &Position) -> PawnFiles {
        let mut p = PawnFiles {
            count: [[0; 12]; 2],
            lowest: [[8; 12]; 2],
            highest: [[-1; 12]; 2],
        };
        for color in Color::BOTH {
            let c = color.index();
            for (s, piece) in pos.pieces(color) {
                if piece.kind() == PieceKind::Pawn {
                    let (f, r) = (s.file() as usize, s.rank() as i8);
                    p.count[c][f] += 1;
                    p.lowest[c][f] = p.lowest[c][f].min(r);
                    p.highest[c][f] = p.highest[c][f].max(r);
                }
            }
        }
        p
    }

    /// True if no enemy Pawn on any of `files` stands ahead of `s` (seen
    /// from `color`).
    fn no_enemy_pawn_ahead(
        &self,
        color: Color,
        s: Square,
        mut files: impl Iterator<Item = usize>,
    ) -> bool {
        let rank = s.rank() as i8;
        match color {
            Color::White => files.all(|f| self.highest[1][f] <= rank),
            Color::Black => files.all(|f| self.lowest[0][f] >= rank),
        }
    }

    /// True if no enemy Pawn on this or an adjacent file stands ahead.
    fn is_passed(&self, color: Color, s: Square) -> bool {
        let file = s.file() as usize;
        self.no_enemy_pawn_ahead(color, s, file.saturating_sub(1)..=(file + 1).min(11))
    }

    /// True if no enemy Pawn on an adjacent file stands ahead of `s`, so
    /// none can ever attack it (Pawns capture one step diagonally forward).
    fn safe_from_pawns(&self, color: Color, s: Square) -> bool {
        let file = s.file() as usize;
        let adjacent = [file.checked_sub(1), (file < 11).then_some(file + 1)];
        self.no_enemy_pawn_ahead(color, s, adjacent.into_iter().flatten())
    }

    /// True if no own Pawn stands on an adjacent file.
    fn is_isolated(&self, color: Color, file: usize) -> bool {
        let own = &self.count[color.index()];
        (file == 0 || own[file - 1] == 0) && (file == 11 || own[file + 1] == 0)
    }

    /// Penalty for doubled Pawns of one side.
    pub(super) fn doubled(&self, params: &EvalParams, color: Color) -> Tapered {
        let mut total = Tapered::default();
        for &n in &self.count[color.index()] {
            if n > 1 {
                total += params.doubled_pawn * (n as i32 - 1);
            }
        }
        total
    }
}

/// One Pawn's terms: (placement for its advance, structure).
pub(super) fn pawn_terms(
    params: &EvalParams,
    files: &PawnFiles,
    color: Color,
    s: Square,
    strong_promotion: bool,
) -> (Tapered, Tapered) {
    let relative = relative_rank(color, s);
    let placement = params.pawn_advance * (relative - 2).max(0);
    let mut structure = Tapered::default();
    if files.is_passed(color, s) {
        structure += params.passed_pawn[relative as usize];
    }
    if relative == 6 && strong_promotion {
        structure += params.seventh_rank_pawn;
    }
    if files.is_isolated(color, s.file() as usize) {
        structure += params.isolated_pawn;
    }
    (placement, structure)
}

/// Rank of `s` counted from `color`'s own side (0 = its back rank).
pub(super) fn relative_rank(color: Color, s: Square) -> i32 {
    i32::from(match color {
        Color::White => s.rank(),
        Color::Black => 7 - s.rank(),
    })
}

/// True if `s` is an outpost for a man of `color`: in the enemy's half or
/// just short of it (relative ranks 4 to 6), guarded by an own Pawn, out of
/// reach of every enemy Pawn.
pub(super) fn is_outpost(pos: &Position, files: &PawnFiles, color: Color, s: Square) -> bool {
    if !(3..=5).contains(&relative_rank(color, s)) || !files.safe_from_pawns(color, s) {
        return false;
    }
    let behind = -color.forward();
    [-1, 1].into_iter().any(|df| {
        s.offset(df, behind)
            .and_then(|g| pos.piece_at(g))
            .is_some_and(|p| p.color() == color && p.kind() == PieceKind::Pawn)
    })
}

/// True if a Pawn of `color` promoting now may become a Queen, Gnu or Tank
/// (the side lacks one of them; otherwise only a Frog, rules.md).
pub(super) fn strong_promotion(pos: &Position, color: Color) -> bool {
    PieceKind::PROMOTED
        .into_iter()
        .any(|k| pos.count(color, k) == 0)
}
