//! The import graph of each folder of sources, its `mod.rs` (or `lib.rs`)
//! included: a file imports a sibling (`super::x`, `crate::<path>::x`,
//! `use super::{x, ...}`), the folder's root (`super::App` where `App` is
//! declared or re-exported in `mod.rs`), and the root imports a child by a
//! bare path (`store::Store::open`, `self::store`). A sub-folder is one
//! node of its parent's graph, holding the code of every file under it
//! (`crate::web::store::db` from `web/game/live.rs` is `game -> store`).
//! Tangles are the strongly connected parts of that graph.

use std::path::{Path, PathBuf};

/// Every folder under `dir` holding Rust sources, `dir` included.
pub fn folders(dir: &Path) -> Vec<PathBuf> {
    let mut out = vec![dir.to_path_buf()];
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() && has_rust(&path) {
            out.extend(folders(&path));
        }
    }
    out
}

fn has_rust(dir: &Path) -> bool {
    std::fs::read_dir(dir)
        .unwrap()
        .any(|e| e.unwrap().path().extension().is_some_and(|x| x == "rs"))
}

/// How code names this folder's modules: `crate::` then the folders from
/// the crate's `src/` (`crate::web::`, `crate::eval::nnue::`).
fn prefix(dir: &Path) -> String {
    let parts: Vec<String> = dir
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let src = parts.iter().rposition(|p| p == "src").unwrap();
    let mut p = String::from("crate::");
    for part in &parts[src + 1..] {
        p.push_str(part);
        p.push_str("::");
    }
    p
}

/// The code of a file without its unit tests (which may reach anywhere).
fn code_of(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.split("#[cfg(test)]").next().unwrap_or("").to_string()
}

/// Whether `code` has `path` followed by a character that ends a name.
fn names(code: &str, path: &str) -> bool {
    code.match_indices(path).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + path.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// Whether `code` has `path` (`store::`) where a name starts.
fn starts(code: &str, path: &str) -> bool {
    code.match_indices(path).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
    })
}

/// The names a root file declares or re-exports from this folder (`pub
/// struct App`, `pub use guard::RateLimit`); `local` are the heads a path
/// in this folder starts with (its children, `crate`, `self`, `super`).
fn root_items(code: &str, local: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for line in code.lines().map(str::trim) {
        let line = line
            .strip_prefix("pub ")
            .or_else(|| line.strip_prefix("pub(crate) "));
        let Some(line) = line else { continue };
        let decl = [
            "struct ", "enum ", "fn ", "const ", "static ", "type ", "trait ",
        ]
        .iter()
        .find_map(|k| line.strip_prefix(k));
        if let Some(rest) = decl {
            out.push(ident(rest));
        } else if let Some(rest) = line.strip_prefix("use ") {
            // Another crate under a local name (`pub use humpty_rules as
            // rules;`) is not code of this folder: naming it is no import
            // of the root.
            if !local.iter().any(|c| rest.starts_with(&format!("{c}::"))) {
                continue;
            }
            let tail = rest.trim_end_matches(';');
            let last = tail.rsplit("::").next().unwrap_or("");
            for item in last.trim_matches(|c| c == '{' || c == '}').split(',') {
                let item = item.trim();
                let name = item.rsplit(" as ").next().unwrap_or(item);
                out.push(ident(name));
            }
        }
    }
    out.retain(|n| !n.is_empty() && n != "self" && n != "*");
    out
}

fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The heads of every `{...}` group after `start` (`use super::{a, b::C}`).
pub fn group_heads(code: &str, start: &str) -> Vec<String> {
    let mut heads = Vec::new();
    for (at, _) in code.match_indices(start) {
        let body = &code[at + start.len()..];
        let mut depth = 1;
        let mut item = String::new();
        let mut fresh = true;
        for ch in body.chars() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                ',' if depth == 1 => {
                    if !item.is_empty() {
                        heads.push(std::mem::take(&mut item));
                    }
                    fresh = true;
                }
                c if fresh && depth == 1 && (c.is_alphanumeric() || c == '_') => item.push(c),
                _ if fresh && !item.is_empty() => {
                    heads.push(std::mem::take(&mut item));
                    fresh = false;
                }
                _ => {}
            }
        }
        if !item.is_empty() {
            heads.push(item);
        }
    }
    heads
}

/// The code of every file under `dir`, tests left out.
fn all_code(dir: &Path) -> String {
    let mut out = String::new();
    for path in rust_files(dir) {
        out.push_str(&code_of(&path));
        out.push('\n');
    }
    out
}

/// Every Rust file under `dir`.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out
}

/// The files a node of `dir`'s graph stands for: 1 for a file, every file
/// under it for a sub-folder.
pub fn weight(dir: &Path, node: &str) -> usize {
    let sub = dir.join(node);
    if sub.is_dir() {
        rust_files(&sub).len()
    } else {
        1
    }
}

/// The folder's files by module name (`mod` or `lib` for its root), each
/// with the files of the folder it imports.
pub fn graph(dir: &Path) -> Vec<(String, Vec<String>)> {
    let files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    let stem = |f: &PathBuf| f.file_stem().unwrap().to_string_lossy().into_owned();
    let root = files.iter().map(stem).find(|s| s == "mod" || s == "lib");
    let subdirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && !rust_files(p).is_empty())
        .collect();
    let mut children: Vec<String> = files
        .iter()
        .map(stem)
        .filter(|s| Some(s) != root.as_ref())
        .collect();
    children.extend(subdirs.iter().map(stem));
    let prefix = prefix(dir);
    let items = root.as_ref().map_or_else(Vec::new, |r| {
        let mut local = children.clone();
        local.extend(["crate", "self", "super"].map(String::from));
        root_items(&code_of(&dir.join(format!("{r}.rs"))), &local)
    });
    let mut out = Vec::new();
    for f in &files {
        let me = stem(f);
        let code = code_of(f);
        let mut uses = Vec::new();
        if Some(&me) == root.as_ref() {
            // The root names a child by a bare path (not `pub mod x;`).
            let body: String = code
                .lines()
                .filter(|l| {
                    !l.trim_start().starts_with("pub mod ") && !l.trim_start().starts_with("mod ")
                })
                .collect::<Vec<_>>()
                .join("\n");
            for c in &children {
                if starts(&body, &format!("{c}::")) || names(&body, &format!("self::{c}")) {
                    uses.push(c.clone());
                }
            }
        } else {
            let heads = group_heads(&code, "super::{");
            let crate_heads = group_heads(&code, &format!("{prefix}{{"));
            for c in children.iter().filter(|c| **c != me) {
                if names(&code, &format!("super::{c}"))
                    || code.contains(&format!("{prefix}{c}::"))
                    || code.contains(&format!("{prefix}{c};"))
                    || heads.contains(c)
                    || crate_heads.contains(c)
                {
                    uses.push(c.clone());
                }
            }
            if let Some(r) = &root {
                let named = items.iter().filter(|i| !children.contains(i)).any(|i| {
                    names(&code, &format!("super::{i}"))
                        || names(&code, &format!("{prefix}{i}"))
                        || heads.contains(i)
                        || crate_heads.contains(i)
                });
                if named {
                    uses.push(r.clone());
                }
            }
        }
        out.push((me, uses));
    }
    for sub in &subdirs {
        let me = stem(sub);
        let code = all_code(sub);
        let crate_heads = group_heads(&code, &format!("{prefix}{{"));
        let reaches = |name: &str| {
            code.contains(&format!("{prefix}{name}::"))
                || code.contains(&format!("{prefix}{name};"))
                || names(&code, &format!("super::super::{name}"))
                || crate_heads.iter().any(|h| h == name)
        };
        let mut uses: Vec<String> = children
            .iter()
            .filter(|c| **c != me && reaches(c))
            .cloned()
            .collect();
        if let Some(r) = &root {
            if items.iter().filter(|i| !children.contains(i)).any(|i| {
                names(&code, &format!("{prefix}{i}")) || names(&code, &format!("super::super::{i}"))
            }) {
                uses.push(r.clone());
            }
        }
        out.push((me, uses));
    }
    out
}

/// The strongly connected parts of more than one file (Tarjan's algorithm).
pub fn tangles(graph: &[(String, Vec<String>)]) -> Vec<Vec<String>> {
    struct State<'a> {
        graph: &'a [(String, Vec<String>)],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on_stack: Vec<bool>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn at(s: &State, name: &str) -> Option<usize> {
        s.graph.iter().position(|(n, _)| n == name)
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for w in s.graph[v].1.clone() {
            let Some(w) = at(s, &w) else { continue };
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(i) if s.on_stack[w] => s.low[v] = s.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut part = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                part.push(s.graph[w].0.clone());
                if w == v {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort();
                s.out.push(part);
            }
        }
    }
    let n = graph.len();
    let mut s = State {
        graph,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on_stack: vec![false; n],
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}
