//! Where every game is kept: an embedded SQLite database (rusqlite with its
//! bundled SQLite). One row per game, written in one transaction before the
//! change is answered; the schema carries a version (`PRAGMA user_version`)
//! and is brought up to date by the migrations below. A file that is not a
//! humpty database, or one from a newer humpty, is refused with a clear
//! error, never replaced by an empty one.

use super::clock::TimeControl;
use super::game::{SeatKeys, Seats, WebGame};
use super::level::Level;
use crate::rules::piece::Color;
use crate::rules::position::Position;
use crate::rules::result::{GameEnd, Reason};
use rusqlite::{params, Connection, OptionalExtension};
use serde_json::{json, Value};
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
    pub fn default_file() -> Result<DbPath, String> {
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
        let base = base.ok_or("cannot find the user's data folder: choose a file with --db")?;
        Ok(DbPath::File(base.join("humpty").join("games.sqlite3")))
    }
}

/// Marks the file as humpty's (`PRAGMA application_id`, "HDC1").
const APPLICATION_ID: i32 = 0x4844_4331;

/// The migrations: entry N brings the schema from version N to N + 1.
const MIGRATIONS: &[&str] = &[
    // 1: one row per game.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        start_fen TEXT NOT NULL,
        moves TEXT NOT NULL,
        clock_after TEXT NOT NULL,
        cursor INTEGER NOT NULL,
        human TEXT NOT NULL,
        level TEXT NOT NULL,
        clock_base INTEGER,
        clock_inc INTEGER,
        turn_start INTEGER,
        forfeit TEXT,
        result TEXT NOT NULL
    );
    CREATE INDEX games_unfinished ON games(result) WHERE result = '*';",
    // 2: games between two people: seat keys, draw and rematch offers.
    "ALTER TABLE games ADD COLUMN seat_white TEXT;
    ALTER TABLE games ADD COLUMN seat_black TEXT;
    ALTER TABLE games ADD COLUMN draw_offer TEXT;
    ALTER TABLE games ADD COLUMN rematch_offer TEXT;
    ALTER TABLE games ADD COLUMN rematch TEXT;",
    // 3: the game's finished review (JSON: the moves reviewed and the result).
    "ALTER TABLE games ADD COLUMN review TEXT;",
];

/// The schema version this humpty writes.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// The open database.
pub struct Db {
    conn: Mutex<Connection>,
}

impl Db {
    /// Open (or make) the database and bring its schema up to date.
    pub fn open(path: &DbPath) -> Result<Db, String> {
        let (conn, name) = match path {
            DbPath::Memory => (Connection::open_in_memory(), ":memory:".to_string()),
            DbPath::File(p) => {
                make_folder(p)?;
                (Connection::open(p), p.display().to_string())
            }
        };
        let conn = conn.map_err(|e| format!("cannot open the game database {name}: {e}"))?;
        prepare(&conn, path).map_err(|e| format!("the game database {name}: {e}"))?;
        Ok(Db {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding it leaves the connection usable: every
        // write is one statement.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Write the game (its whole row, in one transaction).
    pub fn save(&self, g: &WebGame) -> Result<(), String> {
        let row = Row::of(g);
        self.conn()
            .execute(
                "INSERT OR REPLACE INTO games (id, created, updated, start_fen, moves,
                 clock_after, cursor, human, level, clock_base, clock_inc, turn_start,
                 forfeit, result, seat_white, seat_black, draw_offer, rematch_offer,
                 rematch, review) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11,
                 ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)",
                params![
                    g.id,
                    g.created,
                    super::clock::now_ms(),
                    row.start_fen,
                    row.moves,
                    row.clock_after,
                    g.cursor as i64,
                    row.human,
                    row.level,
                    row.clock_base,
                    row.clock_inc,
                    row.turn_start,
                    row.forfeit,
                    row.result,
                    g.keys.as_ref().map(|k| k.white.clone()),
                    g.keys.as_ref().map(|k| k.black.clone()),
                    g.draw_offer.map(color_word),
                    g.rematch_offer.map(color_word),
                    g.rematch,
                    g.review
                        .as_ref()
                        .and_then(|r| r.stored())
                        .map(|v| v.to_string()),
                ],
            )
            .map(|_| ())
            .map_err(|e| format!("cannot store the game: {e}"))
    }

    /// The game with this id, if kept.
    pub fn load(&self, id: &str) -> Result<Option<WebGame>, String> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT created, start_fen, moves, clock_after, cursor, human, level,
                 clock_base, clock_inc, turn_start, forfeit, seat_white, seat_black,
                 draw_offer, rematch_offer, rematch, review FROM games WHERE id = ?1",
                [id],
                |r| {
                    Ok(Stored {
                        created: r.get(0)?,
                        start_fen: r.get(1)?,
                        moves: r.get(2)?,
                        clock_after: r.get(3)?,
                        cursor: r.get(4)?,
                        human: r.get(5)?,
                        level: r.get(6)?,
                        clock: (r.get(7)?, r.get(8)?, r.get(9)?),
                        forfeit: r.get(10)?,
                        keys: (r.get(11)?, r.get(12)?),
                        offers: (r.get(13)?, r.get(14)?),
                        rematch: r.get(15)?,
                        review: r.get(16)?,
                    })
                },
            )
            .optional()
            .map_err(|e| format!("cannot read game {id}: {e}"))?;
        row.map(|s| s.game(id).map_err(|e| format!("game {id} is damaged: {e}")))
            .transpose()
    }

    /// Ids of the games not finished yet (their clocks and engine moves
    /// resume when the server starts).
    pub fn unfinished(&self) -> Result<Vec<String>, String> {
        let conn = self.conn();
        let mut stmt = conn
            // Analysis boards have no clock and no engine turn to resume.
            .prepare("SELECT id FROM games WHERE result = '*' AND human != 'both'")
            .map_err(|e| e.to_string())?;
        let ids = stmt
            .query_map([], |r| r.get(0))
            .and_then(|rows| rows.collect::<Result<Vec<String>, _>>())
            .map_err(|e| format!("cannot list the games: {e}"))?;
        Ok(ids)
    }

    /// A summary of each of these games that is kept (date, sides, level,
    /// result, moves), newest first; empty games are left out.
    pub fn summaries(&self, ids: &[String]) -> Result<Vec<Value>, String> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT id, created, updated, human, level, result, moves, clock_base,
                 clock_inc FROM games WHERE id = ?1",
            )
            .map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        for id in ids {
            let found = stmt
                .query_row([id], summary_row)
                .optional()
                .map_err(|e| format!("cannot read game {id}: {e}"))?;
            // A game nobody has moved in is not worth listing (a friend's
            // game waiting for its first move is: its links are needed).
            out.extend(found.filter(|v| v["plies"] != 0 || v["human"] == "friends"));
        }
        out.sort_by_key(|v| std::cmp::Reverse(v["updated"].as_i64()));
        Ok(out)
    }
}

/// One summary from a row.
fn summary_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Value> {
    let moves: String = r.get(6)?;
    let level: String = r.get(4)?;
    let (base, inc): (Option<i64>, Option<i64>) = (r.get(7)?, r.get(8)?);
    let control = base.zip(inc).map(|(b, i)| {
        TimeControl {
            base_ms: b,
            inc_ms: i,
        }
        .to_json()
    });
    Ok(json!({
        "id": r.get::<_, String>(0)?,
        "created": r.get::<_, i64>(1)?,
        "updated": r.get::<_, i64>(2)?,
        "human": r.get::<_, String>(3)?,
        "level": serde_json::from_str::<Value>(&level).unwrap_or(Value::Null),
        "result": r.get::<_, String>(5)?,
        "plies": moves.split_whitespace().count(),
        "clock": control,
    }))
}

/// Make the database file's folder if it is missing.
fn make_folder(p: &Path) -> Result<(), String> {
    match p.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the folder {}: {e}", dir.display())),
        None => Ok(()),
    }
}

/// Check the file is ours and not newer, then migrate it.
fn prepare(conn: &Connection, path: &DbPath) -> Result<(), String> {
    let not_ours = |e: rusqlite::Error| format!("not a humpty game database ({e})");
    let app: i32 = conn
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .map_err(not_ours)?;
    let version: usize = conn
        .query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
        .map_err(not_ours)?
        .try_into()
        .map_err(|_| "a negative schema version".to_string())?;
    let tables: i64 = conn
        .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
        .map_err(not_ours)?;
    if app != APPLICATION_ID && (app != 0 || tables > 0) {
        return Err("not a humpty game database (another program's SQLite file)".into());
    }
    if version > SCHEMA_VERSION {
        return Err(format!(
            "written by a newer humpty (schema {version}; this one reads up to {SCHEMA_VERSION}): \
             upgrade humpty or choose another file with --db"
        ));
    }
    if let DbPath::File(_) = path {
        // Every commit reaches the disk before the change is answered.
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;")
            .map_err(|e| format!("cannot set up the journal: {e}"))?;
    }
    for (v, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        let step = format!(
            "BEGIN; {sql}; PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = {}; COMMIT;",
            v + 1
        );
        conn.execute_batch(&step)
            .map_err(|e| format!("cannot bring the schema to version {}: {e}", v + 1))?;
    }
    Ok(())
}

/// A game's columns as written.
struct Row {
    start_fen: String,
    moves: String,
    clock_after: String,
    human: &'static str,
    level: String,
    clock_base: Option<i64>,
    clock_inc: Option<i64>,
    turn_start: Option<i64>,
    forfeit: Option<String>,
    result: &'static str,
}

impl Row {
    fn of(g: &WebGame) -> Row {
        let end = g.end_position();
        let result = g
            .ending_at(&end, g.line.len())
            .map_or("*", |e| e.result.pgn());
        let words = |v: Vec<String>| v.join(" ");
        let c = g.clocks.as_ref();
        Row {
            start_fen: g.start.to_fen(),
            moves: words(g.line.iter().map(|m| m.to_string()).collect()),
            clock_after: words(c.map_or(Vec::new(), |c| {
                c.after.iter().map(|t| t.to_string()).collect()
            })),
            human: seats_word(g.seats),
            level: g.level.to_json().to_string(),
            clock_base: c.map(|c| c.control.base_ms),
            clock_inc: c.map(|c| c.control.inc_ms),
            turn_start: c.map(|c| c.turn_start),
            forfeit: g.forfeit.and_then(forfeit_word),
            result,
        }
    }
}

/// "white", "black" or "both".
pub fn seats_word(s: Seats) -> &'static str {
    match s {
        Seats::Human(Color::White) => "white",
        Seats::Human(Color::Black) => "black",
        Seats::Both => "both",
        Seats::Friends => "friends",
    }
}

/// "white" or "black".
fn color_word(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A colour as written by `color_word`.
fn read_color(text: &str) -> Result<Color, String> {
    match text {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(format!("bad colour '{text}'")),
    }
}

/// `resign:white`, `time:black` (the forfeits a web game can have).
fn forfeit_word(e: GameEnd) -> Option<String> {
    match e.reason {
        Reason::Resigned(c) => Some(format!("resign:{}", c.to_string().to_lowercase())),
        Reason::Time(c) => Some(format!("time:{}", c.to_string().to_lowercase())),
        Reason::Agreement => Some("agreement".into()),
        _ => None,
    }
}

/// A game's columns as read.
struct Stored {
    created: i64,
    start_fen: String,
    moves: String,
    clock_after: String,
    cursor: i64,
    human: String,
    level: String,
    clock: (Option<i64>, Option<i64>, Option<i64>),
    forfeit: Option<String>,
    keys: (Option<String>, Option<String>),
    offers: (Option<String>, Option<String>),
    rematch: Option<String>,
    review: Option<String>,
}

impl Stored {
    /// The game again; its clock resumes now (the time the server was down
    /// is not charged to anyone).
    fn game(self, id: &str) -> Result<WebGame, String> {
        let start = Position::from_fen(&self.start_fen).map_err(|e| format!("bad FEN: {e}"))?;
        let seats = match self.human.as_str() {
            "white" => Seats::Human(Color::White),
            "black" => Seats::Human(Color::Black),
            "both" => Seats::Both,
            "friends" => Seats::Friends,
            other => return Err(format!("bad seats '{other}'")),
        };
        let level_json: Value = serde_json::from_str(&self.level).map_err(|e| e.to_string())?;
        let level = Level::from_json(&level_json)?;
        let control = match self.clock {
            (Some(b), Some(i), _) => Some(TimeControl {
                base_ms: b,
                inc_ms: i,
            }),
            _ => None,
        };
        let mut g = WebGame::new(start, seats, level, control);
        g.id = id.to_string();
        g.created = self.created;
        let mut pos = g.start.clone();
        for text in self.moves.split_whitespace() {
            let m = pos
                .parse_move(text)
                .map_err(|e| format!("move {text}: {e}"))?;
            pos.make_move(m);
            g.line.push(m);
        }
        if let Some(c) = &mut g.clocks {
            c.after = self
                .clock_after
                .split_whitespace()
                .map(|t| t.parse::<i64>().map_err(|e| format!("clock {t}: {e}")))
                .collect::<Result<_, _>>()?;
            c.after.truncate(g.line.len());
        }
        g.cursor = usize::try_from(self.cursor).unwrap_or(0).min(g.line.len());
        g.forfeit = self.forfeit.as_deref().map(read_forfeit).transpose()?;
        g.keys = match self.keys {
            (Some(white), Some(black)) => Some(SeatKeys { white, black }),
            _ => None,
        };
        g.draw_offer = self.offers.0.as_deref().map(read_color).transpose()?;
        g.rematch_offer = self.offers.1.as_deref().map(read_color).transpose()?;
        g.rematch = self.rematch;
        let review = self
            .review
            .as_deref()
            .and_then(|r| serde_json::from_str(r).ok());
        g.review = review
            .and_then(|r: Value| super::review::ReviewJob::restored(&r, &g.start))
            .map(std::sync::Arc::new);
        Ok(g)
    }
}

/// Read `resign:white` and the like.
fn read_forfeit(text: &str) -> Result<GameEnd, String> {
    if text == "agreement" {
        return Ok(GameEnd::agreed_draw());
    }
    let (kind, color) = text.split_once(':').ok_or("bad forfeit")?;
    let c = read_color(color)?;
    match kind {
        "resign" => Ok(GameEnd::resigned(c)),
        "time" => Ok(GameEnd::time(c)),
        _ => Err(format!("bad forfeit '{text}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_reads_back_as_it_was_written() {
        let db = Db::open(&DbPath::Memory).unwrap();
        let control = TimeControl {
            base_ms: 60_000,
            inc_ms: 1_000,
        };
        let mut g = WebGame::new(
            Position::startpos(),
            Seats::Human(Color::Black),
            Level::Skill(4),
            Some(control),
        );
        g.id = "00ff".into();
        for _ in 0..3 {
            let m = g.end_position().legal_moves()[0];
            g.play(m);
        }
        g.cursor = 1;
        g.forfeit = Some(GameEnd::resigned(Color::Black));
        db.save(&g).unwrap();
        let back = db.load("00ff").unwrap().expect("kept");
        assert_eq!(back.line, g.line);
        assert_eq!(back.cursor, 1);
        assert_eq!(back.seats, g.seats);
        assert_eq!(back.level, g.level);
        assert_eq!(back.forfeit, g.forfeit);
        assert_eq!(back.created, g.created);
        let (a, b) = (back.clocks.unwrap(), g.clocks.unwrap());
        assert_eq!((a.control, a.after), (b.control, b.after));
        assert!(db.load("0000").unwrap().is_none());
        assert!(db.unfinished().unwrap().is_empty(), "resigned: finished");
    }
}
