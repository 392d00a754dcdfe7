//! The served board's tablebase panel in Chromium (issue 48): with
//! `humpty serve --tb DIR` a position the tables hold shows its exact
//! result and every move's, best first; a click on a move plays it and the
//! panel follows; a position they do not hold shows no panel.
//!
//! Needs `chromium` and `chromium-driver`; `.ci/run` runs it with
//! `cargo test --release --test browser_tablebase -- --ignored`.

mod common;

use common::webdriver::Browser;
use humpty::tablebase::make::make;
use humpty::tablebase::Material;
use humpty::web::{ServeConfig, Server};
use humpty::Position;
use serde_json::json;

#[test]
#[ignore = "needs chromium and chromedriver: run by .ci/run"]
fn the_tablebase_panel_shows_exact_results_and_plays_its_moves() {
    let dir = std::env::temp_dir().join(format!("humpty-browser-tb-{}", std::process::id()));
    make(&[Material::parse("KQvK").unwrap()], &dir, 2, &|_| {}).unwrap();
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
    let fen = "k11/12/12/12/12/12/12/5QK5 w - - 0 1";
    browser.set_fen(fen);
    browser.wait_for("the panel", "return !document.getElementById('tablebase-box').hidden && document.querySelectorAll('#tablebase tbody tr').length > 0");
    let result = browser.js("return document.getElementById('tablebase-result').textContent");
    assert_eq!(result, json!("White to move: win (DTZ 13 · DTM 13)"));
    let legal = Position::from_fen(fen).unwrap().legal_moves().len();
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
    browser.wait_for_moves("the panel's move", 1);
    browser.wait_for("the panel after the move", "return document.getElementById('tablebase-result').textContent.startsWith('Black to move: loss')");
    assert_eq!(
        browser.js("return document.getElementById('tablebase-result').textContent"),
        json!("Black to move: loss (DTZ 12 · DTM 12)")
    );
    std::fs::remove_dir_all(&dir).ok();
}
