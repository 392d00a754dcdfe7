//! Where every game is kept: an embedded SQLite database (rusqlite with its
//! bundled SQLite). One row per game and one per move; a change is written
//! in one transaction before it is answered, as the moves it drops and
//! adds and the game's own columns (never the whole line again, nor the
//! stored review). The schema carries a version (`PRAGMA user_version`)
//! and is brought up to date by the migrations below. A file that is not a
//! humpty database, or one from a newer humpty, is refused with a clear
//! error, never replaced by an empty one.

use super::dbfile::FileGuard;
use super::schema::prepare;
pub use super::schema::SCHEMA_VERSION;
use crate::rules::position::Position;
use crate::tree::GameTree;
use crate::web::game::clock::{control, Control};
use crate::web::game::ending::result_column;
use crate::web::game::level::Level;
use crate::web::game::live::Draft;
use crate::web::game::record::{GameRecord, SeatKeys};
use crate::web::game::words::{
    color_word, forfeit_word, read_color, read_forfeit, read_seats, seats_word,
};
use crate::web::review::StoredReview;
use crate::web::sync::lock;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Where the database lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DbPath {
    /// In memory: nothing is kept after the server stops (`--db :memory:`).
    Memory,
    /// This file (made, with its folder, if missing).
    File(PathBuf),
}

impl DbPath {
    /// `:memory:` or a file path.
    pub fn parse(text: &str) -> DbPath {
        if text == ":memory:" {
            DbPath::Memory
        } else {
            DbPath::File(PathBuf::from(text))
        }
    }

    /// The default file in the user's data folder (docs/web.md): Linux
    /// `$XDG_DATA_HOME/humpty/games.sqlite3` (or `~/.local/share/...`),
    /// macOS `~/Library/Application Support/humpty/...`, Windows
    /// `%APPDATA%\humpty\...`.
    pub fn default_file() -> Result<DbPath, DbError> {
        let env = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let base = if cfg!(windows) {
            env("APPDATA")
        } else if cfg!(target_os = "macos") {
            env("HOME").map(|h| h.join("Library").join("Application Support"))
        } else {
            env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local").join("share")))
        };
        let base = base.ok_or_else(|| {
            DbError::Other("cannot find the user's data folder: choose a file with --db".into())
        })?;
        Ok(DbPath::File(base.join("humpty").join("games.sqlite3")))
    }
}

pub use super::dberror::DbError;

/// The open database.
pub struct Db {
    conn: Mutex<Connection>,
    /// A file's lock and identity (none in memory).
    file: Option<FileGuard>,
}

/// Columns of `games` written at every change, after `id` (?1).
const GAME_COLUMNS: &str = "updated = ?2, start_fen = ?3, cursor = ?4, human = ?5,
    level = ?6, clock_base = ?7, clock_inc = ?8, turn_start = ?9, forfeit = ?10,
    result = ?11, seat_white = ?12, seat_black = ?13, draw_offer = ?14,
    rematch_offer = ?15, rematch = ?16, plies = ?17, variations = ?18, variation_node = ?19";

impl Db {
    /// Open (or make) the database and bring its schema up to date.
    pub fn open(path: &DbPath) -> Result<Db, DbError> {
        let mut file = None;
        let (conn, name) = match path {
            DbPath::Memory => (Connection::open_in_memory(), ":memory:".to_string()),
            DbPath::File(p) => {
                make_folder(p)?;
                // One server per file: taken before SQLite touches it.
                file = Some(FileGuard::take(p)?);
                (Connection::open(p), p.display().to_string())
            }
        };
        let conn = conn
            .map_err(|e| DbError::of_sqlite(&format!("cannot open the game database {name}"), e))?;
        prepare(&conn, matches!(path, DbPath::File(_)))
            .map_err(|e| DbError::Other(format!("the game database {name}: {e}")))?;
        if let Some(f) = &mut file {
            f.opened();
        }
        Ok(Db {
            conn: Mutex::new(conn),
            file,
        })
    }

    /// Refuse every write from now on (`on`) or allow them again, as a
    /// full or read-only disk would: the tests that prove a refused change
    /// may be sent again use it (SQLite's `query_only`).
    pub fn refuse_writes(&self, on: bool) -> Result<(), DbError> {
        lock(&self.conn)
            .pragma_update(None, "query_only", on)
            .map_err(|e| DbError::of_sqlite("cannot switch writes", e))
    }

    /// Copy the whole database into `out` between two changes (SQLite's
    /// online backup API; the changes wait while the pages are copied).
    pub fn backup_to(&self, out: &Path) -> Result<(), super::backup::BackupError> {
        super::backup::copy_database(&lock(&self.conn), out)
    }

    /// The file is still there to write to (a deleted one is noticed here,
    /// before a change is answered as kept).
    fn check_file(&self) -> Result<(), DbError> {
        self.file.as_ref().map_or(Ok(()), FileGuard::check)
    }

    /// Keep a new game: its row and its moves.
    pub fn insert(&self, r: &GameRecord, result: &str) -> Result<(), DbError> {
        self.check_file()?;
        let mut conn = lock(&self.conn);
        let tx = conn
            .transaction()
            .map_err(|e| DbError::of_sqlite("cannot store the game", e))?;
        tx.execute(
            "INSERT INTO games (id, created, updated, start_fen, moves, clock_after, cursor,
             human, level, result) VALUES (?1, ?2, ?2, '', '', '', 0, '', '', '*')",
            params![r.id, r.created],
        )
        .map_err(|e| DbError::of_sqlite("cannot store the game", e))?;
        write_game(
            &tx,
            r,
            result,
            0,
            &r.line.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        )?;
        tx.commit()
            .map_err(|e| DbError::of_sqlite("cannot store the game", e))
    }

    /// Store a change: the moves it drops and adds, and the game's columns.
    pub fn save(&self, d: &Draft) -> Result<(), DbError> {
        let (kept, added) = d.line_change();
        let ucis: Vec<String> = added.iter().map(|t| t.uci.clone()).collect();
        let result = result_column(d.result());
        self.check_file()?;
        let mut conn = lock(&self.conn);
        let tx = conn
            .transaction()
            .map_err(|e| DbError::of_sqlite("cannot store the change", e))?;
        write_game(&tx, &d.record, result, kept, &ucis)?;
        tx.commit()
            .map_err(|e| DbError::of_sqlite("cannot store the change", e))
    }

    /// Run `f` on the connection; `change`: the file is checked first, so
    /// a change to a deleted file is never answered as kept.
    pub(crate) fn with_conn<T>(
        &self,
        change: bool,
        what: &str,
        f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>,
    ) -> Result<T, DbError> {
        if change {
            self.check_file()?;
        }
        f(&mut lock(&self.conn)).map_err(|e| DbError::of_sqlite(what, e))
    }

    /// Keep a game's finished review (JSON: the moves reviewed and the
    /// result).
    pub fn save_review(&self, id: &str, review: &StoredReview) -> Result<(), DbError> {
        self.check_file()?;
        lock(&self.conn)
            .execute(
                "UPDATE games SET review = ?2 WHERE id = ?1",
                params![id, crate::web::net::http::to_json(review).to_string()],
            )
            .map(|_| ())
            .map_err(|e| DbError::of_sqlite("cannot store the review", e))
    }

    /// The game with this id, if kept, with its stored review.
    pub fn load(&self, id: &str) -> Result<Option<(GameRecord, Option<StoredReview>)>, DbError> {
        let conn = lock(&self.conn);
        let read = |e| DbError::of_sqlite(&format!("cannot read game {id}"), e);
        let row = conn
            .query_row(
                "SELECT created, start_fen, cursor, human, level, clock_base, clock_inc,
                 turn_start, forfeit, seat_white, seat_black, draw_offer, rematch_offer,
                 rematch, review, variations, variation_node FROM games WHERE id = ?1",
                [id],
                |r| {
                    Ok(Stored {
                        created: r.get(0)?,
                        start_fen: r.get(1)?,
                        cursor: r.get(2)?,
                        human: r.get(3)?,
                        level: r.get(4)?,
                        clock: (r.get(5)?, r.get(6)?, r.get(7)?),
                        forfeit: r.get(8)?,
                        keys: (r.get(9)?, r.get(10)?),
                        offers: (r.get(11)?, r.get(12)?),
                        rematch: r.get(13)?,
                        review: r.get(14)?,
                        variations: (r.get(15)?, r.get(16)?),
                        moves: Vec::new(),
                    })
                },
            )
            .optional()
            .map_err(read)?;
        let Some(mut stored) = row else {
            return Ok(None);
        };
        let mut stmt = conn
            .prepare("SELECT uci, clock_after FROM moves WHERE game = ?1 ORDER BY ply")
            .map_err(read)?;
        stored.moves = stmt
            .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(read)?;
        let review = stored
            .review
            .as_deref()
            .and_then(|r| serde_json::from_str(r).ok());
        let record = stored
            .record(id)
            .map_err(|e| DbError::Other(format!("game {id} is damaged: {e}")))?;
        Ok(Some((record, review)))
    }

    /// Ids of the games not finished yet (their clocks and engine moves
    /// resume when the server starts).
    pub fn unfinished(&self) -> Result<Vec<String>, DbError> {
        let conn = lock(&self.conn);
        let list = |e| DbError::of_sqlite("cannot list the games", e);
        // Analysis boards have no clock and no engine turn to resume.
        let mut stmt = conn
            .prepare("SELECT id FROM games WHERE result = '*' AND human != 'both'")
            .map_err(list)?;
        let ids = stmt
            .query_map([], |r| r.get(0))
            .and_then(|rows| rows.collect::<Result<Vec<String>, _>>())
            .map_err(list)?;
        Ok(ids)
    }

    /// A summary of each of these games that is kept (date, sides, level,
    /// result, moves), newest first; empty games are left out.
    pub(crate) fn summaries(&self, ids: &[String]) -> Result<Vec<GameSummary>, DbError> {
        let conn = lock(&self.conn);
        let mut stmt = conn
            .prepare(
                "SELECT id, created, updated, human, level, result, plies, clock_base,
                 clock_inc FROM games WHERE id = ?1",
            )
            .map_err(|e| DbError::of_sqlite("cannot list the games", e))?;
        let mut out = Vec::new();
        for id in ids {
            let found = stmt
                .query_row([id], summary_row)
                .optional()
                .map_err(|e| DbError::of_sqlite(&format!("cannot read game {id}"), e))?;
            // A game nobody has moved in is not worth listing (a friend's
            // game waiting for its first move is: its links are needed).
            out.extend(found.filter(|v| v.plies != 0 || v.human == "friends"));
        }
        out.sort_by_key(|v| std::cmp::Reverse(v.updated));
        Ok(out)
    }
}

/// Write a game's columns, drop its moves from ply `kept` on and add
/// `added` after them (with each move's clock), in `tx`.
fn write_game(
    tx: &rusqlite::Transaction<'_>,
    r: &GameRecord,
    result: &str,
    kept: usize,
    added: &[String],
) -> Result<(), DbError> {
    let store = |e| DbError::of_sqlite("cannot store the game", e);
    tx.execute(
        "DELETE FROM moves WHERE game = ?1 AND ply >= ?2",
        params![r.id, kept as i64],
    )
    .map_err(store)?;
    let mut insert = tx
        .prepare_cached("INSERT INTO moves (game, ply, uci, clock_after) VALUES (?1, ?2, ?3, ?4)")
        .map_err(store)?;
    for (i, uci) in added.iter().enumerate() {
        let ply = kept + i;
        let clock = r.clocks.as_ref().and_then(|c| c.after.get(ply).copied());
        insert
            .execute(params![r.id, ply as i64, uci, clock])
            .map_err(store)?;
    }
    let c = r.clocks.as_ref();
    let keys = r.keys.as_ref();
    tx.execute(
        &format!("UPDATE games SET {GAME_COLUMNS} WHERE id = ?1"),
        params![
            r.id,
            crate::web::game::clock::now_ms(),
            r.start.to_fen(),
            r.cursor as i64,
            seats_word(r.seats),
            crate::web::net::http::to_json(&r.level).to_string(),
            c.map(|c| c.base_ms()),
            c.map(|c| c.inc_ms()),
            c.map(|c| c.turn_start),
            r.forfeit.and_then(forfeit_word),
            result,
            keys.map(|k| k.white.clone()),
            keys.map(|k| k.black.clone()),
            r.draw_offer.map(color_word),
            r.rematch_offer.map(color_word),
            r.rematch,
            r.line.len() as i64,
            r.variations.as_ref().map(|t| t.to_text()),
            r.variation_node.map(|n| n as i64),
        ],
    )
    .map_err(store)?;
    Ok(())
}

/// A game as a browser lists its own (`GET /api/games?ids=...`).
#[derive(Serialize)]
pub(crate) struct GameSummary {
    id: String,
    created: i64,
    updated: i64,
    human: String,
    /// Null if the stored level no longer reads.
    level: Option<Level>,
    result: String,
    plies: i64,
    clock: Option<Control>,
}

/// One summary from a row.
fn summary_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameSummary> {
    let level: String = r.get(4)?;
    let (base, inc): (Option<i64>, Option<i64>) = (r.get(7)?, r.get(8)?);
    Ok(GameSummary {
        id: r.get(0)?,
        created: r.get(1)?,
        updated: r.get(2)?,
        human: r.get(3)?,
        level: serde_json::from_str(&level).ok(),
        result: r.get(5)?,
        plies: r.get(6)?,
        clock: base.zip(inc).map(|(b, i)| Control(control(b, i))),
    })
}

/// Make the database file's folder if it is missing.
fn make_folder(p: &Path) -> Result<(), DbError> {
    match p.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => std::fs::create_dir_all(dir).map_err(|e| {
            DbError::ReadOnly(format!("cannot make the folder {}: {e}", dir.display()))
        }),
        None => Ok(()),
    }
}

/// A game's columns as read.
struct Stored {
    created: i64,
    start_fen: String,
    cursor: i64,
    human: String,
    level: String,
    clock: (Option<i64>, Option<i64>, Option<i64>),
    forfeit: Option<String>,
    keys: (Option<String>, Option<String>),
    offers: (Option<String>, Option<String>),
    rematch: Option<String>,
    review: Option<String>,
    /// The variations' text and the node shown.
    variations: (Option<String>, Option<i64>),
    /// Each move and the mover's clock after it.
    moves: Vec<(String, Option<i64>)>,
}

impl Stored {
    /// The record again; its clock resumes now (the time the server was
    /// down is not charged to anyone).
    fn record(self, id: &str) -> Result<GameRecord, String> {
        let start = Position::from_fen(&self.start_fen).map_err(|e| format!("bad FEN: {e}"))?;
        let seats = read_seats(&self.human).ok_or(format!("bad seats '{}'", self.human))?;
        let level: Level = serde_json::from_str(&self.level).map_err(|e| e.to_string())?;
        let control = match self.clock {
            (Some(b), Some(i), _) => Some(control(b, i)),
            _ => None,
        };
        let mut g = GameRecord::new(start, seats, level, control);
        g.id = id.to_string();
        g.created = self.created;
        let mut pos = g.start.clone();
        for (text, _) in &self.moves {
            let m = pos
                .parse_move(text)
                .map_err(|e| format!("move {text}: {e}"))?;
            pos.make_move(m);
            g.line.push(m);
        }
        if let Some(c) = &mut g.clocks {
            c.after = self
                .moves
                .iter()
                .map(|(_, t)| t.unwrap_or(c.base_ms()))
                .collect();
        }
        g.cursor = usize::try_from(self.cursor).unwrap_or(0).min(g.line.len());
        let color = |t: Option<String>| {
            t.map(|t| read_color(&t).ok_or(format!("bad colour '{t}'")))
                .transpose()
        };
        g.forfeit = self
            .forfeit
            .map(|f| read_forfeit(&f).ok_or(format!("bad forfeit '{f}'")))
            .transpose()?;
        g.keys = match self.keys {
            (Some(white), Some(black)) => Some(SeatKeys { white, black }),
            _ => None,
        };
        g.draw_offer = color(self.offers.0)?;
        g.rematch_offer = color(self.offers.1)?;
        g.rematch = self.rematch;
        if let Some(text) = self.variations.0 {
            let t = GameTree::from_text(g.start.clone(), &text)
                .map_err(|e| format!("variations: {e}"))?;
            if t.mainline_moves() != g.line {
                return Err("variations: their main line is not the game's".into());
            }
            g.variation_node = self
                .variations
                .1
                .and_then(|n| usize::try_from(n).ok())
                .filter(|&n| n <= t.len() && !t.on_mainline(n));
            g.variations = Some(t);
        }
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::piece::Color;
    use crate::rules::result::GameEnd;
    use crate::web::game::live::{Seats, WebGame};

    #[test]
    fn a_game_reads_back_as_it_was_written() {
        let db = Db::open(&DbPath::Memory).unwrap();
        let control = control(60_000, 1_000);
        let mut g = WebGame::new(
            Position::startpos(),
            Seats::Human(Color::Black),
            Level::Skill(4),
            Some(control),
        );
        g.record.id = "00ff".into();
        db.insert(&g.record, "*").unwrap();
        for _ in 0..3 {
            let mut d = g.draft();
            let m = d.end_position().legal_moves()[0];
            d.play(m).unwrap();
            db.save(&d).unwrap();
            g.apply(d);
        }
        let mut d = g.draft();
        d.record.cursor = 1;
        d.record.forfeit = Some(GameEnd::resigned(Color::Black).into());
        db.save(&d).unwrap();
        g.apply(d);
        let (back, review) = db.load("00ff").unwrap().expect("kept");
        assert!(review.is_none());
        let r = &g.record;
        assert_eq!(back.line, r.line);
        assert_eq!(back.cursor, 1);
        assert_eq!(back.seats, r.seats);
        assert_eq!(back.level, r.level);
        assert_eq!(back.forfeit, r.forfeit);
        assert_eq!(back.created, r.created);
        let (a, b) = (back.clocks.unwrap(), r.clocks.clone().unwrap());
        assert_eq!((a.control, a.after), (b.control, b.after));
        assert!(db.load("0000").unwrap().is_none());
        assert!(db.unfinished().unwrap().is_empty(), "resigned: finished");
        // A take-back drops the moves after it.
        let mut d = g.draft();
        d.record.forfeit = None;
        d.truncate(1);
        db.save(&d).unwrap();
        assert_eq!(db.load("00ff").unwrap().unwrap().0.line.len(), 1);
    }

    #[test]
    fn an_analysis_boards_variations_read_back() {
        let db = Db::open(&DbPath::Memory).unwrap();
        let mut g = WebGame::new(Position::startpos(), Seats::Both, Level::Skill(4), None);
        g.record.id = "0a0a".into();
        db.insert(&g.record, "*").unwrap();
        let mut d = g.draft();
        for _ in 0..3 {
            let m = d.end_position().legal_moves()[0];
            d.play(m).unwrap();
        }
        // From ply 1, another move: a variation; the main line stays.
        d.record.cursor = 1;
        let m = d.position().legal_moves()[1];
        d.play(m).unwrap();
        assert_eq!(d.record.line.len(), 3);
        let node = d.record.variation_node.expect("in the variation");
        db.save(&d).unwrap();
        g.apply(d);
        let (back, _) = db.load("0a0a").unwrap().expect("kept");
        let (a, b) = (
            back.variations.unwrap(),
            g.record.variations.clone().unwrap(),
        );
        assert_eq!(a.to_text(), b.to_text());
        assert_eq!(a.len(), 4);
        assert_eq!(back.variation_node, Some(node));
        assert_eq!(back.line, g.record.line);
    }
}
