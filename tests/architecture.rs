//! The layers of docs/architecture.md, checked on the source: each folder of
//! `src/` may use only the layers below it (and itself).

use std::path::Path;

/// Each layer and the layers it may use (itself included).
const ALLOWED: &[(&str, &[&str])] = &[
    ("rules", &["rules"]),
    ("eval", &["rules", "eval"]),
    ("search", &["rules", "eval", "search"]),
    ("tune", &["rules", "eval", "tune"]),
    ("engine", &["rules", "eval", "search", "engine"]),
    ("protocol", &["rules", "engine", "protocol"]),
    ("matches", &["rules", "engine", "matches"]),
    ("web", &["rules", "engine", "web"]),
];

const LAYERS: &[&str] = &[
    "rules", "eval", "search", "tune", "engine", "protocol", "matches", "web", "cli",
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The layers a file names as `crate::<layer>`.
fn layers_used(text: &str) -> Vec<&'static str> {
    LAYERS
        .iter()
        .copied()
        .filter(|l| {
            text.contains(&format!("crate::{l}::")) || text.contains(&format!("crate::{l};"))
        })
        .collect()
}

#[test]
fn imports_point_down_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = Vec::new();
    for (layer, allowed) in ALLOWED {
        let mut files = Vec::new();
        rust_files(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "no files in src/{layer}");
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for used in layers_used(&text) {
                if !allowed.contains(&used) {
                    bad.push(format!("{} uses crate::{used}", f.display()));
                }
            }
        }
    }
    assert!(bad.is_empty(), "layer violations:\n{}", bad.join("\n"));
}

#[test]
fn the_checker_sees_a_violation() {
    assert_eq!(layers_used("use crate::search::tt::Bound;"), vec!["search"]);
    assert_eq!(layers_used("use crate::engine;"), vec!["engine"]);
    assert!(layers_used("use super::x;").is_empty());
}
