//! An analysis board's variations on the server (`crate::tree`): a move
//! off the end of the main line starts a variation or follows one, the
//! board shows any move of them, and a variation is promoted, made the main
//! line or deleted. A game against the engine or a friend has none: its
//! line is the game (docs/web.md, "The analysis board").

use super::live::{Draft, Seats};
use super::requests::{VariationAction, VariationChange};
use crate::rules::moves::Move;
use crate::tree::{GameTree, NodeId, TreeError, ROOT};
use crate::web::net::http::ApiError;

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
            .unwrap_or_else(|| tree.mainline_node(r.cursor));
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
            (Some(t), None) => t.mainline_node(r.cursor),
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
