// Play a friend: a game with two secret seat links and a watch link. The
// page holding a seat's key (from its link's #seat=..., kept in this
// browser) moves that side, resigns for it, offers or answers a draw and
// asks for a rematch; a page without a key watches.
// The colour the person at this page moves, if just one.

import { clockChoice } from "./clock.js";
import { $, say } from "./dom.js";
import { openGame } from "./games.js";
import { seatKey } from "./seats.js";
import { act, api, ui } from "./served.js";

export function myColor() {
  const g = ui.game;
  if (!g) return null;
  if (g.human === "friends") return ui.color;
  return g.human === "white" || g.human === "black" ? g.human : null;
}

async function playFriend() {
  try {
    const state = await api("POST", "/api/games", { friend: true, human: "white", clock: clockChoice() });
    try { localStorage.setItem(seatKey(state.id), state.seats.white); } catch (e) { /* private mode */ }
    const origin = location.origin;
    $("friend-link").value = origin + state.seats.links.friend;
    $("watch-link").value = origin + state.seats.links.watch;
    say("", "msg-new");
    await openGame(state.id);
    $("friend-links").hidden = false;
  } catch (e) {
    say(e.message, "msg-new");
  }
}

// The buttons of a game between two people, from the server's state.
export function drawFriend(state) {
  const friends = state.human === "friends";
  $("friend-controls").hidden = !friends;
  if (!friends) { $("friend-links").hidden = true; return; }
  const me = ui.color;
  const over = state.status.over && state.ply === state.moves.length;
  const offered = state.draw_offer;
  const re = state.rematch;
  $("draw-offer").hidden = !me || over || offered === me;
  $("draw-accept").hidden = $("draw-decline").hidden = !me || over || !offered || offered === me;
  $("rematch").hidden = !me || !over || !!re.id || re.offered_by === me;
  $("rematch").textContent = re.offered_by && re.offered_by !== me ? "Accept rematch" : "Rematch";
  let text = me ? `You play ${me}.` : "You are watching.";
  if (offered) text += ` ${offered === "white" ? "White" : "Black"} offers a draw.`;
  if (re.offered_by && !re.id) text += ` ${re.offered_by === "white" ? "White" : "Black"} asks for a rematch.`;
  $("friend-status").textContent = text;
  // My offer gone while the game goes on: the other declined it (lichess
  // says so to the one who offered).
  if (me && ui.myOffer === state.id && offered !== me && !state.result) say("Your draw offer was declined.", "msg-play", "info");
  ui.myOffer = offered === me ? state.id : null;
  $("rematch-go").hidden = !(re.id && me);
  // The page follows a rematch made while it shows the game, once; the
  // finished game opened again (a reload, Back, the games list) stays on
  // screen, with a button to the rematch.
  if (!re.id) ui.rematchAwaited = state.id;
  else if (me && ui.rematchAwaited === state.id && ui.game.id === state.id) {
    ui.rematchAwaited = null;
    openRematch(re.id);
  }
}

// Both asked: this page's key plays the other colour in the new game.
function openRematch(id) {
  try { localStorage.setItem(seatKey(id), ui.seat); } catch (e) { /* private mode */ }
  openGame(id).catch((e) => say(e.message, "msg-play"));
}

export function wireFriends() {
  $("new-friend").onclick = () => playFriend();
  $("draw-offer").onclick = () => act("POST", "/draw", { seat: ui.seat, action: "offer" });
  $("draw-accept").onclick = () => act("POST", "/draw", { seat: ui.seat, action: "accept" });
  $("draw-decline").onclick = () => act("POST", "/draw", { seat: ui.seat, action: "decline" });
  $("rematch").onclick = () => act("POST", "/rematch", { seat: ui.seat });
  $("rematch-go").onclick = () => { if (ui.game.rematch && ui.game.rematch.id) openRematch(ui.game.rematch.id); };
  for (const [button, field] of [["copy-friend", "friend-link"], ["copy-watch", "watch-link"]]) {
    $(button).onclick = () => navigator.clipboard && navigator.clipboard.writeText($(field).value)
      .then(() => say("Link copied", "msg-new", "ok"));
  }
}
