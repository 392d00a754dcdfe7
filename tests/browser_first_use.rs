//! What a new user hit on the served board (issue 32), in Chromium: the
//! front page reopens the browser's game instead of making one per visit,
//! the levels are grouped with a beatable default, "Engine move" after the
//! engine's reply hands the side over, stale analysis goes when the
//! position changes, a finished game cannot be taken back and every banner
//! starts a new game, a finished review comes back after a reload (and
//! its blunder becomes an exercise: learn from your mistakes), the opening
//! explorer counts the finished games, and
//! "How the pieces move" opens next to the board, readable on a phone.
//!
//! Needs `chromium` and `chromium-driver`; `.ci/run` runs it with
//! `cargo test --release --test browser_first_use -- --ignored`.
//! `HUMPTY_SCREENSHOT_DIR=DIR` also saves the phone's picture there.

mod common;

use common::webdriver::{decode_base64, Browser};
use humpty::web::{ServeConfig, Server};
use serde_json::json;

const DIAGNOSTIC: &str = "return [document.getElementById('msg-new').textContent, document.getElementById('msg-play').textContent, document.getElementById('status').textContent, location.pathname]";

#[test]
#[ignore = "needs chromium and chromedriver: run by .ci/run"]
fn a_new_user_finds_the_board_as_expected() {
    let server = Server::start(&ServeConfig {
        port: 0,
        max_searches: 2,
        ..ServeConfig::default()
    })
    .unwrap();
    let mut browser = Browser::start();
    browser.diagnostic = DIAGNOSTIC;
    let first = open_front_page(&browser, &server);
    let again = open_front_page(&browser, &server);
    assert_eq!(first, again, "a second visit reopens the game");
    levels_are_grouped(&browser);
    engine_move_after_the_reply(&browser);
    stale_analysis_goes(&browser);
    finished_games_stay_finished(&browser);
    take_back_waits_for_your_move(&browser);
    the_explorer_shows_the_finished_games(&browser);
    browser.new_game("#new-both");
    common::board_checks::explorer_knows_its_plies(&browser);
    a_review_comes_back_after_a_reload(&browser);
    the_pieces_card(&browser);
    on_a_phone(&browser);
}

/// Open `/` and wait for a game; its id.
fn open_front_page(browser: &Browser, server: &Server) -> String {
    browser.call("POST", "/url", Some(json!({"url": server.url()})));
    let id = browser.wait_for(
        "a game on the front page",
        "return !!humpty.ui.game && location.pathname === '/g/' + humpty.ui.game.id && humpty.ui.game.id",
    );
    id.as_str().unwrap().to_string()
}

fn levels_are_grouped(browser: &Browser) {
    let groups =
        browser.js("return [...document.querySelectorAll('#level optgroup')].map(g => g.label)");
    assert_eq!(
        groups,
        json!(["Beginner", "Club", "Strong", "Full strength", "custom"])
    );
    assert_eq!(
        browser.js("return document.getElementById('level').value"),
        json!("level--6")
    );
    let doubled = browser.js("return [...document.querySelectorAll('#level option')].filter(o => o.textContent.includes('--')).length");
    assert_eq!(doubled, json!(0));
    assert_eq!(browser.js("return humpty.ui.game.level.skill"), json!(-6));
}

fn engine_move_after_the_reply(browser: &Browser) {
    browser.js("document.getElementById('level').value = 'level--11'");
    browser.new_game("#new-white");
    browser.js("humpty.act('POST', '/move', { move: humpty.ui.game.legal[0].uci })");
    browser.wait_for_moves("the engine's reply", 2);
    browser.wait_for("the person's turn", "return !humpty.ui.thinking");
    browser.click("#engine-go");
    browser.wait_for_moves("the engine's move for White", 3);
    assert_eq!(browser.js("return humpty.ui.game.human"), json!("black"));
}

fn stale_analysis_goes(browser: &Browser) {
    browser.new_game("#new-both");
    browser.click("#analyse");
    browser.wait_for(
        "analysis lines",
        "return document.querySelectorAll('#lines .line').length > 0",
    );
    browser.click("#stop");
    browser.set_fen("6k5/12/12/12/12/12/12/K6R4 w - - 0 1");
    let lines = browser.js("return document.querySelectorAll('#lines .line').length");
    assert_eq!(lines, json!(0), "the old position's lines are gone");
}

fn finished_games_stay_finished(browser: &Browser) {
    for new in ["#new-white", "#new-friend"] {
        browser.new_game(new);
        browser
            .js("humpty.act('POST', '/move', { move: humpty.ui.game.legal[0].uci, seat: humpty.ui.seat || undefined })");
        browser.wait_for_moves("a move", if new == "#new-white" { 2 } else { 1 });
        browser.js("humpty.act('POST', '/resign', { seat: humpty.ui.seat || undefined })");
        browser.wait_for(
            "the banner",
            "return !document.getElementById('banner').hidden",
        );
        assert_eq!(
            browser.js("return document.getElementById('undo').disabled"),
            json!(true)
        );
        // Shown at an earlier ply, the finished game is still finished.
        browser.click("#moves .mv[data-ply=\"1\"]");
        browser.wait_for("ply 1 shown", "return humpty.ui.game.ply === 1");
        assert_eq!(
            browser.js("return ['resign', 'engine-go', 'undo'].map(id => document.getElementById(id).disabled)"),
            json!([true, true, true]),
            "resign, engine move, take back at an earlier ply of a finished game"
        );
        let old = browser.js("return humpty.ui.game.id");
        browser.click("#banner-new");
        browser.wait_for(
            "a new game from the banner",
            &format!("return humpty.ui.game.id !== {old} && humpty.ui.game.moves.length === 0"),
        );
        assert_eq!(
            browser.js("return document.getElementById('msg-new').textContent"),
            json!("")
        );
    }
}

/// Playing Black, there is nothing to take back before Black's first move
/// (the engine's opening move is not yours); after it there is.
fn take_back_waits_for_your_move(browser: &Browser) {
    browser.new_game("#new-black");
    browser.wait_for_moves("the engine's first move", 1);
    assert_eq!(
        browser.js("return document.getElementById('undo').disabled"),
        json!(true),
        "no take-back before Black moved"
    );
    browser.js("humpty.act('POST', '/move', { move: humpty.ui.game.legal[0].uci })");
    browser.wait_for_moves("the engine's reply", 3);
    browser.wait_for(
        "take back offered",
        "return !document.getElementById('undo').disabled",
    );
}

/// The opening explorer beside the board counts the two games just
/// finished (both opened with the first legal move), and a click on its
/// move plays it.
fn the_explorer_shows_the_finished_games(browser: &Browser) {
    browser.new_game("#new-both");
    let first = browser.wait_for(
        "the explorer's moves",
        "const r = document.querySelector('#explorer tbody tr'); return r && [r.querySelector('button').dataset.uci, r.children[1].textContent]",
    );
    assert_eq!(first[1], "2", "two finished games: {first}");
    assert_eq!(first[0], browser.js("return humpty.ui.game.legal[0].uci"));
    browser.js("document.getElementById('explorer-box').scrollIntoView()");
    save_screenshot(browser, "explorer.png");
    browser.click("#explorer tbody tr button");
    browser.wait_for_moves("the explorer's move played", 1);
}

fn a_review_comes_back_after_a_reload(browser: &Browser) {
    browser.plant_rook_blunder();
    browser.click("#review");
    assert_eq!(browser.review_marks("the review"), json!(["??", ""]));
    let url = browser.js("return location.href");
    browser.call("POST", "/url", Some(json!({ "url": url })));
    assert_eq!(
        browser.review_marks("the review after a reload"),
        json!(["??", ""])
    );
    learn_from_the_blunder(browser);
}

/// Learn from your mistakes: the planted blunder is offered, the blunder
/// itself is refused, and a move that keeps the Rook is accepted with the
/// better line.
fn learn_from_the_blunder(browser: &Browser) {
    browser.wait_for(
        "the exercises",
        "return !document.getElementById('learn').hidden",
    );
    browser.click("#learn");
    browser.wait_for(
        "the exercise",
        "return humpty.ui.game.ply === 0 && document.getElementById('learn-text').textContent.startsWith('Find a better move for White')",
    );
    let arrow = browser.js("return humpty.shapes.review.length");
    assert_eq!(
        arrow,
        json!(0),
        "the answer is not drawn while it is an exercise"
    );
    browser.click("#board .sq[data-square=\"h1\"]");
    browser.click("#board .sq[data-square=\"h7\"]");
    browser.wait_for(
        "the blunder refused",
        "return document.getElementById('learn-text').textContent.includes('not better')",
    );
    common::board_checks::learn_says_wrong(browser);
    browser.click("#board .sq[data-square=\"h1\"]");
    browser.click("#board .sq[data-square=\"h2\"]");
    browser.wait_for(
        "the better move accepted",
        "return document.getElementById('learn-text').textContent.startsWith('Well found')",
    );
    common::board_checks::learn_is_beside_the_board(browser, "h1h2");
    assert_eq!(
        browser.js("return humpty.ui.game.moves.length"),
        json!(2),
        "the game's moves are untouched"
    );
    save_screenshot(browser, "learn.png");
    browser.click("#learn-stop");
}

fn the_pieces_card(browser: &Browser) {
    assert_eq!(
        browser.js("return document.getElementById('pieces-card').hidden"),
        json!(true)
    );
    browser.click("#pieces-open");
    let boards = browser.js("return [...document.querySelectorAll('#pieces-list .mini')].map(b => b.querySelectorAll('.dot').length)");
    let boards = boards.as_array().unwrap();
    assert_eq!(boards.len(), 12, "one small board a piece");
    assert!(boards.iter().all(|n| n.as_u64().unwrap() > 0), "{boards:?}");
    let cannon = browser.js("return [...document.querySelectorAll('#pieces-list li')].find(li => li.textContent.includes('Cannon')).querySelectorAll('.ring').length");
    assert_eq!(cannon, json!(1), "the Cannon's capture over its screen");
    // Next to the board: its top is near the board's foot (under the
    // banner, the status and the review's graph of the game just reviewed).
    let gap = browser.js("return document.getElementById('pieces-card').getBoundingClientRect().top - document.getElementById('board').getBoundingClientRect().bottom");
    assert!(gap.as_f64().unwrap() < 300.0, "{gap}");
    save_screenshot(browser, "desktop-pieces-card.png");
}

/// Save what the browser shows under `HUMPTY_SCREENSHOT_DIR`, if set.
fn save_screenshot(browser: &Browser, name: &str) {
    if let Some(dir) = std::env::var_os("HUMPTY_SCREENSHOT_DIR") {
        let shot = browser.call("GET", "/screenshot", None);
        let png = decode_base64(shot.as_str().unwrap());
        std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
    }
}

fn on_a_phone(browser: &Browser) {
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 390, "height": 844})),
    );
    browser.wait_for("the phone layout", "return window.innerWidth <= 400");
    let square =
        browser.js("return document.querySelector('#board .sq').getBoundingClientRect().width");
    assert!(square.as_f64().unwrap() >= 30.0, "squares of {square} px");
    let ranks = browser.js("const r = document.getElementById('ranks'); const s = getComputedStyle(r); return [s.display, parseFloat(s.fontSize), r.children.length]");
    assert_eq!(ranks[0], "grid", "rank numbers beside the board");
    assert!(ranks[1].as_f64().unwrap() >= 12.0, "{ranks}");
    assert_eq!(ranks[2], 8);
    let fits = browser.js("return document.getElementById('pieces-card').getBoundingClientRect().right <= window.innerWidth");
    assert_eq!(fits, json!(true), "the card fits the screen");
    common::board_checks::review_fits_a_phone(browser, "phone-review.png");
    browser.js("window.scrollTo(0, 0)");
    save_screenshot(browser, "phone-first-use.png");
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 1400, "height": 1000})),
    );
}
