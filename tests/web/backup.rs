//! Backups while serving (issue 46): `humpty backup` takes a consistent
//! copy of the database that `humpty serve` holds while moves keep coming;
//! the copy passes SQLite's integrity check, holds every move answered
//! before the backup began, and serves again with `--db COPY`.

use crate::common;

use common::http::{act, new_game, quiet_line, state};
use common::process::Served;
use rusqlite::{Connection, OpenFlags};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("humpty-backup-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `humpty backup --db DB OUT`: its exit success and what it said.
fn backup(db: &Path, out: &Path) -> (bool, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_humpty"))
        .arg("backup")
        .arg("--db")
        .arg(db)
        .arg(out)
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr);
    (o.status.success(), said)
}

/// The moves a copy holds for a game.
fn moves_in(copy: &Path, game: &str) -> usize {
    let conn = Connection::open_with_flags(copy, OpenFlags::SQLITE_OPEN_READ_ONLY).unwrap();
    let verdict: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(verdict, "ok");
    conn.query_row("SELECT count(*) FROM moves WHERE game = ?1", [game], |r| {
        r.get::<_, i64>(0)
    })
    .unwrap() as usize
}

#[test]
fn a_backup_while_moves_are_played_holds_every_answered_move_and_serves_again() {
    let dir = folder("live");
    let db = dir.join("games.sqlite3");
    let served = Served::start(&db).unwrap();
    let addr = served.addr;
    // Answered moves: the game and how many of its moves were answered kept.
    let answered: Arc<Mutex<Vec<(String, usize)>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let mover = {
        let (answered, stop) = (Arc::clone(&answered), Arc::clone(&stop));
        std::thread::spawn(move || {
            for seed in 1.. {
                let g = new_game(addr, json!({"human": "both"}));
                let id = g["id"].as_str().unwrap().to_string();
                for (i, m) in quiet_line(120, seed).iter().take(120).enumerate() {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let (status, v) = act(addr, &id, "move", json!({ "move": m }));
                    assert_eq!(status, 200, "{v}");
                    answered.lock().unwrap().push((id.clone(), i + 1));
                }
            }
        })
    };
    let mut copies = Vec::new();
    for k in 0..4 {
        std::thread::sleep(Duration::from_millis(300));
        let before = answered.lock().unwrap().clone();
        let out = dir.join(format!("copy-{k}.sqlite3"));
        let (ok, said) = backup(&db, &out);
        assert!(ok && said.contains("by the running server"), "{said}");
        assert!(!before.is_empty(), "moves were being played");
        for (game, plies) in &before {
            assert!(moves_in(&out, game) >= *plies, "{game} lost moves");
        }
        copies.push((out, before.last().cloned().unwrap()));
    }
    stop.store(true, Ordering::SeqCst);
    mover.join().unwrap();
    let n = answered.lock().unwrap().len();
    assert!(
        n > copies.len(),
        "play went on during the backups ({n} moves)"
    );
    drop(served);
    // With no server on the file, the copy is taken directly.
    let (ok, said) = backup(&db, &dir.join("idle.sqlite3"));
    assert!(ok && said.contains("no server running"), "{said}");
    // Restore: serve the last copy.
    let (copy, (game, plies)) = copies.pop().unwrap();
    let restored = Served::start(&copy).unwrap();
    let s = state(restored.addr, &game);
    assert!(s["plies"].as_u64().unwrap() as usize >= plies, "{s}");
    drop(restored);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_backup_refuses_the_database_itself_a_missing_file_and_another_programs_file() {
    let dir = folder("refused");
    let db = dir.join("games.sqlite3");
    let served = Served::start(&db).unwrap();
    let (ok, said) = backup(&db, &db);
    assert!(!ok && said.contains("the database's own file"), "{said}");
    let (ok, said) = backup(&db, &dir.join("no-such-folder").join("x.sqlite3"));
    assert!(!ok, "{said}");
    drop(served);
    let (ok, said) = backup(&dir.join("missing.sqlite3"), &dir.join("x.sqlite3"));
    assert!(!ok && said.contains("no game database"), "{said}");
    let other = dir.join("other.sqlite3");
    Connection::open(&other)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    let (ok, said) = backup(&other, &dir.join("x.sqlite3"));
    assert!(!ok && said.contains("not a humpty game database"), "{said}");
    assert!(!dir.join("x.sqlite3").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
