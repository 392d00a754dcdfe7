//! The tree as the boards draw it (the served page and the static one read
//! the same JSON): each main-line move's variations, and, for a variation
//! move shown, where back and forward go.

use super::{GameTree, NodeId, ROOT};
use humpty_rules::{Move, Position};
use serde::Serialize;
use std::collections::BTreeMap;

/// A variation's move: its node, SAN and UCI, and the lines that could
/// replace it (nested variations).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariationMove {
    /// Its node in the tree.
    pub node: NodeId,
    /// The move in SAN.
    pub san: String,
    /// The move in UCI.
    pub uci: String,
    /// The lines that could replace it, if any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Vec<VariationMove>>,
}

/// Where a step from a variation move goes: a ply of the main line, or a
/// node off it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Place {
    /// The main line after this many plies.
    Ply {
        /// Plies from the start.
        ply: usize,
    },
    /// A move off the main line.
    Node {
        /// Its node.
        node: NodeId,
    },
}

/// The variation move shown: its node and squares, and where back and
/// forward go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShownMove {
    /// Its node.
    pub node: NodeId,
    /// Its move in UCI (none for the start).
    pub uci: Option<String>,
    /// The square it leaves.
    pub from: Option<String>,
    /// The square it reaches.
    pub to: Option<String>,
    /// One move back.
    pub back: Option<Place>,
    /// One move on, along the variation.
    pub forward: Option<Place>,
}

impl GameTree {
    /// The node of the main line's ply `ply` (the start for 0, the main
    /// line's end past it).
    pub fn mainline_node(&self, ply: usize) -> NodeId {
        let line = self.mainline();
        match ply.checked_sub(1) {
            None => ROOT,
            Some(i) => line.get(i).or(line.last()).copied().unwrap_or(ROOT),
        }
    }

    /// For each main-line ply whose move has others, the lines that could
    /// replace it (`{3: [line, ...]}`).
    pub fn variations(&self) -> BTreeMap<usize, Vec<Vec<VariationMove>>> {
        let mut out = BTreeMap::new();
        let mut pos = self.start().clone();
        let mut draw = |node: NodeId, pos: &Position, m: Move, lines| VariationMove {
            node,
            san: pos.san(m),
            uci: m.to_string(),
            lines,
        };
        for (i, &n) in self.mainline().iter().enumerate() {
            let lines = self.map_alternatives(n, &pos, &mut draw);
            if !lines.is_empty() {
                out.insert(i + 1, lines);
            }
            if let Some(m) = self.move_of(n) {
                pos.make_move(m);
            }
        }
        out
    }

    /// Where node `n` stands for a step to it: its ply on the main line,
    /// or itself off it.
    pub fn place(&self, n: NodeId) -> Place {
        if self.on_mainline(n) {
            Place::Ply {
                ply: self.path(n).map_or(0, |p| p.len()),
            }
        } else {
            Place::Node { node: n }
        }
    }

    /// The move of `node` as the page shows it.
    pub fn shown(&self, node: NodeId) -> ShownMove {
        let m = self.move_of(node);
        ShownMove {
            node,
            uci: m.map(|m| m.to_string()),
            from: m.map(|m| m.from().to_string()),
            to: m.map(|m| m.to().to_string()),
            back: self.parent(node).map(|p| self.place(p)),
            forward: self
                .children(node)
                .first()
                .map(|&c| Place::Node { node: c }),
        }
    }

    /// Delete every move from the main line's ply `ply` on, variations
    /// too (a take-back); the main line's node at `ply` stays.
    pub fn cut_after(&mut self, ply: usize) {
        let mut at = self.mainline_node(ply);
        while let Some(&next) = self.children(at).first() {
            match self.delete(next, at) {
                Ok(kept) => at = kept,
                Err(_) => break,
            }
        }
    }
}
