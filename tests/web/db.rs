//! Database faults (issue 33, item 5): a second server on the same file is
//! refused at start; a file deleted under a running server is noticed and
//! every change after it is refused, never answered as kept; and no
//! shared-memory file is mapped (an immutable or full one gave SIGBUS).

use crate::common;

use common::http::{act, new_game, state};
use humpty::web::store::db::DbPath;
use humpty::web::{RateLimit, ServeConfig, Server};
use serde_json::json;
use std::path::PathBuf;

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("humpty-db-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn start(db: &std::path::Path) -> Result<Server, String> {
    Server::start(&ServeConfig {
        port: 0,
        db: DbPath::File(db.to_path_buf()),
        rate_limit: RateLimit {
            burst: 100_000,
            per_minute: 100_000,
        },
        ..ServeConfig::default()
    })
    .map_err(|e| e.to_string())
}

#[test]
fn a_second_server_on_one_file_is_refused() {
    let dir = folder("two");
    let db = dir.join("games.sqlite3");
    let first = start(&db).unwrap();
    let err = start(&db).err().expect("refused");
    assert!(err.contains("in use by another humpty serve"), "{err}");
    drop(first);
    // Once the first has stopped, the file is free again.
    assert!(start(&db).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_deleted_file_is_noticed_and_no_change_is_answered_as_kept() {
    let dir = folder("gone");
    let db = dir.join("games.sqlite3");
    let s = start(&db).unwrap();
    let g = new_game(s.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap();
    let m = g["legal"][0]["uci"].as_str().unwrap();
    assert_eq!(act(s.addr(), id, "move", json!({ "move": m })).0, 200);
    // No shared-memory index beside the file: nothing is mapped.
    assert!(!dir.join("games.sqlite3-shm").exists());
    for f in ["games.sqlite3", "games.sqlite3-wal"] {
        let _ = std::fs::remove_file(dir.join(f));
    }
    let next = state(s.addr(), id)["legal"][0]["uci"].clone();
    let (status, e) = act(s.addr(), id, "move", json!({ "move": next }));
    assert_eq!(status, 503, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("deleted or replaced"),
        "{e}"
    );
    assert_eq!(
        state(s.addr(), id)["plies"],
        1,
        "the refused move is not in force"
    );
    let (status, _) = common::http::json_call(s.addr(), "POST", "/api/games", json!({}));
    assert_eq!(status, 503, "nor a new game");
    let _ = std::fs::remove_dir_all(&dir);
}
