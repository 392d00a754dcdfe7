//! The puzzle trainer in Chromium (issue 31): solve a puzzle by clicking
//! (the rating goes up), fail one (it goes down), take a hint (the piece
//! to move is marked), reload and keep the rating, and the 390 px phone
//! layout.
//!
//! Needs `chromium` and `chromium-driver`; `.ci/run` runs it with
//! `cargo test --release --test browser_puzzles -- --ignored`.
//! `HUMPTY_SCREENSHOT_DIR=DIR` also saves the pictures there.

mod common;

use common::puzzle_checks;
use common::webdriver::{decode_base64, Browser};
use humpty::web::{ServeConfig, Server};
use serde_json::{json, Value};

const DIAGNOSTIC: &str = "return [document.getElementById('p-status').textContent, document.getElementById('p-message').textContent, location.pathname]";

/// The shipped puzzle with this id (the test knows the answers; the page
fn save_screenshot(browser: &Browser, name: &str) {
    if let Some(dir) = std::env::var_os("HUMPTY_SCREENSHOT_DIR") {
        let shot = browser.call("GET", "/screenshot", None);
        std::fs::write(
            std::path::Path::new(&dir).join(name),
            decode_base64(shot.as_str().unwrap()),
        )
        .unwrap();
    }
}

/// Wait for the player's turn in a puzzle; its id.
fn ready(browser: &Browser) -> String {
    browser.wait_for("the player's turn", "return humpty.P.attempt && !humpty.P.done && humpty.P.last && document.getElementById('p-status').textContent.startsWith('Find') && humpty.P.puzzle.id")
        .as_str()
        .unwrap()
        .to_string()
}

fn rating(browser: &Browser) -> f64 {
    browser
        .js("return Number(document.getElementById('p-rating').textContent)")
        .as_f64()
        .unwrap()
}

/// Click a move's squares (and its promotion, if the picker opens).
fn click_move(browser: &Browser, uci: &str) {
    let from = &uci[..uci.find(|c: char| c.is_ascii_digit()).unwrap() + 1];
    let to_start = from.len();
    let digits = uci[to_start + 1..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(uci.len(), |i| to_start + 1 + i);
    let to = &uci[to_start..digits];
    browser.click(&format!("#board .sq[data-square=\"{from}\"]"));
    browser.click(&format!("#board .sq[data-square=\"{to}\"]"));
    let picker = browser.js("return !document.getElementById('promotion').hidden");
    if picker == json!(true) {
        browser.click(&format!("#promotion button[data-move=\"{uci}\"]"));
    }
}

#[test]
#[ignore = "needs chromium and chromedriver: run by .ci/run"]
fn puzzles_are_solved_failed_hinted_and_rated_in_the_browser() {
    let server = Server::start(&ServeConfig {
        port: 0,
        ..ServeConfig::default()
    })
    .unwrap();
    let mut browser = Browser::start();
    browser.diagnostic = DIAGNOSTIC;
    browser.call(
        "POST",
        "/url",
        Some(json!({"url": format!("{}puzzles", server.url())})),
    );
    // Solve one.
    let id = ready(&browser);
    let start = rating(&browser);
    let row = common::shipped_puzzle(&id);
    for (i, m) in row.moves.iter().enumerate().skip(1).step_by(2) {
        click_move(&browser, &m.to_string());
        if i + 1 < row.moves.len() {
            let reply = row.moves[i + 1].to_string();
            browser.wait_for("the opponent's reply", &format!("return humpty.P.last === '{reply}' && document.getElementById('p-status').textContent.startsWith('Find')"));
        }
    }
    browser.wait_for(
        "solved",
        "return document.getElementById('p-status').textContent === 'Solved!'",
    );
    puzzle_checks::over_state_is_shown(&browser);
    puzzle_checks::rating_chart_has(&browser, 1);
    browser.wait_for(
        "a higher rating",
        &format!("return Number(document.getElementById('p-rating').textContent) > {start}"),
    );
    let solved = rating(&browser);
    assert_eq!(
        browser.js("return document.getElementById('p-analyse').hidden"),
        json!(false),
        "analyse this position is offered"
    );
    // A hint marks the piece to move; a wrong move fails the puzzle.
    browser.click("#p-next");
    let id = browser
        .wait_for(
            "the next puzzle",
            &format!("return humpty.P.puzzle.id !== '{id}' && humpty.P.last && !humpty.P.done && humpty.P.puzzle.id"),
        )
        .as_str()
        .unwrap()
        .to_string();
    ready(&browser);
    let row = common::shipped_puzzle(&id);
    browser.click("#p-hint");
    let from = row.moves[1].from().to_string();
    browser.wait_for("the hinted piece", &format!("return document.querySelector('#board .sq[data-square=\"{from}\"]').classList.contains('selected')"));
    let wrong: Value = browser.js(&format!(
        "return humpty.P.legal.find(m => m !== '{}')",
        row.moves[1]
    ));
    click_move(&browser, wrong.as_str().unwrap());
    browser.wait_for(
        "the wrong move shown",
        "return document.getElementById('p-message').textContent === 'Wrong move'",
    );
    browser.wait_for(
        "a lower rating",
        &format!("return Number(document.getElementById('p-rating').textContent) < {solved}"),
    );
    let failed = rating(&browser);
    // The solution: the hint's mark and words go, the attempt is over.
    browser.click("#p-solution");
    browser.wait_for(
        "the solution shown",
        "return document.getElementById('p-status').textContent === 'That was the solution.'",
    );
    puzzle_checks::over_state_is_shown(&browser);
    assert_eq!(
        browser.js("return [document.querySelectorAll('#board .sq.selected').length, document.getElementById('p-message').textContent]"),
        json!([0, ""]),
        "no hint left after the solution"
    );
    puzzle_checks::rating_chart_has(&browser, 2);
    // Retry: the same puzzle, fresh (practice: not rated again).
    browser.click("#p-retry");
    ready(&browser);
    puzzle_checks::fresh_state_is_shown(&browser);
    browser.click("#p-hint");
    browser.wait_for(
        "the hint's words",
        "return document.getElementById('p-message').textContent === 'Move the marked piece.'",
    );
    puzzle_checks::is_not_red(&browser, "p-message");
    // A reload keeps the player and the rating, and resumes the open
    // attempt instead of dealing another puzzle.
    browser.call("POST", "/refresh", Some(json!({})));
    ready(&browser);
    assert_eq!(rating(&browser), failed);
    assert_eq!(
        browser.js("return humpty.P.puzzle.id"),
        json!(id),
        "the same puzzle"
    );
    puzzle_checks::rating_chart_has(&browser, 2);
    // On a phone: the board fills the width, the buttons stay on screen.
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 390, "height": 844})),
    );
    browser.wait_for("the phone layout", "return window.innerWidth <= 400");
    let square = browser
        .js("return document.querySelector('#board .sq').getBoundingClientRect().width")
        .as_f64()
        .unwrap();
    assert!(square >= 28.0, "squares of {square} px");
    let fits = browser.js("return [...document.querySelectorAll('#p-hint, #p-next, #board')].every(e => e.getBoundingClientRect().right <= window.innerWidth + 1)");
    assert_eq!(fits, json!(true));
    save_screenshot(&browser, "phone-puzzles.png");
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 1400, "height": 1000})),
    );
    save_screenshot(&browser, "puzzles.png");
}
