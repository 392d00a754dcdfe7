// The served board's state and its calls to the server, for every panel
// of the served page. `page` holds what app.js makes at start (the board
// controller, and how a state from the server is taken in), so that the
// panels reach it without importing app.js (no import cycle).

import { say } from "./dom.js";

export const ui = {
  game: null,        // the last state from the server
  thinking: false,   // the server says the engine is thinking
  seat: null,        // this page's seat key, in a game between two people
  color: null,       // ... and the side it plays
  analysis: null,    // EventSource of the running analysis
  lines: {},         // multipv -> latest info
  levels: [],
};

// ---------- server calls ----------

export async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok) throw new Error(data.error || `HTTP ${res.status}`);
  return data;
}

export const gamePath = (rest = "") => `/api/games/${ui.game.id}${rest}`;

export async function act(method, rest, body, where = "msg-play") {
  try {
    const state = await api(method, gamePath(rest), body);
    say("", where);
    page.receive(state);
    return state;
  } catch (e) {
    say(e.message, where);
    return null;
  }
}

// Filled by app.js: the board controller, receive(state) and
// humanMayMove().
export const page = { controller: null, receive: null, humanMayMove: null };
