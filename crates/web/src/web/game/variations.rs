//! An analysis board's variations on the server (`crate::tree`): a move
//! off the end of the main line starts a variation or follows one, the
//! board shows any move of them, and a variation is promoted, made the main
//! line or deleted. A game against the engine or a friend has none: its
//! line is the game (docs/web.md, "The analysis board").

use super::live::{Draft, Seats};
use super::requests::{VariationAction, VariationChange};
use crate::rules::moves::Move;
use crate::rules::position::Position;
use crate::tree::{GameTree, NodeId, TreeError, ROOT};
use crate::web::net::http::ApiError;
use serde_json::{json, Value};

/// The node of the main line's ply `ply` (the start for 0).
pub(crate) fn mainline_node(t: &GameTree, ply: usize) -> NodeId {
    ply.checked_sub(1)
        .and_then(|i| t.mainline().get(i).copied())
        .unwrap_or(ROOT)
}

impl Draft {
    /// `m` at the shown position, which is not the end of the main line:
    /// the move's node, new or played before, is shown.
    pub(super) fn play_off_line(&mut self, m: Move) -> Result<(), TreeError> {
        self.stop_search();
        self.engine_once = false;
        self.last_engine = None;
        let r = &mut self.record;
        let tree = match &mut r.variations {
            Some(t) => t,
            None => r
                .variations
                .insert(GameTree::from_line(r.start.clone(), &r.line)?),
        };
        let at = r
            .variation_node
            .unwrap_or_else(|| mainline_node(tree, r.cursor));
        let n = tree.play(at, m)?;
        self.show_node(n);
        self.record.tidy_variations();
        Ok(())
    }

    /// The node shown (the main line's at its ply when on it).
    pub(crate) fn shown_node(&self) -> NodeId {
        let r = &self.record;
        match (&r.variations, r.variation_node) {
            (_, Some(n)) => n,
            (Some(t), None) => mainline_node(t, r.cursor),
            (None, None) => ROOT,
        }
    }

    /// Show node `n` of the variations (its ply when it is on the main line).
    pub(crate) fn show_node(&mut self, n: NodeId) {
        let r = &mut self.record;
        let Some(t) = &r.variations else { return };
        if t.on_mainline(n) {
            r.variation_node = None;
            r.cursor = t.path(n).map_or(0, |p| p.len()).min(r.line.len());
        } else {
            r.variation_node = Some(n);
        }
    }

    /// `variation`: promote the variation through `node` one level, make
    /// it the main line, or delete it from that move on.
    pub(crate) fn change_variation(&mut self, request: &VariationChange) -> Result<(), ApiError> {
        if self.record.seats != Seats::Both {
            return Err(ApiError::new(409, "only an analysis board has variations"));
        }
        let node = request.node;
        let shown = self.shown_node();
        let Some(t) = &mut self.record.variations else {
            return Err(ApiError::new(409, "the game has no variations"));
        };
        if node == ROOT || node > t.len() {
            return Err(ApiError::bad(format!("node must be 1 to {}", t.len())));
        }
        match request.action {
            // Ids change, so the node shown is the one `delete` gives
            // back. On the main line, the next variation there (if any)
            // becomes the main line, as on lichess.
            VariationAction::Delete => {
                let keep = t.delete(node, shown).map_err(bad)?;
                self.follow_main_line(keep);
                self.record.tidy_variations();
                return Ok(());
            }
            VariationAction::Promote => t.promote(node).map_err(bad)?,
            VariationAction::MainLine => t.make_main_line(node).map_err(bad)?,
        }
        self.follow_main_line(shown);
        self.record.tidy_variations();
        Ok(())
    }

    /// Bring the line to the variations' main line after a promotion or a
    /// deletion (the moves from where they part are replaced), showing
    /// `shown`.
    fn follow_main_line(&mut self, shown: NodeId) {
        let Some(tree) = self.record.variations.take() else {
            return;
        };
        let new = tree.mainline_moves();
        let same = new
            .iter()
            .zip(&self.record.line)
            .take_while(|(a, b)| a == b)
            .count();
        if same < self.record.line.len() || same < new.len() {
            self.cut_line(same);
            for &m in &new[same..] {
                self.push(m);
            }
        }
        self.record.variations = Some(tree);
        self.show_node(shown);
    }
}

fn bad(e: TreeError) -> ApiError {
    ApiError::bad(e.to_string())
}

/// The variations as the page draws them: for each main-line ply whose
/// move has others, the lines that replace it (`{"3": [line, ...]}`); a
/// line is its moves, each `{node, san, uci, lines?}`.
pub(crate) fn variations_json(t: &GameTree) -> Value {
    let mut out = serde_json::Map::new();
    let mut pos = t.start().clone();
    let mut to_json = |node: NodeId, pos: &Position, m: Move, lines: Vec<Vec<Value>>| {
        let mut v = json!({"node": node, "san": pos.san(m), "uci": m.to_string()});
        if !lines.is_empty() {
            v["lines"] = json!(lines);
        }
        v
    };
    for (i, &n) in t.mainline().iter().enumerate() {
        let lines = t.map_alternatives(n, &pos, &mut to_json);
        if !lines.is_empty() {
            out.insert((i + 1).to_string(), json!(lines));
        }
        if let Some(m) = t.move_of(n) {
            pos.make_move(m);
        }
    }
    Value::Object(out)
}

/// The variation move shown, for the page's navigation: its node, its
/// move's squares, and where back and forward go (`{"ply"}` on the main
/// line, `{"node"}` off it).
pub(crate) fn shown_json(t: &GameTree, node: NodeId) -> Value {
    let place = |n: NodeId| {
        if t.on_mainline(n) {
            json!({"ply": t.path(n).map_or(0, |p| p.len())})
        } else {
            json!({"node": n})
        }
    };
    let m = t.move_of(node);
    json!({
        "node": node,
        "uci": m.map(|m| m.to_string()),
        "from": m.map(|m| m.from().to_string()),
        "to": m.map(|m| m.to().to_string()),
        "back": t.parent(node).map(place),
        "forward": t.children(node).first().map(|&c| json!({"node": c})),
    })
}
