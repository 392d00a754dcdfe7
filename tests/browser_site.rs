//! The board with no server (issue 30): `humpty site DIR` served by
//! Python's plain static file server, no humpty process running, in
//! headless chromium. Ten moves against a beginner level, a Frog's
//! promotion through the picker, a reload that continues the game,
//! analysis in the browser showing a line with a score, a review that
//! marks a planted blunder and makes it an exercise to learn from, a
//! review the same as the server's, the explorer over the browser's own
//! games, and puzzles judged and rated in the browser.
//!
//! Needs chromium, chromedriver and python3 (`.ci/run` installs them) and a
//! humpty built after `cd bindings/js && npm run build`:
//! `cargo test --release --test browser_site -- --ignored`.

mod common;
#[path = "site/puzzles.rs"]
mod site_puzzles;

use common::board_checks;
use common::http::{act, json_call, new_game};
use common::static_site::StaticServer;
use common::variation_checks;
use common::webdriver::Browser;
use humpty::web::{ServeConfig, Server};
use humpty::{Position, Square};
use serde_json::{json, Value};

/// What the offline page says when a wait times out.
const DIAGNOSTIC: &str = "return [document.getElementById('status')?.textContent, document.getElementById('message')?.textContent, document.getElementById('fen')?.textContent, document.getElementById('msg-play')?.textContent, document.getElementById('p-status')?.textContent]";

fn fen(browser: &Browser) -> String {
    browser
        .js("return document.getElementById('fen').textContent")
        .as_str()
        .unwrap_or("")
        .to_string()
}

fn plies(browser: &Browser) -> usize {
    browser
        .js("return document.querySelectorAll('#moves .mv[data-ply]').length")
        .as_u64()
        .unwrap_or(0) as usize
}

/// Wait for the board of a loaded page.
fn wait_for_board(browser: &Browser) {
    browser.wait_for(
        "the board",
        "return document.querySelectorAll('#board [data-piece]').length > 0 && document.getElementById('status').textContent.includes('to move')",
    );
}

/// Play the first legal move (by the rules core) of the man on a square
/// that has one, by clicking its square and its destination.
fn play_some_move(browser: &Browser) {
    let pos = Position::from_fen(&fen(browser)).unwrap();
    let m = pos.legal_moves()[0];
    browser.click(&format!("#board .sq[data-square=\"{}\"]", m.from()));
    browser.click(&format!("#board .sq[data-square=\"{}\"]", m.to()));
    if m.promotion().is_some()
        || browser.js("return !document.getElementById('promotion').hidden") == json!(true)
    {
        browser.click("#promotion button");
    }
}

/// A new game against the weakest level; ten moves each side.
fn ten_moves_against_a_beginner(browser: &Browser) {
    browser.js("document.getElementById('level').value = 'level--11'");
    browser.click("#new-white");
    browser.wait_for(
        "a new game",
        "return document.querySelectorAll('#moves .mv[data-ply]').length === 0",
    );
    for n in 1..=10 {
        play_some_move(browser);
        browser.wait_for(
            "the engine's reply",
            &format!(
                "return document.querySelectorAll('#moves .mv[data-ply]').length === {}",
                2 * n
            ),
        );
        if n == 1 {
            board_checks::resign_after_both_moved(browser);
        }
        if browser.js("return !document.getElementById('banner').hidden") == json!(true) {
            break;
        }
    }
    assert!(plies(browser) >= 2, "moves were played");
}

/// A new game keeps the last one in the browser's list, which opens it again.
fn games_list_keeps_the_last_game(browser: &Browser) {
    let (before, n) = (fen(browser), plies(browser));
    browser.click("#new-both");
    browser.wait_for(
        "the new game",
        "return document.querySelectorAll('#moves .mv[data-ply]').length === 0",
    );
    browser.wait_for(
        "the kept game",
        "return document.querySelectorAll('#game-list button').length >= 1",
    );
    browser.click("#game-list button");
    browser.wait_for(
        "the kept game on the board",
        &format!("return document.querySelectorAll('#moves .mv[data-ply]').length === {n}"),
    );
    assert_eq!(fen(browser), before);
}

/// Reload the page: the same game, and it goes on.
fn reload_continues(browser: &Browser) {
    let (before, n) = (fen(browser), plies(browser));
    browser.call("POST", "/refresh", Some(json!({})));
    wait_for_board(browser);
    assert_eq!(fen(browser), before);
    assert_eq!(plies(browser), n);
    play_some_move(browser);
    browser.wait_for(
        "a reply after the reload",
        &format!(
            "return document.querySelectorAll('#moves .mv[data-ply]').length === {}",
            n + 2
        ),
    );
}

/// A Frog on c7 steps to d8 and becomes a Gnu through the picker, which
/// offers exactly the rules' choices (stay, Queen, Gnu, Tank).
fn frog_promotion(browser: &Browser) {
    browser.click("#new-both");
    let start = "11k/2F9/12/12/12/12/12/K11 w - - 0 1";
    browser.js(&format!(
        "document.getElementById('fen-input').value = '{start}'"
    ));
    browser.click("#set-fen");
    browser.wait_for(
        "the Frog's position",
        &format!("return document.getElementById('fen').textContent === '{start}'"),
    );
    browser.click("#board .sq[data-square=\"c7\"]");
    browser.click("#board .sq[data-square=\"d8\"]");
    board_checks::picker_is_readable(browser, 4);
    browser.save_screenshot("site-promotion.png");
    board_checks::cancel_keeps_the_position(browser);
    browser.click("#board .sq[data-square=\"c7\"]");
    browser.click("#board .sq[data-square=\"d8\"]");
    let offered = browser.js("return [...document.querySelectorAll('#promotion button[data-move]')].map(b => b.dataset.move).sort()");
    let pos = Position::from_fen(start).unwrap();
    let d8: Square = "d8".parse().unwrap();
    let mut legal: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.to() == d8)
        .map(|m| m.to_string())
        .collect();
    legal.sort();
    assert_eq!(offered, json!(legal));
    browser.click("#promotion button[data-move=\"c7d8g\"]");
    browser.wait_for(
        "the Gnu on d8",
        "return document.getElementById('fen').textContent.startsWith('3G7k/')",
    );
}

/// Analysis in the browser shows a line with a score.
fn analysis_shows_a_line(browser: &Browser) {
    browser.click("#new-both");
    browser.click("#analyse");
    board_checks::analysis_line_reads(browser, "#lines .line");
    // The same lines, bar and arrow as the served board's.
    board_checks::analysis_is_drawn(browser);
    browser.click("#stop");
    // Stopped, the lines of the old position go once the board moves on.
    play_some_move(browser);
    browser.wait_for(
        "the old lines gone",
        "return document.querySelectorAll('#lines .line').length === 0",
    );
}

/// The game's flow as on the served board: nothing to take back before
/// your first move, the King in check marked, the clock menu kept over a
/// reload, and a finished game's banner with its result and Review.
fn game_flow(browser: &Browser) {
    browser.click("#new-black");
    browser.wait_for(
        "the engine's first move",
        "return document.querySelectorAll('#moves .mv[data-ply]').length === 1",
    );
    assert_eq!(
        browser.js("return document.getElementById('undo').disabled"),
        json!(true),
        "no take-back before Black moved"
    );
    board_checks::abort_before_both_moved(browser);
    let check = "k11/12/12/12/12/12/12/R10K b - - 0 1";
    browser.click("#new-both");
    browser.js(&format!(
        "document.getElementById('fen-input').value = '{check}'"
    ));
    browser.click("#set-fen");
    browser.wait_for(
        "the King in check marked",
        "return [...document.querySelectorAll('#board .sq.check')].map(s => s.dataset.square).join() === 'a8'",
    );
    browser.js("const c = document.getElementById('clock-choice'); c.value = '180+2'");
    browser.click("#new-white");
    browser.call("POST", "/refresh", Some(json!({})));
    wait_for_board(browser);
    assert_eq!(
        browser.js("return document.getElementById('clock-choice').value"),
        json!("180+2"),
        "the clock menu says the stored game's clock"
    );
    browser.js("document.getElementById('clock-choice').value = ''");
    board_checks::import_pgn(browser, "1. Nd2 Nd7 1-0", 2);
    let banner = browser.wait_for(
        "the banner",
        "const b = document.getElementById('banner'); return !b.hidden && [document.getElementById('banner-text').textContent, !document.getElementById('banner-review').hidden]",
    );
    assert_eq!(banner, json!(["1-0 · Result as imported: 1-0", true]));
    browser.click("#banner-review");
    browser.wait_for(
        "the review from the banner",
        "return document.getElementById('review-status').textContent === 'done'",
    );
    // The download is the server's PGN: the date, the variant's tags, the
    // review's [%eval] after each move, and it reads back.
    browser.js("window.pgnText = null; const make = URL.createObjectURL; URL.createObjectURL = (b) => { b.text().then(t => { window.pgnText = t; }); return make(b); }");
    browser.click("#pgn-download");
    let text = browser.wait_for("the PGN download", "return window.pgnText");
    let text = text.as_str().unwrap();
    for part in [
        "[Date \"",
        "[Round \"-\"]",
        "[Result \"1-0\"]",
        "[VariantMen \"",
        "1. Nd2",
        "} Nd7",
    ] {
        assert!(text.contains(part), "{part} in {text}");
    }
    assert_eq!(text.matches("[%eval ").count(), 2, "{text}");
    board_checks::import_pgn(browser, text, 2);
}

/// A review in the browser marks a planted blunder: the Rook offered to
/// the King on h7 throws the win away (bare Kings draw).
fn review_marks_a_planted_blunder(browser: &Browser) {
    let pgn = "[FEN \\\"6k5/12/12/12/12/12/12/K6R4 w - - 0 1\\\"]\\n\\n1. Rh7 Kxh7 *";
    browser.js(&format!(
        "document.getElementById('pgn-input').value = \"{pgn}\""
    ));
    browser.click("#import-pgn");
    browser.wait_for(
        "the imported game",
        "return document.querySelectorAll('#moves .mv[data-ply]').length === 2",
    );
    browser.click("#review");
    let marks = browser.wait_for(
        "the review",
        "return document.getElementById('review-status').textContent === 'done' && [...document.querySelectorAll('#moves .mv[data-ply]')].map(e => e.dataset.mark || '')",
    );
    assert_eq!(marks, json!(["??", ""]));
    let counts = browser.js("return document.getElementById('review-counts').textContent");
    // The served board's words: accuracy, the counts, the average loss.
    let counts = counts.as_str().unwrap();
    assert!(
        counts.starts_with("White: accuracy ")
            && counts.contains("%, 0 inaccuracies, 0 mistakes, 1 blunder, average loss ")
            && counts.contains(". Black: accuracy 100%, 0 inaccuracies, 0 mistakes, 0 blunders,"),
        "{counts}"
    );
    board_checks::review_in_the_move_list(browser, "site-review.png");
}

/// Learn from your mistakes after that review: the blunder is the one
/// exercise, a move that keeps the Rook is found (judged in the worker by
/// the server's code), and Stop puts the game's board back.
fn learn_from_the_planted_blunder(browser: &Browser) {
    let offer = browser.wait_for(
        "the learn button",
        "const b = document.getElementById('learn'); return !b.hidden && b.textContent",
    );
    assert_eq!(offer, json!("Learn from your mistakes (1)"));
    let end = fen(browser);
    browser.click("#learn");
    let prompt = browser.js("return document.getElementById('learn-text').textContent");
    assert!(
        prompt
            .as_str()
            .unwrap()
            .contains("Find a better move for White"),
        "{prompt}"
    );
    assert_eq!(fen(browser), board_checks::PLANTED_FEN);
    // The exercise's answer is not on screen meanwhile: no better move in
    // the move list, no arrow.
    let shown = browser.js("const c = document.querySelector('#moves li.comment'); \
         return [c && c.textContent, !!document.querySelector('#shapes [data-brush=review]')]");
    assert_eq!(shown, json!(["Blunder.", false]));
    // The move played is not an answer.
    browser.click("#board .sq[data-square=\"h1\"]");
    browser.click("#board .sq[data-square=\"h7\"]");
    let again = browser.wait_for(
        "the judgement of the move played",
        "const t = document.getElementById('learn-text').textContent; return t.includes('Try again') && t",
    );
    assert!(
        again.as_str().unwrap().contains("Rh7 is the move played"),
        "{again}"
    );
    board_checks::learn_says_wrong(browser);
    browser.click("#board .sq[data-square=\"a1\"]");
    browser.click("#board .sq[data-square=\"b2\"]");
    let found = browser.wait_for(
        "the judgement of Kb2",
        "const t = document.getElementById('learn-text').textContent; return t.startsWith('Yes') && t",
    );
    assert!(
        found.as_str().unwrap().starts_with("Yes: Kb2 is good."),
        "{found}"
    );
    board_checks::learn_is_beside_the_board(browser, "a1b2");
    browser.click("#learn-next");
    let done = browser.js("return document.getElementById('learn-text').textContent");
    assert_eq!(done, json!("No more mistakes to learn from."));
    assert_eq!(fen(browser), end, "the game's board is back");
}

/// The browser's review is the server's (humpty-analysis in both homes):
/// the same game at the same budget gets the same report, move for move:
/// scores, marks and better lines.
fn review_matches_the_server(browser: &Browser) {
    let line = common::http::quiet_line(10, 11);
    let pgn = board_checks::pgn_of(&line, 10);
    board_checks::import_pgn(browser, &pgn, 10);
    browser.click("#review");
    let page = browser.wait_for_within(
        "the review",
        "return document.getElementById('review-status').textContent === 'done' && JSON.parse(localStorage.getItem('humpty-site-game')).review",
        std::time::Duration::from_secs(300),
    );
    let server = Server::start(&ServeConfig {
        port: 0,
        ..ServeConfig::default()
    })
    .expect("server starts");
    let g = new_game(server.addr(), json!({"human": "both"}));
    let id = g["id"].as_str().unwrap();
    assert_eq!(act(server.addr(), id, "pgn", json!({ "pgn": pgn })).0, 200);
    let nodes = json!({ "nodes": humpty::web::review::DEFAULT_NODES });
    assert_eq!(act(server.addr(), id, "review", nodes).0, 202);
    let path = format!("/api/games/{id}/review");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    let done = loop {
        let (_, r) = json_call(server.addr(), "GET", &path, json!({}));
        if r["state"] == "done" {
            break r;
        }
        assert!(std::time::Instant::now() < deadline, "{r}");
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    // JavaScript writes 9.0 as 9: numbers are compared as numbers.
    for part in ["moves", "players", "start", "start_win"] {
        assert_eq!(
            as_numbers(&page[part]),
            as_numbers(&done["result"][part]),
            "{part}"
        );
    }
}

/// `v` with every number as a float.
fn as_numbers(v: &Value) -> Value {
    match v {
        Value::Number(n) => json!(n.as_f64()),
        Value::Array(a) => Value::Array(a.iter().map(as_numbers).collect()),
        Value::Object(o) => {
            Value::Object(o.iter().map(|(k, x)| (k.clone(), as_numbers(x))).collect())
        }
        other => other.clone(),
    }
}

/// The explorer over this browser's games (the server's tree in the
/// worker): two finished games from the start, then a new game shows Nd2
/// played twice; a click plays it and the table follows.
fn explorer_counts_your_games(browser: &Browser) {
    for pgn in ["1. Nd2 Nd7 2. Ni2 Ni7 1-0", "1. Nd2 Ni7 0-1"] {
        browser.js(&format!(
            "document.getElementById('pgn-input').value = {}",
            json!(pgn)
        ));
        browser.click("#import-pgn");
    }
    board_checks::result_is_one_line(browser, "0-1");
    browser.click("#new-both");
    let rows = browser.wait_for(
        "the explorer",
        "const r = [...document.querySelectorAll('#explorer tbody tr')].map(t => t.innerText.replace(/\\s+/g, ' ').trim()); return document.getElementById('explorer').dataset.fen === document.getElementById('fen').textContent && r.length && r",
    );
    assert!(rows[0].as_str().unwrap().starts_with("Nd2 2"), "{rows}");
    browser.click("#explorer button[data-uci=\"b1d2\"]");
    let after = browser.wait_for(
        "the explorer after Nd2",
        "const r = [...document.querySelectorAll('#explorer tbody tr')].map(t => t.innerText.replace(/\\s+/g, ' ').trim()); return document.querySelectorAll('#moves .mv[data-ply]').length === 1 && document.getElementById('explorer').dataset.fen === document.getElementById('fen').textContent && r",
    );
    let after: Vec<&str> = after
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(after.len(), 2, "{after:?}");
    assert!(after.iter().all(|r| r.contains(" 1 ")), "{after:?}");
}

/// Drag and drop on the static board: a drop where the man cannot go puts
/// it back; a drop on a legal square plays the move.
fn drag_plays_a_move(browser: &Browser) {
    browser.click("#new-both");
    wait_for_board(browser);
    browser.drag(
        "#board [data-square='b1'] .piece",
        "#board [data-square='b5']",
    );
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert_eq!(plies(browser), 0, "an illegal drop plays nothing");
    let start = fen(browser);
    let pos = Position::from_fen(&start).unwrap();
    let m = pos.legal_moves()[0];
    browser.drag(
        &format!("#board [data-square='{}'] .piece", m.from()),
        &format!("#board [data-square='{}']", m.to()),
    );
    browser.wait_for(
        "the dragged move",
        "return document.querySelectorAll('#moves .mv[data-ply]').length === 1",
    );
    let mut after = pos.clone();
    after.make_move(m);
    assert_eq!(fen(browser), after.to_fen(), "the dragged move is played");
}

/// The variations, as on the served board, and kept over a reload (the
/// tree's text in localStorage) and in the PGN download.
fn variations_are_kept(browser: &Browser) {
    browser.click("#new-both");
    variation_checks::variations_on_the_analysis_board(browser, "site-variation.png");
    // 2. Ni2 again, a variation of 2. c4.
    browser.click("#moves .mv[data-ply=\"2\"]");
    browser.click("#board .sq[data-square=\"k1\"]");
    browser.click("#board .sq[data-square=\"i2\"]");
    let drawn = "return document.querySelector('#moves li.variations')?.textContent";
    browser.wait_for(
        "2. Ni2 a variation",
        &format!("{drawn} === '(2.\\u00a0Ni2)'"),
    );
    browser.call("POST", "/refresh", Some(json!({})));
    wait_for_board(browser);
    browser.wait_for(
        "the variation after a reload",
        &format!("{drawn} === '(2.\\u00a0Ni2)'"),
    );
    // The download's text, read from the blob the page makes.
    browser.js(
        "window.downloaded = null; const make = URL.createObjectURL; \
         URL.createObjectURL = (b) => { b.text().then(t => (window.downloaded = t)); return make.call(URL, b); }",
    );
    browser.click("#pgn-download");
    let pgn = browser.wait_for("the PGN download", "return window.downloaded");
    let pgn = pgn.as_str().unwrap_or_default();
    assert!(pgn.contains("2. c4 (2. Ni2) 2... c5 *"), "{pgn}");
}

/// On a 390 px phone the board takes the width, its squares big enough to
/// touch, and the file letters stand under it.
fn phone_layout(browser: &Browser) {
    browser.call(
        "POST",
        "/window/rect",
        Some(json!({"width": 390, "height": 844})),
    );
    let v = browser.js(
        "const b = document.getElementById('board').getBoundingClientRect(); \
         const f = document.getElementById('files'); \
         return [b.width, document.documentElement.clientWidth, b.width / 12, f && getComputedStyle(f).display !== 'none']",
    );
    let (board, page, square) = (
        v[0].as_f64().unwrap(),
        v[1].as_f64().unwrap(),
        v[2].as_f64().unwrap(),
    );
    assert!(board <= page + 0.5, "the board fits the page: {v}");
    assert!(square >= 28.0, "squares of at least 28 px: {v}");
    assert_eq!(v[3], json!(true), "file letters under the board: {v}");
    board_checks::a_long_game_reads_in_rows(browser);
    let pgn = format!("[FEN \"{}\"]\n\n1. Rh7 Kxh7 *", board_checks::PLANTED_FEN);
    board_checks::import_pgn(browser, &pgn, 2);
    browser.click("#review");
    board_checks::review_fits_a_phone(browser, "site-phone-review.png");
    browser.click("#new-both");
    variation_checks::variations_fit_a_phone(browser, "site-phone-variation.png");
}

/// While the worker engine thinks, a move can be queued, as on the served
/// board: a press off the board cancels it, and a queued legal move is
/// played as soon as the reply arrives.
fn premove_after_the_reply(browser: &Browser) {
    browser.js("document.getElementById('level').value = 'maximum'; document.getElementById('clock-choice').value = ''");
    browser.click("#new-white");
    wait_for_board(browser);
    browser.click("#board [data-square='c1']");
    browser.click("#board [data-square='c4']");
    let thinking =
        "return document.getElementById('status').textContent === 'The engine is thinking…'";
    browser.wait_for("the engine thinking", thinking);
    board_checks::queue_a_premove(browser);
    // The reply may make Nd2 illegal (a check); then it is dropped.
    browser.wait_for(
        "the reply and the premove",
        "return document.querySelectorAll('#moves .mv[data-ply]').length >= 3 || !document.getElementById('status').textContent.includes('thinking')",
    );
    let sans = "return [...document.querySelectorAll('#moves .mv[data-ply]')].map(m => m.textContent.replace(/[?!]+$/, ''))";
    let moves = browser.js(sans);
    if moves.as_array().map_or(0, |m| m.len()) >= 3 {
        assert_eq!(moves[2], json!("Nd2"), "{moves}");
    } else {
        assert!(
            !Position::from_fen(&fen(browser))
                .unwrap()
                .legal_moves()
                .iter()
                .any(|m| m.from().to_string() == "b1" && m.to().to_string() == "d2"),
            "a legal premove was dropped: {moves}"
        );
    }
    assert_eq!(
        browser.js(board_checks::PREMOVE_MARKED),
        json!([]),
        "the premove is spent"
    );
    browser.js("document.getElementById('level').value = 'level--11'");
}

#[test]
#[ignore = "needs chromium, chromedriver, python3 and the WebAssembly build: run by .ci/run"]
fn the_static_board_plays_with_no_server() {
    let server = StaticServer::start(&[]);
    let mut browser = Browser::start();
    browser.diagnostic = DIAGNOSTIC;
    browser.call("POST", "/url", Some(json!({"url": server.url()})));
    wait_for_board(&browser);
    let squares: Value =
        browser.js("return document.querySelectorAll('#board [data-square]').length");
    assert_eq!(squares, json!(96));
    ten_moves_against_a_beginner(&browser);
    reload_continues(&browser);
    games_list_keeps_the_last_game(&browser);
    frog_promotion(&browser);
    drag_plays_a_move(&browser);
    premove_after_the_reply(&browser);
    browser.click("#new-both");
    board_checks::a_long_game_reads_in_rows(&browser);
    board_checks::explorer_knows_its_plies(&browser);
    analysis_shows_a_line(&browser);
    review_marks_a_planted_blunder(&browser);
    learn_from_the_planted_blunder(&browser);
    review_matches_the_server(&browser);
    explorer_counts_your_games(&browser);
    game_flow(&browser);
    variations_are_kept(&browser);
    site_puzzles::puzzles_with_no_server(&browser, &server.url());
    phone_layout(&browser);
}
