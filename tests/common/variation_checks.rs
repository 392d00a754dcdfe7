//! An analysis board's variations, alike on both boards (as on lichess):
//! a move at an earlier ply starts one under the move it replaces, the
//! arrow keys and clicks follow it, and it is played on, made the main
//! line and deleted. Only the page's elements are read, so the served and
//! the static board run the same checks.

use super::board_checks::{import_pgn, no_horizontal_overflow};
use super::webdriver::Browser;
use serde_json::json;

/// The main line's moves in the list, in SAN.
const MAIN_LINE: &str =
    "[...document.querySelectorAll('#moves .mv[data-ply]')].map(e => e.textContent).join(' ')";

fn key(browser: &Browser, key: &str) {
    browser.js(&format!(
        "document.body.dispatchEvent(new KeyboardEvent('keydown', {{key: '{key}', bubbles: true}}))"
    ));
}

fn play(browser: &Browser, from: &str, to: &str) {
    browser.click(&format!("#board .sq[data-square=\"{from}\"]"));
    browser.click(&format!("#board .sq[data-square=\"{to}\"]"));
}

/// On an analysis board: 2. c4 for 2. Ni2 starts a variation drawn under
/// it; back leaves it, a click returns; 2... c5 goes on in it; it is made
/// the main line, and the old line, now a variation, is deleted. `shot`:
/// the screenshot taken with the variation shown.
pub fn variations_on_the_analysis_board(browser: &Browser, shot: &str) {
    import_pgn(browser, "1. Nd2 Nd7 2. Ni2 Ni7", 4);
    browser.click("#moves .mv[data-ply=\"2\"]");
    browser.wait_for(
        "ply 2 shown",
        "return document.querySelector('#moves .mv.current')?.dataset.ply === '2'",
    );
    play(browser, "c3", "c4");
    let shown = browser.wait_for(
        "the variation under 2. Ni2",
        "const v = document.querySelector('#moves li.variations'); return v && [v.textContent, \
         document.querySelectorAll('#moves .mv[data-ply]').length, \
         document.querySelector('#moves .mv.current')?.textContent, \
         document.getElementById('variation-tools').hidden, document.getElementById('status').textContent]",
    );
    assert_eq!(
        shown,
        json!([
            "(2.\u{a0}c4)",
            4,
            "c4",
            false,
            "Black to move (in a variation)"
        ])
    );
    // Its place in the list: after White's 2. Ni2, before Black's Ni7.
    let order = browser.js("return [...document.querySelectorAll('#moves li')].map(l => l.className || [...l.querySelectorAll('.num, .mv')].map(e => e.textContent).join(' '))");
    assert_eq!(
        order,
        json!(["1. Nd2 Nd7", "2. Ni2", "variations", "2. … Ni7"])
    );
    browser.save_screenshot(shot);
    // Back leaves the variation for the main line's ply 2.
    key(browser, "ArrowLeft");
    browser.wait_for(
        "back on the main line",
        "return document.querySelector('#moves .mv.current')?.dataset.ply === '2' && \
         document.getElementById('variation-tools').hidden",
    );
    browser.click("#moves li.variations .mv");
    browser.wait_for(
        "in the variation again",
        "return !document.getElementById('variation-tools').hidden",
    );
    play(browser, "c6", "c5");
    browser.wait_for(
        "2... c5 in the variation",
        "return document.querySelector('#moves li.variations').textContent === '(2.\u{a0}c4 c5)' && \
         document.querySelector('#moves .mv.current')?.textContent === 'c5'",
    );
    browser.click("#var-main");
    let main = browser.wait_for(
        "c4 c5 on the main line",
        &format!(
            "return {MAIN_LINE} === 'Nd2 Nd7 c4 c5' && document.getElementById('variation-tools').hidden && \
             document.querySelector('#moves li.variations').textContent"
        ),
    );
    assert_eq!(main, json!("(2.\u{a0}Ni2 Ni7)"));
    browser.click("#moves li.variations .mv");
    browser.wait_for(
        "in the old line",
        "return !document.getElementById('variation-tools').hidden",
    );
    browser.click("#var-delete");
    browser.wait_for(
        "the old line deleted",
        &format!(
            "return {MAIN_LINE} === 'Nd2 Nd7 c4 c5' && !document.querySelector('#moves li.variations') && \
             document.getElementById('variation-tools').hidden"
        ),
    );
}

/// A PGN with a long variation at 390 px: the variation wraps within the
/// window; `shot`: the screenshot. The window stays 390 px wide.
pub fn variations_fit_a_phone(browser: &Browser, shot: &str) {
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 390, "height": 844})),
    );
    import_pgn(
        browser,
        "1. Nd2 Nd7 2. Ni2 (2. c4 c5 3. Ni2 Ni7 4. d4 d5 5. i4 i5 6. j4 j5 7. l4 l5 8. f4 f5) Ni7 *",
        4,
    );
    browser.wait_for(
        "the long variation drawn",
        "const v = document.querySelector('#moves li.variations'); return v && v.textContent.includes('8.\u{a0}f4 f5')",
    );
    no_horizontal_overflow(browser, "with a long variation at 390 px");
    let inside = browser.js(
        "const w = document.documentElement.clientWidth; \
         return [...document.querySelectorAll('#moves li.variations .mv')].every(e => e.getBoundingClientRect().right <= w)",
    );
    assert_eq!(inside, json!(true), "a variation's move off the screen");
    browser.js("document.querySelector('#moves li.variations').scrollIntoView({block: 'center'})");
    browser.save_screenshot(shot);
}
