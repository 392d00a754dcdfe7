//! The two web clients (the served board and the static board) are two
//! adapters over one board controller: no top-level function or class is
//! defined by both (each shared piece lives once, in a module both pages
//! import). Every script of every page is an ES module, found by following
//! the imports from the one script each page names.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The pages, under the assets folder: the served board's and the static
/// board's (site/).
pub const PAGES: [&str; 4] = [
    "index.html",
    "puzzles.html",
    "site/index.html",
    "site/puzzles.html",
];

/// The top-level functions and classes a script defines (`function f`,
/// `async function f`, `export function f`, `class C`, ...).
pub fn definitions(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in code.lines() {
        let mut rest = line.strip_prefix("export ").unwrap_or(line);
        rest = rest.strip_prefix("async ").unwrap_or(rest);
        let name = rest
            .strip_prefix("function ")
            .or_else(|| rest.strip_prefix("class "));
        if let Some(name) = name {
            let ident: String = name
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
                .collect();
            if !ident.is_empty() {
                out.insert(ident);
            }
        }
    }
    out
}

/// The `<script>` tags of a page: (its `src` as a file name, whether it
/// is a module). A script without `src` (inline) has an empty name.
pub fn page_scripts(html: &str) -> Vec<(String, bool)> {
    html.match_indices("<script")
        .filter_map(|(i, _)| {
            let tag = &html[i..i + html[i..].find('>')?];
            let src = tag.split("src=\"").nth(1).and_then(|s| s.split('"').next());
            let name = src.unwrap_or("").trim_start_matches('/').to_string();
            Some((name, tag.contains("type=\"module\"")))
        })
        .collect()
}

/// The modules a script imports by a relative path (`from "./x.js"`), by
/// that path without its `./`. The JavaScript package (`./humpty/...`) is
/// not the page's own.
pub fn imports(code: &str) -> Vec<String> {
    code.lines()
        .filter(|l| l.starts_with("import ") || l.starts_with("export "))
        .filter_map(|l| l.split(" from \"./").nth(1)?.split('"').next())
        .filter(|name| !name.starts_with("humpty/"))
        .map(String::from)
        .collect()
}

/// Where a page's module lives: beside the page (the static site's own),
/// else among the page's files (the site gets a copy beside its own).
fn locate(assets: &Path, dir: &Path, name: &str) -> PathBuf {
    let near = dir.join(name);
    if near.is_file() {
        near
    } else {
        assets.join(name)
    }
}

/// Every module a page loads: its scripts and what they import, followed
/// to the end, as (path under `assets`, its imports' paths).
pub fn page_modules(assets: &Path, page: &str) -> Vec<(String, Vec<String>)> {
    let html = std::fs::read_to_string(assets.join(page)).unwrap();
    let dir = assets.join(page).parent().unwrap().to_path_buf();
    let rel = |p: &Path| {
        p.strip_prefix(assets)
            .unwrap()
            .to_string_lossy()
            .into_owned()
    };
    let mut todo: Vec<PathBuf> = page_scripts(&html)
        .into_iter()
        .map(|(name, _)| locate(assets, &dir, &name))
        .collect();
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    while let Some(path) = todo.pop() {
        if out.iter().any(|(n, _)| *n == rel(&path)) {
            continue;
        }
        let code = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{} (from {page}): {e}", path.display()));
        let next: Vec<PathBuf> = imports(&code)
            .iter()
            .map(|name| locate(assets, &dir, name))
            .collect();
        out.push((rel(&path), next.iter().map(|p| rel(p)).collect()));
        todo.extend(next);
    }
    out
}

/// What a served page's own modules and its static page's own modules
/// both define (`served`, `site`: the two pages, e.g. "index.html" and
/// "site/index.html"): the modules both pages load are shared, not
/// duplicated.
pub fn defined_by_both(assets: &Path, served: &str, site: &str) -> Vec<String> {
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    let names = |page: &str| -> Vec<String> {
        page_modules(assets, page)
            .into_iter()
            .map(|(n, _)| n)
            .collect()
    };
    let served = names(served);
    let site = names(site);
    let mut served_defs = BTreeSet::new();
    for name in served.iter().filter(|n| !site.contains(n)) {
        served_defs.extend(definitions(&read(&assets.join(name))));
    }
    let mut site_defs = BTreeSet::new();
    for name in site.iter().filter(|n| n.starts_with("site/")) {
        site_defs.extend(definitions(&read(&assets.join(name))));
    }
    served_defs.intersection(&site_defs).cloned().collect()
}
