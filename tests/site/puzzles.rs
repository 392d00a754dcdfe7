//! The static board's puzzle page in Chromium (part of
//! `tests/browser_site.rs`): judged and rated in the worker by the server's
//! code, the states, themes and chart both puzzle pages share.

use super::common;
use super::common::puzzle_checks;
use super::common::webdriver::Browser;
use super::wait_for_board;
use serde_json::{json, Value};

/// Play `m` on the board by clicking its squares (and its promotion).
fn click_move(browser: &Browser, m: humpty::Move) {
    browser.click(&format!("#board .sq[data-square=\"{}\"]", m.from()));
    browser.click(&format!("#board .sq[data-square=\"{}\"]", m.to()));
    if browser.js("return !document.getElementById('promotion').hidden") == json!(true) {
        browser.click(&format!("#promotion button[data-move=\"{m}\"]"));
    }
}

/// The puzzle on the page once it waits for the solver.
fn puzzle_shown(browser: &Browser) -> humpty::puzzles::csv::Row {
    browser.wait_for(
        "the puzzle",
        "return document.getElementById('p-status').textContent.startsWith('Find')",
    );
    let id = browser.js("return document.body.dataset.puzzle");
    common::shipped_puzzle(id.as_str().unwrap())
}

/// Play the puzzle's solution from ply 1; the page's last words.
fn solve(browser: &Browser, row: &humpty::puzzles::csv::Row) -> Value {
    for ply in (1..row.moves.len()).step_by(2) {
        let status = "document.getElementById('p-status').textContent";
        browser.wait_for(
            "the solver's turn",
            &format!("return {status}.startsWith('Find') || {status}.startsWith('That is not')"),
        );
        click_move(browser, row.moves[ply]);
        if ply + 1 < row.moves.len() {
            browser.wait_for("the reply", &format!("return {status}.startsWith('Right')"));
        }
    }
    browser.wait_for(
        "the end",
        "const t = document.getElementById('p-status').textContent; return t.startsWith('Solved') && document.getElementById('p-change').textContent && t",
    )
}

/// The puzzles with no server: judged and rated in the worker by the
/// server's code. A wrong move fails the attempt (rated down, once); the
/// next puzzle solved cleanly is rated up; the rating survives a reload.
pub fn puzzles_with_no_server(browser: &Browser, url: &str) {
    browser.call(
        "POST",
        "/url",
        Some(json!({"url": format!("{url}puzzles.html")})),
    );
    let row = puzzle_shown(browser);
    let pos = row.position_at(1);
    let wrong = pos
        .legal_moves()
        .into_iter()
        .find(|&m| m != row.moves[1] && m.promotion().is_none())
        .unwrap();
    click_move(browser, wrong);
    browser.wait_for(
        "the wrong move",
        "return document.getElementById('p-status').textContent.startsWith('That is not the move') && document.getElementById('p-change').textContent",
    );
    let change = browser.js("return document.getElementById('p-change').textContent");
    assert!(change.as_str().unwrap().starts_with('-'), "{change}");
    puzzle_checks::rating_chart_has(browser, 1);
    let end = solve(browser, &row);
    assert_eq!(
        end,
        json!("Solved, but not cleanly: a wrong move or a hint came first.")
    );
    puzzle_checks::over_state_is_shown(browser);
    // Retry: fresh, a hint marks the piece to move in plain words.
    browser.click("#p-retry");
    puzzle_shown(browser);
    puzzle_checks::fresh_state_is_shown(browser);
    browser.click("#p-hint");
    let from = row.moves[1].from().to_string();
    browser.wait_for("the hinted piece", &format!("return document.querySelector('#board .sq[data-square=\"{from}\"]').classList.contains('selected')"));
    puzzle_checks::is_not_red(browser, "p-message");
    browser.click("#p-solution");
    browser.wait_for(
        "the solution",
        "return document.getElementById('p-status').textContent === 'That was the solution.'",
    );
    puzzle_checks::over_state_is_shown(browser);
    assert_eq!(
        browser.js("return document.querySelectorAll('#board .sq.selected').length"),
        json!(0),
        "no hint left after the solution"
    );
    browser.click("#p-next");
    let row = puzzle_shown(browser);
    puzzle_checks::fresh_state_is_shown(browser);
    assert_eq!(solve(browser, &row), json!("Solved!"));
    puzzle_checks::over_state_is_shown(browser);
    let shot = browser.call("GET", "/screenshot", None);
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let png = common::webdriver::decode_base64(shot.as_str().unwrap());
    std::fs::write(dir.join("site-puzzles.png"), png).unwrap();
    puzzle_checks::rating_chart_has(browser, 2);
    let change = browser.js("return document.getElementById('p-change').textContent");
    assert!(change.as_str().unwrap().starts_with('+'), "{change}");
    let rating = browser.js("return document.getElementById('p-rating').textContent");
    browser.call("POST", "/refresh", Some(json!({})));
    puzzle_shown(browser);
    assert_eq!(
        browser.js("return document.getElementById('p-rating').textContent"),
        rating
    );
    puzzle_checks::rating_chart_has(browser, 2);
    // Analyse this position: the puzzle's start on the analysis board.
    let start = puzzle_shown(browser).start.to_fen();
    browser.click("#p-solution");
    browser.wait_for(
        "the solution",
        "return !document.getElementById('p-analyse').hidden",
    );
    browser.click("#p-analyse");
    browser.wait_for(
        "the analysis board",
        &format!(
            "return document.getElementById('fen').textContent === {}",
            json!(start)
        ),
    );
    browser.call("POST", "/url", Some(json!({"url": url})));
    wait_for_board(browser);
}
