// The list of earlier games, the same on both boards: one row per game
// (its date, opponent, clock, length and result), each opening the game.

// Fill `el` with `rows` ([{id, text, href?, current?}]): a row with an
// href is a link (the served board's /g/ID), else a button; `open(id)`
// opens it. No rows: "None yet."
export function fillGameList(el, rows, open) {
  el.innerHTML = "";
  if (!rows.length) { el.innerHTML = "<li class=\"note\">None yet.</li>"; return; }
  for (const row of rows) {
    const li = document.createElement("li");
    const item = document.createElement(row.href ? "a" : "button");
    if (row.href) item.href = row.href;
    item.textContent = row.text;
    if (row.current) item.className = "current";
    item.onclick = (ev) => { ev.preventDefault(); open(row.id); };
    li.appendChild(item);
    el.appendChild(li);
  }
}
