//! `humpty site DIR`: the board as static files that need no server. The
//! rules and the engine run in the browser (the WebAssembly builds of
//! bindings/js, embedded in the binary when it was built after `npm run
//! build`); games are kept in the browser. Any static file server, or
//! GitHub Pages, can serve the folder (docs/web.md).

use super::assets::{has_wasm, package_file, PACKAGE_SCRIPTS, PAGE_FILES, SITE_FILES, WASM_PKG};
use crate::web::game::level::{self, SKILL_MOVETIME};
use crate::web::game::pieces::{pieces, PieceInfo};
use crate::web::net::http::to_json;
use crate::web::review::DEFAULT_NODES;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

/// Why the site cannot be written.
#[derive(Debug)]
pub enum SiteError {
    /// This binary was built without the WebAssembly files.
    NoWasm,
    /// A file or folder could not be written.
    Write(String, std::io::Error),
}

impl fmt::Display for SiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SiteError::NoWasm => write!(
                f,
                "this humpty was built without the WebAssembly rules and engine: run \
                 `cd bindings/js && npm run build` (bindings/js/README.md), then build humpty again"
            ),
            SiteError::Write(path, e) => write!(f, "cannot write {path}: {e}"),
        }
    }
}

impl std::error::Error for SiteError {}

/// The site's files: (path in the folder, bytes).
pub fn files() -> Result<Vec<(String, Vec<u8>)>, SiteError> {
    if !has_wasm() {
        return Err(SiteError::NoWasm);
    }
    let text = |name: &str, body: &str| (name.to_string(), body.as_bytes().to_vec());
    let data = to_json(&SiteData {
        pieces: pieces(),
        levels: level::levels(),
        skill_movetime_ms: SKILL_MOVETIME.as_millis() as u64,
        review: ReviewBudget {
            nodes: DEFAULT_NODES,
        },
        themes: crate::puzzles::themes::ALL
            .iter()
            .map(|&t| {
                let name = crate::puzzles::themes::name(t);
                (
                    t,
                    ThemeInfo {
                        name,
                        description: crate::puzzles::themes::description(t),
                    },
                )
            })
            .collect(),
    });
    // The static board's own files, and the page's files its pages name.
    let mut out: Vec<(String, Vec<u8>)> = SITE_FILES
        .iter()
        .map(|(name, bytes)| (name.to_string(), bytes.to_vec()))
        .collect();
    for name in shared_files() {
        if let Some((_, bytes)) = PAGE_FILES.iter().find(|(n, _)| *n == name) {
            out.push((name.to_string(), bytes.to_vec()));
        }
    }
    // The shipped puzzle set, judged in the worker (humpty-analysis).
    out.push(text("puzzles.csv", crate::puzzles::SHIPPED_CSV));
    out.push(text("site-data.json", &data.to_string()));
    let package = PACKAGE_SCRIPTS
        .iter()
        .map(|(name, _)| name.to_string())
        .chain(WASM_PKG.iter().map(|(n, _)| format!("pkg/{n}")));
    for path in package {
        if let Some((_, bytes)) = package_file(&path) {
            out.push((format!("humpty/{path}"), bytes));
        }
    }
    Ok(out)
}

/// The page's files (assets/) that the static pages load: each `src="..."`
/// and `href="..."` of their HTML, and each module their scripts import
/// (`from "./x.js"`), followed through the page's files, that is one of
/// them and not a file of the site's own.
fn shared_files() -> Vec<&'static str> {
    let own = |name: &str| SITE_FILES.iter().any(|(n, _)| *n == name);
    let mut names: Vec<&'static str> = Vec::new();
    let mut texts: Vec<&'static [u8]> = SITE_FILES.iter().map(|(_, bytes)| *bytes).collect();
    while let Some(bytes) = texts.pop() {
        let text = std::str::from_utf8(bytes).unwrap_or_default();
        for name in named_files(text) {
            // A page of the site's own (a link to index.html) is not one.
            if let Some((n, bytes)) = PAGE_FILES.iter().find(|(n, _)| *n == name && !own(name)) {
                if !names.contains(n) {
                    names.push(n);
                    texts.push(bytes);
                }
            }
        }
    }
    names
}

/// The files a page or a script names: its HTML's `src` and `href`, its
/// modules' `from "./..."`.
fn named_files(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for (attr, prefix) in [("src=\"", ""), ("href=\"", ""), ("from \"", "./")] {
        for (i, _) in text.match_indices(attr) {
            let value = text[i + attr.len()..].split('"').next().unwrap_or_default();
            if let Some(name) = value.strip_prefix(prefix) {
                out.push(name);
            }
        }
    }
    out
}

/// The table files of at most `men` men in `from`, and their list.
fn table_files(from: &Path, men: usize) -> Result<Vec<(String, Vec<u8>)>, SiteError> {
    let shown = from.display().to_string();
    let entries = std::fs::read_dir(from).map_err(|e| SiteError::Write(shown.clone(), e))?;
    let mut names: Vec<String> = entries
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(String::from))
        .filter(|n| {
            n.strip_suffix(".htb")
                .and_then(|stem| humpty_tablebase::Material::parse(stem).ok())
                .is_some_and(|m| m.men() <= men)
        })
        .collect();
    names.sort();
    let mut out = Vec::new();
    for name in &names {
        let path = from.join(name);
        let bytes =
            std::fs::read(&path).map_err(|e| SiteError::Write(path.display().to_string(), e))?;
        out.push((format!("tables/{name}"), bytes));
    }
    out.push((
        "tables/list.json".into(),
        to_json(&TableList { tables: &names })
            .to_string()
            .into_bytes(),
    ));
    Ok(out)
}

/// What the static board knows without a server (`data.js`): the legend,
/// the levels, the review's budget and the puzzle themes' names.
#[derive(Serialize)]
struct SiteData {
    pieces: Vec<PieceInfo>,
    levels: level::Levels,
    skill_movetime_ms: u64,
    review: ReviewBudget,
    /// Each puzzle theme's name and line for people.
    themes: BTreeMap<&'static str, ThemeInfo>,
}

/// A puzzle theme for people, as the server's `/api/puzzles/themes` gives it.
#[derive(Serialize)]
struct ThemeInfo {
    name: &'static str,
    description: &'static str,
}

/// The review's budget for the page: the server's (the worker runs the
/// server's review code, humpty-analysis).
#[derive(Serialize)]
struct ReviewBudget {
    nodes: u64,
}

/// `tables/list.json`: the table files the folder holds.
#[derive(Serialize)]
struct TableList<'a> {
    tables: &'a [String],
}

/// Write the site into `dir` (made if missing), with the endgame tables of
/// at most `men` men from `tables` in `dir/tables` (listed in
/// `tables/list.json` for the page); how many files.
pub fn write(dir: &Path, tables: Option<(&Path, usize)>) -> Result<usize, SiteError> {
    let mut files = files()?;
    if let Some((from, men)) = tables {
        files.extend(table_files(from, men)?);
    }
    for (name, bytes) in &files {
        let path = dir.join(name);
        let shown = path.display().to_string();
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| SiteError::Write(shown.clone(), e))?;
        }
        std::fs::write(&path, bytes).map_err(|e| SiteError::Write(shown, e))?;
    }
    Ok(files.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_static_pages_take_the_page_files_they_name() {
        let shared = shared_files();
        for name in [
            "style.css",
            "favicon.svg",
            "movelist.js",
            "reviewview.js",
            "puzzleview.js",
            // Imported by the modules, not named by the pages.
            "controller.js",
            "premove.js",
            "dom.js",
        ] {
            assert!(shared.contains(&name), "{name} in {shared:?}");
        }
        // The served board's own scripts are not the static board's.
        for name in ["app.js", "friends.js", "served.js", "index.html"] {
            assert!(!shared.contains(&name), "{name} in {shared:?}");
        }
        let own: Vec<&str> = SITE_FILES.iter().map(|(n, _)| *n).collect();
        assert!(
            own.contains(&"site.js") && own.contains(&"index.html"),
            "{own:?}"
        );
    }
}
