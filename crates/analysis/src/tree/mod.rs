//! A game with its variations, as on lichess's analysis board: a tree of
//! moves from a start position. Each position's first continuation is its
//! main line and the others are variations; a variation can be promoted or
//! deleted, and the tree is kept as text and written to PGN and read back
//! with its variations. Both boards keep one: the server in its database,
//! the static board in the browser through WebAssembly.

use humpty_rules::{Move, Position};
use std::fmt;

mod pgn;
mod view;

pub use view::{Place, ShownMove, VariationMove};
#[cfg(test)]
mod tests;

/// A node of the tree: the position after its move.
pub type NodeId = usize;

/// What `GameTree::map_line` makes of each move: `(node, position before
/// it, move, the lines that could replace it)`.
pub type MapMove<'a, T> = dyn FnMut(NodeId, &Position, Move, Vec<Vec<T>>) -> T + 'a;

/// The start position's node.
pub const ROOT: NodeId = 0;

/// Most moves a tree may hold, main line and variations together: a bound
/// on what one client can make a server keep.
pub const MAX_MOVES: usize = 4000;

/// Why a change to a tree, or a tree read back, is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// No node has this id.
    NoSuchNode(NodeId),
    /// The move (as written) is not legal after this many plies.
    Illegal {
        /// Plies from the start to the position.
        ply: usize,
        /// The move as written.
        text: String,
    },
    /// The tree holds `MAX_MOVES` already.
    Full,
    /// The start position is not a move: it cannot be deleted or promoted.
    Root,
    /// A stored entry (counted from 1) is not `parent:move`, or names a
    /// parent not before it.
    BadEntry(usize),
    /// A PGN variation opens before any move it could replace.
    VariationFirst,
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::NoSuchNode(id) => write!(f, "no move {id} in the game"),
            TreeError::Illegal { ply, text } => {
                write!(f, "'{text}' is not a legal move after {ply} plies")
            }
            TreeError::Full => write!(f, "the game holds {MAX_MOVES} moves with its variations"),
            TreeError::Root => write!(f, "the start position is not a move"),
            TreeError::BadEntry(i) => write!(f, "stored move {i} is damaged"),
            TreeError::VariationFirst => write!(f, "a variation opens before the first move"),
        }
    }
}

impl std::error::Error for TreeError {}

#[derive(Clone, Debug)]
struct Node {
    mv: Option<Move>,
    parent: NodeId,
    children: Vec<NodeId>,
}

/// A game's moves with their variations.
#[derive(Clone, Debug)]
pub struct GameTree {
    start: Position,
    nodes: Vec<Node>,
}

impl GameTree {
    /// A tree with no move yet.
    pub fn new(start: Position) -> GameTree {
        let root = Node {
            mv: None,
            parent: ROOT,
            children: Vec::new(),
        };
        GameTree {
            start,
            nodes: vec![root],
        }
    }

    /// A tree whose main line is `line`.
    pub fn from_line(start: Position, line: &[Move]) -> Result<GameTree, TreeError> {
        // One walk along the line (`play` would replay it from the start
        // at every move).
        let entries: Vec<(NodeId, Move)> = line.iter().enumerate().map(|(i, &m)| (i, m)).collect();
        GameTree::from_entries(start, &entries)
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// How many moves the tree holds.
    pub fn len(&self) -> usize {
        self.nodes.len() - 1
    }

    /// Whether it holds no move.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    fn node(&self, id: NodeId) -> Result<&Node, TreeError> {
        self.nodes.get(id).ok_or(TreeError::NoSuchNode(id))
    }

    /// The node's move (none for the start).
    pub fn move_of(&self, id: NodeId) -> Option<Move> {
        self.nodes.get(id).and_then(|n| n.mv)
    }

    /// The node before it (none for the start or an unknown id).
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        (id != ROOT).then(|| self.nodes.get(id).map(|n| n.parent))?
    }

    /// The moves played from it, the main one first.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        self.nodes.get(id).map_or(&[], |n| &n.children)
    }

    /// The nodes from the first move to `id` (empty for the start).
    pub fn path(&self, id: NodeId) -> Result<Vec<NodeId>, TreeError> {
        self.node(id)?;
        let mut path = Vec::new();
        let mut at = id;
        while at != ROOT {
            path.push(at);
            at = self.nodes[at].parent;
        }
        path.reverse();
        Ok(path)
    }

    /// The moves from the start to `id`.
    pub fn line_to(&self, id: NodeId) -> Result<Vec<Move>, TreeError> {
        Ok(self
            .path(id)?
            .iter()
            .filter_map(|&n| self.nodes[n].mv)
            .collect())
    }

    /// The position at `id`, with its history (repetitions count).
    pub fn position(&self, id: NodeId) -> Result<Position, TreeError> {
        let mut pos = self.start.clone();
        for m in self.line_to(id)? {
            pos.make_move(m);
        }
        Ok(pos)
    }

    /// The main line's nodes: each position's first continuation.
    pub fn mainline(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut at = ROOT;
        while let Some(&next) = self.nodes[at].children.first() {
            out.push(next);
            at = next;
        }
        out
    }

    /// The main line's moves.
    pub fn mainline_moves(&self) -> Vec<Move> {
        self.mainline()
            .iter()
            .filter_map(|&n| self.nodes[n].mv)
            .collect()
    }

    /// The line from `first` (played at `pos`) along each position's first
    /// move, each move mapped by `f(node, position before it, move, the
    /// lines that could replace it, mapped)`; the first move's are the
    /// caller's (`map_alternatives`), so they are given empty.
    pub fn map_line<T>(&self, first: NodeId, pos: &Position, f: &mut MapMove<'_, T>) -> Vec<T> {
        let mut out = Vec::new();
        let mut pos = pos.clone();
        let mut at = first;
        while let Some(m) = self.move_of(at) {
            let others = if at == first {
                Vec::new()
            } else {
                self.map_alternatives(at, &pos, f)
            };
            out.push(f(at, &pos, m, others));
            pos.make_move(m);
            match self.children(at).first() {
                Some(&next) => at = next,
                None => break,
            }
        }
        out
    }

    /// The lines that could replace node `id` (the other moves from `pos`,
    /// the position before it), mapped as `map_line` does.
    pub fn map_alternatives<T>(
        &self,
        id: NodeId,
        pos: &Position,
        f: &mut MapMove<'_, T>,
    ) -> Vec<Vec<T>> {
        let parent = self.parent(id).unwrap_or(ROOT);
        self.children(parent)
            .iter()
            .filter(|&&c| c != id)
            .map(|&c| self.map_line(c, pos, f))
            .collect()
    }

    /// Whether `id` is on the main line (the start is).
    pub fn on_mainline(&self, id: NodeId) -> bool {
        let mut at = id;
        while at != ROOT {
            let Some(n) = self.nodes.get(at) else {
                return false;
            };
            if self.nodes[n.parent].children.first() != Some(&at) {
                return false;
            }
            at = n.parent;
        }
        true
    }

    /// Play `m` at `at`: the node of that move, a new one unless it was
    /// played there before (a new move is the main line where none was,
    /// else a variation).
    pub fn play(&mut self, at: NodeId, m: Move) -> Result<NodeId, TreeError> {
        if let Some(old) = self.child_with(at, m)? {
            return Ok(old);
        }
        let pos = self.position(at)?;
        if !pos.legal_moves().contains(&m) {
            return Err(TreeError::Illegal {
                ply: self.path(at)?.len(),
                text: m.to_string(),
            });
        }
        self.add(at, m)
    }

    /// The node of `m` played at `at`, if it was.
    fn child_with(&self, at: NodeId, m: Move) -> Result<Option<NodeId>, TreeError> {
        let node = self.node(at)?;
        Ok(node
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].mv == Some(m)))
    }

    /// `m` at `at`, known legal there: its node, old or new.
    fn find_or_add(&mut self, at: NodeId, m: Move) -> Result<NodeId, TreeError> {
        match self.child_with(at, m)? {
            Some(old) => Ok(old),
            None => self.add(at, m),
        }
    }

    /// Add `m` after `at` with no check of the rules.
    fn add(&mut self, at: NodeId, m: Move) -> Result<NodeId, TreeError> {
        if self.len() >= MAX_MOVES {
            return Err(TreeError::Full);
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            mv: Some(m),
            parent: at,
            children: Vec::new(),
        });
        self.nodes[at].children.push(id);
        Ok(id)
    }

    /// Promote the variation holding `id` one level, as lichess does: at
    /// the nearest branch on its way back where it is not the first
    /// continuation, it becomes the first.
    pub fn promote(&mut self, id: NodeId) -> Result<(), TreeError> {
        for n in self.path(id)?.into_iter().rev() {
            let p = self.nodes[n].parent;
            let kids = &mut self.nodes[p].children;
            if let Some(i) = kids.iter().position(|&c| c == n).filter(|&i| i > 0) {
                let c = kids.remove(i);
                kids.insert(0, c);
                return Ok(());
            }
        }
        if id == ROOT {
            return Err(TreeError::Root);
        }
        Ok(())
    }

    /// Make the line through `id` the main line.
    pub fn make_main_line(&mut self, id: NodeId) -> Result<(), TreeError> {
        for n in self.path(id)? {
            let p = self.nodes[n].parent;
            let kids = &mut self.nodes[p].children;
            if let Some(i) = kids.iter().position(|&c| c == n) {
                let c = kids.remove(i);
                kids.insert(0, c);
            }
        }
        Ok(())
    }

    /// Delete `id` and every move after it. Ids change: `keep`'s new id is
    /// returned, or, if it was deleted, that of the node before `id`.
    pub fn delete(&mut self, id: NodeId, keep: NodeId) -> Result<NodeId, TreeError> {
        if id == ROOT {
            return Err(TreeError::Root);
        }
        let parent = self.node(id)?.parent;
        let kept = match self.path(keep) {
            Ok(path) if !path.contains(&id) => keep,
            _ => parent,
        };
        self.nodes[parent].children.retain(|&c| c != id);
        Ok(self.renumber(kept))
    }

    /// Number the nodes in preorder, as `to_text` and `from_text` do, so
    /// ids given out match the text's; `keep`'s new id is returned.
    pub fn renumber(&mut self, keep: NodeId) -> NodeId {
        let (order, new_id) = self.preorder();
        // The moves were legal where they stand: no check again, and no
        // bound (the tree held them already).
        let mut nodes = vec![Node {
            mv: None,
            parent: ROOT,
            children: Vec::new(),
        }];
        for (p, m) in order {
            let id = nodes.len();
            nodes.push(Node {
                mv: Some(m),
                parent: p,
                children: Vec::new(),
            });
            nodes[p].children.push(id);
        }
        self.nodes = nodes;
        new_id.get(keep).copied().unwrap_or(ROOT)
    }

    /// Every move reachable from the start, in preorder, as
    /// `(parent's index in this order, move)` (the start is 0, the first
    /// entry 1); and each old id's new index.
    fn preorder(&self) -> (Vec<(NodeId, Move)>, Vec<NodeId>) {
        let mut order = Vec::with_capacity(self.len());
        let mut new_id = vec![ROOT; self.nodes.len()];
        let mut stack: Vec<NodeId> = self.nodes[ROOT].children.iter().rev().copied().collect();
        while let Some(n) = stack.pop() {
            let node = &self.nodes[n];
            new_id[n] = order.len() + 1;
            if let Some(m) = node.mv {
                order.push((new_id[node.parent], m));
            }
            stack.extend(node.children.iter().rev());
        }
        (order, new_id)
    }

    /// The tree from `(parent, move)` entries in preorder, each move's
    /// legality checked on the way.
    fn from_entries(start: Position, entries: &[(NodeId, Move)]) -> Result<GameTree, TreeError> {
        build(start, entries, |pos, &m| {
            pos.legal_moves().contains(&m).then_some(m)
        })
    }

    /// The tree as text, one `parent:move` per move in preorder (the start
    /// is 0, the first entry 1): how a database or a browser keeps it.
    pub fn to_text(&self) -> String {
        let (order, _) = self.preorder();
        order
            .iter()
            .map(|(p, m)| format!("{p}:{m}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A tree from `to_text`'s text, every move checked.
    pub fn from_text(start: Position, text: &str) -> Result<GameTree, TreeError> {
        let entries = text
            .split_whitespace()
            .enumerate()
            .map(|(i, word)| {
                let (p, uci) = word.split_once(':').ok_or(TreeError::BadEntry(i + 1))?;
                let parent = p.parse().map_err(|_| TreeError::BadEntry(i + 1))?;
                Ok((parent, uci))
            })
            .collect::<Result<Vec<(NodeId, &str)>, TreeError>>()?;
        build(start, &entries, |pos, uci| pos.parse_move(uci).ok())
    }
}

/// A tree from `(parent, move)` entries in preorder (the start is 0, the
/// first entry 1), each move read at its parent's position by `read`
/// (`None`: not legal there).
fn build<T: fmt::Display>(
    start: Position,
    entries: &[(NodeId, T)],
    read: impl Fn(&Position, &T) -> Option<Move>,
) -> Result<GameTree, TreeError> {
    let mut t = GameTree::new(start.clone());
    // The positions along the current path, from the start.
    let mut path: Vec<(NodeId, Position)> = vec![(ROOT, start)];
    for (i, (parent, item)) in entries.iter().enumerate() {
        if *parent > i {
            return Err(TreeError::BadEntry(i + 1));
        }
        while path.last().is_some_and(|(n, _)| n != parent) {
            path.pop();
        }
        let Some((_, pos)) = path.last() else {
            return Err(TreeError::BadEntry(i + 1));
        };
        let m = read(pos, item).ok_or_else(|| TreeError::Illegal {
            ply: path.len() - 1,
            text: item.to_string(),
        })?;
        let mut next = pos.clone();
        next.make_move(m);
        let id = t.add(*parent, m)?;
        path.push((id, next));
    }
    Ok(t)
}
