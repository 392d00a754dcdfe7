// A game's address is /g/<id>: a reload, another tab or another browser
// continues it. The page listens to the game's event stream and draws
// every state the server sends. This browser's games are listed from the
// ids it keeps (localStorage); the server has everything else.

import { stopStream } from "./analysis.js";
import { $, say } from "./dom.js";
import { fillGameList } from "./gamelist.js";
import { loadReview } from "./review.js";
import { findSeat } from "./seats.js";
import { api, page, ui } from "./served.js";

const GAMES_KEY = "humpty-games";
const MAX_REMEMBERED = 100;
let events = null;

export function gameIdFromUrl() {
  const m = location.pathname.match(/^\/g\/([0-9a-f]{8,64})$/);
  return m ? m[1] : null;
}

function rememberedGames() {
  try { return JSON.parse(localStorage.getItem(GAMES_KEY) || "[]").filter((x) => typeof x === "string"); }
  catch (e) { return []; }
}

function rememberGame(id) {
  const ids = [id, ...rememberedGames().filter((x) => x !== id)].slice(0, MAX_REMEMBERED);
  try { localStorage.setItem(GAMES_KEY, JSON.stringify(ids)); } catch (e) { /* private mode */ }
}

// One event stream, for the game shown; the browser reconnects it by
// itself after a network break or a server restart.
function listen(id) {
  if (events && events.gameId === id) return;
  if (events) events.close();
  events = new EventSource(`/api/games/${id}/events`);
  events.gameId = id;
  events.addEventListener("state", (e) => { if (ui.game && ui.game.id === id) page.receive(JSON.parse(e.data)); });
  events.addEventListener("problem", (e) => say(JSON.parse(e.data).error, "msg-play"));
  events.addEventListener("queued", (e) => {
    if (ui.thinking) $("status").textContent = `humpty waits for a free engine: number ${JSON.parse(e.data).position} in the queue…`;
  });
}

// Show a game (from its id, or its state already fetched) and follow it.
export async function openGame(id, push = true, known = null) {
  const state = known || await api("GET", `/api/games/${id}`);
  await findSeat(state);
  stopStream();
  page.controller.premove.cancel();
  page.controller.selected = null;
  ui.game = null;
  page.controller.setFlipped(state.human === "black" || ui.color === "black");
  page.receive(state);
  listen(id);
  loadReview();
  rememberGame(id);
  if (push && location.pathname !== `/g/${id}`) history.pushState(null, "", `/g/${id}`);
  drawGameList();
}

function opponentText(g) {
  if (g.human === "both") return "analysis board";
  if (g.human === "friends") return "two people";
  const named = g.level && ui.levels.find((l) => l.name === g.level.name);
  const level = named ? named.label : g.level && (g.level.nodes ? `${g.level.nodes} nodes` : `${g.level.movetime_ms} ms`);
  return `you (${g.human}) vs humpty ${level}`;
}

async function drawGameList() {
  const ids = rememberedGames();
  let games = [];
  if (ids.length) {
    try { games = (await api("GET", `/api/games?ids=${ids.join(",")}`)).games; } catch (e) { return; }
  }
  const rows = games.map((g) => {
    const clock = g.clock ? ` · ${g.clock.base_s / 60}+${g.clock.inc_s}` : "";
    const text = `${new Date(g.created).toLocaleString()} · ${opponentText(g)}${clock} · ${g.plies} plies · ${g.result}`;
    return { id: g.id, text, href: `/g/${g.id}`, current: !!ui.game && g.id === ui.game.id };
  });
  fillGameList($("game-list"), rows, (id) => openGame(id).catch((e) => say(e.message, "msg-new")));
}

window.addEventListener("popstate", () => {
  const id = gameIdFromUrl();
  if (id && (!ui.game || ui.game.id !== id)) openGame(id, false).catch((e) => say(e.message, "msg-new"));
});

// The front page reopens the game this browser last showed, while it is
// unfinished: a visit does not make a new game each time. True if it did.
export async function reopenCurrent() {
  const last = rememberedGames()[0];
  if (!last) return false;
  try {
    const state = await api("GET", `/api/games/${last}`);
    if (state.result) return false;
    await openGame(last, true, state);
    return true;
  } catch (e) {
    return false;
  }
}
