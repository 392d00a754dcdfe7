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
        "return !document.getElementById('friend-links').hidden && humpty.ui.color === 'white'",
    );
    let link = browser.js("return document.getElementById('friend-link').value");
    let mut friend = Browser::start();
    friend.diagnostic = DIAGNOSTIC;
    friend.call("POST", "/url", Some(json!({ "url": link })));
    friend.wait_for(
        "the friend's seat",
        "return typeof humpty !== 'undefined' && humpty.ui.color === 'black' && humpty.controller.flipped && location.hash === ''",
    );
    browser
        .js("humpty.controller.tryMove(humpty.ui.game.legal[0].from, humpty.ui.game.legal[0].to)");
    friend.wait_for(
        "White's move",
        "return humpty.ui.game.moves.length === 1 && humpty.ui.game.turn === 'black'",
    );
    assert_eq!(friend.js("return humpty.humanMayMove()"), json!(true));
    assert_eq!(browser.js("return humpty.humanMayMove()"), json!(false));
    friend
        .js("humpty.controller.tryMove(humpty.ui.game.legal[0].from, humpty.ui.game.legal[0].to)");
    browser.wait_for(
        "Black's move",
        "return humpty.ui.game.moves.length === 2 && humpty.ui.game.turn === 'white'",
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
        "return humpty.ui.game.result && humpty.ui.game.result.reason === 'agreement'",
    );
    let watch = browser.js("return document.getElementById('watch-link').value");
    friend.call("POST", "/url", Some(json!({ "url": watch })));
    friend.wait_for(
        "the watcher's board",
        "return typeof humpty !== 'undefined' && !!humpty.ui.game && humpty.ui.game.moves.length === 2",
    );
    // The friend's browser keeps its seat key, so it is still Black here.
    assert_eq!(friend.js("return humpty.ui.color"), json!("black"));
    rematch_and_back(browser, &friend);
    browser.new_game("#new-white");
    browser.wait_for(
        "a game against the engine again",
        "return humpty.ui.game.human === 'white' && humpty.ui.game.moves.length === 0",
    );
}

/// A rematch after the game: White asks, Black accepts, and both pages
/// go to the new game with the colours swapped. The finished game stays
/// reachable: opened again by its address, it stays on screen (it does
/// not jump to the rematch again), with a button to the rematch.
fn rematch_and_back(browser: &Browser, friend: &Browser) {
    let old = browser.js("return humpty.ui.game.id");
    let old = old.as_str().unwrap_or_default().to_string();
    browser.click("#rematch");
    friend.wait_for(
        "the rematch asked",
        "const b = document.getElementById('rematch'); return !b.hidden && b.textContent === 'Accept rematch'",
    );
    friend.click("#rematch");
    for (page, color) in [(browser, "black"), (friend, "white")] {
        page.wait_for(
            "the rematch, colours swapped",
            &format!("return humpty.ui.game.id !== '{old}' && humpty.ui.color === '{color}' && humpty.ui.game.moves.length === 0"),
        );
    }
    let url = browser.js(&format!("return location.origin + '/g/{old}'"));
    browser.call("POST", "/url", Some(json!({ "url": url })));
    browser.wait_for(
        "the finished game again",
        &format!("return typeof humpty !== 'undefined' && !!humpty.ui.game && humpty.ui.game.id === '{old}' && !document.getElementById('rematch-go').hidden"),
    );
    // Time for a jump that must not come.
    std::thread::sleep(std::time::Duration::from_millis(800));
    assert_eq!(
        browser.js("return humpty.ui.game.id"),
        json!(old),
        "it stays"
    );
    browser.click("#rematch-go");
    browser.wait_for(
        "the rematch from its button",
        &format!("return humpty.ui.game.id !== '{old}' && humpty.ui.color === 'black'"),
    );
}
