// A seat in a game between two people: its secret key, from the seat
// link's fragment or as kept in this browser, and which side it gives
// this page (friends.js plays it; games.js finds it when a game opens).

import { $ } from "./dom.js";
import { api, ui } from "./served.js";

export const seatKey = (id) => `humpty-seat-${id}`;

// The key of this game's seat in this browser: from the link's fragment
// (then taken out of the address bar), else as kept.
function seatFromLink(id) {
  const m = location.hash.match(/^#seat=([0-9a-f]{32,64})$/);
  if (m) {
    try { localStorage.setItem(seatKey(id), m[1]); } catch (e) { /* private mode */ }
    history.replaceState(null, "", location.pathname);
    return m[1];
  }
  try { return localStorage.getItem(seatKey(id)); } catch (e) { return null; }
}

// Which side this page plays in `state` (null: it watches, or it is not a
// game between two people).
export async function findSeat(state) {
  ui.seat = null;
  ui.color = null;
  if (state.human !== "friends") return;
  const key = seatFromLink(state.id);
  if (!key) return;
  try {
    const r = await api("POST", `/api/games/${state.id}/seat`, { seat: key });
    ui.seat = key;
    ui.color = r.color;
  } catch (e) { /* not a key of this game: watch */ }
}
