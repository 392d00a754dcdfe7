// The static board's earlier games, newest first, kept in localStorage
// (at most `KEPT`): the list under the board, and the game taken out of
// it when it is opened again.
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

/** The list in `el`, each game a button that opens it (`open(id)`). */
export function drawGameList(el, open) {
  el.innerHTML = "";
  for (const g of archive()) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.textContent = `${new Date(g.id).toLocaleString()} · ${g.moves.length} plies · ${g.end ? (g.end.reason === "aborted" ? "aborted" : g.end.result) : "*"}`;
    b.onclick = () => open(g.id);
    li.appendChild(b);
    el.appendChild(li);
  }
}
