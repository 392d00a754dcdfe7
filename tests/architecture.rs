//! The layers of docs/architecture.md, checked on the source: each layer may
//! use only the layers below it (and itself). Cargo keeps the crates apart
//! (`crates/rules` cannot see `crates/engine`, neither sees this crate); this
//! checks what Cargo cannot: the layers inside one crate, what each crate
//! may depend on, cycles between the files of a layer, and sizes.

use std::path::{Path, PathBuf};

#[path = "architecture/folders.rs"]
mod folders;

#[path = "architecture/clients.rs"]
mod clients;

/// Each layer and the layers it may use (itself included).
const ALLOWED: &[(&str, &[&str])] = &[
    ("rules", &["rules"]),
    ("eval", &["rules", "eval"]),
    ("search", &["rules", "eval", "search"]),
    // The tuner reads the one win-rate model, `search::winrate`.
    ("tune", &["rules", "eval", "search", "tune"]),
    ("engine", &["rules", "eval", "search", "engine"]),
    ("protocol", &["rules", "engine", "protocol"]),
    ("matches", &["rules", "engine", "matches"]),
    (
        "web",
        &["rules", "engine", "review", "puzzles", "explore", "web"],
    ),
    ("explore", &["rules", "explore"]),
    ("review", &["rules", "engine", "review"]),
    // Material in pawns reads the evaluation's piece values.
    ("puzzles", &["rules", "eval", "engine", "review", "puzzles"]),
    ("datagen", &["rules", "engine", "datagen"]),
    ("train", &["rules", "eval", "datagen", "train"]),
];

const LAYERS: &[&str] = &[
    "rules", "eval", "search", "tune", "engine", "protocol", "matches", "web", "review", "puzzles",
    "explore", "datagen", "train", "cli",
];

/// The workspace root (this crate's folder).
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The folder that holds a layer's sources.
fn layer_dir(layer: &str) -> PathBuf {
    match layer {
        "rules" => root().join("crates/rules/src"),
        "eval" | "search" | "engine" => root().join("crates/engine/src").join(layer),
        "protocol" => root().join("crates/protocol/src"),
        "review" | "puzzles" | "explore" => root().join("crates/analysis/src").join(layer),
        "matches" => root().join("crates/match/src/matches"),
        "web" => root().join("crates/web/src/web"),
        "datagen" | "train" | "tune" => root().join("crates/train/src").join(layer),
        _ => root().join("src").join(layer),
    }
}

/// How a file names a sibling module of its layer: the rules and the
/// protocols are crates of their own, so they write `crate::square`, the
/// others `crate::eval::params`.
fn sibling_prefix(layer: &str) -> String {
    if is_crate_root(layer) {
        "crate::".to_string()
    } else {
        format!("crate::{layer}::")
    }
}

/// Whether the layer is a whole crate (its folder is the crate's `src/`).
fn is_crate_root(layer: &str) -> bool {
    matches!(layer, "rules" | "protocol")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The layers a file names as `crate::<layer>`, also inside a grouped
/// `crate::{a::X, b::{Y, Z}}` import.
fn layers_used(text: &str) -> Vec<&'static str> {
    let grouped = grouped_heads(text);
    LAYERS
        .iter()
        .copied()
        .filter(|l| {
            text.contains(&format!("crate::{l}::"))
                || text.contains(&format!("crate::{l};"))
                || grouped.iter().any(|h| h == l)
        })
        .collect()
}

/// The first path segment of each item of every `crate::{...}` group.
fn grouped_heads(text: &str) -> Vec<String> {
    folders::group_heads(text, "crate::{")
}

/// The files of one layer's folder by module name, each with the sibling
/// modules it imports (`super::x`, `crate::<layer>::x`).
fn sibling_imports(layer: &str) -> Vec<(String, Vec<String>)> {
    let dir = layer_dir(layer);
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    files.retain(|f| f.parent() == Some(dir.as_path()));
    let names: Vec<String> = files
        .iter()
        .map(|f| f.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let prefix = sibling_prefix(layer);
    let mut out = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        // Unit tests may reach anywhere.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        let me = f.file_stem().unwrap().to_string_lossy().into_owned();
        let grouped = if is_crate_root(layer) {
            grouped_heads(code)
        } else {
            Vec::new()
        };
        let uses: Vec<String> = names
            .iter()
            .filter(|n| **n != me && *n != "mod" && *n != "lib")
            .filter(|n| {
                names_module(code, &format!("super::{n}"))
                    || code.contains(&format!("{prefix}{n}::"))
                    || code.contains(&format!("{prefix}{n};"))
                    || use_super_group(code).iter().any(|h| h == *n)
                    || grouped.iter().any(|h| h == *n)
            })
            .cloned()
            .collect();
        out.push((me, uses));
    }
    out
}

/// Whether `code` has `path` as a whole module path (`super::db` is not
/// named by `super::dberror`).
fn names_module(code: &str, path: &str) -> bool {
    code.match_indices(path).any(|(i, _)| {
        let next = code[i + path.len()..].chars().next();
        !next.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// The heads of `use super::{a::X, b}` groups.
fn use_super_group(code: &str) -> Vec<String> {
    grouped_heads(&code.replace("super::{", "crate::{"))
}

#[test]
fn imports_point_down_the_layers() {
    let mut bad = Vec::new();
    for (layer, allowed) in ALLOWED {
        let mut files = Vec::new();
        rust_files(&layer_dir(layer), &mut files);
        assert!(!files.is_empty(), "no files for layer {layer}");
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

/// A cycle of imports among these files, if any: the files along it,
/// the first again at the end (a depth-first search that keeps its path).
fn find_cycle(files: &[(String, Vec<String>)]) -> Option<Vec<String>> {
    fn visit(
        at: &str,
        files: &[(String, Vec<String>)],
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == at) {
            let mut cycle = path[i..].to_vec();
            cycle.push(at.to_string());
            return Some(cycle);
        }
        if done.iter().any(|d| d == at) {
            return None;
        }
        path.push(at.to_string());
        let uses = files.iter().find(|(n, _)| n == at).map(|(_, u)| u.clone());
        for next in uses.unwrap_or_default() {
            if let Some(c) = visit(&next, files, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.push(at.to_string());
        None
    }
    let mut done = Vec::new();
    files
        .iter()
        .find_map(|(n, _)| visit(n, files, &mut Vec::new(), &mut done))
}

#[test]
fn no_import_cycles_of_any_length() {
    let mut cycles = Vec::new();
    for layer in LAYERS.iter().filter(|l| **l != "cli") {
        if let Some(c) = find_cycle(&sibling_imports(layer)) {
            cycles.push(format!("{layer}: {}", c.join(" -> ")));
        }
    }
    assert!(cycles.is_empty(), "import cycles:\n{}", cycles.join("\n"));
    // The reader sees imports in both spellings.
    let uses = |layer: &str, file: &str| -> Vec<String> {
        let files = sibling_imports(layer);
        files.into_iter().find(|(n, _)| n == file).unwrap().1
    };
    assert!(uses("rules", "movegen").contains(&"tables".to_string()));
    assert!(uses("rules", "movegen").contains(&"board".to_string()));
    assert!(uses("search", "alphabeta").contains(&"worker".to_string()));
}

#[test]
fn the_cycle_finder_sees_long_cycles() {
    let graph = |edges: &[(&str, &[&str])]| -> Vec<(String, Vec<String>)> {
        edges
            .iter()
            .map(|(n, u)| (n.to_string(), u.iter().map(|x| x.to_string()).collect()))
            .collect()
    };
    let four = graph(&[
        ("db", &["game"]),
        ("game", &["review"]),
        ("review", &["store"]),
        ("store", &["db"]),
    ]);
    assert_eq!(
        find_cycle(&four).unwrap(),
        ["db", "game", "review", "store", "db"]
    );
    let tree = graph(&[("a", &["b", "c"]), ("b", &["c"]), ("c", &[])]);
    assert_eq!(find_cycle(&tree), None);
}

#[test]
fn the_checker_sees_a_violation() {
    assert_eq!(layers_used("use crate::search::tt::Bound;"), vec!["search"]);
    assert_eq!(
        layers_used(
            "use crate::{\n    engine::Engine,\n    rules::{piece::Color, square::Square},\n};"
        ),
        vec!["rules", "engine"]
    );
    assert_eq!(grouped_heads("use crate::{a::B, c};"), vec!["a", "c"]);
    assert!(names_module("use super::db::Db;", "super::db"));
    assert!(!names_module("use super::dberror::DbError;", "super::db"));
    assert_eq!(layers_used("use crate::engine;"), vec!["engine"]);
    assert!(layers_used("use super::x;").is_empty());
}

/// Every Rust source file of the workspace's crates and bindings.
fn all_sources() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["src", "crates", "bindings"] {
        if root().join(dir).is_dir() {
            rust_files(&root().join(dir), &mut files);
        }
    }
    files.retain(|f| !f.components().any(|c| c.as_os_str() == "target"));
    files
}

/// The `[dependencies]` names of a manifest.
fn dependencies(manifest: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(manifest)).unwrap();
    let section = text.split("[dependencies]").nth(1).unwrap_or("");
    section
        .lines()
        .take_while(|l| !l.starts_with('['))
        .filter_map(|l| l.split('=').next())
        .map(str::trim)
        .filter(|n| !n.is_empty() && !n.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The rules stand on nothing heavier than `arrayvec`/`once_cell`, the
/// engine on the rules, the analysis on the engine, and the bindings on the rules and the engine alone
/// (no server, SQLite or command line in a wheel or a `.wasm`).
#[test]
fn each_crate_depends_only_on_what_it_may() {
    let light = ["arrayvec", "once_cell"];
    let cases: &[(&str, &[&str])] = &[
        ("crates/rules/Cargo.toml", &light),
        (
            "crates/engine/Cargo.toml",
            &["humpty-rules", "humpty-tablebase", "arrayvec", "once_cell"],
        ),
        // The tablebases stand on the rules alone (the engine probes them;
        // the browser reads them): deflate in pure Rust, nothing else.
        (
            "crates/tablebase/Cargo.toml",
            &["humpty-rules", "arrayvec", "miniz_oxide"],
        ),
        // The analysis runs in the browser too: no server, database or
        // async crate.
        (
            "crates/analysis/Cargo.toml",
            &[
                "humpty-rules",
                "humpty-engine",
                "arrayvec",
                "once_cell",
                "serde",
            ],
        ),
        // Match runners and trainers get no server either.
        (
            "crates/match/Cargo.toml",
            &["humpty-rules", "humpty-engine"],
        ),
        (
            "crates/train/Cargo.toml",
            &["humpty-rules", "humpty-engine"],
        ),
        // The server's crates live here and nowhere else below the binary.
        (
            "crates/web/Cargo.toml",
            &[
                "humpty-rules",
                "humpty-engine",
                "humpty-analysis",
                "humpty-tablebase",
                "once_cell",
                "serde_json",
                "serde",
                "serde_path_to_error",
                "axum",
                "tokio",
                "hyper",
                "tokio-stream",
                "http-body-util",
                "getrandom",
                "hyper-util",
                "rusqlite",
            ],
        ),
        ("crates/compat/Cargo.toml", &["humpty-rules", "arrayvec"]),
        (
            "crates/protocol/Cargo.toml",
            &["humpty-engine", "vampirc-uci"],
        ),
        (
            "bindings/js/Cargo.toml",
            &[
                "humpty-rules",
                "humpty-compat",
                "humpty-tablebase",
                "wasm-bindgen",
            ],
        ),
        (
            "bindings/js/engine/Cargo.toml",
            &[
                "humpty-engine",
                "humpty-protocol",
                "humpty-analysis",
                "humpty-rules",
                "serde_json",
                "serde",
                "wasm-bindgen",
            ],
        ),
        (
            "bindings/python/Cargo.toml",
            &["humpty-rules", "humpty-engine", "humpty-compat", "pyo3"],
        ),
    ];
    for (manifest, allowed) in cases {
        if !root().join(manifest).exists() {
            continue;
        }
        for dep in dependencies(manifest) {
            assert!(
                allowed.contains(&dep.as_str()),
                "{manifest} depends on {dep}"
            );
        }
    }
    assert_eq!(dependencies("crates/rules/Cargo.toml"), light);
}

#[test]
fn no_source_file_is_over_600_lines() {
    let long: Vec<String> = all_sources()
        .into_iter()
        .filter_map(|f| {
            let n = std::fs::read_to_string(&f).unwrap().lines().count();
            (n > 600).then(|| format!("{} has {n} lines", f.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "split these along their seams:\n{}",
        long.join("\n")
    );
}

/// The functions of `text` longer than `max` lines: from a line that opens
/// an `fn` to the closing brace at the same indentation.
fn long_functions(text: &str, max: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let body = l.trim_start();
        let indent = l.len() - body.len();
        let is_fn = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "const fn ",
            "pub const fn ",
        ]
        .iter()
        .any(|p| body.starts_with(p));
        if !is_fn || body.ends_with(';') {
            continue;
        }
        let close = " ".repeat(indent) + "}";
        if let Some(len) = lines[i..].iter().position(|x| *x == close) {
            if len + 1 > max {
                out.push((body.chars().take(60).collect(), len + 1));
            }
        }
    }
    out
}

#[test]
fn no_function_is_over_100_lines() {
    let mut long = Vec::new();
    for f in all_sources() {
        let text = std::fs::read_to_string(&f).unwrap();
        for (name, n) in long_functions(&text, 100) {
            long.push(format!("{}: {name}... has {n} lines", f.display()));
        }
    }
    assert!(long.is_empty(), "{}", long.join("\n"));
    let sample = format!("fn a() {{\n{}}}\n", "    x();\n".repeat(120));
    assert_eq!(
        long_functions(&sample, 100).len(),
        1,
        "the checker sees a long one"
    );
}

/// The source folders of every crate in the workspace.
fn source_roots() -> Vec<PathBuf> {
    let mut roots = vec![root().join("src")];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        roots.push(entry.unwrap().path().join("src"));
    }
    roots
}

/// The guide's rule: no import cycle of more than 3 files, a folder's
/// `mod.rs` (or `lib.rs`) included. Checked as a bound on each tangle (the
/// files that reach each other), which is the stricter form.
#[test]
fn no_tangle_of_more_than_three_files_mod_rs_included() {
    let mut big = Vec::new();
    for src in source_roots() {
        for dir in folders::folders(&src) {
            for part in folders::tangles(&folders::graph(&dir)) {
                let files: usize = part.iter().map(|n| folders::weight(&dir, n)).sum();
                if files > 3 {
                    big.push(format!("{}: {}", dir.display(), part.join(", ")));
                }
            }
        }
    }
    assert!(
        big.is_empty(),
        "tangles of more than 3 files:\n{}",
        big.join("\n")
    );
}

#[test]
fn the_folder_reader_sees_mod_rs_and_bare_paths() {
    // A mod.rs that holds shared state and starts the children, and two
    // children that import it back: one tangle of three files.
    let dir = std::env::temp_dir().join(format!("humpty-arch-{}/src/web", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    write(
        "mod.rs",
        "pub mod a;\npub mod b;\npub mod c;\npub struct App;\nfn go() { a::start(); b::run(); }\n",
    );
    write("a.rs", "use super::App;\npub fn start() {}\n");
    write("b.rs", "use super::{c, App};\npub fn run() {}\n");
    write("c.rs", "pub fn x() {}\n");
    let graph = folders::graph(&dir);
    let tangles = folders::tangles(&graph);
    assert_eq!(
        tangles,
        vec![vec!["a".to_string(), "b".into(), "mod".into()]]
    );
    let _ = std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());
}

#[test]
fn a_sub_folder_is_one_node_of_its_parent() {
    // web/game imports web/store, and web/store imports web/game back: a
    // tangle of the two folders, which stand for three files.
    let dir = std::env::temp_dir().join(format!("humpty-arch-sub-{}/src/web", std::process::id()));
    for sub in ["game", "store"] {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
    }
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).unwrap();
    write("mod.rs", "pub mod game;\npub mod store;\npub mod api;\n");
    write("api.rs", "use crate::web::store::db::Db;\n");
    write("game/mod.rs", "pub mod live;\n");
    write("game/live.rs", "use crate::web::store::db::Db;\n");
    write("store/db.rs", "use crate::web::{game::live::Live, api};\n");
    write("store/mod.rs", "pub mod db;\n");
    let graph = folders::graph(&dir);
    let tangles = folders::tangles(&graph);
    assert_eq!(
        tangles,
        vec![vec!["api".to_string(), "game".into(), "store".into()]]
    );
    let files: usize = tangles[0].iter().map(|n| folders::weight(&dir, n)).sum();
    assert_eq!(files, 5);
    let _ = std::fs::remove_dir_all(dir.parent().unwrap().parent().unwrap());
}

#[test]
fn the_two_web_clients_share_their_code_instead_of_repeating_it() {
    let assets = root().join("crates/web/src/web/page/assets");
    for (served, site) in [
        ("index.html", "site/index.html"),
        ("puzzles.html", "site/puzzles.html"),
    ] {
        let both = clients::defined_by_both(&assets, served, site);
        assert!(
            both.is_empty(),
            "defined by both {served}'s and {site}'s own modules \
             (move it to a module both pages import, e.g. controller.js): {both:?}"
        );
    }
}

#[test]
fn every_page_script_is_a_module_and_they_import_without_cycles() {
    let assets = root().join("crates/web/src/web/page/assets");
    for page in clients::PAGES {
        let html = std::fs::read_to_string(assets.join(page)).unwrap();
        for (name, module) in clients::page_scripts(&html) {
            assert!(
                module && !name.is_empty(),
                "{page}: <script src=\"{name}\"> is not a module file"
            );
        }
        let modules = clients::page_modules(&assets, page);
        assert!(modules.len() > 3, "{page}: {modules:?}");
        if let Some(c) = find_cycle(&modules) {
            panic!("{page}: its modules import in a cycle: {}", c.join(" -> "));
        }
    }
}

#[test]
fn the_client_checker_sees_a_function_of_both() {
    let defs = clients::definitions(
        "function a() {}\nexport async function b() {}\nclass C {}\n  function inner() {}",
    );
    assert_eq!(defs.into_iter().collect::<Vec<_>>(), ["C", "a", "b"]);
    let scripts = clients::page_scripts(
        "<script src=\"/a.js\"></script>\n<script type=\"module\" src=\"b.js\"></script>\n<script>go()</script>",
    );
    assert_eq!(
        scripts,
        [
            ("a.js".into(), false),
            ("b.js".into(), true),
            (String::new(), false)
        ]
    );
    let uses = clients::imports(
        "import { a } from \"./a.js\";\nimport { B } from \"./humpty/index.js\";\nexport { c } from \"./c.js\";\n// from \"./d.js\"",
    );
    assert_eq!(uses, ["a.js", "c.js"]);
    let cycle = find_cycle(&[
        ("a.js".into(), vec!["b.js".into()]),
        ("b.js".into(), vec!["a.js".into()]),
    ]);
    assert_eq!(cycle.unwrap(), ["a.js", "b.js", "a.js"]);
}
