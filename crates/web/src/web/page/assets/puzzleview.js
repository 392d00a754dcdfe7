// What both puzzle pages show the same way, the served trainer and the
// static one: the words of each state, the buttons each state allows, the
// themes with their lines, and the rating chart with its axes.

// The words of each state of an attempt (one place for both pages).
export const PUZZLE_WORDS = {
  find: (white) => `Find the best move for ${white ? "White" : "Black"}.`,
  opponent: "Your opponent moves…",
  right: "Right! Keep going…",
  wrong: "That is not the move. Try again, or view the solution.",
  hint: "Move the marked piece.",
  solved: "Solved!",
  solvedWithHelp: "Solved, but not cleanly: a wrong move or a hint came first.",
  solution: "That was the solution.",
};

// A message under the puzzle: "bad" for what went wrong, "ok" for a right
// move, else a plain fact (not in the error red).
export function say(text, kind = "info") {
  const m = document.getElementById("p-message");
  m.textContent = text;
  m.className = "message " + kind;
}

// The buttons of a state: "waiting" (the opponent moves), "solving" or
// "over". Hint and the solution only help while the solver is to move.
export function puzzleButtons(state) {
  const el = (id) => document.getElementById(id);
  for (const id of ["p-hint", "p-solution"]) if (el(id)) el(id).disabled = state !== "solving";
  if (el("p-retry")) el("p-retry").hidden = state !== "over";
  if (el("p-analyse")) el("p-analyse").hidden = state !== "over";
}

// The puzzle's themes by name, each with its line, into `#p-themes`
// (`themes` maps a code to {name, description}; an unknown code is its own
// name). An empty list clears it.
export function showPuzzleThemes(codes, themes) {
  const list = document.getElementById("p-themes");
  list.replaceChildren();
  for (const code of codes) {
    const t = themes[code] ?? { name: code, description: "" };
    const item = document.createElement("li");
    const name = document.createElement("b");
    name.textContent = t.name;
    item.append(name, t.description ? ` — ${t.description}` : "");
    item.dataset.theme = code;
    list.append(item);
  }
  list.hidden = codes.length === 0;
}

// The player's rating and streak, and the chart of `history` (the rating
// after each rated attempt) when it is given.
export function showPuzzleRating({ rating, streak, history }) {
  document.getElementById("p-rating").textContent = Math.round(rating);
  document.getElementById("p-streak").textContent = streak;
  if (history) drawRatingChart(history);
}

// The last attempt's change of rating beside it ("+12", "-8"; null: none).
export function showRatingChange(change) {
  document.getElementById("p-change").textContent = change === null ? "" : change >= 0 ? `+${change}` : `${change}`;
}

// The rating after each rated attempt, on axes: the lowest and highest
// rating on the left, the attempts along the bottom, each point's value on
// hover, the last one written beside it.
function drawRatingChart(history) {
  const svg = document.getElementById("p-plot");
  const h = history.map(Math.round);
  if (h.length === 0) {
    svg.innerHTML = `<text x="150" y="64" text-anchor="middle" class="axis">No rated attempt yet</text>`;
    return;
  }
  const lo = Math.min(...h), hi = Math.max(...h);
  const pad = Math.max(10, (hi - lo) * 0.1);
  const [bottom, top] = [lo - pad, hi + pad];
  const x = (i) => 44 + (h.length === 1 ? 120 : (i / (h.length - 1)) * 240);
  const y = (r) => 100 - ((r - bottom) / (top - bottom)) * 90;
  const pts = h.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`);
  const dots = h.map((r, i) => `<circle cx="${x(i).toFixed(1)}" cy="${y(r).toFixed(1)}" r="3"><title>Attempt ${i + 1}: ${r}</title></circle>`).join("");
  const last = h[h.length - 1];
  svg.innerHTML =
    `<line x1="40" y1="6" x2="40" y2="104" class="axis-line"/><line x1="40" y1="104" x2="292" y2="104" class="axis-line"/>` +
    `<text x="36" y="${y(hi) + 4}" text-anchor="end" class="axis">${hi}</text>` +
    (hi !== lo ? `<text x="36" y="${y(lo) + 4}" text-anchor="end" class="axis">${lo}</text>` : "") +
    `<text x="166" y="118" text-anchor="middle" class="axis">${h.length} rated attempt${h.length === 1 ? "" : "s"}</text>` +
    (h.length > 1 ? `<polyline points="${pts.join(" ")}" fill="none" stroke="currentColor" stroke-width="1.5"/>` : "") +
    dots + `<text x="${Math.min(x(h.length - 1) + 6, 270)}" y="${y(last) - 6}" class="axis value">${last}</text>`;
}
