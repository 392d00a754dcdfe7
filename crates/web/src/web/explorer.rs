//! The opening explorer on the web board (docs/explore.md): the games the
//! server has seen finish, and any PGN collections it was given
//! (`--explorer`), as one tree; `GET /api/explorer?fen=...` gives the
//! position's moves. The server's own games are counted but never named
//! (their ids are their players' secrets).

use super::game::record::GameRecord;
use super::net::http::ApiError;
use super::store::db::{Db, DbError};
use crate::engine::textfile::{read_text, FileError};
use crate::explore::report::ExplorerReport;
use crate::explore::{GameRef, Tree, DEFAULT_PLIES};
use crate::rules::pgn::parse_pgn;
use crate::rules::position::Position;
use crate::rules::result::GameEnd;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::RwLock;

/// The tree, shared.
pub struct Explorer {
    tree: RwLock<Tree>,
}

/// A server game as the tree counts it.
fn server_game(end: GameEnd) -> GameRef {
    GameRef {
        white: "?".into(),
        black: "?".into(),
        result: end.result,
        elo: None,
        source: "this server".into(),
    }
}

/// Why the explorer's games could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// A PGN collection that cannot be read.
    File(FileError),
    /// The database's finished games.
    Db(DbError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::File(e) => write!(f, "{e}"),
            LoadError::Db(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for LoadError {}

impl Explorer {
    /// The tree of the database's finished games and the collections.
    pub fn load(db: &Db, collections: &[PathBuf]) -> Result<Explorer, LoadError> {
        let mut tree = Tree::new(DEFAULT_PLIES);
        for path in collections {
            let name = path.display().to_string();
            let text = read_text(&name).map_err(LoadError::File)?;
            for (i, g) in parse_pgn(&text).iter().enumerate() {
                tree.add_pgn(g, &format!("{name}#{}", i + 1));
            }
        }
        for r in finished(db).map_err(LoadError::Db)? {
            let end = r.ending_at(&r.position_at(r.line.len()), r.line.len());
            if let Some(end) = end.and_then(|e| e.decided()) {
                tree.add(&r.start, &r.line, &server_game(end), false);
            }
        }
        Ok(Explorer {
            tree: RwLock::new(tree),
        })
    }

    /// Count a game that just finished on this server.
    pub fn finished(&self, r: &GameRecord, end: GameEnd) {
        if let Ok(mut t) = self.tree.write() {
            t.add(&r.start, &r.line, &server_game(end), false);
        }
    }

    /// `GET /api/explorer?fen=FEN`.
    pub fn moves(&self, fen: Option<&str>) -> Result<Value, ApiError> {
        let fen = fen.ok_or_else(|| ApiError::bad("fen is required"))?;
        let pos = Position::from_fen(fen).map_err(|e| ApiError::bad(format!("bad FEN: {e}")))?;
        let t = self
            .tree
            .read()
            .map_err(|_| ApiError::new(500, "internal error"))?;
        let report = ExplorerReport::of(&t, &pos);
        serde_json::to_value(report).map_err(|e| ApiError::new(500, e.to_string()))
    }
}

/// The finished games (not analysis boards) the database keeps.
fn finished(db: &Db) -> Result<Vec<GameRecord>, DbError> {
    let ids: Vec<String> = db.with_conn(false, "cannot list the finished games", |c| {
        let mut q = c.prepare("SELECT id FROM games WHERE result != '*' AND human != 'both'")?;
        let rows = q.query_map([], |r| r.get(0))?;
        rows.collect()
    })?;
    let mut out = Vec::new();
    for id in ids {
        if let Some((r, _)) = db.load(&id)? {
            out.push(r);
        }
    }
    Ok(out)
}
