//! The page's files, compiled into the binary so that the board works
//! offline and needs no build step: HTML, CSS, the script, and the piece
//! drawings (SVG, in the script); and the JavaScript package with the
//! rules and the engine in WebAssembly, when the binary was built with it.

use crate::web::net::http::Reply;

// `WASM_PKG`: the WebAssembly builds of bindings/js, when build.rs found them.
include!(concat!(env!("OUT_DIR"), "/wasm_pkg.rs"));

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
    let script = "text/javascript; charset=utf-8";
    let source = |text: &str| Some((script, text.as_bytes().to_vec()));
    if !has_wasm() {
        return None;
    }
    if let Some((_, text)) = PACKAGE_SCRIPTS.iter().find(|(name, _)| *name == path) {
        return source(text);
    }
    let name = path.strip_prefix("pkg/")?;
    let (_, bytes) = WASM_PKG.iter().find(|(n, _)| *n == name)?;
    let mime = if name.ends_with(".wasm") {
        "application/wasm"
    } else {
        script
    };
    Some((mime, bytes.to_vec()))
}

/// (name, MIME type, contents).
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
    ),
    (
        "puzzles.html",
        "text/html; charset=utf-8",
        include_str!("assets/puzzles.html"),
    ),
    (
        "puzzles.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/puzzles.js"),
    ),
    (
        "explorer.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/explorer.js"),
    ),
    (
        "tablebase.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/tablebase.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("assets/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/app.js"),
    ),
    (
        "pieces.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/pieces.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/board.js"),
    ),
    (
        "input.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/input.js"),
    ),
    (
        "score.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/score.js"),
    ),
    (
        "puzzleview.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/puzzleview.js"),
    ),
    (
        "movelist.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/movelist.js"),
    ),
    (
        "card.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/card.js"),
    ),
    (
        "levels.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/levels.js"),
    ),
    (
        "analysis.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/analysis.js"),
    ),
    (
        "clock.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/clock.js"),
    ),
    (
        "friends.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/friends.js"),
    ),
    (
        "games.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/games.js"),
    ),
    (
        "review.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/review.js"),
    ),
    (
        "premove.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/premove.js"),
    ),
    (
        "arrows.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/arrows.js"),
    ),
    (
        "local.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/local.js"),
    ),
    (
        "prefs.js",
        "text/javascript; charset=utf-8",
        include_str!("assets/prefs.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("assets/favicon.svg"),
    ),
];

/// True if the page has a file of this name.
pub(crate) fn exists(name: &str) -> bool {
    FILES.iter().any(|(n, _, _)| *n == name)
}

/// The file as a reply (callers check `exists` first; an unknown name gets
/// the page itself).
pub(crate) fn page(name: &str) -> Reply {
    let (_, mime, text) = FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .unwrap_or(&FILES[0]);
    Reply::Bytes {
        content_type: mime,
        body: text.as_bytes().to_vec(),
        download: None,
    }
}
