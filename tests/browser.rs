//! The web board in a real browser (issue 12): Debian's chromium, headless,
//! driven over WebDriver by chromedriver. Counts the squares and pieces,
//! picks up Frogs and compares the highlighted squares with the rules
//! core's legal moves (also a Frog blocked at the River), plays a move and
//! waits for the engine's reply, and saves a screenshot.
//!
//! Needs `chromium` and `chromium-driver` (apt-get); `.ci/run` installs them
//! and runs `cargo test --release --test browser -- --ignored`.
//! `HUMPTY_SCREENSHOT=docs/web.png` also writes the picture there.

mod common;
#[path = "served/friends.rs"]
mod served_friends;

use common::board_checks;
use common::served_page::destinations;
use common::variation_checks;
use common::webdriver::{decode_base64, Browser};
use humpty::web::{ServeConfig, Server};
use humpty::Position;
use serde_json::json;
use std::time::Duration;

/// What the served page says when a wait times out.
const DIAGNOSTIC: &str = "return [document.getElementById('message').textContent, document.getElementById('status').textContent, document.getElementById('fen').textContent, JSON.stringify(humpty.ui.game && humpty.ui.game.level), humpty.ui.thinking]";

#[test]
#[ignore = "needs chromium and chromedriver: run by .ci/run"]
fn the_board_plays_by_the_rules_in_chromium() {
    let server = Server::start(&ServeConfig {
        port: 0,
        max_searches: 2,
        ..ServeConfig::default()
    })
    .unwrap();
    let mut browser = Browser::start();
    browser.diagnostic = DIAGNOSTIC;
    browser.call("POST", "/url", Some(json!({"url": server.url()})));
    browser.wait_for(
        "the board",
        "return document.querySelectorAll('#board [data-piece]').length === 48",
    );
    let squares = browser.js("return document.querySelectorAll('#board [data-square]').length");
    assert_eq!(squares, json!(96));
    let start = browser.fen();
    assert_eq!(start, json!(Position::START_FEN));
    assert_eq!(
        browser.js("return document.getElementById('status').textContent"),
        json!("White to move")
    );
    let levels =
        browser.js("return [...document.querySelectorAll('#level option')].map(o => o.value)");
    let levels: Vec<&str> = levels
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(levels[0], "level--11", "weakest first: {levels:?}");
    assert!(
        levels.contains(&"level-19") && levels.contains(&"maximum"),
        "{levels:?}"
    );
    frog_move_and_engine_reply(&browser);
    river_hopper_and_drag(&browser);
    promotion_picker(&browser);
    browser.new_game("#new-both");
    board_checks::a_long_game_reads_in_rows(&browser);
    preferences_are_remembered(&browser);
    arrows_and_circles(&browser);
    premove_is_played_after_the_reply(&browser);
    keyboard_moves(&browser);
    review_graph_and_jump(&browser);
    eval_bar_turns_with_the_board(&browser);
    screenshot_with_analysis(&browser);
    analysis_in_this_browser(&browser);
    set_fen_with_the_engine_to_move(&browser);
    ten_moves_against_a_beginner(&browser);
    review_marks_a_planted_blunder(&browser);
    reload_keeps_the_game_level_and_clock(&browser);
    abort_before_both_moved(&browser);
    variations_on_the_analysis_board(&browser);
    served_friends::two_browsers_play_through_seat_links(&browser);
    phone_promotion_picker(&browser);
}

/// Playing White, a FEN with Black to move: the server has the engine
/// answer, with nothing more from the page.
fn set_fen_with_the_engine_to_move(browser: &Browser) {
    browser.new_game("#new-white");
    browser.wait_for(
        "a new game",
        "return humpty.ui.game.moves.length === 0 && humpty.ui.game.human === 'white'",
    );
    let fen = "k11/12/12/12/12/12/12/5fK5 b - - 0 1";
    browser.js(&format!(
        "document.getElementById('fen-input').value = '{fen}'"
    ));
    browser.click("#set-fen");
    browser.wait_for(
        "the engine's answer to the FEN",
        &format!("return humpty.ui.game.start_fen === '{fen}' && humpty.ui.game.moves.length === 1 && humpty.ui.game.waiting === 'human'"),
    );
}

/// A timed game at a chosen level, reloaded in mid-play: the same game
/// (its address), the same level in the box, the server's clock.
fn reload_keeps_the_game_level_and_clock(browser: &Browser) {
    browser.js("const l = document.getElementById('level'); l.value = 'level-2'; document.getElementById('clock-choice').value = '180+2';");
    browser.new_game("#new-white");
    browser.wait_for("the timed game", "return !!humpty.ui.game.clock && humpty.ui.game.moves.length === 0 && location.pathname === '/g/' + humpty.ui.game.id");
    browser
        .js("humpty.controller.tryMove(humpty.ui.game.legal[0].from, humpty.ui.game.legal[0].to)");
    browser.wait_for(
        "the engine's reply",
        "return humpty.ui.game.moves.length === 2 && humpty.ui.game.waiting === 'human'",
    );
    board_checks::resign_after_both_moved(browser);
    let before = browser.js("return [location.pathname, humpty.ui.game.level, humpty.ui.game.clock.black_ms, humpty.ui.game.moves.map(m => m.uci)]");
    browser.call("POST", "/refresh", Some(json!({})));
    browser.wait_for(
        "the game after the reload",
        "return typeof humpty !== 'undefined' && !!humpty.ui.game && humpty.ui.game.moves.length === 2",
    );
    let after = browser.js("return [location.pathname, humpty.ui.game.level, humpty.ui.game.clock.black_ms, humpty.ui.game.moves.map(m => m.uci)]");
    assert_eq!(before, after, "same game, level and Black's clock");
    assert_eq!(
        browser.js("return document.getElementById('level').value"),
        json!("level-2")
    );
    let clock = browser.js("return [document.getElementById('clock-bottom').hidden, document.getElementById('clock-bottom').textContent]");
    assert_eq!(clock[0], json!(false));
    // 3 minutes, a quick move, 2 s increment: about 3:02 and running down.
    let text = clock[1].as_str().unwrap();
    assert!(
        text.starts_with("White 3:0") || text.starts_with("White 2:5"),
        "{clock}"
    );
    // Resigning shows the result in the move list and the banner.
    browser.js("window.confirm = () => true");
    browser.click("#resign");
    browser.wait_for(
        "the banner",
        "return !document.getElementById('banner').hidden",
    );
    board_checks::result_is_one_line(browser, "0-1");
    let bar = browser.js("return [document.getElementById('evalbar').classList.contains('unknown'), parseFloat(document.getElementById('evalfill').style.height)]");
    let fill = if browser.js("return humpty.controller.flipped") == json!(true) {
        100
    } else {
        0
    };
    assert_eq!(
        bar,
        json!([false, fill]),
        "a finished game's bar shows its result"
    );
    let shown = browser.js("return [document.querySelector('#moves li.result').textContent, document.getElementById('banner-text').textContent]");
    assert_eq!(shown[0], json!("0-1"));
    assert!(
        shown[1].as_str().unwrap().contains("White resigns"),
        "{shown}"
    );
    browser.save_screenshot("web-over.png");
}

/// The analysis board's variations: a move from an earlier position is
/// drawn in parentheses under the move it replaces, the main line stays,
/// the arrow keys step along the variation, and "Make main line" swaps.
fn variations_on_the_analysis_board(browser: &Browser) {
    browser.new_game("#new-both");
    variation_checks::variations_on_the_analysis_board(browser, "web-variation.png");
}

/// Playing Black, after the engine's first move: the game is aborted.
fn abort_before_both_moved(browser: &Browser) {
    browser.new_game("#new-black");
    browser.wait_for(
        "the engine's first move",
        "return humpty.ui.game.human === 'black' && humpty.ui.game.moves.length === 1 && humpty.ui.game.waiting === 'human'",
    );
    board_checks::abort_before_both_moved(browser);
    assert_eq!(
        browser.js("return humpty.ui.game.result.reason"),
        json!("aborted")
    );
    browser.save_screenshot("web-aborted.png");
}

/// Pieces are named on hover; a move makes its sound; the board theme and
/// the sound switch are applied and stored in the browser.
fn preferences_are_remembered(browser: &Browser) {
    let title = browser.js("return document.querySelector('#board .piece[data-piece]').title");
    assert!(
        title
            .as_str()
            .is_some_and(|t| t.starts_with("White ") || t.starts_with("Black ")),
        "{title}"
    );
    let sound = browser.js("return document.body.dataset.lastSound || ''");
    assert!(
        ["move", "capture", "check", "end"].contains(&sound.as_str().unwrap()),
        "a move made no sound: {sound}"
    );
    browser.js(
        "const t = document.getElementById('theme'); t.value = 'blue'; t.onchange(); \
                const s = document.getElementById('sounds'); s.checked = false; s.onchange();",
    );
    // Kept in the browser; the page reads them back when it loads
    // (`wirePrefs`). (A reload here hangs headless chromium's WebDriver
    // once the page has made a sound.)
    let kept = browser.js("return [document.documentElement.dataset.theme, localStorage.getItem('humpty-theme'), localStorage.getItem('humpty-sounds')]");
    assert_eq!(kept, json!(["blue", "blue", "off"]));
    browser.js(
        "const t = document.getElementById('theme'); t.value = 'wood'; t.onchange(); \
                const s = document.getElementById('sounds'); s.checked = true; s.onchange();",
    );
}

/// While the engine thinks, a move can be queued: a click elsewhere cancels
/// it, and a queued legal move is played as soon as the reply arrives.
fn premove_is_played_after_the_reply(browser: &Browser) {
    browser.new_game("#new-white");
    browser.wait_for(
        "a new game",
        "return humpty.ui.game && humpty.ui.game.moves.length === 0 && !humpty.controller.flipped",
    );
    browser.js("humpty.act('POST', '/settings', { level: { movetime_ms: 2500 } })");
    browser.wait_for(
        "the slower level",
        "return humpty.ui.game.level.movetime_ms === 2500",
    );
    browser.click("#board [data-square='c1']");
    browser.click("#board [data-square='c4']");
    browser.wait_for("the engine thinking", "return humpty.ui.thinking === true");
    // Queue Nd2, cancel it with a click off the board, queue it again.
    board_checks::queue_a_premove(browser);
    // The reply may make Nd2 illegal (a check); then it is dropped.
    browser.wait_for(
        "the reply and the premove",
        "const n = document.querySelectorAll('#moves .mv[data-ply]').length; \
         return n >= 3 || (n === 2 && !humpty.ui.thinking && !humpty.ui.game.legal.some(m => m.from === 'b1' && m.to === 'd2'))",
    );
    let moves = browser.moves();
    if moves.as_array().unwrap().len() >= 3 {
        assert_eq!(moves[2], json!("Nd2"), "{moves}");
        browser.wait_for_moves("the engine's answer to the premove", 4);
    }
    browser.js("humpty.act('POST', '/settings', { level: { name: 'club' } })");
}

/// Squares are reachable by keyboard: Enter on a square presses it.
fn keyboard_moves(browser: &Browser) {
    browser.new_game("#new-both");
    browser.wait_for(
        "an analysis board",
        "return humpty.ui.game && humpty.ui.game.human === 'both' && humpty.ui.game.moves.length === 0",
    );
    for sq in ["c1", "c4"] {
        browser.js(&format!(
            "const s = document.querySelector(\"#board [data-square='{sq}']\"); s.focus(); \
             s.dispatchEvent(new KeyboardEvent('keydown', {{ key: 'Enter', bubbles: true }}))"
        ));
    }
    browser.wait_for_moves("the keyboard move", 1);
    assert_eq!(browser.moves()[0], json!("Fc4"));
}

/// Review: the server reviews the game, the page draws the graph of
/// winning chances and counts; a click on the graph's left edge goes back
/// to the start.
fn review_graph_and_jump(browser: &Browser) {
    // The keyboard step left an analysis board after 1. Fc4.
    browser.js("humpty.act('POST', '/move', { move: 'h7d3' })");
    browser.wait_for_moves("the second move", 2);
    browser.click("#review");
    browser.wait_for(
        "the review",
        "return !!document.querySelector('#review-graph svg') && document.getElementById('review-counts').textContent.startsWith('White:')",
    );
    browser.js(
        "const g = document.getElementById('review-graph'); const r = g.getBoundingClientRect(); \
         g.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: r.left + 1, clientY: r.top + 10 }))",
    );
    browser.wait_for("the jump to the start", "return humpty.ui.game.ply === 0");
}

/// Right-button drags draw arrows and right clicks circles, coloured by the
/// modifier keys; the same shape again removes it, a left click clears all.
fn arrows_and_circles(browser: &Browser) {
    browser.js(
        "window.rightDrag = (from, to, mods) => { \
           const at = (sq) => { const r = document.querySelector(`#board [data-square='${sq}']`).getBoundingClientRect(); \
             return { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }; }; \
           const el = (sq) => document.querySelector(`#board [data-square='${sq}']`); \
           el(from).dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 2, ...at(from), ...mods })); \
           el(to).dispatchEvent(new PointerEvent('pointerup', { bubbles: true, button: 2, ...at(to), ...mods })); };",
    );
    let shapes = "return [...document.querySelectorAll('#shapes [data-shape]')].map(s => [s.dataset.shape, s.dataset.from, s.dataset.to || '', s.dataset.brush || ''])";
    browser.js("rightDrag('e2', 'i6', {})");
    browser.js("rightDrag('d4', 'd4', {})");
    assert_eq!(
        browser.js(shapes),
        json!([["arrow", "e2", "i6", "green"], ["circle", "d4", "", ""]])
    );
    browser.js("rightDrag('e2', 'i6', { shiftKey: true })");
    assert_eq!(
        browser.js(shapes),
        json!([["circle", "d4", "", ""], ["arrow", "e2", "i6", "red"]]),
        "Shift makes the arrow red"
    );
    browser.js("rightDrag('e2', 'i6', { shiftKey: true })");
    assert_eq!(browser.js(shapes), json!([["circle", "d4", "", ""]]));
    browser.js(
        "document.querySelector(\"#board [data-square='a4']\").dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 }))",
    );
    assert_eq!(browser.js(shapes), json!([]), "a left click clears them");
}

/// Playing Black, White's side of the evaluation bar is at the top, as
/// White's pieces are.
fn eval_bar_turns_with_the_board(browser: &Browser) {
    browser.new_game("#new-black");
    browser.wait_for(
        "a game as Black",
        "return document.querySelector('#board .sq').dataset.square === 'l1'",
    );
    let colours = browser.js("return [getComputedStyle(document.getElementById('evalfill')).backgroundColor, getComputedStyle(document.getElementById('evalbar')).backgroundColor]");
    assert_eq!(
        colours,
        json!(["rgb(51, 51, 51)", "rgb(250, 250, 250)"]),
        "the bar's lower part is Black's when the board shows Black at the bottom"
    );
    let unknown =
        browser.js("return document.getElementById('evalbar').classList.contains('unknown')");
    assert_eq!(
        unknown,
        json!(true),
        "no analysis: the bar says it knows nothing"
    );
}

/// On a phone-sized window (390 px wide) the promotion picker, Cancel
/// included, fits inside the viewport.
fn phone_promotion_picker(browser: &Browser) {
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 390, "height": 844})),
    );
    let promo = "6k5/12/12/2F9/12/12/12/6K5 w - - 0 1";
    open_frog_promotion(browser, promo);
    let fits = browser.js("const w = document.documentElement.clientWidth; \
         return [...document.querySelectorAll('.promo-box, .promo-box button')].every(e => { \
           const r = e.getBoundingClientRect(); return r.left >= 0 && r.right <= w; })");
    assert_eq!(fits, json!(true), "the picker overflows a 390 px screen");
    board_checks::picker_is_readable(browser, 4);
    let phone = browser.js(
        "const bar = getComputedStyle(document.getElementById('evalbar')).display; \
         const moves = document.getElementById('moves-box').getBoundingClientRect().top; \
         const others = [...document.querySelectorAll('.panel .box')].filter(b => b.id !== 'moves-box' && !b.hidden); \
         return [bar, others.every(b => b.getBoundingClientRect().top > moves)]",
    );
    assert_eq!(
        phone,
        json!(["none", true]),
        "no bar while not analysing; moves first"
    );
    browser.save_screenshot("phone-promotion.png");
    board_checks::cancel_keeps_the_position(browser);
    browser.new_game("#new-both");
    board_checks::a_long_game_reads_in_rows(browser);
    variation_checks::variations_fit_a_phone(browser, "web-phone-variation.png");
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 1400, "height": 1000})),
    );
}

/// Pick up the Frog on c1, play it, wait for the engine's reply.
fn frog_move_and_engine_reply(browser: &Browser) {
    // Pick up the Frog on c1: its highlights are the rules core's moves.
    browser.click("#board [data-square='c1']");
    assert_eq!(
        browser.highlighted(),
        destinations(Position::START_FEN, "c1")
    );
    // Play it to c4 and wait for the engine's reply.
    browser.click("#board [data-square='c4']");
    browser.wait_for_moves("the engine's reply", 2);
    let moves = browser.moves();
    assert_eq!(moves[0], json!("Fc4"));
    let fen = browser.fen();
    let mut after = Position::startpos();
    after.make_move(after.parse_move("c1c4").unwrap());
    assert_ne!(fen, json!(after.to_fen()), "the engine moved");
    let reply = Position::from_fen(&after.to_fen())
        .unwrap()
        .parse_san(moves[1].as_str().unwrap());
    assert!(reply.is_ok(), "the reply is legal SAN: {moves}");
}

/// A Frog blocked at the River, a Cannon's capture, drag and drop.
fn river_hopper_and_drag(browser: &Browser) {
    // A Frog on d3 with a man on d4 cannot cross the River to d6.
    let blocked = "6k5/1n10/3p8/12/1P1p8/3F8/1C10/6K5 w - - 0 1";
    browser.set_fen(blocked);
    browser.click("#board [data-square='d3']");
    let frog = browser.highlighted();
    assert_eq!(frog, destinations(blocked, "d3"));
    assert!(!frog.contains(&"d6".to_string()));
    // The Cannon's highlights include its capture over the screen on b4.
    browser.click("#board [data-square='b2']");
    assert!(browser.highlighted().contains(&"b7".to_string()));
    // Drag and drop: a drop where the piece cannot go puts it back ...
    browser.drag(
        "#board [data-square='d3'] .piece",
        "#board [data-square='d6']",
    );
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(browser.fen(), json!(blocked));
    let frog = "return document.querySelector(\"#board [data-square='d3'] .piece\").dataset.piece";
    assert_eq!(browser.js(frog), json!("F"));
    // ... and a drop on a legal square plays the move (the Cannon's capture
    // over its screen), and the engine replies.
    browser.drag(
        "#board [data-square='b2'] .piece",
        "#board [data-square='b7']",
    );
    browser.wait_for_moves("the dragged capture and the reply", 2);
    let moves = browser.moves();
    assert_eq!(moves[0], json!("Cxb7"), "{moves}");
}

/// From `fen`, move the Frog on c5 to c8 and wait for the picker.
fn open_frog_promotion(browser: &Browser, fen: &str) {
    browser.set_fen(fen);
    browser.click("#board [data-square='c5']");
    browser.click("#board [data-square='c8']");
    browser.wait_for(
        "the picker",
        "return !document.getElementById('promotion').hidden",
    );
}

/// The promotion picker's choices.
fn promotion_picker(browser: &Browser) {
    // Promotion: the picker offers exactly the legal choices. White has a
    // Queen, so a Frog reaching the last rank may become a Gnu or a Tank, or
    // stay a Frog.
    let promo = "6k5/12/12/2F9/12/12/12/Q5K5 w - - 0 1";
    open_frog_promotion(browser, promo);
    board_checks::picker_is_readable(browser, 3);
    let offered = browser.js("return [...document.querySelectorAll('#promotion button[data-promotion]')].map(b => b.dataset.promotion).sort()");
    let pos = Position::from_fen(promo).unwrap();
    let mut legal: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.to_string().starts_with("c5c8"))
        .map(|m| {
            m.promotion()
                .map_or(String::new(), |k| k.letter().to_string())
        })
        .collect();
    legal.sort();
    assert_eq!(offered, json!(legal));
    assert_eq!(legal, vec!["", "G", "T"]);
    browser.click("#promotion button[data-promotion='G']");
    browser.wait_for(
        "the Gnu",
        "return !!document.querySelector(\"#board [data-square='c8'] [data-piece='G']\")",
    );
}

/// A new game, a move, analysis with two lines, a piece picked up: the
/// picture for docs/web.png.
fn screenshot_with_analysis(browser: &Browser) {
    // A picture with analysis running and a piece picked up.
    browser.new_game("#new-white");
    browser.wait_for("a new game", "return document.querySelectorAll('#moves .mv[data-ply]').length === 0 && document.getElementById('fen').textContent.startsWith('rnflbfkblfnr')");
    browser.click("#board [data-square='e2']");
    browser.click("#board [data-square='i6']");
    browser.wait_for_moves("the engine's reply", 2);
    browser.js("document.getElementById('multipv').value = '2'");
    browser.click("#analyse");
    browser.wait_for(
        "two analysis lines",
        "return document.querySelectorAll('#lines .line').length === 2",
    );
    board_checks::analysis_line_reads(browser, "#lines .line");
    std::thread::sleep(Duration::from_millis(1500));
    let arrow = browser.js("const a = document.querySelector('#shapes [data-brush=engine]'); return a ? a.dataset.from + a.dataset.to : ''");
    assert!(
        browser
            .js("return document.querySelectorAll('#lines .line .pv-move').length")
            .as_u64()
            > Some(1),
        "PV moves are clickable spans"
    );
    let best = browser.js("return humpty.ui.lines[1].uci[0]");
    assert_eq!(arrow, best, "the best move is drawn as an arrow");
    board_checks::analysis_is_drawn(browser);
    browser.click("#board [data-square='k2']");
    let shot = browser.call("GET", "/screenshot", None);
    let png = decode_base64(shot.as_str().unwrap());
    assert_eq!(&png[1..4], b"PNG");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(dir.join("web.png"), &png).unwrap();
    if let Ok(path) = std::env::var("HUMPTY_SCREENSHOT") {
        std::fs::write(path, &png).unwrap();
    }
    browser.click("#stop");
}

/// The page loaded the rules and the engine (it was built after `npm run
/// build`): its highlights come from them, and "In this browser" analyses
/// on the worker engine.
fn analysis_in_this_browser(browser: &Browser) {
    assert_eq!(browser.js("return !!humpty.local.rules"), json!(true));
    browser.click("#stop");
    browser.click("#analyse-local");
    board_checks::analysis_line_reads(browser, "#lines .line");
    board_checks::analysis_is_drawn(browser);
    browser.click("#stop");
}

/// The static board's checks on the served one too: ten moves against the
/// weakest level, clicked square to square.
fn ten_moves_against_a_beginner(browser: &Browser) {
    browser.js("document.getElementById('level').value = 'level--11'");
    browser.new_game("#new-white");
    for n in 1..=10 {
        let fen = browser.fen();
        let pos = Position::from_fen(fen.as_str().unwrap()).unwrap();
        let m = pos.legal_moves()[0];
        browser.click(&format!("#board [data-square='{}']", m.from()));
        browser.click(&format!("#board [data-square='{}']", m.to()));
        if browser.js("return !document.getElementById('promotion').hidden") == json!(true) {
            browser.click("#promotion button");
        }
        browser.wait_for_moves("the engine's reply", 2 * n);
        if browser.js("return humpty.ui.game.status.over") == json!(true) {
            break;
        }
    }
}

/// A review marks a planted blunder: the Rook offered to the King on h7
/// gives the won ending away to bare Kings.
fn review_marks_a_planted_blunder(browser: &Browser) {
    browser.plant_rook_blunder();
    browser.click("#review");
    assert_eq!(
        browser.review_marks("the review's marks"),
        json!(["??", ""])
    );
    board_checks::review_in_the_move_list(browser, "review.png");
}
