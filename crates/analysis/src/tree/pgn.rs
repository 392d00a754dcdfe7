//! A tree to and from PGN: each main-line move's variations written after
//! it in parentheses (the main line's own comments, a review's marks and
//! the clocks, are the caller's: `download`), and a PGN game's movetext
//! read back with its variations.

use super::{GameTree, NodeId, TreeError, ROOT};
use humpty_rules::movetext::{Token, WrittenMove};
use humpty_rules::{Move, Position};

/// A move in SAN with its variations.
fn written(_: NodeId, pos: &Position, m: Move, variations: Vec<Vec<WrittenMove>>) -> WrittenMove {
    WrittenMove {
        text: pos.san(m),
        comment: None,
        variations,
    }
}

impl GameTree {
    /// The variations that could replace node `id` (the other moves from
    /// the position before it), in SAN, each with its own variations.
    pub fn variations_of(&self, id: NodeId) -> Vec<Vec<WrittenMove>> {
        let Some(pos) = self.parent(id).and_then(|p| self.position(p).ok()) else {
            return Vec::new();
        };
        self.map_alternatives(id, &pos, &mut written)
    }

    /// The whole tree in SAN: the main line, each move with its variations.
    pub fn written(&self) -> Vec<WrittenMove> {
        match self.children(ROOT).first() {
            Some(&first) => {
                let mut line = self.map_line(first, &self.start, &mut written);
                line[0].variations = self.variations_of(first);
                line
            }
            None => Vec::new(),
        }
    }

    /// A PGN movetext (`PgnGame::line`) from `start`, with its variations.
    /// A line's moves after the rules end it (mate, stalemate, repetition,
    /// 50 moves, bare Kings) are left out, as the boards' import does; any
    /// other move that is not legal is an error.
    pub fn from_pgn(start: Position, line: &[Token]) -> Result<GameTree, TreeError> {
        let mut t = GameTree::new(start.clone());
        let (mut at, mut pos) = (ROOT, start);
        let mut open: Vec<(NodeId, Position)> = Vec::new();
        for tok in line {
            match tok {
                Token::Word(_) if pos.outcome().is_some() => {}
                Token::Word(w) => {
                    let m = pos.parse_san(w).map_err(|_| TreeError::Illegal {
                        ply: t.path(at).map_or(0, |p| p.len()),
                        text: w.clone(),
                    })?;
                    at = t.find_or_add(at, m)?;
                    pos.make_move(m);
                }
                // A variation replaces the move before it.
                Token::Open => {
                    let parent = t.parent(at).ok_or(TreeError::VariationFirst)?;
                    open.push((at, pos));
                    pos = t.position(parent)?;
                    at = parent;
                }
                Token::Close => {
                    if let Some((a, p)) = open.pop() {
                        (at, pos) = (a, p);
                    }
                }
            }
        }
        Ok(t)
    }
}
