//! Material in pawns, as a puzzle counts a gain: the evaluation's
//! middlegame values divided by a Pawn's, the King left out.

use crate::eval::EvalParams;
use crate::rules::piece::{Color, PieceKind};
use crate::rules::position::Position;
use once_cell::sync::Lazy;

static VALUES: Lazy<EvalParams> = Lazy::new(EvalParams::default);

/// A man's worth in pawns (the King's is 0).
pub fn value(kind: PieceKind) -> f64 {
    if kind == PieceKind::King {
        return 0.0;
    }
    f64::from(VALUES.value_mg(kind)) / f64::from(VALUES.value_mg(PieceKind::Pawn))
}

/// `color`'s material minus the other side's, in pawns.
pub fn diff(pos: &Position, color: Color) -> f64 {
    let side = |c: Color| pos.pieces(c).map(|(_, p)| value(p.kind())).sum::<f64>();
    side(color) - side(!color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_and_a_queen_outweighs_a_rook() {
        let start = Position::startpos();
        assert_eq!(diff(&start, Color::White), 0.0);
        assert!(value(PieceKind::Queen) > value(PieceKind::Rook));
        assert!(value(PieceKind::Rook) > value(PieceKind::Pawn));
        assert_eq!(value(PieceKind::Pawn), 1.0);
    }
}
