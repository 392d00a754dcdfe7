//! "Play a friend" in two Chromium windows (part of `tests/browser.rs`).

use super::common::webdriver::Browser;
use super::DIAGNOSTIC;
use serde_json::json;

/// "Play a friend": the friend opens the seat link in another browser;
/// each moves its own side and sees the other's moves; the third party's
/// watch link shows the game but moves nothing.
pub fn two_browsers_play_through_seat_links(browser: &Browser) {
    browser.click("#new-friend");
    browser.wait_for(
        "the seat links",
        "return !document.getElementById('friend-links').hidden && ui.color === 'white'",
    );
    let link = browser.js("return document.getElementById('friend-link').value");
    let mut friend = Browser::start();
    friend.diagnostic = DIAGNOSTIC;
    friend.call("POST", "/url", Some(json!({ "url": link })));
    friend.wait_for(
        "the friend's seat",
        "return typeof ui !== 'undefined' && ui.color === 'black' && ui.flipped && location.hash === ''",
    );
    browser.js("tryMove(ui.game.legal[0].from, ui.game.legal[0].to)");
    friend.wait_for(
        "White's move",
        "return ui.game.moves.length === 1 && ui.game.turn === 'black'",
    );
    assert_eq!(friend.js("return humanMayMove()"), json!(true));
    assert_eq!(browser.js("return humanMayMove()"), json!(false));
    friend.js("tryMove(ui.game.legal[0].from, ui.game.legal[0].to)");
    browser.wait_for(
        "Black's move",
        "return ui.game.moves.length === 2 && ui.game.turn === 'white'",
    );
    // Black offers a draw and White declines: Black is told.
    friend.click("#draw-offer");
    browser.wait_for(
        "the offer",
        "return !document.getElementById('draw-decline').hidden",
    );
    browser.click("#draw-decline");
    friend.wait_for(
        "the decline told",
        "return document.getElementById('msg-play').textContent === 'Your draw offer was declined.'",
    );
    // Black offers again; White's page shows Accept, and accepts.
    friend.click("#draw-offer");
    browser.wait_for(
        "the offer",
        "return !document.getElementById('draw-accept').hidden",
    );
    browser.click("#draw-accept");
    friend.wait_for(
        "the agreed draw",
        "return ui.game.result && ui.game.result.reason === 'agreement'",
    );
    let watch = browser.js("return document.getElementById('watch-link').value");
    friend.call("POST", "/url", Some(json!({ "url": watch })));
    friend.wait_for(
        "the watcher's board",
        "return typeof ui !== 'undefined' && !!ui.game && ui.game.moves.length === 2",
    );
    // The friend's browser keeps its seat key, so it is still Black here.
    assert_eq!(friend.js("return ui.color"), json!("black"));
    browser.new_game("#new-white");
    browser.wait_for(
        "a game against the engine again",
        "return ui.game.human === 'white' && ui.game.moves.length === 0",
    );
}
