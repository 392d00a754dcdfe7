//! Un-moves for retrograde analysis (the endgame tablebases): where the side
//! that just moved could have come from by a quiet move.
//!
//! Every quiet move of a man other than a Pawn is its own reverse. A slide,
//! and a hopper's quiet run, crosses the same empty squares either way; a
//! leap ignores them; a Frog's three-step across the River passes over the
//! same two squares in both directions, and within a half it is a leap. So
//! the quiet moves the side that just moved could make from where its men
//! stand now are exactly the squares they could have come from. Pawns only
//! go forward and castling needs rights a tablebase position does not have,
//! so neither is here; captures and promotions change the men on the board
//! and lead in from another table.

use crate::movegen::gen;
use crate::moves::MoveList;
use crate::piece::{Piece, PieceKind};
use crate::position::Position;
use crate::tables::TABLES;

impl Position {
    /// The quiet moves of the side that just moved, Pawns and castling left
    /// out and no promotion: each is written from a man's square now to a
    /// square it could have stood on before its move (`list` is cleared).
    pub fn retro_quiets(&self, list: &mut MoveList) {
        list.clear();
        let mover = !self.side;
        let own_bit = (mover.index() as u8) << 4;
        let mut promos = None;
        for &from8 in &self.lists[mover.index()] {
            let from = from8 as usize;
            let kind = Piece::from_code(self.board[from])
                .expect("listed square occupied")
                .kind();
            match kind {
                PieceKind::Pawn => {}
                // The King's steps alone: castling is no un-move here.
                PieceKind::King => {
                    self.leaps::<{ gen::QUIET }>(list, from, &TABLES.king[from], own_bit)
                }
                _ => self.piece_pseudo::<{ gen::QUIET }>(list, from, kind, own_bit, &mut promos),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::moves::MoveList;
    use crate::position::Position;

    /// Each un-move, played forward from the earlier position, is a legal
    /// move that leads back here, and every legal quiet non-Pawn move of a
    /// position appears among the un-moves of the position it leads to.
    #[test]
    fn un_moves_are_the_quiet_moves_reversed() {
        let fens = [
            "6k5/12/12/4F7/12/12/12/6K5 b - - 0 1",
            "6k5/12/3c8/12/4F7/12/1A10/6K5 w - - 0 1",
            "k11/12/12/2T2r6/12/12/5f6/L4K6 b - - 0 1",
            "k11/12/2F9/12/12/5G6/1N10/5K6 b - - 0 1",
        ];
        let mut list = MoveList::new();
        for fen in fens {
            let here = Position::from_fen(fen).unwrap();
            here.retro_quiets(&mut list);
            assert!(!list.is_empty(), "{fen}");
            for &m in &list {
                let mut men: Vec<_> = here.pieces(!here.side_to_move()).collect();
                men.extend(here.pieces(here.side_to_move()));
                let moved = men.iter_mut().find(|(s, _)| *s == m.from()).unwrap();
                moved.0 = m.to();
                let Ok(mut before) = Position::from_men(&men, !here.side_to_move()) else {
                    continue;
                };
                let forward = crate::Move::new(m.to(), m.from(), None);
                assert!(before.is_legal(forward), "{fen}: {forward:?}");
                before.make_move(forward);
                let board_and_side =
                    |p: &Position| p.to_fen().split(' ').take(2).collect::<Vec<_>>().join(" ");
                assert_eq!(board_and_side(&before), board_and_side(&here), "{fen}");
            }
            // And the other way: each quiet non-Pawn move is un-made.
            for m in here.legal_moves() {
                if here.is_capture(m) || m.promotion().is_some() {
                    continue;
                }
                let mut after = here.clone();
                after.make_move(m);
                after.retro_quiets(&mut list);
                let back = crate::Move::new(m.to(), m.from(), None);
                assert!(list.contains(&back), "{fen}: {m:?} not un-made");
            }
        }
    }
}
