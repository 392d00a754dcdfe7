//! The static board's variations: the page keeps its game (the main line's
//! moves and the tree as `GameTree::to_text` text) and asks here for each
//! change, so the browser's tree is the server's (`humpty_analysis::tree`).
//! Each answer is the new state and what the move list draws, as the
//! server's game state gives them (`variations`, `variation`).

use crate::replay::replay;
use humpty_analysis::tree::{GameTree, NodeId, ShownMove, TreeError, VariationMove, ROOT};
use humpty_rules::pgn::parse_pgn;
use humpty_rules::{Move, Position};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// Why a change to the variations is refused.
#[derive(Debug)]
pub enum VariationError {
    /// The request is not the expected JSON.
    Json(String),
    /// The start position's FEN does not parse.
    Fen(String),
    /// A main-line move (its index) is not legal where it stands.
    Move(usize, String),
    /// The tree refused the change.
    Tree(TreeError),
    /// A field the action needs is missing or out of range.
    Missing(&'static str),
}

impl fmt::Display for VariationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VariationError::Json(e) => write!(f, "variations: the request: {e}"),
            VariationError::Fen(e) => write!(f, "variations: the start position: {e}"),
            VariationError::Move(i, e) => write!(f, "variations: move {}: {e}", i + 1),
            VariationError::Tree(e) => write!(f, "variations: {e}"),
            VariationError::Missing(what) => write!(f, "variations: {what}"),
        }
    }
}

impl From<TreeError> for VariationError {
    fn from(e: TreeError) -> Self {
        VariationError::Tree(e)
    }
}

/// What the page asks.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "kebab-case")]
enum Action {
    /// Only the answer: nothing changes.
    View,
    /// Play `uci` at the position shown.
    Play,
    /// Show `target`.
    Goto,
    /// Promote the variation through `target` one level.
    Promote,
    /// Make the line through `target` the main line.
    MainLine,
    /// Delete `target` and every move after it.
    Delete,
    /// Delete every move from the main line's ply `ply` on (a take-back).
    Cut,
    /// The variations of `pgn`'s first game, if its main line is `moves`.
    Import,
}

/// The page's game and its request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    action: Action,
    start: String,
    /// The main line (UCI).
    moves: Vec<String>,
    /// The tree, if the game has variations.
    #[serde(default)]
    tree: Option<String>,
    /// The variation move shown, if one is.
    #[serde(default)]
    node: Option<NodeId>,
    /// The main line's ply shown (when no variation move is).
    #[serde(default)]
    ply: Option<usize>,
    #[serde(default)]
    uci: Option<String>,
    #[serde(default)]
    target: Option<NodeId>,
    #[serde(default)]
    pgn: Option<String>,
}

/// The game after the change, and what the move list draws.
#[derive(Serialize)]
struct Answer {
    /// The tree as text, none once no variation is left.
    tree: Option<String>,
    /// The main line (UCI).
    moves: Vec<String>,
    /// The variation move shown, if one is.
    node: Option<NodeId>,
    /// The main line's ply shown, when no variation move is.
    ply: usize,
    /// The moves from the start to the position shown (UCI).
    line: Vec<String>,
    variations: BTreeMap<usize, Vec<Vec<VariationMove>>>,
    variation: Option<ShownMove>,
}

/// The page's game (JSON) after the change it asks for, as JSON.
pub fn act(request: &str) -> Result<String, VariationError> {
    let r: Request =
        serde_json::from_str(request).map_err(|e| VariationError::Json(e.to_string()))?;
    let start = Position::from_fen(&r.start).map_err(|e| VariationError::Fen(e.to_string()))?;
    let line = replay(&start, &r.moves).map_err(|b| VariationError::Move(b.index, b.why))?;
    let mut tree = match &r.tree {
        Some(text) => GameTree::from_text(start.clone(), text)?,
        None => GameTree::from_line(start.clone(), &line)?,
    };
    // A tree whose main line is not the page's is not the game's.
    if tree.mainline_moves() != line {
        tree = GameTree::from_line(start, &line)?;
    }
    let ply = r.ply.unwrap_or(line.len()).min(line.len());
    let shown = match r.node.filter(|&n| n != ROOT && n <= tree.len()) {
        Some(n) => n,
        None => tree.mainline_node(ply),
    };
    let shown = change(&mut tree, shown, &r)?;
    // The ids the page gets are those of the text it keeps.
    let shown = tree.renumber(shown);
    Ok(answer(&tree, shown))
}

/// Make the change; the node shown after it.
fn change(tree: &mut GameTree, shown: NodeId, r: &Request) -> Result<NodeId, VariationError> {
    let target = || {
        r.target
            .filter(|&n| n <= tree.len())
            .ok_or(VariationError::Missing("target must be a node of the tree"))
    };
    Ok(match r.action {
        Action::View => shown,
        Action::Play => {
            let text = r
                .uci
                .as_deref()
                .ok_or(VariationError::Missing("uci is missing"))?;
            let pos = tree.position(shown)?;
            let m = pos.parse_move(text).map_err(|e| {
                VariationError::Tree(TreeError::Illegal {
                    ply: tree.path(shown).map_or(0, |p| p.len()),
                    text: format!("{text} ({e})"),
                })
            })?;
            tree.play(shown, m)?
        }
        Action::Goto => target()?,
        Action::Promote => {
            tree.promote(target()?)?;
            shown
        }
        Action::MainLine => {
            tree.make_main_line(target()?)?;
            shown
        }
        Action::Delete => {
            let t = target()?;
            tree.delete(t, shown)?
        }
        Action::Cut => {
            let ply = r.ply.ok_or(VariationError::Missing("ply is missing"))?;
            tree.cut_after(ply);
            tree.mainline_node(ply)
        }
        Action::Import => {
            let text = r
                .pgn
                .as_deref()
                .ok_or(VariationError::Missing("pgn is missing"))?;
            let games = parse_pgn(text);
            let read = games
                .first()
                .map(|g| GameTree::from_pgn(tree.start().clone(), &g.line));
            if let Some(Ok(t)) = read.filter(|t| {
                t.as_ref()
                    .is_ok_and(|t| t.mainline_moves() == tree.mainline_moves())
            }) {
                *tree = t;
            }
            tree.mainline_node(usize::MAX)
        }
    })
}

/// The answer for `tree` showing `shown`; a tree with nothing off its main
/// line is dropped, as the server drops it.
fn answer(tree: &GameTree, shown: NodeId) -> String {
    let moves = tree.mainline_moves();
    let off = !tree.on_mainline(shown);
    let a = Answer {
        tree: (tree.len() > moves.len()).then(|| tree.to_text()),
        moves: moves.iter().map(Move::to_string).collect(),
        node: off.then_some(shown),
        ply: if off {
            0
        } else {
            tree.path(shown).map_or(0, |p| p.len())
        },
        line: tree
            .line_to(shown)
            .unwrap_or_default()
            .iter()
            .map(Move::to_string)
            .collect(),
        variations: tree.variations(),
        variation: off.then(|| tree.shown(shown)),
    };
    serde_json::to_string(&a).unwrap_or_else(|_| "null".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};

    fn ask(v: Value) -> Result<Value, VariationError> {
        act(&v.to_string()).map(|a| serde_json::from_str(&a).unwrap())
    }

    fn start() -> String {
        Position::startpos().to_fen()
    }

    #[test]
    fn a_move_at_an_earlier_ply_starts_a_variation_and_the_main_line_stays() {
        let moves = ["b1d2", "b8d7", "k1i2", "k8i7"];
        let a = ask(
            json!({"action": "play", "start": start(), "moves": moves, "ply": 2, "uci": "c3c4"}),
        )
        .unwrap();
        assert_eq!(a["moves"], json!(moves));
        assert_eq!(a["line"], json!(["b1d2", "b8d7", "c3c4"]));
        let node = a["node"].as_u64().unwrap();
        assert_eq!(a["variations"]["3"][0][0]["san"], json!("c4"));
        assert_eq!(a["variation"]["back"], json!({"ply": 2}));
        // Back on the main line, then the variation made the main line.
        let tree = a["tree"].clone();
        let b = ask(json!({"action": "main-line", "start": start(), "moves": moves, "tree": tree, "node": node, "target": node}))
            .unwrap();
        assert_eq!(b["moves"], json!(["b1d2", "b8d7", "c3c4"]));
        assert_eq!(
            (b["node"].clone(), b["ply"].clone()),
            (Value::Null, json!(3))
        );
        assert_eq!(b["variations"]["3"][0][0]["san"], json!("Ni2"));
        // Deleting the old main line leaves no variation: no tree is kept.
        let old = b["variations"]["3"][0][0]["node"].clone();
        let c = ask(json!({"action": "delete", "start": start(), "moves": b["moves"], "tree": b["tree"], "ply": 3, "target": old}))
            .unwrap();
        assert_eq!(
            (c["tree"].clone(), c["ply"].clone()),
            (Value::Null, json!(3))
        );
        assert_eq!(c["variations"], json!({}));
    }

    #[test]
    fn a_take_back_cuts_the_variations_after_it_and_pgn_variations_import() {
        let moves = ["b1d2", "b8d7"];
        let a = ask(
            json!({"action": "play", "start": start(), "moves": moves, "ply": 1, "uci": "c6c5"}),
        );
        let a = a.unwrap_or_else(|e| panic!("{e}"));
        let cut = ask(
            json!({"action": "cut", "start": start(), "moves": moves, "tree": a["tree"], "ply": 0}),
        )
        .unwrap();
        assert_eq!(
            (cut["moves"].clone(), cut["tree"].clone()),
            (json!([]), Value::Null)
        );
        let pgn = "1. Nd2 Nd7 (1... c5) *";
        let i =
            ask(json!({"action": "import", "start": start(), "moves": moves, "pgn": pgn})).unwrap();
        assert_eq!(i["variations"]["2"][0][0]["san"], json!("c5"));
        assert_eq!(i["ply"], json!(2));
        // A PGN whose main line is not the game's brings no variation.
        let other =
            ask(json!({"action": "import", "start": start(), "moves": ["b1d2"], "pgn": pgn}))
                .unwrap();
        assert_eq!(other["tree"], Value::Null);
    }

    #[test]
    fn bad_requests_are_named() {
        let bad = |v: Value| ask(v).map(|_| ()).unwrap_err().to_string();
        assert!(bad(json!([1])).starts_with("variations: the request"));
        assert!(
            bad(json!({"action": "play", "start": "x", "moves": []})).contains("start position")
        );
        assert!(
            bad(json!({"action": "play", "start": start(), "moves": ["a1a8"]})).contains("move 1")
        );
        assert!(bad(json!({"action": "play", "start": start(), "moves": []})).contains("uci"));
        assert!(
            bad(json!({"action": "play", "start": start(), "moves": [], "uci": "a1a8"}))
                .contains("a1a8")
        );
        assert!(
            bad(json!({"action": "goto", "start": start(), "moves": [], "target": 9}))
                .contains("target")
        );
        assert!(
            bad(json!({"action": "delete", "start": start(), "moves": [], "target": 0}))
                .contains("start position")
        );
        assert!(bad(json!({"action": "fly", "start": start(), "moves": []}))
            .contains("unknown variant"));
        let damaged =
            json!({"action": "view", "start": start(), "moves": [], "tree": "0:b1d2 7:b8d7"});
        assert!(bad(damaged).contains("damaged"));
    }
}
