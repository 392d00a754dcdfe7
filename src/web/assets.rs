//! The page's files, compiled into the binary so that the board works
//! offline and needs no build step: HTML, CSS, the script, and the piece
//! drawings (SVG, in the script).

use super::http::Reply;

/// (name, MIME type, contents).
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("assets/index.html"),
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
pub fn exists(name: &str) -> bool {
    FILES.iter().any(|(n, _, _)| *n == name)
}

/// The file as a reply (callers check `exists` first; an unknown name gets
/// the page itself).
pub fn page(name: &str) -> Reply {
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
