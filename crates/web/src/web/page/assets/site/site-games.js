// The static board's earlier games, newest first, kept in localStorage
// (at most `KEPT`): the list under the board, and the game taken out of
// it when it is opened again.

import { fillGameList } from "./gamelist.js";

const ARCHIVE = "humpty-site-games";
const KEPT = 50;

/** Every kept game (none if the stored list is unreadable). */
export function archive() {
  try {
    return JSON.parse(localStorage.getItem(ARCHIVE) ?? "[]");
  } catch {
    return [];
  }
}

/** `game` joins the list when another replaces it (an empty one is not kept). */
export function keepGame(game) {
  if (!game || game.moves.length === 0) return;
  const list = archive().filter((g) => g.id !== game.id);
  list.unshift(game);
  localStorage.setItem(ARCHIVE, JSON.stringify(list.slice(0, KEPT)));
}

/** The kept game `id`, out of the list (it is on the board now). */
export function takeGame(id) {
  const g = archive().find((x) => x.id === id);
  if (g) localStorage.setItem(ARCHIVE, JSON.stringify(archive().filter((x) => x.id !== id)));
  return g ?? null;
}

/** The list in `el`, each game opening with `open(id)` (gamelist.js). */
export function listGames(el, open) {
  const rows = archive().map((g) => {
    const result = g.end ? (g.end.reason === "aborted" ? "aborted" : g.end.result) : "*";
    const side = g.human === "w" ? "you (white)" : g.human === "b" ? "you (black)" : "analysis board";
    const clock = g.clock ? ` · ${g.clock.base / 60000}+${g.clock.inc / 1000}` : "";
    return { id: g.id, text: `${new Date(g.id).toLocaleString()} · ${side}${clock} · ${g.moves.length} plies · ${result}` };
  });
  fillGameList(el, rows, open);
}
