//! The game database's schema (`db`): the migrations that bring a file of
//! any earlier version up to this one, and the checks that a file is
//! humpty's and not from a newer humpty before anything is written.

use rusqlite::Connection;

/// Marks the file as humpty's (`PRAGMA application_id`, "HDC1").
pub(crate) const APPLICATION_ID: i32 = 0x4844_4331;

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
    // 4: one row per move, so a move is one insert: the moves (and each
    // move's clock) of the old text columns are split into rows.
    "CREATE TABLE moves (
        game TEXT NOT NULL,
        ply INTEGER NOT NULL,
        uci TEXT NOT NULL,
        clock_after INTEGER,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;
    WITH RECURSIVE split(game, ply, rest, crest, uci, clk) AS (
        SELECT id, -1, moves || ' ', clock_after || ' ', '', NULL FROM games
        UNION ALL
        SELECT game, ply + 1,
            substr(rest, instr(rest, ' ') + 1),
            CASE WHEN trim(crest) = '' THEN '' ELSE substr(crest, instr(crest, ' ') + 1) END,
            substr(rest, 1, instr(rest, ' ') - 1),
            CASE WHEN trim(crest) = '' THEN NULL
                 ELSE CAST(substr(crest, 1, instr(crest, ' ') - 1) AS INTEGER) END
        FROM split WHERE trim(rest) != ''
    )
    INSERT INTO moves SELECT game, ply, uci, clk FROM split WHERE ply >= 0 AND uci != '';
    ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET plies = (SELECT count(*) FROM moves WHERE moves.game = games.id),
        moves = '', clock_after = '';",
    // 5: puzzle ratings (docs/puzzles.md): each browser's player, each
    // puzzle once it has been played, and every rated attempt.
    "CREATE TABLE puzzle_players (
        key TEXT PRIMARY KEY,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        streak INTEGER NOT NULL,
        created INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE puzzle_ratings (
        id TEXT PRIMARY KEY,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        plays INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE puzzle_attempts (
        player TEXT NOT NULL,
        at INTEGER NOT NULL,
        puzzle TEXT NOT NULL,
        solved INTEGER NOT NULL,
        rating REAL NOT NULL
    );
    CREATE INDEX puzzle_attempts_by_player ON puzzle_attempts (player, at);",
    // 6: an analysis board's variations (`GameTree::to_text`, with the main
    // line) and the variation move shown.
    "ALTER TABLE games ADD COLUMN variations TEXT;
    ALTER TABLE games ADD COLUMN variation_node INTEGER;",
];

/// The schema version this humpty writes.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// Check the file is ours and not newer, then migrate it.
pub(crate) fn prepare(conn: &Connection, file: bool) -> Result<(), String> {
    if file {
        // Before the first read: in exclusive locking mode SQLite's write-
        // ahead log keeps its index in the heap, never in a shared-memory
        // file (`-shm`), whose mapping turns a full disk or an immutable
        // file into SIGBUS; the one server holds the file anyway.
        conn.execute_batch("PRAGMA locking_mode = EXCLUSIVE;")
            .map_err(|e| format!("cannot lock the file: {e}"))?;
    }
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
    if file {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::position::Position;

    #[test]
    fn version_3_moves_are_split_into_rows() {
        let conn = Connection::open_in_memory().unwrap();
        let first: String = MIGRATIONS[..3].join(";\n");
        conn.execute_batch(&first).unwrap();
        conn.execute_batch(&format!(
            "PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 3;
             INSERT INTO games (id, created, updated, start_fen, moves, clock_after, cursor,
             human, level, result) VALUES
             ('aa', 0, 0, '{fen}', 'f2f3 f7f6 e2e3', '1 2 3', 3, 'white', '{{\"skill\": 4}}', '*'),
             ('bb', 0, 0, '{fen}', '', '', 0, 'both', '{{\"skill\": 4}}', '*'),
             ('cc', 0, 0, '{fen}', 'f2f3', '', 1, 'both', '{{\"skill\": 4}}', '*');",
            fen = Position::START_FEN
        ))
        .unwrap();
        prepare(&conn, false).unwrap();
        let rows: Vec<(String, i64, String, Option<i64>)> = conn
            .prepare("SELECT game, ply, uci, clock_after FROM moves ORDER BY game, ply")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let want = [
            ("aa", 0, "f2f3", Some(1)),
            ("aa", 1, "f7f6", Some(2)),
            ("aa", 2, "e2e3", Some(3)),
            ("cc", 0, "f2f3", None),
        ];
        let want: Vec<(String, i64, String, Option<i64>)> = want
            .iter()
            .map(|&(g, p, u, c)| (g.to_string(), p, u.to_string(), c))
            .collect();
        assert_eq!(rows, want);
        let plies: i64 = conn
            .query_row("SELECT plies FROM games WHERE id = 'aa'", [], |r| r.get(0))
            .unwrap();
        assert_eq!(plies, 3);
    }
}
