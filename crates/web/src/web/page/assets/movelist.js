// The move list, the same on both boards: one row per move number (White's
// move, then Black's), each move a `.mv` with its ply, its review mark when
// it has one, and the result at the foot.

// The review's judgements, by weight, and their words.
const JUDGEMENT_WORDS = { inaccuracy: "Inaccuracy", mistake: "Mistake", blunder: "Blunder" };
export const JUDGEMENT_KINDS = ["inaccuracy", "mistake", "blunder"];

// The ply (0 or 1) of a side's first move from `startFen`; `side` is "w"
// or "b". Before it, that side has nothing to take back or abort.
export function firstMovePly(startFen, side) {
  return startFen.split(" ")[1] === side ? 0 : 1;
}

// The side to move ("w" or "b") after `plies` moves from `startFen`,
// without a replay.
export function sideAfter(startFen, plies) {
  const first = startFen.split(" ")[1] === "b" ? "b" : "w";
  return plies % 2 === 0 ? first : first === "w" ? "b" : "w";
}

// A game's end in words, for its banner: "1-0 · White resigns: Black
// wins", or "Game aborted" for a game stopped before both sides moved
// (it has no result). `end`: {result, text, reason?}.
export function endWords(end) {
  return end.reason === "aborted" ? end.text : `${end.result} · ${end.text}`;
}

// Fill `list` (#moves). `moves`: [{san, uci, judgement?, mark?, better?}];
// `startFen` gives the first move's number and side; `current` the ply
// shown (null when a variation's move is); `result`: {result, text,
// reason?} once the game is over. A judged move is followed by the
// review's words, as on lichess: "Mistake. Rj1 was best.", the better
// move a link to the position where it was missed (`data-ply`), and
// Black's move then starts a row of its own. `tree` (an analysis board's):
// {variations: {ply: [line]}, node}, the lines that replace each
// main-line move, drawn under it in parentheses, and the variation move
// shown.
export function drawMoveList(list, moves, startFen, current, result, tree) {
  list.innerHTML = "";
  const start = startFen.split(" ");
  let number = parseInt(start[5] || "1", 10) || 1;
  let black = start[1] === "b";
  let li = null;
  moves.forEach((m, i) => {
    if (!li || !black) {
      li = document.createElement("li");
      li.innerHTML = `<span class="num">${number}.</span>`;
      if (black) li.insertAdjacentHTML("beforeend", `<span class="mv empty">…</span>`);
      list.appendChild(li);
    }
    const span = document.createElement("span");
    span.className = "mv" + (i + 1 === current ? " current" : "");
    span.textContent = m.san;
    span.dataset.ply = i + 1;
    span.title = m.uci;
    if (m.judgement) {
      span.classList.add(m.judgement);
      span.dataset.mark = m.mark;
      span.title = `${m.uci}: ${m.judgement}`;
    }
    li.appendChild(span);
    if (m.judgement) {
      list.appendChild(judgementRow(m, i));
      li = null;
    }
    const lines = tree && tree.variations && tree.variations[i + 1];
    if (lines) {
      list.appendChild(variationRow(lines, startFen, i, tree.node));
      li = null;
    }
    if (black) number++;
    black = !black;
  });
  if (result) {
    const end = document.createElement("li");
    end.className = "result";
    end.innerHTML = `<span class="res"></span>`;
    end.firstChild.textContent = result.reason === "aborted" ? "Aborted" : result.result;
    end.title = result.text;
    list.appendChild(end);
  }
  const cur = list.querySelector(".current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
}

// The move number and side of the move at index `k` (0: the first).
function plyLabel(startFen, k) {
  const start = startFen.split(" ");
  const first = parseInt(start[5] || "1", 10) || 1;
  const k2 = start[1] === "b" ? k + 1 : k;
  return { number: first + Math.floor(k2 / 2), black: k2 % 2 === 1 };
}

// The lines that replace the move at index `k`, in parentheses, each
// move a `.mv` with its `data-node`, nested lines inside.
function variationRow(lines, startFen, k, shown) {
  const row = document.createElement("li");
  row.className = "variations";
  for (const line of lines) row.appendChild(variationLine(line, startFen, k, shown));
  return row;
}

function variationLine(line, startFen, k, shown) {
  const box = document.createElement("span");
  box.className = "line";
  box.append("(");
  let numbered = true;
  line.forEach((m, j) => {
    const { number, black } = plyLabel(startFen, k + j);
    if (!black || numbered) box.append(`${number}${black ? "…" : "."}\u00a0`);
    const span = document.createElement("span");
    span.className = "mv" + (m.node === shown ? " current" : "");
    span.textContent = m.san;
    span.dataset.node = m.node;
    span.title = m.uci;
    box.append(span, " ");
    numbered = false;
    for (const sub of m.lines || []) {
      box.append(variationLine(sub, startFen, k + j, shown), " ");
      numbered = true;
    }
  });
  box.lastChild.remove();
  box.append(")");
  return box;
}

// The review's words under the judged move at index `i`.
function judgementRow(m, i) {
  const row = document.createElement("li");
  row.className = `comment ${m.judgement}`;
  row.dataset.move = i + 1;
  row.append(`${JUDGEMENT_WORDS[m.judgement] || m.judgement}.`);
  if (m.better) {
    const b = document.createElement("button");
    b.className = "better";
    b.dataset.ply = i;
    b.textContent = m.better;
    b.title = "Go to the position where it was missed";
    row.append(" ", b, " was best.");
  }
  return row;
}
