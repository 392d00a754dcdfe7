//! What pyffish says of a position for other games' sake: `get_fog_fen`,
//! the position as the side to move sees it in Fog of War, as
//! Fairy-Stockfish computes its fog area (its own men and every square one
//! of its legal moves reaches are seen; every other square is `*`), and
//! `piece_to_partner`, the man a capture would hand a bughouse partner.
//! This game has neither; the functions answer as pyffish does for any
//! variant.

use humpty_rules::{Position, Square};

/// The FEN with unseen squares as `*`; the fields after the board as in
/// the position's FEN.
pub fn fog_fen(pos: &Position) -> String {
    let us = pos.side_to_move();
    let mut seen = [[false; 12]; 8];
    for m in pos.legal_moves() {
        let to = m.to();
        seen[usize::from(to.rank())][usize::from(to.file())] = true;
    }
    let mut rows = Vec::with_capacity(8);
    for rank in (0..8u8).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..12u8 {
            let man = Square::new(file, rank).and_then(|s| pos.piece_at(s));
            let visible =
                seen[usize::from(rank)][usize::from(file)] || man.is_some_and(|p| p.color() == us);
            match (visible, man) {
                (true, None) => empty += 1,
                (seen_here, man) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(match (seen_here, man) {
                        (true, Some(p)) => p.letter(),
                        _ => '*',
                    });
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let fen = pos.to_fen();
    let rest = fen.split_once(' ').map_or("", |(_, r)| r);
    format!("{} {rest}", rows.join("/"))
}

/// The letter of the man of the side that did not move whose square
/// `before` held and `after` does not (the capture of one move), if any.
pub fn captured_man(before: &Position, after: &Position) -> Option<char> {
    let them = after.side_to_move();
    (0..8u8)
        .flat_map(|rank| (0..12u8).filter_map(move |file| Square::new(file, rank)))
        .find_map(|s| {
            let was = before.piece_at(s).filter(|p| p.color() == them)?;
            let now = after.piece_at(s);
            (now != Some(was)).then(|| was.letter())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_king_sees_its_neighbours_only() {
        let pos = Position::from_fen("k11/12/12/12/12/12/12/11K w - - 0 1").unwrap();
        assert_eq!(
            fog_fen(&pos),
            "************/************/************/************/************/************/**********2/**********1K w - - 0 1"
        );
    }

    #[test]
    fn the_man_a_capture_took() {
        let before = Position::from_fen("k11/12/12/12/12/12/r11/R10K w - - 0 1").unwrap();
        let mut after = before.clone();
        after.make_move(after.parse_move("a1a2").unwrap());
        assert_eq!(captured_man(&before, &after), Some('r'));
        let mut quiet = before.clone();
        quiet.make_move(quiet.parse_move("l1k1").unwrap());
        assert_eq!(captured_man(&before, &quiet), None);
    }
}
