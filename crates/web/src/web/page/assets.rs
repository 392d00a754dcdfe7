//! The page's files, compiled into the binary so that the board works
//! offline and needs no build step: HTML, CSS, the script, and the piece
//! drawings (SVG, in the script); and the JavaScript package with the
//! rules and the engine in WebAssembly, when the binary was built with it.

use crate::web::net::http::Reply;

// `WASM_PKG`: the WebAssembly builds of bindings/js, when build.rs found them.
include!(concat!(env!("OUT_DIR"), "/wasm_pkg.rs"));
// `PAGE_FILES` and `SITE_FILES`: every file of assets/ and assets/site/,
// listed by build.rs from the folders.
include!(concat!(env!("OUT_DIR"), "/page_assets.rs"));

/// Whether the binary carries the WebAssembly builds.
pub(crate) fn has_wasm() -> bool {
    !WASM_PKG.is_empty()
}

/// The JavaScript package's own scripts (beside `pkg/`), by their path
/// under `/humpty/`: one list for the served board and `humpty site`.
pub(crate) const PACKAGE_SCRIPTS: &[(&str, &str)] = &[
    (
        "index.js",
        include_str!("../../../../../bindings/js/index.js"),
    ),
    (
        "enums.js",
        include_str!("../../../../../bindings/js/enums.js"),
    ),
    (
        "engine/index.js",
        include_str!("../../../../../bindings/js/engine/index.js"),
    ),
    (
        "engine/worker.js",
        include_str!("../../../../../bindings/js/engine/worker.js"),
    ),
    (
        "engine/words.js",
        include_str!("../../../../../bindings/js/engine/words.js"),
    ),
];

/// A file of the JavaScript package as the served board loads it from
/// `/humpty/<path>`: its MIME type and bytes (`None` without the
/// WebAssembly builds, or for a name that is not one of them).
pub(crate) fn package_file(path: &str) -> Option<(&'static str, Vec<u8>)> {
    if !has_wasm() {
        return None;
    }
    if let Some((_, text)) = PACKAGE_SCRIPTS.iter().find(|(name, _)| *name == path) {
        return Some((mime_of(path), text.as_bytes().to_vec()));
    }
    let name = path.strip_prefix("pkg/")?;
    let (_, bytes) = WASM_PKG.iter().find(|(n, _)| *n == name)?;
    Some((mime_of(name), bytes.to_vec()))
}

/// The MIME type of a page's file, by its name's ending (the page's files,
/// the package's and the static site's alike).
pub(crate) fn mime_of(name: &str) -> &'static str {
    let ending = name.rsplit_once('.').map_or("", |(_, e)| e);
    match ending {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "wasm" => "application/wasm",
        "csv" => "text/csv; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// True if the page has a file of this name.
pub(crate) fn exists(name: &str) -> bool {
    PAGE_FILES.iter().any(|(n, _)| *n == name)
}

/// The file as a reply (callers check `exists` first; an unknown name gets
/// the page itself).
pub(crate) fn page(name: &str) -> Reply {
    let (name, body) = PAGE_FILES
        .iter()
        .find(|(n, _)| *n == name)
        .or_else(|| PAGE_FILES.iter().find(|(n, _)| *n == "index.html"))
        .copied()
        .unwrap_or(("index.html", b""));
    Reply::Bytes {
        content_type: mime_of(name),
        body: body.to_vec(),
        download: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_file_has_its_type() {
        assert!(exists("index.html") && exists("app.js") && !exists("site.js"));
        for (name, _) in PAGE_FILES.iter().chain(SITE_FILES) {
            assert_ne!(mime_of(name), "application/octet-stream", "{name}");
        }
        assert_eq!(mime_of("style.css"), "text/css; charset=utf-8");
        assert_eq!(mime_of("humpty_rules_bg.wasm"), "application/wasm");
    }
}
