//! The tablebase panel in Chromium on both boards (issue 48): with
//! `humpty serve --tb DIR`, and on the static board written by `humpty
//! site DIR --tb TABLES` (the tables read in WebAssembly, each fetched when
//! a position needs it), a position the tables hold shows its exact result
//! and every move's, best first; a click on a move plays it and the panel
//! follows; a position they do not hold shows no panel.
//!
//! Needs `chromium` and `chromium-driver`; `.ci/run` runs it with
//! `cargo test --release --test browser_tablebase -- --ignored`.

mod common;

use common::static_site::StaticServer;
use common::webdriver::Browser;
use humpty::tablebase::make::make;
use humpty::tablebase::Material;
use humpty::web::{ServeConfig, Server};
use humpty::Position;
use serde_json::json;

const FEN: &str = "k11/12/12/12/12/12/12/5QK5 w - - 0 1";

/// The KQvK table (and what it leads to), made into a folder of its own.
fn tables(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("humpty-browser-tb-{name}-{}", std::process::id()));
    make(&[Material::parse("KQvK").unwrap()], &dir, 2, &|_| {}).unwrap();
    dir
}

#[test]
#[ignore = "needs chromium and chromedriver: run by .ci/run"]
fn the_served_board_shows_the_tables_and_plays_their_moves() {
    let dir = tables("served");
    let server = Server::start(&ServeConfig {
        port: 0,
        tablebases: Some(dir.clone()),
        ..ServeConfig::default()
    })
    .unwrap();
    let browser = Browser::start();
    browser.call("POST", "/url", Some(json!({"url": server.url()})));
    browser.wait_for(
        "the board",
        "return document.querySelectorAll('#board [data-square]').length === 96",
    );
    browser.new_game("#new-both");
    // The start position is not in the tables: no panel.
    assert_eq!(
        browser.js("return document.getElementById('tablebase-box').hidden"),
        json!(true)
    );
    browser.set_fen(FEN);
    check_panel_and_play(&browser);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[ignore = "needs chromium and chromedriver: run by .ci/run"]
fn the_static_board_reads_the_tables_in_the_browser() {
    let tables = tables("site");
    let site = StaticServer::start(&["--tb".as_ref(), tables.as_os_str()]);
    let browser = Browser::start();
    browser.call(
        "POST",
        "/url",
        Some(json!({"url": format!("{}index.html", site.url())})),
    );
    browser.wait_for(
        "the board",
        "return document.querySelectorAll('#board [data-square]').length === 96",
    );
    assert_eq!(
        browser.js("return document.getElementById('tablebase-box').hidden"),
        json!(true)
    );
    browser.click("#new-both");
    browser.js(&format!(
        "document.getElementById('fen-input').value = '{FEN}'"
    ));
    browser.click("#set-fen");
    check_panel_and_play(&browser);
    // Only the tables the position needed were fetched.
    let fetched = browser.js("return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.endsWith('.htb')).map(n => n.split('/').pop())");
    assert_eq!(fetched, json!(["KQvK.htb"]));
    drop(site);
    std::fs::remove_dir_all(&tables).ok();
}

/// The panel of the KQvK position, then its best move played by a click.
fn check_panel_and_play(browser: &Browser) {
    browser.wait_for("the panel", "return !document.getElementById('tablebase-box').hidden && document.querySelectorAll('#tablebase tbody tr').length > 0");
    let result = browser.js("return document.getElementById('tablebase-result').textContent");
    assert_eq!(result, json!("White to move: win (DTZ 13 · DTM 13)"));
    let legal = Position::from_fen(FEN).unwrap().legal_moves().len();
    let rows = browser.js("return [...document.querySelectorAll('#tablebase tbody tr')].map(r => [r.querySelector('button').dataset.uci, r.cells[1].textContent, r.cells[2].textContent])");
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), legal, "every legal move is listed");
    // Best first: the quickest mates, each a win for White.
    assert_eq!(rows[0][1], json!("Win"));
    assert_eq!(rows[0][2], json!("DTZ 12 · DTM 12"));
    let dtm = |r: &serde_json::Value| {
        r[2].as_str()
            .unwrap()
            .rsplit(' ')
            .next()
            .unwrap()
            .parse::<u32>()
            .unwrap_or(0)
    };
    assert!(
        rows.windows(2).all(|w| dtm(&w[0]) <= dtm(&w[1])),
        "sorted quickest first: {rows:?}"
    );
    // A click plays the move; the panel now speaks for Black, who loses.
    let best = rows[0][0].as_str().unwrap().to_string();
    browser.click(&format!("#tablebase button[data-uci='{best}']"));
    browser.wait_for("the panel after the move", "return document.getElementById('tablebase-result').textContent.startsWith('Black to move: loss')");
    assert_eq!(
        browser.js("return document.getElementById('tablebase-result').textContent"),
        json!("Black to move: loss (DTZ 12 · DTM 12)")
    );
    let played = browser.js("return document.getElementById('fen').textContent");
    assert_eq!(
        played.as_str().unwrap().split(' ').nth(1),
        Some("b"),
        "the move was played: {played}"
    );
}
