//! The two web clients (the served board and the static board) are two
//! adapters over one board controller: no top-level function or class is
//! defined by both (each shared piece lives once, in a file both pages
//! load).

use std::collections::BTreeSet;
use std::path::Path;

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

/// The scripts a page loads by `<script ... src="...">`, as file names.
pub fn page_scripts(html: &str) -> Vec<String> {
    html.match_indices("<script")
        .filter_map(|(i, _)| {
            let tag = &html[i..i + html[i..].find('>')?];
            let src = tag.split("src=\"").nth(1)?.split('"').next()?;
            Some(src.trim_start_matches('/').to_string())
        })
        .collect()
}

/// What the served page's own scripts and the static page's own scripts
/// both define: the scripts both pages load are shared, not duplicated.
pub fn defined_by_both(assets: &Path) -> Vec<String> {
    let read = |p: &Path| std::fs::read_to_string(p).unwrap();
    let served = page_scripts(&read(&assets.join("index.html")));
    let site = page_scripts(&read(&assets.join("site/index.html")));
    let mut served_defs = BTreeSet::new();
    for name in served.iter().filter(|n| !site.contains(n)) {
        served_defs.extend(definitions(&read(&assets.join(name))));
    }
    let mut site_defs = BTreeSet::new();
    for entry in std::fs::read_dir(assets.join("site")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "js") {
            site_defs.extend(definitions(&read(&path)));
        }
    }
    served_defs.intersection(&site_defs).cloned().collect()
}
