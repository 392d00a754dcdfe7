//! The command line refuses what it cannot use with a message and a
//! failing exit status (issue 46): an argument that is not UTF-8, an empty
//! path, a PGN none of whose games can be reviewed. Each of these once
//! panicked, wrote where nobody asked, or exited 0.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("humpty-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Run the binary in `dir` with `args`.
fn humpty_in(dir: &Path, args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_humpty"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run humpty")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_refused_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let dir = scratch("utf8");
    let bad = std::ffi::OsStr::from_bytes(b"games-\xff.pgn");
    for args in [
        vec!["annotate".as_ref(), bad],
        vec!["perft".as_ref(), "1".as_ref(), "--fen".as_ref(), bad],
        vec!["site".as_ref(), bad],
    ] {
        let o = humpty_in(&dir, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("UTF-8"), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{}", stderr(&o));
    }
    // As a subcommand's name it is an unknown one, not a panic.
    let o = humpty_in(&dir, &[bad]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("unrecognized subcommand"),
        "{}",
        stderr(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_empty_path_is_refused_and_nothing_is_written() {
    let dir = scratch("empty");
    for args in [
        vec!["site", ""],
        vec!["serve", "--db", ""],
        vec!["annotate", ""],
        vec!["annotate", "x.pgn", "--out", ""],
        vec!["puzzles", "--out", ""],
        vec!["stats", ""],
        vec!["datagen", "--out", ""],
    ] {
        let os: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        let o = humpty_in(&dir, &os);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("a value is required") || stderr(&o).contains("empty"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "files written: {left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn annotate_fails_when_no_game_can_be_reviewed() {
    let dir = scratch("annotate");
    let pgn = "[Event \"a\"]\n\n1. Zz9 *\n\n[Event \"b\"]\n\n1. e9 *\n";
    std::fs::write(dir.join("bad.pgn"), pgn).unwrap();
    let os: Vec<&std::ffi::OsStr> = ["annotate", "bad.pgn", "--out", "out.pgn", "--nodes", "100"]
        .iter()
        .map(|a| a.as_ref())
        .collect();
    let o = humpty_in(&dir, &os);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("none of its 2 games could be reviewed"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("-0.0%"), "{}", stderr(&o));
    assert!(!dir.join("out.pgn").exists(), "an empty out file was left");
    std::fs::remove_dir_all(&dir).unwrap();
}
