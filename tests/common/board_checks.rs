//! What both boards (served and static) must pass alike: they share the
//! element ids (#board, #promotion, #moves, #fen) and the scripts that
//! draw them (input.js, movelist.js).

use super::webdriver::Browser;
use serde_json::{json, Value};

/// The open promotion picker: `choices` buttons, each at least 28x28 px
/// with its picture drawn and its name written, and a Cancel.
pub fn picker_is_readable(browser: &Browser, choices: usize) {
    let v = browser.js(
        "return [...document.querySelectorAll('#promotion button[data-move]')].map(b => { \
           const r = b.getBoundingClientRect(); const s = b.querySelector('svg'); \
           const p = s ? s.getBoundingClientRect() : {width: 0, height: 0}; \
           return [Math.round(r.width), Math.round(r.height), Math.round(p.width), Math.round(p.height), b.innerText.trim()]; })",
    );
    let rows = v.as_array().expect("the choices");
    assert_eq!(rows.len(), choices, "the choices offered: {v}");
    for r in rows {
        let n = |i: usize| r[i].as_i64().unwrap_or(0);
        assert!(
            n(0) >= 28 && n(1) >= 28,
            "a choice of at least 28x28 px: {r}"
        );
        assert!(
            n(2) >= 20 && n(3) >= 20,
            "the choice's picture is drawn: {r}"
        );
        assert!(
            !r[4].as_str().unwrap_or("").is_empty(),
            "the choice's name is written: {r}"
        );
    }
    let cancel = browser.js("return !!document.querySelector('#promotion .promo-cancel')");
    assert_eq!(cancel, json!(true), "the picker has a Cancel");
}

/// Cancel closes the picker and leaves the position as it was.
pub fn cancel_keeps_the_position(browser: &Browser) {
    let before = fen(browser);
    browser.click("#promotion .promo-cancel");
    browser.wait_for(
        "the picker closed",
        "return document.getElementById('promotion').hidden",
    );
    assert_eq!(fen(browser), before, "Cancel plays nothing");
}

/// The move list reads as a score sheet: one row per move number, its
/// number first, White's move left of Black's on the same line.
pub fn move_list_is_in_rows(browser: &Browser, plies: usize) {
    let v = browser.js(
        "return [...document.querySelectorAll('#moves li:not(.result):not(.comment)')].map(li => { \
           const num = li.querySelector('.num'); \
           const mv = [...li.querySelectorAll('.mv')].map(m => m.getBoundingClientRect()); \
           const n = num ? num.getBoundingClientRect() : null; \
           return [num ? num.textContent : '', mv.length, !!n && mv.every(r => Math.abs(r.top - n.top) < 2 && r.left > n.left), \
                   mv.length < 2 || mv[0].right <= mv[1].left + 1]; })",
    );
    let rows = v.as_array().expect("the rows");
    assert_eq!(
        rows.len(),
        plies.div_ceil(2),
        "one row per move number: {v}"
    );
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r[0], json!(format!("{}.", i + 1)), "the row's number: {v}");
        assert_eq!(r[2], json!(true), "the moves beside their number: {r}");
        assert_eq!(r[3], json!(true), "White's move left of Black's: {r}");
    }
}

/// Nothing sticks out of the window sideways.
pub fn no_horizontal_overflow(browser: &Browser, when: &str) {
    let v: Value = browser
        .js("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]");
    assert!(
        v[0].as_i64() <= v[1].as_i64(),
        "the page is wider than the window {when}: {v}"
    );
}

/// A PGN of `line`'s first `plies` moves from the start, in SAN.
pub fn pgn_of(line: &[String], plies: usize) -> String {
    let mut pos = humpty::Position::startpos();
    let mut text = Vec::new();
    for (i, m) in line[..plies].iter().enumerate() {
        let mv = pos.parse_move(m).expect("a legal line");
        if i % 2 == 0 {
            text.push(format!("{}.", i / 2 + 1));
        }
        text.push(pos.san(mv));
        pos.make_move(mv);
    }
    format!("{} *", text.join(" "))
}

fn fen(browser: &Browser) -> Value {
    browser.js("return document.getElementById('fen').textContent")
}

/// Import `pgn` (on an analysis board: nobody replies) and wait for its
/// `plies` moves in the list.
pub fn import_pgn(browser: &Browser, pgn: &str, plies: usize) {
    browser.js(&format!(
        "document.getElementById('pgn-input').value = {}",
        json!(pgn)
    ));
    browser.click("#import-pgn");
    browser.wait_for(
        "the imported game",
        &format!("return document.querySelectorAll('#moves .mv[data-ply]').length === {plies}"),
    );
}

/// A 45-ply game imported on an analysis board reads in 23 rows, and the
/// page stays within the window.
pub fn a_long_game_reads_in_rows(browser: &Browser) {
    let line = super::http::quiet_line(45, 5);
    import_pgn(browser, &pgn_of(&line, 45), 45);
    move_list_is_in_rows(browser, 45);
    no_horizontal_overflow(browser, "with a 45-ply game");
}

/// A finished 45-ply game: the explorer keeps 40 plies of each game, and
/// at ply 45 it says so rather than that no game reached the position.
pub fn explorer_knows_its_plies(browser: &Browser) {
    let line = super::http::quiet_line(45, 5);
    let pgn = pgn_of(&line, 45).replace(" *", " 1-0");
    import_pgn(browser, &pgn, 45);
    let words = browser.wait_for(
        "the explorer at ply 45",
        "const t = document.getElementById('explorer-empty').textContent; \
         return document.getElementById('explorer').dataset.fen === document.getElementById('fen').textContent && t",
    );
    assert_eq!(
        words,
        json!("The explorer keeps the first 40 plies of each game; this position is ply 45."),
    );
    let head = browser.js("return document.getElementById('explorer-head').hidden");
    assert_eq!(head, json!(true), "no table headers over no moves");
}

/// The first analysis line matching `selector` once it reads as every
/// score on both boards does: "+0.63 · depth 12 Nd2 ..." (White's view,
/// signed, two decimals, the depth in words) or "#3 ..." for a mate.
pub fn analysis_line_reads(browser: &Browser, selector: &str) -> String {
    let line = browser.wait_for(
        "an analysis line with its score",
        &format!(
            "const l = document.querySelector('{selector}'); \
             return l && /^([+-]\\d+\\.\\d\\d · depth \\d+|0\\.00 · depth \\d+|#-?\\d+) \\S/.test(l.textContent) && l.textContent"
        ),
    );
    line.as_str().unwrap().to_string()
}

/// Analysis as every board draws it (analysisview.js): each line's moves
/// are buttons that play it, the bar shows a known score, and the first
/// line's first move is the engine's arrow. Returns that move.
pub fn analysis_is_drawn(browser: &Browser) -> String {
    browser
        .wait_for(
            "a line with its moves, the bar and the arrow",
            "const l = document.querySelector('#lines .line'); \
             const a = document.querySelector('#shapes [data-brush=engine]'); \
             const first = l && l.querySelector('.pv-move'); \
             const bar = document.getElementById('evalbar'); \
             if (!first || !a || bar.classList.contains('unknown') || !document.getElementById('evaltext').textContent) return false; \
             return a.dataset.from + a.dataset.to",
        )
        .as_str()
        .unwrap()
        .to_string()
}

/// The result at the foot of the move list has a row of its own and reads
/// on one line ("1/2-1/2" squeezed into the move number's column wraps).
pub fn result_is_one_line(browser: &Browser, result: &str) {
    let v = browser.wait_for(
        "the result in the move list",
        "const e = document.querySelector('#moves li.result'); if (!e) return false; \
         const cell = e.querySelector('.res'); \
         const r = document.createRange(); r.selectNodeContents((cell || e).firstChild); \
         const rects = [...r.getClientRects()]; const list = document.getElementById('moves').clientWidth; \
         return [e.textContent, rects.length, !!cell && cell.getBoundingClientRect().width > list / 2]",
    );
    assert_eq!(
        v,
        json!([result, 1, true]),
        "the result on a row of its own, one line"
    );
}

/// The ply the move list marks as shown (0 at the start).
fn shown_ply(browser: &Browser) -> Value {
    browser
        .js("const c = document.querySelector('#moves .mv.current'); return c ? +c.dataset.ply : 0")
}

/// After a review of the planted blunder (1. Rh7?? Kxh7 from
/// `PLANTED_FEN`), as on lichess: the words under the move, the better
/// move a link to the position where it was missed with its arrow there,
/// the count a jump to it, and a graph as wide as the board that reads the
/// value under the pointer.
/// `shot`: the name of the screenshot taken there.
pub fn review_in_the_move_list(browser: &Browser, shot: &str) {
    let words = browser.wait_for(
        "the review's words in the move list",
        "const c = document.querySelector('#moves li.comment'); return c && c.textContent",
    );
    let words = words.as_str().unwrap_or_default().to_string();
    assert!(
        words.starts_with("Blunder. ") && words.ends_with(" was best.") && !words.contains("Rh7"),
        "{words}"
    );
    // The better move is the Rook's (from h1) or the King's (from a1).
    let from = if words.starts_with("Blunder. R") {
        "h1"
    } else {
        "a1"
    };
    browser.click("#moves li.comment button.better");
    browser.wait_for(
        "the position where the blunder was played",
        "return !document.querySelector('#moves .mv.current') && document.querySelector('#shapes [data-brush=review]') !== null",
    );
    assert_eq!(fen(browser), PLANTED_FEN, "the better move's position");
    let arrow = browser.js(
        "const a = document.querySelector('#shapes [data-brush=review]'); return [a.dataset.from, a.dataset.to]",
    );
    assert_eq!(arrow[0], json!(from), "the better move's arrow: {arrow}");
    browser.save_screenshot(shot);
    // The graph is under the board, as wide; the pointer reads its value.
    let widths = browser.js(
        "const g = document.getElementById('review-graph').getBoundingClientRect(); \
         const b = document.getElementById('board').getBoundingClientRect(); \
         document.getElementById('review-graph').dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: g.right - 1, clientY: g.top + 5 })); \
         return [Math.round(g.width), Math.round(b.width), g.top >= b.bottom, document.getElementById('review-hover').textContent]",
    );
    assert!(
        widths[0].as_i64() >= widths[1].as_i64() && widths[2] == json!(true),
        "the graph under the board, as wide: {widths}"
    );
    let hover = widths[3].as_str().unwrap_or_default();
    assert!(
        hover.starts_with("After 1... Kxh7: White's winning chances "),
        "{hover}"
    );
    // The graph's right end goes to the end; the arrow is not shown there.
    browser.js(
        "const g = document.getElementById('review-graph'); const r = g.getBoundingClientRect(); \
         g.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: r.right - 1, clientY: r.top + 10 }))",
    );
    browser.wait_for(
        "the end of the game",
        "const c = document.querySelector('#moves .mv.current'); return c && c.dataset.ply === '2' && !document.querySelector('#shapes [data-brush=review]')",
    );
    // White's blunder count jumps back to where it was played.
    let count = browser.js(
        "const b = document.querySelector('#review-counts button[data-jump=\"white:blunder\"]'); return b && b.textContent",
    );
    assert_eq!(count, json!("1 blunder"));
    browser.click("#review-counts button[data-jump=\"white:blunder\"]");
    browser.wait_for(
        "the jump to the blunder",
        "return !document.querySelector('#moves .mv.current') && document.querySelector('#shapes [data-brush=review]') !== null",
    );
    assert_eq!(shown_ply(browser), json!(0));
    browser.click("[data-nav=end]");
    browser.wait_for(
        "the end again",
        "const c = document.querySelector('#moves .mv.current'); return c && c.dataset.ply === '2'",
    );
}

/// The planted blunder's start: White's Rook and King against the bare
/// King; 1. Rh7?? Kxh7 gives the win away.
pub const PLANTED_FEN: &str = "6k5/12/12/12/12/12/12/K6R4 w - - 0 1";

/// Learn from your mistakes once `found` (UCI) was judged good: the
/// verdict reads as right, under the board where the eye is, and the
/// move is drawn on the board as an arrow.
pub fn learn_is_beside_the_board(browser: &Browser, found: &str) {
    let v = browser.wait_for(
        "the verdict under the board",
        "const t = document.getElementById('learn-text'); const box = document.getElementById('learn-box').getBoundingClientRect(); \
         const b = document.getElementById('board').getBoundingClientRect(); \
         const a = document.querySelector('#shapes [data-brush=review]'); \
         return t.dataset.verdict === 'right' && a && [box.top >= b.bottom - 1 && box.top < b.bottom + 120, \
           box.left >= b.left - 40 && box.right <= b.right + 40, a.dataset.from + a.dataset.to]",
    );
    assert_eq!(
        v,
        json!([true, true, found]),
        "the verdict under the board, the move's arrow"
    );
}

/// A refused move's words are in the colour of a wrong answer.
pub fn learn_says_wrong(browser: &Browser) {
    let v = browser.js("return document.getElementById('learn-text').dataset.verdict");
    assert_eq!(v, json!("wrong"));
}

/// A reviewed game at 390 px: the review's words, counts and graph fit
/// the window (no sideways scrolling); `shot` names the screenshot.
pub fn review_fits_a_phone(browser: &Browser, shot: &str) {
    let v = browser.wait_for(
        "the review on a phone",
        "const c = document.querySelector('#moves li.comment'); const g = document.getElementById('review-graph'); \
         const w = document.documentElement.clientWidth; \
         return !!c && g.childElementCount > 0 && [c.getBoundingClientRect().right <= w, g.getBoundingClientRect().right <= w, \
           document.getElementById('review-counts').getBoundingClientRect().right <= w]",
    );
    assert_eq!(v, json!([true, true, true]), "the review fits: {v}");
    no_horizontal_overflow(browser, "with a reviewed game");
    browser.js("document.getElementById('moves-box').scrollIntoView()");
    browser.save_screenshot(shot);
}

/// A game against the engine in which the two sides have not both moved
/// is aborted, not resigned, as on lichess: the button says Abort, and once
/// pressed the game ends with no result, the banner says so and offers no
/// review, and the move list's foot reads "Aborted".
pub fn abort_before_both_moved(browser: &Browser) {
    browser.wait_for(
        "the Abort button",
        "const b = document.getElementById('resign'); return b.textContent === 'Abort' && !b.disabled",
    );
    browser.click("#resign");
    let v = browser.wait_for(
        "the aborted game",
        "const b = document.getElementById('banner'); return !b.hidden && \
         [document.getElementById('banner-text').textContent, document.getElementById('banner-review').hidden, \
          document.querySelector('#moves li.result')?.textContent, document.getElementById('resign').disabled, \
          document.getElementById('status').textContent]",
    );
    assert_eq!(
        v,
        json!(["Game aborted", true, "Aborted", true, "Game aborted"])
    );
}

/// Once both sides have moved, the button says Resign again.
pub fn resign_after_both_moved(browser: &Browser) {
    let v = browser
        .js("const b = document.getElementById('resign'); return [b.textContent, b.disabled]");
    assert_eq!(v, json!(["Resign", false]));
}

/// The squares marked for a premove, sorted.
pub const PREMOVE_MARKED: &str =
    "return [...document.querySelectorAll('#board .sq.premove')].map(s => s.dataset.square).sort()";

/// While the engine thinks (both boards): Nd2 is queued, a press off the
/// board cancels it, and it is queued again, to be played after the reply.
pub fn queue_a_premove(browser: &Browser) {
    browser.click("#board [data-square='b1']");
    browser.click("#board [data-square='d2']");
    assert_eq!(browser.js(PREMOVE_MARKED), json!(["b1", "d2"]));
    browser.click("#moves-box h2");
    assert_eq!(
        browser.js(PREMOVE_MARKED),
        json!([]),
        "a press elsewhere cancels"
    );
    browser.click("#board [data-square='b1']");
    browser.click("#board [data-square='d2']");
}
